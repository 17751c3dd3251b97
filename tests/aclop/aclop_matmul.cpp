// MatMulV2 through aclopCompileAndExecute with the transpose_x1 / transpose_x2 attributes (and
// an optional bias as an ACL_DT_UNDEFINED descriptor with a NULL buffer), float32 and float16,
// checked against a double-precision product.
#include "aclop_sample.h"

static void run(aclrtStream stream, aclDataType dt, bool ta, bool tb, bool bias)
{
    const int64_t M = 24, K = 40, N = 20;
    int64_t ad[2] = {ta ? K : M, ta ? M : K}, bd[2] = {tb ? N : K, tb ? K : N}, yd[2] = {M, N}, cd[1] = {N};
    size_t es = dt == ACL_FLOAT ? 4 : 2;
    std::vector<float> a(M * K), b(K * N), c(N);
    for (int64_t i = 0; i < M * K; i++)
        a[i] = (float)((i * 37) % 17) / 8.0f - 1.0f;
    for (int64_t i = 0; i < K * N; i++)
        b[i] = (float)((i * 11) % 13) / 6.0f - 1.0f;
    for (int64_t i = 0; i < N; i++)
        c[i] = (float)i * 0.25f;
    auto to_dev = [&](const std::vector<float> &v) {
        if (dt == ACL_FLOAT)
            return dev_from(v.data(), v.size() * 4);
        std::vector<uint16_t> h(v.size());
        for (size_t i = 0; i < v.size(); i++)
            h[i] = aclFloatToFloat16(v[i]);
        return dev_from(h.data(), h.size() * 2);
    };
    void *da = to_dev(a), *db = to_dev(b), *dc = to_dev(c), *dy = dev_alloc(M * N * es);
    aclTensorDesc *in[3] = {aclCreateTensorDesc(dt, 2, ad, ACL_FORMAT_ND), aclCreateTensorDesc(dt, 2, bd, ACL_FORMAT_ND),
                            bias ? aclCreateTensorDesc(dt, 1, cd, ACL_FORMAT_ND)
                                 : aclCreateTensorDesc(ACL_DT_UNDEFINED, 0, nullptr, ACL_FORMAT_UNDEFINED)};
    aclTensorDesc *out[1] = {aclCreateTensorDesc(dt, 2, yd, ACL_FORMAT_ND)};
    aclDataBuffer *ib[3] = {aclCreateDataBuffer(da, M * K * es), aclCreateDataBuffer(db, K * N * es),
                            bias ? aclCreateDataBuffer(dc, N * es) : aclCreateDataBuffer(nullptr, 0)};
    aclDataBuffer *ob[1] = {aclCreateDataBuffer(dy, M * N * es)};
    aclopAttr *attr = aclopCreateAttr();
    CHECK(aclopSetAttrBool(attr, "transpose_x1", ta));
    CHECK(aclopSetAttrBool(attr, "transpose_x2", tb));
    CHECK(aclopCompileAndExecute("MatMulV2", 3, in, ib, 1, out, ob, attr, ACL_ENGINE_SYS, ACL_COMPILE_SYS, nullptr,
                                 stream));
    CHECK(aclrtSynchronizeStream(stream));
    std::vector<double> got(M * N), want(M * N);
    std::vector<uint16_t> yh;
    std::vector<float> yf;
    if (dt == ACL_FLOAT)
        yf = dev_read<float>(dy, M * N);
    else
        yh = dev_read<uint16_t>(dy, M * N);
    for (int64_t i = 0; i < M; i++) {
        for (int64_t j = 0; j < N; j++) {
            double s = bias ? (double)c[j] : 0.0;
            for (int64_t k = 0; k < K; k++) {
                // the buffers hold a as [M,K] or [K,M] and b as [K,N] or [N,K]; the values are
                // defined on the stored layout, so index them as stored
                double av = ta ? a[k * M + i] : a[i * K + k];
                double bv = tb ? b[j * K + k] : b[k * N + j];
                if (dt == ACL_FLOAT16) {
                    av = aclFloat16ToFloat(aclFloatToFloat16((float)av));
                    bv = aclFloat16ToFloat(aclFloatToFloat16((float)bv));
                }
                s += av * bv;
            }
            want[i * N + j] = s;
            got[i * N + j] = dt == ACL_FLOAT ? yf[i * N + j] : aclFloat16ToFloat(yh[i * N + j]);
        }
    }
    char what[96];
    std::snprintf(what, sizeof(what), "MatMulV2 %s transpose_x1=%d transpose_x2=%d bias=%d",
                  dt == ACL_FLOAT ? "float" : "float16", ta, tb, bias);
    EXPECT(dt == ACL_FLOAT ? close_enough(got, want, 1e-4, 1e-4, what) : close_enough(got, want, 1e-3, 1e-3, what));
    for (int k = 0; k < 3; k++) {
        aclDestroyTensorDesc(in[k]);
        aclDestroyDataBuffer(ib[k]);
    }
    aclDestroyTensorDesc(out[0]);
    aclDestroyDataBuffer(ob[0]);
    aclopDestroyAttr(attr);
    aclrtFree(da), aclrtFree(db), aclrtFree(dc), aclrtFree(dy);
}

int main()
{
    aclrtStream stream;
    init_acl(&stream);
    for (int ta = 0; ta < 2; ta++)
        for (int tb = 0; tb < 2; tb++)
            run(stream, ACL_FLOAT, ta, tb, false);
    run(stream, ACL_FLOAT, false, true, true);
    run(stream, ACL_FLOAT16, true, false, false);
    fini_acl(stream);
    std::printf("aclop_matmul: all checks passed\n");
    return 0;
}
