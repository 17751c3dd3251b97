// The Conv2D family through aclopCompileAndExecute, as the acl_compile_and_execute_conv2d
// sample runs it (x NHWC fp16, filter NCHW, the optional bias as an ACL_DT_UNDEFINED descriptor
// with a NULL buffer, strides / pads / dilations set with aclopSetAttrListInt, ACL_ENGINE_SYS /
// ACL_COMPILE_SYS) on a small input, plus NCHW / HWCN layouts, groups, dilations, FLOAT and
// BF16, DepthwiseConv2D, Conv2DBackpropInput and Conv2DTranspose. Every result is checked
// against a double-precision convolution computed here.
#include "aclop_ops.h"

// Logical (n, c, h, w) index of a 4-D tensor stored in NCHW, NHWC or (filters) HWCN.
static size_t at(const HostTensor &t, int64_t n, int64_t c, int64_t h, int64_t w)
{
    const std::vector<int64_t> &d = t.dims;
    switch (t.fmt) {
    case ACL_FORMAT_NHWC: return (size_t)(((n * d[1] + h) * d[2] + w) * d[3] + c);
    case ACL_FORMAT_HWCN: return (size_t)(((h * d[1] + w) * d[2] + c) * d[3] + n);
    default: return (size_t)(((n * d[1] + c) * d[2] + h) * d[3] + w);
    }
}

static void logical(const HostTensor &t, int64_t &n, int64_t &c, int64_t &h, int64_t &w)
{
    const std::vector<int64_t> &d = t.dims;
    switch (t.fmt) {
    case ACL_FORMAT_NHWC: n = d[0], h = d[1], w = d[2], c = d[3]; break;
    case ACL_FORMAT_HWCN: h = d[0], w = d[1], c = d[2], n = d[3]; break;
    default: n = d[0], c = d[1], h = d[2], w = d[3]; break;
    }
}

static std::vector<int64_t> dims_in(aclFormat f, int64_t n, int64_t c, int64_t h, int64_t w)
{
    if (f == ACL_FORMAT_NHWC)
        return {n, h, w, c};
    return {n, c, h, w};
}

struct Conv {
    int64_t sh = 1, sw = 1, pt = 0, pb = 0, pl = 0, pr = 0, dh = 1, dw = 1, groups = 1;
};

// The attributes in the data layout's order (the real op's convention).
static aclopAttr *conv_attr(const Conv &p, aclFormat f, bool with_groups = true)
{
    aclopAttr *a = aclopCreateAttr();
    bool nhwc = f == ACL_FORMAT_NHWC;
    int64_t st[4] = {1, nhwc ? p.sh : 1, nhwc ? p.sw : p.sh, nhwc ? 1 : p.sw};
    int64_t dl[4] = {1, nhwc ? p.dh : 1, nhwc ? p.dw : p.dh, nhwc ? 1 : p.dw};
    int64_t pd[4] = {p.pt, p.pb, p.pl, p.pr};
    CHECK(aclopSetAttrListInt(a, "strides", 4, st));
    CHECK(aclopSetAttrListInt(a, "pads", 4, pd));
    CHECK(aclopSetAttrListInt(a, "dilations", 4, dl));
    if (with_groups)
        CHECK(aclopSetAttrInt(a, "groups", p.groups));
    CHECK(aclopSetAttrString(a, "data_format", nhwc ? "NHWC" : "NCHW"));
    return a;
}

// y = conv(x, w) + bias in double; w logical [Co, Ci / groups, kh, kw] (depthwise: multiplier
// layout handled by the caller through `wc`).
static std::vector<double> conv_ref(const HostTensor &x, const HostTensor &w, const HostTensor *bias, const Conv &p,
                                    const HostTensor &y)
{
    int64_t N, C, H, W, Co, Cg, KH, KW, yN, yC, OH, OW;
    logical(x, N, C, H, W);
    logical(w, Co, Cg, KH, KW);
    logical(y, yN, yC, OH, OW);
    std::vector<double> out(numel_of(y.dims));
    int64_t cpg = C / p.groups, opg = Co / p.groups;
    for (int64_t n = 0; n < N; n++)
        for (int64_t co = 0; co < Co; co++)
            for (int64_t oh = 0; oh < OH; oh++)
                for (int64_t ow = 0; ow < OW; ow++) {
                    double s = bias ? bias->v[(size_t)co] : 0.0;
                    int64_t g = co / opg;
                    for (int64_t ci = 0; ci < cpg; ci++)
                        for (int64_t i = 0; i < KH; i++)
                            for (int64_t j = 0; j < KW; j++) {
                                int64_t h = oh * p.sh - p.pt + i * p.dh, ww = ow * p.sw - p.pl + j * p.dw;
                                if (h < 0 || h >= H || ww < 0 || ww >= W)
                                    continue;
                                s += x.v[at(x, n, g * cpg + ci, h, ww)] * w.v[at(w, co, ci, i, j)];
                            }
                    out[at(y, n, co, oh, ow)] = s;
                }
    return out;
}

