/* aclnnQuantConvolution: the checks of ops-nn aclnn_quant_convolution.cpp in its order (null,
 * dtypes, dims, formats, values, SoC), then three steps (qconv_args.h): the INT8 / FP8 / HiF8
 * input and weight decoded to FP32 in the workspace, aclnnConvolution's implicit-GEMM forward
 * convolution (FP32 accumulator in the workspace), the per-channel dequantisation into output.
 *
 * Chips (doc columns): Atlas A2 / A3 — 3-D only (NCDHW), INT8 x INT8, FLOAT scale, a bias of
 * FLOAT16 / BFLOAT16 / FLOAT (required), FLOAT16 / BFLOAT16 output, groups 1, 3 pads, offsetx
 * and roundMode not used; Ascend 950 — 2-D (NCHW) and 3-D, INT8 / HIFLOAT8 / FLOAT8_E4M3FN,
 * scale FLOAT / INT64 / UINT64 (quant parameters), optional bias (INT32 with a FLOAT16 INT8 route),
 * groups, 2/4 (2-D) or 3/6 (3-D) pads, offsetx (the pad value of INT8 inputs on the QuantConv
 * routes) and roundMode (rint for FLOAT8 output, round for HIFLOAT8).
 * aclnnQuantConvolutionWeightNz: the same with a 3-D weight in FRACTAL_Z_3D (its storage
 * [D*C1*H*W, N1, 16, 32], C0 = 32, N0 = 16; the view keeps the NCDHW shape), decoded from that
 * layout (QCONV_DECODE_FZ3D). */
#include <stdio.h>
#include <string.h>

#include "aclemu_plans.h"
#include "conv_common.h"
#include "qconv_args.h"

#define QCONV_DIM_MAX 1000000

typedef struct qconv_combo {
    aclDataType x, w, y, b; /* input, weight, output, bias (the real table's order) */
} qconv_combo;

static const qconv_combo QCONV_A2[] = {
    {ACL_INT8, ACL_INT8, ACL_BF16, ACL_FLOAT},
    {ACL_INT8, ACL_INT8, ACL_BF16, ACL_BF16},
    {ACL_INT8, ACL_INT8, ACL_FLOAT16, ACL_FLOAT},
    {ACL_INT8, ACL_INT8, ACL_FLOAT16, ACL_FLOAT16},
};

static const qconv_combo QCONV_950[] = {
    {ACL_INT8, ACL_INT8, ACL_FLOAT16, ACL_INT32},
    {ACL_INT8, ACL_INT8, ACL_BF16, ACL_FLOAT},
    {ACL_INT8, ACL_INT8, ACL_BF16, ACL_BF16},
    {ACL_INT8, ACL_INT8, ACL_FLOAT16, ACL_FLOAT},
    {ACL_INT8, ACL_INT8, ACL_FLOAT16, ACL_FLOAT16},
    {ACL_HIFLOAT8, ACL_HIFLOAT8, ACL_FLOAT, ACL_FLOAT},
    {ACL_HIFLOAT8, ACL_HIFLOAT8, ACL_FLOAT16, ACL_FLOAT},
    {ACL_HIFLOAT8, ACL_HIFLOAT8, ACL_BF16, ACL_FLOAT},
    {ACL_HIFLOAT8, ACL_HIFLOAT8, ACL_HIFLOAT8, ACL_FLOAT},
    {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E4M3FN, ACL_FLOAT, ACL_FLOAT},
    {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E4M3FN, ACL_FLOAT16, ACL_FLOAT},
    {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E4M3FN, ACL_BF16, ACL_FLOAT},
    {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E4M3FN, ACL_FLOAT},
};

static const char *dn(aclDataType dt) { return aclemu_dtype_name(dt); }

