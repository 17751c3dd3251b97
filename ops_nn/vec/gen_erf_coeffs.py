#!/usr/bin/env python3
"""Generates the erf/erfc constants of vmath_impl.h (run by hand; output is
pasted into the header). Pure Python, double precision via math.erfc.

- erf(x), |x| < 0.75: Taylor series erf(x) = 2/sqrt(pi) sum (-1)^n x^(2n+1) / (n! (2n+1)),
  9 terms (truncation < 1e-9 relative).
- erfc(x), x >= 0.75: erfc(x) = exp(-x^2) * t * G(t) with t = 1/(1 + x/2);
  G = erfc(x) exp(x^2) / t is interpolated at Chebyshev nodes over x in
  [0.75, 10.1] (erfc underflows FP32 beyond), degree 11, evaluated with
  Clenshaw's recurrence. Dividing by t keeps the series' terms from cancelling
  at large x, which matters in FP32.
"""
import math

P = 0.5
X_LO, X_HI = 0.75, 10.1
DEG = 11


def cheb_fit(f, a, b, deg):
    n = deg + 1
    nodes = [math.cos(math.pi * (k + 0.5) / n) for k in range(n)]
    fv = [f(0.5 * (b - a) * s + 0.5 * (b + a)) for s in nodes]
    c = [2.0 / n * sum(fv[k] * math.cos(math.pi * j * (k + 0.5) / n) for k in range(n))
         for j in range(n)]
    c[0] *= 0.5
    return c


def clenshaw(c, s):
    b1 = b2 = 0.0
    for ck in reversed(c[1:]):
        b1, b2 = ck + 2 * s * b1 - b2, b1
    return c[0] + s * b1 - b2


def q_of_t(t):
    x = (1 / t - 1) / P
    return math.erfc(x) * math.exp(x * x) / t


def main():
    taylor = [2 / math.sqrt(math.pi) * (-1) ** n / (math.factorial(n) * (2 * n + 1))
              for n in range(9)]
    print("erf taylor (x^1 .. x^17):", ", ".join("%.9ef" % v for v in taylor))
    t_lo, t_hi = 1 / (1 + P * X_HI), 1 / (1 + P * X_LO)
    c = [float("%.9e" % v) for v in cheb_fit(q_of_t, t_lo, t_hi, DEG)]
    err = max(abs(clenshaw(c, (2 * t - (t_lo + t_hi)) / (t_hi - t_lo)) / q_of_t(t) - 1)
              for t in [t_lo + (t_hi - t_lo) * i / 4000 for i in range(4001)])
    print("t range [%.9g, %.9g]" % (t_lo, t_hi))
    print("erfc G chebyshev:", ", ".join("%.9ef" % v for v in c))
    print("max relative error of the fit: %.3g" % err)


if __name__ == "__main__":
    main()
