/* Chip profile and topology loader (see aclemu/profile.h).
 *
 * Both files are read with libyaml's document API, which keeps the line of every node, so each
 * complaint can name "file:line: key". Parsing is strict: a key we do not know, a value of the
 * wrong type or outside its range, or a missing required key rejects the whole file. */
#include "aclemu/profile.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>

#define API __attribute__((visibility("default")))

#define KIB (1024ull)
#define MIB (1024ull * KIB)
#define GIB (1024ull * MIB)
#define TIB (1024ull * GIB)

/* ---- error reporting --------------------------------------------------------------------- */

typedef struct err_sink {
    char *buf;
    size_t len;
} err_sink;

__attribute__((format(printf, 2, 3))) static int fail(err_sink *e, const char *fmt, ...)
{
    if (e->buf != NULL && e->len > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(e->buf, e->len, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* Classifies the messages fail() is called with above and below (same file, same wording). */
__attribute__((visibility("default"))) aclemu_conf_error aclemu_conf_error_kind(const char *msg)
{
    if (msg == NULL)
        return ACLEMU_CONF_ERR_INVALID;
    if (strstr(msg, ": cannot open: ") != NULL)
        return ACLEMU_CONF_ERR_FILE;
    if (strstr(msg, "(syntax)") != NULL || strstr(msg, "more than one YAML document") != NULL)
        return ACLEMU_CONF_ERR_SYNTAX;
    if (strstr(msg, "missing required key") != NULL)
        return ACLEMU_CONF_ERR_MISSING;
    return ACLEMU_CONF_ERR_INVALID;
}

/* ---- conf dir ---------------------------------------------------------------------------- */

static char g_lib_confdir[PATH_MAX];

static int is_dir(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* The installed conf dir sits at a fixed place relative to the directory of the binary that
 * contains this code (lib64/libascendcl.so or bin/npu-smi), so an installed tree can move. */
static void find_lib_confdir(void)
{
    Dl_info info;
    char self[PATH_MAX] = "";
    if (dladdr((void *)&aclemu_conf_dir, &info) != 0 && info.dli_fname != NULL &&
        strchr(info.dli_fname, '/') != NULL) {
        if (realpath(info.dli_fname, self) == NULL)
            self[0] = '\0';
    }
    if (self[0] == '\0') { /* main executable found by PATH lookup: ask the kernel */
        ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
        self[n > 0 ? n : 0] = '\0';
    }
    char *slash = strrchr(self, '/');
    if (slash != NULL) {
        *slash = '\0';
        char cand[PATH_MAX];
        int n = snprintf(cand, sizeof cand, "%s/%s", self, ACLEMU_REL_CONFDIR);
        if (n > 0 && (size_t)n < sizeof cand && is_dir(cand)) {
            if (realpath(cand, g_lib_confdir) == NULL)
                snprintf(g_lib_confdir, sizeof g_lib_confdir, "%s", cand);
            return;
        }
    }
    snprintf(g_lib_confdir, sizeof g_lib_confdir, "%s", ACLEMU_SRC_CONFDIR);
}

API const char *aclemu_conf_dir(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    const char *env = getenv("ACLEMU_CONF_DIR");
    if (env != NULL && env[0] != '\0')
        return env;
    pthread_once(&once, find_lib_confdir);
    return g_lib_confdir;
}

/* ---- default memory cap ------------------------------------------------------------------ */

API uint64_t aclemu_default_memory_cap(uint64_t memory_size)
{
    uint64_t cap = memory_size;
    long pages = sysconf(_SC_PHYS_PAGES);
    long page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0) {
        uint64_t quarter = (uint64_t)pages * (uint64_t)page / 4;
        if (quarter < cap)
            cap = quarter;
    }
    if (cap > 8 * GIB)
        cap = 8 * GIB;
    cap &= ~(2 * MIB - 1);
    return cap;
}

/* ---- scalar parsing ---------------------------------------------------------------------- */

typedef struct doc_ctx {
    yaml_document_t doc;
    const char *file;
    err_sink *err;
} doc_ctx;

static unsigned line_of(const yaml_node_t *n)
{
    return (unsigned)n->start_mark.line + 1;
}

static const char *scalar(const yaml_node_t *n)
{
    return (const char *)n->data.scalar.value;
}

static int is_quoted(const yaml_node_t *n)
{
    return n->data.scalar.style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
           n->data.scalar.style == YAML_DOUBLE_QUOTED_SCALAR_STYLE;
}

static const char *kind_name(const yaml_node_t *n)
{
    switch (n->type) {
    case YAML_MAPPING_NODE: return "a mapping";
    case YAML_SEQUENCE_NODE: return "a list";
    default: return "a scalar";
    }
}

/* Plain unsigned decimal integer. */
static int parse_uint(doc_ctx *c, const yaml_node_t *n, const char *key, uint64_t *out)
{
    if (n->type != YAML_SCALAR_NODE)
        return fail(c->err, "%s:%u: %s: expected an integer, got %s", c->file, line_of(n), key,
                    kind_name(n));
    const char *s = scalar(n);
    if (is_quoted(n) || s[0] < '0' || s[0] > '9')
        return fail(c->err, "%s:%u: %s: expected an integer, got '%s'", c->file, line_of(n), key, s);
    errno = 0;
    char *end;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end != '\0')
        return fail(c->err, "%s:%u: %s: expected an integer, got '%s'", c->file, line_of(n), key, s);
    if (errno == ERANGE)
        return fail(c->err, "%s:%u: %s: integer '%s' is too large", c->file, line_of(n), key, s);
    *out = v;
    return 0;
}

/* A size: "<number>[ ]<unit>" with unit B, KiB/MiB/GiB/TiB (1024) or KB/MB/GB/TB (1000), or a
 * plain integer count of bytes. The result must be a whole number of bytes. */
static int parse_size_text(const char *s, uint64_t *out)
{
    static const struct { const char *name; uint64_t mul; } units[] = {
        {"", 1}, {"B", 1},
        {"KiB", KIB}, {"MiB", MIB}, {"GiB", GIB}, {"TiB", TIB},
        {"KB", 1000ull}, {"MB", 1000000ull}, {"GB", 1000000000ull}, {"TB", 1000000000000ull},
    };
    const char *p = s;
    if (*p < '0' || *p > '9')
        return -1;
    uint64_t whole = 0;
    while (*p >= '0' && *p <= '9') {
        if (whole > (UINT64_MAX - 9) / 10)
            return -2;
        whole = whole * 10 + (uint64_t)(*p++ - '0');
    }
    uint64_t frac_num = 0, frac_den = 1;
    if (*p == '.') {
        p++;
        if (*p < '0' || *p > '9')
            return -1;
        while (*p >= '0' && *p <= '9') {
            if (frac_den >= 1000000000000ull)
                return -1; /* more precision than any size needs */
            frac_num = frac_num * 10 + (uint64_t)(*p++ - '0');
            frac_den *= 10;
        }
    }
    while (*p == ' ')
        p++;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        if (strcmp(p, units[i].name) != 0)
            continue;
        uint64_t mul = units[i].mul;
        if (whole != 0 && mul > UINT64_MAX / whole)
            return -2;
        uint64_t v = whole * mul;
        if (frac_num != 0) {
            /* frac_num/frac_den * mul must be whole: sizes are counted in bytes */
            long double f = (long double)frac_num * (long double)mul / (long double)frac_den;
            if (f != floorl(f))
                return -3;
            if (v > UINT64_MAX - (uint64_t)f)
                return -2;
            v += (uint64_t)f;
        }
        *out = v;
        return 0;
    }
    return -1;
}

static int parse_size(doc_ctx *c, const yaml_node_t *n, const char *key, uint64_t *out)
{
    if (n->type != YAML_SCALAR_NODE)
        return fail(c->err, "%s:%u: %s: expected a size (e.g. 64GiB or 65536), got %s", c->file,
                    line_of(n), key, kind_name(n));
    const char *s = scalar(n);
    switch (parse_size_text(s, out)) {
    case 0: return 0;
    case -2:
        return fail(c->err, "%s:%u: %s: size '%s' is too large", c->file, line_of(n), key, s);
    case -3:
        return fail(c->err, "%s:%u: %s: size '%s' is not a whole number of bytes", c->file,
                    line_of(n), key, s);
    default:
        return fail(c->err,
                    "%s:%u: %s: expected a size (bytes, or a number with B/KiB/MiB/GiB/TiB/KB/MB/"
                    "GB/TB), got '%s'",
                    c->file, line_of(n), key, s);
    }
}

static int parse_bool(doc_ctx *c, const yaml_node_t *n, const char *key, bool *out)
{
    if (n->type == YAML_SCALAR_NODE && !is_quoted(n)) {
        const char *s = scalar(n);
        if (!strcmp(s, "true") || !strcmp(s, "True") || !strcmp(s, "TRUE")) {
            *out = true;
            return 0;
        }
        if (!strcmp(s, "false") || !strcmp(s, "False") || !strcmp(s, "FALSE")) {
            *out = false;
            return 0;
        }
        return fail(c->err, "%s:%u: %s: expected true or false, got '%s'", c->file, line_of(n),
                    key, s);
    }
    return fail(c->err, "%s:%u: %s: expected true or false, got %s", c->file, line_of(n), key,
                n->type == YAML_SCALAR_NODE ? "a quoted string" : kind_name(n));
}

static int parse_name(doc_ctx *c, const yaml_node_t *n, const char *key, char *out)
{
    if (n->type != YAML_SCALAR_NODE)
        return fail(c->err, "%s:%u: %s: expected a name, got %s", c->file, line_of(n), key,
                    kind_name(n));
    const char *s = scalar(n);
    size_t len = strlen(s);
    if (len == 0 || (!is_quoted(n) && (!strcmp(s, "~") || !strcmp(s, "null"))))
        return fail(c->err, "%s:%u: %s: must not be empty", c->file, line_of(n), key);
    if (len >= ACLEMU_NAME_LEN)
        return fail(c->err, "%s:%u: %s: '%s' is longer than %d characters", c->file, line_of(n),
                    key, s, ACLEMU_NAME_LEN - 1);
    for (const char *p = s; *p; p++)
        if (*p <= ' ' || *p == '/' || *p == 0x7f)
            return fail(c->err, "%s:%u: %s: '%s' contains a space, '/' or control character",
                        c->file, line_of(n), key, s);
    memcpy(out, s, len + 1);
    return 0;
}

static const struct { const char *name; aclemu_family family; } g_families[] = {
    {"910A", ACLEMU_FAMILY_910A}, {"A2", ACLEMU_FAMILY_A2},     {"A3", ACLEMU_FAMILY_A3},
    {"310P", ACLEMU_FAMILY_310P}, {"310B", ACLEMU_FAMILY_310B}, {"950", ACLEMU_FAMILY_950},
};

static int parse_family(doc_ctx *c, const yaml_node_t *n, const char *key, aclemu_family *out)
{
    if (n->type == YAML_SCALAR_NODE) {
        for (size_t i = 0; i < sizeof g_families / sizeof g_families[0]; i++) {
            if (!strcmp(scalar(n), g_families[i].name)) {
                *out = g_families[i].family;
                return 0;
            }
        }
    }
    return fail(c->err, "%s:%u: %s: expected one of 910A, A2, A3, 310P, 310B, 950, got %s%s%s",
                c->file, line_of(n), key, n->type == YAML_SCALAR_NODE ? "'" : "",
                n->type == YAML_SCALAR_NODE ? scalar(n) : kind_name(n),
                n->type == YAML_SCALAR_NODE ? "'" : "");
}

/* ---- the profile schema ------------------------------------------------------------------ */

typedef enum field_kind { F_NAME, F_U32, F_SIZE, F_BOOL, F_FAMILY } field_kind;

typedef struct field_spec {
    const char *key;
    field_kind kind;
    size_t offset;
    uint64_t min, max; /* inclusive, for F_U32 and F_SIZE */
    bool required;
} field_spec;

#define OFF(f) offsetof(aclemu_chip_profile, f)
static const field_spec g_profile_fields[] = {
    {"soc_version", F_NAME, OFF(soc_version), 0, 0, true},
    {"short_soc_version", F_NAME, OFF(short_soc_version), 0, 0, true},
    {"npu_name", F_NAME, OFF(npu_name), 0, 0, true},
    {"chip_name", F_NAME, OFF(chip_name), 0, 0, true},
    {"family", F_FAMILY, OFF(family), 0, 0, true},
    {"npu_arch", F_U32, OFF(npu_arch), 1000, 9999, true},
    {"ai_core_cnt", F_U32, OFF(ai_core_cnt), 1, 256, true},
    {"cube_core_cnt", F_U32, OFF(cube_core_cnt), 0, 256, true},
    {"vector_core_cnt", F_U32, OFF(vector_core_cnt), 0, 512, true},
    {"ai_cpu_cnt", F_U32, OFF(ai_cpu_cnt), 0, 64, true},
    {"memory_size", F_SIZE, OFF(memory_size), 64 * MIB, 4 * TIB, true},
    {"l2_size", F_SIZE, OFF(l2_size), 0, 4 * GIB, true},
    {"l1_size", F_SIZE, OFF(l1_size), 1 * KIB, 64 * MIB, true},
    {"l0_a_size", F_SIZE, OFF(l0_a_size), 1 * KIB, 64 * MIB, true},
    {"l0_b_size", F_SIZE, OFF(l0_b_size), 1 * KIB, 64 * MIB, true},
    {"l0_c_size", F_SIZE, OFF(l0_c_size), 1 * KIB, 64 * MIB, true},
    {"ub_size", F_SIZE, OFF(ub_size), 1 * KIB, 64 * MIB, true},
    {"cube_freq", F_U32, OFF(cube_freq), 1, 10000, true},
    {"support_bf16", F_BOOL, OFF(support_bf16), 0, 0, true},
    {"normal_stream_num", F_U32, OFF(normal_stream_num), 1, 65535, true},
    {"normal_stream_depth", F_U32, OFF(normal_stream_depth), 2, 1u << 20, true},
    {"max_events", F_U32, OFF(max_events), 1, 1u << 20, true},
    {"chips_per_npu", F_U32, OFF(chips_per_npu), 1, 2, true},
    {"has_hbm", F_BOOL, OFF(has_hbm), 0, 0, true},
    /* emulator settings; memory_cap's upper bound is memory_size, checked afterwards */
    {"memory_cap", F_SIZE, OFF(memory_cap), 2 * MIB, 4 * TIB, false},
    {"worker_threads", F_U32, OFF(worker_threads), 0, 256, false},
};
#undef OFF
#define N_PROFILE_FIELDS (sizeof g_profile_fields / sizeof g_profile_fields[0])

static int parse_field(doc_ctx *c, const field_spec *f, const yaml_node_t *n, void *base)
{
    char *dst = (char *)base + f->offset;
    uint64_t v = 0;
    switch (f->kind) {
    case F_NAME: return parse_name(c, n, f->key, dst);
    case F_BOOL: return parse_bool(c, n, f->key, (bool *)dst);
    case F_FAMILY: return parse_family(c, n, f->key, (aclemu_family *)dst);
    case F_U32:
        if (parse_uint(c, n, f->key, &v) != 0)
            return -1;
        if (v < f->min || v > f->max)
            return fail(c->err, "%s:%u: %s: %llu is out of range [%llu, %llu]", c->file,
                        line_of(n), f->key, (unsigned long long)v, (unsigned long long)f->min,
                        (unsigned long long)f->max);
        *(uint32_t *)dst = (uint32_t)v;
        return 0;
    case F_SIZE:
        if (parse_size(c, n, f->key, &v) != 0)
            return -1;
        if (v < f->min || v > f->max)
            return fail(c->err, "%s:%u: %s: %s (%llu bytes) is out of range [%llu, %llu] bytes",
                        c->file, line_of(n), f->key, scalar(n), (unsigned long long)v,
                        (unsigned long long)f->min, (unsigned long long)f->max);
        *(uint64_t *)dst = v;
        return 0;
    }
    return -1;
}

/* ---- document loading -------------------------------------------------------------------- */

/* Parses `path` into c->doc. Returns the root node (a mapping) or NULL with the error set. */
static yaml_node_t *load_mapping_doc(doc_ctx *c, const char *path, const char *what)
{
    memset(&c->doc, 0, sizeof c->doc);
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) {
        fail(c->err, "%s:0: %s: cannot open: %s", path, what, strerror(errno));
        return NULL;
    }
    yaml_parser_t parser;
    if (!yaml_parser_initialize(&parser)) {
        fclose(fp);
        fail(c->err, "%s:0: %s: out of memory", path, what);
        return NULL;
    }
    yaml_parser_set_input_file(&parser, fp);
    int ok = yaml_parser_load(&parser, &c->doc);
    if (ok && yaml_document_get_root_node(&c->doc) != NULL) {
        /* a second document would be ignored silently: reject it */
        yaml_document_t extra;
        if (!yaml_parser_load(&parser, &extra)) {
            ok = 0;
        } else {
            yaml_node_t *root2 = yaml_document_get_root_node(&extra);
            if (root2 != NULL) {
                fail(c->err, "%s:%u: %s: more than one YAML document in the file", path,
                     line_of(root2), what);
                yaml_document_delete(&extra);
                yaml_document_delete(&c->doc);
                yaml_parser_delete(&parser);
                fclose(fp);
                memset(&c->doc, 0, sizeof c->doc);
                return NULL;
            }
            yaml_document_delete(&extra);
        }
        if (!ok)
            yaml_document_delete(&c->doc);
    }
    if (!ok) {
        unsigned line = (unsigned)parser.problem_mark.line + 1;
        if (parser.context != NULL)
            fail(c->err, "%s:%u: (syntax): %s %s", path, line, parser.problem, parser.context);
        else
            fail(c->err, "%s:%u: (syntax): %s", path, line,
                 parser.problem ? parser.problem : "invalid YAML");
    }
    yaml_parser_delete(&parser);
    fclose(fp);
    if (!ok) {
        memset(&c->doc, 0, sizeof c->doc);
        return NULL;
    }
    yaml_node_t *root = yaml_document_get_root_node(&c->doc);
    if (root == NULL) {
        fail(c->err, "%s:1: %s: the file is empty, expected a mapping of keys", path, what);
        return NULL;
    }
    if (root->type != YAML_MAPPING_NODE) {
        fail(c->err, "%s:%u: %s: expected a mapping of keys, got %s", path, line_of(root), what,
             kind_name(root));
        return NULL;
    }
    return root;
}

