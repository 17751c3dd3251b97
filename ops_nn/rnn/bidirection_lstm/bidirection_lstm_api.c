/* aclnnBidirectionLSTM: one LSTM layer (numLayers 1, time-major) over x (T, B, I), forward and,
 * when bidirection, reverse, on the LstmLayer plan of aclnnLSTM (../dynamic_rnn/lstm_plan.c).
 * The real API is generated from the op definition (no hand-written op_api): required pointers
 * give 161001, dtypes outside FLOAT16 161002, shapes and attribute values the real tiling
 * refuses 561002 (ACLNN_ERR_INNER_TILING_ERROR). Atlas inference cards (310P) only. */
#include <stdio.h>

#include "aclemu_plans.h"
#include "lstm_plan.h"

static aclnnStatus tiling_error(const char *api, const char *what)
{
    return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api, "%s", what);
}

static aclnnStatus expect(const char *api, const aclTensor *t, const char *name, const int64_t *shape, uint32_t n)
{
    int ok = t->ndim == n;
    for (uint32_t i = 0; ok && i < n; i++) ok = t->shape[i] == shape[i];
    if (ok)
        return ACLNN_SUCCESS;
    char got[128], want[128], msg[400];
    snprintf(msg, sizeof msg, "The shape of %s %s should be %s.", name, aclemu_shape_str(t->shape, t->ndim, got, sizeof got),
             aclemu_shape_str(shape, n, want, sizeof want));
    return tiling_error(api, msg);
}

static aclnnStatus bilstm(aclOpExecutor *executor, const aclTensor *x, const aclTensor *initH, const aclTensor *initC,
                          const aclTensor *wIh, const aclTensor *wHh, const aclTensor *bIhOptional,
                          const aclTensor *bHhOptional, const aclTensor *wIhReverseOptional,
                          const aclTensor *wHhReverseOptional, const aclTensor *bIhReverseOptional,
                          const aclTensor *bHhReverseOptional, const aclTensor *batchSize, int64_t numLayers,
                          bool isbias, bool batchFirst, bool bidirection, bool packed, const aclTensor *yOut,
                          const aclTensor *outputHOut, const aclTensor *outputCOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    const aclTensor *req[8] = {x, initH, initC, wIh, wHh, yOut, outputHOut, outputCOut};
    static const char *const req_names[8] = {"x", "initH", "initC", "wIh", "wHh", "yOut", "outputHOut", "outputCOut"};
    for (int i = 0; i < 8; i++)
        if ((st = aclemu_check_notnull(api, req[i], req_names[i])))
            return st;
    /* the weights a configuration reads are required too */
    const aclTensor *w4[8] = {wIh, wHh, bIhOptional, bHhOptional,
                              wIhReverseOptional, wHhReverseOptional, bIhReverseOptional, bHhReverseOptional};
    static const char *const w_names[8] = {"wIh", "wHh", "bIhOptional", "bHhOptional", "wIhReverseOptional",
                                           "wHhReverseOptional", "bIhReverseOptional", "bHhReverseOptional"};
    const int64_t D = bidirection ? 2 : 1;
    for (int i = 0; i < 4 * D; i++)
        if ((i % 4 < 2 || isbias) && !w4[i])
            return aclemu_op_error(ACLNN_ERR_PARAM_NULLPTR, ACLEMU_ERRCODE_PARAM, api,
                                   "%s is required when isbias is %s and bidirection is %s.", w_names[i],
                                   isbias ? "true" : "false", bidirection ? "true" : "false");
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_310P))))
        return st;
    const aclemu_dtype_set f16 = ACLEMU_DT(ACL_FLOAT16);
    for (int i = 0; i < 8; i++)
        if ((st = aclemu_check_dtype(api, req[i], req_names[i], f16)))
            return st;
    for (int i = 0; i < 8; i++)
        if (w4[i] && (st = aclemu_check_dtype(api, w4[i], w_names[i], f16)))
            return st;
    if (batchSize && (st = aclemu_check_dtype(api, batchSize, "batchSizeOptional",
                                              ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64))))
        return st;
    for (int i = 0; i < 8; i++)
        if ((st = aclemu_check_format(api, req[i], req_names[i])))
            return st;
    if (numLayers != 1)
        return tiling_error(api, "numLayers should be 1: only one layer is supported.");
    if (batchFirst)
        return tiling_error(api, "batchFirst should be false: only time-major input is supported.");
    if (packed && !batchSize)
        return tiling_error(api, "packed input needs batchSizeOptional (the rows of each time step).");
    if (x->ndim != (packed ? 2u : 3u) || wHh->ndim != 2 || initH->ndim != 3 || (batchSize && batchSize->ndim != 1))
        return tiling_error(api, packed ? "x should be 2-D (total_batch_size, input_size), wHh 2-D, initH 3-D and "
                                          "batchSizeOptional 1-D."
                                        : "x should be 3-D (time_step, batch_size, input_size), wHh 2-D, initH 3-D "
                                          "and batchSizeOptional 1-D.");
    const int64_t T = packed ? batchSize->shape[0] : x->shape[0], B = packed ? initH->shape[1] : x->shape[1];
    const int64_t I = x->shape[x->ndim - 1], H = wHh->shape[1];
    if (!packed && batchSize && batchSize->shape[0] != T)
        return tiling_error(api, "batchSizeOptional should hold one count per time step of x.");
    const int64_t wi[2] = {4 * H, I}, wh[2] = {4 * H, H}, bs[1] = {4 * H};
    const int64_t state[3] = {D, B, H}, y[3] = {T, B, D * H}, ypk[2] = {x->shape[0], D * H};
    for (int i = 0; i < 4 * D; i++)
        if ((i % 4 < 2 || isbias) &&
            (st = expect(api, w4[i], w_names[i], i % 4 == 0 ? wi : i % 4 == 1 ? wh : bs, i % 4 < 2 ? 2 : 1)))
            return st;
    if ((st = expect(api, initH, "initH", state, 3)) || (st = expect(api, initC, "initC", state, 3)) ||
        (st = expect(api, yOut, "yOut", packed ? ypk : y, packed ? 2 : 3)) || (st = expect(api, outputHOut, "outputHOut", state, 3)) ||
        (st = expect(api, outputCOut, "outputCOut", state, 3)))
        return st;
    if (aclemu_tensor_numel(x) == 0 || H == 0 || T == 0)
        return ACLNN_SUCCESS;
    lstm_seq seq = {T, B, batchSize, packed};
    return lstm_plan_layers(executor, x, 0, &seq, w4, isbias, 1, D, H, initH, initC, yOut, outputHOut, outputCOut,
                            NULL);
}

