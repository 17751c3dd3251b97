#include "cast.h"

#include <math.h>
#include <string.h>

#include "dtype.h"

int vec_cast_supported(int dt)
{
    switch (dt) {
    case VEC_DT_FLOAT: case VEC_DT_FLOAT16: case VEC_DT_BF16: case VEC_DT_DOUBLE:
    case VEC_DT_INT8: case VEC_DT_UINT8: case VEC_DT_INT16: case VEC_DT_UINT16:
    case VEC_DT_INT32: case VEC_DT_UINT32: case VEC_DT_INT64: case VEC_DT_UINT64:
    case VEC_DT_BOOL: case VEC_DT_COMPLEX64: case VEC_DT_COMPLEX128:
        return 1;
    default:
        return 0;
    }
}

/* One element in transit: floating kinds carry (re, im), integer kinds an
 * exact 64-bit value. */
typedef struct elem {
    int is_float;
    int is_unsigned;
    double re, im;
    int64_t i;
} elem;

static elem load_elem(const char *p, int dt)
{
    elem e = {0};
    switch (dt) {
    case VEC_DT_FLOAT: e.is_float = 1; e.re = *(const float *)p; break;
    case VEC_DT_FLOAT16: e.is_float = 1; e.re = vec_f16_to_f32(*(const uint16_t *)p); break;
    case VEC_DT_BF16: e.is_float = 1; e.re = vec_bf16_to_f32(*(const uint16_t *)p); break;
    case VEC_DT_DOUBLE: e.is_float = 1; e.re = *(const double *)p; break;
    case VEC_DT_COMPLEX64:
        e.is_float = 1; e.re = ((const float *)p)[0]; e.im = ((const float *)p)[1]; break;
    case VEC_DT_COMPLEX128:
        e.is_float = 1; e.re = ((const double *)p)[0]; e.im = ((const double *)p)[1]; break;
    case VEC_DT_INT8: e.i = *(const int8_t *)p; break;
    case VEC_DT_UINT8: e.i = *(const uint8_t *)p; break;
    case VEC_DT_INT16: e.i = *(const int16_t *)p; break;
    case VEC_DT_UINT16: e.i = *(const uint16_t *)p; break;
    case VEC_DT_INT32: e.i = *(const int32_t *)p; break;
    case VEC_DT_UINT32: e.i = *(const uint32_t *)p; break;
    case VEC_DT_INT64: e.i = *(const int64_t *)p; break;
    case VEC_DT_UINT64: e.i = (int64_t)*(const uint64_t *)p; e.is_unsigned = 1; break;
    case VEC_DT_BOOL: e.i = *(const uint8_t *)p != 0; break;
    }
    return e;
}

/* x86 cvttsd2si semantics: truncate, out of range or NaN -> INT_MIN pattern */
static int64_t trunc64(double v)
{
    if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0))
        return INT64_MIN;
    return (int64_t)v;
}
static int32_t trunc32(double v)
{
    if (!(v > -2147483649.0 && v < 2147483648.0))
        return INT32_MIN;
    return (int32_t)v;
}

static int64_t elem_to_int(const elem *e, int dt)
{
    if (!e->is_float)
        return e->i;
    /* narrow types go through the 32-bit convert, as compiled C++ does */
    if (dt == VEC_DT_INT8 || dt == VEC_DT_UINT8 || dt == VEC_DT_INT16 || dt == VEC_DT_UINT16 ||
        dt == VEC_DT_INT32)
        return trunc32(e->re);
    if (dt == VEC_DT_UINT64 && e->re >= 9223372036854775808.0 && e->re < 18446744073709551616.0)
        return (int64_t)(uint64_t)e->re;
    return trunc64(e->re);
}

static double elem_to_double(const elem *e)
{
    if (e->is_float)
        return e->re;
    return e->is_unsigned ? (double)(uint64_t)e->i : (double)e->i;
}

static float elem_to_float(const elem *e)
{
    if (e->is_float)
        return (float)e->re;
    /* direct int64 -> float conversion rounds once */
    return e->is_unsigned ? (float)(uint64_t)e->i : (float)e->i;
}

