/* Vector elementary functions on the simd.h vocabulary (included once per
 * ISA). Target accuracy: <= 2-4 ulp over the whole float range, special
 * values as IEEE libm (NaN in -> NaN out, +-Inf limits, -0 kept where the
 * function is odd, denormal results produced, not flushed).
 * exp/log/tanh-small polynomials are the classic Cephes single-precision
 * minimax sets; the erf/erfc constants come from gen_erf_coeffs.py (Taylor
 * terms and a Chebyshev interpolation, relative error < 1e-9). */
#ifndef ACLEMU_VEC_VMATH_IMPL_H
#define ACLEMU_VEC_VMATH_IMPL_H

#include "simd.h"

#define VM_INF  __builtin_inff()
#define VM_NAN  __builtin_nanf("")

/* e^x. Result scaled by 2^n in two halves so that results down in the
 * denormal range (x < -87.3) come out rounded once, not flushed. */
SI V vm_exp(V x)
{
    V xc = v_min(v_max(x, v_set1(-104.0f)), v_set1(89.0f));
    V n = v_round(v_mul(xc, v_set1(1.44269504088896341f)));
    V r = v_fnma(n, v_set1(0.693359375f), xc);
    r = v_fnma(n, v_set1(-2.12194440e-4f), r);
    V p = v_set1(1.9875691500e-4f);
    p = v_fma(p, r, v_set1(1.3981999507e-3f));
    p = v_fma(p, r, v_set1(8.3334519073e-3f));
    p = v_fma(p, r, v_set1(4.1665795894e-2f));
    p = v_fma(p, r, v_set1(1.6666665459e-1f));
    p = v_fma(p, r, v_set1(5.0000001201e-1f));
    V y = v_fma(p, v_mul(r, r), v_add(r, v_set1(1.0f)));
    y = v_ldexp(y, n);
    return v_sel(v_isnan(x), v_add(x, x), y);
}

/* e^x - 1, accurate near 0 (keeps -0): Taylor series up to x^11/11! for
 * |x| < 0.7 (truncation < 1e-9 relative), exp(x) - 1 beyond. */
SI V vm_expm1(V x)
{
    V p = v_set1(2.505210839e-08f);
    p = v_fma(p, x, v_set1(2.755731922e-07f));
    p = v_fma(p, x, v_set1(2.755731922e-06f));
    p = v_fma(p, x, v_set1(2.480158730e-05f));
    p = v_fma(p, x, v_set1(1.984126984e-04f));
    p = v_fma(p, x, v_set1(1.388888889e-03f));
    p = v_fma(p, x, v_set1(8.333333333e-03f));
    p = v_fma(p, x, v_set1(4.166666667e-02f));
    p = v_fma(p, x, v_set1(1.666666667e-01f));
    p = v_fma(p, x, v_set1(5.000000000e-01f));
    p = v_fma(p, x, v_set1(1.000000000e+00f));
    V small = v_mul(x, p);
    V big = v_sub(vm_exp(x), v_set1(1.0f));
    return v_sel(v_lt(v_abs(x), v_set1(0.7f)), small, big);
}

/* natural log; log(0) = -Inf, log(x<0) = NaN, denormal inputs handled. */
SI V vm_log(V x)
{
    M den = v_lt(x, v_set1(1.17549435e-38f));
    V xs = v_sel(den, v_mul(x, v_set1(8388608.0f)), x);
    VI xi = v_as_i(xs);
    VI e = vi_sub(vi_srli(xi, 23), vi_set1(127));
    V m = vi_as_v(vi_or(vi_and(xi, vi_set1(0x007fffff)), vi_set1(0x3f800000)));
    /* move m from [1,2) to [sqrt(1/2), sqrt(2)) */
    M hi = v_gt(m, v_set1(1.41421356f));
    m = v_sel(hi, v_mul(m, v_set1(0.5f)), m);
    V ef = v_add(vi_cvt_v(e), v_sel(hi, v_set1(1.0f), v_zero()));
    ef = v_sub(ef, v_sel(den, v_set1(23.0f), v_zero()));
    V f = v_sub(m, v_set1(1.0f));
    V z = v_mul(f, f);
    V p = v_set1(7.0376836292e-2f);
    p = v_fma(p, f, v_set1(-1.1514610310e-1f));
    p = v_fma(p, f, v_set1(1.1676998740e-1f));
    p = v_fma(p, f, v_set1(-1.2420140846e-1f));
    p = v_fma(p, f, v_set1(1.4249322787e-1f));
    p = v_fma(p, f, v_set1(-1.6668057665e-1f));
    p = v_fma(p, f, v_set1(2.0000714765e-1f));
    p = v_fma(p, f, v_set1(-2.4999993993e-1f));
    p = v_fma(p, f, v_set1(3.3333331174e-1f));
    V y = v_mul(v_mul(p, f), z);
    y = v_fma(ef, v_set1(-2.12194440e-4f), y);
    y = v_fnma(v_set1(0.5f), z, y);
    V r = v_add(f, y);
    r = v_fma(ef, v_set1(0.693359375f), r);
    r = v_sel(v_eq(x, v_zero()), v_set1(-VM_INF), r);
    r = v_sel(v_eq(x, v_set1(VM_INF)), x, r);
    r = v_sel(v_lt(x, v_zero()), v_set1(VM_NAN), r);
    return v_sel(v_isnan(x), v_add(x, x), r);
}

