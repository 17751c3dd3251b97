/* Elementwise activation driver. FLOAT / FLOAT16 / BF16 operands go through the vectorised
 * FP32 loops of ops_nn/vec (one rounding on store); Relu and AddRelu of integers run in int64
 * (exact, wrapping like the integer units); any other dtype (DOUBLE, integers, BOOL inputs of
 * ops that produce floats) is computed in double, element by element. */
#include <math.h>

#include "acl/acl_base.h"
#include "aclemu_op/kernel_util.h"
#include "act_kernel.h"
#include "dtype.h"
#include "eltwise.h"
#include "act_extra.h"

static int is_float_io(int32_t dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
}

/* ---- FP32 path ---------------------------------------------------------------------------- */
static const int8_t vec_of[ACT_OP_END] = {
    [ACT_GELU_TANH] = VEC_GELU_TANH, [ACT_GELU_ERF] = VEC_GELU_ERF, [ACT_FAST_GELU] = VEC_FAST_GELU,
    [ACT_SILU] = VEC_SILU, [ACT_SWISH] = VEC_SWISH, [ACT_SIGMOID] = VEC_SIGMOID,
    [ACT_LEAKY_RELU] = VEC_LEAKY_RELU, [ACT_ELU] = VEC_ELU, [ACT_HARDSWISH] = VEC_HARDSWISH,
    [ACT_HARDSIGMOID] = VEC_HARDSIGMOID, [ACT_MISH] = VEC_MISH, [ACT_SOFTPLUS] = VEC_SOFTPLUS,
    [ACT_TANH] = VEC_TANH, [ACT_EXP] = VEC_EXP, [ACT_RELU] = VEC_RELU,
    [ACT_PRELU] = VEC_PRELU, [ACT_GLU] = VEC_GLU, [ACT_SWIGLU] = VEC_SWIGLU,
    [ACT_GELU_TANH_MUL] = VEC_GELU_TANH_MUL, [ACT_GELU_ERF_MUL] = VEC_GELU_ERF_MUL,
    [ACT_GELU_TANH_BWD] = VEC_GELU_TANH_BWD, [ACT_GELU_ERF_BWD] = VEC_GELU_ERF_BWD,
    [ACT_SILU_BWD] = VEC_SILU_BWD, [ACT_SIGMOID_BWD] = VEC_SIGMOID_BWD,
    [ACT_THRESHOLD_BWD] = VEC_THRESHOLD_BWD, [ACT_ADD_RELU] = VEC_ADD_RELU,
    [ACT_GEGLU_TANH] = VEC_GELU_TANH, [ACT_GEGLU_ERF] = VEC_GELU_ERF,
};

/* The act part's rows with an FP32 vector loop (VEC op + 1; 0: double for every dtype). The
 * ERFINV row and the three-input backward rows have none. */
static const int8_t vec_extra[ACT_OP_END] = {
    [ACT_SELU] = VEC_SELU + 1, [ACT_CELU] = VEC_CELU + 1, [ACT_HARDSHRINK] = VEC_HARDSHRINK + 1,
    [ACT_SOFTSHRINK] = VEC_SOFTSHRINK + 1, [ACT_SHRINK] = VEC_SHRINK + 1,
    [ACT_LOGSIGMOID] = VEC_LOGSIGMOID + 1, [ACT_SQUARED_RELU] = VEC_SQUARED_RELU + 1,
    [ACT_LOGIT] = VEC_LOGIT + 1,
    [ACT_HARDSIGMOID_BWD] = VEC_HARDSIGMOID_BWD + 1, [ACT_HARDSWISH_BWD] = VEC_HARDSWISH_BWD + 1,
    [ACT_HARDSWISH_BWD_V2] = VEC_HARDSWISH_BWD_V2 + 1, [ACT_MISH_BWD] = VEC_MISH_BWD + 1,
    [ACT_SWISH_BWD] = VEC_SWISH_BWD + 1, [ACT_SOFTPLUS_BWD] = VEC_SOFTPLUS_BWD + 1,
    [ACT_ELU_BWD] = VEC_ELU_BWD + 1, [ACT_LEAKY_RELU_BWD] = VEC_LEAKY_RELU_BWD + 1,
    [ACT_HARDTANH_BWD] = VEC_HARDTANH_BWD + 1, [ACT_SHRINK_BWD] = VEC_SHRINK_BWD + 1,
    [ACT_SELU_BWD] = VEC_SELU_BWD + 1, [ACT_LOGSIGMOID_BWD] = VEC_LOGSIGMOID_BWD + 1,
    [ACT_FAST_GELU_BWD] = VEC_FAST_GELU_BWD + 1, [ACT_HEAVISIDE] = VEC_HEAVISIDE + 1,
    [ACT_LOGIT_BWD] = VEC_LOGIT_BWD + 1, [ACT_MUL] = VEC_MUL + 1, [ACT_GLU_BWD_A] = VEC_GLU + 1,
    [ACT_SILU_MUL] = VEC_SILU_MUL + 1,
};

