/*
 * core.h - the handle and what the core's files give each other.
 *
 * Not installed, not exported: the library and its own tests use it.  The
 * small functions the hot path calls (legal moves, apply, undo, copy) are
 * static inline here, so that every file of the core inlines them.
 */
#ifndef CROWN_CORE_CORE_H
#define CROWN_CORE_CORE_H

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "rules.h"

#define CROWN_EXPORT __attribute__((visibility("default")))

#define CROWN_GAME_STRING_MAX (CROWN_OPTION_POOL + 600)
#define CROWN_MOVE_TEXT_MAX 128 /* room for one move's text */

/* History entry flags. */
#define CROWN_H_CHANCE 1u /* the move was a chance outcome */
#define CROWN_H_AUTO 2u   /* ... resolved by the handle (chance=auto) */

struct crown_game {
    const crown_rules *rules;
    uint64_t seed;
    int explicit_chance;
    int players;
    crown_optvals opts;

    /* History: entry i (0 <= i < n) was applied to the state before it,
     * which is snapshot slot(i) unless the entry is CROWN_H_AUTO (then it
     * has no snapshot).  The entries lie in a chain of chunks (history.c),
     * the newest `top`: entries [base_n, n) and snapshots [base_snaps,
     * nsnaps) are read from top's arrays, cached here (hist/flags/slot at
     * i - base_n, snaps at slot - base_snaps), the older ones from its
     * parents.  When the handle may write into top (a chunk of its own),
     * entry n goes there while wfrom <= n < wend and snapshot nsnaps while
     * nsnaps < send; otherwise wfrom is SIZE_MAX and wend 0.  `spare` is a
     * chunk of the handle's own out of the chain (reused, or NULL). */
    size_t n, nsnaps;
    struct crown_chunk *top, *spare;
    size_t base_n, base_snaps;
    size_t wfrom, wend, send;
    crown_move *hist;
    uint8_t *flags;
    uint32_t *slot;
    unsigned char *snaps;
    size_t nchance; /* chance entries in the history */

    /* Fixed blocks (inside the handle's single allocation; the games of a
     * batch all read the first one's configuration, an equal block). */
    void *config;
    unsigned char *state;
    crown_move *scratch;   /* max_moves: the legal moves of the state, when */
    int legal_valid;       /* ... this is set (cleared by every state change) */
    size_t legal_n;
    /* When `kept` is set, scratch (legal_n moves) is also the legal list
     * of the state at history length kept_at, at or below the current
     * one: a move was applied from that listed state and nothing has
     * written scratch since, so undoing back to it lists nothing (a
     * search's apply and undo, then the next move of the same state). */
    int kept;
    size_t kept_at;
    int who, who_valid;    /* the current player of the state, when who_valid */
    uint32_t *weights;     /* max_outcomes (with chance_weights) */
    unsigned char *pstate; /* the state of a playout (crown_playout) */
    char err[256]; /* (the last field: crown_copy copies the others) */
};

/* ---- the history (history.c) ------------------------------------------ */

/* A piece of history: entries from `start` and snapshots from
 * `snap_start` on, after those of the parent chain, with room for `cap`
 * entries and `snapcap` snapshots (one block with its arrays).  The handle
 * that writes into it (its owner) appends after `shared_n`: every entry
 * below it may be read by other handles, through clones or chunks above it,
 * and is never written again.  A chunk with one reference belongs to the
 * handle that holds it.  Freed with its last reference. */
typedef struct crown_chunk {
    atomic_size_t refs;
    struct crown_chunk *parent;
    size_t start, snap_start, cap, snapcap, shared_n;
    crown_move *hist;
    uint32_t *slot;
    uint8_t *flags;
    unsigned char *snaps;
} crown_chunk;

static inline void crown_chunk_release(crown_chunk *c)
{
    while (c && atomic_fetch_sub(&c->refs, 1) == 1) {
        crown_chunk *parent = c->parent;
        free(c);
        c = parent;
    }
}

static inline void crown_chunk_retain(crown_chunk *c)
{
    if (c)
        atomic_fetch_add(&c->refs, 1);
}

/* The chunk holding entry i (< base_n). */
static inline const crown_chunk *crown_chunk_of_entry(const crown_game *g, size_t i)
{
    const crown_chunk *c = g->top->parent;
    while (i < c->start)
        c = c->parent;
    return c;
}

static inline crown_move crown_entry_move(const crown_game *g, size_t i)
{
    if (i >= g->base_n)
        return g->hist[i - g->base_n];
    const crown_chunk *c = crown_chunk_of_entry(g, i);
    return c->hist[i - c->start];
}

