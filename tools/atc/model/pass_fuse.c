/* Fusion passes of atc's graph compiler (what GE's graph and UB fusion do on a card): patterns of
 * the optimised graph are rewritten into nodes that lower onto ONE fused kernel each
 * (ops_nn/graph_fused: the GEMM engine's epilogue applies bias, residual and activation before its
 * single rounding), or onto a fused aclnn operator (aclnnAddLayerNorm, aclnnLayerNorm).
 *
 * A fused node takes the place of the LAST node of its pattern (the graph stays topologically
 * ordered: every input of the pattern, e.g. the shortcut of a residual block computed after the
 * block's last Conv, is ready there); the other nodes of the pattern become dead. Intermediate
 * tensors of a pattern must have exactly one reader and must not be graph outputs.
 *
 * Internal op types (lower.c lowers them):
 *   _FusedConv     in x, w, [b], [residual]; Conv's attributes + fused_act, fused_p0, fused_p1
 *   _FusedMatMul   in a, b, [bias], [residual]; transB, alpha, fused_act, fused_p0, fused_p1
 *   _AddLayerNorm  in x1, x2, gamma, beta; epsilon, axis; out y, x (= x1 + x2)
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fusion.h"
#include "passes.h"

/* gemm_act numbers (ops_nn/gemm/gemm.h) */
enum { ACT_NONE = 0, ACT_RELU = 1, ACT_GELU_ERF = 3, ACT_CLIP = 4, ACT_LEAKY = 5, ACT_HARDSWISH = 6 };

static const struct { const char *name; int ub; } pass_table[FUSE_NPASSES] = {
    [FUSE_TRANSPOSE] = {"TransposeTransposeFusionPass", 0},
    [FUSE_GELU] = {"GeluFusionPass", 0},
    [FUSE_LAYERNORM] = {"LayerNormFusionPass", 0},
    [FUSE_MATMUL_BIAS] = {"MatMulBiasAddFusionPass", 0},
    [FUSE_MATMUL_SCALE] = {"BatchMatMulScaleFusionPass", 0},
    [FUSE_MATMUL_ACT] = {"TbeMatmulElemwiseFusionPass", 1},
    [FUSE_CONV_ADD] = {"TbeConvAddReluFusionPass", 1},
    [FUSE_CONV_ACT] = {"TbeConvElemwiseFusionPass", 1},
    [FUSE_ADD_LAYERNORM] = {"AddLayerNormFusionPass", 0},
    [FUSE_CONV_BN] = {"ConvBatchnormFusionPass", 0},
};

const char *fuse_pass_name(int p) { return p >= 0 && p < FUSE_NPASSES ? pass_table[p].name : NULL; }
int fuse_pass_is_ub(int p) { return p >= 0 && p < FUSE_NPASSES && pass_table[p].ub; }

static int is(const g_node *n, const char *op) { return strcmp(n->op, op) == 0; }

static int is_float(const g_tensor *t) { return t->dtype == 0 || t->dtype == 1; }

/* the one live node reading ti when ti has exactly one reader and is no graph output, else -1 */
static int sole_reader(const graph *g, int ti)
{
    if (ti < 0 || g->t[ti].is_output || g_consumers(g, ti) != 1)
        return -1;
    for (int i = 0; i < g->nn; i++) {
        const g_node *n = &g->n[i];
        if (n->dead)
            continue;
        for (int k = 0; k < n->nin; k++)
            if (n->in[k] == ti)
                return i;
    }
    return -1;
}

/* live producer node of a runtime tensor, -1 if none */
static int producer(const graph *g, int ti)
{
    if (ti < 0 || g->t[ti].data)
        return -1;
    int p = g->t[ti].producer;
    return p >= 0 && !g->n[p].dead ? p : -1;
}

static int const_scalar(const graph *g, int ti, double *v)
{
    if (ti < 0 || g->t[ti].data == NULL || g_numel(&g->t[ti]) != 1)
        return 0;
    *v = g_const_f64_at(&g->t[ti], 0);
    return 1;
}

static int same_shape(const g_tensor *a, const g_tensor *b)
{
    if (a->rank != b->rank || a->rank < 0)
        return 0;
    for (int d = 0; d < a->rank; d++)
        if (a->dims[d] != b->dims[d])
            return 0;
    return 1;
}

