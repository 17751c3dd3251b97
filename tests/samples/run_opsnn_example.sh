#!/usr/bin/env bash
# An ops-nn example built the way `build.sh --run_example <op> eager` does: a plain g++ line with
# the toolkit's include, include/aclnnop and include/aclnn directories and
# -lopapi_nn -lopapi_math -lascendcl -lnnopbase (-lacl_rt when libascendcl.so is absent), then
# ./test_aclnn_<name>; the exit code is the verdict.
#   run_opsnn_example.sh <build-dir> <opsnn_examples/test_aclnn_<name>.cpp>
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/sample_env.sh" "$1"
SRC=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
NAME=$(basename "${SRC%.cpp}")

INCLUDE_PATH=$ASCEND_HOME_PATH/include
ACLNN_INCLUDE_PATH=$INCLUDE_PATH/aclnn
EAGER_LIBRARY_PATH=$ASCEND_HOME_PATH/lib64
EAGER_LIBRARY_OPP_PATH=$ASCEND_OPP_PATH/lib64
RUNTIME_LIB=-lacl_rt
[ -f "$EAGER_LIBRARY_PATH/libascendcl.so" ] && RUNTIME_LIB=-lascendcl

cd "$WORK"
g++ "${XFLAGS[@]}" "$SRC" -I "$INCLUDE_PATH" -I "$INCLUDE_PATH/aclnnop" -I "$ACLNN_INCLUDE_PATH" \
    -L "$EAGER_LIBRARY_OPP_PATH" -L "$EAGER_LIBRARY_PATH" \
    -lopapi_nn -lopapi_math "$RUNTIME_LIB" -lnnopbase -o "$NAME"
"./$NAME"
