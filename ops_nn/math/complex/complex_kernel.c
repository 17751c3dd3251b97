/* Device side of the complex family, elementwise in double complex: Complex (re, im) -> z;
 * Real z -> re (a real input passes through); Polar (r, theta) -> r cos theta + i r sin theta;
 * AngleV2 -> atan2(im, re) for complex, and for real x: 0 for x >= 0 (and +-0), pi for x < 0,
 * NaN for NaN, as torch.angle. COMPLEX32 is a pair of FLOAT16. */
#include <complex.h>
#include <math.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/complex_io.h"
#include "aclemu_op/kernel_util.h"
#include "complex_args.h"

static double angle_of_real(double x) { return isnan(x) ? x : x < 0 ? M_PI : 0.0; }

static int k_complex(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(complex_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const complex_args *a = (const complex_args *)args;
    const aclemu_ew *ew = &a->ew;
    int nin = a->op == CX_COMPLEX || a->op == CX_POLAR ? 2 : 1;
    if (a->op < 0 || a->op >= CX_OP_COUNT || (int)ew->nops != nin + 1) return ACLEMU_KERNEL_BAD_ARGS;
    const int32_t odt = ew->op[0].dtype, xdt = ew->op[1].dtype, ydt = nin > 1 ? ew->op[2].dtype : 0;
    uint64_t s, e;
    aclemu_block_range(ew->numel, ew->per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, ew, s, e);
    char *p[3];
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0)
        for (int64_t i = 0; i < n; i++) {
            double complex x = aclemu_load_c(p[1] + i * it.inner_stride[1], xdt), z;
            switch (a->op) {
            case CX_COMPLEX: z = CMPLX(creal(x), creal(aclemu_load_c(p[2] + i * it.inner_stride[2], ydt))); break;
            case CX_REAL: z = CMPLX(creal(x), 0.0); break;
            case CX_POLAR: {
                double th = creal(aclemu_load_c(p[2] + i * it.inner_stride[2], ydt));
                z = CMPLX(creal(x) * cos(th), creal(x) * sin(th));
                break;
            }
            default: z = aclemu_is_complex(xdt) ? carg(x) : angle_of_real(creal(x)); break;
            }
            aclemu_store_c(p[0] + i * it.inner_stride[0], odt, z);
        }
    return 0;
}
ACLEMU_KERNEL("ComplexFamily", k_complex);