static g_attr *attr_slot(g_node *n, const char *name)
{
    for (int k = 0; k < n->nattr; k++)
        if (strcmp(n->attr[k].name, name) == 0)
            return &n->attr[k];
    g_attr *a = realloc(n->attr, (size_t)(n->nattr + 1) * sizeof(g_attr));
    if (a == NULL)
        return NULL;
    n->attr = a;
    g_attr *s = &a[n->nattr];
    memset(s, 0, sizeof(*s));
    s->tensor = -1;
    if ((s->name = strdup(name)) == NULL)
        return NULL;
    n->nattr++;
    return s;
}

static int set_int(g_node *n, const char *name, int64_t v)
{
    g_attr *a = attr_slot(n, name);
    if (a == NULL)
        return -1;
    a->type = G_ATTR_INT;
    a->i = v;
    return 0;
}

static int set_float(g_node *n, const char *name, double v)
{
    g_attr *a = attr_slot(n, name);
    if (a == NULL)
        return -1;
    a->type = G_ATTR_FLOAT;
    a->f = (float)v;
    return 0;
}

static int set_op(g_node *n, const char *op)
{
    char *s = strdup(op);
    if (s == NULL)
        return -1;
    free(n->op);
    n->op = s;
    return 0;
}

static int set_inputs(g_node *n, const int *in, int nin)
{
    int *p = malloc(sizeof(int) * (size_t)(nin > 0 ? nin : 1));
    if (p == NULL)
        return -1;
    if (nin > 0)
        memcpy(p, in, sizeof(int) * (size_t)nin);
    free(n->in);
    n->in = p;
    n->nin = nin;
    return 0;
}

static void free_attrs(g_node *n)
{
    for (int k = 0; k < n->nattr; k++) {
        free(n->attr[k].name);
        free(n->attr[k].s);
        free(n->attr[k].floats);
        free(n->attr[k].ints);
    }
    free(n->attr);
    n->attr = NULL;
    n->nattr = 0;
}

/* Node ci becomes node pi's computation (op, attributes, inputs in[0..nin)); pi dies. */
static int take_over(graph *g, int pi, int ci, const char *op, const int *in, int nin)
{
    g_node *p = &g->n[pi], *c = &g->n[ci];
    if (set_op(c, op) || set_inputs(c, in, nin))
        return -1;
    free_attrs(c);
    c->attr = p->attr;
    c->nattr = p->nattr;
    p->attr = NULL;
    p->nattr = 0;
    p->dead = true;
    return 0;
}

/* ---- activations an epilogue can apply ---- */
static int act_of(const graph *g, const g_node *n, int *act, double *p0, double *p1)
{
    *p0 = *p1 = 0;
    if (is(n, "Relu")) {
        *act = ACT_RELU;
        return 1;
    }
    if (is(n, "LeakyRelu")) {
        *act = ACT_LEAKY;
        *p0 = g_attr_float(n, "alpha", 0.01f);
        return 1;
    }
    if (is(n, "HardSwish")) {
        *act = ACT_HARDSWISH;
        return 1;
    }
    if (is(n, "Gelu") && g_attr_get(n, "approximate") == NULL) {
        *act = ACT_GELU_ERF;
        return 1;
    }
    if (is(n, "Clip")) { /* Relu6 and other bounds */
        double lo = -INFINITY, hi = INFINITY;
        if (g->opset < 11) {
            lo = g_attr_float(n, "min", -INFINITY);
            hi = g_attr_float(n, "max", INFINITY);
        } else {
            if (n->nin > 1 && n->in[1] >= 0 && !const_scalar(g, n->in[1], &lo))
                return 0;
            if (n->nin > 2 && n->in[2] >= 0 && !const_scalar(g, n->in[2], &hi))
                return 0;
        }
        *act = ACT_CLIP;
        *p0 = lo;
        *p1 = hi;
        return 1;
    }
    return 0;
}

/* the fused node (pi) absorbs the activation that solely reads its output */
static int absorb_act(graph *g, int pi, int *hit)
{
    *hit = 0;
    g_node *p = &g->n[pi];
    if (g_attr_int(p, "fused_act", ACT_NONE) != ACT_NONE)
        return 0;
    int ci = sole_reader(g, p->out[0]);
    int act;
    double p0, p1;
    if (ci < 0 || !act_of(g, &g->n[ci], &act, &p0, &p1) || g->n[ci].in[0] != p->out[0])
        return 0;
    int in[4];
    int nin = p->nin;
    if (nin > 0)
        memcpy(in, p->in, sizeof(int) * (size_t)nin);
    if (take_over(g, pi, ci, p->op, in, nin))
        return -1;
    g_node *c = &g->n[ci];
    if (set_int(c, "fused_act", act) || set_float(c, "fused_p0", p0) || set_float(c, "fused_p1", p1))
        return -1;
    *hit = 1;
    return 0;
}