/* Every key of a mapping must be a scalar, and no key may repeat. */
static int check_keys(doc_ctx *c, yaml_node_t *map)
{
    for (yaml_node_pair_t *p = map->data.mapping.pairs.start; p < map->data.mapping.pairs.top; p++) {
        yaml_node_t *k = yaml_document_get_node(&c->doc, p->key);
        if (k->type != YAML_SCALAR_NODE)
            return fail(c->err, "%s:%u: (key): keys must be names, got %s", c->file, line_of(k),
                        kind_name(k));
        for (yaml_node_pair_t *q = map->data.mapping.pairs.start; q < p; q++) {
            yaml_node_t *prev = yaml_document_get_node(&c->doc, q->key);
            if (!strcmp(scalar(prev), scalar(k)))
                return fail(c->err, "%s:%u: %s: duplicate key (first given on line %u)", c->file,
                            line_of(k), scalar(k), line_of(prev));
        }
    }
    return 0;
}

static int fill_profile(doc_ctx *c, yaml_node_t *root, aclemu_chip_profile *out)
{
    bool seen[N_PROFILE_FIELDS] = {false};
    unsigned cap_line = 0, cube_line = 0;
    memset(out, 0, sizeof *out);
    if (check_keys(c, root) != 0)
        return -1;
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top;
         p++) {
        yaml_node_t *k = yaml_document_get_node(&c->doc, p->key);
        yaml_node_t *v = yaml_document_get_node(&c->doc, p->value);
        size_t i = 0;
        while (i < N_PROFILE_FIELDS && strcmp(g_profile_fields[i].key, scalar(k)) != 0)
            i++;
        if (i == N_PROFILE_FIELDS)
            return fail(c->err, "%s:%u: %s: unknown key", c->file, line_of(k), scalar(k));
        if (parse_field(c, &g_profile_fields[i], v, out) != 0)
            return -1;
        seen[i] = true;
        if (!strcmp(scalar(k), "memory_cap"))
            cap_line = line_of(v);
        if (!strcmp(scalar(k), "cube_core_cnt"))
            cube_line = line_of(v);
    }
    for (size_t i = 0; i < N_PROFILE_FIELDS; i++)
        if (g_profile_fields[i].required && !seen[i])
            return fail(c->err, "%s:%u: %s: missing required key", c->file, line_of(root),
                        g_profile_fields[i].key);
    if (out->cube_core_cnt > out->ai_core_cnt)
        return fail(c->err, "%s:%u: cube_core_cnt: %u is more than ai_core_cnt (%u)", c->file,
                    cube_line, out->cube_core_cnt, out->ai_core_cnt);
    if (cap_line != 0 && out->memory_cap > out->memory_size)
        return fail(c->err, "%s:%u: memory_cap: %llu bytes is more than memory_size (%llu bytes)",
                    c->file, cap_line, (unsigned long long)out->memory_cap,
                    (unsigned long long)out->memory_size);
    if (cap_line == 0)
        out->memory_cap = aclemu_default_memory_cap(out->memory_size);
    return 0;
}

