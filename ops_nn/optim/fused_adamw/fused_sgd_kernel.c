/* FusedSgd kernel (the op's documented formula), per element in FP32. Roles: 0 param,
 * 1 grad, 2 momentum buffer (absent without momentum).
 *   g~ = grad / scale (when given; written back to grad), g^ = maximize ? -g~ : g~
 *   g- = g^ + weightDecay * param
 *   buf = first step ? g- : momentum * buf + (1 - dampening) * g-
 *   g = nesterov ? g- + momentum * buf : (buffers ? buf : g-);  param -= lr * g */
#include "optim_list_kernel.h"

static int fused_sgd_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(ol_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const ol_args *a = (const ol_args *)args;
    if (a->ntensors < 0 || a->ntensors > OL_MAX_TENSORS)
        return ACLEMU_KERNEL_BAD_ARGS;
    float wd = (float)a->s[0], mom = (float)a->s[1], lr = (float)a->s[2], damp = (float)a->s[3];
    int nesterov = a->s[4] != 0.0, maximize = a->s[5] != 0.0, first = a->s[6] != 0.0;
    int scaled = a->scale.present;
    float inv_scale = scaled ? 1.0f / (float)nn_load(&a->scale, 0) : 1.0f;
    int64_t s, e;
    nn_block_items(a->total, a->per_block, blk, &s, &e);
    for (int k = 0; k < a->ntensors; k++) {
        int64_t lo, hi;
        ol_span(a, k, s, e, &lo, &hi);
        const nn_cbuf *op = a->t[k].op;
        int has_buf = op[4].present;
        for (int64_t i = lo; i < hi; i++) {
            float g = (float)nn_load(&op[2], i) * inv_scale;
            if (scaled)
                nn_store(&op[3], i, g);
            if (maximize)
                g = -g;
            float p = (float)nn_load(&op[0], i);
            g += wd * p;
            float d = g;
            if (has_buf) {
                float buf = first ? g : mom * (float)nn_load(&op[4], i) + (1.0f - damp) * g;
                nn_store(&op[5], i, buf);
                d = nesterov ? g + mom * buf : buf;
            }
            nn_store(&op[1], i, p - lr * d);
        }
    }
    return 0;
}

ACLEMU_KERNEL("FusedSgd", fused_sgd_kernel);
