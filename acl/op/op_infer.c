/* Shape and dtype inference of the built-in op types (what GE's InferShape functions of the
 * operator prototypes do). Dims may be -1 (unknown, propagated) or the rank -2 (unknown rank,
 * propagated to every output). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "op_infer.h"

#define DT_FLOATS ACL_FLOAT, ACL_FLOAT16, ACL_BF16
#define DT_INTS ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT32, ACL_INT64

static const aclDataType dt_float[] = {DT_FLOATS, ACL_DOUBLE, ACL_DT_UNDEFINED};
static const aclDataType dt_numeric[] = {DT_FLOATS, ACL_DOUBLE, DT_INTS, ACL_DT_UNDEFINED};
static const aclDataType dt_all[] = {DT_FLOATS, ACL_DOUBLE, DT_INTS, ACL_BOOL, ACL_UINT16, ACL_UINT32,
                                     ACL_UINT64, ACL_COMPLEX64, ACL_COMPLEX128, ACL_DT_UNDEFINED};
static const aclDataType dt_cube[] = {DT_FLOATS, ACL_INT8, ACL_DT_UNDEFINED};

static bool dtype_in(aclDataType t, const aclDataType *list)
{
    for (; *list != ACL_DT_UNDEFINED; list++)
        if (*list == t)
            return true;
    return false;
}

static int check_dtype(aclop_call *c, int k, const aclDataType *list)
{
    const aclTensorDesc *d = c->in[k];
    if (d == NULL || dtype_in(d->dtype, list))
        return ACL_SUCCESS;
    char names[256];
    size_t o = 0;
    for (const aclDataType *p = list; *p != ACL_DT_UNDEFINED && o < sizeof(names); p++)
        o += (size_t)snprintf(names + o, sizeof(names) - o, "%s%s", p == list ? "" : ", ", aclop_dtype_name(*p));
    return aclop_fail(c, ACL_ERROR_UNSUPPORTED_DATA_TYPE,
                      "input %d (%s) of op %s has dtype %s; supported: %s", k,
                      aclop_spec_input_name(c->spec, k), c->spec->type, aclop_dtype_name(d->dtype), names);
}

static int check_same_dtype(aclop_call *c, int a, int b)
{
    if (c->in[a] && c->in[b] && c->in[a]->dtype != c->in[b]->dtype)
        return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH,
                          "inputs %d (%s, %s) and %d (%s, %s) of op %s must have the same dtype", a,
                          aclop_spec_input_name(c->spec, a), aclop_dtype_name(c->in[a]->dtype), b,
                          aclop_spec_input_name(c->spec, b), aclop_dtype_name(c->in[b]->dtype), c->spec->type);
    return ACL_SUCCESS;
}

static int check_rank(aclop_call *c, int k, size_t lo, size_t hi)
{
    const aclTensorDesc *d = c->in[k];
    if (d == NULL || aclop_desc_unknown_rank(d) || (d->ndims >= lo && d->ndims <= hi))
        return ACL_SUCCESS;
    char dims[256];
    if (lo == hi)
        return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH, "input %d (%s) of op %s must be %zu-D, got shape %s",
                          k, aclop_spec_input_name(c->spec, k), c->spec->type, lo,
                          aclop_dims_str(d->dims, d->ndims, dims, sizeof(dims)));
    return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH,
                      "input %d (%s) of op %s must have %zu to %zu dims, got shape %s", k,
                      aclop_spec_input_name(c->spec, k), c->spec->type, lo, hi,
                      aclop_dims_str(d->dims, d->ndims, dims, sizeof(dims)));
}

static void set_out(aclop_call *c, int k, aclDataType dt, aclFormat fmt, size_t n, const int64_t *dims)
{
    aclop_tinfo *t = &c->inferred[k];
    t->dtype = dt;
    t->format = fmt;
    t->ndims = n;
    if (n)
        memcpy(t->dims, dims, n * sizeof(int64_t));
}

static void set_unknown_rank(aclop_call *c, int k, aclDataType dt, aclFormat fmt)
{
    int64_t d = ACLOP_UNKNOWN_RANK;
    set_out(c, k, dt, fmt, 1, &d);
}

static bool any_unknown_rank(aclop_call *c)
{
    for (int k = 0; k < c->nin; k++)
        if (c->in[k] && aclop_desc_unknown_rank(c->in[k]))
            return true;
    return false;
}

/* Output dtype of outputs with the same dtype as input 0. */
static int all_outputs_unknown_rank(aclop_call *c, aclDataType dt)
{
    for (int k = 0; k < c->nout; k++)
        set_unknown_rank(c, k, dt, c->in[0]->format);
    return ACL_SUCCESS;
}

static int unary(aclop_call *c, const aclDataType *types)
{
    int rc = check_dtype(c, 0, types);
    if (rc)
        return rc;
    const aclTensorDesc *x = c->in[0];
    set_out(c, 0, x->dtype, x->format, x->ndims, x->dims);
    return ACL_SUCCESS;
}

int aclop_infer_unary_float(aclop_call *c) { return unary(c, dt_float); }
int aclop_infer_unary_numeric(aclop_call *c) { return unary(c, dt_numeric); }

