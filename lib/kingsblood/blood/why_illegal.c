/*
 * why_illegal.c - King's Blood: why a move is not legal, for the messages of
 * crown_apply and crown_move_from_text (the rules table's why_illegal).
 * The rules it explains: docs/kings-blood.md.
 *
 * Each reason is a fact of the state that rules the move out, checked in
 * turn; what no check explains gets a generic reason.  A reason names the
 * cards of the move, what is public and the hand of the player to move
 * (the card he just drew included), never another seat's hidden cards.
 */
#include "blood.h"
#include "../why.h"

#define CARD(cfg, i) (&(cfg)->deck.card[i])

static void put_card(const kbg_config *cfg, int c, crown_buf *b)
{
    kb_put_card(CARD(cfg, c), b);
}

/* What the player to move is asked for, in his mode. */
static void put_mode(const kbg_config *cfg, const kbg_state *s, crown_buf *b)
{
    crown_buf_printf(b, "seat %d ", s->player);
    switch (s->mode) {
    case KBG_M_TURN: crown_buf_puts(b, "is to play a card or draw"); return;
    case KBG_M_PENDING:
        crown_buf_puts(b, "is to shift the pending Draw 3 with a Skip, Reverse or Draw 3 card, "
                          "or take the cards");
        return;
    case KBG_M_DRAWN: crown_buf_puts(b, "may play the card he just drew, or stop"); return;
    case KBG_M_CHILD: crown_buf_puts(b, "may play on the newborn child, or stop"); return;
    case KBG_M_FREE: crown_buf_puts(b, "may play one more card anywhere, or stop"); return;
    case KBG_M_FORCED:
        crown_buf_puts(b, "must play ");
        put_card(cfg, s->forced, b);
        crown_buf_puts(b, ", drawn at the Marriage");
        return;
    default: crown_buf_puts(b, "is to place the card the New Connection lifted"); return;
    }
}

/* The card a move plays from the hand (-1: none). */
static int card_played(const kbg_config *cfg, crown_move m)
{
    switch (CROWN_KB_KIND(m)) {
    case CROWN_KB_K_PLAY:
    case CROWN_KB_K_EVENT:
    case CROWN_KB_K_EXILE:
    case CROWN_KB_K_SIBLING: return CROWN_KB_CARD(m);
    case CROWN_KB_K_KINGS_BLOOD: return cfg->kings_blood;
    default: return -1;
    }
}

/* The moves without a card: draw, stop, announce, pass, take. */
static int why_word(const kbg_config *cfg, const kbg_state *s, crown_move m, crown_buf *b)
{
    int p = s->player, n = gn_set_count(&s->hand[p]);
    switch (CROWN_KB_KIND(m)) {
    case CROWN_KB_K_ANNOUNCE:
        if (n > 2)
            crown_buf_printf(b, "seat %d holds %d cards: \"King's Blood!\" is announced with "
                                "at most 2", p, n);
        else if (s->announced >> p & 1)
            crown_buf_printf(b, "seat %d has announced already", p);
        else
            put_mode(cfg, s, b);
        return 1;
    case CROWN_KB_K_DRAW:
        if (s->mode != KBG_M_TURN)
            put_mode(cfg, s, b);
        else if (!kbg_can_draw(s))
            crown_buf_puts(b, "no card can be drawn: the pile and the discards are empty");
        else
            return 0;
        return 1;
    case CROWN_KB_K_PASS:
        if (s->mode != KBG_M_TURN)
            put_mode(cfg, s, b);
        else if (kbg_can_draw(s))
            crown_buf_puts(b, "a card can be drawn: pass only when nothing can be played or drawn");
        else
            crown_buf_printf(b, "seat %d can play a card: pass only when nothing can be played "
                                "or drawn", p);
        return 1;
    case CROWN_KB_K_TAKE:
        if (s->mode == KBG_M_PENDING)
            return 0;
        crown_buf_puts(b, "no Draw 3 is pending: ");
        put_mode(cfg, s, b);
        return 1;
    default: /* stop */
        if (s->mode == KBG_M_DRAWN || s->mode == KBG_M_CHILD || s->mode == KBG_M_FREE)
            return 0;
        crown_buf_puts(b, "there is nothing to stop: ");
        put_mode(cfg, s, b);
        return 1;
    }
}

