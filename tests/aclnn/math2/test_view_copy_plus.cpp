// aclnnViewCopy (experimental/conversion) and aclnnAddMatMatElementsPlus (experimental/math)
// against references written here: ViewCopy's view write as a plain loop over the view (and
// hand-derived last writes for self-overlapping target views), AddMatMatElementsPlus as
// c * beta + alpha * a * b in double rounded to the dtype. Validation codes and messages; the
// chips each runs on (ViewCopy A2 only; AddMatMatElementsPlus A2 / A3 / 950).
#include "aclnnop/aclnn_add_mat_mat_elements_plus.h"
#include "aclnnop/aclnn_view_copy.h"
#include "../mathrest/mr_test.h"

static aclrtStream g_stream;

struct Meta {
    DevTensor size, stride, off;
    bool Init(aclDataType dt, const std::vector<int64_t> &sz, const std::vector<int64_t> &st, int64_t o)
    {
        std::vector<double> a(sz.begin(), sz.end()), b(st.begin(), st.end());
        return size.Init(dt, {(int64_t)sz.size()}, a, CONTIG) && stride.Init(dt, {(int64_t)st.size()}, b, CONTIG) &&
               off.Init(dt, {1}, {(double)o}, CONTIG);
    }
};

static std::vector<double> Values(aclDataType dt, size_t n, uint64_t seed)
{
    std::vector<double> v = RandomValues(n, seed, 4.0);
    for (double &x : v) {
        if (dt == ACL_BOOL) x = x > 0;
        else if (!IsFloatType(dt)) x = std::trunc(x * 10);
        if (dt == ACL_UINT8 || dt == ACL_UINT16 || dt == ACL_UINT32) x = std::fabs(x);
        x = Quant(dt, x);
    }
    if (IsFloatType(dt) && n > 3) { v[0] = NAN; v[1] = INFINITY; v[2] = -INFINITY; }
    return v;
}

// Reference: out = dst; for every view position (row-major over size) out[doff + sum c*dst] =
// src[soff + sum c*sst], skipping positions outside either storage. Only used for views whose
// targets are distinct, so the order of writes does not matter.
static std::vector<double> RefViewCopy(const std::vector<double> &dst, const std::vector<double> &src,
                                       const std::vector<int64_t> &size, const std::vector<int64_t> &dst_st,
                                       int64_t doff, const std::vector<int64_t> &src_st, int64_t soff)
{
    std::vector<double> out = dst;
    int64_t n = GetShapeSize(size);
    for (int64_t i = 0; i < n; i++) {
        int64_t r = i, d = doff, s = soff;
        for (int64_t k = (int64_t)size.size() - 1; k >= 0; k--) {
            int64_t c = r % size[k];
            r /= size[k];
            d += c * dst_st[k];
            s += c * src_st[k];
        }
        if (d >= 0 && d < (int64_t)out.size() && s >= 0 && s < (int64_t)src.size()) out[d] = src[s];
    }
    return out;
}

static int RunViewCopy(const char *what, DevTensor &dst, Meta &dm, DevTensor &src, Meta &sm, DevTensor &out)
{
    return Run(what, g_stream, [&](uint64_t *w, aclOpExecutor **ex) {
        return aclnnViewCopyGetWorkspaceSize(dst.t, dm.size.t, dm.stride.t, dm.off.t, src.t, sm.size.t, sm.stride.t, sm.off.t, out.t, w, ex);
    }, aclnnViewCopy);
}

struct VcCase {
    std::vector<int64_t> dshape, sshape, size, dst_st, src_st;
    int64_t doff, soff;
};

