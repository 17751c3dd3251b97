/* Convolution parameter checks and contiguous operands (see conv_common.h). */
#include <string.h>

#include "conv_common.h"

#define DIM_MAX 1000000

static aclnnStatus array_len(const char *api, const aclIntArray *a, const char *name, uint64_t lo, uint64_t hi)
{
    if (a->size >= lo && a->size <= hi)
        return ACLNN_SUCCESS;
    if (lo == hi)
        return ACLEMU_PARAM_ERROR(api, "The length of %s should be %llu, but got %llu.", name, (unsigned long long)lo,
                                  (unsigned long long)a->size);
    return ACLEMU_PARAM_ERROR(api, "The length of %s should be in [%llu, %llu], but got %llu.", name,
                              (unsigned long long)lo, (unsigned long long)hi, (unsigned long long)a->size);
}

static aclnnStatus range(const char *api, const char *name, int i, int64_t v, int64_t lo, int64_t hi)
{
    if (v >= lo && v <= hi)
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s[%d] = %lld should be in [%lld, %lld].", name, i, (long long)v, (long long)lo,
                              (long long)hi);
}

aclnnStatus conv_check_format(const char *api, const aclTensor *t, const char *name)
{
    static const aclFormat by_rank[6] = {ACL_FORMAT_ND, ACL_FORMAT_ND, ACL_FORMAT_ND, ACL_FORMAT_NCL, ACL_FORMAT_NCHW,
                                         ACL_FORMAT_NCDHW};
    if (t->ndim >= 3 && t->ndim <= 5 && (t->format == by_rank[t->ndim] || t->format == ACL_FORMAT_ND))
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "%s format %s is not supported for a %u-D tensor: expected NCL, NCHW or NCDHW "
                                   "by rank.",
                              name, aclemu_format_name(t->format), t->ndim);
}

