/*
 * genealogy.h - the Genealogy of King's Blood and King's Family, as
 * geometry only (docs/kings-family.md, "The Genealogy").  No turn logic, no card faces:
 * cards are small integers, and the games decide what may be played.
 *
 * Positions use half-card units.  A card in row r at position x covers
 * [x, x+2).  Row 0 is the founding generation at the top; children go one
 * row down.  Every placement keeps r + x of the same parity, so inside a
 * row the distances between cards are even.
 *
 * - Two cards of one row at distance d: d < 2 overlap (never allowed),
 *   d = 2 touch.
 * - The slot beside T (row r, x) on side s (-1 left, +1 right) is x + 2s; it
 *   is open when no card of row r other than T lies within distance 2 of it.
 * - T is covered when a card of row r+1 lies within distance 1 of x.
 * - The child slot of a marriage of T with the card on side s is row r+1,
 *   x + s; it is free when no card of row r+1 lies within distance 1.
 * - A side is usable when its slot is open and its child slot free.
 * - T is Active when it is not covered and has a usable side.
 *
 * The structure is a plain value (copy it with memcpy or assignment).  It
 * keeps the cards of each row as a set, and the definitions of every card
 * (Active, usable sides) up to date as cards are placed and removed: the
 * sets are the same whatever order the changes came in (a value of the
 * positions).  A change at (r, x) can only change the
 * cards of row r within 4 of x and those of row r - 1 within 2 of x, so
 * those are defined again from the rows r - 1 .. r + 1 (gn_is_active,
 * gn_side_usable).  gn_check compares them with a computation from
 * scratch.
 */
#ifndef CROWN_KINGSBLOOD_GENEALOGY_H
#define CROWN_KINGSBLOOD_GENEALOGY_H

#include <stdint.h>

#include "../core/rules.h"

#define GN_CARDS 128 /* card ids 0..127 */
#define GN_ROWSETS 16 /* rows indexed by a set of their cards */
#define GN_NONE 0xFF
#define GN_LEFT (-1)
#define GN_RIGHT 1

/* A set of cards. */
typedef struct gn_set {
    uint64_t w[2];
} gn_set;

typedef struct genealogy {
    gn_set present;             /* cards placed in the rows */
    gn_set attached;            /* cards attached under a placed card */
    int16_t row[GN_CARDS];
    int16_t x[GN_CARDS];
    uint8_t under[GN_CARDS];    /* for an attached card: the card it is under */
    /* Kept up to date by every change below (never written elsewhere): */
    gn_set active;              /* the Active cards */
    gn_set usable[2];           /* the cards whose left [0] / right [1] side is usable */
    gn_set rowset[GN_ROWSETS];  /* the cards of rows 0 .. GN_ROWSETS - 1, by row */
    gn_set deep;                /* the cards of the other rows */
} genealogy;

/* The cards 0 .. n - 1 (0 <= n < GN_CARDS). */
static inline gn_set gn_set_below(int n)
{
    gn_set s = {{n >= 64 ? ~0ULL : (1ULL << n) - 1, n <= 64 ? 0 : (1ULL << (n - 64)) - 1}};
    return s;
}

static inline int gn_set_has(const gn_set *s, int c)
{
    return (int)(s->w[c >> 6] >> (c & 63) & 1);
}

static inline void gn_set_add(gn_set *s, int c)
{
    s->w[c >> 6] |= 1ULL << (c & 63);
}

static inline void gn_set_del(gn_set *s, int c)
{
    s->w[c >> 6] &= ~(1ULL << (c & 63));
}

static inline int gn_set_empty(const gn_set *s)
{
    return (s->w[0] | s->w[1]) == 0;
}