static void TestViewCopyValues()
{
    const std::vector<VcCase> cases = {
        {{24}, {24}, {24}, {1}, {1}, 0, 0},                                 // plain copy
        {{4, 6}, {3, 4}, {3, 2}, {6, 1}, {1, 3}, 1, 0},                     // transposed source into a window
        {{5, 7}, {40}, {2, 3, 2}, {14, 2, 1}, {20, 6, 2}, 3, 1},            // rank-3 strided both sides
        {{3, 4, 2}, {3, 2, 4}, {3, 4, 2}, {8, 2, 1}, {8, 1, 4}, 0, 0},      // 3-d transpose of the last two dims
        {{2, 3, 4, 5}, {2, 3, 4, 5}, {2, 3, 4, 5}, {60, 20, 5, 1}, {60, 20, 5, 1}, 0, 0}, // contiguous rank 4
        {{10}, {10}, {4}, {3}, {2}, 2, 1},                                   // partly outside dst (2, 5, 8, 11)
        {{12}, {6}, {4}, {2}, {2}, 0, 1},                                    // partly outside src (1, 3, 5, 7)
        {{3000}, {4000}, {50, 30}, {60, 2}, {1, 50}, 0, 5},                 // large enough for every block
        {{2, 1, 2, 1, 2, 1, 2, 2}, {64}, {2, 1, 2, 1, 2, 1, 2, 2}, {32, 32, 16, 16, 8, 8, 4, 1}, {1, 1, 2, 2, 4, 4, 8, 16}, 0, 0}, // rank 8
    };
    uint64_t seed = 11;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_UINT16, ACL_INT32,
                           ACL_UINT32, ACL_BOOL, ACL_INT64})
        for (aclDataType mdt : {ACL_INT32, ACL_INT64})
            for (size_t ci = 0; ci < cases.size(); ci++)
                for (int inplace = 0; inplace < 2; inplace++) {
                    const VcCase &c = cases[ci];
                    std::vector<double> dv = Values(dt, (size_t)GetShapeSize(c.dshape), seed++);
                    std::vector<double> sv = Values(dt, (size_t)GetShapeSize(c.sshape), seed++);
                    DevTensor dst, src, out;
                    Meta dm, sm;
                    if (!dst.Init(dt, c.dshape, dv, CONTIG) || !src.Init(dt, c.sshape, sv, CONTIG) ||
                        !out.Init(dt, c.dshape, {}, CONTIG) || !dm.Init(mdt, c.size, c.dst_st, c.doff) ||
                        !sm.Init(mdt, c.size, c.src_st, c.soff))
                        return;
                    std::string what = std::string("ViewCopy ") + DtName(dt) + (mdt == ACL_INT32 ? " meta i32" : " meta i64") +
                                       " case " + std::to_string(ci) + (inplace ? " in place" : "");
                    int rc = RunViewCopy(what.c_str(), dst, dm, src, sm, inplace ? dst : out);
                    EXPECT(rc == 0, "%s: run failed", what.c_str());
                    if (rc) continue;
                    std::vector<double> want = RefViewCopy(dv, sv, c.size, c.dst_st, c.doff, c.src_st, c.soff);
                    EXPECT(CountBad(what.c_str(), (inplace ? dst : out).Read(), want, 0) == 0, "%s: wrong values", what.c_str());
                    if (!inplace) EXPECT(CountBad(what.c_str(), dst.Read(), dv, 0) == 0, "%s: dst changed", what.c_str());
                    EXPECT(CountBad(what.c_str(), src.Read(), sv, 0) == 0, "%s: src changed", what.c_str());
                }
}

