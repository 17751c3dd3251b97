#!/usr/bin/env bash
# A plain C host program against the staged install: gcc -std=c99 -Wall -Werror with the
# toolkit's include dir, linked with -lascendcl from lib64; the exit code is the verdict.
#   run_c_program.sh <build-dir> <source.c>
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/sample_env.sh" "$1"
SRC=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
BIN=$WORK/$(basename "${SRC%.c}")
${CC:-gcc} -std=c99 -Wall -Werror "${XFLAGS[@]}" -o "$BIN" "$SRC" -I"$ASCEND_HOME_PATH/include" \
    -L"$ASCEND_HOME_PATH/lib64" -lascendcl
cd "$WORK"
"$BIN"
