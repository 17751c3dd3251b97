/* Ndtri and the Fresnel integrals (vm_ndtri / vm_fresnel) on every ISA: ulp error against
 * independent references over the whole float domain, known values from mpmath, and the
 * special values. References: ndtri by bisection on libm's double erfc (relative in both
 * tails); C / S in long double, the Maclaurin series below 4 and the asymptotic expansion
 * above (truncated at its smallest term, < 1e-11 absolute at 4). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "vmath.h"
#include "vt_util.h"


/* x with Phi(x) = p: the tail that p is in, bisected until the interval stops shrinking */
static double ref_ndtri(double p)
{
    if (!(p >= 0 && p <= 1)) return NAN;
    if (p == 0) return -INFINITY;
    if (p == 1) return INFINITY;
    int upper = p > 0.5;
    double q = upper ? 1.0 - p : p; /* exact for a float p */
    double lo = 0, hi = 40;         /* y > 0 with erfc(y / sqrt 2) / 2 = q */
    for (int it = 0; it < 200; it++) {
        double mid = 0.5 * (lo + hi);
        if (mid == lo || mid == hi) break;
        if (0.5 * erfc(mid / M_SQRT2) > q) lo = mid; else hi = mid;
    }
    double y = 0.5 * (lo + hi);
    return upper ? y : -y;
}

static long double fres_ld(long double x, int sine)
{
    const long double pi = 3.14159265358979323846264338327950288L;
    if (x < 4) {
        long double h = pi / 2, x4 = x * x * x * x, a = sine ? h * x * x * x : x, sum = 0;
        for (int n = 0; n < 200; n++) {
            int k = 4 * n + 1 + 2 * sine, m = 2 * n + sine;
            sum += a / k;
            a *= -h * h * x4 / ((long double)(m + 1) * (m + 2));
            if (fabsl(a) < 1e-30L) break;
        }
        return sum;
    }
    long double u = pi * x * x, inv = 1 / (u * u), f = 0, g = 0, tf = 1, tg = 1 / u;
    for (int n = 0; n < 400; n++) {
        f += tf;
        g += tg;
        long double nf = -tf * (4 * n + 1) * (4 * n + 3) * inv, ng = -tg * (4 * n + 3) * (4 * n + 5) * inv;
        if (fabsl(nf) > fabsl(tf) || fabsl(nf) < 1e-30L) break;
        tf = nf;
        tg = ng;
    }
    f /= pi * x;
    g /= pi * x;
    long double r = fmodl(x * x, 4.0L); /* exact: x^2 of a float fits the 64-bit significand */
    long double sn = sinl(pi / 2 * r), cs = cosl(pi / 2 * r);
    return sine ? 0.5L - f * cs - g * sn : 0.5L + f * sn - g * cs;
}
static double ref_fres(double x, int sine)
{
    if (isnan(x)) return x;
    if (isinf(x)) return copysign(0.5, x);
    double r = (double)fres_ld(fabsl((long double)x), sine);
    return x < 0 ? -r : r;
}
static double ref_c(double x) { return ref_fres(x, 0); }
static double ref_s(double x) { return ref_fres(x, 1); }

static float one(vfn f, float x)
{
    float y;
    f(&x, &y, 1);
    return y;
}

typedef struct {
    const char *name;
    vfn f;
    double (*ref)(double);
    float lo, hi; /* domain the bit patterns are folded into */
    double max_ulp;
} fcase;

static const fcase cases[] = {
    {"ndtri", vec_ndtri, ref_ndtri, 0.f, 1.f, 4.0},
    {"fresnel_cos", vec_fresnel_cos, ref_c, -1e6f, 1e6f, 4.0},
    {"fresnel_cos_mid", vec_fresnel_cos, ref_c, -12.f, 12.f, 4.0},
    {"fresnel_sin", vec_fresnel_sin, ref_s, -1e6f, 1e6f, 4.0},
    {"fresnel_sin_mid", vec_fresnel_sin, ref_s, -12.f, 12.f, 4.0},
};

