#!/usr/bin/env bash
# The sanitizer test wrapper itself: a report written by any process of a test fails the test
# (also when the test exits 0, and also when the process outlives the test, like a device
# process's exit-time leak check), the test's own failure code passes through, and a clean test
# passes.
#   test_run_checked.sh <run_checked.sh>
set -u
W=$1
fails=0
expect() { # expect <what> <wanted exit code> <command...>
    local what=$1 want=$2
    shift 2
    "$W" "$@" >/dev/null 2>"$tmp/err"
    local got=$?
    if [ "$got" != "$want" ]; then
        echo "FAIL: $what: exit $got, wanted $want" >&2
        cat "$tmp/err" >&2
        fails=$((fails + 1))
    fi
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the report path a sanitizer would use: log_path=<dir>/report, one file per pid
report='${ASAN_OPTIONS##*log_path=}.$$'

expect "clean test" 0 bash -c 'exit 0'
expect "failing test keeps its code" 3 bash -c 'exit 3'
expect "report of the test program" 1 bash -c "echo 'ERROR: AddressSanitizer' > $report"
expect "report of a TSan run" 1 bash -c "echo 'WARNING: ThreadSanitizer' > \${TSAN_OPTIONS##*log_path=}.\$\$"
# a detached process that reports after the test has exited, as a device process does at exit
expect "report after the test ended" 1 bash -c "setsid bash -c 'sleep 1; echo leak > $report' </dev/null >/dev/null 2>&1 & exit 0"
grep -q "leak" "$tmp/err" || { echo "FAIL: the late report was not printed" >&2; fails=$((fails + 1)); }
# each test gets its own runtime dir for device processes
expect "private runtime dir" 0 bash -c '[ -d "$ACLEMU_RUNTIME_DIR" ] && [ "${ACLEMU_RUNTIME_DIR#/tmp/aclemu-san.}" != "$ACLEMU_RUNTIME_DIR" ]'
[ "$fails" -eq 0 ] && echo "run_checked.sh: all cases pass"
exit $((fails > 0))
