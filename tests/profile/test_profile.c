/* Chip profile and topology loader: shipped profiles, error messages, defaults, units.
 * Expected values come from the CANN platform .ini table (reference/platform-and-tools.md §2),
 * written here by hand, not read back from the files under test. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "aclemu/profile.h"

#define KIB 1024ull
#define MIB (1024ull * KIB)
#define GIB (1024ull * MIB)

static char g_tmp[256];

/* A complete, valid profile; tests edit single lines of it. Line i+1 of the file is g_base[i]. */
static const char *const g_base[] = {
    "soc_version: Ascend910B1",  /* 1 */
    "short_soc_version: Ascend910B",
    "npu_arch: 2201",
    "ai_core_cnt: 24",
    "cube_core_cnt: 24",         /* 5 */
    "vector_core_cnt: 48",
    "ai_cpu_cnt: 6",
    "memory_size: 64GiB",
    "l2_size: 192MiB",
    "l1_size: 512KiB",           /* 10 */
    "l0_a_size: 64KiB",
    "l0_b_size: 64KiB",
    "l0_c_size: 128KiB",
    "ub_size: 192KiB",
    "cube_freq: 1850",           /* 15 */
    "support_bf16: true",
    "normal_stream_num: 32768",
    "normal_stream_depth: 2048",
    "max_events: 65536",
    "family: A2",                /* 20 */
    "npu_name: 910B1",
    "chip_name: 910B1",
    "chips_per_npu: 1",
    "has_hbm: true",
};
#define N_BASE (sizeof g_base / sizeof g_base[0])

/* Writes the base profile to dir/name with line `replace_line` (1-based, 0 = none) replaced by
 * `text` (NULL = line removed), and `extra` appended. Returns the path (static buffer). */
static const char *write_profile(const char *name, unsigned replace_line, const char *text,
                                 const char *extra)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s", g_tmp, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    for (unsigned i = 0; i < N_BASE; i++) {
        if (i + 1 == replace_line) {
            if (text != NULL)
                fprintf(f, "%s\n", text);
            else
                fprintf(f, "# removed\n"); /* keep the line numbers of what follows */
        } else {
            fprintf(f, "%s\n", g_base[i]);
        }
    }
    if (extra != NULL)
        fprintf(f, "%s", extra);
    fclose(f);
    return path;
}

static const char *write_text(const char *name, const char *text)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s", g_tmp, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return path;
}

/* Asserts the load fails and the message starts with "<path>:<line>: <key>: " and contains
 * `what`. */
static void expect_profile_error(const char *path, unsigned line, const char *key, const char *what)
{
    aclemu_chip_profile p;
    char err[1024];
    assert_int_equal(aclemu_profile_load(path, &p, err, sizeof err), -1);
    char prefix[700];
    snprintf(prefix, sizeof prefix, "%s:%u: %s: ", path, line, key);
    if (strncmp(err, prefix, strlen(prefix)) != 0 || strstr(err, what) == NULL)
        fail_msg("got '%s', expected prefix '%s' and '%s'", err, prefix, what);
}

static void expect_topology_error(const char *path, const char *file, unsigned line,
                                  const char *key, const char *what)
{
    aclemu_topology t;
    char err[1024];
    assert_int_equal(aclemu_topology_load(path, &t, err, sizeof err), -1);
    char prefix[700];
    snprintf(prefix, sizeof prefix, "%s:%u: %s: ", file, line, key);
    if (strncmp(err, prefix, strlen(prefix)) != 0 || strstr(err, what) == NULL)
        fail_msg("got '%s', expected prefix '%s' and '%s'", err, prefix, what);
}

static int setup(void **state)
{
    snprintf(g_tmp, sizeof g_tmp, "/tmp/aclemu-profile-test-XXXXXX");
    assert_non_null(mkdtemp(g_tmp));
    unsetenv("ACLEMU_CONF_DIR");
    unsetenv("ACLEMU_TOPOLOGY");
    return 0;
}

static int teardown(void **state)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", g_tmp);
    return system(cmd) == 0 ? 0 : -1;
}

/* ---- shipped profiles ------------------------------------------------------------------- */

