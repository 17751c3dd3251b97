/* "RandomFill": every distribution of the random family over an elementwise view (op[0] the
 * output, in flat row-major order so the numbers of an element depend only on its index).
 * FP32-domain outputs (FLOAT, FLOAT16, BF16 and the integer dtypes a float result is cast to)
 * draw 24-bit uniforms from one 32-bit word; DOUBLE outputs 53-bit uniforms from a 64-bit
 * draw. ln / sin / cos of the FP32 paths are the vectorised loops of ops_nn/vec. */
#include <math.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "random_args.h"
#include "random_draw.h"
#include "vmath.h"

#define CH RANDOM_CHUNK
#define TWO_PI_F 6.28318530717958647692f
#define U24 (1.0f / 16777216.0f)
#define U53 (1.0 / 9007199254740992.0)

typedef struct fill_ctx {
    const random_args *a;
    uint64_t seed, offset;
} fill_ctx;

static int is_complex(int32_t dt) { return dt == ACL_COMPLEX64 || dt == ACL_COMPLEX128; }

/* Stores real values into any output dtype (complex: imaginary part 0). */
static void store_f64_any(char *dst, int32_t dt, int64_t stride, const double *v, int64_t n)
{
    if (!is_complex(dt)) {
        aclemu_store_f64(dst, dt, stride, v, n);
        return;
    }
    for (int64_t i = 0; i < n; i++) {
        if (dt == ACL_COMPLEX64) {
            float c[2] = {(float)v[i], 0.0f};
            memcpy(dst + i * stride, c, sizeof c);
        } else {
            double c[2] = {v[i], 0.0};
            memcpy(dst + i * stride, c, sizeof c);
        }
    }
}

/* Byte k (flat, row-major) of a non-contiguous mask view. */
static unsigned mask_byte(const aclemu_tdesc *m, uint64_t k)
{
    int64_t off = m->offset;
    for (int d = (int)m->ndim - 1; d >= 0; d--) {
        int64_t sz = m->shape[d] > 0 ? m->shape[d] : 1;
        off += (int64_t)(k % (uint64_t)sz) * m->stride[d];
        k /= (uint64_t)sz;
    }
    return ((const unsigned char *)(uintptr_t)m->addr)[off];
}

/* r = x * scale where the byte-aligned mask keeps, else 0 (nbytes whole bytes). */
static void apply_mask_scalar(float *r, const float *x, const unsigned char *mb, int64_t nbytes, float scale)
{
    for (int64_t j = 0; j < nbytes; j++) {
        unsigned b = mb[j];
        for (int q = 0; q < 8; q++)
            r[8 * j + q] = (b >> q) & 1u ? x[8 * j + q] * scale : 0.0f;
    }
}

#if defined(__x86_64__)
#include <immintrin.h>
/* One mask byte per 8 floats: the byte broadcast, tested against the lane bits. */
__attribute__((target("avx2"))) static void apply_mask_avx2(float *r, const float *x, const unsigned char *mb,
                                                            int64_t nbytes, float scale)
{
    const __m256i bits = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    const __m256 s = _mm256_set1_ps(scale);
    for (int64_t j = 0; j < nbytes; j++) {
        __m256i b = _mm256_and_si256(_mm256_set1_epi32(mb[j]), bits);
        __m256 keep = _mm256_castsi256_ps(_mm256_cmpeq_epi32(b, bits));
        _mm256_storeu_ps(r + 8 * j, _mm256_and_ps(_mm256_mul_ps(_mm256_loadu_ps(x + 8 * j), s), keep));
    }
}
#endif

static void apply_mask_bytes(float *r, const float *x, const unsigned char *mb, int64_t nbytes, float scale)
{
#if defined(__x86_64__) && !defined(__SANITIZE_THREAD__)
    if (__builtin_cpu_supports("avx2")) {
        apply_mask_avx2(r, x, mb, nbytes, scale);
        return;
    }
#endif
    apply_mask_scalar(r, x, mb, nbytes, scale);
}

