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

/* ---- SliceV2: ONNX Slice (starts / ends / axes / steps, positive steps) as a strided view -------- */
#define SLICEV2_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(INT64) | DT(INT8) | DT(INT32) | DT(UINT8) | DT(BOOL) | DT(BF16))
#define SLICEV2_CHIPS (ACLEMU_CHIPS_A2_A3_950 | ACLEMU_CHIP(ACLEMU_FAMILY_910A))

aclnnStatus aclemu_plan_SliceV2(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *starts,
                                const aclIntArray *ends, const aclIntArray *axes, const aclIntArray *steps, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")) ||
        (st = aclemu_check_notnull(api, starts, "starts")) || (st = aclemu_check_notnull(api, ends, "ends")) ||
        (st = aclemu_check_notnull(api, axes, "axes")) || (st = aclemu_check_notnull(api, steps, "steps")))
        return st;
    if ((st = aclemu_check_same_dtype(api, out, "out", self, "self")))
        return st;
    if (self->dtype == ACL_BF16 && !aclemu_chip_dtypes(DT(BF16)))
        return ACLEMU_PARAM_ERROR(api, "Input dtype of aclnnSliceV2 is not support bfloat16 in current socversion.");
    if ((st = aclemu_check_dtype(api, self, "self", SLICEV2_DTYPES)) || (st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    int64_t n = (int64_t)self->ndim;
    unsigned seen = 0;
    for (uint64_t i = 0; i < axes->size; i++) {
        int64_t ax = axes->data[i];
        if (ax >= n || ax < -n)
            return ACLEMU_PARAM_ERROR(api, "Provided aclnnSliceV2 axes %lld not in the range of input tensor size %lld.",
                                      (long long)ax, (long long)n);
        ax = ax < 0 ? ax + n : ax;
        if (seen >> ax & 1)
            return ACLEMU_PARAM_ERROR(api, "aclnnSliceV2 axes %lld appears multiple times in the list of dims.", (long long)ax);
        seen |= 1u << ax;
    }
    if (starts->size != axes->size)
        return ACLEMU_PARAM_ERROR(api, "Expected aclnnSliceV2 starts.size() %llu to be equal to axes.size() %llu.",
                                  (unsigned long long)starts->size, (unsigned long long)axes->size);
    if (ends->size != axes->size)
        return ACLEMU_PARAM_ERROR(api, "Expected aclnnSliceV2 ends.size() %llu to be equal to axes.size() %llu.",
                                  (unsigned long long)ends->size, (unsigned long long)axes->size);
    /* the real loop reads axes / starts / ends at every index of steps: one step per axis */
    if (steps->size != axes->size)
        return ACLEMU_PARAM_ERROR(api, "Expected aclnnSliceV2 steps.size() %llu to be equal to axes.size() %llu.",
                                  (unsigned long long)steps->size, (unsigned long long)axes->size);
    for (uint64_t i = 0; i < steps->size; i++)
        if (steps->data[i] <= 0)
            return ACLEMU_PARAM_ERROR(api, "aclnnSliceV2 step must be positive.");
    act_view src, dst;
    act_view_of(&src, self);
    for (uint64_t i = 0; i < axes->size; i++) {
        int64_t d = axes->data[i] < 0 ? axes->data[i] + n : axes->data[i], len = self->shape[d], step = steps->data[i];
        int64_t s = starts->data[i] < 0 ? starts->data[i] + len : starts->data[i];
        int64_t e = ends->data[i] < 0 ? ends->data[i] + len : ends->data[i];
        s = s < 0 ? 0 : s > len ? len : s;
        e = e < s ? s : e > len ? len : e;
        int64_t count = e > s ? 1 + (e - s - 1) / step : 0; /* no overflow for a huge step */
        src.view.offset += s * self->stride[d];
        src.view.shape[d] = count;
        if (count > 1) src.view.stride[d] = self->stride[d] * step; /* step < len there */
    }
    char a[256], b[256];
    if (out->ndim != self->ndim || memcmp(out->shape, src.view.shape, self->ndim * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "Shape of aclnnSliceV2 out should be %s, but current is %s.",
                                  aclemu_shape_str(src.view.shape, self->ndim, a, sizeof a),
                                  aclemu_shape_str(out->shape, out->ndim, b, sizeof b));
    if ((st = aclemu_check_chip(api, SLICEV2_CHIPS)))
        return st;
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    act_view_of(&dst, out);
    return mv_copy(executor, &dst, &src);
}

/* ---- StridedSlice: tf.strided_slice (begin / end / strides with the five masks) ----------------
 * The sparse spec (one entry per begin element) is expanded to one entry per self dim: an
 * ellipsis (or, without one, the tail) covers the dims no entry names, a new axis adds an
 * output dim of 1, a shrink entry takes one index and drops the dim. Negative strides select a
 * positive-stride set of elements that the IndexMap kernel reverses (MV_FLIP). 950 only, as
 * aclnn_strided_slice.cpp. */
#define STRIDED_SLICE_DTYPES (DT(FLOAT16) | DT(FLOAT) | DT(INT32) | DT(UINT8) | DT(BOOL) | DT(INT8) | DT(INT16) | DT(INT64) | \
                              DT(UINT16) | DT(UINT32) | DT(UINT64) | DT(BF16) | DT(COMPLEX64) | DT(HIFLOAT8) |            \
                              DT(FLOAT8_E5M2) | DT(FLOAT8_E4M3FN))

aclnnStatus aclemu_plan_StridedSlice(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *begin,
                                     const aclIntArray *end, const aclIntArray *strides, int64_t beginMask, int64_t endMask,
                                     int64_t ellipsisMask, int64_t newAxisMask, int64_t shrinkAxisMask, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, begin, "begin")) ||
        (st = aclemu_check_notnull(api, end, "end")) || (st = aclemu_check_notnull(api, strides, "strides")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if (!aclemu_chip_in(ACLEMU_CHIP(ACLEMU_FAMILY_950)))
        return ACLEMU_PARAM_ERROR(api, "aclnnStridedSlice only support ASCEND950.");
    if ((st = aclemu_check_dtype(api, self, "self", STRIDED_SLICE_DTYPES)) ||
        (st = aclemu_check_dtype(api, out, "out", STRIDED_SLICE_DTYPES)) || (st = aclemu_check_same_dtype(api, self, "self", out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) || (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    uint64_t L = begin->size;
    if (L != end->size)
        return ACLEMU_PARAM_ERROR(api, "Expected aclnnStridedSlice begin.size() %llu to be equal to end.size() %llu.",
                                  (unsigned long long)L, (unsigned long long)end->size);
    if (end->size != strides->size)
        return ACLEMU_PARAM_ERROR(api, "Expected aclnnStridedSlice end.size() %llu to be equal to strides.size() %llu.",
                                  (unsigned long long)end->size, (unsigned long long)strides->size);
    for (uint64_t i = 0; i < L; i++)
        if (strides->data[i] == 0)
            return ACLEMU_PARAM_ERROR(api, "Expected strides value must not be zero, but strides No.[%llu] value is zero.",
                                      (unsigned long long)i);
    if (ellipsisMask != 0 && (ellipsisMask & (ellipsisMask - 1)) != 0)
        return ACLEMU_PARAM_ERROR(api, "Multiple ellipses in slice spec not allowed.");
    for (uint64_t i = 0; i < L && i < 64; i++)
        if ((shrinkAxisMask >> i & 1) && strides->data[i] <= 0)
            return ACLEMU_PARAM_ERROR(api, "Strides must be positive when shrinkAxisMask has bit set at dimension [%llu].",
                                      (unsigned long long)i);
    if (L > 32)
        return ACLEMU_PARAM_ERROR(api, "slice spec of %llu entries: at most 32 (one per mask bit).", (unsigned long long)L);
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS; /* as the real op: nothing is checked further or launched */
    int64_t n = (int64_t)self->ndim;
    /* dense spec: per self dim its begin / end / stride and flags; out dims in order */
    int64_t db[ACLEMU_KMAX_RANK], de[ACLEMU_KMAX_RANK], ds[ACLEMU_KMAX_RANK];
    int dbm[ACLEMU_KMAX_RANK], dem[ACLEMU_KMAX_RANK], dshr[ACLEMU_KMAX_RANK];
    int64_t want[ACLEMU_KMAX_RANK];
    int outdim_of[ACLEMU_KMAX_RANK]; /* out dim of each self dim, -1 when shrunk */
    uint32_t on = 0;
    int64_t ell = ellipsisMask, sparse = (int64_t)L;
    if (!ell) { ell = (int64_t)1 << L; sparse++; } /* an implicit ellipsis at the end */
    int64_t add_after = 0; /* new axes after the ellipsis */
    for (int64_t i = 0, after = 0; i < sparse; i++) {
        if (ell >> i & 1) after = 1;
        else if (after && i < (int64_t)L && (newAxisMask >> i & 1)) add_after++;
    }
    int64_t full = 0;
    for (int64_t i = 0; i < sparse; i++) {
        if (ell >> i & 1) {
            int64_t next = n - (sparse - i) + 1 + add_after;
            if (next > n) next = n;
            for (; full < next; full++) {
                db[full] = de[full] = 0;
                ds[full] = 1;
                dbm[full] = dem[full] = 1;
                dshr[full] = 0;
                if (on >= ACLEMU_KMAX_RANK) goto too_many;
                outdim_of[full] = (int)on;
                want[on++] = -1; /* filled below */
            }
            continue;
        }
        if (newAxisMask >> i & 1) {
            if (on >= ACLEMU_KMAX_RANK) goto too_many;
            want[on++] = 1;
            continue;
        }
        if (full >= n)
            return ACLEMU_PARAM_ERROR(api, "Index out of range using input dim %lld; input has only %lld dims.",
                                      (long long)full, (long long)n);
        db[full] = begin->data[i];
        de[full] = end->data[i];
        ds[full] = strides->data[i];
        dbm[full] = (int)(beginMask >> i & 1);
        dem[full] = (int)(endMask >> i & 1);
        dshr[full] = (int)(shrinkAxisMask >> i & 1);
        if (dshr[full]) outdim_of[full] = -1;
        else {
            if (on >= ACLEMU_KMAX_RANK) goto too_many;
            outdim_of[full] = (int)on;
            want[on++] = -1;
        }
        full++;
    }
    /* dims past the spec (an ellipsis that ran out of room): taken whole */
    for (; full < n; full++) {
        db[full] = de[full] = 0;
        ds[full] = 1;
        dbm[full] = dem[full] = 1;
        dshr[full] = 0;
        if (on >= ACLEMU_KMAX_RANK) goto too_many;
        outdim_of[full] = (int)on;
        want[on++] = -1;
    }
    /* canonical bounds per self dim; the source view with positive strides, flips where negative */
    act_view src, dst;
    act_view_of(&src, self);
    int32_t kind[ACLEMU_KMAX_RANK] = {0};
    int64_t shift[ACLEMU_KMAX_RANK] = {0};
    uint32_t sn = 0; /* src dims: the self dims kept, in order */
    int any_flip = 0;
    for (int64_t d = 0; d < n; d++) {
        int64_t len = self->shape[d], s = ds[d], b = db[d], e = de[d], count, first;
        if (dshr[d]) {
            int64_t x = b < 0 ? b + len : b;
            if (x < 0 || x >= len)
                return ACLEMU_PARAM_ERROR(api, "slice index %lld of dimension %lld out of bounds.", (long long)b, (long long)d);
            src.view.offset += x * self->stride[d];
            continue;
        }
        if (s > 0) {
            b = dbm[d] ? 0 : (b < 0 ? b + len : b);
            e = dem[d] ? len : (e < 0 ? e + len : e);
            b = b < 0 ? 0 : b > len ? len : b;
            e = e < 0 ? 0 : e > len ? len : e;
            count = e > b ? 1 + (e - b - 1) / s : 0;
            first = b;
        } else {
            b = dbm[d] ? len - 1 : (b < 0 ? b + len : b);
            e = dem[d] ? -1 : (e < -len ? -1 : e < 0 ? e + len : e);
            b = b < -1 ? -1 : b > len - 1 ? len - 1 : b;
            e = e < -1 ? -1 : e > len - 1 ? len - 1 : e;
            /* -s: no overflow, s >= INT64_MIN + 1 is not guaranteed: */
            uint64_t step = (uint64_t)0 - (uint64_t)s;
            count = b > e ? (int64_t)(1 + (uint64_t)(b - e - 1) / step) : 0;
            first = count ? b - (int64_t)((uint64_t)(count - 1) * step) : 0; /* the lowest selected index */
            if (count > 1) { kind[sn] = MV_FLIP; any_flip = 1; }
            s = count > 1 ? (int64_t)step : 1;
        }
        want[outdim_of[d]] = count;
        src.view.offset += first * self->stride[d];
        src.view.shape[sn] = count;
        src.view.stride[sn] = count > 1 ? self->stride[d] * s : self->stride[d]; /* s < len there */
        sn++;
    }
    src.view.ndim = sn;
    char a1[256], b1[256];
    if (out->ndim != on || memcmp(out->shape, want, on * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "Shape of out should be %s, but current is %s.", aclemu_shape_str(want, on, a1, sizeof a1),
                                  aclemu_shape_str(out->shape, out->ndim, b1, sizeof b1));
    if (aclemu_tensor_numel(out) == 0)
        return ACLNN_SUCCESS;
    /* out without its new axes: the same dims as src */
    act_view_of(&dst, out);
    uint32_t k = 0;
    for (int64_t d = 0; d < n; d++)
        if (!dshr[d]) {
            dst.view.shape[k] = out->shape[outdim_of[d]];
            dst.view.stride[k] = out->stride[outdim_of[d]];
            k++;
        }
    dst.view.ndim = k;
    if (!any_flip)
        return mv_copy(executor, &dst, &src);
    return mv_map_launch(executor, &src.view, &dst.view, kind, shift, NULL, self, out);
too_many:
    return ACLEMU_PARAM_ERROR(api, "the sliced output would have more than %d dims.", ACLEMU_MAX_RANK);
}

/* ---- StridedSliceAssignV2: varRef[begin:end:strides along axes] = inputValue --------------------
 * The docs of conversion/strided_slice_assign_v2: begin / end clamped to [0, dim] after adding
 * dim to negative values, positive strides, stride 1 on varRef's last dim, inputValue of the
 * sliced shape and varRef's dtype; A2 / A3 only. A ViewCopy into the strided view of varRef. */
#define SSA_DTYPES (DT(FLOAT16) | DT(FLOAT) | DT(BF16) | DT(INT32) | DT(INT64) | DT(DOUBLE) | DT(INT8))

aclnnStatus aclemu_plan_StridedSliceAssignV2(aclOpExecutor *executor, aclTensor *varRef, const aclTensor *inputValue,
                                             const aclIntArray *begin, const aclIntArray *end, const aclIntArray *strides,
                                             const aclIntArray *axesOptional)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, varRef, "varRef")) || (st = aclemu_check_notnull(api, inputValue, "inputValue")) ||
        (st = aclemu_check_notnull(api, begin, "begin")) || (st = aclemu_check_notnull(api, end, "end")) ||
        (st = aclemu_check_notnull(api, strides, "strides")))
        return st;
    if ((st = aclemu_check_dtype(api, varRef, "varRef", SSA_DTYPES)) || (st = aclemu_check_dtype(api, inputValue, "inputValue", SSA_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, inputValue, "inputValue", varRef, "varRef")))
        return st;
    if ((st = aclemu_check_shape(api, varRef, "varRef", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, inputValue, "inputValue", ACLEMU_MAX_RANK)))
        return st;
    int64_t n = (int64_t)varRef->ndim;
    uint64_t k = begin->size;
    if (end->size != k || strides->size != k)
        return ACLEMU_PARAM_ERROR(api, "begin, end and strides should have the same size, got %llu, %llu and %llu.",
                                  (unsigned long long)k, (unsigned long long)end->size, (unsigned long long)strides->size);
    if (axesOptional && axesOptional->size != k)
        return ACLEMU_PARAM_ERROR(api, "axesOptional size %llu should be the size %llu of begin.",
                                  (unsigned long long)axesOptional->size, (unsigned long long)k);
    if ((int64_t)k > n)
        return ACLEMU_PARAM_ERROR(api, "begin size %llu should not be greater than the dim num %lld of varRef.",
                                  (unsigned long long)k, (long long)n);
    act_view dst, src;
    act_view_of(&dst, varRef);
    unsigned seen = 0;
    for (uint64_t i = 0; i < k; i++) {
        int64_t ax = axesOptional ? axesOptional->data[i] : (int64_t)i;
        if (ax < -n || ax >= n)
            return ACLEMU_PARAM_ERROR(api, "axes value %lld should be in the range [%lld, %lld].", (long long)ax, (long long)-n,
                                      (long long)(n - 1));
        int64_t d = ax < 0 ? ax + n : ax, len = varRef->shape[d], s = strides->data[i];
        if (seen >> d & 1)
            return ACLEMU_PARAM_ERROR(api, "axes value %lld appears more than once.", (long long)d);
        seen |= 1u << d;
        if (s <= 0)
            return ACLEMU_PARAM_ERROR(api, "strides must be positive, but strides No.[%llu] is %lld.", (unsigned long long)i,
                                      (long long)s);
        if (d == n - 1 && s != 1)
            return ACLEMU_PARAM_ERROR(api, "the stride of the last dim of varRef must be 1, got %lld.", (long long)s);
        int64_t b = begin->data[i] < 0 ? begin->data[i] + len : begin->data[i];
        int64_t e = end->data[i] < 0 ? end->data[i] + len : end->data[i];
        b = b < 0 ? 0 : b > len ? len : b;
        e = e < 0 ? 0 : e > len ? len : e;
        int64_t count = e > b ? 1 + (e - b - 1) / s : 0;
        dst.view.offset += b * varRef->stride[d];
        dst.view.shape[d] = count;
        if (count > 1) dst.view.stride[d] = varRef->stride[d] * s; /* s < len there */
    }
    char a[256], b2[256];
    if (inputValue->ndim != varRef->ndim || memcmp(inputValue->shape, dst.view.shape, (size_t)n * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "inputValue shape %s should be the sliced shape %s.",
                                  aclemu_shape_str(inputValue->shape, inputValue->ndim, a, sizeof a),
                                  aclemu_shape_str(dst.view.shape, (uint32_t)n, b2, sizeof b2));
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3)))
        return st;
    act_view_of(&src, inputValue);
    return mv_copy(executor, &dst, &src);
}

