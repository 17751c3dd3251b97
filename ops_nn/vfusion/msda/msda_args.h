/* Blob of the "MsdaForward" / "MsdaBackward" kernels (multi-scale deformable attention). All
 * float operands are contiguous FP32: value (B, K, NH, C), location (B, Q, NH, L, P, 2) with x
 * (along W) first, attnWeight (B, Q, NH, L, P), output / gradOutput (B, Q, NH * C); spatial
 * shapes (L, 2) = (H, W) and level starts (L) in INT32 / INT64. A sample at (x, y) reads
 * level l at pixel (x * W - 0.5, y * H - 0.5) bilinearly, neighbours outside the map count 0,
 * and a sample with y * H - 0.5 or x * W - 0.5 outside (-1, H) / (-1, W) contributes nothing.
 * Forward: blocks take (b, q) rows. Backward: blocks take (b, head) pairs, each owning that
 * slice of gradValue (deterministic, no atomics), and walk every query, level and point. */
#ifndef OPS_NN_VFUSION_MSDA_ARGS_H
#define OPS_NN_VFUSION_MSDA_ARGS_H

#include "nn_cbuf.h"

typedef struct msda_args {
    nn_cbuf value, loc, attn, shapes, starts;
    nn_cbuf out;                   /* forward: output; backward: gradOutput */
    nn_cbuf gvalue, gloc, gattn;   /* backward outputs */
    int64_t B, K, NH, C, Q, L, P, per_block;
} msda_args;

#endif
