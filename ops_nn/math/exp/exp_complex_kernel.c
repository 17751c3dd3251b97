/* ExpComplex kernel: out = e^self for COMPLEX64 / COMPLEX128 (C99 cexp: e^re (cos im + i sin im)),
 * computed in double complex and stored in out's complex dtype. */
#include <complex.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu_op/kargs.h"
#include "aclemu_op/complex_io.h"
#include "aclemu_op/kernel_util.h"

static int exp_complex_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(aclemu_ew))
        return ACLEMU_KERNEL_BAD_ARGS;
    const aclemu_ew *ew = (const aclemu_ew *)args;
    const int32_t odt = ew->op[0].dtype, xdt = ew->op[1].dtype;
    uint64_t s, e;
    aclemu_block_range(ew->numel, ew->per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, ew, s, e);
    char *p[2];
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0)
        for (int64_t i = 0; i < n; i++) {
            double complex z = cexp(aclemu_load_c(p[1] + i * it.inner_stride[1], xdt));
            if (xdt == ACL_COMPLEX64) /* computed in the input's precision */
                z = CMPLX((float)creal(z), (float)cimag(z));
            aclemu_store_c(p[0] + i * it.inner_stride[0], odt, z);
        }
    return 0;
}

ACLEMU_KERNEL("ExpComplex", exp_complex_kernel);
