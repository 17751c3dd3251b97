// Add through the aclop path, as the acl_compile_add sample does it: aclopCompile the
// operator (static [8,16] int32 and float, then a dynamic -1 shape with ranges), aclopExecuteV2
// it on device buffers and compare with a host reference. Also: an uncompiled shape gives
// ACL_ERROR_OP_NOT_FOUND, an undersized buffer ACL_ERROR_INVALID_PARAM, a host-resident input
// (ACL_MEMTYPE_HOST) is accepted, and the dynamic output descriptor is rewritten.
#include "aclop_sample.h"

static void run_static_float(aclrtStream stream)
{
    const int64_t dims[2] = {8, 16};
    const size_t n = 8 * 16;
    aclTensorDesc *in[2], *out[1];
    for (int k = 0; k < 2; k++)
        in[k] = aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND);
    out[0] = aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND);
    aclopAttr *attr = aclopCreateAttr();

    // not compiled yet: the real runtime says "op not found"
    std::vector<float> a(n), b(n);
    for (size_t i = 0; i < n; i++) {
        a[i] = 0.25f * (float)i - 7.0f;
        b[i] = std::sin((float)i) * 3.0f;
    }
    void *da = dev_from(a.data(), n * 4), *db = dev_from(b.data(), n * 4), *dy = dev_alloc(n * 4);
    aclDataBuffer *ib[2] = {aclCreateDataBuffer(da, n * 4), aclCreateDataBuffer(db, n * 4)};
    aclDataBuffer *ob[1] = {aclCreateDataBuffer(dy, n * 4)};
    EXPECT_CODE(aclopExecuteV2("Add", 2, in, ib, 1, out, ob, attr, stream), ACL_ERROR_OP_NOT_FOUND);

    CHECK(aclopCompile("Add", 2, in, 1, out, attr, ACL_ENGINE_SYS, ACL_COMPILE_SYS, nullptr));
    CHECK(aclopExecuteV2("Add", 2, in, ib, 1, out, ob, attr, stream));
    CHECK(aclrtSynchronizeStream(stream));
    std::vector<float> y = dev_read<float>(dy, n);
    std::vector<double> got(n), want(n);
    for (size_t i = 0; i < n; i++) {
        got[i] = y[i];
        want[i] = (double)a[i] + (double)b[i];
    }
    EXPECT(close_enough(got, want, 1e-6, 1e-6, "Add float [8,16]"));

    // an undersized output buffer is refused with the op, output and sizes named
    aclDataBuffer *small = aclCreateDataBuffer(dy, n * 4 - 4);
    aclDataBuffer *ob_small[1] = {small};
    EXPECT_CODE(aclopExecuteV2("Add", 2, in, ib, 1, out, ob_small, attr, stream), ACL_ERROR_INVALID_PARAM);
    aclDestroyDataBuffer(small);

    // host-resident second input (copied to the device by the runtime); placement is part of
    // the model key, so it needs its own compile
    aclTensorDesc *hin[2] = {in[0], aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND)};
    CHECK(aclSetTensorPlaceMent(hin[1], ACL_MEMTYPE_HOST));
    CHECK(aclopCompile("Add", 2, hin, 1, out, attr, ACL_ENGINE_SYS, ACL_COMPILE_SYS, nullptr));
    aclDataBuffer *hb[2] = {ib[0], aclCreateDataBuffer(b.data(), n * 4)};
    CHECK(aclopExecuteV2("Add", 2, hin, hb, 1, out, ob, attr, stream));
    CHECK(aclrtSynchronizeStream(stream));
    y = dev_read<float>(dy, n);
    for (size_t i = 0; i < n; i++)
        got[i] = y[i];
    EXPECT(close_enough(got, want, 1e-6, 1e-6, "Add float, host-resident input"));
    aclDestroyDataBuffer(hb[1]);
    aclDestroyTensorDesc(hin[1]);

    for (int k = 0; k < 2; k++) {
        aclDestroyTensorDesc(in[k]);
        aclDestroyDataBuffer(ib[k]);
    }
    aclDestroyTensorDesc(out[0]);
    aclDestroyDataBuffer(ob[0]);
    aclopDestroyAttr(attr);
    aclrtFree(da), aclrtFree(db), aclrtFree(dy);
}

static void run_static_int32(aclrtStream stream)
{
    const int64_t dims[2] = {8, 16};
    const size_t n = 128;
    aclTensorDesc *in[2] = {aclCreateTensorDesc(ACL_INT32, 2, dims, ACL_FORMAT_ND),
                            aclCreateTensorDesc(ACL_INT32, 2, dims, ACL_FORMAT_ND)};
    aclTensorDesc *out[1] = {aclCreateTensorDesc(ACL_INT32, 2, dims, ACL_FORMAT_ND)};
    aclopAttr *attr = aclopCreateAttr();
    CHECK(aclopCompile("Add", 2, in, 1, out, attr, ACL_ENGINE_SYS, ACL_COMPILE_SYS, nullptr));
    std::vector<int32_t> a(n), b(n);
    for (size_t i = 0; i < n; i++) {
        a[i] = (int32_t)(i * 37 % 101) - 50;
        b[i] = (int32_t)(i * 11 % 23) * 1000;
    }
    void *da = dev_from(a.data(), n * 4), *db = dev_from(b.data(), n * 4), *dy = dev_alloc(n * 4);
    aclDataBuffer *ib[2] = {aclCreateDataBuffer(da, n * 4), aclCreateDataBuffer(db, n * 4)};
    aclDataBuffer *ob[1] = {aclCreateDataBuffer(dy, n * 4)};
    CHECK(aclopExecuteV2("Add", 2, in, ib, 1, out, ob, attr, stream));
    CHECK(aclrtSynchronizeStream(stream));
    std::vector<int32_t> y = dev_read<int32_t>(dy, n);
    for (size_t i = 0; i < n; i++)
        EXPECT(y[i] == a[i] + b[i]);
    std::printf("Add int32 [8,16]: exact PASS\n");
    for (int k = 0; k < 2; k++) {
        aclDestroyTensorDesc(in[k]);
        aclDestroyDataBuffer(ib[k]);
    }
    aclDestroyTensorDesc(out[0]);
    aclDestroyDataBuffer(ob[0]);
    aclopDestroyAttr(attr);
    aclrtFree(da), aclrtFree(db), aclrtFree(dy);
}

