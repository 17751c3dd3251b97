// Modulate (+Backward) and ScaledMaskedSoftmax (+Backward) against references written here in
// double: [B, L, D] with [B, D] and [B, 1, D] scale / shift, 4-D softmax inputs with masks
// broadcast over B and C, FP32 / FP16 / BF16, strided / transposed views; the backwards also by
// central finite differences of the forward ops (FP32); validation paths with codes and messages.
// With "310p" (310P topology): Modulate refuses every dtype there; ScaledMaskedSoftmax runs.
#include <cmath>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_modulate.h"
#include "aclnnop/aclnn_modulate_backward.h"
#include "aclnnop/aclnn_scaled_masked_softmax.h"
#include "aclnnop/aclnn_scaled_masked_softmax_backward.h"

static aclrtStream g_stream;
static bool g_310p = false;
typedef std::vector<int64_t> Shape;

static void Close(const std::string &what, const std::vector<double> &got, const std::vector<double> &want, double tol)
{
    size_t bad = got.size() != want.size(), first = 0;
    for (size_t i = 0; i < want.size() && i < got.size(); i++)
        if (!(std::fabs(got[i] - want[i]) <= tol * (1 + std::fabs(want[i])))) { if (!bad) first = i; bad++; }
    EXPECT(bad == 0, "%s: %zu of %zu wrong (first at %zu: %.9g, expected %.9g)", what.c_str(), bad, want.size(), first,
           first < got.size() ? got[first] : 0.0, first < want.size() ? want[first] : 0.0);
}
static double Tol(aclDataType dt) { return dt == ACL_FLOAT ? 2e-6 : dt == ACL_FLOAT16 ? 1.0 / 1024 : 1.0 / 128; }

