#!/usr/bin/env bash
# Runs every benchmark of the issues' figures on this machine and prints their reports.
#   tools/bench/run_all.sh [build-dir]        (default ./build; build it first: tools/aclemu.sh build)
# PyTorch comparisons need Debian's python3-torch (apt-get install python3-torch); they use
# /usr/bin/python3 explicitly. Run on an otherwise idle machine: figures are medians of wall or
# CPU time and other load distorts them.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
B=$(cd "${1:-$ROOT/build}" && pwd)
export ACLEMU_CONF_DIR=$ROOT/conf
export ACLEMU_DEVSIM=$B/devsim/server/aclemu-devsim
export ACLEMU_OPAPI_LIB=$B/ops_nn/libopapi.so   # aclop finds the aclnn ops through it
export ACLEMU_RUNTIME_DIR=$(mktemp -d /tmp/aclemu-bench.XXXXXX)
trap 'for d in 0 1; do "$ACLEMU_DEVSIM" --device $d --stop >/dev/null 2>&1; done; rm -rf "$ACLEMU_RUNTIME_DIR"' EXIT
PY=/usr/bin/python3
have_torch() { "$PY" -c 'import torch' >/dev/null 2>&1; }
section() { printf '\n===== %s =====\n' "$*"; }

section "issue 2: runtime (launch round trip, 256 MiB copies, idle device process)"
"$B/tools/bench/bench_runtime"

section "issue 2: 8 clients x 4 streams x 1000 launches (driver level, with check)"
meson test -C "$B" --no-rebuild devsim-drv integration-multiprocess-clients --print-errorlogs 2>&1 | grep -E "OK|FAIL" | head -3
grep -h "8 clients" "$B/meson-logs/testlog.txt" | tail -1

section "issue 3: vector kernels (elementwise vs memcpy, softmax/norms/pooling)"
"$B/tools/bench/bench_vec" 2 7 | tee /tmp/aclemu-bench-vec.txt
have_torch && "$PY" "$ROOT/tools/bench/bench_vec_torch.py" "$B/tools/bench/bench_vec" 2 7

section "issue 3: aclnn stage 1 + stage 2 host overhead"
"$B/tools/bench/bench_aclnn_overhead"

if [ -x "$B/tools/bench/bench_aclnn_ops" ]; then
    section "issue 3: aclnn ops end to end"
    "$B/tools/bench/bench_aclnn_ops" | tee /tmp/aclemu-bench-ops.txt
    have_torch && [ -f "$ROOT/tools/bench/bench_aclnn_ops_torch.py" ] && "$PY" "$ROOT/tools/bench/bench_aclnn_ops_torch.py" /tmp/aclemu-bench-ops.txt
fi

if [ -x "$B/tools/bench/bench_aclnn_linalg" ]; then
    section "issue 10: batched factorisations, 256 x 64 x 64 FP32 (ms) vs torch.linalg on the CPU"
    "$B/tools/bench/bench_aclnn_linalg" 5
    have_torch && "$PY" "$ROOT/tools/bench/bench_aclnn_linalg_torch.py" 5
fi

if [ -x "$B/tools/bench/bench_aclnn_unary" ]; then
    section "issue 10: ops-math elementwise unary family, 64 MiB each vs a D2D copy run alternately"
    "$B/tools/bench/bench_aclnn_unary" 7
fi

if [ -x "$B/tools/bench/bench_aclnn_random" ]; then
    section "issue 10: ops-math random family, 64 MiB each vs a 2-thread host memcpy run alternately"
    "$B/tools/bench/bench_aclnn_random" 7
fi
if [ -x "$B/tools/bench/bench_aclnn_foreach" ]; then
    section "issue 12: foreach lists (64 tensors, 64 MiB) vs per-tensor launches and a 2-thread memcpy"
    "$B/tools/bench/bench_aclnn_foreach" 7 64
    "$B/tools/bench/bench_aclnn_foreach" 7 256 4   # 256 tensors of 16 KiB: per-launch costs
fi

# quantized matmul part (issue 12)
if [ -x "$B/tools/bench/bench_aclnn_quant_matmul" ]; then
    section "issue 12: quantized matmuls (INT8 QuantMatmul >= 1.5x, WeightQuantBatchMatmul >= 1x FP16 Mm)"
    "$B/tools/bench/bench_aclnn_quant_matmul" 5
fi

section "issue 4: GEMM engine (2 threads, CPU-time clock) vs PyTorch"
BENCH_CLOCK=cpu "$B/tools/bench/bench_gemm" 2 24 | tee /tmp/aclemu-bench-gemm.txt
have_torch && OMP_WAIT_POLICY=passive "$PY" "$ROOT/tools/bench/bench_gemm_torch.py" --threads 2 --clock cpu --ours /tmp/aclemu-bench-gemm.txt

section "issue 4: cube aclnn ops end to end vs PyTorch (medians of 3 alternating rounds)"
if have_torch; then
    "$PY" "$ROOT/tools/bench/cube_vs_torch.py" "$B/tools/bench/bench_aclnn_cube" 3 2
else
    "$B/tools/bench/bench_aclnn_cube" 5 2
fi

section "issue 4: cube op memory (device process scratch across large convs / long-K matmuls)"
meson test -C "$B" --no-rebuild aclnn-cube-memory --print-errorlogs 2>&1 | grep -E " OK | FAIL " | head -1
grep -h "anonymous memory" "$B/meson-logs/testlog.txt" | tail -1

section "issue 5: aclopExecuteV2 (Add, 1024 FP32) + synchronize"
"$B/tools/bench/bench_aclop" 5000

section "issue 9: device-memory checker cost (ACLEMU_MEMCHECK=1 vs off, vector ops end to end)"
"$ROOT/tools/bench/memcheck_cost.sh" "$B" 3 41

# issue 11 model fusion (mfuse): fusion traffic and speedup, ResNet-50 / encoder vs PyTorch, FP16,
# encoder vs FMA peak, load time
if [ -x "$B/tools/bench/bench_fma_peak" ] && have_torch; then
    section "issue 11: models (fusion, ResNet-50 vs PyTorch, FP16, encoder vs peak, load)"
    "$ROOT/tools/bench/bench_model.sh" "$B"
fi

if [ -x "$B/tools/bench/bench_mdlri" ]; then
    section "issue 11: replayed stream capture (aclmdlRI) of 100 small launches vs eager"
    "$B/tools/bench/bench_mdlri" 101
fi
