/* atc's --insert_op_conf parser (tools/atc/model/aipp_config.c): any bytes are parsed; a
 * rejection carries a reason, an accepted configuration has at most AIPP_MAX_OPS blocks with
 * distinct inputs and each block passes or fails mdl_aipp_check without crashing; a static block
 * that passes for its own output size is converted once (a small image) to reach the pixel
 * pipeline with hostile parameters. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "model/aipp_config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static aipp_op_cfg ops[AIPP_MAX_OPS];
    int n = -1;
    char err[512];
    if (aipp_config_parse((const char *)data, size, ops, &n, err, sizeof(err)) != 0) {
        if (err[0] == 0)
            abort(); /* rejected without a reason */
        return 0;
    }
    if (n < 1 || n > AIPP_MAX_OPS)
        abort();
    for (int k = 0; k < n; k++) {
        const mdl_aipp *a = &ops[k].p;
        int64_t h, w;
        mdl_aipp_out_hw(a, &h, &w);
        int c = mdl_aipp_out_channels(a);
        if (a->mode != MDL_AIPP_STATIC || mdl_aipp_check(a, c, h, w) != NULL)
            continue;
        size_t src = mdl_aipp_src_bytes(a->input_format, a->src_w, a->src_h);
        if (src == 0)
            abort(); /* a checked source image has a size */
        if (src > (1u << 16) || (uint64_t)h * (uint64_t)w > (1u << 14))
            continue; /* keep the runs fast */
        uint8_t *img = malloc(src);
        float *out = malloc(sizeof(float) * (size_t)c * (size_t)h * (size_t)w);
        if (img && out) {
            memset(img, 0x5a, src);
            mdl_aipp_run(a, img, out, k & 1, 1, c, h, w);
        }
        free(img);
        free(out);
    }
    return 0;
}