/* log(1+u) with the rounding error of 1+u folded back in. */
SI V vm_log1p(V u)
{
    V w = v_add(u, v_set1(1.0f));
    V c = v_div(v_sub(u, v_sub(w, v_set1(1.0f))), w);
    M finite_pos = m_and(v_gt(w, v_zero()), v_lt(w, v_set1(VM_INF)));
    c = v_sel(finite_pos, c, v_zero());
    return v_sel(v_eq(u, v_zero()), u, v_add(vm_log(w), c)); /* log1p(-0) = -0 */
}

/* 1/(1+e^-x), as e^x/(1+e^x) for x<0 so tiny results keep their precision */
SI V vm_sigmoid(V x)
{
    V e = vm_exp(v_neg(v_abs(x)));
    V s = v_rcp(v_add(v_set1(1.0f), e)); /* 1+e is in [1, 2] */
    return v_sel(v_lt(x, v_zero()), v_mul(e, s), s);
}

/* sigmoid(z) and 1 - sigmoid(z) = sigmoid(-z), both to full relative
 * precision (one exp) */
SI void vm_sigmoid2(V z, V *s, V *sn)
{
    V e = vm_exp(v_neg(v_abs(z)));
    V r = v_rcp(v_add(v_set1(1.0f), e));
    V er = v_mul(e, r);
    M neg = v_lt(z, v_zero());
    *s = v_sel(neg, er, r);
    *sn = v_sel(neg, r, er);
}

/* log(1+e^z) without overflow */
SI V vm_softplus(V z)
{
    V t = vm_log1p(vm_exp(v_neg(v_abs(z))));
    return v_add(v_max(v_zero(), z), t);
}

SI V vm_tanh(V x)
{
    V ax = v_abs(x);
    V z = v_mul(x, x);
    V p = v_set1(-5.70498872745e-3f);
    p = v_fma(p, z, v_set1(2.06390887954e-2f));
    p = v_fma(p, z, v_set1(-5.37397155531e-2f));
    p = v_fma(p, z, v_set1(1.33314422036e-1f));
    p = v_fma(p, z, v_set1(-3.33332819422e-1f));
    V small = v_fma(v_mul(p, z), x, x);
    small = v_sel(v_eq(x, v_zero()), x, small); /* keep -0 */
    M is_small = v_lt(ax, v_set1(0.625f));
    V big = v_fnma(v_set1(2.0f), v_div(v_set1(1.0f), v_add(vm_exp(v_add(ax, ax)), v_set1(1.0f))),
                   v_set1(1.0f));
    big = v_copysign(big, x);
    return v_sel(is_small, small, big);
}

/* Clenshaw sum of a Chebyshev series at s in [-1,1] */
SI V vm_cheb(const float *c, int deg, V s)
{
    V b1 = v_zero(), b2 = v_zero(), s2 = v_add(s, s);
    for (int k = deg; k >= 1; k--) {
        V b0 = v_fma(s2, b1, v_sub(v_set1(c[k]), b2));
        b2 = b1;
        b1 = b0;
    }
    return v_sub(v_fma(s, b1, v_set1(c[0])), b2);
}

/* erf(|x|) for |x| < 0.75: Taylor series in x^2 (9 terms) */
SI V vm_erf_small(V ax)
{
    V z = v_mul(ax, ax);
    V p = v_set1(1.646211437e-06f);
    p = v_fma(p, z, v_set1(-1.492565036e-05f));
    p = v_fma(p, z, v_set1(1.205533298e-04f));
    p = v_fma(p, z, v_set1(-8.548327023e-04f));
    p = v_fma(p, z, v_set1(5.223977625e-03f));
    p = v_fma(p, z, v_set1(-2.686617065e-02f));
    p = v_fma(p, z, v_set1(1.128379167e-01f));
    p = v_fma(p, z, v_set1(-3.761263890e-01f));
    p = v_fma(p, z, v_set1(1.128379167e+00f));
    return v_mul(ax, p);
}