/* A Conv the fused kernel serves: 2-D, float; depthwise (group == C) only without a residual
 * (its direct kernel takes the activation, not an addend). */
static int conv_ok(const graph *g, const g_node *n, int depthwise_ok)
{
    if (!is(n, "Conv") || n->nin < 2 || n->nout != 1)
        return 0;
    const g_tensor *x = &g->t[n->in[0]], *w = &g->t[n->in[1]];
    if (x->rank != 4 || w->rank != 4 || !is_float(x) || w->data == NULL)
        return 0;
    int64_t groups = g_attr_int(n, "group", 1);
    if (!depthwise_ok && groups != 1 && groups == x->dims[1] && w->dims[0] == x->dims[1])
        return 0;
    const int64_t *pads;
    size_t np = g_attr_ints(n, "pads", &pads);
    return !(np == 4 && (pads[0] != pads[2] || pads[1] != pads[3]));
}

static int conv_to_fused(graph *g, int ci)
{
    g_node *n = &g->n[ci];
    int in[4] = {n->in[0], n->in[1], n->nin > 2 ? n->in[2] : -1, -1};
    return set_op(n, "_FusedConv") || set_inputs(n, in, 4) || set_int(n, "fused_act", ACT_NONE) ? -1 : 0;
}

/* ---- the passes ---- */

/* Transpose(Transpose(x, p1), p2) = Transpose(x, p1∘p2); an identity Transpose is a view. */
static int pass_transpose(graph *g, fuse_stats *st)
{
    for (int i = 0; i < g->nn; i++) {
        g_node *n = &g->n[i];
        if (n->dead || !is(n, "Transpose"))
            continue;
        const int64_t *p2;
        size_t r = g_attr_ints(n, "perm", &p2);
        int pi = producer(g, n->in[0]);
        if (r && pi >= 0 && is(&g->n[pi], "Transpose") && sole_reader(g, n->in[0]) == i) {
            const int64_t *p1;
            size_t r1 = g_attr_ints(&g->n[pi], "perm", &p1);
            if (r1 == r && r <= G_MAX_DIMS) {
                st->match[FUSE_TRANSPOSE]++;
                int64_t comp[G_MAX_DIMS];
                for (size_t k = 0; k < r; k++) {
                    if (p2[k] < 0 || (size_t)p2[k] >= r)
                        goto next;
                    comp[k] = p1[p2[k]];
                }
                int in0 = g->n[pi].in[0];
                g_attr *a = attr_slot(n, "perm");
                if (a == NULL || a->ints == NULL)
                    return -1;
                memcpy(a->ints, comp, r * sizeof(int64_t));
                g->n[pi].dead = true;
                if (set_inputs(n, &in0, 1))
                    return -1;
                st->effect[FUSE_TRANSPOSE]++;
                p2 = a->ints;
            }
        }
        int ident = r > 0;
        for (size_t k = 0; k < r; k++)
            ident &= p2[k] == (int64_t)k;
        if (ident) {
            st->match[FUSE_TRANSPOSE]++;
            if (set_op(n, "Identity"))
                return -1;
            st->effect[FUSE_TRANSPOSE]++;
        }
    next:;
    }
    return 0;
}

/* torch's exact GELU below opset 20: Mul(Mul(x, Add(Erf(Div(x, sqrt 2)), 1)), 0.5) (factor orders
 * vary) → Gelu(x). */
static int other_in(const g_node *n, int ti) { return n->in[0] == ti ? n->in[1] : n->in[0]; }

