/* Blob of the ApplyAdamW kernel: the elements seen as h.rows rows of one element (row-norm
 * driver tiling); *_in and *_out are the same buffer unless a view needed staging. */
#ifndef OPS_NN_APPLY_ADAM_W_ARGS_H
#define OPS_NN_APPLY_ADAM_W_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

typedef struct apply_adam_w_args {
    nr_rows h;
    nn_cbuf var_in, m_in, v_in, var_out, m_out, v_out, grad, max_norm;
    nn_cbuf beta1_power, beta2_power, lr, weight_decay, beta1, beta2, eps;
    int32_t amsgrad, maximize;
} apply_adam_w_args;

#endif
