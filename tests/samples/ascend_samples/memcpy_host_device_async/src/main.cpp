/* Asynchronous host<->device copies in the style of Ascend/samples' memory-management samples:
 * an explicit context, pinned host buffers, aclrtMemsetAsync on host memory, aclrtMemcpyAsync
 * both ways, stream synchronisation and aclrtGetMemInfo (DDR and HBM) between the steps.
 *
 *   main --release_cycle R --number_of_cycles N --device_id D --memory_size BYTES
 *
 * Every copy is checked (each round uses its own fill value) and the device's free memory must
 * drop by at least the allocated size and come back once everything is freed. Exit 0 = pass. */
#include <getopt.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "acl/acl.h"

#define SAMPLE_PRT(fmt, ...) printf("[memcpy_async] " fmt, ##__VA_ARGS__)
#define CHECK_ACL(call)                                                                            \
    do {                                                                                           \
        aclError r_ = (call);                                                                      \
        if (r_ != ACL_SUCCESS) {                                                                   \
            SAMPLE_PRT("%s failed: %d\n%s\n", #call, static_cast<int>(r_), aclGetRecentErrMsg());  \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)
#define CHECK_TRUE(cond)                                                                           \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            SAMPLE_PRT("line %d: expected %s\n", __LINE__, #cond);                                 \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

static int g_release_cycle = 2;
static int g_number_of_cycles = 2;
static int g_device_id = 0;
static size_t g_memory_size = 1 << 20;
static aclrtContext g_context = nullptr;
static aclrtStream g_stream = nullptr;

static int parse_options(int argc, char **argv)
{
    static struct option opts[] = {
        {"release_cycle", 1, nullptr, 'r'}, {"number_of_cycles", 1, nullptr, 'n'},
        {"device_id", 1, nullptr, 'd'},     {"memory_size", 1, nullptr, 's'},
        {nullptr, 0, nullptr, 0}};
    int c;
    while ((c = getopt_long(argc, argv, "r:n:d:s:", opts, nullptr)) != -1) {
        switch (c) {
        case 'r': g_release_cycle = atoi(optarg); break;
        case 'n': g_number_of_cycles = atoi(optarg); break;
        case 'd': g_device_id = atoi(optarg); break;
        case 's': g_memory_size = static_cast<size_t>(atol(optarg)); break;
        default: return 1;
        }
    }
    return g_release_cycle > 0 && g_number_of_cycles > 0 && g_memory_size > 0 ? 0 : 1;
}

/* Every byte of [p, p+n) equals v. The buffer must be host-accessible. */
static bool all_bytes(const void *p, size_t n, unsigned char v)
{
    const unsigned char *b = static_cast<const unsigned char *>(p);
    for (size_t i = 0; i < n; i++) {
        if (b[i] != v) {
            SAMPLE_PRT("byte %zu is 0x%02x, expected 0x%02x\n", i, b[i], v);
            return false;
        }
    }
    return true;
}

static int query_memory(const char *when, size_t *hbmFree)
{
    size_t free = 0, total = 0;
    CHECK_ACL(aclrtGetMemInfo(ACL_DDR_MEM, &free, &total));
    CHECK_TRUE(free <= total);
    SAMPLE_PRT("%s: DDR free %zu / total %zu bytes\n", when, free, total);
    CHECK_ACL(aclrtGetMemInfo(ACL_HBM_MEM, &free, &total));
    CHECK_TRUE(total > 0 && free <= total);
    SAMPLE_PRT("%s: HBM free %zu / total %zu bytes\n", when, free, total);
    *hbmFree = free;
    return 0;
}

static int setup()
{
    CHECK_ACL(aclInit(nullptr));
    CHECK_ACL(aclrtSetDevice(g_device_id));
    CHECK_ACL(aclrtCreateContext(&g_context, g_device_id));
    aclrtContext current = nullptr;
    CHECK_ACL(aclrtGetCurrentContext(&current));
    CHECK_TRUE(current == g_context);
    CHECK_ACL(aclrtCreateStream(&g_stream));
    aclrtRunMode mode;
    CHECK_ACL(aclrtGetRunMode(&mode));
    SAMPLE_PRT("running in %s\n", mode == ACL_HOST ? "host" : "device");
    return 0;
}

/* One round: fill pinned host memory on the stream, copy it to the device and back. */
static int one_round(unsigned char fill, std::vector<void *> *devBuffers, size_t *hbmAfterMalloc)
{
    void *host = nullptr;
    CHECK_ACL(aclrtMallocHost(&host, g_memory_size));
    memset(host, 0, g_memory_size);
    CHECK_ACL(aclrtMemsetAsync(host, g_memory_size, fill, g_memory_size, g_stream));
    void *dev = nullptr;
    CHECK_ACL(aclrtMalloc(&dev, g_memory_size, ACL_MEM_MALLOC_HUGE_FIRST));
    devBuffers->push_back(dev);
    CHECK_ACL(aclrtSynchronizeStream(g_stream));
    CHECK_TRUE(all_bytes(host, g_memory_size, fill));

    CHECK_ACL(aclrtMemcpyAsync(dev, g_memory_size, host, g_memory_size, ACL_MEMCPY_HOST_TO_DEVICE,
                               g_stream));
    void *writeBack = nullptr;
    CHECK_ACL(aclrtMallocHost(&writeBack, g_memory_size));
    memset(writeBack, 0, g_memory_size);
    CHECK_TRUE(query_memory("after malloc", hbmAfterMalloc) == 0);
    CHECK_ACL(aclrtSynchronizeStream(g_stream));

    /* what reached the device, read back synchronously */
    std::vector<unsigned char> check(g_memory_size);
    CHECK_ACL(aclrtMemcpy(check.data(), g_memory_size, dev, g_memory_size, ACL_MEMCPY_DEVICE_TO_HOST));
    CHECK_TRUE(all_bytes(check.data(), g_memory_size, fill));

    CHECK_ACL(aclrtMemcpyAsync(writeBack, g_memory_size, dev, g_memory_size,
                               ACL_MEMCPY_DEVICE_TO_HOST, g_stream));
    CHECK_ACL(aclrtFreeHost(host)); /* the source of the finished H2D copy */
    CHECK_ACL(aclrtSynchronizeStream(g_stream));
    CHECK_TRUE(all_bytes(writeBack, g_memory_size, fill));
    CHECK_ACL(aclrtFreeHost(writeBack));
    SAMPLE_PRT("round with 0x%02x: host -> device -> host ok\n", fill);
    return 0;
}

int main(int argc, char **argv)
{
    if (parse_options(argc, argv) != 0) {
        SAMPLE_PRT("usage: main --release_cycle R --number_of_cycles N --device_id D --memory_size B\n");
        return 1;
    }
    if (setup() != 0) {
        return 1;
    }
    size_t hbmStart = 0;
    if (query_memory("start", &hbmStart) != 0) {
        return 1;
    }
    unsigned char fill = 7;
    for (int cycle = 0; cycle < g_number_of_cycles; cycle++) {
        std::vector<void *> devBuffers;
        size_t hbmAfterMalloc = 0;
        for (int r = 0; r < g_release_cycle; r++) {
            if (one_round(fill, &devBuffers, &hbmAfterMalloc) != 0) {
                return 1;
            }
            fill = static_cast<unsigned char>(fill * 3 + 1);
        }
        /* the device buffers of this cycle are all still allocated */
        CHECK_TRUE(hbmStart - hbmAfterMalloc >= g_memory_size * devBuffers.size());
        for (void *d : devBuffers) {
            CHECK_ACL(aclrtFree(d));
        }
        size_t hbmNow = 0;
        if (query_memory("after free", &hbmNow) != 0) {
            return 1;
        }
        CHECK_TRUE(hbmNow == hbmStart);
    }
    CHECK_ACL(aclrtDestroyStream(g_stream));
    CHECK_ACL(aclrtDestroyContext(g_context));
    CHECK_ACL(aclrtResetDevice(g_device_id));
    CHECK_ACL(aclFinalize());
    SAMPLE_PRT("run success!\n");
    return 0;
}