static void TestModulate(const std::vector<aclDataType> &dts)
{
    const int64_t B = 3, L = 5, D = 7;
    uint64_t seed = 1;
    for (aclDataType dt : dts)
        for (int three = 0; three < 2; three++) {
            std::vector<double> x = QuantAll(dt, RandomValues(B * L * D, seed++, 2)), sc = QuantAll(dt, RandomValues(B * D, seed++, 1)),
                                sh = QuantAll(dt, RandomValues(B * D, seed++, 1)), want(x.size());
            for (int64_t b = 0; b < B; b++)
                for (int64_t l = 0; l < L; l++)
                    for (int64_t d = 0; d < D; d++)
                        want[(size_t)((b * L + l) * D + d)] = Quant(dt, x[(size_t)((b * L + l) * D + d)] * (1 + sc[(size_t)(b * D + d)]) + sh[(size_t)(b * D + d)]);
            Shape ps = three ? Shape{B, 1, D} : Shape{B, D};
            DevTensor tx, ts, tt, to;
            if (!tx.Init(dt, {B, L, D}, x, TRANSPOSED) || !ts.Init(dt, ps, sc, STRIDED) || !tt.Init(dt, ps, sh, CONTIG) ||
                !to.Init(dt, {B, L, D}, {}, STRIDED)) return;
            std::string what = std::string("Modulate ") + DtName(dt) + (three ? " [B,1,D]" : " [B,D]");
            int rc = Run("Modulate", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnModulateGetWorkspaceSize(tx.t, ts.t, tt.t, to.t, w, e); }, aclnnModulate);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (!rc) { Close(what, to.Read(), want, Tol(dt)); EXPECT(to.CountClobbered() == 0, "%s: clobbered", what.c_str()); }
            if (three) continue;
            // backward as documented: gi = g * scale, gs = sum_l g * x, gt = sum_l g
            std::vector<double> g = QuantAll(dt, RandomValues(B * L * D, seed++, 1)), gi(x.size()), gs(B * D, 0), gt(B * D, 0);
            for (int64_t b = 0; b < B; b++)
                for (int64_t d = 0; d < D; d++)
                    for (int64_t l = 0; l < L; l++) {
                        size_t i = (size_t)((b * L + l) * D + d), j = (size_t)(b * D + d);
                        gi[i] = Quant(dt, g[i] * sc[j]);
                        gs[j] += g[i] * x[i];
                        gt[j] += g[i];
                    }
            DevTensor tg, tgi, tgs, tgt;
            if (!tg.Init(dt, {B, L, D}, g, STRIDED) || !tgi.Init(dt, {B, L, D}, {}, TRANSPOSED) || !tgs.Init(dt, {B, D}, {}, CONTIG) ||
                !tgt.Init(dt, {B, D}, {}, STRIDED)) return;
            rc = Run("ModulateBackward", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                return aclnnModulateBackwardGetWorkspaceSize(tg.t, tx.t, ts.t, tt.t, tgi.t, tgs.t, tgt.t, w, e); }, aclnnModulateBackward);
            EXPECT(rc == 0, "ModulateBackward %s: run failed", DtName(dt));
            if (rc) continue;
            std::vector<double> ggs = tgs.Read(), ggt = tgt.Read(), ggi = tgi.Read();
            Close(std::string("ModulateBackward grad_input ") + DtName(dt), ggi, gi, Tol(dt));
            Close(std::string("ModulateBackward grad_scale ") + DtName(dt), ggs, QuantAll(dt, gs), Tol(dt));
            Close(std::string("ModulateBackward grad_shift ") + DtName(dt), ggt, QuantAll(dt, gt), Tol(dt));
            if (dt != ACL_FLOAT) continue;
            // finite differences: the documented gradients are those of sum(g * (x * scale + shift)),
            // i.e. of Modulate(x, scale - 1, shift)
            std::vector<double> scm1(sc.size());
            for (size_t j = 0; j < sc.size(); j++) scm1[j] = sc[j] - 1;
            auto loss = [&](const std::vector<double> &xv, const std::vector<double> &sv, const std::vector<double> &tv) {
                DevTensor a, s2, t2, o2;
                if (!a.Init(ACL_FLOAT, {B, L, D}, xv, CONTIG) || !s2.Init(ACL_FLOAT, {B, D}, sv, CONTIG) || !t2.Init(ACL_FLOAT, {B, D}, tv, CONTIG) ||
                    !o2.Init(ACL_FLOAT, {B, L, D}, {}, CONTIG)) return 0.0;
                Run("Modulate", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnModulateGetWorkspaceSize(a.t, s2.t, t2.t, o2.t, w, e); }, aclnnModulate);
                std::vector<double> o = o2.Read();
                double L2 = 0;
                for (size_t i = 0; i < o.size(); i++) L2 += g[i] * o[i];
                return L2;
            };
            const double h = 0.125;
            for (size_t k : {(size_t)0, (size_t)40, x.size() - 1}) {
                std::vector<double> xp = x, xm = x;
                xp[k] += h, xm[k] -= h;
                double fd = (loss(xp, scm1, sh) - loss(xm, scm1, sh)) / (2 * h);
                EXPECT(std::fabs(fd - ggi[k]) <= 1e-4 * (1 + std::fabs(fd)), "ModulateBackward FD grad_input at %zu: %.9g vs %.9g", k, fd, ggi[k]);
            }
            for (size_t j : {(size_t)0, (size_t)11, sc.size() - 1}) {
                std::vector<double> sp = scm1, sm = scm1, tp = sh, tm = sh;
                sp[j] += h, sm[j] -= h, tp[j] += h, tm[j] -= h;
                double fds = (loss(x, sp, sh) - loss(x, sm, sh)) / (2 * h), fdt = (loss(x, scm1, tp) - loss(x, scm1, tm)) / (2 * h);
                EXPECT(std::fabs(fds - ggs[j]) <= 1e-4 * (1 + std::fabs(fds)), "ModulateBackward FD grad_scale at %zu: %.9g vs %.9g", j, fds, ggs[j]);
                EXPECT(std::fabs(fdt - ggt[j]) <= 1e-4 * (1 + std::fabs(fdt)), "ModulateBackward FD grad_shift at %zu: %.9g vs %.9g", j, fdt, ggt[j]);
            }
        }
}

