/* The pointwise kernel: per chunk of a run, each operand is read (straight from memory when it
 * already is contiguous in the compute dtype, else converted into an L1-sized buffer), the op is
 * applied in the compute domain (float for FLOAT/FLOAT16/BF16, double, int64 with the compute
 * dtype's wrap-around, or complex pairs for Eq/Ne), the result rounded to the compute dtype and
 * converted to out's dtype. Integer division by zero never traps: see pw_int_div below. */
/* NaN tests (x != x) and the selects built on them only vectorise when comparisons are not
 * treated as trapping; nothing here reads the floating-point exception flags. */
#pragma GCC optimize("no-trapping-math")

#include <math.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/kernel_util.h"
#include "pw_args.h"
#ifdef ACLEMU_HAVE_VEC
#include "eltwise.h" /* ops_nn/vec: vectorised FP32 log / exp / log1p */
#endif

#define CH ACLEMU_CHUNK

static void load_complex(double *re, double *im, const char *src, int32_t dt, int64_t stride, int64_t m,
                         int32_t cdt);

static int op_is_bool(int op) { return op <= PW_LOGICAL_XOR || op == PW_ISCLOSE || op == PW_APPROX_EQUAL; }

/* ---- float domains: one body for float and double ---------------------------------------- */

/* torch's floor division of floating values (div_floor_floating): exact floor of the true
 * quotient, signed zero kept, x / 0 as IEEE gives it. */
#define FLOOR_DIV_FLOAT(T, FMOD, FLOOR, COPYSIGN)                                                 \
    static inline T floor_div_##T(T a, T b)                                                        \
    {                                                                                              \
        if (b == 0)                                                                                \
            return a / b;                                                                          \
        T mod = FMOD(a, b);                                                                        \
        T div = (a - mod) / b;                                                                     \
        if (mod != 0 && ((b < 0) != (mod < 0)))                                                    \
            div -= 1;                                                                              \
        if (div == 0)                                                                              \
            return COPYSIGN((T)0, a / b);                                                          \
        T fl = FLOOR(div);                                                                         \
        if (div - fl > (T)0.5)                                                                     \
            fl += 1;                                                                               \
        return fl;                                                                                 \
    }
FLOOR_DIV_FLOAT(float, fmodf, floorf, copysignf)
FLOOR_DIV_FLOAT(double, fmod, floor, copysign)


/* ---- the float loops written so the compiler vectorises them --------------------------------
 * fmod / remainder / floor division of floats: with q = a / b in double, |q| < 2^24 and b finite
 * and nonzero, trunc(q) and floor(q) are those of the exact quotient (an inexact a / b of two
 * floats lies at least 2^-24 from an integer, the double rounding error is below 2^-29) and
 * a - trunc(q) * b is exact in double; the other elements go through the scalar definition. */
#define DM_LIMIT 16777216.0

/* GCC vector extensions: 8 floats / 4 doubles per step on any x86-64 (split into SSE2 halves
 * there, one AVX register where the compiler targets it). */
typedef float v8f __attribute__((vector_size(32)));
typedef int32_t v8i __attribute__((vector_size(32)));
typedef float v4f __attribute__((vector_size(16)));
typedef int32_t v4i __attribute__((vector_size(16)));
typedef double v4d __attribute__((vector_size(32)));
typedef int64_t v4l __attribute__((vector_size(32)));
/* (macros: 32-byte vector arguments of functions would change the ABI without AVX) */
#define sel8(m, a, b) ((v8f)(((v8i)(a) & (m)) | ((v8i)(b) & ~(m))))
#define sel4(m, a, b) ((v4d)(((v4l)(a) & (m)) | ((v4l)(b) & ~(m))))
#define SIGN64 ((v4l){INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN})
#define copysign4(mag, sgn) ((v4d)(((v4l)(mag) & ~SIGN64) | ((v4l)(sgn) & SIGN64)))

/* One element, the scalar definition (the fallback of the vector loop). */
static float divmod_one(float a, float b, int op)
{
    float r = fmodf(a, b);
    if (op == PW_FMOD) return r;
    if (op == PW_REMAINDER) return (r != 0 && ((b < 0) != (r < 0))) ? r + b : r;
    return floor_div_float(a, b);
}

ACLEMU_ISA_CLONES static void float_divmod_run(float *o, const float *A, const float *B, int64_t m, int op)
{
    const v4d lim = {DM_LIMIT, DM_LIMIT, DM_LIMIT, DM_LIMIT}, zero = {0, 0, 0, 0}, one = {1, 1, 1, 1};
    v4l bad = {0, 0, 0, 0};
    int64_t i = 0;
    for (; i + 4 <= m; i += 4) {
        v4f af, bf;
        memcpy(&af, A + i, sizeof af);
        memcpy(&bf, B + i, sizeof bf);
        v4d a = __builtin_convertvector(af, v4d), b = __builtin_convertvector(bf, v4d), q = a / b;
        v4l ok = (q > -lim) & (q < lim) & ((b - b) == zero) & (b != zero);
        v4d qs = sel4(ok, q, zero);
        v4d t = __builtin_convertvector(__builtin_convertvector(qs, v4i), v4d); /* trunc, |qs| < 2^24 */
        v4d res;
        if (op == PW_FMOD) {
            res = copysign4(a - t * b, a); /* exact fmod, with a's sign */
        } else {
            v4d fl = t - sel4(t > qs, one, zero); /* floor */
            if (op == PW_REMAINDER) {
                v4d r = a - fl * b;               /* exact, the sign of b; a zero keeps a's sign */
                res = sel4(r == zero, copysign4(zero, a), r);
            } else {
                res = sel4(fl == zero, copysign4(zero, q), fl);
            }
        }
        v4f rf = __builtin_convertvector(res, v4f);
        memcpy(o + i, &rf, sizeof rf);
        bad |= ~ok;
    }
    if (bad[0] | bad[1] | bad[2] | bad[3]) /* rare: zero or non-finite divisors, huge quotients */
        for (int64_t k = 0; k < i; k++) {
            double q = (double)A[k] / (double)B[k];
            if (!(q > -DM_LIMIT && q < DM_LIMIT && isfinite(B[k]) && B[k] != 0))
                o[k] = divmod_one(A[k], B[k], op);
        }
    for (; i < m; i++) o[i] = divmod_one(A[i], B[i], op);
}

