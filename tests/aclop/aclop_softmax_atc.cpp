// SoftmaxV2 from a model directory, as the acl_execute_softmax sample runs it: the single-op
// description (test_data/config/softmax_op.json) is compiled with
//   atc --singleop=test_data/config/softmax_op.json --output=op_models --soc_version=Ascend910B1
// then aclopSetModelDir("op_models") and aclopExecuteV2 on [8,16] float, checked against a
// double-precision softmax over the last axis. A shape atc did not compile is not found.
#include <sys/stat.h>

#include "aclop_sample.h"

static void write_json()
{
    mkdir("test_data", 0755);
    mkdir("test_data/config", 0755);
    FILE *f = std::fopen("test_data/config/softmax_op.json", "w");
    EXPECT(f != nullptr);
    std::fputs("[\n  {\n    \"op\": \"SoftmaxV2\",\n"
               "    \"input_desc\": [{\"format\": \"ND\", \"shape\": [8, 16], \"type\": \"float32\"}],\n"
               "    \"output_desc\": [{\"format\": \"ND\", \"shape\": [8, 16], \"type\": \"float32\"}]\n"
               "  },\n  {\n    \"op\": \"LogSoftmaxV2\",\n"
               "    \"input_desc\": [{\"format\": \"ND\", \"shape\": [4, 32], \"type\": \"float32\"}],\n"
               "    \"output_desc\": [{\"format\": \"ND\", \"shape\": [4, 32], \"type\": \"float32\"}],\n"
               "    \"attr\": [{\"name\": \"axes\", \"type\": \"list_int\", \"value\": [-1]}]\n"
               "  }\n]\n", f);
    std::fclose(f);
}

static void run(aclrtStream stream, const char *op, int64_t rows, int64_t cols, bool log_softmax, bool with_axes)
{
    const int64_t dims[2] = {rows, cols};
    size_t n = (size_t)(rows * cols);
    aclTensorDesc *in[1] = {aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND)};
    aclTensorDesc *out[1] = {aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND)};
    aclopAttr *attr = aclopCreateAttr();
    if (with_axes) {
        int64_t axes[1] = {-1};
        CHECK(aclopSetAttrListInt(attr, "axes", 1, axes));
    }
    std::vector<float> x(n);
    for (size_t i = 0; i < n; i++)
        x[i] = (float)((i * 7919) % 97) / 10.0f - 4.0f;
    void *dx = dev_from(x.data(), n * 4), *dy = dev_alloc(n * 4);
    aclDataBuffer *ib[1] = {aclCreateDataBuffer(dx, n * 4)};
    aclDataBuffer *ob[1] = {aclCreateDataBuffer(dy, n * 4)};
    CHECK(aclopExecuteV2(op, 1, in, ib, 1, out, ob, attr, stream));
    CHECK(aclrtSynchronizeStream(stream));
    std::vector<float> y = dev_read<float>(dy, n);
    std::vector<double> got(n), want(n);
    for (int64_t r = 0; r < rows; r++) {
        double mx = -1e300, sum = 0;
        for (int64_t c = 0; c < cols; c++)
            mx = std::fmax(mx, (double)x[r * cols + c]);
        for (int64_t c = 0; c < cols; c++)
            sum += std::exp((double)x[r * cols + c] - mx);
        for (int64_t c = 0; c < cols; c++) {
            double v = (double)x[r * cols + c] - mx;
            want[r * cols + c] = log_softmax ? v - std::log(sum) : std::exp(v) / sum;
            got[r * cols + c] = y[r * cols + c];
        }
    }
    EXPECT(close_enough(got, want, 1e-6, 1e-5, op));
    aclDestroyTensorDesc(in[0]);
    aclDestroyTensorDesc(out[0]);
    aclDestroyDataBuffer(ib[0]);
    aclDestroyDataBuffer(ob[0]);
    aclopDestroyAttr(attr);
    aclrtFree(dx), aclrtFree(dy);
}

int main()
{
    write_json();
    int rc = std::system("atc --singleop=test_data/config/softmax_op.json --output=op_models "
                         "--soc_version=Ascend910B1");
    EXPECT(rc == 0);
    struct stat st;
    EXPECT(stat("op_models/0_SoftmaxV2_0_2_8_16_0_2_8_16.om", &st) == 0);
    aclrtStream stream;
    init_acl(&stream);
    CHECK(aclopSetModelDir("op_models"));
    run(stream, "SoftmaxV2", 8, 16, false, false);
    run(stream, "LogSoftmaxV2", 4, 32, true, true);
    // attributes are part of the model key: axes set explicitly was not compiled for SoftmaxV2
    const int64_t dims[2] = {8, 16};
    aclTensorDesc *in[1] = {aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND)};
    aclTensorDesc *out[1] = {aclCreateTensorDesc(ACL_FLOAT, 2, dims, ACL_FORMAT_ND)};
    aclopAttr *attr = aclopCreateAttr();
    int64_t axes[1] = {0};
    CHECK(aclopSetAttrListInt(attr, "axes", 1, axes));
    void *d = dev_alloc(512);
    aclDataBuffer *ib[1] = {aclCreateDataBuffer(d, 512)}, *ob[1] = {aclCreateDataBuffer(d, 512)};
    EXPECT_CODE(aclopExecuteV2("SoftmaxV2", 1, in, ib, 1, out, ob, attr, stream), ACL_ERROR_OP_NOT_FOUND);
    aclDestroyTensorDesc(in[0]);
    aclDestroyTensorDesc(out[0]);
    aclDestroyDataBuffer(ib[0]);
    aclDestroyDataBuffer(ob[0]);
    aclopDestroyAttr(attr);
    aclrtFree(d);
    fini_acl(stream);
    std::printf("aclop_softmax_atc: all checks passed\n");
    return 0;
}
