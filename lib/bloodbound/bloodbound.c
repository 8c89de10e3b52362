/*
 * bloodbound.c - Blood Bound: hidden roles, wounds, intervention, the ten
 * abilities and the Inquisitor.  The rules as the engine plays them, and
 * its decisions: docs/blood-bound.md.
 *
 * A game is the setup (chance: the characters in play, the deal, the
 * dagger) and then turns.  An attack runs through offers of intervention,
 * the target's acceptance, the wounded player's token, his ability, and the
 * wounds abilities cause; every decision, even a forced one, is a move.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/rules.h"
#include "bloodbound.h"

const char *const bb_token_txt[4] = {"rank", "rose", "beast", "unknown"};
const char *const bb_clan_txt[3] = {"rose", "beast", "inquisitor"};
static const char *const clan_name[3] = {"Rose", "Beast", "Secret Order"};

/* ---- options ---------------------------------------------------------- */

enum { OPT_PLAYERS, OPT_MAX_TURNS, OPT_COUNT };

static const crown_option_spec bb_options[OPT_COUNT] = {
    {.name = "players", .kind = CROWN_OPT_INT, .min = 6, .max = BB_MAXP, .def = 8,
     .help = "number of players (odd counts bring in the Inquisitor)"},
    {.name = "max_turns", .kind = CROWN_OPT_INT, .min = 0, .max = 1000000000,
     .def = BB_MAX_TURNS,
     .help = "the game is a draw (every player scores 0) when this many turns end without a "
             "capture (players who never attack can go on forever; a real game takes a few "
             "dozen turns); 0: no limit"},
};

static int bb_configure(void *config, crown_optvals *vals, crown_err *err)
{
    (void)err;
    bb_config *c = config;
    memset(c, 0, sizeof *c);
    c->players = (int)vals->v[OPT_PLAYERS];
    c->per_clan = c->players / 2;
    c->inquisitor = c->players % 2;
    c->false_curses = bb_false_curses(c->players);
    c->max_turns = (uint32_t)vals->v[OPT_MAX_TURNS];
    return CROWN_OK;
}

static int bb_num_players(const void *config)
{
    return ((const bb_config *)config)->players;
}

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
static int bb_is_legal(const void *config, const void *state, crown_move m)
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
static void bb_returns(const void *config, const void *state, double *out)
{
    const bb_config *cfg = config;
    const bb_state *s = state;
    int w = bb_popcount(s->winners), n = cfg->players;
    for (int p = 0; p < n; p++)
        out[p] = (w == 0 || w == n) ? 0.0 : ((s->winners >> p) & 1) ? 1.0 : -(double)w / (n - w);
}

static void bb_scores(const void *config, const void *state, double *out)
{
    const bb_config *cfg = config;
    const bb_state *s = state;
    for (int p = 0; p < cfg->players; p++)
        out[p] = (s->winners >> p) & 1;
}

/* ---- text ------------------------------------------------------------- */

/* Two fragments; a fragment and a number (a seat). */
static void put_words(crown_buf *b, const char *w1, const char *w2)
{
    crown_buf_puts(b, w1);
    crown_buf_puts(b, w2);
}

static void put_words_seat(crown_buf *b, const char *w, int seat)
{
    crown_buf_puts(b, w);
    crown_buf_putu(b, (unsigned)seat);
}

static void put_character(int c, crown_buf *b)
{
    if (c >= 18)
        crown_buf_printf(b, "inquisitor (%s clue)", c == CROWN_BB_INQUISITOR_ROSE ? "rose" : "beast");
    else
        crown_buf_printf(b, "%s %d", bb_clan_txt[c / 9], c % 9 + 1);
}

/* A character in words: "the Rose Mentalist (5)". */
static void put_identity(int c, crown_buf *b)
{
    const bb_role *r = bb_role_of(c);
    if (c >= 18)
        crown_buf_printf(b, "the Inquisitor (%s clue)", c == CROWN_BB_INQUISITOR_ROSE ? "rose" : "beast");
    else
        crown_buf_printf(b, "the %s %s (%d)", clan_name[c / 9], r->name, r->rank);
}

