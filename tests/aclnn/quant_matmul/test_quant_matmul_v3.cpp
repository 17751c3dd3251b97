// aclnnQuantMatmulV3 / V4: INT8 (and INT4, INT32-packed INT4) operands, exact INT32 sums checked
// bit for bit (INT32 out) and every dequantised output against a reference written here that
// follows the documented order in FP32 — (acc + bias_int32) * scale (* pertoken) (+ bias_float)
// (+ offset as INT9), one rounding to nearest even into FLOAT16 / BFLOAT16 / INT8 (saturated) —
// with UINT64 quant parameters (FP19 scale), FLOAT and BFLOAT16 scales, per-tensor / per-channel
// scales, per-token scales, transposed and strided operands, broadcast batch dims, odd K and
// tile edges, strided (V3 cases) and contiguous (V4 cases) outputs. Every output is compared exactly (the reference does the same FP32 operations).
// Then the validation paths with their codes and messages; the 310P run checks its dtype table.
#include "qmm_test_util.h"
#include "aclnnop/aclnn_quant_matmul_v3.h"
#include "aclnnop/aclnn_quant_matmul_v4.h"
#include "aclnnop/aclnn_quant_matmul_v5.h"
#include "aclnnop/aclnn_quant_matmul_weight_nz.h"
#include "aclnnop/aclnn_trans_matmul_weight.h"

enum ScaleKind { SC_PARAM, SC_F32, SC_BF16 };

struct Case {
    const char *name;
    std::vector<int64_t> b1, b2; // batch dims of x1 / x2
    int64_t m, k, n;
    bool t1, t2;
    aclDataType xdt;             // INT8, INT4 or INT32 (packed INT4)
    ScaleKind sk;
    bool per_channel, pertoken, offset;
    aclDataType bias_dt;         // ACL_DT_UNDEFINED: none
    bool bias3d;
    aclDataType out_dt;
    int version;                 // 3, 4, 5 (V5, ND x2) or 6 (QuantMatmulWeightNz, FRACTAL_NZ x2)
    int extreme;                 // 1: every x = -128 (INT8) to reach large sums
};

static int64_t Prod(const std::vector<int64_t> &v) { int64_t p = 1; for (auto d : v) p *= d; return p; }

// Bytes of a (batch..., rows, cols) matrix of small integers vals (row-major logical order),
// stored transposed (last two dims swapped) when t; INT4: nibbles, INT32: eight INT4 per word.
static bool MakeMatrix(RawTensor &rt, aclDataType dt, std::vector<int64_t> batch, int64_t rows, int64_t cols,
                       const std::vector<int> &vals, bool t)
{
    int64_t nb = Prod(batch);
    int64_t sr = t ? cols : rows, sc = t ? rows : cols; // storage rows / cols
    std::vector<int64_t> shape = batch, strides;
    shape.push_back(rows);
    shape.push_back(cols);
    if (dt == ACL_INT32) { // (..., rows, cols / 8) words
        std::vector<uint32_t> w((size_t)(nb * rows * cols / 8), 0);
        for (int64_t b = 0; b < nb; b++)
            for (int64_t r = 0; r < rows; r++)
                for (int64_t c = 0; c < cols; c++)
                    w[(size_t)((b * rows + r) * (cols / 8) + c / 8)] |= (uint32_t)(vals[(size_t)((b * rows + r) * cols + c)] & 0xf) << (4 * (c % 8));
        shape.back() = cols / 8;
        std::vector<unsigned char> bytes(w.size() * 4);
        std::memcpy(bytes.data(), w.data(), bytes.size());
        return rt.Init(dt, shape, RowMajor(shape), bytes);
    }
    int64_t count = nb * rows * cols;
    std::vector<unsigned char> bytes((size_t)(dt == ACL_INT4 ? (count + 1) / 2 : count), 0);
    for (int64_t b = 0; b < nb; b++)
        for (int64_t r = 0; r < rows; r++)
            for (int64_t c = 0; c < cols; c++) {
                int64_t e = b * rows * cols + (t ? c * sc + r : r * sc + c);
                int v = vals[(size_t)((b * rows + r) * cols + c)];
                if (dt == ACL_INT8) bytes[(size_t)e] = (unsigned char)(int8_t)v;
                else bytes[(size_t)(e >> 1)] |= (unsigned char)((v & 0xf) << ((e & 1) * 4));
            }
    std::vector<int64_t> st = RowMajor(shape);
    if (dt == ACL_INT4) { // storage counts nibbles
        if (t) { st[st.size() - 2] = 1; st[st.size() - 1] = sc; }
        return rt.Init(dt, shape, st, bytes, ACL_FORMAT_ND, {count});
    }
    if (t) { st[st.size() - 2] = 1; st[st.size() - 1] = sc; } // a view with its last two axes swapped
    (void)sr;
    return rt.Init(dt, shape, st, bytes);
}

