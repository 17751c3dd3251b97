/* The elementwise unary family's kernel ("UnaryMath"). FP32-domain results run the vectorised
 * FP32 loops of ops_nn/vec (FLOAT16 / BF16 converted in chunks, rounded once on store);
 * DOUBLE results use double libm; integer results of integer inputs are exact in int64 and
 * wrap when stored, as the integer units do (Abs(INT32_MIN) = INT32_MIN, Neg too); the
 * predicates (IsFinite, IsInf, Signbit, LogicalNot, ...) store 0 / 1 in out's dtype. */
/* lgamma_r (the build defines _GNU_SOURCE): lgamma's global signgam is not thread safe */
#include <complex.h>
#include <math.h>
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "dtype.h"
#include "eltwise.h"
#include "unary_args.h"

/* The vector loop of each op in the FP32 domain; -1: element by element in double. */
static const int8_t vec_of[UN_OP_END] = {
    [UN_ABS] = VEC_ABS, [UN_NEG] = VEC_NEG, [UN_SIGN] = VEC_SIGN, [UN_SQUARE] = VEC_SQUARE,
    [UN_RECIPROCAL] = VEC_RECIPROCAL, [UN_RSQRT] = VEC_RSQRT, [UN_LOG] = VEC_LOG, [UN_LOG2] = VEC_LOG2,
    [UN_LOG10] = VEC_LOG10, [UN_LOG1P] = VEC_LOG1P, [UN_EXP2] = VEC_EXP2, [UN_EXPM1] = VEC_EXPM1,
    [UN_SIN] = VEC_SIN, [UN_COS] = VEC_COS, [UN_TAN] = VEC_TAN, [UN_ASIN] = VEC_ASIN,
    [UN_ACOS] = VEC_ACOS, [UN_ATAN] = VEC_ATAN, [UN_SINH] = VEC_SINH, [UN_COSH] = VEC_COSH,
    [UN_ASINH] = VEC_ASINH, [UN_ACOSH] = VEC_ACOSH, [UN_ATANH] = VEC_ATANH, [UN_ERF] = VEC_ERF,
    [UN_ERFC] = VEC_ERFC, [UN_SINC] = VEC_SINC, [UN_DIGAMMA] = VEC_DIGAMMA, [UN_LGAMMA] = VEC_LGAMMA,
    [UN_ROUND] = VEC_ROUND, [UN_ROUND_DECIMALS] = VEC_ROUND_SCALED, [UN_FLOOR] = VEC_FLOOR,
    [UN_CEIL] = VEC_CEIL, [UN_TRUNC] = VEC_TRUNC, [UN_FRAC] = VEC_FRAC, [UN_BITWISE_NOT] = -1,
    [UN_NAN_TO_NUM] = VEC_NAN_TO_NUM,
};

static int is_float_io(int32_t dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
}

/* ---- double ------------------------------------------------------------------------------ */
/* psi(x): reflection below 0, recurrence up to 10, then the asymptotic series; psi(+-0) =
 * -+Inf and NaN at the negative integers, as torch.digamma. */
static double digamma(double x)
{
    if (x == 0)
        return copysign(INFINITY, -x);
    if (isnan(x) || x == INFINITY)
        return x;
    if (x < 0) {
        if (x == trunc(x))
            return NAN;
        return digamma(1.0 - x) - M_PI / tan(M_PI * x);
    }
    double r = 0;
    while (x < 10.0) {
        r -= 1.0 / x;
        x += 1.0;
    }
    double z = 1.0 / (x * x);
    double s = z * (1.0 / 12 - z * (1.0 / 120 - z * (1.0 / 252 - z * (1.0 / 240 - z * (1.0 / 132)))));
    return r + log(x) - 0.5 / x - s;
}

/* sin(pi x) / (pi x) with x reduced exactly by halves (as the FP32 path): integers give exact
 * zeros rather than sin of a rounded pi x */
