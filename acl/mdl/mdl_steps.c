/* Planning a model's steps at load: each step's aclnn stage 1 runs once over aclTensors at the
 * model's device addresses (weights, workspace offsets), and its executor is kept repeatable, so
 * an execution is only the stage-2 launches (mdl_exec.c). The aclnn layer is resolved at run time
 * (libascendcl sits below libopapi; see acl/op/aclnn_bridge.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl_rt.h"
#include "aclemu_runtime.h"
#include "aclemu/drv.h"
#include "aclnn_bridge.h"
#include "mdl_internal.h"

enum { OBJ_TENSOR, OBJ_SCALAR, OBJ_INTS, OBJ_LIST };

typedef struct nn_meta {
    aclTensor *(*tensor)(const int64_t *, uint64_t, aclDataType, const int64_t *, int64_t, aclFormat, const int64_t *,
                         uint64_t, void *);
    aclScalar *(*scalar)(void *, aclDataType);
    aclIntArray *(*ints)(const int64_t *, uint64_t);
    aclTensorList *(*list)(const aclTensor *const *, uint64_t);
    aclnnStatus (*destroy[4])(const void *);
    aclnnStatus (*repeatable)(aclOpExecutor *);
    aclnnStatus (*destroy_ex)(aclOpExecutor *);
} nn_meta;

static int meta_get(nn_meta *nn)
{
    nn->tensor = aclop_nn_sym("aclCreateTensor");
    nn->scalar = aclop_nn_sym("aclCreateScalar");
    nn->ints = aclop_nn_sym("aclCreateIntArray");
    nn->list = aclop_nn_sym("aclCreateTensorList");
    nn->destroy[OBJ_TENSOR] = aclop_nn_sym("aclDestroyTensor");
    nn->destroy[OBJ_SCALAR] = aclop_nn_sym("aclDestroyScalar");
    nn->destroy[OBJ_INTS] = aclop_nn_sym("aclDestroyIntArray");
    nn->destroy[OBJ_LIST] = aclop_nn_sym("aclDestroyTensorList");
    nn->repeatable = aclop_nn_sym("aclSetAclOpExecutorRepeatable");
    nn->destroy_ex = aclop_nn_sym("aclDestroyAclOpExecutor");
    int ok = nn->tensor && nn->scalar && nn->ints && nn->list && nn->repeatable && nn->destroy_ex;
    for (int k = 0; k < 4; k++)
        ok = ok && nn->destroy[k];
    return ok ? ACL_SUCCESS
              : mdl_fail(ACL_ERROR_KERNEL_NOT_FOUND, "models cannot run: the operator library libopapi.so / "
                         "libnnopbase.so cannot be loaded or lacks the aclnn meta API");
}

typedef struct binder {
    mdl_loaded *L;
    mdl_plan *p;
    const mdl_step *s;
    nn_meta *nn;
    int oom;
} binder;

static void *keep(binder *b, void *obj, int kind)
{
    if (obj == NULL || b->p->nobj >= (int)(sizeof(b->p->objs) / sizeof(b->p->objs[0]))) {
        b->oom = 1;
        return obj;
    }
    b->p->objs[b->p->nobj] = obj;
    b->p->kinds[b->p->nobj++] = kind;
    return obj;
}

static void *addr_of(const mdl_loaded *L, const mdl_tensor *t)
{
    return (char *)(t->kind == MDL_T_WEIGHT ? L->weight : L->work) + t->offset;
}

/* aclTensor of model tensor idx (NULL for -1), NCHW when nchw and 4-D, else ND */
static aclTensor *tens(binder *b, int32_t idx, int nchw)
{
    if (idx < 0)
        return NULL;
    const mdl_tensor *t = &b->L->m->tensors[idx];
    int64_t strides[MDL_MAX_DIMS], s = 1;
    for (int d = (int)t->ndims - 1; d >= 0; d--) {
        strides[d] = s;
        s *= t->dims[d] > 0 ? t->dims[d] : 1;
    }
    aclFormat f = nchw && t->ndims == 4 ? ACL_FORMAT_NCHW : ACL_FORMAT_ND;
    aclTensor *x = b->nn->tensor(t->dims, t->ndims, (aclDataType)t->dtype, strides, 0, f, t->dims, t->ndims,
                                 addr_of(b->L, t));
    /* a list owns its tensors: those are kept through the list */
    return x;
}

static aclTensor *kt(binder *b, int32_t idx, int nchw)
{
    aclTensor *x = tens(b, idx, nchw);
    if (idx >= 0)
        keep(b, x, OBJ_TENSOR);
    return x;
}

