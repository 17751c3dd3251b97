/* aclnnExpSegsum / aclnnExpSegsumBackward (ops-math math/segsum, math/exp_segsum_grad; their
 * op_host/op_api sources): an empty input returns before any other check there (only the null
 * pointer it would dereference is refused here); then null, dtypes (FLOAT16 / FLOAT / BF16; out
 * / gradInput of the input's / gradOutput's dtype), shapes, ND formats. Kernels for A2 / A3 /
 * 950 (the backward's op definition configures the 950 too, its doc page lists it as
 * unsupported); other chips pass the checks and have no kernel (361001). */
#include "aclemu_plans.h"
#include "segsum_args.h"

#define SEG_DTYPES (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_BF16))

static int is_empty(const aclTensor *t)
{
    for (uint32_t i = 0; i < t->ndim; i++)
        if (t->shape[i] == 0)
            return 1;
    return 0;
}

static int64_t batches_of(const aclTensor *t, uint32_t keep)
{
    int64_t b = 1;
    for (uint32_t i = 0; i + keep < t->ndim; i++)
        b *= t->shape[i];
    return b;
}

aclnnStatus aclemu_plan_ExpSegsum(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")))
        return st;
    if (is_empty(self))
        return ACLNN_SUCCESS;
    if ((st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", SEG_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, out, "out", self, "self")))
        return st;
    uint32_t n = self->ndim;
    char a[160], b[160];
    if (n != 3 && n != 4)
        return ACLEMU_PARAM_ERROR(api, "It is expected input size equals to 3 or 4, but got sizes %u.", n);
    if (out->ndim != n + 1)
        return ACLEMU_PARAM_ERROR(api, "It is expected output size is 1 large than input size, but got input size %u, "
                                       "output size %u.", n, out->ndim);
    for (uint32_t i = 0; i < n; i++)
        if (out->shape[i] != self->shape[i])
            return ACLEMU_PARAM_ERROR(api, "It is expected output size equals to input size at index %u , but got input "
                                           "%s, output %s.", i, aclemu_shape_str(self->shape, n, a, sizeof a),
                                      aclemu_shape_str(out->shape, out->ndim, b, sizeof b));
    if (self->shape[n - 1] != out->shape[n])
        return ACLEMU_PARAM_ERROR(api, "It is expected output size at index %u equals to input size at index %u, but "
                                       "got input size %s, output size %s.", n - 1, n,
                                  aclemu_shape_str(self->shape, n, a, sizeof a),
                                  aclemu_shape_str(out->shape, out->ndim, b, sizeof b));
    if (self->format != out->format)
        return ACLEMU_PARAM_ERROR(api, "Format of input and output should be equal, input[%s], out[%s].",
                                  aclemu_format_name(self->format), aclemu_format_name(out->format));
    if (self->format != ACL_FORMAT_ND)
        return ACLEMU_PARAM_ERROR(api, "Input format should be ND. Actual: input[%s].", aclemu_format_name(self->format));
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    int64_t N = self->shape[n - 1], rows = batches_of(self, 1) * N;
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)rows, aclemu_vector_core_num(aclemu_op_profile()), (uint64_t)(4096 / N + 1), 1, &bd, &per);
    segsum_args *g = (segsum_args *)aclemu_exec_add_launch(executor, "ExpSegsum", bd, sizeof(*g));
    if (!g)
        return ACLNN_ERR_INNER;
    g->per_block = (int64_t)per;
    if ((st = aclemu_exec_tdesc(executor, g, &g->x, self)))
        return st;
    return aclemu_exec_tdesc(executor, g, &g->out, out);
}

