/* The pointwise loss planner (issue 12, `act` helper): one forward and one backward planner for
 * every loss that is an elementwise function of (self, target[, posWeight]) times optional
 * weights, with reduction 0 none / 1 mean / 2 sum (3 batchmean where a row allows it). */
#ifndef OPS_NN_PW_LOSS_PLAN_H
#define OPS_NN_PW_LOSS_PLAN_H

#include "aclemu_op/op_api.h"
#include "pw_loss_args.h"

enum {
    PW_ROW_SAME_SHAPE = 1, /* target must have self's shape (else they broadcast) */
    PW_ROW_BATCHMEAN = 2,  /* reduction 3 (batchmean) is accepted */
    PW_ROW_PROMOTE = 4,    /* self / target may differ if they promote (else all one dtype) */
    PW_ROW_BETA = 8,       /* beta (SmoothL1) must be >= 0, checked after the shapes */
    PW_ROW_NULL_INNER = 16, /* a null tensor returns ACLNN_ERR_INNER_NULLPTR (BinaryCrossEntropy does) */
    PW_ROW_REDUCE_DIM0 = 32, /* mean / sum reduce dim 0 only: out has the loss shape without it
                              * (MseLossOut); an empty self / target launches nothing */
};

typedef struct pw_row {
    pw_loss_op op;
    aclemu_dtype_set dtypes;
    unsigned flags;
} pw_row;

/* The tensors of one call; weight / posWeight / gradOutput may be NULL (absent). */
typedef struct pw_call {
    const aclTensor *grad, *self, *target, *weight, *pos_weight, *out;
    const char *grad_name, *out_name;
    int64_t reduction;
    double beta; /* SmoothL1 beta; KlDiv: logTarget; GaussianNllLoss: eps */
    int flag;    /* GaussianNllLoss: full */
    int pw_trailing; /* pos_weight omits the loss shape's last dim (broadcast along it, not numpy-aligned) */
} pw_call;

aclnnStatus pw_loss_forward(aclOpExecutor *ex, const pw_row *row, const pw_call *c);
aclnnStatus pw_loss_backward(aclOpExecutor *ex, const pw_row *row, const pw_call *c);

/* The launches under both planners, for front ends with checks of their own (pw_loss_gen.c):
 * out = f(self, target[, posWeight]) * mults * scale over out's shape (target required), and
 * the mean / sum of f(self[, target][, posWeight]) * weight over the shape b into out's one element. */
aclnnStatus pw_loss_ew(aclOpExecutor *ex, pw_loss_op op, const pw_call *c, const aclTensor *const *mults, int nmul,
                       double scale);
aclnnStatus pw_loss_reduce(aclOpExecutor *ex, pw_loss_op op, const pw_call *c, const int64_t *b, uint32_t nd, int mean);

/* The checks of the generated (experimental) losses over the tensors ts[0..n) named ns, in order:
 * nulls (161001) -> the chip (161002 off the A2: their definitions register ascend910b only) ->
 * ts[0]'s dtype in `dtypes`, the others of its dtype (161002) -> ND formats and ranks. */
aclnnStatus pw_gen_check(const char *api, const aclTensor *const *ts, const char *const *ns, int n,
                         aclemu_dtype_set dtypes);

#endif
