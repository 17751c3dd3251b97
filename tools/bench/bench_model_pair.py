#!/usr/bin/env python3
"""Same-run, interleaved timing of converted models (aclmdlExecute through ctypes, as a sample
program calls it) and of PyTorch on the same input (bench_model.sh).

Every round runs each variant `iters` times back to back, variants in turn (the order rotates
per round), so a load spike on a shared machine hits all of them alike; the figures are medians
over all executions. Besides wall time, the device process's CPU time per execution is reported
(the emulated device computes in its own process; /proc/<pid>/stat of the device process started
for this run), and for PyTorch this process's CPU time per execution.

    bench_model_pair.py <model[:batch]> <threads> <rounds> <iters> <input.bin> [label=file.om ...] [--torch]

Prints one line per variant:
    <label> wall_ms <median> cpu_ms <median CPU ms per execution> load_ms <aclmdlLoadFromFile wall ms>
"""
import ctypes as C
import os
import statistics
import sys
import time


def acl_lib():
    lib = C.CDLL('libascendcl.so', mode=C.RTLD_GLOBAL)
    vp, sz = C.c_void_p, C.c_size_t
    for name, res, args in [
            ('aclInit', C.c_int, [C.c_char_p]), ('aclrtSetDevice', C.c_int, [C.c_int]),
            ('aclrtResetDevice', C.c_int, [C.c_int]), ('aclFinalize', C.c_int, []),
            ('aclmdlLoadFromFile', C.c_int, [C.c_char_p, C.POINTER(C.c_uint32)]),
            ('aclmdlUnload', C.c_int, [C.c_uint32]), ('aclmdlCreateDesc', vp, []),
            ('aclmdlDestroyDesc', C.c_int, [vp]), ('aclmdlGetDesc', C.c_int, [vp, C.c_uint32]),
            ('aclmdlGetNumInputs', sz, [vp]), ('aclmdlGetNumOutputs', sz, [vp]),
            ('aclmdlGetInputSizeByIndex', sz, [vp, sz]), ('aclmdlGetOutputSizeByIndex', sz, [vp, sz]),
            ('aclrtMalloc', C.c_int, [C.POINTER(vp), sz, C.c_int]), ('aclrtFree', C.c_int, [vp]),
            ('aclrtMemcpy', C.c_int, [vp, sz, vp, sz, C.c_int]), ('aclmdlCreateDataset', vp, []),
            ('aclmdlDestroyDataset', C.c_int, [vp]), ('aclCreateDataBuffer', vp, [vp, sz]),
            ('aclDestroyDataBuffer', C.c_int, [vp]), ('aclmdlAddDatasetBuffer', C.c_int, [vp, vp]),
            ('aclmdlExecute', C.c_int, [C.c_uint32, vp, vp]), ('aclGetRecentErrMsg', C.c_char_p, [])]:
        f = getattr(lib, name)
        f.restype, f.argtypes = res, args
    return lib


def check(lib, rc, what):
    if rc != 0:
        msg = lib.aclGetRecentErrMsg()
        raise SystemExit(f'{what} failed ({rc}): {msg.decode() if msg else ""}')


class Model:
    def __init__(self, lib, path, inp):
        self.lib = lib
        mid = C.c_uint32()
        t0 = time.perf_counter()
        check(lib, lib.aclmdlLoadFromFile(path.encode(), C.byref(mid)), f'aclmdlLoadFromFile({path})')
        self.load_ms = (time.perf_counter() - t0) * 1e3
        self.id = mid.value
        self.desc = lib.aclmdlCreateDesc()
        check(lib, lib.aclmdlGetDesc(self.desc, self.id), 'aclmdlGetDesc')
        self.bufs, self.ds = [], []
        for kind in ('in', 'out'):
            ds = lib.aclmdlCreateDataset()
            n = lib.aclmdlGetNumInputs(self.desc) if kind == 'in' else lib.aclmdlGetNumOutputs(self.desc)
            for i in range(n):
                size = (lib.aclmdlGetInputSizeByIndex if kind == 'in' else lib.aclmdlGetOutputSizeByIndex)(
                    self.desc, i)
                dev = C.c_void_p()
                check(lib, lib.aclrtMalloc(C.byref(dev), size, 0), 'aclrtMalloc')
                if kind == 'in':
                    if len(inp) != size:
                        raise SystemExit(f'{path}: input {i} takes {size} bytes, {len(inp)} given')
                    check(lib, lib.aclrtMemcpy(dev, size, inp, size, 1), 'aclrtMemcpy')
                db = lib.aclCreateDataBuffer(dev, size)
                check(lib, lib.aclmdlAddDatasetBuffer(ds, db), 'aclmdlAddDatasetBuffer')
                self.bufs.append((dev, db))
            self.ds.append(ds)

    def run(self):
        check(self.lib, self.lib.aclmdlExecute(self.id, self.ds[0], self.ds[1]), 'aclmdlExecute')

    def close(self):
        lib = self.lib
        lib.aclmdlUnload(self.id)
        for ds in self.ds:
            lib.aclmdlDestroyDataset(ds)
        for dev, db in self.bufs:
            lib.aclDestroyDataBuffer(db)
            lib.aclrtFree(dev)
        lib.aclmdlDestroyDesc(self.desc)