/* erfcx(a) = e^{a^2} erfc(a) for a in [0.75, 10.1]: t G(t), G the Chebyshev series below in
 * t = 1/(1 + a/2) (gen_erf_coeffs.py) */
SI V vm_erfcx_big(V a)
{
    static const float q[12] = {
        4.961770328e-01f, 1.794442234e-01f, 2.060609742e-02f, 9.271773933e-04f,
        -1.032149779e-04f, -1.315740551e-05f, 9.591263423e-07f, 1.700587529e-07f,
        -1.700166568e-08f, -2.098956726e-09f, 3.870247780e-10f, 1.412489338e-11f};
    const float t_lo = 0.165289256f, t_hi = 0.727272727f;
    V t = v_rcp(v_fma(a, v_set1(0.5f), v_set1(1.0f))); /* in [1.375, 6.05] */
    V s = v_mul(v_sub(t, v_set1(0.5f * (t_lo + t_hi))), v_set1(2.0f / (t_hi - t_lo)));
    return v_mul(vm_cheb(q, 11, s), t);
}

/* erfc(|x|) for |x| >= 0.75: e^{-x^2} * t * G(t), G a Chebyshev series in
 * t = 1/(1 + x/2) (gen_erf_coeffs.py); x^2 is split exactly so the
 * exponential does not amplify its rounding. */
SI V vm_erfc_big(V ax)
{
    V a = v_min(ax, v_set1(10.1f));
    V qv = vm_erfcx_big(a);
    V h = v_mul(a, a);
    V l = v_fma_exact(a, a, v_neg(h));
    /* e^{-(h+l)} q ~= e^{-h} (q - q l) */
    V r = v_mul(vm_exp(v_neg(h)), v_fnma(qv, l, qv));
    return v_sel(v_gt(ax, v_set1(10.1f)), v_zero(), r);
}

SI V vm_erf(V x)
{
    V ax = v_abs(x);
    M small = v_lt(ax, v_set1(0.75f));
    V r = vm_erf_small(ax);
    if (!m_any(small) || m_any(m_andnot(small, v_eq(x, x))))
        r = v_sel(small, r, v_sub(v_set1(1.0f), vm_erfc_big(ax)));
    r = v_copysign(r, x);
    return v_sel(v_isnan(x), v_add(x, x), r);
}

SI V vm_erfc(V x)
{
    V ax = v_abs(x);
    M small = v_lt(ax, v_set1(0.75f));
    M neg = v_lt(x, v_zero());
    V es = vm_erf_small(ax);
    V r = v_sel(neg, v_add(v_set1(1.0f), es), v_sub(v_set1(1.0f), es));
    if (!m_any(small) || m_any(m_andnot(small, v_eq(x, x)))) {
        V b = vm_erfc_big(ax);
        r = v_sel(small, r, v_sel(neg, v_sub(v_set1(2.0f), b), b));
    }
    return v_sel(v_isnan(x), v_add(x, x), r);
}


/* ==== elementwise unary family (issue 10, `unary`): trigonometric, hyperbolic,
 * inverse, log2/log10/exp2 ====
 * Polynomials: the Cephes single-precision minimax sets (sinf/cosf/tanf/atanf/
 * asinf/sinhf); the rest are identities on vm_exp / vm_log / vm_log1p. Measured
 * accuracy: ops_nn/vec/README.md (tests/vec/test_vec_vmath.c). */
#include <math.h>

/* every lane of m set */
SI int m_all_(M m)
{
    return !m_any(m_andnot(m, v_eq(v_zero(), v_zero())));
}

/* Lanes of `big` replaced by f((double)x) rounded once to float: the rare
 * arguments a vector reduction does not cover (huge, Inf, NaN). */
SI V vm_lanes_libm(V x, V r, M big, double (*f)(double))
{
    if (!m_any(big))
        return r;
    float xs[VN], rs[VN], ms[VN];
    v_store(xs, x);
    v_store(rs, r);
    v_store(ms, v_sel(big, v_set1(1.0f), v_zero()));
    for (int i = 0; i < VN; i++)
        if (ms[i] != 0.0f)
            rs[i] = (float)f((double)xs[i]);
    return v_load(rs);
}

/* |x| below which the three-part Cody-Waite reduction by pi/2 is accurate. */
#define VM_TRIG_MAX 131072.0f

/* x = n pi/2 + r, |r| <= pi/4; q = n mod 4 as a float 0..3. The first product
 * is exact (n P1 and x share the 2^-23 grid), so only the tail terms round. */
