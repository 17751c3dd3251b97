/* GEMM engine tests: every ISA path forced, odd and huge shapes, strided / transposed views, batch
 * broadcast, dtypes and cube math modes, bias / beta / activation, block split, bad input.
 * Goldens: an independent double-precision reference (ref.h). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "gemm.h"
#include "ref.h"

static uint32_t rng = 12345;
static double urand(void) /* uniform in [-1, 1) */
{
    rng = rng * 1664525u + 1013904223u;
    return ((rng >> 8) / 8388608.0) - 1.0;
}

/* A matrix stored in some dtype with arbitrary strides; `val` keeps the exact stored values. */
typedef struct tmat {
    int32_t dt;
    int64_t rows, cols, rs, cs, n;
    void *buf;
} tmat;

static double tget(const tmat *m, int64_t off)
{
    if (m->dt == GEMM_F32) return ((float *)m->buf)[off];
    if (m->dt == GEMM_F16) return ref_from_f16_bits(((uint16_t *)m->buf)[off]);
    return ref_from_bf16_bits(((uint16_t *)m->buf)[off]);
}
static void tset(tmat *m, int64_t off, double v)
{
    if (m->dt == GEMM_F32) ((float *)m->buf)[off] = (float)v;
    else if (m->dt == GEMM_F16) ((uint16_t *)m->buf)[off] = ref_to_f16_bits(v);
    else ((uint16_t *)m->buf)[off] = ref_to_bf16_bits(v);
}
/* rows x cols, transposed storage if `tr`, leading dimension padded by `pad`. */
static tmat tmake(int32_t dt, int64_t rows, int64_t cols, int tr, int64_t pad, double scale)
{
    tmat m = {dt, rows, cols, 0, 0, 0, NULL};
    if (!tr) { m.rs = cols + pad; m.cs = 1; m.n = rows * m.rs + 1; }
    else { m.rs = 1; m.cs = rows + pad; m.n = cols * m.cs + 1; }
    m.buf = calloc((size_t)m.n, 4);
    for (int64_t i = 0; i < m.n; i++) tset(&m, i, urand() * scale);
    return m;
}
static double tat(const tmat *m, int64_t i, int64_t j) { return tget(m, i * m->rs + j * m->cs); }

static gemm_view tview(const tmat *m)
{
    gemm_view v;
    memset(&v, 0, sizeof v);
    v.ptr = m->buf;
    v.dtype = m->dt;
    v.rs = m->rs;
    v.cs = m->cs;
    return v;
}

static double op_round(int math, int32_t dt, int rtz, double v)
{
    if (math == GEMM_MATH_FP16) return dt == GEMM_F16 ? v : ref_f16(v);
    if (math == GEMM_MATH_HF32 && dt == GEMM_F32) return rtz ? ref_round_sig_rtz(v, 11) : ref_round_sig(v, 11);
    return v;
}

static double act_ref(int act, double v)
{
    if (act == GEMM_ACT_RELU) return v > 0 ? v : 0;
    if (act == GEMM_ACT_GELU_TANH) return 0.5 * v * (1 + tanh(0.7978845608028654 * (v + 0.044715 * v * v * v)));
    if (act == GEMM_ACT_GELU_ERF) return 0.5 * v * (1 + erf(v / sqrt(2.0)));
    return v;
}

typedef struct gcase {
    int64_t M, N, K;
    int ta, tb;
    int32_t adt, bdt, cdt;
    int math, rtz;
    float alpha, beta; /* beta != 0: D = C (in place) */
    int bias;          /* 0 none, 1 per-N, 2 per-M */
    int act;
} gcase;

static int last_b_direct; /* plan.b_direct of the last run_case */

static double unit(int32_t dt) { return dt == GEMM_F32 ? 0x1p-24 : dt == GEMM_F16 ? 0x1p-11 : 0x1p-8; }

