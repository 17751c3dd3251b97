/* Device side of Sort / Argsort / Topk: each block sorts whole lines in its workspace slot.
 * Keys are the elements mapped to unsigned integers that order like the values (floats: sign
 * folded, every NaN the largest, as torch orders them; signed ints: sign bit flipped;
 * descending: complemented), sorted by an LSD radix sort over their bytes (passes where every
 * key has the same byte are skipped), which is stable: equal values keep their index order. */
#include <stdlib.h>
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "dtype.h"
#include "sort_args.h"
#include "sort_keys.h"

/* Stable LSD radix sort of n (key, index) pairs over `bits` key bits: 8-bit digits for short
 * lines (the histograms stay small next to n), 11-bit ones for long lines; every digit
 * histogram counted in one read; digits where all keys agree are skipped. tk / tx are scratch
 * arrays of n entries; the result ends in k / x. Very short arrays: insertion sort. */
#define RADIX_MAX_BITS 11
#define RADIX_HIST (6 << RADIX_MAX_BITS) /* enough for 64-bit keys at either width */
#define DEFINE_RADIX_SORT(name, KT, XT)                                                                         \
    static void name(KT *k, XT *x, KT *tk, XT *tx, int64_t n, int bits, int64_t *hist)                        \
    {                                                                                                          \
        if (n <= 32) {                                                                                         \
            for (int64_t i = 1; i < n; i++) {                                                                  \
                KT kk = k[i];                                                                                  \
                XT xx = x[i];                                                                                  \
                int64_t j = i - 1;                                                                             \
                while (j >= 0 && k[j] > kk) { k[j + 1] = k[j]; x[j + 1] = x[j]; j--; }                         \
                k[j + 1] = kk;                                                                                 \
                x[j + 1] = xx;                                                                                 \
            }                                                                                                  \
            return;                                                                                            \
        }                                                                                                      \
        const int rb = n < (1 << 16) ? 8 : RADIX_MAX_BITS, size = 1 << rb, passes = (bits + rb - 1) / rb;      \
        const KT dm = (KT)(size - 1);                                                                          \
        memset(hist, 0, sizeof(int64_t) * (size_t)size * (size_t)passes);                                      \
        for (int64_t i = 0; i < n; i++)                                                                        \
            for (int p = 0; p < passes; p++) hist[p * size + (int)((k[i] >> (p * rb)) & dm)]++;                \
        KT *sk = k, *dk = tk;                                                                                  \
        XT *sx = x, *dx = tx;                                                                                  \
        for (int p = 0; p < passes; p++) {                                                                     \
            int64_t *cnt = hist + p * size, pos = 0;                                                           \
            int shift = p * rb;                                                                                \
            if (cnt[(int)((sk[0] >> shift) & dm)] == n) continue; /* all keys share this digit */              \
            for (int b = 0; b < size; b++) { int64_t c = cnt[b]; cnt[b] = pos; pos += c; }                     \
            for (int64_t i = 0; i < n; i++) {                                                                  \
                int64_t at = cnt[(int)((sk[i] >> shift) & dm)]++;                                              \
                dk[at] = sk[i];                                                                                \
                dx[at] = sx[i];                                                                                \
            }                                                                                                  \
            KT *t = sk; sk = dk; dk = t;                                                                       \
            XT *u = sx; sx = dx; dx = u;                                                                       \
        }                                                                                                      \
        if (sk != k) {                                                                                         \
            memcpy(k, sk, (size_t)n * sizeof *k);                                                              \
            memcpy(x, sx, (size_t)n * sizeof *x);                                                              \
        }                                                                                                      \
    }
DEFINE_RADIX_SORT(radix_sort32, uint32_t, uint32_t)
DEFINE_RADIX_SORT(radix_sort64, uint64_t, int64_t)

