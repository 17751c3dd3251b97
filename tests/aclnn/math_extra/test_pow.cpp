// aclnnop/aclnn_pow.h and aclnn_pow_tensor_tensor.h run the ops-nn example way: PowTensorScalar,
// InplacePowTensorScalar, PowScalarTensor, PowTensorTensor (broadcasting) and
// InplacePowTensorTensor over the float dtypes (FLOAT, FLOAT16, BF16, DOUBLE), the integer dtypes
// and BOOL, mixed dtypes (torch promotion), contiguous / strided / transposed views, an empty and
// a large tensor, and the special values of pow (0^0, NaN^0, 1^NaN, negative base with a
// non-integer exponent, +-inf, +-0 with negative exponents). Goldens come from double-precision
// pow (or exact integer powers) computed here.
#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_pow.h"
#include "aclnnop/aclnn_pow_tensor_tensor.h"

static bool IsFloatDt(aclDataType dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16 || dt == ACL_DOUBLE;
}

// A scalar of dtype dt holding v (aclCreateScalar copies it).
static aclScalar *MakeScalar(aclDataType dt, double v)
{
    unsigned char b[8] = {0};
    Encode(dt, v, b);
    return aclCreateScalar(b, dt);
}

// v wrapped into an integer dtype's width (two's complement, like the integer units).
static double WrapTo(aclDataType dt, int64_t v)
{
    switch (dt) {
    case ACL_INT8: return (int8_t)v;
    case ACL_UINT8: return (uint8_t)v;
    case ACL_INT16: return (int16_t)v;
    case ACL_INT32: return (int32_t)v;
    default: return (double)v;
    }
}

// Exact integer power (exponent >= 0 here), wrapped into the output dtype.
static double IntPow(int64_t b, int64_t e, aclDataType out)
{
    uint64_t r = 1;
    for (int64_t i = 0; i < e; i++) r *= (uint64_t)b;
    return WrapTo(out, (int64_t)r);
}

// Coarser of two dtypes' tolerances: a FLOAT16 power stored into FLOAT keeps FLOAT16 accuracy.
static aclDataType CoarserDt(aclDataType a, aclDataType b)
{
    if (a == ACL_BF16 || b == ACL_BF16) return ACL_BF16;
    if (a == ACL_FLOAT16 || b == ACL_FLOAT16) return ACL_FLOAT16;
    if (a == ACL_FLOAT || b == ACL_FLOAT) return ACL_FLOAT;
    return ACL_DOUBLE;
}

static std::string Name(const char *api, aclDataType a, aclDataType b, aclDataType o, const char *extra = "")
{
    return std::string(api) + " " + DtName(a) + "^" + DtName(b) + "->" + DtName(o) + extra;
}

// ---- aclnnPowTensorScalar / aclnnInplacePowTensorScalar ----------------------------------
static void TestTensorScalarFloat(aclrtStream stream)
{
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
    const double exps[] = {2.0, 0.5, 3.0, -1.0, 1.7, -2.3, 0.0, 1.0, -0.5, -2.0};
    const std::vector<int64_t> shape = {3, 7, 5};
    int round = 0;
    for (aclDataType dt : dts)
        for (double e : exps) {
            Layout lay = (Layout)(round++ % 3);
            std::vector<double> x = QuantAll(dt, RandomValues(105, 10 + round));
            for (double &v : x) v = Quant(dt, 0.1 + std::fabs(v) * 0.6); // positive bases: any exponent is real
            // the exponent as the op sees it: a FLOAT scalar, rounded to the computing dtype
            double eq = Quant(dt, (double)(float)e);
            std::vector<double> golden(x.size());
            for (size_t i = 0; i < x.size(); i++) golden[i] = std::pow(x[i], eq);
            DevTensor tx, to;
            if (!tx.Init(dt, shape, x, lay) || !to.Init(dt, shape, {}, (Layout)((round + 1) % 3))) return;
            aclScalar *s = MakeScalar(ACL_FLOAT, e);
            int rc = Run("aclnnPowTensorScalar", stream, [&](uint64_t *w, aclOpExecutor **ex) {
                return aclnnPowTensorScalarGetWorkspaceSize(tx.t, s, to.t, w, ex); }, aclnnPowTensorScalar);
            std::string what = Name("PowTensorScalar", dt, ACL_FLOAT, dt, (" e=" + std::to_string(e)).c_str());
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc == 0) CheckDtype(what.c_str(), dt, to.Read(), golden);
            EXPECT(to.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
            // the inplace twin on the same input
            rc = Run("aclnnInplacePowTensorScalar", stream, [&](uint64_t *w, aclOpExecutor **ex) {
                return aclnnInplacePowTensorScalarGetWorkspaceSize(tx.t, s, w, ex); }, aclnnInplacePowTensorScalar);
            what = Name("InplacePowTensorScalar", dt, ACL_FLOAT, dt, (" e=" + std::to_string(e)).c_str());
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc == 0) CheckDtype(what.c_str(), dt, tx.Read(), golden);
            EXPECT(tx.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
            aclDestroyScalar(s);
        }
}

