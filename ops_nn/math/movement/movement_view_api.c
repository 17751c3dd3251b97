/* Planners of the movement ops that are view copies of a reshaped / permuted / diagonal view
 * (the ViewCopy kernel) or a diagonal embedding (the DiagEmbed kernel): Flatten, ChannelShuffle,
 * Diag, DiagFlat. Checks follow hicann/ops-math conversion/flatten, conversion/transpose
 * (aclnn_channel_shuffle.cpp), conversion/diag_v2 and conversion/diag_flat op_api sources. */
#include <string.h>

#include "aclemu_plans.h"
#include "movement_args.h"
#include "movement_plan.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define FLATTEN_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(INT32) | DT(INT8) | DT(UINT8) | DT(INT64) | DT(INT16) | DT(UINT16) | \
                        DT(UINT32) | DT(UINT64) | DT(BOOL) | DT(BF16))
#define SHUFFLE_DTYPES (DT(FLOAT16) | DT(FLOAT) | DT(DOUBLE) | DT(INT8) | DT(UINT8) | DT(INT16) | DT(INT32) | DT(INT64) | \
                        DT(BOOL) | DT(COMPLEX64) | DT(COMPLEX128) | DT(BF16))
#define DIAG_DTYPES (DT(FLOAT16) | DT(FLOAT) | DT(INT64) | DT(INT32) | DT(INT16) | DT(INT8) | DT(UINT8) | DT(DOUBLE) | \
                     DT(BOOL) | DT(COMPLEX64) | DT(BF16))
#define DIAG_EMPTY_DTYPES (DIAG_DTYPES & ~DT(COMPLEX64))

static aclnnStatus out_shape_is(const char *api, const aclTensor *out, const int64_t *want, uint32_t n)
{
    char a[256], b[256];
    if (out->ndim == n && !memcmp(out->shape, want, n * sizeof(int64_t)))
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "Expected out shape %s, but got %s.", aclemu_shape_str(want, n, a, sizeof a),
                              aclemu_shape_str(out->shape, out->ndim, b, sizeof b));
}

/* ---- Flatten: (prod(dims < axis), prod(dims >= axis)) ---------------------------------------- */
aclnnStatus aclemu_plan_Flatten(aclOpExecutor *executor, const aclTensor *self, int64_t axis, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_same_dtype(api, self, "self", out, "out")) || (st = aclemu_check_dtype(api, self, "self", FLATTEN_DTYPES)))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) || (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    int64_t n = (int64_t)self->ndim, a = axis < 0 ? axis + (n > 0 ? n : 1) : axis;
    if (n <= 1 && a > 0)
        return ACLEMU_PARAM_ERROR(api, "Dimension out of range (expected to be in range of [-1, 0], but got %lld)",
                                  (long long)a);
    if (a < 0 || (n > 1 && a >= n))
        return ACLEMU_PARAM_ERROR(api, "Dimension out of range (expected to be in range of [-%lld, %lld], but got %lld)",
                                  (long long)n, (long long)(n - 1), (long long)axis);
    int64_t want[2] = {1, 1}; /* products of a view stage 1 accepted: no overflow */
    for (int64_t k = 0; k < n; k++) want[k >= a] *= self->shape[k];
    if ((st = out_shape_is(api, out, want, 2)))
        return st;
    if (want[0] == 0 || want[1] == 0)
        return ACLNN_SUCCESS;
    /* out's two dims split back into self's dims (always a strided view) */
    act_view src, dst;
    act_view_of(&src, self);
    act_view_of(&dst, out);
    int64_t st0 = out->stride[0], st1 = out->stride[1];
    for (int64_t k = n - 1; k >= 0; k--) {
        dst.view.shape[k] = self->shape[k];
        if (k >= a) { dst.view.stride[k] = st1; st1 *= self->shape[k]; }
        else { dst.view.stride[k] = st0; st0 *= self->shape[k]; }
    }
    dst.view.ndim = (uint32_t)n;
    return mv_copy(executor, &dst, &src);
}

/* ---- ChannelShuffle: channel k * groups + i of out = channel i * (C / groups) + k of self ---- */
aclnnStatus aclemu_plan_ChannelShuffle(aclOpExecutor *executor, const aclTensor *self, int64_t groups, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_same_dtype(api, self, "self", out, "out")) || (st = aclemu_check_dtype(api, self, "self", SHUFFLE_DTYPES)))
        return st;
    if (groups <= 0)
        return ACLEMU_PARAM_ERROR(api, "Number of groups to divide channels in must be positive. Value of groups: %lld.",
                                  (long long)groups);
    if (self->ndim < 3 || self->ndim > 7) /* checked before the channel dim is read */
        return ACLEMU_PARAM_ERROR(api, "self dim num %u should be in [3, 7].", self->ndim);
    if (self->shape[1] % groups != 0)
        return ACLEMU_PARAM_ERROR(api, "Number of channels must be divisible by groups.Got %lld channels and %lld groups.",
                                  (long long)self->shape[1], (long long)groups);
    if ((st = aclemu_check_same_shape(api, self, "self", out, "out")) || (st = aclemu_check_shape(api, self, "self", 7)) ||
        (st = aclemu_check_shape(api, out, "out", 7)))
        return st;
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    int64_t cpg = self->shape[1] / groups;
    act_view src, dst;
    act_view_of(&src, self);
    act_view_of(&dst, out);
    /* both as (N, cpg, groups, rest...): out channel k * groups + i, self channel i * cpg + k */
    for (uint32_t k = self->ndim; k > 2; k--) {
        src.view.shape[k] = self->shape[k - 1];
        src.view.stride[k] = self->stride[k - 1];
        dst.view.shape[k] = out->shape[k - 1];
        dst.view.stride[k] = out->stride[k - 1];
    }
    src.view.shape[1] = dst.view.shape[1] = cpg;
    src.view.shape[2] = dst.view.shape[2] = groups;
    src.view.stride[1] = self->stride[1];
    src.view.stride[2] = self->stride[1] * cpg;
    dst.view.stride[1] = out->stride[1] * groups;
    dst.view.stride[2] = out->stride[1];
    src.view.ndim = dst.view.ndim = self->ndim + 1;
    return mv_copy(executor, &dst, &src);
}

