// LayerNorm, BNInference, BatchNorm (training and inference, NHWC and NCHW) and BiasAdd through
// aclopCompileAndExecute in FLOAT, FLOAT16 and BF16, checked against double-precision
// references computed here.
#include "aclop_ops.h"

static void layer_norm(aclrtStream stream, aclDataType dt, std::vector<int64_t> xd, int64_t axis, int64_t paxis)
{
    HostTensor x = make(dt, ACL_FORMAT_ND, xd, 1, -3.0, 3.0);
    int64_t r = (int64_t)xd.size(), a = axis < 0 ? axis + r : axis, pa = paxis < 0 ? paxis + r : paxis;
    std::vector<int64_t> pd(xd.begin() + pa, xd.end()), sd = xd;
    for (int64_t i = a; i < r; i++)
        sd[(size_t)i] = 1;
    HostTensor g = make(dt, ACL_FORMAT_ND, pd, 2, 0.5, 1.5), b = make(dt, ACL_FORMAT_ND, pd, 3);
    HostTensor y = output(dt, ACL_FORMAT_ND, xd), mean = output(dt, ACL_FORMAT_ND, sd), var = output(dt, ACL_FORMAT_ND, sd);
    const double eps = 1e-5;
    aclopAttr *attr = aclopCreateAttr();
    CHECK(aclopSetAttrInt(attr, "begin_norm_axis", axis));
    CHECK(aclopSetAttrInt(attr, "begin_params_axis", paxis));
    CHECK(aclopSetAttrFloat(attr, "epsilon", (float)eps));
    CHECK(run_op("LayerNorm", {&x, &g, &b}, {&y, &mean, &var}, attr, stream));
    aclopDestroyAttr(attr);
    size_t rows = 1, cols = 1, pn = numel_of(pd);
    for (int64_t i = 0; i < r; i++)
        (i < a ? rows : cols) *= (size_t)xd[(size_t)i];
    std::vector<double> gy(x.v.size()), gm(rows), gv(rows);
    for (size_t i = 0; i < rows; i++) {
        double s = 0, q = 0;
        for (size_t j = 0; j < cols; j++)
            s += x.v[i * cols + j];
        double m = s / (double)cols;
        for (size_t j = 0; j < cols; j++)
            q += (x.v[i * cols + j] - m) * (x.v[i * cols + j] - m);
        double v = q / (double)cols, rs = 1.0 / std::sqrt(v + (float)eps);
        gm[i] = m, gv[i] = v;
        for (size_t j = 0; j < cols; j++)
            gy[i * cols + j] = (x.v[i * cols + j] - m) * rs * g.v[j % pn] + b.v[j % pn];
    }
    std::string what = std::string("LayerNorm ") + dt_name(dt) + " axis " + std::to_string(axis) + " params axis " +
                       std::to_string(paxis);
    check(y, gy, tol_of(dt), what + ": y");
    check(mean, gm, tol_of(dt), what + ": mean");
    check(var, gv, tol_of(dt), what + ": variance");
}

// Per-channel statistics of x (channel position ch in x's dims).
static void channel_index(const HostTensor &x, size_t i, int64_t &c)
{
    const std::vector<int64_t> &d = x.dims;
    bool last = x.fmt == ACL_FORMAT_NHWC;
    size_t inner = 1;
    size_t cd = last ? d.size() - 1 : 1;
    for (size_t k = cd + 1; k < d.size(); k++)
        inner *= (size_t)d[k];
    c = (int64_t)((i / inner) % (size_t)d[cd]);
}

static void bn_inference(aclrtStream stream, aclDataType dt, aclFormat f, bool with_momentum)
{
    const int64_t C = 5;
    HostTensor x = make(dt, f, f == ACL_FORMAT_NHWC ? std::vector<int64_t>{2, 4, 3, C} : std::vector<int64_t>{2, C, 4, 3}, 4);
    HostTensor m = make(dt, ACL_FORMAT_ND, {C}, 5, -1.0, 1.0), v = make(dt, ACL_FORMAT_ND, {C}, 6, 0.5, 2.0);
    HostTensor mom = with_momentum ? make(dt, ACL_FORMAT_ND, {1}, 7, 0.5, 0.5) : omitted();
    if (with_momentum)
        mom.v[0] = 0.5;
    HostTensor y = output(dt, f, x.dims);
    const double eps = 1e-3;
    aclopAttr *attr = aclopCreateAttr();
    CHECK(aclopSetAttrFloat(attr, "epsilon", (float)eps));
    HostTensor none = omitted();
    CHECK(run_op("BNInference", {&x, &m, &v, &mom, &none, &none}, {&y}, attr, stream));
    aclopDestroyAttr(attr);
    double s = with_momentum ? mom.v[0] : 1.0;
    std::vector<double> g(x.v.size());
    for (size_t i = 0; i < g.size(); i++) {
        int64_t c;
        channel_index(x, i, c);
        g[i] = (x.v[i] - m.v[(size_t)c] / s) / std::sqrt(v.v[(size_t)c] / s + (float)eps);
    }
    check(y, g, tol_of(dt), std::string("BNInference ") + dt_name(dt) + (f == ACL_FORMAT_NHWC ? " NHWC" : " NCHW") +
                                (with_momentum ? " with scale factor" : ""));
}