static aclScalar *kf(binder *b, double v)
{
    float f = (float)v;
    return keep(b, b->nn->scalar(&f, ACL_FLOAT), OBJ_SCALAR);
}

static aclIntArray *ki(binder *b, const int64_t *v, uint64_t n) { return keep(b, b->nn->ints(v, n), OBJ_INTS); }

typedef aclnnStatus (*stage1_fn)();

static int bind_step(binder *b, aclnnStatus *st)
{
    const mdl_step *s = b->s;
    const char *api = mdl_step_api(s->kind);
    char name[96];
    snprintf(name, sizeof(name), "%sGetWorkspaceSize", api);
    void *f = aclop_nn_sym(name);
    b->p->run = aclop_nn_sym(api);
    if (f == NULL || b->p->run == NULL)
        return mdl_fail(ACL_ERROR_KERNEL_NOT_FOUND, "model step %s (%s): the operator library lacks %s", s->node,
                        s->op_type, api);
    uint64_t *ws = &b->p->ws_size;
    aclOpExecutor **ex = &b->p->ex;
    const int64_t *I = s->ints;
    int nchw = s->kind == MDL_K_CONV2D || s->kind == MDL_K_CONV_TRANSPOSE2D || s->kind == MDL_K_MAXPOOL2D ||
               s->kind == MDL_K_AVGPOOL2D || s->kind == MDL_K_FUSED_CONV2D || s->kind == MDL_K_UPSAMPLE_NEAREST2D;
    aclTensor *x = s->kind == MDL_K_CONCAT ? NULL : kt(b, s->in[0], nchw);
    aclTensor *y = kt(b, s->out[0], nchw);
    if (b->oom)
        return mdl_fail(ACL_ERROR_BAD_ALLOC, "model step %s (%s): cannot create its tensors", s->node, s->op_type);
    switch (s->kind) {
    case MDL_K_RELU: case MDL_K_SIGMOID: case MDL_K_TANH: case MDL_K_HARDSWISH: case MDL_K_ERF: case MDL_K_SQRT:
    case MDL_K_EXP: case MDL_K_LOG: case MDL_K_NEG: case MDL_K_ABS: case MDL_K_GELU:
        *st = ((aclnnStatus(*)(const aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **))f)(x, y, ws, ex);
        break;
    case MDL_K_ADD: case MDL_K_SUB: {
        aclTensor *o = kt(b, s->in[1], 0);
        aclScalar *one = kf(b, 1.0);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclTensor *, const aclScalar *, aclTensor *, uint64_t *,
                               aclOpExecutor **))f)(x, o, one, y, ws, ex);
        break;
    }
    case MDL_K_MUL: case MDL_K_DIV: case MDL_K_MAXIMUM: case MDL_K_MINIMUM: case MDL_K_POW: case MDL_K_EQUAL:
    case MDL_K_PRELU: {
        aclTensor *o = kt(b, s->in[1], 0);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **))f)(
            x, o, y, ws, ex);
        break;
    }
    case MDL_K_CLAMP: {
        aclScalar *lo = kf(b, s->flts[0]), *hi = kf(b, s->flts[1]);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclScalar *, const aclScalar *, aclTensor *, uint64_t *,
                               aclOpExecutor **))f)(x, lo, hi, y, ws, ex);
        break;
    }
    case MDL_K_LEAKY_RELU: case MDL_K_MULS: case MDL_K_POW_SCALAR: {
        aclScalar *v = kf(b, s->flts[0]);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclScalar *, aclTensor *, uint64_t *, aclOpExecutor **))f)(
            x, v, y, ws, ex);
        break;
    }
    case MDL_K_ADDS: {
        aclScalar *v = kf(b, s->flts[0]), *one = kf(b, 1.0);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclScalar *, const aclScalar *, aclTensor *, uint64_t *,
                               aclOpExecutor **))f)(x, v, one, y, ws, ex);
        break;
    }
    case MDL_K_CONV2D: case MDL_K_CONV_TRANSPOSE2D: {
        aclTensor *w = kt(b, s->in[1], 1), *bias = kt(b, s->in[2], 0);
        int64_t zero[2] = {0, 0};
        int tr = s->kind == MDL_K_CONV_TRANSPOSE2D;
        aclIntArray *stride = ki(b, &I[0], 2), *pad = ki(b, &I[2], 2), *dil = ki(b, &I[4], 2),
                    *opad = ki(b, tr ? &I[7] : zero, 2);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclTensor *, const aclTensor *, const aclIntArray *,
                               const aclIntArray *, const aclIntArray *, bool, const aclIntArray *, int64_t,
                               aclTensor *, int8_t, uint64_t *, aclOpExecutor **))f)(x, w, bias, stride, pad, dil,
                                                                                     tr, opad, I[6], y, 0, ws, ex);
        break;
    }
    case MDL_K_MATMUL: {
        aclTensor *w = kt(b, s->in[1], 0);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclTensor *, aclTensor *, int8_t, uint64_t *,
                               aclOpExecutor **))f)(x, w, y, 0, ws, ex);
        break;
    }
    case MDL_K_GEMM: {
        aclTensor *w = kt(b, s->in[1], 0), *c = kt(b, s->in[2], 0);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclTensor *, const aclTensor *, float, float, int64_t,
                               int64_t, aclTensor *, int8_t, uint64_t *, aclOpExecutor **))f)(
            x, w, c, (float)s->flts[0], (float)s->flts[1], I[0], I[1], y, 0, ws, ex);
        break;
    }
    case MDL_K_MAXPOOL2D: {
        aclIntArray *k = ki(b, &I[0], 2), *str = ki(b, &I[2], 2), *pads = ki(b, &I[4], 4), *dil = ki(b, &I[8], 2);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclIntArray *, const aclIntArray *, int64_t,
                               const aclIntArray *, const aclIntArray *, int64_t, aclTensor *, uint64_t *,
                               aclOpExecutor **))f)(x, k, str, 0, pads, dil, I[10], y, ws, ex);
        break;
    }
    case MDL_K_AVGPOOL2D: {
        aclIntArray *k = ki(b, &I[0], 2), *str = ki(b, &I[2], 2), *pads = ki(b, &I[4], 2);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclIntArray *, const aclIntArray *, const aclIntArray *,
                               bool, bool, int64_t, int8_t, aclTensor *, uint64_t *, aclOpExecutor **))f)(
            x, k, str, pads, I[6] != 0, I[7] != 0, 0, 0, y, ws, ex);
        break;
    }
    case MDL_K_MEAN: case MDL_K_REDUCE_SUM: {
        aclIntArray *axes = ki(b, &I[1], s->nints - 1);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclIntArray *, bool, aclDataType, aclTensor *, uint64_t *,
                               aclOpExecutor **))f)(x, axes, I[0] != 0, (aclDataType)b->L->m->tensors[s->out[0]].dtype,
                                                    y, ws, ex);
        break;
    }
    case MDL_K_PERMUTE: {
        aclIntArray *perm = ki(b, I, s->nints);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclIntArray *, aclTensor *, uint64_t *, aclOpExecutor **))f)(
            x, perm, y, ws, ex);
        break;
    }
    case MDL_K_SOFTMAX: case MDL_K_LOG_SOFTMAX:
        *st = ((aclnnStatus(*)(const aclTensor *, int64_t, aclTensor *, uint64_t *, aclOpExecutor **))f)(x, I[0], y,
                                                                                                          ws, ex);
        break;
    case MDL_K_GATHER: {
        aclTensor *idx = kt(b, s->in[1], 0);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, int64_t, const aclTensor *, aclTensor *, uint64_t *,
                               aclOpExecutor **))f)(x, I[0], idx, y, ws, ex);
        break;
    }
    case MDL_K_CAST:
        *st = ((aclnnStatus(*)(const aclTensor *, aclDataType, aclTensor *, uint64_t *, aclOpExecutor **))f)(
            x, (aclDataType)I[0], y, ws, ex);
        break;
    case MDL_K_CONCAT: {
        const aclTensor *parts[MDL_MAX_STEP_IN];
        for (uint32_t k = 0; k < s->nin; k++)
            if ((parts[k] = tens(b, s->in[k], 0)) == NULL)
                b->oom = 1;
        aclTensorList *list = b->oom ? NULL : keep(b, b->nn->list(parts, s->nin), OBJ_LIST);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensorList *, int64_t, aclTensor *, uint64_t *, aclOpExecutor **))f)(
            list, I[0], y, ws, ex);
        break;
    }
    case MDL_K_AMAX: {
        aclIntArray *axes = ki(b, &I[1], s->nints - 1);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclIntArray *, bool, aclTensor *, uint64_t *,
                               aclOpExecutor **))f)(x, axes, I[0] != 0, y, ws, ex);
        break;
    }
    case MDL_K_LAYER_NORM: {
        aclTensor *w = kt(b, s->in[1], 0), *bias = kt(b, s->in[2], 0);
        aclIntArray *shape = ki(b, I, s->nints);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclIntArray *, const aclTensor *, const aclTensor *, double,
                               aclTensor *, aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **))f)(
            x, shape, w, bias, s->flts[0], y, NULL, NULL, ws, ex);
        break;
    }
    case MDL_K_SLICE:
        *st = ((aclnnStatus(*)(const aclTensor *, int64_t, int64_t, int64_t, int64_t, aclTensor *, uint64_t *,
                               aclOpExecutor **))f)(x, I[0], I[1], I[2], I[3], y, ws, ex);
        break;
    case MDL_K_EXPAND: {
        aclIntArray *size = ki(b, I, s->nints);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclIntArray *, aclTensor *, uint64_t *, aclOpExecutor **))f)(
            x, size, y, ws, ex);
        break;
    }
    case MDL_K_WHERE: {
        aclTensor *a = kt(b, s->in[1], 0), *c = kt(b, s->in[2], 0);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclTensor *, const aclTensor *, aclTensor *, uint64_t *,
                               aclOpExecutor **))f)(x, a, c, y, ws, ex);
        break;
    }
    case MDL_K_PAD: {
        aclIntArray *pads = ki(b, I, s->nints);
        aclScalar *v = kf(b, s->flts[0]);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclIntArray *, const aclScalar *, aclTensor *, uint64_t *,
                               aclOpExecutor **))f)(x, pads, v, y, ws, ex);
        break;
    }
    case MDL_K_TOPK: {
        aclTensor *idx = s->nout > 1 ? kt(b, s->out[1], 0) : NULL;
        if (b->oom || idx == NULL) {
            b->oom = 1;
            break;
        }
        *st = ((aclnnStatus(*)(const aclTensor *, int64_t, int64_t, bool, bool, aclTensor *, aclTensor *, uint64_t *,
                               aclOpExecutor **))f)(x, I[0], I[1], I[2] != 0, I[3] != 0, y, idx, ws, ex);
        break;
    }
    /* ---- issue 11 model fusion (mfuse): the graph compiler's fused kernels ---- */
    case MDL_K_FUSED_CONV2D: {
        aclTensor *w = kt(b, s->in[1], 1), *bias = kt(b, s->in[2], 0), *res = kt(b, s->in[3], 1);
        aclIntArray *stride = ki(b, &I[0], 2), *pad = ki(b, &I[2], 2), *dil = ki(b, &I[4], 2);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclTensor *, const aclTensor *, const aclTensor *,
                               const aclIntArray *, const aclIntArray *, const aclIntArray *, int64_t, int64_t, double,
                               double, int8_t, aclTensor *, uint64_t *, aclOpExecutor **))f)(
            x, w, bias, res, stride, pad, dil, I[6], I[7], s->flts[0], s->flts[1], 0, y, ws, ex);
        break;
    }
    case MDL_K_FUSED_MATMUL: {
        aclTensor *w = kt(b, s->in[1], 0), *bias = kt(b, s->in[2], 0), *res = kt(b, s->in[3], 0);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclTensor *, const aclTensor *, const aclTensor *, int64_t,
                               double, int64_t, double, double, int8_t, aclTensor *, uint64_t *, aclOpExecutor **))f)(
            x, w, bias, res, I[0], s->flts[0], I[1], s->flts[1], s->flts[2], 0, y, ws, ex);
        break;
    }
    case MDL_K_ADD_LAYER_NORM: {
        aclTensor *x2 = kt(b, s->in[1], 0), *gamma = kt(b, s->in[2], 0), *beta = kt(b, s->in[3], 0);
        aclTensor *mean = kt(b, s->out[1], 0), *rstd = kt(b, s->out[2], 0), *xo = kt(b, s->out[3], 0);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclTensor *, const aclTensor *, const aclTensor *,
                               const aclTensor *, double, bool, const aclTensor *, const aclTensor *,
                               const aclTensor *, const aclTensor *, uint64_t *, aclOpExecutor **))f)(
            x, x2, gamma, beta, NULL, s->flts[0], I[0] != 0, y, mean, rstd, xo, ws, ex);
        break;
    }
    case MDL_K_UPSAMPLE_NEAREST2D: {
        aclIntArray *size = ki(b, I, 2);
        if (b->oom)
            break;
        *st = ((aclnnStatus(*)(const aclTensor *, const aclIntArray *, aclTensor *, uint64_t *, aclOpExecutor **))f)(
            x, size, y, ws, ex);
        break;
    }
    default:
        return mdl_fail(ACL_ERROR_PARSE_MODEL, "model step %s (%s): step kind %u cannot be planned", s->node,
                        s->op_type, s->kind);
    }
    if (b->oom)
        return mdl_fail(ACL_ERROR_BAD_ALLOC, "model step %s (%s): cannot create its aclnn objects", s->node,
                        s->op_type);
    return ACL_SUCCESS;
}

