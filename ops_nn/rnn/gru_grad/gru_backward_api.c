/* aclnnGRUBackward (A2 / A3; FLOAT, FLOAT16; every operand of input's dtype). The real checks,
 * in their order (op_api/aclnn_gru_backward.cpp): nulls (input, hx, params, dy, dh, r, z, n, hn,
 * h, dxOut, dhPrevOut, dparamsOut: all required); dtypes, each followed by its format (ND or
 * NCL) — input, hx, dy, dh, dxOut, dhPrevOut, then the lists params, r, z, n, hn, h, dparamsOut
 * (a null list item is 161002 there); batchSizes must be null ("only accepts an empty tensor
 * currently"); shapes (T, B, I > 0 from input, H from hx's last dim; hx, dy, dh, the five lists,
 * the list lengths, dxOut, dhPrevOut). The real code does not check the weights' shapes; we do
 * (W_ih (3H, in), W_hh (3H, H), biases (3H), dparamsOut alike), so a wrong one is a 161002 and
 * not a wrong result.
 *
 * The lists are what aclnnGRU saved: per layer and direction (T, B, H) of r, z, n, hn
 * (= h W_hn^T + b_hn) and h; gates in the order r, z, n along 3H. Layer l > 0 read the previous
 * layer's h of both directions, concatenated, as its input. FP16 is computed in FP32 (the real op
 * casts everything to FLOAT first). Plan, from the last layer down: one GruLayerGrad launch (a
 * block per direction), then per direction the CubeGemm launches of ../common/rnn_grad_plan.c. */
#include <stdlib.h>
#include <string.h>

#include "aclemu_plans.h"
#include "gru_grad_args.h"
#include "nn_stage.h"
#include "rnn_grad_plan.h"

#define GRUG_DTYPES (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16))

static const char *const k_names[5] = {"r", "z", "n", "hn", "h"};

static aclnnStatus check_fmt(const char *api, const aclTensor *t, const char *name)
{
    if (t->format != ACL_FORMAT_ND && t->format != ACL_FORMAT_NCL)
        return ACLEMU_PARAM_ERROR(api, "%s format only supports ND / NCL, but got format %d.", name, (int)t->format);
    return ACLNN_SUCCESS;
}

static aclnnStatus check_one(const char *api, const aclTensor *t, const char *name, const aclTensor *ref)
{
    aclnnStatus st;
    if ((st = aclemu_check_dtype(api, t, name, GRUG_DTYPES)) || (st = aclemu_check_same_dtype(api, ref, "input", t, name)))
        return st;
    return check_fmt(api, t, name);
}

