#!/usr/bin/env bash
# Dynamic-gear models as a user builds and runs them: make_dyn_models.py makes the ONNX models,
# the installed atc converts them with --dynamic_batch_size / --dynamic_image_size /
# --dynamic_dims (and refuses inconsistent options with the E-code), the sample-style program
# (dyn_infer/, CMake against the staged install) runs every gear and the error paths, and each
# gear's output is compared with its float64 NumPy reference (compare.py).
#
#   run_dynamic_test.sh <build-dir>
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../samples/sample_env.sh" "$1"
PY=$("$HERE/find_python.sh")
SOC=${ACLEMU_TEST_SOC:-Ascend910B1}
cd "$WORK"
"$PY" "$HERE/make_dyn_models.py" "$WORK"
fails=0
# expect_fail <grep pattern...> -- <atc args>: atc must exit 255 and print every pattern
expect_fail() {
    local pats=()
    while [ "$1" != "--" ]; do pats+=("$1"); shift; done
    shift
    local rc=0
    atc "$@" >out.txt 2>err.txt || rc=$?
    if [ "$rc" -ne 255 ]; then
        echo "FAIL: atc $* exited $rc, expected 255"; cat out.txt err.txt; fails=$((fails + 1)); return
    fi
    for p in "${pats[@]}"; do
        if ! grep -q -- "$p" err.txt; then
            echo "FAIL: atc $*: no '$p' in:"; cat err.txt; fails=$((fails + 1))
        fi
    done
}
B=(--framework=5 --model=dynbatch.onnx --output=bad --soc_version=$SOC)
expect_fail E10004 input_shape -- "${B[@]}" --dynamic_batch_size=1,2
expect_fail E10001 "at least 2" -- "${B[@]}" --input_shape=x:-1,3,8,8 --dynamic_batch_size=4
expect_fail E10001 "positive" -- "${B[@]}" --input_shape=x:-1,3,8,8 --dynamic_batch_size=1,0
expect_fail E10001 "same" -- "${B[@]}" --input_shape=x:-1,3,8,8 --dynamic_batch_size=2,2
expect_fail E10001 "batch dim" -- "${B[@]}" --input_shape=x:1,-1,8,8 --dynamic_batch_size=1,2
expect_fail E10001 "no dim" -- "${B[@]}" --input_shape=x:2,3,8,8 --dynamic_batch_size=1,2
expect_fail E10001 "mutually exclusive" -- "${B[@]}" --input_shape=x:-1,3,8,8 --dynamic_batch_size=1,2 \
    --dynamic_image_size="8,8;16,16"
expect_fail E10001 "height,width" -- --framework=5 --model=dynhw.onnx --output=bad --soc_version=$SOC \
    --input_shape=x:1,3,-1,-1 --dynamic_image_size="8;16"
expect_fail E10001 "H and W" -- --framework=5 --model=dynhw.onnx --output=bad --soc_version=$SOC \
    --input_shape=x:-1,3,8,-1 --dynamic_image_size="8,8;16,16"
expect_fail E10001 "input_format=ND" -- --framework=5 --model=dyndims.onnx --output=bad --soc_version=$SOC \
    --input_shape=x:-1,-1,16 --dynamic_dims="1,4;2,8"
expect_fail E10001 "2 dims of -1" -- --framework=5 --model=dyndims.onnx --output=bad --soc_version=$SOC \
    --input_shape=x:-1,-1,16 --dynamic_dims="1;2" --input_format=ND
[ ! -e bad.om ] || { echo "FAIL: a failed conversion left bad.om"; fails=$((fails + 1)); }

# the compared models keep float32 (atc's default precision is force_fp16, as the real tool's)
atc --framework=5 --precision_mode=must_keep_origin_dtype --model=dynbatch.onnx --output=dynbatch --soc_version=$SOC --input_shape="x:-1,3,8,8" \
    --dynamic_batch_size="1,2,4,8"
atc --framework=5 --precision_mode=must_keep_origin_dtype --model=dynhw.onnx --output=dynhw --soc_version=$SOC --input_shape="x:1,3,-1,-1" \
    --dynamic_image_size="8,8;12,16" --input_format=NCHW
atc --framework=5 --precision_mode=must_keep_origin_dtype --model=dyndims.onnx --output=dyndims --soc_version=$SOC --input_shape="x:-1,-1,16" \
    --dynamic_dims="1,4;2,8;3,5" --input_format=ND
