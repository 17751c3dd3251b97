// aclnnInplaceCopy and aclnnInplaceZero on non-contiguous views (transposed, sliced, with an
// offset, broadcast source, dtype conversion), and several ops queued on one stream in order.
#include "aclnn_test_util.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_copy.h"
#include "aclnnop/aclnn_zero.h"

int main()
{
    Runtime rt;
    if (!rt.ok) return 1;
    aclrtStream stream = rt.stream;
    // src: FLOAT storage [5,7]; dst: FLOAT16 [7,5] = src^T
    const int R = 5, C = 7;
    std::vector<float> src(R * C);
    for (int i = 0; i < R * C; i++) src[i] = (float)i * 0.75f - 10.0f;
    void *ds = nullptr, *dd = nullptr;
    aclTensor *ts = nullptr, *td = nullptr;
    if (CreateAclTensor(src, {R, C}, &ds, ACL_FLOAT, &ts) ||
        CreateAclTensor(std::vector<uint16_t>(R * C, 0xffff), {C, R}, &dd, ACL_FLOAT16, &td))
        return 1;
    std::vector<int64_t> vs = {C, R}, vst = {1, C}, ss = {R, C};
    aclTensor *tsT = aclCreateTensor(vs.data(), 2, ACL_FLOAT, vst.data(), 0, ACL_FORMAT_ND, ss.data(), 2, ds);
    int rc = RunOp("aclnnInplaceCopy", stream,
                   [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceCopyGetWorkspaceSize(td, tsT, w, e); },
                   aclnnInplaceCopy);
    EXPECT(rc == 0, "copy transposed");
    std::vector<uint16_t> d = Download<uint16_t>(dd, R * C);
    for (int i = 0; i < C; i++)
        for (int j = 0; j < R; j++)
            EXPECT(d[i * R + j] == RefToHalf(src[j * C + i]), "copy (%d,%d)", i, j);

    // zero the interior [3,5] of the [5,7] FLOAT source (offset 8, strides {7,1})
    std::vector<int64_t> zs = {3, 5}, zst = {7, 1};
    aclTensor *interior = aclCreateTensor(zs.data(), 2, ACL_FLOAT, zst.data(), 8, ACL_FORMAT_ND, ss.data(), 2, ds);
    // then, on the same stream without synchronising: src += 1 * src (whole), so the result
    // shows both ops ran in order
    float one = 1.0f;
    aclScalar *alpha = aclCreateScalar(&one, ACL_FLOAT);
    uint64_t ws1 = 0, ws2 = 0;
    aclOpExecutor *e1 = nullptr, *e2 = nullptr;
    EXPECT(aclnnInplaceZeroGetWorkspaceSize(interior, &ws1, &e1) == 0, "zero stage 1");
    EXPECT(aclnnInplaceAddGetWorkspaceSize(ts, ts, alpha, &ws2, &e2) == 0, "add stage 1");
    EXPECT(aclnnInplaceZero(nullptr, 0, e1, stream) == 0, "zero stage 2");
    EXPECT(aclnnInplaceAdd(nullptr, 0, e2, stream) == 0, "add stage 2");
    EXPECT(aclrtSynchronizeStream(stream) == 0, "sync");
    std::vector<float> r = Download<float>(ds, R * C);
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++) {
            bool inside = i >= 1 && i <= 3 && j >= 1 && j <= 5;
            float want = inside ? 0.0f : 2.0f * src[i * C + j];
            EXPECT(r[i * C + j] == want, "zero+add (%d,%d): %f != %f", i, j, r[i * C + j], want);
        }

    // broadcast copy: an INT32 row [5] into every row of the FLOAT16 [7,5] destination
    std::vector<int32_t> row = {1, -2, 3, -4, 2048};
    void *dr = nullptr;
    aclTensor *tr = nullptr;
    if (CreateAclTensor(row, {5}, &dr, ACL_INT32, &tr)) return 1;
    rc = RunOp("aclnnInplaceCopy", stream,
               [&](uint64_t *w, aclOpExecutor **e) { return aclnnInplaceCopyGetWorkspaceSize(td, tr, w, e); },
               aclnnInplaceCopy);
    EXPECT(rc == 0, "copy broadcast");
    d = Download<uint16_t>(dd, R * C);
    for (int i = 0; i < C; i++)
        for (int j = 0; j < R; j++) EXPECT(d[i * R + j] == RefToHalf(row[j]), "bcast copy (%d,%d)", i, j);

    aclDestroyScalar(alpha);
    for (aclTensor *t : {ts, td, tsT, interior, tr}) aclDestroyTensor(t);
    for (void *p : {ds, dd, dr}) aclrtFree(p);
    LOG_PRINT("%s: %d failure(s)\n", __FILE__, g_failures);
    return g_failures ? 1 : 0;
}