static inline int gn_set_count(const gn_set *s)
{
    return crown_popcount64(s->w[0]) + crown_popcount64(s->w[1]);
}
static inline gn_set gn_set_and(const gn_set *a, const gn_set *b)
{
    gn_set r = {{a->w[0] & b->w[0], a->w[1] & b->w[1]}};
    return r;
}
/* Adds the cards of b to a. */
static inline void gn_set_or(gn_set *a, const gn_set *b)
{
    a->w[0] |= b->w[0];
    a->w[1] |= b->w[1];
}
/* Has the set two elements or more? */
static inline int gn_set_many(const gn_set *s)
{
    return ((s->w[0] & (s->w[0] - 1)) | (s->w[1] & (s->w[1] - 1))) != 0 ||
           (s->w[0] != 0 && s->w[1] != 0);
}
/* The lowest card of the set at or after `from`, or -1. */
static inline int gn_set_next(const gn_set *s, int from)
{
    if (from >= GN_CARDS)
        return -1;
    if (from < 64) {
        uint64_t w = s->w[0] & (~0ULL << from);
        if (w)
            return __builtin_ctzll(w);
        from = 64;
    }
    uint64_t w = s->w[1] & (~0ULL << (from - 64));
    return w ? 64 + __builtin_ctzll(w) : -1;
}
/* A walk over the cards of a set as it was when the walk began. */
typedef struct gn_iter {
    uint64_t w[2];
} gn_iter;
static inline gn_iter gn_iter_of(const gn_set *s)
{
    gn_iter it = {{s->w[0], s->w[1]}};
    return it;
}
/* The next card of the walk (ascending), or -1 at its end. */
static inline int gn_iter_next(gn_iter *it)
{
    if (it->w[0]) {
        int c = __builtin_ctzll(it->w[0]);
        it->w[0] &= it->w[0] - 1;
        return c;
    }
    if (it->w[1]) {
        int c = 64 + __builtin_ctzll(it->w[1]);
        it->w[1] &= it->w[1] - 1;
        return c;
    }
    return -1;
}
/* Has the set two elements or fewer? */
static inline int gn_set_at_most_two(const gn_set *s)
{
    /* (the lowest card taken away twice: nothing is left) */
    uint64_t w0 = s->w[0], w1 = s->w[1];
    for (int i = 0; i < 2; i++) {
        uint64_t low = w0 ? w0 & (w0 - 1) : 0;
        w1 = w0 ? w1 : w1 & (w1 - 1);
        w0 = low;
    }
    return (w0 | w1) == 0;
}
/* for each card c of *set, ascending: the cards the set held when the loop
 * began (the body may change the set).  `break` and `continue` work as in
 * any loop: the outer `for` runs its body once and only holds the walk. */
