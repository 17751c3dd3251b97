#include "norm.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "rowio.h"

/* one scratch allocation of k rows of n floats */
static float *scratch(int64_t k, int64_t n) { return malloc((size_t)(k * (n > 0 ? n : 1)) * 4); }

static void put_stat(vec_buf b, int64_t r, float v)
{
    if (b.data)
        vec_store1(b.data, b.dtype, r, v);
}

int vec_layer_norm(vec_buf x, vec_buf x2, vec_buf bias, vec_buf gamma, vec_buf beta, double eps,
                   vec_buf y, vec_buf mean, vec_buf rstd, vec_buf x_out, int64_t rows, int64_t n,
                   int64_t begin, int64_t end)
{
    if (!vec_dtype_is_float_io(x.dtype) || !vec_dtype_is_float_io(y.dtype) || !rowio_ok(x2) ||
        !rowio_ok(bias) || !rowio_ok(gamma) || !rowio_ok(beta) || !rowio_ok(mean) ||
        !rowio_ok(rstd) || !rowio_ok(x_out))
        return -1;
    if (end > rows) end = rows;
    if (begin >= end || n <= 0)
        return 0;
    const vec_kernels *k = vec_kernels_get();
    float *ga, *be, *bi;
    const float *g = rowio_vec(gamma, n, &ga), *b = rowio_vec(beta, n, &be);
    const float *bs = rowio_vec(bias, n, &bi);
    float *buf = scratch(3, n);
    int rc = 0;
    if (!buf || (gamma.data && !g) || (beta.data && !b) || (bias.data && !bs)) {
        rc = -2;
        goto out;
    }
    float *tx = buf, *t2 = buf + n, *ty = buf + 2 * n;
    vec_params one = vec_params_default();
    for (int64_t r = begin; r < end; r++) {
        int64_t off = r * n;
        const float *xr = rowio_in(x, off, n, tx);
        if (x2.data) {
            /* residual add in FP32; the FP32 sum feeds the norm */
            const float *x2r = rowio_in(x2, off, n, t2);
            k->binary[VEC_ADD](xr, x2r, tx, n, &one);
            if (bs)
                k->binary[VEC_ADD](tx, bs, tx, n, &one);
            xr = tx;
            if (x_out.data)
                vec_store_f32(tx, (char *)x_out.data + off * vec_dtype_size(x_out.dtype),
                              x_out.dtype, 1, n);
        }
        float mu = k->row_sum(xr, n) / (float)n;
        float var = k->row_sq_dev(xr, n, mu) / (float)n;
        float rs = (float)(1.0 / sqrt((double)var + eps));
        float *yr = rowio_out(y, off, ty);
        k->row_affine(xr, yr, n, mu, rs, g, b);
        rowio_store(y, off, n, yr);
        put_stat(mean, r, mu);
        put_stat(rstd, r, rs);
    }
out:
    free(buf);
    free(ga);
    free(be);
    free(bi);
    return rc;
}

int vec_layer_norm_backward(vec_buf dy, vec_buf x, vec_buf mean, vec_buf rstd, vec_buf gamma,
                            vec_buf dx, float *dgamma_part, float *dbeta_part, int64_t rows,
                            int64_t n, int64_t begin, int64_t end)
{
    if (!vec_dtype_is_float_io(dy.dtype) || !vec_dtype_is_float_io(x.dtype) ||
        !vec_dtype_is_float_io(mean.dtype) || !vec_dtype_is_float_io(rstd.dtype) ||
        !rowio_ok(gamma) || !rowio_ok(dx))
        return -1;
    if (end > rows) end = rows;
    if (dgamma_part) memset(dgamma_part, 0, (size_t)n * 4);
    if (dbeta_part) memset(dbeta_part, 0, (size_t)n * 4);
    if (begin >= end || n <= 0)
        return 0;
    const vec_kernels *k = vec_kernels_get();
    float *ga;
    const float *g = rowio_vec(gamma, n, &ga);
    float *buf = scratch(5, n);
    if (!buf || (gamma.data && !g)) {
        free(buf);
        free(ga);
        return -2;
    }
    float *tdy = buf, *tx = buf + n, *xh = buf + 2 * n, *gg = buf + 3 * n, *tdx = buf + 4 * n;
    vec_params one = vec_params_default();
    for (int64_t r = begin; r < end; r++) {
        int64_t off = r * n;
        const float *dyr = rowio_in(dy, off, n, tdy);
        const float *xr = rowio_in(x, off, n, tx);
        float mu = vec_load1(mean.data, mean.dtype, r), rs = vec_load1(rstd.data, rstd.dtype, r);
        k->row_affine(xr, xh, n, mu, rs, NULL, NULL); /* xhat */
        if (dgamma_part) {
            /* dgamma += dy*xhat */
            for (int64_t i = 0; i < n; i++) dgamma_part[i] += dyr[i] * xh[i];
        }
        if (dbeta_part)
            k->binary[VEC_ADD](dbeta_part, dyr, dbeta_part, n, &one);
        if (!dx.data)
            continue;
        if (g) k->binary[VEC_MUL](dyr, g, gg, n, &one);
        else memcpy(gg, dyr, (size_t)n * 4);
        float mg = k->row_sum(gg, n) / (float)n;
        float mgx = k->row_dot(gg, xh, n) / (float)n;
        /* dx = rs*(gg - mg - xh*mgx) */
        float *d = rowio_out(dx, off, tdx);
        for (int64_t i = 0; i < n; i++) d[i] = rs * (gg[i] - mg - xh[i] * mgx);
        rowio_store(dx, off, n, d);
    }
    free(buf);
    free(ga);
    return 0;
}

