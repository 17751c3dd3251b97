/* npu-smi rendering with live numbers: memory in use, AI-core utilisation, process rows.
 *
 * The device status comes from the test's own drv_query_status (this test links npu-smi's
 * rendering files, not the driver), so every expected number is known in advance. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "smi.h"

#define MIB (1024ull * 1024ull)

/* Status served to npu-smi, per device id. */
static drv_device_status g_status[ACLEMU_MAX_DEVICES];

int drv_query_status(int32_t devid, drv_device_status *st)
{
    if (devid < 0 || devid >= ACLEMU_MAX_DEVICES)
        return 107001; /* ACL_ERROR_RT_INVALID_DEVICEID */
    *st = g_status[devid];
    return 0;
}

static char g_topo_dir[128];

static const aclemu_topology *load_topology(const char *yaml)
{
    static aclemu_topology topo;
    char path[256];
    snprintf(path, sizeof path, "%s/topo.yaml", g_topo_dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(yaml, f);
    fclose(f);
    char err[1024] = "";
    if (aclemu_topology_load(path, &topo, err, sizeof err) != 0)
        fail_msg("%s", err);
    return &topo;
}

/* Runs fn with stdout captured; returns the text (static buffer). */
static const char *capture(void (*fn)(const void *), const void *arg)
{
    static char out[65536];
    fflush(stdout);
    FILE *tmp = tmpfile();
    assert_non_null(tmp);
    int saved = dup(STDOUT_FILENO);
    dup2(fileno(tmp), STDOUT_FILENO);
    fn(arg);
    fflush(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    rewind(tmp);
    size_t n = fread(out, 1, sizeof out - 1, tmp);
    out[n] = '\0';
    fclose(tmp);
    return out;
}

static void print_table(const void *m)
{
    smi_print_table(m);
}

/* Line `no` (1-based) of text, into buf. */
static const char *line_at(const char *text, int no, char *buf, size_t len)
{
    const char *p = text;
    for (int i = 1; i < no && p; i++) {
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    assert_non_null(p);
    const char *e = strchr(p, '\n');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    assert_true(n < len);
    memcpy(buf, p, n);
    buf[n] = '\0';
    return buf;
}

/* Whitespace-separated field k (1-based) of a line, as awk sees it. */
static const char *field(const char *line, int k, char *buf, size_t len)
{
    const char *p = line;
    for (int i = 1;; i++) {
        while (*p == ' ' || *p == '\t')
            p++;
        size_t n = strcspn(p, " \t");
        if (n == 0)
            return "";
        if (i == k) {
            assert_true(n < len);
            memcpy(buf, p, n);
            buf[n] = '\0';
            return buf;
        }
        p += n;
    }
}

static void assert_all_lines_width(const char *text, size_t width)
{
    const char *p = text;
    int no = 1;
    while (*p) {
        size_t n = strcspn(p, "\n");
        if (n != width)
            fail_msg("line %d has %zu columns, want %zu: '%.*s'", no, n, width, (int)n, p);
        p += n + (p[n] == '\n');
        no++;
    }
}

static int setup(void **state)
{
    snprintf(g_topo_dir, sizeof g_topo_dir, "/tmp/aclemu-smi-test-XXXXXX");
    assert_non_null(mkdtemp(g_topo_dir));
    return 0;
}

static int teardown(void **state)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_topo_dir);
    return system(cmd) == 0 ? 0 : -1;
}

static void test_a2_busy_device_shows_processes_memory_and_util(void **state)
{
    const aclemu_topology *t = load_topology(
        "devices:\n  - profile: Ascend910B1\n    memory_cap: 4GiB\n  - profile: Ascend910B1\n");
    memset(g_status, 0, sizeof g_status);
    g_status[0].running = 1;
    g_status[0].mem_total = 4096 * MIB;
    g_status[0].mem_used = 1536 * MIB;
    g_status[0].aicore_util = 37;
    g_status[0].nproc = 2;
    g_status[0].procs[0] = (drv_proc_info){.pid = 4242, .name = "python", .mem_bytes = 1024 * MIB};
    g_status[0].procs[1] = (drv_proc_info){.pid = 4243, .name = "infer", .mem_bytes = 512 * MIB};
    static smi_machine m;
    smi_machine_build(&m, t);
    assert_int_equal(m.nnpu, 2);
    const char *out = capture(print_table, &m);
    assert_all_lines_width(out, 99);
    char l[256], f[64];
    assert_string_equal(field(line_at(out, 7, l, sizeof l), 3, f, sizeof f), "910B1");
    /* busy chip: AICore 37 %, HBM 1536 / 4096 MB; power and temperature follow the load */
    line_at(out, 8, l, sizeof l);
    assert_string_equal(field(l, 6, f, sizeof f), "37");
    assert_non_null(strstr(l, "1536  / 4096"));
    line_at(out, 7, l, sizeof l);
    char want_power[16];
    snprintf(want_power, sizeof want_power, "%.1f", 90.0 + (400.0 - 90.0) * 0.37);
    assert_string_equal(field(l, 7, f, sizeof f), want_power);
    /* idle second card */
    line_at(out, 11, l, sizeof l);
    assert_string_equal(field(l, 6, f, sizeof f), "0");
    assert_non_null(strstr(out, "| 0       0                 | 4242          | python                   | 1024                     |"));
    assert_non_null(strstr(out, "| 0       0                 | 4243          | infer                    | 512                      |"));
    assert_non_null(strstr(out, "| No running processes found in NPU 1 "));
    assert_null(strstr(out, "No running processes found in NPU 0"));
}

static void print_usages(const void *m)
{
    const smi_machine *mm = m;
    smi_print_type(mm, "usages", &mm->npu[0], 0);
}

static void print_proc_mem(const void *m)
{
    const smi_machine *mm = m;
    smi_print_type(mm, "proc-mem", &mm->npu[0], -1);
}

static void test_usages_and_proc_mem_follow_the_status(void **state)
{
    const aclemu_topology *t = load_topology("devices:\n  - profile: Ascend910B4\n");
    memset(g_status, 0, sizeof g_status);
    g_status[0].running = 1;
    g_status[0].mem_total = 2000 * MIB;
    g_status[0].mem_used = 500 * MIB;
    g_status[0].aicore_util = 80;
    g_status[0].nproc = 1;
    g_status[0].procs[0] = (drv_proc_info){.pid = 77, .name = "bench", .mem_bytes = 500 * MIB};
    static smi_machine m;
    smi_machine_build(&m, t);
    const char *out = capture(print_usages, &m);
    assert_non_null(strstr(out, "\tHBM Capacity(MB)               : 2000\n"));
    assert_non_null(strstr(out, "\tHBM Usage Rate(%)              : 25\n"));
    assert_non_null(strstr(out, "\tAicore Usage Rate(%)           : 80\n"));
    out = capture(print_proc_mem, &m);
    assert_non_null(strstr(out, "\tNPU ID                         : 0\n"));
    assert_non_null(strstr(out, "\tChip Count                     : 1\n"));
    assert_non_null(strstr(out, "\tProcess id:77      Process name:bench             Process memory(MB):500\n"));
    assert_non_null(strstr(out, "\tChip ID                        : 0\n"));
}

static void test_310p_busy_shows_ddr_memory(void **state)
{
    const aclemu_topology *t = load_topology("devices:\n  - profile: Ascend310P3\n    memory_cap: 3GiB\n");
    memset(g_status, 0, sizeof g_status);
    g_status[0].running = 1;
    g_status[0].mem_total = 3072 * MIB;
    g_status[0].mem_used = 100 * MIB;
    g_status[0].nproc = 1;
    g_status[0].procs[0] = (drv_proc_info){.pid = 9, .name = "a.out", .mem_bytes = 100 * MIB};
    static smi_machine m;
    smi_machine_build(&m, t);
    const char *out = capture(print_table, &m);
    assert_all_lines_width(out, 106);
    assert_null(strstr(out, "HBM"));
    assert_non_null(strstr(out, "| 0            100  / 3072 "));
    assert_non_null(strstr(out, "| 0       0                     | 9               | a.out "));
}

static void test_a3_pairs_dies_into_one_npu(void **state)
{
    const aclemu_topology *t = load_topology("devices:\n  - profile: Ascend910_9392\n"
                                             "  - profile: Ascend910_9392\n"
                                             "  - profile: Ascend910_9392\n");
    memset(g_status, 0, sizeof g_status);
    static smi_machine m;
    smi_machine_build(&m, t);
    assert_int_equal(m.nnpu, 2);
    assert_int_equal(m.npu[0].nchips, 2);
    assert_int_equal(m.npu[1].nchips, 1);
    assert_int_equal(m.npu[1].chip[0].devid, 2);
    const char *out = capture(print_table, &m);
    assert_all_lines_width(out, 99);
    char l[256], f[64];
    assert_string_equal(field(line_at(out, 7, l, sizeof l), 3, f, sizeof f), "Ascend910");
    /* die 1: NPU 0, name, health, then "-" for power */
    assert_string_equal(field(line_at(out, 10, l, sizeof l), 7, f, sizeof f), "-");
    /* die 1's second row: chip 1, phy id 1 */
    line_at(out, 11, l, sizeof l);
    assert_string_equal(field(l, 2, f, sizeof f), "1");
    assert_string_equal(field(l, 3, f, sizeof f), "1");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a2_busy_device_shows_processes_memory_and_util),
        cmocka_unit_test(test_usages_and_proc_mem_follow_the_status),
        cmocka_unit_test(test_310p_busy_shows_ddr_memory),
        cmocka_unit_test(test_a3_pairs_dies_into_one_npu),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