/* u[k] in [0, 1) (open_low: in (0, 1]) from 24 bits of each word. */
ACLEMU_ISA_CLONES
static void words_to_unit(const uint32_t *w, float *u, int64_t n, int open_low)
{
    float add = open_low ? 1.0f : 0.0f;
    for (int64_t k = 0; k < n; k++)
        u[k] = ((float)(w[k] >> 8) + add) * U24;
}

ACLEMU_ISA_CLONES
static void uniform_from_words(const uint32_t *w, float *r, int64_t n, float lo, float span)
{
    for (int64_t k = 0; k < n; k++)
        r[k] = lo + span * ((float)(w[k] >> 8) * U24);
}

ACLEMU_ISA_CLONES
static void affine(float *r, const float *u, int64_t n, float lo, float span)
{
    for (int64_t k = 0; k < n; k++)
        r[k] = lo + span * u[k];
}

/* z[2j] = r cos t, z[2j+1] = r sin t with r = sqrt(-2 l[j]) and t[j] in [-pi, pi]: t folded
 * onto [-pi/2, pi/2] (sin(pi - t) = sin t, cos flips sign), then Taylor polynomials to
 * x^11 / x^12 (truncation < 6e-8 there). One scalar body and an AVX2 one computing the same
 * operations in the same order (bit-identical results). */
#define SIN_C1 (-1.6666667e-1f)
#define SIN_C2 8.3333333e-3f
#define SIN_C3 (-1.9841270e-4f)
#define SIN_C4 2.7557319e-6f
#define SIN_C5 (-2.5052108e-8f)
#define COS_C1 (-0.5f)
#define COS_C2 4.1666667e-2f
#define COS_C3 (-1.3888889e-3f)
#define COS_C4 2.4801587e-5f
#define COS_C5 (-2.7557319e-7f)
#define COS_C6 2.0876757e-9f
#define PI_F 3.14159265358979f
#define HALF_PI_F 1.57079632679490f

static void box_muller_scalar(const float *l, const float *t, float *z, int64_t np)
{
    for (int64_t j = 0; j < np; j++) {
        float x = t[j], f = x, sg = 1.0f;
        if (x > HALF_PI_F) { f = PI_F - x; sg = -1.0f; }
        if (x < -HALF_PI_F) { f = -PI_F - x; sg = -1.0f; }
        float x2 = f * f;
        float ps = ((((SIN_C5 * x2 + SIN_C4) * x2 + SIN_C3) * x2 + SIN_C2) * x2 + SIN_C1);
        float pc = (((((COS_C6 * x2 + COS_C5) * x2 + COS_C4) * x2 + COS_C3) * x2 + COS_C2) * x2 + COS_C1);
        float sn = f + (f * x2) * ps, cs = sg * (1.0f + x2 * pc);
        float r = sqrtf(-2.0f * l[j]);
        z[2 * j] = r * cs;
        z[2 * j + 1] = r * sn;
    }
}