static void TestTensorScalarInt(aclrtStream stream)
{
    // integer tensors with an integer exponent stay integers (wrapping like the integer units);
    // with a FLOAT exponent the power is FLOAT; BOOL with an integer exponent computes in INT64
    const aclDataType dts[] = {ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_BOOL};
    for (aclDataType dt : dts)
        for (int e = 0; e <= 5; e++) {
            std::vector<double> x(60);
            for (size_t i = 0; i < x.size(); i++)
                x[i] = dt == ACL_BOOL ? (double)(i % 3 == 0) : dt == ACL_UINT8 ? (double)(i % 7) : (double)((int)(i % 9) - 4);
            aclDataType out = dt == ACL_BOOL ? ACL_INT64 : dt;
            std::vector<double> golden(x.size());
            for (size_t i = 0; i < x.size(); i++) golden[i] = IntPow((int64_t)x[i], e, out);
            DevTensor tx, to;
            if (!tx.Init(dt, {6, 10}, x, (Layout)(e % 3)) || !to.Init(out, {6, 10}, {}, STRIDED)) return;
            aclScalar *s = MakeScalar(ACL_INT64, e);
            int rc = Run("aclnnPowTensorScalar", stream, [&](uint64_t *w, aclOpExecutor **ex) {
                return aclnnPowTensorScalarGetWorkspaceSize(tx.t, s, to.t, w, ex); }, aclnnPowTensorScalar);
            std::string what = Name("PowTensorScalar", dt, ACL_INT64, out, (" e=" + std::to_string(e)).c_str());
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc == 0) CheckDtype(what.c_str(), ACL_DOUBLE, to.Read(), golden); // exact
            if (dt != ACL_BOOL) {
                rc = Run("aclnnInplacePowTensorScalar", stream, [&](uint64_t *w, aclOpExecutor **ex) {
                    return aclnnInplacePowTensorScalarGetWorkspaceSize(tx.t, s, w, ex); }, aclnnInplacePowTensorScalar);
                what = Name("InplacePowTensorScalar", dt, ACL_INT64, dt, (" e=" + std::to_string(e)).c_str());
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (rc == 0) CheckDtype(what.c_str(), ACL_DOUBLE, tx.Read(), golden);
            }
            aclDestroyScalar(s);
        }
    // INT32 ^ 1.5 (FLOAT scalar) -> FLOAT
    std::vector<double> x = {0, 1, 2, 3, 4, 9, 16, 25, 100, 7};
    std::vector<double> golden(x.size());
    for (size_t i = 0; i < x.size(); i++) golden[i] = std::pow(x[i], 1.5);
    DevTensor tx, to;
    if (!tx.Init(ACL_INT32, {10}, x, CONTIG) || !to.Init(ACL_FLOAT, {10}, {}, CONTIG)) return;
    aclScalar *s = MakeScalar(ACL_FLOAT, 1.5);
    int rc = Run("aclnnPowTensorScalar", stream, [&](uint64_t *w, aclOpExecutor **ex) {
        return aclnnPowTensorScalarGetWorkspaceSize(tx.t, s, to.t, w, ex); }, aclnnPowTensorScalar);
    EXPECT(rc == 0, "int32^1.5: run failed");
    if (rc == 0) CheckDtype("PowTensorScalar int32^1.5 -> fp32", ACL_FLOAT, to.Read(), golden);
    aclDestroyScalar(s);
}

