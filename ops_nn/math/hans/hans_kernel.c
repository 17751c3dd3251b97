/* Device side of HansEncode / HansDecode: the real kernels' bitstream (layout in hans_args.h),
 * computed per core as op_kernel/hans_encode_base.h does with scalar steps; the decode is the
 * exact inverse of that stream (op_kernel/hans_decode_base.h reads it backwards the same way).
 * Every tensor is read / written as the bytes of its view in row-major order. Reads and writes
 * are bounded by the tensors' sizes: a stream that was not written by the encoder is decoded
 * as far as it stays inside them (the real kernel would read whatever lies there). */
#include <stdint.h>
#include <string.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "hans_args.h"

/* ---- bytes of a view ---------------------------------------------------------------------- */
static int td_contig(const aclemu_tdesc *d)
{
    int64_t s = 1;
    for (int i = (int)d->ndim - 1; i >= 0; i--) {
        if (d->shape[i] != 1 && d->stride[i] != s)
            return 0;
        s *= d->shape[i];
    }
    return 1;
}

static char *td_elem(const aclemu_tdesc *d, int64_t i)
{
    int64_t off = d->offset;
    for (int k = (int)d->ndim - 1; k >= 0; k--) {
        int64_t dim = d->shape[k] > 0 ? d->shape[k] : 1;
        off += (i % dim) * d->stride[k];
        i /= dim;
    }
    return (char *)(uintptr_t)d->addr + off * (int64_t)aclemu_kdtype_size(d->dtype);
}

typedef struct bview {
    const aclemu_tdesc *d;
    char *base;  /* contiguous: first byte; else NULL */
    int64_t es;
} bview;

static bview bv(const aclemu_tdesc *d)
{
    bview v = {d, NULL, (int64_t)aclemu_kdtype_size(d->dtype)};
    if (td_contig(d))
        v.base = (char *)(uintptr_t)d->addr + d->offset * v.es;
    return v;
}

static void bv_read(const bview *v, int64_t k, void *dst, int64_t n)
{
    if (v->base) {
        memcpy(dst, v->base + k, (size_t)n);
        return;
    }
    uint8_t *o = (uint8_t *)dst;
    for (int64_t j = 0; j < n; j++)
        o[j] = (uint8_t)td_elem(v->d, (k + j) / v->es)[(k + j) % v->es];
}

static void bv_write(const bview *v, int64_t k, const void *src, int64_t n)
{
    if (v->base) {
        memcpy(v->base + k, src, (size_t)n);
        return;
    }
    const uint8_t *s = (const uint8_t *)src;
    for (int64_t j = 0; j < n; j++)
        td_elem(v->d, (k + j) / v->es)[(k + j) % v->es] = (char)s[j];
}

/* ---- the pdf ranking (hans_const.h SortPdf / hans_encode_base.h PdfSort) ------------------- */
/* The counts are sorted as FLOAT bit patterns; compared here through an order-preserving integer
 * key (so that no denormal is flushed): +0 and -0 equal, negatives below positives. NaN patterns
 * (counts above 0x7f800000 or negative ones from a user pdf) get the key of their bits, an order
 * the hardware's sorter was not checked against. */
static int64_t fkey(int32_t v)
{
    uint32_t u = (uint32_t)v;
    return (u & 0x80000000u) ? -(int64_t)(u & 0x7fffffffu) : (int64_t)u;
}

/* rank -> symbol: Sort32 (descending, stable), then 4-way merges of 32, a 2-way merge of 128;
 * a head from a later list wins only when strictly greater */
