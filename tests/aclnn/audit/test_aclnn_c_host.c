/* A plain C99 host program against the installed aclnn headers, the way the ops-nn examples
 * run an op (init, tensors, stage 1, workspace, stage 2, synchronize, copy back), asserting
 * the results against references computed here: Relu, Add with broadcasting and alpha, Softmax,
 * LayerNorm with mean / rstd, Cast FP32 -> FP16; the meta getters that return plain values; a
 * repeatable executor run three times with its input rebound; stage-1 errors with their codes
 * and messages. Exit code 0 means every check passed. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "acl/acl.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_cast.h"
#include "aclnnop/aclnn_layer_norm.h"
#include "aclnnop/aclnn_relu.h"
#include "aclnnop/aclnn_softmax.h"

static int g_failures;
#define CHECK(cond, ...)                                                  \
    do {                                                                  \
        if (!(cond)) {                                                    \
            printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);        \
            printf(__VA_ARGS__);                                          \
            printf("\n");                                                 \
            g_failures++;                                                 \
        }                                                                 \
    } while (0)

static aclrtStream g_stream;

/* A contiguous FP32 device tensor filled from host values (NULL: left uninitialised). */
static aclTensor *make_tensor(const int64_t *shape, uint64_t rank, aclDataType dt, const float *host, size_t elem,
                              void **dev)
{
    int64_t n = 1, strides[8];
    for (uint64_t i = 0; i < rank; i++) n *= shape[i];
    for (int64_t i = (int64_t)rank - 1, s = 1; i >= 0; i--) { strides[i] = s; s *= shape[i]; }
    size_t bytes = (size_t)n * elem;
    if (aclrtMalloc(dev, bytes ? bytes : 1, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return NULL;
    if (host && aclrtMemcpy(*dev, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) return NULL;
    return aclCreateTensor(shape, rank, dt, strides, 0, ACL_FORMAT_ND, shape, rank, *dev);
}

static void download(void *host, const void *dev, size_t bytes)
{
    CHECK(aclrtMemcpy(host, bytes, dev, bytes, ACL_MEMCPY_DEVICE_TO_HOST) == ACL_SUCCESS, "download");
}

/* Stage 2 + synchronize with a workspace when stage 1 asked for one. */
static int run(aclnnStatus (*stage2)(void *, uint64_t, aclOpExecutor *, aclrtStream), uint64_t ws, aclOpExecutor *ex)
{
    void *w = NULL;
    if (ws && aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return -1;
    int rc = stage2(w, ws, ex, g_stream);
    if (rc == 0) rc = aclrtSynchronizeStream(g_stream);
    if (w) aclrtFree(w);
    return rc;
}

static int close_to(double a, double g, double rtol, double atol)
{
    return fabs(a - g) <= atol + rtol * fabs(g);
}

static void test_relu_add(void)
{
    int64_t s23[2] = {2, 3}, s3[1] = {3};
    float x[6] = {-1.5f, 0.0f, 2.0f, 3.25f, -0.5f, 7.0f}, b[3] = {1.0f, -2.0f, 0.5f}, y[6];
    void *dx, *db, *dy;
    aclTensor *tx = make_tensor(s23, 2, ACL_FLOAT, x, 4, &dx), *tb = make_tensor(s3, 1, ACL_FLOAT, b, 4, &db);
    aclTensor *ty = make_tensor(s23, 2, ACL_FLOAT, NULL, 4, &dy);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    CHECK(aclnnReluGetWorkspaceSize(tx, ty, &ws, &ex) == ACLNN_SUCCESS, "relu stage 1: %s", aclGetRecentErrMsg());
    CHECK(run(aclnnRelu, ws, ex) == 0, "relu run");
    download(y, dy, sizeof y);
    for (int i = 0; i < 6; i++) CHECK(y[i] == (x[i] > 0 ? x[i] : 0.0f), "relu[%d] = %g", i, y[i]);

    float alpha = 2.0f;
    aclScalar *al = aclCreateScalar(&alpha, ACL_FLOAT);
    CHECK(aclnnAddGetWorkspaceSize(tx, tb, al, ty, &ws, &ex) == ACLNN_SUCCESS, "add stage 1: %s", aclGetRecentErrMsg());
    CHECK(run(aclnnAdd, ws, ex) == 0, "add run");
    download(y, dy, sizeof y);
    for (int i = 0; i < 6; i++) CHECK(y[i] == x[i] + 2.0f * b[i % 3], "add[%d] = %g", i, y[i]);

    /* plain getters */
    aclDataType dt = ACL_DT_UNDEFINED;
    aclFormat fmt = ACL_FORMAT_UNDEFINED;
    int64_t off = -1;
    CHECK(aclGetDataType(tx, &dt) == 0 && dt == ACL_FLOAT, "aclGetDataType");
    CHECK(aclGetFormat(tx, &fmt) == 0 && fmt == ACL_FORMAT_ND, "aclGetFormat");
    CHECK(aclGetViewOffset(tx, &off) == 0 && off == 0, "aclGetViewOffset");
    CHECK(aclGetDataType(NULL, &dt) == ACLNN_ERR_PARAM_NULLPTR, "aclGetDataType(NULL)");

    /* errors: null out -> 161001, dtype mismatch -> 161002, both with an EZ1001 message */
    CHECK(aclnnReluGetWorkspaceSize(tx, NULL, &ws, &ex) == ACLNN_ERR_PARAM_NULLPTR, "relu null out");
    const char *m = aclGetRecentErrMsg();
    CHECK(m && strstr(m, "EZ1001") && strstr(m, "out"), "null-out message: %s", m ? m : "(null)");
    int64_t s6[1] = {6};
    void *di;
    aclTensor *ti = make_tensor(s6, 1, ACL_INT16, NULL, 2, &di);
    CHECK(aclnnReluGetWorkspaceSize(ti, ti, &ws, &ex) == ACLNN_ERR_PARAM_INVALID, "relu int16");
    m = aclGetRecentErrMsg();
    CHECK(m && strstr(m, "DT_INT16"), "dtype message: %s", m ? m : "(null)");

    aclDestroyScalar(al);
    aclDestroyTensor(tx); aclDestroyTensor(tb); aclDestroyTensor(ty); aclDestroyTensor(ti);
    aclrtFree(dx); aclrtFree(db); aclrtFree(dy); aclrtFree(di);
}

static void test_softmax_layernorm_cast(void)
{
    enum { R = 3, C = 37 };
    int64_t s[2] = {R, C}, sn[1] = {C}, sm[2] = {R, 1};
    float x[R * C], w[C], b[C], y[R * C], mean[R], rstd[R];
    for (int i = 0; i < R * C; i++) x[i] = (float)((i * 37 % 101) - 50) / 16.0f;
    for (int i = 0; i < C; i++) { w[i] = 0.5f + (float)i / C; b[i] = (float)(i % 5) - 2.0f; }
    void *dx, *dw, *db, *dy, *dm, *dr, *dh;
    aclTensor *tx = make_tensor(s, 2, ACL_FLOAT, x, 4, &dx), *tw = make_tensor(sn, 1, ACL_FLOAT, w, 4, &dw);
    aclTensor *tb = make_tensor(sn, 1, ACL_FLOAT, b, 4, &db), *ty = make_tensor(s, 2, ACL_FLOAT, NULL, 4, &dy);
    aclTensor *tm = make_tensor(sm, 2, ACL_FLOAT, NULL, 4, &dm), *tr = make_tensor(sm, 2, ACL_FLOAT, NULL, 4, &dr);
    aclTensor *th = make_tensor(s, 2, ACL_FLOAT16, NULL, 2, &dh);
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;

    CHECK(aclnnSoftmaxGetWorkspaceSize(tx, -1, ty, &ws, &ex) == 0, "softmax stage 1: %s", aclGetRecentErrMsg());
    CHECK(run(aclnnSoftmax, ws, ex) == 0, "softmax run");
    download(y, dy, sizeof y);
    for (int r = 0; r < R; r++) {
        double mx = -INFINITY, sum = 0;
        for (int c = 0; c < C; c++) mx = fmax(mx, x[r * C + c]);
        for (int c = 0; c < C; c++) sum += exp(x[r * C + c] - mx);
        for (int c = 0; c < C; c++)
            CHECK(close_to(y[r * C + c], exp(x[r * C + c] - mx) / sum, 1e-4, 1e-6), "softmax[%d,%d] = %g", r, c, y[r * C + c]);
    }

    aclIntArray *ns = aclCreateIntArray(sn, 1);
    CHECK(aclnnLayerNormGetWorkspaceSize(tx, ns, tw, tb, 1e-5, ty, tm, tr, &ws, &ex) == 0, "layernorm stage 1: %s",
          aclGetRecentErrMsg());
    CHECK(run(aclnnLayerNorm, ws, ex) == 0, "layernorm run");
    download(y, dy, sizeof y);
    download(mean, dm, sizeof mean);
    download(rstd, dr, sizeof rstd);
    for (int r = 0; r < R; r++) {
        double mu = 0, var = 0;
        for (int c = 0; c < C; c++) mu += x[r * C + c];
        mu /= C;
        for (int c = 0; c < C; c++) var += (x[r * C + c] - mu) * (x[r * C + c] - mu);
        double rs = 1.0 / sqrt(var / C + 1e-5);
        CHECK(close_to(mean[r], mu, 1e-4, 1e-5) && close_to(rstd[r], rs, 1e-4, 1e-5), "mean/rstd row %d", r);
        for (int c = 0; c < C; c++)
            CHECK(close_to(y[r * C + c], (x[r * C + c] - mu) * rs * w[c] + b[c], 1e-4, 1e-4), "layernorm[%d,%d]", r, c);
    }

    uint16_t h[R * C];
    CHECK(aclnnCastGetWorkspaceSize(tx, ACL_FLOAT16, th, &ws, &ex) == 0, "cast stage 1: %s", aclGetRecentErrMsg());
    CHECK(run(aclnnCast, ws, ex) == 0, "cast run");
    download(h, dh, sizeof h);
    /* the inputs are multiples of 1/16 below 4: exactly representable in FP16 */
    for (int i = 0; i < R * C; i++) {
        int e = (h[i] >> 10) & 31, mant = h[i] & 1023;
        double v = (e ? ldexp(1024 + mant, e - 25) : ldexp(mant, -24)) * ((h[i] & 0x8000) ? -1 : 1);
        CHECK(v == x[i], "cast[%d] = %g, expected %g", i, v, x[i]);
    }

    aclDestroyIntArray(ns);
    aclTensor *ts[] = {tx, tw, tb, ty, tm, tr, th};
    void *ds[] = {dx, dw, db, dy, dm, dr, dh};
    for (int i = 0; i < 7; i++) { aclDestroyTensor(ts[i]); aclrtFree(ds[i]); }
}

/* A repeatable executor: stage 2 three times, the input rebound to a new buffer each time. */
static void test_repeatable(void)
{
    int64_t s[1] = {5};
    float in[3][5] = {{-1, 2, -3, 4, -5}, {6, -7, 8, -9, 10}, {-0.5f, 0.5f, 0, 1, -1}}, y[5];
    void *dev[3], *dy;
    aclTensor *tx = make_tensor(s, 1, ACL_FLOAT, in[0], 4, &dev[0]), *ty = make_tensor(s, 1, ACL_FLOAT, NULL, 4, &dy);
    for (int k = 1; k < 3; k++) {
        CHECK(aclrtMalloc(&dev[k], sizeof in[k], ACL_MEM_MALLOC_HUGE_FIRST) == 0, "malloc");
        CHECK(aclrtMemcpy(dev[k], sizeof in[k], in[k], sizeof in[k], ACL_MEMCPY_HOST_TO_DEVICE) == 0, "upload");
    }
    uint64_t ws = 0;
    aclOpExecutor *ex = NULL;
    CHECK(aclnnReluGetWorkspaceSize(tx, ty, &ws, &ex) == 0, "stage 1");
    CHECK(aclSetAclOpExecutorRepeatable(ex) == 0, "repeatable");
    for (int k = 0; k < 3; k++) {
        CHECK(aclSetInputTensorAddr(ex, 0, tx, dev[k]) == 0, "rebind %d", k);
        CHECK(run(aclnnRelu, ws, ex) == 0, "run %d", k);
        download(y, dy, sizeof y);
        for (int i = 0; i < 5; i++) CHECK(y[i] == (in[k][i] > 0 ? in[k][i] : 0.0f), "run %d relu[%d] = %g", k, i, y[i]);
    }
    CHECK(aclDestroyAclOpExecutor(ex) == 0, "destroy executor");
    CHECK(aclDestroyAclOpExecutor(NULL) == ACLNN_ERR_INNER_NULLPTR, "destroy NULL executor");
    aclDestroyTensor(tx); aclDestroyTensor(ty);
    for (int k = 0; k < 3; k++) aclrtFree(dev[k]);
    aclrtFree(dy);
}

int main(void)
{
    if (aclInit(NULL) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS || aclrtCreateStream(&g_stream) != ACL_SUCCESS) {
        printf("runtime init failed\n");
        return 1;
    }
    test_relu_add();
    test_softmax_layernorm_cast();
    test_repeatable();
    aclrtDestroyStream(g_stream);
    aclrtResetDevice(0);
    aclFinalize();
    printf("%s: %d failure(s)\n", g_failures ? "FAILED" : "PASSED", g_failures);
    return g_failures ? 1 : 0;
}
