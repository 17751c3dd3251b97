#include "softmax.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "rowio.h"

/* columns of an inner>1 tile processed together */
#define TILE_W 64

static int softmax_rows(const vec_kernels *k, vec_buf x, vec_buf y, int64_t len, int is_log,
                        int64_t begin, int64_t end)
{
    float *tx = NULL, *ty = NULL, *te = NULL;
    if (x.dtype != VEC_DT_FLOAT) tx = malloc((size_t)len * 4);
    if (y.dtype != VEC_DT_FLOAT) ty = malloc((size_t)len * 4);
    if (is_log) te = malloc((size_t)len * 4); /* exp scratch: y may alias x */
    if ((x.dtype != VEC_DT_FLOAT && !tx) || (y.dtype != VEC_DT_FLOAT && !ty) || (is_log && !te)) {
        free(tx);
        free(ty);
        free(te);
        return -2;
    }
    for (int64_t r = begin; r < end; r++) {
        int64_t off = r * len;
        const float *xr = rowio_in(x, off, len, tx);
        float *yr = rowio_out(y, off, ty);
        float m = k->row_max(xr, len);
        if (m == -__builtin_inff())
            m = 0.0f; /* an all -Inf row: exp(-Inf - 0) = 0, sum 0 -> NaN as torch */
        if (is_log) {
            float s = k->row_exp_sum(xr, te, len, m);
            /* (x - m) - log(s): folding m and log(s) first would lose log(s) */
            k->row_affine(xr, yr, len, m, 1.0f, NULL, NULL);
            k->row_shift(yr, yr, len, -logf(s));
        } else {
            float s = k->row_exp_sum(xr, yr, len, m);
            k->row_scale(yr, yr, len, 1.0f / s);
        }
        rowio_store(y, off, len, yr);
    }
    free(tx);
    free(ty);
    free(te);
    return 0;
}

/* lines [begin, end) of an (outer, len, inner) tensor with inner > 1 */
static int softmax_cols(const vec_kernels *k, vec_buf x, vec_buf y, int64_t len, int64_t inner,
                        int is_log, int64_t begin, int64_t end)
{
    float *tile = malloc((size_t)len * TILE_W * 4);
    float *tmp = malloc(TILE_W * 4 * 3);
    if (!tile || !tmp) {
        free(tile);
        free(tmp);
        return -2;
    }
    float *mx = tmp, *sum = tmp + TILE_W, *e = tmp + 2 * TILE_W;
    vec_params one = vec_params_default();
    int64_t line = begin;
    while (line < end) {
        int64_t o = line / inner, j = line % inner;
        int64_t w = inner - j;
        if (w > end - line) w = end - line;
        if (w > TILE_W) w = TILE_W;
        char *xb = x.data, *yb = y.data;
        size_t xes = vec_dtype_size(x.dtype), yes = vec_dtype_size(y.dtype);
        for (int64_t r = 0; r < len; r++)
            vec_load_f32(xb + ((o * len + r) * inner + j) * xes, x.dtype, 1, tile + r * w, w);
        memcpy(mx, tile, (size_t)w * 4);
        for (int64_t r = 1; r < len; r++)
            k->binary[VEC_MAXIMUM](mx, tile + r * w, mx, w, &one);
        for (int64_t c = 0; c < w; c++)
            if (mx[c] == -__builtin_inff()) mx[c] = 0.0f;
        memset(sum, 0, (size_t)w * 4);
        for (int64_t r = 0; r < len; r++) {
            float *t = tile + r * w;
            k->binary[VEC_SUB](t, mx, t, w, &one);
            if (is_log) {
                k->unary[VEC_EXP](t, e, w, &one);
                k->binary[VEC_ADD](sum, e, sum, w, &one);
            } else {
                k->unary[VEC_EXP](t, t, w, &one);
                k->binary[VEC_ADD](sum, t, sum, w, &one);
            }
        }
        if (is_log)
            k->unary[VEC_LOG](sum, sum, w, &one);
        else
            for (int64_t c = 0; c < w; c++) sum[c] = 1.0f / sum[c];
        for (int64_t r = 0; r < len; r++) {
            float *t = tile + r * w;
            if (is_log)
                k->binary[VEC_SUB](t, sum, t, w, &one);
            else
                k->binary[VEC_MUL](t, sum, t, w, &one);
            vec_store_f32(t, yb + ((o * len + r) * inner + j) * yes, y.dtype, 1, w);
        }
        line += w;
    }
    free(tile);
    free(tmp);
    return 0;
}

/* DOUBLE tensors (aclnnSoftmax lists them): plain double loops, libm exp;
 * not a hot path. */
