/* Stage-1 pieces shared by the convolution planners: parameter checks of aclnnConvolution /
 * ConvolutionBackward (reference ops-nn.md §2.2: array lengths, ranges per chip, groups, output
 * shape inference) and contiguous operands for the engine's NC[D]HW passes. */
#ifndef ACLEMU_CONV_COMMON_H
#define ACLEMU_CONV_COMMON_H

#include "conv_fz_args.h"
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

/* ---- FRACTAL_Z weights of the Ascend 310P (aclnnTransConvolutionWeight) ----------------------
 * The layout of an NCHW FLOAT16 weight with `groups` (conv_fz_args.h). GE's shape rule: the
 * groups are laid out only when groups > 1 and N >= groups; otherwise the weight is one group. */
typedef struct conv_fz_geom {
    int64_t n, c, h, w;
    int64_t groups, cin, cout, e, c1, g_dim, n1, cout_opt; /* groups: as laid out */
    int64_t shape[4]; /* storage shape [g_dim*c1*H*W, n1, 16, 16] */
    int64_t numel;
} conv_fz_geom;

/* Fills g for the NCHW dims `nchw` (all > 0) and `groups`; -1 when a count overflows int64. */
int conv_fz_geometry(conv_fz_geom *g, const int64_t *nchw, int64_t groups);

/* One ConvFz launch (conv_fz_args.h) between the tensor t and a contiguous workspace buffer at
 * ws_off: CONV_FZ_PACK reads t's NCHW view (FLOAT16 / FLOAT, any strides) into FZ at ws_off,
 * CONV_FZ_UNPACK reads t's FZ storage (from its view offset) into NCHW at ws_off. */
aclnnStatus conv_fz_launch(aclOpExecutor *ex, int mode, const aclTensor *t, int64_t ws_off, const conv_fz_geom *g);

/* aclnnConvolution's acceptance of a FRACTAL_Z weight (after the common checks, as the real
 * Conv2d PreProcess): Ascend 310P only, the dtype of the input, FLOAT16, a storage shape that is
 * the FZ shape of its NCHW view with `groups`, storage inside its device memory. Fills *g. */
aclnnStatus conv_check_fz_weight(const char *api, const aclTensor *input, const aclTensor *weight, int64_t groups,
                                 conv_fz_geom *g);
/* The weight operand of an FZ weight: unpacked into an NCHW FLOAT16 workspace buffer. */
aclnnStatus conv_operand_in_fz(aclOpExecutor *ex, conv_operand *o, const aclTensor *t, int slot,
                               const conv_fz_geom *g);

/* ---- model graph fusion (issue 11, atc's fused Conv kernels) ---------------------------------
 * The epilogue a fused Conv applies before its single rounding: y = act(conv + bias + residual). */
typedef struct conv_fuse {
    int32_t act;              /* gemm_act */
    float act_param[2];
    const aclTensor *residual; /* NULL, or y's shape: added in FP32 (a residual block's Add) */
} conv_fuse;

/* Puts `fuse` into a forward conv plan (re-planned: D changes the accumulator needs); *r is the
 * residual's operand (slot CUBE_OP_D) when there is one. */
aclnnStatus conv_fuse_epilogue(aclOpExecutor *ex, const char *api, const conv_fuse *fuse, gemm_plan *plan,
                               conv_operand *r, const aclTensor *output);
/* aclnnConvolution's checks and launch (2-D/3-D forward, not transposed) with the epilogue. */
aclnnStatus conv_forward_fused(aclOpExecutor *ex, const aclTensor *input, const aclTensor *weight,
                               const aclTensor *bias, const aclIntArray *stride, const aclIntArray *padding,
                               const aclIntArray *dilation, int64_t groups, const aclTensor *output,
                               int8_t cubeMathType, const conv_fuse *fuse);

#endif