static inline unsigned crown_entry_flags(const crown_game *g, size_t i)
{
    if (i >= g->base_n)
        return g->flags[i - g->base_n];
    const crown_chunk *c = crown_chunk_of_entry(g, i);
    return c->flags[i - c->start];
}

static inline size_t crown_entry_slot(const crown_game *g, size_t i)
{
    if (i >= g->base_n)
        return g->slot[i - g->base_n];
    const crown_chunk *c = crown_chunk_of_entry(g, i);
    return c->slot[i - c->start];
}

static inline const unsigned char *crown_snapshot(const crown_game *g, size_t slot)
{
    size_t ss = g->rules->state_size;
    if (slot >= g->base_snaps)
        return g->snaps + (slot - g->base_snaps) * ss;
    const crown_chunk *c = g->top->parent;
    while (slot < c->snap_start)
        c = c->parent;
    return c->snaps + (slot - c->snap_start) * ss;
}

/* The moves of the history in out[0..n). */
void crown_copy_moves(const crown_game *g, crown_move *out);
/* Gives an empty history a chunk of the handle's own with room for `cap`
 * entries and snapshots; 0 or -1 (out of memory). */
int crown_history_start(crown_game *g, size_t cap);
/* Makes room for entry n (and snapshot nsnaps when `snap`) in a chunk of
 * the handle's own, which becomes top; 0 or -1 (out of memory, nothing
 * changed). */
int crown_history_room(crown_game *g, int snap);
/* Marks the handle's entries as read by another handle (a clone, a copy):
 * it never writes them again. */
static inline void crown_history_shared(crown_game *g)
{
    if (g->wend && g->n > g->top->shared_n)
        g->top->shared_n = g->wfrom = g->n;
}
/* The handle's reading of the history of src (which crown_history_shared
 * marked): top and the cached fields, retained; the handle writes nothing
 * there. */
void crown_history_take(crown_game *g, const crown_game *src);
/* Lets go of the chain, keeping a chunk of the handle's own (as `spare`)
 * when no one else holds it: a game starting again, or a handle copied
 * into, allocates nothing for the history it had room for.  Sets n and
 * nsnaps to 0; the caller sets them again when it takes another history. */
void crown_clear_history(crown_game *g);
void crown_free_history(crown_game *g);
/* Drops history entries k..n-1 and restores the state before entry k,
 * which has a snapshot (a decision or an explicit chance outcome). */
void crown_truncate_to(crown_game *g, size_t k);

/* ---- legality and applying a move (moves.c) --------------------------- */

/* Forgets what the handle knows of the state (after any change). */
static inline void crown_changed(crown_game *g)
{
    g->legal_valid = 0;
    g->who_valid = 0;
}

static inline int crown_current(crown_game *g)
{
    if (!g->who_valid) {
        g->who = g->rules->current(g->config, g->state);
        g->who_valid = 1;
    }
    return g->who;
}

/* The legal moves of the current state, in scratch; computed once per state
 * (a caller's crown_legal_moves followed by crown_apply lists them once). */
static inline size_t crown_gen_legal(crown_game *g)
{
    if (!g->legal_valid) {
        g->legal_n = g->rules->legal(g->config, g->state, g->scratch);
        g->legal_valid = 1;
        g->kept = 0; /* (scratch written) */
    }
    return g->legal_n;
}

/* Is m among a[0..n) (ascending)?  A binary search whose steps depend on
 * n only: each halving picks its half without a branch (the move a caller
 * gives is wherever it is in the list, which a predicted branch would
 * guess wrong half the time). */
static inline int crown_in_sorted(const crown_move *a, size_t n, crown_move m)
{
    if (n == 0)
        return 0;
    const crown_move *base = a;
    while (n > 1) {
        size_t half = n / 2;
        base = base[half] <= m ? base + half : base;
        n -= half;
    }
    return *base == m;
}

/* Is m legal now? */
int crown_legal_now(crown_game *g, crown_move m);

/* Records and applies a move known to be legal at a node of kind `who`
 * (apply, chance=auto settling and load inline it). */
