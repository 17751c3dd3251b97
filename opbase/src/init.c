/* aclnnInit / aclnnFinalize. The emulator keeps no aclnn-global resources besides the
 * executor pool, so init only validates the optional JSON config path. */
#include <stdio.h>

#include "aclemu_runtime.h"
#include "aclnn/aclnn_base.h"

ACLNN_API aclnnStatus aclnnInit(const char *configPath)
{
    if (configPath && configPath[0]) {
        /* like opbase: an unreadable config only costs the debug options, with a warning */
        FILE *f = fopen(configPath, "r");
        if (!f)
            ACLEMU_LOG(ACLEMU_LOG_WARNING, "OP", "aclnnInit: config file %s can not be opened; ignored.", configPath);
        else
            fclose(f);
    }
    return ACLNN_SUCCESS;
}

ACLNN_API aclnnStatus aclnnFinalize(void)
{
    return ACLNN_SUCCESS;
}
