// aclnnMaxPool3D (ops-nn experimental/pooling/max_pool3_d) against the naive window max of
// xpool_util.h: 5-D NDHWC (dataFormatOptional NULL or "NDHWC") or NCDHW x; ksize / strides /
// dilation of 1, 3 or 5 values; VALID (no padding, out (in - (k-1)d - 1 + s) / s), SAME (out
// ceil(in / s), need = (out-1)s + (k-1)d + 1 - in split need / 2 in front) and CALCULATED (pads
// [front, back, top, bottom, left, right], floor / ceil output, a last ceil window starting past
// in + front dropped); padding never wins (a window wholly in it gives -inf); NaN propagates.
// FLOAT / FLOAT16 / BF16, strided and transposed views; the validation paths with codes and
// messages. Argument "310p" / "950": no kernel (361001).
#include "xpool_util.h"
#include "aclnnop/aclnn_max_pool3_d.h"

static aclrtStream g_stream;

struct Case {
    const char *mode;
    const char *fmt;                   // nullptr: default NDHWC
    int64_t n, c, d, h, w;
    std::vector<int64_t> k, s, dil;    // as passed (1, 3 or 5 values; dil empty: nullptr)
    std::vector<int64_t> pads;         // CALCULATED (empty: nullptr)
    int64_t ceil;
};

static void Dhw(const std::vector<int64_t> &a, bool ndhwc, int64_t v[3])
{
    for (int i = 0; i < 3; i++)
        v[i] = a.size() == 1 ? a[0] : a.size() == 3 ? a[(size_t)i] : a[(size_t)(ndhwc ? 1 + i : 2 + i)];
}

