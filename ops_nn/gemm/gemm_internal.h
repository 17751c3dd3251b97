/* Internal interfaces of the GEMM engine: microkernels, packers, host facts. */
#ifndef ACLEMU_GEMM_INTERNAL_H
#define ACLEMU_GEMM_INTERNAL_H

#include <math.h>
#include <stddef.h>
#include "gemm.h"

/* A microkernel computes one mr x nr tile from packed panels:
 *   Ap: kc steps of mr floats (A[0..mr)[k]),  Bp: kc steps of nr floats (B[k][0..nr)),
 *   C (row-major, leading dimension ldc) = (accumulate ? C : 0) + Ap^T * Bp,
 * for rows [0, mrows) and columns [0, ncols) only (mrows <= mr, ncols <= nr): nothing outside them
 * is read or written, so C may be the caller's output. */
typedef void (*gemm_ukernel_fn)(int64_t kc, const float *Ap, const float *Bp, float *C, int64_t ldc,
                                int accumulate, int64_t mrows, int64_t ncols);

/* The same with B read in place: B[k][j] at B[k * ldb + j] (FP32, unit column stride), for an
 * operand that needs no conversion. Reads only columns [0, ncols) of rows [0, kc). */
typedef void (*gemm_ukernel_bs_fn)(int64_t kc, const float *Ap, const float *B, int64_t ldb, float *C,
                                   int64_t ldc, int accumulate, int64_t mrows, int64_t ncols);

/* The same with row k of a full-width B micro-panel at kptr[k] + {o0, o0+16.. | o1 | o2} (three
 * 16-column groups, each contiguous): a staged convolution source read in place. */
typedef void (*gemm_ukernel_kp_fn)(int64_t kc, const float *Ap, const float *const *kptr, const int64_t *off,
                                   float *C, int64_t ldc, int accumulate, int64_t mrows);

/* Packed panels like gemm_ukernel_fn, one K chunk (no accumulate), the sums rounded once to C's
 * 16-bit dtype dt (GEMM_F16 / GEMM_BF16) and stored (ldc in elements). */
typedef void (*gemm_ukernel_h_fn)(int64_t kc, const float *Ap, const float *Bp, void *C, int64_t ldc, int32_t dt,
                                  int64_t mrows, int64_t ncols);

/* A narrow last micro-panel of N (ncols <= GEMM_COLS_MAX columns) over a tile's whole A panel:
 * rows [0, mrows) as ceil(mrows / mr) packed micro-panels of kc steps each (panel q at Ap + q * mr *
 * kc), B[k][j] at B[k * ldb + j] (a packed panel: ldb = nr; B in place: its row stride), C as in
 * gemm_ukernel_fn. Each sum is formed exactly as the mr x nr kernels form it (the same FMAs in
 * the same order: bit-identical), one column at a time over up to 8 row panels, so the padding
 * lanes of a 16-wide vector cost nothing (a 1-column tail took as long as 16 columns). */
#define GEMM_COLS_MAX 4
typedef void (*gemm_ukernel_cols_fn)(int64_t kc, const float *Ap, const float *B, int64_t ldb, float *C,
                                     int64_t ldc, int accumulate, int64_t mrows, int64_t ncols);

/* The epilogue applied by a microkernel as it stores the last K chunk's sums into FP32 C (no
 * separate pass over the micro-tile): + bias (FP32, per row: bias[i * brs], or per column:
 * bias[i * brs + j], for the tile's rows i and columns j), + D (a residual with C's layout at
 * C + dshift floats: gemm_d_with_c), then ReLU. The same operations in the same order as the
 * epilogue pass, so the results are bit-identical. */
enum { GEMM_KEPI_BIAS_NONE = 0, GEMM_KEPI_BIAS_ROW = 1, GEMM_KEPI_BIAS_COL = 2 };
typedef struct gemm_kepi {
    const float *bias; /* at the micro-tile's first row (and column) */
    int64_t brs;
    int32_t bias_kind, relu;
    int32_t add_d, reserved;
    ptrdiff_t dshift; /* D's element (i, j) is at C's + dshift (add_d) */
} gemm_kepi;
typedef void (*gemm_ukernel_e_fn)(int64_t kc, const float *Ap, const float *Bp, float *C, int64_t ldc,
                                  int accumulate, int64_t mrows, int64_t ncols, const gemm_kepi *e);