static std::vector<double> RefSms(const std::vector<double> &x, const std::vector<double> &m, const Shape &xs, const Shape &ms, double scale)
{
    int64_t B = xs[0], C = xs[1], S = xs[2], D = xs[3];
    std::vector<double> y(x.size());
    for (int64_t r = 0; r < B * C * S; r++) {
        int64_t s = r % S, c = r / S % C, b = r / S / C;
        int64_t mr = ((b % ms[0]) * ms[1] + c % ms[1]) * S + s;
        std::vector<double> v((size_t)D);
        double mx = -INFINITY, sum = 0;
        for (int64_t i = 0; i < D; i++) { v[(size_t)i] = m[(size_t)(mr * D + i)] ? -10000.0 : x[(size_t)(r * D + i)] * scale; mx = std::max(mx, v[(size_t)i]); }
        for (int64_t i = 0; i < D; i++) sum += std::exp(v[(size_t)i] - mx);
        for (int64_t i = 0; i < D; i++) y[(size_t)(r * D + i)] = std::exp(v[(size_t)i] - mx) / sum;
    }
    return y;
}

static int RunSms(DevTensor &x, DevTensor &m, double scale, DevTensor &y)
{
    return Run("ScaledMaskedSoftmax", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
        return aclnnScaledMaskedSoftmaxGetWorkspaceSize(x.t, m.t, scale, false, y.t, w, e); }, aclnnScaledMaskedSoftmax);
}

