/* Constant folding: a node whose inputs are all constants (initializers, Constant values, or
 * earlier folded results) is evaluated here on the host, and so is Shape of a known shape. Its
 * outputs become constants and the node is dead; what lowering sees is only runtime work.
 * Values are computed in double and stored in the output dtype (shape arithmetic is int64 and
 * exact below 2^53). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "passes.h"

#define FAIL(...)                        \
    do {                                 \
        snprintf(err, cap, __VA_ARGS__); \
        return -1;                       \
    } while (0)

/* v clamped into [lo, hi] (NaN -> 0): converting an out-of-range double to an integer type is
 * undefined, and ONNX leaves such casts implementation-defined */
static double sat(double v, double lo, double hi)
{
    return v != v ? 0 : v < lo ? lo : v > hi ? hi : v;
}

static void store(void *p, int dtype, size_t i, double v)
{
    switch (dtype) {
    case 0: ((float *)p)[i] = (float)v; break;
    case 11: ((double *)p)[i] = v; break;
    case 3: ((int32_t *)p)[i] = (int32_t)sat(v, INT32_MIN, INT32_MAX); break;
    case 9: ((int64_t *)p)[i] = v != v ? 0 : v >= 0x1p63 ? INT64_MAX : v < -0x1p63 ? INT64_MIN : (int64_t)v; break;
    case 2: ((int8_t *)p)[i] = (int8_t)sat(v, INT8_MIN, INT8_MAX); break;
    case 4: ((uint8_t *)p)[i] = (uint8_t)sat(v, 0, UINT8_MAX); break;
    case 12: ((uint8_t *)p)[i] = v != 0; break;
    case 6: ((int16_t *)p)[i] = (int16_t)sat(v, INT16_MIN, INT16_MAX); break;
    case 7: ((uint16_t *)p)[i] = (uint16_t)sat(v, 0, UINT16_MAX); break;
    case 8: ((uint32_t *)p)[i] = (uint32_t)sat(v, 0, UINT32_MAX); break;
    case 10: ((uint64_t *)p)[i] = v != v || v <= 0 ? 0 : v >= 0x1p64 ? UINT64_MAX : (uint64_t)v; break;
    default: break;
    }
}

/* element of t (broadcast into an output of rank r, dims od) at output linear index i */
static double bcast_at(const g_tensor *t, int r, const int64_t *od, int64_t i)
{
    int64_t off = 0, stride = 1;
    for (int d = r - 1; d >= 0; d--) {
        int64_t c = i % od[d];
        i /= od[d];
        int td = d - (r - t->rank);
        if (td >= 0) {
            if (t->dims[td] != 1)
                off += c * stride;
            stride *= t->dims[td];
        }
    }
    if (t->dtype == 9)
        return (double)((const int64_t *)t->data)[off];
    return g_const_f64_at(t, (size_t)off);
}

static double apply(const char *op, double a, double b)
{
    switch (op[0]) {
    case 'A': return a + b;
    case 'S': return a - b;
    case 'M': return op[1] == 'u' ? a * b : op[1] == 'a' ? (a > b ? a : b) : (a < b ? a : b);
    case 'D': return b != 0 ? a / b : (a == 0 ? NAN : a > 0 ? INFINITY : -INFINITY);
    case 'P': return pow(a, b);
    default: return 0;
    }
}

static int is_foldable(const char *op)
{
    static const char *const ops[] = {"Constant", "Identity", "Dropout", "Reshape", "Flatten", "Squeeze",
                                      "Unsqueeze", "Cast", "Concat", "Gather", "Transpose", "Add", "Sub",
                                      "Mul", "Div", "Pow", "Max", "Min", "Sqrt", "Neg", "ConstantOfShape", "Range",
                                      "Slice", "Equal", "Where", "Expand", NULL};
    for (int i = 0; ops[i]; i++)
        if (strcmp(op, ops[i]) == 0)
            return 1;
    return 0;
}

