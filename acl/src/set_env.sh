# Environment for an aclemu install, like a CANN toolkit's set_env.sh.
# Usage: source <prefix>/set_env.sh   (bash or zsh)
if [ -n "${BASH_SOURCE:-}" ]; then
    _aclemu_self="${BASH_SOURCE[0]}"
elif [ -n "${ZSH_VERSION:-}" ]; then
    _aclemu_self="${(%):-%x}"
else
    _aclemu_self="$0"
fi
_aclemu_root="$(cd "$(dirname "${_aclemu_self}")" && pwd)"

export ASCEND_TOOLKIT_HOME="${_aclemu_root}"
export ASCEND_HOME_PATH="${_aclemu_root}"
export ASCEND_OPP_PATH="${_aclemu_root}/opp"
export DDK_PATH="${_aclemu_root}"
# real samples read NPU_HOST_LIB as the directory of the stub libraries to link against
export NPU_HOST_LIB="${_aclemu_root}/lib64"
export LD_LIBRARY_PATH="${_aclemu_root}/lib64${LD_LIBRARY_PATH:+:${LD_LIBRARY_PATH}}"
export PATH="${_aclemu_root}/bin${PATH:+:${PATH}}"
unset _aclemu_self _aclemu_root
