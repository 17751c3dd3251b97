#!/usr/bin/env bash
# Replays a fuzz target over inputs without mutating (the regression mode of tests/fuzz):
#   replay.sh <target> <dir>...   every regular file under each existing dir, once
# Fails when the target crashes, leaks, or reports a finding on any of them.
set -euo pipefail
exe=$1
shift
files=()
for d in "$@"; do
    [ -d "$d" ] || continue
    while IFS= read -r -d '' f; do files+=("$f"); done < <(find "$d" -type f ! -name 'README*' -print0 | sort -z)
done
if [ ${#files[@]} -eq 0 ]; then
    echo "replay: no inputs for $(basename "$exe") in $*" >&2
    exit 1
fi
# libFuzzer runs each file given on the command line once; -runs is per file
"$exe" -timeout=25 -rss_limit_mb=2048 "${files[@]}" >"${TMPDIR:-/tmp}/replay.$$.log" 2>&1 || {
    rc=$?
    tail -n 60 "${TMPDIR:-/tmp}/replay.$$.log" >&2
    rm -f "${TMPDIR:-/tmp}/replay.$$.log"
    echo "replay: $(basename "$exe") failed (exit $rc) on one of ${#files[@]} inputs" >&2
    exit 1
}
rm -f "${TMPDIR:-/tmp}/replay.$$.log"
echo "replay: $(basename "$exe"): ${#files[@]} inputs, no finding"
