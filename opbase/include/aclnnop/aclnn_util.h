/* aclemu public header: the export macro every aclnnop/aclnn_<op>.h uses. */
#ifndef ACLEMU_ACLNNOP_ACLNN_UTIL_H
#define ACLEMU_ACLNNOP_ACLNN_UTIL_H

#ifndef ACLNN_API
#define ACLNN_API __attribute__((visibility("default")))
#endif

#endif /* ACLEMU_ACLNNOP_ACLNN_UTIL_H */
