/*
 * why_illegal.c - Game of Kingdoms: why a move is not legal, for the
 * messages of crown_apply and crown_move_from_text (the rules table's
 * why_illegal; docs/game-of-kingdoms.md states the rules it explains).
 *
 * Each reason is a fact of the state that rules the move out, checked in
 * turn; what no check explains gets a generic reason.  A reason names the
 * cards of the move and the hand of the player to move only: never another
 * seat's hidden cards.
 */
#include "../core/rules.h"
#include "kingdoms.h"

/* "RQ is not in seat 0's hand" when card is not in seat's hand; 1 then. */
static int not_held(const kd_state *s, int seat, int card, crown_buf *b)
{
    if (s->hand[seat] >> card & 1)
        return 0;
    kd_put_card(b, card);
    crown_buf_printf(b, " is not in seat %d's hand", seat);
    return 1;
}

/* The place of attack card a on the table, or -1. */
static int on_table(const kd_state *s, int a)
{
    for (int i = 0; i < s->natt; i++)
        if (s->att[i] == a)
            return i;
    return -1;
}

/* What the player to move is asked for. */
static void put_turn(const kd_state *s, crown_buf *b)
{
    switch (s->phase) {
    case KD_LEAD: crown_buf_printf(b, "seat %d is to lead", s->attacker); return;
    case KD_DEFEND: crown_buf_printf(b, "seat %d is to defend", s->defender); return;
    default: crown_buf_printf(b, "seat %d is asked to add a card or pass", s->ask); return;
    }
}

static void why_beat(const kd_state *s, int a, int d, crown_buf *b)
{
    int i = on_table(s, a), tc = CROWN_KD_COLOUR(s->trump);
    if (i < 0) {
        kd_put_card(b, a);
        crown_buf_puts(b, " is not an attack card on the table");
    } else if (s->def[i] != KD_NONE) {
        kd_put_card(b, a);
        crown_buf_puts(b, " is already beaten by ");
        kd_put_card(b, s->def[i]);
    } else if (!not_held(s, s->defender, d, b)) {
        kd_put_card(b, d);
        if (CROWN_KD_COLOUR(d) == CROWN_KD_COLOUR(a)) {
            crown_buf_puts(b, " is lower than ");
            kd_put_card(b, a);
        } else if (CROWN_KD_COLOUR(a) == tc) {
            crown_buf_puts(b, " is not a trump, and ");
            kd_put_card(b, a);
            crown_buf_puts(b, " is one: only a higher trump beats it");
        } else {
            crown_buf_puts(b, " is neither of the colour of ");
            kd_put_card(b, a);
            crown_buf_puts(b, " nor a trump");
        }
    }
}

static int why_transfer(const kd_config *c, const kd_state *s, int card, crown_buf *b)
{
    if (!c->ruthless) {
        crown_buf_puts(b, "there is no transfer in the basic variant");
        return 1;
    }
    if (not_held(s, s->defender, card, b))
        return 1;
    for (int i = 0; i < s->natt; i++) {
        if (s->def[i] != KD_NONE) {
            crown_buf_puts(b, "no transfer once an attack card has been beaten");
            return 1;
        }
    }
    if (s->natt && CROWN_KD_RANK(card) != CROWN_KD_RANK(s->att[0])) {
        kd_put_card(b, card);
        crown_buf_puts(b, " is not of the rank of the attack cards");
        return 1;
    }
    int nd = kd_next_in(c, s, s->defender);
    if (nd == KD_NONE) {
        crown_buf_puts(b, "no other player is still in to take the attack");
        return 1;
    }
    if (s->contributors >> nd & 1) {
        crown_buf_printf(b, "seat %d, the next player, has put an attack card down in this bout",
                         nd);
        return 1;
    }
    if (kd_popcount(s->hand[nd]) < s->natt + 1) {
        crown_buf_printf(b, "seat %d holds %d cards, fewer than the %d attack cards a transfer "
                            "would make", nd, kd_popcount(s->hand[nd]), s->natt + 1);
        return 1;
    }
    return 0;
}

