/* Planners of SearchSorted, SearchSorteds (ops-math math/search_sorted: op_api/
 * aclnn_searchsorted.cpp) and Bucketize (ops-nn index/bucketize_v2: op_api/aclnn_bucketize.cpp):
 * null -> dtype -> shapes -> promotion, then one SearchSorted launch over self's elements. */
#include <string.h>

#include "../fill_scalar/fill_scalar_args.h"
#include "aclemu_plans.h"
#include "search_args.h"

#define DT(x) ACLEMU_DT(ACL_##x)
#define SEARCH_DTYPES (DT(FLOAT16) | DT(FLOAT) | DT(INT16) | DT(INT8) | DT(UINT8) | DT(INT32) | DT(INT64) | DT(DOUBLE))
/* Bucketize: the 950 AI-core list */
#define BUCKETIZE_DTYPES (DT(FLOAT) | DT(FLOAT16) | DT(INT32) | DT(INT16) | DT(BF16) | DT(INT8) | DT(UINT8) | DT(INT64))

/* out = 0 (the empty-input result) */
static aclnnStatus fill_zero(aclOpExecutor *ex, const aclTensor *out)
{
    aclnnStatus st;
    fill_scalar_args *a = (fill_scalar_args *)aclemu_ew_launch(ex, "Fill", sizeof(fill_scalar_args), out, NULL, 0, &st);
    if (a)
        memset(a->elem, 0, sizeof a->elem);
    return st;
}

/* self (or the scalar in elem) against the lines of seq; out of self's shape */
static aclnnStatus search_launch(aclOpExecutor *ex, const aclTensor *seq, const aclTensor *self,
                                 const unsigned char *elem, aclDataType comp, bool right, const aclTensor *sorter,
                                 const aclTensor *out)
{
    search_args a;
    memset(&a, 0, sizeof a);
    const aclTensor *shape_of = self ? self : out;
    a.self_dtype = self ? self->dtype : seq->dtype;
    a.seq_dtype = seq->dtype;
    a.comp_dtype = comp;
    a.out_dtype = out->dtype;
    a.right = right;
    a.nd = (int32_t)shape_of->ndim;
    a.scalar = elem != NULL;
    if (elem)
        memcpy(a.scalar_elem, elem, sizeof a.scalar_elem);
    a.seq_lines = seq->ndim > 1;
    a.self_off = self ? self->offset : 0;
    a.seq_off = seq->offset;
    a.sorter_off = sorter ? sorter->offset : 0;
    a.out_off = out->offset;
    for (uint32_t i = 0; i < shape_of->ndim; i++) {
        a.shape[i] = shape_of->shape[i];
        a.sstride[i] = self ? self->stride[i] : 0;
        a.ostride[i] = out->stride[i];
    }
    uint32_t ql = seq->ndim ? seq->ndim - 1 : 0;
    for (uint32_t i = 0; i < ql; i++) {
        a.qstride[i] = seq->stride[i];
        a.rstride[i] = sorter ? sorter->stride[i] : 0;
    }
    a.m = seq->ndim ? seq->shape[ql] : 1;
    a.qstride[SEARCH_MAX_DIMS - 1] = seq->ndim ? seq->stride[ql] : 1;
    a.rstride[SEARCH_MAX_DIMS - 1] = sorter && sorter->ndim ? sorter->stride[ql] : 1;
    a.numel = aclemu_tensor_numel(shape_of);
    uint32_t bd;
    uint64_t per;
    aclemu_tile_1d((uint64_t)a.numel, aclemu_vector_core_num(aclemu_op_profile()), 4096, 1, &bd, &per);
    a.per_block = (int64_t)per;
    search_args *b = (search_args *)aclemu_exec_add_launch(ex, "SearchSorted", bd, sizeof(search_args));
    if (!b)
        return ACLNN_ERR_INNER;
    *b = a;
    aclnnStatus st;
    if ((self && (st = aclemu_exec_bind_tensor(ex, b, &b->self, self))) ||
        (st = aclemu_exec_bind_tensor(ex, b, &b->seq, seq)) || (st = aclemu_exec_bind_tensor(ex, b, &b->out, out)))
        return st;
    return sorter ? aclemu_exec_bind_tensor(ex, b, &b->sorter, sorter) : ACLNN_SUCCESS;
}

