/* The "dump" section of a configuration file (aclInit's acl.json, aclmdlSetDump's file): the
 * checks of the real runtime's dump configuration converter, in its order, with its EP000x
 * messages, and the configuration the model executor dumps by (acl/mdl/mdl_dump.c).
 *
 * What a model dump does: after each step of an aclmdlExecute the step's inputs and / or outputs
 * (dump_mode) are written to {dump_path}/{YYYYMMDDhhmmss}/{device}/{model_name}/{model_id}/
 * {iteration}/, one file per step, for the models and layers dump_list names and the iterations
 * dump_step names. With dump_op_switch "on" single operators are dumped instead (acl/mdl/op_dump.c;
 * dump_list is not read then, as in the real converter). Refused as unsupported
 * (ACL_ERROR_INVALID_DUMP_CONFIG, EP0003): dump_scene (exception / watcher dumps), dump_debug "on"
 * (overflow), dump_data "stats" and dump_stats (the statistics file) and the dump_list filters
 * optype_blacklist / opname_blacklist / opname_range. */
#ifndef ACLEMU_DUMP_CONFIG_H
#define ACLEMU_DUMP_CONFIG_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { DUMP_MODE_INPUT = 1, DUMP_MODE_OUTPUT = 2, DUMP_MODE_ALL = 3 };

typedef struct dump_model_sel {
    char *model_name; /* NULL: every model */
    char **layers;    /* NULL (nlayers 0, has_layer false): every layer */
    size_t nlayers;
    bool has_layer;
} dump_model_sel;

typedef struct dump_cfg {
    int refs;
    unsigned session;    /* set when it becomes active; ends with aclmdlFinalizeDump / aclFinalize */
    char path[4096];     /* the real path of dump_path */
    char given[4096];    /* dump_path as the file gives it (acldumpGetPath) */
    char stamp[16];      /* YYYYMMDDhhmmss, when the configuration was set */
    int mode;            /* DUMP_MODE_* */
    bool op_switch;      /* dump_op_switch "on": single-operator dumps */
    dump_model_sel *sel;
    size_t nsel;
    int64_t (*steps)[2]; /* dump_step intervals [lo, hi]; none = every iteration */
    size_t nsteps;
} dump_cfg;

/* Checks the "dump" member of the parsed file root (path names the file in messages). Returns
 * ACL_SUCCESS with *out the configuration (NULL when the file asks for no dump), or
 * ACL_ERROR_INVALID_DUMP_CONFIG with the real EP000x message. */
int dump_cfg_parse(const char *path, json_object *root, dump_cfg **out);
/* The same from a file's text (aclmdlSetDump): EP0004 for text that is not JSON. */
int dump_cfg_parse_text(const char *path, const char *text, dump_cfg **out);
void dump_cfg_release(dump_cfg *c);

/* The configuration models loaded from now on dump by (a new reference, NULL if none). */
dump_cfg *dump_cfg_acquire_active(void);
/* Replaces the active configuration (takes c's reference; NULL = none). unset also stops every
 * loaded model's dumping (what aclmdlFinalizeDump does). */
void dump_cfg_set_active(dump_cfg *c, bool from_init);
void dump_cfg_unset(void);
/* copies the active configuration's dump_path into buf; false if none */
bool dump_cfg_active_path(char *buf, size_t cap);
/* true while c has not been unset */
bool dump_cfg_live(const dump_cfg *c);
/* a dump configured by aclInit is active */
bool dump_cfg_from_init(void);

/* aclmdlInitDump has run (and aclmdlFinalizeDump / aclFinalize not since) */
bool dump_api_initialized(void);
void dump_set_api_initialized(bool on);

/* aclInit has run and aclFinalize has not (api_init.c) */
bool acl_is_initialized(void);

#endif