static void TestSms(const std::vector<aclDataType> &dts)
{
    Shape xs = {2, 3, 4, 9};
    std::vector<Shape> masks = {{2, 3, 4, 9}, {1, 3, 4, 9}, {2, 1, 4, 9}, {1, 1, 4, 9}};
    uint64_t seed = 50;
    for (aclDataType dt : dts)
        for (size_t mi = 0; mi < masks.size(); mi++) {
            const Shape &ms = masks[mi];
            double scale = mi % 2 ? 0.5 : 1.75;
            std::vector<double> x = QuantAll(dt, RandomValues((size_t)GetShapeSize(xs), seed++, 3)), m((size_t)GetShapeSize(ms));
            Lcg rng(seed++);
            for (double &v : m) v = rng.uniform() < 0.3;
            std::vector<double> y = RefSms(x, m, xs, ms, scale);
            DevTensor tx, tm, ty;
            if (!tx.Init(dt, xs, x, mi % 2 ? TRANSPOSED : CONTIG) || !tm.Init(ACL_BOOL, ms, m, mi % 2 ? CONTIG : STRIDED) ||
                !ty.Init(dt, xs, {}, STRIDED)) return;
            std::string what = std::string("ScaledMaskedSoftmax ") + DtName(dt) + " mask " + std::to_string(mi);
            int rc = RunSms(tx, tm, scale, ty);
            EXPECT(rc == 0, "%s: run failed", what.c_str());
            if (rc) continue;
            std::vector<double> gy = ty.Read();
            Close(what, gy, y, Tol(dt));
            // backward from the device's y: scale * y * (g - sum(g * y)), 0 where masked
            std::vector<double> g = QuantAll(dt, RandomValues(x.size(), seed++, 1)), want(x.size());
            int64_t D = xs[3];
            for (size_t r = 0; r < x.size() / (size_t)D; r++) {
                int64_t s = (int64_t)r % xs[2], c = (int64_t)r / xs[2] % xs[1], b = (int64_t)r / xs[2] / xs[1];
                int64_t mr = ((b % ms[0]) * ms[1] + c % ms[1]) * xs[2] + s;
                double dot = 0;
                for (int64_t i = 0; i < D; i++) dot += g[r * D + (size_t)i] * gy[r * D + (size_t)i];
                for (int64_t i = 0; i < D; i++) {
                    size_t k = r * D + (size_t)i;
                    want[k] = m[(size_t)(mr * D + i)] ? 0.0 : Quant(dt, scale * gy[k] * (g[k] - dot));
                }
            }
            DevTensor tg, tyy, to;
            if (!tg.Init(dt, xs, g, STRIDED) || !tyy.Init(dt, xs, gy, TRANSPOSED) || !to.Init(dt, xs, {}, CONTIG)) return;
            rc = Run("ScaledMaskedSoftmaxBackward", g_stream, [&](uint64_t *w, aclOpExecutor **e) {
                return aclnnScaledMaskedSoftmaxBackwardGetWorkspaceSize(tg.t, tyy.t, tm.t, scale, false, to.t, w, e); }, aclnnScaledMaskedSoftmaxBackward);
            EXPECT(rc == 0, "%s backward: run failed", what.c_str());
            if (rc) continue;
            std::vector<double> gx = to.Read();
            Close(what + " backward", gx, want, Tol(dt) * 4);
            if (dt != ACL_FLOAT || mi != 1) continue;
            // finite differences of L = sum(g * ScaledMaskedSoftmax(x)) at unmasked positions
            for (size_t k : {(size_t)0, (size_t)50, x.size() - 3}) {
                const double h = 1e-3;
                double L[2];
                for (int sg = 0; sg < 2; sg++) {
                    std::vector<double> xp = x;
                    xp[k] += sg ? -h : h;
                    DevTensor a, o;
                    if (!a.Init(ACL_FLOAT, xs, xp, CONTIG) || !o.Init(ACL_FLOAT, xs, {}, CONTIG)) return;
                    RunSms(a, tm, scale, o);
                    std::vector<double> yo = o.Read();
                    L[sg] = 0;
                    for (size_t i = 0; i < yo.size(); i++) L[sg] += g[i] * yo[i];
                }
                double fd = (L[0] - L[1]) / (2 * h);
                EXPECT(std::fabs(fd - gx[k]) <= 2e-3 * (1 + std::fabs(fd)), "ScaledMaskedSoftmaxBackward FD at %zu: %.9g vs %.9g", k, fd, gx[k]);
            }
        }
}

