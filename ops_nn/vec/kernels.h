/* Internal: the table of FP32 inner loops one ISA provides. The drivers
 * (eltwise.c, softmax.c, norm*.c, ...) pick a table with vec_kernels_get()
 * and handle strides, dtypes and block ranges around these loops. */
#ifndef ACLEMU_VEC_KERNELS_H
#define ACLEMU_VEC_KERNELS_H

#include <stdint.h>

#include "eltwise.h"
#include "isa.h"

typedef void (*vec_unary_fn)(const float *x, float *y, int64_t n, const vec_params *p);
typedef void (*vec_binary_fn)(const float *a, const float *b, float *y, int64_t n,
                              const vec_params *p);

typedef struct vec_kernels {
    vec_isa isa;
    vec_unary_fn unary[VEC_UNARY_COUNT];
    vec_binary_fn binary[VEC_BINARY_COUNT];
    /* row reductions and transforms (contiguous FP32) */
    float (*row_max)(const float *x, int64_t n);            /* NaN if any NaN */
    /* folds x into *amax = max |x|, *mx = max, *mn = min, NaN elements skipped (what a compare-and-
     * select loop gives); the running values come in through the pointers */
    void (*row_minmax)(const float *x, int64_t n, float *amax, float *mx, float *mn);
    float (*row_sum)(const float *x, int64_t n);
    float (*row_dot)(const float *a, const float *b, int64_t n);
    float (*row_sq_dev)(const float *x, int64_t n, float mean); /* sum (x-mean)^2 */
    float (*row_exp_sum)(const float *x, float *y, int64_t n, float shift); /* y=exp(x-shift) */
    void (*row_scale)(const float *x, float *y, int64_t n, float s);       /* y=x*s */
    void (*row_shift)(const float *x, float *y, int64_t n, float s);       /* y=x+s */
    void (*row_axpb)(const float *x, float *y, int64_t n, float a, float b); /* y=x*a+b */
    /* y = (x - shift) * mul * gamma + beta; gamma / beta may be NULL */
    void (*row_affine)(const float *x, float *y, int64_t n, float shift, float mul,
                       const float *gamma, const float *beta);
    /* dx = y*(dy - dot) (softmax backward) */
    void (*row_softmax_bwd)(const float *dy, const float *y, float *dx, int64_t n, float dot);
    /* dx = dy - exp(y)*sum (log-softmax backward) */
    void (*row_logsoftmax_bwd)(const float *dy, const float *y, float *dx, int64_t n, float sum);
    /* max-pool step along an output row: for o < n, v = src[o]; if v > best[o]
     * or v is NaN: best[o] = v, idx[o] = base + o*step. Works in whole
     * vectors: src, best and idx must be valid up to n rounded up to 16. */
    void (*pool_max_step)(const float *src, float *best, int32_t *idx, int64_t n, int32_t base,
                          int32_t step);
    /* even[i] = p[2i], odd[i] = p[2i+1] for i < m (stride-2 pooling layout) */
    void (*deinterleave2)(const float *p, float *even, float *odd, int64_t m);
} vec_kernels;

extern const vec_kernels vec_kernels_avx512;
extern const vec_kernels vec_kernels_avx2;
extern const vec_kernels vec_kernels_scalar;

const vec_kernels *vec_kernels_get(void);

#endif