def devsim_pid():
    """The device process of this run: aclemu-devsim with our ACLEMU_RUNTIME_DIR."""
    mine = os.environ.get('ACLEMU_RUNTIME_DIR', '').encode()
    for p in os.listdir('/proc'):
        if not p.isdigit():
            continue
        try:
            with open(f'/proc/{p}/comm', 'rb') as f:
                if not f.read().startswith(b'aclemu-devsim'):
                    continue
            with open(f'/proc/{p}/environ', 'rb') as f:
                env = f.read().split(b'\0')
        except OSError:
            continue
        if not mine or b'ACLEMU_RUNTIME_DIR=' + mine in env:
            return int(p)
    return None


def proc_cpu_s(pid):
    if pid is None:
        return 0.0
    with open(f'/proc/{pid}/stat') as f:
        fields = f.read().rsplit(')', 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf('SC_CLK_TCK')


def main():
    args = [a for a in sys.argv[1:] if a != '--torch']
    use_torch = '--torch' in sys.argv[1:]
    spec, threads, rounds, iters, inpath = args[0], int(args[1]), int(args[2]), int(args[3]), args[4]
    with open(inpath, 'rb') as f:
        inp = f.read()
    lib = acl_lib()
    check(lib, lib.aclInit(None), 'aclInit')
    check(lib, lib.aclrtSetDevice(0), 'aclrtSetDevice')
    variants = []  # (label, run, cpu clock, load ms)
    models = []
    for a in args[5:]:
        label, _, path = a.partition('=')
        m = Model(lib, path, inp)
        models.append(m)
        variants.append([label, m.run, 'dev', m.load_ms])
    if use_torch:
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tests', 'model'))
        import torch
        import make_torch_models as mk
        torch.set_num_threads(threads)
        name, _, b = spec.partition(':')
        model, x = mk.build(name, int(b or 1))
        mk.randomise_bn(model)
        model.eval()
        with torch.no_grad():
            tm = torch.jit.optimize_for_inference(torch.jit.freeze(torch.jit.trace(model, (x,))))

        def run_torch():
            with torch.no_grad():
                tm(x)
        variants.append(['torch', run_torch, 'self', 0.0])
    pid = devsim_pid()
    for v in variants:  # warm-up
        for _ in range(2):
            v[1]()
    wall = {v[0]: [] for v in variants}
    cpu = {v[0]: [] for v in variants}
    for r in range(rounds):
        order = variants[r % len(variants):] + variants[:r % len(variants)]
        for label, fn, clock, _ in order:
            for _ in range(iters):
                c0 = proc_cpu_s(pid) if clock == 'dev' else time.process_time()
                t0 = time.perf_counter()
                fn()
                t1 = time.perf_counter()
                c1 = proc_cpu_s(pid) if clock == 'dev' else time.process_time()
                wall[label].append((t1 - t0) * 1e3)
                cpu[label].append((c1 - c0) * 1e3)
    for label, _, clock, load_ms in variants:
        # the device process's CPU clock ticks at 1/CLK_TCK: its per-execution figure is the mean
        c = statistics.mean(cpu[label]) if clock == 'dev' else statistics.median(cpu[label])
        print(f'{label} wall_ms {statistics.median(wall[label]):.3f} cpu_ms {c:.3f} load_ms {load_ms:.1f}')
    for m in models:
        m.close()
    lib.aclrtResetDevice(0)
    lib.aclFinalize()


if __name__ == '__main__':
    main()
