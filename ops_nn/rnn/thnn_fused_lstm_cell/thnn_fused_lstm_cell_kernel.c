/* ThnnFusedLstmCell kernels: each block takes a range of (batch, hidden) elements (the bias
 * launch: a range of hidden columns, summing over the batch in order, deterministic) and runs
 * the cell math of rnn_cell.h in double, one rounding on store. */
#include "lstm_cell_args.h"
#include "nn_kernel.h"
#include "rnn_cell.h"

static int fwd_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(lstm_cell_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const lstm_cell_args *a = (const lstm_cell_args *)args;
    int64_t s, e;
    nn_block_items(a->B * a->H, (int64_t)a->per, blk, &s, &e);
    for (int64_t j = s; j < e; j++) {
        int64_t b = j / a->H, h = j % a->H;
        double pre[4], act[4], cy, hy;
        for (int g = 0; g < 4; g++) {
            int64_t col = g * a->H + h, at = b * 4 * a->H + col;
            pre[g] = nn_load(&a->ig, at) + nn_load(&a->hg, at);
            if (a->bih.present)
                pre[g] += nn_load(&a->bih, col) + nn_load(&a->bhh, col);
        }
        rnn_lstm_fwd(pre, nn_load(&a->cx, j), act, &cy, &hy);
        nn_store(&a->hy, j, hy);
        nn_store(&a->cy, j, cy);
        for (int g = 0; g < 4; g++)
            nn_store(&a->storage, b * 4 * a->H + g * a->H + h, act[g]);
    }
    return 0;
}

/* Gate gradients of element (b, h); returns d cx. */
static double bwd_elem(const lstm_cell_args *a, int64_t b, int64_t h, double d[4])
{
    int64_t j = b * a->H + h;
    double act[4], dcx;
    for (int g = 0; g < 4; g++)
        act[g] = nn_load(&a->storage, b * 4 * a->H + g * a->H + h);
    rnn_lstm_bwd(act, nn_load(&a->cx, j), nn_load(&a->cy, j), nn_load(&a->dhy, j), nn_load(&a->dc, j), d, &dcx);
    return dcx;
}

static int bwd_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(lstm_cell_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const lstm_cell_args *a = (const lstm_cell_args *)args;
    int64_t s, e;
    nn_block_items(a->B * a->H, (int64_t)a->per, blk, &s, &e);
    for (int64_t j = s; j < e; j++) {
        int64_t b = j / a->H, h = j % a->H;
        double d[4];
        nn_store(&a->dcx, j, bwd_elem(a, b, h, d));
        for (int g = 0; g < 4; g++)
            nn_store(&a->dgates, b * 4 * a->H + g * a->H + h, d[g]);
    }
    return 0;
}

static int bias_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(lstm_cell_args))
        return ACLEMU_KERNEL_BAD_ARGS;
    const lstm_cell_args *a = (const lstm_cell_args *)args;
    int64_t s, e;
    nn_block_items(a->H, (int64_t)a->per, blk, &s, &e);
    for (int64_t h = s; h < e; h++) {
        double sum[4] = {0, 0, 0, 0}, d[4];
        for (int64_t b = 0; b < a->B; b++) {
            bwd_elem(a, b, h, d);
            for (int g = 0; g < 4; g++)
                sum[g] += d[g];
        }
        for (int g = 0; g < 4; g++)
            nn_store(&a->dbias, g * a->H + h, sum[g]);
    }
    return 0;
}

ACLEMU_KERNEL("ThnnFusedLstmCell", fwd_kernel);
ACLEMU_KERNEL("ThnnFusedLstmCellGrad", bwd_kernel);
ACLEMU_KERNEL("ThnnFusedLstmCellGradBias", bias_kernel);
