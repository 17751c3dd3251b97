/* Elementwise kernels: every op x FP32/FP16/BF16 x every ISA against a
 * double-precision reference written here, with odd sizes, strided and
 * broadcast views, in-place use, block splitting and special values. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "eltwise.h"
#include "vt_util.h"

/* ---- references (double) ---- */
static const double K = 0.79788456080286535588; /* sqrt(2/pi) */
static double r_relu(double x, const vec_params *p) { return x > 0 || isnan(x) ? x : 0.0; }
static double r_gelu_tanh(double x, const vec_params *p)
{
    if (x == -INFINITY) return 0;
    return 0.5 * x * (1 + tanh(K * (x + 0.044715 * x * x * x)));
}
static double r_gelu_erf(double x, const vec_params *p)
{
    if (x == -INFINITY) return 0;
    return 0.5 * x * erfc(-x / sqrt(2.0));
}
static double r_fast_gelu(double x, const vec_params *p)
{
    /* the Ascend doc form: x / (1 + e^{-1.702|x|}) * e^{0.851 (x - |x|)} */
    if (isinf(x)) return x > 0 ? x : 0;
    return x / (1 + exp(-1.702 * fabs(x))) * exp(0.851 * (x - fabs(x)));
}
static double sigm(double x) { return x >= 0 ? 1 / (1 + exp(-x)) : exp(x) / (1 + exp(x)); }
static double r_silu(double x, const vec_params *p) { return x == -INFINITY ? 0 : x * sigm(x); }
static double r_swish(double x, const vec_params *p)
{
    double v = x * sigm(p->scale * x);
    return isnan(v) && !isnan(x) ? 0 : v;
}
static double r_sigmoid(double x, const vec_params *p) { return sigm(x); }
static double r_leaky(double x, const vec_params *p) { return x > 0 ? x : p->alpha * x; }
static double r_elu(double x, const vec_params *p)
{
    return x > 0 ? p->scale * x : p->scale * p->alpha * expm1(p->input_scale * x);
}
static double r_hardswish(double x, const vec_params *p)
{
    double t = x + 3;
    t = t < 0 ? 0 : t > 6 ? 6 : t;
    return x * t / 6;
}
static double r_hardsigmoid(double x, const vec_params *p)
{
    double t = x / 6 + 0.5;
    return t < 0 ? 0 : t > 1 ? 1 : t;
}
static double r_mish(double x, const vec_params *p)
{
    if (x == -INFINITY) return 0;
    return x * tanh(x > 30 ? x : log1p(exp(x)));
}
static double r_softplus(double x, const vec_params *p)
{
    double z = p->beta * x;
    return z > p->threshold ? x : (z > 0 ? z + log1p(exp(-z)) : log1p(exp(z))) / p->beta;
}
static double r_tanh(double x, const vec_params *p) { return tanh(x); }
static double r_exp(double x, const vec_params *p) { return exp(x); }
static double r_expm1(double x, const vec_params *p) { return expm1(x); }
static double r_log(double x, const vec_params *p) { return log(x); }
static double r_log1p(double x, const vec_params *p) { return log1p(x); }
static double r_erf(double x, const vec_params *p) { return erf(x); }
static double r_erfc(double x, const vec_params *p) { return erfc(x); }
static double r_adds(double x, const vec_params *p) { return x + (double)p->scalar; }
static double r_muls(double x, const vec_params *p) { return x * (double)p->scalar; }
static double r_copy(double x, const vec_params *p) { return x; }

typedef struct {
    vec_unary_op op;
    const char *name;
    double (*ref)(double, const vec_params *);
    double lo, hi;
} ucase;

