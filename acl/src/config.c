/* aclInit JSON configuration: see config.h. */
#include "config.h"

#include <errno.h>
#include <json-c/json.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "acl/acl_base_rt.h"
#include "aclemu_runtime.h"
#include "dump_config.h"

#define CONFIG_MAX_BYTES (10L * 1024 * 1024)
#define CONFIG_MAX_DEPTH 10

void config_defaults(acl_config *cfg)
{
    memset(cfg, 0, sizeof(*cfg));
    cfg->default_device = -1;
    cfg->max_opqueue_num = -1;
    cfg->aicore_stack_size = -1;
}

void config_nesting(const char *text, size_t *obj_depth, size_t *arr_depth)
{
    size_t obj = 0, arr = 0;
    *obj_depth = *arr_depth = 0;
    for (const char *p = text; *p; p++) {
        switch (*p) {
        case '{':
            if (++obj > *obj_depth) *obj_depth = obj;
            break;
        case '}':
            if (obj > 0) obj--;
            break;
        case '[':
            if (++arr > *arr_depth) *arr_depth = arr;
            break;
        case ']':
            if (arr > 0) arr--;
            break;
        default:
            break;
        }
    }
}

/* "0" or a positive decimal integer without sign or leading zeros. */
static bool parse_decimal(const char *s, int64_t *out)
{
    if (s == NULL || s[0] == '\0' || (s[0] == '0' && s[1] != '\0')) {
        return false;
    }
    int64_t v = 0;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9' || v > (INT64_MAX - 9) / 10) {
            return false;
        }
        v = v * 10 + (*p - '0');
    }
    *out = v;
    return true;
}

static int invalid_key(const char *func, const char *value, const char *param, const char *reason,
                       int code)
{
    aclemu_errmsg_push("EH0009", "%s failed. Value %s for parameter %s is invalid. Reason: %s.",
                       func, value, param, reason);
    return code;
}

static int parse_err_msg_mode(json_object *root, acl_config *cfg)
{
    json_object *v;
    if (!json_object_object_get_ex(root, "err_msg_mode", &v)) {
        return ACL_SUCCESS;
    }
    const char *s = json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
    if (s != NULL && strcmp(s, "0") == 0) {
        cfg->process_err_msg = false;
    } else if (s != NULL && strcmp(s, "1") == 0) {
        cfg->process_err_msg = true;
    } else {
        return invalid_key("Parsing the configuration of the error information reporting mode",
                           json_object_to_json_string(v), "err_msg mode",
                           "err_msg mode config is invalid, only support \"0\" and \"1\"",
                           ACL_ERROR_INVALID_PARAM);
    }
    return ACL_SUCCESS;
}

static int parse_default_device(json_object *root, acl_config *cfg)
{
    json_object *dd, *v;
    if (!json_object_object_get_ex(root, "defaultDevice", &dd) ||
        !json_object_is_type(dd, json_type_object) ||
        !json_object_object_get_ex(dd, "default_device", &v)) {
        return ACL_SUCCESS;
    }
    int64_t id;
    const char *s = json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
    if (!parse_decimal(s, &id) || id > INT32_MAX) {
        /* the runtime reports the bad value and fails aclInit with ACL_ERROR_FAILURE */
        return invalid_key("Parsing the default device ID from the configuration file",
                           json_object_to_json_string(v), "default_device",
                           "value must be 0 or a positive integer", ACL_ERROR_FAILURE);
    }
    cfg->default_device = (int32_t)id;
    return ACL_SUCCESS;
}

static int parse_max_opqueue(json_object *root, acl_config *cfg)
{
    json_object *v;
    if (!json_object_object_get_ex(root, "max_opqueue_num", &v)) {
        return ACL_SUCCESS;
    }
    int64_t n;
    const char *s = json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
    if (!parse_decimal(s, &n) || n == 0) {
        return invalid_key("Parsing max_opqueue_num", json_object_to_json_string(v),
                           "max_opqueue_num", "it must be a string holding a positive integer",
                           ACL_ERROR_INVALID_MAX_OPQUEUE_NUM_CONFIG);
    }
    cfg->max_opqueue_num = n;
    return ACL_SUCCESS;
}

/* the dump section: the dump configuration's own checks (dump_config.c); aclInit makes it active */
static int parse_dump(const char *path, json_object *root, acl_config *cfg)
{
    dump_cfg *c = NULL;
    int rc = dump_cfg_parse(path, root, &c);
    if (rc == ACL_SUCCESS && c != NULL) {
        cfg->dump_enabled = true;
        snprintf(cfg->dump_path, sizeof(cfg->dump_path), "%s", c->path);
    }
    dump_cfg_release(c);
    return rc;
}