static void softmax_f64(const double *x, double *y, int64_t len, int64_t inner, int is_log,
                        int64_t begin, int64_t end)
{
    for (int64_t line = begin; line < end; line++) {
        int64_t base = (line / inner) * len * inner + line % inner;
        double m = -INFINITY, s = 0;
        for (int64_t r = 0; r < len; r++) {
            double v = x[base + r * inner];
            if (v > m || v != v) m = v;
        }
        if (m == -INFINITY) m = 0;
        for (int64_t r = 0; r < len; r++) s += exp(x[base + r * inner] - m);
        for (int64_t r = 0; r < len; r++) {
            double v = x[base + r * inner] - m;
            y[base + r * inner] = is_log ? v - log(s) : exp(v) / s;
        }
    }
}

static void softmax_bwd_f64(const double *dy, const double *y, double *dx, int64_t len,
                            int64_t inner, int is_log, int64_t begin, int64_t end)
{
    for (int64_t line = begin; line < end; line++) {
        int64_t base = (line / inner) * len * inner + line % inner;
        double s = 0;
        for (int64_t r = 0; r < len; r++) {
            int64_t k = base + r * inner;
            s += is_log ? dy[k] : dy[k] * y[k];
        }
        for (int64_t r = 0; r < len; r++) {
            int64_t k = base + r * inner;
            dx[k] = is_log ? dy[k] - exp(y[k]) * s : y[k] * (dy[k] - s);
        }
    }
}

int vec_softmax(vec_buf x, vec_buf y, int64_t outer, int64_t len, int64_t inner, int is_log,
                int64_t begin, int64_t end)
{
    if (x.dtype == VEC_DT_DOUBLE && y.dtype == VEC_DT_DOUBLE) {
        if (end > outer * inner) end = outer * inner;
        if (len > 0) softmax_f64(x.data, y.data, len, inner, is_log, begin, end);
        return 0;
    }
    if (!vec_dtype_is_float_io(x.dtype) || !vec_dtype_is_float_io(y.dtype))
        return -1;
    if (end > outer * inner) end = outer * inner;
    if (begin >= end || len <= 0)
        return 0;
    const vec_kernels *k = vec_kernels_get();
    if (inner == 1)
        return softmax_rows(k, x, y, len, is_log, begin, end);
    return softmax_cols(k, x, y, len, inner, is_log, begin, end);
}

int vec_softmax_backward(vec_buf dy, vec_buf y, vec_buf dx, int64_t outer, int64_t len,
                         int64_t inner, int is_log, int64_t begin, int64_t end)
{
    if (dy.dtype == VEC_DT_DOUBLE && y.dtype == VEC_DT_DOUBLE && dx.dtype == VEC_DT_DOUBLE) {
        if (end > outer * inner) end = outer * inner;
        if (len > 0) softmax_bwd_f64(dy.data, y.data, dx.data, len, inner, is_log, begin, end);
        return 0;
    }
    if (!vec_dtype_is_float_io(dy.dtype) || !vec_dtype_is_float_io(y.dtype) ||
        !vec_dtype_is_float_io(dx.dtype))
        return -1;
    if (end > outer * inner) end = outer * inner;
    if (begin >= end || len <= 0)
        return 0;
    const vec_kernels *k = vec_kernels_get();
    float *buf = malloc((size_t)len * 4 * 3);
    if (!buf)
        return -2;
    float *tdy = buf, *ty = buf + len, *tdx = buf + 2 * len;
    size_t s1 = vec_dtype_size(dy.dtype), s2 = vec_dtype_size(y.dtype), s3 = vec_dtype_size(dx.dtype);
    for (int64_t line = begin; line < end; line++) {
        int64_t o = line / inner, j = line % inner;
        const float *g, *yy;
        float *d;
        if (inner == 1) {
            g = rowio_in(dy, o * len, len, tdy);
            yy = rowio_in(y, o * len, len, ty);
            d = rowio_out(dx, o * len, tdx);
        } else {
            /* strided line: gather (inner > 1 backward is not a hot path) */
            int64_t base = o * len * inner + j;
            vec_load_f32((char *)dy.data + base * s1, dy.dtype, inner, tdy, len);
            vec_load_f32((char *)y.data + base * s2, y.dtype, inner, ty, len);
            g = tdy;
            yy = ty;
            d = tdx;
        }
        if (is_log)
            k->row_logsoftmax_bwd(g, yy, d, len, k->row_sum(g, len));
        else
            k->row_softmax_bwd(g, yy, d, len, k->row_dot(g, yy, len));
        if (inner == 1)
            rowio_store(dx, o * len, len, d);
        else
            vec_store_f32(d, (char *)dx.data + (o * len * inner + j) * s3, dx.dtype, inner, len);
    }
    free(buf);
    return 0;
}
