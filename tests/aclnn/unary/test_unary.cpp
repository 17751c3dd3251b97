// The ops-math elementwise unary family run the ops-nn example way, one table row per op: every
// op over its float dtypes (in == out, contiguous / strided / transposed views), its integer /
// BOOL inputs (FLOAT result, or exact integer results wrapping like the dtype: Abs(INT_MIN) and
// Neg(INT_MIN) stay INT_MIN), a wider out dtype, the in-place twin, special values (+-0, +-Inf,
// NaN, denormals, huge trig arguments), rank 0 / empty / rank 8; and every validation path
// (null -> dtype -> out dtype rule -> format -> shape) with its code and message. Goldens are
// double-precision libm (or exact integer arithmetic) written here, rounded to the dtype the
// real op computes in. `310p` as argv[1]: the 310P dtype lists (no BF16).
#include <algorithm>
#include <complex>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_abs.h"
#include "aclnnop/aclnn_acos.h"
#include "aclnnop/aclnn_acosh.h"
#include "aclnnop/aclnn_asin.h"
#include "aclnnop/aclnn_asinh.h"
#include "aclnnop/aclnn_atan.h"
#include "aclnnop/aclnn_atanh.h"
#include "aclnnop/aclnn_bitwise_not.h"
#include "aclnnop/aclnn_ceil.h"
#include "aclnnop/aclnn_cos.h"
#include "aclnnop/aclnn_cosh.h"
#include "aclnnop/aclnn_digamma.h"
#include "aclnnop/aclnn_erf.h"
#include "aclnnop/aclnn_erfc.h"
#include "aclnnop/aclnn_exp2.h"
#include "aclnnop/aclnn_expm1.h"
#include "aclnnop/aclnn_floor.h"
#include "aclnnop/aclnn_frac.h"
#include "aclnnop/aclnn_is_inf.h"
#include "aclnnop/aclnn_isfinite.h"
#include "aclnnop/aclnn_isneginf.h"
#include "aclnnop/aclnn_isposinf.h"
#include "aclnnop/aclnn_lgamma.h"
#include "aclnnop/aclnn_log.h"
#include "aclnnop/aclnn_log10.h"
#include "aclnnop/aclnn_log1p.h"
#include "aclnnop/aclnn_log2.h"
#include "aclnnop/aclnn_logical_not.h"
#include "aclnnop/aclnn_nan_to_num.h"
#include "aclnnop/aclnn_neg.h"
#include "aclnnop/aclnn_reciprocal.h"
#include "aclnnop/aclnn_round.h"
#include "aclnnop/aclnn_rsqrt.h"
#include "aclnnop/aclnn_sign.h"
#include "aclnnop/aclnn_signbit.h"
#include "aclnnop/aclnn_sin.h"
#include "aclnnop/aclnn_sinc.h"
#include "aclnnop/aclnn_sinh.h"
#include "aclnnop/aclnn_square.h"
#include "aclnnop/aclnn_tan.h"
#include "aclnnop/aclnn_trunc.h"

static const int kNull = 161001, kInvalid = 161002;
static void *const kFake = (void *)(uintptr_t)0x10000; // stage 1 never dereferences it
static bool g_310p = false;

typedef int (*S1)(const aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **);
typedef int (*S1i)(aclTensor *, uint64_t *, aclOpExecutor **);
#define S1_(N) [](const aclTensor *s, aclTensor *o, uint64_t *w, aclOpExecutor **e) -> int { return aclnn##N##GetWorkspaceSize(s, o, w, e); }, aclnn##N
#define IP_(N) [](aclTensor *s, uint64_t *w, aclOpExecutor **e) -> int { return aclnnInplace##N##GetWorkspaceSize(s, w, e); }, aclnnInplace##N
#define NO_IP nullptr, nullptr

// ---- references ----------------------------------------------------------------------------
static const double kPi = 3.14159265358979323846;
static double r_abs(double x) { return std::fabs(x); }
static double r_neg(double x) { return -x; }
static double r_sign(double x) { return (double)(x > 0) - (double)(x < 0); } // torch: NaN -> 0, -0 -> +0
static double r_square(double x) { return x * x; }
static double r_recip(double x) { return 1.0 / x; }
static double r_rsqrt(double x) { return 1.0 / std::sqrt(x); }
static double r_log(double x) { return std::log(x); }
static double r_log2(double x) { return std::log2(x); }
static double r_log10(double x) { return std::log10(x); }
static double r_log1p(double x) { return std::log1p(x); }
static double r_exp2(double x) { return std::exp2(x); }
static double r_expm1(double x) { return std::expm1(x); }
static double r_sin(double x) { return std::sin(x); }
static double r_cos(double x) { return std::cos(x); }
static double r_tan(double x) { return std::tan(x); }
static double r_asin(double x) { return std::asin(x); }
static double r_acos(double x) { return std::acos(x); }
static double r_atan(double x) { return std::atan(x); }
static double r_sinh(double x) { return std::sinh(x); }
static double r_cosh(double x) { return std::cosh(x); }
static double r_asinh(double x) { return std::asinh(x); }
static double r_acosh(double x) { return std::acosh(x); }
static double r_atanh(double x) { return std::atanh(x); }
static double r_erf(double x) { return std::erf(x); }
static double r_erfc(double x) { return std::erfc(x); }
static double r_round(double x) { return std::nearbyint(x); } // half to even
static double r_floor(double x) { return std::floor(x); }
static double r_ceil(double x) { return std::ceil(x); }
static double r_trunc(double x) { return std::trunc(x); }
static double r_frac(double x) { return x - std::trunc(x); }
// sin(pi x) / (pi x) with the argument reduced exactly (x - n/2), so integers give 0
static double r_sinc(double x)
{
    if (x == 0) return 1.0;
    if (std::isinf(x) || std::isnan(x)) return NAN;
    double n = std::nearbyint(2 * x), r = x - n / 2;
    long q = (long)std::fmod(std::fabs(n), 4.0);
    if (n < 0) q = (4 - q) % 4;
    double t = kPi * r;
    double s = q == 0 ? std::sin(t) : q == 1 ? std::cos(t) : q == 2 ? -std::sin(t) : -std::cos(t);
    return s / (kPi * x);
}
static double r_lgamma(double x) { return std::lgamma(x); }
// digamma: reflection below 1/2, psi(x) = psi(x + 40) - sum 1/(x + k), then the asymptotic
// series to x^-14; torch's poles: psi(+-0) = -+Inf, NaN at the negative integers
static double r_digamma(double x)
{
    if (x == 0) return std::copysign(INFINITY, -x);
    if (std::isnan(x) || x == INFINITY) return x;
    if (x == -INFINITY || (x < 0 && x == std::trunc(x))) return NAN;
    if (x < 0.5) return r_digamma(1.0 - x) - kPi / std::tan(kPi * x);
    double acc = 0;
    if (x < 40) {
        for (int k = 0; k < 40; k++) acc -= 1.0 / (x + k);
        x += 40;
    }
    const double b[] = {1.0 / 12, -1.0 / 120, 1.0 / 252, -1.0 / 240, 1.0 / 132, -691.0 / 32760, 1.0 / 12};
    double z = 1.0 / (x * x), zk = z, s = 0;
    for (double c : b) { s += c * zk; zk *= z; }
    return acc + std::log(x) - 0.5 / x - s;
}
static double r_isfinite(double x) { return std::isfinite(x); }
static double r_isinf(double x) { return std::isinf(x); }
static double r_isposinf(double x) { return x == INFINITY; }
static double r_isneginf(double x) { return x == -INFINITY; }
static double r_signbit(double x) { return std::signbit(x); }
static double r_lnot(double x) { return x == 0; }

