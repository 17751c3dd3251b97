/* aclmdlDesc: the inputs and outputs of a model (names, dims, dtypes, formats, sizes), filled
 * from a loaded model (aclmdlGetDesc) or straight from a file / image. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aclemu_runtime.h"
#include "mdl_internal.h"

int mdl_fail(int code, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof(msg), fmt, ap);
    va_end(ap);
    aclemu_errmsg_push("EH0001", "%s", msg);
    ACLEMU_LOG(ACLEMU_LOG_ERROR, "ASCENDCL", "%s", msg);
    return code;
}

static void io_from(mdl_io *io, const mdl_tensor *t)
{
    memset(io, 0, sizeof(*io));
    snprintf(io->name, sizeof(io->name), "%s", t->name ? t->name : "");
    io->dtype = (aclDataType)t->dtype;
    io->format = (aclFormat)t->format;
    io->ndims = t->ndims;
    memcpy(io->dims, t->dims, sizeof(int64_t) * t->ndims);
    io->bytes = (size_t)t->bytes;
    io->ndims2 = io->ndims;
    memcpy(io->dims2, io->dims, sizeof(io->dims2));
    memcpy(io->lo, io->dims, sizeof(io->lo));
    memcpy(io->hi, io->dims, sizeof(io->hi));
}

static void desc_clear(aclmdlDesc *d)
{
    free(d->in);
    free(d->out);
    free(d->gear_vals);
    free(d->gear_dims);
    free(d->gear_out);
    memset(d, 0, sizeof(*d));
}

/* a dynamic model's desc: declared input dims (-1), the largest gear's sizes, every gear's
 * input dims and outputs, and the ACL_DYNAMIC_TENSOR_NAME input last */
static int desc_fill_gears(aclmdlDesc *d, const mdl_model *m)
{
    d->dyn_kind = m->dyn_kind;
    d->ngears = m->ngears;
    d->nvals = m->gear_nvals;
    size_t nd = 0;
    for (uint32_t i = 0; i < m->ninputs; i++)
        nd += m->in_decl[i].ndims;
    d->gear_ndims = nd;
    d->gear_vals = malloc(sizeof(int64_t) * m->ngears * m->gear_nvals);
    d->gear_dims = calloc((size_t)m->ngears * nd + 1, sizeof(int64_t));
    d->gear_out = calloc((size_t)m->ngears * m->noutputs + 1, sizeof(mdl_io));
    if (!d->gear_vals || !d->gear_dims || !d->gear_out)
        return mdl_fail(ACL_ERROR_BAD_ALLOC, "aclmdlGetDesc: out of memory");
    memcpy(d->gear_vals, m->gear_vals, sizeof(int64_t) * m->ngears * m->gear_nvals);
    for (uint32_t k = 0; k < m->ngears; k++) {
        const mdl_model *g = mdl_gear(m, k);
        size_t at = (size_t)k * nd;
        for (uint32_t i = 0; i < g->ninputs; i++) {
            const mdl_tensor *t = &g->tensors[g->inputs[i]];
            memcpy(d->gear_dims + at, t->dims, sizeof(int64_t) * t->ndims);
            at += t->ndims;
            for (uint32_t x = 0; x < t->ndims; x++) {
                d->in[i].lo[x] = k == 0 || t->dims[x] < d->in[i].lo[x] ? t->dims[x] : d->in[i].lo[x];
                d->in[i].hi[x] = k == 0 || t->dims[x] > d->in[i].hi[x] ? t->dims[x] : d->in[i].hi[x];
            }
            if (t->bytes > d->in[i].bytes)
                d->in[i].bytes = (size_t)t->bytes;
        }
        for (uint32_t i = 0; i < g->noutputs; i++) {
            mdl_io *o = &d->gear_out[(size_t)k * m->noutputs + i];
            io_from(o, &g->tensors[g->outputs[i]]);
            if (o->bytes > d->out[i].bytes)
                d->out[i] = *o; /* the largest gear's dims and size */
        }
    }
    for (uint32_t i = 0; i < m->ninputs; i++) {
        d->in[i].ndims = m->in_decl[i].ndims;
        memcpy(d->in[i].dims, m->in_decl[i].dims, sizeof(int64_t) * m->in_decl[i].ndims);
    }
    mdl_io *shape = &d->in[mdl_shape_input_index(m)];
    snprintf(shape->name, sizeof(shape->name), "%s", ACL_DYNAMIC_TENSOR_NAME);
    shape->dtype = ACL_INT64;
    shape->format = ACL_FORMAT_ND;
    shape->ndims = 1;
    shape->dims[0] = m->gear_nvals;
    shape->bytes = sizeof(int64_t) * m->gear_nvals;
    shape->ndims2 = 1;
    shape->dims2[0] = shape->lo[0] = shape->hi[0] = m->gear_nvals;
    d->nin = mdl_shape_input_index(m) + 1;
    return ACL_SUCCESS;
}

