/* Adapters of the normalisation op types: LayerNorm on aclnnLayerNorm (its rstd output turned
 * into the variance the op type reports), BNInference and BatchNorm on aclnnBatchNorm. NHWC /
 * NDHWC inputs are presented as channel-first strided views. */
#include <string.h>

#include "acl/acl_rt.h"
#include "op_run.h"

typedef aclnnStatus (*fn_layer_norm)(const aclTensor *, const aclIntArray *, const aclTensor *, const aclTensor *,
                                     double, aclTensor *, aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*fn_batch_norm)(const aclTensor *, const aclTensor *, const aclTensor *, aclTensor *, aclTensor *,
                                     bool, double, double, aclTensor *, aclTensor *, aclTensor *, uint64_t *,
                                     aclOpExecutor **);
typedef aclnnStatus (*fn_t_s)(aclTensor *, const aclScalar *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*fn_t_s_s)(aclTensor *, const aclScalar *, const aclScalar *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*fn_t_dt_t)(const aclTensor *, aclDataType, aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*fn_t_t)(aclTensor *, const aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*fn_t)(aclTensor *, uint64_t *, aclOpExecutor **);
typedef aclnnStatus (*fn_t_t_t)(const aclTensor *, const aclTensor *, aclTensor *, uint64_t *, aclOpExecutor **);

static size_t numel(const int64_t *dims, size_t n)
{
    size_t k = 1;
    for (size_t i = 0; i < n; i++)
        k *= (size_t)dims[i];
    return k;
}

/* v = rstd^-2 - eps in place (v holds 1 / sqrt(var + eps)): the variance. */
static int rstd_to_var(aclop_run *r, aclTensor *v, double eps)
{
    int rc = RUN_NN(r, "aclnnInplacePowTensorScalar", fn_t_s, v, run_scalar_f64(r, -2.0));
    if (rc == ACL_SUCCESS)
        rc = RUN_NN(r, "aclnnInplaceSubs", fn_t_s_s, v, run_scalar_f64(r, eps), run_scalar_f64(r, 1.0));
    return rc;
}

int aclop_run_layer_norm(aclop_call *c)
{
    const aclTensorDesc *x = c->in[0], *g = c->in[1], *b = c->in[2];
    int64_t nd = (int64_t)x->ndims, axis = aclop_attr_int(c->attr, "begin_norm_axis", 0),
            paxis = aclop_attr_int(c->attr, "begin_params_axis", 0);
    double eps = aclop_attr_float(c->attr, "epsilon", 1e-7f);
    if (axis < 0)
        axis += nd;
    if (paxis < 0)
        paxis += nd;
    if (paxis < axis || paxis >= (nd ? nd : 1))
        return aclop_fail(c, ACL_ERROR_OP_ATTR_NOT_MATCH,
                          "op LayerNorm: begin_params_axis %lld must lie in [begin_norm_axis %lld, rank %lld)",
                          (long long)paxis, (long long)axis, (long long)nd);
    /* gamma / beta cover x.dims[begin_params_axis:]; broadcast them over the normalised dims */
    const int64_t *ns = x->dims + axis;
    size_t nns = (size_t)(nd - axis);
    for (int k = 1; k <= 2; k++) {
        const aclTensorDesc *p = c->in[k];
        if (p->ndims != (size_t)(nd - paxis) || memcmp(p->dims, x->dims + paxis, p->ndims * sizeof(int64_t))) {
            char s1[128], s2[128];
            return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH, "input %d (%s) of op LayerNorm has shape %s, expected %s "
                              "(x dims from begin_params_axis %lld)", k, aclop_spec_input_name(c->spec, k),
                              aclop_dims_str(p->dims, p->ndims, s1, sizeof(s1)),
                              aclop_dims_str(x->dims + paxis, (size_t)(nd - paxis), s2, sizeof(s2)), (long long)paxis);
        }
    }
    int64_t pst[ACLOP_MAX_DIMS], s = 1;
    for (size_t i = nns; i-- > 0;) {
        bool covered = (int64_t)i >= paxis - axis;
        pst[i] = covered ? s : 0;
        if (covered)
            s *= ns[i];
    }
    aclop_run r;
    int rc = run_begin(&r, c);
    if (rc)
        return run_end(&r, rc);
    const aclop_tinfo *st = &c->inferred[1];
    aclTensor *xt = run_view(&r, x->dtype, ACL_FORMAT_ND, x->ndims, x->dims, NULL, 0, c->in_addr[0]);
    aclTensor *gt = run_view(&r, g->dtype, ACL_FORMAT_ND, nns, ns, pst, 0, c->in_addr[1]);
    aclTensor *bt = run_view(&r, b->dtype, ACL_FORMAT_ND, nns, ns, pst, 0, c->in_addr[2]);
    aclTensor *yt = run_view(&r, x->dtype, ACL_FORMAT_ND, x->ndims, x->dims, NULL, 0, c->out_addr[0]);
    aclTensor *mt = run_view(&r, st->dtype, ACL_FORMAT_ND, st->ndims, st->dims, NULL, 0, c->out_addr[1]);
    /* rstd in FLOAT (scratch unless the variance output is FLOAT itself) */
    bool direct = c->inferred[2].dtype == ACL_FLOAT;
    void *rbuf = direct ? c->out_addr[2] : run_scratch(&r, numel(st->dims, st->ndims) * sizeof(float));
    aclTensor *rt = run_view(&r, ACL_FLOAT, ACL_FORMAT_ND, st->ndims, st->dims, NULL, 0, rbuf);
    rc = RUN_NN(&r, "aclnnLayerNorm", fn_layer_norm, xt, run_ints(&r, ns, nns), gt, bt, eps, yt, mt, rt);
    if (rc == ACL_SUCCESS)
        rc = rstd_to_var(&r, rt, eps);
    if (rc == ACL_SUCCESS && !direct) {
        aclTensor *vt = run_view(&r, c->inferred[2].dtype, ACL_FORMAT_ND, st->ndims, st->dims, NULL, 0, c->out_addr[2]);
        rc = RUN_NN(&r, "aclnnCast", fn_t_dt_t, rt, c->inferred[2].dtype, vt);
    }
    return run_end(&r, rc);
}

