/* N-d window pooling kernels (see pool3d_args.h), in double: averages divide once, maxima keep
 * the first maximum and propagate NaN (reported at its position; max_rule 1: MaxPoolWithArgmaxV3's
 * start and compare instead, see pool3d_args.h), backward planes accumulate in a double scratch
 * plane and round once. Max-backward indices are range-checked for the whole block before
 * anything is written. */
#include <math.h>
#include <string.h>

#include "acl/acl_base.h"
#include "nn_kernel.h"
#include "pool3d_args.h"

/* Taps of output position o along dim i: first, count, step; *full = taps the avg divisor
 * counts with countIncludePad (count_include_pad 1: the window clipped to the padded input;
 * 2: the kernel's k taps whatever the padding, as AveragePoolingGrad's kernels). */
static void window(const pool3d_args *a, int i, int64_t o, int64_t *first, int64_t *n, int64_t *step, int64_t *full)
{
    int64_t I = a->in[i], O = a->out[i];
    if (a->adaptive) {
        int64_t lo = o * I / O, hi = ((o + 1) * I + O - 1) / O;
        *first = lo, *n = hi - lo, *step = 1, *full = hi - lo;
        return;
    }
    int64_t start = o * a->s[i] - a->pad[i], d = a->dil[i];
    int64_t end_pad = start + (a->k[i] - 1) * d + 1;
    int64_t lim = I + a->pad[i];
    *full = a->count_include_pad == 2 ? a->k[i] : (end_pad < lim ? end_pad : lim) - start;
    int64_t j0 = start < 0 ? (-start + d - 1) / d : 0; /* first tap inside the input */
    int64_t j1 = a->k[i];
    if (start >= I) /* a window wholly in the trailing padding */
        j1 = 0;
    else if (start + (j1 - 1) * d >= I)
        j1 = (I - 1 - start) / d + 1;
    *first = start + j0 * d;
    *n = j1 > j0 ? j1 - j0 : 0;
    *step = d;
}

static int valid(const pool3d_args *a, size_t size)
{
    if (size < sizeof(pool3d_args))
        return 0;
    for (int i = 0; i < 3; i++)
        if (a->in[i] <= 0 || a->out[i] <= 0 || a->s[i] <= 0 || a->dil[i] <= 0 || a->k[i] <= 0)
            return 0;
    return 1;
}

/* One output position's window: per dim the first tap, tap count, step and the taps the
 * countIncludePad divisor counts. */
typedef struct {
    int64_t first[3], n[3], step[3], full[3];
} win3;

/* Offset of tap (i, j, k) of window w inside an input plane of H x W. */
static inline int64_t tap(const win3 *w, int64_t i, int64_t j, int64_t k, int64_t H, int64_t W)
{
    return (w->first[0] + i * w->step[0]) * H * W + (w->first[1] + j * w->step[1]) * W + w->first[2] + k * w->step[2];
}

static int64_t avg_divisor(const pool3d_args *a, const win3 *w)
{
    if (a->divisor)
        return a->divisor;
    return a->count_include_pad ? w->full[0] * w->full[1] * w->full[2] : w->n[0] * w->n[1] * w->n[2];
}

/* Calls fn for every output position y of plane pl with its window. */
typedef void (*win_fn)(const pool3d_args *a, int64_t pl, int64_t y, const win3 *w, void *ctx);
static void each_window(const pool3d_args *a, int64_t pl, win_fn fn, void *ctx)
{
    win3 w;
    int64_t y = pl * a->out[0] * a->out[1] * a->out[2];
    for (int64_t od = 0; od < a->out[0]; od++) {
        window(a, 0, od, &w.first[0], &w.n[0], &w.step[0], &w.full[0]);
        for (int64_t oh = 0; oh < a->out[1]; oh++) {
            window(a, 1, oh, &w.first[1], &w.n[1], &w.step[1], &w.full[1]);
            for (int64_t ow = 0; ow < a->out[2]; ow++, y++) {
                window(a, 2, ow, &w.first[2], &w.n[2], &w.step[2], &w.full[2]);
                fn(a, pl, y, &w, ctx);
            }
        }
    }
}

/* Runs fn over every window of the block's planes. */
static int for_block(const void *args, size_t size, const aclemu_block *blk, win_fn fn)
{
    const pool3d_args *a = args;
    if (!valid(a, size))
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t s, e;
    nn_block_items(a->planes, a->planes_per_block, blk, &s, &e);
    for (int64_t pl = s; pl < e; pl++)
        each_window(a, pl, fn, NULL);
    return 0;
}

