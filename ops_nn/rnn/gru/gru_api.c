/* aclnnGRU (A2 / A3; FLOAT, FLOAT16; every operand of input's dtype). The real checks of the
 * fixed-length route, in their order: nulls (input, params, output, hy; the five train lists when
 * train), dtypes, list lengths (params 2 * (hasBias ? 2 : 1) * D * numLayers, train lists
 * D * numLayers), ranks, shapes (H from params[0]'s rows / 3); then an empty input succeeds with
 * nothing to run. The packed-sequence route (batchSizes) is "not supported yet" in the real docs
 * too and is refused. params per layer and direction: W_ih (3H, in), W_hh (3H, H)[, b_ih, b_hh],
 * gates r, z, n. Plan per layer: a CubeGemm launch gi = x W_ih^T + b_ih per direction
 * (rnn_plan.h), then one GruLayer launch (a block per direction). */
#include <stdlib.h>
#include <string.h>

#include "aclemu_plans.h"
#include "gru_args.h"
#include "nn_stage.h"
#include "rnn_plan.h"

#define GRU_DTYPES (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16))

static const char *const k_names[5] = {"rOut", "zOut", "nOut", "hnOut", "hOut"};

static aclnnStatus check_rank(const char *api, const aclTensor *t, const char *name, uint32_t rank)
{
    if (t->ndim != rank)
        return ACLEMU_PARAM_ERROR(api, "%s dim num %u should be %u.", name, t->ndim, rank);
    return ACLNN_SUCCESS;
}

static void ws_buf(nn_cbuf *b, int32_t dtype)
{
    b->present = 1;
    b->dtype = dtype;
    b->offset = 0;
}