// exact integer results, wrapped to the dtype
static int64_t Wrap(aclDataType dt, int64_t v)
{
    switch (dt) {
    case ACL_INT8: return (int8_t)v;
    case ACL_UINT8: return (uint8_t)v;
    case ACL_INT16: return (int16_t)v;
    case ACL_INT32: return (int32_t)v;
    case ACL_BOOL: return v != 0;
    default: return v;
    }
}
static int64_t i_abs(int64_t x, aclDataType) { return x < 0 ? (int64_t)(0 - (uint64_t)x) : x; }
static int64_t i_neg(int64_t x, aclDataType) { return (int64_t)(0 - (uint64_t)x); }
static int64_t i_sign(int64_t x, aclDataType) { return (x > 0) - (x < 0); }
static int64_t i_square(int64_t x, aclDataType) { return (int64_t)((uint64_t)x * (uint64_t)x); }
static int64_t i_same(int64_t x, aclDataType) { return x; }
static int64_t i_zero(int64_t, aclDataType) { return 0; }
static int64_t i_bnot(int64_t x, aclDataType dt) { return dt == ACL_BOOL ? !x : ~x; }

enum Kind { FLOATRES, SAME, PRED };
enum OutRule { O_ANY, O_SAME, O_CAST, O_CAST_RESULT, O_EXACT, O_BOOL };

struct Op {
    const char *name;
    S1 s1;
    Stage2Fn s2;
    S1i si;
    Stage2Fn s2i;
    double (*ref)(double);
    double lo, hi;  // random inputs in [lo, hi]
    Kind kind;
    OutRule rule;
    std::vector<aclDataType> floats; // float dtypes of self (and out)
    std::vector<aclDataType> ints;   // integer / BOOL self dtypes
    int64_t (*iref)(int64_t, aclDataType);
    double tol_scale;                // >1 for the ops the standard gives more room (ill-conditioned)
};

static const aclDataType F32 = ACL_FLOAT, F16 = ACL_FLOAT16, BF = ACL_BF16, F64 = ACL_DOUBLE;
static const aclDataType I8 = ACL_INT8, I16 = ACL_INT16, I32 = ACL_INT32, I64 = ACL_INT64, U8 = ACL_UINT8,
                         BO = ACL_BOOL;

