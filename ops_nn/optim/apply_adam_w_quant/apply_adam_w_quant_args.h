/* Blob of ApplyAdamWQuant: the row-norm driver's header with one row per 256-element quantisation
 * block (the last one may hold fewer, `numel` says where the data ends); the attributes as the
 * tiling holds them (FP32). *_in and *_out are the same buffer unless a view needed staging. */
#ifndef OPS_NN_APPLY_ADAM_W_QUANT_ARGS_H
#define OPS_NN_APPLY_ADAM_W_QUANT_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

typedef struct apply_adam_w_quant_args {
    nr_rows h;
    nn_cbuf var_in, grad, m_in, v_in, qmap_m, qmap_v, am_in, av_in, step;
    nn_cbuf var_out, m_out, v_out, am_out, av_out;
    int64_t numel;
    float lr, beta1, beta2, weight_decay, eps, gnorm_scale;
} apply_adam_w_quant_args;

#endif
