#include "chan_norm.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "rowio.h"

/* slab (n, c): S elements, element offset and stride in the tensor */
static void slab(const vec_nchw *L, int64_t n, int64_t c, int64_t *off, int64_t *stride)
{
    if (L->channel_last) {
        *off = n * L->S * L->C + c;
        *stride = L->C;
    } else {
        *off = (n * L->C + c) * L->S;
        *stride = 1;
    }
}

static void load_slab(vec_buf b, const vec_nchw *L, int64_t n, int64_t c, float *dst)
{
    int64_t off, st;
    slab(L, n, c, &off, &st);
    vec_load_f32((const char *)b.data + off * vec_dtype_size(b.dtype), b.dtype, st, dst, L->S);
}

static void store_slab(vec_buf b, const vec_nchw *L, int64_t n, int64_t c, const float *src)
{
    int64_t off, st;
    slab(L, n, c, &off, &st);
    vec_store_f32(src, (char *)b.data + off * vec_dtype_size(b.dtype), b.dtype, st, L->S);
}

static float opt1(vec_buf b, int64_t i, float dflt)
{
    return b.data ? vec_load1(b.data, b.dtype, i) : dflt;
}

static void put1(vec_buf b, int64_t i, float v)
{
    if (b.data) vec_store1(b.data, b.dtype, i, v);
}

int vec_batch_norm(vec_buf x, vec_buf weight, vec_buf bias, vec_buf running_mean,
                   vec_buf running_var, int training, double momentum, double eps, vec_buf y,
                   vec_buf save_mean, vec_buf save_invstd, int save_var, const vec_nchw *L,
                   int64_t begin, int64_t end)
{
    if (!vec_dtype_is_float_io(x.dtype) || !vec_dtype_is_float_io(y.dtype) || !rowio_ok(weight) ||
        !rowio_ok(bias) || !rowio_ok(running_mean) || !rowio_ok(running_var) ||
        !rowio_ok(save_mean) || !rowio_ok(save_invstd))
        return -1;
    if (!training && (!running_mean.data || !running_var.data))
        return -1;
    if (end > L->C) end = L->C;
    const vec_kernels *k = vec_kernels_get();
    float *t = malloc((size_t)(L->S > 0 ? L->S : 1) * 4);
    if (!t)
        return -2;
    double cnt = (double)L->N * (double)L->S;
    for (int64_t c = begin; c < end; c++) {
        float mean, var;
        if (training) {
            double s = 0;
            for (int64_t n = 0; n < L->N; n++) {
                load_slab(x, L, n, c, t);
                s += k->row_sum(t, L->S);
            }
            mean = cnt > 0 ? (float)(s / cnt) : 0.0f;
            double q = 0;
            for (int64_t n = 0; n < L->N; n++) {
                load_slab(x, L, n, c, t);
                q += k->row_sq_dev(t, L->S, mean);
            }
            var = cnt > 0 ? (float)(q / cnt) : 0.0f;
            float unbiased = cnt > 1 ? (float)(q / (cnt - 1)) : var;
            if (running_mean.data)
                put1(running_mean, c,
                     (float)((1 - momentum) * opt1(running_mean, c, 0) + momentum * mean));
            if (running_var.data)
                put1(running_var, c,
                     (float)((1 - momentum) * opt1(running_var, c, 1) + momentum * unbiased));
        } else {
            mean = opt1(running_mean, c, 0);
            var = opt1(running_var, c, 1);
        }
        float invstd = (float)(1.0 / sqrt((double)var + eps));
        put1(save_mean, c, training ? mean : 0.0f);
        put1(save_invstd, c, training ? (save_var ? var : invstd) : 0.0f);
        float a = invstd * opt1(weight, c, 1.0f);
        float b = opt1(bias, c, 0.0f) - mean * a;
        for (int64_t n = 0; n < L->N; n++) {
            load_slab(x, L, n, c, t);
            k->row_axpb(t, t, L->S, a, b);
            store_slab(y, L, n, c, t);
        }
    }
    free(t);
    return 0;
}

