/* Application logging in the CANN plog format.
 *
 * Line: "[<LEVEL>] <MODULE>(<pid>,<process-name>):<yyyy-mm-dd-hh:mm:ss.mmm.uuu> [<file>:<line>]<tid> <func>: <text>"
 * Destination: stdout when ASCEND_LOG_PRINT_TO_STDOUT=1 (deprecated ASCEND_SLOG_PRINT_TO_STDOUT
 * is used only when the former is unset), else files
 *   <root>/debug/plog/plog-<pid>_<yyyymmddhhmmssmmm>.log   (DEBUG/INFO/WARNING/ERROR)
 *   <root>/run/plog/plog-<pid>_<yyyymmddhhmmssmmm>.log     (EVENT)
 * with root = ASCEND_PROCESS_LOG_PATH > ASCEND_WORK_PATH/log > $HOME/ascend/log.
 * Levels: ASCEND_GLOBAL_LOG_LEVEL (0 debug .. 3 error = default, 4 off), overridden per module
 * by ASCEND_MODULE_LOG_LEVEL="MOD=lvl:MOD=lvl" (a syntax error discards the whole value);
 * EVENT lines follow ASCEND_GLOBAL_EVENT_ENABLE (default on). */
#ifndef ACLEMU_LOG_H
#define ACLEMU_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/time.h>

#define LOG_LEVEL_NULL 4
#define LOG_MAX_MODULES 32

typedef struct log_settings {
    int global_level;
    bool event_enabled;
    bool to_stdout;
    size_t nmodules;
    struct {
        char name[32];
        int level;
    } modules[LOG_MAX_MODULES];
    char root[4096];
} log_settings;

/* getenv-like lookup so tests can feed their own environment. */
typedef const char *(*log_env_fn)(const char *name, void *ctx);

void log_settings_parse(log_settings *s, log_env_fn env, void *ctx);
/* Threshold for a module (its override, else the global level). */
int log_settings_level(const log_settings *s, const char *module);

/* The line prefix up to and including the timestamp (no trailing space). */
void log_format_prefix(char *buf, size_t len, int level, const char *module, long pid,
                       const char *pname, const struct timeval *tv);
/* The file name part "plog-<pid>_<yyyymmddhhmmssmmm>.log". */
void log_format_file_name(char *buf, size_t len, long pid, const struct timeval *tv);

/* Re-reads the environment (tests; the library reads it once on first use). */
void log_reload_env(void);
/* The settings in effect. */
const log_settings *log_current(void);

#endif
