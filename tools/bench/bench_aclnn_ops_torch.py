#!/usr/bin/python3
"""PyTorch-on-CPU side of bench_aclnn_ops: the same cases (FP32, same shapes, same thread count),
medians, and the ratio torch_time / aclemu_time (x faster; the issue asks >= 2).

Usage: bench_aclnn_ops_torch.py [path/to/bench_aclnn_ops | its saved output] [threads] [reps]
Runs bench_aclnn_ops (if given the program; the aclemu worker count should match `threads`) or
reads a saved run of it (a text file, as tools/bench/run_all.sh passes), and prints one line per
case. The 64 MiB elementwise cases are compared too (informative: their goal is against memcpy).
Exits 0 without torch (prints why) so CI can run it anywhere."""
import os
import re
import subprocess
import sys
import time


def median_time(fn, reps):
    fn()
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        ts.append(time.perf_counter() - t0)
    ts.sort()
    return ts[len(ts) // 2]


def main():
    bench = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "bench_aclnn_ops")
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    reps = int(sys.argv[3]) if len(sys.argv) > 3 else 9
    try:
        import torch
        import torch.nn.functional as F
    except ImportError:
        print("# torch not available: skipping the PyTorch comparison")
        return 0
    torch.set_num_threads(threads)
    g = torch.Generator().manual_seed(0)
    m = torch.randn(4096, 4096, generator=g)
    w = torch.randn(4096, generator=g)
    b = torch.randn(4096, generator=g)
    x4 = torch.randn(8, 64, 112, 112, generator=g)
    e1 = torch.randn(16 << 20, generator=g)
    e2 = torch.randn(16 << 20, generator=g)
    eo = torch.empty(16 << 20)
    eh = torch.empty(16 << 20, dtype=torch.float16)

    def rmsnorm():
        # torch 1.13 has no rms_norm: the usual composition, as a user would write it
        r = torch.rsqrt(m.pow(2).mean(-1, keepdim=True) + 1e-6)
        return m * r * w

    cases = {
        "softmax_4096x4096": lambda: torch.softmax(m, -1),
        "layernorm_4096x4096": lambda: F.layer_norm(m, (4096,), w, b, 1e-5),
        "rmsnorm_4096x4096": rmsnorm,
        "maxpool_3x3s2": lambda: F.max_pool2d(x4, 3, 2, 1),
        "maxpool_idx_3x3s2": lambda: F.max_pool2d(x4, 3, 2, 1, return_indices=True),
        # out= variants: the aclnn cases write into preallocated outputs too
        "relu_64MiB": lambda: torch.clamp_min(e1, 0, out=eo),
        "add_64MiB": lambda: torch.add(e1, e2, out=eo),
        "mul_64MiB": lambda: torch.mul(e1, e2, out=eo),
        "cast_f32_f16_64MiB": lambda: eh.copy_(e1),
        "gelu_64MiB": lambda: F.gelu(e1, approximate="tanh"),
        "silu_64MiB": lambda: F.silu(e1),
        "sigmoid_64MiB": lambda: torch.sigmoid(e1, out=eo),
    }
    torch_ms = {k: median_time(f, reps) * 1e3 for k, f in cases.items()}
    ours = {}
    if os.path.exists(bench):
        if os.access(bench, os.X_OK) and not bench.endswith(".txt"):
            out = subprocess.run([bench, str(reps)], capture_output=True, text=True).stdout
        else:
            with open(bench) as f:
                out = f.read()
        for line in out.splitlines():
            mm = re.match(r"^(\S+)\s+([0-9.]+) ms", line)
            if mm:
                ours[mm.group(1)] = float(mm.group(2))
    else:
        print("# %s not found: PyTorch times only" % bench)
    print("# case                  torch_ms  aclemu_ms  torch/aclemu  (threads=%d)" % threads)
    for k, t in torch_ms.items():
        a = ours.get(k)
        if a:
            goal = "" if k.endswith("_64MiB") else ("" if t / a >= 2 else "  (< 2x goal)")
            print("%-22s %9.3f %10.3f %10.2fx%s" % (k, t, a, t / a, goal))
        else:
            print("%-22s %9.3f %10s" % (k, t, "-"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