int aclop_infer_broadcast(aclop_call *c)
{
    int rc;
    if ((rc = check_dtype(c, 0, dt_numeric)) || (rc = check_dtype(c, 1, dt_numeric)) ||
        (rc = check_same_dtype(c, 0, 1)))
        return rc;
    const aclTensorDesc *a = c->in[0], *b = c->in[1];
    if (any_unknown_rank(c))
        return all_outputs_unknown_rank(c, a->dtype);
    size_t n = a->ndims > b->ndims ? a->ndims : b->ndims;
    int64_t out[ACLOP_MAX_DIMS];
    for (size_t i = 0; i < n; i++) {
        int64_t da = i + a->ndims >= n ? a->dims[i + a->ndims - n] : 1;
        int64_t db = i + b->ndims >= n ? b->dims[i + b->ndims - n] : 1;
        if (da == db || db == 1)
            out[i] = da;
        else if (da == 1)
            out[i] = db;
        else if (da < 0 || db < 0)
            out[i] = da < 0 && db < 0 ? -1 : (da < 0 ? db : da);
        else {
            char s1[256], s2[256];
            return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH,
                              "inputs x1 %s and x2 %s of op %s cannot be broadcast (dim %zu: %lld vs %lld)",
                              aclop_dims_str(a->dims, a->ndims, s1, sizeof(s1)),
                              aclop_dims_str(b->dims, b->ndims, s2, sizeof(s2)), c->spec->type, i,
                              (long long)da, (long long)db);
        }
    }
    set_out(c, 0, a->dtype, a->format, n, out);
    return ACL_SUCCESS;
}

int aclop_infer_cast(aclop_call *c)
{
    int rc = check_dtype(c, 0, dt_all);
    if (rc)
        return rc;
    int64_t dst = aclop_attr_int(c->attr, "dst_type", -1);
    if (!dtype_in((aclDataType)dst, dt_all))
        return aclop_fail(c, ACL_ERROR_OP_ATTR_NOT_MATCH,
                          "attribute dst_type of op Cast is %lld, which is not a castable aclDataType",
                          (long long)dst);
    const aclTensorDesc *x = c->in[0];
    set_out(c, 0, (aclDataType)dst, x->format, x->ndims, x->dims);
    return ACL_SUCCESS;
}

int aclop_infer_softmax(aclop_call *c)
{
    int rc = check_dtype(c, 0, dt_float);
    if (rc)
        return rc;
    const aclTensorDesc *x = c->in[0];
    const int64_t *axes;
    size_t na = aclop_attr_ints(c->attr, "axes", &axes);
    if (!aclop_desc_unknown_rank(x)) {
        if (na != 1)
            return aclop_fail(c, ACL_ERROR_OP_ATTR_NOT_MATCH,
                              "attribute axes of op %s must hold exactly one axis, got %zu", c->spec->type, na);
        int64_t r = (int64_t)x->ndims;
        if (axes[0] < -r || axes[0] >= (r ? r : 1))
            return aclop_fail(c, ACL_ERROR_OP_ATTR_NOT_MATCH,
                              "attribute axes of op %s is [%lld], out of range for a %lld-D input",
                              c->spec->type, (long long)axes[0], (long long)r);
    }
    set_out(c, 0, x->dtype, x->format, x->ndims, x->dims);
    return ACL_SUCCESS;
}

static int check_matmul_bias(aclop_call *c, int bias_idx, int64_t n)
{
    const aclTensorDesc *bias = bias_idx < c->nin ? c->in[bias_idx] : NULL;
    if (bias == NULL)
        return ACL_SUCCESS;
    int64_t bn = bias->ndims ? bias->dims[bias->ndims - 1] : 1;
    if (bias->ndims > 1 || (bn != n && bn != 1 && bn >= 0 && n >= 0)) {
        char s[256];
        return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH, "bias of op %s has shape %s, expected [%lld]",
                          c->spec->type, aclop_dims_str(bias->dims, bias->ndims, s, sizeof(s)), (long long)n);
    }
    return ACL_SUCCESS;
}

/* MatMul / MatMulV2: 2-D x1 (M,K) x2 (K,N) with transpose_x1 / transpose_x2. */
int aclop_infer_matmul(aclop_call *c)
{
    int rc;
    if ((rc = check_dtype(c, 0, dt_cube)) || (rc = check_dtype(c, 1, dt_cube)) || (rc = check_same_dtype(c, 0, 1)) ||
        (rc = check_rank(c, 0, 2, 2)) || (rc = check_rank(c, 1, 2, 2)))
        return rc;
    const aclTensorDesc *a = c->in[0], *b = c->in[1];
    aclDataType odt = a->dtype == ACL_INT8 ? ACL_INT32 : a->dtype;
    if (any_unknown_rank(c))
        return all_outputs_unknown_rank(c, odt);
    bool ta = aclop_attr_bool(c->attr, "transpose_x1", false), tb = aclop_attr_bool(c->attr, "transpose_x2", false);
    int64_t m = ta ? a->dims[1] : a->dims[0], ka = ta ? a->dims[0] : a->dims[1];
    int64_t kb = tb ? b->dims[1] : b->dims[0], n = tb ? b->dims[0] : b->dims[1];
    if (ka >= 0 && kb >= 0 && ka != kb)
        return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH,
                          "op %s: the reduced dim of x1 (%lld, transpose_x1=%d) differs from that of x2 (%lld, "
                          "transpose_x2=%d)", c->spec->type, (long long)ka, ta, (long long)kb, tb);
    if ((rc = check_matmul_bias(c, 2, n)))
        return rc;
    int64_t out[2] = {m, n};
    set_out(c, 0, odt, a->format, 2, out);
    return ACL_SUCCESS;
}