// dx of conv(x, w) for dy (Conv2DBackpropInput / Conv2DTranspose), + bias.
static std::vector<double> conv_bwd_ref(const HostTensor &dy, const HostTensor &w, const HostTensor *bias,
                                        const Conv &p, const HostTensor &dx)
{
    int64_t N, Co, OH, OW, wCo, Cg, KH, KW, xN, C, H, W;
    logical(dy, N, Co, OH, OW);
    logical(w, wCo, Cg, KH, KW);
    logical(dx, xN, C, H, W);
    std::vector<double> out(numel_of(dx.dims), 0.0);
    if (bias)
        for (int64_t n = 0; n < N; n++)
            for (int64_t c = 0; c < C; c++)
                for (int64_t h = 0; h < H; h++)
                    for (int64_t ww = 0; ww < W; ww++)
                        out[at(dx, n, c, h, ww)] = bias->v[(size_t)c];
    int64_t opg = Co / p.groups;
    for (int64_t n = 0; n < N; n++)
        for (int64_t co = 0; co < Co; co++)
            for (int64_t oh = 0; oh < OH; oh++)
                for (int64_t ow = 0; ow < OW; ow++) {
                    double g = dy.v[at(dy, n, co, oh, ow)];
                    int64_t grp = co / opg;
                    for (int64_t ci = 0; ci < Cg; ci++)
                        for (int64_t i = 0; i < KH; i++)
                            for (int64_t j = 0; j < KW; j++) {
                                int64_t h = oh * p.sh - p.pt + i * p.dh, ww = ow * p.sw - p.pl + j * p.dw;
                                if (h < 0 || h >= H || ww < 0 || ww >= W)
                                    continue;
                                out[at(dx, n, grp * Cg + ci, h, ww)] += g * w.v[at(w, co, ci, i, j)];
                            }
                }
    return out;
}

static int64_t out_size(int64_t in, int64_t k, int64_t lo, int64_t hi, int64_t s, int64_t d)
{
    return (in + lo + hi - d * (k - 1) - 1) / s + 1;
}

static void conv2d(aclrtStream stream, aclDataType dt, aclFormat xf, aclFormat wf, int64_t N, int64_t C, int64_t H,
                   int64_t W, int64_t Co, int64_t K, const Conv &p, bool with_bias, uint64_t seed)
{
    HostTensor x = make(dt, xf, dims_in(xf, N, C, H, W), seed);
    int64_t cg = C / p.groups;
    std::vector<int64_t> wd = wf == ACL_FORMAT_HWCN ? std::vector<int64_t>{K, K, cg, Co}
                              : wf == ACL_FORMAT_NHWC ? std::vector<int64_t>{Co, K, K, cg}
                                                      : std::vector<int64_t>{Co, cg, K, K};
    HostTensor w = make(dt, wf, wd, seed + 1, -1.0, 1.0);
    HostTensor b = with_bias ? make(dt, ACL_FORMAT_ND, {Co}, seed + 2) : omitted();
    int64_t OH = out_size(H, K, p.pt, p.pb, p.sh, p.dh), OW = out_size(W, K, p.pl, p.pr, p.sw, p.dw);
    HostTensor y = output(dt, xf, dims_in(xf, N, Co, OH, OW));
    aclopAttr *attr = conv_attr(p, xf);
    CHECK(run_op("Conv2D", {&x, &w, &b}, {&y}, attr, stream));
    aclopDestroyAttr(attr);
    char what[160];
    std::snprintf(what, sizeof(what), "Conv2D %s x %s [%lld,%lld,%lld,%lld] filter %s k%lld groups %lld bias %d",
                  dt_name(dt), xf == ACL_FORMAT_NHWC ? "NHWC" : "NCHW", (long long)N, (long long)C, (long long)H,
                  (long long)W, wf == ACL_FORMAT_HWCN ? "HWCN" : (wf == ACL_FORMAT_NHWC ? "NHWC" : "NCHW"),
                  (long long)K, (long long)p.groups, with_bias);
    check(y, conv_ref(x, w, with_bias ? &b : nullptr, p, y), tol_cube(dt), what);
}

