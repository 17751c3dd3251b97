/* Single-operator dump as the runtime repository's adump sample drives it (dump_op_switch "on"
 * through aclmdlInitDump / aclmdlSetDump): aclnnAdd runs three times, and check_dump.py opdump
 * parses the files:
 *   1. out = self + 2 * other with other a transposed (strided) view: one file with both inputs
 *      (other gathered in view order) and the output;
 *   2. the same Add recorded by stream capture (aclmdlRICaptureBegin .. End) and replayed: not a
 *      single-operator execution, so no file;
 *   3. after aclmdlFinalizeDump: no file.
 *
 *   op_dump <dir with opdump.json> */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_add.h"

static int fails;

static void expect(long got, long want, const char *what)
{
    if (got != want) {
        const char *m = aclGetRecentErrMsg();
        printf("FAIL: %s returned %ld, expected %ld (%s)\n", what, got, want, m ? m : "");
        fails++;
    }
}

static aclTensor *tensor(void *dev, const int64_t *shape, const int64_t *strides, const int64_t *storage)
{
    return aclCreateTensor(shape, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, storage, 2, dev);
}

/* one aclnnAdd on stream */
static void add(aclTensor *a, aclTensor *b, aclScalar *alpha, aclTensor *y, aclrtStream s, const char *what)
{
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    expect(aclnnAddGetWorkspaceSize(a, b, alpha, y, &ws, &ex), 0, what);
    void *w = NULL;
    if (ws)
        expect(aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST), 0, "workspace");
    expect(aclnnAdd(w, ws, ex, s), 0, what);
    expect(aclrtSynchronizeStream(s), 0, "synchronize");
    aclrtFree(w);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: op_dump <dir>\n");
        return 2;
    }
    char cfg[4096];
    snprintf(cfg, sizeof(cfg), "%s/opdump.json", argv[1]);
    aclrtStream s = NULL, cs = NULL;
    expect(aclInit(NULL), 0, "aclInit");
    expect(aclrtSetDevice(0), 0, "aclrtSetDevice");
    expect(aclrtCreateStream(&s), 0, "aclrtCreateStream");
    expect(aclrtCreateStream(&cs), 0, "aclrtCreateStream (capture)");
    expect(aclmdlInitDump(), 0, "aclmdlInitDump");
    expect(aclmdlSetDump(cfg), 0, "aclmdlSetDump(dump_op_switch on)");
    const char *path = acldumpGetPath(DATA_DUMP);
    if (path == NULL || strstr(path, "opout") == NULL) {
        printf("FAIL: acldumpGetPath = %s\n", path ? path : "NULL");
        fails++;
    }

    /* self (2, 3) contiguous; other: the transpose of a contiguous (3, 2) buffer */
    float hs[6] = {1, 2, 3, 4, 5, 6}, ho[6] = {10, 20, 30, 40, 50, 60}, hy[6] = {0};
    void *ds, *dother, *dy;
    expect(aclrtMalloc(&ds, 24, ACL_MEM_MALLOC_HUGE_FIRST), 0, "malloc");
    expect(aclrtMalloc(&dother, 24, ACL_MEM_MALLOC_HUGE_FIRST), 0, "malloc");
    expect(aclrtMalloc(&dy, 24, ACL_MEM_MALLOC_HUGE_FIRST), 0, "malloc");
    expect(aclrtMemcpy(ds, 24, hs, 24, ACL_MEMCPY_HOST_TO_DEVICE), 0, "memcpy");
    expect(aclrtMemcpy(dother, 24, ho, 24, ACL_MEMCPY_HOST_TO_DEVICE), 0, "memcpy");
    expect(aclrtMemcpy(dy, 24, hy, 24, ACL_MEMCPY_HOST_TO_DEVICE), 0, "memcpy");
    int64_t shape[2] = {2, 3}, st[2] = {3, 1}, tst[2] = {1, 2}, tstore[2] = {3, 2};
    aclTensor *a = tensor(ds, shape, st, shape), *b = tensor(dother, shape, tst, tstore), *y = tensor(dy, shape, st, shape);
    float two = 2.0f;
    aclScalar *alpha = aclCreateScalar(&two, ACL_FLOAT);

    add(a, b, alpha, y, s, "Add 1 (dumped)");

    aclmdlRI ri = NULL;
    expect(aclmdlRICaptureBegin(cs, ACL_MODEL_RI_CAPTURE_MODE_GLOBAL), 0, "aclmdlRICaptureBegin");
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    expect(aclnnAddGetWorkspaceSize(a, b, alpha, y, &ws, &ex), 0, "Add 2 stage 1");
    expect(ws, 0, "Add workspace");
    expect(aclnnAdd(NULL, 0, ex, cs), 0, "Add 2 (captured)");
    expect(aclmdlRICaptureEnd(cs, &ri), 0, "aclmdlRICaptureEnd");
    expect(aclmdlRIExecuteAsync(ri, s), 0, "aclmdlRIExecuteAsync");
    expect(aclrtSynchronizeStream(s), 0, "synchronize");
    expect(aclmdlRIDestroy(ri), 0, "aclmdlRIDestroy");

    expect(aclmdlFinalizeDump(), 0, "aclmdlFinalizeDump");
    add(a, b, alpha, y, s, "Add 3 (after FinalizeDump)");

    expect(aclrtMemcpy(hy, 24, dy, 24, ACL_MEMCPY_DEVICE_TO_HOST), 0, "memcpy back");
    /* y[i][j] = self[i][j] + 2 * other_buffer[j][i] */
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            if (hy[i * 3 + j] != hs[i * 3 + j] + 2 * ho[j * 2 + i]) {
                printf("FAIL: y[%d][%d] = %g\n", i, j, hy[i * 3 + j]);
                fails++;
            }
    aclDestroyTensor(a);
    aclDestroyTensor(b);
    aclDestroyTensor(y);
    aclDestroyScalar(alpha);
    aclrtFree(ds);
    aclrtFree(dother);
    aclrtFree(dy);
    aclrtDestroyStream(cs);
    aclrtDestroyStream(s);
    aclrtResetDevice(0);
    aclFinalize();
    if (fails == 0)
        printf("op_dump: API checks passed\n");
    return fails ? 1 : 0;
}