static const std::vector<Op> &Ops()
{
    static const std::vector<Op> ops = {
        {"Abs", S1_(Abs), NO_IP, r_abs, -50, 50, SAME, O_SAME, {F32, F16, BF, F64}, {I8, I16, I32, I64, U8, BO}, i_abs, 1},
        {"Neg", S1_(Neg), IP_(Neg), r_neg, -50, 50, SAME, O_CAST, {F32, F16, BF, F64}, {I8, I32, I64}, i_neg, 1},
        {"Sign", S1_(Sign), NO_IP, r_sign, -3, 3, SAME, O_SAME, {F32, F16, BF, F64}, {I32, I64, BO}, i_sign, 1},
        {"Square", S1_(Square), NO_IP, r_square, -30, 30, SAME, O_SAME, {F32, F16, BF}, {I32, I64}, i_square, 1},
        {"Reciprocal", S1_(Reciprocal), IP_(Reciprocal), r_recip, -10, 10, FLOATRES, O_ANY, {F32, F16, BF, F64}, {I32, I8, BO}, nullptr, 1},
        {"Rsqrt", S1_(Rsqrt), IP_(Rsqrt), r_rsqrt, 0.01, 100, FLOATRES, O_ANY, {F32, F16, BF, F64}, {I32, U8}, nullptr, 1},
        {"Log", S1_(Log), IP_(Log), r_log, 0.001, 1000, FLOATRES, O_CAST, {F32, F16, BF, F64}, {I32, I64, U8, BO}, nullptr, 1},
        {"Log2", S1_(Log2), IP_(Log2), r_log2, 0.001, 1000, FLOATRES, O_CAST, {F32, F16, BF, F64}, {I32, I16}, nullptr, 1},
        {"Log10", S1_(Log10), IP_(Log10), r_log10, 0.001, 1000, FLOATRES, O_EXACT, {F32, F16, BF, F64}, {I32, I8}, nullptr, 1},
        {"Log1p", S1_(Log1p), IP_(Log1p), r_log1p, -0.99, 100, FLOATRES, O_ANY, {F32, F16, BF, F64}, {I32, U8}, nullptr, 1},
        {"Exp2", S1_(Exp2), IP_(Exp2), r_exp2, -10, 10, FLOATRES, O_CAST_RESULT, {F32, F16, BF, F64}, {I32, I8}, nullptr, 1},
        {"Expm1", S1_(Expm1), IP_(Expm1), r_expm1, -10, 10, FLOATRES, O_CAST_RESULT, {F32, F16, BF}, {I64, BO}, nullptr, 1},
        {"Sin", S1_(Sin), IP_(Sin), r_sin, -20, 20, FLOATRES, O_ANY, {F32, F16, BF, F64}, {I32, I64, BO}, nullptr, 1},
        {"Cos", S1_(Cos), IP_(Cos), r_cos, -20, 20, FLOATRES, O_ANY, {F32, F16, BF, F64}, {I32, I16, U8}, nullptr, 1},
        {"Tan", S1_(Tan), IP_(Tan), r_tan, -1.5, 1.5, FLOATRES, O_CAST, {F32, F16, BF, F64}, {I32, I8}, nullptr, 1},
        {"Asin", S1_(Asin), IP_(Asin), r_asin, -1, 1, FLOATRES, O_ANY, {F32, F16, BF, F64}, {I32, BO}, nullptr, 1},
        {"Acos", S1_(Acos), IP_(Acos), r_acos, -1, 1, FLOATRES, O_ANY, {F32, F16, BF, F64}, {I32, I8}, nullptr, 1},
        {"Atan", S1_(Atan), IP_(Atan), r_atan, -50, 50, FLOATRES, O_ANY, {F32, F16, BF, F64}, {I32, I64}, nullptr, 1},
        {"Sinh", S1_(Sinh), IP_(Sinh), r_sinh, -10, 10, FLOATRES, O_ANY, {F32, F16, BF, F64}, {I32, I8}, nullptr, 1},
        {"Cosh", S1_(Cosh), IP_(Cosh), r_cosh, -10, 10, FLOATRES, O_ANY, {F32, F16, BF, F64}, {I32, U8}, nullptr, 1},
        {"Asinh", S1_(Asinh), IP_(Asinh), r_asinh, -100, 100, FLOATRES, O_ANY, {F32, F16, BF, F64}, {I32, I16}, nullptr, 1},
        {"Acosh", S1_(Acosh), IP_(Acosh), r_acosh, 1, 100, FLOATRES, O_CAST, {F32, F16, BF, F64}, {I32, I64}, nullptr, 1},
        {"Atanh", S1_(Atanh), IP_(Atanh), r_atanh, -0.99, 0.99, FLOATRES, O_ANY, {F32, F16, BF, F64}, {I32, BO}, nullptr, 1},
        {"Erf", S1_(Erf), IP_(Erf), r_erf, -4, 4, FLOATRES, O_CAST_RESULT, {F32, F16, BF, F64}, {I64, BO}, nullptr, 1},
        {"Erfc", S1_(Erfc), IP_(Erfc), r_erfc, -4, 9, FLOATRES, O_CAST_RESULT, {F32, F16, BF, F64}, {I64, BO}, nullptr, 1},
        {"Sinc", S1_(Sinc), IP_(Sinc), r_sinc, -8, 8, FLOATRES, O_ANY, {F32, F16, BF, F64}, {I32, BO}, nullptr, 1},
        {"Round", S1_(Round), IP_(Round), r_round, -20, 20, SAME, O_SAME, {F32, F16, BF, F64}, {I32, I64}, i_same, 1},
        {"Floor", S1_(Floor), IP_(Floor), r_floor, -20, 20, SAME, O_SAME, {F32, F16, BF, F64}, {I8, I16, I32, I64, U8}, i_same, 1},
        {"Ceil", S1_(Ceil), IP_(Ceil), r_ceil, -20, 20, SAME, O_SAME, {F32, F16, BF, F64}, {}, nullptr, 1},
        {"Trunc", S1_(Trunc), IP_(Trunc), r_trunc, -20, 20, SAME, O_SAME, {F32, F16, BF}, {}, nullptr, 1},
        {"Frac", S1_(Frac), IP_(Frac), r_frac, -20, 20, SAME, O_SAME, {F32, F16, BF}, {I8, I32, I64, U8}, i_zero, 1},
        {"Digamma", S1_(Digamma), NO_IP, r_digamma, 0.1, 30, SAME, O_SAME, {F32, F16, F64}, {}, nullptr, 4},
        {"Lgamma", S1_(Lgamma), NO_IP, r_lgamma, 0.1, 30, SAME, O_SAME, {F32, F16, F64}, {}, nullptr, 4},
        {"IsFinite", S1_(IsFinite), NO_IP, r_isfinite, -5, 5, PRED, O_BOOL, {F32, F16, BF, F64}, {I32, U8, BO}, nullptr, 1},
        {"IsInf", S1_(IsInf), NO_IP, r_isinf, -5, 5, PRED, O_BOOL, {F32, F16, BF}, {}, nullptr, 1},
        {"IsPosInf", S1_(IsPosInf), NO_IP, r_isposinf, -5, 5, PRED, O_BOOL, {F32, F16, BF}, {I32, BO}, nullptr, 1},
        {"IsNegInf", S1_(IsNegInf), NO_IP, r_isneginf, -5, 5, PRED, O_BOOL, {F32, F16, BF}, {I32, I8}, nullptr, 1},
        {"Signbit", S1_(Signbit), NO_IP, r_signbit, -5, 5, PRED, O_ANY, {F32, F16, BF, F64}, {I32, I64, U8, BO}, nullptr, 1},
        {"LogicalNot", S1_(LogicalNot), IP_(LogicalNot), r_lnot, -2, 2, PRED, O_ANY, {F32, F16, BF, F64}, {I32, I8, U8, BO}, nullptr, 1},
        {"BitwiseNot", S1_(BitwiseNot), NO_IP, nullptr, -100, 100, SAME, O_SAME, {}, {I8, I16, I32, I64, U8, BO}, i_bnot, 1},
    };
    return ops;
}

static bool IsFloat(aclDataType dt) { return dt == F32 || dt == F16 || dt == BF || dt == F64; }

// RoundDecimals has its own signature
static int RunRoundDecimals(aclrtStream stream, const aclTensor *x, int64_t d, aclTensor *out)
{
    return Run("aclnnRoundDecimals", stream, [&](uint64_t *w, aclOpExecutor **ex) {
        return aclnnRoundDecimalsGetWorkspaceSize(x, d, out, w, ex); }, aclnnRoundDecimals);
}

static std::vector<double> Inputs(const Op &op, aclDataType dt, size_t n, uint64_t seed)
{
    Lcg g(seed);
    std::vector<double> x(n);
    for (size_t i = 0; i < n; i++) {
        double v = op.lo + (op.hi - op.lo) * g.uniform();
        if (!IsFloat(dt)) v = dt == BO ? (double)(g.uniform() < 0.5) : std::nearbyint(v);
        if (dt == U8) v = std::fabs(v);
        x[i] = Quant(dt, v);
    }
    return x;
}

// The tolerance class of a result: the narrower of the compute and out dtypes.
static aclDataType TolOf(aclDataType compute, aclDataType out)
{
    if (compute == BF || out == BF) return BF;
    if (compute == F16 || out == F16) return F16;
    if (compute == F64 && out == F64) return F64;
    return F32;
}

static bool CheckScaled(const std::string &what, aclDataType tol, const std::vector<double> &got,
                        const std::vector<double> &want, double scale)
{
    if (scale == 1) return CheckDtype(what.c_str(), tol, got, want);
    switch (tol) {
    case F16: return CheckAccuracy(what.c_str(), got, want, scale / 512, scale / 512, 1e-1 * scale);
    case BF: return CheckAccuracy(what.c_str(), got, want, scale / 64, scale / 64, scale);
    case F64: return CheckAccuracy(what.c_str(), got, want, 1e-12 * scale, 1e-14 * scale, 1e-10 * scale);
    default: return CheckAccuracy(what.c_str(), got, want, scale / 1024, scale / 65536, 1e-2 * scale);
    }
}

