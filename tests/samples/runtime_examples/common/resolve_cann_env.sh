#!/bin/bash
# Finds the CANN toolkit to build the runtime examples against, the way the runtime repository's
# examples do: the first of $ASCEND_INSTALL_PATH, $ASCEND_HOME_PATH and the usual install roots
# that has a set_env.sh and an ACL layout (<root>/include/acl/acl.h with <root>/lib64/libacl_rt.so,
# or the same under <root>/<arch>-linux/{lib64,devlib}). Exports ASCEND_INSTALL_PATH and sources
# the toolkit's set_env.sh.

acl_layout_ok() {
    local root=$1 arch inc lib
    case "$(uname -m)" in
        x86_64|amd64) arch=x86_64-linux ;;
        aarch64|arm64) arch=aarch64-linux ;;
        *) arch= ;;
    esac
    for pair in "$root/include:$root/lib64" \
                "$root/$arch/include:$root/$arch/lib64" \
                "$root/$arch/include:$root/$arch/devlib"; do
        inc=${pair%%:*}
        lib=${pair#*:}
        if [ -f "$inc/acl/acl.h" ] && [ -f "$lib/libacl_rt.so" ]; then
            return 0
        fi
    done
    return 1
}

resolve_cann_env() {
    local root
    for root in "${ASCEND_INSTALL_PATH:-}" "${ASCEND_HOME_PATH:-}" "$HOME/Ascend/cann" \
                "$HOME/Ascend/ascend-toolkit/latest" /usr/local/Ascend/cann \
                /usr/local/Ascend/ascend-toolkit/latest; do
        [ -n "$root" ] && [ -f "$root/set_env.sh" ] || continue
        if acl_layout_ok "$root"; then
            export ASCEND_INSTALL_PATH=$root
            # shellcheck disable=SC1091
            source "$root/set_env.sh"
            return 0
        fi
    done
    echo "[ERROR] no usable CANN toolkit found; source <cann>/set_env.sh first" >&2
    return 1
}
