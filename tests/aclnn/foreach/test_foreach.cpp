// The ops-nn foreach family run the ops-nn example way (two stages, workspace, stream, sync):
// every API kind over its dtypes on lists of tensors of different sizes (0-d, empty, a few
// elements, thousands; contiguous, strided and transposed views mixed in one list), against
// double-precision references written here (integers exact, wrapping like the dtype); in-place
// forms leave the other lists alone; every validation path with its code and message; where
// each API runs (A2/A3/950, 950-only in-place forms, A2/A3-only older forms, 310P nothing but
// NonFiniteCheckAndUnscale and no BF16). The chip comes from the topology the test runs under.
#include <functional>
#include <memory>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_foreach_a_cos_inplace.h"
#include "aclnnop/aclnn_foreach_abs.h"
#include "aclnnop/aclnn_foreach_acos.h"
#include "aclnnop/aclnn_foreach_add_list.h"
#include "aclnnop/aclnn_foreach_add_list_inplace.h"
#include "aclnnop/aclnn_foreach_add_list_v2.h"
#include "aclnnop/aclnn_foreach_add_scalar.h"
#include "aclnnop/aclnn_foreach_add_scalar_list.h"
#include "aclnnop/aclnn_foreach_add_scalar_v2.h"
#include "aclnnop/aclnn_foreach_addcdiv_list.h"
#include "aclnnop/aclnn_foreach_addcdiv_scalar.h"
#include "aclnnop/aclnn_foreach_addcdiv_scalar_list.h"
#include "aclnnop/aclnn_foreach_addcdiv_scalar_v2.h"
#include "aclnnop/aclnn_foreach_addcmul_list.h"
#include "aclnnop/aclnn_foreach_addcmul_scalar.h"
#include "aclnnop/aclnn_foreach_addcmul_scalar_list.h"
#include "aclnnop/aclnn_foreach_addcmul_scalar_v2.h"
#include "aclnnop/aclnn_foreach_asin.h"
#include "aclnnop/aclnn_foreach_atan.h"
#include "aclnnop/aclnn_foreach_copy.h"
#include "aclnnop/aclnn_foreach_cos.h"
#include "aclnnop/aclnn_foreach_cosh.h"
#include "aclnnop/aclnn_foreach_div_list.h"
#include "aclnnop/aclnn_foreach_div_list_inplace.h"
#include "aclnnop/aclnn_foreach_div_scalar.h"
#include "aclnnop/aclnn_foreach_div_scalar_list.h"
#include "aclnnop/aclnn_foreach_div_scalar_v2.h"
#include "aclnnop/aclnn_foreach_erf.h"
#include "aclnnop/aclnn_foreach_erfc.h"
#include "aclnnop/aclnn_foreach_exp.h"
#include "aclnnop/aclnn_foreach_expm1.h"
#include "aclnnop/aclnn_foreach_lerp_list.h"
#include "aclnnop/aclnn_foreach_lerp_scalar.h"
#include "aclnnop/aclnn_foreach_log.h"
#include "aclnnop/aclnn_foreach_log10.h"
#include "aclnnop/aclnn_foreach_log1p.h"
#include "aclnnop/aclnn_foreach_log2.h"
#include "aclnnop/aclnn_foreach_log_inplace.h"
#include "aclnnop/aclnn_foreach_maximum_list.h"
#include "aclnnop/aclnn_foreach_maximum_scalar.h"
#include "aclnnop/aclnn_foreach_maximum_scalar_list.h"
#include "aclnnop/aclnn_foreach_maximum_scalar_v2.h"
#include "aclnnop/aclnn_foreach_minimum_list.h"
#include "aclnnop/aclnn_foreach_minimum_scalar.h"
#include "aclnnop/aclnn_foreach_minimum_scalar_list.h"
#include "aclnnop/aclnn_foreach_minimum_scalar_v2.h"
#include "aclnnop/aclnn_foreach_mul_list.h"
#include "aclnnop/aclnn_foreach_mul_list_inplace.h"
#include "aclnnop/aclnn_foreach_mul_scalar.h"
#include "aclnnop/aclnn_foreach_mul_scalar_inplace.h"
#include "aclnnop/aclnn_foreach_mul_scalar_list.h"
#include "aclnnop/aclnn_foreach_mul_scalar_v2.h"
#include "aclnnop/aclnn_foreach_neg.h"
#include "aclnnop/aclnn_foreach_non_finite_check_and_unscale.h"
#include "aclnnop/aclnn_foreach_norm.h"
#include "aclnnop/aclnn_foreach_pow_list.h"
#include "aclnnop/aclnn_foreach_pow_scalar.h"
#include "aclnnop/aclnn_foreach_pow_scalar_and_tensor.h"
#include "aclnnop/aclnn_foreach_pow_scalar_list.h"
#include "aclnnop/aclnn_foreach_pow_scalar_v2.h"
#include "aclnnop/aclnn_foreach_reciprocal.h"
#include "aclnnop/aclnn_foreach_round_off_number.h"
#include "aclnnop/aclnn_foreach_round_off_number_v2.h"
#include "aclnnop/aclnn_foreach_sigmoid.h"
#include "aclnnop/aclnn_foreach_sign.h"
#include "aclnnop/aclnn_foreach_sin.h"
#include "aclnnop/aclnn_foreach_sinh.h"
#include "aclnnop/aclnn_foreach_sqrt.h"
#include "aclnnop/aclnn_foreach_sub_list.h"
#include "aclnnop/aclnn_foreach_sub_list_inplace.h"
#include "aclnnop/aclnn_foreach_sub_list_v2.h"
#include "aclnnop/aclnn_foreach_sub_scalar.h"
#include "aclnnop/aclnn_foreach_sub_scalar_inplace.h"
#include "aclnnop/aclnn_foreach_sub_scalar_list.h"
#include "aclnnop/aclnn_foreach_sub_scalar_v2.h"
#include "aclnnop/aclnn_foreach_tan.h"
#include "aclnnop/aclnn_foreach_tanh.h"
#include "aclnnop/aclnn_foreach_zero_inplace.h"

static const int kNull = 161001, kInvalid = 161002, kTiling = 561002;

// ---- where the test runs -------------------------------------------------------------------
enum Chip { C910B = 1, C950 = 2, C310P = 4 };
static Chip g_chip = C910B;
static const int kAll = C910B | C950;   // A2 / A3 / 950
static const int k950 = C950;           // the new in-place forms
static const int kA2 = C910B;           // the older forms A2 / A3 only

