/*
 * moves.c - moves in the current state: whether one is legal,
 * crown_legal_moves, and applying one (crown_apply: checked, recorded and
 * applied, then with chance=auto the chance nodes after it settled) or a
 * list of them (load, resample).  This is the hot path, whole in one file
 * so that the compiler inlines the steps of an apply into it.
 */
#include <string.h>

#include "core.h"

/* Is m legal now?  Through the game's own check when it has one and the
 * moves are not listed yet, else in the list. */
int crown_legal_now(crown_game *g, crown_move m)
{
    if (g->rules->is_legal && !g->legal_valid)
        return g->rules->is_legal(g->config, g->state, m) != 0;
    return crown_in_sorted(g->scratch, crown_gen_legal(g), m);
}

/* Applies a move after checking it; records it with `flags`. */
static int crown_game_step(crown_game *g, crown_move m, unsigned flags, crown_err *err)
{
    int who = crown_current(g);
    if (who == CROWN_TERMINAL) {
        crown_errf(err, "the game is over: no move is legal");
        return CROWN_EILLEGAL;
    }
    if (!crown_legal_now(g, m)) {
        crown_illegal_move(g, m, err);
        return CROWN_EILLEGAL;
    }
    return crown_record_and_apply(g, who, m, flags, err);
}

/* With chance=auto, at a chance node of a game with chance_run: the run of
 * draws the game makes, recorded as the handle's own (no snapshot: taken
 * back with the move before them), as far as the handle's chunk of history
 * has room; how many (0: none, draw the node one at a time). */
static size_t chance_run(crown_game *g)
{
    if (g->n < g->wfrom || g->n >= g->wend)
        return 0; /* (no room of its own: the handle makes it, a node at a time) */
    size_t own = g->n - g->base_n;
    size_t k = g->rules->chance_run(g->config, g->state, g->seed, g->nchance, g->hist + own,
                                    g->wend - g->n);
    if (k == 1) /* (a draw during play: no call to memset) */
        g->flags[own] = CROWN_H_CHANCE | CROWN_H_AUTO;
    else
        memset(g->flags + own, CROWN_H_CHANCE | CROWN_H_AUTO, k);
    g->n += k;
    g->nchance += k;
    crown_changed(g);
    return k;
}

int crown_game_settle(crown_game *g, crown_err *err)
{
    if (g->explicit_chance)
        return CROWN_OK;
    while (crown_current(g) == CROWN_CHANCE) {
        if (g->rules->chance_run && chance_run(g))
            continue;
        /* The outcome comes from the legal list: no need to check it again. */
        int rc = crown_record_and_apply(g, CROWN_CHANCE, crown_draw_outcome(g), CROWN_H_AUTO, err);
        if (rc)
            return rc;
    }
    return CROWN_OK;
}

int crown_game_replay(crown_game *g, const crown_move *moves, size_t n, crown_err *err)
{
    for (size_t i = 0; i < n; i++) {
        unsigned flags = g->explicit_chance ? 0 : CROWN_H_AUTO;
        int rc = crown_game_step(g, moves[i], flags, err);
        if (rc) {
            crown_err e2 = *err;
            crown_errf(err, "move %zu: %s", i + 1, e2.msg);
            return rc;
        }
    }
    return crown_game_settle(g, err);
}

CROWN_EXPORT int crown_legal_moves(crown_game *g, crown_move *moves, size_t cap, size_t *count)
{
    CHECK_GAME(g);
    CHECK_ARG(g, count);
    if (!moves && cap > 0)
        return crown_fail(g, CROWN_EINVAL, "invalid argument: moves is NULL with cap > 0");
    size_t n;
    if (g->rules->is_legal && !g->legal_valid && cap >= g->rules->max_moves) {
        /* Straight into the caller's buffer: apply checks a move without
         * the list. */
        *count = g->rules->legal(g->config, g->state, moves);
        return CROWN_OK;
    }
    n = crown_gen_legal(g);
    *count = n;
    if (n > cap)
        return crown_fail(g, CROWN_ETOOSMALL, "buffer too small: %zu moves needed", n);
    if (n)
        memcpy(moves, g->scratch, n * sizeof *moves);
    return CROWN_OK;
}

CROWN_EXPORT int crown_apply(crown_game *g, crown_move move)
{
    CHECK_GAME(g);
    crown_err err;
    size_t n0 = g->n;
    int rc = crown_game_step(g, move, 0, &err);
    if (!rc) {
        rc = crown_game_settle(g, &err);
        if (rc)
            crown_truncate_to(g, n0);
    }
    return rc ? crown_fail_err(g, rc, &err) : CROWN_OK;
}

/* A batch's slot: the decision m (legal: the caller checked it) applied,
 * then with chance=auto the chance nodes after it drawn, none of them
 * recorded.  The draws are those crown_apply makes (the game's chance_run
 * where it has one, the chance index counted the same way), so the state is
 * the one a recording handle reaches; the history stays as it was. */
int crown_play_unrecorded(crown_game *g, crown_move m)
{
    const crown_rules *r = g->rules;
    g->kept = 0;
    crown_changed(g);
    r->apply(g->config, g->state, m);
    if (g->explicit_chance)
        return CROWN_OK;
    while (crown_current(g) == CROWN_CHANCE) {
        if (r->chance_run) {
            /* (the legal list's buffer holds the run's moves, unread) */
            size_t k = r->chance_run(g->config, g->state, g->seed, g->nchance, g->scratch,
                                     r->max_moves);
            g->legal_valid = 0;
            crown_changed(g);
            if (k) {
                g->nchance += k;
                continue;
            }
        }
        crown_move o = crown_draw_outcome(g);
        g->nchance++;
        crown_changed(g);
        r->apply(g->config, g->state, o);
    }
    return CROWN_OK;
}
