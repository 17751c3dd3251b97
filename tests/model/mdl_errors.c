/* Bad inputs to the aclmdl API: each gets the real error code, nothing crashes, nothing leaks.
 *
 *   mdl_errors <good.om> <other-soc.om> <not-a-model-file>
 *
 * Exit status 0 only if every expectation holds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"

static int failures;

#define EXPECT(cond, ...)                              \
    do {                                               \
        if (!(cond)) {                                 \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);              \
            fprintf(stderr, "\n");                     \
            failures++;                                \
        }                                              \
    } while (0)
#define EXPECT_RC(call, code)                                                                     \
    do {                                                                                          \
        aclError r_ = (call);                                                                     \
        EXPECT(r_ == (aclError)(code), "%s returned %d, expected %d (%s)", #call, (int)r_, (int)(code), \
               aclGetRecentErrMsg());                                                             \
    } while (0)

static void *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    void *p = malloc(*len);
    if (p && fread(p, 1, *len, f) != *len) {
        free(p);
        p = NULL;
    }
    fclose(f);
    return p;
}

static size_t free_device_memory(void)
{
    size_t fr = 0, total = 0;
    aclrtGetMemInfo(ACL_HBM_MEM, &fr, &total);
    return fr;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: mdl_errors <good.om> <other-soc.om> <not-a-model>\n");
        return 2;
    }
    const char *good = argv[1], *other = argv[2], *junk = argv[3];
    if (aclInit(NULL) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS)
        return 1;
    size_t len = 0;
    unsigned char *img = read_all(good, &len);
    EXPECT(img != NULL && len > 64, "cannot read %s", good);
    if (!img)
        return 1;

    uint32_t id = 0;
    /* files that are not loadable models */
    EXPECT_RC(aclmdlLoadFromFile("/nonexistent/model.om", &id), ACL_ERROR_READ_MODEL_FAILURE);
    EXPECT_RC(aclmdlLoadFromFile(junk, &id), ACL_ERROR_PARSE_MODEL);
    EXPECT_RC(aclmdlLoadFromFile(other, &id), ACL_ERROR_PARSE_MODEL);
    EXPECT(strstr(aclGetRecentErrMsg(), "Ascend310P3") != NULL, "other-SoC message: %s", aclGetRecentErrMsg());
    EXPECT_RC(aclmdlLoadFromFile(NULL, &id), ACL_ERROR_INVALID_PARAM);
    EXPECT_RC(aclmdlLoadFromMem(img, len, NULL), ACL_ERROR_INVALID_PARAM);
    /* truncated and corrupted images */
    EXPECT_RC(aclmdlLoadFromMem(img, 20, &id), ACL_ERROR_DESERIALIZE_MODEL);
    EXPECT_RC(aclmdlLoadFromMem(img, len - 7, &id), ACL_ERROR_DESERIALIZE_MODEL);
    unsigned char *bad = malloc(len);
    memcpy(bad, img, len);
    bad[len / 2] ^= 0x5a;
    EXPECT_RC(aclmdlLoadFromMem(bad, len, &id), ACL_ERROR_DESERIALIZE_MODEL);
    EXPECT(strstr(aclGetRecentErrMsg(), "checksum") != NULL, "corrupted-model message: %s", aclGetRecentErrMsg());
    memcpy(bad, img, len);
    bad[8] = 99; /* format version */
    EXPECT_RC(aclmdlLoadFromMem(bad, len, &id), ACL_ERROR_DESERIALIZE_MODEL);
    free(bad);
    size_t ws = 0, wts = 0;
    EXPECT_RC(aclmdlQuerySizeFromMem(img, 20, &ws, &wts), ACL_ERROR_DESERIALIZE_MODEL);
    EXPECT_RC(aclmdlQuerySize(good, &ws, &wts), ACL_SUCCESS);
    EXPECT(ws > 0 && wts > 0, "query size %zu %zu", ws, wts);

    /* no model of that id */
    EXPECT_RC(aclmdlUnload(12345), ACL_ERROR_INVALID_MODEL_ID);
    aclmdlDesc *desc = aclmdlCreateDesc();
    EXPECT_RC(aclmdlGetDesc(desc, 12345), ACL_ERROR_INVALID_MODEL_ID);
    EXPECT_RC(aclmdlGetDescFromMem(desc, img, len), ACL_SUCCESS);
    EXPECT(aclmdlGetNumInputs(desc) == 1 && aclmdlGetNumOutputs(desc) == 1, "desc from memory");
    aclmdlIODims dims;
    EXPECT_RC(aclmdlGetInputDims(desc, 5, &dims), ACL_ERROR_INVALID_PARAM);
    size_t index = 0;
    EXPECT_RC(aclmdlGetInputIndexByName(desc, "no_such_input", &index), ACL_ERROR_INVALID_PARAM);
    EXPECT(aclmdlGetInputSizeByIndex(desc, 3) == 0, "size of a missing input");
    aclmdlBatch batch;
    aclmdlHW hw;
    size_t gears = 7;
    batch.batchCount = hw.hwCount = 9;
    EXPECT_RC(aclmdlGetDynamicBatch(desc, &batch), ACL_SUCCESS);
    EXPECT_RC(aclmdlGetDynamicHW(desc, (size_t)-1, &hw), ACL_SUCCESS);
    EXPECT_RC(aclmdlGetInputDynamicGearCount(desc, (size_t)-1, &gears), ACL_SUCCESS);
    EXPECT(batch.batchCount == 0 && hw.hwCount == 0 && gears == 0, "a static model has no gears");
    EXPECT_RC(aclmdlGetDynamicBatch(NULL, &batch), ACL_ERROR_INVALID_PARAM);

    /* user memory too small */
    void *work = NULL, *weight = NULL;
    aclrtMalloc(&work, ws, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&weight, wts, ACL_MEM_MALLOC_HUGE_FIRST);
    EXPECT_RC(aclmdlLoadFromMemWithMem(img, len, &id, work, ws - 1, weight, wts), ACL_ERROR_INVALID_PARAM);

    /* load, then datasets of the wrong count / size / memory */
    size_t in_size = aclmdlGetInputSizeByIndex(desc, 0), out_size = aclmdlGetOutputSizeByIndex(desc, 0);
    void *din = NULL, *dout = NULL;
    aclrtMalloc(&din, in_size * 2, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&dout, out_size, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemset(din, in_size * 2, 0, in_size * 2);
    size_t before = free_device_memory();
    EXPECT_RC(aclmdlLoadFromMemWithMem(img, len, &id, work, ws, weight, wts), ACL_SUCCESS);
    EXPECT_RC(aclmdlGetDesc(desc, id), ACL_SUCCESS);
    aclmdlDataset *in = aclmdlCreateDataset(), *out = aclmdlCreateDataset(), *empty = aclmdlCreateDataset();
    aclDataBuffer *bin = aclCreateDataBuffer(din, in_size), *bout = aclCreateDataBuffer(dout, out_size);
    aclDataBuffer *bbig = aclCreateDataBuffer(din, in_size * 2), *bsmall = aclCreateDataBuffer(dout, out_size - 4);
    char host[64];
    aclDataBuffer *bhost = aclCreateDataBuffer(host, in_size);
    EXPECT_RC(aclmdlAddDatasetBuffer(in, bin), ACL_SUCCESS);
    EXPECT_RC(aclmdlAddDatasetBuffer(out, bout), ACL_SUCCESS);
    EXPECT_RC(aclmdlExecute(id, empty, out), ACL_ERROR_INVALID_PARAM);
    EXPECT_RC(aclmdlExecute(id, NULL, out), ACL_ERROR_INVALID_PARAM);
    EXPECT(aclmdlGetDatasetBuffer(in, 4) == NULL, "buffer past the end");
    EXPECT_RC(aclmdlSetDatasetTensorDesc(in, NULL, 0), ACL_ERROR_INVALID_PARAM);
    aclmdlDataset *in_big = aclmdlCreateDataset(), *out_small = aclmdlCreateDataset(), *in_host = aclmdlCreateDataset();
    aclmdlAddDatasetBuffer(in_big, bbig);
    aclmdlAddDatasetBuffer(out_small, bsmall);
    aclmdlAddDatasetBuffer(in_host, bhost);
    EXPECT_RC(aclmdlExecute(id, in_big, out), ACL_ERROR_GE_EXEC_MODEL_DATA_SIZE_INVALID);
    EXPECT_RC(aclmdlExecute(id, in, out_small), ACL_ERROR_GE_EXEC_MODEL_DATA_SIZE_INVALID);
    EXPECT_RC(aclmdlExecute(id, in_host, out), ACL_ERROR_GE_EXEC_MODEL_ADDR_INVALID);
    EXPECT_RC(aclmdlExecute(id, in, out), ACL_SUCCESS);
    EXPECT_RC(aclmdlUnload(id), ACL_SUCCESS);
    EXPECT_RC(aclmdlUnload(id), ACL_ERROR_INVALID_MODEL_ID);
    EXPECT_RC(aclmdlExecute(id, in, out), ACL_ERROR_INVALID_MODEL_ID);
    EXPECT(free_device_memory() == before, "device memory after load/unload with user memory: %zu, before %zu",
           free_device_memory(), before);

    /* repeated load / unload of a self-managed model gives all its device memory back */
    before = free_device_memory();
    for (int i = 0; i < 20; i++) {
        EXPECT_RC(aclmdlLoadFromMem(img, len, &id), ACL_SUCCESS);
        EXPECT_RC(aclmdlExecuteAsync(id, in, out, NULL), ACL_SUCCESS);
        EXPECT_RC(aclmdlUnload(id), ACL_SUCCESS);
    }
    EXPECT(free_device_memory() == before, "device memory after 20 load/unload: %zu, before %zu",
           free_device_memory(), before);

    /* load through a config handle: file, then memory with the caller's memory */
    aclmdlConfigHandle *cfg = aclmdlCreateConfigHandle();
    size_t type = ACL_MDL_LOAD_FROM_FILE;
    EXPECT_RC(aclmdlLoadWithConfig(cfg, &id), ACL_ERROR_INVALID_PARAM); /* no load type */
    EXPECT_RC(aclmdlSetConfigOpt(cfg, ACL_MDL_LOAD_TYPE_SIZET, &type, 4), ACL_ERROR_INVALID_PARAM);
    EXPECT_RC(aclmdlSetConfigOpt(cfg, ACL_MDL_LOAD_TYPE_SIZET, &type, sizeof(type)), ACL_SUCCESS);
    EXPECT_RC(aclmdlLoadWithConfig(cfg, &id), ACL_ERROR_INVALID_PARAM); /* no path */
    EXPECT_RC(aclmdlSetConfigOpt(cfg, ACL_MDL_PATH_PTR, &good, sizeof(good)), ACL_SUCCESS);
    EXPECT_RC(aclmdlLoadWithConfig(cfg, &id), ACL_SUCCESS);
    EXPECT_RC(aclmdlExecute(id, in, out), ACL_SUCCESS);
    EXPECT_RC(aclmdlUnload(id), ACL_SUCCESS);
    type = ACL_MDL_LOAD_FROM_MEM_WITH_MEM;
    const void *mem = img;
    EXPECT_RC(aclmdlSetConfigOpt(cfg, ACL_MDL_LOAD_TYPE_SIZET, &type, sizeof(type)), ACL_SUCCESS);
    EXPECT_RC(aclmdlSetConfigOpt(cfg, ACL_MDL_MEM_ADDR_PTR, &mem, sizeof(mem)), ACL_SUCCESS);
    EXPECT_RC(aclmdlSetConfigOpt(cfg, ACL_MDL_MEM_SIZET, &len, sizeof(len)), ACL_SUCCESS);
    EXPECT_RC(aclmdlSetConfigOpt(cfg, ACL_MDL_WORKSPACE_ADDR_PTR, &work, sizeof(work)), ACL_SUCCESS);
    EXPECT_RC(aclmdlSetConfigOpt(cfg, ACL_MDL_WORKSPACE_SIZET, &ws, sizeof(ws)), ACL_SUCCESS);
    EXPECT_RC(aclmdlSetConfigOpt(cfg, ACL_MDL_WEIGHT_ADDR_PTR, &weight, sizeof(weight)), ACL_SUCCESS);
    EXPECT_RC(aclmdlSetConfigOpt(cfg, ACL_MDL_WEIGHT_SIZET, &wts, sizeof(wts)), ACL_SUCCESS);
    EXPECT_RC(aclmdlLoadWithConfig(cfg, &id), ACL_SUCCESS);
    EXPECT_RC(aclmdlExecute(id, in, out), ACL_SUCCESS);
    EXPECT_RC(aclmdlUnload(id), ACL_SUCCESS);
    type = ACL_MDL_LOAD_FROM_FILE_WITH_Q;
    EXPECT_RC(aclmdlSetConfigOpt(cfg, ACL_MDL_LOAD_TYPE_SIZET, &type, sizeof(type)), ACL_ERROR_INVALID_PARAM);
    EXPECT_RC(aclmdlDestroyConfigHandle(cfg), ACL_SUCCESS);

    aclmdlDestroyDataset(in);
    aclmdlDestroyDataset(out);
    aclmdlDestroyDataset(empty);
    aclmdlDestroyDataset(in_big);
    aclmdlDestroyDataset(out_small);
    aclmdlDestroyDataset(in_host);
    EXPECT_RC(aclmdlDestroyDataset(NULL), ACL_ERROR_INVALID_PARAM);
    aclDestroyDataBuffer(bin);
    aclDestroyDataBuffer(bout);
    aclDestroyDataBuffer(bbig);
    aclDestroyDataBuffer(bsmall);
    aclDestroyDataBuffer(bhost);
    aclmdlDestroyDesc(desc);
    aclrtFree(din);
    aclrtFree(dout);
    aclrtFree(work);
    aclrtFree(weight);
    free(img);
    aclrtResetDevice(0);
    aclFinalize();
    if (failures)
        fprintf(stderr, "%d expectation(s) failed\n", failures);
    else
        printf("mdl_errors: all expectations hold\n");
    return failures ? 1 : 0;
}