static std::vector<aclDataType> Floats()
{
    if (g_chip == C310P) return {ACL_FLOAT, ACL_FLOAT16};
    return {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
}

// ---- tensor lists --------------------------------------------------------------------------
// The shapes of a test list: 2-D, 0-d, empty, a strided 1-D, a transposed 3-D, a long 1-D.
static const std::vector<std::vector<int64_t>> kShapes = {{2, 3}, {}, {0, 4}, {257}, {5, 1, 7}, {4099}};
static Layout LayoutOf(size_t i) { return i == 3 ? STRIDED : i == 4 ? TRANSPOSED : CONTIG; }

struct TL {
    std::vector<std::unique_ptr<DevTensor>> ts;
    std::vector<std::vector<double>> vals; // what each tensor holds (dtype-rounded)
    aclTensorList *l = nullptr;
    TL() {}
    TL(const TL &) = delete;
    ~TL()
    {
        if (l) {
            aclDestroyTensorList(l); // destroys the tensors too
            for (auto &t : ts) t->t = nullptr;
        }
    }
    void Make(aclDataType dt, const std::vector<std::vector<int64_t>> &shapes, std::function<double(size_t, int64_t)> v,
              bool plain = false)
    {
        std::vector<aclTensor *> raw;
        for (size_t i = 0; i < shapes.size(); i++) {
            std::vector<double> x((size_t)GetShapeSize(shapes[i]));
            for (size_t k = 0; k < x.size(); k++) x[k] = Quant(dt, v(i, (int64_t)k));
            ts.emplace_back(new DevTensor());
            ts.back()->Init(dt, shapes[i], x, plain ? CONTIG : LayoutOf(i));
            vals.push_back(x);
            raw.push_back(ts.back()->t);
        }
        l = aclCreateTensorList(raw.data(), raw.size());
    }
};

static double Uniform(uint64_t seed, size_t i, int64_t k, double lo, double hi)
{
    Lcg r(seed * 1000003u + i * 7919u + (uint64_t)k);
    return lo + (hi - lo) * r.uniform();
}

static bool IsInt(aclDataType dt) { return dt != ACL_FLOAT && dt != ACL_FLOAT16 && dt != ACL_BF16 && dt != ACL_DOUBLE; }

// Compares every tensor of `out` with golden values (already computed in double).
static void CheckList(const std::string &what, const TL &out, const std::vector<std::vector<double>> &gold)
{
    for (size_t i = 0; i < out.ts.size(); i++) {
        std::vector<double> got = out.ts[i]->Read(), g = gold[i];
        std::string nm = what + "[" + std::to_string(i) + "]";
        if (IsInt(out.ts[i]->dt)) {
            size_t bad = 0;
            for (size_t k = 0; k < g.size(); k++) bad += got[k] != Quant(out.ts[i]->dt, g[k]);
            EXPECT(bad == 0, "%s: %zu of %zu integer results differ", nm.c_str(), bad, g.size());
        } else {
            CheckDtype(nm.c_str(), out.ts[i]->dt, got, g);
        }
        EXPECT(out.ts[i]->CountClobbered() == 0, "%s: storage outside the view was written", nm.c_str());
    }
}

static void CheckUnchanged(const std::string &what, const TL &l)
{
    for (size_t i = 0; i < l.ts.size(); i++) {
        std::vector<double> got = l.ts[i]->Read();
        size_t bad = 0;
        for (size_t k = 0; k < got.size(); k++) bad += !(got[k] == l.vals[i][k] || (got[k] != got[k] && l.vals[i][k] != l.vals[i][k]));
        EXPECT(bad == 0, "%s[%zu]: an input list changed (%zu elements)", what.c_str(), i, bad);
    }
}

static aclrtStream g_stream;

static int RunS(const std::string &name, Stage1Fn s1, Stage2Fn s2) { return Run(name.c_str(), g_stream, s1, s2); }

// Whether the API runs here; if not, stage 1 must say so (161002 "support for <SoC>").
static bool Supported(const std::string &name, int chips, Stage1Fn s1)
{
    if (chips & g_chip) return true;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError(name.c_str(), s1(&ws, &ex), kInvalid, "support for", aclrtGetSocName());
    return false;
}

// ---- scalar parameters --------------------------------------------------------------------
struct Scalars {
    DevTensor t;                 // an aclTensor scalar (one element, or one per tensor)
    aclScalar *s = nullptr;
    aclScalarList *sl = nullptr;
    std::vector<double> v;       // the value used for tensor i (as the op sees it)
    ~Scalars()
    {
        if (s) aclDestroyScalar(s);
        if (sl) aclDestroyScalarList(sl);
    }
};

enum SKind {
    S_NONE,
    S_TMATCH,  // aclTensor of x's dtype (BF16 -> FLOAT, INT16/INT8/UINT8 -> INT32)
    S_TSET,    // aclTensor FLOAT for float x, INT32 for INT32 x
    S_TN,      // aclTensor of x's dtype with one value per list index
    S_SCALAR,  // aclScalar DOUBLE for float x, INT64 for integer x
    S_SLIST    // aclScalarList FLOAT for float x, INT64 for integer x
};

static void MakeScalars(Scalars &sc, SKind k, aclDataType xdt, size_t n, double base)
{
    bool ix = IsInt(xdt);
    double one = ix ? std::round(base) : base;
    sc.v.assign(n, one);
    switch (k) {
    case S_TMATCH:
    case S_TSET: {
        aclDataType st = k == S_TSET ? (ix ? ACL_INT32 : ACL_FLOAT)
                         : xdt == ACL_BF16 ? ACL_FLOAT : (xdt == ACL_INT16 || xdt == ACL_INT8 || xdt == ACL_UINT8) ? ACL_INT32 : xdt;
        sc.t.Init(st, {1}, {one}, CONTIG);
        for (auto &x : sc.v) x = Quant(st, one);
        break;
    }
    case S_TN: {
        std::vector<double> v(n);
        for (size_t i = 0; i < n; i++) v[i] = Quant(xdt, ix ? (double)(i % 3 + 1) : base + 0.25 * (double)i);
        sc.t.Init(xdt, {(int64_t)n}, v, CONTIG);
        sc.v = v;
        break;
    }
    case S_SCALAR:
        if (ix) {
            int64_t iv = (int64_t)one;
            sc.s = aclCreateScalar(&iv, ACL_INT64);
        } else {
            sc.s = aclCreateScalar(&one, ACL_DOUBLE);
            for (auto &x : sc.v) x = Quant(xdt == ACL_BF16 ? ACL_FLOAT : xdt, one);
        }
        break;
    case S_SLIST: {
        std::vector<aclScalar *> raw;
        for (size_t i = 0; i < n; i++) {
            double v = ix ? (double)(i % 3 + 1) : base + 0.25 * (double)i;
            if (ix) {
                int64_t iv = (int64_t)v;
                raw.push_back(aclCreateScalar(&iv, ACL_INT64));
            } else {
                float f = (float)v;
                raw.push_back(aclCreateScalar(&f, ACL_FLOAT));
                v = f; // the list's FLOAT values, also for FLOAT16 / BF16 x
            }
            sc.v[i] = v;
        }
        sc.sl = aclCreateScalarList(raw.data(), raw.size());
        break;
    }
    default: break;
    }
}

// ---- the API table -------------------------------------------------------------------------
// One stage-1 shape for every API: (input lists, out list, scalar tensor, aclScalar, list).
typedef std::function<int(aclTensorList **, aclTensorList *, aclTensor *, aclScalar *, aclScalarList *, uint64_t *,
                          aclOpExecutor **)>
    Call;
typedef std::function<double(double a, double b, double c, double s)> Ref;

struct Api {
    std::string name;
    int nin;         // input lists
    bool inplace;
    SKind sk;
    Call s1;
    Stage2Fn s2;
    Ref ref;
    std::vector<aclDataType> dts; // empty: the float dtypes
    double lo, hi;   // input range
    int chips;
    double sbase;    // scalar value
};

#define L_(N) [](aclTensorList **x, aclTensorList *o, aclTensor *t, aclScalar *s, aclScalarList *sl, uint64_t *w, aclOpExecutor **e) -> int
#define U_(N) {#N, 1, false, S_NONE, L_(N) { (void)t; (void)s; (void)sl; return aclnn##N##GetWorkspaceSize(x[0], o, w, e); }, aclnn##N
#define UI_(N) {#N, 1, true, S_NONE, L_(N) { (void)o; (void)t; (void)s; (void)sl; return aclnn##N##GetWorkspaceSize(x[0], w, e); }, aclnn##N
#define BL_(N) {#N, 2, false, S_NONE, L_(N) { (void)t; (void)s; (void)sl; return aclnn##N##GetWorkspaceSize(x[0], x[1], o, w, e); }, aclnn##N
#define BLI_(N) {#N, 2, true, S_NONE, L_(N) { (void)o; (void)t; (void)s; (void)sl; return aclnn##N##GetWorkspaceSize(x[0], x[1], w, e); }, aclnn##N
#define BLT_(N, K) {#N, 2, false, K, L_(N) { (void)s; (void)sl; return aclnn##N##GetWorkspaceSize(x[0], x[1], t, o, w, e); }, aclnn##N
#define BLTI_(N, K) {#N, 2, true, K, L_(N) { (void)o; (void)s; (void)sl; return aclnn##N##GetWorkspaceSize(x[0], x[1], t, w, e); }, aclnn##N
#define BLS_(N) {#N, 2, false, S_SCALAR, L_(N) { (void)t; (void)sl; return aclnn##N##GetWorkspaceSize(x[0], x[1], s, o, w, e); }, aclnn##N
#define ST_(N, K) {#N, 1, false, K, L_(N) { (void)s; (void)sl; return aclnn##N##GetWorkspaceSize(x[0], t, o, w, e); }, aclnn##N
#define STI_(N, K) {#N, 1, true, K, L_(N) { (void)o; (void)s; (void)sl; return aclnn##N##GetWorkspaceSize(x[0], t, w, e); }, aclnn##N
#define SS_(N) {#N, 1, false, S_SCALAR, L_(N) { (void)t; (void)sl; return aclnn##N##GetWorkspaceSize(x[0], s, o, w, e); }, aclnn##N
#define SL_(N) {#N, 1, false, S_SLIST, L_(N) { (void)t; (void)s; return aclnn##N##GetWorkspaceSize(x[0], sl, o, w, e); }, aclnn##N
#define PT_(N, K) {#N, 3, false, K, L_(N) { (void)s; (void)sl; return aclnn##N##GetWorkspaceSize(x[0], x[1], x[2], t, o, w, e); }, aclnn##N
#define PS_(N) {#N, 3, false, S_SCALAR, L_(N) { (void)t; (void)sl; return aclnn##N##GetWorkspaceSize(x[0], x[1], x[2], s, o, w, e); }, aclnn##N

static const double kInf = INFINITY;
static double Sig(double x) { return 1.0 / (1.0 + std::exp(-x)); }
static double Sgn(double x) { return (double)(x > 0) - (double)(x < 0); }
static double Max(double a, double b) { return a != a || b != b ? NAN : std::max(a, b); }
static double Min(double a, double b) { return a != a || b != b ? NAN : std::min(a, b); }
static double Lerp(double a, double b, double w) { return a + w * (b - a); }
static double IPow(double b, double e)
{
    if (e < 0) return b == 1 ? 1 : b == -1 ? (std::fmod(e, 2) != 0 ? -1 : 1) : 0;
    double r = 1;
    for (int i = 0; i < (int)e; i++) r *= b;
    return r;
}
static std::vector<aclDataType> FI32() { auto v = Floats(); v.push_back(ACL_INT32); return v; }
static std::vector<aclDataType> FIAll()
{
    auto v = FI32();
    v.push_back(ACL_INT16);
    v.push_back(ACL_INT8);
    v.push_back(ACL_UINT8);
    return v;
}

static std::vector<Api> Table()
{
    auto F = Floats();
    std::vector<aclDataType> expdt = F;
    expdt.push_back(ACL_INT8);
    std::vector<aclDataType> sgn = F;
    sgn.push_back(ACL_INT32);
    sgn.push_back(ACL_INT64);
    return {
        U_(ForeachAbs), [](double a, double, double, double) { return std::fabs(a); }, F, -5, 5, kAll, 0},
        U_(ForeachAcos), [](double a, double, double, double) { return std::acos(a); }, F, -0.99, 0.99, kAll, 0},
        U_(ForeachAsin), [](double a, double, double, double) { return std::asin(a); }, F, -0.99, 0.99, kAll, 0},
        U_(ForeachAtan), [](double a, double, double, double) { return std::atan(a); }, F, -5, 5, kAll, 0},
        U_(ForeachCos), [](double a, double, double, double) { return std::cos(a); }, F, -5, 5, kAll, 0},
        U_(ForeachCosh), [](double a, double, double, double) { return std::cosh(a); }, F, -4, 4, kAll, 0},
        U_(ForeachErf), [](double a, double, double, double) { return std::erf(a); }, F, -3, 3, kAll, 0},
        U_(ForeachErfc), [](double a, double, double, double) { return std::erfc(a); }, F, -3, 3, kAll, 0},
        U_(ForeachExp), [](double a, double, double, double) { return std::exp(a); }, expdt, -4, 4, kAll, 0},
        U_(ForeachExpm1), [](double a, double, double, double) { return std::expm1(a); }, F, -4, 4, kAll, 0},
        U_(ForeachLog), [](double a, double, double, double) { return std::log(a); }, F, 0.1, 10, kAll, 0},
        U_(ForeachLog10), [](double a, double, double, double) { return std::log10(a); }, F, 0.1, 10, kAll, 0},
        U_(ForeachLog1p), [](double a, double, double, double) { return std::log1p(a); }, F, -0.5, 10, kAll, 0},
        U_(ForeachLog2), [](double a, double, double, double) { return std::log2(a); }, F, 0.1, 10, kAll, 0},
        U_(ForeachNeg), [](double a, double, double, double) { return -a; }, FI32(), -50, 50, kAll, 0},
        U_(ForeachReciprocal), [](double a, double, double, double) { return 1.0 / a; }, F, 0.5, 4, kAll, 0},
        U_(ForeachSigmoid), [](double a, double, double, double) { return Sig(a); }, F, -6, 6, kAll, 0},
        U_(ForeachSign), [](double a, double, double, double) { return Sgn(a); }, sgn, -3, 3, kAll, 0},
        U_(ForeachSin), [](double a, double, double, double) { return std::sin(a); }, F, -5, 5, kAll, 0},
        U_(ForeachSinh), [](double a, double, double, double) { return std::sinh(a); }, F, -4, 4, kAll, 0},
        U_(ForeachSqrt), [](double a, double, double, double) { return std::sqrt(a); }, F, 0, 10, kAll, 0},
        U_(ForeachTan), [](double a, double, double, double) { return std::tan(a); }, F, -1.2, 1.2, kAll, 0},
        U_(ForeachTanh), [](double a, double, double, double) { return std::tanh(a); }, F, -4, 4, kAll, 0},
        UI_(ForeachACosInplace), [](double a, double, double, double) { return std::acos(a); }, F, -0.99, 0.99, k950, 0},
        UI_(ForeachLogInplace), [](double a, double, double, double) { return std::log(a); }, F, 0.1, 10, k950, 0},
        UI_(ForeachZeroInplace), [](double, double, double, double) { return 0.0; }, FI32(), -5, 5, kAll, 0},
        // binary, two lists
        BLT_(ForeachAddList, S_TMATCH), [](double a, double b, double, double s) { return a + s * b; }, FI32(), -20, 20, kAll, 1.5},
        BLS_(ForeachAddListV2), [](double a, double b, double, double s) { return a + s * b; }, FIAll(), -20, 20, kAll, 2},
        BLTI_(ForeachAddListInplace, S_TMATCH), [](double a, double b, double, double s) { return a + s * b; }, FI32(), -20, 20, k950, 2},
        BLT_(ForeachSubList, S_TMATCH), [](double a, double b, double, double s) { return a - s * b; }, FIAll(), -20, 20, kA2, 2},
        BLS_(ForeachSubListV2), [](double a, double b, double, double s) { return a - s * b; }, FIAll(), -20, 20, kAll, 1.5},
        BLTI_(ForeachSubListInplace, S_TMATCH), [](double a, double b, double, double s) { return a - s * b; }, FI32(), -20, 20, k950, 2},
        BL_(ForeachMulList), [](double a, double b, double, double) { return a * b; }, FIAll(), -9, 9, kAll, 0},
        BLI_(ForeachMulListInplace), [](double a, double b, double, double) { return a * b; }, FI32(), -9, 9, k950, 0},
        BL_(ForeachDivList), [](double a, double b, double, double) { return a / b; }, F, 1, 5, kAll, 0},
        BLI_(ForeachDivListInplace), [](double a, double b, double, double) { return a / b; }, F, 1, 5, k950, 0},
        BL_(ForeachMaximumList), [](double a, double b, double, double) { return Max(a, b); }, FI32(), -9, 9, kAll, 0},
        BL_(ForeachMinimumList), [](double a, double b, double, double) { return Min(a, b); }, FI32(), -9, 9, kAll, 0},
        BL_(ForeachPowList), [](double a, double b, double, double) { return std::pow(a, b); }, F, 0.5, 2.5, kAll, 0},
        // one list and a scalar
        ST_(ForeachAddScalar, S_TSET), [](double a, double, double, double s) { return a + s; }, FI32(), -9, 9, kAll, 2.5},
        SS_(ForeachAddScalarV2), [](double a, double, double, double s) { return a + s; }, FIAll(), -9, 9, kAll, 3},
        SL_(ForeachAddScalarList), [](double a, double, double, double s) { return a + s; }, FI32(), -9, 9, kAll, 0.5},
        ST_(ForeachSubScalar, S_TMATCH), [](double a, double, double, double s) { return a - s; }, FI32(), -9, 9, kA2, 2.5},
        SS_(ForeachSubScalarV2), [](double a, double, double, double s) { return a - s; }, FI32(), -9, 9, kAll, 2.5},
        STI_(ForeachSubScalarInplace, S_TMATCH), [](double a, double, double, double s) { return a - s; }, FI32(), -9, 9, k950, 2.5},
        SL_(ForeachSubScalarList), [](double a, double, double, double s) { return a - s; }, FI32(), -9, 9, kAll, 0.5},
        ST_(ForeachMulScalar, S_TSET), [](double a, double, double, double s) { return a * s; }, FI32(), -9, 9, kAll, 1.75},
        SS_(ForeachMulScalarV2), [](double a, double, double, double s) { return a * s; }, FI32(), -9, 9, kAll, -3},
        STI_(ForeachMulScalarInplace, S_TSET), [](double a, double, double, double s) { return a * s; }, FI32(), -9, 9, k950, 3},
        SL_(ForeachMulScalarList), [](double a, double, double, double s) { return a * s; }, FI32(), -9, 9, kAll, 0.5},
        ST_(ForeachDivScalar, S_TMATCH), [](double a, double, double, double s) { return a / s; }, F, -9, 9, kAll, 1.75},
        SS_(ForeachDivScalarV2), [](double a, double, double, double s) { return a / s; }, F, -9, 9, kAll, -3},
        SL_(ForeachDivScalarList), [](double a, double, double, double s) { return a / s; }, F, -9, 9, kAll, 0.5},
        ST_(ForeachMaximumScalar, S_TMATCH), [](double a, double, double, double s) { return Max(a, s); }, FI32(), -9, 9, kA2, 1},
        SS_(ForeachMaximumScalarV2), [](double a, double, double, double s) { return Max(a, s); }, FI32(), -9, 9, kAll, -1},
        SL_(ForeachMaximumScalarList), [](double a, double, double, double s) { return Max(a, s); }, FI32(), -3, 3, kAll, 0.5},
        ST_(ForeachMinimumScalar, S_TMATCH), [](double a, double, double, double s) { return Min(a, s); }, FI32(), -9, 9, kA2, 1},
        SS_(ForeachMinimumScalarV2), [](double a, double, double, double s) { return Min(a, s); }, FI32(), -9, 9, kAll, -1},
        SL_(ForeachMinimumScalarList), [](double a, double, double, double s) { return Min(a, s); }, FI32(), -3, 3, kAll, 0.5},
        ST_(ForeachPowScalar, S_TMATCH), [](double a, double, double, double s) { return std::pow(a, s); }, F, 0.5, 3, kA2, 2.5},
        SS_(ForeachPowScalarV2), [](double a, double, double, double s) { return std::pow(a, s); }, F, 0.5, 3, kAll, 1.5},
        // the exponents the kernel takes exactly (a square, a copy, ones), over negative bases too
        SS_(ForeachPowScalarV2), [](double a, double, double, double s) { return std::pow(a, s); }, F, -3, 3, kAll, 2},
        SS_(ForeachPowScalarV2), [](double a, double, double, double s) { return std::pow(a, s); }, F, -3, 3, kAll, 1},
        SS_(ForeachPowScalarV2), [](double a, double, double, double s) { return std::pow(a, s); }, F, -3, 3, kAll, 0},
        SL_(ForeachPowScalarList), [](double a, double, double, double s) { return std::pow(a, s); }, F, 0.5, 3, kAll, 0.5},
        {"ForeachPowScalarAndTensor", 1, false, S_SCALAR, L_(x) { (void)t; (void)sl; return aclnnForeachPowScalarAndTensorGetWorkspaceSize(s, x[0], o, w, e); }, aclnnForeachPowScalarAndTensor,
         [](double a, double, double, double s) { return std::pow(s, a); }, F, -2, 2, kAll, 1.5},
        // pointwise: x1 + s * x2 op x3
        PT_(ForeachAddcmulList, S_TN), [](double a, double b, double c, double s) { return a + s * b * c; }, FI32(), -4, 4, kAll, 0.5},
        PT_(ForeachAddcmulScalar, S_TSET), [](double a, double b, double c, double s) { return a + s * b * c; }, FI32(), -4, 4, kAll, 1.5},
        PS_(ForeachAddcmulScalarV2), [](double a, double b, double c, double s) { return a + s * b * c; }, FI32(), -4, 4, kAll, 2},
        PT_(ForeachAddcmulScalarList, S_TN), [](double a, double b, double c, double s) { return a + s * b * c; }, FI32(), -4, 4, kAll, 0.5},
        PT_(ForeachAddcdivList, S_TN), [](double a, double b, double c, double s) { return a + s * b / c; }, F, 1, 4, kAll, 0.5},
        PT_(ForeachAddcdivScalar, S_TMATCH), [](double a, double b, double c, double s) { return a + s * b / c; }, F, 1, 4, kAll, 1.5},
        PS_(ForeachAddcdivScalarV2), [](double a, double b, double c, double s) { return a + s * b / c; }, F, 1, 4, kAll, -2},
        PT_(ForeachAddcdivScalarList, S_TN), [](double a, double b, double c, double s) { return a + s * b / c; }, F, 1, 4, kAll, 0.5},
        // lerp
        {"ForeachLerpList", 3, false, S_NONE, L_(x) { (void)t; (void)s; (void)sl; return aclnnForeachLerpListGetWorkspaceSize(x[0], x[1], x[2], o, w, e); }, aclnnForeachLerpList,
         [](double a, double b, double c, double) { return Lerp(a, b, c); }, F, -2, 2, kAll, 0},
        {"ForeachLerpScalar", 2, false, S_SCALAR, L_(x) { (void)t; (void)sl; return aclnnForeachLerpScalarGetWorkspaceSize(x[0], x[1], s, o, w, e); }, aclnnForeachLerpScalar,
         [](double a, double b, double, double s) { return Lerp(a, b, s); }, F, -5, 5, kAll, 0.3},
    };
}

