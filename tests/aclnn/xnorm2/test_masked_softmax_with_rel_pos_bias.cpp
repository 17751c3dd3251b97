// aclnnMaskedSoftmaxWithRelPosBias (ops-nn norm/masked_softmax_with_rel_pos_bias; A2 / A3 /
// 310P): out = softmax(scaleValue * x + attenMask + relativePosBias) over the last dim, against
// a naive double-precision reference over view indices (x / mask / bias read as the device holds
// them); 4-D and 5-D x, every mask / bias rank, no mask, scale 1 and not, -inf mask entries,
// strided views, a 5-D out for a 4-D x; the generated layer's checks and the tiling's refusals
// with their messages; 310P's S2 alignment rule; refused on 950 (no kernel).
#include "../norm_pool_loss/npl_util.h"
#include "aclnnop/aclnn_masked_softmax_with_rel_pos_bias.h"

struct Dims {
    int64_t B, W, N, S1, S2;
};

// x as (B, W, N, S1, S2) in view order; mask indexed (w, s1, s2), bias (n, s1, s2).
static std::vector<double> Ref(const Dims &d, const std::vector<double> &x, const std::vector<double> *mask,
                               const std::vector<double> &bias, double scale)
{
    std::vector<double> y(x.size());
    int64_t rows = d.B * d.W * d.N * d.S1;
    for (int64_t r = 0; r < rows; r++) {
        int64_t s1 = r % d.S1, n = (r / d.S1) % d.N, w = (r / (d.S1 * d.N)) % d.W;
        std::vector<double> v(d.S2);
        double mx = -INFINITY;
        for (int64_t j = 0; j < d.S2; j++) {
            v[j] = x[r * d.S2 + j] * scale + bias[(n * d.S1 + s1) * d.S2 + j];
            if (mask) v[j] += (*mask)[(w * d.S1 + s1) * d.S2 + j];
            mx = std::max(mx, v[j]);
        }
        double s = 0;
        for (int64_t j = 0; j < d.S2; j++) s += std::exp(v[j] - mx);
        for (int64_t j = 0; j < d.S2; j++) y[r * d.S2 + j] = std::exp(v[j] - mx) / s;
    }
    return y;
}

struct CaseOpts {
    aclDataType dt;
    Dims d;
    bool x5;       // x 5-D, else (B*W, N, S1, S2)
    int mask_rank; // 0: no mask
    int bias_rank;
    double scale;
    Layout layout;
    bool out5;
    bool neg_inf;  // some mask entries -inf (never a whole row)
};

static void Case(Runtime &rt, const CaseOpts &o, uint64_t seed)
{
    Lcg rng(seed);
    const Dims &d = o.d;
    std::vector<int64_t> xs = o.x5 ? std::vector<int64_t>{d.B, d.W, d.N, d.S1, d.S2}
                                   : std::vector<int64_t>{d.B * d.W, d.N, d.S1, d.S2};
    std::vector<int64_t> os = o.out5 ? std::vector<int64_t>{d.B, d.W, d.N, d.S1, d.S2}
                                     : std::vector<int64_t>{d.B * d.W, d.N, d.S1, d.S2};
    std::vector<int64_t> ms = o.mask_rank == 3 ? std::vector<int64_t>{d.W, d.S1, d.S2}
                              : o.mask_rank == 4 ? std::vector<int64_t>{d.W, 1, d.S1, d.S2}
                                                 : std::vector<int64_t>{1, d.W, 1, d.S1, d.S2};
    std::vector<int64_t> bs = o.bias_rank == 3 ? std::vector<int64_t>{d.N, d.S1, d.S2}
                              : o.bias_rank == 4 ? std::vector<int64_t>{1, d.N, d.S1, d.S2}
                                                 : std::vector<int64_t>{1, 1, d.N, d.S1, d.S2};
    int64_t T = d.B * d.W * d.N * d.S1 * d.S2;
    DevTensor x = MakeTensor(o.dt, xs, RandVals(rng, T, 2.0), o.layout);
    std::vector<double> mv = RandVals(rng, d.W * d.S1 * d.S2, 1.0);
    if (o.neg_inf)
        for (size_t i = 0; i < mv.size(); i++)
            if (i % (size_t)d.S2 != 0 && rng.uniform() < 0.3) mv[i] = -INFINITY;
    DevTensor m = o.mask_rank ? MakeTensor(o.dt, ms, mv) : DevTensor();
    DevTensor b = MakeTensor(o.dt, bs, RandVals(rng, d.N * d.S1 * d.S2, 1.5), o.layout == TRANSPOSED ? PADDED : CONTIG);
    DevTensor y = MakeOut(o.dt, os, o.layout);
    int rc = NPL_RUN(MaskedSoftmaxWithRelPosBias, x.t, o.mask_rank ? m.t : nullptr, b.t, o.scale, 0, y.t);
    char what[200];
    snprintf(what, sizeof what, "MaskedSoftmaxWithRelPosBias %s B%lld W%lld N%lld S1 %lld S2 %lld x%dD mask%d bias%d "
             "scale %g layout %d%s%s", DtName(o.dt), (long long)d.B, (long long)d.W, (long long)d.N, (long long)d.S1,
             (long long)d.S2, o.x5 ? 5 : 4, o.mask_rank, o.bias_rank, o.scale, (int)o.layout, o.out5 ? " out5" : "",
             o.neg_inf ? " -inf" : "");
    EXPECT(rc == 0, "%s: run %d", what, rc);
    if (rc == 0) {
        std::vector<double> ref = Ref(d, x.vals, o.mask_rank ? &m.vals : nullptr, b.vals, o.scale);
        CheckDtype(what, o.dt, Read(y), ref);
        CheckUntouched(what, y);
    }
    for (DevTensor *t : {&x, &m, &b, &y}) t->Free();
}

