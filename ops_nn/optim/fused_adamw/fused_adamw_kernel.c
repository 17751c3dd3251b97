/* FusedAdamw kernel (PyTorch's _fused_adamw_), per element in FP32; nothing changes when
 * foundInf is given and non-zero:
 *   g = grad / gradScale (when given), negated with maximize
 *   param *= 1 - lr * weightDecay
 *   m = beta1 m + (1 - beta1) g;  v = beta2 v + (1 - beta2) g^2;  vmax = max(vmax, v) (amsgrad)
 *   param -= lr / (1 - beta1^step) * m / (sqrt(v or vmax) / sqrt(1 - beta2^step) + eps)
 * (bias corrections in FP64 from the step tensor). Roles: 0 param, 1 grad, 2 m, 3 v, 4 vmax, 5 step. */
#include <math.h>

#include "optim_list_kernel.h"

static int fused_adamw_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(ol_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const ol_args *a = (const ol_args *)args;
    if (a->ntensors < 0 || a->ntensors > OL_MAX_TENSORS)
        return ACLEMU_KERNEL_BAD_ARGS;
    float lr = (float)a->s[0], b1 = (float)a->s[1], b2 = (float)a->s[2], wd = (float)a->s[3], eps = (float)a->s[4];
    int amsgrad = a->s[5] != 0.0, maximize = a->s[6] != 0.0;
    float inv_scale = a->scale.present ? 1.0f / (float)nn_load(&a->scale, 0) : 1.0f;
    int64_t s, e;
    nn_block_items(a->total, a->per_block, blk, &s, &e);
    if (a->found_inf.present && nn_load(&a->found_inf, 0) != 0.0) {
        ol_passthrough(a, s, e);
        return 0;
    }
    for (int k = 0; k < a->ntensors; k++) {
        int64_t lo, hi;
        ol_span(a, k, s, e, &lo, &hi);
        if (lo >= hi)
            continue;
        const nn_cbuf *op = a->t[k].op;
        double step = nn_load(&op[10], 0);
        float bc1 = (float)(1.0 - pow(a->s[1], step)), bc2s = (float)sqrt(1.0 - pow(a->s[2], step));
        float step_size = lr / bc1, decay = 1.0f - lr * wd;
        for (int64_t i = lo; i < hi; i++) {
            float g = (float)nn_load(&op[2], i) * inv_scale;
            if (maximize)
                g = -g;
            float p = (float)nn_load(&op[0], i) * decay;
            float m = b1 * (float)nn_load(&op[4], i) + (1.0f - b1) * g;
            float v = b2 * (float)nn_load(&op[6], i) + (1.0f - b2) * g * g;
            float vd = v;
            if (amsgrad) {
                float mx = (float)nn_load(&op[8], i);
                vd = mx > v ? mx : v;
                nn_store(&op[9], i, vd);
            }
            p -= step_size * m / (sqrtf(vd) / bc2s + eps);
            nn_store(&op[1], i, p);
            nn_store(&op[5], i, m);
            nn_store(&op[7], i, v);
        }
    }
    return 0;
}

ACLEMU_KERNEL("FusedAdamw", fused_adamw_kernel);