SI V vm_trig_reduce(V x, V *q)
{
    V n = v_rint(v_mul(x, v_set1(0.636619772367581343f)));
    V r = v_fma_exact(n, v_set1(-1.57079637050628662f), x);
    r = v_fma_exact(n, v_set1(4.37113882867379e-08f), r);
    r = v_fma_exact(n, v_set1(1.71512451000588e-15f), r);
    *q = v_sub(n, v_mul(v_set1(4.0f), v_floor(v_mul(n, v_set1(0.25f)))));
    return r;
}

/* sin r and cos r for |r| <= pi/4 */
SI V vm_sin_poly(V r)
{
    V z = v_mul(r, r);
    V p = v_set1(-1.9515295891e-4f);
    p = v_fma(p, z, v_set1(8.3321608736e-3f));
    p = v_fma(p, z, v_set1(-1.6666654611e-1f));
    return v_fma(v_mul(p, z), r, r);
}
SI V vm_cos_poly(V r)
{
    V z = v_mul(r, r);
    V p = v_set1(2.443315711809948e-5f);
    p = v_fma(p, z, v_set1(-1.388731625493765e-3f));
    p = v_fma(p, z, v_set1(4.166664568298827e-2f));
    return v_fma(p, v_mul(z, z), v_fnma(v_set1(0.5f), z, v_set1(1.0f)));
}

/* quadrant q of sin(x) (cos(x) is quadrant q + 1) from sin r, cos r */
SI V vm_sin_quadrant(V s, V c, V q)
{
    M odd = m_or(v_eq(q, v_set1(1.0f)), v_eq(q, v_set1(3.0f)));
    V y = v_sel(odd, c, s);
    return v_sel(v_ge(q, v_set1(2.0f)), v_neg(y), y);
}

SI V vm_sin(V x)
{
    M big = m_andnot(v_lt(v_abs(x), v_set1(VM_TRIG_MAX)), v_eq(x, x));
    big = m_or(big, v_isnan(x));
    V xc = v_sel(big, v_zero(), x), q;
    V r = vm_trig_reduce(xc, &q);
    V y = vm_sin_quadrant(vm_sin_poly(r), vm_cos_poly(r), q);
    y = v_sel(v_eq(x, v_zero()), x, y); /* sin(-0) = -0 */
    return vm_lanes_libm(x, y, big, sin);
}

SI V vm_cos(V x)
{
    M big = m_or(m_andnot(v_lt(v_abs(x), v_set1(VM_TRIG_MAX)), v_eq(x, x)), v_isnan(x));
    V xc = v_sel(big, v_zero(), x), q;
    V r = vm_trig_reduce(xc, &q);
    q = v_add(q, v_set1(1.0f));
    q = v_sel(v_eq(q, v_set1(4.0f)), v_zero(), q);
    V y = vm_sin_quadrant(vm_sin_poly(r), vm_cos_poly(r), q);
    return vm_lanes_libm(x, y, big, cos);
}

SI V vm_tan(V x)
{
    M big = m_or(m_andnot(v_lt(v_abs(x), v_set1(VM_TRIG_MAX)), v_eq(x, x)), v_isnan(x));
    V xc = v_sel(big, v_zero(), x), q;
    V r = vm_trig_reduce(xc, &q);
    V z = v_mul(r, r);
    V p = v_set1(9.38540185543e-3f);
    p = v_fma(p, z, v_set1(3.11992232697e-3f));
    p = v_fma(p, z, v_set1(2.44301354525e-2f));
    p = v_fma(p, z, v_set1(5.34112807005e-2f));
    p = v_fma(p, z, v_set1(1.33387994085e-1f));
    p = v_fma(p, z, v_set1(3.33331568548e-1f));
    V t = v_fma(v_mul(p, z), r, r);
    M odd = m_or(v_eq(q, v_set1(1.0f)), v_eq(q, v_set1(3.0f)));
    V y = v_sel(odd, v_div(v_set1(-1.0f), t), t);
    y = v_sel(v_eq(x, v_zero()), x, y); /* tan(-0) = -0 */
    return vm_lanes_libm(x, y, big, tan);
}

/* sin(pi x) / (pi x), 1 at 0; x reduced exactly by halves (x - n/2), so
 * integers give exact zeros; |x| >= 2^23 are integers: 0. */