static double sinc(double x)
{
    if (x == 0)
        return 1.0;
    if (!isfinite(x))
        return NAN;
    double n = nearbyint(2 * x), r = x - n / 2, t = M_PI * r;
    double q = n - 4 * floor(n / 4);
    double s = q == 0 ? sin(t) : q == 1 ? cos(t) : q == 2 ? -sin(t) : -cos(t);
    return s / (M_PI * x);
}

/* torch.round(x, decimals): scaled by 10^|decimals| in the computing precision, half to even */
static double round_decimals(double x, int64_t d)
{
    double p = pow(10.0, (double)(d > 0 ? d : -d));
    return d > 0 ? nearbyint(x * p) / p : nearbyint(x / p) * p;
}

static double f64_op(int op, double x, int64_t decimals)
{
    switch (op) {
    case UN_ABS: return fabs(x);
    case UN_NEG: return -x;
    case UN_SIGN: return (double)(x > 0) - (double)(x < 0);
    case UN_SQUARE: return x * x;
    case UN_RECIPROCAL: return 1.0 / x;
    case UN_RSQRT: return 1.0 / sqrt(x);
    case UN_LOG: return log(x);
    case UN_LOG2: return log2(x);
    case UN_LOG10: return log10(x);
    case UN_LOG1P: return log1p(x);
    case UN_EXP2: return exp2(x);
    case UN_EXPM1: return expm1(x);
    case UN_SIN: return sin(x);
    case UN_COS: return cos(x);
    case UN_TAN: return tan(x);
    case UN_ASIN: return asin(x);
    case UN_ACOS: return acos(x);
    case UN_ATAN: return atan(x);
    case UN_SINH: return sinh(x);
    case UN_COSH: return cosh(x);
    case UN_ASINH: return asinh(x);
    case UN_ACOSH: return acosh(x);
    case UN_ATANH: return atanh(x);
    case UN_ERF: return erf(x);
    case UN_ERFC: return erfc(x);
    case UN_SINC: return sinc(x);
    case UN_DIGAMMA: return digamma(x);
    case UN_LGAMMA: {
        int sg;
        return lgamma_r(x, &sg);
    }
    case UN_ROUND: return nearbyint(x);
    case UN_ROUND_DECIMALS: return round_decimals(x, decimals);
    case UN_FLOOR: return floor(x);
    case UN_CEIL: return ceil(x);
    case UN_TRUNC: return trunc(x);
    case UN_FRAC: return x - trunc(x);
    default: return NAN;
    }
}

/* ---- runs ------------------------------------------------------------------------------- */
typedef struct run {
    const unary_args *a;
    char *out, *in;
    int64_t so, si;   /* byte strides */
    int64_t eo, ei;   /* element sizes */
    int32_t odt, idt;
} run;

static void f32_run(const run *r, int64_t n)
{
    float xb[ACLEMU_CHUNK], yb[ACLEMU_CHUNK];
    vec_params vp = vec_params_default();
    const int op = r->a->op, vop = vec_of[op];
    if (op == UN_ROUND_DECIMALS) {
        int64_t d = r->a->decimals;
        vp.scalar = (float)pow(10.0, (double)(d > 0 ? d : -d));
        vp.alpha = d > 0 ? 1.0f : -1.0f;
    } else if (op == UN_NAN_TO_NUM) {
        vp.alpha = r->a->nan_v;
        vp.scalar = r->a->posinf_v;
        vp.threshold = r->a->neginf_v;
    }
    const int in_f = is_float_io(r->idt), out_f = is_float_io(r->odt);
    const int narrow_result = (r->a->result == ACL_FLOAT16 || r->a->result == ACL_BF16) && r->a->result != r->odt;
    for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
        int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
        char *pi = r->in + c * r->si, *po = r->out + c * r->so;
        const float *x = xb;
        if (r->idt == ACL_FLOAT && r->si == 4)
            x = (const float *)pi;
        else if (in_f)
            vec_load_f32(pi, r->idt, r->si / r->ei, xb, m);
        else
            aclemu_load_f32(xb, pi, r->idt, r->si, m);
        float *y = r->odt == ACL_FLOAT && r->so == 4 ? (float *)po : yb;
        if (vop >= 0) {
            vec_unary_f32((vec_unary_op)vop, &vp, x, y, m);
        } else {
            for (int64_t i = 0; i < m; i++)
                y[i] = (float)f64_op(op, (double)x[i], r->a->decimals);
        }
        if (narrow_result) { /* FLOAT16 / BF16 result cast to a wider out */
            uint16_t h[ACLEMU_CHUNK];
            vec_store_f32(y, h, r->a->result, 1, m);
            vec_load_f32(h, r->a->result, 1, y, m);
        }
        if (y == yb) {
            if (out_f)
                vec_store_f32(yb, po, r->odt, r->so / r->eo, m);
            else
                aclemu_store_f32(po, r->odt, r->so, yb, m);
        }
    }
}