static const ucase ucases[] = {
    {VEC_RELU, "relu", r_relu, -5, 5},
    {VEC_GELU_TANH, "gelu_tanh", r_gelu_tanh, -8, 8},
    {VEC_GELU_ERF, "gelu_erf", r_gelu_erf, -8, 8},
    {VEC_FAST_GELU, "fast_gelu", r_fast_gelu, -8, 8},
    {VEC_SILU, "silu", r_silu, -20, 20},
    {VEC_SWISH, "swish", r_swish, -20, 20},
    {VEC_SIGMOID, "sigmoid", r_sigmoid, -20, 20},
    {VEC_LEAKY_RELU, "leaky_relu", r_leaky, -5, 5},
    {VEC_ELU, "elu", r_elu, -5, 5},
    {VEC_HARDSWISH, "hardswish", r_hardswish, -5, 5},
    {VEC_HARDSIGMOID, "hardsigmoid", r_hardsigmoid, -5, 5},
    {VEC_MISH, "mish", r_mish, -20, 20},
    {VEC_SOFTPLUS, "softplus", r_softplus, -20, 20},
    {VEC_TANH, "tanh", r_tanh, -6, 6},
    {VEC_EXP, "exp", r_exp, -20, 12},
    {VEC_EXPM1, "expm1", r_expm1, -5, 5},
    {VEC_LOG, "log", r_log, 1e-3, 1e3},
    {VEC_LOG1P, "log1p", r_log1p, -0.99, 100},
    {VEC_ERF, "erf", r_erf, -4, 4},
    {VEC_ERFC, "erfc", r_erfc, -4, 9},
    {VEC_ADDS, "adds", r_adds, -5, 5},
    {VEC_MULS, "muls", r_muls, -5, 5},
    {VEC_COPY, "copy", r_copy, -5, 5},
};

static vec_params test_params(void)
{
    vec_params p = vec_params_default();
    p.alpha = 0.3f;
    p.scale = 1.7f;
    p.input_scale = 0.8f;
    p.beta = 2.0f;
    p.threshold = 15.0f;
    p.scalar = -1.25f;
    return p;
}

/* Runs y = op(x) for a 2-D (rows, cols) tensor; x optionally transposed
 * (read through strides), split into 3 blocks. Checks every element. */
static void run_unary_case(const ucase *uc, int xdt, int ydt, int64_t rows, int64_t cols,
                           int transposed, uint64_t seed)
{
    vec_params p = test_params();
    int64_t n = rows * cols;
    vt_buf x = vt_alloc(xdt, n), y = vt_alloc(ydt, n);
    vt_rng r = {seed};
    for (int64_t i = 0; i < n; i++) {
        double v = (i & 1) ? vt_uniform(&r, uc->lo, uc->hi)
                           : fmin(fmax(vt_normal(&r) * 2 + (uc->lo + uc->hi) / 2, uc->lo), uc->hi);
        vt_set(&x, i, v);
    }
    int64_t shape[2] = {rows, cols};
    int64_t tstr[2] = {1, rows}; /* x stored as (cols, rows) */
    vec_view xv, yv;
    vec_view_init(&xv, x.p, xdt, 2, shape, transposed ? tstr : NULL);
    vec_view_init(&yv, y.p, ydt, 2, shape, NULL);
    for (int b = 0; b < 3; b++) {
        int64_t bb, be;
        vec_block_range(n, b, 3, 16, &bb, &be);
        assert_int_equal(vec_unary(uc->op, &p, &xv, &yv, bb, be), 0);
    }
    double *got = malloc(n * 8), *gold = malloc(n * 8);
    for (int64_t i = 0; i < n; i++) {
        int64_t rr = i / cols, cc = i % cols;
        int64_t xi = transposed ? cc * rows + rr : i;
        got[i] = vt_get(&y, i);
        gold[i] = uc->ref(vt_get(&x, xi), &p);
    }
    char what[96];
    snprintf(what, sizeof what, "%s %lldx%lld%s", uc->name, (long long)rows, (long long)cols,
             transposed ? " T" : "");
    if (!vt_check(what, ydt, got, gold, n, 1.0))
        fail();
    free(got);
    free(gold);
    vt_free(&x);
    vt_free(&y);
}

static void unary_all(void **state)
{
    static const int64_t shapes[][2] = {{1, 1}, {1, 7}, {3, 16}, {5, 33}, {37, 41}};
    for (int k = 0; k < VT_NISA; k++) {
        vec_isa_force(vt_isas[k]);
        for (size_t c = 0; c < sizeof(ucases) / sizeof(ucases[0]); c++)
            for (int d = 0; d < VT_NDT; d++)
                for (size_t s = 0; s < 5; s++)
                    for (int t = 0; t < 2; t++)
                        run_unary_case(&ucases[c], vt_dtypes[d], vt_dtypes[d], shapes[s][0],
                                       shapes[s][1], t, 1 + c * 131 + s);
    }
    vec_isa_force(VEC_ISA_AVX512);
}

/* mixed dtypes: FP16 in, FP32 out and BF16 in, FP16 out */
static void unary_mixed_dtypes(void **state)
{
    for (size_t c = 0; c < sizeof(ucases) / sizeof(ucases[0]); c++) {
        run_unary_case(&ucases[c], VEC_DT_FLOAT16, VEC_DT_FLOAT, 7, 19, 0, 77 + c);
        run_unary_case(&ucases[c], VEC_DT_BF16, VEC_DT_FLOAT16, 7, 19, 1, 99 + c);
    }
}

