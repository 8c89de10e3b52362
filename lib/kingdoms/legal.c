/*
 * legal.c - Game of Kingdoms: what may be done: the facts about a position
 * that the legal moves need, the legal moves and is_legal, the chance
 * outcomes (count, nth) and current.  The hot path of move generation is
 * here whole, for the compiler to inline its helpers.
 *
 * Cards are bits of a 64-bit set (id = rank * 4 + colour).  Every chance
 * event (each card dealt, the trump turned up, each card drawn) is a chance
 * node whose outcomes are the undrawn cards, equally likely.
 */
#include "../core/rules.h"
#include "kingdoms.h"

/* For each set of colours held in a rank (4 bits) and each limit on the
 * attack's size (0..4): the number of leads of that rank, then their sets
 * of colours in increasing order. */
static const uint8_t leads[16][5][16] = {
    {{0}, {0}, {0}, {0}, {0}},
    {{0}, {1, 1}, {1, 1}, {1, 1}, {1, 1}},
    {{0}, {1, 2}, {1, 2}, {1, 2}, {1, 2}},
    {{0}, {2, 1, 2}, {3, 1, 2, 3}, {3, 1, 2, 3}, {3, 1, 2, 3}},
    {{0}, {1, 4}, {1, 4}, {1, 4}, {1, 4}},
    {{0}, {2, 1, 4}, {3, 1, 4, 5}, {3, 1, 4, 5}, {3, 1, 4, 5}},
    {{0}, {2, 2, 4}, {3, 2, 4, 6}, {3, 2, 4, 6}, {3, 2, 4, 6}},
    {{0}, {3, 1, 2, 4}, {6, 1, 2, 3, 4, 5, 6}, {7, 1, 2, 3, 4, 5, 6, 7}, {7, 1, 2, 3, 4, 5, 6, 7}},
    {{0}, {1, 8}, {1, 8}, {1, 8}, {1, 8}},
    {{0}, {2, 1, 8}, {3, 1, 8, 9}, {3, 1, 8, 9}, {3, 1, 8, 9}},
    {{0}, {2, 2, 8}, {3, 2, 8, 10}, {3, 2, 8, 10}, {3, 2, 8, 10}},
    {{0}, {3, 1, 2, 8}, {6, 1, 2, 3, 8, 9, 10}, {7, 1, 2, 3, 8, 9, 10, 11}, {7, 1, 2, 3, 8, 9, 10, 11}},
    {{0}, {2, 4, 8}, {3, 4, 8, 12}, {3, 4, 8, 12}, {3, 4, 8, 12}},
    {{0}, {3, 1, 4, 8}, {6, 1, 4, 5, 8, 9, 12}, {7, 1, 4, 5, 8, 9, 12, 13}, {7, 1, 4, 5, 8, 9, 12, 13}},
    {{0}, {3, 2, 4, 8}, {6, 2, 4, 6, 8, 10, 12}, {7, 2, 4, 6, 8, 10, 12, 14}, {7, 2, 4, 6, 8, 10, 12, 14}},
    {{0}, {4, 1, 2, 4, 8}, {10, 1, 2, 3, 4, 5, 6, 8, 9, 10, 12}, {14, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}, {15, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}},
};

/* The cards of each colour (one bit in every rank's nibble). */
#define COLOUR_CARDS(col) (0x1111111111ULL << (col))

/* ---- card facts ------------------------------------------------------- */

/* Ranks on the table (attack or defence), as a 10-bit set. */
static unsigned table_ranks(const kd_state *s)
{
    unsigned r = 0;
    for (int i = 0; i < s->natt; i++) {
        r |= 1u << CROWN_KD_RANK(s->att[i]);
        if (s->def[i] != KD_NONE)
            r |= 1u << CROWN_KD_RANK(s->def[i]);
    }
    return r;
}

static int none_beaten(const kd_state *s)
{
    for (int i = 0; i < s->natt; i++)
        if (s->def[i] != KD_NONE)
            return 0;
    return 1;
}

/* ---- the rules table functions ---------------------------------------- */

int kd_current(const void *config, const void *state)
{
    (void)config;
    const kd_state *s = state;
    switch (s->phase) {
    case KD_DEAL:
    case KD_TRUMP:
    case KD_REFILL: return CROWN_CHANCE;
    case KD_LEAD: return s->attacker;
    case KD_DEFEND: return s->defender;
    case KD_ASK: return s->ask;
    default: return CROWN_TERMINAL;
    }
}

static size_t cards_to_moves(uint64_t set, int base, crown_move *out)
{
    size_t n = 0;
    for (; set; set &= set - 1)
        out[n++] = base + kd_lowest(set);
    return n;
}

/* Every chance node draws a card of the pile, each equally likely. */
size_t kd_chance_count(const void *config, const void *state)
{
    (void)config;
    return (size_t)kd_popcount(((const kd_state *)state)->pile);
}

crown_move kd_chance_nth(const void *config, const void *state, size_t k)
{
    (void)config;
    return crown_select64(((const kd_state *)state)->pile, (unsigned)k);
}

/* The cards the defender may transfer the attack with (ruthless, before
 * any attack card is beaten: a card of the attack's rank, when the next
 * seat in can take one card more than the attack holds). */
