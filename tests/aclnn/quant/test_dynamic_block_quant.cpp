// aclnnDynamicBlockQuant / V2 (the A2 / A3 kernel) bit-exact against a reference written here: per row,
// blocks of 128 columns (the last one shorter), m = max |x| in FP32, q = (1 / m) * 127 (at least
// minScale when minScale > 0), scaleOut = m * (1 / 127) (at most 1 / minScale), yOut = rint(x * q)
// (half to even written out) saturated to INT8, an all-zero block giving 0 codes and a 0 scale.
// 2-D and 3-D x, FLOAT16 / BF16, strided x, minScale on and off, the validation paths (161001 /
// 161002 / 561002), and 361001 on the 310P (the 950 kernel: tests/aclnn/flatq).
#include <cmath>
#include <cstring>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_dynamic_block_quant.h"
#include "aclnnop/aclnn_dynamic_block_quant_v2.h"

static aclrtStream g_stream;
static const int kInvalid = 161002, kNull = 161001, kTiling = 561002;

static int32_t RefInt8(float v)
{
    if (std::isnan(v)) return 0;
    if (v >= 127.0f) return 127;
    if (v <= -128.0f) return -128;
    double f = std::floor((double)v), d = (double)v - f;
    return (int32_t)(d > 0.5 ? f + 1 : d < 0.5 ? f : (std::fmod(f, 2.0) == 0 ? f : f + 1));
}

static void RunBlock(aclDataType xd, std::vector<int64_t> shape, double min_scale, Layout lay, bool v2 = false)
{
    int64_t n = GetShapeSize(shape), N = shape.back(), rows = n / N, nb = (N + 127) / 128;
    std::vector<double> xv = RandomValues((size_t)n, 21, 3.0);
    for (int64_t c = 0; c < N && rows > 1; c++) xv[(size_t)(N + c)] = 0.0; // row 1 all zero
    xv[0] = 1e-6;
    std::vector<int64_t> sshape = shape;
    sshape[shape.size() - 1] = nb;
    DevTensor x, y, s;
    x.Init(xd, shape, xv, lay);
    y.Init(ACL_INT8, shape, {}, CONTIG);
    s.Init(ACL_FLOAT, sshape, {}, CONTIG);
    char mode[] = "rint";
    int rc = v2 ? Run("DynamicBlockQuantV2", g_stream,
                      [&](uint64_t *ws, aclOpExecutor **ex) {
                          return aclnnDynamicBlockQuantV2GetWorkspaceSize(x.t, min_scale, mode, ACL_INT8, 1, 128, 0.0,
                                                                          y.t, s.t, ws, ex);
                      },
                      aclnnDynamicBlockQuantV2)
                : Run("DynamicBlockQuant", g_stream,
                      [&](uint64_t *ws, aclOpExecutor **ex) {
                          return aclnnDynamicBlockQuantGetWorkspaceSize(x.t, min_scale, mode, ACL_INT8, 1, 128, y.t,
                                                                        s.t, ws, ex);
                      },
                      aclnnDynamicBlockQuant);
    std::string what = std::string(v2 ? "DynamicBlockQuantV2 " : "DynamicBlockQuant ") + DtName(xd) + " rank " + std::to_string(shape.size()) +
                       " minScale " + std::to_string(min_scale) + (lay != CONTIG ? " strided" : "");
    EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
    if (rc) return;
    std::vector<double> got = y.Read(), gs = s.Read();
    size_t bad = 0, sbad = 0;
    float ms = (float)min_scale;
    for (int64_t r = 0; r < rows; r++)
        for (int64_t b = 0; b < nb; b++) {
            int64_t c0 = b * 128, c1 = std::min(N, c0 + 128);
            float m = 0.0f;
            for (int64_t c = c0; c < c1; c++) m = std::max(m, (float)std::fabs(Quant(xd, xv[(size_t)(r * N + c)])));
            float q = (1.0f / m) * 127.0f, sc = m * (1.0f / 127.0f);
            if (ms > 0.0f) { q = std::max(q, ms); sc = std::min(sc, 1.0f / ms); }
            if (gs[(size_t)(r * nb + b)] != (double)sc) {
                if (sbad < 3) LOG_PRINT("  %s scale[%lld,%lld]: got %.9g want %.9g\n", what.c_str(), (long long)r, (long long)b, gs[(size_t)(r * nb + b)], sc);
                sbad++;
            }
            for (int64_t c = c0; c < c1; c++) {
                int32_t want = RefInt8((float)Quant(xd, xv[(size_t)(r * N + c)]) * q);
                if (got[(size_t)(r * N + c)] != want) {
                    if (bad < 5) LOG_PRINT("  %s y[%lld,%lld]: got %g want %d\n", what.c_str(), (long long)r, (long long)c, got[(size_t)(r * N + c)], want);
                    bad++;
                }
            }
        }
    EXPECT(bad == 0 && sbad == 0, "%s: %zu codes, %zu scales differ", what.c_str(), bad, sbad);
}

