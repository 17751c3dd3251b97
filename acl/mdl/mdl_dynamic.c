/* Dynamic batch / image size / dims (models atc built with --dynamic_batch_size,
 * --dynamic_image_size or --dynamic_dims): the gear getters of a desc, the setters that write a
 * gear into the ACL_DYNAMIC_TENSOR_NAME input of a dataset, and reading it back at execute.
 *
 * As on a card, the gear travels in that input's device buffer (int64 values: the batch, or
 * height and width, or every -1 dim in order); aclmdlExecute reads it and runs that gear's
 * compiled graph. A value that is no gear of the model is ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl_rt.h"
#include "aclemu_runtime.h"
#include "data_buffer.h"
#include "mdl_internal.h"

static const char *kind_name(uint32_t kind)
{
    return kind == MDL_DYN_BATCH ? "dynamic batch" : kind == MDL_DYN_HW ? "dynamic image size"
           : kind == MDL_DYN_DIMS ? "dynamic dims" : "static";
}

int mdl_find_gear(const mdl_model *m, const int64_t *vals, size_t n)
{
    if (m->gear == NULL || n != m->gear_nvals)
        return -1;
    for (uint32_t k = 0; k < m->ngears; k++)
        if (memcmp(m->gear_vals + (size_t)k * n, vals, sizeof(int64_t) * n) == 0)
            return (int)k;
    return -1;
}

/* "1,2,4,8" / "224x224,448x448" for messages */
static void gears_text(const mdl_model *m, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = 0;
    for (uint32_t k = 0; k < m->ngears && len + 32 < cap; k++)
        for (uint32_t v = 0; v < m->gear_nvals && len + 32 < cap; v++)
            len += (size_t)snprintf(buf + len, cap - len, "%s%lld", v ? (m->dyn_kind == MDL_DYN_HW ? "x" : ",") :
                                    k ? ";" : "", (long long)m->gear_vals[(size_t)k * m->gear_nvals + v]);
}

/* the dataset buffer of the ACL_DYNAMIC_TENSOR_NAME input: present, device memory, large enough */
static const aclDataBuffer *shape_buffer(const mdl_loaded *L, const aclmdlDataset *ds, size_t index,
                                          const char *api, int *code)
{
    const mdl_model *m = L->m;
    size_t need = sizeof(int64_t) * m->gear_nvals;
    if (index != mdl_shape_input_index(m)) {
        *code = mdl_fail(ACL_ERROR_INVALID_PARAM, "%s: index %zu is not the %s input of model %u (index %u)", api,
                         index, ACL_DYNAMIC_TENSOR_NAME, L->id, mdl_shape_input_index(m));
        return NULL;
    }
    const aclDataBuffer *b = index < ds->n ? ds->slot[index].buf : NULL;
    if (b == NULL || b->data == NULL || aclemu_host_view(b->data, need) == NULL) {
        *code = mdl_fail(ACL_ERROR_GE_DYNAMIC_INPUT_ADDR_INVALID,
                         "%s: the dataset has no device buffer for the %s input (index %zu) of model %u", api,
                         ACL_DYNAMIC_TENSOR_NAME, index, L->id);
        return NULL;
    }
    if (b->length < need) {
        *code = mdl_fail(ACL_ERROR_GE_DYNAMIC_INPUT_LENGTH_INVALID,
                         "%s: the %s buffer holds %zu bytes, model %u needs %zu (aclmdlGetInputSizeByIndex)", api,
                         ACL_DYNAMIC_TENSOR_NAME, b->length, L->id, need);
        return NULL;
    }
    return b;
}

int mdl_dataset_gear(const mdl_loaded *L, const aclmdlDataset *ds, const char *api, int *code)
{
    const mdl_model *m = L->m;
    if (m->gear == NULL)
        return 0;
    const aclDataBuffer *b = shape_buffer(L, ds, mdl_shape_input_index(m), api, code);
    if (b == NULL)
        return -1;
    int64_t vals[MDL_MAX_GEAR_VALS];
    memcpy(vals, aclemu_host_view(b->data, sizeof(int64_t) * m->gear_nvals), sizeof(int64_t) * m->gear_nvals);
    int g = mdl_find_gear(m, vals, m->gear_nvals);
    if (g < 0) {
        char gears[512];
        gears_text(m, gears, sizeof(gears));
        *code = mdl_fail(ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID,
                         "%s: the %s input of model %u names no gear (%s gears: %s); set one with %s first", api,
                         ACL_DYNAMIC_TENSOR_NAME, L->id, kind_name(m->dyn_kind), gears,
                         m->dyn_kind == MDL_DYN_BATCH ? "aclmdlSetDynamicBatchSize"
                         : m->dyn_kind == MDL_DYN_HW ? "aclmdlSetDynamicHWSize" : "aclmdlSetInputDynamicDims");
        return -1;
    }
    return g;
}

