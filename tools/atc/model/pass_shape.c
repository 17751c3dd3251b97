/* Shape and dtype inference, one ONNX op at a time (the rules of the ONNX operator spec, for
 * the ops atc lowers). Inputs are already known: nodes come in topological order and constants
 * were folded before their readers. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "passes.h"

#define FAIL(...)                        \
    do {                                 \
        snprintf(err, cap, __VA_ARGS__); \
        return -1;                       \
    } while (0)
#define ATTR_BAD(attr, why) \
    FAIL("E14001: Argument %s for Op %s with optype %s is invalid. Reason: %s.", attr, n->name, n->op, why)

static int set_out(g_tensor *o, int dtype, int rank, const int64_t *dims)
{
    o->dtype = dtype;
    o->rank = rank;
    for (int d = 0; d < rank; d++)
        o->dims[d] = dims[d];
    return 0;
}

static int norm_axis(int64_t a, int rank, int *out)
{
    if (a < -rank || a >= rank)
        return -1;
    *out = (int)(a < 0 ? a + rank : a);
    return 0;
}

/* numpy broadcast of a and b into out; -1 if incompatible */
static int broadcast(const g_tensor *a, const g_tensor *b, int *rank, int64_t *dims)
{
    int r = a->rank > b->rank ? a->rank : b->rank;
    for (int i = 0; i < r; i++) {
        int ia = i - (r - a->rank), ib = i - (r - b->rank);
        int64_t da = ia >= 0 ? a->dims[ia] : 1, db = ib >= 0 ? b->dims[ib] : 1;
        if (da != db && da != 1 && db != 1)
            return -1;
        dims[i] = da == 1 ? db : da;
    }
    *rank = r;
    return 0;
}

static const char *const unary_ops[] = {"Relu", "Sigmoid", "Tanh", "Erf", "Sqrt", "Exp", "Log", "Neg", "Abs",
                                        "HardSwish", "HardSigmoid", "LeakyRelu", "Clip", "Identity", "Dropout",
                                        "Softmax", "LogSoftmax", "BatchNormalization", "aclemu.ScaleShift", "Gelu",
                                        "PRelu", "LayerNormalization", "InstanceNormalization", NULL};
static const char *const binary_ops[] = {"Add", "Sub", "Mul", "Div", "Pow", "Max", "Min", NULL};

static int in_list(const char *op, const char *const *list)
{
    for (int i = 0; list[i]; i++)
        if (strcmp(op, list[i]) == 0)
            return 1;
    return 0;
}

/* output size of a conv / pool window along one axis */
static int64_t window_out(int64_t in, int64_t k, int64_t s, int64_t pb, int64_t pe, int64_t dil, int ceil_mode)
{
    int64_t span = in + pb + pe - dil * (k - 1) - 1;
    if (span < 0 || s <= 0)
        return -1;
    int64_t o = (ceil_mode ? (span + s - 1) / s : span / s) + 1;
    /* as torch / ONNX: the last window must start inside the input or left padding */
    if (ceil_mode && (o - 1) * s >= in + pb)
        o--;
    return o;
}

/* Conv / MaxPool / AveragePool: spatial output dims from the node's attributes. */
static int window_shape(const g_node *n, const g_tensor *x, const int64_t *kernel, int nk, int64_t *dims,
                        char *err, size_t cap)
{
    const int64_t *st, *pads, *dil;
    size_t nst = g_attr_ints(n, "strides", &st), np = g_attr_ints(n, "pads", &pads),
           nd = g_attr_ints(n, "dilations", &dil);
    const g_attr *ap = g_attr_get(n, "auto_pad");
    if (ap && ap->s && strcmp(ap->s, "NOTSET") != 0 && strcmp(ap->s, "VALID") != 0)
        ATTR_BAD("auto_pad", "only NOTSET and VALID are supported");
    if ((nst && nst != (size_t)nk) || (np && np != 2 * (size_t)nk) || (nd && nd != (size_t)nk))
        ATTR_BAD("strides/pads/dilations", "the lists do not match the kernel rank");
    int ceil_mode = (int)g_attr_int(n, "ceil_mode", 0);
    for (int i = 0; i < nk; i++) {
        int64_t s = nst ? st[i] : 1, d = nd ? dil[i] : 1, pb = np ? pads[i] : 0, pe = np ? pads[i + nk] : 0;
        if (s <= 0 || d <= 0 || pb < 0 || pe < 0 || kernel[i] <= 0 || s > (1 << 20) || d > (1 << 20) ||
            pb > (1 << 20) || pe > (1 << 20) || kernel[i] > (1 << 20))
            ATTR_BAD("strides/pads/dilations/kernel_shape", "values must be positive (pads non-negative)");
        int64_t o = window_out(x->dims[2 + i], kernel[i], s, pb, pe, d, ceil_mode);
        if (o <= 0)
            FAIL("E14001: Argument kernel_shape for Op %s with optype %s is invalid. Reason: the window does not "
                 "fit the input (%lld).", n->name, n->op, (long long)x->dims[2 + i]);
        dims[2 + i] = o;
    }
    return 0;
}

