#!/usr/bin/python3
"""PyTorch (CPU, oneDNN) on the shapes of bench_aclnn_cube, same thread count, GFLOP/s medians.
Run with /usr/bin/python3 (the Debian python3-torch). Usage: bench_aclnn_cube_torch.py [reps] [threads]"""
import sys
import time

import torch

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 5
threads = int(sys.argv[2]) if len(sys.argv) > 2 else 2
torch.set_num_threads(threads)


def timeit(name, flops, fn):
    # the rule of bench_aclnn_cube: 0.2 s of warm-up, then >= reps runs over >= 0.5 s
    start = time.perf_counter()
    while time.perf_counter() - start < 0.2:
        fn()
    ts = []
    t1 = time.perf_counter()
    while len(ts) < reps or time.perf_counter() - t1 < 0.5:
        t0 = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t0)
    ts.sort()
    med = ts[len(ts) // 2]
    print("%-40s %9.3f ms %8.1f GFLOP/s" % (name, med * 1e3, flops / med / 1e9))


def mm(name, m, k, n, dt=torch.float32):
    a, b = torch.rand(m, k, dtype=dt), torch.rand(k, n, dtype=dt)
    timeit(name, 2.0 * m * n * k, lambda: torch.mm(a, b))


def bmm(name, bt, m, k, n, dt=torch.float32):
    a, b = torch.rand(bt, m, k, dtype=dt), torch.rand(bt, k, n, dtype=dt)
    timeit(name, 2.0 * bt * m * n * k, lambda: torch.bmm(a, b))


def conv(name, n, c, h, k, r, s, p, g=1, dt=torch.float32):
    x, w = torch.rand(n, c, h, h, dtype=dt), torch.rand(k, c // g, r, r, dtype=dt)
    oh = (h + 2 * p - r) // s + 1
    timeit(name, 2.0 * n * k * oh * oh * (c // g) * r * r,
           lambda: torch.nn.functional.conv2d(x, w, stride=s, padding=p, groups=g))


print("torch %s, %d threads" % (torch.__version__, threads))
with torch.no_grad():
    mm("Mm fp32 1024^3", 1024, 1024, 1024)
    mm("Mm fp32 2048^3", 2048, 2048, 2048)
    bmm("BatchMatMul fp32 16x512x64x512", 16, 512, 64, 512)
    mm("Mm fp32 BERT 128x768x768", 128, 768, 768)
    mm("Mm fp32 BERT 128x3072x768", 128, 768, 3072)
    mm("Mm fp32 BERT 128x768x3072", 128, 3072, 768)
    mm("Mm bf16 1024^3", 1024, 1024, 1024, torch.bfloat16)
    for n in (1, 8):
        conv("conv fp32 n%d stem 7x7/2 3->64 224" % n, n, 3, 224, 64, 7, 2, 3)
        conv("conv fp32 n%d 3x3 64->64 56" % n, n, 64, 56, 64, 3, 1, 1)
        conv("conv fp32 n%d 1x1 256->64 56" % n, n, 256, 56, 64, 1, 1, 0)
        conv("conv fp32 n%d 3x3 256->256 14" % n, n, 256, 14, 256, 3, 1, 1)
        conv("conv fp32 n%d 3x3/2 128->128 56" % n, n, 128, 56, 128, 3, 2, 1)
    conv("depthwise fp32 3x3 (8,144,56,56)", 8, 144, 56, 144, 3, 1, 1, 144)