aclnnStatus conv_check_geom(const char *api, const aclTensor *input, const aclTensor *weight,
                            const aclIntArray *stride, const aclIntArray *padding, const aclIntArray *dilation,
                            bool transposed, const aclIntArray *outputPadding, int64_t groups, conv_geom *g)
{
    char s1[128], s2[128];
    aclnnStatus st;
    aclemu_family fam = aclemu_op_profile()->family;
    memset(g, 0, sizeof *g);
    if (input->ndim < 3 || input->ndim > 5)
        return ACLEMU_PARAM_ERROR(api, "input dim num %u should be 3, 4 or 5 (NCL, NCHW, NCDHW).", input->ndim);
    if (weight->ndim != input->ndim)
        return ACLEMU_PARAM_ERROR(api, "weight dim num %u should equal input dim num %u.", weight->ndim, input->ndim);
    int nsp = (int)input->ndim - 2;
    if (fam == ACLEMU_FAMILY_310B && (nsp != 2 || transposed))
        return ACLEMU_PARAM_ERROR(api, "only 2D convolution with transposed=false is supported by the current SOC "
                                       "version [%s].",
                                  aclemu_op_profile()->short_soc_version);
    for (uint32_t i = 0; i < input->ndim; i++)
        if (input->shape[i] > DIM_MAX || weight->shape[i] > DIM_MAX)
            return ACLEMU_PARAM_ERROR(api, "every dim of input %s and weight %s should be no more than %d.",
                                      cube_shape_str(input, s1, sizeof s1), cube_shape_str(weight, s2, sizeof s2),
                                      DIM_MAX);
    if ((st = array_len(api, stride, "stride", (uint64_t)nsp, (uint64_t)nsp)) ||
        (st = array_len(api, dilation, "dilation", (uint64_t)nsp, (uint64_t)nsp)))
        return st;
    uint64_t plo = (uint64_t)nsp, phi = (uint64_t)nsp;
    if (nsp == 1 && !transposed)
        phi = 2;
    if (nsp == 2)
        phi = 4;
    if ((st = array_len(api, padding, "padding", plo, phi)))
        return st;
    if (nsp == 2 && padding->size == 3)
        return ACLEMU_PARAM_ERROR(api, "The length of padding should be 2 or 4 for conv2d, but got 3.");
    if (groups < 1 || groups > 65535)
        return ACLEMU_PARAM_ERROR(api, "groups %lld should be in [1, 65535].", (long long)groups);

    gemm_conv_params *cp = &g->cp;
    cp->nsp = nsp;
    cp->transposed = transposed;
    cp->groups = groups;
    cp->batch = input->shape[0];
    cp->cin = input->shape[1];
    if (!transposed) {
        if (weight->shape[1] * groups != input->shape[1])
            return ACLEMU_PARAM_ERROR(api, "groups %lld * weight C %lld should equal input C %lld.", (long long)groups,
                                      (long long)weight->shape[1], (long long)input->shape[1]);
        cp->cout = weight->shape[0];
        if (cp->cout % groups)
            return ACLEMU_PARAM_ERROR(api, "weight N %lld should be divisible by groups %lld.", (long long)cp->cout,
                                      (long long)groups);
    } else {
        if (weight->shape[0] != input->shape[1] || input->shape[1] % groups)
            return ACLEMU_PARAM_ERROR(api, "transposed: weight N %lld should equal input C %lld and be divisible by "
                                           "groups %lld.",
                                      (long long)weight->shape[0], (long long)input->shape[1], (long long)groups);
        cp->cout = weight->shape[1] * groups;
    }
    int conv3d = nsp == 3;
    for (int d = 0; d < nsp; d++) {
        int64_t s = stride->data[d], dl = dilation->data[d], k = weight->shape[2 + d];
        int hw = !conv3d || d > 0; /* H/W dims of a 3-D conv, every dim of 1-D/2-D */
        if ((st = range(api, "stride", d, s, 1, (conv3d && hw) ? 63 : DIM_MAX)) ||
            (st = range(api, "dilation", d, dl, 1, hw ? 255 : DIM_MAX)))
            return st;
        if (transposed && hw && (st = range(api, "weight spatial dim", d, k, 1, 255)))
            return st;
        if (!transposed && conv3d && hw && (st = range(api, "weight spatial dim", d, k, 1, 511)))
            return st;
        if (fam == ACLEMU_FAMILY_310P && ((st = range(api, "weight spatial dim", d, k, 1, 255)) ||
                                          (hw && (st = range(api, "input spatial dim", d, input->shape[2 + d], 0, 4096)))))
            return st;
        if (k < 1)
            return ACLEMU_PARAM_ERROR(api, "weight spatial dim %d should be positive.", d);
        cp->ksz[d] = k;
        cp->in[d] = input->shape[2 + d];
        cp->stride[d] = s;
        cp->dil[d] = dl;
    }
    for (uint64_t i = 0; i < padding->size; i++)
        if ((st = range(api, "padding", (int)i, padding->data[i], 0, 255)))
            return st;
    for (int d = 0; d < nsp; d++) {
        if (padding->size == (uint64_t)nsp) {
            cp->pad_lo[d] = cp->pad_hi[d] = padding->data[d];
        } else if (nsp == 1) { /* conv1d: [left, right] */
            cp->pad_lo[0] = padding->data[0];
            cp->pad_hi[0] = padding->data[1];
        } else { /* conv2d 4 values: top, bottom, left, right */
            cp->pad_lo[d] = padding->data[2 * d];
            cp->pad_hi[d] = padding->data[2 * d + 1];
        }
    }
    if (transposed) {
        if (!outputPadding)
            return ACLEMU_NULL_ERROR(api, "outputPadding should not be nullptr.");
        if ((st = array_len(api, outputPadding, "outputPadding", (uint64_t)nsp, (uint64_t)nsp)))
            return st;
        for (int d = 0; d < nsp; d++) {
            int64_t op = outputPadding->data[d];
            if (op < 0 || (op >= cp->stride[d] && op >= cp->dil[d]))
                return ACLEMU_PARAM_ERROR(api, "outputPadding[%d] = %lld should be >= 0 and smaller than stride "
                                               "(%lld) or dilation (%lld).",
                                          d, (long long)op, (long long)cp->stride[d], (long long)cp->dil[d]);
            cp->out_pad[d] = op;
        }
    }
    g->rank = input->ndim;
    g->out_shape[0] = cp->batch;
    g->out_shape[1] = cp->cout;
    for (int d = 0; d < nsp; d++) {
        if (!transposed) {
            int64_t span = cp->dil[d] * (cp->ksz[d] - 1) + 1;
            if (cp->in[d] + cp->pad_lo[d] + cp->pad_hi[d] < span)
                return ACLEMU_PARAM_ERROR(api, "input spatial size %lld after padding is smaller than the dilated "
                                               "kernel size %lld (dim %d).",
                                          (long long)(cp->in[d] + cp->pad_lo[d] + cp->pad_hi[d]), (long long)span, d);
        }
        cp->out[d] = gemm_conv_out_size(cp, d);
        if (cp->out[d] <= 0)
            return ACLEMU_PARAM_ERROR(api, "inferred output spatial size %lld (dim %d) should be positive.",
                                      (long long)cp->out[d], d);
        g->out_shape[2 + d] = cp->out[d];
    }
    return ACLNN_SUCCESS;
}