static void TestValidation()
{
    DevTensor x, s, t, o, s3, x2, xi;
    if (!x.Init(ACL_FLOAT, {2, 3, 4}, {}, CONTIG) || !s.Init(ACL_FLOAT, {2, 4}, {}, CONTIG) || !t.Init(ACL_FLOAT, {2, 4}, {}, CONTIG) ||
        !o.Init(ACL_FLOAT, {2, 3, 4}, {}, CONTIG) || !s3.Init(ACL_FLOAT, {2, 2, 4}, {}, CONTIG) || !x2.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) ||
        !xi.Init(ACL_INT32, {2, 3, 4}, {}, CONTIG)) return;
    uint64_t ws;
    aclOpExecutor *ex;
    ExpectError("Modulate null self", aclnnModulateGetWorkspaceSize(nullptr, s.t, t.t, o.t, &ws, &ex), 161001, "self");
    if (g_310p) {
        ExpectError("Modulate on 310P", aclnnModulateGetWorkspaceSize(x.t, s.t, t.t, o.t, &ws, &ex), 161002, "DT_FLOAT");
    } else {
        ExpectError("Modulate int32", aclnnModulateGetWorkspaceSize(xi.t, s.t, t.t, o.t, &ws, &ex), 161002, "DT_INT32");
        ExpectError("Modulate null scale", aclnnModulateGetWorkspaceSize(x.t, nullptr, t.t, o.t, &ws, &ex), 161002, "can not be nullptr");
        ExpectError("Modulate rank", aclnnModulateGetWorkspaceSize(x2.t, s.t, t.t, x2.t, &ws, &ex), 161002, "The dimension of self must be 3, but got 2");
        ExpectError("Modulate [B,2,D]", aclnnModulateGetWorkspaceSize(x.t, s3.t, t.t, o.t, &ws, &ex), 161002, "the second dimension must be 1");
        ExpectError("ModulateBackward null grad_input", aclnnModulateBackwardGetWorkspaceSize(o.t, x.t, s.t, t.t, nullptr, s.t, t.t, &ws, &ex), 161001, "grad_input");
        ExpectError("ModulateBackward 3-D scale", aclnnModulateBackwardGetWorkspaceSize(o.t, x.t, s3.t, t.t, o.t, s.t, t.t, &ws, &ex), 161002, "scale dim is not equal 2");
    }
    DevTensor sx, sm, sy, smi, sbig, smb;
    if (!sx.Init(ACL_FLOAT, {2, 3, 4, 5}, {}, CONTIG) || !sm.Init(ACL_BOOL, {1, 3, 4, 5}, {}, CONTIG) || !sy.Init(ACL_FLOAT, {2, 3, 4, 5}, {}, CONTIG) ||
        !smi.Init(ACL_INT8, {1, 3, 4, 5}, {}, CONTIG) || !sbig.Init(ACL_FLOAT, {1, 1, 1, 4097}, {}, CONTIG) || !smb.Init(ACL_BOOL, {1, 3, 4, 4}, {}, CONTIG)) return;
    // the real CheckParams returns ACLNN_ERR_INNER_NULLPTR for a null tensor here
    ExpectError("SMS null mask", aclnnScaledMaskedSoftmaxGetWorkspaceSize(sx.t, nullptr, 1.0, false, sy.t, &ws, &ex), 561103, "mask");
    ExpectError("SMS int8 mask", aclnnScaledMaskedSoftmaxGetWorkspaceSize(sx.t, smi.t, 1.0, false, sy.t, &ws, &ex), 161002, "DT_INT8");
    ExpectError("SMS mask dims", aclnnScaledMaskedSoftmaxGetWorkspaceSize(sx.t, smb.t, 1.0, false, sy.t, &ws, &ex), 161002, "same in dim3 and dim4");
    ExpectError("SMS fixedTriuMask", aclnnScaledMaskedSoftmaxGetWorkspaceSize(sx.t, sm.t, 1.0, true, sy.t, &ws, &ex), 161002, "fixedTriuMask only suppport false");
    DevTensor bm;
    if (!bm.Init(ACL_BOOL, {1, 1, 1, 4097}, {}, CONTIG)) return;
    ExpectError("SMS D 4097", aclnnScaledMaskedSoftmaxGetWorkspaceSize(sbig.t, bm.t, 1.0, false, sbig.t, &ws, &ex), 161002, "(0, 4096]");
    ExpectError("SMS bwd null y", aclnnScaledMaskedSoftmaxBackwardGetWorkspaceSize(sx.t, nullptr, sm.t, 1.0, false, sy.t, &ws, &ex), 161001, "y");
    ExpectError("SMS bwd mask shape", aclnnScaledMaskedSoftmaxBackwardGetWorkspaceSize(sx.t, sy.t, smb.t, 1.0, false, sy.t, &ws, &ex), 161002, "shape of mask is not true");
    ExpectError("SMS bwd fixTriuMask", aclnnScaledMaskedSoftmaxBackwardGetWorkspaceSize(sx.t, sy.t, sm.t, 1.0, true, sy.t, &ws, &ex), 161002, "fixTriuMask only support false");
}

int main(int argc, char **argv)
{
    g_310p = argc > 1 && std::string(argv[1]) == "310p";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (!g_310p) TestModulate({ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
    TestSms(g_310p ? std::vector<aclDataType>{ACL_FLOAT, ACL_FLOAT16} : std::vector<aclDataType>{ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
    TestValidation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
