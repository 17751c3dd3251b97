/* Topology YAML (devsim/profile/profile.c): aclemu_topology_load on a file holding the input. Its
 * device entries name shipped profiles (FUZZ_CONF_DIR) or profile files by path. Every input
 * gives 0 with 1..16 devices, or -1 with a message. */
#include <stdlib.h>
#include <string.h>

#include "aclemu/profile.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_file("topology.yaml", data, size);
    static aclemu_topology t;
    char err[1024];
    memset(err, 0x55, sizeof err);
    int rc = aclemu_topology_load(path, &t, err, sizeof err);
    if (memchr(err, 0, sizeof err) == NULL || (rc != 0 && (rc != -1 || err[0] == '\0'))) {
        fprintf(stderr, "fuzz_topology_yaml: rc %d without a message\n", rc);
        abort();
    }
    if (rc == 0 && (t.count < 1 || t.count > ACLEMU_MAX_DEVICES)) {
        fprintf(stderr, "fuzz_topology_yaml: loaded %u devices\n", t.count);
        abort();
    }
    return 0;
}
