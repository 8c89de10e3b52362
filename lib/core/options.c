/*
 * options.c - parsing and printing "key=value,key=value" option texts.
 *
 * Option texts come from callers and saved games, so they are untrusted:
 * every byte is checked, nothing is copied into fixed buffers unchecked.
 */
#include <string.h>

#include "core.h"

#define OPTIONS_TEXT_MAX 4096

static const char *const chance_choices[] = {"auto", "explicit", NULL};

/* The option every game has, handled by the core. */
static const crown_option_spec chance_spec = {
    .name = "chance",
    .kind = CROWN_OPT_ENUM,
    .choices = chance_choices,
    .help = "auto: the library draws every card itself; explicit: chance events are "
            "exposed as chance nodes whose outcomes the caller applies"};

/* Copies at most 40 bytes of untrusted text, printable ASCII only. */
static const char *quote(char out[48], const char *s, size_t n)
{
    size_t k = 0;
    for (size_t i = 0; i < n && k < 40; i++)
        out[k++] = (s[i] >= 32 && s[i] < 127) ? s[i] : '?';
    if (n > 40) {
        memcpy(out + k, "...", 3);
        k += 3;
    }
    out[k] = '\0';
    return out;
}

static int span_eq(const char *s, size_t n, const char *word)
{
    return strlen(word) == n && memcmp(s, word, n) == 0;
}

static void trim(const char **s, size_t *n)
{
    while (*n > 0 && crown_is_space(**s)) {
        (*s)++;
        (*n)--;
    }
    while (*n > 0 && crown_is_space((*s)[*n - 1]))
        (*n)--;
}

/* Parses an option's whole number: crown_parse_uint's digits, with a '-'
 * before them for a negative value.  0 on success, -1 when malformed, -2
 * when its magnitude passes INT64_MAX. */
static int parse_int(const char *s, size_t n, int64_t *out)
{
    int neg = n > 0 && s[0] == '-';
    uint64_t v;
    int rc = crown_parse_uint(s + neg, n - (size_t)neg, (uint64_t)INT64_MAX, &v);
    if (rc)
        return rc;
    *out = neg ? -(int64_t)v : (int64_t)v;
    return 0;
}

static void list_names(const crown_rules *r, char *out, size_t cap)
{
    crown_buf b;
    crown_buf_init(&b, out, cap);
    for (size_t i = 0; i < r->noptions; i++) {
        crown_buf_puts(&b, r->options[i].name);
        crown_buf_puts(&b, ", ");
    }
    crown_buf_puts(&b, chance_spec.name);
}

static int store_text(crown_optvals *vals, const char *s, size_t n, int64_t *out)
{
    if (vals->used + n + 1 > sizeof vals->text)
        return -1;
    memcpy(vals->text + vals->used, s, n);
    vals->text[vals->used + n] = '\0';
    *out = (int64_t)vals->used;
    vals->used += n + 1;
    return 0;
}

/* Sets TEXT option i to s[0..n), rebuilding the pool so that it holds each
 * TEXT value once; -1 (nothing changed) when they do not fit. */
static int set_text_span(crown_optvals *vals, size_t i, const char *s, size_t n)
{
    crown_optvals fresh;
    fresh.used = 0;
    for (size_t j = 0; j < CROWN_MAX_OPTIONS; j++) {
        if (j == i) {
            if (store_text(&fresh, s, n, &fresh.v[j]))
                return -1;
        } else if (vals->text_mask >> j & 1) {
            const char *t = crown_opt_text(vals, j);
            if (store_text(&fresh, t, strlen(t), &fresh.v[j]))
                return -1;
        }
    }
    memcpy(vals->text, fresh.text, fresh.used);
    vals->used = fresh.used;
    vals->text_mask |= 1u << i;
    for (size_t j = 0; j < CROWN_MAX_OPTIONS; j++)
        if (vals->text_mask >> j & 1)
            vals->v[j] = fresh.v[j];
    return 0;
}

int crown_opt_set_text(crown_optvals *vals, size_t i, const char *s)
{
    return set_text_span(vals, i, s, strlen(s));
}

void crown_opt_copy(crown_optvals *dst, const crown_optvals *src)
{
    memcpy(dst->v, src->v, sizeof dst->v);
    dst->text_mask = src->text_mask;
    dst->used = src->used;
    memcpy(dst->text, src->text, src->used);
}

/* Parses the value of option `idx` (for TEXT: stores it, *out is its
 * offset). */
