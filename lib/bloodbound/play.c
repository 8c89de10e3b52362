/*
 * play.c - Blood Bound: the rules in play: facts about a position, the
 * legal moves (legal, is_legal) and the chance outcomes, the flow (init,
 * current, apply) and the results (returns, scores).  Hidden roles,
 * wounds, intervention, the ten abilities and the Inquisitor; the rules
 * as the engine plays them, and its decisions: docs/blood-bound.md.
 *
 * A game is the setup (chance: the characters in play, the deal, the
 * dagger) and then turns.  An attack runs through offers of intervention,
 * the target's acceptance, the wounded player's token, his ability, and the
 * wounds abilities cause; every decision, even a forced one, is a move.
 */
#include <string.h>

#include "../core/rules.h"
#include "bloodbound.h"

/* ---- facts about a position ------------------------------------------- */

static int is_inquisitor(const bb_state *s, int p)
{
    return s->character[p] != BB_NONE && s->character[p] >= 18;
}

static int clan_of(const bb_state *s, int p)
{
    return bb_clan_of(s->character[p]);
}

/* The tokens p may take for a wound, as bits (1 << CROWN_BB_T_*). */
static unsigned allowed_tokens(const bb_state *s, int p, int force_rank)
{
    if (force_rank && !s->rank_taken[p])
        return BB_BIT(CROWN_BB_T_RANK);
    unsigned mask = s->rank_taken[p] ? 0 : BB_BIT(CROWN_BB_T_RANK);
    int t[2], n = 0;
    for (int i = 0; i < 2; i++)
        if (s->aff[p][i])
            t[n++] = s->aff[p][i];
    if (n == 2)
        return mask;
    if ((s->staff >> p) & 1)
        return mask | BB_BIT(CROWN_BB_T_UNKNOWN); /* a Staff: unknown, in any slot */
    for (int x = CROWN_BB_T_ROSE; x <= CROWN_BB_T_UNKNOWN; x++) {
        t[n] = x;
        if (bb_fits(s->character[p], t, n + 1))
            mask |= BB_BIT(x);
    }
    return mask;
}

/* The leader of a clan: its lowest rank in play, or its highest once its
 * Elder took the Quill; -1 when the clan has nobody. */
static int leader(const bb_config *cfg, const bb_state *s, int clan)
{
    int quill = 0, best = -1;
    for (int p = 0; p < cfg->players; p++)
        if (clan_of(s, p) == clan && ((s->quill >> p) & 1))
            quill = 1;
    for (int p = 0; p < cfg->players; p++) {
        if (clan_of(s, p) != clan)
            continue;
        if (best < 0 || (quill ? bb_rank_of(s, p) > bb_rank_of(s, best)
                               : bb_rank_of(s, p) < bb_rank_of(s, best)))
            best = p;
    }
    return best;
}

int bb_inquisitor_seat(const bb_config *cfg, const bb_state *s)
{
    for (int p = 0; p < cfg->players; p++)
        if (is_inquisitor(s, p))
            return p;
    return -1;
}

/* The Guardian colour p would use: his own, or the next one; -1 none. */
static int guardian_colour(const bb_state *s, int p)
{
    if (s->colour[p])
        return s->colour[p] - 1;
    return s->colours_used < 2 ? s->colours_used : -1;
}

/* ---- legal moves ------------------------------------------------------ */

/* Writes the uses of u's ability (sorted by id) and returns their number;
 * with out NULL, only tells whether there is one (nonzero), or with `want`
 * a move (not -1), whether it is one. */
