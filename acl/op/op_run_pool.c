/* Adapters of the pooling op types: MaxPool / MaxPoolV3 on aclnnMaxPool, AvgPool / AvgPoolV2 on
 * aclnnAvgPool2d. NHWC data is presented as a strided NCHW view; TensorFlow "SAME" padding
 * becomes explicit pads (the extra row / column at the bottom / right). */
#include <string.h>

#include "op_run.h"

typedef aclnnStatus (*fn_max_pool)(const aclTensor *, const aclIntArray *, const aclIntArray *, int64_t,
                                   const aclIntArray *, const aclIntArray *, int64_t, aclTensor *, uint64_t *,
                                   aclOpExecutor **);
typedef aclnnStatus (*fn_avg_pool)(const aclTensor *, const aclIntArray *, const aclIntArray *, const aclIntArray *,
                                   bool, bool, int64_t, int8_t, aclTensor *, uint64_t *, aclOpExecutor **);

typedef struct pool_plan {
    int pos[4];
    int64_t k[2], s[2];
    int64_t pad[4]; /* top, bottom, left, right */
    bool ceil_mode;
} pool_plan;

static int plan_of(aclop_call *c, pool_plan *p)
{
    const aclTensorDesc *x = c->in[0];
    int rc = aclop_layout_of(c, x->format, &p->pos[0], &p->pos[1], &p->pos[2], &p->pos[3]);
    if (rc)
        return rc;
    const int64_t *ks, *st;
    aclop_attr_ints(c->attr, "ksize", &ks);
    aclop_attr_ints(c->attr, "strides", &st);
    const char *mode = aclop_attr_string(c->attr, "padding", NULL);
    if (mode == NULL)
        mode = aclop_attr_string(c->attr, "padding_mode", "CALCULATED");
    bool global = aclop_attr_bool(c->attr, "global_pooling", false);
    p->ceil_mode = aclop_attr_bool(c->attr, "ceil_mode", false);
    memset(p->pad, 0, sizeof(p->pad));
    for (int i = 0; i < 2; i++) {
        int d = p->pos[2 + i];
        int64_t in = x->dims[d], out = c->inferred[0].dims[d];
        p->k[i] = global ? in : ks[d];
        p->s[i] = global ? 1 : st[d];
        if (global)
            continue;
        if (strcmp(mode, "SAME") == 0) {
            int64_t total = (out - 1) * p->s[i] + p->k[i] - in;
            total = total > 0 ? total : 0;
            p->pad[2 * i] = total / 2;
            p->pad[2 * i + 1] = total - total / 2;
        } else if (strcmp(mode, "CALCULATED") == 0) {
            const int64_t *pd;
            aclop_attr_ints(c->attr, "pads", &pd);
            p->pad[2 * i] = pd[2 * i];
            p->pad[2 * i + 1] = pd[2 * i + 1];
        }
    }
    if (global)
        p->ceil_mode = false;
    return ACL_SUCCESS;
}

int aclop_run_max_pool(aclop_call *c)
{
    pool_plan p;
    int rc = plan_of(c, &p);
    if (rc)
        return rc;
    aclop_run r;
    if ((rc = run_begin(&r, c)))
        return run_end(&r, rc);
    const aclTensorDesc *x = c->in[0];
    aclTensor *xt = run_nchw(&r, x->dtype, x->dims, p.pos, c->in_addr[0]);
    aclTensor *yt = run_nchw(&r, c->inferred[0].dtype, c->inferred[0].dims, p.pos, c->out_addr[0]);
    int64_t pads[4] = {p.pad[0], p.pad[2], p.pad[1], p.pad[3]}, one[2] = {1, 1};
    rc = RUN_NN(&r, "aclnnMaxPool", fn_max_pool, xt, run_ints(&r, p.k, 2), run_ints(&r, p.s, 2), 0,
                run_ints(&r, pads, 4), run_ints(&r, one, 2), p.ceil_mode ? 1 : 0, yt);
    return run_end(&r, rc);
}

/* AvgPool averages over the window's elements inside the input ("SAME" windows at the border
 * are smaller); AvgPoolV2 does so when exclusive, else divides by the whole window. aclnnAvgPool2d
 * pads symmetrically: an extra bottom / right padding row (SAME with an odd total) is reached by
 * its ceil mode, whose last window may run past the padding. */
int aclop_run_avg_pool(aclop_call *c)
{
    pool_plan p;
    int rc = plan_of(c, &p);
    if (rc)
        return rc;
    bool exclusive = aclop_attr_bool(c->attr, "exclusive", true);
    int64_t pads[2];
    bool ceil_mode = p.ceil_mode;
    for (int i = 0; i < 2; i++) {
        int64_t lo = p.pad[2 * i], hi = p.pad[2 * i + 1];
        pads[i] = lo;
        if (hi == lo)
            continue;
        if (hi == lo + 1 && !p.ceil_mode && exclusive) {
            ceil_mode = true;
            continue;
        }
        return aclop_fail(c, ACL_ERROR_OP_ATTR_NOT_MATCH,
                          "op %s: asymmetric pads (%lld before, %lld after along %s) are not supported%s",
                          c->spec->type, (long long)lo, (long long)hi, i ? "W" : "H",
                          exclusive ? "" : " with exclusive=false");
    }
    /* both dims must agree on ceil mode: a dim with symmetric pads under ceil mode must not gain
     * a window */
    if (ceil_mode != p.ceil_mode) {
        const aclTensorDesc *x = c->in[0];
        for (int i = 0; i < 2; i++) {
            int64_t in = x->dims[p.pos[2 + i]], out = c->inferred[0].dims[p.pos[2 + i]];
            int64_t span = in + 2 * pads[i] - p.k[i];
            int64_t ceil_out = (span + p.s[i] - 1) / p.s[i] + 1;
            if ((ceil_out - 1) * p.s[i] >= in + pads[i])
                ceil_out--;
            if (ceil_out != out)
                return aclop_fail(c, ACL_ERROR_OP_ATTR_NOT_MATCH,
                                  "op %s: this combination of SAME padding, kernel and strides is not supported",
                                  c->spec->type);
        }
    }
    aclop_run r;
    if ((rc = run_begin(&r, c)))
        return run_end(&r, rc);
    const aclTensorDesc *x = c->in[0];
    aclTensor *xt = run_nchw(&r, x->dtype, x->dims, p.pos, c->in_addr[0]);
    aclTensor *yt = run_nchw(&r, c->inferred[0].dtype, c->inferred[0].dims, p.pos, c->out_addr[0]);
    rc = RUN_NN(&r, "aclnnAvgPool2d", fn_avg_pool, xt, run_ints(&r, p.k, 2), run_ints(&r, p.s, 2),
                run_ints(&r, pads, 2), ceil_mode, !exclusive, 0, (int8_t)1, yt);
    return run_end(&r, rc);
}
