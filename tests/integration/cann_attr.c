/* aclGetCannAttribute / aclGetCannAttributeList follow the chip of the device: BF16 and the
 * Inf/NaN mode on a 910B1, neither on a 310P3 (run once under each topology).
 *   cann_attr <expected bf16 0|1> <expected inf_nan 0|1> */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "acl/acl.h"

int main(int argc, char **argv)
{
    if (argc != 3)
        return 2;
    int want_bf16 = atoi(argv[1]), want_infnan = atoi(argv[2]);
    if (aclInit(NULL) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS)
        return 1;
    int32_t v = -1;
    if (aclGetCannAttribute(ACL_CANN_ATTR_BF16, &v) != ACL_SUCCESS || v != want_bf16) {
        fprintf(stderr, "BF16: %d, want %d\n", v, want_bf16);
        return 1;
    }
    if (aclGetCannAttribute(ACL_CANN_ATTR_INF_NAN, &v) != ACL_SUCCESS || v != want_infnan) {
        fprintf(stderr, "INF_NAN: %d, want %d\n", v, want_infnan);
        return 1;
    }
    const aclCannAttr *list = NULL;
    size_t n = 99;
    if (aclGetCannAttributeList(&list, &n) != ACL_SUCCESS || list == NULL ||
        n != (size_t)(want_bf16 + want_infnan + 1)) {
        fprintf(stderr, "list: %zu entries\n", n);
        return 1;
    }
    for (size_t i = 0; i < n; i++)
        if (aclGetCannAttribute(list[i], &v) != ACL_SUCCESS || v != 1)
            return 1;
    /* bad input: the real codes and a message */
    if (aclGetCannAttribute(ACL_CANN_ATTR_BF16, NULL) != ACL_ERROR_INVALID_PARAM ||
        strstr(aclGetRecentErrMsg(), "must not be null") == NULL)
        return 1;
    if (aclGetCannAttribute((aclCannAttr)7, &v) != ACL_ERROR_INVALID_PARAM ||
        strstr(aclGetRecentErrMsg(), "cannAttr") == NULL)
        return 1;
    if (aclGetCannAttributeList(NULL, &n) != ACL_ERROR_INVALID_PARAM)
        return 1;
    aclrtResetDevice(0);
    aclFinalize();
    puts("ok");
    return 0;
}
