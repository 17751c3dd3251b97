/* Row normalisations over the trailing `n` elements of a contiguous tensor
 * seen as (rows, n): LayerNorm, RmsNorm, the residual-add fused forms, and
 * their backward. A block handles rows [begin, end) (vec_block_range(rows,
 * ...)). Inputs/outputs FLOAT/FLOAT16/BF16 (each its own dtype), computed in
 * FP32 with two-pass statistics. Optional operands: vec_buf with data NULL.
 * Statistics (mean, rstd) are one value per row, in their buffer's dtype.
 * Return 0, -1 bad dtype, -2 out of memory. */
#ifndef ACLEMU_VEC_NORM_H
#define ACLEMU_VEC_NORM_H

#include <stdint.h>

#include "view.h"

#ifdef __cplusplus
extern "C" {
#endif

/* mean = sum(x)/n, var = sum((x-mean)^2)/n, rstd = 1/sqrt(var+eps),
 * y = (x-mean)*rstd*gamma + beta. If x2 is given, x = x + x2 (+ bias, a
 * length-n vector) first and, if x_out is given, that sum is stored
 * (AddLayerNorm). */
int vec_layer_norm(vec_buf x, vec_buf x2, vec_buf bias, vec_buf gamma, vec_buf beta, double eps,
                   vec_buf y, vec_buf mean, vec_buf rstd, vec_buf x_out, int64_t rows, int64_t n,
                   int64_t begin, int64_t end);

/* dx = rstd*(g - mean(g) - xhat*mean(g*xhat)), g = dy*gamma,
 * xhat = (x-mean)*rstd. dgamma/dbeta partial sums over this block's rows are
 * written (not accumulated) to dgamma_part/dbeta_part (n floats each, may be
 * NULL); reduce the blocks' parts with vec_sum_parts(). dx may be absent. */
int vec_layer_norm_backward(vec_buf dy, vec_buf x, vec_buf mean, vec_buf rstd, vec_buf gamma,
                            vec_buf dx, float *dgamma_part, float *dbeta_part, int64_t rows,
                            int64_t n, int64_t begin, int64_t end);

/* rstd = 1/sqrt(mean(x^2)+eps), y = x*rstd*gamma (gamma optional). With x2:
 * x = x + x2 first, stored to x_out when given (AddRmsNorm). */
int vec_rms_norm(vec_buf x, vec_buf x2, vec_buf gamma, double eps, vec_buf y, vec_buf rstd,
                 vec_buf x_out, int64_t rows, int64_t n, int64_t begin, int64_t end);

/* dx = rstd*(dy*gamma) - x*rstd^3*mean(dy*gamma*x);
 * dgamma_part[i] = sum over this block's rows of dy*x*rstd. */
int vec_rms_norm_grad(vec_buf dy, vec_buf x, vec_buf rstd, vec_buf gamma, vec_buf dx,
                      float *dgamma_part, int64_t rows, int64_t n, int64_t begin, int64_t end);

/* out[i] = sum_p parts[p*n + i] for i in [begin, end), stored in out's
 * dtype. (Final step of the column reductions above.) */
int vec_sum_parts(const float *parts, int64_t nparts, int64_t n, vec_buf out, int64_t begin,
                  int64_t end);

#ifdef __cplusplus
}
#endif
#endif
