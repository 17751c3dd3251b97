/* ApplyAdam kernel (the op's documented formula), per element in FP32:
 *   lr_t = lr * sqrt(1 - beta2Power) / (1 - beta1Power)
 *   m = beta1 m + (1 - beta1) g;  v = beta2 v + (1 - beta2) g^2
 *   var -= lr_t * (nesterov ? beta1 m + (1 - beta1) g : m) / (sqrt(v) + epsilon) */
#include <math.h>

#include "apply_adam_args.h"
#include "norm_rows.h"

static int apply_adam_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(apply_adam_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const apply_adam_args *a = (const apply_adam_args *)args;
    int64_t s, e;
    nr_block_rows(&a->h, blk, &s, &e);
    float b1p = (float)nn_load(&a->beta1_power, 0), b2p = (float)nn_load(&a->beta2_power, 0);
    float lr = (float)nn_load(&a->lr, 0), b1 = (float)nn_load(&a->beta1, 0), b2 = (float)nn_load(&a->beta2, 0);
    float eps = (float)nn_load(&a->eps, 0);
    float lr_t = lr * sqrtf(1.0f - b2p) / (1.0f - b1p);
    for (int64_t i = s; i < e; i++) {
        float g = (float)nn_load(&a->grad, i);
        float m = b1 * (float)nn_load(&a->m_in, i) + (1.0f - b1) * g;
        float v = b2 * (float)nn_load(&a->v_in, i) + (1.0f - b2) * g * g;
        float num = a->nesterov ? b1 * m + (1.0f - b1) * g : m;
        float var = (float)nn_load(&a->var_in, i) - lr_t * num / (sqrtf(v) + eps);
        nn_store(&a->var_out, i, var);
        nn_store(&a->m_out, i, m);
        nn_store(&a->v_out, i, v);
    }
    return 0;
}

ACLEMU_KERNEL("ApplyAdam", apply_adam_kernel);