static vec_params to_vec(const act_params *p)
{
    vec_params v = vec_params_default();
    v.alpha = (float)p->alpha;
    v.scale = (float)p->scale;
    v.input_scale = (float)p->input_scale;
    v.beta = (float)p->beta;
    v.threshold = (float)p->threshold;
    v.lambd = (float)p->lambd;
    v.bias = (float)p->bias;
    v.lo = (float)p->lo;
    v.hi = (float)p->hi;
    v.is_result = p->is_result;
    return v;
}

/* Input k of a chunk as contiguous FP32: the tensor itself when it already is, else staged. */
static const float *stage(char *p, int32_t dt, int64_t stride_bytes, int64_t es, int64_t n, float *buf)
{
    return vec_stage_f32(p, dt, stride_bytes / es, buf, n);
}

static void f32_run(const act_ew_args *a, const vec_params *vp, char **p, const aclemu_ew_iter *it, int64_t n)
{
    float b0[ACLEMU_CHUNK], b1[ACLEMU_CHUNK], y0[ACLEMU_CHUNK], y1[ACLEMU_CHUNK];
    const int nout = a->nout;
    const aclemu_ew_operand *op = a->ew.op;
    const int vop = vec_extra[a->op] ? vec_extra[a->op] - 1 : vec_of[a->op];
    for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
        int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
        char *q[ACLEMU_EW_MAX_OPS];
        for (uint32_t k = 0; k < a->ew.nops; k++)
            q[k] = p[k] + c * it->inner_stride[k];
        const float *x = stage(q[nout], op[nout].dtype, it->inner_stride[nout], it->esize[nout], m, b0);
        int direct = op[0].dtype == ACL_FLOAT && it->inner_stride[0] == 4;
        float *y = direct ? (float *)q[0] : y0;
        if (a->op < ACT_UNARY_END) {
            vec_unary_f32((vec_unary_op)vop, vp, x, y, m);
        } else if (a->op < ACT_GEGLU_TANH) {
            const float *w = stage(q[nout + 1], op[nout + 1].dtype, it->inner_stride[nout + 1],
                                   it->esize[nout + 1], m, b1);
            vec_binary_f32((vec_binary_op)vop, vp, x, w, y, m);
        } else { /* GeGlu: y1 = gelu(act), y = y1 * other */
            vec_unary_f32((vec_unary_op)vop, vp, x, y1, m);
            const float *o = stage(q[nout + 1], op[nout + 1].dtype, it->inner_stride[nout + 1],
                                   it->esize[nout + 1], m, b1);
            for (int64_t i = 0; i < m; i++)
                y[i] = y1[i] * o[i];
            vec_store_f32(y1, q[1], op[1].dtype, it->inner_stride[1] / it->esize[1], m);
        }
        if (!direct)
            vec_store_f32(y, q[0], op[0].dtype, it->inner_stride[0] / it->esize[0], m);
    }
}

/* ---- double path -------------------------------------------------------------------------- */
/* x*f(x) forms give Inf*0 = NaN at x = -Inf where the limit is -0. */
static double fix_inf0(double x, double y)
{
    return isnan(y) && !isnan(x) ? copysign(0.0, x) : y;
}

static double sigm(double x) { return 1.0 / (1.0 + exp(-x)); }

static double gelu_tanh(double x)
{
    const double k = 0.7978845608028654;
    return fix_inf0(x, 0.5 * x * (1.0 + tanh(k * (x + 0.044715 * x * x * x))));
}