// ---- aclnnPowScalarTensor ---------------------------------------------------------------
static void TestScalarTensor(aclrtStream stream)
{
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
    const double bases[] = {2.0, 0.5, 3.7, 1.0};
    int round = 0;
    for (aclDataType dt : dts)
        for (double b : bases) {
            // results stay below ~100, where FLOAT16's absolute error limit (0.1) is meaningful
            std::vector<double> y = QuantAll(dt, RandomValues(77, 40 + round, 0.5));
            double bq = Quant(dt, (double)(float)b);
            std::vector<double> golden(y.size());
            for (size_t i = 0; i < y.size(); i++) golden[i] = std::pow(bq, y[i]);
            DevTensor ty, to;
            if (!ty.Init(dt, {7, 11}, y, (Layout)(round % 3)) || !to.Init(dt, {7, 11}, {}, (Layout)((round + 2) % 3))) return;
            round++;
            aclScalar *s = MakeScalar(ACL_FLOAT, b);
            int rc = Run("aclnnPowScalarTensor", stream, [&](uint64_t *w, aclOpExecutor **ex) {
                return aclnnPowScalarTensorGetWorkspaceSize(s, ty.t, to.t, w, ex); }, aclnnPowScalarTensor);
            std::string what = Name("PowScalarTensor", ACL_FLOAT, dt, dt, (" base=" + std::to_string(b)).c_str());
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc == 0) CheckDtype(what.c_str(), dt, to.Read(), golden);
            aclDestroyScalar(s);
        }
    // integer scalar ^ INT32 tensor -> INT32; FLOAT scalar ^ INT32 tensor -> FLOAT
    std::vector<double> y = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    std::vector<double> gi(y.size()), gf(y.size());
    for (size_t i = 0; i < y.size(); i++) {
        gi[i] = IntPow(3, (int64_t)y[i], ACL_INT32);
        gf[i] = std::pow((double)0.75f, y[i]);
    }
    DevTensor ty, toi, tof;
    if (!ty.Init(ACL_INT32, {3, 4}, y, TRANSPOSED) || !toi.Init(ACL_INT32, {3, 4}, {}, CONTIG) ||
        !tof.Init(ACL_FLOAT, {3, 4}, {}, STRIDED)) return;
    aclScalar *si = MakeScalar(ACL_INT64, 3), *sf = MakeScalar(ACL_FLOAT, 0.75);
    int rc = Run("aclnnPowScalarTensor", stream, [&](uint64_t *w, aclOpExecutor **ex) {
        return aclnnPowScalarTensorGetWorkspaceSize(si, ty.t, toi.t, w, ex); }, aclnnPowScalarTensor);
    EXPECT(rc == 0, "3^int32: run failed");
    if (rc == 0) CheckDtype("PowScalarTensor 3^int32 -> int32", ACL_DOUBLE, toi.Read(), gi);
    rc = Run("aclnnPowScalarTensor", stream, [&](uint64_t *w, aclOpExecutor **ex) {
        return aclnnPowScalarTensorGetWorkspaceSize(sf, ty.t, tof.t, w, ex); }, aclnnPowScalarTensor);
    EXPECT(rc == 0, "0.75^int32: run failed");
    if (rc == 0) CheckDtype("PowScalarTensor 0.75^int32 -> fp32", ACL_FLOAT, tof.Read(), gf);
    aclDestroyScalar(si);
    aclDestroyScalar(sf);
}

// ---- aclnnPowTensorTensor / aclnnInplacePowTensorTensor -----------------------------------
struct TTCase {
    aclDataType a, b, out;
};

