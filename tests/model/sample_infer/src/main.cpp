// A model-inference host program written the way the Ascend samples are: init, device,
// context, stream; aclmdlLoadFromFile; a model desc; input and output datasets of device
// buffers sized by the desc; aclmdlExecute; outputs copied back and written to files.
//
//   main <model.om> <input0.bin> ... -- <output prefix> [iterations]
//
// Prints the model's I/O as the desc reports it, then "load_ms=", "execute_ms=" (mean of the
// iterations after a warm-up run). Exit status 0 only if every call succeeded.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"

#define CHECK(call)                                                                          \
    do {                                                                                     \
        aclError ret_ = (call);                                                              \
        if (ret_ != ACL_SUCCESS) {                                                           \
            fprintf(stderr, "[ERROR] %s failed, errorCode is %d: %s\n", #call, (int)ret_,    \
                    aclGetRecentErrMsg());                                                   \
            return 1;                                                                        \
        }                                                                                    \
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

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s <model.om> <inputs...> -- <output prefix> [iterations]\n", argv[0]);
        return 2;
    }
    const char *modelPath = argv[1];
    std::vector<std::string> inputs;
    int a = 2;
    for (; a < argc && strcmp(argv[a], "--") != 0; a++)
        inputs.push_back(argv[a]);
    if (a + 1 >= argc) {
        fprintf(stderr, "missing -- <output prefix>\n");
        return 2;
    }
    std::string outPrefix = argv[a + 1];
    int iterations = a + 2 < argc ? atoi(argv[a + 2]) : 1;

    CHECK(aclInit(nullptr));
    int32_t deviceId = 0;
    CHECK(aclrtSetDevice(deviceId));
    aclrtContext context;
    CHECK(aclrtCreateContext(&context, deviceId));
    aclrtStream stream;
    CHECK(aclrtCreateStream(&stream));

    size_t workSize = 0, weightSize = 0;
    CHECK(aclmdlQuerySize(modelPath, &workSize, &weightSize));
    auto t0 = std::chrono::steady_clock::now();
    uint32_t modelId = 0;
    CHECK(aclmdlLoadFromFile(modelPath, &modelId));
    double loadMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();

    aclmdlDesc *desc = aclmdlCreateDesc();
    CHECK(aclmdlGetDesc(desc, modelId));
    size_t numIn = aclmdlGetNumInputs(desc), numOut = aclmdlGetNumOutputs(desc);
    printf("model %s: id %u, %zu inputs, %zu outputs, workSize %zu, weightSize %zu\n", modelPath, modelId, numIn,
           numOut, workSize, weightSize);
    if (numIn != inputs.size()) {
        fprintf(stderr, "[ERROR] the model takes %zu inputs, %zu files given\n", numIn, inputs.size());
        return 1;
    }

    aclmdlDataset *input = aclmdlCreateDataset(), *output = aclmdlCreateDataset();
    std::vector<void *> devBufs;
    for (size_t i = 0; i < numIn; i++) {
        size_t size = aclmdlGetInputSizeByIndex(desc, i);
        aclmdlIODims dims;
        CHECK(aclmdlGetInputDims(desc, i, &dims));
        printf("input %zu: %s dtype %d format %d size %zu dims", i, aclmdlGetInputNameByIndex(desc, i),
               (int)aclmdlGetInputDataType(desc, i), (int)aclmdlGetInputFormat(desc, i), size);
        for (size_t d = 0; d < dims.dimCount; d++)
            printf(" %lld", (long long)dims.dims[d]);
        printf("\n");
        std::vector<char> host;
        if (!ReadFile(inputs[i], host) || host.size() != size) {
            fprintf(stderr, "[ERROR] %s: %zu bytes, the model input takes %zu\n", inputs[i].c_str(), host.size(),
                    size);
            return 1;
        }
        void *dev = nullptr;
        CHECK(aclrtMalloc(&dev, size, ACL_MEM_MALLOC_HUGE_FIRST));
        CHECK(aclrtMemcpy(dev, size, host.data(), size, ACL_MEMCPY_HOST_TO_DEVICE));
        devBufs.push_back(dev);
        CHECK(aclmdlAddDatasetBuffer(input, aclCreateDataBuffer(dev, size)));
    }
    for (size_t i = 0; i < numOut; i++) {
        size_t size = aclmdlGetOutputSizeByIndex(desc, i);
        size_t index = 99;
        CHECK(aclmdlGetOutputIndexByName(desc, aclmdlGetOutputNameByIndex(desc, i), &index));
        if (index != i) {
            fprintf(stderr, "[ERROR] output %zu found by name at %zu\n", i, index);
            return 1;
        }
        printf("output %zu: %s dtype %d size %zu\n", i, aclmdlGetOutputNameByIndex(desc, i),
               (int)aclmdlGetOutputDataType(desc, i), size);
        void *dev = nullptr;
        CHECK(aclrtMalloc(&dev, size, ACL_MEM_MALLOC_HUGE_FIRST));
        devBufs.push_back(dev);
        CHECK(aclmdlAddDatasetBuffer(output, aclCreateDataBuffer(dev, size)));
    }

    CHECK(aclmdlExecute(modelId, input, output)); // warm-up, and the result checked below
    auto t1 = std::chrono::steady_clock::now();
    for (int it = 0; it < iterations; it++)
        CHECK(aclmdlExecute(modelId, input, output));
    double execMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t1).count() / iterations;
    // the same through the async API on the sample's own stream
    CHECK(aclmdlExecuteAsync(modelId, input, output, stream));
    CHECK(aclrtSynchronizeStream(stream));
    printf("load_ms=%.3f execute_ms=%.3f\n", loadMs, execMs);

    for (size_t i = 0; i < numOut; i++) {
        aclDataBuffer *buf = aclmdlGetDatasetBuffer(output, i);
        size_t size = aclGetDataBufferSizeV2(buf);
        std::vector<char> host(size);
        CHECK(aclrtMemcpy(host.data(), size, aclGetDataBufferAddr(buf), size, ACL_MEMCPY_DEVICE_TO_HOST));
        std::string path = outPrefix + ".out" + std::to_string(i) + ".bin";
        FILE *f = fopen(path.c_str(), "wb");
        if (!f || fwrite(host.data(), 1, size, f) != size) {
            fprintf(stderr, "[ERROR] cannot write %s\n", path.c_str());
            return 1;
        }
        fclose(f);
    }

    for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(input); i++)
        CHECK(aclDestroyDataBuffer(aclmdlGetDatasetBuffer(input, i)));
    for (size_t i = 0; i < aclmdlGetDatasetNumBuffers(output); i++)
        CHECK(aclDestroyDataBuffer(aclmdlGetDatasetBuffer(output, i)));
    CHECK(aclmdlDestroyDataset(input));
    CHECK(aclmdlDestroyDataset(output));
    for (void *p : devBufs)
        CHECK(aclrtFree(p));
    CHECK(aclmdlDestroyDesc(desc));
    CHECK(aclmdlUnload(modelId));
    CHECK(aclrtDestroyStream(stream));
    CHECK(aclrtDestroyContext(context));
    CHECK(aclrtResetDevice(deviceId));
    CHECK(aclFinalize());
    return 0;
}
