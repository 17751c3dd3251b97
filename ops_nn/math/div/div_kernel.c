/* RealDiv kernel. Mode 0 is the shared arithmetic binary kernel; modes 1 / 2 divide in the
 * promoted dtype's domain and round toward zero / -inf (integer division by zero gives 0:
 * the device result is unspecified there). */
#include <math.h>

#include "acl/acl_base.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/kernel_util.h"
#include "binary_kernel.h"
#include "div_args.h"

static float round_f32(float v, int32_t dt)
{
    if (dt == ACL_FLOAT16)
        return aclemu_half_to_float(aclemu_float_to_half(v));
    if (dt == ACL_BF16)
        return aclemu_bf16_to_float(aclemu_float_to_bf16(v));
    return v;
}

static int64_t int_div(int64_t x, int64_t y, int floor_mode)
{
    if (y == 0)
        return 0;
    if (y == -1)
        return (int64_t)(0 - (uint64_t)x); /* no overflow trap at INT64_MIN */
    int64_t q = x / y;
    if (floor_mode && (x % y != 0) && ((x < 0) != (y < 0)))
        q--;
    return q;
}

static int div_kernel(const void *args, size_t args_size, const aclemu_block *blk)
{
    if (args_size < sizeof(div_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const div_args *a = (const div_args *)args;
    if (a->mode == DIV_MODE_REAL)
        return binary_kernel_run(args, args_size, blk, BINARY_DIV);
    const binary_args *b = &a->b;
    const int fl = a->mode == DIV_MODE_FLOOR, has_t = b->other_is_tensor;
    const int32_t odt = b->ew.op[0].dtype, xdt = b->ew.op[1].dtype, ydt = has_t ? b->ew.op[2].dtype : -1;
    const int dom = aclemu_compute_domain(b->promoted);
    uint64_t s, e;
    aclemu_block_range(b->ew.numel, b->ew.per_block, blk, &s, &e);
    aclemu_ew_iter it;
    aclemu_ew_iter_init(&it, &b->ew, s, e);
    char *p[3] = {0, 0, 0};
    int64_t n;
    while ((n = aclemu_ew_iter_next(&it, p)) > 0) {
        int64_t so = it.inner_stride[0], sx = it.inner_stride[1], sy = has_t ? it.inner_stride[2] : 0;
        for (int64_t c = 0; c < n; c += ACLEMU_CHUNK) {
            int64_t m = n - c < ACLEMU_CHUNK ? n - c : ACLEMU_CHUNK;
            if (dom == ACLEMU_DOM_I64) {
                int64_t x[ACLEMU_CHUNK], y[ACLEMU_CHUNK];
                aclemu_load_i64(x, p[1] + c * sx, xdt, sx, m);
                if (has_t)
                    aclemu_load_i64(y, p[2] + c * sy, ydt, sy, m);
                for (int64_t i = 0; i < m; i++)
                    x[i] = int_div(x[i], has_t ? y[i] : b->other_i, fl);
                aclemu_store_i64(p[0] + c * so, odt, so, x, m);
            } else {
                double x[ACLEMU_CHUNK], y[ACLEMU_CHUNK];
                aclemu_load_f64(x, p[1] + c * sx, xdt, sx, m);
                if (has_t)
                    aclemu_load_f64(y, p[2] + c * sy, ydt, sy, m);
                for (int64_t i = 0; i < m; i++) {
                    double d = has_t ? y[i] : b->other_f;
                    double q = dom == ACLEMU_DOM_F64 ? x[i] / d : (double)round_f32((float)x[i] / (float)d,
                                                                                      b->promoted);
                    q = fl ? floor(q) : trunc(q);
                    x[i] = dom == ACLEMU_DOM_F64 ? q : (double)round_f32((float)q, b->promoted);
                }
                aclemu_store_f64(p[0] + c * so, odt, so, x, m);
            }
        }
    }
    return 0;
}

ACLEMU_KERNEL("RealDiv", div_kernel);
