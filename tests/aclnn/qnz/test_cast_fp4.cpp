// aclnnCast to FLOAT4_E2M1 on the 950 (ops-math math/cast: REGBASE dtype lists; arch35 cast_struct.h
// policies FLOAT / FLOAT16 -> BFLOAT16 -> FLOAT4_E2M1 and BFLOAT16 -> FLOAT4_E2M1, each step round to
// nearest even; private formats only warned about, the cast runs over the storage). Reference
// written here: BF16 rounding from the value's binary expansion, then the nearest of the FP4 grid
// {0, .5, 1, 1.5, 2, 3, 4, 6} with ties to the even code, magnitudes above 6 saturated, NaN -> 0.
// Codes checked nibble by nibble (even element = low nibble). ND contiguous, an NZ pair sharing its
// storage shape; refusals: other FP8 / FP4 pairs (361001), mismatched NZ storage (361001), the A2
// (FLOAT4_E2M1 outside its dtype list, 161002).
#include "../quant_matmul/qmm_test_util.h"
#include "../qmm3/qf8_ref.h"
#include "aclnnop/aclnn_cast.h"

static aclrtStream g_stream;
static std::string g_chip;

static double RefBf16(double v)  // round to 8 significant bits, ties to even
{
    if (!std::isfinite(v) || v == 0) return v;
    int e;
    double fr = std::frexp(std::fabs(v), &e);  // [0.5, 1)
    double q = std::ldexp(fr, 8), fl = std::floor(q), r = q - fl;
    double k = r > 0.5 ? fl + 1 : r < 0.5 ? fl : (std::fmod(fl, 2.0) == 0 ? fl : fl + 1);
    double out = std::ldexp(k, e - 8);
    return v < 0 ? -out : out;
}

