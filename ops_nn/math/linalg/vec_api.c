/* Planners of Dot, Trace and LinalgCross, with the checks of the real op_api sources of
 * hicann/ops-math: math/dot/op_api/aclnn_dot.cpp, math/trace/op_api/aclnn_trace.cpp,
 * math/cross/op_api/aclnn_linalg_cross.cpp. BF16 is in the lists of A2/A3/950 only (the
 * per-chip rule of aclemu_check_dtype). The real Trace and Cross lists also hold COMPLEX64 /
 * COMPLEX128, which these kernels do not compute yet. */
#include <string.h>

#include "aclemu_plans.h"
#include "linalg_vec.h"

#define LV_DOT_DTYPES                                                                                    \
    (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16) | ACLEMU_DT(ACL_INT8) |         \
     ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_UINT8))
#define LV_TRACE_DTYPES                                                                                  \
    (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_DOUBLE) | ACLEMU_DT(ACL_INT32) |      \
     ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8) |          \
     ACLEMU_DT(ACL_BOOL) | ACLEMU_DT(ACL_BF16))
#define LV_CROSS_DTYPES                                                                                  \
    (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_DOUBLE) | ACLEMU_DT(ACL_INT8) |       \
     ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64) | ACLEMU_DT(ACL_UINT8) |         \
     ACLEMU_DT(ACL_BF16))

/* The one launch: operands t[0..3) (other may be NULL), their strides given per op. */
static linalg_vec_args *add_launch(aclOpExecutor *ex, int32_t op, uint32_t blocks, const aclTensor *const *t,
                                   aclnnStatus *st)
{
    linalg_vec_args *a = (linalg_vec_args *)aclemu_exec_add_launch(ex, "LinalgVec", blocks, sizeof(*a));
    if (!a) { *st = ACLNN_ERR_INNER; return NULL; }
    a->op = op;
    a->items = 1;
    a->per_block = 1;
    for (int k = 0; k < 3; k++) {
        if (!t[k]) continue;
        a->off[k] = t[k]->offset;
        a->dtype[k] = t[k]->dtype;
        if ((*st = aclemu_exec_bind_tensor(ex, a, &a->base[k], t[k])))
            return NULL;
    }
    *st = ACLNN_SUCCESS;
    return a;
}

/* Dot: null -> self / tensor / out dtypes alike, in the list -> 1-D inputs of one size, 0-D
 * out. Empty inputs give 0 (the real op fills it). */
aclnnStatus aclemu_plan_Dot(aclOpExecutor *executor, const aclTensor *self, const aclTensor *tensor, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, tensor, "tensor")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_same_dtype(api, self, "self", tensor, "tensor")) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")) || (st = aclemu_check_dtype(api, self, "self", LV_DOT_DTYPES)))
        return st;
    char s1[256], s2[256];
    if (self->ndim != 1 || tensor->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "expected 1D input tensors, but got %s and %s tensors.",
                                  aclemu_shape_str(self->shape, self->ndim, s1, sizeof s1),
                                  aclemu_shape_str(tensor->shape, tensor->ndim, s2, sizeof s2));
    if (self->shape[0] != tensor->shape[0])
        return ACLEMU_PARAM_ERROR(api, "expected consistent tensor size, but got %s and %s tensors.",
                                  aclemu_shape_str(self->shape, 1, s1, sizeof s1), aclemu_shape_str(tensor->shape, 1, s2, sizeof s2));
    if (out->ndim != 0)
        return ACLEMU_PARAM_ERROR(api, "expected 0D output tensor, but got %s tensor.",
                                  aclemu_shape_str(out->shape, out->ndim, s1, sizeof s1));
    const aclTensor *t[3] = {self, tensor, out};
    linalg_vec_args *a = add_launch(executor, LV_DOT, 1, t, &st);
    if (!a) return st;
    a->rank = 1;
    a->shape[0] = self->shape[0];
    a->st[0][0] = self->stride[0];
    a->st[1][0] = tensor->stride[0];
    return ACLNN_SUCCESS;
}

/* Trace: null -> a matrix and a 0-D out (checked before the dtypes in the real code) -> self
 * in the list, out INT64 for integral / BOOL self, else self's dtype. */
