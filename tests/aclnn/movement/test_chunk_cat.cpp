// aclnnChunkCat against a reference written here (torch._chunk_cat semantics, exact: data
// movement plus a dtype conversion): each tensor cut along dim 0 into numChunks chunks of
// ceil(d0 / numChunks) rows, zero-padded, flattened, and chunk i of every tensor laid side by
// side in row i of out. Contiguous / strided / transposed inputs and outs, empty tensors in the
// list, rank 1..8 inputs, chunk counts above d0; every validation path with its code and message.
// argv[1] `310p` / `950`: the chip lists (310P has none: every dtype refused; 950 runs).
#include <string>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_chunk_cat.h"

static aclrtStream g_stream;
static const int kNull = ACLNN_ERR_PARAM_NULLPTR, kInvalid = ACLNN_ERR_PARAM_INVALID;

static std::vector<double> Values(aclDataType dt, size_t n, uint64_t seed)
{
    std::vector<double> v = QuantAll(dt, RandomValues(n, seed, 100));
    for (double &x : v)
        if (x == 0) x = 1; // padding must be told apart from data
    return v;
}

// out (numChunks x cols) of the inputs (logical row-major values), converted to `odt`
static std::vector<double> Reference(const std::vector<std::vector<int64_t>> &shapes, const std::vector<std::vector<double>> &vals,
                                     int64_t n, aclDataType odt, int64_t *cols)
{
    int64_t C = 0;
    for (auto &s : shapes) {
        int64_t numel = GetShapeSize(s);
        if (numel == 0) continue;
        C += (s[0] + n - 1) / n * (numel / s[0]);
    }
    *cols = C;
    std::vector<double> out((size_t)(n * C), 0.0);
    int64_t c0 = 0;
    for (size_t t = 0; t < shapes.size(); t++) {
        int64_t numel = GetShapeSize(shapes[t]);
        if (numel == 0) continue;
        int64_t d0 = shapes[t][0], inner = numel / d0, cs = (d0 + n - 1) / n;
        for (int64_t i = 0; i < n; i++)
            for (int64_t r = 0; r < cs; r++) {
                int64_t row = i * cs + r;
                for (int64_t f = 0; f < inner; f++)
                    out[(size_t)(i * C + c0 + r * inner + f)] = row < d0 ? Quant(odt, vals[t][(size_t)(row * inner + f)]) : 0.0;
            }
        c0 += cs * inner;
    }
    return out;
}

static bool RunCase(const std::string &what, const std::vector<std::vector<int64_t>> &shapes, int64_t n, aclDataType idt,
                    aclDataType odt, Layout in_lay, Layout out_lay, uint64_t seed)
{
    std::vector<std::vector<double>> vals;
    std::vector<DevTensor> ins(shapes.size());
    std::vector<aclTensor *> items;
    for (size_t i = 0; i < shapes.size(); i++) {
        vals.push_back(Values(idt, (size_t)GetShapeSize(shapes[i]), seed + i));
        Layout lay = (Layout)(((int)in_lay + (int)i) % 3 * (in_lay != CONTIG)); // mixed layouts in one list
        if (!ins[i].Init(idt, shapes[i], vals[i], lay)) return false;
        items.push_back(ins[i].Alias());
    }
    int64_t cols = 0;
    std::vector<double> g = Reference(shapes, vals, n, odt, &cols);
    DevTensor to;
    if (!to.Init(odt, {n, cols}, {}, out_lay)) return false;
    aclTensorList *list = aclCreateTensorList(items.data(), items.size());
    int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnChunkCatGetWorkspaceSize(list, 0, n, to.t, w, ex); }, aclnnChunkCat);
    aclDestroyTensorList(list);
    EXPECT(rc == 0, "%s: run failed", what.c_str());
    if (rc) return false;
    std::vector<double> got = to.Read();
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < g.size(); i++)
        if (!(got[i] == g[i]) && !bad++) first = i;
    EXPECT(bad == 0, "%s: %zu of %zu wrong (first at %zu: %g vs %g)", what.c_str(), bad, g.size(), first,
           bad ? got[first] : 0.0, bad ? g[first] : 0.0);
    EXPECT(to.CountClobbered() == 0, "%s: wrote outside the out view", what.c_str());
    return true;
}

