/* Kernel bodies written once on simd.h; included by kern_<isa>.c, which
 * defines SIMD_<ISA>, KERN_TABLE_NAME and KERN_ISA. */
#include "kernels.h"
#include "vmath_impl.h"
#include "vmath_special_impl.h"

/* x*f(x) style activations give Inf*0 = NaN at x = -Inf; the limit is -0. */
SI V fix_inf_times_zero(V x, V y)
{
    M bad = m_andnot(v_isnan(x), v_isnan(y));
    return v_sel(bad, v_copysign(v_zero(), x), y);
}

SI V op_relu(V x) { return v_sel(v_gt_u(x, v_zero()), x, v_zero()); }

SI V op_gelu_tanh(V x)
{
    /* 0.5x(1+tanh(u)) == x*sigmoid(2u), 2u = x*(2k + 2k*0.044715*x^2) */
    V z = v_mul(x, v_fma(v_mul(x, x), v_set1(0.0713548162726f), v_set1(1.5957691216057f)));
    return fix_inf_times_zero(x, v_mul(x, vm_sigmoid(z)));
}

SI V op_gelu_erf(V x)
{
    V c = vm_erfc(v_mul(x, v_set1(-0.70710678118654752f)));
    return fix_inf_times_zero(x, v_mul(v_mul(x, v_set1(0.5f)), c));
}

SI V op_swish(V x, float beta)
{
    return fix_inf_times_zero(x, v_mul(x, vm_sigmoid(v_mul(x, v_set1(beta)))));
}

SI V op_mish(V x)
{
    V e = vm_exp(v_min(x, v_set1(20.0f)));
    V n = v_mul(e, v_add(e, v_set1(2.0f)));
    return fix_inf_times_zero(x, v_mul(x, v_div(n, v_add(n, v_set1(2.0f)))));
}

SI V op_softplus(V x, float beta, float threshold)
{
    V z = v_mul(x, v_set1(beta));
    V s = v_div(vm_softplus(z), v_set1(beta));
    return v_sel(v_gt(z, v_set1(threshold)), x, s);
}

SI V op_elu(V x, float alpha, float scale, float input_scale)
{
    V neg = v_mul(vm_expm1(v_mul(x, v_set1(input_scale))), v_set1(alpha * scale));
    return v_sel(v_gt(x, v_zero()), v_mul(x, v_set1(scale)), neg);
}

SI V op_gelu_tanh_bwd(V x)
{
    /* gelu = x*s(z), z = 2u = x(2k + 2kc x^2):  d = s (1 + x (1-s) z'),
     * z' = 2k(1 + 3c x^2); s and 1-s from vm_sigmoid2 keep the tails exact */
    const float k2 = 1.5957691216057308f, c = 0.044715f;
    V xc = v_min(v_max(x, v_set1(-12.0f)), v_set1(12.0f));
    V x2 = v_mul(xc, xc);
    V z = v_mul(xc, v_fma(x2, v_set1(k2 * c), v_set1(k2)));
    V dz = v_fma(x2, v_set1(3.0f * k2 * c), v_set1(k2));
    V s, sn;
    vm_sigmoid2(z, &s, &sn);
    V d = v_mul(s, v_fma(v_mul(xc, sn), dz, v_set1(1.0f)));
    d = v_sel(v_gt(x, v_set1(12.0f)), v_set1(1.0f), d);
    d = v_sel(v_lt(x, v_set1(-12.0f)), v_zero(), d);
    return v_sel(v_isnan(x), x, d);
}

SI V op_gelu_erf_bwd(V x)
{
    V xc = v_min(v_max(x, v_set1(-40.0f)), v_set1(40.0f));
    V cdf = v_mul(v_set1(0.5f), vm_erfc(v_mul(xc, v_set1(-0.70710678118654752f))));
    V pdf = v_mul(vm_exp(v_mul(v_mul(xc, xc), v_set1(-0.5f))), v_set1(0.3989422804014327f));
    return v_sel(v_isnan(x), x, v_fma(xc, pdf, cdf));
}

SI V op_silu_bwd(V x)
{
    /* d/dx x s(x) = s (1 + x (1-s)) */
    V xc = v_min(v_max(x, v_set1(-100.0f)), v_set1(100.0f));
    V s, sn;
    vm_sigmoid2(xc, &s, &sn);
    V d = v_mul(s, v_fma(xc, sn, v_set1(1.0f)));
    return v_sel(v_isnan(x), x, d);
}

