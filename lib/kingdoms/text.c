/*
 * text.c - Game of Kingdoms: the text of moves and positions: a move's
 * text (move_text, and move_text_seen for a viewer who does not see the
 * card), the notation read back (move_canon, move_parse), and the text
 * observation (observe).
 */
#include <string.h>

#include "../core/rules.h"
#include "kingdoms.h"

static const char colour_ch[4] = {'R', 'B', 'G', 'Y'};
static const char *const rank_txt[10] = {"5", "6", "7", "8", "9", "10", "N", "Q", "K", "H"};

void kd_put_card(crown_buf *b, int card)
{
    crown_buf_putc(b, colour_ch[CROWN_KD_COLOUR(card)]);
    crown_buf_puts(b, rank_txt[CROWN_KD_RANK(card)]);
}

static void put_cards(crown_buf *b, uint64_t set)
{
    int first = 1;
    for (; set; set &= set - 1) {
        if (!first)
            crown_buf_putc(b, ' ');
        kd_put_card(b, kd_lowest(set));
        first = 0;
    }
}

void kd_move_text(const void *config, const void *state, crown_move m, crown_buf *b)
{
    (void)config;
    const kd_state *s = state;
    if (CROWN_KD_IS_CHANCE(m)) {
        crown_buf_puts(b, s->phase == KD_DEAL ? "deal " : s->phase == KD_TRUMP ? "trump " : "draw ");
        kd_put_card(b, m);
    } else if (CROWN_KD_IS_LEAD(m)) {
        crown_buf_puts(b, "lead ");
        put_cards(b, (uint64_t)CROWN_KD_LEAD_MASK(m) << (4 * CROWN_KD_LEAD_RANK(m)));
    } else if (m == CROWN_KD_TAKE) {
        crown_buf_puts(b, "take");
    } else if (m == CROWN_KD_PASS) {
        crown_buf_puts(b, "pass");
    } else if (CROWN_KD_IS_ADD(m)) {
        crown_buf_puts(b, "add ");
        kd_put_card(b, m - CROWN_KD_ADD(0));
    } else if (CROWN_KD_IS_TRANSFER(m)) {
        crown_buf_puts(b, "transfer ");
        kd_put_card(b, m - CROWN_KD_TRANSFER(0));
    } else {
        crown_buf_puts(b, "beat ");
        kd_put_card(b, CROWN_KD_BEAT_ATTACK(m));
        crown_buf_puts(b, " with ");
        kd_put_card(b, CROWN_KD_BEAT_DEFENCE(m));
    }
}

/* Reads one lower-case card text ("r10", "bn"); its id, or -1. */
static int read_card(const char *t, size_t n)
{
    static const char colours[] = "rbgy";
    if (n < 2 || n > 3)
        return -1;
    const char *c = memchr(colours, t[0], 4);
    if (!c)
        return -1;
    int r = -1;
    if (n == 3)
        r = t[1] == '1' && t[2] == '0' ? 5 : -1; /* "10" */
    else if (t[1] >= '5' && t[1] <= '9')
        r = t[1] - '5';
    else
        for (int k = 6; k < 10; k++)
            if (t[1] == rank_txt[k][0] - 'A' + 'a')
                r = k;
    return r < 0 ? -1 : CROWN_KD_CARD(r, (int)(c - colours));
}

/* Splits a normalized text into at most `max` words; their number, or -1
 * when there are more. */
static int split_words(const char *text, const char **w, size_t *wn, int max)
{
    int k = 0;
    for (const char *p = text; *p;) {
        const char *sp = strchr(p, ' ');
        size_t n = sp ? (size_t)(sp - p) : strlen(p);
        if (k == max)
            return -1;
        w[k] = p;
        wn[k] = n;
        k++;
        p += n;
        if (*p == ' ')
            p++;
    }
    return k;
}

static int word_is(const char *w, size_t n, const char *s)
{
    return strlen(s) == n && memcmp(w, s, n) == 0;
}

