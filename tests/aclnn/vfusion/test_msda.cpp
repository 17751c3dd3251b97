// aclnnMultiScaleDeformableAttnFunction + aclnnMultiScaleDeformableAttentionGrad (issue 12):
// FP32 / FP16 / BF16, several levels (one of width 1), locations partly outside [0, 1] (border
// and outside corners), strided views; the forward against a bilinear sampler written here in
// double (x along W, y along H, pixel centres at +0.5), the gradients against central finite
// differences of sum(gradOutput * output) over that sampler; validation paths in the real order;
// a level table that does not fit in value fails the launch instead of reading outside it.
#include <cstring>
#include <memory>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_multi_scale_deformable_attention_grad.h"
#include "aclnnop/aclnn_multi_scale_deformable_attn_function.h"

struct Prob {
    int64_t B, NH, C, Q, P;
    std::vector<int64_t> hw; // (H, W) per level
    int64_t L() const { return (int64_t)hw.size() / 2; }
    int64_t K() const { int64_t k = 0; for (int64_t l = 0; l < L(); l++) k += hw[(size_t)(2 * l)] * hw[(size_t)(2 * l + 1)]; return k; }
};

static std::vector<double> Forward(const Prob &p, const std::vector<double> &value, const std::vector<double> &loc,
                                   const std::vector<double> &attn)
{
    const int64_t K = p.K(), L = p.L();
    std::vector<double> out((size_t)(p.B * p.Q * p.NH * p.C), 0.0);
    for (int64_t b = 0; b < p.B; b++)
        for (int64_t q = 0; q < p.Q; q++)
            for (int64_t h = 0; h < p.NH; h++) {
                int64_t start = 0;
                for (int64_t l = 0; l < L; l++) {
                    const int64_t H = p.hw[(size_t)(2 * l)], W = p.hw[(size_t)(2 * l + 1)];
                    for (int64_t pt = 0; pt < p.P; pt++) {
                        const int64_t k = (((b * p.Q + q) * p.NH + h) * L + l) * p.P + pt;
                        const double x = loc[(size_t)(2 * k)] * W - 0.5, y = loc[(size_t)(2 * k + 1)] * H - 0.5;
                        if (!(y > -1 && x > -1 && y < H && x < W)) continue;
                        const double y0 = std::floor(y), x0 = std::floor(x);
                        for (int dy = 0; dy < 2; dy++)
                            for (int dx = 0; dx < 2; dx++) {
                                const int64_t yy = (int64_t)y0 + dy, xx = (int64_t)x0 + dx;
                                if (yy < 0 || xx < 0 || yy >= H || xx >= W) continue;
                                const double w = (dy ? y - y0 : 1 - (y - y0)) * (dx ? x - x0 : 1 - (x - x0)) * attn[(size_t)k];
                                for (int64_t c = 0; c < p.C; c++)
                                    out[(size_t)(((b * p.Q + q) * p.NH + h) * p.C + c)] +=
                                        w * value[(size_t)(((b * K + start + yy * W + xx) * p.NH + h) * p.C + c)];
                            }
                    }
                    start += H * W;
                }
            }
    return out;
}

static std::vector<int64_t> Starts(const Prob &p)
{
    std::vector<int64_t> s;
    int64_t a = 0;
    for (int64_t l = 0; l < p.L(); l++) { s.push_back(a); a += p.hw[(size_t)(2 * l)] * p.hw[(size_t)(2 * l + 1)]; }
    return s;
}

