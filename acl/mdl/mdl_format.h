/* The graph model file (".om" as atc names it; aclemu's own format, documented in
 * tools/atc/README.md): what atc writes and aclmdlLoad* reads. One source, compiled into both
 * atc and libascendcl, so writer and reader cannot drift apart.
 *
 * A model is a list of steps (one aclnn call each) over a table of tensors. A tensor lives either
 * in the weight blob (uploaded to device memory once at load) or in the activation workspace at
 * an offset the memory planner gave it (views such as Reshape share their source's offset). */
#ifndef ACLEMU_MDL_FORMAT_H
#define ACLEMU_MDL_FORMAT_H

#include <stddef.h>
#include <stdint.h>

#include "mdl_aipp.h"

#define MDL_MAGIC "AEOMMDL"      /* 8 bytes with the NUL */
#define MDL_VERSION 2u        /* 2: dynamic gears (one compiled graph per gear) */
#define MDL_MAX_GEARS 100     /* atc accepts 2..100 profiles */
#define MDL_MAX_GEAR_VALS 64  /* values one gear sets (batch 1, image size 2, dims: every -1) */
#define MDL_HEADER_LEN 32u
#define MDL_MAX_DIMS 8
#define MDL_MAX_STEP_IN 16       /* Concat inputs */
#define MDL_MAX_STEP_OUT 4      /* AddLayerNorm: y, mean, rstd, x */
#define MDL_MAX_STEP_INTS 24
#define MDL_MAX_STEP_FLTS 4
#define MDL_MAX_NAME 1024
#define MDL_ALIGN 512u           /* every workspace / weight offset (device alignment) */

enum { MDL_T_ACT = 0, MDL_T_WEIGHT = 1 };

/* What varies between the gears of a model (atc --dynamic_batch_size / _image_size / _dims). */
enum { MDL_DYN_NONE = 0, MDL_DYN_BATCH = 1, MDL_DYN_HW = 2, MDL_DYN_DIMS = 3 };

/* Step kinds: one aclnn API each. The list is append-only (the numbers are in files).
 * X(name, number, aclnn API, parameters) */
