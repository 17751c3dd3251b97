/* Fused RmsNorm + dynamic MX quant launches; see rms_norm_mx_plan.h. */
#include <stddef.h>

#include "norm_rows_plan.h"
#include "norm_static_quant_args.h"
#include "quant_plan.h"
#include "rms_norm_mx_plan.h"

aclnnStatus rms_mx_launch(aclOpExecutor *ex, const aclTensor *x1, const aclTensor *x2, const aclTensor *gamma,
                          const aclTensor *beta, double epsilon, int64_t scaleAlg, int32_t round,
                          const aclTensor *yOut, const aclTensor *xOut, const aclTensor *mxscaleOut,
                          const aclTensor *rstdOut)
{
    int64_t numel = aclemu_tensor_numel(x1);
    uint32_t nd = x1->ndim;
    int64_t n = x1->shape[nd - 1];
    if (numel == 0 || n == 0)
        return ACLNN_SUCCESS;
    int64_t rows = numel / n;
    /* the normalised rows in x's dtype, contiguous, in the workspace */
    uint64_t yn_ws = aclemu_exec_alloc_workspace(ex, (uint64_t)numel * aclemu_dtype_size(x1->dtype));
    aclTensor *yn = aclCreateTensor(x1->shape, nd, x1->dtype, NULL, 0, ACL_FORMAT_ND, x1->shape, nd,
                                    (void *)(uintptr_t)64);
    if (!yn)
        return ACLNN_ERR_INNER;
    norm_static_quant_args a = {0};
    a.rms = 1;
    a.scale_n = 1;
    const nr_operand ops[] = {{x1, 0, offsetof(norm_static_quant_args, x1), NULL, 0},
                              {x2, 0, offsetof(norm_static_quant_args, x2), NULL, 0},
                              {gamma, 0, offsetof(norm_static_quant_args, gamma), NULL, 0},
                              {beta, 0, offsetof(norm_static_quant_args, beta), NULL, 0},
                              {xOut, 1, offsetof(norm_static_quant_args, xout), NULL, 0},
                              {rstdOut, 1, offsetof(norm_static_quant_args, rstd), NULL, 0},
                              {yn, 1, offsetof(norm_static_quant_args, yn), NULL, yn_ws + 1}};
    /* the kernel's epsilon is the FP32 attribute */
    aclnnStatus st = nr_launch(ex, "NormStaticQuant", &a, sizeof a, rows, n, (double)(float)epsilon, ops, 7);
    if (!st)
        st = quant_mx_launch_ws(ex, yn, yn_ws, (int64_t)nd - 1, round, 32, scaleAlg, yOut, mxscaleOut);
    aclDestroyTensor(yn);
    return st;
}