int infer_node(graph *g, int ni, char *err, size_t cap)
{
    g_node *n = &g->n[ni];
    for (int k = 0; k < n->nin; k++) {
        if (n->in[k] < 0)
            continue;
        const g_tensor *t = &g->t[n->in[k]];
        if (t->rank < 0 || t->dtype < 0)
            FAIL("E10001: Value [%s] for parameter [--input_shape] is invalid. Reason: node %s (%s) reads %s, whose "
                 "shape is unknown; give every input's shape with --input_shape.", t->name, n->name, n->op, t->name);
        for (int d = 0; d < t->rank; d++)
            if (t->dims[d] < 0)
                FAIL("E10001: Value [%s] for parameter [--input_shape] is invalid. Reason: %s has a dynamic dim "
                     "(-1); give its shape with --input_shape.", t->name, t->name);
    }
    if (n->nout < 1 || n->out[0] < 0)
        FAIL("E10001: node %s (%s) has no output", n->name, n->op);
    const g_tensor *x = n->nin > 0 && n->in[0] >= 0 ? &g->t[n->in[0]] : NULL;
    g_tensor *o = &g->t[n->out[0]];
    int64_t dims[G_MAX_DIMS];
    const char *op = n->op;
#define NEED_IN(k)                                                                                      \
    do {                                                                                                \
        if (n->nin <= (k) || n->in[k] < 0)                                                              \
            FAIL("E14001: Argument input%d for Op %s with optype %s is invalid. Reason: the input is missing.", \
                 (int)(k), n->name, op);                                                                \
    } while (0)

    if (strcmp(op, "Constant") == 0) {
        const g_attr *v = g_attr_get(n, "value");
        if (v == NULL || v->type != G_ATTR_TENSOR || v->tensor < 0) {
            /* value_float / value_int / value_ints / value_floats */
            const g_attr *a = NULL;
            const char *names[] = {"value_float", "value_int", "value_floats", "value_ints", NULL};
            for (int i = 0; names[i] && !a; i++)
                a = g_attr_get(n, names[i]);
            if (a == NULL)
                ATTR_BAD("value", "Constant needs a value, value_float, value_int, value_floats or value_ints");
            if (a->type == G_ATTR_FLOAT || a->type == G_ATTR_INT)
                return set_out(o, a->type == G_ATTR_FLOAT ? 0 : 9, 0, dims);
            dims[0] = (int64_t)a->n;
            return set_out(o, a->type == G_ATTR_FLOATS ? 0 : 9, 1, dims);
        }
        const g_tensor *c = &g->t[v->tensor];
        return set_out(o, c->dtype, c->rank, c->dims);
    }
    NEED_IN(0);
    if (strcmp(op, "Resize") == 0 || strcmp(op, "Upsample") == 0) /* issue 11 (mfuse): pass_resize.c */
        return infer_resize(g, ni, err, cap);
    /* the unary-shaped ops that still read parameter inputs */
    int params = strcmp(op, "BatchNormalization") == 0 ? 4 : strcmp(op, "InstanceNormalization") == 0 ? 2
                 : strcmp(op, "PRelu") == 0 || strcmp(op, "LayerNormalization") == 0 ? 1 : 0;
    for (int k = 1; k <= params; k++)
        NEED_IN(k);
    if (in_list(op, unary_ops))
        return set_out(o, x->dtype, x->rank, x->dims);
    if (in_list(op, binary_ops)) {
        NEED_IN(1);
        int r;
        if (broadcast(x, &g->t[n->in[1]], &r, dims) != 0)
            FAIL("E14001: Argument input for Op %s with optype %s is invalid. Reason: the shapes of %s and %s do "
                 "not broadcast.", n->name, op, x->name, g->t[n->in[1]].name);
        return set_out(o, x->dtype, r, dims);
    }
    if (strcmp(op, "Cast") == 0) {
        static const int map[] = {[1] = 0, [2] = 4, [3] = 2, [5] = 6, [6] = 3, [7] = 9, [9] = 12, [10] = 1,
                                  [11] = 11, [16] = 27};
        int64_t to = g_attr_int(n, "to", -1);
        int dt = to > 0 && to < (int64_t)(sizeof(map) / sizeof(map[0])) && (map[to] || to == 1) ? map[to] : -1;
        if (dt < 0)
            ATTR_BAD("to", "the target type is not supported");
        return set_out(o, dt, x->rank, x->dims);
    }
    if (strcmp(op, "Shape") == 0) {
        dims[0] = x->rank;
        return set_out(o, 9, 1, dims);
    }
    if (strcmp(op, "Conv") == 0) {
        NEED_IN(1);
        const g_tensor *w = &g->t[n->in[1]];
        if (x->rank != 4 || w->rank != 4)
            FAIL("E14001: Argument input for Op %s with optype %s is invalid. Reason: only 2-D convolutions (4-D "
                 "input and weight) are supported.", n->name, op);
        int64_t group = g_attr_int(n, "group", 1);
        if (group <= 0 || group > x->dims[1] || x->dims[1] != w->dims[1] * group || w->dims[0] % group != 0)
            ATTR_BAD("group", "input channels, weight channels and group do not match");
        dims[0] = x->dims[0];
        dims[1] = w->dims[0];
        if (window_shape(n, x, &w->dims[2], 2, dims, err, cap) != 0)
            return -1;
        return set_out(o, x->dtype, 4, dims);
    }
    if (strcmp(op, "ConvTranspose") == 0) {
        NEED_IN(1);
        const g_tensor *w = &g->t[n->in[1]];
        if (x->rank != 4 || w->rank != 4)
            FAIL("E14001: Argument input for Op %s with optype %s is invalid. Reason: only 2-D transposed "
                 "convolutions (4-D input and weight) are supported.", n->name, op);
        int64_t group = g_attr_int(n, "group", 1);
        if (group <= 0 || group > w->dims[0] || w->dims[0] != x->dims[1] || x->dims[1] % group != 0)
            ATTR_BAD("group", "input channels, weight and group do not match");
        const g_attr *ap = g_attr_get(n, "auto_pad");
        if ((ap && ap->s && strcmp(ap->s, "NOTSET") != 0) || g_attr_get(n, "output_shape"))
            ATTR_BAD("auto_pad/output_shape", "only explicit pads are supported");
        const int64_t *st, *pads, *dil, *op_;
        size_t nst = g_attr_ints(n, "strides", &st), np = g_attr_ints(n, "pads", &pads),
               nd = g_attr_ints(n, "dilations", &dil), no = g_attr_ints(n, "output_padding", &op_);
        if ((nst && nst != 2) || (np && np != 4) || (nd && nd != 2) || (no && no != 2))
            ATTR_BAD("strides/pads/dilations/output_padding", "the lists do not match the kernel rank");
        dims[0] = x->dims[0];
        dims[1] = w->dims[1] * group;
        for (int i = 0; i < 2; i++) {
            int64_t s_ = nst ? st[i] : 1, d = nd ? dil[i] : 1, pb = np ? pads[i] : 0, pe = np ? pads[i + 2] : 0,
                    o = no ? op_[i] : 0, k = w->dims[2 + i];
            if (s_ <= 0 || d <= 0 || pb < 0 || pe < 0 || o < 0 || s_ > (1 << 20) || d > (1 << 20) || pb > (1 << 20) ||
                pe > (1 << 20) || o >= s_)
                ATTR_BAD("strides/pads/dilations/output_padding", "out of range");
            dims[2 + i] = (x->dims[2 + i] - 1) * s_ - pb - pe + d * (k - 1) + o + 1;
            if (dims[2 + i] <= 0)
                ATTR_BAD("pads", "the output would be empty");
        }
        return set_out(o, x->dtype, 4, dims);
    }
    if (strcmp(op, "MaxPool") == 0 || strcmp(op, "AveragePool") == 0) {
        const int64_t *k;
        if (x->rank != 4 || g_attr_ints(n, "kernel_shape", &k) != 2)
            FAIL("E14001: Argument kernel_shape for Op %s with optype %s is invalid. Reason: only 2-D pooling of "
                 "4-D inputs is supported.", n->name, op);
        if (n->nout > 1 && n->out[1] >= 0)
            FAIL("E14001: Argument Indices for Op %s with optype %s is invalid. Reason: the indices output is not "
                 "supported.", n->name, op);
        dims[0] = x->dims[0];
        dims[1] = x->dims[1];
        if (window_shape(n, x, k, 2, dims, err, cap) != 0)
            return -1;
        return set_out(o, x->dtype, 4, dims);
    }
    if (strcmp(op, "GlobalAveragePool") == 0 || strcmp(op, "GlobalMaxPool") == 0) {
        if (x->rank < 3)
            FAIL("E14001: Argument X for Op %s with optype %s is invalid. Reason: the input needs rank >= 3.",
                 n->name, op);
        for (int d = 0; d < x->rank; d++)
            dims[d] = d < 2 ? x->dims[d] : 1;
        return set_out(o, x->dtype, x->rank, dims);
    }
    if (strcmp(op, "MatMul") == 0) {
        NEED_IN(1);
        const g_tensor *b = &g->t[n->in[1]];
        if (x->rank < 2 || b->rank < 2)
            FAIL("E14001: Argument input for Op %s with optype %s is invalid. Reason: 1-D MatMul operands are not "
                 "supported.", n->name, op);
        if (x->dims[x->rank - 1] != b->dims[b->rank - 2])
            FAIL("E14001: Argument input for Op %s with optype %s is invalid. Reason: inner dims %lld and %lld "
                 "differ.", n->name, op, (long long)x->dims[x->rank - 1], (long long)b->dims[b->rank - 2]);
        g_tensor ba = *x, bb = *b;
        ba.rank -= 2;
        bb.rank -= 2;
        int r;
        if (broadcast(&ba, &bb, &r, dims) != 0)
            FAIL("E14001: Argument input for Op %s with optype %s is invalid. Reason: batch dims do not broadcast.",
                 n->name, op);
        dims[r] = x->dims[x->rank - 2];
        dims[r + 1] = b->dims[b->rank - 1];
        return set_out(o, x->dtype, r + 2, dims);
    }
    if (strcmp(op, "Gemm") == 0) {
        NEED_IN(1);
        const g_tensor *b = &g->t[n->in[1]];
        if (x->rank != 2 || b->rank != 2)
            FAIL("E14001: Argument A for Op %s with optype %s is invalid. Reason: Gemm takes 2-D A and B.", n->name,
                 op);
        int ta = (int)g_attr_int(n, "transA", 0), tb = (int)g_attr_int(n, "transB", 0);
        int64_t m = ta ? x->dims[1] : x->dims[0], k = ta ? x->dims[0] : x->dims[1];
        int64_t k2 = tb ? b->dims[1] : b->dims[0], nn = tb ? b->dims[0] : b->dims[1];
        if (k != k2)
            FAIL("E14001: Argument B for Op %s with optype %s is invalid. Reason: inner dims %lld and %lld differ.",
                 n->name, op, (long long)k, (long long)k2);
        dims[0] = m;
        dims[1] = nn;
        if (n->nin > 2 && n->in[2] >= 0) {
            g_tensor mn = {.rank = 2, .dims = {m, nn}};
            int r;
            int64_t bd[G_MAX_DIMS];
            if (broadcast(&mn, &g->t[n->in[2]], &r, bd) != 0 || r != 2 || bd[0] != m || bd[1] != nn)
                FAIL("E14001: Argument C for Op %s with optype %s is invalid. Reason: C does not broadcast to "
                     "[%lld, %lld].", n->name, op, (long long)m, (long long)nn);
        }
        return set_out(o, x->dtype, 2, dims);
    }
    if (strcmp(op, "Flatten") == 0) {
        int axis;
        if (norm_axis(g_attr_int(n, "axis", 1), x->rank + 1, &axis) != 0)
            ATTR_BAD("axis", "out of range");
        int64_t a = 1, b = 1;
        for (int d = 0; d < x->rank; d++) {
            if (d < axis)
                a *= x->dims[d];
            else
                b *= x->dims[d];
        }
        dims[0] = a;
        dims[1] = b;
        return set_out(o, x->dtype, 2, dims);
    }
    if (strcmp(op, "Reshape") == 0) {
        NEED_IN(1);
        int64_t shape[G_MAX_DIMS + 1];
        size_t ns;
        if (!g_const_i64(&g->t[n->in[1]], shape, G_MAX_DIMS + 1, &ns) || ns > G_MAX_DIMS)
            FAIL("E14001: Argument shape for Op %s with optype %s is invalid. Reason: the target shape must be a "
                 "constant (or fold to one) of at most %d dims.", n->name, op, G_MAX_DIMS);
        int64_t total = g_numel(x), known = 1;
        int infer = -1;
        int allowzero = (int)g_attr_int(n, "allowzero", 0);
        for (size_t d = 0; d < ns; d++) {
            int64_t v = shape[d];
            if (v == 0 && !allowzero) {
                if (d >= (size_t)x->rank)
                    ATTR_BAD("shape", "a 0 entry past the input's rank");
                v = x->dims[d];
            }
            if (v == -1) {
                if (infer >= 0)
                    ATTR_BAD("shape", "more than one -1");
                infer = (int)d;
                v = 1;
            } else if (v < 0) {
                ATTR_BAD("shape", "negative entry");
            }
            if (v > 0 && known > ((int64_t)1 << 62) / v)
                ATTR_BAD("shape", "too large");
            dims[d] = v;
            known *= v;
        }
        if (infer >= 0) {
            if (known == 0 || total % known != 0)
                ATTR_BAD("shape", "the -1 entry cannot be inferred");
            dims[infer] = total / known;
            known = total;
        }
        if (known != total)
            FAIL("E14001: Argument shape for Op %s with optype %s is invalid. Reason: %lld elements cannot be "
                 "reshaped into %lld.", n->name, op, (long long)total, (long long)known);
        return set_out(o, x->dtype, (int)ns, dims);
    }
    if (strcmp(op, "Transpose") == 0) {
        const int64_t *perm;
        size_t np = g_attr_ints(n, "perm", &perm);
        int seen[G_MAX_DIMS] = {0};
        if (np != 0 && np != (size_t)x->rank)
            ATTR_BAD("perm", "its length differs from the input's rank");
        for (int d = 0; d < x->rank; d++) {
            int64_t p = np ? perm[d] : x->rank - 1 - d;
            if (p < 0 || p >= x->rank || seen[p]++)
                ATTR_BAD("perm", "not a permutation");
            dims[d] = x->dims[p];
        }
        return set_out(o, x->dtype, x->rank, dims);
    }
    if (strcmp(op, "Squeeze") == 0 || strcmp(op, "Unsqueeze") == 0) {
        int64_t axes[G_MAX_DIMS + 1];
        size_t na = 0;
        const int64_t *aa;
        size_t nattr = g_attr_ints(n, "axes", &aa);
        if (n->nin > 1 && n->in[1] >= 0) {
            if (!g_const_i64(&g->t[n->in[1]], axes, G_MAX_DIMS + 1, &na))
                ATTR_BAD("axes", "must be a constant");
        } else {
            if (nattr > G_MAX_DIMS)
                ATTR_BAD("axes", "too many");
            if (nattr)
                memcpy(axes, aa, nattr * sizeof(int64_t));
            na = nattr;
        }
        int squeeze = op[0] == 'S';
        int out_rank = squeeze ? (na ? x->rank - (int)na : 0) : x->rank + (int)na;
        if (squeeze && na == 0)
            for (int d = 0; d < x->rank; d++)
                out_rank += x->dims[d] != 1;
        if (out_rank < 0 || out_rank > G_MAX_DIMS)
            ATTR_BAD("axes", "the result's rank is out of range");
        int mark[G_MAX_DIMS] = {0};
        int rank_axes = squeeze ? x->rank : out_rank;
        for (size_t i = 0; i < na; i++) {
            int a;
            if (norm_axis(axes[i], rank_axes, &a) != 0 || mark[a]++)
                ATTR_BAD("axes", "out of range or repeated");
            if (squeeze && x->dims[a] != 1)
                ATTR_BAD("axes", "a squeezed dim is not 1");
        }
        int r = 0, src = 0;
        if (squeeze) {
            for (int d = 0; d < x->rank; d++)
                if (na ? !mark[d] : x->dims[d] != 1)
                    dims[r++] = x->dims[d];
        } else {
            for (int d = 0; d < out_rank; d++)
                dims[r++] = mark[d] ? 1 : x->dims[src++];
        }
        return set_out(o, x->dtype, r, dims);
    }
    if (strcmp(op, "Concat") == 0) {
        int axis;
        if (norm_axis(g_attr_int(n, "axis", 0), x->rank, &axis) != 0)
            ATTR_BAD("axis", "out of range");
        memcpy(dims, x->dims, sizeof(int64_t) * (size_t)x->rank);
        dims[axis] = 0;
        for (int k = 0; k < n->nin; k++) {
            NEED_IN(k);
            const g_tensor *t = &g->t[n->in[k]];
            if (t->rank != x->rank || t->dtype != x->dtype)
                FAIL("E14001: Argument inputs for Op %s with optype %s is invalid. Reason: ranks or dtypes differ.",
                     n->name, op);
            for (int d = 0; d < x->rank; d++)
                if (d != axis && t->dims[d] != x->dims[d])
                    FAIL("E14001: Argument inputs for Op %s with optype %s is invalid. Reason: dim %d differs.",
                         n->name, op, d);
            dims[axis] += t->dims[axis];
        }
        return set_out(o, x->dtype, x->rank, dims);
    }
    if (strcmp(op, "Gather") == 0) {
        NEED_IN(1);
        const g_tensor *idx = &g->t[n->in[1]];
        int axis;
        if (norm_axis(g_attr_int(n, "axis", 0), x->rank, &axis) != 0)
            ATTR_BAD("axis", "out of range");
        if (idx->dtype != 9 && idx->dtype != 3)
            FAIL("E14001: Argument indices for Op %s with optype %s is invalid. Reason: indices must be int32 or "
                 "int64.", n->name, op);
        int r = 0;
        if (x->rank - 1 + idx->rank > G_MAX_DIMS)
            ATTR_BAD("indices", "the result has too many dims");
        for (int d = 0; d < axis; d++)
            dims[r++] = x->dims[d];
        for (int d = 0; d < idx->rank; d++)
            dims[r++] = idx->dims[d];
        for (int d = axis + 1; d < x->rank; d++)
            dims[r++] = x->dims[d];
        return set_out(o, x->dtype, r, dims);
    }
    if (strcmp(op, "ReduceMean") == 0 || strcmp(op, "ReduceSum") == 0) {
        int64_t axes[G_MAX_DIMS + 1];
        size_t na = 0;
        const int64_t *aa;
        size_t nattr = g_attr_ints(n, "axes", &aa);
        if (n->nin > 1 && n->in[1] >= 0) {
            if (!g_const_i64(&g->t[n->in[1]], axes, G_MAX_DIMS + 1, &na))
                ATTR_BAD("axes", "must be a constant");
        } else if (nattr <= G_MAX_DIMS) {
            if (nattr)
                memcpy(axes, aa, nattr * sizeof(int64_t));
            na = nattr;
        } else {
            ATTR_BAD("axes", "too many");
        }
        int keep = (int)g_attr_int(n, "keepdims", 1), mark[G_MAX_DIMS] = {0};
        for (size_t i = 0; i < na; i++) {
            int a;
            if (norm_axis(axes[i], x->rank, &a) != 0 || mark[a]++)
                ATTR_BAD("axes", "out of range or repeated");
        }
        int r = 0;
        for (int d = 0; d < x->rank; d++) {
            int reduced = na == 0 || mark[d];
            if (!reduced)
                dims[r++] = x->dims[d];
            else if (keep)
                dims[r++] = 1;
        }
        return set_out(o, x->dtype, r, dims);
    }
    if (strcmp(op, "Equal") == 0 || strcmp(op, "Where") == 0 || strcmp(op, "Expand") == 0) {
        NEED_IN(1);
        int r;
        g_tensor shape_t = {.rank = 0};
        const g_tensor *a = x, *b = &g->t[n->in[1]];
        if (strcmp(op, "Expand") == 0) {
            size_t ns;
            shape_t.rank = 0;
            if (!g_const_i64(b, shape_t.dims, G_MAX_DIMS, &ns))
                ATTR_BAD("shape", "must be a constant of at most 8 dims");
            shape_t.rank = (int)ns;
            b = &shape_t;
        }
        if (broadcast(a, b, &r, dims) != 0)
            FAIL("E14001: Argument input for Op %s with optype %s is invalid. Reason: the shapes do not broadcast.",
                 n->name, op);
        int dt = x->dtype;
        if (strcmp(op, "Where") == 0) {
            NEED_IN(2);
            g_tensor ab = {.rank = r};
            memcpy(ab.dims, dims, sizeof(dims));
            if (broadcast(&ab, &g->t[n->in[2]], &r, dims) != 0)
                FAIL("E14001: Argument input for Op %s with optype %s is invalid. Reason: the shapes do not "
                     "broadcast.", n->name, op);
            dt = g->t[n->in[1]].dtype;
        }
        return set_out(o, strcmp(op, "Equal") == 0 ? 12 : dt, r, dims);
    }
    if (strcmp(op, "ReduceMax") == 0) {
        const int64_t *aa;
        size_t na = g_attr_ints(n, "axes", &aa);
        int keep = (int)g_attr_int(n, "keepdims", 1), mark[G_MAX_DIMS] = {0}, r = 0;
        for (size_t i = 0; i < na; i++) {
            int a;
            if (norm_axis(aa[i], x->rank, &a) != 0 || mark[a]++)
                ATTR_BAD("axes", "out of range or repeated");
        }
        for (int d = 0; d < x->rank; d++) {
            if (!(na == 0 || mark[d]))
                dims[r++] = x->dims[d];
            else if (keep)
                dims[r++] = 1;
        }
        return set_out(o, x->dtype, r, dims);
    }
    if (strcmp(op, "ConstantOfShape") == 0) {
        size_t ns;
        if (!g_const_i64(x, dims, G_MAX_DIMS, &ns))
            ATTR_BAD("input", "the shape must be a constant of at most 8 dims");
        for (size_t d = 0; d < ns; d++)
            if (dims[d] < 0 || dims[d] > ((int64_t)1 << 31))
                ATTR_BAD("input", "negative or huge dim");
        const g_attr *v = g_attr_get(n, "value");
        int dt = v && v->type == G_ATTR_TENSOR && v->tensor >= 0 ? g->t[v->tensor].dtype : 0;
        return set_out(o, dt, (int)ns, dims);
    }
    if (strcmp(op, "Range") == 0) {
        NEED_IN(1);
        NEED_IN(2);
        const g_tensor *lim = &g->t[n->in[1]], *dl = &g->t[n->in[2]];
        if (!x->data || !lim->data || !dl->data || g_numel(x) != 1 || g_numel(lim) != 1 || g_numel(dl) != 1)
            ATTR_BAD("start/limit/delta", "must be constant scalars");
        double st = g_const_f64_at(x, 0), li = g_const_f64_at(lim, 0), de = g_const_f64_at(dl, 0);
        double cnt = de != 0 ? ceil((li - st) / de) : -1;
        if (!(cnt >= 0) || cnt > (double)(1 << 24))
            ATTR_BAD("delta", "zero, or the range is empty or too long");
        dims[0] = (int64_t)cnt;
        return set_out(o, x->dtype, 1, dims);
    }
    if (strcmp(op, "Slice") == 0) {
        int64_t st[G_MAX_DIMS + 1], en[G_MAX_DIMS + 1], ax[G_MAX_DIMS + 1], sp[G_MAX_DIMS + 1];
        size_t ns = 0, ne = 0, na = 0, nsp = 0;
        NEED_IN(1);
        NEED_IN(2);
        if (!g_const_i64(&g->t[n->in[1]], st, G_MAX_DIMS + 1, &ns) ||
            !g_const_i64(&g->t[n->in[2]], en, G_MAX_DIMS + 1, &ne) || ns != ne ||
            (n->nin > 3 && n->in[3] >= 0 && (!g_const_i64(&g->t[n->in[3]], ax, G_MAX_DIMS + 1, &na) || na != ns)) ||
            (n->nin > 4 && n->in[4] >= 0 && (!g_const_i64(&g->t[n->in[4]], sp, G_MAX_DIMS + 1, &nsp) || nsp != ns)))
            ATTR_BAD("starts/ends/axes/steps", "must be constants of one length");
        memcpy(dims, x->dims, sizeof(int64_t) * (size_t)x->rank);
        for (size_t i = 0; i < ns; i++) {
            int a;
            if (norm_axis(na ? ax[i] : (int64_t)i, x->rank, &a) != 0)
                ATTR_BAD("axes", "out of range");
            int64_t step = nsp ? sp[i] : 1, dim = x->dims[a];
            if (step <= 0 || step > ((int64_t)1 << 31))
                ATTR_BAD("steps", "only positive steps up to 2^31 are supported");
            int64_t b = st[i] < 0 ? st[i] + dim : st[i], e = en[i] < 0 ? en[i] + dim : en[i];
            b = b < 0 ? 0 : b > dim ? dim : b;
            e = e < 0 ? 0 : e > dim ? dim : e;
            dims[a] = e > b ? (e - b + step - 1) / step : 0;
        }
        return set_out(o, x->dtype, x->rank, dims);
    }
    if (strcmp(op, "Split") == 0) {
        int axis;
        if (norm_axis(g_attr_int(n, "axis", 0), x->rank, &axis) != 0)
            ATTR_BAD("axis", "out of range");
        int64_t sizes[64];
        size_t nsz = 0;
        const int64_t *sa;
        size_t nattr = g_attr_ints(n, "split", &sa);
        if (n->nin > 1 && n->in[1] >= 0) {
            if (!g_const_i64(&g->t[n->in[1]], sizes, 64, &nsz))
                ATTR_BAD("split", "must be a constant");
        } else if (nattr) {
            if (nattr > 64)
                ATTR_BAD("split", "too many parts");
            memcpy(sizes, sa, nattr * sizeof(int64_t)); /* nattr > 0 here */
            nsz = nattr;
        }
        if (n->nout > 64)
            ATTR_BAD("outputs", "too many parts");
        if (nsz == 0) {
            if (x->dims[axis] % n->nout != 0)
                ATTR_BAD("split", "the dim does not split into equal parts");
            for (int k = 0; k < n->nout; k++)
                sizes[k] = x->dims[axis] / n->nout;
            nsz = (size_t)n->nout;
        }
        int64_t sum = 0;
        for (size_t k = 0; k < nsz; k++) {
            if (sizes[k] < 0 || sizes[k] > x->dims[axis])
                ATTR_BAD("split", "negative or too large part");
            sum += sizes[k];
        }
        if (nsz != (size_t)n->nout || sum != x->dims[axis])
            ATTR_BAD("split", "the parts do not match the outputs or the dim");
        for (int k = 0; k < n->nout; k++) {
            if (n->out[k] < 0)
                continue;
            memcpy(dims, x->dims, sizeof(int64_t) * (size_t)x->rank);
            dims[axis] = sizes[k];
            set_out(&g->t[n->out[k]], x->dtype, x->rank, dims);
        }
        return 0;
    }
    if (strcmp(op, "Pad") == 0) {
        const g_attr *mode = g_attr_get(n, "mode");
        if (mode && mode->s && strcmp(mode->s, "constant") != 0)
            ATTR_BAD("mode", "only constant padding is supported");
        int64_t pads[2 * G_MAX_DIMS + 1];
        size_t np;
        NEED_IN(1);
        if (!g_const_i64(&g->t[n->in[1]], pads, 2 * G_MAX_DIMS + 1, &np) || np != 2 * (size_t)x->rank)
            ATTR_BAD("pads", "must be a constant of 2 * rank values");
        for (int d = 0; d < x->rank; d++) {
            if (pads[d] < 0 || pads[d + x->rank] < 0 || pads[d] > (1 << 20) || pads[d + x->rank] > (1 << 20))
                ATTR_BAD("pads", "negative (cropping) or huge pads are not supported");
            dims[d] = x->dims[d] + pads[d] + pads[d + x->rank];
        }
        return set_out(o, x->dtype, x->rank, dims);
    }
    if (strcmp(op, "TopK") == 0) {
        NEED_IN(1);
        int64_t k[2];
        size_t nk;
        int axis;
        if (!g_const_i64(&g->t[n->in[1]], k, 2, &nk) || nk != 1)
            ATTR_BAD("K", "must be a constant of one element");
        if (norm_axis(g_attr_int(n, "axis", -1), x->rank, &axis) != 0 || k[0] < 0 || k[0] > x->dims[axis])
            ATTR_BAD("axis/K", "out of range");
        memcpy(dims, x->dims, sizeof(int64_t) * (size_t)x->rank);
        dims[axis] = k[0];
        set_out(o, x->dtype, x->rank, dims);
        if (n->nout > 1 && n->out[1] >= 0)
            set_out(&g->t[n->out[1]], 9, x->rank, dims);
        return 0;
    }
    FAIL("E16002: No ONNX parser is registered for optype %s (node %s): the operator is not supported.", op,
         n->name);
}

int g_consumers(const graph *g, int ti)
{
    int c = 0;
    for (int i = 0; i < g->nn; i++) {
        if (g->n[i].dead)
            continue;
        for (int k = 0; k < g->n[i].nin; k++)
            c += g->n[i].in[k] == ti;
    }
    return c;
}