// Self-overlapping targets: the last write of TensorIterator's order wins (dims sorted by
// target stride, ties by size, then by source stride; the last dim of the sort varies fastest).
static void TestViewCopyOverlap()
{
    struct Ov { std::vector<int64_t> size, dst_st, src_st; std::vector<double> want; };
    // dst [5] = 100..104, src [6] = 0..5
    const std::vector<Ov> cases = {
        // size [2,3], dst strides [1,1]: equal strides, dim 0 (smaller size) varies fastest;
        // target p keeps the largest (j, i) with i + j = p: src 3i + j -> 0, 1, 2, 5
        {{2, 3}, {1, 1}, {3, 1}, {0, 1, 2, 5, 104}},
        // size [2,2], dst [1,1], src [2,1]: tie on size, smaller source stride (dim 1) fastest;
        // p1 keeps (i=1, j=0) -> src 2, p2 (1,1) -> 3
        {{2, 2}, {1, 1}, {2, 1}, {0, 2, 3, 103, 104}},
        // size [3], dst stride... rank 2 [3,2], dst [1,2]: dim 0 (stride 1) fastest, outer dim 1;
        // targets i + 2j: p2 from (i=0, j=1) after (i=2, j=0); src i*1 + j*3 -> p0 0, p1 1, p2 3, p3 4, p4 5
        {{3, 2}, {1, 2}, {1, 3}, {0, 1, 3, 4, 5}},
    };
    for (size_t ci = 0; ci < cases.size(); ci++) {
        const Ov &c = cases[ci];
        DevTensor dst, src, out;
        Meta dm, sm;
        if (!dst.Init(ACL_INT32, {5}, {100, 101, 102, 103, 104}, CONTIG) || !src.Init(ACL_INT32, {6}, {0, 1, 2, 3, 4, 5}, CONTIG) ||
            !out.Init(ACL_INT32, {5}, {}, CONTIG) || !dm.Init(ACL_INT64, c.size, c.dst_st, 0) || !sm.Init(ACL_INT64, c.size, c.src_st, 0))
            return;
        std::string what = "ViewCopy overlap case " + std::to_string(ci);
        int rc = RunViewCopy(what.c_str(), dst, dm, src, sm, out);
        EXPECT(rc == 0, "%s: run failed", what.c_str());
        if (!rc) EXPECT(CountBad(what.c_str(), out.Read(), c.want, 0) == 0, "%s: wrong last writes", what.c_str());
    }
    // metadata the kernel refuses (a stride 0) write nothing: dst_out = dst; src_size is not read
    DevTensor dst, src, out;
    Meta dm, sm, sm2;
    if (!dst.Init(ACL_FLOAT, {4}, {1, 2, 3, 4}, CONTIG) || !src.Init(ACL_FLOAT, {4}, {9, 8, 7, 6}, CONTIG) ||
        !out.Init(ACL_FLOAT, {4}, {}, CONTIG) || !dm.Init(ACL_INT32, {2}, {0}, 0) || !sm.Init(ACL_INT32, {2}, {1}, 0) ||
        !sm2.Init(ACL_INT32, {3}, {1}, 0))
        return;
    int rc = RunViewCopy("ViewCopy stride 0", dst, dm, src, sm, out);
    EXPECT(rc == 0 && CountBad("ViewCopy stride 0", out.Read(), {1, 2, 3, 4}, 0) == 0, "ViewCopy stride 0: dst_out should equal dst");
    Meta dm2;
    if (!dm2.Init(ACL_INT32, {2}, {1}, 1)) return;
    rc = RunViewCopy("ViewCopy src_size ignored", dst, dm2, src, sm2, out);
    EXPECT(rc == 0 && CountBad("ViewCopy src_size ignored", out.Read(), {1, 9, 8, 4}, 0) == 0, "ViewCopy: dst_size decides the view");
}

