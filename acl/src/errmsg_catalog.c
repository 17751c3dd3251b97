/* The subset of the real error-code catalogue (conf/error_manager/error_code.json of the CANN
 * runtime) that aclemu reports: code, title and the optional cause/solution lines. */
#include <string.h>

#include "errmsg.h"

static const errmsg_catalog_entry catalog[] = {
    /* ACL user-input errors */
    {"EH0001", "Invalid_Argument", "N/A", "N/A"},
    {"EH0002", "Invalid_Argument_Null_Pointer", "N/A", "Try again with a correct pointer argument."},
    {"EH0003", "File_Operation_Error_Invalid_Path", "N/A", "N/A"},
    {"EH0004", "File_Operation_Error", "N/A", "N/A"},
    {"EH0006", "Not_Supported", "N/A", "N/A"},
    {"EH0007", "Invalid_Argument", "N/A",
     "1. Check the input parameter range of the function. 2. Check the function invocation "
     "relationship."},
    {"EH0008", "Invalid_Argument_Null_Pointer", "N/A", "Try again with a correct pointer argument."},
    {"EH0009", "Invalid_Argument", "N/A",
     "1. Check the input parameter range of the function. 2. Check the function invocation "
     "relationship."},
    {"EH0010", "Resource_Error_Insufficient_Host_Memory",
     "Allocation failed due to insufficient host memory.",
     "Ensure that there is sufficient memory available."},
    {"EH0011", "Not_Supported", NULL, NULL},
    {"EH0012", "Invalid_Argument", "N/A", "N/A"},
    {"EH0014", "Invalid_Argument_Null_Pointer", "N/A", "Try again with correct pointer arguments."},
    /* dump configuration errors (adump) */
    {"EP0001", "Config_Error", "N/A",
     "Please check the configuration and configure the correct value as prompted in the Reason."},
    {"EP0002", "Config_Error", "N/A",
     "Please check the configuration and configure the correct value as prompted in error message."},
    {"EP0003", "Config_Error", "N/A",
     "Please check the configuration and configure the correct value as prompted in the Reason."},
    {"EP0004", "File_Operation_Error_Parse", "N/A", "Please check and modify the value as prompted in the Reason."},
    {"EP0005", "Config_Error", "N/A", "Please check and modify the value as prompted in the Reason."},
    {"EP0008", "Invalid_Argument_API_Call_Sequence", "N/A",
     "Please check and modify the value as prompted in the Reason."},
    /* runtime errors */
    {"EE1001", "Invalid_Argument", "N/A",
     "1. Check the input parameter range of the function. 2. Check the function invocation "
     "relationship."},
    {"EE1002", "Execution_Error_Stream_Synchronize_Timeout",
     "1. The timeout interval may be improperly set.",
     "1. Check whether the timeout interval is properly set."},
    {"EE1003", "Invalid_Argument", "N/A",
     "1. Check the input parameter range of the function. 2. Check the function invocation "
     "relationship."},
    {"EE1004", "Invalid_Argument_Null_Pointer", "N/A", "Try again with a correct pointer argument."},
    {"EE1006", "Not_Supported", "N/A", "N/A"},
    {"EE1010", "Execution_Error_Invalid_Context", "N/A", "N/A"},
    {"EE1011", "Invalid_Argument", "N/A",
     "1. Check the input parameter range of the function. 2. Check the function invocation "
     "relationship."},
    {"EE1016", "Not_Supported", "N/A", "Please adjust the parameter value according to the prompts in the Reason."},
    {"EE1017", "Invalid_Argument", "N/A", "N/A"},
    {"EE1018", "Invalid_Argument_API_Call_Sequence", "N/A", "N/A"},
    {"EE1019", "Execution_Error", "N/A", "N/A"},
    {"EE1021", "Resource_Error",
     "Failed to create resources such as semaphores, locks, or threads due to insufficient "
     "resources.",
     "Stop unnecessary threads and ensure that the required resource is available."},
    {"EE1023", "Resource_Error", "N/A", "N/A"},
    {"EE2002", "Config_Error_Invalid_Environment_Variable", "N/A",
     "Reset the environment variable by referring to the Environment Variable Reference."},
    {"EL0004", "Memory_Allocation_Failure", "Available memory is insufficient.",
     "Close applications not in use."},
    /* aclnn (opbase) */
    {"EZ1001", "AclNN_Parameter_Error", NULL, NULL},
    {"EZ9903", "AclNN_Runtime_Error", "N/A", NULL},
    {"EZ9999", "AclNN_Inner_Error", "N/A", NULL},
};

const errmsg_catalog_entry *errmsg_catalog_find(const char *code)
{
    if (code == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < sizeof(catalog) / sizeof(catalog[0]); i++) {
        if (strcmp(catalog[i].code, code) == 0) {
            return &catalog[i];
        }
    }
    return NULL;
}
