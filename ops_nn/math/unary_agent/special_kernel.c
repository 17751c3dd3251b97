/* SpecialUnary kernel: the inverse normal CDF and the Fresnel integrals. The op takes FLOAT,
 * FLOAT16 and BF16 only, so every dtype computes in FP32 on the vector loops of ops_nn/vec
 * (vm_ndtri / vm_fresnel in vmath_special_impl.h; FLOAT16 / BF16 converted in chunks, rounded
 * once on store):
 *  - ndtri(p): 0 -> -inf, 1 -> +inf, outside [0, 1] or NaN -> NaN;
 *  - C(x), S(x) (odd): +-inf -> +-1/2, NaN kept. */
#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "dtype.h"
#include "eltwise.h"
#include "special_args.h"

static int is_float_io(int32_t dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
}

static int special_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(special_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const special_args *a = (const special_args *)args;
    if (a->ew.nops != 2 || a->fn < SPECIAL_NDTRI || a->fn > SPECIAL_FRESNEL_SIN ||
        !is_float_io(a->ew.op[0].dtype) || !is_float_io(a->ew.op[1].dtype))
        return ACLEMU_KERNEL_BAD_ARGS;
    const vec_unary_op vop = a->fn == SPECIAL_NDTRI ? VEC_NDTRI : a->fn == SPECIAL_FRESNEL_COS ? VEC_FRESNEL_COS
                                                                                                : VEC_FRESNEL_SIN;
    const int32_t odt = a->ew.op[0].dtype, idt = a->ew.op[1].dtype;
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[2] = {0, 0};
    int64_t n;
    float xb[ACLEMU_CHUNK], yb[ACLEMU_CHUNK];
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
        int64_t so = it.inner_stride[0], sx = it.inner_stride[1];
        for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
            int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
            char *po = p[0] + c * so;
            const float *x = vec_stage_f32(p[1] + c * sx, idt, sx / it.esize[1], xb, m);
            int direct = odt == ACL_FLOAT && so == 4;
            float *y = direct ? (float *)(void *)po : yb;
            vec_unary_f32(vop, NULL, x, y, m);
            if (!direct)
                vec_store_f32(y, po, odt, so / it.esize[0], m);
        }
    }
    return 0;
}

ACLEMU_KERNEL("SpecialUnary", special_kernel);
