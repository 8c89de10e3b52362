/*
 * save.c - saved games (docs/save-format.md): crown_serialize writes the
 * game string, the seed and the text of every move; crown_deserialize reads
 * such a text back, line by line, as untrusted input.
 */
#include <stdlib.h>
#include <string.h>

#include "core.h"

#define SAVE_MAGIC "crown-save 1"
/* The limits of a saved game (docs/save-format.md): what crown_serialize
 * writes, crown_deserialize reads. */
#define SAVE_MAX_MOVES 10000000u
#define SAVE_MAX_BYTES ((size_t)256 << 20)

CROWN_EXPORT int crown_serialize(crown_game *g, char *buf, size_t cap, size_t *len)
{
    CHECK_GAME(g);
    CHECK_ARG(g, len);
    if (g->n > SAVE_MAX_MOVES) {
        if (buf && cap > 0)
            buf[0] = '\0';
        return crown_fail(g, CROWN_ESTATE, "the game has %zu moves; a saved game holds at most %u",
                          g->n, SAVE_MAX_MOVES);
    }
    crown_buf b;
    crown_buf_init(&b, buf, cap);
    crown_buf_puts(&b, SAVE_MAGIC "\ngame ");
    crown_put_game_string(g, &b);
    crown_buf_printf(&b, "\nseed %llu\nmoves %zu\n", (unsigned long long)g->seed, g->n);
    /* Each move's text needs the state before it: one replay from the
     * start, in the playout block. */
    g->rules->init(g->config, g->pstate);
    for (size_t i = 0; i < g->n; i++) {
        crown_move m = crown_entry_move(g, i);
        g->rules->move_text(g->config, g->pstate, m, &b);
        crown_buf_putc(&b, '\n');
        g->rules->apply(g->config, g->pstate, m);
    }
    crown_buf_puts(&b, "end\n");
    if (b.len > SAVE_MAX_BYTES) {
        if (buf && cap > 0)
            buf[0] = '\0';
        return crown_fail(g, CROWN_ESTATE,
                          "the saved game would take %zu bytes; at most %zu are read", b.len,
                          SAVE_MAX_BYTES);
    }
    return crown_finish_text(g, &b, len);
}

/* A cursor over the saved text, one line at a time. */
typedef struct reader {
    const char *p;
    size_t line;
    char buf[CROWN_GAME_STRING_MAX + 64];
} reader;

/* Reads the next line into r->buf (without its end of line); -1 at the end
 * of the text, -2 for an over-long line.  r->buf is always a string. */
static int next_line(reader *r)
{
    r->buf[0] = '\0';
    if (*r->p == '\0')
        return -1;
    size_t k = 0;
    r->line++;
    while (*r->p && *r->p != '\n') {
        if (k + 1 >= sizeof r->buf) {
            r->buf[0] = '\0';
            return -2;
        }
        r->buf[k++] = *r->p++;
    }
    if (*r->p == '\n')
        r->p++;
    if (k > 0 && r->buf[k - 1] == '\r')
        k--;
    r->buf[k] = '\0';
    return 0;
}

/* A whole line as a number (crown_parse_uint's syntax). */
static int parse_u64(const char *s, uint64_t *out)
{
    return crown_parse_uint(s, strlen(s), UINT64_MAX, out);
}

static int expect_line(reader *r, const char *prefix, crown_err *err)
{
    int rc = next_line(r);
    if (rc == -2) {
        crown_errf(err, "line %zu is too long", r->line);
        return CROWN_EPARSE;
    }
    if (rc == -1 || strncmp(r->buf, prefix, strlen(prefix)) != 0) {
        crown_errf(err, "line %zu: expected '%s...'", r->line, prefix);
        return CROWN_EPARSE;
    }
    return CROWN_OK;
}

