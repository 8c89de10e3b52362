/*
 * play.c - Game of Kingdoms: what happens: the flow (init, apply and
 * everything it runs) and the results (returns, scores).  The hot path of
 * apply is here whole, for the compiler to inline its helpers.
 *
 * Cards are bits of a 64-bit set (id = rank * 4 + colour); a chance move is
 * the card dealt, turned up or drawn (legal.c: the chance outcomes).
 */
#include <string.h>

#include "../core/rules.h"
#include "kingdoms.h"

/* ---- card facts ------------------------------------------------------- */

static void remove_card(kd_state *s, int seat, int card)
{
    s->hand[seat] &= ~KD_BIT(card);
    s->known[seat] &= ~KD_BIT(card);
}

static void put_attack(kd_state *s, int seat, int card)
{
    remove_card(s, seat, card);
    s->att[s->natt] = (uint8_t)card;
    s->def[s->natt] = KD_NONE;
    s->owner[s->natt] = (uint8_t)seat;
    s->natt++;
    s->contributors |= (uint8_t)(1u << seat);
}

/* ---- flow ------------------------------------------------------------- */

static void start_deal(kd_state *s)
{
    memset(s->hand, 0, sizeof s->hand);
    memset(s->known, 0, sizeof s->known);
    s->pile = KD_ALL_CARDS;
    s->discards = 0;
    s->natt = 0;
    s->dealt = 0;
    s->trump = KD_NONE;
    s->trump_in_pile = 0;
    s->trump_drawer = KD_NONE;
    s->reveal_seat = KD_NONE;
    s->reveal_card = KD_NONE;
    s->bouts = 0;
    s->phase = KD_DEAL;
}

static void start_bout(const kd_config *c, kd_state *s, int attacker)
{
    s->attacker = (uint8_t)attacker;
    s->defender = (uint8_t)kd_next_in(c, s, attacker);
    int h = kd_popcount(s->hand[s->defender]);
    s->limit = (uint8_t)(h < KD_MAX_ATTACK ? h : KD_MAX_ATTACK);
    s->natt = 0;
    s->taken = 0;
    s->others_may_add = 0;
    s->passed = 0;
    s->contributors = 0;
    s->ask = KD_NONE;
    s->phase = KD_LEAD;
}

static void end_game(const kd_config *c, kd_state *s, int loser, enum kd_end how)
{
    s->last_end = (uint8_t)how;
    if (loser == KD_NONE) {
        s->draws++;
    } else {
        s->losses[loser]++;
        s->dealer = (uint8_t)loser; /* the loser deals; after a draw, the same dealer */
    }
    s->last_loser = (uint8_t)loser;
    s->games_done++;
    if (s->games_done >= c->games) {
        s->phase = KD_OVER;
        s->natt = 0;
        return;
    }
    start_deal(s);
}

/* After the refill: decide the game, or start the next bout. */
static void finish_bout(const kd_config *c, kd_state *s)
{
    int in = 0, last = KD_NONE;
    for (int p = 0; p < c->players; p++) {
        if (kd_is_in(s, p)) {
            in++;
            last = p;
        }
    }
    if (s->bouts < UINT32_MAX)
        s->bouts++; /* endless without max_bouts: saturate, never wrap */
    if (in <= 1) {
        end_game(c, s, in == 1 ? last : KD_NONE, in == 1 ? KD_END_LOSER : KD_END_NOBODY_LEFT);
        return;
    }
    if (c->max_bouts && s->bouts >= (uint32_t)c->max_bouts) {
        end_game(c, s, KD_NONE, KD_END_MAX_BOUTS);
        return;
    }
    int d = s->defender;
    int next = (s->success && kd_is_in(s, d)) ? d : kd_next_in(c, s, d);
    start_bout(c, s, next);
}

/* Draws for the refill until a chance node or the refill is done. */
static void run_refill(const kd_config *c, kd_state *s)
{
    while (s->refill_pos < s->nrefill) {
        int p = s->refill[s->refill_pos];
        if (kd_popcount(s->hand[p]) < KD_HAND_SIZE) {
            if (s->pile)
                return; /* chance node: p draws */
            if (s->trump_in_pile) {
                s->hand[p] |= KD_BIT(s->trump);
                s->known[p] |= KD_BIT(s->trump);
                s->trump_in_pile = 0;
                s->trump_drawer = (uint8_t)p;
                continue;
            }
        }
        s->refill_pos++;
    }
    finish_bout(c, s);
}

static void end_bout(const kd_config *c, kd_state *s)
{
    uint64_t t = kd_table_cards(s);
    int d = s->defender;
    if (s->taken) {
        s->hand[d] |= t;
        s->known[d] |= t;
        s->success = 0;
    } else {
        s->discards |= t;
        s->success = 1;
    }
    s->natt = 0;
    s->ask = KD_NONE;
    /* Refill: the attacker, the other contributors clockwise, the defender. */
    int a = s->attacker, k = 0;
    s->refill[k++] = (uint8_t)a;
    for (int i = 1, p = a; i < c->players; i++) {
        if (++p == c->players)
            p = 0;
        if (p != d && (s->contributors >> p & 1))
            s->refill[k++] = (uint8_t)p;
    }
    s->refill[k++] = (uint8_t)d;
    s->nrefill = (uint8_t)k;
    s->refill_pos = 0;
    s->phase = KD_REFILL;
    run_refill(c, s);
}

/* Asks the first eligible seat clockwise from `from` (inclusive) that has
 * not passed, or ends the adding (and the bout). */
