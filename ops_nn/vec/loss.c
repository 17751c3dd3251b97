#include "loss.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dtype.h"
#include "eltwise.h"
#include "kernels.h"
#include "rowio.h"

#define CHUNK 1024

int vec_mse_loss_none(const vec_view *a, const vec_view *b, const vec_view *out, int64_t begin,
                      int64_t end)
{
    return vec_binary(VEC_SQ_DIFF, NULL, a, b, out, begin, end) == 0 ? 0 : -1;
}

typedef struct mse_ctx {
    const vec_kernels *k;
    int dt[4];
    int64_t es[4];
    double sum;
    int reduction;
    double scale;
} mse_ctx;

static const float *load_chunk(const mse_ctx *c, int op, char *const *ptrs, const int64_t *str,
                               int64_t off, int64_t n, float *buf)
{
    vec_load_f32(ptrs[op] + off * str[op] * c->es[op], c->dt[op], str[op], buf, n);
    return buf;
}

static void mse_sum_run(void *vc, char *const *ptrs, const int64_t *str, int64_t len)
{
    mse_ctx *c = vc;
    float ba[CHUNK], bb[CHUNK];
    vec_params one = vec_params_default();
    for (int64_t off = 0; off < len; off += CHUNK) {
        int64_t n = len - off < CHUNK ? len - off : CHUNK;
        load_chunk(c, 1, ptrs, str, off, n, ba);
        load_chunk(c, 2, ptrs, str, off, n, bb);
        c->k->binary[VEC_SUB](ba, bb, ba, n, &one);
        c->sum += c->k->row_dot(ba, ba, n);
    }
}

int vec_mse_loss_partial(const vec_view *a, const vec_view *b, const vec_view *like,
                         int64_t begin, int64_t end, double *part)
{
    vec_view va, vb;
    *part = 0;
    if (!vec_dtype_is_float_io(a->dtype) || !vec_dtype_is_float_io(b->dtype) ||
        vec_view_broadcast(a, like->ndim, like->shape, &va) != 0 ||
        vec_view_broadcast(b, like->ndim, like->shape, &vb) != 0)
        return -1;
    vec_view l = *like;
    l.dtype = VEC_DT_FLOAT; /* shape carrier only; never dereferenced */
    const vec_view *vs[3] = {&l, &va, &vb};
    vec_iter it;
    if (vec_iter_init(&it, 3, vs) != 0)
        return -1;
    mse_ctx c = {.k = vec_kernels_get()};
    for (int i = 0; i < 3; i++) {
        c.dt[i] = vs[i]->dtype;
        c.es[i] = (int64_t)vec_dtype_size(vs[i]->dtype);
    }
    vec_iter_run(&it, begin, end, mse_sum_run, &c);
    *part = c.sum;
    return 0;
}

int vec_mse_loss_finish(const double *parts, int64_t nparts, int reduction, int64_t numel,
                        vec_buf out)
{
    if (!vec_dtype_is_float_io(out.dtype) || (reduction != 1 && reduction != 2))
        return -1;
    double s = 0;
    for (int64_t i = 0; i < nparts; i++) s += parts[i];
    if (reduction == VEC_REDUCTION_MEAN)
        s = numel > 0 ? s / (double)numel : NAN;
    vec_store1(out.data, out.dtype, 0, (float)s);
    return 0;
}

static void mse_bwd_run(void *vc, char *const *ptrs, const int64_t *str, int64_t len)
{
    mse_ctx *c = vc;
    float ba[CHUNK], bb[CHUNK], bg[CHUNK];
    for (int64_t off = 0; off < len; off += CHUNK) {
        int64_t n = len - off < CHUNK ? len - off : CHUNK;
        load_chunk(c, 1, ptrs, str, off, n, bg);
        load_chunk(c, 2, ptrs, str, off, n, ba);
        load_chunk(c, 3, ptrs, str, off, n, bb);
        float s = (float)c->scale;
        for (int64_t i = 0; i < n; i++) ba[i] = s * (ba[i] - bb[i]) * bg[i];
        vec_store_f32(ba, ptrs[0] + off * str[0] * c->es[0], c->dt[0], str[0], n);
    }
}

int vec_mse_loss_backward(const vec_view *dy, const vec_view *a, const vec_view *b,
                          const vec_view *dx, int reduction, int64_t numel, int64_t begin,
                          int64_t end)
{
    vec_view vg, va, vb;
    if (!vec_dtype_is_float_io(dy->dtype) || !vec_dtype_is_float_io(a->dtype) ||
        !vec_dtype_is_float_io(b->dtype) || !vec_dtype_is_float_io(dx->dtype) ||
        vec_view_broadcast(dy, dx->ndim, dx->shape, &vg) != 0 ||
        vec_view_broadcast(a, dx->ndim, dx->shape, &va) != 0 ||
        vec_view_broadcast(b, dx->ndim, dx->shape, &vb) != 0)
        return -1;
    const vec_view *vs[4] = {dx, &vg, &va, &vb};
    vec_iter it;
    if (vec_iter_init(&it, 4, vs) != 0)
        return -1;
    mse_ctx c = {.k = vec_kernels_get()};
    for (int i = 0; i < 4; i++) {
        c.dt[i] = vs[i]->dtype;
        c.es[i] = (int64_t)vec_dtype_size(vs[i]->dtype);
    }
    c.scale = reduction == VEC_REDUCTION_MEAN ? 2.0 / (double)(numel > 0 ? numel : 1) : 2.0;
    vec_iter_run(&it, begin, end, mse_bwd_run, &c);
    return 0;
}

