/* The foreach family's shared planner (see foreach_plan.h): checks in the order of the op_api
 * sources (null -> list lengths -> chip -> dtypes -> shapes -> formats), then launches: every
 * index whose views are contiguous goes into packed launches (many tensors per launch, blocks
 * split the summed elements), every other index gets one strided launch. */
#include <stdio.h>
#include <string.h>

#include "aclemu_op/fp16.h"
#include "foreach_plan.h"

#define FE_MANIFEST_RANGES 126 /* per launch, below the memory checker's 128 */

static const char *list_name(const fe_row *row, int k)
{
    return k < 0 ? (row->inplace ? row->names[0] : "out") : row->names[k];
}

static int is_float(aclDataType dt)
{
    return dt == ACL_FLOAT || dt == ACL_FLOAT16 || dt == ACL_BF16;
}

/* The scalar dtypes the row accepts with x's dtype. */
static aclemu_dtype_set scalar_set(const fe_row *row, aclDataType x)
{
    switch (row->srule) {
    case SR_TENSOR_MATCH:
        if (x == ACL_BF16) return ACLEMU_DT(ACL_FLOAT);
        if (x == ACL_INT16 || x == ACL_INT8 || x == ACL_UINT8) return ACLEMU_DT(ACL_INT32);
        return ACLEMU_DT(x);
    case SR_FLOAT_DOUBLE:
    case SR_FLOAT_DOUBLE_950:
        if (x == ACL_FLOAT16)
            return ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_DOUBLE) |
                   (row->srule == SR_FLOAT_DOUBLE_950 && aclemu_chip_in(ACLEMU_CHIP(ACLEMU_FAMILY_950))
                        ? ACLEMU_DT(ACL_FLOAT) : 0);
        if (is_float(x)) return ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_DOUBLE);
        return ACLEMU_DT(ACL_INT32) | ACLEMU_DT(ACL_INT64);
    case SR_LIST_F32: return is_float(x) ? ACLEMU_DT(ACL_FLOAT) : ACLEMU_DT(ACL_INT64);
    case SR_LIST_F32D:
        return is_float(x) ? ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_DOUBLE) : ACLEMU_DT(ACL_INT64);
    case SR_SAME: return ACLEMU_DT(x);
    case SR_SET: return row->sset;
    default: return 0;
    }
}

static aclnnStatus null_checks(const char *api, const fe_row *row, const aclTensorList *const *lists,
                               const aclTensorList *out, const void *sparam)
{
    aclnnStatus st;
    for (int k = 0; k < row->nlists; k++)
        if ((st = aclemu_check_notnull(api, lists[k], row->names[k])))
            return st;
    if (row->sarg != SA_NONE && (st = aclemu_check_notnull(api, sparam, row->sname)))
        return st;
    if (!row->inplace && (st = aclemu_check_notnull(api, out, "out")))
        return st;
    return ACLNN_SUCCESS;
}

static aclnnStatus length_checks(const char *api, const fe_row *row, const aclTensorList *const *lists,
                                 const aclTensorList *out, const aclScalarList *slist)
{
    uint64_t n = lists[0]->size;
    for (int k = -1; k < row->nlists; k++) {
        const aclTensorList *l = k < 0 ? out : lists[k];
        if (l && l->size != n)
            return ACLEMU_PARAM_ERROR(api, "Tensor lists must have the same number of tensors, got %llu (%s) and "
                                           "%llu (%s).", (unsigned long long)n, row->names[0],
                                      (unsigned long long)l->size, list_name(row, k));
    }
    if (slist && slist->size != n)
        return ACLEMU_PARAM_ERROR(api, "%s must hold one scalar per tensor of %s: got %llu scalars for %llu tensors.",
                                  row->sname, row->names[0], (unsigned long long)slist->size,
                                  (unsigned long long)n);
    for (int k = -1; k < row->nlists; k++) {
        const aclTensorList *l = k < 0 ? out : lists[k];
        for (uint64_t i = 0; l && i < n; i++)
            if (!l->items[i])
                return ACLEMU_NULL_ERROR(api, "%s[%llu] should not be nullptr.", list_name(row, k),
                                         (unsigned long long)i);
    }
    for (uint64_t i = 0; slist && i < n; i++)
        if (!slist->items[i])
            return ACLEMU_NULL_ERROR(api, "%s[%llu] should not be nullptr.", row->sname, (unsigned long long)i);
    return ACLNN_SUCCESS;
}

