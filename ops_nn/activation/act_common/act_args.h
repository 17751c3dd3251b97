/* Argument blobs shared by the activation planners (host) and their kernels (device).
 * Elementwise activations use act_ew_args (one generic driver, one registered kernel name per
 * op); softmax-family row ops use act_rows_args. */
#ifndef OPS_NN_ACT_ARGS_H
#define OPS_NN_ACT_ARGS_H

#include "aclemu_op/kargs.h"

/* Which function an elementwise blob computes. Unary ops read op[nout]; binary ops read
 * op[nout] (a) and op[nout + 1] (b). */
typedef enum act_op {
    /* unary */
    ACT_GELU_TANH, ACT_GELU_ERF, ACT_FAST_GELU, ACT_SILU, ACT_SWISH, ACT_SIGMOID, ACT_LEAKY_RELU,
    ACT_ELU, ACT_HARDSWISH, ACT_HARDSIGMOID, ACT_MISH, ACT_SOFTPLUS, ACT_TANH, ACT_EXP,
    ACT_RELU,                  /* max(x, 0); integers exactly, NaN kept */
    /* ggml part (issue 10/12 ggml helper) */
    ACT_THRESHOLD,             /* x <= threshold ? alpha : x (exact select, any dtype) */
    /* act part (issue 12, `act` helper): computed in double for every dtype */
    ACT_SELU,                  /* lambda * (x > 0 ? x : alpha * expm1(x)), the fixed SELU constants */
    ACT_CELU,                  /* x > 0 ? x : alpha * expm1(x / alpha) */
    ACT_HARDSHRINK,            /* -lambd <= x <= lambd ? 0 : x */
    ACT_SOFTSHRINK,            /* x > lambd ? x - lambd : x < -lambd ? x + lambd : 0 */
    ACT_SHRINK,                /* x > lambd ? x - bias : x < -lambd ? x + bias : 0 */
    ACT_LOGSIGMOID,            /* log(sigmoid(x)) = min(x, 0) - log1p(exp(-|x|)) */
    ACT_ERFINV,                /* erf^-1(x) */
    ACT_SQUARED_RELU,          /* relu(x)^2 */
    ACT_LOGIT,                 /* log(z / (1 - z)), z = x clamped to [lambd, 1 - lambd] when lambd >= 0 */
    /* xact part (experimental activations): double for every dtype */
    ACT_CLAMP,                 /* x < lo ? lo : x > hi ? hi : x (NaN passes through): Relu6 */
    ACT_SOFTSIGN,              /* x / (1 + |x|) */
    ACT_FAST_GELU_V2,          /* x * (sgn(x) * (-0.1444 * (min(|0.7071 x|, 1.769) - 1.769)^2 + 0.5) + 0.5) */
    ACT_UNARY_END,
    /* binary */
    ACT_PRELU = ACT_UNARY_END, /* a > 0 ? a : w * a */
    ACT_GLU,                   /* a * sigmoid(b) */
    ACT_SWIGLU,                /* silu(a) * b */
    ACT_GELU_TANH_MUL,         /* gelu_tanh(a) * b */
    ACT_GELU_ERF_MUL,          /* gelu_erf(a) * b */
    ACT_GELU_TANH_BWD,         /* a = dy, b = x */
    ACT_GELU_ERF_BWD,          /* a = dy, b = x */
    ACT_SILU_BWD,              /* a = dy, b = x */
    ACT_SIGMOID_BWD,           /* a = dy, b = y: dy * y * (1 - y) */
    ACT_THRESHOLD_BWD,         /* a = dy, b = x: x <= threshold ? 0 : dy */
    ACT_ADD_RELU,              /* relu(a + alpha * b) */
    /* act part (issue 12, `act` helper): backward ops, a = dy, b = x (or y); double for every dtype */
    ACT_HARDSIGMOID_BWD,       /* -3 < x < 3 ? dy / 6 : 0 */
    ACT_HARDSWISH_BWD,         /* x < -3 ? 0 : x <= 3 ? dy * (x / 3 + 0.5) : dy */
    ACT_HARDSWISH_BWD_V2,      /* x <= -3 ? 0 : x < 3 ? dy * (x / 3 + 0.5) : dy */
    ACT_MISH_BWD,              /* dy * (tanh(sp) + x * sigmoid(x) * (1 - tanh(sp)^2)), sp = softplus(x) */
    ACT_SWISH_BWD,             /* s = sigmoid(scale x): dy * (s + scale * x * s * (1 - s)) */
    ACT_SOFTPLUS_BWD,          /* beta x > threshold ? dy : dy * sigmoid(beta x) */
    ACT_ELU_BWD,               /* elu backward from x or (is_result) from y */
    ACT_LEAKY_RELU_BWD,        /* x > 0 ? dy : dy * alpha */
    ACT_HARDTANH_BWD,          /* x <= lo || x >= hi ? 0 : dy */
    ACT_SHRINK_BWD,            /* -lambd <= x <= lambd ? 0 : dy (hard and soft shrink) */
    ACT_SELU_BWD,              /* b = y: y > 0 ? dy * lambda : dy * (y + lambda * alpha) */
    ACT_LOGSIGMOID_BWD,        /* dy * sigmoid(-x) */
    ACT_FAST_GELU_BWD,         /* s = sigmoid(1.702 x): dy * (s + 1.702 x s (1 - s)) */
    ACT_HEAVISIDE,             /* a = input, b = values: a == 0 ? b : a > 0 */
    ACT_LOGIT_BWD,             /* a = dy, b = x: outside [lambd, 1 - lambd] 0 (lambd < 0: outside [0, 1] NaN), else dy / (x (1 - x)) */
    ACT_MUL,                   /* a * b */
    ACT_GLU_BWD_A,             /* a = dy, b = second half: dy * sigmoid(b) */
    ACT_SILU_MUL,              /* a = dy, b = first half: dy * silu(b) */
    /* xact part (experimental activations): double for every dtype */
    ACT_TANH_BWD,              /* a = dy, b = y: dy * (1 - y^2) */
    ACT_SOFTSIGN_BWD,          /* a = dy, b = x: dy / (1 + |x|)^2 */
    ACT_SWIGLU_CLAMP,          /* a = gate, b = up: min(silu(a), hi) * clamp(b, -hi, hi) */
    ACT_FUSED_BIAS_LEAKY_RELU, /* v = a + b: (v >= 0 ? v : v * alpha) * scale */
    /* nnact part: a = dy, b = x */
    ACT_PRELU_GRAD_W,          /* x <= 0 ? dy * x : 0 (the terms PreluBackward sums into gradWeight) */
    /* nnact part: a, b = the two halves; alpha, hi = limit, bias */
    ACT_CLIPPED_SWIGLU,        /* a' = min(a, limit): a' sigmoid(alpha a') * (clamp(b, -limit, limit) + bias) */
    ACT_CLIPPED_SWIGLU_POST,   /* clampMode 1: min(silu(a), limit) * clamp(b, -limit, limit) */
    ACT_SITU_GLU,              /* a = gate, b = up; scale = beta, lambd = linearBeta:
                                * beta tanh(a / beta) sigmoid(a) * (lb > 0 ? lb tanh(b / lb) : b) */
    /* two outputs: op[0] = gelu(act) * other, op[1] = gelu(act); op[2] = act half, op[3] = other */
    ACT_GEGLU_TANH, ACT_GEGLU_ERF,
    /* act part (issue 12): three inputs a, b, c (op[nout], op[nout + 1], op[nout + 2]), double only */
    ACT_TERNARY_BEGIN,
    ACT_GLU_BWD_B = ACT_TERNARY_BEGIN, /* dy, a, b: dy * a * s * (1 - s), s = sigmoid(b) */
    ACT_SWIGLU_BWD_A,          /* dy, a, b: dy * b * (s + s * (1 - s) * a), s = sigmoid(a) */
    ACT_GEGLU_BWD_TANH,        /* dy, x, other: dy * other * gelu_tanh'(x) */
    ACT_GEGLU_BWD_ERF,         /* dy, x, other: dy * other * gelu_erf'(x) */
    ACT_FATRELU_MUL,           /* x1, x2, threshold: (x1 < threshold ? 0 : x1) * x2 (actrnn part) */
    ACT_PRELU_BWD,             /* dy, x, w: x > 0 ? dy : dy * w (nnact part) */
    /* nnact part: dy, a, b (the halves); alpha, hi = limit, bias; a' = min(a, l), s = sigmoid(alpha a') */
    ACT_CLIPPED_SWIGLU_BWD_A,  /* a <= l ? dy (clamp(b, -l, l) + bias) s (1 + alpha a' (1 - s)) : 0 */
    ACT_CLIPPED_SWIGLU_BWD_B,  /* -l <= b <= l ? dy a' s : 0 */
    ACT_CLIPPED_SWIGLU_W,      /* a, b, w: ACT_CLIPPED_SWIGLU(a, b) * w (SwigluGroup's token weight) */
    /* nnact part: dy, gate, up; t = tanh(gate / beta), s = sigmoid(gate), up' as in ACT_SITU_GLU */
    ACT_SITU_GLU_BWD_GATE,     /* dy up' s ((1 - t^2) + beta t (1 - s)) */
    ACT_SITU_GLU_BWD_UP,       /* dy beta t s (lb > 0 ? 1 - tanh^2(up / lb) : 1) */
    /* SwigluGroupGrad: dy, gate, up; hi = clamp limit (0: none), gate' = min(gate, hi),
     * up' = clamp(up, -hi, hi), s = sigmoid(gate'), f = gate' s (0 at gate' = -Inf and where
     * |f| < FLT_MIN, the kernel's flush); open-interval masks multiplied in (NaN * 0 stays NaN);
     * is_result 1: SwigluGroupQuantGrad's kernel (s = e / (e + 1), e = exp(gate'), no special cases) */
    ACT_SWIGLU_GROUP_BWD_A,    /* dy (f == Inf ? 1 : s + f - f s) up' * (gate < hi) */
    ACT_SWIGLU_GROUP_BWD_B,    /* dy f * (-hi < up < hi) */
    ACT_OP_END
} act_op;