/* A name without '/' and without ".yaml" is a SoC looked up in the conf dir. */
static int is_soc_name(const char *s)
{
    size_t n = strlen(s);
    return strchr(s, '/') == NULL && !(n > 5 && !strcmp(s + n - 5, ".yaml")) &&
           !(n > 4 && !strcmp(s + n - 4, ".yml"));
}

static int load_profile_file(const char *path, const char *soc_name, aclemu_chip_profile *out,
                             err_sink *e)
{
    doc_ctx c = {.file = path, .err = e};
    yaml_node_t *root = load_mapping_doc(&c, path, "(profile)");
    int rc = -1;
    if (root != NULL && fill_profile(&c, root, out) == 0) {
        rc = 0;
        if (soc_name != NULL && strcmp(out->soc_version, soc_name) != 0) {
            yaml_node_pair_t *p = root->data.mapping.pairs.start;
            unsigned line = 1;
            for (; p < root->data.mapping.pairs.top; p++) {
                yaml_node_t *k = yaml_document_get_node(&c.doc, p->key);
                if (!strcmp(scalar(k), "soc_version"))
                    line = line_of(k);
            }
            rc = fail(e, "%s:%u: soc_version: '%s' does not match the file name (%s.yaml)", path,
                      line, out->soc_version, soc_name);
        }
    }
    yaml_document_delete(&c.doc);
    return rc;
}

