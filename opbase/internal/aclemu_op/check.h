/* Parameter checks of stage 1, each returning the real status with an EZ1001 message naming
 * the API, the parameter and what was expected. Call them in the real order: null pointers,
 * then dtypes, then formats, then shapes. */
#ifndef ACLEMU_OP_CHECK_H
#define ACLEMU_OP_CHECK_H

#include "aclemu/profile.h"
#include "aclemu_op/dtype.h"
#include "aclemu_op/objects.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exported from libnnopbase for the op libraries (the project builds with hidden visibility). */
#pragma GCC visibility push(default)

/* The chip profile of the current device (never NULL). */
const aclemu_chip_profile *aclemu_op_profile(void);

/* ---- per-chip rules (reference ops-nn.md §2.0, §3.1, §4.3) --------------------------------
 * Op docs list dtypes as the union over chips; these are the rules shared by every op, applied
 * by every dtype check below:
 *  - BFLOAT16 only on A2 / A3 / 950 (the real code gates it on SocVersion ASCEND910B..910E);
 *  - HIFLOAT8 and the FLOAT8 variants (E5M2, E4M3FN, E8M0) only on 950.
 * Op-specific chip lists (a doc's "chips" column) go through aclemu_check_chip. */
#define ACLEMU_DT_FP8                                                                             \
    (ACLEMU_DT(ACL_HIFLOAT8) | ACLEMU_DT(ACL_FLOAT8_E5M2) | ACLEMU_DT(ACL_FLOAT8_E4M3FN) |        \
     ACLEMU_DT(ACL_FLOAT8_E8M0))
/* `set` without the dtypes the current chip lacks. */
aclemu_dtype_set aclemu_chip_dtypes(aclemu_dtype_set set);
/* The same for a given family (for messages and tests). */
aclemu_dtype_set aclemu_family_dtypes(aclemu_family family, aclemu_dtype_set set);

/* A set of chip families: bit (1 << aclemu_family). */
typedef uint32_t aclemu_chip_set;
#define ACLEMU_CHIP(f) ((aclemu_chip_set)1u << (unsigned)(f))
#define ACLEMU_CHIPS_A2_A3 (ACLEMU_CHIP(ACLEMU_FAMILY_A2) | ACLEMU_CHIP(ACLEMU_FAMILY_A3))
#define ACLEMU_CHIPS_A2_A3_950 (ACLEMU_CHIPS_A2_A3 | ACLEMU_CHIP(ACLEMU_FAMILY_950))
#define ACLEMU_CHIPS_ALL                                                                            \
    (ACLEMU_CHIPS_A2_A3_950 | ACLEMU_CHIP(ACLEMU_FAMILY_910A) | ACLEMU_CHIP(ACLEMU_FAMILY_310P) | \
     ACLEMU_CHIP(ACLEMU_FAMILY_310B))
/* the docs' "all but 310b" */
#define ACLEMU_CHIPS_ALL_BUT_310B (ACLEMU_CHIPS_ALL & ~ACLEMU_CHIP(ACLEMU_FAMILY_310B))
/* 1 if the current device's family is in `chips`. */
int aclemu_chip_in(aclemu_chip_set chips);
/* ACLNN_ERR_RUNTIME_ERROR (361001) "support for <SoC> is not implemented" unless the current
 * family is in `chips`: what the real ops return for a SocVersion they have no kernel for. */
aclnnStatus aclemu_check_chip(const char *api, aclemu_chip_set chips);

/* ACLNN_ERR_PARAM_NULLPTR: "<name> should not be nullptr." */
aclnnStatus aclemu_check_notnull(const char *api, const void *p, const char *name);
/* t's dtype must be in `allowed` as restricted by the chip. */
aclnnStatus aclemu_check_dtype(const char *api, const aclTensor *t, const char *name, aclemu_dtype_set allowed);
/* A bare dtype value (e.g. aclnnCast's dtype argument, a scalar's dtype). */
aclnnStatus aclemu_check_dtype_value(const char *api, aclDataType dt, const char *name, aclemu_dtype_set allowed);
aclnnStatus aclemu_check_same_dtype(const char *api, const aclTensor *a, const char *an, const aclTensor *b,
                                    const char *bn);
/* `from` must be castable to t's dtype (torch canCast). */
aclnnStatus aclemu_check_can_cast(const char *api, aclDataType from, const aclTensor *t, const char *name);
/* Rejects private formats (NC1HWC0, FRACTAL_NZ, ...). */
aclnnStatus aclemu_check_format(const char *api, const aclTensor *t, const char *name);
/* Rank <= max_rank, no negative dim or stride (161002). */
aclnnStatus aclemu_check_shape(const char *api, const aclTensor *t, const char *name, uint32_t max_rank);
/* The elements a non-empty view reaches (offset + strides) lie inside its storage shape; else
 * ACLNN_ERR_INNER_NULLPTR (561103), as the real ops fail when l0op::Contiguous refuses such a view
 * after the parameter checks. The executor applies it to every tensor bound to a launch (so it
 * comes after an op's 161xxx checks); private formats are exempt. */
aclnnStatus aclemu_check_view_in_storage(const char *api, const aclTensor *t);
/* A private layout's storage (what the view checks above cannot bound): `bytes` bytes from t's
 * address plus its view offset must lie inside the live device allocation behind that address,
 * else 161002 "<name> ..." — so that no kernel reads or writes past real memory. A NULL address
 * passes (the binding refuses it). */
aclnnStatus aclemu_check_device_bytes(const char *api, const aclTensor *t, const char *name, uint64_t bytes);
aclnnStatus aclemu_check_same_shape(const char *api, const aclTensor *a, const char *an, const aclTensor *b,
                                    const char *bn);
/* t's view shape must equal shape[0..ndim). */
aclnnStatus aclemu_check_shape_is(const char *api, const aclTensor *t, const char *name, const int64_t *shape,
                                  uint32_t ndim);
/* Broadcast shape of a and b (numpy rules) into out[ACLEMU_MAX_RANK]. */
aclnnStatus aclemu_broadcast_shape(const char *api, const aclTensor *a, const char *an, const aclTensor *b,
                                   const char *bn, int64_t *out, uint32_t *out_ndim);

/* "[2, 3, 4]" into buf. */
const char *aclemu_shape_str(const int64_t *shape, uint32_t ndim, char *buf, size_t len);

/* Common head of a unary op "self -> out": null, dtype (allowed and out == self), format,
 * rank/storage, same shape. Used by most activations. */
aclnnStatus aclemu_check_unary(const char *api, const aclTensor *self, const aclTensor *out,
                               aclemu_dtype_set allowed);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif
#endif
