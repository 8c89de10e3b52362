/*
 * play.c - King's Blood in play, with the advanced rules, both scorings and
 * match play: what happens.  The flow of a game and a match (init, apply
 * and everything it runs) and the results; what may be done is legal.c's.
 * The rules as the engine plays them, and its decisions: docs/kings-blood.md.
 *
 * Between chance nodes and decisions the game runs through steps (enum
 * kbg_step): a decision, draws, a Marriage, a forced Event, the end of a
 * turn, play passing on, play reaching a player.  Every card drawn is a
 * chance node; identical cards are one outcome, weighted by their number.
 */
#include <stddef.h>
#include <string.h>

#include "../../core/rules.h"
#include "blood.h"

#define CARD(cfg, i) (&(cfg)->deck.card[i])
#define BIT(p) (1u << (p))

/* ---- small helpers ---------------------------------------------------- */

static void sat_inc(uint32_t *v)
{
    if (*v < UINT32_MAX)
        (*v)++;
}

static int next_seat(const kbg_config *c, const kbg_state *s, int p)
{
    return s->dir ? (p + c->players - 1) % c->players : (p + 1) % c->players;
}

/* A draw from an empty pile first shuffles the discards into a new one. */
static void refill(kbg_state *s)
{
    if (gn_set_empty(&s->pile) && !gn_set_empty(&s->discards)) {
        s->pile = s->discards;
        memset(&s->discards, 0, sizeof s->discards);
        sat_inc(&s->reshuffles);
    }
}

static int any_character(const kbg_config *cfg, const gn_set *set)
{
    GN_FOR(set, c)
        if (CARD(cfg, c)->kind == KB_CHARACTER)
            return 1;
    return 0;
}

/* Card c enters p's hand (face up: everybody knows it is there).  Gaining a
 * card ends a "King's Blood!" announcement. */
static void gain(kbg_state *s, int p, int c, int face_up)
{
    gn_set_add(&s->hand[p], c);
    if (face_up)
        gn_set_add(&s->known[p], c);
    s->announced &= (uint8_t)~BIT(p);
}

/* Card c leaves p's hand (see kbg_seen_leaving). */
static void lose(const kbg_config *cfg, kbg_state *s, int p, int c, int drawn)
{
    int r = kbg_seen_leaving(cfg, s, p, c, drawn), was_known = gn_set_has(&s->known[p], c);
    gn_set_del(&s->hand[p], c);
    gn_set_del(&s->known[p], c);
    gn_set_del(&s->known[p], r);
    if (was_known && r != c)
        gn_set_add(&s->known[p], r);
}

static int carries_kb(const kbg_config *cfg, const kbg_state *s, int t)
{
    return cfg->advanced && kb_carries_kings_blood(&cfg->deck, &s->gn, t);
}

static void end_run(kbg_state *s)
{
    s->child = KBG_NONE;
    s->run_last = KBG_NONE;
    s->run_side = 0;
}

/* Removes t and what is attached to it into *removed. */
static void remove_card(kbg_state *s, int t, gn_set *removed)
{
    memset(removed, 0, sizeof *removed);
    gn_remove_with_attachments(&s->gn, t, removed);
}

/* Removed cards go to the discards, but the King's Blood card, set aside. */
static void discard_removed(const kbg_config *cfg, kbg_state *s, gn_set *removed)
{
    if (cfg->advanced && gn_set_has(removed, cfg->kings_blood)) {
        gn_set_del(removed, cfg->kings_blood);
        gn_set_add(&s->aside, cfg->kings_blood);
    }
    gn_set_or(&s->discards, removed);
}

/* Whoever plays an Enthronement takes the King's Blood card into his hand,
 * from wherever it is; a player whose only card it was wins at once. */
static void take_kings_blood(const kbg_config *cfg, kbg_state *s, int p)
{
    int kb = cfg->kings_blood;
    if (gn_set_has(&s->hand[p], kb))
        return;
    for (int q = 0; q < cfg->players; q++) {
        if (gn_set_has(&s->hand[q], kb)) {
            lose(cfg, s, q, kb, -1);
            if (gn_set_empty(&s->hand[q]) && s->winner == KBG_NONE)
                s->winner = (uint8_t)q;
        }
    }
    if (gn_set_has(&s->gn.attached, kb))
        gn_detach(&s->gn, kb);
    gn_set_del(&s->aside, kb);
    gain(s, p, kb, 1);
}

