// Maximum / Minimum, Fmod, Remainder, FloorDivide, Atan2, LogicalAnd/Or/Xor, BitwiseAnd/Or/Xor
// (tensor and scalar forms, in-place twins) against double / exact integer references written
// here: NaN propagation, the sign rules of fmod (dividend) and remainder (divisor), floor
// division, integer wrap-around, integer division by zero (defined as 0, no trap) and
// INT_MIN / -1, views and broadcasting, validation paths.
#include <algorithm>

#include "aclnnop/aclnn_atan2.h"
#include "aclnnop/aclnn_bitwise_and_scalar.h"
#include "aclnnop/aclnn_bitwise_and_tensor.h"
#include "aclnnop/aclnn_bitwise_or_scalar.h"
#include "aclnnop/aclnn_bitwise_or_tensor.h"
#include "aclnnop/aclnn_bitwise_xor_scalar.h"
#include "aclnnop/aclnn_bitwise_xor_tensor.h"
#include "aclnnop/aclnn_bitwiseand.h"
#include "aclnnop/aclnn_floor_divide.h"
#include "aclnnop/aclnn_isclose.h"
#include "aclnnop/aclnn_left_shift.h"
#include "aclnnop/aclnn_logaddexp.h"
#include "aclnnop/aclnn_logaddexp2.h"
#include "aclnnop/aclnn_right_shift.h"
#include "aclnnop/aclnn_x_log_y_scalar_other.h"
#include "aclnnop/aclnn_x_log_y_scalar_self.h"
#include "aclnnop/aclnn_x_log_y_tensor.h"
#include "aclnnop/aclnn_fmod_scalar.h"
#include "aclnnop/aclnn_fmod_tensor.h"
#include "aclnnop/aclnn_logical_and.h"
#include "aclnnop/aclnn_logical_or.h"
#include "aclnnop/aclnn_logical_xor.h"
#include "aclnnop/aclnn_maximum.h"
#include "aclnnop/aclnn_minimum.h"
#include "aclnnop/aclnn_remainder.h"
#include "pw_test.h"

typedef aclnnStatus (*TS1)(const aclTensor *, const aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*SS1)(const aclTensor *, const aclScalar *, aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*S2)(void *, uint64_t, aclOpExecutor *, aclrtStream);
typedef double (*Ref)(double, double, aclDataType);

static aclrtStream g_stream;
static bool g_bf16 = true;

static bool IsInt(aclDataType c) { return !IsFloatDt(c) && c != ACL_BOOL; }

static double RMax(double a, double b, aclDataType) { return a != a ? a : b != b ? b : a < b ? b : a; }
static double RMin(double a, double b, aclDataType) { return a != a ? a : b != b ? b : b < a ? b : a; }
static double RFmod(double a, double b, aclDataType c)
{
    if (IsInt(c)) return b == 0 ? 0 : (double)((int64_t)a % (int64_t)b);
    return std::fmod(a, b);
}
static double RRem(double a, double b, aclDataType c)
{
    if (IsInt(c) && b == 0) return 0;
    double r = IsInt(c) ? (double)((int64_t)a % (int64_t)b) : std::fmod(a, b);
    return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
static double RFloorDiv(double a, double b, aclDataType c)
{
    if (IsInt(c)) {
        if (b == 0) return 0;
        int64_t q = (int64_t)a / (int64_t)b, r = (int64_t)a % (int64_t)b;
        return (double)((r != 0 && ((a < 0) != (b < 0))) ? q - 1 : q);
    }
    // torch's div_floor_floating: the floor of the exact quotient from fmod, so inf // x is NaN
    if (b == 0) return a / b;
    double mod = std::fmod(a, b), div = (a - mod) / b;
    if (mod != 0 && ((b < 0) != (mod < 0))) div -= 1;
    if (div == 0) return std::copysign(0.0, a / b);
    double fl = std::floor(div);
    return div - fl > 0.5 ? fl + 1 : fl;
}
static double RAtan2(double a, double b, aclDataType) { return std::atan2(a, b); }
static double RAnd(double a, double b, aclDataType) { return (a != 0) && (b != 0); }
static double ROr(double a, double b, aclDataType) { return (a != 0) || (b != 0); }
static double RXor(double a, double b, aclDataType) { return (a != 0) != (b != 0); }
static double RBAnd(double a, double b, aclDataType) { return (double)((int64_t)a & (int64_t)b); }
static double RBOr(double a, double b, aclDataType) { return (double)((int64_t)a | (int64_t)b); }
static double RBXor(double a, double b, aclDataType) { return (double)((int64_t)a ^ (int64_t)b); }
static double RXlogy(double a, double b, aclDataType) { return std::isnan(b) ? b : a == 0 ? 0.0 : a * std::log(b); }
static double RLae(double a, double b, aclDataType)
{
    if (std::isnan(a) || std::isnan(b)) return NAN;
    if (a == b && std::isinf(a)) return a;
    return std::max(a, b) + std::log1p(std::exp(-std::fabs(a - b)));
}
static double RLae2(double a, double b, aclDataType)
{
    if (std::isnan(a) || std::isnan(b)) return NAN;
    if (a == b && std::isinf(a)) return a;
    return std::max(a, b) + std::log2(1.0 + std::exp2(-std::fabs(a - b)));
}
static int BitsOf(aclDataType c) { return (int)ElemSize(c) * 8; }
static double RShl(double a, double b, aclDataType c)
{
    if (b < 0 || b >= BitsOf(c)) return 0;
    return RoundTo(c, (double)(int64_t)((uint64_t)(int64_t)a << (int)b));
}
static double RShr(double a, double b, aclDataType c)
{
    bool uns = c == ACL_UINT8 || c == ACL_UINT16 || c == ACL_UINT32 || c == ACL_UINT64;
    if (b < 0 || b >= BitsOf(c)) return uns ? 0 : (a < 0 ? -1 : 0);
    return std::floor(a / std::ldexp(1.0, (int)b)); // arithmetic shift = floor division by 2^b
}

// out = ref(round_c(a), round_c(b)) rounded to c, then to out's dtype (ints exact).
static void TT(const char *api, TS1 s1, S2 s2, Ref ref, aclDataType da, std::vector<int64_t> sa, Layout la,
               aclDataType db, std::vector<int64_t> sb, Layout lb, aclDataType c, aclDataType dout,
               std::vector<int64_t> so, bool nonzero_b = false, bool result_bool = false)
{
    std::vector<double> va = Values(da, GetShapeSize(sa), 31), vb = Values(db, GetShapeSize(sb), 32);
    if (nonzero_b)
        for (auto &v : vb) if (v == 0) v = RoundTo(db, 3);
    DevT a = Make(da, sa, va, la), b = Make(db, sb, vb, lb), o = MakeFill(dout, so, 7);
    std::string name = std::string(api) + " " + aclDataTypeName(da) + " x " + aclDataTypeName(db);
    int rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return s1(a.t, b.t, o.t, w, e); }, s2);
    EXPECT(rc == 0, "%s: stage 1 %d %s", name.c_str(), rc, aclGetRecentErrMsg());
    if (rc == 0) {
        std::vector<double> g((size_t)GetShapeSize(so));
        for (int64_t i = 0; i < (int64_t)g.size(); i++) {
            double r = ref(RoundTo(c, va[(size_t)BIndex(so, sa, i)]), RoundTo(c, vb[(size_t)BIndex(so, sb, i)]), c);
            g[(size_t)i] = RoundTo(dout, result_bool ? r : RoundTo(c, r));
        }
        Expect(name, o, g);
    }
    a.Free(); b.Free(); o.Free();
}