static int parse_value(const crown_option_spec *sp, size_t idx, const char *v, size_t vn,
                       int64_t *out, crown_optvals *vals, crown_err *err)
{
    if (sp->kind == CROWN_OPT_TEXT) {
        /* One pass without a branch a byte (bytes compared as bytes: at
         * -O3 the compiler compares 16 at a time); the byte is found only
         * when there is one. */
        unsigned char bad = 0;
        for (size_t i = 0; i < vn; i++) {
            unsigned char c = (unsigned char)v[i];
            bad |= (unsigned char)((c < 32) | (c > 126));
        }
        for (size_t i = 0; bad && i < vn; i++) {
            if (v[i] < 32 || v[i] > 126) {
                crown_errf(err, "option %s: byte %zu of the value is not printable ASCII",
                           sp->name, i + 1);
                return CROWN_EOPTION;
            }
        }
        if (set_text_span(vals, idx, v, vn)) {
            crown_errf(err, "option %s: the value is too long", sp->name);
            return CROWN_EOPTION;
        }
        *out = vals->v[idx];
        return CROWN_OK;
    }
    if (sp->kind == CROWN_OPT_INT) {
        int64_t x = 0;
        int rc = parse_int(v, vn, &x);
        char q[48];
        if (rc == -1) {
            crown_errf(err, "option %s: '%s' is not a whole number (decimal digits only, as in "
                            "%s=%lld)", sp->name, quote(q, v, vn), sp->name, (long long)sp->def);
            return CROWN_EOPTION;
        }
        if (rc == -2) {
            crown_errf(err, "option %s: '%s' is out of range (%lld..%lld)", sp->name,
                       quote(q, v, vn), (long long)sp->min, (long long)sp->max);
            return CROWN_EOPTION;
        }
        if (x < sp->min || x > sp->max) {
            crown_errf(err, "option %s=%lld is out of range (%lld..%lld)", sp->name,
                       (long long)x, (long long)sp->min, (long long)sp->max);
            return CROWN_EOPTION;
        }
        *out = x;
        return CROWN_OK;
    }
    for (int64_t i = 0; sp->choices[i]; i++) {
        if (span_eq(v, vn, sp->choices[i])) {
            *out = i;
            return CROWN_OK;
        }
    }
    char allowed[160];
    crown_buf b;
    crown_buf_init(&b, allowed, sizeof allowed);
    for (int i = 0; sp->choices[i]; i++) {
        if (i)
            crown_buf_puts(&b, "|");
        crown_buf_puts(&b, sp->choices[i]);
    }
    char q[48];
    crown_errf(err, "option %s: '%s' is not one of %s", sp->name, quote(q, v, vn), allowed);
    return CROWN_EOPTION;
}

int crown_parse_options(const crown_rules *r, const char *text, crown_optvals *vals,
                        int *explicit_chance, crown_err *err)
{
    int seen[CROWN_MAX_OPTIONS + 1] = {0};
    int64_t chance = chance_spec.def;

    /* (the pool is read only up to `used`: it need not be cleared) */
    memset(vals->v, 0, sizeof vals->v);
    vals->text_mask = 0;
    vals->used = 0;
    for (size_t i = 0; i < r->noptions; i++) {
        vals->v[i] = r->options[i].def;
        if (r->options[i].kind == CROWN_OPT_TEXT &&
            crown_opt_set_text(vals, i, r->options[i].def_text)) {
            crown_errf(err, "option %s: default too long", r->options[i].name);
            return CROWN_EOPTION;
        }
    }

    if (text == NULL)
        text = "";
    /* (memchr stops at the first terminator: it reads no further) */
    const char *nul = memchr(text, '\0', (size_t)OPTIONS_TEXT_MAX + 1);
    size_t total = nul ? (size_t)(nul - text) : (size_t)OPTIONS_TEXT_MAX + 1;
    if (total > OPTIONS_TEXT_MAX) {
        crown_errf(err, "options text is longer than %d bytes", OPTIONS_TEXT_MAX);
        return CROWN_EOPTION;
    }
    const char *p = text;
    const char *end = text + total;
    {
        const char *q = p;
        size_t n = total;
        trim(&q, &n);
        if (n == 0) {
            *explicit_chance = (int)chance;
            return CROWN_OK;
        }
    }
    while (p <= end) {
        const char *comma = memchr(p, ',', (size_t)(end - p));
        const char *tok_end = comma ? comma : end;
        const char *k = p;
        size_t kn = (size_t)(tok_end - p);
        trim(&k, &kn);
        if (kn == 0) {
            char q[48];
            crown_errf(err, "empty option in '%s' (expected key=value,key=value)",
                       quote(q, text, total));
            return CROWN_EOPTION;
        }
        const char *eq = memchr(k, '=', kn);
        if (!eq) {
            char q[48];
            crown_errf(err, "option '%s' has no value (expected key=value)", quote(q, k, kn));
            return CROWN_EOPTION;
        }
        const char *v = eq + 1;
        size_t vn = kn - (size_t)(v - k);
        kn = (size_t)(eq - k);
        trim(&k, &kn);
        trim(&v, &vn);
        if (kn == 0) {
            char q[48];
            crown_errf(err, "option '%s' has no name", quote(q, eq, vn + 1));
            return CROWN_EOPTION;
        }
        const crown_option_spec *sp = NULL;
        size_t idx = 0;
        for (size_t i = 0; i < r->noptions; i++) {
            if (span_eq(k, kn, r->options[i].name)) {
                sp = &r->options[i];
                idx = i;
            }
        }
        if (!sp && span_eq(k, kn, chance_spec.name)) {
            sp = &chance_spec;
            idx = CROWN_MAX_OPTIONS;
        }
        if (!sp) {
            char names[160], q[48];
            list_names(r, names, sizeof names);
            crown_errf(err, "unknown option '%s' for %s (options: %s)", quote(q, k, kn), r->name,
                       names);
            return CROWN_EOPTION;
        }
        if (seen[idx]) {
            crown_errf(err, "option %s is given twice", sp->name);
            return CROWN_EOPTION;
        }
        seen[idx] = 1;
        int64_t x;
        int rc = parse_value(sp, idx, v, vn, &x, vals, err);
        if (rc)
            return rc;
        if (sp == &chance_spec)
            chance = x;
        else
            vals->v[idx] = x;
        if (!comma)
            break;
        p = comma + 1;
    }
    *explicit_chance = (int)chance;
    return CROWN_OK;
}

