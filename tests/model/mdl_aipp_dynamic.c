/* Dynamic AIPP as the samples use it: the model (aipp_mode: dynamic, batch 2) has a data input
 * for the images and an ACL_DYNAMIC_AIPP_NAME input; aclmdlCreateAIPP + the setters describe
 * each image, aclmdlSetInputAIPP writes the set into the dataset, aclmdlExecute converts and runs.
 * Also: the AIPP types of both inputs, and the errors (a set for the wrong input, batch or image
 * size, a batchIndex past the batch, a switch that is not 0/1, an execution with no set).
 *
 *   mdl_aipp_dynamic <aippdyn.om> <images.bin> <output.bin>
 *
 * Exit status 0 only if every expectation holds. */
#include <stdio.h>
#include <stdlib.h>
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

/* the per-image parameters of the test (make_aipp_models.py aippdyn) */
static aclmdlAIPP *make_set(uint64_t batch, int32_t w, int32_t h)
{
    aclmdlAIPP *a = aclmdlCreateAIPP(batch);
    if (a == NULL)
        return NULL;
    EXPECT_RC(aclmdlSetAIPPInputFormat(a, ACL_RGB888_U8), ACL_SUCCESS);
    EXPECT_RC(aclmdlSetAIPPSrcImageSize(a, w, h), ACL_SUCCESS);
    EXPECT_RC(aclmdlSetAIPPRbuvSwapSwitch(a, 1), ACL_SUCCESS);
    EXPECT_RC(aclmdlSetAIPPCscParams(a, 0, 298, 0, 409, 298, -100, -208, 298, 516, 0, 0, 0, 0, 16, 128, 128),
              ACL_SUCCESS);
    EXPECT_RC(aclmdlSetAIPPScfParams(a, 1, 10, 6, 8, 4, 0), ACL_SUCCESS);
    EXPECT_RC(aclmdlSetAIPPPaddingParams(a, 1, 2, 0, 1, 1, 0), ACL_SUCCESS);
    EXPECT_RC(aclmdlSetAIPPDtcPixelMean(a, 10, 20, 30, 0, 0), ACL_SUCCESS);
    EXPECT_RC(aclmdlSetAIPPPixelVarReci(a, 0.01f, 0.02f, 0.03f, 1.0f, 0), ACL_SUCCESS);
    if (batch > 1) {
        EXPECT_RC(aclmdlSetAIPPCropParams(a, 1, 0, 0, 10, 6, 1), ACL_SUCCESS);
        EXPECT_RC(aclmdlSetAIPPDtcPixelMean(a, 1, 2, 3, 0, 1), ACL_SUCCESS);
        EXPECT_RC(aclmdlSetAIPPDtcPixelMin(a, 0.5f, 0.5f, 0.5f, 0.0f, 1), ACL_SUCCESS);
        EXPECT_RC(aclmdlSetAIPPPixelVarReci(a, 0.5f, 0.25f, 0.125f, 1.0f, 1), ACL_SUCCESS);
    }
    return a;
}

