/*
 * legal.c - King's Family, the King's Blood solitaire: what may be done.
 * The facts about a position that only the legal moves need (the row limit,
 * New Connection spots, the sibling run's spots), the legal moves, the
 * chance outcomes (count, nth, weights) and current.  The rules as the
 * engine plays them, and its decisions: docs/kings-family.md.
 *
 * A chance node draws one card of the pile; identical cards are one
 * outcome, weighted by their number.
 */
#include "../../core/rules.h"
#include "family.h"

#define CARD(cfg, c) (&(cfg)->deck.card[c])

/* ---- small helpers ---------------------------------------------------- */

/* The cards of a not in b. */
static gn_set set_minus(const gn_set *a, const gn_set *b)
{
    gn_set r = {{a->w[0] & ~b->w[0], a->w[1] & ~b->w[1]}};
    return r;
}

static int first_of_face(const kf_config *cfg, const gn_set *set, int c)
{
    return kb_first_of_face(&cfg->faces, set, c);
}

/* Would putting card c beside t keep every row within the limit, given
 * the sizes of t's row and the row below?  The Marriage's child counts
 * when a card can be drawn. */
static int rows_allow(const kf_config *cfg, const kf_state *s, int size, int size_below, int c,
                      int t)
{
    if (size + 1 > KF_ROW_LIMIT)
        return 0;
    if (kf_marries(cfg, c, t) && kf_can_draw(s) && size_below + 1 > KF_ROW_LIMIT)
        return 0;
    return 1;
}

/* The row limit for the plays beside the cards of the Genealogy, each
 * row's size counted once a call (a play's card's row at the limit, or,
 * for a Marriage when a card can be drawn, the row below). */
typedef struct kf_rows {
    int crowded; /* as many cards as a row's limit: a row may be at it */
    gn_set known, full, known_below, below_full;
} kf_rows;

static void rows_begin(const kf_state *s, kf_rows *rw)
{
    rw->crowded = gn_set_count(&s->gn.present) >= KF_ROW_LIMIT;
    rw->known = rw->full = rw->known_below = rw->below_full = (gn_set){{0, 0}};
}

/* Does the row limit refuse Character c beside t (rows_allow)? */
static int rows_refuse(const kf_config *cfg, const kf_state *s, kf_rows *rw, int c, int t)
{
    if (!rw->crowded)
        return 0;
    int r = s->gn.row[t];
    if (!gn_set_has(&rw->known, t)) {
        gn_set_add(&rw->known, t);
        if (gn_row_size(&s->gn, r) + 1 > KF_ROW_LIMIT)
            gn_set_add(&rw->full, t);
    }
    if (gn_set_has(&rw->full, t))
        return 1;
    if (!kf_marries(cfg, c, t) || !kf_can_draw(s))
        return 0;
    if (!gn_set_has(&rw->known_below, t)) {
        gn_set_add(&rw->known_below, t);
        if (gn_row_size(&s->gn, r + 1) + 1 > KF_ROW_LIMIT)
            gn_set_add(&rw->below_full, t);
    }
    return gn_set_has(&rw->below_full, t);
}

/* Of the spots all[0 .. n) of a New Connection lifting c, those within
 * the row limit (the rows counted without c), written to out; their
 * number returned, *blocked counting the others. */
static int nc_within_limit(const kf_config *cfg, const kf_state *s, int c, const gn_spot *all,
                           int n, gn_spot *out, int *blocked)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        int r = s->gn.row[all[i].target];
        if (rows_allow(cfg, s, gn_row_size_except(&s->gn, r, c),
                       gn_row_size_except(&s->gn, r + 1, c), c, all[i].target))
            out[k++] = all[i];
        else
            (*blocked)++;
    }
    return k;
}

/* New Connection: the spots card c may move to, within the row limit,
 * from the view of the whole Genealogy.  Returns their number; *blocked
 * counts spots refused by the row limit. */
static int nc_spots(const kf_config *cfg, const kf_state *s, const gn_view *view, int c,
                    gn_spot *out, int *blocked)
{
    gn_spot all[2 * GN_CARDS];
    gn_view lifted;
    int n = gn_new_connection_spots_view(&s->gn, view, c, all, &lifted);
    return nc_within_limit(cfg, s, c, all, n, out, blocked);
}

/* The same without a view at hand (the card a New Connection lifted, to
 * be placed): the spots from a copy of the Genealogy with c taken out,
 * whose definitions the removal keeps up to date (cheaper than a view
 * built from scratch). */
static int nc_spots_lifted(const kf_config *cfg, const kf_state *s, int c, gn_spot *out,
                           int *blocked)
{
    gn_spot all[2 * GN_CARDS];
    int n = gn_new_connection_spots(&s->gn, c, all);
    return nc_within_limit(cfg, s, c, all, n, out, blocked);
}

