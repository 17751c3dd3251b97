/* aclmdlConfigHandle and aclmdlLoadWithConfig: the load options as attributes (load type, path
 * or memory image, caller's workspace / weight memory, priority). Pointer attributes are passed
 * by address, as in the real API (attrValue = &ptr, valueSize = sizeof(ptr)); the path is copied. */
#include <stdlib.h>
#include <string.h>

#include "aclemu_runtime.h"
#include "mdl_internal.h"

struct aclmdlConfigHandle {
    size_t load_type;
    char *path;
    const void *mem;
    size_t mem_size;
    void *weight, *work;
    size_t weight_size, work_size;
    int32_t priority;
    unsigned set; /* bit per aclmdlConfigAttr that was given */
};

ACL_FUNC_VISIBILITY aclmdlConfigHandle *aclmdlCreateConfigHandle(void)
{
    return calloc(1, sizeof(aclmdlConfigHandle));
}

ACL_FUNC_VISIBILITY aclError aclmdlDestroyConfigHandle(aclmdlConfigHandle *handle)
{
    if (handle == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "handle");
        return ACL_ERROR_INVALID_PARAM;
    }
    free(handle->path);
    free(handle);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlSetConfigOpt(aclmdlConfigHandle *handle, aclmdlConfigAttr attr,
                                                const void *attrValue, size_t valueSize)
{
    if (handle == NULL || attrValue == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", handle ? "attrValue" : "handle");
        return ACL_ERROR_INVALID_PARAM;
    }
    size_t want;
    switch (attr) {
    case ACL_MDL_PRIORITY_INT32: want = sizeof(int32_t); break;
    case ACL_MDL_LOAD_TYPE_SIZET: case ACL_MDL_MEM_SIZET: case ACL_MDL_WEIGHT_SIZET: case ACL_MDL_WORKSPACE_SIZET:
        want = sizeof(size_t);
        break;
    case ACL_MDL_PATH_PTR: case ACL_MDL_MEM_ADDR_PTR: case ACL_MDL_WEIGHT_ADDR_PTR: case ACL_MDL_WORKSPACE_ADDR_PTR:
        want = sizeof(void *);
        break;
    default:
        return mdl_fail(ACL_ERROR_INVALID_PARAM, "aclmdlSetConfigOpt: attribute %d is not supported", (int)attr);
    }
    if (valueSize != want)
        return mdl_fail(ACL_ERROR_INVALID_PARAM, "aclmdlSetConfigOpt: attribute %d takes %zu bytes, valueSize is %zu",
                        (int)attr, want, valueSize);
    switch (attr) {
    case ACL_MDL_PRIORITY_INT32: memcpy(&handle->priority, attrValue, want); break;
    case ACL_MDL_LOAD_TYPE_SIZET: {
        size_t t;
        memcpy(&t, attrValue, want);
        if (t < ACL_MDL_LOAD_FROM_FILE || t > ACL_MDL_LOAD_FROM_MEM_WITH_MEM)
            return mdl_fail(ACL_ERROR_INVALID_PARAM,
                            "aclmdlSetConfigOpt: load type %zu is not supported (1-4: file / memory, with or without "
                            "caller memory)", t);
        handle->load_type = t;
        break;
    }
    case ACL_MDL_PATH_PTR: {
        const char *p;
        memcpy(&p, attrValue, want);
        if (p == NULL)
            return mdl_fail(ACL_ERROR_INVALID_PARAM, "aclmdlSetConfigOpt: the model path is NULL");
        char *copy = strdup(p);
        if (copy == NULL)
            return mdl_fail(ACL_ERROR_BAD_ALLOC, "aclmdlSetConfigOpt: out of memory");
        free(handle->path);
        handle->path = copy;
        break;
    }
    case ACL_MDL_MEM_ADDR_PTR: memcpy(&handle->mem, attrValue, want); break;
    case ACL_MDL_MEM_SIZET: memcpy(&handle->mem_size, attrValue, want); break;
    case ACL_MDL_WEIGHT_ADDR_PTR: memcpy(&handle->weight, attrValue, want); break;
    case ACL_MDL_WEIGHT_SIZET: memcpy(&handle->weight_size, attrValue, want); break;
    case ACL_MDL_WORKSPACE_ADDR_PTR: memcpy(&handle->work, attrValue, want); break;
    case ACL_MDL_WORKSPACE_SIZET: memcpy(&handle->work_size, attrValue, want); break;
    default: break;
    }
    handle->set |= 1u << (unsigned)attr;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlLoadWithConfig(const aclmdlConfigHandle *handle, uint32_t *modelId)
{
    if (handle == NULL || modelId == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", handle ? "modelId" : "handle");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (!(handle->set & (1u << ACL_MDL_LOAD_TYPE_SIZET)))
        return mdl_fail(ACL_ERROR_INVALID_PARAM, "aclmdlLoadWithConfig: ACL_MDL_LOAD_TYPE_SIZET is not set");
    int from_file = handle->load_type == ACL_MDL_LOAD_FROM_FILE || handle->load_type == ACL_MDL_LOAD_FROM_FILE_WITH_MEM;
    int with_mem = handle->load_type == ACL_MDL_LOAD_FROM_FILE_WITH_MEM ||
                   handle->load_type == ACL_MDL_LOAD_FROM_MEM_WITH_MEM;
    if (from_file && handle->path == NULL)
        return mdl_fail(ACL_ERROR_INVALID_PARAM, "aclmdlLoadWithConfig: ACL_MDL_PATH_PTR is not set");
    if (!from_file && (handle->mem == NULL || !(handle->set & (1u << ACL_MDL_MEM_SIZET))))
        return mdl_fail(ACL_ERROR_INVALID_PARAM,
                        "aclmdlLoadWithConfig: ACL_MDL_MEM_ADDR_PTR and ACL_MDL_MEM_SIZET must be set");
    void *work = with_mem ? handle->work : NULL, *weight = with_mem ? handle->weight : NULL;
    size_t ws = with_mem ? handle->work_size : 0, wts = with_mem ? handle->weight_size : 0;
    if (from_file)
        return with_mem ? aclmdlLoadFromFileWithMem(handle->path, modelId, work, ws, weight, wts)
                        : aclmdlLoadFromFile(handle->path, modelId);
    return with_mem ? aclmdlLoadFromMemWithMem(handle->mem, handle->mem_size, modelId, work, ws, weight, wts)
                    : aclmdlLoadFromMem(handle->mem, handle->mem_size, modelId);
}
