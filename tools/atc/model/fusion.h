/* The fusion passes of atc's graph compiler (pass_fuse.c), their switches (--fusion_switch_file,
 * fusion_switch.c) and their report (fusion_result.json, fusion_switch.c). */
#ifndef ATC_FUSION_H
#define ATC_FUSION_H

#include <stddef.h>

#include "graph.h"

/* The passes, in the order they run (ConvBatchnormFusionPass is pass_batchnorm.c, before them). */
enum {
    FUSE_TRANSPOSE,
    FUSE_GELU,
    FUSE_LAYERNORM,
    FUSE_MATMUL_BIAS,
    FUSE_MATMUL_SCALE,
    FUSE_MATMUL_ACT,
    FUSE_CONV_ADD,
    FUSE_CONV_ACT,
    FUSE_ADD_LAYERNORM,
    FUSE_CONV_BN,
    FUSE_NPASSES
};

typedef struct fuse_stats {
    int match[FUSE_NPASSES];  /* pattern found */
    int effect[FUSE_NPASSES]; /* and rewritten */
} fuse_stats;

/* The pass's name as fusion_result.json and the switch file spell it; 1 for a UB-fusion pass
 * (a kernel epilogue), 0 for a graph-fusion pass. */
const char *fuse_pass_name(int pass);
int fuse_pass_is_ub(int pass);

/* Runs the enabled passes (enabled[pass] != 0) over a shape-inferred graph. -1 when out of memory. */
int pass_fuse(graph *g, const unsigned char *enabled, fuse_stats *st);

/* Reads a --fusion_switch_file (the CANN JSON form: {"Switch": {"GraphFusion": {"<pass>": "off",
 * "ALL": "off"}, "UBFusion": {...}}}) into enabled[]; names of passes this compiler does not have
 * are accepted (the real file lists many). 0, or -1 with an E10001 message in err. */
int fusion_switch_read(const char *path, unsigned char *enabled, char *err, size_t cap);

/* Writes fusion_result.json (the real file's layout: graph_fusion / ub_fusion objects of
 * {"match_times", "effect_times"} per pass that matched, session_and_graph_id). 0 or -1. */
int fusion_result_write(const char *path, const fuse_stats *st, const unsigned char *enabled);

#endif