static aclnnStatus qconv_check_dtypes(const char *api, int dav, const aclTensor *x, const aclTensor *w,
                                      const aclTensor *b, const aclTensor *scale, const aclTensor *y)
{
    if (dav && scale->dtype != ACL_INT64 && scale->dtype != ACL_UINT64 && scale->dtype != ACL_FLOAT)
        return ACLEMU_PARAM_ERROR(api, "scale dtype %s is invalid: expected one of {DT_INT64, DT_UINT64, DT_FLOAT}.",
                                  dn(scale->dtype));
    if (!dav && scale->dtype != ACL_FLOAT)
        return ACLEMU_PARAM_ERROR(api, "scale dtype %s is invalid: expected DT_FLOAT.", dn(scale->dtype));
    const qconv_combo *tab = dav ? QCONV_950 : QCONV_A2;
    size_t n = dav ? sizeof QCONV_950 / sizeof QCONV_950[0] : sizeof QCONV_A2 / sizeof QCONV_A2[0];
    for (size_t i = 0; i < n; i++)
        if (tab[i].x == x->dtype && tab[i].w == w->dtype && tab[i].y == y->dtype && (!b || tab[i].b == b->dtype))
            return ACLNN_SUCCESS;
    char list[2048];
    size_t at = 0;
    for (size_t i = 0; i < n && at < sizeof list; i++) {
        int k = b ? snprintf(list + at, sizeof list - at, "%s[%s, %s, %s, %s]", i ? ", " : "", dn(tab[i].x),
                             dn(tab[i].w), dn(tab[i].y), dn(tab[i].b))
                  : snprintf(list + at, sizeof list - at, "%s[%s, %s, %s]", i ? ", " : "", dn(tab[i].x),
                             dn(tab[i].w), dn(tab[i].y));
        if (k < 0)
            break;
        at += (size_t)k;
    }
    if (b)
        return ACLEMU_PARAM_ERROR(api, "x, filter, bias, y dtypes %s, %s, %s, %s are invalid: The dtypes of these "
                                       "parameters support only the following combinations: %s.",
                                  dn(x->dtype), dn(w->dtype), dn(b->dtype), dn(y->dtype), list);
    return ACLEMU_PARAM_ERROR(api, "x, filter, y dtypes %s, %s, %s are invalid: The dtypes of these parameters "
                                   "support only the following combinations: %s.",
                              dn(x->dtype), dn(w->dtype), dn(y->dtype), list);
}

static aclnnStatus qconv_check_dims(const char *api, int dav, const aclTensor *x, const aclTensor *w,
                                    const aclTensor *b, const aclTensor *scale, const aclTensor *y,
                                    const aclIntArray *stride, const aclIntArray *padding, const aclIntArray *dilation)
{
    if (scale->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "scale dim num %u is invalid: expected 1.", scale->ndim);
    if (b && b->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "bias dim num %u is invalid: expected 1.", b->ndim);
    const aclTensor *ts[3] = {x, w, y};
    const char *names[3] = {"x", "filter", "y"};
    for (int i = 0; i < 3; i++) {
        if (dav && ts[i]->ndim != 4 && ts[i]->ndim != 5)
            return ACLEMU_PARAM_ERROR(api, "%s dim num %u is invalid: expected 4 or 5.", names[i], ts[i]->ndim);
        if (!dav && ts[i]->ndim != 5)
            return ACLEMU_PARAM_ERROR(api, "%s dim num %u is invalid: expected 5.", names[i], ts[i]->ndim);
    }
    if (x->ndim != w->ndim || x->ndim != y->ndim)
        return ACLEMU_PARAM_ERROR(api, "x, filter, y dim nums %u, %u, %u are invalid: the dims of these parameters "
                                       "must be the same.",
                                  x->ndim, w->ndim, y->ndim);
    uint64_t nsp = x->ndim - 2;
    if (stride->size != nsp)
        return ACLEMU_PARAM_ERROR(api, "strides list size %llu is invalid: expected %llu.",
                                  (unsigned long long)stride->size, (unsigned long long)nsp);
    if (dilation->size != nsp)
        return ACLEMU_PARAM_ERROR(api, "dilations list size %llu is invalid: expected %llu.",
                                  (unsigned long long)dilation->size, (unsigned long long)nsp);
    if (!dav && padding->size != nsp)
        return ACLEMU_PARAM_ERROR(api, "pads list size %llu is invalid: expected %llu.",
                                  (unsigned long long)padding->size, (unsigned long long)nsp);
    if (padding->size != nsp && padding->size != 2 * nsp)
        return ACLEMU_PARAM_ERROR(api, "pads list size %llu is invalid: expected %llu or %llu.",
                                  (unsigned long long)padding->size, (unsigned long long)nsp,
                                  (unsigned long long)(2 * nsp));
    return ACLNN_SUCCESS;
}

