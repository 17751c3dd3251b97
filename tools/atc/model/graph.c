/* The graph IR: storage and the small helpers every pass uses. */
#include "graph.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../../acl/mdl/mdl_format.h"

static char *dup(const char *s) { return strdup(s ? s : ""); }

int g_add_tensor(graph *g, const char *name)
{
    if (g->nt == g->capt) {
        int cap = g->capt ? g->capt * 2 : 64;
        g_tensor *t = realloc(g->t, (size_t)cap * sizeof(*t));
        if (t == NULL)
            return -1;
        g->t = t;
        g->capt = cap;
    }
    g_tensor *t = &g->t[g->nt];
    memset(t, 0, sizeof(*t));
    t->name = dup(name);
    t->dtype = -1;
    t->rank = -1;
    t->producer = -1;
    return t->name ? g->nt++ : -1;
}

int g_find_tensor(const graph *g, const char *name)
{
    for (int i = g->nt - 1; i >= 0; i--)
        if (strcmp(g->t[i].name, name) == 0)
            return i;
    return -1;
}

g_node *g_add_node(graph *g, const char *op, const char *name, int nin, int nout)
{
    if (g->nn == g->capn) {
        int cap = g->capn ? g->capn * 2 : 64;
        g_node *n = realloc(g->n, (size_t)cap * sizeof(*n));
        if (n == NULL)
            return NULL;
        g->n = n;
        g->capn = cap;
    }
    g_node *n = &g->n[g->nn];
    memset(n, 0, sizeof(*n));
    n->op = dup(op);
    n->name = dup(name);
    n->in = calloc((size_t)(nin > 0 ? nin : 1), sizeof(int));
    n->out = calloc((size_t)(nout > 0 ? nout : 1), sizeof(int));
    if (!n->op || !n->name || !n->in || !n->out) {
        free(n->op);
        free(n->name);
        free(n->in);
        free(n->out);
        return NULL;
    }
    n->nin = nin;
    n->nout = nout;
    g->nn++;
    return n;
}

void g_free(graph *g)
{
    for (int i = 0; i < g->nt; i++) {
        free(g->t[i].name);
        free(g->t[i].data);
    }
    for (int i = 0; i < g->nn; i++) {
        g_node *n = &g->n[i];
        for (int k = 0; k < n->nattr; k++) {
            free(n->attr[k].name);
            free(n->attr[k].s);
            free(n->attr[k].floats);
            free(n->attr[k].ints);
        }
        free(n->attr);
        free(n->name);
        free(n->op);
        free(n->in);
        free(n->out);
    }
    free(g->t);
    free(g->n);
    free(g->inputs);
    free(g->outputs);
    free(g->name);
    memset(g, 0, sizeof(*g));
}

const g_attr *g_attr_get(const g_node *n, const char *name)
{
    for (int k = 0; k < n->nattr; k++)
        if (strcmp(n->attr[k].name, name) == 0)
            return &n->attr[k];
    return NULL;
}

int64_t g_attr_int(const g_node *n, const char *name, int64_t dflt)
{
    const g_attr *a = g_attr_get(n, name);
    return a && a->type == G_ATTR_INT ? a->i : dflt;
}

float g_attr_float(const g_node *n, const char *name, float dflt)
{
    const g_attr *a = g_attr_get(n, name);
    return a && a->type == G_ATTR_FLOAT ? a->f : dflt;
}

size_t g_attr_ints(const g_node *n, const char *name, const int64_t **v)
{
    const g_attr *a = g_attr_get(n, name);
    if (a == NULL || a->type != G_ATTR_INTS) {
        *v = NULL;
        return 0;
    }
    *v = a->ints;
    return a->n;
}

int64_t g_numel(const g_tensor *t)
{
    int64_t n = 1;
    for (int d = 0; d < t->rank; d++) {
        if (t->dims[d] < 0 || (t->dims[d] > 0 && n > ((int64_t)1 << 62) / t->dims[d]))
            return -1;
        n *= t->dims[d];
    }
    return n;
}

size_t g_dtype_size(int dtype) { return mdl_dtype_size(dtype); }

bool g_dims_ok(int rank, const int64_t *dims)
{
    int64_t n = 1;
    for (int d = 0; d < rank; d++) {
        if (dims[d] < 0 || dims[d] > ((int64_t)1 << 31))
            return false;
        if (dims[d] > 0) { /* checked before multiplying: 2^40 x 2^31 would overflow int64 */
            if (dims[d] > (((int64_t)1 << 40) / n))
                return false;
            n *= dims[d];
        }
    }
    return true;
}

void g_set_const(g_tensor *t, int dtype, int rank, const int64_t *dims, void *data)
{
    free(t->data);
    t->dtype = dtype;
    t->rank = rank;
    for (int d = 0; d < rank; d++)
        t->dims[d] = dims[d];
    t->data = data;
    t->nbytes = (size_t)g_numel(t) * g_dtype_size(dtype);
}

/* IEEE half → double (constants of an FP16 model, issue 11 precision modes) */
static double half_value(uint16_t h)
{
    int e = (h >> 10) & 0x1f, m = h & 0x3ff;
    double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m + 1024, e - 25);
    return h & 0x8000 ? -v : v;
}

static double elem(const g_tensor *t, size_t i)
{
    const void *p = t->data;
    switch (t->dtype) {
    case 0: return ((const float *)p)[i];
    case 1: return half_value(((const uint16_t *)p)[i]);
    case 11: return ((const double *)p)[i];
    case 3: return ((const int32_t *)p)[i];
    case 9: return (double)((const int64_t *)p)[i];
    case 2: return ((const int8_t *)p)[i];
    case 4: case 12: return ((const uint8_t *)p)[i];
    case 6: return ((const int16_t *)p)[i];
    case 7: return ((const uint16_t *)p)[i];
    case 8: return ((const uint32_t *)p)[i];
    case 10: return (double)((const uint64_t *)p)[i];
    default: return 0;
    }
}

double g_const_f64_at(const g_tensor *t, size_t i) { return elem(t, i); }

bool g_const_i64(const g_tensor *t, int64_t *out, size_t cap, size_t *n)
{
    /* shape-like inputs (shapes, axes, pads, indices) are integer tensors; a float or a uint64
     * past INT64_MAX is no such value */
    if (t->data == NULL || t->rank < 0)
        return false;
    int dt = t->dtype;
    if (dt != 9 && dt != 3 && dt != 2 && dt != 4 && dt != 12 && dt != 6 && dt != 7 && dt != 8 && dt != 10)
        return false;
    int64_t cnt = g_numel(t);
    if (cnt < 0 || (size_t)cnt > cap)
        return false;
    for (int64_t i = 0; i < cnt; i++) {
        if (dt == 9) {
            out[i] = ((const int64_t *)t->data)[i];
        } else if (dt == 10) {
            uint64_t v = ((const uint64_t *)t->data)[i];
            if (v > (uint64_t)INT64_MAX)
                return false;
            out[i] = (int64_t)v;
        } else {
            out[i] = (int64_t)elem(t, (size_t)i); /* 32-bit and narrower: exact in a double */
        }
    }
    *n = (size_t)cnt;
    return true;
}