/* The k smallest of n distinct 64-bit values moved to the front (quickselect, median-of-3). */
static void select_k(uint64_t *v, int64_t n, int64_t k)
{
    int64_t lo = 0, hi = n - 1;
    while (hi > lo && k > lo && k <= hi) {
        int64_t mid = lo + (hi - lo) / 2;
        uint64_t a = v[lo], b = v[mid], c = v[hi];
        uint64_t piv = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
        int64_t i = lo, j = hi;
        while (i <= j) {
            while (v[i] < piv) i++;
            while (v[j] > piv) j--;
            if (i <= j) { uint64_t t = v[i]; v[i] = v[j]; v[j] = t; i++; j--; }
        }
        if (k <= j) hi = j;
        else if (k >= i) lo = i;
        else return;
    }
}

/* Ascending in-place sort of n distinct 64-bit values (quicksort, median-of-3, insertion sort
 * below 16; the smaller side recursed, so the depth stays logarithmic). */
static void sort_u64(uint64_t *v, int64_t n)
{
    while (n > 16) {
        uint64_t a = v[0], b = v[n / 2], c = v[n - 1];
        uint64_t piv = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
        int64_t i = 0, j = n - 1;
        while (i <= j) {
            while (v[i] < piv) i++;
            while (v[j] > piv) j--;
            if (i <= j) { uint64_t t = v[i]; v[i] = v[j]; v[j] = t; i++; j--; }
        }
        /* [0, j] <= piv <= [i, n) */
        if (j + 1 < n - i) { sort_u64(v, j + 1); v += i; n -= i; }
        else { sort_u64(v + i, n - i); n = j + 1; }
    }
    for (int64_t i = 1; i < n; i++) {
        uint64_t x = v[i];
        int64_t j = i - 1;
        while (j >= 0 && v[j] > x) { v[j + 1] = v[j]; j--; }
        v[j + 1] = x;
    }
}

/* The largest 32-bit key among the k composites (key << 32 | index) at c. */
static uint32_t max_key(const uint64_t *c, int64_t k)
{
    uint64_t m = 0;
    for (int64_t i = 0; i < k; i++) m = c[i] > m ? c[i] : m;
    return (uint32_t)(m >> 32);
}

/* Sifts v down from position r of the max-heap h of n entries. */
static inline void heap_down(uint64_t *h, int64_t n, int64_t r, uint64_t v)
{
    for (;;) {
        int64_t ch = 2 * r + 1;
        if (ch >= n) break;
        if (ch + 1 < n && h[ch + 1] > h[ch]) ch++;
        if (h[ch] <= v) break;
        h[r] = h[ch];
        r = ch;
    }
    h[r] = v;
}

/* Topk of a few (0 < k < n): the (key, index) composites of the k smallest of the n 32-bit keys
 * in the first k entries of c (cap > k entries of room), ascending. The composites are unique and
 * order like the stable sort (ties: lower index first). A candidate buffer is refilled by a scan
 * in index order against the key of the largest of the k best so far: a later element with an
 * equal key has a larger index, so only a strictly smaller key can enter; the buffer is cut back
 * to its k smallest whenever it fills. Blocks of 16 keys without a candidate are skipped by one
 * vectorised test. */
static void topk_small32(const uint32_t *k32, int64_t n, int64_t k, uint64_t *c, int64_t cap)
{
    if (k <= 256 && n > k) {
        /* few: a max-heap of the k best so far (its root the threshold), each entering
         * candidate replacing the root */
        for (int64_t i = 0; i < k; i++) c[i] = (uint64_t)k32[i] << 32 | (uint32_t)i;
        for (int64_t r = k / 2 - 1; r >= 0; r--) heap_down(c, k, r, c[r]);
        uint32_t thr = (uint32_t)(c[0] >> 32);
        for (int64_t i = k; i < n;) {
            int64_t lim = n;
            if (i + 16 <= n) {
                unsigned hit = 0;
                for (int j = 0; j < 16; j++) hit |= k32[i + j] < thr;
                if (!hit) { i += 16; continue; }
                lim = i + 16;
            }
            for (; i < lim; i++) {
                if (k32[i] >= thr) continue;
                heap_down(c, k, 0, (uint64_t)k32[i] << 32 | (uint32_t)i);
                thr = (uint32_t)(c[0] >> 32);
            }
        }
        sort_u64(c, k);
        return;
    }
    int64_t m = 0, i = 0, first = n < cap ? n : cap;
    for (; i < first; i++) c[m++] = (uint64_t)k32[i] << 32 | (uint32_t)i;
    if (i < n) {
        select_k(c, m, k);
        m = k;
        uint32_t thr = max_key(c, k);
        while (i < n) {
            int64_t lim = n;
            if (i + 16 <= n) {
                unsigned hit = 0;
                for (int j = 0; j < 16; j++) hit |= k32[i + j] < thr;
                if (!hit) { i += 16; continue; }
                lim = i + 16;
            }
            for (; i < lim; i++) {
                if (k32[i] >= thr) continue;
                c[m++] = (uint64_t)k32[i] << 32 | (uint32_t)i;
                if (m == cap) {
                    select_k(c, m, k);
                    m = k;
                    thr = max_key(c, k);
                }
            }
        }
    }
    select_k(c, m, k);
    sort_u64(c, k);
}

