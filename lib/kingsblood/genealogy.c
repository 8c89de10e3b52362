/*
 * genealogy.c - the Genealogy's geometry (see genealogy.h).
 *
 * Single queries scan the cards present.  What the games ask for every
 * card at each decision (the Active cards, their usable sides, the spots of
 * a New Connection) goes through a view (gn_view), which indexes the cards
 * by row once and answers each question by looking at one row.
 */
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "../core/rules.h"
#include "genealogy.h"

#define FOR_EACH(g, c) GN_FOR(&(g)->present, c)

void gn_clear(genealogy *g)
{
    memset(g, 0, sizeof *g);
    memset(g->under, GN_NONE, sizeof g->under);
}

int gn_count(const genealogy *g)
{
    return gn_set_count(&g->present);
}

int gn_at(const genealogy *g, int row, int x)
{
    gn_set in = gn_row_cards(g, row);
    GN_FOR(&in, c)
        if (g->x[c] == x)
            return c;
    return -1;
}

/* The set c is kept in, for its row. */
static gn_set *row_home(genealogy *g, int row)
{
    return (unsigned)row < GN_ROWSETS ? &g->rowset[row] : &g->deep;
}

static int dist(int a, int b)
{
    return a > b ? a - b : b - a;
}

/* Is there a card of `row`, other than `except`, within `d` of position x? */
static int any_near(const genealogy *g, int row, int x, int d, int except)
{
    gn_set in = gn_row_cards(g, row);
    GN_FOR(&in, c)
        if (c != except && dist(g->x[c], x) <= d)
            return 1;
    return 0;
}

int gn_covered(const genealogy *g, int c)
{
    return any_near(g, g->row[c] + 1, g->x[c], 1, -1);
}

int gn_slot_open(const genealogy *g, int c, int side)
{
    return !any_near(g, g->row[c], g->x[c] + 2 * side, 2, c);
}

int gn_child_free(const genealogy *g, int c, int side)
{
    return !any_near(g, g->row[c] + 1, g->x[c] + side, 1, -1);
}

int gn_usable(const genealogy *g, int c, int side)
{
    return gn_slot_open(g, c, side) && gn_child_free(g, c, side);
}

int gn_active(const genealogy *g, int c)
{
    return gn_has(g, c) && !gn_covered(g, c) &&
           (gn_usable(g, c, GN_LEFT) || gn_usable(g, c, GN_RIGHT));
}

/* The view the slow way (rows too far apart to index). */
static void view_by_scans(const genealogy *g, int except, gn_view *v)
{
    genealogy h = *g;
    if (except >= 0)
        gn_remove(&h, except);
    v->nrows = 0;
    v->scanned = g;
    v->except = except;
    FOR_EACH(&h, c) {
        v->usable[c] = (uint8_t)(gn_usable(&h, c, GN_LEFT) | gn_usable(&h, c, GN_RIGHT) << 1);
        if (gn_active(&h, c))
            gn_set_add(&v->active, c);
    }
}

/* The definitions for the cards of row i of the view (sorted by position),
 * from their neighbours in the row and the cards of the row below. */
static void view_define_row(const genealogy *g, gn_view *v, int i)
{
    int lo = v->first[i], hi = v->first[i + 1];
    int below = i + 1 < v->nrows ? v->first[i + 1] : hi;
    int below_end = i + 1 < v->nrows ? v->first[i + 2] : hi;
    for (int k = lo; k < hi; k++) {
        int c = v->card[k], x = g->x[c];
        /* The slot beside on a side is open when the neighbour there is
         * more than 4 away (cards of a row are at least 2 apart). */
        int open_l = k == lo || g->x[v->card[k - 1]] < x - 4;
        int open_r = k + 1 == hi || g->x[v->card[k + 1]] > x + 4;
        /* The row below, within 2 of x: covering (within 1), or in a
         * child slot (x - 1 or x + 1, within 1). */
        while (below < below_end && g->x[v->card[below]] < x - 2)
            below++;
        int covered = 0, child_l = 1, child_r = 1;
        for (int m = below; m < below_end && g->x[v->card[m]] <= x + 2; m++) {
            int y = g->x[v->card[m]];
            covered |= dist(y, x) <= 1;
            if (y <= x)
                child_l = 0;
            if (y >= x)
                child_r = 0;
        }
        unsigned usable = (unsigned)(open_l && child_l) | (unsigned)(open_r && child_r) << 1;
        v->usable[c] = (uint8_t)usable;
        if (usable && !covered)
            gn_set_add(&v->active, c);
        else
            gn_set_del(&v->active, c);
    }
}