static void hans_sort(const int32_t pdf[256], uint8_t sym_of_rank[256])
{
    int idx[256], tmp[256];
    for (int i = 0; i < 256; i++)
        idx[i] = i;
    for (int q = 0; q < 8; q++) /* Sort32 */
        for (int i = q * 32 + 1; i < q * 32 + 32; i++) {
            int x = idx[i], j = i;
            while (j > q * 32 && fkey(pdf[x]) > fkey(pdf[idx[j - 1]])) {
                idx[j] = idx[j - 1];
                j--;
            }
            idx[j] = x;
        }
    for (int level = 0; level < 2; level++) {
        int lists = level == 0 ? 4 : 2, len = level == 0 ? 32 : 128, group = lists * len;
        for (int g = 0; g < 256; g += group) {
            int pos[4] = {0, 0, 0, 0}, o = g;
            for (int k = 0; k < group; k++) {
                int best = -1;
                for (int l = 0; l < lists; l++) {
                    if (pos[l] >= len)
                        continue;
                    if (best < 0 || fkey(pdf[idx[g + l * len + pos[l]]]) > fkey(pdf[idx[g + best * len + pos[best]]]))
                        best = l;
                }
                tmp[o++] = idx[g + best * len + pos[best]++];
            }
        }
        memcpy(idx, tmp, sizeof idx);
    }
    for (int r = 0; r < 256; r++)
        sym_of_rank[r] = (uint8_t)idx[r];
}

static int code_len(int r)
{
    int b = 0;
    while (r >> b)
        b++;
    return b ? b : 1;
}

static void read_pdf(const aclemu_tdesc *d, int32_t pdf[256])
{
    for (int i = 0; i < 256; i++)
        memcpy(&pdf[i], td_elem(d, i), 4);
}

/* ---- encode -------------------------------------------------------------------------------- */
typedef struct core_info {
    int64_t bytes;     /* written to the core's region */
    int64_t remain;    /* elements left raw (var) */
    int64_t processed; /* elements coded */
    int64_t loops;     /* loops of 64 of the core */
} core_info;

static void core_range(const hans_enc_args *a, int64_t b, int64_t *start, int64_t *count)
{
    *start = a->loops_per_core * 64 * b;
    *count = (b < a->cores - 1 ? a->loops_per_core : a->loops_last) * 64;
}

static int enc_hist(const hans_enc_args *a, int64_t b)
{
    int64_t s, n;
    core_range(a, b, &s, &n);
    bview in = bv(&a->input);
    uint32_t h[256] = {0};
    uint8_t buf[HANS_TILE * 4];
    int64_t ds = a->dsize;
    for (int64_t e = 0; e < n; e += HANS_TILE) {
        int64_t m = n - e < HANS_TILE ? n - e : HANS_TILE;
        bv_read(&in, (s + e) * ds, buf, m * ds);
        for (int64_t j = 0; j < m; j++)
            h[buf[j * ds + ds - 1]]++;
    }
    memcpy((char *)(uintptr_t)a->ws + a->hist_off + b * 1024, h, sizeof h);
    return 0;
}

static int enc_pdf(const hans_enc_args *a)
{
    /* each core zeroes the pdf, then adds its counts atomically (AnsPdfStatistic) */
    const uint32_t *h = (const uint32_t *)((char *)(uintptr_t)a->ws + a->hist_off);
    for (int i = 0; i < 256; i++) {
        uint32_t s = 0;
        for (int64_t b = 0; b < a->cores; b++)
            s += h[b * 256 + i];
        memcpy(td_elem(&a->pdf, i), &s, 4);
    }
    return 0;
}

