/* Convolution tests: forward (1D/2D/3D, stride, asymmetric padding, dilation, groups, depthwise,
 * transposed with output padding, bias), grad input, grad weight, grad bias; every ISA path; FP32,
 * HF32, FP16 and BF16. Golden: a direct double-precision convolution written here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "conv.h"
#include "ref.h"

static uint32_t rng = 777;
static double urand(void)
{
    rng = rng * 1664525u + 1013904223u;
    return ((rng >> 8) / 8388608.0) - 1.0;
}

typedef struct tbuf {
    int32_t dt;
    int64_t n;
    void *p;
} tbuf;

static double bget(const tbuf *b, int64_t i)
{
    if (b->dt == GEMM_F32) return ((float *)b->p)[i];
    if (b->dt == GEMM_F16) return ref_from_f16_bits(((uint16_t *)b->p)[i]);
    return ref_from_bf16_bits(((uint16_t *)b->p)[i]);
}
static void bset(tbuf *b, int64_t i, double v)
{
    if (b->dt == GEMM_F32) ((float *)b->p)[i] = (float)v;
    else if (b->dt == GEMM_F16) ((uint16_t *)b->p)[i] = ref_to_f16_bits(v);
    else ((uint16_t *)b->p)[i] = ref_to_bf16_bits(v);
}
static tbuf bmake(int32_t dt, int64_t n, int fill)
{
    tbuf b = {dt, n, calloc((size_t)n + 1, 4)};
    if (fill)
        for (int64_t i = 0; i < n; i++) bset(&b, i, urand());
    return b;
}

static double rnd(const gemm_conv_params *cp, int32_t dt, double v)
{
    if (cp->math == GEMM_MATH_FP16) return dt == GEMM_F16 ? v : ref_f16(v);
    if (cp->math == GEMM_MATH_HF32 && dt == GEMM_F32) return ref_hf32((float)v);
    return v;
}

static int64_t prod(const int64_t *v, int n)
{
    int64_t p = 1;
    for (int i = 0; i < n; i++) p *= v[i];
    return p;
}

enum { FWD, DGRAD, WGRAD };

/* Direct reference. "small" is the conv's output (plain) or input (transposed), "big" the other;
 * the relation is big_pos = small_pos*stride - pad_lo + tap*dil and w is [S channel][B channel per
 * group][tap]. acc/absacc have the result's size. */
static void conv_ref(const gemm_conv_params *cp, int pass, const tbuf *t1, const tbuf *t2, double *acc,
                     double *absacc)
{
    int tr = cp->transposed, nsp = cp->nsp;
    const int64_t *ssp = tr ? cp->in : cp->out, *bsp = tr ? cp->out : cp->in;
    int64_t S = tr ? cp->cin : cp->cout, B = tr ? cp->cout : cp->cin, G = cp->groups, Sg = S / G, Bg = B / G;
    int64_t stot = prod(ssp, nsp), btot = prod(bsp, nsp), kt = prod(cp->ksz, nsp);
    for (int64_t n = 0; n < cp->batch; n++)
        for (int64_t sc = 0; sc < S; sc++)
            for (int64_t bcg = 0; bcg < Bg; bcg++) {
                int64_t bc = (sc / Sg) * Bg + bcg;
                for (int64_t sp = 0; sp < stot; sp++)
                    for (int64_t t = 0; t < kt; t++) {
                        int64_t r = sp, tt = t, bp = 0, ok = 1, mul = 1, c[3], k[3];
                        for (int d = nsp - 1; d >= 0; d--) {
                            c[d] = r % ssp[d]; r /= ssp[d];
                            k[d] = tt % cp->ksz[d]; tt /= cp->ksz[d];
                        }
                        for (int d = nsp - 1; d >= 0; d--) {
                            int64_t b = c[d] * cp->stride[d] - cp->pad_lo[d] + k[d] * cp->dil[d];
                            if (b < 0 || b >= bsp[d]) ok = 0;
                            bp += b * mul;
                            mul *= bsp[d];
                        }
                        if (!ok) continue;
                        int64_t si = (n * S + sc) * stot + sp, bi = (n * B + bc) * btot + bp, wi = (sc * Bg + bcg) * kt + t;
                        /* t1/t2 per pass: FWD (x, w), DGRAD (dy, w), WGRAD (x, dy) */
                        double v, o;
                        int64_t oi;
                        if (pass == WGRAD) {
                            const tbuf *small = tr ? t1 : t2, *big = tr ? t2 : t1;
                            int32_t sdt = small->dt, bdt = big->dt;
                            v = rnd(cp, sdt, bget(small, si));
                            o = rnd(cp, bdt, bget(big, bi));
                            oi = wi;
                        } else {
                            int in_small = (pass == FWD) == tr; /* the operand tensor is the small one */
                            v = rnd(cp, t1->dt, bget(t1, in_small ? si : bi));
                            o = rnd(cp, t2->dt, bget(t2, wi));
                            oi = in_small ? bi : si;
                        }
                        acc[oi] += v * o;
                        absacc[oi] += fabs(v * o);
                    }
            }
}