// Runs one API over one dtype on the whole shape set and checks every tensor.
static void RunApi(const Api &api, aclDataType dt)
{
    std::string name = api.name + "/" + DtName(dt);
    size_t n = kShapes.size();
    TL in[3], out;
    for (int k = 0; k < api.nin; k++) {
        double lo = api.lo, hi = api.hi;
        if (api.name == "ForeachLerpList" && k == 2) { lo = -0.5; hi = 1.5; }
        uint64_t seed = (uint64_t)k + 17u * (uint64_t)dt;
        in[k].Make(dt, kShapes, [&](size_t i, int64_t e) {
            double v = Uniform(seed, i, e, lo, hi);
            return IsInt(dt) ? std::round(v) : v;
        });
    }
    if (!api.inplace) out.Make(dt, kShapes, [](size_t, int64_t) { return -3.0; });
    Scalars sc;
    MakeScalars(sc, api.sk, dt, n, api.sbase);
    aclTensorList *lists[3] = {in[0].l, in[1].l, in[2].l};
    Stage1Fn s1 = [&](uint64_t *w, aclOpExecutor **e) {
        return api.s1(lists, api.inplace ? nullptr : out.l, sc.t.t, sc.s, sc.sl, w, e);
    };
    if (!Supported(name, api.chips, s1)) return;
    if (g_chip == C950 && api.name == "ForeachAddScalarV2" && (dt == ACL_INT16 || dt == ACL_INT8 || dt == ACL_UINT8)) {
        uint64_t ws = 0; // the 950 list of aclnn_foreach_add_scalar_v2.cpp stops at INT32
        aclOpExecutor *ex = nullptr;
        ExpectError(name.c_str(), s1(&ws, &ex), kInvalid, "x[0]", "dtype support list");
        return;
    }
    if (RunS(name, s1, api.s2) != 0) {
        g_failures++;
        return;
    }
    std::vector<std::vector<double>> gold(n);
    for (size_t i = 0; i < n; i++) {
        size_t m = in[0].vals[i].size();
        gold[i].resize(m);
        for (size_t e = 0; e < m; e++) {
            double a = in[0].vals[i][e], b = api.nin > 1 ? in[1].vals[i][e] : 0, c = api.nin > 2 ? in[2].vals[i][e] : 0;
            double s = sc.v.empty() ? 0 : sc.v[i];
            double g = api.ref(a, b, c, s);
            if (IsInt(dt)) {
                if (api.name == "ForeachExp") g = std::trunc(g);
                else if (api.name.find("Pow") != std::string::npos) g = IPow(a, api.nin > 1 ? b : s);
                // integers wrap in the dtype's width
                int64_t w = (int64_t)g;
                g = dt == ACL_INT32 ? (double)(int32_t)(uint32_t)w : dt == ACL_INT16 ? (double)(int16_t)w
                    : dt == ACL_INT8 ? (double)(int8_t)w : dt == ACL_UINT8 ? (double)(uint8_t)w : (double)w;
            }
            gold[i][e] = g;
        }
    }
    CheckList(name, api.inplace ? in[0] : out, gold);
    for (int k = api.inplace ? 1 : 0; k < api.nin; k++) CheckUnchanged(name + " input " + std::to_string(k), in[k]);
}