static int enc_core(const hans_enc_args *a, int64_t b)
{
    int64_t s, n;
    core_range(a, b, &s, &n);
    int32_t pdf[256];
    uint8_t sym_of_rank[256], rank[256], len[256];
    read_pdf(&a->pdf, pdf);
    hans_sort(pdf, sym_of_rank);
    for (int r = 0; r < 256; r++) {
        rank[sym_of_rank[r]] = (uint8_t)r;
        len[sym_of_rank[r]] = (uint8_t)code_len(r);
    }
    bview in = bv(&a->input), mant = bv(&a->mantissa);
    int64_t ds = a->dsize, size = b < a->cores - 1 ? a->fixed_per_core : a->fixed_last;
    /* the region: fixedOut, or the workspace when reshuffled */
    uint8_t *ws_region = (uint8_t *)(uintptr_t)a->ws + a->comp_off + HANS_META_BYTES + a->fixed_per_core * b;
    bview fixed = bv(&a->fixed);
    int64_t fixed_base = HANS_META_BYTES + a->fixed_per_core * b;
    static _Thread_local uint32_t S[HANS_TILE];
    static _Thread_local uint8_t buf[HANS_TILE * 4], mbuf[HANS_TILE * 3], sym[HANS_TILE];
    static _Thread_local uint16_t out[HANS_TILE + 64];
    int32_t B[64];
    memset(S, 0, sizeof S);
    memset(B, 0, sizeof B);
    int64_t acc = 0, processed = 0;
#define EMIT(src, nbytes)                                                                    \
    do {                                                                                     \
        if (a->reshuff)                                                                      \
            memcpy(ws_region + acc, (src), (size_t)(nbytes));                                \
        else if (fixed_base + acc + (nbytes) <= a->fixed_bytes)                              \
            bv_write(&fixed, fixed_base + acc, (src), (nbytes));                             \
        acc += (nbytes);                                                                     \
    } while (0)
    int stopped = 0;
    if (size - HANS_TAIL_BYTES >= 0) {
        for (int64_t e = 0; e < n; e += HANS_TILE) {
            int64_t m = n - e < HANS_TILE ? n - e : HANS_TILE, rows = m / 64;
            bv_read(&in, (s + e) * ds, buf, m * ds);
            for (int64_t j = 0; j < m; j++) {
                memcpy(mbuf + j * (ds - 1), buf + j * ds, (size_t)(ds - 1));
                sym[j] = buf[j * ds + ds - 1];
            }
            /* SeparateAndCopyOut: the tile's mantissa bytes go out before the space check */
            bv_write(&mant, (s + e) * (ds - 1), mbuf, m * (ds - 1));
            int32_t L[64] = {0};
            for (int64_t r = 0; r < rows; r++)
                for (int c = 0; c < 64; c++)
                    if (len[sym[r * 64 + c]] > L[r])
                        L[r] = len[sym[r * 64 + c]];
            /* SpaceVerify */
            if (acc + HANS_TAIL_BYTES > size - HANS_TAIL_BYTES) {
                int64_t cnt = 0;
                for (int r = 0; r < 64; r++)
                    cnt += B[r] + L[r] > 16;
                if (acc + 64 * 4 + cnt * 64 * 2 > size - HANS_TAIL_BYTES) {
                    stopped = 1;
                    break;
                }
            }
            /* PdfSortAdd2Buffer */
            for (int64_t r = 0; r < rows; r++)
                for (int c = 0; c < 64; c++)
                    S[r * 64 + c] = (S[r * 64 + c] << L[r]) + rank[sym[r * 64 + c]];
            for (int r = 0; r < 64; r++)
                B[r] += L[r];
            /* OverflowProcess / GatherOutput */
            int64_t k = 0;
            for (int r = 0; r < 64; r++)
                if (B[r] > 16) {
                    for (int c = 0; c < 64; c++) {
                        out[k++] = (uint16_t)S[r * 64 + c];
                        S[r * 64 + c] >>= 16;
                    }
                    B[r] -= 16;
                }
            for (int r = 0; r < 64; r++)
                out[k++] = (uint16_t)L[r];
            EMIT(out, k * 2);
            processed += m;
        }
        (void)stopped;
        /* DeviceTailProcess */
        for (int j = 0; j < HANS_TILE; j++)
            out[j] = (uint16_t)S[j];
        EMIT(out, HANS_TILE * 2);
        EMIT(B, 64 * 4);
    }
#undef EMIT
    core_info *info = (core_info *)((char *)(uintptr_t)a->ws + a->info_off) + b;
    info->bytes = acc;
    info->remain = n - processed;
    info->processed = processed;
    info->loops = n / 64;
    return 0;
}

