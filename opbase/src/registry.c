/* Operator registry: a few static tables registered at load time, searched linearly (tens to
 * hundreds of entries, looked up once per aclop compile, never per launch). */
#include <pthread.h>
#include <string.h>

#include "aclemu_op/registry.h"

#define MAX_TABLES 8

static pthread_mutex_t reg_lock = PTHREAD_MUTEX_INITIALIZER;
static const aclemu_op_kernel *kernel_tables[MAX_TABLES];
static const aclemu_api_info *api_tables[MAX_TABLES];
static int ntables;

ACLNN_API void aclemu_op_register(const aclemu_op_kernel *kernels, const aclemu_api_info *apis)
{
    pthread_mutex_lock(&reg_lock);
    if (ntables < MAX_TABLES) {
        kernel_tables[ntables] = kernels;
        api_tables[ntables] = apis;
        ntables++;
    }
    pthread_mutex_unlock(&reg_lock);
}

ACLNN_API const char *aclemu_op_find_kernel(const char *op_type)
{
    const char *found = NULL;
    if (!op_type)
        return NULL;
    pthread_mutex_lock(&reg_lock);
    for (int t = 0; t < ntables && !found; t++)
        for (const aclemu_op_kernel *k = kernel_tables[t]; k && k->op_type && !found; k++)
            if (strcmp(k->op_type, op_type) == 0)
                found = k->kernel;
    pthread_mutex_unlock(&reg_lock);
    return found;
}

ACLNN_API const aclemu_api_info *aclemu_op_find_api(const char *api)
{
    const aclemu_api_info *found = NULL;
    if (!api)
        return NULL;
    pthread_mutex_lock(&reg_lock);
    for (int t = 0; t < ntables && !found; t++)
        for (const aclemu_api_info *a = api_tables[t]; a && a->api && !found; a++)
            if (strcmp(a->api, api) == 0)
                found = a;
    pthread_mutex_unlock(&reg_lock);
    return found;
}