typedef void (*gemm_ukernel_bs_e_fn)(int64_t kc, const float *Ap, const float *B, int64_t ldb, float *C,
                                     int64_t ldc, int accumulate, int64_t mrows, int64_t ncols, const gemm_kepi *e);
typedef void (*gemm_ukernel_kp_e_fn)(int64_t kc, const float *Ap, const float *const *kptr, const int64_t *off,
                                     float *C, int64_t ldc, int accumulate, int64_t mrows, const gemm_kepi *e);

typedef struct gemm_isa_impl {
    int32_t mr, nr;
    gemm_ukernel_fn ukernel;
    gemm_ukernel_bs_fn ukernel_bs; /* NULL: B is always packed */
    gemm_ukernel_kp_fn ukernel_kp; /* NULL: conv sources are always packed */
    gemm_ukernel_h_fn ukernel_h;   /* NULL: 16-bit C goes through the accumulator and epilogue */
    gemm_ukernel_cols_fn ukernel_cols; /* NULL: narrow N tails run the mr x nr kernels */
    /* with the store epilogue (gemm_kepi), all three or none; NULL: the epilogue is its own pass */
    gemm_ukernel_e_fn ukernel_e;
    gemm_ukernel_bs_e_fn ukernel_bs_e;
    gemm_ukernel_kp_e_fn ukernel_kp_e;
} gemm_isa_impl;

const gemm_isa_impl *gemm_isa_impl_get(gemm_isa isa);

/* Host cache sizes in bytes (sysconf, then /sys, then safe defaults). */
void gemm_host_caches(int64_t *l1d, int64_t *l2, int64_t *l3);

/* Packing. A panel: rows [m0, m0+mc) of A for k in [k0, k0+kc), as ceil(mc/mr) micro-panels of
 * mr rows (zero padded). B panel: columns [n0, n0+nc) for k in [k0, k0+kc), as micro-panels of nr
 * columns. Operands are converted to FP32 with the math mode applied. `base` is the operand's
 * pointer already moved to the batch. */
void gemm_pack_a(const gemm_plan *p, const char *base, int64_t m0, int64_t mc, int64_t k0, int64_t kc,
                 float *dst);
void gemm_pack_b(const gemm_plan *p, const char *base, int64_t n0, int64_t nc, int64_t k0, int64_t kc,
                 float *dst);

/* GEMM_BSRC_WQ (pack_wq.c): dequantises the weight panel while packing, vectorised for the plan's
 * ISA (AVX-512 for nr = 48, AVX2 + F16C for nr = 16), scalar otherwise. */
void gemm_pack_b_wq(const gemm_plan *p, const char *base, int64_t n0, int64_t nc, int64_t k0, int64_t kc,
                    float *dst);

/* AVX-512 packers for the fast cases; return 0 if the case is not theirs. */
int gemm_pack_a_avx512(const gemm_plan *p, const char *base, int64_t m0, int64_t mc, int64_t k0, int64_t kc,
                       float *dst);
/* gemm_pack_a_avx512 where it applies, else gemm_pack_a. */
void gemm_pack_a_isa(const gemm_plan *p, const char *base, int64_t m0, int64_t mc, int64_t k0, int64_t kc,
                     float *dst);
int gemm_pack_b_avx512(const gemm_plan *p, const char *base, int64_t n0, int64_t nc, int64_t k0, int64_t kc,
                       float *dst);

/* The staged convolution source of one N chunk x K chunk (pack_conv_staged_avx512.c): the input
 * band in scratch and, per k, the stage row that B's row k reads (column j of a panel whose lane
 * groups each lie on one output row is at kptr[k] + off[j / 16] + j % 16). The microkernel reads
 * such panels in place; the others are packed one by one. */
#define GEMM_KC_MAX 384  /* bounds of the planner's K chunk and N chunk (checked again where a
                          * device kernel sizes arrays by them: plans arrive in argument blobs) */
#define GEMM_NC_MAX 4096
typedef struct gemm_conv_stage {
    int64_t wo, sh, rs, nc, pos0, oh_lo;
    const float *kptr[GEMM_KC_MAX];
} gemm_conv_stage;
int gemm_conv_stage_chunk(const gemm_plan *p, const char *base, int64_t n0, int64_t nc, int64_t k0, int64_t kc,
                          float *stage, gemm_conv_stage *sg);
int gemm_conv_stage_panel_plain(const gemm_conv_stage *sg, int64_t j0, int64_t off[3]);
void gemm_conv_stage_pack_panel(const gemm_conv_stage *sg, int64_t j0, int64_t kc, float *dst);