static uint64_t transfer_cards(const kd_config *c, const kd_state *s)
{
    if (!c->ruthless || !none_beaten(s))
        return 0;
    int nd = kd_next_in(c, s, s->defender);
    if (nd == KD_NONE || (s->contributors >> nd & 1) || kd_popcount(s->hand[nd]) < s->natt + 1)
        return 0;
    return s->hand[s->defender] & (15ULL << (4 * CROWN_KD_RANK(s->att[0])));
}

/* The attack cards not beaten yet. */
static uint64_t unbeaten_cards(const kd_state *s)
{
    uint64_t unbeaten = 0;
    for (int i = 0; i < s->natt; i++)
        if (s->def[i] == KD_NONE)
            unbeaten |= KD_BIT(s->att[i]);
    return unbeaten;
}

/* The cards that beat attack card a: higher cards of its colour, and any
 * trump if it is not one. */
static uint64_t beaters(const kd_state *s, int a)
{
    int col = CROWN_KD_COLOUR(a), tc = CROWN_KD_COLOUR(s->trump);
    uint64_t higher = ~((KD_BIT(4 * CROWN_KD_RANK(a) + 4)) - 1);
    uint64_t b = COLOUR_CARDS(col) & higher;
    if (col != tc)
        b |= COLOUR_CARDS(tc);
    return b;
}

/* The cards the asked seat may add: its cards of a rank on the table. */
static uint64_t addable_cards(const kd_state *s)
{
    unsigned ranks = table_ranks(s);
    uint64_t ok = 0;
    for (int r = 0; r < 10; r++)
        if (ranks >> r & 1)
            ok |= 15ULL << (4 * r);
    return s->hand[s->ask] & ok;
}

/* The most cards a lead may have. */
static int lead_limit(const kd_state *s)
{
    return s->limit < 4 ? s->limit : 4;
}

size_t kd_legal(const void *config, const void *state, crown_move *out)
{
    const kd_config *c = config;
    const kd_state *s = state;
    size_t n = 0;
    switch (s->phase) {
    case KD_DEAL:
    case KD_TRUMP:
    case KD_REFILL: return cards_to_moves(s->pile, 0, out);
    case KD_LEAD: {
        uint64_t h = s->hand[s->attacker];
        int lim = lead_limit(s);
        /* The ranks held: one bit per nibble that is not empty. */
        uint64_t held = (h | h >> 1 | h >> 2 | h >> 3) & 0x1111111111ULL;
        for (; held; held &= held - 1) {
            int b = kd_lowest(held);
            const uint8_t *l = leads[(h >> b) & 15u][lim];
            crown_move base = CROWN_KD_LEAD(b / 4, 0);
            for (int i = 1; i <= l[0]; i++)
                out[n++] = base + l[i];
        }
        return n;
    }
    case KD_DEFEND: {
        uint64_t h = s->hand[s->defender];
        out[n++] = CROWN_KD_TAKE;
        n += cards_to_moves(transfer_cards(c, s), CROWN_KD_TRANSFER(0), out + n);
        for (uint64_t u = unbeaten_cards(s); u; u &= u - 1) {
            int a = kd_lowest(u);
            for (uint64_t d = h & beaters(s, a); d; d &= d - 1)
                out[n++] = CROWN_KD_BEAT(a, kd_lowest(d));
        }
        return n;
    }
    case KD_ASK:
        out[n++] = CROWN_KD_PASS;
        return n + cards_to_moves(addable_cards(s), CROWN_KD_ADD(0), out + n);
    default: return 0;
    }
}

/* Is m among kd_legal's moves?  Decided from the move's fields. */
int kd_is_legal(const void *config, const void *state, crown_move m)
{
    const kd_config *c = config;
    const kd_state *s = state;
    switch (s->phase) {
    case KD_DEAL:
    case KD_TRUMP:
    case KD_REFILL: return CROWN_KD_IS_CHANCE(m) && (s->pile >> m & 1);
    case KD_LEAD: {
        if (!CROWN_KD_IS_LEAD(m))
            return 0;
        unsigned mask = (unsigned)CROWN_KD_LEAD_MASK(m);
        unsigned held = (unsigned)(s->hand[s->attacker] >> (4 * CROWN_KD_LEAD_RANK(m))) & 15u;
        return mask != 0 && (mask & ~held) == 0 && kd_popcount(mask) <= lead_limit(s);
    }
    case KD_DEFEND:
        if (m == CROWN_KD_TAKE)
            return 1;
        if (CROWN_KD_IS_TRANSFER(m))
            return (int)(transfer_cards(c, s) >> (m - CROWN_KD_TRANSFER(0)) & 1);
        if (CROWN_KD_IS_BEAT(m)) {
            int a = CROWN_KD_BEAT_ATTACK(m), d = CROWN_KD_BEAT_DEFENCE(m);
            return d < CROWN_KD_CARDS && (unbeaten_cards(s) >> a & 1) &&
                   (s->hand[s->defender] & beaters(s, a)) >> d & 1;
        }
        return 0;
    case KD_ASK:
        if (m == CROWN_KD_PASS)
            return 1;
        return CROWN_KD_IS_ADD(m) && (addable_cards(s) >> (m - CROWN_KD_ADD(0)) & 1);
    default: return 0;
    }
}
