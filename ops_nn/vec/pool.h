/* 2-D pooling on contiguous (planes, H, W) tensors (planes = N*C of NCHW,
 * or C of CHW). A block handles planes [begin, end). FLOAT/FLOAT16/BF16,
 * compared/summed in FP32. Semantics are PyTorch's:
 *   out size = floor_or_ceil((H + 2p - d(k-1) - 1)/s) + 1, and with ceil_mode
 *   a last window starting inside the right padding is dropped;
 *   max pool pads with -Inf, propagates NaN, indices are h*W + w in the plane
 *   (first maximum wins);
 *   avg pool divides by divisor_override if non-zero, else by the window size
 *   clipped to the padded input (count_include_pad) or to the input. */
#ifndef ACLEMU_VEC_POOL_H
#define ACLEMU_VEC_POOL_H

#include <stdint.h>

#include "view.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct vec_pool2d {
    int64_t H, W, OH, OW;
    int64_t kh, kw, sh, sw, ph, pw, dh, dw;
    int ceil_mode;
    int count_include_pad;   /* avg */
    int64_t divisor_override; /* avg, 0 = off */
} vec_pool2d;

/* Output extent for one dim; -1 when the parameters give no output. */
int64_t vec_pool_out_size(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d, int ceil_mode);

/* indices: INT32 or INT64 buffer (data NULL = not wanted). */
int vec_max_pool2d(vec_buf x, vec_buf y, vec_buf indices, const vec_pool2d *p, int64_t begin,
                   int64_t end);
/* dx = 0, then dx[idx] += dy for every output (planes [begin, end)). */
int vec_max_pool2d_backward(vec_buf dy, vec_buf indices, vec_buf dx, const vec_pool2d *p,
                            int64_t begin, int64_t end);
int vec_avg_pool2d(vec_buf x, vec_buf y, const vec_pool2d *p, int64_t begin, int64_t end);
int vec_avg_pool2d_backward(vec_buf dy, vec_buf dx, const vec_pool2d *p, int64_t begin,
                            int64_t end);

/* Adaptive pools: window i spans [floor(i*H/OH), ceil((i+1)*H/OH)).
 * Only H, W, OH, OW of p are read. */
int vec_adaptive_avg_pool2d(vec_buf x, vec_buf y, const vec_pool2d *p, int64_t begin,
                            int64_t end);
int vec_adaptive_avg_pool2d_backward(vec_buf dy, vec_buf dx, const vec_pool2d *p, int64_t begin,
                                     int64_t end);
int vec_adaptive_max_pool2d(vec_buf x, vec_buf y, vec_buf indices, const vec_pool2d *p,
                            int64_t begin, int64_t end);

#ifdef __cplusplus
}
#endif
#endif
