/* Device side: the tiled transpose of the shared strided copy (aclemu_copy_block). A same-dtype
 * copy whose output is contiguous along its last dim A while the input is contiguous along some
 * other dim B (a Permute / Transpose / ConfusionTranspose that moves the stride-1 dim; the launch
 * has already merged the dims both views walk as one) is a stack of 2-D transposes, one per
 * "plane" (every index of the dims other than A and B). Walking it in output order reads one
 * element per input cache line and page; here it goes in macro tiles of TP_BYTES x TP_BYTES
 * bytes (several whole lines per input row and per output row, few pages per tile), each moved
 * as register transposes of 16-byte vectors (SSE2, the x86-64 baseline: 4 x 4 for 4-byte,
 * 8 x 8 for 2-byte, 2 x 2 for 8-byte elements) with scalar edges; 1-byte elements are moved one
 * by one inside the tile. The tiles are shared out among the launch's blocks by the kernel
 * (not by the launch's flat output ranges, which cut a transposed tile apart), so every block
 * of a launch takes the same decision and writes a disjoint set of output elements. */
#include <string.h>

#include "aclemu_op/kernel_util.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* A macro tile's side in bytes: 512 -> 128 x 128 FP32 (64 KiB in, 64 KiB out, in L2); smaller
 * tiles measured slower (more pages per byte), 1024 no faster. */
#ifndef TP_BYTES
#define TP_BYTES 512
#endif
/* Both transposed dims need at least this many elements for tiles to pay off (otherwise the
 * plain row walk streams the few input rows in parallel just as well). */
#define TP_MIN 8

/* One macro tile: tb output rows (b) of ta elements (a). In bytes: output rows ob apart (its
 * elements contiguous), input rows (one per a) xa apart (their b elements contiguous). */
static void tile_scalar(char *d, int64_t ob, const char *x, int64_t xa, int64_t es, int64_t tb, int64_t ta)
{
    switch (es) {
#define TS(T)                                                                                      \
    for (int64_t b = 0; b < tb; b++) {                                                             \
        T *o = (T *)(void *)(d + b * ob);                                                          \
        const char *s = x + b * (int64_t)sizeof(T);                                                \
        for (int64_t a = 0; a < ta; a++) memcpy(&o[a], s + a * xa, sizeof(T));                     \
    }                                                                                              \
    break;
    case 1: TS(uint8_t)
    case 2: TS(uint16_t)
    case 4: TS(uint32_t)
    default: TS(uint64_t)
#undef TS
    }
}

#if defined(__SSE2__)
#define LD(p) _mm_loadu_si128((const __m128i *)(const void *)(p))
#define ST(p, v) _mm_storeu_si128((__m128i *)(void *)(p), v)

/* k x k element blocks: load row i = input row a0 + i (k b-values), store row j = output row
 * b0 + j (k a-values). */
static inline void micro4(char *d, int64_t ob, const char *x, int64_t xa)
{
    __m128i r0 = LD(x), r1 = LD(x + xa), r2 = LD(x + 2 * xa), r3 = LD(x + 3 * xa);
    __m128i t0 = _mm_unpacklo_epi32(r0, r1), t1 = _mm_unpackhi_epi32(r0, r1);
    __m128i t2 = _mm_unpacklo_epi32(r2, r3), t3 = _mm_unpackhi_epi32(r2, r3);
    ST(d, _mm_unpacklo_epi64(t0, t2));
    ST(d + ob, _mm_unpackhi_epi64(t0, t2));
    ST(d + 2 * ob, _mm_unpacklo_epi64(t1, t3));
    ST(d + 3 * ob, _mm_unpackhi_epi64(t1, t3));
}

static inline void micro8(char *d, int64_t ob, const char *x, int64_t xa)
{
    __m128i r0 = LD(x), r1 = LD(x + xa);
    ST(d, _mm_unpacklo_epi64(r0, r1));
    ST(d + ob, _mm_unpackhi_epi64(r0, r1));
}

