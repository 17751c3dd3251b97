#!/usr/bin/env bash
# Sets aclemu up on a Debian 12 machine and runs the demo or the whole test suite.
#
#   tools/aclemu.sh demo    install build deps, build, install into ./_install, run the demo
#   tools/aclemu.sh test    same, then run every test (unit, integration, host programs), then
#                           the sanitizer stages (tools/ci/sanitize.sh; ACLEMU_SANITIZE=0 skips)
#   tools/aclemu.sh build   only set up, build and install
#
# Environment: BUILD_DIR (default ./build), PREFIX (default ./_install), JOBS (default nproc);
# test also: FUZZ_BUILD_DIR (default ./build-fuzz), FUZZ_SECONDS (per fuzz target, default 60).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD_DIR=${BUILD_DIR:-$ROOT/build}
PREFIX=${PREFIX:-$ROOT/_install}
JOBS=${JOBS:-$(nproc)}
DEPS=(build-essential g++ meson ninja-build pkg-config libyaml-dev libjson-c-dev libcmocka-dev python3 cmake
      clang libclang-rt-14-dev
      protobuf-c-compiler libprotobuf-c-dev libonnx-dev python3-onnx python3-numpy python3-protobuf
      python3-torchvision)  # issue 11 real-model tests (mfuse): torchvision models exported at test time

install_deps() {
    local missing=()
    for p in "${DEPS[@]}"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    echo "==> installing ${missing[*]}"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

build() {
    install_deps
    if [ ! -f "$BUILD_DIR/build.ninja" ]; then
        meson setup "$BUILD_DIR" --prefix="$PREFIX" --buildtype=release -Dtests=enabled
    fi
    ninja -C "$BUILD_DIR" -j"$JOBS"
    meson install -C "$BUILD_DIR" --quiet
}

case "${1:-}" in
    build) build ;;
    demo)
        build
        # shellcheck disable=SC1091
        source "$PREFIX/set_env.sh"
        "$PREFIX/bin/aclemu-demo"
        ;;
    test)
        build
        meson test -C "$BUILD_DIR" --num-processes "$JOBS" --print-errorlogs
        # the sanitizer builds (tools/ci/sanitize.sh), then every parser and user input fuzzed for a
        # bounded time (tests/fuzz/README.md)
        [ "${ACLEMU_SANITIZE:-1}" = 0 ] || JOBS=$JOBS tools/ci/sanitize.sh
        tests/fuzz/run_fuzzers.sh "${FUZZ_BUILD_DIR:-$ROOT/build-fuzz}" "${FUZZ_SECONDS:-60}"
        ;;
    *)
        sed -n '2,10p' "$0"
        exit 2
        ;;
esac
