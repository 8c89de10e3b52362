/*
 * text.c - King's Family: the text of moves and positions: a move's text
 * (move_text), the notation (move_canon, move_parse) and the text
 * observation (observe).  The notation: docs/kings-family.md.
 */
#include "family.h"
#include "../why.h"

#define CARD(cfg, c) (&(cfg)->deck.card[c])

static void put_card(const kf_config *cfg, int c, crown_buf *b)
{
    kb_put_card(CARD(cfg, c), b);
}

static void put_target(const kf_config *cfg, const kf_state *s, int t, crown_buf *b)
{
    kb_put_target(&cfg->deck, &s->gn, t, s->phase == KF_PLACE ? s->nc_card : -1, b);
}

void kf_move_text(const void *config, const void *state, crown_move m, crown_buf *b)
{
    const kf_config *cfg = config;
    const kf_state *s = state;
    static const char *const chance_word[] = {"deal ", "found ", "turn ", "draw ", "marriage "};
    if (m >= 0 && m < GN_CARDS) {
        crown_buf_puts(b, chance_word[s->phase <= KF_MARRIAGE ? s->phase : 3]);
        put_card(cfg, m, b);
        return;
    }
    switch (KF_KIND(m)) {
    case CROWN_KB_K_PLAY:
        crown_buf_puts(b, "play ");
        put_card(cfg, KF_CARD(m), b);
        crown_buf_puts(b, KF_SIDE(m) < 0 ? " left of " : " right of ");
        put_target(cfg, s, KF_TARGET(m), b);
        return;
    case CROWN_KB_K_EVENT:
        put_card(cfg, KF_CARD(m), b);
        crown_buf_puts(b, " on ");
        put_target(cfg, s, KF_TARGET(m), b);
        return;
    case CROWN_KB_K_PLACE:
        crown_buf_puts(b, "place ");
        crown_buf_puts(b, KF_SIDE(m) < 0 ? "left of " : "right of ");
        put_target(cfg, s, KF_TARGET(m), b);
        return;
    case CROWN_KB_K_SIBLING:
        crown_buf_puts(b, "sibling ");
        put_card(cfg, KF_CARD(m), b);
        crown_buf_puts(b, KF_SIDE(m) < 0 ? " left" : " right");
        return;
    default: crown_buf_puts(b, "draw"); return;
    }
}

int kf_move_canon(const void *config, const char *text, crown_buf *out)
{
    (void)config;
    return kb_move_canon(text, 0, out);
}

void kf_observe(const void *config, const void *state, int viewer, crown_buf *b)
{
    const kf_config *cfg = config;
    const kf_state *s = state;
    static const char *const phase_txt[] = {
        "dealing", "founding the Genealogy", "restarting the Genealogy", "drawing",
        "drawing for a Marriage", "play", "play the Event drawn at the Marriage",
        "place the card the New Connection lifted", "over"};
    static const char *const end_txt[] = {"", "the hand is empty",
                                          "no play, and no card can be drawn",
                                          "10 cards in hand, none playable",
                                          "every play would break the row limit",
                                          "no Character to start the Genealogy",
                                          "the move limit was reached"};
    int64_t score = kf_score(cfg, s);
    crown_buf_printf(b, "King's Family, %s\n", phase_txt[s->phase]);
    crown_buf_puts(b, "Genealogy (row: card@x, x in half cards; * Active, ^ Enthronement):\n");
    genealogy shown = s->gn;
    if (s->phase == KF_PLACE)
        gn_remove(&shown, s->nc_card); /* the lifted card is in no row */
    kb_put_rows(&cfg->deck, &shown, b);
    crown_buf_printf(b, "generations: %d\n", gn_generations(&s->gn));
    char head[64];
    crown_buf hb;
    crown_buf_init(&hb, head, sizeof head);
    crown_buf_printf(&hb, "hand (%d):", kf_set_count(&s->hand));
    kb_put_list(&cfg->deck, head, &s->hand, b);
    int pile = kf_set_count(&s->pile);
    crown_buf_init(&hb, head, sizeof head);
    crown_buf_printf(&hb, "pile: %d card%s%s%s", pile, pile == 1 ? "" : "s",
                     s->dead ? ", never drawn again" : "",
                     viewer == CROWN_OMNISCIENT && pile ? ":" : "");
    if (viewer == CROWN_OMNISCIENT)
        kb_put_list(&cfg->deck, head, &s->pile, b);
    else
        crown_buf_printf(b, "%s\n", head);
    crown_buf_init(&hb, head, sizeof head);
    crown_buf_printf(&hb, "discards (%d):", kf_set_count(&s->discards));
    kb_put_list(&cfg->deck, head, &s->discards, b);
    if (!gn_set_empty(&s->aside))
        kb_put_list(&cfg->deck, "being resolved:", &s->aside, b);
    if (s->phase == KF_PLACE) {
        crown_buf_puts(b, "lifted: ");
        put_card(cfg, s->nc_card, b);
        crown_buf_printf(b, ", from row %d at %d\n", s->gn.row[s->nc_card],
                         s->gn.x[s->nc_card]);
    }
    if (kf_run_active(s)) {
        crown_buf_puts(b, "newborn: ");
        put_card(cfg, s->run_child, b);
        if (s->run_side)
            crown_buf_printf(b, ", siblings to the %s", s->run_side < 0 ? "left" : "right");
        crown_buf_putc(b, '\n');
    }
    crown_buf_printf(b, "exhausted piles: %lu\nscore: %lld (%s)\n", (unsigned long)s->exhausted,
                     (long long)score, kf_rating(score));
    if (s->phase == KF_OVER)
        crown_buf_printf(b, "game over: %s\n", end_txt[s->over]);
}

int kf_move_parse(const void *config, const void *state, const char *text, crown_move *out)
{
    const kf_config *cfg = config;
    const kf_state *s = state;
    kb_reading r = {&cfg->deck, &cfg->faces, &s->gn, s->phase == KF_PLACE ? s->nc_card : -1,
                    &s->hand, &s->pile, 0};
    return kb_move_parse(&r, text, out);
}
