#!/usr/bin/env bash
# atc's fusion and precision options (issue 11, mfuse) as a user meets them: --fusion_switch_file
# (one pass off, all off, a malformed file), fusion_result.json, the default precision mode
# (force_fp16), --precision_mode_v2, --keep_dtype, conflicting and unsupported modes. The models
# (make_models.py cnn and attn) are inspected through atc --mode=1.
#
#   run_fusion_options_test.sh <build-dir>
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/../samples/sample_env.sh" "$1"
PY=$("$HERE/find_python.sh")
cd "$WORK"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
expect_fail() {
    local pats=()
    while [ "$1" != "--" ]; do pats+=("$1"); shift; done
    shift
    local rc=0
    atc "$@" >out.txt 2>err.txt || rc=$?
    [ "$rc" -eq 255 ] || { fail "atc $* exited $rc, expected 255"; cat out.txt err.txt; return; }
    for p in "${pats[@]}"; do grep -q -- "$p" err.txt || { fail "atc $*: no '$p' in"; cat err.txt; }; done
}
SOC=Ascend910B1
for m in cnn attn; do "$PY" "$HERE/make_models.py" "$WORK" "$m"; done
conv() { atc --framework=5 --soc_version=$SOC "$@" >out.txt 2>err.txt || { fail "atc $*"; cat out.txt err.txt; }; }

# fusion on (default): the attention block's passes report their matches
conv --model=attn.onnx --output=attn_on
cp fusion_result.json attn_on.json
# one pass off by name, the others stay on
cat >one_off.json <<'JSON'
{"Switch": {"GraphFusion": {"MatMulBiasAddFusionPass": "off"}, "UBFusion": {"ALL": "on"}}}
JSON
conv --model=attn.onnx --output=attn_one --fusion_switch_file=one_off.json
cp fusion_result.json attn_one.json
# everything off
conv --model=attn.onnx --output=attn_off --fusion_switch_file="$HERE/fusion_off.json"
cp fusion_result.json attn_off.json
for f in attn_on attn_one attn_off; do atc --mode=1 --om=$f.om --json=$f.model.json >/dev/null; done
# the default precision mode is force_fp16; v2 origin and --keep_dtype keep float32
conv --model=cnn.onnx --output=cnn_default
grep -q " [1-9][0-9]* BatchNorm folded into Conv" out.txt || fail "cnn: no BatchNorm folded by default: $(cat out.txt)"
# ConvBatchnormFusionPass off: the BatchNorm stays a scale / shift of its own
cat >bn_off.json <<'JSON'
{"Switch": {"GraphFusion": {"ConvBatchnormFusionPass": "off"}}}
JSON
conv --model=cnn.onnx --output=cnn_bn_off --fusion_switch_file=bn_off.json
grep -q " 0 BatchNorm folded into Conv" out.txt || fail "ConvBatchnormFusionPass off still folded: $(cat out.txt)"
conv --model=cnn.onnx --output=cnn_origin --precision_mode_v2=origin
echo "OpType::Softmax" >keep.txt
conv --model=attn.onnx --output=attn_keep --precision_mode=force_fp16 --keep_dtype=keep.txt
for f in cnn_default cnn_origin attn_keep; do atc --mode=1 --om=$f.om --json=$f.model.json >/dev/null; done

"$PY" - <<'PYEOF' || fails=$((fails + 1))
import json, sys
def load(f): return json.load(open(f))
def passes(r): return {**r['graph_fusion'], **r['ub_fusion']}
on, one, off = (passes(load(f'{n}.json')) for n in ('attn_on', 'attn_one', 'attn_off'))
ok = True
def check(cond, what):
    global ok
    if not cond:
        print('FAIL:', what); ok = False
check('MatMulBiasAddFusionPass' in on and int(on['MatMulBiasAddFusionPass']['effect_times']) > 0, 'bias fusion on by default')
check('MatMulBiasAddFusionPass' not in one, 'MatMulBiasAddFusionPass switched off by name')
check(any(k != 'MatMulBiasAddFusionPass' for k in one), 'the other passes stay on')
check(off == {}, f'ALL off leaves no pass: {off}')
steps = {n: len(load(f'{n}.model.json')['steps']) for n in ('attn_on', 'attn_one', 'attn_off')}
check(steps['attn_on'] < steps['attn_one'] < steps['attn_off'], f'fewer steps with more fusion: {steps}')
fused = [s['api'] for s in load('attn_on.model.json')['steps']]
check('aclemuGraphFusedMatmul' in fused, 'the fused MatMul kernel is used')
d = load('cnn_default.model.json')
check(d['precision_mode'] == 'force_fp16', f"default precision mode {d['precision_mode']}")
io = [t['dtype'] for t in d['inputs'] + d['outputs']]
check(all(dt == 0 for dt in io), f'model I/O stays float32: {io}')
check(any(t['dtype'] == 1 for t in d['tensors']), 'the FP16 model has float16 tensors')
o = load('cnn_origin.model.json')
check(not any(t['dtype'] == 1 for t in o['tensors']), 'origin keeps float32')
k = load('attn_keep.model.json')
soft = [s for s in k['steps'] if s['api'] == 'aclnnSoftmax']
check(soft and all(k['tensors'][s['inputs'][0]]['dtype'] == 0 for s in soft), '--keep_dtype kept Softmax in float32')
check(any(s['api'] == 'aclnnCast' for s in k['steps']), 'Casts around the kept node')
sys.exit(0 if ok else 1)
PYEOF

expect_fail E10001 fusion_switch_file -- --framework=5 --model=cnn.onnx --output=x --soc_version=$SOC \
    --fusion_switch_file=missing.json
echo '{"Switch": {"GraphFusion": {"ALL": "maybe"}}}' >bad.json
expect_fail E10001 '"on" or "off"' -- --framework=5 --model=cnn.onnx --output=x --soc_version=$SOC \
    --fusion_switch_file=bad.json
echo '[1, 2' >broken.json
expect_fail E10001 fusion_switch_file -- --framework=5 --model=cnn.onnx --output=x --soc_version=$SOC \
    --fusion_switch_file=broken.json
expect_fail E10001 "cannot be used together" -- --framework=5 --model=cnn.onnx --output=x --soc_version=$SOC \
    --precision_mode=force_fp16 --precision_mode_v2=fp16
expect_fail E10001 bfloat16 -- --framework=5 --model=cnn.onnx --output=x --soc_version=$SOC \
    --precision_mode=allow_fp32_to_bf16
expect_fail E10001 precision_mode_v2 -- --framework=5 --model=cnn.onnx --output=x --soc_version=$SOC \
    --precision_mode_v2=force_fp16
expect_fail E10001 keep_dtype -- --framework=5 --model=cnn.onnx --output=x --soc_version=$SOC --keep_dtype=nope.txt
[ ! -e x.om ] || fail "a failed conversion left x.om"
[ "$fails" -eq 0 ] && echo "fusion and precision options: all checks passed"
exit $((fails > 0))
