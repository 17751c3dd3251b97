#!/usr/bin/env python3
"""PyTorch's side of the model figures (bench_model.sh): the same model and input as the test
maker (tests/model/make_torch_models.py), run through torch.jit.freeze + optimize_for_inference
(its fastest CPU inference path) with the given threads. Prints "torch_ms <median ms>".

    bench_model_torch.py <model[:batch]> <threads> <iterations>
"""
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), '..', '..', 'tests', 'model'))
import torch  # noqa: E402

import make_torch_models as mk  # noqa: E402


def main():
    name, _, b = sys.argv[1].partition(':')
    threads, iters = int(sys.argv[2]), int(sys.argv[3])
    torch.set_num_threads(threads)
    model, x = mk.build(name, int(b or 1))
    mk.randomise_bn(model)
    model.eval()
    with torch.no_grad():
        m = torch.jit.optimize_for_inference(torch.jit.freeze(torch.jit.trace(model, (x,))))
        for _ in range(3):
            m(x)
        ts = []
        for _ in range(iters):
            t0 = time.perf_counter()
            m(x)
            ts.append((time.perf_counter() - t0) * 1e3)
    print(f'torch_ms {statistics.median(ts):.3f}')


if __name__ == '__main__':
    main()
