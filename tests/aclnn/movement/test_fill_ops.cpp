// aclnnInplaceOne (aclnn_ones.h) and aclnnInplaceFillTensor (aclnn_fill_tensor.h): every element
// of the view becomes 1 / value[0] converted to its dtype, nothing outside the view changes;
// contiguous / strided / transposed views, 0-d, empty, rank 8; the validation paths (null,
// dtype, shape) with codes and messages; `310p`: BF16 refused there.
#include <algorithm>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_fill_diagonal.h"
#include "aclnnop/aclnn_fill_tensor.h"
#include "aclnnop/aclnn_ones.h"

static aclrtStream g_stream;

// A tensor of a dtype the shared DevTensor cannot encode (UINT16 / UINT32), for dtype refusals:
// zero-filled storage of 8 bytes per element, freed with the struct.
struct RawTensor {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    RawTensor(aclDataType dt, const std::vector<int64_t> &shape)
    {
        if (CreateAclTensor(std::vector<int64_t>((size_t)GetShapeSize(shape), 0), shape, &dev, dt, &t)) t = nullptr;
    }
    ~RawTensor() { if (t) aclDestroyTensor(t); if (dev) aclrtFree(dev); }
};

static void TestValues()
{
    std::vector<std::vector<int64_t>> shapes = {{}, {7}, {3, 5}, {2, 3, 4}, {0, 3}, {2, 1, 2, 1, 2, 1, 2, 3}};
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64, ACL_UINT8, ACL_BOOL})
        for (auto &s : shapes)
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                DevTensor t;
                if (!t.Init(dt, s, RandomValues((size_t)GetShapeSize(s), 3, 50), lay, dt == ACL_BOOL || dt == ACL_UINT8 ? 0 : -7)) return;
                std::string what = std::string("InplaceOne ") + DtName(dt) + " rank " + std::to_string(s.size()) + " layout " + std::to_string(lay);
                int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnInplaceOneGetWorkspaceSize(t.t, w, ex); }, aclnnInplaceOne);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (rc) continue;
                std::vector<double> v = t.Read();
                size_t bad = 0;
                for (double x : v) bad += x != 1.0;
                EXPECT(bad == 0, "%s: %zu of %zu elements are not 1", what.c_str(), bad, v.size());
                EXPECT(t.CountClobbered(dt == ACL_BOOL || dt == ACL_UINT8 ? 0 : -7) == 0, "%s: wrote outside the view", what.c_str());
            }
}