#define MDL_STEP_KINDS(X)                                                                     \
    X(COPY, 1, "aclrtMemcpyAsync", "in0 -> out0, same bytes")                                \
    X(CONV2D, 2, "aclnnConvolution", "in x,w[,b]; ints stride2 pad2 dil2 groups")            \
    X(RELU, 3, "aclnnRelu", "")                                                              \
    X(SIGMOID, 4, "aclnnSigmoid", "")                                                        \
    X(TANH, 5, "aclnnTanh", "")                                                              \
    X(HARDSWISH, 6, "aclnnHardswish", "")                                                    \
    X(ERF, 7, "aclnnErf", "")                                                                \
    X(SQRT, 8, "aclnnSqrt", "")                                                              \
    X(EXP, 9, "aclnnExp", "")                                                                \
    X(LOG, 10, "aclnnLog", "")                                                               \
    X(NEG, 11, "aclnnNeg", "")                                                               \
    X(ABS, 12, "aclnnAbs", "")                                                               \
    X(CLAMP, 13, "aclnnClamp", "flts min max")                                               \
    X(LEAKY_RELU, 14, "aclnnLeakyRelu", "flts slope")                                        \
    X(MULS, 15, "aclnnMuls", "flts factor")                                                  \
    X(ADDS, 16, "aclnnAdds", "flts addend")                                                  \
    X(ADD, 17, "aclnnAdd", "in a,b (broadcast)")                                             \
    X(SUB, 18, "aclnnSub", "in a,b")                                                         \
    X(MUL, 19, "aclnnMul", "in a,b")                                                         \
    X(DIV, 20, "aclnnDiv", "in a,b")                                                         \
    X(POW_SCALAR, 21, "aclnnPowTensorScalar", "flts exponent")                               \
    X(POW, 22, "aclnnPowTensorTensor", "in a,b")                                             \
    X(MATMUL, 23, "aclnnMatmul", "in a,b")                                                   \
    X(GEMM, 24, "aclnnGemm", "in a,b[,c]; ints transA transB; flts alpha beta")              \
    X(MAXPOOL2D, 25, "aclnnMaxPool", "ints k2 s2 pads4 dil2 ceil")                           \
    X(AVGPOOL2D, 26, "aclnnAvgPool2d", "ints k2 s2 pad2 ceil count_include_pad")             \
    X(MEAN, 27, "aclnnMean", "ints keepdim, axes...")                                        \
    X(PERMUTE, 28, "aclnnPermute", "ints perm...")                                           \
    X(CONCAT, 29, "aclnnCat", "in tensors...; ints axis")                                    \
    X(SOFTMAX, 30, "aclnnSoftmax", "ints axis")                                              \
    X(LOG_SOFTMAX, 31, "aclnnLogSoftmax", "ints axis")                                       \
    X(GATHER, 32, "aclnnGatherV2", "in x,idx; ints axis")                                    \
    X(CAST, 33, "aclnnCast", "ints dtype")                                                   \
    X(MAXIMUM, 34, "aclnnMaximum", "in a,b")                                                 \
    X(MINIMUM, 35, "aclnnMinimum", "in a,b")                                                 \
    X(REDUCE_SUM, 36, "aclnnReduceSum", "ints keepdim, axes...")                            \
    X(GELU, 37, "aclnnGelu", "")                                                             \
    X(PRELU, 38, "aclnnPrelu", "in x, slope (1-D)")                                          \
    X(LAYER_NORM, 39, "aclnnLayerNorm", "in x, scale[, bias]; ints normalized dims; flts eps") \
    X(SLICE, 40, "aclnnSlice", "ints dim start end step")                                    \
    X(EXPAND, 41, "aclnnExpand", "ints size...")                                             \
    X(WHERE, 42, "aclnnSWhere", "in cond, a, b")                                             \
    X(EQUAL, 43, "aclnnEqTensor", "in a,b")                                                  \
    X(PAD, 44, "aclnnConstantPadNd", "ints (begin, end) pairs from the last dim; flts value") \
    X(AMAX, 45, "aclnnAmax", "ints keepdim, axes...")                                        \
    X(TOPK, 46, "aclnnTopk", "ints k dim largest sorted; out values, indices")               \
    X(CONV_TRANSPOSE2D, 47, "aclnnConvolution", "in x,w[,b]; ints stride2 pad2 dil2 groups outpad2") \
    MDL_STEP_KINDS_FUSED(X)

/* issue 11 model fusion (mfuse): the fused kernels of atc's graph compiler (tools/atc/model/
 * pass_fuse.c; ops_nn/graph_fused/graph_fused.h). act = gemm_act (0 none, 1 relu, 2 gelu tanh,
 * 3 gelu erf, 4 clip(p0, p1), 5 leaky relu(p0), 6 hardswish). */
#define MDL_STEP_KINDS_FUSED(X)                                                                              \
    X(FUSED_CONV2D, 64, "aclemuGraphFusedConv2d",                                                           \
      "in x,w[,b][,residual]; ints stride2 pad2 dil2 groups act; flts act params p0 p1")                    \
    X(FUSED_MATMUL, 65, "aclemuGraphFusedMatmul",                                                           \
      "in a,b[,bias][,residual]; ints transB act; flts alpha p0 p1")                                        \
    X(ADD_LAYER_NORM, 66, "aclnnAddLayerNorm",                                                              \
      "in x1,x2,gamma,beta; ints additional_output; flts eps; out y, mean, rstd, x")                         \
    X(UPSAMPLE_NEAREST2D, 67, "aclnnUpsampleNearest2d", "ints out_h out_w")

typedef enum {
#define MDL_ENUM_(n, v, api, doc) MDL_K_##n = v,
    MDL_STEP_KINDS(MDL_ENUM_)
#undef MDL_ENUM_
} mdl_step_kind;

/* API name of a step kind, NULL if unknown. */
const char *mdl_step_api(uint32_t kind);

typedef struct mdl_tensor {
    char *name;
    int32_t dtype;   /* aclDataType */
    int32_t format;  /* aclFormat of the model I/O (ND or NCHW) */
    uint32_t ndims;
    int64_t dims[MDL_MAX_DIMS];
    uint32_t kind;   /* MDL_T_* */
    uint64_t offset; /* in the workspace (ACT) or the weight blob (WEIGHT) */
    uint64_t bytes;
} mdl_tensor;