SI V vm_sinc(V x)
{
    V ax = v_abs(x);
    V n = v_rint(v_add(x, x));
    V r = v_fnma(n, v_set1(0.5f), x);                       /* exact, |r| <= 1/4 */
    V t = v_fma(r, v_set1(3.14159274101257324f), v_mul(r, v_set1(-8.74227765734758e-08f)));
    V q = v_sub(n, v_mul(v_set1(4.0f), v_floor(v_mul(n, v_set1(0.25f)))));
    V s = vm_sin_quadrant(vm_sin_poly(t), vm_cos_poly(t), q);
    V px = v_fma(x, v_set1(3.14159274101257324f), v_mul(x, v_set1(-8.74227765734758e-08f)));
    V y = v_div(s, px);
    y = v_sel(v_lt(ax, v_set1(1e-20f)), v_set1(1.0f), y);
    y = v_sel(v_ge(ax, v_set1(8388608.0f)), v_div(v_zero(), px), y); /* +-0 as s / (pi x) */
    return v_sel(m_or(v_isnan(x), v_eq(ax, v_set1(VM_INF))), v_set1(VM_NAN), y);
}

/* atan: |x| folded onto [0, tan(pi/8)] by atan x = pi/2 - atan(1/x) and
 * atan x = pi/4 + atan((x-1)/(x+1)) */
SI V vm_atan(V x)
{
    V a = v_abs(x);
    M hi = v_gt(a, v_set1(2.414213562373095f));
    M mid = m_andnot(hi, v_gt(a, v_set1(0.4142135623730950f)));
    V t = v_sel(hi, v_div(v_set1(-1.0f), a), a);
    t = v_sel(mid, v_div(v_sub(a, v_set1(1.0f)), v_add(a, v_set1(1.0f))), t);
    V y0 = v_sel(hi, v_set1(1.57079637050628662f), v_sel(mid, v_set1(0.785398185253143311f), v_zero()));
    V lo = v_sel(hi, v_set1(-4.37113882867379e-08f), v_sel(mid, v_set1(-2.18556941433689e-08f), v_zero()));
    V z = v_mul(t, t);
    V p = v_set1(8.05374449538e-2f);
    p = v_fma(p, z, v_set1(-1.38776856032e-1f));
    p = v_fma(p, z, v_set1(1.99777106478e-1f));
    p = v_fma(p, z, v_set1(-3.33329491539e-1f));
    V y = v_fma(v_mul(p, z), t, t);
    y = v_add(y0, v_add(y, lo));
    y = v_copysign(y, x);
    return v_sel(v_isnan(x), v_add(x, x), y);
}

/* asin / acos core: for |x| <= 1/2, p = asin|x| with s = |x|, z = x^2; above,
 * p = asin(sqrt z) with z = (1 - |x|)/2 (so asin|x| = pi/2 - 2p) */
SI V vm_asin_core(V a, M big)
{
    V z = v_sel(big, v_mul(v_set1(0.5f), v_sub(v_set1(1.0f), a)), v_mul(a, a));
    V s = v_sel(big, v_sqrt(z), a);
    V p = v_set1(4.2163199048e-2f);
    p = v_fma(p, z, v_set1(2.4181311049e-2f));
    p = v_fma(p, z, v_set1(4.5470025998e-2f));
    p = v_fma(p, z, v_set1(7.4953002686e-2f));
    p = v_fma(p, z, v_set1(1.6666752422e-1f));
    return v_fma(v_mul(p, z), s, s);
}

SI V vm_asin(V x)
{
    V a = v_abs(x);
    M big = v_gt(a, v_set1(0.5f));
    V p = vm_asin_core(a, big);
    /* pi/2 - 2p with pi/2 in two parts */
    V b = v_add(v_fnma(v_set1(2.0f), p, v_set1(1.57079637050628662f)), v_set1(-4.37113882867379e-08f));
    V y = v_copysign(v_sel(big, b, p), x);
    y = v_sel(v_gt(a, v_set1(1.0f)), v_set1(VM_NAN), y);
    return v_sel(v_isnan(x), v_add(x, x), y);
}

SI V vm_acos(V x)
{
    V a = v_abs(x);
    M big = v_gt(a, v_set1(0.5f));
    V p = vm_asin_core(a, big);
    V two_p = v_add(p, p);
    /* x > 1/2: 2p; x < -1/2: pi - 2p; else pi/2 - asin x */
    V neg_big = v_add(v_sub(v_set1(3.14159274101257324f), two_p), v_set1(-8.74227765734758e-08f));
    V small = v_add(v_sub(v_set1(1.57079637050628662f), v_copysign(p, x)), v_set1(-4.37113882867379e-08f));
    V y = v_sel(big, v_sel(v_lt(x, v_zero()), neg_big, two_p), small);
    y = v_sel(v_gt(a, v_set1(1.0f)), v_set1(VM_NAN), y);
    return v_sel(v_isnan(x), v_add(x, x), y);
}

