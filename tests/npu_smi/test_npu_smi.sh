#!/bin/bash
# Runs the built npu-smi against test topologies and checks what scripts parse out of it:
# the table layout per family, `awk 'NR==7{print $3}'`, the key names of -t reports, the
# mapping, and the exit codes and messages of bad arguments.
# usage: test_npu_smi.sh <npu-smi> <topology dir>
set -u
SMI=$1
TOPO=$2
# A private runtime dir: no device process of another test is visible, so every device is idle.
export ACLEMU_RUNTIME_DIR=$(mktemp -d /tmp/aclemu-smi-rt-XXXXXX)
trap 'rm -rf "$ACLEMU_RUNTIME_DIR"' EXIT
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
expect_eq() { [ "$2" == "$3" ] || fail "$1: got '$2', want '$3'"; }
expect_has() { grep -qF -- "$3" <<<"$2" || fail "$1: output lacks '$3'"; }
expect_lacks() { ! grep -qF -- "$3" <<<"$2" || fail "$1: output has '$3'"; }
# every line of a table has the same width
expect_width() {
    local bad
    bad=$(awk -v w="$3" 'length($0) != w { print NR": "length($0) }' <<<"$2")
    [ -z "$bad" ] || fail "$1: lines not $3 wide: $bad"
}
run() { # run <topology> args...: sets out, rc
    local t=$1
    shift
    out=$(ACLEMU_TOPOLOGY="$TOPO/$t.yaml" "$SMI" "$@" 2>&1)
    rc=$?
}
# "key : value" of a -t report
value_of() { awk -F' : ' -v k="$2" '{ sub(/^\t/, "", $1); sub(/ +$/, "", $1) } $1 == k { print $2; exit }' <<<"$1"; }

# ---- 910B1 (A2) ----------------------------------------------------------------------------
run 910b1 info
expect_eq "910B1 rc" "$rc" 0
expect_eq "910B1 line 7 field 3" "$(awk 'NR==7{print $3}' <<<"$out")" 910B1
expect_eq "910B1 version line" "$(awk 'NR==2{print $2, $3, $4, $5}' <<<"$out")" "npu-smi 25.5.0 Version: 25.5.0"
expect_width "910B1 table" "$out" 99
expect_has "910B1" "$out" "| NPU   Name                | Health        | Power(W)    Temp(C)           Hugepages-Usage(page) |"
expect_has "910B1" "$out" "| Chip                      | Bus-Id        | AICore(%)   Memory-Usage(MB)  HBM-Usage(MB)         |"
expect_has "910B1" "$out" "| NPU     Chip              | Process id    | Process name             | Process memory(MB)       |"
expect_has "910B1 idle" "$out" "| No running processes found in NPU 0 "
# idle: AICore 0, HBM used 0
expect_eq "910B1 AICore" "$(awk 'NR==8{print $6}' <<<"$out")" 0
expect_eq "910B1 HBM used" "$(awk -F'|' 'NR==8{split($4, a, " "); print a[5]}' <<<"$out")" 0

run 910b1 info -t board -i 0 -c 0
expect_eq "board -c rc" "$rc" 0
# how build scripts derive the SoC on A2: {Chip Type}{Chip Name}
expect_eq "A2 soc from board" "$(value_of "$out" "Chip Type")$(value_of "$out" "Chip Name")" Ascend910B1
run 910b1 info -t board -i 0
for k in "NPU ID" "Product Name" "Serial Number" "Software Version" "Firmware Version" \
    "Compatibility" "Board ID" "PCIe Bus Info" "Chip Count"; do
    [ -n "$(value_of "$out" "$k")" ] || fail "board: no '$k'"
done
expect_eq "board Software Version" "$(value_of "$out" "Software Version")" 25.5.0
run 910b1 info -t usages -i 0
for k in "DDR Capacity(MB)" "DDR Usage Rate(%)" "DDR Hugepages Total(page)" \
    "DDR Hugepages Usage Rate(%)" "HBM Capacity(MB)" "HBM Usage Rate(%)" "Aicore Usage Rate(%)" \
    "Aivector Usage Rate(%)" "Aicpu Usage Rate(%)" "Ctrlcpu Usage Rate(%)" \
    "DDR Bandwidth Usage Rate(%)" "HBM Bandwidth Usage Rate(%)" "NPU Utilization(%)" "Chip ID"; do
    [ -n "$(value_of "$out" "$k")" ] || fail "usages: no '$k'"