static void test_every_shipped_profile_loads(void **state)
{
    const char *dir = aclemu_conf_dir();
    DIR *d = opendir(dir);
    assert_non_null(d);
    int count = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        size_t n = strlen(de->d_name);
        if (n < 6 || strcmp(de->d_name + n - 5, ".yaml") != 0)
            continue;
        char soc[128];
        snprintf(soc, sizeof soc, "%.*s", (int)(n - 5), de->d_name);
        aclemu_chip_profile p;
        char err[1024] = "";
        if (aclemu_profile_load(soc, &p, err, sizeof err) != 0)
            fail_msg("%s: %s", soc, err);
        assert_string_equal(p.soc_version, soc);
        assert_true(p.cube_core_cnt <= p.ai_core_cnt);
        assert_true(p.memory_cap > 0 && p.memory_cap <= p.memory_size);
        assert_int_equal(p.memory_cap % (2 * MIB), 0);
        assert_true(p.chips_per_npu == (p.family == ACLEMU_FAMILY_A3 ? 2u : 1u));
        count++;
    }
    closedir(d);
    assert_true(count >= 9);
}

static void test_required_socs_match_the_ini_table(void **state)
{
    static const struct {
        const char *soc, *short_soc, *npu_name;
        aclemu_family fam;
        uint32_t arch, ai, cube, vec, freq;
        uint64_t mem, l2, l0c, ub;
        bool bf16, hbm;
        uint32_t chips;
    } want[] = {
        {"Ascend910B1", "Ascend910B", "910B1", ACLEMU_FAMILY_A2, 2201, 24, 24, 48, 1850, 64 * GIB,
         192 * MIB, 128 * KIB, 192 * KIB, true, true, 1},
        {"Ascend910B2", "Ascend910B", "910B2", ACLEMU_FAMILY_A2, 2201, 24, 24, 48, 1800, 64 * GIB,
         192 * MIB, 128 * KIB, 192 * KIB, true, true, 1},
        {"Ascend910B3", "Ascend910B", "910B3", ACLEMU_FAMILY_A2, 2201, 20, 20, 40, 1800, 64 * GIB,
         192 * MIB, 128 * KIB, 192 * KIB, true, true, 1},
        {"Ascend910B4", "Ascend910B", "910B4", ACLEMU_FAMILY_A2, 2201, 20, 20, 40, 1500, 32 * GIB,
         96 * MIB, 128 * KIB, 192 * KIB, true, true, 1},
        {"Ascend910_9392", "Ascend910_93", "Ascend910", ACLEMU_FAMILY_A3, 2201, 24, 24, 48, 1850,
         64 * GIB, 192 * MIB, 128 * KIB, 192 * KIB, true, true, 2},
        {"Ascend310P3", "Ascend310P", "310P3", ACLEMU_FAMILY_310P, 2002, 8, 0, 7, 1060,
         24000000000ull, 16 * MIB, 256 * KIB, 256 * KIB, false, false, 1},
        {"Ascend310B1", "Ascend310B", "310B1", ACLEMU_FAMILY_310B, 3002, 1, 1, 1, 1224, 32 * GIB,
         4 * MIB, 128 * KIB, 248 * KIB, false, false, 1},
        {"Ascend950PR_9589", "Ascend950", "Ascend950PR", ACLEMU_FAMILY_950, 3510, 32, 32, 64, 1650,
         128 * GIB, 128 * MIB, 256 * KIB, 248 * KIB, true, true, 1},
        {"Ascend910A", "Ascend910", "910A", ACLEMU_FAMILY_910A, 1001, 32, 0, 0, 1000, 32 * GIB,
         32 * MIB, 256 * KIB, 256 * KIB, false, true, 1},
        /* mdyn: the legacy names and further ini variants atc --soc_version accepts */
        {"Ascend910B", "Ascend910", "910B", ACLEMU_FAMILY_910A, 1001, 30, 0, 0, 900, 32 * GIB,
         32 * MIB, 256 * KIB, 256 * KIB, false, true, 1},
        {"Ascend910", "Ascend910", "910", ACLEMU_FAMILY_910A, 1001, 32, 0, 0, 1000, 32 * GIB,
         32 * MIB, 256 * KIB, 256 * KIB, false, true, 1},
        {"Ascend310P5", "Ascend310P", "310P5", ACLEMU_FAMILY_310P, 2002, 8, 0, 7, 800,
         24000000000ull, 16 * MIB, 256 * KIB, 256 * KIB, false, false, 1},
        {"Ascend310B4", "Ascend310B", "310B4", ACLEMU_FAMILY_310B, 3002, 1, 1, 1, 500, 32 * GIB,
         4 * MIB, 128 * KIB, 248 * KIB, false, false, 1},
        {"Ascend910B4-1", "Ascend910B", "910B4-1", ACLEMU_FAMILY_A2, 2201, 20, 20, 40, 1500, 32 * GIB,
         168 * MIB, 128 * KIB, 192 * KIB, true, true, 1},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        aclemu_chip_profile p;
        char err[1024] = "";
        if (aclemu_profile_load(want[i].soc, &p, err, sizeof err) != 0)
            fail_msg("%s: %s", want[i].soc, err);
        assert_string_equal(p.soc_version, want[i].soc);
        assert_string_equal(p.short_soc_version, want[i].short_soc);
        assert_string_equal(p.npu_name, want[i].npu_name);
        assert_int_equal(p.family, want[i].fam);
        assert_int_equal(p.npu_arch, want[i].arch);
        assert_int_equal(p.ai_core_cnt, want[i].ai);
        assert_int_equal(p.cube_core_cnt, want[i].cube);
        assert_int_equal(p.vector_core_cnt, want[i].vec);
        assert_int_equal(p.cube_freq, want[i].freq);
        assert_true(p.memory_size == want[i].mem);
        assert_true(p.l2_size == want[i].l2);
        assert_true(p.l0_a_size == 64 * KIB && p.l0_b_size == 64 * KIB);
        assert_true(p.l0_c_size == want[i].l0c);
        assert_true(p.ub_size == want[i].ub);
        assert_int_equal(p.support_bf16, want[i].bf16);
        assert_int_equal(p.has_hbm, want[i].hbm);
        assert_int_equal(p.chips_per_npu, want[i].chips);
    }
}