/* Parameters; each op reads the ones it needs. */
typedef struct act_params {
    double alpha;       /* LEAKY_RELU: negative slope; ELU: alpha; ADD_RELU: alpha; THRESHOLD: value */
    double scale;       /* SWISH: beta; ELU: scale */
    double input_scale; /* ELU: input_scale */
    double beta;        /* SOFTPLUS: beta */
    double threshold;   /* SOFTPLUS, THRESHOLD_BWD, THRESHOLD */
    /* ggml part: THRESHOLD of integer dtypes compares and selects exactly (INT64 past 2^53) */
    int64_t int_threshold, int_value;
    /* act part: shrink family, hardtanh bounds, elu backward's form */
    double lambd, bias, lo, hi;
    int32_t is_result, reserved;
} act_params;

typedef struct act_ew_args {
    aclemu_ew ew;   /* op[0..nout) outputs, then inputs */
    int32_t op;     /* act_op */
    int32_t nout;
    act_params p;
} act_ew_args;

/* Row ops over one dim of possibly strided views. */
typedef enum act_row_op {
    ACT_ROW_LOG_SOFTMAX, ACT_ROW_SOFTMAX_BWD, ACT_ROW_LOG_SOFTMAX_BWD,
    ACT_ROW_SOFTMAX, /* exp(x - max) / sum */
} act_row_op;

typedef struct act_rows_args {
    aclemu_tdesc y;      /* output */
    aclemu_tdesc x;      /* forward: self; backward: gradOutput */
    aclemu_tdesc z;      /* backward: the forward output */
    int32_t op;          /* act_row_op */
    int32_t dim;         /* normalised reduce dim (0 for rank 0) */
    int32_t contiguous;  /* every view is row-major contiguous: use the (outer, len, inner) path */
    int32_t reserved;
    int64_t outer, len, inner;
    uint64_t rows;       /* outer * inner */
    uint64_t rows_per_block;
} act_rows_args;

#endif
