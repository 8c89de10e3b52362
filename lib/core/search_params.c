/*
 * search_params.c - a search's parameters as text: "key=value,..." parsed
 * onto the defaults (every value checked, every mistake named), and printed
 * back in canonical form.
 */
#include <stdio.h>
#include <string.h>

#include "search.h"

static const char *const keys[] = {"iterations", "time",  "threads", "exploration",
                                   "determinizations", "playout", "reuse", "nodes"};
enum { K_ITERATIONS, K_TIME, K_THREADS, K_EXPLORATION, K_DETS, K_PLAYOUT, K_REUSE, K_NODES,
       K_COUNT };

/* A decimal number: digits, optionally a point and digits (at least one
 * digit in all); no sign, no exponent, read the same in every locale.
 * 0 with *out, or -1. */
static int parse_decimal(const char *s, size_t n, double *out)
{
    double v = 0, scale = 1;
    int digits = 0, point = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '.' && !point) {
            point = 1;
        } else if (c >= '0' && c <= '9') {
            if (++digits > 30)
                return -1;
            if (point) {
                scale /= 10;
                v += (c - '0') * scale;
            } else {
                v = v * 10 + (c - '0');
            }
        } else {
            return -1;
        }
    }
    if (!digits)
        return -1;
    *out = v;
    return 0;
}

static int bad(crown_err *err, const char *key, const char *value, size_t vn, const char *what)
{
    char q[48], v[64];
    size_t k = vn < sizeof v - 1 ? vn : sizeof v - 1;
    memcpy(v, value, k);
    v[k] = 0;
    crown_errf(err, "search parameter %s: '%s' is not %s", key, crown_quote_text(q, v), what);
    return CROWN_EOPTION;
}

static int parse_uint_in(const char *key, const char *v, size_t vn, uint64_t lo, uint64_t hi,
                         uint64_t *out, crown_err *err)
{
    char what[96];
    snprintf(what, sizeof what, "a whole number from %llu to %llu", (unsigned long long)lo,
             (unsigned long long)hi);
    uint64_t x;
    if (crown_parse_uint(v, vn, hi, &x) || x < lo)
        return bad(err, key, v, vn, what);
    *out = x;
    return 0;
}

static int parse_decimal_in(const char *key, const char *v, size_t vn, double hi, double *out,
                            crown_err *err)
{
    char what[96];
    snprintf(what, sizeof what, "a decimal number from 0 to %g", hi);
    double x;
    if (parse_decimal(v, vn, &x) || x > hi)
        return bad(err, key, v, vn, what);
    *out = x;
    return 0;
}

static int set_one(search_params *p, int k, const char *v, size_t vn, crown_err *err)
{
    uint64_t x;
    switch (k) {
    case K_ITERATIONS:
        if (parse_uint_in(keys[k], v, vn, 0, UINT64_MAX / 2, &x, err))
            return CROWN_EOPTION;
        p->iterations = x;
        return 0;
    case K_TIME: return parse_decimal_in(keys[k], v, vn, SEARCH_MAX_TIME, &p->time, err);
    case K_THREADS:
        if (parse_uint_in(keys[k], v, vn, 0, SEARCH_MAX_THREADS, &x, err))
            return CROWN_EOPTION;
        p->threads = (int)x;
        return 0;
    case K_EXPLORATION: return parse_decimal_in(keys[k], v, vn, 100, &p->exploration, err);
    case K_DETS:
        if (parse_uint_in(keys[k], v, vn, 0, SEARCH_MAX_DETS, &x, err))
            return CROWN_EOPTION;
        p->determinizations = (size_t)x;
        return 0;
    case K_PLAYOUT:
        if (vn == 7 && !memcmp(v, "uniform", 7))
            p->rule = 0;
        else if (vn == 4 && !memcmp(v, "rule", 4))
            p->rule = 1;
        else
            return bad(err, keys[k], v, vn, "uniform or rule");
        return 0;
    case K_REUSE:
        if (vn == 1 && (v[0] == '0' || v[0] == '1'))
            p->reuse = v[0] == '1';
        else
            return bad(err, keys[k], v, vn, "0 or 1");
        return 0;
    default:
        if (parse_uint_in(keys[k], v, vn, 1, SEARCH_MAX_NODES, &x, err))
            return CROWN_EOPTION;
        p->nodes = (size_t)x;
        return 0;
    }
}

