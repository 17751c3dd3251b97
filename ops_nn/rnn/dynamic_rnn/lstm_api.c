/* aclnnLSTM (FLOAT, FLOAT16; every operand of input's dtype). The real checks of the fixed-length
 * route, in their order: nulls (input, params, output, hy, cy; the seven train lists when train),
 * dtypes, list lengths (params 2 * (hasBias ? 2 : 1) * D * numLayers, hx 2 or 0, train lists
 * D * numLayers), ranks, shapes (H from params[0]'s rows / 4), private formats (refused on 950
 * only); then an empty input succeeds with nothing to run. Variable lengths: batchSizes (INT64
 * [T], rows active per step, longest first) with input (T * B, I) laid out as (T, B, I) and
 * output (T, B, D * H) whatever batchFirst says, as the doc states. params per layer and direction:
 * W_ih (4H, in), W_hh (4H, H)[, b_ih, b_hh], gates in the order i, f, g, o (the real "ifjo").
 * Plan per layer: for each direction a CubeGemm launch g = x W_ih^T + b_ih + b_hh ([T, B, 4H],
 * FP32, workspace; x read through its own strides), then one LstmLayer launch (a block per
 * direction) for the recurrence; layers hand over through workspace buffers of input's dtype. */
#include <stdlib.h>
#include <string.h>

#include "aclemu_plans.h"
#include "rnn_plan.h"
#include "lstm_plan.h"

#define LSTM_DTYPES (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16))

static const char *const k_list_names[7] = {"iOut", "jOut", "fOut", "oOut", "hOut", "cOut", "tanhCOut"};
static const char *const k_out_names[7] = {"output_i", "output_j", "output_f", "output_o", "output_h", "output_c",
                                           "output_tanhc"};

static aclnnStatus check_list_items(const char *api, const aclTensorList *l, const char *name)
{
    for (uint64_t i = 0; i < l->size; i++)
        if (!l->items[i])
            return ACLEMU_NULL_ERROR(api, "%s[%llu] should not be nullptr.", name, (unsigned long long)i);
    return ACLNN_SUCCESS;
}

