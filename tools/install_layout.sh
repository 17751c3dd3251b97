#!/bin/sh
# Run by `meson install`: adds the directory aliases CANN toolkits have, so that existing
# sample build scripts find headers and libraries unchanged:
#   runtime/, compiler/, acllib/, fwkacllib/, atc/, <arch>-linux/ (each with include/ and lib64/),
#   lib64/stub (the stub libraries samples link against), and the opp/ tree ASCEND_OPP_PATH names.
set -eu
P=${MESON_INSTALL_DESTDIR_PREFIX:?}
arch=$(uname -m)
cd "$P"
for d in runtime compiler acllib fwkacllib atc "$arch-linux"; do
    mkdir -p "$d"
    ln -sfn ../include "$d/include"
    ln -sfn ../lib64 "$d/lib64"
done
ln -sfn . lib64/stub
mkdir -p opp/vendors