static void RunOne(aclrtStream stream, const Op &op, aclDataType in, aclDataType out, Layout lin, Layout lout,
                   const std::vector<int64_t> &shape, uint64_t seed)
{
    size_t n = (size_t)GetShapeSize(shape);
    std::vector<double> x = Inputs(op, in, n, seed);
    DevTensor tx, to;
    if (!tx.Init(in, shape, x, lin) || !to.Init(out, shape, {}, lout)) {
        EXPECT(false, "%s: tensor setup failed", op.name);
        return;
    }
    std::string what = std::string(op.name) + " " + DtName(in) + "->" + DtName(out) + " layout " +
                       std::to_string((int)lin) + "/" + std::to_string((int)lout) + " rank " + std::to_string(shape.size());
    int rc = Run(op.name, stream, [&](uint64_t *w, aclOpExecutor **ex) { return op.s1(tx.t, to.t, w, ex); }, op.s2);
    EXPECT(rc == 0, "%s: run failed (%d)", what.c_str(), rc);
    if (rc != 0) return;
    std::vector<double> got = to.Read();
    EXPECT(to.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
    if (op.kind == SAME && !IsFloat(in)) { // exact integers
        size_t bad = 0;
        for (size_t i = 0; i < n; i++) {
            double want = (double)Wrap(out, op.iref((int64_t)x[i], in));
            if (got[i] != want && bad++ < 3)
                EXPECT(false, "%s: f(%g) = %g, expected %g", what.c_str(), x[i], got[i], want);
        }
        EXPECT(bad == 0, "%s: %zu wrong elements", what.c_str(), bad);
        return;
    }
    aclDataType compute = op.kind == PRED ? out : IsFloat(in) ? in : F32;
    std::vector<double> want(n);
    for (size_t i = 0; i < n; i++) want[i] = Quant(compute, op.ref(x[i]));
    if (op.kind == PRED) {
        EXPECT(got == want, "%s: predicate results differ", what.c_str());
        return;
    }
    CheckScaled(what, TolOf(compute, out), got, want, op.tol_scale);
}

static bool OnChip(aclDataType dt) { return !(g_310p && dt == BF); }

static void TestValues(aclrtStream stream)
{
    const std::vector<int64_t> shape = {5, 9, 13};
    uint64_t seed = 1;
    for (const Op &op : Ops()) {
        int k = 0;
        for (aclDataType dt : op.floats) {
            if (!OnChip(dt)) continue;
            RunOne(stream, op, dt, op.rule == O_BOOL ? BO : dt, (Layout)(k % 3), (Layout)((k + 1) % 3), shape, seed++);
            k++;
        }
        for (aclDataType dt : op.ints) {
            aclDataType out = op.kind == FLOATRES ? F32 : op.kind == PRED ? BO : dt;
            if (op.rule == O_CAST && op.kind == SAME) out = dt;
            RunOne(stream, op, dt, out, (Layout)(k % 3), CONTIG, shape, seed++);
            k++;
        }
        // a wider out dtype where the rule lets the kernel cast
        if (op.kind == FLOATRES && op.rule != O_EXACT) RunOne(stream, op, F16, F32, STRIDED, TRANSPOSED, shape, seed++);
        if (op.name == std::string("Neg")) RunOne(stream, op, I32, I64, CONTIG, STRIDED, shape, seed++);
        if (op.kind == PRED && op.rule == O_ANY) RunOne(stream, op, F32, F32, TRANSPOSED, CONTIG, shape, seed++);
    }
}

static void TestInplace(aclrtStream stream)
{
    for (const Op &op : Ops()) {
        if (!op.si) continue;
        const aclDataType dts[] = {F32, F16, BF, F64};
        int lay = 0;
        for (aclDataType dt : dts) {
            if (!OnChip(dt) || std::find(op.floats.begin(), op.floats.end(), dt) == op.floats.end()) continue;
            std::vector<double> x = Inputs(op, dt, 8 * 17, 500 + lay);
            DevTensor t;
            if (!t.Init(dt, {8, 17}, x, (Layout)(1 + lay % 2))) return;
            std::string what = std::string("Inplace") + op.name + " " + DtName(dt) + (lay % 2 ? " transposed" : " strided");
            lay++;
            int rc = Run(what.c_str(), stream, [&](uint64_t *w, aclOpExecutor **ex) { return op.si(t.t, w, ex); }, op.s2i);
            EXPECT(rc == 0, "%s: run failed (%d)", what.c_str(), rc);
            if (rc) continue;
            std::vector<double> want(x.size());
            for (size_t i = 0; i < x.size(); i++) want[i] = Quant(dt, op.ref(x[i]));
            if (op.kind == PRED)
                EXPECT(t.Read() == want, "%s: results differ", what.c_str());
            else
                CheckScaled(what, dt, t.Read(), want, op.tol_scale);
            EXPECT(t.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
        }
    }
    // InplaceLogicalNot over BOOL
    std::vector<double> b = {1, 0, 0, 1, 1};
    DevTensor tb;
    if (!tb.Init(BO, {5}, b, STRIDED)) return;
    int rc = Run("InplaceLogicalNot", stream, [&](uint64_t *w, aclOpExecutor **ex) {
        return aclnnInplaceLogicalNotGetWorkspaceSize(tb.t, w, ex); }, aclnnInplaceLogicalNot);
    EXPECT(rc == 0 && tb.Read() == std::vector<double>({0, 1, 1, 0, 0}), "InplaceLogicalNot bool");
}

// Special values in FLOAT / FLOAT16 / DOUBLE: NaN / Inf exactly, zeros with their sign, the rest
// within a few FP32 ulp (relative 3e-6, absolute 1e-7 near 0).
static void TestSpecial(aclrtStream stream)
{
    const double inf = INFINITY, nan = NAN;
    const std::vector<double> x = {-inf, -1e6, -100.5, -2.5, -1.5, -1, -0.5, -1e-40, -0.0, 0.0, 1e-40, 0.5,
                                   1, 1.5, 2.5, 3.5, 100.5, 1e6, 3e38, inf, nan, 0.999, -0.999, 1e-3};
    const aclDataType dts[] = {F32, F16, F64};
    for (const Op &op : Ops()) {
        if (!op.ref) continue;
        for (aclDataType dt : dts) {
            if (std::find(op.floats.begin(), op.floats.end(), dt) == op.floats.end()) continue;
            std::vector<double> xq = QuantAll(dt, x);
            aclDataType out = op.kind == PRED && op.rule == O_BOOL ? BO : dt;
            DevTensor tx, to;
            if (!tx.Init(dt, {(int64_t)x.size()}, xq, STRIDED) || !to.Init(out, {(int64_t)x.size()}, {}, CONTIG)) return;
            std::string what = std::string(op.name) + " special " + DtName(dt);
            int rc = Run(op.name, stream, [&](uint64_t *w, aclOpExecutor **ex) { return op.s1(tx.t, to.t, w, ex); }, op.s2);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc) continue;
            std::vector<double> got = to.Read();
            double rtol = dt == F16 ? 2e-3 : dt == F64 ? 1e-12 : 3e-6 * op.tol_scale;
            // Lgamma / Digamma (tol_scale > 1): FP32 absolute error ~2e-6 near their zeros
            double atol = dt == F16 ? 1e-4 : dt == F64 ? 1e-15 : op.tol_scale > 1 ? 5e-6 : 1e-7;
            for (size_t i = 0; i < x.size(); i++) {
                double want = Quant(out, op.ref(xq[i]));
                bool ok = std::isnan(want)   ? std::isnan(got[i])
                          : std::isinf(want) ? got[i] == want
                          : want == 0        ? got[i] == 0 && std::signbit(got[i]) == std::signbit(want)
                                             : std::fabs(got[i] - want) <= atol + rtol * std::fabs(want);
                // lgamma / digamma near their poles and sinc / tan of huge arguments: absolute only
                EXPECT(ok, "%s: f(%g) = %.9g, expected %.9g", what.c_str(), xq[i], got[i], want);
            }
        }
    }
    // round half to even, floor / ceil / trunc sign of zero, Abs / Neg of INT_MIN
    {
        std::vector<double> v = {0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 4194304.5, 8388609, -0.2, 1e30};
        DevTensor t, o;
        if (!t.Init(F32, {10}, v, CONTIG) || !o.Init(F32, {10}, {}, CONTIG)) return;
        int rc = Run("Round", stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnRoundGetWorkspaceSize(t.t, o.t, w, ex); }, aclnnRound);
        std::vector<double> want = {0, 2, 2, -0.0, -2, -2, 4194304, 8388609, -0.0, Quant(F32, 1e30)};
        std::vector<double> got = o.Read();
        EXPECT(rc == 0 && got == want && std::signbit(got[3]) && std::signbit(got[8]), "Round half to even");
    }
    {
        std::vector<double> v = {-128, 127, -1, 0};
        DevTensor t, o, n;
        if (!t.Init(I8, {4}, v, CONTIG) || !o.Init(I8, {4}, {}, CONTIG) || !n.Init(I8, {4}, {}, CONTIG)) return;
        int rc = Run("Abs", stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnAbsGetWorkspaceSize(t.t, o.t, w, ex); }, aclnnAbs);
        EXPECT(rc == 0 && o.Read() == std::vector<double>({-128, 127, 1, 0}), "Abs int8 wraps at -128");
        rc = Run("Neg", stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnNegGetWorkspaceSize(t.t, n.t, w, ex); }, aclnnNeg);
        EXPECT(rc == 0 && n.Read() == std::vector<double>({-128, -127, 1, 0}), "Neg int8 wraps at -128");
        std::vector<double> big = {-2147483648.0, -9.2233720368547758e18};
        DevTensor t32, o32, t64, o64;
        if (!t32.Init(I32, {1}, {big[0]}, CONTIG) || !o32.Init(I32, {1}, {}, CONTIG) ||
            !t64.Init(I64, {1}, {big[1]}, CONTIG) || !o64.Init(I64, {1}, {}, CONTIG)) return;
        rc = Run("Abs", stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnAbsGetWorkspaceSize(t32.t, o32.t, w, ex); }, aclnnAbs);
        EXPECT(rc == 0 && o32.Read()[0] == big[0], "Abs(INT32_MIN) = INT32_MIN");
        rc = Run("Neg", stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnNegGetWorkspaceSize(t64.t, o64.t, w, ex); }, aclnnNeg);
        EXPECT(rc == 0 && o64.Read()[0] == big[1], "Neg(INT64_MIN) = INT64_MIN");
    }
    // RoundDecimals (torch: round(x * 10^d) / 10^d, or round(x / 10^-d) * 10^-d for d < 0)
    {
        std::vector<double> v = {1.2345, -2.675, 1234.5, 0.125, -0.0};
        const int64_t ds[] = {2, -2, 0};
        for (int64_t d : ds) {
            DevTensor t, o;
            if (!t.Init(F64, {5}, v, STRIDED) || !o.Init(F64, {5}, {}, TRANSPOSED)) return;
            int rc = RunRoundDecimals(stream, t.t, d, o.t);
            std::vector<double> got = o.Read();
            double p = std::pow(10.0, (double)std::llabs(d));
            for (size_t i = 0; i < v.size(); i++) {
                double want = d > 0 ? std::nearbyint(v[i] * p) / p : std::nearbyint(v[i] / p) * p;
                EXPECT(rc == 0 && got[i] == want, "RoundDecimals(%g, %lld) = %g, expected %g", v[i], (long long)d, got[i], want);
            }
        }
        DevTensor t, o;
        std::vector<double> xf = QuantAll(F32, RandomValues(300, 77, 50));
        if (!t.Init(F32, {300}, xf, TRANSPOSED) || !o.Init(F32, {300}, {}, STRIDED)) return;
        int rc = RunRoundDecimals(stream, t.t, 1, o.t);
        std::vector<double> want(xf.size());
        for (size_t i = 0; i < xf.size(); i++) want[i] = std::nearbyint(xf[i] * 10.0) / 10.0;
        EXPECT(rc == 0, "RoundDecimals fp32 run");
        if (rc == 0) CheckDtype("RoundDecimals fp32 d=1", F32, o.Read(), want);
        rc = Run("aclnnInplaceRoundDecimals", stream, [&](uint64_t *w, aclOpExecutor **ex) {
            return aclnnInplaceRoundDecimalsGetWorkspaceSize(t.t, 1, w, ex); }, aclnnInplaceRoundDecimals);
        EXPECT(rc == 0, "InplaceRoundDecimals run");
        if (rc == 0) CheckDtype("InplaceRoundDecimals fp32 d=1", F32, t.Read(), want);
    }
}