static void TSc(const char *api, SS1 s1, S2 s2, Ref ref, aclDataType da, std::vector<int64_t> sa, Layout la,
                aclScalar *s, double sv, aclDataType c, aclDataType dout)
{
    std::vector<double> va = Values(da, GetShapeSize(sa), 41);
    DevT a = Make(da, sa, va, la), o = MakeFill(dout, sa, 7);
    std::string name = std::string(api) + " " + aclDataTypeName(da) + " x scalar";
    int rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return s1(a.t, s, o.t, w, e); }, s2);
    EXPECT(rc == 0, "%s: stage 1 %d %s", name.c_str(), rc, aclGetRecentErrMsg());
    if (rc == 0) {
        std::vector<double> g(va.size());
        for (size_t i = 0; i < g.size(); i++) g[i] = RoundTo(dout, RoundTo(c, ref(RoundTo(c, va[i]), RoundTo(c, sv), c)));
        Expect(name, o, g);
    }
    a.Free(); o.Free();
}

static void Arithmetic()
{
    struct Op { const char *n; TS1 s1; S2 s2; Ref r; bool nz; };
    Op ops[] = {{"Maximum", aclnnMaximumGetWorkspaceSize, aclnnMaximum, RMax, false},
                {"Minimum", aclnnMinimumGetWorkspaceSize, aclnnMinimum, RMin, false},
                {"FmodTensor", aclnnFmodTensorGetWorkspaceSize, aclnnFmodTensor, RFmod, false},
                {"RemainderTensorTensor", aclnnRemainderTensorTensorGetWorkspaceSize, aclnnRemainderTensorTensor, RRem, false},
                {"FloorDivide", aclnnFloorDivideGetWorkspaceSize, aclnnFloorDivide, RFloorDiv, false}};
    for (auto &op : ops) {
        TT(op.n, op.s1, op.s2, op.r, ACL_FLOAT, {4, 33}, CONTIG, ACL_FLOAT, {4, 33}, TRANSPOSED, ACL_FLOAT, ACL_FLOAT, {4, 33});
        TT(op.n, op.s1, op.s2, op.r, ACL_FLOAT16, {6, 7}, STRIDED, ACL_FLOAT16, {7}, CONTIG, ACL_FLOAT16, ACL_FLOAT16, {6, 7});
        if (g_bf16)
            TT(op.n, op.s1, op.s2, op.r, ACL_BF16, {3, 20}, CONTIG, ACL_FLOAT, {3, 1}, CONTIG, ACL_FLOAT, ACL_FLOAT, {3, 20});
        TT(op.n, op.s1, op.s2, op.r, ACL_DOUBLE, {50}, CONTIG, ACL_DOUBLE, {}, CONTIG, ACL_DOUBLE, ACL_DOUBLE, {50});
        TT(op.n, op.s1, op.s2, op.r, ACL_INT32, {5, 8}, TRANSPOSED, ACL_INT32, {5, 8}, CONTIG, ACL_INT32, ACL_INT32, {5, 8});
        TT(op.n, op.s1, op.s2, op.r, ACL_INT64, {40}, CONTIG, ACL_INT32, {40}, STRIDED, ACL_INT64, ACL_INT64, {40});
        TT(op.n, op.s1, op.s2, op.r, ACL_INT32, {2, 1, 2, 1, 2, 1, 2, 3}, CONTIG, ACL_FLOAT, {3}, CONTIG, ACL_FLOAT,
           ACL_FLOAT, {2, 1, 2, 1, 2, 1, 2, 3}, true);
        TT(op.n, op.s1, op.s2, op.r, ACL_FLOAT, {0, 4}, CONTIG, ACL_FLOAT, {4}, CONTIG, ACL_FLOAT, ACL_FLOAT, {0, 4});
    }
    // the integer edge cases: x / 0 and x % 0 give 0; INT8 -128 // -1 wraps to -128
    DevT a = Make(ACL_INT8, {6}, {-128, 7, -7, 7, -7, 5}), b = Make(ACL_INT8, {6}, {-1, 2, 2, -2, -2, 0});
    DevT o = MakeFill(ACL_INT8, {6}, 9);
    int rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnFloorDivideGetWorkspaceSize(a.t, b.t, o.t, w, e); },
                 aclnnFloorDivide);
    EXPECT(rc == 0, "FloorDivide INT8 edges: %d", rc);
    Expect("FloorDivide INT8 edges", o, {-128, 3, -4, -4, 3, 0});
    rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnFmodTensorGetWorkspaceSize(a.t, b.t, o.t, w, e); },
             aclnnFmodTensor);
    Expect("FmodTensor INT8 edges", o, {0, 1, -1, 1, -1, 0});
    DevT a64 = Make(ACL_INT64, {2}, {-9223372036854775808.0, 5}), b64 = Make(ACL_INT64, {2}, {-1, 0});
    DevT o64 = MakeFill(ACL_INT64, {2}, 9);
    rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnRemainderTensorTensorGetWorkspaceSize(a64.t, b64.t, o64.t, w, e); },
             aclnnRemainderTensorTensor);
    Expect("Remainder INT64 MIN % -1, 5 % 0", o64, {0, 0});
    // NaN propagation of maximum / minimum, signs of fmod / remainder on floats
    DevT fa = Make(ACL_FLOAT, {6}, {NAN, 1, -5.5, 5.5, -0.0, INFINITY}), fb = Make(ACL_FLOAT, {6}, {1, NAN, 2, -2, 0.0, 3});
    DevT fo = MakeFill(ACL_FLOAT, {6}, 9);
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnMaximumGetWorkspaceSize(fa.t, fb.t, fo.t, w, e); }, aclnnMaximum);
    Expect("Maximum NaN", fo, {NAN, NAN, 2, 5.5, -0.0, INFINITY});
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnFmodTensorGetWorkspaceSize(fa.t, fb.t, fo.t, w, e); }, aclnnFmodTensor);
    Expect("Fmod signs", fo, {NAN, NAN, -1.5, 1.5, NAN, NAN});
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnRemainderTensorTensorGetWorkspaceSize(fa.t, fb.t, fo.t, w, e); },
        aclnnRemainderTensorTensor);
    Expect("Remainder signs", fo, {NAN, NAN, 0.5, -0.5, NAN, NAN});
    a.Free(); b.Free(); o.Free(); a64.Free(); b64.Free(); o64.Free(); fa.Free(); fb.Free(); fo.Free();

    // scalar forms: Fmod / Remainder / FloorDivides; an integral scalar keeps an INT32 self INT32
    // (remainder's rule), a float scalar moves it to FLOAT
    float f25 = 2.5f;
    int64_t i3 = 3;
    aclScalar *sf = aclCreateScalar(&f25, ACL_FLOAT), *si = aclCreateScalar(&i3, ACL_INT64);
    TSc("FmodScalar", aclnnFmodScalarGetWorkspaceSize, aclnnFmodScalar, RFmod, ACL_FLOAT, {40}, STRIDED, sf, 2.5, ACL_FLOAT, ACL_FLOAT);
    TSc("FmodScalar", aclnnFmodScalarGetWorkspaceSize, aclnnFmodScalar, RFmod, ACL_INT32, {40}, CONTIG, si, 3, ACL_INT32, ACL_INT32);
    TSc("RemainderTensorScalar", aclnnRemainderTensorScalarGetWorkspaceSize, aclnnRemainderTensorScalar, RRem, ACL_INT32, {40},
        TRANSPOSED, si, 3, ACL_INT32, ACL_INT32);
    TSc("RemainderTensorScalar", aclnnRemainderTensorScalarGetWorkspaceSize, aclnnRemainderTensorScalar, RRem, ACL_INT32, {40},
        CONTIG, sf, 2.5, ACL_FLOAT, ACL_FLOAT);
    TSc("FloorDivides", aclnnFloorDividesGetWorkspaceSize, aclnnFloorDivides, RFloorDiv, ACL_FLOAT16, {40}, CONTIG, sf, 2.5,
        ACL_FLOAT16, ACL_FLOAT16);
    // RemainderScalarTensor: 2.5 % other (FLOAT other)
    std::vector<double> vo = Values(ACL_FLOAT, 30, 51);
    DevT ot = Make(ACL_FLOAT, {30}, vo), oo = MakeFill(ACL_FLOAT, {30}, 0);
    rc = Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnRemainderScalarTensorGetWorkspaceSize(sf, ot.t, oo.t, w, e); },
             aclnnRemainderScalarTensor);
    EXPECT(rc == 0, "RemainderScalarTensor: %d %s", rc, aclGetRecentErrMsg());
    std::vector<double> g(30);
    for (int i = 0; i < 30; i++) g[(size_t)i] = RoundTo(ACL_FLOAT, RRem(2.5, vo[(size_t)i], ACL_FLOAT));
    Expect("RemainderScalarTensor", oo, g);
    // in-place twins
    DevT ip = Make(ACL_FLOAT, {5}, {7, -7, 7.5, -7.5, 1}), iq = Make(ACL_FLOAT, {5}, {2, 2, -2, -2, 1});
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceFmodTensorGetWorkspaceSize(ip.t, iq.t, w, e); },
        aclnnInplaceFmodTensor);
    Expect("InplaceFmodTensor", ip, {1, -1, 1.5, -1.5, 0});
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceRemainderTensorScalarGetWorkspaceSize(ip.t, sf, w, e); },
        aclnnInplaceRemainderTensorScalar);
    Expect("InplaceRemainderTensorScalar", ip, {1, 1.5, 1.5, 1.0, 0});
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceFloorDivideGetWorkspaceSize(ip.t, iq.t, w, e); },
        aclnnInplaceFloorDivide);
    Expect("InplaceFloorDivide", ip, {0, 0, -1, -1, 0});
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceFloorDividesGetWorkspaceSize(iq.t, sf, w, e); },
        aclnnInplaceFloorDivides);
    Expect("InplaceFloorDivides", iq, {0, 0, -1, -1, 0});
    DevT ia = Make(ACL_FLOAT, {3}, {1, -1, 0}), ib = Make(ACL_FLOAT, {3}, {1, -1, -1});
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceRemainderTensorTensorGetWorkspaceSize(ia.t, ib.t, w, e); },
        aclnnInplaceRemainderTensorTensor);
    Expect("InplaceRemainderTensorTensor", ia, {0, -0.0, 0});
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceFmodScalarGetWorkspaceSize(ib.t, sf, w, e); },
        aclnnInplaceFmodScalar);
    Expect("InplaceFmodScalar", ib, {1, -1, -1});
    ot.Free(); oo.Free(); ip.Free(); iq.Free(); ia.Free(); ib.Free();
    aclDestroyScalar(sf); aclDestroyScalar(si);

    // Atan2: integer inputs compute in FLOAT
    TT("Atan2", aclnnAtan2GetWorkspaceSize, aclnnAtan2, RAtan2, ACL_FLOAT, {5, 9}, TRANSPOSED, ACL_FLOAT, {9}, CONTIG,
       ACL_FLOAT, ACL_FLOAT, {5, 9});
    TT("Atan2", aclnnAtan2GetWorkspaceSize, aclnnAtan2, RAtan2, ACL_INT32, {30}, CONTIG, ACL_INT32, {30}, CONTIG, ACL_FLOAT,
       ACL_FLOAT, {30});
    TT("Atan2", aclnnAtan2GetWorkspaceSize, aclnnAtan2, RAtan2, ACL_DOUBLE, {30}, CONTIG, ACL_DOUBLE, {30}, STRIDED,
       ACL_DOUBLE, ACL_DOUBLE, {30});
    TT("Atan2", aclnnAtan2GetWorkspaceSize, aclnnAtan2, RAtan2, ACL_FLOAT16, {30}, CONTIG, ACL_FLOAT16, {30}, CONTIG,
       ACL_FLOAT16, ACL_FLOAT16, {30});
    {
        // the FLOAT kernel within a few ulp of atan2 over all quadrants and magnitudes
        Lcg g(77);
        std::vector<double> ys(4099), xs(4099);
        for (size_t i = 0; i < ys.size(); i++) {
            ys[i] = RoundTo(ACL_FLOAT, (g.uniform() * 2 - 1) * std::pow(10.0, g.uniform() * 8 - 4));
            xs[i] = RoundTo(ACL_FLOAT, (g.uniform() * 2 - 1) * std::pow(10.0, g.uniform() * 8 - 4));
        }
        DevT yd = Make(ACL_FLOAT, {4099}, ys), xd = Make(ACL_FLOAT, {4099}, xs), od = MakeFill(ACL_FLOAT, {4099}, 0);
        Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnAtan2GetWorkspaceSize(yd.t, xd.t, od.t, w, e); }, aclnnAtan2);
        std::vector<double> got = Read(od);
        double worst = 0;
        for (size_t i = 0; i < got.size(); i++) {
            double r = std::atan2(ys[i], xs[i]);
            worst = std::max(worst, std::fabs(got[i] - r) / (std::fabs(r) * 1.1920928955078125e-07 + 1e-38));
        }
        EXPECT(worst <= 4.0, "Atan2 FLOAT: worst error %.2f ulp", worst);
        yd.Free(); xd.Free(); od.Free();
    }
    DevT y = Make(ACL_FLOAT, {4}, {1, -1, 0, -0.0}), x = Make(ACL_FLOAT, {4}, {-1, -1, -1, -1});
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceAtan2GetWorkspaceSize(y.t, x.t, w, e); }, aclnnInplaceAtan2);
    Expect("InplaceAtan2", y, {RoundTo(ACL_FLOAT, std::atan2(1.0, -1.0)), RoundTo(ACL_FLOAT, std::atan2(-1.0, -1.0)),
                               RoundTo(ACL_FLOAT, M_PI), RoundTo(ACL_FLOAT, -M_PI)});
    y.Free(); x.Free();
}

