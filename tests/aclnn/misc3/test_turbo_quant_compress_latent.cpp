// aclnnTurboQuantCompressLatent (ops-nn experimental/quant/turbo_quant_compress_latent): each 320-byte
// slot checked against a double reference written here from the op's formulas (norm = sqrt(sum x^2 +
// 1e-16), code = number of centroid midpoints u = x / norm reaches, even dim in the low nibble, the
// norm as FLOAT16 after the 256 code bytes, zeros after); codes within 1e-5 of a midpoint are not
// asserted (counted); a strided latent; the generated checks and the tiling's refusals with codes
// and messages; 310P / 950: no kernel (361001).
#include <cmath>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_turbo_quant_compress_latent.h"

static aclrtStream g_stream = nullptr;

static const double kCent[16] = {-0.1209128, -0.0911112, -0.0711246, -0.0551360, -0.0413207, -0.0287497,
                                 -0.0170049, -0.0056868, 0.0054729,  0.0168041,  0.0285761,  0.0410862,
                                 0.0549298,  0.0710182,  0.0911537,  0.1203780};

static double HalfOf(unsigned lo, unsigned hi)
{
    unsigned char b[2] = {(unsigned char)lo, (unsigned char)hi};
    return Decode(ACL_FLOAT16, b);
}

static void Case(const char *name, int64_t T, Layout layout, uint64_t seed, double spread)
{
    const int64_t D = 512, S = 320;
    Lcg rng(seed);
    std::vector<double> x((size_t)(T * D)), c(kCent, kCent + 16);
    for (size_t i = 0; i < x.size(); i++) x[i] = (double)(float)((rng.uniform() * 2 - 1) * spread / std::sqrt(128.0));
    if (T > 2) for (int64_t d = 0; d < D; d++) x[(size_t)(2 * D + d)] = 0; // an all-zero token: norm 1e-8
    for (auto &v : c) v = (double)(float)v;
    DevTensor tl, tc, ts;
    if (!tl.Init(ACL_FLOAT, {T, D}, x, layout) || !tc.Init(ACL_FLOAT, {16}, c, layout) ||
        !ts.Init(ACL_UINT8, {T, S}, {}, CONTIG, 0xAB)) {
        EXPECT(false, "%s: tensors", name);
        return;
    }
    int r = Run("aclnnTurboQuantCompressLatent", g_stream,
                [&](uint64_t *ws, aclOpExecutor **ex) {
                    return aclnnTurboQuantCompressLatentGetWorkspaceSize(tl.t, tc.t, ts.t, ws, ex);
                },
                aclnnTurboQuantCompressLatent);
    EXPECT(r == 0, "%s: run %d", name, r);
    if (r) return;
    std::vector<double> o = ts.Read();
    int bad = 0, near = 0;
    for (int64_t t = 0; t < T; t++) {
        double ss = 0;
        for (int64_t d = 0; d < D; d++) ss += x[(size_t)(t * D + d)] * x[(size_t)(t * D + d)];
        double norm = std::sqrt(ss + 1e-16);
        const double *slot = &o[(size_t)(t * S)];
        for (int64_t d = 0; d < D; d++) {
            double u = x[(size_t)(t * D + d)] / norm;
            int code = 0;
            bool edge = false;
            for (int b = 0; b < 15; b++) {
                double m = (c[b] + c[b + 1]) / 2;
                code += u >= m;
                if (std::fabs(u - m) < 1e-5) edge = true;
            }
            int got = ((int)slot[d / 2] >> (d % 2 ? 4 : 0)) & 15;
            if (edge) { near++; continue; }
            if (got != code && bad++ < 5)
                EXPECT(false, "%s: token %lld dim %lld code %d, expected %d", name, (long long)t, (long long)d, got, code);
        }
        double h = HalfOf((unsigned)slot[256], (unsigned)slot[257]);
        double ulp = std::ldexp(1.0, std::max(-24, (int)std::floor(std::log2(norm)) - 10));
        if (std::fabs(h - norm) > 0.5 * ulp * 1.0001 && bad++ < 5)
            EXPECT(false, "%s: token %lld norm %g, expected %g", name, (long long)t, h, norm);
        for (int64_t j = 258; j < S; j++)
            if (slot[j] != 0 && bad++ < 5) EXPECT(false, "%s: token %lld byte %lld not zero", name, (long long)t, (long long)j);
    }
    EXPECT(near < T * D / 100 + 4, "%s: %d codes near a midpoint", name, near);
}

