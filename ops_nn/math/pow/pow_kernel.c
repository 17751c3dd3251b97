/* Pow kernel: base ^ exponent in the promoted dtype's domain — float (FLOAT16 / BF16 results
 * rounded to their dtype), double, or int64 (integer power by squaring; a negative exponent
 * gives 1 for base 1, +-1 for base -1 and 0 otherwise, like torch's integer pow). */
#include <math.h>

#include "acl/acl_base.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/kernel_util.h"
#include "pow_args.h"

static int64_t ipow(int64_t b, int64_t e)
{
    if (e < 0)
        return b == 1 ? 1 : (b == -1 ? ((e & 1) ? -1 : 1) : 0);
    uint64_t r = 1, x = (uint64_t)b; /* unsigned: wraps like the device's integer units */
    while (e) {
        if (e & 1)
            r *= x;
        x *= x;
        e >>= 1;
    }
    return (int64_t)r;
}

static float round_f32(float v, int32_t dt)
{
    if (dt == ACL_FLOAT16)
        return aclemu_half_to_float(aclemu_float_to_half(v));
    if (dt == ACL_BF16)
        return aclemu_bf16_to_float(aclemu_float_to_bf16(v));
    return v;
}

static int pow_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(pow_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const pow_args *a = (const pow_args *)args;
    const int tt = a->mode == POW_TT, st = a->mode == POW_ST;
    const int32_t odt = a->ew.op[0].dtype, xdt = a->ew.op[1].dtype, ydt = tt ? a->ew.op[2].dtype : -1;
    const int dom = aclemu_compute_domain(a->promoted);
    uint64_t s, e;
    aclemu_block_range(a->ew.numel, a->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &a->ew, s, e);
    char *p[3] = {0, 0, 0};
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
        int64_t so = it.inner_stride[0], sx = it.inner_stride[1], sy = tt ? it.inner_stride[2] : 0;
        for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
            int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
            if (dom == ACLEMU_DOM_I64) {
                int64_t x[ACLEMU_CHUNK], y[ACLEMU_CHUNK];
                aclemu_load_i64(x, p[1] + c * sx, xdt, sx, m);
                if (tt)
                    aclemu_load_i64(y, p[2] + c * sy, ydt, sy, m);
                for (int64_t i = 0; i < m; i++)
                    x[i] = tt ? ipow(x[i], y[i]) : (st ? ipow(a->scalar_i, x[i]) : ipow(x[i], a->scalar_i));
                aclemu_store_i64(p[0] + c * so, odt, so, x, m);
            } else if (dom == ACLEMU_DOM_F64) {
                double x[ACLEMU_CHUNK], y[ACLEMU_CHUNK];
                aclemu_load_f64(x, p[1] + c * sx, xdt, sx, m);
                if (tt)
                    aclemu_load_f64(y, p[2] + c * sy, ydt, sy, m);
                for (int64_t i = 0; i < m; i++)
                    x[i] = tt ? pow(x[i], y[i]) : (st ? pow(a->scalar_f, x[i]) : pow(x[i], a->scalar_f));
                aclemu_store_f64(p[0] + c * so, odt, so, x, m);
            } else {
                float x[ACLEMU_CHUNK], y[ACLEMU_CHUNK];
                const float sf = (float)a->scalar_f;
                aclemu_load_f32(x, p[1] + c * sx, xdt, sx, m);
                if (tt)
                    aclemu_load_f32(y, p[2] + c * sy, ydt, sy, m);
                if (!tt && !st && sf == 2.0f) { /* the common square: exact product */
                    for (int64_t i = 0; i < m; i++)
                        x[i] = x[i] * x[i];
                } else if (!tt && !st && sf == 0.5f) {
                    for (int64_t i = 0; i < m; i++)
                        x[i] = sqrtf(x[i]);
                } else {
                    for (int64_t i = 0; i < m; i++)
                        x[i] = tt ? powf(x[i], y[i]) : (st ? powf(sf, x[i]) : powf(x[i], sf));
                }
                /* the power is a value of the promoted dtype before the cast to out */
                if (a->promoted != ACL_FLOAT && a->promoted != odt)
                    for (int64_t i = 0; i < m; i++)
                        x[i] = round_f32(x[i], a->promoted);
                aclemu_store_f32(p[0] + c * so, odt, so, x, m);
            }
        }
    }
    return 0;
}

ACLEMU_KERNEL("Pow", pow_kernel);