static void Logical()
{
    struct Op { const char *n; TS1 s1; S2 s2; Ref r; };
    Op ops[] = {{"LogicalAnd", aclnnLogicalAndGetWorkspaceSize, aclnnLogicalAnd, RAnd},
                {"LogicalOr", aclnnLogicalOrGetWorkspaceSize, aclnnLogicalOr, ROr},
                {"LogicalXor", aclnnLogicalXorGetWorkspaceSize, aclnnLogicalXor, RXor}};
    for (auto &op : ops) {
        TT(op.n, op.s1, op.s2, op.r, ACL_BOOL, {4, 9}, CONTIG, ACL_BOOL, {4, 9}, TRANSPOSED, ACL_DOUBLE, ACL_BOOL, {4, 9},
           false, true);
        TT(op.n, op.s1, op.s2, op.r, ACL_FLOAT, {3, 20}, STRIDED, ACL_INT32, {20}, CONTIG, ACL_DOUBLE, ACL_BOOL, {3, 20},
           false, true);
        TT(op.n, op.s1, op.s2, op.r, ACL_INT64, {25}, CONTIG, ACL_FLOAT16, {}, CONTIG, ACL_DOUBLE, ACL_FLOAT, {25}, false,
           true);
    }
    // a complex value is true when either part is; NaN is true
    DevT c = Make(ACL_COMPLEX64, {3}, {0, 0, 2}), f = Make(ACL_FLOAT, {3}, {1, 1, NAN});
    float im = 1.0f;
    aclrtMemcpy((char *)c.dev + 12, 4, &im, 4, ACL_MEMCPY_HOST_TO_DEVICE); // c[1] = 0 + 1i
    DevT o = MakeFill(ACL_BOOL, {3}, 0);
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnLogicalAndGetWorkspaceSize(c.t, f.t, o.t, w, e); }, aclnnLogicalAnd);
    Expect("LogicalAnd COMPLEX64", o, {0, 1, 1});
    DevT s = Make(ACL_FLOAT, {4}, {0, 2, 0, -1}), t = Make(ACL_FLOAT, {4}, {0, 0, 3, 1});
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceLogicalOrGetWorkspaceSize(s.t, t.t, w, e); }, aclnnInplaceLogicalOr);
    Expect("InplaceLogicalOr", s, {0, 1, 1, 1});
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceLogicalAndGetWorkspaceSize(s.t, t.t, w, e); }, aclnnInplaceLogicalAnd);
    Expect("InplaceLogicalAnd", s, {0, 0, 1, 1});
    c.Free(); f.Free(); o.Free(); s.Free(); t.Free();
}

