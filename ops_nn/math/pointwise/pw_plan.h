/* Host side of the ops-math pointwise family: the dtype lists per NpuArch, the promotion rules
 * the real op_api code uses, the shared checks and the launch of the "Pointwise" kernel. */
#ifndef OPS_MATH_POINTWISE_PLAN_H
#define OPS_MATH_POINTWISE_PLAN_H

#include "aclemu_op/op_api.h"
#include "pw_args.h"

/* The real op_api picks its support lists by NpuArch: DAV_2201 (910B / 910_93), the RegBase
 * arch DAV_3510 (950), everything else (910, 310P, 310B) the "910" list. */
typedef struct pw_dtypes {
    aclemu_dtype_set a2201;   /* A2 / A3 */
    aclemu_dtype_set regbase; /* 950 */
    aclemu_dtype_set other;   /* 910A, 310P, 310B */
} pw_dtypes;

enum { PW_ARCH_2201, PW_ARCH_REGBASE, PW_ARCH_OTHER };
int pw_arch(void);
aclemu_dtype_set pw_pick(const pw_dtypes *d);

/* Shorthands for building dtype lists. */
#define PW_DT(x) ACLEMU_DT(ACL_##x)

/* The scalar's default dtype in the real promotion (GetScalarDefaultDtype): complex ->
 * COMPLEX64, floating -> FLOAT, others as they are. */
aclDataType pw_scalar_default(aclDataType dt);
/* CombineCategoriesWithComplex(higher = the tensor's dtype, lower = the scalar's default): a
 * scalar of the same or a lower category never changes the tensor's dtype. */
aclDataType pw_combine_categories(aclDataType higher, aclDataType lower);

/* One operand of a launch: a tensor, or a scalar. */
typedef struct pw_operand {
    const aclTensor *t;
    const aclScalar *s;
    int scalar_as_float;  /* the scalar converts to FLOAT instead of the compute dtype */
} pw_operand;

/* Plans the Pointwise kernel: out = op(operands) computed in `compute`. Every tensor operand
 * must broadcast to out's shape (checked by the caller). value: Addcdiv/Addcmul's scalar. An
 * empty out records nothing (workspace 0). */
aclnnStatus pw_launch(aclOpExecutor *ex, int op, aclDataType compute, const aclTensor *out, const pw_operand *ops,
                      int narg, int flags, const aclScalar *value);

/* The same, returning the blob for op-specific fields (NULL: empty out, or *status an error). */
pw_args *pw_launch_blob(aclOpExecutor *ex, int op, aclDataType compute, const aclTensor *out, const pw_operand *ops,
                        int narg, int flags, const aclScalar *value, aclnnStatus *status);

/* "<a> and <b> can't broadcast" (a 161002) or the broadcast shape into shape/nd. */
aclnnStatus pw_broadcast(const char *api, const aclTensor *a, const char *an, const aclTensor *b, const char *bn,
                         int64_t *shape, uint32_t *nd);
/* out's view shape must be shape[0..nd): "BroadcastShape [..] is not equal out's shape [..]." */
aclnnStatus pw_check_out_shape(const char *api, const int64_t *shape, uint32_t nd, const aclTensor *out,
                               const char *oname);
/* Rank <= 8 (161002) for each non-NULL tensor. */
aclnnStatus pw_check_rank(const char *api, const aclTensor *t, const char *name);



/* numpy broadcast of two shapes without reporting: 1 and out/nout set, or 0. */
int pw_bcast_dims(const int64_t *a, uint32_t na, const int64_t *b, uint32_t nb, int64_t *out, uint32_t *nout);
#endif