/* ---- the flow of a game ----------------------------------------------- */

/* A new game of the match: every card back in the pile, dealt by `dealer`. */
static void new_game(const kbg_config *cfg, kbg_state *s)
{
    gn_clear(&s->gn);
    memset(s->hand, 0, sizeof s->hand);
    memset(s->known, 0, sizeof s->known);
    memset(&s->discards, 0, sizeof s->discards);
    memset(&s->waiting, 0, sizeof s->waiting);
    memset(&s->aside, 0, sizeof s->aside);
    s->pile = cfg->all;
    if (cfg->advanced) {
        gn_set_del(&s->pile, cfg->kings_blood);
        gn_set_add(&s->aside, cfg->kings_blood); /* set aside at the start */
    }
    s->reshuffles = 0;
    s->turns = 0;
    s->pending = 0;
    s->draws_left = 0;
    s->dealt = 0;
    s->dir = 0;
    s->lost = s->announced = s->passed = 0;
    s->ability = KB_PLAIN;
    s->shifted = 0;
    s->winner = KBG_NONE;
    s->over = KBG_END_NONE;
    s->drawn = s->forced = s->nc_card = s->nc_to = KBG_NONE;
    s->parent = KBG_NONE;
    s->side = 0;
    end_run(s);
    s->player = (uint8_t)((s->dealer + 1) % cfg->players);
    s->step = KBG_S_DEAL;
}

static int32_t hand_points(const kbg_config *cfg, const kbg_state *s, int p)
{
    int32_t sum = 0;
    GN_FOR(&s->hand[p], c)
        sum += kb_points(CARD(cfg, c), cfg->event_points);
    return sum;
}

void kbg_game_points(const kbg_config *cfg, const kbg_state *s, int32_t *out)
{
    memset(out, 0, (size_t)cfg->players * sizeof *out);
    int w = s->winner;
    if (w == KBG_NONE)
        return;
    int enthroned = 0;
    GN_FOR(&s->gn.present, c)
        enthroned |= kb_has_enthronement(&cfg->deck, &s->gn, c);
    int32_t bonus = enthroned ? 5 * gn_generations(&s->gn) : 0;
    for (int q = 0; q < cfg->players; q++) {
        if (q == w)
            continue;
        if (cfg->scoring == 0)
            out[w] += hand_points(cfg, s, q);
        else
            out[q] = hand_points(cfg, s, q);
    }
    out[w] += cfg->scoring == 0 ? bonus : -bonus;
}

/* Has the match's turn limit been reached? */
static int match_turns_used(const kbg_config *cfg, const kbg_state *s)
{
    return cfg->max_match_turns && s->match_turns >= cfg->max_match_turns;
}

/* The game ends; in a match the next one starts unless the match is over. */
static void game_over(const kbg_config *cfg, kbg_state *s, int why)
{
    int32_t pts[KBG_MAXP];
    gn_set_or(&s->discards, &s->waiting); /* the end resolves everything */
    memset(&s->waiting, 0, sizeof s->waiting);
    if (s->forced != KBG_NONE)
        gn_set_add(&s->discards, s->forced);
    s->forced = KBG_NONE;
    s->over = (uint8_t)why;
    if (why != KBG_END_WINNER)
        s->winner = KBG_NONE;
    kbg_game_points(cfg, s, pts);
    for (int q = 0; q < cfg->players; q++)
        s->total[q] += pts[q];
    sat_inc(&s->games_done);
    s->last_winner = s->winner;
    s->step = KBG_S_OVER;
    if (!cfg->match)
        return;
    for (int q = 0; q < cfg->players; q++) {
        if (s->total[q] >= cfg->target) {
            s->match_over = KBG_MATCH_TARGET; /* reached, even on the last turn allowed */
            return;
        }
    }
    if (match_turns_used(cfg, s)) {
        s->match_over = KBG_MATCH_MAX_TURNS; /* even just after a game won */
        return;
    }
    s->dealer = (uint8_t)((s->dealer + 1) % cfg->players); /* the deal passes to the left */
    new_game(cfg, s);
}