static void unary_inplace(void **state)
{
    for (int d = 0; d < VT_NDT; d++) {
        int dt = vt_dtypes[d];
        int64_t n = 1234;
        vt_buf x = vt_alloc(dt, n);
        double *in = malloc(n * 8), *got = malloc(n * 8), *gold = malloc(n * 8);
        vt_rng r = {5};
        for (int64_t i = 0; i < n; i++) {
            vt_set(&x, i, vt_uniform(&r, -6, 6));
            in[i] = vt_get(&x, i);
        }
        vec_view v;
        int64_t shape[1] = {n};
        vec_view_init(&v, x.p, dt, 1, shape, NULL);
        assert_int_equal(vec_unary(VEC_SIGMOID, NULL, &v, &v, 0, n), 0);
        for (int64_t i = 0; i < n; i++) {
            got[i] = vt_get(&x, i);
            gold[i] = sigm(in[i]);
        }
        assert_true(vt_check("sigmoid inplace", dt, got, gold, n, 1.0));
        free(in); free(got); free(gold);
        vt_free(&x);
    }
}

static void unary_special_values(void **state)
{
    float in[] = {NAN, INFINITY, -INFINITY, -0.0f, 0.0f, 1e-40f, -1e-40f, 100.0f, -100.0f};
    const int n = sizeof(in) / 4;
    float out[sizeof(in) / 4];
    vec_params p = test_params();
    for (int k = 0; k < VT_NISA; k++) {
        vec_isa_force(vt_isas[k]);
        for (size_t c = 0; c < sizeof(ucases) / sizeof(ucases[0]); c++) {
            vec_unary_f32(ucases[c].op, &p, in, out, n);
            for (int i = 0; i < n; i++) {
                double g = (float)ucases[c].ref(in[i], &p); /* FP32-rounded */
                int ok = isnan(g) ? isnan(out[i])
                                  : (isinf(g) ? out[i] == g
                                              : fabs(out[i] - g) <= 1e-6 + 1e-5 * fabs(g));
                if (!ok)
                    fail_msg("%s(%g) [%s] = %g, want %g", ucases[c].name, (double)in[i],
                             vec_isa_name(vt_isas[k]), (double)out[i], g);
            }
        }
        /* relu of -0 is +0 (torch clamps to 0) and of NaN is NaN */
        vec_unary_f32(VEC_RELU, NULL, in, out, n);
        assert_true(isnan(out[0]) && out[3] == 0.0f);
    }
    vec_isa_force(VEC_ISA_AVX512);
}

/* ---- binary ---- */
static double r_add(double a, double b, const vec_params *p) { return a + (double)p->alpha * b; }
static double r_sub(double a, double b, const vec_params *p) { return a - (double)p->alpha * b; }
static double r_mul(double a, double b, const vec_params *p) { return a * b; }
static double r_div(double a, double b, const vec_params *p) { return a / b; }
static double r_add_relu(double a, double b, const vec_params *p)
{
    double v = a + (double)p->alpha * b;
    return v > 0 ? v : 0;
}
static double r_prelu(double a, double b, const vec_params *p) { return a > 0 ? a : a * b; }
static double r_glu(double a, double b, const vec_params *p) { return a * sigm(b); }
static double r_swiglu(double a, double b, const vec_params *p) { return a * sigm(a) * b; }
static double r_gtm(double a, double b, const vec_params *p) { return r_gelu_tanh(a, p) * b; }
static double r_gem(double a, double b, const vec_params *p) { return r_gelu_erf(a, p) * b; }
static double r_gelu_tanh_bwd(double dy, double x, const vec_params *p)
{
    double u = K * (x + 0.044715 * x * x * x), t = tanh(u);
    return dy * (0.5 * (1 + t) + 0.5 * x * (1 - t * t) * K * (1 + 3 * 0.044715 * x * x));
}
static double r_gelu_erf_bwd(double dy, double x, const vec_params *p)
{
    return dy * (0.5 * erfc(-x / sqrt(2.0)) + x * exp(-0.5 * x * x) / sqrt(2 * M_PI));
}
static double r_silu_bwd(double dy, double x, const vec_params *p)
{
    double s = sigm(x);
    return dy * s * (1 + x * (1 - s));
}
static double r_sigmoid_bwd(double dy, double y, const vec_params *p) { return dy * y * (1 - y); }
static double r_thr_bwd(double dy, double x, const vec_params *p)
{
    return x <= p->threshold ? 0 : dy;
}
static double r_max(double a, double b, const vec_params *p)
{
    return isnan(a) || isnan(b) ? NAN : a > b ? a : b;
}
static double r_sqd(double a, double b, const vec_params *p) { return (a - b) * (a - b); }