static void double_divmod_run(double *o, const double *A, const double *B, int64_t m, int op)
{
    for (int64_t i = 0; i < m; i++) {
        double a = A[i], b = B[i], r = fmod(a, b);
        if (op == PW_FMOD) o[i] = r;
        else if (op == PW_REMAINDER) o[i] = (r != 0 && ((b < 0) != (r < 0))) ? r + b : r;
        else o[i] = floor_div_double(a, b);
    }
}

/* atan2 in float: |y|/|x| reduced to [0, 1], then to [-tan(pi/8), tan(pi/8)] around pi/4, a
 * degree-9 odd polynomial (the Cephes atanf coefficients, ~1e-7 relative), quadrant from the
 * signs; 0/0 and inf/inf handled as IEEE atan2 does, NaN propagates. */
static float atan2_one(float y, float x) { return atan2f(y, x); }

ACLEMU_ISA_CLONES static void float_atan2_run(float *o, const float *Y, const float *X, int64_t m)
{
#define V8(c) {c, c, c, c, c, c, c, c}
    const v8f PI = V8(3.14159265358979f), PI_2 = V8(1.57079632679490f), PI_4 = V8(0.78539816339745f);
    const v8f ONE = V8(1.0f), ZERO = V8(0.0f), INF = V8(INFINITY), T8 = V8(0.41421356237f);
    const v8f C0 = V8(8.05374449538e-2f), C1 = V8(1.38776856032e-1f), C2 = V8(1.99777106478e-1f),
              C3 = V8(3.33329491539e-1f);
    const v8i SIGN = V8(INT32_MIN);
#undef V8
    int64_t i = 0;
    for (; i + 8 <= m; i += 8) {
        v8f y, x;
        memcpy(&y, Y + i, sizeof y);
        memcpy(&x, X + i, sizeof x);
        v8f ay = (v8f)((v8i)y & ~SIGN), ax = (v8f)((v8i)x & ~SIGN);
        v8i ygt = ay > ax;
        v8f mx = sel8(ygt, ay, ax), mn = sel8(ygt, ax, ay);
        v8i both_inf = (ax == INF) & (ay == INF);
        v8f t = sel8(both_inf, ONE, sel8(mx == ZERO, ZERO, mn / mx));
        v8i big = t > T8;
        v8f u = sel8(big, (t - ONE) / (t + ONE), t);
        v8f z = u * u;
        v8f p = (((C0 * z - C1) * z + C2) * z - C3) * z * u + u;
        v8f r = sel8(big, p + PI_4, p);
        r = sel8(ygt, PI_2 - r, r);
        r = sel8((v8i)x < 0, PI - r, r); /* x < 0 or x = -0 */
        r = sel8((x != x) | (y != y), x + y, r);
        r = (v8f)(((v8i)r & ~SIGN) | ((v8i)y & SIGN));
        memcpy(o + i, &r, sizeof r);
    }
    for (; i < m; i++) o[i] = atan2_one(Y[i], X[i]);
}

static void double_atan2_run(double *o, const double *Y, const double *X, int64_t m)
{
    for (int64_t i = 0; i < m; i++) o[i] = atan2(Y[i], X[i]);
}

/* clamp: NaN in x stays, a NaN bound gives NaN, min > max gives max; one select per bound */
#define CLAMP_RUN(T)                                                                               \
    static void T##_clamp_run(T *o, const T *A, const T *B, const T *C, int64_t m, int flags)     \
    {                                                                                              \
        int64_t i;                                                                                 \
        if ((flags & PW_HAS_LO) && (flags & PW_HAS_HI))                                            \
            for (i = 0; i < m; i++) {                                                              \
                T r = A[i], lo = B[i], hi = C[i];                                                  \
                r = (r < lo || lo != lo) ? lo : r;                                                 \
                o[i] = (r > hi || hi != hi) ? hi : r;                                              \
            }                                                                                      \
        else if (flags & PW_HAS_LO)                                                                \
            for (i = 0; i < m; i++) o[i] = (A[i] < B[i] || B[i] != B[i]) ? B[i] : A[i];            \
        else                                                                                       \
            for (i = 0; i < m; i++) o[i] = (A[i] > C[i] || C[i] != C[i]) ? C[i] : A[i];            \
    }
CLAMP_RUN(float)
CLAMP_RUN(double)


/* log-based ops. Float: the vector library's log / exp / log1p where it is built in. */
ACLEMU_ISA_CLONES static void float_log_ops_run(float *o, const float *A, const float *B, int64_t m, int op)
{
    float t[CH];
    int64_t i;
    if (op == PW_XLOGY) {
#ifdef ACLEMU_HAVE_VEC
        vec_params vp = vec_params_default();
        vec_unary_f32(VEC_LOG, &vp, B, t, m);
#else
        for (i = 0; i < m; i++) t[i] = logf(B[i]);
#endif
        for (i = 0; i < m; i++) o[i] = (A[i] == 0 && B[i] == B[i]) ? 0.0f : A[i] * t[i];
        return;
    }
    const float k = op == PW_LOGADDEXP2 ? 0.69314718055994531f : 1.0f;
    for (i = 0; i < m; i++) t[i] = -fabsf(A[i] - B[i]) * k;
#ifdef ACLEMU_HAVE_VEC
    vec_params vp = vec_params_default();
    vec_unary_f32(VEC_EXP, &vp, t, t, m);
    vec_unary_f32(VEC_LOG1P, &vp, t, t, m);
#else
    for (i = 0; i < m; i++) t[i] = log1pf(expf(t[i]));
#endif
    for (i = 0; i < m; i++) {
        float a = A[i], b = B[i], mx = a > b ? a : b;
        float r = mx + t[i] / k;
        r = ((a != a) | (b != b)) ? a + b : r;   /* NaN */
        o[i] = ((a == b) & ((a - a) != 0)) ? a : r; /* equal infinities */
    }
}