static aclnnStatus check_list(const char *api, const aclTensorList *l, const char *name, const aclTensor *ref)
{
    aclnnStatus st;
    for (uint64_t k = 0; k < l->size; k++) {
        if (!l->items[k])
            return ACLEMU_PARAM_ERROR(api, "%s[%llu] should not be nullptr.", name, (unsigned long long)k);
        if ((st = check_one(api, l->items[k], name, ref)))
            return st;
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus check_shape(const char *api, const aclTensor *t, const char *name, const int64_t *shape, uint32_t nd)
{
    if (t->ndim != nd)
        return ACLEMU_PARAM_ERROR(api, "%s dim num %u should be %u.", name, t->ndim, nd);
    return aclemu_check_shape_is(api, t, name, shape, nd);
}

static void ws_buf(nn_cbuf *b)
{
    b->present = 1;
    b->dtype = ACL_FLOAT;
    b->offset = 0;
}

aclnnStatus aclemu_plan_GRUBackward(aclOpExecutor *executor, const aclTensor *input, const aclTensorList *params,
                                    const aclTensor *hx, const aclTensor *dy, const aclTensor *dh,
                                    const aclTensorList *r, const aclTensorList *z, const aclTensorList *n,
                                    const aclTensorList *hn, const aclTensorList *h, const aclTensor *batchSizes,
                                    bool hasBias, int64_t numLayers, bool bidirection, bool batchFirst,
                                    aclTensor *dxOut, aclTensor *dhPrevOut, aclTensorList *dparamsOut)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensorList *lists[5] = {r, z, n, hn, h};
    aclnnStatus st;
    /* nulls */
    if ((st = aclemu_check_notnull(api, input, "input")) || (st = aclemu_check_notnull(api, hx, "hx")) ||
        (st = aclemu_check_notnull(api, params, "params")) || (st = aclemu_check_notnull(api, dy, "dy")) ||
        (st = aclemu_check_notnull(api, dh, "dh")))
        return st;
    for (int k = 0; k < 5; k++)
        if ((st = aclemu_check_notnull(api, lists[k], k_names[k])))
            return st;
    if ((st = aclemu_check_notnull(api, dxOut, "dxOut")) || (st = aclemu_check_notnull(api, dhPrevOut, "dhPrevOut")) ||
        (st = aclemu_check_notnull(api, dparamsOut, "dparamsOut")))
        return st;
    /* dtypes and formats */
    if ((st = check_one(api, input, "input", input)) || (st = check_one(api, hx, "hx", input)) ||
        (st = check_one(api, dy, "dy", input)) || (st = check_one(api, dh, "dh", input)) ||
        (st = check_one(api, dxOut, "dxOut", input)) || (st = check_one(api, dhPrevOut, "dhPrevOut", input)) ||
        (st = check_list(api, params, "params", input)))
        return st;
    for (int k = 0; k < 5; k++)
        if ((st = check_list(api, lists[k], k_names[k], input)))
            return st;
    if ((st = check_list(api, dparamsOut, "dparamsOut", input)))
        return st;
    if (batchSizes)
        return ACLEMU_PARAM_ERROR(api, "batchSizes only accepts an empty tensor (nullptr) currently.");
    /* shapes */
    if (input->ndim != 3)
        return ACLEMU_PARAM_ERROR(api, "input dim num %u should be 3.", input->ndim);
    const int64_t T = input->shape[batchFirst ? 1 : 0], B = input->shape[batchFirst ? 0 : 1], I = input->shape[2];
    if (T <= 0 || B <= 0 || I <= 0)
        return ACLEMU_PARAM_ERROR(api, "input time steps, batch and input size should be positive, but input is "
                                  "[%lld, %lld, %lld].", (long long)input->shape[0], (long long)input->shape[1],
                                  (long long)input->shape[2]);
    const int64_t H = hx->ndim ? hx->shape[hx->ndim - 1] : 0, G = 3 * H;
    if (H <= 0)
        return ACLEMU_PARAM_ERROR(api, "hidden size (the last dim of hx) should be positive.");
    if (numLayers < 1)
        return ACLEMU_PARAM_ERROR(api, "numLayers %lld should be greater than 0.", (long long)numLayers);
    const int64_t D = bidirection ? 2 : 1, NB = hasBias ? 2 : 1, per_layer = 2 * NB * D;
    const int64_t state[3] = {D * numLayers, B, H}, seq[3] = {T, B, H};
    const int64_t y_shape[3] = {batchFirst ? B : T, batchFirst ? T : B, D * H};
    if ((st = check_shape(api, hx, "hx", state, 3)) || (st = check_shape(api, dy, "dy", y_shape, 3)) ||
        (st = check_shape(api, dh, "dh", state, 3)))
        return st;
    const uint64_t nacts = (uint64_t)(D * numLayers), nparams = (uint64_t)(per_layer * numLayers);
    for (int k = 0; k < 5; k++) {
        if (lists[k]->size != nacts)
            return ACLEMU_PARAM_ERROR(api, "%s list size mismatch, expected %llu, actual %llu.", k_names[k],
                                      (unsigned long long)nacts, (unsigned long long)lists[k]->size);
        for (uint64_t q = 0; q < nacts; q++)
            if ((st = check_shape(api, lists[k]->items[q], k_names[k], seq, 3)))
                return st;
    }
    if (params->size != nparams)
        return ACLEMU_PARAM_ERROR(api, "params list size mismatch, expected %llu, actual %llu.",
                                  (unsigned long long)nparams, (unsigned long long)params->size);
    if ((st = check_shape(api, dxOut, "dxOut", input->shape, 3)) || (st = check_shape(api, dhPrevOut, "dhPrevOut", state, 3)))
        return st;
    if (dparamsOut->size != nparams)
        return ACLEMU_PARAM_ERROR(api, "dparamsOut list size mismatch, expected %llu, actual %llu.",
                                  (unsigned long long)nparams, (unsigned long long)dparamsOut->size);
    for (int64_t l = 0; l < numLayers; l++) {
        const int64_t wi[2] = {G, l ? D * H : I}, wh[2] = {G, H}, bias[1] = {G};
        static const char *const pn[4] = {"weight_ih", "weight_hh", "bias_ih", "bias_hh"};
        for (int64_t k = 0; k < per_layer; k++) {
            const int64_t q = k % (2 * NB);
            const int64_t *shp = q == 0 ? wi : q == 1 ? wh : bias;
            if ((st = check_shape(api, params->items[l * per_layer + k], pn[q], shp, q < 2 ? 2 : 1)) ||
                (st = check_shape(api, dparamsOut->items[l * per_layer + k], pn[q], shp, q < 2 ? 2 : 1)))
                return st;
        }
    }
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3)))
        return st;

    static const int32_t bf_perm[3] = {1, 0, 2};
    const int32_t *xperm = batchFirst ? bf_perm : NULL;
    nn_stage *stg = (nn_stage *)calloc(4 + (size_t)nacts * 8, sizeof(nn_stage));
    if (!stg)
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api, "out of host memory.");
    nn_stage *s_x = &stg[0], *s_dy = &stg[1], *s_dh = &stg[2], *s_hx = &stg[3], *s_act = &stg[4];
    nn_stage *s_whh = s_act + 5 * nacts, *s_dbi = s_whh + nacts, *s_dbh = s_dbi + nacts;
    nn_stage s_dx, s_dh0;
    if ((st = nn_stage_in(executor, input, xperm, -1, s_x)) || (st = nn_stage_in(executor, dy, xperm, -1, s_dy)) ||
        (st = nn_stage_in(executor, dh, NULL, -1, s_dh)) || (st = nn_stage_in(executor, hx, NULL, -1, s_hx)))
        goto done;
    for (uint64_t q = 0; q < nacts; q++) {
        const int64_t base = (int64_t)q * 2 * NB; /* (l * D + d) * 2 * NB */
        for (int k = 0; k < 5; k++)
            if ((st = nn_stage_in(executor, lists[k]->items[q], NULL, -1, &s_act[q * 5 + k])))
                goto done;
        if ((st = nn_stage_in(executor, params->items[base + 1], NULL, -1, &s_whh[q])))
            goto done;
        if (hasBias && ((st = nn_stage_out(executor, dparamsOut->items[base + 2], NULL, -1, &s_dbi[q])) ||
                        (st = nn_stage_out(executor, dparamsOut->items[base + 3], NULL, -1, &s_dbh[q]))))
            goto done;
    }
    if ((st = nn_stage_out(executor, dxOut, xperm, -1, &s_dx)) || (st = nn_stage_out(executor, dhPrevOut, NULL, -1, &s_dh0)))
        goto done;

    const int64_t TB = T * B, DH = D * H, wide = DH > I ? DH : I;
    uint64_t ws_dgi[2] = {0, 0}, ws_dgh[2] = {0, 0}, ws_hp[2] = {0, 0}, ws_dhn[2] = {0, 0}, ws_dhz[2] = {0, 0};
    for (int64_t d = 0; d < D; d++) {
        ws_dgi[d] = aclemu_exec_alloc_workspace(executor, (uint64_t)(TB * G) * 4);
        ws_dgh[d] = aclemu_exec_alloc_workspace(executor, (uint64_t)(TB * G) * 4);
        ws_hp[d] = aclemu_exec_alloc_workspace(executor, (uint64_t)(TB * H) * 4);
        ws_dhn[d] = aclemu_exec_alloc_workspace(executor, (uint64_t)(B * H) * 4);
        ws_dhz[d] = aclemu_exec_alloc_workspace(executor, (uint64_t)(B * H) * 4);
    }
    const uint64_t ws_x = numLayers > 1 ? aclemu_exec_alloc_workspace(executor, (uint64_t)(TB * DH) * 4) : 0;
    const uint64_t ws_dxa = aclemu_exec_alloc_workspace(executor, (uint64_t)(TB * wide) * 4);
    const uint64_t ws_dxb = D == 2 && numLayers > 1 ? aclemu_exec_alloc_workspace(executor, (uint64_t)(TB * DH) * 4) : 0;
    for (int64_t l = numLayers - 1; l >= 0; l--) {
        gru_grad_layer_args *a =
            (gru_grad_layer_args *)aclemu_exec_add_launch(executor, "GruLayerGrad", (uint32_t)D, sizeof(*a));
        if (!a) {
            st = ACLNN_ERR_INNER;
            goto done;
        }
        a->T = T;
        a->B = B;
        a->H = H;
        a->dy_pitch = DH;
        a->x_pitch = DH;
        a->ndir = (int32_t)D;
        for (int64_t d = 0; d < D; d++) {
            gru_grad_dir_args *L = &a->dir[d];
            const int64_t q = l * D + d, sl = q * B * H;
            if (l == numLayers - 1) {
                if ((st = nn_stage_bind(executor, a, &L->dy, s_dy)))
                    goto done;
            } else {
                ws_buf(&L->dy);
                if ((st = aclemu_exec_bind_workspace(executor, a, &L->dy.addr, D == 2 ? ws_dxb : ws_dxa)))
                    goto done;
            }
            L->dy.offset += d * H;
            if ((st = nn_stage_bind(executor, a, &L->dhT, s_dh)) || (st = nn_stage_bind(executor, a, &L->h0, s_hx)) ||
                (st = nn_stage_bind(executor, a, &L->dh0, &s_dh0)) || (st = nn_stage_bind(executor, a, &L->whh, &s_whh[q])))
                goto done;
            L->dhT.offset += sl;
            L->h0.offset += sl;
            L->dh0.offset += sl;
            nn_cbuf *ab[5] = {&L->r, &L->z, &L->n, &L->hn, &L->h};
            for (int k = 0; k < 5; k++)
                if ((st = nn_stage_bind(executor, a, ab[k], &s_act[q * 5 + k])))
                    goto done;
            if (l > 0) {
                ws_buf(&L->x);
                if ((st = nn_stage_bind(executor, a, &L->hprev, &s_act[((l - 1) * D + d) * 5 + 4])) ||
                    (st = aclemu_exec_bind_workspace(executor, a, &L->x.addr, ws_x)))
                    goto done;
            }
            ws_buf(&L->dgi);
            ws_buf(&L->dgh);
            ws_buf(&L->hp);
            ws_buf(&L->dhn);
            ws_buf(&L->dhz);
            if ((st = aclemu_exec_bind_workspace(executor, a, &L->dgi.addr, ws_dgi[d])) ||
                (st = aclemu_exec_bind_workspace(executor, a, &L->dgh.addr, ws_dgh[d])) ||
                (st = aclemu_exec_bind_workspace(executor, a, &L->hp.addr, ws_hp[d])) ||
                (st = aclemu_exec_bind_workspace(executor, a, &L->dhn.addr, ws_dhn[d])) ||
                (st = aclemu_exec_bind_workspace(executor, a, &L->dhz.addr, ws_dhz[d])))
                goto done;
            if (hasBias && ((st = nn_stage_bind(executor, a, &L->dbi, &s_dbi[q])) ||
                            (st = nn_stage_bind(executor, a, &L->dbh, &s_dbh[q]))))
                goto done;
        }
        for (int64_t d = 0; d < D; d++) {
            const int64_t base = (l * D + d) * 2 * NB;
            const rnn_grad_gemms gg = {TB, G, H, ws_dgi[d], ws_dgh[d], ws_hp[d], l ? NULL : s_x, ws_x, DH,
                                       params->items[base], dparamsOut->items[base], dparamsOut->items[base + 1],
                                       l == 0 && d == D - 1 ? &s_dx : NULL, d == 0 ? ws_dxa : ws_dxb,
                                       d == 1 ? (int64_t)ws_dxa : -1};
            if ((st = rnn_grad_layer_gemms(executor, &gg)))
                goto done;
        }
    }
    if ((st = nn_stage_out_finish(executor, &s_dx)) || (st = nn_stage_out_finish(executor, &s_dh0)))
        goto done;
    for (uint64_t q = 0; hasBias && q < nacts; q++)
        if ((st = nn_stage_out_finish(executor, &s_dbi[q])) || (st = nn_stage_out_finish(executor, &s_dbh[q])))
            goto done;
done:
    free(stg);
    return st;
}