typedef struct {
    vec_binary_op op;
    const char *name;
    double (*ref)(double, double, const vec_params *);
    double alo, ahi, blo, bhi;
} bcase;

static const bcase bcases[] = {
    {VEC_ADD, "add", r_add, -5, 5, -5, 5},
    {VEC_SUB, "sub", r_sub, -5, 5, -5, 5},
    {VEC_MUL, "mul", r_mul, -5, 5, -5, 5},
    {VEC_DIV, "div", r_div, -5, 5, 0.5, 5},
    {VEC_ADD_RELU, "add_relu", r_add_relu, -5, 5, -5, 5},
    {VEC_PRELU, "prelu", r_prelu, -5, 5, 0, 1},
    {VEC_GLU, "glu", r_glu, -5, 5, -8, 8},
    {VEC_SWIGLU, "swiglu", r_swiglu, -8, 8, -5, 5},
    {VEC_GELU_TANH_MUL, "gelu_tanh_mul", r_gtm, -6, 6, -3, 3},
    {VEC_GELU_ERF_MUL, "gelu_erf_mul", r_gem, -6, 6, -3, 3},
    {VEC_GELU_TANH_BWD, "gelu_tanh_bwd", r_gelu_tanh_bwd, -3, 3, -6, 6},
    {VEC_GELU_ERF_BWD, "gelu_erf_bwd", r_gelu_erf_bwd, -3, 3, -6, 6},
    {VEC_SILU_BWD, "silu_bwd", r_silu_bwd, -3, 3, -12, 12},
    {VEC_SIGMOID_BWD, "sigmoid_bwd", r_sigmoid_bwd, -3, 3, 0, 1},
    {VEC_THRESHOLD_BWD, "threshold_bwd", r_thr_bwd, -3, 3, -2, 2},
    {VEC_MAXIMUM, "maximum", r_max, -5, 5, -5, 5},
    {VEC_SQ_DIFF, "sq_diff", r_sqd, -5, 5, -5, 5},
};

/* y (rows, cols) = op(a, b); bmode 0: b same shape, 1: b (cols,) broadcast,
 * 2: a (rows,1) and b (1,cols); a strided (every other element of a wider
 * buffer) when `strided`. */
static void run_binary_case(const bcase *bc, int dt, int64_t rows, int64_t cols, int bmode,
                            int strided, uint64_t seed)
{
    vec_params p = test_params();
    p.threshold = 0.25f;
    int64_t n = rows * cols;
    int64_t an = bmode == 2 ? rows : n, bn = bmode == 0 ? n : cols;
    int64_t astep = strided ? 2 : 1;
    vt_buf a = vt_alloc(dt, an * astep), b = vt_alloc(dt, bn), y = vt_alloc(dt, n);
    vt_rng r = {seed};
    for (int64_t i = 0; i < an * astep; i++) vt_set(&a, i, vt_uniform(&r, bc->alo, bc->ahi));
    for (int64_t i = 0; i < bn; i++) vt_set(&b, i, vt_uniform(&r, bc->blo, bc->bhi));
    vec_view av, bv, yv;
    int64_t yshape[2] = {rows, cols};
    if (bmode == 2) {
        int64_t ash[2] = {rows, 1}, ast[2] = {astep, 1}, bsh[2] = {1, cols};
        vec_view_init(&av, a.p, dt, 2, ash, ast);
        vec_view_init(&bv, b.p, dt, 2, bsh, NULL);
    } else {
        int64_t ast[2] = {cols * astep, astep}, bsh[1] = {cols};
        vec_view_init(&av, a.p, dt, 2, yshape, ast);
        if (bmode == 1) vec_view_init(&bv, b.p, dt, 1, bsh, NULL);
        else vec_view_init(&bv, b.p, dt, 2, yshape, NULL);
    }
    vec_view_init(&yv, y.p, dt, 2, yshape, NULL);
    for (int blk = 0; blk < 4; blk++) {
        int64_t bb, be;
        vec_block_range(n, blk, 4, 8, &bb, &be);
        assert_int_equal(vec_binary(bc->op, &p, &av, &bv, &yv, bb, be), 0);
    }
    double *got = malloc(n * 8), *gold = malloc(n * 8);
    for (int64_t i = 0; i < n; i++) {
        int64_t rr = i / cols, cc = i % cols;
        double ai = vt_get(&a, (bmode == 2 ? rr : i) * astep);
        double bi = vt_get(&b, bmode == 0 ? i : cc);
        got[i] = vt_get(&y, i);
        gold[i] = bc->ref(ai, bi, &p);
    }
    char what[96];
    snprintf(what, sizeof what, "%s %lldx%lld mode%d%s", bc->name, (long long)rows,
             (long long)cols, bmode, strided ? " strided" : "");
    if (!vt_check(what, dt, got, gold, n, 1.0))
        fail();
    free(got); free(gold);
    vt_free(&a); vt_free(&b); vt_free(&y);
}