/* e^|x| / 2 without overflow below 89.4: (e^{|x|/2} / 2) e^{|x|/2} above 88 */
SI V vm_half_exp_abs(V a, M *huge)
{
    *huge = v_gt(a, v_set1(88.0f));
    V e = v_mul(vm_exp(v_min(a, v_set1(88.0f))), v_set1(0.5f));
    if (m_any(*huge)) {
        V h = vm_exp(v_mul(a, v_set1(0.5f)));
        e = v_sel(*huge, v_mul(v_mul(h, v_set1(0.5f)), h), e);
    }
    return e;
}

SI V vm_sinh(V x)
{
    V a = v_abs(x);
    V z = v_mul(x, x);
    V p = v_set1(2.03721912945e-4f);
    p = v_fma(p, z, v_set1(8.33028376239e-3f));
    p = v_fma(p, z, v_set1(1.66667160211e-1f));
    V small = v_fma(v_mul(p, z), x, x);
    M huge;
    V h = vm_half_exp_abs(a, &huge);
    V big = v_sel(huge, h, v_sub(h, v_div(v_set1(0.25f), h)));
    V y = v_sel(v_lt(a, v_set1(1.0f)), small, v_copysign(big, x));
    return v_sel(v_isnan(x), v_add(x, x), y);
}

SI V vm_cosh(V x)
{
    V a = v_abs(x);
    M huge;
    V h = vm_half_exp_abs(a, &huge);
    V y = v_sel(huge, h, v_add(h, v_div(v_set1(0.25f), h)));
    return v_sel(v_isnan(x), v_add(x, x), y);
}

/* asinh |x|: the Cephes asinhf polynomial below 1/2, log(|x| + sqrt(x^2 + 1)) up to 1500,
 * log|x| + log 2 above */
SI V vm_asinh(V x)
{
    V a = v_abs(x);
    V z = v_mul(a, a);
    V p = v_set1(2.0122003309e-2f);
    p = v_fma(p, z, v_set1(-4.2699340972e-2f));
    p = v_fma(p, z, v_set1(7.4847586088e-2f));
    p = v_fma(p, z, v_set1(-1.6666288134e-1f));
    V y = v_fma(v_mul(p, z), a, a);
    M small = v_lt(a, v_set1(0.5f));
    if (!m_all_(small)) {
        M huge = v_gt(a, v_set1(1500.0f));
        V arg = v_sel(huge, a, v_add(a, v_sqrt(v_fma(a, a, v_set1(1.0f)))));
        V l = vm_log(arg);
        l = v_sel(huge, v_add(l, v_set1(0.693147180559945309f)), l);
        y = v_sel(small, y, l);
    }
    y = v_copysign(y, x);
    return v_sel(v_isnan(x), v_add(x, x), y);
}

/* acosh x, z = x - 1 (exact near 1): the Cephes acoshf sqrt(z) P(z) below z = 1/2,
 * log(x + sqrt(z (x + 1))) up to 1500, log x + log 2 above; NaN below 1 */
SI V vm_acosh(V x)
{
    V z = v_sub(x, v_set1(1.0f));
    V p = v_set1(1.7596881071e-3f);
    p = v_fma(p, z, v_set1(-7.5272886713e-3f));
    p = v_fma(p, z, v_set1(2.6454905019e-2f));
    p = v_fma(p, z, v_set1(-1.1784741703e-1f));
    p = v_fma(p, z, v_set1(1.4142135263e0f));
    V y = v_mul(p, v_sqrt(v_max(z, v_zero())));
    M small = v_lt(z, v_set1(0.5f));
    if (!m_all_(small)) {
        M huge = v_gt(x, v_set1(1500.0f));
        V arg = v_sel(huge, x, v_add(x, v_sqrt(v_mul(z, v_add(x, v_set1(1.0f))))));
        V l = vm_log(arg);
        l = v_sel(huge, v_add(l, v_set1(0.693147180559945309f)), l);
        y = v_sel(small, y, l);
    }
    y = v_sel(v_lt(x, v_set1(1.0f)), v_set1(VM_NAN), y);
    return v_sel(v_isnan(x), v_add(x, x), y);
}

/* atanh x: the Cephes atanhf polynomial below 1/2, log((1 + |x|) / (1 - |x|)) / 2 above (1 - |x|
 * exact there); +-Inf at +-1, NaN beyond */
