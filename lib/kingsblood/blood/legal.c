/*
 * legal.c - King's Blood: what may be done.  The facts about a position that
 * only the legal moves need, the legal moves of a decision, the chance
 * outcomes (count, nth, weights) and current.  The rules as the engine plays
 * them, and its decisions: docs/kings-blood.md.
 *
 * A chance node draws one card of the pile; identical cards are one
 * outcome, weighted by their number.
 */
#include "../../core/rules.h"
#include "blood.h"

#define CARD(cfg, i) (&(cfg)->deck.card[i])
#define BIT(p) (1u << (p))

/* ---- small helpers ---------------------------------------------------- */

/* Is (row, x) where the next sibling of the run goes? */
static int sibling_spot(const kbg_state *s, int row, int x)
{
    if (s->child == KBG_NONE || row != s->gn.row[s->child])
        return 0;
    if (s->run_side)
        return x == s->gn.x[s->run_last] + 2 * s->run_side;
    int dx = x - s->gn.x[s->child];
    return dx == 2 || dx == -2;
}

/* ---- legal moves ------------------------------------------------------ */

/* The cards of the hand that may be played in this mode: one per face (the
 * lowest copy; the moves name its face, see move_ids.c), the last card only as an announced Character, after a draw only
 * cards like the one drawn, against a pending Draw 3 or Skip only
 * Characters with an ability. */
static gn_set playable(const kbg_config *cfg, const kbg_state *s)
{
    int p = s->player;
    const kb_faces *f = &cfg->faces;
    gn_set ok = kb_firsts(f, &s->hand[p]);
    if (!gn_set_many(&s->hand[p]))
        ok = (s->announced & BIT(p)) ? gn_set_and(&ok, &f->characters) : (gn_set){{0, 0}};
    if (s->mode == KBG_M_DRAWN)
        ok = gn_set_and(&ok, &f->same[s->drawn]);
    else if (s->mode == KBG_M_PENDING)
        ok = gn_set_and(&ok, &f->abilities);
    return ok;
}

/* May t be targeted in this mode (after a birth: only the child)? */
static int target_ok(const kbg_state *s, int t)
{
    return s->mode != KBG_M_CHILD || t == s->child;
}


/* The moves of Event e on the Active cards (a forced one when `forced`). */
size_t kbg_event_moves(const kbg_config *cfg, const kbg_state *s, gn_lazy_view *view, int e,
                       int forced, crown_move *out)
{
    const gn_set *active = &s->gn.active;
    size_t n = 0;
    int ev = CARD(cfg, e)->event;
    if (ev == KB_EXILE) {
        for (int q = 0; q < cfg->players; q++) {
            if (q == s->winner)
                continue; /* nothing changes the result any more */
            GN_FOR(active, t)
                if (forced || target_ok(s, t))
                    out[n++] = CROWN_KB_EXILE(e, t, q);
        }
        return n;
    }
    GN_FOR(active, t) {
        if (ev == KB_ENTHRONEMENT && kb_has_enthronement(&cfg->deck, &s->gn, t))
            continue;
        if (ev == KB_NEW_CONNECTION) {
            gn_spot spots[2 * GN_CARDS];
            gn_view lifted;
            if (forced || s->mode != KBG_M_CHILD || t == s->child) {
                /* Is there a spot?  Usually one of those there before t is lifted. */
                if (gn_new_connection_sure_spots(&s->gn, t, spots) == 0 &&
                    gn_new_connection_spots_view(&s->gn, gn_lazy(&s->gn, view), t, spots,
                                                 &lifted) == 0)
                    continue;
            } else {
                int k = gn_new_connection_spots_view(&s->gn, gn_lazy(&s->gn, view), t, spots,
                                                     &lifted), beside = 0;
                /* After a birth: moving another card beside the child. */
                for (int i = 0; i < k; i++)
                    beside |= spots[i].target == s->child;
                if (!beside)
                    continue;
            }
        } else if (!forced && !target_ok(s, t)) {
            continue;
        }
        out[n++] = CROWN_KB_EVENT(e, t);
    }
    return n;
}

/* "King's Blood!" may be announced at any decision of the player's own
 * turn while he holds one or two cards and has no valid announcement (the
 * winner, whose hand is empty, has nothing to announce). */
static int may_announce(const kbg_state *s)
{
    const gn_set *hand = &s->hand[s->player];
    return !gn_set_empty(hand) && gn_set_at_most_two(hand) && !(s->announced & BIT(s->player));
}