static int enc_tail(const hans_enc_args *a, int64_t b)
{
    const core_info *info = (const core_info *)((char *)(uintptr_t)a->ws + a->info_off);
    bview fixed = bv(&a->fixed), var = bv(&a->var), in = bv(&a->input), mant = bv(&a->mantissa);
    if (b == 0) { /* Sync: the header, summed over the cores */
        int32_t h[128];
        memset(h, 0, sizeof h);
        for (int64_t k = 0; k < a->cores; k++) {
            h[0] += 12138;
            h[1] += 1;
            h[2] += (int32_t)info[k].loops;
            h[3] += (int32_t)(info[k].processed / 64);
            h[4] += (int32_t)(info[k].remain / 64);
            if (8 + k < 128)
                h[8 + k] += (int32_t)info[k].bytes;
            if (64 + k < 128)
                h[64 + k] += (int32_t)info[k].remain;
        }
        bv_write(&fixed, 0, h, sizeof h);
    }
    if (a->reshuff) { /* ReshuffDevice: the regions packed after the header in core order */
        int64_t o = HANS_META_BYTES;
        for (int64_t k = 0; k < b; k++)
            o += info[k].bytes;
        const uint8_t *src = (const uint8_t *)(uintptr_t)a->ws + a->comp_off + HANS_META_BYTES + a->fixed_per_core * b;
        int64_t len = info[b].bytes;
        if (o + len > a->fixed_bytes)
            len = a->fixed_bytes - o > 0 ? a->fixed_bytes - o : 0;
        if (len > 0)
            bv_write(&fixed, o, src, len);
        return 0;
    }
    /* HostTailProcess: the raw exponent bytes of the elements not coded, mantissa as before */
    if (info[b].remain == 0)
        return 0;
    int64_t s, n;
    core_range(a, b, &s, &n);
    int64_t vo = 0;
    for (int64_t k = 0; k < b; k++)
        vo += info[k].remain;
    int64_t ds = a->dsize, e0 = info[b].processed;
    uint8_t buf[HANS_TILE * 4], eb[HANS_TILE], mb[HANS_TILE * 3];
    for (int64_t e = e0; e < n; e += HANS_TILE) {
        int64_t m = n - e < HANS_TILE ? n - e : HANS_TILE;
        bv_read(&in, (s + e) * ds, buf, m * ds);
        for (int64_t j = 0; j < m; j++) {
            memcpy(mb + j * (ds - 1), buf + j * ds, (size_t)(ds - 1));
            eb[j] = buf[j * ds + ds - 1];
        }
        bv_write(&mant, (s + e) * (ds - 1), mb, m * (ds - 1));
        int64_t w = vo + (e - e0), cnt = m;
        if (w + cnt > a->var_bytes) /* the real kernel would write past varOut */
            cnt = a->var_bytes - w > 0 ? a->var_bytes - w : 0;
        if (cnt > 0)
            bv_write(&var, w, eb, cnt);
    }
    return 0;
}

