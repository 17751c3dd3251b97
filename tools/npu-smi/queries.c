/* `npu-smi info -l`, `-m` and `-t <type>`: "key : value" reports with the real key names.
 *
 * Keys are printed as "\t%-30s : value". Chip-level types asked for a whole card (-i without -c)
 * print "NPU ID" and "Chip Count", then each chip's block followed by its "Chip ID". */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "smi.h"

__attribute__((format(printf, 2, 3))) static void kv(const char *key, const char *fmt, ...)
{
    printf("\t%-30s : ", key);
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
}

static int is_a3_or_950(const aclemu_chip_profile *p)
{
    return p->family == ACLEMU_FAMILY_A3 || p->family == ACLEMU_FAMILY_950;
}

static int is_split_arch(const aclemu_chip_profile *p)
{
    return p->family == ACLEMU_FAMILY_A2 || is_a3_or_950(p);
}

static unsigned percent(uint64_t part, uint64_t whole)
{
    return whole ? (unsigned)(part * 100 / whole) : 0;
}

/* PCI device ids of the real parts, so tools that key on them see the expected family. */
static const char *pci_device_id(const aclemu_chip_profile *p)
{
    switch (p->family) {
    case ACLEMU_FAMILY_910A: return "0xD801";
    case ACLEMU_FAMILY_A2: return "0xD802";
    case ACLEMU_FAMILY_A3: return "0xD803";
    case ACLEMU_FAMILY_310P: return "0xD500";
    case ACLEMU_FAMILY_310B: return "0xD105";
    default: return "0xD806";
    }
}

/* ---- -l, -m --------------------------------------------------------------------------------- */

void smi_print_list(const smi_machine *m)
{
    if (m->nnpu == 0) {
        printf("There is no NPU card on this server.\n");
        return;
    }
    kv("Total Count", "%d", m->nnpu);
    putchar('\n');
    for (int n = 0; n < m->nnpu; n++) {
        const aclemu_chip_profile *p = m->npu[n].chip[0].prof;
        kv("NPU ID", "%d", m->npu[n].id);
        /* servers of the 910 line omit product name and serial number here */
        if (p->family == ACLEMU_FAMILY_310P || p->family == ACLEMU_FAMILY_310B) {
            kv("Product Name", "aclemu %s", p->soc_version);
            kv("Serial Number", "ACLEMU%06d", m->npu[n].id);
        }
        kv("Chip Count", "%d", m->npu[n].nchips);
        putchar('\n');
    }
}

void smi_print_mapping(const smi_machine *m)
{
    if (m->nnpu == 0) {
        printf("There is no NPU card on this server.\n");
        return;
    }
    const aclemu_chip_profile *first = m->npu[0].chip[0].prof;
    if (first->family == ACLEMU_FAMILY_950) {
        printf("\t%-30s %-30s %-30s %-30s %-30s\n", "NPU ID", "Slot ID", "Chip ID", "Chip Phy-ID",
               "Chip Name");
        for (int n = 0; n < m->nnpu; n++)
            for (int ci = 0; ci < m->npu[n].nchips; ci++)
                printf("\t%-30d %-30d %-30d %-30d %s\n", m->npu[n].id, m->npu[n].id, ci,
                       m->npu[n].chip[ci].devid, m->npu[n].chip[ci].prof->chip_name);
        return;
    }
    if (first->family == ACLEMU_FAMILY_A3) {
        printf("\t%-30s %-30s %-30s %-30s %-30s\n", "NPU ID", "Chip ID", "Chip Logic ID",
               "Chip Phy-ID", "Chip Name");
        for (int n = 0; n < m->nnpu; n++) {
            for (int ci = 0; ci < m->npu[n].nchips; ci++)
                printf("\t%-30d %-30d %-30d %-30d %s\n", m->npu[n].id, ci,
                       m->npu[n].chip[ci].devid, m->npu[n].chip[ci].devid,
                       m->npu[n].chip[ci].prof->chip_name);
            printf("\t%-30d %-30d %-30s %-30s %-30s\n", m->npu[n].id, m->npu[n].nchips, "-", "-",
                   "Mcu");
        }
        return;
    }
    printf("\t%-30s %-30s %-30s %-30s\n", "NPU ID", "Chip ID", "Chip Logic ID", "Chip Name");
    for (int n = 0; n < m->nnpu; n++) {
        for (int ci = 0; ci < m->npu[n].nchips; ci++)
            printf("\t%-30d %-30d %-30d %s %s\n", m->npu[n].id, ci, m->npu[n].chip[ci].devid,
                   "Ascend", m->npu[n].chip[ci].prof->chip_name);
        /* 910 and A2 cards carry a management MCU as chip N, with no logic id */
        const aclemu_chip_profile *p = m->npu[n].chip[0].prof;
        if (p->family == ACLEMU_FAMILY_A2 || p->family == ACLEMU_FAMILY_910A)
            printf("\t%-30d %-30d %-30s %-30s\n", m->npu[n].id, m->npu[n].nchips, "-", "Mcu");
    }
}

