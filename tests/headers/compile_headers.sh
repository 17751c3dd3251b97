#!/bin/sh
# Compiles every public ACL header as C99 (-pedantic-errors), C++11 and C++17 with
# -Werror, plus usage checks (qualified enum names, error-code kinds, ACL_APP_LOG,
# the C++ overloads of acl_rt_api.h, fixed struct layouts).
# Usage: compile_headers.sh <include-root>   (the directory that contains acl/)
set -eu

inc=${1:?usage: compile_headers.sh <include-root>}
here=$(cd "$(dirname "$0")" && pwd)
cc=${CC:-cc}
cxx=${CXX:-c++}
work=$(mktemp -d "${TMPDIR:-/tmp}/aclemu-headers.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

headers="acl/acl.h acl/acl_base.h acl/acl_base_rt.h acl/acl_base_mdl.h acl/acl_rt.h
acl/acl_rt_allocator.h acl/acl_rt_api.h acl/acl_op.h acl/acl_op_compiler.h acl/acl_mdl.h
acl/acl_dump.h acl/acl_prof.h acl/error_codes/rt_error_codes.h acl/error_codes/ge_error_codes.h"
[ -f "$inc/acl/ops/acl_cblas.h" ] && headers="$headers acl/ops/acl_cblas.h"

fail=0
run() { # run <description> <command...>
    desc=$1; shift
    if "$@" >"$work/log" 2>&1; then
        echo "ok   $desc"
    else
        echo "FAIL $desc"; sed 's/^/     /' "$work/log"; fail=1
    fi
}

cflags="-std=c99 -pedantic-errors -Wall -Wextra -Werror -I$inc"
cxxflags="-Wall -Wextra -Werror -I$inc"

# Each header alone (proves it is self-contained), in every language mode.
for h in $headers; do
    printf '#include "%s"\n#include "%s"\nint aclemu_header_tu;\n' "$h" "$h" >"$work/one.c"
    cp "$work/one.c" "$work/one.cpp"
    run "C99   $h" $cc $cflags -c "$work/one.c" -o "$work/one.o"
    run "C++11 $h" $cxx -std=c++11 $cxxflags -c "$work/one.cpp" -o "$work/one.o"
    run "C++17 $h" $cxx -std=c++17 $cxxflags -c "$work/one.cpp" -o "$work/one.o"
done

# All headers together plus usage, as C and as C++.
run "C99   usage" $cc $cflags -c "$here/usage_c99.c" -o "$work/u.o"
run "C++11 usage" $cxx -std=c++11 $cxxflags -c "$here/usage_cxx.cpp" -o "$work/u.o"
run "C++17 usage" $cxx -std=c++17 $cxxflags -c "$here/usage_cxx.cpp" -o "$work/u.o"
# A library build defines FUNC_VISIBILITY: the macro must then export.
run "C++17 FUNC_VISIBILITY" $cxx -std=c++17 $cxxflags -DFUNC_VISIBILITY -DEXPECT_EXPORT \
    -c "$here/usage_cxx.cpp" -o "$work/u.o"

exit $fail