// DepthwiseConv2D: filter HWCN [k, k, C, M] or NCHW [M, C, k, k]; output channel c * M + m.
static void depthwise(aclrtStream stream, aclDataType dt, aclFormat xf, aclFormat wf, int64_t M, const Conv &p)
{
    const int64_t N = 2, C = 4, H = 9, W = 7, K = 3;
    HostTensor x = make(dt, xf, dims_in(xf, N, C, H, W), 11);
    HostTensor w = make(dt, wf, wf == ACL_FORMAT_HWCN ? std::vector<int64_t>{K, K, C, M} : std::vector<int64_t>{M, C, K, K},
                        12, -1.0, 1.0);
    int64_t OH = out_size(H, K, p.pt, p.pb, p.sh, p.dh), OW = out_size(W, K, p.pl, p.pr, p.sw, p.dw);
    HostTensor y = output(dt, xf, dims_in(xf, N, C * M, OH, OW));
    // the same convolution as groups = C with a [C * M, 1, k, k] filter
    HostTensor wg = output(dt, ACL_FORMAT_NCHW, {C * M, 1, K, K});
    wg.v.resize(numel_of(wg.dims));
    for (int64_t c = 0; c < C; c++)
        for (int64_t m = 0; m < M; m++)
            for (int64_t i = 0; i < K; i++)
                for (int64_t j = 0; j < K; j++)
                    wg.v[at(wg, c * M + m, 0, i, j)] = w.v[at(w, m, c, i, j)];
    Conv pg = p;
    pg.groups = C;
    aclopAttr *attr = conv_attr(p, xf, false);
    HostTensor no_bias = omitted();
    CHECK(run_op("DepthwiseConv2D", {&x, &w, &no_bias}, {&y}, attr, stream));
    aclopDestroyAttr(attr);
    char what[128];
    std::snprintf(what, sizeof(what), "DepthwiseConv2D %s x %s filter %s multiplier %lld", dt_name(dt),
                  xf == ACL_FORMAT_NHWC ? "NHWC" : "NCHW", wf == ACL_FORMAT_HWCN ? "HWCN" : "NCHW", (long long)M);
    check(y, conv_ref(x, wg, nullptr, pg, y), tol_cube(dt), what);
}

// Conv2DBackpropInput (input_size, filter, out_backprop) / Conv2DTranspose (input_size, x,
// filter, bias): input_size is a host-resident int32 tensor, as graphs pass it.
static void backprop(aclrtStream stream, bool transpose, aclDataType dt, aclFormat xf, const Conv &p, bool with_bias)
{
    const int64_t N = 2, C = 4, H = 11, W = 8, Co = 6, K = 3;
    int64_t OH = out_size(H, K, p.pt, p.pb, p.sh, p.dh), OW = out_size(W, K, p.pl, p.pr, p.sw, p.dw);
    HostTensor size = output(ACL_INT32, ACL_FORMAT_ND, {4});
    std::vector<int64_t> xd = dims_in(xf, N, C, H, W);
    size.v.assign(xd.begin(), xd.end());
    size.host = true;
    HostTensor w = make(dt, ACL_FORMAT_NCHW, {Co, C / p.groups, K, K}, 21, -1.0, 1.0);
    HostTensor dy = make(dt, xf, dims_in(xf, N, Co, OH, OW), 22);
    HostTensor b = with_bias ? make(dt, ACL_FORMAT_ND, {C}, 23) : omitted();
    HostTensor dx = output(dt, xf, xd);
    aclopAttr *attr = conv_attr(p, xf);
    if (transpose)
        CHECK(run_op("Conv2DTranspose", {&size, &dy, &w, &b}, {&dx}, attr, stream));
    else
        CHECK(run_op("Conv2DBackpropInput", {&size, &w, &dy}, {&dx}, attr, stream));
    aclopDestroyAttr(attr);
    char what[128];
    std::snprintf(what, sizeof(what), "%s %s %s stride %lld groups %lld bias %d",
                  transpose ? "Conv2DTranspose" : "Conv2DBackpropInput", dt_name(dt),
                  xf == ACL_FORMAT_NHWC ? "NHWC" : "NCHW", (long long)p.sh, (long long)p.groups, with_bias);
    check(dx, conv_bwd_ref(dy, w, with_bias ? &b : nullptr, p, dx), tol_cube(dt), what);
}