static const char *isas[] = {"scalar", "avx2", "avx512"};

static double unit(int32_t dt) { return dt == GEMM_F32 ? 0x1p-24 : dt == GEMM_F16 ? 0x1p-11 : 0x1p-8; }

static void check(const char *what, const tbuf *got, const double *acc, const double *absacc, int64_t kred)
{
    for (int64_t i = 0; i < got->n; i++) {
        double g = bget(got, i), lim = (kred + 4) * 0x1p-24 * absacc[i] + 2 * unit(got->dt) * fabs(acc[i]) + 1e-30;
        if (!(fabs(g - acc[i]) <= lim)) {
            fprintf(stderr, "%s: element %lld got %.9g want %.9g\n", what, (long long)i, g, acc[i]);
            fail();
        }
    }
}

static void run_conv(gemm_conv_params cp, int32_t dt, int math, int with_bias)
{
    cp.math = math;
    cp.x_dtype = cp.w_dtype = cp.y_dtype = cp.bias_dtype = dt;
    for (int d = 0; d < cp.nsp; d++) cp.out[d] = gemm_conv_out_size(&cp, d);
    int64_t xin = cp.batch * cp.cin * prod(cp.in, cp.nsp), yout = cp.batch * cp.cout * prod(cp.out, cp.nsp);
    int64_t wn = (cp.transposed ? cp.cin * (cp.cout / cp.groups) : cp.cout * (cp.cin / cp.groups)) * prod(cp.ksz, cp.nsp);
    int64_t kt = prod(cp.ksz, cp.nsp);
    tbuf x = bmake(dt, xin, 1), w = bmake(dt, wn, 1), bias = bmake(dt, cp.cout, 1), dy = bmake(dt, yout, 1);
    for (int isa = 0; isa < 3; isa++) {
        setenv("ACLEMU_ISA", isas[isa], 1);
        char what[128];
        snprintf(what, sizeof what, "conv%dd tr%d g%lld dt%d math%d isa %s", cp.nsp, cp.transposed,
                 (long long)cp.groups, dt, math, isas[isa]);
        /* forward */
        tbuf y = bmake(dt, yout, 0);
        double *acc = calloc(yout + 1, 8), *aa = calloc(yout + 1, 8);
        conv_ref(&cp, FWD, &x, &w, acc, aa);
        if (with_bias)
            for (int64_t i = 0; i < yout; i++) acc[i] += bget(&bias, (i / prod(cp.out, cp.nsp)) % cp.cout);
        gemm_plan p;
        assert_int_equal(gemm_conv_fwd_plan(&p, &cp, x.p, w.p, with_bias ? bias.p : NULL, y.p, 13, 2), GEMM_OK);
        assert_int_equal(gemm_run_all(&p), GEMM_OK);
        int64_t kred = (cp.transposed ? cp.cin : cp.cin / cp.groups) * kt;
        check(what, &y, acc, aa, kred);
        if (gemm_dw_supported(&cp)) {
            tbuf y2 = bmake(dt, yout, 0);
            gemm_dw_plan dp;
            assert_int_equal(gemm_dw_plan_init(&dp, &cp, x.p, w.p, with_bias ? bias.p : NULL, y2.p, 5), GEMM_OK);
            for (int32_t b = 0; b < dp.nblocks; b++) assert_int_equal(gemm_dw_run_block(&dp, (uint32_t)b), GEMM_OK);
            check(what, &y2, acc, aa, kred);
            free(y2.p);
        }
        free(acc); free(aa); free(y.p);
        /* grad input */
        tbuf dx = bmake(dt, xin, 0);
        acc = calloc(xin + 1, 8); aa = calloc(xin + 1, 8);
        conv_ref(&cp, DGRAD, &dy, &w, acc, aa);
        assert_int_equal(gemm_conv_dgrad_plan(&p, &cp, dy.p, w.p, dx.p, 13, 2), GEMM_OK);
        assert_int_equal(gemm_run_all(&p), GEMM_OK);
        check(what, &dx, acc, aa, cp.cout * kt);
        free(acc); free(aa); free(dx.p);
        /* grad weight (FP32 result) */
        tbuf dw = bmake(GEMM_F32, wn, 0);
        acc = calloc(wn + 1, 8); aa = calloc(wn + 1, 8);
        conv_ref(&cp, WGRAD, &x, &dy, acc, aa);
        assert_int_equal(gemm_conv_wgrad_plan(&p, &cp, x.p, dy.p, dw.p, GEMM_F32, 13, 2), GEMM_OK);
        assert_int_equal(gemm_run_all(&p), GEMM_OK);
        check(what, &dw, acc, aa, cp.batch * prod(cp.transposed ? cp.out : cp.in, cp.nsp));
        free(acc); free(aa); free(dw.p);
    }
    unsetenv("ACLEMU_ISA");
    /* grad bias, portable and vector sums */
    int64_t pos = prod(cp.out, cp.nsp);
    tbuf db = bmake(GEMM_F32, cp.cout, 0);
    for (int isa = 0; isa < 3; isa += 2) {
        setenv("ACLEMU_ISA", isas[isa], 1);
        memset(db.p, 0, sizeof(float) * (size_t)cp.cout);
        gemm_conv_bias_grad(dy.p, dt, cp.batch, cp.cout, pos, db.p, GEMM_F32, 0, cp.cout);
        for (int64_t c = 0; c < cp.cout; c++) {
            double s = 0;
            for (int64_t n = 0; n < cp.batch; n++)
                for (int64_t i = 0; i < pos; i++) s += bget(&dy, (n * cp.cout + c) * pos + i);
            assert_true(fabs(bget(&db, c) - s) <= 1e-6 * (1 + fabs(s)));
        }
    }
    unsetenv("ACLEMU_ISA");
    free(db.p); free(x.p); free(w.p); free(bias.p); free(dy.p);
}

