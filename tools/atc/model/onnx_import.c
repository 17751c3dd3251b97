/* ONNX → graph IR. protobuf-c does the decoding (onnx.pb-c.c is generated at build time from
 * the onnx.proto of Debian's libonnx-dev); this file only maps messages onto the IR: graph
 * inputs with their declared shapes, initializers and Constant values as host constants, nodes
 * with their attributes. Unknown dtypes, external data and sub-graphs are refused here. */
#include "onnx_import.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "onnx.pb-c.h"

#define FAIL(...)                          \
    do {                                   \
        snprintf(err, cap, __VA_ARGS__);   \
        goto fail;                         \
    } while (0)

/* memcpy that accepts an empty (possibly NULL) source: protobuf-c leaves empty fields NULL */
static void copy_in(void *dst, const void *src, size_t n)
{
    if (n)
        memcpy(dst, src, n);
}

/* ONNX TensorProto.DataType → aclDataType (-1: none) */
static int acl_dtype(int onnx)
{
    switch (onnx) {
    case 1: return 0;   /* FLOAT */
    case 2: return 4;   /* UINT8 */
    case 3: return 2;   /* INT8 */
    case 4: return 7;   /* UINT16 */
    case 5: return 6;   /* INT16 */
    case 6: return 3;   /* INT32 */
    case 7: return 9;   /* INT64 */
    case 9: return 12;  /* BOOL */
    case 10: return 1;  /* FLOAT16 */
    case 11: return 11; /* DOUBLE */
    case 12: return 8;  /* UINT32 */
    case 13: return 10; /* UINT64 */
    case 16: return 27; /* BFLOAT16 */
    default: return -1;
    }
}

/* The value of a TensorProto as a host constant in tensor ti. */
static int load_tensor(graph *g, int ti, const Onnx__TensorProto *tp, char *err, size_t cap)
{
    g_tensor *t = &g->t[ti];
    int dt = acl_dtype(tp->has_data_type ? tp->data_type : 0);
    if (dt < 0)
        FAIL("E16002: tensor %s has ONNX data type %d, which this toolkit does not convert", t->name,
             tp->has_data_type ? tp->data_type : 0);
    if (tp->has_data_location && tp->data_location == ONNX__TENSOR_PROTO__DATA_LOCATION__EXTERNAL)
        FAIL("E10001: Value [%s] for parameter [--model] is invalid. Reason: tensor %s keeps its data in an "
             "external file, which is not supported.", t->name, t->name);
    if (tp->n_dims > G_MAX_DIMS)
        FAIL("E10001: tensor %s has %zu dims (at most %d are supported)", t->name, tp->n_dims, G_MAX_DIMS);
    int64_t dims[G_MAX_DIMS];
    g_tensor shape = {.rank = (int)tp->n_dims};
    for (size_t d = 0; d < tp->n_dims; d++) {
        if (tp->dims[d] < 0)
            FAIL("E10001: tensor %s has a negative dim", t->name);
        dims[d] = shape.dims[d] = tp->dims[d];
    }
    int64_t numel = g_numel(&shape);
    size_t es = g_dtype_size(dt);
    if (!g_dims_ok(shape.rank, shape.dims) || numel < 0 || (uint64_t)numel > ((uint64_t)1 << 40) / es)
        FAIL("E10001: tensor %s is too large", t->name);
    size_t bytes = (size_t)numel * es;
    /* the bytes the file holds for it, checked before anything is allocated: a shape alone
     * must not make atc allocate (an 8 GB tensor declared in a 1 KB file) */
    size_t have;
    const void *src = NULL;
    int widen = 0; /* int32_data carries every narrower type, one element per entry */
    if (tp->has_raw_data) {
        have = tp->raw_data.len;
        src = tp->raw_data.data;
    } else if (dt == 0) {
        have = tp->n_float_data * 4;
        src = tp->float_data;
    } else if (dt == 9) {
        have = tp->n_int64_data * 8;
        src = tp->int64_data;
    } else if (dt == 11) {
        have = tp->n_double_data * 8;
        src = tp->double_data;
    } else if (dt == 3 || dt == 2 || dt == 4 || dt == 6 || dt == 7 || dt == 12 || dt == 1 || dt == 27) {
        have = tp->n_int32_data * es;
        widen = 1;
    } else {
        have = (size_t)-1;
    }
    if (have != bytes)
        FAIL("E10001: Value [%s] for parameter [--model] is invalid. Reason: tensor %s holds %zu bytes of data "
             "for a shape of %zu bytes.", t->name, t->name, have == (size_t)-1 ? 0 : have, bytes);
    unsigned char *buf = malloc(bytes ? bytes : 1);
    if (buf == NULL)
        FAIL("E19999: out of memory reading tensor %s", t->name);
    if (widen) {
        for (size_t i = 0; i < tp->n_int32_data; i++) {
            int32_t v = tp->int32_data[i];
            memcpy(buf + i * es, &v, es); /* little-endian: the low bytes */
        }
    } else {
        copy_in(buf, src, bytes);
    }
    g_set_const(t, dt, (int)tp->n_dims, dims, buf);
    return 0;
fail:
    return -1;
}

