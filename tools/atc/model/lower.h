/* Lowering the optimised graph onto model steps (one aclnn call each), the weight blob and the
 * workspace plan. */
#ifndef ATC_LOWER_H
#define ATC_LOWER_H

#include <stddef.h>

#include "../../../acl/mdl/mdl_format.h"
#include "graph.h"

/* Builds *out from g; *naive_ws gets the workspace bytes the tensors would take without reuse.
 * Returns 0, or -1 with a message (E-code first) in err. */
int lower_graph(const graph *g, const char *soc, const char *precision_mode, mdl_model **out,
                uint64_t *naive_ws, char *err, size_t cap);

/* Lifetime-based placement of the workspace tensors of m (mem_plan.c): each alias root gets an
 * offset (MDL_ALIGN-aligned) no live-overlapping tensor uses; views take their root's offset.
 * alias[i] is the root tensor of tensor i (i itself for a root). Sets m->workspace_bytes;
 * *naive (may be NULL) gets the bytes without reuse. Returns 0, or -1 when out of memory. */
int mem_plan(mdl_model *m, const int *alias, uint64_t *naive);

#endif