SI V vm_atanh(V x)
{
    V a = v_abs(x);
    V z = v_mul(a, a);
    V p = v_set1(1.81740078349e-1f);
    p = v_fma(p, z, v_set1(8.24370301058e-2f));
    p = v_fma(p, z, v_set1(1.46691431730e-1f));
    p = v_fma(p, z, v_set1(1.99782164500e-1f));
    p = v_fma(p, z, v_set1(3.33337300303e-1f));
    V y = v_fma(v_mul(p, z), a, a);
    M small = v_lt(a, v_set1(0.5f));
    if (!m_all_(small)) {
        V l = v_mul(v_set1(0.5f), vm_log(v_div(v_add(v_set1(1.0f), a), v_sub(v_set1(1.0f), a))));
        y = v_sel(small, y, l);
    }
    y = v_sel(v_gt(a, v_set1(1.0f)), v_set1(VM_NAN), y);
    y = v_copysign(y, x);
    return v_sel(v_isnan(x), v_add(x, x), y);
}

/* log2 / log10: x = 2^e m, m in [sqrt(1/2), sqrt(2)); log m by the vm_log
 * polynomial, then e * ce + log(m) * cm. Powers of two give exact log2. */
SI V vm_log_base(V x, float ce, float cm_hi, float cm_lo)
{
    M den = v_lt(x, v_set1(1.17549435e-38f));
    V xs = v_sel(den, v_mul(x, v_set1(8388608.0f)), x);
    VI xi = v_as_i(xs);
    VI e = vi_sub(vi_srli(xi, 23), vi_set1(127));
    V m = vi_as_v(vi_or(vi_and(xi, vi_set1(0x007fffff)), vi_set1(0x3f800000)));
    M hi = v_gt(m, v_set1(1.41421356f));
    m = v_sel(hi, v_mul(m, v_set1(0.5f)), m);
    V ef = v_add(vi_cvt_v(e), v_sel(hi, v_set1(1.0f), v_zero()));
    ef = v_sub(ef, v_sel(den, v_set1(23.0f), v_zero()));
    V f = v_sub(m, v_set1(1.0f));
    V z = v_mul(f, f);
    V p = v_set1(7.0376836292e-2f);
    p = v_fma(p, f, v_set1(-1.1514610310e-1f));
    p = v_fma(p, f, v_set1(1.1676998740e-1f));
    p = v_fma(p, f, v_set1(-1.2420140846e-1f));
    p = v_fma(p, f, v_set1(1.4249322787e-1f));
    p = v_fma(p, f, v_set1(-1.6668057665e-1f));
    p = v_fma(p, f, v_set1(2.0000714765e-1f));
    p = v_fma(p, f, v_set1(-2.4999993993e-1f));
    p = v_fma(p, f, v_set1(3.3333331174e-1f));
    V y = v_fnma(v_set1(0.5f), z, v_mul(v_mul(p, f), z)); /* log m - f */
    /* (f + y) (cm_hi + cm_lo) + e ce, the large terms last */
    V lm = v_fma(f, v_set1(cm_lo), v_mul(y, v_set1(cm_hi + cm_lo)));
    V r = v_fma(f, v_set1(cm_hi), lm);
    r = v_fma(ef, v_set1(ce), r);
    r = v_sel(v_eq(x, v_zero()), v_set1(-VM_INF), r);
    r = v_sel(v_eq(x, v_set1(VM_INF)), x, r);
    r = v_sel(v_lt(x, v_zero()), v_set1(VM_NAN), r);
    return v_sel(v_isnan(x), v_add(x, x), r);
}
SI V vm_log2(V x) { return vm_log_base(x, 1.0f, 1.44269502162933350f, 1.92596303350001e-08f); }
SI V vm_log10(V x) { return vm_log_base(x, 0.301029995663981195f, 0.434294492006301880f, -1.01030499521926e-08f); }

/* 2^x = 2^n 2^r, n = rint(x), r = x - n exact in [-1/2, 1/2] */
SI V vm_exp2(V x)
{
    V xc = v_min(v_max(x, v_set1(-151.0f)), v_set1(129.0f));
    V n = v_rint(xc);
    V r = v_sub(xc, n);
    V e = vm_exp(v_mul(r, v_set1(0.693147180559945309f)));
    V y = v_ldexp(e, n);
    return v_sel(v_isnan(x), v_add(x, x), y);
}


/* sin(pi x) and cos(pi x), x reduced exactly by halves (valid for |x| < 2^23) */
SI void vm_sincospi(V x, V *s, V *c)
{
    V n = v_rint(v_add(x, x));
    V r = v_fnma(n, v_set1(0.5f), x);
    V t = v_fma(r, v_set1(3.14159274101257324f), v_mul(r, v_set1(-8.74227765734758e-08f)));
    V q = v_sub(n, v_mul(v_set1(4.0f), v_floor(v_mul(n, v_set1(0.25f)))));
    V sp = vm_sin_poly(t), cp = vm_cos_poly(t);
    *s = vm_sin_quadrant(sp, cp, q);
    V q1 = v_add(q, v_set1(1.0f));
    *c = vm_sin_quadrant(sp, cp, v_sel(v_eq(q1, v_set1(4.0f)), v_zero(), q1));
}

