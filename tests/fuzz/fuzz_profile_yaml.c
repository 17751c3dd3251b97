/* Chip profile YAML (devsim/profile/profile.c, libyaml): aclemu_profile_load on a file holding the
 * input. Every input gives 0 or -1 with a "file:line: key: what" message; a loaded profile has
 * terminated names. */
#include <stdlib.h>
#include <string.h>

#include "aclemu/profile.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_file("chip.yaml", data, size);
    aclemu_chip_profile p;
    char err[1024];
    memset(err, 0x55, sizeof err);
    int rc = aclemu_profile_load(path, &p, err, sizeof err);
    if (memchr(err, 0, sizeof err) == NULL || (rc != 0 && (rc != -1 || err[0] == '\0'))) {
        fprintf(stderr, "fuzz_profile_yaml: rc %d without a message\n", rc);
        abort();
    }
    if (rc == 0 && (memchr(p.soc_version, 0, sizeof p.soc_version) == NULL ||
                    memchr(p.npu_name, 0, sizeof p.npu_name) == NULL ||
                    memchr(p.chip_name, 0, sizeof p.chip_name) == NULL ||
                    memchr(p.short_soc_version, 0, sizeof p.short_soc_version) == NULL)) {
        fprintf(stderr, "fuzz_profile_yaml: unterminated name in a loaded profile\n");
        abort();
    }
    return 0;
}