/* the common part of the three setters: the model is of the kind, vals name a gear, and the
 * gear is written into the dataset's ACL_DYNAMIC_TENSOR_NAME buffer */
static aclError set_gear(uint32_t modelId, aclmdlDataset *dataset, size_t index, uint32_t kind,
                         const int64_t *vals, size_t n, const char *api)
{
    if (dataset == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "dataset");
        return ACL_ERROR_INVALID_PARAM;
    }
    mdl_loaded *L = mdl_acquire(modelId);
    if (L == NULL) {
        mdl_release();
        return ACL_ERROR_INVALID_MODEL_ID;
    }
    const mdl_model *m = L->m;
    int rc = ACL_SUCCESS;
    if (m->gear == NULL || m->dyn_kind != kind) {
        rc = mdl_fail(ACL_ERROR_MODEL_NOT_DYNAMIC, "%s: model %u is a %s model, not a %s one", api, modelId,
                      kind_name(m->dyn_kind), kind_name(kind));
        mdl_release();
        return rc;
    }
    int g = mdl_find_gear(m, vals, n);
    if (g < 0) {
        char gears[512], want[256];
        size_t len = 0;
        want[0] = 0;
        for (size_t i = 0; i < n && len + 24 < sizeof(want); i++)
            len += (size_t)snprintf(want + len, sizeof(want) - len, "%s%lld", i ? "," : "", (long long)vals[i]);
        gears_text(m, gears, sizeof(gears));
        rc = mdl_fail(ACL_ERROR_GE_DYNAMIC_BATCH_SIZE_INVALID, "%s: %s is not a gear of model %u (gears: %s)", api,
                      n == m->gear_nvals ? want : "the dims given", modelId, gears);
        mdl_release();
        return rc;
    }
    const aclDataBuffer *b = shape_buffer(L, dataset, index, api, &rc);
    if (b != NULL) {
        rc = aclrtMemcpy(b->data, b->length, vals, sizeof(int64_t) * n, ACL_MEMCPY_HOST_TO_DEVICE);
        if (rc == ACL_SUCCESS) {
            L->cur_gear = (uint32_t)g;
            L->gear_set = true;
        }
    }
    mdl_release();
    return rc;
}

ACL_FUNC_VISIBILITY aclError aclmdlSetDynamicBatchSize(uint32_t modelId, aclmdlDataset *dataset, size_t index,
                                                       uint64_t batchSize)
{
    int64_t v = batchSize > INT64_MAX ? -1 : (int64_t)batchSize;
    return set_gear(modelId, dataset, index, MDL_DYN_BATCH, &v, 1, "aclmdlSetDynamicBatchSize");
}

ACL_FUNC_VISIBILITY aclError aclmdlSetDynamicHWSize(uint32_t modelId, aclmdlDataset *dataset, size_t index,
                                                    uint64_t height, uint64_t width)
{
    int64_t v[2] = {height > INT64_MAX ? -1 : (int64_t)height, width > INT64_MAX ? -1 : (int64_t)width};
    return set_gear(modelId, dataset, index, MDL_DYN_HW, v, 2, "aclmdlSetDynamicHWSize");
}

/* dims: either every input's dims concatenated (what aclmdlGetInputDynamicDims returns for a
 * gear) or just the values of the -1 dims, in order */
ACL_FUNC_VISIBILITY aclError aclmdlSetInputDynamicDims(uint32_t modelId, aclmdlDataset *dataset, size_t index,
                                                       const aclmdlIODims *dims)
{
    if (dims == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "dims");
        return ACL_ERROR_INVALID_PARAM;
    }
    int64_t vals[MDL_MAX_GEAR_VALS];
    size_t n = 0;
    mdl_loaded *L = mdl_acquire(modelId);
    if (L == NULL) {
        mdl_release();
        return ACL_ERROR_INVALID_MODEL_ID;
    }
    const mdl_model *m = L->m;
    size_t total = 0;
    for (uint32_t i = 0; m->in_decl && i < m->ninputs; i++)
        total += m->in_decl[i].ndims;
    int ok = dims->dimCount <= ACL_MAX_DIM_CNT;
    if (ok && m->dyn_kind == MDL_DYN_DIMS && dims->dimCount == total && total != m->gear_nvals) {
        size_t at = 0;
        for (uint32_t i = 0; i < m->ninputs && ok; i++)
            for (uint32_t x = 0; x < m->in_decl[i].ndims; x++, at++) {
                if (m->in_decl[i].dims[x] == -1)
                    vals[n++] = dims->dims[at];
                else if (dims->dims[at] != m->in_decl[i].dims[x])
                    ok = 0; /* a static dim differs: no gear */
            }
    } else if (ok && dims->dimCount <= MDL_MAX_GEAR_VALS) {
        n = dims->dimCount;
        memcpy(vals, dims->dims, sizeof(int64_t) * n);
    } else {
        ok = 0;
    }
    uint32_t nv = m->gear_nvals;
    mdl_release();
    if (!ok) {
        vals[0] = -1; /* matches no gear: set_gear reports it */
        n = nv ? nv : 1;
        for (size_t i = 1; i < n; i++)
            vals[i] = -1;
    }
    return set_gear(modelId, dataset, index, MDL_DYN_DIMS, vals, n, "aclmdlSetInputDynamicDims");
}

