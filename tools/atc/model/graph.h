/* The graph IR of atc's model path: tensors (values with dtype, shape and, for constants, host
 * data) and nodes (ONNX op type, attributes, input/output tensor indices). The ONNX importer
 * fills it; the passes (shape inference, folding, BatchNorm folding, dead-node removal) rewrite
 * it; lowering turns it into the steps of a model file. */
#ifndef ATC_GRAPH_H
#define ATC_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define G_MAX_DIMS 8

typedef struct g_tensor {
    char *name;
    int dtype;              /* aclDataType; -1 not known yet */
    int rank;               /* -1 not known yet */
    int64_t dims[G_MAX_DIMS];
    void *data;             /* constant value (host, row-major), NULL for a runtime value */
    size_t nbytes;
    int producer;           /* node index, -1 for graph inputs and constants */
    bool is_input, is_output;
} g_tensor;

enum { G_ATTR_FLOAT = 1, G_ATTR_INT, G_ATTR_STRING, G_ATTR_TENSOR, G_ATTR_FLOATS = 6, G_ATTR_INTS };

typedef struct g_attr {
    char *name;
    int type;               /* G_ATTR_* (the ONNX AttributeType numbers) */
    float f;
    int64_t i;
    char *s;
    float *floats;
    int64_t *ints;
    size_t n;               /* element count of floats / ints */
    int tensor;             /* G_ATTR_TENSOR: index of a constant tensor */
} g_attr;

typedef struct g_node {
    char *name;
    char *op;
    int nin, nout, nattr;
    int *in;                /* tensor indices, -1 = an omitted optional input */
    int *out;
    g_attr *attr;
    bool dead;
} g_node;

typedef struct graph {
    char *name;
    int64_t opset;
    g_tensor *t;
    int nt, capt;
    g_node *n;
    int nn, capn;
    int *inputs, nin;       /* runtime inputs (initializers excluded) */
    int *outputs, nout;
} graph;

/* Index of a new tensor (name copied), -1 when out of memory. */
int g_add_tensor(graph *g, const char *name);
/* Index of the tensor called name, -1 if none. */
int g_find_tensor(const graph *g, const char *name);
/* A new node (op and name copied) with room for nin inputs / nout outputs; NULL when out of
 * memory. The pointer is valid until the next g_add_node. */
g_node *g_add_node(graph *g, const char *op, const char *name, int nin, int nout);
void g_free(graph *g);

const g_attr *g_attr_get(const g_node *n, const char *name);
int64_t g_attr_int(const g_node *n, const char *name, int64_t dflt);
float g_attr_float(const g_node *n, const char *name, float dflt);
/* Int list attribute: count (0 when absent) and *v. */
size_t g_attr_ints(const g_node *n, const char *name, const int64_t **v);

/* Elements / bytes of a tensor's shape (rank known); -1 on overflow past 2^62. */
int64_t g_numel(const g_tensor *t);
size_t g_dtype_size(int dtype);
/* Every dim in [0, 2^31] and the product of the non-zero dims at most 2^40 elements: then no
 * partial product of a shape computation (Flatten, Reshape, window sizes) can overflow int64. */
bool g_dims_ok(int rank, const int64_t *dims);
/* Sets t to a constant of dtype and dims, taking ownership of data (nbytes checked). */
void g_set_const(g_tensor *t, int dtype, int rank, const int64_t *dims, void *data);

/* A constant's elements read as int64 / double (any integer or float dtype); false if t is no
 * constant of such a dtype. */
bool g_const_i64(const g_tensor *t, int64_t *out, size_t cap, size_t *n);
double g_const_f64_at(const g_tensor *t, size_t i);

#endif