/* BatchMatMul(V2): [..., M, K] x [..., K, N] with adj_x1 / adj_x2 and broadcast batch dims. */
int aclop_infer_batch_matmul(aclop_call *c)
{
    int rc;
    if ((rc = check_dtype(c, 0, dt_cube)) || (rc = check_dtype(c, 1, dt_cube)) || (rc = check_same_dtype(c, 0, 1)) ||
        (rc = check_rank(c, 0, 2, 8)) || (rc = check_rank(c, 1, 2, 8)))
        return rc;
    const aclTensorDesc *a = c->in[0], *b = c->in[1];
    aclDataType odt = a->dtype == ACL_INT8 ? ACL_INT32 : a->dtype;
    if (any_unknown_rank(c))
        return all_outputs_unknown_rank(c, odt);
    bool ta = aclop_attr_bool(c->attr, "adj_x1", false), tb = aclop_attr_bool(c->attr, "adj_x2", false);
    size_t ra = a->ndims, rb = b->ndims;
    int64_t m = ta ? a->dims[ra - 1] : a->dims[ra - 2], ka = ta ? a->dims[ra - 2] : a->dims[ra - 1];
    int64_t kb = tb ? b->dims[rb - 1] : b->dims[rb - 2], n = tb ? b->dims[rb - 2] : b->dims[rb - 1];
    if (ka >= 0 && kb >= 0 && ka != kb)
        return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH,
                          "op %s: the reduced dim of x1 (%lld, adj_x1=%d) differs from that of x2 (%lld, adj_x2=%d)",
                          c->spec->type, (long long)ka, ta, (long long)kb, tb);
    size_t nb = (ra > rb ? ra : rb) - 2;
    int64_t out[ACLOP_MAX_DIMS];
    for (size_t i = 0; i < nb; i++) {
        int64_t da = i + ra - 2 >= nb ? a->dims[i + ra - 2 - nb] : 1;
        int64_t db = i + rb - 2 >= nb ? b->dims[i + rb - 2 - nb] : 1;
        if (da != db && da != 1 && db != 1 && da >= 0 && db >= 0)
            return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH,
                              "op %s: batch dim %zu of x1 (%lld) and x2 (%lld) cannot be broadcast", c->spec->type, i,
                              (long long)da, (long long)db);
        out[i] = da == 1 ? db : da;
    }
    out[nb] = m;
    out[nb + 1] = n;
    if ((rc = check_matmul_bias(c, 2, n)))
        return rc;
    set_out(c, 0, odt, a->format, nb + 2, out);
    return ACL_SUCCESS;
}

int aclop_infer_bias_add(aclop_call *c)
{
    int rc;
    if ((rc = check_dtype(c, 0, dt_numeric)) || (rc = check_same_dtype(c, 0, 1)) || (rc = check_rank(c, 1, 1, 1)))
        return rc;
    const aclTensorDesc *x = c->in[0], *b = c->in[1];
    if (!aclop_desc_unknown_rank(x)) {
        const char *df = aclop_attr_string(c->attr, "data_format", "NHWC");
        if (strcmp(df, "NHWC") && strcmp(df, "NCHW") && strcmp(df, "NDHWC") && strcmp(df, "NCDHW"))
            return aclop_fail(c, ACL_ERROR_OP_ATTR_NOT_MATCH,
                              "attribute data_format of op BiasAdd is \"%s\"; expected NHWC, NCHW, NDHWC or NCDHW", df);
        if (x->ndims < 2)
            return check_rank(c, 0, 2, 8);
        size_t ch = df[1] == 'C' ? 1 : x->ndims - 1;
        if (x->dims[ch] >= 0 && b->dims[0] >= 0 && x->dims[ch] != b->dims[0])
            return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH,
                              "bias of op BiasAdd has %lld values, but x has %lld channels (dim %zu for data_format %s)",
                              (long long)b->dims[0], (long long)x->dims[ch], ch, df);
    }
    set_out(c, 0, x->dtype, x->format, x->ndims, x->dims);
    return ACL_SUCCESS;
}

/* Positions of N, C, H, W for a 4-D layout; data_format attr decides for ND inputs. */
int aclop_layout_of(aclop_call *c, aclFormat f, int *pn, int *pc, int *ph, int *pw)
{
    if (f != ACL_FORMAT_NCHW && f != ACL_FORMAT_NHWC) {
        const char *df = aclop_attr_string(c->attr, "data_format", "NHWC");
        if (strcmp(df, "NCHW") == 0)
            f = ACL_FORMAT_NCHW;
        else if (strcmp(df, "NHWC") == 0)
            f = ACL_FORMAT_NHWC;
        else
            return aclop_fail(c, ACL_ERROR_FORMAT_NOT_MATCH,
                              "op %s supports the NCHW and NHWC data formats, got %s", c->spec->type, df);
    }
    if (f == ACL_FORMAT_NCHW) {
        *pn = 0, *pc = 1, *ph = 2, *pw = 3;
    } else {
        *pn = 0, *ph = 1, *pw = 2, *pc = 3;
    }
    return ACL_SUCCESS;
}