static int desc_null(const void *d, const void *out, const char *name)
{
    if (d == NULL || out == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", d ? name : "modelDesc");
        return 1;
    }
    return 0;
}

ACL_FUNC_VISIBILITY aclError aclmdlGetDynamicBatch(const aclmdlDesc *modelDesc, aclmdlBatch *batch)
{
    if (desc_null(modelDesc, batch, "batch"))
        return ACL_ERROR_INVALID_PARAM;
    memset(batch, 0, sizeof(*batch));
    if (modelDesc->dyn_kind == MDL_DYN_BATCH) {
        batch->batchCount = modelDesc->ngears;
        for (uint32_t k = 0; k < modelDesc->ngears; k++)
            batch->batch[k] = (uint64_t)modelDesc->gear_vals[k];
    }
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlGetDynamicHW(const aclmdlDesc *modelDesc, size_t index, aclmdlHW *hw)
{
    (void)index; /* every dynamic input has the same gears */
    if (desc_null(modelDesc, hw, "hw"))
        return ACL_ERROR_INVALID_PARAM;
    memset(hw, 0, sizeof(*hw));
    if (modelDesc->dyn_kind == MDL_DYN_HW) {
        hw->hwCount = modelDesc->ngears;
        for (uint32_t k = 0; k < modelDesc->ngears; k++) {
            hw->hw[k][0] = (uint64_t)modelDesc->gear_vals[2 * k];
            hw->hw[k][1] = (uint64_t)modelDesc->gear_vals[2 * k + 1];
        }
    }
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlGetInputDynamicGearCount(const aclmdlDesc *modelDesc, size_t index,
                                                            size_t *gearCount)
{
    (void)index; /* reserved: -1 */
    if (desc_null(modelDesc, gearCount, "gearCount"))
        return ACL_ERROR_INVALID_PARAM;
    *gearCount = modelDesc->dyn_kind == MDL_DYN_DIMS ? modelDesc->ngears : 0;
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlGetInputDynamicDims(const aclmdlDesc *modelDesc, size_t index, aclmdlIODims *dims,
                                                       size_t gearCount)
{
    (void)index; /* reserved: -1 */
    if (desc_null(modelDesc, dims, "dims"))
        return ACL_ERROR_INVALID_PARAM;
    if (modelDesc->dyn_kind != MDL_DYN_DIMS)
        return mdl_fail(ACL_ERROR_MODEL_NOT_DYNAMIC, "aclmdlGetInputDynamicDims: the model is a %s model",
                        kind_name(modelDesc->dyn_kind));
    if (gearCount != modelDesc->ngears)
        return mdl_fail(ACL_ERROR_INVALID_PARAM,
                        "aclmdlGetInputDynamicDims: gearCount %zu, the model has %u gears "
                        "(aclmdlGetInputDynamicGearCount)", gearCount, modelDesc->ngears);
    if (modelDesc->gear_ndims > ACL_MAX_DIM_CNT)
        return mdl_fail(ACL_ERROR_INVALID_PARAM, "aclmdlGetInputDynamicDims: the inputs have %zu dims (at most %d)",
                        modelDesc->gear_ndims, ACL_MAX_DIM_CNT);
    for (size_t k = 0; k < gearCount; k++) {
        memset(&dims[k], 0, sizeof(dims[k]));
        dims[k].dimCount = modelDesc->gear_ndims;
        memcpy(dims[k].dims, modelDesc->gear_dims + k * modelDesc->gear_ndims,
               sizeof(int64_t) * modelDesc->gear_ndims);
    }
    return ACL_SUCCESS;
}

/* the gear set last (aclmdlSetDynamic* on the desc's model), else the largest gear's dims */
ACL_FUNC_VISIBILITY aclError aclmdlGetCurOutputDims(const aclmdlDesc *modelDesc, size_t index, aclmdlIODims *dims)
{
    const mdl_io *io = mdl_io_at(modelDesc, index, 1, "aclmdlGetCurOutputDims");
    if (io == NULL || modelDesc->dyn_kind == MDL_DYN_NONE || modelDesc->model_id == 0)
        return mdl_dims_of(io, dims);
    mdl_loaded *L = mdl_acquire(modelDesc->model_id);
    int set = L && L->gear_set && L->cur_gear < modelDesc->ngears;
    uint32_t g = set ? L->cur_gear : 0;
    mdl_release();
    if (L == NULL)
        aclGetRecentErrMsg(); /* the model was unloaded: the desc's own dims (and no stale message) */
    return mdl_dims_of(set ? &modelDesc->gear_out[(size_t)g * modelDesc->nout + index] : io, dims);
}
