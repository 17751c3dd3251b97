#!/usr/bin/env bash
# The model figures of issue 11 (mfuse), all in one run on this machine:
#   - intermediate-tensor bytes written + read with and without fusion (atc counts them) and the
#     fused / unfused execution speedup, for ResNet-50 and the BERT-style encoder;
#   - ResNet-50 batch 1 and 8 through aclmdlExecute (FP32) against PyTorch (torch.jit.freeze +
#     optimize_for_inference, same threads, same run; goal >= 1.2x);
#   - the FP16 model (--precision_mode=force_fp16) against our FP32 one (goal >= 1.0x);
#   - the encoder's matmul FLOP rate against the FP32 FMA peak measured now (goal >= 60 %);
#   - ResNet-50 load time (aclmdlLoadFromFile, goal <= 0.5 s).
#   tools/bench/bench_model.sh [build-dir]     (BENCH_ITERS, default 10 executions per model;
#                                               BENCH_MODELS, default "resnet50:1 resnet50:8 encoder:1")
# Models are the test suite's (tests/model/make_torch_models.py, random weights, nothing downloaded).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
B=$(cd "${1:-$ROOT/build}" && pwd)
PEAK_TOOL=$B/tools/bench/bench_fma_peak
# shellcheck disable=SC1091
source "$ROOT/tests/samples/sample_env.sh" "$B"
PY=/usr/bin/python3
THREADS=$(nproc)
ITERS=${BENCH_ITERS:-10}
cd "$WORK"
cp -r "$ROOT/tests/model/sample_infer" "$WORK/sample_infer"
export INSTALL_DIR=$ASCEND_HOME_PATH
mkdir -p sample_infer/build/intermediates/host
(cd sample_infer/build/intermediates/host &&
    cmake ../../../src -DCMAKE_CXX_COMPILER=g++ -DCMAKE_SKIP_RPATH=TRUE >/dev/null && make -j2 >/dev/null)

peak=$("$PEAK_TOOL" "$THREADS" | awk '{print $2}')
echo "threads $THREADS, FP32 FMA peak $peak GFLOP/s"

# convert <onnx-base> <om-name> [atc options] -> "written read" bytes of intermediate tensors
convert() {
    local base=$1 om=$2
    shift 2
    atc --framework=5 --model="$base.onnx" --output="$om" --soc_version=Ascend910B1 "$@" |
        sed -n 's/.*intermediate tensors: \([0-9]*\) bytes written, \([0-9]*\) bytes read.*/\1 \2/p'
}
# execute <om> <input> -> "load_ms execute_ms"
execute() {
    "$WORK/sample_infer/out/main" "$1" "$2" -- "$WORK/out" "$ITERS" |
        sed -n 's/load_ms=\([0-9.]*\) execute_ms=\([0-9.]*\)/\1 \2/p'
}

printf '\n%-14s %12s %12s %8s %10s %10s %8s %10s %8s %9s\n' model "traffic" "unfused" saved "fused ms" \
    "unfused ms" speedup "torch ms" "vs torch" "load ms"
for spec in ${BENCH_MODELS:-resnet50:1 resnet50:8 encoder:1}; do
    name=${spec%%:*}
    "$PY" "$ROOT/tests/model/make_torch_models.py" "$WORK" "$spec" 2>/dev/null
    read -r fw fr < <(convert "$name" fused)
    read -r uw ur < <(convert "$name" unfused --fusion_switch_file="$ROOT/tests/model/fusion_off.json")
    read -r fl fe < <(execute fused.om "$name.in0.bin")
    read -r _ ue < <(execute unfused.om "$name.in0.bin")
    te=$("$PY" "$ROOT/tools/bench/bench_model_torch.py" "$spec" "$THREADS" "$ITERS" 2>/dev/null | awk '{print $2}')
    awk -v s="$spec" -v fw="$fw" -v fr="$fr" -v uw="$uw" -v ur="$ur" -v fe="$fe" -v ue="$ue" -v te="$te" \
        -v fl="$fl" 'BEGIN { printf "%-14s %10.1fMB %10.1fMB %7.1f%% %10.2f %10.2f %7.2fx %10.2f %7.2fx %9.1f\n",
        s, (fw+fr)/1e6, (uw+ur)/1e6, 100*(1-(fw+fr)/(uw+ur)), fe, ue, ue/fe, te, te/fe, fl }'
    if [ "$name" = encoder ]; then
        # matmul FLOPs of the encoder (seq 128, d 256, 4 heads, ffn 1024, 2 layers)
        awk -v fe="$fe" -v peak="$peak" 'BEGIN { s=128; d=256; f=1024; L=2;
            fl = L * 2 * (4*s*d*d + 2*s*d*f + 2*s*s*d); g = fl / (fe*1e-3) / 1e9;
            printf "encoder: %.1f MFLOP of matmuls in %.2f ms = %.1f GFLOP/s = %.1f %% of the FP32 FMA peak\n",
                   fl/1e6, fe, g, 100*g/peak }'
    fi
    if atc --framework=5 --model="$name.onnx" --output=fp16 --soc_version=Ascend910B1 \
            --precision_mode=force_fp16 >/dev/null 2>&1; then
        read -r _ he < <(execute fp16.om "$name.in0.bin")
        awk -v s="$spec" -v fe="$fe" -v he="$he" \
            'BEGIN { printf "%-14s FP16 model %.2f ms vs FP32 %.2f ms: %.2fx\n", s, he, fe, fe/he }'
    else
        echo "$spec: no FP16 model (atc refuses --precision_mode=force_fp16)"
    fi
done
