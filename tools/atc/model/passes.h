/* The graph passes of atc's model path, in the order convert.c runs them. Each returns 0, or
 * -1 with a message (E-code first, naming the node and its op) in err. */
#ifndef ATC_PASSES_H
#define ATC_PASSES_H

#include <stddef.h>

#include "graph.h"

/* Shape and dtype of node ni's outputs from its inputs (pass_shape.c). */
int infer_node(graph *g, int ni, char *err, size_t cap);
/* If node ni can be evaluated on the host (all inputs constant, or Shape of a known shape),
 * computes its outputs as constants and marks it dead; *folded tells (pass_fold.c). */
int fold_node(graph *g, int ni, int *folded, char *err, size_t cap);
/* Shape inference and constant folding over the whole graph, in node order. */
int pass_infer_and_fold(graph *g, char *err, size_t cap);
/* BatchNormalization with constant parameters → per-channel scale and shift, folded into the
 * preceding Conv's weights and bias when the Conv feeds only it and fold_into_conv is set
 * (ConvBatchnormFusionPass, which --fusion_switch_file can turn off) (pass_batchnorm.c).
 * *folded_into_conv counts the folds. */
int pass_batchnorm(graph *g, int fold_into_conv, int *folded_into_conv, char *err, size_t cap);
/* Removes nodes whose outputs reach no graph output (pass_dce.c); *removed counts them. */
int pass_dce(graph *g, int *removed);

/* issue 11 (mfuse): Resize / Upsample output shape (pass_resize.c), and the interpolation
 * matrices of the linear mode appended to the node as inputs 4 (along W) and 5 (along H). */
int infer_resize(graph *g, int ni, char *err, size_t cap);
int pass_resize(graph *g, char *err, size_t cap);
/* a string attribute of a Resize node, dflt when absent */
const char *resize_attr(const g_node *n, const char *name, const char *dflt);

/* How many live nodes read tensor ti. */
int g_consumers(const graph *g, int ti);

#endif
