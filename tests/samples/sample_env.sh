# Sourced by the sample runners: stages the install of build dir $1 once (the same staging dir,
# lock and staleness rule as tests/integration/run_host_program.sh, so both share one copy),
# sources P/set_env.sh as a user would, and gives the run a private work dir and runtime dir so
# its device processes are its own and are stopped at exit.
#
# Sets: PREFIX (the staged install), WORK (scratch dir, removed at exit), XFLAGS (extra compiler
# flags of a sanitizer build, else none).
BUILD=$(cd "$1" && pwd)
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
# A user's shell: only what set_env.sh exports, no build-tree overrides.
unset ACLEMU_DEVSIM ACLEMU_CONF_DIR ASCEND_INSTALL_PATH INSTALL_DIR CPU_ARCH
# shellcheck disable=SC1091
source "$PREFIX/set_env.sh"

WORK=$(mktemp -d /tmp/aclemu-sample.XXXXXX)
export ACLEMU_RUNTIME_DIR=$WORK/rt
export ASCEND_PROCESS_LOG_PATH=${ASCEND_PROCESS_LOG_PATH:-$WORK/logs}  # keep plogs out of $HOME
# A sanitizer build's test setup passes its flags (tests/meson.build): the samples' programs are
# checked too. CMake takes them from CFLAGS/CXXFLAGS/LDFLAGS when it configures, the g++ lines of
# the runners from XFLAGS.
if [ -n "${ACLEMU_TEST_CFLAGS:-}" ]; then
    export CFLAGS="${CFLAGS:+$CFLAGS }$ACLEMU_TEST_CFLAGS"
    export CXXFLAGS="${CXXFLAGS:+$CXXFLAGS }$ACLEMU_TEST_CFLAGS"
    export LDFLAGS="${LDFLAGS:+$LDFLAGS }${ACLEMU_TEST_LDFLAGS:-}"
fi
read -ra XFLAGS <<<"${ACLEMU_TEST_CFLAGS:-} ${ACLEMU_TEST_LDFLAGS:-}"
sample_cleanup() {
    local d
    for d in 0 1 2 3; do
        # a device the test killed leaves its socket behind: --stop fails, which is fine; one that
        # stops is waited for (it holds its lock file until it has exited), so a sanitizer build's
        # device process writes its exit-time report before the test ends
        if [ -S "$WORK/rt/dev$d.sock" ]; then
            "$PREFIX/libexec/aclemu/aclemu-devsim" --device "$d" --stop >/dev/null 2>&1 &&
                flock -w 30 "$WORK/rt/dev$d.lock" true || true
        fi
    done
    rm -rf "$WORK"
}
trap sample_cleanup EXIT
