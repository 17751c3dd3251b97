/* MaxPoolV3 kernels: the vector max-pool for float tensors with symmetric pads, and a generic
 * one for asymmetric pads and integer dtypes (the window is clipped to the input, so padding
 * never wins; NaN propagates). */
#include <math.h>

#include "acl/acl_base.h"
#include "nn_kernel.h"
#include "pool_args.h"

static int max_pool_v3_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(pool_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const pool_args *a = (const pool_args *)args;
    int64_t s, e;
    nn_block_items(a->planes, a->planes_per_block, blk, &s, &e);
    if (s >= e)
        return 0;
    vec_buf none = {0, 0};
    return vec_max_pool2d(nn_vbuf(&a->op[0]), nn_vbuf(&a->op[1]), none, &a->p, s, e) ? ACLEMU_KERNEL_BAD_ARGS : 0;
}

static int max_pool_v3_generic_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(pool_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const pool_args *a = (const pool_args *)args;
    const vec_pool2d *p = &a->p;
    int64_t s, e;
    nn_block_items(a->planes, a->planes_per_block, blk, &s, &e);
    int is_float = a->op[0].dtype == ACL_FLOAT || a->op[0].dtype == ACL_FLOAT16 || a->op[0].dtype == ACL_BF16;
    for (int64_t pl = s; pl < e; pl++) {
        int64_t xb = pl * p->H * p->W, yb = pl * p->OH * p->OW;
        for (int64_t oh = 0; oh < p->OH; oh++) {
            int64_t h0 = oh * p->sh - p->ph, h1 = h0 + p->kh;
            h0 = h0 < 0 ? 0 : h0;
            h1 = h1 > p->H ? p->H : h1;
            for (int64_t ow = 0; ow < p->OW; ow++) {
                int64_t w0 = ow * p->sw - p->pw, w1 = w0 + p->kw;
                w0 = w0 < 0 ? 0 : w0;
                w1 = w1 > p->W ? p->W : w1;
                if (is_float) {
                    double best = -INFINITY;
                    for (int64_t h = h0; h < h1; h++)
                        for (int64_t w = w0; w < w1; w++) {
                            double v = nn_load(&a->op[0], xb + h * p->W + w);
                            if (v > best || isnan(v))
                                best = v;
                            if (isnan(best))
                                goto done_f;
                        }
                done_f:
                    nn_store(&a->op[1], yb + oh * p->OW + ow, best);
                } else {
                    int64_t best = INT64_MIN;
                    for (int64_t h = h0; h < h1; h++)
                        for (int64_t w = w0; w < w1; w++) {
                            int64_t v = nn_load_int(&a->op[0], xb + h * p->W + w);
                            best = v > best ? v : best;
                        }
                    nn_store_int(&a->op[1], yb + oh * p->OW + ow, best);
                }
            }
        }
    }
    return 0;
}

ACLEMU_KERNEL("MaxPoolV3", max_pool_v3_kernel);
ACLEMU_KERNEL("MaxPoolV3Generic", max_pool_v3_generic_kernel);
