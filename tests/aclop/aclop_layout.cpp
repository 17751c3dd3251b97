// Transpose (perm host-resident or in device memory) and TransData between NCHW / NHWC / ND and
// the blocked NC1HWC0 / FRACTAL_NZ layouts (partial blocks zero-padded), through
// aclopCompileAndExecute, checked element by element against index arithmetic done here.
#include "aclop_ops.h"

static void transpose(aclrtStream stream, aclDataType dt, std::vector<int64_t> xd, std::vector<int64_t> perm,
                      bool host_perm)
{
    HostTensor x = make(dt, ACL_FORMAT_ND, xd, 91, -50, 50);
    HostTensor p = output(ACL_INT64, ACL_FORMAT_ND, {(int64_t)perm.size()});
    p.v.assign(perm.begin(), perm.end());
    p.host = host_perm;
    std::vector<int64_t> yd(xd.size());
    for (size_t i = 0; i < xd.size(); i++)
        yd[i] = xd[(size_t)perm[i]];
    HostTensor y = output(dt, ACL_FORMAT_ND, yd);
    aclopAttr *attr = aclopCreateAttr();
    CHECK(run_op("Transpose", {&x, &p}, {&y}, attr, stream));
    aclopDestroyAttr(attr);
    size_t r = xd.size();
    std::vector<int64_t> xs(r, 1);
    for (size_t i = r - 1; i-- > 0;)
        xs[i] = xs[i + 1] * xd[i + 1];
    std::vector<double> g(y.v.size());
    for (size_t o = 0; o < g.size(); o++) {
        size_t rem = o, src = 0;
        for (size_t i = r; i-- > 0;) {
            size_t idx = rem % (size_t)yd[i];
            rem /= (size_t)yd[i];
            src += idx * (size_t)xs[(size_t)perm[i]];
        }
        g[o] = x.v[src];
    }
    check(y, g, 0.0, std::string("Transpose ") + dt_name(dt) + (host_perm ? " host perm" : " device perm"));
}

static HostTensor transdata(aclrtStream stream, const HostTensor &x, const char *sf, const char *df, aclFormat dfmt,
                            std::vector<int64_t> yd)
{
    HostTensor in = x;
    HostTensor y = output(x.dt, dfmt, yd);
    aclopAttr *attr = aclopCreateAttr();
    CHECK(aclopSetAttrString(attr, "src_format", sf));
    CHECK(aclopSetAttrString(attr, "dst_format", df));
    CHECK(run_op("TransData", {&in}, {&y}, attr, stream));
    aclopDestroyAttr(attr);
    return y;
}

static void nc1hwc0(aclrtStream stream, aclDataType dt, bool nhwc, int64_t N, int64_t C, int64_t H, int64_t W)
{
    int64_t C0 = aclDataTypeSize(dt) == 1 ? 32 : 16, C1 = (C + C0 - 1) / C0;
    HostTensor x = make(dt, nhwc ? ACL_FORMAT_NHWC : ACL_FORMAT_NCHW,
                        nhwc ? std::vector<int64_t>{N, H, W, C} : std::vector<int64_t>{N, C, H, W}, 92, -100, 100);
    auto xi = [&](int64_t n, int64_t c, int64_t h, int64_t w) {
        return (size_t)(nhwc ? ((n * H + h) * W + w) * C + c : ((n * C + c) * H + h) * W + w);
    };
    const char *pf = nhwc ? "NHWC" : "NCHW";
    HostTensor y = transdata(stream, x, pf, "NC1HWC0", ACL_FORMAT_NC1HWC0, {N, C1, H, W, C0});
    std::vector<double> g(y.v.size());
    for (int64_t n = 0; n < N; n++)
        for (int64_t c1 = 0; c1 < C1; c1++)
            for (int64_t h = 0; h < H; h++)
                for (int64_t w = 0; w < W; w++)
                    for (int64_t c0 = 0; c0 < C0; c0++) {
                        int64_t c = c1 * C0 + c0;
                        g[(size_t)((((n * C1 + c1) * H + h) * W + w) * C0 + c0)] = c < C ? x.v[xi(n, c, h, w)] : 0.0;
                    }
    std::string what = std::string("TransData ") + dt_name(dt) + " " + pf + " -> NC1HWC0, C " + std::to_string(C);
    check(y, g, 0.0, what);
    // and back
    HostTensor back = transdata(stream, y, "NC1HWC0", pf, x.fmt, x.dims);
    check(back, x.v, 0.0, std::string("TransData ") + dt_name(dt) + " NC1HWC0 -> " + pf);
}