#if defined(__x86_64__)
#include <immintrin.h>
__attribute__((target("avx2"))) static void box_muller_avx2(const float *l, const float *t, float *z, int64_t np)
{
    const __m256 pi = _mm256_set1_ps(PI_F), hp = _mm256_set1_ps(HALF_PI_F), nhp = _mm256_set1_ps(-HALF_PI_F);
    const __m256 one = _mm256_set1_ps(1.0f), mone = _mm256_set1_ps(-1.0f), m2 = _mm256_set1_ps(-2.0f);
    int64_t j = 0;
    for (; j + 8 <= np; j += 8) {
        __m256 x = _mm256_loadu_ps(t + j);
        __m256 gt = _mm256_cmp_ps(x, hp, _CMP_GT_OQ), lt = _mm256_cmp_ps(x, nhp, _CMP_LT_OQ);
        __m256 f = _mm256_blendv_ps(x, _mm256_sub_ps(pi, x), gt);
        f = _mm256_blendv_ps(f, _mm256_sub_ps(_mm256_sub_ps(_mm256_setzero_ps(), pi), x), lt);
        __m256 sg = _mm256_blendv_ps(one, mone, _mm256_or_ps(gt, lt));
        __m256 x2 = _mm256_mul_ps(f, f);
        __m256 ps = _mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(SIN_C5), x2), _mm256_set1_ps(SIN_C4));
        ps = _mm256_add_ps(_mm256_mul_ps(ps, x2), _mm256_set1_ps(SIN_C3));
        ps = _mm256_add_ps(_mm256_mul_ps(ps, x2), _mm256_set1_ps(SIN_C2));
        ps = _mm256_add_ps(_mm256_mul_ps(ps, x2), _mm256_set1_ps(SIN_C1));
        __m256 pc = _mm256_add_ps(_mm256_mul_ps(_mm256_set1_ps(COS_C6), x2), _mm256_set1_ps(COS_C5));
        pc = _mm256_add_ps(_mm256_mul_ps(pc, x2), _mm256_set1_ps(COS_C4));
        pc = _mm256_add_ps(_mm256_mul_ps(pc, x2), _mm256_set1_ps(COS_C3));
        pc = _mm256_add_ps(_mm256_mul_ps(pc, x2), _mm256_set1_ps(COS_C2));
        pc = _mm256_add_ps(_mm256_mul_ps(pc, x2), _mm256_set1_ps(COS_C1));
        __m256 sn = _mm256_add_ps(f, _mm256_mul_ps(_mm256_mul_ps(f, x2), ps));
        __m256 cs = _mm256_mul_ps(sg, _mm256_add_ps(one, _mm256_mul_ps(x2, pc)));
        __m256 r = _mm256_sqrt_ps(_mm256_mul_ps(m2, _mm256_loadu_ps(l + j)));
        __m256 zc = _mm256_mul_ps(r, cs), zs = _mm256_mul_ps(r, sn);
        /* interleave (c0 s0 c1 s1 ...) */
        __m256 lo = _mm256_unpacklo_ps(zc, zs), hi = _mm256_unpackhi_ps(zc, zs);
        _mm256_storeu_ps(z + 2 * j, _mm256_permute2f128_ps(lo, hi, 0x20));
        _mm256_storeu_ps(z + 2 * j + 8, _mm256_permute2f128_ps(lo, hi, 0x31));
    }
    box_muller_scalar(l + j, t + j, z + 2 * j, np - j);
}
#endif

static void box_muller(const float *l, const float *t, float *z, int64_t np)
{
#if defined(__x86_64__) && !defined(__SANITIZE_THREAD__)
    if (__builtin_cpu_supports("avx2")) {
        box_muller_avx2(l, t, z, np);
        return;
    }
#endif
    box_muller_scalar(l, t, z, np);
}

/* Box-Muller on pairs: element 2j gets r cos(t), 2j+1 r sin(t), r = sqrt(-2 ln u1) from word 2j
 * (u1 in (0, 1]) and t = 2 pi (u2 - 1/2) from word 2j + 1; z is indexed from pair p0's first
 * element. */
static void normal_pairs_f32(uint64_t seed, uint64_t offset, uint64_t p0, int64_t np, float *z)
{
    uint32_t w[CH + 4];
    float u1[CH / 2 + 2], t[CH / 2 + 2];
    random_words32(seed, offset, 2 * p0, 2 * np, w);
    for (int64_t j = 0; j < np; j++) {
        u1[j] = ((float)(w[2 * j] >> 8) + 1.0f) * U24;
        t[j] = TWO_PI_F * ((float)(w[2 * j + 1] >> 8) * U24 - 0.5f);
    }
    vec_log(u1, u1, np);
    box_muller(u1, t, z, np);
}

/* One chunk of n elements starting at flat index pos; p[k] / st[k] = operand k's first element
 * and its byte stride. */
