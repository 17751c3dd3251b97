#!/usr/bin/env bash
# An Ascend/samples-style sample against the staged install, built the way its README says:
# export the toolkit variables, `cmake ../../../src -DCMAKE_CXX_COMPILER=g++ -DCMAKE_SKIP_RPATH=TRUE`
# in build/intermediates/host, make, then run the binary from its output dir (libraries found
# through LD_LIBRARY_PATH from set_env.sh, as there is no rpath).
#
#   run_ascend_sample.sh <build-dir> <sample under ascend_samples/> <run dir> <binary> [args...]
#
# If the sample has scripts/gen_data.py it is run in the run dir first, and scripts/verify_result.py
# after the binary; every step must succeed.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/sample_env.sh" "$1"
NAME=$2 RUNDIR=$3 EXE=$4
shift 4

cp -r "$HERE/ascend_samples/$NAME" "$WORK/$NAME"
cd "$WORK/$NAME"
# what the samples' READMEs ask the user to export
export DDK_PATH=$ASCEND_HOME_PATH
export NPU_HOST_LIB=$DDK_PATH/compiler/lib64/stub
export INSTALL_DIR=$ASCEND_HOME_PATH
export CPU_ARCH=$(uname -m)

mkdir -p build/intermediates/host
(cd build/intermediates/host &&
    cmake ../../../src -DCMAKE_CXX_COMPILER=g++ -DCMAKE_SKIP_RPATH=TRUE >/dev/null &&
    make -j2 >/dev/null)

cd "$RUNDIR"
[ -f "$WORK/$NAME/scripts/gen_data.py" ] && python3 "$WORK/$NAME/scripts/gen_data.py"
"./$EXE" "$@"
[ -f "$WORK/$NAME/scripts/verify_result.py" ] && python3 "$WORK/$NAME/scripts/verify_result.py"
exit 0
