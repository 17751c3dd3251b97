/* A growable C string for building messages. Allocation failures leave the text truncated
 * (never crash): error reporting must not fail the caller. */
#ifndef ACLEMU_STRBUF_H
#define ACLEMU_STRBUF_H

#include <stdarg.h>
#include <stddef.h>

typedef struct strbuf {
    char *s;
    size_t len, cap;
} strbuf;

void strbuf_init(strbuf *sb);
void strbuf_puts(strbuf *sb, const char *text);
void strbuf_printf(strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Returns the heap string (never NULL unless out of memory) and resets sb. */
char *strbuf_take(strbuf *sb);
void strbuf_free(strbuf *sb);

#endif