static void fractal_nz(aclrtStream stream, aclDataType dt, std::vector<int64_t> xd)
{
    size_t r = xd.size();
    int64_t M = xd[r - 2], K = xd[r - 1], B = 1;
    for (size_t i = 0; i + 2 < r; i++)
        B *= xd[i];
    int64_t K0 = aclDataTypeSize(dt) == 1 ? 32 : 16, M0 = 16, K1 = (K + K0 - 1) / K0, M1 = (M + M0 - 1) / M0;
    HostTensor x = make(dt, ACL_FORMAT_ND, xd, 93, -100, 100);
    std::vector<int64_t> yd(xd.begin(), xd.end() - 2);
    yd.insert(yd.end(), {K1, M1, M0, K0});
    HostTensor y = transdata(stream, x, "ND", "FRACTAL_NZ", ACL_FORMAT_FRACTAL_NZ, yd);
    std::vector<double> g(y.v.size());
    for (int64_t b = 0; b < B; b++)
        for (int64_t k1 = 0; k1 < K1; k1++)
            for (int64_t m1 = 0; m1 < M1; m1++)
                for (int64_t m0 = 0; m0 < M0; m0++)
                    for (int64_t k0 = 0; k0 < K0; k0++) {
                        int64_t m = m1 * M0 + m0, k = k1 * K0 + k0;
                        g[(size_t)((((b * K1 + k1) * M1 + m1) * M0 + m0) * K0 + k0)] =
                            m < M && k < K ? x.v[(size_t)((b * M + m) * K + k)] : 0.0;
                    }
    std::string what = std::string("TransData ") + dt_name(dt) + " ND -> FRACTAL_NZ [" + std::to_string(M) + "," +
                       std::to_string(K) + "]";
    check(y, g, 0.0, what);
    HostTensor back = transdata(stream, y, "FRACTAL_NZ", "ND", ACL_FORMAT_ND, xd);
    check(back, x.v, 0.0, std::string("TransData ") + dt_name(dt) + " FRACTAL_NZ -> ND");
}

static void nchw_nhwc(aclrtStream stream, aclDataType dt)
{
    const int64_t N = 2, C = 5, H = 3, W = 4;
    HostTensor x = make(dt, ACL_FORMAT_NCHW, {N, C, H, W}, 94, -100, 100);
    HostTensor y = transdata(stream, x, "NCHW", "NHWC", ACL_FORMAT_NHWC, {N, H, W, C});
    std::vector<double> g(y.v.size());
    for (int64_t n = 0; n < N; n++)
        for (int64_t c = 0; c < C; c++)
            for (int64_t h = 0; h < H; h++)
                for (int64_t w = 0; w < W; w++)
                    g[(size_t)(((n * H + h) * W + w) * C + c)] = x.v[(size_t)(((n * C + c) * H + h) * W + w)];
    check(y, g, 0.0, std::string("TransData ") + dt_name(dt) + " NCHW -> NHWC");
    HostTensor back = transdata(stream, y, "NHWC", "NCHW", ACL_FORMAT_NCHW, x.dims);
    check(back, x.v, 0.0, std::string("TransData ") + dt_name(dt) + " NHWC -> NCHW");
}

int main()
{
    aclrtStream stream;
    init_acl(&stream);
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT8}) {
        transpose(stream, dt, {2, 3, 4, 5}, {0, 2, 3, 1}, true);
        transpose(stream, dt, {6, 7, 8}, {2, 0, 1}, false);
        nchw_nhwc(stream, dt);
        nc1hwc0(stream, dt, false, 2, 20, 3, 5);
        nc1hwc0(stream, dt, true, 1, 35, 4, 3);
        fractal_nz(stream, dt, {20, 37});
        fractal_nz(stream, dt, {2, 32, 64});
    }
    nc1hwc0(stream, ACL_BF16, false, 1, 16, 2, 2);
    fractal_nz(stream, ACL_BF16, {3, 17});
    // formats TransData does not convert, and a perm that is not a permutation
    {
        HostTensor x = make(ACL_FLOAT16, ACL_FORMAT_NCHW, {1, 16, 2, 2}, 1);
        HostTensor y = output(ACL_FLOAT16, ACL_FORMAT_FRACTAL_Z, {4, 1, 16, 16});
        aclopAttr *attr = aclopCreateAttr();
        CHECK(aclopSetAttrString(attr, "src_format", "NCHW"));
        CHECK(aclopSetAttrString(attr, "dst_format", "FRACTAL_Z"));
        EXPECT_FAIL(run_op("TransData", {&x}, {&y}, attr, stream), ACL_ERROR_FORMAT_NOT_MATCH, "FRACTAL_Z");
        aclopDestroyAttr(attr);
        HostTensor p = output(ACL_INT64, ACL_FORMAT_ND, {4});
        p.v = {0, 1, 1, 3};
        p.host = true;
        HostTensor t = output(ACL_FLOAT16, ACL_FORMAT_ND, {1, 16, 2, 2});
        attr = aclopCreateAttr();
        EXPECT_FAIL(run_op("Transpose", {&x, &p}, {&t}, attr, stream), ACL_ERROR_OP_INPUT_NOT_MATCH, "perm of op Transpose");
        aclopDestroyAttr(attr);
    }
    fini_acl(stream);
    std::printf("aclop_layout: all checks passed\n");
    return 0;
}