static void avg_one(const pool3d_args *a, int64_t pl, int64_t y, const win3 *w, void *ctx)
{
    (void)ctx;
    const int64_t H = a->in[1], W = a->in[2], base = pl * a->in[0] * H * W;
    double sum = 0;
    for (int64_t i = 0; i < w->n[0]; i++)
        for (int64_t j = 0; j < w->n[1]; j++)
            for (int64_t k = 0; k < w->n[2]; k++)
                sum += nn_load(&a->op[0], base + tap(w, i, j, k, H, W));
    int64_t div = avg_divisor(a, w);
    nn_store(&a->op[1], y, div ? sum / (double)div : NAN);
}

static int k_avg(const void *args, size_t size, const aclemu_block *blk)
{
    return for_block(args, size, blk, avg_one);
}
ACLEMU_KERNEL("Pool3dAvg", k_avg);

/* The lowest finite value of a float dtype (max_rule 1's start). */
static double lowest_finite(int32_t dtype)
{
    switch (dtype) {
    case ACL_FLOAT16: return -65504.0;
    case ACL_BF16: return -3.3895313892515355e38; /* 0xFF7F */
    default: return -3.4028234663852886e38;       /* -FLT_MAX */
    }
}

static void max_one(const pool3d_args *a, int64_t pl, int64_t y, const win3 *w, void *ctx)
{
    (void)ctx;
    const int64_t H = a->in[1], W = a->in[2], base = pl * a->in[0] * H * W;
    if (a->max_rule == 1) {
        double best = lowest_finite(a->op[0].dtype);
        int64_t bi = 0;
        for (int64_t i = 0; i < w->n[0]; i++)
            for (int64_t j = 0; j < w->n[1]; j++)
                for (int64_t k = 0; k < w->n[2]; k++) {
                    int64_t at = tap(w, i, j, k, H, W);
                    double v = nn_load(&a->op[0], base + at);
                    if (v > best)
                        best = v, bi = at;
                }
        nn_store(&a->op[1], y, best);
        if (a->op[2].present)
            nn_store_int(&a->op[2], y, bi);
        return;
    }
    double best = -INFINITY;
    int64_t bi = w->first[0] * H * W + w->first[1] * W + w->first[2];
    for (int64_t i = 0; i < w->n[0]; i++)
        for (int64_t j = 0; j < w->n[1]; j++)
            for (int64_t k = 0; k < w->n[2]; k++) {
                int64_t at = tap(w, i, j, k, H, W);
                double v = nn_load(&a->op[0], base + at);
                if (isnan(v)) { /* NaN wins, reported at its first position */
                    best = v, bi = at;
                    goto done;
                }
                if (v > best)
                    best = v, bi = at;
            }
done:
    nn_store(&a->op[1], y, best);
    if (a->op[2].present)
        nn_store_int(&a->op[2], y, bi);
}

static int k_max(const void *args, size_t size, const aclemu_block *blk)
{
    return for_block(args, size, blk, max_one);
}
ACLEMU_KERNEL("Pool3dMax", k_max);

/* gradInput plane pl from the block's scratch plane. */
static void flush(const pool3d_args *a, const nn_cbuf *gi, double *acc, int64_t pl, int64_t IP)
{
    for (int64_t i = 0; i < IP; i++)
        nn_store(gi, pl * IP + i, acc[i]);
}

static void avg_grad_one(const pool3d_args *a, int64_t pl, int64_t y, const win3 *w, void *ctx)
{
    (void)pl;
    double *acc = ctx;
    int64_t div = avg_divisor(a, w);
    if (!div)
        return;
    const int64_t H = a->in[1], W = a->in[2];
    double g = nn_load(&a->op[0], y) / (double)div;
    for (int64_t i = 0; i < w->n[0]; i++)
        for (int64_t j = 0; j < w->n[1]; j++)
            for (int64_t k = 0; k < w->n[2]; k++)
                acc[tap(w, i, j, k, H, W)] += g;
}

static int k_avg_grad(const void *args, size_t size, const aclemu_block *blk)
{
    const pool3d_args *a = args;
    if (!valid(a, size) || !a->scratch)
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t s, e;
    nn_block_items(a->planes, a->planes_per_block, blk, &s, &e);
    const int64_t IP = a->in[0] * a->in[1] * a->in[2];
    double *acc = (double *)(uintptr_t)a->scratch + (int64_t)blk->block_idx * IP;
    for (int64_t pl = s; pl < e; pl++) {
        memset(acc, 0, (size_t)IP * sizeof(double));
        each_window(a, pl, avg_grad_one, acc);
        flush(a, &a->op[1], acc, pl, IP);
    }
    return 0;
}
ACLEMU_KERNEL("Pool3dAvgGrad", k_avg_grad);