static int pass_gelu(graph *g, fuse_stats *st)
{
    for (int i = 0; i < g->nn; i++) {
        g_node *d = &g->n[i];
        double c;
        if (d->dead || !is(d, "Div") || d->nin != 2 || !const_scalar(g, d->in[1], &c) ||
            fabs(c - 1.4142135623730951) > 1e-3)
            continue;
        int x = d->in[0];
        int ei = sole_reader(g, d->out[0]);
        if (ei < 0 || !is(&g->n[ei], "Erf"))
            continue;
        int ai = sole_reader(g, g->n[ei].out[0]);
        double one;
        if (ai < 0 || !is(&g->n[ai], "Add") || !const_scalar(g, other_in(&g->n[ai], g->n[ei].out[0]), &one) ||
            one != 1.0)
            continue;
        int m1 = sole_reader(g, g->n[ai].out[0]);
        if (m1 < 0 || !is(&g->n[m1], "Mul"))
            continue;
        st->match[FUSE_GELU]++;
        int m2 = -1, last = -1;
        double half;
        if (other_in(&g->n[m1], g->n[ai].out[0]) == x) { /* (x * (1 + erf)) * 0.5 */
            m2 = sole_reader(g, g->n[m1].out[0]);
            if (m2 < 0 || !is(&g->n[m2], "Mul") || !const_scalar(g, other_in(&g->n[m2], g->n[m1].out[0]), &half) ||
                half != 0.5)
                continue;
            last = m2;
        } else { /* (x * 0.5) * (1 + erf) */
            int h = producer(g, other_in(&g->n[m1], g->n[ai].out[0]));
            if (h < 0 || !is(&g->n[h], "Mul") || !const_scalar(g, other_in(&g->n[h], x), &half) || half != 0.5 ||
                (g->n[h].in[0] != x && g->n[h].in[1] != x) || sole_reader(g, g->n[h].out[0]) != m1)
                continue;
            g->n[h].dead = true;
            last = m1;
        }
        int dead[4] = {i, ei, ai, m1};
        for (int k = 0; k < 4; k++)
            if (dead[k] != last)
                g->n[dead[k]].dead = true;
        g_node *n = &g->n[last];
        free_attrs(n);
        if (set_op(n, "Gelu") || set_inputs(n, &x, 1))
            return -1;
        st->effect[FUSE_GELU]++;
    }
    return 0;
}

/* reduction over the last axis only (ReduceMean axes [-1] / [rank-1], keepdims) */
static int reduce_last(const graph *g, const g_node *n)
{
    if (!is(n, "ReduceMean") || g_attr_int(n, "keepdims", 1) != 1)
        return 0;
    int64_t axes[G_MAX_DIMS + 1];
    size_t na = 0;
    const int64_t *aa;
    if (n->nin > 1 && n->in[1] >= 0) {
        if (!g_const_i64(&g->t[n->in[1]], axes, G_MAX_DIMS + 1, &na))
            return 0;
    } else if ((na = g_attr_ints(n, "axes", &aa)) == 1) {
        axes[0] = aa[0];
    }
    int r = g->t[n->in[0]].rank;
    return na == 1 && (axes[0] == -1 || axes[0] == r - 1);
}

/* y = (x - mean(x)) / sqrt(mean((x - mean(x))^2) + eps) * gamma + beta over the last axis →
 * LayerNormalization(x, gamma, beta). */
