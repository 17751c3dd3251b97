/* `npu-smi info`: the status table, in the layout of the card's family.
 *
 * Three layouts exist on real machines:
 *   - HBM cards (910A, A2, A3): 99 columns, "NPU Name" / "Chip" rows, HBM-Usage column; A3 shows
 *     "Chip Phy-ID" and two chips per NPU, power only on chip 0;
 *   - 950: 99 columns with "NPU ID | Name" cells and "NPU Util(%)";
 *   - DDR-only chips (310P, 310B): 106 columns, "Chip Device", no HBM column.
 * The layout is chosen by the first device; every row is printed with the widths of its header,
 * so each table line has the same length. */
#include <stdio.h>
#include <string.h>

#include "smi.h"

#define HBM_WIDTH 99
#define DDR_WIDTH 106

static void rule(char fill, const char *cols, int width)
{
    /* cols: positions (0-based) of inner '+' separators, terminated by 0 */
    char buf[128];
    memset(buf, fill, (size_t)width);
    buf[0] = buf[width - 1] = '+';
    for (const char *p = cols; *p; p++)
        buf[(unsigned char)*p] = '+';
    buf[width] = '\0';
    puts(buf);
}

/* Pads `text` with spaces to width-1 and closes it with '|'. */
static void padded(const char *text, int width)
{
    printf("%-*s|\n", width - 1, text);
}

/* ---- HBM layout (910A, A2, A3) and 950 ----------------------------------------------------- */

static const char HBM_COLS[] = {28, 44, 0};
static const char V2_COLS[] = {9, 28, 44, 0};

static void hbm_header(int v2, int a3)
{
    rule('-', "", HBM_WIDTH);
    printf("| npu-smi %-24s Version: %-53s |\n", SMI_TOOL_VERSION, SMI_DRIVER_VERSION);
    if (v2) {
        rule('-', V2_COLS, HBM_WIDTH);
        printf("| %-6s | %-16s | %-13s | %-11s %-17s %-21s |\n", "NPU ID", "Name", "Health",
               "Power(W)", "Temp(C)", "Hugepages-Usage(page)");
        printf("| %-6s | %-16s | %-13s | %-11s %-17s %-21s |\n", "", "", "Bus-Id", "NPU Util(%)",
               "Memory-Usage(MB)", "HBM-Usage(MB)");
        rule('=', V2_COLS, HBM_WIDTH);
    } else {
        rule('-', HBM_COLS, HBM_WIDTH);
        printf("| %-5s %-19s | %-13s | %-11s %-17s %-21s |\n", "NPU", "Name", "Health", "Power(W)",
               "Temp(C)", "Hugepages-Usage(page)");
        printf("| %-5s %-19s | %-13s | %-11s %-17s %-21s |\n", "Chip", a3 ? "Phy-ID" : "",
               "Bus-Id", "AICore(%)", "Memory-Usage(MB)", "HBM-Usage(MB)");
        rule('=', HBM_COLS, HBM_WIDTH);
    }
}

static void hbm_chip_rows(const smi_npu *npu, int ci, int v2)
{
    const smi_chip *c = &npu->chip[ci];
    char power[32], bus[16];
    /* the second die of an A3 card reports no power of its own */
    if (ci > 0 && c->prof->family == ACLEMU_FAMILY_A3)
        snprintf(power, sizeof power, "-");
    else
        snprintf(power, sizeof power, "%.1f", smi_power_w(c));
    /* DDR columns are 0 / 0 on these cards: all device memory is HBM */
    if (v2) {
        printf("| %-7d| %-17s| %-13s | %-11s %-17d %-6d/ %-13d |\n", npu->id, c->prof->npu_name,
               "OK", power, smi_temp_c(c), 0, 0);
        printf("|%-8s|%-18s| %-13s | %-11u %-5d/ %-10d %-6llu/ %-13llu |\n", "", "",
               smi_bus_id(c, bus), smi_aicore_util(c), 0, 0,
               (unsigned long long)smi_mem_used_mb(c), (unsigned long long)smi_mem_total_mb(c));
    } else {
        printf("| %-5d %-20s| %-13s | %-11s %-17d %-6d/ %-13d |\n", npu->id, c->prof->npu_name,
               "OK", power, smi_temp_c(c), 0, 0);
        if (c->prof->family == ACLEMU_FAMILY_A3)
            printf("| %-5d %-20d| ", ci, c->devid);
        else
            printf("| %-26d| ", ci);
        printf("%-13s | %-11u %-5d/ %-10d %-6llu/ %-13llu |\n", smi_bus_id(c, bus),
               smi_aicore_util(c), 0, 0, (unsigned long long)smi_mem_used_mb(c),
               (unsigned long long)smi_mem_total_mb(c));
    }
}

