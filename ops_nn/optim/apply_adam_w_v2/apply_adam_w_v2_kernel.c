/* ApplyAdamWV2 kernel (PyTorch AdamW), per element with g = maximize ? -grad : grad:
 *   var *= 1 - lr * weightDecay
 *   m = beta1 m + (1 - beta1) g;  v = beta2 v + (1 - beta2) g^2
 *   vmax = max(vmax, v) when amsgrad
 *   var -= lr / (1 - beta1^step) * m / (sqrt(v or vmax) / sqrt(1 - beta2^step) + eps)
 * computed in FP32 (FP64 for the bias corrections). */
#include <math.h>

#include "apply_adam_w_v2_args.h"
#include "nn_kernel.h"

static int apply_adam_w_v2_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(adamw_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const adamw_args *a = (const adamw_args *)args;
    int64_t s, e;
    nn_block_items(a->n, a->per_block, blk, &s, &e);
    double step = nn_load(&a->step, 0);
    float bc1 = (float)(1.0 - pow((double)a->beta1, step));
    float bc2s = (float)sqrt(1.0 - pow((double)a->beta2, step));
    float decay = 1.0f - a->lr * a->weight_decay, step_size = a->lr / bc1;
    for (int64_t i = s; i < e; i++) {
        float g = (float)nn_load(&a->grad, i);
        if (a->maximize)
            g = -g;
        float var = (float)nn_load(&a->var_in, i) * decay;
        float m = a->beta1 * (float)nn_load(&a->m_in, i) + (1.0f - a->beta1) * g;
        float v = a->beta2 * (float)nn_load(&a->v_in, i) + (1.0f - a->beta2) * g * g;
        float vd = v;
        if (a->amsgrad) {
            float mx = (float)nn_load(&a->max_in, i);
            vd = mx > v ? mx : v;
            nn_store(&a->max_out, i, vd);
        }
        var -= step_size * m / (sqrtf(vd) / bc2s + a->eps);
        nn_store(&a->var_out, i, var);
        nn_store(&a->m_out, i, m);
        nn_store(&a->v_out, i, v);
    }
    return 0;
}

ACLEMU_KERNEL("ApplyAdamWV2", apply_adam_w_v2_kernel);