static void TestViewCopyErrors(bool onA2)
{
    DevTensor f, f2, h, i8, d, e, z, big;
    Meta m32, m64, mbad;
    DevTensor m0, m9, m2, mdbl, s0;
    if (!f.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !f2.Init(ACL_FLOAT, {3, 2}, {}, CONTIG) || !h.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) ||
        !d.Init(ACL_DOUBLE, {2, 3}, {}, CONTIG) || !e.Init(ACL_FLOAT, {0, 3}, {}, CONTIG) || !z.Init(ACL_FLOAT, {}, {1}, CONTIG) ||
        !m32.Init(ACL_INT32, {2, 3}, {3, 1}, 0) || !m64.Init(ACL_INT64, {2, 3}, {3, 1}, 0) ||
        !m0.Init(ACL_INT32, {0}, {}, CONTIG) || !m9.Init(ACL_INT32, {9}, {}, CONTIG) || !m2.Init(ACL_INT32, {2}, {}, CONTIG) ||
        !mdbl.Init(ACL_FLOAT, {2}, {}, CONTIG) || !s0.Init(ACL_INT32, {}, {0}, CONTIG) || !i8.Init(ACL_INT8, {2, 3}, {}, CONTIG) ||
        !big.Init(ACL_FLOAT, {2, 1, 1, 1, 1, 1, 1, 1, 3}, {}, CONTIG))
        return;
    uint64_t ws;
    aclOpExecutor *ex;
    auto call = [&](const aclTensor *dst, const aclTensor *ds, const aclTensor *dst_st, const aclTensor *doff, const aclTensor *src,
                    const aclTensor *ss, const aclTensor *sst, const aclTensor *soff, const aclTensor *out) {
        return aclnnViewCopyGetWorkspaceSize(dst, ds, dst_st, doff, src, ss, sst, soff, out, &ws, &ex);
    };
    const aclTensor *S = m32.size.t, *T = m32.stride.t, *O = m32.off.t;
    ExpectError("ViewCopy null dst", call(nullptr, S, T, O, f.t, S, T, O, f.t), ACLNN_ERR_PARAM_NULLPTR, "dst");
    ExpectError("ViewCopy null src_stride", call(f.t, S, T, O, f.t, S, nullptr, O, f.t), ACLNN_ERR_PARAM_NULLPTR, "src_stride");
    ExpectError("ViewCopy null dst_out", call(f.t, S, T, O, f.t, S, T, O, nullptr), ACLNN_ERR_PARAM_NULLPTR, "dst_out");
    ExpectError("ViewCopy null workspaceSize", aclnnViewCopyGetWorkspaceSize(f.t, S, T, O, f.t, S, T, O, f.t, nullptr, &ex), ACLNN_ERR_PARAM_NULLPTR);
    ExpectError("ViewCopy double dst", call(d.t, S, T, O, d.t, S, T, O, d.t), ACLNN_ERR_PARAM_INVALID, "DT_DOUBLE");
    ExpectError("ViewCopy dtype mismatch", call(f.t, S, T, O, h.t, S, T, O, f.t), ACLNN_ERR_PARAM_INVALID, "same dtype");
    ExpectError("ViewCopy float metadata", call(f.t, S, T, O, f.t, mdbl.t, T, O, f.t), ACLNN_ERR_PARAM_INVALID, "src_size");
    ExpectError("ViewCopy mixed metadata", call(f.t, S, T, O, f.t, m64.size.t, T, O, f.t), ACLNN_ERR_PARAM_INVALID, "same dtype");
    ExpectError("ViewCopy out shape", call(f.t, S, T, O, f.t, S, T, O, f2.t), ACLNN_ERR_PARAM_INVALID, "same shape");
    ExpectError("ViewCopy rank 9 dst", call(big.t, S, T, O, f.t, S, T, O, big.t), ACLNN_ERR_PARAM_INVALID);
    ExpectError("ViewCopy rank 0", call(f.t, m0.t, m0.t, O, f.t, m0.t, m0.t, O, f.t), ACLNN_ERR_PARAM_INVALID, "[1, 8]");
    ExpectError("ViewCopy rank 9", call(f.t, m9.t, m9.t, O, f.t, m9.t, m9.t, O, f.t), ACLNN_ERR_PARAM_INVALID, "[1, 8]");
    ExpectError("ViewCopy dst_stride numel", call(f.t, S, m9.t, O, f.t, S, T, O, f.t), ACLNN_ERR_PARAM_INVALID, "dst_stride numel must be 2, but got 9");
    ExpectError("ViewCopy src_size numel", call(f.t, S, T, O, f.t, m9.t, T, O, f.t), ACLNN_ERR_PARAM_INVALID, "src_size numel must be 2, but got 9");
    ExpectError("ViewCopy offset numel", call(f.t, S, T, m2.t, f.t, S, T, O, f.t), ACLNN_ERR_PARAM_INVALID, "dst_storage_offset");
    // empty: nothing to run, workspace 0 (before any chip or tiling rule)
    ws = 7;
    int rc = call(e.t, S, T, O, f.t, S, T, O, e.t);
    EXPECT(rc == 0 && ws == 0, "ViewCopy empty: returned %d, workspace %llu", rc, (unsigned long long)ws);
    if (rc == 0) aclDestroyAclOpExecutor(ex);
    if (!onA2) {
        rc = call(f.t, S, T, O, f.t, S, T, O, f.t);
        EXPECT(rc == 361001, "ViewCopy off the A2: returned %d, expected 361001", rc);
        return;
    }
    rc = call(z.t, S, T, O, f.t, S, T, O, z.t);
    EXPECT(rc == ACLNN_ERR_INNER_TILING_ERROR, "ViewCopy 0-d dst: returned %d, expected 561002", rc);
    rc = call(f.t, S, T, s0.t, f.t, S, T, O, f.t);
    EXPECT(rc == ACLNN_ERR_INNER_TILING_ERROR, "ViewCopy 0-d offset: returned %d, expected 561002", rc);
}

