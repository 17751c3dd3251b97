/* Planners of the samplers: Multinomial(+Tensor) and Randperm. Checks follow
 * random/stateless_sample_multinomial/op_api/aclnn_multinomial.cpp and
 * random/stateless_randperm/op_api/aclnn_randperm.cpp of hicann/ops-math. */
#include <string.h>

#include "aclemu_op/tiling.h"
#include "random_plan.h"

#define MULTINOMIAL_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(DOUBLE) | DT(BF16))
#define RANDPERM_DTYPES                                                                                  \
    (DT(FLOAT) | DT(FLOAT16) | DT(INT32) | DT(DOUBLE) | DT(INT64) | DT(INT8) | DT(UINT8) | DT(INT16) | DT(BF16))
/* the real op's boundary between its AI CPU and AI Core paths (only the dtype rule of the
 * Tensor form depends on it) */
#define CPU_NPU_BOUNDARY 5000
/* workspace bound of the Multinomial kernel (rows of up to 2^24 categories take 384 MiB each) */
#define MULTINOMIAL_WS_MAX ((uint64_t)1 << 30)

static aclnnStatus multinomial_shape(const char *api, const aclTensor *self, int64_t numsamples, bool replacement,
                                     const aclTensor *out)
{
    aclnnStatus st;
    if (self->ndim != 1 && self->ndim != 2)
        return ACLEMU_PARAM_ERROR(api, "Dim of self only can be 1 or 2.");
    if (self->ndim != out->ndim)
        return ACLEMU_PARAM_ERROR(api, "Dim of self should be equal to dim of out.");
    if (out->shape[out->ndim - 1] != numsamples)
        return ACLEMU_PARAM_ERROR(api,
                                  "excepted the size of out at last dim must be equal with numsamples %lld, but got "
                                  "%lld.",
                                  (long long)numsamples, (long long)out->shape[out->ndim - 1]);
    if (self->ndim == 2 && self->shape[0] != out->shape[0])
        return ACLEMU_PARAM_ERROR(api,
                                  "excepted the size of out at first dim %lld must be equal with the size of self at "
                                  "first dim %lld when dimNum > 1",
                                  (long long)self->shape[0], (long long)out->shape[0]);
    if ((st = aclemu_check_shape(api, self, "self", 2)) || (st = aclemu_check_shape(api, out, "out", 2)))
        return st;
    if (numsamples <= 0)
        return ACLEMU_PARAM_ERROR(api, "Numsamples must > 0.");
    int64_t ncat = self->shape[self->ndim - 1];
    if (!replacement && numsamples > ncat)
        return ACLEMU_PARAM_ERROR(api, "numsamples must <= shape.GetDim(dimNum - 1) without replacement");
    if (ncat > ((int64_t)1 << 24))
        return ACLEMU_PARAM_ERROR(api, "number of categories cannot exceed 2^24");
    return ACLNN_SUCCESS;
}