static void ask_from(const kd_config *c, kd_state *s, int from)
{
    if (s->natt < s->limit) {
        /* The seats that may be asked to add, as bits: not the defender,
         * holding cards, the attacker (any such seat in ruthless play once
         * others may add), and not passed. */
        unsigned may = 0, all = (1u << c->players) - 1;
        if (c->ruthless && s->others_may_add) {
            for (int p = 0; p < c->players; p++)
                may |= (unsigned)(s->hand[p] != 0) << p;
        } else if (s->hand[s->attacker]) {
            may = 1u << s->attacker;
        }
        may &= ~(1u << s->defender) & ~(unsigned)s->passed;
        if (may) {
            /* The first clockwise from `from`: the seats rotated to start there. */
            unsigned rot = ((may >> from) | (may << (c->players - from))) & all;
            int p = from + __builtin_ctz(rot);
            s->ask = (uint8_t)(p >= c->players ? p - c->players : p);
            s->phase = KD_ASK;
            return;
        }
    }
    end_bout(c, s);
}

/* After every beat or take: the asking restarts at the attacker. */
static void restart_asking(const kd_config *c, kd_state *s)
{
    s->passed = 0;
    ask_from(c, s, s->attacker);
}

static void choose_first_attacker(const kd_config *c, kd_state *s)
{
    int attacker = (s->dealer + 1) % c->players;
    if (s->games_done == 0 || !c->later_left) {
        int tc = CROWN_KD_COLOUR(s->trump);
        for (int r = 0; r < 10 && s->reveal_seat == KD_NONE; r++) {
            int card = CROWN_KD_CARD(r, tc);
            for (int p = 0; p < c->players; p++) {
                if (s->hand[p] & KD_BIT(card)) {
                    s->reveal_seat = (uint8_t)p;
                    s->reveal_card = (uint8_t)card;
                    s->known[p] |= KD_BIT(card);
                    attacker = p;
                }
            }
        }
    }
    start_bout(c, s, attacker);
}

/* ---- the rules table functions ---------------------------------------- */

void kd_init(const void *config, void *state)
{
    (void)config;
    kd_state *s = state;
    memset(s, 0, sizeof *s);
    s->dealer = 0;
    s->last_loser = KD_NONE;
    start_deal(s);
}

void kd_apply(const void *config, void *state, crown_move m)
{
    const kd_config *c = config;
    kd_state *s = state;
    switch (s->phase) {
    case KD_DEAL: {
        int p = (s->dealer + 1 + s->dealt) % c->players;
        s->pile &= ~KD_BIT(m);
        s->hand[p] |= KD_BIT(m);
        if (++s->dealt == KD_HAND_SIZE * c->players)
            s->phase = KD_TRUMP;
        return;
    }
    case KD_TRUMP:
        s->pile &= ~KD_BIT(m);
        s->trump = (uint8_t)m;
        s->trump_in_pile = 1;
        choose_first_attacker(c, s);
        return;
    case KD_REFILL: {
        int p = s->refill[s->refill_pos];
        s->pile &= ~KD_BIT(m);
        s->hand[p] |= KD_BIT(m);
        run_refill(c, s);
        return;
    }
    case KD_LEAD: {
        int r = CROWN_KD_LEAD_RANK(m), mask = CROWN_KD_LEAD_MASK(m);
        for (int col = 0; col < 4; col++)
            if (mask >> col & 1)
                put_attack(s, s->attacker, CROWN_KD_CARD(r, col));
        s->phase = KD_DEFEND;
        return;
    }
    case KD_DEFEND:
        if (m == CROWN_KD_TAKE) {
            s->taken = 1;
            restart_asking(c, s);
        } else if (CROWN_KD_IS_TRANSFER(m)) {
            int old = s->defender;
            put_attack(s, old, m - CROWN_KD_TRANSFER(0));
            s->attacker = (uint8_t)old;
            s->defender = (uint8_t)kd_next_in(c, s, old);
            int h = kd_popcount(s->hand[s->defender]);
            s->limit = (uint8_t)(h < KD_MAX_ATTACK ? h : KD_MAX_ATTACK);
        } else {
            int a = CROWN_KD_BEAT_ATTACK(m), d = CROWN_KD_BEAT_DEFENCE(m);
            for (int i = 0; i < s->natt; i++)
                if (s->att[i] == a)
                    s->def[i] = (uint8_t)d;
            remove_card(s, s->defender, d);
            if (kd_all_beaten(s)) {
                s->others_may_add = 1;
                restart_asking(c, s);
            }
        }
        return;
    case KD_ASK: {
        int p = s->ask;
        if (m == CROWN_KD_PASS) {
            s->passed |= (uint8_t)(1u << p);
            ask_from(c, s, (p + 1) % c->players);
            return;
        }
        put_attack(s, p, m - CROWN_KD_ADD(0));
        s->passed = 0;
        if (s->taken) {
            ask_from(c, s, (p + 1) % c->players);
        } else {
            s->ask = KD_NONE;
            s->phase = KD_DEFEND;
        }
        return;
    }
    default: return;
    }
}

/* ---- results ---------------------------------------------------------- */

void kd_returns(const void *config, const void *state, double *out)
{
    const kd_config *c = config;
    const kd_state *s = state;
    int decided = s->games_done - s->draws;
    for (int p = 0; p < c->players; p++)
        out[p] = -(double)s->losses[p] + (double)(decided - s->losses[p]) / (c->players - 1);
}

/* The match is over and its last game was stopped by max_bouts (a match's
 * earlier game so stopped is a draw the match played on from). */
int kd_truncated(const void *config, const void *state)
{
    (void)config;
    const kd_state *s = state;
    return s->phase == KD_OVER && s->last_end == KD_END_MAX_BOUTS;
}

void kd_scores(const void *config, const void *state, double *out)
{
    const kd_config *c = config;
    const kd_state *s = state;
    for (int p = 0; p < c->players; p++)
        out[p] = s->losses[p];
}