static void TestValues()
{
    std::vector<Case> cases = {
        {"VALID", nullptr, 1, 2, 4, 4, 4, {2}, {2}, {}, {}, 0},
        {"VALID", "NDHWC", 2, 3, 5, 6, 7, {1, 2, 3, 2, 1}, {1, 1, 2, 3, 1}, {}, {}, 0},
        {"VALID", "NCDHW", 2, 3, 5, 6, 7, {1, 1, 2, 3, 2}, {1, 1, 1, 2, 3}, {1, 2, 1}, {}, 0},
        {"SAME", "NDHWC", 1, 4, 5, 7, 6, {3, 3, 3}, {2, 1, 2}, {}, {}, 1},   // ceilMode ignored
        {"SAME", "NCDHW", 2, 2, 6, 5, 4, {2, 3, 2}, {1, 2, 1}, {2, 2, 1}, {}, 0},
        {"SAME", "NCDHW", 1, 3, 3, 3, 3, {1}, {1}, {}, {}, 0},
        {"CALCULATED", "NCDHW", 2, 2, 5, 6, 7, {3, 2, 3}, {2, 2, 2}, {}, {1, 0, 0, 1, 1, 1}, 0},
        {"CALCULATED", "NDHWC", 1, 3, 5, 6, 7, {3, 2, 3}, {2, 2, 2}, {}, {1, 0, 0, 1, 1, 1}, 1},
        {"CALCULATED", "NCDHW", 1, 2, 4, 5, 6, {2}, {3}, {}, {}, 1},         // pads null, ceil
        {"CALCULATED", nullptr, 1, 2, 3, 4, 3, {2, 1, 2}, {1, 1, 1}, {2, 1, 1}, {0, 3, 0, 0, 2, 0}, 0}, // back pad windows
        {"CALCULATED", "NCDHW", 1, 1, 3, 3, 3, {1}, {1}, {}, {2, 2, 0, 0, 1, 1}, 0},  // wholly-padded windows
    };
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    int c = 0;
    for (aclDataType dt : dts)
        for (const Case &cs : cases) {
            bool ndhwc = !cs.fmt || std::string(cs.fmt) == "NDHWC";
            int mode = std::string(cs.mode) == "VALID" ? 2 : std::string(cs.mode) == "SAME" ? 1 : 0;
            Win w;
            int64_t in[3] = {cs.d, cs.h, cs.w}, pads[6] = {0, 0, 0, 0, 0, 0};
            for (size_t i = 0; i < cs.pads.size(); i++) pads[i] = cs.pads[i];
            Dhw(cs.k, ndhwc, w.k);
            Dhw(cs.s, ndhwc, w.s);
            if (cs.dil.empty()) w.dil[0] = w.dil[1] = w.dil[2] = 1; else Dhw(cs.dil, ndhwc, w.dil);
            for (int i = 0; i < 3; i++) {
                int64_t I = in[i], K = w.k[i], S = w.s[i], D = w.dil[i];
                w.in[i] = I;
                if (mode == 2) {
                    w.out[i] = (I - (K - 1) * D - 1 + S) / S, w.pad[i] = 0;
                } else if (mode == 1) {
                    w.out[i] = (I + S - 1) / S;
                    int64_t need = (w.out[i] - 1) * S + (K - 1) * D + 1 - I;
                    w.pad[i] = need > 0 ? need / 2 : 0;
                } else {
                    int64_t num = I + pads[2 * i] + pads[2 * i + 1] - D * (K - 1) - 1 + (cs.ceil ? S - 1 : 0);
                    int64_t o = (int64_t)std::floor((double)num / (double)S) + 1;
                    if (cs.ceil && (o - 1) * S >= I + pads[2 * i]) o--;
                    w.out[i] = o, w.pad[i] = pads[2 * i];
                }
            }
            int64_t sp = cs.d * cs.h * cs.w, osp = w.out[0] * w.out[1] * w.out[2];
            Shape xs = ndhwc ? Shape{cs.n, cs.d, cs.h, cs.w, cs.c} : Shape{cs.n, cs.c, cs.d, cs.h, cs.w};
            Shape ys = ndhwc ? Shape{cs.n, w.out[0], w.out[1], w.out[2], cs.c} : Shape{cs.n, cs.c, w.out[0], w.out[1], w.out[2]};
            std::vector<double> vals = PoolValues(dt, (size_t)GetShapeSize(xs), (uint64_t)c + 5, c % 2 == 0);
            if (dt == ACL_FLOAT && c % 4 == 1) vals[(size_t)(c * 13) % vals.size()] = NAN;
            std::vector<double> planes = ndhwc ? ChannelLastToFirst(vals, cs.n, sp, cs.c) : vals, want;
            std::vector<int64_t> idx;
            RefMax(planes, cs.n * cs.c, w, NAN_WINS, 0, want, idx);
            if (ndhwc) want = ChannelFirstToLast(want, cs.n, osp, cs.c);
            DevTensor x, y;
            if (!x.Init(dt, xs, vals, (Layout)(c % 3)) || !y.Init(dt, ys, {}, (Layout)((c + 2) % 3))) return;
            aclIntArray *k = aclCreateIntArray(cs.k.data(), cs.k.size()), *s = aclCreateIntArray(cs.s.data(), cs.s.size());
            aclIntArray *dil = cs.dil.empty() ? nullptr : aclCreateIntArray(cs.dil.data(), cs.dil.size());
            aclIntArray *pd = cs.pads.empty() ? nullptr : aclCreateIntArray(cs.pads.data(), cs.pads.size());
            std::string what = std::string("MaxPool3D ") + DtName(dt) + " " + cs.mode + " " + (cs.fmt ? cs.fmt : "(null)") +
                               " case " + std::to_string(c++);
            int rc = Run(what.c_str(), g_stream, [&](uint64_t *ws, aclOpExecutor **e) {
                return aclnnMaxPool3DGetWorkspaceSize(x.t, k, s, cs.mode, pd, dil, cs.ceil, cs.fmt, y.t, ws, e); },
                aclnnMaxPool3D);
            EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
            if (rc == 0) {
                ExpectExact(what, y.Read(), want);
                EXPECT(y.CountClobbered() == 0, "%s: wrote outside its view", what.c_str());
            }
            for (aclIntArray *a : {k, s, dil, pd}) if (a) aclDestroyIntArray(a);
        }
}