static aclnnStatus qconv_check_formats(const char *api, int nz, const aclTensor *x, const aclTensor *w,
                                       const aclTensor *b, const aclTensor *scale, const aclTensor *y)
{
    if (b && b->format != ACL_FORMAT_ND)
        return ACLEMU_PARAM_ERROR(api, "bias format %s is invalid: expected ND.", aclemu_format_name(b->format));
    if (scale->format != ACL_FORMAT_ND)
        return ACLEMU_PARAM_ERROR(api, "scale format %s is invalid: expected ND.", aclemu_format_name(scale->format));
    aclFormat want = x->ndim == 4 ? ACL_FORMAT_NCHW : ACL_FORMAT_NCDHW;
    const aclTensor *ts[3] = {x, w, y};
    const char *names[3] = {"x", "filter", "y"};
    for (int i = 0; i < 3; i++) {
        if (i == 1 && nz && x->ndim == 5) {
            if (w->format != ACL_FRACTAL_Z_3D)
                return ACLEMU_PARAM_ERROR(api, "filter format %s is invalid: expected FRACTAL_Z_3D.",
                                          aclemu_format_name(w->format));
            continue;
        }
        if (ts[i]->format != want)
            return ACLEMU_PARAM_ERROR(api, "%s format %s is invalid: expected %s.", names[i],
                                      aclemu_format_name(ts[i]->format), aclemu_format_name(want));
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus qconv_array_gt0(const char *api, const char *name, const aclIntArray *a, int64_t lo)
{
    char buf[256];
    for (uint64_t i = 0; i < a->size; i++)
        if (a->data[i] < lo)
            return ACLEMU_PARAM_ERROR(api, "%s %s is invalid: shape[%llu] of this parameter should be greater than "
                                           "%s0.",
                                      name, aclemu_shape_str(a->data, (uint32_t)a->size, buf, sizeof buf),
                                      (unsigned long long)i, lo ? "" : "or equal to ");
    return ACLNN_SUCCESS;
}

/* Pads as (lo, hi) per spatial dim (2-D: 2 symmetric or top, bottom, left, right; 3-D: 3
 * symmetric or head, tail, top, bottom, left, right). */
static void qconv_pads(const aclIntArray *padding, int nsp, int64_t *lo, int64_t *hi)
{
    for (int d = 0; d < nsp; d++) {
        if (padding->size == (uint64_t)nsp) {
            lo[d] = hi[d] = padding->data[d];
        } else {
            lo[d] = padding->data[2 * d];
            hi[d] = padding->data[2 * d + 1];
        }
    }
}

/* The FRACTAL_Z_3D storage shape [D*C1*H*W, N1, 16, 32] of weight view w (4-D: D = 1). */
static void qconv_fz3d_shape(const aclTensor *w, int64_t *fz)
{
    const int64_t d = w->ndim == 5 ? w->shape[2] : 1, h = w->shape[w->ndim - 2], wd = w->shape[w->ndim - 1];
    fz[0] = d * ((w->shape[1] + 31) / 32) * h * wd;
    fz[1] = (w->shape[0] + 15) / 16;
    fz[2] = 16;
    fz[3] = 32;
}

static aclnnStatus qconv_check_values(const char *api, int dav, int nz, const aclTensor *x, const aclTensor *w,
                                      const aclTensor *b, const aclTensor *scale, const aclTensor *y,
                                      const aclIntArray *stride, const aclIntArray *padding,
                                      const aclIntArray *dilation, int64_t groups, int32_t offsetx,
                                      const char *roundMode, int64_t *out_shape)
{
    char s1[128], s2[128];
    static const char *xn = "x", *wn = "filter";
    const aclTensor *ts[2] = {x, w};
    const char *names[2] = {xn, wn};
    for (int t = 0; t < 2; t++)
        for (uint32_t i = 0; i < ts[t]->ndim; i++)
            if (ts[t]->shape[i] <= 0)
                return ACLEMU_PARAM_ERROR(api, "%s shape %s is invalid: Shape[%u] of %s must be greater than 0.",
                                          names[t], cube_shape_str(ts[t], s1, sizeof s1), i, names[t]);
    if (nz) {
        for (uint32_t i = 0; i < w->storage_ndim; i++)
            if (w->storage_shape[i] <= 0)
                return ACLEMU_PARAM_ERROR(api, "filter storage shape %s is invalid: Storage shape[%u] of filter must "
                                               "be greater than 0.",
                                          aclemu_shape_str(w->storage_shape, w->storage_ndim, s1, sizeof s1), i);
        int64_t fz[4];
        qconv_fz3d_shape(w, fz);
        int ok = w->storage_ndim == 4;
        for (int i = 0; ok && i < 4; i++)
            ok = w->storage_shape[i] == fz[i];
        if (!ok)
            return ACLEMU_PARAM_ERROR(api, "filter storage shape %s is invalid: The storage shape of filter should be "
                                           "[%lld, %lld, %lld, %lld].",
                                      aclemu_shape_str(w->storage_shape, w->storage_ndim, s1, sizeof s1),
                                      (long long)fz[0], (long long)fz[1], (long long)fz[2], (long long)fz[3]);
    }
    const int64_t cout = w->shape[0];
    if (b && b->shape[0] != cout)
        return ACLEMU_PARAM_ERROR(api, "bias, filter shapes %s, %s are invalid: shape[0] of bias must be equal to "
                                       "shape[0] of filter.",
                                  cube_shape_str(b, s1, sizeof s1), cube_shape_str(w, s2, sizeof s2));
    if (scale->shape[0] != cout)
        return ACLEMU_PARAM_ERROR(api, "scale, filter shapes %s, %s are invalid: shape[0] of scale must be equal to "
                                       "shape[0] of filter.",
                                  cube_shape_str(scale, s1, sizeof s1), cube_shape_str(w, s2, sizeof s2));
    aclnnStatus st;
    if ((st = qconv_array_gt0(api, "strides", stride, 1)) || (st = qconv_array_gt0(api, "dilations", dilation, 1)) ||
        (st = qconv_array_gt0(api, "pads", padding, 0)))
        return st;
    if (dav) {
        if (groups <= 0)
            return ACLEMU_PARAM_ERROR(api, "groups %lld is invalid: the value of this parameter must be greater than "
                                           "0.",
                                      (long long)groups);
        if (cout % groups)
            return ACLEMU_PARAM_ERROR(api, "filter shape %s is invalid: shape[0] of this parameter should be exactly "
                                           "divided by attribute groups(%lld).",
                                      cube_shape_str(w, s1, sizeof s1), (long long)groups);
    } else if (groups != 1) {
        return ACLEMU_PARAM_ERROR(api, "groups %lld is invalid: expected 1.", (long long)groups);
    }
    if (w->shape[1] * groups != x->shape[1])
        return ACLEMU_PARAM_ERROR(api, "x, filter shapes %s, %s are invalid: shape[1] of x must be equal to shape[1] "
                                       "of filter multiplied by attribute groups(%lld).",
                                  cube_shape_str(x, s1, sizeof s1), cube_shape_str(w, s2, sizeof s2),
                                  (long long)groups);
    if (dav) {
        const char *want = y->dtype == ACL_FLOAT8_E4M3FN ? "rint" : y->dtype == ACL_HIFLOAT8 ? "round" : NULL;
        if (want) {
            if (!roundMode)
                return ACLEMU_NULL_ERROR(api, "expected roundMode != nullptr, get nullptr.");
            if (strcmp(roundMode, want))
                return ACLEMU_PARAM_ERROR(api, "round_mode %s is invalid: expected '%s'.", roundMode, want);
        } else if (roundMode && roundMode[0]) {
            size_t len = strlen(roundMode);
            if (len > 1024)
                return ACLEMU_PARAM_ERROR(api, "round_mode is invalid: The string length %zu of this parameter "
                                               "exceeds the maximum value 1024.",
                                          len);
            for (size_t i = 0; i < len; i++) {
                char c = roundMode[i];
                if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'))
                    return ACLEMU_PARAM_ERROR(api, "round_mode %s is invalid: The parameter value contains invalid "
                                                   "character '%c'. Only '0-9', 'a-z', 'A-Z' and '_' is supported.",
                                              roundMode, c);
            }
        }
        if ((x->dtype == ACL_HIFLOAT8 || x->dtype == ACL_FLOAT8_E4M3FN) && offsetx != 0)
            return ACLEMU_PARAM_ERROR(api, "offset_x %d is invalid: If the dtype of x is DT_HIFLOAT8 or "
                                           "DT_FLOAT8_E4M3FN, attribute offset_x should be 0.",
                                      offsetx);
        if (offsetx > 127 || offsetx < -128)
            return ACLEMU_PARAM_ERROR(api, "offset_x %d is invalid: The current value is not within the valid range. "
                                           "The valid range is [-128, 127].",
                                      offsetx);
    }
    for (uint32_t i = 0; i < y->ndim; i++)
        if (y->shape[i] <= 0)
            return ACLEMU_PARAM_ERROR(api, "y %s is invalid: shape[%u] of this parameter should be greater than 0.",
                                      cube_shape_str(y, s1, sizeof s1), i);
    const int nsp = (int)x->ndim - 2;
    int64_t lo[3], hi[3];
    qconv_pads(padding, nsp, lo, hi);
    out_shape[0] = x->shape[0];
    out_shape[1] = cout;
    for (int d = 0; d < nsp; d++)
        out_shape[2 + d] = (x->shape[2 + d] + lo[d] + hi[d] - dilation->data[d] * (w->shape[2 + d] - 1) - 1) /
                               stride->data[d] +
                           1;
    for (uint32_t i = 0; i < y->ndim; i++)
        if (y->shape[i] != out_shape[i])
            return ACLEMU_PARAM_ERROR(api, "y shape %s is invalid: shape[%u] of y must be equal to its inferred "
                                           "value(%lld).",
                                      cube_shape_str(y, s1, sizeof s1), i, (long long)out_shape[i]);
    return ACLNN_SUCCESS;
}

/* The doc's value ranges, which the real L0 kernels enforce (H / W: stride [1, 63], dilation
 * [1, 255], pads [0, 255]; D up to 1000000; every dim of input / weight / bias / scale below
 * 1000000). */
static aclnnStatus qconv_check_limits(const char *api, const aclTensor *x, const aclTensor *w, const aclTensor *b,
                                      const aclTensor *scale, const aclIntArray *stride, const aclIntArray *padding,
                                      const aclIntArray *dilation)
{
    const aclTensor *ts[4] = {x, w, b, scale};
    const char *names[4] = {"input", "weight", "bias", "scale"};
    char s1[128];
    for (int t = 0; t < 4; t++)
        for (uint32_t i = 0; ts[t] && i < ts[t]->ndim; i++)
            if (ts[t]->shape[i] >= QCONV_DIM_MAX)
                return ACLEMU_PARAM_ERROR(api, "every dim of %s %s should be smaller than %d.", names[t],
                                          cube_shape_str(ts[t], s1, sizeof s1), QCONV_DIM_MAX);
    const int nsp = (int)x->ndim - 2;
    int64_t lo[3], hi[3];
    qconv_pads(padding, nsp, lo, hi);
    for (int d = 0; d < nsp; d++) {
        const int hw = nsp == 2 || d > 0;
        const char *dim = nsp == 2 ? (d ? "W" : "H") : (d == 0 ? "D" : d == 1 ? "H" : "W");
        const int64_t smax = hw ? 63 : QCONV_DIM_MAX, dmax = hw ? 255 : QCONV_DIM_MAX, pmax = hw ? 255 : QCONV_DIM_MAX;
        if (stride->data[d] > smax)
            return ACLEMU_PARAM_ERROR(api, "stride%s %lld should be in [1, %lld].", dim, (long long)stride->data[d],
                                      (long long)smax);
        if (dilation->data[d] > dmax)
            return ACLEMU_PARAM_ERROR(api, "dilation%s %lld should be in [1, %lld].", dim,
                                      (long long)dilation->data[d], (long long)dmax);
        if (lo[d] > pmax || hi[d] > pmax)
            return ACLEMU_PARAM_ERROR(api, "padding%s [%lld, %lld] should be in [0, %lld].", dim, (long long)lo[d],
                                      (long long)hi[d], (long long)pmax);
    }
    return ACLNN_SUCCESS;
}

/* A QConv launch over `planes` (n, c) planes; fills *a's common fields. */
static qconv_args *qconv_launch(aclOpExecutor *ex, int64_t planes)
{
    uint32_t maxb = cube_max_blocks(), nb = planes < (int64_t)maxb ? (uint32_t)planes : maxb;
    qconv_args *a = (qconv_args *)aclemu_exec_add_launch(ex, "QConv", nb, sizeof(qconv_args));
    if (!a)
        return NULL;
    memset(a, 0, sizeof *a);
    a->planes = planes;
    a->per_block = (planes + nb - 1) / nb;
    return a;
}

/* Spatial sizes / strides of t (rank 4 or 5) right-aligned into three dims. */
static void qconv_spatial(const aclTensor *t, int64_t *sz, int64_t *ss)
{
    const int nsp = (int)t->ndim - 2, off = 3 - nsp;
    for (int d = 0; d < 3; d++) {
        sz[d] = d < off ? 1 : t->shape[2 + d - off];
        ss[d] = d < off ? 0 : t->stride[2 + d - off];
    }
}

/* Decodes t into a new FP32 workspace buffer (padded by lo / hi, border = fill). */
static aclnnStatus qconv_decode(aclOpExecutor *ex, const aclTensor *t, const int64_t *lo, const int64_t *hi,
                                float fill, int64_t *ws)
{
    int64_t sz[3], ss[3], elems = t->shape[0] * t->shape[1];
    qconv_spatial(t, sz, ss);
    for (int d = 0; d < 3; d++)
        elems *= sz[d] + lo[d] + hi[d];
    *ws = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)elems * 4);
    qconv_args *a = qconv_launch(ex, t->shape[0] * t->shape[1]);
    if (!a)
        return ACLNN_ERR_INNER;
    a->mode = QCONV_DECODE;
    a->src_dtype = (int32_t)t->dtype;
    a->src_off = t->offset;
    a->fill = fill;
    a->n = t->shape[0];
    a->c = t->shape[1];
    a->sn = t->stride[0];
    a->sc = t->stride[1];
    for (int d = 0; d < 3; d++) {
        a->sz[d] = sz[d];
        a->ss[d] = ss[d];
        a->lo[d] = lo[d];
        a->hi[d] = hi[d];
    }
    aclnnStatus st = aclemu_exec_bind_tensor(ex, a, &a->src, t);
    return st ? st : aclemu_exec_bind_workspace(ex, a, &a->dst, (uint64_t)*ws);
}

