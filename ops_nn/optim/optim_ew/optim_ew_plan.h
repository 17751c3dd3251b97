/* Host side of the elementwise optimizers (optim_ew_args.h). Their aclnn layers are generated
 * from the op definitions, so one planner checks them all in the generated order: nulls (inputs,
 * then outputs; 161001) -> the chips the definition registers a kernel for (161002) -> the first
 * input's dtype in the definition's list, every other tensor of that dtype (161002) -> ND
 * formats -> what the host tilings refuse (561002): a full-size operand of another shape than the
 * first input, a scalar operand of other than one element. An empty var launches nothing. */
#ifndef OPS_NN_OPTIM_EW_PLAN_H
#define OPS_NN_OPTIM_EW_PLAN_H

#include "aclemu_op/op_api.h"
#include "optim_ew_args.h"

typedef struct oe_spec {
    oe_op op;
    unsigned chips;             /* NN_CHIP(family) set */
    aclemu_dtype_set dtypes;
    uint32_t one_mask;          /* inputs holding one element */
    int nin, nout;
    int in_place;               /* outputs k are inputs k (the definition names them alike; no output parameters) */
    const char *in_names[OE_MAX_IN];
    const char *out_names[OE_MAX_OUT];
    int numel_only;             /* the tiling compares only the element counts of the full-size operands */
    const char *empty_refused;  /* non-NULL: the tiling refuses an empty first input with this message */
} oe_spec;

/* out may be NULL when spec->in_place. s: the op's attribute scalars (NULL: none). */
aclnnStatus oe_plan(aclOpExecutor *ex, const oe_spec *spec, const aclTensor *const *in, const aclTensor *const *out,
                    const double *s, int nscalars, int flag);

/* The launch alone, for the hand-written op_apis with checks of their own (an empty var
 * launches nothing). */
aclnnStatus oe_launch(aclOpExecutor *ex, const oe_spec *spec, const aclTensor *const *in, const aclTensor *const *out,
                      const double *s, int nscalars, int flag);

#endif
