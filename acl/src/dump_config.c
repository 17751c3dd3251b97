/* The dump configuration: see dump_config.h. */
#include "dump_config.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "acl/acl_base_rt.h"
#include "aclemu_runtime.h"
#include "config.h"

#define MAX_DUMP_PATH_LENGTH 512
#define MAX_DUMP_STEP_INTERVALS 100

static pthread_mutex_t active_lock = PTHREAD_MUTEX_INITIALIZER;
static dump_cfg *active;
static bool active_from_init;
static unsigned session = 1; /* configurations of an ended session (unset) no longer dump */

/* ---- messages (the adump EP codes) ---- */

static int ep0001(const char *path, const char *item, const char *reason)
{
    aclemu_errmsg_push("EP0001", "The content of configuration item %s in configuration file %s is invalid. "
                       "Reason: %s.", item, path, reason);
    return ACL_ERROR_INVALID_DUMP_CONFIG;
}

static int ep0002(const char *path, const char *value, const char *item, const char *expected)
{
    aclemu_errmsg_push("EP0002", "Value %s for configuration item %s in configuration file %s is invalid. "
                       "Expected value: %s.", value, item, path, expected);
    return ACL_ERROR_INVALID_DUMP_CONFIG;
}

static int ep0003(const char *path, const char *value, const char *item, const char *reason)
{
    aclemu_errmsg_push("EP0003", "Value %s for configuration item %s in configuration file %s is invalid. "
                       "Reason: %s.", value, item, path, reason);
    return ACL_ERROR_INVALID_DUMP_CONFIG;
}

static int ep0005(const char *path, const char *reason)
{
    aclemu_errmsg_push("EP0005", "Conflict of configuration items in configuration file %s. Reason: %s.", path,
                       reason);
    return ACL_ERROR_INVALID_DUMP_CONFIG;
}

#define R_NOT_FOUND "The configuration item is not found"
#define R_EMPTY "The configuration item value is empty"
#define R_STRING "This configuration item must be of the string type"
#define R_ARRAY "This configuration item must be of the array type"
#define R_OBJECT "This configuration item must be of the object type"
#define R_MEMBER_STRING "The member type of this configuration item must be string"
#define R_MEMBER_OBJECT "The member type of this configuration item must be object"
#define R_UNSUPPORTED "aclemu writes model tensor dumps only; this dump kind is not supported"

/* ---- field checks ---- */

static const char *str_member(json_object *o, const char *key)
{
    json_object *v;
    return json_object_object_get_ex(o, key, &v) && json_object_is_type(v, json_type_string)
               ? json_object_get_string(v)
               : NULL;
}

static bool has(json_object *o, const char *key)
{
    return json_object_object_get_ex(o, key, NULL);
}

static int check_string(const char *path, json_object *o, const char *key, const char *base)
{
    json_object *v;
    if (!json_object_object_get_ex(o, key, &v) || json_object_is_type(v, json_type_string))
        return ACL_SUCCESS;
    char item[512];
    snprintf(item, sizeof(item), "%s%s%s", base ? base : "", base ? "." : "", key);
    return ep0001(path, item, R_STRING);
}

static int check_array_of(const char *path, json_object *arr, const char *item, json_type member)
{
    if (!json_object_is_type(arr, json_type_array))
        return ep0001(path, item, R_ARRAY);
    for (size_t i = 0; i < json_object_array_length(arr); i++) {
        if (!json_object_is_type(json_object_array_get_idx(arr, i), member)) {
            char at[600];
            snprintf(at, sizeof(at), "%s[%zu]", item, i);
            return ep0001(path, at, member == json_type_string ? R_MEMBER_STRING : R_MEMBER_OBJECT);
        }
    }
    return ACL_SUCCESS;
}

