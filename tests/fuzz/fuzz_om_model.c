/* The single-op model file (acl/op/om_file.c, op_model.c): what aclopLoad and aclopSetModelDir
 * read. Each input is tried as it is and "resealed" (length and checksum of the header recomputed
 * for the bytes after it), so mutations reach the payload parser instead of stopping at the
 * checksum. aclopSetModelDir reads the same bytes from a directory. */
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclop_internal.h"
#include "fuzz_common.h"

#define OM_HEADER 32

static void load(const uint8_t *blob, size_t len)
{
    int rc = aclopLoad(blob, len);
    const char *msg = aclGetRecentErrMsg();
    if (rc != ACL_SUCCESS && (msg == NULL || msg[0] == '\0')) {
        fprintf(stderr, "fuzz_om_model: aclopLoad returned %d without a message\n", rc);
        abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 0)
        load(data, size);
    if (size >= OM_HEADER) {
        uint8_t *sealed = malloc(size);
        if (sealed == NULL)
            return 0;
        memcpy(sealed, data, size);
        memcpy(sealed, "AEOMSOP", 8);
        uint32_t version = 1;
        uint64_t plen = size - OM_HEADER, sum = fuzz_fnv1a(sealed + OM_HEADER, plen);
        memcpy(sealed + 8, &version, 4);
        memcpy(sealed + 16, &plen, 8);
        memcpy(sealed + 24, &sum, 8);
        load(sealed, size);
        /* the same model file found by a directory scan */
        fuzz_write_file("model.om", sealed, size);
        free(sealed);
        if (aclopSetModelDir(fuzz_scratch_dir()) != ACL_SUCCESS) {
            fprintf(stderr, "fuzz_om_model: aclopSetModelDir failed on an existing directory: %s\n",
                    aclGetRecentErrMsg());
            abort();
        }
        aclGetRecentErrMsg();
    }
    aclemu_aclop_model_clear();
    return 0;
}