/* ---- unary loops ---- */
#define DEF_UNARY(name, EXPR)                                                           \
    static void name(const float *xp, float *yp, int64_t n, const vec_params *p)         \
    {                                                                                    \
        (void)p;                                                                         \
        int64_t i = 0;                                                                   \
        for (; i + VN <= n; i += VN) {                                                   \
            V x = v_load(xp + i);                                                        \
            v_store(yp + i, (EXPR));                                                     \
        }                                                                                \
        if (i < n) {                                                                     \
            V x = v_loadn(xp + i, n - i);                                                \
            v_storen(yp + i, (EXPR), n - i);                                             \
        }                                                                                \
    }

DEF_UNARY(u_relu, op_relu(x))
DEF_UNARY(u_gelu_tanh, op_gelu_tanh(x))
DEF_UNARY(u_gelu_erf, op_gelu_erf(x))
DEF_UNARY(u_fast_gelu, op_swish(x, 1.702f))
DEF_UNARY(u_silu, op_swish(x, 1.0f))
DEF_UNARY(u_swish, op_swish(x, p->scale))
DEF_UNARY(u_sigmoid, vm_sigmoid(x))
DEF_UNARY(u_leaky_relu, v_sel(v_gt(x, v_zero()), x, v_mul(x, v_set1(p->alpha))))
DEF_UNARY(u_elu, op_elu(x, p->alpha, p->scale, p->input_scale))
DEF_UNARY(u_hardswish,
          v_mul(v_mul(x, v_min(v_set1(6.0f), v_max(v_zero(), v_add(x, v_set1(3.0f))))),
                v_set1(1.0f / 6.0f)))
DEF_UNARY(u_hardsigmoid,
          v_min(v_set1(1.0f), v_max(v_zero(), v_fma(x, v_set1(1.0f / 6.0f), v_set1(0.5f)))))
DEF_UNARY(u_mish, op_mish(x))
DEF_UNARY(u_softplus, op_softplus(x, p->beta, p->threshold))
DEF_UNARY(u_tanh, vm_tanh(x))
DEF_UNARY(u_exp, vm_exp(x))
DEF_UNARY(u_expm1, vm_expm1(x))
DEF_UNARY(u_log, vm_log(x))
DEF_UNARY(u_log1p, vm_log1p(x))
DEF_UNARY(u_erf, vm_erf(x))
DEF_UNARY(u_erfc, vm_erfc(x))
DEF_UNARY(u_adds, v_add(x, v_set1(p->scalar)))
DEF_UNARY(u_muls, v_mul(x, v_set1(p->scalar)))
DEF_UNARY(u_copy, x)
/* elementwise unary family (ops-math, issue 10) */
DEF_UNARY(u_sin, vm_sin(x))
DEF_UNARY(u_cos, vm_cos(x))
DEF_UNARY(u_tan, vm_tan(x))
DEF_UNARY(u_asin, vm_asin(x))
DEF_UNARY(u_acos, vm_acos(x))
DEF_UNARY(u_atan, vm_atan(x))
DEF_UNARY(u_sinh, vm_sinh(x))
DEF_UNARY(u_cosh, vm_cosh(x))
DEF_UNARY(u_asinh, vm_asinh(x))
DEF_UNARY(u_acosh, vm_acosh(x))
DEF_UNARY(u_atanh, vm_atanh(x))
DEF_UNARY(u_log2, vm_log2(x))
DEF_UNARY(u_log10, vm_log10(x))
DEF_UNARY(u_exp2, vm_exp2(x))
DEF_UNARY(u_rsqrt, v_div(v_set1(1.0f), v_sqrt(x)))
DEF_UNARY(u_reciprocal, v_div(v_set1(1.0f), x))
DEF_UNARY(u_abs, v_abs(x))
DEF_UNARY(u_neg, v_neg(x))
DEF_UNARY(u_square, v_mul(x, x))
DEF_UNARY(u_sign, v_sub(v_sel(v_gt(x, v_zero()), v_set1(1.0f), v_zero()),
                        v_sel(v_lt(x, v_zero()), v_set1(1.0f), v_zero())))
DEF_UNARY(u_floor, v_floor(x))
DEF_UNARY(u_ceil, v_ceil(x))
DEF_UNARY(u_trunc, v_trunc(x))
DEF_UNARY(u_round, v_rint(x))
DEF_UNARY(u_frac, v_sub(x, v_trunc(x)))
DEF_UNARY(u_sinc, vm_sinc(x))
DEF_UNARY(u_round_scaled, p->alpha > 0 ? v_div(v_rint(v_mul(x, v_set1(p->scalar))), v_set1(p->scalar))
                                       : v_mul(v_rint(v_div(x, v_set1(p->scalar))), v_set1(p->scalar)))
