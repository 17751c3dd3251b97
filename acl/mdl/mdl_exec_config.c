/* aclmdlExecConfigHandle and aclmdlExecuteV2: an execution on a given stream with per-call
 * settings. aclemu honours ACL_MDL_STREAM_SYNC_TIMEOUT (the wait for the stream, ms; -1 = none)
 * and refuses the others with ACL_ERROR_INVALID_PARAM: a per-execution workspace
 * (ACL_MDL_WORK_ADDR_PTR / _SIZET) cannot serve a model whose task list was recorded over its
 * own workspace, and the QoS / priority / performance-mode hints have nothing to act on here.
 * Also the small desc helpers of the same header: aclmdlGetTensorRealName and
 * aclmdlGetAippDataSize. */
#include <stdlib.h>
#include <string.h>

#include "aclemu_runtime.h"
#include "mdl_internal.h"

struct aclmdlExecConfigHandle {
    int32_t stream_timeout_ms;
};

ACL_FUNC_VISIBILITY aclmdlExecConfigHandle *aclmdlCreateExecConfigHandle(void)
{
    aclmdlExecConfigHandle *h = calloc(1, sizeof(*h));
    if (h)
        h->stream_timeout_ms = -1;
    return h;
}

ACL_FUNC_VISIBILITY aclError aclmdlDestroyExecConfigHandle(const aclmdlExecConfigHandle *handle)
{
    if (handle == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "handle");
        return ACL_ERROR_INVALID_PARAM;
    }
    free((void *)handle);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlSetExecConfigOpt(aclmdlExecConfigHandle *handle, aclmdlExecConfigAttr attr,
                                                    const void *attrValue, size_t valueSize)
{
    if (handle == NULL || attrValue == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", handle ? "attrValue" : "handle");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (attr != ACL_MDL_STREAM_SYNC_TIMEOUT)
        return mdl_fail(ACL_ERROR_INVALID_PARAM,
                        "aclmdlSetExecConfigOpt: attribute %d is not supported by aclemu (ACL_MDL_STREAM_SYNC_TIMEOUT "
                        "is)", (int)attr);
    if (valueSize != sizeof(int32_t))
        return mdl_fail(ACL_ERROR_INVALID_PARAM, "aclmdlSetExecConfigOpt: valueSize %zu, the timeout is an int32_t",
                        valueSize);
    int32_t v;
    memcpy(&v, attrValue, sizeof(v));
    if (v < -1 || v == 0)
        return mdl_fail(ACL_ERROR_INVALID_PARAM, "aclmdlSetExecConfigOpt: timeout %d ms (-1 or > 0)", v);
    handle->stream_timeout_ms = v;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlExecuteV2(uint32_t modelId, const aclmdlDataset *input, aclmdlDataset *output,
                                             aclrtStream stream, const aclmdlExecConfigHandle *handle)
{
    if (handle == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "handle");
        return ACL_ERROR_INVALID_PARAM;
    }
    return mdl_execute(modelId, input, output, stream, 1, handle->stream_timeout_ms, "aclmdlExecuteV2");
}

/* a name of the model's inputs or outputs is its own real name; NULL (with a message) otherwise */
ACL_FUNC_VISIBILITY const char *aclmdlGetTensorRealName(const aclmdlDesc *modelDesc, const char *name)
{
    if (modelDesc == NULL || name == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", modelDesc ? "name" : "modelDesc");
        return NULL;
    }
    for (size_t i = 0; i < modelDesc->nin; i++)
        if (strcmp(modelDesc->in[i].name, name) == 0)
            return modelDesc->in[i].name;
    for (size_t i = 0; i < modelDesc->nout; i++)
        if (strcmp(modelDesc->out[i].name, name) == 0)
            return modelDesc->out[i].name;
    mdl_fail(ACL_ERROR_INVALID_PARAM, "aclmdlGetTensorRealName: the model has no tensor named %s", name);
    return NULL;
}

/* bytes of the ACL_DYNAMIC_AIPP_NAME data for batchSize images (one parameter set each) */
ACL_FUNC_VISIBILITY aclError aclmdlGetAippDataSize(uint64_t batchSize, size_t *size)
{
    if (size == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "size");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (batchSize == 0 || batchSize > MDL_AIPP_MAX_SIDE)
        return mdl_fail(ACL_ERROR_INVALID_PARAM, "aclmdlGetAippDataSize: batchSize %llu must be in [1, %d]",
                        (unsigned long long)batchSize, MDL_AIPP_MAX_SIDE);
    *size = (size_t)batchSize * sizeof(mdl_aipp);
    return ACL_SUCCESS;
}