static int check_field_types(const char *path, json_object *d)
{
    static const char *const strings[] = {"dump_path",  "dump_mode",  "dump_op_switch",   "dump_level", "dump_scene",
                                          "dump_data",  "dump_debug", "dump_kernel_data", "dump_step"};
    int rc;
    for (size_t i = 0; i < sizeof(strings) / sizeof(strings[0]); i++)
        if ((rc = check_string(path, d, strings[i], NULL)) != ACL_SUCCESS)
            return rc;
    json_object *v;
    if (json_object_object_get_ex(d, "dump_stats", &v) &&
        (rc = check_array_of(path, v, "dump_stats", json_type_string)) != ACL_SUCCESS)
        return rc;
    if (!json_object_object_get_ex(d, "dump_list", &v))
        return ACL_SUCCESS;
    if (!json_object_is_type(v, json_type_array))
        return ep0001(path, "dump_list", R_ARRAY);
    for (size_t i = 0; i < json_object_array_length(v); i++) {
        json_object *it = json_object_array_get_idx(v, i), *f;
        char base[64], item[128];
        snprintf(base, sizeof(base), "dump_list[%zu]", i);
        if (!json_object_is_type(it, json_type_object))
            return ep0001(path, base, R_OBJECT);
        if ((rc = check_string(path, it, "model_name", base)) != ACL_SUCCESS)
            return rc;
        static const char *const lists[] = {"layer", "watcher_nodes", "optype_blacklist", "opname_blacklist",
                                            "opname_range"};
        for (size_t k = 0; k < sizeof(lists) / sizeof(lists[0]); k++) {
            if (!json_object_object_get_ex(it, lists[k], &f))
                continue;
            snprintf(item, sizeof(item), "%s.%s", base, lists[k]);
            if ((rc = check_array_of(path, f, item, k < 2 ? json_type_string : json_type_object)) != ACL_SUCCESS)
                return rc;
        }
    }
    return ACL_SUCCESS;
}

/* value of key in the option list (sorted, as the real message lists them) */
static int check_option(const char *path, json_object *d, const char *key, const char *const *opts, size_t n,
                        const char *item)
{
    const char *s = str_member(d, key);
    if (s == NULL)
        return ACL_SUCCESS;
    if (s[0] == '\0')
        return ep0001(path, item ? item : key, R_EMPTY);
    char expected[256] = "";
    for (size_t i = 0; i < n; i++) {
        if (strcmp(s, opts[i]) == 0)
            return ACL_SUCCESS;
        snprintf(expected + strlen(expected), sizeof(expected) - strlen(expected), "%s%s", i ? "/" : "", opts[i]);
    }
    return ep0002(path, s, item ? item : key, expected);
}

#define OPTS(...) (const char *const[]){__VA_ARGS__}, sizeof((const char *const[]){__VA_ARGS__}) / sizeof(char *)

static int check_one_option(const char *path, const char *value, const char *item, const char *const *opts, size_t n)
{
    json_object *tmp = json_object_new_object();
    if (tmp == NULL)
        return ACL_ERROR_BAD_ALLOC;
    json_object_object_add(tmp, "v", json_object_new_string(value));
    int rc = check_option(path, tmp, "v", opts, n, item);
    json_object_put(tmp);
    return rc;
}

static int check_field_values(const char *path, json_object *d)
{
    int rc;
    if ((rc = check_option(path, d, "dump_mode", OPTS("all", "input", "output"), NULL)) ||
        (rc = check_option(path, d, "dump_data", OPTS("stats", "tensor"), NULL)) ||
        (rc = check_option(path, d, "dump_op_switch", OPTS("off", "on"), NULL)) ||
        (rc = check_option(path, d, "dump_level", OPTS("all", "kernel", "op"), NULL)) ||
        (rc = check_option(path, d, "dump_debug", OPTS("off", "on"), NULL)) ||
        (rc = check_option(path, d, "dump_scene",
                           OPTS("aic_err_brief_dump", "aic_err_detail_dump", "aic_err_norm_dump", "lite_exception",
                                "watcher"),
                           NULL)))
        return rc;
    const char *kd = str_member(d, "dump_kernel_data");
    if (kd != NULL) { /* a comma-separated list; an empty piece is an empty value */
        const char *p = kd;
        for (;;) {
            const char *e = strchr(p, ',');
            size_t n = e ? (size_t)(e - p) : strlen(p);
            char piece[128];
            snprintf(piece, sizeof(piece), "%.*s", (int)(n < sizeof(piece) ? n : sizeof(piece) - 1), p);
            if ((rc = check_one_option(path, piece, "dump_kernel_data",
                                       OPTS("all", "assert", "printf", "tensor", "timestamp"))))
                return rc;
            if (e == NULL)
                break;
            p = e + 1;
        }
    }
    json_object *st;
    if (json_object_object_get_ex(d, "dump_stats", &st)) {
        for (size_t i = 0; i < json_object_array_length(st); i++) {
            char item[64];
            snprintf(item, sizeof(item), "dump_stats[%zu]", i);
            if ((rc = check_one_option(path, json_object_get_string(json_object_array_get_idx(st, i)), item,
                                       OPTS("Avg", "L2norm", "Max", "Min", "Nan", "Negative Inf", "Positive Inf"))))
                return rc;
        }
    }
    return ACL_SUCCESS;
}

