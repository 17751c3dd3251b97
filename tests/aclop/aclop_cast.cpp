// Cast through aclop: aclopCompile the "Cast" op (dst_type attribute) and run it with
// aclopCast, which looks the Cast model up as GE does; float -> float16 and float -> int32,
// checked against a host conversion (round to nearest even for fp16, truncation toward zero
// for int32). Without a model for float16 -> float, aclopCast reports ACL_ERROR_OP_NOT_FOUND.
#include "aclop_sample.h"

static void compile_cast(aclDataType from, aclDataType to, const int64_t *dims)
{
    aclTensorDesc *in[1] = {aclCreateTensorDesc(from, 1, dims, ACL_FORMAT_ND)};
    aclTensorDesc *out[1] = {aclCreateTensorDesc(to, 1, dims, ACL_FORMAT_ND)};
    aclopAttr *attr = aclopCreateAttr();
    CHECK(aclopSetAttrInt(attr, "dst_type", to));
    CHECK(aclopCompile("Cast", 1, in, 1, out, attr, ACL_ENGINE_SYS, ACL_COMPILE_SYS, nullptr));
    aclDestroyTensorDesc(in[0]);
    aclDestroyTensorDesc(out[0]);
    aclopDestroyAttr(attr);
}

int main()
{
    aclrtStream stream;
    init_acl(&stream);
    const int64_t n = 1000;
    const int64_t dims[1] = {n};
    std::vector<float> x(n);
    for (int64_t i = 0; i < n; i++)
        x[i] = (float)(i - 500) * 0.37f + 0.001f * (float)(i % 7);
    void *dx = dev_from(x.data(), n * 4), *dh = dev_alloc(n * 2), *di = dev_alloc(n * 4);
    aclTensorDesc *src = aclCreateTensorDesc(ACL_FLOAT, 1, dims, ACL_FORMAT_ND);
    aclTensorDesc *dst16 = aclCreateTensorDesc(ACL_FLOAT16, 1, dims, ACL_FORMAT_ND);
    aclTensorDesc *dst32 = aclCreateTensorDesc(ACL_INT32, 1, dims, ACL_FORMAT_ND);
    aclDataBuffer *bx = aclCreateDataBuffer(dx, n * 4), *bh = aclCreateDataBuffer(dh, n * 2),
                  *bi = aclCreateDataBuffer(di, n * 4);

    EXPECT_CODE(aclopCast(src, bx, dst16, bh, 0, stream), ACL_ERROR_OP_NOT_FOUND);
    compile_cast(ACL_FLOAT, ACL_FLOAT16, dims);
    compile_cast(ACL_FLOAT, ACL_INT32, dims);
    CHECK(aclopCast(src, bx, dst16, bh, 0, stream));
    CHECK(aclopCast(src, bx, dst32, bi, 1, stream));
    CHECK(aclrtSynchronizeStream(stream));

    std::vector<uint16_t> h = dev_read<uint16_t>(dh, n);
    std::vector<int32_t> iv = dev_read<int32_t>(di, n);
    std::vector<double> got(n), want(n);
    for (int64_t i = 0; i < n; i++) {
        got[i] = aclFloat16ToFloat(h[i]);
        want[i] = x[i];
        EXPECT(iv[i] == (int32_t)std::trunc((double)x[i]));
    }
    // fp16 has an 11-bit significand: half an ulp is 2^-11 relative
    EXPECT(close_enough(got, want, 1e-3, 4.9e-4, "Cast float -> float16"));
    std::printf("Cast float -> int32: exact PASS\n");

    // a handle for the same cast
    aclopHandle *handle = nullptr;
    CHECK(aclopCreateHandleForCast(src, dst32, 0, &handle));
    const aclDataBuffer *hin[1] = {bx};
    aclDataBuffer *hout[1] = {bi};
    CHECK(aclrtMemset(di, n * 4, 0, n * 4));
    CHECK(aclopExecWithHandle(handle, 1, hin, 1, hout, stream));
    CHECK(aclrtSynchronizeStream(stream));
    iv = dev_read<int32_t>(di, n);
    for (int64_t i = 0; i < n; i++)
        EXPECT(iv[i] == (int32_t)std::trunc((double)x[i]));
    std::printf("Cast via aclopExecWithHandle: exact PASS\n");
    EXPECT_CODE(aclopExecWithHandle(handle, 2, hin, 1, hout, stream), ACL_ERROR_INVALID_PARAM);
    aclopDestroyHandle(handle);

    aclDestroyTensorDesc(src), aclDestroyTensorDesc(dst16), aclDestroyTensorDesc(dst32);
    aclDestroyDataBuffer(bx), aclDestroyDataBuffer(bh), aclDestroyDataBuffer(bi);
    aclrtFree(dx), aclrtFree(dh), aclrtFree(di);
    fini_acl(stream);
    std::printf("aclop_cast: all checks passed\n");
    return 0;
}