done
expect_eq "usages HBM Usage Rate" "$(value_of "$out" "HBM Usage Rate(%)")" 0
# the cap shown by `info` and by `usages` is the same number
run 910b1 info
cap=$(awk -F'|' 'NR==8{split($4, a, " "); print a[7]}' <<<"$out")
run 910b1 info -t usages -i 0 -c 0
expect_eq "usages HBM Capacity = table total" "$(value_of "$out" "HBM Capacity(MB)")" "$cap"
run 910b1 info -t memory -i 0 -c 0
for k in "DDR Capacity(MB)" "HBM Capacity(MB)" "HBM Clock Speed(MHz)" "HBM Temperature(C)"; do
    [ -n "$(value_of "$out" "$k")" ] || fail "memory: no '$k'"
done
run 910b1 info -t health -i 0
expect_eq "health" "$(value_of "$out" "Health Status")" OK
run 910b1 info -t proc-mem -i 0 -c 0
expect_has "proc-mem idle" "$out" "No process in device."
run 910b1 info -t common -i 0 -c 0
expect_eq "common Aicore Count" "$(value_of "$out" "Aicore Count")" 24
expect_eq "common Aicore Freq" "$(value_of "$out" "Aicore Freq(MHZ)")" 1850
run 910b1 info -t power -i 0 -c 0
[ -n "$(value_of "$out" "NPU Real-time Power(W)")" ] || fail "power: no key"
run 910b1 info -t temp -i 0 -c 0
[ -n "$(value_of "$out" "NPU Temperature (C)")" ] || fail "temp: no key"
run 910b1 info -m
expect_eq "-m header" "$(awk 'NR==1{print $1, $2, $3, $4, $5, $6, $7, $8, $9}' <<<"$out")" \
    "NPU ID Chip ID Chip Logic ID Chip Name"
expect_eq "-m row" "$(awk 'NR==2{print $1, $2, $3, $4, $5}' <<<"$out")" "0 0 0 Ascend 910B1"
expect_eq "-m mcu" "$(awk 'NR==3{print $3, $4}' <<<"$out")" "- Mcu"

# ---- errors --------------------------------------------------------------------------------
run 910b1 info -t board -i 1
expect_eq "bad -i rc" "$rc" 215
expect_has "bad -i" "$out" "Invalid card id."
expect_has "bad -i" "$out" "Error parameter of -i"
run 910b1 info -t board -i x
expect_eq "non-numeric -i rc" "$rc" 215
run 910b1 info -t board -i
expect_eq "missing -i value rc" "$rc" 215
run 910b1 info -t board -i 0 -c 1
expect_eq "bad -c rc" "$rc" 215
expect_has "bad -c" "$out" "Invalid chip id."
run 910b1 info -t cpu -i 0
expect_eq "bad -t rc" "$rc" 215
expect_has "bad -t" "$out" "Error parameter of -t"
run 910b1 info -t board
expect_eq "-t without -i rc" "$rc" 215
run 910b1 info --bogus
expect_eq "bad option rc" "$rc" 215
expect_has "bad option" "$out" "Error parameter of --bogus"
run 910b1 frobnicate
expect_eq "bad command rc" "$rc" 211
expect_has "bad command" "$out" "Command or option is not found."
run 910b1 -v
expect_eq "-v" "$out" "npu-smi version: 25.5.0"
run 910b1
expect_eq "no command rc" "$rc" 215
run missing info
[ "$rc" -ne 0 ] || fail "missing topology: rc 0"
expect_has "missing topology" "$out" "missing.yaml"

# ---- mdyn: legacy SoC names (Ascend310: the 310P layout; Ascend910B: a first-gen 910 SKU) --
run 310 info
expect_eq "310 rc" "$rc" 0
expect_eq "310 line 7 field 3" "$(awk 'NR==7{print $3}' <<<"$out")" 310
expect_width "310 table" "$out" 106
expect_lacks "310" "$out" "HBM-Usage"
run 310 info -t board -i 0 -c 0
expect_eq "310 soc from board" "$(value_of "$out" "Chip Type")$(value_of "$out" "Chip Name")" Ascend310
run 910b-legacy info
expect_eq "910B legacy rc" "$rc" 0
expect_eq "910B legacy line 7 field 3" "$(awk 'NR==7{print $3}' <<<"$out")" 910B

