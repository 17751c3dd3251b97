// aclnnEmbeddingBag against a reference written here (torch embedding_bag forward in double):
// sum / mean / max, with and without includeLastOffset, perSampleWeights (sum), paddingIdx,
// empty bags, repeated rows, INT32 / INT64 / INT8 indices and offsets, FP32 / FP16 / BF16
// weights, strided and transposed views; offset2bag, bagSize and maxIndices (first row on
// ties); every validation path with code and message; out-of-range rows and bad offsets (the
// launch fails, nothing written). "950": bagSize of offsets' length, perSampleWeights in
// every mode; "310p": no BF16 weight.
#include <cmath>
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_embedding_bag.h"

static aclrtStream g_stream;
static std::string g_chip;
typedef std::vector<int64_t> Shape;

static void Exact(const std::string &what, const std::vector<double> &got, const std::vector<double> &want)
{
    size_t bad = got.size() != want.size(), first = 0;
    for (size_t i = 0; i < want.size() && i < got.size(); i++)
        if (!(got[i] == want[i])) { if (!bad) first = i; bad++; }
    EXPECT(bad == 0, "%s: %zu of %zu wrong (first at %zu: %g, expected %g)", what.c_str(), bad, want.size(), first,
           first < got.size() ? got[first] : 0.0, first < want.size() ? want[first] : 0.0);
}

struct Ref {
    std::vector<double> out, o2b, bag, maxi;
};

static Ref Compute(const std::vector<double> &w, int64_t rows, int64_t D, const std::vector<int64_t> &idx,
                   const std::vector<int64_t> &off, int mode, const std::vector<double> *psw, bool last, int64_t pad, int64_t nbag_out)
{
    (void)rows;
    int64_t nb = (int64_t)off.size() - (last ? 1 : 0);
    Ref r;
    r.out.assign((size_t)(nb * D), 0.0);
    r.o2b.assign(idx.size(), 0.0);
    r.bag.assign((size_t)nbag_out, 0.0);
    r.maxi.assign((size_t)(mode == 2 ? nb * D : nb), 0.0);
    for (int64_t b = 0; b < nb; b++) {
        int64_t s = off[(size_t)b], e = b + 1 < (int64_t)off.size() ? off[(size_t)b + 1] : (int64_t)idx.size();
        int64_t n = 0;
        for (int64_t i = s; i < e; i++) {
            r.o2b[(size_t)i] = (double)b;
            int64_t row = idx[(size_t)i];
            if (row == pad) continue;
            double sc = psw ? (*psw)[(size_t)i] : 1.0;
            for (int64_t d = 0; d < D; d++) {
                double v = w[(size_t)(row * D + d)] * sc;
                double &o = r.out[(size_t)(b * D + d)];
                if (mode != 2) o += v;
                else if (n == 0 || v > o) { o = v; r.maxi[(size_t)(b * D + d)] = (double)row; }
            }
            n++;
        }
        if (mode == 1 && n)
            for (int64_t d = 0; d < D; d++) r.out[(size_t)(b * D + d)] /= (double)n;
        r.bag[(size_t)b] = (double)n;
        if (mode != 2) r.maxi[(size_t)b] = (double)n;
    }
    return r;
}