// ---- the other kinds -----------------------------------------------------------------------
static void TestNorm()
{
    for (aclDataType dt : Floats()) {
        for (double p : {2.0, 1.0, kInf, 3.0}) {
            std::string name = std::string("ForeachNorm/") + DtName(dt) + "/p=" + std::to_string(p);
            TL x, out;
            x.Make(dt, kShapes, [&](size_t i, int64_t e) { return Uniform(9, i, e, -3, 3); });
            std::vector<std::vector<int64_t>> one(kShapes.size(), std::vector<int64_t>{});
            out.Make(dt, one, [](size_t, int64_t) { return -1.0; });
            aclScalar *ps = aclCreateScalar(&p, ACL_DOUBLE);
            Stage1Fn s1 = [&](uint64_t *w, aclOpExecutor **e) { return aclnnForeachNormGetWorkspaceSize(x.l, ps, out.l, w, e); };
            if (Supported(name, kAll, s1) && RunS(name, s1, aclnnForeachNorm) == 0) {
                std::vector<std::vector<double>> gold(kShapes.size());
                for (size_t i = 0; i < kShapes.size(); i++) {
                    double acc = 0;
                    for (double v : x.vals[i]) acc = std::isinf(p) ? std::max(acc, std::fabs(v)) : acc + std::pow(std::fabs(v), p);
                    gold[i] = {std::isinf(p) ? acc : std::pow(acc, 1.0 / p)};
                }
                // a norm is one rounding of a long sum: relative to the result, one unit of the dtype
                double rtol = dt == ACL_BF16 ? 1.0 / 128 : dt == ACL_FLOAT16 ? 1.0 / 1024 : 1e-5;
                for (size_t i = 0; i < kShapes.size(); i++) {
                    double got = out.ts[i]->Read()[0], g = gold[i][0];
                    EXPECT(std::fabs(got - g) <= rtol * std::fabs(g) + 1e-6, "%s[%zu]: %g, expected %g", name.c_str(), i, got, g);
                }
                CheckUnchanged(name, x);
            }
            aclDestroyScalar(ps);
        }
    }
}

