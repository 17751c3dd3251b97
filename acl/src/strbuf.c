#include "strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void strbuf_init(strbuf *sb)
{
    sb->s = NULL;
    sb->len = sb->cap = 0;
}

static int reserve(strbuf *sb, size_t extra)
{
    if (sb->len + extra + 1 <= sb->cap) {
        return 0;
    }
    size_t cap = sb->cap ? sb->cap : 128;
    while (cap < sb->len + extra + 1) {
        cap *= 2;
    }
    char *s = realloc(sb->s, cap);
    if (s == NULL) {
        return -1;
    }
    sb->s = s;
    sb->cap = cap;
    return 0;
}

void strbuf_puts(strbuf *sb, const char *text)
{
    size_t n = strlen(text);
    if (reserve(sb, n) != 0) {
        return;
    }
    memcpy(sb->s + sb->len, text, n + 1);
    sb->len += n;
}

void strbuf_printf(strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || reserve(sb, (size_t)n) != 0) {
        return;
    }
    va_start(ap, fmt);
    vsnprintf(sb->s + sb->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb->len += (size_t)n;
}

char *strbuf_take(strbuf *sb)
{
    char *s = sb->s;
    if (s == NULL) {
        s = calloc(1, 1);
    }
    strbuf_init(sb);
    return s;
}

void strbuf_free(strbuf *sb)
{
    free(sb->s);
    strbuf_init(sb);
}
