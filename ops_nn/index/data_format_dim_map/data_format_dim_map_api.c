/* aclnnDataFormatDimMap (ops-nn experimental/index/data_format_dim_map/op_api), checks in its
 * order: null x, y (161001), null srcFormat / dstFormat (161001) -> y of x's dtype, x INT32 /
 * INT64 (161002) -> no private format (161002) -> ranks <= 8 (161002) -> an empty x runs
 * nothing -> the host tiling (561002): srcFormat of 1 to 5 letters, dstFormat as long, every
 * letter of srcFormat in dstFormat. y of another shape than x fails the final ViewCopy
 * (ACLNN_ERR_INNER_NULLPTR, 561103). Only the 950 has a kernel (361001). */
#include <string.h>

#include "aclemu_plans.h"
#include "data_format_dim_map_args.h"

#define DFDM_TILING_ERROR(api, ...) aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_PARAM, api, __VA_ARGS__)

aclnnStatus aclemu_plan_DataFormatDimMap(aclOpExecutor *executor, const aclTensor *x, const char *srcFormat,
                                         const char *dstFormat, const aclTensor *y)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, y, "y")) ||
        (st = aclemu_check_notnull(api, srcFormat, "srcFormat")) || (st = aclemu_check_notnull(api, dstFormat, "dstFormat")))
        return st;
    if ((st = aclemu_check_same_dtype(api, x, "x", y, "y")) ||
        (st = aclemu_check_dtype(api, x, "x", ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64))))
        return st;
    if ((st = aclemu_check_format(api, x, "x")) || (st = aclemu_check_format(api, y, "y")))
        return st;
    if ((st = aclemu_check_shape(api, x, "x", 8)) || (st = aclemu_check_shape(api, y, "y", 8)))
        return st;
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    size_t n = strlen(srcFormat);
    if (n < 1 || n > DFDM_MAX_LEN)
        return DFDM_TILING_ERROR(api, "Invalid formatLen: %zu (srcFormat should have 1 to %d letters).", n, DFDM_MAX_LEN);
    if (strlen(dstFormat) != n)
        return DFDM_TILING_ERROR(api, "src_format and dst_format length mismatch.");
    int32_t table[DFDM_MAX_LEN];
    for (size_t i = 0; i < n; i++) {
        const char *f = memchr(dstFormat, srcFormat[i], n);
        if (!f)
            return DFDM_TILING_ERROR(api, "srcFormat[%zu]='%c' not found in dstFormat.", i, srcFormat[i]);
        table[i] = (int32_t)(f - dstFormat);
    }
    char s0[256], s1[256];
    if (x->ndim != y->ndim || memcmp(x->shape, y->shape, x->ndim * sizeof(int64_t)))
        return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_INNER, api, "y shape %s should be x shape %s.",
                               aclemu_shape_str(y->shape, y->ndim, s0, sizeof s0), aclemu_shape_str(x->shape, x->ndim, s1, sizeof s1));
    const aclTensor *in[1] = {x};
    dfdm_args *a = aclemu_ew_launch(executor, "DataFormatDimMap", sizeof *a, y, in, 1, &st);
    if (!a)
        return st;
    a->n = (int32_t)n;
    memcpy(a->table, table, n * sizeof(int32_t));
    return ACLNN_SUCCESS;
}
