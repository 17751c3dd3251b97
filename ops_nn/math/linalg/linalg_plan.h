/* Host side shared by the batched factorisations: stage-1 shape helpers and the one launch. */
#ifndef OPS_MATH_LINALG_PLAN_H
#define OPS_MATH_LINALG_PLAN_H

#include "aclemu_plans.h"
#include "linalg_batch.h"

/* How an operand is laid out per matrix of the batch. */
enum { LA_SCALAR = 0, LA_VECTOR = 1, LA_MATRIX = 2 };

/* 1 when some dim of t is 0. */
int la_is_empty(const aclTensor *t);

/* The shape of `in`'s batch dims followed by the `extra` trailing dims; returns its rank. */
uint32_t la_batch_shape(const aclTensor *in, const int64_t *extra, uint32_t nextra, int64_t *out);

/* "<name> shape should be <want>, but got <got>." (161002) unless t has shape want. */
aclnnStatus la_check_shape_is(const char *api, const aclTensor *t, const char *what, const int64_t *want, uint32_t nd);

/* Records the LinalgFactor launch over every matrix of t[0]'s batch: t[0] the input (a batch
 * of matrices), t[1..nviews) the outputs laid out as kind[] says (NULL: not written). */
aclnnStatus la_launch(aclOpExecutor *ex, int32_t op, const aclTensor *const *t, const int *kind, int nviews,
                      int32_t flag_a, int32_t flag_b);

#endif