static int check_dump_path(const char *path, json_object *d, dump_cfg *c)
{
    char *real = c->path;
    if (!has(d, "dump_path"))
        return ep0001(path, "dump_path", R_NOT_FOUND);
    const char *p = str_member(d, "dump_path");
    if (p[0] == '\0')
        return ep0001(path, "dump_path", R_EMPTY);
    if (strlen(p) > MAX_DUMP_PATH_LENGTH)
        return ep0003(path, p, "dump_path", "The path length exceeds the maximum limit of 512 characters");
    struct stat st;
    if (realpath(p, real) == NULL)
        return ep0003(path, p, "dump_path", "The path does not exist");
    if (stat(real, &st) != 0 || !S_ISDIR(st.st_mode))
        return ep0003(path, p, "dump_path", "The path is not a directory path");
    if (access(real, R_OK | W_OK) != 0)
        return ep0003(path, p, "dump_path", "The value is a path without read and write permissions");
    snprintf(c->given, sizeof(c->given), "%s", p);
    return ACL_SUCCESS;
}

static bool all_digits(const char *s, size_t n)
{
    if (n == 0)
        return false;
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return false;
    return true;
}

/* "1|3-5|9": at most 100 intervals of digits, lo <= hi; fills c->steps when c != NULL */
static int check_dump_step(const char *path, const char *s, dump_cfg *c)
{
    if (s == NULL || s[0] == '\0')
        return ACL_SUCCESS;
    size_t n = 1;
    for (const char *p = s; *p; p++)
        n += *p == '|';
    if (n > MAX_DUMP_STEP_INTERVALS)
        return ep0003(path, s, "dump_step", "The value exceeds the maximum limit of 100 intervals");
    c->steps = calloc(n, sizeof(*c->steps));
    if (c->steps == NULL)
        return ACL_ERROR_BAD_ALLOC;
    const char *p = s;
    for (size_t i = 0; i < n; i++) {
        const char *e = strchr(p, '|');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        char piece[64], item[32];
        snprintf(piece, sizeof(piece), "%.*s", (int)(len < sizeof(piece) ? len : sizeof(piece) - 1), p);
        snprintf(item, sizeof(item), "dump_step[%zu]", i);
        const char *dash = memchr(p, '-', len);
        if (dash && memchr(dash + 1, '-', len - (size_t)(dash + 1 - p)))
            return ep0003(path, piece, item, "The value has invalid format, expected format: 5-10");
        size_t l1 = dash ? (size_t)(dash - p) : len, l2 = dash ? len - l1 - 1 : len;
        const char *s2 = dash ? dash + 1 : p;
        if (!all_digits(p, l1) || !all_digits(s2, l2) || l1 > 18 || l2 > 18)
            return ep0003(path, piece, item, "The value contains non-digit characters,  expected format: 1 or 5-10");
        int64_t lo = strtoll(p, NULL, 10), hi = strtoll(s2, NULL, 10);
        if (lo > hi)
            return ep0003(path, piece, item,
                          "The value has invalid format, start step must not exceed end step, expected format: 5-10");
        c->steps[i][0] = lo;
        c->steps[i][1] = hi;
        c->nsteps = i + 1;
        p = e ? e + 1 : p + len;
    }
    return ACL_SUCCESS;
}

static char *dup_str(const char *s)
{
    return s ? strdup(s) : NULL;
}

