/* Device side of the row-norm driver: rows converted to FP32 scratch, statistics accumulated in
 * FP32 (eight partial sums, as the vector unit's lanes do), results stored back in the operand's
 * dtype. */
#ifndef OPS_NN_NORM_ROWS_H
#define OPS_NN_NORM_ROWS_H

#include "nn_kernel.h"
#include "norm_rows_args.h"

/* k rows of n floats of per-worker scratch (NULL when out of memory). */
float *nr_scratch(int64_t k, int64_t n);
/* Elements [first, first + n) of a contiguous operand as FP32 / stored from FP32 (absent: no-op). */
void nr_load(const nn_cbuf *b, int64_t first, int64_t n, float *dst);
void nr_store(const nn_cbuf *b, int64_t first, int64_t n, const float *src);
/* Row r of x1 (+ x2) (+ bias) summed in FP32 into x (tmp: n floats of scratch); bias holds rows
 * (bias_rows) or one row already loaded into bias_buf. */
void nr_load_sum(const nn_cbuf *x1, const nn_cbuf *x2, const nn_cbuf *bias, int bias_rows, int64_t r, int64_t n,
                 float *x, float *tmp, float *bias_buf);
/* x[0..n) rounded through `dtype` in place (no-op for FLOAT); tmp: n floats of scratch. */
void nr_round(float *x, int64_t n, int32_t dtype, float *tmp);
/* FP32 sum of x[0..n) and of its squares around `centre`. */
float nr_sum(const float *x, int64_t n);
float nr_sq_sum(const float *x, int64_t n, float centre);
/* LayerNorm statistics: mean and 1 / sqrt(var + eps) (biased variance). */
void nr_layer_stats(const float *x, int64_t n, double eps, float *mean, float *rstd);
/* RmsNorm statistic: 1 / sqrt(mean(x^2) + eps). */
float nr_rms_rstd(const float *x, int64_t n, double eps);
/* Partial sum k of this block (n floats, zeroed here); NULL when the launch has no parts. */
float *nr_part(const nr_rows *h, const aclemu_block *blk, int64_t k);
/* This block's rows [*s, *e). */
void nr_block_rows(const nr_rows *h, const aclemu_block *blk, int64_t *s, int64_t *e);

#endif
