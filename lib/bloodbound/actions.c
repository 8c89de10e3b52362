/*
 * actions.c - Blood Bound: the dense action index (the rules table's
 * action_count, action_index, action_move: every decision's number, and
 * back) and a move as JSON (move_json).
 */
#include "../core/rules.h"
#include "bloodbound.h"

/* The shape of each kind's fields: none, a seat (a), a token (b), two seats
 * a < b, the Curses (a: the True Curse's seat, b: the False ones' as bits,
 * false_curses of the other seats). */
enum { SH_NONE, SH_SEAT, SH_TOKEN, SH_PAIR, SH_CURSES };

static const uint8_t kind_shape[] = {
    [CROWN_BB_K_CHANCE] = SH_NONE, /* (not a decision: no family) */
    [CROWN_BB_K_ATTACK] = SH_SEAT,   [CROWN_BB_K_PASS] = SH_SEAT,
    [CROWN_BB_K_OFFER] = SH_NONE,    [CROWN_BB_K_DECLINE] = SH_NONE,
    [CROWN_BB_K_ACCEPT] = SH_SEAT,   [CROWN_BB_K_REFUSE] = SH_NONE,
    [CROWN_BB_K_TOKEN] = SH_TOKEN,   [CROWN_BB_K_QUILL] = SH_NONE,
    [CROWN_BB_K_ASSASSIN] = SH_SEAT, [CROWN_BB_K_LOOK] = SH_PAIR,
    [CROWN_BB_K_WOUND] = SH_NONE,    [CROWN_BB_K_HEAL] = SH_NONE,
    [CROWN_BB_K_MENTALIST] = SH_SEAT, [CROWN_BB_K_SHIELD] = SH_SEAT,
    [CROWN_BB_K_STRIKE] = SH_NONE,   [CROWN_BB_K_STAFF] = SH_SEAT,
    [CROWN_BB_K_FAN] = SH_SEAT,      [CROWN_BB_K_CURSES] = SH_CURSES,
    [CROWN_BB_K_NO_ABILITY] = SH_NONE, [CROWN_BB_K_RETURN] = SH_TOKEN,
};
_Static_assert(sizeof kind_shape / sizeof kind_shape[0] == BB_KINDS, "a shape per kind");

/* n choose k from the configuration's table (n up to the most players;
 * above, more than any index). */
static size_t choose(const bb_config *c, int n, int k)
{
    if (n > CROWN_BB_MAX_PLAYERS)
        return SIZE_MAX;
    return k < 0 || k > n ? 0 : c->binom[n][k];
}

static size_t shape_size(const bb_config *c, int kind)
{
    int P = c->players;
    switch (kind_shape[kind]) {
    case SH_SEAT: return (size_t)P;
    case SH_TOKEN: return 4;
    case SH_PAIR: return (size_t)(P * (P - 1) / 2);
    case SH_CURSES: return c->inquisitor ? (size_t)P * choose(c, P - 1, c->false_curses) : 0;
    default: return 1;
    }
}

/* Fills the configuration's tables of the action index (configure calls
 * it): Pascal's triangle, then where each kind's decisions start. */
void bb_actions_init(bb_config *c)
{
    for (int n = 0; n <= CROWN_BB_MAX_PLAYERS; n++) {
        c->binom[n][0] = 1;
        for (int k = 1; k <= CROWN_BB_MAX_PLAYERS; k++)
            c->binom[n][k] = k > n ? 0 : (uint16_t)(c->binom[n - 1][k - 1] + c->binom[n - 1][k]);
    }
    c->kind_start[0] = c->kind_start[1] = 0; /* (kind 0, chance, has no decision) */
    for (int k = 1; k < BB_KINDS; k++)
        c->kind_start[k + 1] = c->kind_start[k] + (uint32_t)shape_size(c, k);
}

size_t bb_action_count(const void *config)
{
    return ((const bb_config *)config)->kind_start[BB_KINDS];
}

/* The place of move m among the moves of its kind, or -1. */
static long place_in_kind(const bb_config *c, crown_move m)
{
    int kind = CROWN_BB_KIND(m), a = CROWN_BB_A(m), b = CROWN_BB_B(m), P = c->players;
    switch (kind_shape[kind]) {
    case SH_SEAT: return a < P && b == 0 ? a : -1;
    case SH_TOKEN: return a == 0 && b < 4 ? b : -1;
    case SH_PAIR:
        if (!(a < b && b < P))
            return -1;
        return a * (2 * P - a - 1) / 2 + (b - a - 1); /* (the pairs before a's, then b's) */
    case SH_CURSES: {
        if (!c->inquisitor || a >= P || b >> P || (b >> a & 1) ||
            bb_popcount((unsigned)b) != c->false_curses)
            return -1;
        /* The colex rank of the False seats among the P - 1 others (seats
         * after a moved down by one): ascending like the bits' values. */
        size_t r = 0;
        int i = 1;
        for (unsigned bits = (unsigned)b; bits; bits &= bits - 1) {
            int q = __builtin_ctz(bits);
            r += choose(c, q < a ? q : q - 1, i++);
        }
        return (long)((size_t)a * choose(c, P - 1, c->false_curses) + r);
    }
    default: return a == 0 && b == 0 ? 0 : -1;
    }
}

