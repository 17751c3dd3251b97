#!/usr/bin/env bash
# Builds and runs the official examples of an ops-nn checkout (hicann/ops-nn; fetched, never
# committed) against an installed aclemu prefix, the way the repository's own
# `build.sh --run_example <op> eager` does: one plain g++ line per example with the toolkit's
# include, include/aclnnop and include/aclnn directories, -lopapi_nn -lopapi_math -lascendcl
# -lnnopbase (-lacl_rt when libascendcl.so is absent), then ./test_aclnn_<name>; the exit code is
# the verdict. Each example runs on the chip its folder targets: examples/arch35/ on a 950,
# examples/arch20/ on a 310P, examples/arch22/, examples/arch/ and the plain examples/ on a 910B
# (build.sh's default SoC), each with a private runtime dir, so they can run side by side.
#
#   tools/opsnn_examples/run_official_examples.sh <ops-nn checkout> <prefix> [options]
#     --jobs N         examples built and run at once (default 2)
#     --only REGEX     only the examples whose path matches REGEX (grep -E)
#     --no-experimental  leave out experimental/ (build.sh leaves it out unless --experimental)
#     --timeout S      seconds one example may run (default 120)
#     --out DIR        where results.tsv, summary.txt and the per-example logs go
#                      (default ./opsnn-examples-results)
#
# Environment: EXAMPLE_CXXFLAGS, extra compiler/linker flags for every example (a sanitizer build
# of aclemu needs its -fsanitize flags here).
#
# results.tsv: path, chip, verdict (pass / compile / link / run / timeout), first reason line.
# summary.txt: counts per verdict, per folder family, and the headers / symbols most often missing.
# Exit status: 0 when every selected example passed, 1 otherwise, 2 on bad usage.
set -euo pipefail

usage() { sed -n '2,25p' "$0"; exit 2; }
[ $# -ge 2 ] || usage
SRC=$(cd "$1" && pwd) || usage
PREFIX=$(cd "$2" && pwd) || usage
shift 2
JOBS=2 ONLY= EXPERIMENTAL=1 TIMEOUT=120 OUT=$PWD/opsnn-examples-results
while [ $# -gt 0 ]; do
    case $1 in
    --jobs) JOBS=$2; shift 2 ;;
    --only) ONLY=$2; shift 2 ;;
    --no-experimental) EXPERIMENTAL=0; shift ;;
    --timeout) TIMEOUT=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    *) usage ;;
    esac
done
[ -f "$PREFIX/set_env.sh" ] || { echo "no set_env.sh in $PREFIX: not an installed prefix" >&2; exit 2; }
mkdir -p "$OUT/logs"
OUT=$(cd "$OUT" && pwd)

# The examples, as build.sh finds them (opgen templates are not examples).
mapfile -t FILES < <(cd "$SRC" && find . -path '*/examples/*' -name 'test_aclnn_*.cpp' \
    -not -path '*/opgen/template/*' | sed 's|^\./||' |
    grep -E '/examples/(arch[0-9]*/)?test_aclnn_[^/]*\.cpp$' |
    { if [ "$EXPERIMENTAL" = 1 ]; then cat; else grep -v '^experimental/'; fi } |
    { if [ -n "$ONLY" ]; then grep -E -- "$ONLY" || true; else cat; fi } | sort)
