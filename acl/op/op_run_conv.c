/* Adapters of the convolution op types onto aclnnConvolution: NHWC data and NHWC / HWCN
 * filters are presented as strided NCHW views (no copies); the backprop-input and transposed
 * forms run as transposed convolutions whose output padding reproduces input_size. */
#include <string.h>

#include "op_run.h"

typedef aclnnStatus (*fn_conv)(const aclTensor *, const aclTensor *, const aclTensor *, const aclIntArray *,
                               const aclIntArray *, const aclIntArray *, bool, const aclIntArray *, int64_t,
                               aclTensor *, int8_t, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*fn_t_a_t)(const aclTensor *, const aclIntArray *, aclTensor *, uint64_t *, aclOpExecutor **);

/* The conv geometry of a call: positions of N, C, H, W in the data layout and the H / W parts
 * of the 4-value attributes (in data layout order), pads as [top, bottom, left, right]. */
typedef struct conv_attrs {
    int pos[4];
    int64_t stride[2], dilation[2], pads[4], groups;
} conv_attrs;

static int conv_attrs_of(aclop_call *c, const aclTensorDesc *x, conv_attrs *a)
{
    int rc = aclop_layout_of(c, x->format, &a->pos[0], &a->pos[1], &a->pos[2], &a->pos[3]);
    if (rc)
        return rc;
    const int64_t *st, *dl, *pd;
    aclop_attr_ints(c->attr, "strides", &st);
    aclop_attr_ints(c->attr, "dilations", &dl);
    aclop_attr_ints(c->attr, "pads", &pd);
    for (int i = 0; i < 2; i++) {
        a->stride[i] = st[a->pos[2 + i]];
        a->dilation[i] = dl[a->pos[2 + i]];
    }
    memcpy(a->pads, pd, sizeof(a->pads));
    a->groups = aclop_attr_int(c->attr, "groups", 1);
    return ACL_SUCCESS;
}

/* FLOAT goes through the Cube unit's reduced-precision FP32 path (HF32 where the chip has it),
 * as the card's default precision mode for convolutions; 16-bit inputs keep their dtype. */
static int8_t conv_math(aclDataType dt)
{
    return dt == ACL_FLOAT ? 1 : 0;
}

static int no_quant(aclop_call *c, int k)
{
    if (k < c->nin && c->in[k])
        return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH,
                          "op %s: offset_w (quantised int8 convolution) is not supported by this toolkit",
                          c->spec->type);
    return ACL_SUCCESS;
}

static int conv_forward(aclop_call *c, bool depthwise)
{
    int rc = no_quant(c, 3);
    if (rc)
        return rc;
    const aclTensorDesc *x = c->in[0], *f = c->in[1];
    conv_attrs a;
    int fpos[4];
    if ((rc = conv_attrs_of(c, x, &a)) || (rc = aclop_filter_layout(c, 1, fpos)))
        return rc;
    aclop_run r;
    if ((rc = run_begin(&r, c)))
        return run_end(&r, rc);
    aclTensor *xt = run_nchw(&r, x->dtype, x->dims, a.pos, c->in_addr[0]);
    aclTensor *yt = run_nchw(&r, c->inferred[0].dtype, c->inferred[0].dims, a.pos, c->out_addr[0]);
    aclTensor *bt = c->in[2] ? run_input(&r, 2) : NULL;
    aclTensor *wt;
    int64_t cin = x->dims[a.pos[1]];
    if (depthwise) {
        int64_t co = f->dims[fpos[0]], ci = f->dims[fpos[1]], kh = f->dims[fpos[2]], kw = f->dims[fpos[3]];
        if (ci == cin) {
            /* [multiplier, C, kh, kw] in some layout -> [C * multiplier, 1, kh, kw]: output
             * channel c * multiplier + m. A strided view when that is affine, else a copy. */
            int64_t mult = co, st[4], s = 1;
            for (int i = 4; i-- > 0;) {
                st[i] = s;
                s *= f->dims[i];
            }
            int64_t sm = st[fpos[0]], sc = st[fpos[1]];
            int64_t dims[4] = {cin * mult, 1, kh, kw};
            if (mult == 1 || sc == mult * sm) {
                int64_t vs[4] = {mult == 1 ? sc : sm, 1, st[fpos[2]], st[fpos[3]]};
                wt = run_view(&r, f->dtype, ACL_FORMAT_NCHW, 4, dims, vs, 0, c->in_addr[1]);
            } else {
                void *tmp = run_scratch(&r, (size_t)(cin * mult * kh * kw) * aclDataTypeSize(f->dtype));
                int64_t vd[4] = {cin, mult, kh, kw}, vs[4] = {sc, sm, st[fpos[2]], st[fpos[3]]};
                int64_t ident[4] = {0, 1, 2, 3};
                aclTensor *src = run_view(&r, f->dtype, ACL_FORMAT_ND, 4, vd, vs, 0, c->in_addr[1]);
                aclTensor *dst = run_view(&r, f->dtype, ACL_FORMAT_ND, 4, vd, NULL, 0, tmp);
                rc = RUN_NN(&r, "aclnnPermute", fn_t_a_t, src, run_ints(&r, ident, 4), dst);
                wt = run_view(&r, f->dtype, ACL_FORMAT_NCHW, 4, dims, NULL, 0, tmp);
            }
        } else {
            /* already [C * multiplier, 1, kh, kw] */
            wt = run_nchw(&r, f->dtype, f->dims, fpos, c->in_addr[1]);
        }
        a.groups = cin;
    } else {
        wt = run_nchw(&r, f->dtype, f->dims, fpos, c->in_addr[1]);
    }
    int64_t zero2[2] = {0, 0};
    if (rc == ACL_SUCCESS)
        rc = RUN_NN(&r, "aclnnConvolution", fn_conv, xt, wt, bt, run_ints(&r, a.stride, 2), run_ints(&r, a.pads, 4),
                    run_ints(&r, a.dilation, 2), false, run_ints(&r, zero2, 2), a.groups, yt, conv_math(x->dtype));
    return run_end(&r, rc);
}