/* Resolves a SoC name to conf_dir/<name>.yaml, or a path relative to `base_dir` (may be NULL). */
static int resolve_profile(const char *soc_or_path, const char *base_dir, char *path, size_t len,
                           err_sink *e, const char *ctx_file, unsigned ctx_line)
{
    int n;
    if (is_soc_name(soc_or_path)) {
        const char *dir = aclemu_conf_dir();
        n = snprintf(path, len, "%s/%s.yaml", dir, soc_or_path);
        if (n > 0 && (size_t)n < len && access(path, R_OK) != 0) {
            if (ctx_file != NULL)
                return fail(e, "%s:%u: profile: unknown SoC '%s' (no %s.yaml in %s)", ctx_file,
                            ctx_line, soc_or_path, soc_or_path, dir);
            return fail(e, "%s:0: (profile): unknown SoC '%s' (no %s.yaml in %s)", path,
                        soc_or_path, soc_or_path, dir);
        }
    } else if (soc_or_path[0] != '/' && base_dir != NULL) {
        n = snprintf(path, len, "%s/%s", base_dir, soc_or_path);
    } else {
        n = snprintf(path, len, "%s", soc_or_path);
    }
    if (n <= 0 || (size_t)n >= len)
        return fail(e, "%s:%u: profile: path '%s' is too long", ctx_file ? ctx_file : soc_or_path,
                    ctx_line, soc_or_path);
    return 0;
}

