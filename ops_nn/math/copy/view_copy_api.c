/* aclnnViewCopy (real experimental/conversion/view_copy op_api + tiling): checks in the real
 * order, then dst -> dst_out (the InplaceCopy kernel "ViewCopy") and the strided view write
 * ("ViewCopyStrided", which reads the metadata tensors on the device). Kernel for A2 only. */
#include "aclemu_plans.h"
#include "view_copy_args.h"

#define VC_DATA_DTYPES                                                                              \
    (ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_INT8) |     \
     ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_UINT16) | ACLEMU_DT(ACL_INT32) |    \
     ACLEMU_DT(ACL_UINT32) | ACLEMU_DT(ACL_BOOL) | ACLEMU_DT(ACL_INT64))
#define VC_META_DTYPES (ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64))

static aclnnStatus vc_meta_numel(const char *api, const aclTensor *t, int64_t want, const char *name)
{
    int64_t n = aclemu_tensor_numel(t);
    if (n != want)
        return ACLEMU_PARAM_ERROR(api, "%s numel must be %lld, but got %lld.", name, (long long)want, (long long)n);
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_ViewCopy(aclOpExecutor *executor, const aclTensor *dst, const aclTensor *dst_size,
                                 const aclTensor *dst_stride, const aclTensor *dst_storage_offset,
                                 const aclTensor *src, const aclTensor *src_size, const aclTensor *src_stride,
                                 const aclTensor *src_storage_offset, const aclTensor *dst_out)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *meta[VC_META] = {dst_size, dst_stride, dst_storage_offset, src_size, src_stride, src_storage_offset};
    static const char *const mname[VC_META] = {"dst_size", "dst_stride", "dst_storage_offset",
                                               "src_size", "src_stride", "src_storage_offset"};
    aclnnStatus st;
    /* null: dst, the dst metadata, src, the src metadata, dst_out (the parameter order) */
    const aclTensor *all[9] = {dst, dst_size, dst_stride, dst_storage_offset, src, src_size, src_stride,
                               src_storage_offset, dst_out};
    static const char *const aname[9] = {"dst", "dst_size", "dst_stride", "dst_storage_offset", "src", "src_size",
                                         "src_stride", "src_storage_offset", "dst_out"};
    for (int i = 0; i < 9; i++)
        if ((st = aclemu_check_notnull(api, all[i], aname[i])))
            return st;
    if ((st = aclemu_check_dtype(api, dst, "dst", VC_DATA_DTYPES)) || (st = aclemu_check_dtype(api, src, "src", VC_DATA_DTYPES)) ||
        (st = aclemu_check_dtype(api, dst_out, "dst_out", VC_DATA_DTYPES)))
        return st;
    if (dst->dtype != src->dtype || dst->dtype != dst_out->dtype)
        return ACLEMU_PARAM_ERROR(api, "dst, src and dst output must have the same dtype.");
    for (int i = 0; i < VC_META; i++)
        if ((st = aclemu_check_dtype(api, meta[i], mname[i], VC_META_DTYPES)))
            return st;
    for (int i = 1; i < VC_META; i++)
        if (meta[i]->dtype != dst_size->dtype)
            return ACLEMU_PARAM_ERROR(api, "All ViewCopy metadata tensors must have the same dtype.");
    if ((st = aclemu_check_shape(api, dst, "dst", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, dst_out, "dst_out", ACLEMU_MAX_RANK)))
        return st;
    int same = dst->ndim == dst_out->ndim;
    for (uint32_t d = 0; same && d < dst->ndim; d++)
        same = dst->shape[d] == dst_out->shape[d];
    if (!same)
        return ACLEMU_PARAM_ERROR(api, "dst input and dst output must have the same shape.");
    int64_t rank = aclemu_tensor_numel(dst_size);
    if (rank <= 0 || rank > ACLEMU_MAX_RANK)
        return ACLEMU_PARAM_ERROR(api, "ViewCopy rank must be in [1, 8], but got %lld.", (long long)rank);
    if ((st = vc_meta_numel(api, dst_stride, rank, "dst_stride")) || (st = vc_meta_numel(api, src_size, rank, "src_size")) ||
        (st = vc_meta_numel(api, src_stride, rank, "src_stride")) ||
        (st = vc_meta_numel(api, dst_storage_offset, 1, "dst_storage_offset")) ||
        (st = vc_meta_numel(api, src_storage_offset, 1, "src_storage_offset")))
        return st;
    if (aclemu_tensor_numel(dst) == 0 || aclemu_tensor_numel(src) == 0 || aclemu_tensor_numel(dst_out) == 0)
        return ACLNN_SUCCESS; /* the real op records nothing: workspace 0 */
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_A2))))
        return st;
    /* the tiling reads every storage and metadata shape as 1..8 dims: 0-d tensors fail it */
    const aclTensor *ranked[3] = {dst_out, src, dst_size};
    static const char *const rname[3] = {"output storage size", "src storage size", "view rank"};
    for (int i = 0; i < 3; i++)
        if (ranked[i]->ndim == 0)
            return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api,
                                   "Failed to get ViewCopy %s.", rname[i]);
    for (int i = 1; i < VC_META; i++)
        if (meta[i]->ndim == 0)
            return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api, "Failed to get %s shape.",
                                   mname[i]);
    if (dst != dst_out) {
        const aclTensor *in[1] = {dst};
        aclemu_ew_launch(executor, "ViewCopy", sizeof(aclemu_ew), dst_out, in, 1, &st);
        if (st)
            return st;
    }
    uint32_t bd = aclemu_vector_core_num(aclemu_op_profile());
    if (bd < 1)
        bd = 1;
    view_copy_args *a = (view_copy_args *)aclemu_exec_add_launch(executor, "ViewCopyStrided", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->rank = (uint32_t)rank;
    if ((st = aclemu_exec_tdesc(executor, a, &a->out, dst_out)) || (st = aclemu_exec_tdesc(executor, a, &a->src, src)))
        return st;
    for (int i = 0; i < VC_META; i++)
        if ((st = aclemu_exec_tdesc(executor, a, &a->meta[i], meta[i])))
            return st;
    return ACLNN_SUCCESS;
}