static void fill_f32(const fill_ctx *cx, uint64_t pos, int64_t n, char **p, const int64_t *st)
{
    const random_args *a = cx->a;
    int32_t odt = a->ew.op[0].dtype;
    uint32_t w[CH];
    float r[CH], x[CH];
    switch (a->dist) {
    case RD_UNIFORM: {
        float *dst = odt == ACL_FLOAT && st[0] == 4 ? (float *)p[0] : r; /* FLOAT: straight into out */
        random_words32(cx->seed, cx->offset, pos, n, w);
        uniform_from_words(w, dst, n, (float)a->a, (float)(a->b - a->a));
        if (dst != r)
            return;
        break;
    }
    case RD_NORMAL: {
        float z[CH + 4];
        uint64_t p0 = pos / 2;
        int64_t np = (int64_t)((pos + (uint64_t)n + 1) / 2 - p0);
        normal_pairs_f32(cx->seed, cx->offset, p0, np, z);
        const float *zz = z + (pos - 2 * p0);
        if (a->mean_op || a->std_op) {
            if (a->std_op)
                aclemu_load_f32(x, p[a->std_op], a->ew.op[a->std_op].dtype, st[a->std_op], n);
            else
                for (int64_t k = 0; k < n; k++)
                    x[k] = (float)a->b;
            if (a->mean_op)
                aclemu_load_f32(r, p[a->mean_op], a->ew.op[a->mean_op].dtype, st[a->mean_op], n);
            else
                for (int64_t k = 0; k < n; k++)
                    r[k] = (float)a->a;
            for (int64_t k = 0; k < n; k++)
                r[k] += x[k] * zz[k];
        } else if (odt == ACL_FLOAT && st[0] == 4) {
            affine((float *)p[0], zz, n, (float)a->a, (float)a->b); /* FLOAT: straight into out */
            return;
        } else {
            affine(r, zz, n, (float)a->a, (float)a->b);
        }
        break;
    }
    case RD_BERNOULLI:
        random_words32(cx->seed, cx->offset, pos, n, w);
        words_to_unit(w, r, n, 0);
        if (a->prob_op) {
            aclemu_load_f32(x, p[a->prob_op], a->ew.op[a->prob_op].dtype, st[a->prob_op], n);
            for (int64_t k = 0; k < n; k++)
                r[k] = r[k] < x[k] ? 1.0f : 0.0f;
        } else {
            float pr = (float)a->a;
            for (int64_t k = 0; k < n; k++)
                r[k] = r[k] < pr ? 1.0f : 0.0f;
        }
        break;
    case RD_EXPONENTIAL: {
        float inv = (float)(1.0 / a->a);
        random_words32(cx->seed, cx->offset, pos, n, w);
        words_to_unit(w, r, n, 1);
        vec_log(r, r, n);
        for (int64_t k = 0; k < n; k++)
            r[k] = -r[k] * inv;
        break;
    }
    case RD_DO_MASK: {
        const unsigned char *mb = (const unsigned char *)(uintptr_t)a->mask.addr + a->mask.offset;
        int bytewise = a->mask_mode == MASK_USE && a->mask_contig && pos % 8 == 0 && n % 8 == 0;
        if (bytewise && odt == ACL_FLOAT && a->ew.op[1].dtype == ACL_FLOAT && st[0] == 4 && st[1] == 4) {
            apply_mask_bytes((float *)p[0], (const float *)p[1], mb + pos / 8, n / 8, (float)a->b);
            return; /* FLOAT in and out: no staging */
        }
        aclemu_load_f32(x, p[1], a->ew.op[1].dtype, st[1], n);
        if (bytewise) {
            apply_mask_bytes(r, x, mb + pos / 8, n / 8, (float)a->b);
        }
        else
            for (int64_t k = 0; k < n; k++) {
                uint64_t i = pos + (uint64_t)k;
                unsigned keep = a->mask_mode == MASK_KEEP_ALL   ? 1u
                                : a->mask_mode == MASK_DROP_ALL ? 0u
                                : a->mask_contig                ? (mb[i >> 3] >> (i & 7)) & 1u
                                                                : (mask_byte(&a->mask, i >> 3) >> (i & 7)) & 1u;
                r[k] = keep ? x[k] * (float)a->b : 0.0f;
            }
        break;
    }
    case RD_RRELU: { /* the uniform draw of the element where x < 0, else 1; out = x * noise as stored */
        random_words32(cx->seed, cx->offset, pos, n, w);
        uniform_from_words(w, r, n, (float)a->a, (float)(a->b - a->a));
        aclemu_load_f32(x, p[2], a->ew.op[2].dtype, st[2], n);
        for (int64_t k = 0; k < n; k++)
            r[k] = x[k] < 0.0f ? r[k] : 1.0f;
        aclemu_store_f32(p[0], odt, st[0], r, n);
        aclemu_load_f32(r, p[0], odt, st[0], n);
        for (int64_t k = 0; k < n; k++)
            r[k] *= x[k];
        aclemu_store_f32(p[1], a->ew.op[1].dtype, st[1], r, n);
        return;
    }
    default:
        return;
    }
    aclemu_store_f32(p[0], odt, st[0], r, n);
}

