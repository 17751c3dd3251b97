// MaxPool, MaxPoolV3, AvgPool and AvgPoolV2 through aclopCompileAndExecute (NHWC and NCHW, SAME /
// VALID / CALCULATED padding, ceil mode, exclusive and inclusive averages) in FLOAT and FLOAT16
// (+ BF16 for the averages), checked against a double-precision pooling computed here.
#include <cfloat>

#include "aclop_ops.h"

struct Pool {
    int64_t kh, kw, sh, sw, pt = 0, pb = 0, pl = 0, pr = 0;
    bool ceil_mode = false, avg = false, exclusive = true;
};

static Pool window(int64_t kh, int64_t kw, int64_t sh, int64_t sw)
{
    Pool p;
    p.kh = kh, p.kw = kw, p.sh = sh, p.sw = sw;
    return p;
}

static int64_t osize(int64_t in, int64_t k, int64_t lo, int64_t hi, int64_t s, bool ceil_mode)
{
    int64_t span = in + lo + hi - k;
    return (ceil_mode ? (span + s - 1) / s : span / s) + 1;
}

static std::vector<double> pool_ref(const HostTensor &x, const Pool &p, const HostTensor &y)
{
    bool nhwc = x.fmt == ACL_FORMAT_NHWC;
    int64_t N = x.dims[0], C = nhwc ? x.dims[3] : x.dims[1], H = nhwc ? x.dims[1] : x.dims[2],
            W = nhwc ? x.dims[2] : x.dims[3];
    int64_t OH = nhwc ? y.dims[1] : y.dims[2], OW = nhwc ? y.dims[2] : y.dims[3];
    auto idx = [&](int64_t n, int64_t c, int64_t h, int64_t w, int64_t hh, int64_t ww) {
        return (size_t)(nhwc ? ((n * hh + h) * ww + w) * C + c : ((n * C + c) * hh + h) * ww + w);
    };
    std::vector<double> out(numel_of(y.dims));
    for (int64_t n = 0; n < N; n++)
        for (int64_t c = 0; c < C; c++)
            for (int64_t oh = 0; oh < OH; oh++)
                for (int64_t ow = 0; ow < OW; ow++) {
                    double m = -DBL_MAX, s = 0;
                    int64_t cnt = 0, area = 0;
                    for (int64_t i = 0; i < p.kh; i++)
                        for (int64_t j = 0; j < p.kw; j++) {
                            int64_t h = oh * p.sh - p.pt + i, w = ow * p.sw - p.pl + j;
                            if (h < H + p.pb && w < W + p.pr)
                                area++; // inside input + padding
                            if (h < 0 || h >= H || w < 0 || w >= W)
                                continue;
                            double v = x.v[idx(n, c, h, w, H, W)];
                            m = v > m ? v : m;
                            s += v;
                            cnt++;
                        }
                    out[idx(n, c, oh, ow, OH, OW)] = p.avg ? s / (double)(p.exclusive ? cnt : area) : m;
                }
    return out;
}

// SAME pads of TensorFlow: the odd row / column goes to the bottom / right.
static void same_pads(Pool &p, int64_t H, int64_t W)
{
    int64_t th = ((H + p.sh - 1) / p.sh - 1) * p.sh + p.kh - H, tw = ((W + p.sw - 1) / p.sw - 1) * p.sw + p.kw - W;
    th = th > 0 ? th : 0, tw = tw > 0 ? tw : 0;
    p.pt = th / 2, p.pb = th - th / 2, p.pl = tw / 2, p.pr = tw - tw / 2;
}

