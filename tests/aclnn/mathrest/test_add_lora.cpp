// aclnnAddLora (ops-math) against a reference written here: out = y, and for each token b with
// 0 <= i = indices[b] < W the H2 columns from yOffset become
//   fp16(y + fp16(fp16(z1 . weightB[i, layer, j, :]) * fp16(scale))),
//   z1[r] = fp16(x[b] . weightA[i, layer, r, :])   (x[b, r] without weightA),
// i.e. the FLOAT16 steps of the real kernels (Cube results leave as FLOAT16, the Vector unit
// scales and adds in FLOAT16); a negative index leaves the row alone. Strided and transposed
// views, out aliasing y, many tokens over several blocks, weights too large for the kernel's
// FLOAT32 staging; the validation paths with codes and
// messages. argv[1] "950" / "910_93": no kernel there (361001).
#include <string>

#include "mr_test.h"
#include "aclnnop/aclnn_add_lora.h"

static aclrtStream g_stream;
typedef std::vector<int64_t> Shape;

static double H(double v) { return Quant(ACL_FLOAT16, v); }

struct LoraCase {
    int64_t B, H1, H2, H3, R, W, L, layer, yoff, slice;
    bool has_a, alias;
    double scale;
    std::vector<double> idx;
};

// `slack` gets, per element, what one FLOAT16 rounding step of z1 or z2 taken the other way
// (the device's FLOAT32 sums round differently from these double ones near a tie) can move it.
static std::vector<double> Reference(const LoraCase &c, const std::vector<double> &y, const std::vector<double> &x,
                                     const std::vector<double> &wa, const std::vector<double> &wb,
                                     std::vector<double> &slack)
{
    std::vector<double> out = y, z1((size_t)c.R);
    slack.assign(y.size(), 0.0);
    const double s = H(c.scale);
    for (int64_t b = 0; b < c.B; b++) {
        int64_t i = (int64_t)c.idx[(size_t)b];
        if (i < 0 || i >= c.W) continue;
        for (int64_t r = 0; r < c.R; r++) {
            if (!c.has_a) { z1[(size_t)r] = x[(size_t)(b * c.H1 + r)]; continue; }
            double acc = 0;
            for (int64_t h = 0; h < c.H1; h++)
                acc += x[(size_t)(b * c.H1 + h)] * wa[(size_t)((((i * c.L) + c.layer) * c.R + r) * c.H1 + h)];
            z1[(size_t)r] = H(acc);
        }
        for (int64_t j = 0; j < c.H2; j++) {
            double acc = 0, mag = 0;
            for (int64_t r = 0; r < c.R; r++) {
                double w = wb[(size_t)((((i * c.L) + c.layer) * c.H2 + j) * c.R + r)];
                acc += z1[(size_t)r] * w;
                mag += std::fabs(z1[(size_t)r] * w);
            }
            size_t o = (size_t)(b * c.H3 + c.yoff + j);
            out[o] = H(y[o] + H(H(acc) * s));
            slack[o] = 2e-3 * (c.has_a ? mag : std::fabs(acc)) * std::fabs(s);
        }
    }
    return out;
}

