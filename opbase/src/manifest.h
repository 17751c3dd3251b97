/* Launch manifests for the device-memory checker (ACLEMU_MEMCHECK=1, devsim/MEMCHECK.md): which
 * byte ranges each recorded launch reads and writes. Recorded at stage 1 only when the checker is
 * on; stage 2 turns them into drv_mc_range lists for drv_launch_checked. */
#ifndef ACLEMU_OPBASE_MANIFEST_H
#define ACLEMU_OPBASE_MANIFEST_H

#include <stdint.h>

#include "aclemu/drv.h"
#include "aclemu_op/objects.h"

/* 1 when the process runs under the checker (read once). */
int aclemu_mc_on(void);

/* One range of one launch. Its address at stage 2 is the current address of API tensor `slot`
 * (rebinding follows it), the workspace, or `fixed`, plus `lo`. */
typedef struct exec_mc {
    uint8_t launch;
    uint8_t access;      /* DRV_MC_* */
    uint16_t slot;       /* io index, MC_SLOT_WORKSPACE or MC_SLOT_FIXED */
    int64_t lo;          /* bytes from the storage base to the first byte the view reaches */
    uint64_t extent;
    uint64_t fixed;      /* storage base of a tensor that is no API parameter */
    uint32_t pos;        /* its address field in the blob buffer (a later workspace binding of the
                            same field replaces it) */
} exec_mc;

enum { MC_SLOT_WORKSPACE = 0xffff, MC_SLOT_FIXED = 0xfffe };

/* The bytes t's view reaches relative to t->data: [*lo, *lo + *extent). *sparse = 1 when the view
 * has gaps (strided). Returns 0, or -1 when nothing is reached or the dtype has no size. */
int aclemu_mc_span(const aclTensor *t, int64_t *lo, uint64_t *extent, int *sparse);

/* The manifest name of an API tensor: its parameter name, "name[i]" for list elements. */
void aclemu_mc_name(char *buf, size_t len, const char *param, int in_list, unsigned rel);

#endif
