/* ChamferDistanceGrad kernel (one block; linear in the points): for each point i of set 1 with
 * nearest j = idx1[i] of set 2 (the same batch), d = 2 g1[i] (p1[i] - p2[j]) adds to gradXyz1[i]
 * and -d to gradXyz2[j]; the same for set 2 with idx2 and g2. Sums in double, each gradient
 * rounded once to its dtype. The real kernel addresses batch * N + id in the flat tensor; an id
 * whose flat position falls outside the tensor (or is negative) contributes nothing here. */
#include "chamfer_distance_grad_args.h"
#include "nn_kernel.h"

static void pass(const chamfer_grad_args *a, const nn_cbuf *pa, const nn_cbuf *pb, const nn_cbuf *idx,
                 const nn_cbuf *g, double *ga, double *gb)
{
    int64_t total = a->B * a->N;
    for (int64_t p = 0; p < total; p++) {
        int64_t j = (p / a->N) * a->N + nn_load_int(idx, p);
        if (j < 0 || j >= total || nn_load_int(idx, p) < 0)
            continue;
        double gg = 2.0 * nn_load(g, p);
        for (int c = 0; c < 2; c++) {
            double d = gg * (nn_load(pa, 2 * p + c) - nn_load(pb, 2 * j + c));
            ga[2 * p + c] += d;
            gb[2 * j + c] -= d;
        }
    }
}

static int chamfer_grad_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    (void)blk;
    if (size < sizeof(chamfer_grad_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const chamfer_grad_args *a = (const chamfer_grad_args *)args;
    int64_t n2 = 2 * a->B * a->N;
    double *g1 = (double *)(uintptr_t)a->acc, *g2 = g1 + n2;
    for (int64_t i = 0; i < 2 * n2; i++)
        g1[i] = 0;
    pass(a, &a->xyz1, &a->xyz2, &a->idx1, &a->g1, g1, g2);
    pass(a, &a->xyz2, &a->xyz1, &a->idx2, &a->g2, g2, g1);
    for (int64_t i = 0; i < n2; i++) {
        nn_store(&a->gx1, i, g1[i]);
        nn_store(&a->gx2, i, g2[i]);
    }
    return 0;
}

ACLEMU_KERNEL("ChamferDistanceGrad", chamfer_grad_kernel);