/* Decodes a FRACTAL_Z_3D weight (view [N, C, D, H, W]) into a new contiguous FP32 buffer. */
static aclnnStatus qconv_decode_fz3d(aclOpExecutor *ex, const aclTensor *t, int64_t *ws)
{
    int64_t fz[4];
    qconv_fz3d_shape(t, fz);
    *ws = (int64_t)aclemu_exec_alloc_workspace(ex, (uint64_t)aclemu_tensor_numel(t) * 4);
    qconv_args *a = qconv_launch(ex, t->shape[0] * t->shape[1]);
    if (!a)
        return ACLNN_ERR_INNER;
    a->mode = QCONV_DECODE_FZ3D;
    a->src_dtype = (int32_t)t->dtype;
    a->src_off = t->offset;
    a->n = t->shape[0];
    a->c = t->shape[1];
    for (int d = 0; d < 3; d++)
        a->sz[d] = t->shape[2 + d];
    a->fz_c1 = (t->shape[1] + 31) / 32;
    a->fz_n1 = fz[1];
    aclnnStatus st = aclemu_exec_bind_tensor(ex, a, &a->src, t);
    return st ? st : aclemu_exec_bind_workspace(ex, a, &a->dst, (uint64_t)*ws);
}

static aclnnStatus qconv_plan(aclOpExecutor *executor, int nz, const aclTensor *input, const aclTensor *weight,
                              const aclTensor *bias, const aclTensor *scale, const aclIntArray *stride,
                              const aclIntArray *padding, const aclIntArray *dilation, int64_t groups, int32_t offsetx,
                              const char *roundMode, aclTensor *output)
{
    const char *api = aclemu_exec_api(executor);
    const aclemu_family fam = aclemu_op_profile()->family;
    const int dav = fam == ACLEMU_FAMILY_950;
    aclnnStatus st;
    if ((!dav && (st = aclemu_check_notnull(api, bias, "bias"))) || (st = aclemu_check_notnull(api, input, "x")) ||
        (st = aclemu_check_notnull(api, weight, "filter")) || (st = aclemu_check_notnull(api, scale, "scale")) ||
        (st = aclemu_check_notnull(api, stride, "strides")) || (st = aclemu_check_notnull(api, padding, "pads")) ||
        (st = aclemu_check_notnull(api, output, "y")) || (st = aclemu_check_notnull(api, dilation, "dilations")))
        return st;
    int64_t out_shape[5];
    if ((st = qconv_check_dtypes(api, dav, input, weight, bias, scale, output)) ||
        (st = qconv_check_dims(api, dav, input, weight, bias, scale, output, stride, padding, dilation)) ||
        (st = qconv_check_formats(api, nz, input, weight, bias, scale, output)) ||
        (st = qconv_check_values(api, dav, nz, input, weight, bias, scale, output, stride, padding, dilation, groups,
                                 offsetx, roundMode, out_shape)))
        return st;
    if (!dav && fam != ACLEMU_FAMILY_A2 && fam != ACLEMU_FAMILY_A3)
        return ACLEMU_PARAM_ERROR(api, "SoC version %s is invalid: expected one of {Ascend910B, Ascend910_93, "
                                       "Ascend950}.",
                                  aclemu_op_profile()->short_soc_version);
    if ((st = qconv_check_limits(api, input, weight, bias, scale, stride, padding, dilation)))
        return st;
    const int fz3d = nz && input->ndim == 5;
    if (fz3d && (st = aclemu_check_device_bytes(api, weight, "filter", (uint64_t)(weight->storage_shape[0] *
                                                                                   weight->storage_shape[1] * 512))))
        return st;

    const int nsp = (int)input->ndim - 2, off = 3 - nsp;
    int64_t lo[3], hi[3], zero[3] = {0, 0, 0}, xlo[3] = {0, 0, 0}, xhi[3] = {0, 0, 0};
    qconv_pads(padding, nsp, lo, hi);
    /* offsetx is the pad value of an INT8 input on the 950's QuantConv routes (the 3-D INT8 route
       with a FLOAT scale runs Conv3DV2, which pads with zeros): the input is decoded pre-padded */
    const int fill = dav && offsetx != 0 && input->dtype == ACL_INT8 && !(nsp == 3 && scale->dtype == ACL_FLOAT);
    if (fill)
        for (int d = 0; d < nsp; d++) {
            xlo[off + d] = lo[d];
            xhi[off + d] = hi[d];
        }
    int64_t ws_x, ws_w;
    if ((st = qconv_decode(executor, input, xlo, xhi, fill ? (float)offsetx : 0.0f, &ws_x)) ||
        (st = fz3d ? qconv_decode_fz3d(executor, weight, &ws_w)
                   : qconv_decode(executor, weight, zero, zero, 0.0f, &ws_w)))
        return st;

    gemm_conv_params cp;
    memset(&cp, 0, sizeof cp);
    cp.nsp = nsp;
    cp.groups = groups;
    cp.batch = input->shape[0];
    cp.cin = input->shape[1];
    cp.cout = weight->shape[0];
    cp.math = GEMM_MATH_KEEP;
    cp.hf32_round = GEMM_HF32_RNE;
    cp.x_dtype = cp.w_dtype = cp.y_dtype = cp.bias_dtype = GEMM_F32;
    int64_t acc_elems = cp.batch * cp.cout;
    for (int d = 0; d < nsp; d++) {
        cp.in[d] = input->shape[2 + d] + (fill ? lo[d] + hi[d] : 0);
        cp.ksz[d] = weight->shape[2 + d];
        cp.stride[d] = stride->data[d];
        cp.dil[d] = dilation->data[d];
        cp.pad_lo[d] = fill ? 0 : lo[d];
        cp.pad_hi[d] = fill ? 0 : hi[d];
        cp.out[d] = out_shape[2 + d];
        acc_elems *= cp.out[d];
    }
    const int64_t ws_acc = (int64_t)aclemu_exec_alloc_workspace(executor, (uint64_t)acc_elems * 4);
    gemm_plan plan;
    if (gemm_conv_fwd_plan(&plan, &cp, (const void *)(uintptr_t)CUBE_SYNTH_BASE(CUBE_OP_B),
                           (const void *)(uintptr_t)CUBE_SYNTH_BASE(CUBE_OP_A), NULL,
                           (void *)(uintptr_t)CUBE_SYNTH_BASE(CUBE_OP_C), cube_max_blocks(),
                           cube_workers()) != GEMM_OK)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api, "convolution tiling failed.");
    cube_bind bind[CUBE_NOPS];
    for (int i = 0; i < CUBE_NOPS; i++) {
        bind[i].t = NULL;
        bind[i].ws_off = -1;
    }
    bind[CUBE_OP_B].ws_off = ws_x;
    bind[CUBE_OP_A].ws_off = ws_w;
    bind[CUBE_OP_C].ws_off = ws_acc;
    if ((st = cube_launch_plan(executor, &plan, bind)))
        return st;

    qconv_args *a = qconv_launch(executor, cp.batch * cp.cout);
    if (!a)
        return ACLNN_ERR_INNER;
    a->mode = QCONV_DEQUANT;
    a->dst_dtype = (int32_t)output->dtype;
    a->dst_off = output->offset * (int64_t)aclemu_dtype_size(output->dtype);
    a->scale_dtype = (int32_t)scale->dtype;
    a->scale_off = scale->offset;
    a->scale_s = scale->stride[0];
    a->n = cp.batch;
    a->c = cp.cout;
    a->sn = output->stride[0];
    a->sc = output->stride[1];
    qconv_spatial(output, a->sz, a->ss);
    if ((st = aclemu_exec_bind_workspace(executor, a, &a->src, (uint64_t)ws_acc)) ||
        (st = aclemu_exec_bind_tensor(executor, a, &a->dst, output)) ||
        (st = aclemu_exec_bind_tensor(executor, a, &a->scale, scale)))
        return st;
    if (bias) {
        a->bias_dtype = (int32_t)bias->dtype;
        a->bias_off = bias->offset;
        a->bias_s = bias->stride[0];
        if ((st = aclemu_exec_bind_tensor(executor, a, &a->bias, bias)))
            return st;
    }
    return ACLNN_SUCCESS;
}

