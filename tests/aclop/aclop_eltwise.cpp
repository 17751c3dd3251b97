// The elementwise, softmax and matmul op types through aclopCompileAndExecute in every dtype
// they support here: Pow, Square, Sqrt, Exp (default and base / scale / shift attributes),
// RealDiv, Sub, Mul, Relu, LeakyRelu, Gelu, Sigmoid, Tanh, Softmax, MatMul, BatchMatMul and
// BatchMatMulV2 (adj attributes, broadcast batch). References are computed in double here.
#include <functional>

#include "aclop_ops.h"

static const aclDataType kFloats[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

static void unary(aclrtStream stream, const char *op, aclDataType dt, std::function<double(double)> f, double lo,
                  double hi, aclopAttr *attr = nullptr, const char *note = "")
{
    HostTensor x = make(dt, ACL_FORMAT_ND, {6, 33}, 41, lo, hi);
    HostTensor y = output(dt, ACL_FORMAT_ND, x.dims);
    aclopAttr *a = attr ? attr : aclopCreateAttr();
    CHECK(run_op(op, {&x}, {&y}, a, stream));
    aclopDestroyAttr(a);
    std::vector<double> g(x.v.size());
    for (size_t i = 0; i < g.size(); i++)
        g[i] = f(x.v[i]);
    check(y, g, tol_of(dt), std::string(op) + " " + dt_name(dt) + note);
}

static void binary(aclrtStream stream, const char *op, aclDataType dt, std::function<double(double, double)> f,
                   double lo1, double hi1, double lo2, double hi2)
{
    // x2 broadcasts along the rows
    HostTensor a = make(dt, ACL_FORMAT_ND, {5, 3, 17}, 51, lo1, hi1), b = make(dt, ACL_FORMAT_ND, {3, 1}, 52, lo2, hi2);
    HostTensor y = output(dt, ACL_FORMAT_ND, a.dims);
    aclopAttr *attr = aclopCreateAttr();
    CHECK(run_op(op, {&a, &b}, {&y}, attr, stream));
    aclopDestroyAttr(attr);
    std::vector<double> g(a.v.size());
    for (size_t i = 0; i < g.size(); i++)
        g[i] = f(a.v[i], b.v[(i / 17) % 3]);
    check(y, g, tol_of(dt), std::string(op) + " " + dt_name(dt) + " broadcast [5,3,17] x [3,1]");
}

static void softmax(aclrtStream stream, aclDataType dt, int64_t axis)
{
    HostTensor x = make(dt, ACL_FORMAT_ND, {4, 7, 9}, 61, -5, 5);
    HostTensor y = output(dt, ACL_FORMAT_ND, x.dims);
    aclopAttr *attr = aclopCreateAttr();
    CHECK(aclopSetAttrListInt(attr, "axes", 1, &axis));
    CHECK(run_op("Softmax", {&x}, {&y}, attr, stream));
    aclopDestroyAttr(attr);
    int64_t a = axis < 0 ? axis + 3 : axis, d[3] = {4, 7, 9};
    int64_t inner = 1;
    for (int64_t k = a + 1; k < 3; k++)
        inner *= d[k];
    std::vector<double> g(x.v.size());
    for (size_t i = 0; i < g.size(); i++) {
        size_t base = i - ((i / (size_t)inner) % (size_t)d[a]) * (size_t)inner;
        double m = -1e300, s = 0;
        for (int64_t k = 0; k < d[a]; k++)
            m = std::max(m, x.v[base + (size_t)(k * inner)]);
        for (int64_t k = 0; k < d[a]; k++)
            s += std::exp(x.v[base + (size_t)(k * inner)] - m);
        g[i] = std::exp(x.v[i] - m) / s;
    }
    check(y, g, tol_of(dt), std::string("Softmax ") + dt_name(dt) + " axis " + std::to_string(axis));
}

// BatchMatMul(V2): x1 [B1, M, K] (adj: [B1, K, M]) x x2 [B2?, K, N] with broadcast batch.
static void batch_matmul(aclrtStream stream, const char *op, aclDataType dt, bool a1, bool a2, bool bcast)
{
    const int64_t B = 3, M = 5, K = 12, N = 7;
    HostTensor x1 = make(dt, ACL_FORMAT_ND, a1 ? std::vector<int64_t>{B, K, M} : std::vector<int64_t>{B, M, K}, 71);
    std::vector<int64_t> d2 = a2 ? std::vector<int64_t>{N, K} : std::vector<int64_t>{K, N};
    if (!bcast)
        d2.insert(d2.begin(), B);
    HostTensor x2 = make(dt, ACL_FORMAT_ND, d2, 72);
    HostTensor y = output(dt, ACL_FORMAT_ND, {B, M, N});
    aclopAttr *attr = aclopCreateAttr();
    CHECK(aclopSetAttrBool(attr, "adj_x1", a1));
    CHECK(aclopSetAttrBool(attr, "adj_x2", a2));
    HostTensor none = omitted();
    CHECK(run_op(op, {&x1, &x2, &none}, {&y}, attr, stream));
    aclopDestroyAttr(attr);
    std::vector<double> g(numel_of(y.dims));
    for (int64_t b = 0; b < B; b++)
        for (int64_t i = 0; i < M; i++)
            for (int64_t j = 0; j < N; j++) {
                double s = 0;
                for (int64_t k = 0; k < K; k++) {
                    double u = x1.v[(size_t)(b * M * K + (a1 ? k * M + i : i * K + k))];
                    size_t b2 = bcast ? 0 : (size_t)(b * K * N);
                    double v = x2.v[b2 + (size_t)(a2 ? j * K + k : k * N + j)];
                    s += u * v;
                }
                g[(size_t)((b * M + i) * N + j)] = s;
            }
    char what[128];
    std::snprintf(what, sizeof(what), "%s %s adj_x1=%d adj_x2=%d%s", op, dt_name(dt), a1, a2,
                  bcast ? " broadcast batch" : "");
    check(y, g, tol_of(dt), what);
}

static void matmul(aclrtStream stream, aclDataType dt, bool ta, bool tb)
{
    const int64_t M = 9, K = 20, N = 6;
    HostTensor a = make(dt, ACL_FORMAT_ND, ta ? std::vector<int64_t>{K, M} : std::vector<int64_t>{M, K}, 81);
    HostTensor b = make(dt, ACL_FORMAT_ND, tb ? std::vector<int64_t>{N, K} : std::vector<int64_t>{K, N}, 82);
    HostTensor bias = make(dt, ACL_FORMAT_ND, {N}, 83);
    HostTensor y = output(dt, ACL_FORMAT_ND, {M, N});
    aclopAttr *attr = aclopCreateAttr();
    CHECK(aclopSetAttrBool(attr, "transpose_x1", ta));
    CHECK(aclopSetAttrBool(attr, "transpose_x2", tb));
    CHECK(run_op("MatMul", {&a, &b, &bias}, {&y}, attr, stream));
    aclopDestroyAttr(attr);
    std::vector<double> g(numel_of(y.dims));
    for (int64_t i = 0; i < M; i++)
        for (int64_t j = 0; j < N; j++) {
            double s = 0;
            for (int64_t k = 0; k < K; k++)
                s += a.v[(size_t)(ta ? k * M + i : i * K + k)] * b.v[(size_t)(tb ? j * K + k : k * N + j)];
            // the product is rounded to the output dtype before the bias is added
            g[(size_t)(i * N + j)] = round_to(dt, s) + bias.v[(size_t)j];
        }
    char what[96];
    std::snprintf(what, sizeof(what), "MatMul %s transpose_x1=%d transpose_x2=%d bias", dt_name(dt), ta, tb);
    check(y, g, tol_of(dt), what);
}

static aclopAttr *exp_attr(float base, float scale, float shift)
{
    aclopAttr *a = aclopCreateAttr();
    CHECK(aclopSetAttrFloat(a, "base", base));
    CHECK(aclopSetAttrFloat(a, "scale", scale));
    CHECK(aclopSetAttrFloat(a, "shift", shift));
    return a;
}

int main()
{
    aclrtStream stream;
    init_acl(&stream);
    for (aclDataType dt : kFloats) {
        unary(stream, "Square", dt, [](double x) { return x * x; }, -3, 3);
        unary(stream, "Sqrt", dt, [](double x) { return std::sqrt(x); }, 0, 9);
        unary(stream, "Exp", dt, [](double x) { return std::exp(x); }, -4, 4);
        unary(stream, "Exp", dt, [](double x) { return std::pow(2.0, 0.5 * x + 1.0); }, -4, 4, exp_attr(2.0f, 0.5f, 1.0f),
              " base 2 scale 0.5 shift 1");
        unary(stream, "Exp", dt, [](double x) { return std::exp(-1.5 * x + 0.25); }, -2, 2, exp_attr(-1.0f, -1.5f, 0.25f),
              " base e scale -1.5 shift 0.25");
        unary(stream, "Relu", dt, [](double x) { return x > 0 ? x : 0.0; }, -3, 3);
        aclopAttr *lr = aclopCreateAttr();
        CHECK(aclopSetAttrFloat(lr, "negative_slope", 0.125f));
        unary(stream, "LeakyRelu", dt, [](double x) { return x > 0 ? x : 0.125 * x; }, -3, 3, lr, " slope 0.125");
        unary(stream, "Gelu", dt,
              [](double x) { return 0.5 * x * (1 + std::tanh(0.7978845608028654 * (x + 0.044715 * x * x * x))); }, -4, 4);
        unary(stream, "Sigmoid", dt, [](double x) { return 1 / (1 + std::exp(-x)); }, -6, 6);
        unary(stream, "Tanh", dt, [](double x) { return std::tanh(x); }, -3, 3);
        binary(stream, "Pow", dt, [](double a, double b) { return std::pow(a, b); }, 0.1, 3, -2, 2);
        binary(stream, "RealDiv", dt, [](double a, double b) { return a / b; }, -4, 4, 0.5, 3);
        binary(stream, "Sub", dt, [](double a, double b) { return a - b; }, -4, 4, -4, 4);
        binary(stream, "Mul", dt, [](double a, double b) { return a * b; }, -4, 4, -4, 4);
        softmax(stream, dt, -1);
        softmax(stream, dt, 1);
    }
    // integer forms
    unary(stream, "Square", ACL_INT32, [](double x) { return x * x; }, -100, 100);
    unary(stream, "Relu", ACL_INT32, [](double x) { return x > 0 ? x : 0.0; }, -100, 100);
    binary(stream, "Pow", ACL_INT32, [](double a, double b) { return std::pow(a, b); }, -5, 5, 0, 4);
    binary(stream, "Sub", ACL_INT32, [](double a, double b) { return a - b; }, -1000, 1000, -1000, 1000);
    binary(stream, "Mul", ACL_INT32, [](double a, double b) { return a * b; }, -1000, 1000, -1000, 1000);
    unary(stream, "Sqrt", ACL_DOUBLE, [](double x) { return std::sqrt(x); }, 0, 9);
    for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16}) {
        matmul(stream, dt, false, true);
        matmul(stream, dt, true, false);
        batch_matmul(stream, "BatchMatMul", dt, false, false, false);
        batch_matmul(stream, "BatchMatMul", dt, true, true, false);
        batch_matmul(stream, "BatchMatMulV2", dt, false, true, true);
        batch_matmul(stream, "BatchMatMulV2", dt, true, false, true);
    }
    batch_matmul(stream, "BatchMatMulV2", ACL_BF16, false, true, true);
    fini_acl(stream);
    std::printf("aclop_eltwise: all checks passed\n");
    return 0;
}
