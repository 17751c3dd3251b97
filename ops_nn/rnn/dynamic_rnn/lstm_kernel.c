/* LstmLayer kernel (see lstm_args.h). Per step one GEMM of the engine (the block runs all of
 * its tiles: the recurrence is sequential), FP32 accumulation; the cell in double. h feeds the
 * next step as stored (rounded to the output dtype, as the Cube unit reads it back); c stays
 * FP32. */
#include <math.h>
#include <string.h>

#include "acl/acl_base.h"
#include "gemm.h"
#include "lstm_args.h"
#include "nn_kernel.h"
#include "rnn_cell.h"
#include "rnn_step_gemm.h"

#define LSTM_BAD_ARGS 507015

static inline int L_bsz_present(const lstm_layer_args *a) { return a->bsz.present; }

static int lstm_layer_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(lstm_layer_args))
        return LSTM_BAD_ARGS;
    const lstm_layer_args *a = (const lstm_layer_args *)args;
    if (blk->block_idx >= (uint32_t)a->ndir || a->ndir > 2)
        return 0;
    const int d = (int)blk->block_idx;
    const lstm_dir_args *L = &a->dir[d];
    const int64_t T = a->T, B = a->B, H = a->H, BH = a->B * a->H;
    float *hb = (float *)nn_ptr(&L->hbuf), *cb = (float *)nn_ptr(&L->cbuf), *gt = (float *)nn_ptr(&L->gates);
    const float *G = (const float *)nn_ptr(&L->g);
    for (int64_t j = 0; j < BH; j++) {
        hb[j] = L->h0.present ? (float)nn_load(&L->h0, j) : 0.0f;
        cb[j] = L->c0.present ? (float)nn_load(&L->c0, j) : 0.0f;
    }
    gemm_desc desc;
    rnn_step_gemm_desc(&desc, hb, nn_ptr(&L->whh), L->whh.dtype, B, H, 4, gt);
    desc.beta = 1.0f;
    desc.d.dtype = GEMM_F32;
    desc.d.rs = 4 * H;
    desc.d.cs = 1;
    /* active rows per step; rows of step t start at row0 (t * B, or the packed offset) */
    int64_t total = 0;
    for (int64_t t = 0; L_bsz_present(a) && t < T; t++) {
        int64_t n = nn_load_int(&a->bsz, t);
        if (n < 0 || n > B || (t && n > nn_load_int(&a->bsz, t - 1)))
            return LSTM_BAD_ARGS;
        total += n;
    }
    int64_t row0 = d ? (a->packed ? total - nn_load_int(&a->bsz, T - 1) : (T - 1) * B) : 0;
    gemm_plan plan;
    for (int64_t s = 0; s < T; s++) {
        const int64_t t = d ? T - 1 - s : s;
        const int64_t Mt = L_bsz_present(a) ? nn_load_int(&a->bsz, t) : B;
        if (!a->packed)
            row0 = t * B;
        desc.M = Mt;
        desc.d.ptr = G + row0 * 4 * H;
        if (Mt && (gemm_plan_init(&plan, &desc, 1, 1) != GEMM_OK || gemm_run_all(&plan) != GEMM_OK))
            return LSTM_BAD_ARGS;
        for (int64_t b = Mt; !a->packed && b < B; b++) /* padded positions */
            for (int64_t h = 0; h < H; h++)
                nn_store(&L->y, (row0 + b) * a->y_pitch + h, 0.0);
        for (int64_t b = 0; b < Mt; b++)
            for (int64_t h = 0; h < H; h++) {
                const int64_t j = b * H + h, yi = (row0 + b) * a->y_pitch + h, ti = (row0 + b) * H + h;
                double pre[4], act[4], c, hv;
                for (int g = 0; g < 4; g++)
                    pre[g] = gt[b * 4 * H + g * H + h];
                rnn_lstm_fwd(pre, cb[j], act, &c, &hv);
                nn_store(&L->y, yi, hv);
                hb[j] = (float)nn_load(&L->y, yi);
                cb[j] = (float)c;
                if (a->train) {
                    nn_store(&L->i, ti, act[RNN_GATE_I]);
                    nn_store(&L->j, ti, act[RNN_GATE_G]);
                    nn_store(&L->f, ti, act[RNN_GATE_F]);
                    nn_store(&L->o, ti, act[RNN_GATE_O]);
                    nn_store(&L->h, ti, hv);
                    nn_store(&L->c, ti, c);
                    nn_store(&L->tanhc, ti, tanh(c));
                }
            }
        if (a->packed) /* next step's rows */
            row0 = d ? (t ? row0 - nn_load_int(&a->bsz, t - 1) : 0) : row0 + Mt;
    }
    for (int64_t j = 0; j < BH; j++) {
        nn_store(&L->hy, j, hb[j]); /* h0 (as stored) when no step ran */
        nn_store(&L->cy, j, cb[j]);
    }
    return 0;
}

ACLEMU_KERNEL("LstmLayer", lstm_layer_kernel);
