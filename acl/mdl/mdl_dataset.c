/* aclmdlDataset: an ordered list of data buffers (and, per buffer, an optional tensor desc)
 * holding a model's inputs or outputs. The buffers and descs stay the caller's. */
#include <stdlib.h>

#include "aclemu_runtime.h"
#include "mdl_internal.h"

#define MAX_BUFFERS 4096

ACL_FUNC_VISIBILITY aclmdlDataset *aclmdlCreateDataset(void) { return calloc(1, sizeof(aclmdlDataset)); }

ACL_FUNC_VISIBILITY aclError aclmdlDestroyDataset(const aclmdlDataset *dataset)
{
    if (dataset == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "dataset");
        return ACL_ERROR_INVALID_PARAM;
    }
    free(((aclmdlDataset *)dataset)->slot);
    free((aclmdlDataset *)dataset);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlAddDatasetBuffer(aclmdlDataset *dataset, aclDataBuffer *dataBuffer)
{
    if (dataset == NULL || dataBuffer == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", dataset ? "dataBuffer" : "dataset");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (dataset->n >= MAX_BUFFERS)
        return mdl_fail(ACL_ERROR_INVALID_PARAM, "aclmdlAddDatasetBuffer: a dataset holds at most %d buffers",
                        MAX_BUFFERS);
    if (dataset->n == dataset->cap) {
        size_t cap = dataset->cap ? dataset->cap * 2 : 8;
        mdl_slot *s = realloc(dataset->slot, cap * sizeof(*s));
        if (s == NULL)
            return mdl_fail(ACL_ERROR_BAD_ALLOC, "aclmdlAddDatasetBuffer: out of memory");
        dataset->slot = s;
        dataset->cap = cap;
    }
    dataset->slot[dataset->n++] = (mdl_slot){dataBuffer, NULL};
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlSetDatasetTensorDesc(aclmdlDataset *dataset, aclTensorDesc *tensorDesc,
                                                        size_t index)
{
    if (dataset == NULL || tensorDesc == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", dataset ? "tensorDesc" : "dataset");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (index >= dataset->n)
        return mdl_fail(ACL_ERROR_INVALID_PARAM,
                        "aclmdlSetDatasetTensorDesc: index %zu is out of range: the dataset holds %zu buffers", index,
                        dataset->n);
    dataset->slot[index].desc = tensorDesc;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclTensorDesc *aclmdlGetDatasetTensorDesc(const aclmdlDataset *dataset, size_t index)
{
    if (dataset == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "dataset");
        return NULL;
    }
    if (index >= dataset->n) {
        mdl_fail(ACL_ERROR_INVALID_PARAM,
                 "aclmdlGetDatasetTensorDesc: index %zu is out of range: the dataset holds %zu buffers", index,
                 dataset->n);
        return NULL;
    }
    return dataset->slot[index].desc;
}

ACL_FUNC_VISIBILITY size_t aclmdlGetDatasetNumBuffers(const aclmdlDataset *dataset)
{
    if (dataset == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "dataset");
        return 0;
    }
    return dataset->n;
}

ACL_FUNC_VISIBILITY aclDataBuffer *aclmdlGetDatasetBuffer(const aclmdlDataset *dataset, size_t index)
{
    if (dataset == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "dataset");
        return NULL;
    }
    if (index >= dataset->n) {
        mdl_fail(ACL_ERROR_INVALID_PARAM,
                 "aclmdlGetDatasetBuffer: index %zu is out of range: the dataset holds %zu buffers", index,
                 dataset->n);
        return NULL;
    }
    return dataset->slot[index].buf;
}