API int aclemu_profile_load(const char *soc_or_path, aclemu_chip_profile *out, char *err,
                            size_t errlen)
{
    err_sink e = {err, errlen};
    if (err != NULL && errlen > 0)
        err[0] = '\0';
    if (soc_or_path == NULL || soc_or_path[0] == '\0' || out == NULL)
        return fail(&e, "(none):0: (profile): no SoC name or path given");
    char path[PATH_MAX];
    if (resolve_profile(soc_or_path, NULL, path, sizeof path, &e, NULL, 0) != 0)
        return -1;
    return load_profile_file(path, is_soc_name(soc_or_path) ? soc_or_path : NULL, out, &e);
}

/* ---- topology ---------------------------------------------------------------------------- */

static int load_default_topology(aclemu_topology *out, err_sink *e)
{
    memset(out, 0, sizeof *out);
    char path[PATH_MAX];
    if (resolve_profile("Ascend910B1", NULL, path, sizeof path, e, NULL, 0) != 0 ||
        load_profile_file(path, "Ascend910B1", &out->dev[0], e) != 0)
        return -1;
    out->dev[0].memory_cap = aclemu_default_memory_cap(out->dev[0].memory_size);
    out->count = 1;
    snprintf(out->source, sizeof out->source, "(default)");
    return 0;
}

