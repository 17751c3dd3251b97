#!/bin/bash
# Stages the install of build dir $1 (shared with the samples) and checks that every function the
# public headers under $2 declare with ACL_FUNC_VISIBILITY is exported by its lib64.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
inc=$2
# shellcheck disable=SC1091
source "$here/../samples/sample_env.sh" "$1"
python3 "$here/check_exports.py" "$inc" "$PREFIX"