DEF_UNARY(u_lgamma, vm_lgamma(x))
DEF_UNARY(u_digamma, vm_digamma(x))
DEF_UNARY(u_ndtri, vm_ndtri(x))
DEF_UNARY(u_fresnel_cos, vm_fresnel(x, 0))
DEF_UNARY(u_fresnel_sin, vm_fresnel(x, 1))
DEF_UNARY(u_nan_to_num, v_sel(v_isnan(x), v_set1(p->alpha),
                              v_sel(v_eq(x, v_set1(VM_INF)), v_set1(p->scalar),
                                    v_sel(v_eq(x, v_set1(-VM_INF)), v_set1(p->threshold), x))))

/* the activation table rows (issue 12): the formulas of act_extra.c in FP32 */
#define SELU_A 1.6732632423543772848f
#define SELU_L 1.0507009873554804934f
SI V op_shrink(V x, float lambd, float off)
{
    V z = v_mul(x, v_zero());
    return v_sel(v_gt(x, v_set1(lambd)), v_sub(x, v_set1(off)),
                 v_sel(v_lt(x, v_set1(-lambd)), v_add(x, v_set1(off)), z));
}

SI V op_logit(V x, float lambd)
{
    V z = x;
    if (lambd >= 0)
        z = v_sel(v_lt(z, v_set1(lambd)), v_set1(lambd), v_sel(v_gt(z, v_set1(1.0f - lambd)), v_set1(1.0f - lambd), z));
    return vm_log(v_div(z, v_sub(v_set1(1.0f), z)));
}

DEF_UNARY(u_selu, v_sel(v_gt(x, v_zero()), v_mul(x, v_set1(SELU_L)), v_mul(vm_expm1(x), v_set1(SELU_L * SELU_A))))
DEF_UNARY(u_celu, v_sel(v_gt(x, v_zero()), x, v_mul(vm_expm1(v_div(x, v_set1(p->alpha))), v_set1(p->alpha))))
DEF_UNARY(u_hardshrink, v_sel(m_and(v_ge(x, v_set1(-p->lambd)), v_le(x, v_set1(p->lambd))), v_zero(), x))
DEF_UNARY(u_softshrink, op_shrink(x, p->lambd, p->lambd))
DEF_UNARY(u_shrink, op_shrink(x, p->lambd, p->bias))
DEF_UNARY(u_logsigmoid, v_sub(v_sel(v_lt(x, v_zero()), x, v_zero()), vm_log1p(vm_exp(v_neg(v_abs(x))))))
DEF_UNARY(u_squared_relu, v_sel(v_gt(x, v_zero()), v_mul(x, x), v_mul(x, v_zero())))
DEF_UNARY(u_logit, op_logit(x, p->lambd))

/* ---- binary loops ---- */
#define DEF_BINARY(name, EXPR)                                                          \
    static void name(const float *ap, const float *bp, float *yp, int64_t n,            \
                     const vec_params *p)                                               \
    {                                                                                   \
        (void)p;                                                                        \
        int64_t i = 0;                                                                  \
        for (; i + VN <= n; i += VN) {                                                  \
            V a = v_load(ap + i), b = v_load(bp + i);                                   \
            v_store(yp + i, (EXPR));                                                    \
        }                                                                               \
        if (i < n) {                                                                    \
            V a = v_loadn(ap + i, n - i), b = v_loadn(bp + i, n - i);                   \
            v_storen(yp + i, (EXPR), n - i);                                            \
        }                                                                               \
    }