static void f64_run(const run *r, int64_t n)
{
    double x[ACLEMU_CHUNK];
    for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
        int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
        aclemu_load_f64(x, r->in + c * r->si, r->idt, r->si, m);
        for (int64_t i = 0; i < m; i++)
            x[i] = f64_op(r->a->op, x[i], r->a->decimals);
        aclemu_store_f64(r->out + c * r->so, r->odt, r->so, x, m);
    }
}

static int is_unsigned(int32_t dt)
{
    return dt == ACL_UINT8 || dt == ACL_UINT16 || dt == ACL_UINT32 || dt == ACL_UINT64 || dt == ACL_BOOL;
}

/* Integer results: int64 arithmetic in unsigned form (no UB), narrowed by the store. */
static int64_t i64_op(int op, int32_t dt, int64_t x, int64_t decimals)
{
    uint64_t u = (uint64_t)x;
    switch (op) {
    case UN_ABS: return is_unsigned(dt) || x >= 0 ? x : (int64_t)(0 - u);
    case UN_NEG: return (int64_t)(0 - u);
    case UN_SIGN: return is_unsigned(dt) ? x != 0 : (x > 0) - (x < 0);
    case UN_SQUARE: return (int64_t)(u * u);
    case UN_BITWISE_NOT: return dt == ACL_BOOL ? !x : (int64_t)~u;
    case UN_FRAC: return 0;
    case UN_ROUND_DECIMALS:
        return decimals >= 0 ? x : (int64_t)round_decimals((double)x, decimals);
    default: return x; /* floor / ceil / trunc / round of an integer */
    }
}

/* Same integer dtype in and out: the op on the dtype itself (wrapping in its width), plain
 * loops the compiler vectorises; other combinations go through int64. */
#define SAME_INT_LOOP(T, UT, EXPR)                                                                \
    if (r->si == (int64_t)sizeof(T) && r->so == (int64_t)sizeof(T)) {                             \
        const T *xp = (const T *)(const void *)r->in;                                             \
        T *yp = (T *)(void *)r->out;                                                              \
        for (int64_t i = 0; i < n; i++) {                                                         \
            T x = xp[i];                                                                          \
            UT u = (UT)x;                                                                         \
            (void)u;                                                                              \
            yp[i] = (T)(EXPR);                                                                    \
        }                                                                                         \
    } else {                                                                                      \
        for (int64_t i = 0; i < n; i++) {                                                         \
            T x = *(const T *)(const void *)(r->in + i * r->si);                                  \
            UT u = (UT)x;                                                                         \
            (void)u;                                                                              \
            *(T *)(void *)(r->out + i * r->so) = (T)(EXPR);                                       \
        }                                                                                         \
    }
#define SAME_INT_OPS(T, UT)                                                                       \
    switch (op) {                                                                                 \
    case UN_ABS: SAME_INT_LOOP(T, UT, x < 0 ? (UT)(0 - u) : u) break;                             \
    case UN_NEG: SAME_INT_LOOP(T, UT, (UT)(0 - u)) break;                                         \
    case UN_SQUARE: SAME_INT_LOOP(T, UT, (UT)(u * u)) break;                                      \
    case UN_BITWISE_NOT: SAME_INT_LOOP(T, UT, (UT)~u) break;                                      \
    default: SAME_INT_LOOP(T, UT, (x > 0) - (x < 0)) break; /* UN_SIGN */                         \
    }

