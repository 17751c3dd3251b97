#!/usr/bin/env bash
# Malformed inputs, as a user meets them: atc on a garbage / truncated ONNX file, an unsupported
# operator, a dynamic input without --input_shape, a bad --soc_version (each: exit status 255
# and the E-code naming what is wrong), --input_shape and --mode=1 that work; then the aclmdl
# API on corrupted / truncated / foreign-SoC models and wrong datasets (mdl_errors.c).
#
#   run_errors_test.sh <build-dir>
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../samples/sample_env.sh" "$1"
PY=$("$HERE/find_python.sh")
cd "$WORK"
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
SOC=Ascend910B1
for m in cnn unsupported garbage truncated dynamic tfcrop; do "$PY" "$HERE/make_models.py" "$WORK" "$m"; done
expect_fail E14001 coordinate_transformation_mode crop_resize -- --framework=5 --model=tfcrop.onnx --output=tf \
    --soc_version=$SOC
expect_fail E16002 Asinh my_asinh -- --framework=5 --model=unsupported.onnx --output=u --soc_version=$SOC
expect_fail E10001 "not a valid ONNX model" -- --framework=5 --model=garbage.onnx --output=g --soc_version=$SOC
expect_fail "E1[06]00" -- --framework=5 --model=truncated.onnx --output=t --soc_version=$SOC
expect_fail E10001 -- --framework=5 --model=missing.onnx --output=t --soc_version=$SOC
expect_fail E10001 "--input_shape" -- --framework=5 --model=dynamic.onnx --output=d --soc_version=$SOC
expect_fail E10016 -- --framework=5 --model=dynamic.onnx --output=d --soc_version=$SOC --input_shape=nope:1,3,16,16
expect_fail E10001 soc_version -- --framework=5 --model=cnn.onnx --output=c --soc_version=Ascend999
expect_fail E10001 precision_mode -- --framework=5 --model=cnn.onnx --output=c --soc_version=$SOC \
    --precision_mode=bogus
# per-chip kernels (pass_precision_chip): no float32 Cube path on 310P / 910, so the modes that
# keep the original dtype refuse a float32 convolution at conversion, naming the node; the 910
# has no aclnn convolution at all; the modes that allow float16 convert (Casts around the cube ops)
expect_fail EZ3002 "Ascend310P3 has no float32 path" "EZ3003: No supported Ops kernel and engine are found for" \
    "optype \[Conv\]" -- --framework=5 --model=cnn.onnx --output=chip1 --soc_version=Ascend310P3 \
    --precision_mode=must_keep_origin_dtype
expect_fail EZ3003 "optype \[Conv\]" -- --framework=5 --model=cnn.onnx --output=chip2 --soc_version=Ascend310P3 \
    --precision_mode_v2=origin
expect_fail EZ3002 "Atlas training series" "optype \[Conv2D\]" -- --framework=5 --model=cnn.onnx --output=chip3 \
    --soc_version=Ascend910
for f in chip1 chip2 chip3; do
    if [ -e "$f.om" ]; then echo "FAIL: a refused conversion wrote $f.om"; fails=$((fails + 1)); fi
done
for m in allow_fp32_to_fp16 force_fp32; do
    if ! atc --framework=5 --model=cnn.onnx --output=chip_$m --soc_version=Ascend310P3 --precision_mode=$m >out.txt 2>&1 ||
       ! grep -q "precision mode $m: float32, [1-9][0-9]* Cast nodes added" out.txt || [ ! -s chip_$m.om ]; then
        echo "FAIL: $m on Ascend310P3 did not convert with Casts around the cube ops"; cat out.txt; fails=$((fails + 1))
    fi
done
if ! atc --framework=5 --model=cnn.onnx --output=chip_b --soc_version=$SOC --precision_mode=must_keep_origin_dtype \
       >out.txt 2>&1 || ! grep -q "precision mode must_keep_origin_dtype: float32, 0 Cast nodes added" out.txt; then
    echo "FAIL: must_keep_origin_dtype on $SOC changed the graph"; cat out.txt; fails=$((fails + 1))
fi
expect_fail E10004 -- --framework=5 --model=cnn.onnx --soc_version=$SOC
for f in u g t d; do [ ! -e $f.om ] || { echo "FAIL: a failed conversion left $f.om"; fails=$((fails + 1)); }; done

atc --framework=5 --model=dynamic.onnx --output=dyn --soc_version=$SOC --input_shape="x:2,3,16,16" >/dev/null
atc --framework=5 --model=cnn.onnx --output=cnn --soc_version=$SOC --precision_mode=force_fp32 >/dev/null
atc --framework=5 --model=cnn.onnx --output=cnn310 --soc_version=Ascend310P3 >/dev/null
atc --mode=1 --om=cnn.om --json=cnn.json >/dev/null
atc --framework=5 --model=cnn.onnx --output=cut --soc_version=$SOC --out_nodes="pool1:0;fc:0" >/dev/null
atc --mode=1 --om=cut.om --json=cut.json >/dev/null
expect_fail E10016 -- --framework=5 --model=cnn.onnx --output=c --soc_version=$SOC --out_nodes="nope:0"
"$PY" - <<'PYEOF'
import json, sys
j = json.load(open('cnn.json'))
apis = [s['api'] for s in j['steps']]
ok = j['soc_version'] == 'Ascend910B1' and j['inputs'][0]['shape'] == [2, 3, 16, 16] \
    and 'aclnnConvolution' in apis and 'aclnnSigmoid' not in apis \
    and not any(s['node'] == 'bn1' for s in j['steps']) and j['workspace_size'] > 0
cut = json.load(open('cut.json'))
ok = ok and [o['name'] for o in cut['outputs']] == ['p1', 'logits'] \
    and 'aclnnSoftmax' not in [s['api'] for s in cut['steps']]
sys.exit(0 if ok else 1)
PYEOF
head -c 1000 cnn.onnx >junk.om

${CC:-gcc} -std=c99 -Wall -Werror "${XFLAGS[@]}" -o mdl_errors "$HERE/mdl_errors.c" -I"$ASCEND_HOME_PATH/include" \
    -L"$ASCEND_HOME_PATH/lib64" -lascendcl
./mdl_errors cnn.om cnn310.om junk.om || fails=$((fails + 1))
./mdl_errors dyn.om cnn310.om junk.om || fails=$((fails + 1))
[ "$fails" -eq 0 ] || { echo "$fails failure(s)"; exit 1; }
echo "model error tests: all passed"
