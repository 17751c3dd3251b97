/* The reductionOptional string of the CrossEntropyLoss APIs (NULL means "mean"). */
#ifndef OPS_NN_CROSS_ENTROPY_REDUCTION_H
#define OPS_NN_CROSS_ENTROPY_REDUCTION_H

#include <string.h>

#include "aclemu_op/op_api.h"
#include "cross_entropy_args.h"

static inline aclnnStatus ce_reduction(const char *api, const char *r, int64_t *out)
{
    if (!r || strcmp(r, "mean") == 0) *out = CE_MEAN;
    else if (strcmp(r, "sum") == 0) *out = CE_SUM;
    else if (strcmp(r, "none") == 0) *out = CE_NONE;
    else return ACLEMU_PARAM_ERROR(api, "reductionOptional %s should be one of mean, sum, none.", r);
    return ACLNN_SUCCESS;
}

#endif