/* Positions of N (out channels), C (in channels per group), H, W in a filter of its format. */
int aclop_filter_layout(aclop_call *c, int k, int pos[4])
{
    static const int nchw[4] = {0, 1, 2, 3}, nhwc[4] = {0, 3, 1, 2}, hwcn[4] = {3, 2, 0, 1};
    const aclTensorDesc *w = c->in[k];
    const int *p;
    switch (w->format) {
    case ACL_FORMAT_NCHW: case ACL_FORMAT_ND: p = nchw; break;
    case ACL_FORMAT_NHWC: p = nhwc; break;
    case ACL_FORMAT_HWCN: p = hwcn; break;
    default:
        return aclop_fail(c, ACL_ERROR_FORMAT_NOT_MATCH,
                          "input %d (%s) of op %s must be in NCHW, NHWC or HWCN format, got %s", k,
                          aclop_spec_input_name(c->spec, k), c->spec->type, aclop_format_name(w->format));
    }
    memcpy(pos, p, 4 * sizeof(int));
    return ACL_SUCCESS;
}

/* Filter dims: (out channels, in channels per group, kh, kw) whatever its format. */
static int filter_dims(aclop_call *c, int k, int64_t *co, int64_t *ci, int64_t *kh, int64_t *kw)
{
    int pos[4], rc = aclop_filter_layout(c, k, pos);
    if (rc)
        return rc;
    const int64_t *d = c->in[k]->dims;
    *co = d[pos[0]], *ci = d[pos[1]], *kh = d[pos[2]], *kw = d[pos[3]];
    return ACL_SUCCESS;
}

static int list4(aclop_call *c, const char *name, int64_t out[4])
{
    const int64_t *v;
    size_t n = aclop_attr_ints(c->attr, name, &v);
    if (n != 4)
        return aclop_fail(c, ACL_ERROR_OP_ATTR_NOT_MATCH, "attribute %s of op %s must hold 4 values, got %zu", name,
                          c->spec->type, n);
    /* window geometry (strides, pads, dilations, ksize): bounded so that the output-size sums
     * below cannot overflow int64 (found by fuzz_atc_singleop: pads of INT64_MAX) */
    for (int i = 0; i < 4; i++)
        if (v[i] > ((int64_t)1 << 31) || v[i] < -((int64_t)1 << 31))
            return aclop_fail(c, ACL_ERROR_OP_ATTR_NOT_MATCH, "attribute %s of op %s holds %lld; values must lie "
                              "within +-2^31", name, c->spec->type, (long long)v[i]);
    memcpy(out, v, 4 * sizeof(int64_t));
    return ACL_SUCCESS;
}

static int64_t conv_out(int64_t in, int64_t k, int64_t pad, int64_t stride, int64_t dil)
{
    if (in < 0)
        return -1;
    return (in + pad - dil * (k - 1) - 1) / stride + 1;
}