static void batch_norm(aclrtStream stream, aclDataType dt, aclFormat f, bool training)
{
    const int64_t C = 3;
    HostTensor x = make(dt, f, f == ACL_FORMAT_NHWC ? std::vector<int64_t>{2, 5, 4, C} : std::vector<int64_t>{2, C, 5, 4}, 8);
    HostTensor sc = make(ACL_FLOAT, ACL_FORMAT_ND, {C}, 9, 0.5, 1.5), of = make(ACL_FLOAT, ACL_FORMAT_ND, {C}, 10);
    HostTensor m = make(ACL_FLOAT, ACL_FORMAT_ND, {C}, 11), v = make(ACL_FLOAT, ACL_FORMAT_ND, {C}, 12, 0.5, 2.0);
    HostTensor none = omitted();
    HostTensor y = output(dt, f, x.dims), bm = output(ACL_FLOAT, ACL_FORMAT_ND, {C}),
               bv = output(ACL_FLOAT, ACL_FORMAT_ND, {C}), r1 = output(ACL_FLOAT, ACL_FORMAT_ND, {C}),
               r2 = output(ACL_FLOAT, ACL_FORMAT_ND, {C});
    const double eps = 1e-4;
    aclopAttr *attr = aclopCreateAttr();
    CHECK(aclopSetAttrFloat(attr, "epsilon", (float)eps));
    CHECK(aclopSetAttrBool(attr, "is_training", training));
    CHECK(aclopSetAttrString(attr, "data_format", f == ACL_FORMAT_NHWC ? "NHWC" : "NCHW"));
    CHECK(run_op("BatchNorm", {&x, &sc, &of, training ? &none : &m, training ? &none : &v}, {&y, &bm, &bv, &r1, &r2},
                 attr, stream));
    aclopDestroyAttr(attr);
    std::vector<double> mean(C, 0.0), var(C, 0.0), cnt(C, 0.0);
    if (training) {
        for (size_t i = 0; i < x.v.size(); i++) {
            int64_t c;
            channel_index(x, i, c);
            mean[(size_t)c] += x.v[i], cnt[(size_t)c] += 1;
        }
        for (int64_t c = 0; c < C; c++)
            mean[(size_t)c] /= cnt[(size_t)c];
        for (size_t i = 0; i < x.v.size(); i++) {
            int64_t c;
            channel_index(x, i, c);
            var[(size_t)c] += (x.v[i] - mean[(size_t)c]) * (x.v[i] - mean[(size_t)c]);
        }
        for (int64_t c = 0; c < C; c++)
            var[(size_t)c] /= cnt[(size_t)c];
    } else {
        mean = m.v, var = v.v;
    }
    std::vector<double> g(x.v.size()), unbiased(C);
    for (size_t i = 0; i < g.size(); i++) {
        int64_t c;
        channel_index(x, i, c);
        size_t k = (size_t)c;
        g[i] = (x.v[i] - mean[k]) / std::sqrt(var[k] + (float)eps) * sc.v[k] + of.v[k];
    }
    for (int64_t c = 0; c < C; c++)
        unbiased[(size_t)c] = training ? var[(size_t)c] * cnt[(size_t)c] / (cnt[(size_t)c] - 1) : var[(size_t)c];
    std::string what = std::string("BatchNorm ") + dt_name(dt) + (f == ACL_FORMAT_NHWC ? " NHWC" : " NCHW") +
                       (training ? " training" : " inference");
    check(y, g, tol_of(dt), what + ": y");
    check(bm, mean, 1e-4, what + ": batch_mean");
    check(bv, unbiased, 1e-4, what + ": batch_variance");
    check(r1, mean, 1e-4, what + ": reserve_space_1");
    check(r2, var, 1e-4, what + ": reserve_space_2");
}

