#!/usr/bin/env bash
# What the device-memory checker costs: bench_memcheck (aclnnAdd / Relu / Mul end to end at 16 KiB
# and 64 MiB) without and with ACLEMU_MEMCHECK=1, alternated ROUNDS times (a shared machine's speed
# drifts between minutes); prints each case's median over the rounds and the ratio on / off.
# Fails if the checked runs report anything (the benchmark is a correct program). With a baseline
# build dir (a build of the tree before the checker, with bench_memcheck added), also the cost of
# the checker when off: this build (off) against the baseline.
#   tools/bench/memcheck_cost.sh [build-dir] [rounds=3] [reps=51] [baseline-build-dir]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
B=$(cd "${1:-$ROOT/build}" && pwd)
ROUNDS=${2:-3}
REPS=${3:-51}
BASE=${4:+$(cd "$4" && pwd)}
export ACLEMU_CONF_DIR=$ROOT/conf
export ACLEMU_DEVSIM=$B/devsim/server/aclemu-devsim
export ACLEMU_RUNTIME_DIR=$(mktemp -d /tmp/aclemu-mcbench.XXXXXX)
OUT=$ACLEMU_RUNTIME_DIR/out
mkdir -p "$OUT"
trap 'set +e; "$ACLEMU_DEVSIM" --device 0 --stop >/dev/null 2>&1; [ -n "$BASE" ] && ACLEMU_RUNTIME_DIR=$ACLEMU_RUNTIME_DIR/base "$BASE/devsim/server/aclemu-devsim" --device 0 --stop >/dev/null 2>&1; rm -rf "$ACLEMU_RUNTIME_DIR"' EXIT
unset ACLEMU_MEMCHECK ACLEMU_MEMCHECK_LOG
for r in $(seq "$ROUNDS"); do
    if [ -n "$BASE" ]; then # its own device process (another protocol version), in its own dir
        ACLEMU_RUNTIME_DIR=$ACLEMU_RUNTIME_DIR/base ACLEMU_DEVSIM=$BASE/devsim/server/aclemu-devsim \
            "$BASE/tools/bench/bench_memcheck" "$REPS" > "$OUT/base.$r"
    fi
    "$B/tools/bench/bench_memcheck" "$REPS" > "$OUT/off.$r"
    ACLEMU_MEMCHECK=1 "$B/tools/bench/bench_memcheck" "$REPS" > "$OUT/on.$r" 2> "$OUT/on.$r.err"
    grep -q "ERROR SUMMARY: 0 errors" "$OUT/on.$r.err" || { cat "$OUT/on.$r.err"; echo "the checker reported errors"; exit 1; }
done
# the device's own time spent checking (its log line per client), one checked run per size
devlines() { grep -c "memory checker:" "$ACLEMU_RUNTIME_DIR/dev0.log" 2>/dev/null || true; }
for size in 16KiB 64MiB; do
    before=$(devlines)
    ACLEMU_MEMCHECK=1 "$B/tools/bench/bench_memcheck" "$REPS" "$size" > "$OUT/dev.$size" 2>/dev/null
    for i in $(seq 50); do # the device logs the client once it has reclaimed it
        [ "$(devlines)" -gt "$before" ] && break
        sleep 0.1
    done
    echo "$size $(grep "memory checker:" "$ACLEMU_RUNTIME_DIR/dev0.log" | tail -1)" >> "$OUT/devlog"
done
python3 - "$OUT" "$ROUNDS" "${BASE:+1}" <<'PY'
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
base = load('base') if len(sys.argv) > 3 and sys.argv[3] else None
print(f"# ACLEMU_MEMCHECK cost, median of {rounds} alternated rounds (end to end per op)")
print(f"# {'case':<16} {'off_us':>10} {'on_us':>10} {'on/off':>7}" +
      (f" {'base_us':>10} {'off/base':>8}" if base else ""))
for k in off:
    line = f"  {k:<16} {off[k]:10.1f} {on[k]:10.1f} {on[k] / off[k]:7.2f}"
    if base:
        line += f" {base[k]:10.1f} {off[k] / base[k]:8.2f}"
    print(line)
import re
for l in open(f"{out}/devlog"):
    size = l.split()[0]
    m = re.search(r"(\d+) tasks checked in ([0-9.]+) ms", l)
    if m:
        tasks, ms = int(m.group(1)), float(m.group(2))
        ops = [v for k, v in on.items() if k.endswith(size)]
        print(f"# device time checking, {size}: {ms * 1000 / tasks:.1f} us per checked task "
              f"({tasks} tasks; an op takes {min(ops):.1f}-{max(ops):.1f} us checked)")
PY