static void start_turn(kbg_state *s, int q)
{
    s->player = (uint8_t)q;
    sat_inc(&s->turns);
    sat_inc(&s->match_turns);
    s->ability = KB_PLAIN;
    s->shifted = 0;
    s->drawn = KBG_NONE;
    s->nc_to = KBG_NONE;
    end_run(s);
    s->mode = s->pending ? KBG_M_PENDING : KBG_M_TURN;
    s->step = KBG_S_DECIDE;
}

/* The turn of s->player ends: Events to the discards, then the result, and
 * the penalty for an unannounced last card (its draws are chance nodes); the
 * turn limits come after everything the turn caused (turn_limits). */
static void end_turn(const kbg_config *cfg, kbg_state *s)
{
    int p = s->player;
    gn_set_or(&s->discards, &s->waiting);
    memset(&s->waiting, 0, sizeof s->waiting);
    end_run(s);
    s->drawn = KBG_NONE;
    if (s->winner != KBG_NONE) {
        game_over(cfg, s, KBG_END_WINNER);
        return;
    }
    s->step = KBG_S_LIMITS;
    if (!gn_set_empty(&s->hand[p]) && !gn_set_many(&s->hand[p]) && !(s->announced & BIT(p))) {
        s->lost |= (uint8_t)BIT(p);
        s->drawer = (uint8_t)p;
        s->draws_left = 3;
        s->then = KBG_S_LIMITS;
        s->step = KBG_S_DRAW;
    }
}

/* The turn is over with everything it caused (docs/kings-blood.md,
 * max_turns): the game's turn limit, then the match's, end the game;
 * otherwise play passes on. */
static void turn_limits(const kbg_config *cfg, kbg_state *s)
{
    s->drawn = KBG_NONE;
    if (cfg->max_turns && s->turns >= cfg->max_turns)
        game_over(cfg, s, KBG_END_MAX_TURNS);
    else if (match_turns_used(cfg, s))
        game_over(cfg, s, KBG_END_MATCH_TURNS);
    else
        s->step = KBG_S_PASS_ON;
}

/* The special ability of the last card played from hand acts on the next
 * player; a pending Draw 3 falls on whoever's turn it then is. */
static void pass_on(const kbg_config *cfg, kbg_state *s)
{
    int skip = 0;
    switch (s->ability) {
    case KB_SKIP: skip = 1; break;
    case KB_REVERSE:
        if (cfg->players == 2)
            skip = cfg->reverse_skips;
        else
            s->dir ^= 1;
        break;
    case KB_DRAW3: s->pending = (uint16_t)(s->pending + 3); break;
    default: break;
    }
    int q = next_seat(cfg, s, s->player);
    if (skip)
        q = next_seat(cfg, s, q);
    s->reach = (uint8_t)q;
    s->step = KBG_S_REACH;
}

/* Play reaches s->reach: a lost turn is used up (a pending Draw 3 is drawn,
 * with no shift) and play passes on; otherwise his turn starts. */
static void reach(const kbg_config *cfg, kbg_state *s)
{
    int q = s->reach;
    if (s->lost & BIT(q)) {
        s->lost &= (uint8_t)~BIT(q);
        s->reach = (uint8_t)next_seat(cfg, s, q);
        if (s->pending) {
            s->drawer = (uint8_t)q;
            s->draws_left = s->pending;
            s->pending = 0;
            s->then = KBG_S_REACH;
            s->step = KBG_S_DRAW;
        }
        return;
    }
    start_turn(s, q);
}

static size_t forced_moves(const kbg_config *cfg, const kbg_state *s, crown_move *out)
{
    gn_lazy_view view;
    view.built = 0; /* (not the whole view: it is rarely needed) */
    return kbg_event_moves(cfg, s, &view, s->forced, 1, out);
}