typedef struct mdl_step {
    uint32_t kind;
    char *node;      /* ONNX node name, for messages */
    char *op_type;   /* ONNX op type */
    uint32_t nin, nout, nints, nflts;
    int32_t in[MDL_MAX_STEP_IN]; /* tensor index, -1 = absent optional input */
    int32_t out[MDL_MAX_STEP_OUT];
    int64_t ints[MDL_MAX_STEP_INTS];
    double flts[MDL_MAX_STEP_FLTS];
} mdl_step;

/* An input as the model declares it: -1 for the dims the gears set. */
typedef struct mdl_io_decl {
    uint32_t ndims;
    int64_t dims[MDL_MAX_DIMS];
} mdl_io_decl;

typedef struct mdl_model {
    char *soc_version;
    char *graph_name;
    char *precision_mode;
    uint32_t ntensors, ninputs, noutputs, nsteps;
    mdl_tensor *tensors;
    uint32_t *inputs;  /* tensor indices */
    uint32_t *outputs;
    mdl_step *steps;
    uint64_t workspace_bytes; /* planned peak of the activation workspace */
    uint64_t weight_bytes;
    unsigned char *weights;
    /* Dynamic gears: the fields above are gear 0's graph; gear[k] (k = 1 .. ngears-1) are the
     * other gears' graphs (own tensors, I/O lists, steps and workspace; their weight offsets
     * point into this model's weight section). Static models: dyn_kind NONE, ngears 1. */
    uint32_t dyn_kind, ngears, gear_nvals;
    int64_t *gear_vals;      /* ngears x gear_nvals: the batch, (h, w) or dims of each gear */
    mdl_io_decl *in_decl;    /* ninputs entries */
    struct mdl_model **gear; /* ngears entries, gear[0] = the model itself; NULL when static */
    /* AIPP in front of model inputs (atc --insert_op_conf): naipp entries, aipp_input[i] is the
     * input index of aipp[i]; dynamic ones each add an ACL_DYNAMIC_AIPP_NAME input (in order) */
    uint32_t naipp;
    uint32_t *aipp_input;
    mdl_aipp *aipp;
} mdl_model;

/* The AIPP of input i, NULL if none. */
static inline const mdl_aipp *mdl_input_aipp(const mdl_model *m, uint32_t i)
{
    for (uint32_t k = 0; k < m->naipp; k++)
        if (m->aipp_input[k] == i)
            return &m->aipp[k];
    return NULL;
}

/* Model inputs as the desc lists them: the graph inputs, one ACL_DYNAMIC_AIPP_NAME input per
 * dynamic AIPP (in aipp order), then ACL_DYNAMIC_TENSOR_NAME for a dynamic-gear model. */
static inline uint32_t mdl_num_dyn_aipp(const mdl_model *m)
{
    uint32_t n = 0;
    for (uint32_t k = 0; k < m->naipp; k++)
        n += m->aipp[k].mode == MDL_AIPP_DYNAMIC;
    return n;
}
static inline uint32_t mdl_shape_input_index(const mdl_model *m) { return m->ninputs + mdl_num_dyn_aipp(m); }

/* The graph of gear k (0 = the model itself). */
static inline const mdl_model *mdl_gear(const mdl_model *m, uint32_t k)
{
    return k == 0 || m->gear == NULL ? m : m->gear[k];
}

/* Bytes of one element of an aclDataType, 0 for types a model cannot hold. */
size_t mdl_dtype_size(int32_t dtype);

/* Serialises m (header + payload). Returns 0, or -1 when out of memory. */
int mdl_serialize(const mdl_model *m, void **blob, size_t *len);
/* 1 if blob starts with the graph-model magic. */
int mdl_is_graph_model(const void *blob, size_t len);
/* Parses and checks a file image: magic, version, length, checksum, and every index, size and
 * offset against the tables (a file that passes never makes the runtime read out of bounds).
 * Returns 0, or -1 with the reason in why. */
int mdl_parse(const void *blob, size_t len, mdl_model **out, char *why, size_t cap);
void mdl_free(mdl_model *m);

#endif