static gemm_conv_params params(int nsp, int64_t batch, int64_t cin, int64_t cout, int64_t groups)
{
    gemm_conv_params cp;
    memset(&cp, 0, sizeof cp);
    cp.nsp = nsp; cp.batch = batch; cp.cin = cin; cp.cout = cout; cp.groups = groups;
    for (int d = 0; d < 3; d++) cp.stride[d] = cp.dil[d] = cp.ksz[d] = cp.in[d] = 1;
    return cp;
}

static void test_conv1d(void **state)
{
    gemm_conv_params cp = params(1, 2, 3, 5, 1);
    cp.in[0] = 17; cp.ksz[0] = 4; cp.stride[0] = 2; cp.pad_lo[0] = 1; cp.pad_hi[0] = 2; cp.dil[0] = 2;
    run_conv(cp, GEMM_F32, GEMM_MATH_KEEP, 1);
    run_conv(cp, GEMM_F16, GEMM_MATH_KEEP, 0);
}

static void test_conv2d_groups_asym_pad(void **state)
{
    gemm_conv_params cp = params(2, 2, 6, 4, 2);
    cp.in[0] = 11; cp.in[1] = 9; cp.ksz[0] = 3; cp.ksz[1] = 2; cp.stride[0] = 2; cp.stride[1] = 1;
    cp.pad_lo[0] = 1; cp.pad_hi[0] = 0; cp.pad_lo[1] = 2; cp.pad_hi[1] = 1; cp.dil[1] = 2;
    run_conv(cp, GEMM_F32, GEMM_MATH_KEEP, 1);
    run_conv(cp, GEMM_F32, GEMM_MATH_HF32, 1);
    run_conv(cp, GEMM_BF16, GEMM_MATH_KEEP, 1);
    run_conv(cp, GEMM_F32, GEMM_MATH_FP16, 0);
}