static int pass_layernorm(graph *g, fuse_stats *st)
{
    for (int i = 0; i < g->nn; i++) {
        g_node *dv = &g->n[i];
        if (dv->dead || !is(dv, "Div") || dv->nin != 2)
            continue;
        int sub = producer(g, dv->in[0]), sq = producer(g, dv->in[1]);
        if (sub < 0 || sq < 0 || !is(&g->n[sub], "Sub") || !is(&g->n[sq], "Sqrt"))
            continue;
        int x = g->n[sub].in[0], m1 = producer(g, g->n[sub].in[1]);
        if (m1 < 0 || !reduce_last(g, &g->n[m1]) || g->n[m1].in[0] != x)
            continue;
        int ad = producer(g, g->n[sq].in[0]);
        double eps;
        if (ad < 0 || !is(&g->n[ad], "Add") || !const_scalar(g, g->n[ad].in[1], &eps))
            continue;
        int m2 = producer(g, g->n[ad].in[0]);
        if (m2 < 0 || !reduce_last(g, &g->n[m2]))
            continue;
        int pw = producer(g, g->n[m2].in[0]);
        double two;
        if (pw < 0 || !(is(&g->n[pw], "Pow") || is(&g->n[pw], "Mul")))
            continue;
        if (is(&g->n[pw], "Pow") ? !(g->n[pw].in[0] == g->n[sub].out[0] && const_scalar(g, g->n[pw].in[1], &two) &&
                                     two == 2.0)
                                 : !(g->n[pw].in[0] == g->n[sub].out[0] && g->n[pw].in[1] == g->n[sub].out[0]))
            continue;
        /* the Sub output feeds the square and the Div only; the rest one reader each */
        int sq_refs = is(&g->n[pw], "Pow") ? 1 : 2; /* Mul(d, d) reads d twice */
        if (g->t[g->n[sub].out[0]].is_output || g_consumers(g, g->n[sub].out[0]) != 1 + sq_refs ||
            sole_reader(g, g->n[pw].out[0]) != m2 || sole_reader(g, g->n[m2].out[0]) != ad ||
            sole_reader(g, g->n[ad].out[0]) != sq || sole_reader(g, g->n[sq].out[0]) != i ||
            g->t[g->n[m1].out[0]].is_output || g_consumers(g, g->n[m1].out[0]) != 1)
            continue;
        st->match[FUSE_LAYERNORM]++;
        int mu = sole_reader(g, dv->out[0]);
        if (mu < 0 || !is(&g->n[mu], "Mul"))
            continue;
        int gamma = other_in(&g->n[mu], dv->out[0]);
        int ba = sole_reader(g, g->n[mu].out[0]);
        if (ba < 0 || !is(&g->n[ba], "Add"))
            continue;
        int beta = other_in(&g->n[ba], g->n[mu].out[0]);
        const g_tensor *xt = &g->t[x], *gt = &g->t[gamma], *bt = &g->t[beta];
        int64_t last = xt->rank > 0 ? xt->dims[xt->rank - 1] : -1;
        if (!gt->data || !bt->data || g_numel(gt) != last || g_numel(bt) != last || !is_float(xt) ||
            gt->dtype != xt->dtype || bt->dtype != xt->dtype)
            continue;
        int dead[8] = {m1, sub, pw, m2, ad, sq, i, mu};
        for (int k = 0; k < 8; k++)
            g->n[dead[k]].dead = true;
        g_node *n = &g->n[ba];
        int in[3] = {x, gamma, beta};
        free_attrs(n);
        if (set_op(n, "LayerNormalization") || set_inputs(n, in, 3) || set_int(n, "axis", -1) ||
            set_float(n, "epsilon", eps))
            return -1;
        st->effect[FUSE_LAYERNORM]++;
    }
    return 0;
}

/* MatMul(x, W const [K, N]) + b const [N] → _FusedMatMul with bias. */
static int pass_matmul_bias(graph *g, fuse_stats *st)
{
    for (int i = 0; i < g->nn; i++) {
        g_node *n = &g->n[i];
        if (n->dead || !is(n, "MatMul") || n->nin != 2)
            continue;
        const g_tensor *a = &g->t[n->in[0]], *w = &g->t[n->in[1]];
        if (!is_float(a) || a->rank < 2 || w->rank != 2 || w->dtype != a->dtype)
            continue;
        int ai = sole_reader(g, n->out[0]);
        if (ai < 0 || !is(&g->n[ai], "Add"))
            continue;
        int b = other_in(&g->n[ai], n->out[0]);
        const g_tensor *bt = &g->t[b];
        st->match[FUSE_MATMUL_BIAS]++;
        if (!bt->data || bt->rank != 1 || bt->dims[0] != w->dims[1] || bt->dtype != a->dtype)
            continue;
        int in[4] = {n->in[0], n->in[1], b, -1};
        if (take_over(g, i, ai, "_FusedMatMul", in, 4) || set_int(&g->n[ai], "transB", 0) ||
            set_float(&g->n[ai], "alpha", 1.0) || set_int(&g->n[ai], "fused_act", ACT_NONE))
            return -1;
        st->effect[FUSE_MATMUL_BIAS]++;
    }
    return 0;
}

/* MatMul(a, b) scaled by a constant (Mul / Div) → _FusedMatMul with alpha (attention scores
 * before their Softmax: the scaling pass over the score tensor disappears). */
static int pass_matmul_scale(graph *g, fuse_stats *st)
{
    for (int i = 0; i < g->nn; i++) {
        g_node *n = &g->n[i];
        if (n->dead || !is(n, "MatMul") || n->nin != 2)
            continue;
        const g_tensor *a = &g->t[n->in[0]], *b = &g->t[n->in[1]];
        int si = sole_reader(g, n->out[0]);
        double c;
        if (si < 0 || !(is(&g->n[si], "Mul") || is(&g->n[si], "Div")) ||
            !const_scalar(g, other_in(&g->n[si], n->out[0]), &c))
            continue;
        st->match[FUSE_MATMUL_SCALE]++;
        if (is(&g->n[si], "Div") && g->n[si].in[0] != n->out[0])
            continue; /* c / (a @ b) */
        if (!is_float(a) || a->rank < 2 || b->dtype != a->dtype || (b->rank != 2 && b->rank != a->rank) ||
            (is(&g->n[si], "Div") && c == 0.0))
            continue;
        for (int d = 0; b->rank != 2 && d < a->rank - 2; d++)
            if (a->dims[d] != b->dims[d])
                goto next;
        double alpha = is(&g->n[si], "Div") ? 1.0 / c : c;
        int in[4] = {n->in[0], n->in[1], -1, -1};
        if (take_over(g, i, si, "_FusedMatMul", in, 4) || set_int(&g->n[si], "transB", 0) ||
            set_float(&g->n[si], "alpha", alpha) || set_int(&g->n[si], "fused_act", ACT_NONE))
            return -1;
        st->effect[FUSE_MATMUL_SCALE]++;
    next:;
    }
    return 0;
}

