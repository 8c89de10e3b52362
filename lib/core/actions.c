/*
 * actions.c - the dense action index (docs/actions.md): the number of
 * distinct decisions, a move's index and the move of an index, the mask of
 * the legal ones, and a decision's fields as JSON.
 */
#include <string.h>

#include "core.h"

CROWN_EXPORT int crown_num_distinct_moves(crown_game *g, size_t *count)
{
    CHECK_GAME(g);
    CHECK_ARG(g, count);
    *count = g->rules->action_count(g->config);
    return CROWN_OK;
}

CROWN_EXPORT int crown_move_index(crown_game *g, crown_move move, size_t *index)
{
    CHECK_GAME(g);
    CHECK_ARG(g, index);
    long i = g->rules->action_index(g->config, move);
    if (i < 0)
        return crown_fail(g, CROWN_EINVAL,
                          "invalid argument: move %ld is no decision of %s with these options",
                          (long)move, g->rules->name);
    *index = (size_t)i;
    return CROWN_OK;
}

CROWN_EXPORT int crown_move_json(crown_game *g, crown_move move, char *buf, size_t cap,
                                size_t *len)
{
    CHECK_GAME(g);
    CHECK_ARG(g, len);
    if (g->rules->action_index(g->config, move) < 0)
        return crown_fail(g, CROWN_EINVAL,
                          "invalid argument: move %ld is no decision of %s with these options",
                          (long)move, g->rules->name);
    crown_buf b;
    crown_buf_init(&b, buf, cap);
    g->rules->move_json(g->config, move, &b);
    return crown_finish_text(g, &b, len);
}

CROWN_EXPORT int crown_index_move(crown_game *g, size_t index, crown_move *move)
{
    CHECK_GAME(g);
    CHECK_ARG(g, move);
    size_t n = g->rules->action_count(g->config);
    if (index >= n)
        return crown_fail(g, CROWN_EINVAL, "invalid argument: index %zu is not below %zu", index,
                          n);
    *move = g->rules->action_move(g->config, index);
    return CROWN_OK;
}

/* Sets mask[a] to 1 for the index a of every legal move of the current
 * state (a decision), the other bytes untouched; the first `cap` indices
 * also into marked[] (NULL when cap is 0).  The number of legal moves, or
 * -1 with *bad the legal move that has no index below n (a bug in a game's
 * rules; the bytes set so far stay set). */
long crown_mark_legal(crown_game *g, uint8_t *mask, size_t n, uint32_t *marked, size_t cap,
                      crown_move *bad)
{
    size_t k = crown_gen_legal(g);
    for (size_t i = 0; i < k; i++) {
        long a = g->rules->action_index(g->config, g->scratch[i]);
        if (a < 0 || (size_t)a >= n) {
            *bad = g->scratch[i];
            return -1;
        }
        mask[a] = 1;
        if (i < cap)
            marked[i] = (uint32_t)a;
    }
    return (long)k;
}

/* Writes the legal mask of the current state into mask[0..n), n the
 * number of decisions; 0, or -1 with the mask all 0 and *bad the move when
 * a legal move has no index (a bug in a game's rules). */
int crown_write_mask(crown_game *g, uint8_t *mask, size_t n, crown_move *bad)
{
    memset(mask, 0, n);
    if (crown_current(g) < 0) /* a chance node or the end: no decision */
        return 0;
    if (crown_mark_legal(g, mask, n, NULL, 0, bad) < 0) {
        memset(mask, 0, n);
        return -1;
    }
    return 0;
}

CROWN_EXPORT int crown_legal_mask(crown_game *g, uint8_t *mask, size_t cap, size_t *count)
{
    CHECK_GAME(g);
    CHECK_ARG(g, count);
    if (!mask && cap > 0)
        return crown_fail(g, CROWN_EINVAL, "invalid argument: mask is NULL with cap > 0");
    size_t n = g->rules->action_count(g->config);
    *count = n;
    if (n > cap)
        return crown_fail(g, CROWN_ETOOSMALL, "buffer too small: %zu entries needed", n);
    crown_move bad;
    if (crown_write_mask(g, mask, n, &bad))
        return crown_fail(g, CROWN_EINTERNAL, "internal error: legal move %ld has no index",
                          (long)bad);
    return CROWN_OK;
}
