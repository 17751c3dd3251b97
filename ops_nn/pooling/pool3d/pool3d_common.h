/* Host side of the N-d window pooling ops: the (planes, D, H, W) geometry of a tensor whose
 * last `sdims` dims are spatial, and the launch that stages operands contiguously and records
 * one kernel over the planes (see pool3d_args.h). */
#ifndef OPS_NN_POOL3D_COMMON_H
#define OPS_NN_POOL3D_COMMON_H

#include "aclemu_op/op_api.h"
#include "pool3d_args.h"

/* planes = product of the leading dims, sp[0..3) = D, H, W (missing leading spatial dims 1). */
void pool3d_geom(const aclTensor *t, uint32_t sdims, int64_t *planes, int64_t sp[3]);
/* Adaptive windows from sizes in / out (3 each). */
void pool3d_adaptive(pool3d_args *p, const int64_t in[3], const int64_t out[3]);
/* Stages `nin` inputs and `nout` outputs and records `kernel` over `planes` planes with the
 * geometry of p (op[] and the tiling are filled here); backward kernels get a scratch plane
 * per block. */
aclnnStatus pool3d_launch(aclOpExecutor *ex, const char *kernel, const pool3d_args *p, int64_t planes,
                          const aclTensor *const *ins, int nin, const aclTensor *const *outs, int nout, int scratch);
/* The same with every operand seen through `perm` (perm[i] = tensor dim shown as dim i, e.g. an
 * NDHWC tensor as NCDHW planes; NULL = as stored). */
aclnnStatus pool3d_launch_perm(aclOpExecutor *ex, const char *kernel, const pool3d_args *p, int64_t planes,
                               const aclTensor *const *ins, int nin, const aclTensor *const *outs, int nout,
                               int scratch, const int32_t *perm);

#endif
