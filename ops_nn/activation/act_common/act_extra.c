/* Double formulas of the activations and activation backwards of the `act` part (issue 12).
 * Backward ops follow the torch derivative conventions at the kinks (the value of the branch the
 * real kernels pick, as their docs state). */
#include <float.h>
#include <math.h>

#include "act_extra.h"

/* The fixed SELU constants (Klambauer et al.). */
#define SELU_ALPHA 1.6732632423543772848170429916717
#define SELU_LAMBDA 1.0507009873554804934193349852946

static double sigm(double x) { return 1.0 / (1.0 + exp(-x)); }

/* erf^-1 by Newton steps from Winitzki's closed-form estimate; |y| > 0.5 iterates on erfc with
 * 1 - |y| (exact there) so values near +-1 keep their precision. */
static double erfinv(double y)
{
    if (isnan(y) || y < -1.0 || y > 1.0)
        return NAN;
    if (y == 1.0 || y == -1.0)
        return copysign(INFINITY, y);
    if (y == 0.0)
        return y;
    const double a = 0.147, pi = 3.14159265358979323846;
    double ay = fabs(y), l = log((1.0 - ay) * (1.0 + ay)), t = 2.0 / (pi * a) + 0.5 * l;
    double x = sqrt(sqrt(t * t - l / a) - t);
    const double k = 1.1283791670955126; /* 2 / sqrt(pi) */
    double c = 1.0 - ay;
    for (int i = 0; i < 6; i++) {
        double d = k * exp(-x * x);
        if (d == 0.0)
            break;
        double step = ay > 0.5 ? -(erfc(x) - c) / d : (erf(x) - ay) / d;
        x -= step;
        if (fabs(step) <= 1e-17 * fabs(x))
            break;
    }
    return copysign(x, y);
}

int act_extra_op(int op)
{
    return (op >= ACT_SELU && op <= ACT_FAST_GELU_V2) || (op >= ACT_HARDSIGMOID_BWD && op <= ACT_SITU_GLU) ||
           op >= ACT_TERNARY_BEGIN;
}

double act_extra_unary(int op, const act_params *p, double x)
{
    switch (op) {
    case ACT_SELU: return x > 0 ? SELU_LAMBDA * x : SELU_LAMBDA * SELU_ALPHA * expm1(x);
    case ACT_CELU: return x > 0 ? x : p->alpha * expm1(x / p->alpha);
    case ACT_HARDSHRINK: return x >= -p->lambd && x <= p->lambd ? 0.0 : x; /* NaN passes through */
    case ACT_SOFTSHRINK: return x > p->lambd ? x - p->lambd : x < -p->lambd ? x + p->lambd : x * 0.0;
    case ACT_SHRINK: return x > p->lambd ? x - p->bias : x < -p->lambd ? x + p->bias : x * 0.0;
    case ACT_LOGSIGMOID: return (x < 0 ? x : 0.0) - log1p(exp(-fabs(x)));
    case ACT_ERFINV: return erfinv(x);
    case ACT_SQUARED_RELU: return x > 0 ? x * x : x * 0.0; /* NaN passes through */
    case ACT_LOGIT: {
        double z = x;
        if (p->lambd >= 0)
            z = z < p->lambd ? p->lambd : z > 1.0 - p->lambd ? 1.0 - p->lambd : z;
        return log(z / (1.0 - z));
    }
    case ACT_CLAMP: return x < p->lo ? p->lo : x > p->hi ? p->hi : x;
    case ACT_SOFTSIGN: return isinf(x) ? copysign(1.0, x) : x / (1.0 + fabs(x)); /* the limit at +-Inf */
    case ACT_FAST_GELU_V2: { /* the doc's sgn: (x + 1e-12) / |x + 1e-12|, so +1 at 0 */
        if (isinf(x))
            return x > 0 ? x : -0.0; /* x * 0 past the clip */
        double s = x + 1e-12 < 0 ? -1.0 : 1.0, c = fabs(0.7071 * x);
        c = (c < 1.769 ? c : 1.769) - 1.769;
        return x * (s * (-0.1444 * c * c + 0.5) + 0.5);
    }
    default: return NAN;
    }
}

