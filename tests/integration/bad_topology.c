/* A broken device topology or chip profile is reported with the file, line and key, and the
 * failing ACL call returns an error code (never a crash). Ordinary ACL host program (C99).
 *   bad_topology <file> <expected code> <expected message fragment> */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: bad_topology FILE CODE FRAGMENT\n");
        return 2;
    }
    setenv("ACLEMU_TOPOLOGY", argv[1], 1);
    int want = atoi(argv[2]);
    /* aclInit loads the topology: it fails with the code and a message naming file and key */
    aclError rc = aclInit(NULL);
    const char *msg = aclGetRecentErrMsg();
    printf("aclInit: %d\n%s\n", (int)rc, msg);
    if ((int)rc != want || strstr(msg, argv[3]) == NULL || strstr(msg, argv[1]) == NULL) {
        fprintf(stderr, "expected code %d and a message naming %s and '%s'\n", want, argv[1], argv[3]);
        return 1;
    }
    /* so do device calls (the runtime does not require aclInit before them) */
    uint32_t count = 0;
    rc = aclrtGetDeviceCount(&count);
    msg = aclGetRecentErrMsg();
    if ((int)rc != want || strstr(msg, argv[3]) == NULL) {
        fprintf(stderr, "aclrtGetDeviceCount: got %d, expected %d\n%s\n", (int)rc, want, msg);
        return 1;
    }
    rc = aclrtSetDevice(0);
    msg = aclGetRecentErrMsg();
    if ((int)rc != want || strstr(msg, argv[3]) == NULL) {
        fprintf(stderr, "aclrtSetDevice: got %d, expected %d\n%s\n", (int)rc, want, msg);
        return 1;
    }
    return 0;
}
