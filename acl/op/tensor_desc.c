/* aclTensorDesc: creation, getters and setters of acl_base_mdl.h, with GE's semantics
 * (e.g. aclSetTensorFormat/Shape set the storage view, the Origin setters the origin view). */
#include "tensor_desc.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aclemu_runtime.h"

#define API ACL_FUNC_VISIBILITY

static void null_arg(const char *name)
{
    aclemu_errmsg_push("EH0002", "Argument %s must not be null.", name);
}

static void bad_value(const char *param, const char *value, const char *reason)
{
    aclemu_errmsg_push("EH0001", "Value %s for %s is invalid. Reason: %s.", value, param, reason);
}

bool aclop_desc_is_optional(const aclTensorDesc *d)
{
    return d->dtype == ACL_DT_UNDEFINED && d->format == ACL_FORMAT_UNDEFINED && d->ndims == 0;
}

bool aclop_desc_unknown_rank(const aclTensorDesc *d)
{
    return d->ndims > 0 && d->dims[0] == ACLOP_UNKNOWN_RANK;
}

bool aclop_desc_is_dynamic(const aclTensorDesc *d)
{
    for (size_t i = 0; i < d->ndims; i++)
        if (d->dims[i] == ACLOP_UNKNOWN_DIM || d->dims[i] == ACLOP_UNKNOWN_RANK)
            return true;
    return d->nvalue_range > 0;
}

int64_t aclop_desc_numel(const aclTensorDesc *d)
{
    int64_t n = 1;
    for (size_t i = 0; i < d->ndims; i++) {
        if (d->dims[i] < 0)
            return -1;
        if (d->dims[i] != 0 && n > INT64_MAX / d->dims[i])
            return -1;
        n *= d->dims[i];
    }
    return n;
}

void aclop_desc_release(aclTensorDesc *d)
{
    free(d->name);
    free(d->dynamic_input);
    free(d->const_data);
    d->name = d->dynamic_input = NULL;
    d->const_data = NULL;
    d->const_len = 0;
}

int aclop_desc_copy(aclTensorDesc *dst, const aclTensorDesc *src)
{
    if (dst == src)
        return ACL_SUCCESS;
    aclop_desc_release(dst);
    *dst = *src;
    dst->name = strdup(src->name ? src->name : "");
    dst->dynamic_input = src->dynamic_input ? strdup(src->dynamic_input) : NULL;
    dst->const_data = NULL;
    if (src->const_data && src->const_len) {
        dst->const_data = malloc(src->const_len);
        if (dst->const_data)
            memcpy(dst->const_data, src->const_data, src->const_len);
    }
    if (!dst->name || (src->dynamic_input && !dst->dynamic_input) ||
        (src->const_data && src->const_len && !dst->const_data)) {
        aclop_desc_release(dst);
        return ACL_ERROR_BAD_ALLOC;
    }
    return ACL_SUCCESS;
}

char *aclop_dims_str(const int64_t *dims, size_t n, char *buf, size_t cap)
{
    size_t o = 0;
    o += (size_t)snprintf(buf + o, o < cap ? cap - o : 0, "[");
    for (size_t i = 0; i < n; i++)
        o += (size_t)snprintf(buf + o, o < cap ? cap - o : 0, "%s%" PRId64, i ? "," : "", dims[i]);
    snprintf(buf + o, o < cap ? cap - o : 0, "]");
    return buf;
}

char *aclop_desc_str(const aclTensorDesc *d, char *buf, size_t cap)
{
    char dims[256];
    snprintf(buf, cap, "%s %s %s", aclop_dtype_name(d->dtype), aclop_format_name(d->format),
             aclop_dims_str(d->dims, d->ndims, dims, sizeof(dims)));
    return buf;
}

int aclop_desc_set_dims(aclTensorDesc *d, size_t n, const int64_t *dims)
{
    if (n > ACLOP_MAX_DIMS)
        return ACL_ERROR_INVALID_PARAM;
    d->ndims = n;
    if (n)
        memcpy(d->dims, dims, n * sizeof(int64_t));
    return ACL_SUCCESS;
}