static void double_log_ops_run(double *o, const double *A, const double *B, int64_t m, int op)
{
    for (int64_t i = 0; i < m; i++) {
        double a = A[i], b = B[i];
        if (op == PW_XLOGY) {
            o[i] = (a == 0 && b == b) ? 0.0 : a * log(b);
            continue;
        }
        double mx = a > b ? a : b, k = op == PW_LOGADDEXP2 ? 0.69314718055994531 : 1.0;
        double r = mx + log1p(exp(-fabs(a - b) * k)) / k;
        o[i] = (a == b && (a - a) != 0) ? a : (a != a || b != b) ? a + b : r;
    }
}

/* part mathrest: log1p of a chunk (<= CH) for Xlog1py, vectorised for float like XLogY's log. */
static void float_log1p_run(float *t, const float *B, int64_t m)
{
#ifdef ACLEMU_HAVE_VEC
    vec_params vp = vec_params_default();
    vec_unary_f32(VEC_LOG1P, &vp, B, t, m);
#else
    for (int64_t i = 0; i < m; i++) t[i] = log1pf(B[i]);
#endif
}

static void double_log1p_run(double *t, const double *B, int64_t m)
{
    for (int64_t i = 0; i < m; i++) t[i] = log1p(B[i]);
}

/* part mathrest: the gradient ops and Xlog1py / MulNoNan in float or double. */
#define MR_RUN(T, SQRT, COSH, TRUNC, FLOOR)                                                               \
    ACLEMU_ISA_CLONES static void T##_mr_run(T *o, const T *A, const T *B, int64_t m, int op, T v) \
    {                                                                                              \
        int64_t i;                                                                                 \
        switch (op) {                                                                              \
        case PW_TANH_GRAD: for (i = 0; i < m; i++) o[i] = A[i] * ((T)1 - B[i] * B[i]); break;      \
        case PW_XLOG1PY: {                                                                         \
            T t[CH];                                                                               \
            T##_log1p_run(t, B, m);                                                                \
            for (i = 0; i < m; i++) o[i] = A[i] == 0 ? (T)0 : A[i] * t[i];                         \
            break;                                                                                 \
        }                                                                                          \
        case PW_MUL_NO_NAN: for (i = 0; i < m; i++) o[i] = B[i] == 0 ? (T)0 : A[i] * B[i]; break;  \
        case PW_ATAN_GRAD: for (i = 0; i < m; i++) o[i] = B[i] / ((T)1 + A[i] * A[i]); break;      \
        case PW_SQRT_GRAD: for (i = 0; i < m; i++) o[i] = B[i] * (T)0.5 / A[i]; break;             \
        case PW_ASINH_GRAD: for (i = 0; i < m; i++) o[i] = B[i] / COSH(A[i]); break;               \
        case PW_MASKED_SCALE: for (i = 0; i < m; i++) o[i] = A[i] * B[i] * v; break;               \
        case PW_DIV_V3:                                                                            \
            if (v == 1) for (i = 0; i < m; i++) o[i] = TRUNC(A[i] / B[i]);                          \
            else if (v == 2) for (i = 0; i < m; i++) o[i] = FLOOR(A[i] / B[i]);                     \
            else for (i = 0; i < m; i++) o[i] = A[i] / B[i];                                        \
            break;                                                                                 \
        case PW_APPROX_EQUAL:                                                                      \
            for (i = 0; i < m; i++) { T d = A[i] - B[i]; o[i] = (T)((d < 0 ? -d : d) < v); }       \
            break;                                                                                 \
        default: /* (1 - x)(1 + x): exact factors, no cancellation near |x| = 1 */                \
            for (i = 0; i < m; i++)                                                                \
                o[i] = -A[i] / SQRT(((T)1 - B[i]) * ((T)1 + B[i]));                                \
            break;                                                                                 \
        }                                                                                          \
    }
MR_RUN(float, sqrtf, coshf, truncf, floorf)
MR_RUN(double, sqrt, cosh, trunc, floor)
/* end of part mathrest */