static void TestValues()
{
    struct Case { std::vector<std::vector<int64_t>> shapes; int64_t n; };
    std::vector<Case> cs = {
        {{{2, 3}, {1, 3}}, 2},                      // the official example
        {{{5, 2, 3}, {7}, {0, 4}, {3, 2}}, 4},      // short / empty chunks, an empty tensor left out
        {{{1, 4}, {2, 2, 2}}, 3},                   // numChunks above d0: whole zero chunks
        {{{6, 5}}, 1},                              // one chunk: a flatten
        {{{6, 5}}, 6},
        {{{9, 1, 3}, {4, 3, 1, 2}, {1}}, 5},
        {{{2, 1, 2, 1, 2, 1, 2, 2}, {3, 2, 1, 1, 1, 1, 2, 2}}, 2}, // rank 8 (transposed: per-chunk copies)
    };
    struct Dt { aclDataType i, o; } dts[] = {{ACL_FLOAT, ACL_FLOAT}, {ACL_FLOAT16, ACL_FLOAT16}, {ACL_BF16, ACL_BF16},
                                             {ACL_FLOAT16, ACL_FLOAT}, {ACL_BF16, ACL_FLOAT}, {ACL_FLOAT16, ACL_BF16}};
    uint64_t seed = 1;
    for (size_t c = 0; c < cs.size(); c++)
        for (auto &d : dts)
            for (Layout il : {CONTIG, STRIDED, TRANSPOSED})
                for (Layout ol : {CONTIG, TRANSPOSED}) {
                    std::string what = "ChunkCat case " + std::to_string(c) + " " + DtName(d.i) + "->" + DtName(d.o) +
                                       " in " + std::to_string(il) + " out " + std::to_string(ol);
                    if (!RunCase(what, cs[c].shapes, cs[c].n, d.i, d.o, il, ol, seed)) return;
                    seed += 10;
                }
    // special values pass through unchanged (a copy): +-0, +-inf, nan
    DevTensor x, o;
    double inf = INFINITY;
    std::vector<double> v = {0.0, -0.0, inf, -inf, NAN, 1.5};
    if (!x.Init(ACL_FLOAT, {3, 2}, v, CONTIG) || !o.Init(ACL_FLOAT, {2, 4}, {}, CONTIG)) return;
    aclTensor *it = x.Alias();
    aclTensorList *list = aclCreateTensorList(&it, 1);
    int rc = Run("ChunkCat specials", g_stream, [&](uint64_t *w, aclOpExecutor **ex) { return aclnnChunkCatGetWorkspaceSize(list, 0, 2, o.t, w, ex); }, aclnnChunkCat);
    aclDestroyTensorList(list);
    EXPECT(rc == 0, "ChunkCat specials failed");
    if (!rc) {
        std::vector<double> g = o.Read();
        EXPECT(g[0] == 0 && !std::signbit(g[0]) && g[1] == 0 && std::signbit(g[1]) && g[2] == inf && g[3] == -inf,
               "ChunkCat specials: row 0 wrong");
        EXPECT(std::isnan(g[4]) && g[5] == 1.5 && g[6] == 0 && g[7] == 0, "ChunkCat specials: row 1 wrong");
    }
}