static void test_conv2d_wide_rows(void **state) /* rows longer than a micro-panel; strided taps */
{
    gemm_conv_params cp = params(2, 2, 5, 7, 1);
    cp.in[0] = 13; cp.in[1] = 70; cp.ksz[0] = cp.ksz[1] = 3; cp.pad_lo[0] = cp.pad_hi[0] = 1;
    cp.pad_lo[1] = cp.pad_hi[1] = 1;
    run_conv(cp, GEMM_F32, GEMM_MATH_KEEP, 1);
    run_conv(cp, GEMM_F16, GEMM_MATH_KEEP, 1);
    cp.stride[0] = cp.stride[1] = 2;
    run_conv(cp, GEMM_F32, GEMM_MATH_KEEP, 0);
    run_conv(cp, GEMM_BF16, GEMM_MATH_KEEP, 0);
}

/* The vector im2col packer's lane plans: stride 2 (even-element windows) and 3 (lane by lane) in
 * every dtype, a 7x7/2 stem-like kernel whose K (cin x 49 taps) is split into chunks that start
 * inside a channel, images folded into N across panel boundaries. */
static void test_conv2d_strided_packer(void **state)
{
    gemm_conv_params cp = params(2, 2, 9, 5, 1);
    cp.in[0] = 23; cp.in[1] = 37; cp.ksz[0] = cp.ksz[1] = 7; cp.stride[0] = cp.stride[1] = 2;
    for (int d = 0; d < 2; d++) cp.pad_lo[d] = cp.pad_hi[d] = 3;
    run_conv(cp, GEMM_F32, GEMM_MATH_KEEP, 1);
    run_conv(cp, GEMM_F16, GEMM_MATH_KEEP, 1);
    run_conv(cp, GEMM_BF16, GEMM_MATH_KEEP, 0);
    gemm_conv_params c3 = params(2, 3, 4, 6, 1);
    c3.in[0] = 12; c3.in[1] = 50; c3.ksz[0] = c3.ksz[1] = 3; c3.stride[0] = 2; c3.stride[1] = 3;
    c3.pad_lo[1] = 2; c3.pad_hi[1] = 1;
    run_conv(c3, GEMM_F32, GEMM_MATH_KEEP, 0);
    run_conv(c3, GEMM_F16, GEMM_MATH_KEEP, 1);
    run_conv(c3, GEMM_BF16, GEMM_MATH_KEEP, 0);
}

/* The staged-band packer (input rows copied with zero padding, stride-2 columns split into even
 * and odd phases): W stride 2 with H stride 1 and the reverse, dilation, asymmetric padding, output
 * rows shorter than a 16-lane group (several segments per group), K chunks that start inside a
 * channel, a 7x7/2 stem with 3 channels, FP32/HF32/FP16/BF16. */
static void test_conv2d_staged_band(void **state)
{
    gemm_conv_params a = params(2, 2, 47, 6, 1);
    a.in[0] = 9; a.in[1] = 13; a.ksz[0] = a.ksz[1] = 3; a.stride[1] = 2; a.dil[0] = 2;
    a.pad_lo[0] = 2; a.pad_hi[0] = 1; a.pad_lo[1] = 1; a.pad_hi[1] = 2;
    run_conv(a, GEMM_F32, GEMM_MATH_KEEP, 1);
    run_conv(a, GEMM_F32, GEMM_MATH_HF32, 0);
    gemm_conv_params b = params(2, 3, 5, 4, 1);
    b.in[0] = 12; b.in[1] = 40; b.ksz[0] = 2; b.ksz[1] = 5; b.stride[0] = 2; b.dil[1] = 3;
    b.pad_lo[1] = 4; b.pad_hi[1] = 0;
    run_conv(b, GEMM_F32, GEMM_MATH_KEEP, 1);
    run_conv(b, GEMM_BF16, GEMM_MATH_KEEP, 0);
    gemm_conv_params stem = params(2, 2, 3, 8, 1);
    stem.in[0] = 40; stem.in[1] = 44; stem.ksz[0] = stem.ksz[1] = 7; stem.stride[0] = stem.stride[1] = 2;
    for (int d = 0; d < 2; d++) stem.pad_lo[d] = stem.pad_hi[d] = 3;
    run_conv(stem, GEMM_F32, GEMM_MATH_KEEP, 1);
    run_conv(stem, GEMM_F16, GEMM_MATH_KEEP, 1);
    run_conv(stem, GEMM_F32, GEMM_MATH_FP16, 0);
}

/* Bias + ReLU applied in the microkernels' store (staged 3x3 source read in place, packed panels,
 * pointwise rows): bit for bit the plain conv's sums (no bias) + bias[c], then ReLU, in FP32 here. */