int main(int argc, char **argv)
{
    if (argc != 4)
        return 2;
    if (aclInit(NULL) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS)
        return 1;
    uint32_t id;
    EXPECT_RC(aclmdlLoadFromFile(argv[1], &id), ACL_SUCCESS);
    aclmdlDesc *d = aclmdlCreateDesc();
    EXPECT_RC(aclmdlGetDesc(d, id), ACL_SUCCESS);
    size_t pidx = 99;
    EXPECT_RC(aclmdlGetInputIndexByName(d, ACL_DYNAMIC_AIPP_NAME, &pidx), ACL_SUCCESS);
    EXPECT(aclmdlGetNumInputs(d) == 2 && pidx == 1, "%zu inputs, params at %zu", aclmdlGetNumInputs(d), pidx);
    aclmdlInputAippType type;
    size_t attached = 0;
    EXPECT_RC(aclmdlGetAippType(id, 0, &type, &attached), ACL_SUCCESS);
    EXPECT(type == ACL_DATA_WITH_DYNAMIC_AIPP && attached == 1, "input 0: type %d attached %zu", (int)type, attached);
    EXPECT_RC(aclmdlGetAippType(id, 1, &type, &attached), ACL_SUCCESS);
    EXPECT(type == ACL_DYNAMIC_AIPP_NODE, "input 1: type %d", (int)type);
    static aclAippInfo info;
    EXPECT_RC(aclmdlGetFirstAippInfo(id, 0, &info), ACL_ERROR_GE_AIPP_NOT_EXIST);

    size_t isz = aclmdlGetInputSizeByIndex(d, 0), psz = aclmdlGetInputSizeByIndex(d, 1);
    size_t osz = aclmdlGetOutputSizeByIndex(d, 0);
    EXPECT(isz == 2 * 400, "data input size %zu", isz);
    FILE *f = fopen(argv[2], "rb");
    char *host = malloc(isz), *out = malloc(osz);
    if (!f || !host || !out || fread(host, 1, isz, f) != isz)
        return 1;
    fclose(f);
    void *din, *dpar, *dout;
    aclrtMalloc(&din, isz, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&dpar, psz, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&dout, osz, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(din, isz, host, isz, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemset(dpar, psz, 0, psz);
    aclmdlDataset *ids = aclmdlCreateDataset(), *ods = aclmdlCreateDataset();
    aclDataBuffer *ib = aclCreateDataBuffer(din, isz), *pb = aclCreateDataBuffer(dpar, psz);
    aclDataBuffer *ob = aclCreateDataBuffer(dout, osz);
    aclmdlAddDatasetBuffer(ids, ib);
    aclmdlAddDatasetBuffer(ids, pb);
    aclmdlAddDatasetBuffer(ods, ob);

    EXPECT_RC(aclmdlExecute(id, ids, ods), ACL_ERROR_INVALID_PARAM); /* no parameters set yet */
    aclmdlAIPP *set = make_set(2, 10, 6), *three = make_set(3, 10, 6), *big = make_set(2, 20, 20);
    EXPECT(set && three && big, "aclmdlCreateAIPP failed");
    EXPECT(aclmdlCreateAIPP(0) == NULL, "aclmdlCreateAIPP(0) made a set");
    EXPECT_RC(aclmdlSetAIPPCropParams(set, 1, 0, 0, 10, 6, 2), ACL_ERROR_INVALID_PARAM);
    EXPECT_RC(aclmdlSetAIPPRbuvSwapSwitch(set, 2), ACL_ERROR_INVALID_PARAM);
    EXPECT_RC(aclmdlSetAIPPInputFormat(set, ACL_YUYV_U8), ACL_ERROR_INVALID_PARAM);
    EXPECT_RC(aclmdlSetInputAIPP(id, ids, 0, set), ACL_ERROR_GE_AIPP_NOT_EXIST);
    EXPECT_RC(aclmdlSetInputAIPP(id, ids, 1, three), ACL_ERROR_INVALID_PARAM);
    EXPECT_RC(aclmdlSetInputAIPP(id, ids, 1, big), ACL_ERROR_INVALID_PARAM);
    EXPECT_RC(aclmdlSetInputAIPP(id, ids, 1, NULL), ACL_ERROR_INVALID_PARAM);
    EXPECT_RC(aclmdlSetAIPPByInputIndex(id, ids, 0, set), ACL_SUCCESS);
    EXPECT_RC(aclmdlSetInputAIPP(id, ids, 1, set), ACL_SUCCESS);
    EXPECT_RC(aclmdlExecute(id, ids, ods), ACL_SUCCESS);
    aclrtMemcpy(out, osz, dout, osz, ACL_MEMCPY_DEVICE_TO_HOST);
    f = fopen(argv[3], "wb");
    if (!f || fwrite(out, 1, osz, f) != osz)
        return 1;
    fclose(f);

    /* the same execution through aclmdlExecuteV2 with a stream timeout gives the same output */
    size_t dsz = 0;
    EXPECT_RC(aclmdlGetAippDataSize(2, &dsz), ACL_SUCCESS);
    EXPECT(dsz == psz, "aclmdlGetAippDataSize(2) = %zu, the input takes %zu", dsz, psz);
    EXPECT_RC(aclmdlGetAippDataSize(0, &dsz), ACL_ERROR_INVALID_PARAM);
    aclmdlExecConfigHandle *h = aclmdlCreateExecConfigHandle();
    int32_t timeout = 20000, qos = 1;
    EXPECT_RC(aclmdlSetExecConfigOpt(h, ACL_MDL_STREAM_SYNC_TIMEOUT, &timeout, sizeof(timeout)), ACL_SUCCESS);
    EXPECT_RC(aclmdlSetExecConfigOpt(h, ACL_MDL_AICQOS_SIZET, &qos, sizeof(qos)), ACL_ERROR_INVALID_PARAM);
    EXPECT_RC(aclmdlSetExecConfigOpt(h, ACL_MDL_STREAM_SYNC_TIMEOUT, &timeout, 2), ACL_ERROR_INVALID_PARAM);
    aclrtStream stream;
    EXPECT_RC(aclrtCreateStream(&stream), ACL_SUCCESS);
    aclrtMemset(dout, osz, 0, osz);
    EXPECT_RC(aclmdlExecuteV2(id, ids, ods, stream, h), ACL_SUCCESS);
    char *again = malloc(osz);
    aclrtMemcpy(again, osz, dout, osz, ACL_MEMCPY_DEVICE_TO_HOST);
    EXPECT(again && memcmp(again, out, osz) == 0, "aclmdlExecuteV2 gave another output than aclmdlExecute");
    free(again);
    EXPECT_RC(aclmdlExecuteV2(id, ids, ods, stream, NULL), ACL_ERROR_INVALID_PARAM);
    EXPECT_RC(aclmdlDestroyExecConfigHandle(h), ACL_SUCCESS);
    EXPECT_RC(aclrtDestroyStream(stream), ACL_SUCCESS);
    EXPECT(aclmdlGetTensorRealName(d, "x") && strcmp(aclmdlGetTensorRealName(d, "x"), "x") == 0, "real name of x");
    EXPECT(aclmdlGetTensorRealName(d, "nope") == NULL, "a real name for a tensor the model lacks");

    EXPECT_RC(aclmdlDestroyAIPP(set), ACL_SUCCESS);
    EXPECT_RC(aclmdlDestroyAIPP(three), ACL_SUCCESS);
    EXPECT_RC(aclmdlDestroyAIPP(big), ACL_SUCCESS);
    EXPECT_RC(aclmdlDestroyAIPP(NULL), ACL_ERROR_INVALID_PARAM);
    aclmdlDestroyDataset(ids);
    aclmdlDestroyDataset(ods);
    aclDestroyDataBuffer(ib);
    aclDestroyDataBuffer(pb);
    aclDestroyDataBuffer(ob);
    aclrtFree(din);
    aclrtFree(dpar);
    aclrtFree(dout);
    free(host);
    free(out);
    aclmdlDestroyDesc(d);
    EXPECT_RC(aclmdlUnload(id), ACL_SUCCESS);
    aclrtResetDevice(0);
    aclFinalize();
    if (failures)
        fprintf(stderr, "%d failure(s)\n", failures);
    else
        printf("dynamic AIPP: converted and ran, types and error paths as expected\n");
    return failures ? 1 : 0;
}