DEF_BINARY(b_add, v_fma(b, v_set1(p->alpha), a))
DEF_BINARY(b_sub, v_fnma(b, v_set1(p->alpha), a))
DEF_BINARY(b_mul, v_mul(a, b))
DEF_BINARY(b_div, v_div(a, b))
DEF_BINARY(b_add_relu, op_relu(v_fma(b, v_set1(p->alpha), a)))
DEF_BINARY(b_prelu, v_sel(v_gt(a, v_zero()), a, v_mul(a, b)))
DEF_BINARY(b_glu, v_mul(a, vm_sigmoid(b)))
DEF_BINARY(b_swiglu, v_mul(op_swish(a, 1.0f), b))
DEF_BINARY(b_gelu_tanh_mul, v_mul(op_gelu_tanh(a), b))
DEF_BINARY(b_gelu_erf_mul, v_mul(op_gelu_erf(a), b))
DEF_BINARY(b_gelu_tanh_bwd, v_mul(a, op_gelu_tanh_bwd(b)))
DEF_BINARY(b_gelu_erf_bwd, v_mul(a, op_gelu_erf_bwd(b)))
DEF_BINARY(b_silu_bwd, v_mul(a, op_silu_bwd(b)))
DEF_BINARY(b_sigmoid_bwd, v_mul(v_mul(a, b), v_sub(v_set1(1.0f), b)))
DEF_BINARY(b_threshold_bwd, v_sel(v_le(b, v_set1(p->threshold)), v_zero(), a))
DEF_BINARY(b_maximum, v_sel(m_or(v_isnan(a), v_gt(a, b)), a, v_max(b, a)))
DEF_BINARY(b_sq_diff, v_mul(v_sub(a, b), v_sub(a, b)))
/* the activation table backward rows (issue 12): a = dy, b = x (or y) */
SI V op_swish_bwd(V a, V b, float k)
{
    V s = vm_sigmoid(v_mul(b, v_set1(k)));
    return v_mul(a, v_add(s, v_mul(v_mul(v_mul(b, v_set1(k)), s), v_sub(v_set1(1.0f), s))));
}

SI V op_mish_bwd(V a, V b)
{
    V sp = v_sel(v_gt(b, v_set1(20.0f)), b, vm_log1p(vm_exp(v_min(b, v_set1(20.0f)))));
    V t = vm_tanh(sp);
    return v_mul(a, v_add(t, v_mul(v_mul(b, vm_sigmoid(b)), v_sub(v_set1(1.0f), v_mul(t, t)))));
}

SI V op_elu_bwd(V a, V b, const vec_params *p)
{
    V pos = v_mul(a, v_set1(p->scale));
    V neg = p->is_result ? v_mul(v_mul(a, v_set1(p->input_scale)), v_add(b, v_set1(p->alpha * p->scale)))
                         : v_mul(v_mul(a, v_set1(p->input_scale * p->alpha * p->scale)),
                                 vm_exp(v_mul(b, v_set1(p->input_scale))));
    return v_sel(v_le(b, v_zero()), neg, pos);
}

SI V op_logit_bwd(V a, V b, float lambd)
{
    V g = v_div(a, v_mul(b, v_sub(v_set1(1.0f), b)));
    if (lambd < 0)
        return v_sel(m_or(v_lt(b, v_zero()), v_gt(b, v_set1(1.0f))), v_set1(VM_NAN), g);
    return v_sel(m_or(v_lt(b, v_set1(lambd)), v_gt(b, v_set1(1.0f - lambd))), v_zero(), g);
}

DEF_BINARY(b_hardsigmoid_bwd, v_sel(m_and(v_gt(b, v_set1(-3.0f)), v_lt(b, v_set1(3.0f))), v_div(a, v_set1(6.0f)),
                                    v_mul(a, v_zero())))
DEF_BINARY(b_hardswish_bwd, v_sel(v_lt(b, v_set1(-3.0f)), v_mul(a, v_zero()),
                                  v_sel(v_le(b, v_set1(3.0f)), v_mul(a, v_add(v_div(b, v_set1(3.0f)), v_set1(0.5f))), a)))
DEF_BINARY(b_hardswish_bwd_v2, v_sel(v_le(b, v_set1(-3.0f)), v_mul(a, v_zero()),
                                     v_sel(v_lt(b, v_set1(3.0f)), v_mul(a, v_add(v_div(b, v_set1(3.0f)), v_set1(0.5f))), a)))
DEF_BINARY(b_mish_bwd, op_mish_bwd(a, b))
DEF_BINARY(b_swish_bwd, op_swish_bwd(a, b, p->scale))
DEF_BINARY(b_softplus_bwd, v_sel(v_gt(v_mul(b, v_set1(p->beta)), v_set1(p->threshold)), a,
                                 v_mul(a, vm_sigmoid(v_mul(b, v_set1(p->beta))))))