static void TestValidation()
{
    DevTensor x, y, f64, y16, e, x4, y4, yn, yc, yv, yl, ys, y5;
    // NCDHW x [1, 2, 4, 4, 4]: VALID k2 s2 -> [1, 2, 2, 2, 2]
    if (!x.Init(ACL_FLOAT, {1, 2, 4, 4, 4}, {}, CONTIG, 1) || !y.Init(ACL_FLOAT, {1, 2, 2, 2, 2}, {}, CONTIG) ||
        !f64.Init(ACL_DOUBLE, {1, 2, 4, 4, 4}, {}, CONTIG) || !y16.Init(ACL_FLOAT16, {1, 2, 2, 2, 2}, {}, CONTIG) ||
        !e.Init(ACL_FLOAT, {1, 0, 4, 4, 4}, {}, CONTIG) || !x4.Init(ACL_FLOAT, {2, 4, 4, 4}, {}, CONTIG) ||
        !y4.Init(ACL_FLOAT, {2, 2, 2, 2}, {}, CONTIG) || !yn.Init(ACL_FLOAT, {2, 2, 2, 2, 2}, {}, CONTIG) ||
        !yc.Init(ACL_FLOAT, {1, 3, 2, 2, 2}, {}, CONTIG) || !yv.Init(ACL_FLOAT, {1, 2, 2, 2, 3}, {}, CONTIG) ||
        !yl.Init(ACL_FLOAT, {1, 2, 3, 2, 2}, {}, CONTIG) || !ys.Init(ACL_FLOAT, {1, 2, 4, 4, 3}, {}, CONTIG) ||
        !y5.Init(ACL_FLOAT, {1, 2, 3, 3, 3}, {}, CONTIG))
        return;
    std::vector<int64_t> v2 = {2}, v22 = {2, 2}, k5n = {2, 1, 2, 2, 2}, k0 = {2, 0, 2}, s4 = {2, 2, 2, 2},
                         s5c = {1, 2, 2, 2, 2}, s0 = {0}, d2 = {1, 1}, d0 = {1, 0, 1}, p5 = {0, 0, 0, 0, 0},
                         pneg = {0, 0, -1, 0, 0, 0}, p6 = {1, 1, 1, 1, 1, 1};
    auto A = [](const std::vector<int64_t> &v) { return aclCreateIntArray(v.data(), v.size()); };
    aclIntArray *k = A(v2), *ks2 = A(v22), *kn = A(k5n), *kz = A(k0), *ss4 = A(s4), *sc = A(s5c), *sz = A(s0),
                *dd2 = A(d2), *dz = A(d0), *pp5 = A(p5), *pn = A(pneg), *pp6 = A(p6);
    const char *F = "NCDHW";
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
#define MP3(X, K, S, P, PADS, DIL, CM, FMT, Y) aclnnMaxPool3DGetWorkspaceSize(X, K, S, P, PADS, DIL, CM, FMT, Y, &ws, &ex)
    ExpectError("null x", MP3(nullptr, k, k, "VALID", nullptr, nullptr, 0, F, y.t), 161001, "x");
    ExpectError("null ksize", MP3(x.t, nullptr, k, "VALID", nullptr, nullptr, 0, F, y.t), 161001, "ksize");
    ExpectError("null strides", MP3(x.t, k, nullptr, "VALID", nullptr, nullptr, 0, F, y.t), 161001, "strides");
    ExpectError("null padding", MP3(x.t, k, k, nullptr, nullptr, nullptr, 0, F, y.t), 161001, "padding");
    ExpectError("null out", MP3(x.t, k, k, "VALID", nullptr, nullptr, 0, F, nullptr), 161001, "out");
    ExpectError("x dtype", MP3(f64.t, k, k, "VALID", nullptr, nullptr, 0, F, y.t), 161002, "DT_DOUBLE");
    ExpectError("out dtype", MP3(x.t, k, k, "VALID", nullptr, nullptr, 0, F, y16.t), 161002, "out");
    ExpectError("padding mode", MP3(x.t, k, k, "FULL", nullptr, nullptr, 0, F, y.t), 561002, "not support padmode FULL");
    ExpectError("data format", MP3(x.t, k, k, "VALID", nullptr, nullptr, 0, "NCHW", y.t), 561002, "not support format NCHW");
    ExpectError("4-D x", MP3(x4.t, k, k, "VALID", nullptr, nullptr, 0, F, y.t), 561002, "input shape dim = 4");
    ExpectError("4-D out", MP3(x.t, k, k, "VALID", nullptr, nullptr, 0, F, y4.t), 561002, "output shape dim = 4");
    ExpectError("dim n", MP3(x.t, k, k, "VALID", nullptr, nullptr, 0, F, yn.t), 561002, "dim-n");
    ExpectError("dim c", MP3(x.t, k, k, "VALID", nullptr, nullptr, 0, F, yc.t), 561002, "dim-c");
    ExpectError("ksize of 2", MP3(x.t, ks2, k, "VALID", nullptr, nullptr, 0, F, y.t), 561002, "kernel_size must have 1, 3, or 5");
    ExpectError("ksize n", MP3(x.t, kn, k, "VALID", nullptr, nullptr, 0, F, y.t), 561002, "ksize of the N and C dimensions");
    ExpectError("ksize 0", MP3(x.t, kz, k, "VALID", nullptr, nullptr, 0, F, y.t), 561002, "ksize of the D, H and W");
    ExpectError("strides of 4", MP3(x.t, k, ss4, "VALID", nullptr, nullptr, 0, F, y.t), 561002, "stride must have 1, 3, or 5");
    ExpectError("strides c", MP3(x.t, k, sc, "VALID", nullptr, nullptr, 0, F, y.t), 561002, "stride of the N and C dimensions");
    ExpectError("strides 0", MP3(x.t, k, sz, "VALID", nullptr, nullptr, 0, F, y.t), 561002, "stride of the D, H and W");
    ExpectError("dilation of 2", MP3(x.t, k, k, "VALID", nullptr, dd2, 0, F, y.t), 561002, "dilation must have 1, 3, or 5");
    ExpectError("dilation 0", MP3(x.t, k, k, "VALID", nullptr, dz, 0, F, y.t), 561002, "not support dilation shape [1, 0, 1]");
    ExpectError("pads of 5", MP3(x.t, k, k, "CALCULATED", pp5, nullptr, 0, F, y.t), 561002, "pad list must have 6");
    ExpectError("negative pad", MP3(x.t, k, k, "CALCULATED", pn, nullptr, 0, F, y.t), 561002, "not support pad shape");
    ExpectError("VALID out", MP3(x.t, k, k, "VALID", nullptr, nullptr, 0, F, yv.t), 561002, "when padmode is VALID");
    ExpectError("SAME out", MP3(x.t, k, k, "SAME", nullptr, nullptr, 0, F, ys.t), 561002, "when padmode is SAME");
    ExpectError("CALCULATED out", MP3(x.t, k, k, "CALCULATED", pp6, nullptr, 0, F, yl.t), 561002, "[3] [3] [3]");
    // pads and ceilMode do not matter for VALID: pads of 5 values pass
    int rc = Run("MaxPool3D VALID ignores pads", g_stream, [&](uint64_t *w_, aclOpExecutor **e_) {
        return aclnnMaxPool3DGetWorkspaceSize(x.t, k, k, "VALID", pp5, nullptr, 1, F, y.t, w_, e_); }, aclnnMaxPool3D);
    EXPECT(rc == 0, "VALID with 5 pads: %d", rc);
    rc = Run("MaxPool3D CALCULATED pads 1", g_stream, [&](uint64_t *w_, aclOpExecutor **e_) {
        return aclnnMaxPool3DGetWorkspaceSize(x.t, k, k, "CALCULATED", pp6, nullptr, 0, F, y5.t, w_, e_); }, aclnnMaxPool3D);
    EXPECT(rc == 0, "CALCULATED pads 1: %d", rc);
    rc = MP3(e.t, k, k, "VALID", nullptr, nullptr, 0, F, y.t);
    EXPECT(rc == 0 && ws == 0, "empty x: %d (workspace %llu)", rc, (unsigned long long)ws);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
    rc = MP3(e.t, k, k, "BOGUS", nullptr, nullptr, 0, "BOGUS", y4.t);
    EXPECT(rc == 0, "empty x skips the tiling's checks: %d", rc);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
#undef MP3
    for (aclIntArray *a : {k, ks2, kn, kz, ss4, sc, sz, dd2, dz, pp5, pn, pp6}) aclDestroyIntArray(a);
}

static void TestOtherChip()
{
    DevTensor x, y;
    if (!x.Init(ACL_FLOAT, {1, 4, 4, 4, 2}, {}, CONTIG) || !y.Init(ACL_FLOAT, {1, 2, 2, 2, 2}, {}, CONTIG)) return;
    std::vector<int64_t> v2 = {2};
    aclIntArray *k = aclCreateIntArray(v2.data(), 1);
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    int rc = aclnnMaxPool3DGetWorkspaceSize(x.t, k, k, "VALID", nullptr, nullptr, 0, nullptr, y.t, &ws, &ex);
    EXPECT(rc == 361001, "no kernel on this chip: returned %d, expected 361001", rc);
    aclDestroyIntArray(k);
}

int main(int argc, char **argv)
{
    std::string chip = argc > 1 ? argv[1] : "";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (chip == "310p" || chip == "950") {
        TestOtherChip();
    } else {
        TestValues();
        TestValidation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