static aclnnStatus check_list_dtype(const char *api, const aclTensorList *l, const char *name, const aclTensor *ref)
{
    aclnnStatus st;
    for (uint64_t i = 0; i < l->size; i++)
        if ((st = aclemu_check_same_dtype(api, ref, "input", l->items[i], name)))
            return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus check_rank(const char *api, const aclTensor *t, const char *name, uint32_t rank)
{
    if (t->ndim != rank)
        return ACLEMU_PARAM_ERROR(api, "%s dim num %u should be %u.", name, t->ndim, rank);
    return ACLNN_SUCCESS;
}

static aclnnStatus check_list_rank(const char *api, const aclTensorList *l, const char *name, uint32_t rank)
{
    aclnnStatus st;
    for (uint64_t i = 0; i < l->size; i++)
        if ((st = check_rank(api, l->items[i], name, rank)))
            return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus check_list_format(const char *api, const aclTensorList *l, const char *name)
{
    aclnnStatus st;
    for (uint64_t i = 0; l && i < l->size; i++)
        if ((st = aclemu_check_format(api, l->items[i], name)))
            return st;
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_LSTM(aclOpExecutor *executor, const aclTensor *input, const aclTensorList *params,
                             const aclTensorList *hx, const aclTensor *batchSizes, bool hasBias, int64_t numLayers,
                             double dropout, bool train, bool bidirectional, bool batchFirst, aclTensor *output,
                             aclTensor *hy, aclTensor *cy, aclTensorList *iOut, aclTensorList *jOut,
                             aclTensorList *fOut, aclTensorList *oOut, aclTensorList *hOut, aclTensorList *cOut,
                             aclTensorList *tanhCOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    (void)dropout; /* the real op ignores it too ("not supported yet") */
    const aclTensorList *lists[7] = {iOut, jOut, fOut, oOut, hOut, cOut, tanhCOut};
    if ((st = aclemu_check_notnull(api, input, "input")) || (st = aclemu_check_notnull(api, params, "params")) ||
        (st = aclemu_check_notnull(api, output, "output")) || (st = aclemu_check_notnull(api, hy, "hy")) ||
        (st = aclemu_check_notnull(api, cy, "cy")))
        return st;
    for (int k = 0; train && k < 7; k++)
        if ((st = aclemu_check_notnull(api, lists[k], k_list_names[k])))
            return st;
    if ((st = check_list_items(api, params, "params")) || (hx && (st = check_list_items(api, hx, "hx"))))
        return st;
    for (int k = 0; train && k < 7; k++)
        if ((st = check_list_items(api, lists[k], k_list_names[k])))
            return st;
    /* dtypes */
    if ((st = aclemu_check_dtype(api, input, "input", LSTM_DTYPES)) || (st = check_list_dtype(api, params, "params", input)) ||
        (hx && (st = check_list_dtype(api, hx, "hx", input))) ||
        (st = aclemu_check_same_dtype(api, input, "input", output, "output")) ||
        (st = aclemu_check_same_dtype(api, input, "input", hy, "hy")) ||
        (st = aclemu_check_same_dtype(api, input, "input", cy, "cy")))
        return st;
    for (int k = 0; train && k < 7; k++)
        if ((st = check_list_dtype(api, lists[k], k_list_names[k], input)))
            return st;
    if (batchSizes && (st = aclemu_check_dtype(api, batchSizes, "batchSizes", ACLEMU_DT(ACL_INT64))))
        return st;
    /* list lengths */
    if (numLayers < 1)
        return ACLEMU_PARAM_ERROR(api, "numLayers %lld should be at least 1.", (long long)numLayers);
    const int64_t D = bidirectional ? 2 : 1, NB = hasBias ? 2 : 1, per_layer = 2 * NB * D;
    const uint64_t nparams = (uint64_t)(per_layer * numLayers), nouts = (uint64_t)(D * numLayers);
    if (params->size != nparams)
        return ACLEMU_PARAM_ERROR(api, "The number of tensors required for the params lists should be %llu, but %llu "
                                       "was obtained.", (unsigned long long)nparams, (unsigned long long)params->size);
    if (hx && hx->size != 2 && hx->size != 0)
        return ACLEMU_PARAM_ERROR(api, "The number of tensors required for the hx lists should be 2 or 0, but %llu "
                                       "was obtained.", (unsigned long long)hx->size);
    for (int k = 0; train && k < 7; k++)
        if (lists[k]->size != nouts)
            return ACLEMU_PARAM_ERROR(api, "The number of tensors required for the %s lists should be %llu, but %llu "
                                           "was obtained.", k_out_names[k], (unsigned long long)nouts,
                                      (unsigned long long)lists[k]->size);
    /* ranks */
    if ((st = check_rank(api, input, "input", batchSizes ? 2 : 3)) ||
        (batchSizes && (st = check_rank(api, batchSizes, "batchSizes", 1))))
        return st;
    for (int64_t p = 0; p < (int64_t)nparams; p++)
        if ((st = check_rank(api, params->items[p], "params", p % (2 * NB) < 2 ? 2 : 1)))
            return st;
    if ((hx && (st = check_list_rank(api, hx, "hx", 3))) || (st = check_rank(api, output, "output", 3)) ||
        (st = check_rank(api, hy, "hy", 3)) || (st = check_rank(api, cy, "cy", 3)))
        return st;
    for (int k = 0; train && k < 7; k++)
        if ((st = check_list_rank(api, lists[k], k_list_names[k], 3)))
            return st;
    /* shapes */
    if (batchSizes) { /* the (T, B, I) view of the (T * B, I) input; the layout is time-major */
        int64_t T = batchSizes->shape[0], B = output->shape[1];
        if (input->shape[0] != T * B)
            return ACLEMU_PARAM_ERROR(api, "input has %lld rows, but batchSizes (%lld steps) and output (batch %lld) "
                                      "need %lld.", (long long)input->shape[0], (long long)T, (long long)B,
                                      (long long)(T * B));
        batchFirst = false;
    }
    const int64_t T = batchSizes ? batchSizes->shape[0] : input->shape[batchFirst ? 1 : 0];
    const int64_t B = batchSizes ? output->shape[1] : input->shape[batchFirst ? 0 : 1];
    const int64_t I = input->shape[input->ndim - 1];
    const int64_t H = params->items[0]->shape[0] / 4;
    aclTensor x3 = *input;
    int64_t x3_shape[3] = {T, B, I}, x3_stride[3];
    if (batchSizes) {
        x3_stride[0] = B * input->stride[0];
        x3_stride[1] = input->stride[0];
        x3_stride[2] = input->stride[1];
        x3.ndim = 3;
        x3.shape = x3_shape;
        x3.stride = x3_stride;
    }
    int64_t in_size = I;
    for (int64_t l = 0; l < numLayers; l++) {
        const int64_t wi[2] = {4 * H, in_size}, wh[2] = {4 * H, H}, bs[1] = {4 * H};
        for (int64_t d = 0; d < D; d++) {
            const aclTensor *const *w = (const aclTensor *const *)params->items + l * per_layer + d * per_layer / 2;
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
    for (uint64_t i = 0; hx && i < hx->size; i++)
        if ((st = aclemu_check_shape_is(api, hx->items[i], "hx", state, 3)))
            return st;
    if ((st = aclemu_check_shape_is(api, output, "output", out_shape, 3)) ||
        (st = aclemu_check_shape_is(api, hy, "hy", state, 3)) || (st = aclemu_check_shape_is(api, cy, "cy", state, 3)))
        return st;
    for (int k = 0; train && k < 7; k++)
        for (uint64_t i = 0; i < nouts; i++)
            if ((st = aclemu_check_shape_is(api, lists[k]->items[i], k_list_names[k], seq, 3)))
                return st;
    /* formats: refused only on 950 (A2 / A3 log a warning and go on) */
    if (aclemu_op_profile()->family == ACLEMU_FAMILY_950) {
        if ((st = aclemu_check_format(api, input, "input")) || (st = check_list_format(api, params, "params")) ||
            (st = check_list_format(api, hx, "hx")) || (st = aclemu_check_format(api, output, "output")) ||
            (st = aclemu_check_format(api, hy, "hy")) || (st = aclemu_check_format(api, cy, "cy")))
            return st;
        for (int k = 0; train && k < 7; k++)
            if ((st = check_list_format(api, lists[k], k_list_names[k])))
                return st;
    }
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_ALL_BUT_310B)))
        return st;
    if (aclemu_tensor_numel(input) == 0 || H == 0)
        return ACLNN_SUCCESS;

    const aclTensor **w = (const aclTensor **)calloc((size_t)(numLayers * D * 4), sizeof *w);
    if (!w)
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api, "out of host memory.");
    for (int64_t ld = 0; ld < numLayers * D; ld++)
        for (int64_t k = 0; k < 2 * NB; k++)
            w[ld * 4 + k] = params->items[ld * 2 * NB + k];
    const int has_hx = hx && hx->size == 2;
    lstm_seq vseq = {T, B, batchSizes, 0};
    st = lstm_plan_layers(executor, batchSizes ? &x3 : input, batchFirst, batchSizes ? &vseq : NULL, w, hasBias, numLayers, D, H, has_hx ? hx->items[0] : NULL,
                          has_hx ? hx->items[1] : NULL, output, hy, cy, train ? lists : NULL);
    free(w);
    return st;
}