DEF_BINARY(b_elu_bwd, op_elu_bwd(a, b, p))
DEF_BINARY(b_leaky_relu_bwd, v_sel(v_gt(b, v_zero()), a, v_mul(a, v_set1(p->alpha))))
DEF_BINARY(b_hardtanh_bwd, v_sel(m_or(v_le(b, v_set1(p->lo)), v_ge(b, v_set1(p->hi))), v_zero(), a))
DEF_BINARY(b_shrink_bwd, v_sel(m_and(v_ge(b, v_set1(-p->lambd)), v_le(b, v_set1(p->lambd))), v_zero(), a))
DEF_BINARY(b_selu_bwd, v_sel(v_gt(b, v_zero()), v_mul(a, v_set1(SELU_L)), v_mul(a, v_add(b, v_set1(SELU_L * SELU_A)))))
DEF_BINARY(b_logsigmoid_bwd, v_mul(a, vm_sigmoid(v_neg(b))))
DEF_BINARY(b_fast_gelu_bwd, op_swish_bwd(a, b, 1.702f))
DEF_BINARY(b_heaviside, v_sel(v_eq(a, v_zero()), b, v_sel(v_gt(a, v_zero()), v_set1(1.0f), v_zero())))
DEF_BINARY(b_logit_bwd, op_logit_bwd(a, b, p->lambd))
DEF_BINARY(b_silu_mul, v_mul(v_mul(a, b), vm_sigmoid(b)))

/* ---- row primitives ---- */
static float r_max(const float *x, int64_t n)
{
    V m0 = v_set1(-VM_INF), m1 = m0;
    M nan = v_isnan(v_zero());
    int64_t i = 0;
    for (; i + 2 * VN <= n; i += 2 * VN) {
        V a = v_load(x + i), b = v_load(x + i + VN);
        m0 = v_max(m0, a);
        m1 = v_max(m1, b);
        nan = m_or(nan, m_or(v_isnan(a), v_isnan(b)));
    }
    float r = v_hmax(v_max(m0, m1));
    if (m_any(nan))
        return VM_NAN;
    for (; i < n; i++) {
        if (x[i] != x[i])
            return x[i];
        if (x[i] > r)
            r = x[i];
    }
    return r;
}

/* v_max(x, acc) is x > acc ? x : acc, so a NaN x leaves acc as it was */
static void r_minmax(const float *x, int64_t n, float *amax, float *mx, float *mn)
{
    V a0 = v_set1(*amax), a1 = a0, h0 = v_set1(*mx), h1 = h0, l0 = v_set1(*mn), l1 = l0;
    int64_t i = 0;
    for (; i + 2 * VN <= n; i += 2 * VN) {
        V p = v_load(x + i), q = v_load(x + i + VN);
        a0 = v_max(v_abs(p), a0);
        a1 = v_max(v_abs(q), a1);
        h0 = v_max(p, h0);
        h1 = v_max(q, h1);
        l0 = v_min(p, l0);
        l1 = v_min(q, l1);
    }
    float a = v_hmax(v_max(a0, a1)), h = v_hmax(v_max(h0, h1)), l = v_hmin(v_min(l0, l1));
    for (; i < n; i++) {
        float v = x[i], av = v < 0 ? -v : v;
        a = av > a ? av : a;
        h = v > h ? v : h;
        l = v < l ? v : l;
    }
    *amax = a;
    *mx = h;
    *mn = l;
}

static float r_sum(const float *x, int64_t n)
{
    V s0 = v_zero(), s1 = v_zero(), s2 = v_zero(), s3 = v_zero();
    int64_t i = 0;
    for (; i + 4 * VN <= n; i += 4 * VN) {
        s0 = v_add(s0, v_load(x + i));
        s1 = v_add(s1, v_load(x + i + VN));
        s2 = v_add(s2, v_load(x + i + 2 * VN));
        s3 = v_add(s3, v_load(x + i + 3 * VN));
    }
    for (; i + VN <= n; i += VN)
        s0 = v_add(s0, v_load(x + i));
    if (i < n)
        s1 = v_add(s1, v_loadn(x + i, n - i));
    return v_hsum(v_add(v_add(s0, s1), v_add(s2, s3)));
}

static float r_dot(const float *a, const float *b, int64_t n)
{
    V s0 = v_zero(), s1 = v_zero(), s2 = v_zero(), s3 = v_zero();
    int64_t i = 0;
    for (; i + 4 * VN <= n; i += 4 * VN) {
        s0 = v_fma(v_load(a + i), v_load(b + i), s0);
        s1 = v_fma(v_load(a + i + VN), v_load(b + i + VN), s1);
        s2 = v_fma(v_load(a + i + 2 * VN), v_load(b + i + 2 * VN), s2);
        s3 = v_fma(v_load(a + i + 3 * VN), v_load(b + i + 3 * VN), s3);
    }
    for (; i + VN <= n; i += VN)
        s0 = v_fma(v_load(a + i), v_load(b + i), s0);
    if (i < n)
        s1 = v_fma(v_loadn(a + i, n - i), v_loadn(b + i, n - i), s1);
    return v_hsum(v_add(v_add(s0, s1), v_add(s2, s3)));
}