static size_t ability_moves(const bb_config *cfg, const bb_state *s, int u, crown_move *out,
                            crown_move want)
{
    size_t n = 0;
    int n_players = cfg->players;
#define PUT(m) \
    do { \
        if (!out && (want < 0 || (crown_move)(m) == want)) \
            return 1; \
        if (out) \
            out[n++] = (m); \
    } while (0)
    switch (bb_rank_of(s, u)) {
    case 1: /* Elder */
        if (!((s->quill >> u) & 1) && bb_popcount(s->quill) < bb_supply_counts.quill)
            PUT(CROWN_BB_QUILL);
        break;
    case 2: /* Assassin */
        for (int v = 0; v < n_players; v++)
            if (v != u && !bb_shielded(s, v))
                PUT(CROWN_BB_ASSASSIN(v));
        break;
    case 3: /* Harlequin: two other players, not both seen already */
        for (int a = 0; a < n_players; a++)
            for (int b = a + 1; b < n_players; b++)
                if (a != u && b != u && ((~s->looked[u] >> a) & 1 || (~s->looked[u] >> b) & 1))
                    PUT(CROWN_BB_LOOK(a, b));
        break;
    case 4: /* Alchemist: only when he intervened */
        if (s->intervened && s->wounded == u) {
            PUT(CROWN_BB_WOUND);
            if (bb_wounds(s, s->target) > 0)
                PUT(CROWN_BB_HEAL);
        }
        break;
    case 5: /* Mentalist */
        for (int v = 0; v < n_players; v++)
            if (v != u && !bb_shielded(s, v))
                PUT(CROWN_BB_MENTALIST(v));
        break;
    case 6: { /* Guardian */
        int col = guardian_colour(s, u);
        if (col < 0 || bb_wounds(s, u) >= 3 ||
            bb_popcount(s->shield[col]) >= bb_supply_counts.shields_per_colour)
            break;
        for (int v = 0; v < n_players; v++)
            if (v != u && !((s->shield[col] >> v) & 1))
                PUT(CROWN_BB_SHIELD(v));
        break;
    }
    case 7: /* Berserker */
        if (s->attacker != u && !bb_shielded(s, s->attacker))
            PUT(CROWN_BB_STRIKE);
        break;
    case 8: { /* Mage */
        int need = ((s->staff >> u) & 1) ? 1 : 2;
        if (bb_supply_counts.staff - bb_popcount(s->staff) < need)
            break;
        for (int v = 0; v < n_players; v++)
            if (v != u && !((s->staff >> v) & 1))
                PUT(CROWN_BB_STAFF(v));
        break;
    }
    case 9: /* Courtesan */
        if (bb_popcount(s->fan) >= bb_supply_counts.fan)
            break;
        for (int v = 0; v < n_players; v++)
            if (v != u && !((s->fan >> v) & 1))
                PUT(CROWN_BB_FAN(v));
        break;
    default: { /* the Inquisitor: every Curse in play, to different players */
        if (s->curses_given)
            break;
        int k = cfg->false_curses;
        unsigned all = BB_BIT(n_players) - 1;
        if (!out && want >= 0) {
            /* One move asked: read it rather than walk up to 840 of them. */
            int t = CROWN_BB_A(want), f = CROWN_BB_B(want);
            return want == CROWN_BB_CURSES(t, f) && t < n_players && t != u &&
                   !((unsigned)f & ~all) && !((unsigned)f & (BB_BIT(u) | BB_BIT(t))) &&
                   bb_popcount((unsigned)f) == k;
        }
        for (int t = 0; t < n_players; t++) {
            if (t == u)
                continue;
            /* The False ones: k of the other seats, in increasing order
             * (the k-subsets of the seats, next by Gosper's rule, but
             * those naming u or t). */
            unsigned excl = BB_BIT(u) | BB_BIT(t);
            if (k == 0) {
                PUT(CROWN_BB_CURSES(t, 0));
                continue;
            }
            for (unsigned f = BB_BIT(k) - 1; f <= all;) {
                if (!(f & excl))
                    PUT(CROWN_BB_CURSES(t, f));
                unsigned low = f & -f, r = f + low;
                f = (((r ^ f) >> 2) >> __builtin_ctz(low)) | r;
            }
        }
        break;
    }
    }
#undef PUT
    return n;
}

static size_t chance_outcomes(const bb_config *cfg, const bb_state *s, crown_move *out)
{
    size_t n = 0;
    switch (s->phase) {
    case BB_P_ROSE:
    case BB_P_BEAST:
        for (unsigned m = 0; m < 512; m++)
            if (bb_popcount(m) == cfg->per_clan)
                out[n++] = (crown_move)m;
        return n;
    case BB_P_INQ:
        out[n++] = CROWN_BB_INQUISITOR_ROSE;
        out[n++] = CROWN_BB_INQUISITOR_BEAST;
        return n;
    case BB_P_DEAL: {
        int used[BB_CHARACTERS] = {0};
        for (int p = 0; p < s->dealt; p++)
            used[s->character[p]] = 1;
        for (int c = 0; c < BB_CHARACTERS; c++) {
            int in = c < 9 ? (s->rose_set >> c) & 1
                     : c < 18 ? (s->beast_set >> (c - 9)) & 1
                              : c == s->inq_card;
            if (in && !used[c])
                out[n++] = c;
        }
        return n;
    }
    default: /* BB_P_DAGGER */
        for (int p = 0; p < cfg->players; p++)
            out[n++] = p;
        return n;
    }
}

