#!/usr/bin/env bash
# What the device-memory checker costs: bench_memcheck (aclnnAdd / Relu / Mul end to end at 16 KiB
# and 64 MiB) without and with ACLEMU_MEMCHECK=1, alternated ROUNDS times (a shared machine's speed
# drifts between minutes); prints each case's median over the rounds and the ratio on / off.
# Fails if the checked runs report anything (the benchmark is a correct program).
#   tools/bench/memcheck_cost.sh [build-dir] [rounds=3] [reps=51]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
B=$(cd "${1:-$ROOT/build}" && pwd)
ROUNDS=${2:-3}
REPS=${3:-51}
export ACLEMU_CONF_DIR=$ROOT/conf
export ACLEMU_DEVSIM=$B/devsim/server/aclemu-devsim
export ACLEMU_RUNTIME_DIR=$(mktemp -d /tmp/aclemu-mcbench.XXXXXX)
OUT=$ACLEMU_RUNTIME_DIR/out
mkdir -p "$OUT"
trap '"$ACLEMU_DEVSIM" --device 0 --stop >/dev/null 2>&1; rm -rf "$ACLEMU_RUNTIME_DIR"' EXIT
unset ACLEMU_MEMCHECK ACLEMU_MEMCHECK_LOG
for r in $(seq "$ROUNDS"); do
    "$B/tools/bench/bench_memcheck" "$REPS" > "$OUT/off.$r"
    ACLEMU_MEMCHECK=1 "$B/tools/bench/bench_memcheck" "$REPS" > "$OUT/on.$r" 2> "$OUT/on.$r.err"
    grep -q "ERROR SUMMARY: 0 errors" "$OUT/on.$r.err" || { cat "$OUT/on.$r.err"; echo "the checker reported errors"; exit 1; }
done
python3 - "$OUT" "$ROUNDS" <<'PY'
import statistics, sys
out, rounds = sys.argv[1], int(sys.argv[2])
def load(kind):
    cases = {}
    for r in range(1, rounds + 1):
        for line in open(f"{out}/{kind}.{r}"):
            if line.startswith('#') or not line.strip():
                continue
            name, us = line.split()
            cases.setdefault(name, []).append(float(us))
    return {k: statistics.median(v) for k, v in cases.items()}
off, on = load('off'), load('on')
print(f"# ACLEMU_MEMCHECK cost, median of {rounds} alternated rounds (end to end per op)")
print(f"# {'case':<16} {'off_us':>10} {'on_us':>10} {'on/off':>7}")
for k in off:
    print(f"  {k:<16} {off[k]:10.1f} {on[k]:10.1f} {on[k] / off[k]:7.2f}")
PY