static void Validation()
{
    DevTensor l, c, s, l16, c16, s8, l3, l256, c15, s319, sT;
    if (!l.Init(ACL_FLOAT, {3, 512}, {}, CONTIG) || !c.Init(ACL_FLOAT, {16}, {}, CONTIG) ||
        !s.Init(ACL_UINT8, {3, 320}, {}, CONTIG) || !l16.Init(ACL_FLOAT16, {3, 512}, {}, CONTIG) ||
        !c16.Init(ACL_FLOAT16, {16}, {}, CONTIG) || !s8.Init(ACL_INT8, {3, 320}, {}, CONTIG) ||
        !l3.Init(ACL_FLOAT, {1, 3, 512}, {}, CONTIG) || !l256.Init(ACL_FLOAT, {3, 256}, {}, CONTIG) ||
        !c15.Init(ACL_FLOAT, {15}, {}, CONTIG) || !s319.Init(ACL_UINT8, {3, 319}, {}, CONTIG) ||
        !sT.Init(ACL_UINT8, {4, 320}, {}, CONTIG)) {
        EXPECT(false, "validation tensors");
        return;
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto S1 = [&](const aclTensor *a, const aclTensor *b, const aclTensor *o) {
        return aclnnTurboQuantCompressLatentGetWorkspaceSize(a, b, o, &ws, &ex);
    };
    ExpectError("null latent", S1(nullptr, c.t, s.t), 161001, "latent");
    ExpectError("null centroids", S1(l.t, nullptr, s.t), 161001, "centroids");
    ExpectError("null slot", S1(l.t, c.t, nullptr), 161001, "slot");
    ExpectError("latent fp16", S1(l16.t, c.t, s.t), 161002, "latent");
    ExpectError("centroids fp16", S1(l.t, c16.t, s.t), 161002, "centroids");
    ExpectError("slot int8", S1(l.t, c.t, s8.t), 161002, "slot");
    ExpectError("latent 3-D", S1(l3.t, c.t, s.t), 561002, "2-dimensional");
    ExpectError("headDim 256", S1(l256.t, c.t, s.t), 561002, "headDim only supports 512");
    ExpectError("15 centroids", S1(l.t, c15.t, s.t), 561002, "exactly 16");
    ExpectError("slot 319", S1(l.t, c.t, s319.t), 561002, "slot");
    ExpectError("slot tokens", S1(l.t, c.t, sT.t), 561002, "slot");
}

int main(int argc, char **argv)
{
    const char *chip = argc > 1 ? argv[1] : nullptr;
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (chip && (std::string(chip) == "310p" || std::string(chip) == "950")) {
        DevTensor l, c, s;
        if (!l.Init(ACL_FLOAT, {2, 512}, {}, CONTIG) || !c.Init(ACL_FLOAT, {16}, {}, CONTIG) ||
            !s.Init(ACL_UINT8, {2, 320}, {}, CONTIG))
            return 1;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int r = aclnnTurboQuantCompressLatentGetWorkspaceSize(l.t, c.t, s.t, &ws, &ex);
        EXPECT(r == 361001, "%s: returned %d, expected 361001 (%s)", chip, r, aclGetRecentErrMsg());
    } else {
        Case("8 tokens", 8, CONTIG, 1, 1.0);
        Case("wide values", 5, CONTIG, 2, 6.0);
        Case("strided", 7, STRIDED, 3, 1.0);
        Case("many tokens", 300, CONTIG, 4, 1.0);
        // no tokens: nothing to run
        DevTensor l, c, s;
        if (l.Init(ACL_FLOAT, {0, 512}, {}, CONTIG) && c.Init(ACL_FLOAT, {16}, std::vector<double>(kCent, kCent + 16), CONTIG) &&
            s.Init(ACL_UINT8, {0, 320}, {}, CONTIG)) {
            int r = Run("aclnnTurboQuantCompressLatent", g_stream,
                        [&](uint64_t *ws, aclOpExecutor **ex) { return aclnnTurboQuantCompressLatentGetWorkspaceSize(l.t, c.t, s.t, ws, ex); },
                        aclnnTurboQuantCompressLatent);
            EXPECT(r == 0, "no tokens: %d", r);
        }
        Validation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