static double gelu_erf(double x) { return fix_inf0(x, 0.5 * x * erfc(-x * 0.7071067811865476)); }

static double unary_f64(int op, const act_params *p, double x)
{
    switch (op) {
    case ACT_GELU_TANH: case ACT_GEGLU_TANH: return gelu_tanh(x);
    case ACT_GELU_ERF: case ACT_GEGLU_ERF: return gelu_erf(x);
    case ACT_FAST_GELU: return fix_inf0(x, x * sigm(1.702 * x));
    case ACT_SILU: return fix_inf0(x, x * sigm(x));
    case ACT_SWISH: return fix_inf0(x, x * sigm(p->scale * x));
    case ACT_SIGMOID: return sigm(x);
    case ACT_LEAKY_RELU: return x > 0 ? x : x * p->alpha;
    case ACT_ELU: return x > 0 ? p->scale * x : p->scale * p->alpha * expm1(p->input_scale * x);
    case ACT_HARDSWISH: {
        double r = x + 3.0;
        r = r < 0 ? 0 : r > 6 ? 6 : r;
        return x * r / 6.0;
    }
    case ACT_HARDSIGMOID: {
        double r = x / 6.0 + 0.5;
        return r < 0 ? 0 : r > 1 ? 1 : r; /* NaN stays NaN */
    }
    case ACT_MISH: return fix_inf0(x, x * tanh(log1p(exp(x))));
    case ACT_SOFTPLUS: {
        double z = p->beta * x;
        return z > p->threshold ? x : log1p(exp(z)) / p->beta;
    }
    case ACT_TANH: return tanh(x);
    case ACT_EXP: return exp(x);
    case ACT_RELU: return x < 0 ? 0.0 : x; /* NaN and -0 pass through */
    case ACT_THRESHOLD: return x <= p->threshold ? p->alpha : x; /* NaN passes through */
    default: return act_extra_unary(op, p, x);
    }
}

static double binary_f64(int op, const act_params *p, double a, double b)
{
    switch (op) {
    case ACT_PRELU: return a > 0 ? a : a * b;
    case ACT_GLU: return a * sigm(b);
    case ACT_SWIGLU: return fix_inf0(a, a * sigm(a)) * b;
    case ACT_GELU_TANH_MUL: return gelu_tanh(a) * b;
    case ACT_GELU_ERF_MUL: return gelu_erf(a) * b;
    case ACT_GELU_TANH_BWD: {
        const double k = 0.7978845608028654, c = 0.044715;
        double t = tanh(k * (b + c * b * b * b));
        return a * (0.5 * (1.0 + t) + 0.5 * b * (1.0 - t * t) * k * (1.0 + 3.0 * c * b * b));
    }
    case ACT_GELU_ERF_BWD:
        return a * (0.5 * erfc(-b * 0.7071067811865476) + b * exp(-0.5 * b * b) * 0.3989422804014327);
    case ACT_SILU_BWD: {
        double s = sigm(b);
        return a * s * (1.0 + b * (1.0 - s));
    }
    case ACT_SIGMOID_BWD: return a * b * (1.0 - b);
    case ACT_THRESHOLD_BWD: return b <= p->threshold ? 0.0 : a;
    case ACT_ADD_RELU: {
        double r = a + p->alpha * b;
        return r > 0 || isnan(r) ? r : 0.0;
    }
    default: return act_extra_binary(op, p, a, b);
    }
}

/* Integer Relu / AddRelu: exact in int64; AddRelu's sum wraps around in the output's width
 * before the relu, as the integer Add the real op runs first does. */
static int64_t wrap_to(int32_t dt, int64_t v)
{
    switch (dt) {
    case ACL_INT8: return (int8_t)v;
    case ACL_UINT8: return (uint8_t)v;
    case ACL_INT16: return (int16_t)v;
    case ACL_INT32: return (int32_t)v;
    default: return v;
    }
}