/* Conv2D and DepthwiseConv2D (depthwise: filter channel multiplier, groups = C). */
static int conv_common(aclop_call *c, bool depthwise)
{
    int rc;
    if ((rc = check_dtype(c, 0, dt_cube)) || (rc = check_same_dtype(c, 0, 1)) || (rc = check_rank(c, 0, 4, 4)) ||
        (rc = check_rank(c, 1, 4, 4)))
        return rc;
    const aclTensorDesc *x = c->in[0];
    aclDataType odt = x->dtype == ACL_INT8 ? ACL_INT32 : x->dtype;
    if (any_unknown_rank(c))
        return all_outputs_unknown_rank(c, odt);
    int n = 0, ch = 1, h = 2, w = 3;
    int64_t co = 0, ci = 0, kh = 0, kw = 0, st[4], pd[4], dl[4];
    if ((rc = aclop_layout_of(c, x->format, &n, &ch, &h, &w)) || (rc = filter_dims(c, 1, &co, &ci, &kh, &kw)) ||
        (rc = list4(c, "strides", st)) || (rc = list4(c, "pads", pd)) || (rc = list4(c, "dilations", dl)))
        return rc;
    if (st[h] <= 0 || st[w] <= 0 || dl[h] <= 0 || dl[w] <= 0)
        return aclop_fail(c, ACL_ERROR_OP_ATTR_NOT_MATCH,
                          "op %s: strides and dilations must be positive in H and W (strides [%lld,%lld,%lld,%lld], "
                          "dilations [%lld,%lld,%lld,%lld] in %s order)", c->spec->type, (long long)st[0],
                          (long long)st[1], (long long)st[2], (long long)st[3], (long long)dl[0], (long long)dl[1],
                          (long long)dl[2], (long long)dl[3], aclop_format_name(x->format));
    for (int i = 0; i < 4; i++)
        if (pd[i] < 0)
            return aclop_fail(c, ACL_ERROR_OP_ATTR_NOT_MATCH, "op %s: pads must not be negative", c->spec->type);
    /* sizes past these cannot be real and would overflow the output-size arithmetic */
    if (x->dims[h] > ((int64_t)1 << 40) || x->dims[w] > ((int64_t)1 << 40) || kh > ((int64_t)1 << 31) ||
        kw > ((int64_t)1 << 31))
        return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH, "op %s: x H/W (%lld, %lld) or filter kh/kw (%lld, %lld) "
                          "too large", c->spec->type, (long long)x->dims[h], (long long)x->dims[w], (long long)kh,
                          (long long)kw);
    int64_t cin = x->dims[ch], cout;
    if (depthwise) {
        /* filter [kh, kw, C, multiplier] (HWCN) / [multiplier, C, kh, kw] (NCHW) / [multiplier,
         * kh, kw, C] (NHWC): its N is the multiplier; a PyTorch-style [C * multiplier, 1, kh, kw]
         * is accepted too */
        int64_t mult = -1;
        if (cin < 0 || ci == cin)
            mult = co;
        else if (ci == 1 && co % cin == 0)
            mult = co / cin;
        if (mult <= 0)
            return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH,
                              "op %s: filter %s (%s) does not fit x with %lld channels: expected [kh, kw, C, "
                              "multiplier] (HWCN) or [multiplier, C, kh, kw] (NCHW)", c->spec->type,
                              aclop_dims_str(c->in[1]->dims, c->in[1]->ndims, (char[128]){0}, 128),
                              aclop_format_name(c->in[1]->format), (long long)cin);
        cout = cin < 0 ? -1 : cin * mult;
    } else {
        int64_t groups = aclop_attr_int(c->attr, "groups", 1);
        if (groups <= 0 || (cin >= 0 && ci * groups != cin) || co % groups)
            return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH,
                              "op %s: x has %lld channels, but filter in-channels %lld x groups %lld differ "
                              "(or out-channels %lld are not divisible by groups)", c->spec->type,
                              (long long)cin, (long long)ci, (long long)groups, (long long)co);
        cout = co;
    }
    int64_t oh = conv_out(x->dims[h], kh, pd[0] + pd[1], st[h], dl[h]);
    int64_t ow = conv_out(x->dims[w], kw, pd[2] + pd[3], st[w], dl[w]);
    if ((oh >= 0 && oh <= 0) || (ow >= 0 && ow <= 0))
        return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH,
                          "op %s: the output would be empty (H %lld, W %lld from input %lldx%lld, kernel %lldx%lld)",
                          c->spec->type, (long long)oh, (long long)ow, (long long)x->dims[h], (long long)x->dims[w],
                          (long long)kh, (long long)kw);
    const aclTensorDesc *bias = c->in[2];
    if (bias && (bias->ndims != 1 || (bias->dims[0] != cout && cout >= 0)))
        return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH, "bias of op %s must be [%lld]", c->spec->type,
                          (long long)cout);
    int64_t out[4];
    out[n] = x->dims[n];
    out[ch] = cout;
    out[h] = oh;
    out[w] = ow;
    set_out(c, 0, odt, x->format, 4, out);
    return ACL_SUCCESS;
}

int aclop_infer_conv2d(aclop_call *c) { return conv_common(c, false); }
int aclop_infer_depthwise_conv2d(aclop_call *c) { return conv_common(c, true); }

/* Conv2DBackpropInput / Conv2DTranspose: the output shape is the const input_size (input 0). */
int aclop_infer_conv_backprop(aclop_call *c)
{
    const aclTensorDesc *sz = c->in[0];
    int xi = strcmp(c->spec->type, "Conv2DTranspose") == 0 ? 1 : 2; /* the data input */
    int rc;
    if ((rc = check_dtype(c, xi, dt_cube)) || (rc = check_rank(c, xi, 4, 4)))
        return rc;
    if (sz->dtype != ACL_INT32 && sz->dtype != ACL_INT64)
        return aclop_fail(c, ACL_ERROR_UNSUPPORTED_DATA_TYPE, "input_size of op %s must be int32 or int64, got %s",
                          c->spec->type, aclop_dtype_name(sz->dtype));
    const void *data = c->in_host[0] ? c->in_host[0] : (sz->is_const ? sz->const_data : NULL);
    int64_t dims[4] = {-1, -1, -1, -1};
    if (data) {
        size_t es = sz->dtype == ACL_INT32 ? 4 : 8;
        size_t len = c->in_host[0] ? c->in_host_len[0] : sz->const_len;
        if (len < 4 * es)
            return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH, "input_size of op %s must hold 4 values", c->spec->type);
        for (int i = 0; i < 4; i++)
            dims[i] = es == 4 ? ((const int32_t *)data)[i] : ((const int64_t *)data)[i];
    } else if (c->out[0] && !aclop_desc_is_dynamic(c->out[0]) && c->out[0]->ndims == 4) {
        /* not a constant: the output descriptor states the size */
        memcpy(dims, c->out[0]->dims, sizeof(dims));
    }
    int64_t st[4], pd[4];
    if ((rc = list4(c, "strides", st)) || (rc = list4(c, "pads", pd)))
        return rc;
    set_out(c, 0, c->in[xi]->dtype, c->in[xi]->format, 4, dims);
    return ACL_SUCCESS;
}