static void store_elem(char *p, int dt, const elem *e)
{
    switch (dt) {
    case VEC_DT_FLOAT: *(float *)p = elem_to_float(e); break;
    case VEC_DT_FLOAT16: *(uint16_t *)p = vec_f32_to_f16(elem_to_float(e)); break;
    case VEC_DT_BF16: *(uint16_t *)p = vec_f32_to_bf16(elem_to_float(e)); break;
    case VEC_DT_DOUBLE: *(double *)p = elem_to_double(e); break;
    case VEC_DT_COMPLEX64:
        ((float *)p)[0] = elem_to_float(e);
        ((float *)p)[1] = (float)e->im;
        break;
    case VEC_DT_COMPLEX128:
        ((double *)p)[0] = elem_to_double(e);
        ((double *)p)[1] = e->im;
        break;
    case VEC_DT_BOOL:
        *(uint8_t *)p = e->is_float ? (e->re != 0.0 || e->im != 0.0 || isnan(e->re)) : e->i != 0;
        break;
    case VEC_DT_INT8: *(int8_t *)p = (int8_t)elem_to_int(e, dt); break;
    case VEC_DT_UINT8: *(uint8_t *)p = (uint8_t)elem_to_int(e, dt); break;
    case VEC_DT_INT16: *(int16_t *)p = (int16_t)elem_to_int(e, dt); break;
    case VEC_DT_UINT16: *(uint16_t *)p = (uint16_t)elem_to_int(e, dt); break;
    case VEC_DT_INT32: *(int32_t *)p = (int32_t)elem_to_int(e, dt); break;
    case VEC_DT_UINT32: *(uint32_t *)p = (uint32_t)elem_to_int(e, dt); break;
    case VEC_DT_INT64: *(int64_t *)p = elem_to_int(e, dt); break;
    case VEC_DT_UINT64: *(uint64_t *)p = (uint64_t)elem_to_int(e, dt); break;
    }
}

int vec_cast_elems(const void *src, int sdt, int64_t sstride, void *dst, int ddt,
                   int64_t dstride, int64_t n)
{
    if (!vec_cast_supported(sdt) || !vec_cast_supported(ddt))
        return -1;
    int64_t ses = (int64_t)vec_dtype_size(sdt), des = (int64_t)vec_dtype_size(ddt);
    /* fast paths: contiguous same type and the float-lane conversions */
    if (sstride == 1 && dstride == 1) {
        if (sdt == ddt) {
            memmove(dst, src, (size_t)(n * ses));
            return 0;
        }
        if (vec_dtype_is_float_io(sdt) && ddt == VEC_DT_FLOAT) {
            vec_load_f32(src, sdt, 1, dst, n);
            return 0;
        }
        if (sdt == VEC_DT_FLOAT && vec_dtype_is_float_io(ddt)) {
            vec_store_f32(src, dst, ddt, 1, n);
            return 0;
        }
        if (sdt == VEC_DT_INT32 && ddt == VEC_DT_FLOAT) {
            const int32_t *s = src;
            float *d = dst;
            for (int64_t i = 0; i < n; i++) d[i] = (float)s[i];
            return 0;
        }
        if (sdt == VEC_DT_FLOAT && ddt == VEC_DT_INT32) {
            const float *s = src;
            int32_t *d = dst;
            for (int64_t i = 0; i < n; i++) {
                float v = s[i];
                d[i] = (v > -2147483649.0f && v < 2147483648.0f) ? (int32_t)v : INT32_MIN;
            }
            return 0;
        }
    }
    const char *s = src;
    char *d = dst;
    for (int64_t i = 0; i < n; i++) {
        elem e = load_elem(s + i * sstride * ses, sdt);
        store_elem(d + i * dstride * des, ddt, &e);
    }
    return 0;
}

typedef struct cast_ctx {
    int sdt, ddt;
} cast_ctx;

static void cast_run(void *vc, char *const *ptrs, const int64_t *str, int64_t len)
{
    const cast_ctx *c = vc;
    vec_cast_elems(ptrs[1], c->sdt, str[1], ptrs[0], c->ddt, str[0], len);
}

int vec_cast(const vec_view *src, const vec_view *dst, int64_t begin, int64_t end)
{
    if (!vec_cast_supported(src->dtype) || !vec_cast_supported(dst->dtype))
        return -1;
    vec_view s;
    if (vec_view_broadcast(src, dst->ndim, dst->shape, &s) != 0)
        return -1;
    const vec_view *vs[2] = {dst, &s};
    vec_iter it;
    if (vec_iter_init(&it, 2, vs) != 0)
        return -1;
    cast_ctx c = {src->dtype, dst->dtype};
    vec_iter_run(&it, begin, end, cast_run, &c);
    return 0;
}
