// aclnnConvertWeightToINT4Pack: INT32 weights holding one INT4 value each, packed two per byte
// (first value in the low nibble) into INT4 (same shape) and INT32 (last dim / 8) tensors, ND and
// FRACTAL_NZ ([ceil(n / 64), ceil(k / 16), 16, 64] INT4: byte (k, j) at ((j / 32) * k1 * 16 + k) * 32
// + j % 32, zero padding), bytes compared with a packing written here; validation paths.
#include "qmm_test_util.h"
#include "aclnnop/aclnn_convert_weight_to_int4_pack.h"

static std::vector<unsigned char> RefPack(const std::vector<int32_t> &w)
{
    std::vector<unsigned char> b(w.size() / 2);
    for (size_t i = 0; i < b.size(); i++) b[i] = (unsigned char)(((w[2 * i + 1] & 0xF) << 4) | (w[2 * i] & 0xF));
    return b;
}

static std::vector<unsigned char> I32Bytes(const std::vector<int32_t> &w)
{
    std::vector<unsigned char> b(w.size() * 4);
    std::memcpy(b.data(), w.data(), b.size());
    return b;
}

static void Case(aclrtStream stream, std::vector<int64_t> shape, aclDataType pdt, bool nz)
{
    int64_t n = shape.back(), rows = GetShapeSize(shape) / n;
    std::vector<int32_t> w((size_t)GetShapeSize(shape));
    for (size_t i = 0; i < w.size(); i++) w[i] = (int32_t)((i * 7 + 3) % 16) - 8;
    std::vector<unsigned char> want = RefPack(w);
    std::vector<int64_t> pshape = shape;
    if (pdt == ACL_INT32) pshape.back() /= 8;
    std::vector<int64_t> storage;
    size_t pbytes = want.size();
    if (nz) {
        int64_t k1 = (rows + 15) / 16, nb = n / 2, n1 = (nb + 31) / 32;
        std::vector<unsigned char> z((size_t)(n1 * k1 * 16 * 32), 0);
        for (int64_t r = 0; r < rows; r++)
            for (int64_t j = 0; j < nb; j++) z[(size_t)(((j / 32) * k1 * 16 + r) * 32 + j % 32)] = want[(size_t)(r * nb + j)];
        want = z;
        pbytes = z.size();
        storage = pdt == ACL_INT4 ? std::vector<int64_t>{n1, k1, 16, 64} : std::vector<int64_t>{n1, k1, 16, 8};
    } else {
        storage = {pdt == ACL_INT4 ? GetShapeSize(pshape) : GetShapeSize(pshape)};
    }
    RawTensor tw, tp;
    bool ok = tw.Init(ACL_INT32, shape, RowMajor(shape), I32Bytes(w), ACL_FORMAT_ND, {GetShapeSize(shape)}) &&
              tp.Init(pdt, pshape, RowMajor(pshape), std::vector<unsigned char>(pbytes, 0x5A), nz ? ACL_FORMAT_FRACTAL_NZ : ACL_FORMAT_ND,
                      storage);
    EXPECT(ok, "setup failed");
    if (!ok) return;
    int rc = Run("ConvertWeightToINT4Pack", stream, [&](uint64_t *ws, aclOpExecutor **e) {
        return aclnnConvertWeightToINT4PackGetWorkspaceSize(tw.t, tp.t, ws, e); }, aclnnConvertWeightToINT4Pack);
    EXPECT(rc == 0, "pack %s %s: run failed", pdt == ACL_INT4 ? "int4" : "int32", nz ? "nz" : "nd");
    if (rc) return;
    EXPECT(tp.Read() == want, "pack %s %s (%lld x %lld): bytes differ", pdt == ACL_INT4 ? "int4" : "int32", nz ? "nz" : "nd",
           (long long)rows, (long long)n);
}

static void TestValidation()
{
    RawTensor w, w7, pi4, pi32, pbad, pf16, wt;
    if (!w.Init(ACL_INT32, {4, 16}, {16, 1}, std::vector<unsigned char>(256, 0)) ||
        !w7.Init(ACL_INT32, {4, 12}, {12, 1}, std::vector<unsigned char>(192, 0)) ||
        !pi4.Init(ACL_INT4, {4, 16}, {16, 1}, std::vector<unsigned char>(32, 0), ACL_FORMAT_ND, {64}) ||
        !pi32.Init(ACL_INT32, {4, 2}, {2, 1}, std::vector<unsigned char>(32, 0)) ||
        !pbad.Init(ACL_INT32, {4, 3}, {3, 1}, std::vector<unsigned char>(48, 0)) ||
        !pf16.Init(ACL_FLOAT16, {4, 16}, {16, 1}, std::vector<unsigned char>(128, 0)) ||
        !wt.Init(ACL_INT32, {16, 4}, {1, 16}, std::vector<unsigned char>(256, 0), ACL_FORMAT_ND, {64})) return;
    uint64_t ws;
    aclOpExecutor *ex;
    ExpectError("null weight", aclnnConvertWeightToINT4PackGetWorkspaceSize(nullptr, pi4.t, &ws, &ex), 161001, "weight");
    ExpectError("non-contiguous", aclnnConvertWeightToINT4PackGetWorkspaceSize(wt.t, pi4.t, &ws, &ex), 161002, "contiguous");
    ExpectError("fp16 pack", aclnnConvertWeightToINT4PackGetWorkspaceSize(w.t, pf16.t, &ws, &ex), 161002, "weightInt4Pack");
    ExpectError("int32 last dim 12", aclnnConvertWeightToINT4PackGetWorkspaceSize(w7.t, pbad.t, &ws, &ex), 161002, "multiple of 8");
    ExpectError("int32 pack shape", aclnnConvertWeightToINT4PackGetWorkspaceSize(w.t, pbad.t, &ws, &ex), 161002, "8 multiple");
}

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    Case(rt.stream, {6, 16}, ACL_INT4, false);
    Case(rt.stream, {2, 5, 24}, ACL_INT32, false);
    Case(rt.stream, {20, 80}, ACL_INT4, true);
    Case(rt.stream, {33, 16}, ACL_INT32, true);
    TestValidation();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