static void relu_int_run(const act_ew_args *a, char **p, const aclemu_ew_iter *it, int64_t n)
{
    int64_t x[ACLEMU_CHUNK], w[ACLEMU_CHUNK];
    const aclemu_ew_operand *op = a->ew.op;
    const uint64_t alpha = (uint64_t)(int64_t)a->p.alpha;
    const int add = a->op == ACT_ADD_RELU;
    for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
        int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
        aclemu_load_i64(x, p[1] + c * it->inner_stride[1], op[1].dtype, it->inner_stride[1], m);
        if (add)
            aclemu_load_i64(w, p[2] + c * it->inner_stride[2], op[2].dtype, it->inner_stride[2], m);
        for (int64_t i = 0; i < m; i++) {
            int64_t r = add ? wrap_to(op[0].dtype, (int64_t)((uint64_t)x[i] + alpha * (uint64_t)w[i])) : x[i];
            x[i] = r > 0 ? r : 0;
        }
        aclemu_store_i64(p[0] + c * it->inner_stride[0], op[0].dtype, it->inner_stride[0], x, m);
    }
}

/* Integer Threshold: exact in int64 (an INT64 self keeps values past 2^53). */
static void threshold_int_run(const act_ew_args *a, char **p, const aclemu_ew_iter *it, int64_t n)
{
    int64_t x[ACLEMU_CHUNK];
    const aclemu_ew_operand *op = a->ew.op;
    const int64_t thr = a->p.int_threshold, val = a->p.int_value;
    for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
        int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
        aclemu_load_i64(x, p[1] + c * it->inner_stride[1], op[1].dtype, it->inner_stride[1], m);
        for (int64_t i = 0; i < m; i++)
            x[i] = x[i] <= thr ? val : x[i];
        aclemu_store_i64(p[0] + c * it->inner_stride[0], op[0].dtype, it->inner_stride[0], x, m);
    }
}

/* Threshold of float-io x and y: the select in FP32 chunks, x compared in double with the
 * double threshold (exact), the value rounded once to y's dtype (vf is that value, held exactly
 * in FP32): the same bits as the double path. */
ACLEMU_ISA_CLONES
static void threshold_select(const float *x, float *y, int64_t m, double thr, float vf)
{
    for (int64_t i = 0; i < m; i++)
        y[i] = (double)x[i] <= thr ? vf : x[i];
}

static void threshold_f32_run(const act_ew_args *a, char **p, const aclemu_ew_iter *it, int64_t n)
{
    float b0[ACLEMU_CHUNK], y0[ACLEMU_CHUNK];
    const aclemu_ew_operand *op = a->ew.op;
    double v = a->p.alpha;
    char vb[8];
    float vf;
    aclemu_store_f64(vb, op[0].dtype, 0, &v, 1);
    aclemu_load_f32(&vf, vb, op[0].dtype, 0, 1);
    for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
        int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
        char *q0 = p[0] + c * it->inner_stride[0], *q1 = p[1] + c * it->inner_stride[1];
        const float *x = stage(q1, op[1].dtype, it->inner_stride[1], it->esize[1], m, b0);
        int direct = op[0].dtype == ACL_FLOAT && it->inner_stride[0] == 4;
        float *y = direct ? (float *)q0 : y0;
        threshold_select(x, y, m, a->p.threshold, vf);
        if (!direct)
            vec_store_f32(y, q0, op[0].dtype, it->inner_stride[0] / it->esize[0], m);
    }
}

/* erfinv in FP32: Giles' single-precision approximation ("Approximating the erfinv function",
 * GPU Computing Gems, 2011), w = -log((1 - x)(1 + x)) central for w < 5 and in sqrt(w) on the
 * tails; the logs and rsqrts on the vector loops, the polynomials in plain loops. |x| = 1 gives
 * +-Inf, |x| > 1 and NaN give NaN, +-0 stays. */
