#!/usr/bin/env python3
"""Regenerates the constants of vm_ndtri / vm_fresnel (vmath_impl.h) with mpmath:

  - ndtri, central p in [1/16, 15/16]: ndtri(1/2 + q) / q as a polynomial in u = s / h - 1,
    s = q^2 in [0, 2h], h = (7/16)^2 / 2 (Chebyshev fit, mpmath.chebyfit; the shifted variable
    keeps the sum of |coefficients| at 3.5, so FP32 Horner does not cancel);
  - Fresnel, 1 <= x <= 3: the auxiliary functions f, g (C = 1/2 + f sin(pi x^2/2) - g cos(..),
    S = 1/2 - f cos(..) - g sin(..)) as polynomials in t = x - 2;
  - Fresnel, x >= 3: F = pi x f and G = pi^2 x^3 g as polynomials in v = 1/x^4 on [0, 1/81].
Prints the C initialisers, highest degree first (Horner order). Needs python3 with mpmath."""
import mpmath as mp

mp.mp.dps = 40


def fg(x):
    C, S = mp.fresnelc(x), mp.fresnels(x)
    a = mp.pi * x * x / 2
    s, c = mp.sin(a), mp.cos(a)
    return (C - 0.5) * s - (S - 0.5) * c, -(C - 0.5) * c - (S - 0.5) * s


def ndtri_ratio(s):
    return mp.sqrt(2) * mp.erfinv(2 * mp.sqrt(s)) / mp.sqrt(s) if s > 0 else mp.sqrt(2 * mp.pi)


def show(name, coeffs, err):
    print('/* %s: max abs error of the fit %s */' % (name, mp.nstr(err, 3)))
    print('static const float %s[%d] = {%s};' % (name, len(coeffs), ', '.join('%.9ef' % float(c) for c in coeffs)))


def main():
    h = (mp.mpf(7) / 16) ** 2 / 2
    c, e = mp.chebyfit(lambda u: ndtri_ratio((u + 1) * h), [-1, 1], 17, error=True)
    show('ndtri_mid', c, e)
    for k, name in ((0, 'fres_f_mid'), (1, 'fres_g_mid')):
        c, e = mp.chebyfit(lambda t: fg(t + 2)[k], [-1, 1], 13, error=True)
        show(name, c, e)
    big = ((0, 'fres_F_big', lambda x, f: mp.pi * x * f), (1, 'fres_G_big', lambda x, f: mp.pi ** 2 * x ** 3 * f))
    for k, name, scale in big:
        def fn(v):
            x = 1 / mp.root(v, 4) if v > 0 else mp.mpf(10) ** 12
            return scale(x, fg(x)[k])
        c, e = mp.chebyfit(fn, [mp.mpf(10) ** -40, mp.mpf(1) / 81], 7, error=True)
        show(name, c, e)
    # Taylor terms below x = 1: C = x sum a_n x^4n, S = x^3 sum b_n x^4n
    h = mp.pi / 2
    a = [(-1) ** n * h ** (2 * n) / (mp.factorial(2 * n) * (4 * n + 1)) for n in range(9)]
    b = [(-1) ** n * h ** (2 * n + 1) / (mp.factorial(2 * n + 1) * (4 * n + 3)) for n in range(9)]
    show('fres_c_small', a[::-1], a[-1])
    show('fres_s_small', b[::-1], b[-1])


if __name__ == '__main__':
    main()
