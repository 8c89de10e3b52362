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
    const gn_set *hand = &s->hand[p];
    gn_set ok;
    if (f->twin_characters) {
        ok = kb_firsts(f, hand);
    } else {
        /* Every Character is a face of its own: only the other cards can
         * have copies (a short walk: few of them). */
        gn_set characters = gn_set_and(hand, &f->characters);
        gn_set others = {{hand->w[0] & ~characters.w[0], hand->w[1] & ~characters.w[1]}};
        ok = kb_firsts(f, &others);
        gn_set_or(&ok, &characters);
    }
    if (!gn_set_many(hand))
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

/* What the plays of a decision are made of (modes but KBG_M_PLACE and
 * KBG_M_FORCED): the cards that may be played (playable), the Characters
 * among them, the cards that may be targeted (target_ok) and those that
 * take any Character (carrying the King's Blood card), and the number of
 * the child after a birth (-1: none). */
typedef struct kbg_offer {
    gn_set ok, characters, targets, any;
    int child_number;
} kbg_offer;

static void offer_init(const kbg_config *cfg, const kbg_state *s, kbg_offer *o)
{
    const gn_set *active = &s->gn.active;
    o->child_number = s->mode == KBG_M_CHILD ? CARD(cfg, s->child)->number : -1;
    o->targets = *active;
    o->any = (gn_set){{0, 0}};
    if (s->mode == KBG_M_CHILD) {
        o->targets = (gn_set){{0, 0}};
        if (gn_set_has(active, s->child))
            gn_set_add(&o->targets, s->child);
    }
    int carrier = cfg->advanced ? kb_kings_blood_carrier(&cfg->deck, &s->gn) : -1;
    if (carrier >= 0 && gn_set_has(&o->targets, carrier))
        gn_set_add(&o->any, carrier);
    o->ok = playable(cfg, s);
    o->characters = gn_set_and(&o->ok, &cfg->faces.characters);
}

/* The cards Character c may be played beside (in KBG_M_PENDING: shifts). */
static gn_set play_targets(const kbg_config *cfg, const kbg_offer *o, int c)
{
    gn_set on = kb_matching(&cfg->deck, &cfg->faces, c, &o->targets);
    gn_set_or(&on, &o->any);
    return on;
}

/* The plays of Character c beside Active cards, by target then side. */
static size_t character_plays(const kbg_config *cfg, const kbg_state *s, const kbg_offer *o,
                              int c, crown_move *out)
{
    size_t n = 0;
    gn_set on = play_targets(cfg, o, c);
    int face = cfg->deck.face[c];
    if (CARD(cfg, c)->number == o->child_number) {
        GN_FOR(&on, t) {
            for (int side = 0; side <= 1; side++) {
                int sd = side ? 1 : -1;
                if (!gn_side_usable(&s->gn, t, sd))
                    continue;
                if (sibling_spot(s, s->gn.row[t], s->gn.x[t] + 2 * sd))
                    continue; /* the next sibling, not an ordinary play */
                out[n++] = CROWN_KB_PLAY(face, t, side);
            }
        }
        return n;
    }
    /* Both sides written, each kept when usable (no branch on them; the
     * list has room for the one written past its end). */
    for (int w = 0; w < 2; w++) {
        uint64_t l = s->gn.usable[0].w[w], r = s->gn.usable[1].w[w];
        for (uint64_t bits = on.w[w]; bits; bits &= bits - 1) {
            int t = 64 * w + __builtin_ctzll(bits);
            out[n] = CROWN_KB_PLAY(face, t, 0);
            n += l >> (t & 63) & 1;
            out[n] = CROWN_KB_PLAY(face, t, 1);
            n += r >> (t & 63) & 1;
        }
    }
    return n;
}

/* The moves after the plays: Events, Exiles, siblings, the King's Blood
 * card, then the single moves; `before` is the number of plays before
 * them. */