// An INT8 FRACTAL_NZ tensor of view (rows, cols) from row-major values: storage
// [ceil(cols / 32), ceil(rows / 16), 16, 32], element (r, c) at ((c / 32) * R1 * 16 + r) * 32 + c % 32,
// zero padded (the layout aclnnTransMatmulWeight writes; checked against it below).
static bool MakeNz(RawTensor &rt, int64_t rows, int64_t cols, const std::vector<int> &vals)
{
    int64_t R1 = (rows + 15) / 16, C1 = (cols + 31) / 32;
    std::vector<unsigned char> bytes((size_t)(C1 * R1 * 16 * 32), 0);
    for (int64_t r = 0; r < rows; r++)
        for (int64_t c = 0; c < cols; c++)
            bytes[(size_t)(((c / 32) * R1 * 16 + r) * 32 + c % 32)] = (unsigned char)(int8_t)vals[(size_t)(r * cols + c)];
    return rt.Init(ACL_INT8, {rows, cols}, {cols, 1}, bytes, ACL_FORMAT_FRACTAL_NZ, {C1, R1, 16, 32});
}

static float Bf16Round(float f) { return (float)Quant(ACL_BF16, f); }

static void RunCase(aclrtStream stream, const Case &c)
{
    Lcg rng(1234 + c.m * 7 + c.k * 13 + c.n);
    int lo = c.xdt == ACL_INT8 ? -128 : -8, span = c.xdt == ACL_INT8 ? 256 : 16;
    int64_t nb1 = Prod(c.b1), nb2 = Prod(c.b2);
    std::vector<int> x1((size_t)(nb1 * c.m * c.k)), x2((size_t)(nb2 * c.k * c.n));
    for (auto &v : x1) v = c.extreme ? -128 : lo + (int)(rng.uniform() * span) % span;
    for (auto &v : x2) v = c.extreme ? -128 : lo + (int)(rng.uniform() * span) % span;
    // out batch = broadcast(b1, b2)
    std::vector<int64_t> ob;
    size_t nd = c.b1.size() > c.b2.size() ? c.b1.size() : c.b2.size();
    for (size_t i = 0; i < nd; i++) {
        int64_t d1 = i + c.b1.size() >= nd ? c.b1[i + c.b1.size() - nd] : 1, d2 = i + c.b2.size() >= nd ? c.b2[i + c.b2.size() - nd] : 1;
        ob.push_back(d1 > d2 ? d1 : d2);
    }
    int64_t nbo = Prod(ob), ns = c.per_channel ? c.n : 1;
    std::vector<float> scale((size_t)ns), off((size_t)ns), pt((size_t)c.m), fbias((size_t)((c.bias3d ? nbo : 1) * c.n));
    std::vector<int32_t> ibias(fbias.size());
    for (auto &v : scale) v = c.sk == SC_BF16 ? Bf16Round((float)(0.001 + 0.01 * rng.uniform())) : (float)(0.0013 + 0.007 * rng.uniform());
    for (auto &v : off) v = (float)(std::floor(rng.uniform() * 20 - 10) + (rng.uniform() < 0.5 ? 0.5 : 0.3));
    for (auto &v : pt) v = (float)(0.5 + rng.uniform());
    for (size_t i = 0; i < ibias.size(); i++) { ibias[i] = (int32_t)(rng.uniform() * 20000) - 10000; fbias[i] = (float)Quant(c.bias_dt == ACL_DT_UNDEFINED ? ACL_FLOAT : c.bias_dt, rng.uniform() * 4 - 2); }
    // reference
    std::vector<double> golden((size_t)(nbo * c.m * c.n));
    for (int64_t b = 0; b < nbo; b++) {
        int64_t i1 = 0, i2 = 0, r = b, s1 = 1, s2 = 1;
        for (int d = (int)nd - 1; d >= 0; d--) { // index of each operand's batch (size-1 dims broadcast)
            int64_t idx = r % ob[d]; r /= ob[d];
            int o1 = d - (int)(nd - c.b1.size()), o2 = d - (int)(nd - c.b2.size());
            if (o1 >= 0) { i1 += (c.b1[o1] == 1 ? 0 : idx) * s1; s1 *= c.b1[o1]; }
            if (o2 >= 0) { i2 += (c.b2[o2] == 1 ? 0 : idx) * s2; s2 *= c.b2[o2]; }
        }
        for (int64_t mm = 0; mm < c.m; mm++)
            for (int64_t nn = 0; nn < c.n; nn++) {
                int64_t acc = 0;
                for (int64_t kk = 0; kk < c.k; kk++)
                    acc += (int64_t)x1[(size_t)((i1 * c.m + mm) * c.k + kk)] * x2[(size_t)((i2 * c.k + kk) * c.n + nn)];
                int64_t bi = (c.bias3d ? b * c.n : 0) + nn;
                if (c.bias_dt == ACL_INT32) acc += ibias[(size_t)bi];
                int32_t acc32 = (int32_t)(uint32_t)(uint64_t)acc;
                double g;
                if (c.out_dt == ACL_INT32) {
                    g = acc32;
                } else {
                    float s = scale[(size_t)(c.per_channel ? nn : 0)];
                    if (c.sk == SC_PARAM) s = BitsFloat(FloatBits(s) & 0xFFFFE000u); // the FP19 the fixpipe applies
                    float v = (float)acc32 * s;
                    if (c.pertoken) v = v * pt[(size_t)mm];
                    if (c.bias_dt != ACL_DT_UNDEFINED && c.bias_dt != ACL_INT32) v = v + fbias[(size_t)bi];
                    if (c.out_dt == ACL_INT8) {
                        double o9 = c.offset ? std::nearbyint((double)off[(size_t)(c.per_channel ? nn : 0)]) : 0;
                        o9 = o9 < -256 ? -256 : o9 > 255 ? 255 : o9;
                        float q = std::nearbyint(v + (float)o9);
                        g = q < -128 ? -128 : q > 127 ? 127 : q;
                    } else {
                        g = Quant(c.out_dt, v);
                    }
                }
                golden[(size_t)((b * c.m + mm) * c.n + nn)] = g;
            }
    }
    // device tensors
    RawTensor t1, t2, tsc;
    DevTensor toff, tpt, tbias, tout;
    std::vector<int> x1l((size_t)(nb1 * c.m * c.k)), x2l((size_t)(nb2 * c.k * c.n));
    bool ok;
    if (!c.t1) ok = MakeMatrix(t1, c.xdt, c.b1, c.m, c.k, x1, false);
    else { // logical (k, m) view of the (m, k) values: x1T[kk][mm] = x1[mm][kk], stored so that the view is (k, m)
        for (int64_t b = 0; b < nb1; b++) for (int64_t mm = 0; mm < c.m; mm++) for (int64_t kk = 0; kk < c.k; kk++)
            x1l[(size_t)((b * c.k + kk) * c.m + mm)] = x1[(size_t)((b * c.m + mm) * c.k + kk)];
        ok = MakeMatrix(t1, c.xdt, c.b1, c.k, c.m, x1l, false);
    }
    if (c.version == 6) { // NZ weight: view (k, n), or (n, k) with transposeX2
        if (!c.t2) ok = ok && MakeNz(t2, c.k, c.n, x2);
        else {
            for (int64_t kk = 0; kk < c.k; kk++) for (int64_t nn = 0; nn < c.n; nn++)
                x2l[(size_t)(nn * c.k + kk)] = x2[(size_t)(kk * c.n + nn)];
            ok = ok && MakeNz(t2, c.n, c.k, x2l);
        }
    } else if (!c.t2) ok = ok && MakeMatrix(t2, c.xdt, c.b2, c.k, c.n, x2, false);
    else {
        for (int64_t b = 0; b < nb2; b++) for (int64_t kk = 0; kk < c.k; kk++) for (int64_t nn = 0; nn < c.n; nn++)
            x2l[(size_t)((b * c.n + nn) * c.k + kk)] = x2[(size_t)((b * c.k + kk) * c.n + nn)];
        ok = ok && MakeMatrix(t2, c.xdt, c.b2, c.n, c.k, x2l, c.sk == SC_BF16);
    }
    if (c.sk == SC_PARAM) {
        std::vector<uint64_t> p(scale.size());
        for (size_t i = 0; i < p.size(); i++) p[i] = RefParam(FloatBits(scale[i]) & 0xFFFFE000u, 0);
        ok = ok && tsc.Init(ACL_UINT64, {ns}, {1}, U64Bytes(p));
    } else {
        std::vector<unsigned char> bytes(scale.size() * (c.sk == SC_BF16 ? 2 : 4));
        for (size_t i = 0; i < scale.size(); i++) Encode(c.sk == SC_BF16 ? ACL_BF16 : ACL_FLOAT, scale[i], &bytes[i * (c.sk == SC_BF16 ? 2 : 4)]);
        ok = ok && tsc.Init(c.sk == SC_BF16 ? ACL_BF16 : ACL_FLOAT, {ns}, {1}, bytes);
    }
    std::vector<double> offd(off.begin(), off.end()), ptd(pt.begin(), pt.end()), bd;
    for (size_t i = 0; i < fbias.size(); i++) bd.push_back(c.bias_dt == ACL_INT32 ? ibias[i] : fbias[i]);
    std::vector<int64_t> bshape = c.bias3d ? std::vector<int64_t>{nbo, 1, c.n} : std::vector<int64_t>{c.n};
    std::vector<int64_t> oshape = ob;
    oshape.push_back(c.m);
    oshape.push_back(c.n);
    ok = ok && (!c.offset || toff.Init(ACL_FLOAT, {ns}, offd, CONTIG)) && (!c.pertoken || tpt.Init(ACL_FLOAT, {c.m}, ptd, STRIDED)) &&
         (c.bias_dt == ACL_DT_UNDEFINED || tbias.Init(c.bias_dt, bshape, bd, CONTIG)) && tout.Init(c.out_dt, oshape, {}, c.version == 4 ? CONTIG : STRIDED, 0); // V4 cases: unit-stride rows
    EXPECT(ok, "%s: tensor setup failed", c.name);
    if (!ok) return;
    aclTensor *bias = c.bias_dt == ACL_DT_UNDEFINED ? nullptr : tbias.t, *offt = c.offset ? toff.t : nullptr;
    int rc;
    if (c.version == 3)
        rc = Run("QuantMatmulV3", stream, [&](uint64_t *ws, aclOpExecutor **e) {
            return aclnnQuantMatmulV3GetWorkspaceSize(t1.t, t2.t, tsc.t, offt, bias, c.t1, c.t2, tout.t, ws, e); }, aclnnQuantMatmulV3);
    else if (c.version >= 5)
        rc = Run(c.version == 5 ? "QuantMatmulV5" : "QuantMatmulWeightNz", stream, [&](uint64_t *ws, aclOpExecutor **e) {
            auto f = c.version == 5 ? aclnnQuantMatmulV5GetWorkspaceSize : aclnnQuantMatmulWeightNzGetWorkspaceSize;
            return f(t1.t, t2.t, c.pertoken ? tpt.t : nullptr, tsc.t, nullptr, nullptr, offt, nullptr, bias, c.t1, c.t2, 0,
                     tout.t, ws, e); }, c.version == 5 ? aclnnQuantMatmulV5 : aclnnQuantMatmulWeightNz);
    else
        rc = Run("QuantMatmulV4", stream, [&](uint64_t *ws, aclOpExecutor **e) {
            return aclnnQuantMatmulV4GetWorkspaceSize(t1.t, t2.t, tsc.t, offt, c.pertoken ? tpt.t : nullptr, bias, c.t1, c.t2,
                                                      tout.t, ws, e); }, aclnnQuantMatmulV4);
    EXPECT(rc == 0, "%s: run failed (%s)", c.name, aclGetRecentErrMsg());
    if (rc) return;
    std::vector<double> got = tout.Read();
    size_t bad = 0, first = (size_t)-1;
    for (size_t i = 0; i < got.size(); i++)
        if (!(got[i] == golden[i])) { if (!bad) first = i; bad++; }
    EXPECT(bad == 0, "%s: %zu of %zu outputs differ (first at %zu: %.9g, want %.9g)", c.name, bad, got.size(), first,
           bad ? got[first] : 0.0, bad ? golden[first] : 0.0);
    EXPECT(tout.CountClobbered(0) == 0, "%s: wrote outside out's view", c.name);
}