void gn_view_build(const genealogy *g, int except, gn_view *v)
{
    gn_set cards = g->present;
    if (except >= 0)
        gn_set_del(&cards, except);
    v->active = (gn_set){{0, 0}};
    v->top = v->nrows = 0;
    v->scanned = NULL;
    v->except = except;
    if (gn_set_empty(&cards))
        return;
    int top = INT32_MAX, bottom = INT32_MIN;
    GN_FOR(&cards, c) {
        if (g->row[c] < top)
            top = g->row[c];
        if (g->row[c] > bottom)
            bottom = g->row[c];
    }
    if (bottom - top + 1 > GN_VIEW_ROWS) {
        view_by_scans(g, except, v);
        return;
    }
    v->top = top;
    v->nrows = bottom - top + 1;
    /* Counting sort by row. */
    memset(v->first, 0, (size_t)v->nrows + 1);
    GN_FOR(&cards, c)
        v->first[g->row[c] - top + 1]++;
    for (int i = 0; i < v->nrows; i++)
        v->first[i + 1] = (uint8_t)(v->first[i + 1] + v->first[i]);
    uint8_t fill[GN_VIEW_ROWS];
    memcpy(fill, v->first, (size_t)v->nrows);
    GN_FOR(&cards, c) {
        /* Into its row, kept sorted by position (rows are short). */
        int k = fill[g->row[c] - top]++, lo = v->first[g->row[c] - top];
        for (; k > lo && g->x[v->card[k - 1]] > g->x[c]; k--)
            v->card[k] = v->card[k - 1];
        v->card[k] = (uint8_t)c;
    }
    for (int i = 0; i < v->nrows; i++)
        view_define_row(g, v, i);
}

int gn_view_scanned_row_size(const gn_view *v, int row)
{
    return gn_row_size_except(v->scanned, row, v->except);
}

void gn_view_without(const genealogy *g, const gn_view *full, int c, gn_view *out)
{
    if (full->scanned) {
        gn_view_build(g, c, out);
        return;
    }
    int i = g->row[c] - full->top; /* c is in the view: a row of it */
    *out = *full;
    int k = out->first[i];
    while (out->card[k] != c)
        k++;
    int total = out->first[out->nrows];
    memmove(out->card + k, out->card + k + 1, (size_t)(total - k - 1));
    for (int j = i + 1; j <= out->nrows; j++)
        out->first[j]--;
    gn_set_del(&out->active, c);
    /* Only c's row (slots beside it) and the row above (covering, child
     * slots) can change. */
    for (int r = i - 1; r <= i; r++)
        if (r >= 0)
            view_define_row(g, out, r);
}

gn_set gn_active_set(const genealogy *g)
{
    gn_view v;
    gn_view_build(g, -1, &v);
    return v.active;
}

/* ---- the definitions kept up to date ---- */

/* Positions within 8 of a change, as bits: bit 8 + d is position x + d. */
#define WIN 8
static inline uint32_t span(int from, int to) /* positions from..to, relative */
{
    return (uint32_t)((2u << (to + WIN)) - (1u << (from + WIN)));
}

/* Sets (on) or clears c in s, without a branch. */
static inline void set_to(gn_set *s, int c, int on)
{
    uint64_t m = 1ULL << (c & 63);
    s->w[c >> 6] = (s->w[c >> 6] & ~m) | (m & -(uint64_t)on);
}

/* Defines card c, at bit k of the window (position k - WIN relative to the
 * change; WIN - 4 <= k <= WIN + 4), from the occupied positions of its row
 * (`row`, c's own bit excluded) and of the row below, as the single queries
 * above do: a slot beside is open when no card lies within 2 of it, a child
 * slot free when none lies within 1. */
static inline void define_card(genealogy *g, int c, int k, uint32_t row, uint32_t below)
{
    uint32_t near = row >> (k - 4), under = below >> (k - 2); /* bit 4 / 2: c's place */
    int usable_l = !(near & 0xFu) & !(under & 7u);
    int usable_r = !(near & 0x1E0u) & !(under & 0x1Cu);
    int covered = (under & 0xEu) != 0;
    set_to(&g->usable[0], c, usable_l);
    set_to(&g->usable[1], c, usable_r);
    set_to(&g->active, c, (usable_l | usable_r) & !covered);
}

