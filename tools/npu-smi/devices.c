/* The emulated machine as npu-smi sees it: NPU cards made of chips, and per-chip numbers. */
#include <stdio.h>
#include <string.h>

#include "smi.h"

#define MIB (1024ull * 1024ull)

void smi_machine_build(smi_machine *m, const aclemu_topology *topo)
{
    memset(m, 0, sizeof *m);
    for (uint32_t i = 0; i < topo->count; i++) {
        const aclemu_chip_profile *p = &topo->dev[i];
        smi_npu *last = m->nnpu > 0 ? &m->npu[m->nnpu - 1] : NULL;
        /* A3 cards carry two dies; two consecutive A3 devices of one SoC form one card. */
        int joins = last != NULL && p->chips_per_npu > 1 && last->nchips < (int)p->chips_per_npu &&
                    last->nchips < SMI_MAX_CHIPS &&
                    !strcmp(last->chip[0].prof->soc_version, p->soc_version);
        smi_npu *npu = joins ? last : &m->npu[m->nnpu];
        if (!joins) {
            npu->id = m->nnpu++;
            npu->nchips = 0;
        }
        smi_chip *c = &npu->chip[npu->nchips++];
        c->devid = (int32_t)i;
        c->prof = p;
        memset(&c->st, 0, sizeof c->st);
        if (drv_query_status((int32_t)i, &c->st) != 0)
            memset(&c->st, 0, sizeof c->st); /* no answer: show the device idle */
    }
}

uint64_t smi_mem_total_mb(const smi_chip *c)
{
    uint64_t total = c->st.running && c->st.mem_total ? c->st.mem_total : c->prof->memory_cap;
    return total / MIB;
}

uint64_t smi_mem_used_mb(const smi_chip *c)
{
    return c->st.running ? c->st.mem_used / MIB : 0;
}

uint32_t smi_aicore_util(const smi_chip *c)
{
    uint32_t u = c->st.running ? c->st.aicore_util : 0;
    return u > 100 ? 100 : u;
}

/* Board power at idle and at full AI-core load, W; a plausible model, not a measurement. */
double smi_power_w(const smi_chip *c)
{
    double idle, full;
    switch (c->prof->family) {
    case ACLEMU_FAMILY_910A: idle = 70.0; full = 310.0; break;
    case ACLEMU_FAMILY_A2: idle = 90.0; full = 400.0; break;
    case ACLEMU_FAMILY_A3: idle = 160.0; full = 550.0; break;
    case ACLEMU_FAMILY_950: idle = 190.0; full = 600.0; break;
    case ACLEMU_FAMILY_310P: idle = 12.0; full = 72.0; break;
    default: idle = 5.0; full = 20.0; break;
    }
    return idle + (full - idle) * smi_aicore_util(c) / 100.0;
}

int smi_temp_c(const smi_chip *c)
{
    return 38 + (int)smi_aicore_util(c) / 4;
}

/* PCIe bus numbers in the order an 8-card A2 server enumerates them. */
const char *smi_bus_id(const smi_chip *c, char *buf)
{
    static const unsigned bus[8] = {0xC1, 0x01, 0xC2, 0x02, 0x81, 0x41, 0x82, 0x42};
    unsigned b = bus[c->devid % 8] + 4u * (unsigned)(c->devid / 8);
    snprintf(buf, 16, "0000:%02X:00.0", b & 0xFF);
    return buf;
}

const char *smi_npu_name_suffix(const aclemu_chip_profile *p)
{
    const char *u = strrchr(p->soc_version, '_');
    return u != NULL ? u + 1 : "";
}
