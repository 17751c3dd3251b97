/* Checks shared by aclnnDeformableConv2d and aclnnDeformableConv2dBackward (deform_conv_api.c). */
#ifndef OPS_NN_DEFORM_CONV_CHECK_H
#define OPS_NN_DEFORM_CONV_CHECK_H

#include "aclemu_op/op_api.h"

#define DCN_DTYPES (ACLEMU_DT(ACL_FLOAT) | ACLEMU_DT(ACL_FLOAT16) | ACLEMU_DT(ACL_BF16))
#define DCN_MAX_KERNEL 2048
#define DCN_MAX_MATMUL_K 65535

/* t (may be NULL) has x's dtype / format; name is how the real op calls it. */
aclnnStatus dcn_same_dtype(const char *api, const aclTensor *t, const char *name, const aclTensor *x);
aclnnStatus dcn_same_format(const char *api, const aclTensor *t, const char *name, const aclTensor *x);
/* kernelSize (2), strides / pads / dilations (4; N and C strides and dilations 1), groups,
 * deformableGroups > 0, modulated true. */
aclnnStatus dcn_check_attrs(const char *api, const aclIntArray *ks, const aclIntArray *stride, const aclIntArray *pad,
                            const aclIntArray *dil, int64_t groups, int64_t dg, bool modulated);
aclnnStatus dcn_check_rank(const char *api, const aclTensor *t, const char *name, uint32_t rank);
aclnnStatus dcn_expect_shape(const char *api, const aclTensor *t, const char *name, const int64_t *want, uint32_t n);

#endif