/* Works until a chance node, a decision or the end. */
static void advance(const kbg_config *cfg, kbg_state *s)
{
    for (;;) {
        if (s->step == KBG_S_OVER) {
            s->phase = KBG_OVER;
            return;
        }
        /* An empty Genealogy restarts at once, before anything else. */
        if (s->step != KBG_S_DEAL && gn_empty(&s->gn)) {
            if (!any_character(cfg, &s->pile) && !any_character(cfg, &s->discards)) {
                game_over(cfg, s, KBG_END_NO_FOUNDER);
                continue;
            }
            refill(s);
            s->phase = KBG_RESTART;
            return;
        }
        switch (s->step) {
        case KBG_S_DEAL:
            if (s->dealt < KBG_HAND * cfg->players && !gn_set_empty(&s->pile)) {
                s->phase = KBG_DEAL;
                return;
            }
            if (!any_character(cfg, &s->pile)) {
                game_over(cfg, s, KBG_END_NO_FOUNDER);
                continue;
            }
            s->phase = KBG_FOUND;
            return;
        case KBG_S_DECIDE: s->phase = KBG_PLAY; return;
        case KBG_S_DRAW:
            if (s->draws_left == 0 || !kbg_can_draw(s)) {
                s->draws_left = 0;
                s->step = s->then;
                continue;
            }
            refill(s);
            s->phase = KBG_DRAW;
            return;
        case KBG_S_MARRIAGE:
            if (!kbg_can_draw(s)) {
                s->step = KBG_S_END_TURN; /* nothing to draw: no child */
                continue;
            }
            refill(s);
            s->phase = KBG_MARRIAGE;
            return;
        case KBG_S_FORCED: {
            crown_move tmp[KBG_MAXP * GN_CARDS];
            if (forced_moves(cfg, s, tmp) == 0) {
                /* No legal target: discarded. */
                gn_set_add(&s->discards, s->forced);
                s->forced = KBG_NONE;
                s->step = KBG_S_END_TURN;
                continue;
            }
            s->mode = KBG_M_FORCED;
            s->step = KBG_S_DECIDE;
            continue;
        }
        case KBG_S_END_TURN: end_turn(cfg, s); continue;
        case KBG_S_LIMITS: turn_limits(cfg, s); continue;
        case KBG_S_PASS_ON: pass_on(cfg, s); continue;
        case KBG_S_REACH: reach(cfg, s); continue;
        default: s->step = KBG_S_OVER; continue;
        }
    }
}

/* After a play from hand that formed no Marriage: an Assassination or the
 * King's Blood card earns one more card; anything else ends the turn. */
static void after_play(kbg_state *s, int one_more)
{
    if (one_more && s->winner == KBG_NONE) {
        s->mode = KBG_M_FREE;
        s->step = KBG_S_DECIDE;
    } else {
        s->step = KBG_S_END_TURN;
    }
}

/* Event e (from p's hand or forced) on t; Exile gives to q. */
static void play_event(const kbg_config *cfg, kbg_state *s, int e, int t, int q)
{
    int p = s->player;
    gn_set removed;
    switch (CARD(cfg, e)->event) {
    case KB_ASSASSINATION:
        remove_card(s, t, &removed);
        discard_removed(cfg, s, &removed);
        gn_set_add(&s->waiting, e);
        after_play(s, 1);
        return;
    case KB_EXILE:
        remove_card(s, t, &removed);
        GN_FOR(&removed, r)
            gain(s, q, r, 1); /* the card and its attachments, face up */
        gn_set_add(&s->waiting, e);
        after_play(s, 0);
        return;
    case KB_NEW_CONNECTION:
        gn_set_add(&s->waiting, e);
        s->nc_to = (uint8_t)(s->mode == KBG_M_CHILD && t != s->child ? s->child : KBG_NONE);
        s->nc_card = (uint8_t)t;
        s->mode = KBG_M_PLACE;
        s->step = KBG_S_DECIDE;
        return;
    default: /* Enthronement: it stays, attached */
        gn_set_del(&s->waiting, e);
        gn_attach(&s->gn, e, t);
        memset(&removed, 0, sizeof removed);
        gn_enthrone(&s->gn, t, &removed);
        discard_removed(cfg, s, &removed);
        if (cfg->advanced && s->winner == KBG_NONE)
            take_kings_blood(cfg, s, p);
        after_play(s, 0);
        return;
    }
}

/* A card from p's hand is played (after a draw, the card drawn). */
static void played(const kbg_config *cfg, kbg_state *s, int c)
{
    int p = s->player;
    lose(cfg, s, p, c, s->mode == KBG_M_DRAWN ? s->drawn : -1);
    s->passed = 0;
    s->ability = CARD(cfg, c)->kind == KB_CHARACTER ? CARD(cfg, c)->ability : KB_PLAIN;
    if (gn_set_empty(&s->hand[p]) && CARD(cfg, c)->kind == KB_CHARACTER)
        s->winner = (uint8_t)p;
}