static void run_case(const gcase *g, uint32_t max_blocks)
{
    tmat A = tmake(g->adt, g->M, g->K, g->ta, 3, 1.0), B = tmake(g->bdt, g->K, g->N, g->tb, 5, 1.0);
    tmat C = tmake(g->cdt, g->M, g->N, 0, 7, 1.0);
    tmat bias = tmake(GEMM_F32, 1, g->bias == 2 ? g->M : g->N, 0, 0, 1.0);
    int64_t MN = g->M * g->N;
    double *gold = malloc(sizeof(double) * (MN + 1)), *gold_plain = malloc(sizeof(double) * (MN + 1));
    double *bound = malloc(sizeof(double) * (MN + 1)), *got = malloc(sizeof(double) * (MN + 1));
    for (int64_t i = 0; i < g->M; i++)
        for (int64_t j = 0; j < g->N; j++) {
            double s = 0, sp = 0, sa = 0;
            for (int64_t k = 0; k < g->K; k++) {
                double a = tat(&A, i, k), b = tat(&B, k, j);
                double ar = op_round(g->math, g->adt, g->rtz, a), br = op_round(g->math, g->bdt, g->rtz, b);
                s += ar * br;
                sp += a * b;
                sa += fabs(ar * br);
            }
            /* bias + beta*C, and the sum of their magnitudes (the terms may cancel) */
            double tb = g->bias ? tat(&bias, 0, g->bias == 2 ? i : j) : 0, tc = g->beta * tat(&C, i, j);
            double extra = tb + tc, extra_abs = fabs(tb) + fabs(tc);
            double v = act_ref(g->act, g->alpha * s + extra), vp = act_ref(g->act, g->alpha * sp + extra);
            gold[i * g->N + j] = v;
            gold_plain[i * g->N + j] = vp;
            /* FP32 rounding error, proportional to the magnitudes of all the terms */
            bound[i * g->N + j] = (g->K + 4) * 0x1p-24 * (fabs(g->alpha) * sa + extra_abs) + 2 * unit(g->cdt) * fabs(v) +
                                  (g->act > 1 ? 0x1p-20 * (fabs(v) + fabs(g->alpha) * sa) : 0);
        }
    gemm_desc d;
    memset(&d, 0, sizeof d);
    d.M = g->M; d.N = g->N; d.K = g->K;
    d.a = tview(&A); d.b = tview(&B); d.c = tview(&C);
    if (g->beta != 0) d.d = d.c;
    if (g->bias) {
        d.bias = tview(&bias);
        d.bias.rs = g->bias == 2 ? 1 : 0;
        d.bias.cs = g->bias == 2 ? 0 : 1;
    }
    d.alpha = g->alpha; d.beta = g->beta; d.math = g->math; d.hf32_round = g->rtz; d.act = g->act;
    size_t cbytes = (size_t)C.n * gemm_dtype_size(C.dt);
    char *c_before = malloc(cbytes);
    memcpy(c_before, C.buf, cbytes);
    gemm_plan p;
    assert_int_equal(gemm_plan_init(&p, &d, max_blocks, 2), GEMM_OK);
    last_b_direct = p.b_direct;
    /* blocks in reverse order: they must be independent */
    for (int32_t b = p.nblocks - 1; b >= 0; b--) assert_int_equal(gemm_run_block(&p, (uint32_t)b, NULL), GEMM_OK);
    for (int64_t i = 0; i < g->M; i++)
        for (int64_t j = 0; j < g->N; j++) got[i * g->N + j] = tat(&C, i, j);
    /* Nothing outside the C view is written (edge micro-tiles, C accumulated in place). */
    size_t es = gemm_dtype_size(C.dt);
    for (int64_t off = 0; off < C.n; off++)
        if (off >= g->M * C.rs || off % C.rs >= g->N) assert_memory_equal((char *)C.buf + off * es, c_before + off * es, es);
    free(c_before);
    char what[160];
    snprintf(what, sizeof what, "M%lld N%lld K%lld ta%d tb%d dt%d/%d/%d math%d isa %s", (long long)g->M,
             (long long)g->N, (long long)g->K, g->ta, g->tb, g->adt, g->bdt, g->cdt, g->math, gemm_isa_name(p.isa));
    assert_true(ref_check_bound(got, gold, bound, MN, 1.0, what));
    ref_tol t = REF_TOL_F32;
    if (g->math == GEMM_MATH_HF32 && (g->adt == GEMM_F32 || g->bdt == GEMM_F32)) t = REF_TOL_HF32;
    if (g->math == GEMM_MATH_FP16 || g->cdt == GEMM_F16 || g->adt == GEMM_F16 || g->bdt == GEMM_F16) t = REF_TOL_F16;
    if (g->cdt == GEMM_BF16 || g->adt == GEMM_BF16 || g->bdt == GEMM_BF16) t = REF_TOL_BF16;
    /* The standard against the unrounded golden only where the operands were exact inputs. */
    assert_true(ref_check(got, g->math == GEMM_MATH_KEEP ? gold_plain : gold, MN, t, what));
    free(A.buf); free(B.buf); free(C.buf); free(bias.buf);
    free(gold); free(gold_plain); free(bound); free(got);
}

static const char *isas[] = {"scalar", "avx2", "avx512"};

