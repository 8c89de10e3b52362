/*
 * text.c - King's Blood in text: the text of moves (move_text,
 * move_text_seen), the notation (move_canon, move_parse) and the text
 * observation (observe).  The notation: docs/kings-blood.md.
 */
#include "blood.h"
#include "../why.h"

#define CARD(cfg, i) (&(cfg)->deck.card[i])
#define BIT(p) (1u << (p))

static void put_card(const kbg_config *cfg, int c, crown_buf *b)
{
    kb_put_card(CARD(cfg, c), b);
}

static void put_target(const kbg_config *cfg, const kbg_state *s, int t, crown_buf *b)
{
    int lifted = s->phase == KBG_PLAY && s->mode == KBG_M_PLACE ? s->nc_card : -1;
    kb_put_target(&cfg->deck, &s->gn, t, lifted, b);
}

void kbg_move_text(const void *config, const void *state, crown_move m, crown_buf *b)
{
    const kbg_config *cfg = config;
    const kbg_state *s = state;
    static const char *const chance_word[] = {"deal ", "found ", "turn ", "draw ", "marriage "};
    static const char *const side_txt[] = {" left of ", " right of "};
    int c = CROWN_KB_CARD(m), t = CROWN_KB_TARGET(m), side = CROWN_KB_SIDE(m);
    switch (CROWN_KB_KIND(m)) {
    case CROWN_KB_K_CHANCE:
        crown_buf_puts(b, chance_word[s->phase <= KBG_MARRIAGE ? s->phase : KBG_DRAW]);
        put_card(cfg, m, b);
        return;
    case CROWN_KB_K_PLAY:
        crown_buf_puts(b, "play ");
        put_card(cfg, c, b);
        crown_buf_puts(b, side_txt[side]);
        put_target(cfg, s, t, b);
        return;
    case CROWN_KB_K_EVENT:
    case CROWN_KB_K_EXILE:
        put_card(cfg, c, b);
        crown_buf_puts(b, " on ");
        put_target(cfg, s, t, b);
        if (CROWN_KB_KIND(m) == CROWN_KB_K_EXILE)
            crown_buf_printf(b, " to seat %d", CROWN_KB_SEAT(m));
        return;
    case CROWN_KB_K_PLACE:
        crown_buf_puts(b, "place");
        crown_buf_puts(b, side_txt[side]);
        put_target(cfg, s, t, b);
        return;
    case CROWN_KB_K_SIBLING:
        crown_buf_puts(b, "sibling ");
        put_card(cfg, c, b);
        crown_buf_puts(b, side ? " right" : " left");
        return;
    case CROWN_KB_K_KINGS_BLOOD:
        crown_buf_puts(b, "kings-blood on ");
        put_target(cfg, s, t, b);
        return;
    case CROWN_KB_K_DRAW: crown_buf_puts(b, "draw"); return;
    case CROWN_KB_K_STOP: crown_buf_puts(b, "stop"); return;
    case CROWN_KB_K_ANNOUNCE: crown_buf_puts(b, "announce"); return;
    case CROWN_KB_K_PASS: crown_buf_puts(b, "pass"); return;
    default: crown_buf_puts(b, "take"); return;
    }
}

int kbg_move_canon(const void *config, const char *text, crown_buf *out)
{
    (void)config;
    return kb_move_canon(text, 1, out);
}

/* The card a New Connection holds while it is placed, or -1. */
static int lifted(const kbg_state *s)
{
    return s->phase == KBG_PLAY && s->mode == KBG_M_PLACE ? s->nc_card : -1;
}

int kbg_move_parse(const void *config, const void *state, const char *text, crown_move *out)
{
    const kbg_config *cfg = config;
    const kbg_state *s = state;
    kb_reading r = {&cfg->deck, &cfg->faces, &s->gn, lifted(s),
                    &s->hand[s->player < KBG_MAXP ? s->player : 0], &s->pile, 1};
    return kb_move_parse(&r, text, out);
}

void kbg_move_text_seen(const void *config, const void *state, crown_move m, int viewer,
                        crown_buf *b)
{
    const kbg_config *cfg = config;
    const kbg_state *s = state;
    int to = CROWN_KB_KIND(m) == CROWN_KB_K_CHANCE ? kbg_receiver(cfg, s) : -1;
    if (to < 0 || to == viewer)
        kbg_move_text(config, state, m, b);
    else if (s->phase == KBG_DEAL)
        crown_buf_printf(b, "deal a card to seat %d", to);
    else
        crown_buf_printf(b, "draw: seat %d draws a card", to);
}