static uint64_t synth(int slot, const aclTensor *t)
{
    return CUBE_SYNTH_BASE(slot) + (uint64_t)t->offset * aclemu_dtype_size(t->dtype);
}

aclnnStatus conv_operand_in(aclOpExecutor *ex, conv_operand *o, const aclTensor *t, int slot)
{
    o->t = t;
    o->slot = slot;
    o->ws = -1;
    if (aclemu_tensor_is_contiguous(t)) {
        o->synth = synth(slot, t);
        return ACLNN_SUCCESS;
    }
    o->ws = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)aclemu_tensor_numel(t) * aclemu_dtype_size(t->dtype));
    o->synth = CUBE_SYNTH_BASE(slot);
    return cube_launch_copy(ex, NULL, o->ws, t->dtype, t, -1, t->dtype);
}

void conv_operand_out(aclOpExecutor *ex, conv_operand *o, const aclTensor *t, int slot)
{
    o->t = t;
    o->slot = slot;
    o->ws = -1;
    if (aclemu_tensor_is_contiguous(t)) {
        o->synth = synth(slot, t);
        return;
    }
    o->ws = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)aclemu_tensor_numel(t) * aclemu_dtype_size(t->dtype));
    o->synth = CUBE_SYNTH_BASE(slot);
}

aclnnStatus conv_operand_finish(aclOpExecutor *ex, const conv_operand *o)
{
    if (o->ws < 0)
        return ACLNN_SUCCESS;
    return cube_launch_copy(ex, o->t, -1, o->t->dtype, NULL, o->ws, o->t->dtype);
}

conv_operand conv_operand_reslot(const conv_operand *o, int slot)
{
    conv_operand r = *o;
    r.slot = slot;
    r.synth = o->synth - CUBE_SYNTH_BASE(o->slot) + CUBE_SYNTH_BASE(slot);
    return r;
}

void conv_operand_bind(cube_bind *bind, const conv_operand *o)
{
    bind[o->slot].t = o->ws < 0 ? o->t : NULL;
    bind[o->slot].ws_off = o->ws;
}