/* dump_list entries: the checks with dump_op_switch off, then the selection */
static int read_dump_list(const char *path, json_object *d, dump_cfg *c)
{
    json_object *list;
    if (!json_object_object_get_ex(d, "dump_list", &list) || json_object_array_length(list) == 0)
        return ACL_SUCCESS;
    size_t n = json_object_array_length(list);
    c->sel = calloc(n, sizeof(*c->sel));
    if (c->sel == NULL)
        return ACL_ERROR_BAD_ALLOC;
    for (size_t i = 0; i < n; i++) {
        json_object *it = json_object_array_get_idx(list, i), *layer, *wn;
        char item[96];
        const char *name = str_member(it, "model_name");
        bool has_layer = json_object_object_get_ex(it, "layer", &layer);
        if (name != NULL && name[0] == '\0') {
            snprintf(item, sizeof(item), "dump_list[%zu].model_name", i);
            return ep0001(path, item, R_EMPTY);
        }
        if (has_layer && json_object_array_length(layer) == 0) {
            snprintf(item, sizeof(item), "dump_list[%zu].layer", i);
            return ep0001(path, item, R_EMPTY);
        }
        if (json_object_object_get_ex(it, "watcher_nodes", &wn) && json_object_array_length(wn) > 0) {
            char reason[256];
            snprintf(reason, sizeof(reason), "When configuration item dump_scene is not set to watcher, "
                     "configuration item dump_list[%zu].watcher_nodes cannot be configured", i);
            return ep0005(path, reason);
        }
        static const char *const filters[] = {"optype_blacklist", "opname_blacklist", "opname_range"};
        for (size_t k = 0; k < 3; k++) {
            if (has(it, filters[k])) {
                snprintf(item, sizeof(item), "dump_list[%zu].%s", i, filters[k]);
                return ep0003(path, json_object_to_json_string(json_object_object_get(it, filters[k])), item,
                              R_UNSUPPORTED);
            }
        }
        dump_model_sel *s = &c->sel[c->nsel++];
        if (name && (s->model_name = strdup(name)) == NULL)
            return ACL_ERROR_BAD_ALLOC;
        s->has_layer = has_layer;
        if (has_layer) {
            s->layers = calloc(json_object_array_length(layer), sizeof(char *));
            if (s->layers == NULL)
                return ACL_ERROR_BAD_ALLOC;
            for (size_t k = 0; k < json_object_array_length(layer); k++)
                if ((s->layers[s->nlayers++] = dup_str(json_object_get_string(json_object_array_get_idx(layer, k)))) ==
                    NULL)
                    return ACL_ERROR_BAD_ALLOC;
        }
    }
    return ACL_SUCCESS;
}

int dump_cfg_parse(const char *path, json_object *root, dump_cfg **out)
{
    *out = NULL;
    json_object *d;
    if (!json_object_is_type(root, json_type_object) || !json_object_object_get_ex(root, "dump", &d))
        return ACL_SUCCESS;
    if (!json_object_is_type(d, json_type_object))
        return ep0001(path, "dump", R_OBJECT);
    if (json_object_object_length(d) == 0)
        return ACL_SUCCESS;
    int rc;
    if ((rc = check_field_types(path, d)) != ACL_SUCCESS || (rc = check_field_values(path, d)) != ACL_SUCCESS)
        return rc;
    /* constraints, in the real order; the scenes aclemu has no dumper for are refused */
    const char *scene = str_member(d, "dump_scene");
    if (scene != NULL)
        return ep0003(path, scene, "dump_scene", R_UNSUPPORTED);
    dump_cfg *c = calloc(1, sizeof(*c));
    if (c == NULL)
        return ACL_ERROR_BAD_ALLOC;
    c->refs = 1;
    if ((rc = check_dump_path(path, d, c)) != ACL_SUCCESS)
        goto fail;
    const char *dbg = str_member(d, "dump_debug"), *sw = str_member(d, "dump_op_switch");
    if (dbg != NULL && strcmp(dbg, "on") == 0) {
        if (sw != NULL && strcmp(sw, "on") == 0) {
            rc = ep0005(path, "When configuration item dump_debug is set to on, configuration item dump_op_switch "
                              "cannot be set to on");
            goto fail;
        }
        rc = ep0003(path, dbg, "dump_debug", R_UNSUPPORTED);
        goto fail;
    }
    if ((rc = check_dump_step(path, str_member(d, "dump_step"), c)) != ACL_SUCCESS)
        goto fail;
    bool switch_on = sw != NULL && strcmp(sw, "on") == 0;
    if (!switch_on && (rc = read_dump_list(path, d, c)) != ACL_SUCCESS)
        goto fail;
    json_object *st;
    const char *data = str_member(d, "dump_data");
    if (json_object_object_get_ex(d, "dump_stats", &st)) {
        if (json_object_array_length(st) == 0) {
            rc = ep0001(path, "dump_stats", R_EMPTY);
            goto fail;
        }
        if (data == NULL || strcmp(data, "tensor") == 0) {
            rc = ep0005(path, "When configuration item dump_data is set to tensor, configuration item dump_stats "
                              "cannot be configured");
            goto fail;
        }
    }
    if (data != NULL && strcmp(data, "stats") == 0) {
        rc = ep0003(path, data, "dump_data", R_UNSUPPORTED);
        goto fail;
    }
    c->op_switch = switch_on;
    if (c->nsel == 0 && !c->op_switch) { /* nothing to dump */
        dump_cfg_release(c);
        return ACL_SUCCESS;
    }
    const char *mode = str_member(d, "dump_mode");
    c->mode = mode == NULL || strcmp(mode, "output") == 0 ? DUMP_MODE_OUTPUT
              : strcmp(mode, "input") == 0                ? DUMP_MODE_INPUT
                                                          : DUMP_MODE_ALL;
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    strftime(c->stamp, sizeof(c->stamp), "%Y%m%d%H%M%S", &tm);
    *out = c;
    return ACL_SUCCESS;
fail:
    dump_cfg_release(c);
    return rc;
}