aclnnStatus aclemu_plan_GRU(aclOpExecutor *executor, const aclTensor *input, const aclTensorList *params,
                            const aclTensor *hx, const aclTensor *batchSizes, bool hasBias, int64_t numLayers,
                            double dropout, bool train, bool bidirection, bool batchFirst, aclTensor *output,
                            aclTensor *hy, aclTensorList *rOut, aclTensorList *zOut, aclTensorList *nOut,
                            aclTensorList *hnOut, aclTensorList *hOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    (void)dropout;
    const aclTensorList *lists[5] = {rOut, zOut, nOut, hnOut, hOut};
    if ((st = aclemu_check_notnull(api, input, "input")) || (st = aclemu_check_notnull(api, params, "params")) ||
        (st = aclemu_check_notnull(api, output, "output")) || (st = aclemu_check_notnull(api, hy, "hy")))
        return st;
    for (int k = 0; train && k < 5; k++)
        if ((st = aclemu_check_notnull(api, lists[k], k_names[k])))
            return st;
    for (uint64_t i = 0; i < params->size; i++)
        if (!params->items[i])
            return ACLEMU_NULL_ERROR(api, "params[%llu] should not be nullptr.", (unsigned long long)i);
    for (int k = 0; train && k < 5; k++)
        for (uint64_t i = 0; i < lists[k]->size; i++)
            if (!lists[k]->items[i])
                return ACLEMU_NULL_ERROR(api, "%s[%llu] should not be nullptr.", k_names[k], (unsigned long long)i);
    if (batchSizes)
        return ACLEMU_PARAM_ERROR(api, "batchSizes (packed variable-length sequences) is not supported; pass "
                                       "nullptr for fixed-length input.");
    if ((st = aclemu_check_dtype(api, input, "input", GRU_DTYPES)))
        return st;
    for (uint64_t i = 0; i < params->size; i++)
        if ((st = aclemu_check_same_dtype(api, input, "input", params->items[i], "params")))
            return st;
    if ((hx && (st = aclemu_check_same_dtype(api, input, "input", hx, "hx"))) ||
        (st = aclemu_check_same_dtype(api, input, "input", output, "output")) ||
        (st = aclemu_check_same_dtype(api, input, "input", hy, "hy")))
        return st;
    for (int k = 0; train && k < 5; k++)
        for (uint64_t i = 0; i < lists[k]->size; i++)
            if ((st = aclemu_check_same_dtype(api, input, "input", lists[k]->items[i], k_names[k])))
                return st;
    if (numLayers < 1)
        return ACLEMU_PARAM_ERROR(api, "numLayers %lld should be at least 1.", (long long)numLayers);
    const int64_t D = bidirection ? 2 : 1, NB = hasBias ? 2 : 1, per_layer = 2 * NB * D;
    const uint64_t nparams = (uint64_t)(per_layer * numLayers), nouts = (uint64_t)(D * numLayers);
    if (params->size != nparams)
        return ACLEMU_PARAM_ERROR(api, "The number of tensors required for the params lists should be %llu, but %llu "
                                       "was obtained.", (unsigned long long)nparams, (unsigned long long)params->size);
    for (int k = 0; train && k < 5; k++)
        if (lists[k]->size != nouts)
            return ACLEMU_PARAM_ERROR(api, "The number of tensors required for the %s lists should be %llu, but %llu "
                                           "was obtained.", k_names[k], (unsigned long long)nouts,
                                      (unsigned long long)lists[k]->size);
    if ((st = check_rank(api, input, "input", 3)))
        return st;
    for (int64_t p = 0; p < (int64_t)nparams; p++)
        if ((st = check_rank(api, params->items[p], "params", p % (2 * NB) < 2 ? 2 : 1)))
            return st;
    if ((hx && (st = check_rank(api, hx, "hx", 3))) || (st = check_rank(api, output, "output", 3)) ||
        (st = check_rank(api, hy, "hy", 3)))
        return st;
    for (int k = 0; train && k < 5; k++)
        for (uint64_t i = 0; i < nouts; i++)
            if ((st = check_rank(api, lists[k]->items[i], k_names[k], 3)))
                return st;
    const int64_t T = input->shape[batchFirst ? 1 : 0], B = input->shape[batchFirst ? 0 : 1], I = input->shape[2];
    const int64_t H = params->items[0]->shape[0] / 3;
    int64_t in_size = I;
    for (int64_t l = 0; l < numLayers; l++) {
        const int64_t wi[2] = {3 * H, in_size}, wh[2] = {3 * H, H}, bs[1] = {3 * H};
        for (int64_t d = 0; d < D; d++) {
            aclTensor *const *w = params->items + l * per_layer + d * per_layer / 2;
            if ((st = aclemu_check_shape_is(api, w[0], "weight_ih", wi, 2)) ||
                (st = aclemu_check_shape_is(api, w[1], "weight_hh", wh, 2)) ||
                (hasBias && ((st = aclemu_check_shape_is(api, w[2], "bias_ih", bs, 1)) ||
                             (st = aclemu_check_shape_is(api, w[3], "bias_hh", bs, 1)))))
                return st;
        }
        in_size = D * H;
    }
    const int64_t state[3] = {D * numLayers, B, H}, seq[3] = {T, B, H};
    const int64_t out_shape[3] = {batchFirst ? B : T, batchFirst ? T : B, D * H};
    if ((hx && (st = aclemu_check_shape_is(api, hx, "hx", state, 3))) ||
        (st = aclemu_check_shape_is(api, output, "output", out_shape, 3)) ||
        (st = aclemu_check_shape_is(api, hy, "hy", state, 3)))
        return st;
    for (int k = 0; train && k < 5; k++)
        for (uint64_t i = 0; i < nouts; i++)
            if ((st = aclemu_check_shape_is(api, lists[k]->items[i], k_names[k], seq, 3)))
                return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3)))
        return st;
    if (aclemu_tensor_numel(input) == 0 || H == 0)
        return ACLNN_SUCCESS;

    const int32_t dt = (int32_t)input->dtype;
    const int64_t es = (int64_t)aclemu_dtype_size(input->dtype);
    const size_t nst = 3 + (size_t)(D * numLayers) * 7;
    nn_stage *stg = (nn_stage *)calloc(nst, sizeof(nn_stage));
    if (!stg)
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api, "out of host memory.");
    nn_stage *s_out = &stg[0], *s_hy = &stg[1], *s_hx = &stg[2];
    nn_stage *s_w = &stg[3], *s_tr = &stg[3 + 2 * D * numLayers]; /* s_w[(l*D+d)*2 + {0: W_hh, 1: b_hh}] */
    static const int32_t bf_perm[3] = {1, 0, 2};
    if ((st = nn_stage_out(executor, output, batchFirst ? bf_perm : NULL, -1, s_out)) ||
        (st = nn_stage_out(executor, hy, NULL, -1, s_hy)) || (st = nn_stage_in(executor, hx, NULL, -1, s_hx)))
        goto done;
    for (int64_t l = 0; l < numLayers; l++)
        for (int64_t d = 0; d < D; d++) {
            aclTensor *const *w = params->items + l * per_layer + d * per_layer / 2;
            if ((st = nn_stage_in(executor, w[1], NULL, -1, &s_w[(l * D + d) * 2])) ||
                (st = nn_stage_in(executor, hasBias ? w[3] : NULL, NULL, -1, &s_w[(l * D + d) * 2 + 1])))
                goto done;
            for (int k = 0; train && k < 5; k++)
                if ((st = nn_stage_out(executor, lists[k]->items[l * D + d], NULL, -1, &s_tr[(l * D + d) * 5 + k])))
                    goto done;
        }
    uint64_t ws_g[2], ws_h[2], ws_gt[2], ws_y[2] = {0, 0};
    for (int64_t d = 0; d < D; d++) {
        ws_g[d] = aclemu_exec_alloc_workspace(executor, (uint64_t)(T * B * 3 * H) * 4);
        ws_h[d] = aclemu_exec_alloc_workspace(executor, (uint64_t)(B * H) * 4);
        ws_gt[d] = aclemu_exec_alloc_workspace(executor, (uint64_t)(B * 3 * H) * 4);
    }
    for (int k = 0; numLayers > 1 && k < 2; k++)
        ws_y[k] = aclemu_exec_alloc_workspace(executor, (uint64_t)(T * B * D * H * es));
    for (int64_t l = 0; l < numLayers; l++) {
        for (int64_t d = 0; d < D; d++) {
            aclTensor *const *w = params->items + l * per_layer + d * per_layer / 2;
            if ((st = rnn_launch_input_proj(executor, l ? NULL : input, batchFirst, l ? ws_y[(l - 1) % 2] : 0,
                                            input->dtype, T, B, l ? D * H : I, 3 * H, w[0], hasBias ? w[2] : NULL,
                                            NULL, ws_g[d])))
                goto done;
        }
        gru_layer_args *a = (gru_layer_args *)aclemu_exec_add_launch(executor, "GruLayer", (uint32_t)D, sizeof(*a));
        if (!a) {
            st = ACLNN_ERR_INNER;
            goto done;
        }
        a->T = T;
        a->B = B;
        a->H = H;
        a->y_pitch = D * H;
        a->ndir = (int32_t)D;
        a->train = train;
        for (int64_t d = 0; d < D; d++) {
            gru_dir_args *L = &a->dir[d];
            const int64_t sl = (l * D + d) * B * H;
            ws_buf(&L->g, ACL_FLOAT);
            ws_buf(&L->hbuf, ACL_FLOAT);
            ws_buf(&L->gates, ACL_FLOAT);
            if ((st = aclemu_exec_bind_workspace(executor, a, &L->g.addr, ws_g[d])) ||
                (st = aclemu_exec_bind_workspace(executor, a, &L->hbuf.addr, ws_h[d])) ||
                (st = aclemu_exec_bind_workspace(executor, a, &L->gates.addr, ws_gt[d])) ||
                (st = nn_stage_bind(executor, a, &L->whh, &s_w[(l * D + d) * 2])) ||
                (st = nn_stage_bind(executor, a, &L->bhh, &s_w[(l * D + d) * 2 + 1])) ||
                (st = nn_stage_bind(executor, a, &L->hy, s_hy)) || (st = nn_stage_bind(executor, a, &L->h0, s_hx)))
                goto done;
            L->hy.offset += sl;
            if (L->h0.present)
                L->h0.offset += sl;
            if (l == numLayers - 1) {
                if ((st = nn_stage_bind(executor, a, &L->y, s_out)))
                    goto done;
            } else {
                ws_buf(&L->y, dt);
                if ((st = aclemu_exec_bind_workspace(executor, a, &L->y.addr, ws_y[l % 2])))
                    goto done;
            }
            L->y.offset += d * H;
            nn_cbuf *tr[5] = {&L->r, &L->z, &L->n, &L->hn, &L->h};
            for (int k = 0; train && k < 5; k++)
                if ((st = nn_stage_bind(executor, a, tr[k], &s_tr[(l * D + d) * 5 + k])))
                    goto done;
        }
    }
    if ((st = nn_stage_out_finish(executor, s_out)) || (st = nn_stage_out_finish(executor, s_hy)))
        goto done;
    for (size_t k = 0; train && k < (size_t)(D * numLayers) * 5; k++)
        if ((st = nn_stage_out_finish(executor, &s_tr[k])))
            goto done;
done:
    free(stg);
    return st;
}
