#include "embedding.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dtype.h"
#include "rowio.h"

static int64_t load_index(vec_buf b, int64_t i)
{
    return b.dtype == VEC_DT_INT32 ? ((const int32_t *)b.data)[i] : ((const int64_t *)b.data)[i];
}

int vec_embedding(vec_buf weight, int64_t num, int64_t dim, vec_buf indices, vec_buf out,
                  int64_t begin, int64_t end)
{
    size_t es = vec_dtype_size(weight.dtype);
    if (es == 0 || out.dtype != weight.dtype ||
        (indices.dtype != VEC_DT_INT64 && indices.dtype != VEC_DT_INT32))
        return -1;
    size_t row = es * (size_t)dim;
    int rc = 0;
    for (int64_t i = begin; i < end; i++) {
        int64_t id = load_index(indices, i);
        char *dst = (char *)out.data + (size_t)i * row;
        if (id < 0 || id >= num) {
            memset(dst, 0, row);
            rc = -3;
            continue;
        }
        memcpy(dst, (const char *)weight.data + (size_t)id * row, row);
    }
    return rc;
}

int vec_embedding_dense_backward(vec_buf grad, vec_buf indices, int64_t n_idx, int64_t dim,
                                 int64_t num_weights, int64_t padding_idx, int scale_by_freq,
                                 vec_buf out, int64_t begin, int64_t end)
{
    if (!vec_dtype_is_float_io(grad.dtype) || !vec_dtype_is_float_io(out.dtype) ||
        (indices.dtype != VEC_DT_INT64 && indices.dtype != VEC_DT_INT32))
        return -1;
    if (end > num_weights) end = num_weights;
    if (begin >= end)
        return 0;
    int64_t rows = end - begin;
    float *acc = calloc((size_t)(rows * (dim > 0 ? dim : 1)), 4);
    float *g = malloc((size_t)(dim > 0 ? dim : 1) * 4);
    int64_t *count = calloc((size_t)rows, 8);
    if (!acc || !g || !count) {
        free(acc); free(g); free(count);
        return -2;
    }
    int rc = 0;
    if (scale_by_freq)
        for (int64_t i = 0; i < n_idx; i++) {
            int64_t id = load_index(indices, i);
            if (id >= begin && id < end) count[id - begin]++;
        }
    size_t ges = vec_dtype_size(grad.dtype);
    for (int64_t i = 0; i < n_idx; i++) {
        int64_t id = load_index(indices, i);
        if (id < 0 || id >= num_weights) {
            rc = -3;
            continue;
        }
        if (id < begin || id >= end || id == padding_idx)
            continue;
        vec_load_f32((const char *)grad.data + (size_t)(i * dim) * ges, grad.dtype, 1, g, dim);
        float s = scale_by_freq ? 1.0f / (float)count[id - begin] : 1.0f;
        float *a = acc + (id - begin) * dim;
        for (int64_t d = 0; d < dim; d++) a[d] += g[d] * s;
    }
    vec_store_f32(acc, (char *)out.data + (size_t)(begin * dim) * vec_dtype_size(out.dtype),
                  out.dtype, 1, rows * dim);
    free(acc); free(g); free(count);
    return rc;
}

#define CHUNK 1024

int vec_apply_adamw(vec_buf var, vec_buf m, vec_buf v, vec_buf vmax, vec_buf grad,
                    const vec_adamw *h, int64_t begin, int64_t end)
{
    if (!vec_dtype_is_float_io(var.dtype) || !vec_dtype_is_float_io(m.dtype) ||
        !vec_dtype_is_float_io(v.dtype) || !vec_dtype_is_float_io(grad.dtype) ||
        !rowio_ok(vmax) || (h->amsgrad && !vmax.data))
        return -1;
    float bc1 = (float)(1.0 - pow((double)h->beta1, h->step));
    float bc2s = (float)sqrt(1.0 - pow((double)h->beta2, h->step));
    float decay = 1.0f - h->lr * h->weight_decay, step_size = h->lr / bc1;
    float tv[CHUNK], tm[CHUNK], tq[CHUNK], tg[CHUNK], tx[CHUNK];
    for (int64_t off = begin; off < end; off += CHUNK) {
        int64_t n = end - off < CHUNK ? end - off : CHUNK;
        const float *pv = rowio_in(var, off, n, tv);
        const float *pm = rowio_in(m, off, n, tm);
        const float *pq = rowio_in(v, off, n, tq);
        const float *pg = rowio_in(grad, off, n, tg);
        const float *px = h->amsgrad ? rowio_in(vmax, off, n, tx) : NULL;
        float *ov = rowio_out(var, off, tv), *om = rowio_out(m, off, tm);
        float *oq = rowio_out(v, off, tq), *ox = h->amsgrad ? rowio_out(vmax, off, tx) : NULL;
        for (int64_t i = 0; i < n; i++) {
            float g = h->maximize ? -pg[i] : pg[i];
            float mi = h->beta1 * pm[i] + (1 - h->beta1) * g;
            float vi = h->beta2 * pq[i] + (1 - h->beta2) * g * g;
            float vd = vi;
            if (h->amsgrad) {
                vd = px[i] > vi ? px[i] : vi;
                ox[i] = vd;
            }
            float denom = sqrtf(vd) / bc2s + h->eps;
            ov[i] = pv[i] * decay - step_size * mi / denom;
            om[i] = mi;
            oq[i] = vi;
        }
        rowio_store(var, off, n, ov);
        rowio_store(m, off, n, om);
        rowio_store(v, off, n, oq);
        if (h->amsgrad) rowio_store(vmax, off, n, ox);
    }
    return 0;
}