// Compiled once for [-1, 16] with rows in [1, 64]; executed for 4 and 40 rows. The output
// descriptor stays dynamic and is rewritten with the computed shape.
static void run_dynamic(aclrtStream stream)
{
    const int64_t ddims[2] = {-1, 16};
    int64_t range[2][2] = {{1, 64}, {16, 16}};
    aclTensorDesc *cin[2], *cout[1];
    for (int k = 0; k < 2; k++) {
        cin[k] = aclCreateTensorDesc(ACL_FLOAT, 2, ddims, ACL_FORMAT_ND);
        CHECK(aclSetTensorShapeRange(cin[k], 2, range));
    }
    cout[0] = aclCreateTensorDesc(ACL_FLOAT, 2, ddims, ACL_FORMAT_ND);
    CHECK(aclSetTensorShapeRange(cout[0], 2, range));
    aclopAttr *attr = aclopCreateAttr();
    CHECK(aclopCompile("Add", 2, cin, 1, cout, attr, ACL_ENGINE_SYS, ACL_COMPILE_SYS, nullptr));

    for (int64_t rows : {4, 40}) {
        const int64_t dims[2] = {rows, 16};
        size_t n = (size_t)rows * 16;
        aclTensorDesc *in[2] = {aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND),
                                aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND)};
        aclTensorDesc *out[1] = {aclCreateTensorDesc(ACL_FLOAT, 2, ddims, ACL_FORMAT_ND)};
        CHECK(aclSetTensorShapeRange(out[0], 2, range));
        std::vector<float> a(n), b(n);
        for (size_t i = 0; i < n; i++) {
            a[i] = (float)i * 0.5f;
            b[i] = 100.0f - (float)i;
        }
        void *da = dev_from(a.data(), n * 4), *db = dev_from(b.data(), n * 4), *dy = dev_alloc(n * 4);
        aclDataBuffer *ib[2] = {aclCreateDataBuffer(da, n * 4), aclCreateDataBuffer(db, n * 4)};
        aclDataBuffer *ob[1] = {aclCreateDataBuffer(dy, n * 4)};
        CHECK(aclopExecuteV2("Add", 2, in, ib, 1, out, ob, attr, stream));
        CHECK(aclrtSynchronizeStream(stream));
        int64_t d0 = 0, d1 = 0;
        CHECK(aclGetTensorDescDimV2(out[0], 0, &d0));
        CHECK(aclGetTensorDescDimV2(out[0], 1, &d1));
        EXPECT(d0 == rows && d1 == 16);
        std::vector<float> y = dev_read<float>(dy, n);
        std::vector<double> got(n), want(n);
        for (size_t i = 0; i < n; i++) {
            got[i] = y[i];
            want[i] = (double)a[i] + (double)b[i];
        }
        EXPECT(close_enough(got, want, 1e-6, 1e-6, rows == 4 ? "Add dynamic [4,16]" : "Add dynamic [40,16]"));
        for (int k = 0; k < 2; k++) {
            aclDestroyTensorDesc(in[k]);
            aclDestroyDataBuffer(ib[k]);
        }
        aclDestroyTensorDesc(out[0]);
        aclDestroyDataBuffer(ob[0]);
        aclrtFree(da), aclrtFree(db), aclrtFree(dy);
    }
    // outside the compiled range: no model
    const int64_t big[2] = {65, 16};
    aclTensorDesc *in[2] = {aclCreateTensorDesc(ACL_FLOAT, 2, big, ACL_FORMAT_ND),
                            aclCreateTensorDesc(ACL_FLOAT, 2, big, ACL_FORMAT_ND)};
    aclTensorDesc *out[1] = {aclCreateTensorDesc(ACL_FLOAT, 2, big, ACL_FORMAT_ND)};
    void *d = dev_alloc(65 * 16 * 4);
    aclDataBuffer *ib[2] = {aclCreateDataBuffer(d, 65 * 16 * 4), aclCreateDataBuffer(d, 65 * 16 * 4)};
    aclDataBuffer *ob[1] = {aclCreateDataBuffer(d, 65 * 16 * 4)};
    EXPECT_CODE(aclopExecuteV2("Add", 2, in, ib, 1, out, ob, attr, stream), ACL_ERROR_OP_NOT_FOUND);
    for (int k = 0; k < 2; k++) {
        aclDestroyTensorDesc(in[k]);
        aclDestroyDataBuffer(ib[k]);
        aclDestroyTensorDesc(cin[k]);
    }
    aclDestroyTensorDesc(out[0]);
    aclDestroyDataBuffer(ob[0]);
    aclDestroyTensorDesc(cout[0]);
    aclrtFree(d);
    aclopDestroyAttr(attr);
}

int main()
{
    aclrtStream stream;
    init_acl(&stream);
    run_static_float(stream);
    run_static_int32(stream);
    run_dynamic(stream);
    fini_acl(stream);
    std::printf("aclop_add: all checks passed\n");
    return 0;
}
