/* aclnnThnnFusedLstmCell / aclnnThnnFusedLstmCellBackward (A2 / A3; FLOAT, FLOAT16, one dtype
 * for every operand). The real checks, in their order:
 * forward  — nulls (the two biases come together: one without the other is 161001), then an
 *            empty inputGates succeeds with nothing to run, then ranks (gates, cx, hy, cy,
 *            storage 2-D, biases 1-D), shapes from cx's (B, H), dtypes; no format check;
 * backward — nulls (gradBiasOut too, even without hasBias), dtypes (each operand in the list
 *            and equal to gradHy's), shapes from gradHy's (B, H) with B, H > 0 (an empty
 *            problem is refused), gradBias only with hasBias, then every format must be ND.
 * Operands whose views are not contiguous are staged (l0op::Contiguous / ViewCopy). The docs
 * list A2 / A3 only: other chips get the "not implemented" refusal after the checks. */
#include "aclemu_plans.h"
#include "lstm_cell_args.h"
#include "nn_stage.h"

#define LSTM_DTYPES (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16))

static aclnnStatus check_rank(const char *api, const aclTensor *t, const char *name, uint32_t rank)
{
    if (t->ndim != rank)
        return ACLEMU_PARAM_ERROR(api, "%s dim num %u should be %u.", name, t->ndim, rank);
    return ACLNN_SUCCESS;
}

/* Planner side of both launches: stage `n` operands, add the launch over `items`, bind them. */
typedef struct cell_operand {
    const aclTensor *t;
    size_t field; /* offsetof the nn_cbuf in lstm_cell_args */
    int out;
    nn_stage s;
} cell_operand;

static aclnnStatus stage_all(aclOpExecutor *ex, cell_operand *o, int n)
{
    aclnnStatus st;
    for (int k = 0; k < n; k++)
        if ((st = (o[k].out ? nn_stage_out : nn_stage_in)(ex, o[k].t, NULL, -1, &o[k].s)))
            return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus launch(aclOpExecutor *ex, const char *kernel, cell_operand *o, int n, int64_t B, int64_t H,
                          uint64_t items, uint64_t cost)
{
    uint32_t bd;
    uint64_t per;
    nn_tile(items, cost, &bd, &per);
    lstm_cell_args *a = (lstm_cell_args *)aclemu_exec_add_launch(ex, kernel, bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->B = B;
    a->H = H;
    a->per = per;
    aclnnStatus st;
    for (int k = 0; k < n; k++)
        if (o[k].t && (st = nn_stage_bind(ex, a, (nn_cbuf *)((char *)a + o[k].field), &o[k].s)))
            return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus finish_all(aclOpExecutor *ex, const cell_operand *o, int n)
{
    aclnnStatus st;
    for (int k = 0; k < n; k++)
        if (o[k].out && o[k].t && (st = nn_stage_out_finish(ex, &o[k].s)))
            return st;
    return ACLNN_SUCCESS;
}

#define OPND(t, f, out) {(t), offsetof(lstm_cell_args, f), (out), {0}}

aclnnStatus aclemu_plan_ThnnFusedLstmCell(aclOpExecutor *executor, const aclTensor *inputGates,
                                          const aclTensor *hiddenGates, const aclTensor *cx,
                                          const aclTensor *inputBiasOptional, const aclTensor *hiddenBiasOptional,
                                          aclTensor *hyOut, aclTensor *cyOut, aclTensor *storageOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, inputGates, "inputGates")) ||
        (st = aclemu_check_notnull(api, hiddenGates, "hiddenGates")) || (st = aclemu_check_notnull(api, cx, "cx")))
        return st;
    if (inputBiasOptional && !hiddenBiasOptional)
        return ACLEMU_NULL_ERROR(api, "hiddenBias should not be a nullptr when inputBias is set.");
    if (!inputBiasOptional && hiddenBiasOptional)
        return ACLEMU_NULL_ERROR(api, "inputBias should not be a nullptr when hiddenBias is set.");
    if ((st = aclemu_check_notnull(api, hyOut, "hyOut")) || (st = aclemu_check_notnull(api, cyOut, "cyOut")) ||
        (st = aclemu_check_notnull(api, storageOut, "storageOut")))
        return st;
    if (aclemu_tensor_numel(inputGates) == 0)
        return ACLNN_SUCCESS;
    const int has_bias = inputBiasOptional != NULL;
    if ((st = check_rank(api, inputGates, "inputGates", 2)) || (st = check_rank(api, hiddenGates, "hiddenGates", 2)) ||
        (st = check_rank(api, cx, "cx", 2)) ||
        (has_bias && ((st = check_rank(api, inputBiasOptional, "inputBias", 1)) ||
                      (st = check_rank(api, hiddenBiasOptional, "hiddenBias", 1)))) ||
        (st = check_rank(api, hyOut, "hyOut", 2)) || (st = check_rank(api, cyOut, "cyOut", 2)) ||
        (st = check_rank(api, storageOut, "storageOut", 2)))
        return st;
    const int64_t B = cx->shape[0], H = cx->shape[1];
    const int64_t gshape[2] = {B, 4 * H}, cshape[2] = {B, H}, bshape[1] = {4 * H};
    if ((st = aclemu_check_shape_is(api, inputGates, "inputGates", gshape, 2)) ||
        (st = aclemu_check_shape_is(api, hiddenGates, "hiddenGates", gshape, 2)) ||
        (has_bias && ((st = aclemu_check_shape_is(api, inputBiasOptional, "inputBias", bshape, 1)) ||
                      (st = aclemu_check_shape_is(api, hiddenBiasOptional, "hiddenBias", bshape, 1)))) ||
        (st = aclemu_check_shape_is(api, hyOut, "hyOut", cshape, 2)) ||
        (st = aclemu_check_shape_is(api, cyOut, "cyOut", cshape, 2)) ||
        (st = aclemu_check_shape_is(api, storageOut, "storageOut", gshape, 2)))
        return st;
    if ((st = aclemu_check_dtype(api, inputGates, "inputGates", LSTM_DTYPES)) ||
        (st = aclemu_check_same_dtype(api, inputGates, "inputGates", hiddenGates, "hiddenGates")) ||
        (st = aclemu_check_same_dtype(api, inputGates, "inputGates", cx, "cx")) ||
        (has_bias && ((st = aclemu_check_same_dtype(api, inputGates, "inputGates", inputBiasOptional, "inputBias")) ||
                      (st = aclemu_check_same_dtype(api, inputGates, "inputGates", hiddenBiasOptional, "hiddenBias")))) ||
        (st = aclemu_check_same_dtype(api, inputGates, "inputGates", hyOut, "hyOut")) ||
        (st = aclemu_check_same_dtype(api, inputGates, "inputGates", cyOut, "cyOut")) ||
        (st = aclemu_check_same_dtype(api, inputGates, "inputGates", storageOut, "storageOut")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3)))
        return st;
    cell_operand o[8] = {OPND(inputGates, ig, 0),         OPND(hiddenGates, hg, 0),       OPND(cx, cx, 0),
                         OPND(inputBiasOptional, bih, 0), OPND(hiddenBiasOptional, bhh, 0), OPND(hyOut, hy, 1),
                         OPND(cyOut, cy, 1),              OPND(storageOut, storage, 1)};
    if ((st = stage_all(executor, o, 8)) ||
        (st = launch(executor, "ThnnFusedLstmCell", o, 8, B, H, (uint64_t)(B * H), 16)))
        return st;
    return finish_all(executor, o, 8);
}

