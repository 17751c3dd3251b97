/* The aclInit JSON configuration.
 *
 * Keys understood (others are ignored, as in the real runtime): "err_msg_mode" ("0" thread /
 * "1" process level error messages), "defaultDevice": {"default_device": "<n>"},
 * "max_opqueue_num": "<n>", "dump": {...}, "profiler": {...}, "StackSize": {...},
 * "acl_graph": {"event_mode": "0"|"1"} and aclemu's own "aclemu": {"topology": "<path>"}.
 * The file may nest objects and arrays at most 10 deep each. */
#ifndef ACLEMU_CONFIG_H
#define ACLEMU_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct acl_config {
    bool process_err_msg;      /* err_msg_mode "1" */
    int32_t default_device;    /* -1: none */
    int64_t max_opqueue_num;   /* -1: default */
    int64_t aicore_stack_size; /* -1: default */
    bool dump_enabled;         /* a model dump is configured (dump_config.h) */
    char dump_path[4096];      /* its dump_path, resolved */
    bool profiler_on;
    char topology[1024];       /* "" : ACLEMU_TOPOLOGY / default */
} acl_config;

void config_defaults(acl_config *cfg);

/* Reads the file named by path (NULL or "" = defaults) into *text (malloc'd, "" when none)
 * and parses it into cfg. Returns an ACL code and pushes the real error message:
 * ACL_ERROR_INVALID_FILE for a missing/unreadable/irregular/oversized file,
 * ACL_ERROR_PARSE_FILE for malformed JSON or nesting deeper than 10, and the key-specific
 * codes for invalid values. */
int config_load(const char *path, acl_config *cfg, char **text);

/* The file checks and read of config_load alone (*text malloc'd on success). */
int config_read_file(const char *path, char **text);

/* Strict JSON (no single quotes, only whitespace after the value, nesting as config_nesting
 * allows): the root, or NULL with *why the reason (NULL *why: out of memory). */
struct json_object;
struct json_object *config_json_parse(const char *text, const char **why);

/* Parses already-read text (path is used in messages only). */
int config_parse_text(const char *path, const char *text, acl_config *cfg);

/* Deepest nesting of '{' and of '[' in text, counted like the runtime (strings included). */
void config_nesting(const char *text, size_t *obj_depth, size_t *arr_depth);

#endif