static void test_shapes_each_isa(void **state)
{
    static const int64_t shapes[][3] = {{1, 1, 1},   {17, 33, 5},  {100, 70, 1}, {8, 48, 256}, {37, 131, 389},
                                        {3, 5, 20000}, {130, 97, 300}, {64, 200, 1000}, {1, 300, 17}, {300, 1, 17}};
    for (int isa = 0; isa < 3; isa++) {
        setenv("ACLEMU_ISA", isas[isa], 1);
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
            for (int t = 0; t < 4; t++) {
                gcase g = {shapes[s][0], shapes[s][1], shapes[s][2], t & 1, t >> 1, GEMM_F32, GEMM_F32, GEMM_F32,
                           GEMM_MATH_KEEP, 0, 1.0f, 0.0f, 0, 0};
                run_case(&g, 24);
            }
    }
    unsetenv("ACLEMU_ISA");
}

static void test_dtypes_and_modes(void **state)
{
    static const int32_t dts[] = {GEMM_F32, GEMM_F16, GEMM_BF16};
    for (int isa = 0; isa < 3; isa++) {
        setenv("ACLEMU_ISA", isas[isa], 1);
        for (int a = 0; a < 3; a++)
            for (int c = 0; c < 3; c++)
                for (int math = 0; math < 3; math++) {
                    if (math == GEMM_MATH_FP16 && dts[a] == GEMM_BF16) continue; /* not a valid combination */
                    gcase g = {45, 77, 301, a & 1, 1, dts[a], dts[a], dts[c], math, 0, 1.0f, 0.0f, 0, 0};
                    run_case(&g, 7);
                }
    }
    setenv("ACLEMU_ISA", "avx512", 1);
    gcase rtz = {33, 50, 222, 0, 0, GEMM_F32, GEMM_F32, GEMM_F32, GEMM_MATH_HF32, 1, 1.0f, 0.0f, 0, 0};
    run_case(&rtz, 4);
    unsetenv("ACLEMU_ISA");
}

static void test_epilogue_variants(void **state)
{
    for (int isa = 0; isa < 3; isa++) {
        setenv("ACLEMU_ISA", isas[isa], 1);
        for (int bias = 0; bias < 3; bias++)
            for (int act = 0; act < 4; act++)
                for (int cdt = 0; cdt < 3; cdt++) {
                    gcase g = {29, 61, 70, 0, 0, GEMM_F32, GEMM_F32, cdt, GEMM_MATH_KEEP, 0, 0.75f, -1.5f, bias, act};
                    run_case(&g, 3);
                    /* beta 0: FP32 C is accumulated in place (K in several chunks) and the epilogue
                     * runs in place; other dtypes use the tile accumulator */
                    gcase h = {21, 101, 900, 1, 0, GEMM_F32, GEMM_F32, cdt, GEMM_MATH_KEEP, 0, 0.75f, 0.0f, bias, act};
                    run_case(&h, 2);
                }
    }
    unsetenv("ACLEMU_ISA");
}

/* Both loop orders of a tile: the whole A panel packed once (N chunk outside, K chunk inside, a
 * one-chunk accumulator for non-FP32 C) and A packed per K chunk (K chunk outside, C or the tile
 * accumulator carried across chunks). One block, so the tile is as tall as M. */
static void test_loop_orders(void **state)
{
    static const int64_t shapes[][3] = {{40, 150, 1000}, {400, 70, 1000}, {9, 530, 2000}};
    for (int isa = 0; isa < 3; isa++) {
        setenv("ACLEMU_ISA", isas[isa], 1);
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
            for (int cdt = 0; cdt < 3; cdt++) {
                gcase g = {shapes[s][0], shapes[s][1], shapes[s][2], (int)s & 1, 0, GEMM_F32, GEMM_F32, cdt,
                           GEMM_MATH_KEEP, 0, cdt ? 1.0f : 0.5f, 0.0f, 2, cdt == 1 ? GEMM_ACT_RELU : 0};
                run_case(&g, 1);
            }
    }
    unsetenv("ACLEMU_ISA");
}

/* FP32 B read in place by the AVX-512 kernel (short tiles, rows not 4 KiB apart): N tails of every
 * width (masked loads must not touch the padding columns), K = 1 and long K, alpha/beta/bias
 * epilogues, several blocks; and the cases that must still pack B. */
