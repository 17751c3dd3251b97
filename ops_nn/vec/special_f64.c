/* Double-precision Fresnel integrals, the lanes vm_fresnel leaves to scalar code (|x| >= 4096,
 * +-Inf, NaN): above |x| = 3.5 the auxiliary functions f, g of their asymptotic expansions
 * (A&S 7.3.9-10, 7.3.27-28) with the phase pi x^2 / 2 reduced exactly (x^2 mod 4 is exact in
 * double for float inputs), the Maclaurin series below; +-Inf -> +-1/2, NaN kept. */
#include <math.h>

#include "vmath.h"

static const double kPi = 3.14159265358979323846;

static double fresnel_pos(double x, int sine)
{
    if (isinf(x))
        return 0.5;
    if (x < 3.5) { /* both ways are ~1e-9 absolute at the switch */
        double h = 0.5 * kPi, x2 = x * x, x4 = x2 * x2, sum = 0.0;
        /* term_n = (-1)^n h^(2n+s) x^(4n+1+2s) / ((2n+s)! (4n+1+2s)) */
        double a = sine ? h * x2 * x : x; /* h^s x^(1+2s) / s! */
        for (int n = 0; n < 60; n++) {
            int k = 4 * n + 1 + 2 * sine;
            double term = a / k;
            sum += term;
            if (fabs(term) < 1e-18 * fabs(sum))
                break;
            int m = 2 * n + sine; /* next: multiply by -h^2 x^4 / ((m+1)(m+2)) */
            a *= -h * h * x4 / ((double)(m + 1) * (double)(m + 2));
        }
        return sum;
    }
    double u = kPi * x * x, inv = 1.0 / (u * u);
    double f = 0.0, g = 0.0, tf = 1.0, tg = 1.0 / u;
    for (int n = 0; n < 40; n++) { /* asymptotic: stop before the terms grow again */
        f += tf;
        g += tg;
        double nf = -tf * (4 * n + 1) * (4 * n + 3) * inv, ng = -tg * (4 * n + 3) * (4 * n + 5) * inv;
        if (fabs(nf) > fabs(tf) || fabs(nf) < 1e-17)
            break;
        tf = nf;
        tg = ng;
    }
    f /= kPi * x;
    g /= kPi * x;
    double r = fmod(x * x, 4.0); /* pi x^2 / 2 = (pi / 2) r (mod 2 pi) */
    double sn = sin(0.5 * kPi * r), cs = cos(0.5 * kPi * r);
    return sine ? 0.5 - f * cs - g * sn : 0.5 + f * sn - g * cs;
}

static double fresnel(double x, int sine)
{
    if (x != x)
        return x;
    double r = fresnel_pos(fabs(x), sine);
    return x < 0 ? -r : r;
}

double vec_fresnel_cos_f64(double x) { return fresnel(x, 0); }
double vec_fresnel_sin_f64(double x) { return fresnel(x, 1); }
