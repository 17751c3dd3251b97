/* Data-type and format helpers for host-side validation: sizes, names for messages, type
 * classes, torch-style promotion (promoteTypes / result_type with scalars), canCast, dtype
 * support lists as bit masks, and format names / classes. */
#ifndef ACLEMU_OP_DTYPE_H
#define ACLEMU_OP_DTYPE_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exported from libnnopbase for the op libraries (the project builds with hidden visibility). */
#pragma GCC visibility push(default)

/* A set of dtypes: bit (1 << aclDataType). All public dtype values are < 64. */
typedef uint64_t aclemu_dtype_set;
#define ACLEMU_DT(x) ((aclemu_dtype_set)1 << (unsigned)(x))
#define ACLEMU_DT_FLOATS (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))
#define ACLEMU_DT_INTS                                                                          \
    (ACLEMU_DT(ACL_INT8) | ACLEMU_DT(ACL_UINT8) | ACLEMU_DT(ACL_INT16) | ACLEMU_DT(ACL_INT32) | \
     ACLEMU_DT(ACL_INT64))

static inline int aclemu_dtype_in(aclDataType dt, aclemu_dtype_set set)
{
    return (int)dt >= 0 && (int)dt < 64 && (set & ACLEMU_DT(dt)) != 0;
}

/* Bytes per element; 0 for UNDEFINED / STRING / unknown values. */
size_t aclemu_dtype_size(aclDataType dt);
/* bits per element: 4 for INT4 / FLOAT4_*, 1 for UINT1, else 8 x aclemu_dtype_size */
unsigned aclemu_dtype_bits(aclDataType dt);
/* "DT_FLOAT", "DT_FLOAT16", "DT_BF16", ... as opbase prints them; "DT_UNDEFINED(<n>)" else. */
const char *aclemu_dtype_name(aclDataType dt);
/* Writes "[DT_FLOAT, DT_FLOAT16]" into buf. */
const char *aclemu_dtype_set_str(aclemu_dtype_set set, char *buf, size_t len);

int aclemu_dtype_is_float(aclDataType dt);    /* FLOAT16, BF16, FLOAT, DOUBLE */
int aclemu_dtype_is_int(aclDataType dt);      /* signed/unsigned integers, not BOOL */
int aclemu_dtype_is_complex(aclDataType dt);

/* torch promoteTypes for two tensors; ACL_DT_UNDEFINED if the pair has no promotion. */
aclDataType aclemu_promote_types(aclDataType a, aclDataType b);
/* Result dtype of (tensor op scalar): the scalar only matters when it is of a higher category
 * (bool < integer < floating < complex); a float scalar with an integer tensor gives FLOAT. */
aclDataType aclemu_promote_with_scalar(aclDataType tensor_dt, aclDataType scalar_dt);
/* torch canCast: no complex -> real, no floating -> integral, no non-bool -> bool. */
int aclemu_can_cast(aclDataType from, aclDataType to);

/* Format helpers. */
const char *aclemu_format_name(aclFormat f);
/* 1 for the internal layouts users may not pass (NC1HWC0, FRACTAL_Z, FRACTAL_NZ, ...). */
int aclemu_format_is_private(aclFormat f);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif
#endif
