/* Layout of aclTensorDesc (opaque to users) and the helpers the aclop layer uses on it.
 *
 * As in GE, a descriptor has an "origin" view (format + dims: what aclCreateTensorDesc and
 * aclSetTensorOrigin* set, what ops compute on) and an optional storage view (storage_format
 * + storage_dims: what aclSetTensorFormat / aclSetTensorShape set). Dims may hold -1 (unknown
 * dim, bounded by the shape range) or a single -2 (unknown rank). */
#ifndef ACLEMU_ACLOP_TENSOR_DESC_H
#define ACLEMU_ACLOP_TENSOR_DESC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "acl/acl_base.h"

#define ACLOP_UNKNOWN_DIM (-1)
#define ACLOP_UNKNOWN_RANK (-2)
#define ACLOP_MAX_DIMS 32

struct aclTensorDesc {
    aclDataType dtype;
    aclFormat format;
    aclFormat storage_format;     /* ACL_FORMAT_UNDEFINED when not set */
    size_t ndims;
    int64_t dims[ACLOP_MAX_DIMS];
    size_t storage_ndims;
    int64_t storage_dims[ACLOP_MAX_DIMS];
    size_t nrange;                /* shape range: one {min, max} per dim; max -1 = unbounded */
    int64_t range[ACLOP_MAX_DIMS][2];
    size_t nvalue_range;
    int64_t value_range[ACLOP_MAX_DIMS][2];
    char *name;                   /* never NULL after creation ("" by default) */
    char *dynamic_input;          /* NULL when not set */
    aclMemType placement;
    bool is_const;
    void *const_data;             /* owned copy */
    size_t const_len;
    void *address;                /* what aclGetTensorDescAddress reports (unused: NULL) */
};

/* Optional-input marker: ACL_DT_UNDEFINED, ACL_FORMAT_UNDEFINED, no dims. */
bool aclop_desc_is_optional(const aclTensorDesc *d);
/* True when a dim is -1 or -2 (value ranges make a tensor dynamic too, as in GE). */
bool aclop_desc_is_dynamic(const aclTensorDesc *d);
bool aclop_desc_unknown_rank(const aclTensorDesc *d);
/* Element count of the origin dims; -1 if any dim is unknown or the count overflows. */
int64_t aclop_desc_numel(const aclTensorDesc *d);
/* Deep copy into dst (dst's previous owned members are freed). 0 or ACL_ERROR_BAD_ALLOC. */
int aclop_desc_copy(aclTensorDesc *dst, const aclTensorDesc *src);
/* Frees what a desc owns (name, dynamic input name, const data), not the desc itself. */
void aclop_desc_release(aclTensorDesc *d);
/* Writes "[8,16]"-style dims. Returns buf. */
char *aclop_dims_str(const int64_t *dims, size_t n, char *buf, size_t cap);
/* "float ND [8,16]" — for error messages. */
char *aclop_desc_str(const aclTensorDesc *d, char *buf, size_t cap);
/* Sets origin dims (no allocation). ACL_ERROR_INVALID_PARAM if n > ACLOP_MAX_DIMS. */
int aclop_desc_set_dims(aclTensorDesc *d, size_t n, const int64_t *dims);

/* Names used by error messages, atc and model files. */
const char *aclop_dtype_name(aclDataType t);
const char *aclop_format_name(aclFormat f);

#endif