static void test_b_in_place(void **state)
{
    setenv("ACLEMU_ISA", "avx512", 1);
    const int avx512 = gemm_host_isa() == GEMM_ISA_AVX512;
    static const int64_t direct[][3] = {{128, 768, 768}, {7, 1, 33}, {20, 17, 1}, {64, 47, 500}, {33, 49, 2000},
                                        {128, 100, 64}, {9, 530, 3}};
    for (size_t s = 0; s < sizeof direct / sizeof direct[0]; s++)
        for (int v = 0; v < 3; v++) {
            gcase g = {direct[s][0], direct[s][1], direct[s][2], v == 1, 0, GEMM_F32, GEMM_F32, GEMM_F32,
                       GEMM_MATH_KEEP, 0, v == 2 ? 0.5f : 1.0f, v == 2 ? -1.0f : 0.0f, v, 0};
            run_case(&g, v == 0 ? 24 : 3);
            /* the in-place kernel is AVX-512 only: on an AVX2 host the case still runs (packed) */
            if (avx512) assert_true(last_b_direct);
        }
    /* packed: B transposed, a conversion (HF32, FP16 operands), a tall tile, rows 4 KiB apart */
    gcase packed[] = {
        {32, 64, 100, 0, 1, GEMM_F32, GEMM_F32, GEMM_F32, GEMM_MATH_KEEP, 0, 1.0f, 0.0f, 0, 0},
        {32, 64, 100, 0, 0, GEMM_F32, GEMM_F32, GEMM_F32, GEMM_MATH_HF32, 0, 1.0f, 0.0f, 0, 0},
        {32, 64, 100, 0, 0, GEMM_F16, GEMM_F16, GEMM_F32, GEMM_MATH_KEEP, 0, 1.0f, 0.0f, 0, 0},
        {600, 64, 100, 0, 0, GEMM_F32, GEMM_F32, GEMM_F32, GEMM_MATH_KEEP, 0, 1.0f, 0.0f, 0, 0},
        {32, 1019, 50, 0, 0, GEMM_F32, GEMM_F32, GEMM_F32, GEMM_MATH_KEEP, 0, 1.0f, 0.0f, 0, 0},
    };
    for (size_t s = 0; s < sizeof packed / sizeof packed[0]; s++) {
        run_case(&packed[s], 1);
        assert_false(last_b_direct);
    }
    unsetenv("ACLEMU_ISA");
}

/* HF32 ties: 1 + 2^-11 is halfway between 1 and 1 + 2^-10 (RNE -> 1); 1 + 3*2^-11 -> 1 + 2^-9. */
static void test_hf32_rounding_exact(void **state)
{
    float a[4] = {1.0f + 0x1p-11f, 1.0f + 3 * 0x1p-11f, 1.0f + 0x1p-12f + 0x1p-11f, -(1.0f + 0x1p-11f + 0x1p-20f)};
    float b = 1.0f, c[4];
    static const float want_rne[4] = {1.0f, 1.0f + 0x1p-9f, 1.0f + 0x1p-10f, -(1.0f + 0x1p-10f)};
    static const float want_rtz[4] = {1.0f, 1.0f + 0x1p-10f, 1.0f, -1.0f};
    for (int rtz = 0; rtz < 2; rtz++)
        for (int isa = 0; isa < 3; isa++) {
            setenv("ACLEMU_ISA", isas[isa], 1);
            gemm_desc d;
            memset(&d, 0, sizeof d);
            d.M = 4; d.N = 1; d.K = 1;
            d.a.ptr = a; d.a.rs = 1; d.a.cs = 1;
            d.b.ptr = &b; d.b.rs = 1; d.b.cs = 1;
            d.c.ptr = c; d.c.rs = 1; d.c.cs = 1;
            d.alpha = 1; d.math = GEMM_MATH_HF32; d.hf32_round = rtz;
            gemm_plan p;
            assert_int_equal(gemm_plan_init(&p, &d, 1, 1), GEMM_OK);
            assert_int_equal(gemm_run_all(&p), GEMM_OK);
            for (int i = 0; i < 4; i++) assert_true(c[i] == (rtz ? want_rtz[i] : want_rne[i]));
        }
    unsetenv("ACLEMU_ISA");
}

/* Batch dims (2, 3): A broadcast along dim 0, B along dim 1, C dense. */
static void test_batch_broadcast(void **state)
{
    int64_t M = 19, N = 23, K = 31;
    tmat A = tmake(GEMM_F32, 3 * M, K, 0, 0, 1.0), B = tmake(GEMM_F32, 2 * K, N, 0, 0, 1.0);
    float *C = calloc(6 * M * N, 4);
    for (int isa = 0; isa < 3; isa++) {
        setenv("ACLEMU_ISA", isas[isa], 1);
        gemm_desc d;
        memset(&d, 0, sizeof d);
        d.M = M; d.N = N; d.K = K; d.nbatch_dims = 2; d.batch_shape[0] = 2; d.batch_shape[1] = 3;
        d.a = tview(&A); d.a.bstride[0] = 0; d.a.bstride[1] = M * K;
        d.b = tview(&B); d.b.bstride[0] = K * N; d.b.bstride[1] = 0;
        d.c.ptr = C; d.c.rs = N; d.c.cs = 1; d.c.bstride[0] = 3 * M * N; d.c.bstride[1] = M * N;
        d.alpha = 1;
        gemm_plan p;
        assert_int_equal(gemm_plan_init(&p, &d, 5, 2), GEMM_OK);
        assert_int_equal(gemm_run_all(&p), GEMM_OK);
        for (int b0 = 0; b0 < 2; b0++)
            for (int b1 = 0; b1 < 3; b1++)
                for (int64_t i = 0; i < M; i++)
                    for (int64_t j = 0; j < N; j++) {
                        double s = 0, sa = 0;
                        for (int64_t k = 0; k < K; k++) {
                            double t = tat(&A, b1 * M + i, k) * tat(&B, b0 * K + k, j);
                            s += t;
                            sa += fabs(t);
                        }
                        double got = C[((b0 * 3 + b1) * M + i) * N + j];
                        assert_true(fabs(got - s) <= (K + 2) * 0x1p-24 * sa);
                    }
    }
    unsetenv("ACLEMU_ISA");
    free(A.buf); free(B.buf); free(C);
}