static int same_int_run(const run *r, int64_t n)
{
    const int op = r->a->op;
    if (r->idt != r->odt || !(op == UN_ABS || op == UN_NEG || op == UN_SQUARE || op == UN_BITWISE_NOT || op == UN_SIGN))
        return 0;
    switch (r->idt) {
    case ACL_INT8: SAME_INT_OPS(int8_t, uint8_t) return 1;
    case ACL_INT16: SAME_INT_OPS(int16_t, uint16_t) return 1;
    case ACL_INT32: SAME_INT_OPS(int32_t, uint32_t) return 1;
    case ACL_INT64: SAME_INT_OPS(int64_t, uint64_t) return 1;
    default: return 0; /* unsigned and BOOL: the int64 path */
    }
}

static void i64_run(const run *r, int64_t n)
{
    if (same_int_run(r, n))
        return;
    int64_t x[ACLEMU_CHUNK];
    for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
        int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
        aclemu_load_i64(x, r->in + c * r->si, r->idt, r->si, m);
        for (int64_t i = 0; i < m; i++)
            x[i] = i64_op(r->a->op, r->idt, x[i], r->a->decimals);
        aclemu_store_i64(r->out + c * r->so, r->odt, r->so, x, m);
    }
}

static int pred_f(int op, double x)
{
    switch (op) {
    case UN_ISFINITE: return isfinite(x);
    case UN_ISINF: return isinf(x);
    case UN_ISPOSINF: return x == INFINITY;
    case UN_ISNEGINF: return x == -INFINITY;
    case UN_SIGNBIT: return signbit(x) != 0;
    default: return x == 0; /* UN_LOGICAL_NOT: NaN is true-ish, so !NaN = 0 */
    }
}

static int pred_i(int op, int32_t dt, int64_t x)
{
    switch (op) {
    case UN_ISFINITE: return 1;
    case UN_SIGNBIT: return !is_unsigned(dt) && x < 0;
    case UN_LOGICAL_NOT: return x == 0;
    default: return 0; /* integers are never infinite */
    }
}

static void pred_run(const run *r, int64_t n)
{
    float xf[ACLEMU_CHUNK];
    double xd[ACLEMU_CHUNK];
    int64_t xi[ACLEMU_CHUNK];
    uint8_t b[ACLEMU_CHUNK];
    float bf[ACLEMU_CHUNK];
    const int op = r->a->op;
    const int in_f = is_float_io(r->idt);
    for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
        int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
        char *pi = r->in + c * r->si, *po = r->out + c * r->so;
        uint8_t *y = r->odt == ACL_BOOL && r->so == 1 ? (uint8_t *)po : b;
        if (in_f) {
            const float *x = xf;
            if (r->idt == ACL_FLOAT && r->si == 4)
                x = (const float *)pi;
            else
                vec_load_f32(pi, r->idt, r->si / r->ei, xf, m);
            const uint32_t *u = (const uint32_t *)(const void *)x;
            switch (op) { /* plain loops on the bits the compiler vectorises */
            case UN_ISFINITE:
                for (int64_t i = 0; i < m; i++) y[i] = (u[i] & 0x7f800000u) != 0x7f800000u;
                break;
            case UN_ISINF:
                for (int64_t i = 0; i < m; i++) y[i] = (u[i] & 0x7fffffffu) == 0x7f800000u;
                break;
            case UN_ISPOSINF:
                for (int64_t i = 0; i < m; i++) y[i] = u[i] == 0x7f800000u;
                break;
            case UN_ISNEGINF:
                for (int64_t i = 0; i < m; i++) y[i] = u[i] == 0xff800000u;
                break;
            case UN_SIGNBIT:
                for (int64_t i = 0; i < m; i++) y[i] = (uint8_t)(u[i] >> 31);
                break;
            default: /* UN_LOGICAL_NOT: +-0 only */
                for (int64_t i = 0; i < m; i++) y[i] = (u[i] & 0x7fffffffu) == 0;
            }
        } else if (r->idt == ACL_DOUBLE) {
            aclemu_load_f64(xd, pi, r->idt, r->si, m);
            for (int64_t i = 0; i < m; i++) y[i] = (uint8_t)pred_f(op, xd[i]);
        } else {
            aclemu_load_i64(xi, pi, r->idt, r->si, m);
            for (int64_t i = 0; i < m; i++) y[i] = (uint8_t)pred_i(op, r->idt, xi[i]);
        }
        if (y == b) {
            for (int64_t i = 0; i < m; i++) bf[i] = b[i];
            aclemu_store_f32(po, r->odt, r->so, bf, m);
        }
    }
}

