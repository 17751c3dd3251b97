/* Adapters: each runs one op type on the aclnn two-stage API (aclnnXxxGetWorkspaceSize, then
 * aclnnXxx with a workspace from the per-stream cache), so aclop and aclnn share kernels and
 * validation. An adapter only maps inputs / attributes onto the aclnn parameters. */
#include <stdbool.h>
#include <string.h>

#include "aclnn_bridge.h"
#include "op_infer.h"

typedef aclnnStatus (*ws_t_t_s_t)(const aclTensor *, const aclTensor *, const aclScalar *, aclTensor *, uint64_t *,
                                  aclOpExecutor **);
typedef aclnnStatus (*ws_t_t_t)(const aclTensor *, const aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*ws_t_t)(const aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*ws_t_s_t)(const aclTensor *, const aclScalar *, aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*ws_t_i_t)(const aclTensor *, int64_t, aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*ws_t_dt_t)(const aclTensor *, aclDataType, aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*ws_mm)(const aclTensor *, const aclTensor *, aclTensor *, int8_t, uint64_t *, aclOpExecutor **);

/* The tensors of one call, destroyed together. */
typedef struct tensors {
    const aclop_nn *nn;
    aclTensor *t[ACLOP_MAX_IO * 2];
    int n;
    aclScalar *s[2];
    int ns;
} tensors;

static aclTensor *keep(tensors *ts, aclTensor *t)
{
    if (t)
        ts->t[ts->n++] = t;
    return t;
}

static void release(tensors *ts)
{
    for (int k = 0; k < ts->n; k++)
        ts->nn->destroy_tensor(ts->t[k]);
    for (int k = 0; k < ts->ns; k++)
        ts->nn->destroy_scalar(ts->s[k]);
}

static int begin(aclop_call *c, tensors *ts)
{
    memset(ts, 0, sizeof(*ts));
    ts->nn = aclop_nn_get(c);
    return ts->nn ? ACL_SUCCESS : ACL_ERROR_KERNEL_NOT_FOUND;
}

static aclScalar *scalar_f32(tensors *ts, float v)
{
    aclScalar *s = ts->nn->create_scalar(&v, ACL_FLOAT);
    if (s)
        ts->s[ts->ns++] = s;
    return s;
}

/* The value 1 in dtype dt (aclnnAdd / aclnnSub take alpha in a dtype castable to theirs). */
static aclScalar *scalar_one(tensors *ts, aclDataType dt)
{
    union {
        float f;
        double d;
        int8_t i8;
        uint8_t u8;
        int16_t i16;
        int32_t i32;
        int64_t i64;
        uint16_t h;
    } v;
    memset(&v, 0, sizeof(v));
    switch (dt) {
    case ACL_DOUBLE: v.d = 1.0; break;
    case ACL_INT8: v.i8 = 1; break;
    case ACL_UINT8: case ACL_BOOL: v.u8 = 1; break;
    case ACL_INT16: v.i16 = 1; break;
    case ACL_INT32: v.i32 = 1; break;
    case ACL_INT64: v.i64 = 1; break;
    case ACL_FLOAT16: v.h = 0x3C00; break;
    case ACL_BF16: v.h = 0x3F80; break;
    default: dt = ACL_FLOAT; v.f = 1.0f; break;
    }
    aclScalar *s = ts->nn->create_scalar(&v, dt);
    if (s)
        ts->s[ts->ns++] = s;
    return s;
}

static int no_memory(aclop_call *c)
{
    return aclop_fail(c, ACL_ERROR_BAD_ALLOC, "op %s: cannot create its aclnn tensors", c->spec->type);
}

/* y = x1 (op) x2 with an alpha of 1 (Add / Sub). */
static int binary_alpha(aclop_call *c, const char *api)
{
    tensors ts;
    int rc = begin(c, &ts);
    if (rc)
        return rc;
    ws_t_t_s_t ws = aclop_nn_stage1(c, api);
    aclTensor *a = keep(&ts, aclop_nn_input(ts.nn, c, 0)), *b = keep(&ts, aclop_nn_input(ts.nn, c, 1));
    aclTensor *y = keep(&ts, aclop_nn_output(ts.nn, c, 0));
    aclScalar *one = scalar_one(&ts, c->inferred[0].dtype);
    if (ws == NULL)
        rc = ACL_ERROR_KERNEL_NOT_FOUND;
    else if (!a || !b || !y || !one)
        rc = no_memory(c);
    else {
        uint64_t size = 0;
        aclOpExecutor *ex = NULL;
        aclnnStatus st = ws(a, b, one, y, &size, &ex);
        rc = aclop_nn_launch(c, api, st, size, ex);
    }
    release(&ts);
    return rc;
}