static int parse_profiler(json_object *root, acl_config *cfg)
{
    json_object *p, *v;
    if (!json_object_object_get_ex(root, "profiler", &p)) {
        return ACL_SUCCESS;
    }
    if (!json_object_is_type(p, json_type_object)) {
        return invalid_key("Parsing the profiling configuration", json_object_to_json_string(p),
                           "profiler", "profiler must be an object",
                           ACL_ERROR_INVALID_PROFILING_CONFIG);
    }
    if (json_object_object_get_ex(p, "switch", &v) && json_object_is_type(v, json_type_string)) {
        cfg->profiler_on = strcmp(json_object_get_string(v), "on") == 0;
    }
    return ACL_SUCCESS;
}

static int parse_stack_size(json_object *root, acl_config *cfg)
{
    json_object *st, *v;
    if (!json_object_object_get_ex(root, "StackSize", &st) ||
        !json_object_is_type(st, json_type_object) ||
        !json_object_object_get_ex(st, "aicore_stack_size", &v)) {
        return ACL_SUCCESS;
    }
    int64_t n = -1;
    if (json_object_is_type(v, json_type_int)) {
        n = json_object_get_int64(v);
    } else if (json_object_is_type(v, json_type_string)) {
        if (!parse_decimal(json_object_get_string(v), &n)) {
            n = -1;
        }
    }
    if (n <= 0) {
        return invalid_key("Parsing the stack size configuration", json_object_to_json_string(v),
                           "aicore_stack_size", "it must be a positive integer", ACL_ERROR_FAILURE);
    }
    if (n > ((int64_t)1 << 40)) { /* far past any core's memory; also keeps the rounding below from overflowing */
        return invalid_key("Parsing the stack size configuration", json_object_to_json_string(v),
                           "aicore_stack_size", "it must be at most 1 TiB", ACL_ERROR_FAILURE);
    }
    /* rounded up to a 16 KiB multiple, at least 32 KiB */
    n = (n + 16383) / 16384 * 16384;
    cfg->aicore_stack_size = n < 32768 ? 32768 : n;
    return ACL_SUCCESS;
}

static int parse_aclemu(json_object *root, acl_config *cfg)
{
    json_object *e, *v;
    if (!json_object_object_get_ex(root, "aclemu", &e) || !json_object_is_type(e, json_type_object) ||
        !json_object_object_get_ex(e, "topology", &v)) {
        return ACL_SUCCESS;
    }
    if (!json_object_is_type(v, json_type_string)) {
        return invalid_key("Parsing the aclemu configuration", json_object_to_json_string(v),
                           "aclemu.topology", "it must be a path string", ACL_ERROR_INVALID_PARAM);
    }
    snprintf(cfg->topology, sizeof(cfg->topology), "%s", json_object_get_string(v));
    return ACL_SUCCESS;
}

/* json-c (0.16) accepts single-quoted strings even in strict mode; standard JSON does not. */
static bool has_single_quoted_string(const char *text)
{
    bool in_string = false;
    for (const char *p = text; *p; p++) {
        if (in_string) {
            if (*p == '\\' && p[1] != '\0') {
                p++;
            } else if (*p == '"') {
                in_string = false;
            }
        } else if (*p == '"') {
            in_string = true;
        } else if (*p == '\'') {
            return true;
        }
    }
    return false;
}

json_object *config_json_parse(const char *text, const char **why)
{
    *why = NULL;
    json_tokener *tok = json_tokener_new_ex(CONFIG_MAX_DEPTH * 2 + 2);
    if (tok == NULL) {
        return NULL;
    }
    json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
    size_t len = strlen(text);
    json_object *root = json_tokener_parse_ex(tok, text, (int)len);
    enum json_tokener_error jerr = json_tokener_get_error(tok);
    /* only whitespace may follow the document */
    size_t used = (size_t)json_tokener_get_parse_end(tok);
    bool trailing = false;
    for (size_t i = used; root != NULL && i < len; i++) {
        if (text[i] != ' ' && text[i] != '\n' && text[i] != '\r' && text[i] != '\t') {
            trailing = true;
            break;
        }
    }
    json_tokener_free(tok);
    if (root != NULL && jerr == json_tokener_success && !trailing &&
        has_single_quoted_string(text)) {
        json_object_put(root);
        root = NULL;
        jerr = json_tokener_error_parse_unexpected;
    }
    if (root == NULL || jerr != json_tokener_success || trailing) {
        *why = root == NULL || jerr != json_tokener_success ? json_tokener_error_desc(jerr)
                                                            : "unexpected text after the JSON value";
        json_object_put(root);
        return NULL;
    }
    return root;
}

