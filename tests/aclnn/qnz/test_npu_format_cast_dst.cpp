// aclnnNpuFormatCast ND -> FRACTAL_NZ (FLOAT8_E4M3FN, c0 32) on the 950 (ops-math conversion/npu_format_cast) and its
// destination. Stage 1 sees only tensor metadata: a storage shape that does not hold the computed
// NZ layout is refused there (161002), but the size of the device buffer behind a correct storage
// shape is unknown to the library, as on a card (the QuantMatmulActivationQuantWeightNz example
// allocates 2560 bytes for an 8192-byte NZ weight). Run under ACLEMU_MEMCHECK=1 (set by meson): the
// launch that would write past the allocation is reported (illegal write of dstTensor) and skipped,
// the stream fails at synchronisation with ACL_ERROR_RT_AICORE_EXCEPTION (507015), a neighbouring
// buffer keeps its bytes. The good case is checked byte by byte against the NZ layout written here:
// the (n, k) matrix as [ceil(k / 32), ceil(n / 16), 16, 32], zero padded.
#include <fstream>
#include <sstream>

#include "../quant_matmul/qmm_test_util.h"
#include "../qmm3/qf8_ref.h"
#include "aclnnop/aclnn_npu_format_cast.h"

static aclrtStream g_stream;

int main(int argc, char **argv)
{
    std::string chip = argc > 1 ? argv[1] : "";
    if (const char *log = getenv("ACLEMU_MEMCHECK_LOG")) std::ofstream(log, std::ios::trunc).close(); // this run's reports only
    Runtime rt;
    if (!rt.ok) return 1;
    g_stream = rt.stream;
    const int64_t n = 40, k = 72;  // padded to 48 rows, 3 column blocks
    Lcg rng(7);
    std::vector<unsigned char> src((size_t)(n * k));
    for (auto &c : src) c = (unsigned char)(1 + (int)(rng.uniform() * 250));
    RawTensor s;
    if (!s.Init(ACL_FLOAT8_E4M3FN, {n, k}, {k, 1}, src)) return 1;
    int64_t *dshape = nullptr;
    uint64_t dn = 0;
    int fmt = 0;
    int ret = aclnnNpuFormatCastCalculateSizeAndFormat(s.t, ACL_FORMAT_FRACTAL_NZ, ACL_FLOAT8_E4M3FN, &dshape, &dn, &fmt);
    EXPECT(ret == 0, "size: %d (%s)", ret, aclGetRecentErrMsg());
    if (ret) return 1;
    std::vector<int64_t> st(dshape, dshape + dn);
    free(dshape); // ours is malloc()ed (the real one new[]s it, the examples delete[] it)
    const std::vector<int64_t> want = {(k + 31) / 32, (n + 15) / 16, 16, 32};
    EXPECT(st == want && fmt == ACL_FORMAT_FRACTAL_NZ, "storage shape / format (%d)", fmt);
    const int64_t bytes = want[0] * want[1] * 16 * 32;
    // 1. the right storage and buffer: every byte of the layout
    {
        RawTensor d;
        if (!d.Init(ACL_FLOAT8_E4M3FN, {n, k}, {k, 1}, std::vector<unsigned char>((size_t)bytes, 0xEE), (aclFormat)fmt, st)) return 1;
        int r = Run("aclnnNpuFormatCast", g_stream,
                    [&](uint64_t *w, aclOpExecutor **e) { return aclnnNpuFormatCastGetWorkspaceSize(s.t, d.t, w, e); },
                    aclnnNpuFormatCast);
        EXPECT(r == 0, "good cast: %d (%s)", r, aclGetRecentErrMsg());
        std::vector<unsigned char> g = d.Read();
        size_t bad = 0;
        for (int64_t c1 = 0; c1 < want[0]; c1++)
            for (int64_t r1 = 0; r1 < want[1]; r1++)
                for (int64_t r0 = 0; r0 < 16; r0++)
                    for (int64_t c0 = 0; c0 < 32; c0++) {
                        int64_t row = r1 * 16 + r0, col = c1 * 32 + c0;
                        unsigned char e = row < n && col < k ? src[(size_t)(row * k + col)] : 0;
                        bad += g[(size_t)(((c1 * want[1] + r1) * 16 + r0) * 32 + c0)] != e;
                    }
        EXPECT(r != 0 || bad == 0, "good cast: %zu of %lld bytes wrong", bad, (long long)bytes);
    }
    // 2. a storage shape one column block short: refused at stage 1
    {
        std::vector<int64_t> shortst = want;
        shortst[0] -= 1;
        RawTensor d;
        if (!d.Init(ACL_FLOAT8_E4M3FN, {n, k}, {k, 1}, std::vector<unsigned char>((size_t)bytes, 0), (aclFormat)fmt, shortst)) return 1;
        uint64_t ws;
        aclOpExecutor *ex;
        ExpectCode("storage one block short", aclnnNpuFormatCastGetWorkspaceSize(s.t, d.t, &ws, &ex), 161002, "does not match the NZ storage shape");
    }
    // 3. the right storage shape over a 2560-byte buffer (the example's mistake)
    {
        void *dev = nullptr, *guard = nullptr;
        if (aclrtMalloc(&dev, 2560, ACL_MEM_MALLOC_HUGE_FIRST) || aclrtMalloc(&guard, 8192, ACL_MEM_MALLOC_HUGE_FIRST)) return 1;
        std::vector<unsigned char> g0(8192, 0x5A);
        aclrtMemcpy(guard, 8192, g0.data(), 8192, ACL_MEMCPY_HOST_TO_DEVICE);
        std::vector<int64_t> shape = {n, k}, strides = {k, 1};
        aclTensor *d = aclCreateTensor(shape.data(), 2, ACL_FLOAT8_E4M3FN, strides.data(), 0, (aclFormat)fmt, st.data(),
                                       st.size(), dev);
        uint64_t ws = 0;
        aclOpExecutor *ex = nullptr;
        int r1 = aclnnNpuFormatCastGetWorkspaceSize(s.t, d, &ws, &ex);
        EXPECT(r1 == 0, "undersized buffer stage 1: %d (%s)", r1, aclGetRecentErrMsg());
        if (r1 == 0) {
            int r2 = aclnnNpuFormatCast(nullptr, 0, ex, g_stream);
            EXPECT(r2 == 0, "undersized buffer stage 2: %d", r2);
            int r3 = aclrtSynchronizeStream(g_stream);
            EXPECT(r3 == 507015, "undersized buffer: synchronize returned %d, expected 507015", r3);
        }
        std::vector<unsigned char> g1(8192);
        aclrtMemcpy(g1.data(), 8192, guard, 8192, ACL_MEMCPY_DEVICE_TO_HOST);
        EXPECT(g1 == g0, "the neighbouring buffer changed");
        aclDestroyTensor(d);
        aclrtFree(dev);
        aclrtFree(guard);
        const char *log = getenv("ACLEMU_MEMCHECK_LOG");
        if (log) {
            aclrtSynchronizeDevice();
            std::ifstream f(log);
            std::stringstream ss;
            ss << f.rdbuf();
            std::string t = ss.str();
            EXPECT(t.find("illegal write") != std::string::npos && t.find("aclnnNpuFormatCast") != std::string::npos &&
                       t.find("dstTensor") != std::string::npos && t.find("2560-byte allocation") != std::string::npos,
                   "memcheck report: %s", t.c_str());
        }
    }
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