static unsigned RefFp4(double v)
{
    static const double grid[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
    if (std::isnan(v)) return 0;
    unsigned s = std::signbit(v) ? 8 : 0;
    double a = std::fabs(v);
    if (a >= 6) return s | 7;
    unsigned lo = 0;
    while (lo < 7 && grid[lo + 1] <= a) lo++;
    double dl = a - grid[lo], dh = grid[lo + 1] - a;
    unsigned c = dl < dh ? lo : dh < dl ? lo + 1 : (lo % 2 == 0 ? lo : lo + 1);
    return s | c;
}

static std::vector<double> Values(Lcg &rng, size_t n)
{
    std::vector<double> v = {0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0, -0.25, -5.0, 0.2500001, 0.7500001, 100, -7,
                             INFINITY, -INFINITY, NAN, 0.0, -0.0, 6.0, 5.9999, 0.24, 0.26, 1e-30, -3.1};
    while (v.size() < n) v.push_back(rng.value() * 8);
    v.resize(n);
    return v;
}

static std::vector<unsigned char> Bytes(aclDataType dt, const std::vector<double> &v, std::vector<double> *held)
{
    size_t es = dt == ACL_FLOAT ? 4 : 2;
    std::vector<unsigned char> b(v.size() * es);
    held->clear();
    for (size_t i = 0; i < v.size(); i++) {
        double q = std::isnan(v[i]) ? v[i] : Quant(dt, v[i]);
        held->push_back(q);
        Encode(dt, q, &b[i * es]);
    }
    return b;
}

static int RunCast(const aclTensor *self, aclTensor *out)
{
    return Run("aclnnCast", g_stream,
               [&](uint64_t *w, aclOpExecutor **e) { return aclnnCastGetWorkspaceSize(self, ACL_FLOAT4_E2M1, out, w, e); },
               aclnnCast);
}

static void CheckCodes(const char *what, aclDataType sdt, const std::vector<double> &held,
                       const std::vector<unsigned char> &g)
{
    size_t bad = 0;
    for (size_t i = 0; i < held.size(); i++) {
        double mid = sdt == ACL_BF16 ? held[i] : RefBf16(held[i]);
        unsigned want = RefFp4(mid), got = (g[i / 2] >> ((i & 1) * 4)) & 0xf;
        if (got != want) {
            if (bad < 5) printf("  %s: element %zu value %.9g -> code %u, expected %u\n", what, i, held[i], got, want);
            bad++;
        }
    }
    EXPECT(bad == 0, "%s: %zu of %zu codes wrong", what, bad, held.size());
}

static void CaseNd(aclDataType sdt, int64_t rows, int64_t cols, uint64_t seed)
{
    Lcg rng(seed);
    std::vector<double> held;
    std::vector<unsigned char> b = Bytes(sdt, Values(rng, (size_t)(rows * cols)), &held);
    RawTensor s, o;
    int64_t n = rows * cols;
    bool ok = s.Init(sdt, {rows, cols}, {cols, 1}, b) &&
              o.Init(ACL_FLOAT4_E2M1, {rows, cols}, {cols, 1}, std::vector<unsigned char>((size_t)((n + 1) / 2), 0), ACL_FORMAT_ND, {n});
    if (!ok) { EXPECT(false, "tensors"); return; }
    int r = RunCast(s.t, o.t);
    EXPECT(r == 0, "ND %s run: %d (%s)", DtName(sdt), r, aclGetRecentErrMsg());
    if (r == 0) CheckCodes(DtName(sdt), sdt, held, o.Read());
}

// FP32 weight (n, k) = (24, 16) as FRACTAL_NZ storage [2, 2, 16, 8] and its FP4 twin: storage-wise.
static void CaseNz(uint64_t seed)
{
    Lcg rng(seed);
    std::vector<int64_t> st = {2, 2, 16, 8};
    std::vector<double> held;
    std::vector<unsigned char> b = Bytes(ACL_FLOAT, Values(rng, 2 * 2 * 16 * 8), &held);
    RawTensor s, o, obad;
    bool ok = s.Init(ACL_FLOAT, {24, 16}, {16, 1}, b, ACL_FORMAT_FRACTAL_NZ, st) &&
              o.Init(ACL_FLOAT4_E2M1, {24, 16}, {16, 1}, std::vector<unsigned char>(256, 0), ACL_FORMAT_FRACTAL_NZ, st) &&
              obad.Init(ACL_FLOAT4_E2M1, {24, 16}, {16, 1}, std::vector<unsigned char>(256, 0), ACL_FORMAT_FRACTAL_NZ, {1, 2, 16, 16});
    if (!ok) { EXPECT(false, "NZ tensors"); return; }
    int r = RunCast(s.t, o.t);
    EXPECT(r == 0, "NZ run: %d (%s)", r, aclGetRecentErrMsg());
    if (r == 0) CheckCodes("NZ storage", ACL_FLOAT, held, o.Read());
    uint64_t ws;
    aclOpExecutor *ex;
    ExpectCode("NZ storage mismatch", aclnnCastGetWorkspaceSize(s.t, ACL_FLOAT4_E2M1, obad.t, &ws, &ex), 361001, "same format and storage shape");
}

int main(int argc, char **argv)
{
    if (argc > 1) g_chip = argv[1];
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    uint64_t ws;
    aclOpExecutor *ex;
    RawTensor f, o4, f8, o8;
    if (!f.Init(ACL_FLOAT, {4}, {1}, std::vector<unsigned char>(16, 0)) ||
        !o4.Init(ACL_FLOAT4_E2M1, {4}, {1}, std::vector<unsigned char>(2, 0), ACL_FORMAT_ND, {4}) ||
        !f8.Init(ACL_FLOAT8_E4M3FN, {4}, {1}, std::vector<unsigned char>(4, 0)) ||
        !o8.Init(ACL_FLOAT8_E5M2, {4}, {1}, std::vector<unsigned char>(4, 0)))
        return 1;
    if (g_chip != "950") {
        ExpectCode("FLOAT4_E2M1 off the 950", aclnnCastGetWorkspaceSize(f.t, ACL_FLOAT4_E2M1, o4.t, &ws, &ex), 161002, "");
    } else {
        CaseNd(ACL_FLOAT, 7, 9, 1);     // odd count: the last byte's high nibble is not an element
        CaseNd(ACL_FLOAT16, 33, 64, 2);
        CaseNd(ACL_BF16, 130, 100, 3);
        CaseNd(ACL_FLOAT, 300, 257, 4); // several blocks
        CaseNz(5);
        ExpectCode("FP8 -> FP4 not emulated", aclnnCastGetWorkspaceSize(f8.t, ACL_FLOAT4_E2M1, o4.t, &ws, &ex), 361001, "not implemented");
        ExpectCode("FP8 -> FP8 not emulated", aclnnCastGetWorkspaceSize(f8.t, ACL_FLOAT8_E5M2, o8.t, &ws, &ex), 361001, "not implemented");
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
