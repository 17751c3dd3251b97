/* aclnnSleep (ops-nn control/sleep, docs/aclnnSleep.md): only the 950 has the kernel (the
 * SIMT clock() spin); cycles is a 1-element INT64 array. Null -> 161001; an empty array or a
 * count <= 0 fail at tiling -> 561002 (ACLNN_ERR_INNER_TILING_ERROR), as the doc lists. */
#include "aclemu_plans.h"
#include "sleep_args.h"

aclnnStatus aclemu_plan_Sleep(aclOpExecutor *executor, const aclIntArray *cycles)
{
    const char *api = aclemu_exec_api(executor);
    aclnnStatus st;
    if ((st = aclemu_check_notnull(api, cycles, "cycles")))
        return st;
    if ((st = aclemu_check_chip(api, ACLEMU_CHIP(ACLEMU_FAMILY_950))))
        return st;
    if (cycles->size == 0)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "cycles is an empty array: the tiling has no cycle count.");
    if (cycles->data[0] <= 0)
        return aclemu_op_error(ACLNN_ERR_INNER_TILING_ERROR, ACLEMU_ERRCODE_INNER, api,
                               "cycles should be positive, but got %lld.", (long long)cycles->data[0]);
    sleep_args *a = (sleep_args *)aclemu_exec_add_launch(executor, "Sleep", 1, sizeof(sleep_args));
    if (!a)
        return ACLNN_ERR_INNER;
    a->cycles = cycles->data[0];
    a->clock_hz = 1650000000;
    return ACLNN_SUCCESS;
}