/* offset (reserved: the doc says nullptr), transposed and outputPadding (reserved) are not read,
   as in the real op. */
aclnnStatus aclemu_plan_QuantConvolution(aclOpExecutor *executor, const aclTensor *input, const aclTensor *weight,
                                         const aclTensor *bias, const aclTensor *scale, const aclTensor *offset,
                                         const aclIntArray *stride, const aclIntArray *padding,
                                         const aclIntArray *dilation, bool transposed,
                                         const aclIntArray *outputPadding, int64_t groups, int32_t offsetx,
                                         const char *roundMode, aclTensor *output)
{
    (void)offset;
    (void)transposed;
    (void)outputPadding;
    return qconv_plan(executor, 0, input, weight, bias, scale, stride, padding, dilation, groups, offsetx, roundMode,
                      output);
}

aclnnStatus aclemu_plan_QuantConvolutionWeightNz(aclOpExecutor *executor, const aclTensor *input,
                                                 const aclTensor *weight, const aclTensor *bias,
                                                 const aclTensor *scale, const aclTensor *offset,
                                                 const aclIntArray *stride, const aclIntArray *padding,
                                                 const aclIntArray *dilation, bool transposed,
                                                 const aclIntArray *outputPadding, int64_t groups, int32_t offsetx,
                                                 const char *roundMode, aclTensor *output)
{
    (void)offset;
    (void)transposed;
    (void)outputPadding;
    return qconv_plan(executor, 1, input, weight, bias, scale, stride, padding, dilation, groups, offsetx, roundMode,
                      output);
}
