/* aclnnEmbeddingBag (ops-nn index/embedding_bag, aclnn_embedding_bag.cpp), checks in the real
 * order:
 *  - null weight, indices, offsets, output, offset2bag, bagSize, maxIndices (perSampleWeights
 *    is optional);
 *  - weight FLOAT / FLOAT16 (+ BF16 except on the 910 and 310P); indices and offsets INT64,
 *    INT32, INT16, INT8, UINT8, one of them INT32 / INT64; perSampleWeights and output of
 *    weight's dtype; offset2bag, bagSize, maxIndices INT32 / INT64;
 *  - ranks: weight and output 2; indices 0-1 (0-2 on the 950); offsets 0-1; perSampleWeights
 *    1 (1-2 on the 950); offset2bag, bagSize 0-1; maxIndices 2 in max mode, else 0-1 (0-2 on the
 *    950);
 *  - shapes: perSampleWeights only with mode sum (not checked on the 950), of indices' element
 *    count; output [bags, embeddingDim] (bags = offsets - includeLastOffset); offset2bag empty
 *    or of indices' count; bagSize of bags (the 950: of offsets' length); maxIndices
 *    [bags, embeddingDim] in max mode, else (not on the 950) of bags elements
 *  -> empty weight, indices or offsets: nothing to run. mode 0 sum, 1 mean, others max;
 * scaleGradByFreq and sparse do not change the forward result. One EmbeddingBag launch. */
#include "aclemu_plans.h"
#include "embedding_bag_args.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define INT_ALL (DT(INT64) | DT(INT32) | DT(INT16) | DT(INT8) | DT(UINT8))

static aclnnStatus check_rank(const char *api, const aclTensor *t, const char *name, uint32_t lo, uint32_t hi)
{
    if (t->ndim > hi)
        return ACLEMU_PARAM_ERROR(api, "%s dim num %u should be no more than %u.", name, t->ndim, hi);
    if (t->ndim < lo)
        return ACLEMU_PARAM_ERROR(api, "%s dim num %u should be no less than %u.", name, t->ndim, lo);
    return aclemu_check_shape(api, t, name, hi);
}

