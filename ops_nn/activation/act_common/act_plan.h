/* Host-side helpers shared by the activation planners: recording an elementwise activation
 * launch, views of halves / broadcast weights that stay bound to the API tensors, dim checks,
 * and the softmax-family row launch. */
#ifndef OPS_NN_ACT_PLAN_H
#define OPS_NN_ACT_PLAN_H

#include "aclemu_op/op_api.h"
#include "act_args.h"

/* FLOAT, FLOAT16, BF16 (BF16 is dropped on 910 / 310P / 310B by the checks). */
#define ACT_FLOATS (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))
#define ACT_FLOATS_DOUBLE (ACT_FLOATS | ACLEMU_DT(ACL_DOUBLE))

/* A view of t as an aclemu_ew operand that is not an API tensor itself (a half, a reshaped
 * weight, a permutation). `base` is the API tensor it looks into: its address is what stage 2
 * patches, so executors stay repeatable and rebindable. */
typedef struct act_view {
    aclTensor view;
    const aclTensor *base;
} act_view;

/* t restricted to [start, start + len) along dim. */
void act_view_slice(act_view *v, const aclTensor *t, uint32_t dim, int64_t start, int64_t len);
/* A copy of t (for act_view_* edits). */
void act_view_of(act_view *v, const aclTensor *t);

/* The per-channel weight of Prelu / PreluBackward as a [C, 1, ...] view aligned on self's dim 1
 * (a one-element weight, or self of rank <= 1: a 0-d view broadcast everywhere). The weight
 * holds 1 or C = self->shape[1] elements along at most one non-1 dim. */
void act_view_channel_weight(act_view *w, const aclTensor *weight, const aclTensor *self);

/* Elementwise launch of `op`: outputs outs[0..nout), inputs ins[0..nin) (all views of the
 * output shape or broadcastable to it). Any of them may be an act_view (pass its .view and
 * list it in `views` so its address is bound to the base tensor). Empty output: no launch. */
aclnnStatus act_launch(aclOpExecutor *ex, const char *kernel, act_op op, const act_params *p,
                       const aclTensor *const *outs, uint32_t nout, const aclTensor *const *ins, uint32_t nin,
                       const act_view *const *views, uint32_t nviews);

/* Default parameters (alpha 1, scale 1, input_scale 1, beta 1, threshold 20). */
act_params act_params_default(void);

/* self -> out with the same shape, out dtype == self dtype (the common activation contract:
 * null, dtype, format, shape in that order). */
aclnnStatus act_check_same(const char *api, const aclTensor *self, const char *sname, const aclTensor *out,
                           const char *oname, aclemu_dtype_set allowed);
/* Same, but out only needs to be a dtype self can be cast to (and in out_allowed when non-zero). */
aclnnStatus act_check_cast(const char *api, const aclTensor *self, const char *sname, const aclTensor *out,
                           const char *oname, aclemu_dtype_set allowed, aclemu_dtype_set out_allowed);

/* A scalar parameter whose dtype must be castable to `to` (the real ops cast it to FLOAT). */
aclnnStatus act_check_scalar_cast(const char *api, const aclScalar *s, const char *name, aclDataType to);

/* dim in [-rank, rank-1] (rank 0 accepts -1 and 0); the normalised dim goes to *d. */
aclnnStatus act_check_dim(const char *api, int64_t dim, uint32_t rank, uint32_t *d);

/* Softmax-family row launch: y = f(x[, z]) along dim d (all views the same shape). */
aclnnStatus act_launch_rows(aclOpExecutor *ex, const char *kernel, act_row_op op, const aclTensor *y,
                            const aclTensor *x, const aclTensor *z, uint32_t d);

/* The split of t along d into halves must be even: the message the GLU-family ops give. */
aclnnStatus act_check_split_shape(const char *api, const aclTensor *self, uint32_t d, const aclTensor *out,
                                  const char *oname);

/* Formats of a, b and out, ranks <= 8, and out's shape == broadcast(a, b). */
aclnnStatus act_check_bcast(const char *api, const aclTensor *a, const char *an, const aclTensor *b, const char *bn,
                            const aclTensor *out, const char *oname);

/* Both dtypes in `allowed` and their promotion in it too; the promoted dtype goes to *promoted. */
aclnnStatus act_check_promote(const char *api, const aclTensor *a, const char *an, const aclTensor *b,
                              const char *bn, aclemu_dtype_set allowed, aclDataType *promoted);

/* xact part: the checks of the experimental/activation op_api sources after their null checks:
 * every input of ins[0]'s dtype, out of ins[0]'s dtype, ins[0]'s dtype in `allowed`, no private
 * format (when `formats`), ranks <= 8, every input of ins[0]'s shape (161002). out's shape:
 * 161002 when `out_shape_checked`, else (the real ops leave it to the final ViewCopy, which
 * fails) ACLNN_ERR_INNER_NULLPTR (561103). */
aclnnStatus act_check_experimental(const char *api, const aclTensor *const *ins, const char *const *names,
                                   uint32_t nin, const aclTensor *out, const char *oname, aclemu_dtype_set allowed,
                                   int formats, int out_shape_checked);

#endif