int main()
{
    aclrtStream stream;
    init_acl(&stream);
    // the sample: fp16, x NHWC, filter NCHW [6, 3, 3, 3], strides / pads / dilations all 1
    Conv same;
    same.pt = same.pb = same.pl = same.pr = 1;
    conv2d(stream, ACL_FLOAT16, ACL_FORMAT_NHWC, ACL_FORMAT_NCHW, 2, 3, 16, 16, 6, 3, same, false, 1);
    conv2d(stream, ACL_FLOAT16, ACL_FORMAT_NHWC, ACL_FORMAT_NCHW, 2, 3, 16, 16, 6, 3, same, true, 2);
    // strides, asymmetric pads, groups, dilations, other layouts and dtypes
    Conv p1;
    p1.sh = 2, p1.sw = 1, p1.pt = 1, p1.pb = 0, p1.pl = 2, p1.pr = 1, p1.groups = 2;
    conv2d(stream, ACL_FLOAT, ACL_FORMAT_NCHW, ACL_FORMAT_NCHW, 2, 4, 9, 10, 8, 3, p1, true, 3);
    conv2d(stream, ACL_FLOAT16, ACL_FORMAT_NCHW, ACL_FORMAT_NCHW, 1, 4, 9, 10, 6, 3, p1, false, 4);
    Conv p2;
    p2.dh = p2.dw = 2, p2.pt = p2.pb = p2.pl = p2.pr = 2;
    conv2d(stream, ACL_FLOAT, ACL_FORMAT_NHWC, ACL_FORMAT_HWCN, 1, 5, 12, 11, 7, 3, p2, true, 5);
    conv2d(stream, ACL_BF16, ACL_FORMAT_NHWC, ACL_FORMAT_NHWC, 2, 3, 8, 8, 4, 3, same, true, 6);

    depthwise(stream, ACL_FLOAT16, ACL_FORMAT_NHWC, ACL_FORMAT_HWCN, 2, same);
    depthwise(stream, ACL_FLOAT, ACL_FORMAT_NCHW, ACL_FORMAT_NCHW, 2, p1);
    depthwise(stream, ACL_FLOAT, ACL_FORMAT_NCHW, ACL_FORMAT_NCHW, 1, same);
    depthwise(stream, ACL_BF16, ACL_FORMAT_NHWC, ACL_FORMAT_HWCN, 1, p2);

    Conv b1;
    b1.sh = b1.sw = 2, b1.pt = b1.pb = b1.pl = b1.pr = 1;
    backprop(stream, false, ACL_FLOAT16, ACL_FORMAT_NCHW, b1, false);
    backprop(stream, false, ACL_FLOAT, ACL_FORMAT_NHWC, same, false);
    Conv b2 = b1;
    b2.groups = 2;
    backprop(stream, false, ACL_BF16, ACL_FORMAT_NCHW, b2, false);
    backprop(stream, true, ACL_FLOAT, ACL_FORMAT_NHWC, b1, true);
    backprop(stream, true, ACL_FLOAT16, ACL_FORMAT_NCHW, same, false);

    // input_size that no output padding can reach, a quantised (offset_w) call, and int8 data
    {
        Conv p;
        p.sh = p.sw = 2;
        HostTensor size = output(ACL_INT32, ACL_FORMAT_ND, {4});
        size.v = {1, 2, 20, 20};
        size.host = true;
        HostTensor w = make(ACL_FLOAT16, ACL_FORMAT_NCHW, {3, 2, 3, 3}, 1), dy = make(ACL_FLOAT16, ACL_FORMAT_NCHW, {1, 3, 4, 4}, 2);
        HostTensor dx = output(ACL_FLOAT16, ACL_FORMAT_NCHW, {1, 2, 20, 20});
        aclopAttr *attr = conv_attr(p, ACL_FORMAT_NCHW);
        EXPECT_FAIL(run_op("Conv2DBackpropInput", {&size, &w, &dy}, {&dx}, attr, stream), ACL_ERROR_OP_INPUT_NOT_MATCH, "input_size");
        HostTensor x = make(ACL_FLOAT16, ACL_FORMAT_NCHW, {1, 2, 8, 8}, 3), off = make(ACL_INT8, ACL_FORMAT_ND, {1}, 4);
        HostTensor y = output(ACL_FLOAT16, ACL_FORMAT_NCHW, {1, 3, 3, 3});
        HostTensor wq = make(ACL_FLOAT16, ACL_FORMAT_NCHW, {3, 2, 3, 3}, 5), none = omitted();
        EXPECT_FAIL(run_op("Conv2D", {&x, &wq, &none, &off}, {&y}, attr, stream), ACL_ERROR_OP_INPUT_NOT_MATCH, "offset_w");
        aclopDestroyAttr(attr);
    }
    // Exp with a base that is neither -1 (e) nor positive
    {
        HostTensor x = make(ACL_FLOAT, ACL_FORMAT_ND, {4}, 1), y = output(ACL_FLOAT, ACL_FORMAT_ND, {4});
        aclopAttr *attr = aclopCreateAttr();
        CHECK(aclopSetAttrFloat(attr, "base", -2.0f));
        EXPECT_FAIL(run_op("Exp", {&x}, {&y}, attr, stream), ACL_ERROR_OP_ATTR_NOT_MATCH, "attribute base of op Exp");
        aclopDestroyAttr(attr);
    }
    fini_acl(stream);
    std::printf("aclop_conv2d: all checks passed\n");
    return 0;
}
