/*
 * why_illegal.c - Blood Bound: why a move is not legal, for the messages
 * of crown_apply and crown_move_from_text (the rules table's why_illegal;
 * docs/blood-bound.md states the rules it explains).
 *
 * Each reason is a fact of the state that rules the move out, checked in
 * turn; what no check explains gets a generic reason.  A reason may name
 * the character of the player to move (he knows it), never another seat's.
 */
#include "../core/rules.h"
#include "bloodbound.h"

static const char *const token_name[4] = {"rank", "rose", "beast", "unknown"};

/* The character's name as its player knows it: "the Rose Elder (1)". */
static void put_character(const bb_state *s, int p, crown_buf *b)
{
    static const char *const clan[3] = {"Rose", "Beast", "Secret Order"};
    const bb_role *r = bb_role_of(s->character[p]);
    crown_buf_printf(b, "the %s %s", clan[bb_clan_of(s->character[p])], r->name);
}

/* Does a move of this kind name one seat (its field a)? */
static int names_a_seat(int kind)
{
    return kind == CROWN_BB_K_ATTACK || kind == CROWN_BB_K_PASS || kind == CROWN_BB_K_ACCEPT ||
           kind == CROWN_BB_K_ASSASSIN || kind == CROWN_BB_K_MENTALIST ||
           kind == CROWN_BB_K_SHIELD || kind == CROWN_BB_K_STAFF || kind == CROWN_BB_K_FAN;
}

/* A move naming the mover's own seat where it must name another; 1 when a
 * reason was written. */
static int bad_seat(int a, int mover, crown_buf *b)
{
    if (a == mover) {
        crown_buf_printf(b, "seat %d may not name himself", a);
        return 1;
    }
    return 0;
}

static int why_turn(const bb_state *s, crown_move m, crown_buf *b)
{
    int d = s->dagger, a = CROWN_BB_A(m), kind = CROWN_BB_KIND(m);
    if (kind != CROWN_BB_K_ATTACK && kind != CROWN_BB_K_PASS) {
        crown_buf_printf(b, "seat %d holds the dagger: he attacks or passes it", d);
        return 1;
    }
    if (bad_seat(a, d, b))
        return 1;
    if (kind == CROWN_BB_K_ATTACK && bb_shielded(s, a)) {
        crown_buf_printf(b, "seat %d holds a Shield: nobody may attack him", a);
        return 1;
    }
    if (kind == CROWN_BB_K_ATTACK && s->character[d] >= 18 && bb_wounds(s, a) >= 3) {
        crown_buf_printf(b, "seat %d has three wounds: the Inquisitor may not attack him", a);
        return 1;
    }
    return 0;
}

static int why_token(const bb_state *s, int t, crown_buf *b)
{
    int v = s->victim;
    if (s->force_rank && !s->rank_taken[v] && t != CROWN_BB_T_RANK) {
        crown_buf_printf(b, "seat %d must take his rank token for this wound", v);
        return 1;
    }
    if (t == CROWN_BB_T_RANK) {
        if (!s->rank_taken[v])
            return 0;
        crown_buf_printf(b, "seat %d has taken his rank token already", v);
        return 1;
    }
    if (s->aff[v][0] && s->aff[v][1]) {
        crown_buf_printf(b, "seat %d holds two affiliation tokens already", v);
        return 1;
    }
    if ((s->staff >> v) & 1) {
        if (t == CROWN_BB_T_UNKNOWN)
            return 0;
        crown_buf_printf(b, "seat %d holds a Staff: he takes unknown tokens only", v);
        return 1;
    }
    crown_buf_printf(b, "seat %d is ", v);
    put_character(s, v, b);
    crown_buf_printf(b, ": no icon of his left takes a %s token", token_name[t]);
    return 1;
}

/* The rank of the character whose ability a move of this kind is (10: the
 * Inquisitor), or 0 when it is none. */
static int ability_rank(int kind)
{
    static const int rank[] = {
        [CROWN_BB_K_QUILL] = 1,     [CROWN_BB_K_ASSASSIN] = 2, [CROWN_BB_K_LOOK] = 3,
        [CROWN_BB_K_WOUND] = 4,     [CROWN_BB_K_HEAL] = 4,     [CROWN_BB_K_MENTALIST] = 5,
        [CROWN_BB_K_SHIELD] = 6,    [CROWN_BB_K_STRIKE] = 7,   [CROWN_BB_K_STAFF] = 8,
        [CROWN_BB_K_FAN] = 9,       [CROWN_BB_K_CURSES] = CROWN_BB_INQUISITOR_RANK,
        [CROWN_BB_K_NO_ABILITY] = 0};
    return kind < (int)(sizeof rank / sizeof rank[0]) ? rank[kind] : 0;
}

