// aclnnHansEncode / aclnnHansDecode (ops-math math/hans_encode, hans_decode): the encoder's output
// compared byte for byte (pdfRef, mantissaOut, fixedOut, varOut, untouched bytes included) with a
// reference encoder written here from the layout of the real kernel (op_kernel/hans_encode_base.h:
// cores, 4096-element tiles, per-row rank codes, 16-bit flushes, the 8448-byte tail, the header,
// the raw var tail, the reshuffle), hand-computed layouts of small cases, the decoder's round trip
// to the input bytes on FLOAT / FLOAT16 / BFLOAT16, random bytes, constant and realistic data,
// overflow into var, reshuff, user pdfs and strided views; every documented validation path; on the
// 310P / 950 the chip refusal.
#include <algorithm>
#include <cstring>

#include "../activation/act_test_util.h"
#include "aclnnop/aclnn_hans_decode.h"
#include "aclnnop/aclnn_hans_encode.h"

static std::string g_chip;
static aclrtStream g_stream;
static int64_t g_aiv = 0;

// A device tensor over raw storage bytes.
struct Raw {
    void *dev = nullptr;
    aclTensor *t = nullptr;
    size_t bytes = 0;
    Raw() {}
    Raw(const Raw &) = delete;
    ~Raw()
    {
        if (t) aclDestroyTensor(t);
        if (dev) aclrtFree(dev);
    }
    // shape / strides of the view over a 1-D storage of `storage` elements holding `host`
    bool Init(aclDataType dt, std::vector<int64_t> shape, const std::vector<uint8_t> &host, int64_t storage,
              std::vector<int64_t> strides = {}, int64_t offset = 0)
    {
        size_t es = ElemSize(dt);
        bytes = (size_t)storage * es;
        if (strides.empty()) {
            strides.assign(shape.size(), 1);
            for (int64_t d = (int64_t)shape.size() - 2; d >= 0; d--) strides[d] = strides[d + 1] * shape[d + 1];
        }
        if (aclrtMalloc(&dev, bytes ? bytes : 1, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return false;
        std::vector<uint8_t> h(host);
        h.resize(bytes, 0xA5);
        if (bytes && aclrtMemcpy(dev, bytes, h.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) return false;
        int64_t st[1] = {storage};
        t = aclCreateTensor(shape.data(), shape.size(), dt, strides.data(), offset, ACL_FORMAT_ND, st, 1, dev);
        return t != nullptr;
    }
    std::vector<uint8_t> Read() const
    {
        std::vector<uint8_t> h(bytes);
        if (bytes) aclrtMemcpy(h.data(), bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST);
        return h;
    }
};

static std::vector<uint8_t> Fill(size_t n, uint8_t v) { return std::vector<uint8_t>(n, v); }

// ---- the reference encoder -------------------------------------------------------------------
struct HLayout {
    int64_t n, ds, cores, upper, fixedBytes, varBytes;
};

static HLayout Plan(int64_t n, int64_t ds, int64_t fixedElems, int64_t varElems)
{
    HLayout l;
    l.n = n;
    l.ds = ds;
    l.cores = std::min<int64_t>(n / 32768, g_aiv);
    l.upper = n + n / 64 + 8448 * l.cores + 512;
    l.fixedBytes = fixedElems * ds;
    l.varBytes = varElems * ds;
    return l;
}

static void Append16(std::vector<uint8_t> &o, uint32_t v)
{
    o.push_back((uint8_t)v);
    o.push_back((uint8_t)(v >> 8));
}

// in: the element bytes (n * ds); fixed / var / mant / pdf: the buffers' contents before the call,
// updated to what the encoder leaves in them
static void RefEncode(const std::vector<uint8_t> &in, const HLayout &l, bool statistic, bool reshuff,
                      std::vector<int32_t> &pdf, std::vector<uint8_t> &mant, std::vector<uint8_t> &fixed,
                      std::vector<uint8_t> &var)
{
    const int64_t n = l.n, ds = l.ds, P = l.cores;
    if (statistic) {
        std::vector<uint32_t> h(256, 0);
        for (int64_t i = 0; i < n; i++) h[in[(size_t)(i * ds + ds - 1)]]++;
        for (int i = 0; i < 256; i++) pdf[(size_t)i] = (int32_t)h[(size_t)i];
    }
    // symbols by count, most frequent first, ties by symbol (the counts here are never negative)
    std::vector<int> order(256);
    for (int i = 0; i < 256; i++) order[(size_t)i] = i;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return pdf[(size_t)a] > pdf[(size_t)b]; });
    int rankOf[256], lenOf[256];
    for (int r = 0; r < 256; r++) {
        rankOf[order[(size_t)r]] = r;
        int b = 0;
        while ((r >> b) != 0) b++;
        lenOf[order[(size_t)r]] = r == 0 ? 1 : b;
    }
    for (int64_t i = 0; i < n; i++)
        for (int64_t k = 0; k < ds - 1; k++) mant[(size_t)(i * (ds - 1) + k)] = in[(size_t)(i * ds + k)];
    int64_t fixedT = reshuff ? l.upper : l.fixedBytes, outBytes = fixedT - 512;
    int64_t fpc = outBytes / P, flast = fpc + outBytes % P, loops = n / 64, lpc = loops / P;
    std::vector<std::vector<uint8_t>> streams((size_t)P);
    std::vector<int64_t> raw((size_t)P), coded((size_t)P), cloops((size_t)P);
    for (int64_t b = 0; b < P; b++) {
        int64_t first = lpc * 64 * b, cnt = (b < P - 1 ? lpc : lpc + loops % P) * 64;
        int64_t room = b < P - 1 ? fpc : flast;
        std::vector<uint8_t> &o = streams[(size_t)b];
        std::vector<uint64_t> acc(4096, 0);
        std::vector<int> bits(64, 0);
        int64_t done = 0;
        if (room >= 8448) {
            for (int64_t t0 = 0; t0 < cnt; t0 += 4096) {
                int64_t m = std::min<int64_t>(4096, cnt - t0), rows = m / 64;
                std::vector<int> L(64, 0);
                for (int64_t j = 0; j < m; j++) {
                    int s = in[(size_t)((first + t0 + j) * ds + ds - 1)];
                    L[(size_t)(j / 64)] = std::max(L[(size_t)(j / 64)], lenOf[s]);
                }
                int64_t used = (int64_t)o.size();
                if (used + 8448 > room - 8448) {
                    int64_t flush = 0;
                    for (int r = 0; r < 64; r++) flush += bits[(size_t)r] + L[(size_t)r] > 16;
                    if (used + 256 + flush * 128 > room - 8448) break;
                }
                for (int64_t j = 0; j < rows * 64; j++) {
                    int s = in[(size_t)((first + t0 + j) * ds + ds - 1)];
                    acc[(size_t)j] = (acc[(size_t)j] << L[(size_t)(j / 64)]) | (uint64_t)rankOf[s];
                }
                for (int r = 0; r < 64; r++) bits[(size_t)r] += L[(size_t)r];
                for (int r = 0; r < 64; r++)
                    if (bits[(size_t)r] > 16) {
                        for (int c = 0; c < 64; c++) {
                            Append16(o, (uint32_t)(acc[(size_t)(r * 64 + c)] & 0xffff));
                            acc[(size_t)(r * 64 + c)] >>= 16;
                        }
                        bits[(size_t)r] -= 16;
                    }
                for (int r = 0; r < 64; r++) Append16(o, (uint32_t)L[(size_t)r]);
                done += m;
            }
            for (int j = 0; j < 4096; j++) Append16(o, (uint32_t)(acc[(size_t)j] & 0xffff));
            for (int r = 0; r < 64; r++) {
                Append16(o, (uint32_t)bits[(size_t)r]);
                Append16(o, (uint32_t)bits[(size_t)r] >> 16);
            }
        }
        raw[(size_t)b] = cnt - done;
        coded[(size_t)b] = done;
        cloops[(size_t)b] = cnt / 64;
    }
    std::vector<int32_t> hdr(128, 0);
    for (int64_t b = 0; b < P; b++) {
        hdr[0] += 12138;
        hdr[1] += 1;
        hdr[2] += (int32_t)cloops[(size_t)b];
        hdr[3] += (int32_t)(coded[(size_t)b] / 64);
        hdr[4] += (int32_t)(raw[(size_t)b] / 64);
        hdr[(size_t)(8 + b)] = (int32_t)streams[(size_t)b].size();
        hdr[(size_t)(64 + b)] = (int32_t)raw[(size_t)b];
    }
    memcpy(fixed.data(), hdr.data(), 512);
    int64_t packed = 512, vo = 0;
    for (int64_t b = 0; b < P; b++) {
        const std::vector<uint8_t> &o = streams[(size_t)b];
        int64_t at = reshuff ? packed : 512 + fpc * b;
        std::copy(o.begin(), o.end(), fixed.begin() + at);
        packed += (int64_t)o.size();
        int64_t first = lpc * 64 * b;
        for (int64_t k = 0; k < raw[(size_t)b]; k++)
            var[(size_t)(vo + k)] = in[(size_t)((first + coded[(size_t)b] + k) * ds + ds - 1)];
        vo += raw[(size_t)b];
    }
}

// ---- one case ----------------------------------------------------------------------------------
struct CaseOpt {
    bool statistic = true, reshuff = false, strided = false;
    int64_t fixedElems = -1, varElems = -1; // -1: the upper bound in fixed, 1024 elements of var
    std::vector<int32_t> userPdf;           // statistic false
};

static int64_t Elems(int64_t bytes, int64_t ds) { return (bytes + ds - 1) / ds; }

static void Case(const char *what, aclDataType dt, const std::vector<uint8_t> &in, const CaseOpt &opt,
                 std::vector<uint8_t> *fixedOutCopy = nullptr, HLayout *layoutOut = nullptr)
{
    int64_t ds = (int64_t)ElemSize(dt), n = (int64_t)in.size() / ds;
    HLayout l0 = Plan(n, ds, 0, 0);
    int64_t fe = opt.fixedElems >= 0 ? opt.fixedElems : Elems(l0.upper, ds);
    int64_t ve = opt.varElems >= 0 ? opt.varElems : 1024;
    HLayout l = Plan(n, ds, fe, ve);
    if (layoutOut) *layoutOut = l;
    int64_t me = n * (ds - 1) / ds;
    Raw input, pdf, mant, fixed, var, rec;
    std::vector<uint8_t> pdfHost(1024);
    std::vector<int32_t> pdfv(256, 0);
    if (!opt.statistic) pdfv = opt.userPdf;
    else for (int i = 0; i < 256; i++) pdfv[(size_t)i] = 1000 + i; // overwritten by the statistic
    memcpy(pdfHost.data(), pdfv.data(), 1024);
    bool ok;
    if (opt.strided) { // every second element of a storage of 2n + 1, offset 1
        std::vector<uint8_t> st((size_t)((2 * n + 1) * ds), 0x5A);
        for (int64_t i = 0; i < n; i++) memcpy(&st[(size_t)((1 + 2 * i) * ds)], &in[(size_t)(i * ds)], (size_t)ds);
        ok = input.Init(dt, {n}, st, 2 * n + 1, {2}, 1);
    } else {
        ok = input.Init(dt, {1, n}, in, n);
    }
    ok = ok && pdf.Init(ACL_INT32, {1, 256}, pdfHost, 256) && mant.Init(dt, {me}, Fill((size_t)(me * ds), 0x11), me) &&
         fixed.Init(dt, {fe}, Fill((size_t)(fe * ds), 0x22), fe) && var.Init(dt, {ve}, Fill((size_t)(ve * ds), 0x33), ve) &&
         rec.Init(dt, {1, n}, Fill((size_t)(n * ds), 0x44), n);
    EXPECT(ok, "%s: tensors", what);
    if (!ok) return;
    int ret = RunOp("aclnnHansEncode", g_stream,
                    [&](uint64_t *w, aclOpExecutor **e) {
                        return aclnnHansEncodeGetWorkspaceSize(input.t, pdf.t, opt.statistic, opt.reshuff, mant.t, fixed.t,
                                                               var.t, w, e);
                    },
                    aclnnHansEncode);
    EXPECT(ret == 0, "%s: encode returned %d", what, ret);
    if (ret) return;
    std::vector<int32_t> epdf(pdfv);
    std::vector<uint8_t> emant = Fill((size_t)(me * ds), 0x11), efixed = Fill((size_t)(fe * ds), 0x22),
                         evar = Fill((size_t)(ve * ds), 0x33);
    RefEncode(in, l, opt.statistic, opt.reshuff, epdf, emant, efixed, evar);
    std::vector<uint8_t> gp = pdf.Read(), gm = mant.Read(), gf = fixed.Read(), gv = var.Read();
    auto firstDiff = [](const std::vector<uint8_t> &a, const std::vector<uint8_t> &b) {
        for (size_t i = 0; i < a.size() && i < b.size(); i++)
            if (a[i] != b[i]) return (long)i;
        return a.size() == b.size() ? -1L : (long)std::min(a.size(), b.size());
    };
    std::vector<uint8_t> ep(1024);
    memcpy(ep.data(), epdf.data(), 1024);
    long d;
    EXPECT((d = firstDiff(gp, ep)) < 0, "%s: pdf differs at byte %ld", what, d);
    EXPECT((d = firstDiff(gm, emant)) < 0, "%s: mantissa differs at byte %ld", what, d);
    EXPECT((d = firstDiff(gf, efixed)) < 0, "%s: fixed differs at byte %ld (%d vs %d)", what, d,
           d >= 0 ? gf[(size_t)d] : 0, d >= 0 ? efixed[(size_t)d] : 0);
    EXPECT((d = firstDiff(gv, evar)) < 0, "%s: var differs at byte %ld", what, d);
    if (fixedOutCopy) *fixedOutCopy = gf;
    // the decoder restores the input bytes
    ret = RunOp("aclnnHansDecode", g_stream,
                [&](uint64_t *w, aclOpExecutor **e) {
                    return aclnnHansDecodeGetWorkspaceSize(mant.t, fixed.t, var.t, pdf.t, opt.reshuff, rec.t, w, e);
                },
                aclnnHansDecode);
    EXPECT(ret == 0, "%s: decode returned %d", what, ret);
    std::vector<uint8_t> gr = rec.Read();
    EXPECT((d = firstDiff(gr, in)) < 0, "%s: decoded tensor differs at byte %ld", what, d);
}

// ---- data ----------------------------------------------------------------------------------------
static std::vector<uint8_t> RandomBytes(size_t n, uint64_t seed)
{
    Lcg r(seed);
    std::vector<uint8_t> v(n);
    for (auto &b : v) b = (uint8_t)(r.uniform() * 256.0);
    return v;
}

static std::vector<uint8_t> Realistic(aclDataType dt, int64_t n, uint64_t seed)
{
    std::vector<double> v = RandomValues((size_t)n, seed, 0.02);
    size_t es = ElemSize(dt);
    std::vector<uint8_t> b((size_t)n * es);
    for (int64_t i = 0; i < n; i++) Encode(dt, v[(size_t)i], &b[(size_t)i * es]);
    return b;
}

static void HandLayouts()
{
    // all zeros, FLOAT, 2 x 32768: one symbol (rank 0, 1 bit); 8 tiles a core, 8 bits a row, no flush
    const int64_t n = 65536;
    std::vector<uint8_t> in((size_t)n * 4, 0), f;
    HLayout l;
    Case("zeros fp32", ACL_FLOAT, in, CaseOpt(), &f, &l);
    if (f.size() < 512 + 9472 || l.cores != 2) {
        EXPECT(l.cores == 2, "zeros: %lld cores", (long long)l.cores);
        return;
    }
    int32_t h[128];
    memcpy(h, f.data(), 512);
    EXPECT(h[0] == 2 * 12138 && h[1] == 2 && h[2] == 1024 && h[3] == 1024 && h[4] == 0,
           "zeros: header %d %d %d %d %d", h[0], h[1], h[2], h[3], h[4]);
    EXPECT(h[8] == 8 * 128 + 8448 && h[9] == 8 * 128 + 8448 && h[64] == 0 && h[65] == 0, "zeros: core sizes %d %d",
           h[8], h[9]);
    // tile 0 of core 0: 64 UINT16 code lengths of 1
    bool ones = true;
    for (int r = 0; r < 64; r++) ones = ones && f[(size_t)(512 + 2 * r)] == 1 && f[(size_t)(513 + 2 * r)] == 0;
    EXPECT(ones, "zeros: the first tile's code lengths");
    // the tail: 4096 zero states, then 64 INT32 row bit counts of 8
    int32_t bits[64];
    int64_t core1 = 512 + (l.fixedBytes - 512) / 2;
    memcpy(bits, &f[(size_t)(core1 + 9472 - 256)], 256);
    EXPECT(bits[0] == 8 && bits[63] == 8, "zeros: row bits %d %d", bits[0], bits[63]);

    // 1.0f everywhere except one row of ranks: symbol 0x3f first; 0x40 second (rank 1, 1 bit)
    std::vector<uint8_t> one((size_t)n * 4);
    for (int64_t i = 0; i < n; i++) {
        uint32_t v = (i % 64 == 5) ? 0x40000000u : 0x3f800000u; // 2.0f in column 5
        memcpy(&one[(size_t)i * 4], &v, 4);
    }
    Case("ones fp32", ACL_FLOAT, one, CaseOpt(), &f, &l);
    if (f.size() > 512 + 9472) {
        // each core's 4096 states: column 5 holds 8 ones (0xff), the others 0
        int64_t tail = 512 + 8 * 128;
        uint16_t s5, s4;
        memcpy(&s5, &f[(size_t)(tail + 2 * 5)], 2);
        memcpy(&s4, &f[(size_t)(tail + 2 * 4)], 2);
        EXPECT(s5 == 0xff && s4 == 0, "ones: states %#x %#x", s5, s4);
    }
}

static void Cases()
{
    int64_t c3 = 32768 * 3 + 64 * 70; // 3 cores; the last one gets 70 more loops (a partial tile)
    Case("random fp32", ACL_FLOAT, RandomBytes((size_t)c3 * 4, 1), CaseOpt());
    Case("random fp16", ACL_FLOAT16, RandomBytes((size_t)c3 * 2, 2), CaseOpt());
    Case("random bf16", ACL_BF16, RandomBytes((size_t)c3 * 2, 3), CaseOpt());
    Case("realistic fp32", ACL_FLOAT, Realistic(ACL_FLOAT, 32768 * 2, 4), CaseOpt());
    Case("realistic fp16", ACL_FLOAT16, Realistic(ACL_FLOAT16, 32768 * 2 + 64, 5), CaseOpt());
    Case("realistic bf16", ACL_BF16, Realistic(ACL_BF16, 32768 + 4096 * 3, 6), CaseOpt());
    std::vector<uint8_t> same((size_t)40000 * 64 / 64 * 2);
    same.resize((size_t)(32768 + 640) * 2);
    for (size_t i = 0; i < same.size(); i++) same[i] = (i % 2) ? 0x3c : 0x00; // 1.0 in FP16
    Case("constant fp16", ACL_FLOAT16, same, CaseOpt());
    // fixed too small for everything: each core stops after a few tiles, the rest raw in var
    {
        int64_t n = 32768 * 2;
        HLayout l = Plan(n, 4, 0, 0);
        CaseOpt o;
        o.fixedElems = (512 + l.cores * 9000) / 4;
        o.varElems = Elems(l.upper, 4);
        Case("fixed overflow fp32", ACL_FLOAT, RandomBytes((size_t)n * 4, 7), o);
        o.fixedElems = (512 + l.cores * 4000) / 4; // below the 8448-byte tail: all raw
        Case("all raw fp32", ACL_FLOAT, RandomBytes((size_t)n * 4, 8), o);
        HLayout l16 = Plan(n, 2, 0, 0);
        o.fixedElems = (512 + l16.cores * 12000) / 2;
        o.varElems = Elems(l16.upper, 2);
        Case("fixed overflow bf16", ACL_BF16, Realistic(ACL_BF16, n, 9), o);
    }
    // reshuff: the regions packed after the header, the fixed tensor larger than the bound
    {
        CaseOpt o;
        o.reshuff = true;
        int64_t n = 32768 * 3;
        o.fixedElems = Elems(Plan(n, 4, 0, 0).upper, 4) + 300;
        Case("reshuff fp32", ACL_FLOAT, Realistic(ACL_FLOAT, n, 10), o);
        o.fixedElems = Elems(Plan(n, 2, 0, 0).upper, 2) + 7;
        Case("reshuff fp16", ACL_FLOAT16, RandomBytes((size_t)n * 2, 11), o);
    }
    // a user pdf (no statistic) with ties and symbols missing from the data
    {
        CaseOpt o;
        o.statistic = false;
        o.userPdf.assign(256, 0);
        for (int i = 0; i < 256; i++) o.userPdf[(size_t)i] = (i * 37) % 11;
        Case("user pdf fp32", ACL_FLOAT, RandomBytes((size_t)32768 * 4, 12), o);
        Case("user pdf bf16", ACL_BF16, Realistic(ACL_BF16, 32768 * 2, 13), o);
    }
    // a strided input view
    {
        CaseOpt o;
        o.strided = true;
        Case("strided fp16", ACL_FLOAT16, Realistic(ACL_FLOAT16, 32768 * 2, 14), o);
    }
    // more data than cores: every vector core takes a part
    {
        int64_t n = 32768 * (g_aiv + 3) + 64 * 9;
        Case("all cores fp32", ACL_FLOAT, Realistic(ACL_FLOAT, n, 15), CaseOpt());
    }
}

static void Validation()
{
    const int64_t n = 32768;
    Raw in, in16, pdf, pdfF, pdf255, mant, mant16, mantBad, fixed, var, fixedSmall, fixedMid, varSmall, rec, in32k, inInt;
    HLayout l = Plan(n, 4, 0, 0);
    int64_t fe = Elems(l.upper, 4);
    bool ok = in.Init(ACL_FLOAT, {n}, {}, n) && in16.Init(ACL_FLOAT16, {n}, {}, n) && pdf.Init(ACL_INT32, {1, 256}, {}, 256) &&
              pdfF.Init(ACL_FLOAT, {1, 256}, {}, 256) && pdf255.Init(ACL_INT32, {255}, {}, 255) &&
              mant.Init(ACL_FLOAT, {n * 3 / 4}, {}, n * 3 / 4) && mant16.Init(ACL_FLOAT16, {n * 3 / 4}, {}, n * 3 / 4) &&
              mantBad.Init(ACL_FLOAT, {n * 3 / 4 + 1}, {}, n * 3 / 4 + 1) && fixed.Init(ACL_FLOAT, {fe}, {}, fe) &&
              var.Init(ACL_FLOAT, {16}, {}, 16) && fixedSmall.Init(ACL_FLOAT, {100}, {}, 100) && fixedMid.Init(ACL_FLOAT, {1000}, {}, 1000) &&
              varSmall.Init(ACL_FLOAT, {fe}, {}, fe) && rec.Init(ACL_FLOAT, {n}, {}, n) &&
              in32k.Init(ACL_FLOAT, {n - 64}, {}, n - 64) && inInt.Init(ACL_INT32, {n}, {}, n);
    EXPECT(ok, "validation tensors");
    if (!ok) return;
    uint64_t ws = 0;
    aclOpExecutor *ex = nullptr;
    auto enc = [&](const aclTensor *a, aclTensor *p, bool re, const aclTensor *m, const aclTensor *f, const aclTensor *v) {
        return aclnnHansEncodeGetWorkspaceSize(a, p, true, re, m, f, v, &ws, &ex);
    };
    if (g_chip == "310p" || g_chip == "950") {
        // no kernel on these chips: 361001 with the inner-error message
        int r = enc(in.t, pdf.t, false, mant.t, fixed.t, var.t);
        const char *mp = aclGetRecentErrMsg();
        std::string m = mp ? mp : "";
        EXPECT(r == 361001 && m.find("not implemented") != std::string::npos, "encode chip: %d %s", r, m.c_str());
        r = aclnnHansDecodeGetWorkspaceSize(mant.t, fixed.t, var.t, pdf.t, false, rec.t, &ws, &ex);
        mp = aclGetRecentErrMsg();
        m = mp ? mp : "";
        EXPECT(r == 361001 && m.find("not implemented") != std::string::npos, "decode chip: %d %s", r, m.c_str());
        return;
    }
    ExpectError("null input", enc(nullptr, pdf.t, false, mant.t, fixed.t, var.t), 161001, "inputTensor");
    ExpectError("null pdf", enc(in.t, nullptr, false, mant.t, fixed.t, var.t), 161001, "pdf");
    ExpectError("null mantissa", enc(in.t, pdf.t, false, nullptr, fixed.t, var.t), 161001, "mantissaOut");
    ExpectError("null fixed", enc(in.t, pdf.t, false, mant.t, nullptr, var.t), 161001, "fixedOut");
    ExpectError("null var", enc(in.t, pdf.t, false, mant.t, fixed.t, nullptr), 161001, "varOut");
    ExpectError("int32 input", enc(inInt.t, pdf.t, false, mant.t, fixed.t, var.t), 161002, "inputTensor", "DT_INT32");
    ExpectError("float pdf", enc(in.t, pdfF.t, false, mant.t, fixed.t, var.t), 161002, "pdf", "DT_FLOAT");
    ExpectError("mantissa dtype", enc(in.t, pdf.t, false, mant16.t, fixed.t, var.t), 161002, "mantissaOut");
    ExpectError("pdf length", enc(in.t, pdf255.t, false, mant.t, fixed.t, var.t), 161002, "pdf length must equal to 256");
    ExpectError("too few elements", enc(in32k.t, pdf.t, false, mant.t, fixed.t, var.t), 161002, "multiple of 64");
    ExpectError("mantissa size", enc(in.t, pdf.t, false, mantBad.t, fixed.t, var.t), 161002, "Insufficient size for mantissa");
    ExpectError("reshuff bound", enc(in.t, pdf.t, true, mant.t, fixedSmall.t, varSmall.t), 161002, "upper bound");
    ExpectError("fixed 512", enc(in.t, pdf.t, false, mant.t, fixedSmall.t, varSmall.t), 161002, "greater than 512");
    ExpectError("space", enc(in.t, pdf.t, false, mant.t, fixedMid.t, var.t), 161002, "upper bound");
    {   // n not a multiple of 64
        Raw odd, om;
        ok = odd.Init(ACL_FLOAT, {n + 32}, {}, n + 32) && om.Init(ACL_FLOAT, {(n + 32) * 3 / 4}, {}, (n + 32) * 3 / 4);
        if (ok) ExpectError("multiple of 64", enc(odd.t, pdf.t, false, om.t, fixed.t, var.t), 161002, "multiple of 64");
    }
    auto dec = [&](const aclTensor *m, const aclTensor *f, const aclTensor *v, const aclTensor *p, const aclTensor *o) {
        return aclnnHansDecodeGetWorkspaceSize(m, f, v, p, false, o, &ws, &ex);
    };
    ExpectError("dec null mantissa", dec(nullptr, fixed.t, var.t, pdf.t, rec.t), 161001, "mantissa");
    ExpectError("dec null fixed", dec(mant.t, nullptr, var.t, pdf.t, rec.t), 161001, "fixed");
    ExpectError("dec null var", dec(mant.t, fixed.t, nullptr, pdf.t, rec.t), 161001, "var");
    ExpectError("dec null pdf", dec(mant.t, fixed.t, var.t, nullptr, rec.t), 161001, "pdf");
    ExpectError("dec null out", dec(mant.t, fixed.t, var.t, pdf.t, nullptr), 161001, "out");
    ExpectError("dec int32 mantissa", dec(inInt.t, fixed.t, var.t, pdf.t, rec.t), 161002, "mantissa");
    ExpectError("dec float pdf", dec(mant.t, fixed.t, var.t, pdfF.t, rec.t), 161002, "pdf");
    ExpectError("dec out dtype", dec(mant.t, fixed.t, var.t, pdf.t, in16.t), 161002, "out");
    ExpectError("dec mantissa size", dec(mantBad.t, fixed.t, var.t, pdf.t, rec.t), 161002, "Insufficient size for mantissa");
    ExpectError("dec pdf length", dec(mant.t, fixed.t, var.t, pdf255.t, rec.t), 161002, "pdf length must equal to 256");
    // a stage-1 success released without running
    EXPECT(dec(mant.t, fixed.t, var.t, pdf.t, rec.t) == 0, "dec stage 1");
    if (ex) aclDestroyAclOpExecutor(ex);
    ex = nullptr;
}

int main(int argc, char **argv)
{
    g_chip = argc > 1 && argv[1] ? argv[1] : "";
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    aclGetDeviceCapability(0, ACL_DEVICE_INFO_VECTOR_CORE_NUM, &g_aiv);
    EXPECT(g_aiv > 0, "vector cores %lld", (long long)g_aiv);
    if (g_chip != "310p" && g_chip != "950") {
        HandLayouts();
        Cases();
    }
    Validation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