static void Case(Runtime &rt, aclDataType dt, const Prob &p, aclDataType idt, Layout lay, uint64_t seed, bool with_grad = true)
{
    const int64_t K = p.K(), L = p.L();
    std::string what = std::string("MSDA ") + DtName(dt) + " B" + std::to_string(p.B) + " NH" + std::to_string(p.NH) + " C" +
                       std::to_string(p.C) + " Q" + std::to_string(p.Q) + " L" + std::to_string(L) + " P" + std::to_string(p.P);
    Lcg rng(seed);
    std::vector<double> value((size_t)(p.B * K * p.NH * p.C)), loc((size_t)(p.B * p.Q * p.NH * L * p.P * 2)),
        attn((size_t)(p.B * p.Q * p.NH * L * p.P)), gout((size_t)(p.B * p.Q * p.NH * p.C));
    for (double &v : value) v = Quant(dt, rng.uniform() * 2 - 1);
    for (double &v : loc) v = Quant(dt, rng.uniform() * 1.3 - 0.15); // some samples outside the map
    for (double &v : attn) v = Quant(dt, rng.uniform());
    for (double &v : gout) v = Quant(dt, rng.uniform() * 2 - 1);
    std::vector<double> hwv(p.hw.begin(), p.hw.end()), st;
    for (int64_t s : Starts(p)) st.push_back((double)s);
    DevTensor tv, ts, tl, tloc, ta, to, tg, tgv, tgl, tga;
    if (!tv.Init(dt, {p.B, K, p.NH, p.C}, value, lay) || !ts.Init(idt, {L, 2}, hwv, CONTIG) || !tl.Init(idt, {L}, st, CONTIG) ||
        !tloc.Init(dt, {p.B, p.Q, p.NH, L, p.P, 2}, loc, CONTIG) || !ta.Init(dt, {p.B, p.Q, p.NH, L, p.P}, attn, lay) ||
        !to.Init(dt, {p.B, p.Q, p.NH * p.C}, {}, lay) || !tg.Init(dt, {p.B, p.Q, p.NH * p.C}, gout, lay) ||
        !tgv.Init(dt, {p.B, K, p.NH, p.C}, {}, lay) || !tgl.Init(dt, {p.B, p.Q, p.NH, L, p.P, 2}, {}, lay) ||
        !tga.Init(dt, {p.B, p.Q, p.NH, L, p.P}, {}, CONTIG)) { EXPECT(false, "set-up"); return; }
    const bool low = dt != ACL_FLOAT;
    uint64_t ws0 = 0;
    aclOpExecutor *ex0 = nullptr;
    const double tol = dt == ACL_BF16 ? 3e-2 : dt == ACL_FLOAT16 ? 4e-3 : 1e-5;
    int rc = Run("aclnnMultiScaleDeformableAttnFunction", rt.stream, [&](uint64_t *s, aclOpExecutor **e) {
        return aclnnMultiScaleDeformableAttnFunctionGetWorkspaceSize(tv.t, ts.t, tl.t, tloc.t, ta.t, to.t, s, e); },
        aclnnMultiScaleDeformableAttnFunction);
    EXPECT(rc == 0, "%s forward: %s", what.c_str(), aclGetRecentErrMsg());
    if (rc == 0) {
        CheckAccuracy((what + " output").c_str(), to.Read(), Forward(p, value, loc, attn), tol, tol, low ? 1e-1 : 1e-4);
        EXPECT(to.CountClobbered() == 0, "%s wrote outside output's view", what.c_str());
    }
    if (!with_grad) {
        const char *m = nullptr;
        rc = aclnnMultiScaleDeformableAttentionGradGetWorkspaceSize(tv.t, ts.t, tl.t, tloc.t, ta.t, tg.t, tgv.t, tgl.t, tga.t, &ws0, &ex0);
        m = aclGetRecentErrMsg();
        EXPECT(rc == 361001 && m && strstr(m, "not implemented"), "%s: grad refused on this chip: %d %s", what.c_str(), rc, m ? m : "");
        return;
    }
    rc = Run("aclnnMultiScaleDeformableAttentionGrad", rt.stream, [&](uint64_t *s, aclOpExecutor **e) {
        return aclnnMultiScaleDeformableAttentionGradGetWorkspaceSize(tv.t, ts.t, tl.t, tloc.t, ta.t, tg.t, tgv.t, tgl.t, tga.t, s, e); },
        aclnnMultiScaleDeformableAttentionGrad);
    EXPECT(rc == 0, "%s grad: %s", what.c_str(), aclGetRecentErrMsg());
    if (rc != 0) return;
    // finite differences of sum(gout * out) in double on a sample of each input
    auto loss = [&](const std::vector<double> &v, const std::vector<double> &lc, const std::vector<double> &a) {
        std::vector<double> o = Forward(p, v, lc, a);
        double s = 0;
        for (size_t i = 0; i < o.size(); i++) s += o[i] * gout[i];
        return s;
    };
    std::vector<double> *vars[3] = {&value, &loc, &attn};
    DevTensor *outs[3] = {&tgv, &tgl, &tga};
    const char *names[3] = {"gradValue", "gradLocation", "gradAttnWeight"};
    for (int vi = 0; vi < 3; vi++) {
        std::vector<double> &v = *vars[vi], got = outs[vi]->Read(), a, ref;
        for (int k = 0; k < 150; k++) {
            size_t i = (size_t)(rng.uniform() * (double)v.size()) % v.size();
            const double keep = v[i], e = vi == 1 ? 1e-7 : 1e-4;
            v[i] = keep + e;
            double lp = loss(value, loc, attn);
            v[i] = keep - e;
            double lm = loss(value, loc, attn);
            v[i] = keep;
            ref.push_back((lp - lm) / (2 * e));
            a.push_back(got[i]);
        }
        const double gt = dt == ACL_BF16 ? 6e-2 : dt == ACL_FLOAT16 ? 1e-2 : 1e-4;
        CheckAccuracy((what + " " + names[vi]).c_str(), a, ref, gt, gt, low ? 2e-1 : 1e-3);
        EXPECT(outs[vi]->CountClobbered() == 0, "%s wrote outside %s's view", what.c_str(), names[vi]);
    }
}

