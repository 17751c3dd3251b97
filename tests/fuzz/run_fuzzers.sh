#!/usr/bin/env bash
# Bounded libFuzzer runs of every target in tests/fuzz (README.md there), for CI and by hand:
#
#   tests/fuzz/run_fuzzers.sh <build-dir> <seconds> [target...]
#
# Sets <build-dir> up if it has no build.ninja (clang, -Dfuzz=enabled, ASan + UBSan), builds the
# targets only, replays every target over its seeds and regression inputs (meson test --suite fuzz),
# then fuzzes each target for <seconds>, two at a time (FUZZ_JOBS), each on a copy of its seed
# corpus (the repo's corpus is never written). Prints per target: executions, coverage (cov/ft),
# corpus size and findings. Exits non-zero on any crash, leak, timeout, OOM or UB report; the
# inputs are kept in <build-dir>/fuzz-runs/<target>/ (crash-*, leak-*, timeout-*, oom-*).
set -euo pipefail
if [ $# -lt 2 ]; then
    sed -n '2,12p' "$0"
    exit 2
fi
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
BUILD=$(mkdir -p "$1" && cd "$1" && pwd)
SECONDS_EACH=$2
shift 2
JOBS=${FUZZ_JOBS:-2}
ALL=(fuzz_acl_config fuzz_profile_yaml fuzz_topology_yaml fuzz_atc_singleop fuzz_om_model fuzz_aclop_desc
     fuzz_aclnn_stage1 fuzz_graph_om fuzz_onnx_import
     fuzz_aipp_config)  # mdyn
if [ $# -gt 0 ]; then TARGETS=("$@"); else TARGETS=("${ALL[@]}"); fi

# input size limits: text files get room for nesting, the structured targets need little
declare -A MAX_LEN=([fuzz_acl_config]=4096 [fuzz_profile_yaml]=4096 [fuzz_topology_yaml]=2048
                    [fuzz_atc_singleop]=8192 [fuzz_om_model]=4096 [fuzz_aclop_desc]=1024
                    [fuzz_aclnn_stage1]=1024 [fuzz_graph_om]=8192 [fuzz_onnx_import]=8192
                    [fuzz_aipp_config]=4096)
declare -A DICTS=([fuzz_acl_config]="json.dict fuzz_acl_config.dict" [fuzz_profile_yaml]="yaml.dict"
                  [fuzz_topology_yaml]="yaml.dict" [fuzz_atc_singleop]="json.dict fuzz_atc_singleop.dict"
                  [fuzz_om_model]="fuzz_om_model.dict")

if [ ! -f "$BUILD/build.ninja" ]; then
    echo "==> setting up the fuzz build in $BUILD"
    setup_log=${TMPDIR:-/tmp}/aclemu-fuzz-setup.$$.log
    CC=clang CXX=clang++ meson setup "$BUILD" "$ROOT" -Dfuzz=enabled -Db_sanitize=address,undefined \
        -Db_lundef=false -Dtests=disabled --buildtype=debugoptimized >"$setup_log" 2>&1 ||
        { cat "$setup_log"; rm -f "$setup_log"; exit 1; }
    rm -f "$setup_log"
fi
echo "==> building the fuzz targets"
ninja -C "$BUILD" fuzz-targets >/dev/null
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
echo "==> regression mode: every target over its corpus and tests/fuzz/crashes/"
meson test -C "$BUILD" --no-rebuild --suite fuzz --print-errorlogs

RUNS="$BUILD/fuzz-runs"
rm -rf "$RUNS"
mkdir -p "$RUNS"
run_one() {
    local t=$1 dir="$RUNS/$1" rc
    mkdir -p "$dir/corpus"
    cp -r "$HERE/corpus/$t/." "$dir/corpus/"
    local dict=()
    if [ -n "${DICTS[$t]:-}" ]; then
        for d in ${DICTS[$t]}; do cat "$HERE/dict/$d"; done >"$dir/dict"
        dict=(-dict="$dir/dict")
    fi
    # TMPDIR: the scratch files of the loader targets stay in the run dir
    TMPDIR="$dir" "$BUILD/tests/fuzz/$t" "$dir/corpus" "${dict[@]}" -max_len="${MAX_LEN[$t]}" \
        -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$dir/" -close_fd_mask=1 >"$dir/log" 2>&1 && rc=0 || rc=$?
    echo "$rc" >"$dir/rc"
}
echo "==> fuzzing ${#TARGETS[@]} targets for ${SECONDS_EACH}s each, $JOBS at a time"
running=0
for t in "${TARGETS[@]}"; do
    [ -x "$BUILD/tests/fuzz/$t" ] || { echo "no target $t in $BUILD/tests/fuzz" >&2; exit 2; }
    run_one "$t" &
    running=$((running + 1))
    if [ "$running" -ge "$JOBS" ]; then
        wait -n || true
        running=$((running - 1))
    fi
done
wait || true

status=0
printf '%-20s %12s %8s %8s %8s  %s\n' target executions cov ft corpus result
for t in "${TARGETS[@]}"; do
    dir="$RUNS/$t"
    log="$dir/log"
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    last=$(grep -E '^#[0-9]+.*(cov|DONE)' "$log" | tail -1 || true)
    cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
    ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
    corp=$(sed -n 's/.* corp: \([0-9]*\).*/\1/p' <<<"$last")
    rc=$(cat "$dir/rc" 2>/dev/null || echo 1)
    findings=$(find "$dir" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' \
        -o -name 'oom-*' \) | wc -l)
    result=ok
    if [ "$rc" != 0 ] || [ "$findings" -gt 0 ]; then
        result="FAILED (exit $rc, $findings input(s) in $dir)"
        status=1
    fi
    printf '%-20s %12s %8s %8s %8s  %s\n' "$t" "${execs:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}" "$result"
done
if [ "$status" != 0 ]; then
    for t in "${TARGETS[@]}"; do
        [ "$(cat "$RUNS/$t/rc" 2>/dev/null || echo 1)" = 0 ] && continue
        echo "---- $t (last lines of $RUNS/$t/log)"
        grep -v '^#' "$RUNS/$t/log" | tail -n 40
    done
fi
exit $status
