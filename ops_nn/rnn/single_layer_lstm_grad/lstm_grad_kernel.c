/* LstmLayerGrad kernel (see lstm_grad_args.h). The cell in double from the saved activations
 * (rnn_cell.h), dh_next = dG[t] W_hh on the GEMM engine with FP32 accumulation. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl_base.h"
#include "gemm.h"
#include "lstm_grad_args.h"
#include "nn_kernel.h"
#include "rnn_cell.h"

#define LSTM_GRAD_BAD_ARGS 507015

static int64_t active_rows(const lstm_grad_layer_args *a, int64_t t)
{
    return a->bsz.present ? nn_load_int(&a->bsz, t) : a->B;
}

static int lstm_layer_grad_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(lstm_grad_layer_args))
        return LSTM_GRAD_BAD_ARGS;
    const lstm_grad_layer_args *a = (const lstm_grad_layer_args *)args;
    if (a->ndir > 2 || blk->block_idx >= (uint32_t)a->ndir)
        return 0;
    const int d = (int)blk->block_idx;
    const lstm_grad_dir_args *L = &a->dir[d];
    const int64_t T = a->T, B = a->B, H = a->H, G = 4 * H;
    for (int64_t t = 0; a->bsz.present && t < T; t++) {
        int64_t n = nn_load_int(&a->bsz, t);
        if (n < 0 || n > B || (t && n > nn_load_int(&a->bsz, t - 1)))
            return LSTM_GRAD_BAD_ARGS;
    }
    float *dhn = (float *)nn_ptr(&L->dhn), *dcn = (float *)nn_ptr(&L->dcn);
    float *dg = (float *)nn_ptr(&L->dg), *hp = (float *)nn_ptr(&L->hp);
    double *db = (double *)calloc((size_t)G, sizeof(double));
    if (!db)
        return LSTM_GRAD_BAD_ARGS;
    for (int64_t k = 0; k < B * H; k++) {
        dhn[k] = L->dhT.present ? (float)nn_load(&L->dhT, k) : 0.0f;
        dcn[k] = L->dcT.present ? (float)nn_load(&L->dcT, k) : 0.0f;
    }
    if (L->hprev.present) { /* this direction's half of the layer input, padded rows 0 */
        float *x = (float *)nn_ptr(&L->x);
        for (int64_t t = 0; t < T; t++) {
            const int64_t m = active_rows(a, t);
            for (int64_t b = 0; b < B; b++)
                for (int64_t u = 0; u < H; u++)
                    x[(t * B + b) * a->x_pitch + d * H + u] = b < m ? (float)nn_load(&L->hprev, (t * B + b) * H + u) : 0.0f;
        }
    }
    gemm_desc desc; /* dh_next (Mt, H) = dG[t] (Mt, 4H) x W_hh (4H, H) */
    memset(&desc, 0, sizeof desc);
    desc.N = H;
    desc.K = G;
    desc.math = GEMM_MATH_KEEP;
    desc.alpha = 1.0f;
    desc.a.dtype = GEMM_F32;
    desc.a.rs = G;
    desc.a.cs = 1;
    desc.b.ptr = nn_ptr(&L->whh);
    desc.b.dtype = L->whh.dtype == ACL_FLOAT16 ? GEMM_F16 : GEMM_F32;
    desc.b.rs = H;
    desc.b.cs = 1;
    desc.c.ptr = dhn;
    desc.c.dtype = GEMM_F32;
    desc.c.rs = H;
    desc.c.cs = 1;
    gemm_plan plan;
    int rc = 0;
    for (int64_t s = 0; s < T && !rc; s++) {
        const int64_t t = d ? s : T - 1 - s, tp = d ? t + 1 : t - 1; /* tp: the step before t in the forward pass */
        const int64_t m = active_rows(a, t), mp = tp >= 0 && tp < T ? active_rows(a, tp) : 0;
        for (int64_t b = 0; b < B; b++)
            for (int64_t u = 0; u < H; u++) {
                const int64_t j = b * H + u, ti = (t * B + b) * H + u;
                float *g = dg + (t * B + b) * G + u;
                if (b >= m) { /* kept its state: nothing flows through this step */
                    for (int q = 0; q < 4; q++)
                        g[q * H] = 0.0f;
                    hp[ti] = 0.0f;
                    continue;
                }
                const int64_t yi = (t * B + b) * a->dy_pitch + u;
                double dh = dhn[j];
                if (L->dy.present)
                    dh += nn_load(&L->dy, yi);
                if (L->dy2.present)
                    dh += nn_load(&L->dy2, yi);
                const int from_prev = b < mp; /* else the row started from h0 / c0 at this step */
                const int64_t pi = (tp * B + b) * H + u;
                double act[4], dgate[4], dcx;
                act[RNN_GATE_I] = nn_load(&L->i, ti);
                act[RNN_GATE_F] = nn_load(&L->f, ti);
                act[RNN_GATE_G] = nn_load(&L->j, ti);
                act[RNN_GATE_O] = nn_load(&L->o, ti);
                double cx = from_prev ? nn_load(&L->c, pi) : nn_load(&L->c0, j);
                hp[ti] = (float)(from_prev ? nn_load(&L->h, pi) : nn_load(&L->h0, j));
                rnn_lstm_bwd_tc(act, cx, nn_load(&L->tanhc, ti), dh, dcn[j], dgate, &dcx);
                for (int q = 0; q < 4; q++)
                    g[q * H] = (float)dgate[q];
                dcn[j] = (float)dcx;
            }
        for (int64_t b = 0; b < m; b++)
            for (int64_t k = 0; k < G; k++)
                db[k] += dg[(t * B + b) * G + k];
        if (m) {
            desc.M = m;
            desc.a.ptr = dg + t * B * G;
            if (gemm_plan_init(&plan, &desc, 1, 1) != GEMM_OK || gemm_run_all(&plan) != GEMM_OK)
                rc = LSTM_GRAD_BAD_ARGS;
        }
    }
    for (int64_t k = 0; !rc && k < B * H; k++) {
        nn_store(&L->dh0, k, dhn[k]);
        nn_store(&L->dc0, k, dcn[k]);
    }
    for (int64_t k = 0; !rc && L->dbi.present && k < G; k++) {
        nn_store(&L->dbi, k, db[k]);
        nn_store(&L->dbh, k, db[k]);
    }
    free(db);
    return rc;
}

ACLEMU_KERNEL("LstmLayerGrad", lstm_layer_grad_kernel);
