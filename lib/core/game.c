/*
 * game.c - the game handle: creation, history, apply/undo, chance, views.
 *
 * Undo keeps a snapshot of the state before every move it can take back
 * (the state is one fixed-size plain block, so a snapshot is a memcpy): a
 * decision, or an explicit chance outcome.  A chance outcome the handle
 * resolves itself (chance=auto) has none: it is taken back with the
 * decision before it, and the state before it, when a text needs it, is
 * rebuilt from the last snapshot (or the initial state) by replaying.  The
 * history arrays grow geometrically and never shrink, so once a game has
 * been as long as it will get, apply and undo allocate nothing.
 *
 * A clone does not copy the history: the handle's own entries are moved
 * once into an immutable chunk, shared (reference counted) by the handle
 * and its clones, and each goes on with entries of its own.  The chunks of
 * a history form a chain, the oldest first; undo reads back into them.  A
 * clone thus costs the entries made since the last clone, not the game.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

#define HISTORY_RESERVE 256 /* entries and snapshots crown_new makes room for */
#define HISTORY_FIRST 16     /* ... and the first room of a clone's own entries */

/* ---- allocation ------------------------------------------------------- */

static size_t align16(size_t x)
{
    return (x + 15) & ~(size_t)15;
}

typedef struct layout {
    size_t config, state, scratch, weights, pstate, total;
} layout;

static layout layout_of(const crown_rules *r)
{
    layout l;
    l.config = align16(sizeof(crown_game));
    l.state = l.config + align16(r->config_size);
    l.scratch = l.state + align16(r->state_size);
    l.weights = l.scratch + align16(r->max_moves * sizeof(crown_move));
    l.pstate = l.weights + align16(r->max_moves * sizeof(uint32_t));
    l.total = l.pstate + align16(r->state_size);
    return l;
}

static void set_pointers(crown_game *g)
{
    layout l = layout_of(g->rules);
    unsigned char *base = (unsigned char *)g;
    g->config = base + l.config;
    g->state = base + l.state;
    g->scratch = (crown_move *)(void *)(base + l.scratch);
    g->weights = (uint32_t *)(void *)(base + l.weights);
    g->pstate = base + l.pstate;
}

/* ---- the history ------------------------------------------------------ */

/* The moves of the history in out[0..n). */
void crown_copy_moves(const crown_game *g, crown_move *out)
{
    if (g->n > g->base_n)
        memcpy(out + g->base_n, g->hist, (g->n - g->base_n) * sizeof *out);
    size_t end = g->base_n;
    for (const crown_chunk *c = g->base; c && end > 0; c = c->parent) {
        memcpy(out + c->start, c->hist, (end - c->start) * sizeof *out);
        end = c->start;
    }
}

/* Moves the handle's own entries into a new shared chunk (nothing to do
 * when it has none); 0 or -1 (out of memory, nothing changed).
 *
 * The new chunk also takes in the entries the handle uses of the chunks
 * below it while those are no more than what it holds so far, so that each
 * chunk of a chain holds more than all the chunks above it together: a
 * chain has at most log2(n) + 1 chunks however often a game was cloned (a
 * handle cloned after every move would otherwise make a chain of one chunk
 * per move, and reading an entry would cost a walk down it).  An entry is
 * copied at most log2(n) times that way. */