/* ---- -t reports, per chip -------------------------------------------------------------------- */

typedef void (*chip_report)(const smi_npu *npu, int ci);

static void board_chip(const smi_npu *npu, int ci)
{
    const smi_chip *c = &npu->chip[ci];
    char bus[16];
    kv("NPU ID", "%d", npu->id);
    if (is_a3_or_950(c->prof))
        kv("NPU Name", "%s", smi_npu_name_suffix(c->prof));
    kv("Chip ID", "%d", ci);
    if (!is_a3_or_950(c->prof))
        kv("Chip Type", "Ascend");
    kv("Chip Name", "%s", c->prof->chip_name);
    kv("Chip Version", "V1");
    kv("Board ID", "0x%02x", 0x65);
    if (c->prof->family != ACLEMU_FAMILY_310P) {
        kv("PCB ID", "NA");
        kv("BOM ID", "%u", 1u);
    }
    kv("Chip Position ID", "%d", ci);
    kv("PCIe Bus Info", "%s",
       c->prof->family == ACLEMU_FAMILY_310B ? "NA" : smi_bus_id(c, bus));
    kv("Firmware Version", "%s", SMI_FIRMWARE_VERSION);
}

static void usages_chip(const smi_npu *npu, int ci)
{
    const smi_chip *c = &npu->chip[ci];
    uint64_t total = smi_mem_total_mb(c), used = smi_mem_used_mb(c);
    unsigned util = smi_aicore_util(c);
    if (!c->prof->has_hbm) {
        kv("Memory Capacity(MB)", "%llu", (unsigned long long)total);
        kv("Memory Usage Rate(%)", "%u", percent(used, total));
        kv("Hugepages Total(page)", "%d", 0);
        kv("Hugepages Usage Rate(%)", "%d", 0);
        kv("Aicore Usage Rate(%)", "%u", util);
        kv("Aicpu Usage Rate(%)", "%d", 0);
        kv("Ctrlcpu Usage Rate(%)", "%d", 0);
        kv("Memory Bandwidth Usage Rate(%)", "%d", 0);
        return;
    }
    kv("DDR Capacity(MB)", "%d", 0);
    kv("DDR Usage Rate(%)", "%d", 0);
    kv("DDR Hugepages Total(page)", "%d", 0);
    kv("DDR Hugepages Usage Rate(%)", "%d", 0);
    kv("HBM Capacity(MB)", "%llu", (unsigned long long)total);
    kv("HBM Usage Rate(%)", "%u", percent(used, total));
    kv("Aicore Usage Rate(%)", "%u", util);
    if (is_split_arch(c->prof)) {
        /* AIV cores run the same kernels here; the emulator reports one utilisation */
        kv("Aivector Usage Rate(%)", "%u", util);
        kv("NPU Utilization(%)", "%u", util);
    }
    kv("Aicpu Usage Rate(%)", "%d", 0);
    kv("Ctrlcpu Usage Rate(%)", "%d", 0);
    kv("DDR Bandwidth Usage Rate(%)", "%d", 0);
    kv("HBM Bandwidth Usage Rate(%)", "%d", 0);
}

static void memory_chip(const smi_npu *npu, int ci)
{
    const smi_chip *c = &npu->chip[ci];
    if (!c->prof->has_hbm) {
        kv("DDR Capacity(MB)", "%llu", (unsigned long long)smi_mem_total_mb(c));
        kv("DDR Clock Speed(MHz)", "%d", 3200);
        return;
    }
    kv("DDR Capacity(MB)", "%d", 0);
    kv("DDR Clock Speed(MHz)", "%d", 0);
    kv("HBM Capacity(MB)", "%llu", (unsigned long long)smi_mem_total_mb(c));
    kv("HBM Clock Speed(MHz)", "%d", 1600);
    kv("HBM Temperature(C)", "%d", smi_temp_c(c));
}

static void health_chip(const smi_npu *npu, int ci)
{
    kv("Health Status", "OK");
    kv("Error Code", "NA");
    kv("Error Information", "NA");
}

static void proc_mem_chip(const smi_npu *npu, int ci)
{
    const drv_device_status *st = &npu->chip[ci].st;
    if (!st->running || st->nproc == 0) {
        printf("\tNo process in device.\n");
        return;
    }
    for (uint32_t p = 0; p < st->nproc && p < DRV_MAX_PROCS; p++)
        printf("\tProcess id:%-7d Process name:%-17s Process memory(MB):%lu\n", st->procs[p].pid,
               st->procs[p].name, (unsigned long)(st->procs[p].mem_bytes >> 20));
}

