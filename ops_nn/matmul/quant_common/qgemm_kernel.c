/* QuantGemm: the quantized matmuls' Cube kernel (see qgemm_args.h for the math). A block owns
 * tiles (batch, N tile, M group). Per tile: B (all K x tn) is packed once into int16 pairs,
 * then per M panel of QG_TM rows and K chunk of QG_KC: A is packed, the 6 x 16 microkernels
 * accumulate exact INT32 sums into a tm x tn buffer, and the epilogue dequantises each row
 * (FP32 math, one rounding) into out. */
#include <math.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/kernel_util.h"
#include "gemm.h"
#include "gemm_internal.h"
#include "qgemm_args.h"
#include "qgemm_internal.h"
#include "quant_param_bits.h"

#define QG_TM 96  /* rows of one A panel set (multiple of QG_MR) */
#define QG_KC 512 /* k chunk (even) */

static int32_t int4_at(const uint8_t *base, int64_t e)
{
    uint8_t b = base[e >> 1];
    int32_t v = (e & 1) ? (b >> 4) : (b & 0xf);
    return v >= 8 ? v - 16 : v;
}

static int64_t split_idx(int64_t i, int64_t split, int64_t s, int64_t outer)
{
    return split ? (i % split) * s + (i / split) * outer : i * s;
}

static int16_t elem(const qgemm_operand *o, int int4, int64_t boff, int64_t i, int64_t j)
{
    int64_t e = o->off + boff + split_idx(i, o->rsplit, o->rs, o->rs_outer) + split_idx(j, o->csplit, o->cs, o->cs_outer);
    if (int4)
        return (int16_t)int4_at((const uint8_t *)(uintptr_t)o->addr, e);
    return ((const int8_t *)(uintptr_t)o->addr)[e];
}

static int64_t batch_off(const qgemm_args *a, const qgemm_operand *o, int64_t b)
{
    int64_t off = 0;
    for (int d = a->nb - 1; d >= 0; d--) {
        int64_t i = b % a->bshape[d];
        b /= a->bshape[d];
        off += i * o->bs[d];
    }
    return off;
}

/* B (k0..k0+kc, n0..n0+nc) of batch offset boff into panels of QG_NR columns (zero padded). */
static void pack_b(const qgemm_args *a, int64_t boff, int64_t k0, int64_t kc, int64_t n0, int64_t nc, int16_t *Bp,
                   int avx2)
{
    const int64_t kcp = (kc + 1) / 2;
    for (int64_t j = 0; j < nc; j += QG_NR) {
        int64_t w = nc - j < QG_NR ? nc - j : QG_NR;
        int16_t *dst = Bp + (j / QG_NR) * kcp * QG_NR * 2;
        /* unit column stride (an NZ weight's 16-column panels never cross its 32-column groups) */
        if (avx2 && !a->x_int4 && a->x2.cs == 1 && !a->x2.rsplit && (!a->x2.csplit || a->x2.csplit % QG_NR == 0)) {
            int64_t coff = split_idx(n0 + j, a->x2.csplit, 1, a->x2.cs_outer);
            qg_pack_b_rows_avx2((const int8_t *)(uintptr_t)a->x2.addr + a->x2.off + boff + coff, a->x2.rs, k0, kc, w, dst);
            continue;
        }
        memset(dst, 0, (size_t)kcp * QG_NR * 2 * sizeof(int16_t));
        if (!a->x_int4 && a->x2.rs == 1 && !a->x2.rsplit && !a->x2.csplit) { /* (n, k) storage: contiguous columns */
            for (int64_t c = 0; c < w; c++) {
                const int8_t *src = (const int8_t *)(uintptr_t)a->x2.addr + a->x2.off + boff + (n0 + j + c) * a->x2.cs + k0;
                int16_t *d = dst + c * 2;
                for (int64_t k = 0; k + 1 < kc; k += 2, d += QG_NR * 2) {
                    d[0] = src[k];
                    d[1] = src[k + 1];
                }
                if (kc & 1)
                    dst[(kc / 2) * QG_NR * 2 + c * 2] = src[kc - 1];
            }
            continue;
        }
        for (int64_t c = 0; c < w; c++)
            for (int64_t k = 0; k < kc; k++)
                dst[(k / 2) * QG_NR * 2 + c * 2 + (k & 1)] = elem(&a->x2, a->x_int4, boff, k0 + k, n0 + j + c);
    }
}