/* x as a channel-first tensor: NHWC / NDHWC (by format, or by data_format for ND inputs) as a
 * strided NCHW / NCDHW view; other layouts as they are. */
static aclTensor *channel_first(aclop_run *r, const aclTensorDesc *x, void *addr, aclDataType dt)
{
    aclop_call *c = r->c;
    size_t nd = x->ndims;
    bool last = x->format == ACL_FORMAT_NHWC || x->format == ACL_FORMAT_NDHWC;
    if (x->format != ACL_FORMAT_NCHW && x->format != ACL_FORMAT_NCDHW && !last) {
        const char *df = aclop_attr_string(c->attr, "data_format", NULL);
        last = df && (strcmp(df, "NHWC") == 0 || strcmp(df, "NDHWC") == 0);
    }
    int64_t st[ACLOP_MAX_DIMS], s = 1;
    for (size_t i = nd; i-- > 0;) {
        st[i] = s;
        s *= x->dims[i];
    }
    aclFormat f = nd == 4 ? ACL_FORMAT_NCHW : (nd == 5 ? ACL_FORMAT_NCDHW : ACL_FORMAT_ND);
    if (!last || nd < 3)
        return run_view(r, dt, f, nd, x->dims, NULL, 0, addr);
    int64_t vd[ACLOP_MAX_DIMS], vs[ACLOP_MAX_DIMS];
    vd[0] = x->dims[0], vs[0] = st[0];
    vd[1] = x->dims[nd - 1], vs[1] = st[nd - 1];
    for (size_t i = 2; i < nd; i++)
        vd[i] = x->dims[i - 1], vs[i] = st[i - 1];
    return run_view(r, dt, f, nd, vd, vs, 0, addr);
}

/* BNInference (Caffe BatchNorm): y = (x - mean / s) / sqrt(variance / s + epsilon), s the
 * optional scale factor input "momentum"; the scale / offset inputs are not used by the op. */
