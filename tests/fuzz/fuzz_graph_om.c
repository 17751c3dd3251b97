/* The graph model file (acl/mdl/mdl_format.c): what aclmdlLoad* / aclmdlQuerySize* /
 * aclmdlGetDescFromMem read. Each input is tried as it is and "resealed" (magic, version,
 * length and checksum of the header recomputed for the bytes after it), so mutations reach the
 * payload checks instead of stopping at the checksum. A model that parses is serialised again
 * and must parse to the same bytes. */
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "fuzz_common.h"
#include "mdl_format.h"

static void try_image(const uint8_t *blob, size_t len)
{
    mdl_model *m = NULL;
    char why[512];
    if (mdl_parse(blob, len, &m, why, sizeof(why)) == 0) {
        void *again = NULL;
        size_t alen = 0;
        if (mdl_serialize(m, &again, &alen) != 0 || alen != len || memcmp(again, blob, len) != 0) {
            fprintf(stderr, "fuzz_graph_om: a parsed model does not serialise back to its bytes\n");
            abort();
        }
        free(again);
        mdl_free(m);
    } else if (why[0] == 0) {
        fprintf(stderr, "fuzz_graph_om: rejected without a reason\n");
        abort();
    }
    /* the public entry points that need no device */
    size_t ws = 0, wt = 0;
    aclmdlQuerySizeFromMem(blob, len, &ws, &wt);
    aclmdlDesc *d = aclmdlCreateDesc();
    if (d && aclmdlGetDescFromMem(d, blob, len) == ACL_SUCCESS) {
        for (size_t i = 0; i < aclmdlGetNumInputs(d); i++) {
            aclmdlIODims dims;
            aclmdlGetInputDims(d, i, &dims);
            aclmdlGetInputSizeByIndex(d, i);
        }
        for (size_t i = 0; i < aclmdlGetNumOutputs(d); i++)
            aclmdlGetOutputNameByIndex(d, i);
    }
    aclmdlDestroyDesc(d);
    aclGetRecentErrMsg();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 0)
        try_image(data, size);
    if (size >= MDL_HEADER_LEN) {
        uint8_t *sealed = malloc(size);
        if (sealed == NULL)
            return 0;
        memcpy(sealed, data, size);
        memcpy(sealed, MDL_MAGIC, 8);
        uint32_t version = MDL_VERSION;
        uint64_t plen = size - MDL_HEADER_LEN, sum = fuzz_fnv1a(sealed + MDL_HEADER_LEN, plen);
        memcpy(sealed + 8, &version, 4);
        memcpy(sealed + 16, &plen, 8);
        memcpy(sealed + 24, &sum, 8);
        try_image(sealed, size);
        free(sealed);
    }
    return 0;
}