static int binary(aclop_call *c, const char *api, int in0, int in1)
{
    tensors ts;
    int rc = begin(c, &ts);
    if (rc)
        return rc;
    ws_t_t_t ws = aclop_nn_stage1(c, api);
    aclTensor *a = keep(&ts, aclop_nn_input(ts.nn, c, in0)), *b = keep(&ts, aclop_nn_input(ts.nn, c, in1));
    aclTensor *y = keep(&ts, aclop_nn_output(ts.nn, c, 0));
    if (ws == NULL)
        rc = ACL_ERROR_KERNEL_NOT_FOUND;
    else if (!a || !b || !y)
        rc = no_memory(c);
    else {
        uint64_t size = 0;
        aclOpExecutor *ex = NULL;
        aclnnStatus st = ws(a, b, y, &size, &ex);
        rc = aclop_nn_launch(c, api, st, size, ex);
    }
    release(&ts);
    return rc;
}

static int unary(aclop_call *c, const char *api)
{
    tensors ts;
    int rc = begin(c, &ts);
    if (rc)
        return rc;
    ws_t_t ws = aclop_nn_stage1(c, api);
    aclTensor *x = keep(&ts, aclop_nn_input(ts.nn, c, 0)), *y = keep(&ts, aclop_nn_output(ts.nn, c, 0));
    if (ws == NULL)
        rc = ACL_ERROR_KERNEL_NOT_FOUND;
    else if (!x || !y)
        rc = no_memory(c);
    else {
        uint64_t size = 0;
        aclOpExecutor *ex = NULL;
        aclnnStatus st = ws(x, y, &size, &ex);
        rc = aclop_nn_launch(c, api, st, size, ex);
    }
    release(&ts);
    return rc;
}

int aclop_run_add(aclop_call *c) { return binary_alpha(c, "aclnnAdd"); }
int aclop_run_sub(aclop_call *c) { return binary_alpha(c, "aclnnSub"); }
int aclop_run_mul(aclop_call *c) { return binary(c, "aclnnMul", 0, 1); }
int aclop_run_div(aclop_call *c) { return binary(c, "aclnnDiv", 0, 1); }
int aclop_run_pow(aclop_call *c) { return binary(c, "aclnnPowTensorTensor", 0, 1); }
int aclop_run_relu(aclop_call *c) { return unary(c, "aclnnRelu"); }

int aclop_run_unary(aclop_call *c)
{
    const char *t = c->spec->type;
    if (strcmp(t, "Square") == 0)
        return binary(c, "aclnnMul", 0, 0);
    if (strcmp(t, "Exp") == 0) {
        float base = aclop_attr_float(c->attr, "base", -1.0f), scale = aclop_attr_float(c->attr, "scale", 1.0f),
              shift = aclop_attr_float(c->attr, "shift", 0.0f);
        if (base != -1.0f || scale != 1.0f || shift != 0.0f)
            return aclop_fail(c, ACL_ERROR_OP_ATTR_NOT_MATCH,
                              "op Exp runs only with base=-1 (e), scale=1, shift=0 on this toolkit; got %g, %g, %g",
                              (double)base, (double)scale, (double)shift);
        return unary(c, "aclnnExp");
    }
    char api[64] = "aclnn";
    strncat(api, t, sizeof(api) - 6);
    return unary(c, api);
}

int aclop_run_leaky_relu(aclop_call *c)
{
    tensors ts;
    int rc = begin(c, &ts);
    if (rc)
        return rc;
    ws_t_s_t ws = aclop_nn_stage1(c, "aclnnLeakyRelu");
    aclTensor *x = keep(&ts, aclop_nn_input(ts.nn, c, 0)), *y = keep(&ts, aclop_nn_output(ts.nn, c, 0));
    aclScalar *slope = scalar_f32(&ts, aclop_attr_float(c->attr, "negative_slope", 0.0f));
    if (ws == NULL)
        rc = ACL_ERROR_KERNEL_NOT_FOUND;
    else if (!x || !y || !slope)
        rc = no_memory(c);
    else {
        uint64_t size = 0;
        aclOpExecutor *ex = NULL;
        aclnnStatus st = ws(x, slope, y, &size, &ex);
        rc = aclop_nn_launch(c, "aclnnLeakyRelu", st, size, ex);
    }
    release(&ts);
    return rc;
}

int aclop_run_cast(aclop_call *c)
{
    tensors ts;
    int rc = begin(c, &ts);
    if (rc)
        return rc;
    ws_t_dt_t ws = aclop_nn_stage1(c, "aclnnCast");
    aclTensor *x = keep(&ts, aclop_nn_input(ts.nn, c, 0)), *y = keep(&ts, aclop_nn_output(ts.nn, c, 0));
    if (ws == NULL)
        rc = ACL_ERROR_KERNEL_NOT_FOUND;
    else if (!x || !y)
        rc = no_memory(c);
    else {
        uint64_t size = 0;
        aclOpExecutor *ex = NULL;
        aclnnStatus st = ws(x, c->inferred[0].dtype, y, &size, &ex);
        rc = aclop_nn_launch(c, "aclnnCast", st, size, ex);
    }
    release(&ts);
    return rc;
}