static void put_seats(unsigned set, crown_buf *b)
{
    for (int p = 0; set; p++, set >>= 1)
        if (set & 1)
            put_words_seat(b, " ", p);
}

static void put_ranks(unsigned set, crown_buf *b)
{
    for (int r = 1; set; r++, set >>= 1)
        if (set & 1)
            put_words_seat(b, " ", r);
}

static void bb_move_text(const void *config, const void *state, crown_move m, crown_buf *b)
{
    (void)config;
    const bb_state *s = state;
    int a = CROWN_BB_A(m), bb = CROWN_BB_B(m);
    switch (CROWN_BB_KIND(m)) {
    case CROWN_BB_K_CHANCE:
        switch (s->phase) {
        case BB_P_ROSE:
        case BB_P_BEAST:
            crown_buf_printf(b, "%s in play:", s->phase == BB_P_ROSE ? "rose" : "beast");
            put_ranks((unsigned)m, b);
            return;
        case BB_P_INQ:
            crown_buf_printf(b, "inquisitor with the %s clue",
                             m == CROWN_BB_INQUISITOR_ROSE ? "rose" : "beast");
            return;
        case BB_P_DEAL:
            crown_buf_puts(b, "deal ");
            put_character(m, b);
            return;
        default: put_words_seat(b, "dagger to seat ", m); return;
        }
    case CROWN_BB_K_ATTACK: put_words_seat(b, "attack seat ", a); return;
    case CROWN_BB_K_PASS: put_words_seat(b, "pass to seat ", a); return;
    case CROWN_BB_K_OFFER: crown_buf_puts(b, "offer"); return;
    case CROWN_BB_K_DECLINE: crown_buf_puts(b, "decline"); return;
    case CROWN_BB_K_ACCEPT: put_words_seat(b, "accept seat ", a); return;
    case CROWN_BB_K_REFUSE: crown_buf_puts(b, "accept none"); return;
    case CROWN_BB_K_TOKEN: put_words(b, "take ", bb_token_txt[bb & 3]); return;
    case CROWN_BB_K_QUILL: crown_buf_puts(b, "quill"); return;
    case CROWN_BB_K_ASSASSIN: put_words_seat(b, "assassin on seat ", a); return;
    case CROWN_BB_K_LOOK: crown_buf_printf(b, "look at seats %d and %d", a, bb); return;
    case CROWN_BB_K_WOUND: crown_buf_puts(b, "wound"); return;
    case CROWN_BB_K_HEAL: crown_buf_puts(b, "heal"); return;
    case CROWN_BB_K_MENTALIST: put_words_seat(b, "mentalist on seat ", a); return;
    case CROWN_BB_K_SHIELD: put_words_seat(b, "shield to seat ", a); return;
    case CROWN_BB_K_STRIKE: crown_buf_puts(b, "strike"); return;
    case CROWN_BB_K_STAFF: put_words_seat(b, "staff to seat ", a); return;
    case CROWN_BB_K_FAN: put_words_seat(b, "fan to seat ", a); return;
    case CROWN_BB_K_CURSES:
        crown_buf_printf(b, "curses: true to seat %d, false to seats", a);
        put_seats((unsigned)bb, b);
        return;
    case CROWN_BB_K_NO_ABILITY: crown_buf_puts(b, "no ability"); return;
    default: put_words(b, "return ", bb_token_txt[bb & 3]); return;
    }
}