/* The cards placed in rows r - 1 .. r + 1 within WIN of position x, from
 * a walk of the three rows: what every machine can run, and what the
 * tests compare the faster way with. */
gn_set gn_near_cards_walk(const genealogy *g, int r, int x)
{
    gn_set near = {{0, 0}};
    for (int row = r - 1; row <= r + 1; row++) {
        gn_set in = gn_row_cards(g, row);
        GN_FOR(&in, c)
            if (dist(g->x[c], x) <= WIN)
                gn_set_add(&near, c);
    }
    return near;
}

/* The same cards. */
#if defined(__SSE2__)
/* All the cards' rows and positions compared at once, eight at a time:
 * no branch on the cards' places (they are unpredictable). */
static gn_set near_cards(const genealogy *g, int r, int x)
{
    const __m128i rlo = _mm_set1_epi16((short)(r - 2)), rhi = _mm_set1_epi16((short)(r + 2));
    const __m128i xlo = _mm_set1_epi16((short)(x - WIN - 1)),
                  xhi = _mm_set1_epi16((short)(x + WIN + 1));
    gn_set near = {{0, 0}};
    for (int i = 0; i < GN_CARDS; i += 16) {
        __m128i m[2];
        for (int h = 0; h < 2; h++) {
            __m128i rows = _mm_loadu_si128((const __m128i *)(g->row + i + 8 * h));
            __m128i xs = _mm_loadu_si128((const __m128i *)(g->x + i + 8 * h));
            m[h] = _mm_and_si128(
                _mm_and_si128(_mm_cmpgt_epi16(rows, rlo), _mm_cmplt_epi16(rows, rhi)),
                _mm_and_si128(_mm_cmpgt_epi16(xs, xlo), _mm_cmplt_epi16(xs, xhi)));
        }
        uint64_t bits = (uint64_t)(unsigned)_mm_movemask_epi8(_mm_packs_epi16(m[0], m[1]));
        near.w[i >> 6] |= bits << (i & 63);
    }
    return gn_set_and(&near, &g->present);
}
#else
static gn_set near_cards(const genealogy *g, int r, int x)
{
    return gn_near_cards_walk(g, r, x);
}
#endif

gn_set gn_near_cards(const genealogy *g, int r, int x)
{
    return near_cards(g, r, x);
}

/* After a card was put at or taken from (r, x): defines again the cards
 * whose definitions can have changed (see genealogy.h), from the positions
 * within WIN of x occupied in rows r - 1, r and r + 1 (what those
 * definitions read), and by which card. */
static void refresh_around(genealogy *g, int r, int x)
{
    uint32_t occ[3] = {0, 0, 0}; /* rows r - 1, r, r + 1 */
    uint8_t at[3][2 * WIN + 1];  /* [row][WIN + d]: the card at x + d */
    gn_set near = near_cards(g, r, x);
    for (int w = 0; w < 2; w++)
        for (uint64_t bits = near.w[w]; bits; bits &= bits - 1) {
            int c = 64 * w + __builtin_ctzll(bits);
            unsigned i = (unsigned)(g->row[c] - r + 1), d = (unsigned)(g->x[c] - x + WIN);
            occ[i] |= 1u << d;
            at[i][d] = (uint8_t)c;
        }
    /* Affected: row r within 4, row r - 1 within 2. */
    for (uint32_t b = occ[1] & span(-4, 4); b; b &= b - 1) {
        int k = __builtin_ctz(b);
        define_card(g, at[1][k], k, occ[1] & ~(1u << k), occ[2]);
    }
    for (uint32_t b = occ[0] & span(-2, 2); b; b &= b - 1) {
        int k = __builtin_ctz(b);
        define_card(g, at[0][k], k, occ[0] & ~(1u << k), occ[1]);
    }
}

void gn_place_at(genealogy *g, int c, int row, int x)
{
    int moved = gn_has(g, c), r0 = g->row[c], x0 = g->x[c];
    if (moved)
        gn_set_del(row_home(g, r0), c);
    gn_set_add(&g->present, c);
    gn_set_add(row_home(g, row), c);
    g->row[c] = (int16_t)row;
    g->x[c] = (int16_t)x;
    if (moved)
        refresh_around(g, r0, x0);
    refresh_around(g, row, x);
}

void gn_found(genealogy *g, int c)
{
    gn_place_at(g, c, 0, 0);
}