/* The tokens the healed player may return, as bits. */
static unsigned returnable(const bb_state *s)
{
    int h = s->healed;
    unsigned held = s->rank_taken[h] ? BB_BIT(CROWN_BB_T_RANK) : 0;
    for (int i = 0; i < 2; i++)
        if (s->aff[h][i])
            held |= BB_BIT(s->aff[h][i]);
    return held;
}

size_t bb_legal(const void *config, const void *state, crown_move *out)
{
    const bb_config *cfg = config;
    const bb_state *s = state;
    size_t n = 0;
    switch (s->phase) {
    case BB_P_TURN: {
        int a = s->dagger;
        for (int t = 0; t < cfg->players; t++)
            if (t != a && !bb_shielded(s, t) && !(is_inquisitor(s, a) && bb_wounds(s, t) >= 3))
                out[n++] = CROWN_BB_ATTACK(t);
        for (int t = 0; t < cfg->players; t++)
            if (t != a)
                out[n++] = CROWN_BB_PASS(t);
        return n;
    }
    case BB_P_OFFER:
        out[n++] = CROWN_BB_OFFER;
        out[n++] = CROWN_BB_DECLINE;
        return n;
    case BB_P_ACCEPT:
        for (int p = 0; p < cfg->players; p++)
            if ((s->offers >> p) & 1)
                out[n++] = CROWN_BB_ACCEPT(p);
        out[n++] = CROWN_BB_REFUSE;
        return n;
    case BB_P_TOKEN: {
        unsigned mask = allowed_tokens(s, s->victim, s->force_rank);
        for (int t = 0; t < 4; t++)
            if ((mask >> t) & 1)
                out[n++] = CROWN_BB_TOKEN(t);
        return n;
    }
    case BB_P_ABILITY:
        n = ability_moves(cfg, s, s->user, out, -1);
        out[n++] = CROWN_BB_NO_ABILITY;
        return n;
    case BB_P_RETURN: {
        unsigned held = returnable(s);
        for (int t = 0; t < 4; t++)
            if ((held >> t) & 1)
                out[n++] = CROWN_BB_RETURN(t);
        return n;
    }
    case BB_P_OVER: return 0;
    default: return chance_outcomes(cfg, s, out);
    }
}

/* Is m legal?  The same rules as bb_legal, for one move. */
int bb_is_legal(const void *config, const void *state, crown_move m)
{
    const bb_config *cfg = config;
    const bb_state *s = state;
    if (m < 0)
        return 0;
    int a = CROWN_BB_A(m), b = CROWN_BB_B(m), np = cfg->players;
    switch (s->phase) {
    case BB_P_TURN: {
        int d = s->dagger;
        if (m == CROWN_BB_ATTACK(a))
            return a < np && a != d && !bb_shielded(s, a) && !(is_inquisitor(s, d) && bb_wounds(s, a) >= 3);
        return m == CROWN_BB_PASS(a) && a < np && a != d;
    }
    case BB_P_OFFER: return m == CROWN_BB_OFFER || m == CROWN_BB_DECLINE;
    case BB_P_ACCEPT:
        return m == CROWN_BB_REFUSE || (m == CROWN_BB_ACCEPT(a) && a < np && ((s->offers >> a) & 1));
    case BB_P_TOKEN:
        return m == CROWN_BB_TOKEN(b) && b < 4 &&
               ((allowed_tokens(s, s->victim, s->force_rank) >> b) & 1);
    case BB_P_ABILITY:
        return m == CROWN_BB_NO_ABILITY || ability_moves(cfg, s, s->user, NULL, m) != 0;
    case BB_P_RETURN: return m == CROWN_BB_RETURN(b) && b < 4 && ((returnable(s) >> b) & 1);
    case BB_P_OVER: return 0;
    case BB_P_ROSE:
    case BB_P_BEAST: return m < 512 && bb_popcount((unsigned)m) == cfg->per_clan;
    case BB_P_INQ: return m == CROWN_BB_INQUISITOR_ROSE || m == CROWN_BB_INQUISITOR_BEAST;
    case BB_P_DEAL: {
        if (m >= BB_CHARACTERS)
            return 0;
        for (int p = 0; p < s->dealt; p++)
            if (s->character[p] == m)
                return 0;
        return m < 9 ? (s->rose_set >> m) & 1
               : m < 18 ? (s->beast_set >> (m - 9)) & 1
                        : m == s->inq_card;
    }
    default: return m < np; /* BB_P_DAGGER */
    }
}

