// aclnnInplaceMaskedScatter against a reference written here: the mask broadcast to selfRef by
// numpy rules, self's positions walked row-major, the k-th true one taking source's k-th element.
// Dtypes of the list, BOOL and UINT8 masks, masks broadcast on leading / inner / trailing dims,
// 0-d tensors, strided and transposed views, more source elements than trues, special values,
// empty tensors, every validation path with code and message, a mask with more trues than source
// has elements (the launch fails, nothing written), and (argument "310p") the chip refusal.
#include <cmath>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_masked_scatter.h"

static aclrtStream g_stream;
typedef std::vector<int64_t> Shape;

static void Exact(const std::string &what, const std::vector<double> &got, const std::vector<double> &want)
{
    size_t bad = got.size() != want.size(), first = 0;
    for (size_t i = 0; i < want.size() && i < got.size(); i++)
        if (!(got[i] == want[i] || (std::isnan(got[i]) && std::isnan(want[i])))) { if (!bad) first = i; bad++; }
    EXPECT(bad == 0, "%s: %zu of %zu wrong (first at %zu: %g, expected %g)", what.c_str(), bad, want.size(), first,
           first < got.size() ? got[first] : 0.0, first < want.size() ? want[first] : 0.0);
}

static std::vector<double> Ref(const std::vector<double> &self, const Shape &s, const std::vector<double> &mask, const Shape &ms,
                               const std::vector<double> &src)
{
    std::vector<double> out = self;
    size_t k = 0;
    for (int64_t i = 0; i < GetShapeSize(s); i++) {
        // coordinates of i in s, then the mask element they broadcast from
        int64_t q = i, mp = 0, mul = 1;
        for (size_t d = s.size(); d-- > 0;) {
            int64_t c = q % s[d];
            q /= s[d];
            size_t back = s.size() - 1 - d;
            if (back < ms.size()) {
                size_t j = ms.size() - 1 - back;
                if (ms[j] != 1) mp += c * mul;
                mul *= ms[j];
            }
        }
        if (mask[(size_t)mp] != 0) out[(size_t)i] = src[k++];
    }
    return out;
}

static void TestValues(const std::vector<aclDataType> &dts)
{
    struct Case { Shape s, ms; int extra; };
    std::vector<Case> cases = {
        {{4, 5, 6}, {4, 5, 6}, 0}, {{4, 5, 6}, {6}, 3}, {{4, 5, 6}, {5, 1}, 0}, {{4, 5, 6}, {4, 1, 6}, 7},
        {{4, 5, 6}, {1, 5, 1}, 0}, {{3, 7}, {}, 1}, {{}, {}, 0}, {{2, 3, 2, 2}, {3, 1, 1}, 2},
    };
    uint64_t seed = 1;
    for (aclDataType dt : dts) {
        int c = 0;
        for (const Case &cs : cases) {
            Lcg rng(seed++);
            std::vector<double> mask((size_t)GetShapeSize(cs.ms));
            for (auto &m : mask) m = rng.uniform() < 0.45;
            if (cs.ms.empty()) mask[0] = 1;
            int64_t trues = 0;
            {
                std::vector<double> ones((size_t)GetShapeSize(cs.s), 0), srcn((size_t)GetShapeSize(cs.s), 1);
                std::vector<double> r = Ref(ones, cs.s, mask, cs.ms, srcn);
                for (double v : r) trues += v != 0;
            }
            bool integer = dt != ACL_FLOAT && dt != ACL_FLOAT16 && dt != ACL_BF16 && dt != ACL_DOUBLE;
            std::vector<double> self = RandomValues((size_t)GetShapeSize(cs.s), seed++, 3), src = RandomValues((size_t)(trues + cs.extra), seed++, 3);
            for (auto *v : {&self, &src})
                for (double &x : *v) x = dt == ACL_BOOL ? (x > 0) : integer ? std::round(x * 10) : x;
            self = QuantAll(dt, self), src = QuantAll(dt, src);
            std::vector<double> want = Ref(self, cs.s, mask, cs.ms, src);
            DevTensor ts, tm, tsrc;
            Shape srcs = c % 2 ? Shape{(int64_t)src.size()} : Shape{1, (int64_t)src.size()};
            if (!ts.Init(dt, cs.s, self, (Layout)(c % 3)) || !tm.Init(c % 2 ? ACL_UINT8 : ACL_BOOL, cs.ms, mask, (Layout)((c + 1) % 3)) ||
                !tsrc.Init(dt, srcs, src, (Layout)((c + 2) % 3))) return;
            std::string what = std::string("InplaceMaskedScatter ") + DtName(dt) + " case " + std::to_string(c++);
            int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                return aclnnInplaceMaskedScatterGetWorkspaceSize(ts.t, tm.t, tsrc.t, w, e); }, aclnnInplaceMaskedScatter);
            EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
            if (rc) continue;
            Exact(what, ts.Read(), want);
            EXPECT(ts.CountClobbered() == 0, "%s: wrote outside its view", what.c_str());
        }
    }
    // special values travel bit for bit
    DevTensor ts, tm, tsrc;
    if (!ts.Init(ACL_FLOAT, {4}, {1, 2, 3, 4}, CONTIG) || !tm.Init(ACL_BOOL, {4}, {1, 1, 0, 1}, CONTIG) ||
        !tsrc.Init(ACL_FLOAT, {3}, {NAN, -0.0, -INFINITY}, CONTIG)) return;
    int rc = Run("specials", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceMaskedScatterGetWorkspaceSize(ts.t, tm.t, tsrc.t, w, e); },
                 aclnnInplaceMaskedScatter);
    std::vector<double> got = ts.Read();
    EXPECT(rc == 0 && std::isnan(got[0]) && got[1] == 0 && std::signbit(got[1]) && got[2] == 3 && got[3] == -INFINITY,
           "specials: %g %g %g %g", got[0], got[1], got[2], got[3]);
}

