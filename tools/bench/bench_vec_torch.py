#!/usr/bin/python3
"""PyTorch-on-CPU side of bench_vec: the same cases with the same thread
count, medians, and the ratio torch_time / aclemu_time (x faster).

Usage: bench_vec_torch.py [path/to/bench_vec] [threads] [reps]
Runs bench_vec (if found) and prints one line per case. Exits 0 without
torch (prints why) so CI can run it anywhere."""
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
    bench = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "bench_vec")
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    reps = int(sys.argv[3]) if len(sys.argv) > 3 else 9
    try:
        import torch
        import torch.nn.functional as F
    except ImportError:
        print("# torch not available: skipping the PyTorch comparison")
        return 0
    torch.set_num_threads(threads)
    n = 16 << 20
    g = torch.Generator().manual_seed(0)
    a = torch.rand(n, generator=g) * 20 - 10
    b = torch.rand(n, generator=g) * 20 - 10
    y = torch.empty(n)
    h = torch.empty(n, dtype=torch.float16)
    m = torch.randn(4096, 4096, generator=g)
    ym = torch.empty(4096, 4096)
    w = torch.ones(4096)
    bias = torch.zeros(4096)
    x4 = torch.randn(8, 64, 112, 112, generator=g)

    def rmsnorm():
        r = torch.rsqrt(m.pow(2).mean(-1, keepdim=True) + 1e-6)
        return m * r * w

    cases = {
        "relu": lambda: torch.relu(a, out=y) if False else torch.clamp_min(a, 0, out=y),
        "add": lambda: torch.add(a, b, out=y),
        "mul": lambda: torch.mul(a, b, out=y),
        "gelu_tanh": lambda: F.gelu(a, approximate="tanh"),
        "gelu_erf": lambda: F.gelu(a),
        "silu": lambda: F.silu(a),
        "sigmoid": lambda: torch.sigmoid(a, out=y),
        "cast_f32_f16": lambda: h.copy_(a),
        "softmax": lambda: torch.softmax(m, dim=-1),
        "layernorm": lambda: F.layer_norm(m, (4096,), w, bias, 1e-5),
        "rmsnorm": rmsnorm,
        "maxpool2d": lambda: F.max_pool2d(x4, 3, 2, 1, return_indices=True),
    }
    with torch.no_grad():
        tt = {k: median_time(f, reps) for k, f in cases.items()}

    ours = {}
    if os.path.exists(bench):
        out = subprocess.run([bench, str(threads), str(reps)], capture_output=True, text=True).stdout
        for line in out.splitlines():
            mo = re.match(r"(\S+)\s+ms=\s*([0-9.]+)", line)
            if mo:
                ours[mo.group(1)] = float(mo.group(2)) / 1e3
        print(out, end="")
    print(f"# torch {torch.__version__}, threads={threads}: median ms, ratio = torch/aclemu")
    for k, t in tt.items():
        if k in ours:
            print(f"{k:14s} torch_ms={t*1e3:8.3f} aclemu_ms={ours[k]*1e3:8.3f} ratio={t/ours[k]:6.2f}")
        else:
            print(f"{k:14s} torch_ms={t*1e3:8.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