// rank 0, empty (workspace 0, nothing runs), rank 8 with transposed / strided views
static void TestShapes(aclrtStream stream)
{
    for (const Op &op : Ops()) {
        aclDataType dt = op.floats.empty() ? I32 : F32;
        aclDataType out = op.kind == PRED && op.rule == O_BOOL ? BO : dt;
        // rank 0
        {
            std::vector<double> x = Inputs(op, dt, 1, 900);
            DevTensor t, o;
            if (!t.Init(dt, {}, x, CONTIG) || !o.Init(out, {}, {}, CONTIG)) return;
            int rc = Run(op.name, stream, [&](uint64_t *w, aclOpExecutor **ex) { return op.s1(t.t, o.t, w, ex); }, op.s2);
            double want = op.ref ? Quant(out, op.ref(x[0])) : (double)Wrap(dt, op.iref((int64_t)x[0], dt));
            double got = o.Read()[0];
            EXPECT(rc == 0 && std::fabs(got - want) <= 1e-5 * std::fabs(want) + 1e-7, "%s rank 0: f(%g) = %g, expected %g",
                   op.name, x[0], got, want);
        }
        // empty
        {
            DevTensor t, o;
            if (!t.Init(dt, {0, 7}, {}, CONTIG) || !o.Init(out, {0, 7}, {}, CONTIG)) return;
            uint64_t ws = 99;
            aclOpExecutor *ex = nullptr;
            int rc = op.s1(t.t, o.t, &ws, &ex);
            EXPECT(rc == 0 && ws == 0, "%s empty: rc %d ws %llu", op.name, rc, (unsigned long long)ws);
            if (rc == 0) EXPECT(op.s2(nullptr, 0, ex, stream) == 0, "%s empty stage 2", op.name);
        }
        // rank 8
        {
            std::vector<int64_t> r8 = {2, 3, 1, 2, 3, 1, 2, 5};
            aclDataType h = op.floats.empty() ? I16 : F16;
            if (op.kind == SAME && !op.floats.empty() && std::find(op.floats.begin(), op.floats.end(), F16) == op.floats.end())
                h = F32;
            aclDataType ho = op.kind == PRED && op.rule == O_BOOL ? BO : h;
            if (op.name == std::string("BitwiseNot")) ho = h;
            RunOne(stream, op, h, ho, TRANSPOSED, STRIDED, r8, 901);
        }
    }
}