const char *aclop_dtype_name(aclDataType t)
{
    switch (t) {
    case ACL_DT_UNDEFINED: return "undefined";
    case ACL_FLOAT: return "float";
    case ACL_FLOAT16: return "float16";
    case ACL_INT8: return "int8";
    case ACL_INT32: return "int32";
    case ACL_UINT8: return "uint8";
    case ACL_INT16: return "int16";
    case ACL_UINT16: return "uint16";
    case ACL_UINT32: return "uint32";
    case ACL_INT64: return "int64";
    case ACL_UINT64: return "uint64";
    case ACL_DOUBLE: return "double";
    case ACL_BOOL: return "bool";
    case ACL_STRING: return "string";
    case ACL_COMPLEX64: return "complex64";
    case ACL_COMPLEX128: return "complex128";
    case ACL_BF16: return "bfloat16";
    case ACL_INT4: return "int4";
    case ACL_UINT1: return "uint1";
    case ACL_COMPLEX32: return "complex32";
    default: return "unknown";
    }
}

const char *aclop_format_name(aclFormat f)
{
    switch (f) {
    case ACL_FORMAT_UNDEFINED: return "UNDEFINED";
    case ACL_FORMAT_NCHW: return "NCHW";
    case ACL_FORMAT_NHWC: return "NHWC";
    case ACL_FORMAT_ND: return "ND";
    case ACL_FORMAT_NC1HWC0: return "NC1HWC0";
    case ACL_FORMAT_FRACTAL_Z: return "FRACTAL_Z";
    case ACL_FORMAT_NC1HWC0_C04: return "NC1HWC0_C04";
    case ACL_FORMAT_HWCN: return "HWCN";
    case ACL_FORMAT_NDHWC: return "NDHWC";
    case ACL_FORMAT_FRACTAL_NZ: return "FRACTAL_NZ";
    case ACL_FORMAT_NCDHW: return "NCDHW";
    case ACL_FORMAT_NDC1HWC0: return "NDC1HWC0";
    case ACL_FRACTAL_Z_3D: return "FRACTAL_Z_3D";
    case ACL_FORMAT_NC: return "NC";
    case ACL_FORMAT_NCL: return "NCL";
    default: return "unknown";
    }
}

/* ---- public API ------------------------------------------------------------------------- */

API aclTensorDesc *aclCreateTensorDesc(aclDataType dataType, int numDims, const int64_t *dims,
                                       aclFormat format)
{
    char v[32];
    if (numDims < 0) {
        snprintf(v, sizeof(v), "%d", numDims);
        bad_value("numDims", v, "can't smaller than 0");
        return NULL;
    }
    if (numDims > 0 && dims == NULL) {
        snprintf(v, sizeof(v), "%d", numDims);
        bad_value("numDims", v, "dims is null while numDims > 0");
        return NULL;
    }
    if (numDims > ACLOP_MAX_DIMS) {
        snprintf(v, sizeof(v), "%d", numDims);
        bad_value("numDims", v, "the emulator supports at most 32 dims");
        return NULL;
    }
    aclTensorDesc *d = calloc(1, sizeof(*d));
    if (d == NULL || (d->name = strdup("")) == NULL) {
        free(d);
        aclemu_errmsg_push("EH0010", "Failed to allocate %zu bytes of host memory via %s to ACL.",
                           sizeof(*d), "malloc");
        return NULL;
    }
    d->dtype = dataType;
    d->format = format;
    d->storage_format = ACL_FORMAT_UNDEFINED;
    d->placement = ACL_MEMTYPE_DEVICE;
    aclop_desc_set_dims(d, (size_t)numDims, dims);
    return d;
}

API void aclDestroyTensorDesc(const aclTensorDesc *desc)
{
    if (desc == NULL)
        return;
    aclop_desc_release((aclTensorDesc *)desc);
    free((void *)desc);
}