int crown_share_history(crown_game *g)
{
    size_t ss = g->rules->state_size;
    if (g->n == g->base_n)
        return 0;
    size_t lo = g->base_n, lo_snaps = g->base_snaps;
    crown_chunk *keep = g->base; /* the first chunk not taken in */
    while (keep && lo - keep->start <= g->n - lo) {
        lo = keep->start;
        lo_snaps = keep->snap_start;
        keep = keep->parent;
    }
    size_t n = g->n - lo, ns = g->nsnaps - lo_snaps;
    size_t head = (sizeof(crown_chunk) + 15) & ~(size_t)15;
    size_t moves = n * sizeof(crown_move), slots = n * sizeof(uint32_t);
    size_t flags_at = head + ns * ss, moves_at = (flags_at + n + 3) & ~(size_t)3;
    crown_chunk *c = malloc(moves_at + moves + slots);
    if (!c)
        return -1;
    unsigned char *base = (unsigned char *)c;
    atomic_init(&c->refs, 1);
    c->parent = keep;
    c->start = lo;
    c->n = n;
    c->snap_start = lo_snaps;
    c->nsnaps = ns;
    c->snaps = base + head;
    c->flags = base + flags_at;
    c->hist = (crown_move *)(void *)(base + moves_at);
    c->slot = (uint32_t *)(void *)(base + moves_at + moves);
    /* The chunks taken in, each up to where the one above it starts. */
    size_t end = g->base_n, end_snaps = g->base_snaps;
    for (const crown_chunk *t = g->base; t != keep; t = t->parent) {
        size_t at = t->start - lo, k = end - t->start;
        memcpy(c->hist + at, t->hist, k * sizeof(crown_move));
        memcpy(c->flags + at, t->flags, k);
        memcpy(c->slot + at, t->slot, k * sizeof(uint32_t));
        memcpy(c->snaps + (t->snap_start - lo_snaps) * ss, t->snaps,
               (end_snaps - t->snap_start) * ss);
        end = t->start;
        end_snaps = t->snap_start;
    }
    /* Then the handle's own. */
    size_t own = g->n - g->base_n, own_snaps = g->nsnaps - g->base_snaps;
    if (own_snaps) /* (g->snaps may be NULL when there are none) */
        memcpy(c->snaps + (g->base_snaps - lo_snaps) * ss, g->snaps, own_snaps * ss);
    memcpy(c->flags + (g->base_n - lo), g->flags, own);
    memcpy(c->hist + (g->base_n - lo), g->hist, own * sizeof(crown_move));
    memcpy(c->slot + (g->base_n - lo), g->slot, own * sizeof(uint32_t));
    /* The handle's reference to its old chain passes to the new chunk's
     * parent (when nothing was taken in) or is let go. */
    if (keep != g->base) {
        crown_chunk_retain(keep);
        crown_chunk_release(g->base);
    }
    g->base = c;
    g->base_n = g->n;
    g->base_snaps = g->nsnaps;
    return 0;
}

/* Grows the handle's own arrays to hold at least `need` entries, and
 * `need_snaps` snapshots; 0 or -1 (what was grown stays grown). */
int crown_reserve(crown_game *g, size_t need, size_t need_snaps)
{
    if (need > g->cap) {
        size_t cap = g->cap ? g->cap : HISTORY_FIRST;
        while (cap < need)
            cap *= 2;
        if (cap > UINT32_MAX)
            return -1;
        crown_move *h = realloc(g->hist, cap * sizeof *h);
        if (!h)
            return -1;
        g->hist = h;
        uint32_t *sl = realloc(g->slot, cap * sizeof *sl);
        if (!sl)
            return -1;
        g->slot = sl;
        uint8_t *f = realloc(g->flags, cap);
        if (!f)
            return -1;
        g->flags = f;
        g->cap = cap;
    }
    if (need_snaps > g->snapcap) {
        size_t cap = g->snapcap ? g->snapcap : HISTORY_FIRST;
        while (cap < need_snaps)
            cap *= 2;
        size_t ss = g->rules->state_size;
        if (cap > SIZE_MAX / (ss ? ss : 1))
            return -1;
        unsigned char *sn = realloc(g->snaps, cap * ss);
        if (!sn)
            return -1;
        g->snaps = sn;
        g->snapcap = cap;
    }
    return 0;
}

void crown_free_history(crown_game *g)
{
    crown_chunk_release(g->base);
    free(g->hist);
    free(g->slot);
    free(g->flags);
    free(g->snaps);
}

CROWN_EXPORT void crown_free(crown_game *g)
{
    if (!g)
        return;
    crown_free_history(g);
    free(g);
}

int crown_game_create(crown_game **out, const crown_rules *r, const crown_optvals *vals,
                      int explicit_chance, uint64_t seed, crown_err *err)
{
    layout l = layout_of(r);
    crown_game *g = calloc(1, l.total);
    if (!g) {
        crown_errf(err, "out of memory");
        return CROWN_ENOMEM;
    }
    g->rules = r;
    g->seed = seed;
    g->explicit_chance = explicit_chance;
    g->opts = *vals;
    set_pointers(g);
    int rc = r->configure(g->config, &g->opts, err);
    if (rc) {
        free(g);
        return rc;
    }
    g->players = r->num_players(g->config);
    if (crown_reserve(g, HISTORY_RESERVE, HISTORY_RESERVE)) {
        crown_free(g);
        crown_errf(err, "out of memory");
        return CROWN_ENOMEM;
    }
    r->init(g->config, g->state);
    *out = g;
    return CROWN_OK;
}

