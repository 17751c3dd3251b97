/* Everything an op's host-side file (<op>_api.c) needs: the meta objects, checks, dtype
 * helpers, tiling, the executor recording API and the generated planner prototypes. */
#ifndef ACLEMU_OP_OP_API_H
#define ACLEMU_OP_OP_API_H

#include "aclemu_op/check.h"
#include "aclemu_op/dtype.h"
#include "aclemu_op/eltwise.h"
#include "aclemu_op/errors.h"
#include "aclemu_op/executor.h"
#include "aclemu_op/fp16.h"
#include "aclemu_op/kargs.h"
#include "aclemu_op/objects.h"
#include "aclemu_op/tiling.h"

#endif
