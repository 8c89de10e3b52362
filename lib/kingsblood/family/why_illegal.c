/*
 * why_illegal.c - King's Family: why a move is not legal, for the messages
 * of crown_apply and crown_move_from_text (the rules table's why_illegal).
 * The rules it explains: docs/kings-family.md.
 *
 * Each reason is a fact of the state that rules the move out, checked in
 * turn; what no check explains gets a generic reason.
 */
#include "family.h"
#include "../why.h"

#define CARD(cfg, i) (&(cfg)->deck.card[i])

static void put_card(const kf_config *cfg, int c, crown_buf *b)
{
    kb_put_card(CARD(cfg, c), b);
}

static int why_draw(const kf_config *cfg, const kf_state *s, crown_buf *b)
{
    if (!cfg->events_optional)
        crown_buf_puts(b, "with events=must the player never chooses to draw");
    else if (gn_set_count(&s->hand) >= KF_HAND_LIMIT)
        crown_buf_printf(b, "the hand holds %d cards already", KF_HAND_LIMIT);
    else if (!kf_can_draw(s))
        crown_buf_puts(b, "no card can be drawn: the pile is empty");
    else
        crown_buf_puts(b, "drawing is a move only when Events are the only cards that can be "
                          "played");
    return 1;
}

/* The row limit: card c beside t, and the child its Marriage would bring
 * (the rows counted without `except`, a card a New Connection lifted, or
 * -1). */
static int why_rows(const kf_config *cfg, const kf_state *s, int c, int t, int except,
                    crown_buf *b)
{
    int r = s->gn.row[t];
    if (gn_row_size_except(&s->gn, r, except) + 1 > KF_ROW_LIMIT) {
        crown_buf_printf(b, "row %d holds %d cards, the most a row may hold", r, KF_ROW_LIMIT);
        return 1;
    }
    if (kb_marries(&cfg->deck, c, t) && kf_can_draw(s) &&
        gn_row_size_except(&s->gn, r + 1, except) + 1 > KF_ROW_LIMIT) {
        crown_buf_printf(b, "the Marriage's child would be card %d of row %d, where %d is the "
                            "most", KF_ROW_LIMIT + 1, r + 1, KF_ROW_LIMIT);
        return 1;
    }
    return 0;
}

/* A New Connection e on t, which has spots (kb_why_no_spot): the row limit
 * refuses every one, as nothing else can. */
static int why_nc_rows(const kf_config *cfg, int e, int t, crown_buf *b)
{
    if (CARD(cfg, e)->event != KB_NEW_CONNECTION)
        return 0;
    crown_buf_puts(b, "a New Connection on ");
    put_card(cfg, t, b);
    crown_buf_printf(b, ": wherever it went, a row would hold more than %d cards (a Marriage's "
                        "child counted)", KF_ROW_LIMIT);
    return 1;
}

/* Sibling c on `side` (0 left, 1 right): after a birth whose run is going
 * on, or has just ended for want of a place (past_child). */
static int why_sibling(const kf_config *cfg, const kf_state *s, int c, int side, crown_buf *b)
{
    int on = kf_run_active(s);
    int child = on ? s->run_child : s->past_child;
    if (child == KF_NONE) {
        crown_buf_puts(b, "siblings are played only right after a birth");
        return 1;
    }
    if (CARD(cfg, c)->number != CARD(cfg, child)->number) {
        put_card(cfg, c, b);
        crown_buf_puts(b, " is not of the number of the newborn child, ");
        put_card(cfg, child, b);
        return 1;
    }
    if (kb_why_sibling_spot(&cfg->deck, &s->gn, on ? s->run_last : s->past_last,
                            on ? s->run_side : s->past_side, side, b))
        return 1;
    int r = s->gn.row[child];
    if (gn_row_size(&s->gn, r) + 1 > KF_ROW_LIMIT) {
        crown_buf_printf(b, "row %d holds %d cards, the most a row may hold", r, KF_ROW_LIMIT);
        return 1;
    }
    if (on)
        return 0;
    /* The run ended when no sibling could be placed; the hand has changed
     * since only by draws. */
    crown_buf_puts(b, "the run of siblings of ");
    put_card(cfg, child, b);
    crown_buf_puts(b, " ended when no further sibling could be placed, before the cards drawn "
                      "since");
    return 1;
}

