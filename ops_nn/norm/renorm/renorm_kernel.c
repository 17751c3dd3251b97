/* Renorm kernel: per slice, norm = (sum |x|^p)^(1/p) in FP32 (p = 0: count of non-zeros, p = 1:
 * sum |x|, p = 2: sqrt(sum x^2), p = inf: max |x|), n = max(norm, eps), factor = min(n, maxNorm) / n
 * (1 when the norm is within maxNorm), y = x * factor rounded to y's dtype. EmbeddingRenorm: one
 * block; every listed row's factor comes from its original values (a repeated index is renormed
 * once), then the rows are scaled (the others stored unchanged). */
#include <math.h>

#include "norm_rows.h"
#include "renorm_args.h"

static float slice_norm(const renorm_args *a, int64_t d, float *buf)
{
    float acc = 0.0f;
    for (int64_t o = 0; o < a->outer; o++) {
        nr_load(&a->x, (o * a->dim + d) * a->inner, a->inner, buf);
        for (int64_t i = 0; i < a->inner; i++) {
            float v = fabsf(buf[i]);
            if (a->p == 0.0f)
                acc += v != 0.0f ? 1.0f : 0.0f;
            else if (isinf(a->p))
                acc = (v > acc || isnan(v)) ? v : acc;
            else if (a->p == 1.0f)
                acc += v;
            else if (a->p == 2.0f)
                acc += v * v;
            else
                acc += powf(v, a->p);
        }
    }
    if (a->p == 0.0f || a->p == 1.0f || isinf(a->p))
        return acc;
    return a->p == 2.0f ? sqrtf(acc) : powf(acc, 1.0f / a->p);
}

static float factor_of(const renorm_args *a, float norm)
{
    float n = fmaxf(norm, a->eps);
    float f = fminf(n, a->maxnorm) / n;
    if (a->round_factor) {
        float r;
        char tmp[8];
        aclemu_store_f32(tmp, a->x.dtype, 0, &f, 1);
        aclemu_load_f32(&r, tmp, a->x.dtype, 0, 1);
        f = r;
    }
    return f;
}

static void scale_slice(const renorm_args *a, int64_t d, float f, float *buf)
{
    for (int64_t o = 0; o < a->outer; o++) {
        int64_t first = (o * a->dim + d) * a->inner;
        nr_load(&a->x, first, a->inner, buf);
        for (int64_t i = 0; i < a->inner; i++)
            buf[i] *= f;
        nr_store(&a->y, first, a->inner, buf);
    }
}

static int renorm_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(renorm_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const renorm_args *a = (const renorm_args *)args;
    if (!a->idx.present) {
        int64_t s, e;
        nr_block_rows(&a->h, blk, &s, &e);
        float *buf = nr_scratch(1, a->inner);
        if (!buf)
            return ACLEMU_KERNEL_BAD_ARGS;
        for (int64_t d = s; d < e; d++)
            scale_slice(a, d, factor_of(a, slice_norm(a, d, buf)), buf);
        return 0;
    }
    if (blk->block_idx != 0)
        return 0;
    /* factor per row of x (-1: not listed) then the listed rows scaled */
    float *f = nr_scratch(1, a->dim + a->inner);
    if (!f)
        return ACLEMU_KERNEL_BAD_ARGS;
    float *buf = f + a->dim;
    for (int64_t r = 0; r < a->dim; r++)
        f[r] = -1.0f;
    int64_t esz = (int64_t)aclemu_kdtype_size(a->idx.dtype);
    for (int64_t u = 0; u < a->h.rows; u++) {
        int64_t r;
        aclemu_load_i64(&r, (const char *)nn_ptr(&a->idx) + u * esz, a->idx.dtype, 0, 1);
        if (r < 0 || r >= a->dim || f[r] != -1.0f)
            continue; /* out of range: left alone; repeated: done */
        f[r] = factor_of(a, slice_norm(a, r, buf));
    }
    /* every row is stored (unlisted ones times 1, exact): a staged selfRef is written back whole */
    for (int64_t r = 0; r < a->dim; r++)
        scale_slice(a, r, f[r] == -1.0f ? 1.0f : f[r], buf);
    return 0;
}

ACLEMU_KERNEL("Renorm", renorm_kernel);