int aclop_infer_layer_norm(aclop_call *c)
{
    int rc;
    if ((rc = check_dtype(c, 0, dt_float)))
        return rc;
    const aclTensorDesc *x = c->in[0];
    if (any_unknown_rank(c))
        return all_outputs_unknown_rank(c, x->dtype);
    int64_t r = (int64_t)x->ndims, axis = aclop_attr_int(c->attr, "begin_norm_axis", 0);
    if (axis < -r || axis >= (r ? r : 1))
        return aclop_fail(c, ACL_ERROR_OP_ATTR_NOT_MATCH, "begin_norm_axis %lld of op LayerNorm is out of range for a "
                          "%lld-D input", (long long)axis, (long long)r);
    if (axis < 0)
        axis += r;
    int64_t stat[ACLOP_MAX_DIMS];
    for (int64_t i = 0; i < r; i++)
        stat[i] = i < axis ? x->dims[i] : 1;
    set_out(c, 0, x->dtype, x->format, x->ndims, x->dims);
    set_out(c, 1, x->dtype, x->format, x->ndims, stat);
    set_out(c, 2, x->dtype, x->format, x->ndims, stat);
    return ACL_SUCCESS;
}

/* BNInference / BatchNorm: y like x; the statistics outputs are [C]. */
int aclop_infer_batch_norm(aclop_call *c)
{
    int rc;
    if ((rc = check_dtype(c, 0, dt_float)) || (rc = check_rank(c, 0, 2, 5)))
        return rc;
    const aclTensorDesc *x = c->in[0];
    if (any_unknown_rank(c))
        return all_outputs_unknown_rank(c, x->dtype);
    int64_t ch = x->format == ACL_FORMAT_NHWC ? x->dims[x->ndims - 1] : x->dims[1];
    if (strcmp(c->spec->type, "BatchNorm") == 0 && x->format != ACL_FORMAT_NHWC && x->format != ACL_FORMAT_NCHW) {
        const char *df = aclop_attr_string(c->attr, "data_format", "NHWC");
        ch = strcmp(df, "NHWC") == 0 ? x->dims[x->ndims - 1] : x->dims[1];
    }
    set_out(c, 0, x->dtype, x->format, x->ndims, x->dims);
    for (int k = 1; k < c->nout; k++)
        set_out(c, k, ACL_FLOAT, ACL_FORMAT_ND, 1, &ch);
    return ACL_SUCCESS;
}

/* MaxPool / AvgPool (padding "SAME"/"VALID") and MaxPoolV3 / AvgPoolV2 (padding_mode, pads). */
int aclop_infer_pool(aclop_call *c)
{
    int rc;
    if ((rc = check_dtype(c, 0, dt_float)) || (rc = check_rank(c, 0, 4, 4)))
        return rc;
    const aclTensorDesc *x = c->in[0];
    if (any_unknown_rank(c))
        return all_outputs_unknown_rank(c, x->dtype);
    int n = 0, ch = 1, h = 2, w = 3;
    int64_t ks[4], st[4], pd[4] = {0, 0, 0, 0};
    if ((rc = aclop_layout_of(c, x->format, &n, &ch, &h, &w)) || (rc = list4(c, "ksize", ks)) ||
        (rc = list4(c, "strides", st)))
        return rc;
    if (ks[h] <= 0 || ks[w] <= 0 || st[h] <= 0 || st[w] <= 0)
        return aclop_fail(c, ACL_ERROR_OP_ATTR_NOT_MATCH, "op %s: ksize and strides must be positive in H and W",
                          c->spec->type);
    const char *mode = aclop_attr_string(c->attr, "padding", NULL);
    bool v2 = mode == NULL;
    if (v2)
        mode = aclop_attr_string(c->attr, "padding_mode", "CALCULATED");
    bool ceil_mode = aclop_attr_bool(c->attr, "ceil_mode", false);
    bool global = aclop_attr_bool(c->attr, "global_pooling", false);
    int64_t ih = x->dims[h], iw = x->dims[w], oh, ow;
    if (ih > ((int64_t)1 << 40) || iw > ((int64_t)1 << 40))
        return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH, "op %s: x H/W (%lld, %lld) too large", c->spec->type,
                          (long long)ih, (long long)iw);
    if (global) {
        oh = ow = 1;
    } else if (strcmp(mode, "SAME") == 0) {
        oh = ih < 0 ? -1 : (ih + st[h] - 1) / st[h];
        ow = iw < 0 ? -1 : (iw + st[w] - 1) / st[w];
    } else if (strcmp(mode, "VALID") == 0) {
        oh = ih < 0 ? -1 : (ih - ks[h] + st[h]) / st[h];
        ow = iw < 0 ? -1 : (iw - ks[w] + st[w]) / st[w];
    } else if (v2 && strcmp(mode, "CALCULATED") == 0) {
        if ((rc = list4(c, "pads", pd)))
            return rc;
        int64_t eh = ih + pd[0] + pd[1] - ks[h], ew = iw + pd[2] + pd[3] - ks[w];
        oh = ih < 0 ? -1 : (ceil_mode ? (eh + st[h] - 1) / st[h] : eh / st[h]) + 1;
        ow = iw < 0 ? -1 : (ceil_mode ? (ew + st[w] - 1) / st[w] : ew / st[w]) + 1;
    } else {
        return aclop_fail(c, ACL_ERROR_OP_ATTR_NOT_MATCH, "attribute %s of op %s is \"%s\"; expected %s",
                          v2 ? "padding_mode" : "padding", c->spec->type, mode,
                          v2 ? "SAME, VALID or CALCULATED" : "SAME or VALID");
    }
    if ((oh >= 0 && oh <= 0) || (ow >= 0 && ow <= 0))
        return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH, "op %s: the window does not fit the %lldx%lld input",
                          c->spec->type, (long long)ih, (long long)iw);
    int64_t out[4];
    out[n] = x->dims[n];
    out[ch] = x->dims[ch];
    out[h] = oh;
    out[w] = ow;
    set_out(c, 0, x->dtype, x->format, 4, out);
    return ACL_SUCCESS;
}