/* A (m0..m0+mc, k0..k0+kc) into panels of QG_MR rows (zero padded). */
static void pack_a(const qgemm_args *a, int64_t boff, int64_t m0, int64_t mc, int64_t k0, int64_t kc, int16_t *Ap,
                   int avx2)
{
    const int64_t kcp = (kc + 1) / 2;
    for (int64_t i = 0; i < mc; i += QG_MR) {
        int64_t h = mc - i < QG_MR ? mc - i : QG_MR;
        int16_t *dst = Ap + (i / QG_MR) * kcp * QG_MR * 2;
        if (h < QG_MR || (kc & 1))
            memset(dst, 0, (size_t)kcp * QG_MR * 2 * sizeof(int16_t));
        if (avx2 && !a->x_int4 && a->x1.cs == 1 && !a->x1.rsplit && !a->x1.csplit) {
            const int8_t *rows[QG_MR];
            for (int64_t r = 0; r < h; r++)
                rows[r] = (const int8_t *)(uintptr_t)a->x1.addr + a->x1.off + boff + (m0 + i + r) * a->x1.rs + k0;
            qg_pack_a_rows_avx2(rows, (int)h, kc, dst);
            continue;
        }
        for (int64_t r = 0; r < h; r++) {
            if (!a->x_int4 && a->x1.cs == 1 && !a->x1.rsplit && !a->x1.csplit) {
                const int8_t *src = (const int8_t *)(uintptr_t)a->x1.addr + a->x1.off + boff + (m0 + i + r) * a->x1.rs + k0;
                for (int64_t k = 0; k < kc; k++)
                    dst[(k / 2) * QG_MR * 2 + r * 2 + (k & 1)] = src[k];
            } else {
                for (int64_t k = 0; k < kc; k++)
                    dst[(k / 2) * QG_MR * 2 + r * 2 + (k & 1)] = elem(&a->x1, a->x_int4, boff, m0 + i + r, k0 + k);
            }
        }
    }
}

static float load_f(const qgemm_operand *o, int32_t kind_bf16, int64_t i)
{
    const char *p = (const char *)(uintptr_t)o->addr;
    if (kind_bf16)
        return aclemu_bf16_to_float(((const uint16_t *)(const void *)p)[o->off + i * o->cs]);
    return ((const float *)(const void *)p)[o->off + i * o->cs];
}

/* Per-column epilogue constants of columns n0..n0+nc. */
typedef struct qg_cols {
    float scale[QG_NR * 16];
    float fbias[QG_NR * 16];
    int32_t ibias[QG_NR * 16];
    float offset[QG_NR * 16];
} qg_cols;

static void load_cols(const qgemm_args *a, int64_t b, int64_t n0, int64_t nc, qg_cols *c)
{
    int64_t bb = a->bias.addr ? batch_off(a, &a->bias, b) : 0;
    for (int64_t j = 0; j < nc; j++) {
        int64_t n = n0 + j;
        if (a->scale_kind == QGEMM_SCALE_CONST) {
            c->scale[j] = a->scale_value;
        } else if (a->scale_kind == QGEMM_SCALE_PARAM) {
            uint64_t p = ((const uint64_t *)(uintptr_t)a->scale.addr)[a->scale.off + n * a->scale.cs];
            c->scale[j] = quant_param_scale(p);
        } else {
            c->scale[j] = load_f(&a->scale, a->scale_kind == QGEMM_SCALE_BF16, n);
        }
        /* INT8 out: the FLOAT offset as the fixpipe's INT9 (round to nearest even, clamped) */
        c->offset[j] = 0;
        if (a->offset.addr) {
            float f = ((const float *)(uintptr_t)a->offset.addr)[a->offset.off + n * a->offset.cs];
            float r = f != f ? 0.0f : rintf(f);
            c->offset[j] = r < -256.0f ? -256.0f : r > 255.0f ? 255.0f : r;
        }
        c->ibias[j] = 0;
        c->fbias[j] = 0;
        if (a->bias_kind != QGEMM_BIAS_NONE) {
            const char *p = (const char *)(uintptr_t)a->bias.addr;
            int64_t e = a->bias.off + bb + n * a->bias.cs;
            switch (a->bias_kind) {
            case QGEMM_BIAS_I32: c->ibias[j] = ((const int32_t *)(const void *)p)[e]; break;
            case QGEMM_BIAS_F32: c->fbias[j] = ((const float *)(const void *)p)[e]; break;
            case QGEMM_BIAS_F16: c->fbias[j] = aclemu_half_to_float(((const uint16_t *)(const void *)p)[e]); break;
            default: c->fbias[j] = aclemu_bf16_to_float(((const uint16_t *)(const void *)p)[e]); break;
            }
        }
    }
}

