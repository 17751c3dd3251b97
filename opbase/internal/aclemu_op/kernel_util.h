/* Device-side helpers for kernels: walking an elementwise iteration space in runs, and
 * converting runs of elements of any dtype to/from a compute type (float, double, int64).
 * Implemented in opbase/kernel/ and linked into aclemu_kernels_lib. */
#ifndef ACLEMU_OP_KERNEL_UTIL_H
#define ACLEMU_OP_KERNEL_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "aclemu/kernel.h"
#include "aclemu_op/kargs.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Elements a kernel converts per chunk (stack buffers of this many doubles are fine). */
#define ACLEMU_CHUNK 1024

/* The flat index range [start, end) of this block; empty when start >= end. */
static inline void aclemu_block_range(uint64_t numel, uint64_t per_block, const aclemu_block *blk,
                                      uint64_t *start, uint64_t *end)
{
    uint64_t s = (uint64_t)blk->block_idx * per_block;
    uint64_t e = s + per_block;
    *start = s < numel ? s : numel;
    *end = e < numel ? e : numel;
}

/* Iterates [start, end) of an aclemu_ew as runs along the innermost dimension. */
typedef struct aclemu_ew_iter {
    const aclemu_ew *ew;
    uint64_t pos, end;
    int64_t idx[ACLEMU_KMAX_RANK];
    int64_t esize[ACLEMU_EW_MAX_OPS];
    int64_t inner_stride[ACLEMU_EW_MAX_OPS]; /* bytes between consecutive run elements */
} aclemu_ew_iter;

void aclemu_ew_iter_init(aclemu_ew_iter *it, const aclemu_ew *ew, uint64_t start, uint64_t end);
/* Sets p[k] to the first element of the next run for each operand and returns the run length,
 * 0 at the end. Consecutive elements of operand k are it->inner_stride[k] bytes apart. */
int64_t aclemu_ew_iter_next(aclemu_ew_iter *it, char **p);

/* Compute domain of a dtype: 0 float (FLOAT/FLOAT16/BF16), 1 double, 2 int64 (ints, BOOL). */
enum { ACLEMU_DOM_F32 = 0, ACLEMU_DOM_F64 = 1, ACLEMU_DOM_I64 = 2 };
int aclemu_compute_domain(int32_t dtype);
size_t aclemu_kdtype_size(int32_t dtype);

/* Strided load/store of n elements with conversion (stride in bytes). Float -> integer stores
 * truncate toward zero and saturate, NaN -> 0; stores to BOOL write 0/1; FLOAT16/BF16 stores
 * round to nearest even. */
void aclemu_load_f32(float *dst, const char *src, int32_t dtype, int64_t stride, int64_t n);
void aclemu_store_f32(char *dst, int32_t dtype, int64_t stride, const float *src, int64_t n);
void aclemu_load_f64(double *dst, const char *src, int32_t dtype, int64_t stride, int64_t n);
void aclemu_store_f64(char *dst, int32_t dtype, int64_t stride, const double *src, int64_t n);
void aclemu_load_i64(int64_t *dst, const char *src, int32_t dtype, int64_t stride, int64_t n);
void aclemu_store_i64(char *dst, int32_t dtype, int64_t stride, const int64_t *src, int64_t n);

/* Copies n elements converting between any two dtypes (float sources through double, integer
 * and BOOL sources through int64); same dtype is a plain element copy. */
void aclemu_convert_run(char *dst, int32_t ddt, int64_t dstride, const char *src, int32_t sdt, int64_t sstride,
                        int64_t n);
/* Same-dtype copy of elements [start, end) of a two-operand aclemu_ew (op[0] = dst view, op[1] =
 * src view, broadcast strides allowed) as tight typed loops over rows. -1 (nothing done) unless
 * both dtypes match with a 1, 2, 4 or 8 byte element. */
int aclemu_copy_range(const aclemu_ew *ew, uint64_t start, uint64_t end);
/* The same copy for block blk of its launch: a copy that moves the input's stride-1 dim (a
 * transpose at any rank) goes in cache-blocked tiles shared out among the launch's blocks,
 * anything else over the block's flat range as aclemu_copy_range. Every block of a launch must
 * call it (the tiles do not follow the flat ranges); -1 as aclemu_copy_range. */
int aclemu_copy_block(const aclemu_ew *ew, const aclemu_block *blk);
/* copy_block's tiled transpose over part `part` of `nparts` (es: the element size); -1 (nothing
 * done) when the copy is no transpose the tiles take. */
int aclemu_copy_transpose(const aclemu_ew *ew, int64_t es, uint32_t part, uint32_t nparts);
/* Fills n elements with zero (all-zero bits for every supported dtype). */
void aclemu_zero_run(char *dst, int32_t dtype, int64_t stride, int64_t n);

/* Per-ISA clones of a hot kernel loop (the AVX2 body where the CPU has it). target_clones
 * dispatches through an ifunc resolver the dynamic loader runs before ThreadSanitizer's runtime
 * is up, and GCC instruments the resolver (its __tsan_func_entry crashed every TSan-built
 * process linking the kernels at load): a TSan build keeps the default body only. */
#if defined(__SANITIZE_THREAD__)
#define ACLEMU_ISA_CLONES
#else
#define ACLEMU_ISA_CLONES __attribute__((target_clones("avx2", "default")))
#endif

/* Kernel return code for an argument blob it cannot use (ACL_ERROR_RT_AICORE_EXCEPTION). */
#define ACLEMU_KERNEL_BAD_ARGS 507015

#ifdef __cplusplus
}
#endif
#endif
