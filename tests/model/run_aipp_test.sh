#!/usr/bin/env bash
# Static AIPP as a user builds and runs it: make_aipp_models.py makes the models, their AIPP
# configuration files (protobuf text, as the samples ship them) and source images; the installed
# atc converts them with --insert_op_conf (and refuses bad configurations with the E-code and the
# line); the sample-style program (sample_infer/) runs them on the raw images and each output is
# compared with the float64 NumPy reference of AIPP + model; mdl_aipp_info checks the desc, the
# AIPP type and info getters and a wrong-size dataset.
#
#   run_aipp_test.sh <build-dir>
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../samples/sample_env.sh" "$1"
PY=$("$HERE/find_python.sh")
SOC=${ACLEMU_TEST_SOC:-Ascend910B1}
cd "$WORK"
"$PY" "$HERE/make_aipp_models.py" "$WORK"
fails=0
expect_fail() { # expect_fail <cfg text> <grep pattern>: atc must exit 255 and print the pattern
    printf '%s\n' "$1" >bad.cfg
    local rc=0
    atc --framework=5 --model=aippyuv.onnx --output=bad --soc_version=$SOC --insert_op_conf=bad.cfg \
        >out.txt 2>err.txt || rc=$?
    if [ "$rc" -ne 255 ] || ! grep -q "E10001" err.txt || ! grep -q -- "$2" err.txt; then
        echo "FAIL: config [$1]: exit $rc, expected 255 with E10001 and '$2':"; cat err.txt; fails=$((fails + 1))
    fi
}
expect_fail 'aipp_op { aipp_mode: static input_format: YUV420SP_U8 src_image_size_w: 12 src_image_size_h: 8 csc_switch: true' \
    "not closed"
expect_fail 'aipp_op { aipp_mode: static input_format: YUV420SP_U8 src_image_size_w: 12 src_image_size_h: 8 colour: 1 }' \
    'unknown field "colour"'
expect_fail 'aipp_op { aipp_mode: static input_format: YUV420SP_U8 src_image_size_w: 12 src_image_size_w: 12 }' \
    "given twice"
expect_fail 'aipp_op { aipp_mode: static input_format: YUV422SP_U8 src_image_size_w: 12 src_image_size_h: 8 }' \
    "not supported"
expect_fail 'aipp_op { aipp_mode: static
  input_format: YUV420SP_U8
  src_image_size_w: 12 src_image_size_h: 8 mean_chn_0: 300 }' "line 3: mean_chn_0"
expect_fail 'aipp_op { aipp_mode: static input_format: YUV420SP_U8 src_image_size_w: 14 src_image_size_h: 8 csc_switch: true }' \
    "differs from the model input"
expect_fail 'aipp_op { aipp_mode: static input_format: YUV420SP_U8 src_image_size_w: 16 src_image_size_h: 12 crop: true load_start_pos_w: 6 crop_size_w: 12 crop_size_h: 8 }' \
    "inside the source image"
expect_fail 'aipp_op { aipp_mode: static input_format: YUV420SP_U8 src_image_size_w: 12 src_image_size_h: 8 related_input_rank: 1 }' \
    "related_input_rank 1"
expect_fail 'aipp_op { aipp_mode: sometimes }' "static or dynamic"
expect_fail 'aipp_op { aipp_mode: dynamic }' "max_src_image_size"
[ ! -e bad.om ] || { echo "FAIL: a failed conversion left bad.om"; fails=$((fails + 1)); }
rc=0
atc --framework=5 --model=aippyuv.onnx --output=bad --soc_version=$SOC --insert_op_conf=aippyuv.cfg \
    --input_shape="x:-1,3,8,12" --dynamic_dims="1;2" --input_format=ND >/dev/null 2>err.txt || rc=$?
[ "$rc" -eq 255 ] && grep -q "mutually exclusive" err.txt || { echo "FAIL: AIPP with --dynamic_dims"; fails=$((fails + 1)); }

for n in aippyuv aipprgb aippgray; do
    atc --framework=5 --precision_mode=must_keep_origin_dtype --model=$n.onnx --output=$n --soc_version=$SOC --insert_op_conf=$n.cfg >/dev/null
done
atc --framework=5 --precision_mode=must_keep_origin_dtype --model=aippyuv.onnx --output=plain --soc_version=$SOC >/dev/null

cp -r "$HERE/sample_infer" "$WORK/sample_infer"
export INSTALL_DIR=$ASCEND_HOME_PATH
mkdir -p sample_infer/build/intermediates/host
(cd sample_infer/build/intermediates/host &&
    cmake ../../../src -DCMAKE_CXX_COMPILER=g++ -DCMAKE_SKIP_RPATH=TRUE >/dev/null && make -j2 >/dev/null)
for n in aippyuv aipprgb aippgray; do
    if "$WORK/sample_infer/out/main" "$WORK/$n.om" "$WORK/$n.in0.bin" -- "$WORK/$n" 2 >/dev/null; then
        "$PY" "$HERE/compare.py" "$WORK" "$n" 1 || fails=$((fails + 1))
    else
        echo "FAIL: $n did not run"; fails=$((fails + 1))
    fi
done
${CC:-gcc} -std=c99 -Wall -Werror "${XFLAGS[@]}" -o mdl_aipp_info "$HERE/mdl_aipp_info.c" \
    -I"$ASCEND_HOME_PATH/include" -L"$ASCEND_HOME_PATH/lib64" -lascendcl
./mdl_aipp_info aippyuv.om plain.om || fails=$((fails + 1))
# dynamic AIPP: the parameters come from aclmdlCreateAIPP + setters at run time
atc --framework=5 --precision_mode=must_keep_origin_dtype --model=aippdyn.onnx --output=aippdyn --soc_version=$SOC --insert_op_conf=aippdyn.cfg >/dev/null
${CC:-gcc} -std=c99 -Wall -Werror "${XFLAGS[@]}" -o mdl_aipp_dynamic "$HERE/mdl_aipp_dynamic.c" \
    -I"$ASCEND_HOME_PATH/include" -L"$ASCEND_HOME_PATH/lib64" -lascendcl
if ./mdl_aipp_dynamic aippdyn.om aippdyn.in0.bin aippdyn.out0.bin; then
    "$PY" "$HERE/compare.py" "$WORK" aippdyn 1 || fails=$((fails + 1))
else
    fails=$((fails + 1))
fi
[ "$fails" -eq 0 ] || { echo "$fails failure(s)"; exit 1; }
echo "AIPP model tests: all passed"
