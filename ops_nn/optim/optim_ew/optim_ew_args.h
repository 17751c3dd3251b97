/* Blob of the single-tensor elementwise optimizers of experimental/optim (AdamApplyOne family,
 * ApplyGradientDescent, ApplyAdagradD, ApplyAdamD, ApplyRmsProp, ApplyCenteredRMSProp,
 * ApplyProximalAdagrad, ApplyAdadelta, ApplyAdamax, ApplyFtrl,
 * ApplyKerasMomentum, ApplyProximalGradientDescent; and norm's elementwise
 * SyncBatchNormBackwardReduce): one kernel, an update rule per op; per element every input is loaded
 * (one-element inputs at 0), the rule runs in FP32 and the outputs are stored. */
#ifndef OPS_NN_OPTIM_EW_ARGS_H
#define OPS_NN_OPTIM_EW_ARGS_H

#include "nn_cbuf.h"
#include "norm_rows_args.h"

#define OE_MAX_IN 11
#define OE_MAX_OUT 4
#define OE_MAX_S 6

typedef enum oe_op {
    OE_ADAM_APPLY_ONE,            /* in: g v m var lr mul0..3 add2_y; out: v' m' var' */
    OE_ADAM_APPLY_ONE_DECAY,      /* in: g v m var lr mul0..4 add2_y; out: v' m' var' */
    OE_GRADIENT_DESCENT,          /* in: var alpha delta; out: var */
    OE_ADAGRAD,                   /* in: var accum lr grad; out: var accum; flag: update_slots */
    OE_ADAM,                      /* in: var m v b1p b2p lr b1 b2 eps grad; out: var m v; flag: nesterov */
    OE_RMS_PROP,                  /* in: var ms mom grad; s: lr rho momentum eps; out: var ms mom */
    OE_CENTERED_RMS_PROP,         /* in: var mg ms mom lr rho momentum eps grad; out: var mg ms mom */
    OE_PROXIMAL_ADAGRAD,          /* in: var accum lr l1 l2 grad; out: var accum */
    OE_ADADELTA,                  /* in: var accum accumUpdate grad; s: lr rho eps; out: var accum accumUpdate */
    OE_ADAMAX,                    /* in: var m v grad; s: beta1Power lr beta1 beta2 eps; out: var m v */
    OE_FTRL,                      /* in: var accum linear grad lr l1 l2 lr_power; out: var accum linear */
    OE_FUSED_EMA_ADAM,            /* in: var m v s grad step; s: lr emaDecay beta1 beta2 eps weightDecay;
                                   * out: var m v s; flag: mode (bit 0), biasCorrection (bit 1) */
    OE_KERAS_MOMENTUM,            /* in: var accum lr grad momentum; out: var accum; flag: nesterov */
    OE_PROXIMAL_GD,               /* in: var alpha l1 l2 delta; out: var */
    OE_SYNC_BN_BACKWARD_REDUCE,   /* in: sum_dy sum_dy_dx_pad mean invert_std; out: sum_dy_xmu y */
    OE_OP_END
} oe_op;

typedef struct oe_args {
    nr_rows h;                    /* rows = elements, n = 1 (the row driver's tiling) */
    int32_t op, nin, nout, flag;
    uint32_t one_mask;            /* bit j: input j holds one element (read at 0) */
    int32_t reserved;
    double s[OE_MAX_S];           /* the op's attribute scalars */
    nn_cbuf in[OE_MAX_IN];
    nn_cbuf out[OE_MAX_OUT];
} oe_args;

#endif