/* K == 0: C = bias + beta*C. Empty M: nothing to do (0 blocks). */
static void test_degenerate(void **state)
{
    float c[6] = {1, 2, 3, 4, 5, 6}, bias[3] = {10, 20, 30};
    gemm_desc d;
    memset(&d, 0, sizeof d);
    d.M = 2; d.N = 3; d.K = 0;
    d.c.ptr = c; d.c.rs = 3; d.c.cs = 1; d.d = d.c; d.beta = 2; d.alpha = 1;
    d.bias.ptr = bias; d.bias.cs = 1;
    gemm_plan p;
    assert_int_equal(gemm_plan_init(&p, &d, 4, 2), GEMM_OK);
    assert_int_equal(gemm_run_all(&p), GEMM_OK);
    for (int i = 0; i < 6; i++) assert_true(c[i] == 2.0f * (float)(i + 1) + bias[i % 3]);
    d.M = 0;
    assert_int_equal(gemm_plan_init(&p, &d, 4, 2), GEMM_OK);
    assert_int_equal(p.nblocks, 0);
}

static void test_block_split_covers_c_once(void **state)
{
    gemm_desc d;
    memset(&d, 0, sizeof d);
    float dummy = 0;
    d.a.ptr = d.b.ptr = d.c.ptr = &dummy;
    d.alpha = 1;
    static const int64_t shapes[][4] = {{1024, 1024, 1024, 1}, {128, 768, 3072, 1}, {512, 512, 64, 16}, {5, 7000, 3, 3}};
    for (size_t s = 0; s < 4; s++)
        for (uint32_t mb = 1; mb <= 32; mb += 5) {
            d.M = shapes[s][0]; d.N = shapes[s][1]; d.K = shapes[s][2];
            d.nbatch_dims = 1; d.batch_shape[0] = shapes[s][3];
            gemm_plan p;
            assert_int_equal(gemm_plan_init(&p, &d, mb, 2), GEMM_OK);
            assert_true(p.nblocks >= 1 && (uint32_t)p.nblocks <= mb);
            int64_t next = 0, area = 0;
            for (int32_t b = 0; b < p.nblocks; b++) {
                int64_t t0, t1;
                gemm_block_tiles(&p, (uint32_t)b, &t0, &t1);
                assert_int_equal(t0, next);
                next = t1;
                for (int64_t t = t0; t < t1; t++) {
                    int64_t bt, m0, m1, n0, n1;
                    gemm_tile_region(&p, t, &bt, &m0, &m1, &n0, &n1);
                    assert_true(m0 < m1 && n0 < n1 && m1 <= d.M && n1 <= d.N);
                    area += (m1 - m0) * (n1 - n0);
                }
            }
            assert_int_equal(next, p.ntiles);
            assert_int_equal(area, d.M * d.N * shapes[s][3]);
            assert_true(p.scratch_bytes < (size_t)64 << 20);
        }
}

static void test_invalid_input(void **state)
{
    float x = 0;
    gemm_desc d;
    memset(&d, 0, sizeof d);
    d.M = d.N = d.K = 4;
    d.a.ptr = d.b.ptr = d.c.ptr = &x;
    gemm_plan p;
    gemm_desc bad = d;
    bad.M = -1;
    assert_int_equal(gemm_plan_init(&p, &bad, 4, 2), GEMM_EINVAL);
    bad = d;
    bad.a.dtype = 9;
    assert_int_equal(gemm_plan_init(&p, &bad, 4, 2), GEMM_EINVAL);
    bad = d;
    bad.c.ptr = NULL;
    assert_int_equal(gemm_plan_init(&p, &bad, 4, 2), GEMM_EINVAL);
    bad = d;
    bad.math = 7;
    assert_int_equal(gemm_plan_init(&p, &bad, 4, 2), GEMM_EINVAL);
    bad = d;
    bad.nbatch_dims = 7;
    assert_int_equal(gemm_plan_init(&p, &bad, 4, 2), GEMM_EINVAL);
    assert_int_equal(gemm_plan_init(&p, &d, 4, 2), GEMM_OK);
    assert_int_equal(gemm_run_block(&p, (uint32_t)p.nblocks, NULL), GEMM_EINVAL);
}