static int why_play(const kf_config *cfg, const kf_state *s, crown_move m, crown_buf *b)
{
    int kind = CROWN_KB_KIND(m), c = CROWN_KB_CARD(m), t = CROWN_KB_TARGET(m);
    if (s->phase == KF_FORCED) {
        if (kind != CROWN_KB_K_EVENT || c != s->forced) {
            crown_buf_puts(b, "the player must play ");
            put_card(cfg, s->forced, b);
            crown_buf_puts(b, ", drawn at the Marriage");
            return 1;
        }
    } else if (kb_why_not_held(&cfg->deck, &cfg->faces, &s->hand, c, "the player", b)) {
        return 1;
    }
    if (kind == CROWN_KB_K_SIBLING)
        return why_sibling(cfg, s, c, CROWN_KB_SIDE(m), b);
    if (kb_why_target(&cfg->deck, &s->gn, t, -1, 1, b))
        return 1;
    if (kind == CROWN_KB_K_EVENT)
        return kb_why_enthroned(&cfg->deck, &s->gn, c, t, b) ||
               kb_why_no_spot(&cfg->deck, &s->gn, c, t, b) || why_nc_rows(cfg, c, t, b);
    return kb_why_no_match(&cfg->deck, c, t, b) ||
           kb_why_side(&cfg->deck, &s->gn, t, CROWN_KB_SIDE(m), b) ||
           (kf_run_active(s) &&
            kb_why_sibling_not_play(&cfg->deck, &s->gn, c, t, CROWN_KB_SIDE(m), s->run_child,
                                    s->run_last, s->run_side, b)) ||
           why_rows(cfg, s, c, t, -1, b);
}

void kf_why_illegal(const void *config, const void *state, crown_move m, crown_buf *b)
{
    const kf_config *cfg = config;
    const kf_state *s = state;
    int kind = CROWN_KB_KIND(m), done = 1;
    if (s->phase == KF_OVER) {
        crown_buf_puts(b, "the game is over");
        return;
    }
    if (s->phase < KF_PLAY) {
        crown_buf_puts(b, m >= 0 && m < cfg->deck.n
                              ? "a card is drawn (a chance node): that card is not one of its "
                                "outcomes (crown_chance_outcomes)"
                              : "a card is drawn (a chance node): no move is chosen now");
        return;
    }
    if (m >= 0 && kind == CROWN_KB_K_CHANCE) {
        crown_buf_puts(b, "a card drawn is a chance outcome, and the player is to move");
        return;
    }
    if (crown_family_rules.action_index(config, m) < 0) {
        crown_buf_puts(b, "it is no move of King's Family with these options "
                          "(docs/kings-family.md, Moves)");
        return;
    }
    if (s->phase == KF_PLACE) {
        int t = CROWN_KB_TARGET(m), c = s->nc_card;
        if (kind == CROWN_KB_K_PLACE)
            done = kb_why_target(&cfg->deck, &s->gn, t, c, 0, b) ||
                   kb_why_place(&cfg->deck, &s->gn, c, t, CROWN_KB_SIDE(m), b) ||
                   why_rows(cfg, s, c, t, c, b);
        else
            crown_buf_puts(b, "the player is to place the card the New Connection lifted");
    } else if (kind == CROWN_KB_K_PLACE) {
        crown_buf_puts(b, "no card lifted by a New Connection is waiting to be placed");
    } else if (kind == CROWN_KB_K_DRAW) {
        done = s->phase == KF_FORCED ? why_play(cfg, s, m, b) : why_draw(cfg, s, b);
    } else {
        done = why_play(cfg, s, m, b);
    }
    if (!done)
        crown_buf_puts(b, "it is not one of the moves the rules allow now");
}
