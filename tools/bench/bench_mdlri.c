/* Host cost of a replayed stream capture (aclmdlRIExecuteAsync) against eager launches.
 *
 * The workload: 100 small launches (aclnnAdd on 256 floats, chained c = c + x). Eager issues
 * them one by one as a user does (aclnnAddGetWorkspaceSize + aclnnAdd each); the replay issues
 * one aclmdlRIExecuteAsync of the same 100 captured launches. Rounds alternate eager / replay;
 * the figures are medians:
 *   host us/launch   time spent in the issuing calls / 100 (the stream may still be running)
 *   wall us/round    issue + aclrtSynchronizeStream
 * Usage: bench_mdlri [rounds] (default 41). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_add.h"

#define LAUNCHES 100
#define ELEMS 256

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

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp);
    return v[n / 2];
}

#define CHECK(call)                                                                    \
    do {                                                                               \
        int rc_ = (int)(call);                                                         \
        if (rc_ != 0) {                                                                \
            fprintf(stderr, "%s failed (%d): %s\n", #call, rc_, aclGetRecentErrMsg()); \
            exit(1);                                                                   \
        }                                                                              \
    } while (0)

static aclTensor *tensor(void *dev)
{
    int64_t shape[1] = {ELEMS}, strides[1] = {1};
    return aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, dev);
}

/* c = c + x, LAUNCHES times, on stream */
static void issue(aclTensor *c, aclTensor *x, aclScalar *alpha, aclrtStream stream)
{
    for (int i = 0; i < LAUNCHES; i++) {
        uint64_t ws = 0;
        aclOpExecutor *ex;
        CHECK(aclnnAddGetWorkspaceSize(c, x, alpha, c, &ws, &ex));
        CHECK(aclnnAdd(NULL, 0, ex, stream));
    }
}

int main(int argc, char **argv)
{
    int rounds = argc > 1 ? atoi(argv[1]) : 41;
    if (rounds < 3)
        rounds = 3;
    CHECK(aclInit(NULL));
    CHECK(aclrtSetDevice(0));
    aclrtStream stream;
    CHECK(aclrtCreateStream(&stream));
    void *cd, *xd;
    CHECK(aclrtMalloc(&cd, ELEMS * 4, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK(aclrtMalloc(&xd, ELEMS * 4, ACL_MEM_MALLOC_HUGE_FIRST));
    float host[ELEMS];
    for (int i = 0; i < ELEMS; i++)
        host[i] = 1.0f;
    CHECK(aclrtMemcpy(xd, sizeof host, host, sizeof host, ACL_MEMCPY_HOST_TO_DEVICE));
    CHECK(aclrtMemset(cd, sizeof host, 0, sizeof host));
    aclTensor *c = tensor(cd), *x = tensor(xd);
    float one = 1.0f;
    aclScalar *alpha = aclCreateScalar(&one, ACL_FLOAT);

    aclmdlRI ri;
    CHECK(aclmdlRICaptureBegin(stream, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL));
    issue(c, x, alpha, stream);
    CHECK(aclmdlRICaptureEnd(stream, &ri));

    /* warm-up, and a check that both paths compute: 2 x 100 additions of 1 */
    issue(c, x, alpha, stream);
    CHECK(aclmdlRIExecuteAsync(ri, stream));
    CHECK(aclrtSynchronizeStream(stream));
    CHECK(aclrtMemcpy(host, sizeof host, cd, sizeof host, ACL_MEMCPY_DEVICE_TO_HOST));
    if (host[0] != 2.0f * LAUNCHES || host[ELEMS - 1] != 2.0f * LAUNCHES) {
        fprintf(stderr, "wrong result %g (expected %g)\n", host[0], 2.0 * LAUNCHES);
        return 1;
    }

    double *eh = calloc((size_t)rounds, sizeof(double)), *ew = calloc((size_t)rounds, sizeof(double));
    double *rh = calloc((size_t)rounds, sizeof(double)), *rw = calloc((size_t)rounds, sizeof(double));
    for (int r = 0; r < rounds; r++) {
        double t0 = now_us();
        issue(c, x, alpha, stream);
        double t1 = now_us();
        CHECK(aclrtSynchronizeStream(stream));
        double t2 = now_us();
        CHECK(aclmdlRIExecuteAsync(ri, stream));
        double t3 = now_us();
        CHECK(aclrtSynchronizeStream(stream));
        double t4 = now_us();
        eh[r] = (t1 - t0) / LAUNCHES;
        ew[r] = t2 - t0;
        rh[r] = (t3 - t2) / LAUNCHES;
        rw[r] = t4 - t2;
    }
    double meh = median(eh, rounds), mew = median(ew, rounds);
    double mrh = median(rh, rounds), mrw = median(rw, rounds);
    printf("bench_mdlri: %d launches of aclnnAdd (%d floats), %d alternating rounds, medians\n",
           LAUNCHES, ELEMS, rounds);
    printf("  eager   host %.3f us/launch   wall %.1f us/round\n", meh, mew);
    printf("  replay  host %.3f us/launch   wall %.1f us/round\n", mrh, mrw);
    printf("  replay/eager host cost %.3f (goal <= 0.5), wall %.3f\n", mrh / meh, mrw / mew);
    CHECK(aclmdlRIDestroy(ri));
    aclDestroyTensor(c);
    aclDestroyTensor(x);
    aclDestroyScalar(alpha);
    CHECK(aclrtFree(cd));
    CHECK(aclrtFree(xd));
    CHECK(aclrtDestroyStream(stream));
    CHECK(aclrtResetDevice(0));
    CHECK(aclFinalize());
    free(eh);
    free(ew);
    free(rh);
    free(rw);
    return 0;
}
