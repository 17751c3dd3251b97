/* Dynamic gears of atc's model path: --dynamic_batch_size, --dynamic_image_size and
 * --dynamic_dims against the -1 dims of --input_shape. Each gear is compiled as a static graph
 * (the --input_shape of that gear); dyn_merge joins the compiled gears into one model whose
 * gears share one weight section. */
#ifndef ATC_DYN_GEARS_H
#define ATC_DYN_GEARS_H

#include <stdint.h>

#include "../../../acl/mdl/mdl_format.h"

typedef struct dyn_spec {
    int kind;    /* MDL_DYN_* */
    int ngears;  /* 1 when static */
    int nvals;   /* values per gear */
    int64_t vals[MDL_MAX_GEARS][MDL_MAX_GEAR_VALS];
} dyn_spec;

/* Checks the dynamic options (any may be NULL) against input_shape and input_format; fills d
 * (kind NONE, one gear when none is given). Returns 0, or -1 with the E-coded message printed. */
int dyn_parse(const char *batch, const char *image, const char *dims, const char *input_shape,
              const char *input_format, dyn_spec *d);

/* The --input_shape of gear k (every -1 replaced by the gear's value); malloc'd, NULL when out
 * of memory. For a static spec, a copy of input_shape. */
char *dyn_gear_shape(const char *input_shape, const dyn_spec *d, int k);

/* Joins the compiled gears g[0..n-1] (each a static model; g[0] becomes the result, the others
 * its gear graphs, their weights folded into g[0]'s weight section with identical tensors
 * stored once). in_decl comes from input_shape (-1 kept). Returns 0, or -1 when out of memory
 * (every g[k] is then freed). */
int dyn_merge(mdl_model **g, int n, const dyn_spec *d, const char *input_shape);

#endif
