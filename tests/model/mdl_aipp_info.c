/* What the aclmdl API reports for a static AIPP model (made by run_aipp_test.sh from
 * aippyuv.cfg): the input as a YUV420SP source (UINT8, NHWC, its byte size, the V2 dims), the
 * AIPP type of each input and aclmdlGetFirstAippInfo's parameters; errors for an input without
 * AIPP, an index out of range and a dataset of the wrong size.
 *
 *   mdl_aipp_info <aippyuv.om> <model-without-aipp.om>
 *
 * Exit status 0 only if every expectation holds. */
#include <stdio.h>
#include <string.h>

#include "acl/acl.h"

static int failures;
#define EXPECT(cond, ...)                                                 \
    do {                                                                  \
        if (!(cond)) {                                                    \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);          \
            fprintf(stderr, __VA_ARGS__);                                 \
            fprintf(stderr, "\n");                                        \
            failures++;                                                   \
        }                                                                 \
    } while (0)
#define EXPECT_RC(call, code)                                                                       \
    do {                                                                                            \
        aclError r_ = (call);                                                                       \
        EXPECT(r_ == (aclError)(code), "%s returned %d, expected %d (%s)", #call, (int)r_, (int)(code), \
               aclGetRecentErrMsg());                                                               \
    } while (0)