static aclTensor *T(aclDataType dt, std::vector<int64_t> shape, aclFormat fmt = ACL_FORMAT_ND)
{
    return aclCreateTensor(shape.data(), shape.size(), dt, nullptr, 0, fmt, shape.data(), shape.size(), kFake);
}

// Every validation path of every op: null -> dtype -> out dtype rule -> format -> shape.
static void TestValidation()
{
    for (const Op &op : Ops()) {
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        aclDataType good = op.floats.empty() ? I32 : F32;
        aclDataType gout = op.kind == PRED && op.rule == O_BOOL ? BO : good;
        std::string n = op.name;
        aclTensor *a = T(good, {2, 3}), *b = T(gout, {2, 3});
        ExpectError((n + " null self").c_str(), op.s1(nullptr, b, &ws, &ex), kNull, "nullptr");
        ExpectError((n + " null out").c_str(), op.s1(a, nullptr, &ws, &ex), kNull, "nullptr");
        // a dtype no list of this op has
        aclDataType bad = (n == "Floor" || n == "Signbit") ? ACL_COMPLEX64 : ACL_UINT16;
        aclTensor *tb = T(bad, {2, 3});
        ExpectError((n + " self dtype").c_str(), op.s1(tb, b, &ws, &ex), kInvalid, "dtype", "should be in");
        // the out dtype rule
        aclDataType self_dt = good, out_dt = ACL_INT32;
        switch (op.rule) {
        case O_SAME: out_dt = good == F32 ? F16 : I64; break;
        case O_BOOL: out_dt = F32; break;
        case O_EXACT: self_dt = I32; out_dt = F64; break;                  // Log10: integers give FLOAT
        case O_CAST_RESULT: self_dt = op.ints.empty() ? F32 : op.ints[0]; out_dt = I32; break; // FLOAT -> INT32
        case O_ANY: out_dt = op.kind == PRED ? ACL_COMPLEX64 : I32; break;
        default: out_dt = I32; break;                                       // FLOAT not castable to INT32
        }
        aclTensor *ts = T(self_dt, {2, 3}), *tbo = T(out_dt, {2, 3});
        ExpectError((n + " out dtype").c_str(), op.s1(ts, tbo, &ws, &ex), kInvalid, "DT_");
        aclTensor *priv = T(good, {2, 3, 4, 5, 16}, ACL_FORMAT_NC1HWC0), *priv_o = T(gout, {2, 3, 4, 5, 16});
        ExpectError((n + " private format").c_str(), op.s1(priv, priv_o, &ws, &ex), kInvalid, "format");
        aclTensor *c = T(gout, {3, 2});
        ExpectError((n + " shape").c_str(), op.s1(a, c, &ws, &ex), kInvalid, "shape");
        aclTensor *r9 = T(good, {1, 1, 1, 1, 1, 1, 1, 1, 2}), *r9o = T(gout, {1, 1, 1, 1, 1, 1, 1, 1, 2});
        ExpectError((n + " rank 9").c_str(), op.s1(r9, r9o, &ws, &ex), kInvalid, "dim num");
        if (op.si) {
            ExpectError((n + " inplace null").c_str(), op.si(nullptr, &ws, &ex), kNull, "nullptr");
            // float-result ops refuse an integer selfRef (Tan checks selfRef like self)
            if (op.kind == FLOATRES && n != "Tan") {
                aclTensor *ti = T(I32, {2, 3});
                ExpectError((n + " inplace int32").c_str(), op.si(ti, &ws, &ex), kInvalid, "Ref");
                aclDestroyTensor(ti);
            }
        }
        for (aclTensor *t : {a, b, tb, ts, tbo, priv, priv_o, c, r9, r9o}) aclDestroyTensor(t);
    }
    // chip lists: IsPosInf / IsNegInf / IsInf have no DOUBLE; Trunc only FLOAT types off 950
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclTensor *d = T(F64, {4}), *bo = T(BO, {4}), *i32 = T(I32, {4});
    ExpectError("IsPosInf double", aclnnIsPosInfGetWorkspaceSize(d, bo, &ws, &ex), kInvalid, "DT_DOUBLE");
    ExpectError("IsInf int32", aclnnIsInfGetWorkspaceSize(i32, bo, &ws, &ex), kInvalid, "DT_INT32");
    ExpectError("Trunc int32", aclnnTruncGetWorkspaceSize(i32, i32, &ws, &ex), kInvalid, "DT_INT32");
    ExpectError("Ceil int32", aclnnCeilGetWorkspaceSize(i32, i32, &ws, &ex), kInvalid, "DT_INT32");
    aclTensor *f = T(F32, {4}), *h = T(F16, {4}), *fnz = T(F32, {4}, ACL_FORMAT_NCHW);
    ExpectError("Log10 fp32 -> fp16", aclnnLog10GetWorkspaceSize(f, h, &ws, &ex), kInvalid, "DT_FLOAT16");
    ExpectError("Abs format mismatch", aclnnAbsGetWorkspaceSize(f, fnz, &ws, &ex), kInvalid, "Format");
    ExpectError("InplaceExpm1 double", aclnnInplaceExpm1GetWorkspaceSize(d, &ws, &ex), kInvalid, "selfRef");
    for (aclTensor *t : {d, bo, i32, f, h, fnz}) aclDestroyTensor(t);
}