#define APPLY_FLOAT(T, FMOD, ATAN2)                                                                 \
    ACLEMU_ISA_CLONES static void apply_##T(const pw_args *a, T *o, const T *const *x, const uint8_t *cond, int64_t m) \
    {                                                                                              \
        const T *A = x[0], *B = x[1], *C = x[2];                                                   \
        const T v = (T)a->value_f;                                                                 \
        int64_t i;                                                                                 \
        switch (a->op) {                                                                           \
        case PW_EQ: for (i = 0; i < m; i++) o[i] = A[i] == B[i]; break;                            \
        case PW_NE: for (i = 0; i < m; i++) o[i] = A[i] != B[i]; break;                            \
        case PW_GT: for (i = 0; i < m; i++) o[i] = A[i] > B[i]; break;                             \
        case PW_GE: for (i = 0; i < m; i++) o[i] = A[i] >= B[i]; break;                            \
        case PW_LT: for (i = 0; i < m; i++) o[i] = A[i] < B[i]; break;                             \
        case PW_LE: for (i = 0; i < m; i++) o[i] = A[i] <= B[i]; break;                            \
        case PW_LOGICAL_AND: for (i = 0; i < m; i++) o[i] = (A[i] != 0) & (B[i] != 0); break;      \
        case PW_LOGICAL_OR: for (i = 0; i < m; i++) o[i] = (A[i] != 0) | (B[i] != 0); break;       \
        case PW_LOGICAL_XOR: for (i = 0; i < m; i++) o[i] = (A[i] != 0) ^ (B[i] != 0); break;      \
        case PW_MAXIMUM:                                                                           \
            for (i = 0; i < m; i++) {                                                              \
                T p = A[i], q = B[i];                                                              \
                o[i] = p != p ? p : q != q ? q : p < q ? q : p;                                    \
            }                                                                                      \
            break;                                                                                 \
        case PW_MINIMUM:                                                                           \
            for (i = 0; i < m; i++) {                                                              \
                T p = A[i], q = B[i];                                                              \
                o[i] = p != p ? p : q != q ? q : q < p ? q : p;                                    \
            }                                                                                      \
            break;                                                                                 \
        case PW_FMOD: case PW_REMAINDER: case PW_FLOOR_DIV: T##_divmod_run(o, A, B, m, a->op); break;  \
        case PW_ATAN2: T##_atan2_run(o, A, B, m); break;                                           \
        case PW_CLAMP: T##_clamp_run(o, A, B, C, m, a->flags); break;                              \
        case PW_ADDCDIV: for (i = 0; i < m; i++) o[i] = A[i] + v * (B[i] / C[i]); break;           \
        case PW_ADDCMUL: for (i = 0; i < m; i++) o[i] = A[i] + v * (B[i] * C[i]); break;           \
        case PW_LERP: for (i = 0; i < m; i++) o[i] = A[i] + C[i] * (B[i] - A[i]); break;           \
        case PW_WHERE: for (i = 0; i < m; i++) o[i] = cond[i] ? B[i] : C[i]; break;                \
        case PW_MAX_POOL_GRAD: for (i = 0; i < m; i++) o[i] = B[i] - C[i] == 0 ? A[i] : (T)0; break; \
        case PW_XLOGY: case PW_LOGADDEXP: case PW_LOGADDEXP2: T##_log_ops_run(o, A, B, m, a->op); break; \
        case PW_ADDR: {                                                                            \
            const T beta = (T)a->aux_f;                                                            \
            if (a->flags & PW_IGNORE_A) /* beta 0: self (even NaN / Inf) is not read */            \
                for (i = 0; i < m; i++) o[i] = v * B[i] * C[i];                                    \
            else                                                                                   \
                for (i = 0; i < m; i++) o[i] = beta * A[i] + v * B[i] * C[i];                      \
            break;                                                                                 \
        }                                                                                          \
        case PW_ISCLOSE: {                                                                         \
            const T rtol = (T)a->value_f, atol = (T)a->aux_f;                                      \
            const int en = (a->flags & PW_EQUAL_NAN) != 0;                                         \
            for (i = 0; i < m; i++) { /* bitwise & / |: no branches, the loop vectorises */     \
                T p = A[i], q = B[i], d = p > q ? p - q : q - p, aq = q < 0 ? -q : q;              \
                o[i] = (T)((p == q) | (en & (p != p) & (q != q)) | ((d - d == 0) & (d <= atol + rtol * aq))); \
            }                                                                                      \
            break;                                                                                 \
        }                                                                                          \
        case PW_TANH_GRAD: case PW_XLOG1PY: case PW_MUL_NO_NAN: case PW_ATAN_GRAD: case PW_SQRT_GRAD:      \
        case PW_ASINH_GRAD: case PW_ACOS_GRAD: case PW_MASKED_SCALE: case PW_APPROX_EQUAL:         \
        case PW_DIV_V3:                                                                            \
            T##_mr_run(o, A, B, m, a->op, v); break; /* part mathrest */                           \
        default: for (i = 0; i < m; i++) o[i] = 0; break; /* bitwise, shifts: refused by the planners */ \
        }                                                                                          \
    }
APPLY_FLOAT(float, fmodf, atan2f)
APPLY_FLOAT(double, fmod, atan2)

/* ---- integer domain ------------------------------------------------------------------------
 * Division by zero gives 0 for the quotient and the remainder (the NPU returns a defined value
 * instead of trapping; a SIGFPE must never reach the device process), and INT64_MIN / -1 wraps. */
