/* The foreach family's shared planner: one row per API (foreach_api.c), one set of checks in the
 * real order and one way to launch (foreach_plan.c), two kernels (foreach_kernel.c). */
#ifndef OPS_NN_FOREACH_PLAN_H
#define OPS_NN_FOREACH_PLAN_H

#include "aclemu_plans.h"
#include "foreach_args.h"

/* What the API's scalar parameter is. */
typedef enum fe_sarg {
    SA_NONE,
    SA_TENSOR,     /* aclTensor* of one element (device memory, read by the kernel) */
    SA_TENSOR_N,   /* aclTensor* of one element per list index (AddcmulList / AddcdivList ...) */
    SA_SCALAR,     /* aclScalar* */
    SA_SCALARLIST  /* aclScalarList*, one per list index */
} fe_sarg;

/* Which scalar dtypes go with x's dtype (the op_api sources' lists). */
typedef enum fe_srule {
    SR_NONE,
    SR_TENSOR_MATCH, /* FLOAT / FLOAT16 / INT32: the same; BF16: FLOAT; INT16 / INT8 / UINT8: INT32 */
    SR_FLOAT_DOUBLE, /* FLOAT, BF16: FLOAT, DOUBLE; FLOAT16: FLOAT16, DOUBLE; integers: INT32, INT64 */
    SR_FLOAT_DOUBLE_950, /* the same, and on 950 FLOAT16 x also takes a FLOAT scalar */
    SR_LIST_F32,     /* float x: FLOAT; INT32 x: INT64 */
    SR_LIST_F32D,    /* float x: FLOAT, DOUBLE; INT32 x: INT64 */
    SR_SAME,         /* x's dtype */
    SR_SET           /* row->sset whatever x is */
} fe_srule;

typedef enum fe_kind {
    FK_MAP,    /* out[i] = f(x1[i] [, x2[i] [, x3[i]]] [, scalar]) elementwise */
    FK_COPY,   /* out[i] = x[i] converted (FLOAT <-> FLOAT16 / BF16 allowed) */
    FK_NORM,   /* out[i] (one element) = ||x[i]||_p */
    FK_UNSCALE /* x[i] *= invScale in place; foundInf = 1 on Inf / NaN */
} fe_kind;

/* Where the API is supported. */
#define FE_CHIPS_A2_A3_950 ACLEMU_CHIPS_A2_A3_950
#define FE_CHIPS_950 ACLEMU_CHIP(ACLEMU_FAMILY_950)
#define FE_CHIPS_A2_A3 ACLEMU_CHIPS_A2_A3
#define FE_CHIPS_A2_950 (ACLEMU_CHIP(ACLEMU_FAMILY_A2) | ACLEMU_CHIP(ACLEMU_FAMILY_950))

typedef struct fe_row {
    fe_op op;
    int32_t vop;           /* FE_UNARY: vec_unary_op */
    fe_kind kind;
    uint8_t nlists;        /* input tensor lists: 1..3 */
    uint8_t inplace;       /* the result goes to the first list (no out) */
    uint8_t b_is_scalar;   /* binary op whose second operand is the scalar */
    uint8_t v2;            /* shape / per-tensor dtype problems are 161002 in the op_api (V2 and
                              newer sources); the older APIs report them from tiling (561002) */
    fe_sarg sarg;
    fe_srule srule;
    aclemu_dtype_set sset; /* SR_SET */
    aclemu_dtype_set dtypes; /* the tensor lists' dtypes */
    aclemu_dtype_set dtypes950; /* on 950 when it differs (0: the same) */
    aclemu_chip_set chips;
    const char *names[3];  /* parameter names of the lists */
    const char *sname;     /* the scalar parameter's name */
} fe_row;

/* The whole stage 1 of a foreach API. lists[0..row->nlists) are the input lists, out the output
 * list (NULL for in-place rows: the first list is written), the scalar parameter in the one of
 * tscalar / scalar / slist the row names. */
aclnnStatus fe_plan(aclOpExecutor *ex, const fe_row *row, const aclTensorList *const *lists,
                    const aclTensorList *out, const aclTensor *tscalar, const aclScalar *scalar,
                    const aclScalarList *slist);
/* aclnnForeachNonFiniteCheckAndUnscale */
aclnnStatus fe_plan_unscale(aclOpExecutor *ex, const fe_row *row, const aclTensorList *grads,
                            const aclTensor *found_inf, const aclTensor *inv_scale);

#endif