/* A packed once ahead (gemm_prepack_a, a model's constant weights): C bit-identical to the plan that
 * packs A per tile, across ISAs, loop orders (one / several K chunks, the whole-A order), M tails,
 * FP16 / BF16 A, HF32 and FP16 math, 16-bit C, several blocks; and no prepack where it cannot apply
 * (A differing per batch) or does not pay (wide tiles). */
static void test_prepacked_a(void **state)
{
    static const int64_t shapes[][3] = {{64, 49, 4608}, {61, 196, 300}, {512, 49, 2048}, {9, 40, 1}, {200, 7, 777}};
    static const int32_t adts[] = {GEMM_F32, GEMM_F16, GEMM_BF16};
    for (int isa = 0; isa < 3; isa++) {
        setenv("ACLEMU_ISA", isas[isa], 1);
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
            for (int v = 0; v < 4; v++) {
                int64_t M = shapes[s][0], N = shapes[s][1], K = shapes[s][2];
                int32_t adt = adts[v % 3], cdt = v == 3 ? GEMM_F16 : GEMM_F32;
                tmat A = tmake(adt, M, K, v == 2, v, 1.0), B = tmake(GEMM_F32, K, N, 0, 2, 1.0);
                tmat C1 = tmake(cdt, M, N, 0, 0, 0.0), C2 = tmake(cdt, M, N, 0, 0, 0.0);
                tmat bias = tmake(GEMM_F32, 1, M, 0, 0, 1.0);
                memset(C1.buf, 0, (size_t)C1.n * 4);
                memset(C2.buf, 0, (size_t)C2.n * 4);
                gemm_desc d;
                memset(&d, 0, sizeof d);
                d.M = M; d.N = N; d.K = K;
                d.a = tview(&A); d.b = tview(&B); d.c = tview(&C1);
                d.bias = tview(&bias); d.bias.rs = 1; d.bias.cs = 0;
                d.alpha = 1.0f; d.act = v == 1 ? GEMM_ACT_RELU : 0;
                d.math = v == 1 ? GEMM_MATH_HF32 : v == 3 ? GEMM_MATH_FP16 : GEMM_MATH_KEEP;
                gemm_plan p;
                assert_int_equal(gemm_plan_init(&p, &d, 1 + (uint32_t)s % 3 * 4, 2), GEMM_OK);
                for (int32_t b = 0; b < p.nblocks; b++) assert_int_equal(gemm_run_block(&p, (uint32_t)b, NULL), GEMM_OK);
                int64_t n = gemm_prepack_a_floats(&p);
                assert_true(n >= M * K); /* narrow tiles: every shape here takes it */
                float *pre = aligned_alloc(64, ((size_t)n * 4 + 63) / 64 * 64);
                gemm_prepack_a(&p, pre);
                p.d.c.ptr = C2.buf;
                p.a_packed = pre;
                for (int32_t b = p.nblocks - 1; b >= 0; b--) assert_int_equal(gemm_run_block(&p, (uint32_t)b, NULL), GEMM_OK);
                assert_memory_equal(C1.buf, C2.buf, (size_t)C1.n * gemm_dtype_size(cdt));
                free(pre); free(A.buf); free(B.buf); free(C1.buf); free(C2.buf); free(bias.buf);
            }
    }
    unsetenv("ACLEMU_ISA");
    /* wide tiles (a 56 x 56 image at batch 1 over two blocks) and an A per batch: none */
    float x = 0;
    gemm_desc d;
    memset(&d, 0, sizeof d);
    d.M = 64; d.N = 3136; d.K = 64;
    d.a.ptr = d.b.ptr = d.c.ptr = &x;
    d.a.rs = 64; d.a.cs = 1; d.b.rs = 3136; d.b.cs = 1; d.c.rs = 3136; d.c.cs = 1;
    d.alpha = 1.0f;
    gemm_plan p;
    assert_int_equal(gemm_plan_init(&p, &d, 2, 2), GEMM_OK);
    assert_int_equal(gemm_prepack_a_floats(&p), 0);
    d.N = 49; d.b.rs = d.c.rs = 49;
    d.nbatch_dims = 1; d.batch_shape[0] = 4; d.a.bstride[0] = 64 * 64;
    assert_int_equal(gemm_plan_init(&p, &d, 2, 2), GEMM_OK);
    assert_int_equal(gemm_prepack_a_floats(&p), 0);
    d.a.bstride[0] = 0; /* broadcast A: one copy serves every batch */
    assert_int_equal(gemm_plan_init(&p, &d, 2, 2), GEMM_OK);
    assert_int_equal(gemm_prepack_a_floats(&p), 64 * 64);
}