/* Is a New Connection of c sure to have a spot within the row limit,
 * from the spots lifting c cannot change?  (0: look at every spot.)  When
 * it is, *blocked need not count refusals: the Event is playable. */
static int nc_sure(const kf_config *cfg, const kf_state *s, int c, gn_spot *spots)
{
    int n = gn_new_connection_sure_spots(&s->gn, c, spots);
    if (n == 0)
        return 0;
    for (int i = 0; i < n; i++) {
        int r = s->gn.row[spots[i].target];
        if (rows_allow(cfg, s, gn_row_size_except(&s->gn, r, c),
                       gn_row_size_except(&s->gn, r + 1, c), c, spots[i].target))
            return 1;
    }
    return 0;
}

/* The moves an Event card e allows, appended to out. */
size_t kf_event_moves(const kf_config *cfg, const kf_state *s, gn_lazy_view *view, int e,
                      crown_move *out, int *blocked)
{
    size_t n = 0;
    int ev = CARD(cfg, e)->event;
    GN_FOR(&s->gn.active, t) {
        if (ev == KB_ENTHRONEMENT && kf_has_enthronement(cfg, s, t))
            continue;
        if (ev == KB_NEW_CONNECTION) {
            gn_spot spots[2 * GN_CARDS];
            if (!nc_sure(cfg, s, t, spots) &&
                nc_spots(cfg, s, gn_lazy(&s->gn, view), t, spots, blocked) == 0)
                continue;
        }
        out[n++] = KF_M_EVENT(e, t);
    }
    return n;
}

/* ---- the sibling run -------------------------------------------------- */

/* Sibling moves for the run, appended to out (out may be NULL to count). */
size_t kf_sibling_moves(const kf_config *cfg, const kf_state *s, crown_move *out, int *blocked)
{
    if (!kf_run_active(s))
        return 0;
    int number = CARD(cfg, s->run_child)->number;
    /* The Characters of the hand of the child's number (numbers 1-9, as
     * parsed: masked as kb_matching does). */
    gn_set cards = gn_set_and(&s->hand, &cfg->faces.characters);
    cards = gn_set_and(&cards, &cfg->faces.number[number % 10]);
    if (gn_set_empty(&cards))
        return 0;
    /* Where the next sibling may go, and whether the row has room, the
     * same for every card. */
    int free[2], full = gn_row_size(&s->gn, s->gn.row[s->run_child]) + 1 > KF_ROW_LIMIT;
    for (int i = 0; i < 2; i++) {
        int side = 2 * i - 1, r, x;
        free[i] = (!s->run_side || side == s->run_side) &&
                  !gn_sibling_slot(&s->gn, s->run_last, side, &r, &x);
    }
    size_t n = 0;
    GN_FOR(&cards, c) {
        if (cfg->faces.twin_characters && !first_of_face(cfg, &s->hand, c))
            continue;
        for (int i = 0; i < 2; i++) {
            if (!free[i])
                continue;
            if (full) {
                (*blocked)++;
                continue;
            }
            if (out)
                out[n] = KF_M_SIBLING(c, 2 * i - 1);
            n++;
        }
    }
    return n;
}

/* Is (row, x) where the next sibling of the run would go?  Right after a
 * birth that is beside the child on either side; after the first sibling,
 * beside the last one on the run's side.  A card of the child's number put
 * there is the sibling and nothing else. */
static int sibling_spot(const kf_state *s, int row, int x)
{
    if (!kf_run_active(s) || row != s->gn.row[s->run_child])
        return 0;
    if (s->run_side)
        return x == s->gn.x[s->run_last] + 2 * s->run_side;
    int dx = x - s->gn.x[s->run_child];
    return dx == 2 || dx == -2;
}

/* ---- legal moves ------------------------------------------------------ */

/* The plays of the player (KF_PLAY); *blocked counts plays refused only by
 * the row limit.  With `any`, stops at the first play (is there one?). */