static void TestTensorTensor(aclrtStream stream)
{
    const TTCase cases[] = {
        {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT},     {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16}, {ACL_BF16, ACL_BF16, ACL_BF16},
        {ACL_DOUBLE, ACL_DOUBLE, ACL_DOUBLE},  {ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT},     {ACL_INT32, ACL_FLOAT, ACL_FLOAT},
        {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT}, {ACL_INT32, ACL_INT32, ACL_INT32},       {ACL_INT64, ACL_INT8, ACL_INT64},
        {ACL_INT16, ACL_INT16, ACL_INT16},     {ACL_UINT8, ACL_UINT8, ACL_UINT8},
    };
    // self [3, 1, 5] broadcast against exponent [4, 5] -> out [3, 4, 5]
    int round = 0;
    for (const TTCase &c : cases) {
        bool ints = !IsFloatDt(c.a) && !IsFloatDt(c.b);
        std::vector<double> x(15), y(20);
        Lcg rng(70 + round);
        for (size_t i = 0; i < x.size(); i++)
            x[i] = ints ? (double)((int)(rng.uniform() * 7) - (c.a == ACL_UINT8 ? 0 : 3))
                        : Quant(c.a, IsFloatDt(c.a) ? 0.05 + rng.uniform() * 4 : (double)(int)(rng.uniform() * 6));
        for (size_t i = 0; i < y.size(); i++)
            y[i] = ints ? (double)(int)(rng.uniform() * 5) : Quant(c.b, rng.uniform() * 5 - 2.5);
        aclDataType promoted = c.a == c.b ? c.a : (IsFloatDt(c.a) && IsFloatDt(c.b)) || !ints ? CoarserDt(c.a, c.b) : ACL_INT64;
        if (c.a == ACL_FLOAT16 && c.b == ACL_FLOAT) promoted = ACL_FLOAT;
        if (c.a == ACL_INT32 && c.b == ACL_FLOAT) promoted = ACL_FLOAT;
        std::vector<double> golden(60);
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 4; j++)
                for (int k = 0; k < 5; k++) {
                    double xv = x[(size_t)(i * 5 + k)], yv = y[(size_t)(j * 5 + k)];
                    golden[(size_t)((i * 4 + j) * 5 + k)] =
                        ints ? IntPow((int64_t)xv, (int64_t)yv, c.out) : std::pow(xv, yv);
                }
        DevTensor ta, tb, to;
        if (!ta.Init(c.a, {3, 1, 5}, x, (Layout)(round % 3)) || !tb.Init(c.b, {4, 5}, y, (Layout)((round + 1) % 3)) ||
            !to.Init(c.out, {3, 4, 5}, {}, (Layout)((round + 2) % 3))) return;
        round++;
        int rc = Run("aclnnPowTensorTensor", stream, [&](uint64_t *w, aclOpExecutor **ex) {
            return aclnnPowTensorTensorGetWorkspaceSize(ta.t, tb.t, to.t, w, ex); }, aclnnPowTensorTensor);
        std::string what = Name("PowTensorTensor", c.a, c.b, c.out);
        EXPECT(rc == 0, "%s: run failed", what.c_str());
        if (rc == 0) CheckDtype(what.c_str(), ints ? ACL_DOUBLE : CoarserDt(promoted, c.out), to.Read(), golden);
        EXPECT(to.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
    }
    // inplace: selfRef [4, 5] ^= exponent [5]
    const aclDataType idts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32};
    for (aclDataType dt : idts) {
        bool ints = dt == ACL_INT32;
        std::vector<double> x(20), y(5);
        for (size_t i = 0; i < x.size(); i++) x[i] = ints ? (double)((int)i % 7 - 3) : Quant(dt, 0.2 + 0.19 * (double)i);
        for (size_t i = 0; i < y.size(); i++) y[i] = ints ? (double)i : Quant(dt, -1.25 + 0.6 * (double)i);
        std::vector<double> golden(20);
        for (size_t i = 0; i < 20; i++)
            golden[i] = ints ? IntPow((int64_t)x[i], (int64_t)y[i % 5], dt) : std::pow(x[i], y[i % 5]);
        DevTensor ta, tb;
        if (!ta.Init(dt, {4, 5}, x, STRIDED) || !tb.Init(dt, {5}, y, CONTIG)) return;
        int rc = Run("aclnnInplacePowTensorTensor", stream, [&](uint64_t *w, aclOpExecutor **ex) {
            return aclnnInplacePowTensorTensorGetWorkspaceSize(ta.t, tb.t, w, ex); }, aclnnInplacePowTensorTensor);
        std::string what = Name("InplacePowTensorTensor", dt, dt, dt);
        EXPECT(rc == 0, "%s: run failed", what.c_str());
        if (rc == 0) CheckDtype(what.c_str(), ints ? ACL_DOUBLE : dt, ta.Read(), golden);
        EXPECT(ta.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
    }
}