static void binary_all(void **state)
{
    static const int64_t shapes[][2] = {{1, 1}, {2, 7}, {9, 33}, {16, 64}};
    for (int k = 0; k < VT_NISA; k++) {
        vec_isa_force(vt_isas[k]);
        for (size_t c = 0; c < sizeof(bcases) / sizeof(bcases[0]); c++)
            for (int d = 0; d < VT_NDT; d++)
                for (int s = 0; s < 4; s++)
                    for (int m = 0; m < 3; m++)
                        run_binary_case(&bcases[c], vt_dtypes[d], shapes[s][0], shapes[s][1], m,
                                        (s + m) & 1, 1000 + c * 17 + s * 3 + m);
    }
    vec_isa_force(VEC_ISA_AVX512);
}

/* rank 8 with a permuted (non-contiguous) input and a broadcast operand,
 * and one large tensor split into many blocks */
static void rank8_and_large(void **state)
{
    int64_t shape[8] = {2, 3, 1, 2, 3, 2, 1, 5}, n = 360;
    /* x stored with dims reversed: strides of the reversed-contiguous layout */
    int64_t xstr[8], s = 1;
    for (int d = 0; d < 8; d++) { xstr[d] = s; s *= shape[d]; }
    for (int di = 0; di < VT_NDT; di++) {
        int dt = vt_dtypes[di];
        vt_buf x = vt_alloc(dt, n), b = vt_alloc(dt, 5), y = vt_alloc(dt, n);
        vt_rng r = {3};
        for (int64_t i = 0; i < n; i++) vt_set(&x, i, vt_uniform(&r, -4, 4));
        for (int64_t i = 0; i < 5; i++) vt_set(&b, i, vt_uniform(&r, -4, 4));
        vec_view xv, bv, yv;
        int64_t bs[1] = {5};
        vec_view_init(&xv, x.p, dt, 8, shape, xstr);
        vec_view_init(&bv, b.p, dt, 1, bs, NULL);
        vec_view_init(&yv, y.p, dt, 8, shape, NULL);
        vec_params p = vec_params_default();
        assert_int_equal(vec_binary(VEC_GLU, &p, &xv, &bv, &yv, 0, n), 0);
        double got[360], gold[360];
        for (int64_t i = 0; i < n; i++) {
            int64_t rem = i, off = 0;
            for (int d = 7; d >= 0; d--) { off += (rem % shape[d]) * xstr[d]; rem /= shape[d]; }
            gold[i] = vt_get(&x, off) * sigm(vt_get(&b, i % 5));
            got[i] = vt_get(&y, i);
        }
        assert_true(vt_check("glu rank8", dt, got, gold, n, 1.0));
        vt_free(&x); vt_free(&b); vt_free(&y);
    }
    const int64_t big = (1 << 22) + 77;
    vt_buf x = vt_alloc(VEC_DT_BF16, big), y = vt_alloc(VEC_DT_FLOAT16, big);
    vt_rng r = {11};
    for (int64_t i = 0; i < big; i++) vt_set(&x, i, vt_uniform(&r, -10, 10));
    vec_view xv, yv;
    int64_t bs[1] = {big};
    vec_view_init(&xv, x.p, VEC_DT_BF16, 1, bs, NULL);
    vec_view_init(&yv, y.p, VEC_DT_FLOAT16, 1, bs, NULL);
    for (int blk = 0; blk < 24; blk++) {
        int64_t b0, b1;
        vec_block_range(big, blk, 24, 64, &b0, &b1);
        assert_int_equal(vec_unary(VEC_GELU_TANH, NULL, &xv, &yv, b0, b1), 0);
    }
    double *got = malloc(big * 8), *gold = malloc(big * 8);
    for (int64_t i = 0; i < big; i++) {
        got[i] = vt_get(&y, i);
        gold[i] = r_gelu_tanh(vt_get(&x, i), NULL);
    }
    assert_true(vt_check("gelu large bf16->fp16", VEC_DT_FLOAT16, got, gold, big, 1.0));
    free(got); free(gold);
    vt_free(&x); vt_free(&y);
}