/* What a viewer other than the omniscient one may read of a move. */
static void bb_move_text_seen(const void *config, const void *state, crown_move m, int viewer,
                              crown_buf *b)
{
    const bb_state *s = state;
    if (CROWN_BB_KIND(m) == CROWN_BB_K_CHANCE) {
        switch (s->phase) {
        case BB_P_ROSE:
        case BB_P_BEAST:
            crown_buf_printf(b, "%s characters chosen", s->phase == BB_P_ROSE ? "rose" : "beast");
            return;
        case BB_P_INQ: crown_buf_puts(b, "inquisitor card chosen"); return;
        case BB_P_DEAL:
            if (viewer != s->dealt) {
                crown_buf_printf(b, "deal a character to seat %d", s->dealt);
                return;
            }
            break;
        default: break;
        }
    } else if (CROWN_BB_KIND(m) == CROWN_BB_K_CURSES && viewer != s->user) {
        crown_buf_puts(b, "curses to seats");
        put_seats(BB_BIT(CROWN_BB_A(m)) | (unsigned)CROWN_BB_B(m), b);
        return;
    }
    bb_move_text(config, state, m, b);
}

/* Reads one word as a small number. */
static int word_number(const char *w, size_t n, int *out)
{
    if (n == 0 || n > 3)
        return -1;
    int v = 0;
    for (size_t i = 0; i < n; i++) {
        if (w[i] < '0' || w[i] > '9')
            return -1;
        v = v * 10 + (w[i] - '0');
    }
    *out = v;
    return 0;
}

/* The notation: each move's shape (literal words, '#' for a number, "#,"
 * for a number and a comma, '*' for a set of numbers) and how its numbers
 * make the move. */
enum bb_build {
    B_PLAIN,     /* CROWN_BB_MOVE(kind, 0, arg) */
    B_SEAT,      /* CROWN_BB_MOVE(kind, the seat, 0) */
    B_LOOK,      /* the two seats */
    B_CURSES,    /* the True Curse's seat, then the False ones' */
    B_RANKS,     /* chance: a set of ranks */
    B_CHARACTER, /* chance: the character of clan `arg` with this rank */
    B_VALUE,     /* chance: `arg` */
    B_NUMBER     /* chance: the number (a seat) */
};

static const struct bb_shape {
    const char *shape;
    uint8_t build, kind, arg;
} bb_shapes[] = {
    {"attack seat #", B_SEAT, CROWN_BB_K_ATTACK, 0},
    {"pass to seat #", B_SEAT, CROWN_BB_K_PASS, 0},
    {"offer", B_PLAIN, CROWN_BB_K_OFFER, 0},
    {"decline", B_PLAIN, CROWN_BB_K_DECLINE, 0},
    {"accept seat #", B_SEAT, CROWN_BB_K_ACCEPT, 0},
    {"accept none", B_PLAIN, CROWN_BB_K_REFUSE, 0},
    {"take rank", B_PLAIN, CROWN_BB_K_TOKEN, CROWN_BB_T_RANK},
    {"take rose", B_PLAIN, CROWN_BB_K_TOKEN, CROWN_BB_T_ROSE},
    {"take beast", B_PLAIN, CROWN_BB_K_TOKEN, CROWN_BB_T_BEAST},
    {"take unknown", B_PLAIN, CROWN_BB_K_TOKEN, CROWN_BB_T_UNKNOWN},
    {"quill", B_PLAIN, CROWN_BB_K_QUILL, 0},
    {"assassin on seat #", B_SEAT, CROWN_BB_K_ASSASSIN, 0},
    {"look at seats # and #", B_LOOK, CROWN_BB_K_LOOK, 0},
    {"wound", B_PLAIN, CROWN_BB_K_WOUND, 0},
    {"heal", B_PLAIN, CROWN_BB_K_HEAL, 0},
    {"mentalist on seat #", B_SEAT, CROWN_BB_K_MENTALIST, 0},
    {"shield to seat #", B_SEAT, CROWN_BB_K_SHIELD, 0},
    {"strike", B_PLAIN, CROWN_BB_K_STRIKE, 0},
    {"staff to seat #", B_SEAT, CROWN_BB_K_STAFF, 0},
    {"fan to seat #", B_SEAT, CROWN_BB_K_FAN, 0},
    {"curses: true to seat #, false to seats *", B_CURSES, CROWN_BB_K_CURSES, 0},
    {"no ability", B_PLAIN, CROWN_BB_K_NO_ABILITY, 0},
    {"return rank", B_PLAIN, CROWN_BB_K_RETURN, CROWN_BB_T_RANK},
    {"return rose", B_PLAIN, CROWN_BB_K_RETURN, CROWN_BB_T_ROSE},
    {"return beast", B_PLAIN, CROWN_BB_K_RETURN, CROWN_BB_T_BEAST},
    {"return unknown", B_PLAIN, CROWN_BB_K_RETURN, CROWN_BB_T_UNKNOWN},
    {"rose in play: *", B_RANKS, 0, 0},
    {"beast in play: *", B_RANKS, 0, 0},
    {"inquisitor with the rose clue", B_VALUE, 0, CROWN_BB_INQUISITOR_ROSE},
    {"inquisitor with the beast clue", B_VALUE, 0, CROWN_BB_INQUISITOR_BEAST},
    {"deal rose #", B_CHARACTER, 0, CROWN_BB_ROSE},
    {"deal beast #", B_CHARACTER, 0, CROWN_BB_BEAST},
    {"deal inquisitor (rose clue)", B_VALUE, 0, CROWN_BB_INQUISITOR_ROSE},
    {"deal inquisitor (beast clue)", B_VALUE, 0, CROWN_BB_INQUISITOR_BEAST},
    {"dagger to seat #", B_NUMBER, 0, 0},
};
#define BB_SHAPES (sizeof bb_shapes / sizeof bb_shapes[0])

