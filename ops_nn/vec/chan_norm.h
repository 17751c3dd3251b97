/* Normalisations with per-channel statistics: BatchNorm (training and
 * inference, backward), GroupNorm (+SiLU), InstanceNorm.
 * Layout: contiguous (N, C, S) (S = product of spatial dims; NCHW, NCL, ...)
 * or, with channel_last, (N, S, C) (NHWC). FLOAT/FLOAT16/BF16 (each buffer
 * its own dtype), FP32 compute, two-pass statistics.
 * Return 0, -1 bad dtype, -2 out of memory. */
#ifndef ACLEMU_VEC_CHAN_NORM_H
#define ACLEMU_VEC_CHAN_NORM_H

#include <stdint.h>

#include "view.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vec_nchw {
    int64_t N, C, S;
    int channel_last;
} vec_nchw;

/* Channels [begin, end). training: batch mean / biased var normalise;
 * running_mean/var (optional) <- (1-momentum)*running + momentum*batch
 * (unbiased var); save_mean = mean; save_invstd = 1/sqrt(var+eps), or the
 * biased variance itself when save_var (the 910/310P/A2/A3 behaviour).
 * Inference: normalise with running_mean / running_var. */
int vec_batch_norm(vec_buf x, vec_buf weight, vec_buf bias, vec_buf running_mean,
                   vec_buf running_var, int training, double momentum, double eps, vec_buf y,
                   vec_buf save_mean, vec_buf save_invstd, int save_var, const vec_nchw *L,
                   int64_t begin, int64_t end);

/* Channels [begin, end). training: mean/invstd from save_mean/save_invstd
 * (save_invstd holds the variance when save_var), dx = w*invstd*(dy -
 * mean(dy) - xhat*mean(dy*xhat)); inference: dx = dy*w*invstd(running).
 * dweight = sum(dy*xhat), dbias = sum(dy). Any output may be absent. */
int vec_batch_norm_backward(vec_buf dy, vec_buf x, vec_buf weight, vec_buf running_mean,
                            vec_buf running_var, vec_buf save_mean, vec_buf save_invstd,
                            int training, double eps, int save_var, vec_buf dx, vec_buf dweight,
                            vec_buf dbias, const vec_nchw *L, int64_t begin, int64_t end);

/* (n, g) pairs [begin, end) of N*G; x (N, C, S) channel-first; mean/rstd
 * (N, G); y = (x-mean)*rstd*gamma[c] + beta[c], then SiLU when silu. */
int vec_group_norm(vec_buf x, vec_buf gamma, vec_buf beta, int64_t group, double eps, int silu,
                   vec_buf y, vec_buf mean, vec_buf rstd, const vec_nchw *L, int64_t begin,
                   int64_t end);

/* (n, c) pairs [begin, end) of N*C; mean and variance (biased) (N, C). */
int vec_instance_norm(vec_buf x, vec_buf gamma, vec_buf beta, double eps, vec_buf y,
                      vec_buf mean, vec_buf variance, const vec_nchw *L, int64_t begin,
                      int64_t end);

#ifdef __cplusplus
}
#endif
#endif