/* ---- errors ------------------------------------------------------------------------------ */

static void test_valid_base_profile_loads_by_path(void **state)
{
    const char *path = write_profile("base.yaml", 0, NULL, "memory_cap: 1GiB\nworker_threads: 3\n");
    aclemu_chip_profile p;
    char err[1024] = "";
    if (aclemu_profile_load(path, &p, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_true(p.memory_cap == GIB);
    assert_int_equal(p.worker_threads, 3);
}

static void test_syntax_error_names_the_line(void **state)
{
    const char *path = write_profile("syntax.yaml", 7, "ai_cpu_cnt: 6: 7", NULL);
    aclemu_chip_profile p;
    char err[1024];
    assert_int_equal(aclemu_profile_load(path, &p, err, sizeof err), -1);
    char prefix[700];
    snprintf(prefix, sizeof prefix, "%s:7: (syntax): ", path);
    if (strncmp(err, prefix, strlen(prefix)) != 0)
        fail_msg("got '%s'", err);
}

static void test_unknown_key(void **state)
{
    const char *path = write_profile("unknown.yaml", 0, NULL, "ai_core_count: 24\n");
    expect_profile_error(path, N_BASE + 1, "ai_core_count", "unknown key");
}

static void test_wrong_types(void **state)
{
    expect_profile_error(write_profile("t1.yaml", 4, "ai_core_cnt: many", NULL), 4, "ai_core_cnt",
                         "expected an integer, got 'many'");
    expect_profile_error(write_profile("t2.yaml", 4, "ai_core_cnt: \"24\"", NULL), 4,
                         "ai_core_cnt", "expected an integer");
    expect_profile_error(write_profile("t3.yaml", 16, "support_bf16: maybe", NULL), 16,
                         "support_bf16", "expected true or false");
    expect_profile_error(write_profile("t4.yaml", 9, "l2_size: [192]", NULL), 9, "l2_size",
                         "expected a size");
    expect_profile_error(write_profile("t5.yaml", 20, "family: A9", NULL), 20, "family",
                         "expected one of");
    expect_profile_error(write_profile("t6.yaml", 21, "npu_name: ''", NULL), 21, "npu_name",
                         "must not be empty");
    expect_profile_error(write_profile("t7.yaml", 4, "ai_core_cnt: -3", NULL), 4, "ai_core_cnt",
                         "expected an integer");
}

static void test_missing_required_field(void **state)
{
    expect_profile_error(write_profile("missing.yaml", 15, NULL, NULL), 1, "cube_freq",
                         "missing required key");
}

static void test_out_of_range(void **state)
{
    expect_profile_error(write_profile("r1.yaml", 4, "ai_core_cnt: 0", NULL), 4, "ai_core_cnt",
                         "0 is out of range [1, 256]");
    expect_profile_error(write_profile("r2.yaml", 23, "chips_per_npu: 3", NULL), 23,
                         "chips_per_npu", "out of range");
    expect_profile_error(write_profile("r3.yaml", 14, "ub_size: 128MiB", NULL), 14, "ub_size",
                         "out of range");
    expect_profile_error(write_profile("r4.yaml", 5, "cube_core_cnt: 30", NULL), 5,
                         "cube_core_cnt", "more than ai_core_cnt");
    expect_profile_error(write_profile("r5.yaml", 0, NULL, "memory_cap: 65GiB\n"), N_BASE + 1,
                         "memory_cap", "more than memory_size");
    expect_profile_error(write_profile("r6.yaml", 4, "ai_core_cnt: 99999999999999999999999", NULL),
                         4, "ai_core_cnt", "too large");
}

static void test_duplicate_key(void **state)
{
    expect_profile_error(write_profile("dup.yaml", 0, NULL, "npu_arch: 2202\n"), N_BASE + 1,
                         "npu_arch", "duplicate key (first given on line 3)");
}

static void test_not_a_mapping_and_empty(void **state)
{
    const char *p1 = write_text("list.yaml", "- a\n- b\n");
    expect_profile_error(p1, 1, "(profile)", "expected a mapping");
    const char *p2 = write_text("empty.yaml", "# nothing\n");
    expect_profile_error(p2, 1, "(profile)", "empty");
    const char *p3 = write_profile("twodocs.yaml", 0, NULL, "---\nai_core_cnt: 1\n");
    expect_profile_error(p3, N_BASE + 2, "(profile)", "more than one YAML document");
    /* a syntax error in a later document is still an error */
    const char *p4 = write_profile("twodocs-bad.yaml", 0, NULL, "---\nx: [\n");
    aclemu_chip_profile p;
    char err[1024];
    assert_int_equal(aclemu_profile_load(p4, &p, err, sizeof err), -1);
    assert_non_null(strstr(err, "(syntax)"));
}

static void test_soc_name_must_match_file(void **state)
{
    char dir[400];
    snprintf(dir, sizeof dir, "%s/conf-mismatch", g_tmp);
    char cmd[900];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", dir);
    assert_int_equal(system(cmd), 0);
    /* Ascend910B1's content saved as Ascend910B9.yaml */
    char path[600];
    snprintf(path, sizeof path, "%s/Ascend910B9.yaml", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    for (unsigned i = 0; i < N_BASE; i++)
        fprintf(f, "%s\n", g_base[i]);
    fclose(f);
    setenv("ACLEMU_CONF_DIR", dir, 1);
    assert_string_equal(aclemu_conf_dir(), dir);
    aclemu_chip_profile p;
    char err[1024];
    assert_int_equal(aclemu_profile_load("Ascend910B9", &p, err, sizeof err), -1);
    char prefix[700];
    snprintf(prefix, sizeof prefix, "%s:1: soc_version: ", path);
    if (strncmp(err, prefix, strlen(prefix)) != 0 || strstr(err, "does not match") == NULL)
        fail_msg("got '%s'", err);
    /* an unknown SoC names the conf dir it looked in */
    assert_int_equal(aclemu_profile_load("Ascend999", &p, err, sizeof err), -1);
    assert_non_null(strstr(err, "unknown SoC 'Ascend999'"));
    assert_non_null(strstr(err, dir));
    unsetenv("ACLEMU_CONF_DIR");
}

/* ---- units ------------------------------------------------------------------------------- */

static uint64_t load_l2(const char *value, int *rc, char *err, size_t errlen)
{
    char line[128];
    snprintf(line, sizeof line, "l2_size: %s", value);
    const char *path = write_profile("unit.yaml", 9, line, NULL);
    aclemu_chip_profile p;
    *rc = aclemu_profile_load(path, &p, err, errlen);
    return *rc == 0 ? p.l2_size : 0;
}

static void test_size_units(void **state)
{
    static const struct { const char *text; uint64_t bytes; } ok[] = {
        {"1048576", 1048576ull},      {"512B", 512},         {"192KiB", 192 * KIB},
        {"192 KiB", 192 * KIB},       {"3MiB", 3 * MIB},     {"1GiB", GIB},
        {"1.5KiB", 1536},             {"2KB", 2000},         {"5MB", 5000000ull},
        {"1GB", 1000000000ull},       {"0.5MiB", 512 * KIB}, {"\"96MiB\"", 96 * MIB},
        {"0", 0},
    };
    char err[1024];
    int rc;
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        uint64_t v = load_l2(ok[i].text, &rc, err, sizeof err);
        if (rc != 0)
            fail_msg("%s: %s", ok[i].text, err);
        if (v != ok[i].bytes)
            fail_msg("%s: got %llu, want %llu", ok[i].text, (unsigned long long)v,
                     (unsigned long long)ok[i].bytes);
    }
    static const char *const bad[] = {"12XB", "MiB", "1.KiB", "0.3B", "-1KiB", "1e9", "1 2KiB"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        load_l2(bad[i], &rc, err, sizeof err);
        if (rc != -1 || strstr(err, ": l2_size: ") == NULL)
            fail_msg("%s: rc %d, '%s'", bad[i], rc, err);
    }
    /* 1024 TiB does not fit the range (and 2^64 B does not fit at all) */
    load_l2("1024TiB", &rc, err, sizeof err);
    assert_int_equal(rc, -1);
    assert_non_null(strstr(err, "out of range"));
    load_l2("18446744073709551616", &rc, err, sizeof err);
    assert_int_equal(rc, -1);
    assert_non_null(strstr(err, "too large"));
}

/* ---- memory cap -------------------------------------------------------------------------- */

static uint64_t host_ram(void)
{
    return (uint64_t)sysconf(_SC_PHYS_PAGES) * (uint64_t)sysconf(_SC_PAGESIZE);
}

static void test_default_memory_cap(void **state)
{
    uint64_t quarter = host_ram() / 4;
    uint64_t want = 64 * GIB;
    if (quarter < want)
        want = quarter;
    if (want > 8 * GIB)
        want = 8 * GIB;
    want -= want % (2 * MIB);
    assert_true(aclemu_default_memory_cap(64 * GIB) == want);
    /* small chips are not capped, only rounded down to 2 MiB */
    assert_true(aclemu_default_memory_cap(100 * MIB + 12345) == 100 * MIB);
    assert_true(aclemu_default_memory_cap(3 * MIB) == 2 * MIB);
}

/* ---- topology ---------------------------------------------------------------------------- */

static void test_default_topology(void **state)
{
    unsetenv("ACLEMU_TOPOLOGY");
    aclemu_topology t;
    char err[1024] = "";
    if (aclemu_topology_load(NULL, &t, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(t.count, 1);
    assert_string_equal(t.source, "(default)");
    assert_string_equal(t.dev[0].soc_version, "Ascend910B1");
    assert_true(t.dev[0].memory_cap == aclemu_default_memory_cap(64 * GIB));
    assert_true(t.dev[0].memory_cap <= 8 * GIB);
}

static void test_topology_file_and_env(void **state)
{
    const char *prof = write_profile("custom.yaml", 4, "ai_core_cnt: 30", NULL);
    (void)prof;
    const char *path = write_text("topo.yaml",
                                  "# two devices\n"
                                  "devices:\n"
                                  "  - profile: Ascend910B1\n"
                                  "    memory_cap: 4GiB\n"
                                  "    worker_threads: 2\n"
                                  "  - profile: Ascend310P3\n"
                                  "  - profile: custom.yaml   # relative to this file\n");
    aclemu_topology t;
    char err[1024] = "";
    setenv("ACLEMU_TOPOLOGY", path, 1);
    if (aclemu_topology_load(NULL, &t, err, sizeof err) != 0)
        fail_msg("%s", err);
    unsetenv("ACLEMU_TOPOLOGY");
    assert_int_equal(t.count, 3);
    assert_string_equal(t.source, path);
    assert_string_equal(t.dev[0].soc_version, "Ascend910B1");
    assert_true(t.dev[0].memory_cap == 4 * GIB);
    assert_int_equal(t.dev[0].worker_threads, 2);
    assert_string_equal(t.dev[1].soc_version, "Ascend310P3");
    assert_true(t.dev[1].memory_cap == aclemu_default_memory_cap(24000000000ull));
    assert_int_equal(t.dev[2].ai_core_cnt, 30);
}

static void test_topology_errors(void **state)
{
    const char *p;
    p = write_text("te1.yaml", "devices:\n  - profile: Ascend910B1\n    memory_cap: 65GiB\n");
    expect_topology_error(p, p, 3, "memory_cap", "out of range");
    p = write_text("te2.yaml", "devices:\n  - profile: Ascend910Z\n");
    expect_topology_error(p, p, 2, "profile", "unknown SoC 'Ascend910Z'");
    p = write_text("te3.yaml", "devices:\n  - profile: Ascend910B1\n    color: red\n");
    expect_topology_error(p, p, 3, "color", "unknown key");
    p = write_text("te4.yaml", "devices: Ascend910B1\n");
    expect_topology_error(p, p, 1, "devices", "expected a list");
    p = write_text("te5.yaml", "device:\n  - profile: Ascend910B1\n");
    expect_topology_error(p, p, 1, "device", "unknown key");
    p = write_text("te6.yaml", "devices: []\n");
    expect_topology_error(p, p, 1, "devices", "0 devices is out of range [1, 16]");
    p = write_text("te7.yaml", "devices:\n  - memory_cap: 1GiB\n");
    expect_topology_error(p, p, 2, "profile", "missing required key");
    p = write_text("te8.yaml", "devices:\n  - profile: Ascend910B1\n    worker_threads: lots\n");
    expect_topology_error(p, p, 3, "worker_threads", "expected an integer");
    p = write_text("te9.yaml", "devices:\n  - Ascend910B1\n");
    expect_topology_error(p, p, 2, "devices", "must be a mapping");

    char many[2048] = "devices:\n";
    for (int i = 0; i < 17; i++)
        strcat(many, "  - profile: Ascend910B1\n");
    p = write_text("te10.yaml", many);
    expect_topology_error(p, p, 2, "devices", "17 devices is out of range [1, 16]");

    /* an error inside a referenced profile names that profile's file and line */
    const char *bad = write_profile("badprof.yaml", 15, "cube_freq: fast", NULL);
    char badcopy[512];
    snprintf(badcopy, sizeof badcopy, "%s", bad);
    p = write_text("te11.yaml", "devices:\n  - profile: badprof.yaml\n");
    expect_topology_error(p, badcopy, 15, "cube_freq", "expected an integer");

    /* a missing topology file */
    char missing[512];
    snprintf(missing, sizeof missing, "%s/nope.yaml", g_tmp);
    aclemu_topology t;
    char err[1024];
    assert_int_equal(aclemu_topology_load(missing, &t, err, sizeof err), -1);
    assert_non_null(strstr(err, "cannot open"));
    assert_int_equal(t.count, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_shipped_profile_loads),
        cmocka_unit_test(test_required_socs_match_the_ini_table),
        cmocka_unit_test(test_valid_base_profile_loads_by_path),
        cmocka_unit_test(test_syntax_error_names_the_line),
        cmocka_unit_test(test_unknown_key),
        cmocka_unit_test(test_wrong_types),
        cmocka_unit_test(test_missing_required_field),
        cmocka_unit_test(test_out_of_range),
        cmocka_unit_test(test_duplicate_key),
        cmocka_unit_test(test_not_a_mapping_and_empty),
        cmocka_unit_test(test_soc_name_must_match_file),
        cmocka_unit_test(test_size_units),
        cmocka_unit_test(test_default_memory_cap),
        cmocka_unit_test(test_default_topology),
        cmocka_unit_test(test_topology_file_and_env),
        cmocka_unit_test(test_topology_errors),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