/* Does the card allow this move in the player's mode and hand? */
static int why_card(const kbg_config *cfg, const kbg_state *s, crown_move m, int c, crown_buf *b)
{
    int p = s->player, kind = CROWN_KB_KIND(m);
    char who[16];
    crown_buf wb;
    crown_buf_init(&wb, who, sizeof who);
    crown_buf_printf(&wb, "seat %d", p);
    if (s->mode == KBG_M_FORCED) {
        if (c == s->forced && (kind == CROWN_KB_K_EVENT || kind == CROWN_KB_K_EXILE))
            return 0;
        put_mode(cfg, s, b);
        return 1;
    }
    if (kb_why_not_held(&cfg->deck, &cfg->faces, &s->hand[p], c, who, b))
        return 1;
    if (!gn_set_many(&s->hand[p])) {
        if (CARD(cfg, c)->kind != KB_CHARACTER) {
            put_card(cfg, c, b);
            crown_buf_printf(b, " is seat %d's last card, and the last card must be a Character", p);
            return 1;
        }
        if (!(s->announced >> p & 1)) {
            crown_buf_puts(b, "the last card is played only after announcing \"King's Blood!\"");
            return 1;
        }
    }
    if (s->mode == KBG_M_DRAWN && !gn_set_has(&cfg->faces.same[s->drawn], c)) {
        crown_buf_puts(b, "only the card just drawn, ");
        put_card(cfg, s->drawn, b);
        crown_buf_puts(b, ", may be played now (or stop)");
        return 1;
    }
    if (s->mode == KBG_M_PENDING &&
        (kind != CROWN_KB_K_PLAY || !gn_set_has(&cfg->faces.abilities, c))) {
        put_mode(cfg, s, b);
        return 1;
    }
    if (kind == CROWN_KB_K_SIBLING && s->mode != KBG_M_CHILD) {
        crown_buf_puts(b, "siblings are played only right after a birth");
        return 1;
    }
    if (kind == CROWN_KB_K_SIBLING && CARD(cfg, c)->number != CARD(cfg, s->child)->number) {
        put_card(cfg, c, b);
        crown_buf_puts(b, " is not of the number of the newborn child, ");
        put_card(cfg, s->child, b);
        return 1;
    }
    if (kind == CROWN_KB_K_SIBLING)
        return kb_why_sibling_spot(&cfg->deck, &s->gn, s->run_last, s->run_side,
                                   CROWN_KB_SIDE(m), b);
    return 0;
}

/* After a birth, a New Connection on another card than the child must put
 * it beside the child: is there a spot for it there? */
static int why_not_beside_child(const kbg_config *cfg, const kbg_state *s, int t, crown_buf *b)
{
    gn_spot spots[2 * GN_CARDS];
    int n = gn_new_connection_spots(&s->gn, t, spots);
    for (int i = 0; i < n; i++)
        if (spots[i].target == s->child)
            return 0;
    crown_buf_puts(b, "after a birth a New Connection on another card places it beside the "
                      "newborn child, ");
    put_card(cfg, s->child, b);
    crown_buf_puts(b, ", and neither side of it would take ");
    put_card(cfg, t, b);
    return 1;
}