static int load_device_entry(doc_ctx *c, yaml_node_t *item, const char *base_dir,
                             aclemu_chip_profile *dev)
{
    if (item->type != YAML_MAPPING_NODE)
        return fail(c->err, "%s:%u: devices: each device must be a mapping with a 'profile' key, "
                    "got %s", c->file, line_of(item), kind_name(item));
    if (check_keys(c, item) != 0)
        return -1;
    yaml_node_t *prof = NULL, *cap = NULL, *threads = NULL;
    for (yaml_node_pair_t *p = item->data.mapping.pairs.start; p < item->data.mapping.pairs.top;
         p++) {
        yaml_node_t *k = yaml_document_get_node(&c->doc, p->key);
        yaml_node_t *v = yaml_document_get_node(&c->doc, p->value);
        if (!strcmp(scalar(k), "profile"))
            prof = v;
        else if (!strcmp(scalar(k), "memory_cap"))
            cap = v;
        else if (!strcmp(scalar(k), "worker_threads"))
            threads = v;
        else
            return fail(c->err, "%s:%u: %s: unknown key (a device takes profile, memory_cap, "
                        "worker_threads)", c->file, line_of(k), scalar(k));
    }
    if (prof == NULL)
        return fail(c->err, "%s:%u: profile: missing required key", c->file, line_of(item));
    if (prof->type != YAML_SCALAR_NODE || scalar(prof)[0] == '\0')
        return fail(c->err, "%s:%u: profile: expected a SoC name or a path to a profile", c->file,
                    line_of(prof));
    char path[PATH_MAX];
    if (resolve_profile(scalar(prof), base_dir, path, sizeof path, c->err, c->file,
                        line_of(prof)) != 0)
        return -1;
    if (load_profile_file(path, is_soc_name(scalar(prof)) ? scalar(prof) : NULL, dev, c->err) != 0)
        return -1;
    if (cap != NULL) {
        uint64_t v;
        if (parse_size(c, cap, "memory_cap", &v) != 0)
            return -1;
        if (v < 2 * MIB || v > dev->memory_size)
            return fail(c->err, "%s:%u: memory_cap: %s is out of range [2MiB, memory_size of %s "
                        "= %llu bytes]", c->file, line_of(cap), scalar(cap), dev->soc_version,
                        (unsigned long long)dev->memory_size);
        dev->memory_cap = v;
    }
    if (threads != NULL) {
        uint64_t v;
        if (parse_uint(c, threads, "worker_threads", &v) != 0)
            return -1;
        if (v > 256)
            return fail(c->err, "%s:%u: worker_threads: %llu is out of range [0, 256]", c->file,
                        line_of(threads), (unsigned long long)v);
        dev->worker_threads = (uint32_t)v;
    }
    return 0;
}