/* SORT_KEY_NAN_FIRST keys (kdt: the key dtype, FLOAT for INT32 input): every NaN first in
 * either direction (so 0, or the complement of 0 when descending), -0 equal to +0. */
static uint64_t key_nan_first(int kdt, int in_dtype, const char *p, int descending, uint64_t mask)
{
    float f;
    if (in_dtype == DT_INT32) {
        int32_t v;
        memcpy(&v, p, 4);
        f = (float)v;
        p = (const char *)&f;
    }
    uint64_t nan_key = descending ? mask : 0;
    uint64_t key = key_of(kdt, p);
    if (kdt == DT_FLOAT) {
        uint32_t u;
        memcpy(&u, p, 4);
        if ((u & 0x7fffffffu) > 0x7f800000u) return nan_key;
        if ((u & 0x7fffffffu) == 0) return 0x80000000u;
    } else if (kdt == DT_FLOAT16 || kdt == DT_BF16) {
        uint16_t u;
        memcpy(&u, p, 2);
        if ((u & 0x7fff) > (kdt == DT_FLOAT16 ? 0x7c00 : 0x7f80)) return nan_key;
        if ((u & 0x7fff) == 0) return 0x8000u;
    }
    return key;
}

/* Offset (elements) of element i of a line: along sin, or through the flat dims. */
static int64_t line_offset(const sort_args *a, int64_t i)
{
    if (!a->nf) return i * a->sin;
    int64_t off = 0;
    for (int d = a->nf - 1; d >= 0; d--) {
        off += i % a->fshape[d] * a->fstride[d];
        i /= a->fshape[d];
    }
    return off;
}

/* The select modes: the line's keys k (sorted, 32- or 64-bit) and their indices x are sorted
 * in full (scratch: the radix arrays); one value / index is written at the line's offsets. */
static void write_selected(const sort_args *a, const char *in, size_t es, const void *k, int narrow, const void *x,
                           uint64_t mask, int64_t vo, int64_t xo)
{
    int64_t n = a->len, nan = 0;
#define KEY_AT(j) (narrow ? (uint64_t)((const uint32_t *)k)[j] : ((const uint64_t *)k)[j])
#define IDX_AT(j) (narrow ? (int64_t)((const uint32_t *)x)[j] : ((const int64_t *)x)[j])
    if (a->is_float)
        while (nan < n && KEY_AT(n - 1 - nan) == mask) nan++;
    int64_t pos;
    switch (a->select) {
    case SORT_SEL_KTH: pos = a->kth; break;
    case SORT_SEL_MEDIAN: pos = nan ? n - nan : (n - 1) / 2; break;
    default: pos = n - nan ? (n - nan - 1) / 2 : 0; break;
    }
    int64_t src = IDX_AT(pos);
#undef KEY_AT
#undef IDX_AT
    if (a->val) {
        size_t ves = aclemu_kdtype_size(a->val_dtype);
        const char *sp = in + line_offset(a, src) * (int64_t)es;
        char *dst = (char *)(uintptr_t)a->val + vo * (int64_t)ves;
        if (a->val_dtype == a->in_dtype) memcpy(dst, sp, es);
        else aclemu_convert_run(dst, a->val_dtype, 0, sp, a->in_dtype, 0, 1);
    }
    if (a->idx)
        aclemu_store_i64((char *)(uintptr_t)a->idx + xo * (int64_t)aclemu_kdtype_size(a->idx_dtype), a->idx_dtype, 0,
                         &src, 1);
}