// NanToNum(self, nan, posinf, neginf, out): floats replaced (the replacement converted to the
// dtype: 1e30 becomes +Inf in FLOAT16, as torch), integers / BOOL unchanged; in-place; checks
static void TestNanToNum(aclrtStream stream)
{
    const double inf = INFINITY, nan = NAN;
    const std::vector<double> x = {nan, inf, -inf, -0.0, 1.5, -2.25, 1e-40, 65504, -nan};
    const aclDataType dts[] = {F32, F16, BF};
    for (aclDataType dt : dts) {
        if (!OnChip(dt)) continue;
        std::vector<double> xq = QuantAll(dt, x);
        DevTensor t, o;
        if (!t.Init(dt, {3, 3}, xq, TRANSPOSED) || !o.Init(dt, {3, 3}, {}, STRIDED)) return;
        int rc = Run("aclnnNanToNum", stream, [&](uint64_t *w, aclOpExecutor **ex) {
            return aclnnNanToNumGetWorkspaceSize(t.t, 7.0f, 1e30f, -3.0f, o.t, w, ex); }, aclnnNanToNum);
        EXPECT(rc == 0, "NanToNum %s run", DtName(dt));
        if (rc) continue;
        std::vector<double> got = o.Read();
        for (size_t i = 0; i < x.size(); i++) {
            double v = xq[i];
            double want = std::isnan(v) ? 7.0 : v == inf ? Quant(dt, (double)1e30f) : v == -inf ? -3.0 : v;
            EXPECT(got[i] == want && std::signbit(got[i]) == std::signbit(want), "NanToNum %s: f(%g) = %g, expected %g",
                   DtName(dt), v, got[i], want);
        }
        EXPECT(o.CountClobbered() == 0, "NanToNum %s wrote outside the view", DtName(dt));
        rc = Run("aclnnInplaceNanToNum", stream, [&](uint64_t *w, aclOpExecutor **ex) {
            return aclnnInplaceNanToNumGetWorkspaceSize(t.t, 0.0f, 2.0f, -2.0f, w, ex); }, aclnnInplaceNanToNum);
        got = t.Read();
        for (size_t i = 0; i < x.size(); i++) {
            double v = xq[i];
            double want = std::isnan(v) ? 0.0 : v == inf ? 2.0 : v == -inf ? -2.0 : v;
            EXPECT(rc == 0 && got[i] == want, "InplaceNanToNum %s: f(%g) = %g, expected %g", DtName(dt), v, got[i], want);
        }
    }
    // integers unchanged
    std::vector<double> xi = {-5, 0, 7, 2147483647.0, -2147483648.0};
    DevTensor ti, oi;
    if (!ti.Init(I32, {5}, xi, STRIDED) || !oi.Init(I32, {5}, {}, CONTIG)) return;
    int rc = Run("aclnnNanToNum", stream, [&](uint64_t *w, aclOpExecutor **ex) {
        return aclnnNanToNumGetWorkspaceSize(ti.t, 1.0f, 2.0f, 3.0f, oi.t, w, ex); }, aclnnNanToNum);
    EXPECT(rc == 0 && oi.Read() == xi, "NanToNum int32 unchanged");
    // checks: null, dtype, out == self, shape
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclTensor *f = T(F32, {4}), *h = T(F16, {4}), *d = T(F64, {4}), *f3 = T(F32, {3});
    ExpectError("NanToNum null self", aclnnNanToNumGetWorkspaceSize(nullptr, 0, 0, 0, f, &ws, &ex), kNull, "nullptr");
    ExpectError("NanToNum double", aclnnNanToNumGetWorkspaceSize(d, 0, 0, 0, d, &ws, &ex), kInvalid, "DT_DOUBLE");
    ExpectError("NanToNum out dtype", aclnnNanToNumGetWorkspaceSize(f, 0, 0, 0, h, &ws, &ex), kInvalid, "DT_FLOAT16");
    ExpectError("NanToNum shape", aclnnNanToNumGetWorkspaceSize(f, 0, 0, 0, f3, &ws, &ex), kInvalid, "shape");
    ExpectError("InplaceNanToNum null", aclnnInplaceNanToNumGetWorkspaceSize(nullptr, 0, 0, 0, &ws, &ex), kNull, "nullptr");
    for (aclTensor *t : {f, h, d, f3}) aclDestroyTensor(t);
}