int search_parse_params(const char *text, search_params *p, crown_err *err)
{
    p->iterations = SEARCH_DEFAULT_ITERATIONS;
    p->time = 0;
    p->threads = 1;
    p->exploration = 0.7;
    p->determinizations = 64;
    p->rule = 1;
    p->reuse = 1;
    p->nodes = SEARCH_DEFAULT_NODES;
    if (!text)
        return 0;
    unsigned given = 0;
    const char *s = text;
    for (;;) {
        const char *end = strchr(s, ',');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        while (len && crown_is_space(*s))
            s++, len--;
        while (len && crown_is_space(s[len - 1]))
            len--;
        if (len == 0) {
            if (end || given) { /* (only "" or spaces is no parameter at all) */
                crown_errf(err, "search parameters: an empty parameter (two commas, or a "
                                "comma at an end)");
                return CROWN_EOPTION;
            }
            break;
        }
        const char *eq = memchr(s, '=', len);
        char q[48], key[64];
        size_t kn = eq ? (size_t)(eq - s) : len;
        while (kn && crown_is_space(s[kn - 1]))
            kn--;
        size_t kc = kn < sizeof key - 1 ? kn : sizeof key - 1;
        memcpy(key, s, kc);
        key[kc] = 0;
        int k = 0;
        while (k < K_COUNT && !(strlen(keys[k]) == kn && !memcmp(keys[k], s, kn)))
            k++;
        if (k == K_COUNT) {
            crown_errf(err, "unknown search parameter '%s' (known: iterations, time, threads, "
                            "exploration, determinizations, playout, reuse, nodes)",
                       crown_quote_text(q, key));
            return CROWN_EOPTION;
        }
        if (!eq) {
            crown_errf(err, "search parameter %s has no value (write %s=VALUE)", keys[k],
                       keys[k]);
            return CROWN_EOPTION;
        }
        if (given & (1u << k)) {
            crown_errf(err, "search parameter %s given twice", keys[k]);
            return CROWN_EOPTION;
        }
        given |= 1u << k;
        const char *v = eq + 1;
        size_t vn = len - (size_t)(v - s);
        while (vn && crown_is_space(*v))
            v++, vn--;
        int rc = set_one(p, k, v, vn, err);
        if (rc)
            return rc;
        if (!end)
            break;
        s = end + 1;
    }
    if (!(given & (1u << K_ITERATIONS)) && p->time > 0)
        p->iterations = 0;
    if (p->iterations == 0 && p->time == 0) {
        crown_errf(err, "search parameters: no limit (iterations=0 and time=0): give "
                        "iterations=N or time=SECONDS");
        return CROWN_EOPTION;
    }
    return 0;
}

/* x (0 to 86400) with up to 9 decimals, trailing zeros cut, the same in
 * every locale. */
static void put_decimal(crown_buf *b, double x)
{
    unsigned long long units = (unsigned long long)(x * 1e9 + 0.5);
    unsigned long long whole = units / 1000000000ULL, frac = units % 1000000000ULL;
    crown_buf_printf(b, "%llu", whole);
    if (frac) {
        char digits[10];
        snprintf(digits, sizeof digits, "%09llu", frac);
        size_t n = 9;
        while (digits[n - 1] == '0')
            n--;
        digits[n] = 0;
        crown_buf_printf(b, ".%s", digits);
    }
}

void search_format_params(const search_params *p, crown_buf *b)
{
    crown_buf_printf(b, "iterations=%llu,time=", (unsigned long long)p->iterations);
    put_decimal(b, p->time);
    crown_buf_printf(b, ",threads=%d,exploration=", p->threads);
    put_decimal(b, p->exploration);
    crown_buf_printf(b, ",determinizations=%zu,playout=%s,reuse=%d,nodes=%zu",
                     p->determinizations, p->rule ? "rule" : "uniform", p->reuse, p->nodes);
}
