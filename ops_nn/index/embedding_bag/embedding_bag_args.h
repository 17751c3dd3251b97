/* Blob of the EmbeddingBag kernel. Bag b (of nbags) covers indices [offsets[b], end_b), end_b =
 * offsets[b + 1] (the last bag without includeLastOffset: numel(indices)); indices equal to
 * padding (>= 0) are skipped. output[b, :] = sum / mean / max over the bag's weight rows (times
 * perSampleWeights when given; in double, rounded once); an empty bag gives 0. bagSize[b] = the
 * rows taken (entries past nbags: 0); offset2bag[i] = the bag of index i (0 outside every bag);
 * maxIndices = the row of each max (the first on ties; 0 for an empty bag), in sum / mean mode
 * bagSize's values (torch's CPU convention). Blocks take ranges of bags; each checks every
 * offset and index first (offsets non-decreasing within [0, numel], rows in [0, num_weights)). */
#ifndef OPS_NN_EMBEDDING_BAG_ARGS_H
#define OPS_NN_EMBEDDING_BAG_ARGS_H

#include "aclemu_op/kargs.h"

enum { EMB_BAG_SUM = 0, EMB_BAG_MEAN = 1, EMB_BAG_MAX = 2 };

typedef struct embedding_bag_args {
    aclemu_tdesc weight, indices, offsets, psw, output, offset2bag, bag_size, max_indices;
    int32_t mode, has_psw;
    int32_t include_last, pad;
    int64_t padding_idx;        /* < 0: none */
    int64_t nbags, nidx, noffsets;
    int64_t o2b_numel, bag_numel, max_numel;
    int64_t bags_per_block;
} embedding_bag_args;

#endif
