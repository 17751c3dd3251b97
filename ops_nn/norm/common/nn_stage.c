/* Staging of non-contiguous operands into the workspace; see nn_stage.h. */
#include "nn_stage.h"
#include "nn_stage_args.h"

int64_t nn_prod(const int64_t *shape, uint32_t lo, uint32_t hi)
{
    int64_t p = 1;
    for (uint32_t i = lo; i < hi; i++)
        p *= shape[i];
    return p;
}

void nn_tile(uint64_t items, uint64_t item_cost, uint32_t *block_dim, uint64_t *per)
{
    uint64_t cost = item_cost ? item_cost : 1;
    uint64_t min_items = cost >= 16384 ? 1 : 16384 / cost;
    aclemu_tile_1d(items, aclemu_vector_core_num(aclemu_op_profile()), min_items, 1, block_dim, per);
}

static int is_contig(const nn_stage *s)
{
    int64_t expect = 1;
    for (uint32_t d = s->ndim; d-- > 0;) {
        if (s->shape[d] != 1 && s->stride[d] != expect)
            return 0;
        expect *= s->shape[d];
    }
    return 1;
}

static void init_view(const aclTensor *t, const int32_t *perm, int32_t dtype, nn_stage *s)
{
    s->t = t;
    s->staged = 0;
    s->ws = 0;
    s->ndim = t ? t->ndim : 0;
    s->dtype = t ? (dtype >= 0 ? dtype : (int32_t)t->dtype) : 0;
    for (uint32_t i = 0; t && i < t->ndim; i++) {
        uint32_t src = perm ? (uint32_t)perm[i] : i;
        s->shape[i] = t->shape[src];
        s->stride[i] = t->stride[src];
    }
    if (t && (!is_contig(s) || s->dtype != (int32_t)t->dtype)) {
        s->staged = 1;
    }
}

static uint64_t ws_bytes(const nn_stage *s)
{
    int64_t n = nn_prod(s->shape, 0, s->ndim);
    return (uint64_t)(n ? n : 1) * aclemu_dtype_size((aclDataType)s->dtype);
}

/* One NnPack launch: to_ws copies the tensor view into the workspace copy, else back. */
static aclnnStatus add_pack(aclOpExecutor *ex, const nn_stage *s, int to_ws)
{
    uint64_t numel = (uint64_t)nn_prod(s->shape, 0, s->ndim);
    if (numel == 0)
        return ACLNN_SUCCESS;
    uint32_t bd;
    uint64_t per;
    nn_tile(numel, 1, &bd, &per);
    aclemu_ew *ew = (aclemu_ew *)aclemu_exec_add_launch(ex, "NnPack", bd, sizeof(aclemu_ew));
    if (!ew)
        return ACLNN_ERR_INNER;
    ew->numel = numel;
    ew->per_block = per;
    ew->nops = 2;
    ew->ndim = s->ndim ? s->ndim : 1;
    int64_t cstride = 1;
    for (uint32_t d = ew->ndim; d-- > 0;) {
        ew->shape[d] = s->ndim ? s->shape[d] : 1;
        aclemu_ew_operand *ws = &ew->op[to_ws ? 0 : 1], *tv = &ew->op[to_ws ? 1 : 0];
        ws->stride[d] = cstride;
        tv->stride[d] = s->ndim ? s->stride[d] : 1;
        cstride *= ew->shape[d];
    }
    aclemu_ew_operand *ws = &ew->op[to_ws ? 0 : 1], *tv = &ew->op[to_ws ? 1 : 0];
    ws->dtype = s->dtype;
    tv->dtype = (int32_t)s->t->dtype;
    tv->offset = s->t->offset;
    aclnnStatus st = aclemu_exec_bind_workspace(ex, ew, &ws->addr, s->ws);
    if (!st)
        st = aclemu_exec_bind_tensor(ex, ew, &tv->addr, s->t);
    return st;
}

aclnnStatus nn_stage_in(aclOpExecutor *ex, const aclTensor *t, const int32_t *perm, int32_t dtype, nn_stage *s)
{
    init_view(t, perm, dtype, s);
    if (!s->staged)
        return ACLNN_SUCCESS;
    s->ws = aclemu_exec_alloc_workspace(ex, ws_bytes(s));
    return add_pack(ex, s, 1);
}

aclnnStatus nn_stage_out(aclOpExecutor *ex, const aclTensor *t, const int32_t *perm, int32_t dtype, nn_stage *s)
{
    init_view(t, perm, dtype, s);
    if (s->staged)
        s->ws = aclemu_exec_alloc_workspace(ex, ws_bytes(s));
    return ACLNN_SUCCESS;
}

aclnnStatus nn_stage_out_finish(aclOpExecutor *ex, const nn_stage *s)
{
    return s->t && s->staged ? add_pack(ex, s, 0) : ACLNN_SUCCESS;
}

aclnnStatus nn_stage_bind(aclOpExecutor *ex, void *blob, nn_cbuf *b, const nn_stage *s)
{
    if (!s->t) {
        b->present = 0;
        return ACLNN_SUCCESS;
    }
    b->present = 1;
    b->dtype = s->dtype;
    if (s->staged) {
        b->offset = 0;
        return aclemu_exec_bind_workspace(ex, blob, &b->addr, s->ws);
    }
    b->offset = s->t->offset;
    return aclemu_exec_bind_tensor(ex, blob, &b->addr, s->t);
}