/* A text cut into words (split at single spaces). */
typedef struct bb_words {
    const char *w[16];
    size_t n[16];
    int k;
} bb_words;

static int split_words(const char *text, bb_words *ws)
{
    ws->k = 0;
    for (const char *p = text; *p && ws->k < 16;) {
        const char *sp = strchr(p, ' ');
        ws->n[ws->k] = sp ? (size_t)(sp - p) : strlen(p);
        ws->w[ws->k++] = p;
        p += ws->n[ws->k - 1] + (sp ? 1 : 0);
    }
    return ws->k == 0 || ws->k == 16 ? -1 : 0;
}

/* Does the text have this shape?  Its numbers in num[] (a set sorted
 * increasing), their count in *nnum, and the canonical text in cb (unless
 * cb is NULL). */
static int match_shape(const struct bb_shape *shp, const bb_words *ws, int *num, int *nnum,
                       crown_buf *cb)
{
    const char *sh = shp->shape;
    int j = 0, ok = 1;
    *nnum = 0;
    while (*sh && ok) {
        const char *sp = strchr(sh, ' ');
        size_t n = sp ? (size_t)(sp - sh) : strlen(sh);
        if (j && cb)
            crown_buf_putc(cb, ' ');
        if (n == 1 && *sh == '*') {
            /* A set of numbers: written in increasing order. */
            int v, first = *nnum;
            for (; j < ws->k && *nnum < 16 && word_number(ws->w[j], ws->n[j], &v) == 0; j++)
                num[(*nnum)++] = v;
            for (int a = first + 1; a < *nnum; a++)
                for (int b = a; b > first && num[b - 1] > num[b]; b--) {
                    int t = num[b];
                    num[b] = num[b - 1];
                    num[b - 1] = t;
                }
            for (int a = first; a < *nnum && cb; a++)
                crown_buf_printf(cb, "%s%d", a > first ? " " : "", num[a]);
            ok = *nnum > first;
        } else if (*sh == '#') { /* a number, maybe with a comma after it */
            int v, comma = n == 2;
            ok = j < ws->k && *nnum < 16 && ws->n[j] > (size_t)comma &&
                 (!comma || ws->w[j][ws->n[j] - 1] == ',') &&
                 word_number(ws->w[j], ws->n[j] - (size_t)comma, &v) == 0;
            if (ok) {
                num[(*nnum)++] = v;
                if (cb)
                    crown_buf_printf(cb, "%d%s", v, comma ? "," : "");
            }
            j++;
        } else {
            ok = j < ws->k && ws->n[j] == n && memcmp(ws->w[j], sh, n) == 0;
            if (ok && cb)
                crown_buf_printf(cb, "%.*s", (int)n, sh);
            j++;
        }
        sh += n + (sp ? 1 : 0);
    }
    return ok && j == ws->k && (!cb || cb->len + 1 <= cb->cap) ? 0 : -1;
}

