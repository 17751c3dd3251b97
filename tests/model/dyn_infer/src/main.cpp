// A dynamic-gear inference program written the way the Ascend samples are (the
// dynamic batch / image size / dims samples): the model desc reports its gears, the index of
// the ACL_DYNAMIC_TENSOR_NAME input comes from aclmdlGetInputIndexByName, buffers are sized for
// the largest gear, and before each execution aclmdlSetDynamicBatchSize / aclmdlSetDynamicHWSize /
// aclmdlSetInputDynamicDims picks the gear; aclmdlGetCurOutputDims gives the output shape.
//
//   main <model.om> batch|hw|dims <dir/name> [static.om]
//
// Reads <name>.gears and <name>.g<k>.in0.bin, writes <name>.g<k>.out0.bin for every gear, and
// checks the error paths (a value that is no gear, a wrong index, a model of another kind, a
// dataset without the shape input, a shape buffer too small, an unset gear). Exit 0 only if
// every expectation holds.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"

static int failures = 0;

#define EXPECT(cond, ...)                                                  \
    do {                                                                   \
        if (!(cond)) {                                                     \
            fprintf(stderr, "FAIL line %d: ", __LINE__);                   \
            fprintf(stderr, __VA_ARGS__);                                  \
            fprintf(stderr, "\n");                                         \
            failures++;                                                    \
        }                                                                  \
    } while (0)
#define CHECK(call)                                                                          \
    do {                                                                                     \
        aclError ret_ = (call);                                                              \
        if (ret_ != ACL_SUCCESS) {                                                           \
            fprintf(stderr, "[ERROR] %s failed, errorCode is %d: %s\n", #call, (int)ret_,    \
                    aclGetRecentErrMsg());                                                   \
            return 1;                                                                        \
        }                                                                                    \
    } while (0)
#define EXPECT_RC(call, code)                                                                \
    do {                                                                                     \
        aclError r_ = (call);                                                                \
        EXPECT(r_ == (aclError)(code), "%s returned %d, expected %d (%s)", #call, (int)r_,   \
               (int)(code), aclGetRecentErrMsg());                                           \
    } while (0)

static bool ReadFile(const std::string &path, std::vector<char> &data)
{
    FILE *f = fopen(path.c_str(), "rb");
    if (!f)
        return false;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    data.resize(n > 0 ? (size_t)n : 0);
    bool ok = fread(data.data(), 1, data.size(), f) == data.size();
    fclose(f);
    return ok;
}