// ---- special values ---------------------------------------------------------------------
// Exact expectations (C99 / torch pow): NaN must be NaN, infinities and signed zeros exact.
static void ExpectExact(const char *what, const std::vector<double> &got, const std::vector<double> &want,
                        const std::vector<double> &x, const std::vector<double> &y)
{
    for (size_t i = 0; i < want.size(); i++) {
        bool ok = std::isnan(want[i]) ? std::isnan(got[i])
                                      : got[i] == want[i] && std::signbit(got[i]) == std::signbit(want[i]);
        EXPECT(ok, "%s: pow(%g, %g) = %g, expected %g", what, x[i], y[i], got[i], want[i]);
    }
}

static void TestSpecialValues(aclrtStream stream)
{
    const double inf = INFINITY, nan = NAN;
    // base, exponent, expected
    const double t[][3] = {
        {0, 0, 1},        {-0.0, 0, 1},      {nan, 0, 1},       {1, nan, 1},        {-2, 1.5, nan},
        {-8, 0.25, nan},  {-2, 3, -8},       {-2, 2, 4},        {inf, 2, inf},      {inf, -1, 0},
        {-inf, 3, -inf},  {-inf, 2, inf},    {-inf, -3, -0.0},  {0, -1, inf},       {-0.0, -1, -inf},
        {0, -2, inf},     {-0.0, 3, -0.0},   {2, inf, inf},     {0.5, inf, 0},      {2, -inf, 0},
        {0.5, -inf, inf}, {-1, inf, 1},      {-1, -inf, 1},     {1, inf, 1},        {nan, 1, nan},
        {2, nan, nan},    {0, 0.3, 0},       {inf, 0.5, inf},   {-3, 0, 1},         {1e-3, 0.5, std::sqrt(1e-3)},
    };
    const size_t n = sizeof(t) / sizeof(t[0]);
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE};
    for (aclDataType dt : dts) {
        std::vector<double> x(n), y(n), want(n);
        for (size_t i = 0; i < n; i++) {
            x[i] = Quant(dt, t[i][0]);
            y[i] = Quant(dt, t[i][1]);
            want[i] = Quant(dt, std::pow(x[i], y[i]));
            if (!std::isnan(t[i][2]) && !std::isinf(t[i][2]) && t[i][2] == 0)
                EXPECT(want[i] == 0 && std::signbit(want[i]) == std::signbit(t[i][2]), "reference table row %zu", i);
        }
        DevTensor ta, tb, to;
        if (!ta.Init(dt, {(int64_t)n}, x, STRIDED) || !tb.Init(dt, {(int64_t)n}, y, CONTIG) ||
            !to.Init(dt, {(int64_t)n}, {}, CONTIG)) return;
        int rc = Run("aclnnPowTensorTensor", stream, [&](uint64_t *w, aclOpExecutor **ex) {
            return aclnnPowTensorTensorGetWorkspaceSize(ta.t, tb.t, to.t, w, ex); }, aclnnPowTensorTensor);
        std::string what = std::string("special TensorTensor ") + DtName(dt);
        EXPECT(rc == 0, "%s: run failed", what.c_str());
        std::vector<double> got = to.Read();
        // the sqrt row is an ordinary value: within the dtype's accuracy, not exact
        if (rc == 0) {
            ExpectExact(what.c_str(), std::vector<double>(got.begin(), got.end() - 1),
                        std::vector<double>(want.begin(), want.end() - 1), x, y);
            CheckDtype(what.c_str(), dt, {got.back()}, {std::pow(x.back(), y.back())});
        }
    }
    // scalar exponent: 0 (NaN^0 = 1), 2 (inf^2, NaN^2), 3 (negative cube), 1.5 (negative base -> NaN)
    const double sexp[] = {0, 2, 3, 1.5, -1};
    const std::vector<double> bases = {nan, inf, -inf, -2, 0, -0.0, 4, 1, -1};
    for (double e : sexp) {
        std::vector<double> want(bases.size()), ys(bases.size(), e);
        for (size_t i = 0; i < bases.size(); i++) want[i] = (double)std::pow((float)bases[i], (float)e);
        DevTensor tx, to;
        if (!tx.Init(ACL_FLOAT, {(int64_t)bases.size()}, bases, CONTIG) ||
            !to.Init(ACL_FLOAT, {(int64_t)bases.size()}, {}, STRIDED)) return;
        aclScalar *s = MakeScalar(ACL_FLOAT, e);
        int rc = Run("aclnnPowTensorScalar", stream, [&](uint64_t *w, aclOpExecutor **ex) {
            return aclnnPowTensorScalarGetWorkspaceSize(tx.t, s, to.t, w, ex); }, aclnnPowTensorScalar);
        std::string what = "special TensorScalar e=" + std::to_string(e);
        EXPECT(rc == 0, "%s: run failed", what.c_str());
        if (rc == 0) ExpectExact(what.c_str(), to.Read(), want, bases, ys);
        aclDestroyScalar(s);
    }
    // scalar base: 0^y and (-2)^y
    const std::vector<double> ys = {0, 1, -1, inf, -inf, nan, 0.5, 2, 3};
    const double sb[] = {0, -2, 1};
    for (double b : sb) {
        std::vector<double> want(ys.size()), xs(ys.size(), b);
        for (size_t i = 0; i < ys.size(); i++) want[i] = (double)std::pow((float)b, (float)ys[i]);
        DevTensor ty, to;
        if (!ty.Init(ACL_FLOAT, {(int64_t)ys.size()}, ys, TRANSPOSED) ||
            !to.Init(ACL_FLOAT, {(int64_t)ys.size()}, {}, CONTIG)) return;
        aclScalar *s = MakeScalar(ACL_FLOAT, b);
        int rc = Run("aclnnPowScalarTensor", stream, [&](uint64_t *w, aclOpExecutor **ex) {
            return aclnnPowScalarTensorGetWorkspaceSize(s, ty.t, to.t, w, ex); }, aclnnPowScalarTensor);
        std::string what = "special ScalarTensor base=" + std::to_string(b);
        EXPECT(rc == 0, "%s: run failed", what.c_str());
        if (rc == 0) ExpectExact(what.c_str(), to.Read(), want, xs, ys);
        aclDestroyScalar(s);
    }
}

