/* Adapters of the elementwise, softmax, matmul and layout op types: each runs its op type on the
 * aclnn two-stage API (aclnnXxxGetWorkspaceSize, then aclnnXxx with a workspace from the
 * per-stream cache), so aclop and aclnn share kernels and validation. An adapter only maps
 * inputs / attributes onto aclnn parameters (views instead of copies where a layout differs). */
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "acl/acl_rt.h"
#include "op_run.h"

typedef aclnnStatus (*fn_t_t_s_t)(const aclTensor *, const aclTensor *, const aclScalar *, aclTensor *, uint64_t *,
                                  aclOpExecutor **);
typedef aclnnStatus (*fn_t_t_t)(const aclTensor *, const aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*fn_t_t)(const aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*fn_t)(aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*fn_t_s_t)(const aclTensor *, const aclScalar *, aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*fn_t_s)(aclTensor *, const aclScalar *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*fn_t_s_s)(aclTensor *, const aclScalar *, const aclScalar *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*fn_t_i_t)(const aclTensor *, int64_t, aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*fn_t_dt_t)(const aclTensor *, aclDataType, aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*fn_t_a_t)(const aclTensor *, const aclIntArray *, aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*fn_mm)(const aclTensor *, const aclTensor *, aclTensor *, int8_t, uint64_t *, aclOpExecutor **);

/* y = x1 (op) x2 with an alpha of 1 (Add / Sub). */
static int binary_alpha(aclop_call *c, const char *api)
{
    aclop_run r;
    int rc = run_begin(&r, c);
    if (rc == ACL_SUCCESS) {
        aclTensor *a = run_input(&r, 0), *b = run_input(&r, 1), *y = run_output(&r, 0);
        aclScalar *one = run_scalar_one(&r, c->inferred[0].dtype);
        rc = RUN_NN(&r, api, fn_t_t_s_t, a, b, one, y);
    }
    return run_end(&r, rc);
}

static int binary(aclop_call *c, const char *api, int in0, int in1)
{
    aclop_run r;
    int rc = run_begin(&r, c);
    if (rc == ACL_SUCCESS) {
        aclTensor *a = run_input(&r, in0), *b = run_input(&r, in1), *y = run_output(&r, 0);
        rc = RUN_NN(&r, api, fn_t_t_t, a, b, y);
    }
    return run_end(&r, rc);
}

static int unary(aclop_call *c, const char *api)
{
    aclop_run r;
    int rc = run_begin(&r, c);
    if (rc == ACL_SUCCESS) {
        aclTensor *x = run_input(&r, 0), *y = run_output(&r, 0);
        rc = RUN_NN(&r, api, fn_t_t, x, y);
    }
    return run_end(&r, rc);
}

int aclop_run_add(aclop_call *c) { return binary_alpha(c, "aclnnAdd"); }
int aclop_run_sub(aclop_call *c) { return binary_alpha(c, "aclnnSub"); }
int aclop_run_mul(aclop_call *c) { return binary(c, "aclnnMul", 0, 1); }
int aclop_run_div(aclop_call *c) { return binary(c, "aclnnDiv", 0, 1); }
int aclop_run_pow(aclop_call *c) { return binary(c, "aclnnPowTensorTensor", 0, 1); }
int aclop_run_relu(aclop_call *c) { return unary(c, "aclnnRelu"); }

/* Exp with base / scale / shift: y = base^(scale*x + shift) = e^(x*scale*ln(base) + shift*ln(base))
 * (base -1 means e). 16-bit inputs are widened to FLOAT first so that the exponent is not
 * rounded to 16 bits before the power. */
static int exp_affine(aclop_call *c, double base, double scale, double shift)
{
    double lnb = base == -1.0 ? 1.0 : log(base);
    aclop_run r;
    int rc = run_begin(&r, c);
    if (rc != ACL_SUCCESS)
        return run_end(&r, rc);
    const aclTensorDesc *xd = c->in[0];
    aclDataType dt = xd->dtype;
    bool widen = dt == ACL_FLOAT16 || dt == ACL_BF16;
    aclTensor *x = run_input(&r, 0), *y = run_output(&r, 0), *t = y;
    if (widen) {
        size_t n = 1;
        for (size_t i = 0; i < xd->ndims; i++)
            n *= (size_t)xd->dims[i];
        void *tmp = run_scratch(&r, n * sizeof(float));
        t = run_view(&r, ACL_FLOAT, ACL_FORMAT_ND, xd->ndims, xd->dims, NULL, 0, tmp);
        rc = RUN_NN(&r, "aclnnCast", fn_t_dt_t, x, ACL_FLOAT, t);
        if (rc == ACL_SUCCESS)
            rc = RUN_NN(&r, "aclnnInplaceMuls", fn_t_s, t, run_scalar_f64(&r, scale * lnb));
    } else {
        rc = RUN_NN(&r, "aclnnMuls", fn_t_s_t, x, run_scalar_f64(&r, scale * lnb), t);
    }
    if (rc == ACL_SUCCESS && shift != 0.0)
        rc = RUN_NN(&r, "aclnnInplaceAdds", fn_t_s_s, t, run_scalar_f64(&r, shift * lnb), run_scalar_one(&r, ACL_FLOAT));
    if (rc == ACL_SUCCESS)
        rc = RUN_NN(&r, "aclnnInplaceExp", fn_t, t);
    if (rc == ACL_SUCCESS && widen)
        rc = RUN_NN(&r, "aclnnCast", fn_t_dt_t, t, dt, y);
    return run_end(&r, rc);
}