/* The seats an ability names, against what they hold (the ability is the
 * user's, and has a use: the ability step is there). */
static int why_ability_seat(const bb_state *s, crown_move m, crown_buf *b)
{
    int u = s->user, a = CROWN_BB_A(m), t = CROWN_BB_B(m);
    switch (CROWN_BB_KIND(m)) {
    case CROWN_BB_K_LOOK:
        if (!((~s->looked[u] >> a) & 1 || (~s->looked[u] >> t) & 1)) {
            crown_buf_printf(b, "seat %d has seen the cards of seats %d and %d already", u, a, t);
            return 1;
        }
        return 0;
    case CROWN_BB_K_SHIELD: {
        int col = bb_guardian_colour(s, u);
        if (col >= 0 && ((s->shield[col] >> a) & 1)) {
            crown_buf_printf(b, "seat %d holds a Shield of colour %c already", a, 'A' + col);
            return 1;
        }
        return 0;
    }
    case CROWN_BB_K_STAFF:
        if ((s->staff >> a) & 1) {
            crown_buf_printf(b, "seat %d holds a Staff already", a);
            return 1;
        }
        return 0;
    case CROWN_BB_K_FAN:
        if ((s->fan >> a) & 1) {
            crown_buf_printf(b, "seat %d holds a Fan already", a);
            return 1;
        }
        return 0;
    case CROWN_BB_K_CURSES:
        if ((t >> u) & 1) {
            crown_buf_printf(b, "the Inquisitor, seat %d, gives no Curse to himself", u);
            return 1;
        }
        return 0;
    default: return 0;
    }
}

static int why_ability(const bb_state *s, crown_move m, crown_buf *b)
{
    int u = s->user, a = CROWN_BB_A(m), kind = CROWN_BB_KIND(m), want = ability_rank(kind);
    if (want == 0) {
        crown_buf_printf(b, "seat %d is to use his ability or not", u);
        return 1;
    }
    const bb_role *r = bb_role_of(s->character[u]);
    if (r->rank != want) {
        crown_buf_printf(b, "seat %d is ", u);
        put_character(s, u, b);
        crown_buf_puts(b, ": that is another character's ability");
        return 1;
    }
    if ((names_a_seat(kind) || kind == CROWN_BB_K_LOOK || kind == CROWN_BB_K_CURSES) &&
        (bad_seat(a, u, b) || (kind == CROWN_BB_K_LOOK && bad_seat(CROWN_BB_B(m), u, b))))
        return 1;
    if ((kind == CROWN_BB_K_ASSASSIN || kind == CROWN_BB_K_MENTALIST) && bb_shielded(s, a)) {
        crown_buf_printf(b, "seat %d holds a Shield", a);
        return 1;
    }
    if ((kind == CROWN_BB_K_WOUND || kind == CROWN_BB_K_HEAL) &&
        !(s->intervened && s->wounded == u)) {
        crown_buf_puts(b, "the Alchemist uses his ability only after intervening");
        return 1;
    }
    if (kind == CROWN_BB_K_HEAL && bb_wounds(s, s->target) == 0) {
        crown_buf_printf(b, "seat %d has no wound to heal", s->target);
        return 1;
    }
    if (kind == CROWN_BB_K_STRIKE && bb_shielded(s, s->attacker)) {
        crown_buf_printf(b, "the attacker, seat %d, holds a Shield", s->attacker);
        return 1;
    }
    if (kind == CROWN_BB_K_CURSES && s->curses_given) {
        crown_buf_puts(b, "the Curses have been given already");
        return 1;
    }
    return why_ability_seat(s, m, b);
}

