/* SpecialUnary kernel: the inverse normal CDF and the Fresnel integrals in double.
 *  - ndtri(p): a rational first guess (Abramowitz & Stegun 26.2.23) refined by Newton steps on
 *    Phi(x) = erfc(-x / sqrt 2) / 2 for the smaller tail q = min(p, 1 - p); 0 -> -inf, 1 -> +inf,
 *    outside [0, 1] or NaN -> NaN.
 *  - C(x), S(x) (odd): the Maclaurin series below |x| = 3.5, above it the auxiliary functions
 *    f, g of their asymptotic expansions (A&S 7.3.9-10, 7.3.27-28) with the phase pi x^2 / 2
 *    reduced exactly (x^2 mod 4 is exact in double for float inputs); +-inf -> +-1/2. */
#include <math.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "special_args.h"

static const double kPi = 3.14159265358979323846;

static double ndtri(double p)
{
    if (!(p >= 0.0 && p <= 1.0))
        return NAN;
    if (p == 0.0)
        return -INFINITY;
    if (p == 1.0)
        return INFINITY;
    double q = p < 0.5 ? p : 1.0 - p; /* the tail the iteration works in (exact for p >= 0.5) */
    double t = sqrt(-2.0 * log(q));
    double x = t - (2.515517 + t * (0.802853 + t * 0.010328)) / (1.0 + t * (1.432788 + t * (0.189269 + t * 0.001308)));
    x = -x; /* the lower-tail quantile, <= 0 */
    for (int it = 0; it < 4; it++) {
        double cdf = 0.5 * erfc(-x / 1.41421356237309504880);
        double pdf = exp(-0.5 * x * x) / 2.50662827463100050242;
        if (pdf == 0.0)
            break;
        double step = (cdf - q) / pdf;
        x -= step / (1.0 + 0.5 * x * step); /* Halley's correction: cubic convergence */
    }
    return p < 0.5 ? x : -x;
}

/* C(x) (sine = 0) or S(x) (sine = 1) for x >= 0. */
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

static double special_eval(int fn, double x)
{
    if (fn == SPECIAL_NDTRI)
        return ndtri(x);
    if (x != x)
        return x;
    double r = fresnel_pos(fabs(x), fn == SPECIAL_FRESNEL_SIN);
    return x < 0 ? -r : r;
}

static int special_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(special_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const special_args *a = (const special_args *)args;
    if (a->ew.nops != 2 || a->fn < SPECIAL_NDTRI || a->fn > SPECIAL_FRESNEL_SIN)
        return ACLEMU_KERNEL_BAD_ARGS;
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[2] = {0, 0};
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
        int64_t so = it.inner_stride[0], sx = it.inner_stride[1];
        for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
            int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
            double v[ACLEMU_CHUNK];
            aclemu_load_f64(v, p[1] + c * sx, a->ew.op[1].dtype, sx, m);
            for (int64_t i = 0; i < m; i++) v[i] = special_eval(a->fn, v[i]);
            aclemu_store_f64(p[0] + c * so, a->ew.op[0].dtype, so, v, m);
        }
    }
    return 0;
}

ACLEMU_KERNEL("SpecialUnary", special_kernel);