static void ulp_sweep(void **state)
{
    (void)state;
    const int64_t n = 1 << 18;
    float *x = malloc(n * 4), *y = malloc(n * 4);
    for (int k = 0; k < VT_NISA; k++) {
        vec_isa_force(vt_isas[k]);
        for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
            const fcase *fc = &cases[c];
            for (int64_t i = 0; i < n; i++) { /* every binade (bit patterns), then a uniform grid */
                float v = vec_bits_f32((uint32_t)((uint64_t)i * 2654435761u));
                if (i % 2 || !(v >= fc->lo && v <= fc->hi))
                    v = fc->lo + (fc->hi - fc->lo) * ((float)i / (float)n);
                x[i] = v;
            }
            fc->f(x, y, n - 3); /* odd length: the tail */
            double worst = 0;
            int64_t at = 0;
            for (int64_t i = 0; i < n - 3; i++) {
                double r = fc->ref(x[i]);
                double e = isinf(r) || isnan(r) ? (y[i] == (float)r || (isnan(r) && isnan(y[i])) ? 0 : INFINITY)
                                                : fabs((double)y[i] - r) / ulp_of(r);
                if (!(e <= worst)) { worst = e; at = i; }
            }
            print_message("%-16s [%-6s] max %.2f ulp\n", fc->name, vec_isa_name(vt_isas[k]), worst);
            if (!(worst <= fc->max_ulp))
                fail_msg("%s [%s]: %.2f ulp at x=%.9g (got %.9g want %.9g)", fc->name, vec_isa_name(vt_isas[k]), worst,
                         (double)x[at], (double)y[at], fc->ref(x[at]));
        }
    }
    free(x);
    free(y);
}

static void close_to(float got, double want, const char *what)
{
    if (!(fabs(got - want) <= 4 * ulp_of(want)))
        fail_msg("%s: got %.9g want %.17g", what, (double)got, want);
}

/* known values (mpmath, 30 digits) and the special values, every ISA */
static void known_values(void **state)
{
    (void)state;
    for (int k = 0; k < VT_NISA; k++) {
        vec_isa_force(vt_isas[k]);
        close_to(one(vec_ndtri, 0.25f), -0.6744897501960817432, "ndtri(1/4)");
        close_to(one(vec_ndtri, 0.75f), 0.6744897501960817432, "ndtri(3/4)");
        close_to(one(vec_ndtri, 0.125f), -1.1503493803760081783, "ndtri(1/8)");
        close_to(one(vec_ndtri, 0x1p-20f), -4.763001034267813957, "ndtri(2^-20)");
        close_to(one(vec_ndtri, 0x1p-100f), -11.484540434973037807, "ndtri(2^-100)");
        close_to(one(vec_ndtri, 0x1p-149f), -14.121426613350498539, "ndtri(2^-149)");
        assert_true(one(vec_ndtri, 0.5f) == 0.0f);
        assert_true(one(vec_ndtri, 0.0f) == -INFINITY && one(vec_ndtri, -0.0f) == -INFINITY);
        assert_true(one(vec_ndtri, 1.0f) == INFINITY);
        assert_true(isnan(one(vec_ndtri, -1e-30f)) && isnan(one(vec_ndtri, 1.0000001f)));
        assert_true(isnan(one(vec_ndtri, NAN)) && isnan(one(vec_ndtri, INFINITY)) && isnan(one(vec_ndtri, -INFINITY)));
        const float xs[6] = {0.5f, 1.0f, 2.5f, 3.0f, 7.25f, 1000.5f};
        const double cs[6] = {0.49234422587144639288, 0.77989340037682282947, 0.45741300964177704525,
                              0.60572078929768562956, 0.53376656924787114232, 0.50012175095081008272};
        const double ss[6] = {0.064732432859999277611, 0.43825914739035476608, 0.61918175581959293611,
                              0.4963129989673750361, 0.47194472715389316354, 0.49970606693895421723};
        for (int i = 0; i < 6; i++) {
            close_to(one(vec_fresnel_cos, xs[i]), cs[i], "C(x)");
            close_to(one(vec_fresnel_sin, xs[i]), ss[i], "S(x)");
            close_to(one(vec_fresnel_cos, -xs[i]), -cs[i], "C(-x)");
            close_to(one(vec_fresnel_sin, -xs[i]), -ss[i], "S(-x)");
        }
        for (int s = 0; s < 2; s++) {
            vfn f = s ? vec_fresnel_sin : vec_fresnel_cos;
            float z = one(f, -0.0f);
            assert_true(z == 0.0f && signbit(z) && one(f, 0.0f) == 0.0f && !signbit(one(f, 0.0f)));
            assert_true(one(f, INFINITY) == 0.5f && one(f, -INFINITY) == -0.5f && isnan(one(f, NAN)));
            assert_true(one(f, 3e38f) == 0.5f); /* x^2 a multiple of 4: the tail terms are below 1/2 ulp */
        }
        close_to(one(vec_fresnel_cos, 1e-20f), 1e-20, "C(tiny) = x");
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {cmocka_unit_test(ulp_sweep), cmocka_unit_test(known_values)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
