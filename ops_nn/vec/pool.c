#include "pool.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "rowio.h"

int64_t vec_pool_out_size(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d, int ceil_mode)
{
    if (s <= 0 || k <= 0 || d <= 0)
        return -1;
    int64_t span = in + 2 * p - d * (k - 1) - 1;
    if (span < 0)
        return -1;
    int64_t o = (span + (ceil_mode ? s - 1 : 0)) / s + 1;
    /* ceil mode: the last window must start inside the input or left pad */
    if (ceil_mode && (o - 1) * s >= in + p)
        o--;
    return o;
}

static int idx_ok(vec_buf b)
{
    return b.data == NULL || b.dtype == VEC_DT_INT32 || b.dtype == VEC_DT_INT64;
}

static void put_idx(vec_buf b, int64_t i, int64_t v)
{
    if (b.dtype == VEC_DT_INT32) ((int32_t *)b.data)[i] = (int32_t)v;
    else ((int64_t *)b.data)[i] = v;
}

static int64_t get_idx(vec_buf b, int64_t i)
{
    return b.dtype == VEC_DT_INT32 ? ((const int32_t *)b.data)[i] : ((const int64_t *)b.data)[i];
}

/* Max pool. Each input row is laid out padded with -Inf and split into `sw`
 * phases (phase r holds padded columns r, r+sw, ...), so the window element
 * j of every output column is one contiguous, vectorisable run. */
int vec_max_pool2d(vec_buf x, vec_buf y, vec_buf indices, const vec_pool2d *p, int64_t begin,
                   int64_t end)
{
    if (!vec_dtype_is_float_io(x.dtype) || !vec_dtype_is_float_io(y.dtype) || !idx_ok(indices))
        return -1;
    const int64_t H = p->H, W = p->W, OH = p->OH, OW = p->OW;
    if (begin >= end || OH <= 0 || OW <= 0)
        return 0;
    const vec_kernels *k = vec_kernels_get();
    int64_t wp = W + 2 * p->pw;
    int64_t need = (OW - 1) * p->sw + (p->kw - 1) * p->dw + 1;
    if (need > wp) wp = need;
    int64_t plen = (wp + p->sw - 1) / p->sw; /* per-phase length */
    int64_t rowlen = plen * p->sw;
    int64_t owp = (OW + 15) / 16 * 16; /* pool_max_step works in whole vectors */
    float *ph = calloc((size_t)(H * rowlen + 16), 4);
    float *prow = malloc((size_t)rowlen * 4);
    float *best = malloc((size_t)owp * 4 * 2);
    int32_t *bidx = malloc((size_t)owp * 4);
    int32_t *first = malloc((size_t)owp * 4);
    if (!ph || !prow || !best || !bidx || !first) {
        free(ph); free(prow); free(best); free(bidx); free(first);
        return -2;
    }
    float *outrow = best + owp;
    const float ninf = -__builtin_inff();
    size_t xes = vec_dtype_size(x.dtype);
    /* first valid input column of each output column's window */
    for (int64_t ow = 0; ow < OW; ow++) {
        int64_t w0 = ow * p->sw - p->pw;
        while (w0 < 0) w0 += p->dw;
        first[ow] = (int32_t)w0;
    }
    /* padded row: -Inf | row | -Inf ... */
    int64_t wlen = W < rowlen - p->pw ? W : rowlen - p->pw;
    for (int64_t c = 0; c < rowlen; c++) prow[c] = ninf;
    for (int64_t pl = begin; pl < end; pl++) {
        /* phase layout of this plane: ph[h][r][m] = padded row h, column m*sw + r */
        for (int64_t h = 0; h < H; h++) {
            vec_load_f32((const char *)x.data + (pl * H + h) * W * xes, x.dtype, 1, prow + p->pw,
                         wlen);
            float *dst = ph + h * rowlen;
            if (p->sw == 1)
                memcpy(dst, prow, (size_t)rowlen * 4);
            else if (p->sw == 2)
                k->deinterleave2(prow, dst, dst + plen, plen);
            else
                for (int64_t r = 0; r < p->sw; r++)
                    for (int64_t m = 0; m < plen; m++) dst[r * plen + m] = prow[m * p->sw + r];
        }
        for (int64_t oh = 0; oh < OH; oh++) {
            int64_t hs = oh * p->sh - p->ph;
            int64_t h0 = hs;
            while (h0 < 0) h0 += p->dh;
            for (int64_t ow = 0; ow < OW; ow++) {
                best[ow] = ninf;
                bidx[ow] = (int32_t)(h0 * W) + first[ow];
            }
            for (int64_t i = 0; i < p->kh; i++) {
                int64_t h = hs + i * p->dh;
                if (h < 0 || h >= H)
                    continue;
                for (int64_t j = 0; j < p->kw; j++) {
                    int64_t c0 = j * p->dw; /* padded column of output 0 */
                    const float *src = ph + h * rowlen + (c0 % p->sw) * plen + c0 / p->sw;
                    k->pool_max_step(src, best, bidx, OW, (int32_t)(h * W + c0 - p->pw),
                                     (int32_t)p->sw);
                }
            }
            int64_t off = (pl * OH + oh) * OW;
            memcpy(outrow, best, (size_t)OW * 4);
            vec_store_f32(outrow, (char *)y.data + off * vec_dtype_size(y.dtype), y.dtype, 1, OW);
            if (indices.dtype == VEC_DT_INT32 && indices.data)
                memcpy((int32_t *)indices.data + off, bidx, (size_t)OW * 4);
            else if (indices.data)
                for (int64_t ow = 0; ow < OW; ow++) ((int64_t *)indices.data)[off + ow] = bidx[ow];
        }
    }
    free(ph); free(prow); free(best); free(bidx); free(first);
    return 0;
}

