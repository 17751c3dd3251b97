// Hardtanh / InplaceHardtanh: clamp(self, min, max) in self's dtype (the bounds converted to it)
// against a reference written here; views, 0-d, empty, rank 8, NaN / +-Inf, integer dtypes,
// validation paths with codes and messages; on a 310P topology BF16 is refused.
#include <algorithm>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_hardtanh.h"

static aclrtStream g_stream;

static void TestValues(bool is310p)
{
    std::vector<std::vector<int64_t>> shapes = {{}, {7}, {3, 5}, {0, 4}, {2, 1, 2, 1, 2, 1, 2, 3}, {513}};
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_INT32, ACL_INT64, ACL_INT8, ACL_INT16, ACL_UINT8};
    if (!is310p) dts.push_back(ACL_BF16);
    uint64_t seed = 1;
    for (aclDataType dt : dts)
        for (auto &s : shapes)
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED})
                for (int inplace = 0; inplace < 2; inplace++) {
                    bool fl = dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_DOUBLE || dt == ACL_BF16;
                    std::vector<double> x = QuantAll(dt, RandomValues((size_t)GetShapeSize(s), seed++, 3));
                    if (dt == ACL_UINT8) for (double &v : x) v = std::fabs(v);
                    if (fl && x.size() > 3) { x[0] = NAN; x[1] = INFINITY; x[2] = -INFINITY; x[3] = -0.0; }
                    // float bounds: truncated toward zero for integer selves, then wrapped into the dtype
                    // (ConvertToTensor's cast, as the pointwise family models it)
                    float lo = -1.5f, hi = 2.25f;
                    double qlo = fl ? Quant(dt, lo) : std::trunc(lo), qhi = fl ? Quant(dt, hi) : std::trunc(hi);
                    if (dt == ACL_UINT8) qlo = (double)(uint8_t)(int64_t)qlo; // -1 wraps to 255: every x clips to max
                    std::vector<double> g(x.size());
                    for (size_t i = 0; i < x.size(); i++) g[i] = Quant(dt, std::isnan(x[i]) ? x[i] : std::min(std::max(x[i], qlo), qhi));
                    DevTensor tx, to;
                    if (!tx.Init(dt, s, x, lay) || (!inplace && !to.Init(dt, s, {}, lay == STRIDED ? TRANSPOSED : STRIDED))) return;
                    aclScalar *smin = aclCreateScalar(&lo, ACL_FLOAT), *smax = aclCreateScalar(&hi, ACL_FLOAT);
                    std::string what = std::string(inplace ? "InplaceHardtanh " : "Hardtanh ") + DtName(dt) + " rank " + std::to_string(s.size()) + " layout " + std::to_string(lay);
                    int rc = inplace ? Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnInplaceHardtanhGetWorkspaceSize(tx.t, smin, smax, w, ex); }, aclnnInplaceHardtanh)
                                     : Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnHardtanhGetWorkspaceSize(tx.t, smin, smax, to.t, w, ex); }, aclnnHardtanh);
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    if (!rc) {
                        DevTensor &res = inplace ? tx : to;
                        std::vector<double> y = res.Read();
                        size_t bad = 0;
                        for (size_t i = 0; i < g.size(); i++) bad += !(y[i] == g[i] || (std::isnan(y[i]) && std::isnan(g[i])));
                        EXPECT(bad == 0, "%s: %zu of %zu wrong", what.c_str(), bad, g.size());
                        EXPECT(res.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
                    }
                    aclDestroyScalar(smin);
                    aclDestroyScalar(smax);
                }
}

static void TestValidation(bool is310p)
{
    DevTensor x, o, oi, o2, xb, ob;
    if (!x.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !oi.Init(ACL_INT32, {2, 3}, {}, CONTIG) ||
        !o2.Init(ACL_FLOAT, {3, 2}, {}, CONTIG) || !xb.Init(ACL_BOOL, {2, 3}, {}, CONTIG) || !ob.Init(ACL_BOOL, {2, 3}, {}, CONTIG)) return;
    float lo = -1, hi = 1;
    bool bv = true;
    aclScalar *smin = aclCreateScalar(&lo, ACL_FLOAT), *smax = aclCreateScalar(&hi, ACL_FLOAT), *sb = aclCreateScalar(&bv, ACL_BOOL);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    ExpectError("Hardtanh null self", aclnnHardtanhGetWorkspaceSize(nullptr, smin, smax, o.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "self");
    ExpectError("Hardtanh null max", aclnnHardtanhGetWorkspaceSize(x.t, smin, nullptr, o.t, &ws, &ex), ACLNN_ERR_PARAM_NULLPTR, "clipValueMax");
    ExpectError("Hardtanh bool self", aclnnHardtanhGetWorkspaceSize(xb.t, smin, smax, ob.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BOOL");
    ExpectError("Hardtanh bool min", aclnnHardtanhGetWorkspaceSize(x.t, sb, smax, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BOOL");
    ExpectError("Hardtanh out dtype", aclnnHardtanhGetWorkspaceSize(x.t, smin, smax, oi.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("Hardtanh out shape", aclnnHardtanhGetWorkspaceSize(x.t, smin, smax, o2.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID);
    ExpectError("Hardtanh min > max", aclnnHardtanhGetWorkspaceSize(x.t, smax, smin, o.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "min must less than max");
    if (is310p) {
        DevTensor b, bo;
        if (!b.Init(ACL_BF16, {2}, {}, CONTIG) || !bo.Init(ACL_BF16, {2}, {}, CONTIG)) return;
        ExpectError("Hardtanh bf16 on 310P", aclnnHardtanhGetWorkspaceSize(b.t, smin, smax, bo.t, &ws, &ex), ACLNN_ERR_PARAM_INVALID, "DT_BF16");
    }
    for (aclScalar *s : {smin, smax, sb}) aclDestroyScalar(s);
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    const char *soc = aclrtGetSocName();
    bool is310p = soc && std::string(soc).find("310P") != std::string::npos;
    TestValues(is310p);
    TestValidation(is310p);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
