#!/usr/bin/env python3
"""Compares a model's outputs (float32 files the host program wrote) with the float64 NumPy
reference under the ops-nn accuracy standard for FP32: an element passes when
|actual - golden| <= atol + rtol * |golden| (atol = rtol = 1e-4); a case passes when >= 99 % of
the elements pass and the largest error stays within 10x that bound.

    compare.py <dir> <name> <noutputs>
"""
import sys

import numpy as np


def main():
    d, name, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    # --fp16: the model ran in float16 (atc --precision_mode=force_fp16); the float32 reference is
    # held to the FP16 standard of ops-nn (rtol = atol = 2^-9) per element, same pass rule, and in
    # addition to a relative L2 error of at most 2^-7 over each output
    fp16 = '--fp16' in sys.argv[4:]
    ok = True
    for k in range(n):
        with open(f'{d}/{name}.ref{k}.dtype') as f:
            dtype = f.read().strip()
        got = np.fromfile(f'{d}/{name}.out{k}.bin', dtype).astype(np.float64)
        ref = np.fromfile(f'{d}/{name}.ref{k}.bin', np.float64)
        if got.shape != ref.shape:
            print(f'output {k}: {got.size} elements, reference {ref.size}')
            ok = False
            continue
        atol = rtol = (2.0 ** -9 if fp16 else 1e-4) if dtype == 'float32' else 0.0  # indices match exactly
        err = np.abs(got - ref)
        bound = np.maximum(atol + rtol * np.abs(ref), 1e-300)
        frac = float(np.mean(err <= bound))
        worst = float(np.max(err / bound)) if err.size else 0.0
        good = frac >= 0.99 and worst <= 10 and np.all(np.isfinite(got))
        if fp16 and dtype == 'float32':
            rel_l2 = float(np.linalg.norm(got - ref) / max(np.linalg.norm(ref), 1e-300))
            print(f'output {k}: relative L2 error {rel_l2:.3g} (FP16 model bound {2.0 ** -7:.3g})')
            good = good and rel_l2 <= 2.0 ** -7
        print(f'output {k}: {got.size} elements, {frac * 100:.2f} % within tolerance, max error '
              f'{float(err.max()):.3g} ({worst:.2f}x bound) -> {"PASS" if good else "FAIL"}')
        ok = ok and good
    sys.exit(0 if ok else 1)


if __name__ == '__main__':
    main()
