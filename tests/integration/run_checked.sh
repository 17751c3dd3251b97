#!/usr/bin/env bash
# Runs a correct host program under the device-memory checker and fails unless the checker ran
# (a summary line) and found nothing.
#   run_checked.sh <run_host_program.sh> <its arguments...>
set -uo pipefail
LOG=$(mktemp /tmp/aclemu-memcheck.XXXXXX)
trap 'rm -f "$LOG"' EXIT
ACLEMU_MEMCHECK=1 ACLEMU_MEMCHECK_LOG=$LOG "$@"
rc=$?
cat "$LOG" >&2
[ $rc -eq 0 ] || { echo "the program failed under the checker (exit $rc)" >&2; exit 1; }
grep -q "^====== ERROR SUMMARY: " "$LOG" || { echo "the checker did not run" >&2; exit 1; }
if grep -q "^====== ERROR:" "$LOG" || grep "^====== ERROR SUMMARY: " "$LOG" | grep -vq " 0 errors"; then
    echo "the checker reported errors in a correct program" >&2
    exit 1
fi
echo "checked: no errors"
