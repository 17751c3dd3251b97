#!/usr/bin/env bash
# Builds ggml's CANN backend (ggml-org/ggml, src/ggml-cann) against an installed aclemu prefix
# the way its own CMake finds a CANN toolkit (ASCEND_TOOLKIT_HOME from the prefix's set_env.sh,
# SOC_TYPE given), with no shim, then runs `test-backend-ops test -b CANN0` and summarises the
# cases per op: passed, failed, not supported. Not part of CI (it needs a ggml checkout).
#
#   tools/ggml/run_ggml_cann.sh <ggml-checkout> <prefix> [soc] [-- extra test-backend-ops args]
#   tools/ggml/run_ggml_cann.sh --summarise <test-backend-ops log> <summary file>
#
# Environment: BUILD_DIR (default <ggml-checkout>/build-cann), JOBS (default 2), OUT (where the
# raw log and the summary go; default $BUILD_DIR).
set -euo pipefail

# Per-op counts of a test-backend-ops log: case lines look like "  OP(params): OK", "...: FAIL",
# "...: not supported [CANN0]" (colour codes stripped).
summarise() {
python3 - "$1" "$2" <<'PY'
import re, sys
log, out = sys.argv[1], sys.argv[2]
per = {}
# a FAIL line starts with the error ("[OP] ERR = ... > ...   OP(params): FAIL")
case = re.compile(r'(?:^|\s)([A-Z_0-9]+)\((.*)\):\s+(OK|FAIL|not supported)')
ansi = re.compile(r'\x1b\[[0-9;]*m')  # the OK / FAIL colours
for line in open(log, errors='replace'):
    m = case.search(ansi.sub('', line))
    if not m:
        continue
    op, res = m.group(1), m.group(3)
    d = per.setdefault(op, {'OK': 0, 'FAIL': 0, 'not supported': 0})
    d[res] += 1
tot = {k: sum(d[k] for d in per.values()) for k in ('OK', 'FAIL', 'not supported')}
lines = ['%-28s %7s %7s %12s' % ('op', 'passed', 'failed', 'unsupported')]
for op in sorted(per):
    d = per[op]
    lines.append('%-28s %7d %7d %12d' % (op, d['OK'], d['FAIL'], d['not supported']))
lines.append('%-28s %7d %7d %12d' % ('TOTAL', tot['OK'], tot['FAIL'], tot['not supported']))
lines.append('cases run: %d (passed %d, failed %d); not supported: %d' %
             (tot['OK'] + tot['FAIL'], tot['OK'], tot['FAIL'], tot['not supported']))
failing = [op for op in sorted(per) if per[op]['FAIL']]
aborted = [l.split(':')[0].strip() for l in open(log, errors='replace') if re.match(r'[A-Z_0-9]+: aborted \(exit', l)]
lines.append('ops whose run aborted (later cases not run): ' + (', '.join(aborted) if aborted else 'none'))
lines.append('ops with failures: ' + (', '.join(failing) if failing else 'none'))
open(out, 'w').write('\n'.join(lines) + '\n')
print('\n'.join(lines))
PY
}

# tools/ggml/run_ggml_cann.sh --summarise <log> <summary>: only the summary of an existing log
if [ "${1:-}" = "--summarise" ]; then
    summarise "$2" "$3"
    exit 0