static void TestValues(aclrtStream stream)
{
    const aclDataType NONE = ACL_DT_UNDEFINED;
    const Case cases[] = {
        // name, b1, b2, m, k, n, t1, t2, xdt, scale, per_channel, pertoken, offset, bias, bias3d, out, version, extreme
        {"u64 per-channel fp16 out + int32 bias, x2^T, odd k", {}, {}, 37, 101, 45, false, true, ACL_INT8, SC_PARAM, true, false, false, ACL_INT32, false, ACL_FLOAT16, 3, 0},
        {"u64 per-tensor int8 out + offset", {}, {}, 20, 64, 33, false, false, ACL_INT8, SC_PARAM, false, false, true, NONE, false, ACL_INT8, 3, 0},
        {"u64 per-channel int8 out + offset + int32 bias", {}, {}, 7, 200, 17, false, true, ACL_INT8, SC_PARAM, true, false, true, ACL_INT32, false, ACL_INT8, 3, 0},
        {"fp32 scale + pertoken, bf16 bias, bf16 out, batch broadcast", {2}, {}, 13, 48, 40, false, false, ACL_INT8, SC_F32, true, true, false, ACL_BF16, false, ACL_BF16, 4, 0},
        {"fp32 scale + pertoken, fp16 bias, fp16 out, x1^T", {}, {}, 50, 96, 272, true, false, ACL_INT8, SC_F32, true, true, false, ACL_FLOAT16, false, ACL_FLOAT16, 4, 0},
        {"bf16 scale, fp32 bias, bf16 out, 3-d bias", {3}, {3}, 9, 70, 31, false, true, ACL_INT8, SC_BF16, false, false, false, ACL_FLOAT, true, ACL_BF16, 3, 0},
        {"int32 out + int32 bias (exact sums)", {2, 1}, {1, 3}, 11, 130, 19, false, false, ACL_INT8, SC_F32, true, false, false, ACL_INT32, false, ACL_INT32, 3, 0},
        {"int32 out, k 4096 all -128 (sum 2^26)", {}, {}, 6, 4096, 16, false, false, ACL_INT8, SC_BF16, false, false, false, NONE, false, ACL_INT32, 3, 1},
        {"large tile edges, pertoken fp16 out", {}, {}, 200, 300, 530, false, true, ACL_INT8, SC_F32, true, true, false, NONE, false, ACL_FLOAT16, 4, 0},
        {"int4 u64 fp16 out", {}, {}, 10, 64, 24, false, false, ACL_INT4, SC_PARAM, true, false, false, ACL_INT32, false, ACL_FLOAT16, 3, 0},
        {"int4 x2^T pertoken bf16 out", {}, {}, 9, 32, 18, false, true, ACL_INT4, SC_F32, true, true, false, ACL_BF16, false, ACL_BF16, 4, 0},
        {"V5 pertoken fp32 scale, fp32 bias, bf16 out", {}, {}, 19, 80, 72, false, false, ACL_INT8, SC_F32, true, true, false, ACL_FLOAT, false, ACL_BF16, 5, 0},
        {"WeightNz u64 fp16 out, padded k / n", {}, {}, 21, 80, 72, false, false, ACL_INT8, SC_PARAM, true, false, false, ACL_INT32, false, ACL_FLOAT16, 6, 0},
        {"WeightNz x2^T pertoken bf16 out", {}, {}, 13, 72, 50, false, true, ACL_INT8, SC_F32, true, true, false, ACL_BF16, false, ACL_BF16, 6, 0},
        {"WeightNz u64 int8 out + offset, wide n", {}, {}, 8, 64, 300, false, false, ACL_INT8, SC_PARAM, true, false, true, NONE, false, ACL_INT8, 6, 0},
        {"int32-packed int4, pertoken fp16 out", {}, {}, 5, 64, 32, false, false, ACL_INT32, SC_F32, false, true, false, ACL_FLOAT, false, ACL_FLOAT16, 4, 0},
    };
    for (const Case &c : cases) RunCase(stream, c);
}

