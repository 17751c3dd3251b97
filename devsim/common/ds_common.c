/* Paths shared by the driver and the device process. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../proto.h"

static char g_exe[PATH_MAX]; /* the device-process executable this side belongs to */

void ds_runtime_set_exe(const char *path)
{
    char real[PATH_MAX];
    snprintf(g_exe, sizeof g_exe, "%s", path && realpath(path, real) ? real : path ? path : "");
}

/* FNV-1a: a short stable name for an installation */
static uint64_t fnv1a(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
    return h;
}

static int mkdir_private(const char *dir)
{
    if (mkdir(dir, 0700) != 0) {
        struct stat st;
        if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
            return -1;
    }
    return 0;
}

/* $ACLEMU_RUNTIME_DIR, else /tmp/aclemu-<uid>/<installation>: the installation is named by the
 * real path of its device-process executable, so programs of one install share its devices
 * while another build or install (a second checkout, the test stage of a CI run) gets devices of
 * its own instead of attaching to a device process that runs other kernels. */
int ds_runtime_dir(char *buf, unsigned len)
{
    const char *env = getenv("ACLEMU_RUNTIME_DIR");
    int n;
    if (env && env[0]) {
        n = snprintf(buf, len, "%s", env);
        if (n < 0 || (unsigned)n >= len)
            return -1;
        return mkdir_private(buf);
    }
    n = snprintf(buf, len, "/tmp/aclemu-%u", (unsigned)getuid());
    if (n < 0 || (unsigned)n >= len || mkdir_private(buf) != 0)
        return -1;
    if (g_exe[0]) {
        int m = snprintf(buf + n, len - (unsigned)n, "/%016llx", (unsigned long long)fnv1a(g_exe));
        if (m < 0 || (unsigned)(n + m) >= len)
            return -1;
        return mkdir_private(buf);
    }
    return 0;
}

static int ds_dev_path(int devid, const char *suffix, char *buf, unsigned len)
{
    char dir[400];
    if (ds_runtime_dir(dir, sizeof dir) != 0)
        return -1;
    int n = snprintf(buf, len, "%s/dev%d.%s", dir, devid, suffix);
    return (n < 0 || (unsigned)n >= len) ? -1 : 0;
}

int ds_socket_path(int devid, char *buf, unsigned len) { return ds_dev_path(devid, "sock", buf, len); }
int ds_lock_path(int devid, char *buf, unsigned len) { return ds_dev_path(devid, "lock", buf, len); }
