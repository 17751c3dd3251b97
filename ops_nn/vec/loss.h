/* Losses: MseLoss, NLLLoss, CrossEntropyLoss and their backward, with
 * PyTorch semantics. Reductions across blocks go through per-block partial
 * sums (double) that a final call combines, so blocks never share memory.
 * reduction: 0 none, 1 mean, 2 sum (the aclnn int64 values).
 * Return 0, -1 bad dtype/arguments, -2 out of memory, -3 a target outside
 * [0, C) that is not ignore_index (that sample's outputs are set to 0). */
#ifndef ACLEMU_VEC_LOSS_H
#define ACLEMU_VEC_LOSS_H

#include <stdint.h>

#include "view.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { VEC_REDUCTION_NONE = 0, VEC_REDUCTION_MEAN = 1, VEC_REDUCTION_SUM = 2 };

/* ---- MseLoss: a, b broadcast to `shape` (the loss shape for none) ---- */
/* reduction none: out[i] = (a-b)^2 over [begin, end) of out's elements. */
int vec_mse_loss_none(const vec_view *a, const vec_view *b, const vec_view *out, int64_t begin,
                      int64_t end);
/* partial sum of (a-b)^2 over elements [begin, end) of the broadcast shape
 * (given by `like`, a view whose shape is the broadcast shape) */
int vec_mse_loss_partial(const vec_view *a, const vec_view *b, const vec_view *like,
                         int64_t begin, int64_t end, double *part);
/* out (one element) = sum(parts) (/ numel for mean) */
int vec_mse_loss_finish(const double *parts, int64_t nparts, int reduction, int64_t numel,
                        vec_buf out);
/* dx = 2*(a-b)*g (/numel for mean); g = dy broadcast (one element for
 * mean/sum). Elements [begin, end) of dx. */
int vec_mse_loss_backward(const vec_view *dy, const vec_view *a, const vec_view *b,
                          const vec_view *dx, int reduction, int64_t numel, int64_t begin,
                          int64_t end);

/* ---- NLLLoss: x (N, C) log-probabilities (N = 1 for a 1-D input) ---- */
typedef struct vec_nll_part {
    double loss_sum;   /* sum of w[t]*(-x[n,t]) */
    double weight_sum; /* sum of w[t] over non-ignored samples */
} vec_nll_part;

/* Samples [begin, end). target INT64/INT32/UINT8; weight (C) optional.
 * none: out_none[n] = -w[t]*x[n,t] (0 when ignored); always fills *part. */
int vec_nll_loss(vec_buf x, vec_buf target, vec_buf weight, int64_t N, int64_t C,
                 int64_t ignore_index, vec_buf out_none, int64_t begin, int64_t end,
                 vec_nll_part *part);
/* out = sum (sum) or sum/weight_sum (mean; NaN when the weight sum is 0);
 * total_weight = weight_sum. Either may be absent. */
int vec_nll_loss_finish(const vec_nll_part *parts, int64_t nparts, int reduction, vec_buf out,
                        vec_buf total_weight);
/* dx (N, C) = 0 except dx[n,t] = -w[t]*g, g = dy[n] (none), dy (sum),
 * dy/total_weight (mean). Samples [begin, end). */
int vec_nll_loss_backward(vec_buf dy, vec_buf target, vec_buf weight, vec_buf total_weight,
                          int64_t N, int64_t C, int64_t ignore_index, int reduction, vec_buf dx,
                          int64_t begin, int64_t end);

/* ---- CrossEntropyLoss on logits x (N, C) ---- */
typedef struct vec_ce_part {
    double nll_sum;    /* sum of w[t]*(-logp[n,t]) */
    double smooth_sum; /* sum of -sum_c w[c]*logp[n,c] / C, non-ignored rows */
    double weight_sum; /* sum of w[t] (count of rows without weights) */
} vec_ce_part;

/* Rows [begin, end): log_prob = log_softmax(x) (stored when given),
 * lse (optional, FP32 (N)) = logsumexp(x), per-row loss for none:
 * (1-eps)*nll + eps*smooth, 0 for ignored rows. Fills *part. */
int vec_cross_entropy(vec_buf x, vec_buf target, vec_buf weight, int64_t N, int64_t C,
                      int64_t ignore_index, double label_smoothing, vec_buf log_prob,
                      vec_buf lse, vec_buf loss_none, int64_t begin, int64_t end,
                      vec_ce_part *part);
/* mean: ((1-eps)*nll_sum + eps*smooth_sum) / weight_sum; sum: the sum. */
int vec_cross_entropy_finish(const vec_ce_part *parts, int64_t nparts, int reduction,
                             double label_smoothing, vec_buf out);
/* dx = g * (p*((1-eps)*w[t] + eps*sum(w)/C) - (1-eps)*w[t]*onehot - eps*w/C),
 * p = exp(log_prob); g = dy[n] (none) or dy (sum) or dy/weight_sum (mean);
 * rows with target == ignore_index get 0. weight_sum is the forward's
 * denominator (mean only). Rows [begin, end). */
int vec_cross_entropy_backward(vec_buf dy, vec_buf log_prob, vec_buf target, vec_buf weight,
                               int64_t N, int64_t C, int64_t ignore_index,
                               double label_smoothing, int reduction, double weight_sum,
                               vec_buf dx, int64_t begin, int64_t end);

#ifdef __cplusplus
}
#endif
#endif