/* The notation written back in the canonical form (see rules.h). */
static int bb_move_canon(const void *config, const char *text, crown_buf *out)
{
    (void)config;
    bb_words ws;
    if (split_words(text, &ws))
        return -1;
    for (size_t i = 0; i < BB_SHAPES; i++) {
        char buf[96];
        crown_buf cb;
        int num[16], nnum;
        if (bb_shapes[i].shape[0] != ws.w[0][0]) /* (every shape starts with a word) */
            continue;
        crown_buf_init(&cb, buf, sizeof buf);
        if (match_shape(&bb_shapes[i], &ws, num, &nnum, &cb) == 0) {
            crown_buf_puts(out, buf);
            return 0;
        }
    }
    return -1;
}

/* A canonical move text to its move: the same shapes, their numbers made
 * into the move. */
static int bb_move_parse(const void *config, const void *state, const char *t, crown_move *out)
{
    (void)config;
    (void)state;
    bb_words ws;
    if (split_words(t, &ws))
        return -1;
    for (size_t i = 0; i < BB_SHAPES; i++) {
        const struct bb_shape *shp = &bb_shapes[i];
        int num[16], nnum;
        if (shp->shape[0] != ws.w[0][0] || match_shape(shp, &ws, num, &nnum, NULL))
            continue;
        int seats_ok = 1;
        for (int a = 0; a < nnum; a++)
            seats_ok &= num[a] < BB_MAXP;
        unsigned set = 0;
        switch (shp->build) {
        case B_PLAIN: *out = CROWN_BB_MOVE(shp->kind, 0, shp->arg); return 0;
        case B_SEAT:
            *out = CROWN_BB_MOVE(shp->kind, num[0], 0);
            return seats_ok ? 0 : -1;
        case B_LOOK:
            *out = CROWN_BB_LOOK(num[0], num[1]);
            return seats_ok ? 0 : -1;
        case B_CURSES:
            for (int a = 1; a < nnum; a++)
                set |= BB_BIT(num[a] & 15);
            *out = CROWN_BB_CURSES(num[0], set);
            return seats_ok ? 0 : -1;
        case B_RANKS:
            for (int a = 0; a < nnum; a++) {
                if (num[a] < 1 || num[a] > 9)
                    return -1;
                set |= BB_BIT(num[a] - 1);
            }
            *out = (crown_move)set;
            return 0;
        case B_CHARACTER:
            if (num[0] < 1 || num[0] > 9)
                return -1;
            *out = CROWN_BB_CHARACTER(shp->arg, num[0]);
            return 0;
        case B_VALUE: *out = shp->arg; return 0;
        default: *out = num[0]; return seats_ok ? 0 : -1;
        }
    }
    return -1;
}

static const char *const phase_txt[] = {
    "choosing the Rose characters", "choosing the Beast characters",
    "choosing the Inquisitor card", "dealing", "giving the dagger", "attack or pass",
    "offer to intervene or decline", "accept an offer or none", "take a token for the wound",
    "use the ability or not", "return a token (healed)", "over"};

/* Does `viewer` know the character of seat p? */
int bb_knows(const bb_state *s, int viewer, int p)
{
    return viewer == CROWN_OMNISCIENT || viewer == p || s->phase == BB_P_OVER ||
           (viewer >= 0 && ((s->looked[viewer] >> p) & 1));
}

/* A rank token: " rank 5", or " rank inquisitor" for the fleur cross. */
static void put_rank(int rank, crown_buf *b)
{
    if (rank == CROWN_BB_INQUISITOR_RANK)
        crown_buf_puts(b, " rank inquisitor");
    else
        crown_buf_printf(b, " rank %d", rank);
}