// ---- AddMatMatElementsPlus -----------------------------------------------------------------
static void TestPlus()
{
    struct Sh { std::vector<int64_t> c, a, b, out; };
    const std::vector<Sh> shapes = {
        {{7}, {7}, {7}, {7}}, {{3, 4}, {3, 4}, {3, 4}, {3, 4}}, {{3, 1}, {1, 4}, {3, 4}, {3, 4}},
        {{4}, {2, 3, 4}, {3, 1}, {2, 3, 4}}, {{}, {}, {}, {}}, {{2, 3, 1, 5}, {1, 5}, {3, 4, 1}, {2, 3, 4, 5}},
        {{5000}, {5000}, {1}, {5000}}, {{0, 3}, {0, 3}, {0, 3}, {0, 3}}};
    uint64_t seed = 77;
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})
        for (size_t si = 0; si < shapes.size(); si++)
            for (Layout lay : {CONTIG, STRIDED, TRANSPOSED}) {
                const Sh &s = shapes[si];
                std::vector<double> cv = QuantAll(dt, RandomValues((size_t)GetShapeSize(s.c), seed++, 2.0));
                std::vector<double> av = QuantAll(dt, RandomValues((size_t)GetShapeSize(s.a), seed++, 2.0));
                std::vector<double> bv = QuantAll(dt, RandomValues((size_t)GetShapeSize(s.b), seed++, 2.0));
                if (cv.size() > 3) { cv[0] = NAN; cv[1] = INFINITY; cv[2] = -0.0; }
                double alpha = Quant(dt, 1.5 - 0.25 * (double)si), beta = Quant(dt, -0.75 + 0.125 * (double)si);
                DevTensor tc, ta, tb, tal, tbe, to;
                if (!tc.Init(dt, s.c, cv, lay) || !ta.Init(dt, s.a, av, CONTIG) || !tb.Init(dt, s.b, bv, lay) ||
                    !tal.Init(dt, {1}, {alpha}, CONTIG) || !tbe.Init(dt, {}, {beta}, CONTIG) ||
                    !to.Init(dt, s.out, {}, lay == STRIDED ? TRANSPOSED : STRIDED))
                    return;
                std::vector<double> g((size_t)GetShapeSize(s.out));
                for (size_t i = 0; i < g.size(); i++) {
                    double cc = cv[(size_t)BcastIndex(s.out, s.c, (int64_t)i)], aa = av[(size_t)BcastIndex(s.out, s.a, (int64_t)i)],
                           bb = bv[(size_t)BcastIndex(s.out, s.b, (int64_t)i)];
                    g[i] = Quant(dt, cc * beta + alpha * aa * bb);
                }
                std::string what = std::string("AddMatMatElementsPlus ") + DtName(dt) + " shape " + std::to_string(si) + " layout " + std::to_string(lay);
                int rc = Run(what.c_str(), g_stream, [&](uint64_t *w, aclOpExecutor **ex) {
                    return aclnnAddMatMatElementsPlusGetWorkspaceSize(tc.t, ta.t, tb.t, tbe.t, tal.t, to.t, w, ex);
                }, aclnnAddMatMatElementsPlus);
                EXPECT(rc == 0, "%s: run failed", what.c_str());
                if (!rc) {
                    double tol = dt == ACL_FLOAT ? 1e-6 : TolOf(dt);
                    EXPECT(CountBad(what.c_str(), to.Read(), g, tol) == 0, "%s: wrong values", what.c_str());
                    EXPECT(to.CountClobbered() == 0, "%s: wrote outside the view", what.c_str());
                }
            }
}