int dump_cfg_parse_text(const char *path, const char *text, dump_cfg **out)
{
    *out = NULL;
    const char *why = NULL;
    json_object *root = config_json_parse(text, &why);
    if (root == NULL && why == NULL)
        return ACL_ERROR_BAD_ALLOC;
    if (root == NULL) {
        aclemu_errmsg_push("EP0004", "Failed to parse file %s. Reason: %s.", path, why);
        return ACL_ERROR_INVALID_DUMP_CONFIG;
    }
    int rc = dump_cfg_parse(path, root, out);
    json_object_put(root);
    return rc;
}

void dump_cfg_release(dump_cfg *c)
{
    if (c == NULL)
        return;
    pthread_mutex_lock(&active_lock);
    int left = --c->refs;
    pthread_mutex_unlock(&active_lock);
    if (left > 0)
        return;
    for (size_t i = 0; i < c->nsel; i++) {
        free(c->sel[i].model_name);
        for (size_t k = 0; k < c->sel[i].nlayers; k++)
            free(c->sel[i].layers[k]);
        free(c->sel[i].layers);
    }
    free(c->sel);
    free(c->steps);
    free(c);
}

dump_cfg *dump_cfg_acquire_active(void)
{
    pthread_mutex_lock(&active_lock);
    dump_cfg *c = active;
    if (c)
        c->refs++;
    pthread_mutex_unlock(&active_lock);
    return c;
}

void dump_cfg_set_active(dump_cfg *c, bool from_init)
{
    pthread_mutex_lock(&active_lock);
    dump_cfg *old = active;
    active = c;
    if (c)
        c->session = session;
    active_from_init = c != NULL && from_init;
    pthread_mutex_unlock(&active_lock);
    dump_cfg_release(old);
}

void dump_cfg_unset(void)
{
    pthread_mutex_lock(&active_lock);
    dump_cfg *old = active;
    session++;
    active = NULL;
    active_from_init = false;
    pthread_mutex_unlock(&active_lock);
    dump_cfg_release(old);
}

bool dump_cfg_live(const dump_cfg *c)
{
    pthread_mutex_lock(&active_lock);
    bool live = c != NULL && c->session == session;
    pthread_mutex_unlock(&active_lock);
    return live;
}

bool dump_cfg_active_path(char *buf, size_t cap)
{
    pthread_mutex_lock(&active_lock);
    bool r = active != NULL;
    if (r)
        snprintf(buf, cap, "%s", active->given);
    pthread_mutex_unlock(&active_lock);
    return r;
}

bool dump_cfg_from_init(void)
{
    pthread_mutex_lock(&active_lock);
    bool r = active_from_init;
    pthread_mutex_unlock(&active_lock);
    return r;
}

static bool api_initialized;

bool dump_api_initialized(void)
{
    pthread_mutex_lock(&active_lock);
    bool r = api_initialized;
    pthread_mutex_unlock(&active_lock);
    return r;
}

void dump_set_api_initialized(bool on)
{
    pthread_mutex_lock(&active_lock);
    api_initialized = on;
    pthread_mutex_unlock(&active_lock);
}
