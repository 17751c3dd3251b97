/* Device side of AffineGrid: each block takes rows (n, d, h) of the grid and writes their W
 * points, each the product of theta[n] with the homogeneous base point, in double with one
 * rounding to out's dtype. */
#include "aclemu/kernel.h"
#include "aclemu_op/kernel_util.h"
#include "affine_grid_args.h"

/* torch's base-grid coordinate of index i of an extent of n points */
static double grid_coord(int64_t i, int64_t n, int align)
{
    if (n <= 1)
        return 0.0;
    double v = -1.0 + 2.0 * (double)i / (double)(n - 1);
    return align ? v : v * (double)(n - 1) / (double)n;
}

static int k_affine_grid(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(affine_grid_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const affine_grid_args *a = (const affine_grid_args *)args;
    const aclemu_tdesc *t = &a->theta, *o = &a->out;
    int K = a->three_d ? 3 : 2;
    if (t->ndim != 3 || o->ndim != (uint32_t)(K + 2) || t->shape[1] != K || t->shape[2] != K + 1 || a->W <= 0)
        return ACLEMU_KERNEL_BAD_ARGS;
    int64_t rows = t->shape[0] * a->D * a->H;
    int64_t r0 = (int64_t)blk->block_idx * a->rows_per_block, r1 = r0 + a->rows_per_block;
    if (r1 > rows)
        r1 = rows;
    size_t tes = aclemu_kdtype_size(t->dtype), oes = aclemu_kdtype_size(o->dtype);
    const char *tb = (const char *)(uintptr_t)t->addr;
    char *ob = (char *)(uintptr_t)o->addr;
    int64_t last_n = -1;
    double th[3][4] = {{0}};
    double pt[3];
    for (int64_t r = r0; r < r1; r++) {
        int64_t h = r % a->H, d = (r / a->H) % a->D, n = r / (a->H * a->D);
        if (n != last_n) { /* theta[n] as doubles */
            for (int k = 0; k < K; k++)
                aclemu_load_f64(th[k], tb + (t->offset + n * t->stride[0] + k * t->stride[1]) * (int64_t)tes, t->dtype,
                                t->stride[2] * (int64_t)tes, K + 1);
            last_n = n;
        }
        double y = grid_coord(h, a->H, a->align_corners), z = grid_coord(d, a->D, a->align_corners);
        int64_t base = o->offset + n * o->stride[0];
        if (a->three_d)
            base += d * o->stride[1] + h * o->stride[2];
        else
            base += h * o->stride[1];
        int64_t ws = o->stride[K], cs = o->stride[K + 1];
        for (int64_t w = 0; w < a->W; w++) {
            double x = grid_coord(w, a->W, a->align_corners);
            for (int k = 0; k < K; k++)
                pt[k] = a->three_d ? th[k][0] * x + th[k][1] * y + th[k][2] * z + th[k][3]
                                   : th[k][0] * x + th[k][1] * y + th[k][2];
            aclemu_store_f64(ob + (base + w * ws) * (int64_t)oes, o->dtype, cs * (int64_t)oes, pt, K);
        }
    }
    return 0;
}
ACLEMU_KERNEL("AffineGrid", k_affine_grid);