/* x + k for k = 0..7 while below 8: returns t = x + k >= 8 (x > 0) with the product
 * p = x (x+1) ... (t-1) (for lgamma) or num / den = sum 1 / (x + k) (for digamma) */
SI V vm_shift8(V x, V *p, V *num, V *den)
{
    V t = x, pr = v_set1(1.0f), nu = v_zero(), de = v_set1(1.0f);
    for (int k = 0; k < 8; k++) {
        M m = v_lt(t, v_set1(8.0f));
        pr = v_sel(m, v_mul(pr, t), pr);
        nu = v_sel(m, v_fma(nu, t, de), nu); /* nu/de + 1/t = (nu t + de) / (de t) */
        de = v_sel(m, v_mul(de, t), de);
        t = v_sel(m, v_add(t, v_set1(1.0f)), t);
    }
    *p = pr;
    *num = nu;
    *den = de;
    return t;
}

/* log Gamma(x) (torch.lgamma: log|Gamma|): Stirling's series from 8 after the upward shift,
 * reflection log(pi / |sin(pi x)|) - lgamma(1 - x) below 0; +Inf at the poles and +-Inf;
 * exact 0 at 1 and 2. Absolute error ~1e-6 near its zeros (the shift's cancellation). */
SI V vm_lgamma(V x)
{
    M neg = v_lt(x, v_zero());
    V xp = v_sel(neg, v_sub(v_set1(1.0f), x), x);
    V p, nu, de;
    V t = vm_shift8(xp, &p, &nu, &de);
    V r = v_div(v_set1(1.0f), t), r2 = v_mul(r, r);
    V ser = v_fma(v_fma(r2, v_set1(1.0f / 1260), v_set1(-1.0f / 360)), r2, v_set1(1.0f / 12));
    V lt = vm_log(t);
    V y = v_fma(v_sub(t, v_set1(0.5f)), lt, v_sub(v_fma(ser, r, v_set1(0.918938533204672742f)), t));
    y = v_sub(y, vm_log(p));
    if (m_any(neg)) {
        V s, c;
        vm_sincospi(x, &s, &c);
        V refl = v_sub(v_sub(v_set1(1.14472988584940017f), vm_log(v_abs(s))), y); /* log pi - log|s|: s may be denormal */
        refl = v_sel(v_le(x, v_set1(-8388608.0f)), v_set1(VM_INF), refl); /* integers */
        y = v_sel(neg, refl, y);
    }
    y = v_sel(m_or(v_eq(x, v_set1(1.0f)), v_eq(x, v_set1(2.0f))), v_zero(), y);
    y = v_sel(v_eq(v_abs(x), v_set1(VM_INF)), v_set1(VM_INF), y);
    return v_sel(v_isnan(x), v_add(x, x), y);
}

/* digamma: psi(t) - sum 1/(x+k) with the asymptotic series from 8, reflection
 * psi(1 - x) - pi cos(pi x) / sin(pi x) below 0; torch's poles: psi(+-0) = -+Inf, NaN at the
 * negative integers and -Inf */
SI V vm_digamma(V x)
{
    M neg = v_lt(x, v_zero());
    V xp = v_sel(neg, v_sub(v_set1(1.0f), x), x);
    V p, nu, de;
    V t = vm_shift8(xp, &p, &nu, &de);
    V r = v_div(v_set1(1.0f), t), r2 = v_mul(r, r);
    V ser = v_fma(v_fma(r2, v_set1(-1.0f / 252), v_set1(1.0f / 120)), r2, v_set1(-1.0f / 12));
    V y = v_fma(ser, r2, v_fnma(v_set1(0.5f), r, vm_log(t)));
    y = v_sub(y, v_div(nu, de));
    if (m_any(neg)) {
        V s, c;
        vm_sincospi(x, &s, &c);
        V refl = v_fnma(v_set1(3.14159265358979f), v_div(c, s), y);
        M pole = m_or(v_eq(x, v_floor(x)), v_le(x, v_set1(-8388608.0f)));
        refl = v_sel(pole, v_set1(VM_NAN), refl);
        y = v_sel(neg, refl, y);
    }
    y = v_sel(v_eq(x, v_zero()), v_sel(v_lt(v_copysign(v_set1(1.0f), x), v_zero()), v_set1(VM_INF),
                                       v_set1(-VM_INF)), y);
    y = v_sel(v_eq(x, v_set1(VM_INF)), x, y);
    return v_sel(v_isnan(x), v_add(x, x), y);
}

#endif