void gn_place_beside(genealogy *g, int c, int target, int side)
{
    gn_place_at(g, c, g->row[target], g->x[target] + 2 * side);
}

void gn_place_child(genealogy *g, int c, int parent, int side)
{
    gn_place_at(g, c, g->row[parent] + 1, g->x[parent] + side);
}

/* Takes c out, without defining the others again. */
static void take_out(genealogy *g, int c)
{
    gn_set_del(row_home(g, g->row[c]), c);
    gn_set_del(&g->present, c);
    gn_set_del(&g->active, c);
    gn_set_del(&g->usable[0], c);
    gn_set_del(&g->usable[1], c);
    g->row[c] = 0;
    g->x[c] = 0;
}

void gn_remove(genealogy *g, int c)
{
    int r0 = g->row[c], x0 = g->x[c];
    take_out(g, c);
    refresh_around(g, r0, x0);
}

/* Defines every card again (after a change of many cards). */
static void refresh_all(genealogy *g)
{
    gn_view v;
    gn_view_build(g, -1, &v);
    g->active = v.active;
    g->usable[0] = g->usable[1] = (gn_set){{0, 0}};
    FOR_EACH(g, c)
        for (int s = 0; s < 2; s++)
            if (v.usable[c] >> s & 1)
                gn_set_add(&g->usable[s], c);
}

int gn_free_at(const genealogy *g, int row, int x)
{
    return !any_near(g, row, x, 1, -1);
}

int gn_sibling_slot(const genealogy *g, int last, int side, int *row, int *x)
{
    int r = g->row[last], nx = g->x[last] + 2 * side;
    if (!gn_free_at(g, r, nx))
        return -1;
    *row = r;
    *x = nx;
    return 0;
}

void gn_attach(genealogy *g, int a, int c)
{
    gn_set_add(&g->attached, a);
    g->under[a] = (uint8_t)c;
}

void gn_detach(genealogy *g, int a)
{
    gn_set_del(&g->attached, a);
    g->under[a] = GN_NONE;
}

gn_set gn_attachments(const genealogy *g, int c)
{
    gn_set s = {{0, 0}};
    GN_FOR(&g->attached, a)
        if (g->under[a] == c)
            gn_set_add(&s, a);
    return s;
}

/* Removes c and its attachments into *removed, without defining the
 * others again. */
static void take_out_with_attachments(genealogy *g, int c, gn_set *removed)
{
    gn_set att = gn_attachments(g, c);
    GN_FOR(&att, a) {
        gn_detach(g, a);
        gn_set_add(removed, a);
    }
    take_out(g, c);
    gn_set_add(removed, c);
}

void gn_remove_with_attachments(genealogy *g, int c, gn_set *removed)
{
    int r0 = g->row[c], x0 = g->x[c];
    take_out_with_attachments(g, c, removed);
    refresh_around(g, r0, x0);
}

/* Writes the spots of a New Connection of c beside target t, whose usable
 * sides once c is lifted are `usable` (bit 0: the left, bit 1: the right),
 * except the spot c left; returns their number. */
static int spots_beside(const genealogy *g, int c, int t, int usable, gn_spot *out)
{
    int n = 0;
    for (int side = GN_LEFT; side <= GN_RIGHT; side += 2) {
        if (!(usable >> (side > 0) & 1))
            continue;
        if (g->row[t] == g->row[c] && g->x[t] + 2 * side == g->x[c])
            continue; /* the spot it left */
        out[n].target = (uint8_t)t;
        out[n].side = (int8_t)side;
        n++;
    }
    return n;
}

int gn_new_connection_spots(const genealogy *g, int c, gn_spot *out)
{
    /* The Genealogy once c is lifted: a copy whose definitions are kept up
     * to date by the removal (cheaper than a view built from scratch). */
    genealogy lifted = *g;
    if (gn_has(g, c))
        gn_remove(&lifted, c);
    int n = 0;
    GN_FOR(&lifted.active, t)
        n += spots_beside(g, c, t,
                          gn_set_has(&lifted.usable[0], t) | gn_set_has(&lifted.usable[1], t) << 1,
                          out + n);
    return n;
}

int gn_new_connection_spots_view(const genealogy *g, const gn_view *full, int c, gn_spot *out,
                                 gn_view *v)
{
    /* The Genealogy once c is lifted. */
    if (full)
        gn_view_without(g, full, c, v);
    else
        gn_view_build(g, c, v);
    int n = 0;
    GN_FOR(&v->active, t)
        n += spots_beside(g, c, t, v->usable[t], out + n);
    return n;
}