#define GN_FOR(set, c)                                                                   \
    for (gn_iter c##_walk_ = gn_iter_of(set), *c##_once_ = &c##_walk_; c##_once_;         \
         c##_once_ = NULL)                                                               \
        for (int c; (c = gn_iter_next(&c##_walk_)) >= 0;)

void gn_clear(genealogy *g);
static inline int gn_has(const genealogy *g, int c)
{
    return gn_set_has(&g->present, c);
}
int gn_count(const genealogy *g);
static inline int gn_empty(const genealogy *g)
{
    return gn_set_empty(&g->present);
}
/* The card at (row, x), or -1. */
int gn_at(const genealogy *g, int row, int x);
/* The cards of a row (constant time for the rows 0 .. GN_ROWSETS - 1, the
 * others are picked out of g->deep). */
static inline gn_set gn_row_cards(const genealogy *g, int row)
{
    if ((unsigned)row < GN_ROWSETS)
        return g->rowset[row];
    gn_set s = {{0, 0}};
    GN_FOR(&g->deep, c)
        if (g->row[c] == row)
            gn_set_add(&s, c);
    return s;
}

/* ---- the definitions, as kept up to date (constant time) ---- */
static inline int gn_is_active(const genealogy *g, int c)
{
    return gn_set_has(&g->active, c);
}
static inline int gn_side_usable(const genealogy *g, int c, int side)
{
    return gn_set_has(&g->usable[side > 0], c);
}

/* ---- the definitions, by scanning the cards (the reference) ---- */
int gn_covered(const genealogy *g, int c);
int gn_slot_open(const genealogy *g, int c, int side);
int gn_child_free(const genealogy *g, int c, int side);
int gn_usable(const genealogy *g, int c, int side);
int gn_active(const genealogy *g, int c);
/* Every Active card, computed from scratch (g->active is the same set, kept
 * up to date). */
gn_set gn_active_set(const genealogy *g);

/* ---- the definitions for every card at once ----
 * A view indexes the cards by row, once, and answers the definitions for
 * every card in time linear in the cards (the single queries above scan
 * every card each time).  It is a value of the moment: rebuild it after any
 * change. */
#define GN_VIEW_ROWS 256
typedef struct gn_view {
    int top, nrows;                  /* rows top .. top + nrows - 1 */
    /* Rows too far apart to index (the Genealogy can leave empty rows
     * behind): no index, the definitions were computed by scans, and row
     * sizes are counted in this Genealogy, without card `except`. */
    const genealogy *scanned;
    int except;
    uint8_t first[GN_VIEW_ROWS + 1]; /* row top+i: card[first[i] .. first[i+1]) */
    uint8_t card[GN_CARDS];
    gn_set active;                   /* the Active cards */
    uint8_t usable[GN_CARDS];        /* bit 0: the left side is usable, bit 1: the right */
} gn_view;
/* Builds the view of g without card `except` (-1: every card). */
void gn_view_build(const genealogy *g, int except, gn_view *v);
/* The view of g without card c (present), from the view of the whole of g:
 * only the cards of c's row and the row above are looked at again. */
void gn_view_without(const genealogy *g, const gn_view *full, int c, gn_view *out);
static inline int gn_view_usable(const gn_view *v, int c, int side)
{
    return (v->usable[c] >> (side > 0)) & 1;
}
/* A view built the first time it is needed (set `built` to 0 first, not
 * the whole view: most decisions need none). */
typedef struct gn_lazy_view {
    int built;
    gn_view v;
} gn_lazy_view;
static inline const gn_view *gn_lazy(const genealogy *g, gn_lazy_view *l)
{
    if (!l->built) {
        gn_view_build(g, -1, &l->v);
        l->built = 1;
    }
    return &l->v;
}
/* The number of cards in a row. */
int gn_view_scanned_row_size(const gn_view *v, int row);
static inline int gn_view_row_size(const gn_view *v, int row)
{
    if (v->scanned)
        return gn_view_scanned_row_size(v, row);
    int i = row - v->top;
    return i < 0 || i >= v->nrows ? 0 : v->first[i + 1] - v->first[i];
}

/* The number of cards in a row, without card `except` (-1: every card),
 * in constant time from the rows' sets (gn_row_size: every card). */
static inline int gn_row_size_except(const genealogy *g, int row, int except)
{
    gn_set in = gn_row_cards(g, row);
    return gn_set_count(&in) - (except >= 0 && gn_set_has(&in, except));
}

/* ---- placing and removing ---- */
/* The founder of an empty Genealogy, at row 0, position 0. */
void gn_found(genealogy *g, int c);
/* Places c at (row, x); a card already placed moves there. */
void gn_place_at(genealogy *g, int c, int row, int x);
/* Beside `target` on `side` (the side must be usable). */
/* The cards placed in rows r - 1 .. r + 1 within 8 positions of x (what
 * a change at (r, x) can redefine): the way the engine finds them on this
 * machine (SSE2 where there is), and a walk of the rows that any machine
 * runs (the tests check they agree). */
gn_set gn_near_cards(const genealogy *g, int r, int x);
gn_set gn_near_cards_walk(const genealogy *g, int r, int x);

void gn_place_beside(genealogy *g, int c, int target, int side);
/* The child of `parent` and the card beside it on `side`. */
void gn_place_child(genealogy *g, int c, int parent, int side);
void gn_remove(genealogy *g, int c);
/* May a card be put at (row, x) without overlapping one? */
int gn_free_at(const genealogy *g, int row, int x);

/* Siblings: the position of the next sibling after `last` on `side`
 * (beside it, same row).  0 and the position in *row, *x when it is free. */
int gn_sibling_slot(const genealogy *g, int last, int side, int *row, int *x);

/* ---- attachments (an Enthronement, the King's Blood card) ---- */
/* Attaches card `a` under the placed card `c`; it moves and leaves with c. */
void gn_attach(genealogy *g, int a, int c);
void gn_detach(genealogy *g, int a);
gn_set gn_attachments(const genealogy *g, int c);
/* Removes `c` and everything attached to it, adding them to *removed. */
void gn_remove_with_attachments(genealogy *g, int c, gn_set *removed);

/* ---- New Connection ---- */
typedef struct gn_spot {
    uint8_t target; /* the card the lifted card is placed beside */
    int8_t side;
} gn_spot;
/* Lifting `c`: the spots it may be placed on (a usable side of a card that
 * is Active once c is lifted), except the spot it left.  Writes at most
 * 2 * GN_CARDS spots, in order of target then side; returns their number. */
int gn_new_connection_spots(const genealogy *g, int c, gn_spot *out);
/* The same, from the view of g (NULL: built here), also writing the view of
 * the Genealogy once c is lifted. */
int gn_new_connection_spots_view(const genealogy *g, const gn_view *full, int c, gn_spot *out,
                                 gn_view *lifted);
/* The spots of a New Connection of c known without lifting it: the usable
 * sides of the Active cards other than c, which lifting c cannot take
 * away, in the same order.  A subset of gn_new_connection_spots' spots
 * (lifting c can add spots around it). */
int gn_new_connection_sure_spots(const genealogy *g, int c, gn_spot *out);
/* Moves `c` (with its attachments) beside target on side. */
void gn_move(genealogy *g, int c, int target, int side);

/* ---- rows ---- */
/* Cards in a row. */
static inline int gn_row_size(const genealogy *g, int row)
{
    return gn_row_size_except(g, row, -1);
}
/* The number of non-empty rows (the generations). */
int gn_generations(const genealogy *g);
/* The lowest and highest non-empty row numbers; 0 when empty. */
int gn_top_row(const genealogy *g);
int gn_bottom_row(const genealogy *g);

/* Solitaire Enthronement: removes every card in the rows above `row` (with
 * their attachments), adding them to *removed, then renumbers so that `row` is row 0 (shifting
 * positions to keep the parity rule). */
void gn_drop_rows_above(genealogy *g, int row, gn_set *removed);
/* Multiplayer Enthronement: removes every card but `c` and its attachments
 * (into *removed) and makes `c` the founder at row 0, position 0. */
void gn_enthrone(genealogy *g, int c, gn_set *removed);

/* Internal consistency: no overlap, parity, rows >= 0, attachments under
 * placed cards, the definitions kept up to date equal to those computed
 * from scratch; 0 when sound. */
int gn_check(const genealogy *g);

#endif