static void marriage_or_end(kbg_state *s, int married, int parent, int side)
{
    if (married) {
        s->parent = (uint8_t)parent;
        s->side = (int8_t)side;
        s->step = KBG_S_MARRIAGE;
    } else {
        s->step = KBG_S_END_TURN;
    }
}

static void apply_decision(const kbg_config *cfg, kbg_state *s, crown_move m)
{
    int p = s->player, mode = s->mode;
    int c = CROWN_KB_CARD(m), t = CROWN_KB_TARGET(m), side = CROWN_KB_SIDE(m) ? 1 : -1;
    switch (CROWN_KB_KIND(m)) {
    case CROWN_KB_K_PLAY:
        played(cfg, s, c);
        gn_place_beside(&s->gn, c, t, side);
        end_run(s);
        if (mode == KBG_M_PENDING) {
            s->shifted = 1; /* the shift is the whole turn: no Marriage */
            s->step = KBG_S_END_TURN;
            return;
        }
        marriage_or_end(s, kb_marries(&cfg->deck, c, t) || carries_kb(cfg, s, t), t, side);
        return;
    case CROWN_KB_K_EVENT:
    case CROWN_KB_K_EXILE:
        if (mode == KBG_M_FORCED) {
            s->forced = KBG_NONE; /* in no hand: play_event adds it to the turn's Events */
            s->passed = 0;
        } else {
            played(cfg, s, c);
        }
        play_event(cfg, s, c, t, CROWN_KB_SEAT(m));
        if (s->mode != KBG_M_PLACE)
            end_run(s);
        return;
    case CROWN_KB_K_PLACE: {
        int moved = s->nc_card;
        gn_move(&s->gn, moved, t, side);
        s->nc_card = KBG_NONE;
        s->nc_to = KBG_NONE;
        s->passed = 0;
        end_run(s);
        marriage_or_end(s,
                        kb_marries(&cfg->deck, moved, t) || carries_kb(cfg, s, moved) ||
                            carries_kb(cfg, s, t),
                        t, side);
        return;
    }
    case CROWN_KB_K_SIBLING: {
        int r, x;
        gn_sibling_slot(&s->gn, s->run_last, side, &r, &x);
        played(cfg, s, c);
        gn_place_at(&s->gn, c, r, x);
        s->run_side = (int8_t)side;
        s->run_last = (uint8_t)c;
        if (s->winner != KBG_NONE) {
            s->step = KBG_S_END_TURN;
        } else {
            s->mode = KBG_M_CHILD;
            s->step = KBG_S_DECIDE;
        }
        return;
    }
    case CROWN_KB_K_KINGS_BLOOD:
        played(cfg, s, cfg->kings_blood);
        gn_attach(&s->gn, cfg->kings_blood, t);
        end_run(s);
        after_play(s, 1);
        return;
    case CROWN_KB_K_DRAW:
        s->drawer = (uint8_t)p;
        s->draws_left = 1;
        s->then = KBG_S_DECIDE;
        s->mode = KBG_M_DRAWN;
        s->step = KBG_S_DRAW;
        return;
    case CROWN_KB_K_STOP: s->step = KBG_S_END_TURN; return;
    case CROWN_KB_K_ANNOUNCE:
        s->announced |= (uint8_t)BIT(p);
        s->step = KBG_S_DECIDE;
        return;
    case CROWN_KB_K_PASS:
        s->passed |= (uint8_t)BIT(p);
        if (s->passed == (1u << cfg->players) - 1)
            game_over(cfg, s, KBG_END_PASSES);
        else
            s->step = KBG_S_END_TURN;
        return;
    default: /* CROWN_KB_K_TAKE */
        s->drawer = (uint8_t)p;
        s->draws_left = s->pending;
        s->pending = 0;
        s->then = KBG_S_DECIDE;
        s->mode = KBG_M_TURN;
        s->step = KBG_S_DRAW;
        return;
    }
}