ACLEMU_ISA_CLONES __attribute__((optimize("no-trapping-math"))) /* lets the selects vectorise */
static void erfinv_poly(const float *restrict x, const float *restrict w, const float *restrict r, float *restrict y,
                        int64_t m)
{
    for (int64_t i = 0; i < m; i++) {
        float c = w[i] - 2.5f, p = 2.81022636e-08f;
        p = 3.43273939e-07f + p * c;
        p = -3.5233877e-06f + p * c;
        p = -4.39150654e-06f + p * c;
        p = 0.00021858087f + p * c;
        p = -0.00125372503f + p * c;
        p = -0.00417768164f + p * c;
        p = 0.246640727f + p * c;
        p = 1.50140941f + p * c;
        float t = w[i] * r[i] - 3.0f, q = -0.000200214257f; /* sqrt(w) - 3 */
        q = 0.000100950558f + q * t;
        q = 0.00134934322f + q * t;
        q = -0.00367342844f + q * t;
        q = 0.00573950773f + q * t;
        q = -0.0076224613f + q * t;
        q = 0.00943887047f + q * t;
        q = 1.00167406f + q * t;
        q = 2.83297682f + q * t;
        float v = (w[i] < 5.0f ? p : q) * x[i]; /* |x| > 1: w is NaN (the log of a negative) */
        y[i] = fabsf(x[i]) == 1.0f ? x[i] * __builtin_inff() : v;
    }
}

static void erfinv_f32_run(const act_ew_args *a, char **p, const aclemu_ew_iter *it, int64_t n)
{
    float b0[ACLEMU_CHUNK], w[ACLEMU_CHUNK], r[ACLEMU_CHUNK], y0[ACLEMU_CHUNK];
    const aclemu_ew_operand *op = a->ew.op;
    for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
        int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
        char *q0 = p[0] + c * it->inner_stride[0], *q1 = p[1] + c * it->inner_stride[1];
        const float *x = stage(q1, op[1].dtype, it->inner_stride[1], it->esize[1], m, b0);
        for (int64_t i = 0; i < m; i++)
            w[i] = (1.0f - x[i]) * (1.0f + x[i]);
        vec_unary_f32(VEC_LOG, NULL, w, w, m);
        for (int64_t i = 0; i < m; i++)
            w[i] = -w[i];
        vec_unary_f32(VEC_RSQRT, NULL, w, r, m);
        int direct = op[0].dtype == ACL_FLOAT && it->inner_stride[0] == 4 && (const float *)q0 != x; /* restrict */
        float *y = direct ? (float *)q0 : y0;
        erfinv_poly(x, w, r, y, m);
        if (!direct)
            vec_store_f32(y, q0, op[0].dtype, it->inner_stride[0] / it->esize[0], m);
    }
}

/* GluBackward's gradient of the first half, dy * a * s (1 - s) with s = sigmoid(c), in FP32
 * chunks: s (1 - s) = e / (1 + e)^2 with e = exp(-|c|) (symmetric, so no 1 - s cancellation for
 * large c); e on the vector loop, the rest a plain loop the compiler vectorises. */
ACLEMU_ISA_CLONES
static void glu_bwd_b_combine(const float *dy, const float *a, const float *e, float *y, int64_t m)
{
    for (int64_t i = 0; i < m; i++) {
        float d = 1.0f + e[i];
        y[i] = dy[i] * a[i] * (e[i] / (d * d));
    }
}

static void glu_bwd_b_f32_run(const act_ew_args *a, char **p, const aclemu_ew_iter *it, int64_t n)
{
    float b0[ACLEMU_CHUNK], b1[ACLEMU_CHUNK], b2[ACLEMU_CHUNK], e[ACLEMU_CHUNK], y0[ACLEMU_CHUNK];
    const aclemu_ew_operand *op = a->ew.op;
    for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
        int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
        char *q[4];
        for (int k = 0; k < 4; k++)
            q[k] = p[k] + c * it->inner_stride[k];
        const float *dy = stage(q[1], op[1].dtype, it->inner_stride[1], it->esize[1], m, b0);
        const float *x = stage(q[2], op[2].dtype, it->inner_stride[2], it->esize[2], m, b1);
        const float *g = stage(q[3], op[3].dtype, it->inner_stride[3], it->esize[3], m, b2);
        for (int64_t i = 0; i < m; i++)
            e[i] = -fabsf(g[i]);
        vec_unary_f32(VEC_EXP, NULL, e, e, m);
        int direct = op[0].dtype == ACL_FLOAT && it->inner_stride[0] == 4;
        float *y = direct ? (float *)q[0] : y0;
        glu_bwd_b_combine(dy, x, e, y, m);
        if (!direct)
            vec_store_f32(y, q[0], op[0].dtype, it->inner_stride[0] / it->esize[0], m);
    }
}

