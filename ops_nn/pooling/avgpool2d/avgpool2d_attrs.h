/* Checks shared by aclnnAvgPool2d and its backward: dtypes, the NCHW (4-D) / NCL (3-D) format
 * rule, kernel 1-2 values > 0, stride 0-2 values > 0 (empty = kernel), padding 1-2 values >= 0
 * and at most half the kernel, cubeMathType, and the output size. */
#ifndef OPS_NN_AVGPOOL2D_ATTRS_H
#define OPS_NN_AVGPOOL2D_ATTRS_H

#include "pool_common.h"

aclnnStatus avgpool2d_format(const char *api, const aclTensor *t, const char *name);
aclnnStatus avgpool2d_attrs(const char *api, const pool_geom *g, const aclIntArray *kernelSize,
                            const aclIntArray *stride, const aclIntArray *padding, bool ceilMode,
                            bool countIncludePad, int64_t divisorOverride, vec_pool2d *p);
aclnnStatus avgpool2d_cube_math(const char *api, const aclTensor *self, int8_t cubeMathType);

#endif
