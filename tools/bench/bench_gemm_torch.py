#!/usr/bin/env python3
"""PyTorch CPU (oneDNN) on the shapes of bench_gemm, same thread count; with --ours FILE (the
output of bench_gemm) prints the comparison table: ours, torch, ours/torch, % of our measured FP32
peak, and for FP16/BF16 our throughput relative to our FP32 on the same shape. Usage:
    bench_gemm 2 24 > ours.txt; /usr/bin/python3 bench_gemm_torch.py --threads 2 --ours ours.txt
--clock cpu (with BENCH_CLOCK=cpu for bench_gemm) times by process CPU time / threads, which
leaves out the time other processes hold the cores on a shared machine (set OMP_WAIT_POLICY=passive
so idle OpenMP threads do not spin)."""
import argparse
import re
import statistics
import time

import torch
import torch.nn.functional as F

DT = {"fp32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}
MM = [("mm_1024", 1, 1024, 1024, 1024), ("mm_2048", 1, 2048, 2048, 2048),
      ("bmm_16x512x64x512", 16, 512, 64, 512), ("bert_128x768x768", 1, 128, 768, 768),
      ("bert_128x3072x768", 1, 128, 768, 3072), ("bert_128x768x3072", 1, 128, 3072, 768)]
CONV = [("conv_stem7x7s2_224", 3, 224, 64, 7, 2, 3, 1), ("conv3x3_64_56", 64, 56, 64, 3, 1, 1, 1),
        ("conv1x1_256to64_56", 256, 56, 64, 1, 1, 0, 1), ("conv3x3_256_14", 256, 14, 256, 3, 1, 1, 1),
        ("conv3x3s2_128_56", 128, 56, 128, 3, 2, 1, 1), ("dw3x3_144_56", 144, 56, 144, 3, 1, 1, 144)]


def median_time(fn, clock, threads):
    fn()
    times, start = [], clock()
    while len(times) < 64 and (len(times) < 5 or clock() - start < 0.6):
        t0 = clock()
        fn()
        times.append(clock() - t0)
    return statistics.median(times) / threads if clock is time.process_time else statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--ours", help="bench_gemm output to compare with")
    ap.add_argument("--only", default="")
    ap.add_argument("--clock", choices=["wall", "cpu"], default="wall")
    ap.add_argument("--dtypes", default="fp32,fp16,bf16")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    ours, peak = {}, None
    if args.ours:
        for line in open(args.ours):
            m = re.match(r"(\S+)\s+([\d.]+) GFLOP/s", line)
            if m:
                ours[m.group(1)] = float(m.group(2))
        peak = ours.pop("peak_fp32_fma", None)
    print(f"torch {torch.__version__}, {torch.get_num_threads()} threads, clock {args.clock}"
          + (f", our measured FP32 peak {peak:.1f} GFLOP/s" if peak else ""))
    results = []
    with torch.no_grad():
        for dn in args.dtypes.split(","):
            dt = DT[dn]
            for name, b, m, k, n in MM:
                key = f"{name}_{dn}"
                if args.only not in key:
                    continue
                a = torch.rand(b, m, k, dtype=dt) if b > 1 else torch.rand(m, k, dtype=dt)
                w = torch.rand(b, k, n, dtype=dt) if b > 1 else torch.rand(k, n, dtype=dt)
                try:
                    t = median_time(lambda: torch.matmul(a, w), clock, args.threads)
                    results.append((key, 2.0 * b * m * n * k / t / 1e9))
                except RuntimeError:  # e.g. no FP16 matmul on this torch's CPU backend
                    results.append((key, None))
            for nb in (1, 8):
                for name, cin, h, cout, ks, s, p, g in CONV:
                    key = f"{name}_n{nb}_{dn}"
                    if args.only not in key:
                        continue
                    x = torch.rand(nb, cin, h, h, dtype=dt)
                    w = torch.rand(cout, cin // g, ks, ks, dtype=dt)
                    oh = (h + 2 * p - ks) // s + 1
                    try:
                        t = median_time(lambda: F.conv2d(x, w, None, s, p, 1, g), clock, args.threads)
                        results.append((key, 2.0 * nb * cout * oh * oh * (cin // g) * ks * ks / t / 1e9))
                    except RuntimeError:
                        results.append((key, None))
    print(f"{'shape':34s} {'torch':>8s} {'ours':>8s} {'ours/torch':>10s} {'%peak':>6s} {'ours/fp32':>9s}")
    for key, g in results:
        tg = f"{g:8.1f}" if g else f"{'n/a':>8s}"
        line = f"{key:34s} {tg}"
        if key in ours:
            o = ours[key]
            line += f" {o:8.1f} {o / g if g else float('nan'):10.2f}"
            line += f" {100 * o / peak:5.1f}%" if peak else f" {'':6s}"
            base = re.sub(r"_(fp16|bf16)$", "_fp32", key)
            if base != key and base in ours:
                line += f" {o / ours[base]:9.2f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