static void TestChecks()
{
    DevTensor a, b, i32, o, oh, oi, obad, s0, nz;
    if (!a.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !b.Init(ACL_FLOAT16, {1, 3}, {}, CONTIG) ||
        !i32.Init(ACL_INT32, {2, 3}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) ||
        !oh.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) || !oi.Init(ACL_INT32, {2, 3}, {}, CONTIG) ||
        !obad.Init(ACL_FLOAT, {3, 2}, {}, CONTIG) || !s0.Init(ACL_FLOAT, {}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto list_of = [](std::vector<const DevTensor *> ts) {
        std::vector<aclTensor *> it;
        for (auto *t : ts) it.push_back(t ? t->Alias() : nullptr);
        return aclCreateTensorList(it.data(), it.size());
    };
    aclTensorList *la = list_of({&a});
    // dim is checked first, before the null checks
    ExpectError("ChunkCat dim 1", aclnnChunkCatGetWorkspaceSize(la, 1, 2, o.t, &ws, &ex), kInvalid, "dim only support 0");
    ExpectError("ChunkCat dim -1 null tensors", aclnnChunkCatGetWorkspaceSize(nullptr, -1, 2, o.t, &ws, &ex), kInvalid, "dim only support 0");
    ExpectError("ChunkCat null tensors", aclnnChunkCatGetWorkspaceSize(nullptr, 0, 2, o.t, &ws, &ex), kNull, "tensors");
    ExpectError("ChunkCat null out", aclnnChunkCatGetWorkspaceSize(la, 0, 2, nullptr, &ws, &ex), kNull, "out");
    aclTensorList *empty = aclCreateTensorList(nullptr, 0);
    ws = 123;
    int rc = Run("ChunkCat empty list", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnChunkCatGetWorkspaceSize(empty, 0, 2, nullptr, w, e); }, aclnnChunkCat);
    EXPECT(rc == 0, "ChunkCat empty list (out unchecked) should succeed, got %d", rc);
    aclDestroyTensorList(empty);
    aclTensor *nullitem[2] = {a.Alias(), nullptr};
    aclTensorList *ln = aclCreateTensorList(nullitem, 2);
    ExpectError("ChunkCat null item", aclnnChunkCatGetWorkspaceSize(ln, 0, 2, o.t, &ws, &ex), kNull, "tensors[1]");
    aclDestroyTensorList(ln);
    aclTensorList *li = list_of({&i32});
    ExpectError("ChunkCat int32", aclnnChunkCatGetWorkspaceSize(li, 0, 2, o.t, &ws, &ex), kInvalid, "DT_INT32", "dtype support list");
    aclTensorList *lab = list_of({&a, &b});
    ExpectError("ChunkCat mixed dtypes", aclnnChunkCatGetWorkspaceSize(lab, 0, 2, o.t, &ws, &ex), kInvalid, "same dtype");
    ExpectError("ChunkCat out int32", aclnnChunkCatGetWorkspaceSize(la, 0, 2, oi.t, &ws, &ex), kInvalid, "DT_INT32");
    ExpectError("ChunkCat float to half", aclnnChunkCatGetWorkspaceSize(la, 0, 2, oh.t, &ws, &ex), kInvalid, "must be float");
    // a private format on an input
    int64_t shp[2] = {2, 3}, str[2] = {3, 1};
    void *dev = nullptr;
    aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST);
    aclTensor *tnz = aclCreateTensor(shp, 2, ACL_FLOAT, str, 0, ACL_FORMAT_FRACTAL_NZ, shp, 2, dev);
    aclTensorList *lnz = aclCreateTensorList(&tnz, 1);
    ExpectError("ChunkCat NZ input", aclnnChunkCatGetWorkspaceSize(lnz, 0, 2, o.t, &ws, &ex), kInvalid, "Format only support ND");
    aclDestroyTensorList(lnz);
    aclTensorList *l0 = list_of({&a, &s0});
    ExpectError("ChunkCat 0-d input", aclnnChunkCatGetWorkspaceSize(l0, 0, 2, o.t, &ws, &ex), kInvalid, "tensor 1 dimnum is 0");
    std::vector<int64_t> s9(9, 1);
    std::vector<int64_t> st9(9, 1);
    aclTensor *t9 = aclCreateTensor(s9.data(), 9, ACL_FLOAT, st9.data(), 0, ACL_FORMAT_ND, s9.data(), 9, dev);
    aclTensorList *l9 = aclCreateTensorList(&t9, 1);
    ExpectError("ChunkCat rank 9", aclnnChunkCatGetWorkspaceSize(l9, 0, 1, o.t, &ws, &ex), kInvalid);
    aclDestroyTensorList(l9);
    ExpectError("ChunkCat out shape", aclnnChunkCatGetWorkspaceSize(la, 0, 2, obad.t, &ws, &ex), kInvalid, "[2, 3]", "[3, 2]");
    ExpectError("ChunkCat numChunks 3 vs out", aclnnChunkCatGetWorkspaceSize(la, 0, 3, o.t, &ws, &ex), kInvalid, "[3, 3]");
    int got = (int)aclnnChunkCatGetWorkspaceSize(la, 0, 0, o.t, &ws, &ex);
    EXPECT(got == ACLNN_ERR_INNER_NULLPTR, "ChunkCat numChunks 0: returned %d, expected 561103", got);
    got = (int)aclnnChunkCatGetWorkspaceSize(la, 0, -2, o.t, &ws, &ex);
    EXPECT(got == ACLNN_ERR_INNER_NULLPTR, "ChunkCat numChunks -2: returned %d, expected 561103", got);
    // only empty tensors: nothing to write, success, out untouched
    DevTensor e1, e2, oe;
    if (!e1.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !e2.Init(ACL_FLOAT, {4, 0}, {}, CONTIG) || !oe.Init(ACL_FLOAT, {2, 2}, {}, CONTIG)) return;
    aclTensorList *le = list_of({&e1, &e2});
    rc = Run("ChunkCat all empty", g_stream, [&](uint64_t *w, aclOpExecutor **e) { return aclnnChunkCatGetWorkspaceSize(le, 0, 2, oe.t, w, e); }, aclnnChunkCat);
    EXPECT(rc == 0, "ChunkCat all empty: %d", rc);
    std::vector<double> r = oe.Read();
    EXPECT(r[0] == -777 && r[3] == -777, "ChunkCat all empty: out was written");
    aclDestroyTensorList(le);
    aclDestroyTensorList(la);
    aclDestroyTensorList(li);
    aclDestroyTensorList(lab);
    aclDestroyTensorList(l0);
    aclrtFree(dev);
}

