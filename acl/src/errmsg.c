/* Error-message store: see errmsg.h for the rendered layout. */
#include "errmsg.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "aclemu_runtime.h"
#include "strbuf.h"

/* The error manager drops reports beyond this many per store. */
#define ERRMSG_MAX_ITEMS 1000
#define ERRMSG_MAX_TEXT 1024

typedef struct errmsg_item {
    char code[8];
    char time[96];
    char *text;
} errmsg_item;

typedef struct errmsg_list {
    errmsg_item *items;
    size_t n, cap;
} errmsg_list;

static bool process_mode;
static pthread_mutex_t process_lock = PTHREAD_MUTEX_INITIALIZER;
static errmsg_list process_list;
static __thread errmsg_list thread_list;
static __thread char *last_rendered; /* what the last aclGetRecentErrMsg returned */

/* A thread's list and last rendering are heap memory: a pthread key's destructor frees them when
 * the thread exits (TLS is still valid while key destructors run). */
static pthread_key_t thread_key;
static pthread_once_t thread_key_once = PTHREAD_ONCE_INIT;
static __thread bool thread_key_set;

static void list_clear(errmsg_list *l);

static void thread_store_free(void *unused)
{
    (void)unused;
    list_clear(&thread_list);
    free(last_rendered);
    last_rendered = NULL;
    thread_key_set = false;
}

static void thread_key_create(void) { (void)pthread_key_create(&thread_key, thread_store_free); }

/* Called before the thread first keeps heap memory in its store. */
static void thread_store_used(void)
{
    if (thread_key_set) {
        return;
    }
    pthread_once(&thread_key_once, thread_key_create);
    /* any non-NULL value makes the destructor run */
    thread_key_set = pthread_setspecific(thread_key, &thread_list) == 0;
}

void errmsg_set_process_mode(bool on)
{
    pthread_mutex_lock(&process_lock);
    process_mode = on;
    pthread_mutex_unlock(&process_lock);
}

bool errmsg_process_mode(void)
{
    return __atomic_load_n(&process_mode, __ATOMIC_RELAXED);
}

/* Codes ending in 9999 (inner error) or 8888 (parameter check) have no catalogue template. */
static bool is_inner_code(const char *code)
{
    return strlen(code) == 6 && (strcmp(code + 2, "9999") == 0 || strcmp(code + 2, "8888") == 0);
}

static void format_now(char *buf, size_t len)
{
    struct timeval tv;
    struct tm tm;
    gettimeofday(&tv, NULL);
    localtime_r(&tv.tv_sec, &tm);
    snprintf(buf, len, "%04d-%02d-%02d-%02d:%02d:%02d.%03ld.%03ld", tm.tm_year + 1900,
             tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
             (long)(tv.tv_usec / 1000), (long)(tv.tv_usec % 1000));
}

static void list_clear(errmsg_list *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->items[i].text);
    }
    free(l->items);
    memset(l, 0, sizeof(*l));
}

/* Appends unless an identical (code, text) report is already pending, like the real store. */
static void list_add(errmsg_list *l, const char *code, const char *time, const char *text)
{
    for (size_t i = 0; i < l->n; i++) {
        if (strcmp(l->items[i].code, code) == 0 && strcmp(l->items[i].text, text) == 0) {
            return;
        }
    }
    if (l->n >= ERRMSG_MAX_ITEMS) {
        return;
    }
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 8;
        errmsg_item *items = realloc(l->items, cap * sizeof(*items));
        if (items == NULL) {
            return;
        }
        l->items = items;
        l->cap = cap;
    }
    char *copy = strdup(text);
    if (copy == NULL) {
        return;
    }
    errmsg_item *it = &l->items[l->n++];
    snprintf(it->code, sizeof(it->code), "%s", code);
    snprintf(it->time, sizeof(it->time), "%s", time);
    it->text = copy;
}

