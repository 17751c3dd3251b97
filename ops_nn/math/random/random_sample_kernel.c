/* The samplers of the random family. "Multinomial": each block takes whole rows; with
 * replacement a sample is the first category whose running weight sum exceeds U * total (U from
 * the 64-bit draw of index row * nsamp + s); without replacement the categories are ranked by
 * w / E with E ~ Exp(1) from the draw of index row * ncat + j (the exponential-race form of
 * sampling without replacement the real StatelessExponential + TopK path computes) and the
 * nsamp largest are taken, ties in index order. "Randperm": one block shuffles 0..n-1
 * (Fisher-Yates, step i swapping with the draw of index i mod (i + 1)), the swap targets
 * computed before by "RandpermDraws" over all blocks. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "random_args.h"
#include "random_draw.h"

#define U53 (1.0 / 9007199254740992.0)

typedef struct ranked {
    double key;
    int64_t idx;
} ranked;

static int by_key_desc(const void *pa, const void *pb)
{
    const ranked *x = (const ranked *)pa, *y = (const ranked *)pb;
    if (x->key != y->key)
        return x->key > y->key ? -1 : 1;
    return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static int multinomial_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(multinomial_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const multinomial_args *a = (const multinomial_args *)args;
    uint64_t seed, offset;
    random_resolve_seed(&a->rs, &seed, &offset);
    int64_t r0 = (int64_t)blk->block_idx * a->rows_per_block, r1 = r0 + a->rows_per_block;
    if (r1 > a->rows)
        r1 = a->rows;
    char *ws = (char *)(uintptr_t)a->ws + (int64_t)blk->block_idx * a->ws_per_block;
    double *cum = (double *)ws;
    ranked *rk = (ranked *)(ws + a->ncat * (int64_t)sizeof(double));
    const int two_d = a->self.ndim == 2;
    size_t ies = aclemu_kdtype_size(a->self.dtype);
    const char *sbase = (const char *)(uintptr_t)a->self.addr;
    int64_t *obase = (int64_t *)(uintptr_t)a->out.addr;
    int64_t scat = a->self.stride[two_d], ocol = a->out.stride[two_d];
    for (int64_t row = r0; row < r1; row++) {
        const char *src = sbase + (a->self.offset + (two_d ? row * a->self.stride[0] : 0)) * (int64_t)ies;
        int64_t *dst = obase + a->out.offset + (two_d ? row * a->out.stride[0] : 0);
        aclemu_load_f64(cum, src, a->self.dtype, scat * (int64_t)ies, a->ncat);
        if (a->replacement) {
            for (int64_t j = 1; j < a->ncat; j++)
                cum[j] += cum[j - 1];
            double total = cum[a->ncat - 1];
            for (int64_t s = 0; s < a->nsamp; s++) {
                uint64_t d = random_draw64(seed, offset, (uint64_t)(row * a->nsamp + s));
                double target = (double)(d >> 11) * U53 * total;
                int64_t lo = 0, hi = a->ncat - 1; /* first j with cum[j] > target */
                while (lo < hi) {
                    int64_t mid = lo + (hi - lo) / 2;
                    if (cum[mid] > target)
                        hi = mid;
                    else
                        lo = mid + 1;
                }
                dst[s * ocol] = lo;
            }
        } else {
            for (int64_t j = 0; j < a->ncat; j++) {
                uint64_t d = random_draw64(seed, offset, (uint64_t)(row * a->ncat + j));
                double e = -log(((double)(d >> 11) + 1.0) * U53); /* Exp(1), in [0, 36.8] */
                double w = cum[j];
                rk[j].idx = j;
                rk[j].key = w > 0 ? (e > 0 ? w / e : INFINITY) : -1.0; /* zero weights last */
            }
            if (a->nsamp == 1) {
                int64_t best = 0;
                for (int64_t j = 1; j < a->ncat; j++)
                    if (rk[j].key > rk[best].key)
                        best = j;
                dst[0] = best;
            } else {
                qsort(rk, (size_t)a->ncat, sizeof(ranked), by_key_desc);
                for (int64_t s = 0; s < a->nsamp; s++)
                    dst[s * ocol] = rk[s].idx;
            }
        }
    }
    return 0;
}

/* The swap targets: independent per step (counter-based draws), so computed by every block
 * on its range (the modulo too), with the identity the shuffle starts from. */
static int randperm_draws_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(randperm_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const randperm_args *a = (const randperm_args *)args;
    uint64_t seed, offset;
    random_resolve_seed(&a->rs, &seed, &offset);
    uint64_t *tgt = (uint64_t *)(uintptr_t)a->ws + a->n;
    int64_t s = (int64_t)blk->block_idx * a->per_block, e = s + a->per_block;
    if (e > a->n)
        e = a->n;
    int64_t *perm = (int64_t *)(uintptr_t)a->ws;
    for (int64_t i = s; i < e; i++)
        perm[i] = i;
    uint32_t w[RANDOM_CHUNK]; /* groups i.. of the stream, 4 words each (the vector Philox) */
    for (int64_t c = s; c < e; c += RANDOM_CHUNK / 4) {
        int64_t m = e - c < RANDOM_CHUNK / 4 ? e - c : RANDOM_CHUNK / 4;
        random_words32(seed, offset, (uint64_t)c * 4, m * 4, w);
        for (int64_t k = 0; k < m; k++) { /* draw64(i) = words 0 and 1 of group i */
            uint64_t i = (uint64_t)(c + k), d = ((uint64_t)w[4 * k] << 32) | w[4 * k + 1];
            tgt[i] = i ? d % (i + 1) : 0;
        }
    }
    return 0;
}

/* The sequential part: with the targets known in advance, the random accesses are prefetched
 * a few steps ahead, so the swaps overlap their cache misses. "RandpermStore" converts after. */
#define RANDPERM_AHEAD 16
static int randperm_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(randperm_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const randperm_args *a = (const randperm_args *)args;
    if (blk->block_idx != 0)
        return 0;
    int64_t *perm = (int64_t *)(uintptr_t)a->ws;
    const uint64_t *tgt = (const uint64_t *)(uintptr_t)a->ws + a->n;
    for (int64_t i = a->n - 1; i > 0; i--) {
        if (i > RANDPERM_AHEAD)
            __builtin_prefetch(&perm[tgt[i - RANDPERM_AHEAD]], 1);
        uint64_t j = tgt[i];
        int64_t t = perm[i];
        perm[i] = perm[j];
        perm[j] = t;
    }
    return 0;
}

/* The permutation into out's dtype, every block its range. */
static int randperm_store_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(randperm_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const randperm_args *a = (const randperm_args *)args;
    const int64_t *perm = (const int64_t *)(uintptr_t)a->ws;
    int64_t s = (int64_t)blk->block_idx * a->per_block, e = s + a->per_block;
    if (e > a->n)
        e = a->n;
    if (s >= e)
        return 0;
    size_t es = aclemu_kdtype_size(a->out.dtype);
    int64_t st = a->out.stride[0] * (int64_t)es;
    char *dst = (char *)(uintptr_t)a->out.addr + a->out.offset * (int64_t)es + s * st;
    aclemu_store_i64(dst, a->out.dtype, st, perm + s, e - s);
    return 0;
}

ACLEMU_KERNEL("Multinomial", multinomial_kernel);
ACLEMU_KERNEL("RandpermDraws", randperm_draws_kernel);
ACLEMU_KERNEL("Randperm", randperm_kernel);
ACLEMU_KERNEL("RandpermStore", randperm_store_kernel);
