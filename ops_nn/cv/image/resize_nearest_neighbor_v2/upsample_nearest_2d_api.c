/* aclnnUpsampleNearest2d (ops-cv image/resize_nearest_neighbor_v2, aclnn_upsample_nearest_2d.cpp),
 * in the real order: null self / outputSize / out; self dtype FLOAT16, FLOAT, DOUBLE, UINT8
 * (+ BF16 on A2/A3 and 950); out dtype == self dtype; outputSize of 2, self 4-d, H, W and both
 * output sizes non-zero, C non-zero; storage format NCHW or NHWC (ND is refused) and equal for
 * self and out; N and C equal; out's H, W == outputSize; sizes <= INT32_MAX off the 950.
 * An empty N gives an empty launch list. */
#include "aclemu_plans.h"
#include "upsample_nearest_args.h"

static aclemu_dtype_set dtypes(void)
{
    aclemu_dtype_set d = ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_DOUBLE) | ACLEMU_DT(ACL_UINT8);
    int fam = aclemu_op_profile()->family;
    if (fam == ACLEMU_FAMILY_A2 || fam == ACLEMU_FAMILY_A3 || fam == ACLEMU_FAMILY_950)
        d |= ACLEMU_DT(ACL_BF16);
    return d;
}

/* t's dim i of its (N, C, H, W) order: NHWC storage keeps C last. */
static int64_t nchw_dim(const aclTensor *t, int i)
{
    static const int from_nhwc[4] = {0, 3, 1, 2};
    return t->shape[t->format == ACL_FORMAT_NHWC ? from_nhwc[i] : i];
}

/* The descriptor of an NHWC view reordered to (N, C, H, W), so the kernel sees one layout. */
static void nchw_desc(aclemu_tdesc *d, aclFormat f)
{
    if (f != ACL_FORMAT_NHWC)
        return;
    aclemu_tdesc c = *d;
    static const int from_nhwc[4] = {0, 3, 1, 2};
    for (int i = 0; i < 4; i++) {
        d->shape[i] = c.shape[from_nhwc[i]];
        d->stride[i] = c.stride[from_nhwc[i]];
    }
}

aclnnStatus aclemu_plan_UpsampleNearest2d(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *outputSize,
                                          aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, outputSize, "outputSize")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", dtypes())) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if (outputSize->size != 2)
        return ACLEMU_PARAM_ERROR(api, "It is expected output size equals to 2, but got size %llu.",
                                  (unsigned long long)outputSize->size);
    if (self->ndim != 4)
        return ACLEMU_PARAM_ERROR(api, "It is expected input size equals to 4, but got size %u.", self->ndim);
    const int64_t *os = outputSize->data;
    if (self->shape[2] == 0 || self->shape[3] == 0 || os[0] == 0 || os[1] == 0)
        return ACLEMU_PARAM_ERROR(api,
                                  "Input and output sizes should be greater than 0, but got input (H: %lld, W: %lld) "
                                  "output (H: %lld, W: %lld).",
                                  (long long)self->shape[2], (long long)self->shape[3], (long long)os[0],
                                  (long long)os[1]);
    if (self->shape[1] == 0) {
        char b[160];
        return ACLEMU_PARAM_ERROR(api, "Non-empty 4D data tensor expected but got a tensor with size %s.",
                                  aclemu_shape_str(self->shape, self->ndim, b, sizeof b));
    }
    if (self->format != ACL_FORMAT_NCHW && self->format != ACL_FORMAT_NHWC)
        return ACLEMU_PARAM_ERROR(api, "Do not support this format [%s] of input.",
                                  aclemu_format_name(self->format));
    if (out->format != self->format)
        return ACLEMU_PARAM_ERROR(api, "Format of input and output should be equal, self [%s], out [%s].",
                                  aclemu_format_name(self->format), aclemu_format_name(out->format));
    if (out->ndim != 4) {
        char b[160];
        return ACLEMU_PARAM_ERROR(api, "out should be 4-d, but got %s.", aclemu_shape_str(out->shape, out->ndim, b, sizeof b));
    }
    if (nchw_dim(self, 0) != nchw_dim(out, 0) || nchw_dim(self, 1) != nchw_dim(out, 1))
        return ACLEMU_PARAM_ERROR(api, "The N and C of self (%lld, %lld) and out (%lld, %lld) should be equal.",
                                  (long long)nchw_dim(self, 0), (long long)nchw_dim(self, 1),
                                  (long long)nchw_dim(out, 0), (long long)nchw_dim(out, 1));
    if (os[0] != nchw_dim(out, 2) || os[1] != nchw_dim(out, 3))
        return ACLEMU_PARAM_ERROR(api, "Expected output size (H: %lld, W: %lld), but got output tensor size (H: %lld, W: %lld).",
                                  (long long)os[0], (long long)os[1], (long long)nchw_dim(out, 2),
                                  (long long)nchw_dim(out, 3));
    if (aclemu_op_profile()->family != ACLEMU_FAMILY_950) {
        for (int i = 0; i < 4; i++)
            if (self->shape[i] > INT32_MAX || out->shape[i] > INT32_MAX) {
                const aclTensor *t = self->shape[i] > INT32_MAX ? self : out;
                return ACLEMU_PARAM_ERROR(api, "%s sizes should not be greater than %d, but got %s(%lld, %lld, %lld, %lld)",
                                          t == self ? "Self" : "Out", INT32_MAX, t == self ? "self" : "out",
                                          (long long)t->shape[0], (long long)t->shape[1], (long long)t->shape[2],
                                          (long long)t->shape[3]);
            }
    }
    if (aclemu_tensor_numel(self) == 0 || aclemu_tensor_numel(out) == 0)
        return ACLNN_SUCCESS;
    /* each size is <= INT32_MAX here or the product was bounded by the tensor checks */
    uint64_t rows = (uint64_t)nchw_dim(out, 0) * (uint64_t)nchw_dim(out, 1) * (uint64_t)nchw_dim(out, 2);
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    uint64_t per = (rows + cores - 1) / cores;
    uint32_t blocks = (uint32_t)((rows + per - 1) / per);
    upsample_nearest_args *a = aclemu_exec_add_launch(executor, "ResizeNearestNeighborV2", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_tdesc(executor, a, &a->x, self)) || (st = aclemu_exec_tdesc(executor, a, &a->y, out)))
        return st;
    nchw_desc(&a->x, self->format);
    nchw_desc(&a->y, out->format);
    a->scale_h = (float)a->x.shape[2] / (float)a->y.shape[2];
    a->scale_w = (float)a->x.shape[3] / (float)a->y.shape[3];
    a->rows = rows;
    a->rows_per_block = per;
    return ACLNN_SUCCESS;
}