double act_extra_binary(int op, const act_params *p, double a, double b)
{
    switch (op) {
    case ACT_HARDSIGMOID_BWD: return b > -3.0 && b < 3.0 ? a / 6.0 : 0.0 * a;
    case ACT_HARDSWISH_BWD: return b < -3.0 ? 0.0 * a : b <= 3.0 ? a * (b / 3.0 + 0.5) : a;
    case ACT_HARDSWISH_BWD_V2: return b <= -3.0 ? 0.0 * a : b < 3.0 ? a * (b / 3.0 + 0.5) : a;
    case ACT_MISH_BWD: {
        double sp = b > 20.0 ? b : log1p(exp(b)), t = tanh(sp);
        return a * (t + b * sigm(b) * (1.0 - t * t));
    }
    case ACT_SWISH_BWD: {
        double s = sigm(p->scale * b);
        return a * (s + p->scale * b * s * (1.0 - s));
    }
    case ACT_SOFTPLUS_BWD: {
        double z = p->beta * b;
        return z > p->threshold ? a : a * sigm(z);
    }
    case ACT_ELU_BWD: /* alpha, scale, input_scale as in Elu */
        if (p->is_result)
            return b <= 0 ? a * p->input_scale * (b + p->alpha * p->scale) : a * p->scale;
        return b <= 0 ? a * p->input_scale * p->alpha * p->scale * exp(b * p->input_scale) : a * p->scale;
    case ACT_LEAKY_RELU_BWD: return b > 0 ? a : a * p->alpha;
    case ACT_HARDTANH_BWD: return b <= p->lo || b >= p->hi ? 0.0 : a;
    case ACT_SHRINK_BWD: return b >= -p->lambd && b <= p->lambd ? 0.0 : a;
    case ACT_SELU_BWD: return b > 0 ? a * SELU_LAMBDA : a * (b + SELU_LAMBDA * SELU_ALPHA);
    case ACT_LOGSIGMOID_BWD: return a * sigm(-b);
    case ACT_FAST_GELU_BWD: {
        double s = sigm(1.702 * b);
        return a * (s + 1.702 * b * s * (1.0 - s));
    }
    case ACT_HEAVISIDE: return a == 0 ? b : a > 0 ? 1.0 : 0.0; /* NaN input gives 0, as torch */
    case ACT_LOGIT_BWD:
        if (p->lambd < 0)
            return b < 0 || b > 1 ? NAN : a / (b * (1.0 - b));
        return b < p->lambd || b > 1.0 - p->lambd ? 0.0 : a / (b * (1.0 - b));
    case ACT_MUL: return a * b;
    case ACT_GLU_BWD_A: return a * sigm(b);
    case ACT_SILU_MUL: return a * b * sigm(b);
    case ACT_TANH_BWD: return a * (1.0 - b * b);
    case ACT_SOFTSIGN_BWD: {
        double d = 1.0 + fabs(b);
        return a / (d * d);
    }
    case ACT_SWIGLU_CLAMP: {
        double g = isinf(a) && a < 0 ? -0.0 : a * sigm(a), u = b;
        g = g > p->hi ? p->hi : g;
        u = u > p->hi ? p->hi : u < -p->hi ? -p->hi : u;
        return g * u;
    }
    case ACT_FUSED_BIAS_LEAKY_RELU: {
        double v = a + b;
        return (v >= 0 || isnan(v) ? v : v * p->alpha) * p->scale;
    }
    case ACT_PRELU_GRAD_W: return b > 0 ? 0.0 : a * b; /* NaN x gives NaN, as the real select */
    case ACT_CLIPPED_SWIGLU: {
        double x = a > p->hi ? p->hi : a, y = b > p->hi ? p->hi : b < -p->hi ? -p->hi : b;
        return x / (1.0 + exp(-p->alpha * x)) * (y + p->bias);
    }
    case ACT_SITU_GLU:
        return p->scale * tanh(a / p->scale) * sigm(a) * (p->lambd > 0 ? p->lambd * tanh(b / p->lambd) : b);
    case ACT_CLIPPED_SWIGLU_POST: {
        double g = a / (1.0 + exp(-a)), y = b > p->hi ? p->hi : b < -p->hi ? -p->hi : b;
        return (g > p->hi ? p->hi : g) * y;
    }
    default: return NAN;
    }
}