/* ---- complex --------------------------------------------------------------------------- */
static double complex c_op(int op, double complex z)
{
    switch (op) {
    case UN_NEG: return -z;
    case UN_SIGN: return z == 0 ? 0 : z / cabs(z); /* torch.sgn */
    case UN_RECIPROCAL: return 1.0 / z;
    case UN_RSQRT: return 1.0 / csqrt(z);
    case UN_LOG: return clog(z);
    case UN_LOG2: return clog(z) / M_LN2;
    case UN_LOG10: return clog(z) / M_LN10;
    case UN_SIN: return csin(z);
    case UN_COS: return ccos(z);
    case UN_TAN: return ctan(z);
    case UN_SINH: return csinh(z);
    case UN_COSH: return ccosh(z);
    case UN_ASINH: return casinh(z);
    case UN_ACOSH: return cacosh(z);
    case UN_ATANH: return catanh(z);
    default: return NAN;
    }
}

/* COMPLEX64 / COMPLEX128 self: computed in double complex, rounded to out's precision; Abs
 * stores |z| into its real out */
static void cplx_run(const run *r, int64_t n)
{
    const int op = r->a->op;
    for (int64_t i = 0; i < n; i++) {
        const char *pi = r->in + i * r->si;
        char *po = r->out + i * r->so;
        double complex z;
        if (r->idt == ACL_COMPLEX64) {
            float v[2];
            memcpy(v, pi, sizeof v);
            z = CMPLX(v[0], v[1]);
        } else {
            double v[2];
            memcpy(v, pi, sizeof v);
            z = CMPLX(v[0], v[1]);
        }
        if (op == UN_ABS) {
            double a = cabs(z);
            aclemu_store_f64(po, r->odt, r->so, &a, 1);
            continue;
        }
        double complex y = c_op(op, z);
        if (r->odt == ACL_COMPLEX64) {
            float v[2] = {(float)creal(y), (float)cimag(y)};
            memcpy(po, v, sizeof v);
        } else {
            double v[2] = {creal(y), cimag(y)};
            memcpy(po, v, sizeof v);
        }
    }
}

static int unary_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(unary_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const unary_args *a = (const unary_args *)args;
    if (a->op < 0 || a->op >= UN_OP_END || a->ew.nops != 2 || a->compute < UNARY_F32 || a->compute > UNARY_CPLX ||
        (a->compute == UNARY_PRED) != (a->op >= UN_FIRST_PREDICATE) ||
        (a->compute != UNARY_I64 && a->op == UN_BITWISE_NOT))
        return ACLEMU_KERNEL_BAD_ARGS;
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[2];
    int64_t n;
    run r = {.a = a, .odt = a->ew.op[0].dtype, .idt = a->ew.op[1].dtype};
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
        r.out = p[0];
        r.in = p[1];
        r.so = it.inner_stride[0];
        r.si = it.inner_stride[1];
        r.eo = it.esize[0];
        r.ei = it.esize[1];
        switch (a->compute) {
        case UNARY_F32: f32_run(&r, n); break;
        case UNARY_F64: f64_run(&r, n); break;
        case UNARY_I64: i64_run(&r, n); break;
        case UNARY_CPLX: cplx_run(&r, n); break;
        default: pred_run(&r, n); break;
        }
    }
    return 0;
}

ACLEMU_KERNEL("UnaryMath", unary_kernel);
