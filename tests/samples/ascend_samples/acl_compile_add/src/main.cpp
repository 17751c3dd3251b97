/* acl_compile_add in the style of Ascend/samples' op-verification samples: Add on int32 [8, 16]
 * compiled with aclopCompile and run with aclopExecuteV2. Inputs are read from
 * test_data/data/input_{0,1}.bin (written by scripts/gen_data.py), the output is written to
 * result_files/output_0.bin (checked by scripts/verify_result.py). aclInit reads
 * test_data/config/acl.json, which holds "{}".
 *
 * Besides the sample's own flow the program checks what it can itself: executing a shape that was
 * never compiled fails with ACL_ERROR_OP_NOT_FOUND until an unknown-rank compile covers it. */
#include <sys/stat.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <vector>

#include "acl/acl.h"
#include "op_runner.h"

namespace {
const int32_t kDeviceId = 0;

bool ReadFile(const std::string &path, void *buf, size_t size)
{
    std::ifstream f(path, std::ios::binary);
    if (!f) {
        ERROR_LOG("cannot open %s", path.c_str());
        return false;
    }
    f.seekg(0, std::ios::end);
    if (static_cast<size_t>(f.tellg()) != size) {
        ERROR_LOG("%s has %ld bytes, expected %zu", path.c_str(), static_cast<long>(f.tellg()), size);
        return false;
    }
    f.seekg(0);
    f.read(static_cast<char *>(buf), static_cast<std::streamsize>(size));
    return static_cast<bool>(f);
}

bool WriteFile(const std::string &path, const void *buf, size_t size)
{
    std::ofstream f(path, std::ios::binary);
    f.write(static_cast<const char *>(buf), static_cast<std::streamsize>(size));
    return static_cast<bool>(f);
}

bool RunSampleFlow()
{
    OpRunner runner("Add", ACL_INT32, {8, 16}, 2);
    if (!runner.Init()) {
        return false;
    }
    for (size_t i = 0; i < runner.NumInputs(); i++) {
        const std::string path = "test_data/data/input_" + std::to_string(i) + ".bin";
        if (!ReadFile(path, runner.HostInput(i), runner.InputSize(i))) {
            return false;
        }
        INFO_LOG("set input[%zu] from %s", i, path.c_str());
    }
    if (!runner.CompileStatic()) {
        return false;
    }
    const aclError ret = runner.Run();
    if (ret != ACL_SUCCESS) {
        ERROR_LOG("execute Add failed: %d\n%s", static_cast<int>(ret), aclGetRecentErrMsg());
        return false;
    }
    if (!WriteFile("result_files/output_0.bin", runner.HostOutput(), runner.OutputSize())) {
        ERROR_LOG("writing result_files/output_0.bin failed");
        return false;
    }
    INFO_LOG("wrote result_files/output_0.bin");
    return true;
}

/* A shape that was never compiled is rejected; after an unknown-rank compile it runs. */
bool RunUncompiledShape()
{
    OpRunner runner("Add", ACL_INT32, {4, 5}, 2);
    if (!runner.Init()) {
        return false;
    }
    int32_t *a = static_cast<int32_t *>(runner.HostInput(0));
    int32_t *b = static_cast<int32_t *>(runner.HostInput(1));
    for (int i = 0; i < 20; i++) {
        a[i] = i * 1000 - 7;
        b[i] = 2000000000 - 3 * i; /* large, but every sum stays below 2^31 */
    }
    aclError ret = runner.Run();
    if (ret != ACL_ERROR_OP_NOT_FOUND) {
        ERROR_LOG("executing an uncompiled shape returned %d, expected ACL_ERROR_OP_NOT_FOUND (100024)",
                  static_cast<int>(ret));
        return false;
    }
    (void)aclGetRecentErrMsg();
    if (!runner.CompileUnknownRank()) {
        return false;
    }
    ret = runner.Run();
    if (ret != ACL_SUCCESS) {
        ERROR_LOG("execute after the dynamic compile failed: %d\n%s", static_cast<int>(ret),
                  aclGetRecentErrMsg());
        return false;
    }
    const int32_t *c = static_cast<const int32_t *>(runner.HostOutput());
    for (int i = 0; i < 20; i++) {
        const int64_t golden = static_cast<int64_t>(a[i]) + static_cast<int64_t>(b[i]);
        if (c[i] != golden) {
            ERROR_LOG("dynamic Add: output[%d] = %d, expected %lld", i, c[i], static_cast<long long>(golden));
            return false;
        }
    }
    INFO_LOG("uncompiled shape rejected, then run after the unknown-rank compile");
    return true;
}
} // namespace

int main()
{
    mkdir("result_files", 0700);
    if (aclInit("test_data/config/acl.json") != ACL_SUCCESS) {
        ERROR_LOG("acl init failed\n%s", aclGetRecentErrMsg());
        return 1;
    }
    if (aclrtSetDevice(kDeviceId) != ACL_SUCCESS) {
        ERROR_LOG("set device failed");
        return 1;
    }
    aclrtRunMode runMode;
    if (aclrtGetRunMode(&runMode) != ACL_SUCCESS || runMode != ACL_HOST) {
        ERROR_LOG("unexpected run mode");
        return 1;
    }
    const bool ok = RunSampleFlow() && RunUncompiledShape();
    const bool reset = aclrtResetDevice(kDeviceId) == ACL_SUCCESS;
    const bool fin = aclFinalize() == ACL_SUCCESS;
    if (!ok || !reset || !fin) {
        ERROR_LOG("run op failed");
        return 1;
    }
    INFO_LOG("run op success");
    return 0;
}