static int k_sort(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(sort_args)) return ACLEMU_KERNEL_BAD_ARGS;
    const sort_args *a = (const sort_args *)args;
    if (a->nl < 0 || a->nl > SORT_MAX_DIMS || a->k > a->len || a->k < 0 || a->nf < 0 || a->nf > SORT_MAX_DIMS ||
        (a->select != SORT_SEL_FIRST_K && (a->len < 1 || a->kth < 0 || a->kth >= a->len)) ||
        a->ws_per_block < a->len * 32) return ACLEMU_KERNEL_BAD_ARGS;
    int64_t b = (int64_t)blk->block_idx * a->lines_per_block, e = b + a->lines_per_block;
    if (e > a->nlines) e = a->nlines;
    char *slot = (char *)(uintptr_t)a->ws + (int64_t)blk->block_idx * a->ws_per_block;
    size_t es = aclemu_kdtype_size(a->in_dtype), xes = aclemu_kdtype_size(a->idx_dtype);
    int kdt = a->round_fp16 ? DT_FLOAT16
              : a->key_mode == SORT_KEY_NAN_FIRST && a->in_dtype == DT_INT32 ? DT_FLOAT : a->in_dtype;
    int bits = key_bits(kdt);
    int narrow = bits <= 32 && a->len <= 0xffffffffll; /* 32-bit keys and indices */
    uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
    uint64_t *keys = (uint64_t *)slot, *tkeys = keys + a->len;
    int64_t *idx = (int64_t *)(tkeys + a->len), *tidx = idx + a->len;
    uint32_t *k32 = (uint32_t *)slot, *tk32 = k32 + a->len, *x32 = tk32 + a->len, *tx32 = x32 + a->len;
    int64_t hist[RADIX_HIST];
    const int fast_f32 = narrow && a->in_dtype == DT_FLOAT && !a->round_fp16 && a->key_mode == SORT_KEY_TORCH && !a->nf;
    for (int64_t l = b; l < e; l++) {
        int64_t rem = l, io = a->in_off, vo = a->val_off, xo = a->idx_off, go = a->gx_off;
        for (int d = a->nl - 1; d >= 0; d--) {
            int64_t q = rem % a->lshape[d];
            rem /= a->lshape[d];
            io += q * a->lin[d];
            vo += q * a->lval[d];
            xo += q * a->lidx[d];
            go += q * a->lgx[d];
        }
        const char *in = (const char *)(uintptr_t)a->in + io * (int64_t)es;
        int64_t fidx[SORT_MAX_DIMS] = {0}, foff = 0;
        if (fast_f32) { /* FP32 in torch's order: the keys of key_of(DT_FLOAT), branch-free */
            const uint32_t dm = a->descending ? 0xffffffffu : 0;
            const int64_t st = a->len > 1 ? a->sin * 4 : 4;
            if (st == 4) /* contiguous: the same loop, vectorised */
                for (int64_t i = 0; i < a->len; i++) {
                    uint32_t u;
                    memcpy(&u, in + i * 4, 4);
                    uint32_t key = u ^ ((uint32_t)((int32_t)u >> 31) | 0x80000000u);
                    key = (u & 0x7fffffffu) > 0x7f800000u ? 0xffffffffu : key;
                    k32[i] = key ^ dm;
                    x32[i] = (uint32_t)i;
                }
            else for (int64_t i = 0; i < a->len; i++) {
                uint32_t u;
                memcpy(&u, in + i * st, 4);
                uint32_t key = u ^ ((uint32_t)((int32_t)u >> 31) | 0x80000000u);
                key = (u & 0x7fffffffu) > 0x7f800000u ? 0xffffffffu : key; /* NaN the largest */
                k32[i] = key ^ dm;
                x32[i] = (uint32_t)i;
            }
        }
        for (int64_t i = 0; i < (fast_f32 ? 0 : a->len); i++) {
            const char *p = in + (a->nf ? foff : i * a->sin) * (int64_t)es;
            for (int d = a->nf - 1; d >= 0; d--) { /* next element of a multi-dim line */
                foff += a->fstride[d];
                if (++fidx[d] < a->fshape[d]) break;
                foff -= fidx[d] * a->fstride[d];
                fidx[d] = 0;
            }
            uint16_t h;
            if (a->round_fp16) { /* the key (and value) the FP16 sort of the Ascend910 sees */
                float f;
                memcpy(&f, p, 4);
                h = vec_f32_to_f16(f);
                p = (const char *)&h;
            }
            uint64_t key = a->key_mode == SORT_KEY_NAN_FIRST ? key_nan_first(kdt, a->in_dtype, p, a->descending, mask)
                                                              : key_of(kdt, p);
            key = a->descending ? ~key & mask : key;
            if (narrow) { k32[i] = (uint32_t)key; x32[i] = (uint32_t)i; }
            else { keys[i] = key; idx[i] = i; }
        }
        if (a->select != SORT_SEL_FIRST_K) {
            if (narrow) radix_sort32(k32, x32, tk32, tx32, a->len, bits, hist);
            else radix_sort64(keys, idx, tkeys, tidx, a->len, bits, hist);
            write_selected(a, in, es, narrow ? (const void *)k32 : (const void *)keys, narrow, narrow ? (const void *)x32
                           : (const void *)idx, mask, vo, xo);
            continue;
        }
        if (narrow && a->k < a->len / 4) {
            /* Topk of a few: select the k smallest (key, index) composites, sort only those */
            uint64_t *c = (uint64_t *)tidx; /* past the 32-bit arrays and idx: room for len */
            if (a->k) {
                int64_t cap = 2 * a->k + 64;
                topk_small32(k32, a->len, a->k, c, cap < a->len ? cap : a->len);
            }
            for (int64_t i = 0; i < a->k; i++) idx[i] = (int64_t)(c[i] & 0xffffffffu);
        } else if (narrow) {
            radix_sort32(k32, x32, tk32, tx32, a->len, bits, hist);
            for (int64_t i = 0; i < a->k; i++) idx[i] = x32[i]; /* widened into the 64-bit index array */
        } else {
            radix_sort64(keys, idx, tkeys, tidx, a->len, bits, hist);
        }
        if (a->val) {
            size_t ves = aclemu_kdtype_size(a->val_dtype);
            char *val = (char *)(uintptr_t)a->val + vo * (int64_t)ves;
            for (int64_t i = 0; i < a->k; i++) {
                const char *src = in + idx[i] * a->sin * (int64_t)es;
                char *dst = val + i * a->sval * (int64_t)ves;
                float f;
                if (a->round_fp16) {
                    memcpy(&f, src, 4);
                    f = vec_f16_to_f32(vec_f32_to_f16(f));
                    src = (const char *)&f;
                }
                if (a->val_dtype == a->in_dtype) memcpy(dst, src, es);
                else aclemu_convert_run(dst, a->val_dtype, 0, src, a->in_dtype, 0, 1);
            }
        }
        if (a->idx && a->gx) { /* SortWithIndex: the caller's index of each position follows it */
            const char *g = (const char *)(uintptr_t)a->gx + go * (int64_t)aclemu_kdtype_size(a->gx_dtype);
            int64_t gs = a->sgx * (int64_t)aclemu_kdtype_size(a->gx_dtype);
            for (int64_t i = 0; i < a->k; i++)
                aclemu_load_i64(&idx[i], g + idx[i] * gs, a->gx_dtype, 0, 1);
        }
        if (a->idx)
            aclemu_store_i64((char *)(uintptr_t)a->idx + xo * (int64_t)xes, a->idx_dtype, a->sidx * (int64_t)xes, idx,
                             a->k);
    }
    return 0;
}
ACLEMU_KERNEL("SortLines", k_sort);
