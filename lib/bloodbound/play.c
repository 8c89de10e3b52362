/*
 * play.c - Blood Bound: what happens: the flow (init, apply and everything
 * it runs) and the results (returns, scores).  Hidden roles, wounds,
 * intervention, the ten abilities and the Inquisitor; the rules as the
 * engine plays them, and its decisions: docs/blood-bound.md.
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

static int clan_of(const bb_state *s, int p)
{
    return bb_clan_of(s->character[p]);
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
        if (bb_is_inquisitor(s, p))
            return p;
    return -1;
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
    if (bb_is_inquisitor(s, c)) {
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
        if (t == CROWN_BB_T_RANK && bb_ability_moves(cfg, s, p, NULL, -1)) {
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
        int col = bb_guardian_colour(s, u);
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

/* ---- results ---------------------------------------------------------- */

/* Each winner +1; the losers share as much, so that returns sum to 0. */
/* Stopped by max_turns. */
int bb_truncated(const void *config, const void *state)
{
    (void)config;
    const bb_state *s = state;
    return s->over == BB_END_MAX_TURNS;
}

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
