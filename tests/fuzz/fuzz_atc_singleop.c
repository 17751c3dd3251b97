/* atc --singleop description JSON (tools/atc/singleop_json.c) and what atc does next with each
 * operator: validate it against its prototype and serialize the model (aclemu_aclop_build_model),
 * then load that model back (aclopLoad). A description either fails with a message naming the
 * field, or every model it builds loads. */
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclop_internal.h"
#include "fuzz_common.h"
#include "singleop_json.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_write_file("ops.json", data, size);
    singleop *ops = NULL;
    size_t nops = 0;
    char err[2048];
    err[0] = '\0';
    if (singleop_parse(path, &ops, &nops, err, sizeof err) != 0) {
        if (fuzz_verbose())
            fprintf(stderr, "singleop_parse: %s\n", err);
        if (err[0] == '\0') {
            fprintf(stderr, "fuzz_atc_singleop: singleop_parse failed without a message\n");
            abort();
        }
        return 0;
    }
    for (size_t i = 0; i < nops; i++) {
        void *blob = NULL;
        size_t len = 0;
        int rc = aclemu_aclop_build_model(ops[i].op, ops[i].nin, (const aclTensorDesc *const *)ops[i].in,
                                          ops[i].nout, (const aclTensorDesc *const *)ops[i].out, ops[i].attr,
                                          "Ascend910B1", &blob, &len);
        const char *msg = aclGetRecentErrMsg();
        if (fuzz_verbose())
            fprintf(stderr, "op[%zu] (%s) -> %d %s\n", i, ops[i].op, rc, msg ? msg : "");
        if (rc != ACL_SUCCESS) {
            if (msg == NULL || msg[0] == '\0') {
                fprintf(stderr, "fuzz_atc_singleop: op[%zu] (%s) failed with %d without a message\n", i,
                        ops[i].op, rc);
                abort();
            }
            continue;
        }
        rc = aclopLoad(blob, len);
        if (rc != ACL_SUCCESS) {
            fprintf(stderr, "fuzz_atc_singleop: the model atc built for op[%zu] (%s) does not load: %d %s\n", i,
                    ops[i].op, rc, aclGetRecentErrMsg());
            abort();
        }
        free(blob);
    }
    singleop_free(ops, nops);
    aclemu_aclop_model_clear();
    return 0;
}