aclnnStatus nn_fill(aclOpExecutor *ex, const aclTensor *t, const char *name, double value)
{
    /* callers fill outputs on early paths that skip the op's other checks: a negative dim must
     * not become a huge element count */
    aclnnStatus st = aclemu_check_shape(aclemu_exec_api(ex), t, name, ACLEMU_MAX_RANK);
    if (st)
        return st;
    uint64_t numel = (uint64_t)aclemu_tensor_numel(t);
    if (numel == 0)
        return ACLNN_SUCCESS;
    uint32_t bd;
    uint64_t per;
    nn_tile(numel, 1, &bd, &per);
    nn_fill_args *a = (nn_fill_args *)aclemu_exec_add_launch(ex, "NnFill", bd, sizeof(nn_fill_args));
    if (!a)
        return ACLNN_ERR_INNER;
    a->value = value;
    a->ew.numel = numel;
    a->ew.per_block = per;
    a->ew.nops = 1;
    a->ew.ndim = t->ndim ? t->ndim : 1;
    for (uint32_t d = 0; d < a->ew.ndim; d++) {
        a->ew.shape[d] = t->ndim ? t->shape[d] : 1;
        a->ew.op[0].stride[d] = t->ndim ? t->stride[d] : 1;
    }
    a->ew.op[0].dtype = (int32_t)t->dtype;
    a->ew.op[0].offset = t->offset;
    return aclemu_exec_bind_tensor(ex, a, &a->ew.op[0].addr, t);
}

aclnnStatus nn_sum_parts(aclOpExecutor *ex, uint64_t parts_ws, int64_t nparts, int64_t n, const nn_stage *out)
{
    if (!out->t || n == 0)
        return ACLNN_SUCCESS;
    uint32_t bd;
    uint64_t per;
    nn_tile((uint64_t)n, (uint64_t)nparts, &bd, &per);
    nn_sum_parts_args *a = (nn_sum_parts_args *)aclemu_exec_add_launch(ex, "NnSumParts", bd, sizeof(*a));
    if (!a)
        return ACLNN_ERR_INNER;
    a->nparts = nparts;
    a->n = n;
    a->per_block = (int64_t)per;
    aclnnStatus st = aclemu_exec_bind_workspace(ex, a, &a->parts, parts_ws);
    if (!st)
        st = nn_stage_bind(ex, a, &a->out, out);
    if (!st)
        st = nn_stage_out_finish(ex, out);
    return st;
}

/* Operands k0.. of ew are the tensors (each broadcast to ew's shape), bound into blob. */
static aclnnStatus ew_fill_tensors(aclOpExecutor *ex, void *blob, aclemu_ew *ew, uint32_t k0,
                                   const aclTensor *const *ts, uint32_t nts)
{
    for (uint32_t k = 0; k < nts; k++) {
        const aclTensor *t = ts[k];
        aclemu_ew_operand *o = &ew->op[k0 + k];
        o->dtype = (int32_t)t->dtype;
        o->offset = t->offset;
        for (uint32_t d = 0; d < ew->ndim; d++) {
            int32_t td = (int32_t)d - (int32_t)ew->ndim + (int32_t)t->ndim; /* right-aligned */
            o->stride[d] = (td >= 0 && t->shape[td] != 1) ? t->stride[td] : 0;
        }
        aclnnStatus st = aclemu_exec_bind_tensor(ex, blob, &o->addr, t);
        if (st)
            return st;
    }
    return ACLNN_SUCCESS;
}

static void ew_fill_shape(aclemu_ew *ew, const int64_t *shape, uint32_t nd, uint32_t nops, uint64_t per_block)
{
    ew->ndim = nd ? nd : 1;
    ew->nops = nops;
    ew->numel = (uint64_t)nn_prod(shape, 0, nd);
    ew->per_block = per_block;
    for (uint32_t d = 0; d < ew->ndim; d++)
        ew->shape[d] = nd ? shape[d] : 1;
}

aclnnStatus nn_ew_fill(aclOpExecutor *ex, void *blob, aclemu_ew *ew, const int64_t *shape, uint32_t nd,
                       const aclTensor *const *ts, uint32_t nts, uint64_t per_block)
{
    ew_fill_shape(ew, shape, nd, nts, per_block);
    return ew_fill_tensors(ex, blob, ew, 0, ts, nts);
}

aclnnStatus nn_ew_fill_ws(aclOpExecutor *ex, void *blob, aclemu_ew *ew, const int64_t *shape, uint32_t nd,
                          uint64_t ws, aclDataType ws_dtype, const aclTensor *const *ts, uint32_t nts,
                          uint64_t per_block)
{
    ew_fill_shape(ew, shape, nd, nts + 1, per_block);
    aclemu_ew_operand *o = &ew->op[0];
    o->dtype = (int32_t)ws_dtype;
    o->offset = 0;
    int64_t cstride = 1;
    for (uint32_t d = ew->ndim; d-- > 0;) {
        o->stride[d] = cstride;
        cstride *= ew->shape[d];
    }
    aclnnStatus st = aclemu_exec_bind_workspace(ex, blob, &o->addr, ws);
    return st ? st : ew_fill_tensors(ex, blob, ew, 1, ts, nts);
}
