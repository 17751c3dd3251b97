#!/usr/bin/env python3
"""The PyTorch side of bench_mem's sort rows: torch.sort / argsort / topk(64) along the last dim of
an R x C FP32 tensor with the given threads (the emulated device's worker count). bench_mem runs it
itself (--torch auto); prints "torch_<API> <ms>" lines.

    python3 tools/bench/bench_mem_torch.py [threads=2] [reps=5] [R=4096] [C=4096]
PyTorch is not a test dependency (Debian: python3-torch)."""
import sys
import time

import torch


def median_ms(fn, reps):
    fn()
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
    r = int(sys.argv[3]) if len(sys.argv) > 3 else 4096
    c = int(sys.argv[4]) if len(sys.argv) > 4 else 4096
    torch.set_num_threads(threads)
    x = torch.rand(r, c, dtype=torch.float32) * 0.8 + 0.1
    k = min(64, c // 2)
    print('# torch %s, %d threads' % (torch.__version__, threads))
    print('torch_Sort %.4f' % median_ms(lambda: torch.sort(x, dim=-1), reps))
    print('torch_Argsort %.4f' % median_ms(lambda: torch.argsort(x, dim=-1), reps))
    print('torch_Topk %.4f' % median_ms(lambda: torch.topk(x, k, dim=-1), reps))


if __name__ == '__main__':
    main()