aclnnStatus aclemu_plan_ExpSegsumBackward(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *gradSelf,
                                          aclTensor *gradInput)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    const aclTensor *ts[3] = {gradOutput, gradSelf, gradInput};
    const char *ns[3] = {"gradOutput", "gradSelf", "gradInput"};
    for (int i = 0; i < 3; i++)
        if ((st = aclemu_check_notnull(api, ts[i], ns[i])))
            return st;
    if (is_empty(gradOutput) || is_empty(gradSelf) || is_empty(gradInput))
        return ACLNN_SUCCESS;
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", SEG_DTYPES)) ||
        (st = aclemu_check_dtype(api, gradSelf, "gradSelf", SEG_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, gradInput, "gradInput", gradOutput, "gradOutput")))
        return st;
    uint32_t n = gradOutput->ndim;
    char a[160], b[160];
    if (n != 4 && n != 5) /* the real message prints gradSelf's rank here */
        return ACLEMU_PARAM_ERROR(api, "It is expected dimNum of gradOutput equals to 4 or 5, but got sizes %u.",
                                  gradSelf->ndim);
    if (gradSelf->ndim != n)
        return ACLEMU_PARAM_ERROR(api, "It is expected dimNum of gradOutput equals to dimNum of gradSelf, but got "
                                       "gradOutput(%u), gradSelf(%u).", n, gradSelf->ndim);
    if (gradInput->ndim + 1 != n)
        return ACLEMU_PARAM_ERROR(api, "It is expected dimNum of gradInput is 1 small than dimNum of gradOutput, but got "
                                       "gradInput(%u), gradOutput(%u).", gradInput->ndim, n);
    if (gradOutput->shape[n - 1] != gradOutput->shape[n - 2])
        return ACLEMU_PARAM_ERROR(api, "It is expected size of the last two dimensions of gradOutput are equal, but got "
                                       "gradOutput: %s.", aclemu_shape_str(gradOutput->shape, n, a, sizeof a));
    for (uint32_t i = 0; i < n; i++)
        if (gradSelf->shape[i] != gradOutput->shape[i])
            return ACLEMU_PARAM_ERROR(api, "It is expected shape of gradSelf equals to shape of gradOutput, but got "
                                           "gradSelf: %s, gradOutput %s.", aclemu_shape_str(gradSelf->shape, n, a, sizeof a),
                                      aclemu_shape_str(gradOutput->shape, n, b, sizeof b));
    for (uint32_t i = 0; i + 1 < n; i++)
        if (gradInput->shape[i] != gradOutput->shape[i])
            return ACLEMU_PARAM_ERROR(api, "It is expected size of gradInput equals to size of gradOutput at index %u , but "
                                           "got gradInput: %s, gradOutput: %s.", i,
                                      aclemu_shape_str(gradInput->shape, n - 1, a, sizeof a),
                                      aclemu_shape_str(gradOutput->shape, n, b, sizeof b));
    if (gradOutput->format != ACL_FORMAT_ND)
        return ACLEMU_PARAM_ERROR(api, "It is expected format of gradOutput is ND, but got gradOutput[%s].",
                                  aclemu_format_name(gradOutput->format));
    for (int i = 1; i < 3; i++)
        if (ts[i]->format != gradOutput->format)
            return ACLEMU_PARAM_ERROR(api, "It is expected format of %s equals to format of gradOutput, but %s[%s], "
                                           "gradOutput[%s].", ns[i], ns[i], aclemu_format_name(ts[i]->format),
                                      aclemu_format_name(gradOutput->format));
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    int64_t N = gradOutput->shape[n - 1], B = batches_of(gradInput, 1);
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)B, aclemu_vector_core_num(aclemu_op_profile()), (uint64_t)(65536 / (N * N) + 1), 1, &bd,
                   &per);
    uint64_t ws = aclemu_exec_alloc_workspace(executor, (uint64_t)bd * (uint64_t)N * sizeof(double));
    segsum_args *g = (segsum_args *)aclemu_exec_add_launch(executor, "ExpSegsum", bd, sizeof(*g));
    if (!g)
        return ACLNN_ERR_INNER;
    g->backward = 1;
    g->per_block = (int64_t)per;
    if ((st = aclemu_exec_tdesc(executor, g, &g->g, gradOutput)) || (st = aclemu_exec_tdesc(executor, g, &g->y, gradSelf)) ||
        (st = aclemu_exec_tdesc(executor, g, &g->gin, gradInput)))
        return st;
    return aclemu_exec_bind_workspace(executor, g, &g->scratch, ws);
}
