/* SigmoidGradComplex kernel: gradInput = gradOutput * conj(output * (1 - output)) for COMPLEX64 /
 * COMPLEX128 (the conjugate, as PyTorch's sigmoid_backward defines it for complex), operands of
 * any complex or real dtype broadcast to gradInput, computed in double complex. */
#include <complex.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu_op/kargs.h"
#include "aclemu_op/complex_io.h"
#include "aclemu_op/kernel_util.h"

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
            double complex g = aclemu_load_c(p[1] + i * it.inner_stride[1], gdt), y = aclemu_load_c(p[2] + i * it.inner_stride[2], ydt);
            aclemu_store_c(p[0] + i * it.inner_stride[0], odt, g * conj(y * (1.0 - y)));
        }
    return 0;
}

ACLEMU_KERNEL("SigmoidGradComplex", sigmoid_grad_complex_kernel);