static float r_sq_dev(const float *x, int64_t n, float mean)
{
    V m = v_set1(mean);
    V s0 = v_zero(), s1 = v_zero(), s2 = v_zero(), s3 = v_zero();
    int64_t i = 0;
    for (; i + 4 * VN <= n; i += 4 * VN) {
        V d0 = v_sub(v_load(x + i), m), d1 = v_sub(v_load(x + i + VN), m);
        V d2 = v_sub(v_load(x + i + 2 * VN), m), d3 = v_sub(v_load(x + i + 3 * VN), m);
        s0 = v_fma(d0, d0, s0);
        s1 = v_fma(d1, d1, s1);
        s2 = v_fma(d2, d2, s2);
        s3 = v_fma(d3, d3, s3);
    }
    for (; i + VN <= n; i += VN) {
        V d = v_sub(v_load(x + i), m);
        s0 = v_fma(d, d, s0);
    }
    float tail = 0.0f;
    for (; i < n; i++) {
        float d = x[i] - mean;
        tail += d * d;
    }
    return v_hsum(v_add(v_add(s0, s1), v_add(s2, s3))) + tail;
}

static float r_exp_sum(const float *x, float *y, int64_t n, float shift)
{
    V sh = v_set1(shift), s0 = v_zero(), s1 = v_zero();
    int64_t i = 0;
    for (; i + 2 * VN <= n; i += 2 * VN) {
        V e0 = vm_exp(v_sub(v_load(x + i), sh));
        V e1 = vm_exp(v_sub(v_load(x + i + VN), sh));
        v_store(y + i, e0);
        v_store(y + i + VN, e1);
        s0 = v_add(s0, e0);
        s1 = v_add(s1, e1);
    }
    for (; i < n; i += VN) {
        int64_t k = n - i < VN ? n - i : VN;
        V e = vm_exp(v_sub(v_loadn(x + i, k), sh));
        if (k < VN) {
            float tmp[VN];
            v_store(tmp, e);
            for (int64_t j = k; j < VN; j++) tmp[j] = 0.0f;
            e = v_load(tmp);
        }
        v_storen(y + i, e, k);
        s0 = v_add(s0, e);
    }
    return v_hsum(v_add(s0, s1));
}

static void r_scale(const float *x, float *y, int64_t n, float s)
{
    V sv = v_set1(s);
    int64_t i = 0;
    for (; i + VN <= n; i += VN) v_store(y + i, v_mul(v_load(x + i), sv));
    if (i < n) v_storen(y + i, v_mul(v_loadn(x + i, n - i), sv), n - i);
}

static void r_shift(const float *x, float *y, int64_t n, float s)
{
    V sv = v_set1(s);
    int64_t i = 0;
    for (; i + VN <= n; i += VN) v_store(y + i, v_add(v_load(x + i), sv));
    if (i < n) v_storen(y + i, v_add(v_loadn(x + i, n - i), sv), n - i);
}

static void r_axpb(const float *x, float *y, int64_t n, float a, float b)
{
    V av = v_set1(a), bv = v_set1(b);
    int64_t i = 0;
    for (; i + VN <= n; i += VN) v_store(y + i, v_fma(v_load(x + i), av, bv));
    if (i < n) v_storen(y + i, v_fma(v_loadn(x + i, n - i), av, bv), n - i);
}

/* LDK loads VN lanes in the main loop and k lanes in the tail */
#define LDK(ptr) (k == VN ? v_load(ptr) : v_loadn((ptr), k))
#define AFFINE_LOOP(EXPR)                                                               \
    do {                                                                                \
        int64_t i = 0;                                                                  \
        for (; i + VN <= n; i += VN) {                                                  \
            const int64_t k = VN; (void)k;                                              \
            V t = v_mul(v_sub(v_load(x + i), sh), mu);                                  \
            v_store(y + i, (EXPR));                                                     \
        }                                                                               \
        if (i < n) {                                                                    \
            const int64_t k = n - i; (void)k;                                           \
            V t = v_mul(v_sub(v_loadn(x + i, k), sh), mu);                              \
            v_storen(y + i, (EXPR), k);                                                 \
        }                                                                               \
    } while (0)

static void r_affine(const float *x, float *y, int64_t n, float shift, float mul,
                     const float *gamma, const float *beta)
{
    V sh = v_set1(shift), mu = v_set1(mul);
    if (gamma && beta)
        AFFINE_LOOP(v_fma(t, LDK(gamma + i), LDK(beta + i)));
    else if (gamma)
        AFFINE_LOOP(v_mul(t, LDK(gamma + i)));
    else if (beta)
        AFFINE_LOOP(v_add(t, LDK(beta + i)));
    else
        AFFINE_LOOP(t);
}

