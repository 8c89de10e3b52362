/*
 * deal.c - King's Blood's chance nodes drawn by the game itself with
 * chance=auto (the table's chance_run): the cards of the deal in one loop,
 * each drawn and applied exactly as the handle would draw and apply it as
 * a chance node of its own, and the other chance nodes through the table's
 * own hooks.  A new game deals 7 cards a player, then its founder: 15 to 43
 * chance nodes, most of what crown_new costs when each goes through the
 * handle.
 */
#include "../../core/rules.h"
#include "blood.h"

/* Deals the cards after which the deal goes on (another card to deal, the
 * pile not empty): for each, kbg_apply only moves the card from the pile
 * into the hand it falls to, face down, which ends an announcement (none
 * is made during a deal).  The card drawn is the k-th of the pile
 * (kbg_chance_count, kbg_shown_chance_nth: every card of the pile), its
 * outcome its face, and the card dealt the lowest of that face in the pile
 * (kbg_shown_apply): the same card unless the deck holds identical cards.
 * The pile's words are kept in registers with their bytes' running counts
 * (crown_byte_counts), taken down card by card rather than counted again:
 * the next card is found as soon as the last one is out.  Their outcomes to
 * out; how many. */
#if defined(__GNUC__)
__attribute__((noinline)) /* (its registers are not the other draws') */
#endif
static size_t deal_cards(const kbg_config *cfg, kbg_state *s, uint64_t seed, uint64_t first,
                         crown_move *out, size_t cap)
{
    const uint64_t ones = 0x0101010101010101ULL;
    int players = cfg->players, seat = (s->dealer + 1 + s->dealt) % players;
    uint64_t w0 = s->pile.w[0], w1 = s->pile.w[1];
    uint64_t up0 = crown_byte_counts(w0), up1 = crown_byte_counts(w1);
    uint64_t n = (up0 >> 56) + (up1 >> 56);
    uint64_t left = (uint64_t)(KBG_HAND * players - s->dealt); /* (dealt is below it) */
    uint64_t todo = (left < n ? left : n) - 1;
    if (todo > cap)
        todo = cap;
    gn_set *hand = s->hand;
    for (uint64_t i = 0; i < todo; i++, n--) {
        /* The k-th card, from the word holding it (chosen with masks: the
         * word is random, a branch would be mispredicted). */
        uint64_t k = crown_chance_place_in_run(seed, first + i, n), low = up0 >> 56;
        uint64_t hi = k >= low, in1 = -hi;
        uint64_t x = (w1 & in1) | (w0 & ~in1), up = (up1 & in1) | (up0 & ~in1);
        int c = crown_select_counted(x, up, (unsigned)(k - (low & in1))) + (int)(hi << 6);
        out[i] = cfg->deck.face[c];
        /* The lowest card of its face in the pile leaves it (its bit b0 or
         * b1; its byte's running count and those above it fall by one). */
        const gn_set *same = &cfg->faces.same[c];
        uint64_t m0 = w0 & same->w[0], m1 = w1 & same->w[1];
        uint64_t b0 = m0 & -m0, b1 = m1 & -m1 & -(uint64_t)(b0 == 0);
        w0 ^= b0;
        w1 ^= b1;
        up0 -= (-b0 >> 7) & ones;
        up1 -= (-b1 >> 7) & ones;
        hand[seat].w[0] |= b0;
        hand[seat].w[1] |= b1;
        seat = seat + 1 == players ? 0 : seat + 1;
    }
    /* (gaining a card ends an announcement: the seats dealt to) */
    for (uint64_t i = 0; i < todo && i < (uint64_t)players; i++)
        s->announced &= (uint8_t)~(1u << ((seat + players - 1 - (int)i) % players));
    s->pile.w[0] = w0;
    s->pile.w[1] = w1;
    s->dealt = (uint8_t)(s->dealt + todo);
    return (size_t)todo;
}

size_t kbg_chance_run(const void *config, void *state, uint64_t seed, uint64_t first,
                      crown_move *out, size_t cap)
{
    const kbg_config *cfg = config;
    kbg_state *s = state;
    size_t i = 0;
    while (i < cap && s->phase != KBG_PLAY && s->phase != KBG_OVER) {
        if (s->phase == KBG_DEAL) {
            i += deal_cards(cfg, s, seed, first + i, out + i, cap - i);
            if (i == cap)
                break;
        }
        /* (the deal's last card, and any other chance node, as the handle
         * draws it) */
        size_t k = (size_t)crown_chance_place(seed, first + i, kbg_chance_count(cfg, s));
        crown_move m = kbg_shown_chance_nth(cfg, s, k);
        out[i++] = m;
        kbg_shown_apply(cfg, s, m);
    }
    return i;
}