/* ---- moves ------------------------------------------------------------ */

/* Is m legal now?  Through the game's own check when it has one and the
 * moves are not listed yet, else in the list. */
int crown_legal_now(crown_game *g, crown_move m)
{
    if (g->rules->is_legal && !g->legal_valid)
        return g->rules->is_legal(g->config, g->state, m) != 0;
    return crown_in_sorted(g->scratch, crown_gen_legal(g), m);
}

/* Records and applies a move known to be legal at a node of kind `who`. */
int crown_record_and_apply(crown_game *g, int who, crown_move m, unsigned flags,
                           crown_err *err)
{
    if (who != CROWN_CHANCE)
        flags &= ~CROWN_H_AUTO;
    int snap = !(flags & CROWN_H_AUTO);
    size_t own = g->n - g->base_n, own_snaps = g->nsnaps - g->base_snaps;
    if ((own >= g->cap || own_snaps >= g->snapcap) &&
        crown_reserve(g, own + 1, own_snaps + (size_t)snap)) {
        crown_errf(err, "out of memory");
        return CROWN_ENOMEM;
    }
    if (snap) {
        size_t ss = g->rules->state_size;
        memcpy(g->snaps + own_snaps * ss, g->state, ss);
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

int crown_game_step(crown_game *g, crown_move m, unsigned flags, crown_err *err)
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

int crown_game_settle(crown_game *g, crown_err *err)
{
    if (g->explicit_chance)
        return CROWN_OK;
    while (crown_current(g) == CROWN_CHANCE) {
        /* The outcome comes from the legal list: no need to check it again. */
        int rc = crown_record_and_apply(g, CROWN_CHANCE, crown_draw_outcome(g), CROWN_H_AUTO, err);
        if (rc)
            return rc;
    }
    return CROWN_OK;
}

/* Drops history entries k..n-1 and restores the state before entry k,
 * which has a snapshot (a decision or an explicit chance outcome). */
void crown_truncate_to(crown_game *g, size_t k)
{
    if (k >= g->n || (crown_entry_flags(g, k) & CROWN_H_AUTO))
        return;
    for (size_t i = k; i < g->n; i++)
        if (crown_entry_flags(g, i) & CROWN_H_CHANCE)
            g->nchance--;
    size_t slot = crown_entry_slot(g, k);
    memcpy(g->state, crown_snapshot(g, slot), g->rules->state_size);
    g->nsnaps = slot;
    crown_changed(g);
    g->n = k;
    if (k < g->base_n) {
        /* Back into the shared chunks: the own entries start at k now, and
         * chunks with nothing left in use are let go. */
        g->base_n = k;
        g->base_snaps = slot;
        while (g->base && g->base_n <= g->base->start) {
            crown_chunk *parent = g->base->parent;
            crown_chunk_retain(parent);
            crown_chunk_release(g->base);
            g->base = parent;
        }
    }
}

/* The state before history entry `index`: its snapshot, or one rebuilt in
 * the playout block from the last snapshot before it (or the initial
 * state) by replaying the entries between. */
static const void *state_before(crown_game *g, size_t index)
{
    if (!(crown_entry_flags(g, index) & CROWN_H_AUTO))
        return crown_snapshot(g, crown_entry_slot(g, index));
    size_t j = index;
    while (j > 0 && (crown_entry_flags(g, j - 1) & CROWN_H_AUTO))
        j--;
    if (j == 0) {
        g->rules->init(g->config, g->pstate);
    } else {
        j--;
        memcpy(g->pstate, crown_snapshot(g, crown_entry_slot(g, j)), g->rules->state_size);
    }
    for (; j < index; j++)
        g->rules->apply(g->config, g->pstate, crown_entry_move(g, j));
    return g->pstate;
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

/* ---- public: life cycle ----------------------------------------------- */

CROWN_EXPORT int crown_new_ex(crown_game **out, const char *name, const char *options,
                              uint64_t seed, char *errbuf, size_t errcap)
{
    crown_err err = {{0}};
    if (!out) {
        crown_copy_msg(errbuf, errcap, "invalid argument: out is NULL");
        return CROWN_EINVAL;
    }
    *out = NULL;
    if (!name) {
        crown_copy_msg(errbuf, errcap, "invalid argument: name is NULL");
        return CROWN_EINVAL;
    }
    const crown_rules *r;
    crown_optvals vals;
    int explicit_chance;
    crown_game *g = NULL;
    int rc = crown_find_game(name, &r, &err);
    if (!rc)
        rc = crown_parse_options(r, options, &vals, &explicit_chance, &err);
    if (!rc)
        rc = crown_game_create(&g, r, &vals, explicit_chance, seed, &err);
    if (!rc) {
        rc = crown_game_settle(g, &err);
        if (rc) {
            crown_free(g);
            g = NULL;
        }
    }
    if (rc) {
        crown_copy_msg(errbuf, errcap, err.msg);
        return rc;
    }
    *out = g;
    return CROWN_OK;
}

CROWN_EXPORT int crown_new(crown_game **out, const char *name, const char *options,
                           uint64_t seed)
{
    return crown_new_ex(out, name, options, seed, NULL, 0);
}

CROWN_EXPORT int crown_clone(crown_game **out, crown_game *g)
{
    if (!out)
        return g ? crown_fail(g, CROWN_EINVAL, "invalid argument: out is NULL") : CROWN_EINVAL;
    *out = NULL;
    if (!g)
        return CROWN_EINVAL;
    layout l = layout_of(g->rules);
    crown_game *c = malloc(l.total);
    if (!c)
        return crown_fail(g, CROWN_ENOMEM, "out of memory");
    /* The history is shared, not copied (see the top of this file). */
    if (crown_share_history(g)) {
        free(c);
        return crown_fail(g, CROWN_ENOMEM, "out of memory");
    }
    memcpy(c, g, l.scratch); /* the handle, configuration and state; not the buffers */
    set_pointers(c);
    crown_changed(c);
    crown_chunk_retain(c->base);
    c->hist = NULL;
    c->slot = NULL;
    c->flags = NULL;
    c->snaps = NULL;
    c->cap = c->snapcap = 0;
    *out = c;
    return CROWN_OK;
}

/* Were a and b configured from the same option values? */
static int same_options(const crown_rules *r, const crown_game *a, const crown_game *b)
{
    const crown_optvals *x = &a->opts, *y = &b->opts;
    return x->used == y->used && x->text_mask == y->text_mask &&
           memcmp(x->v, y->v, r->noptions * sizeof x->v[0]) == 0 &&
           memcmp(x->text, y->text, x->used) == 0;
}

_Static_assert(offsetof(crown_game, err) + sizeof(((crown_game *)0)->err) == sizeof(crown_game),
               "crown_copy keeps dst's message: it must be the handle's last field");

CROWN_EXPORT int crown_copy(crown_game *dst, crown_game *src)
{
    if (!dst)
        return CROWN_EINVAL;
    if (!src)
        return crown_fail(dst, CROWN_EINVAL, "invalid argument: src is NULL");
    if (dst == src)
        return CROWN_OK;
    if (dst->rules != src->rules)
        return crown_fail(dst, CROWN_EINVAL, "invalid argument: src is a game of %s, dst of %s",
                    src->rules->name, dst->rules->name);
    /* The history is shared, as by crown_clone; dst keeps its own arrays
     * (empty now) for the moves it makes next, and its message. */
    if (crown_share_history(src))
        return crown_fail(dst, CROWN_ENOMEM, "out of memory");
    const crown_rules *r = src->rules;
    int same = dst->explicit_chance == src->explicit_chance && same_options(r, dst, src);
    crown_move *hist = dst->hist;
    uint8_t *flags = dst->flags;
    uint32_t *slot = dst->slot;
    unsigned char *snaps = dst->snaps;
    size_t cap = dst->cap, snapcap = dst->snapcap;
    crown_chunk *old = dst->base;
    crown_chunk_retain(src->base);
    /* The handle's fields but its message (the last); the options, and the
     * configuration made from them, only when they differ. */
    size_t opts_at = offsetof(crown_game, opts), opts_end = opts_at + sizeof src->opts;
    memcpy(dst, src, opts_at);
    if (!same)
        memcpy(&dst->opts, &src->opts, sizeof src->opts);
    memcpy((unsigned char *)dst + opts_end, (const unsigned char *)src + opts_end,
           offsetof(crown_game, err) - opts_end);
    set_pointers(dst);
    if (!same)
        memcpy(dst->config, src->config, r->config_size);
    memcpy(dst->state, src->state, r->state_size);
    if (src->legal_valid) /* (a cached list comes along: a playout starts with it) */
        memcpy(dst->scratch, src->scratch, src->legal_n * sizeof *dst->scratch);
    crown_chunk_release(old);
    dst->hist = hist;
    dst->flags = flags;
    dst->slot = slot;
    dst->snaps = snaps;
    dst->cap = cap;
    dst->snapcap = snapcap;
    return CROWN_OK;
}

/* ---- public: moves ---------------------------------------------------- */

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

/* ---- public: the dense action index ------------------------------------ */

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

CROWN_EXPORT int crown_undo(crown_game *g)
{
    CHECK_GAME(g);
    size_t k = g->n;
    if (!g->explicit_chance)
        while (k > 0 && (crown_entry_flags(g, k - 1) & CROWN_H_AUTO))
            k--;
    if (k == 0)
        return crown_fail(g, CROWN_ENOUNDO, g->explicit_chance
                                          ? "nothing to undo: the history is empty"
                                          : "nothing to undo: no decision has been made");
    crown_truncate_to(g, k - 1);
    return CROWN_OK;
}

CROWN_EXPORT int crown_undo_depth(crown_game *g, size_t *depth)
{
    CHECK_GAME(g);
    CHECK_ARG(g, depth);
    *depth = g->nsnaps; /* (every entry undo can take back has a snapshot) */
    return CROWN_OK;
}

CROWN_EXPORT int crown_history_length(crown_game *g, size_t *length)
{
    CHECK_GAME(g);
    CHECK_ARG(g, length);
    *length = g->n;
    return CROWN_OK;
}

CROWN_EXPORT int crown_history(crown_game *g, crown_move *moves, size_t cap, size_t *count)
{
    CHECK_GAME(g);
    CHECK_ARG(g, count);
    if (!moves && cap > 0)
        return crown_fail(g, CROWN_EINVAL, "invalid argument: moves is NULL with cap > 0");
    *count = g->n;
    if (g->n > cap)
        return crown_fail(g, CROWN_ETOOSMALL, "buffer too small: %zu moves needed", g->n);
    crown_copy_moves(g, moves);
    return CROWN_OK;
}

/* ---- public: the history ---------------------------------------------- */

static int check_index(crown_game *g, size_t index)
{
    if (index >= g->n)
        return crown_fail(g, CROWN_EINVAL, "invalid history index %zu (the history holds %zu moves)",
                    index, g->n);
    return CROWN_OK;
}

CROWN_EXPORT int crown_history_text(crown_game *g, size_t index, int viewer, char *buf,
                                    size_t cap, size_t *len)
{
    CHECK_GAME(g);
    CHECK_ARG(g, len);
    int rc = crown_check_viewer(g, viewer);
    if (!rc)
        rc = check_index(g, index);
    if (rc)
        return rc;
    const void *before = state_before(g, index);
    crown_buf b;
    crown_buf_init(&b, buf, cap);
    if (viewer != CROWN_OMNISCIENT && g->rules->move_text_seen)
        g->rules->move_text_seen(g->config, before, crown_entry_move(g, index), viewer, &b);
    else
        g->rules->move_text(g->config, before, crown_entry_move(g, index), &b);
    return crown_finish_text(g, &b, len);
}

CROWN_EXPORT int crown_history_player(crown_game *g, size_t index, int *player)
{
    CHECK_GAME(g);
    CHECK_ARG(g, player);
    int rc = check_index(g, index);
    if (rc)
        return rc;
    *player = g->rules->current(g->config, state_before(g, index));
    return CROWN_OK;
}
