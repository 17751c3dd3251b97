#!/usr/bin/env python3
"""torch.sort / torch.topk on the inputs of bench_aclnn_reduce's sort_rows and topk64_rows (4096 x 4096
FP32, the same values, along the last dim) with the same number of threads as the emulated device's
workers (2 here): the PyTorch side of the ratio the issue asks for (goal: aclnn at >= 1x PyTorch).

    /usr/bin/python3 tools/bench/bench_sort_torch.py [threads=2] [reps=5]
PyTorch is not a test dependency (Debian: python3-torch)."""
import sys
import time

import torch


def median_ms(fn, reps):
    fn()  # warm-up
    t = []
    for _ in range(reps):
        s = time.perf_counter()
        fn()
        t.append((time.perf_counter() - s) * 1e3)
    t.sort()
    return t[len(t) // 2]


def main():
    threads = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    reps = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    torch.set_num_threads(threads)
    n = 4096 * 4096
    i = torch.arange(n, dtype=torch.int64)
    x = ((i * 2654435761) % 1000).to(torch.float32).div_(500.0).sub_(1.0).view(4096, 4096)
    print(f"torch {torch.__version__}, {threads} threads")
    print(f"{'torch_sort_rows':<18} {median_ms(lambda: torch.sort(x, dim=-1), reps):9.3f} ms")
    print(f"{'torch_sort_stable':<18} {median_ms(lambda: torch.sort(x, dim=-1, stable=True), reps):9.3f} ms")
    print(f"{'torch_topk64_rows':<18} {median_ms(lambda: torch.topk(x, 64, dim=-1), reps):9.3f} ms")


if __name__ == "__main__":
    main()