static void bias_add(aclrtStream stream, aclDataType dt, aclFormat f, const char *df)
{
    const int64_t C = 6;
    bool last = std::strcmp(df, "NHWC") == 0;
    HostTensor x = make(dt, f, last ? std::vector<int64_t>{2, 3, 4, C} : std::vector<int64_t>{2, C, 3, 4}, 13);
    HostTensor b = make(dt, ACL_FORMAT_ND, {C}, 14);
    HostTensor y = output(dt, f, x.dims);
    aclopAttr *attr = aclopCreateAttr();
    CHECK(aclopSetAttrString(attr, "data_format", df));
    CHECK(run_op("BiasAdd", {&x, &b}, {&y}, attr, stream));
    aclopDestroyAttr(attr);
    std::vector<double> g(x.v.size());
    for (size_t i = 0; i < g.size(); i++) {
        size_t c = last ? i % (size_t)C : (i / 12) % (size_t)C;
        g[i] = x.v[i] + b.v[c];
    }
    check(y, g, tol_of(dt), std::string("BiasAdd ") + dt_name(dt) + " " + df);
}

int main()
{
    aclrtStream stream;
    init_acl(&stream);
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        layer_norm(stream, dt, {4, 3, 40}, -1, -1);
        layer_norm(stream, dt, {2, 3, 4, 8}, 2, 2);
        layer_norm(stream, dt, {6, 5, 16}, 1, 2);
        bn_inference(stream, dt, ACL_FORMAT_NCHW, false);
        bn_inference(stream, dt, ACL_FORMAT_NHWC, true);
        batch_norm(stream, dt, ACL_FORMAT_NHWC, true);
        batch_norm(stream, dt, ACL_FORMAT_NCHW, true);
        batch_norm(stream, dt, ACL_FORMAT_NHWC, false);
        bias_add(stream, dt, ACL_FORMAT_NHWC, "NHWC");
        bias_add(stream, dt, ACL_FORMAT_NCHW, "NCHW");
    }
    bias_add(stream, ACL_INT32, ACL_FORMAT_ND, "NCHW");
    // begin_params_axis before begin_norm_axis: gamma would not fit the normalised shape
    {
        HostTensor x = make(ACL_FLOAT, ACL_FORMAT_ND, {4, 6}, 1), g = make(ACL_FLOAT, ACL_FORMAT_ND, {4, 6}, 2),
                   b = make(ACL_FLOAT, ACL_FORMAT_ND, {4, 6}, 3);
        HostTensor y = output(ACL_FLOAT, ACL_FORMAT_ND, {4, 6}), m = output(ACL_FLOAT, ACL_FORMAT_ND, {4, 1}),
                   v = output(ACL_FLOAT, ACL_FORMAT_ND, {4, 1});
        aclopAttr *attr = aclopCreateAttr();
        CHECK(aclopSetAttrInt(attr, "begin_norm_axis", 1));
        CHECK(aclopSetAttrInt(attr, "begin_params_axis", 0));
        EXPECT_FAIL(run_op("LayerNorm", {&x, &g, &b}, {&y, &m, &v}, attr, stream), ACL_ERROR_OP_ATTR_NOT_MATCH, "begin_params_axis");
        aclopDestroyAttr(attr);
        // BatchNorm inference without the running statistics
        HostTensor x4 = make(ACL_FLOAT, ACL_FORMAT_NCHW, {1, 3, 2, 2}, 4), sc = make(ACL_FLOAT, ACL_FORMAT_ND, {3}, 5),
                   of = make(ACL_FLOAT, ACL_FORMAT_ND, {3}, 6), none = omitted();
        HostTensor y4 = output(ACL_FLOAT, ACL_FORMAT_NCHW, {1, 3, 2, 2}), s1 = output(ACL_FLOAT, ACL_FORMAT_ND, {3}),
                   s2 = output(ACL_FLOAT, ACL_FORMAT_ND, {3}), s3 = output(ACL_FLOAT, ACL_FORMAT_ND, {3}),
                   s4 = output(ACL_FLOAT, ACL_FORMAT_ND, {3});
        attr = aclopCreateAttr();
        CHECK(aclopSetAttrBool(attr, "is_training", false));
        CHECK(aclopSetAttrString(attr, "data_format", "NCHW"));
        EXPECT_FAIL(run_op("BatchNorm", {&x4, &sc, &of, &none, &none}, {&y4, &s1, &s2, &s3, &s4}, attr, stream),
                    ACL_ERROR_OP_INPUT_NOT_MATCH, "is_training=false");
        aclopDestroyAttr(attr);
    }
    fini_acl(stream);
    std::printf("aclop_norm: all checks passed\n");
    return 0;
}
