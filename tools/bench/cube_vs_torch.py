#!/usr/bin/python3
"""Issue 4's end-to-end table: bench_aclnn_cube (aclnn stage 1 + stage 2 + synchronize) and
bench_aclnn_cube_torch.py run alternately `rounds` times on the same shapes and thread count; each
case's figure is the median over the rounds (a shared machine's slow phases hit single runs), with
ours/torch, % of the FP32 FMA peak measured by bench_aclnn_cube in each round (median), and for the
FP16/BF16 cases the ratio to our FP32 figure of the same shape. Run with /usr/bin/python3 (Debian
python3-torch). Usage:
    cube_vs_torch.py <bench_aclnn_cube binary> [rounds=3] [threads=2]"""
import os
import re
import statistics
import subprocess
import sys

LINE = re.compile(r"^(.*?)\s+([\d.]+) ms\s+([\d.]+) GFLOP/s")
PEAK = re.compile(r"peak ([\d.]+) GFLOP/s")


def run(cmd):
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    res, peak = {}, None
    for line in out.splitlines():
        m = LINE.match(line)
        if m:
            res[m.group(1).strip()] = float(m.group(3))
        p = PEAK.search(line)
        if p:
            peak = float(p.group(1))
    return res, peak


def key(name):
    # torch's script names convs "conv fp32 ..." where ours says "conv fp32/hf32 ..." (HF32 = the
    # Cube unit's FP32 mode for convolutions on A2; same FLOPs)
    return name.replace("fp32/hf32", "fp32")


def main():
    binary = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    threads = sys.argv[3] if len(sys.argv) > 3 else "2"
    torch_script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bench_aclnn_cube_torch.py")
    ours, theirs, peaks = {}, {}, []
    for _ in range(rounds):
        o, peak = run([binary, "5", threads])
        t, _ = run([sys.executable, torch_script, "5", threads])
        peaks.append(peak)
        for k, v in o.items():
            ours.setdefault(k, []).append(v)
        for k, v in t.items():
            theirs.setdefault(k, []).append(v)
    peak = statistics.median(peaks)
    print("medians of %d alternating rounds, %s threads; FP32 FMA peak %.1f GFLOP/s" % (rounds, threads, peak))
    print("%-42s %9s %9s %10s %7s %9s" % ("case", "ours", "torch", "ours/torch", "%peak", "ours/fp32"))
    med = {k: statistics.median(v) for k, v in ours.items()}
    for name, g in med.items():
        tk = key(name)
        tm = statistics.median(theirs[tk]) if tk in theirs else None
        ratio = "%10.2f" % (g / tm) if tm else "%10s" % "-"
        vs32 = "-"
        for low in ("fp16", "bf16"):
            if " %s " % low in name:
                f32 = med.get(name.replace(low, "fp32")) or med.get(name.replace(low, "fp32/hf32"))
                vs32 = "%.2f" % (g / f32) if f32 else "-"
        print("%-42s %9.1f %9s %s %6.1f%% %9s" % (name, g, "%.1f" % tm if tm else "-", ratio, 100 * g / peak, vs32))


if __name__ == "__main__":
    main()