static inline int crown_record_and_apply(crown_game *g, int who, crown_move m, unsigned flags,
                                         crown_err *err)
{
    if (who != CROWN_CHANCE)
        flags &= ~CROWN_H_AUTO;
    int snap = !(flags & CROWN_H_AUTO);
    if ((g->n < g->wfrom || g->n >= g->wend || (snap && g->nsnaps >= g->send)) &&
        crown_history_room(g, snap)) {
        crown_errf(err, "out of memory");
        return CROWN_ENOMEM;
    }
    size_t own = g->n - g->base_n;
    if (snap && g->legal_valid) { /* (the list stays, for an undo back here) */
        g->kept = 1;
        g->kept_at = g->n;
    }
    if (snap) {
        size_t ss = g->rules->state_size;
        memcpy(g->snaps + (g->nsnaps - g->base_snaps) * ss, g->state, ss);
        g->slot[own] = (uint32_t)g->nsnaps++;
    }
    if (who == CROWN_CHANCE) {
        flags |= CROWN_H_CHANCE;
        g->nchance++;
    }
    g->hist[own] = m;
    g->flags[own] = (uint8_t)flags;
    g->n++;
    crown_changed(g);
    g->rules->apply(g->config, g->state, m);
    return CROWN_OK;
}

/* With chance=auto, resolves chance nodes until a decision or the end. */
int crown_game_settle(crown_game *g, crown_err *err);
/* Applies the decision m, known to be legal, and with chance=auto the
 * chance nodes after it, without recording them (a batch's slot, which
 * never undoes); CROWN_OK (nothing allocates). */
int crown_play_unrecorded(crown_game *g, crown_move m);
/* Replays moves (chance outcomes included) on a fresh game: used by load and
 * resample. */
int crown_game_replay(crown_game *g, const crown_move *moves, size_t n, crown_err *err);

/* ---- playouts (playout.c) -------------------------------------------- */

/* A chance outcome of `state` (a chance node) drawn by its probability
 * from `pick`, with `list` (max_moves) and `weights` (the handle's size)
 * as working memory; -1 when the node has no outcome (a bug in a game's
 * rules). */
static inline crown_move crown_pick_chance(const crown_rules *r, const void *config,
                                           const void *state, crown_pick *pick, crown_move *list,
                                           uint32_t *weights)
{
    if (r->chance_nth) {
        size_t n = r->chance_count(config, state);
        if (n == 0)
            return -1;
        return r->chance_nth(config, state, (size_t)crown_pick_place(pick, n));
    }
    size_t n = r->legal(config, state, list);
    if (n == 0)
        return -1;
    size_t k;
    if (r->chance_weights) {
        r->chance_weights(config, state, weights);
        uint64_t total = 0;
        for (size_t i = 0; i < n; i++)
            total += weights[i];
        uint64_t x = crown_pick_place(pick, total);
        for (k = 0; k + 1 < n && x >= weights[k]; k++)
            x -= weights[k];
    } else {
        k = (size_t)crown_pick_place(pick, n);
    }
    return list[k];
}

/* Plays `state` to its end: every chance outcome by its probability, every
 * decision drawn uniformly among the legal moves, or with `rule` by the
 * game's playout rule (its playout_pick, when it has one), all drawn from
 * `pick`; `list` (max_moves) and `weights` are working memory.  0, or -1:
 * a state with no legal move (a bug in a game's rules). */
int crown_play_to_end(const crown_rules *r, const void *config, void *state, crown_pick *pick,
                      crown_move *list, uint32_t *weights, int rule);

/* ---- the action index (actions.c) ------------------------------------- */

/* Writes the legal mask of the current state into mask[0..n), n the
 * number of decisions; 0, or -1 with the mask all 0 and *bad the legal
 * move that has no index (a bug in a game's rules). */
int crown_write_mask(crown_game *g, uint8_t *mask, size_t n, crown_move *bad);
/* Sets mask[a] to 1 for the index a of every legal move of the current
 * state (a decision), the other bytes untouched, and the first `cap` of
 * those indices into marked[]: the number of legal moves, or -1 with *bad
 * the legal move that has no index below n (a bug in a game's rules). */
long crown_mark_legal(crown_game *g, uint8_t *mask, size_t n, uint32_t *marked, size_t cap,
                      crown_move *bad);

/* ---- chance (chance.c) ------------------------------------------------ */

/* Picks the outcome of the current chance node from (seed, chance index). */
crown_move crown_draw_outcome(crown_game *g);

/* ---- the handle's life cycle (handle.c) ------------------------------- */

/* A new handle in the game's initial state, chance not resolved. */
int crown_game_create(crown_game **out, const crown_rules *r, const crown_optvals *vals,
                      int explicit_chance, uint64_t seed, crown_err *err);
/* What a constructor by name does first: checks the name, finds the game
 * and parses its options; 0, or the status with err's message. */
