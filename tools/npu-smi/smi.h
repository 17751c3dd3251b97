/* npu-smi for aclemu: what the query commands share.
 *
 * The emulated machine is the device topology (aclemu/profile.h); live numbers (memory in use,
 * AI-core utilisation, client processes) come from the driver's drv_query_status, which never
 * starts a device process: a device without one shows idle values. */
#ifndef ACLEMU_NPU_SMI_H
#define ACLEMU_NPU_SMI_H

#include <stdint.h>

#include "aclemu/drv.h"
#include "aclemu/profile.h"

/* Versions shown by the tool: npu-smi itself, the "driver" and the "firmware". */
#define SMI_TOOL_VERSION "25.5.0"
#define SMI_DRIVER_VERSION "25.5.0"
#define SMI_FIRMWARE_VERSION "7.7.0.6.236"

/* Return codes of the real tool; the process exit status is their low byte
 * (-9001 -> 215, -9005 -> 211). */
#define SMI_OK 0
#define SMI_ERR_INVALID_PARAMETER (-9001)
#define SMI_ERR_INNER (-9005)
#define SMI_ERR_NOT_SUPPORT (-9255)

#define SMI_MAX_CHIPS 2

/* One chip (= one logical device, one topology entry). */
typedef struct smi_chip {
    int32_t devid;                     /* logical device id (ACL device id) */
    const aclemu_chip_profile *prof;
    drv_device_status st;              /* st.running == 0: idle values */
} smi_chip;

/* One NPU card: one chip, or two consecutive A3 devices of the same SoC. */
typedef struct smi_npu {
    int id;
    int nchips;
    smi_chip chip[SMI_MAX_CHIPS];
} smi_npu;

typedef struct smi_machine {
    int nnpu;
    smi_npu npu[ACLEMU_MAX_DEVICES];
} smi_machine;

/* Builds the NPU list from the topology and the driver's status. */
void smi_machine_build(smi_machine *m, const aclemu_topology *topo);

/* Derived per-chip numbers. */
uint64_t smi_mem_total_mb(const smi_chip *c);
uint64_t smi_mem_used_mb(const smi_chip *c);
uint32_t smi_aicore_util(const smi_chip *c);
double smi_power_w(const smi_chip *c);
int smi_temp_c(const smi_chip *c);
/* "0000:C1:00.0"; buf of at least 16 bytes. */
const char *smi_bus_id(const smi_chip *c, char *buf);
/* "9392" for Ascend910_9392 / Ascend950PR_9589, "" when the SoC name has no suffix. */
const char *smi_npu_name_suffix(const aclemu_chip_profile *p);

/* `npu-smi info` */
void smi_print_table(const smi_machine *m);
/* `npu-smi info -l`, `-m` */
void smi_print_list(const smi_machine *m);
void smi_print_mapping(const smi_machine *m);
/* `npu-smi info -t <type> -i <npu> [-c <chip>]`; chip < 0 = every chip of the NPU.
 * Returns SMI_OK, or SMI_ERR_NOT_SUPPORT after printing the real "does not support" line. */
int smi_print_type(const smi_machine *m, const char *type, const smi_npu *npu, int chip);
/* 1 if `type` is one of the -t types this tool knows. */
int smi_type_known(const char *type);

#endif