static void put_value(crown_buf *b, const crown_option_spec *sp, const crown_optvals *vals,
                      size_t i)
{
    int64_t v = vals->v[i];
    if (sp->kind == CROWN_OPT_INT)
        crown_buf_printf(b, "%lld", (long long)v);
    else if (sp->kind == CROWN_OPT_TEXT)
        crown_buf_puts(b, crown_opt_text(vals, i));
    else
        crown_buf_puts(b, sp->choices[v]);
}

void crown_format_options(const crown_rules *r, const crown_optvals *vals, int explicit_chance,
                          crown_buf *b)
{
    for (size_t i = 0; i < r->noptions; i++) {
        crown_buf_puts(b, r->options[i].name);
        crown_buf_putc(b, '=');
        put_value(b, &r->options[i], vals, i);
        crown_buf_putc(b, ',');
    }
    crown_buf_puts(b, "chance=");
    crown_buf_puts(b, chance_choices[explicit_chance ? 1 : 0]);
}

static void describe_one(crown_buf *b, const crown_option_spec *sp)
{
    crown_buf_puts(b, sp->name);
    if (sp->kind == CROWN_OPT_INT) {
        crown_buf_printf(b, "=%lld..%lld (default %lld): ", (long long)sp->min,
                         (long long)sp->max, (long long)sp->def);
    } else if (sp->kind == CROWN_OPT_TEXT) {
        crown_buf_puts(b, "=TEXT (default ");
        crown_buf_puts(b, sp->def_text);
        crown_buf_puts(b, "): ");
    } else {
        crown_buf_putc(b, '=');
        for (int i = 0; sp->choices[i]; i++) {
            if (i)
                crown_buf_putc(b, '|');
            crown_buf_puts(b, sp->choices[i]);
        }
        crown_buf_printf(b, " (default %s): ", sp->choices[sp->def]);
    }
    crown_buf_puts(b, sp->help);
    crown_buf_putc(b, '\n');
}

static void json_option(crown_buf *b, const crown_option_spec *sp)
{
    crown_buf_puts(b, "{\"name\": ");
    crown_buf_json_string(b, sp->name);
    if (sp->kind == CROWN_OPT_INT) {
        crown_buf_printf(b, ", \"kind\": \"int\", \"min\": %lld, \"max\": %lld, \"default\": %lld",
                         (long long)sp->min, (long long)sp->max, (long long)sp->def);
    } else if (sp->kind == CROWN_OPT_TEXT) {
        crown_buf_puts(b, ", \"kind\": \"text\", \"default\": ");
        crown_buf_json_string(b, sp->def_text);
    } else {
        crown_buf_puts(b, ", \"kind\": \"enum\", \"choices\": [");
        for (int i = 0; sp->choices[i]; i++) {
            if (i)
                crown_buf_puts(b, ", ");
            crown_buf_json_string(b, sp->choices[i]);
        }
        crown_buf_puts(b, "], \"default\": ");
        crown_buf_json_string(b, sp->choices[sp->def]);
    }
    crown_buf_puts(b, ", \"help\": ");
    crown_buf_json_string(b, sp->help);
    crown_buf_putc(b, '}');
}

void crown_describe_json(const crown_rules *r, crown_buf *b)
{
    crown_buf_putc(b, '[');
    for (size_t i = 0; i < r->noptions; i++) {
        json_option(b, &r->options[i]);
        crown_buf_puts(b, ",\n ");
    }
    json_option(b, &chance_spec);
    crown_buf_puts(b, "]\n");
}

void crown_describe(const crown_rules *r, crown_buf *b)
{
    for (size_t i = 0; i < r->noptions; i++)
        describe_one(b, &r->options[i]);
    describe_one(b, &chance_spec);
}