static void TestCopy()
{
    struct Pair { aclDataType x, o; };
    std::vector<Pair> pairs = {{ACL_FLOAT, ACL_FLOAT16}, {ACL_FLOAT16, ACL_FLOAT}, {ACL_INT64, ACL_INT64},
                               {ACL_BOOL, ACL_BOOL}, {ACL_INT8, ACL_INT8}};
    if (g_chip != C310P) pairs.push_back({ACL_FLOAT, ACL_BF16});
    for (const Pair &pr : pairs) {
        std::string name = std::string("ForeachCopy/") + DtName(pr.x) + "->" + DtName(pr.o);
        TL x, out;
        x.Make(pr.x, kShapes, [&](size_t i, int64_t e) { return pr.x == ACL_BOOL ? (double)((e + i) % 2) : std::round(Uniform(3, i, e, -100, 100)) + (IsInt(pr.x) ? 0 : 0.3); });
        out.Make(pr.o, kShapes, [](size_t, int64_t) { return 0.0; });
        Stage1Fn s1 = [&](uint64_t *w, aclOpExecutor **e) { return aclnnForeachCopyGetWorkspaceSize(x.l, out.l, w, e); };
        if (!Supported(name, C910B | C950, s1) || RunS(name, s1, aclnnForeachCopy) != 0) continue;
        CheckList(name, out, x.vals);
    }
}

