/* Host side: records one IndexNd launch (see index_nd_args.h); K index dims per row; nothing
 * for an empty data / row / slice set. Shared by the ND and the TF-style scatter planners. */
#ifndef OPS_NN_INDEX_ND_LAUNCH_H
#define OPS_NN_INDEX_ND_LAUNCH_H

#include "aclemu_op/op_api.h"

aclnnStatus index_nd_launch(aclOpExecutor *ex, int mode, int reduce, const aclTensor *data, const aclTensor *indices,
                            const aclTensor *other, int negative, int32_t K);

#endif