/* The notation, whatever the order of a lead's cards (see rules.h). */
int kd_move_canon(const void *config, const char *text, crown_buf *out)
{
    (void)config;
    const char *w[6];
    size_t wn[6];
    int k = split_words(text, w, wn, 6);
    if (k == 1 && (word_is(w[0], wn[0], "take") || word_is(w[0], wn[0], "pass"))) {
        crown_buf_puts(out, text);
        return 0;
    }
    if (k < 2)
        return -1;
    int cards[6];
    for (int i = 1; i < k; i++)
        cards[i] = word_is(w[i], wn[i], "with") ? -2 : read_card(w[i], wn[i]);
    if (word_is(w[0], wn[0], "lead") && k <= 5) {
        uint64_t set = 0;
        for (int i = 1; i < k; i++) {
            if (cards[i] < 0 || (set & KD_BIT(cards[i])))
                return -1;
            set |= KD_BIT(cards[i]);
        }
        crown_buf_puts(out, "lead ");
        put_cards(out, set);
        return 0;
    }
    if (word_is(w[0], wn[0], "beat")) {
        if (k != 4 || cards[1] < 0 || cards[2] != -2 || cards[3] < 0)
            return -1;
        crown_buf_puts(out, text);
        return 0;
    }
    static const char *const one_card[] = {"deal", "trump", "draw", "add", "transfer"};
    for (size_t i = 0; i < sizeof one_card / sizeof one_card[0]; i++) {
        if (word_is(w[0], wn[0], one_card[i])) {
            if (k != 2 || cards[1] < 0)
                return -1;
            crown_buf_puts(out, text);
            return 0;
        }
    }
    return -1;
}

/* The move a canonical text names (the handle checks that it is legal and
 * that its text is this one). */
int kd_move_parse(const void *config, const void *state, const char *text, crown_move *out)
{
    (void)config;
    (void)state;
    const char *w[6];
    size_t wn[6];
    int k = split_words(text, w, wn, 6);
    if (k == 1) {
        if (word_is(w[0], wn[0], "take") || word_is(w[0], wn[0], "pass")) {
            *out = w[0][0] == 't' ? CROWN_KD_TAKE : CROWN_KD_PASS;
            return 0;
        }
        return -1;
    }
    int first = k >= 2 ? read_card(w[1], wn[1]) : -1;
    if (first < 0)
        return -1;
    if (word_is(w[0], wn[0], "lead") && k <= 5) {
        int mask = 0;
        for (int i = 1; i < k; i++) {
            int c = read_card(w[i], wn[i]);
            if (c < 0 || CROWN_KD_RANK(c) != CROWN_KD_RANK(first))
                return -1;
            mask |= 1 << CROWN_KD_COLOUR(c);
        }
        *out = CROWN_KD_LEAD(CROWN_KD_RANK(first), mask);
        return 0;
    }
    if (word_is(w[0], wn[0], "beat")) {
        int defence = k == 4 && word_is(w[2], wn[2], "with") ? read_card(w[3], wn[3]) : -1;
        if (defence < 0)
            return -1;
        *out = CROWN_KD_BEAT(first, defence);
        return 0;
    }
    if (k != 2)
        return -1;
    if (word_is(w[0], wn[0], "deal") || word_is(w[0], wn[0], "trump") ||
        word_is(w[0], wn[0], "draw"))
        *out = first;
    else if (word_is(w[0], wn[0], "add"))
        *out = CROWN_KD_ADD(first);
    else if (word_is(w[0], wn[0], "transfer"))
        *out = CROWN_KD_TRANSFER(first);
    else
        return -1;
    return 0;
}

/* The seat that draws the face-up trump while `m` is played in `state`, or
 * KD_NONE.  It is drawn without a chance event of its own (when it is the
 * last card, the refill takes it), by the move that ends a bout or by the
 * draw of the last card above it; so the move is played on a copy, whose
 * match ends with this game (a next game's deal would forget who drew
 * it). */
