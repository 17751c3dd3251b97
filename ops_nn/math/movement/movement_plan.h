/* Host helpers shared by the planners of the movement family (movement_api.c and the files
 * beside it): the view copy and the per-dim index map launch. */
#ifndef OPS_MATH_MOVEMENT_PLAN_H
#define OPS_MATH_MOVEMENT_PLAN_H

#include "act_plan.h"
#include "aclemu_op/op_api.h"

/* Largest extent a computed dim may reach: products and sums of user values are checked against
 * it before they are formed, so no int64 arithmetic here can overflow. */
#define MV_MAX_EXTENT ((int64_t)1 << 58)

/* dst (a view into dst->base) = src (a view into src->base, broadcast to dst's shape), with
 * dtype conversion; both addresses bound to the API tensors so the executor stays rebindable. */
aclnnStatus mv_copy(aclOpExecutor *ex, const act_view *dst, const act_view *src);

/* self -> out through the per-dim maps of the IndexMap kernel (kinds / shifts over out's dims;
 * self has out's rank; value: the constant of MV_CONST). self_base / out_base: the API tensors
 * when self / out are views made by the planner (NULL when they are API tensors). */
aclnnStatus mv_map_launch(aclOpExecutor *ex, const aclTensor *self, const aclTensor *out, const int32_t *kind,
                          const int64_t *shift, const aclScalar *value, const aclTensor *self_base,
                          const aclTensor *out_base);

#endif
