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
/* `set` without the dtypes the current chip lacks (BF16 on 910 / 310P / 310B). */
aclemu_dtype_set aclemu_chip_dtypes(aclemu_dtype_set set);

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
/* Rank <= max_rank, no negative dim or stride, and the view lies inside the storage. */
aclnnStatus aclemu_check_shape(const char *api, const aclTensor *t, const char *name, uint32_t max_rank);
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
