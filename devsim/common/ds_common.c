/* Paths shared by the driver and the device process. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../proto.h"

int ds_runtime_dir(char *buf, unsigned len)
{
    const char *env = getenv("ACLEMU_RUNTIME_DIR");
    int n;
    if (env && env[0])
        n = snprintf(buf, len, "%s", env);
    else
        n = snprintf(buf, len, "/tmp/aclemu-%u", (unsigned)getuid());
    if (n < 0 || (unsigned)n >= len)
        return -1;
    if (mkdir(buf, 0700) != 0) {
        struct stat st;
        if (stat(buf, &st) != 0 || !S_ISDIR(st.st_mode))
            return -1;
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