int vec_batch_norm_backward(vec_buf dy, vec_buf x, vec_buf weight, vec_buf running_mean,
                            vec_buf running_var, vec_buf save_mean, vec_buf save_invstd,
                            int training, double eps, int save_var, vec_buf dx, vec_buf dweight,
                            vec_buf dbias, const vec_nchw *L, int64_t begin, int64_t end)
{
    if (!vec_dtype_is_float_io(dy.dtype) || !vec_dtype_is_float_io(x.dtype) ||
        !rowio_ok(weight) || !rowio_ok(dx) || !rowio_ok(dweight) || !rowio_ok(dbias))
        return -1;
    vec_buf mb = training ? save_mean : running_mean, sb = training ? save_invstd : running_var;
    if (!mb.data || !sb.data || !rowio_ok(mb) || !rowio_ok(sb))
        return -1;
    int sb_is_var = training ? save_var : 1;
    if (end > L->C) end = L->C;
    const vec_kernels *k = vec_kernels_get();
    int64_t S = L->S > 0 ? L->S : 1;
    float *t = malloc((size_t)S * 4 * 3);
    if (!t)
        return -2;
    float *tx = t, *tg = t + S, *td = t + 2 * S;
    double cnt = (double)L->N * (double)L->S;
    for (int64_t c = begin; c < end; c++) {
        float mean = vec_load1(mb.data, mb.dtype, c), s = vec_load1(sb.data, sb.dtype, c);
        float invstd = sb_is_var ? (float)(1.0 / sqrt((double)s + eps)) : s;
        float w = opt1(weight, c, 1.0f);
        double sdy = 0, sdyx = 0;
        for (int64_t n = 0; n < L->N; n++) {
            load_slab(x, L, n, c, tx);
            load_slab(dy, L, n, c, tg);
            k->row_axpb(tx, tx, L->S, invstd, -mean * invstd); /* xhat */
            sdy += k->row_sum(tg, L->S);
            sdyx += k->row_dot(tg, tx, L->S);
        }
        put1(dbias, c, (float)sdy);
        put1(dweight, c, (float)sdyx);
        if (!dx.data)
            continue;
        float a = w * invstd;
        float mdy = cnt > 0 ? (float)(sdy / cnt) : 0, mdyx = cnt > 0 ? (float)(sdyx / cnt) : 0;
        for (int64_t n = 0; n < L->N; n++) {
            load_slab(dy, L, n, c, tg);
            if (training) {
                load_slab(x, L, n, c, tx);
                for (int64_t i = 0; i < L->S; i++) {
                    float xh = (tx[i] - mean) * invstd;
                    td[i] = a * (tg[i] - mdy - xh * mdyx);
                }
            } else {
                k->row_scale(tg, td, L->S, a);
            }
            store_slab(dx, L, n, c, td);
        }
    }
    free(t);
    return 0;
}

int vec_group_norm(vec_buf x, vec_buf gamma, vec_buf beta, int64_t group, double eps, int silu,
                   vec_buf y, vec_buf mean, vec_buf rstd, const vec_nchw *L, int64_t begin,
                   int64_t end)
{
    if (!vec_dtype_is_float_io(x.dtype) || !vec_dtype_is_float_io(y.dtype) || !rowio_ok(gamma) ||
        !rowio_ok(beta) || !rowio_ok(mean) || !rowio_ok(rstd) || group <= 0 ||
        L->C % group != 0 || L->channel_last)
        return -1;
    int64_t cpg = L->C / group, len = cpg * L->S;
    if (end > L->N * group) end = L->N * group;
    const vec_kernels *k = vec_kernels_get();
    float *t = malloc((size_t)(len > 0 ? len : 1) * 4);
    if (!t)
        return -2;
    vec_params one = vec_params_default();
    size_t xes = vec_dtype_size(x.dtype), yes = vec_dtype_size(y.dtype);
    for (int64_t ng = begin; ng < end; ng++) {
        int64_t n = ng / group, g = ng % group;
        int64_t off = (n * L->C + g * cpg) * L->S; /* the group is one contiguous slab */
        vec_load_f32((const char *)x.data + off * xes, x.dtype, 1, t, len);
        float mu = len > 0 ? k->row_sum(t, len) / (float)len : 0.0f;
        float var = len > 0 ? k->row_sq_dev(t, len, mu) / (float)len : 0.0f;
        float rs = (float)(1.0 / sqrt((double)var + eps));
        put1(mean, ng, mu);
        put1(rstd, ng, rs);
        for (int64_t ci = 0; ci < cpg; ci++) {
            int64_t c = g * cpg + ci;
            float a = rs * opt1(gamma, c, 1.0f);
            float b = opt1(beta, c, 0.0f) - mu * a;
            float *tc = t + ci * L->S;
            k->row_axpb(tc, tc, L->S, a, b);
        }
        if (silu)
            k->unary[VEC_SILU](t, t, len, &one);
        vec_store_f32(t, (char *)y.data + off * yes, y.dtype, 1, len);
    }
    free(t);
    return 0;
}

int vec_instance_norm(vec_buf x, vec_buf gamma, vec_buf beta, double eps, vec_buf y,
                      vec_buf mean, vec_buf variance, const vec_nchw *L, int64_t begin,
                      int64_t end)
{
    if (!vec_dtype_is_float_io(x.dtype) || !vec_dtype_is_float_io(y.dtype) || !rowio_ok(gamma) ||
        !rowio_ok(beta) || !rowio_ok(mean) || !rowio_ok(variance))
        return -1;
    if (end > L->N * L->C) end = L->N * L->C;
    const vec_kernels *k = vec_kernels_get();
    float *t = malloc((size_t)(L->S > 0 ? L->S : 1) * 4);
    if (!t)
        return -2;
    for (int64_t nc = begin; nc < end; nc++) {
        int64_t n = nc / L->C, c = nc % L->C;
        load_slab(x, L, n, c, t);
        float mu = L->S > 0 ? k->row_sum(t, L->S) / (float)L->S : 0.0f;
        float var = L->S > 0 ? k->row_sq_dev(t, L->S, mu) / (float)L->S : 0.0f;
        put1(mean, nc, mu);
        put1(variance, nc, var);
        float a = (float)(1.0 / sqrt((double)var + eps)) * opt1(gamma, c, 1.0f);
        k->row_axpb(t, t, L->S, a, opt1(beta, c, 0.0f) - mu * a);
        store_slab(y, L, n, c, t);
    }
    free(t);
    return 0;
}
