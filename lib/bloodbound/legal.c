/*
 * legal.c - Blood Bound: what may be done: the facts about a position
 * that the legal moves need, the legal moves (legal, is_legal), the uses of
 * an ability (which play.c asks too, after a rank token), the chance
 * outcomes of the setup, and current.  The rules as the engine plays them,
 * and its decisions: docs/blood-bound.md.
 *
 * Every decision, even a forced one, is a move; the setup (the characters
 * in play, the deal, the dagger) is chance.
 */
#include "../core/rules.h"
#include "bloodbound.h"

/* ---- facts about a position ------------------------------------------- */

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

/* ---- legal moves ------------------------------------------------------ */

/* Writes the uses of u's ability (sorted by id) and returns their number;
 * with out NULL, only tells whether there is one (nonzero), or with `want`
 * a move (not -1), whether it is one. */
size_t bb_ability_moves(const bb_config *cfg, const bb_state *s, int u, crown_move *out,
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
        int col = bb_guardian_colour(s, u);
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

/* The characters seat `dealt` may be dealt, as bits (bit c: character c):
 * those in play not dealt yet. */
static uint32_t deal_pool(const bb_state *s)
{
    uint32_t pool = (uint32_t)(s->rose_set & 0x1ff) | (uint32_t)(s->beast_set & 0x1ff) << 9;
    if (s->inq_card < BB_CHARACTERS && s->inq_card >= 18)
        pool |= 1u << s->inq_card;
    for (int p = 0; p < s->dealt; p++)
        pool &= ~(1u << s->character[p]);
    return pool;
}

/* C(n, k) for n <= 9: the ranks of a clan in play, chosen among 9. */
static const uint8_t binomial[10][10] = {
    {1},
    {1, 1},
    {1, 2, 1},
    {1, 3, 3, 1},
    {1, 4, 6, 4, 1},
    {1, 5, 10, 10, 5, 1},
    {1, 6, 15, 20, 15, 6, 1},
    {1, 7, 21, 35, 35, 21, 7, 1},
    {1, 8, 28, 56, 70, 56, 28, 8, 1},
    {1, 9, 36, 84, 126, 126, 84, 36, 9, 1},
};

/* The chance node as equally likely events without listing its outcomes
 * (the handle's draw at every chance node of the setup): their number, and
 * the k-th, which is the k-th outcome chance_outcomes writes. */
size_t bb_chance_count(const void *config, const void *state)
{
    const bb_config *cfg = config;
    const bb_state *s = state;
    switch (s->phase) {
    case BB_P_ROSE:
    case BB_P_BEAST: return binomial[9][cfg->per_clan];
    case BB_P_INQ: return 2;
    case BB_P_DEAL: return (size_t)bb_popcount(deal_pool(s));
    default: return (size_t)cfg->players; /* BB_P_DAGGER */
    }
}

crown_move bb_chance_nth(const void *config, const void *state, size_t k)
{
    const bb_config *cfg = config;
    const bb_state *s = state;
    switch (s->phase) {
    case BB_P_ROSE:
    case BB_P_BEAST: {
        /* The k-th set of per_clan ranks of 9, ascending as numbers: those
         * without the highest rank come first, C(b, r) of them below bit b. */
        unsigned m = 0;
        int r = cfg->per_clan;
        for (int b = 8; b >= 0 && r > 0; b--) {
            size_t below = r <= b ? binomial[b][r] : 0;
            if (k >= below) {
                m |= 1u << b;
                k -= below;
                r--;
            }
        }
        return (crown_move)m;
    }
    case BB_P_INQ: return k == 0 ? CROWN_BB_INQUISITOR_ROSE : CROWN_BB_INQUISITOR_BEAST;
    case BB_P_DEAL: {
        return crown_select64(deal_pool(s), (unsigned)k);
    }
    default: return (crown_move)k; /* BB_P_DAGGER */
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

size_t bb_legal(const void *config, const void *state, crown_move *out)
{
    const bb_config *cfg = config;
    const bb_state *s = state;
    size_t n = 0;
    switch (s->phase) {
    case BB_P_TURN: {
        int a = s->dagger;
        for (int t = 0; t < cfg->players; t++)
            if (t != a && !bb_shielded(s, t) && !(bb_is_inquisitor(s, a) && bb_wounds(s, t) >= 3))
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
        n = bb_ability_moves(cfg, s, s->user, out, -1);
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
            return a < np && a != d && !bb_shielded(s, a) && !(bb_is_inquisitor(s, d) && bb_wounds(s, a) >= 3);
        return m == CROWN_BB_PASS(a) && a < np && a != d;
    }
    case BB_P_OFFER: return m == CROWN_BB_OFFER || m == CROWN_BB_DECLINE;
    case BB_P_ACCEPT:
        return m == CROWN_BB_REFUSE || (m == CROWN_BB_ACCEPT(a) && a < np && ((s->offers >> a) & 1));
    case BB_P_TOKEN:
        return m == CROWN_BB_TOKEN(b) && b < 4 &&
               ((allowed_tokens(s, s->victim, s->force_rank) >> b) & 1);
    case BB_P_ABILITY:
        return m == CROWN_BB_NO_ABILITY || bb_ability_moves(cfg, s, s->user, NULL, m) != 0;
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

/* ---- the k-th legal move, without the list ---------------------------- */

/* A playout's draw (bb_legal_pick): the moves of a decision counted,
 * and the one drawn built, in the order bb_legal writes them.  Most
 * are a kind of move naming one seat of a set (the k-th seat), or a few
 * fixed moves; the Harlequin's pairs and the Inquisitor's Curses (up to
 * 840 with 11 players) are counted and unranked apart. */
typedef struct bb_plan {
    unsigned seats;     /* moves of kind `kind`, one a seat of these, in seat order */
    int kind;
    int nfixed;         /* then these moves */
    crown_move fixed[2];
    int special;        /* 3: the Harlequin's pairs; 10: the Curses; 0: none */
} bb_plan;

/* The seats but u, as bits. */
static unsigned others_of(const bb_config *cfg, int u)
{
    return (BB_BIT(cfg->players) - 1) & ~BB_BIT(u);
}

/* The seats but u without a Shield, as bits. */
static unsigned unshielded_others(const bb_config *cfg, const bb_state *s, int u)
{
    return others_of(cfg, u) & ~(unsigned)(s->shield[0] | s->shield[1]);
}

/* u's uses of his ability as a plan (the rules of bb_ability_moves), the
 * refusal, CROWN_BB_NO_ABILITY, not included. */
static bb_plan ability_plan(const bb_config *cfg, const bb_state *s, int u)
{
    bb_plan p = {0, 0, 0, {0, 0}, 0};
    int rank = bb_rank_of(s, u);
    switch (rank) {
    case 1:
        if (!((s->quill >> u) & 1) && bb_popcount(s->quill) < bb_supply_counts.quill)
            p.fixed[p.nfixed++] = CROWN_BB_QUILL;
        break;
    case 2:
    case 5:
        p.seats = unshielded_others(cfg, s, u);
        p.kind = rank == 2 ? CROWN_BB_K_ASSASSIN : CROWN_BB_K_MENTALIST;
        break;
    case 3: p.special = 3; break;
    case 4:
        if (s->intervened && s->wounded == u) {
            p.fixed[p.nfixed++] = CROWN_BB_WOUND;
            if (bb_wounds(s, s->target) > 0)
                p.fixed[p.nfixed++] = CROWN_BB_HEAL;
        }
        break;
    case 6: {
        int col = bb_guardian_colour(s, u);
        if (col < 0 || bb_wounds(s, u) >= 3 ||
            bb_popcount(s->shield[col]) >= bb_supply_counts.shields_per_colour)
            break;
        p.seats = others_of(cfg, u) & ~(unsigned)s->shield[col];
        p.kind = CROWN_BB_K_SHIELD;
        break;
    }
    case 7:
        if (s->attacker != u && !bb_shielded(s, s->attacker))
            p.fixed[p.nfixed++] = CROWN_BB_STRIKE;
        break;
    case 8: {
        int need = ((s->staff >> u) & 1) ? 1 : 2;
        if (bb_supply_counts.staff - bb_popcount(s->staff) >= need) {
            p.seats = others_of(cfg, u) & ~(unsigned)s->staff;
            p.kind = CROWN_BB_K_STAFF;
        }
        break;
    }
    case 9:
        if (bb_popcount(s->fan) < bb_supply_counts.fan) {
            p.seats = others_of(cfg, u) & ~(unsigned)s->fan;
            p.kind = CROWN_BB_K_FAN;
        }
        break;
    default:
        if (!s->curses_given)
            p.special = 10;
        break;
    }
    return p;
}

/* The Harlequin u's pairs (two other seats, not both seen): all pairs of
 * the others less the pairs of those seen. */
static size_t look_count(const bb_config *cfg, const bb_state *s, int u)
{
    unsigned o = others_of(cfg, u);
    size_t m = (size_t)bb_popcount(o), l = (size_t)bb_popcount(o & s->looked[u]);
    return m * (m - 1) / 2 - l * (l - 1) / 2;
}

/* The k-th of those pairs, in bb_ability_moves's order. */
static crown_move look_nth(const bb_config *cfg, const bb_state *s, int u, size_t k)
{
    int n_players = cfg->players;
    for (int a = 0; a < n_players; a++)
        for (int b = a + 1; b < n_players; b++)
            if (a != u && b != u && ((~s->looked[u] >> a) & 1 || (~s->looked[u] >> b) & 1) &&
                k-- == 0)
                return CROWN_BB_LOOK(a, b);
    return CROWN_BB_NO_ABILITY; /* (k beyond the count: never) */
}

/* The Inquisitor's Curses: a True holder among the n-1 others, then the
 * False ones, a set of false_curses among the n-2 left. */
static size_t curses_count(const bb_config *cfg)
{
    return (size_t)(cfg->players - 1) * cfg->binom[cfg->players - 2][cfg->false_curses];
}

/* The k-th of the Curses as bb_ability_moves writes them: by True holder,
 * then by the False seats' bits as a number.  Among the sets of r of the
 * seats left, those without the highest seat come first (C(b, r) of them
 * below its place b), so the set is read off from the highest place down,
 * places in the seats left, seats from places by select. */
static crown_move curses_nth(const bb_config *cfg, int u, size_t k)
{
    size_t per = cfg->binom[cfg->players - 2][cfg->false_curses];
    int t = crown_select64(others_of(cfg, u), (unsigned)(k / per));
    size_t rank = k % per;
    uint64_t left = others_of(cfg, u) & ~BB_BIT(t);
    unsigned f = 0;
    int r = cfg->false_curses;
    for (int b = cfg->players - 3; b >= 0 && r > 0; b--) {
        size_t below = r <= b ? cfg->binom[b][r] : 0;
        if (rank >= below) {
            f |= BB_BIT(crown_select64(left, (unsigned)b));
            rank -= below;
            r--;
        }
    }
    return CROWN_BB_CURSES(t, f);
}

/* The attacks of the dagger's holder a, as seat bits. */
static unsigned attack_targets(const bb_config *cfg, const bb_state *s, int a)
{
    unsigned t = unshielded_others(cfg, s, a);
    if (bb_is_inquisitor(s, a))
        for (int p = 0; p < cfg->players; p++)
            if (bb_wounds(s, p) >= 3)
                t &= ~BB_BIT(p);
    return t;
}

crown_move bb_legal_pick(const void *config, const void *state, crown_pick *pick)
{
    const bb_config *cfg = config;
    const bb_state *s = state;
    switch (s->phase) {
    case BB_P_TURN: {
        unsigned att = attack_targets(cfg, s, s->dagger);
        uint64_t na = (uint64_t)bb_popcount(att);
        uint64_t k = crown_pick_place(pick, na + (uint64_t)(cfg->players - 1));
        if (k < na)
            return CROWN_BB_ATTACK(crown_select64(att, (unsigned)k));
        return CROWN_BB_PASS(crown_select64(others_of(cfg, s->dagger), (unsigned)(k - na)));
    }
    case BB_P_OFFER: return crown_pick_place(pick, 2) == 0 ? CROWN_BB_OFFER : CROWN_BB_DECLINE;
    case BB_P_ACCEPT: {
        unsigned offers = s->offers & (BB_BIT(cfg->players) - 1);
        uint64_t no = (uint64_t)bb_popcount(offers), k = crown_pick_place(pick, no + 1);
        return k < no ? CROWN_BB_ACCEPT(crown_select64(offers, (unsigned)k)) : CROWN_BB_REFUSE;
    }
    case BB_P_TOKEN: {
        unsigned mask = allowed_tokens(s, s->victim, s->force_rank);
        uint64_t k = crown_pick_place(pick, (uint64_t)bb_popcount(mask));
        return CROWN_BB_TOKEN(crown_select64(mask, (unsigned)k));
    }
    case BB_P_ABILITY: {
        int u = s->user;
        bb_plan p = ability_plan(cfg, s, u);
        size_t ns = (size_t)bb_popcount(p.seats), more = 0;
        if (p.special == 3)
            more = look_count(cfg, s, u);
        else if (p.special == 10)
            more = curses_count(cfg);
        size_t k = (size_t)crown_pick_place(pick, ns + (size_t)p.nfixed + more + 1);
        if (k < ns)
            return CROWN_BB_MOVE(p.kind, crown_select64(p.seats, (unsigned)k), 0);
        k -= ns;
        if (k < (size_t)p.nfixed)
            return p.fixed[k];
        k -= (size_t)p.nfixed;
        if (k < more)
            return p.special == 3 ? look_nth(cfg, s, u, k) : curses_nth(cfg, u, k);
        return CROWN_BB_NO_ABILITY;
    }
    case BB_P_RETURN: {
        unsigned held = returnable(s);
        uint64_t k = crown_pick_place(pick, (uint64_t)bb_popcount(held));
        return CROWN_BB_RETURN(crown_select64(held, (unsigned)k));
    }
    default:
        crown_pick_place(pick, 0);
        return 0;
    }
}
