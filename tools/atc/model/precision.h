/* Precision modes of atc's model path (pass_precision.c). */
#ifndef ATC_PRECISION_H
#define ATC_PRECISION_H

#include <stddef.h>

#include "graph.h"

enum { PREC_FP32 = 0, PREC_FP16 = 1, PREC_MIXED = 2 };

/* --precision_mode (v1) / --precision_mode_v2 (v2) values (NULL: not given) → PREC_*; the default
 * is the real tool's: force_fp16 / fp16. 0, or -1 with an E10001 message. */
int precision_resolve(const char *v1, const char *v2, int *mode, char *err, size_t cap);
/* --keep_dtype file: node names (or "OpType::<type>") one per line. 0 or -1 with a message. */
int keep_dtype_read(const char *path, char ***names, int *n, char *err, size_t cap);
/* Rewrites a float32 graph for the mode (see pass_precision.c); *casts counts the Cast nodes
 * added. -1 when out of memory. */
int pass_precision(graph *g, int mode, char **keep, int nkeep, int *casts);

#endif
