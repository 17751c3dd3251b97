/* atc's ONNX path on arbitrary bytes (tools/atc/model/): protobuf-c decoding, the import into
 * the graph IR, shape inference and folding, BatchNorm folding, dead-node removal, lowering and
 * the workspace plan, then the model file: whatever atc accepts must serialise to a file the
 * runtime's reader accepts. Every rejection must carry a message. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "model/fusion.h"
#include "model/lower.h"
#include "model/onnx_import.h"
#include "model/passes.h"
#include "model/precision.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    graph g;
    char err[2048] = "";
    if (onnx_import(data, size, "fuzz.onnx", &g, err, sizeof(err)) != 0) {
        if (err[0] == 0) {
            fprintf(stderr, "fuzz_onnx_import: import failed without a message\n");
            abort();
        }
        return 0;
    }
    int folded = 0, removed = 0;
    mdl_model *m = NULL;
    uint64_t naive = 0;
    err[0] = 0;
    /* issue 11 (mfuse): Resize preparation, every fusion pass, and float16 for odd-sized inputs */
    unsigned char enabled[FUSE_NPASSES];
    memset(enabled, 1, sizeof(enabled));
    fuse_stats st;
    memset(&st, 0, sizeof(st));
    int casts = 0;
    static const chip_kernels chip_310p = {0, 1, 0};
    if (pass_infer_and_fold(&g, err, sizeof(err)) != 0 || pass_resize(&g, err, sizeof(err)) != 0 ||
        pass_batchnorm(&g, 1, &folded, err, sizeof(err)) != 0 || pass_dce(&g, &removed) != 0 ||
        (pass_fuse(&g, enabled, &st) != 0 && snprintf(err, sizeof(err), "out of memory fusing") > 0) ||
        pass_dce(&g, &removed) != 0 ||
        (pass_precision(&g, (size & 1) ? PREC_FP16 : PREC_FP32, NULL, 0, &casts) != 0 &&
         snprintf(err, sizeof(err), "out of memory in the precision pass") > 0) ||
        /* mfunc: the per-chip rules (310P float16 cube operators, or the refusal) for some inputs */
        ((size & 2) && pass_precision_chip(&g, &chip_310p, "Ascend310P3",
                                           (size & 4) ? "must_keep_origin_dtype" : "allow_fp32_to_fp16", &casts,
                                           err, sizeof(err)) != 0) ||
        lower_graph(&g, "Ascend910B1", "force_fp32", &m, &naive, err, sizeof(err)) != 0) {
        if (err[0] == 0) {
            fprintf(stderr, "fuzz_onnx_import: a pass failed without a message\n");
            abort();
        }
        g_free(&g);
        return 0;
    }
    g_free(&g);
    void *blob = NULL;
    size_t len = 0;
    if (mdl_serialize(m, &blob, &len) == 0) {
        mdl_model *back = NULL;
        char why[512];
        if (mdl_parse(blob, len, &back, why, sizeof(why)) != 0) {
            fprintf(stderr, "fuzz_onnx_import: atc wrote a model its reader rejects: %s\n", why);
            abort();
        }
        mdl_free(back);
        free(blob);
    }
    mdl_free(m);
    return 0;
}
