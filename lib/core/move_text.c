/*
 * move_text.c - moves as text: crown_move_to_text, crown_move_from_text (a
 * text matched to a legal move, as the game writes it or in its canonical
 * notation), and the messages of an illegal move and of a text that names
 * no legal move.
 */
#include <string.h>

#include "core.h"

/* The game's reason why m is not legal now (after "not legal: "), or "not
 * legal here" when it tells none.  Only the error path comes here. */
static void put_reason(const crown_game *g, crown_move m, crown_buf *b)
{
    if (g->rules->why_illegal) {
        crown_buf_puts(b, " is not legal: ");
        g->rules->why_illegal(g->config, g->state, m, b);
    } else {
        crown_buf_puts(b, " is not legal here");
    }
}

/* The message of a move that is not legal now: "move 1089 (beat GN with
 * RQ) is not legal: RQ is not in seat 0's hand".  The move's text when the
 * encoding can express it (a decision: the game writes any of those). */
void crown_illegal_move(const crown_game *g, crown_move m, crown_err *err)
{
    crown_buf b;
    crown_buf_init(&b, err->msg, sizeof err->msg);
    crown_buf_printf(&b, "move %ld", (long)m);
    if (g->rules->action_index(g->config, m) >= 0) {
        char text[CROWN_MOVE_TEXT_MAX];
        crown_buf t;
        crown_buf_init(&t, text, sizeof text);
        g->rules->move_text(g->config, g->state, m, &t);
        if (t.len + 1 <= t.cap)
            crown_buf_printf(&b, " (%s)", text);
    }
    put_reason(g, m, &b);
}

CROWN_EXPORT int crown_move_to_text(crown_game *g, crown_move move, char *buf, size_t cap,
                                    size_t *len)
{
    CHECK_GAME(g);
    CHECK_ARG(g, len);
    size_t n = crown_gen_legal(g);
    if (!crown_in_sorted(g->scratch, n, move)) {
        crown_err err;
        crown_illegal_move(g, move, &err);
        return crown_fail_err(g, CROWN_EILLEGAL, &err);
    }
    crown_buf b;
    crown_buf_init(&b, buf, cap);
    g->rules->move_text(g->config, g->state, move, &b);
    return crown_finish_text(g, &b, len);
}

/* Lower-cases, trims and collapses runs of white space; -1 if too long. */
int crown_normalize(const char *s, char *out, size_t cap)
{
    size_t k = 0;
    int space = 0;
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (crown_is_space((char)c)) {
            space = k > 0;
            continue;
        }
        if (space) {
            if (k + 1 >= cap)
                return -1;
            out[k++] = ' ';
            space = 0;
        }
        if (k + 1 >= cap)
            return -1;
        out[k++] = crown_to_lower((char)c);
    }
    out[k] = '\0';
    return 0;
}

/* Finds the legal move whose text is `text`.  0 when found; MATCH_MALFORMED
 * when the text is not the game's notation; MATCH_ILLEGAL when it is, but
 * names no legal move; MATCH_NAMED when it names one that is not legal (in
 * *move: the game can say why).  A game that reads its notation
 * (move_parse) and checks a move without listing (is_legal) is not asked
 * for its legal moves, nor their texts, when the text names a legal move. */
#define MATCH_MALFORMED (-1)
#define MATCH_ILLEGAL (-2)
#define MATCH_NAMED (-3)

/* Does the game's text of m read `text`: exactly (`exact`), or once
 * normalized (text is normalized)? */
static int text_reads(crown_game *g, crown_move m, const char *text, int exact)
{
    char raw[CROWN_MOVE_TEXT_MAX], have[CROWN_MOVE_TEXT_MAX];
    crown_buf b;
    crown_buf_init(&b, raw, sizeof raw);
    g->rules->move_text(g->config, g->state, m, &b);
    if (b.len + 1 > b.cap)
        return 0;
    if (exact)
        return strcmp(raw, text) == 0;
    return crown_normalize(raw, have, sizeof have) == 0 && strcmp(text, have) == 0;
}

/* The move a normalized text names, when the game reads its notation and
 * the move is legal and reads so (exactly the original text, with
 * `exact`); 0 when found. */