/* ---- the flow --------------------------------------------------------- */

/* A turn (an attack with everything it caused, or a pass) is over. */
static void count_turn(bb_state *s)
{
    if (s->turns < UINT32_MAX)
        s->turns++;
}

static void end_turn(const bb_config *cfg, bb_state *s)
{
    count_turn(s);
    s->attacker = s->target = s->wounded = s->user = s->victim = BB_NONE;
    s->asking = s->healed = s->capturer = s->next_dagger = BB_NONE;
    s->intervened = 0;
    s->offers = s->declines = 0;
    if (cfg->max_turns && s->turns >= cfg->max_turns) {
        s->over = BB_END_MAX_TURNS; /* a draw */
        s->phase = BB_P_OVER;
        return;
    }
    s->phase = BB_P_TURN;
}

static void end_attack(const bb_config *cfg, bb_state *s)
{
    s->dagger = s->next_dagger;
    end_turn(cfg, s);
}

/* Someone is captured: the game ends, and the winners are decided. */
static void capture(const bb_config *cfg, bb_state *s, int c, int capturer)
{
    count_turn(s); /* the attack that captures is a turn played */
    s->captured = (uint8_t)c;
    s->capturer = (uint8_t)capturer;
    s->over = BB_END_CAPTURE;
    s->phase = BB_P_OVER;
    int inq = bb_inquisitor_seat(cfg, s);
    if (is_inquisitor(s, c)) {
        s->winners = (uint16_t)BB_BIT(c); /* he alone wins */
        return;
    }
    int own = clan_of(s, capturer);
    if (own > 1)
        own = 1 - clan_of(s, c); /* (the Inquisitor never captures) */
    int rival = 1 - own;
    int win = c == leader(cfg, s, rival) ? own : rival;
    if (inq >= 0 && s->true_curse != BB_NONE && s->true_curse == leader(cfg, s, win)) {
        s->winners = (uint16_t)BB_BIT(inq); /* the True Curse on the winning leader */
        return;
    }
    s->winners = 0;
    for (int p = 0; p < cfg->players; p++)
        if (clan_of(s, p) == win)
            s->winners |= (uint16_t)BB_BIT(p);
}

/* The next wound of s->victim, or what follows the last. */
static void next_wound(const bb_config *cfg, bb_state *s)
{
    if (s->wounds_left == 0) {
        end_attack(cfg, s);
        return;
    }
    if (bb_wounds(s, s->victim) >= 3) {
        capture(cfg, s, s->victim, s->capturer); /* the fourth wound */
        return;
    }
    s->phase = BB_P_TOKEN;
}

static void wound(const bb_config *cfg, bb_state *s, int victim, int count, int cause,
                  int capturer, int force_rank)
{
    s->victim = (uint8_t)victim;
    s->wounds_left = (uint8_t)count;
    s->cause = (uint8_t)cause;
    s->capturer = (uint8_t)capturer;
    s->force_rank = (uint8_t)force_rank;
    next_wound(cfg, s);
}

/* A Guardian with three wounds: his Sword and his colour's Shields go back. */
static void guardians_check(bb_state *s)
{
    for (int col = 0; col < 2; col++) {
        int g = s->sword[col];
        if (g != BB_NONE && bb_wounds(s, g) >= 3) {
            s->sword[col] = BB_NONE;
            s->shield[col] = 0;
        }
    }
}