static inline void micro2(char *d, int64_t ob, const char *x, int64_t xa)
{
    __m128i r[8], t[8], u[8];
    for (int i = 0; i < 8; i++) r[i] = LD(x + i * xa);
    for (int i = 0; i < 4; i++) { /* pairs of rows: 32-bit (r2i[c], r2i+1[c]) for c 0..3 / 4..7 */
        t[2 * i] = _mm_unpacklo_epi16(r[2 * i], r[2 * i + 1]);
        t[2 * i + 1] = _mm_unpackhi_epi16(r[2 * i], r[2 * i + 1]);
    }
    for (int h = 0; h < 2; h++) /* quads of rows: 64-bit pieces of columns */
        for (int i = 0; i < 2; i++) {
            u[4 * h + 2 * i] = _mm_unpacklo_epi32(t[4 * h + i], t[4 * h + i + 2]);
            u[4 * h + 2 * i + 1] = _mm_unpackhi_epi32(t[4 * h + i], t[4 * h + i + 2]);
        }
    for (int j = 0; j < 4; j++) { /* all eight rows: whole columns */
        ST(d + (2 * j) * ob, _mm_unpacklo_epi64(u[j], u[j + 4]));
        ST(d + (2 * j + 1) * ob, _mm_unpackhi_epi64(u[j], u[j + 4]));
    }
}

/* 8 x 8 bytes: 8-byte rows interleaved into pairs, quads, then whole 8-byte columns. */
static inline void micro1(char *d, int64_t ob, const char *x, int64_t xa)
{
    __m128i r[8];
    for (int i = 0; i < 8; i++) r[i] = _mm_loadl_epi64((const __m128i *)(const void *)(x + i * xa));
    __m128i q0 = _mm_unpacklo_epi8(r[0], r[1]), q1 = _mm_unpacklo_epi8(r[2], r[3]);
    __m128i q2 = _mm_unpacklo_epi8(r[4], r[5]), q3 = _mm_unpacklo_epi8(r[6], r[7]);
    __m128i s0 = _mm_unpacklo_epi16(q0, q1), s1 = _mm_unpackhi_epi16(q0, q1);
    __m128i s2 = _mm_unpacklo_epi16(q2, q3), s3 = _mm_unpackhi_epi16(q2, q3);
    __m128i c[4] = {_mm_unpacklo_epi32(s0, s2), _mm_unpackhi_epi32(s0, s2), _mm_unpacklo_epi32(s1, s3),
                    _mm_unpackhi_epi32(s1, s3)};
    for (int j = 0; j < 4; j++) {
        _mm_storel_epi64((__m128i *)(void *)(d + (2 * j) * ob), c[j]);
        _mm_storel_epi64((__m128i *)(void *)(d + (2 * j + 1) * ob), _mm_unpackhi_epi64(c[j], c[j]));
    }
}

/* A macro tile in sub-blocks of one cache line by one cache line (64 / ES elements square), so
 * the lines a sub-block reads and writes (all in one cache set when the strides are powers of
 * two) are few and finished before the next ones start; scalar edges. */
#define TILE_SIMD(NAME, MICRO, K, ES)                                                               \
    static void NAME(char *d, int64_t ob, const char *x, int64_t xa, int64_t tb, int64_t ta)       \
    {                                                                                              \
        const int64_t L = 64 / ES, bk = tb - tb % K, ak = ta - ta % K;                             \
        for (int64_t bb = 0; bb < bk; bb += L)                                                     \
            for (int64_t aa = 0; aa < ak; aa += L) {                                               \
                int64_t be = bb + L < bk ? bb + L : bk, ae = aa + L < ak ? aa + L : ak;            \
                for (int64_t b = bb; b < be; b += K)                                               \
                    for (int64_t a = aa; a < ae; a += K) MICRO(d + b * ob + a * ES, ob, x + b * ES + a * xa, xa); \
            }                                                                                      \
        if (ak < ta) tile_scalar(d + ak * ES, ob, x + ak * xa, xa, ES, bk, ta - ak);               \
        if (bk < tb) tile_scalar(d + bk * ob, ob, x + bk * ES, xa, ES, tb - bk, ta);               \
    }