static int why_decision(const bb_state *s, crown_move m, crown_buf *b)
{
    int a = CROWN_BB_A(m), kind = CROWN_BB_KIND(m), t = CROWN_BB_B(m);
    switch (s->phase) {
    case BB_P_TURN: return why_turn(s, m, b);
    case BB_P_OFFER:
        crown_buf_printf(b, "seat %d is asked to offer to intervene or decline", s->asking);
        return 1;
    case BB_P_ACCEPT:
        if (kind != CROWN_BB_K_ACCEPT) {
            crown_buf_printf(b, "seat %d, attacked, is to accept an offer or none", s->target);
            return 1;
        }
        if (!((s->offers >> a) & 1)) {
            crown_buf_printf(b, "seat %d did not offer to intervene", a);
            return 1;
        }
        return 0;
    case BB_P_TOKEN:
        if (kind != CROWN_BB_K_TOKEN) {
            crown_buf_printf(b, "seat %d, wounded, is to take a token", s->victim);
            return 1;
        }
        return why_token(s, t, b);
    case BB_P_ABILITY: return why_ability(s, m, b);
    default: /* BB_P_RETURN */
        if (kind != CROWN_BB_K_RETURN) {
            crown_buf_printf(b, "seat %d, healed, is to return a token", s->healed);
            return 1;
        }
        if (t == CROWN_BB_T_RANK ? s->rank_taken[s->healed]
                                 : s->aff[s->healed][0] == t || s->aff[s->healed][1] == t)
            return 0;
        crown_buf_printf(b, "seat %d holds no %s token", s->healed, token_name[t]);
        return 1;
    }
}

static int no_seat(const bb_config *c, int seat, crown_buf *b)
{
    if (seat < c->players)
        return 0;
    crown_buf_printf(b, "there is no seat %d (seats 0 to %d)", seat, c->players - 1);
    return 1;
}

/* A move the encoding holds but these options do not (no index): what in
 * it is no move; 0 when it is none of these. */
static int why_no_such_move(const bb_config *c, crown_move m, crown_buf *b)
{
    int kind = CROWN_BB_KIND(m), a = CROWN_BB_A(m), t = CROWN_BB_B(m);
    if (m < 0)
        return 0;
    if (names_a_seat(kind))
        return t == 0 && no_seat(c, a, b);
    if (kind == CROWN_BB_K_LOOK) {
        if (no_seat(c, a > t ? a : t, b))
            return 1;
        if (a == t) {
            crown_buf_puts(b, "a Harlequin looks at the cards of two different players");
            return 1;
        }
        if (a > t) {
            crown_buf_printf(b, "a look names the lower seat first: CROWN_BB_LOOK(%d, %d)", t, a);
            return 1;
        }
        return 0;
    }
    if (kind != CROWN_BB_K_CURSES)
        return 0;
    if (!c->inquisitor) {
        crown_buf_printf(b, "with %d players there is no Inquisitor, and no Curse", c->players);
        return 1;
    }
    if (no_seat(c, a, b) || (t >> c->players && no_seat(c, 31 - __builtin_clz((unsigned)t), b)))
        return 1;
    if (t >> a & 1) {
        crown_buf_printf(b, "seat %d cannot get the True Curse and a False one: each Curse goes "
                            "to another player", a);
        return 1;
    }
    if (bb_popcount((unsigned)t) != c->false_curses) {
        crown_buf_printf(b, "with %d players the Inquisitor gives 1 True and %d False Curse%s",
                         c->players, c->false_curses, c->false_curses == 1 ? "" : "s");
        return 1;
    }
    return 0;
}

void bb_why_illegal(const void *config, const void *state, crown_move m, crown_buf *b)
{
    const bb_config *c = config;
    const bb_state *s = state;
    if (s->phase == BB_P_OVER) {
        crown_buf_puts(b, "the game is over");
        return;
    }
    if (s->phase < BB_P_TURN) {
        crown_buf_puts(b, CROWN_BB_KIND(m) == CROWN_BB_K_CHANCE && m >= 0
                              ? "the game is being set up (a chance node): that is not one of "
                                "its outcomes (crown_chance_outcomes)"
                              : "the game is being set up (a chance node): no player moves now");
        return;
    }
    if (m >= 0 && CROWN_BB_KIND(m) == CROWN_BB_K_CHANCE) {
        crown_buf_printf(b, "that is a chance outcome, and seat %d is to move",
                         crown_bloodbound_rules.current(config, state));
        return;
    }
    if (crown_bloodbound_rules.action_index(config, m) < 0) {
        if (!why_no_such_move(c, m, b))
            crown_buf_puts(b, "it is no move of Blood Bound with these options "
                              "(docs/blood-bound.md, Moves)");
        return;
    }
    if (!why_decision(s, m, b))
        crown_buf_puts(b, "it is not one of the moves the rules allow now");
}