static void Bitwise()
{
    struct Op { const char *n; TS1 s1; S2 s2; SS1 ss1; S2 ss2; Ref r; };
    Op ops[] = {{"BitwiseAnd", aclnnBitwiseAndTensorGetWorkspaceSize, aclnnBitwiseAndTensor, aclnnBitwiseAndScalarGetWorkspaceSize,
                 aclnnBitwiseAndScalar, RBAnd},
                {"BitwiseOr", aclnnBitwiseOrTensorGetWorkspaceSize, aclnnBitwiseOrTensor, aclnnBitwiseOrScalarGetWorkspaceSize,
                 aclnnBitwiseOrScalar, RBOr},
                {"BitwiseXor", aclnnBitwiseXorTensorGetWorkspaceSize, aclnnBitwiseXorTensor, aclnnBitwiseXorScalarGetWorkspaceSize,
                 aclnnBitwiseXorScalar, RBXor}};
    int64_t m5 = -5, k300 = 300;
    int64_t kbig = (int64_t(1) << 33) + 0x12345;
    aclScalar *sm5 = aclCreateScalar(&m5, ACL_INT64), *s300 = aclCreateScalar(&k300, ACL_INT64),
              *sbig = aclCreateScalar(&kbig, ACL_INT64);
    for (auto &op : ops) {
        TT(op.n, op.s1, op.s2, op.r, ACL_INT32, {5, 8}, TRANSPOSED, ACL_INT32, {8}, CONTIG, ACL_INT32, ACL_INT32, {5, 8});
        TT(op.n, op.s1, op.s2, op.r, ACL_INT8, {40}, STRIDED, ACL_INT64, {40}, CONTIG, ACL_INT64, ACL_INT64, {40});
        TT(op.n, op.s1, op.s2, op.r, ACL_BOOL, {12}, CONTIG, ACL_BOOL, {12}, CONTIG, ACL_BOOL, ACL_BOOL, {12});
        TT(op.n, op.s1, op.s2, op.r, ACL_UINT8, {12}, CONTIG, ACL_UINT8, {12}, CONTIG, ACL_UINT8, ACL_UINT8, {12});
        TSc(op.n, op.ss1, op.ss2, op.r, ACL_INT32, {33}, CONTIG, sm5, -5, ACL_INT64, ACL_INT32);
        TSc(op.n, op.ss1, op.ss2, op.r, ACL_INT16, {33}, TRANSPOSED, s300, 300, ACL_INT64, ACL_INT16);
        // INT32 x scalar straight through: two chunks and a tail; a strided self takes the int64 path
        TSc(op.n, op.ss1, op.ss2, op.r, ACL_INT32, {3, 1027}, CONTIG, s300, 300, ACL_INT64, ACL_INT32);
        TSc(op.n, op.ss1, op.ss2, op.r, ACL_INT32, {3, 1027}, STRIDED, sm5, -5, ACL_INT64, ACL_INT32);
        TSc(op.n, op.ss1, op.ss2, op.r, ACL_INT32, {1029}, CONTIG, sbig, (double)kbig, ACL_INT64, ACL_INT32); // past INT32
    }
    TT("BitwiseAndTensorOut", aclnnBitwiseAndTensorOutGetWorkspaceSize, aclnnBitwiseAndTensorOut, RBAnd, ACL_INT64, {20},
       CONTIG, ACL_INT64, {20}, CONTIG, ACL_INT64, ACL_INT64, {20});
    DevT a = Make(ACL_INT32, {4}, {12, 10, -1, 7}), b = Make(ACL_INT32, {4}, {10, 6, 5, 0});
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceBitwiseXorTensorGetWorkspaceSize(a.t, b.t, w, e); },
        aclnnInplaceBitwiseXorTensor);
    Expect("InplaceBitwiseXorTensor", a, {6, 12, -6, 7});
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceBitwiseOrScalarGetWorkspaceSize(a.t, sm5, w, e); },
        aclnnInplaceBitwiseOrScalar);
    Expect("InplaceBitwiseOrScalar", a, {-1, -1, -5, -1});
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceBitwiseAndTensorGetWorkspaceSize(a.t, b.t, w, e); },
        aclnnInplaceBitwiseAndTensor);
    Expect("InplaceBitwiseAndTensor", a, {10, 6, 1, 0});
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceBitwiseAndScalarGetWorkspaceSize(b.t, sm5, w, e); },
        aclnnInplaceBitwiseAndScalar);
    Expect("InplaceBitwiseAndScalar", b, {10, 2, 1, 0});
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceBitwiseOrTensorGetWorkspaceSize(a.t, b.t, w, e); },
        aclnnInplaceBitwiseOrTensor);
    Expect("InplaceBitwiseOrTensor", a, {10, 6, 1, 0});
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceBitwiseXorScalarGetWorkspaceSize(a.t, sm5, w, e); },
        aclnnInplaceBitwiseXorScalar);
    Expect("InplaceBitwiseXorScalar", a, {-15, -3, -6, -5});
    Run(g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceBitwiseAndTensorOutGetWorkspaceSize(a.t, b.t, w, e); },
        aclnnInplaceBitwiseAndTensorOut);
    Expect("InplaceBitwiseAndTensorOut", a, {0, 0, 0, 0});
    a.Free(); b.Free();
    aclDestroyScalar(sm5); aclDestroyScalar(s300); aclDestroyScalar(sbig);
}