/* Does the target allow this move? */
static int why_target(const kbg_config *cfg, const kbg_state *s, crown_move m, int c, crown_buf *b)
{
    int t = CROWN_KB_TARGET(m), kind = CROWN_KB_KIND(m), side = CROWN_KB_SIDE(m);
    const genealogy *g = &s->gn;
    if (kb_why_target(&cfg->deck, g, t, -1, 1, b))
        return 1;
    int nc = kind == CROWN_KB_K_EVENT && CARD(cfg, c)->event == KB_NEW_CONNECTION;
    if (s->mode == KBG_M_CHILD && t != s->child && !nc) {
        crown_buf_puts(b, "after a birth only the newborn child, ");
        put_card(cfg, s->child, b);
        crown_buf_puts(b, ", may be played on");
        return 1;
    }
    if (kind == CROWN_KB_K_EVENT && kb_why_enthroned(&cfg->deck, g, c, t, b))
        return 1;
    if (nc && s->mode == KBG_M_CHILD && t != s->child)
        return why_not_beside_child(cfg, s, t, b);
    if (nc)
        return kb_why_no_spot(&cfg->deck, g, c, t, b);
    if (kind == CROWN_KB_K_EXILE && CROWN_KB_SEAT(m) == s->winner) {
        crown_buf_printf(b, "seat %d has won: nothing can be given to him", s->winner);
        return 1;
    }
    if (kind != CROWN_KB_K_PLAY)
        return 0;
    int carrier = cfg->advanced ? kb_kings_blood_carrier(&cfg->deck, g) : -1;
    return (t != carrier && kb_why_no_match(&cfg->deck, c, t, b)) ||
           kb_why_side(&cfg->deck, g, t, side, b) ||
           (s->mode == KBG_M_CHILD &&
            kb_why_sibling_not_play(&cfg->deck, g, c, t, side, s->child, s->run_last,
                                    s->run_side, b));
}

void kbg_why_illegal(const void *config, const void *state, crown_move m, crown_buf *b)
{
    const kbg_config *cfg = config;
    const kbg_state *s = state;
    if (s->phase == KBG_OVER) {
        crown_buf_puts(b, "the game is over");
        return;
    }
    if (s->phase != KBG_PLAY) {
        crown_buf_puts(b, m >= 0 && m <= cfg->deck.n
                              ? "a card is drawn (a chance node): that card is not one of its "
                                "outcomes (crown_chance_outcomes)"
                              : "a card is drawn (a chance node): no player moves now");
        return;
    }
    if (m >= 0 && CROWN_KB_KIND(m) == CROWN_KB_K_CHANCE) {
        crown_buf_printf(b, "a card drawn is a chance outcome, and seat %d is to move", s->player);
        return;
    }
    if (crown_blood_rules.action_index(config, m) < 0) {
        if (CROWN_KB_KIND(m) == CROWN_KB_K_EXILE && CROWN_KB_SEAT(m) >= cfg->players)
            crown_buf_printf(b, "there is no seat %d (seats 0 to %d)", CROWN_KB_SEAT(m),
                             cfg->players - 1);
        else
            crown_buf_puts(b, "it is no move of King's Blood with these options "
                              "(docs/kings-blood.md, Moves)");
        return;
    }
    int kind = CROWN_KB_KIND(m), c = card_played(cfg, m), done;
    if (s->mode == KBG_M_PLACE) {
        if (kind != CROWN_KB_K_PLACE) {
            put_mode(cfg, s, b);
            return;
        }
        int t = CROWN_KB_TARGET(m);
        done = kb_why_target(&cfg->deck, &s->gn, t, s->nc_card, 0, b);
        if (!done && s->nc_to != KBG_NONE && t != s->nc_to) {
            crown_buf_puts(b, "after a birth the lifted card goes beside the newborn child, ");
            put_card(cfg, s->nc_to, b);
            done = 1;
        }
        if (!done)
            done = kb_why_place(&cfg->deck, &s->gn, s->nc_card, t, CROWN_KB_SIDE(m), b);
    } else if (kind == CROWN_KB_K_PLACE) {
        crown_buf_puts(b, "no card lifted by a New Connection is waiting: ");
        put_mode(cfg, s, b);
        done = 1;
    } else if (c < 0) {
        done = why_word(cfg, s, m, b);
    } else {
        done = why_card(cfg, s, m, c, b) ||
               (kind != CROWN_KB_K_SIBLING && why_target(cfg, s, m, c, b));
    }
    if (!done)
        crown_buf_puts(b, "it is not one of the moves the rules allow now");
}
