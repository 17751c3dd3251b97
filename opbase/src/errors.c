/* Operator-layer error reporting through the runtime's error-message store and log. */
#include <stdarg.h>
#include <stdio.h>

#include "aclemu_op/errors.h"
#include "aclemu_runtime.h"

aclnnStatus aclemu_op_error(aclnnStatus status, const char *code, const char *api, const char *fmt, ...)
{
    char msg[768];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    aclemu_errmsg_push(code, "%s: %s", api ? api : "aclnn", msg);
    ACLEMU_LOG(ACLEMU_LOG_ERROR, "OP", "errno[%d] %s: %s", (int)status, api ? api : "aclnn", msg);
    return status;
}