# ---- 310P3: no HBM column ------------------------------------------------------------------
run 310p3 info
expect_eq "310P3 rc" "$rc" 0
expect_eq "310P3 line 7 field 3" "$(awk 'NR==7{print $3}' <<<"$out")" 310P3
expect_width "310P3 table" "$out" 106
expect_lacks "310P3" "$out" "HBM-Usage"
expect_has "310P3" "$out" "| Chip    Device                | Bus-Id          | AICore(%)    Memory-Usage(MB)                        |"
expect_eq "310P3 power" "$(awk 'NR==7{print $7}' <<<"$out")" NA
run 310p3 info -t usages -i 0 -c 0
[ -n "$(value_of "$out" "Memory Capacity(MB)")" ] || fail "310P3 usages: no Memory Capacity"
expect_lacks "310P3 usages" "$out" "HBM"
run 310p3 info -t power -i 0 -c 0
expect_eq "310P3 power rc" "$rc" 0
expect_has "310P3 power" "$out" "This device does not support querying power."

# ---- A3: two dies per NPU --------------------------------------------------------------------
run a3 info
expect_eq "A3 rc" "$rc" 0
expect_eq "A3 line 7 field 3" "$(awk 'NR==7{print $3}' <<<"$out")" Ascend910
expect_width "A3 table" "$out" 99
expect_has "A3" "$out" "| Chip  Phy-ID              | Bus-Id        | AICore(%)   Memory-Usage(MB)  HBM-Usage(MB)         |"
expect_eq "A3 die 1 NPU" "$(awk 'NR==10{print $2}' <<<"$out")" 0
expect_eq "A3 die 1 power" "$(awk 'NR==10{print $7}' <<<"$out")" "-"
expect_eq "A3 die 1 chip/phy" "$(awk 'NR==11{print $2, $3}' <<<"$out")" "1 1"
run a3 info -l
expect_eq "A3 Total Count" "$(value_of "$out" "Total Count")" 1
expect_eq "A3 Chip Count" "$(value_of "$out" "Chip Count")" 2
run a3 info -t board -i 0 -c 1
# how build scripts derive the SoC on A3: {Chip Name}_{NPU Name}
expect_eq "A3 soc from board" "$(value_of "$out" "Chip Name")_$(value_of "$out" "NPU Name")" Ascend910_9392
expect_lacks "A3 board" "$out" "Chip Type"
run a3 info -m
expect_eq "A3 -m die 1" "$(awk 'NR==3{print $1, $2, $3, $4, $5}' <<<"$out")" "0 1 1 1 Ascend910"
run a3 info -t usages -i 0
expect_eq "A3 usages chips" "$(grep -c 'Chip ID' <<<"$out")" 2

# ---- two A2 devices ----------------------------------------------------------------------------
run 2dev info
expect_eq "2dev rc" "$rc" 0
expect_eq "2dev line 7 field 3" "$(awk 'NR==7{print $3}' <<<"$out")" 910B1
expect_eq "2dev second NPU" "$(awk 'NR==10{print $2, $3}' <<<"$out")" "1 910B1"
expect_eq "2dev caps" "$(awk -F'|' 'NR==8||NR==11{split($4, a, " "); printf "%s ", a[7]}' <<<"$out")" "2048 1024 "
expect_has "2dev" "$out" "| No running processes found in NPU 1 "
expect_width "2dev table" "$out" 99
run 2dev info -l
expect_eq "2dev Total Count" "$(value_of "$out" "Total Count")" 2
run 2dev info -t memory -i 1 -c 0
expect_eq "2dev memory of NPU 1" "$(value_of "$out" "HBM Capacity(MB)")" 1024
run 2dev info -t board -i 2
expect_eq "2dev bad -i rc" "$rc" 215

if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed"
    exit 1
fi
echo "all npu-smi checks passed"
