/* Stage-1 pieces shared by the matmul-family planners (Matmul, Mm, BatchMatMul, Addmm, Baddbmm,
 * Addbmm, Gemm, Mv, Addmv, FusedMatmul, the WeightNz variants). */
#ifndef ACLEMU_MM_COMMON_H
#define ACLEMU_MM_COMMON_H

#include "cube.h"

/* The checks every matmul API starts with, in the real order: null pointers (tensors ts[0..n)
 * named names[], a NULL name marks an optional tensor), dtypes in the chip's float list, the
 * promotion of the two matrix operands ts[ia], ts[ib], the cubeMathType rules, then formats
 * (no private format except where nz_ok has bit i set). *math receives the resolved gemm_math. */
aclnnStatus mm_check_common(const char *api, const aclTensor *const *ts, const char *const *names, int n, int ia,
                            int ib, int8_t cmt, unsigned nz_ok, int32_t *math);

/* Rejects a tensor whose rank is not `rank`. */
aclnnStatus mm_check_rank(const char *api, const aclTensor *t, const char *name, uint32_t rank);
/* Rejects a rank outside [lo, hi]. */
aclnnStatus mm_check_rank_range(const char *api, const aclTensor *t, const char *name, uint32_t lo, uint32_t hi);

/* Broadcast of batch shapes a[0..na) and b[0..nb) (numpy rules) into out; -1 if incompatible. */
int mm_broadcast(const int64_t *a, int na, const int64_t *b, int nb, int64_t *out);

/* beta/alpha scalars: must be non-null (161001) and of a numeric dtype. */
aclnnStatus mm_scalar(const char *api, const aclScalar *s, const char *name, float *v);

/* `t` (an addend like Addmm's self) must broadcast to `shape` (ndim dims). */
aclnnStatus mm_check_broadcastable(const char *api, const aclTensor *t, const char *name, const int64_t *shape,
                                   uint32_t ndim);

/* Initialises a gemm_desc for M x N x K with the given math; alpha 1, beta 0. */
void mm_desc_init(gemm_desc *d, int64_t M, int64_t N, int64_t K, int32_t math);

/* Binds: tensors per slot (NULL = absent). */
void mm_bind(cube_bind b[CUBE_NOPS], const aclTensor *a, const aclTensor *bm, const aclTensor *c,
             const aclTensor *d, const aclTensor *bias);

#endif
