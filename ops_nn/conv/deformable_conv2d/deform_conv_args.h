/* Blob of the DeformIm2col kernel (aclnnDeformableConv2d): the bilinear samples of x at the
 * offset positions, times the mask, as the GEMM's column matrix col[n][(c, ki, kj)][(oh, ow)]
 * (FP32, workspace) and, when asked, as deformOut[n, c, oh*kH + ki, ow*kW + kj] in its dtype.
 * offset channels: [0, G*K) x shifts, [G*K, 2*G*K) y shifts, [2*G*K, 3*G*K) masks (G deformable
 * groups, K = kH*kW kernel points, index g*K + ki*kW + kj). Blocks take ranges of (n, c, oh). */
#ifndef OPS_NN_DEFORM_CONV_ARGS_H
#define OPS_NN_DEFORM_CONV_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct deform_conv_args {
    aclemu_tdesc x, offset, deform_out; /* deform_out.addr == 0: not written */
    uint64_t col;                       /* workspace base of the column matrix */
    int64_t n, c, h, w, oh, ow, kh, kw;
    int64_t stride_h, stride_w, pad_top, pad_left, dil_h, dil_w;
    int64_t dgroups;
    int32_t col_round; /* 0, or the dtype every sample is rounded to (950: deformOut in x's dtype) */
    int32_t reserved;
    uint64_t per_block; /* (n, c, oh) rows per block */
} deform_conv_args;

/* Blob of DeformOffsetsGrad (aclnnDeformableConv2dBackward): from dcol (FP32 [n][(c, t)][p], the
 * gradient of the samples) and the forward's x and offset, the FP32 gradients gx (N, C, H, W)
 * and goff (N, 3 * G * K, OH, OW) in the workspace: each sample's mask-scaled gradient goes to its
 * four bilinear neighbours, to its two shifts (the bilinear form's slopes) and to its mask (the
 * sample before the mask). Blocks take (n, deformable group) pairs: every write of a block lands
 * in its own channels, so the sums run in a fixed order (deterministic). */
typedef struct deform_grad_args {
    aclemu_tdesc x, offset;
    uint64_t dcol, gx, goff; /* workspace bases */
    int64_t n, c, h, w, oh, ow, kh, kw;
    int64_t stride_h, stride_w, pad_top, pad_left, dil_h, dil_w;
    int64_t dgroups;
    uint64_t per_block; /* (n, g) pairs per block */
} deform_grad_args;

#endif