int mdl_desc_fill(aclmdlDesc *d, const mdl_model *m)
{
    mdl_io *in = calloc(m->ninputs + mdl_num_dyn_aipp(m) + 2, sizeof(mdl_io)), *out = calloc(m->noutputs + 1, sizeof(mdl_io));
    if (!in || !out) {
        free(in);
        free(out);
        return mdl_fail(ACL_ERROR_BAD_ALLOC, "aclmdlGetDesc: out of memory");
    }
    for (uint32_t i = 0; i < m->ninputs; i++)
        io_from(&in[i], &m->tensors[m->inputs[i]]);
    for (uint32_t i = 0; i < m->noutputs; i++)
        io_from(&out[i], &m->tensors[m->outputs[i]]);
    desc_clear(d);
    d->in = in;
    d->out = out;
    d->nin = m->ninputs;
    d->nout = m->noutputs;
    int rc = m->gear ? desc_fill_gears(d, m) : ACL_SUCCESS;
    if (rc == ACL_SUCCESS && m->naipp)
        mdl_aipp_desc(d, m);
    return rc;
}

ACL_FUNC_VISIBILITY aclmdlDesc *aclmdlCreateDesc(void) { return calloc(1, sizeof(aclmdlDesc)); }

ACL_FUNC_VISIBILITY aclError aclmdlDestroyDesc(aclmdlDesc *modelDesc)
{
    if (modelDesc == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "modelDesc");
        return ACL_ERROR_INVALID_PARAM;
    }
    desc_clear(modelDesc);
    free(modelDesc);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlGetDesc(aclmdlDesc *modelDesc, uint32_t modelId)
{
    if (modelDesc == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "modelDesc");
        return ACL_ERROR_INVALID_PARAM;
    }
    mdl_loaded *L = mdl_acquire(modelId);
    if (L == NULL) {
        mdl_release();
        return ACL_ERROR_INVALID_MODEL_ID;
    }
    int rc = mdl_desc_fill(modelDesc, L->m);
    if (rc == ACL_SUCCESS)
        modelDesc->model_id = modelId;
    mdl_release();
    return rc;
}

ACL_FUNC_VISIBILITY aclError aclmdlGetDescFromMem(aclmdlDesc *modelDesc, const void *model, size_t modelSize)
{
    if (modelDesc == NULL || model == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", modelDesc ? "model" : "modelDesc");
        return ACL_ERROR_INVALID_PARAM;
    }
    mdl_model *m;
    int rc = mdl_parse_image(model, modelSize, &m);
    if (rc != ACL_SUCCESS)
        return rc;
    rc = mdl_desc_fill(modelDesc, m);
    mdl_free(m);
    return rc;
}

