/*
 * aclemu public header: umbrella for the ACL base layer.
 *
 * Pulls in the shared runtime definitions (acl_base_rt.h), the tensor descriptor
 * API (acl_base_mdl.h) and both error-code tables. The acl/ prefix on the first two
 * is deliberate (CANN does the same): the include root is the directory that
 * contains acl/.
 */
#ifndef INC_EXTERNAL_ACL_ACL_BASE_H_
#define INC_EXTERNAL_ACL_ACL_BASE_H_

#include "acl/acl_base_rt.h"
#include "acl/acl_base_mdl.h"
#include "error_codes/rt_error_codes.h"
#include "error_codes/ge_error_codes.h"

#endif /* INC_EXTERNAL_ACL_ACL_BASE_H_ */