// Complex self (the lists that have COMPLEX64 / COMPLEX128): computed against std::complex<double>;
// views with a stride of 2 elements; Abs gives the real type; a real out is refused.
typedef std::complex<double> cd;
struct CTensor {
    aclDataType dt;
    int64_t n, stride;
    void *dev = nullptr;
    aclTensor *t = nullptr;
    CTensor(aclDataType d, int64_t n_, int64_t stride_, const std::vector<cd> &v) : dt(d), n(n_), stride(stride_)
    {
        size_t es = d == ACL_COMPLEX64 ? 8 : d == ACL_FLOAT ? 4 : 16;
        int64_t storage = n * stride;
        std::vector<unsigned char> h((size_t)storage * es, 0);
        for (int64_t i = 0; i < n && !v.empty(); i++) {
            unsigned char *p = &h[(size_t)(i * stride) * es];
            if (d == ACL_COMPLEX64) { float f[2] = {(float)v[(size_t)i].real(), (float)v[(size_t)i].imag()}; std::memcpy(p, f, 8); }
            else { double f[2] = {v[(size_t)i].real(), v[(size_t)i].imag()}; std::memcpy(p, f, 16); }
        }
        aclrtMalloc(&dev, h.size(), ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtMemcpy(dev, h.size(), h.data(), h.size(), ACL_MEMCPY_HOST_TO_DEVICE);
        t = aclCreateTensor(&n, 1, dt, &stride, 0, ACL_FORMAT_ND, &storage, 1, dev);
    }
    ~CTensor() { aclDestroyTensor(t); aclrtFree(dev); }
    std::vector<cd> Read() const
    {
        size_t es = dt == ACL_COMPLEX64 ? 8 : dt == ACL_FLOAT ? 4 : 16;
        std::vector<unsigned char> h((size_t)(n * stride) * es);
        aclrtMemcpy(h.data(), h.size(), dev, h.size(), ACL_MEMCPY_DEVICE_TO_HOST);
        std::vector<cd> r((size_t)n);
        for (int64_t i = 0; i < n; i++) {
            const unsigned char *p = &h[(size_t)(i * stride) * es];
            if (dt == ACL_COMPLEX64) { float f[2]; std::memcpy(f, p, 8); r[(size_t)i] = cd(f[0], f[1]); }
            else if (dt == ACL_FLOAT) { float f; std::memcpy(&f, p, 4); r[(size_t)i] = cd(f, 0); }
            else { double f[2]; std::memcpy(f, p, 16); r[(size_t)i] = cd(f[0], f[1]); }
        }
        return r;
    }
};

static void TestComplex(aclrtStream stream)
{
    struct C { const char *name; cd (*ref)(cd); };
    const C cs[] = {
        {"Neg", [](cd z) { return -z; }},
        {"Sign", [](cd z) { return z == cd(0) ? cd(0) : z / std::abs(z); }},
        {"Reciprocal", [](cd z) { return 1.0 / z; }},
        {"Rsqrt", [](cd z) { return 1.0 / std::sqrt(z); }},
        {"Log", [](cd z) { return std::log(z); }},
        {"Log2", [](cd z) { return std::log(z) / std::log(2.0); }},
        {"Log10", [](cd z) { return std::log10(z); }},
        {"Sin", [](cd z) { return std::sin(z); }},
        {"Cos", [](cd z) { return std::cos(z); }},
        {"Tan", [](cd z) { return std::tan(z); }},
        {"Sinh", [](cd z) { return std::sinh(z); }},
        {"Cosh", [](cd z) { return std::cosh(z); }},
        {"Asinh", [](cd z) { return std::asinh(z); }},
        {"Acosh", [](cd z) { return std::acosh(z); }},
        {"Atanh", [](cd z) { return std::atanh(z); }},
    };
    Lcg g(4242);
    const int64_t n = 97;
    std::vector<cd> v((size_t)n);
    for (auto &z : v) z = cd(g.uniform() * 6 - 3, g.uniform() * 6 - 3);
    v[0] = cd(0.5, 0);
    for (const C &c : cs) {
        const Op *op = nullptr;
        for (const Op &o : Ops()) if (c.name == std::string(o.name)) op = &o;
        if (!op) { EXPECT(false, "no row %s", c.name); continue; }
        const aclDataType dts[] = {ACL_COMPLEX64, ACL_COMPLEX128};
        for (aclDataType dt : dts) {
            std::vector<cd> x = v;
            if (dt == ACL_COMPLEX64) for (auto &z : x) z = cd((float)z.real(), (float)z.imag());
            CTensor tx(dt, n, 2, x), to(dt, n, 1, {});
            std::string what = std::string(c.name) + (dt == ACL_COMPLEX64 ? " complex64" : " complex128");
            int rc = Run(what.c_str(), stream, [&](uint64_t *w, aclOpExecutor **ex) { return op->s1(tx.t, to.t, w, ex); }, op->s2);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc) continue;
            std::vector<cd> got = to.Read();
            double tol = dt == ACL_COMPLEX64 ? 2e-6 : 1e-12, worst = 0;
            for (int64_t i = 0; i < n; i++) {
                cd want = c.ref(x[(size_t)i]);
                double e = std::abs(got[(size_t)i] - want) / std::max(1.0, std::abs(want));
                worst = std::max(worst, e);
            }
            EXPECT(worst <= tol, "%s: max error %g", what.c_str(), worst);
        }
    }
    // Abs: COMPLEX64 -> FLOAT (910B / 910_93 / 950 only); a complex Sin into a real out is refused
    if (!g_310p) {
        CTensor tx(ACL_COMPLEX64, n, 2, v), to(ACL_FLOAT, n, 1, {});
        int rc = Run("Abs complex64", stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnAbsGetWorkspaceSize(tx.t, to.t, w, ex); }, aclnnAbs);
        std::vector<cd> got = to.Read();
        double worst = 0;
        for (int64_t i = 0; i < n; i++) worst = std::max(worst, std::fabs(got[(size_t)i].real() - std::abs(cd((float)v[(size_t)i].real(), (float)v[(size_t)i].imag()))));
        EXPECT(rc == 0 && worst < 1e-5, "Abs complex64 -> float: rc %d err %g", rc, worst);
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclTensor *c64 = T(ACL_COMPLEX64, {4}), *c64b = T(ACL_COMPLEX64, {4}), *f = T(F32, {4});
    ExpectError("Sin complex64 -> float", aclnnSinGetWorkspaceSize(c64, f, &ws, &ex), kInvalid, "complex");
    ExpectError("Abs complex64 -> complex64", aclnnAbsGetWorkspaceSize(c64, c64b, &ws, &ex), kInvalid,
                g_310p ? "DT_COMPLEX64" : "DT_FLOAT");
    ExpectError("Asin complex64", aclnnAsinGetWorkspaceSize(c64, c64b, &ws, &ex), kInvalid, "DT_COMPLEX64");
    for (aclTensor *t : {c64, c64b, f}) aclDestroyTensor(t);
}

// 310P: no BF16 anywhere; the FP16 forms keep working
static void Test310P()
{
    const char *soc = aclrtGetSocName();
    EXPECT(soc && std::string(soc).find("310P") != std::string::npos, "SoC %s is not a 310P", soc ? soc : "?");
    for (const Op &op : Ops()) {
        if (std::find(op.floats.begin(), op.floats.end(), BF) == op.floats.end()) continue;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        aclDataType out = op.kind == PRED && op.rule == O_BOOL ? BO : BF;
        aclTensor *b = T(BF, {4}), *o = T(out, {4});
        ExpectError((std::string(op.name) + " bf16 on 310P").c_str(), op.s1(b, o, &ws, &ex), kInvalid, "DT_BF16");
        aclDestroyTensor(b);
        aclDestroyTensor(o);
    }
    // NanToNum runs on 910B / 910_93 only
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclTensor *f = T(F32, {4}), *f2 = T(F32, {4});
    ExpectError("NanToNum on 310P", aclnnNanToNumGetWorkspaceSize(f, 0, 0, 0, f2, &ws, &ex), kInvalid, "not supported");
    aclDestroyTensor(f);
    aclDestroyTensor(f2);
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_310p = argc > 1 && std::string(argv[1]) == "310p";
    if (g_310p) Test310P();
    TestValidation();
    TestValues(rt.stream);
    TestInplace(rt.stream);
    TestSpecial(rt.stream);
    TestShapes(rt.stream);
    if (!g_310p) TestNanToNum(rt.stream);
    TestComplex(rt.stream);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