ACL_FUNC_VISIBILITY aclError aclmdlGetDescFromFile(aclmdlDesc *modelDesc, const char *modelPath)
{
    if (modelDesc == NULL || modelPath == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", modelDesc ? "modelPath" : "modelDesc");
        return ACL_ERROR_INVALID_PARAM;
    }
    void *buf;
    size_t len;
    int rc = mdl_read_file(modelPath, &buf, &len);
    if (rc != ACL_SUCCESS)
        return rc;
    rc = aclmdlGetDescFromMem(modelDesc, buf, len);
    free(buf);
    return rc;
}

ACL_FUNC_VISIBILITY size_t aclmdlGetNumInputs(aclmdlDesc *modelDesc) { return modelDesc ? modelDesc->nin : 0; }
ACL_FUNC_VISIBILITY size_t aclmdlGetNumOutputs(aclmdlDesc *modelDesc) { return modelDesc ? modelDesc->nout : 0; }

/* entry `index` of the inputs (out = 0) or outputs, NULL + message when out of range */
const mdl_io *mdl_io_at(const aclmdlDesc *d, size_t index, int out, const char *api)
{
    if (d == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "modelDesc");
        return NULL;
    }
    size_t n = out ? d->nout : d->nin;
    if (index >= n) {
        mdl_fail(ACL_ERROR_INVALID_PARAM, "%s: index %zu is out of range: the model has %zu %s", api, index, n,
                 out ? "outputs" : "inputs");
        return NULL;
    }
    return out ? &d->out[index] : &d->in[index];
}

ACL_FUNC_VISIBILITY size_t aclmdlGetInputSizeByIndex(aclmdlDesc *modelDesc, size_t index)
{
    const mdl_io *io = mdl_io_at(modelDesc, index, 0, "aclmdlGetInputSizeByIndex");
    return io ? io->bytes : 0;
}

ACL_FUNC_VISIBILITY size_t aclmdlGetOutputSizeByIndex(aclmdlDesc *modelDesc, size_t index)
{
    const mdl_io *io = mdl_io_at(modelDesc, index, 1, "aclmdlGetOutputSizeByIndex");
    return io ? io->bytes : 0;
}

aclError mdl_dims_of(const mdl_io *io, aclmdlIODims *dims)
{
    if (io == NULL)
        return ACL_ERROR_INVALID_PARAM;
    if (dims == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "dims");
        return ACL_ERROR_INVALID_PARAM;
    }
    memset(dims, 0, sizeof(*dims));
    snprintf(dims->name, sizeof(dims->name), "%s", io->name);
    dims->dimCount = io->ndims;
    memcpy(dims->dims, io->dims, sizeof(int64_t) * io->ndims);
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlGetInputDims(const aclmdlDesc *modelDesc, size_t index, aclmdlIODims *dims)
{
    return mdl_dims_of(mdl_io_at(modelDesc, index, 0, "aclmdlGetInputDims"), dims);
}

/* the same as aclmdlGetInputDims except for a YUV420SP static AIPP input */
ACL_FUNC_VISIBILITY aclError aclmdlGetInputDimsV2(const aclmdlDesc *modelDesc, size_t index, aclmdlIODims *dims)
{
    const mdl_io *io = mdl_io_at(modelDesc, index, 0, "aclmdlGetInputDimsV2");
    aclError rc = mdl_dims_of(io, dims);
    if (rc == ACL_SUCCESS) {
        dims->dimCount = io->ndims2;
        memcpy(dims->dims, io->dims2, sizeof(int64_t) * io->ndims2);
    }
    return rc;
}

ACL_FUNC_VISIBILITY aclError aclmdlGetInputDimsRange(const aclmdlDesc *modelDesc, size_t index,
                                                     aclmdlIODimsRange *dimsRange)
{
    const mdl_io *io = mdl_io_at(modelDesc, index, 0, "aclmdlGetInputDimsRange");
    if (io == NULL)
        return ACL_ERROR_INVALID_PARAM;
    if (dimsRange == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", "dimsRange");
        return ACL_ERROR_INVALID_PARAM;
    }
    /* static dims range over their one value, a gear-set dim over its gears' values */
    memset(dimsRange, 0, sizeof(*dimsRange));
    dimsRange->rangeCount = io->ndims;
    for (size_t d = 0; d < io->ndims; d++) {
        dimsRange->range[d][0] = io->lo[d];
        dimsRange->range[d][1] = io->hi[d];
    }
    return ACL_SUCCESS;
}

