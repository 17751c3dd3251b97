/* aclop end-to-end latency: aclopExecuteV2 of Add on 1024 float32 elements followed by
 * aclrtSynchronizeStream, as a user times one small single op. Prints min / median / p90 in
 * microseconds over many iterations (after a warm-up), plus the split of the median between
 * the host path (aclopExecuteV2 returning) and the synchronize. Target: median <= 20 us.
 *   bench_aclop [iterations]   (device process from ACLEMU_DEVSIM / the install) */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "acl/acl.h"
#include "acl/acl_op_compiler.h"

#define CHECK(x)                                                                     \
    do {                                                                             \
        aclError rc_ = (x);                                                          \
        if (rc_ != ACL_SUCCESS) {                                                    \
            fprintf(stderr, "%s failed: %d\n%s\n", #x, rc_, aclGetRecentErrMsg());   \
            return 1;                                                                \
        }                                                                            \
    } while (0)

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    int iters = argc > 1 ? atoi(argv[1]) : 5000;
    if (iters < 10)
        iters = 10;
    const int64_t n = 1024, dims[1] = {1024};
    aclrtStream stream;
    CHECK(aclInit(NULL));
    CHECK(aclrtSetDevice(0));
    CHECK(aclrtCreateStream(&stream));
    aclTensorDesc *in[2] = {aclCreateTensorDesc(ACL_FLOAT, 1, dims, ACL_FORMAT_ND),
                            aclCreateTensorDesc(ACL_FLOAT, 1, dims, ACL_FORMAT_ND)};
    aclTensorDesc *out[1] = {aclCreateTensorDesc(ACL_FLOAT, 1, dims, ACL_FORMAT_ND)};
    aclopAttr *attr = aclopCreateAttr();
    void *a, *b, *y;
    CHECK(aclrtMalloc(&a, n * 4, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(&b, n * 4, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(&y, n * 4, ACL_MEM_MALLOC_HUGE_FIRST));
    float *h = malloc(n * 4);
    for (int i = 0; i < n; i++)
        h[i] = (float)i;
    CHECK(aclrtMemcpy(a, n * 4, h, n * 4, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK(aclrtMemcpy(b, n * 4, h, n * 4, ACL_MEMCPY_HOST_TO_DEVICE));
    aclDataBuffer *ib[2] = {aclCreateDataBuffer(a, n * 4), aclCreateDataBuffer(b, n * 4)};
    aclDataBuffer *ob[1] = {aclCreateDataBuffer(y, n * 4)};
    CHECK(aclopCompile("Add", 2, (const aclTensorDesc *const *)in, 1, (const aclTensorDesc *const *)out, attr,
                       ACL_ENGINE_SYS, ACL_COMPILE_SYS, NULL));
    for (int i = 0; i < 200; i++) {
        CHECK(aclopExecuteV2("Add", 2, in, ib, 1, out, ob, attr, stream));
        CHECK(aclrtSynchronizeStream(stream));
    }
    double *tot = malloc(sizeof(double) * iters), *host = malloc(sizeof(double) * iters);
    for (int i = 0; i < iters; i++) {
        double t0 = now_us();
        CHECK(aclopExecuteV2("Add", 2, in, ib, 1, out, ob, attr, stream));
        double t1 = now_us();
        CHECK(aclrtSynchronizeStream(stream));
        double t2 = now_us();
        tot[i] = t2 - t0;
        host[i] = t1 - t0;
    }
    CHECK(aclrtMemcpy(h, n * 4, y, n * 4, ACL_MEMCPY_DEVICE_TO_HOST));
    for (int i = 0; i < n; i++) {
        if (h[i] != 2.0f * (float)i) {
            fprintf(stderr, "wrong result at %d: %g\n", i, h[i]);
            return 1;
        }
    }
    qsort(tot, iters, sizeof(double), cmp);
    qsort(host, iters, sizeof(double), cmp);
    printf("aclopExecuteV2(Add, 1024 x float32) + aclrtSynchronizeStream, %d iterations:\n", iters);
    printf("  end to end: min %.1f us, median %.1f us, p90 %.1f us (target median <= 20 us: %s)\n", tot[0],
           tot[iters / 2], tot[iters * 9 / 10], tot[iters / 2] <= 20.0 ? "met" : "NOT met");
    printf("  host part (aclopExecuteV2 returning): median %.1f us\n", host[iters / 2]);
    free(tot), free(host), free(h);
    for (int k = 0; k < 2; k++) {
        aclDestroyDataBuffer(ib[k]);
        aclDestroyTensorDesc(in[k]);
    }
    aclDestroyDataBuffer(ob[0]);
    aclDestroyTensorDesc(out[0]);
    aclopDestroyAttr(attr);
    aclrtFree(a), aclrtFree(b), aclrtFree(y);
    CHECK(aclrtDestroyStream(stream));
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    return 0;
}
