/* Planners of the circular pads (the IndexMap kernel, MV_ROLL per padded dim) and of the eight
 * pad backwards (the PadGrad kernel: the adjoint of the same per-dim maps). Checks follow
 * hicann/ops-math conversion/circular_pad/op_host/op_api/circular_pad_common.h,
 * conversion/circular_pad_grad/op_api/ (both files), conversion/pad_v3_grad_replicate/op_host/op_api/
 * (aclnn_pad2d_backward.cpp, pad1d_backward_common.h), conversion/pad_v3_grad_replication/op_api/
 * aclnn_pad3d_backward.cpp and the docs' dtype and chip columns. */
#include <string.h>

#include "aclemu_plans.h"
#include "movement_args.h"
#include "movement_plan.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define CIRCULAR_DTYPES (DT(FLOAT) | DT(BF16) | DT(FLOAT16) | DT(INT32) | DT(INT8))
#define CIRCULAR_GRAD_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(BF16))
#define PAD_GRAD_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(BF16) | DT(DOUBLE) | DT(COMPLEX64) | DT(COMPLEX128))

/* The real ops refuse an empty input unless only its batch dim (dim 0 of the longest rank) is
 * 0: at the shorter rank every dim is a feature dim. `always_min`: the shorter rank is refused
 * whenever it is empty (replication 1d / 2d, every 3d backward). */
static aclnnStatus pad_empty_rule(const char *api, const aclTensor *self, uint32_t k, int always_min, const char *msg)
{
    int bad = self->ndim == k + 1 && always_min;
    for (uint32_t d = 1; d < self->ndim; d++) bad |= self->shape[d] == 0;
    return bad ? ACLEMU_PARAM_ERROR(api, "%s", msg) : ACLNN_SUCCESS;
}

/* Pads of the last k dims as (lo, hi) per dim of a rank-nd tensor; |pad| bounded so sums of
 * them and of dims stay far from int64 overflow. */
static aclnnStatus pad_pairs(const char *api, const aclIntArray *padding, uint32_t nd, uint32_t k, int64_t *lo,
                             int64_t *hi)
{
    for (uint32_t d = 0; d < nd; d++) lo[d] = hi[d] = 0;
    for (uint32_t j = 0; j < k; j++) {
        uint32_t d = nd - 1 - j; /* pad pairs start at the last dim */
        lo[d] = padding->data[2 * j];
        hi[d] = padding->data[2 * j + 1];
        if (lo[d] > MV_MAX_EXTENT || lo[d] < -MV_MAX_EXTENT || hi[d] > MV_MAX_EXTENT || hi[d] < -MV_MAX_EXTENT)
            return ACLEMU_PARAM_ERROR(api, "padding %lld, %lld of dim %u is too large.", (long long)lo[d],
                                      (long long)hi[d], d);
    }
    return ACLNN_SUCCESS;
}

/* 1 if every padded dim's pads have magnitude below its size (the docs' "padding < dim"; the
 * low side also negative: a crop). */
static int pads_below_dims(const aclTensor *self, uint32_t k, const int64_t *lo, const int64_t *hi, int allow_negative)
{
    for (uint32_t d = self->ndim - k; d < self->ndim; d++) {
        int64_t n = self->shape[d];
        if (lo[d] >= n || hi[d] >= n) return 0;
        if (!allow_negative && (lo[d] < 0 || hi[d] < 0)) return 0;
        if (lo[d] <= -n || hi[d] <= -n) return 0;
    }
    return 1;
}