static void take_token(const bb_config *cfg, bb_state *s, int t)
{
    int p = s->victim;
    if (t == CROWN_BB_T_RANK) {
        s->rank_taken[p] = 1;
        s->shown_rank[p] = 1;
    } else {
        s->aff[p][s->aff[p][0] ? 1 : 0] = (uint8_t)t;
        s->shown_aff[p] |= (uint8_t)BB_BIT(t);
    }
    guardians_check(s);
    s->wounds_left--;
    if (s->cause == BB_C_ATTACK) {
        /* After taking his rank token in an attack, the ability. */
        if (t == CROWN_BB_T_RANK && ability_moves(cfg, s, p, NULL, -1)) {
            s->user = (uint8_t)p;
            s->phase = BB_P_ABILITY;
            return;
        }
        end_attack(cfg, s);
        return;
    }
    next_wound(cfg, s);
}

/* The next player to ask about intervening after seat `from` (clockwise,
 * up to the target), or BB_NONE. */
static int next_to_ask(const bb_config *cfg, const bb_state *s, int from)
{
    for (int q = (from + 1) % cfg->players; q != s->target; q = (q + 1) % cfg->players)
        if (q != s->attacker && !s->rank_taken[q])
            return q;
    return BB_NONE;
}

/* Offers are over: the target chooses, or suffers the wound. */
static void offers_done(const bb_config *cfg, bb_state *s)
{
    if (s->offers) {
        s->phase = BB_P_ACCEPT;
        return;
    }
    s->wounded = s->target;
    s->next_dagger = s->target;
    wound(cfg, s, s->target, 1, BB_C_ATTACK, s->attacker, 0);
}

static void ask_next(const bb_config *cfg, bb_state *s, int from)
{
    int q = next_to_ask(cfg, s, from);
    if (q == BB_NONE) {
        s->asking = BB_NONE;
        offers_done(cfg, s);
        return;
    }
    s->asking = (uint8_t)q;
    s->phase = BB_P_OFFER;
}

static void use_ability(const bb_config *cfg, bb_state *s, crown_move m)
{
    int u = s->user, a = CROWN_BB_A(m);
    switch (CROWN_BB_KIND(m)) {
    case CROWN_BB_K_QUILL: s->quill |= (uint16_t)BB_BIT(u); break;
    case CROWN_BB_K_ASSASSIN:
        s->next_dagger = (uint8_t)a;
        wound(cfg, s, a, 2, BB_C_ABILITY, u, 0);
        return;
    case CROWN_BB_K_LOOK: s->looked[u] |= (uint16_t)(BB_BIT(a) | BB_BIT(CROWN_BB_B(m))); break;
    case CROWN_BB_K_WOUND: wound(cfg, s, s->target, 1, BB_C_ABILITY, u, 0); return;
    case CROWN_BB_K_HEAL:
        s->healed = s->target;
        s->phase = BB_P_RETURN;
        return;
    case CROWN_BB_K_MENTALIST:
        s->next_dagger = (uint8_t)a;
        wound(cfg, s, a, 1, BB_C_ABILITY, u, 1);
        return;
    case CROWN_BB_K_SHIELD: {
        int col = guardian_colour(s, u);
        if (!s->colour[u]) {
            s->colour[u] = (uint8_t)(col + 1);
            s->colours_used++;
        }
        s->shield[col] |= (uint16_t)BB_BIT(a);
        s->sword[col] = (uint8_t)u;
        guardians_check(s);
        break;
    }
    case CROWN_BB_K_STRIKE: wound(cfg, s, s->attacker, 1, BB_C_ABILITY, u, 0); return;
    case CROWN_BB_K_STAFF: s->staff |= (uint16_t)(BB_BIT(u) | BB_BIT(a)); break;
    case CROWN_BB_K_FAN: s->fan |= (uint16_t)BB_BIT(a); break;
    case CROWN_BB_K_CURSES:
        s->curse = (uint16_t)(BB_BIT(a) | CROWN_BB_B(m));
        s->true_curse = (uint8_t)a;
        s->curses_given = 1;
        break;
    default: break; /* no ability */
    }
    end_attack(cfg, s);
}