void aclemu_errmsg_vpush(const char *errcode, const char *fmt, va_list ap)
{
    if (errcode == NULL || fmt == NULL) {
        return;
    }
    char text[ERRMSG_MAX_TEXT + 32];
    char now[96];
    format_now(now, sizeof(now));
    int n = vsnprintf(text, ERRMSG_MAX_TEXT, fmt, ap);
    if (n < 0) {
        return;
    }
    if (errmsg_process_mode()) {
        /* process-level messages name the reporting thread */
        size_t len = strlen(text);
        snprintf(text + len, sizeof(text) - len, "[THREAD:%ld]", (long)syscall(SYS_gettid));
        pthread_mutex_lock(&process_lock);
        list_add(&process_list, errcode, now, text);
        pthread_mutex_unlock(&process_lock);
    } else {
        thread_store_used();
        list_add(&thread_list, errcode, now, text);
    }
    aclemu_log(ACLEMU_LOG_ERROR, "ASCENDCL", "[%s] %s", errcode, text);
}

void aclemu_errmsg_push(const char *errcode, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    aclemu_errmsg_vpush(errcode, fmt, ap);
    va_end(ap);
}

static void render_lead(strbuf *sb, const errmsg_item *it, long pid)
{
    if (is_inner_code(it->code)) {
        /* inner errors carry no title and print their code before the PID */
        strbuf_printf(sb, "%s: Inner Error!\n", it->code);
        strbuf_printf(sb, "%s[PID: %ld] %s (%s):  %s\n", it->code, pid, it->time, it->code,
                      it->text);
        return;
    }
    const errmsg_catalog_entry *e = errmsg_catalog_find(it->code);
    strbuf_printf(sb, "[PID: %ld] %s %s(%s): %s\n", pid, it->time, e ? e->title : "", it->code,
                  it->text);
    if (e != NULL && e->cause != NULL && e->cause[0] != '\0' && strcmp(e->cause, "N/A") != 0) {
        strbuf_printf(sb, "        Possible Cause: %s\n", e->cause);
    }
    if (e != NULL && e->solution != NULL && e->solution[0] != '\0' &&
        strcmp(e->solution, "N/A") != 0) {
        strbuf_printf(sb, "        Solution: %s\n", e->solution);
    }
}

/* The newest user-facing (non-inner) message leads; the others follow oldest first. */
static char *render(const errmsg_list *l)
{
    if (l->n == 0) {
        return NULL;
    }
    size_t lead = l->n - 1;
    for (size_t i = l->n; i-- > 0;) {
        if (!is_inner_code(l->items[i].code)) {
            lead = i;
            break;
        }
    }
    strbuf sb;
    strbuf_init(&sb);
    long pid = (long)getpid();
    render_lead(&sb, &l->items[lead], pid);
    bool traceback = false;
    for (size_t i = 0; i < l->n; i++) {
        if (i == lead) {
            continue;
        }
        if (!traceback) {
            strbuf_puts(&sb, "TraceBack (most recent call last):\n");
            traceback = true;
        }
        strbuf_printf(&sb, "        %s\n", l->items[i].text);
    }
    return strbuf_take(&sb);
}

const char *errmsg_take(void)
{
    char *out;
    if (errmsg_process_mode()) {
        pthread_mutex_lock(&process_lock);
        out = render(&process_list);
        list_clear(&process_list);
        pthread_mutex_unlock(&process_lock);
    } else {
        out = render(&thread_list);
        list_clear(&thread_list);
    }
    free(last_rendered);
    if (out != NULL) {
        thread_store_used();
    }
    last_rendered = out;
    /* nothing pending reads as "" (reference 5.3/6.6): programs print or copy it unchecked */
    return out ? out : "";
}

size_t errmsg_pending(void)
{
    size_t n;
    if (errmsg_process_mode()) {
        pthread_mutex_lock(&process_lock);
        n = process_list.n;
        pthread_mutex_unlock(&process_lock);
    } else {
        n = thread_list.n;
    }
    return n;
}

void errmsg_clear_all(void)
{
    pthread_mutex_lock(&process_lock);
    list_clear(&process_list);
    pthread_mutex_unlock(&process_lock);
    list_clear(&thread_list);
}