/* ---- FRACTAL_Z weights ------------------------------------------------------------------------ */
static int64_t gcd64(int64_t a, int64_t b)
{
    while (b) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

int conv_fz_geometry(conv_fz_geom *g, const int64_t *nchw, int64_t groups)
{
    memset(g, 0, sizeof *g);
    for (int i = 0; i < 4; i++)
        if (nchw[i] <= 0)
            return -1;
    g->n = nchw[0];
    g->c = nchw[1];
    g->h = nchw[2];
    g->w = nchw[3];
    g->groups = groups > 1 && g->n >= groups ? groups : 1;
    g->cin = g->c;
    g->cout = g->n / g->groups;
    /* lcm(lcm(cin, 16) / cin, lcm(cout, 16) / cout) = lcm(16 / gcd(cin, 16), 16 / gcd(cout, 16)) */
    int64_t a = CONV_FZ_C0 / gcd64(g->cin, CONV_FZ_C0), b = CONV_FZ_C0 / gcd64(g->cout, CONV_FZ_C0);
    int64_t l = a / gcd64(a, b) * b;
    g->e = l < g->groups ? l : g->groups;
    int64_t ecin, ecout, rows, row_elems, numel;
    if (__builtin_mul_overflow(g->e, g->cin, &ecin) || ecin > INT64_MAX - CONV_FZ_C0 ||
        __builtin_mul_overflow(g->e, g->cout, &ecout) || ecout > INT64_MAX - CONV_FZ_C0)
        return -1;
    g->c1 = ceil_div(ecin, CONV_FZ_C0);
    g->n1 = ceil_div(ecout, CONV_FZ_C0);
    g->g_dim = ceil_div(g->groups, g->e);
    if (__builtin_mul_overflow(g->n1, CONV_FZ_C0, &g->cout_opt) ||
        __builtin_mul_overflow(g->cout_opt, CONV_FZ_C0, &row_elems) ||
        __builtin_mul_overflow(g->g_dim, g->c1, &rows) || __builtin_mul_overflow(rows, g->h, &rows) ||
        __builtin_mul_overflow(rows, g->w, &rows) || __builtin_mul_overflow(rows, row_elems, &numel) ||
        numel > ACLEMU_TENSOR_SIZE_MAX)
        return -1;
    g->shape[0] = rows;
    g->shape[1] = g->n1;
    g->shape[2] = CONV_FZ_C0;
    g->shape[3] = CONV_FZ_C0;
    g->numel = numel;
    return 0;
}

aclnnStatus conv_fz_launch(aclOpExecutor *ex, int mode, const aclTensor *t, int64_t ws_off, const conv_fz_geom *g)
{
    int64_t items = mode == CONV_FZ_PACK ? g->shape[0] : g->n * g->c;
    uint32_t maxb = cube_max_blocks(), nb = items < (int64_t)maxb ? (uint32_t)items : maxb;
    conv_fz_args *a = (conv_fz_args *)aclemu_exec_add_launch(ex, "ConvFz", nb, sizeof(conv_fz_args));
    if (!a)
        return ACLNN_ERR_INNER;
    a->mode = mode;
    a->src_dtype = (int32_t)t->dtype;
    a->n = g->n;
    a->c = g->c;
    a->h = g->h;
    a->w = g->w;
    a->groups = g->groups;
    a->cin = g->cin;
    a->cout = g->cout;
    a->e = g->e;
    a->c1 = g->c1;
    a->cout_opt = g->cout_opt;
    if (mode == CONV_FZ_PACK) {
        a->sn = t->stride[0];
        a->sc = t->stride[1];
        a->sh = t->stride[2];
        a->sw = t->stride[3];
    }
    a->src_off = t->offset * (int64_t)aclemu_dtype_size(t->dtype);
    a->items = items;
    a->per_block = (items + nb - 1) / nb;
    aclnnStatus st = aclemu_exec_bind_tensor(ex, a, &a->src, t);
    return st ? st : aclemu_exec_bind_workspace(ex, a, &a->dst, (uint64_t)ws_off);
}

aclnnStatus conv_check_fz_weight(const char *api, const aclTensor *input, const aclTensor *weight, int64_t groups,
                                 conv_fz_geom *g)
{
    char s1[128], s2[128], s3[128];
    if (aclemu_op_profile()->family != ACLEMU_FAMILY_310P)
        return ACLEMU_PARAM_ERROR(api, "filter format FRACTAL_Z is not supported: The value of this parameter can be "
                                       "FRACTAL_Z only when the SoC version is Ascend310P, now soc is %s.",
                                  aclemu_op_profile()->short_soc_version);
    if (input->dtype != weight->dtype)
        return ACLEMU_PARAM_ERROR(api, "x, filter dtypes %s, %s are invalid: the dtypes of x and filter must be the "
                                       "same when filter is FRACTAL_Z.",
                                  aclemu_dtype_name(input->dtype), aclemu_dtype_name(weight->dtype));
    if (weight->dtype != ACL_FLOAT16)
        return ACLEMU_PARAM_ERROR(api, "filter dtype %s is not supported in format FRACTAL_Z: expected DT_FLOAT16 (the "
                                       "weight aclnnTransConvolutionWeight writes).",
                                  aclemu_dtype_name(weight->dtype));
    int ok = conv_fz_geometry(g, weight->shape, groups) == 0 && weight->storage_ndim == 4;
    for (int i = 0; ok && i < 4; i++)
        ok = weight->storage_shape[i] == g->shape[i];
    if (!ok)
        return ACLEMU_PARAM_ERROR(api, "filter storage shape %s is not the FRACTAL_Z shape %s of filter %s with groups "
                                       "%lld.",
                                  aclemu_shape_str(weight->storage_shape, weight->storage_ndim, s1, sizeof s1),
                                  aclemu_shape_str(g->shape, 4, s2, sizeof s2), cube_shape_str(weight, s3, sizeof s3),
                                  (long long)groups);
    return aclemu_check_device_bytes(api, weight, "filter", (uint64_t)g->numel * 2);
}

aclnnStatus conv_operand_in_fz(aclOpExecutor *ex, conv_operand *o, const aclTensor *t, int slot,
                               const conv_fz_geom *g)
{
    o->t = t;
    o->slot = slot;
    o->ws = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)aclemu_tensor_numel(t) * 2);
    o->synth = CUBE_SYNTH_BASE(slot);
    return conv_fz_launch(ex, CONV_FZ_UNPACK, t, o->ws, g);
}
