/* Convolution passes expressed as GEMMs over the engine (one GEMM per group, as a batch dim). */
#include <string.h>

#include "conv.h"
#include "gemm_internal.h"
#include "numerics.h"
#include "simd_avx512.h"

int64_t gemm_conv_out_size(const gemm_conv_params *cp, int d)
{
    int64_t span = cp->dil[d] * (cp->ksz[d] - 1);
    if (cp->transposed)
        return (cp->in[d] - 1) * cp->stride[d] - cp->pad_lo[d] - cp->pad_hi[d] + span + cp->out_pad[d] + 1;
    int64_t num = cp->in[d] + cp->pad_lo[d] + cp->pad_hi[d] - span - 1;
    return num < 0 ? 0 : num / cp->stride[d] + 1;
}

static int check(const gemm_conv_params *cp)
{
    if (cp->nsp < 1 || cp->nsp > 3) return GEMM_EINVAL;
    if (cp->batch < 0 || cp->cin <= 0 || cp->cout <= 0 || cp->groups <= 0) return GEMM_EINVAL;
    if (cp->cin % cp->groups || cp->cout % cp->groups) return GEMM_EINVAL;
    for (int d = 0; d < cp->nsp; d++) {
        if (cp->in[d] <= 0 || cp->ksz[d] <= 0 || cp->stride[d] <= 0 || cp->dil[d] <= 0) return GEMM_EINVAL;
        if (cp->pad_lo[d] < 0 || cp->pad_hi[d] < 0 || cp->out_pad[d] < 0) return GEMM_EINVAL;
        if (cp->out[d] != gemm_conv_out_size(cp, d) || cp->out[d] <= 0) return GEMM_EINVAL;
    }
    return GEMM_OK;
}

static int64_t prod(const int64_t *v, int n)
{
    int64_t p = 1;
    for (int i = 0; i < n; i++) p *= v[i];
    return p;
}

/* Fills the im2col geometry. src_sp: spatial sizes of the tensor B reads; pos_sp: the positions
 * that index B's (img, pos) dimension. A 1x1, stride-1, unpadded conv is flattened to 1-D so whole
 * images are contiguous runs. */
static void geom(gemm_conv_geom *g, const gemm_conv_params *cp, int kind, const int64_t *src_sp,
                 const int64_t *pos_sp, int64_t src_ch_per_group, int64_t src_channels)
{
    memset(g, 0, sizeof *g);
    g->kind = kind;
    g->nsp = cp->nsp;
    g->cin = src_ch_per_group;
    g->nimg = cp->batch;
    int64_t in_total = prod(src_sp, cp->nsp);
    g->ch_stride = in_total;
    g->img_stride = src_channels * in_total;
    int pointwise = kind == GEMM_BSRC_IM2COL;
    for (int d = 0; d < cp->nsp; d++) {
        g->in[d] = src_sp[d];
        g->out[d] = pos_sp[d];
        g->ksz[d] = cp->ksz[d];
        g->stride[d] = cp->stride[d];
        g->pad[d] = cp->pad_lo[d];
        g->dil[d] = cp->dil[d];
        if (cp->ksz[d] != 1 || cp->stride[d] != 1 || cp->pad_lo[d] != 0 || src_sp[d] != pos_sp[d]) pointwise = 0;
    }
    if (pointwise) {
        g->nsp = 1;
        g->in[0] = g->out[0] = in_total;
        g->ksz[0] = g->stride[0] = g->dil[0] = 1;
        g->pad[0] = 0;
    }
}

static void fill_common(gemm_desc *d, const gemm_conv_params *cp)
{
    d->nbatch_dims = 1;
    d->batch_shape[0] = cp->groups;
    d->math = cp->math;
    d->hf32_round = cp->hf32_round;
    d->alpha = 1.0f;
    d->beta = 0.0f;
}

/* A conv "y-like" output view over (channel m, (img, pos) n). */
static void out_view(gemm_view *v, void *ptr, int32_t dt, int64_t ch_per_group, int64_t channels, int64_t pos)
{
    v->ptr = ptr;
    v->dtype = dt;
    v->rs = pos;
    v->cs = 1;
    v->jsplit = pos;
    v->cs_outer = channels * pos;
    v->bstride[0] = ch_per_group * pos;
}