int aclop_infer_transpose(aclop_call *c)
{
    const aclTensorDesc *x = c->in[0], *perm = c->in[1];
    if (perm->dtype != ACL_INT32 && perm->dtype != ACL_INT64)
        return aclop_fail(c, ACL_ERROR_UNSUPPORTED_DATA_TYPE, "perm of op Transpose must be int32 or int64, got %s",
                          aclop_dtype_name(perm->dtype));
    if (any_unknown_rank(c))
        return all_outputs_unknown_rank(c, x->dtype);
    const void *data = c->in_host[1] ? c->in_host[1] : (perm->is_const ? perm->const_data : NULL);
    int64_t out[ACLOP_MAX_DIMS];
    for (size_t i = 0; i < x->ndims; i++)
        out[i] = -1;
    if (data) {
        size_t es = perm->dtype == ACL_INT32 ? 4 : 8;
        size_t len = c->in_host[1] ? c->in_host_len[1] : perm->const_len;
        if (len / es != x->ndims)
            return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH, "perm of op Transpose holds %zu values, x has %zu dims",
                              len / es, x->ndims);
        uint32_t seen = 0;
        for (size_t i = 0; i < x->ndims; i++) {
            int64_t p = es == 4 ? ((const int32_t *)data)[i] : ((const int64_t *)data)[i];
            if (p < 0)
                p += (int64_t)x->ndims;
            if (p < 0 || p >= (int64_t)x->ndims || (seen >> p) & 1)
                return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH, "perm of op Transpose is not a permutation of 0..%zu",
                                  x->ndims - 1);
            seen |= 1u << p;
            out[i] = x->dims[p];
        }
    } else if (c->out[0] && !aclop_desc_is_dynamic(c->out[0])) {
        memcpy(out, c->out[0]->dims, x->ndims * sizeof(int64_t));
    }
    set_out(c, 0, x->dtype, x->format, x->ndims, out);
    return ACL_SUCCESS;
}

static aclFormat format_by_name(const char *s)
{
    static const struct { const char *n; aclFormat f; } t[] = {
        {"NCHW", ACL_FORMAT_NCHW}, {"NHWC", ACL_FORMAT_NHWC}, {"ND", ACL_FORMAT_ND}, {"HWCN", ACL_FORMAT_HWCN},
        {"NC1HWC0", ACL_FORMAT_NC1HWC0}, {"FRACTAL_Z", ACL_FORMAT_FRACTAL_Z}, {"FRACTAL_NZ", ACL_FORMAT_FRACTAL_NZ},
        {"NCDHW", ACL_FORMAT_NCDHW}, {"NDHWC", ACL_FORMAT_NDHWC}};
    for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
        if (strcmp(s, t[i].n) == 0)
            return t[i].f;
    return ACL_FORMAT_UNDEFINED;
}

/* Cube block sizes of the private formats: C0 / N0 = 16 elements (32 for 1-byte dtypes),
 * M0 = 16 rows. */
int64_t aclop_c0_of(aclDataType dt)
{
    return aclDataTypeSize(dt) == 1 ? 32 : 16;
}

static bool plain4(aclFormat f)
{
    return f == ACL_FORMAT_NCHW || f == ACL_FORMAT_NHWC;
}

/* TransData between ND / NCHW / NHWC and the private NC1HWC0 / FRACTAL_NZ layouts. A private ->
 * plain conversion takes the plain shape from a static output descriptor (the padding of the
 * blocks hides it), else the padded size. */