int aclop_run_unary(aclop_call *c)
{
    const char *t = c->spec->type;
    if (strcmp(t, "Square") == 0)
        return binary(c, "aclnnMul", 0, 0);
    if (strcmp(t, "Exp") == 0) {
        float base = aclop_attr_float(c->attr, "base", -1.0f), scale = aclop_attr_float(c->attr, "scale", 1.0f),
              shift = aclop_attr_float(c->attr, "shift", 0.0f);
        if (base == -1.0f && scale == 1.0f && shift == 0.0f)
            return unary(c, "aclnnExp");
        if (!(base > 0.0f) && base != -1.0f)
            return aclop_fail(c, ACL_ERROR_OP_ATTR_NOT_MATCH,
                              "attribute base of op Exp is %g; it must be -1 (e) or greater than 0", (double)base);
        return exp_affine(c, base, scale, shift);
    }
    char api[64] = "aclnn";
    strncat(api, t, sizeof(api) - 6);
    return unary(c, api);
}

int aclop_run_leaky_relu(aclop_call *c)
{
    aclop_run r;
    int rc = run_begin(&r, c);
    if (rc == ACL_SUCCESS) {
        aclTensor *x = run_input(&r, 0), *y = run_output(&r, 0);
        aclScalar *slope = run_scalar_f32(&r, aclop_attr_float(c->attr, "negative_slope", 0.0f));
        rc = RUN_NN(&r, "aclnnLeakyRelu", fn_t_s_t, x, slope, y);
    }
    return run_end(&r, rc);
}

int aclop_run_cast(aclop_call *c)
{
    aclop_run r;
    int rc = run_begin(&r, c);
    if (rc == ACL_SUCCESS) {
        aclTensor *x = run_input(&r, 0), *y = run_output(&r, 0);
        rc = RUN_NN(&r, "aclnnCast", fn_t_dt_t, x, c->inferred[0].dtype, y);
    }
    return run_end(&r, rc);
}

int aclop_run_softmax(aclop_call *c)
{
    const char *api = strcmp(c->spec->type, "LogSoftmaxV2") == 0 ? "aclnnLogSoftmax" : "aclnnSoftmax";
    aclop_run r;
    int rc = run_begin(&r, c);
    if (rc == ACL_SUCCESS) {
        const int64_t *axes;
        aclop_attr_ints(c->attr, "axes", &axes);
        aclTensor *x = run_input(&r, 0), *y = run_output(&r, 0);
        rc = RUN_NN(&r, api, fn_t_i_t, x, axes[0], y);
    }
    return run_end(&r, rc);
}

/* A view of input k with its last two dims swapped (no copy: strides). */
static aclTensor *transposed_view(aclop_run *r, int k)
{
    const aclTensorDesc *d = r->c->in[k];
    size_t n = d->ndims;
    int64_t dims[ACLOP_MAX_DIMS], strides[ACLOP_MAX_DIMS], s = 1;
    for (size_t i = n; i-- > 0;) {
        strides[i] = s;
        s *= d->dims[i];
        dims[i] = d->dims[i];
    }
    int64_t t = dims[n - 1];
    dims[n - 1] = dims[n - 2];
    dims[n - 2] = t;
    t = strides[n - 1];
    strides[n - 1] = strides[n - 2];
    strides[n - 2] = t;
    return run_view(r, d->dtype, ACL_FORMAT_ND, n, dims, strides, 0, r->c->in_addr[k]);
}

/* y = op(x1) @ op(x2) (+ bias). cubeMathType 0 keeps the input dtype's precision. */
static int matmul(aclop_call *c, const char *t1, const char *t2)
{
    aclop_run r;
    int rc = run_begin(&r, c);
    if (rc != ACL_SUCCESS)
        return run_end(&r, rc);
    bool ta = aclop_attr_bool(c->attr, t1, false), tb = aclop_attr_bool(c->attr, t2, false);
    aclTensor *a = ta ? transposed_view(&r, 0) : run_input(&r, 0);
    aclTensor *b = tb ? transposed_view(&r, 1) : run_input(&r, 1);
    aclTensor *y = run_output(&r, 0);
    rc = RUN_NN(&r, "aclnnMatmul", fn_mm, a, b, y, 0);
    if (rc == ACL_SUCCESS && c->nin > 2 && c->in[2]) {
        /* bias: y += bias, in stream order after the product */
        aclTensor *bias = run_input(&r, 2);
        rc = RUN_NN(&r, "aclnnAdd", fn_t_t_s_t, y, bias, run_scalar_one(&r, c->inferred[0].dtype), y);
    }
    return run_end(&r, rc);
}