/* Forward-style GEMM: out[b, co, opos] = sum_{ci,tap} wA[co, (ci,tap)] * src[(ci,tap), (b,opos)]. */
static int conv_gemm(gemm_plan *plan, const gemm_conv_params *cp, int transposed_src, const void *src,
                     int32_t src_dt, const int64_t *src_sp, int64_t src_ch, const void *w, int32_t w_dt,
                     int64_t out_ch, const int64_t *out_sp, const void *bias, int32_t bias_dt, void *out,
                     int32_t out_dt, uint32_t max_blocks, uint32_t workers)
{
    gemm_desc d;
    memset(&d, 0, sizeof d);
    fill_common(&d, cp);
    int64_t g = cp->groups, src_g = src_ch / g, out_g = out_ch / g;
    int64_t kt = prod(cp->ksz, cp->nsp), out_total = prod(out_sp, cp->nsp), src_total = prod(src_sp, cp->nsp);
    d.M = out_g;
    d.N = cp->batch * out_total;
    d.K = src_g * kt;
    d.a.ptr = w;
    d.a.dtype = w_dt;
    if (!transposed_src) { /* w[co, ci, tap]: row-major (out_g, src_g*kt) per group */
        d.a.rs = d.K;
        d.a.cs = 1;
        d.a.bstride[0] = out_g * d.K;
    } else { /* w[ci, co, tap]: k = (ci, tap) split */
        d.a.rs = kt;
        d.a.cs = 1;
        d.a.jsplit = kt;
        d.a.cs_outer = out_g * kt;
        d.a.bstride[0] = src_g * out_g * kt;
    }
    d.b.ptr = src;
    d.b.dtype = src_dt;
    d.b.bstride[0] = src_g * src_total;
    geom(&d.conv, cp, transposed_src ? GEMM_BSRC_COL2IM : GEMM_BSRC_IM2COL, src_sp, out_sp, src_g, src_ch);
    out_view(&d.c, out, out_dt, out_g, out_ch, out_total);
    if (bias) {
        d.bias.ptr = bias;
        d.bias.dtype = bias_dt;
        d.bias.rs = 1;
        d.bias.cs = 0;
        d.bias.bstride[0] = out_g;
    }
    return gemm_plan_init(plan, &d, max_blocks, workers);
}

int gemm_conv_fwd_plan(gemm_plan *plan, const gemm_conv_params *cp, const void *x, const void *w, const void *bias,
                       void *y, uint32_t max_blocks, uint32_t workers)
{
    memset(plan, 0, sizeof *plan);
    int rc = check(cp);
    if (rc) return rc;
    return conv_gemm(plan, cp, cp->transposed, x, cp->x_dtype, cp->in, cp->cin, w, cp->w_dtype, cp->cout, cp->out,
                     bias, cp->bias_dtype, y, cp->y_dtype, max_blocks, workers);
}

int gemm_conv_dgrad_plan(gemm_plan *plan, const gemm_conv_params *cp, const void *dy, const void *w, void *dx,
                         uint32_t max_blocks, uint32_t workers)
{
    memset(plan, 0, sizeof *plan);
    int rc = check(cp);
    if (rc) return rc;
    /* The adjoint of a conv is the transposed conv with the same weight, and vice versa; the
     * source is dy (cout channels over out[]) and the result dx (cin channels over in[]). */
    return conv_gemm(plan, cp, !cp->transposed, dy, cp->y_dtype, cp->out, cp->cout, w, cp->w_dtype, cp->cin, cp->in,
                     NULL, GEMM_F32, dx, cp->x_dtype, max_blocks, workers);
}