/* d/dx of the two GELU forms. */
static double gelu_tanh_d(double x)
{
    const double k = 0.7978845608028654, c = 0.044715;
    double t = tanh(k * (x + c * x * x * x));
    return 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * k * (1.0 + 3.0 * c * x * x);
}

static double gelu_erf_d(double x)
{
    return 0.5 * erfc(-x * 0.7071067811865476) + x * exp(-0.5 * x * x) * 0.3989422804014327;
}

double act_extra_ternary(int op, const act_params *p, double a, double b, double c)
{
    switch (op) {
    case ACT_GLU_BWD_B: {
        double s = sigm(c);
        return a * b * s * (1.0 - s);
    }
    case ACT_SWIGLU_BWD_A: {
        double s = sigm(b);
        return a * c * (s + s * (1.0 - s) * b);
    }
    case ACT_GEGLU_BWD_TANH: return a * c * gelu_tanh_d(b);
    case ACT_GEGLU_BWD_ERF: return a * c * gelu_erf_d(b);
    case ACT_FATRELU_MUL: return (a < c ? 0.0 : a) * b;
    case ACT_PRELU_BWD: return b > 0 ? a : a * c;
    case ACT_CLIPPED_SWIGLU_BWD_A:
    case ACT_CLIPPED_SWIGLU_BWD_B: {
        double l = p->hi, x0 = b > l ? l : b, x1 = c > l ? l : c < -l ? -l : c;
        double s = 1.0 / (1.0 + exp(-p->alpha * x0));
        if (op == ACT_CLIPPED_SWIGLU_BWD_A)
            return b <= l ? a * (x1 + p->bias) * s * (1.0 + p->alpha * x0 * (1.0 - s)) : 0.0 * a;
        return c >= -l && c <= l ? a * x0 * s : 0.0 * a;
    }
    case ACT_CLIPPED_SWIGLU_W:
        return act_extra_binary(ACT_CLIPPED_SWIGLU, p, a, b) * c;
    case ACT_SITU_GLU_BWD_GATE:
    case ACT_SITU_GLU_BWD_UP: {
        double t = tanh(b / p->scale), s = sigm(b), lb = p->lambd;
        if (op == ACT_SITU_GLU_BWD_GATE)
            return a * (lb > 0 ? lb * tanh(c / lb) : c) * s * ((1.0 - t * t) + p->scale * t * (1.0 - s));
        double u = lb > 0 ? tanh(c / lb) : 0.0;
        return a * p->scale * t * s * (1.0 - u * u);
    }
    case ACT_SWIGLU_GROUP_BWD_A:
    case ACT_SWIGLU_GROUP_BWD_B: {
        const double l = p->hi;
        const int clamp = l > 0;
        double g = clamp && b > l ? l : b, u = clamp ? (c > l ? l : c < -l ? -l : c) : c;
        double s, f, d;
        if (p->is_result) { /* SwigluGroupQuantGrad: s = e / (e + 1), e = exp(g) in FP32 (Inf past
                             * 88.72: NaN), f = g s, silu' = s (1 + g (1 - s)), no special cases */
            double e = g > 88.72283935546875 ? INFINITY : exp(g);
            s = e / (e + 1.0);
            f = g * s;
            d = s * (1.0 + g * (1.0 - s));
        } else {            /* SwigluGroupGrad */
            s = 1.0 / (1.0 + exp(-g));
            f = isinf(g) && g < 0 ? 0.0 : g * s;
            if (f > -FLT_MIN && f < FLT_MIN)
                f = 0.0;
            d = isinf(f) && f > 0 ? 1.0 : s + f - f * s;
        }
        if (op == ACT_SWIGLU_GROUP_BWD_A)
            return a * d * u * (clamp ? (b < l ? 1.0 : 0.0) : 1.0);
        return a * f * (clamp ? (c < l && -c < l ? 1.0 : 0.0) : 1.0);
    }
    default: return NAN;
    }
}