int config_parse_text(const char *path, const char *text, acl_config *cfg)
{
    config_defaults(cfg);
    if (text == NULL || text[0] == '\0') {
        return ACL_SUCCESS;
    }
    size_t od, ad;
    config_nesting(text, &od, &ad);
    if (od > CONFIG_MAX_DEPTH || ad > CONFIG_MAX_DEPTH) {
        aclemu_errmsg_push("EH0004", "File %s is invalid. Reason: %s.", path,
                           "the nesting depth of objects or arrays exceeds 10");
        return ACL_ERROR_PARSE_FILE;
    }
    const char *why = NULL;
    json_object *root = config_json_parse(text, &why);
    if (root == NULL && why == NULL) {
        return ACL_ERROR_INTERNAL_ERROR;
    }
    if (root == NULL) {
        char reason[256];
        snprintf(reason, sizeof(reason), "Parse exception: %s", why);
        aclemu_errmsg_push("EH0004", "File %s is invalid. Reason: %s.", path, reason);
        return ACL_ERROR_PARSE_FILE;
    }
    int ret = ACL_SUCCESS;
    if (json_object_is_type(root, json_type_object)) {
        int (*const parsers[])(json_object *, acl_config *) = {
            parse_err_msg_mode, parse_default_device, parse_max_opqueue, NULL,
            parse_profiler,     parse_stack_size,     parse_aclemu,
        };
        for (size_t i = 0; i < sizeof(parsers) / sizeof(parsers[0]) && ret == ACL_SUCCESS; i++) {
            ret = parsers[i] ? parsers[i](root, cfg) : parse_dump(path, root, cfg);
        }
    }
    json_object_put(root);
    return ret;
}

/* The file part of config_load: path checks, size limit, the whole text into *text. */
int config_read_file(const char *path, char **text)
{
    *text = NULL;
    char real[PATH_MAX];
    if (realpath(path, real) == NULL) {
        aclemu_errmsg_push("EH0003", "Path %s is invalid. Reason: %s.", path, strerror(errno));
        return ACL_ERROR_INVALID_FILE;
    }
    struct stat st;
    if (stat(real, &st) != 0) {
        aclemu_errmsg_push("EH0003", "Path %s is invalid. Reason: %s.", real, strerror(errno));
        return ACL_ERROR_INVALID_FILE;
    }
    if (!S_ISREG(st.st_mode)) {
        aclemu_errmsg_push("EH0004", "File %s is invalid. Reason: %s.", real,
                           "config file is not a regular file");
        return ACL_ERROR_INVALID_FILE;
    }
    if (st.st_size > CONFIG_MAX_BYTES) {
        aclemu_errmsg_push("EH0004", "File %s is invalid. Reason: file size %ld exceeds maximum "
                           "allowed size %ld.", real, (long)st.st_size, CONFIG_MAX_BYTES);
        return ACL_ERROR_INVALID_FILE;
    }
    FILE *f = fopen(real, "rb");
    if (f == NULL) {
        aclemu_errmsg_push("EH0004", "File %s is invalid. Reason: %s.", real,
                           "File cannot be opened for reading");
        return ACL_ERROR_INVALID_FILE;
    }
    char *buf = malloc((size_t)st.st_size + 1);
    if (buf == NULL) {
        fclose(f);
        return ACL_ERROR_BAD_ALLOC;
    }
    size_t n = fread(buf, 1, (size_t)st.st_size, f);
    fclose(f);
    buf[n] = '\0';
    *text = buf;
    return ACL_SUCCESS;
}

int config_load(const char *path, acl_config *cfg, char **text)
{
    *text = NULL;
    config_defaults(cfg);
    if (path == NULL || path[0] == '\0') {
        *text = strdup("");
        return *text ? ACL_SUCCESS : ACL_ERROR_BAD_ALLOC;
    }
    int rc = config_read_file(path, text);
    if (rc != ACL_SUCCESS) {
        return rc;
    }
    return config_parse_text(path, *text, cfg);
}
