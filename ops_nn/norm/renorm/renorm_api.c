/* aclnnRenorm / aclnnInplaceRenorm / aclnnEmbeddingRenorm on the Renorm kernel (norm_rows
 * launch). Renorm: null -> dtype (FLOAT, FLOAT16, + BF16 on A2 / A3 / 950; out = self's) ->
 * format (self's = out's) -> rank 2..8, out = self's shape -> p >= 0, dim in [-rank, rank - 1],
 * maxNorm >= 0; an empty self runs nothing. EmbeddingRenorm: null -> dtype (self as Renorm,
 * indices INT32 / INT64) -> self 2-D -> indices rank <= 8 -> format ND; empty: nothing runs;
 * the listed rows (dim 0 slices) are renormed in place. The 950 computes everything in FP32 (its
 * op_api casts up first); the other chips round the factor to self's dtype before the Mul. */
#include <math.h>
#include <stddef.h>

#include "aclemu_plans.h"
#include "nn_check.h"
#include "norm_rows_plan.h"
#include "renorm_args.h"

static aclemu_dtype_set self_dtypes(void)
{
    aclemu_family f = aclemu_op_profile()->family;
    if (f == ACLEMU_FAMILY_A2 || f == ACLEMU_FAMILY_A3 || f == ACLEMU_FAMILY_950)
        return NN_FLOATS;
    return ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16);
}

static void fill(renorm_args *a, const aclTensor *x, double p, double maxnorm)
{
    int regbase = aclemu_op_profile()->family == ACLEMU_FAMILY_950;
    a->p = (float)p;
    a->maxnorm = (float)maxnorm;
    a->eps = (x->dtype == ACL_FLOAT || regbase) ? 1e-12f : 1e-7f;
    a->round_factor = !regbase && x->dtype != ACL_FLOAT;
}

static aclnnStatus renorm(aclOpExecutor *executor, const aclTensor *self, const aclScalar *p, int64_t dim,
                          const aclScalar *maxNorm, const aclTensor *out, const char *self_name)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, self, self_name)) || (st = aclemu_check_notnull(api, p, "p")) ||
        (st = aclemu_check_notnull(api, maxNorm, "maxNorm")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    aclemu_dtype_set ds = self_dtypes();
    if ((st = aclemu_check_dtype(api, self, self_name, ds)) || (st = aclemu_check_dtype(api, out, "out", ds)) ||
        (st = aclemu_check_same_dtype(api, self, self_name, out, "out")))
        return st;
    if (self->format != out->format)
        return ACLEMU_PARAM_ERROR(api, "Format of input and output should be equal, self [%s], out [%s].",
                                  aclemu_format_name(self->format), aclemu_format_name(out->format));
    if ((st = aclemu_check_shape(api, self, self_name, 8)) || (st = aclemu_check_shape(api, out, "out", 8)) ||
        (st = nn_rank_in(api, self, self_name, 2, 8)) || (st = nn_rank_in(api, out, "out", 2, 8)) ||
        (st = aclemu_check_same_shape(api, self, self_name, out, "out")))
        return st;
    double pv = aclemu_scalar_to_f64(p), mv = aclemu_scalar_to_f64(maxNorm);
    if ((float)pv < 0)
        return ACLEMU_PARAM_ERROR(api, "p only support non-negative values, but now p is [%f].", (double)(float)pv);
    int64_t rank = self->ndim;
    if (dim < -rank || dim > rank - 1)
        return ACLEMU_PARAM_ERROR(api, "dim range only support [-dimNum, dimNum - 1], but now dim is [%lld].",
                                  (long long)dim);
    if ((float)mv < 0.0f)
        return ACLEMU_PARAM_ERROR(api, "maxNorm should be greater than 0, but now maxNorm is [%f].",
                                  (double)(float)mv);
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    if (dim < 0)
        dim += rank;
    renorm_args a = {0};
    a.outer = 1;
    a.inner = 1;
    for (int64_t i = 0; i < rank; i++)
        if (i < dim)
            a.outer *= self->shape[i];
        else if (i > dim)
            a.inner *= self->shape[i];
    a.dim = self->shape[dim];
    fill(&a, self, pv, mv);
    const nr_operand ops[] = {{self, 0, offsetof(renorm_args, x)}, {out, 1, offsetof(renorm_args, y)}};
    return nr_launch(executor, "Renorm", &a, sizeof a, a.dim, a.outer * a.inner, 0.0, ops, 2);
}

aclnnStatus aclemu_plan_Renorm(aclOpExecutor *executor, const aclTensor *self, const aclScalar *p, int64_t dim,
                               const aclScalar *maxNorm, aclTensor *out)
{
    return renorm(executor, self, p, dim, maxNorm, out, "self");
}

aclnnStatus aclemu_plan_InplaceRenorm(aclOpExecutor *executor, aclTensor *selfRef, const aclScalar *p, int64_t dim,
                                      const aclScalar *maxNorm)
{
    return renorm(executor, selfRef, p, dim, maxNorm, selfRef, "selfRef");
}

aclnnStatus aclemu_plan_EmbeddingRenorm(aclOpExecutor *executor, aclTensor *selfRef, const aclTensor *indices,
                                        double maxNorm, double normType)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, selfRef, "selfRef")) || (st = aclemu_check_notnull(api, indices, "indices")))
        return st;
    if ((st = aclemu_check_dtype(api, selfRef, "selfRef", self_dtypes())) ||
        (st = aclemu_check_dtype(api, indices, "indices", ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64))))
        return st;
    if (selfRef->ndim != 2) {
        char b[256];
        return ACLEMU_PARAM_ERROR(api, "Embedding_Renorm: Except 2-dimension Tensor but got [%s]-dimension Tensor.",
                                  aclemu_shape_str(selfRef->shape, selfRef->ndim, b, sizeof b));
    }
    if ((st = aclemu_check_shape(api, indices, "indices", 8)))
        return st;
    if (selfRef->format == ACL_FORMAT_FRACTAL_NZ || indices->format == ACL_FORMAT_FRACTAL_NZ)
        return ACLEMU_PARAM_ERROR(api, "Input and output format only support [ND]. Actual: self:[%s], indices:[%s].",
                                  aclemu_format_name(selfRef->format), aclemu_format_name(indices->format));
    int64_t k = aclemu_tensor_numel(indices);
    if (aclemu_tensor_numel(selfRef) == 0 || k == 0)
        return ACLNN_SUCCESS;
    renorm_args a = {0};
    a.outer = 1;
    a.dim = selfRef->shape[0];
    a.inner = selfRef->shape[1];
    fill(&a, selfRef, normType, maxNorm);
    const nr_operand ops[] = {{selfRef, 0, offsetof(renorm_args, x)},
                              {selfRef, 1, offsetof(renorm_args, y)},
                              {indices, 0, offsetof(renorm_args, idx)}};
    return nr_launch(executor, "Renorm", &a, sizeof a, k, a.inner, 0.0, ops, 3);
}