static void f64_run(const act_ew_args *a, char **p, const aclemu_ew_iter *it, int64_t n)
{
    double x[ACLEMU_CHUNK], w[ACLEMU_CHUNK], g[ACLEMU_CHUNK];
    const int nout = a->nout;
    const aclemu_ew_operand *op = a->ew.op;
    for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
        int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
        char *q[ACLEMU_EW_MAX_OPS];
        for (uint32_t k = 0; k < a->ew.nops; k++)
            q[k] = p[k] + c * it->inner_stride[k];
        aclemu_load_f64(x, q[nout], op[nout].dtype, it->inner_stride[nout], m);
        if (a->op >= ACT_UNARY_END)
            aclemu_load_f64(w, q[nout + 1], op[nout + 1].dtype, it->inner_stride[nout + 1], m);
        if (a->op < ACT_UNARY_END) {
            for (int64_t i = 0; i < m; i++)
                x[i] = unary_f64(a->op, &a->p, x[i]);
        } else if (a->op < ACT_GEGLU_TANH) {
            for (int64_t i = 0; i < m; i++)
                x[i] = binary_f64(a->op, &a->p, x[i], w[i]);
        } else if (a->op >= ACT_TERNARY_BEGIN) { /* act part: three inputs */
            aclemu_load_f64(g, q[nout + 2], op[nout + 2].dtype, it->inner_stride[nout + 2], m);
            for (int64_t i = 0; i < m; i++)
                x[i] = act_extra_ternary(a->op, &a->p, x[i], w[i], g[i]);
        } else {
            for (int64_t i = 0; i < m; i++) {
                g[i] = unary_f64(a->op, &a->p, x[i]);
                x[i] = g[i] * w[i];
            }
            aclemu_store_f64(q[1], op[1].dtype, it->inner_stride[1], g, m);
        }
        aclemu_store_f64(q[0], op[0].dtype, it->inner_stride[0], x, m);
    }
}

int act_ew_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(act_ew_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const act_ew_args *a = (const act_ew_args *)args;
    if (a->op < 0 || a->op >= ACT_OP_END || a->nout < 1 || (uint32_t)a->nout >= a->ew.nops)
        return ACLEMU_KERNEL_BAD_ARGS;
    if (a->op >= ACT_TERNARY_BEGIN && (uint32_t)a->nout + 3 > a->ew.nops) /* act part */
        return ACLEMU_KERNEL_BAD_ARGS;
    int all_float = 1;
    for (uint32_t k = 0; k < a->ew.nops; k++)
        all_float &= is_float_io(a->ew.op[k].dtype);
    const int float_threshold = a->op == ACT_THRESHOLD && all_float; /* the select in FP32 chunks */
    const int float_erfinv = a->op == ACT_ERFINV && all_float;
    const int float_glu_bwd_b = a->op == ACT_GLU_BWD_B && all_float && a->nout == 1;
    if (a->op == ACT_THRESHOLD) /* no FP32 vector loop: the select above, else exact in double */
        all_float = 0;
    if (act_extra_op(a->op) && !vec_extra[a->op]) /* act part without an FP32 vector loop: double */
        all_float = 0;
    vec_params vp = to_vec(&a->p);
    const int int_relu = (a->op == ACT_ADD_RELU || a->op == ACT_RELU) &&
                         aclemu_compute_domain(a->ew.op[0].dtype) == ACLEMU_DOM_I64;
    const int int_threshold = a->op == ACT_THRESHOLD && aclemu_compute_domain(a->ew.op[1].dtype) == ACLEMU_DOM_I64 &&
                              aclemu_compute_domain(a->ew.op[0].dtype) == ACLEMU_DOM_I64;
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[ACLEMU_EW_MAX_OPS];
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
        if (all_float)
            f32_run(a, &vp, p, &it, n);
        else if (float_threshold)
            threshold_f32_run(a, p, &it, n);
        else if (float_erfinv)
            erfinv_f32_run(a, p, &it, n);
        else if (float_glu_bwd_b)
            glu_bwd_b_f32_run(a, p, &it, n);
        else if (int_relu)
            relu_int_run(a, p, &it, n);
        else if (int_threshold)
            threshold_int_run(a, p, &it, n);
        else
            f64_run(a, p, &it, n);
    }
    return 0;
}