aclnnStatus aclemu_plan_BidirectionLSTM(aclOpExecutor *executor, const aclTensor *x, const aclTensor *initH,
                                        const aclTensor *initC, const aclTensor *wIh, const aclTensor *wHh,
                                        const aclTensor *bIhOptional, const aclTensor *bHhOptional,
                                        const aclTensor *wIhReverseOptional, const aclTensor *wHhReverseOptional,
                                        const aclTensor *bIhReverseOptional, const aclTensor *bHhReverseOptional,
                                        int64_t numLayers, bool isbias, bool batchFirst, bool bidirection,
                                        const aclTensor *yOut, const aclTensor *outputHOut, const aclTensor *outputCOut)
{
    return bilstm(executor, x, initH, initC, wIh, wHh, bIhOptional, bHhOptional, wIhReverseOptional,
                  wHhReverseOptional, bIhReverseOptional, bHhReverseOptional, NULL, numLayers, isbias, batchFirst,
                  bidirection, false, yOut, outputHOut, outputCOut);
}

aclnnStatus aclemu_plan_BidirectionLSTMV2(aclOpExecutor *executor, const aclTensor *x, const aclTensor *initH,
                                          const aclTensor *initC, const aclTensor *wIh, const aclTensor *wHh,
                                          const aclTensor *bIhOptional, const aclTensor *bHhOptional,
                                          const aclTensor *wIhReverseOptional, const aclTensor *wHhReverseOptional,
                                          const aclTensor *bIhReverseOptional, const aclTensor *bHhReverseOptional,
                                          const aclTensor *batchSizeOptional, int64_t numLayers, bool isbias,
                                          bool batchFirst, bool bidirection, bool packed, const aclTensor *yOut,
                                          const aclTensor *outputHOut, const aclTensor *outputCOut)
{
    return bilstm(executor, x, initH, initC, wIh, wHh, bIhOptional, bHhOptional, wIhReverseOptional,
                  wHhReverseOptional, bIhReverseOptional, bHhReverseOptional, batchSizeOptional, numLayers, isbias,
                  batchFirst, bidirection, packed, yOut, outputHOut, outputCOut);
}