long bb_action_index(const void *config, crown_move m)
{
    const bb_config *c = config;
    if (m < 0 || CROWN_BB_KIND(m) < 1 || CROWN_BB_KIND(m) >= BB_KINDS)
        return -1;
    long at = place_in_kind(c, m);
    return at < 0 ? -1 : (long)c->kind_start[CROWN_BB_KIND(m)] + at;
}

void bb_move_json(const void *config, crown_move m, crown_buf *b)
{
    static const char *const kind_name[] = {
        [CROWN_BB_K_ATTACK] = "attack",       [CROWN_BB_K_PASS] = "pass",
        [CROWN_BB_K_OFFER] = "offer",         [CROWN_BB_K_DECLINE] = "decline",
        [CROWN_BB_K_ACCEPT] = "accept",       [CROWN_BB_K_REFUSE] = "refuse",
        [CROWN_BB_K_TOKEN] = "token",         [CROWN_BB_K_QUILL] = "quill",
        [CROWN_BB_K_ASSASSIN] = "assassin",   [CROWN_BB_K_LOOK] = "look",
        [CROWN_BB_K_WOUND] = "wound",         [CROWN_BB_K_HEAL] = "heal",
        [CROWN_BB_K_MENTALIST] = "mentalist", [CROWN_BB_K_SHIELD] = "shield",
        [CROWN_BB_K_STRIKE] = "strike",       [CROWN_BB_K_STAFF] = "staff",
        [CROWN_BB_K_FAN] = "fan",             [CROWN_BB_K_CURSES] = "curses",
        [CROWN_BB_K_NO_ABILITY] = "no_ability", [CROWN_BB_K_RETURN] = "return",
    };
    static const char *const token_name[4] = {"rank", "rose", "beast", "unknown"};
    const bb_config *c = config;
    int kind = CROWN_BB_KIND(m), a = CROWN_BB_A(m), v = CROWN_BB_B(m);
    crown_buf_printf(b, "{\"kind\": \"%s\"", kind_name[kind]);
    switch (kind_shape[kind]) {
    case SH_SEAT: crown_buf_printf(b, ", \"seat\": %d", a); break;
    case SH_TOKEN: crown_buf_printf(b, ", \"token\": \"%s\"", token_name[v]); break;
    case SH_PAIR: crown_buf_printf(b, ", \"seats\": [%d, %d]", a, v); break;
    case SH_CURSES:
        crown_buf_printf(b, ", \"true_curse\": %d, \"false_curses\": [", a);
        for (int q = 0, first = 1; q < c->players; q++)
            if (v >> q & 1) {
                crown_buf_printf(b, "%s%d", first ? "" : ", ", q);
                first = 0;
            }
        crown_buf_putc(b, ']');
        break;
    default: break;
    }
    crown_buf_putc(b, '}');
}

crown_move bb_action_move(const void *config, size_t i)
{
    const bb_config *c = config;
    int kind = 1;
    while (kind + 1 < BB_KINDS && i >= c->kind_start[kind + 1])
        kind++;
    i -= c->kind_start[kind];
    int P = c->players;
    switch (kind_shape[kind]) {
    case SH_SEAT: return CROWN_BB_MOVE(kind, (int)i, 0);
    case SH_TOKEN: return CROWN_BB_MOVE(kind, 0, (int)i);
    case SH_PAIR: {
        int a = 0;
        while (i >= (size_t)(P - 1 - a)) {
            i -= (size_t)(P - 1 - a);
            a++;
        }
        return CROWN_BB_MOVE(kind, a, a + 1 + (int)i);
    }
    case SH_CURSES: {
        size_t per = choose(c, P - 1, c->false_curses), r = i % per;
        int a = (int)(i / per), b = 0;
        for (int j = c->false_curses; j >= 1; j--) {
            int q = j - 1; /* the largest q with choose(q, j) <= r */
            while (choose(c, q + 1, j) <= r)
                q++;
            r -= choose(c, q, j);
            b |= 1 << (q < a ? q : q + 1);
        }
        return CROWN_BB_MOVE(kind, a, b);
    }
    default: return CROWN_BB_MOVE(kind, 0, 0);
    }
}