/* ---- NLL / CE ---- */
static int target_ok(vec_buf t)
{
    return t.dtype == VEC_DT_INT64 || t.dtype == VEC_DT_INT32 || t.dtype == VEC_DT_UINT8;
}

static int64_t load_target(vec_buf t, int64_t i)
{
    if (t.dtype == VEC_DT_INT32) return ((const int32_t *)t.data)[i];
    if (t.dtype == VEC_DT_UINT8) return ((const uint8_t *)t.data)[i];
    return ((const int64_t *)t.data)[i];
}

static float wt(vec_buf w, int64_t c) { return w.data ? vec_load1(w.data, w.dtype, c) : 1.0f; }

int vec_nll_loss(vec_buf x, vec_buf target, vec_buf weight, int64_t N, int64_t C,
                 int64_t ignore_index, vec_buf out_none, int64_t begin, int64_t end,
                 vec_nll_part *part)
{
    memset(part, 0, sizeof(*part));
    if (!vec_dtype_is_float_io(x.dtype) || !target_ok(target) || !rowio_ok(weight) ||
        !rowio_ok(out_none))
        return -1;
    if (end > N) end = N;
    int rc = 0;
    for (int64_t n = begin; n < end; n++) {
        int64_t t = load_target(target, n);
        float l = 0.0f;
        if (t != ignore_index) {
            if (t < 0 || t >= C) {
                rc = -3;
            } else {
                float w = wt(weight, t);
                l = -w * vec_load1(x.data, x.dtype, n * C + t);
                part->loss_sum += l;
                part->weight_sum += w;
            }
        }
        if (out_none.data)
            vec_store1(out_none.data, out_none.dtype, n, l);
    }
    return rc;
}

int vec_nll_loss_finish(const vec_nll_part *parts, int64_t nparts, int reduction, vec_buf out,
                        vec_buf total_weight)
{
    if (!rowio_ok(out) || !rowio_ok(total_weight))
        return -1;
    double ls = 0, ws = 0;
    for (int64_t i = 0; i < nparts; i++) {
        ls += parts[i].loss_sum;
        ws += parts[i].weight_sum;
    }
    if (out.data && reduction != VEC_REDUCTION_NONE)
        vec_store1(out.data, out.dtype, 0,
                   (float)(reduction == VEC_REDUCTION_MEAN ? ls / ws : ls));
    if (total_weight.data)
        vec_store1(total_weight.data, total_weight.dtype, 0, (float)ws);
    return 0;
}

int vec_nll_loss_backward(vec_buf dy, vec_buf target, vec_buf weight, vec_buf total_weight,
                          int64_t N, int64_t C, int64_t ignore_index, int reduction, vec_buf dx,
                          int64_t begin, int64_t end)
{
    if (!vec_dtype_is_float_io(dy.dtype) || !target_ok(target) || !rowio_ok(weight) ||
        !vec_dtype_is_float_io(dx.dtype) || !rowio_ok(total_weight))
        return -1;
    if (end > N) end = N;
    float tw = total_weight.data ? vec_load1(total_weight.data, total_weight.dtype, 0) : 1.0f;
    float *row = calloc((size_t)(C > 0 ? C : 1), 4);
    if (!row)
        return -2;
    int rc = 0;
    size_t es = vec_dtype_size(dx.dtype);
    for (int64_t n = begin; n < end; n++) {
        int64_t t = load_target(target, n);
        float g = vec_load1(dy.data, dy.dtype, reduction == VEC_REDUCTION_NONE ? n : 0);
        if (reduction == VEC_REDUCTION_MEAN) g /= tw;
        int valid = t != ignore_index && t >= 0 && t < C;
        if (t != ignore_index && !valid) rc = -3;
        if (valid) row[t] = -wt(weight, t) * g;
        vec_store_f32(row, (char *)dx.data + n * C * es, dx.dtype, 1, C);
        if (valid) row[t] = 0.0f;
    }
    free(row);
    return rc;
}