aclnnStatus aclemu_plan_Trace(aclOpExecutor *executor, const aclTensor *self, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    char s1[256];
    if (self->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "trace: expected a matrix, but got tensor with dim %u", self->ndim);
    if (out->ndim != 0)
        return ACLEMU_PARAM_ERROR(api, "expected 0D output tensor, but got %s tensor.",
                                  aclemu_shape_str(out->shape, out->ndim, s1, sizeof s1));
    if ((st = aclemu_check_dtype(api, self, "self", LV_TRACE_DTYPES)))
        return st;
    aclDataType want = aclemu_dtype_is_int(self->dtype) || self->dtype == ACL_BOOL ? ACL_INT64 : self->dtype;
    if (out->dtype != want)
        return ACLEMU_PARAM_ERROR(api, "out dtype %s should be %s.", aclemu_dtype_name(out->dtype), aclemu_dtype_name(want));
    const aclTensor *t[3] = {self, NULL, out};
    linalg_vec_args *a = add_launch(executor, LV_TRACE, 1, t, &st);
    if (!a) return st;
    a->rank = 2;
    a->shape[0] = self->shape[0];
    a->shape[1] = self->shape[1];
    a->st[0][0] = self->stride[0];
    a->st[0][1] = self->stride[1];
    return ACLNN_SUCCESS;
}

/* LinalgCross: null -> self dtype in the list, other and out alike -> ranks -> self and other
 * broadcast to out's shape -> dim in self's range -> (empty out: nothing) -> the dim, shifted
 * as the real code does when self has the lower rank, has size 3. */
aclnnStatus aclemu_plan_LinalgCross(aclOpExecutor *executor, const aclTensor *self, const aclTensor *other, int64_t dim,
                                    aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, other, "other")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", LV_CROSS_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, self, "self", other, "other")) ||
        (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", 8)) || (st = aclemu_check_shape(api, other, "other", 8)) ||
        (st = aclemu_check_shape(api, out, "out", 8)))
        return st;
    int64_t bs[ACLEMU_MAX_RANK];
    uint32_t nd;
    if ((st = aclemu_broadcast_shape(api, self, "self", other, "other", bs, &nd)))
        return st;
    char s1[256], s2[256];
    if (nd != out->ndim || memcmp(bs, out->shape, nd * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "expected consistent tensor shape for the broadcast shape and out, but got %s and %s "
                                       "respectively.",
                                  aclemu_shape_str(bs, nd, s1, sizeof s1), aclemu_shape_str(out->shape, out->ndim, s2, sizeof s2));
    int64_t sr = self->ndim;
    if (dim >= sr || dim < -sr)
        return ACLEMU_PARAM_ERROR(api, "Dimension out of range(expected to be in range of [%lld, %lld], but got %lld.",
                                  (long long)-sr, (long long)(sr - 1), (long long)dim);
    for (uint32_t i = 0; i < nd; i++)
        if (out->shape[i] == 0)
            return ACLNN_SUCCESS;
    int64_t d = dim;
    if (dim >= 0 && self->ndim < other->ndim)
        d += other->ndim - self->ndim;
    if (d < 0)
        d += nd;
    if (bs[d] != 3)
        return ACLEMU_PARAM_ERROR(api, "dimension %lld does not have size 3.", (long long)(dim < 0 ? dim : d));
    int64_t items = 1;
    for (uint32_t i = 0; i < nd; i++)
        if (i != (uint32_t)d && __builtin_mul_overflow(items, bs[i], &items))
            return ACLEMU_PARAM_ERROR(api, "out has more elements than int64 counts.");
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)items, aclemu_vector_core_num(aclemu_op_profile()), 4096, 1, &bd, &per);
    const aclTensor *t[3] = {self, other, out};
    linalg_vec_args *a = add_launch(executor, LV_CROSS, bd, t, &st);
    if (!a) return st;
    a->rank = (int32_t)nd;
    a->dim = (int32_t)d;
    a->items = items;
    a->per_block = (int64_t)per;
    memcpy(a->shape, bs, nd * sizeof(int64_t));
    const aclTensor *in[2] = {self, other};
    for (int k = 0; k < 2; k++) /* right-aligned; broadcast dims read with stride 0 */
        for (uint32_t i = 0; i < in[k]->ndim; i++) {
            uint32_t o = nd - in[k]->ndim + i;
            a->st[k][o] = in[k]->shape[i] == 1 ? 0 : in[k]->stride[i];
        }
    memcpy(a->st[2], out->stride, nd * sizeof(int64_t));
    return ACLNN_SUCCESS;
}
