#!/usr/bin/env bash
# Builds an ordinary ACL host program against an installed aclemu (as a user would: headers from
# P/include, libraries from P/lib64, environment from P/set_env.sh) and runs it.
#
#   run_host_program.sh <build-dir> <source.c|.cpp> [-l<lib> ...] [-- program args]
#
# The install is staged once per build dir with `meson install --destdir` (no root, no effect on
# the real prefix). Each run gets its own runtime dir, so its device processes are its own.
set -euo pipefail
BUILD=$1; SRC=$2; shift 2
LIBS=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do LIBS+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift

STAGE=$BUILD/test-stage
(
    flock 9
    stamp=$STAGE/.stamp
    if [ ! -f "$stamp" ] || [ -n "$(find "$BUILD" -maxdepth 3 -name '*.so' -newer "$stamp" -print -quit)" ] \
       || [ -n "$(find "$BUILD" -maxdepth 4 \( -name 'aclemu-devsim' -o -name 'atc' \) -type f -newer "$stamp" \
                  -print -quit)" ]; then
        rm -rf "$STAGE"
        meson install -C "$BUILD" --destdir "$STAGE" --no-rebuild --quiet >/dev/null
        touch "$stamp"
    fi
) 9>"$BUILD/.test-stage.lock"

PREFIX=$(dirname "$(find "$STAGE" -path '*/lib64/libascendcl.so' -print -quit)")/..
PREFIX=$(cd "$PREFIX" && pwd)
# shellcheck disable=SC1091
source "$PREFIX/set_env.sh"
unset ACLEMU_DEVSIM ACLEMU_CONF_DIR   # use the installed ones, found relative to the libraries

WORK=$(mktemp -d /tmp/aclemu-hp.XXXXXX)
# Stops the run's device processes and waits until each has exited (it holds its lock file until
# then): a sanitizer build's device process writes its exit-time report before the test ends.
stop_devices() {
    local d
    export ACLEMU_RUNTIME_DIR=$WORK/rt
    for d in 0 1 2 3; do
        if [ -S "$WORK/rt/dev$d.sock" ]; then
            "$PREFIX/libexec/aclemu/aclemu-devsim" --device $d --stop >/dev/null 2>&1 &&
                flock -w 30 "$WORK/rt/dev$d.lock" true || true
        fi
    done
    # a process of the run may still be closing a file in $WORK (seen: "Directory not empty" once
    # under ASan): retry, and never let the clean-up decide the test's verdict
    rm -rf "$WORK" 2>/dev/null || { sleep 1; rm -rf "$WORK"; } || true
}
trap stop_devices EXIT
export ACLEMU_RUNTIME_DIR=$WORK/rt
# error lines of deliberately failing calls go to plog files: not into $HOME
export ASCEND_PROCESS_LOG_PATH=${ASCEND_PROCESS_LOG_PATH:-$WORK/logs}
BIN=$WORK/$(basename "${SRC%.*}")
# a sanitizer build's test setup passes its flags (tests/meson.build): the program is checked too
read -ra XFLAGS <<<"${ACLEMU_TEST_CFLAGS:-} ${ACLEMU_TEST_LDFLAGS:-}"
case "$SRC" in
    *.c)   ${CC:-gcc} -std=c99 -Wall -Werror "${XFLAGS[@]}" -o "$BIN" "$SRC" -I"$PREFIX/include" -L"$PREFIX/lib64" "${LIBS[@]}" -lascendcl -lpthread ;;
    *)     ${CXX:-g++} -std=c++11 -Wall -Werror "${XFLAGS[@]}" -o "$BIN" "$SRC" -I"$PREFIX/include" -I"$PREFIX/include/aclnn" -I"$PREFIX/include/aclnnop" -L"$PREFIX/lib64" "${LIBS[@]}" -lascendcl -lpthread ;;
esac
cd "$WORK"
"$BIN" "$@"
