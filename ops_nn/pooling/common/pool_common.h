/* Host helpers of the 2-D pooling ops: the (N, C, H, W) geometry of a 3-D (CHW) or 4-D (NCHW,
 * or NHWC seen through a permutation) tensor, PyTorch/ops-nn output sizes, attribute parsing
 * and the planner that stages operands and records one pooling launch over N*C planes. */
#ifndef OPS_NN_POOL_COMMON_H
#define OPS_NN_POOL_COMMON_H

#include "aclemu_op/op_api.h"
#include "pool_args.h"

typedef struct pool_geom {
    int is3d, channel_last;
    int64_t N, C, H, W;
    int32_t perm[4]; /* channel-last -> channel-first view */
} pool_geom;

/* Rank 3 or 4 ("3D or 4D tensor expected"), layout from the format. */
aclnnStatus pool_geom_of(const char *api, const aclTensor *t, const char *name, pool_geom *g);
/* Expected shape of an output with spatial size OH x OW in t's layout. */
aclnnStatus pool_check_out(const char *api, const aclTensor *out, const char *name, const pool_geom *g, int64_t OH,
                           int64_t OW);
/* floor/ceil((in + pl + pr - d(k-1) - 1)/s) + 1, dropping a last window that starts in the right
 * padding when ceil_mode. */
int64_t pool_out_size(int64_t in, int64_t k, int64_t pl, int64_t pr, int64_t s, int64_t d, int ceil_mode);
/* Value i of a 1- or 2-element attribute (a single value applies to both dims). */
static inline int64_t pool_attr(const aclIntArray *a, int i, int64_t dflt)
{
    if (!a || a->size == 0)
        return dflt;
    return a->size == 1 ? a->data[0] : a->data[i];
}
/* Stages `nin` inputs and `nout` outputs (all of t's layout g) and records `kernel` over the
 * N*C planes with geometry p. */
aclnnStatus pool_launch(aclOpExecutor *ex, const char *kernel, const pool_geom *g, const aclTensor *const *ins,
                        int nin, const aclTensor *const *outs, int nout, const vec_pool2d *p, int64_t pad_b,
                        int64_t pad_r, uint64_t cost_per_plane);

#endif
