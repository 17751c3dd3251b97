/* Blobs of the pointwise loss family (issue 12, `act` helper): BinaryCrossEntropy(+WithLogits),
 * L1, SmoothL1, SoftMargin and their backward, KlDiv and its backward, MseLossOut; the experimental
 * generated losses (Hinge, Huber, L2, BinaryCrossEntropyV2 ...). One elementwise kernel computes
 * out = f(x, t[, pw]) * m1 * m2 * scale (m = weight / gradOutput, absent ones 1); the partial
 * kernel sums f(x, t[, pw]) * w per block (double) for the mean / sum reductions. */
#ifndef OPS_NN_PW_LOSS_ARGS_H
#define OPS_NN_PW_LOSS_ARGS_H

#include "aclemu_op/kargs.h"
#include "nn_cbuf.h"

typedef enum pw_loss_op {
    PW_BCE,              /* -(t log x + (1 - t) log(1 - x)), logs clamped at -100 */
    PW_BCE_LOGITS,       /* (1 - t) x + (1 + (pw - 1) t) softplus(-x) */
    PW_L1,               /* |x - t| */
    PW_SMOOTH_L1,        /* |d| < beta ? d^2 / (2 beta) : |d| - beta / 2 */
    PW_SOFT_MARGIN,      /* log(1 + exp(-t x)) */
    PW_BCE_BWD,          /* (x - t) / max(x (1 - x), 1e-12) */
    PW_BCE_LOGITS_BWD,   /* sigmoid(x) (1 + (pw - 1) t) - pw t */
    PW_L1_BWD,           /* sign(x - t) */
    PW_SMOOTH_L1_BWD,    /* |d| < beta ? d / beta : sign(d) */
    PW_SOFT_MARGIN_BWD,  /* -t sigmoid(-t x) */
    PW_KL_DIV_BWD,       /* -t (logTarget: -exp(t)) */
    PW_BCE_LOGITS_TARGET_BWD, /* d/dt of BCE_LOGITS: pw softplus(-x) - softplus(x) */
    PW_KL_DIV_TARGET_BWD,     /* d/dt: t > 0 ? log t + 1 - x : 0 (logTarget: exp(t) (t + 1 - x)) */
    PW_MSE,              /* (x - t)^2 (MseLossOut) */
    PW_MUL,              /* x (the product of the multiplicands only) */
    PW_KL_DIV,           /* t (log(t != 0 ? t : 1) - x) (ops-math KlDiv; logTarget: exp(t) (t - x)) */
    /* the generated (experimental) losses, pw_loss_gen.c; beta carries delta */
    PW_BCE_NOCLAMP,      /* -(t log x + (1 - t) log(1 - x)), logs unclamped (BinaryCrossEntropyV2) */
    PW_SUB,              /* x - t (BinaryCrossEntropyGradV2, MseLossGrad) */
    PW_HINGE,            /* max(0, 1 - t x) */
    PW_HINGE_BWD,        /* -t (m + |m|) / (2 (|m| + 1e-7)), m = 1 - t x: the kernel's smoothed step */
    PW_HUBER,            /* |d| <= delta ? d^2 / 2 : delta (|d| - delta / 2), d = x - t */
    PW_HUBER_BWD,        /* |d| <= delta ? d : delta sign(d) */
    PW_HALF_SQUARE,      /* x^2 / 2 (L2Loss, no target) */
    PW_HINGE_EMBEDDING,  /* n + (x - n) (t + 1) / 2, n = max(0, margin - x): x for t = 1, n for t = -1 */
    PW_GAUSS_NLL,        /* (log v + (x - t)^2 / v) / 2 [+ log(2 pi) / 2 if full], v = max(pw = var, eps) */
    PW_OP_END
} pw_loss_op;

/* Operand layout: [out] x [t] [pw] [m1] [m2] in that order; counts say which are present. */
typedef struct pw_loss_args {
    aclemu_ew ew;
    int32_t op;
    int32_t has_out;  /* 0: partial sums to parts[block] */
    int32_t has_t, has_pw;
    int32_t nmul;     /* multiplicands after x, t, pw */
    int32_t flag;     /* GaussianNllLoss: full */
    double beta;      /* SmoothL1 beta; GaussianNllLoss eps */
    double scale;
    uint64_t parts;   /* partial: FP64 per block */
} pw_loss_args;

typedef struct pw_finish_args {
    uint64_t parts;
    int64_t nparts;
    double scale;     /* 1/n for mean */
    nn_cbuf out;
} pw_finish_args;

#endif