TILE_SIMD(tile1, micro1, 8, 1)
TILE_SIMD(tile2, micro2, 8, 2)
TILE_SIMD(tile4, micro4, 4, 4)
TILE_SIMD(tile8, micro8, 2, 8)
#endif

static void tile(char *d, int64_t ob, const char *x, int64_t xa, int64_t es, int64_t tb, int64_t ta)
{
#if defined(__SSE2__)
    switch (es) {
    case 1: tile1(d, ob, x, xa, tb, ta); return;
    case 2: tile2(d, ob, x, xa, tb, ta); return;
    case 4: tile4(d, ob, x, xa, tb, ta); return;
    case 8: tile8(d, ob, x, xa, tb, ta); return;
    default: break;
    }
#endif
    tile_scalar(d, ob, x, xa, es, tb, ta);
}

int aclemu_copy_transpose(const aclemu_ew *ew, int64_t es, uint32_t part, uint32_t nparts)
{
    const uint32_t nd = ew->ndim, A = nd - 1;
    const aclemu_ew_operand *o = &ew->op[0], *x = &ew->op[1];
    if (nd < 2 || o->stride[A] != 1 || x->stride[A] == 0 || x->stride[A] == 1 || ew->shape[A] < TP_MIN)
        return -1;
    uint32_t B = A;
    for (uint32_t d = 0; d < A; d++)
        if (x->stride[d] == 1 && ew->shape[d] >= TP_MIN && o->stride[d] != 0) B = d;
    if (B == A)
        return -1;
    for (uint32_t d = 0; d < nd; d++)
        if (ew->shape[d] <= 0) return 0;
    if (nparts == 0 || part >= nparts)
        return 0;
    /* units: (plane, b tile, a tile), planes row-major over the other dims */
    const int64_t nb = ew->shape[B], na = ew->shape[A], T = TP_BYTES / es;
    const uint64_t bt = (uint64_t)((nb + T - 1) / T), at = (uint64_t)((na + T - 1) / T), per_plane = bt * at;
    uint64_t planes = ew->numel / (uint64_t)(nb * na), units = planes * per_plane;
    uint64_t q = units / nparts, r = units % nparts;
    uint64_t u0 = q * part + (part < r ? part : r), u1 = u0 + q + (part < r);
    const int64_t ob = o->stride[B] * es, xa = x->stride[A] * es;
    char *obase = (char *)(uintptr_t)o->addr;
    const char *xbase = (const char *)(uintptr_t)x->addr;
    uint64_t cur = UINT64_MAX;
    int64_t oo = 0, xo = 0;
    for (uint64_t u = u0; u < u1; u++) {
        uint64_t p = u / per_plane, k = u % per_plane;
        if (p != cur) { /* offsets of plane p: odometer over the dims other than A and B */
            cur = p;
            oo = o->offset;
            xo = x->offset;
            for (uint32_t d = A; d-- > 0;) {
                if (d == B) continue;
                int64_t i = (int64_t)(p % (uint64_t)ew->shape[d]);
                p /= (uint64_t)ew->shape[d];
                oo += i * o->stride[d];
                xo += i * x->stride[d];
            }
        }
        int64_t b0 = (int64_t)(k / at) * T, a0 = (int64_t)(k % at) * T;
        int64_t tb = nb - b0 < T ? nb - b0 : T, ta = na - a0 < T ? na - a0 : T;
        tile(obase + (oo + b0 * o->stride[B] + a0) * es, ob, xbase + (xo + b0 + a0 * x->stride[A]) * es, xa, es, tb,
             ta);
    }
    return 0;
}