ACL_FUNC_VISIBILITY aclError aclmdlGetOutputDims(const aclmdlDesc *modelDesc, size_t index, aclmdlIODims *dims)
{
    return mdl_dims_of(mdl_io_at(modelDesc, index, 1, "aclmdlGetOutputDims"), dims);
}

ACL_FUNC_VISIBILITY const char *aclmdlGetInputNameByIndex(const aclmdlDesc *modelDesc, size_t index)
{
    const mdl_io *io = mdl_io_at(modelDesc, index, 0, "aclmdlGetInputNameByIndex");
    return io ? io->name : "";
}

ACL_FUNC_VISIBILITY const char *aclmdlGetOutputNameByIndex(const aclmdlDesc *modelDesc, size_t index)
{
    const mdl_io *io = mdl_io_at(modelDesc, index, 1, "aclmdlGetOutputNameByIndex");
    return io ? io->name : "";
}

ACL_FUNC_VISIBILITY aclFormat aclmdlGetInputFormat(const aclmdlDesc *modelDesc, size_t index)
{
    const mdl_io *io = mdl_io_at(modelDesc, index, 0, "aclmdlGetInputFormat");
    return io ? io->format : ACL_FORMAT_UNDEFINED;
}

ACL_FUNC_VISIBILITY aclFormat aclmdlGetOutputFormat(const aclmdlDesc *modelDesc, size_t index)
{
    const mdl_io *io = mdl_io_at(modelDesc, index, 1, "aclmdlGetOutputFormat");
    return io ? io->format : ACL_FORMAT_UNDEFINED;
}

ACL_FUNC_VISIBILITY aclDataType aclmdlGetInputDataType(const aclmdlDesc *modelDesc, size_t index)
{
    const mdl_io *io = mdl_io_at(modelDesc, index, 0, "aclmdlGetInputDataType");
    return io ? io->dtype : ACL_DT_UNDEFINED;
}

ACL_FUNC_VISIBILITY aclDataType aclmdlGetOutputDataType(const aclmdlDesc *modelDesc, size_t index)
{
    const mdl_io *io = mdl_io_at(modelDesc, index, 1, "aclmdlGetOutputDataType");
    return io ? io->dtype : ACL_DT_UNDEFINED;
}

static aclError index_by_name(const aclmdlDesc *d, const char *name, size_t *index, int out, const char *api)
{
    if (d == NULL || name == NULL || index == NULL) {
        aclemu_errmsg_push("EH0002", "Argument %s must not be null.", !d ? "modelDesc" : !name ? "name" : "index");
        return ACL_ERROR_INVALID_PARAM;
    }
    size_t n = out ? d->nout : d->nin;
    const mdl_io *io = out ? d->out : d->in;
    for (size_t i = 0; i < n; i++)
        if (strcmp(io[i].name, name) == 0) {
            *index = i;
            return ACL_SUCCESS;
        }
    return mdl_fail(ACL_ERROR_INVALID_PARAM, "%s: the model has no %s named %s", api, out ? "output" : "input", name);
}

ACL_FUNC_VISIBILITY aclError aclmdlGetInputIndexByName(const aclmdlDesc *modelDesc, const char *name, size_t *index)
{
    return index_by_name(modelDesc, name, index, 0, "aclmdlGetInputIndexByName");
}

ACL_FUNC_VISIBILITY aclError aclmdlGetOutputIndexByName(const aclmdlDesc *modelDesc, const char *name, size_t *index)
{
    return index_by_name(modelDesc, name, index, 1, "aclmdlGetOutputIndexByName");
}