int aclop_run_matmul(aclop_call *c) { return matmul(c, "transpose_x1", "transpose_x2"); }
int aclop_run_batch_matmul(aclop_call *c) { return matmul(c, "adj_x1", "adj_x2"); }

/* BiasAdd: y = x + bias along the channel dim of data_format (a [C, 1, ...] view of the bias
 * for channel-first layouts, broadcast by aclnnAdd). */
int aclop_run_bias_add(aclop_call *c)
{
    aclop_run r;
    int rc = run_begin(&r, c);
    if (rc != ACL_SUCCESS)
        return run_end(&r, rc);
    const aclTensorDesc *x = c->in[0], *b = c->in[1];
    const char *df = aclop_attr_string(c->attr, "data_format", "NHWC");
    bool channel_first = x->format == ACL_FORMAT_NCHW || x->format == ACL_FORMAT_NCDHW ||
                         (x->format != ACL_FORMAT_NHWC && x->format != ACL_FORMAT_NDHWC && df[1] == 'C');
    int64_t bd[ACLOP_MAX_DIMS], bs[ACLOP_MAX_DIMS];
    size_t nb = channel_first ? x->ndims - 1 : 1;
    for (size_t i = 0; i < nb; i++) {
        bd[i] = i == 0 ? b->dims[0] : 1;
        bs[i] = i == 0 ? 1 : 0;
    }
    aclTensor *xt = run_view(&r, x->dtype, ACL_FORMAT_ND, x->ndims, x->dims, NULL, 0, c->in_addr[0]);
    aclTensor *bt = run_view(&r, b->dtype, ACL_FORMAT_ND, nb, bd, bs, 0, c->in_addr[1]);
    aclTensor *y = run_view(&r, x->dtype, ACL_FORMAT_ND, x->ndims, x->dims, NULL, 0, c->out_addr[0]);
    rc = RUN_NN(&r, "aclnnAdd", fn_t_t_s_t, xt, bt, run_scalar_one(&r, x->dtype), y);
    return run_end(&r, rc);
}

/* The values of an int32 / int64 input that must be known on the host (perm, input_size):
 * constant or host-placed data, else read back from the device. */
int aclop_host_ints(aclop_call *c, int k, int64_t *out, size_t n)
{
    const aclTensorDesc *d = c->in[k];
    size_t es = d->dtype == ACL_INT32 ? 4 : 8;
    unsigned char buf[ACLOP_MAX_DIMS * 8];
    const void *src = c->in_host[k];
    if (n > ACLOP_MAX_DIMS)
        return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH, "input %s of op %s holds too many values",
                          aclop_spec_input_name(c->spec, k), c->spec->type);
    if (src == NULL) {
        /* device data written by the user's earlier copies: wait for the stream, then read */
        int rc = aclrtSynchronizeStream(c->stream);
        if (rc == ACL_SUCCESS)
            rc = aclrtMemcpy(buf, sizeof(buf), c->in_addr[k], n * es, ACL_MEMCPY_DEVICE_TO_HOST);
        if (rc != ACL_SUCCESS)
            return rc;
        src = buf;
    } else if (c->in_host_len[k] < n * es) {
        return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH, "input %s of op %s must hold %zu values",
                          aclop_spec_input_name(c->spec, k), c->spec->type, n);
    }
    for (size_t i = 0; i < n; i++)
        out[i] = es == 4 ? ((const int32_t *)src)[i] : ((const int64_t *)src)[i];
    return ACL_SUCCESS;
}

int aclop_run_transpose(aclop_call *c)
{
    const aclTensorDesc *x = c->in[0];
    int64_t perm[ACLOP_MAX_DIMS];
    int rc = aclop_host_ints(c, 1, perm, x->ndims);
    if (rc != ACL_SUCCESS)
        return rc;
    aclop_run r;
    rc = run_begin(&r, c);
    if (rc == ACL_SUCCESS) {
        aclTensor *xt = run_view(&r, x->dtype, ACL_FORMAT_ND, x->ndims, x->dims, NULL, 0, c->in_addr[0]);
        const aclop_tinfo *o = &c->inferred[0];
        aclTensor *y = run_view(&r, o->dtype, ACL_FORMAT_ND, o->ndims, o->dims, NULL, 0, c->out_addr[0]);
        rc = RUN_NN(&r, "aclnnPermute", fn_t_a_t, xt, run_ints(&r, perm, x->ndims), y);
    }
    return run_end(&r, rc);
}