static void TestValidation()
{
    DevTensor s, m, src, u32, mf, src16, mbad, mbig, sbig, se, me;
    if (!s.Init(ACL_FLOAT, {4, 5}, {}, CONTIG, 1) || !m.Init(ACL_BOOL, {4, 5}, {}, CONTIG, 1) || !src.Init(ACL_FLOAT, {6}, {}, CONTIG, 2) ||
        !u32.Init(ACL_UINT32, {4, 5}, {}, CONTIG) || !mf.Init(ACL_FLOAT, {4, 5}, {}, CONTIG) || !src16.Init(ACL_FLOAT16, {30}, {}, CONTIG) ||
        !mbad.Init(ACL_BOOL, {3, 5}, {}, CONTIG) || !mbig.Init(ACL_BOOL, {2, 4, 5}, {}, CONTIG) ||
        !sbig.Init(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 1, 2}, {}, CONTIG) || !se.Init(ACL_FLOAT, {0, 5}, {}, CONTIG) ||
        !me.Init(ACL_BOOL, {0, 5}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("null self", aclnnInplaceMaskedScatterGetWorkspaceSize(nullptr, m.t, src.t, &ws, &ex), 161001, "self");
    ExpectError("null mask", aclnnInplaceMaskedScatterGetWorkspaceSize(s.t, nullptr, src.t, &ws, &ex), 161001, "mask");
    ExpectError("null source", aclnnInplaceMaskedScatterGetWorkspaceSize(s.t, m.t, nullptr, &ws, &ex), 161001, "source");
    ExpectError("self dtype", aclnnInplaceMaskedScatterGetWorkspaceSize(u32.t, m.t, src.t, &ws, &ex), 161002, "DT_UINT32",
                "The dtype of self must be within the range");
    ExpectError("mask dtype", aclnnInplaceMaskedScatterGetWorkspaceSize(s.t, mf.t, src.t, &ws, &ex), 161002, "The dtype of mask must be within the range");
    ExpectError("source dtype", aclnnInplaceMaskedScatterGetWorkspaceSize(s.t, m.t, src16.t, &ws, &ex), 161002, "The dtype of source must be the same as self");
    ExpectError("rank 9", aclnnInplaceMaskedScatterGetWorkspaceSize(sbig.t, m.t, src.t, &ws, &ex), 161002, "The shape dim of self must be <= 8D");
    ExpectError("no broadcast", aclnnInplaceMaskedScatterGetWorkspaceSize(s.t, mbad.t, src.t, &ws, &ex), 161002, "can not broadcast");
    ExpectError("mask larger", aclnnInplaceMaskedScatterGetWorkspaceSize(s.t, mbig.t, src.t, &ws, &ex), 161002,
                "The shape of mask must be broadcastable to the shape of self");
    int rc = Run("empty self", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceMaskedScatterGetWorkspaceSize(se.t, me.t, src.t, w, e); },
                 aclnnInplaceMaskedScatter);
    EXPECT(rc == 0, "empty self: %d", rc);
    // 20 trues, 6 source elements: the launch fails and self is untouched
    rc = aclnnInplaceMaskedScatterGetWorkspaceSize(s.t, m.t, src.t, &ws, &ex);
    EXPECT(rc == 0, "too few source elements: stage 1 (%d)", rc);
    if (rc == 0) {
        int r2 = aclnnInplaceMaskedScatter(nullptr, 0, ex, g_stream);
        int r3 = aclrtSynchronizeStream(g_stream);
        EXPECT(r2 != 0 || r3 != 0, "too few source elements: the launch did not fail");
    }
    Exact("self untouched", s.Read(), std::vector<double>(20, 1.0));
}

int main(int argc, char **argv)
{
    std::string chip = argc > 1 ? argv[1] : "";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (chip == "310p") {
        DevTensor s, m, src, b;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        if (!s.Init(ACL_FLOAT, {4}, {}, CONTIG) || !m.Init(ACL_BOOL, {4}, {1, 0, 0, 0}, CONTIG) || !src.Init(ACL_FLOAT, {4}, {}, CONTIG) ||
            !b.Init(ACL_BF16, {4}, {}, CONTIG)) return 1;
        ExpectError("310P bf16", aclnnInplaceMaskedScatterGetWorkspaceSize(b.t, m.t, b.t, &ws, &ex), 161002, "DT_BF16");
        int rc = aclnnInplaceMaskedScatterGetWorkspaceSize(s.t, m.t, src.t, &ws, &ex);
        EXPECT(rc == 361001, "310P: returned %d, expected 361001", rc);
    } else {
        TestValues({ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT64, ACL_INT32, ACL_INT16, ACL_INT8, ACL_UINT8, ACL_BOOL});
        TestValidation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
