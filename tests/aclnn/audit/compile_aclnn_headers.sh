#!/bin/sh
# Every public aclnn header (aclnn/acl_meta.h, aclnn/aclnn_base.h, aclnnop/aclnn_util.h and each
# generated aclnnop/aclnn_<op>.h) must compile alone as C99 (-pedantic-errors, -Werror: proves it
# is self-contained and valid C), all of them together as C99, C++11 and C++17, and the per-op
# headers of issue 3 must exist under their real file names.
# Usage: compile_aclnn_headers.sh <acl-include> <opbase-include> <build-ops_nn-dir>
set -eu
acl_inc=${1:?}; nn_inc=${2:?}; gen=${3:?}
cc=${CC:-cc}; cxx=${CXX:-c++}
work=$(mktemp -d "${TMPDIR:-/tmp}/aclemu-aclnn-headers.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
inc="-I$gen -I$nn_inc -I$acl_inc"
fail=0
check() { # check <description> <command...>
    desc=$1; shift
    if ! "$@" >"$work/log" 2>&1; then echo "FAIL $desc"; sed 's/^/     /' "$work/log"; fail=1; fi
}
headers="aclnn/acl_meta.h aclnn/aclnn_base.h aclnnop/aclnn_util.h"
for h in "$gen"/aclnnop/aclnn_*.h; do headers="$headers aclnnop/$(basename "$h")"; done
n=0
: >"$work/all.c"
for h in $headers; do
    printf '#include "%s"\n#include "%s"\nint aclemu_header_tu;\n' "$h" "$h" >"$work/one.c"
    check "C99   $h" $cc -std=c99 -pedantic-errors -Wall -Wextra -Werror $inc -c "$work/one.c" -o "$work/one.o"
    printf '#include "%s"\n' "$h" >>"$work/all.c"
    n=$((n + 1))
done
echo 'int aclemu_headers_tu;' >>"$work/all.c"
cp "$work/all.c" "$work/all.cpp"
check "C99   all headers" $cc -std=c99 -pedantic-errors -Wall -Wextra -Werror $inc -c "$work/all.c" -o "$work/all.o"
check "C++11 all headers" $cxx -std=c++11 -Wall -Wextra -Werror $inc -c "$work/all.cpp" -o "$work/all.o"
check "C++17 all headers" $cxx -std=c++17 -Wall -Wextra -Werror $inc -c "$work/all.cpp" -o "$work/all.o"
# The header names of the real toolkit for the ops of issue 3 (ops-nn op_api / generated headers
# and the ops-math basics).
for name in relu add_relu gelu gelu_v2 fast_gelu silu swish sigmoid leaky_relu elu hardswish hardsigmoid \
    mish softplus prelu glu softmax logsoftmax swi_glu geglu gelu_mul softmax_backward logsoftmax_backward \
    gelu_backward gelu_backward_v2 silu_backward sigmoid_backward threshold_backward batch_norm \
    batch_norm_backward layer_norm layer_norm_backward rms_norm rms_norm_grad add_rms_norm inplace_add_rms_norm \
    add_layer_norm group_norm group_norm_silu instance_norm max_pool2d_with_indices \
    max_pool2d_with_indices_backward max_pool avgpool2d avgpool2d_backward adaptive_avg_pool2d \
    adaptive_avg_pool2d_backward adaptive_max_pool2d mse_loss mse_loss_backward nll_loss nll_loss_backward \
    cross_entropy_loss cross_entropy_loss_grad embedding embedding_dense_backward apply_adam_w_v2 \
    add sub mul div cast copy zero fill_scalar permute tanh exp; do
    [ -f "$gen/aclnnop/aclnn_$name.h" ] || { echo "FAIL missing header aclnnop/aclnn_$name.h"; fail=1; }
done
# The real headers that include <array> / <string> themselves, whose examples use std::array /
# std::string with no include of their own (ops-nn group_norm_grad, softmax_grad, ... examples):
# including the header alone must make the type available in C++11.
for name in adaptive_avg_pool2d adaptive_avg_pool3d adaptive_max_pool2d adaptive_max_pool3d softmax_backward \
    logsigmoid_backward logsoftmax_backward group_norm_backward batch_norm_backward fast_batch_norm_backward; do
    printf '#include "aclnnop/aclnn_%s.h"\nstd::array<bool, 3> aclemu_mask = {{true, false, true}};\n' "$name" >"$work/arr.cpp"
    check "C++11 std::array from aclnn_$name.h" $cxx -std=c++11 -Wall -Werror $inc -c "$work/arr.cpp" -o "$work/arr.o"
done
for name in quant_matmul_dequant fused_quant_matmul fused_quant_matmul_weight_nz einsum quant_matmul_v5; do
    printf '#include "aclnnop/aclnn_%s.h"\nstd::string aclemu_eq("ij,jk->ik");\n' "$name" >"$work/str.cpp"
    check "C++11 std::string from aclnn_$name.h" $cxx -std=c++11 -Wall -Werror $inc -c "$work/str.cpp" -o "$work/str.o"
done
echo "$n headers checked"
exit $fail
