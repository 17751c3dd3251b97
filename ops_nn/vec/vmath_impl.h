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
    return v_add(vm_log(w), c);
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

/* erfc(|x|) for |x| >= 0.75: e^{-x^2} * t * G(t), G a Chebyshev series in
 * t = 1/(1 + x/2) (gen_erf_coeffs.py); x^2 is split exactly so the
 * exponential does not amplify its rounding. */
SI V vm_erfc_big(V ax)
{
    static const float q[12] = {
        4.961770328e-01f, 1.794442234e-01f, 2.060609742e-02f, 9.271773933e-04f,
        -1.032149779e-04f, -1.315740551e-05f, 9.591263423e-07f, 1.700587529e-07f,
        -1.700166568e-08f, -2.098956726e-09f, 3.870247780e-10f, 1.412489338e-11f};
    const float t_lo = 0.165289256f, t_hi = 0.727272727f;
    V a = v_min(ax, v_set1(10.1f));
    V t = v_rcp(v_fma(a, v_set1(0.5f), v_set1(1.0f))); /* in [1.375, 6.05] */
    V s = v_mul(v_sub(t, v_set1(0.5f * (t_lo + t_hi))), v_set1(2.0f / (t_hi - t_lo)));
    V qv = v_mul(vm_cheb(q, 11, s), t);
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

#endif