/* _FusedMatMul / Gemm (transA 0, beta 1, bias [N]) + Relu / Gelu → activation in the epilogue. */
static int pass_matmul_act(graph *g, fuse_stats *st)
{
    for (int i = 0; i < g->nn; i++) {
        g_node *n = &g->n[i];
        if (n->dead || !(is(n, "_FusedMatMul") || is(n, "Gemm")))
            continue;
        int ci = sole_reader(g, n->out[0]), act;
        double p0, p1;
        if (ci < 0 || !act_of(g, &g->n[ci], &act, &p0, &p1) || (act != ACT_RELU && act != ACT_GELU_ERF))
            continue;
        st->match[FUSE_MATMUL_ACT]++;
        if (is(n, "Gemm")) {
            const g_tensor *a = &g->t[n->in[0]], *w = &g->t[n->in[1]];
            int c = n->nin > 2 ? n->in[2] : -1;
            int tb = (int)g_attr_int(n, "transB", 0);
            int64_t N = w->rank == 2 ? w->dims[tb ? 0 : 1] : -1;
            if (g_attr_int(n, "transA", 0) != 0 || g_attr_float(n, "beta", 1.0f) != 1.0f || a->rank != 2 ||
                !is_float(a) || w->rank != 2 || w->dtype != a->dtype ||
                (c >= 0 && (!g->t[c].data || g->t[c].rank != 1 || g->t[c].dims[0] != N || g->t[c].dtype != a->dtype)))
                continue;
            double alpha = g_attr_float(n, "alpha", 1.0f);
            int in[4] = {n->in[0], n->in[1], c, -1};
            free_attrs(n);
            if (set_op(n, "_FusedMatMul") || set_inputs(n, in, 4) || set_int(n, "transB", tb) ||
                set_float(n, "alpha", alpha) || set_int(n, "fused_act", ACT_NONE))
                return -1;
        }
        int hit;
        if (absorb_act(g, i, &hit))
            return -1;
        st->effect[FUSE_MATMUL_ACT] += hit;
    }
    return 0;
}

/* Conv + Add(residual of the same shape) [+ Relu] → _FusedConv with a residual. */
static int pass_conv_add(graph *g, fuse_stats *st)
{
    for (int i = 0; i < g->nn; i++) {
        g_node *ad = &g->n[i];
        if (ad->dead || !is(ad, "Add") || ad->nin != 2)
            continue;
        int pick = -1;
        for (int k = 0; k < 2 && pick < 0; k++) {
            int p = producer(g, ad->in[k]);
            if (p >= 0 && conv_ok(g, &g->n[p], 0) && sole_reader(g, ad->in[k]) == i)
                pick = k;
        }
        if (pick < 0)
            continue;
        st->match[FUSE_CONV_ADD]++;
        int ci = g->t[ad->in[pick]].producer, r = ad->in[1 - pick];
        const g_tensor *rt = &g->t[r], *ct = &g->t[ad->in[pick]];
        if (r == ad->in[pick] || rt->data || !same_shape(rt, ct) || !same_shape(rt, &g->t[ad->out[0]]) ||
            rt->dtype != ct->dtype)
            continue;
        g_node *c = &g->n[ci];
        int in[4] = {c->in[0], c->in[1], c->nin > 2 ? c->in[2] : -1, r};
        if (take_over(g, ci, i, "_FusedConv", in, 4) || set_int(&g->n[i], "fused_act", ACT_NONE))
            return -1;
        int hit;
        if (absorb_act(g, i, &hit))
            return -1;
        st->effect[FUSE_CONV_ADD]++;
    }
    return 0;
}