[ ${#FILES[@]} -gt 0 ] || { echo "no examples found under $SRC" >&2; exit 1; }
echo "==> ${#FILES[@]} examples from $SRC against $PREFIX ($JOBS at once)"

# One topology file per chip (the SoC names are profiles of the prefix's conf/).
TOPO=$(mktemp -d "${TMPDIR:-/tmp}/aclemu-opsnn-ex.XXXXXX")
trap 'rm -rf "$TOPO"' EXIT
for soc in Ascend910B3 Ascend950PR_9589 Ascend310P3; do
    printf 'devices:\n  - profile: %s\n' "$soc" >"$TOPO/$soc.yaml"
done
export TOPO PREFIX SRC OUT TIMEOUT

run_one() {
    local rel=$1 chip name log work rc reason verdict
    case $rel in
    */examples/arch35/*) chip=Ascend950PR_9589 ;;
    */examples/arch20/*) chip=Ascend310P3 ;;
    *) chip=Ascend910B3 ;;
    esac
    # an op whose definition registers a kernel for the 310P only (e.g. experimental
    # EmbeddingDenseGrad) runs there: its example skips itself on other chips
    local defs=("$SRC/${rel%%/examples/*}"/op_host/*_def.cpp)
    if [ "$chip" = Ascend910B3 ] && [ -f "${defs[0]}" ] && grep -q 'AddConfig("ascend310p"' "${defs[@]}" &&
        ! grep -q 'AddConfig("ascend9\|AddConfig(.*soc' "${defs[@]}"; then
        chip=Ascend310P3
    fi
    # ... and one without aclnn docs whose definition registers the 950 only (e.g. experimental
    # ApplyProximalGradientDescent) runs on the 950 (with docs, they say which chips the op_api
    # serves: softmax_cross_entropy_with_logits registers an arch35 kernel but runs on the A2 too)
    local opdocs=("$SRC/${rel%%/examples/*}"/docs/aclnn*.md)
    if [ "$chip" = Ascend910B3 ] && [ -f "${defs[0]}" ] && [ ! -f "${opdocs[0]}" ] &&
        grep -q 'AddConfig("ascend950"' "${defs[@]}" &&
        ! grep -q 'AddConfig("ascend910\|AddConfig("ascend310\|AddConfig(.*soc' "${defs[@]}"; then
        chip=Ascend950PR_9589
    fi
    # an op whose every aclnn doc says the A2 series is not supported and the 950 is (e.g. ops-math
    # stateless_random_normal_v2) runs its plain examples on the 950, the only chip they can run on
    # (the docs of the APIs the example calls when the folder has them: a folder whose V1 runs on
    # the A2 can hold a V2 example for the 950 only, e.g. activation/clipped_swiglu)
    local docs=("$SRC/${rel%%/examples/*}"/docs/aclnn*.md) called=() api
    for api in $(grep -o 'aclnn[A-Za-z0-9]*GetWorkspaceSize' "$SRC/$rel" | sort -u); do
        api=${api%GetWorkspaceSize}
        [ -f "$SRC/${rel%%/examples/*}/docs/$api.md" ] && called+=("$SRC/${rel%%/examples/*}/docs/$api.md")
    done
    [ ${#called[@]} -gt 0 ] && docs=("${called[@]}")
    if [ "$chip" = Ascend910B3 ] && [ -f "${docs[0]}" ] &&
        ! grep -L '^- <term>Atlas A2 训练系列产品/Atlas A2 推理系列产品</term>：不支持' "${docs[@]}" | grep -q . &&
        ! grep -L '^- <term>Ascend 950PR/Ascend 950DT</term>：支持' "${docs[@]}" | grep -q .; then
        chip=Ascend950PR_9589
    fi
    name=$(echo "${rel%.cpp}" | tr '/' '_')
    log=$OUT/logs/$name.log
    work=$(mktemp -d "$TOPO/run.XXXXXX")
    (
        # a user's shell: only what set_env.sh exports
        unset ACLEMU_DEVSIM ACLEMU_CONF_DIR ACLEMU_TOPOLOGY
        # shellcheck disable=SC1091
        source "$PREFIX/set_env.sh"
        export ACLEMU_TOPOLOGY=$TOPO/$chip.yaml ACLEMU_RUNTIME_DIR=$work/rt
        export ASCEND_PROCESS_LOG_PATH=$work/logs
        local inc=$ASCEND_HOME_PATH/include lib=$ASCEND_HOME_PATH/lib64 opp=$ASCEND_OPP_PATH/lib64 rt=-lacl_rt
        [ -f "$lib/libascendcl.so" ] && rt=-lascendcl
        cd "$work"
        local -a xflags
        read -ra xflags <<<"${EXAMPLE_CXXFLAGS:-}"
        # examples written for an aarch64 host (Kunpeng) use its half type __fp16, which x86 g++
        # spells _Float16: the host architecture's difference, not the toolkit's
        if [ "$(uname -m)" = x86_64 ] && grep -q '__fp16' "$SRC/$rel"; then xflags+=(-D__fp16=_Float16); fi
        if ! g++ "${xflags[@]}" "$SRC/$rel" -I "$inc" -I "$inc/aclnnop" -I "$inc/aclnn" -L "$opp" -L "$lib" \
            -lopapi_nn -lopapi_math "$rt" -lnnopbase -o prog >"$log" 2>&1; then
            if grep -q 'undefined reference' "$log"; then exit 11; else exit 10; fi
        fi
        set +e
        timeout -k 5 "$TIMEOUT" ./prog >>"$log" 2>&1
        rc=$?
        "$PREFIX/libexec/aclemu/aclemu-devsim" --device 0 --stop >/dev/null 2>&1
        [ $rc -eq 124 ] && exit 12
        [ $rc -eq 0 ] || exit 13
        exit 0
    )
    rc=$?
    rm -rf "$work"
    case $rc in
    0) verdict=pass reason= ;;
    10) verdict=compile reason=$(grep -m1 -E 'fatal error|error:' "$log" | sed 's/^[^ ]*: //') ;;
    11) verdict=link reason=$(grep -m1 -o "undefined reference to \`[^']*'" "$log") ;;
    12) verdict=timeout reason="ran over ${TIMEOUT} s" ;;
    *) verdict=run reason=$(grep -v '^\s*$' "$log" | grep -m1 -i -E 'error|fail|mismatch|not|invalid' ||
                             tail -n1 "$log") ;;
    esac
    printf '%s\t%s\t%s\t%s\n' "$rel" "$chip" "$verdict" "${reason//$'\t'/ }"
}
export -f run_one

printf '%s\n' "${FILES[@]}" | xargs -P "$JOBS" -I{} bash -c 'run_one "$@"' _ {} >"$OUT/results.unsorted"
sort "$OUT/results.unsorted" >"$OUT/results.tsv"
rm -f "$OUT/results.unsorted"

python3 - "$OUT/results.tsv" "$OUT/summary.txt" <<'PY'
import collections, re, sys
rows = [l.rstrip('\n').split('\t') for l in open(sys.argv[1]) if l.strip()]
verdicts = collections.Counter(r[2] for r in rows)
fam = collections.defaultdict(collections.Counter)
for r in rows:
    fam[r[0].split('/')[0] if not r[0].startswith('experimental/') else 'experimental'][r[2]] += 1
heads = collections.Counter()
for r in rows:
    m = re.search(r"([\w/]+\.h): No such file", r[3]) if r[2] == 'compile' else None
    if m:
        heads[m.group(1)] += 1
syms = collections.Counter(re.sub(r"undefined reference to `([^'(]*).*", r'\1', r[3]) for r in rows if r[2] == 'link')
out = ['examples: %d  pass %d  compile %d  link %d  run %d  timeout %d' % (
    len(rows), verdicts['pass'], verdicts['compile'], verdicts['link'], verdicts['run'], verdicts['timeout'])]
out.append('')
out.append('%-16s %6s %6s %8s %6s %6s %8s' % ('family', 'total', 'pass', 'compile', 'link', 'run', 'timeout'))
for f in sorted(fam):
    c = fam[f]
    out.append('%-16s %6d %6d %8d %6d %6d %8d' % (f, sum(c.values()), c['pass'], c['compile'], c['link'], c['run'], c['timeout']))
if heads:
    out.append('')
    out.append('missing headers (examples):')
    out += ['  %-56s %d' % kv for kv in heads.most_common(40)]
if syms:
    out.append('')
    out.append('undefined symbols (examples):')
    out += ['  %-56s %d' % kv for kv in syms.most_common(40)]
fails = [r for r in rows if r[2] in ('run', 'timeout')]
if fails:
    out.append('')
    out.append('run-time failures:')
    out += ['  %s [%s]: %s' % (r[0], r[1], r[3][:160]) for r in fails]
open(sys.argv[2], 'w').write('\n'.join(out) + '\n')
print('\n'.join(out[:2 + len(fam) + 2]))
PY
echo "==> results: $OUT/results.tsv, summary: $OUT/summary.txt, logs: $OUT/logs/"
! grep -q -v -P '\tpass\t' "$OUT/results.tsv"