static int load_topology_file(const char *path, aclemu_topology *out, err_sink *e)
{
    memset(out, 0, sizeof *out);
    doc_ctx c = {.file = path, .err = e};
    yaml_node_t *root = load_mapping_doc(&c, path, "(topology)");
    int rc = -1;
    char base_dir[PATH_MAX];
    snprintf(base_dir, sizeof base_dir, "%s", path);
    char *slash = strrchr(base_dir, '/');
    if (slash != NULL)
        *slash = '\0';
    else
        snprintf(base_dir, sizeof base_dir, ".");

    if (root == NULL || check_keys(&c, root) != 0)
        goto out;
    yaml_node_t *devices = NULL;
    for (yaml_node_pair_t *p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top;
         p++) {
        yaml_node_t *k = yaml_document_get_node(&c.doc, p->key);
        if (strcmp(scalar(k), "devices") != 0) {
            fail(e, "%s:%u: %s: unknown key (a topology has only 'devices')", path, line_of(k),
                 scalar(k));
            goto out;
        }
        devices = yaml_document_get_node(&c.doc, p->value);
    }
    if (devices == NULL) {
        fail(e, "%s:%u: devices: missing required key", path, line_of(root));
        goto out;
    }
    if (devices->type != YAML_SEQUENCE_NODE) {
        fail(e, "%s:%u: devices: expected a list of devices, got %s", path, line_of(devices),
             kind_name(devices));
        goto out;
    }
    long n = devices->data.sequence.items.top - devices->data.sequence.items.start;
    if (n < 1 || n > ACLEMU_MAX_DEVICES) {
        fail(e, "%s:%u: devices: %ld devices is out of range [1, %d]", path, line_of(devices), n,
             ACLEMU_MAX_DEVICES);
        goto out;
    }
    for (long i = 0; i < n; i++) {
        yaml_node_t *item = yaml_document_get_node(&c.doc, devices->data.sequence.items.start[i]);
        if (load_device_entry(&c, item, base_dir, &out->dev[i]) != 0)
            goto out;
    }
    out->count = (uint32_t)n;
    snprintf(out->source, sizeof out->source, "%s", path);
    rc = 0;
out:
    yaml_document_delete(&c.doc);
    if (rc != 0)
        out->count = 0;
    return rc;
}

API int aclemu_topology_load(const char *path, aclemu_topology *out, char *err, size_t errlen)
{
    err_sink e = {err, errlen};
    if (err != NULL && errlen > 0)
        err[0] = '\0';
    if (out == NULL)
        return fail(&e, "(none):0: (topology): no output given");
    if (path == NULL || path[0] == '\0')
        path = getenv("ACLEMU_TOPOLOGY");
    if (path == NULL || path[0] == '\0')
        return load_default_topology(out, &e);
    return load_topology_file(path, out, &e);
}