static int load(crown_game **out, const char *text, crown_err *err)
{
    reader *r = malloc(sizeof *r);
    if (!r) {
        crown_errf(err, "out of memory");
        return CROWN_ENOMEM;
    }
    r->p = text;
    r->line = 0;
    crown_game *g = NULL;
    {
        size_t size = 0;
        while (size <= SAVE_MAX_BYTES && text[size])
            size++;
        if (size > SAVE_MAX_BYTES) {
            free(r);
            crown_errf(err, "the saved game is longer than %zu bytes", SAVE_MAX_BYTES);
            return CROWN_EPARSE;
        }
    }
    const crown_rules *rules;
    crown_optvals vals;
    int explicit_chance;
    uint64_t seed, count;
    int rc = CROWN_OK;

    if (next_line(r) != 0 || strcmp(r->buf, SAVE_MAGIC) != 0) {
        if (strncmp(r->buf, "crown-save ", 11) == 0)
            crown_errf(err, "unsupported saved-game format version (this library reads '%s')",
                       SAVE_MAGIC);
        else
            crown_errf(err, "not a crown saved game (the first line must be '%s')", SAVE_MAGIC);
        rc = CROWN_EPARSE;
        goto done;
    }
    if ((rc = expect_line(r, "game ", err)))
        goto done;
    {
        char *name = r->buf + 5;
        char *colon = strchr(name, ':');
        if (colon)
            *colon = '\0';
        if ((rc = crown_find_game(name, &rules, err)))
            goto done;
        if ((rc = crown_parse_options(rules, colon ? colon + 1 : "", &vals, &explicit_chance,
                                      err)))
            goto done;
    }
    if ((rc = expect_line(r, "seed ", err)))
        goto done;
    if (parse_u64(r->buf + 5, &seed)) {
        crown_errf(err, "line %zu: the seed is not a number", r->line);
        rc = CROWN_EPARSE;
        goto done;
    }
    if ((rc = expect_line(r, "moves ", err)))
        goto done;
    if (parse_u64(r->buf + 6, &count)) {
        crown_errf(err, "line %zu: the move count is not a number", r->line);
        rc = CROWN_EPARSE;
        goto done;
    }
    if (count > SAVE_MAX_MOVES) {
        crown_errf(err, "line %zu: %llu moves; a saved game holds at most %u", r->line,
                   (unsigned long long)count, SAVE_MAX_MOVES);
        rc = CROWN_EPARSE;
        goto done;
    }
    if ((rc = crown_game_create(&g, rules, &vals, explicit_chance, seed, err)))
        goto done;
    for (uint64_t i = 0; i < count; i++) {
        int lr = next_line(r);
        if (lr == -1) {
            crown_errf(err, "the text ends after %llu of %llu moves", (unsigned long long)i,
                       (unsigned long long)count);
            rc = CROWN_EPARSE;
            goto done;
        }
        if (lr == -2) {
            crown_errf(err, "line %zu is too long", r->line);
            rc = CROWN_EPARSE;
            goto done;
        }
        if (strcmp(r->buf, "end") == 0) {
            crown_errf(err, "line %zu: 'end' after %llu of %llu moves", r->line,
                       (unsigned long long)i, (unsigned long long)count);
            rc = CROWN_EPARSE;
            goto done;
        }
        crown_move m = 0;
        char q[48];
        if (!explicit_chance && crown_current(g) == CROWN_CHANCE) {
            /* The handle's own draw is what a saved game holds (unless it
             * was edited): one text to compare instead of every outcome's. */
            char have[CROWN_MOVE_TEXT_MAX], want[CROWN_MOVE_TEXT_MAX], raw[CROWN_MOVE_TEXT_MAX];
            crown_buf b;
            crown_buf_init(&b, raw, sizeof raw);
            m = crown_draw_outcome(g);
            g->rules->move_text(g->config, g->state, m, &b);
            if ((b.len + 1 <= b.cap && strcmp(raw, r->buf) == 0) ||
                (crown_normalize(raw, have, sizeof have) == 0 &&
                 crown_normalize(r->buf, want, sizeof want) == 0 && strcmp(have, want) == 0)) {
                if ((rc = crown_record_and_apply(g, CROWN_CHANCE, m, CROWN_H_AUTO, err)))
                    goto done;
                continue;
            }
        }
        if (crown_current(g) == CROWN_TERMINAL) {
            crown_errf(err, "line %zu: '%s' comes after the end of the game", r->line,
                       crown_quote_text(q, r->buf));
            rc = CROWN_EILLEGAL;
            goto done;
        }
        int why = crown_match_text(g, r->buf, &m);
        if (why) {
            crown_err e2;
            rc = crown_text_error(g, why, r->buf, m, &e2);
            crown_errf(err, "line %zu: %s", r->line, e2.msg);
            goto done;
        }
        /* (legal: crown_match_text found it so) */
        if ((rc = crown_record_and_apply(g, crown_current(g), m,
                                         explicit_chance ? 0 : CROWN_H_AUTO, err)))
            goto done;
    }
    if (next_line(r) != 0 || strcmp(r->buf, "end") != 0) {
        crown_errf(err, "line %zu: expected 'end' after the moves", r->line);
        rc = CROWN_EPARSE;
        goto done;
    }
    for (const char *p = r->p; *p; p++) {
        if (!crown_is_space(*p)) {
            crown_errf(err, "unexpected text after 'end'");
            rc = CROWN_EPARSE;
            goto done;
        }
    }
    rc = crown_game_settle(g, err);
done:
    free(r);
    if (rc) {
        crown_free(g);
        return rc;
    }
    *out = g;
    return CROWN_OK;
}

CROWN_EXPORT int crown_deserialize_ex(crown_game **out, const char *text, char *errbuf,
                                      size_t errcap)
{
    if (!out) {
        crown_copy_msg(errbuf, errcap, "invalid argument: out is NULL");
        return CROWN_EINVAL;
    }
    *out = NULL;
    if (!text) {
        crown_copy_msg(errbuf, errcap, "invalid argument: text is NULL");
        return CROWN_EINVAL;
    }
    crown_err err = {{0}};
    int rc = load(out, text, &err);
    if (rc)
        crown_copy_msg(errbuf, errcap, err.msg);
    return rc;
}

CROWN_EXPORT int crown_deserialize(crown_game **out, const char *text)
{
    return crown_deserialize_ex(out, text, NULL, 0);
}