static void epilogue_row(const qgemm_args *a, const qg_cols *c, const int32_t *acc, int64_t nc, float pt,
                         char *out, int64_t ocs_bytes, int avx2)
{
    float v[QG_NR * 16];
    if (a->out_dtype == ACL_INT32) {
        for (int64_t j = 0; j < nc; j++) {
            int32_t r = (int32_t)((uint32_t)acc[j] + (uint32_t)c->ibias[j]);
            memcpy(out + j * ocs_bytes, &r, 4);
        }
        return;
    }
    for (int64_t j = 0; j < nc; j++)
        v[j] = (float)(int32_t)((uint32_t)acc[j] + (uint32_t)c->ibias[j]) * c->scale[j] * pt + c->fbias[j];
    if (a->out_dtype == ACL_INT8) {
        for (int64_t j = 0; j < nc; j++) {
            float r = rintf(v[j] + c->offset[j]);
            int8_t q = r != r ? 0 : r < -128.0f ? -128 : r > 127.0f ? 127 : (int8_t)r;
            out[j * ocs_bytes] = (char)q;
        }
        return;
    }
    if (a->act) {
        static const float no_param[2] = {0.0f, 0.0f};
        for (int64_t j = 0; j < nc; j++)
            v[j] = gemm_act_apply(a->act, no_param, v[j]);
    }
    if (avx2 && ocs_bytes == 2) {
        if (a->out_dtype == ACL_FLOAT16)
            qg_store_f16_avx2((uint16_t *)(void *)out, v, nc);
        else
            qg_store_bf16_avx2((uint16_t *)(void *)out, v, nc);
        return;
    }
    aclemu_store_f32(out, a->out_dtype, ocs_bytes, v, nc);
}

