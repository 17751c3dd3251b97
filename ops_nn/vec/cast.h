/* aclnnCast's conversion between every dtype it lists (FLOAT16, FLOAT,
 * DOUBLE, BF16, INT8, UINT8, INT16, UINT16, INT32, UINT32, INT64, UINT64,
 * BOOL, COMPLEX64, COMPLEX128), with PyTorch-on-x86 semantics:
 *   float -> int truncates toward zero; NaN / out of range give what the x86
 *     conversion gives (INT_MIN pattern of the 32- or 64-bit convert, then
 *     the low bits for narrower types);
 *   anything -> BOOL is (x != 0) (NaN -> true); BOOL -> number is 0 / 1;
 *   int -> narrower int wraps; double/int -> FP16/BF16 goes through FP32;
 *   complex -> real keeps the real part; real -> complex has imag 0. */
#ifndef ACLEMU_VEC_CAST_H
#define ACLEMU_VEC_CAST_H

#include <stdint.h>

#include "view.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 1 if vec_cast handles this dtype. */
int vec_cast_supported(int dtype);

/* n elements, strides in elements. Returns -1 for an unsupported dtype. */
int vec_cast_elems(const void *src, int sdt, int64_t sstride, void *dst, int ddt,
                   int64_t dstride, int64_t n);

/* dst[begin:end) = cast(src) over dst's elements; src broadcast to dst's
 * shape; arbitrary strides on both. */
int vec_cast(const vec_view *src, const vec_view *dst, int64_t begin, int64_t end);

#ifdef __cplusplus
}
#endif
#endif
