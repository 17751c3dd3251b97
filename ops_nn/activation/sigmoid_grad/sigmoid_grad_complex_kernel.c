/* SigmoidGradComplex kernel: gradInput = gradOutput * conj(output * (1 - output)) for COMPLEX64 /
 * COMPLEX128 (the conjugate, as PyTorch's sigmoid_backward defines it for complex), operands of
 * any complex or real dtype broadcast to gradInput, computed in double complex. */
#include <complex.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu_op/kargs.h"
#include "aclemu_op/kernel_util.h"

static double complex load1(const char *p, int32_t dt)
{
    if (dt == ACL_COMPLEX64) {
        float v[2];
        memcpy(v, p, sizeof v);
        return CMPLX(v[0], v[1]);
    }
    if (dt == ACL_COMPLEX128) {
        double v[2];
        memcpy(v, p, sizeof v);
        return CMPLX(v[0], v[1]);
    }
    double re;
    aclemu_load_f64(&re, p, dt, 0, 1);
    return CMPLX(re, 0.0);
}

static void store1(char *p, int32_t dt, double complex z)
{
    if (dt == ACL_COMPLEX64) {
        float v[2] = {(float)creal(z), (float)cimag(z)};
        memcpy(p, v, sizeof v);
    } else {
        double v[2] = {creal(z), cimag(z)};
        memcpy(p, v, sizeof v);
    }
}

static int sigmoid_grad_complex_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(aclemu_ew))
        return ACLEMU_KERNEL_BAD_ARGS;
    const aclemu_ew *ew = (const aclemu_ew *)args;
    const int32_t odt = ew->op[0].dtype, gdt = ew->op[1].dtype, ydt = ew->op[2].dtype;
    uint64_t s, e;
    aclemu_block_range(ew->numel, ew->per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, ew, s, e);
    char *p[3];
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0)
        for (int64_t i = 0; i < n; i++) {
            double complex g = load1(p[1] + i * it.inner_stride[1], gdt), y = load1(p[2] + i * it.inner_stride[2], ydt);
            store1(p[0] + i * it.inner_stride[0], odt, g * conj(y * (1.0 - y)));
        }
    return 0;
}

ACLEMU_KERNEL("SigmoidGradComplex", sigmoid_grad_complex_kernel);
