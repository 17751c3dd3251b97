/* GroupedMatmul: the rows of one group, y[r] = x[r] @ w (+ bias) in FP32 products summed in
 * double, rounded once into y's dtype. With a group list the group's rows are
 * [gl[g-1], gl[g]); the list must ascend from 0 and stay within x's rows, and a per-group y
 * must hold the group's rows (else the kernel fails before writing). */
#include <string.h>

#include "acl/acl_base.h"
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "gmm_args.h"

static int64_t gl_at(const aclemu_tdesc *d, int64_t i)
{
    int64_t v;
    memcpy(&v, (const char *)(uintptr_t)d->addr + (d->offset + i * d->stride[0]) * 8, 8);
    return v;
}

static int k(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(gmm_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const gmm_args *a = args;
    const aclemu_tdesc *x = &a->x, *w = &a->w, *y = &a->y;
    const int64_t M = x->shape[0], K = x->shape[1], N = w->shape[1];
    int64_t m0 = 0, m1 = M;
    if (a->group_list.addr) {
        int64_t prev = 0;
        for (int64_t i = 0; i <= a->group; i++) { /* ascending, within x */
            int64_t v = gl_at(&a->group_list, i);
            if (v < prev || v > M)
                return ACLEMU_KERNEL_BAD_ARGS;
            m0 = prev;
            m1 = v;
            prev = v;
        }
        if (a->y_per_group && m1 - m0 > y->shape[0])
            return ACLEMU_KERNEL_BAD_ARGS;
    }
    const size_t es = aclemu_kdtype_size(x->dtype), bes = a->bias.addr ? aclemu_kdtype_size(a->bias.dtype) : 0;
    const char *xb = (const char *)(uintptr_t)x->addr, *wb = (const char *)(uintptr_t)w->addr;
    char *yb = (char *)(uintptr_t)y->addr;
    float xr[ACLEMU_CHUNK], wc[ACLEMU_CHUNK];
    uint64_t s, e;
    aclemu_block_range((uint64_t)M, a->rows_per_block, blk, &s, &e);
    int64_t r0 = (int64_t)s > m0 ? (int64_t)s : m0, r1 = (int64_t)e < m1 ? (int64_t)e : m1;
    for (int64_t r = r0; r < r1; r++) {
        int64_t yr = a->y_per_group ? r - m0 : r;
        for (int64_t n = 0; n < N; n++) {
            double acc = 0;
            for (int64_t c = 0; c < K; c += ACLEMU_CHUNK) {
                int64_t m = K - c < ACLEMU_CHUNK ? K - c : ACLEMU_CHUNK;
                aclemu_load_f32(xr, xb + (x->offset + r * x->stride[0] + c * x->stride[1]) * (int64_t)es, x->dtype,
                                x->stride[1] * (int64_t)es, m);
                aclemu_load_f32(wc, wb + (w->offset + c * w->stride[0] + n * w->stride[1]) * (int64_t)es, w->dtype,
                                w->stride[0] * (int64_t)es, m);
                for (int64_t i = 0; i < m; i++)
                    acc += (double)(xr[i] * wc[i]);
            }
            if (a->bias.addr) {
                float b;
                aclemu_load_f32(&b, (const char *)(uintptr_t)a->bias.addr +
                                        (a->bias.offset + n * a->bias.stride[0]) * (int64_t)bes,
                                a->bias.dtype, (int64_t)bes, 1);
                acc += b;
            }
            aclemu_store_f64(yb + (y->offset + yr * y->stride[0] + n * y->stride[1]) * (int64_t)es, y->dtype,
                             (int64_t)es, &acc, 1);
        }
    }
    return 0;
}

ACLEMU_KERNEL("GroupedMatmul", k);