static int load_attr(graph *g, g_node *n, g_attr *a, const Onnx__AttributeProto *ap, char *err, size_t cap)
{
    a->name = strdup(ap->name ? ap->name : "");
    a->type = ap->has_type ? (int)ap->type : 0;
    a->tensor = -1;
    if (a->name == NULL)
        FAIL("E19999: out of memory");
    switch (a->type) {
    case G_ATTR_FLOAT: a->f = ap->f; break;
    case G_ATTR_INT: a->i = ap->i; break;
    case G_ATTR_STRING:
        a->s = malloc(ap->s.len + 1);
        if (a->s == NULL)
            FAIL("E19999: out of memory");
        copy_in(a->s, ap->s.data, ap->s.len);
        a->s[ap->s.len] = 0;
        break;
    case G_ATTR_FLOATS:
        a->n = ap->n_floats;
        a->floats = malloc((a->n ? a->n : 1) * sizeof(float));
        if (a->floats == NULL)
            FAIL("E19999: out of memory");
        copy_in(a->floats, ap->floats, a->n * sizeof(float));
        break;
    case G_ATTR_INTS:
        a->n = ap->n_ints;
        a->ints = malloc((a->n ? a->n : 1) * sizeof(int64_t));
        if (a->ints == NULL)
            FAIL("E19999: out of memory");
        copy_in(a->ints, ap->ints, a->n * sizeof(int64_t));
        break;
    case G_ATTR_TENSOR: {
        if (ap->t == NULL)
            FAIL("E14001: Argument %s for Op %s with optype %s is invalid. Reason: the tensor attribute has no value.",
                 a->name, n->name, n->op);
        char nm[600];
        snprintf(nm, sizeof(nm), "%s/%s", n->name, a->name);
        int ti = g_add_tensor(g, nm);
        if (ti < 0)
            FAIL("E19999: out of memory");
        if (load_tensor(g, ti, ap->t, err, cap) != 0)
            return -1;
        a->tensor = ti;
        break;
    }
    default:
        /* graphs, sparse tensors, strings lists: kept by name only; a lowering that needs one refuses */
        break;
    }
    return 0;
fail:
    return -1;
}

/* Declared shape of a graph input (unknown dims → -1, no shape → rank -1). */
static int load_value_info(g_tensor *t, const Onnx__ValueInfoProto *vi, char *err, size_t cap)
{
    const Onnx__TypeProto *tp = vi->type;
    if (tp == NULL || tp->value_case != ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE || tp->tensor_type == NULL)
        FAIL("E10001: Value [%s] for parameter [--model] is invalid. Reason: input %s is not a tensor.", t->name,
             t->name);
    const Onnx__TypeProto__Tensor *tt = tp->tensor_type;
    t->dtype = acl_dtype(tt->has_elem_type ? tt->elem_type : 0);
    if (t->dtype < 0)
        FAIL("E16002: input %s has ONNX element type %d, which this toolkit does not convert", t->name,
             tt->has_elem_type ? tt->elem_type : 0);
    if (tt->shape == NULL)
        return 0;
    if (tt->shape->n_dim > G_MAX_DIMS)
        FAIL("E10001: input %s has %zu dims (at most %d)", t->name, tt->shape->n_dim, G_MAX_DIMS);
    t->rank = (int)tt->shape->n_dim;
    for (size_t d = 0; d < tt->shape->n_dim; d++) {
        const Onnx__TensorShapeProto__Dimension *dm = tt->shape->dim[d];
        t->dims[d] = dm->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE && dm->dim_value >= 0
                         ? dm->dim_value
                         : -1;
        if (t->dims[d] > ((int64_t)1 << 31))
            FAIL("E10001: input %s: dim %zu (%lld) is too large", t->name, d, (long long)t->dims[d]);
    }
    return 0;
fail:
    return -1;
}