static const char *const mode_txt[] = {
    "play a card or draw",
    "take the pending cards, or shift them",
    "play the card just drawn, or stop",
    "play on the newborn child, add a sibling, or stop",
    "play one more card, anywhere, or stop",
    "play the Event drawn at the Marriage",
    "place the card the New Connection lifted"};

static void put_seat(const kbg_config *cfg, const kbg_state *s, int q, int viewer, crown_buf *b)
{
    char head[160];
    crown_buf hb;
    crown_buf_init(&hb, head, sizeof head);
    int n = kbg_count(&s->hand[q]);
    crown_buf_printf(&hb, "seat %d%s: %d card%s", q, q == viewer ? " (you)" : "", n,
                     n == 1 ? "" : "s");
    if (s->announced & BIT(q))
        crown_buf_puts(&hb, ", King's Blood!");
    if (s->lost & BIT(q))
        crown_buf_puts(&hb, ", loses his next turn");
    if (s->passed & BIT(q))
        crown_buf_puts(&hb, ", passed");
    gn_set known = s->known[q];
    if (kbg_shows_hand(s, viewer, q)) {
        if (n)
            crown_buf_putc(&hb, ':');
        kb_put_list(&cfg->deck, head, &s->hand[q], b);
        if (!gn_set_empty(&known))
            kb_put_list(&cfg->deck, "    face up:", &known, b);
    } else if (!gn_set_empty(&known)) {
        crown_buf_puts(&hb, ", face up:");
        kb_put_list(&cfg->deck, head, &known, b);
    } else {
        crown_buf_printf(b, "%s\n", head);
    }
}