int aclop_infer_transdata(aclop_call *c)
{
    const aclTensorDesc *x = c->in[0];
    const char *sf = aclop_attr_string(c->attr, "src_format", ""), *df = aclop_attr_string(c->attr, "dst_format", "");
    aclFormat s = format_by_name(sf), d = format_by_name(df);
    bool plain_s = plain4(s) || s == ACL_FORMAT_ND, plain_d = plain4(d) || d == ACL_FORMAT_ND;
    bool ok = (plain_s && plain_d) || (plain4(s) && d == ACL_FORMAT_NC1HWC0) || (s == ACL_FORMAT_NC1HWC0 && plain4(d)) ||
              (s == ACL_FORMAT_ND && d == ACL_FORMAT_FRACTAL_NZ) || (s == ACL_FORMAT_FRACTAL_NZ && d == ACL_FORMAT_ND);
    if (!ok)
        return aclop_fail(c, ACL_ERROR_FORMAT_NOT_MATCH,
                          "op TransData from %s to %s is not supported; supported: between ND, NCHW and NHWC, "
                          "NCHW/NHWC <-> NC1HWC0, ND <-> FRACTAL_NZ", sf, df);
    if (any_unknown_rank(c)) {
        set_unknown_rank(c, 0, x->dtype, d);
        return ACL_SUCCESS;
    }
    int64_t out[ACLOP_MAX_DIMS], b0 = aclop_c0_of(x->dtype);
    size_t n = x->ndims;
    const aclTensorDesc *o = c->out[0] && !aclop_desc_is_dynamic(c->out[0]) ? c->out[0] : NULL;
    memcpy(out, x->dims, n * sizeof(int64_t));
    int rc = ACL_SUCCESS;
    if (s == ACL_FORMAT_NC1HWC0)
        rc = check_rank(c, 0, 5, 5);
    else if (d == ACL_FORMAT_NC1HWC0 || (plain4(s) && plain4(d) && s != d))
        rc = check_rank(c, 0, 4, 4);
    if (rc)
        return rc;
    if (plain4(s) && plain4(d) && s != d) {
        static const int to_nhwc[4] = {0, 2, 3, 1}, to_nchw[4] = {0, 3, 1, 2};
        const int *p = d == ACL_FORMAT_NHWC ? to_nhwc : to_nchw;
        for (int i = 0; i < 4; i++)
            out[i] = x->dims[p[i]];
    } else if (d == ACL_FORMAT_NC1HWC0) {
        int ch = s == ACL_FORMAT_NCHW ? 1 : 3, h = s == ACL_FORMAT_NCHW ? 2 : 1, w = h + 1;
        int64_t cc = x->dims[ch];
        out[0] = x->dims[0], out[1] = cc < 0 ? -1 : (cc + b0 - 1) / b0, out[2] = x->dims[h], out[3] = x->dims[w];
        out[4] = b0;
        n = 5;
    } else if (s == ACL_FORMAT_NC1HWC0) {
        if (x->dims[4] != b0)
            return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH, "op TransData: the C0 dim of the NC1HWC0 input is %lld, "
                              "expected %lld for %s", (long long)x->dims[4], (long long)b0, aclop_dtype_name(x->dtype));
        int64_t cc = x->dims[1] < 0 ? -1 : x->dims[1] * b0;
        if (o && o->ndims == 4)
            cc = o->dims[d == ACL_FORMAT_NCHW ? 1 : 3];
        int64_t nchw[4] = {x->dims[0], cc, x->dims[2], x->dims[3]};
        if (d == ACL_FORMAT_NCHW)
            memcpy(out, nchw, sizeof(nchw));
        else
            out[0] = nchw[0], out[1] = nchw[2], out[2] = nchw[3], out[3] = nchw[1];
        n = 4;
        if (cc >= 0 && x->dims[1] >= 0 && (cc > x->dims[1] * b0 || cc <= (x->dims[1] - 1) * b0))
            return aclop_fail(c, ACL_ERROR_OP_OUTPUT_NOT_MATCH, "op TransData: %lld channels do not fit C1 = %lld "
                              "blocks of %lld", (long long)cc, (long long)x->dims[1], (long long)b0);
    } else if (d == ACL_FORMAT_FRACTAL_NZ) {
        int64_t m = n >= 2 ? x->dims[n - 2] : 1, k = n >= 1 ? x->dims[n - 1] : 1;
        size_t lead = n >= 2 ? n - 2 : 0;
        out[lead] = k < 0 ? -1 : (k + b0 - 1) / b0;
        out[lead + 1] = m < 0 ? -1 : (m + 15) / 16;
        out[lead + 2] = 16;
        out[lead + 3] = b0;
        n = lead + 4;
    } else if (s == ACL_FORMAT_FRACTAL_NZ) {
        if (check_rank(c, 0, 4, ACLOP_MAX_DIMS) != ACL_SUCCESS)
            return ACL_ERROR_OP_INPUT_NOT_MATCH;
        size_t lead = n - 4;
        if (x->dims[n - 2] != 16 || x->dims[n - 1] != b0)
            return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH, "op TransData: a FRACTAL_NZ input ends in [16, %lld] "
                              "blocks for %s", (long long)b0, aclop_dtype_name(x->dtype));
        int64_t m = x->dims[lead + 1] * 16, k = x->dims[lead] * b0;
        if (o && o->ndims == lead + 2) {
            m = o->dims[lead];
            k = o->dims[lead + 1];
        }
        out[lead] = m, out[lead + 1] = k;
        n = lead + 2;
    }
    set_out(c, 0, x->dtype, d, n, out);
    return ACL_SUCCESS;
}
