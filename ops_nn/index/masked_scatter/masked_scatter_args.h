/* Blob of the MaskedScatter kernel: `mask` is described over self's shape (stride 0 on the
 * dims it is broadcast along); self's positions are walked row-major and the k-th true one takes
 * source's k-th element (source viewed row-major). One block; the true count is checked against
 * numel(source) before anything is written (more trues than source elements fail the launch). */
#ifndef OPS_NN_MASKED_SCATTER_ARGS_H
#define OPS_NN_MASKED_SCATTER_ARGS_H

#include "aclemu_op/kargs.h"

typedef struct masked_scatter_args {
    aclemu_tdesc self, mask, source;
    uint64_t numel, source_numel;
} masked_scatter_args;

#endif