size_t kf_gen_plays(const kf_config *cfg, const kf_state *s, crown_move *out, int *blocked,
                    int any)
{
    size_t n = 0;
    gn_lazy_view view;
    view.built = 0; /* (not the whole view: it is rarely needed) */
    int child_number = kf_run_active(s) ? CARD(cfg, s->run_child)->number : -1;
    /* Characters beside Active cards, as sets: the Active cards with a
     * usable side on each side, less, for a card of the child's number,
     * the sides where the next sibling goes (that card there is the
     * sibling, kf_sibling_moves, not an ordinary play). */
    /* (the Characters of a deck without identical ones are each a face) */
    gn_set characters = gn_set_and(&s->hand, &cfg->faces.characters);
    gn_set sides[2], sibling[2] = {{{0, 0}}, {{0, 0}}}, targets;
    for (int i = 0; i < 2; i++)
        sides[i] = gn_set_and(&s->gn.active, &s->gn.usable[i]);
    targets = sides[0];
    gn_set_or(&targets, &sides[1]);
    if (kf_run_active(s))
        GN_FOR(&targets, t)
            for (int i = 0; i < 2; i++)
                if (sibling_spot(s, s->gn.row[t], s->gn.x[t] + 2 * (2 * i - 1)))
                    gn_set_add(&sibling[i], t);
    kf_rows rows;
    rows_begin(s, &rows);
    GN_FOR(&characters, c) {
        if (cfg->faces.twin_characters && !first_of_face(cfg, &s->hand, c))
            continue;
        gn_set on = kb_matching(&cfg->deck, &cfg->faces, c, &targets), ok[2];
        for (int i = 0; i < 2; i++) {
            ok[i] = gn_set_and(&on, &sides[i]);
            if (CARD(cfg, c)->number == child_number)
                ok[i] = set_minus(&ok[i], &sibling[i]);
        }
        gn_set both = ok[0];
        gn_set_or(&both, &ok[1]);
        if (rows.crowded)
            GN_FOR(&both, t)
                if (rows_refuse(cfg, s, &rows, c, t))
                    for (int i = 0; i < 2; i++)
                        if (gn_set_has(&ok[i], t)) {
                            gn_set_del(&ok[i], t);
                            (*blocked)++;
                        }
        /* Left then right beside each card; a move is written at n
         * whether or not it is one, n moving past it only when it is
         * (the list has room: the Characters' plays are far fewer than
         * KF_MAX_MOVES). */
        GN_FOR(&both, t) {
            out[n] = KF_M_PLAY(c, t, -1);
            n += (size_t)gn_set_has(&ok[0], t);
            out[n] = KF_M_PLAY(c, t, 1);
            n += (size_t)gn_set_has(&ok[1], t);
        }
        if (any && n)
            return n;
    }
    size_t before_events = n;
    gn_set hand_events = s->hand;
    hand_events.w[0] &= ~characters.w[0];
    hand_events.w[1] &= ~characters.w[1];
    GN_FOR(&hand_events, e) {
        if (first_of_face(cfg, &s->hand, e))
            n += kf_event_moves(cfg, s, &view, e, out + n, blocked);
        if (any && n)
            return n;
    }
    size_t events = n - before_events;
    size_t siblings = kf_sibling_moves(cfg, s, out + n, blocked);
    n += siblings;
    if (cfg->events_optional && events > 0 && n == events && kf_can_draw(s) &&
        kf_set_count(&s->hand) < KF_HAND_LIMIT)
        out[n++] = KF_M_DRAW;
    return n;
}

size_t kf_legal(const void *config, const void *state, crown_move *out)
{
    const kf_config *cfg = config;
    const kf_state *s = state;
    size_t n = 0;
    int blocked = 0;
    switch (s->phase) {
    case KF_FOUND:
    case KF_DEAL:
    case KF_RESTART:
    case KF_DRAW:
    case KF_MARRIAGE:
        /* One outcome per face: identical cards are one outcome, weighted
         * by their number (kf_weights); the lowest id of a face is drawn. */
        return kb_face_outcomes(&cfg->deck, &cfg->faces, &s->pile, s->phase == KF_FOUND, out);
    case KF_PLAY: return kf_gen_plays(cfg, s, out, &blocked, 0);
    case KF_FORCED: {
        gn_lazy_view view;
        view.built = 0;
        return kf_event_moves(cfg, s, &view, s->forced, out, &blocked);
    }
    case KF_PLACE: {
        gn_spot spots[2 * GN_CARDS];
        int k = nc_spots_lifted(cfg, s, s->nc_card, spots, &blocked);
        for (int i = 0; i < k; i++)
            out[n++] = KF_M_PLACE(spots[i].target, spots[i].side);
        return n;
    }
    default: return 0;
    }
}

/* The chance nodes as a draw of one card of the pile (Characters only for
 * the founder). */
size_t kf_chance_count(const void *config, const void *state)
{
    const kf_config *cfg = config;
    const kf_state *s = state;
    return kb_face_count(&cfg->faces, &s->pile, s->phase == KF_FOUND);
}

crown_move kf_chance_nth(const void *config, const void *state, size_t k)
{
    const kf_config *cfg = config;
    const kf_state *s = state;
    return kb_face_nth(&cfg->faces, &s->pile, s->phase == KF_FOUND, k);
}

void kf_weights(const void *config, const void *state, uint32_t *weights)
{
    const kf_config *cfg = config;
    const kf_state *s = state;
    crown_move outcomes[GN_CARDS];
    size_t n = kf_legal(config, state, outcomes);
    kb_face_weights(&cfg->faces, &s->pile, outcomes, n, weights);
}

/* ---- who moves -------------------------------------------------------- */

int kf_current(const void *config, const void *state)
{
    (void)config;
    return kf_current_of(state);
}
