/* aclnnLstmBackward (A2 / A3 / 950; FLOAT, FLOAT16; every operand of input's dtype). The real
 * checks, in their order (op_api/aclnn_lstm_backward.cpp): nulls (input, hx, params, the seven
 * activation lists, dxOut, dhPrevOut, dcPrevOut, dparamsOut; dy, dh, dc and batchSizesOptional
 * may be null, dy / dh / dc then count as zeros) and the list lengths (hx 2, activation lists
 * D * numLayers, params and dparamsOut 2 * (hasBias ? 2 : 1) * D * numLayers), all reported as
 * 161001 like the real CHECK_RET does; dtypes (dy, dh, dc, dxOut, dhPrevOut, dcPrevOut, then
 * batchSizes INT64, then the lists); shapes (B and H from i[0], T from batchSizes or input);
 * formats (input / dy / dxOut NCL, or ND with batchSizes; dh, dc, dhPrevOut, dcPrevOut, hx and
 * the activation lists NCL; params and dparamsOut ND). An empty operand then succeeds with
 * nothing to run. dropout, train and outputMask are not used (the real op ignores them too).
 *
 * The lists are what aclnnLSTM saved: per layer and direction (T, B, H) of i, g, f, o (gates in
 * the order i, f, g, o along 4H, the real "ifjo"), h, c and tanh(c). Layer l > 0 read the
 * previous layer's h of both directions, concatenated, as its input; the two bias gradients of
 * a layer are the same sum. Plan, from the last layer down: one LstmLayerGrad launch (a block
 * per direction) for the recurrence, then per direction CubeGemm launches
 * dW_hh = dG^T hp, dW_ih = dG^T x and dx (+)= dG W_ih over all T * B rows, the input gradient
 * of the layer below summed over both directions in FP32. */
#include <stdlib.h>
#include <string.h>

#include "aclemu_plans.h"
#include "lstm_grad_args.h"
#include "nn_stage.h"
#include "rnn_grad_plan.h"

#define LSTMG_DTYPES (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16))

static const char *const k_act_names[7] = {"i", "g", "f", "o", "h", "c", "tanhc"};

static aclnnStatus check_items(const char *api, const aclTensorList *l, const char *name)
{
    for (uint64_t k = 0; k < l->size; k++)
        if (!l->items[k])
            return ACLEMU_NULL_ERROR(api, "%s[%llu] should not be nullptr.", name, (unsigned long long)k);
    return ACLNN_SUCCESS;
}