int vec_rms_norm(vec_buf x, vec_buf x2, vec_buf gamma, double eps, vec_buf y, vec_buf rstd,
                 vec_buf x_out, int64_t rows, int64_t n, int64_t begin, int64_t end)
{
    if (!vec_dtype_is_float_io(x.dtype) || !vec_dtype_is_float_io(y.dtype) || !rowio_ok(x2) ||
        !rowio_ok(gamma) || !rowio_ok(rstd) || !rowio_ok(x_out))
        return -1;
    if (end > rows) end = rows;
    if (begin >= end || n <= 0)
        return 0;
    const vec_kernels *k = vec_kernels_get();
    float *ga;
    const float *g = rowio_vec(gamma, n, &ga);
    float *buf = scratch(3, n);
    if (!buf || (gamma.data && !g)) {
        free(buf);
        free(ga);
        return -2;
    }
    float *tx = buf, *t2 = buf + n, *ty = buf + 2 * n;
    vec_params one = vec_params_default();
    for (int64_t r = begin; r < end; r++) {
        int64_t off = r * n;
        const float *xr = rowio_in(x, off, n, tx);
        if (x2.data) {
            const float *x2r = rowio_in(x2, off, n, t2);
            k->binary[VEC_ADD](xr, x2r, tx, n, &one);
            xr = tx;
            if (x_out.data)
                vec_store_f32(tx, (char *)x_out.data + off * vec_dtype_size(x_out.dtype),
                              x_out.dtype, 1, n);
        }
        float ms = k->row_dot(xr, xr, n) / (float)n;
        float rs = (float)(1.0 / sqrt((double)ms + eps));
        float *yr = rowio_out(y, off, ty);
        k->row_affine(xr, yr, n, 0.0f, rs, g, NULL);
        rowio_store(y, off, n, yr);
        put_stat(rstd, r, rs);
    }
    free(buf);
    free(ga);
    return 0;
}

int vec_rms_norm_grad(vec_buf dy, vec_buf x, vec_buf rstd, vec_buf gamma, vec_buf dx,
                      float *dgamma_part, int64_t rows, int64_t n, int64_t begin, int64_t end)
{
    if (!vec_dtype_is_float_io(dy.dtype) || !vec_dtype_is_float_io(x.dtype) ||
        !vec_dtype_is_float_io(rstd.dtype) || !rowio_ok(gamma) || !rowio_ok(dx))
        return -1;
    if (end > rows) end = rows;
    if (dgamma_part) memset(dgamma_part, 0, (size_t)n * 4);
    if (begin >= end || n <= 0)
        return 0;
    const vec_kernels *k = vec_kernels_get();
    float *ga;
    const float *g = rowio_vec(gamma, n, &ga);
    float *buf = scratch(4, n);
    if (!buf || (gamma.data && !g)) {
        free(buf);
        free(ga);
        return -2;
    }
    float *tdy = buf, *tx = buf + n, *gg = buf + 2 * n, *tdx = buf + 3 * n;
    vec_params one = vec_params_default();
    for (int64_t r = begin; r < end; r++) {
        int64_t off = r * n;
        const float *dyr = rowio_in(dy, off, n, tdy);
        const float *xr = rowio_in(x, off, n, tx);
        float rs = vec_load1(rstd.data, rstd.dtype, r);
        if (dgamma_part)
            for (int64_t i = 0; i < n; i++) dgamma_part[i] += dyr[i] * xr[i] * rs;
        if (!dx.data)
            continue;
        if (g) k->binary[VEC_MUL](dyr, g, gg, n, &one);
        else memcpy(gg, dyr, (size_t)n * 4);
        float m = k->row_dot(gg, xr, n) / (float)n;
        float c = rs * rs * rs * m;
        float *d = rowio_out(dx, off, tdx);
        for (int64_t i = 0; i < n; i++) d[i] = rs * gg[i] - c * xr[i];
        rowio_store(dx, off, n, d);
    }
    free(buf);
    free(ga);
    return 0;
}

int vec_sum_parts(const float *parts, int64_t nparts, int64_t n, vec_buf out, int64_t begin,
                  int64_t end)
{
    if (!vec_dtype_is_float_io(out.dtype))
        return -1;
    if (end > n) end = n;
    /* a tile of columns at a time, the parts walked in row order (a column walk strides by n and
     * misses cache and TLB on every part); each column still sums its parts in order 0.. */
    enum { TILE = 512 };
    double acc[TILE];
    for (int64_t c0 = begin; c0 < end; c0 += TILE) {
        int64_t m = end - c0 < TILE ? end - c0 : TILE;
        for (int64_t j = 0; j < m; j++) acc[j] = 0;
        for (int64_t p = 0; p < nparts; p++) {
            const float *row = parts + p * n + c0;
            for (int64_t j = 0; j < m; j++) acc[j] += row[j];
        }
        for (int64_t j = 0; j < m; j++) vec_store1(out.data, out.dtype, c0 + j, (float)acc[j]);
    }
    return 0;
}