/* ---- CircularPad2d / 3d ------------------------------------------------------------------------ */
static aclnnStatus plan_circular_pad(aclOpExecutor *ex, const aclTensor *self, const aclIntArray *padding,
                                     const aclTensor *out, uint32_t k)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, padding, "padding")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", CIRCULAR_DTYPES)) ||
        (st = aclemu_check_dtype(api, out, "out", CIRCULAR_DTYPES)) || (st = aclemu_check_same_dtype(api, out, "out", self, "self")))
        return st;
    if ((st = aclemu_check_format(api, self, "self")) || (st = aclemu_check_format(api, out, "out")))
        return st;
    if (self->format != out->format)
        return ACLEMU_PARAM_ERROR(api, "Format of input and output should be equal, self [%s], out [%s].",
                                  aclemu_format_name(self->format), aclemu_format_name(out->format));
    uint32_t nd = self->ndim;
    if (nd < k + 1 || nd > k + 2)
        return ACLEMU_PARAM_ERROR(api, "self dim num %u should be in [%u, %u].", nd, k + 1, k + 2);
    if (out->ndim != nd)
        return ACLEMU_PARAM_ERROR(api, "self, out dim should be same.");
    if (padding->size != 2 * k)
        return ACLEMU_PARAM_ERROR(api, "padding length should be %u, but got %llu.", 2 * k,
                                  (unsigned long long)padding->size);
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) || (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    int64_t lo[ACLEMU_KMAX_RANK], hi[ACLEMU_KMAX_RANK], want[ACLEMU_KMAX_RANK];
    if ((st = pad_pairs(api, padding, nd, k, lo, hi)))
        return st;
    for (uint32_t d = 0; d < nd; d++) want[d] = self->shape[d] + lo[d] + hi[d];
    char a[256], b[256];
    if (memcmp(out->shape, want, nd * sizeof(int64_t)))
        return ACLEMU_PARAM_ERROR(api, "Expected out shape %s, but got %s.", aclemu_shape_str(want, nd, a, sizeof a),
                                  aclemu_shape_str(out->shape, nd, b, sizeof b));
    if (aclemu_tensor_numel(self) == 0 || aclemu_tensor_numel(out) == 0)
        return pad_empty_rule(api, self, k, 1,
                              k == 2 ? "Expected 3D or 4D tensor with possibly 0 batch size and other non-zero "
                                       "dimentions for inpit."
                                     : "Expected 4D or 5D tensor with possibly 0 batch size and other non-zero "
                                       "dimentions for inpit.");
    if (!pads_below_dims(self, k, lo, hi, 1))
        return ACLEMU_PARAM_ERROR(api, "padding size should be less than the corresponding self dimension.");
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3)))
        return st;
    int32_t kind[ACLEMU_KMAX_RANK] = {0};
    for (uint32_t d = nd - k; d < nd; d++) kind[d] = MV_ROLL;
    return mv_map_launch(ex, self, out, kind, lo, NULL, NULL, NULL);
}

aclnnStatus aclemu_plan_CircularPad2d(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *padding,
                                      aclTensor *out)
{
    return plan_circular_pad(executor, self, padding, out, 2);
}

aclnnStatus aclemu_plan_CircularPad3d(aclOpExecutor *executor, const aclTensor *self, const aclIntArray *padding,
                                      aclTensor *out)
{
    return plan_circular_pad(executor, self, padding, out, 3);
}

/* ---- the pad backwards ------------------------------------------------------------------------- */
/* A complex tensor as its real dtype with a leading pair dim (re, im: stride 1): the adjoint is
 * linear, so each part goes through the same sums. */
static void complex_as_pairs(act_view *v, const aclTensor *t)
{
    act_view_of(v, t);
    v->view.dtype = t->dtype == ACL_COMPLEX64 ? ACL_FLOAT : ACL_DOUBLE;
    for (int d = (int)t->ndim; d > 0; d--) {
        v->view.shape[d] = t->shape[d - 1];
        v->view.stride[d] = 2 * t->stride[d - 1];
    }
    v->view.shape[0] = 2;
    v->view.stride[0] = 1;
    v->view.ndim = t->ndim + 1;
    v->view.offset = 2 * t->offset;
    int64_t storage = 1;
    for (uint32_t d = 0; d < t->storage_ndim; d++) storage *= t->storage_shape[d]; /* bounded by stage 1 */
    v->view.inl_storage[0] = 2 * storage;
    v->view.storage_shape = v->view.inl_storage;
    v->view.storage_ndim = 1;
}

/* [lo, hi) of the input indices along a dim whose only preimage is o = i + shift (a safe
 * under-estimate: the kernel sums the rest exactly). */