aclnnStatus aclemu_plan_EmbeddingBag(aclOpExecutor *executor, const aclTensor *weight, const aclTensor *indices,
                                     const aclTensor *offsets, bool scaleGradByFreq, int64_t mode, bool sparse,
                                     const aclTensor *perSampleWeights, bool includeLastOffset, int64_t paddingIdx,
                                     aclTensor *output, aclTensor *offset2bag, aclTensor *bagSize, aclTensor *maxIndices)
{
    (void)scaleGradByFreq, (void)sparse;
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, weight, "weight")) || (st = aclemu_check_notnull(api, indices, "indices")) ||
        (st = aclemu_check_notnull(api, offsets, "offsets")) || (st = aclemu_check_notnull(api, output, "output")) ||
        (st = aclemu_check_notnull(api, offset2bag, "offset2bag")) || (st = aclemu_check_notnull(api, bagSize, "bagSize")) ||
        (st = aclemu_check_notnull(api, maxIndices, "maxIndices")))
        return st;
    const int fam = aclemu_op_profile()->family, regbase = fam == ACLEMU_FAMILY_950;
    aclemu_dtype_set wlist = DT(FLOAT) | DT(FLOAT16);
    if (fam != ACLEMU_FAMILY_910A && fam != ACLEMU_FAMILY_310P)
        wlist |= DT(BF16);
    if ((st = aclemu_check_dtype(api, weight, "weight", wlist)) || (st = aclemu_check_dtype(api, indices, "indices", INT_ALL)) ||
        (st = aclemu_check_dtype(api, offsets, "offsets", INT_ALL)))
        return st;
    const aclemu_dtype_set i3264 = DT(INT32) | DT(INT64);
    if (!aclemu_dtype_in(indices->dtype, i3264) && !aclemu_dtype_in(offsets->dtype, i3264))
        return ACLEMU_PARAM_ERROR(api, "indices or offsets must has one dtype in [int32, int64], but get indices dtype %s, offsets dtype %s.",
                                  aclemu_dtype_name(indices->dtype), aclemu_dtype_name(offsets->dtype));
    if (perSampleWeights && perSampleWeights->dtype != weight->dtype)
        return ACLEMU_PARAM_ERROR(api, "perSampleWeights dtype %s should be in same with weight dtype %s.",
                                  aclemu_dtype_name(perSampleWeights->dtype), aclemu_dtype_name(weight->dtype));
    if (output->dtype != weight->dtype)
        return ACLEMU_PARAM_ERROR(api, "output dtype %s should be in same with weight dtype %s.", aclemu_dtype_name(output->dtype),
                                  aclemu_dtype_name(weight->dtype));
    if ((st = aclemu_check_dtype(api, offset2bag, "offset2bag", i3264)) || (st = aclemu_check_dtype(api, bagSize, "bagSize", i3264)) ||
        (st = aclemu_check_dtype(api, maxIndices, "maxIndices", i3264)))
        return st;
    const int max_mode = mode != 0 && mode != 1;
    if ((st = check_rank(api, weight, "weight", 2, 2)) || (st = check_rank(api, indices, "indices", 0, regbase ? 2 : 1)) ||
        (st = check_rank(api, offsets, "offsets", 0, 1)) ||
        (perSampleWeights && (st = check_rank(api, perSampleWeights, "perSampleWeights", 1, regbase ? 2 : 1))) ||
        (st = check_rank(api, output, "output", 2, 2)) || (st = check_rank(api, offset2bag, "offset2bag", 0, 1)) ||
        (st = check_rank(api, bagSize, "bagSize", 0, 1)) ||
        (st = check_rank(api, maxIndices, "maxIndices", !regbase && max_mode ? 2 : 0, regbase || max_mode ? 2 : 1)))
        return st;
    const int64_t nidx = aclemu_tensor_numel(indices), noff = aclemu_tensor_numel(offsets);
    const int64_t off0 = offsets->ndim ? offsets->shape[0] : 1, nbags = noff - (includeLastOffset ? 1 : 0);
    if (!regbase && mode != 0 && perSampleWeights)
        return ACLEMU_PARAM_ERROR(api, "per_sample_weights only supported with mode='sum'");
    if (perSampleWeights && aclemu_tensor_numel(perSampleWeights) != nidx)
        return ACLEMU_PARAM_ERROR(api, "Expected indices->GetViewShape().GetShapeSize() == perSampleWeights->GetViewShape()."
                                  "GetShapeSize() to be true, but got false");
    int64_t oshape[2] = {nbags, weight->shape[1]};
    char b1[160], b2[160];
    if (output->shape[0] != oshape[0] || output->shape[1] != oshape[1])
        return ACLEMU_PARAM_ERROR(api, "Expected tensor for output to have same size as %s, but got %s.", aclemu_shape_str(oshape, 2, b1, sizeof b1),
                                  aclemu_shape_str(output->shape, output->ndim, b2, sizeof b2));
    const int64_t o2b = aclemu_tensor_numel(offset2bag), nbs = aclemu_tensor_numel(bagSize), nmax = aclemu_tensor_numel(maxIndices);
    if (o2b != 0 && o2b != nidx)
        return ACLEMU_PARAM_ERROR(api, "offset2bag shape size should be %lld,but got %lld.", (long long)nidx, (long long)o2b);
    const int64_t want_bs = regbase ? off0 : includeLastOffset ? off0 - 1 : off0;
    if (nbs != want_bs)
        return ACLEMU_PARAM_ERROR(api, "bagSize shape size should be %lld,but got %lld.", (long long)want_bs, (long long)nbs);
    if (max_mode) {
        if (maxIndices->ndim != 2 || maxIndices->shape[0] != oshape[0] || maxIndices->shape[1] != oshape[1])
            return ACLEMU_PARAM_ERROR(api, "Expected tensor for maxIndices to have same size as %s, but got %s.",
                                      aclemu_shape_str(oshape, 2, b1, sizeof b1),
                                      aclemu_shape_str(maxIndices->shape, maxIndices->ndim, b2, sizeof b2));
    } else if (!regbase && nmax != (includeLastOffset ? off0 - 1 : off0)) {
        return ACLEMU_PARAM_ERROR(api, "maxIndices shape size should be %lld, but got %lld.",
                                  (long long)(includeLastOffset ? off0 - 1 : off0), (long long)nmax);
    }
    if (aclemu_tensor_numel(weight) == 0 || nidx == 0 || noff == 0)
        return ACLNN_SUCCESS;
    uint32_t blocks;
    uint64_t per;
    aclemu_tile_1d((uint64_t)(nbags > 0 ? nbags : 1), aclemu_vector_core_num(aclemu_op_profile()), 16, 1, &blocks, &per);
    embedding_bag_args *a = aclemu_exec_add_launch(executor, "EmbeddingBag", blocks, sizeof *a);
    if (!a)
        return ACLNN_ERR_INNER;
    if ((st = aclemu_exec_tdesc(executor, a, &a->weight, weight)) || (st = aclemu_exec_tdesc(executor, a, &a->indices, indices)) ||
        (st = aclemu_exec_tdesc(executor, a, &a->offsets, offsets)) || (st = aclemu_exec_tdesc(executor, a, &a->output, output)) ||
        (o2b && (st = aclemu_exec_tdesc(executor, a, &a->offset2bag, offset2bag))) ||
        (nbs && (st = aclemu_exec_tdesc(executor, a, &a->bag_size, bagSize))) ||
        (nmax && (st = aclemu_exec_tdesc(executor, a, &a->max_indices, maxIndices))) ||
        (perSampleWeights && (st = aclemu_exec_tdesc(executor, a, &a->psw, perSampleWeights))))
        return st;
    a->mode = mode == 0 ? EMB_BAG_SUM : mode == 1 ? EMB_BAG_MEAN : EMB_BAG_MAX;
    a->has_psw = perSampleWeights != NULL;
    a->include_last = includeLastOffset;
    a->padding_idx = paddingIdx < 0 ? -1 : paddingIdx;
    a->nbags = nbags > 0 ? nbags : 0;
    a->nidx = nidx, a->noffsets = noff;
    a->o2b_numel = o2b, a->bag_numel = nbs, a->max_numel = nmax;
    a->bags_per_block = (int64_t)per;
    return ACLNN_SUCCESS;
}