int aclop_run_bn_inference(aclop_call *c)
{
    const aclTensorDesc *x = c->in[0], *m = c->in[1], *v = c->in[2], *mom = c->in[3];
    double eps = aclop_attr_float(c->attr, "epsilon", 1e-5f);
    aclop_run r;
    int rc = run_begin(&r, c);
    if (rc)
        return run_end(&r, rc);
    aclTensor *xt = channel_first(&r, x, c->in_addr[0], x->dtype);
    aclTensor *yt = channel_first(&r, x, c->out_addr[0], x->dtype);
    aclTensor *mt = run_input(&r, 1), *vt = run_input(&r, 2);
    if (mom) {
        aclTensor *st = run_input(&r, 3);
        void *mb = run_scratch(&r, numel(m->dims, m->ndims) * sizeof(float));
        void *vb = run_scratch(&r, numel(v->dims, v->ndims) * sizeof(float));
        aclTensor *ms = run_view(&r, ACL_FLOAT, ACL_FORMAT_ND, m->ndims, m->dims, NULL, 0, mb);
        aclTensor *vs = run_view(&r, ACL_FLOAT, ACL_FORMAT_ND, v->ndims, v->dims, NULL, 0, vb);
        rc = RUN_NN(&r, "aclnnDiv", fn_t_t_t, mt, st, ms);
        if (rc == ACL_SUCCESS)
            rc = RUN_NN(&r, "aclnnDiv", fn_t_t_t, vt, st, vs);
        mt = ms, vt = vs;
    }
    if (rc == ACL_SUCCESS)
        rc = RUN_NN(&r, "aclnnBatchNorm", fn_batch_norm, xt, NULL, NULL, mt, vt, false, 0.0, eps, yt, NULL, NULL);
    return run_end(&r, rc);
}

static bool soc_is_950(void)
{
    const char *s = aclrtGetSocName();
    return s && strstr(s, "950") != NULL;
}

/* BatchNorm (TensorFlow FusedBatchNorm). Training: y from the batch statistics; batch_mean /
 * batch_variance are the batch mean and the unbiased batch variance, reserve_space_1 / _2 the
 * mean and the biased variance. Inference: y from the mean / variance inputs, which the
 * statistics outputs repeat. */
int aclop_run_batch_norm(aclop_call *c)
{
    const aclTensorDesc *x = c->in[0];
    double eps = aclop_attr_float(c->attr, "epsilon", 1e-4f);
    bool training = aclop_attr_bool(c->attr, "is_training", true);
    if (!training && (c->in[3] == NULL || c->in[4] == NULL))
        return aclop_fail(c, ACL_ERROR_OP_INPUT_NOT_MATCH,
                          "op BatchNorm with is_training=false needs the mean and variance inputs");
    aclop_run r;
    int rc = run_begin(&r, c);
    if (rc)
        return run_end(&r, rc);
    aclTensor *xt = channel_first(&r, x, c->in_addr[0], x->dtype);
    aclTensor *yt = channel_first(&r, x, c->out_addr[0], x->dtype);
    aclTensor *sc = run_input(&r, 1), *of = run_input(&r, 2);
    aclTensor *o[5];
    for (int k = 1; k < 5; k++)
        o[k] = run_output(&r, k);
    if (training) {
        /* running stats start at 0 with momentum 1: they become the batch statistics */
        rc = RUN_NN(&r, "aclnnInplaceZero", fn_t, o[1]);
        if (rc == ACL_SUCCESS)
            rc = RUN_NN(&r, "aclnnInplaceZero", fn_t, o[2]);
        if (rc == ACL_SUCCESS)
            rc = RUN_NN(&r, "aclnnBatchNorm", fn_batch_norm, xt, sc, of, o[1], o[2], true, 1.0, eps, yt, o[3], o[4]);
        if (rc == ACL_SUCCESS && soc_is_950()) /* saveInvstd is 1/sqrt(var + eps) there */
            rc = rstd_to_var(&r, o[4], eps);
    } else {
        aclTensor *mt = run_input(&r, 3), *vt = run_input(&r, 4);
        rc = RUN_NN(&r, "aclnnBatchNorm", fn_batch_norm, xt, sc, of, mt, vt, false, 0.0, eps, yt, NULL, NULL);
        for (int k = 1; k < 5 && rc == ACL_SUCCESS; k++)
            rc = RUN_NN(&r, "aclnnInplaceCopy", fn_t_t, o[k], k % 2 ? mt : vt);
    }
    return run_end(&r, rc);
}