/* ---- OneHot (ops-math math/one_hot) --------------------------------------------------------------
 * self INT32 / INT64 (+ UINT8 on 950), on / off / out FLOAT16, FLOAT, INT32, INT64 (+ INT8, UINT8
 * on 950), on and off of out's dtype; self at most 8 dims (7 on 950); numClasses >= 0 (> 0 for
 * an empty self); axis in [-1, self dims]; out of self's shape with numClasses inserted at axis. */
#define ONE_HOT_SELF (DT(INT32) | DT(INT64))
#define ONE_HOT_VALUES (DT(FLOAT16) | DT(FLOAT) | DT(INT32) | DT(INT64))

aclnnStatus aclemu_plan_OneHot(aclOpExecutor *executor, const aclTensor *self, int numClasses, const aclTensor *onValue,
                               const aclTensor *offValue, int64_t axis, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, onValue, "onValue")) ||
        (st = aclemu_check_notnull(api, offValue, "offValue")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    int is950 = aclemu_chip_in(ACLEMU_CHIP(ACLEMU_FAMILY_950));
    aclemu_dtype_set sdt = ONE_HOT_SELF | (is950 ? DT(UINT8) : 0), vdt = ONE_HOT_VALUES | (is950 ? DT(INT8) | DT(UINT8) : 0);
    if ((st = aclemu_check_dtype(api, self, "self", sdt)) || (st = aclemu_check_dtype(api, out, "out", vdt)) ||
        (st = aclemu_check_dtype(api, onValue, "onValue", vdt)) || (st = aclemu_check_dtype(api, offValue, "offValue", vdt)) ||
        (st = aclemu_check_same_dtype(api, onValue, "onValue", out, "out")) ||
        (st = aclemu_check_same_dtype(api, offValue, "offValue", out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, self, "self", is950 ? 7 : ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, onValue, "onValue", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, offValue, "offValue", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    int64_t numel = aclemu_tensor_numel(self), n = (int64_t)self->ndim;
    if (numel == 0 && numClasses <= 0)
        return ACLEMU_PARAM_ERROR(api, "NumClasses should be greater than 0, but got %d.", numClasses);
    if (numClasses < 0)
        return ACLEMU_PARAM_ERROR(api, "NumClasses should be greater and equal than 0, but got %d.", numClasses);
    if (axis < -1)
        return ACLEMU_PARAM_ERROR(api, "The axis should be greater and equal than -1, but got %lld.", (long long)axis);
    if (axis > n)
        return ACLEMU_PARAM_ERROR(api, "The axis should be lower and equal than %lld, but got %lld.", (long long)n, (long long)axis);
    if (n + 1 > ACLEMU_MAX_RANK)
        return ACLEMU_PARAM_ERROR(api, "out would have %lld dims, more than %d.", (long long)(n + 1), ACLEMU_MAX_RANK);
    int64_t d = axis < 0 ? n : axis, want[ACLEMU_KMAX_RANK];
    for (int64_t k = 0, j = 0; k <= n; k++) want[k] = k == d ? numClasses : self->shape[j++];
    if ((st = out_shape_is(api, out, want, (uint32_t)(n + 1))))
        return st;
    if (numel == 0 || numClasses == 0)
        return ACLNN_SUCCESS;
    if (aclemu_tensor_numel(onValue) == 0 || aclemu_tensor_numel(offValue) == 0)
        return ACLEMU_PARAM_ERROR(api, "onValue and offValue should each hold a value.");
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)numel, aclemu_vector_core_num(aclemu_op_profile()), (uint64_t)(8192 / numClasses + 1), 1, &bd, &per);
    mv_one_hot_args *a = (mv_one_hot_args *)aclemu_exec_add_launch(executor, "OneHot", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->axis = (int32_t)d;
    a->classes = numClasses;
    a->per_block = (int64_t)per;
    if ((st = aclemu_exec_tdesc(executor, a, &a->self, self)) || (st = aclemu_exec_tdesc(executor, a, &a->out, out)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->on, onValue)))
        return st;
    return aclemu_exec_tdesc(executor, a, &a->off, offValue);
}

/* ---- ConfusionTranspose (ops-math conversion/confusion_transpose_d) ----------------------------
 * transpose_first: out = reshape(permute(x, perm), shape), else out = permute(reshape(x, shape),
 * perm). The reshape goes through a contiguous copy in the workspace unless its source already
 * is contiguous; the permutation is a view on either side of it. Dtypes as the op_api; a perm
 * or shape the kernel cannot take fails as its inner check does (ACLNN_ERR_INNER_NULLPTR). */
#define CONFUSION_DTYPES (DT(INT8) | DT(INT16) | DT(INT32) | DT(INT64) | DT(UINT8) | DT(UINT16) | DT(UINT32) | DT(UINT64) | \
                          DT(FLOAT16) | DT(FLOAT) | DT(BF16))