static aclnnStatus check_nd(const char *api, const aclTensor *t, const char *name)
{
    if (t->format != ACL_FORMAT_ND)
        return ACLEMU_PARAM_ERROR(api, "%s format only support ND", name);
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_ThnnFusedLstmCellBackward(aclOpExecutor *executor, const aclTensor *gradHyOptional,
                                                  const aclTensor *gradCOptional, const aclTensor *cx,
                                                  const aclTensor *cy, const aclTensor *storage, bool hasBias,
                                                  aclTensor *gradGatesOut, aclTensor *gradCxOut,
                                                  aclTensor *gradBiasOut)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    const aclTensor *all[8] = {gradHyOptional, gradCOptional, cx, cy, storage, gradGatesOut, gradCxOut, gradBiasOut};
    static const char *const names[8] = {"gradHyOptional", "gradCOptional", "cx", "cy", "storage", "gradGates",
                                         "gradCx", "gradBias"};
    for (int k = 0; k < 8; k++)
        if ((st = aclemu_check_notnull(api, all[k], names[k])))
            return st;
    for (int k = 1; k < 8; k++)
        if ((st = aclemu_check_dtype(api, all[k], names[k], LSTM_DTYPES)) ||
            (st = aclemu_check_same_dtype(api, gradHyOptional, names[0], all[k], names[k])))
            return st;
    if ((st = check_rank(api, gradHyOptional, "gradHyOptional", 2)))
        return st;
    const int64_t B = gradHyOptional->shape[0], H = gradHyOptional->shape[1];
    if (B <= 0 || H <= 0)
        return ACLEMU_PARAM_ERROR(api, "gradHyOptional shape [%lld, %lld]: batch and hidden size should be positive.",
                                  (long long)B, (long long)H);
    const int64_t hshape[2] = {B, H}, gshape[2] = {B, 4 * H}, bshape[1] = {4 * H};
    if ((st = aclemu_check_shape_is(api, gradCOptional, "gradCOptional", hshape, 2)) ||
        (st = aclemu_check_shape_is(api, cx, "cx", hshape, 2)) || (st = aclemu_check_shape_is(api, cy, "cy", hshape, 2)) ||
        (st = aclemu_check_shape_is(api, storage, "storage", gshape, 2)) ||
        (st = aclemu_check_shape_is(api, gradGatesOut, "gradGates", gshape, 2)) ||
        (st = aclemu_check_shape_is(api, gradCxOut, "gradCx", hshape, 2)) ||
        (hasBias && (st = aclemu_check_shape_is(api, gradBiasOut, "gradBias", bshape, 1))))
        return st;
    for (int k = 0; k < 8; k++)
        if ((st = check_nd(api, all[k], names[k])))
            return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIPS_A2_A3)))
        return st;
    cell_operand o[8] = {OPND(gradHyOptional, dhy, 0), OPND(gradCOptional, dc, 0),  OPND(cx, cx, 0),
                         OPND(cy, cy, 0),              OPND(storage, storage, 0),    OPND(gradGatesOut, dgates, 1),
                         OPND(gradCxOut, dcx, 1),      OPND(hasBias ? gradBiasOut : NULL, dbias, 1)};
    if ((st = stage_all(executor, o, 8)) ||
        (st = launch(executor, "ThnnFusedLstmCellGrad", o, 7, B, H, (uint64_t)(B * H), 16)))
        return st;
    /* the bias gradient: per hidden column, the batch sum of the four gate gradients (recomputed
     * in double from the same inputs, not from the rounded gradGates) */
    if (hasBias && (st = launch(executor, "ThnnFusedLstmCellGradBias", o, 8, B, H, (uint64_t)H, (uint64_t)(16 * B))))
        return st;
    return finish_all(executor, o, 8);
}