static int trump_drawn_by(const kd_config *c, const kd_state *s, crown_move m)
{
    if (!s->trump_in_pile)
        return KD_NONE;
    kd_config one = *c;
    one.games = s->games_done + 1;
    kd_state after = *s;
    kd_apply(&one, &after, m);
    return after.trump_in_pile ? KD_NONE : after.trump_drawer;
}

/* A card dealt or drawn is known to its receiver only; the face-up trump is
 * public, and so is who draws it. */
void kd_move_text_seen(const void *config, const void *state, crown_move m, int viewer,
                       crown_buf *b)
{
    const kd_config *c = config;
    const kd_state *s = state;
    int to = -1;
    if (CROWN_KD_IS_CHANCE(m) && s->phase == KD_DEAL)
        to = (s->dealer + 1 + s->dealt) % c->players;
    else if (CROWN_KD_IS_CHANCE(m) && s->phase == KD_REFILL)
        to = s->refill[s->refill_pos];
    if (to < 0 || to == viewer)
        kd_move_text(config, state, m, b);
    else if (s->phase == KD_DEAL)
        crown_buf_printf(b, "deal a card to seat %d", to);
    else
        crown_buf_printf(b, "draw: seat %d draws a card", to);
    int drawer = trump_drawn_by(c, s, m);
    if (drawer != KD_NONE) {
        crown_buf_printf(b, ", then seat %d draws the face-up trump ", drawer);
        kd_put_card(b, s->trump);
    }
}

/* A hand, trumps marked with '*'. */
static void put_hand(crown_buf *b, const kd_state *s, uint64_t set)
{
    int first = 1;
    for (; set; set &= set - 1) {
        int card = kd_lowest(set);
        if (!first)
            crown_buf_putc(b, ' ');
        kd_put_card(b, card);
        if (s->trump != KD_NONE && CROWN_KD_COLOUR(card) == CROWN_KD_COLOUR(s->trump))
            crown_buf_putc(b, '*');
        first = 0;
    }
}

static void put_seat_line(const kd_config *c, const kd_state *s, int p, int viewer,
                          crown_buf *b)
{
    crown_buf_printf(b, "seat %d%s: ", p, p == viewer ? " (you)" : "");
    if (!kd_is_in(s, p)) {
        crown_buf_puts(b, "out\n");
        return;
    }
    int n = kd_popcount(s->hand[p]);
    crown_buf_printf(b, "%d card%s", n, n == 1 ? "" : "s");
    if (viewer == p || viewer == CROWN_OMNISCIENT) {
        if (n) {
            crown_buf_puts(b, ": ");
            put_hand(b, s, s->hand[p]);
        }
    } else if (s->known[p]) {
        crown_buf_puts(b, ", known: ");
        put_hand(b, s, s->known[p]);
    }
    (void)c;
    crown_buf_putc(b, '\n');
}

/* Where the lowest trump shown at the start of the game is now, once it has
 * left the hand that showed it: every move that took it away was public. */
static void put_shown_card_now(const kd_config *c, const kd_state *s, crown_buf *b)
{
    uint64_t bit = KD_BIT(s->reveal_card);
    if (s->hand[s->reveal_seat] & bit)
        return;
    if (s->discards & bit) {
        crown_buf_puts(b, " (now discarded)");
        return;
    }
    if (kd_table_cards(s) & bit) {
        crown_buf_puts(b, " (now on the table)");
        return;
    }
    for (int p = 0; p < c->players; p++)
        if (s->known[p] & bit)
            crown_buf_printf(b, " (now held by seat %d)", p);
}

