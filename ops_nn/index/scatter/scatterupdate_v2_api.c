/* aclnnScatterupdateV2 (ops-nn experimental/index/scatterupdate_v2; the aclnn is generated from
 * the op definition, kernel for ascend910b only). Checks: null input / indices / updates /
 * output (161001); no kernel off the A2 (361001); the definition's dtypes (161002): input,
 * updates and output one of FLOAT, INT32, UINT32, INT64, UINT64, FLOAT16, INT16, UINT16, BF16,
 * INT8, UINT8, indices INT32; ND. Tiling (561002): updates at least 1-D with rows. Beyond the
 * real tiling (its kernel would read or write out of bounds): output must have input's shape
 * (the kernel writes input's element count into output) and updates must have a row per index.
 * An empty input / indices succeeds with nothing launched. */
#include "aclemu_plans.h"
#include "scatterupdate_v2_args.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define TILING ACLNN_ERR_INNER_TILING_ERROR

aclnnStatus aclemu_plan_ScatterupdateV2(aclOpExecutor *executor, const aclTensor *input, const aclTensor *indices,
                                        const aclTensor *updates, const aclTensor *output)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, input, "input")) || (st = aclemu_check_notnull(api, indices, "indices")) ||
        (st = aclemu_check_notnull(api, updates, "updates")) || (st = aclemu_check_notnull(api, output, "output")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_A2))))
        return st;
    const aclemu_dtype_set dts = DT(FLOAT) | DT(INT32) | DT(UINT32) | DT(INT64) | DT(UINT64) | DT(FLOAT16) | DT(INT16) |
                                 DT(UINT16) | DT(BF16) | DT(INT8) | DT(UINT8);
    if ((st = aclemu_check_dtype(api, input, "input", dts)) || (st = aclemu_check_dtype(api, indices, "indices", DT(INT32))) ||
        (st = aclemu_check_same_dtype(api, input, "input", updates, "updates")) ||
        (st = aclemu_check_same_dtype(api, input, "input", output, "output")))
        return st;
    if ((st = aclemu_check_format(api, input, "input")) || (st = aclemu_check_format(api, indices, "indices")) ||
        (st = aclemu_check_format(api, updates, "updates")) || (st = aclemu_check_format(api, output, "output")) ||
        (st = aclemu_check_shape(api, input, "input", 8)) || (st = aclemu_check_shape(api, indices, "indices", 8)) ||
        (st = aclemu_check_shape(api, updates, "updates", 8)) || (st = aclemu_check_shape(api, output, "output", 8)))
        return st;
    const int64_t total = aclemu_tensor_numel(input), nidx = aclemu_tensor_numel(indices);
    if (total == 0 || nidx == 0)
        return ACLNN_SUCCESS;
    if (updates->ndim == 0 || updates->shape[0] == 0)
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "updates should have at least one row.");
    char s1[96], s2[96];
    int same = input->ndim == output->ndim;
    for (uint32_t d = 0; same && d < input->ndim; d++)
        same = input->shape[d] == output->shape[d];
    if (!same)
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "output shape %s should be input shape %s.",
                               aclemu_shape_str(output->shape, output->ndim, s1, sizeof s1),
                               aclemu_shape_str(input->shape, input->ndim, s2, sizeof s2));
    if (updates->shape[0] < nidx)
        return aclemu_op_error(TILING, ACLEMU_ERRCODE_PARAM, api, "updates has %lld rows for %lld indices.",
                               (long long)updates->shape[0], (long long)nidx);
    uint32_t blocks;
    uint64_t per;
    aclemu_tile_1d((uint64_t)total, aclemu_vector_core_num(aclemu_op_profile()), 4096, 1, &blocks, &per);
    scatterupdate_v2_args *a = aclemu_exec_add_launch(executor, "ScatterupdateV2", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_tdesc(executor, a, &a->output, output)) || (st = aclemu_exec_tdesc(executor, a, &a->indices, indices)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->updates, updates)))
        return st;
    a->total = total;
    a->row = aclemu_tensor_numel(updates) / updates->shape[0];
    a->nidx = nidx;
    a->per_block = (int64_t)per;
    return ACLNN_SUCCESS;
}