static void fill_f64(const fill_ctx *cx, uint64_t pos, int64_t n, char **p, const int64_t *st)
{
    const random_args *a = cx->a;
    double r[CH], x[CH];
    for (int64_t k = 0; k < n; k++) {
        uint64_t d0, d1;
        random_draw128(cx->seed, cx->offset, pos + (uint64_t)k, &d0, &d1);
        double u = (double)(d0 >> 11) * U53;
        if (a->dist == RD_NORMAL) {
            double u1 = ((double)(d0 >> 11) + 1.0) * U53, u2 = (double)(d1 >> 11) * U53;
            r[k] = sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
        } else if (a->dist == RD_EXPONENTIAL) {
            r[k] = -log(((double)(d0 >> 11) + 1.0) * U53) / a->a;
        } else {
            r[k] = u;
        }
    }
    if (a->dist == RD_UNIFORM) {
        for (int64_t k = 0; k < n; k++)
            r[k] = a->a + (a->b - a->a) * r[k];
    } else if (a->dist == RD_NORMAL) {
        if (a->std_op)
            aclemu_load_f64(x, p[a->std_op], a->ew.op[a->std_op].dtype, st[a->std_op], n);
        for (int64_t k = 0; k < n; k++)
            r[k] *= a->std_op ? x[k] : a->b;
        if (a->mean_op)
            aclemu_load_f64(x, p[a->mean_op], a->ew.op[a->mean_op].dtype, st[a->mean_op], n);
        for (int64_t k = 0; k < n; k++)
            r[k] += a->mean_op ? x[k] : a->a;
    } else if (a->dist == RD_BERNOULLI) {
        if (a->prob_op)
            aclemu_load_f64(x, p[a->prob_op], a->ew.op[a->prob_op].dtype, st[a->prob_op], n);
        for (int64_t k = 0; k < n; k++)
            r[k] = r[k] < (a->prob_op ? x[k] : a->a) ? 1.0 : 0.0;
    }
    store_f64_any(p[0], a->ew.op[0].dtype, st[0], r, n);
}

/* Integers of [ilo, ilo + irange): 32-bit draws while the range fits, 64-bit ones beyond. */
static void fill_int(const fill_ctx *cx, uint64_t pos, int64_t n, char **p, const int64_t *st)
{
    const random_args *a = cx->a;
    int64_t v[CH];
    double dv[CH];
    if (a->irange && a->irange <= ((uint64_t)1 << 32)) {
        uint32_t w[CH];
        random_words32(cx->seed, cx->offset, pos, n, w);
        for (int64_t k = 0; k < n; k++)
            v[k] = (int64_t)((uint64_t)a->ilo + (uint64_t)w[k] % a->irange);
    } else {
        for (int64_t k = 0; k < n; k++) {
            uint64_t d = random_draw64(cx->seed, cx->offset, pos + (uint64_t)k);
            v[k] = (int64_t)((uint64_t)a->ilo + (a->irange ? d % a->irange : d));
        }
    }
    int32_t odt = a->ew.op[0].dtype;
    if (is_complex(odt)) {
        for (int64_t k = 0; k < n; k++)
            dv[k] = (double)v[k];
        store_f64_any(p[0], odt, st[0], dv, n);
    } else {
        aclemu_store_i64(p[0], odt, st[0], v, n);
    }
}