static void r_softmax_bwd(const float *dy, const float *y, float *dx, int64_t n, float dot)
{
    V d = v_set1(dot);
    int64_t i = 0;
    for (; i + VN <= n; i += VN)
        v_store(dx + i, v_mul(v_load(y + i), v_sub(v_load(dy + i), d)));
    if (i < n)
        v_storen(dx + i, v_mul(v_loadn(y + i, n - i), v_sub(v_loadn(dy + i, n - i), d)), n - i);
}

static void r_logsoftmax_bwd(const float *dy, const float *y, float *dx, int64_t n, float sum)
{
    V s = v_set1(sum);
    int64_t i = 0;
    for (; i + VN <= n; i += VN)
        v_store(dx + i, v_fnma(vm_exp(v_load(y + i)), s, v_load(dy + i)));
    if (i < n)
        v_storen(dx + i, v_fnma(vm_exp(v_loadn(y + i, n - i)), s, v_loadn(dy + i, n - i)),
                 n - i);
}

/* n rounded up to VN: the caller pads src, best and idx to 16 elements */
static void r_pool_max_step(const float *src, float *best, int32_t *idx, int64_t n, int32_t base,
                            int32_t step)
{
    VI lane = vi_mul(vi_iota(), vi_set1(step));
    for (int64_t o = 0; o < n; o += VN) {
        V v = v_load(src + o), b = v_load(best + o);
        M take = m_or(v_gt(v, b), v_isnan(v));
        if (!m_any(take))
            continue;
        VI cand = vi_add(vi_set1(base + (int32_t)o * step), lane);
        v_store(best + o, v_sel(take, v, b));
        vi_store(idx + o, vi_sel(take, cand, vi_load(idx + o)));
    }
}

static void r_deinterleave2(const float *p, float *even, float *odd, int64_t m)
{
    int64_t i = 0;
#if defined(SIMD_AVX512)
    const __m512i ie = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    const __m512i io = _mm512_add_epi32(ie, _mm512_set1_epi32(1));
    for (; i + 16 <= m; i += 16) {
        __m512 a = _mm512_loadu_ps(p + 2 * i), b = _mm512_loadu_ps(p + 2 * i + 16);
        _mm512_storeu_ps(even + i, _mm512_permutex2var_ps(a, ie, b));
        _mm512_storeu_ps(odd + i, _mm512_permutex2var_ps(a, io, b));
    }
#elif defined(SIMD_AVX2)
    for (; i + 8 <= m; i += 8) {
        __m256 a = _mm256_loadu_ps(p + 2 * i), b = _mm256_loadu_ps(p + 2 * i + 8);
        __m256 e = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
        __m256 o = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1));
        _mm256_storeu_ps(even + i, _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(e), 0xd8)));
        _mm256_storeu_ps(odd + i, _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(o), 0xd8)));
    }
#endif
    for (; i < m; i++) {
        even[i] = p[2 * i];
        odd[i] = p[2 * i + 1];
    }
}