int vec_max_pool2d_backward(vec_buf dy, vec_buf indices, vec_buf dx, const vec_pool2d *p,
                            int64_t begin, int64_t end)
{
    if (!vec_dtype_is_float_io(dy.dtype) || !vec_dtype_is_float_io(dx.dtype) ||
        indices.data == NULL || !idx_ok(indices))
        return -1;
    const int64_t HW = p->H * p->W, OHW = p->OH * p->OW;
    float *acc = malloc((size_t)(HW > 0 ? HW : 1) * 4);
    float *g = malloc((size_t)(OHW > 0 ? OHW : 1) * 4);
    if (!acc || !g) {
        free(acc); free(g);
        return -2;
    }
    for (int64_t pl = begin; pl < end; pl++) {
        memset(acc, 0, (size_t)HW * 4);
        vec_load_f32((const char *)dy.data + pl * OHW * vec_dtype_size(dy.dtype), dy.dtype, 1, g,
                     OHW);
        for (int64_t o = 0; o < OHW; o++) {
            int64_t id = get_idx(indices, pl * OHW + o);
            if (id >= 0 && id < HW)
                acc[id] += g[o];
        }
        vec_store_f32(acc, (char *)dx.data + pl * HW * vec_dtype_size(dx.dtype), dx.dtype, 1, HW);
    }
    free(acc); free(g);
    return 0;
}

/* window [hs, he) x [ws, we) clipped to the input, and its divisor */
static void avg_window(const vec_pool2d *p, int64_t oh, int64_t ow, int64_t *hs, int64_t *he,
                       int64_t *ws, int64_t *we, float *div)
{
    int64_t h0 = oh * p->sh - p->ph, w0 = ow * p->sw - p->pw;
    int64_t h1 = h0 + p->kh, w1 = w0 + p->kw;
    if (h1 > p->H + p->ph) h1 = p->H + p->ph;
    if (w1 > p->W + p->pw) w1 = p->W + p->pw;
    int64_t pool = (h1 - h0) * (w1 - w0);
    if (h0 < 0) h0 = 0;
    if (w0 < 0) w0 = 0;
    if (h1 > p->H) h1 = p->H;
    if (w1 > p->W) w1 = p->W;
    *hs = h0; *he = h1; *ws = w0; *we = w1;
    if (p->divisor_override) *div = (float)p->divisor_override;
    else if (p->count_include_pad) *div = (float)pool;
    else *div = (float)((h1 - h0) * (w1 - w0));
}

