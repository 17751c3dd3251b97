/* aclnnSoftmaxBackward: FLOAT, FLOAT16, BF16 (BF16 on A2/A3/950); output of gradOutput's dtype;
 * out castable from it. Real order: null, dtypes, dim, shapes (rank <= 8, all equal). */
#include "aclemu_plans.h"
#include "act_plan.h"
#include "nn_check.h"

aclnnStatus aclemu_plan_SoftmaxBackward(aclOpExecutor *executor, const aclTensor *gradOutput,
                                        const aclTensor *output, int64_t dim, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) ||
        (st = aclemu_check_notnull(api, output, "output")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", ACT_FLOATS)) ||
        (st = aclemu_check_dtype(api, output, "output", ACT_FLOATS)) ||
        (st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", output, "output")) ||
        (st = aclemu_check_dtype(api, out, "out", ACT_FLOATS)) ||
        (st = aclemu_check_can_cast(api, gradOutput->dtype, out, "out")))
        return st;
    uint32_t d;
    if ((st = act_check_dim(api, dim, gradOutput->ndim, &d)))
        return st;
    if ((st = aclemu_check_format(api, gradOutput, "gradOutput")) || (st = aclemu_check_format(api, output, "output")) ||
        (st = aclemu_check_format(api, out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, gradOutput, "gradOutput", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, output, "output", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, gradOutput, "gradOutput", output, "output")) ||
        (st = aclemu_check_same_shape(api, gradOutput, "gradOutput", out, "out")))
        return st;
    return act_launch_rows(executor, "SoftmaxGrad", ACT_ROW_SOFTMAX_BWD, out, gradOutput, output, d);
}

/* aclnnSoftmaxGrad (experimental/loss/softmax_grad; generated aclnn, an ascend910b kernel only):
 * nulls (161001) -> the chip -> y's dtype FLOAT / FLOAT16 / BF16, dy and dx of y's dtype (161002)
 * -> ND formats -> the tiling's refusals (561002): y of rank < 2 (its tiling takes N = dim 0 and
 * C = dim 1 only, so a rank above 2 would leave the rest unread: refused here too), N or C of 0,
 * a row (C rounded up to 32 bytes) larger than its UB share (UB / 32 B blocks split in 6 for
 * FLOAT, 9 for the 16-bit types), dy / dx of another shape than y. */
aclnnStatus aclemu_plan_SoftmaxGrad(aclOpExecutor *executor, const aclTensor *y, const aclTensor *dy,
                                    const aclTensor *dx)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *ts[] = {y, dy, dx};
    const char *ns[] = {"y", "dy", "dx"};
    aclnnStatus st;
    for (int i = 0; i < 3; i++)
        if ((st = aclemu_check_notnull(api, ts[i], ns[i])))
            return st;
    if ((st = nn_chip_gate(api, NN_CHIP(ACLEMU_FAMILY_A2))) || (st = aclemu_check_dtype(api, y, "y", ACT_FLOATS)))
        return st;
    for (int i = 1; i < 3; i++)
        if ((st = aclemu_check_same_dtype(api, y, "y", ts[i], ns[i])))
            return st;
    for (int i = 0; i < 3; i++)
        if ((st = aclemu_check_format(api, ts[i], ns[i])) || (st = aclemu_check_shape(api, ts[i], ns[i], ACLEMU_MAX_RANK)))
            return st;
#define TILING_ERROR(...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)
    if (y->ndim < 2)
        return TILING_ERROR("y shape dim num %u < 2.", y->ndim);
    if (y->ndim > 2)
        return TILING_ERROR("y of rank %u: the kernel takes rows of dim 1 over dim 0 only (rank 2).", y->ndim);
    int64_t n = y->shape[0], c = y->shape[1];
    if (n == 0 || c == 0)
        return TILING_ERROR("N or C is 0.");
    uint64_t esize = y->dtype == ACL_FLOAT ? 4 : 2, align = 32 / esize;
    uint64_t blocks = aclemu_op_profile()->ub_size / 32 / (y->dtype == ACL_FLOAT ? 6 : 9);
    uint64_t part = blocks * 32 / esize, padded = ((uint64_t)c + align - 1) / align * align;
    if (padded > part)
        return TILING_ERROR("CPadded(%llu) > ubPartDataNum(%llu), row does not fit in UB", (unsigned long long)padded,
                            (unsigned long long)part);
    for (int i = 1; i < 3; i++)
        if (ts[i]->ndim != 2 || ts[i]->shape[0] != n || ts[i]->shape[1] != c)
            return TILING_ERROR("%s shape should be the same as y shape [%lld, %lld].", ns[i], (long long)n,
                                (long long)c);
#undef TILING_ERROR
    return act_launch_rows(executor, "SoftmaxGrad", ACT_ROW_SOFTMAX_BWD, dx, dy, y, 1);
}
