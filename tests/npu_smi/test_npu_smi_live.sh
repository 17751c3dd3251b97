#!/bin/bash
# npu-smi shows a live client: its pid and memory in the process table, the memory in use in
# the HBM column and in `-t usages` / `-t proc-mem`; after the client exits it is gone.
# usage: test_npu_smi_live.sh <npu-smi> <live_client> <topology dir>
set -u
SMI=$1
CLIENT=$2
export ACLEMU_TOPOLOGY=$3/910b1.yaml
export ACLEMU_RUNTIME_DIR=$(mktemp -d /tmp/aclemu-smi-live-XXXXXX)
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

fifo=$ACLEMU_RUNTIME_DIR/client-stdin
mkfifo "$fifo"
"$CLIENT" 96 <"$fifo" >"$ACLEMU_RUNTIME_DIR/client.out" 2>"$ACLEMU_RUNTIME_DIR/client.err" &
cpid=$!
exec 3>"$fifo" # holds the client's stdin open
for _ in $(seq 100); do
    grep -q ready "$ACLEMU_RUNTIME_DIR/client.out" 2>/dev/null && break
    kill -0 $cpid 2>/dev/null || break
    sleep 0.1
done
if ! grep -q "ready $cpid" "$ACLEMU_RUNTIME_DIR/client.out"; then
    cat "$ACLEMU_RUNTIME_DIR/client.err"
    exec 3>&-
    wait $cpid
    rc=$?
    rm -rf "$ACLEMU_RUNTIME_DIR"
    [ $rc -eq 77 ] && { echo "SKIP: no device process"; exit 77; }
    echo "FAIL: client did not start"
    exit 1
fi

out=$("$SMI" info)
row=$(awk -F'|' -v p=$cpid '$3+0 == p' <<<"$out")
[ -n "$row" ] || fail "no process row for pid $cpid in:\n$out"
mem=$(awk -F'|' '{print $5+0}' <<<"$row")
[ "${mem:-0}" -ge 96 ] || fail "process memory $mem MB < 96"
used=$(awk -F'|' 'NR==8{split($4, a, " "); print a[5]}' <<<"$out")
[ "${used:-0}" -ge 96 ] || fail "HBM used $used MB < 96"
grep -q "No running processes found in NPU 0" <<<"$out" && fail "idle line while a client runs"
pm=$("$SMI" info -t proc-mem -i 0 -c 0)
grep -q "Process id:$cpid " <<<"$pm" || fail "proc-mem lacks pid $cpid: $pm"
us=$("$SMI" info -t usages -i 0 -c 0)
rate=$(awk -F' : ' '/HBM Usage Rate/{print $2+0}' <<<"$us")
cap=$(awk -F' : ' '/HBM Capacity/{print $2+0}' <<<"$us")
[ "$rate" -eq $((used * 100 / cap)) ] || fail "HBM Usage Rate $rate != $used*100/$cap"

exec 3>&- # client frees its memory and exits
wait $cpid
# the device process reclaims a client when it sees the disconnect: allow it a moment
for _ in $(seq 30); do
    out=$("$SMI" info)
    grep -q "No running processes found in NPU 0" <<<"$out" && break
    sleep 0.1
done
grep -q "No running processes found in NPU 0" <<<"$out" || fail "client still listed 3 s after exit:\n$out"
rm -rf "$ACLEMU_RUNTIME_DIR"
[ "$failures" -eq 0 ] || exit 1
echo "npu-smi live checks passed"
