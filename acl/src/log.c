/* Application logging: see log.h. */
#include "log.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "aclemu_runtime.h"

static const char *level_name(int level)
{
    switch (level) {
    case ACLEMU_LOG_DEBUG: return "DEBUG";
    case ACLEMU_LOG_INFO: return "INFO";
    case ACLEMU_LOG_WARNING: return "WARNING";
    case ACLEMU_LOG_ERROR: return "ERROR";
    case ACLEMU_LOG_EVENT: return "EVENT";
    default: return "INFO";
    }
}

/* "0".."4" only; anything else is invalid. */
static int parse_level(const char *v)
{
    if (v != NULL && v[0] >= '0' && v[0] <= '4' && v[1] == '\0') {
        return v[0] - '0';
    }
    return -1;
}

static bool parse_module_levels(log_settings *s, const char *v)
{
    size_t n = 0;
    const char *p = v;
    while (*p != '\0') {
        const char *eq = strchr(p, '=');
        if (eq == NULL || eq == p || (size_t)(eq - p) >= sizeof(s->modules[0].name) ||
            n >= LOG_MAX_MODULES) {
            return false;
        }
        for (const char *c = p; c < eq; c++) {
            if (!((*c >= 'A' && *c <= 'Z') || (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') ||
                  *c == '_')) {
                return false;
            }
        }
        const char *end = strchr(eq + 1, ':');
        size_t vlen = end ? (size_t)(end - eq - 1) : strlen(eq + 1);
        if (vlen != 1 || eq[1] < '0' || eq[1] > '4') {
            return false;
        }
        memcpy(s->modules[n].name, p, (size_t)(eq - p));
        s->modules[n].name[eq - p] = '\0';
        s->modules[n].level = eq[1] - '0';
        n++;
        if (end == NULL) {
            break;
        }
        p = end + 1;
        if (*p == '\0') {
            return false; /* trailing separator */
        }
    }
    s->nmodules = n;
    return true;
}

void log_settings_parse(log_settings *s, log_env_fn env, void *ctx)
{
    memset(s, 0, sizeof(*s));
    int g = parse_level(env("ASCEND_GLOBAL_LOG_LEVEL", ctx));
    s->global_level = g >= 0 ? g : ACLEMU_LOG_ERROR;

    const char *mods = env("ASCEND_MODULE_LOG_LEVEL", ctx);
    if (mods != NULL && mods[0] != '\0' && !parse_module_levels(s, mods)) {
        s->nmodules = 0;
    }

    const char *ev = env("ASCEND_GLOBAL_EVENT_ENABLE", ctx);
    s->event_enabled = !(ev != NULL && strcmp(ev, "0") == 0);

    /* the new variable wins whenever it is set, even to an invalid value */
    const char *out = env("ASCEND_LOG_PRINT_TO_STDOUT", ctx);
    if (out == NULL) {
        out = env("ASCEND_SLOG_PRINT_TO_STDOUT", ctx);
    }
    s->to_stdout = out != NULL && strcmp(out, "1") == 0;

    const char *proc = env("ASCEND_PROCESS_LOG_PATH", ctx);
    const char *work = env("ASCEND_WORK_PATH", ctx);
    const char *home = env("HOME", ctx);
    if (proc != NULL && proc[0] != '\0') {
        snprintf(s->root, sizeof(s->root), "%s", proc);
    } else if (work != NULL && work[0] != '\0') {
        snprintf(s->root, sizeof(s->root), "%s/log", work);
    } else {
        snprintf(s->root, sizeof(s->root), "%s/ascend/log", (home && home[0]) ? home : "/tmp");
    }
}

int log_settings_level(const log_settings *s, const char *module)
{
    for (size_t i = 0; i < s->nmodules; i++) {
        if (strcmp(s->modules[i].name, module) == 0) {
            return s->modules[i].level;
        }
    }
    return s->global_level;
}

void log_format_prefix(char *buf, size_t len, int level, const char *module, long pid,
                       const char *pname, const struct timeval *tv)
{
    struct tm tm;
    time_t sec = tv->tv_sec;
    localtime_r(&sec, &tm);
    snprintf(buf, len, "[%s] %s(%ld,%s):%04d-%02d-%02d-%02d:%02d:%02d.%03ld.%03ld",
             level_name(level), module, pid, pname, tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
             tm.tm_hour, tm.tm_min, tm.tm_sec, (long)(tv->tv_usec / 1000),
             (long)(tv->tv_usec % 1000));
}

void log_format_file_name(char *buf, size_t len, long pid, const struct timeval *tv)
{
    struct tm tm;
    time_t sec = tv->tv_sec;
    localtime_r(&sec, &tm);
    snprintf(buf, len, "plog-%ld_%04d%02d%02d%02d%02d%02d%03ld.log", pid, tm.tm_year + 1900,
             tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
             (long)(tv->tv_usec / 1000));
}

/* ---- process state ------------------------------------------------------------------------ */

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t log_once = PTHREAD_ONCE_INIT;
static log_settings settings;
static int fds[2] = {-1, -1}; /* debug, run */
static long fds_pid;          /* reopen after fork */

static const char *real_env(const char *name, void *ctx)
{
    (void)ctx;
    return getenv(name);
}

static void load_env(void)
{
    log_settings_parse(&settings, real_env, NULL);
}

void log_reload_env(void)
{
    pthread_once(&log_once, load_env);
    pthread_mutex_lock(&log_lock);
    load_env();
    for (int i = 0; i < 2; i++) {
        if (fds[i] >= 0) {
            close(fds[i]);
            fds[i] = -1;
        }
    }
    pthread_mutex_unlock(&log_lock);
}

const log_settings *log_current(void)
{
    pthread_once(&log_once, load_env);
    return &settings;
}

static int mkdirs(const char *path)
{
    char tmp[4200];
    snprintf(tmp, sizeof(tmp), "%s", path);
    for (char *p = tmp + 1; *p; p++) {
        if (*p == '/') {
            *p = '\0';
            if (mkdir(tmp, 0750) != 0 && errno != EEXIST) {
                return -1;
            }
            *p = '/';
        }
    }
    if (mkdir(tmp, 0750) != 0 && errno != EEXIST) {
        return -1;
    }
    return 0;
}

/* Called with log_lock held. */
static int log_fd(int kind, const struct timeval *tv)
{
    long pid = (long)getpid();
    if (fds_pid != pid) {
        fds[0] = fds[1] = -1; /* inherited from the parent: leave them to it */
        fds_pid = pid;
    }
    if (fds[kind] >= 0) {
        return fds[kind];
    }
    char dir[4200], name[96], path[4400];
    snprintf(dir, sizeof(dir), "%s/%s/plog", settings.root, kind == 0 ? "debug" : "run");
    if (mkdirs(dir) != 0) {
        return -1;
    }
    log_format_file_name(name, sizeof(name), pid, tv);
    snprintf(path, sizeof(path), "%s/%s", dir, name);
    fds[kind] = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
    return fds[kind];
}

static const char *process_name(void)
{
    extern char *program_invocation_short_name;
    return program_invocation_short_name ? program_invocation_short_name : "unknown";
}

int aclemu_log_enabled(int level, const char *module)
{
    const log_settings *s = log_current();
    if (level == ACLEMU_LOG_EVENT) {
        return s->event_enabled;
    }
    int threshold = log_settings_level(s, module ? module : "");
    return threshold != LOG_LEVEL_NULL && level >= threshold;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

void aclemu_vlog_at(int level, const char *module, const char *file, int line, const char *func,
                    const char *fmt, va_list ap)
{
    if (module == NULL || fmt == NULL || !aclemu_log_enabled(level, module)) {
        return;
    }
    struct timeval tv;
    gettimeofday(&tv, NULL);
    char prefix[256];
    log_format_prefix(prefix, sizeof(prefix), level, module, (long)getpid(), process_name(), &tv);
    char text[2048];
    vsnprintf(text, sizeof(text), fmt, ap);
    char out[2560];
    int n;
    if (file != NULL) {
        n = snprintf(out, sizeof(out), "%s [%s:%d]%ld %s: %s\n", prefix, base_name(file), line,
                     (long)syscall(SYS_gettid), func ? func : "", text);
    } else {
        n = snprintf(out, sizeof(out), "%s %ld %s\n", prefix, (long)syscall(SYS_gettid), text);
    }
    if (n < 0) {
        return;
    }
    if ((size_t)n >= sizeof(out)) {
        n = sizeof(out) - 1;
        out[n - 1] = '\n';
    }
    pthread_mutex_lock(&log_lock);
    if (settings.to_stdout) {
        fwrite(out, 1, (size_t)n, stdout);
        fflush(stdout);
    } else {
        int fd = log_fd(level == ACLEMU_LOG_EVENT ? 1 : 0, &tv);
        if (fd >= 0) {
            ssize_t w = write(fd, out, (size_t)n);
            (void)w;
        }
    }
    pthread_mutex_unlock(&log_lock);
}

void aclemu_log_at(int level, const char *module, const char *file, int line, const char *func,
                   const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    aclemu_vlog_at(level, module, file, line, func, fmt, ap);
    va_end(ap);
}

void aclemu_log(int level, const char *module, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    aclemu_vlog_at(level, module, NULL, 0, NULL, fmt, ap);
    va_end(ap);
}
