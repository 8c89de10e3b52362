/*
 * genealogy.c - the Genealogy's geometry (see genealogy.h).
 *
 * Queries scan the cards present: a Genealogy holds at most a few dozen
 * cards, so a scan is cheaper than keeping per-row indexes up to date.
 */
#include <string.h>

#include "genealogy.h"

int gn_set_count(const gn_set *s)
{
    return __builtin_popcountll(s->w[0]) + __builtin_popcountll(s->w[1]);
}

int gn_set_next(const gn_set *s, int from)
{
    if (from >= GN_CARDS)
        return -1;
    for (int i = from >> 6; i < 2; i++) {
        uint64_t w = s->w[i];
        if (i == from >> 6)
            w &= ~0ULL << (from & 63);
        if (w)
            return i * 64 + __builtin_ctzll(w);
    }
    return -1;
}

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
    FOR_EACH(g, c)
        if (g->row[c] == row && g->x[c] == x)
            return c;
    return -1;
}

static int dist(int a, int b)
{
    return a > b ? a - b : b - a;
}

/* Is there a card of `row`, other than `except`, within `d` of position x? */
static int any_near(const genealogy *g, int row, int x, int d, int except)
{
    FOR_EACH(g, c)
        if (c != except && g->row[c] == row && dist(g->x[c], x) <= d)
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

gn_set gn_active_set(const genealogy *g)
{
    gn_set s = {{0, 0}};
    FOR_EACH(g, c)
        if (gn_active(g, c))
            gn_set_add(&s, c);
    return s;
}

void gn_place_at(genealogy *g, int c, int row, int x)
{
    gn_set_add(&g->present, c);
    g->row[c] = (int16_t)row;
    g->x[c] = (int16_t)x;
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

void gn_remove(genealogy *g, int c)
{
    gn_set_del(&g->present, c);
    g->row[c] = 0;
    g->x[c] = 0;
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

void gn_remove_with_attachments(genealogy *g, int c, gn_set *removed)
{
    gn_set att = gn_attachments(g, c);
    GN_FOR(&att, a) {
        gn_detach(g, a);
        gn_set_add(removed, a);
    }
    gn_remove(g, c);
    gn_set_add(removed, c);
}

int gn_new_connection_spots(const genealogy *g, int c, gn_spot *out)
{
    genealogy lifted = *g;
    gn_remove(&lifted, c);
    int n = 0;
    FOR_EACH(&lifted, t) {
        if (!gn_active(&lifted, t))
            continue;
        for (int side = GN_LEFT; side <= GN_RIGHT; side += 2) {
            if (!gn_usable(&lifted, t, side))
                continue;
            if (lifted.row[t] == g->row[c] && lifted.x[t] + 2 * side == g->x[c])
                continue; /* the spot it left */
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

int gn_row_size(const genealogy *g, int row)
{
    int n = 0;
    FOR_EACH(g, c)
        n += g->row[c] == row;
    return n;
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
    FOR_EACH(g, c)
        if (g->row[c] < row)
            gn_remove_with_attachments(g, c, removed);
    FOR_EACH(g, c) {
        g->row[c] = (int16_t)(g->row[c] - row);
        g->x[c] = (int16_t)(g->x[c] - row);
    }
}

void gn_enthrone(genealogy *g, int c, gn_set *removed)
{
    FOR_EACH(g, d)
        if (d != c)
            gn_remove_with_attachments(g, d, removed);
    gn_place_at(g, c, 0, 0);
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
    return 0;
}