/* Narrow N tails (1..4 columns past the last full 48-wide micro-panel: ukernel_cols on AVX-512): C
 * bit-identical to the same columns computed inside a wider GEMM (where they are lanes of the
 * 16 / 32-wide kernels), for packed and in-place B, one and several K chunks, FP32 C in place and
 * FP16 C through the accumulator, bias + ReLU epilogue, more than 64 rows (several passes). */
static void test_narrow_n_tail(void **state)
{
    static const int64_t shapes[][3] = {{64, 49, 4608}, {130, 49, 300}, {61, 196, 1000}, {9, 50, 7}, {200, 52, 777},
                                        {33, 1, 500}};
    for (int isa = 0; isa < 3; isa++) {
        setenv("ACLEMU_ISA", isas[isa], 1);
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
            for (int v = 0; v < 3; v++) {
                int64_t M = shapes[s][0], N = shapes[s][1], K = shapes[s][2], NW = N + 16;
                int32_t cdt = v == 2 ? GEMM_F16 : GEMM_F32;
                /* B (K x NW) transposed storage when v == 1: packed, not read in place */
                tmat A = tmake(GEMM_F32, M, K, 0, 1, 1.0), B = tmake(GEMM_F32, K, NW, v == 1, 3, 1.0);
                tmat C1 = tmake(cdt, M, N, 0, 0, 0.0), C2 = tmake(cdt, M, NW, 0, 0, 0.0);
                tmat bias = tmake(GEMM_F32, 1, NW, 0, 0, 1.0);
                gemm_desc d;
                memset(&d, 0, sizeof d);
                d.M = M; d.N = N; d.K = K;
                d.a = tview(&A); d.b = tview(&B); d.c = tview(&C1);
                d.bias = tview(&bias); d.bias.rs = 0; d.bias.cs = 1;
                d.alpha = 1.0f; d.act = GEMM_ACT_RELU;
                gemm_plan p;
                assert_int_equal(gemm_plan_init(&p, &d, 1 + (uint32_t)s % 2 * 3, 2), GEMM_OK);
                for (int32_t b = 0; b < p.nblocks; b++) assert_int_equal(gemm_run_block(&p, (uint32_t)b, NULL), GEMM_OK);
                d.N = NW; d.c = tview(&C2);
                assert_int_equal(gemm_plan_init(&p, &d, 1, 2), GEMM_OK);
                for (int32_t b = 0; b < p.nblocks; b++) assert_int_equal(gemm_run_block(&p, (uint32_t)b, NULL), GEMM_OK);
                size_t es = gemm_dtype_size(cdt);
                for (int64_t i = 0; i < M; i++)
                    assert_memory_equal((char *)C1.buf + i * C1.rs * es, (char *)C2.buf + i * C2.rs * es, (size_t)N * es);
                free(A.buf); free(B.buf); free(C1.buf); free(C2.buf); free(bias.buf);
            }
    }
    unsetenv("ACLEMU_ISA");
}

/* The epilogue in the microkernels' store (FP32 C written in place, FP32 bias per row or per
 * column, ReLU or none): each result must be bit for bit the plain GEMM's sum (same kernels, no
 * epilogue) + bias, then ReLU, rounded in FP32 here. Packed and in-place B, one and several K
 * chunks, row and column tails, batches, several blocks. */
/* The store epilogue (bias, residual D, ReLU in the microkernels' store) against the plain GEMM
 * plus the same FP32 operations done here, bit for bit. Residual res: 0 none, 1 a D buffer with
 * C's layout (added where C is written in place), 2 D aliasing C (in-place beta * C: the sums
 * must go through an accumulator), 3 D with another row stride (accumulator and epilogue pass). */