static void TestValidation(bool a2)
{
    uint64_t ws;
    aclOpExecutor *ex;
    DevTensor x, y, s, xf, xi, yb, sh, x4, y4, s4, y2, s3, sb;
    x.Init(ACL_FLOAT16, {4, 200}, {}, CONTIG);
    y.Init(ACL_INT8, {4, 200}, {}, CONTIG);
    s.Init(ACL_FLOAT, {4, 2}, {}, CONTIG);
    xf.Init(ACL_FLOAT, {4, 200}, {}, CONTIG);
    xi.Init(ACL_INT32, {4, 200}, {}, CONTIG);
    yb.Init(ACL_INT16, {4, 200}, {}, CONTIG);
    sh.Init(ACL_FLOAT16, {4, 2}, {}, CONTIG);
    x4.Init(ACL_FLOAT16, {1, 1, 4, 200}, {}, CONTIG);
    y4.Init(ACL_INT8, {1, 1, 4, 200}, {}, CONTIG);
    s4.Init(ACL_FLOAT, {1, 1, 4, 2}, {}, CONTIG);
    y2.Init(ACL_INT8, {4, 199}, {}, CONTIG);
    s3.Init(ACL_FLOAT, {1, 4, 2}, {}, CONTIG);
    sb.Init(ACL_FLOAT, {4, 3}, {}, CONTIG);
    char rint[] = "rint";
    auto dq = [&](const aclTensor *a, double mn, int64_t dt, int64_t rb, int64_t cb, const aclTensor *yy, const aclTensor *ss) {
        return aclnnDynamicBlockQuantGetWorkspaceSize(a, mn, rint, dt, rb, cb, yy, ss, &ws, &ex);
    };
    ExpectError("null x", dq(nullptr, 0, 2, 1, 128, y.t, s.t), kNull, "x");
    ExpectError("null scale", dq(x.t, 0, 2, 1, 128, y.t, nullptr), kNull, "scaleOut");
    const char *socp = aclrtGetSocName();
    if (!a2 && socp && std::string(socp).find("950") != std::string::npos)
        return; // the 950 kernel: tests/aclnn/flatq/test_grouped_dynamic_block_quant.cpp
    if (!a2) {
        int rc = dq(x.t, 0, 2, 1, 128, y.t, s.t);
        EXPECT(rc == 361001, "DynamicBlockQuant off A2 / A3: %d", rc);
        rc = aclnnDynamicBlockQuantV2GetWorkspaceSize(x.t, 0, rint, 2, 1, 128, 0.0, y.t, s.t, &ws, &ex);
        EXPECT(rc == 361001, "DynamicBlockQuantV2 off A2 / A3: %d", rc);
        return;
    }
    ExpectError("x dtype", dq(xi.t, 0, 2, 1, 128, y.t, s.t), kInvalid, "x");
    ExpectError("y dtype", dq(x.t, 0, 2, 1, 128, yb.t, s.t), kInvalid, "yOut");
    ExpectError("scale dtype", dq(x.t, 0, 2, 1, 128, y.t, sh.t), kInvalid, "scaleOut");
    ExpectError("x float on A2", dq(xf.t, 0, 2, 1, 128, y.t, s.t), kTiling, "x dtype DT_FLOAT");
    ExpectError("minScale < 0", dq(x.t, -1.0, 2, 1, 128, y.t, s.t), kTiling, "min_scale must be greater than or equal to 0");
    ExpectError("dstType vs y", dq(x.t, 0, 36, 1, 128, y.t, s.t), kTiling, "The dtypes of y and dst_type must be the same");
    ExpectError("rowBlockSize", dq(x.t, 0, 2, 128, 128, y.t, s.t), kTiling, "row_block_size 128");
    ExpectError("V2 dstTypeMax", aclnnDynamicBlockQuantV2GetWorkspaceSize(x.t, 0, rint, 2, 1, 128, 15.0, y.t, s.t, &ws, &ex),
                kTiling, "dst_type_max 15");
    ExpectError("V2 null x", aclnnDynamicBlockQuantV2GetWorkspaceSize(nullptr, 0, rint, 2, 1, 128, 0.0, y.t, s.t, &ws, &ex),
                kNull, "x");
    ExpectError("colBlockSize", dq(x.t, 0, 2, 1, 256, y.t, s.t), kTiling, "col_block_size 256");
    ExpectError("y shape", dq(x.t, 0, 2, 1, 128, y2.t, s.t), kTiling, "The shapes of x and y must be the same");
    ExpectError("x 4-d", dq(x4.t, 0, 2, 1, 128, y4.t, s4.t), kTiling, "The shape dim of x must be 2 or 3");
    ExpectError("scale rank", dq(x.t, 0, 2, 1, 128, y.t, s3.t), kTiling, "The shape dims of x and scale must be the same");
    ExpectError("scale shape", dq(x.t, 0, 2, 1, 128, y.t, sb.t), kTiling, "ceil(x_shape[1]/col_block_size)");
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName();
    bool a2 = soc.find("910B") != std::string::npos || soc.find("910_93") != std::string::npos;
    LOG_PRINT("dynamic block quant on %s\n", soc.c_str());
    if (a2) {
        RunBlock(ACL_FLOAT16, {5, 300}, 0.0, CONTIG);
        RunBlock(ACL_BF16, {3, 128}, 0.0, CONTIG);
        RunBlock(ACL_FLOAT16, {2, 3, 129}, 20.0, STRIDED);
        RunBlock(ACL_BF16, {4, 64}, 300.0, TRANSPOSED);
        RunBlock(ACL_FLOAT16, {1, 1000}, 0.5, CONTIG);
        RunBlock(ACL_BF16, {2, 3, 200}, 4.0, STRIDED, true);
        RunBlock(ACL_FLOAT16, {7, 128}, 0.0, CONTIG, true);
    }
    TestValidation(a2);
    if (g_failures) { LOG_PRINT("test_dynamic_block_quant: %d failures\n", g_failures); return 1; }
    LOG_PRINT("test_dynamic_block_quant: ok\n");
    return 0;
}
