// aclnnWeightQuantBatchMatmulV2 with an NZ INT4 weight (A2): results vs a double reference of
// y = x @ ((w + off) * scale), then the A2 refusals (161002).
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <vector>
#include "acl/acl.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul_v2.h"
#include "aclnnop/aclnn_convert_weight_to_int4_pack.h"

static int fails = 0;
#define CHECK(c, ...) do { if (!(c)) { printf("FAIL: " __VA_ARGS__); printf("\n"); fails++; } } while (0)
typedef _Float16 h16;

static void *dev(const void *h, size_t n)
{
    void *d = nullptr;
    aclrtMalloc(&d, n ? n : 1, ACL_MEM_MALLOC_HUGE_FIRST);
    if (h) aclrtMemcpy(d, n, h, n, ACL_MEMCPY_HOST_TO_DEVICE);
    return d;
}
static aclTensor *nd(std::vector<int64_t> sh, aclDataType dt, void *d)
{
    std::vector<int64_t> st(sh.size(), 1);
    for (int i = (int)sh.size() - 2; i >= 0; i--) st[i] = st[i + 1] * sh[i + 1];
    return aclCreateTensor(sh.data(), sh.size(), dt, st.data(), 0, ACL_FORMAT_ND, sh.data(), sh.size(), d);
}

// One case: m x k @ (k, n) INT4 weight; tr: stored (n, k); group 0 per channel.
static void run(aclrtStream s, int64_t m, int64_t k, int64_t n, int tr, int group, int64_t expect_st)
{
    std::vector<int32_t> w(k * n); // logical (k, n) codes in [-8, 7]
    for (int64_t i = 0; i < k; i++)
        for (int64_t j = 0; j < n; j++) w[i * n + j] = (int32_t)((i * 7 + j * 3 + (i * j) % 5) % 16) - 8;
    std::vector<int32_t> ws(k * n);
    for (int64_t i = 0; i < k; i++)
        for (int64_t j = 0; j < n; j++) ws[tr ? j * k + i : i * n + j] = w[i * n + j];
    int64_t R = tr ? n : k, C = tr ? k : n;
    void *wd = dev(ws.data(), ws.size() * 4);
    aclTensor *wt = nd({R, C}, ACL_INT32, wd);
    int64_t e1 = (C + 63) / 64, e2 = (R + 15) / 16;
    std::vector<int64_t> ss = {e1, e2, 16, 64}, psh = {R, C}, pst = {C, 1};
    void *pd = dev(nullptr, e1 * e2 * 16 * 32);
    aclTensor *pk = aclCreateTensor(psh.data(), 2, ACL_INT4, pst.data(), 0, ACL_FORMAT_FRACTAL_NZ, ss.data(), 4, pd);
    uint64_t wsz = 0; aclOpExecutor *ex = nullptr;
    CHECK(aclnnConvertWeightToINT4PackGetWorkspaceSize(wt, pk, &wsz, &ex) == 0, "pack ws");
    CHECK(aclnnConvertWeightToINT4Pack(nullptr, 0, ex, s) == 0, "pack");
    aclrtSynchronizeStream(s);
    std::vector<int64_t> vsh = {k, n}, vst = tr ? std::vector<int64_t>{1, k} : std::vector<int64_t>{n, 1};
    aclTensor *wq = aclCreateTensor(vsh.data(), 2, ACL_INT4, vst.data(), 0, ACL_FORMAT_FRACTAL_NZ, ss.data(), 4, pd);
    int64_t G = group ? (k + group - 1) / group : 1;
    std::vector<h16> x(m * k), sc(G * n), of(G * n);
    for (int64_t i = 0; i < m * k; i++) x[i] = (h16)(((i * 13) % 17 - 8) / 8.0);
    for (int64_t i = 0; i < G * n; i++) { sc[i] = (h16)(0.03125 * (1 + i % 7)); of[i] = (h16)((i % 5) - 2.0); }
    void *xd = dev(x.data(), x.size() * 2), *sd = dev(sc.data(), sc.size() * 2), *od = dev(of.data(), of.size() * 2);
    void *yd = dev(nullptr, m * n * 2);
    aclTensor *xt = nd({m, k}, ACL_FLOAT16, xd), *yt = nd({m, n}, ACL_FLOAT16, yd);
    aclTensor *st = group ? nd({G, n}, ACL_FLOAT16, sd) : nd({n}, ACL_FLOAT16, sd);
    aclTensor *ot = group ? nd({G, n}, ACL_FLOAT16, od) : nd({n}, ACL_FLOAT16, od);
    aclnnStatus r = aclnnWeightQuantBatchMatmulV2GetWorkspaceSize(xt, wq, st, ot, nullptr, nullptr, nullptr, group, yt,
                                                                  &wsz, &ex);
    CHECK(r == expect_st, "k%lld n%lld tr%d group%d: status %d, expected %lld", (long long)k, (long long)n, tr, group,
          (int)r, (long long)expect_st);
    if (r == 0 && expect_st == 0) {
        void *wk = wsz ? dev(nullptr, wsz) : nullptr;
        CHECK(aclnnWeightQuantBatchMatmulV2(wk, wsz, ex, s) == 0, "run");
        aclrtSynchronizeStream(s);
        std::vector<h16> y(m * n);
        aclrtMemcpy(y.data(), y.size() * 2, yd, y.size() * 2, ACL_MEMCPY_DEVICE_TO_HOST);
        double worst = 0;
        for (int64_t i = 0; i < m; i++)
            for (int64_t j = 0; j < n; j++) {
                double acc = 0, mag = 0;
                for (int64_t t = 0; t < k; t++) {
                    int64_t g = group ? t / group : 0;
                    double v = ((double)w[t * n + j] + (double)of[g * n + j]) * (double)sc[g * n + j];
                    acc += (double)x[i * k + t] * v; mag += std::fabs((double)x[i * k + t] * v);
                }
                double e = std::fabs((double)y[i * n + j] - acc) / (mag + 1e-3);
                if (e > worst) worst = e;
            }
        CHECK(worst < 4e-3, "k%lld n%lld tr%d group%d: worst relative error %g", (long long)k, (long long)n, tr, group,
              worst);
        printf("k=%lld n=%lld tr=%d group=%d worst=%g\n", (long long)k, (long long)n, tr, group, worst);
        if (wk) aclrtFree(wk);
    }
    for (aclTensor *t : {wt, pk, wq, xt, yt, st, ot}) aclDestroyTensor(t);
    for (void *d : {wd, pd, xd, sd, od, yd}) aclrtFree(d);
}

int main()
{
    aclrtStream s;
    if (aclInit(nullptr) || aclrtSetDevice(0) || aclrtCreateStream(&s)) return 1;
    run(s, 5, 72, 17, 1, 0, 0);     // per channel, transposed (the official example's shape)
    run(s, 3, 256, 128, 0, 64, 0);  // per group 64, untransposed
    run(s, 2, 256, 64, 0, 128, 0);  // per group 128
    run(s, 2, 256, 64, 0, 0, 161002);  // per channel untransposed: refused
    run(s, 2, 256, 64, 1, 64, 161002); // per group transposed: refused
    run(s, 2, 256, 64, 0, 96, 161002); // group 96: refused
    run(s, 2, 200, 64, 0, 64, 161002); // k not a multiple of the group
    run(s, 2, 256, 80, 0, 64, 161002); // n not a multiple of 64
    aclrtDestroyStream(s); aclrtResetDevice(0); aclFinalize();
    printf(fails ? "FAILED %d\n" : "OK\n", fails);
    return fails ? 1 : 0;
}