int gn_new_connection_sure_spots(const genealogy *g, int c, gn_spot *out)
{
    int n = 0;
    /* Taking a card out never closes a slot, fills a child slot or covers a
     * card: every usable side of an Active card stays a spot once c is
     * lifted (and none is the spot c leaves, which c fills now). */
    GN_FOR(&g->active, t) {
        if (t == c)
            continue;
        for (int side = GN_LEFT; side <= GN_RIGHT; side += 2)
            if (gn_side_usable(g, t, side)) {
                out[n].target = (uint8_t)t;
                out[n].side = (int8_t)side;
                n++;
            }
    }
    return n;
}

void gn_move(genealogy *g, int c, int target, int side)
{
    int row = g->row[target], x = g->x[target] + 2 * side;
    gn_place_at(g, c, row, x);
}

int gn_top_row(const genealogy *g)
{
    int top = 0, any = 0;
    FOR_EACH(g, c) {
        if (!any || g->row[c] < top)
            top = g->row[c];
        any = 1;
    }
    return top;
}

int gn_bottom_row(const genealogy *g)
{
    int bottom = 0, any = 0;
    FOR_EACH(g, c) {
        if (!any || g->row[c] > bottom)
            bottom = g->row[c];
        any = 1;
    }
    return bottom;
}

int gn_generations(const genealogy *g)
{
    if (gn_set_empty(&g->present))
        return 0;
    int top = gn_top_row(g), bottom = gn_bottom_row(g), n = 0;
    for (int r = top; r <= bottom; r++)
        n += gn_row_size(g, r) > 0;
    return n;
}

void gn_drop_rows_above(genealogy *g, int row, gn_set *removed)
{
    int any = 0;
    FOR_EACH(g, c)
        if (g->row[c] < row) {
            take_out_with_attachments(g, c, removed);
            any = 1;
        }
    memset(g->rowset, 0, sizeof g->rowset);
    g->deep = (gn_set){{0, 0}};
    FOR_EACH(g, c) {
        g->row[c] = (int16_t)(g->row[c] - row);
        g->x[c] = (int16_t)(g->x[c] - row);
        gn_set_add(row_home(g, g->row[c]), c);
    }
    if (any) /* (a shift of every card changes no definition) */
        refresh_all(g);
}

void gn_enthrone(genealogy *g, int c, gn_set *removed)
{
    FOR_EACH(g, d)
        if (d != c)
            take_out_with_attachments(g, d, removed);
    take_out(g, c);
    gn_place_at(g, c, 0, 0); /* alone: defined by itself */
}

int gn_check(const genealogy *g)
{
    int parity = -1;
    FOR_EACH(g, c) {
        if (g->row[c] < 0)
            return -1;
        int p = (g->row[c] + g->x[c]) & 1;
        if (parity >= 0 && p != parity)
            return -1;
        parity = p;
        FOR_EACH(g, d)
            if (d != c && g->row[d] == g->row[c] && dist(g->x[d], g->x[c]) < 2)
                return -1;
        if (gn_set_has(&g->attached, c))
            return -1;
    }
    GN_FOR(&g->attached, a)
        if (g->under[a] == GN_NONE || !gn_has(g, g->under[a]))
            return -1;
    /* The rows' sets, against the rows. */
    genealogy h;
    memset(h.rowset, 0, sizeof h.rowset);
    h.deep = (gn_set){{0, 0}};
    FOR_EACH(g, c)
        gn_set_add(row_home(&h, g->row[c]), c);
    if (memcmp(h.rowset, g->rowset, sizeof h.rowset) || memcmp(&h.deep, &g->deep, sizeof h.deep))
        return -1;
    /* The definitions kept up to date, against the view from scratch. */
    gn_view v;
    gn_view_build(g, -1, &v);
    if (memcmp(&v.active, &g->active, sizeof v.active))
        return -1;
    for (int c = 0; c < GN_CARDS; c++) {
        unsigned kept = 0;
        if (gn_has(g, c))
            kept = (unsigned)gn_side_usable(g, c, GN_LEFT) |
                   (unsigned)gn_side_usable(g, c, GN_RIGHT) << 1;
        else if (gn_set_has(&g->usable[0], c) || gn_set_has(&g->usable[1], c))
            return -1;
        if (gn_has(g, c) && kept != v.usable[c])
            return -1;
    }
    return 0;
}