int vec_avg_pool2d(vec_buf x, vec_buf y, const vec_pool2d *p, int64_t begin, int64_t end)
{
    if (!vec_dtype_is_float_io(x.dtype) || !vec_dtype_is_float_io(y.dtype))
        return -1;
    const int64_t HW = p->H * p->W, OHW = p->OH * p->OW;
    float *t = malloc((size_t)(HW > 0 ? HW : 1) * 4), *o = malloc((size_t)(OHW > 0 ? OHW : 1) * 4);
    if (!t || !o) {
        free(t); free(o);
        return -2;
    }
    for (int64_t pl = begin; pl < end; pl++) {
        vec_load_f32((const char *)x.data + pl * HW * vec_dtype_size(x.dtype), x.dtype, 1, t, HW);
        for (int64_t oh = 0; oh < p->OH; oh++)
            for (int64_t ow = 0; ow < p->OW; ow++) {
                int64_t hs, he, ws, we;
                float div;
                avg_window(p, oh, ow, &hs, &he, &ws, &we, &div);
                float s = 0;
                for (int64_t h = hs; h < he; h++)
                    for (int64_t w = ws; w < we; w++) s += t[h * p->W + w];
                /* a window wholly in padding averages nothing: 0, as torch */
                o[oh * p->OW + ow] = (he > hs && we > ws) ? s / div : 0.0f;
            }
        vec_store_f32(o, (char *)y.data + pl * OHW * vec_dtype_size(y.dtype), y.dtype, 1, OHW);
    }
    free(t); free(o);
    return 0;
}

int vec_avg_pool2d_backward(vec_buf dy, vec_buf dx, const vec_pool2d *p, int64_t begin,
                            int64_t end)
{
    if (!vec_dtype_is_float_io(dy.dtype) || !vec_dtype_is_float_io(dx.dtype))
        return -1;
    const int64_t HW = p->H * p->W, OHW = p->OH * p->OW;
    float *acc = malloc((size_t)(HW > 0 ? HW : 1) * 4), *g = malloc((size_t)(OHW > 0 ? OHW : 1) * 4);
    if (!acc || !g) {
        free(acc); free(g);
        return -2;
    }
    for (int64_t pl = begin; pl < end; pl++) {
        memset(acc, 0, (size_t)HW * 4);
        vec_load_f32((const char *)dy.data + pl * OHW * vec_dtype_size(dy.dtype), dy.dtype, 1, g,
                     OHW);
        for (int64_t oh = 0; oh < p->OH; oh++)
            for (int64_t ow = 0; ow < p->OW; ow++) {
                int64_t hs, he, ws, we;
                float div;
                avg_window(p, oh, ow, &hs, &he, &ws, &we, &div);
                if (he <= hs || we <= ws)
                    continue;
                float v = g[oh * p->OW + ow] / div;
                for (int64_t h = hs; h < he; h++)
                    for (int64_t w = ws; w < we; w++) acc[h * p->W + w] += v;
            }
        vec_store_f32(acc, (char *)dx.data + pl * HW * vec_dtype_size(dx.dtype), dx.dtype, 1, HW);
    }
    free(acc); free(g);
    return 0;
}

static int64_t ad_start(int64_t i, int64_t in, int64_t out) { return (i * in) / out; }
static int64_t ad_end(int64_t i, int64_t in, int64_t out) { return ((i + 1) * in + out - 1) / out; }

int vec_adaptive_avg_pool2d(vec_buf x, vec_buf y, const vec_pool2d *p, int64_t begin, int64_t end)
{
    if (!vec_dtype_is_float_io(x.dtype) || !vec_dtype_is_float_io(y.dtype))
        return -1;
    const int64_t HW = p->H * p->W, OHW = p->OH * p->OW;
    float *t = malloc((size_t)(HW > 0 ? HW : 1) * 4), *o = malloc((size_t)(OHW > 0 ? OHW : 1) * 4);
    if (!t || !o) {
        free(t); free(o);
        return -2;
    }
    for (int64_t pl = begin; pl < end; pl++) {
        vec_load_f32((const char *)x.data + pl * HW * vec_dtype_size(x.dtype), x.dtype, 1, t, HW);
        for (int64_t oh = 0; oh < p->OH; oh++) {
            int64_t hs = ad_start(oh, p->H, p->OH), he = ad_end(oh, p->H, p->OH);
            for (int64_t ow = 0; ow < p->OW; ow++) {
                int64_t ws = ad_start(ow, p->W, p->OW), we = ad_end(ow, p->W, p->OW);
                float s = 0;
                for (int64_t h = hs; h < he; h++)
                    for (int64_t w = ws; w < we; w++) s += t[h * p->W + w];
                o[oh * p->OW + ow] = s / (float)((he - hs) * (we - ws));
            }
        }
        vec_store_f32(o, (char *)y.data + pl * OHW * vec_dtype_size(y.dtype), y.dtype, 1, OHW);
    }
    free(t); free(o);
    return 0;
}