/* kc rows of nc contiguous elements of dtype dt (row k at src + k*rs elements) into nr = 48 panels. */
void gemm_pack_b_rows_avx512(const gemm_plan *p, int32_t dt, const char *src, int64_t rs, int64_t kc, int64_t nc,
                             float *dst);

/* Writes rows [m0, m0+mc) x cols [n0, n0+nc) of C from the FP32 sums in acc (leading dim ldacc):
 * alpha, bias, beta*D, activation, one rounding to C's dtype. */
void gemm_epilogue(const gemm_plan *p, int64_t batch, int64_t m0, int64_t mc, int64_t n0, int64_t nc,
                   const float *acc, int64_t ldacc);
int gemm_epilogue_avx512(const gemm_plan *p, int64_t batch, int64_t m0, int64_t mc, int64_t n0, int64_t nc,
                         const float *acc, int64_t ldacc);

/* Largest element offset of a view with non-negative strides over M x N (and the batch), or -1
 * when a stride is negative. */
static inline int64_t gemm_view_max_off(const gemm_desc *d, const gemm_view *v)
{
    if (v->rs < 0 || v->cs < 0 || v->cs_outer < 0) return -1;
    int64_t n = d->N > 0 ? d->N - 1 : 0, off = (d->M > 0 ? d->M - 1 : 0) * v->rs;
    off += v->jsplit > 0 ? n / v->jsplit * v->cs_outer + n % v->jsplit * v->cs : n * v->cs;
    for (int i = 0; i < d->nbatch_dims; i++) {
        if (v->bstride[i] < 0) return -1;
        off += (d->batch_shape[i] > 0 ? d->batch_shape[i] - 1 : 0) * v->bstride[i];
    }
    return off;
}

/* 1 when beta*D can be added where C is written in place (a fused residual): D is FP32 with beta
 * exactly 1 (1 * D is D, so adding it is what the epilogue's beta*D does, bit for bit), has C's
 * layout, and lies apart from C (the sums in C would otherwise overwrite D before it is read). */
static inline int gemm_d_with_c(const gemm_desc *d)
{
    const gemm_view *c = &d->c, *v = &d->d;
    if (!v->ptr || d->beta != 1.0f || v->dtype != GEMM_F32 || c->dtype != GEMM_F32 || v->rs != c->rs ||
        v->cs != c->cs || v->jsplit != c->jsplit || (c->jsplit > 0 && v->cs_outer != c->cs_outer))
        return 0;
    for (int i = 0; i < d->nbatch_dims; i++)
        if (v->bstride[i] != c->bstride[i]) return 0;
    int64_t span = gemm_view_max_off(d, c);
    uintptr_t pc = (uintptr_t)c->ptr, pd = (uintptr_t)v->ptr;
    uintptr_t gap = pc > pd ? pc - pd : pd - pc;
    return span >= 0 && gap % sizeof(float) == 0 && gap / sizeof(float) > (uint64_t)span;
}

/* 1 when a beta*D term keeps the sums out of C (D may alias C, or differ in layout or dtype). */
static inline int gemm_d_blocks_direct(const gemm_desc *d)
{
    return d->d.ptr && d->beta != 0.0f && !gemm_d_with_c(d);
}

/* 1 when the microkernels accumulate straight into C: FP32, unit column stride, and no beta*D term
 * but one gemm_d_with_c allows. Then the epilogue (alpha, bias, beta*D, activation) runs in place
 * and no accumulator buffer exists. When C's columns are split into runs (conv output: (image,
 * position)), the driver cuts its N chunks at run boundaries; runs that are a multiple of 16 wide
 * (or long) keep the microkernels' column tails cheap, short odd runs go through the accumulator
 * instead. */
static inline int gemm_c_direct(const gemm_desc *d)
{
    const gemm_view *c = &d->c;
    int runs_ok = c->jsplit <= 0 || c->jsplit >= d->N || c->jsplit % 16 == 0 || c->jsplit >= 384;
    return c->dtype == GEMM_F32 && c->cs == 1 && runs_ok && !gemm_d_blocks_direct(d);
}

/* gemm_c_direct as the planner sizes scratch and tiles: any beta*D counts as keeping the sums out
 * of C. A plan is often made on placeholder addresses that the kernel replaces by the real ones,
 * so whether D lies apart from C is only known when the block runs; sizing for the accumulator
 * keeps the scratch layout the same either way. */