static void TestValidation(bool is310p)
{
    DevTensor x1, x2, sc32, scb, o32, pt, bi32, bf16b, out16, outb, out8, out32, x1h, x1_1d, x2k, sc7, pt5,
        bias2d, outbad, x1b, x2b, outbb, x1e, oute, x1big, x2big, outbig;
    RawTensor u64, i4a, i4b;
    if (!x1.Init(ACL_INT8, {4, 32}, {}, CONTIG) || !x2.Init(ACL_INT8, {32, 8}, {}, CONTIG) ||
        !sc32.Init(ACL_FLOAT, {8}, {}, CONTIG) || !scb.Init(ACL_BF16, {8}, {}, CONTIG) || !o32.Init(ACL_FLOAT, {8}, {}, CONTIG) ||
        !pt.Init(ACL_FLOAT, {4}, {}, CONTIG) || !bi32.Init(ACL_INT32, {8}, {}, CONTIG) || !bf16b.Init(ACL_BF16, {8}, {}, CONTIG) ||
        !out16.Init(ACL_FLOAT16, {4, 8}, {}, CONTIG) || !outb.Init(ACL_BF16, {4, 8}, {}, CONTIG) ||
        !out8.Init(ACL_INT8, {4, 8}, {}, CONTIG) || !out32.Init(ACL_INT32, {4, 8}, {}, CONTIG) ||
        !x1h.Init(ACL_FLOAT16, {4, 32}, {}, CONTIG) || !x1_1d.Init(ACL_INT8, {32}, {}, CONTIG) ||
        !x2k.Init(ACL_INT8, {31, 8}, {}, CONTIG) || !sc7.Init(ACL_FLOAT, {7}, {}, CONTIG) || !pt5.Init(ACL_FLOAT, {5}, {}, CONTIG) ||
        !bias2d.Init(ACL_INT32, {1, 8}, {}, CONTIG) || !outbad.Init(ACL_FLOAT16, {4, 9}, {}, CONTIG) ||
        !x1b.Init(ACL_INT8, {2, 4, 32}, {}, CONTIG) || !x2b.Init(ACL_INT8, {3, 32, 8}, {}, CONTIG) ||
        !outbb.Init(ACL_FLOAT16, {3, 4, 8}, {}, CONTIG) || !x1e.Init(ACL_INT8, {0, 32}, {}, CONTIG) ||
        !x1big.Init(ACL_INT8, {1, 65536}, {}, CONTIG) || !x2big.Init(ACL_INT8, {65536, 8}, {}, CONTIG) ||
        !outbig.Init(ACL_FLOAT16, {1, 8}, {}, CONTIG) ||
        !u64.Init(ACL_UINT64, {8}, {1}, std::vector<unsigned char>(64, 0)) || !i4a.Init(ACL_INT4, {4, 32}, {32, 1}, std::vector<unsigned char>(64, 0), ACL_FORMAT_ND, {128}) ||
        !i4b.Init(ACL_INT4, {32, 8}, {8, 1}, std::vector<unsigned char>(128, 0), ACL_FORMAT_ND, {256}) ||
        !oute.Init(ACL_FLOAT16, {0, 8}, {}, CONTIG)) return;
    RawTensor nz;
    std::vector<int64_t> nzst = {1, 1, 16, 32}; // K1 = 1 cannot hold k = 32
    if (!nz.Init(ACL_INT8, {32, 8}, {8, 1}, std::vector<unsigned char>(512, 0), ACL_FORMAT_FRACTAL_NZ, nzst)) return;
    uint64_t ws;
    aclOpExecutor *ex;
    auto V3 = [&](aclTensor *a, aclTensor *b, aclTensor *s, aclTensor *off, aclTensor *bias, bool t1, bool t2, aclTensor *o) {
        return aclnnQuantMatmulV3GetWorkspaceSize(a, b, s, off, bias, t1, t2, o, &ws, &ex); };
    auto V4 = [&](aclTensor *a, aclTensor *b, aclTensor *s, aclTensor *off, aclTensor *p, aclTensor *bias, aclTensor *o) {
        return aclnnQuantMatmulV4GetWorkspaceSize(a, b, s, off, p, bias, false, false, o, &ws, &ex); };
    auto Accept = [&](const char *what, int rc) {
        EXPECT(rc == 0, "%s refused: %d %s", what, rc, aclGetRecentErrMsg());
        if (rc == 0 && ex) aclDestroyAclOpExecutor(ex);
    };
    if (is310p) {
        Accept("310P u64 -> fp16", V3(x1.t, x2.t, u64.t, nullptr, bi32.t, false, false, out16.t));
        Accept("310P fp32 + pertoken -> fp16", V4(x1.t, x2.t, sc32.t, nullptr, pt.t, nullptr, out16.t));
        ExpectError("310P fp32 scale without pertoken", V3(x1.t, x2.t, sc32.t, nullptr, nullptr, false, false, outb.t), 161002);
        ExpectError("310P bf16 bias", V4(x1.t, x2.t, sc32.t, nullptr, pt.t, bf16b.t, out16.t), 161002);
        EXPECT(V3(x1.t, i4b.t, u64.t, nullptr, nullptr, false, false, out16.t) == 161002, "310P int8 x int4 not refused");
        return;
    }
    ExpectError("null x1", V3(nullptr, x2.t, u64.t, nullptr, nullptr, false, false, out16.t), 161001, "x1");
    ExpectError("null scale", V3(x1.t, x2.t, nullptr, nullptr, nullptr, false, false, out16.t), 161001, "scale");
    ExpectError("null out", V3(x1.t, x2.t, u64.t, nullptr, nullptr, false, false, nullptr), 161001, "out");
    ExpectError("1-d x1", V3(x1_1d.t, x2.t, u64.t, nullptr, nullptr, false, false, out16.t), 161002, "x1");
    ExpectError("fp16 x1", V3(x1h.t, x2.t, u64.t, nullptr, nullptr, false, false, out16.t), 161002, "x1");
    ExpectError("int8 x int4", V3(x1.t, i4b.t, u64.t, nullptr, nullptr, false, false, out16.t), 161002, "should be same");
    ExpectError("offset with fp16 out", V3(x1.t, x2.t, u64.t, o32.t, nullptr, false, false, out16.t), 161002, "Offset only exists");
    ExpectError("int8 out with fp32 scale", V3(x1.t, x2.t, sc32.t, nullptr, nullptr, false, false, out8.t), 161002, "INT64 or UINT64");
    ExpectError("bf16 scale fp16 out", V3(x1.t, x2.t, scb.t, nullptr, nullptr, false, false, out16.t), 161002, "BFLOAT16 or INT32");
    ExpectError("int32 out with u64", V3(x1.t, x2.t, u64.t, nullptr, nullptr, false, false, out32.t), 161002, "FLOAT or BFLOAT16");
    ExpectError("u64 + pertoken", V4(x1.t, x2.t, u64.t, nullptr, pt.t, nullptr, out16.t), 161002, "pertokenScaleOptional");
    ExpectError("fp32 scale fp16 out no pertoken", V3(x1.t, x2.t, sc32.t, nullptr, nullptr, false, false, out16.t), 161002, "FLOAT16");
    ExpectError("bf16 bias fp16 out", V4(x1.t, x2.t, sc32.t, nullptr, pt.t, bf16b.t, out16.t), 161002, "BFLOAT16");
    ExpectError("k mismatch", V3(x1.t, x2k.t, u64.t, nullptr, nullptr, false, false, out16.t), 161002, "x1 k dim and x2 k dim");
    ExpectError("scale 7", V3(x1.t, x2.t, sc7.t, nullptr, nullptr, false, false, outb.t), 161002, "Scale last dim");
    ExpectError("pertoken 5", V4(x1.t, x2.t, sc32.t, nullptr, pt5.t, nullptr, outb.t), 161002, "PertokenScaleOptional 1st dim");
    ExpectError("bias 2-d", V3(x1.t, x2.t, u64.t, nullptr, bias2d.t, false, false, out16.t), 161002, "Bias dim-num");
    ExpectError("out n", V3(x1.t, x2.t, u64.t, nullptr, nullptr, false, false, outbad.t), 161002, "Out 2nd dim");
    ExpectError("batch 2 vs 3", V3(x1b.t, x2b.t, u64.t, nullptr, nullptr, false, false, outbb.t), 161002, "broadcasting");
    ExpectError("nz x2 with k1 1 for k 32", V3(x1.t, nz.t, u64.t, nullptr, nullptr, false, false, out16.t), 161002, "AlignedK1");
    ExpectError("WeightNz with ND x2", aclnnQuantMatmulWeightNzGetWorkspaceSize(x1.t, x2.t, nullptr, u64.t, nullptr, nullptr,
                nullptr, nullptr, nullptr, false, false, 0, out16.t, &ws, &ex), 161002, "FRACTAL_NZ");
    ExpectError("V5 yScale", aclnnQuantMatmulV5GetWorkspaceSize(x1.t, x2.t, nullptr, u64.t, sc32.t, nullptr, nullptr, nullptr,
                nullptr, false, false, 0, out16.t, &ws, &ex), 161002, "not implemented");
    ExpectError("V5 groupSize", aclnnQuantMatmulV5GetWorkspaceSize(x1.t, x2.t, nullptr, u64.t, nullptr, nullptr, nullptr, nullptr,
                nullptr, false, false, 32, out16.t, &ws, &ex), 161002, "groupSize");
    ExpectError("V5 null x2Scale", aclnnQuantMatmulV5GetWorkspaceSize(x1.t, x2.t, nullptr, nullptr, nullptr, nullptr, nullptr,
                nullptr, nullptr, false, false, 0, out16.t, &ws, &ex), 161001, "x2Scale");
    ExpectError("empty x1", V3(x1e.t, x2.t, u64.t, nullptr, nullptr, false, false, oute.t), 161002, "empty tensor");
    ExpectError("k 65536 with u64", V3(x1big.t, x2big.t, u64.t, nullptr, nullptr, false, false, outbig.t), 161002, "65535");
    ExpectError("int4 transposeX1", V3(i4a.t, i4b.t, u64.t, nullptr, nullptr, true, false, out16.t), 161002, "TransposeX1 should be false");
    Accept("u64 -> fp16 + int32 bias", V3(x1.t, x2.t, u64.t, nullptr, bi32.t, false, false, out16.t));
    Accept("u64 -> int8 + offset", V3(x1.t, x2.t, u64.t, o32.t, nullptr, false, false, out8.t));
    Accept("bf16 scale -> int32", V3(x1.t, x2.t, scb.t, nullptr, bi32.t, false, false, out32.t));
    Accept("fp32 + pertoken -> bf16 + bf16 bias", V4(x1.t, x2.t, sc32.t, nullptr, pt.t, bf16b.t, outb.t));
}

