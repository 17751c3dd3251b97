/* The attribute checks shared by aclnnMaxPool2dWithIndices and its backward: kernelSize 1-2
 * values > 0, stride 0-2 values > 0 (empty = kernel), padding 1-2 values in [0, kernel/2],
 * dilation 1-2 values (> 0 on 950, exactly 1 elsewhere); the resulting output size > 0. */
#ifndef OPS_NN_MAX_POOL2D_ATTRS_H
#define OPS_NN_MAX_POOL2D_ATTRS_H

#include "max_pool2d_mask.h"
#include "pool_common.h"

aclnnStatus max_pool2d_attrs(const char *api, const pool_geom *g, const aclIntArray *kernelSize,
                             const aclIntArray *stride, const aclIntArray *padding, const aclIntArray *dilation,
                             bool ceilMode, vec_pool2d *p);
/* Self / out dtypes of this chip: FLOAT16, FLOAT (+ BF16 on A2/A3/950); none on 310B. */
aclnnStatus max_pool2d_dtypes(const char *api, const aclTensor *self, const char *name);

/* Expected mask tensor shape [N,] C, kh*kw, row. */
aclnnStatus max_pool2d_check_mask(const char *api, const aclTensor *mask, const char *name, const pool_geom *g,
                                  const vec_pool2d *p);
/* Self / out dtypes of the WithMask variants: FLOAT16, FLOAT (+ BF16 on A2/A3/950); FLOAT only
 * on 310P; none on 310B. */
aclnnStatus max_pool2d_mask_dtypes(const char *api, const aclTensor *self, const char *name);

#endif