atc --framework=5 --precision_mode=must_keep_origin_dtype --model=dynbatch.onnx --output=static --soc_version=$SOC --input_shape="x:2,3,8,8" >/dev/null
atc --mode=1 --om=dynbatch.om --json=dynbatch.json >/dev/null
"$PY" - <<'PYEOF' || fails=$((fails + 1))
import json, sys
j = json.load(open('dynbatch.json'))
ok = j['dynamic']['kind'] == 'batch' and [g['values'] for g in j['dynamic']['gears']] == [[1], [2], [4], [8]] \
    and j['inputs'][0]['shape'] == [-1, 3, 8, 8] and j['dynamic']['gears'][3]['inputs'][0]['shape'] == [8, 3, 8, 8]
print('dynbatch.json:', 'ok' if ok else 'FAIL ' + json.dumps(j.get('dynamic'))[:400])
sys.exit(0 if ok else 1)
PYEOF

cp -r "$HERE/dyn_infer" "$WORK/dyn_infer"
export INSTALL_DIR=$ASCEND_HOME_PATH
mkdir -p dyn_infer/build/intermediates/host
(cd dyn_infer/build/intermediates/host &&
    cmake ../../../src -DCMAKE_CXX_COMPILER=g++ -DCMAKE_SKIP_RPATH=TRUE >/dev/null && make -j2 >/dev/null)
for m in dynbatch:batch dynhw:hw dyndims:dims; do
    name=${m%%:*} kind=${m#*:}
    extra=()
    [ "$kind" != batch ] || extra=("$WORK/static.om")
    if ! "$WORK/dyn_infer/out/main" "$WORK/$name.om" "$kind" "$WORK/$name" "${extra[@]}"; then
        fails=$((fails + 1)); continue
    fi
    k=0
    while [ -e "$name.g$k.in0.bin" ]; do
        "$PY" "$HERE/compare.py" "$WORK" "$name.g$k" 1 || fails=$((fails + 1))
        k=$((k + 1))
    done
done

# legacy --soc_version names of the sample READMEs and the other ini names of profiled chips:
# accepted and recorded; a model built for Ascend910B4-1 runs on the (Ascend910B1) device: same
# SoC family. The 310 / 310P Cube has no float32 path, so those take the default precision
# (force_fp16; must_keep_origin_dtype is refused there, model-errors); the 910 family has no aclnn
# convolution: the name is accepted and the conversion refused with EZ3003 (tools/atc/README.md).
for soc in Ascend310 Ascend910 Ascend910B Ascend310P5 Ascend310B4 Ascend910B4-1 Ascend910_9381; do
    case $soc in
        Ascend310 | Ascend310P5) prec=() ;;
        *) prec=(--precision_mode=must_keep_origin_dtype) ;;
    esac
    rc=0
    atc --framework=5 "${prec[@]}" --model=dynbatch.onnx --output="legacy_$soc" --soc_version=$soc \
        --input_shape="x:-1,3,8,8" --dynamic_batch_size="1,2,4,8" >out.txt 2>err.txt || rc=$?
    if [ "$soc" = Ascend910 ] || [ "$soc" = Ascend910B ]; then
        if [ "$rc" -ne 255 ] || ! grep -q "EZ3003.*optype \[Conv2D\]" err.txt || grep -q E10001 err.txt; then
            echo "FAIL: atc --soc_version=$soc: expected the EZ3003 refusal of the convolution"; cat err.txt
            fails=$((fails + 1))
        fi
        continue
    fi
    if [ "$rc" -ne 0 ]; then
        echo "FAIL: atc --soc_version=$soc"; cat err.txt; fails=$((fails + 1)); continue
    fi
    atc --mode=1 --om="legacy_$soc.om" --json="legacy_$soc.json" >/dev/null
    grep -q "\"soc_version\": *\"$soc\"" "legacy_$soc.json" || { echo "FAIL: $soc not recorded"; fails=$((fails + 1)); }
done
"$WORK/dyn_infer/out/main" "$WORK/legacy_Ascend910B4-1.om" batch "$WORK/dynbatch" >/dev/null ||
    { echo "FAIL: an Ascend910B4-1 model on an Ascend910B1 device"; fails=$((fails + 1)); }
for k in 0 1 2 3; do "$PY" "$HERE/compare.py" "$WORK" "dynbatch.g$k" 1 >/dev/null || fails=$((fails + 1)); done

[ "$fails" -eq 0 ] || { echo "$fails failure(s)"; exit 1; }
echo "dynamic model tests: all passed"