static aclnnStatus chip_check(const char *api, const fe_row *row)
{
    if (aclemu_chip_in(row->chips))
        return ACLNN_SUCCESS;
    return ACLEMU_PARAM_ERROR(api, "support for %s is not implemented.", aclemu_op_profile()->soc_version);
}

/* Problems the older APIs find in tiling (561002) and the newer op_api code itself (161002). */
#define LATE_ERROR(api, row, ...)                                                                  \
    aclemu_op_error((row)->v2 ? ACLNN_ERR_PARAM_INVALID : ACLNN_ERR_INNER_TILING_ERROR,           \
                    (row)->v2 ? ACLEMU_ERRCODE_PARAM : ACLEMU_ERRCODE_INNER, api, __VA_ARGS__)

/* out dtype of Copy: the same, or FLOAT -> FLOAT16 / BF16, FLOAT16 / BF16 -> FLOAT. */
static int copy_pair_ok(aclDataType x, aclDataType o)
{
    if (x == o) return 1;
    if (x == ACL_FLOAT) return o == ACL_FLOAT16 || o == ACL_BF16;
    return (x == ACL_FLOAT16 || x == ACL_BF16) && o == ACL_FLOAT;
}

static aclnnStatus dtype_checks(const char *api, const fe_row *row, const aclTensorList *const *lists,
                                const aclTensorList *out, const aclTensor *tscalar, const aclScalar *scalar,
                                const aclScalarList *slist)
{
    aclnnStatus st;
    const aclTensor *x0 = lists[0]->items[0];
    char nm[64];
    snprintf(nm, sizeof nm, "%s[0]", row->names[0]);
    aclemu_dtype_set dts = row->dtypes950 && aclemu_chip_in(ACLEMU_CHIP(ACLEMU_FAMILY_950)) ? row->dtypes950 : row->dtypes;
    if ((st = aclemu_check_dtype(api, x0, nm, dts)))
        return st;
    aclDataType xdt = x0->dtype;
    aclemu_dtype_set ss = scalar_set(row, xdt);
    if (tscalar && (row->sarg == SA_TENSOR || row->sarg == SA_TENSOR_N))
        st = aclemu_check_dtype(api, tscalar, row->sname, ss);
    else if (scalar && row->sarg == SA_SCALAR)
        st = aclemu_check_dtype_value(api, scalar->dtype, row->sname, ss);
    for (uint64_t i = 0; !st && slist && i < slist->size; i++) {
        snprintf(nm, sizeof nm, "%s[%llu]", row->sname, (unsigned long long)i);
        st = aclemu_check_dtype_value(api, slist->items[i]->dtype, nm, ss);
    }
    if (st)
        return st;
    uint64_t n = lists[0]->size;
    if (!row->inplace) {
        const aclTensor *o0 = out->items[0];
        int ok = row->kind == FK_COPY ? copy_pair_ok(xdt, o0->dtype) : o0->dtype == xdt;
        if (!ok)
            return ACLEMU_PARAM_ERROR(api, "out[0] dtype %s does not go with %s[0] dtype %s (%s).",
                                      aclemu_dtype_name(o0->dtype), row->names[0], aclemu_dtype_name(xdt),
                                      row->kind == FK_COPY ? "the same, FLOAT <-> FLOAT16 / BFLOAT16"
                                                           : "they should be the same");
    }
    for (int k = -1; k < row->nlists; k++) {
        const aclTensorList *l = k < 0 ? (row->inplace ? NULL : out) : lists[k];
        if (!l)
            continue; /* in place: the first list is the result */
        aclDataType want = k < 0 ? out->items[0]->dtype : xdt;
        for (uint64_t i = 0; i < n; i++)
            if (l->items[i]->dtype != want)
                return LATE_ERROR(api, row, "%s[%llu] dtype %s should be the same as the list's first tensor's (%s).",
                                  list_name(row, k), (unsigned long long)i, aclemu_dtype_name(l->items[i]->dtype),
                                  aclemu_dtype_name(want));
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus shape_checks(const char *api, const fe_row *row, const aclTensorList *const *lists,
                                const aclTensorList *out, const aclTensor *tscalar)
{
    uint64_t n = lists[0]->size;
    char sa[256], sb[256], nm[64];
    for (int k = -1; k < row->nlists; k++) {
        const aclTensorList *l = k < 0 ? (row->inplace ? NULL : out) : lists[k];
        for (uint64_t i = 0; l && i < n; i++) {
            const aclTensor *t = l->items[i];
            if (t->ndim > ACLEMU_MAX_RANK)
                return LATE_ERROR(api, row, "%s[%llu] has rank %u, more than the 8 dims supported.",
                                  list_name(row, k), (unsigned long long)i, t->ndim);
            snprintf(nm, sizeof nm, "%s[%llu]", list_name(row, k), (unsigned long long)i);
            aclnnStatus st = aclemu_check_shape(api, t, nm, ACLEMU_MAX_RANK);
            if (st)
                return st;
        }
    }
    for (uint64_t i = 0; i < n; i++) {
        const aclTensor *a = lists[0]->items[i];
        for (int k = 1; k <= row->nlists; k++) {
            const aclTensor *b = k < row->nlists ? lists[k]->items[i] : (row->inplace ? NULL : out->items[i]);
            if (!b)
                continue;
            if (row->kind == FK_NORM && k == row->nlists) {
                if (aclemu_tensor_numel(b) != 1)
                    return LATE_ERROR(api, row, "out[%llu] should hold one element (the norm of %s[%llu]), its "
                                      "shape is %s.", (unsigned long long)i, row->names[0], (unsigned long long)i,
                                      aclemu_shape_str(b->shape, b->ndim, sb, sizeof sb));
                continue;
            }
            int same = a->ndim == b->ndim;
            for (uint32_t d = 0; same && d < a->ndim; d++)
                same = a->shape[d] == b->shape[d];
            if (!same)
                return LATE_ERROR(api, row, "%s[%llu] shape %s should be equal to %s[%llu] shape %s.",
                                  list_name(row, k < row->nlists ? k : -1), (unsigned long long)i,
                                  aclemu_shape_str(b->shape, b->ndim, sb, sizeof sb), row->names[0],
                                  (unsigned long long)i, aclemu_shape_str(a->shape, a->ndim, sa, sizeof sa));
        }
    }
    if (tscalar) {
        int64_t want = row->sarg == SA_TENSOR_N ? (int64_t)n : 1;
        aclnnStatus st = aclemu_check_shape(api, tscalar, row->sname, ACLEMU_MAX_RANK);
        if (st)
            return st;
        if (aclemu_tensor_numel(tscalar) != want)
            return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api,
                                   "%s should hold %lld element(s), its shape is %s.", row->sname, (long long)want,
                                   aclemu_shape_str(tscalar->shape, tscalar->ndim, sa, sizeof sa));
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus format_checks(const char *api, const fe_row *row, const aclTensorList *const *lists,
                                 const aclTensorList *out)
{
    char nm[64];
    for (int k = -1; k < row->nlists; k++) {
        const aclTensorList *l = k < 0 ? (row->inplace ? NULL : out) : lists[k];
        for (uint64_t i = 0; l && i < l->size; i++) {
            snprintf(nm, sizeof nm, "%s[%llu]", list_name(row, k), (unsigned long long)i);
            aclnnStatus st = aclemu_check_format(api, l->items[i], nm);
            if (st)
                return st;
        }
    }
    return ACLNN_SUCCESS;
}

/* ---- launches ---------------------------------------------------------------------------- */
typedef struct fe_launch_ctx {
    aclOpExecutor *ex;
    const fe_row *row;
    const aclTensor *ops[FE_MAX_PTR]; /* of the current index */
    fe_hdr h;                         /* the fields every launch shares */
    const aclTensor *tscalar;
    const aclTensor *found_inf;
} fe_launch_ctx;

static int domain_of(aclDataType dt)
{
    if (dt == ACL_DOUBLE) return FE_DOM_F64;
    return is_float(dt) ? FE_DOM_F32 : FE_DOM_I64;
}

/* The scalar of index i as the kernel uses it: an aclScalar converted to x's dtype first (the
 * op_api's ConvertToTensor; BF16 x keeps FLOAT, INT16 / INT8 / UINT8 x keep INT32); the values
 * of an aclScalarList stay FLOAT (their only float dtype) for every float x. */
static void host_scalar(fe_entry *e, const fe_row *row, aclDataType xdt, const aclScalar *s)
{
    if (row->op == FE_NORM || row->op == FE_ROUND) {
        e->s.f = aclemu_scalar_to_f64(s);
        return;
    }
    if (domain_of(xdt) == FE_DOM_I64) {
        int64_t v = aclemu_scalar_to_i64(s);
        e->s.i = xdt == ACL_INT64 ? v : (int64_t)(int32_t)(uint32_t)(uint64_t)v;
        return;
    }
    double v = aclemu_scalar_to_f64(s);
    if (xdt == ACL_FLOAT16 && row->sarg == SA_SCALAR)
        e->s.f = aclemu_half_to_float(aclemu_float_to_half((float)v));
    else
        e->s.f = (double)(float)v;
}

/* Storage position of the i-th element (row-major order) of t's view. */
static int64_t elem_pos(const aclTensor *t, int64_t i)
{
    int64_t pos = t->offset;
    for (int d = (int)t->ndim - 1; d >= 0; d--) {
        if (t->shape[d] <= 0)
            break;
        pos += (i % t->shape[d]) * t->stride[d];
        i /= t->shape[d];
    }
    return pos;
}

static int view_plain(const aclTensor *t)
{
    return t->offset == 0 && aclemu_tensor_is_contiguous(t);
}

static aclnnStatus bind_scalars(fe_launch_ctx *c, void *blob, fe_hdr *h)
{
    aclnnStatus st = ACLNN_SUCCESS;
    if (c->tscalar && (st = aclemu_exec_bind_tensor(c->ex, blob, &h->s_addr, c->tscalar)))
        return st;
    if (c->found_inf)
        st = aclemu_exec_bind_tensor(c->ex, blob, &h->found_inf, c->found_inf);
    return st;
}

static aclnnStatus launch_packed(fe_launch_ctx *c, const aclTensorList *const *lists, const aclTensorList *out,
                                 const uint64_t *idx, int count, const fe_entry *scal)
{
    uint64_t total = 0;
    for (int k = 0; k < count; k++)
        total += (uint64_t)aclemu_tensor_numel(lists[0]->items[idx[k]]);
    size_t size = sizeof(fe_hdr) + (size_t)count * sizeof(fe_entry);
    uint32_t bd;
    uint64_t per_block;
    if (c->row->kind == FK_NORM) {
        bd = (uint32_t)count; /* one block per tensor: each reduces its own */
        per_block = 0;
    } else {
        aclemu_tile_1d(total, aclemu_vector_core_num(aclemu_op_profile()), 16384, 64, &bd, &per_block);
    }
    fe_packed_args *a = (fe_packed_args *)aclemu_exec_add_launch(c->ex, "ForeachPacked", bd, size);
    if (!a)
        return ACLNN_ERR_INNER;
    a->h = c->h;
    a->h.nentries = count;
    a->h.total = total;
    a->h.per_block = per_block;
    aclnnStatus st = bind_scalars(c, a, &a->h);
    int64_t start = 0;
    for (int k = 0; !st && k < count; k++) {
        uint64_t i = idx[k];
        fe_entry *e = &a->e[k];
        *e = scal[k];
        e->numel = aclemu_tensor_numel(lists[0]->items[i]);
        e->start = start;
        start += e->numel;
        const aclTensor *outt = c->row->inplace ? lists[0]->items[i] : out->items[i];
        if ((st = aclemu_exec_bind_tensor(c->ex, a, &e->addr[FE_OUT], outt)))
            break;
        for (int l = 0; !st && l < c->row->nlists; l++)
            st = aclemu_exec_bind_tensor(c->ex, a, &e->addr[FE_A + l], lists[l]->items[i]);
    }
    return st;
}

static aclnnStatus launch_strided(fe_launch_ctx *c, const aclTensor *outt, const aclTensor *const *ins, int nin,
                                  const fe_entry *scal, const aclTensor *norm_out)
{
    aclnnStatus st = ACLNN_SUCCESS;
    fe_strided_args *a;
    if (c->row->kind == FK_NORM || c->row->kind == FK_UNSCALE || c->row->op == FE_ZERO)
        a = (fe_strided_args *)aclemu_ew_launch(c->ex, "ForeachStrided", sizeof *a, ins[0], NULL, 0, &st);
    else
        a = (fe_strided_args *)aclemu_ew_launch(c->ex, "ForeachStrided", sizeof *a, outt, ins, (uint32_t)nin, &st);
    if (!a)
        return st;
    a->h = c->h;
    a->h.nentries = 1;
    a->h.total = a->ew.numel;
    a->h.per_block = a->ew.per_block;
    a->e = *scal;
    a->e.numel = (int64_t)a->ew.numel;
    if ((st = bind_scalars(c, a, &a->h)))
        return st;
    if (norm_out)
        st = aclemu_exec_bind_tensor(c->ex, a, &a->e.addr[FE_OUT], norm_out);
    return st;
}

static aclnnStatus launch_all(fe_launch_ctx *c, const aclTensorList *const *lists, const aclTensorList *out,
                              const aclScalarList *slist, const aclScalar *scalar)
{
    const fe_row *row = c->row;
    aclDataType xdt = lists[0]->items[0]->dtype;
    uint64_t n = lists[0]->size;
    int nptr = 1 + row->nlists;
    int cap = FE_ENTRIES_BLOB;
    if (cap > FE_MANIFEST_RANGES / (nptr + 1))
        cap = FE_MANIFEST_RANGES / (nptr + 1); /* + the scalar tensor */
    uint64_t idx[FE_ENTRIES_BLOB];
    fe_entry scal[FE_ENTRIES_BLOB];
    int count = 0;
    uint64_t packed_total = 0;
    aclnnStatus st = ACLNN_SUCCESS;
    for (uint64_t i = 0; i < n && !st; i++) {
        const aclTensor *a = lists[0]->items[i];
        const aclTensor *outt = row->inplace ? a : out->items[i];
        int64_t numel = aclemu_tensor_numel(a);
        if (numel == 0 && row->kind != FK_NORM)
            continue; /* empty tensor: nothing to compute */
        fe_entry s;
        memset(&s, 0, sizeof s);
        if (row->sarg == SA_SCALARLIST)
            host_scalar(&s, row, xdt, slist->items[i]);
        else if (row->sarg == SA_SCALAR)
            host_scalar(&s, row, xdt, scalar);
        else if (row->sarg == SA_TENSOR_N)
            s.sidx = elem_pos(c->tscalar, (int64_t)i);
        else if (row->sarg == SA_TENSOR)
            s.sidx = elem_pos(c->tscalar, 0);
        if (row->kind == FK_NORM)
            s.sidx = out->items[i]->offset; /* the one element of out[i] (any view) */
        int plain = view_plain(a) && (row->kind == FK_NORM || view_plain(outt));
        for (int l = 1; l < row->nlists; l++)
            plain = plain && view_plain(lists[l]->items[i]);
        if (!plain) {
            const aclTensor *ins[3];
            for (int l = 0; l < row->nlists; l++)
                ins[l] = lists[l]->items[i];
            if (numel == 0) { /* the norm of an empty view is 0: run it packed (no element read) */
                plain = 1;
            } else {
                st = launch_strided(c, outt, ins, row->nlists, &s, row->kind == FK_NORM ? out->items[i] : NULL);
                continue;
            }
        }
        if (packed_total + (uint64_t)numel > (uint64_t)ACLEMU_TENSOR_SIZE_MAX || count == cap) {
            st = launch_packed(c, lists, out, idx, count, scal);
            count = 0;
            packed_total = 0;
            if (st)
                break;
        }
        idx[count] = i;
        scal[count] = s;
        count++;
        packed_total += (uint64_t)numel;
    }
    if (!st && count > 0)
        st = launch_packed(c, lists, out, idx, count, scal);
    return st;
}

aclnnStatus fe_plan(aclOpExecutor *ex, const fe_row *row, const aclTensorList *const *lists,
                    const aclTensorList *out, const aclTensor *tscalar, const aclScalar *scalar,
                    const aclScalarList *slist)
{
    const char *api = aclemu_exec_api(ex);
    const void *sparam = row->sarg == SA_SCALAR ? (const void *)scalar
                         : row->sarg == SA_SCALARLIST ? (const void *)slist : (const void *)tscalar;
    aclnnStatus st;
    if ((st = null_checks(api, row, lists, out, sparam)) || (st = length_checks(api, row, lists, out, slist)) ||
        (st = chip_check(api, row)))
        return st;
    if (lists[0]->size == 0)
        return ACLNN_SUCCESS; /* empty lists: nothing to run, workspace 0 */
    if ((st = dtype_checks(api, row, lists, out, tscalar, scalar, slist)) ||
        (st = shape_checks(api, row, lists, out, tscalar)) || (st = format_checks(api, row, lists, out)))
        return st;
    fe_launch_ctx c;
    memset(&c, 0, sizeof c);
    c.ex = ex;
    c.row = row;
    aclDataType xdt = lists[0]->items[0]->dtype;
    c.h.op = (int32_t)row->op;
    c.h.vop = row->vop;
    c.h.in_dtype = (int32_t)xdt;
    c.h.dtype = (int32_t)(row->inplace ? xdt : out->items[0]->dtype);
    c.h.domain = domain_of(xdt);
    c.h.nin = row->nlists;
    c.h.b_is_scalar = row->b_is_scalar;
    if (row->sarg == SA_TENSOR || row->sarg == SA_TENSOR_N) {
        c.h.s_mode = FE_S_DEVICE;
        c.h.s_dtype = (int32_t)tscalar->dtype;
        c.tscalar = tscalar;
    } else if (row->sarg != SA_NONE) {
        c.h.s_mode = FE_S_HOST;
    }
    return launch_all(&c, lists, out, slist, scalar);
}

aclnnStatus fe_plan_unscale(aclOpExecutor *ex, const fe_row *row, const aclTensorList *grads,
                            const aclTensor *found_inf, const aclTensor *inv_scale)
{
    const char *api = aclemu_exec_api(ex);
    aclnnStatus st;
    const aclTensorList *lists[1] = {grads};
    if ((st = aclemu_check_notnull(api, grads, "scaledGrads")) ||
        (st = aclemu_check_notnull(api, found_inf, "foundInf")) ||
        (st = aclemu_check_notnull(api, inv_scale, "invScale")) ||
        (st = length_checks(api, row, lists, NULL, NULL)) || (st = chip_check(api, row)))
        return st;
    if (grads->size > 256)
        return ACLEMU_PARAM_ERROR(api, "scaledGrads holds %llu tensors, at most 256 are supported.",
                                  (unsigned long long)grads->size);
    if ((st = aclemu_check_dtype(api, found_inf, "foundInf", ACLEMU_DT(ACL_FLOAT))) ||
        (st = aclemu_check_dtype(api, inv_scale, "invScale", ACLEMU_DT(ACL_FLOAT))))
        return st;
    if (grads->size == 0)
        return ACLNN_SUCCESS;
    if ((st = dtype_checks(api, row, lists, NULL, NULL, NULL, NULL)) ||
        (st = shape_checks(api, row, lists, NULL, NULL)) || (st = format_checks(api, row, lists, NULL)))
        return st;
    char sh[256];
    const aclTensor *one[2] = {found_inf, inv_scale};
    const char *nm[2] = {"foundInf", "invScale"};
    for (int k = 0; k < 2; k++) {
        if ((st = aclemu_check_shape(api, one[k], nm[k], ACLEMU_MAX_RANK)))
            return st;
        if (aclemu_tensor_numel(one[k]) != 1)
            return ACLEMU_PARAM_ERROR(api, "%s should hold one element, its shape is %s.", nm[k],
                                      aclemu_shape_str(one[k]->shape, one[k]->ndim, sh, sizeof sh));
    }
    fe_launch_ctx c;
    memset(&c, 0, sizeof c);
    c.ex = ex;
    c.row = row;
    c.h.op = FE_UNSCALE;
    c.h.dtype = c.h.in_dtype = (int32_t)grads->items[0]->dtype;
    c.h.domain = FE_DOM_F32;
    c.h.nin = 1;
    c.h.s_mode = FE_S_DEVICE;
    c.h.s_dtype = ACL_FLOAT;
    c.tscalar = inv_scale;
    c.found_inf = found_inf;
    c.h.found_idx = elem_pos(found_inf, 0);
    return launch_all(&c, lists, NULL, NULL, NULL);
}