int vec_adaptive_avg_pool2d_backward(vec_buf dy, vec_buf dx, const vec_pool2d *p, int64_t begin,
                                     int64_t end)
{
    if (!vec_dtype_is_float_io(dy.dtype) || !vec_dtype_is_float_io(dx.dtype))
        return -1;
    const int64_t HW = p->H * p->W, OHW = p->OH * p->OW;
    float *acc = malloc((size_t)(HW > 0 ? HW : 1) * 4), *g = malloc((size_t)(OHW > 0 ? OHW : 1) * 4);
    if (!acc || !g) {
        free(acc); free(g);
        return -2;
    }
    for (int64_t pl = begin; pl < end; pl++) {
        memset(acc, 0, (size_t)HW * 4);
        vec_load_f32((const char *)dy.data + pl * OHW * vec_dtype_size(dy.dtype), dy.dtype, 1, g,
                     OHW);
        for (int64_t oh = 0; oh < p->OH; oh++) {
            int64_t hs = ad_start(oh, p->H, p->OH), he = ad_end(oh, p->H, p->OH);
            for (int64_t ow = 0; ow < p->OW; ow++) {
                int64_t ws = ad_start(ow, p->W, p->OW), we = ad_end(ow, p->W, p->OW);
                float v = g[oh * p->OW + ow] / (float)((he - hs) * (we - ws));
                for (int64_t h = hs; h < he; h++)
                    for (int64_t w = ws; w < we; w++) acc[h * p->W + w] += v;
            }
        }
        vec_store_f32(acc, (char *)dx.data + pl * HW * vec_dtype_size(dx.dtype), dx.dtype, 1, HW);
    }
    free(acc); free(g);
    return 0;
}

int vec_adaptive_max_pool2d(vec_buf x, vec_buf y, vec_buf indices, const vec_pool2d *p,
                            int64_t begin, int64_t end)
{
    if (!vec_dtype_is_float_io(x.dtype) || !vec_dtype_is_float_io(y.dtype) || !idx_ok(indices))
        return -1;
    const int64_t HW = p->H * p->W, OHW = p->OH * p->OW;
    float *t = malloc((size_t)(HW > 0 ? HW : 1) * 4), *o = malloc((size_t)(OHW > 0 ? OHW : 1) * 4);
    if (!t || !o) {
        free(t); free(o);
        return -2;
    }
    for (int64_t pl = begin; pl < end; pl++) {
        vec_load_f32((const char *)x.data + pl * HW * vec_dtype_size(x.dtype), x.dtype, 1, t, HW);
        for (int64_t oh = 0; oh < p->OH; oh++) {
            int64_t hs = ad_start(oh, p->H, p->OH), he = ad_end(oh, p->H, p->OH);
            for (int64_t ow = 0; ow < p->OW; ow++) {
                int64_t ws = ad_start(ow, p->W, p->OW), we = ad_end(ow, p->W, p->OW);
                float best = -__builtin_inff();
                int64_t bi = hs * p->W + ws;
                for (int64_t h = hs; h < he; h++)
                    for (int64_t w = ws; w < we; w++) {
                        float v = t[h * p->W + w];
                        if (v > best || v != v) {
                            best = v;
                            bi = h * p->W + w;
                        }
                    }
                o[oh * p->OW + ow] = best;
                if (indices.data) put_idx(indices, pl * OHW + oh * p->OW + ow, bi);
            }
        }
        vec_store_f32(o, (char *)y.data + pl * OHW * vec_dtype_size(y.dtype), y.dtype, 1, OHW);
    }
    free(t); free(o);
    return 0;
}
