#!/usr/bin/env python3
"""torch.linalg on the CPU for the cases of bench_aclnn_linalg (batch 256 of 64 x 64 FP32):
qr (reduced), svd (reduced, with U and V), inv, cholesky; median of reps, milliseconds.
   bench_aclnn_linalg_torch.py [reps=5] [batch=256] [n=64] [threads=2]"""
import sys
import time

import torch

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 5
b = int(sys.argv[2]) if len(sys.argv) > 2 else 256
n = int(sys.argv[3]) if len(sys.argv) > 3 else 64
torch.set_num_threads(int(sys.argv[4]) if len(sys.argv) > 4 else 2)
g = torch.Generator().manual_seed(12345)
a = torch.rand(b, n, n, generator=g) - 0.5
spd = a @ a.transpose(1, 2) + n * torch.eye(n)


def med(f):
    t = []
    for _ in range(reps):
        t0 = time.perf_counter()
        f()
        t.append((time.perf_counter() - t0) * 1e3)
    return sorted(t)[len(t) // 2]


print(f"torch {torch.__version__}, {torch.get_num_threads()} threads, batched {n} x {n} FP32, batch {b} (ms)")
print(f"{'qr_reduced':16s} {med(lambda: torch.linalg.qr(a, mode='reduced')):10.2f}")
print(f"{'svd_reduced_uv':16s} {med(lambda: torch.linalg.svd(a, full_matrices=False)):10.2f}")
print(f"{'inverse':16s} {med(lambda: torch.linalg.inv(a)):10.2f}")
print(f"{'cholesky':16s} {med(lambda: torch.linalg.cholesky(spd)):10.2f}")