static void power_chip(const smi_npu *npu, int ci)
{
    kv("NPU Real-time Power(W)", "%.1f", smi_power_w(&npu->chip[ci]));
}

static void temp_chip(const smi_npu *npu, int ci)
{
    kv("NPU Temperature (C)", "%d", smi_temp_c(&npu->chip[ci]));
}

static void common_chip(const smi_npu *npu, int ci)
{
    const smi_chip *c = &npu->chip[ci];
    if (c->prof->has_hbm)
        kv("HBM Usage Rate(%)", "%u", percent(smi_mem_used_mb(c), smi_mem_total_mb(c)));
    else
        kv("Memory Usage Rate(%)", "%u", percent(smi_mem_used_mb(c), smi_mem_total_mb(c)));
    kv("Aicore Usage Rate(%)", "%u", smi_aicore_util(c));
    kv("Aicore Freq(MHZ)", "%u", c->prof->cube_freq);
    kv("Aicore curFreq(MHZ)", "%u", c->prof->cube_freq);
    kv("Aicore Count", "%u", c->prof->ai_core_cnt);
    kv("Temperature(C)", "%d", smi_temp_c(c));
    kv("NPU Real-time Power(W)", "%.1f", smi_power_w(c));
}

/* Card-level board report (-t board -i N without -c). */
static void board_card(const smi_npu *npu)
{
    const smi_chip *c = &npu->chip[0];
    char bus[16];
    kv("NPU ID", "%d", npu->id);
    kv("Product Name", "aclemu %s", c->prof->soc_version);
    if (is_a3_or_950(c->prof)) {
        kv("NPU Name", "%s", smi_npu_name_suffix(c->prof));
        kv("Chip Name", "%s", c->prof->chip_name);
    }
    kv("Model", "NA");
    kv("Manufacturer", "aclemu");
    kv("Serial Number", "ACLEMU%06d", npu->id);
    kv("Software Version", "%s", SMI_DRIVER_VERSION);
    kv("Firmware Version", "%s", SMI_FIRMWARE_VERSION);
    kv("Compatibility", "OK");
    kv("Board ID", "0x%02x", 0x65);
    kv("PCB ID", "A");
    kv("BOM ID", "%u", 1u);
    kv("PCIe Bus Info", "%s", c->prof->family == ACLEMU_FAMILY_310B ? "NA" : smi_bus_id(c, bus));
    kv("Slot ID", "%d", npu->id);
    kv("Class ID", "NA");
    kv("PCI Vendor ID", "0x19E5");
    kv("PCI Device ID", "%s", pci_device_id(c->prof));
    kv("Subsystem Vendor ID", "0x0200");
    kv("Subsystem Device ID", "0x0100");
    kv("Chip Count", "%d", npu->nchips);
}

static const struct {
    const char *name;
    chip_report chip;
} g_types[] = {
    {"board", board_chip},     {"usages", usages_chip}, {"memory", memory_chip},
    {"health", health_chip},   {"proc-mem", proc_mem_chip}, {"common", common_chip},
    {"power", power_chip},     {"temp", temp_chip},
};

int smi_type_known(const char *type)
{
    for (size_t i = 0; i < sizeof g_types / sizeof g_types[0]; i++)
        if (!strcmp(type, g_types[i].name))
            return 1;
    return 0;
}

int smi_print_type(const smi_machine *m, const char *type, const smi_npu *npu, int chip)
{
    (void)m;
    chip_report report = NULL;
    for (size_t i = 0; i < sizeof g_types / sizeof g_types[0]; i++)
        if (!strcmp(type, g_types[i].name))
            report = g_types[i].chip;
    if (report == NULL)
        return SMI_ERR_NOT_SUPPORT;
    /* the 310P does not report power through the management interface */
    if (report == power_chip && npu->chip[0].prof->family == ACLEMU_FAMILY_310P) {
        printf("This device does not support querying %s.\n", type);
        return SMI_ERR_NOT_SUPPORT;
    }
    if (chip >= 0) {
        report(npu, chip);
        return SMI_OK;
    }
    if (report == board_chip) {
        board_card(npu);
        return SMI_OK;
    }
    kv("NPU ID", "%d", npu->id);
    kv("Chip Count", "%d", npu->nchips);
    putchar('\n');
    for (int ci = 0; ci < npu->nchips; ci++) {
        report(npu, ci);
        kv("Chip ID", "%d", ci);
        putchar('\n');
    }
    return SMI_OK;
}
