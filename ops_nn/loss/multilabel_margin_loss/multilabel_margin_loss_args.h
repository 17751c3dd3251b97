/* Blob of MultilabelMarginLoss: self as (N, C) (a 1-D or 0-d self is N = 1), target the same
 * shape of class ids. Phase 0 (rows split over the blocks): isTarget rows, and per-row losses
 * (reduction none) or per-row raw sums into `sums` (N doubles in the workspace); phase 1 (one
 * block): out = sum(sums) / C (sum) or / (C * N) (mean). */
#ifndef OPS_NN_MULTILABEL_MARGIN_LOSS_ARGS_H
#define OPS_NN_MULTILABEL_MARGIN_LOSS_ARGS_H

#include "nn_cbuf.h"

typedef struct mlml_args {
    nn_cbuf self, target, out, is_target, sums;
    int64_t N, C, reduction, rows_per_block, phase;
} mlml_args;

#endif