static void TestRound()
{
    for (int mode = 1; mode <= 5; mode++) {
        for (aclDataType dt : Floats()) {
            for (int v2 = 0; v2 < 2; v2++) {
                std::string name = std::string(v2 ? "ForeachRoundOffNumberV2/" : "ForeachRoundOffNumber/") + DtName(dt) + "/mode" + std::to_string(mode);
                TL x, out;
                x.Make(dt, kShapes, [&](size_t i, int64_t e) { return e % 5 == 0 ? (double)(e % 7) - 3.5 : Uniform(5, i, e, -20, 20); });
                out.Make(dt, kShapes, [](size_t, int64_t) { return 0.0; });
                DevTensor rm;
                rm.Init(ACL_INT8, {1}, {(double)mode}, CONTIG);
                int64_t m64 = mode;
                aclScalar *rs = aclCreateScalar(&m64, ACL_INT64);
                Stage1Fn s1 = [&](uint64_t *w, aclOpExecutor **e) {
                    return v2 ? aclnnForeachRoundOffNumberV2GetWorkspaceSize(x.l, rs, out.l, w, e)
                              : aclnnForeachRoundOffNumberGetWorkspaceSize(x.l, rm.t, out.l, w, e);
                };
                if (Supported(name, kAll, s1) && RunS(name, s1, v2 ? aclnnForeachRoundOffNumberV2 : aclnnForeachRoundOffNumber) == 0) {
                    std::vector<std::vector<double>> gold(kShapes.size());
                    for (size_t i = 0; i < kShapes.size(); i++)
                        for (double a : x.vals[i])
                            gold[i].push_back(mode == 1 ? std::nearbyint(a) : mode == 2 ? std::floor(a) : mode == 3 ? std::ceil(a)
                                              : mode == 4 ? std::round(a) : std::trunc(a));
                    CheckList(name, out, gold);
                }
                aclDestroyScalar(rs);
            }
        }
    }
}

static void TestUnscale()
{
    std::vector<aclDataType> dts = Floats();
    for (aclDataType dt : dts) {
        for (int with_inf = 0; with_inf < 2; with_inf++) {
            std::string name = std::string("ForeachNonFiniteCheckAndUnscale/") + DtName(dt) + (with_inf ? "/inf" : "/finite");
            TL g;
            g.Make(dt, kShapes, [&](size_t i, int64_t e) { return with_inf && i == 5 && e == 4000 ? kInf : Uniform(2, i, e, -8, 8); });
            DevTensor found, inv;
            found.Init(ACL_FLOAT, {1}, {0.0}, CONTIG);
            inv.Init(ACL_FLOAT, {1}, {0.25}, CONTIG);
            Stage1Fn s1 = [&](uint64_t *w, aclOpExecutor **e) { return aclnnForeachNonFiniteCheckAndUnscaleGetWorkspaceSize(g.l, found.t, inv.t, w, e); };
            if (RunS(name, s1, aclnnForeachNonFiniteCheckAndUnscale) != 0) {
                g_failures++;
                continue;
            }
            std::vector<std::vector<double>> gold = g.vals;
            for (auto &t : gold) for (auto &v : t) v *= 0.25;
            CheckList(name, g, gold);
            std::vector<double> f = found.Read();
            EXPECT(f[0] == (with_inf ? 1.0 : 0.0), "%s: foundInf %g", name.c_str(), f[0]);
        }
    }
}

// Many tensors in one call: more than one packed launch, sizes from 0 to thousands.
static void TestManyTensors()
{
    std::vector<std::vector<int64_t>> shapes;
    for (int i = 0; i < 150; i++) shapes.push_back({(int64_t)((i * 37) % 211)});
    TL a, b, out;
    a.Make(ACL_FLOAT, shapes, [](size_t i, int64_t e) { return Uniform(1, i, e, -5, 5); }, true);
    b.Make(ACL_FLOAT, shapes, [](size_t i, int64_t e) { return Uniform(2, i, e, -5, 5); }, true);
    out.Make(ACL_FLOAT, shapes, [](size_t, int64_t) { return 0.0; }, true);
    double alpha = 0.5;
    aclScalar *s = aclCreateScalar(&alpha, ACL_DOUBLE);
    Stage1Fn s1 = [&](uint64_t *w, aclOpExecutor **e) { return aclnnForeachAddListV2GetWorkspaceSize(a.l, b.l, s, out.l, w, e); };
    if (Supported("ForeachAddListV2/150 tensors", kAll, s1) && RunS("ForeachAddListV2/150", s1, aclnnForeachAddListV2) == 0) {
        std::vector<std::vector<double>> gold(shapes.size());
        for (size_t i = 0; i < shapes.size(); i++)
            for (size_t e = 0; e < a.vals[i].size(); e++) gold[i].push_back(a.vals[i][e] + 0.5 * b.vals[i][e]);
        CheckList("ForeachAddListV2/150", out, gold);
    }
    aclDestroyScalar(s);
}

