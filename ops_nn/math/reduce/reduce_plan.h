/* Stage-1 helpers of the reduction family: the dim checks and messages the ops-math reductions
 * share, the output-shape rule and the launch of the Reduce kernels. */
#ifndef OPS_MATH_REDUCE_PLAN_H
#define OPS_MATH_REDUCE_PLAN_H

#include <stdbool.h>

#include "aclemu_op/op_api.h"
#include "reduce_args.h"

/* Dim lists: every dim in [-n, n-1] (n = max(rank, 1): a 0-d tensor has dims -1 and 0), none
 * repeated; an empty list means every dim when `empty_all`. Fills *mask (bit per dim of self). */
aclnnStatus red_dims_mask(const char *api, const aclTensor *self, const aclIntArray *dims, bool empty_all,
                          uint64_t *mask);
/* One dim (ArgMax, MaxDim, Cumsum ...): range check as the real ops word it. */
aclnnStatus red_dim_one(const char *api, const aclTensor *self, int64_t dim, int64_t *wrapped);

/* Records the launches: out (and idx for the *_IDX ops) = op over the dims in `mask` of self,
 * elements converted to comp dtype first. The out shape must be self's shape with the reduced
 * dims removed (or kept as 1 with keepdim) — or both have one element, as the real
 * CheckShapeAndScalarSame accepts. */
aclnnStatus red_launch(aclOpExecutor *ex, const aclTensor *self, uint64_t mask, bool keepdim, int op,
                       aclDataType comp, const aclTensor *out, const aclTensor *idx);

/* Same, with the order of RED_NORM. */
aclnnStatus red_launch_p(aclOpExecutor *ex, const aclTensor *self, uint64_t mask, bool keepdim, int op,
                         aclDataType comp, const aclTensor *out, const aclTensor *idx, double p);

/* Extra settings of a launch (statistics, post-processing); zero-initialise and set what applies. */
typedef struct red_opts {
    double p;               /* RED_NORM's order */
    int64_t correction;     /* RED_VAR / RED_STD: divisor N - correction */
    double eps;             /* RED_INVSTD */
    int post;               /* enum red_post */
    const char *idx_name;   /* the second output's parameter name in messages ("indices" if NULL) */
    int64_t in_ws_plus1;    /* 1 + the workspace offset self lives at (a placeholder tensor of another
                             * launch's result); 0: self is the tensor itself */
} red_opts;

/* red_launch with the settings of `o`; for the statistics ops idx is their second output. */
aclnnStatus red_launch_opts(aclOpExecutor *ex, const aclTensor *self, uint64_t mask, bool keepdim, int op,
                            aclDataType comp, const aclTensor *out, const aclTensor *idx, const red_opts *o);

/* Checks that out / idx have the reduced shape (same rule as red_launch), for ops that must say
 * so before they look at anything else. */
aclnnStatus red_check_out_shape(const char *api, const aclTensor *self, uint64_t mask, bool keepdim,
                                const aclTensor *out, const char *name);

#endif
