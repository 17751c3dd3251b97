#!/usr/bin/env bash
# A runtime-repository-style example (CMake, -DASCEND_CANN_PACKAGE_PATH) against the staged install.
#   run_runtime_example.sh <build-dir> <example-name under runtime_examples/quickstart>
# The example tree is copied to a scratch dir so the build happens outside the source tree.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/sample_env.sh" "$1"
cp -r "$HERE/runtime_examples" "$WORK/example"
bash "$WORK/example/common/run_example.sh" "$WORK/example/quickstart/$2"
