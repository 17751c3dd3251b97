/* Inference functions of the built-in op types (see op_infer.c). */
#ifndef ACLEMU_ACLOP_OP_INFER_H
#define ACLEMU_ACLOP_OP_INFER_H

#include "op_spec.h"

int aclop_infer_unary_float(aclop_call *c);
int aclop_infer_unary_numeric(aclop_call *c);
int aclop_infer_broadcast(aclop_call *c);
int aclop_infer_cast(aclop_call *c);
int aclop_infer_softmax(aclop_call *c);
int aclop_infer_matmul(aclop_call *c);
int aclop_infer_batch_matmul(aclop_call *c);
int aclop_infer_bias_add(aclop_call *c);
int aclop_infer_conv2d(aclop_call *c);
int aclop_infer_depthwise_conv2d(aclop_call *c);
int aclop_infer_conv_backprop(aclop_call *c);
int aclop_infer_layer_norm(aclop_call *c);
int aclop_infer_batch_norm(aclop_call *c);
int aclop_infer_pool(aclop_call *c);
int aclop_infer_transpose(aclop_call *c);
int aclop_infer_transdata(aclop_call *c);

/* Positions of N, C, H, W of a 4-D data tensor (its format, else the data_format attribute). */
int aclop_layout_of(aclop_call *c, aclFormat f, int *pn, int *pc, int *ph, int *pw);
/* Positions of N (out channels), C (in channels), H, W of filter input k in its format. */
int aclop_filter_layout(aclop_call *c, int k, int pos[4]);

/* Adapters onto the aclnn kernels (op_run.c). */
int aclop_run_add(aclop_call *c);
int aclop_run_sub(aclop_call *c);
int aclop_run_mul(aclop_call *c);
int aclop_run_div(aclop_call *c);
int aclop_run_pow(aclop_call *c);
int aclop_run_relu(aclop_call *c);
int aclop_run_unary(aclop_call *c);
int aclop_run_leaky_relu(aclop_call *c);
int aclop_run_cast(aclop_call *c);
int aclop_run_softmax(aclop_call *c);
int aclop_run_matmul(aclop_call *c);
int aclop_run_batch_matmul(aclop_call *c);
int aclop_run_bias_add(aclop_call *c);
int aclop_run_transpose(aclop_call *c);
int aclop_run_transdata(aclop_call *c);
int aclop_run_conv2d(aclop_call *c);
int aclop_run_depthwise_conv2d(aclop_call *c);
int aclop_run_conv_backprop(aclop_call *c);
int aclop_run_layer_norm(aclop_call *c);
int aclop_run_bn_inference(aclop_call *c);
int aclop_run_batch_norm(aclop_call *c);
int aclop_run_max_pool(aclop_call *c);
int aclop_run_avg_pool(aclop_call *c);

/* C0 (and N0) block size of the private formats for a dtype. */
int64_t aclop_c0_of(aclDataType dt);

/* Values of an int32 / int64 input needed on the host (perm, input_size). */
int aclop_host_ints(aclop_call *c, int k, int64_t *out, size_t n);

#endif
