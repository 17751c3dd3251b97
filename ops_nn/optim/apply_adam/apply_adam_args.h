/* Blob of the ApplyAdam kernel: elements as h.rows rows of one (row-norm driver tiling). */
#ifndef OPS_NN_APPLY_ADAM_ARGS_H
#define OPS_NN_APPLY_ADAM_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

typedef struct apply_adam_args {
    nr_rows h;
    nn_cbuf var_in, m_in, v_in, var_out, m_out, v_out, grad;
    nn_cbuf beta1_power, beta2_power, lr, beta1, beta2, eps;
    int32_t nesterov, reserved;
} apply_adam_args;

#endif