void kd_observe(const void *config, const void *state, int viewer, crown_buf *b)
{
    const kd_config *c = config;
    const kd_state *s = state;
    static const char *const phase_txt[] = {"dealing", "turning up the trump", "lead",
                                            "defend", "add or pass", "refill", "over"};
    crown_buf_printf(b, "Game of Kingdoms, %d players, %s, ", c->players,
                     c->ruthless ? "ruthless" : "basic");
    if (s->phase == KD_OVER)
        crown_buf_printf(b, "match of %d over\n", c->games);
    else
        crown_buf_printf(b, "game %d of %d, dealer seat %d\n", s->games_done + 1, c->games,
                         s->dealer);
    if (viewer >= 0)
        crown_buf_printf(b, "you are seat %d\n", viewer);

    {
        if (s->trump == KD_NONE) {
            crown_buf_printf(b, "trump: not turned up yet, %d cards dealt\n", s->dealt);
        } else {
            crown_buf_puts(b, "trump: ");
            kd_put_card(b, s->trump);
            if (s->trump_in_pile)
                crown_buf_puts(b, " (face up under the pile)");
            else
                crown_buf_printf(b, " (drawn by seat %d)", s->trump_drawer);
            crown_buf_puts(b, "; * marks a trump\n");
            if (s->reveal_seat != KD_NONE) {
                crown_buf_printf(b, "lowest trump: seat %d showed ", s->reveal_seat);
                kd_put_card(b, s->reveal_card);
                put_shown_card_now(c, s, b);
                crown_buf_putc(b, '\n');
            } else if (s->games_done == 0 || !c->later_left) {
                crown_buf_puts(b, "lowest trump: nobody held a trump\n");
            }
        }
        int pile = kd_popcount(s->pile) + s->trump_in_pile;
        crown_buf_printf(b, "pile: %d card%s", pile, pile == 1 ? "" : "s");
        if (viewer == CROWN_OMNISCIENT && s->pile) {
            crown_buf_puts(b, ": ");
            put_cards(b, s->pile);
        }
        crown_buf_printf(b, "\ndiscards: %d", kd_popcount(s->discards));
        if (s->discards) {
            crown_buf_puts(b, ": ");
            put_cards(b, s->discards);
        }
        crown_buf_putc(b, '\n');
        for (int p = 0; p < c->players; p++)
            put_seat_line(c, s, p, viewer, b);
    }
    if (s->phase >= KD_LEAD && s->phase <= KD_ASK) {
        crown_buf_printf(b, "bout: seat %d attacks seat %d, at most %d attack card%s%s\n",
                         s->attacker, s->defender, s->limit, s->limit == 1 ? "" : "s",
                         s->taken ? ", the defender takes" : "");
        crown_buf_puts(b, "table:");
        for (int i = 0; i < s->natt; i++) {
            crown_buf_putc(b, ' ');
            kd_put_card(b, s->att[i]);
            crown_buf_printf(b, "(%d)", s->owner[i]);
            if (s->def[i] != KD_NONE) {
                crown_buf_putc(b, '/');
                kd_put_card(b, s->def[i]);
            }
        }
        crown_buf_putc(b, '\n');
        if (s->passed) {
            crown_buf_puts(b, "passed:");
            for (int p = 0; p < c->players; p++)
                if (s->passed >> p & 1)
                    crown_buf_printf(b, " %d", p);
            crown_buf_putc(b, '\n');
        }
    }
    const char *what = s->phase <= KD_OVER ? phase_txt[s->phase] : "?";
    crown_buf_puts(b, "to move: ");
    if (s->phase == KD_OVER)
        crown_buf_puts(b, "nobody\n");
    else if (kd_current(c, s) == CROWN_CHANCE)
        crown_buf_printf(b, "chance (%s)\n", what);
    else
        crown_buf_printf(b, "seat %d (%s)\n", kd_current(c, s), what);
    crown_buf_puts(b, "losses:");
    for (int p = 0; p < c->players; p++)
        crown_buf_printf(b, " %d", s->losses[p]);
    crown_buf_printf(b, ", draws: %d", s->draws);
    if (s->games_done) {
        if (s->last_end == KD_END_MAX_BOUTS)
            crown_buf_printf(b, ", last game drawn at the bout limit (max_bouts=%d)",
                             c->max_bouts);
        else if (s->last_loser == KD_NONE)
            crown_buf_puts(b, ", last game drawn");
        else
            crown_buf_printf(b, ", last game lost by seat %d", s->last_loser);
    }
    crown_buf_putc(b, '\n');
}