static void inner_range(int kind, int64_t n, int64_t shift, int64_t hi_pad, int64_t *lo, int64_t *hi)
{
    int64_t a = 0, b = n;
    switch (kind) {
    case MV_REFLECT: a = shift + 1; b = n - 1 - hi_pad; break;
    case MV_REPLICATE: a = 1; b = n - 1; break;
    case MV_ROLL: a = hi_pad; b = n - shift; break;
    default: break;
    }
    if (a < -shift) a = -shift; /* i + shift inside gradOutput */
    if (b > n + hi_pad) b = n + hi_pad;
    if (a < 0) a = 0;
    if (b > n) b = n;
    if (b < a) b = a;
    *lo = a;
    *hi = b;
}

static aclnnStatus plan_pad_grad(aclOpExecutor *ex, const aclTensor *gradOutput, const aclTensor *self,
                                 const aclIntArray *padding, const aclTensor *gradInput, uint32_t k, int kind)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, gradOutput, "gradOutput")) || (st = aclemu_check_notnull(api, self, "self")) ||
        (st = aclemu_check_notnull(api, padding, "padding")) || (st = aclemu_check_notnull(api, gradInput, "gradInput")))
        return st;
    aclemu_dtype_set dts = kind == MV_ROLL ? CIRCULAR_GRAD_DTYPES : PAD_GRAD_DTYPES;
    if ((st = aclemu_check_dtype(api, gradOutput, "gradOutput", dts)) || (st = aclemu_check_dtype(api, self, "self", dts)) ||
        (st = aclemu_check_dtype(api, gradInput, "gradInput", dts)) ||
        (st = aclemu_check_same_dtype(api, gradOutput, "gradOutput", self, "self")) ||
        (st = aclemu_check_same_dtype(api, gradInput, "gradInput", self, "self")))
        return st;
    if ((st = aclemu_check_format(api, gradOutput, "gradOutput")) || (st = aclemu_check_format(api, self, "self")) ||
        (st = aclemu_check_format(api, gradInput, "gradInput")))
        return st;
    if (gradOutput->format != self->format || gradOutput->format != gradInput->format)
        return ACLEMU_PARAM_ERROR(api, "Format of input and output should be equal, gradOutput [%s], self [%s], "
                                       "gradInput [%s].",
                                  aclemu_format_name(gradOutput->format), aclemu_format_name(self->format),
                                  aclemu_format_name(gradInput->format));
    if ((st = aclemu_check_same_shape(api, self, "self", gradInput, "gradInput")))
        return st;
    uint32_t nd = self->ndim;
    if (nd < k + 1 || nd > k + 2)
        return ACLEMU_PARAM_ERROR(api, "self dim num %u should be in [%u, %u].", nd, k + 1, k + 2);
    if (gradOutput->ndim != nd || gradInput->ndim != nd)
        return ACLEMU_PARAM_ERROR(api, "gradOutput, self, gradInput dim should be same.");
    if (padding->size != 2 * k)
        return ACLEMU_PARAM_ERROR(api, "padding length should be %u, but got %llu.", 2 * k,
                                  (unsigned long long)padding->size);
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, gradOutput, "gradOutput", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, gradInput, "gradInput", ACLEMU_MAX_RANK)))
        return st;
    int64_t lo[ACLEMU_KMAX_RANK], hi[ACLEMU_KMAX_RANK];
    if ((st = pad_pairs(api, padding, nd, k, lo, hi)))
        return st;
    /* reflection: each pad below its dim (the docs say so for circular too: one wrap at most) */
    if ((kind == MV_REFLECT || kind == MV_ROLL) && !pads_below_dims(self, k, lo, hi, 1))
        return ACLEMU_PARAM_ERROR(api, "padding size should be less than the corresponding self dimension.");
    /* aclnn_pad2d_backward.cpp: BF16 kernels take no negative pads and at most 7 unless H is unpadded */
    if (k == 2 && kind != MV_ROLL && gradOutput->dtype == ACL_BF16) {
        int ok = 1;
        for (uint32_t d = nd - 2; d < nd; d++) ok &= lo[d] >= 0 && hi[d] >= 0;
        if (ok && (lo[nd - 2] || hi[nd - 2]))
            for (uint32_t d = nd - 2; d < nd; d++) ok &= lo[d] <= 7 && hi[d] <= 7;
        if (!ok)
            return ACLEMU_PARAM_ERROR(api, "bf16 only supports h dim no pad or padding values less than 7 or equal 7.");
    }
    for (uint32_t d = 0; d < nd; d++)
        if (gradOutput->shape[d] != self->shape[d] + lo[d] + hi[d])
            return ACLEMU_PARAM_ERROR(api, "wrong gradOutput shape.");
    if (aclemu_tensor_numel(gradOutput) == 0 || aclemu_tensor_numel(self) == 0) {
        /* replication 1d/2d and every 3d backward refuse an empty input of the shorter rank */
        int always_min = k == 3 || kind == MV_REPLICATE;
        if (k == 1 && kind == MV_REFLECT) always_min = 0;
        const char *msg = k == 3 ? "Expected 4D or 5D tensor with possibly 0 batch size and other non-zero dimensions "
                                   "for input."
                                 : "Input should not be empty.";
        if ((st = pad_empty_rule(api, self, k, always_min, msg)))
            return st;
        return ACLNN_SUCCESS; /* as the real op: nothing is launched */
    }
    if ((st = aclemu_check_chip(api, kind == MV_ROLL ? ACLEMU_CHIPS_A2_A3_950 : ACLEMU_CHIPS_ALL_BUT_310B)))
        return st;
    /* complex: the real dtype with a leading (re, im) dim that no map touches */
    int cplx = self->dtype == ACL_COMPLEX64 || self->dtype == ACL_COMPLEX128;
    act_view gv, ov;
    if (cplx) {
        complex_as_pairs(&gv, gradOutput);
        complex_as_pairs(&ov, gradInput);
    } else {
        act_view_of(&gv, gradOutput);
        act_view_of(&ov, gradInput);
    }
    uint32_t c = (uint32_t)cplx, vn = nd + c;
    int64_t rows = aclemu_tensor_numel(&ov.view) / ov.view.shape[vn - 1];
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)rows, aclemu_vector_core_num(aclemu_op_profile()),
                   (uint64_t)(8192 / ov.view.shape[vn - 1] + 1), 1, &bd, &per);
    mv_pad_grad_args *a = (mv_pad_grad_args *)aclemu_exec_add_launch(ex, "PadGrad", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    for (uint32_t d = 0; d < vn; d++) {
        uint32_t sd = d - c; /* the dim of self (d >= c) */
        int kd = d >= c && sd >= nd - k ? kind : MV_KEEP;
        a->kind[d] = kd;
        a->shift[d] = d >= c ? lo[sd] : 0;
        inner_range(kd, ov.view.shape[d], a->shift[d], d >= c ? hi[sd] : 0, &a->inner_lo[d], &a->inner_hi[d]);
    }
    a->rows_per_block = (int64_t)per;
    if ((st = aclemu_exec_tdesc(ex, a, &a->grad, &gv.view)) || (st = aclemu_exec_tdesc(ex, a, &a->out, &ov.view)))
        return st;
    if (!cplx)
        return ACLNN_SUCCESS;
    if ((st = aclemu_exec_bind_tensor(ex, a, &a->grad.addr, gradOutput)))
        return st;
    return aclemu_exec_bind_tensor(ex, a, &a->out.addr, gradInput);
}

#define PAD_GRAD(name, k, kind)                                                                                    \
    aclnnStatus aclemu_plan_##name(aclOpExecutor *executor, const aclTensor *gradOutput, const aclTensor *self,    \
                                   const aclIntArray *padding, aclTensor *gradInput)                               \
    {                                                                                                              \
        return plan_pad_grad(executor, gradOutput, self, padding, gradInput, k, kind);                             \
    }
PAD_GRAD(ReflectionPad1dBackward, 1, MV_REFLECT)
PAD_GRAD(ReflectionPad2dBackward, 2, MV_REFLECT)
PAD_GRAD(ReflectionPad3dBackward, 3, MV_REFLECT)
PAD_GRAD(ReplicationPad1dBackward, 1, MV_REPLICATE)
PAD_GRAD(ReplicationPad2dBackward, 2, MV_REPLICATE)
PAD_GRAD(ReplicationPad3dBackward, 3, MV_REPLICATE)
PAD_GRAD(CircularPad2dBackward, 2, MV_ROLL)
PAD_GRAD(CircularPad3dBackward, 3, MV_ROLL)