static void TestValues()
{
    std::vector<aclDataType> wdts = {ACL_FLOAT, ACL_FLOAT16};
    if (g_chip != "310p") wdts.push_back(ACL_BF16);
    const int64_t rows = 10, D = 37;
    std::vector<int64_t> idx = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 0, 7, 7, 8};
    int c = 0;
    for (aclDataType wdt : wdts)
        for (int mode = 0; mode < 3; mode++)
            for (int last = 0; last < 2; last++)
                for (int variant = 0; variant < 2; variant++) {
                    // bags: [0,3) [3,3) empty [3,8) [8,15) (+ the end offset 15 with includeLastOffset)
                    std::vector<int64_t> off = {0, 3, 3, 8};
                    if (last) off.push_back(15);
                    bool use_psw = variant == 1 && (mode == 0 || g_chip == "950");
                    int64_t pad = variant == 1 ? 5 : -1;
                    int64_t nb = (int64_t)off.size() - last;
                    int64_t nbag_out = g_chip == "950" ? (int64_t)off.size() : nb;
                    std::vector<double> w = QuantAll(wdt, RandomValues((size_t)(rows * D), (uint64_t)c + 3, 2));
                    w[(size_t)(1 * D + 2)] = w[(size_t)(4 * D + 2)]; // a tie between rows 1 and 4 (same bag)
                    std::vector<double> psw = QuantAll(wdt, RandomValues(idx.size(), (uint64_t)c + 50, 1));
                    Ref want = Compute(w, rows, D, idx, off, mode, use_psw ? &psw : nullptr, last, pad, nbag_out);
                    for (double &x : want.out) x = Quant(wdt, x);
                    aclDataType idt = c % 3 == 0 ? ACL_INT64 : c % 3 == 1 ? ACL_INT32 : ACL_INT8;
                    aclDataType odt = idt == ACL_INT8 ? ACL_INT64 : (c % 2 ? ACL_INT32 : ACL_INT64);
                    DevTensor tw, ti, to, tp, tout, to2b, tbag, tmax;
                    std::vector<double> idxd(idx.begin(), idx.end()), offd(off.begin(), off.end());
                    Shape maxs = mode == 2 ? Shape{nb, D} : Shape{g_chip == "950" ? 0 : nb};
                    if (!tw.Init(wdt, {rows, D}, w, (Layout)(c % 3)) || !ti.Init(idt, {(int64_t)idx.size()}, idxd, (Layout)((c + 1) % 2)) ||
                        !to.Init(odt, {(int64_t)off.size()}, offd, CONTIG) || !tp.Init(wdt, {(int64_t)idx.size()}, psw, STRIDED) ||
                        !tout.Init(wdt, {nb, D}, {}, (Layout)((c + 2) % 3)) || !to2b.Init(odt, {(int64_t)idx.size()}, {}, CONTIG) ||
                        !tbag.Init(odt, {nbag_out}, {}, STRIDED) || !tmax.Init(odt, maxs, {}, CONTIG)) return;
                    std::string what = std::string("EmbeddingBag ") + DtName(wdt) + " mode " + std::to_string(mode) + " last " +
                                       std::to_string(last) + " variant " + std::to_string(variant);
                    int rc = Run(what.c_str(), g_stream, [&](uint64_t *ws, aclOpExecutor **e) {
                        return aclnnEmbeddingBagGetWorkspaceSize(tw.t, ti.t, to.t, false, mode, false, use_psw ? tp.t : nullptr, last != 0, pad,
                                                                 tout.t, to2b.t, tbag.t, tmax.t, ws, e); }, aclnnEmbeddingBag);
                    c++;
                    EXPECT(rc == 0, "%s: %d", what.c_str(), rc);
                    if (rc) continue;
                    CheckDtype(what.c_str(), wdt, tout.Read(), want.out);
                    if (mode == 2) Exact(what + " output (max is exact)", tout.Read(), want.out);
                    Exact(what + " offset2bag", to2b.Read(), want.o2b);
                    Exact(what + " bagSize", tbag.Read(), want.bag);
                    if (GetShapeSize(maxs)) Exact(what + " maxIndices", tmax.Read(), want.maxi);
                    EXPECT(tout.CountClobbered() == 0, "%s: wrote outside its view", what.c_str());
                }
}