static void Errors(Runtime &rt)
{
    DevTensor x = MakeOut(ACL_FLOAT, {2, 3, 4, 8}), m = MakeOut(ACL_FLOAT, {2, 4, 8}), b = MakeOut(ACL_FLOAT, {3, 4, 8});
    DevTensor y = MakeOut(ACL_FLOAT, {2, 3, 4, 8}), xi = MakeOut(ACL_INT32, {2, 3, 4, 8});
    DevTensor mh = MakeOut(ACL_FLOAT16, {2, 4, 8}), x3 = MakeOut(ACL_FLOAT, {3, 4, 8});
    DevTensor m4n = MakeOut(ACL_FLOAT, {2, 2, 4, 8}), m3w = MakeOut(ACL_FLOAT, {4, 4, 8});
    DevTensor b2 = MakeOut(ACL_FLOAT, {2, 4, 8}), b4 = MakeOut(ACL_FLOAT, {2, 3, 4, 8});
    DevTensor y2 = MakeOut(ACL_FLOAT, {2, 3, 4, 7}), x3w = MakeOut(ACL_FLOAT, {3, 3, 4, 8});
    DevTensor y3w = MakeOut(ACL_FLOAT, {3, 3, 4, 8}), m3 = MakeOut(ACL_FLOAT, {3, 4, 8});
    DevTensor x0 = MakeOut(ACL_FLOAT, {2, 3, 0, 8}), m2 = MakeOut(ACL_FLOAT, {4, 8});
    const aclTensor *n = nullptr;
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "x", MaskedSoftmaxWithRelPosBias, n, m.t, b.t, 1.0, 0, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "relativePosBias", MaskedSoftmaxWithRelPosBias, x.t, m.t, n, 1.0, 0, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "out", MaskedSoftmaxWithRelPosBias, xi.t, m.t, b.t, 1.0, 0, n);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "DT_INT32", MaskedSoftmaxWithRelPosBias, xi.t, m.t, b.t, 1.0, 0, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "attenMaskOptional", MaskedSoftmaxWithRelPosBias, x.t, mh.t, b.t, 1.0, 0,
                   y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "x dim num only support 4 or 5, but got dim num is 3",
                   MaskedSoftmaxWithRelPosBias, x3.t, m.t, b.t, 1.0, 0, x3.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "b_[2]), w_[1], n_[3], s1[0], s2_[8]", MaskedSoftmaxWithRelPosBias,
                   x0.t, m.t, b.t, 1.0, 0, x0.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "att_b_[1]), att_n_[2]", MaskedSoftmaxWithRelPosBias, x.t, m4n.t,
                   b.t, 1.0, 0, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "att_b_[0]), att_n_[0]", MaskedSoftmaxWithRelPosBias, x.t, m2.t,
                   b.t, 1.0, 0, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "is not compatible", MaskedSoftmaxWithRelPosBias, x.t, m3w.t, b.t,
                   1.0, 0, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "bias_n_[2]", MaskedSoftmaxWithRelPosBias, x.t, m.t, b2.t, 1.0, 0,
                   y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "bias_b_[1]), bias_b_[2]", MaskedSoftmaxWithRelPosBias, x.t, m.t,
                   b4.t, 1.0, 0, y.t);
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "output shape is not legal", MaskedSoftmaxWithRelPosBias, x.t, m.t,
                   b.t, 1.0, 0, y2.t);
    // B*W = 3 with W = 2: the tiling takes B = 1, so a (3, ...) out is not legal
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "output shape is not legal", MaskedSoftmaxWithRelPosBias, x3w.t, m.t,
                   b.t, 1.0, 0, y3w.t);
    // a 4-D x with W = 3 mask: x's first dim 2 / 3 = 0
    NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "is not compatible", MaskedSoftmaxWithRelPosBias, x.t, m3.t, b.t,
                   1.0, 0, y.t);
    for (DevTensor *t : {&x, &m, &b, &y, &xi, &mh, &x3, &m4n, &m3w, &b2, &b4, &y2, &x3w, &y3w, &m3, &x0, &m2})
        t->Free();
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    const char *soc = aclrtGetSocName();
    printf("SoC %s\n", soc ? soc : "?");
    bool is310p = soc && std::strncmp(soc, "Ascend310P", 10) == 0;
    if (soc && std::strncmp(soc, "Ascend950", 9) == 0) { // the doc: not supported
        DevTensor x = MakeOut(ACL_FLOAT, {2, 3, 4, 8}), b = MakeOut(ACL_FLOAT, {3, 4, 8});
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_NULLPTR, "out", MaskedSoftmaxWithRelPosBias, x.t, nullptr, b.t, 1.0, 0,
                       nullptr);
        NPL_EXPECT_ERR(ACLNN_ERR_RUNTIME_ERROR, "support for", MaskedSoftmaxWithRelPosBias, x.t, nullptr, b.t, 1.0, 0,
                       x.t);
        x.Free();
        b.Free();
        printf("%s: %d failure(s)\n", __FILE__, g_failures);
        return g_failures ? 1 : 0;
    }
    uint64_t seed = 8100;
    std::vector<aclDataType> dts = {ACL_FLOAT, ACL_FLOAT16};
    if (!is310p) dts.push_back(ACL_BF16);
    for (aclDataType dt : dts) {
        // S2 = 16 / 32 keeps the rows 32-byte aligned for 310P
        Case(rt, {dt, {2, 3, 2, 4, 16}, true, 3, 3, 1.0, CONTIG, true, false}, seed++);
        Case(rt, {dt, {1, 2, 3, 5, 32}, true, 5, 5, 0.125, CONTIG, true, true}, seed++);
        Case(rt, {dt, {3, 2, 2, 3, 16}, false, 4, 4, 0.5, CONTIG, false, false}, seed++);
        Case(rt, {dt, {2, 1, 4, 2, 32}, false, 0, 3, 2.0, CONTIG, false, false}, seed++);
        Case(rt, {dt, {2, 2, 2, 3, 16}, false, 3, 5, 1.0, CONTIG, true, false}, seed++); // 4-D x, 5-D out
        Case(rt, {dt, {4, 4, 3, 49, 64}, true, 3, 3, 0.17677669529663687, CONTIG, true, false}, seed++); // Swin-like
        if (!is310p) {
            Case(rt, {dt, {2, 2, 3, 5, 7}, true, 3, 3, 0.3, PADDED, true, false}, seed++);
            Case(rt, {dt, {1, 3, 2, 6, 9}, false, 0, 4, 1.0, TRANSPOSED, false, false}, seed++);
            Case(rt, {dt, {2, 1, 1, 3, 1}, true, 5, 3, 1.5, CONTIG, true, false}, seed++); // S2 = 1
        }
    }
    if (is310p) {
        DevTensor x = MakeOut(ACL_FLOAT16, {2, 3, 4, 15}), b = MakeOut(ACL_FLOAT16, {3, 4, 15});
        DevTensor xb = MakeOut(ACL_BF16, {2, 3, 4, 16}), bb = MakeOut(ACL_BF16, {3, 4, 16});
        NPL_EXPECT_ERR(ACLNN_ERR_INNER_TILING_ERROR, "s2 is not aligned", MaskedSoftmaxWithRelPosBias, x.t, nullptr,
                       b.t, 1.0, 0, x.t);
        NPL_EXPECT_ERR(ACLNN_ERR_PARAM_INVALID, "DT_BF16", MaskedSoftmaxWithRelPosBias, xb.t, nullptr, bb.t, 1.0, 0,
                       xb.t);
        for (DevTensor *t : {&x, &b, &xb, &bb}) t->Free();
    }
    Errors(rt);
    printf("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