static void Validation()
{
    const Prob p{1, 2, 8, 32, 2, {3, 4, 2, 2}};
    const int64_t K = p.K(), L = p.L();
    DevTensor v, s, s3, l, loc, a, o, o16, g, gv, gl, ga, v12, loc40, vbig, sbad;
    std::vector<double> hw = {3, 4, 2, 2}, st = {0, 12}, big = {3, 4, 9, 9};
    if (!v.Init(ACL_FLOAT, {p.B, K, p.NH, p.C}, std::vector<double>((size_t)(p.B * K * p.NH * p.C), 0.5), CONTIG) ||
        !s.Init(ACL_INT64, {L, 2}, hw, CONTIG) || !s3.Init(ACL_INT64, {L, 3}, {}, CONTIG) || !l.Init(ACL_INT64, {L}, st, CONTIG) ||
        !loc.Init(ACL_FLOAT, {p.B, p.Q, p.NH, L, p.P, 2}, std::vector<double>((size_t)(p.B * p.Q * p.NH * L * p.P * 2), 0.5), CONTIG) ||
        !a.Init(ACL_FLOAT, {p.B, p.Q, p.NH, L, p.P}, std::vector<double>((size_t)(p.B * p.Q * p.NH * L * p.P), 1.0), CONTIG) ||
        !o.Init(ACL_FLOAT, {p.B, p.Q, p.NH * p.C}, {}, CONTIG) || !o16.Init(ACL_FLOAT16, {p.B, p.Q, p.NH * p.C}, {}, CONTIG) ||
        !g.Init(ACL_FLOAT, {p.B, p.Q, p.NH * p.C}, {}, CONTIG) || !gv.Init(ACL_FLOAT, {p.B, K, p.NH, p.C}, {}, CONTIG) ||
        !gl.Init(ACL_FLOAT, {p.B, p.Q, p.NH, L, p.P, 2}, {}, CONTIG) || !ga.Init(ACL_FLOAT, {p.B, p.Q, p.NH, L, p.P}, {}, CONTIG) ||
        !v12.Init(ACL_FLOAT, {p.B, K, p.NH, 12}, {}, CONTIG) || !loc40.Init(ACL_FLOAT, {p.B, 16, p.NH, L, p.P, 2}, {}, CONTIG) ||
        !sbad.Init(ACL_INT64, {L, 2}, big, CONTIG)) { EXPECT(false, "set-up"); return; }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
#define FWD(vv, ss, ll, lc, aa, oo) aclnnMultiScaleDeformableAttnFunctionGetWorkspaceSize(vv, ss, ll, lc, aa, oo, &ws, &ex)
#define BWD(vv, ss, lc, gg, gvv) aclnnMultiScaleDeformableAttentionGradGetWorkspaceSize(vv, ss, l.t, lc, a.t, gg, gvv, gl.t, ga.t, &ws, &ex)
    ExpectError("null value", FWD(nullptr, s.t, l.t, loc.t, a.t, o.t), 161001, "value");
    ExpectError("null output", FWD(v.t, s.t, l.t, loc.t, a.t, nullptr), 161001, "output");
    ExpectError("output dtype", FWD(v.t, s.t, l.t, loc.t, a.t, o16.t), 161002, "output");
    ExpectError("spatialShape dtype", FWD(v.t, loc.t, l.t, loc.t, a.t, o.t), 161002, "spatialShape");
    ExpectError("value rank", FWD(o.t, s.t, l.t, loc.t, a.t, o.t), 161002, "value");
    ExpectError("spatialShape last dim", FWD(v.t, s3.t, l.t, loc.t, a.t, o.t), 161002, "spatialShape should be 2");
    ExpectError("numQueries", FWD(v.t, s.t, l.t, loc40.t, a.t, o.t), 161002, "numQueries");
    ExpectError("channels", FWD(v12.t, s.t, l.t, loc.t, a.t, o.t), 161002, "embedDims");
    ExpectError("grad null", BWD(v.t, s.t, loc.t, nullptr, gv.t), 161001, "gradOutput");
    ExpectError("grad constraints", BWD(v12.t, s.t, loc.t, g.t, gv.t), 161002, "constraints");
    ExpectError("grad gradValue shape", BWD(v.t, s.t, loc.t, g.t, ga.t), 161002, "gradValue");
    ExpectError("grad gradOutput dims", BWD(v.t, s.t, loc.t, v.t, gv.t), 161002, "gradOutput");
    // a level table whose samples land past value's keys: stage 1 cannot see device data; the launch fails
    uint64_t wsz = 0;
    int rc = FWD(v.t, sbad.t, l.t, loc.t, a.t, o.t);
    wsz = ws;
    EXPECT(rc == 0, "bad level table: stage 1 %d", rc);
    if (rc == 0) {
        void *w = nullptr;
        if (wsz) aclrtMalloc(&w, wsz, ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtStream stream = nullptr;
        aclrtCreateStream(&stream);
        int r2 = aclnnMultiScaleDeformableAttnFunction(w, wsz, ex, stream);
        int r3 = aclrtSynchronizeStream(stream);
        EXPECT(r2 != 0 || r3 != 0, "bad level table: the launch should fail (%d, %d)", r2, r3);
        aclrtDestroyStream(stream);
        if (w) aclrtFree(w);
    }
#undef FWD
#undef BWD
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    if (argc > 1 && std::string(argv[1]) == "310p") { // the forward without BF16; the grad is refused
        Case(rt, ACL_FLOAT16, {1, 2, 8, 32, 2, {3, 4, 2, 2}}, ACL_INT32, CONTIG, 11, false);
        DevTensor v, s, l, loc, a, o;
        if (!v.Init(ACL_BF16, {1, 16, 2, 8}, {}, CONTIG) || !s.Init(ACL_INT64, {2, 2}, {2, 4, 2, 4}, CONTIG) ||
            !l.Init(ACL_INT64, {2}, {0, 8}, CONTIG) || !loc.Init(ACL_BF16, {1, 32, 2, 2, 2, 2}, {}, CONTIG) ||
            !a.Init(ACL_BF16, {1, 32, 2, 2, 2}, {}, CONTIG) || !o.Init(ACL_BF16, {1, 32, 16}, {}, CONTIG)) return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        ExpectError("310P BF16", aclnnMultiScaleDeformableAttnFunctionGetWorkspaceSize(v.t, s.t, l.t, loc.t, a.t, o.t, &ws, &ex), 161002, "value");
    } else {
        Case(rt, ACL_FLOAT, {2, 2, 8, 32, 3, {4, 5, 2, 3, 1, 1}}, ACL_INT64, CONTIG, 1);
        Case(rt, ACL_FLOAT, {1, 3, 16, 40, 2, {6, 1, 3, 4}}, ACL_INT32, STRIDED, 2);
        Case(rt, ACL_FLOAT16, {1, 2, 8, 32, 2, {3, 4, 2, 2}}, ACL_INT64, CONTIG, 3);
        Case(rt, ACL_BF16, {1, 2, 8, 32, 2, {3, 4, 2, 2}}, ACL_INT64, CONTIG, 4);
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