static inline int64_t pw_int_div(int64_t a, int64_t b, int op)
{
    if (b == 0)
        return 0;
    if (b == -1) /* a / -1 = -a (wrapping), a % -1 = 0: no overflow trap */
        return op == PW_FLOOR_DIV || op == PW_ADDCDIV ? (int64_t)(0 - (uint64_t)a) : 0;
    int64_t q = a / b, r = a % b;
    switch (op) {
    case PW_FMOD: return r;
    case PW_REMAINDER: return (r != 0 && ((b < 0) != (r < 0))) ? r + b : r;
    case PW_FLOOR_DIV: return (r != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
    default: return q; /* truncating (Addcdiv) */
    }
}

ACLEMU_ISA_CLONES static void apply_i64(const pw_args *a, int64_t *o, const int64_t *const *x, const uint8_t *cond, int64_t m)
{
    const int64_t *A = x[0], *B = x[1], *C = x[2];
    const int uns = a->compute == ACL_UINT64; /* compare as unsigned */
    const uint64_t v = (uint64_t)a->value_i;
    int64_t i;
#define CMP(OP)                                                                                   \
    if (uns)                                                                                      \
        for (i = 0; i < m; i++) o[i] = (uint64_t)A[i] OP (uint64_t)B[i];                          \
    else                                                                                          \
        for (i = 0; i < m; i++) o[i] = A[i] OP B[i];                                              \
    break
    switch (a->op) {
    case PW_EQ: CMP(==);
    case PW_NE: CMP(!=);
    case PW_GT: CMP(>);
    case PW_GE: CMP(>=);
    case PW_LT: CMP(<);
    case PW_LE: CMP(<=);
    case PW_LOGICAL_AND: for (i = 0; i < m; i++) o[i] = (A[i] != 0) & (B[i] != 0); break;
    case PW_LOGICAL_OR: for (i = 0; i < m; i++) o[i] = (A[i] != 0) | (B[i] != 0); break;
    case PW_LOGICAL_XOR: for (i = 0; i < m; i++) o[i] = (A[i] != 0) ^ (B[i] != 0); break;
    case PW_BITWISE_AND: for (i = 0; i < m; i++) o[i] = A[i] & B[i]; break;
    case PW_BITWISE_OR: for (i = 0; i < m; i++) o[i] = A[i] | B[i]; break;
    case PW_BITWISE_XOR: for (i = 0; i < m; i++) o[i] = A[i] ^ B[i]; break;
    case PW_MAXIMUM:
        if (uns) for (i = 0; i < m; i++) o[i] = (uint64_t)A[i] < (uint64_t)B[i] ? B[i] : A[i];
        else for (i = 0; i < m; i++) o[i] = A[i] < B[i] ? B[i] : A[i];
        break;
    case PW_MINIMUM:
        if (uns) for (i = 0; i < m; i++) o[i] = (uint64_t)B[i] < (uint64_t)A[i] ? B[i] : A[i];
        else for (i = 0; i < m; i++) o[i] = B[i] < A[i] ? B[i] : A[i];
        break;
    case PW_FMOD: case PW_REMAINDER: case PW_FLOOR_DIV:
        for (i = 0; i < m; i++) o[i] = pw_int_div(A[i], B[i], a->op);
        break;
    case PW_CLAMP: {
        const int lo = a->flags & PW_HAS_LO, hi = a->flags & PW_HAS_HI;
        for (i = 0; i < m; i++) {
            int64_t r = A[i];
            if (lo && r < B[i]) r = B[i];
            if (hi && r > C[i]) r = C[i];
            o[i] = r;
        }
        break;
    }
    case PW_ADDCDIV:
        for (i = 0; i < m; i++) o[i] = (int64_t)((uint64_t)A[i] + v * (uint64_t)pw_int_div(B[i], C[i], PW_ADDCDIV));
        break;
    case PW_ADDCMUL:
        for (i = 0; i < m; i++) o[i] = (int64_t)((uint64_t)A[i] + v * (uint64_t)B[i] * (uint64_t)C[i]);
        break;
    case PW_LERP:
        for (i = 0; i < m; i++) o[i] = (int64_t)((uint64_t)A[i] + (uint64_t)C[i] * ((uint64_t)B[i] - (uint64_t)A[i]));
        break;
    case PW_WHERE: for (i = 0; i < m; i++) o[i] = cond[i] ? B[i] : C[i]; break;
    case PW_LSHIFT: case PW_RSHIFT: {
        const int bits = (int)aclemu_kdtype_size(a->compute) * 8;
        const int is_unsigned = a->compute == ACL_UINT8 || a->compute == ACL_UINT16 || a->compute == ACL_UINT32 || uns;
        for (i = 0; i < m; i++) {
            int64_t b = B[i];
            int out_of_range = b < 0 || b >= bits;
            if (a->op == PW_LSHIFT)
                o[i] = out_of_range ? 0 : (int64_t)((uint64_t)A[i] << b);
            else if (is_unsigned)
                o[i] = out_of_range ? 0 : (int64_t)((uint64_t)A[i] >> b);
            else
                o[i] = out_of_range ? (A[i] < 0 ? -1 : 0) : A[i] >> b;
        }
        break;
    }
    case PW_ADDR: {
        const uint64_t beta = (uint64_t)a->aux_i, ign = (a->flags & PW_IGNORE_A) != 0;
        for (i = 0; i < m; i++)
            o[i] = (int64_t)((ign ? 0 : beta * (uint64_t)A[i]) + v * (uint64_t)B[i] * (uint64_t)C[i]);
        break;
    }
    case PW_ISCLOSE: {
        for (i = 0; i < m; i++) {
            double p = (double)A[i], q = (double)B[i];
            o[i] = A[i] == B[i] || fabs(p - q) <= a->aux_f + a->value_f * fabs(q);
        }
        break;
    }
    case PW_GCD: /* part mathrest: Euclid on magnitudes (INT64_MIN's wraps like the dtype) */
        for (i = 0; i < m; i++) {
            uint64_t p = A[i] < 0 ? 0 - (uint64_t)A[i] : (uint64_t)A[i];
            uint64_t q = B[i] < 0 ? 0 - (uint64_t)B[i] : (uint64_t)B[i];
            while (q) { uint64_t r = p % q; p = q; q = r; }
            o[i] = (int64_t)p;
        }
        break;
    default: for (i = 0; i < m; i++) o[i] = 0; break; /* atan2, log ops: promoted to a float dtype */
    }
#undef CMP
}

/* Wraps int64 values to an integer compute dtype (what a cast to it does). */
static void wrap_i64(int64_t *v, int64_t m, int32_t dt)
{
    int64_t i;
    switch (dt) {
    case ACL_INT8: for (i = 0; i < m; i++) v[i] = (int8_t)v[i]; break;
    case ACL_UINT8: for (i = 0; i < m; i++) v[i] = (uint8_t)v[i]; break;
    case ACL_INT16: for (i = 0; i < m; i++) v[i] = (int16_t)v[i]; break;
    case ACL_UINT16: for (i = 0; i < m; i++) v[i] = (uint16_t)v[i]; break;
    case ACL_INT32: for (i = 0; i < m; i++) v[i] = (int32_t)v[i]; break;
    case ACL_UINT32: for (i = 0; i < m; i++) v[i] = (uint32_t)v[i]; break;
    case ACL_BOOL: for (i = 0; i < m; i++) v[i] = v[i] != 0; break;
    default: break;
    }
}

/* Rounds floats to a narrower compute dtype (FLOAT16 / BF16). */
static void round_f32(float *v, int64_t m, int32_t dt)
{
    if (dt == ACL_FLOAT16)
        for (int64_t i = 0; i < m; i++) v[i] = aclemu_half_to_float(aclemu_float_to_half(v[i]));
    else if (dt == ACL_BF16)
        for (int64_t i = 0; i < m; i++) v[i] = aclemu_bf16_to_float(aclemu_float_to_bf16(v[i]));
}

static int is_complex_dt(int32_t dt) { return dt == ACL_COMPLEX64 || dt == ACL_COMPLEX128; }

/* A real result into a COMPLEX64 / COMPLEX128 out (imaginary part 0). */
static void store_complex_out(char *dst, int32_t odt, int64_t stride, const double *v, int64_t m)
{
    for (int64_t i = 0; i < m; i++) {
        if (odt == ACL_COMPLEX64) {
            float c[2] = {(float)v[i], 0.0f};
            memcpy(dst + i * stride, c, sizeof c);
        } else {
            double c[2] = {v[i], 0.0};
            memcpy(dst + i * stride, c, sizeof c);
        }
    }
}

/* Operand j of a chunk, or NULL when it is a scalar (the caller fills it). */
typedef struct chunk_io {
    const pw_args *a;
    char *const *p;             /* run starts per ew operand */
    const int64_t *st;          /* bytes between run elements per ew operand */
    int64_t c, m;               /* chunk offset in the run, length */
    const float *fscalar[3];    /* float scalar operands, filled once per kernel call */
} chunk_io;

static const char *operand_ptr(const chunk_io *io, int k) { return io->p[k] + io->c * io->st[k]; }

/* Where's condition as bytes (nonzero = true): BOOL / UINT8 runs are used in place. */
static const uint8_t *load_cond(const chunk_io *io, uint8_t *cond)
{
    const pw_args *a = io->a;
    int k = a->src[0];
    if (k == 0) {
        memset(cond, a->si[0] != 0, (size_t)io->m);
        return cond;
    }
    int32_t dt = a->ew.op[k].dtype;
    if ((dt == ACL_BOOL || dt == ACL_UINT8) && io->st[k] == 1)
        return (const uint8_t *)operand_ptr(io, k);
    int64_t tmp[CH];
    aclemu_load_i64(tmp, operand_ptr(io, k), dt, io->st[k], io->m);
    for (int64_t i = 0; i < io->m; i++) cond[i] = tmp[i] != 0;
    return cond;
}

/* Comparisons of floats straight into a contiguous BOOL out (b: a tensor run, or NULL for the
 * scalar bs). */
ACLEMU_ISA_CLONES static void cmp_f32_bool(int op, uint8_t *o, const float *A,
                                                                          const float *B, float bs, int64_t m)
{
    int64_t i;
#define CMP_U8(OP)                                                                                 \
    if (B)                                                                                         \
        for (i = 0; i < m; i++) o[i] = A[i] OP B[i];                                               \
    else                                                                                           \
        for (i = 0; i < m; i++) o[i] = A[i] OP bs;                                                 \
    break
    switch (op) {
    case PW_EQ: CMP_U8(==);
    case PW_NE: CMP_U8(!=);
    case PW_GT: CMP_U8(>);
    case PW_GE: CMP_U8(>=);
    case PW_LT: CMP_U8(<);
    default: CMP_U8(<=);
    }
#undef CMP_U8
}

static void chunk_f32(const chunk_io *io)
{
    const pw_args *a = io->a;
    const int64_t m = io->m;
    const int32_t cdt = a->compute, odt = a->ew.op[0].dtype;
    float buf[3][CH], res[CH];
    uint8_t cbuf[CH];
    const uint8_t *cond = cbuf;
    const float *x[3] = {buf[0], buf[1], buf[2]};
    int first = 0;
    if (a->op == PW_WHERE) {
        cond = load_cond(io, cbuf);
        first = 1;
    }
    for (int j = first; j < a->narg; j++) {
        int k = a->src[j];
        if (k == 0) {
            x[j] = io->fscalar[j];
            continue;
        }
        int32_t dt = a->ew.op[k].dtype;
        if (dt == ACL_FLOAT && io->st[k] == 4) {
            x[j] = (const float *)operand_ptr(io, k);
            continue;
        }
        aclemu_load_f32(buf[j], operand_ptr(io, k), dt, io->st[k], m);
        if (dt != cdt) /* the real op casts each input to the compute dtype first */
            round_f32(buf[j], m, cdt);
    }
    if (a->op <= PW_LE && odt == ACL_BOOL && io->st[0] == 1) {
        cmp_f32_bool(a->op, (uint8_t *)operand_ptr(io, 0), x[0], a->src[1] ? x[1] : NULL, (float)a->sf[1], m);
        return;
    }
    const int direct = !op_is_bool(a->op) && odt == ACL_FLOAT && cdt == ACL_FLOAT && io->st[0] == 4;
    float *o = direct ? (float *)operand_ptr(io, 0) : res;
    apply_float(a, o, x, cond, m);
    if (direct)
        return;
    if (!op_is_bool(a->op) && odt != cdt)
        round_f32(res, m, cdt);
    if (is_complex_dt(odt)) {
        double d[CH];
        for (int64_t i = 0; i < m; i++) d[i] = res[i];
        store_complex_out((char *)operand_ptr(io, 0), odt, io->st[0], d, m);
        return;
    }
    if (odt == ACL_BOOL && io->st[0] == 1) {
        uint8_t *ob = (uint8_t *)operand_ptr(io, 0);
        for (int64_t i = 0; i < m; i++) ob[i] = res[i] != 0;
        return;
    }
    aclemu_store_f32((char *)operand_ptr(io, 0), odt, io->st[0], res, m);
}

static void chunk_f64(const chunk_io *io)
{
    const pw_args *a = io->a;
    const int64_t m = io->m;
    double buf[3][CH], res[CH];
    uint8_t cbuf[CH];
    const uint8_t *cond = cbuf;
    const double *x[3] = {buf[0], buf[1], buf[2]};
    int first = 0;
    if (a->op == PW_WHERE) {
        cond = load_cond(io, cbuf);
        first = 1;
    }
    for (int j = first; j < a->narg; j++) {
        int k = a->src[j];
        if (k == 0) {
            for (int64_t i = 0; i < m; i++) buf[j][i] = a->sf[j];
            continue;
        }
        int32_t dt = a->ew.op[k].dtype;
        if (dt == ACL_DOUBLE && io->st[k] == 8) {
            x[j] = (const double *)operand_ptr(io, k);
            continue;
        }
        if (is_complex_dt(dt)) { /* logical ops: a complex value is true when either part is */
            double im[CH];
            load_complex(buf[j], im, operand_ptr(io, k), dt, io->st[k], m, dt);
            for (int64_t i = 0; i < m; i++) buf[j][i] = buf[j][i] != 0 || im[i] != 0;
            continue;
        }
        aclemu_load_f64(buf[j], operand_ptr(io, k), dt, io->st[k], m);
    }
    apply_double(a, res, x, cond, m);
    if (is_complex_dt(a->ew.op[0].dtype)) {
        store_complex_out((char *)operand_ptr(io, 0), a->ew.op[0].dtype, io->st[0], res, m);
        return;
    }
    aclemu_store_f64((char *)operand_ptr(io, 0), a->ew.op[0].dtype, io->st[0], res, m);
}

/* INT32 straight through: every operand and out contiguous INT32 tensors (or a scalar operand,
 * broadcast through a chunk buffer), for the ops whose INT32 result needs no widening (bitwise,
 * shifts, maximum / minimum). Also when they compute in INT64 (an INT64 scalar) but store INT32:
 * the low 32 bits of a bitwise op or shift of INT32 values (sign-extended) are those of the
 * 32-bit op on the low 32 bits of its operands, counts past 31 included; maximum / minimum
 * only with a scalar within INT32's range. 0 when not applicable. */
ACLEMU_ISA_CLONES static int chunk_i32_direct(const chunk_io *io)
{
    const pw_args *a = io->a;
    int op = a->op, mm = op == PW_MAXIMUM || op == PW_MINIMUM;
    if (!(a->compute == ACL_INT32 || (a->compute == ACL_INT64 && a->ew.op[0].dtype == ACL_INT32)) || a->narg != 2 ||
        (a->src[0] == 0 && a->src[1] == 0) ||
        !(op == PW_BITWISE_AND || op == PW_BITWISE_OR || op == PW_BITWISE_XOR || op == PW_LSHIFT ||
          op == PW_RSHIFT || mm))
        return 0;
    for (int k = 0; k < 3; k++) {
        int e = k == 0 ? 0 : a->src[k - 1];
        if (k > 0 && e == 0) {
            if (mm && (a->si[k - 1] < INT32_MIN || a->si[k - 1] > INT32_MAX))
                return 0;
            continue;
        }
        if (a->ew.op[e].dtype != ACL_INT32 || io->st[e] != 4)
            return 0;
    }
    const int64_t m = io->m;
    int32_t sbuf[CH];
    const int32_t *ab[2];
    for (int j = 0; j < 2; j++) {
        if (a->src[j] != 0) {
            ab[j] = (const int32_t *)operand_ptr(io, a->src[j]);
            continue;
        }
        int32_t v = (int32_t)(uint32_t)((uint64_t)a->si[j] & 0xffffffffu);
        if ((op == PW_LSHIFT || op == PW_RSHIFT) && j == 1 && (a->si[1] < 0 || a->si[1] > 31))
            v = 32; /* a count out of [0, 31] as a whole: 0 (left), the sign (right) */
        for (int64_t i = 0; i < m; i++) sbuf[i] = v;
        ab[j] = sbuf;
    }
    int32_t *o = (int32_t *)operand_ptr(io, 0);
    const int32_t *A = ab[0], *B = ab[1];
    int64_t i;
    switch (op) {
    case PW_BITWISE_AND: for (i = 0; i < m; i++) o[i] = A[i] & B[i]; break;
    case PW_BITWISE_OR: for (i = 0; i < m; i++) o[i] = A[i] | B[i]; break;
    case PW_BITWISE_XOR: for (i = 0; i < m; i++) o[i] = A[i] ^ B[i]; break;
    case PW_MAXIMUM: for (i = 0; i < m; i++) o[i] = A[i] < B[i] ? B[i] : A[i]; break;
    case PW_MINIMUM: for (i = 0; i < m; i++) o[i] = B[i] < A[i] ? B[i] : A[i]; break;
    case PW_LSHIFT: /* negative counts become >= 32 as unsigned: 0 */
        for (i = 0; i < m; i++) {
            uint32_t b = (uint32_t)B[i], keep = b < 32 ? 0xffffffffu : 0u;
            o[i] = (int32_t)(((uint32_t)A[i] << (b & 31)) & keep);
        }
        break;
    default: /* PW_RSHIFT, arithmetic; out-of-range counts shift by 31 */
        for (i = 0; i < m; i++) {
            uint32_t b = (uint32_t)B[i];
            o[i] = A[i] >> (b < 32 ? b : 31u);
        }
        break;
    }
    return 1;
}

static void chunk_i64(const chunk_io *io)
{
    if (chunk_i32_direct(io))
        return;
    const pw_args *a = io->a;
    const int64_t m = io->m;
    int64_t buf[3][CH], res[CH];
    uint8_t cbuf[CH];
    const uint8_t *cond = cbuf;
    const int64_t *x[3] = {buf[0], buf[1], buf[2]};
    int first = 0;
    if (a->op == PW_WHERE) {
        cond = load_cond(io, cbuf);
        first = 1;
    }
    for (int j = first; j < a->narg; j++) {
        int k = a->src[j];
        if (k == 0) {
            for (int64_t i = 0; i < m; i++) buf[j][i] = a->si[j];
            continue;
        }
        int32_t dt = a->ew.op[k].dtype;
        const char *src = operand_ptr(io, k);
        if (dt == ACL_INT64 && io->st[k] == 8 && a->compute == ACL_INT64) {
            x[j] = (const int64_t *)src;
            continue;
        }
        if (dt == ACL_INT32 && io->st[k] == 4) {
            const int32_t *q = (const int32_t *)src;
            for (int64_t i = 0; i < m; i++) buf[j][i] = q[i];
        } else if ((dt == ACL_INT8 || dt == ACL_UINT8 || dt == ACL_BOOL) && io->st[k] == 1) {
            if (dt == ACL_INT8) for (int64_t i = 0; i < m; i++) buf[j][i] = ((const int8_t *)src)[i];
            else for (int64_t i = 0; i < m; i++) buf[j][i] = ((const uint8_t *)src)[i];
            if (dt == ACL_BOOL) for (int64_t i = 0; i < m; i++) buf[j][i] = buf[j][i] != 0;
        } else {
            aclemu_load_i64(buf[j], src, dt, io->st[k], m);
        }
        if (dt != a->compute)
            wrap_i64(buf[j], m, a->compute);
    }
    apply_i64(a, res, x, cond, m);
    if (!op_is_bool(a->op))
        wrap_i64(res, m, a->compute);
    if (is_complex_dt(a->ew.op[0].dtype)) {
        double d[CH];
        for (int64_t i = 0; i < m; i++) d[i] = (double)res[i];
        store_complex_out((char *)operand_ptr(io, 0), a->ew.op[0].dtype, io->st[0], d, m);
        return;
    }
    int32_t odt = a->ew.op[0].dtype;
    char *dst = (char *)operand_ptr(io, 0);
    if (odt == ACL_INT32 && io->st[0] == 4) {
        for (int64_t i = 0; i < m; i++) ((int32_t *)dst)[i] = (int32_t)res[i];
    } else if (odt == ACL_INT64 && io->st[0] == 8) {
        memcpy(dst, res, (size_t)m * 8);
    } else if (odt == ACL_BOOL && io->st[0] == 1) {
        for (int64_t i = 0; i < m; i++) ((uint8_t *)dst)[i] = res[i] != 0;
    } else {
        aclemu_store_i64(dst, odt, io->st[0], res, m);
    }
}

/* Complex operands (Eq / Ne with a COMPLEX64 / COMPLEX128 compute dtype): real dtypes read
 * with a zero imaginary part, COMPLEX64 compute rounds both parts to float. */
static void load_complex(double *re, double *im, const char *src, int32_t dt, int64_t stride, int64_t m,
                         int32_t cdt)
{
    if (dt == ACL_COMPLEX64) {
        for (int64_t i = 0; i < m; i++) {
            float v[2];
            memcpy(v, src + i * stride, sizeof v);
            re[i] = v[0];
            im[i] = v[1];
        }
    } else if (dt == ACL_COMPLEX128) {
        for (int64_t i = 0; i < m; i++) {
            double v[2];
            memcpy(v, src + i * stride, sizeof v);
            re[i] = v[0];
            im[i] = v[1];
        }
    } else {
        aclemu_load_f64(re, src, dt, stride, m);
        for (int64_t i = 0; i < m; i++) im[i] = 0;
    }
    if (cdt == ACL_COMPLEX64)
        for (int64_t i = 0; i < m; i++) {
            re[i] = (float)re[i];
            im[i] = (float)im[i];
        }
}

static void chunk_complex(const chunk_io *io)
{
    const pw_args *a = io->a;
    const int64_t m = io->m;
    double re[2][CH], im[2][CH], res[CH];
    for (int j = 0; j < 2; j++) {
        int k = a->src[j];
        if (k == 0) {
            for (int64_t i = 0; i < m; i++) {
                re[j][i] = a->sf[j];
                im[j][i] = a->sf[2]; /* the scalar's imaginary part rides in sf[2] */
            }
            continue;
        }
        load_complex(re[j], im[j], operand_ptr(io, k), a->ew.op[k].dtype, io->st[k], m, a->compute);
    }
    int ne = a->op == PW_NE;
    for (int64_t i = 0; i < m; i++) {
        int eq = re[0][i] == re[1][i] && im[0][i] == im[1][i];
        res[i] = ne ? !eq : eq;
    }
    if (is_complex_dt(a->ew.op[0].dtype)) {
        store_complex_out((char *)operand_ptr(io, 0), a->ew.op[0].dtype, io->st[0], res, m);
        return;
    }
    aclemu_store_f64((char *)operand_ptr(io, 0), a->ew.op[0].dtype, io->st[0], res, m);
}

/* Where on complex values: both sides already have out's dtype, so elements move bit for bit. */
static void chunk_select_bytes(const chunk_io *io)
{
    const pw_args *a = io->a;
    uint8_t cbuf[CH];
    const uint8_t *cond = load_cond(io, cbuf);
    size_t es = aclemu_kdtype_size(a->ew.op[0].dtype);
    const int kb = a->src[1], kc = a->src[2];
    char *o = (char *)operand_ptr(io, 0);
    const char *b = operand_ptr(io, kb), *c = operand_ptr(io, kc);
    for (int64_t i = 0; i < io->m; i++)
        memcpy(o + i * io->st[0], cond[i] ? b + i * io->st[kb] : c + i * io->st[kc], es);
}

static int pointwise_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(pw_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const pw_args *a = (const pw_args *)args;
    pw_args local;
    if (a->flags & PW_TENSOR_VALUES) { /* value / aux live in device tensors: read them once */
        local = *a;
        float f[2];
        for (int k = 0; k < 2; k++) {
            const aclemu_tdesc *t = &a->tval[k];
            if (!t->addr || aclemu_compute_domain(t->dtype) != ACLEMU_DOM_F32)
                return ACLEMU_KERNEL_BAD_ARGS;
            aclemu_load_f32(&f[k], (const char *)(uintptr_t)t->addr + t->offset * (int64_t)aclemu_kdtype_size(t->dtype),
                            t->dtype, 0, 1);
        }
        local.value_f = f[0], local.aux_f = f[1];
        local.value_i = (int64_t)f[0], local.aux_i = (int64_t)f[1];
        a = &local;
    }
    if (a->op < 0 || a->op >= PW_OP_COUNT || a->narg < 1 || a->narg > 3)
        return ACLEMU_KERNEL_BAD_ARGS;
    for (int j = 0; j < a->narg; j++)
        if (a->src[j] < 0 || (uint32_t)a->src[j] >= a->ew.nops)
            return ACLEMU_KERNEL_BAD_ARGS;
    const int cplx = a->compute == ACL_COMPLEX64 || a->compute == ACL_COMPLEX128;
    if (cplx && a->op != PW_EQ && a->op != PW_NE &&
        !(a->op == PW_WHERE && a->src[1] > 0 && a->src[2] > 0 && a->ew.op[a->src[1]].dtype == a->ew.op[0].dtype &&
          a->ew.op[a->src[2]].dtype == a->ew.op[0].dtype))
        return ACLEMU_KERNEL_BAD_ARGS;
    const int dom = aclemu_compute_domain(a->compute);
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[ACLEMU_EW_MAX_OPS] = {0};
    int64_t n;
    float fs[3][CH];
    const float *fsp[3] = {fs[0], fs[1], fs[2]};
    if (!cplx && dom == ACLEMU_DOM_F32)
        for (int j = 0; j < a->narg; j++)
            if (a->src[j] == 0)
                for (int64_t i = 0; i < CH; i++) fs[j][i] = (float)a->sf[j];
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
        chunk_io io = {a, p, it.inner_stride, 0, 0, {fsp[0], fsp[1], fsp[2]}};
        for (int64_t c = 0; c < n; c += CH) {
            io.c = c;
            io.m = n - c < CH ? n - c : CH;
            if (cplx && a->op == PW_WHERE) chunk_select_bytes(&io);
            else if (cplx) chunk_complex(&io);
            else if (dom == ACLEMU_DOM_F32) chunk_f32(&io);
            else if (dom == ACLEMU_DOM_F64) chunk_f64(&io);
            else chunk_i64(&io);
        }
    }
    return 0;
}

ACLEMU_KERNEL("Pointwise", pointwise_kernel);
