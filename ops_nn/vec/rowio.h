/* Internal helpers of the row kernels: get a contiguous FP32 view of n
 * elements of a float-io buffer (the data itself when it is FP32, else a
 * converted copy in `tmp`), and write FP32 results back. */
#ifndef ACLEMU_VEC_ROWIO_H
#define ACLEMU_VEC_ROWIO_H

#include <stdint.h>
#include <stdlib.h>

#include "dtype.h"
#include "view.h"

static inline const float *rowio_in(vec_buf b, int64_t off, int64_t n, float *tmp)
{
    if (b.dtype == VEC_DT_FLOAT)
        return (const float *)b.data + off;
    vec_load_f32((const char *)b.data + off * 2, b.dtype, 1, tmp, n);
    return tmp;
}

/* Where to compute an output row: in place when FP32, else in tmp. */
static inline float *rowio_out(vec_buf b, int64_t off, float *tmp)
{
    return b.dtype == VEC_DT_FLOAT ? (float *)b.data + off : tmp;
}

static inline void rowio_store(vec_buf b, int64_t off, int64_t n, const float *src)
{
    if (b.dtype != VEC_DT_FLOAT)
        vec_store_f32(src, (char *)b.data + off * 2, b.dtype, 1, n);
}

static inline int rowio_ok(vec_buf b) { return b.data == NULL || vec_dtype_is_float_io(b.dtype); }

/* A whole small vector (gamma, beta, ...) as FP32; *owned set when
 * allocated. NULL for an absent buffer. */
static inline const float *rowio_vec(vec_buf b, int64_t n, float **owned)
{
    *owned = NULL;
    if (b.data == NULL)
        return NULL;
    if (b.dtype == VEC_DT_FLOAT)
        return (const float *)b.data;
    *owned = malloc((size_t)(n > 0 ? n : 1) * sizeof(float));
    if (*owned)
        vec_load_f32(b.data, b.dtype, 1, *owned, n);
    return *owned;
}

#endif