// value 0-d or [1], of another dtype than selfRef (converted as a cast: float -> int truncates)
static void TestFillTensor()
{
    std::vector<std::vector<int64_t>> shapes = {{}, {7}, {3, 5}, {0, 3}, {2, 1, 2, 1, 2, 1, 2, 3}};
    struct { aclDataType vdt; double v; } vals[] = {{ACL_FLOAT, 2.75}, {ACL_INT32, -3}, {ACL_FLOAT16, 0.5}, {ACL_DOUBLE, -1e3}};
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_INT8, ACL_INT32, ACL_INT64, ACL_UINT8, ACL_BOOL})
        for (auto &s : shapes)
            for (auto &val : vals)
                for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                    DevTensor t, v;
                    std::vector<int64_t> vs = s.size() % 2 ? std::vector<int64_t>{1} : std::vector<int64_t>{};
                    if (!t.Init(dt, s, {}, lay, 0) || !v.Init(val.vdt, vs, {val.v}, STRIDED)) return;
                    std::string what = std::string("InplaceFillTensor ") + DtName(dt) + " <- " + DtName(val.vdt) + " rank " + std::to_string(s.size()) + " layout " + std::to_string(lay);
                    int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnInplaceFillTensorGetWorkspaceSize(t.t, v.t, w, ex); }, aclnnInplaceFillTensor);
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    if (rc) continue;
                    double q = Quant(val.vdt, val.v);
                    bool int_dst = dt == ACL_INT8 || dt == ACL_INT32 || dt == ACL_INT64 || dt == ACL_UINT8;
                    double want = dt == ACL_BOOL ? (q != 0) : int_dst ? std::trunc(q) : Quant(dt, q);
                    if (int_dst && val.vdt == ACL_INT32) // integer -> integer wraps as a cast does
                        want = dt == ACL_UINT8 ? (double)(uint8_t)(int64_t)q : dt == ACL_INT8 ? (double)(int8_t)(int64_t)q : want;
                    else if (dt == ACL_UINT8) // float -> integer saturates
                        want = std::min(255.0, std::max(0.0, want));
                    else if (dt == ACL_INT8)
                        want = std::min(127.0, std::max(-128.0, want));
                    size_t bad = 0;
                    for (double x : t.Read()) bad += x != want;
                    EXPECT(bad == 0, "%s: %zu elements differ from %g", what.c_str(), bad, want);
                    EXPECT(t.CountClobbered(0) == 0, "%s: wrote outside the view", what.c_str());
                }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    DevTensor f, v2, v1;
    RawTensor u(ACL_UINT32, {4});
    if (!f.Init(ACL_FLOAT, {4}, {}, CONTIG) || !v2.Init(ACL_FLOAT, {2}, {}, CONTIG) || !v1.Init(ACL_FLOAT, {1}, {}, CONTIG) || !u.t) return;
    ExpectError("FillTensor null selfRef", aclnnInplaceFillTensorGetWorkspaceSize(nullptr, v1.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "selfRef");
    ExpectError("FillTensor null value", aclnnInplaceFillTensorGetWorkspaceSize(f.t, nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "value");
    ExpectError("FillTensor uint32", aclnnInplaceFillTensorGetWorkspaceSize(u.t, v1.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_UINT32");
    ExpectError("FillTensor value shape", aclnnInplaceFillTensorGetWorkspaceSize(f.t, v2.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "0D or 1D");
}

// torch fill_diagonal_: (i, i, ..., i); a tall matrix with wrap restarts every C + 1 rows
static void TestFillDiagonal()
{
    struct { std::vector<int64_t> shape; bool wrap; } cs[] = {
        {{4, 4}, false}, {{3, 5}, true}, {{7, 3}, false}, {{7, 3}, true}, {{9, 3}, true}, {{10, 1}, true}, {{3, 3, 3}, false},
        {{2, 2, 2, 2, 2, 2, 2, 2}, true}, {{0, 3}, true}};
    for (auto &c : cs)
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_UINT8, ACL_BOOL})
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                int64_t n = GetShapeSize(c.shape), C = c.shape[1];
                std::vector<double> x = QuantAll(dt, RandomValues((size_t)n, 9, 3));
                if (dt == ACL_BOOL) for (double &v : x) v = 0;
                if (dt == ACL_UINT8) for (double &v : x) v = std::fabs(v);
                std::vector<double> g = x;
                double fill = dt == ACL_BOOL ? 1 : 2;
                if (c.shape.size() == 2) { // flat positions k * (C + 1) (torch's definition), limited without wrap
                    int64_t R = c.shape[0], end = (!c.wrap && R > C) ? C * C : n;
                    for (int64_t f = 0; f < end; f += C + 1) g[(size_t)f] = fill;
                } else {
                    int64_t step = 0, s = 1;
                    for (size_t d = c.shape.size(); d-- > 0;) { step += s; s *= c.shape[d]; }
                    for (int64_t i = 0; i < c.shape[0]; i++) g[(size_t)(i * step)] = fill;
                }
                DevTensor t;
                if (!t.Init(dt, c.shape, x, lay, 0)) return;
                float fv = (float)fill;
                aclScalar *v = aclCreateScalar(&fv, ACL_FLOAT);
                std::string what = "InplaceFillDiagonal " + std::to_string(c.shape[0]) + "x" + std::to_string(C) + " rank " + std::to_string(c.shape.size()) + (c.wrap ? " wrap " : " ") + DtName(dt) + " layout " + std::to_string(lay);
                int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnInplaceFillDiagonalGetWorkspaceSize(t.t, v, c.wrap, w, ex); }, aclnnInplaceFillDiagonal);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (!rc) {
                    std::vector<double> y = t.Read();
                    size_t bad = 0;
                    for (size_t i = 0; i < g.size(); i++) bad += y[i] != g[i];
                    EXPECT(bad == 0, "%s: %zu of %zu wrong", what.c_str(), bad, g.size());
                    EXPECT(t.CountClobbered(0) == 0, "%s: wrote outside the view", what.c_str());
                }
                aclDestroyScalar(v);
            }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    DevTensor m, v1, c3, i8, f16;
    RawTensor u(ACL_UINT32, {3, 3});
    if (!m.Init(ACL_FLOAT, {3, 3}, {}, CONTIG) || !v1.Init(ACL_FLOAT, {3}, {}, CONTIG) || !c3.Init(ACL_FLOAT, {3, 3, 4}, {}, CONTIG) ||
        !i8.Init(ACL_INT8, {3, 3}, {}, CONTIG) || !f16.Init(ACL_FLOAT16, {3, 3}, {}, CONTIG) || !u.t) return;
    float one = 1.0f, big = 1e6f;
    int32_t i300 = 300;
    float cplx[2] = {1, 2};
    aclScalar *s1 = aclCreateScalar(&one, ACL_FLOAT), *sbig = aclCreateScalar(&big, ACL_FLOAT), *s300 = aclCreateScalar(&i300, ACL_INT32),
              *sc = aclCreateScalar(cplx, ACL_COMPLEX64);
    ExpectError("FillDiagonal null selfRef", aclnnInplaceFillDiagonalGetWorkspaceSize(nullptr, s1, false, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "selfRef");
    ExpectError("FillDiagonal null value", aclnnInplaceFillDiagonalGetWorkspaceSize(m.t, nullptr, false, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "fillValue");
    ExpectError("FillDiagonal uint32", aclnnInplaceFillDiagonalGetWorkspaceSize(u.t, s1, false, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_UINT32");
    ExpectError("FillDiagonal 1-D", aclnnInplaceFillDiagonalGetWorkspaceSize(v1.t, s1, false, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "dim num");
    ExpectError("FillDiagonal unequal dims", aclnnInplaceFillDiagonalGetWorkspaceSize(c3.t, s1, false, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "equal length");
    ExpectError("FillDiagonal complex value", aclnnInplaceFillDiagonalGetWorkspaceSize(m.t, sc, false, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_FLOAT");
    ExpectError("FillDiagonal int8 overflow", aclnnInplaceFillDiagonalGetWorkspaceSize(i8.t, s300, false, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "without overflow : 300");
    ExpectError("FillDiagonal fp16 overflow", aclnnInplaceFillDiagonalGetWorkspaceSize(f16.t, sbig, false, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "without overflow");
    for (aclScalar *s : {s1, sbig, s300, sc}) aclDestroyScalar(s);
}

static void TestValidation()
{
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("null selfRef", aclnnInplaceOneGetWorkspaceSize(nullptr, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "selfRef");
    RawTensor u(ACL_UINT32, {4});
    if (!u.t) return;
    ExpectError("uint32", aclnnInplaceOneGetWorkspaceSize(u.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_UINT32");
    std::vector<int64_t> s9(9, 1);
    DevTensor r9;
    if (!r9.Init(ACL_FLOAT, s9, {}, CONTIG)) return;
    ExpectError("rank 9", aclnnInplaceOneGetWorkspaceSize(r9.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "dim");
    DevTensor f;
    if (!f.Init(ACL_FLOAT, {4}, {}, CONTIG)) return;
    ExpectError("null workspaceSize", aclnnInplaceOneGetWorkspaceSize(f.t, nullptr, &ex), ACLNN_ERR_PARAM_NULLPTR);
}

static void Test310P()
{
    const char *soc = aclrtGetSocName();
    EXPECT(soc && std::string(soc).find("310P") != std::string::npos, "SoC %s is not a 310P", soc ? soc : "?");
    DevTensor b, h;
    if (!b.Init(ACL_BF16, {4}, {}, CONTIG) || !h.Init(ACL_FLOAT16, {4}, {}, STRIDED)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("bf16 on 310P", aclnnInplaceOneGetWorkspaceSize(b.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BF16");
    int rc = Run("InplaceOne fp16 310P", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceOneGetWorkspaceSize(h.t, w, e); }, aclnnInplaceOne);
    EXPECT(rc == 0, "fp16 on 310P failed");
    if (!rc) for (double x : h.Read()) EXPECT(x == 1.0, "fp16 on 310P: %g", x);
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (argc > 1 && std::string(argv[1]) == "310p") {
        Test310P();
    } else {
        TestValues();
        TestFillTensor();
        TestFillDiagonal();
        TestValidation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