static size_t gen_decision(const kbg_config *cfg, const kbg_state *s, crown_move *out)
{
    int mode = s->mode;
    size_t n = 0;
    if (mode == KBG_M_PLACE) {
        gn_spot spots[2 * GN_CARDS];
        int k = gn_new_connection_spots(&s->gn, s->nc_card, spots);
        for (int i = 0; i < k; i++)
            if (s->nc_to == KBG_NONE || spots[i].target == s->nc_to)
                out[n++] = CROWN_KB_PLACE(spots[i].target, spots[i].side > 0);
        if (may_announce(s))
            out[n++] = CROWN_KB_ANNOUNCE;
        return n;
    }
    gn_lazy_view view;
    view.built = 0; /* (not the whole view: it is rarely needed) */
    const gn_set *active = &s->gn.active;
    if (mode == KBG_M_FORCED) {
        n = kbg_event_moves(cfg, s, &view, cfg->deck.face[s->forced], 1, out);
        if (may_announce(s))
            out[n++] = CROWN_KB_ANNOUNCE;
        return n;
    }
    int child_number = mode == KBG_M_CHILD ? CARD(cfg, s->child)->number : -1;
    /* The cards that may be targeted (target_ok), and those that take any
     * Character (carrying the King's Blood card). */
    gn_set targets = *active, any = {{0, 0}};
    if (mode == KBG_M_CHILD) {
        targets = (gn_set){{0, 0}};
        if (gn_set_has(active, s->child))
            gn_set_add(&targets, s->child);
    }
    int carrier = cfg->advanced ? kb_kings_blood_carrier(&cfg->deck, &s->gn) : -1;
    if (carrier >= 0 && gn_set_has(&targets, carrier))
        gn_set_add(&any, carrier);
    const kb_faces *f = &cfg->faces;
    gn_set ok = playable(cfg, s), characters = gn_set_and(&ok, &f->characters);
    /* Characters beside Active cards (in KBG_M_PENDING: shifts). */
    GN_FOR(&characters, c) {
        gn_set on = kb_matching(&cfg->deck, &cfg->faces, c, &targets);
        gn_set_or(&on, &any);
        GN_FOR(&on, t) {
            for (int side = 0; side <= 1; side++) {
                int sd = side ? 1 : -1;
                if (!gn_side_usable(&s->gn, t, sd))
                    continue;
                if (CARD(cfg, c)->number == child_number &&
                    sibling_spot(s, s->gn.row[t], s->gn.x[t] + 2 * sd))
                    continue; /* the next sibling, not an ordinary play */
                out[n++] = CROWN_KB_PLAY(cfg->deck.face[c], t, side);
            }
        }
    }
    if (mode != KBG_M_PENDING) {
        gn_set events = gn_set_and(&ok, &f->events), exiles = gn_set_and(&ok, &f->exiles);
        GN_FOR(&events, e)
            n += kbg_event_moves(cfg, s, &view, cfg->deck.face[e], 0, out + n);
        /* Exiles, ordered by seat (the encoding's order). */
        int exile = gn_set_next(&exiles, 0);
        if (exile >= 0)
            n += kbg_event_moves(cfg, s, &view, cfg->deck.face[exile], 0, out + n);
        if (mode == KBG_M_CHILD) {
            gn_set siblings = gn_set_and(&characters, &f->number[child_number]);
            GN_FOR(&siblings, c) {
                for (int side = 0; side <= 1; side++) {
                    int sd = side ? 1 : -1, r, x;
                    if (s->run_side && sd != s->run_side)
                        continue;
                    if (gn_sibling_slot(&s->gn, s->run_last, sd, &r, &x) == 0)
                        out[n++] = CROWN_KB_SIBLING(cfg->deck.face[c], side);
                }
            }
        }
        int kb = cfg->kings_blood;
        if (cfg->advanced && gn_set_has(&ok, kb))
            GN_FOR(active, t)
                if (target_ok(s, t))
                    out[n++] = CROWN_KB_KINGS_BLOOD(t);
    }
    size_t plays = n;
    if (mode == KBG_M_TURN && kbg_can_draw(s))
        out[n++] = CROWN_KB_DRAW;
    if (mode == KBG_M_DRAWN || mode == KBG_M_CHILD || mode == KBG_M_FREE)
        out[n++] = CROWN_KB_STOP;
    if (may_announce(s))
        out[n++] = CROWN_KB_ANNOUNCE;
    if (mode == KBG_M_TURN && plays == 0 && !kbg_can_draw(s))
        out[n++] = CROWN_KB_PASS;
    if (mode == KBG_M_PENDING)
        out[n++] = CROWN_KB_TAKE;
    return n;
}

size_t kbg_legal(const void *config, const void *state, crown_move *out)
{
    const kbg_config *cfg = config;
    const kbg_state *s = state;
    switch (s->phase) {
    case KBG_DEAL:
    case KBG_RESTART:
    case KBG_DRAW:
    case KBG_MARRIAGE:
    case KBG_FOUND: {
        size_t n = kb_face_outcomes(&cfg->deck, &cfg->faces, &s->pile, s->phase == KBG_FOUND,
                                    out);
        for (size_t i = 0; i < n; i++)
            out[i] = cfg->deck.face[out[i]]; /* (named by face: move_ids.c) */
        return n;
    }
    case KBG_PLAY: return gen_decision(cfg, s, out);
    default: return 0;
    }
}

/* The chance nodes as a draw of one card of the pile (Characters only for
 * the founder): how many cards (the k-th card's face: move_ids.c). */
size_t kbg_chance_count(const void *config, const void *state)
{
    const kbg_config *cfg = config;
    const kbg_state *s = state;
    return kb_face_count(&cfg->faces, &s->pile, s->phase == KBG_FOUND);
}

void kbg_weights(const void *config, const void *state, uint32_t *weights)
{
    const kbg_config *cfg = config;
    const kbg_state *s = state;
    crown_move outcomes[GN_CARDS];
    size_t n = kbg_shown_legal(config, state, outcomes); /* (in the order shown) */
    kb_face_weights(&cfg->faces, &s->pile, outcomes, n, weights);
}

/* ---- who moves -------------------------------------------------------- */

int kbg_current(const void *config, const void *state)
{
    (void)config;
    const kbg_state *s = state;
    if (s->phase == KBG_PLAY)
        return s->player;
    return s->phase == KBG_OVER ? CROWN_TERMINAL : CROWN_CHANCE;
}
