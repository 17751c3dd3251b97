/* Softmax / LogSoftmax and their backward over one dim of a contiguous
 * tensor seen as (outer, len, inner): the reduction runs over `len`.
 * Work items are the outer*inner "lines"; a block handles lines
 * [begin, end) (use vec_block_range(outer*inner, ...)). FLOAT/FLOAT16/BF16,
 * computed in FP32, or DOUBLE (all operands DOUBLE, computed in double);
 * a line with a NaN gives NaN, +Inf entries give NaN like exp(Inf - Inf) in
 * PyTorch. */
#ifndef ACLEMU_VEC_SOFTMAX_H
#define ACLEMU_VEC_SOFTMAX_H

#include <stdint.h>

#include "view.h"

#ifdef __cplusplus
extern "C" {
#endif

/* y = softmax(x) (log_softmax when is_log). Returns 0, -1 on bad dtype,
 * -2 when out of memory. */
int vec_softmax(vec_buf x, vec_buf y, int64_t outer, int64_t len, int64_t inner, int is_log,
                int64_t begin, int64_t end);

/* dx from dy and the forward output y:
 *   softmax:      dx = y * (dy - sum(dy*y))
 *   log_softmax:  dx = dy - exp(y) * sum(dy) */
int vec_softmax_backward(vec_buf dy, vec_buf y, vec_buf dx, int64_t outer, int64_t len,
                         int64_t inner, int is_log, int64_t begin, int64_t end);

#ifdef __cplusplus
}
#endif
#endif
