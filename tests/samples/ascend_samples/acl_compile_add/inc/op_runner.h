/* Runs one single op through the aclop API: tensor descriptors, pinned host buffers, device
 * buffers, compile (static or unknown-rank), execute on a stream, copy back. */
#ifndef ACL_COMPILE_ADD_OP_RUNNER_H
#define ACL_COMPILE_ADD_OP_RUNNER_H

#include <string>
#include <vector>

#include "acl/acl.h"

#define INFO_LOG(fmt, ...) fprintf(stdout, "[INFO]  " fmt "\n", ##__VA_ARGS__)
#define ERROR_LOG(fmt, ...) fprintf(stderr, "[ERROR] " fmt "\n", ##__VA_ARGS__)

class OpRunner {
public:
    OpRunner(const std::string &opType, aclDataType dataType, const std::vector<int64_t> &shape,
             int numInputs);
    ~OpRunner();

    bool Init();                /* descriptors and buffers */
    bool CompileStatic();       /* exactly these shapes */
    bool CompileUnknownRank();  /* shape {-2}: any rank */
    aclError Run();             /* copy in, execute, synchronize, copy out; the ACL code */

    size_t NumInputs() const { return inputDesc_.size(); }
    size_t InputSize(size_t i) const { return aclGetTensorDescSize(inputDesc_[i]); }
    size_t OutputSize() const { return aclGetTensorDescSize(outputDesc_[0]); }
    void *HostInput(size_t i) { return hostInputs_[i]; }
    const void *HostOutput() const { return hostOutput_; }

private:
    bool Compile(const std::vector<int64_t> &shape, const char *what);

    std::string opType_;
    aclDataType dataType_;
    std::vector<int64_t> shape_;
    std::vector<aclTensorDesc *> inputDesc_, outputDesc_;
    std::vector<aclDataBuffer *> inputBuffers_, outputBuffers_;
    std::vector<void *> devInputs_, hostInputs_;
    void *devOutput_ = nullptr;
    void *hostOutput_ = nullptr;
    aclopAttr *attr_ = nullptr;
};

#endif
