/* The LstmLayer plan shared by aclnnLSTM and aclnnBidirectionLSTM(V2), after their checks:
 * per layer, for each direction a CubeGemm launch g = x W_ih^T + b_ih + b_hh ([T, B, 4H], FP32,
 * workspace; layer 0 reads x through its own strides), then one LstmLayer launch (a block per
 * direction) for the recurrence; layers hand over through workspace buffers of input's dtype. */
#include <stdlib.h>
#include <string.h>

#include "lstm_args.h"
#include "lstm_plan.h"
#include "nn_stage.h"
#include "rnn_plan.h"

static void bind_ws(nn_cbuf *b, int32_t dtype, int64_t offset)
{
    b->present = 1;
    b->dtype = dtype;
    b->offset = offset;
}

aclnnStatus lstm_plan_layers(aclOpExecutor *executor, const aclTensor *input, int batchFirst, const lstm_seq *seq,
                             const aclTensor *const *w4,
                             int hasBias, int64_t numLayers, int64_t D, int64_t H, const aclTensor *h0,
                             const aclTensor *c0, const aclTensor *output, const aclTensor *hy, const aclTensor *cy,
                             const aclTensorList *const *lists)
{
    const char *api = aclemu_exec_api(executor);
    const int train = lists != NULL;
    const int packed = seq && seq->packed;
    const int64_t T = seq ? seq->T : input->shape[batchFirst ? 1 : 0];
    const int64_t B = seq ? seq->B : input->shape[batchFirst ? 0 : 1];
    const int64_t I = input->shape[input->ndim - 1];
    const int64_t rows = packed ? input->shape[0] : T * B; /* of x, g and y */
    /* packed (total, I) input seen as (1, total, I) by the input projection */
    aclTensor x3 = *input;
    int64_t x3_shape[3] = {1, rows, I}, x3_stride[3] = {0, input->stride[0], input->stride[input->ndim - 1]};
    if (packed) {
        x3.ndim = 3;
        x3.shape = x3_shape;
        x3.stride = x3_stride;
        input = &x3;
    }
    aclnnStatus st;
    const int32_t dt = (int32_t)input->dtype;
    const int64_t es = (int64_t)aclemu_dtype_size(input->dtype);
    const int has_hx = h0 != NULL && c0 != NULL;
    const size_t nst = 5 + (size_t)(D * numLayers) * 8;
    nn_stage *stg = (nn_stage *)calloc(nst, sizeof(nn_stage));
    if (!stg)
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api, "out of host memory.");
    nn_stage *s_out = &stg[0], *s_hy = &stg[1], *s_cy = &stg[2], *s_hx = &stg[3]; /* s_hx[0..1] */
    nn_stage *s_whh = &stg[5], *s_tr = &stg[5 + D * numLayers];                 /* s_tr[(l*D+d)*7 + k] */
    static const int32_t bf_perm[3] = {1, 0, 2};
    if ((st = nn_stage_out(executor, output, batchFirst ? bf_perm : NULL, -1, s_out)) ||
        (st = nn_stage_out(executor, hy, NULL, -1, s_hy)) || (st = nn_stage_out(executor, cy, NULL, -1, s_cy)))
        goto done;
    nn_stage s_bsz;
    if (seq && seq->batch_sizes && (st = nn_stage_in(executor, seq->batch_sizes, NULL, -1, &s_bsz)))
        goto done;
    const aclTensor *hx0[2] = {h0, c0};
    for (int k = 0; has_hx && k < 2; k++)
        if ((st = nn_stage_in(executor, hx0[k], NULL, -1, &s_hx[k])))
            goto done;
    for (int64_t l = 0; l < numLayers; l++)
        for (int64_t d = 0; d < D; d++) {
            if ((st = nn_stage_in(executor, w4[(l * D + d) * 4 + 1], NULL, -1,
                                  &s_whh[l * D + d])))
                goto done;
            for (int k = 0; train && k < 7; k++)
                if ((st = nn_stage_out(executor, lists[k]->items[l * D + d], NULL, -1, &s_tr[(l * D + d) * 7 + k])))
                    goto done;
        }
    const uint64_t g_bytes = (uint64_t)(rows * 4 * H) * 4, y_bytes = (uint64_t)(rows * D * H * es);
    uint64_t ws_g[2], ws_h[2], ws_c[2], ws_gt[2], ws_y[2] = {0, 0};
    for (int64_t d = 0; d < D; d++) {
        ws_g[d] = aclemu_exec_alloc_workspace(executor, g_bytes);
        ws_h[d] = aclemu_exec_alloc_workspace(executor, (uint64_t)(B * H) * 4);
        ws_c[d] = aclemu_exec_alloc_workspace(executor, (uint64_t)(B * H) * 4);
        ws_gt[d] = aclemu_exec_alloc_workspace(executor, (uint64_t)(B * 4 * H) * 4);
    }
    for (int k = 0; numLayers > 1 && k < 2; k++)
        ws_y[k] = aclemu_exec_alloc_workspace(executor, y_bytes);
    for (int64_t l = 0; l < numLayers; l++) {
        const int last = l == numLayers - 1;
        for (int64_t d = 0; d < D; d++) {
            const aclTensor *const *w = w4 + (l * D + d) * 4;
            if ((st = rnn_launch_input_proj(executor, l ? NULL : input, batchFirst, l ? ws_y[(l - 1) % 2] : 0,
                                            input->dtype, packed ? 1 : T, packed ? rows : B, l ? D * H : I, 4 * H, w[0], hasBias ? w[2] : NULL,
                                            hasBias ? w[3] : NULL, ws_g[d])))
                goto done;
        }
        lstm_layer_args *a = (lstm_layer_args *)aclemu_exec_add_launch(executor, "LstmLayer", (uint32_t)D, sizeof(*a));
        if (!a) {
            st = ACLNN_ERR_INNER;
            goto done;
        }
        a->T = T;
        a->B = B;
        a->packed = packed;
        if (seq && seq->batch_sizes && (st = nn_stage_bind(executor, a, &a->bsz, &s_bsz)))
            goto done;
        a->H = H;
        a->y_pitch = D * H;
        a->ndir = (int32_t)D;
        a->train = train;
        for (int64_t d = 0; d < D; d++) {
            lstm_dir_args *L = &a->dir[d];
            const int64_t sl = (l * D + d) * B * H; /* this layer-direction's slice of hx / hy / cy */
            bind_ws(&L->g, ACL_FLOAT, 0);
            bind_ws(&L->hbuf, ACL_FLOAT, 0);
            bind_ws(&L->cbuf, ACL_FLOAT, 0);
            bind_ws(&L->gates, ACL_FLOAT, 0);
            if ((st = aclemu_exec_bind_workspace(executor, a, &L->g.addr, ws_g[d])) ||
                (st = aclemu_exec_bind_workspace(executor, a, &L->hbuf.addr, ws_h[d])) ||
                (st = aclemu_exec_bind_workspace(executor, a, &L->cbuf.addr, ws_c[d])) ||
                (st = aclemu_exec_bind_workspace(executor, a, &L->gates.addr, ws_gt[d])) ||
                (st = nn_stage_bind(executor, a, &L->whh, &s_whh[l * D + d])) ||
                (st = nn_stage_bind(executor, a, &L->hy, s_hy)) || (st = nn_stage_bind(executor, a, &L->cy, s_cy)))
                goto done;
            L->hy.offset += sl;
            L->cy.offset += sl;
            if (has_hx) {
                if ((st = nn_stage_bind(executor, a, &L->h0, &s_hx[0])) ||
                    (st = nn_stage_bind(executor, a, &L->c0, &s_hx[1])))
                    goto done;
                L->h0.offset += sl;
                L->c0.offset += sl;
            }
            if (last) {
                if ((st = nn_stage_bind(executor, a, &L->y, s_out)))
                    goto done;
            } else {
                bind_ws(&L->y, dt, 0);
                if ((st = aclemu_exec_bind_workspace(executor, a, &L->y.addr, ws_y[l % 2])))
                    goto done;
            }
            L->y.offset += d * H;
            nn_cbuf *tr[7] = {&L->i, &L->j, &L->f, &L->o, &L->h, &L->c, &L->tanhc};
            for (int k = 0; train && k < 7; k++)
                if ((st = nn_stage_bind(executor, a, tr[k], &s_tr[(l * D + d) * 7 + k])))
                    goto done;
        }
    }
    if ((st = nn_stage_out_finish(executor, s_out)) || (st = nn_stage_out_finish(executor, s_hy)) ||
        (st = nn_stage_out_finish(executor, s_cy)))
        goto done;
    for (size_t k = 0; train && k < (size_t)(D * numLayers) * 7; k++)
        if ((st = nn_stage_out_finish(executor, &s_tr[k])))
            goto done;
done:
    free(stg);
    return st;
}
