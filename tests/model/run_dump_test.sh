#!/usr/bin/env bash
# Model dump (aclmdlInitDump / SetDump / FinalizeDump): check_dump.py makes a Relu -> Add -> Neg
# model and the configuration files, the installed atc converts it, mdl_dump (built against the
# staged install) runs the order and configuration error checks and executes the model with a
# dump of two of its layers, and check_dump.py parses the dump files (layout, names, header
# length, DumpData fields, tensor bytes against float64 values computed independently); then
# op_dump runs aclnnAdd under a single-operator dump (dump_op_switch on) and check_dump.py
# checks its one file.
#
#   run_dump_test.sh <build-dir>
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../samples/sample_env.sh" "$1"
PY=$("$HERE/find_python.sh")
"$PY" -c 'import google.protobuf' 2>/dev/null || { echo "no python3-protobuf (apt-get install python3-protobuf)"; exit 1; }
SOC=${ACLEMU_TEST_SOC:-Ascend910B1}
cd "$WORK"
"$PY" "$HERE/check_dump.py" make "$WORK"
atc --framework=5 --precision_mode=must_keep_origin_dtype --model=dumpnet.onnx --output=dumpnet --soc_version=$SOC >/dev/null
${CC:-gcc} -std=c99 -Wall -Werror "${XFLAGS[@]}" -o mdl_dump "$HERE/mdl_dump.c" \
    -I"$ASCEND_HOME_PATH/include" -L"$ASCEND_HOME_PATH/lib64" -lascendcl
${DUMP_WRAP:-} ./mdl_dump dumpnet.om "$WORK" x.bin
${DUMP_WRAP:-} ./mdl_dump dumpnet.om "$WORK" x.bin init
"$PY" "$HERE/check_dump.py" check "$WORK"
# single-operator dumps (dump_op_switch on) of aclnnAdd, as the runtime repository's adump sample
${CC:-gcc} -std=c99 -Wall -Werror "${XFLAGS[@]}" -o op_dump "$HERE/op_dump.c" \
    -I"$ASCEND_HOME_PATH/include" -L"$ASCEND_HOME_PATH/lib64" -lopapi_math -lascendcl -lnnopbase
${DUMP_WRAP:-} ./op_dump "$WORK"
"$PY" "$HERE/check_dump.py" opcheck "$WORK"
[ -z "${DUMP_KEEP:-}" ] || cp -r "$WORK" "$DUMP_KEEP"