static void put_seat(const bb_config *cfg, const bb_state *s, int p, int viewer, crown_buf *b)
{
    crown_buf_printf(b, "seat %d%s:", p, p == viewer ? " (you)" : "");
    if (s->character[p] != BB_NONE && bb_knows(s, viewer, p)) {
        crown_buf_putc(b, ' ');
        put_identity(s->character[p], b);
        crown_buf_putc(b, ';');
    }
    int w = bb_wounds(s, p);
    crown_buf_printf(b, " %d wound%s", w, w == 1 ? "" : "s");
    if (s->rank_taken[p] || s->aff[p][0]) {
        crown_buf_putc(b, ':');
        if (s->rank_taken[p])
            put_rank(bb_rank_of(s, p), b);
        for (int i = 0; i < 2; i++)
            if (s->aff[p][i])
                crown_buf_printf(b, " %s", bb_token_txt[s->aff[p][i]]);
    }
    /* What healing took back is still remembered. */
    if (s->shown_rank[p] && !s->rank_taken[p]) {
        crown_buf_puts(b, "; showed");
        put_rank(bb_rank_of(s, p), b);
    }
    unsigned gone = s->shown_aff[p];
    for (int i = 0; i < 2; i++)
        if (s->aff[p][i])
            gone &= ~BB_BIT(s->aff[p][i]);
    if (gone) {
        crown_buf_puts(b, "; took");
        for (int t = 1; t < 4; t++)
            if ((gone >> t) & 1)
                crown_buf_printf(b, " %s", bb_token_txt[t]);
    }
    if ((s->quill >> p) & 1)
        crown_buf_puts(b, "; Quill");
    for (int col = 0; col < 2; col++) {
        if (s->sword[col] == p)
            crown_buf_printf(b, "; Sword %c", 'A' + col);
        if ((s->shield[col] >> p) & 1)
            crown_buf_printf(b, "; Shield %c", 'A' + col);
    }
    if ((s->staff >> p) & 1)
        crown_buf_puts(b, "; Staff");
    if ((s->fan >> p) & 1)
        crown_buf_puts(b, "; Fan");
    if ((s->curse >> p) & 1) {
        int inq = bb_inquisitor_seat(cfg, s);
        if (viewer == CROWN_OMNISCIENT || s->phase == BB_P_OVER || (viewer >= 0 && viewer == inq))
            crown_buf_printf(b, "; %s Curse", s->true_curse == p ? "True" : "False");
        else
            crown_buf_puts(b, "; a Curse (face down)");
    }
    if (s->phase == BB_P_OVER && s->captured == p)
        crown_buf_puts(b, "; captured");
    crown_buf_putc(b, '\n');
}