/* Packs words into mask bytes: bit j of byte k set when (w[8k + j] >> 8) < thr. */
static void pack_mask_scalar(const uint32_t *w, unsigned char *out, int64_t nbytes, uint32_t thr)
{
    for (int64_t k = 0; k < nbytes; k++) {
        unsigned b = 0;
        for (int j = 0; j < 8; j++)
            b |= (unsigned)((w[8 * k + j] >> 8) < thr) << j;
        out[k] = (unsigned char)b;
    }
}

#if defined(__x86_64__)
/* 8 words per byte: one compare and a movemask (the 24-bit values compare fine as signed). */
__attribute__((target("avx2"))) static void pack_mask_avx2(const uint32_t *w, unsigned char *out, int64_t nbytes,
                                                           uint32_t thr)
{
    const __m256i t = _mm256_set1_epi32((int)thr);
    for (int64_t k = 0; k < nbytes; k++) {
        __m256i v = _mm256_srli_epi32(_mm256_loadu_si256((const __m256i *)(w + 8 * k)), 8);
        out[k] = (unsigned char)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(t, v)));
    }
}
#endif

/* Mask bytes: bit j of byte k keeps element 8k + j when its uniform is below the keep
 * probability a (compared on the 24-bit integer: u < a <=> (w >> 8) < ceil(a * 2^24)). */
static void fill_mask(const fill_ctx *cx, uint64_t pos, int64_t n, char **p, const int64_t *st)
{
    uint32_t w[CH];
    unsigned char bytes[CH / 8];
    double t = ceil(cx->a->a * 16777216.0);
    uint32_t thr = t <= 0 ? 0 : t >= 16777216.0 ? 16777216u : (uint32_t)t;
    for (int64_t k0 = 0; k0 < n; k0 += CH / 8) {
        int64_t m = n - k0 < CH / 8 ? n - k0 : CH / 8;
        random_words32(cx->seed, cx->offset, (pos + (uint64_t)k0) * 8, m * 8, w);
        int direct = st[0] == 1;
        unsigned char *dst = direct ? (unsigned char *)p[0] + k0 : bytes;
#if defined(__x86_64__) && !defined(__SANITIZE_THREAD__)
        if (__builtin_cpu_supports("avx2"))
            pack_mask_avx2(w, dst, m, thr);
        else
#endif
            pack_mask_scalar(w, dst, m, thr);
        if (!direct)
            for (int64_t k = 0; k < m; k++)
                *(unsigned char *)(p[0] + (k0 + k) * st[0]) = bytes[k];
    }
}

static int random_fill_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(random_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const random_args *a = (const random_args *)args;
    if (a->dist < 0 || a->dist >= RD_DIST_END || a->ew.nops < 1 || a->ew.nops > ACLEMU_EW_MAX_OPS ||
        (a->dist == RD_RRELU && a->ew.nops != 3))
        return ACLEMU_KERNEL_BAD_ARGS;
    fill_ctx cx = {.a = a};
    random_resolve_seed(&a->rs, &cx.seed, &cx.offset);
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    int32_t odt = a->ew.op[0].dtype;
    void (*fill)(const fill_ctx *, uint64_t, int64_t, char **, const int64_t *) =
        a->dist == RD_GEN_MASK ? fill_mask
        : a->dist == RD_INT_RANGE ? fill_int
        : (odt == ACL_DOUBLE || is_complex(odt)) && a->dist != RD_DO_MASK && a->dist != RD_RRELU ? fill_f64
                                                                          : fill_f32;
    char *p[ACLEMU_EW_MAX_OPS];
    uint64_t pos = s;
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
        for (int64_t c = 0; c < n; c += CH) {
            int64_t m = n - c < CH ? n - c : CH;
            char *q[ACLEMU_EW_MAX_OPS];
            for (uint32_t k = 0; k < a->ew.nops; k++)
                q[k] = p[k] + c * it.inner_stride[k];
            fill(&cx, pos, m, q, it.inner_stride);
            pos += (uint64_t)m;
        }
    }
    return 0;
}

ACLEMU_KERNEL("RandomFill", random_fill_kernel);
