/*
 * text_buf.c - text: the append-only buffers every text is written into
 * (JSON strings and viewers among what they write), error messages, and
 * the one syntax of the numbers the library reads.
 */
#include <stdio.h>
#include <string.h>

#include "rules.h"

void crown_buf_init(crown_buf *b, char *p, size_t cap)
{
    b->p = p;
    b->cap = p ? cap : 0;
    b->len = 0;
    if (b->cap > 0)
        b->p[0] = '\0';
}

static void buf_append(crown_buf *b, const char *s, size_t n)
{
    if (b->len + 1 < b->cap) {
        size_t room = b->cap - 1 - b->len;
        size_t k = n < room ? n : room;
        memcpy(b->p + b->len, s, k);
        b->p[b->len + k] = '\0';
    }
    b->len += n;
}

void crown_buf_puts(crown_buf *b, const char *s)
{
    buf_append(b, s, strlen(s));
}

void crown_buf_putc(crown_buf *b, char c)
{
    buf_append(b, &c, 1);
}

void crown_buf_putu(crown_buf *b, unsigned v)
{
    char tmp[10];
    size_t k = sizeof tmp;
    do {
        tmp[--k] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    buf_append(b, tmp + k, sizeof tmp - k);
}

void crown_buf_printf(crown_buf *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    /* Every caller formats short fragments; longer text goes through puts. */
    buf_append(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

void crown_buf_json_string(crown_buf *b, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    crown_buf_putc(b, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            crown_buf_putc(b, '\\');
            crown_buf_putc(b, (char)c);
        } else if (c < 0x20 || c == 0x7f) {
            crown_buf_puts(b, "\\u00");
            crown_buf_putc(b, hex[c >> 4]);
            crown_buf_putc(b, hex[c & 15]);
        } else {
            crown_buf_putc(b, (char)c);
        }
    }
    crown_buf_putc(b, '"');
}

void crown_buf_json_viewer(crown_buf *b, int viewer)
{
    if (viewer >= 0)
        crown_buf_putu(b, (unsigned)viewer);
    else
        crown_buf_puts(b, viewer == CROWN_SPECTATOR ? "\"spectator\"" : "\"omniscient\"");
}

void crown_errf(crown_err *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
}

int crown_parse_uint(const char *s, size_t n, uint64_t max, uint64_t *out)
{
    if (n == 0)
        return -1;
    uint64_t v = 0;
    int over = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        unsigned d = (unsigned)(s[i] - '0');
        if (over || d > max || v > (max - d) / 10)
            over = 1;
        else
            v = v * 10 + d;
    }
    if (over)
        return -2;
    *out = v;
    return 0;
}
