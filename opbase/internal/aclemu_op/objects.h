/* The host-side layout of the aclnn meta objects (aclTensor, aclScalar, arrays, lists).
 * Only opbase and the op API code see these; users get opaque pointers. */
#ifndef ACLEMU_OP_OBJECTS_H
#define ACLEMU_OP_OBJECTS_H

#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exported from libnnopbase for the op libraries (the project builds with hidden visibility). */
#pragma GCC visibility push(default)

/* Rank up to which shapes live inside the object (no second allocation). */
#define ACLEMU_INLINE_RANK 8
/* Largest rank any operator accepts (MAX_SUPPORT_DIMS_NUMS of ops-nn). */
#define ACLEMU_MAX_RANK 8

struct aclTensor {
    uint32_t magic;
    aclDataType dtype;
    aclFormat format;
    uint32_t ndim;          /* view rank */
    uint32_t storage_ndim;
    int64_t offset;         /* element offset of the view inside the storage */
    void *data;             /* device address of the storage base */
    int64_t *shape;         /* view shape (points at inl_shape or the heap) */
    int64_t *stride;        /* view strides in elements */
    int64_t *storage_shape;
    int64_t inl_shape[ACLEMU_INLINE_RANK];
    int64_t inl_stride[ACLEMU_INLINE_RANK];
    int64_t inl_storage[ACLEMU_INLINE_RANK];
};

struct aclScalar {
    uint32_t magic;
    aclDataType dtype;
    union {                 /* the value as given, in its own type */
        bool b;
        int8_t i8;
        uint8_t u8;
        int16_t i16;
        uint16_t u16;
        int32_t i32;
        uint32_t u32;
        int64_t i64;
        uint64_t u64;
        float f32;
        double f64;
        uint16_t half_bits;  /* FLOAT16 / BF16 */
        float c64[2];
        double c128[2];
        unsigned char raw[16];
    } v;
};

struct aclIntArray {
    uint64_t size;
    int64_t data[];
};
struct aclFloatArray {
    uint64_t size;
    float data[];
};
struct aclBoolArray {
    uint64_t size;
    bool data[];
};
struct aclTensorList {
    uint64_t size;
    aclTensor *items[];
};
struct aclScalarList {
    uint64_t size;
    aclScalar *items[];
};

/* Number of elements of the view (1 for rank 0, 0 if any dim is 0). */
int64_t aclemu_tensor_numel(const aclTensor *t);
/* Whether the element count, the storage element count and the reach of the view (|offset| plus
 * |stride| x |dim| per dim) of t each stay below ACLEMU_TENSOR_SIZE_MAX, with magnitudes so that
 * negative dims or strides cannot hide an overflow. Stage 1 refuses other tensors before any
 * planner multiplies their dims. */
#define ACLEMU_TENSOR_SIZE_MAX (INT64_MAX / 16) /* room for a byte count of the widest dtype */
int aclemu_tensor_sizes_fit(const aclTensor *t);
/* 1 if the view is row-major contiguous (offset ignored). */
int aclemu_tensor_is_contiguous(const aclTensor *t);
/* Scalar value converted to double / int64 (complex: real part). */
double aclemu_scalar_to_f64(const aclScalar *s);
int64_t aclemu_scalar_to_i64(const aclScalar *s);

#pragma GCC visibility pop

#ifdef __cplusplus
}
#endif
#endif