// ---- shapes: empty, rank 8, one large tensor ----------------------------------------------
static void TestShapes(aclrtStream stream)
{
    // empty: stage 1 succeeds with workspace 0; stage 2 runs nothing
    DevTensor ex0, eo0;
    if (!ex0.Init(ACL_FLOAT, {3, 0, 4}, {}, CONTIG) || !eo0.Init(ACL_FLOAT, {3, 0, 4}, {}, CONTIG)) return;
    aclScalar *two = MakeScalar(ACL_FLOAT, 2.0);
    uint64_t ws = 123;
    aclOpExecutor *exe = nullptr;
    int rc = aclnnPowTensorScalarGetWorkspaceSize(ex0.t, two, eo0.t, &ws, &exe);
    EXPECT(rc == 0 && ws == 0, "empty PowTensorScalar: rc %d ws %llu", rc, (unsigned long long)ws);
    if (rc == 0) EXPECT(aclnnPowTensorScalar(nullptr, 0, exe, stream) == 0, "empty stage 2");
    rc = aclnnPowTensorTensorGetWorkspaceSize(ex0.t, ex0.t, eo0.t, &ws, &exe);
    EXPECT(rc == 0 && ws == 0, "empty PowTensorTensor: rc %d", rc);
    if (rc == 0) EXPECT(aclnnPowTensorTensor(nullptr, 0, exe, stream) == 0, "empty stage 2");
    rc = aclnnPowScalarTensorGetWorkspaceSize(two, ex0.t, eo0.t, &ws, &exe);
    EXPECT(rc == 0 && ws == 0, "empty PowScalarTensor: rc %d", rc);
    if (rc == 0) EXPECT(aclnnPowScalarTensor(nullptr, 0, exe, stream) == 0, "empty stage 2");
    // rank 8 with odd sizes, broadcasting in two dims
    {
        std::vector<int64_t> sa = {2, 1, 3, 1, 2, 3, 1, 5}, sb = {1, 3, 1, 2, 1, 1, 2, 1}, so = {2, 3, 3, 2, 2, 3, 2, 5};
        std::vector<double> a = QuantAll(ACL_FLOAT, RandomValues((size_t)GetShapeSize(sa), 91)), b = RandomValues((size_t)GetShapeSize(sb), 92, 0.5);
        for (double &v : a) v = Quant(ACL_FLOAT, 0.2 + std::fabs(v));
        b = QuantAll(ACL_FLOAT, b);
        std::vector<double> golden((size_t)GetShapeSize(so));
        for (int64_t i = 0; i < GetShapeSize(so); i++) {
            int64_t r = i, ia = 0, ib = 0, ma = 1, mb = 1;
            for (int d = 7; d >= 0; d--) {
                int64_t c = r % so[d];
                r /= so[d];
                ia += (sa[d] == 1 ? 0 : c) * ma;
                ib += (sb[d] == 1 ? 0 : c) * mb;
                ma *= sa[d];
                mb *= sb[d];
            }
            golden[(size_t)i] = std::pow(a[(size_t)ia], b[(size_t)ib]);
        }
        DevTensor ta, tb, to;
        if (!ta.Init(ACL_FLOAT, sa, a, STRIDED) || !tb.Init(ACL_FLOAT, sb, b, TRANSPOSED) || !to.Init(ACL_FLOAT, so, {}, CONTIG)) return;
        rc = Run("aclnnPowTensorTensor", stream, [&](uint64_t *w, aclOpExecutor **ex) {
            return aclnnPowTensorTensorGetWorkspaceSize(ta.t, tb.t, to.t, w, ex); }, aclnnPowTensorTensor);
        EXPECT(rc == 0, "rank 8: run failed");
        if (rc == 0) CheckDtype("PowTensorTensor rank 8", ACL_FLOAT, to.Read(), golden);
    }
    // one large tensor (spread over every vector core): x^2.5 and 1.5^x
    {
        const int64_t n = (1 << 20) + 37;
        std::vector<double> x((size_t)n);
        for (int64_t i = 0; i < n; i++) x[(size_t)i] = Quant(ACL_FLOAT, 0.001 + (double)(i % 4099) * 0.002);
        std::vector<double> g1((size_t)n), g2((size_t)n);
        for (int64_t i = 0; i < n; i++) {
            g1[(size_t)i] = std::pow(x[(size_t)i], 2.5);
            g2[(size_t)i] = std::pow(1.5, x[(size_t)i]);
        }
        DevTensor tx, to;
        if (!tx.Init(ACL_FLOAT, {n}, x, CONTIG) || !to.Init(ACL_FLOAT, {n}, {}, CONTIG)) return;
        aclScalar *e = MakeScalar(ACL_FLOAT, 2.5), *b = MakeScalar(ACL_FLOAT, 1.5);
        rc = Run("aclnnPowTensorScalar", stream, [&](uint64_t *w, aclOpExecutor **ex) {
            return aclnnPowTensorScalarGetWorkspaceSize(tx.t, e, to.t, w, ex); }, aclnnPowTensorScalar);
        EXPECT(rc == 0, "large: run failed");
        if (rc == 0) CheckDtype("PowTensorScalar large", ACL_FLOAT, to.Read(), g1);
        rc = Run("aclnnPowScalarTensor", stream, [&](uint64_t *w, aclOpExecutor **ex) {
            return aclnnPowScalarTensorGetWorkspaceSize(b, tx.t, to.t, w, ex); }, aclnnPowScalarTensor);
        EXPECT(rc == 0, "large: run failed");
        if (rc == 0) CheckDtype("PowScalarTensor large", ACL_FLOAT, to.Read(), g2);
        aclDestroyScalar(e);
        aclDestroyScalar(b);
    }
    aclDestroyScalar(two);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    TestTensorScalarFloat(rt.stream);
    TestTensorScalarInt(rt.stream);
    TestScalarTensor(rt.stream);
    TestTensorTensor(rt.stream);
    TestSpecialValues(rt.stream);
    TestShapes(rt.stream);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