static void LogShiftClose()
{
    // XLogY: FLOAT, INT32 -> FLOAT, the scalar forms; x = 0 gives 0 even where log(y) is -inf
    TT("XLogYTensor", aclnnXLogYTensorGetWorkspaceSize, aclnnXLogYTensor, RXlogy, ACL_FLOAT, {6, 9}, TRANSPOSED, ACL_FLOAT,
       {9}, CONTIG, ACL_FLOAT, ACL_FLOAT, {6, 9});
    TT("XLogYTensor", aclnnXLogYTensorGetWorkspaceSize, aclnnXLogYTensor, RXlogy, ACL_INT32, {40}, CONTIG, ACL_INT32, {40},
       STRIDED, ACL_FLOAT, ACL_FLOAT, {40});
    TT("XLogYTensor", aclnnXLogYTensorGetWorkspaceSize, aclnnXLogYTensor, RXlogy, ACL_FLOAT16, {40}, CONTIG, ACL_FLOAT16, {40},
       CONTIG, ACL_FLOAT16, ACL_FLOAT16, {40});
    float y3 = 3.0f;
    aclScalar *s3 = aclCreateScalar(&y3, ACL_FLOAT);
    TSc("XLogYScalarOther", aclnnXLogYScalarOtherGetWorkspaceSize, aclnnXLogYScalarOther, RXlogy, ACL_FLOAT, {40}, STRIDED,
        s3, 3, ACL_FLOAT, ACL_FLOAT);
    DevT z = Make(ACL_FLOAT, {4}, {0, 0, 2, 1}), w = Make(ACL_FLOAT, {4}, {0, NAN, 0, 4}), zo = MakeFill(ACL_FLOAT, {4}, 9);
    Run(g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnXLogYTensorGetWorkspaceSize(z.t, w.t, zo.t, ws, e); },
        aclnnXLogYTensor);
    Expect("XLogY zeros", zo, {0, NAN, -INFINITY, RoundTo(ACL_FLOAT, std::log(4.0f))});
    Run(g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnXLogYScalarSelfGetWorkspaceSize(s3, w.t, zo.t, ws, e); },
        aclnnXLogYScalarSelf);
    Expect("XLogYScalarSelf", zo, {-INFINITY, NAN, -INFINITY, RoundTo(ACL_FLOAT, 3 * std::log(4.0f))});
    Run(g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnInplaceXLogYTensorGetWorkspaceSize(z.t, w.t, ws, e); },
        aclnnInplaceXLogYTensor);
    Expect("InplaceXLogYTensor", z, {0, NAN, -INFINITY, RoundTo(ACL_FLOAT, std::log(4.0f))});
    DevT z2 = Make(ACL_FLOAT, {3}, {0, 1, 2});
    Run(g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnInplaceXLogYScalarOtherGetWorkspaceSize(z2.t, s3, ws, e); },
        aclnnInplaceXLogYScalarOther);
    Expect("InplaceXLogYScalarOther", z2, {0, RoundTo(ACL_FLOAT, std::log(3.0f)), RoundTo(ACL_FLOAT, 2 * std::log(3.0f))});
    z.Free(); w.Free(); zo.Free(); z2.Free();
    aclDestroyScalar(s3);

    // LogAddExp / LogAddExp2 in out's dtype
    TT("LogAddExp", aclnnLogAddExpGetWorkspaceSize, aclnnLogAddExp, RLae, ACL_FLOAT, {5, 40}, CONTIG, ACL_FLOAT, {40},
       TRANSPOSED, ACL_FLOAT, ACL_FLOAT, {5, 40});
    TT("LogAddExp", aclnnLogAddExpGetWorkspaceSize, aclnnLogAddExp, RLae, ACL_INT32, {30}, CONTIG, ACL_FLOAT, {30}, CONTIG,
       ACL_FLOAT, ACL_FLOAT, {30});
    TT("LogAddExp2", aclnnLogAddExp2GetWorkspaceSize, aclnnLogAddExp2, RLae2, ACL_FLOAT16, {30}, STRIDED, ACL_FLOAT16, {30},
       CONTIG, ACL_FLOAT16, ACL_FLOAT16, {30});
    TT("LogAddExp2", aclnnLogAddExp2GetWorkspaceSize, aclnnLogAddExp2, RLae2, ACL_FLOAT, {3000}, CONTIG, ACL_FLOAT, {3000},
       CONTIG, ACL_FLOAT, ACL_FLOAT, {3000});

    // shifts, out-of-range counts, unsigned and signed right shifts
    TT("LeftShift", aclnnLeftShiftGetWorkspaceSize, aclnnLeftShift, RShl, ACL_INT32, {5, 8}, TRANSPOSED, ACL_INT32, {8},
       CONTIG, ACL_INT32, ACL_INT32, {5, 8});
    TT("RightShift", aclnnRightShiftGetWorkspaceSize, aclnnRightShift, RShr, ACL_INT32, {5, 8}, CONTIG, ACL_INT32, {5, 8},
       STRIDED, ACL_INT32, ACL_INT32, {5, 8});
    // all-contiguous INT32 runs take the kernel's direct INT32 path (counts include < 0 and >= 32)
    TT("RightShift", aclnnRightShiftGetWorkspaceSize, aclnnRightShift, RShr, ACL_INT32, {3000}, CONTIG, ACL_INT32, {3000},
       CONTIG, ACL_INT32, ACL_INT32, {3000});
    TT("LeftShift", aclnnLeftShiftGetWorkspaceSize, aclnnLeftShift, RShl, ACL_INT32, {3000}, CONTIG, ACL_INT32, {3000},
       CONTIG, ACL_INT32, ACL_INT32, {3000});
    TT("Maximum", aclnnMaximumGetWorkspaceSize, aclnnMaximum, RMax, ACL_INT32, {3000}, CONTIG, ACL_INT32, {3000}, CONTIG,
       ACL_INT32, ACL_INT32, {3000});
    TT("Minimum", aclnnMinimumGetWorkspaceSize, aclnnMinimum, RMin, ACL_INT32, {3000}, CONTIG, ACL_INT32, {3000}, CONTIG,
       ACL_INT32, ACL_INT32, {3000});
    TT("BitwiseOrTensor", aclnnBitwiseOrTensorGetWorkspaceSize, aclnnBitwiseOrTensor, RBOr, ACL_INT32, {3000}, CONTIG,
       ACL_INT32, {3000}, CONTIG, ACL_INT32, ACL_INT32, {3000});
    TT("RightShift", aclnnRightShiftGetWorkspaceSize, aclnnRightShift, RShr, ACL_INT16, {30}, CONTIG, ACL_INT64, {30},
       CONTIG, ACL_INT64, ACL_INT64, {30});
    DevT a = Make(ACL_INT8, {6}, {1, -1, 100, 3, 5, -128}), b = Make(ACL_INT8, {6}, {3, 2, 1, 8, -1, 7});
    DevT o = MakeFill(ACL_INT8, {6}, 9);
    Run(g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnLeftShiftGetWorkspaceSize(a.t, b.t, o.t, ws, e); }, aclnnLeftShift);
    Expect("LeftShift INT8", o, {8, -4, -56, 0, 0, 0});
    Run(g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnRightShiftGetWorkspaceSize(a.t, b.t, o.t, ws, e); }, aclnnRightShift);
    Expect("RightShift INT8", o, {0, -1, 50, 0, 0, -1});
    DevT ua = Make(ACL_UINT8, {3}, {200, 255, 16}), ub = Make(ACL_UINT8, {3}, {1, 9, 4}), uo = MakeFill(ACL_UINT8, {3}, 9);
    Run(g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnRightShiftGetWorkspaceSize(ua.t, ub.t, uo.t, ws, e); }, aclnnRightShift);
    Expect("RightShift UINT8", uo, {100, 0, 1});
    Run(g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnLeftShiftGetWorkspaceSize(ua.t, ub.t, uo.t, ws, e); }, aclnnLeftShift);
    Expect("LeftShift UINT8", uo, {144, 0, 0});
    int64_t two = 2;
    aclScalar *s2 = aclCreateScalar(&two, ACL_INT64);
    DevT l = Make(ACL_INT64, {3}, {1, -3, 1099511627776.0}), lo = MakeFill(ACL_INT64, {3}, 0);
    Run(g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnLeftShiftsGetWorkspaceSize(l.t, s2, lo.t, ws, e); }, aclnnLeftShifts);
    Expect("LeftShifts INT64", lo, {4, -12, 4398046511104.0});
    { // INT32 x scalar on the INT32 direct loop: wraps in INT32, counts past 31 give 0
        int64_t k3 = 3, k40 = 40;
        aclScalar *s3 = aclCreateScalar(&k3, ACL_INT64), *s40 = aclCreateScalar(&k40, ACL_INT64);
        std::vector<double> va(1029), g3(1029);
        for (size_t i = 0; i < va.size(); i++) {
            va[i] = (double)(int32_t)(i * 2654435761u);
            g3[i] = (double)(int32_t)((uint32_t)(int32_t)va[i] << 3);
        }
        DevT li = Make(ACL_INT32, {1029}, va), lio = MakeFill(ACL_INT32, {1029}, 7);
        Run(g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnLeftShiftsGetWorkspaceSize(li.t, s3, lio.t, ws, e); }, aclnnLeftShifts);
        Expect("LeftShifts INT32 by 3", lio, g3);
        Run(g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnLeftShiftsGetWorkspaceSize(li.t, s40, lio.t, ws, e); }, aclnnLeftShifts);
        Expect("LeftShifts INT32 by 40", lio, std::vector<double>(1029, 0.0));
        li.Free(); lio.Free();
        aclDestroyScalar(s3);
        aclDestroyScalar(s40);
    }
    aclDestroyScalar(s2);

    // IsClose: rtol / atol, equalNan, infinities
    DevT p = Make(ACL_FLOAT, {6}, {1.0, 1.0, NAN, INFINITY, INFINITY, 100}),
         q = Make(ACL_FLOAT, {6}, {1.0005, 1.1, NAN, INFINITY, -INFINITY, 100.05});
    DevT po = MakeFill(ACL_BOOL, {6}, 9);
    Run(g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnIsCloseGetWorkspaceSize(p.t, q.t, 1e-3, 1e-8, false, po.t, ws, e); },
        aclnnIsClose);
    Expect("IsClose", po, {1, 0, 0, 1, 0, 1});
    Run(g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnIsCloseGetWorkspaceSize(p.t, q.t, 0.0, 0.01, true, po.t, ws, e); },
        aclnnIsClose);
    Expect("IsClose equalNan", po, {1, 0, 1, 1, 0, 0});
    DevT ia = Make(ACL_INT32, {3}, {10, 10, -5}), ib = Make(ACL_INT32, {3}, {11, 13, -5}), io = MakeFill(ACL_BOOL, {3}, 9);
    Run(g_stream, [&](uint64_t *ws, aclOpExecutor **e) { return aclnnIsCloseGetWorkspaceSize(ia.t, ib.t, 0.1, 0.0, false, io.t, ws, e); },
        aclnnIsClose);
    Expect("IsClose INT32", io, {1, 0, 1});

    uint64_t ws;
    aclOpExecutor *ex;
    DevT f = MakeFill(ACL_FLOAT, {3}, 1), d = MakeFill(ACL_DOUBLE, {3}, 1), i32 = MakeFill(ACL_INT32, {3}, 1);
    ExpectRefused("LeftShift FLOAT", aclnnLeftShiftGetWorkspaceSize(f.t, f.t, f.t, &ws, &ex), 161002, "DT_FLOAT");
    ExpectRefused("LogAddExp INT32 out", aclnnLogAddExpGetWorkspaceSize(f.t, f.t, i32.t, &ws, &ex), 161002, "DT_INT32");
    ExpectRefused("IsClose mixed dtypes", aclnnIsCloseGetWorkspaceSize(f.t, i32.t, 0, 0, false, io.t, &ws, &ex), 161002, "dtype");
    ExpectRefused("XLogYTensor DOUBLE", aclnnXLogYTensorGetWorkspaceSize(d.t, d.t, d.t, &ws, &ex), 161002, "DT_DOUBLE");
    a.Free(); b.Free(); o.Free(); ua.Free(); ub.Free(); uo.Free(); l.Free(); lo.Free(); p.Free(); q.Free(); po.Free();
    ia.Free(); ib.Free(); io.Free(); f.Free(); d.Free(); i32.Free();
}