const vec_kernels KERN_TABLE_NAME = {
    .isa = KERN_ISA,
    .unary = {
        [VEC_RELU] = u_relu, [VEC_GELU_TANH] = u_gelu_tanh, [VEC_GELU_ERF] = u_gelu_erf,
        [VEC_FAST_GELU] = u_fast_gelu, [VEC_SILU] = u_silu, [VEC_SWISH] = u_swish,
        [VEC_SIGMOID] = u_sigmoid, [VEC_LEAKY_RELU] = u_leaky_relu, [VEC_ELU] = u_elu,
        [VEC_HARDSWISH] = u_hardswish, [VEC_HARDSIGMOID] = u_hardsigmoid, [VEC_MISH] = u_mish,
        [VEC_SOFTPLUS] = u_softplus, [VEC_TANH] = u_tanh, [VEC_EXP] = u_exp,
        [VEC_EXPM1] = u_expm1, [VEC_LOG] = u_log, [VEC_LOG1P] = u_log1p, [VEC_ERF] = u_erf,
        [VEC_ERFC] = u_erfc, [VEC_ADDS] = u_adds, [VEC_MULS] = u_muls, [VEC_COPY] = u_copy,
        /* elementwise unary family (ops-math, issue 10) */
        [VEC_SIN] = u_sin, [VEC_COS] = u_cos, [VEC_TAN] = u_tan, [VEC_ASIN] = u_asin,
        [VEC_ACOS] = u_acos, [VEC_ATAN] = u_atan, [VEC_SINH] = u_sinh, [VEC_COSH] = u_cosh,
        [VEC_ASINH] = u_asinh, [VEC_ACOSH] = u_acosh, [VEC_ATANH] = u_atanh,
        [VEC_LOG2] = u_log2, [VEC_LOG10] = u_log10, [VEC_EXP2] = u_exp2, [VEC_RSQRT] = u_rsqrt,
        [VEC_RECIPROCAL] = u_reciprocal, [VEC_ABS] = u_abs, [VEC_NEG] = u_neg,
        [VEC_SQUARE] = u_square, [VEC_SIGN] = u_sign, [VEC_FLOOR] = u_floor, [VEC_CEIL] = u_ceil,
        [VEC_TRUNC] = u_trunc, [VEC_ROUND] = u_round, [VEC_FRAC] = u_frac, [VEC_SINC] = u_sinc,
        [VEC_ROUND_SCALED] = u_round_scaled, [VEC_LGAMMA] = u_lgamma, [VEC_DIGAMMA] = u_digamma,
        [VEC_NAN_TO_NUM] = u_nan_to_num,
        [VEC_NDTRI] = u_ndtri, [VEC_FRESNEL_COS] = u_fresnel_cos, [VEC_FRESNEL_SIN] = u_fresnel_sin,
        [VEC_SELU] = u_selu, [VEC_CELU] = u_celu, [VEC_HARDSHRINK] = u_hardshrink,
        [VEC_SOFTSHRINK] = u_softshrink, [VEC_SHRINK] = u_shrink, [VEC_LOGSIGMOID] = u_logsigmoid,
        [VEC_SQUARED_RELU] = u_squared_relu, [VEC_LOGIT] = u_logit,
    },
    .binary = {
        [VEC_ADD] = b_add, [VEC_SUB] = b_sub, [VEC_MUL] = b_mul, [VEC_DIV] = b_div,
        [VEC_ADD_RELU] = b_add_relu, [VEC_PRELU] = b_prelu, [VEC_GLU] = b_glu,
        [VEC_SWIGLU] = b_swiglu, [VEC_GELU_TANH_MUL] = b_gelu_tanh_mul,
        [VEC_GELU_ERF_MUL] = b_gelu_erf_mul, [VEC_GELU_TANH_BWD] = b_gelu_tanh_bwd,
        [VEC_GELU_ERF_BWD] = b_gelu_erf_bwd, [VEC_SILU_BWD] = b_silu_bwd,
        [VEC_SIGMOID_BWD] = b_sigmoid_bwd, [VEC_THRESHOLD_BWD] = b_threshold_bwd,
        [VEC_MAXIMUM] = b_maximum, [VEC_SQ_DIFF] = b_sq_diff,
        [VEC_HARDSIGMOID_BWD] = b_hardsigmoid_bwd, [VEC_HARDSWISH_BWD] = b_hardswish_bwd,
        [VEC_HARDSWISH_BWD_V2] = b_hardswish_bwd_v2, [VEC_MISH_BWD] = b_mish_bwd,
        [VEC_SWISH_BWD] = b_swish_bwd, [VEC_SOFTPLUS_BWD] = b_softplus_bwd, [VEC_ELU_BWD] = b_elu_bwd,
        [VEC_LEAKY_RELU_BWD] = b_leaky_relu_bwd, [VEC_HARDTANH_BWD] = b_hardtanh_bwd,
        [VEC_SHRINK_BWD] = b_shrink_bwd, [VEC_SELU_BWD] = b_selu_bwd,
        [VEC_LOGSIGMOID_BWD] = b_logsigmoid_bwd, [VEC_FAST_GELU_BWD] = b_fast_gelu_bwd,
        [VEC_HEAVISIDE] = b_heaviside, [VEC_LOGIT_BWD] = b_logit_bwd, [VEC_SILU_MUL] = b_silu_mul,
    },
    .row_max = r_max,
    .row_minmax = r_minmax,
    .row_sum = r_sum,
    .row_dot = r_dot,
    .row_sq_dev = r_sq_dev,
    .row_exp_sum = r_exp_sum,
    .row_scale = r_scale,
    .row_shift = r_shift,
    .row_axpb = r_axpb,
    .row_affine = r_affine,
    .row_softmax_bwd = r_softmax_bwd,
    .row_logsoftmax_bwd = r_logsoftmax_bwd,
    .pool_max_step = r_pool_max_step,
    .deinterleave2 = r_deinterleave2,
};