static void TestValues()
{
    std::vector<LoraCase> cases = {
        {7, 32, 32, 64, 16, 3, 2, 1, 16, -1, true, false, 0.5, {0, 2, -1, 1, 2, 0, -1}},
        {5, 16, 48, 48, 16, 2, 1, 0, 0, 32, false, false, 0.25, {1, 0, 1, -1, 0}},         // no weightA, slice < H2
        {4, 48, 16, 32, 16, 2, 3, 2, 16, 16, false, false, 2.0, {0, 1, 1, 0}},              // no weightA, x wider than R
        {6, 32, 32, 32, 32, 4, 1, 0, 0, -1, true, true, 1e-3, {3, 3, 0, -1, 1, 2}},          // out aliases y, default scale
        {40, 64, 64, 96, 16, 4, 2, 0, 32, -1, true, false, 0.125, {}},                        // several blocks
        {3, 8192, 8192, 8192, 128, 1, 1, 0, 0, -1, true, false, 0.0625, {0, -1, 0}},          // weights too big to stage
    };
    for (int k = 0; k < 40; k++) cases[4].idx.push_back((double)((k * 7) % 5) - 1); // -1 .. 3
    int n = 0;
    for (const LoraCase &c : cases) {
        std::string what = "AddLora case " + std::to_string(n);
        Shape ys = {c.B, c.H3}, xs = {c.B, c.H1}, was = {c.W, c.L, c.R, c.H1}, wbs = {c.W, c.L, c.H2, c.R};
        std::vector<double> y = QuantAll(ACL_FLOAT16, RandomValues((size_t)GetShapeSize(ys), 11 + n, 2.0));
        std::vector<double> x = QuantAll(ACL_FLOAT16, RandomValues((size_t)GetShapeSize(xs), 21 + n));
        std::vector<double> wa = QuantAll(ACL_FLOAT16, RandomValues((size_t)GetShapeSize(was), 31 + n, 0.5));
        std::vector<double> wb = QuantAll(ACL_FLOAT16, RandomValues((size_t)GetShapeSize(wbs), 41 + n, 0.5));
        std::vector<double> slack, want = Reference(c, y, x, wa, wb, slack);
        DevTensor ty, tx, ta, tb, ti, to;
        if (!ty.Init(ACL_FLOAT16, ys, y, c.alias ? CONTIG : (Layout)(n % 2)) || !tx.Init(ACL_FLOAT16, xs, x, (Layout)((n + 1) % 3)) ||
            !tb.Init(ACL_FLOAT16, wbs, wb, (Layout)(n % 3)) || !ti.Init(ACL_INT32, {c.B}, c.idx, (Layout)(n % 2)) ||
            (c.has_a && !ta.Init(ACL_FLOAT16, was, wa, (Layout)((n + 2) % 3))) ||
            (!c.alias && !to.Init(ACL_FLOAT16, ys, {}, (Layout)((n + 1) % 2), 5.0))) {
            EXPECT(false, "%s: tensor set-up failed", what.c_str());
            return;
        }
        const aclTensor *out = c.alias ? ty.t : to.t;
        int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **e) {
            return aclnnAddLoraGetWorkspaceSize(ty.t, tx.t, tb.t, ti.t, c.has_a ? ta.t : nullptr, c.layer, c.scale, c.yoff,
                                                c.slice, out, w, e);
        }, aclnnAddLora);
        EXPECT(rc == 0, "%s: returned %d", what.c_str(), rc);
        std::vector<double> got = c.alias ? ty.Read() : to.Read();
        size_t bad = 0, first = 0;
        for (size_t i = 0; i < want.size(); i++) {
            double tol = 2e-3 * (std::fabs(want[i]) + 1.0) + slack[i];
            if (!(std::fabs(got[i] - want[i]) <= tol)) { if (!bad) first = i; bad++; }
        }
        EXPECT(bad == 0, "%s: %zu of %zu wrong (first at %zu: %g, expected %g)", what.c_str(), bad, want.size(), first,
               bad ? got[first] : 0.0, bad ? want[first] : 0.0);
        if (!c.alias) {
            EXPECT(ty.Read() == y, "%s: y was modified", what.c_str());
            EXPECT(to.CountClobbered(5.0) == 0, "%s: out written outside its view", what.c_str());
        }
        n++;
    }
}

struct Bad {
    const char *what;
    int code;
    const char *needle;
    Shape ys, xs, wbs, is, was, os;
    aclDataType ydt, xdt, idt, adt;
    int64_t layer, yoff, slice;
    bool null_y;
};