void bb_apply(const void *config, void *state, crown_move m)
{
    const bb_config *cfg = config;
    bb_state *s = state;
    int a = CROWN_BB_A(m);
    switch (s->phase) {
    case BB_P_ROSE:
        s->rose_set = (uint16_t)m;
        s->phase = BB_P_BEAST;
        return;
    case BB_P_BEAST:
        s->beast_set = (uint16_t)m;
        s->phase = cfg->inquisitor ? BB_P_INQ : BB_P_DEAL;
        return;
    case BB_P_INQ:
        s->inq_card = (uint8_t)m;
        s->phase = BB_P_DEAL;
        return;
    case BB_P_DEAL:
        s->character[s->dealt++] = (uint8_t)m;
        if (s->dealt == cfg->players)
            s->phase = BB_P_DAGGER;
        return;
    case BB_P_DAGGER:
        s->dagger = (uint8_t)m;
        s->phase = BB_P_TURN;
        return;
    case BB_P_TURN:
        if (CROWN_BB_KIND(m) == CROWN_BB_K_PASS) {
            s->dagger = (uint8_t)a;
            end_turn(cfg, s);
            return;
        }
        s->attacker = s->dagger;
        s->target = (uint8_t)a;
        s->offers = s->declines = 0;
        if ((s->fan >> a) & 1)
            offers_done(cfg, s); /* nobody may offer */
        else
            ask_next(cfg, s, a);
        return;
    case BB_P_OFFER:
        if (CROWN_BB_KIND(m) == CROWN_BB_K_OFFER)
            s->offers |= (uint16_t)BB_BIT(s->asking);
        else
            s->declines |= (uint16_t)BB_BIT(s->asking);
        ask_next(cfg, s, s->asking);
        return;
    case BB_P_ACCEPT:
        if (CROWN_BB_KIND(m) == CROWN_BB_K_ACCEPT) {
            s->intervened = 1;
            s->wounded = (uint8_t)a;
            s->next_dagger = (uint8_t)a;
            wound(cfg, s, a, 1, BB_C_ATTACK, s->attacker, 1); /* his rank token */
        } else {
            s->wounded = s->target;
            s->next_dagger = s->target;
            wound(cfg, s, s->target, 1, BB_C_ATTACK, s->attacker, 0);
        }
        return;
    case BB_P_TOKEN: take_token(cfg, s, CROWN_BB_B(m)); return;
    case BB_P_ABILITY: use_ability(cfg, s, m); return;
    case BB_P_RETURN: {
        int h = s->healed, t = CROWN_BB_B(m);
        if (t == CROWN_BB_T_RANK) {
            s->rank_taken[h] = 0; /* his ability may be used again */
        } else {
            int i = s->aff[h][0] == t ? 0 : 1;
            s->aff[h][i] = 0;
            if (i == 0) {
                s->aff[h][0] = s->aff[h][1];
                s->aff[h][1] = 0;
            }
        }
        end_attack(cfg, s);
        return;
    }
    default: return;
    }
}

void bb_init(const void *config, void *state)
{
    (void)config;
    bb_state *s = state;
    memset(s, 0, sizeof *s);
    s->phase = BB_P_ROSE;
    s->inq_card = BB_NONE;
    memset(s->character, BB_NONE, sizeof s->character);
    s->sword[0] = s->sword[1] = BB_NONE;
    s->true_curse = BB_NONE;
    s->dagger = s->attacker = s->target = s->asking = s->wounded = BB_NONE;
    s->user = s->victim = s->capturer = s->next_dagger = s->healed = BB_NONE;
    s->captured = BB_NONE;
}

int bb_current(const void *config, const void *state)
{
    (void)config;
    const bb_state *s = state;
    switch (s->phase) {
    case BB_P_TURN: return s->dagger;
    case BB_P_OFFER: return s->asking;
    case BB_P_ACCEPT: return s->target;
    case BB_P_TOKEN: return s->victim;
    case BB_P_ABILITY: return s->user;
    case BB_P_RETURN: return s->healed;
    case BB_P_OVER: return CROWN_TERMINAL;
    default: return CROWN_CHANCE;
    }
}

/* ---- results ---------------------------------------------------------- */

/* Each winner +1; the losers share as much, so that returns sum to 0. */
void bb_returns(const void *config, const void *state, double *out)
{
    const bb_config *cfg = config;
    const bb_state *s = state;
    int w = bb_popcount(s->winners), n = cfg->players;
    for (int p = 0; p < n; p++)
        out[p] = (w == 0 || w == n) ? 0.0 : ((s->winners >> p) & 1) ? 1.0 : -(double)w / (n - w);
}

void bb_scores(const void *config, const void *state, double *out)
{
    const bb_config *cfg = config;
    const bb_state *s = state;
    for (int p = 0; p < cfg->players; p++)
        out[p] = (s->winners >> p) & 1;
}
