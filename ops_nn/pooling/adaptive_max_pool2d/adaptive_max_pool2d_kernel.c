/* AdaptiveMaxPool2d kernel: per output position the maximum of its adaptive window (first
 * maximum wins, NaN propagates and is reported at its position), computed in double so DOUBLE
 * inputs stay exact. */
#include <math.h>

#include "nn_kernel.h"
#include "pool_args.h"

static int adaptive_max_pool2d_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(pool_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const pool_args *a = (const pool_args *)args;
    const vec_pool2d *p = &a->p;
    int64_t s, e;
    nn_block_items(a->planes, a->planes_per_block, blk, &s, &e);
    for (int64_t pl = s; pl < e; pl++) {
        int64_t xb = pl * p->H * p->W, yb = pl * p->OH * p->OW;
        for (int64_t oh = 0; oh < p->OH; oh++) {
            int64_t h0 = oh * p->H / p->OH, h1 = ((oh + 1) * p->H + p->OH - 1) / p->OH;
            for (int64_t ow = 0; ow < p->OW; ow++) {
                int64_t w0 = ow * p->W / p->OW, w1 = ((ow + 1) * p->W + p->OW - 1) / p->OW;
                double best = -INFINITY;
                int64_t bi = h0 * p->W + w0;
                for (int64_t h = h0; h < h1 && !isnan(best); h++)
                    for (int64_t w = w0; w < w1; w++) {
                        double v = nn_load(&a->op[0], xb + h * p->W + w);
                        if (v > best || isnan(v)) {
                            best = v;
                            bi = h * p->W + w;
                            if (isnan(v))
                                break;
                        }
                    }
                nn_store(&a->op[1], yb + oh * p->OW + ow, best);
                nn_store_int(&a->op[2], yb + oh * p->OW + ow, bi);
            }
        }
    }
    return 0;
}

ACLEMU_KERNEL("AdaptiveMaxPool2d", adaptive_max_pool2d_kernel);