static aclnnStatus check_list_dtype(const char *api, const aclTensorList *l, const char *name, const aclTensor *ref)
{
    aclnnStatus st;
    for (uint64_t k = 0; k < l->size; k++)
        if ((st = aclemu_check_dtype(api, l->items[k], name, LSTMG_DTYPES)) ||
            (st = aclemu_check_same_dtype(api, ref, "input", l->items[k], name)))
            return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus check_opt_dtype(const char *api, const aclTensor *t, const char *name, const aclTensor *ref)
{
    aclnnStatus st;
    if (t && ((st = aclemu_check_dtype(api, t, name, LSTMG_DTYPES)) ||
              (st = aclemu_check_same_dtype(api, ref, "input", t, name))))
        return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus check_rank(const char *api, const aclTensor *t, const char *name, uint32_t rank)
{
    if (t->ndim != rank)
        return ACLEMU_PARAM_ERROR(api, "%s dim num %u should be %u.", name, t->ndim, rank);
    return ACLNN_SUCCESS;
}

static aclnnStatus check_shape(const char *api, const aclTensor *t, const char *name, const int64_t *shape,
                               uint32_t nd)
{
    if (!t)
        return ACLNN_SUCCESS;
    if (t->ndim != nd)
        return ACLEMU_PARAM_ERROR(api, "%s dim num %u should be %u.", name, t->ndim, nd);
    return aclemu_check_shape_is(api, t, name, shape, nd);
}

static aclnnStatus check_fmt(const char *api, const aclTensor *t, const char *name, aclFormat want)
{
    if (t && t->format != want)
        return ACLEMU_PARAM_ERROR(api, "%s format only supports %s, but got format %d.", name,
                                  want == ACL_FORMAT_NCL ? "NCL" : "ND", (int)t->format);
    return ACLNN_SUCCESS;
}

static aclnnStatus check_list_fmt(const char *api, const aclTensorList *l, const char *name, aclFormat want)
{
    aclnnStatus st;
    for (uint64_t k = 0; k < l->size; k++)
        if ((st = check_fmt(api, l->items[k], name, want)))
            return st;
    return ACLNN_SUCCESS;
}

static int list_empty(const aclTensorList *l)
{
    for (uint64_t k = 0; k < l->size; k++)
        if (aclemu_tensor_numel(l->items[k]) == 0)
            return 1;
    return 0;
}

static void ws_buf(nn_cbuf *b, int32_t dtype)
{
    b->present = 1;
    b->dtype = dtype;
    b->offset = 0;
}

aclnnStatus aclemu_plan_LstmBackward(aclOpExecutor *executor, const aclTensor *input, const aclTensorList *hx,
                                     const aclTensorList *params, const aclTensor *dy, const aclTensor *dh,
                                     const aclTensor *dc, const aclTensorList *i, const aclTensorList *g,
                                     const aclTensorList *f, const aclTensorList *o, const aclTensorList *h,
                                     const aclTensorList *c, const aclTensorList *tanhc,
                                     const aclTensor *batchSizesOptional, bool hasBias, int64_t numLayers,
                                     double dropout, bool train, bool bidirectional, bool batchFirst,
                                     const aclBoolArray *outputMask, aclTensor *dxOut, aclTensor *dhPrevOut,
                                     aclTensor *dcPrevOut, aclTensorList *dparamsOut)
{
    const char *api = aclemu_exec_api(executor);
    const aclTensor *bsz = batchSizesOptional;
    const aclTensorList *acts[7] = {i, g, f, o, h, c, tanhc};
    aclnnStatus st;
    (void)dropout;
    (void)train;
    (void)outputMask;
    /* nulls and list lengths */
    if ((st = aclemu_check_notnull(api, input, "input")) || (st = aclemu_check_notnull(api, hx, "hx")) ||
        (st = aclemu_check_notnull(api, params, "params")))
        return st;
    for (int k = 0; k < 7; k++)
        if ((st = aclemu_check_notnull(api, acts[k], k_act_names[k])))
            return st;
    if ((st = aclemu_check_notnull(api, dxOut, "dxOut")) || (st = aclemu_check_notnull(api, dhPrevOut, "dhPrevOut")) ||
        (st = aclemu_check_notnull(api, dcPrevOut, "dcPrevOut")) ||
        (st = aclemu_check_notnull(api, dparamsOut, "dparamsOut")))
        return st;
    if (numLayers < 1)
        return ACLEMU_PARAM_ERROR(api, "numLayers %lld should be greater than 0.", (long long)numLayers);
    const int64_t D = bidirectional ? 2 : 1, NB = hasBias ? 2 : 1, per_layer = 2 * NB * D;
    const uint64_t nacts = (uint64_t)(D * numLayers), nparams = (uint64_t)(per_layer * numLayers);
    if (hx->size != 2)
        return ACLEMU_NULL_ERROR(api, "the hx list should hold 2 tensors (h0, c0), but holds %llu.",
                                 (unsigned long long)hx->size);
    for (int k = 0; k < 7; k++)
        if (acts[k]->size != nacts)
            return ACLEMU_NULL_ERROR(api, "the %s list should hold %llu tensors (D * numLayers), but holds %llu.",
                                     k_act_names[k], (unsigned long long)nacts, (unsigned long long)acts[k]->size);
    if (params->size != nparams || dparamsOut->size != nparams)
        return ACLEMU_NULL_ERROR(api, "params and dparamsOut should hold %llu tensors each, but hold %llu and %llu.",
                                 (unsigned long long)nparams, (unsigned long long)params->size,
                                 (unsigned long long)dparamsOut->size);
    if ((st = check_items(api, hx, "hx")))
        return st;
    for (int k = 0; k < 7; k++)
        if ((st = check_items(api, acts[k], k_act_names[k])))
            return st;
    if ((st = check_items(api, params, "params")) || (st = check_items(api, dparamsOut, "dparamsOut")))
        return st;
    /* dtypes */
    if ((st = aclemu_check_dtype(api, input, "input", LSTMG_DTYPES)) || (st = check_opt_dtype(api, dy, "dy", input)) ||
        (st = check_opt_dtype(api, dh, "dh", input)) || (st = check_opt_dtype(api, dc, "dc", input)) ||
        (st = check_opt_dtype(api, dxOut, "dxOut", input)) || (st = check_opt_dtype(api, dhPrevOut, "dhPrevOut", input)) ||
        (st = check_opt_dtype(api, dcPrevOut, "dcPrevOut", input)))
        return st;
    if (bsz && (st = aclemu_check_dtype(api, bsz, "batchSizesOptional", ACLEMU_DT(ACL_INT64))))
        return st;
    if ((st = check_list_dtype(api, hx, "hx", input)) || (st = check_list_dtype(api, params, "params", input)))
        return st;
    for (int k = 0; k < 7; k++)
        if ((st = check_list_dtype(api, acts[k], k_act_names[k], input)))
            return st;
    if ((st = check_list_dtype(api, dparamsOut, "dparamsOut", input)))
        return st;
    /* shapes */
    if ((st = check_rank(api, i->items[0], "i", 3)) || (st = check_rank(api, input, "input", bsz ? 2 : 3)) ||
        (bsz && (st = check_rank(api, bsz, "batchSizesOptional", 1))))
        return st;
    const int64_t B = i->items[0]->shape[1], H = i->items[0]->shape[2], G = 4 * H;
    const int64_t I = input->shape[input->ndim - 1];
    const int64_t T = bsz ? bsz->shape[0] : input->shape[batchFirst ? 1 : 0];
    const int64_t x_shape[3] = {bsz ? T * B : batchFirst ? B : T, bsz ? I : batchFirst ? T : B, I};
    const int64_t y_shape[3] = {x_shape[0], bsz ? D * H : x_shape[1], D * H};
    const int64_t state[3] = {D * numLayers, B, H}, seq[3] = {T, B, H}, bias[1] = {G};
    const uint32_t xnd = bsz ? 2 : 3;
    if ((st = check_shape(api, input, "input", x_shape, xnd)) || (st = check_shape(api, hx->items[0], "hx[0]", state, 3)) ||
        (st = check_shape(api, hx->items[1], "hx[1]", state, 3)) || (st = check_shape(api, dxOut, "dxOut", x_shape, xnd)) ||
        (st = check_shape(api, dhPrevOut, "dhPrevOut", state, 3)) ||
        (st = check_shape(api, dcPrevOut, "dcPrevOut", state, 3)) || (st = check_shape(api, dy, "dy", y_shape, xnd)) ||
        (st = check_shape(api, dh, "dh", state, 3)) || (st = check_shape(api, dc, "dc", state, 3)))
        return st;
    for (int64_t l = 0; l < numLayers; l++) {
        const int64_t wi[2] = {G, l ? D * H : I}, wh[2] = {G, H};
        for (int64_t k = 0; k < per_layer; k++) {
            const int64_t q = k % (2 * NB);
            static const char *const pn[4] = {"weight_ih", "weight_hh", "bias_ih", "bias_hh"};
            const int64_t *shp = q == 0 ? wi : q == 1 ? wh : bias;
            if ((st = check_shape(api, params->items[l * per_layer + k], pn[q], shp, q < 2 ? 2 : 1)) ||
                (st = check_shape(api, dparamsOut->items[l * per_layer + k], pn[q], shp, q < 2 ? 2 : 1)))
                return st;
        }
    }
    for (uint64_t n = 0; n < nacts; n++)
        for (int k = 0; k < 7; k++)
            if ((st = check_shape(api, acts[k]->items[n], k_act_names[k], seq, 3)))
                return st;
    /* formats */
    const aclFormat xf = bsz ? ACL_FORMAT_ND : ACL_FORMAT_NCL;
    if ((st = check_fmt(api, input, "input", xf)) || (st = check_fmt(api, dy, "dy", xf)) ||
        (st = check_fmt(api, dh, "dh", ACL_FORMAT_NCL)) || (st = check_fmt(api, dc, "dc", ACL_FORMAT_NCL)) ||
        (st = check_fmt(api, dxOut, "dxOut", xf)) || (st = check_fmt(api, dhPrevOut, "dhPrevOut", ACL_FORMAT_NCL)) ||
        (st = check_fmt(api, dcPrevOut, "dcPrevOut", ACL_FORMAT_NCL)) ||
        (st = check_fmt(api, bsz, "batchSizesOptional", ACL_FORMAT_ND)) ||
        (st = check_list_fmt(api, hx, "hx", ACL_FORMAT_NCL)) || (st = check_list_fmt(api, params, "params", ACL_FORMAT_ND)))
        return st;
    for (int k = 0; k < 7; k++)
        if ((st = check_list_fmt(api, acts[k], k_act_names[k], ACL_FORMAT_NCL)))
            return st;
    if ((st = check_list_fmt(api, dparamsOut, "dparamsOut", ACL_FORMAT_ND)))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3_950)))
        return st;
    /* empty operands: nothing to compute (the real EmptyCheck) */
    if (aclemu_tensor_numel(input) == 0 || (dy && aclemu_tensor_numel(dy) == 0) ||
        aclemu_tensor_numel(hx->items[0]) == 0 || (bsz && aclemu_tensor_numel(bsz) == 0) || list_empty(hx) ||
        list_empty(params))
        return ACLNN_SUCCESS;
    for (int k = 0; k < 7; k++)
        if (list_empty(acts[k]))
            return ACLNN_SUCCESS;

    /* staging: inputs in (T, B, .) order, outputs the same */
    static const int32_t bf_perm[3] = {1, 0, 2};
    const int32_t *xperm = (!bsz && batchFirst) ? bf_perm : NULL;
    const size_t nst = 7 + (size_t)nacts * 10;
    nn_stage *stg = (nn_stage *)calloc(nst, sizeof(nn_stage));
    if (!stg)
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api, "out of host memory.");
    nn_stage *s_x = &stg[0], *s_dy = &stg[1], *s_dh = &stg[2], *s_dc = &stg[3], *s_hx = &stg[4]; /* s_hx[0..1] */
    nn_stage *s_bsz = &stg[6], *s_act = &stg[7], *s_whh = s_act + 7 * nacts;
    nn_stage *s_dbi = s_whh + nacts, *s_dbh = s_dbi + nacts;
    nn_stage s_dx, s_dh0, s_dc0;
    if ((st = nn_stage_in(executor, input, xperm, -1, s_x)) || (st = nn_stage_in(executor, dy, xperm, -1, s_dy)) ||
        (st = nn_stage_in(executor, dh, NULL, -1, s_dh)) || (st = nn_stage_in(executor, dc, NULL, -1, s_dc)) ||
        (st = nn_stage_in(executor, hx->items[0], NULL, -1, &s_hx[0])) ||
        (st = nn_stage_in(executor, hx->items[1], NULL, -1, &s_hx[1])) ||
        (st = nn_stage_in(executor, bsz, NULL, -1, s_bsz)))
        goto done;
    for (uint64_t n = 0; n < nacts; n++) {
        const int64_t base = (int64_t)(n / (uint64_t)D) * per_layer + (int64_t)(n % (uint64_t)D) * 2 * NB;
        for (int k = 0; k < 7; k++)
            if ((st = nn_stage_in(executor, acts[k]->items[n], NULL, -1, &s_act[n * 7 + k])))
                goto done;
        if ((st = nn_stage_in(executor, params->items[base + 1], NULL, -1, &s_whh[n])))
            goto done;
        if (hasBias && ((st = nn_stage_out(executor, dparamsOut->items[base + 2], NULL, -1, &s_dbi[n])) ||
                        (st = nn_stage_out(executor, dparamsOut->items[base + 3], NULL, -1, &s_dbh[n]))))
            goto done;
    }
    if ((st = nn_stage_out(executor, dxOut, xperm, -1, &s_dx)) ||
        (st = nn_stage_out(executor, dhPrevOut, NULL, -1, &s_dh0)) ||
        (st = nn_stage_out(executor, dcPrevOut, NULL, -1, &s_dc0)))
        goto done;

    const int64_t TB = T * B, DH = D * H, wide = DH > I ? DH : I;
    uint64_t ws_dg[2] = {0, 0}, ws_hp[2] = {0, 0}, ws_dhn[2] = {0, 0}, ws_dcn[2] = {0, 0};
    for (int64_t d = 0; d < D; d++) {
        ws_dg[d] = aclemu_exec_alloc_workspace(executor, (uint64_t)(TB * G) * 4);
        ws_hp[d] = aclemu_exec_alloc_workspace(executor, (uint64_t)(TB * H) * 4);
        ws_dhn[d] = aclemu_exec_alloc_workspace(executor, (uint64_t)(B * H) * 4);
        ws_dcn[d] = aclemu_exec_alloc_workspace(executor, (uint64_t)(B * H) * 4);
    }
    const uint64_t ws_x = numLayers > 1 ? aclemu_exec_alloc_workspace(executor, (uint64_t)(TB * DH) * 4) : 0;
    const uint64_t ws_dxa = aclemu_exec_alloc_workspace(executor, (uint64_t)(TB * wide) * 4);
    const uint64_t ws_dxb = D == 2 && numLayers > 1 ? aclemu_exec_alloc_workspace(executor, (uint64_t)(TB * DH) * 4) : 0;

    for (int64_t l = numLayers - 1; l >= 0; l--) {
        const int top = l == numLayers - 1;
        lstm_grad_layer_args *a =
            (lstm_grad_layer_args *)aclemu_exec_add_launch(executor, "LstmLayerGrad", (uint32_t)D, sizeof(*a));
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
        if (bsz && (st = nn_stage_bind(executor, a, &a->bsz, s_bsz)))
            goto done;
        for (int64_t d = 0; d < D; d++) {
            lstm_grad_dir_args *L = &a->dir[d];
            const int64_t n = l * D + d, sl = n * B * H;
            if (top) {
                if (dy && (st = nn_stage_bind(executor, a, &L->dy, s_dy)))
                    goto done;
            } else {
                ws_buf(&L->dy, ACL_FLOAT);
                if ((st = aclemu_exec_bind_workspace(executor, a, &L->dy.addr, D == 2 ? ws_dxb : ws_dxa)))
                    goto done;
            }
            L->dy.offset += d * H;
            if ((dh && (st = nn_stage_bind(executor, a, &L->dhT, s_dh))) ||
                (dc && (st = nn_stage_bind(executor, a, &L->dcT, s_dc))) ||
                (st = nn_stage_bind(executor, a, &L->h0, &s_hx[0])) || (st = nn_stage_bind(executor, a, &L->c0, &s_hx[1])) ||
                (st = nn_stage_bind(executor, a, &L->dh0, &s_dh0)) || (st = nn_stage_bind(executor, a, &L->dc0, &s_dc0)) ||
                (st = nn_stage_bind(executor, a, &L->whh, &s_whh[n])))
                goto done;
            L->dhT.offset += sl;
            L->dcT.offset += sl;
            L->h0.offset += sl;
            L->c0.offset += sl;
            L->dh0.offset += sl;
            L->dc0.offset += sl;
            nn_cbuf *ab[7] = {&L->i, &L->j, &L->f, &L->o, &L->h, &L->c, &L->tanhc};
            for (int k = 0; k < 7; k++)
                if ((st = nn_stage_bind(executor, a, ab[k], &s_act[n * 7 + k])))
                    goto done;
            if (l > 0) {
                ws_buf(&L->x, ACL_FLOAT);
                if ((st = nn_stage_bind(executor, a, &L->hprev, &s_act[((l - 1) * D + d) * 7 + 4])) ||
                    (st = aclemu_exec_bind_workspace(executor, a, &L->x.addr, ws_x)))
                    goto done;
            }
            ws_buf(&L->dg, ACL_FLOAT);
            ws_buf(&L->hp, ACL_FLOAT);
            ws_buf(&L->dhn, ACL_FLOAT);
            ws_buf(&L->dcn, ACL_FLOAT);
            if ((st = aclemu_exec_bind_workspace(executor, a, &L->dg.addr, ws_dg[d])) ||
                (st = aclemu_exec_bind_workspace(executor, a, &L->hp.addr, ws_hp[d])) ||
                (st = aclemu_exec_bind_workspace(executor, a, &L->dhn.addr, ws_dhn[d])) ||
                (st = aclemu_exec_bind_workspace(executor, a, &L->dcn.addr, ws_dcn[d])))
                goto done;
            if (hasBias && ((st = nn_stage_bind(executor, a, &L->dbi, &s_dbi[n])) ||
                            (st = nn_stage_bind(executor, a, &L->dbh, &s_dbh[n]))))
                goto done;
        }
        /* the GEMMs of this layer, per direction (the second one adds the first one's dx) */
        for (int64_t d = 0; d < D; d++) {
            const int64_t base = l * per_layer + d * 2 * NB;
            const rnn_grad_gemms gg = {TB, G, H, ws_dg[d], ws_dg[d], ws_hp[d], l ? NULL : s_x, ws_x, DH,
                                       params->items[base], dparamsOut->items[base], dparamsOut->items[base + 1],
                                       l == 0 && d == D - 1 ? &s_dx : NULL, d == 0 ? ws_dxa : ws_dxb,
                                       d == 1 ? (int64_t)ws_dxa : -1};
            if ((st = rnn_grad_layer_gemms(executor, &gg)))
                goto done;
        }
    }
    if ((st = nn_stage_out_finish(executor, &s_dx)) || (st = nn_stage_out_finish(executor, &s_dh0)) ||
        (st = nn_stage_out_finish(executor, &s_dc0)))
        goto done;
    for (uint64_t n = 0; hasBias && n < nacts; n++)
        if ((st = nn_stage_out_finish(executor, &s_dbi[n])) || (st = nn_stage_out_finish(executor, &s_dbh[n])))
            goto done;
done:
    free(stg);
    return st;
}
