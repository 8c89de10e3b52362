/*
 * history.c - the history of a game: its entries and their snapshots, the
 * chunks that clones share, taking moves back (crown_undo), and the calls
 * that read the history.
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
 *
 * The chunk and the reading of an entry or a snapshot, which undo and
 * every apply use, are static inline in core.h.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

#define HISTORY_FIRST 16 /* entries and snapshots: the first room of a clone's own */

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

/* Empties the history and keeps the handle's own arrays, their room with
 * them (the shared chunks are let go): a game starting again allocates
 * nothing for the history it had room for. */
void crown_clear_history(crown_game *g)
{
    crown_chunk_release(g->base);
    g->base = NULL;
    g->n = g->nsnaps = g->base_n = g->base_snaps = 0;
    g->nchance = 0;
}

void crown_free_history(crown_game *g)
{
    crown_chunk_release(g->base);
    free(g->hist);
    free(g->slot);
    free(g->flags);
    free(g->snaps);
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

static int check_index(crown_game *g, size_t index)
{
    if (index >= g->n)
        return crown_fail(g, CROWN_EINVAL,
                          "invalid history index %zu (the history holds %zu moves)", index, g->n);
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