static void bad_shapes_and_dtypes(void **state)
{
    float a[6], b[4], y[6];
    int64_t s23[2] = {2, 3}, s4[1] = {4};
    vec_view av, bv, yv;
    vec_view_init(&av, a, VEC_DT_FLOAT, 2, s23, NULL);
    vec_view_init(&bv, b, VEC_DT_FLOAT, 1, s4, NULL);
    vec_view_init(&yv, y, VEC_DT_FLOAT, 2, s23, NULL);
    assert_int_equal(vec_binary(VEC_ADD, NULL, &av, &bv, &yv, 0, 6), -1);
    vec_view_init(&bv, b, VEC_DT_DOUBLE, 1, s4, NULL);
    assert_int_equal(vec_unary(VEC_GELU_TANH, NULL, &bv, &yv, 0, 6), -1);
    assert_int_equal(vec_unary(VEC_UNARY_COUNT, NULL, &av, &yv, 0, 6), -1);
}

static void integer_ops(void **state)
{
    int32_t a[5] = {-3, 0, 7, -100, 2147483647}, b[5] = {1, 2, 3, 4, 0}, y[5];
    int64_t s5[1] = {5};
    vec_view av, bv, yv;
    vec_view_init(&av, a, VEC_DT_INT32, 1, s5, NULL);
    vec_view_init(&bv, b, VEC_DT_INT32, 1, s5, NULL);
    vec_view_init(&yv, y, VEC_DT_INT32, 1, s5, NULL);
    assert_int_equal(vec_unary(VEC_RELU, NULL, &av, &yv, 0, 5), 0);
    assert_int_equal(y[0], 0); assert_int_equal(y[2], 7); assert_int_equal(y[4], 2147483647);
    vec_params p = vec_params_default();
    p.alpha = 2;
    assert_int_equal(vec_binary(VEC_ADD, &p, &av, &bv, &yv, 0, 5), 0);
    assert_int_equal(y[0], -1); assert_int_equal(y[3], -92);
    int8_t c[3] = {-5, 5, -128}, d[3];
    int64_t s3[1] = {3};
    vec_view cv, dv;
    vec_view_init(&cv, c, VEC_DT_INT8, 1, s3, NULL);
    vec_view_init(&dv, d, VEC_DT_INT8, 1, s3, NULL);
    assert_int_equal(vec_unary(VEC_RELU, NULL, &cv, &dv, 0, 3), 0);
    assert_int_equal(d[0], 0); assert_int_equal(d[1], 5); assert_int_equal(d[2], 0);
}

static void fill_any_dtype(void **state)
{
    uint16_t h[9];
    int64_t s[2] = {3, 3}, st[2] = {3, 1};
    vec_view v;
    vec_view_init(&v, h, VEC_DT_FLOAT16, 2, s, st);
    assert_int_equal(vec_fill(&v, 1.5, 0, 9), 0);
    for (int i = 0; i < 9; i++) assert_int_equal(h[i], vt_to_f16(1.5));
    int64_t q[7];
    int64_t s7[1] = {7};
    vec_view_init(&v, q, VEC_DT_INT64, 1, s7, NULL);
    assert_int_equal(vec_fill(&v, -3.9, 2, 7), 0);
    for (int i = 2; i < 7; i++) assert_true(q[i] == -3);
    /* empty range / empty tensor: nothing written, success */
    int64_t s0[1] = {0};
    vec_view_init(&v, q, VEC_DT_INT64, 1, s0, NULL);
    assert_int_equal(vec_fill(&v, 1.0, 0, 0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(unary_all),         cmocka_unit_test(unary_mixed_dtypes),
        cmocka_unit_test(unary_inplace),     cmocka_unit_test(unary_special_values),
        cmocka_unit_test(binary_all),        cmocka_unit_test(rank8_and_large),
        cmocka_unit_test(bad_shapes_and_dtypes),
        cmocka_unit_test(integer_ops),       cmocka_unit_test(fill_any_dtype),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