static int k_hans_encode(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(hans_enc_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const hans_enc_args *a = (const hans_enc_args *)args;
    int64_t b = blk->block_idx;
    switch (a->phase) {
    case HANS_PHASE_HIST: return b < a->cores ? enc_hist(a, b) : 0;
    case HANS_PHASE_PDF: return b == 0 ? enc_pdf(a) : 0;
    case HANS_PHASE_ENCODE: return b < a->cores ? enc_core(a, b) : 0;
    case HANS_PHASE_TAIL: return b < a->cores ? enc_tail(a, b) : 0;
    }
    return ACLEMU_KERNEL_BAD_ARGS;
}
ACLEMU_KERNEL("HansEncode", k_hans_encode);

/* ---- decode -------------------------------------------------------------------------------- */
static void put_elem(const hans_dec_args *a, const bview *out, const bview *mant, int64_t idx, uint8_t e)
{
    int64_t ds = a->dsize;
    uint8_t v[4];
    if ((idx + 1) * (ds - 1) > a->mant_bytes || idx >= a->out_numel)
        return;
    bv_read(mant, idx * (ds - 1), v, ds - 1);
    v[ds - 1] = e;
    bv_write(out, idx * ds, v, ds);
}

static int k_hans_decode(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(hans_dec_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const hans_dec_args *a = (const hans_dec_args *)args;
    if (a->fixed_bytes < HANS_META_BYTES)
        return 0;
    bview fixed = bv(&a->fixed), var = bv(&a->var), mant = bv(&a->mantissa), out = bv(&a->out);
    int32_t h[128];
    bv_read(&fixed, 0, h, sizeof h);
    int64_t P = h[1], b = blk->block_idx;
    if (P <= 0 || b >= P || b >= 56)
        return 0;
    int64_t loops = h[2], per = loops / P * 64;
    if (loops <= 0)
        return 0;
    int64_t elems = per + (b == P - 1 ? loops % P * 64 : 0), base = per * b;
    int64_t host = h[64 + b], dev = elems - host;
    if (host < 0 || dev < 0)
        return 0;
    int64_t hostoff = 0;
    for (int64_t k = 0; k < b; k++)
        hostoff += h[64 + k];
    int32_t pdf[256];
    uint8_t sym_of_rank[256];
    read_pdf(&a->pdf, pdf);
    hans_sort(pdf, sym_of_rank);
    int64_t cbytes = a->fixed_bytes - HANS_META_BYTES; /* the stream after the header */
    if (h[3] > 0 && dev > 0) {
        int64_t start = 0, len = h[8 + b];
        if (!a->reshuff)
            start = cbytes / P * b;
        else
            for (int64_t k = 0; k < b; k++)
                start += h[8 + k];
        int64_t ptr = start + len;
        if (len < HANS_TAIL_BYTES || start < 0 || ptr > cbytes)
            goto host_part;
        static _Thread_local uint32_t S[HANS_TILE];
        static _Thread_local uint16_t row[HANS_TILE];
        int32_t B[64];
        uint16_t L[64];
        bv_read(&fixed, HANS_META_BYTES + ptr - 256, B, 256);
        ptr -= 256;
        bv_read(&fixed, HANS_META_BYTES + ptr - HANS_TILE * 2, row, HANS_TILE * 2);
        ptr -= HANS_TILE * 2;
        for (int j = 0; j < HANS_TILE; j++)
            S[j] = row[j];
        int64_t tiles = (dev + HANS_TILE - 1) / HANS_TILE;
        for (int64_t t = tiles - 1; t >= 0; t--) {
            int64_t m = dev - t * HANS_TILE < HANS_TILE ? dev - t * HANS_TILE : HANS_TILE, rows = m / 64;
            if (ptr - 128 < start)
                break;
            bv_read(&fixed, HANS_META_BYTES + ptr - 128, L, 128);
            ptr -= 128;
            /* rows flushed at this tile: their bits before it were B - L + 16 <= 16 (never in
             * the first tile, which starts from empty rows) */
            for (int r = 63; r >= 0 && t > 0; r--) {
                if (B[r] - (int32_t)L[r] > 0)
                    continue;
                if (ptr - 128 < start)
                    goto host_part;
                bv_read(&fixed, HANS_META_BYTES + ptr - 128, row, 128);
                ptr -= 128;
                for (int c = 0; c < 64; c++)
                    S[r * 64 + c] = (S[r * 64 + c] << 16) | row[c];
                B[r] += 16;
            }
            for (int64_t r = 0; r < rows; r++) {
                int l = L[r] > 16 ? 16 : L[r];
                uint32_t mask = (1u << l) - 1u;
                for (int c = 0; c < 64; c++) {
                    uint32_t rk = S[r * 64 + c] & mask;
                    S[r * 64 + c] >>= l;
                    put_elem(a, &out, &mant, base + t * HANS_TILE + r * 64 + c, sym_of_rank[rk & 255]);
                }
                B[r] -= L[r];
            }
        }
    }
host_part:
    for (int64_t k = 0; k < host; k++) {
        if (hostoff + k >= a->var_bytes)
            break;
        uint8_t e;
        bv_read(&var, hostoff + k, &e, 1);
        put_elem(a, &out, &mant, base + dev + k, e);
    }
    return 0;
}
ACLEMU_KERNEL("HansDecode", k_hans_decode);