static void test_store_epilogue_conv(void **state)
{
    gemm_conv_params cps[3] = {params(2, 2, 19, 37, 1), params(2, 1, 64, 40, 1), params(2, 2, 500, 24, 1)};
    cps[0].in[0] = 14; cps[0].in[1] = 14; cps[0].ksz[0] = cps[0].ksz[1] = 3;
    for (int d = 0; d < 2; d++) cps[0].pad_lo[d] = cps[0].pad_hi[d] = 1;
    cps[1].in[0] = 28; cps[1].in[1] = 28; cps[1].ksz[0] = cps[1].ksz[1] = 3; cps[1].stride[0] = cps[1].stride[1] = 2;
    cps[2].in[0] = 7; cps[2].in[1] = 7;
    for (int c = 0; c < 3; c++) {
        gemm_conv_params cp = cps[c];
        cp.math = GEMM_MATH_KEEP;
        cp.x_dtype = cp.w_dtype = cp.y_dtype = cp.bias_dtype = GEMM_F32;
        for (int d = 0; d < cp.nsp; d++) cp.out[d] = gemm_conv_out_size(&cp, d);
        int64_t pos = prod(cp.out, cp.nsp), xin = cp.batch * cp.cin * prod(cp.in, cp.nsp), yout = cp.batch * cp.cout * pos;
        tbuf x = bmake(GEMM_F32, xin, 1), w = bmake(GEMM_F32, cp.cout * cp.cin * prod(cp.ksz, cp.nsp), 1),
             bias = bmake(GEMM_F32, cp.cout, 1);
        for (int isa = 0; isa < 3; isa++) {
            setenv("ACLEMU_ISA", isas[isa], 1);
            for (int res = 0; res < 2; res++) { /* res: + a residual with the output's layout (Conv + Add + ReLU) */
            tbuf y0 = bmake(GEMM_F32, yout, 0), y1 = bmake(GEMM_F32, yout, 0), r = bmake(GEMM_F32, yout, 1);
            gemm_plan p;
            assert_int_equal(gemm_conv_fwd_plan(&p, &cp, x.p, w.p, NULL, y0.p, 13, 2), GEMM_OK);
            assert_int_equal(gemm_run_all(&p), GEMM_OK);
            assert_int_equal(gemm_conv_fwd_plan(&p, &cp, x.p, w.p, bias.p, y1.p, 13, 2), GEMM_OK);
            gemm_desc d = p.d;
            d.act = GEMM_ACT_RELU; /* as the fused Conv + ReLU kernel sets it */
            if (res) { /* as conv_fuse_epilogue sets the residual */
                d.d = d.c;
                d.d.ptr = r.p;
                d.beta = 1.0f;
            }
            assert_int_equal(gemm_plan_init(&p, &d, 13, 2), GEMM_OK);
            assert_int_equal(gemm_run_all(&p), GEMM_OK);
            for (int64_t i = 0; i < yout; i++) {
                float v = ((float *)y0.p)[i] + ((float *)bias.p)[(i / pos) % cp.cout];
                if (res) v += ((float *)r.p)[i];
                if (v < 0.0f) v = 0.0f;
                float got = ((float *)y1.p)[i];
                if (memcmp(&v, &got, 4) != 0) {
                    fprintf(stderr, "conv %d isa %s res %d: element %lld got %.9g want %.9g\n", c, isas[isa], res,
                            (long long)i, got, v);
                    fail();
                }
            }
            free(y0.p); free(y1.p); free(r.p);
            }
        }
        free(x.p); free(w.p); free(bias.p);
    }
    unsetenv("ACLEMU_ISA");
}

/* Pointwise convs copied as dense rows per image: images of 64 positions (N chunks cut at image
 * boundaries for every output dtype) and K split into chunks (cin 500). */
static void test_pointwise_runs(void **state)
{
    gemm_conv_params cp = params(2, 3, 20, 9, 1);
    cp.in[0] = 8; cp.in[1] = 8;
    run_conv(cp, GEMM_F32, GEMM_MATH_KEEP, 1);
    run_conv(cp, GEMM_F16, GEMM_MATH_KEEP, 1);
    gemm_conv_params big = params(2, 2, 500, 3, 1);
    big.in[0] = 5; big.in[1] = 16;
    run_conv(big, GEMM_F32, GEMM_MATH_KEEP, 0);
    run_conv(big, GEMM_BF16, GEMM_MATH_KEEP, 1);
}