int mdl_plan_steps(mdl_loaded *L)
{
    const mdl_model *m = L->m;
    L->plans = calloc(m->nsteps + 1, sizeof(mdl_plan));
    if (L->plans == NULL)
        return mdl_fail(ACL_ERROR_BAD_ALLOC, "out of memory planning a model");
    L->nplans = m->nsteps;
    nn_meta nn;
    int rc = m->nsteps ? meta_get(&nn) : ACL_SUCCESS;
    if (rc != ACL_SUCCESS)
        return rc;
    uint64_t scratch = 0;
    for (uint32_t i = 0; i < m->nsteps; i++) {
        const mdl_step *s = &m->steps[i];
        mdl_plan *p = &L->plans[i];
        if (s->kind == MDL_K_COPY) {
            const mdl_tensor *a = &m->tensors[s->in[0]], *o = &m->tensors[s->out[0]];
            p->copy_src = addr_of(L, a);
            p->copy_dst = addr_of(L, o);
            p->copy_bytes = (size_t)(a->bytes < o->bytes ? a->bytes : o->bytes);
            continue;
        }
        binder b = {L, p, s, &nn, 0};
        aclnnStatus st = 0;
        rc = bind_step(&b, &st);
        if (rc != ACL_SUCCESS)
            return rc;
        if (st != 0 || p->ex == NULL) {
            const char *why = aclGetRecentErrMsg();
            return mdl_fail(ACL_ERROR_PARSE_MODEL, "model step %u, node %s (%s): %sGetWorkspaceSize returned %d%s%s", i,
                            s->node, s->op_type, mdl_step_api(s->kind), (int)st, why && *why ? ": " : "",
                            why ? why : "");
        }
        if (nn.repeatable(p->ex) != 0)
            return mdl_fail(ACL_ERROR_FAILURE, "model step %s: the executor cannot be made repeatable", s->node);
        if (p->ws_size > scratch)
            scratch = p->ws_size;
    }
    if (scratch) {
        rc = aclrtMalloc(&L->scratch, (size_t)scratch, ACL_MEM_MALLOC_HUGE_FIRST);
        if (rc != ACL_SUCCESS) {
            L->scratch = NULL;
            return rc;
        }
        L->scratch_size = (size_t)scratch;
    }
    return ACL_SUCCESS;
}

