/* The activation table family of the `act` part (issue 12): one planner for every elementwise
 * activation / activation backward whose only differences are a formula, dtype lists and scalar
 * parameters. A row says what to check; the API entry points (act_table_api.c) read their
 * scalars, run the op-specific value checks and launch through act_launch. */
#ifndef OPS_NN_ACT_TABLE_PLAN_H
#define OPS_NN_ACT_TABLE_PLAN_H

#include "act_plan.h"

enum {
    ACT_ROW_BCAST = 1,    /* the two inputs broadcast to out (else all shapes equal) */
    ACT_ROW_PROMOTE = 2,  /* inputs may differ: their promotion must be in the list, out castable from it */
    ACT_ROW_OUT_CAST = 4, /* out only needs to be castable from the (integral -> FLOAT) result dtype */
};

typedef struct act_row {
    act_op op;
    const char *kernel;
    aclemu_dtype_set in_dtypes;  /* first input (gradOutput / self) */
    aclemu_dtype_set in2_dtypes; /* second input (self / result); 0 = in_dtypes */
    aclemu_dtype_set out_dtypes; /* 0 = in_dtypes */
    unsigned flags;
    /* xact part: the chips whose op definition has a kernel (the generated aclnn APIs of
     * experimental/activation); 0 = every chip. Checked right after the nulls (361001). */
    aclemu_chip_set chips;
} act_row;

/* One scalar argument: null first (with the tensors, in argument order), then castable to FLOAT. */
typedef struct act_scalar_arg {
    const aclScalar *s;
    const char *name;
} act_scalar_arg;

/* The common checks: nulls (tensors then scalars), dtypes, scalar casts, formats, ranks <= 8
 * and shapes. nin is 1 or 2; out may be ins[0] (in-place). */
aclnnStatus act_table_check(aclOpExecutor *ex, const act_row *row, const aclTensor *const *ins,
                            const char *const *names, uint32_t nin, const aclTensor *out, const char *oname,
                            const act_scalar_arg *scalars, uint32_t nscalars);

/* Launch of row->op over out = f(ins) with p. */
aclnnStatus act_table_launch(aclOpExecutor *ex, const act_row *row, const aclTensor *const *ins, uint32_t nin,
                             const aclTensor *out, const act_params *p);

/* A scalar's value as double (for parameters), after act_table_check. */
double act_table_scalar(const aclScalar *s);

#endif
