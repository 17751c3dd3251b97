/* Blob of the GroupedMatmul kernel: one launch per group g. x (M, K), w (K, N) (a slice of an
 * (E, K, N) weight or one list element), y (rows, N), bias (N) optional. With a group list the
 * group's rows are [gl[g-1], gl[g]) of x (gl read on the device: the list is a device tensor);
 * y is then either the whole (M, N) output (same rows) or group g's own (m_g, N) output. Blocks
 * take ranges of x's rows. */
#ifndef OPS_TRANSFORMER_GMM_ARGS_H
#define OPS_TRANSFORMER_GMM_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct gmm_args {
    aclemu_tdesc x, w, y, bias, group_list; /* bias / group_list addr 0: absent */
    int32_t group;          /* g */
    int32_t y_per_group;    /* y holds only this group's rows (row r of x -> r - gl[g-1]) */
    uint64_t rows_per_block;
} gmm_args;

#endif
