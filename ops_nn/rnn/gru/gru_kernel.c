/* GruLayer kernel (see gru_args.h): per step one GEMM of the engine (gh = h W_hh^T + b_hh, FP32
 * accumulation), then the cell in double; h feeds the next step as stored in the output dtype. */
#include <math.h>
#include <string.h>

#include "acl/acl_base.h"
#include "gemm.h"
#include "gru_args.h"
#include "nn_kernel.h"
#include "rnn_cell.h"
#include "rnn_step_gemm.h"

#define GRU_BAD_ARGS 507015

static int gru_layer_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(gru_layer_args))
        return GRU_BAD_ARGS;
    const gru_layer_args *a = (const gru_layer_args *)args;
    if (blk->block_idx >= (uint32_t)a->ndir || a->ndir > 2)
        return 0;
    const int d = (int)blk->block_idx;
    const gru_dir_args *L = &a->dir[d];
    const int64_t T = a->T, B = a->B, H = a->H;
    float *hb = (float *)nn_ptr(&L->hbuf), *gt = (float *)nn_ptr(&L->gates);
    const float *G = (const float *)nn_ptr(&L->g);
    for (int64_t j = 0; j < B * H; j++)
        hb[j] = L->h0.present ? (float)nn_load(&L->h0, j) : 0.0f;
    gemm_desc desc;
    rnn_step_gemm_desc(&desc, hb, nn_ptr(&L->whh), L->whh.dtype, B, H, 3, gt);
    if (L->bhh.present) { /* + b_hh, broadcast over the batch rows */
        desc.bias.ptr = nn_ptr(&L->bhh);
        desc.bias.dtype = rnn_gemm_dtype(L->bhh.dtype);
        desc.bias.rs = 0;
        desc.bias.cs = 1;
    }
    gemm_plan plan;
    if (gemm_plan_init(&plan, &desc, 1, 1) != GEMM_OK)
        return GRU_BAD_ARGS;
    for (int64_t s = 0; s < T; s++) {
        const int64_t t = d ? T - 1 - s : s;
        if (gemm_run_all(&plan) != GEMM_OK)
            return GRU_BAD_ARGS;
        const float *gi = G + t * B * 3 * H;
        for (int64_t b = 0; b < B; b++)
            for (int64_t h = 0; h < H; h++) {
                const int64_t j = b * H + h, yi = (t * B + b) * a->y_pitch + h, ti = (t * B + b) * H + h;
                double x[3], r[3], act[3];
                for (int g = 0; g < 3; g++) {
                    x[g] = gi[b * 3 * H + g * H + h];
                    r[g] = gt[b * 3 * H + g * H + h];
                }
                double hv = rnn_gru_fwd(x, r, hb[j], act);
                nn_store(&L->y, yi, hv);
                if (a->train) {
                    nn_store(&L->r, ti, act[0]);
                    nn_store(&L->z, ti, act[1]);
                    nn_store(&L->n, ti, act[2]);
                    nn_store(&L->hn, ti, r[2]);
                    nn_store(&L->h, ti, hv);
                }
            }
        /* after the whole step: the GEMM of the next one reads hb */
        for (int64_t b = 0; b < B; b++)
            for (int64_t h = 0; h < H; h++)
                hb[b * H + h] = (float)nn_load(&L->y, (t * B + b) * a->y_pitch + h);
    }
    for (int64_t j = 0; j < B * H; j++)
        nn_store(&L->hy, j, hb[j]);
    return 0;
}

ACLEMU_KERNEL("GruLayer", gru_layer_kernel);