/* a contiguous view of `shape` over t's data (offset 0 unless `keep_offset`) */
static void contiguous_view(act_view *v, const aclTensor *t, const int64_t *shape, uint32_t n, int keep_offset)
{
    act_view_of(v, t);
    int64_t s = 1, numel = 1;
    for (int k = (int)n - 1; k >= 0; k--) {
        v->view.shape[k] = shape[k];
        v->view.stride[k] = s;
        s *= shape[k];
    }
    for (uint32_t k = 0; k < n; k++) numel *= shape[k];
    v->view.ndim = n;
    if (!keep_offset) {
        v->view.offset = 0;
        v->view.inl_storage[0] = numel;
        v->view.storage_shape = v->view.inl_storage;
        v->view.storage_ndim = 1;
    }
}

static aclnnStatus inner_error(const char *api, const char *msg)
{
    return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_INNER, api, "%s", msg);
}

aclnnStatus aclemu_plan_ConfusionTranspose(aclOpExecutor *executor, const aclTensor *x, const aclIntArray *perm,
                                           const aclIntArray *shape, bool transpose_first, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, x, "x")) || (st = aclemu_check_notnull(api, perm, "perm")) ||
        (st = aclemu_check_notnull(api, shape, "shape")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, x, "x", CONFUSION_DTYPES)) || (st = aclemu_check_same_dtype(api, out, "out", x, "x")))
        return st;
    if ((st = aclemu_check_shape(api, x, "x", ACLEMU_MAX_RANK)) || (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    if (aclemu_tensor_numel(x) == 0)
        return ACLNN_SUCCESS;
    uint64_t pn = transpose_first ? x->ndim : shape->size;
    if (perm->size != pn || shape->size > ACLEMU_MAX_RANK)
        return inner_error(api, "perm should have one entry per dim of the tensor it permutes (x with transpose_first, "
                                "else shape), and shape at most 8 dims.");
    unsigned seen = 0;
    for (uint64_t i = 0; i < pn; i++) {
        if (perm->data[i] < 0 || perm->data[i] >= (int64_t)pn || (seen >> perm->data[i] & 1))
            return inner_error(api, "perm should be a permutation of [0, its length - 1].");
        seen |= 1u << perm->data[i];
    }
    int64_t numel = aclemu_tensor_numel(x), prod = 1;
    for (uint64_t i = 0; i < shape->size; i++) {
        if (shape->data[i] <= 0 || shape->data[i] > numel / prod)
            return inner_error(api, "the product of shape should be the element count of x.");
        prod *= shape->data[i];
    }
    if (prod != numel)
        return inner_error(api, "the product of shape should be the element count of x.");
    uint32_t sn = (uint32_t)shape->size;
    int64_t want[ACLEMU_KMAX_RANK];
    for (uint32_t k = 0; k < sn; k++) want[k] = transpose_first ? shape->data[k] : shape->data[perm->data[k]];
    if (out->ndim != sn || memcmp(out->shape, want, sn * sizeof(int64_t)))
        return inner_error(api, "out shape is not the shape of the result.");
    /* the tensor the reshape reads: permute(x) (transpose_first) or x, as a view */
    act_view pre;
    act_view_of(&pre, x);
    if (transpose_first)
        for (uint64_t k = 0; k < pn; k++) {
            pre.view.shape[k] = x->shape[perm->data[k]];
            pre.view.stride[k] = x->stride[perm->data[k]];
        }
    /* the reshaped tensor: a contiguous view of `shape` over x (already contiguous in that order)
     * or over a workspace copy */
    act_view r;
    int direct = !transpose_first && aclemu_tensor_is_contiguous(x);
    uint64_t wsoff = 0;
    if (direct) {
        contiguous_view(&r, x, shape->data, sn, 1);
    } else {
        act_view w;
        contiguous_view(&w, x, pre.view.shape, pre.view.ndim, 0);
        wsoff = aclemu_exec_alloc_workspace(executor, (uint64_t)numel * aclemu_dtype_size(x->dtype));
        const aclTensor *in[1] = {&pre.view};
        aclemu_ew *ew = (aclemu_ew *)aclemu_ew_launch(executor, "ViewCopy", sizeof(aclemu_ew), &w.view, in, 1, &st);
        if (!ew)
            return st ? st : ACLNN_ERR_INNER;
        if ((st = aclemu_exec_bind_workspace(executor, ew, &ew->op[0].addr, wsoff)) ||
            (st = aclemu_exec_bind_tensor(executor, ew, &ew->op[1].addr, x)))
            return st;
        contiguous_view(&r, x, shape->data, sn, 0);
    }
    /* out = r (transpose_first) or permute(r, perm) */
    act_view src = r;
    src.view.shape = src.view.inl_shape;
    src.view.stride = src.view.inl_stride;
    if (!transpose_first)
        for (uint32_t k = 0; k < sn; k++) {
            src.view.shape[k] = r.view.shape[perm->data[k]];
            src.view.stride[k] = r.view.stride[perm->data[k]];
        }
    if (direct) {
        act_view dst;
        act_view_of(&dst, out);
        return mv_copy(executor, &dst, &src);
    }
    const aclTensor *in[1] = {&src.view};
    aclemu_ew *ew = (aclemu_ew *)aclemu_ew_launch(executor, "ViewCopy", sizeof(aclemu_ew), out, in, 1, &st);
    if (!ew)
        return st ? st : ACLNN_ERR_INNER;
    return aclemu_exec_bind_workspace(executor, ew, &ew->op[1].addr, wsoff);
}