int onnx_import(const void *data, size_t len, const char *path, graph *g, char *err, size_t cap)
{
    memset(g, 0, sizeof(*g));
    Onnx__ModelProto *mp = onnx__model_proto__unpack(NULL, len, data);
    if (mp == NULL) {
        snprintf(err, cap, "E10001: Value [%s] for parameter [--model] is invalid. Reason: the file is not a "
                 "valid ONNX model (protobuf decoding failed).", path);
        return -1;
    }
    const Onnx__GraphProto *gp = mp->graph;
    if (gp == NULL)
        FAIL("E16004: ONNX model has no graph.");
    g->opset = -1;
    for (size_t i = 0; i < mp->n_opset_import; i++) {
        const Onnx__OperatorSetIdProto *os = mp->opset_import[i];
        if (os->domain == NULL || os->domain[0] == 0 || strcmp(os->domain, "ai.onnx") == 0)
            g->opset = os->has_version ? os->version : -1;
    }
    if (g->opset < 0)
        FAIL("E10001: Value [%s] for parameter [--model] is invalid. Reason: the model imports no opset of the "
             "default ONNX domain.", path);
    g->name = strdup(gp->name && gp->name[0] ? gp->name : "graph");
    for (size_t i = 0; i < gp->n_initializer; i++) {
        const Onnx__TensorProto *tp = gp->initializer[i];
        if (tp->name == NULL || tp->name[0] == 0)
            FAIL("E10001: Value [%s] for parameter [--model] is invalid. Reason: initializer %zu has no name.", path,
                 i);
        int ti = g_add_tensor(g, tp->name);
        if (ti < 0)
            FAIL("E19999: out of memory");
        if (load_tensor(g, ti, tp, err, cap) != 0)
            goto fail;
    }
    g->inputs = calloc(gp->n_input + 1, sizeof(int));
    g->outputs = calloc(gp->n_output + 1, sizeof(int));
    if (!g->name || !g->inputs || !g->outputs)
        FAIL("E19999: out of memory");
    for (size_t i = 0; i < gp->n_input; i++) {
        const Onnx__ValueInfoProto *vi = gp->input[i];
        if (vi->name == NULL || vi->name[0] == 0)
            FAIL("E10001: Value [%s] for parameter [--model] is invalid. Reason: graph input %zu has no name.", path, i);
        if (g_find_tensor(g, vi->name) >= 0)
            continue; /* an initializer listed as input (old exporters): a constant */
        int ti = g_add_tensor(g, vi->name);
        if (ti < 0)
            FAIL("E19999: out of memory");
        if (load_value_info(&g->t[ti], vi, err, cap) != 0)
            goto fail;
        g->t[ti].is_input = true;
        g->inputs[g->nin++] = ti;
    }
    if (g->nin == 0)
        FAIL("E16001: The model has no input node.");
    for (size_t i = 0; i < gp->n_node; i++) {
        const Onnx__NodeProto *np = gp->node[i];
        char autoname[64];
        snprintf(autoname, sizeof(autoname), "%s_%zu", np->op_type ? np->op_type : "node", i);
        const char *name = np->name && np->name[0] ? np->name : autoname;
        if (np->op_type == NULL || np->op_type[0] == 0)
            FAIL("E10001: Value [%s] for parameter [--model] is invalid. Reason: node %s has no op type.", path, name);
        if (np->domain && np->domain[0] && strcmp(np->domain, "ai.onnx") != 0)
            FAIL("E16002: No ONNX parser is registered for optype %s (node %s, domain %s).", np->op_type, name,
                 np->domain);
        g_node *n = g_add_node(g, np->op_type, name, (int)np->n_input, (int)np->n_output);
        if (n == NULL)
            FAIL("E19999: out of memory");
        int ni = (int)(g->nn - 1);
        n->attr = calloc(np->n_attribute + 1, sizeof(g_attr));
        if (n->attr == NULL)
            FAIL("E19999: out of memory");
        for (size_t k = 0; k < np->n_attribute; k++) {
            n->nattr++;
            if (load_attr(g, &g->n[ni], &g->n[ni].attr[k], np->attribute[k], err, cap) != 0)
                goto fail;
        }
        n = &g->n[ni];
        for (size_t k = 0; k < np->n_input; k++) {
            const char *in = np->input[k];
            if (in == NULL || in[0] == 0) {
                n->in[k] = -1;
                continue;
            }
            int ti = g_find_tensor(g, in);
            if (ti < 0)
                FAIL("E10001: Value [%s] for parameter [--model] is invalid. Reason: node %s (%s) reads %s, which no "
                     "earlier node, input or initializer produces.", path, n->name, n->op, in);
            n->in[k] = ti;
        }
        for (size_t k = 0; k < np->n_output; k++) {
            const char *on = np->output[k];
            if (on == NULL || on[0] == 0) {
                n->out[k] = -1;
                continue;
            }
            int ti = g_add_tensor(g, on);
            if (ti < 0)
                FAIL("E19999: out of memory");
            g->t[ti].producer = ni;
            g->n[ni].out[k] = ti;
            n = &g->n[ni];
        }
    }
    for (size_t i = 0; i < gp->n_output; i++) {
        const char *on = gp->output[i]->name;
        int ti = on ? g_find_tensor(g, on) : -1;
        if (ti < 0)
            FAIL("E16001: The model has no %s node.", on ? on : "(unnamed) output");
        if (g->t[ti].is_output) /* ONNX names are unique; the model file lists each output once */
            FAIL("E10001: Value [%s] for parameter [--model] is invalid. Reason: graph output %s is listed twice.",
                 path, on);
        g->t[ti].is_output = true;
        g->outputs[g->nout++] = ti;
    }
    if (g->nout == 0)
        FAIL("E16001: The model has no output node.");
    onnx__model_proto__free_unpacked(mp, NULL);
    return 0;
fail:
    onnx__model_proto__free_unpacked(mp, NULL);
    g_free(g);
    return -1;
}
