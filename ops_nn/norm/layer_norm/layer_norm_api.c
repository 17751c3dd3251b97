/* aclnnLayerNorm / aclnnLayerNormWithImplMode / aclnnFastLayerNorm: FLOAT16, FLOAT, BF16 (no
 * BF16 on 910 / 310P); weight/bias may be FLOAT with a 16-bit input, else the input's dtype;
 * ranks up to 8; normalizedShape 1..8 dims matching the input's trailing dims. Rows (the leading
 * dims) are split over the vector cores. Empty leading dims: nothing runs; empty normalised
 * dims: mean = 0, rstd = NaN. */
#include "aclemu_plans.h"
#include "layer_norm_args.h"
#include "nn_check.h"
#include "nn_stage.h"

static aclnnStatus check_weight_dtype(const char *api, const aclTensor *input, const aclTensor *w, const char *name)
{
    aclnnStatus st = nn_dtype_opt(api, w, name, NN_FLOATS);
    if (st || !w || w->dtype == ACL_FLOAT)
        return st;
    return aclemu_check_same_dtype(api, input, "input", w, name);
}

static aclnnStatus check_params(const char *api, const aclTensor *input, const aclIntArray *ns, const aclTensor *w,
                                const aclTensor *b, const aclTensor *out, const aclTensor *mean,
                                const aclTensor *rstd, int32_t implMode)
{
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, input, "input")) || (st = aclemu_check_notnull(api, ns, "normalizedShape")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, input, "input", NN_FLOATS)) ||
        (st = check_weight_dtype(api, input, w, "weightOptional")) ||
        (st = check_weight_dtype(api, input, b, "biasOptional")))
        return st;
    if (w && b && (st = aclemu_check_same_dtype(api, w, "weightOptional", b, "biasOptional")))
        return st;
    if ((st = aclemu_check_dtype(api, out, "out", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, mean, "meanOutOptional", NN_FLOATS)) ||
        (st = nn_dtype_opt(api, rstd, "rstdOutOptional", NN_FLOATS)))
        return st;
    if ((st = aclemu_check_format(api, input, "input")) || (st = aclemu_check_format(api, out, "out")))
        return st;
    if ((st = aclemu_check_shape(api, input, "input", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)) ||
        (st = nn_shape_opt(api, w, "weightOptional", ACLEMU_MAX_RANK)) ||
        (st = nn_shape_opt(api, b, "biasOptional", ACLEMU_MAX_RANK)) ||
        (st = nn_shape_opt(api, mean, "meanOutOptional", ACLEMU_MAX_RANK)) ||
        (st = nn_shape_opt(api, rstd, "rstdOutOptional", ACLEMU_MAX_RANK)))
        return st;
    if (ns->size > ACLEMU_MAX_RANK)
        return ACLEMU_PARAM_ERROR(api, "normalizedShape length %llu should not be greater than %d.",
                                  (unsigned long long)ns->size, ACLEMU_MAX_RANK);
    if (ns->size < 1)
        return ACLEMU_PARAM_ERROR(api, "normalizedShape length %llu should be at least 1.",
                                  (unsigned long long)ns->size);
    if (input->ndim < ns->size)
        return ACLEMU_PARAM_ERROR(api, "input dim num %u should be at least the normalizedShape length %llu.",
                                  input->ndim, (unsigned long long)ns->size);
    if (w && w->ndim != ns->size)
        return ACLEMU_PARAM_ERROR(api, "weightOptional dim num %u should be the normalizedShape length %llu.",
                                  w->ndim, (unsigned long long)ns->size);
    if (b && b->ndim != ns->size)
        return ACLEMU_PARAM_ERROR(api, "biasOptional dim num %u should be the normalizedShape length %llu.", b->ndim,
                                  (unsigned long long)ns->size);
    uint32_t begin = input->ndim - (uint32_t)ns->size;
    for (uint32_t i = 0; i < ns->size; i++) {
        int64_t d = ns->data[i];
        if (d != input->shape[begin + i])
            return ACLEMU_PARAM_ERROR(api, "normalizedShape[%u] = %lld should equal input dim %u (%lld).", i,
                                      (long long)d, begin + i, (long long)input->shape[begin + i]);
        if (w && w->shape[i] != d)
            return ACLEMU_PARAM_ERROR(api, "normalizedShape[%u] = %lld should equal weightOptional dim %u (%lld).", i,
                                      (long long)d, i, (long long)w->shape[i]);
        if (b && b->shape[i] != d)
            return ACLEMU_PARAM_ERROR(api, "normalizedShape[%u] = %lld should equal biasOptional dim %u (%lld).", i,
                                      (long long)d, i, (long long)b->shape[i]);
    }
    if ((st = aclemu_check_same_shape(api, input, "input", out, "out")))
        return st;
    int64_t rows = nn_prod(input->shape, 0, begin);
    if ((mean && aclemu_tensor_numel(mean) && (st = nn_numel_opt(api, mean, "meanOutOptional", rows))) ||
        (rstd && aclemu_tensor_numel(rstd) && (st = nn_numel_opt(api, rstd, "rstdOutOptional", rows))))
        return st;
    if (implMode != 0 && implMode != 1 && implMode != 2)
        return ACLEMU_PARAM_ERROR(api, "implMode should be in [0, 1, 2], but got %d.", implMode);
    if (implMode == 2 && (input->dtype != ACL_FLOAT16 || (w && w->dtype != ACL_FLOAT16) ||
                          (b && b->dtype != ACL_FLOAT16)))
        return ACLEMU_PARAM_ERROR(api, "implMode 2 (KEEP_FP16) needs every input of dtype DT_FLOAT16.");
    return ACLNN_SUCCESS;
}

