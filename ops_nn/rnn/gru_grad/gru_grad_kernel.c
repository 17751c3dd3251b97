/* GruLayerGrad kernel (see gru_grad_args.h): the cell in double from the saved activations,
 * dh_next = dGh[t] W_hh + dh * z on the GEMM engine with FP32 accumulation. */
#include <stdlib.h>
#include <string.h>

#include "acl/acl_base.h"
#include "gemm.h"
#include "gru_grad_args.h"
#include "nn_kernel.h"

#define GRU_GRAD_BAD_ARGS 507015

static int gru_layer_grad_kernel(const void *args, size_t size, const aclemu_block *blk)
{
    if (size < sizeof(gru_grad_layer_args))
        return GRU_GRAD_BAD_ARGS;
    const gru_grad_layer_args *a = (const gru_grad_layer_args *)args;
    if (a->ndir > 2 || blk->block_idx >= (uint32_t)a->ndir)
        return 0;
    const int d = (int)blk->block_idx;
    const gru_grad_dir_args *L = &a->dir[d];
    const int64_t T = a->T, B = a->B, H = a->H, G = 3 * H;
    float *dhn = (float *)nn_ptr(&L->dhn), *dhz = (float *)nn_ptr(&L->dhz), *hp = (float *)nn_ptr(&L->hp);
    float *dgi = (float *)nn_ptr(&L->dgi), *dgh = (float *)nn_ptr(&L->dgh);
    double *db = (double *)calloc((size_t)(2 * G), sizeof(double)); /* ih, then hh */
    if (!db)
        return GRU_GRAD_BAD_ARGS;
    for (int64_t k = 0; k < B * H; k++)
        dhn[k] = (float)nn_load(&L->dhT, k);
    if (L->hprev.present) {
        float *x = (float *)nn_ptr(&L->x);
        for (int64_t tb = 0; tb < T * B; tb++)
            for (int64_t u = 0; u < H; u++)
                x[tb * a->x_pitch + d * H + u] = (float)nn_load(&L->hprev, tb * H + u);
    }
    gemm_desc desc; /* dh_next (B, H) = dGh[t] (B, 3H) x W_hh (3H, H) + dh * z */
    memset(&desc, 0, sizeof desc);
    desc.M = B;
    desc.N = H;
    desc.K = G;
    desc.math = GEMM_MATH_KEEP;
    desc.alpha = 1.0f;
    desc.beta = 1.0f;
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
    desc.d = desc.c;
    desc.d.ptr = dhz;
    gemm_plan plan;
    int rc = 0;
    for (int64_t s = 0; s < T && !rc; s++) {
        const int64_t t = d ? s : T - 1 - s, tp = d ? t + 1 : t - 1; /* tp: the step before t in the forward pass */
        for (int64_t b = 0; b < B; b++)
            for (int64_t u = 0; u < H; u++) {
                const int64_t j = b * H + u, ti = (t * B + b) * H + u, gi = (t * B + b) * G + u;
                const double dh = dhn[j] + nn_load(&L->dy, (t * B + b) * a->dy_pitch + u);
                const double r = nn_load(&L->r, ti), z = nn_load(&L->z, ti), n = nn_load(&L->n, ti);
                const double hx = tp >= 0 && tp < T ? nn_load(&L->h, (tp * B + b) * H + u) : nn_load(&L->h0, j);
                const double dn = dh * (1.0 - z) * (1.0 - n * n);
                const double dr = dn * nn_load(&L->hn, ti) * r * (1.0 - r);
                const double dz = dh * (hx - n) * z * (1.0 - z);
                dgi[gi] = dgh[gi] = (float)dr;
                dgi[gi + H] = dgh[gi + H] = (float)dz;
                dgi[gi + 2 * H] = (float)dn;
                dgh[gi + 2 * H] = (float)(dn * r);
                dhz[j] = (float)(dh * z);
                hp[ti] = (float)hx;
            }
        for (int64_t b = 0; b < B; b++)
            for (int64_t k = 0; k < G; k++) {
                db[k] += dgi[(t * B + b) * G + k];
                db[G + k] += dgh[(t * B + b) * G + k];
            }
        desc.a.ptr = dgh + t * B * G;
        if (gemm_plan_init(&plan, &desc, 1, 1) != GEMM_OK || gemm_run_all(&plan) != GEMM_OK)
            rc = GRU_GRAD_BAD_ARGS;
    }
    for (int64_t k = 0; !rc && k < B * H; k++)
        nn_store(&L->dh0, k, dhn[k]);
    for (int64_t k = 0; !rc && L->dbi.present && k < G; k++) {
        nn_store(&L->dbi, k, db[k]);
        nn_store(&L->dbh, k, db[G + k]);
    }
    free(db);
    return rc;
}

ACLEMU_KERNEL("GruLayerGrad", gru_layer_grad_kernel);
