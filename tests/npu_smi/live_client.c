/* A device client for the npu-smi live test: opens device 0, allocates the number of MiB given
 * in argv[1], prints "ready <pid>" and holds the memory until stdin closes. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "aclemu/drv.h"

int main(int argc, char **argv)
{
    size_t mib = argc > 1 ? strtoul(argv[1], NULL, 10) : 64;
    drv_device *dev = NULL;
    void *p = NULL;
    int rc = drv_device_open(0, &dev);
    if (rc != 0) {
        fprintf(stderr, "live_client: open: %d %s\n", rc, drv_last_error());
        return 77;
    }
    rc = drv_mem_alloc(dev, mib << 20, &p);
    if (rc != 0) {
        fprintf(stderr, "live_client: alloc: %d %s\n", rc, drv_last_error());
        drv_device_close(dev);
        return 1;
    }
    printf("ready %d\n", (int)getpid());
    fflush(stdout);
    char buf[64];
    while (read(STDIN_FILENO, buf, sizeof buf) > 0) {
    }
    drv_mem_free(dev, p);
    drv_device_close(dev);
    return 0;
}
