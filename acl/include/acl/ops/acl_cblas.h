/*
 * aclemu public header: BLAS-style matrix-vector and matrix-matrix products
 * (libacl_cblas.so).
 *
 * Only the types of the CANN header are provided (see below); no library here
 * implements the aclblas* functions yet.
 */
#ifndef INC_EXTERNAL_ACL_OPS_ACL_CBLAS_H_
#define INC_EXTERNAL_ACL_OPS_ACL_CBLAS_H_

#include "acl/acl_rt.h"
#include "acl/acl_op.h"
#include "acl/acl_mdl.h"

#ifdef __cplusplus
extern "C" {
#endif

/* op(X): as is, transposed, or stored in the fractal NZ layout (optionally transposed). */
typedef enum aclTransType { ACL_TRANS_N, ACL_TRANS_T, ACL_TRANS_NZ, ACL_TRANS_NZ_T } aclTransType;

typedef enum aclComputeType { ACL_COMPUTE_HIGH_PRECISION, ACL_COMPUTE_LOW_PRECISION } aclComputeType;

/* Not provided: the aclblas* functions (Gemv/Gemm Ex, H, S8 and their CreateHandleFor* variants). */

#ifdef __cplusplus
}
#endif

#endif /* INC_EXTERNAL_ACL_OPS_ACL_CBLAS_H_ */