/* Conv + Relu / Relu6 (Clip) / LeakyRelu / HardSwish → _FusedConv with the activation. */
static int pass_conv_act(graph *g, fuse_stats *st)
{
    for (int i = 0; i < g->nn; i++) {
        g_node *n = &g->n[i];
        if (n->dead || !conv_ok(g, n, 1))
            continue;
        int ci = sole_reader(g, n->out[0]), act;
        double p0, p1;
        if (ci < 0 || !act_of(g, &g->n[ci], &act, &p0, &p1) || act == ACT_GELU_ERF || g->n[ci].in[0] != n->out[0])
            continue;
        st->match[FUSE_CONV_ACT]++;
        int hit;
        if (conv_to_fused(g, i) || absorb_act(g, i, &hit))
            return -1;
        st->effect[FUSE_CONV_ACT] += hit;
    }
    return 0;
}

/* Add(x1, x2) (same shapes) whose only reader is LayerNormalization over the last axis with
 * constant gamma / beta → _AddLayerNorm (aclnnAddLayerNorm). */
static int pass_add_layernorm(graph *g, fuse_stats *st)
{
    for (int i = 0; i < g->nn; i++) {
        g_node *ln = &g->n[i];
        if (ln->dead || !is(ln, "LayerNormalization") || ln->nin < 3 || ln->in[2] < 0)
            continue;
        int ai = producer(g, ln->in[0]);
        if (ai < 0 || !is(&g->n[ai], "Add") || sole_reader(g, ln->in[0]) != i)
            continue;
        st->match[FUSE_ADD_LAYERNORM]++;
        const g_node *ad = &g->n[ai];
        const g_tensor *x1 = &g->t[ad->in[0]], *x2 = &g->t[ad->in[1]], *gm = &g->t[ln->in[1]],
                       *bt = &g->t[ln->in[2]];
        int64_t axis = g_attr_int(ln, "axis", -1);
        int used = 0;
        for (int k = 1; k < ln->nout; k++)
            used |= ln->out[k] >= 0 && g_consumers(g, ln->out[k]) > 0;
        if (x1->rank < 1 || x1->data || x2->data || !same_shape(x1, x2) || !is_float(x1) || x2->dtype != x1->dtype ||
            (axis != -1 && axis != x1->rank - 1) || !gm->data || !bt->data || gm->rank != 1 || bt->rank != 1 ||
            gm->dims[0] != x1->dims[x1->rank - 1] || bt->dims[0] != gm->dims[0] || used)
            continue;
        double eps = g_attr_float(ln, "epsilon", 1e-5f);
        int in[4] = {ad->in[0], ad->in[1], ln->in[1], ln->in[2]};
        int xsum = ad->out[0];
        int *outs = realloc(ln->out, 2 * sizeof(int));
        if (outs == NULL)
            return -1;
        ln->out = outs;
        ln->out[1] = xsum;
        ln->nout = 2;
        g->n[ai].dead = true;
        g->t[xsum].producer = i;
        free_attrs(ln);
        if (set_op(ln, "_AddLayerNorm") || set_inputs(ln, in, 4) || set_float(ln, "epsilon", eps))
            return -1;
        st->effect[FUSE_ADD_LAYERNORM]++;
    }
    return 0;
}

/* torch.onnx below opset 14 exports Hardswish as Mul(x, HardSigmoid(x; alpha 1/6, beta 1/2)):
 * rewritten to the HardSwish it is (not a fusion pass: the same operator, recognised), so the
 * Conv + HardSwish fusion sees it. */
static int recognise_hardswish(graph *g)
{
    for (int i = 0; i < g->nn; i++) {
        g_node *m = &g->n[i];
        if (m->dead || !is(m, "Mul") || m->nin != 2 || m->nout != 1)
            continue;
        for (int k = 0; k < 2; k++) {
            int hi = producer(g, m->in[k]), x = m->in[1 - k];
            if (hi < 0 || !is(&g->n[hi], "HardSigmoid") || g->n[hi].in[0] != x || sole_reader(g, m->in[k]) != i ||
                fabs(g_attr_float(&g->n[hi], "alpha", 0.2f) - 1.0 / 6.0) > 1e-6 ||
                fabs(g_attr_float(&g->n[hi], "beta", 0.5f) - 0.5) > 1e-6)
                continue;
            g->n[hi].dead = true;
            free_attrs(m);
            if (set_op(m, "HardSwish") || set_inputs(m, &x, 1))
                return -1;
            break;
        }
    }
    return 0;
}