static size_t later_moves(const kbg_config *cfg, const kbg_state *s, const kbg_offer *o,
                          gn_lazy_view *view, size_t before, crown_move *out)
{
    int mode = s->mode;
    const kb_faces *f = &cfg->faces;
    size_t n = 0;
    if (mode != KBG_M_PENDING) {
        gn_set events = gn_set_and(&o->ok, &f->events), exiles = gn_set_and(&o->ok, &f->exiles);
        GN_FOR(&events, e)
            n += kbg_event_moves(cfg, s, view, cfg->deck.face[e], 0, out + n);
        /* Exiles, ordered by seat (the encoding's order). */
        int exile = gn_set_next(&exiles, 0);
        if (exile >= 0)
            n += kbg_event_moves(cfg, s, view, cfg->deck.face[exile], 0, out + n);
        if (mode == KBG_M_CHILD) {
            gn_set siblings = gn_set_and(&o->characters, &f->number[o->child_number]);
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
        if (cfg->advanced && gn_set_has(&o->ok, kb))
            GN_FOR(&s->gn.active, t)
                if (target_ok(s, t))
                    out[n++] = CROWN_KB_KINGS_BLOOD(t);
    }
    size_t plays = before + n;
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

/* The moves of the decisions of modes KBG_M_PLACE and KBG_M_FORCED. */
static size_t lone_card_moves(const kbg_config *cfg, const kbg_state *s, crown_move *out)
{
    size_t n = 0;
    if (s->mode == KBG_M_PLACE) {
        gn_spot spots[2 * GN_CARDS];
        int k = gn_new_connection_spots(&s->gn, s->nc_card, spots);
        for (int i = 0; i < k; i++)
            if (s->nc_to == KBG_NONE || spots[i].target == s->nc_to)
                out[n++] = CROWN_KB_PLACE(spots[i].target, spots[i].side > 0);
    } else {
        gn_lazy_view view;
        view.built = 0; /* (not the whole view: it is rarely needed) */
        n = kbg_event_moves(cfg, s, &view, cfg->deck.face[s->forced], 1, out);
    }
    if (may_announce(s))
        out[n++] = CROWN_KB_ANNOUNCE;
    return n;
}

static size_t gen_decision(const kbg_config *cfg, const kbg_state *s, crown_move *out)
{
    if (s->mode == KBG_M_PLACE || s->mode == KBG_M_FORCED)
        return lone_card_moves(cfg, s, out);
    kbg_offer o;
    offer_init(cfg, s, &o);
    size_t n = 0;
    /* Characters beside Active cards (in KBG_M_PENDING: shifts). */
    GN_FOR(&o.characters, c)
        n += character_plays(cfg, s, &o, c, out + n);
    gn_lazy_view view;
    view.built = 0; /* (not the whole view: it is rarely needed) */
    return n + later_moves(cfg, s, &o, &view, n, out + n);
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

/* ---- the k-th legal move, without the list ---------------------------- */

/* The k-th card of a set (k below its count). */
static int set_select(const gn_set *set, size_t k)
{
    size_t low = (size_t)crown_popcount64(set->w[0]);
    return k < low ? crown_select64(set->w[0], (unsigned)k)
                   : 64 + crown_select64(set->w[1], (unsigned)(k - low));
}

/* The drawn move from the whole list, in the order kbg_shown_legal writes
 * it: the decisions the quick count below does not cover (shifts, after a
 * birth, a card lifted or forced, and decks whose faces' or places' order
 * is not the cards'). */
static crown_move pick_from_list(const kbg_config *cfg, const kbg_state *s, crown_pick *pick)
{
    size_t n = kbg_shown_legal(cfg, s, pick->list);
    size_t k = (size_t)crown_pick_place(pick, n);
    return n ? pick->list[k] : CROWN_KB_PASS;
}

/* The number of set bits of a, b, c and e together: crown_popcount64's
 * steps, the last ones shared, without a branch. */
static inline size_t popcount4(uint64_t a, uint64_t b, uint64_t c, uint64_t e)
{
    const uint64_t m1 = 0x5555555555555555ULL, m2 = 0x3333333333333333ULL,
                   m4 = 0x0f0f0f0f0f0f0f0fULL;
    a -= (a >> 1) & m1;
    b -= (b >> 1) & m1;
    c -= (c >> 1) & m1;
    e -= (e >> 1) & m1;
    a = (a & m2) + ((a >> 2) & m2) + (b & m2) + ((b >> 2) & m2); /* nibbles: at most 8 */
    c = (c & m2) + ((c >> 2) & m2) + (e & m2) + ((e >> 2) & m2);
    a = (a & m4) + ((a >> 4) & m4) + (c & m4) + ((c >> 4) & m4); /* bytes: at most 32 */
    return (size_t)((a * 0x0101010101010101ULL) >> 56);
}

/* The plays of Character c in a decision where every Active card is a
 * target and no sibling is due: one per usable side (`left`, `right`: the
 * Active cards with a usable side there) of the cards it matches and of
 * `any`. */
static size_t count_plays(const kbg_config *cfg, int c, const gn_set *left, const gn_set *right,
                          const gn_set *any)
{
    const kb_card *k = &cfg->deck.card[c];
    const gn_set *a = &cfg->faces.colour[k->colour & 3], *b = &cfg->faces.number[k->number % 10];
    uint64_t m0 = a->w[0] | b->w[0] | any->w[0], m1 = a->w[1] | b->w[1] | any->w[1];
    return popcount4(m0 & left->w[0], m1 & left->w[1], m0 & right->w[0], m1 & right->w[1]);
}

/* A run of the moves after the plays: `count` moves, each `base` with a
 * card of `on` as target, and for the Exiles each seat of `seats` (bits)
 * in turn with every card; or moves written out in `listed`. */
typedef struct kbg_run {
    crown_move base;
    int seats;
    size_t count;
    gn_set on;
    const crown_move *listed;
} kbg_run;

static crown_move run_move(const kbg_run *r, size_t nt, size_t k)
{
    if (r->listed)
        return r->listed[k];
    if (!r->seats)
        return r->base | set_select(&r->on, k) << 1;
    int q = crown_select64((uint64_t)r->seats, (unsigned)(k / nt));
    return r->base | q << 16 | set_select(&r->on, k % nt) << 1;
}

/* The quick draw of a decision of KBG_M_TURN, KBG_M_DRAWN or KBG_M_FREE
 * (every Active card a target, no sibling due) with a deck whose faces are
 * in the cards' order: the plays counted as sets, the Events, Exiles and
 * the King's Blood card as runs over the Active cards, then the single
 * moves; the move drawn built. */
static crown_move pick_quick(const kbg_config *cfg, const kbg_state *s, crown_pick *pick)
{
    const kb_deck *d = &cfg->deck;
    const kb_faces *f = &cfg->faces;
    const gn_set *active = &s->gn.active;
    gn_set ok = playable(cfg, s), characters = gn_set_and(&ok, &f->characters);
    gn_set left = gn_set_and(active, &s->gn.usable[0]), right = gn_set_and(active, &s->gn.usable[1]);
    gn_set any = {{0, 0}};
    int carrier = cfg->advanced ? kb_kings_blood_carrier(d, &s->gn) : -1;
    if (carrier >= 0 && gn_set_has(active, carrier))
        gn_set_add(&any, carrier);
    /* The plays by Character (each count kept for the draw). */
    size_t plays = 0;
    uint16_t per[GN_CARDS];
    int nc = 0;
    GN_FOR(&characters, c) {
        size_t m = count_plays(cfg, c, &left, &right, &any);
        per[nc++] = (uint16_t)m;
        plays += m;
    }
    /* Events (one run per face: there is one face of each kind), then
     * Exiles, then the King's Blood card. */
    size_t nt = (size_t)gn_set_count(active), later = 0;
    kbg_run runs[5];
    int nr = 0, exile = -1;
    crown_move listed[GN_CARDS];
    gn_set events = gn_set_and(&ok, &f->events);
    GN_FOR(&events, e) {
        kbg_run *r = &runs[nr++];
        int ev = d->card[e].event;
        r->base = CROWN_KB_EVENT(d->face[e], 0);
        r->on = *active;
        r->count = nt;
        r->seats = 0;
        r->listed = NULL;
        if (ev == KB_ENTHRONEMENT) {
            GN_FOR(&s->gn.attached, a)
                if (d->card[a].kind == KB_EVENT && d->card[a].event == KB_ENTHRONEMENT)
                    gn_set_del(&r->on, s->gn.under[a]);
            r->count = (size_t)gn_set_count(&r->on);
        } else if (ev == KB_NEW_CONNECTION && !gn_set_many(active)) {
            /* One Active card: is there a spot once it is lifted? */
            gn_lazy_view view;
            view.built = 0;
            r->count = kbg_event_moves(cfg, s, &view, d->face[e], 0, listed);
            r->listed = listed;
        }
        later += r->count;
    }
    gn_set exiles = gn_set_and(&ok, &f->exiles);
    if ((exile = gn_set_next(&exiles, 0)) >= 0) {
        kbg_run *r = &runs[nr++];
        r->base = CROWN_KB_EXILE(d->face[exile], 0, 0);
        r->on = *active;
        r->seats = (int)((1u << cfg->players) - 1) & ~(s->winner < 8 ? 1 << s->winner : 0);
        r->count = nt * (size_t)crown_popcount64((uint64_t)r->seats);
        r->listed = NULL;
        later += r->count;
    }
    if (cfg->advanced && gn_set_has(&ok, cfg->kings_blood)) {
        kbg_run *r = &runs[nr++];
        r->base = CROWN_KB_KINGS_BLOOD(0);
        r->on = *active;
        r->count = nt;
        r->seats = 0;
        r->listed = NULL;
        later += r->count;
    }
    /* The single moves. */
    size_t before = plays + later;
    crown_move single[3];
    size_t ns = 0;
    if (s->mode == KBG_M_TURN && kbg_can_draw(s))
        single[ns++] = CROWN_KB_DRAW;
    if (s->mode != KBG_M_TURN)
        single[ns++] = CROWN_KB_STOP;
    if (may_announce(s))
        single[ns++] = CROWN_KB_ANNOUNCE;
    if (s->mode == KBG_M_TURN && before == 0 && !kbg_can_draw(s))
        single[ns++] = CROWN_KB_PASS;
    size_t k = (size_t)crown_pick_place(pick, before + ns);
    if (k >= before)
        return k - before < ns ? single[k - before] : CROWN_KB_PASS;
    if (k < plays) {
        int i = 0;
        GN_FOR(&characters, c) {
            if (k >= per[i]) {
                k -= per[i++];
                continue;
            }
            gn_set on = kb_matching(d, f, c, active);
            gn_set_or(&on, &any);
            GN_FOR(&on, t) {
                size_t l = (size_t)gn_set_has(&left, t), sides = l + (size_t)gn_set_has(&right, t);
                if (k < sides)
                    return CROWN_KB_PLAY(d->face[c], t, !(l && k == 0));
                k -= sides;
            }
        }
    }
    k -= plays;
    for (int i = 0; i < nr; i++) {
        if (k < runs[i].count)
            return run_move(&runs[i], nt, k);
        k -= runs[i].count;
    }
    return CROWN_KB_PASS; /* (k beyond the count: never) */
}

crown_move kbg_legal_pick(const void *config, const void *state, crown_pick *pick)
{
    const kbg_config *cfg = config;
    const kbg_state *s = state;
    if (cfg->faces.faces_apart || cfg->faces.twin_characters ||
        (s->mode != KBG_M_TURN && s->mode != KBG_M_DRAWN && s->mode != KBG_M_FREE))
        return pick_from_list(cfg, s, pick);
    return pick_quick(cfg, s, pick);
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