static void run(aclrtStream stream, const char *op, aclDataType dt, aclFormat f, Pool p, const char *padding,
                int64_t H, int64_t W)
{
    const int64_t N = 2, C = 3;
    bool nhwc = f == ACL_FORMAT_NHWC;
    bool v1 = std::strcmp(op, "MaxPool") == 0 || std::strcmp(op, "AvgPool") == 0;
    p.avg = std::strstr(op, "Avg") != nullptr;
    if (std::strcmp(padding, "SAME") == 0)
        same_pads(p, H, W);
    else if (std::strcmp(padding, "VALID") == 0)
        p.pt = p.pb = p.pl = p.pr = 0;
    HostTensor x = make(dt, f, nhwc ? std::vector<int64_t>{N, H, W, C} : std::vector<int64_t>{N, C, H, W}, 31, -4, 4);
    int64_t OH = osize(H, p.kh, p.pt, p.pb, p.sh, p.ceil_mode), OW = osize(W, p.kw, p.pl, p.pr, p.sw, p.ceil_mode);
    HostTensor y = output(dt, f, nhwc ? std::vector<int64_t>{N, OH, OW, C} : std::vector<int64_t>{N, C, OH, OW});
    aclopAttr *attr = aclopCreateAttr();
    int64_t ks[4] = {1, nhwc ? p.kh : 1, nhwc ? p.kw : p.kh, nhwc ? 1 : p.kw};
    int64_t st[4] = {1, nhwc ? p.sh : 1, nhwc ? p.sw : p.sh, nhwc ? 1 : p.sw};
    CHECK(aclopSetAttrListInt(attr, "ksize", 4, ks));
    CHECK(aclopSetAttrListInt(attr, "strides", 4, st));
    CHECK(aclopSetAttrString(attr, "data_format", nhwc ? "NHWC" : "NCHW"));
    if (v1) {
        CHECK(aclopSetAttrString(attr, "padding", padding));
    } else {
        int64_t pads[4] = {p.pt, p.pb, p.pl, p.pr};
        CHECK(aclopSetAttrString(attr, "padding_mode", padding));
        CHECK(aclopSetAttrListInt(attr, "pads", 4, pads));
        CHECK(aclopSetAttrBool(attr, "ceil_mode", p.ceil_mode));
        if (p.avg)
            CHECK(aclopSetAttrBool(attr, "exclusive", p.exclusive));
    }
    CHECK(run_op(op, {&x}, {&y}, attr, stream));
    aclopDestroyAttr(attr);
    char what[160];
    std::snprintf(what, sizeof(what), "%s %s %s k%lldx%lld s%lldx%lld %s ceil %d exclusive %d", op, dt_name(dt),
                  nhwc ? "NHWC" : "NCHW", (long long)p.kh, (long long)p.kw, (long long)p.sh, (long long)p.sw, padding,
                  p.ceil_mode, p.exclusive);
    check(y, pool_ref(x, p, y), tol_of(dt), what);
}

int main()
{
    aclrtStream stream;
    init_acl(&stream);
    Pool k3s2 = window(3, 3, 2, 2);
    Pool k2s2 = window(2, 2, 2, 2);
    Pool k3s1 = window(3, 3, 1, 1);
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16}) {
        run(stream, "MaxPool", dt, ACL_FORMAT_NHWC, k3s2, "SAME", 9, 8);
        run(stream, "MaxPool", dt, ACL_FORMAT_NCHW, k2s2, "VALID", 9, 8);
        Pool c = k3s2;
        c.pt = c.pb = c.pl = c.pr = 1;
        run(stream, "MaxPoolV3", dt, ACL_FORMAT_NCHW, c, "CALCULATED", 10, 7);
        c.ceil_mode = true;
        run(stream, "MaxPoolV3", dt, ACL_FORMAT_NHWC, c, "CALCULATED", 10, 7);
    }
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        run(stream, "AvgPool", dt, ACL_FORMAT_NHWC, k3s1, "SAME", 7, 6);   // symmetric SAME pads
        run(stream, "AvgPool", dt, ACL_FORMAT_NHWC, k3s2, "SAME", 8, 10);  // extra bottom / right pad
        run(stream, "AvgPool", dt, ACL_FORMAT_NCHW, k2s2, "VALID", 9, 8);
        Pool c = k3s2;
        c.pt = c.pb = c.pl = c.pr = 1;
        run(stream, "AvgPoolV2", dt, ACL_FORMAT_NCHW, c, "CALCULATED", 9, 7);
        c.exclusive = false;
        run(stream, "AvgPoolV2", dt, ACL_FORMAT_NHWC, c, "CALCULATED", 9, 7);
    }
    // asymmetric CALCULATED pads cannot be expressed by aclnnAvgPool2d: refused, naming the op
    {
        HostTensor x = make(ACL_FLOAT, ACL_FORMAT_NCHW, {1, 2, 8, 8}, 1), y = output(ACL_FLOAT, ACL_FORMAT_NCHW, {1, 2, 4, 4});
        aclopAttr *attr = aclopCreateAttr();
        int64_t ks[4] = {1, 1, 3, 3}, st[4] = {1, 1, 2, 2}, pads[4] = {0, 1, 1, 1};
        CHECK(aclopSetAttrListInt(attr, "ksize", 4, ks));
        CHECK(aclopSetAttrListInt(attr, "strides", 4, st));
        CHECK(aclopSetAttrListInt(attr, "pads", 4, pads));
        CHECK(aclopSetAttrBool(attr, "exclusive", false));
        EXPECT_FAIL(run_op("AvgPoolV2", {&x}, {&y}, attr, stream), ACL_ERROR_OP_ATTR_NOT_MATCH, "asymmetric pads");
        // a padding mode the op does not know
        CHECK(aclopSetAttrString(attr, "padding_mode", "REFLECT"));
        EXPECT_FAIL(run_op("AvgPoolV2", {&x}, {&y}, attr, stream), ACL_ERROR_OP_ATTR_NOT_MATCH, "padding_mode");
        aclopDestroyAttr(attr);
    }
    fini_acl(stream);
    std::printf("aclop_pool: all checks passed\n");
    return 0;
}
