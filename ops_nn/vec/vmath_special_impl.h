/* Ndtri and the Fresnel integrals in FP32 on the simd.h vocabulary (included after
 * vmath_impl.h, once per ISA). Branch-free per lane; whole-vector skips only where no lane
 * needs a branch. Constants: gen_special_coeffs.py (mpmath fits, errors in its output).
 * Measured accuracy: ops_nn/vec/README.md (tests/vec/test_vec_special.c). */
#ifndef ACLEMU_VEC_VMATH_SPECIAL_IMPL_H
#define ACLEMU_VEC_VMATH_SPECIAL_IMPL_H

#include "vmath.h"
#include "vmath_impl.h"

/* c[0] x^(n-1) + ... + c[n-1] */
SI V vm_horner(const float *c, int n, V x)
{
    V p = v_set1(c[0]);
    for (int k = 1; k < n; k++)
        p = v_fma(p, x, v_set1(c[k]));
    return p;
}

/* ndtri_mid: max abs error of the fit 2.37e-9 */
static const float ndtri_mid[17] = {1.080344493e-04f, 1.843430213e-04f, -1.435500487e-04f, -2.411261975e-04f, 3.981720568e-04f, 6.893576422e-04f, 4.546616144e-04f, 8.339332671e-04f, 1.946147667e-03f, 3.611860053e-03f, 6.728305193e-03f, 1.315284470e-02f, 2.680261041e-02f, 5.808906287e-02f, 1.401360938e-01f, 4.236462080e-01f, 2.830164283e+00f};

/* ndtri(p), the standard normal quantile. p in [1/16, 15/16]: q P(q^2), q = p - 1/2 (exact from
 * 1/4 up, one rounding below), P in u = q^2 / h - 1, h = (7/16)^2 / 2. Tails: for the smaller tail qt = min(p, 1 - p) (1 - p exact) a
 * first guess y0 of the upper quantile from A&S 26.2.23 (|error| < 4.5e-4), then one Halley
 * step on log Q(y) = log qt, Q the upper tail, written with erfcx so nothing underflows down to
 * the smallest denormal p: log Q(y) = log(erfcx(y / sqrt 2) / 2) - y^2 / 2, Q'/Q = -m with
 * m = sqrt(2 / pi) / erfcx(y / sqrt 2). 0 -> -Inf, 1 -> +Inf, NaN and p outside [0, 1] -> NaN. */
SI V vm_ndtri(V p)
{
    V q = v_sub(p, v_set1(0.5f));
    V u = v_fma(v_mul(q, q), v_set1(512.0f / 49.0f), v_set1(-1.0f));
    V y = v_mul(q, vm_horner(ndtri_mid, 17, u));
    V qt = v_min(p, v_sub(v_set1(1.0f), p));
    M tail = v_lt(qt, v_set1(0.0625f));
    if (m_any(tail)) {
        V qc = v_min(v_max(qt, v_set1(1.4e-45f)), v_set1(0.0625f)); /* NaN / 0 / < 0: fixed below */
        V lq = vm_log(qc);
        V t = v_sqrt(v_mul(v_set1(-2.0f), lq));
        V num = v_fma(v_fma(v_set1(0.010328f), t, v_set1(0.802853f)), t, v_set1(2.515517f));
        V den = v_fma(v_fma(v_fma(v_set1(0.001308f), t, v_set1(0.189269f)), t, v_set1(1.432788f)), t,
                      v_set1(1.0f));
        V y0 = v_sub(t, v_div(num, den)); /* >= 1.5 */
        V ex = vm_erfcx_big(v_min(v_mul(y0, v_set1(0.707106781186547524f)), v_set1(10.1f)));
        V h = v_mul(y0, y0), l = v_fma_exact(y0, y0, v_neg(h));
        /* f = log Q(y0) - log qt: -h/2 - log qt first (they cancel exactly in the far tail) */
        V f = v_fnma(v_set1(0.5f), l, v_add(v_fnma(v_set1(0.5f), h, v_neg(lq)), vm_log(v_mul(ex, v_set1(0.5f)))));
        V m = v_div(v_set1(0.797884560802865356f), ex);
        V d = v_div(f, m);
        V y1 = v_add(y0, v_div(d, v_fma(v_mul(d, v_sub(m, y0)), v_set1(0.5f), v_set1(1.0f))));
        y = v_sel(tail, v_sel(v_lt(p, v_set1(0.5f)), v_neg(y1), y1), y);
    }
    y = v_sel(v_eq(p, v_zero()), v_set1(-VM_INF), y);
    y = v_sel(v_eq(p, v_set1(1.0f)), v_set1(VM_INF), y);
    y = v_sel(m_or(v_lt(p, v_zero()), v_gt(p, v_set1(1.0f))), v_set1(VM_NAN), y);
    return v_sel(v_isnan(p), v_add(p, p), y);
}