static std::vector<std::vector<long long>> ReadGears(const std::string &path)
{
    std::vector<std::vector<long long>> gears;
    FILE *f = fopen(path.c_str(), "r");
    char line[256];
    while (f && fgets(line, sizeof(line), f)) {
        std::vector<long long> g;
        char *p = line, *e;
        for (long long v = strtoll(p, &e, 10); e != p; v = strtoll(p, &e, 10)) {
            g.push_back(v);
            p = e;
        }
        if (!g.empty())
            gears.push_back(g);
    }
    if (f)
        fclose(f);
    return gears;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s <model.om> batch|hw|dims <dir/name> [static.om]\n", argv[0]);
        return 2;
    }
    const std::string kind = argv[2], name = argv[3];
    std::vector<std::vector<long long>> gears = ReadGears(name + ".gears");
    if (gears.size() < 2) {
        fprintf(stderr, "no gears in %s.gears\n", name.c_str());
        return 2;
    }
    CHECK(aclInit(nullptr));
    CHECK(aclrtSetDevice(0));
    aclrtContext context;
    CHECK(aclrtCreateContext(&context, 0));
    uint32_t modelId;
    CHECK(aclmdlLoadFromFile(argv[1], &modelId));
    aclmdlDesc *desc = aclmdlCreateDesc();
    CHECK(aclmdlGetDesc(desc, modelId));

    // the desc: the data input and the shape input, the gears of the model
    size_t shapeIndex = 99;
    CHECK(aclmdlGetInputIndexByName(desc, ACL_DYNAMIC_TENSOR_NAME, &shapeIndex));
    EXPECT(aclmdlGetNumInputs(desc) == 2 && shapeIndex == 1, "inputs %zu, %s at %zu", aclmdlGetNumInputs(desc),
           ACL_DYNAMIC_TENSOR_NAME, shapeIndex);
    aclmdlIODims inDims;
    CHECK(aclmdlGetInputDims(desc, 0, &inDims));
    int unknown = 0;
    for (size_t d = 0; d < inDims.dimCount; d++)
        unknown += inDims.dims[d] == -1;
    EXPECT(unknown == (kind == "batch" ? 1 : 2), "input 0 has %d dims of -1", unknown);
    if (kind == "batch") {
        aclmdlBatch batch;
        CHECK(aclmdlGetDynamicBatch(desc, &batch));
        EXPECT(batch.batchCount == gears.size(), "batchCount %zu", batch.batchCount);
        for (size_t k = 0; k < gears.size() && k < batch.batchCount; k++)
            EXPECT((long long)batch.batch[k] == gears[k][0], "gear %zu: batch %llu", k,
                   (unsigned long long)batch.batch[k]);
        EXPECT(inDims.dims[0] == -1, "the batch dim is %lld", (long long)inDims.dims[0]);
        aclmdlIODimsRange range;
        CHECK(aclmdlGetInputDimsRange(desc, 0, &range));
        EXPECT(range.rangeCount == 4 && range.range[0][0] == gears.front()[0] && range.range[0][1] == gears.back()[0] &&
               range.range[1][0] == 3 && range.range[1][1] == 3, "batch range [%lld, %lld]",
               (long long)range.range[0][0], (long long)range.range[0][1]);
    } else if (kind == "hw") {
        aclmdlHW hw;
        CHECK(aclmdlGetDynamicHW(desc, 0, &hw));
        EXPECT(hw.hwCount == gears.size(), "hwCount %zu", hw.hwCount);
        for (size_t k = 0; k < gears.size() && k < hw.hwCount; k++)
            EXPECT((long long)hw.hw[k][0] == gears[k][0] && (long long)hw.hw[k][1] == gears[k][1],
                   "gear %zu: %llux%llu", k, (unsigned long long)hw.hw[k][0], (unsigned long long)hw.hw[k][1]);
    } else {
        size_t count = 0;
        CHECK(aclmdlGetInputDynamicGearCount(desc, (size_t)-1, &count));
        EXPECT(count == gears.size(), "gearCount %zu", count);
        std::vector<aclmdlIODims> dims(count ? count : 1);
        CHECK(aclmdlGetInputDynamicDims(desc, (size_t)-1, dims.data(), count));
        for (size_t k = 0; k < count && k < gears.size(); k++)   // x: [B, S, 16]
            EXPECT(dims[k].dimCount == 3 && dims[k].dims[0] == gears[k][0] && dims[k].dims[1] == gears[k][1] &&
                   dims[k].dims[2] == 16, "gear %zu: %zu dims %lld,%lld,%lld", k, dims[k].dimCount,
                   (long long)dims[k].dims[0], (long long)dims[k].dims[1], (long long)dims[k].dims[2]);
        EXPECT_RC(aclmdlGetInputDynamicDims(desc, (size_t)-1, dims.data(), count + 1), ACL_ERROR_INVALID_PARAM);
    }

    // buffers for the largest gear
    size_t inSize = aclmdlGetInputSizeByIndex(desc, 0), shapeSize = aclmdlGetInputSizeByIndex(desc, shapeIndex);
    size_t outSize = aclmdlGetOutputSizeByIndex(desc, 0);
    void *inBuf, *shapeBuf, *outBuf, *smallBuf;
    CHECK(aclrtMalloc(&inBuf, inSize, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(&shapeBuf, shapeSize, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(&outBuf, outSize, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(&smallBuf, 4, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMemset(shapeBuf, shapeSize, 0, shapeSize));
    aclmdlDataset *input = aclmdlCreateDataset(), *output = aclmdlCreateDataset();
    aclDataBuffer *inData = aclCreateDataBuffer(inBuf, inSize), *shapeData = aclCreateDataBuffer(shapeBuf, shapeSize);
    aclDataBuffer *outData = aclCreateDataBuffer(outBuf, outSize);
    CHECK(aclmdlAddDatasetBuffer(input, inData));
    CHECK(aclmdlAddDatasetBuffer(output, outData));

    // a dataset without the shape input
    EXPECT_RC(aclmdlExecute(modelId, input, output), ACL_ERROR_GE_DYNAMIC_INPUT_ADDR_INVALID);
    CHECK(aclmdlAddDatasetBuffer(input, shapeData));
    // no gear set yet (the shape input holds zeros)
    EXPECT_RC(aclmdlExecute(modelId, input, output), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);

    auto setGear = [&](aclmdlDataset *ds, size_t index, const std::vector<long long> &g) -> aclError {
        if (kind == "batch")
            return aclmdlSetDynamicBatchSize(modelId, ds, index, (uint64_t)g[0]);
        if (kind == "hw")
            return aclmdlSetDynamicHWSize(modelId, ds, index, (uint64_t)g[0], (uint64_t)g[1]);
        aclmdlIODims d;
        memset(&d, 0, sizeof(d));
        d.dimCount = 3;
        d.dims[0] = g[0];
        d.dims[1] = g[1];
        d.dims[2] = 16;
        return aclmdlSetInputDynamicDims(modelId, ds, index, &d);
    };

    // every gear, the largest first and back down (the workspace is shared by the gears)
    std::vector<size_t> order;
    for (size_t k = gears.size(); k-- > 0;)
        order.push_back(k);
    for (size_t k = 0; k < gears.size(); k++)
        order.push_back(k);
    for (size_t k : order) {
        std::vector<char> x;
        if (!ReadFile(name + ".g" + std::to_string(k) + ".in0.bin", x) || x.size() > inSize) {
            fprintf(stderr, "gear %zu: bad input file (%zu bytes, buffer %zu)\n", k, x.size(), inSize);
            return 1;
        }
        CHECK(aclrtMemset(inBuf, inSize, 0, inSize));
        CHECK(aclrtMemcpy(inBuf, inSize, x.data(), x.size(), ACL_MEMCPY_HOST_TO_DEVICE));
        CHECK(setGear(input, shapeIndex, gears[k]));
        CHECK(aclmdlExecute(modelId, input, output));
        aclmdlIODims cur;
        CHECK(aclmdlGetCurOutputDims(desc, 0, &cur));
        size_t n = 1;
        for (size_t d = 0; d < cur.dimCount; d++)
            n *= (size_t)cur.dims[d];
        long long want0 = kind == "hw" ? 1 : gears[k][0];
        EXPECT(cur.dimCount > 0 && cur.dims[0] == want0, "gear %zu: current output dim 0 is %lld", k,
               (long long)cur.dims[0]);
        if (kind == "hw")
            EXPECT(cur.dimCount == 4 && cur.dims[2] == gears[k][0] && cur.dims[3] == gears[k][1],
                   "gear %zu: current output is not 1x4x%lldx%lld", k, gears[k][0], gears[k][1]);
        std::vector<char> y(n * 4);
        if (y.size() > outSize) {
            fprintf(stderr, "gear %zu: %zu output bytes, buffer %zu\n", k, y.size(), outSize);
            return 1;
        }
        CHECK(aclrtMemcpy(y.data(), y.size(), outBuf, y.size(), ACL_MEMCPY_DEVICE_TO_HOST));
        FILE *f = fopen((name + ".g" + std::to_string(k) + ".out0.bin").c_str(), "wb");
        if (!f || fwrite(y.data(), 1, y.size(), f) != y.size()) {
            fprintf(stderr, "cannot write the output of gear %zu\n", k);
            return 1;
        }
        fclose(f);
    }

    // a value that is no gear, a wrong index, the other kinds' setters, a shape buffer too small
    std::vector<long long> bad = gears.back();
    bad[0] += 1;
    EXPECT_RC(setGear(input, shapeIndex, bad), ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID);
    EXPECT_RC(setGear(input, 0, gears[0]), ACL_ERROR_INVALID_PARAM);
    if (kind != "batch")
        EXPECT_RC(aclmdlSetDynamicBatchSize(modelId, input, shapeIndex, 1), ACL_ERROR_MODEL_NOT_DYNAMIC);
    if (kind != "hw")
        EXPECT_RC(aclmdlSetDynamicHWSize(modelId, input, shapeIndex, 8, 8), ACL_ERROR_MODEL_NOT_DYNAMIC);
    CHECK(setGear(input, shapeIndex, gears[0]));
    aclmdlDataset *smallSet = aclmdlCreateDataset();
    aclDataBuffer *smallData = aclCreateDataBuffer(smallBuf, 4);
    CHECK(aclmdlAddDatasetBuffer(smallSet, inData));
    CHECK(aclmdlAddDatasetBuffer(smallSet, smallData));
    EXPECT_RC(setGear(smallSet, shapeIndex, gears[0]), ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID);
    EXPECT_RC(setGear(nullptr, shapeIndex, gears[0]), ACL_ERROR_INVALID_PARAM);
    EXPECT_RC(aclmdlSetDynamicBatchSize(modelId + 1000, input, shapeIndex, 1), ACL_ERROR_INVALID_MODEL_ID);
    CHECK(aclmdlDestroyDataset(smallSet));
    CHECK(aclDestroyDataBuffer(smallData));

    if (argc > 4) { // a static model has no gears
        uint32_t staticId;
        CHECK(aclmdlLoadFromFile(argv[4], &staticId));
        aclmdlDesc *sd = aclmdlCreateDesc();
        CHECK(aclmdlGetDesc(sd, staticId));
        aclmdlBatch batch;
        CHECK(aclmdlGetDynamicBatch(sd, &batch));
        size_t idx, count = 7;
        CHECK(aclmdlGetInputDynamicGearCount(sd, (size_t)-1, &count));
        EXPECT(batch.batchCount == 0 && count == 0, "a static model reports gears");
        EXPECT_RC(aclmdlGetInputIndexByName(sd, ACL_DYNAMIC_TENSOR_NAME, &idx), ACL_ERROR_INVALID_PARAM);
        EXPECT_RC(aclmdlSetDynamicBatchSize(staticId, input, 1, 1), ACL_ERROR_MODEL_NOT_DYNAMIC);
        CHECK(aclmdlDestroyDesc(sd));
        CHECK(aclmdlUnload(staticId));
    }

    CHECK(aclmdlDestroyDataset(input));
    CHECK(aclmdlDestroyDataset(output));
    CHECK(aclDestroyDataBuffer(inData));
    CHECK(aclDestroyDataBuffer(shapeData));
    CHECK(aclDestroyDataBuffer(outData));
    CHECK(aclrtFree(inBuf));
    CHECK(aclrtFree(shapeBuf));
    CHECK(aclrtFree(outBuf));
    CHECK(aclrtFree(smallBuf));
    CHECK(aclmdlDestroyDesc(desc));
    CHECK(aclmdlUnload(modelId));
    CHECK(aclrtDestroyContext(context));
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    if (failures)
        fprintf(stderr, "%d failure(s)\n", failures);
    else
        printf("%s model (%s): %zu gears ran, error paths as expected\n", kind.c_str(), argv[1], gears.size());
    return failures ? 1 : 0;
}
