/* ApplyAdamW kernel (the op's documented formula), per element with g = maximize ? -grad : grad,
 * in FP32:
 *   m = beta1 m + (1 - beta1) g;  v = beta2 v + (1 - beta2) g^2
 *   v = max(maxGradNorm, v) when amsgrad (stored to vRef, as documented)
 *   var = var - lr * weightDecay * var - lr * (m / (1 - beta1Power)) / (sqrt(v / (1 - beta2Power)) + eps) */
#include <math.h>

#include "apply_adam_w_args.h"
#include "norm_rows.h"

static float one(const nn_cbuf *b)
{
    return (float)nn_load(b, 0);
}

static int apply_adam_w_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(apply_adam_w_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const apply_adam_w_args *a = (const apply_adam_w_args *)args;
    int64_t s, e;
    nr_block_rows(&a->h, blk, &s, &e);
    float b1p = one(&a->beta1_power), b2p = one(&a->beta2_power), lr = one(&a->lr), wd = one(&a->weight_decay);
    float b1 = one(&a->beta1), b2 = one(&a->beta2), eps = one(&a->eps);
    float bc1 = 1.0f - b1p, bc2 = 1.0f - b2p;
    for (int64_t i = s; i < e; i++) {
        float g = (float)nn_load(&a->grad, i);
        if (a->maximize)
            g = -g;
        float var = (float)nn_load(&a->var_in, i);
        float m = b1 * (float)nn_load(&a->m_in, i) + (1.0f - b1) * g;
        float v = b2 * (float)nn_load(&a->v_in, i) + (1.0f - b2) * g * g;
        if (a->amsgrad) {
            float mx = (float)nn_load(&a->max_norm, i);
            v = mx > v ? mx : v;
        }
        var = var - lr * wd * var - lr * (m / bc1) / (sqrtf(v / bc2) + eps);
        nn_store(&a->var_out, i, var);
        nn_store(&a->m_out, i, m);
        nn_store(&a->v_out, i, v);
    }
    return 0;
}

ACLEMU_KERNEL("ApplyAdamW", apply_adam_w_kernel);