static void TestValidation()
{
    const aclDataType F = ACL_FLOAT16, I = ACL_INT32;
    Shape y0 = {4, 64}, x0 = {4, 32}, b0 = {2, 2, 32, 16}, i0 = {4}, a0 = {2, 2, 16, 32};
    std::vector<Bad> bad = {
        {"null y", 161001, "y", y0, x0, b0, i0, a0, y0, F, F, I, F, 0, 0, -1, true},
        {"x FLOAT", 161002, "x", y0, x0, b0, i0, a0, y0, F, ACL_FLOAT, I, F, 0, 0, -1, false},
        {"indices INT64", 161002, "indices", y0, x0, b0, i0, a0, y0, F, F, ACL_INT64, F, 0, 0, -1, false},
        {"weightA BF16", 161002, "weightAOptional", y0, x0, b0, i0, a0, y0, F, F, I, ACL_BF16, 0, 0, -1, false},
        {"y 3-D", 561002, "tensor y dim number must be 2", {4, 64, 1}, x0, b0, i0, a0, {4, 64, 1}, F, F, I, F, 0, 0, -1, false},
        {"x rows", 561002, "y dim 0 must be same with tensor x dim 0", y0, {5, 32}, b0, i0, a0, y0, F, F, I, F, 0, 0, -1, false},
        {"weightB 3-D", 561002, "weightB dim number must be 4", y0, x0, {2, 32, 16}, i0, a0, y0, F, F, I, F, 0, 0, -1, false},
        {"H2 > H3", 561002, "must less than or equal tensor y dim 1", {4, 16}, x0, b0, i0, a0, {4, 16}, F, F, I, F, 0, 0, -1, false},
        {"indices 2-D", 561002, "indices dim number must be 1", y0, x0, b0, {4, 1}, a0, y0, F, F, I, F, 0, 0, -1, false},
        {"indices length", 561002, "must same with tensor y and x dim 0", y0, x0, b0, {3}, a0, y0, F, F, I, F, 0, 0, -1, false},
        {"weightA W", 561002, "weightA dim 0 or dim 1", y0, x0, b0, i0, {3, 2, 16, 32}, y0, F, F, I, F, 0, 0, -1, false},
        {"weightA R", 561002, "weightA dim 2 must same with tensor weightB dim 3", y0, x0, b0, i0, {2, 2, 32, 32}, y0, F, F, I, F, 0, 0, -1, false},
        {"weightA H1", 561002, "weightA dim 3 must same with tensor x dim 1", y0, x0, b0, i0, {2, 2, 16, 48}, y0, F, F, I, F, 0, 0, -1, false},
        {"layerIdx = L", 561002, "layerIdx must less than", y0, x0, b0, i0, a0, y0, F, F, I, F, 2, 0, -1, false},
        {"layerIdx -1", 561002, "current is 4294967295", y0, x0, b0, i0, a0, y0, F, F, I, F, -1, 0, -1, false},
        {"yOffset -1", 561002, "yOffset must be non-negative", y0, x0, b0, i0, a0, y0, F, F, I, F, 0, -1, -1, false},
        {"yOffset >= H3", 561002, "yOffset must less than y dim 1", y0, x0, b0, i0, a0, y0, F, F, I, F, 0, 64, -1, false},
        {"ySliceSize -2", 561002, "ySliceSize must be non-negative or -1", y0, x0, b0, i0, a0, y0, F, F, I, F, 0, 0, -2, false},
        {"ySliceSize > H2", 561002, "must not exceed weightB dim 2 (H2)", y0, x0, b0, i0, a0, y0, F, F, I, F, 0, 0, 48, false},
        {"yOffset + H2", 561002, "yOffset + H2 must not exceed y dim 1", y0, x0, b0, i0, a0, y0, F, F, I, F, 0, 48, -1, false},
        {"R 144", 561002, "rank size R exceeds limit 128", y0, x0, {2, 2, 32, 144}, i0, {2, 2, 144, 32}, y0, F, F, I, F, 0, 0, -1, false},
        {"R 8", 561002, "R should be align to 16", y0, x0, {2, 2, 32, 8}, i0, {2, 2, 8, 32}, y0, F, F, I, F, 0, 0, -1, false},
        {"W 33", 561002, "wBatch exceeds limit 32", y0, x0, {33, 2, 32, 16}, i0, {33, 2, 16, 32}, y0, F, F, I, F, 0, 0, -1, false},
        {"L 33", 561002, "layer num exceeds limit 32", y0, x0, {2, 33, 32, 16}, i0, {2, 33, 16, 32}, y0, F, F, I, F, 0, 0, -1, false},
        {"H1 24", 561002, "H1 should be align to 16", y0, {4, 24}, b0, i0, {2, 2, 16, 24}, y0, F, F, I, F, 0, 0, -1, false},
        {"H3 72", 561002, "H3 should be align to 16", {4, 72}, x0, b0, i0, a0, {4, 72}, F, F, I, F, 0, 0, -1, false},
        {"out shape", 561002, "out shape", y0, x0, b0, i0, a0, {4, 32}, F, F, I, F, 0, 0, -1, false},
        {"x narrower than R", 561002, "without weightA", y0, {4, 16}, {2, 2, 32, 32}, i0, {}, y0, F, F, I, F, 0, 0, -1, false},
    };
    for (const Bad &b : bad) {
        DevTensor ty, tx, tb, ti, ta, to;
        if (!ty.Init(b.ydt, b.ys, {}, CONTIG) || !tx.Init(b.xdt, b.xs, {}, CONTIG) || !tb.Init(F, b.wbs, {}, CONTIG) ||
            !ti.Init(b.idt, b.is, {}, CONTIG) || (!b.was.empty() && !ta.Init(b.adt, b.was, {}, CONTIG)) ||
            !to.Init(F, b.os, {}, CONTIG)) {
            EXPECT(false, "%s: set-up failed", b.what);
            continue;
        }
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int rc = aclnnAddLoraGetWorkspaceSize(b.null_y ? nullptr : ty.t, tx.t, tb.t, ti.t, b.was.empty() ? nullptr : ta.t,
                                              b.layer, 1.0, b.yoff, b.slice, to.t, &ws, &ex);
        ExpectError(b.what, rc, b.code, b.needle);
    }
}

int main(int argc, char **argv)
{
    std::string chip = argc > 1 ? argv[1] : "";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    if (chip == "950" || chip == "910_93") {
        DevTensor y, x, b, i;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        if (!y.Init(ACL_FLOAT16, {2, 32}, {}, CONTIG) || !x.Init(ACL_FLOAT16, {2, 16}, {}, CONTIG) ||
            !b.Init(ACL_FLOAT16, {1, 1, 32, 16}, {}, CONTIG) || !i.Init(ACL_INT32, {2}, {0, 0}, CONTIG)) return 1;
        int rc = aclnnAddLoraGetWorkspaceSize(y.t, x.t, b.t, i.t, nullptr, 0, 1.0, 0, -1, y.t, &ws, &ex);
        EXPECT(rc == 361001, "%s: returned %d, expected 361001", chip.c_str(), rc);
    } else {
        TestValues();
        TestValidation();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