/* The checks of aclnnSearchSorted after the null checks; self == NULL: the scalar form, whose
 * self is one element of seq's dtype and shape [1]. */
static aclnnStatus chk_search(const char *api, const aclTensor *seq, const aclTensor *self, bool outInt32,
                              const aclTensor *sorter, const aclTensor *out)
{
    aclnnStatus st;
    aclDataType self_dt = self ? self->dtype : seq->dtype;
    if ((st = aclemu_check_dtype(api, seq, "sortedSequence", SEARCH_DTYPES)) ||
        (self && (st = aclemu_check_dtype(api, self, "self", SEARCH_DTYPES))) ||
        (st = aclemu_check_dtype(api, out, "out", outInt32 ? DT(INT32) : DT(INT64))) ||
        (sorter && (st = aclemu_check_dtype(api, sorter, "sorter", DT(INT64)))))
        return st;
    if ((st = aclemu_check_shape(api, seq, "sortedSequence", ACLEMU_MAX_RANK)) ||
        (self && (st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK))) ||
        (st = aclemu_check_shape(api, out, "out", ACLEMU_MAX_RANK)))
        return st;
    int64_t one = 1;
    if (self ? (st = aclemu_check_same_shape(api, self, "self", out, "out")) : (st = aclemu_check_shape_is(api, out, "out", &one, 1)))
        return st;
    if (sorter && (st = aclemu_check_same_shape(api, seq, "sortedSequence", sorter, "sorter")))
        return st;
    uint32_t sn = self ? self->ndim : 1;
    const int64_t *ss = self ? self->shape : &one;
    char a[256], b[256];
    if (sn == 1 && ss[0] == 1 && seq->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "self value can be a scalar only when sortedSequence tensor dimension is 1, "
                                       "but we got sortedSequence tensor dim(%s) and self value's dim(%s).",
                                  aclemu_shape_str(seq->shape, seq->ndim, a, sizeof a), aclemu_shape_str(ss, sn, b, sizeof b));
    int lead_ok = seq->ndim == sn;
    for (uint32_t i = 0; lead_ok && i + 1 < seq->ndim; i++)
        lead_ok = seq->shape[i] == ss[i];
    if (seq->ndim != 1 && !lead_ok)
        return ACLEMU_PARAM_ERROR(api, "sortedSequence tensor should be 1 dimension or the first N-1 dimension of "
                                       "sortedSequence tensor and self value tensor must match, but we got "
                                       "sortedSequence tensor %s and self value tensor %s.",
                                  aclemu_shape_str(seq->shape, seq->ndim, a, sizeof a), aclemu_shape_str(ss, sn, b, sizeof b));
    aclDataType p = aclemu_promote_types(seq->dtype, self_dt);
    if (p == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "sortedSequence dtype %s and self dtype %s can not promote dtype.",
                                  aclemu_dtype_name(seq->dtype), aclemu_dtype_name(self_dt));
    if (!(SEARCH_DTYPES & ACLEMU_DT(p)))
        return ACLEMU_PARAM_ERROR(api, "promoteType dtype %s not in dtype support list.", aclemu_dtype_name(p));
    return ACLNN_SUCCESS;
}

aclnnStatus aclemu_plan_SearchSorted(aclOpExecutor *executor, const aclTensor *sortedSequence, const aclTensor *self,
                                     bool outInt32, bool right, const aclTensor *sorter, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, sortedSequence, "sortedSequence")) ||
        (st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = chk_search(api, sortedSequence, self, outInt32, sorter, out)))
        return st;
    if (aclemu_tensor_numel(sortedSequence) == 0 || aclemu_tensor_numel(self) == 0 || aclemu_tensor_numel(out) == 0)
        return aclemu_tensor_numel(out) ? fill_zero(executor, out) : ACLNN_SUCCESS;
    return search_launch(executor, sortedSequence, self, NULL, aclemu_promote_types(sortedSequence->dtype, self->dtype),
                         right, sorter, out);
}