static aclnnStatus multinomial_plan(aclOpExecutor *ex, const aclTensor *self, int64_t numsamples, bool replacement,
                                    int64_t seed, int64_t offset, const aclTensor *seedT, const aclTensor *offT,
                                    int tensor_form, const aclTensor *out)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, "self")) ||
        (tensor_form && (st = rnd_check_seed_tensors(api, seedT, offT))) ||
        (st = aclemu_check_notnull(api, out, "out")) ||
        (st = aclemu_check_chip(api, tensor_form ? ACLEMU_CHIPS_A2_A3_950 : ACLEMU_CHIPS_ALL_BUT_310B)))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", MULTINOMIAL_DTYPES)))
        return st;
    if (tensor_form && aclemu_tensor_numel(self) != 0 &&
        (!aclemu_chip_in(ACLEMU_CHIPS_A2_A3_950) || aclemu_tensor_numel(self) <= CPU_NPU_BOUNDARY) &&
        ((st = aclemu_check_dtype(api, seedT, "seedTensor", DT(INT64))) ||
         (st = aclemu_check_dtype(api, offT, "offsetTensor", DT(INT64)))))
        return st;
    if ((st = aclemu_check_dtype(api, out, "out", DT(INT64))) ||
        (st = multinomial_shape(api, self, numsamples, replacement, out)))
        return st;
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    multinomial_args a;
    memset(&a, 0, sizeof a);
    a.ncat = self->shape[self->ndim - 1];
    a.rows = self->ndim == 2 ? self->shape[0] : 1;
    a.nsamp = numsamples;
    a.replacement = replacement;
    uint32_t bd;
    uint64_t per;
    a.ws_per_block = (a.ncat * 24 + 63) / 64 * 64; /* weights (double) + (key, index) pairs */
    /* at most MULTINOMIAL_WS_MAX of scratch: fewer blocks for wide rows */
    uint64_t max_blocks = MULTINOMIAL_WS_MAX / (uint64_t)a.ws_per_block;
    uint32_t cores = aclemu_vector_core_num(aclemu_op_profile());
    if (max_blocks < cores)
        cores = max_blocks ? (uint32_t)max_blocks : 1;
    aclemu_tile_1d((uint64_t)a.rows, cores, 1, 1, &bd, &per);
    a.rows_per_block = (int64_t)per;
    uint64_t ws = aclemu_exec_alloc_workspace(ex, (uint64_t)a.ws_per_block * bd);
    rnd_seed_scalar(&a.rs, (uint64_t)seed, (uint64_t)offset);
    multinomial_args *b = (multinomial_args *)aclemu_exec_add_launch(ex, "Multinomial", bd, sizeof a);
    if (!b)
        return ACLNN_ERR_INNER;
    *b = a;
    if ((st = aclemu_exec_tdesc(ex, b, &b->self, self)) || (st = aclemu_exec_tdesc(ex, b, &b->out, out)) ||
        (st = aclemu_exec_bind_workspace(ex, b, &b->ws, ws)))
        return st;
    if (tensor_form)
        return rnd_seed_tensors(ex, b, &b->rs, seedT, offT, (uint64_t)offset);
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_Multinomial(aclOpExecutor *executor, const aclTensor *self, int64_t numsamples,
                                    bool replacement, int64_t seed, int64_t offset, aclTensor *out)
{
    return multinomial_plan(executor, self, numsamples, replacement, seed, offset, NULL, NULL, 0, out);
}

aclnnStatus aclemu_plan_MultinomialTensor(aclOpExecutor *executor, const aclTensor *self, int64_t numsamples,
                                          bool replacement, const aclTensor *seedTensor, const aclTensor *offsetTensor,
                                          int64_t offset, aclTensor *out)
{
    return multinomial_plan(executor, self, numsamples, replacement, 0, offset, seedTensor, offsetTensor, 1, out);
}

aclnnStatus aclemu_plan_Randperm(aclOpExecutor *executor, int64_t n, int64_t seed, int64_t offset, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if (!out) /* the real CheckNotNull returns ACLNN_ERR_INNER_NULLPTR here */
        return aclemu_op_error(ACLNN_ERR_INNER_NULLPTR, ACLEMU_ERRCODE_PARAM, api, "out should not be nullptr.");
    if ((st = aclemu_check_chip(api, RND_CHIPS_A2_A3_950_910A)) ||
        (st = aclemu_check_dtype(api, out, "out", RANDPERM_DTYPES)))
        return st;
    if ((st = aclemu_check_shape_is(api, out, "out", &n, 1)) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    if (n < 0)
        return ACLEMU_PARAM_ERROR(api, "n must be >= 0, but got %lld.", (long long)n);
    if (n == 0)
        return ACLNN_SUCCESS;
    if (n > ((int64_t)1 << 40)) /* its int64 scratch would not fit any device */
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api, "n %lld is too large.", (long long)n);
    randperm_args a;
    memset(&a, 0, sizeof a);
    a.n = n;
    rnd_seed_scalar(&a.rs, (uint64_t)seed, (uint64_t)offset);
    uint64_t ws = aclemu_exec_alloc_workspace(executor, (uint64_t)n * 16);
    uint32_t blocks;
    uint64_t per;
    aclemu_tile_1d((uint64_t)n, aclemu_vector_core_num(aclemu_op_profile()), 4096, 1, &blocks, &per);
    a.per_block = (int64_t)per;
    static const char *const kernels[3] = {"RandpermDraws", "Randperm", "RandpermStore"};
    for (int k = 0; k < 3; k++) { /* the swap targets over all blocks, the shuffle, the store */
        randperm_args *b = (randperm_args *)aclemu_exec_add_launch(executor, kernels[k], k == 1 ? 1 : blocks, sizeof a);
        if (!b)
            return ACLNN_ERR_INNER;
        *b = a;
        if ((st = aclemu_exec_tdesc(executor, b, &b->out, out)) || (st = aclemu_exec_bind_workspace(executor, b, &b->ws, ws)))
            return st;
    }
    return ACLNN_SUCCESS;
}
