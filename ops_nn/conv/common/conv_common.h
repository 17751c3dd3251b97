/* Stage-1 pieces shared by the convolution planners: parameter checks of aclnnConvolution /
 * ConvolutionBackward (reference ops-nn.md §2.2: array lengths, ranges per chip, groups, output
 * shape inference) and contiguous operands for the engine's NC[D]HW passes. */
#ifndef ACLEMU_CONV_COMMON_H
#define ACLEMU_CONV_COMMON_H

#include "cube.h"

/* What the checks extract from the API's arrays. */
typedef struct conv_geom {
    gemm_conv_params cp;
    int64_t out_shape[5]; /* inferred output (forward result) shape */
    uint32_t rank;
} conv_geom;

/* Checks stride / padding / dilation / outputPadding / groups against input and weight and
 * fills g (cp shapes, strides, pads, inferred output shape). fwd_dir: 1 for the forward API,
 * 0 for backward (same rules). */
aclnnStatus conv_check_geom(const char *api, const aclTensor *input, const aclTensor *weight,
                            const aclIntArray *stride, const aclIntArray *padding, const aclIntArray *dilation,
                            bool transposed, const aclIntArray *outputPadding, int64_t groups, conv_geom *g);

/* Format of a CNN tensor: NCL / NCHW / NCDHW matching its rank (ND accepted as well). */
aclnnStatus conv_check_format(const char *api, const aclTensor *t, const char *name);

/* A tensor operand as the engine needs it (contiguous): the API tensor itself, or a workspace
 * copy (inputs: copied in before the compute; outputs: copied out after it). */
typedef struct conv_operand {
    const aclTensor *t;
    int64_t ws;       /* -1: the tensor is used in place */
    uint64_t synth;   /* synthetic pointer the plan is built with */
    int slot;
} conv_operand;

aclnnStatus conv_operand_in(aclOpExecutor *ex, conv_operand *o, const aclTensor *t, int slot);
void conv_operand_out(aclOpExecutor *ex, conv_operand *o, const aclTensor *t, int slot);
/* Copies an output operand that lives in the workspace back into its tensor. */
aclnnStatus conv_operand_finish(aclOpExecutor *ex, const conv_operand *o);
/* The same operand (tensor or its one workspace copy) seen from another launch slot: a tensor
 * feeding two passes is copied at most once. */
conv_operand conv_operand_reslot(const conv_operand *o, int slot);
/* Fills bind[o->slot] for o. */
void conv_operand_bind(cube_bind *bind, const conv_operand *o);

#endif