int gemm_conv_wgrad_plan(gemm_plan *plan, const gemm_conv_params *cp, const void *x, const void *dy, void *dw,
                         int32_t dw_dtype, uint32_t max_blocks, uint32_t workers)
{
    memset(plan, 0, sizeof *plan);
    int rc = check(cp);
    if (rc) return rc;
    /* Plain conv: dw[co, ci, tap] = sum_{b,opos} dy[b, co, opos] * x[b, ci, opos*s - p + tap*d].
     * Transposed conv: the same with the roles of x and dy exchanged (dw[ci, co, tap]). */
    const void *g_out = cp->transposed ? x : dy, *g_in = cp->transposed ? dy : x;
    int32_t out_dt = cp->transposed ? cp->x_dtype : cp->y_dtype, in_dt = cp->transposed ? cp->y_dtype : cp->x_dtype;
    const int64_t *out_sp = cp->transposed ? cp->in : cp->out, *in_sp = cp->transposed ? cp->out : cp->in;
    int64_t out_ch = cp->transposed ? cp->cin : cp->cout, in_ch = cp->transposed ? cp->cout : cp->cin;
    int64_t g = cp->groups, out_g = out_ch / g, in_g = in_ch / g;
    int64_t kt = prod(cp->ksz, cp->nsp), out_total = prod(out_sp, cp->nsp), in_total = prod(in_sp, cp->nsp);
    gemm_desc d;
    memset(&d, 0, sizeof d);
    fill_common(&d, cp);
    d.M = out_g;
    d.N = in_g * kt;
    d.K = cp->batch * out_total;
    d.a.ptr = g_out;
    d.a.dtype = out_dt;
    d.a.rs = out_total;
    d.a.cs = 1;
    d.a.jsplit = out_total;
    d.a.cs_outer = out_ch * out_total;
    d.a.bstride[0] = out_g * out_total;
    d.b.ptr = g_in;
    d.b.dtype = in_dt;
    d.b.bstride[0] = in_g * in_total;
    geom(&d.conv, cp, GEMM_BSRC_IM2COL_T, in_sp, out_sp, in_g, in_ch);
    d.c.ptr = dw;
    d.c.dtype = dw_dtype;
    d.c.rs = in_g * kt;
    d.c.cs = 1;
    d.c.bstride[0] = out_g * in_g * kt;
    return gemm_plan_init(plan, &d, max_blocks, workers);
}

/* Sum of n FP32/FP16/BF16 values in double: 4 x 8 double lanes, so the sum runs at load speed. */
AVX512_TARGET static double sum_avx512(const char *src, int32_t dt, int64_t n)
{
    size_t es = gemm_dtype_size(dt);
    __m512d s0 = _mm512_setzero_pd(), s1 = s0, s2 = s0, s3 = s0;
    int64_t i = 0;
    for (; i + 32 <= n; i += 32) {
        __m512 a = v16_load(src + i * es, dt, 0xffff), b = v16_load(src + (i + 16) * es, dt, 0xffff);
        s0 = _mm512_add_pd(s0, _mm512_cvtps_pd(_mm512_castps512_ps256(a)));
        s1 = _mm512_add_pd(s1, _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(a), 1))));
        s2 = _mm512_add_pd(s2, _mm512_cvtps_pd(_mm512_castps512_ps256(b)));
        s3 = _mm512_add_pd(s3, _mm512_cvtps_pd(_mm256_castpd_ps(_mm512_extractf64x4_pd(_mm512_castps_pd(b), 1))));
    }
    for (; i < n; i += 8) {
        __m256 a = v8_load(src + i * es, dt, mask8(n - i));
        s0 = _mm512_add_pd(s0, _mm512_cvtps_pd(a));
    }
    return _mm512_reduce_add_pd(_mm512_add_pd(_mm512_add_pd(s0, s1), _mm512_add_pd(s2, s3)));
}

void gemm_conv_bias_grad(const void *dy, int32_t dy_dtype, int64_t batch, int64_t channels, int64_t positions,
                         void *db, int32_t db_dtype, int64_t c0, int64_t c1)
{
    int avx512 = gemm_host_isa() == GEMM_ISA_AVX512;
    size_t es = gemm_dtype_size(dy_dtype);
    for (int64_t c = c0; c < c1; c++) {
        double s = 0.0;
        for (int64_t b = 0; b < batch; b++) {
            int64_t off = (b * channels + c) * positions;
            if (avx512) {
                s += sum_avx512((const char *)dy + off * es, dy_dtype, positions);
            } else if (dy_dtype == GEMM_F32) {
                const float *p = (const float *)dy + off;
                for (int64_t i = 0; i < positions; i++) s += p[i];
            } else {
                for (int64_t i = 0; i < positions; i++) s += gemm_load_f32(dy, dy_dtype, off + i);
            }
        }
        float v = (float)s;
        if (db_dtype == GEMM_F16) ((uint16_t *)db)[c] = gemm_f32_to_f16(v);
        else if (db_dtype == GEMM_BF16) ((uint16_t *)db)[c] = gemm_f32_to_bf16(v);
        else ((float *)db)[c] = v;
    }
}