int fold_node(graph *g, int ni, int *folded, char *err, size_t cap)
{
    g_node *n = &g->n[ni];
    *folded = 0;
    g_tensor *o = &g->t[n->out[0]];
    int64_t numel = g_numel(o);
    size_t es = g_dtype_size(o->dtype);
    if (numel < 0 || es == 0)
        return 0;
    int is_shape = strcmp(n->op, "Shape") == 0;
    if (!is_shape) {
        if (!is_foldable(n->op))
            return 0;
        for (int k = 0; k < n->nin; k++)
            if (n->in[k] >= 0 && g->t[n->in[k]].data == NULL)
                return 0;
        /* a large folded result would only bloat the weights: leave big runtime work at runtime */
        if (numel > (1 << 24))
            return 0;
    }
    unsigned char *buf = calloc((size_t)numel + 1, es);
    if (buf == NULL)
        FAIL("E19999: out of memory folding node %s", n->name);
    const g_tensor *x = n->nin > 0 && n->in[0] >= 0 ? &g->t[n->in[0]] : NULL;
    const char *op = n->op;
    if (numel == 0) {
        /* an empty result: nothing to compute (the per-op loops over outer dims would still run:
         * a Concat of empty tensors with 4e8 outer rows took minutes) */
    } else if (is_shape) {
        for (int d = 0; d < x->rank; d++)
            ((int64_t *)buf)[d] = x->dims[d];
    } else if (strcmp(op, "Constant") == 0) {
        const g_attr *v = g_attr_get(n, "value");
        if (v && v->type == G_ATTR_TENSOR && v->tensor >= 0) {
            memcpy(buf, g->t[v->tensor].data, (size_t)numel * es);
        } else {
            const char *names[] = {"value_float", "value_int", "value_floats", "value_ints", NULL};
            const g_attr *a = NULL;
            for (int i = 0; names[i] && !a; i++)
                a = g_attr_get(n, names[i]);
            for (int64_t i = 0; i < numel; i++)
                store(buf, o->dtype, (size_t)i,
                      a->type == G_ATTR_FLOAT ? a->f : a->type == G_ATTR_INT ? (double)a->i
                      : a->type == G_ATTR_FLOATS ? a->floats[i] : (double)a->ints[i]);
        }
    } else if (strcmp(op, "Identity") == 0 || strcmp(op, "Dropout") == 0 || strcmp(op, "Reshape") == 0 ||
               strcmp(op, "Flatten") == 0 || strcmp(op, "Squeeze") == 0 || strcmp(op, "Unsqueeze") == 0) {
        memcpy(buf, x->data, (size_t)numel * es);
    } else if (strcmp(op, "Cast") == 0) {
        for (int64_t i = 0; i < numel; i++)
            store(buf, o->dtype, (size_t)i, x->dtype == 9 ? (double)((int64_t *)x->data)[i] : g_const_f64_at(x, (size_t)i));
    } else if (strcmp(op, "Concat") == 0) {
        int axis = (int)g_attr_int(n, "axis", 0);
        if (axis < 0)
            axis += o->rank;
        int64_t outer = 1, inner = 1;
        for (int d = 0; d < axis; d++)
            outer *= o->dims[d];
        for (int d = axis + 1; d < o->rank; d++)
            inner *= o->dims[d];
        size_t pos = 0;
        for (int64_t b = 0; b < outer; b++)
            for (int k = 0; k < n->nin; k++) {
                const g_tensor *t = &g->t[n->in[k]];
                size_t chunk = (size_t)(t->dims[axis] * inner) * es;
                memcpy(buf + pos, (const unsigned char *)t->data + (size_t)b * chunk, chunk);
                pos += chunk;
            }
    } else if (strcmp(op, "Gather") == 0) {
        const g_tensor *idx = &g->t[n->in[1]];
        int axis = (int)g_attr_int(n, "axis", 0);
        if (axis < 0)
            axis += x->rank;
        int64_t outer = 1, inner = 1, ni_ = g_numel(idx);
        for (int d = 0; d < axis; d++)
            outer *= x->dims[d];
        for (int d = axis + 1; d < x->rank; d++)
            inner *= x->dims[d];
        size_t pos = 0;
        for (int64_t b = 0; b < outer; b++)
            for (int64_t j = 0; j < ni_; j++) {
                int64_t v = idx->dtype == 9 ? ((int64_t *)idx->data)[j] : ((int32_t *)idx->data)[j];
                if (v < 0)
                    v += x->dims[axis];
                if (v < 0 || v >= x->dims[axis]) {
                    free(buf);
                    FAIL("E14001: Argument indices for Op %s with optype %s is invalid. Reason: index %lld is out "
                         "of range.", n->name, op, (long long)v);
                }
                memcpy(buf + pos, (const unsigned char *)x->data + (size_t)((b * x->dims[axis] + v) * inner) * es,
                       (size_t)inner * es);
                pos += (size_t)inner * es;
            }
    } else if (strcmp(op, "Transpose") == 0) {
        const int64_t *perm;
        size_t np = g_attr_ints(n, "perm", &perm);
        int64_t istride[G_MAX_DIMS];
        int64_t s = 1;
        for (int d = x->rank - 1; d >= 0; d--) {
            istride[d] = s;
            s *= x->dims[d];
        }
        for (int64_t i = 0; i < numel; i++) {
            int64_t rem = i, off = 0;
            for (int d = o->rank - 1; d >= 0; d--) {
                int64_t c = rem % o->dims[d];
                rem /= o->dims[d];
                off += c * istride[np ? perm[d] : x->rank - 1 - d];
            }
            memcpy(buf + (size_t)i * es, (const unsigned char *)x->data + (size_t)off * es, es);
        }
    } else if (strcmp(op, "ConstantOfShape") == 0) {
        const g_attr *v = g_attr_get(n, "value");
        const g_tensor *c = v && v->type == G_ATTR_TENSOR && v->tensor >= 0 ? &g->t[v->tensor] : NULL;
        for (int64_t i = 0; i < numel; i++)
            if (c && c->data && c->nbytes >= es)
                memcpy(buf + (size_t)i * es, c->data, es);
    } else if (strcmp(op, "Range") == 0) {
        double st = g_const_f64_at(x, 0), de = g_const_f64_at(&g->t[n->in[2]], 0);
        for (int64_t i = 0; i < numel; i++)
            store(buf, o->dtype, (size_t)i, st + (double)i * de);
    } else if (strcmp(op, "Slice") == 0) {
        /* per output element: the input coordinate is start + i * step on the sliced axes */
        int64_t start[G_MAX_DIMS] = {0}, step[G_MAX_DIMS];
        for (int d = 0; d < x->rank; d++)
            step[d] = 1;
        int64_t st[G_MAX_DIMS + 1], ax[G_MAX_DIMS + 1], sp[G_MAX_DIMS + 1];
        size_t ns = 0, na = 0, nsp = 0;
        g_const_i64(&g->t[n->in[1]], st, G_MAX_DIMS + 1, &ns);
        if (n->nin > 3 && n->in[3] >= 0)
            g_const_i64(&g->t[n->in[3]], ax, G_MAX_DIMS + 1, &na);
        if (n->nin > 4 && n->in[4] >= 0)
            g_const_i64(&g->t[n->in[4]], sp, G_MAX_DIMS + 1, &nsp);
        for (size_t i = 0; i < ns; i++) {
            int a = (int)(na ? (ax[i] < 0 ? ax[i] + x->rank : ax[i]) : (int64_t)i);
            int64_t dim = x->dims[a], b = st[i] < 0 ? st[i] + dim : st[i];
            start[a] = b < 0 ? 0 : b > dim ? dim : b;
            step[a] = nsp ? sp[i] : 1;
        }
        int64_t istride[G_MAX_DIMS], sacc = 1;
        for (int d = x->rank - 1; d >= 0; d--) {
            istride[d] = sacc;
            sacc *= x->dims[d];
        }
        for (int64_t i = 0; i < numel; i++) {
            int64_t rem = i, off = 0;
            for (int d = o->rank - 1; d >= 0; d--) {
                int64_t c = rem % o->dims[d];
                rem /= o->dims[d];
                off += (start[d] + c * step[d]) * istride[d];
            }
            memcpy(buf + (size_t)i * es, (const unsigned char *)x->data + (size_t)off * es, es);
        }
    } else if (strcmp(op, "Equal") == 0) {
        const g_tensor *b = &g->t[n->in[1]];
        for (int64_t i = 0; i < numel; i++)
            store(buf, o->dtype, (size_t)i, bcast_at(x, o->rank, o->dims, i) == bcast_at(b, o->rank, o->dims, i));
    } else if (strcmp(op, "Where") == 0) {
        const g_tensor *a = &g->t[n->in[1]], *b = &g->t[n->in[2]];
        for (int64_t i = 0; i < numel; i++)
            store(buf, o->dtype, (size_t)i, bcast_at(x, o->rank, o->dims, i) != 0 ? bcast_at(a, o->rank, o->dims, i)
                                                                                    : bcast_at(b, o->rank, o->dims, i));
    } else if (strcmp(op, "Expand") == 0) {
        for (int64_t i = 0; i < numel; i++)
            store(buf, o->dtype, (size_t)i, bcast_at(x, o->rank, o->dims, i));
    } else if (strcmp(op, "Sqrt") == 0 || strcmp(op, "Neg") == 0) {
        for (int64_t i = 0; i < numel; i++) {
            double v = g_const_f64_at(x, (size_t)i);
            store(buf, o->dtype, (size_t)i, op[0] == 'S' ? sqrt(v) : -v);
        }
    } else { /* binary with broadcast */
        const g_tensor *b = &g->t[n->in[1]];
        for (int64_t i = 0; i < numel; i++) {
            double r = apply(op, bcast_at(x, o->rank, o->dims, i), bcast_at(b, o->rank, o->dims, i));
            /* integer division truncates as ONNX's int Div does */
            if (op[0] == 'D' && o->dtype == 9)
                r = trunc(r);
            store(buf, o->dtype, (size_t)i, r);
        }
    }
    g_set_const(o, o->dtype, o->rank, o->dims, buf);
    n->dead = true;
    *folded = 1;
    return 0;
}

int pass_infer_and_fold(graph *g, char *err, size_t cap)
{
    for (int i = 0; i < g->nn; i++) {
        if (g->n[i].dead)
            continue;
        if (infer_node(g, i, err, cap) != 0)
            return -1;
        /* a shape past the limits (an Expand to 2^40 elements, ...) stops here, before any size
         * computation on it can overflow */
        const g_node *n = &g->n[i];
        for (int k = 0; k < n->nout; k++) {
            const g_tensor *o = n->out[k] >= 0 ? &g->t[n->out[k]] : NULL;
            if (o && o->rank >= 0 && !g_dims_ok(o->rank, o->dims)) {
                snprintf(err, cap, "E14001: Argument output for Op %s with optype %s is invalid. Reason: the output "
                         "shape is too large (more than 2^40 elements or a dim past 2^31).", n->name, n->op);
                return -1;
            }
        }
        int folded;
        if (fold_node(g, i, &folded, err, cap) != 0)
            return -1;
    }
    return 0;
}