int crown_find_config(const char *name, const char *options, const crown_rules **r,
                      crown_optvals *vals, int *explicit_chance, crown_err *err);
/* Starts the handle's game again with `seed`: the same game as crown_new
 * with its options and that seed makes (the history emptied, the initial
 * state, chance=auto settled), in the handle's own memory, so that it
 * allocates nothing once the handle has held such a deal.  0, or
 * CROWN_ENOMEM when settling must grow the history and cannot (the game is
 * then at its initial state with the draws settled so far). */
int crown_game_restart(crown_game *g, uint64_t seed, crown_err *err);

/* ---- errors (errors.c) ------------------------------------------------ */

/* Sets the handle's message; returns code. */
int crown_fail(crown_game *g, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Sets the handle's message to e's; returns code. */
int crown_fail_err(crown_game *g, int code, const crown_err *e);
/* A message into a caller's buffer (none when dst is NULL or cap is 0). */
void crown_copy_msg(char *dst, size_t cap, const char *msg);
/* Ends a text-producing call: reports the size, checks the capacity. */
int crown_finish_text(crown_game *g, crown_buf *b, size_t *len);

#define CHECK_GAME(g) \
    do { \
        if (!(g)) \
            return CROWN_EINVAL; \
    } while (0)

#define CHECK_ARG(g, p) \
    do { \
        if (!(p)) \
            return crown_fail((g), CROWN_EINVAL, "invalid argument: %s is NULL", #p); \
    } while (0)

/* ---- move texts (move_text.c) ----------------------------------------- */

/* The message of a move that is not legal now. */
void crown_illegal_move(const crown_game *g, crown_move m, crown_err *err);
/* Lower-cases, trims and collapses runs of white space; -1 if too long. */
int crown_normalize(const char *s, char *out, size_t cap);
/* Finds the legal move whose text is `text`: 0, or why not, for
 * crown_text_error (with the move the text names, for its reason). */
int crown_match_text(crown_game *g, const char *text, crown_move *move);
/* A text for an error message: printable, and at most 40 characters, the
 * cut marked with "...". */
const char *crown_quote_text(char out[48], const char *s);
/* The error of a text that crown_match_text did not find. */
int crown_text_error(const crown_game *g, int why, const char *text, crown_move named,
                     crown_err *err);

/* ---- facts (facts.c) and views (views.c) ------------------------------ */

/* The game string: the game's name, ':', the canonical options. */
void crown_put_game_string(const crown_game *g, crown_buf *b);
/* Checks a caller's buffer of one value per seat; sets *count. */
int crown_check_seat_buffer(crown_game *g, double *out, size_t cap, size_t *count);
/* Checks a viewer: a seat, CROWN_SPECTATOR or CROWN_OMNISCIENT. */
int crown_check_viewer(crown_game *g, int viewer);
/* The number of floats of the observation tensor; its pieces as JSON into
 * `pieces` when not NULL. */
size_t crown_tensor_size(crown_game *g, crown_buf *pieces);
/* Writes the tensor of `viewer` (a seat or CROWN_SPECTATOR, checked) into
 * values[0..n), n its size. */
void crown_write_tensor(crown_game *g, int viewer, float *values, size_t n);

/* ---- the registry (registry.c) ---------------------------------------- */

/* The rules of the game `name`, or CROWN_EGAME with a message naming the
 * games. */
int crown_find_game(const char *name, const crown_rules **r, crown_err *err);

/* ---- options (options.c) ---------------------------------------------- */
int crown_parse_options(const crown_rules *r, const char *text, crown_optvals *vals,
                        int *explicit_chance, crown_err *err);
void crown_format_options(const crown_rules *r, const crown_optvals *vals, int explicit_chance,
                          crown_buf *b);
void crown_describe(const crown_rules *r, crown_buf *b);
void crown_describe_json(const crown_rules *r, crown_buf *b);

/* ---- for the tests (internal.c) --------------------------------------- */

/* For the tests: the state block and its consistency check. */
const void *crown_internal_state(const crown_game *g);
/* The state block for writing (rule tests set up positions): forgets the
 * cached legal moves. */
void *crown_internal_state_mut(crown_game *g);
size_t crown_internal_state_size(const crown_game *g);
/* The game's is_legal hook on the current state: 1 or 0; -1 when the game
 * has none. */
int crown_internal_is_legal(const crown_game *g, crown_move m);
int crown_internal_check(const crown_game *g, char *msg, size_t cap);

#endif