// The NZ layout MakeNz writes is the one aclnnTransMatmulWeight produces for an INT8 weight.
static void TestNzLayout(aclrtStream stream)
{
    const int64_t k = 40, n = 70;
    std::vector<int> w((size_t)(k * n));
    for (size_t i = 0; i < w.size(); i++) w[i] = (int)(i * 37 % 251) - 125;
    RawTensor ref;
    if (!MakeNz(ref, k, n, w)) return;
    int64_t shape[2] = {k, n};
    aclIntArray *dims = aclCreateIntArray(shape, 2);
    uint64_t elems = 0;
    int rc = aclnnCalculateMatmulWeightSizeV2(dims, ACL_INT8, &elems);
    aclDestroyIntArray(dims);
    EXPECT(rc == 0 && elems == ref.bytes.size(), "weight size %llu, want %zu", (unsigned long long)elems, ref.bytes.size());
    if (rc || elems != ref.bytes.size()) return;
    std::vector<unsigned char> nd(ref.bytes.size(), 0);
    for (int64_t i = 0; i < k * n; i++) nd[(size_t)i] = (unsigned char)(int8_t)w[(size_t)i];
    RawTensor t;
    if (!t.Init(ACL_INT8, {k, n}, {n, 1}, nd, ACL_FORMAT_ND, {k, n})) return;
    rc = Run("TransMatmulWeight", stream, [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnTransMatmulWeightGetWorkspaceSize(t.t, ws, e); }, aclnnTransMatmulWeight);
    EXPECT(rc == 0, "TransMatmulWeight failed");
    if (rc) return;
    EXPECT(t.Read() == ref.bytes, "aclnnTransMatmulWeight's INT8 NZ bytes differ from the layout the NZ cases use");
}

int main(int argc, char **argv)
{
    bool is310p = argc > 1 && std::string(argv[1]) == "310p";
    Runtime rt;
    if (!rt.ok) return 1;
    if (!is310p) TestValues(rt.stream);
    if (!is310p) TestNzLayout(rt.stream);
    TestValidation(is310p);
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