/* Copies count [min, max] pairs into dst (at most ACLOP_MAX_DIMS); what names the API's
 * count and array parameters in the messages. */
static aclError set_ranges(aclTensorDesc *desc, size_t count, const int64_t (*src)[2], int64_t (*dst)[2],
                           size_t *ndst, const char *count_name, const char *array_name, const char *what)
{
    if (desc == NULL) {
        null_arg("desc");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (count > 0 && src == NULL) {
        null_arg(array_name);
        return ACL_ERROR_INVALID_PARAM;
    }
    if (count > ACLOP_MAX_DIMS) {
        char v[32], why[64];
        snprintf(v, sizeof(v), "%zu", count);
        snprintf(why, sizeof(why), "the emulator supports at most 32 %s", what);
        bad_value(count_name, v, why);
        return ACL_ERROR_INVALID_PARAM;
    }
    *ndst = count;
    for (size_t i = 0; i < count; i++) {
        dst[i][0] = src[i][0];
        dst[i][1] = src[i][1];
    }
    return ACL_SUCCESS;
}

API aclError aclSetTensorShapeRange(aclTensorDesc *desc, size_t dimsCount,
                                    int64_t dimsRange[][ACL_TENSOR_SHAPE_RANGE_NUM])
{
    return set_ranges(desc, dimsCount, (const int64_t (*)[2])dimsRange, desc ? desc->range : NULL,
                      desc ? &desc->nrange : NULL, "dimsCount", "dimsRange", "dims");
}

API aclError aclSetTensorValueRange(aclTensorDesc *desc, size_t valueCount,
                                    int64_t valueRange[][ACL_TENSOR_VALUE_RANGE_NUM])
{
    return set_ranges(desc, valueCount, (const int64_t (*)[2])valueRange, desc ? desc->value_range : NULL,
                      desc ? &desc->nvalue_range : NULL, "valueCount", "valueRange", "value ranges");
}

API aclDataType aclGetTensorDescType(const aclTensorDesc *desc)
{
    if (desc == NULL) {
        null_arg("desc");
        return ACL_DT_UNDEFINED;
    }
    return desc->dtype;
}

API aclFormat aclGetTensorDescFormat(const aclTensorDesc *desc)
{
    if (desc == NULL) {
        null_arg("desc");
        return ACL_FORMAT_UNDEFINED;
    }
    return desc->format;
}

API size_t aclGetTensorDescElementCount(const aclTensorDesc *desc)
{
    if (desc == NULL) {
        null_arg("desc");
        return 0;
    }
    int64_t n = aclop_desc_numel(desc);
    return n < 0 ? 0 : (size_t)n;
}

API size_t aclGetTensorDescSize(const aclTensorDesc *desc)
{
    if (desc == NULL) {
        null_arg("desc");
        return 0;
    }
    size_t count = aclGetTensorDescElementCount(desc);
    size_t es = aclDataTypeSize(desc->dtype);
    if (es != 0 && count > SIZE_MAX / es)
        return 0;
    return count * es;
}

API size_t aclGetTensorDescNumDims(const aclTensorDesc *desc)
{
    if (desc == NULL) {
        null_arg("desc");
        return 0;
    }
    if (aclop_desc_unknown_rank(desc))
        return ACL_UNKNOWN_RANK;
    return desc->ndims;
}

static aclError index_error(size_t index, size_t n)
{
    char v[32], why[64];
    snprintf(v, sizeof(v), "%zu", index);
    snprintf(why, sizeof(why), "index out of range. numDims = %zu", n);
    bad_value("index", v, why);
    return ACL_ERROR_INVALID_PARAM;
}

API int64_t aclGetTensorDescDim(const aclTensorDesc *desc, size_t index)
{
    if (desc == NULL) {
        null_arg("desc");
        return -1;
    }
    if (index >= desc->ndims) {
        index_error(index, desc->ndims);
        return -1;
    }
    return desc->dims[index];
}

API aclError aclGetTensorDescDimV2(const aclTensorDesc *desc, size_t index, int64_t *dimSize)
{
    if (desc == NULL) {
        null_arg("desc");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (dimSize == NULL) {
        null_arg("dimSize");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (index >= desc->ndims)
        return index_error(index, desc->ndims);
    *dimSize = desc->dims[index];
    return ACL_SUCCESS;
}

API aclError aclGetTensorDescDimRange(const aclTensorDesc *desc, size_t index, size_t dimRangeNum,
                                      int64_t *dimRange)
{
    if (desc == NULL) {
        null_arg("desc");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (dimRange == NULL) {
        null_arg("dimRange");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (index >= desc->nrange)
        return index_error(index, desc->nrange);
    if (dimRangeNum < ACL_TENSOR_SHAPE_RANGE_NUM) {
        char v[32];
        snprintf(v, sizeof(v), "%zu", dimRangeNum);
        bad_value("dimRangeNum", v, "cannot be less than 2");
        return ACL_ERROR_INVALID_PARAM;
    }
    dimRange[0] = desc->range[index][0];
    dimRange[1] = desc->range[index][1];
    return ACL_SUCCESS;
}

API void aclSetTensorDescName(aclTensorDesc *desc, const char *name)
{
    if (desc == NULL) {
        null_arg("desc");
        return;
    }
    char *copy = strdup(name ? name : "");
    if (copy == NULL)
        return;
    free(desc->name);
    desc->name = copy;
}

API const char *aclGetTensorDescName(aclTensorDesc *desc)
{
    if (desc == NULL)
        return "";
    return desc->name ? desc->name : "";
}

API aclError aclTransTensorDescFormat(const aclTensorDesc *srcDesc, aclFormat dstFormat,
                                      aclTensorDesc **dstDesc)
{
    if (srcDesc == NULL || dstDesc == NULL) {
        null_arg(srcDesc == NULL ? "srcDesc" : "dstDesc");
        return ACL_ERROR_INVALID_PARAM;
    }
    /* Only the layout-preserving and the 4-D NCHW <-> NHWC transformations exist here: the
     * emulated device keeps every tensor in its origin layout. */
    const aclTensorDesc *s = srcDesc;
    aclTensorDesc *d = aclCreateTensorDesc(s->dtype, (int)s->ndims, s->dims, dstFormat);
    if (d == NULL)
        return ACL_ERROR_BAD_ALLOC;
    bool four = s->ndims == 4 && !aclop_desc_is_dynamic(s);
    if (s->format == dstFormat || s->format == ACL_FORMAT_ND || dstFormat == ACL_FORMAT_ND) {
        /* same dims */
    } else if (four && s->format == ACL_FORMAT_NCHW && dstFormat == ACL_FORMAT_NHWC) {
        int64_t dd[4] = {s->dims[0], s->dims[2], s->dims[3], s->dims[1]};
        aclop_desc_set_dims(d, 4, dd);
    } else if (four && s->format == ACL_FORMAT_NHWC && dstFormat == ACL_FORMAT_NCHW) {
        int64_t dd[4] = {s->dims[0], s->dims[3], s->dims[1], s->dims[2]};
        aclop_desc_set_dims(d, 4, dd);
    } else {
        aclDestroyTensorDesc(d);
        aclemu_errmsg_push("EH0006", "%s is not supported. Reason: %s.", "aclTransTensorDescFormat",
                           "only ND, NCHW and NHWC transformations of static 4-D shapes exist");
        return ACL_ERROR_FORMAT_NOT_MATCH;
    }
    *dstDesc = d;
    return ACL_SUCCESS;
}

API aclError aclSetTensorStorageFormat(aclTensorDesc *desc, aclFormat format)
{
    if (desc != NULL)
        desc->storage_format = format;
    return ACL_SUCCESS;
}

static aclError set_storage_shape(aclTensorDesc *desc, int numDims, const int64_t *dims)
{
    if (desc == NULL || dims == NULL) {
        null_arg(desc == NULL ? "desc" : "dims");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (numDims < 0 || numDims > ACLOP_MAX_DIMS) {
        char v[32];
        snprintf(v, sizeof(v), "%d", numDims);
        bad_value("numDims", v, "must be in [0, 32]");
        return ACL_ERROR_INVALID_PARAM;
    }
    desc->storage_ndims = (size_t)numDims;
    memcpy(desc->storage_dims, dims, (size_t)numDims * sizeof(int64_t));
    return ACL_SUCCESS;
}

API aclError aclSetTensorStorageShape(aclTensorDesc *desc, int numDims, const int64_t *dims)
{
    return set_storage_shape(desc, numDims, dims);
}

API aclError aclSetTensorFormat(aclTensorDesc *desc, aclFormat format)
{
    if (desc != NULL)
        desc->storage_format = format;
    return ACL_SUCCESS;
}

API aclError aclSetTensorShape(aclTensorDesc *desc, int numDims, const int64_t *dims)
{
    return set_storage_shape(desc, numDims, dims);
}

API aclError aclSetTensorOriginFormat(aclTensorDesc *desc, aclFormat format)
{
    if (desc != NULL)
        desc->format = format;
    return ACL_SUCCESS;
}

API aclError aclSetTensorOriginShape(aclTensorDesc *desc, int numDims, const int64_t *dims)
{
    if (desc == NULL || dims == NULL) {
        null_arg(desc == NULL ? "desc" : "dims");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (numDims < 0 || numDims > ACLOP_MAX_DIMS) {
        char v[32];
        snprintf(v, sizeof(v), "%d", numDims);
        bad_value("numDims", v, "must be in [0, 32]");
        return ACL_ERROR_INVALID_PARAM;
    }
    return aclop_desc_set_dims(desc, (size_t)numDims, dims);
}

/* As in GE: pointer arithmetic on an array of descriptors (the caller guarantees the index). */
API aclTensorDesc *aclGetTensorDescByIndex(aclTensorDesc *desc, size_t index)
{
    if (desc == NULL) {
        null_arg("desc");
        return NULL;
    }
    return desc + index;
}

API void *aclGetTensorDescAddress(const aclTensorDesc *desc)
{
    if (desc == NULL) {
        null_arg("desc");
        return NULL;
    }
    return desc->address;
}

API aclError aclSetTensorDynamicInput(aclTensorDesc *desc, const char *dynamicInputName)
{
    if (desc == NULL || dynamicInputName == NULL) {
        null_arg(desc == NULL ? "desc" : "dynamicInputName");
        return ACL_ERROR_INVALID_PARAM;
    }
    char *copy = strdup(dynamicInputName);
    if (copy == NULL)
        return ACL_ERROR_BAD_ALLOC;
    free(desc->dynamic_input);
    desc->dynamic_input = copy;
    return ACL_SUCCESS;
}

API aclError aclSetTensorConst(aclTensorDesc *desc, void *dataBuffer, size_t length)
{
    if (desc == NULL || dataBuffer == NULL) {
        null_arg(desc == NULL ? "desc" : "dataBuffer");
        return ACL_ERROR_INVALID_PARAM;
    }
    if (length == 0) {
        bad_value("length", "0", "The length of const dataBuffer must be greater than zero");
        return ACL_ERROR_INVALID_PARAM;
    }
    void *copy = malloc(length);
    if (copy == NULL) {
        aclemu_errmsg_push("EH0010", "Failed to allocate %zu bytes of host memory via %s to ACL.",
                           length, "malloc");
        return ACL_ERROR_BAD_ALLOC;
    }
    memcpy(copy, dataBuffer, length);
    free(desc->const_data);
    desc->const_data = copy;
    desc->const_len = length;
    desc->is_const = true;
    return ACL_SUCCESS;
}

API aclError aclSetTensorPlaceMent(aclTensorDesc *desc, aclMemType memType)
{
    if (desc == NULL) {
        null_arg("desc");
        return ACL_ERROR_INVALID_PARAM;
    }
    desc->placement = memType;
    return ACL_SUCCESS;
}