static void bb_observe(const void *config, const void *state, int viewer, crown_buf *b)
{
    const bb_config *cfg = config;
    const bb_state *s = state;
    crown_buf_printf(b, "Blood Bound, %d players", cfg->players);
    if (cfg->inquisitor)
        crown_buf_printf(b, ", with the Inquisitor (1 True and %d False Curse%s)",
                         cfg->false_curses, cfg->false_curses == 1 ? "" : "s");
    crown_buf_putc(b, '\n');
    if (viewer >= 0) {
        crown_buf_printf(b, "you are seat %d", viewer);
        if (s->character[viewer] != BB_NONE) {
            crown_buf_puts(b, ": ");
            put_identity(s->character[viewer], b);
        }
        crown_buf_putc(b, '\n');
        int right = (viewer + cfg->players - 1) % cfg->players;
        if (s->character[right] != BB_NONE)
            crown_buf_printf(b, "clue of seat %d, on your right: %s\n", right,
                             bb_clan_txt[bb_clue_of(s->character[right])]);
    }
    if (s->dagger != BB_NONE)
        crown_buf_printf(b, "dagger: seat %d; turns: %lu\n", s->dagger, (unsigned long)s->turns);
    for (int p = 0; p < cfg->players; p++)
        put_seat(cfg, s, p, viewer, b);
    if (s->attacker != BB_NONE) {
        crown_buf_printf(b, "attack: seat %d attacks seat %d", s->attacker, s->target);
        if (s->offers) {
            crown_buf_puts(b, "; offered:");
            put_seats(s->offers, b);
        }
        if (s->declines) {
            crown_buf_puts(b, "; declined:");
            put_seats(s->declines, b);
        }
        if (s->wounded != BB_NONE)
            crown_buf_printf(b, "; seat %d %s", s->wounded,
                             s->intervened ? "intervened" : "suffers the wound");
        crown_buf_putc(b, '\n');
    }
    if (s->phase == BB_P_TOKEN && s->cause == BB_C_ABILITY)
        crown_buf_printf(b, "seat %d suffers %d wound%s from an ability\n", s->victim,
                         s->wounds_left, s->wounds_left == 1 ? "" : "s");
    int cur = bb_current(cfg, s);
    if (cur >= 0)
        crown_buf_printf(b, "to move: seat %d (%s)\n", cur, phase_txt[s->phase]);
    else if (cur == CROWN_CHANCE)
        crown_buf_printf(b, "to move: chance (%s)\n", phase_txt[s->phase]);
    else
        crown_buf_puts(b, "to move: nobody\n");
    crown_buf_printf(b, "supply: Quill %d, Sword %d, Shield %d, Fan %d, Staff %d",
                     bb_supply_counts.quill - bb_popcount(s->quill),
                     (s->sword[0] == BB_NONE) + (s->sword[1] == BB_NONE),
                     bb_supply_counts.shield - bb_popcount(s->shield[0]) -
                         bb_popcount(s->shield[1]),
                     bb_supply_counts.fan - bb_popcount(s->fan),
                     bb_supply_counts.staff - bb_popcount(s->staff));
    if (cfg->inquisitor)
        crown_buf_printf(b, ", Curse %d", s->curses_given ? 0 : 1 + cfg->false_curses);
    crown_buf_putc(b, '\n');
    if (s->phase == BB_P_OVER) {
        if (s->over == BB_END_MAX_TURNS) {
            crown_buf_puts(b, "game over: the turn limit, a draw\n");
        } else {
            crown_buf_printf(b, "game over: seat %d captured by seat %d; winners:", s->captured,
                             s->capturer);
            put_seats(s->winners, b);
            crown_buf_putc(b, '\n');
        }
    }
}

/* ---- the table -------------------------------------------------------- */

const crown_rules crown_bloodbound_rules = {
    .name = "blood_bound",
    .summary = "Blood Bound: 6-12 players, two vampire clans with hidden roles, and the Inquisitor",
    .options = bb_options,
    .noptions = OPT_COUNT,
    .config_size = sizeof(bb_config),
    .state_size = sizeof(bb_state),
    .max_moves = BB_MAX_MOVES,
    .configure = bb_configure,
    .num_players = bb_num_players,
    .init = bb_init,
    .current = bb_current,
    .legal = bb_legal,
    .is_legal = bb_is_legal,
    .why_illegal = bb_why_illegal,
    .chance_weights = NULL,
    .apply = bb_apply,
    .action_count = bb_action_count,
    .action_index = bb_action_index,
    .action_move = bb_action_move,
    .move_json = bb_move_json,
    .move_text = bb_move_text,
    .move_canon = bb_move_canon,
    .move_parse = bb_move_parse,
    .notation = "attack seat 3, pass to seat 3, offer, decline, accept seat 5, accept none, "
                "take rank, take rose, quill, assassin on seat 2, look at seats 1 and 4, wound, "
                "heal, strike, no ability, return unknown",
    .move_text_seen = bb_move_text_seen,
    .observe = bb_observe,
    .observe_tensor = bb_observe_tensor,
    .observe_json = bb_observe_json,
    .returns = bb_returns,
    .scores = bb_scores,
    .resample = bb_resample,
    .check = bb_check,
};