static int why_lead(const kd_state *s, crown_move m, crown_buf *b)
{
    int r = CROWN_KD_LEAD_RANK(m), mask = CROWN_KD_LEAD_MASK(m);
    for (int col = 0; col < 4; col++)
        if ((mask >> col & 1) && not_held(s, s->attacker, CROWN_KD_CARD(r, col), b))
            return 1;
    if (kd_popcount((uint64_t)mask) > s->limit) {
        crown_buf_printf(b, "this bout takes at most %d attack card%s", s->limit,
                         s->limit == 1 ? "" : "s");
        return 1;
    }
    return 0;
}

static int why_add(const kd_state *s, int card, crown_buf *b)
{
    if (not_held(s, s->ask, card, b))
        return 1;
    for (int i = 0; i < s->natt; i++)
        if (CROWN_KD_RANK(s->att[i]) == CROWN_KD_RANK(card) ||
            (s->def[i] != KD_NONE && CROWN_KD_RANK(s->def[i]) == CROWN_KD_RANK(card)))
            return 0;
    crown_buf_puts(b, "no card of the rank of ");
    kd_put_card(b, card);
    crown_buf_puts(b, " is on the table");
    return 1;
}

/* Is m a move of the kind the phase asks for? */
static int kind_fits(const kd_state *s, crown_move m)
{
    switch (s->phase) {
    case KD_LEAD: return CROWN_KD_IS_LEAD(m);
    case KD_DEFEND: return m == CROWN_KD_TAKE || CROWN_KD_IS_TRANSFER(m) || CROWN_KD_IS_BEAT(m);
    default: return m == CROWN_KD_PASS || CROWN_KD_IS_ADD(m);
    }
}

void kd_why_illegal(const void *config, const void *state, crown_move m, crown_buf *b)
{
    const kd_config *c = config;
    const kd_state *s = state;
    int expressible = CROWN_KD_IS_CHANCE(m) || m == CROWN_KD_TAKE || m == CROWN_KD_PASS ||
                      (CROWN_KD_IS_LEAD(m) && CROWN_KD_LEAD_MASK(m) != 0) ||
                      CROWN_KD_IS_ADD(m) || CROWN_KD_IS_TRANSFER(m) ||
                      (CROWN_KD_IS_BEAT(m) && CROWN_KD_BEAT_DEFENCE(m) < CROWN_KD_CARDS);
    if (s->phase == KD_OVER) {
        crown_buf_puts(b, "the match is over");
        return;
    }
    if (s->phase == KD_DEAL || s->phase == KD_TRUMP || s->phase == KD_REFILL) {
        static const char *const what[] = {"a card is being dealt", "the trump is being turned up",
                                           "", "", "", "a card is being drawn"};
        crown_buf_printf(b, "%s (a chance node): ", what[s->phase]);
        crown_buf_puts(b, CROWN_KD_IS_CHANCE(m)
                              ? "that card is not one of its outcomes (crown_chance_outcomes)"
                              : "no player moves now");
        return;
    }
    if (!expressible) {
        crown_buf_puts(b, "it is no move of Game of Kingdoms (docs/game-of-kingdoms.md, Moves)");
        return;
    }
    if (CROWN_KD_IS_CHANCE(m)) {
        crown_buf_puts(b, "a card dealt or drawn is a chance outcome, and ");
        put_turn(s, b);
        return;
    }
    if (!kind_fits(s, m)) {
        put_turn(s, b);
        return;
    }
    int done = 0;
    if (CROWN_KD_IS_LEAD(m))
        done = why_lead(s, m, b);
    else if (CROWN_KD_IS_TRANSFER(m))
        done = why_transfer(c, s, m - CROWN_KD_TRANSFER(0), b);
    else if (CROWN_KD_IS_ADD(m))
        done = why_add(s, m - CROWN_KD_ADD(0), b);
    else if (CROWN_KD_IS_BEAT(m)) {
        size_t before = b->len;
        why_beat(s, CROWN_KD_BEAT_ATTACK(m), CROWN_KD_BEAT_DEFENCE(m), b);
        done = b->len != before;
    }
    if (!done)
        crown_buf_puts(b, "it is not one of the moves the rules allow now");
}