/* Clip(Add(x, 3), 0, 6) read only by `reader`: x, else -1. */
static int relu6_of_x_plus_3(const graph *g, int ti, int reader)
{
    int ci = producer(g, ti);
    if (ci < 0 || !is(&g->n[ci], "Clip") || sole_reader(g, ti) != reader)
        return -1;
    const g_node *c = &g->n[ci];
    double lo = -INFINITY, hi = INFINITY, three;
    if (g->opset < 11) {
        lo = g_attr_float(c, "min", -INFINITY);
        hi = g_attr_float(c, "max", INFINITY);
    } else if (c->nin < 3 || !const_scalar(g, c->in[1], &lo) || !const_scalar(g, c->in[2], &hi)) {
        return -1;
    }
    int ai = producer(g, c->in[0]);
    if (lo != 0.0 || hi != 6.0 || ai < 0 || !is(&g->n[ai], "Add") || sole_reader(g, c->in[0]) != ci)
        return -1;
    const g_node *a = &g->n[ai];
    for (int k = 0; k < 2; k++)
        if (const_scalar(g, a->in[1 - k], &three) && three == 3.0 && g->t[a->in[k]].data == NULL)
            return a->in[k];
    return -1;
}

/* The hand-written form x * relu6(x + 3) / 6, as (x * Clip(x + 3, 0, 6)) / 6 or
 * x * (Clip(x + 3, 0, 6) / 6): the same HardSwish. */
static int recognise_hardswish_clip(graph *g)
{
    for (int i = 0; i < g->nn; i++) {
        g_node *d = &g->n[i];
        double six;
        if (d->dead || d->nout != 1 || d->nin != 2)
            continue;
        int x = -1, kill[3] = {-1, -1, -1};
        if (is(d, "Div") && const_scalar(g, d->in[1], &six) && six == 6.0) {
            int mi = producer(g, d->in[0]);
            if (mi < 0 || !is(&g->n[mi], "Mul") || sole_reader(g, d->in[0]) != i)
                continue;
            for (int k = 0; k < 2 && x < 0; k++) {
                int cx = relu6_of_x_plus_3(g, g->n[mi].in[k], mi);
                if (cx >= 0 && cx == g->n[mi].in[1 - k])
                    x = cx, kill[0] = mi, kill[1] = producer(g, g->n[mi].in[k]);
            }
        } else if (is(d, "Mul")) { /* x * (relu6(x + 3) / 6) */
            for (int k = 0; k < 2 && x < 0; k++) {
                int di = producer(g, d->in[k]);
                if (di < 0 || !is(&g->n[di], "Div") || sole_reader(g, d->in[k]) != i ||
                    !const_scalar(g, g->n[di].in[1], &six) || six != 6.0)
                    continue;
                int cx = relu6_of_x_plus_3(g, g->n[di].in[0], di);
                if (cx >= 0 && cx == d->in[1 - k])
                    x = cx, kill[0] = di, kill[1] = producer(g, g->n[di].in[0]);
            }
        }
        if (x < 0)
            continue;
        kill[2] = producer(g, g->n[kill[1]].in[0]); /* the Add */
        for (int k = 0; k < 3; k++)
            g->n[kill[k]].dead = true;
        d = &g->n[i];
        free_attrs(d);
        if (set_op(d, "HardSwish") || set_inputs(d, &x, 1))
            return -1;
    }
    return 0;
}

int pass_fuse(graph *g, const unsigned char *enabled, fuse_stats *st)
{
    if (recognise_hardswish(g) != 0 || recognise_hardswish_clip(g) != 0)
        return -1;
    static int (*const run[])(graph *, fuse_stats *) = {
        [FUSE_TRANSPOSE] = pass_transpose,       [FUSE_GELU] = pass_gelu,
        [FUSE_LAYERNORM] = pass_layernorm,       [FUSE_MATMUL_BIAS] = pass_matmul_bias,
        [FUSE_MATMUL_SCALE] = pass_matmul_scale, [FUSE_MATMUL_ACT] = pass_matmul_act,
        [FUSE_CONV_ADD] = pass_conv_add,         [FUSE_CONV_ACT] = pass_conv_act,
        [FUSE_ADD_LAYERNORM] = pass_add_layernorm,
    };
    for (int p = 0; p < (int)(sizeof(run) / sizeof(run[0])); p++)
        if (run[p] && enabled[p] && run[p](g, st) != 0)
            return -1;
    return 0;
}
