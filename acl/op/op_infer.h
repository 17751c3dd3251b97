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

#endif
