/*
 * aclemu public header: the one header most AscendCL programs include.
 *
 * Brings in the runtime API (acl_rt.h), single-operator execution (acl_op.h) and
 * the model API (acl_mdl.h), which together pull in every base definition.
 */
#ifndef INC_EXTERNAL_ACL_ACL_H_
#define INC_EXTERNAL_ACL_ACL_H_

#include "acl_rt.h"
#include "acl_op.h"
#include "acl_mdl.h"

#endif /* INC_EXTERNAL_ACL_ACL_H_ */