/* ---- Diag / DiagFlat ----------------------------------------------------------------------------- */
/* out (R, R), R = n + |diagonal|: self's n elements (row-major) on the diagonal, 0 elsewhere. */
static aclnnStatus diag_embed(aclOpExecutor *ex, const aclTensor *self, int64_t diagonal, const aclTensor *out)
{
    int64_t R = out->shape[0];
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)R, aclemu_vector_core_num(aclemu_op_profile()), (uint64_t)(8192 / R + 1), 1, &bd, &per);
    mv_diag_args *a = (mv_diag_args *)aclemu_exec_add_launch(ex, "DiagEmbed", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->diagonal = diagonal;
    a->n = aclemu_tensor_numel(self);
    a->rows_per_block = (int64_t)per;
    aclnnStatus st;
    if ((st = aclemu_exec_tdesc(ex, a, &a->out, out)))
        return st;
    return aclemu_exec_tdesc(ex, a, &a->self, self);
}

/* |diagonal| past any extent a view can have means the same as MV_MAX_EXTENT: clamped so that
 * n + |diagonal| and -diagonal cannot overflow. */
static int64_t clamp_diagonal(int64_t d) { return d > MV_MAX_EXTENT ? MV_MAX_EXTENT : d < -MV_MAX_EXTENT ? -MV_MAX_EXTENT : d; }

static int is_complex(aclDataType dt) { return dt == ACL_COMPLEX64 || dt == ACL_COMPLEX128; }

aclnnStatus aclemu_plan_Diag(aclOpExecutor *executor, const aclTensor *self, int64_t diagonal, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", DIAG_DTYPES)) || (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", 2)) || (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    int64_t d = clamp_diagonal(diagonal);
    if (self->ndim == 2) { /* the d-th diagonal of a matrix */
        int64_t m = self->shape[0], n = self->shape[1];
        if ((d > 0 && n == d) || (d < 0 && m == -d))
            return ACLNN_SUCCESS; /* just past the last diagonal: the real op returns before its out check */
        int64_t len = d >= 0 ? (m < n - d ? m : n - d) : (m + d < n ? m + d : n);
        if (len < 0) len = 0;
        if ((st = out_shape_is(api, out, &len, 1)))
            return st;
        if (len == 0)
            return ACLNN_SUCCESS;
        act_view src, dst;
        act_view_of(&src, self);
        act_view_of(&dst, out);
        src.view.offset = self->offset + (d >= 0 ? d * self->stride[1] : -d * self->stride[0]);
        src.view.shape[0] = len;
        src.view.stride[0] = self->stride[0] + self->stride[1];
        src.view.ndim = 1;
        return mv_copy(executor, &dst, &src);
    }
    int64_t numel = aclemu_tensor_numel(self), R = numel + (d < 0 ? -d : d), want[2] = {R, R};
    if (numel == 0 && d == 0)
        return ACLNN_SUCCESS; /* as the real op: nothing to do, out not checked */
    if (numel == 0 && (st = aclemu_check_dtype(api, out, "out", DIAG_EMPTY_DTYPES)))
        return st; /* the zero fill of an empty self's out has no COMPLEX64 kernel */
    if ((st = out_shape_is(api, out, want, 2)))
        return st;
    return diag_embed(executor, self, d, out);
}

aclnnStatus aclemu_plan_DiagFlat(aclOpExecutor *executor, const aclTensor *self, int64_t diagonal, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    /* aclnn_diag_flat.cpp returns ACLNN_ERR_INNER_NULLPTR for a null tensor */
    if (!self || !out)
        return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_PARAM, api, "%s should not be nullptr.",
                               !self ? "self" : "out");
    if ((st = aclemu_check_dtype(api, self, "self", DIAG_DTYPES)) || (st = aclemu_check_dtype(api, out, "out", DIAG_DTYPES)))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) || (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    int64_t numel = aclemu_tensor_numel(self);
    if (numel == 0)
        return ACLNN_SUCCESS; /* as the real op: returns before anything is launched */
    if ((is_complex(self->dtype) || is_complex(out->dtype)) && self->dtype != out->dtype)
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api, "casting %s to %s is not supported yet.",
                               aclemu_dtype_name(self->dtype), aclemu_dtype_name(out->dtype));
    int64_t d = clamp_diagonal(diagonal), R = numel + (d < 0 ? -d : d), want[2] = {R, R};
    if ((st = out_shape_is(api, out, want, 2)))
        return st;
    return diag_embed(executor, self, d, out);
}