static int run_tile(const qgemm_args *a, int64_t t, int avx2, qg_ukernel_fn uk, char *scratch)
{
    const int64_t per_b = a->gn * a->gm;
    const int64_t b = t / per_b, rem = t % per_b, in = rem / a->gm, ig = rem % a->gm;
    const int64_t n0 = in * a->tn, nc = a->N - n0 < a->tn ? a->N - n0 : a->tn;
    const int64_t m_lo = ig * a->tm, m_hi = m_lo + a->tm < a->M ? m_lo + a->tm : a->M;
    const int64_t ncp = (nc + QG_NR - 1) / QG_NR * QG_NR, Kp = (a->K + 1) / 2;
    const int64_t b1 = batch_off(a, &a->x1, b), b2 = batch_off(a, &a->x2, b), bo = batch_off(a, &a->out, b);
    const int64_t bpt = batch_off(a, &a->pertoken, b); /* a (batch, m) per-token scale; 0 for (m) */
    int16_t *Bp = (int16_t *)(void *)scratch;                       /* K x ncp, per K chunk */
    int16_t *Ap = Bp + Kp * 2 * ncp + 64;                           /* QG_TM x QG_KC */
    int32_t *acc = (int32_t *)(void *)(Ap + QG_TM * QG_KC + 64);    /* QG_TM x ncp */
    qg_cols *cols = (qg_cols *)(void *)(acc + QG_TM * ncp + 64);
    /* B of every K chunk, chunk c at Bp + (c * QG_KC / 2) * 2 * ncp */
    for (int64_t k0 = 0; k0 < a->K; k0 += QG_KC) {
        int64_t kc = a->K - k0 < QG_KC ? a->K - k0 : QG_KC;
        pack_b(a, b2, k0, kc, n0, nc, Bp + (k0 / 2) * 2 * ncp, avx2);
    }
    load_cols(a, b, n0, nc, cols);
    const size_t oes = aclemu_kdtype_size(a->out_dtype);
    for (int64_t m0 = m_lo; m0 < m_hi; m0 += QG_TM) {
        int64_t mc = m_hi - m0 < QG_TM ? m_hi - m0 : QG_TM;
        if (a->K == 0) /* an empty reduction: sums of nothing */
            memset(acc, 0, (size_t)(QG_TM * ncp) * sizeof(int32_t));
        for (int64_t k0 = 0; k0 < a->K; k0 += QG_KC) {
            int64_t kc = a->K - k0 < QG_KC ? a->K - k0 : QG_KC, kcp = (kc + 1) / 2;
            const int16_t *Bc = Bp + (k0 / 2) * 2 * ncp;
            pack_a(a, b1, m0, mc, k0, kc, Ap, avx2);
            for (int64_t j = 0; j < ncp; j += QG_NR)
                for (int64_t i = 0; i < mc; i += QG_MR)
                    uk(kcp, Ap + (i / QG_MR) * kcp * QG_MR * 2, Bc + (j / QG_NR) * kcp * QG_NR * 2, acc + i * ncp + j,
                       ncp, k0 == 0);
        }
        for (int64_t r = 0; r < mc; r++) {
            int64_t m = m0 + r;
            float pt = a->pertoken.addr ? ((const float *)(uintptr_t)a->pertoken.addr)[a->pertoken.off + bpt + m * a->pertoken.cs]
                                        : 1.0f;
            char *o = (char *)(uintptr_t)a->out.addr + (a->out.off + bo + m * a->out.rs + n0 * a->out.cs) * (int64_t)oes;
            epilogue_row(a, cols, acc + r * ncp, nc, pt, o, a->out.cs * (int64_t)oes, avx2);
        }
    }
    return 0;
}

/* Scratch bytes of one block for tiles of tn columns (the planner bounds K * tn). */
static size_t scratch_bytes(const qgemm_args *a)
{
    int64_t ncp = (a->tn + QG_NR - 1) / QG_NR * QG_NR, Kp = (a->K + 1) / 2;
    return (size_t)(Kp * 2 * ncp + 64 + QG_TM * QG_KC + 64) * 2 + (size_t)(QG_TM * ncp + 64) * 4 + sizeof(qg_cols) + 64;
}

static int k(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(qgemm_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const qgemm_args *a = args;
    if (a->tn < 1 || a->tn > QG_NR * 16 || a->tm < 1 || a->nb < 0 || a->nb > QGEMM_MAX_BATCH)
        return ACLEMU_KERNEL_BAD_ARGS;
    int isa = a->isa ? a->isa : (int)gemm_host_isa();
    int avx2 = isa >= GEMM_ISA_AVX2;
    qg_ukernel_fn uk = avx2 ? qg_ukernel_avx2 : qg_ukernel_scalar;
    if (isa >= GEMM_ISA_AVX512 && __builtin_cpu_supports("avx512vnni"))
        uk = qg_ukernel_avx512vnni;
    char *scratch = aclemu_worker_scratch(scratch_bytes(a));
    if (!scratch)
        return ACL_ERROR_RT_MEMORY_ALLOCATION;
    int64_t t0 = (int64_t)blk->block_idx * a->tiles_per_block, t1 = t0 + a->tiles_per_block;
    if (t1 > a->ntiles)
        t1 = a->ntiles;
    for (int64_t t = t0; t < t1; t++)
        run_tile(a, t, avx2, uk, scratch);
    return 0;
}

ACLEMU_KERNEL("QuantGemm", k);