static void TestValidation()
{
    DevTensor w, i, o, out, o2b, bag, mx, i16, o16, f, w3, outbad, d, pswbad, i8, o8, wi;
    if (!w.Init(ACL_FLOAT, {6, 4}, {}, CONTIG, 1) || !i.Init(ACL_INT64, {5}, {0, 1, 2, 3, 4}, CONTIG) || !o.Init(ACL_INT64, {2}, {0, 2}, CONTIG) ||
        !out.Init(ACL_FLOAT, {2, 4}, {}, CONTIG, 0) || !o2b.Init(ACL_INT64, {5}, {}, CONTIG) || !bag.Init(ACL_INT64, {2}, {}, CONTIG) ||
        !mx.Init(ACL_INT64, {2}, {}, CONTIG) || !i16.Init(ACL_INT16, {5}, {}, CONTIG) || !o16.Init(ACL_INT16, {2}, {}, CONTIG) ||
        !f.Init(ACL_FLOAT, {5}, {}, CONTIG) || !w3.Init(ACL_FLOAT, {6, 4, 1}, {}, CONTIG) || !outbad.Init(ACL_FLOAT, {3, 4}, {}, CONTIG) ||
        !d.Init(ACL_DOUBLE, {6, 4}, {}, CONTIG) || !pswbad.Init(ACL_FLOAT, {4}, {}, CONTIG) || !i8.Init(ACL_INT8, {5}, {}, CONTIG) ||
        !o8.Init(ACL_UINT8, {2}, {}, CONTIG) || !wi.Init(ACL_INT32, {2}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto call = [&](const aclTensor *wt, const aclTensor *it, const aclTensor *ot, int64_t mode, const aclTensor *p, bool last, aclTensor *outt,
                    aclTensor *o2bt, aclTensor *bagt, aclTensor *mxt) {
        return aclnnEmbeddingBagGetWorkspaceSize(wt, it, ot, false, mode, false, p, last, -1, outt, o2bt, bagt, mxt, &ws, &ex);
    };
    ExpectError("null weight", call(nullptr, i.t, o.t, 0, nullptr, false, out.t, o2b.t, bag.t, mx.t), 161001, "weight");
    ExpectError("null maxIndices", call(w.t, i.t, o.t, 0, nullptr, false, out.t, o2b.t, bag.t, nullptr), 161001, "maxIndices");
    ExpectError("weight dtype", call(d.t, i.t, o.t, 0, nullptr, false, out.t, o2b.t, bag.t, mx.t), 161002, "DT_DOUBLE");
    ExpectError("indices dtype", call(w.t, f.t, o.t, 0, nullptr, false, out.t, o2b.t, bag.t, mx.t), 161002, "DT_FLOAT");
    ExpectError("no 32/64-bit", call(w.t, i16.t, o16.t, 0, nullptr, false, out.t, o2b.t, bag.t, mx.t), 161002,
                "indices or offsets must has one dtype in [int32, int64]");
    ExpectError("psw dtype", call(w.t, i.t, o.t, 0, i.t, false, out.t, o2b.t, bag.t, mx.t), 161002, "perSampleWeights dtype DT_INT64 should be in same with weight dtype DT_FLOAT.");
    ExpectError("output dtype", call(w.t, i.t, o.t, 0, nullptr, false, wi.t, o2b.t, bag.t, mx.t), 161002, "output dtype DT_INT32");
    ExpectError("bagSize dtype", call(w.t, i.t, o.t, 0, nullptr, false, out.t, o2b.t, o8.t, mx.t), 161002, "DT_UINT8");
    ExpectError("weight rank", call(w3.t, i.t, o.t, 0, nullptr, false, out.t, o2b.t, bag.t, mx.t), 161002, "weight dim num 3");
    ExpectError("psw count", call(w.t, i.t, o.t, 0, pswbad.t, false, out.t, o2b.t, bag.t, mx.t), 161002, "perSampleWeights");
    ExpectError("output shape", call(w.t, i.t, o.t, 0, nullptr, false, outbad.t, o2b.t, bag.t, mx.t), 161002,
                "Expected tensor for output to have same size as [2, 4], but got [3, 4].");
    ExpectError("offset2bag size", call(w.t, i.t, o.t, 0, nullptr, false, out.t, bag.t, bag.t, mx.t), 161002, "offset2bag shape size should be 5,but got 2.");
    ExpectError("maxIndices max mode", call(w.t, i.t, o.t, 2, nullptr, false, out.t, o2b.t, bag.t, mx.t), 161002, "maxIndices");
    if (g_chip != "950") {
        ExpectError("psw mean", call(w.t, i.t, o.t, 1, f.t, false, out.t, o2b.t, bag.t, mx.t), 161002, "per_sample_weights only supported with mode='sum'");
        ExpectError("bagSize size", call(w.t, i.t, o.t, 0, nullptr, false, out.t, o2b.t, o2b.t, mx.t), 161002, "bagSize shape size should be 2");
        ExpectError("maxIndices size", call(w.t, i.t, o.t, 0, nullptr, false, out.t, o2b.t, bag.t, o2b.t), 161002, "maxIndices shape size should be 2");
    }
    // bad rows / offsets: the launch fails, output untouched
    DevTensor ibad, obad;
    if (!ibad.Init(ACL_INT64, {5}, {0, 1, 6, 3, 4}, CONTIG) || !obad.Init(ACL_INT64, {2}, {3, 2}, CONTIG)) return;
    struct Case { const char *name; const aclTensor *it, *ot; };
    for (Case cs : {Case{"row 6 of 6", ibad.t, o.t}, Case{"decreasing offsets", i.t, obad.t}}) {
        int rc = call(w.t, cs.it, cs.ot, 0, nullptr, false, out.t, o2b.t, bag.t, mx.t);
        EXPECT(rc == 0, "%s: stage 1 (%d)", cs.name, rc);
        if (rc) continue;
        int r2 = aclnnEmbeddingBag(nullptr, 0, ex, g_stream);
        int r3 = aclrtSynchronizeStream(g_stream);
        EXPECT(r2 != 0 || r3 != 0, "%s: the launch did not fail", cs.name);
    }
    Exact("output untouched", out.Read(), std::vector<double>(8, 0.0));
    // empty indices: nothing to run
    DevTensor ie, o2be;
    if (!ie.Init(ACL_INT64, {0}, {}, CONTIG) || !o2be.Init(ACL_INT64, {0}, {}, CONTIG)) return;
    int rc = Run("empty indices", g_stream, [&](uint64_t *w2, aclOpExecutor **e) {
        return aclnnEmbeddingBagGetWorkspaceSize(w.t, ie.t, o.t, false, 0, false, nullptr, false, -1, out.t, o2be.t, bag.t, mx.t, w2, e); }, aclnnEmbeddingBag);
    EXPECT(rc == 0, "empty indices: %d", rc);
}

int main(int argc, char **argv)
{
    g_chip = argc > 1 ? argv[1] : "";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    TestValues();
    TestValidation();
    if (g_chip == "310p") {
        DevTensor w, i, o, out, o2b, bag, mx;
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        if (!w.Init(ACL_BF16, {6, 4}, {}, CONTIG) || !i.Init(ACL_INT64, {5}, {}, CONTIG) || !o.Init(ACL_INT64, {2}, {}, CONTIG) ||
            !out.Init(ACL_BF16, {2, 4}, {}, CONTIG) || !o2b.Init(ACL_INT64, {5}, {}, CONTIG) || !bag.Init(ACL_INT64, {2}, {}, CONTIG) ||
            !mx.Init(ACL_INT64, {2}, {}, CONTIG)) return 1;
        ExpectError("310P bf16", aclnnEmbeddingBagGetWorkspaceSize(w.t, i.t, o.t, false, 0, false, nullptr, false, -1, out.t, o2b.t, bag.t, mx.t, &ws, &ex),
                    161002, "DT_BF16");
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