void kbg_observe(const void *config, const void *state, int viewer, crown_buf *b)
{
    const kbg_config *cfg = config;
    const kbg_state *s = state;
    static const char *const end_txt[] = {"", "", "every player passed",
                                          "no Character to start the Genealogy",
                                          "the game's turn limit was reached",
                                          "the match's turn limit was reached"};
    static const char *const match_end_txt[] = {"", "", ", the match's turn limit was reached"};
    crown_buf_printf(b, "King's Blood, %d players, %s rules, scoring %s", cfg->players,
                     cfg->advanced ? "advanced" : "basic", cfg->scoring ? "B" : "A");
    if (cfg->match)
        crown_buf_printf(b, ", match to %d, game %lu", cfg->target,
                         (unsigned long)s->games_done + (s->phase == KBG_OVER ? 0 : 1));
    crown_buf_printf(b, "\ndealer: seat %d, direction: %s\n", s->dealer,
                     s->dir ? "counterclockwise" : "clockwise");
    if (viewer >= 0)
        crown_buf_printf(b, "you are seat %d\n", viewer);
    crown_buf_puts(b, "Genealogy (row: card@x in half cards; * Active, ^ Enthronement, "
                      "+ King's Blood):\n");
    genealogy shown = s->gn;
    if (s->phase == KBG_PLAY && s->mode == KBG_M_PLACE)
        gn_remove(&shown, s->nc_card); /* the lifted card is in no row */
    kb_put_rows(&cfg->deck, &shown, b);
    crown_buf_printf(b, "generations: %d\n", gn_generations(&s->gn));
    char head[64];
    crown_buf hb;
    crown_buf_init(&hb, head, sizeof head);
    int pile = kbg_count(&s->pile);
    crown_buf_printf(&hb, "pile: %d card%s", pile, pile == 1 ? "" : "s");
    if (s->reshuffles)
        crown_buf_printf(&hb, " (reshuffled %lu time%s)", (unsigned long)s->reshuffles,
                         s->reshuffles == 1 ? "" : "s");
    if (viewer == CROWN_OMNISCIENT && pile) {
        crown_buf_putc(&hb, ':');
        kb_put_list(&cfg->deck, head, &s->pile, b);
    } else {
        crown_buf_printf(b, "%s\n", head);
    }
    crown_buf_init(&hb, head, sizeof head);
    crown_buf_printf(&hb, "discards (%d):", kbg_count(&s->discards));
    kb_put_list(&cfg->deck, head, &s->discards, b);
    if (!gn_set_empty(&s->waiting))
        kb_put_list(&cfg->deck, "Events of this turn:", &s->waiting, b);
    if (cfg->advanced) {
        int kb = cfg->kings_blood;
        crown_buf_puts(b, "King's Blood card: ");
        if (gn_set_has(&s->gn.attached, kb)) {
            crown_buf_puts(b, "under ");
            kb_put_card(CARD(cfg, s->gn.under[kb]), b);
            crown_buf_printf(b, "@%d,%d\n", s->gn.row[s->gn.under[kb]], s->gn.x[s->gn.under[kb]]);
        } else {
            int holder = -1;
            for (int q = 0; q < cfg->players; q++)
                if (gn_set_has(&s->hand[q], kb))
                    holder = q;
            if (holder >= 0)
                crown_buf_printf(b, "in the hand of seat %d\n", holder);
            else
                crown_buf_puts(b, "set aside\n");
        }
    }
    for (int q = 0; q < cfg->players; q++)
        put_seat(cfg, s, q, viewer, b);
    if (s->phase == KBG_PLAY && s->mode == KBG_M_PLACE) {
        crown_buf_puts(b, "lifted: ");
        put_card(cfg, s->nc_card, b);
        crown_buf_printf(b, ", from row %d at %d\n", s->gn.row[s->nc_card],
                         s->gn.x[s->nc_card]);
    }
    if (s->phase == KBG_PLAY && s->child != KBG_NONE) {
        crown_buf_puts(b, "newborn: ");
        put_card(cfg, s->child, b);
        crown_buf_printf(b, "@%d,%d", s->gn.row[s->child], s->gn.x[s->child]);
        if (s->run_side)
            crown_buf_printf(b, ", siblings to the %s", s->run_side < 0 ? "left" : "right");
        crown_buf_putc(b, '\n');
    }
    if (s->phase == KBG_PLAY && s->mode == KBG_M_FORCED) {
        crown_buf_puts(b, "drawn at the Marriage: ");
        put_card(cfg, s->forced, b);
        crown_buf_putc(b, '\n');
    }
    if (s->phase == KBG_PLAY && s->mode == KBG_M_DRAWN) {
        if (viewer == s->player || viewer == CROWN_OMNISCIENT) {
            crown_buf_puts(b, "drawn: ");
            put_card(cfg, s->drawn, b);
            crown_buf_putc(b, '\n');
        } else {
            crown_buf_printf(b, "seat %d drew a card\n", s->player);
        }
    }
    if (s->pending)
        crown_buf_printf(b, "pending Draw 3: %d cards\n", s->pending);
    crown_buf_puts(b, "to move: ");
    switch (s->phase) {
    case KBG_OVER: crown_buf_puts(b, "nobody\n"); break;
    case KBG_PLAY:
        crown_buf_printf(b, "seat %d (%s)\n", s->player, mode_txt[s->mode]);
        break;
    case KBG_DEAL:
        crown_buf_printf(b, "chance (dealing to seat %d)\n", kbg_receiver(cfg, s));
        break;
    case KBG_DRAW: crown_buf_printf(b, "chance (seat %d draws)\n", s->drawer); break;
    case KBG_MARRIAGE: crown_buf_puts(b, "chance (the Marriage's draw)\n"); break;
    default: crown_buf_puts(b, "chance (a card turned up for the Genealogy)\n"); break;
    }
    crown_buf_puts(b, cfg->match ? "totals:" : "points:");
    for (int q = 0; q < cfg->players; q++)
        crown_buf_printf(b, " %ld", (long)s->total[q]);
    crown_buf_putc(b, '\n');
    if (cfg->match && s->games_done) {
        if (s->last_winner == KBG_NONE)
            crown_buf_puts(b, "last game: no winner\n");
        else
            crown_buf_printf(b, "last game: won by seat %d\n", s->last_winner);
    }
    if (s->phase == KBG_OVER) {
        if (s->over == KBG_END_WINNER)
            crown_buf_printf(b, "game over: seat %d won\n", s->winner);
        else
            crown_buf_printf(b, "game over: %s, no winner\n", end_txt[s->over]);
        if (cfg->match) {
            unsigned w = kbg_winners(cfg, s);
            if (!w) {
                crown_buf_printf(b, "match over: no winner%s\n", match_end_txt[s->match_over]);
            } else {
                crown_buf_puts(b, "match over, won by:");
                for (int q = 0; q < cfg->players; q++)
                    if (w & BIT(q))
                        crown_buf_printf(b, " seat %d", q);
                crown_buf_putc(b, '\n');
            }
        }
    }
}