static inline int gemm_c_direct_planned(const gemm_desc *d)
{
    return gemm_c_direct(d) && !(d->d.ptr && d->beta != 0.0f);
}

/* When the tile's whole A panel (all K chunks) is small, it is packed once and the loops run N
 * chunk outside, K chunk inside: a chunk of C then stays in cache across the K chunks instead of
 * being streamed through memory once per K chunk. */
#define GEMM_A_WHOLE_BYTES (640 * 1024)
static inline int gemm_a_whole(const gemm_plan *p)
{
    return p->d.K > p->kc && p->mc * p->d.K * 4 <= GEMM_A_WHOLE_BYTES;
}
/* Floats of the packed A buffer of one block. */
static inline int64_t gemm_a_panel_floats(const gemm_plan *p)
{
    return p->mc * (gemm_a_whole(p) ? p->d.K : p->kc);
}

/* Scratch of the staged convolution packer (pack_conv_staged_avx512.c): an input band of at most
 * GEMM_STAGE_FLOATS floats per block, for 2-D forward convs with W stride <= 2 (chunks whose band
 * does not fit use the lane-plan packer). */
#define GEMM_STAGE_FLOATS (80 * 1024)
#define GEMM_STAGE_MAX_TAPS 256
static inline int64_t gemm_stage_floats(const gemm_plan *p)
{
    const gemm_conv_geom *g = &p->d.conv;
    int ok = p->isa == GEMM_ISA_AVX512 && p->nr == 48 && g->kind == GEMM_BSRC_IM2COL && g->nsp == 2 &&
             g->stride[1] <= 2 && g->ksz[0] * g->ksz[1] <= GEMM_STAGE_MAX_TAPS;
    return ok ? GEMM_STAGE_FLOATS : 0;
}

/* Floats of the FP32 accumulator of one block: none (C written in place), one micro-tile (one K
 * chunk), one N chunk (whole A) or the tile. */
static inline int64_t gemm_acc_floats(const gemm_plan *p)
{
    if (gemm_c_direct_planned(&p->d)) return 0;
    if (p->d.K <= p->kc) return (int64_t)p->mr * p->nr;
    if (gemm_a_whole(p)) return p->mc * p->nc;
    return p->mc * ((p->tn + p->nr - 1) / p->nr * p->nr);
}

/* 1 when the epilogue changes the FP32 sums (always, unless C is written directly with alpha 1 and
 * no bias or activation). */
static inline int gemm_needs_epilogue(const gemm_desc *d)
{
    return !gemm_c_direct(d) || d->alpha != 1.0f || d->bias.ptr || d->act != GEMM_ACT_NONE ||
           (d->d.ptr && d->beta != 0.0f);
}

/* Offset (elements) of view element (i, j) and of batch b. */
static inline int64_t gemm_view_joff(const gemm_view *v, int64_t j)
{
    return v->jsplit > 0 ? (j / v->jsplit) * v->cs_outer + (j % v->jsplit) * v->cs : j * v->cs;
}
int64_t gemm_batch_offset(const gemm_plan *p, const gemm_view *v, int64_t batch);

/* Reads element `off` of a buffer of dtype dt as FP32. */
float gemm_load_f32(const void *base, int32_t dt, int64_t off);
/* Applies the cube math mode to an FP32 operand value already converted from its dtype. */
float gemm_math_round(const gemm_plan *p, int32_t dt, float v);

/* The fused activation gemm_desc.act (and the depthwise kernel's) on one FP32 value. */
static inline float gemm_act_apply(int act, const float *prm, float v)
{
    switch (act) {
    case GEMM_ACT_CLIP: return v < prm[0] ? prm[0] : v > prm[1] ? prm[1] : v;
    case GEMM_ACT_LEAKY_RELU: return v < 0.0f ? v * prm[0] : v;
    case GEMM_ACT_HARDSWISH: {
        float r = v + 3.0f;
        r = r < 0.0f ? 0.0f : r > 6.0f ? 6.0f : r;
        return v * r / 6.0f;
    }
    case GEMM_ACT_RELU: return v > 0.0f ? v : (v == v ? 0.0f : v);
    case GEMM_ACT_GELU_TANH: {
        float u = 0.7978845608028654f * (v + 0.044715f * v * v * v);
        return 0.5f * v * (1.0f + tanhf(u));
    }
    case GEMM_ACT_GELU_ERF: return 0.5f * v * (1.0f + erff(v * 0.7071067811865476f));
    default: return v;
    }
}

#endif