static void test_store_epilogue(void **state)
{
    static const int64_t shapes[][3] = {{29, 61, 70}, {128, 256, 256}, {21, 101, 900}, {64, 49, 4608}, {9, 530, 2000}};
    for (int isa = 0; isa < 3; isa++) {
        setenv("ACLEMU_ISA", isas[isa], 1);
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
            for (int btr = 0; btr < 2; btr++)      /* B transposed: packed; else read in place */
                for (int bk = 0; bk < 3; bk++)      /* bias: none, per row, per column */
                    for (int relu = 0; relu < 2; relu++)
                        for (int res = 0; res < 4; res++) {
                        if (!bk && !relu && !res) continue;
                        int64_t M = shapes[s][0], N = shapes[s][1], K = shapes[s][2], nb = s == 1 ? 2 : 1;
                        tmat A = tmake(GEMM_F32, nb * M, K, 0, 0, 1.0), B = tmake(GEMM_F32, K, N, btr, 3, 1.0);
                        tmat C0 = tmake(GEMM_F32, nb * M, N, 0, 0, 0.0), C1 = tmake(GEMM_F32, nb * M, N, 0, 0, 4.0);
                        tmat bias = tmake(GEMM_F32, 1, bk == 1 ? M : N, 0, 0, 1.0);
                        tmat D = tmake(GEMM_F32, nb * M, N, 0, res == 3 ? 5 : 0, 4.0);
                        const tmat *dm = res == 2 ? &C1 : &D; /* where D's values are */
                        float *dval = malloc(sizeof(float) * (size_t)(nb * M * N));
                        for (int64_t i = 0; i < nb * M; i++)
                            for (int64_t j = 0; j < N; j++) dval[i * N + j] = ((float *)dm->buf)[i * dm->rs + j];
                        gemm_desc d;
                        memset(&d, 0, sizeof d);
                        d.M = M; d.N = N; d.K = K; d.alpha = 1.0f;
                        d.a = tview(&A); d.b = tview(&B); d.c = tview(&C0);
                        if (nb > 1) {
                            d.nbatch_dims = 1; d.batch_shape[0] = nb;
                            d.a.bstride[0] = M * A.rs; d.c.bstride[0] = M * C0.rs; /* B broadcast */
                        }
                        gemm_plan p;
                        assert_int_equal(gemm_plan_init(&p, &d, 4, 2), GEMM_OK);
                        assert_int_equal(gemm_run_all(&p), GEMM_OK);
                        d.c = tview(&C1);
                        if (nb > 1) d.c.bstride[0] = M * C1.rs;
                        d.bias = tview(&bias);
                        d.bias.rs = bk == 1 ? 1 : 0; d.bias.cs = bk == 1 ? 0 : 1;
                        if (!bk) d.bias.ptr = NULL;
                        if (res) {
                            d.d = tview(dm);
                            if (nb > 1) d.d.bstride[0] = M * dm->rs;
                            d.beta = 1.0f;
                        }
                        d.act = relu ? GEMM_ACT_RELU : GEMM_ACT_NONE;
                        assert_int_equal(gemm_plan_init(&p, &d, 4, 2), GEMM_OK);
                        assert_int_equal(gemm_run_all(&p), GEMM_OK);
                        const float *bp = bias.buf;
                        for (int64_t i = 0; i < nb * M; i++)
                            for (int64_t j = 0; j < N; j++) {
                                float v = ((float *)C0.buf)[i * C0.rs + j];
                                if (bk) v += bk == 1 ? bp[i % M] : bp[j];
                                if (res) v += dval[i * N + j];
                                if (relu && v < 0.0f) v = 0.0f;
                                float got = ((float *)C1.buf)[i * C1.rs + j];
                                if (memcmp(&v, &got, 4) != 0) {
                                    fprintf(stderr, "isa %s %lldx%lldx%lld btr %d bias %d relu %d res %d: (%lld, %lld) got %.9g want %.9g\n",
                                            isas[isa], (long long)M, (long long)N, (long long)K, btr, bk, relu, res,
                                            (long long)i, (long long)j, got, v);
                                    fail();
                                }
                            }
                        if (res == 1 || res == 3) /* D is read, never written */
                            for (int64_t i = 0; i < nb * M; i++)
                                for (int64_t j = 0; j < N; j++)
                                    assert_true(memcmp(&dval[i * N + j], (float *)D.buf + i * D.rs + j, 4) == 0);
                        free(A.buf); free(B.buf); free(C0.buf); free(C1.buf); free(bias.buf); free(D.buf); free(dval);
                    }
    }
    unsetenv("ACLEMU_ISA");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shapes_each_isa),     cmocka_unit_test(test_dtypes_and_modes),
        cmocka_unit_test(test_epilogue_variants),   cmocka_unit_test(test_loop_orders),
        cmocka_unit_test(test_hf32_rounding_exact), cmocka_unit_test(test_b_in_place),
        cmocka_unit_test(test_batch_broadcast),     cmocka_unit_test(test_degenerate),
        cmocka_unit_test(test_block_split_covers_c_once), cmocka_unit_test(test_invalid_input),
        cmocka_unit_test(test_prepacked_a),         cmocka_unit_test(test_narrow_n_tail),
        cmocka_unit_test(test_store_epilogue),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