void kbg_apply(const void *config, void *state, crown_move m)
{
    const kbg_config *cfg = config;
    kbg_state *s = state;
    switch (s->phase) {
    case KBG_DEAL:
        gn_set_del(&s->pile, m);
        gain(s, (s->dealer + 1 + s->dealt) % cfg->players, m, 0);
        s->dealt++;
        break;
    case KBG_FOUND:
        gn_set_del(&s->pile, m);
        gn_found(&s->gn, m); /* its special effect, if any, is ignored */
        start_turn(s, (s->dealer + 1) % cfg->players);
        break;
    case KBG_RESTART:
        gn_set_del(&s->pile, m);
        s->passed = 0;
        if (CARD(cfg, m)->kind == KB_CHARACTER)
            gn_found(&s->gn, m);
        else
            gn_set_add(&s->discards, m); /* Events turned up are discarded */
        break;
    case KBG_DRAW:
        gn_set_del(&s->pile, m);
        gain(s, s->drawer, m, 0);
        s->draws_left--;
        s->drawn = (uint8_t)m;
        s->passed = 0;
        break;
    case KBG_MARRIAGE:
        gn_set_del(&s->pile, m);
        s->passed = 0;
        if (CARD(cfg, m)->kind == KB_CHARACTER) {
            gn_place_child(&s->gn, m, s->parent, s->side);
            end_run(s);
            if (s->winner != KBG_NONE) {
                s->step = KBG_S_END_TURN;
            } else {
                s->child = (uint8_t)m;
                s->run_last = (uint8_t)m;
                s->mode = KBG_M_CHILD;
                s->step = KBG_S_DECIDE;
            }
        } else {
            s->forced = (uint8_t)m; /* played at once, by this player */
            s->step = KBG_S_FORCED;
        }
        break;
    case KBG_PLAY: apply_decision(cfg, s, m); break;
    default: return;
    }
    advance(cfg, s);
}

void kbg_init(const void *config, void *state)
{
    const kbg_config *cfg = config;
    kbg_state *s = state;
    /* Every byte: the Genealogy (the first field) by new_game's gn_clear,
     * the rest here. */
    _Static_assert(offsetof(kbg_state, gn) == 0, "the Genealogy comes first");
    memset((unsigned char *)s + sizeof s->gn, 0, sizeof *s - sizeof s->gn);
    s->dealer = 0; /* seat 0 deals the first game */
    s->last_winner = KBG_NONE;
    new_game(cfg, s);
    advance(cfg, s);
}

/* ---- results ---------------------------------------------------------- */

/* The winners of a finished game or match, as bits (0: none). */
unsigned kbg_winners(const kbg_config *cfg, const kbg_state *s)
{
    if (s->phase != KBG_OVER)
        return 0;
    if (!cfg->match)
        return s->winner == KBG_NONE ? 0 : BIT(s->winner);
    if (s->match_over != KBG_MATCH_TARGET)
        return 0;
    unsigned w = 0;
    int32_t best = 0;
    for (int q = 0; q < cfg->players; q++) {
        int32_t v = s->total[q];
        if (cfg->scoring == 0) {
            if (v >= cfg->target)
                w |= BIT(q);
        } else if (!w || v < best) {
            w = BIT(q);
            best = v;
        } else if (v == best) {
            w |= BIT(q);
        }
    }
    return w;
}

/* Stopped by max_turns or max_match_turns: a single game that either
 * ended, or a match that max_match_turns ended (a game of a match stopped
 * by max_turns scores nothing, and the match plays on). */
int kbg_truncated(const void *config, const void *state)
{
    const kbg_config *cfg = config;
    const kbg_state *s = state;
    if (s->phase != KBG_OVER)
        return 0;
    if (cfg->match)
        return s->match_over == KBG_MATCH_MAX_TURNS;
    return s->over == KBG_END_MAX_TURNS || s->over == KBG_END_MATCH_TURNS;
}

void kbg_returns(const void *config, const void *state, double *out)
{
    const kbg_config *cfg = config;
    unsigned w = kbg_winners(cfg, state);
    int k = __builtin_popcount(w), n = cfg->players;
    for (int q = 0; q < n; q++)
        out[q] = (k == 0 || k == n) ? 0.0 : (w & BIT(q)) ? 1.0 / k : -1.0 / (n - k);
}

void kbg_scores(const void *config, const void *state, double *out)
{
    const kbg_config *cfg = config;
    const kbg_state *s = state;
    for (int q = 0; q < cfg->players; q++)
        out[q] = s->total[q];
}
