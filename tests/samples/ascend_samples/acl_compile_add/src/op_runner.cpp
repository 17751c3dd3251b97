#include "op_runner.h"

#include <cstdio>

#include "acl/acl_op_compiler.h"

OpRunner::OpRunner(const std::string &opType, aclDataType dataType, const std::vector<int64_t> &shape,
                   int numInputs)
    : opType_(opType), dataType_(dataType), shape_(shape)
{
    for (int i = 0; i < numInputs; i++) {
        inputDesc_.push_back(aclCreateTensorDesc(dataType, static_cast<int>(shape.size()), shape.data(),
                                                 ACL_FORMAT_ND));
    }
    outputDesc_.push_back(aclCreateTensorDesc(dataType, static_cast<int>(shape.size()), shape.data(),
                                              ACL_FORMAT_ND));
    attr_ = aclopCreateAttr();
}

OpRunner::~OpRunner()
{
    for (size_t i = 0; i < inputDesc_.size(); i++) {
        aclDestroyTensorDesc(inputDesc_[i]);
        if (i < inputBuffers_.size()) {
            aclDestroyDataBuffer(inputBuffers_[i]);
            aclrtFree(devInputs_[i]);
            aclrtFreeHost(hostInputs_[i]);
        }
    }
    aclDestroyTensorDesc(outputDesc_[0]);
    if (!outputBuffers_.empty()) {
        aclDestroyDataBuffer(outputBuffers_[0]);
        aclrtFree(devOutput_);
        aclrtFreeHost(hostOutput_);
    }
    aclopDestroyAttr(attr_);
}

bool OpRunner::Init()
{
    if (attr_ == nullptr || outputDesc_[0] == nullptr) {
        ERROR_LOG("creating the descriptors failed");
        return false;
    }
    for (size_t i = 0; i < inputDesc_.size(); i++) {
        if (inputDesc_[i] == nullptr) {
            ERROR_LOG("creating input descriptor %zu failed", i);
            return false;
        }
        const size_t size = InputSize(i);
        void *dev = nullptr, *host = nullptr;
        if (aclrtMalloc(&dev, size, ACL_MEM_MALLOC_NORMAL_ONLY) != ACL_SUCCESS ||
            aclrtMallocHost(&host, size) != ACL_SUCCESS) {
            ERROR_LOG("allocating input %zu failed", i);
            return false;
        }
        devInputs_.push_back(dev);
        hostInputs_.push_back(host);
        inputBuffers_.push_back(aclCreateDataBuffer(dev, size));
    }
    const size_t size = OutputSize();
    if (aclrtMalloc(&devOutput_, size, ACL_MEM_MALLOC_NORMAL_ONLY) != ACL_SUCCESS ||
        aclrtMallocHost(&hostOutput_, size) != ACL_SUCCESS) {
        ERROR_LOG("allocating the output failed");
        return false;
    }
    outputBuffers_.push_back(aclCreateDataBuffer(devOutput_, size));
    return true;
}

bool OpRunner::Compile(const std::vector<int64_t> &shape, const char *what)
{
    std::vector<aclTensorDesc *> in, out;
    for (size_t i = 0; i < inputDesc_.size(); i++) {
        in.push_back(aclCreateTensorDesc(aclGetTensorDescType(inputDesc_[i]),
                                         static_cast<int>(shape.size()), shape.data(),
                                         aclGetTensorDescFormat(inputDesc_[i])));
    }
    out.push_back(aclCreateTensorDesc(aclGetTensorDescType(outputDesc_[0]),
                                      static_cast<int>(shape.size()), shape.data(),
                                      aclGetTensorDescFormat(outputDesc_[0])));
    const aclError ret = aclopCompile(opType_.c_str(), static_cast<int>(in.size()), in.data(),
                                      static_cast<int>(out.size()), out.data(), attr_, ACL_ENGINE_SYS,
                                      ACL_COMPILE_SYS, nullptr);
    for (auto d : in) {
        aclDestroyTensorDesc(d);
    }
    aclDestroyTensorDesc(out[0]);
    if (ret != ACL_SUCCESS) {
        ERROR_LOG("compile %s op %s failed: %d\n%s", what, opType_.c_str(), static_cast<int>(ret),
                  aclGetRecentErrMsg());
        return false;
    }
    INFO_LOG("compile %s op %s success", what, opType_.c_str());
    return true;
}

bool OpRunner::CompileStatic() { return Compile(shape_, "static"); }

bool OpRunner::CompileUnknownRank() { return Compile(std::vector<int64_t>{-2}, "dynamic"); }

aclError OpRunner::Run()
{
    for (size_t i = 0; i < inputDesc_.size(); i++) {
        const aclError r = aclrtMemcpy(devInputs_[i], InputSize(i), hostInputs_[i], InputSize(i),
                                       ACL_MEMCPY_HOST_TO_DEVICE);
        if (r != ACL_SUCCESS) {
            return r;
        }
    }
    aclrtStream stream = nullptr;
    aclError ret = aclrtCreateStream(&stream);
    if (ret != ACL_SUCCESS) {
        return ret;
    }
    ret = aclopExecuteV2(opType_.c_str(), static_cast<int>(inputDesc_.size()), inputDesc_.data(),
                         inputBuffers_.data(), 1, outputDesc_.data(), outputBuffers_.data(), attr_,
                         stream);
    if (ret == ACL_SUCCESS) {
        ret = aclrtSynchronizeStream(stream);
    }
    if (ret == ACL_SUCCESS) {
        ret = aclrtMemcpy(hostOutput_, OutputSize(), devOutput_, OutputSize(), ACL_MEMCPY_DEVICE_TO_HOST);
    }
    (void)aclrtDestroyStream(stream);
    return ret;
}
