/* The built-in op types of the aclop path, one entry each: input names ('?' = optional),
 * output names and attributes (name, type, required, default) as the real operator prototypes
 * declare them, the inference function and the aclnn adapter (NULL while no kernel exists). */
#include <string.h>

#include "op_infer.h"

#define B ACLOP_ATTR_BOOL
#define I ACLOP_ATTR_INT
#define F ACLOP_ATTR_FLOAT
#define S ACLOP_ATTR_STRING
#define LI ACLOP_ATTR_LIST_INT
#define REQ true
#define OPT false

#define UNARY(name, infer, run) \
    {name, {"x"}, {"y"}, {{0}}, infer, run}
#define BINARY(name, run) \
    {name, {"x1", "x2"}, {"y"}, {{0}}, aclop_infer_broadcast, run}

static const aclop_spec specs[] = {
    BINARY("Add", aclop_run_add),
    BINARY("Sub", aclop_run_sub),
    BINARY("Mul", aclop_run_mul),
    BINARY("RealDiv", aclop_run_div),
    BINARY("Pow", aclop_run_pow),
    UNARY("Relu", aclop_infer_unary_numeric, aclop_run_relu),
    UNARY("Gelu", aclop_infer_unary_float, aclop_run_unary),
    UNARY("Sigmoid", aclop_infer_unary_float, aclop_run_unary),
    UNARY("Tanh", aclop_infer_unary_float, aclop_run_unary),
    UNARY("Square", aclop_infer_unary_numeric, aclop_run_unary),
    UNARY("Sqrt", aclop_infer_unary_float, aclop_run_unary),
    {"Exp", {"x"}, {"y"},
     {{"base", F, OPT, "-1.0"}, {"scale", F, OPT, "1.0"}, {"shift", F, OPT, "0.0"}},
     aclop_infer_unary_float, aclop_run_unary},
    {"LeakyRelu", {"x"}, {"y"}, {{"negative_slope", F, OPT, "0.0"}}, aclop_infer_unary_float,
     aclop_run_leaky_relu},
    {"Cast", {"x"}, {"y"}, {{"dst_type", I, REQ, NULL}, {"truncate", B, OPT, "false"}}, aclop_infer_cast,
     aclop_run_cast},
    {"Softmax", {"x"}, {"y"}, {{"axes", LI, OPT, "[-1]"}}, aclop_infer_softmax, aclop_run_softmax},
    {"SoftmaxV2", {"x"}, {"y"}, {{"axes", LI, OPT, "[-1]"}, {"half_to_float", B, OPT, "false"}},
     aclop_infer_softmax, aclop_run_softmax},
    {"LogSoftmaxV2", {"logits"}, {"logsoftmax"}, {{"axes", LI, OPT, "[-1]"}}, aclop_infer_softmax,
     aclop_run_softmax},
    {"MatMul", {"x1", "x2", "?bias"}, {"y"},
     {{"transpose_x1", B, OPT, "false"}, {"transpose_x2", B, OPT, "false"}}, aclop_infer_matmul,
     aclop_run_matmul},
    {"MatMulV2", {"x1", "x2", "?bias", "?offset_w"}, {"y"},
     {{"transpose_x1", B, OPT, "false"}, {"transpose_x2", B, OPT, "false"}, {"offset_x", I, OPT, "0"}},
     aclop_infer_matmul, aclop_run_matmul},
    {"BatchMatMul", {"x1", "x2", "?bias"}, {"y"},
     {{"adj_x1", B, OPT, "false"}, {"adj_x2", B, OPT, "false"}}, aclop_infer_batch_matmul,
     aclop_run_batch_matmul},
    {"BatchMatMulV2", {"x1", "x2", "?bias", "?offset_w"}, {"y"},
     {{"adj_x1", B, OPT, "false"}, {"adj_x2", B, OPT, "false"}, {"offset_x", I, OPT, "0"}},
     aclop_infer_batch_matmul, aclop_run_batch_matmul},
    {"BiasAdd", {"x", "bias"}, {"y"}, {{"data_format", S, OPT, "NHWC"}}, aclop_infer_bias_add, aclop_run_bias_add},
    {"Conv2D", {"x", "filter", "?bias", "?offset_w"}, {"y"},
     {{"strides", LI, REQ, NULL},
      {"pads", LI, REQ, NULL},
      {"dilations", LI, OPT, "[1,1,1,1]"},
      {"groups", I, OPT, "1"},
      {"data_format", S, OPT, "NHWC"},
      {"offset_x", I, OPT, "0"}},
     aclop_infer_conv2d, aclop_run_conv2d},
    {"DepthwiseConv2D", {"x", "filter", "?bias", "?offset_w"}, {"y"},
     {{"strides", LI, REQ, NULL},
      {"dilations", LI, OPT, "[1,1,1,1]"},
      {"pads", LI, REQ, NULL},
      {"data_format", S, OPT, "NHWC"},
      {"offset_x", I, OPT, "0"}},
     aclop_infer_depthwise_conv2d, aclop_run_depthwise_conv2d},
    {"Conv2DBackpropInput", {"input_size", "filter", "out_backprop"}, {"y"},
     {{"strides", LI, REQ, NULL},
      {"pads", LI, REQ, NULL},
      {"dilations", LI, OPT, "[1,1,1,1]"},
      {"groups", I, OPT, "1"},
      {"data_format", S, OPT, "NHWC"}},
     aclop_infer_conv_backprop, aclop_run_conv_backprop},
    {"Conv2DTranspose", {"input_size", "x", "filter", "?bias", "?offset_w"}, {"y"},
     {{"strides", LI, REQ, NULL},
      {"pads", LI, REQ, NULL},
      {"dilations", LI, OPT, "[1,1,1,1]"},
      {"groups", I, OPT, "1"},
      {"data_format", S, OPT, "NHWC"},
      {"output_padding", LI, OPT, "[0,0,0,0]"},
      {"offset_x", I, OPT, "0"}},
     aclop_infer_conv_backprop, aclop_run_conv_backprop},
    {"LayerNorm", {"x", "gamma", "beta"}, {"y", "mean", "variance"},
     {{"begin_norm_axis", I, OPT, "0"}, {"begin_params_axis", I, OPT, "0"}, {"epsilon", F, OPT, "1e-7"}},
     aclop_infer_layer_norm, aclop_run_layer_norm},
    {"BNInference", {"x", "mean", "variance", "?momentum", "?scale", "?offset"}, {"y"},
     {{"epsilon", F, OPT, "1e-5"}, {"use_global_stats", B, OPT, "true"}, {"mode", I, OPT, "1"}},
     aclop_infer_batch_norm, aclop_run_bn_inference},
    {"BatchNorm", {"x", "scale", "offset", "?mean", "?variance"},
     {"y", "batch_mean", "batch_variance", "reserve_space_1", "reserve_space_2"},
     {{"epsilon", F, OPT, "0.0001"}, {"data_format", S, OPT, "NHWC"}, {"is_training", B, OPT, "true"}},
     aclop_infer_batch_norm, aclop_run_batch_norm},
    {"MaxPool", {"x"}, {"y"},
     {{"ksize", LI, REQ, NULL}, {"strides", LI, REQ, NULL}, {"padding", S, REQ, NULL},
      {"data_format", S, OPT, "NHWC"}},
     aclop_infer_pool, aclop_run_max_pool},
    {"MaxPoolV3", {"x"}, {"y"},
     {{"ksize", LI, REQ, NULL}, {"strides", LI, REQ, NULL}, {"padding_mode", S, OPT, "CALCULATED"},
      {"pads", LI, OPT, "[0,0,0,0]"}, {"data_format", S, OPT, "NCHW"}, {"global_pooling", B, OPT, "false"},
      {"ceil_mode", B, OPT, "false"}},
     aclop_infer_pool, aclop_run_max_pool},
    {"AvgPool", {"x"}, {"y"},
     {{"ksize", LI, REQ, NULL}, {"strides", LI, REQ, NULL}, {"padding", S, REQ, NULL},
      {"data_format", S, OPT, "NHWC"}},
     aclop_infer_pool, aclop_run_avg_pool},
    {"AvgPoolV2", {"x"}, {"y"},
     {{"ksize", LI, REQ, NULL}, {"strides", LI, REQ, NULL}, {"padding_mode", S, OPT, "CALCULATED"},
      {"pads", LI, OPT, "[0,0,0,0]"}, {"data_format", S, OPT, "NCHW"}, {"global_pooling", B, OPT, "false"},
      {"ceil_mode", B, OPT, "false"}, {"exclusive", B, OPT, "true"}},
     aclop_infer_pool, aclop_run_avg_pool},
    {"TransData", {"src"}, {"dst"},
     {{"src_format", S, REQ, NULL}, {"dst_format", S, REQ, NULL}, {"groups", I, OPT, "1"}},
     aclop_infer_transdata, aclop_run_transdata},
    {"Transpose", {"x", "perm"}, {"y"}, {{0}}, aclop_infer_transpose, aclop_run_transpose},
};

#define NSPECS (sizeof(specs) / sizeof(specs[0]))

const aclop_spec *aclop_spec_find(const char *type)
{
    if (type == NULL)
        return NULL;
    for (size_t k = 0; k < NSPECS; k++)
        if (strcmp(specs[k].type, type) == 0)
            return &specs[k];
    return NULL;
}

const aclop_spec *const *aclop_spec_all(void)
{
    static const aclop_spec *all[NSPECS + 1];
    if (all[0] == NULL)
        for (size_t k = 0; k < NSPECS; k++)
            all[k] = &specs[k];
    return all;
}
