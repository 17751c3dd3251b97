/* Order-preserving integer keys of the sort family's elements (device side): floats with the
 * sign folded and every NaN the largest (as torch orders them), signed integers with the sign
 * bit flipped; shared by SortLines and the Unique kernels. */
#ifndef OPS_MATH_SORT_KEYS_H
#define OPS_MATH_SORT_KEYS_H

#include <stdint.h>
#include <string.h>

/* aclDataType values (kernels do not include the ACL headers) */
enum { DT_FLOAT = 0, DT_FLOAT16 = 1, DT_INT8 = 2, DT_INT32 = 3, DT_UINT8 = 4, DT_INT16 = 6, DT_UINT16 = 7,
       DT_UINT32 = 8, DT_INT64 = 9, DT_UINT64 = 10, DT_DOUBLE = 11, DT_BOOL = 12, DT_BF16 = 27 };

static inline int key_bits(int dt)
{
    switch (dt) {
    case DT_INT8: case DT_UINT8: case DT_BOOL: return 8;
    case DT_FLOAT16: case DT_BF16: case DT_INT16: case DT_UINT16: return 16;
    case DT_FLOAT: case DT_INT32: case DT_UINT32: return 32;
    default: return 64;
    }
}

/* Order-preserving key of the element at p. */
static inline uint64_t key_of(int dt, const char *p)
{
    switch (dt) {
    case DT_FLOAT: {
        uint32_t u;
        memcpy(&u, p, 4);
        if ((u & 0x7fffffffu) > 0x7f800000u) return 0xffffffffu; /* NaN */
        return u & 0x80000000u ? ~u : u | 0x80000000u;
    }
    case DT_FLOAT16: case DT_BF16: {
        uint16_t u;
        memcpy(&u, p, 2);
        uint16_t inf = dt == DT_FLOAT16 ? 0x7c00 : 0x7f80;
        if ((u & 0x7fff) > inf) return 0xffffu;
        return (uint16_t)(u & 0x8000 ? ~u : u | 0x8000);
    }
    case DT_DOUBLE: {
        uint64_t u;
        memcpy(&u, p, 8);
        if ((u & 0x7fffffffffffffffull) > 0x7ff0000000000000ull) return ~0ull;
        return u & 0x8000000000000000ull ? ~u : u | 0x8000000000000000ull;
    }
    case DT_INT8: return (uint8_t)(*(const int8_t *)p ^ 0x80);
    case DT_UINT8: return *(const uint8_t *)p;
    case DT_BOOL: return *(const uint8_t *)p != 0;
    case DT_INT16: { uint16_t u; memcpy(&u, p, 2); return (uint16_t)(u ^ 0x8000); }
    case DT_UINT16: { uint16_t u; memcpy(&u, p, 2); return u; }
    case DT_INT32: { uint32_t u; memcpy(&u, p, 4); return u ^ 0x80000000u; }
    case DT_UINT32: { uint32_t u; memcpy(&u, p, 4); return u; }
    case DT_INT64: { uint64_t u; memcpy(&u, p, 8); return u ^ 0x8000000000000000ull; }
    default: { uint64_t u; memcpy(&u, p, 8); return u; }
    }
}

#endif