static aclnnStatus plan(aclOpExecutor *ex, const aclTensor *input, const aclIntArray *ns, const aclTensor *w,
                        const aclTensor *b, double eps, aclTensor *out, aclTensor *mean, aclTensor *rstd,
                        int32_t implMode)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st = check_params(api, input, ns, w, b, out, mean, rstd, implMode);
    if (st)
        return st;
    uint32_t begin = input->ndim - (uint32_t)ns->size;
    int64_t rows = nn_prod(input->shape, 0, begin), n = nn_prod(input->shape, begin, input->ndim);
    if (rows == 0)
        return ACLNN_SUCCESS;
    if (n == 0) { /* statistics of nothing: mean 0, rstd NaN */
        if ((mean && (st = nn_fill(ex, mean, "meanOutOptional", 0.0))) || (rstd && (st = nn_fill(ex, rstd, "rstdOutOptional", __builtin_nan("")))))
            return st;
        return ACLNN_SUCCESS;
    }
    nn_stage sx, sw, sb, sy, sm, sr;
    if ((st = nn_stage_in(ex, input, NULL, -1, &sx)) || (st = nn_stage_in(ex, w, NULL, -1, &sw)) ||
        (st = nn_stage_in(ex, b, NULL, -1, &sb)) || (st = nn_stage_out(ex, out, NULL, -1, &sy)) ||
        (st = nn_stage_out(ex, mean, NULL, -1, &sm)) || (st = nn_stage_out(ex, rstd, NULL, -1, &sr)))
        return st;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)rows, (uint64_t)n, &bd, &per);
    layer_norm_args *a = (layer_norm_args *)aclemu_exec_add_launch(ex, "LayerNorm", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->eps = eps;
    a->rows = rows;
    a->n = n;
    a->rows_per_block = (int64_t)per;
    if ((st = nn_stage_bind(ex, a, &a->x, &sx)) || (st = nn_stage_bind(ex, a, &a->gamma, &sw)) ||
        (st = nn_stage_bind(ex, a, &a->beta, &sb)) || (st = nn_stage_bind(ex, a, &a->y, &sy)) ||
        (st = nn_stage_bind(ex, a, &a->mean, &sm)) || (st = nn_stage_bind(ex, a, &a->rstd, &sr)))
        return st;
    if ((st = nn_stage_out_finish(ex, &sy)) || (st = nn_stage_out_finish(ex, &sm)) ||
        (st = nn_stage_out_finish(ex, &sr)))
        return st;
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_LayerNorm(aclOpExecutor *executor, const aclTensor *input, const aclIntArray *normalizedShape,
                                  const aclTensor *weightOptional, const aclTensor *biasOptional, double eps,
                                  aclTensor *out, aclTensor *meanOutOptional, aclTensor *rstdOutOptional)
{
    return plan(executor, input, normalizedShape, weightOptional, biasOptional, eps, out, meanOutOptional,
                rstdOutOptional, 0);
}

aclnnStatus aclemu_plan_LayerNormWithImplMode(aclOpExecutor *executor, const aclTensor *input,
                                              const aclIntArray *normalizedShape, const aclTensor *weightOptional,
                                              const aclTensor *biasOptional, double eps, aclTensor *out,
                                              aclTensor *meanOutOptional, aclTensor *rstdOutOptional, int32_t implMode)
{
    return plan(executor, input, normalizedShape, weightOptional, biasOptional, eps, out, meanOutOptional,
                rstdOutOptional, implMode);
}

aclnnStatus aclemu_plan_FastLayerNorm(aclOpExecutor *executor, const aclTensor *input,
                                      const aclIntArray *normalizedShape, const aclTensor *weightOptional,
                                      const aclTensor *biasOptional, double eps, aclTensor *out,
                                      aclTensor *meanOutOptional, aclTensor *rstdOutOptional)
{
    return plan(executor, input, normalizedShape, weightOptional, biasOptional, eps, out, meanOutOptional,
                rstdOutOptional, 0);
}