int aclop_run_softmax(aclop_call *c)
{
    const char *api = strcmp(c->spec->type, "LogSoftmaxV2") == 0 ? "aclnnLogSoftmax" : "aclnnSoftmax";
    tensors ts;
    int rc = begin(c, &ts);
    if (rc)
        return rc;
    ws_t_i_t ws = aclop_nn_stage1(c, api);
    const int64_t *axes;
    aclop_attr_ints(c->attr, "axes", &axes);
    aclTensor *x = keep(&ts, aclop_nn_input(ts.nn, c, 0)), *y = keep(&ts, aclop_nn_output(ts.nn, c, 0));
    if (ws == NULL)
        rc = ACL_ERROR_KERNEL_NOT_FOUND;
    else if (!x || !y)
        rc = no_memory(c);
    else {
        uint64_t size = 0;
        aclOpExecutor *ex = NULL;
        aclnnStatus st = ws(x, axes[0], y, &size, &ex);
        rc = aclop_nn_launch(c, api, st, size, ex);
    }
    release(&ts);
    return rc;
}

/* A view of input k with its last two dims swapped (no copy: strides). */
static aclTensor *transposed_view(const aclop_nn *nn, const aclop_call *c, int k)
{
    const aclTensorDesc *d = c->in[k];
    size_t r = d->ndims;
    int64_t dims[ACLOP_MAX_DIMS], strides[ACLOP_MAX_DIMS], s = 1;
    for (size_t i = r; i-- > 0;) {
        strides[i] = s;
        s *= d->dims[i];
        dims[i] = d->dims[i];
    }
    int64_t t = dims[r - 1];
    dims[r - 1] = dims[r - 2];
    dims[r - 2] = t;
    t = strides[r - 1];
    strides[r - 1] = strides[r - 2];
    strides[r - 2] = t;
    return nn->create_tensor(dims, r, d->dtype, strides, 0, ACL_FORMAT_ND, d->dims, r, c->in_addr[k]);
}

/* y = op(x1) @ op(x2) (+ bias). cubeMathType 0 keeps the input dtype's precision. */
static int matmul(aclop_call *c, const char *t1, const char *t2)
{
    tensors ts;
    int rc = begin(c, &ts);
    if (rc)
        return rc;
    ws_mm ws = aclop_nn_stage1(c, "aclnnMatmul");
    bool ta = aclop_attr_bool(c->attr, t1, false), tb = aclop_attr_bool(c->attr, t2, false);
    aclTensor *a = keep(&ts, ta ? transposed_view(ts.nn, c, 0) : aclop_nn_input(ts.nn, c, 0));
    aclTensor *b = keep(&ts, tb ? transposed_view(ts.nn, c, 1) : aclop_nn_input(ts.nn, c, 1));
    aclTensor *y = keep(&ts, aclop_nn_output(ts.nn, c, 0));
    if (ws == NULL)
        rc = ACL_ERROR_KERNEL_NOT_FOUND;
    else if (!a || !b || !y)
        rc = no_memory(c);
    else {
        uint64_t size = 0;
        aclOpExecutor *ex = NULL;
        aclnnStatus st = ws(a, b, y, 0, &size, &ex);
        rc = aclop_nn_launch(c, "aclnnMatmul", st, size, ex);
    }
    if (rc == ACL_SUCCESS && c->nin > 2 && c->in[2]) {
        /* bias: y += bias, in stream order after the product */
        ws_t_t_s_t add = aclop_nn_stage1(c, "aclnnAdd");
        aclTensor *bias = keep(&ts, aclop_nn_input(ts.nn, c, 2));
        aclScalar *one = scalar_one(&ts, c->inferred[0].dtype);
        if (add == NULL)
            rc = ACL_ERROR_KERNEL_NOT_FOUND;
        else if (!bias || !one)
            rc = no_memory(c);
        else {
            uint64_t size = 0;
            aclOpExecutor *ex = NULL;
            aclnnStatus st = add(y, bias, one, y, &size, &ex);
        rc = aclop_nn_launch(c, "aclnnAdd", st, size, ex);
        }
    }
    release(&ts);
    return rc;
}

int aclop_run_matmul(aclop_call *c) { return matmul(c, "transpose_x1", "transpose_x2"); }
int aclop_run_batch_matmul(aclop_call *c) { return matmul(c, "adj_x1", "adj_x2"); }