static void test_conv3d(void **state)
{
    gemm_conv_params cp = params(3, 1, 2, 3, 1);
    cp.in[0] = 5; cp.in[1] = 6; cp.in[2] = 7; cp.ksz[0] = 3; cp.ksz[1] = 3; cp.ksz[2] = 2;
    for (int d = 0; d < 3; d++) cp.pad_lo[d] = cp.pad_hi[d] = 1;
    run_conv(cp, GEMM_F32, GEMM_MATH_KEEP, 1);
}

static void test_pointwise(void **state)
{
    gemm_conv_params cp = params(2, 3, 8, 5, 1);
    cp.in[0] = 7; cp.in[1] = 9;
    run_conv(cp, GEMM_F32, GEMM_MATH_KEEP, 1);
}

static void test_depthwise(void **state)
{
    gemm_conv_params cp = params(2, 2, 6, 6, 6);
    cp.in[0] = 10; cp.in[1] = 23; cp.ksz[0] = cp.ksz[1] = 3;
    cp.pad_lo[0] = cp.pad_hi[0] = cp.pad_lo[1] = cp.pad_hi[1] = 1;
    run_conv(cp, GEMM_F32, GEMM_MATH_KEEP, 1);
    run_conv(cp, GEMM_F16, GEMM_MATH_KEEP, 1);
    cp.stride[0] = cp.stride[1] = 2; cp.dil[1] = 2;
    run_conv(cp, GEMM_F32, GEMM_MATH_KEEP, 1);
}

static void test_transposed(void **state)
{
    gemm_conv_params cp = params(2, 2, 4, 6, 2);
    cp.transposed = 1;
    cp.in[0] = 5; cp.in[1] = 4; cp.ksz[0] = cp.ksz[1] = 3; cp.stride[0] = cp.stride[1] = 2;
    cp.pad_lo[0] = cp.pad_hi[0] = cp.pad_lo[1] = cp.pad_hi[1] = 1; cp.out_pad[0] = 1;
    run_conv(cp, GEMM_F32, GEMM_MATH_KEEP, 1);
    run_conv(cp, GEMM_F16, GEMM_MATH_KEEP, 1);
    gemm_conv_params c1 = params(1, 1, 3, 2, 1);
    c1.transposed = 1; c1.in[0] = 6; c1.ksz[0] = 2; c1.stride[0] = 3; c1.dil[0] = 2; c1.out_pad[0] = 2;
    run_conv(c1, GEMM_F32, GEMM_MATH_KEEP, 0);
}

static void test_bad_params(void **state)
{
    gemm_conv_params cp = params(2, 1, 4, 4, 3); /* groups do not divide channels */
    cp.in[0] = cp.in[1] = 5; cp.out[0] = cp.out[1] = 5;
    gemm_plan p;
    float b = 0;
    assert_int_equal(gemm_conv_fwd_plan(&p, &cp, &b, &b, NULL, &b, 4, 2), GEMM_EINVAL);
    cp.groups = 1;
    cp.out[0] = 4; /* does not match the inferred size */
    assert_int_equal(gemm_conv_fwd_plan(&p, &cp, &b, &b, NULL, &b, 4, 2), GEMM_EINVAL);
    cp.out[0] = 5;
    assert_int_equal(gemm_conv_fwd_plan(&p, &cp, &b, &b, NULL, &b, 4, 2), GEMM_OK);
    cp.stride[1] = 0;
    assert_int_equal(gemm_conv_fwd_plan(&p, &cp, &b, &b, NULL, &b, 4, 2), GEMM_EINVAL);
    gemm_dw_plan dp;
    cp.stride[1] = 1;
    assert_int_equal(gemm_dw_plan_init(&dp, &cp, &b, &b, NULL, &b, 4), GEMM_EINVAL); /* not depthwise */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_conv1d),     cmocka_unit_test(test_conv2d_groups_asym_pad),
        cmocka_unit_test(test_conv2d_wide_rows), cmocka_unit_test(test_conv2d_strided_packer), cmocka_unit_test(test_conv3d),
        cmocka_unit_test(test_pointwise),  cmocka_unit_test(test_depthwise),
        cmocka_unit_test(test_conv2d_staged_band), cmocka_unit_test(test_pointwise_runs),
        cmocka_unit_test(test_store_epilogue_conv),
        cmocka_unit_test(test_transposed), cmocka_unit_test(test_bad_params),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