// Scalar tensors that are views (an offset into their storage): the element the view names is
// used, for the scalar, the per-tensor scalars and foundInf.
static void TestScalarViews()
{
    std::vector<std::vector<int64_t>> sh = {{3}, {2, 2}};
    TL x, out, x2, x3;
    x.Make(ACL_FLOAT, sh, [](size_t i, int64_t e) { return (double)(e + 1) * (i ? -1 : 1); }, true);
    x2.Make(ACL_FLOAT, sh, [](size_t, int64_t e) { return 0.5 * (double)e; }, true);
    x3.Make(ACL_FLOAT, sh, [](size_t, int64_t) { return 2.0; }, true);
    out.Make(ACL_FLOAT, sh, [](size_t, int64_t) { return 0.0; }, true);
    DevTensor s1t, sNt;
    s1t.Init(ACL_FLOAT, {1}, {2.5}, STRIDED);          // storage [fill, 2.5]
    sNt.Init(ACL_FLOAT, {2}, {3.0, -4.0}, STRIDED);    // storage [fill, 3, fill, -4]
    Stage1Fn a = [&](uint64_t *w, aclOpExecutor **e) { return aclnnForeachAddScalarGetWorkspaceSize(x.l, s1t.t, out.l, w, e); };
    if (RunS("AddScalar/strided scalar", a, aclnnForeachAddScalar) == 0) {
        std::vector<std::vector<double>> g = x.vals;
        for (auto &t : g) for (auto &v : t) v += 2.5;
        CheckList("AddScalar/strided scalar", out, g);
    }
    Stage1Fn b = [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnForeachAddcmulListGetWorkspaceSize(x.l, x2.l, x3.l, sNt.t, out.l, w, e);
    };
    if (RunS("AddcmulList/strided scalars", b, aclnnForeachAddcmulList) == 0) {
        std::vector<std::vector<double>> g = x.vals;
        for (size_t i = 0; i < g.size(); i++)
            for (size_t k = 0; k < g[i].size(); k++) g[i][k] += (i ? -4.0 : 3.0) * x2.vals[i][k] * 2.0;
        CheckList("AddcmulList/strided scalars", out, g);
    }
    TL gr;
    gr.Make(ACL_FLOAT, sh, [](size_t i, int64_t e) { return i == 1 && e == 3 ? NAN : 1.0; }, true);
    DevTensor found, inv;
    found.Init(ACL_FLOAT, {1}, {0.0}, STRIDED, 5.0); // storage [5, 0]: the view is element 1
    inv.Init(ACL_FLOAT, {1}, {0.5}, STRIDED);
    Stage1Fn c = [&](uint64_t *w, aclOpExecutor **e) { return aclnnForeachNonFiniteCheckAndUnscaleGetWorkspaceSize(gr.l, found.t, inv.t, w, e); };
    if (RunS("Unscale/strided foundInf", c, aclnnForeachNonFiniteCheckAndUnscale) == 0) {
        EXPECT(found.Read()[0] == 1.0, "foundInf view: %g", found.Read()[0]);
        EXPECT(found.CountClobbered(5.0) == 0, "foundInf: the storage element outside the view was written");
        EXPECT(gr.ts[0]->Read()[0] == 0.5, "unscaled by the invScale view: %g", gr.ts[0]->Read()[0]);
    }
}

// ---- validation ----------------------------------------------------------------------------
static void ExpectInner(const char *what, int got, int code, const char *needle)
{
    const char *m = aclGetRecentErrMsg();
    std::string msg = m ? m : "";
    EXPECT(got == code, "%s: returned %d, expected %d (%s)", what, got, code, msg.c_str());
    EXPECT(msg.find(needle) != std::string::npos, "%s: message lacks \"%s\": %s", what, needle, msg.c_str());
}

