#!/usr/bin/env bash
# Runs one test of a sanitizer build (the `sanitize` test setup of tests/meson.build) and fails it
# on any sanitizer report from any of its processes: the test program, the host programs it
# compiles, and the device processes they start (detached, so nobody's children and quiet on
# stderr). Every such process inherits log_path=<private dir>/report; after the test, the device
# processes it leaves behind are stopped (SIGTERM, what `aclemu-devsim --stop` asks for) and waited
# for, so their exit-time leak check is written too; then any report is printed and fails the test.
#
#   run_checked.sh <test command...>
set -u
dir=$(mktemp -d /tmp/aclemu-san.XXXXXX)
# marks this test's processes: found again through /proc/<pid>/environ
export ACLEMU_SAN_RUN=$dir
# device processes of this test only (parallel tests never share one, nor stop another's)
export ACLEMU_RUNTIME_DIR=$dir/rt
mkdir -m 700 "$ACLEMU_RUNTIME_DIR"
for v in ASAN_OPTIONS UBSAN_OPTIONS TSAN_OPTIONS; do
    export "$v=${!v:+${!v}:}log_path=$dir/report"
done

"$@"
rc=$?

# Processes still carrying the mark: device processes, or stragglers. (This shell's own environ
# is the one it was started with, which has no mark; grep runs without it.)
marked() {
    local f
    for f in $(env -u ACLEMU_SAN_RUN grep -lsxzF "ACLEMU_SAN_RUN=$dir" /proc/[0-9]*/environ); do
        f=${f#/proc/}
        echo "${f%/environ}"
    done
}
for pid in $(marked); do
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = aclemu-devsim ] && kill -TERM "$pid" 2>/dev/null
done
for _ in $(seq 300); do
    [ -z "$(marked)" ] && break
    sleep 0.1
done
left=$(marked)
if [ -n "$left" ]; then
    echo "run_checked: processes of the test still running 30 s after it ended:" >&2
    ps -o pid,comm,args -p "${left//$'\n'/,}" >&2
    [ "$rc" -eq 0 ] && rc=1
fi

shopt -s nullglob
reports=("$dir"/report.*)
if [ ${#reports[@]} -gt 0 ]; then
    for r in "${reports[@]}"; do
        echo "==== sanitizer report ${r##*/} ====" >&2
        cat "$r" >&2
    done
    [ "$rc" -eq 0 ] && rc=1
fi
rm -rf "$dir"
exit "$rc"