static void hbm_processes(const smi_machine *m, int v2)
{
    const char *cols = HBM_COLS;
    rule('-', cols, HBM_WIDTH);
    if (v2)
        printf("| %-25s | %-13s | %-24s | %-24s |\n", "NPU ID", "Process id", "Process name",
               "Process memory(MB)");
    else
        printf("| %-7s %-18s| %-13s | %-24s | %-24s |\n", "NPU", "Chip", "Process id",
               "Process name", "Process memory(MB)");
    rule('=', cols, HBM_WIDTH);
    for (int n = 0; n < m->nnpu; n++) {
        const smi_npu *npu = &m->npu[n];
        int rows = 0;
        for (int ci = 0; ci < npu->nchips; ci++) {
            const drv_device_status *st = &npu->chip[ci].st;
            for (uint32_t p = 0; st->running && p < st->nproc && p < DRV_MAX_PROCS; p++, rows++) {
                unsigned long mb = (unsigned long)(st->procs[p].mem_bytes >> 20);
                if (v2)
                    printf("| %-25d | %-13d | %-24.24s | %-24lu |\n", npu->id, st->procs[p].pid,
                           st->procs[p].name, mb);
                else
                    printf("| %-7d %-18d| %-13d | %-24.24s | %-24lu |\n", npu->id, ci,
                           st->procs[p].pid, st->procs[p].name, mb);
            }
        }
        if (rows == 0) {
            char text[128];
            snprintf(text, sizeof text, "| No running processes found in NPU %d", npu->id);
            padded(text, HBM_WIDTH);
        }
        rule('=', cols, HBM_WIDTH);
    }
}

static void hbm_table(const smi_machine *m)
{
    const aclemu_chip_profile *first = m->npu[0].chip[0].prof;
    int v2 = first->family == ACLEMU_FAMILY_950;
    hbm_header(v2, first->family == ACLEMU_FAMILY_A3);
    for (int n = 0; n < m->nnpu; n++) {
        for (int ci = 0; ci < m->npu[n].nchips; ci++) {
            if (ci > 0)
                rule('-', "", HBM_WIDTH);
            hbm_chip_rows(&m->npu[n], ci, v2);
        }
        rule('=', v2 ? V2_COLS : HBM_COLS, HBM_WIDTH);
    }
    hbm_processes(m, v2);
}

/* ---- DDR-only layout (310P, 310B) ---------------------------------------------------------- */

static const char DDR_COLS[] = {32, 50, 0};

static void ddr_table(const smi_machine *m)
{
    const aclemu_chip_profile *first = m->npu[0].chip[0].prof;
    rule('-', "", DDR_WIDTH);
    printf("| npu-smi %-40s Version: %-44s |\n", SMI_TOOL_VERSION, SMI_DRIVER_VERSION);
    rule('-', DDR_COLS, DDR_WIDTH);
    printf("| %-7s %-22s| %-15s | %-12s %-17s %-21s |\n", "NPU", "Name", "Health", "Power(W)",
           "Temp(C)", "Hugepages-Usage(page)");
    printf("| %-7s %-22s| %-15s | %-12s %-39s |\n", "Chip", "Device", "Bus-Id", "AICore(%)",
           "Memory-Usage(MB)");
    rule('=', DDR_COLS, DDR_WIDTH);
    for (int n = 0; n < m->nnpu; n++) {
        const smi_npu *npu = &m->npu[n];
        for (int ci = 0; ci < npu->nchips; ci++) {
            const smi_chip *c = &npu->chip[ci];
            char power[32], bus[16];
            /* the 310P reports no board power through this path */
            if (c->prof->family == ACLEMU_FAMILY_310P)
                snprintf(power, sizeof power, "NA");
            else
                snprintf(power, sizeof power, "%.1f", smi_power_w(c));
            if (ci > 0)
                rule('-', DDR_COLS, DDR_WIDTH);
            printf("| %-7d %-22s| %-15s | %-12s %-17d %-6d/ %-13d |\n", npu->id,
                   c->prof->npu_name, "OK", power, smi_temp_c(c), 0, 0);
            /* the 310B is a module without PCIe: its Bus-Id is NA */
            printf("| %-7d %-22d| %-15s | %-12u %-5llu/ %-32llu |\n", ci, c->devid,
                   c->prof->family == ACLEMU_FAMILY_310B ? "NA" : smi_bus_id(c, bus),
                   smi_aicore_util(c), (unsigned long long)smi_mem_used_mb(c),
                   (unsigned long long)smi_mem_total_mb(c));
        }
        rule('=', DDR_COLS, DDR_WIDTH);
    }
    /* the process table belongs to 310P cards; 310B modules do not print one */
    if (first->family != ACLEMU_FAMILY_310P)
        return;
    rule('-', DDR_COLS, DDR_WIDTH);
    printf("| %-7s %-22s| %-15s | %-24s | %-25s |\n", "NPU", "Chip", "Process id", "Process name",
           "Process memory(MB)");
    rule('=', DDR_COLS, DDR_WIDTH);
    for (int n = 0; n < m->nnpu; n++) {
        const smi_npu *npu = &m->npu[n];
        int rows = 0;
        for (int ci = 0; ci < npu->nchips; ci++) {
            const drv_device_status *st = &npu->chip[ci].st;
            for (uint32_t p = 0; st->running && p < st->nproc && p < DRV_MAX_PROCS; p++, rows++)
                printf("| %-7d %-22d| %-15d | %-24.24s | %-25lu |\n", npu->id, ci,
                       st->procs[p].pid, st->procs[p].name,
                       (unsigned long)(st->procs[p].mem_bytes >> 20));
        }
        if (rows == 0) {
            char text[128];
            snprintf(text, sizeof text, "| No running processes found in NPU %d", npu->id);
            padded(text, DDR_WIDTH);
        }
        rule('=', DDR_COLS, DDR_WIDTH);
    }
}

void smi_print_table(const smi_machine *m)
{
    if (m->nnpu == 0) {
        printf("There is no NPU card on this server.\n");
        return;
    }
    if (m->npu[0].chip[0].prof->has_hbm)
        hbm_table(m);
    else
        ddr_table(m);
}