int vec_cross_entropy(vec_buf x, vec_buf target, vec_buf weight, int64_t N, int64_t C,
                      int64_t ignore_index, double label_smoothing, vec_buf log_prob,
                      vec_buf lse, vec_buf loss_none, int64_t begin, int64_t end,
                      vec_ce_part *part)
{
    memset(part, 0, sizeof(*part));
    if (!vec_dtype_is_float_io(x.dtype) || !target_ok(target) || !rowio_ok(weight) ||
        !rowio_ok(log_prob) || !rowio_ok(lse) || !rowio_ok(loss_none) || C <= 0)
        return -1;
    if (end > N) end = N;
    const vec_kernels *k = vec_kernels_get();
    float *wo;
    const float *w = rowio_vec(weight, C, &wo);
    float *buf = malloc((size_t)C * 4 * 3);
    if (!buf || (weight.data && !w)) {
        free(buf);
        free(wo);
        return -2;
    }
    float *tx = buf, *te = buf + C, *lp = buf + 2 * C;
    double eps = label_smoothing;
    int rc = 0;
    for (int64_t n = begin; n < end; n++) {
        const float *xr = rowio_in(x, n * C, C, tx);
        float m = k->row_max(xr, C);
        if (m == -__builtin_inff()) m = 0.0f;
        float s = k->row_exp_sum(xr, te, C, m);
        float l = m + logf(s);
        k->row_affine(xr, lp, C, m, 1.0f, NULL, NULL); /* (x - m) - log(s) */
        k->row_shift(lp, lp, C, -logf(s));
        if (log_prob.data)
            vec_store_f32(lp, (char *)log_prob.data + n * C * vec_dtype_size(log_prob.dtype),
                          log_prob.dtype, 1, C);
        if (lse.data)
            vec_store1(lse.data, lse.dtype, n, l);
        int64_t t = load_target(target, n);
        double loss = 0;
        if (t != ignore_index) {
            if (t < 0 || t >= C) {
                rc = -3;
            } else {
                double wt_t = w ? w[t] : 1.0;
                double nll = -wt_t * lp[t];
                double smooth = -(w ? k->row_dot(w, lp, C) : k->row_sum(lp, C)) / (double)C;
                loss = (1 - eps) * nll + eps * smooth;
                part->nll_sum += nll;
                part->smooth_sum += smooth;
                part->weight_sum += wt_t;
            }
        }
        if (loss_none.data)
            vec_store1(loss_none.data, loss_none.dtype, n, (float)loss);
    }
    free(buf);
    free(wo);
    return rc;
}

int vec_cross_entropy_finish(const vec_ce_part *parts, int64_t nparts, int reduction,
                             double label_smoothing, vec_buf out)
{
    if (!vec_dtype_is_float_io(out.dtype) || reduction == VEC_REDUCTION_NONE)
        return -1;
    double a = 0, b = 0, w = 0;
    for (int64_t i = 0; i < nparts; i++) {
        a += parts[i].nll_sum;
        b += parts[i].smooth_sum;
        w += parts[i].weight_sum;
    }
    double s = (1 - label_smoothing) * a + label_smoothing * b;
    vec_store1(out.data, out.dtype, 0, (float)(reduction == VEC_REDUCTION_MEAN ? s / w : s));
    return 0;
}

int vec_cross_entropy_backward(vec_buf dy, vec_buf log_prob, vec_buf target, vec_buf weight,
                               int64_t N, int64_t C, int64_t ignore_index,
                               double label_smoothing, int reduction, double weight_sum,
                               vec_buf dx, int64_t begin, int64_t end)
{
    if (!vec_dtype_is_float_io(dy.dtype) || !vec_dtype_is_float_io(log_prob.dtype) ||
        !target_ok(target) || !rowio_ok(weight) || !vec_dtype_is_float_io(dx.dtype) || C <= 0)
        return -1;
    if (end > N) end = N;
    const vec_kernels *k = vec_kernels_get();
    float *wo;
    const float *w = rowio_vec(weight, C, &wo);
    float *buf = malloc((size_t)C * 4 * 2);
    if (!buf || (weight.data && !w)) {
        free(buf);
        free(wo);
        return -2;
    }
    float *p = buf, *d = buf + C;
    double eps = label_smoothing;
    double wsum = w ? k->row_sum(w, C) : (double)C;
    vec_params one = vec_params_default();
    int rc = 0;
    for (int64_t n = begin; n < end; n++) {
        int64_t t = load_target(target, n);
        int valid = t != ignore_index && t >= 0 && t < C;
        if (t != ignore_index && !valid) rc = -3;
        if (!valid) {
            memset(d, 0, (size_t)C * 4);
        } else {
            double g = vec_load1(dy.data, dy.dtype, reduction == VEC_REDUCTION_NONE ? n : 0);
            if (reduction == VEC_REDUCTION_MEAN) g /= weight_sum;
            const float *lp = rowio_in(log_prob, n * C, C, p);
            k->unary[VEC_EXP](lp, p, C, &one);
            double wt_t = w ? w[t] : 1.0;
            float a = (float)(g * ((1 - eps) * wt_t + eps * wsum / (double)C));
            float b = (float)(g * eps / (double)C);
            for (int64_t c = 0; c < C; c++) d[c] = a * p[c] - b * (w ? w[c] : 1.0f);
            d[t] -= (float)(g * (1 - eps) * wt_t);
        }
        vec_store_f32(d, (char *)dx.data + n * C * vec_dtype_size(dx.dtype), dx.dtype, 1, C);
    }
    free(buf);
    free(wo);
    return rc;
}
