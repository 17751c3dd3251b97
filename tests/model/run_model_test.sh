#!/usr/bin/env bash
# A model test as a user runs it: the test makes its ONNX model (make_models.py, onnx.helper,
# random weights), converts it with the installed atc, builds the sample-style host program
# (sample_infer/, CMake against the staged install) and runs it, then compares the outputs with
# the float64 NumPy reference (compare.py).
#
#   run_model_test.sh <build-dir> <model: cnn|attn> <noutputs> [atc options...]
#
# Real models (issue 11, mfuse): MODEL_MAKER=make_torch_models.py makes <model> with PyTorch
# (MODEL_SPEC = "<model>[:batch]", MODEL_OPSET), FUSION_CHECK="<pass>=<n> ..." checks atc's
# fusion_result.json, FUSION_OFF=1 converts with every fusion pass switched off.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../samples/sample_env.sh" "$1"
NAME=$2 NOUT=$3
shift 3
PY=$("$HERE/find_python.sh")

cd "$WORK"
if [ -n "${MODEL_MAKER:-}" ]; then
    "$PY" "$HERE/$MODEL_MAKER" "$WORK" "${MODEL_SPEC:-$NAME}" ${MODEL_OPSET:-}
else
    "$PY" "$HERE/make_models.py" "$WORK" "$NAME"
fi
[ "${FUSION_OFF:-0}" = 1 ] && set -- "$@" --fusion_switch_file="$HERE/fusion_off.json"
# atc's default is force_fp16 (the real tool's); the references are float32 computations, so the
# FP32 tests say so as a user would. MODEL_PRECISION=force_fp16 etc. makes an FP16 model, checked
# with the FP16 standard (compare.py --fp16).
set -- "$@" --precision_mode="${MODEL_PRECISION:-must_keep_origin_dtype}"
atc --framework=5 --model="$NAME.onnx" --output="$NAME" --soc_version="${ACLEMU_TEST_SOC:-Ascend910B1}" "$@"
if [ -n "${FUSION_CHECK:-}" ]; then
    # shellcheck disable=SC2086
    "$PY" "$HERE/check_fusion.py" fusion_result.json $FUSION_CHECK
fi

cp -r "$HERE/sample_infer" "$WORK/sample_infer"
export INSTALL_DIR=$ASCEND_HOME_PATH
mkdir -p sample_infer/build/intermediates/host
(cd sample_infer/build/intermediates/host &&
    cmake ../../../src -DCMAKE_CXX_COMPILER=g++ -DCMAKE_SKIP_RPATH=TRUE >/dev/null && make -j2 >/dev/null)

ins=()
for f in "$NAME".in*.bin; do ins+=("$WORK/$f"); done
"$WORK/sample_infer/out/main" "$WORK/$NAME.om" "${ins[@]}" -- "$WORK/$NAME" "${ACLEMU_MODEL_ITERS:-5}"
# MODEL_COMPARE=fp16: a float32 model whose cube operators the chip runs in float16 (910 / 310P
# under allow_fp32_to_fp16 or force_fp32) is held to the FP16 standard.
case "${MODEL_COMPARE:-${MODEL_PRECISION:-}}" in
    force_fp16 | allow_mix_precision* | fp16 ) "$PY" "$HERE/compare.py" "$WORK" "$NAME" "$NOUT" --fp16 ;;
    *) "$PY" "$HERE/compare.py" "$WORK" "$NAME" "$NOUT" ;;
esac