static void Validation()
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevT f = MakeFill(ACL_FLOAT, {2, 3}, 1), i = MakeFill(ACL_INT32, {2, 3}, 1), b = MakeFill(ACL_BOOL, {2, 3}, 1);
    DevT f4 = MakeFill(ACL_FLOAT, {4}, 1), u16 = MakeFill(ACL_UINT16, {2, 3}, 1), i8 = MakeFill(ACL_INT8, {2, 3}, 1);
    DevT w = MakeFill(ACL_FLOAT, {3, 2}, 1);
    float one = 1.0f;
    aclScalar *s1 = aclCreateScalar(&one, ACL_FLOAT);
    ExpectRefused("Maximum null self", aclnnMaximumGetWorkspaceSize(nullptr, f.t, f.t, &ws, &ex), 161001, "self");
    ExpectRefused("Minimum null out", aclnnMinimumGetWorkspaceSize(f.t, f.t, nullptr, &ws, &ex), 161001, "out");
    ExpectRefused("BitwiseAndTensor FLOAT", aclnnBitwiseAndTensorGetWorkspaceSize(f.t, f.t, f.t, &ws, &ex), 161002,
                  "dtype support list");
    ExpectRefused("BitwiseOrScalar FLOAT scalar", aclnnBitwiseOrScalarGetWorkspaceSize(i.t, s1, i.t, &ws, &ex), 161002,
                  "DT_FLOAT");
    ExpectRefused("Maximum FLOAT -> INT32 out", aclnnMaximumGetWorkspaceSize(f.t, f.t, i.t, &ws, &ex), 161002, "cast");
    ExpectRefused("FmodTensor BOOL", aclnnFmodTensorGetWorkspaceSize(b.t, b.t, b.t, &ws, &ex), 161002, "DT_BOOL");
    ExpectRefused("RemainderTensorTensor INT8", aclnnRemainderTensorTensorGetWorkspaceSize(i8.t, i8.t, i8.t, &ws, &ex),
                  161002, "DT_INT8");
    ExpectRefused("LogicalOr UINT16 self", aclnnLogicalOrGetWorkspaceSize(u16.t, f.t, b.t, &ws, &ex), 161002, "DT_UINT16");
    ExpectRefused("Atan2 broadcast", aclnnAtan2GetWorkspaceSize(f.t, f4.t, f.t, &ws, &ex), 161002, "broadcast");
    ExpectRefused("FloorDivide out shape", aclnnFloorDivideGetWorkspaceSize(f.t, f.t, w.t, &ws, &ex), 161002,
                  "BroadcastShape");
    ExpectRefused("FmodScalar out shape", aclnnFmodScalarGetWorkspaceSize(f.t, s1, w.t, &ws, &ex), 161002, "shape");
    aclDestroyScalar(s1);
    f.Free(); i.Free(); b.Free(); f4.Free(); u16.Free(); i8.Free(); w.Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = SocName();
    g_bf16 = soc.find("310") == std::string::npos && soc != "Ascend910A" && soc != "Ascend910";
    printf("soc %s\n", soc.c_str());
    Arithmetic();
    Logical();
    Bitwise();
    LogShiftClose();
    Validation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
