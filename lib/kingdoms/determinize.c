/*
 * determinize.c - Game of Kingdoms: the hidden cards dealt anew, as one
 * viewer may believe them (the rules table's resample).
 */
#include <string.h>

#include "../core/rules.h"
#include "kingdoms.h"

/* The cards a decision shows to everybody. */
static uint64_t cards_shown(crown_move m)
{
    if (CROWN_KD_IS_LEAD(m))
        return (uint64_t)CROWN_KD_LEAD_MASK(m) << (4 * CROWN_KD_LEAD_RANK(m));
    if (CROWN_KD_IS_ADD(m))
        return KD_BIT(m - CROWN_KD_ADD(0));
    if (CROWN_KD_IS_TRANSFER(m))
        return KD_BIT(m - CROWN_KD_TRANSFER(0));
    if (CROWN_KD_IS_BEAT(m))
        return KD_BIT(CROWN_KD_BEAT_DEFENCE(m));
    return 0;
}

/*
 * Each game of the match is redealt on its own.  A chance event is pinned
 * (kept) when the viewer saw its card: a card dealt or drawn to the viewer,
 * the trump, and every card that was ever shown (played, or shown as the
 * lowest trump).  The other events, and the cards still in the pile, share
 * the remaining cards at random, with one constraint from the public lowest
 * trump: no trump lower than the one shown (any trump, if nobody showed one)
 * was dealt to a player.
 */
int kd_resample(const void *config, const crown_move *hist, size_t n, int viewer,
                crown_rng *rng, crown_move *out, void *scratch)
{
    const kd_config *c = config;
    kd_state *s = scratch;
    memcpy(out, hist, n * sizeof *out);
    kd_init(config, s);
    size_t i = 0;
    while (i < n) {
        int game = s->games_done;
        int constrained = game == 0 || !c->later_left;
        uint64_t pinned = 0;
        int reveal = KD_NONE, trump_colour = -1;
        size_t ev[CROWN_KD_CARDS];
        uint8_t dealt[CROWN_KD_CARDS];
        int nev = 0;
        for (; i < n && s->games_done == game; i++) {
            crown_move m = hist[i];
            int phase = s->phase;
            if (phase == KD_DEAL || phase == KD_REFILL) {
                int p = phase == KD_DEAL ? (s->dealer + 1 + s->dealt) % c->players
                                         : s->refill[s->refill_pos];
                if (p == viewer) {
                    pinned |= KD_BIT(m);
                } else {
                    ev[nev] = i;
                    dealt[nev++] = phase == KD_DEAL;
                }
            } else if (phase == KD_TRUMP) {
                pinned |= KD_BIT(m);
                trump_colour = CROWN_KD_COLOUR(m);
            } else {
                pinned |= cards_shown(m);
            }
            kd_apply(config, s, m);
            if (phase == KD_TRUMP && s->reveal_card != KD_NONE) {
                reveal = s->reveal_card;
                pinned |= KD_BIT(reveal);
            }
        }
        /* Keep the events whose card nobody has seen: the free slots. */
        int k2 = 0;
        for (int k = 0; k < nev; k++) {
            if (!(pinned & KD_BIT(hist[ev[k]]))) {
                ev[k2] = ev[k];
                dealt[k2++] = dealt[k];
            }
        }
        nev = k2;
        uint64_t free_cards = KD_ALL_CARDS & ~pinned;
        int nslots = kd_popcount(free_cards); /* the free events, then the pile */
        if (nslots < nev)
            return CROWN_EINTERNAL;
        int slot_card[CROWN_KD_CARDS];
        for (int k = 0; k < nslots; k++)
            slot_card[k] = -1;
        uint64_t forbidden = 0;
        if (constrained && trump_colour >= 0) {
            int below = reveal == KD_NONE ? 10 : CROWN_KD_RANK(reveal);
            for (int r = 0; r < below; r++)
                forbidden |= KD_BIT(CROWN_KD_CARD(r, trump_colour));
            forbidden &= free_cards;
        }
        for (uint64_t f = forbidden; f; f &= f - 1) {
            int allowed[CROWN_KD_CARDS], na = 0;
            for (int k = 0; k < nslots; k++)
                if (slot_card[k] < 0 && (k >= nev || !dealt[k]))
                    allowed[na++] = k;
            if (na == 0)
                return CROWN_EINTERNAL;
            slot_card[allowed[crown_rng_below(rng, (uint64_t)na)]] = kd_lowest(f);
        }
        int rest[CROWN_KD_CARDS], nrest = 0;
        for (uint64_t f = free_cards & ~forbidden; f; f &= f - 1)
            rest[nrest++] = kd_lowest(f);
        for (int k = nrest - 1; k > 0; k--) {
            int j = (int)crown_rng_below(rng, (uint64_t)k + 1);
            int tmp = rest[k];
            rest[k] = rest[j];
            rest[j] = tmp;
        }
        for (int k = 0, r = 0; k < nslots; k++)
            if (slot_card[k] < 0)
                slot_card[k] = rest[r++];
        for (int k = 0; k < nev; k++)
            out[ev[k]] = slot_card[k];
    }
    return CROWN_OK;
}
