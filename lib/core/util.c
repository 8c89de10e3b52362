/*
 * util.c - text buffers, error messages and the random generator.
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

void crown_errf(crown_err *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
}

uint64_t crown_mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void crown_rng_seed(crown_rng *r, uint64_t seed, uint64_t stream)
{
    r->s = crown_mix64(seed ^ crown_mix64(stream ^ 0x6a09e667f3bcc909ULL));
}

uint64_t crown_rng_next(crown_rng *r)
{
    r->s += 0x9e3779b97f4a7c15ULL;
    uint64_t z = r->s;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
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

float *crown_tensor_piece(crown_tensor *t, const char *name, size_t d0, size_t d1, size_t d2)
{
    size_t size = d0 * (d1 ? d1 : 1) * (d2 ? d2 : 1);
    if (t->layout) {
        crown_buf *b = t->layout;
        crown_buf_puts(b, t->npieces ? ",\n  " : "\n  ");
        crown_buf_puts(b, "{\"name\": ");
        crown_buf_json_string(b, name);
        crown_buf_puts(b, ", \"offset\": ");
        crown_buf_putu(b, (unsigned)t->len);
        crown_buf_puts(b, ", \"shape\": [");
        crown_buf_putu(b, (unsigned)d0);
        if (d1) {
            crown_buf_puts(b, ", ");
            crown_buf_putu(b, (unsigned)d1);
        }
        if (d1 && d2) {
            crown_buf_puts(b, ", ");
            crown_buf_putu(b, (unsigned)d2);
        }
        crown_buf_puts(b, "]}");
    }
    t->npieces++;
    float *p = t->v ? t->v + t->len : NULL;
    t->len += size;
    return p;
}

/* floor((2^64 - 1) / n) for n < CROWN_RECIPROCALS, computed by the
 * compiler: the draws below that many need no division.  (Entry 0 is
 * never read: it divides by 1.) */
#define RECIP(n) (UINT64_MAX / ((uint64_t)(n) + ((n) == 0)))
#define RECIP4(n) RECIP(n), RECIP((n) + 1), RECIP((n) + 2), RECIP((n) + 3)
#define RECIP16(n) RECIP4(n), RECIP4((n) + 4), RECIP4((n) + 8), RECIP4((n) + 12)
#define RECIP64(n) RECIP16(n), RECIP16((n) + 16), RECIP16((n) + 32), RECIP16((n) + 48)
#define RECIP256(n) RECIP64(n), RECIP64((n) + 64), RECIP64((n) + 128), RECIP64((n) + 192)
#define CROWN_RECIPROCALS 1024
static const uint64_t reciprocal[CROWN_RECIPROCALS] = {RECIP256(0), RECIP256(256), RECIP256(512),
                                                       RECIP256(768)};

uint64_t crown_rng_below(crown_rng *r, uint64_t n)
{
    /* Reject the top partial block so every residue is equally likely:
     * with m = floor((2^64 - 1) / n), the full blocks end at m * n. */
    if (n == 0)
        return 0; /* (outside the contract; no draw) */
    uint64_t m = n < CROWN_RECIPROCALS ? reciprocal[n] : UINT64_MAX / n;
    uint64_t limit = m * n, x;
    do
        x = crown_rng_next(r);
    while (x >= limit);
#if defined(__SIZEOF_INT128__)
    /* x % n without a division: q = floor(x * m / 2^64) is floor(x / n) or
     * one below it (x / n - x * m / 2^64 = x * (2^64 - n * m) / (n * 2^64),
     * and 0 < 2^64 - n * m <= n). */
    uint64_t q = (uint64_t)(((unsigned __int128)x * m) >> 64), rem = x - q * n;
    if (rem >= n)
        rem -= n;
    return rem;
#else
    return x % n;
#endif
}