fi
if [ $# -lt 2 ]; then
    echo "usage: $0 <ggml-checkout> <prefix> [soc] [-- test-backend-ops args]" >&2
    exit 2
fi
GGML=$(cd "$1" && pwd); PREFIX=$(cd "$2" && pwd); shift 2
SOC=Ascend910B3
if [ $# -gt 0 ] && [ "$1" != "--" ]; then SOC=$1; shift; fi
[ "${1:-}" = "--" ] && shift
BUILD=${BUILD_DIR:-$GGML/build-cann}
OUT=${OUT:-$BUILD}
JOBS=${JOBS:-2}
mkdir -p "$BUILD" "$OUT"

# shellcheck disable=SC1091
source "$PREFIX/set_env.sh"
echo "== configure (ASCEND_TOOLKIT_HOME=$ASCEND_TOOLKIT_HOME, SOC_TYPE=$SOC)"
cmake -S "$GGML" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DGGML_CANN=ON -DSOC_TYPE="$SOC" \
      -DGGML_BUILD_TESTS=ON -DGGML_BUILD_EXAMPLES=OFF -DGGML_NATIVE=OFF >"$OUT/configure.log" 2>&1 ||
    { tail -30 "$OUT/configure.log"; echo "configure failed (log: $OUT/configure.log)"; exit 1; }
echo "== build test-backend-ops"
if ! cmake --build "$BUILD" --target test-backend-ops -j "$JOBS" >"$OUT/build.log" 2>&1; then
    grep -E 'error|undefined reference' "$OUT/build.log" | sort | uniq | head -60
    echo "build failed (log: $OUT/build.log)"
    exit 1
fi

BIN=$(find "$BUILD" -name test-backend-ops -type f -perm -u+x | head -1)
# One run per op: a CANN error aborts test-backend-ops, which would lose every later op. With
# RESUME_LOG=<earlier log>, ops all of whose cases (as the support probe lists them) finished
# there are taken from it instead of run again.
LOG=$OUT/test-backend-ops.log
: >"$LOG"
rc=0
ops=$("$BIN" --list-ops 2>/dev/null | sed 's/\x1b\[[0-9;]*m//g' | awk 'NF == 1 && $1 ~ /^[A-Z_0-9]+$/ {print $1}')
[ -n "$ops" ] || { echo "test-backend-ops --list-ops printed no op names"; exit 1; }
if [ -n "${RESUME_LOG:-}" ]; then # how many cases each op has: the support probe lists them all
    "$BIN" support -b CANN0 2>/dev/null | sed 's/\x1b\[[0-9;]*m//g' >"$OUT/support.log" || true
fi
# result lines of op in a log (colour codes stripped)
results() { sed 's/\x1b\[[0-9;]*m//g' "$2" | grep -a -c -E "(^|[[:space:]])$1\(.*\): +(OK|FAIL|not supported)" || true; }
for op in $ops; do
    if [ -n "${RESUME_LOG:-}" ]; then
        want=$(grep -a -c "^  $op(" "$OUT/support.log" || true)
        have=$(results "$op" "$RESUME_LOG")
        if [ "$want" -gt 0 ] && [ "$have" -eq "$want" ]; then # every case of op finished there
            sed 's/\x1b\[[0-9;]*m//g' "$RESUME_LOG" | grep -a -E "(^|[[:space:]])$op\(.*\): +(OK|FAIL|not supported)" >>"$LOG" || true
            continue
        fi
    fi
    set +e
    "$BIN" test -b CANN0 -o "$op" "$@" >"$LOG.op" 2>&1
    orc=$?
    set -e
    cat "$LOG.op" >>"$LOG"
    [ -z "$(tail -c1 "$LOG")" ] || echo >>"$LOG" # an aborted run ends mid-line
    if [ $orc -gt 1 ]; then # 1: some case failed; more: the run died
        last=$(sed 's/\x1b\[[0-9;]*m//g' "$LOG.op" | grep -a "^  $op(" | tail -1 | cut -c1-200 || true)
        echo "$op: aborted (exit $orc) at: $last" | tee -a "$LOG" "$OUT/aborted.txt"
        rc=$orc
    elif [ $orc -eq 1 ] && [ $rc -eq 0 ]; then
        rc=1
    fi
done
rm -f "$LOG.op"
echo "test-backend-ops done, exit code $rc (log: $LOG)"
summarise "$OUT/test-backend-ops.log" "$OUT/summary.txt"
exit "$rc"
