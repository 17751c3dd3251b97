/* Cast kernel: element conversion between any two supported dtypes (round to nearest even into
 * floating types, truncation toward zero with saturation into integers, NaN -> 0, != 0 -> true).
 * Conversions between the floating types and anything involving a complex type go through the
 * vectorised ops_nn/vec cast (same rounding, NaN/Inf kept; complex -> real keeps the real part,
 * real -> complex has imaginary part 0); the integer targets keep the saturating conversion. */
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu_op/kernel_util.h"
#include "cast_args.h"
#include "quant_codec.h" /* HIFLOAT8 */
#ifdef ACLEMU_HAVE_VEC
#include "cast.h" /* ops_nn/vec */
#endif

#ifdef ACLEMU_HAVE_VEC
static int is_float(int32_t dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16 || dt == ACL_DOUBLE;
}

static int is_complex(int32_t dt)
{
    return dt == ACL_COMPLEX64 || dt == ACL_COMPLEX128;
}

/* 1 when the vec cast handles this pair with the op's semantics. */
static int use_vec(int32_t ddt, int32_t sdt)
{
    return (is_float(ddt) && is_float(sdt)) || is_complex(ddt) || is_complex(sdt);
}
#endif

static int cast_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(cast_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const cast_args *a = (const cast_args *)args;
    const int32_t ddt = a->ew.op[0].dtype, sdt = a->ew.op[1].dtype;
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[2];
    int64_t n;
#ifdef ACLEMU_HAVE_VEC
    const int64_t des = (int64_t)aclemu_kdtype_size(ddt), ses = (int64_t)aclemu_kdtype_size(sdt);
    const int vec = use_vec(ddt, sdt);
#endif
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
        if (ddt == ACL_HIFLOAT8 || sdt == ACL_HIFLOAT8) { /* through FP32 (exact for the peers) */
            for (int64_t i = 0; i < n; i++) {
                char *d = p[0] + i * it.inner_stride[0];
                const char *s = p[1] + i * it.inner_stride[1];
                float f;
                if (sdt == ACL_HIFLOAT8)
                    f = quant_from_hif8(*(const uint8_t *)s);
                else
                    aclemu_convert_run((char *)&f, ACL_FLOAT, 4, s, sdt, 0, 1);
                if (ddt == ACL_HIFLOAT8)
                    *(uint8_t *)d = (uint8_t)quant_to_hif8_inf(f);
                else
                    aclemu_convert_run(d, ddt, 0, (const char *)&f, ACL_FLOAT, 4, 1);
            }
            continue;
        }
#ifdef ACLEMU_HAVE_VEC
        if (vec && it.inner_stride[0] % des == 0 && it.inner_stride[1] % ses == 0 &&
            vec_cast_elems(p[1], sdt, it.inner_stride[1] / ses, p[0], ddt, it.inner_stride[0] / des, n) == 0)
            continue;
#endif
        aclemu_convert_run(p[0], ddt, it.inner_stride[0], p[1], sdt, it.inner_stride[1], n);
    }
    return 0;
}

ACLEMU_KERNEL("Cast", cast_kernel);

/* FP32 -> BF16 bits, round to nearest even (NaN kept quiet). */
static float cast_round_bf16(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    if ((u & 0x7fffffffu) > 0x7f800000u)
        return f;
    u = (u + 0x7fffu + ((u >> 16) & 1u)) & 0xffff0000u;
    memcpy(&f, &u, 4);
    return f;
}

static int cast_fp4_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size != sizeof(cast_fp4_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const cast_fp4_args *a = (const cast_fp4_args *)args;
    const int32_t sdt = a->src_dtype;
    if ((sdt != ACL_FLOAT && sdt != ACL_FLOAT16 && sdt != ACL_BF16) || a->per_block % 2 || a->dst_off % 2)
        return ACLEMU_KERNEL_BAD_ARGS;
    const int64_t es = (int64_t)aclemu_kdtype_size(sdt);
    const char *src = (const char *)(uintptr_t)a->src + a->src_off * es;
    uint8_t *dst = (uint8_t *)(uintptr_t)a->dst + a->dst_off / 2;
    uint64_t s, e;
    aclemu_block_range((uint64_t)a->n, (uint64_t)a->per_block, blk, &s, &e);
    for (uint64_t i = s; i < e; i++) {
        float f;
        aclemu_load_f32(&f, src + (int64_t)i * es, sdt, 0, 1);
        if (sdt != ACL_BF16)
            f = cast_round_bf16(f);
        uint8_t c = (uint8_t)quant_to_fp4(f, 0, QUANT_RINT);
        uint8_t *d = dst + i / 2;
        *d = (i & 1) ? (uint8_t)((*d & 0x0f) | (c << 4)) : (uint8_t)((*d & 0xf0) | c);
    }
    return 0;
}

ACLEMU_KERNEL("CastFp4", cast_fp4_kernel);
