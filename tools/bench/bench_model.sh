#!/usr/bin/env bash
# The model figures of issue 11 (mfuse), all in one run on this machine:
#   - intermediate-tensor bytes written + read with and without fusion (atc counts them) and the
#     fused / unfused execution speedup, for ResNet-50 and the BERT-style encoder;
#   - ResNet-50 batch 1 and 8 through aclmdlExecute (FP32) against PyTorch (torch.jit.freeze +
#     optimize_for_inference, same threads, same run; goal >= 1.2x);
#   - the FP16 model (--precision_mode=force_fp16) against our FP32 one (goal >= 1.0x);
#   - the encoders' matmul FLOP rate against the FP32 FMA peak measured now (goal >= 60 %): the small
#     BERT-style one (d 256, ffn 1024) and one of BERT-base layer size (d 768, 12 heads, ffn 3072);
#   - ResNet-50 load time (aclmdlLoadFromFile, goal <= 0.5 s);
#   - the aclmdlRI replay of 100 small launches: host cost per launch against eager (goal <= 0.5).
#   tools/bench/bench_model.sh [build-dir]     (BENCH_ITERS, default 4 executions per variant and round;
#                                               BENCH_ROUNDS, default 5 interleaved rounds;
#                                               BENCH_MODELS, default "resnet50:1 resnet50:8 encoder:1 encoder_base:1")
# Models are the test suite's (tests/model/make_torch_models.py, random weights, nothing downloaded).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
B=$(cd "${1:-$ROOT/build}" && pwd)
PEAK_TOOL=$B/tools/bench/bench_fma_peak
# shellcheck disable=SC1091
source "$ROOT/tests/samples/sample_env.sh" "$B"
PY=/usr/bin/python3
THREADS=$(nproc)
ITERS=${BENCH_ITERS:-4}
cd "$WORK"
peak=$("$PEAK_TOOL" "$THREADS" | awk '{print $2}')
echo "threads $THREADS, FP32 FMA peak $peak GFLOP/s"

# convert <onnx-base> <om-name> [atc options] -> "written read" bytes of intermediate tensors
convert() {
    local base=$1 om=$2
    shift 2
    atc --framework=5 --model="$base.onnx" --output="$om" --soc_version=Ascend910B1 "$@" |
        sed -n 's/.*intermediate tensors: \([0-9]*\) bytes written, \([0-9]*\) bytes read.*/\1 \2/p'
}
FP32=--precision_mode=must_keep_origin_dtype # atc's default is force_fp16, as the real tool's
ROUNDS=${BENCH_ROUNDS:-5}
# pair <spec> <input> label=om ... -> lines "label wall_ms W cpu_ms C load_ms L" (bench_model_pair.py:
# one process, variants and PyTorch interleaved round by round, medians)
pair() {
    local spec=$1 input=$2
    shift 2
    "$PY" "$ROOT/tools/bench/bench_model_pair.py" "$spec" "$THREADS" "$ROUNDS" "$ITERS" "$input" "$@" --torch
}
field() { awk -v l="$1" -v f="$2" '$1 == l { for (i = 2; i < NF; i++) if ($i == f) print $(i + 1) }' "$3"; }

printf '\n%-12s %9s %9s %7s %9s %9s %7s %9s %8s %9s %8s %8s %8s\n' model traffic unfused saved "fused ms" \
    "unfus ms" speedup "torch ms" "vs torch" "fp16 ms" "fp16/32" "load ms" "dev cpu"
for spec in ${BENCH_MODELS:-resnet50:1 resnet50:8 encoder:1 encoder_base:1}; do
    name=${spec%%:*}
    "$PY" "$ROOT/tests/model/make_torch_models.py" "$WORK" "$spec" 2>/dev/null
    read -r fw fr < <(convert "$name" fused "$FP32")
    read -r uw ur < <(convert "$name" unfused "$FP32" --fusion_switch_file="$ROOT/tests/model/fusion_off.json")
    oms=(fp32=fused.om unfused=unfused.om)
    if atc --framework=5 --model="$name.onnx" --output=fp16 --soc_version=Ascend910B1 \
            --precision_mode=force_fp16 >/dev/null 2>&1; then
        oms+=(fp16=fp16.om)
    else
        echo "$spec: no FP16 model (atc refuses --precision_mode=force_fp16)"
    fi
    pair "$spec" "$name.in0.bin" "${oms[@]}" >pair.txt
    fe=$(field fp32 wall_ms pair.txt) ue=$(field unfused wall_ms pair.txt) te=$(field torch wall_ms pair.txt)
    he=$(field fp16 wall_ms pair.txt) fl=$(field fp32 load_ms pair.txt) fc=$(field fp32 cpu_ms pair.txt)
    awk -v s="$spec" -v fw="$fw" -v fr="$fr" -v uw="$uw" -v ur="$ur" -v fe="$fe" -v ue="$ue" -v te="$te" \
        -v he="${he:-0}" -v fl="$fl" -v fc="$fc" 'BEGIN {
        printf "%-12s %7.1fMB %7.1fMB %6.1f%% %9.2f %9.2f %6.2fx %9.2f %7.2fx %9.2f %7.2fx %8.1f %8.2f\n",
        s, (fw+fr)/1e6, (uw+ur)/1e6, 100*(1-(fw+fr)/(uw+ur)), fe, ue, ue/fe, te, te/fe, he,
        (he > 0 ? fe/he : 0), fl, fc }'
    case $name in # matmul FLOPs of the encoders (seq 128, 2 layers; d, ffn, heads as in make_torch_models.py)
    encoder) dims="256 1024" ;;       # the small BERT-style encoder (4 heads)
    encoder_base) dims="768 3072" ;;  # BERT-base layer dimensions (12 heads)
    *) dims= ;;
    esac
    if [ -n "$dims" ]; then
        read -r d f <<<"$dims"
        awk -v fe="$fe" -v peak="$peak" -v n="$name" -v d="$d" -v f="$f" 'BEGIN { s=128; L=2;
            fl = L * 2 * (4*s*d*d + 2*s*d*f + 2*s*s*d); g = fl / (fe*1e-3) / 1e9;
            printf "%s: %.1f MFLOP of matmuls in %.2f ms = %.1f GFLOP/s = %.1f %% of the FP32 FMA peak\n",
                   n, fl/1e6, fe, g, 100*g/peak }'
    fi
done
echo "(fused / unfused / fp16 / torch: medians of $ROUNDS interleaved rounds x $ITERS executions in one process;"
echo " load ms: aclmdlLoadFromFile of the FP32 model; dev cpu: device-process CPU ms per FP32 execution)"
echo
"$B/tools/bench/bench_mdlri"
