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
 * A clone copies no entry: the handle writes its entries straight into a
 * chunk of its own and shares it in place.  A clone reads the chunk up to
 * where the handle was (the chunk's shared_n); the handle appends after
 * that point, and starts a new chunk only when it would write below it
 * (after an undo) while another handle still holds the chunk, or when the
 * chunk is full and shared (one that nobody else holds grows in place).
 * The chunks of a history form a chain, the newest first; undo reads back
 * into them and lets go of a chunk once nothing in use is in it.  Entries
 * below a chunk's shared_n are never written again, and a chunk is
 * resized only while its one reference is the handle's, which keeps
 * handles that share chunks safe on separate threads.
 *
 * The chunk and the reading of an entry or a snapshot, which undo and
 * every apply use, are static inline in core.h.
 */
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

#define HISTORY_FIRST 16 /* entries and snapshots: the least room of a new chunk */

/* The moves of the history in out[0..n). */
void crown_copy_moves(const crown_game *g, crown_move *out)
{
    if (g->n > g->base_n)
        memcpy(out + g->base_n, g->hist, (g->n - g->base_n) * sizeof *out);
    size_t end = g->base_n;
    for (const crown_chunk *c = g->top ? g->top->parent : NULL; c && end > 0; c = c->parent) {
        memcpy(out + c->start, c->hist, (end - c->start) * sizeof *out);
        end = c->start;
    }
}

/* ---- chunks ------------------------------------------------------------ */

/* The block of a chunk with room for cap entries and snapcap snapshots of
 * ss bytes: the header, the snapshots, the moves, the slots, the flags.
 * Its size, or 0 when too large. */
static size_t chunk_size(size_t ss, size_t cap, size_t snapcap, size_t *moves_at)
{
    size_t head = (sizeof(crown_chunk) + 15) & ~(size_t)15;
    *moves_at = 0;
    if (cap > UINT32_MAX || cap > SIZE_MAX / 32 || (ss && snapcap > (SIZE_MAX / 2 - head) / ss))
        return 0;
    *moves_at = (head + snapcap * ss + 7) & ~(size_t)7;
    return *moves_at + cap * (sizeof(crown_move) + sizeof(uint32_t) + 1);
}

static void chunk_point(crown_chunk *c, size_t moves_at)
{
    unsigned char *base = (unsigned char *)c;
    c->snaps = base + ((sizeof(crown_chunk) + 15) & ~(size_t)15);
    c->hist = (crown_move *)(void *)(base + moves_at);
    c->slot = (uint32_t *)(void *)(c->hist + c->cap);
    c->flags = (uint8_t *)(c->slot + c->cap);
}

/* A new chunk with that room, one reference, no parent; NULL when out of
 * memory. */
static crown_chunk *chunk_new(size_t ss, size_t cap, size_t snapcap)
{
    size_t moves_at, size = chunk_size(ss, cap, snapcap, &moves_at);
    crown_chunk *c = size ? malloc(size) : NULL;
    if (!c)
        return NULL;
    atomic_init(&c->refs, 1);
    c->parent = NULL;
    c->start = c->snap_start = c->shared_n = 0;
    c->cap = cap;
    c->snapcap = snapcap;
    chunk_point(c, moves_at);
    return c;
}

/* Grows a chunk that only the caller holds to at least that room (its
 * entries kept); the chunk, perhaps moved, or NULL when out of memory (then
 * c is as it was). */
static crown_chunk *chunk_grow(crown_chunk *c, size_t ss, size_t cap, size_t snapcap)
{
    if (cap <= c->cap && snapcap <= c->snapcap)
        return c;
    cap = cap > c->cap ? cap : c->cap;
    snapcap = snapcap > c->snapcap ? snapcap : c->snapcap;
    size_t old_cap = c->cap, old_at, moves_at;
    chunk_size(ss, old_cap, c->snapcap, &old_at);
    size_t size = chunk_size(ss, cap, snapcap, &moves_at);
    crown_chunk *r = size ? realloc(c, size) : NULL;
    if (!r)
        return NULL;
    /* The arrays after the snapshots move up, the last first. */
    unsigned char *base = (unsigned char *)r;
    size_t mv = sizeof(crown_move), sl = sizeof(uint32_t);
    memmove(base + moves_at + cap * (mv + sl), base + old_at + old_cap * (mv + sl), old_cap);
    memmove(base + moves_at + cap * mv, base + old_at + old_cap * mv, old_cap * sl);
    memmove(base + moves_at, base + old_at, old_cap * mv);
    r->cap = cap;
    r->snapcap = snapcap;
    chunk_point(r, moves_at);
    return r;
}

static int held_alone(crown_chunk *c)
{
    return atomic_load(&c->refs) == 1;
}

/* Makes c (held by the handle, or NULL) the top of its chain; the handle
 * writes into it when `own`. */
static void set_top(crown_game *g, crown_chunk *c, int own)
{
    g->top = c;
    g->base_n = c ? c->start : 0;
    g->base_snaps = c ? c->snap_start : 0;
    g->hist = c ? c->hist : NULL;
    g->flags = c ? c->flags : NULL;
    g->slot = c ? c->slot : NULL;
    g->snaps = c ? c->snaps : NULL;
    g->wfrom = own ? c->shared_n : SIZE_MAX;
    g->wend = own ? c->start + c->cap : 0;
    g->send = own ? c->snap_start + c->snapcap : 0;
}

/* Keeps c, a chunk only the handle holds, out of any chain, as its spare
 * (the larger of it and the one it has; the other is freed). */
static void keep_spare(crown_game *g, crown_chunk *c)
{
    crown_chunk *s = g->spare;
    if (s && (s->snapcap > c->snapcap || (s->snapcap == c->snapcap && s->cap >= c->cap))) {
        free(c);
        return;
    }
    free(s);
    g->spare = c;
}

/* Lets go of the top of the chain: its parent becomes the top (one the
 * handle does not write into).  A top only the handle holds becomes its
 * spare. */
static void drop_top(crown_game *g)
{
    crown_chunk *t = g->top, *parent = t->parent;
    if (held_alone(t)) {
        t->parent = NULL; /* (its reference to parent passes to the handle) */
        keep_spare(g, t);
    } else {
        crown_chunk_retain(parent);
        crown_chunk_release(t);
    }
    set_top(g, parent, 0);
}

int crown_history_start(crown_game *g, size_t cap)
{
    crown_chunk *c = chunk_new(g->rules->state_size, cap, cap);
    if (!c)
        return -1;
    set_top(g, c, 1);
    return 0;
}

/* Starts a chunk of the handle's own for entry n on top of the chain.
 *
 * So that reading an entry stays cheap however the history was cloned, the
 * new chunk takes in (copies) the entries the handle reads from the newest
 * chunks of the chain, down to the deepest one that holds no more than all
 * those above it (the new entry counted): every chunk left below then holds
 * more than all those above it together, and a chain has at most log2(n)
 * + 2 chunks (a handle cloned after every move whose clones each play on
 * would otherwise make a chain of one chunk per move, and reading an entry
 * would cost a walk down it).  Each entry is copied about log2(n) times at
 * most that way; a handle that plays on from its own chunk while it is
 * cloned copies nothing until the chunk is full. */
static int start_chunk(crown_game *g, int snap)
{
    size_t ss = g->rules->state_size;
    size_t above = 1, end = g->n, lo = g->n, lo_snaps = g->nsnaps;
    crown_chunk *keep = g->top; /* the first chunk not taken in */
    for (crown_chunk *c = g->top; c; end = c->start, c = c->parent) {
        size_t e = end - c->start;
        if (e <= above) {
            keep = c->parent;
            lo = c->start;
            lo_snaps = c->snap_start;
        }
        above += e;
    }
    size_t n = g->n + 1 - lo, ns = g->nsnaps + (size_t)snap - lo_snaps;
    size_t cap = 2 * n > HISTORY_FIRST ? 2 * n : HISTORY_FIRST;
    size_t snapcap = 2 * ns > HISTORY_FIRST ? 2 * ns : HISTORY_FIRST;
    /* When the handle's own chunk is full, as much room and twice what is
     * full (a spare with less is grown): the chunks of a long game stay
     * few. */
    int full = g->n >= g->wend, snaps_full = snap && g->nsnaps >= g->send;
    if (g->wend && (full || snaps_full)) {
        size_t c2 = g->top->cap << full, s2 = g->top->snapcap << snaps_full;
        n = cap = cap > c2 ? cap : c2;
        ns = snapcap = snapcap > s2 ? snapcap : s2;
    }
    crown_chunk *c = g->spare;
    if (c && (c->cap < n || c->snapcap < ns))
        c = chunk_grow(c, ss, cap, snapcap);
    else if (!c)
        c = chunk_new(ss, cap, snapcap);
    if (!c)
        return -1;
    g->spare = NULL;
    c->parent = keep;
    c->start = c->shared_n = lo;
    c->snap_start = lo_snaps;
    /* The chunks taken in, each up to where the one above it starts. */
    end = g->n;
    size_t end_snaps = g->nsnaps;
    for (const crown_chunk *t = g->top; t != keep; t = t->parent) {
        size_t at = t->start - lo, k = end - t->start;
        memcpy(c->hist + at, t->hist, k * sizeof(crown_move));
        memcpy(c->flags + at, t->flags, k);
        memcpy(c->slot + at, t->slot, k * sizeof(uint32_t));
        memcpy(c->snaps + (t->snap_start - lo_snaps) * ss, t->snaps,
               (end_snaps - t->snap_start) * ss);
        end = t->start;
        end_snaps = t->snap_start;
    }
    /* The handle's reference to its chain passes to the new chunk (as its
     * parent's) when nothing was taken in; otherwise it is let go. */
    if (keep != g->top) {
        crown_chunk_retain(keep);
        crown_chunk_release(g->top);
    }
    set_top(g, c, 1);
    return 0;
}

int crown_history_room(crown_game *g, int snap)
{
    crown_chunk *t = g->top;
    if (t && held_alone(t)) {
        /* Only the handle holds it: its own to write anywhere, grown in
         * place when full. */
        size_t cap = t->cap, snapcap = t->snapcap;
        while (g->n - t->start >= cap)
            cap *= 2;
        while (g->nsnaps + (size_t)snap - t->snap_start > snapcap)
            snapcap *= 2;
        crown_chunk *c = chunk_grow(t, g->rules->state_size, cap, snapcap);
        if (!c)
            return -1;
        c->shared_n = c->start;
        set_top(g, c, 1);
        return 0;
    }
    return start_chunk(g, snap);
}

void crown_history_take(crown_game *g, const crown_game *src)
{
    crown_chunk_retain(src->top);
    set_top(g, src->top, 0);
    g->n = src->n;
    g->nsnaps = src->nsnaps;
    g->nchance = src->nchance;
}

void crown_clear_history(crown_game *g)
{
    while (g->top)
        drop_top(g);
    g->kept = 0;
    g->n = g->nsnaps = 0;
    g->nchance = 0;
}

void crown_free_history(crown_game *g)
{
    crown_chunk_release(g->top);
    free(g->spare);
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
    /* Back at the state whose list scratch still holds, or past it (that
     * state is gone from the history). */
    if (g->kept && g->kept_at == k)
        g->legal_valid = 1;
    else if (g->kept && g->kept_at > k)
        g->kept = 0;
    g->n = k;
    /* Back into the older chunks: a chunk with nothing left in use is let
     * go (the handle's own is kept while it would write there next). */
    while (g->top && (k < g->base_n || (k == g->base_n && !g->wend)))
        drop_top(g);
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
