/* Blob of the ApplyAdamWV2 kernel: flat element ranges per block; *_in and *_out are the same
 * buffer unless the tensor view needed staging. */
#ifndef OPS_NN_APPLY_ADAM_W_V2_ARGS_H
#define OPS_NN_APPLY_ADAM_W_V2_ARGS_H

#include "nn_cbuf.h"

typedef struct adamw_args {
    nn_cbuf var_in, m_in, v_in, max_in, var_out, m_out, v_out, max_out, grad, step;
    float lr, beta1, beta2, weight_decay, eps;
    int32_t amsgrad, maximize;
    int32_t reserved;
    int64_t n, per_block;
} adamw_args;

#endif
