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
/* What the target chip has kernels for (chip, from its profile's family), after pass_precision:
 * float32 Cube operators (Conv, ConvTranspose, MatMul, Gemm and their fused forms) on a chip
 * without an FP32 cube path (910, 310P) run in float16 with Casts around them in the modes that
 * allow it (allow_fp32_to_fp16, force_fp32), and refuse the conversion (EZ3002 / EZ3003 naming
 * the node) in the modes that keep the original dtype (must_keep_origin_dtype, origin), as the
 * real atc does for an op no engine has in float32. Convolutions on the 910 family (no aclnn
 * convolution) are refused in every mode. 0, or -1 with the message in err. */
typedef struct chip_kernels {
    int fp32_cube;   /* the Cube unit takes float32 (A2 / A3 / 950 / 310B) */
    int convolution; /* the chip has the aclnn convolutions (all but the 910 family) */
    int cube_avgpool; /* AvgPool2d is a cube kernel without float32 (910) */
} chip_kernels;
int pass_precision_chip(graph *g, const chip_kernels *chip, const char *soc, const char *mode_name, int *casts,
                        char *err, size_t cap);

#endif