int aclop_run_conv2d(aclop_call *c) { return conv_forward(c, false); }
int aclop_run_depthwise_conv2d(aclop_call *c) { return conv_forward(c, true); }

/* Conv2DBackpropInput (input_size, filter, out_backprop) and Conv2DTranspose (input_size, x,
 * filter, bias, offset_w): y = the transposed convolution of the data input with the forward
 * filter [Cout, Cin / groups, kh, kw]; y's size is input_size. */
int aclop_run_conv_backprop(aclop_call *c)
{
    bool transpose = strcmp(c->spec->type, "Conv2DTranspose") == 0;
    int xi = transpose ? 1 : 2, fi = transpose ? 2 : 1;
    int rc = transpose ? no_quant(c, 4) : ACL_SUCCESS;
    if (rc)
        return rc;
    const aclTensorDesc *dy = c->in[xi], *f = c->in[fi];
    const aclop_tinfo *y = &c->inferred[0];
    conv_attrs a;
    int fpos[4];
    if ((rc = conv_attrs_of(c, dy, &a)) || (rc = aclop_filter_layout(c, fi, fpos)))
        return rc;
    /* output padding that makes the transposed conv produce input_size */
    int64_t outpad[2];
    for (int i = 0; i < 2; i++) {
        int64_t in = dy->dims[a.pos[2 + i]], k = f->dims[fpos[2 + i]], want = y->dims[a.pos[2 + i]];
        int64_t got = (in - 1) * a.stride[i] - a.pads[2 * i] - a.pads[2 * i + 1] + a.dilation[i] * (k - 1) + 1;
        outpad[i] = want - got;
        int64_t lim = a.stride[i] > a.dilation[i] ? a.stride[i] : a.dilation[i];
        if (outpad[i] < 0 || outpad[i] >= lim)
            return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH,
                              "op %s: input_size %s %lld does not fit the %s input (%lld) with stride %lld, pads "
                              "%lld+%lld, dilation %lld, kernel %lld (expected %lld to %lld)", c->spec->type,
                              i ? "W" : "H", (long long)want, transpose ? "x" : "out_backprop", (long long)in,
                              (long long)a.stride[i], (long long)a.pads[2 * i], (long long)a.pads[2 * i + 1],
                              (long long)a.dilation[i], (long long)k, (long long)got, (long long)(got + lim - 1));
    }
    aclop_run r;
    if ((rc = run_begin(&r, c)))
        return run_end(&r, rc);
    aclTensor *xt = run_nchw(&r, dy->dtype, dy->dims, a.pos, c->in_addr[xi]);
    aclTensor *wt = run_nchw(&r, f->dtype, f->dims, fpos, c->in_addr[fi]);
    aclTensor *yt = run_nchw(&r, y->dtype, y->dims, a.pos, c->out_addr[0]);
    aclTensor *bt = transpose && c->in[3] ? run_input(&r, 3) : NULL;
    rc = RUN_NN(&r, "aclnnConvolution", fn_conv, xt, wt, bt, run_ints(&r, a.stride, 2), run_ints(&r, a.pads, 4),
                run_ints(&r, a.dilation, 2), true, run_ints(&r, outpad, 2), a.groups, yt, conv_math(dy->dtype));
    return run_end(&r, rc);
}
