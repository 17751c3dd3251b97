/* aclnnop/aclnn_log_softmax.h: ops-nn's experimental/activation/log_softmax_v2 installs its
 * aclnnLogSoftmax under this name (op_host/op_api/aclnn_log_softmax.h, same prototypes as the main
 * activation/logsoftmax header aclnn_logsoftmax.h); its example includes it. */
#ifndef ACLEMU_ACLNNOP_ACLNN_LOG_SOFTMAX_H
#define ACLEMU_ACLNNOP_ACLNN_LOG_SOFTMAX_H
#include "aclnn_logsoftmax.h"
#endif
