/* Stage-1 checks shared by the norm / pooling / loss ops, on top of opbase's check.h: the same
 * checks for optional tensors (NULL passes), and the shape relations these ops need. */
#ifndef OPS_NN_COMMON_NN_CHECK_H
#define OPS_NN_COMMON_NN_CHECK_H

#include "aclemu_op/op_api.h"

#define NN_FLOATS (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))

aclnnStatus nn_dtype_opt(const char *api, const aclTensor *t, const char *name, aclemu_dtype_set allowed);
aclnnStatus nn_format_opt(const char *api, const aclTensor *t, const char *name);
aclnnStatus nn_shape_opt(const char *api, const aclTensor *t, const char *name, uint32_t max_rank);
/* t (if given) must hold exactly n elements. */
aclnnStatus nn_numel_opt(const char *api, const aclTensor *t, const char *name, int64_t n);
/* Rank of t within [lo, hi]. */
aclnnStatus nn_rank_in(const char *api, const aclTensor *t, const char *name, uint32_t lo, uint32_t hi);
/* 1-D tensor of length n (when given). */
aclnnStatus nn_vec_of(const char *api, const aclTensor *t, const char *name, int64_t n);
/* 1 if t's view shape is exactly shape[0, nd). */
int nn_shape_eq(const aclTensor *t, const int64_t *shape, uint32_t nd);
/* AdaLayerNorm's x / scale / shift / weight / bias shape rules (AdaLayerNorm, V2, AdaLayerNormQuant
 * share them, ops-nn norm/ada_layer_norm*'s op_api): x rank 2..8 with positive sizes [B..., S, H],
 * scale and shift [B..., 1, H] or [B..., H], weight and bias [H]; *B / *S / *H out. */
aclnnStatus nn_ada_ln_shapes(const char *api, const aclTensor *x, const aclTensor *scale, const aclTensor *shift,
                             const aclTensor *w, const aclTensor *b, int64_t *B, int64_t *S, int64_t *H);

/* Chip families as a set (bit 1 << aclemu_family). */
#define NN_CHIP(f) (1u << (unsigned)(f))
#define NN_CHIPS_A2_A3_950 (NN_CHIP(ACLEMU_FAMILY_A2) | NN_CHIP(ACLEMU_FAMILY_A3) | NN_CHIP(ACLEMU_FAMILY_950))
/* 161002 "... is not supported on <soc>" unless the current chip's family is in `families`
 * (the chip column of the op's documentation). */
aclnnStatus nn_chip_gate(const char *api, unsigned families);

#endif
