#!/usr/bin/env bash
# tools/opsnn_examples/run_official_examples.sh on a small tree laid out like an ops-nn checkout:
# an example that builds, runs and passes (examples/), one whose header does not exist (compile),
# one that calls an API nobody exports (link), one that exits non-zero (run), and one under
# examples/arch20/ that must run on a 310P (it checks the SoC name), and a plain one of an op
# whose docs say only the 950 supports it (it must run on the 950), and in a folder whose V1 doc
# lists the A2 and V2 doc the 950 only, a V1 example (A2) and a V2 one (950: the docs of the APIs
# an example calls decide). The verdicts, the chip per
# folder and the exit status must be what the script promises.
#   test_official_examples_script.sh <build-dir> <repo-root>
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/sample_env.sh" "$1"
ROOT=$(cd "$2" && pwd)
T=$WORK/tree
mkdir -p "$T/activation/relu/examples" "$T/math/fake/examples/arch20" "$T/math/gone/examples" \
    "$T/math/only950/examples" "$T/math/only950/docs" "$T/math/mixed/examples" "$T/math/mixed/docs"
cp "$HERE/opsnn_examples/test_aclnn_relu.cpp" "$T/activation/relu/examples/"
cat >"$T/math/gone/examples/test_aclnn_no_header.cpp" <<'C'
#include "aclnnop/aclnn_header_that_does_not_exist.h"
int main() { return 0; }
C
cat >"$T/math/gone/examples/test_aclnn_no_symbol.cpp" <<'C'
#include "acl/acl.h"
extern "C" aclError aclnnSymbolThatNobodyExports(void);
int main() { return aclnnSymbolThatNobodyExports(); }
C
cat >"$T/math/gone/examples/test_aclnn_exit_one.cpp" <<'C'
#include <cstdio>
int main() { std::printf("result mismatch at 0\n"); return 1; }
C
soc_example() { # file, the SoC name it must run on
    cat >"$1" <<C
#include <cstdio>
#include <cstring>
#include "acl/acl.h"
int main()
{
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) return 2;
    const char *soc = aclrtGetSocName();
    std::printf("soc %s\\n", soc ? soc : "(null)");
    int ok = soc && std::strcmp(soc, "$2") == 0;
    aclrtResetDevice(0);
    aclFinalize();
    return ok ? 0 : 3;
}
C
}
soc_example "$T/math/fake/examples/arch20/test_aclnn_soc.cpp" Ascend310P3
soc_example "$T/math/only950/examples/test_aclnn_soc950.cpp" Ascend950PR_9589
# the product-support lines of an ops-math / ops-nn aclnn doc: A2 not supported, 950 supported
printf '%s\n' '# aclnnOnly950' '- <term>Ascend 950PR/Ascend 950DT</term>：支持' \
    '- <term>Atlas A2 训练系列产品/Atlas A2 推理系列产品</term>：不支持' >"$T/math/only950/docs/aclnnOnly950.md"
cp "$T/math/only950/docs/aclnnOnly950.md" "$T/math/mixed/docs/aclnnMixV2.md"
printf '%s\n' '# aclnnMix' '- <term>Ascend 950PR/Ascend 950DT</term>：支持' \
    '- <term>Atlas A2 训练系列产品/Atlas A2 推理系列产品</term>：支持' >"$T/math/mixed/docs/aclnnMix.md"
soc_example "$T/math/mixed/examples/test_aclnn_mix.cpp" Ascend910B3
echo '// calls aclnnMixGetWorkspaceSize' >>"$T/math/mixed/examples/test_aclnn_mix.cpp"
soc_example "$T/math/mixed/examples/test_aclnn_mix_v2.cpp" Ascend950PR_9589
echo '// calls aclnnMixV2GetWorkspaceSize' >>"$T/math/mixed/examples/test_aclnn_mix_v2.cpp"
export EXAMPLE_CXXFLAGS="${XFLAGS[*]}"
set +e
"$ROOT/tools/opsnn_examples/run_official_examples.sh" "$T" "$PREFIX" --out "$WORK/out" --timeout 60
rc=$?
set -e
cat "$WORK/out/summary.txt"
fail=0
expect() { # path chip verdict
    local line
    line=$(grep -P "^\Q$1\E\t" "$WORK/out/results.tsv" || true)
    if [ "$(echo "$line" | cut -f2,3)" != "$2"$'\t'"$3" ]; then
        echo "FAIL: $1: expected $2 $3, got: $line"
        fail=1
    fi
}
expect activation/relu/examples/test_aclnn_relu.cpp Ascend910B3 pass
expect math/gone/examples/test_aclnn_no_header.cpp Ascend910B3 compile
expect math/gone/examples/test_aclnn_no_symbol.cpp Ascend910B3 link
expect math/gone/examples/test_aclnn_exit_one.cpp Ascend910B3 run
expect math/fake/examples/arch20/test_aclnn_soc.cpp Ascend310P3 pass
expect math/only950/examples/test_aclnn_soc950.cpp Ascend950PR_9589 pass
expect math/mixed/examples/test_aclnn_mix.cpp Ascend910B3 pass
expect math/mixed/examples/test_aclnn_mix_v2.cpp Ascend950PR_9589 pass
grep -q 'aclnn_header_that_does_not_exist.h' "$WORK/out/results.tsv" || { echo "FAIL: compile reason names no header"; fail=1; }
grep -q 'aclnnSymbolThatNobodyExports' "$WORK/out/results.tsv" || { echo "FAIL: link reason names no symbol"; fail=1; }
grep -q '^examples: 8  pass 5  compile 1  link 1  run 1  timeout 0$' "$WORK/out/summary.txt" ||
    { echo "FAIL: summary counts"; fail=1; }
[ $rc -eq 1 ] || { echo "FAIL: exit status $rc with failing examples (want 1)"; fail=1; }
# only the passing ones: exit 0
"$ROOT/tools/opsnn_examples/run_official_examples.sh" "$T" "$PREFIX" --only 'relu|arch20' --out "$WORK/out2" \
    >/dev/null || { echo "FAIL: exit status with only passing examples"; fail=1; }
exit $fail