static void TestPlusErrors(bool supported)
{
    DevTensor f, h, i32, one, two, f35, f24, big;
    if (!f.Init(ACL_FLOAT, {2, 3}, {}, CONTIG) || !h.Init(ACL_FLOAT16, {2, 3}, {}, CONTIG) || !i32.Init(ACL_INT32, {2, 3}, {}, CONTIG) ||
        !one.Init(ACL_FLOAT, {1}, {1}, CONTIG) || !two.Init(ACL_FLOAT, {2}, {1, 1}, CONTIG) || !f35.Init(ACL_FLOAT, {3, 5}, {}, CONTIG) ||
        !f24.Init(ACL_FLOAT, {2, 4}, {}, CONTIG) || !big.Init(ACL_FLOAT, {1, 1, 1, 1, 1, 1, 1, 2, 3}, {}, CONTIG))
        return;
    uint64_t ws;
    aclOpExecutor *ex;
    auto call = [&](const aclTensor *c, const aclTensor *a, const aclTensor *b, const aclTensor *be, const aclTensor *al, aclTensor *o) {
        return aclnnAddMatMatElementsPlusGetWorkspaceSize(c, a, b, be, al, o, &ws, &ex);
    };
    ExpectError("Plus null c", call(nullptr, f.t, f.t, one.t, one.t, f.t), ACLNN_ERR_PARAM_NULLPTR, "c");
    ExpectError("Plus null alpha", call(f.t, f.t, f.t, one.t, nullptr, f.t), ACLNN_ERR_PARAM_NULLPTR, "alpha");
    ExpectError("Plus int32", call(i32.t, i32.t, i32.t, one.t, one.t, i32.t), ACLNN_ERR_PARAM_INVALID, "DT_INT32");
    ExpectError("Plus a fp16", call(f.t, h.t, f.t, one.t, one.t, f.t), ACLNN_ERR_PARAM_INVALID, "a");
    ExpectError("Plus cOut fp16", call(f.t, f.t, f.t, one.t, one.t, h.t), ACLNN_ERR_PARAM_INVALID, "cOut");
    ExpectError("Plus rank 9", call(f.t, big.t, f.t, one.t, one.t, f.t), ACLNN_ERR_PARAM_INVALID);
    ExpectError("Plus beta 2 elements", call(f.t, f.t, f.t, two.t, one.t, f.t), ACLNN_ERR_PARAM_INVALID, "beta must be a scalar tensor");
    ExpectError("Plus alpha 2 elements", call(f.t, f.t, f.t, one.t, two.t, f.t), ACLNN_ERR_PARAM_INVALID, "alpha must be a scalar tensor");
    ExpectError("Plus a/b broadcast", call(f.t, f.t, f35.t, one.t, one.t, f.t), ACLNN_ERR_PARAM_INVALID, "a and b");
    ExpectError("Plus c broadcast", call(f24.t, f.t, f.t, one.t, one.t, f.t), ACLNN_ERR_PARAM_INVALID, "broadcast(a,b)");
    ExpectError("Plus cOut shape", call(f.t, f.t, f.t, one.t, one.t, f24.t), ACLNN_ERR_PARAM_INVALID, "cOut mismatch");
    int rc = call(f.t, f.t, f.t, one.t, one.t, f.t);
    if (supported) {
        EXPECT(rc == 0, "Plus: stage 1 returned %d", rc);
        if (rc == 0) aclDestroyAclOpExecutor(ex);
    } else {
        EXPECT(rc == 361001, "Plus on an unsupported chip: returned %d, expected 361001", rc);
    }
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    std::string soc = aclrtGetSocName() ? aclrtGetSocName() : "";
    bool a2 = soc.find("910B") != std::string::npos, on950 = soc.find("950") != std::string::npos;
    if (a2) {
        TestViewCopyValues();
        TestViewCopyOverlap();
    }
    TestViewCopyErrors(a2);
    if (a2 || on950) TestPlus();
    TestPlusErrors(a2 || on950);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
