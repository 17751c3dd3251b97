/* Chip profiles and device topology of the emulated NPU.
 *
 * A chip profile (conf/<SoC>.yaml) describes one SoC with keys named after the CANN platform
 * .ini keys, plus the emulator's own settings. A topology file says how many devices exist and
 * which profile each uses. Both are parsed with libyaml; errors carry file, line and key. */
#ifndef ACLEMU_PROFILE_H
#define ACLEMU_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define ACLEMU_MAX_DEVICES 16
#define ACLEMU_NAME_LEN 64

/* Which npu-smi table layout and product family a SoC belongs to. */
typedef enum aclemu_family {
    ACLEMU_FAMILY_910A = 0,  /* Ascend910 (NpuArch 1001) */
    ACLEMU_FAMILY_A2 = 1,    /* Ascend910B1..B4 */
    ACLEMU_FAMILY_A3 = 2,    /* Ascend910_93xx: two chips per NPU */
    ACLEMU_FAMILY_310P = 3,  /* Ascend310P: no HBM column */
    ACLEMU_FAMILY_310B = 4,  /* Ascend310B */
    ACLEMU_FAMILY_950 = 5,   /* Ascend950 */
} aclemu_family;

typedef struct aclemu_chip_profile {
    char soc_version[ACLEMU_NAME_LEN];       /* "Ascend910B1": aclrtGetSocName */
    char short_soc_version[ACLEMU_NAME_LEN]; /* "Ascend910B" */
    char npu_name[ACLEMU_NAME_LEN];          /* "910B1": npu-smi Name column */
    char chip_name[ACLEMU_NAME_LEN];         /* "910B1" / "Ascend910": npu-smi info -m, -t board */
    aclemu_family family;
    uint32_t npu_arch;        /* 2201 ... */
    uint32_t ai_core_cnt;
    uint32_t cube_core_cnt;   /* 0 when the chip has no separate cube cores */
    uint32_t vector_core_cnt;
    uint32_t ai_cpu_cnt;
    uint64_t memory_size;     /* bytes of HBM/DDR the real chip has */
    uint64_t l2_size;         /* bytes */
    uint64_t l1_size;
    uint64_t l0_a_size;
    uint64_t l0_b_size;
    uint64_t l0_c_size;
    uint64_t ub_size;
    uint32_t cube_freq;       /* MHz */
    bool support_bf16;
    uint32_t normal_stream_num;   /* stream limit per device */
    uint32_t normal_stream_depth; /* tasks per stream ring */
    uint32_t max_events;
    uint32_t chips_per_npu;       /* 2 on A3, else 1 */
    bool has_hbm;                 /* false on 310P / 310B (DDR only) */
    /* emulator settings */
    uint64_t memory_cap;          /* bytes actually backed by the emulated HBM arena */
    uint32_t worker_threads;      /* 0 = min(host cores, ai cores) */
} aclemu_chip_profile;

typedef struct aclemu_topology {
    uint32_t count;
    aclemu_chip_profile dev[ACLEMU_MAX_DEVICES];
    char source[512]; /* file the topology came from, or "(default)" */
} aclemu_topology;

/* Directory holding the shipped profiles: $ACLEMU_CONF_DIR, else the installed conf dir next to
 * the library, else the source tree's conf/ (for tests run from the build dir). */
const char *aclemu_conf_dir(void);

/* Loads a profile by SoC name (looked up in the conf dir) or by path to a .yaml file.
 * Returns 0 on success; on failure -1 and a message "file:line: key: what is wrong" in err. */
int aclemu_profile_load(const char *soc_or_path, aclemu_chip_profile *out, char *err, size_t errlen);

/* Loads the topology: path if non-NULL and non-empty, else $ACLEMU_TOPOLOGY, else the default
 * (one Ascend910B1 with its memory capped to fit this host). Same error convention. */
int aclemu_topology_load(const char *path, aclemu_topology *out, char *err, size_t errlen);

/* What kind of problem a loader message describes, for callers that map it to an error code. */
typedef enum aclemu_conf_error {
    ACLEMU_CONF_ERR_FILE = 1,    /* cannot open / read the file */
    ACLEMU_CONF_ERR_SYNTAX = 2,  /* not valid YAML */
    ACLEMU_CONF_ERR_MISSING = 3, /* a required key is missing */
    ACLEMU_CONF_ERR_INVALID = 4, /* unknown key, wrong type, out-of-range value ... */
} aclemu_conf_error;
aclemu_conf_error aclemu_conf_error_kind(const char *msg);

/* Memory cap applied when a profile or topology gives none: min(memory_size, 1/4 of host RAM,
 * 8 GiB), rounded down to 2 MiB. */
uint64_t aclemu_default_memory_cap(uint64_t memory_size);

#ifdef __cplusplus
}
#endif
#endif