static int parse_text(crown_game *g, const char *want, const char *text, int exact,
                      crown_move *move)
{
    crown_move m;
    if (!g->rules->move_parse || g->rules->move_parse(g->config, g->state, want, &m) ||
        !crown_legal_now(g, m) || !text_reads(g, m, exact ? text : want, exact))
        return -1;
    *move = m;
    return 0;
}

/* The move that is not legal now that a canonical text names, for its
 * reason: when the game reads its notation and tells reasons, and the
 * move's text reads as this one (a decision's: a chance outcome's text is
 * the node's); 0 when found.  Only the error path comes here. */
static int named_move(crown_game *g, const char *want, crown_move *move)
{
    crown_move m;
    if (!g->rules->why_illegal || !g->rules->move_parse ||
        g->rules->move_parse(g->config, g->state, want, &m) || crown_legal_now(g, m))
        return -1;
    if (g->rules->action_index(g->config, m) >= 0 && !text_reads(g, m, want, 0))
        return -1;
    *move = m;
    return 0;
}

int crown_match_text(crown_game *g, const char *text, crown_move *move)
{
    char want[CROWN_MOVE_TEXT_MAX], raw[CROWN_MOVE_TEXT_MAX];
    if (crown_normalize(text, want, sizeof want) || want[0] == '\0')
        return MATCH_MALFORMED;
    /* A text as the game writes it (a saved game's) is that move. */
    if (parse_text(g, want, text, 1, move) == 0)
        return 0;
    if (g->rules->move_canon) {
        crown_buf b;
        crown_buf_init(&b, raw, sizeof raw);
        if (g->rules->move_canon(g->config, want, &b) || b.len + 1 > b.cap ||
            crown_normalize(raw, want, sizeof want))
            return MATCH_MALFORMED;
    }
    if (parse_text(g, want, text, 0, move) == 0)
        return 0;
    size_t n = crown_gen_legal(g);
    for (size_t i = 0; i < n; i++) {
        if (text_reads(g, g->scratch[i], want, 0)) {
            *move = g->scratch[i];
            return 0;
        }
    }
    if (!g->rules->move_canon)
        return MATCH_MALFORMED;
    return named_move(g, want, move) == 0 ? MATCH_NAMED : MATCH_ILLEGAL;
}

/* A text for an error message: printable, and at most 40 characters, the
 * cut marked with "...". */
const char *crown_quote_text(char out[48], const char *s)
{
    size_t k = 0;
    for (; s[k] && k < 40; k++)
        out[k] = (s[k] >= 32 && s[k] < 127) ? s[k] : '?';
    if (s[k])
        memcpy(out + k, "...", 4);
    else
        out[k] = '\0';
    return out;
}

/* The error of a text that crown_match_text did not find (`named`: the move it
 * names, for MATCH_NAMED). */
int crown_text_error(const crown_game *g, int why, const char *text, crown_move named,
                     crown_err *err)
{
    char q[48];
    crown_quote_text(q, text);
    if (why == MATCH_ILLEGAL || why == MATCH_NAMED) {
        if (g->rules->current(g->config, g->state) == CROWN_TERMINAL) {
            crown_errf(err, "'%s' is not legal: the game is over", q);
        } else {
            crown_buf b;
            crown_buf_init(&b, err->msg, sizeof err->msg);
            crown_buf_printf(&b, "'%s' is not a legal move now", q);
            if (why == MATCH_NAMED) {
                crown_buf_puts(&b, ": ");
                g->rules->why_illegal(g->config, g->state, named, &b);
            }
        }
        return CROWN_EILLEGAL;
    }
    if (g->rules->notation)
        crown_errf(err, "cannot read '%s' as a move (moves read like: %s)", q,
                   g->rules->notation);
    else
        crown_errf(err, "no legal move reads '%s'", q);
    return CROWN_EPARSE;
}

CROWN_EXPORT int crown_move_from_text(crown_game *g, const char *text, crown_move *move)
{
    CHECK_GAME(g);
    CHECK_ARG(g, text);
    CHECK_ARG(g, move);
    crown_move m = 0;
    int why = crown_match_text(g, text, &m);
    if (why) {
        crown_err err;
        int rc = crown_text_error(g, why, text, m, &err);
        return crown_fail_err(g, rc, &err);
    }
    *move = m;
    return CROWN_OK;
}