int main(int argc, char **argv)
{
    if (argc != 3)
        return 2;
    if (aclInit(NULL) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS)
        return 1;
    uint32_t id, plain;
    EXPECT_RC(aclmdlLoadFromFile(argv[1], &id), ACL_SUCCESS);
    EXPECT_RC(aclmdlLoadFromFile(argv[2], &plain), ACL_SUCCESS);
    aclmdlDesc *d = aclmdlCreateDesc();
    EXPECT_RC(aclmdlGetDesc(d, id), ACL_SUCCESS);
    /* the source image: 16x12 NV12 = 288 bytes */
    EXPECT(aclmdlGetNumInputs(d) == 1, "%zu inputs", aclmdlGetNumInputs(d));
    EXPECT(aclmdlGetInputSizeByIndex(d, 0) == 16 * 12 * 3 / 2, "input size %zu", aclmdlGetInputSizeByIndex(d, 0));
    EXPECT(aclmdlGetInputDataType(d, 0) == ACL_UINT8, "dtype %d", (int)aclmdlGetInputDataType(d, 0));
    EXPECT(aclmdlGetInputFormat(d, 0) == ACL_FORMAT_NHWC, "format %d", (int)aclmdlGetInputFormat(d, 0));
    aclmdlIODims v1, v2;
    EXPECT_RC(aclmdlGetInputDims(d, 0, &v1), ACL_SUCCESS);
    EXPECT_RC(aclmdlGetInputDimsV2(d, 0, &v2), ACL_SUCCESS);
    EXPECT(v1.dimCount == 4 && v1.dims[0] == 1 && v1.dims[1] == 12 && v1.dims[2] == 16 && v1.dims[3] == 3,
           "V1 dims %zu: %lld %lld %lld %lld", v1.dimCount, (long long)v1.dims[0], (long long)v1.dims[1],
           (long long)v1.dims[2], (long long)v1.dims[3]);
    EXPECT(v2.dimCount == 4 && v2.dims[0] == 1 && v2.dims[1] == 18 && v2.dims[2] == 16 && v2.dims[3] == 1,
           "V2 dims %zu: %lld %lld %lld %lld", v2.dimCount, (long long)v2.dims[0], (long long)v2.dims[1],
           (long long)v2.dims[2], (long long)v2.dims[3]);

    aclmdlInputAippType type;
    size_t attached = 0;
    EXPECT_RC(aclmdlGetAippType(id, 0, &type, &attached), ACL_SUCCESS);
    EXPECT(type == ACL_DATA_WITH_STATIC_AIPP && attached == ACL_INVALID_NODE_INDEX, "type %d attached %zu",
           (int)type, attached);
    EXPECT_RC(aclmdlGetAippType(plain, 0, &type, &attached), ACL_SUCCESS);
    EXPECT(type == ACL_DATA_WITHOUT_AIPP, "type %d on a model without AIPP", (int)type);
    EXPECT_RC(aclmdlGetAippType(id, 5, &type, &attached), ACL_ERROR_INVALID_PARAM);
    EXPECT_RC(aclmdlGetAippType(id + 1000, 0, &type, &attached), ACL_ERROR_INVALID_MODEL_ID);

    static aclAippInfo info;
    EXPECT_RC(aclmdlGetFirstAippInfo(id, 0, &info), ACL_SUCCESS);
    EXPECT(info.inputFormat == ACL_YUV420SP_U8 && info.srcImageSizeW == 16 && info.srcImageSizeH == 12,
           "format %d src %dx%d", (int)info.inputFormat, info.srcImageSizeW, info.srcImageSizeH);
    EXPECT(info.cropSwitch == 1 && info.loadStartPosW == 2 && info.loadStartPosH == 2 && info.cropSizeW == 12 &&
               info.cropSizeH == 8, "crop %d %d,%d %dx%d", info.cropSwitch, info.loadStartPosW,
           info.loadStartPosH, info.cropSizeW, info.cropSizeH);
    EXPECT(info.cscSwitch == 1 && info.matrixR0C2 == 409 && info.matrixR1C1 == -100 && info.matrixR2C1 == 516 &&
               info.inputBias0 == 16 && info.inputBias2 == 128, "csc parameters");
    EXPECT(info.meanChn0 == 104 && info.meanChn2 == 123 && info.minChn2 == 1.5f && info.varReciChn1 == 0.0175f,
           "dtc parameters %d %d %g %g", info.meanChn0, info.meanChn2, info.minChn2, info.varReciChn1);
    EXPECT(info.shapeCount == 1 && info.outDims[0].srcSize == 288 && info.outDims[0].aippOutdims.dimCount == 4 &&
               info.outDims[0].aippOutdims.dims[1] == 3 && info.outDims[0].aippOutdims.dims[2] == 8 &&
               info.outDims[0].aippOutdims.dims[3] == 12 && info.outDims[0].aippOutSize == 3 * 8 * 12 * 4,
           "outDims: src %zu, out %zu", info.outDims[0].srcSize, info.outDims[0].aippOutSize);
    EXPECT_RC(aclmdlGetFirstAippInfo(plain, 0, &info), ACL_ERROR_GE_AIPP_NOT_EXIST);
    EXPECT_RC(aclmdlGetFirstAippInfo(id, 0, NULL), ACL_ERROR_INVALID_PARAM);

    /* a dataset holding the converted size (as without AIPP) instead of the source image */
    void *in, *out;
    size_t osz = aclmdlGetOutputSizeByIndex(d, 0);
    aclrtMalloc(&in, 3 * 8 * 12 * 4, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&out, osz, ACL_MEM_MALLOC_HUGE_FIRST);
    aclmdlDataset *ids = aclmdlCreateDataset(), *ods = aclmdlCreateDataset();
    aclDataBuffer *ib = aclCreateDataBuffer(in, 3 * 8 * 12 * 4), *ob = aclCreateDataBuffer(out, osz);
    aclmdlAddDatasetBuffer(ids, ib);
    aclmdlAddDatasetBuffer(ods, ob);
    EXPECT_RC(aclmdlExecute(id, ids, ods), ACL_ERROR_GE_EXEC_MODEL_DATA_SIZE_INVALID);
    aclmdlDestroyDataset(ids);
    aclmdlDestroyDataset(ods);
    aclDestroyDataBuffer(ib);
    aclDestroyDataBuffer(ob);
    aclrtFree(in);
    aclrtFree(out);
    aclmdlDestroyDesc(d);
    EXPECT_RC(aclmdlUnload(id), ACL_SUCCESS);
    EXPECT_RC(aclmdlUnload(plain), ACL_SUCCESS);
    aclrtResetDevice(0);
    aclFinalize();
    if (failures)
        fprintf(stderr, "%d failure(s)\n", failures);
    else
        printf("AIPP desc, type, info and error paths as expected\n");
    return failures ? 1 : 0;
}