static void TestNoKernelChip()
{
    DevTensor a, o, h, oh;
    if (!a.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !o.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !h.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) ||
        !oh.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG)) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    aclTensor *ia = a.Alias(), *ih = h.Alias();
    aclTensorList *la = aclCreateTensorList(&ia, 1), *lh = aclCreateTensorList(&ih, 1);
    ExpectError("ChunkCat float on 310P", aclnnChunkCatGetWorkspaceSize(la, 0, 2, o.t, &ws, &ex), kInvalid, "DT_FLOAT", "[]");
    ExpectError("ChunkCat half on 310P", aclnnChunkCatGetWorkspaceSize(lh, 0, 2, oh.t, &ws, &ex), kInvalid, "DT_FLOAT16");
    aclDestroyTensorList(la);
    aclDestroyTensorList(lh);
}

int main(int argc, char **argv)
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string mode = argc > 1 ? argv[1] : "";
    const char *soc = aclrtGetSocName();
    if (mode == "310p") {
        EXPECT(soc && std::string(soc).find("310P") != std::string::npos, "SoC %s is not a 310P", soc ? soc : "?");
        TestNoKernelChip();
    } else if (mode == "950") {
        EXPECT(soc && std::string(soc).find("950") != std::string::npos, "SoC %s is not a 950", soc ? soc : "?");
        RunCase("ChunkCat 950 bf16", {{5, 2, 3}, {3, 2}}, 3, ACL_BF16, ACL_FLOAT, STRIDED, CONTIG, 77);
        RunCase("ChunkCat 950 f32", {{2, 3}, {1, 3}}, 2, ACL_FLOAT, ACL_FLOAT, CONTIG, TRANSPOSED, 78);
    } else {
        TestValues();
        TestChecks();
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
