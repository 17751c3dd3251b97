/* Embedding (row gather) and its dense backward; AdamW step (ApplyAdamWV2).
 * Return 0, -1 bad dtype/arguments, -2 out of memory, -3 an index out of
 * range (its output row is zero-filled; the real kernel leaves it
 * undefined). */
#ifndef ACLEMU_VEC_EMBEDDING_H
#define ACLEMU_VEC_EMBEDDING_H

#include <stdint.h>

#include "view.h"

#ifdef __cplusplus
extern "C" {
#endif

/* out[i, :] = weight[indices[i], :] for i in [begin, end); weight (num, dim)
 * of any dtype (bytes are copied); indices INT64/INT32. */
int vec_embedding(vec_buf weight, int64_t num, int64_t dim, vec_buf indices, vec_buf out,
                  int64_t begin, int64_t end);

/* out (num_weights, dim) rows [begin, end) = sum of grad rows whose index
 * equals the row, padding_idx rows stay 0; with scale_by_freq each
 * contribution is divided by that index's count. FP32 accumulation. */
int vec_embedding_dense_backward(vec_buf grad, vec_buf indices, int64_t n_idx, int64_t dim,
                                 int64_t num_weights, int64_t padding_idx, int scale_by_freq,
                                 vec_buf out, int64_t begin, int64_t end);

/* AdamW, elements [begin, end), all in place (PyTorch AdamW):
 *   g = maximize ? -grad : grad;  var *= 1 - lr*weight_decay
 *   m = b1*m + (1-b1)*g;  v = b2*v + (1-b2)*g^2
 *   vmax = max(vmax, v) (amsgrad);  denom = sqrt(v or vmax)/sqrt(1-b2^step) + eps
 *   var -= lr/(1-b1^step) * m/denom */
typedef struct vec_adamw {
    float lr, beta1, beta2, weight_decay, eps;
    double step;
    int amsgrad, maximize;
} vec_adamw;

int vec_apply_adamw(vec_buf var, vec_buf m, vec_buf v, vec_buf vmax, vec_buf grad,
                    const vec_adamw *h, int64_t begin, int64_t end);

#ifdef __cplusplus
}
#endif
#endif
