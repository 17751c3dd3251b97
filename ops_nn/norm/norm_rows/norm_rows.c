/* Row I/O and FP32 statistics of the row-norm kernels; see norm_rows.h. */
#include <math.h>
#include <string.h>

#include "acl/acl_base.h"
#include "norm_rows.h"

float *nr_scratch(int64_t k, int64_t n)
{
    return (float *)aclemu_worker_scratch((size_t)k * (size_t)(n > 0 ? n : 1) * sizeof(float));
}

void nr_load(const nn_cbuf *b, int64_t first, int64_t n, float *dst)
{
    if (!b->present)
        return;
    size_t es = aclemu_kdtype_size(b->dtype);
    aclemu_load_f32(dst, (const char *)nn_ptr(b) + first * (int64_t)es, b->dtype, (int64_t)es, n);
}

void nr_store(const nn_cbuf *b, int64_t first, int64_t n, const float *src)
{
    if (!b->present)
        return;
    size_t es = aclemu_kdtype_size(b->dtype);
    aclemu_store_f32((char *)nn_ptr(b) + first * (int64_t)es, b->dtype, (int64_t)es, src, n);
}

void nr_load_sum(const nn_cbuf *x1, const nn_cbuf *x2, const nn_cbuf *bias, int bias_rows, int64_t r, int64_t n,
                 float *x, float *tmp, float *bias_buf)
{
    nr_load(x1, r * n, n, x);
    if (x2->present) {
        nr_load(x2, r * n, n, tmp);
        for (int64_t i = 0; i < n; i++)
            x[i] += tmp[i];
    }
    if (bias->present) {
        if (bias_rows)
            nr_load(bias, r * n, n, bias_buf);
        for (int64_t i = 0; i < n; i++)
            x[i] += bias_buf[i];
    }
}

void nr_round(float *x, int64_t n, int32_t dtype, float *tmp)
{
    if (dtype == ACL_FLOAT)
        return;
    int64_t es = (int64_t)aclemu_kdtype_size(dtype);
    aclemu_store_f32((char *)tmp, dtype, es, x, n);
    aclemu_load_f32(x, (const char *)tmp, dtype, es, n);
}

float nr_sum(const float *x, int64_t n)
{
    float lane[8] = {0};
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        for (int k = 0; k < 8; k++)
            lane[k] += x[i + k];
    for (; i < n; i++)
        lane[i & 7] += x[i];
    return ((lane[0] + lane[1]) + (lane[2] + lane[3])) + ((lane[4] + lane[5]) + (lane[6] + lane[7]));
}

float nr_sq_sum(const float *x, int64_t n, float centre)
{
    float lane[8] = {0};
    int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        for (int k = 0; k < 8; k++) {
            float d = x[i + k] - centre;
            lane[k] += d * d;
        }
    for (; i < n; i++) {
        float d = x[i] - centre;
        lane[i & 7] += d * d;
    }
    return ((lane[0] + lane[1]) + (lane[2] + lane[3])) + ((lane[4] + lane[5]) + (lane[6] + lane[7]));
}

void nr_layer_stats(const float *x, int64_t n, double eps, float *mean, float *rstd)
{
    float m = nr_sum(x, n) / (float)n;
    float var = nr_sq_sum(x, n, m) / (float)n;
    *mean = m;
    *rstd = 1.0f / sqrtf(var + (float)eps);
}

float nr_rms_rstd(const float *x, int64_t n, double eps)
{
    return 1.0f / sqrtf(nr_sq_sum(x, n, 0.0f) / (float)n + (float)eps);
}

void nr_block_rows(const nr_rows *h, const aclemu_block *blk, int64_t *s, int64_t *e)
{
    nn_block_items(h->rows, h->rows_per_block, blk, s, e);
}

float *nr_part(const nr_rows *h, const aclemu_block *blk, int64_t k)
{
    if (!h->parts || k >= h->nparts)
        return NULL;
    float *p = (float *)(uintptr_t)h->parts + ((int64_t)k * blk->block_dim + blk->block_idx) * h->n;
    memset(p, 0, (size_t)h->n * sizeof(float));
    return p;
}
