#!/bin/bash
# Builds and runs one runtime example as its run.sh does: resolve the toolkit, configure with
# -DASCEND_CANN_PACKAGE_PATH, make, run ./build/main from the example directory.
#   run_example.sh <example-dir>
set -e
EXAMPLE=$(cd "$1" && pwd)
source "$(dirname "${BASH_SOURCE[0]}")/resolve_cann_env.sh"
resolve_cann_env
mkdir -p "$EXAMPLE/build"
cd "$EXAMPLE/build"
cmake .. -DASCEND_CANN_PACKAGE_PATH="$ASCEND_INSTALL_PATH" >/dev/null
make -j2 >/dev/null
cd "$EXAMPLE"
./build/main