void mdl_prepack(mdl_loaded *L)
{
    typedef uint64_t (*prepack_fn)(void *, uint64_t, uint64_t, const void *, void *, uint64_t, uint64_t);
    prepack_fn f = L->nplans ? (prepack_fn)aclop_nn_sym("aclemuPrepackWeights") : NULL;
    /* the memory checker checks each launch against the ranges its executor declared */
    if (f == NULL || drv_memcheck_enabled() || L->weight == NULL || L->weight_size == 0)
        return;
    uint64_t lo = (uint64_t)(uintptr_t)L->weight, len = L->weight_size, need = 0;
    const void *wh = aclemu_host_view(L->weight, (size_t)len);
    if (wh == NULL)
        return;
    for (uint32_t i = 0; i < L->nplans; i++)
        if (L->plans[i].ex)
            need += f(L->plans[i].ex, lo, len, wh, NULL, 0, 0);
    void *dev = NULL, *host = NULL;
    if (need == 0 || aclrtMalloc(&dev, (size_t)need, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS)
        return;
    if ((host = aclemu_host_view(dev, (size_t)need)) == NULL) {
        aclrtFree(dev);
        return;
    }
    uint64_t used = 0;
    for (uint32_t i = 0; i < L->nplans && used < need; i++)
        if (L->plans[i].ex)
            used += f(L->plans[i].ex, lo, len, wh, (char *)host + used, (uint64_t)(uintptr_t)dev + used, need - used);
    L->prepack = dev;
    L->prepack_size = (size_t)need;
}

void mdl_free_plans(mdl_loaded *L)
{
    if (L->plans == NULL)
        return;
    int used = 0;
    for (uint32_t i = 0; i < L->nplans; i++)
        used |= L->plans[i].ex != NULL || L->plans[i].nobj > 0;
    nn_meta nn;
    int have = used && meta_get(&nn) == ACL_SUCCESS;
    for (uint32_t i = 0; have && i < L->nplans; i++) {
        mdl_plan *p = &L->plans[i];
        if (p->ex)
            nn.destroy_ex(p->ex);
        for (int k = 0; k < p->nobj; k++)
            nn.destroy[p->kinds[k]](p->objs[k]);
    }
    free(L->plans);
    L->plans = NULL;
}