static void TestValidation()
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    std::vector<std::vector<int64_t>> sh = {{2, 3}, {4}};
    TL a, b, out, a16, bad_shape, short_list, i64;
    a.Make(ACL_FLOAT, sh, [](size_t, int64_t) { return 1.0; });
    b.Make(ACL_FLOAT, sh, [](size_t, int64_t) { return 2.0; });
    out.Make(ACL_FLOAT, sh, [](size_t, int64_t) { return 0.0; });
    a16.Make(ACL_FLOAT16, sh, [](size_t, int64_t) { return 1.0; });
    bad_shape.Make(ACL_FLOAT, {{2, 3}, {5}}, [](size_t, int64_t) { return 1.0; });
    short_list.Make(ACL_FLOAT, {{2, 3}}, [](size_t, int64_t) { return 1.0; });
    i64.Make(ACL_INT64, sh, [](size_t, int64_t) { return 1.0; });
    double one = 1.0;
    float onef = 1.0f;
    aclScalar *sd = aclCreateScalar(&one, ACL_DOUBLE), *sf = aclCreateScalar(&onef, ACL_FLOAT);
    aclScalar *sb = aclCreateScalar(&one, ACL_BOOL);
    bool on910b = g_chip == C910B, on950 = g_chip == C950;
    if (g_chip == C310P) {
        ExpectError("AddListV2 on 310P", aclnnForeachAddListV2GetWorkspaceSize(a.l, b.l, sd, out.l, &ws, &ex), kInvalid,
                    "support for", "Ascend310P");
        // NonFiniteCheckAndUnscale runs on 310P, without BF16
        TL bf;
        bf.Make(ACL_BF16, sh, [](size_t, int64_t) { return 1.0; });
        DevTensor f, inv;
        f.Init(ACL_FLOAT, {1}, {0.0}, CONTIG);
        inv.Init(ACL_FLOAT, {1}, {1.0}, CONTIG);
        ExpectError("Unscale BF16 on 310P", aclnnForeachNonFiniteCheckAndUnscaleGetWorkspaceSize(bf.l, f.t, inv.t, &ws, &ex),
                    kInvalid, "scaledGrads[0]", "DT_BF16");
        aclDestroyScalar(sd);
        aclDestroyScalar(sf);
        aclDestroyScalar(sb);
        return;
    }
    (void)on910b;
    (void)on950;
    // null pointers: each parameter, and a null tensor inside a list
    ExpectError("null x1", aclnnForeachAddListV2GetWorkspaceSize(nullptr, b.l, sd, out.l, &ws, &ex), kNull, "x1");
    ExpectError("null x2", aclnnForeachAddListV2GetWorkspaceSize(a.l, nullptr, sd, out.l, &ws, &ex), kNull, "x2");
    ExpectError("null alpha", aclnnForeachAddListV2GetWorkspaceSize(a.l, b.l, nullptr, out.l, &ws, &ex), kNull, "alpha");
    ExpectError("null out", aclnnForeachAddListV2GetWorkspaceSize(a.l, b.l, sd, nullptr, &ws, &ex), kNull, "out");
    ExpectError("null scalars", aclnnForeachAddScalarListGetWorkspaceSize(a.l, nullptr, out.l, &ws, &ex), kNull, "scalars");
    ExpectError("null executor", aclnnForeachAbsGetWorkspaceSize(a.l, out.l, &ws, nullptr), kNull, "executor");
    {
        // a list owns its tensors: this one gets its own tensor object over a's memory
        int64_t shp[2] = {2, 3}, st[2] = {3, 1};
        aclTensor *items[2] = {aclCreateTensor(shp, 2, ACL_FLOAT, st, 0, ACL_FORMAT_ND, shp, 2, a.ts[0]->dev), nullptr};
        aclTensorList *holey = aclCreateTensorList(items, 2);
        ExpectError("null element", aclnnForeachAbsGetWorkspaceSize(holey, out.l, &ws, &ex), kNull, "x[1]");
        aclDestroyTensorList(holey);
    }
    // list lengths
    ExpectError("length x2", aclnnForeachAddListV2GetWorkspaceSize(a.l, short_list.l, sd, out.l, &ws, &ex), kInvalid,
                "same number of tensors");
    ExpectError("length out", aclnnForeachAbsGetWorkspaceSize(a.l, short_list.l, &ws, &ex), kInvalid, "same number of tensors");
    // dtypes: not supported, list mismatch, out mismatch, scalar dtype
    ExpectError("dtype x", aclnnForeachAddListV2GetWorkspaceSize(i64.l, i64.l, sd, i64.l, &ws, &ex), kInvalid, "x1[0]", "DT_INT64");
    ExpectError("dtype x2", aclnnForeachAddListV2GetWorkspaceSize(a.l, a16.l, sd, out.l, &ws, &ex), kInvalid, "x2[0]", "DT_FLOAT16");
    ExpectError("dtype out", aclnnForeachAbsGetWorkspaceSize(a.l, a16.l, &ws, &ex), kInvalid, "out[0]");
    ExpectError("dtype alpha", aclnnForeachAddListV2GetWorkspaceSize(a16.l, a16.l, sf, a16.l, &ws, &ex), kInvalid, "alpha", "DT_FLOAT");
    ExpectError("dtype scalar", aclnnForeachMulScalarV2GetWorkspaceSize(a.l, sb, out.l, &ws, &ex), kInvalid, "scalar", "DT_BOOL");
    {
        // FLOAT16 x with a FLOAT scalar: 950 only (the 910D list of aclnn_foreach_mul_scalar_v2.cpp)
        TL o16;
        o16.Make(ACL_FLOAT16, sh, [](size_t, int64_t) { return 0.0; });
        int rc = aclnnForeachMulScalarV2GetWorkspaceSize(a16.l, sf, o16.l, &ws, &ex);
        if (on950) {
            EXPECT(rc == 0, "FLOAT16 x FLOAT scalar on 950: %d %s", rc, aclGetRecentErrMsg());
            if (rc == 0) aclDestroyAclOpExecutor(ex);
        } else {
            ExpectError("FLOAT16 x FLOAT scalar", rc, kInvalid, "scalar", "DT_FLOAT");
        }
    }
    {
        TL mixed;
        mixed.Make(ACL_FLOAT, {{2, 3}}, [](size_t, int64_t) { return 1.0; });
        int64_t s0[2] = {2, 3}, t0[2] = {3, 1}, s1[1] = {4}, t1[1] = {1};
        aclTensor *items[2] = {aclCreateTensor(s0, 2, ACL_FLOAT, t0, 0, ACL_FORMAT_ND, s0, 2, mixed.ts[0]->dev),
                               aclCreateTensor(s1, 1, ACL_FLOAT16, t1, 0, ACL_FORMAT_ND, s1, 1, a16.ts[1]->dev)};
        aclTensorList *mix = aclCreateTensorList(items, 2);
        ExpectError("dtype inside x (V2)", aclnnForeachAddListV2GetWorkspaceSize(mix, b.l, sd, out.l, &ws, &ex), kInvalid, "x1[1]");
        ExpectInner("dtype inside x (tiling)", aclnnForeachAbsGetWorkspaceSize(mix, out.l, &ws, &ex), kTiling, "x[1]");
        aclDestroyTensorList(mix);
    }
    // shapes: V2 in the op_api (161002), the older ones from tiling (561002)
    ExpectError("shape x2", aclnnForeachAddListV2GetWorkspaceSize(a.l, bad_shape.l, sd, out.l, &ws, &ex), kInvalid, "x2[1]", "[5]");
    ExpectInner("shape out", aclnnForeachAbsGetWorkspaceSize(a.l, bad_shape.l, &ws, &ex), kTiling, "out[1] shape [5]");
    {
        DevTensor alpha2;
        alpha2.Init(ACL_FLOAT, {2}, {1.0, 2.0}, CONTIG);
        ExpectInner("alpha numel", aclnnForeachAddScalarGetWorkspaceSize(a.l, alpha2.t, out.l, &ws, &ex), kTiling, "should hold 1 element");
        DevTensor sN;
        sN.Init(ACL_FLOAT, {3}, {1, 2, 3}, CONTIG);
        ExpectInner("scalars count", aclnnForeachAddcmulListGetWorkspaceSize(a.l, a.l, a.l, sN.t, out.l, &ws, &ex), kTiling, "2 element");
    }
    {
        DevTensor n1;
        n1.Init(ACL_FLOAT, {2}, {0, 0}, CONTIG);
        TL bad_norm;
        bad_norm.Make(ACL_FLOAT, {{}, {2}}, [](size_t, int64_t) { return 0.0; });
        ExpectInner("norm out", aclnnForeachNormGetWorkspaceSize(a.l, sd, bad_norm.l, &ws, &ex), kTiling, "out[1] should hold one element");
    }
    // formats: a private format in a list
    {
        int64_t shp[2] = {2, 3}, st[2] = {3, 1};
        aclTensor *nz = aclCreateTensor(shp, 2, ACL_FLOAT, st, 0, ACL_FORMAT_FRACTAL_NZ, shp, 2, a.ts[0]->dev);
        aclTensorList *nzl = aclCreateTensorList(&nz, 1);
        ExpectError("format", aclnnForeachAbsGetWorkspaceSize(nzl, short_list.l, &ws, &ex), kInvalid, "x[0] format",
                    "not supported");
        aclDestroyTensorList(nzl);
    }
    // empty lists: nothing to run
    {
        aclTensorList *e0 = aclCreateTensorList(nullptr, 0), *e1 = aclCreateTensorList(nullptr, 0);
        int rc = aclnnForeachAbsGetWorkspaceSize(e0, e1, &ws, &ex);
        EXPECT(rc == 0 && ws == 0, "empty lists: %d ws %llu", rc, (unsigned long long)ws);
        if (rc == 0) EXPECT(aclnnForeachAbs(nullptr, 0, ex, g_stream) == 0, "empty lists stage 2");
        aclDestroyTensorList(e0);
        aclDestroyTensorList(e1);
    }
    aclDestroyScalar(sd);
    aclDestroyScalar(sf);
    aclDestroyScalar(sb);
}

int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    g_chip = soc.find("310P") != std::string::npos ? C310P : soc.find("950") != std::string::npos ? C950 : C910B;
    printf("foreach on %s\n", soc.c_str());
    for (const Api &api : Table())
        for (aclDataType dt : api.dts) RunApi(api, dt);
    TestNorm();
    TestCopy();
    TestRound();
    if (g_chip != C310P) TestManyTensors();
    if (g_chip == C910B) TestScalarViews();
    TestUnscale();
    TestValidation();
    if (g_failures) {
        printf("%d failures\n", g_failures);
        return 1;
    }
    printf("foreach: all passed\n");
    return 0;
}