/* op[1] holds, for every output of planes [s, e), an index inside its input plane. */
static int indices_in_plane(const pool3d_args *a, int64_t s, int64_t e)
{
    const int64_t IP = a->in[0] * a->in[1] * a->in[2], OP = a->out[0] * a->out[1] * a->out[2];
    for (int64_t y = s * OP; y < e * OP; y++) {
        int64_t at = nn_load_int(&a->op[1], y);
        if (at < 0 || at >= IP)
            return 0;
    }
    return 1;
}

static int k_max_grad(const void *args, size_t size, const aclemu_block *blk)
{
    const pool3d_args *a = args;
    if (!valid(a, size) || !a->scratch)
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t s, e;
    nn_block_items(a->planes, a->planes_per_block, blk, &s, &e);
    const int64_t IP = a->in[0] * a->in[1] * a->in[2], OP = a->out[0] * a->out[1] * a->out[2];
    if (!indices_in_plane(a, s, e)) /* every index inside its plane, or nothing is written */
        return ACLEMU_KERNEL_BAD_ARGS;
    double *acc = (double *)(uintptr_t)a->scratch + (int64_t)blk->block_idx * IP;
    for (int64_t pl = s; pl < e; pl++) {
        memset(acc, 0, (size_t)IP * sizeof(double));
        for (int64_t y = pl * OP; y < (pl + 1) * OP; y++)
            acc[nn_load_int(&a->op[1], y)] += nn_load(&a->op[0], y);
        flush(a, &a->op[2], acc, pl, IP);
    }
    return 0;
}
ACLEMU_KERNEL("Pool3dMaxGrad", k_max_grad);

/* Max unpooling over planes (in[] = the unpooled plane, out[] = the pooled one): Pool3dUnpool
 * zeroes op[2]'s plane and writes op[0][y] at op[1][y] in order (a repeated index: the last
 * wins, as the real scatter with reduction none); Pool3dUnpoolGrad gathers op[2][y] =
 * op[0][plane, op[1][y]]. Bytewise, so every dtype is exact. Indices are checked first. */
static int unpool_check(const pool3d_args *a, size_t size, const aclemu_block *blk, int64_t *s, int64_t *e)
{
    if (!valid(a, size) || aclemu_kdtype_size(a->op[0].dtype) != aclemu_kdtype_size(a->op[2].dtype))
        return ACLEMU_KERNEL_BAD_ARGS;
    nn_block_items(a->planes, a->planes_per_block, blk, s, e);
    return indices_in_plane(a, *s, *e) ? 0 : ACLEMU_KERNEL_BAD_ARGS;
}

static int k_unpool(const void *args, size_t size, const aclemu_block *blk)
{
    const pool3d_args *a = args;
    int64_t s, e;
    int rc = unpool_check(a, size, blk, &s, &e);
    if (rc)
        return rc;
    const int64_t IP = a->in[0] * a->in[1] * a->in[2], OP = a->out[0] * a->out[1] * a->out[2];
    const size_t es = aclemu_kdtype_size(a->op[0].dtype);
    const char *x = nn_ptr(&a->op[0]);
    char *o = nn_ptr(&a->op[2]);
    for (int64_t pl = s; pl < e; pl++) {
        memset(o + pl * IP * (int64_t)es, 0, (size_t)IP * es);
        for (int64_t y = pl * OP; y < (pl + 1) * OP; y++)
            memcpy(o + (pl * IP + nn_load_int(&a->op[1], y)) * (int64_t)es, x + y * (int64_t)es, es);
    }
    return 0;
}
ACLEMU_KERNEL("Pool3dUnpool", k_unpool);

static int k_unpool_grad(const void *args, size_t size, const aclemu_block *blk)
{
    const pool3d_args *a = args;
    int64_t s, e;
    int rc = unpool_check(a, size, blk, &s, &e);
    if (rc)
        return rc;
    const int64_t IP = a->in[0] * a->in[1] * a->in[2], OP = a->out[0] * a->out[1] * a->out[2];
    const size_t es = aclemu_kdtype_size(a->op[0].dtype);
    const char *g = nn_ptr(&a->op[0]);
    char *o = nn_ptr(&a->op[2]);
    for (int64_t pl = s; pl < e; pl++)
        for (int64_t y = pl * OP; y < (pl + 1) * OP; y++)
            memcpy(o + y * (int64_t)es, g + (pl * IP + nn_load_int(&a->op[1], y)) * (int64_t)es, es);
    return 0;
}
ACLEMU_KERNEL("Pool3dUnpoolGrad", k_unpool_grad);