/* The scalar as one element of dt (as the real ConvertToTensor of its float value). */
static void encode_elem(unsigned char *e, aclDataType dt, const aclScalar *s)
{
    float f = (float)aclemu_scalar_to_f64(s);
    int64_t i = (int64_t)f;
    memset(e, 0, 8);
    switch (dt) {
    case ACL_FLOAT: memcpy(e, &f, 4); break;
    case ACL_DOUBLE: { double d = f; memcpy(e, &d, 8); break; }
    case ACL_FLOAT16: { uint16_t h = aclemu_float_to_half(f); memcpy(e, &h, 2); break; }
    case ACL_INT8: case ACL_UINT8: e[0] = (unsigned char)i; break;
    case ACL_INT16: { int16_t x = (int16_t)i; memcpy(e, &x, 2); break; }
    case ACL_INT32: { int32_t x = (int32_t)i; memcpy(e, &x, 4); break; }
    default: memcpy(e, &i, 8); break;
    }
}

aclnnStatus aclemu_plan_SearchSorteds(aclOpExecutor *executor, const aclTensor *sortedSequence, const aclScalar *self,
                                      const bool outInt32, const bool right, const aclTensor *sorter, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, sortedSequence, "sortedSequence")) ||
        (st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, sortedSequence, "sortedSequence", SEARCH_DTYPES)))
        return st;
    if (aclemu_tensor_numel(out) == 0)
        return ACLEMU_PARAM_ERROR(api, "The shape of out tensor should be {1}.");
    /* the real op sets out's view shape to {1} before the tensor checks */
    out->ndim = 1;
    out->shape[0] = 1;
    out->stride[0] = 1;
    if ((st = chk_search(api, sortedSequence, NULL, outInt32, sorter, out)))
        return st;
    if (aclemu_tensor_numel(sortedSequence) == 0)
        return fill_zero(executor, out);
    unsigned char elem[8];
    encode_elem(elem, sortedSequence->dtype, self);
    return search_launch(executor, sortedSequence, NULL, elem, sortedSequence->dtype, right, sorter, out);
}

/* Bucketize: the regbase arch (950) only; boundaries 1-D; out INT32 / INT64 per outInt32. */
aclnnStatus aclemu_plan_Bucketize(aclOpExecutor *executor, const aclTensor *self, const aclTensor *boundaries,
                                  const bool outInt32, const bool right, aclTensor *out)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if (aclemu_op_profile()->family != ACLEMU_FAMILY_950)
        return aclemu_op_error(ACLNN_ERR_INNER, ACLEMU_ERRCODE_INNER, api, "BucketizeV2 Op not support this Soc Version!");
    if ((st = aclemu_check_notnull(api, self, "self")) || (st = aclemu_check_notnull(api, boundaries, "boundaries")) ||
        (st = aclemu_check_notnull(api, out, "out")))
        return st;
    if ((st = aclemu_check_dtype(api, self, "self", BUCKETIZE_DTYPES)) ||
        (st = aclemu_check_dtype(api, boundaries, "boundaries", BUCKETIZE_DTYPES)))
        return st;
    aclDataType want = outInt32 ? ACL_INT32 : ACL_INT64;
    if (out->dtype != want)
        return ACLEMU_PARAM_ERROR(api, "Tensor out expected dtype is %s but found %s when outInt32 is %s.",
                                  aclemu_dtype_name(want), aclemu_dtype_name(out->dtype), outInt32 ? "true" : "false");
    if ((st = aclemu_check_shape(api, self, "self", ACLEMU_MAX_RANK)) ||
        (st = aclemu_check_same_shape(api, self, "self", out, "out")))
        return st;
    if (boundaries->ndim != 1)
        return ACLEMU_PARAM_ERROR(api, "boundaries dim num %u should be 1.", boundaries->ndim);
    if (aclemu_tensor_numel(self) == 0)
        return ACLNN_SUCCESS;
    if (aclemu_tensor_numel(boundaries) == 0)
        return fill_zero(executor, out);
    /* a 0-d self keeps the boundaries' category (CombineCategories), else torch promotion */
    aclDataType comp = aclemu_promote_types(self->dtype, boundaries->dtype);
    if (self->ndim == 0 && (aclemu_dtype_is_float(boundaries->dtype) || !aclemu_dtype_is_float(self->dtype)))
        comp = boundaries->dtype;
    if (comp == ACL_DT_UNDEFINED)
        return ACLEMU_PARAM_ERROR(api, "self dtype %s and boundaries dtype %s can not promote dtype.",
                                  aclemu_dtype_name(self->dtype), aclemu_dtype_name(boundaries->dtype));
    return search_launch(executor, boundaries, self, NULL, comp, right, NULL, out);
}