static const float fres_f_mid[13] = {-1.333543221e-06f, 7.792593478e-06f, -2.490795908e-05f, 6.163110315e-05f, -1.241986710e-04f, 1.750540908e-04f, -2.270875223e-05f, -9.211791669e-04f, 4.105395629e-03f, -1.260357804e-02f, 3.229052644e-02f, -7.380602607e-02f, 1.565843216e-01f};
static const float fres_g_mid[13] = {-3.391345337e-06f, 7.390844144e-06f, 8.557667128e-07f, -3.060840346e-05f, 1.279139946e-04f, -4.308136633e-04f, 1.185097956e-03f, -2.760938824e-03f, 5.563248464e-03f, -9.660261260e-03f, 1.409360814e-02f, -1.615169479e-02f, 1.174659392e-02f};
static const float fres_F_big[7] = {5.512254408e+04f, -4.121966828e+03f, 1.948495506e+02f, -1.074139789e+01f, 1.077792092e+00f, -3.039634496e-01f, 1.000000000e+00f};
static const float fres_G_big[7] = {1.096857068e+06f, -7.691112445e+04f, 3.188992031e+03f, -1.389152346e+02f, 9.698230012e+00f, -1.519815440e+00f, 9.999999997e-01f};
static const float fres_c_small[9] = {1.989685792e-12f, -2.202276925e-10f, 1.884349912e-08f, -1.200097256e-06f, 5.407413381e-05f, -1.604883136e-03f, 2.818550088e-02f, -2.467401100e-01f, 1.000000000e+00f};
static const float fres_s_small[9] = {1.733410209e-13f, -2.157430681e-11f, 2.108212193e-09f, -1.564714450e-07f, 8.444272884e-06f, -3.121169424e-04f, 7.244784204e-03f, -9.228058536e-02f, 5.235987756e-01f};

/* C(x) (sine = 0) or S(x) (sine = 1), odd. |x| < 1: Taylor series in x^4. 1 <= |x| < 4096:
 * C = 1/2 + f sin(pi x^2 / 2) - g cos(..), S = 1/2 - f cos(..) - g sin(..) with the auxiliary
 * functions f, g as polynomials in |x| - 2 below 3 and f = F(v) / (pi x), g = G(v) / (pi^2 x^3)
 * in v = 1/x^4 above; the phase pi x^2 / 2 from x^2 split exactly into two floats and reduced
 * exactly by its integral part (x^2 < 2^24). |x| >= 4096,
 * +-Inf and NaN: the double code (vec_fresnel_*_f64) lane by lane. */
SI V vm_fresnel(V x, int sine)
{
    V a = v_abs(x);
    M big = m_or(v_ge(a, v_set1(4096.0f)), v_isnan(x));
    V ac = v_sel(big, v_set1(1.0f), a);
    V a2 = v_mul(ac, ac), a4 = v_mul(a2, a2);
    M small = v_lt(ac, v_set1(1.0f));
    V r = sine ? v_mul(v_mul(ac, a2), vm_horner(fres_s_small, 9, a4)) : v_mul(ac, vm_horner(fres_c_small, 9, a4));
    if (!m_all_(small)) {
        /* x^2 / 2 = h + l exactly; h = n + r1 with n integral (exact below 2^23), so the phase
         * is pi n + pi (r1 + l), |r1 + l| <= 3/4, rounded once */
        V h = v_mul(a2, v_set1(0.5f)), l = v_mul(v_fma_exact(ac, ac, v_neg(a2)), v_set1(0.5f));
        V n = v_rint(h);
        V sn2, cs2;
        vm_sincospi(v_add(v_sub(h, n), l), &sn2, &cs2);
        M odd = v_eq(v_sub(n, v_mul(v_set1(2.0f), v_floor(v_mul(n, v_set1(0.5f))))), v_set1(1.0f));
        sn2 = v_sel(odd, v_neg(sn2), sn2);
        cs2 = v_sel(odd, v_neg(cs2), cs2);
        M mid = v_lt(ac, v_set1(3.0f));
        V f, g;
        if (m_all_(m_or(small, mid))) {
            V t = v_sub(ac, v_set1(2.0f));
            f = vm_horner(fres_f_mid, 13, t);
            g = vm_horner(fres_g_mid, 13, t);
        } else {
            V t = v_sub(ac, v_set1(2.0f));
            V v = v_div(v_set1(1.0f), a4);
            V pa = v_mul(ac, v_set1(3.14159265358979324f));
            V fb = v_div(vm_horner(fres_F_big, 7, v), pa);
            V gb = v_div(vm_horner(fres_G_big, 7, v), v_mul(v_mul(pa, pa), ac));
            f = v_sel(mid, vm_horner(fres_f_mid, 13, t), fb);
            g = v_sel(mid, vm_horner(fres_g_mid, 13, t), gb);
        }
        V yb = sine ? v_sub(v_fnma(f, cs2, v_set1(0.5f)), v_mul(g, sn2))
                    : v_sub(v_fma(f, sn2, v_set1(0.5f)), v_mul(g, cs2));
        r = v_sel(small, r, yb);
    }
    r = v_copysign(r, x);
    return vm_lanes_libm(x, r, big, sine ? vec_fresnel_sin_f64 : vec_fresnel_cos_f64);
}

#endif
