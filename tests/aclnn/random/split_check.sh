#!/usr/bin/env bash
# Cross-topology check of the random family: the same fills (seed, offset, shapes) under the
# 910B (48 vector-core blocks), 910A (32 AI-core blocks), A3 and 310P (7 blocks) profiles, each in
# its own device process with its own worker threads, must give bit-identical results: an
# element's numbers depend only on (seed, offset, index), not on the block split or which thread
# ran a block.
#   split_check.sh <run_host_program.sh> <build-dir> <test_random.cpp> <topology-dir>
set -euo pipefail
RUN=$1; BUILD=$2; SRC=$3; TOPO=$4
OUT=$(mktemp -d /tmp/aclemu-random-split.XXXXXX)
trap 'rm -rf "$OUT"' EXIT
for t in 910b:910b1 910a:910a a3:a3 310p:310p3; do
    chip=${t%%:*}; yaml=${t#*:}
    ACLEMU_TOPOLOGY=$TOPO/$yaml.yaml "$RUN" "$BUILD" "$SRC" -lopapi_math -lnnopbase -- "$chip" digest "$OUT/$chip"
done
fail=0
for chip in 910a a3 310p; do
    if ! cmp -s "$OUT/910b.common" "$OUT/$chip.common"; then echo "FAIL: $chip common fills differ from 910b"; fail=1; fi
done
for chip in 910a a3; do
    if ! cmp -s "$OUT/910b.full" "$OUT/$chip.full"; then echo "FAIL: $chip fills differ from 910b"; fail=1; fi
done
[ $fail = 0 ] && echo "random fills bit-identical over 910b / 910a / a3 / 310p block splits ($(stat -c %s "$OUT/910b.common") + $(stat -c %s "$OUT/910b.full") bytes)"
exit $fail
