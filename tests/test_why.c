/*
 * test_why.c - the reasons an illegal move is refused with (the rules
 * table's why_illegal), through crown_apply, crown_move_to_text and
 * crown_move_from_text.
 *
 * Per game, a handful of reasons against positions reached by random play:
 * each scenario is looked for at every decision of a few games, and must be
 * met at least once.  Then random illegal moves and move texts at random
 * positions of every game: refused with a message, the game unchanged, and
 * no reason that contradicts the state (the claims the messages make are
 * checked against the state, read white-box).
 */
#include <stdio.h>

#include "common.h"
#include "core/core.h"
#include "bloodbound/bloodbound.h"
#include "kingdoms/kingdoms.h"
#include "kingsblood/blood/blood.h"
#include "kingsblood/family/family.h"

/* ---- helpers ---------------------------------------------------------- */

static uint64_t hash_of(crown_game *g)
{
    uint64_t h;
    OK(crown_state_hash(g, &h));
    return h;
}

static size_t history_of(crown_game *g)
{
    size_t n;
    OK(crown_history_length(g, &n));
    return n;
}

static int is_legal(crown_game *g, crown_move m)
{
    static crown_move moves[16384];
    size_t n;
    OK(crown_legal_moves(g, moves, sizeof moves / sizeof moves[0], &n));
    for (size_t i = 0; i < n; i++)
        if (moves[i] == m)
            return 1;
    return 0;
}

static int contains(const char *hay, const char *needle)
{
    return strstr(hay, needle) != NULL;
}

/* crown_apply(m) and crown_move_to_text(m) refuse m with a reason holding
 * `want` (NULL: any), the game unchanged; the message is in msg. */
static void refused(crown_game *g, crown_move m, const char *want, char *msg, size_t cap)
{
    uint64_t h = hash_of(g);
    size_t n = history_of(g);
    ck_assert_int_eq(crown_apply(g, m), CROWN_EILLEGAL);
    snprintf(msg, cap, "%s", crown_last_error(g));
    ck_assert_msg(want == NULL || contains(msg, want), "move %ld: '%s' does not say '%s'",
                  (long)m, msg, want ? want : "");
    ck_assert_msg(contains(msg, "is not legal"), "'%s'", msg);
    char t[256];
    size_t len;
    ck_assert_int_eq(crown_move_to_text(g, m, t, sizeof t, &len), CROWN_EILLEGAL);
    ck_assert_str_eq(crown_last_error(g), msg);
    ck_assert_uint_eq(hash_of(g), h);
    ck_assert_uint_eq(history_of(g), n);
}

/* crown_move_from_text(text) refuses the text as a move that is not legal
 * now, with a reason holding `want`; the game unchanged. */
static void text_refused(crown_game *g, const char *text, const char *want)
{
    uint64_t h = hash_of(g);
    crown_move m = -12345;
    ck_assert_int_eq(crown_move_from_text(g, text, &m), CROWN_EILLEGAL);
    const char *msg = crown_last_error(g);
    ck_assert_msg(contains(msg, "is not a legal move now: ") && contains(msg, want),
                  "'%s': '%s' does not say '%s'", text, msg, want);
    ck_assert_int_eq(m, -12345);
    ck_assert_uint_eq(hash_of(g), h);
}


static int is_over(crown_game *g)
{
    int t;
    OK(crown_is_terminal(g, &t));
    return t;
}

/* At the end: crown_apply and crown_move_to_text say the game is over. */
static void over(crown_game *g, crown_move m)
{
    char t[64];
    size_t len;
    ck_assert_int_eq(crown_apply(g, m), CROWN_EILLEGAL);
    ck_assert_str_eq(crown_last_error(g), "the game is over: no move is legal");
    ck_assert_int_eq(crown_move_to_text(g, m, t, sizeof t, &len), CROWN_EILLEGAL);
    ck_assert_msg(contains(crown_last_error(g), "is not legal: the ") &&
                      contains(crown_last_error(g), " is over"), "%s", crown_last_error(g));
}

typedef void (*probe_fn)(crown_game *g, int *hits);

/* A new game of `name` with chance=explicit refuses m with `want` at its
 * first chance node. */
static void refused_at_start(const char *name, const char *options, crown_move m,
                             const char *want)
{
    char msg[256];
    crown_game *g = new_game(name, options, 1);
    refused(g, m, want, msg, sizeof msg);
    crown_free(g);
}

static void random_move(crown_game *g, trng *r);

/* Plays random games of `name` (options `odd` for odd seeds, else `even`),
 * at most max_moves moves each, trying the scenarios of `probe` at every
 * position, until each of the ncases scenarios has been met (at most
 * `seeds` games: a scenario never met fails); a game that ends refuses
 * `late` as over. */
static void probe_games(const char *name, const char *odd, const char *even, int seeds,
                        int max_moves, probe_fn probe, int ncases, crown_move late)
{
    int hits[16] = {0}, met = 0;
    for (int seed = 1; seed <= seeds && met < ncases; seed++) {
        crown_game *g = new_game(name, seed % 2 ? odd : even, (uint64_t)seed);
        trng r = {(uint64_t)seed};
        for (int k = 0; k < max_moves && !is_over(g); k++) {
            probe(g, hits);
            random_move(g, &r);
        }
        if (is_over(g))
            over(g, late);
        crown_free(g);
        met = 0;
        for (int k = 0; k < ncases; k++)
            met += hits[k] > 0;
    }
    for (int k = 0; k < ncases; k++)
        ck_assert_msg(hits[k] > 0, "%s: scenario %d never met", name, k);
}

/* Plays a random legal move (chance outcomes too). */
static void random_move(crown_game *g, trng *r)
{
    static crown_move moves[16384];
    size_t n;
    OK(crown_legal_moves(g, moves, sizeof moves / sizeof moves[0], &n));
    ck_assert_uint_gt(n, 0);
    OK(crown_apply(g, moves[trng_below(r, n)]));
}


/* The text of move m in the current state (m legal there). */
static void text_of(crown_game *g, crown_move m, char *buf, size_t cap)
{
    size_t len;
    OK(crown_move_to_text(g, m, buf, cap, &len));
}

/* ---- Game of Kingdoms ------------------------------------------------- */

static const char *kd_name(int c, char out[4])
{
    static const char *const ranks[10] = {"5", "6", "7", "8", "9", "10", "N", "Q", "K", "H"};
    snprintf(out, 4, "%c%s", "RBGY"[CROWN_KD_COLOUR(c)], ranks[CROWN_KD_RANK(c)]);
    return out;
}

enum { W_KD_NOT_HELD, W_KD_LOWER, W_KD_NOT_TRUMP, W_KD_DEFEND, W_KD_BASIC, W_KD_LEAD_NOT_HELD, W_KD_ADD_RANK,
       W_KD_ASKED, W_KD_CASES };

/* Tries the scenarios of this position; hits[] counts those met. */
static void kd_probe(crown_game *g, int *hits)
{
    const kd_state *s = crown_internal_state(g);
    char msg[256], want[96], a_t[4], d_t[4], text[64];
    int tc = CROWN_KD_COLOUR(s->trump);
    if (s->phase == KD_DEFEND) {
        int d = s->defender;
        for (int i = 0; i < s->natt; i++) {
            int a = s->att[i];
            if (s->def[i] != KD_NONE)
                continue;
            for (int x = 0; x < 40; x++) {
                kd_name(a, a_t);
                kd_name(x, d_t);
                snprintf(text, sizeof text, "beat %s with %s", a_t, d_t);
                if (!(s->hand[d] >> x & 1)) {
                    snprintf(want, sizeof want, "%s is not in seat %d's hand", d_t, d);
                    refused(g, CROWN_KD_BEAT(a, x), want, msg, sizeof msg);
                    text_refused(g, text, want);
                    snprintf(want, sizeof want, "move %d (%s) is not legal: ",
                             CROWN_KD_BEAT(a, x), text);
                    ck_assert_msg(contains(msg, want), "'%s'", msg);
                    hits[W_KD_NOT_HELD]++;
                } else if (CROWN_KD_COLOUR(x) == CROWN_KD_COLOUR(a) &&
                           CROWN_KD_RANK(x) < CROWN_KD_RANK(a)) {
                    snprintf(want, sizeof want, "%s is lower than %s", d_t, a_t);
                    refused(g, CROWN_KD_BEAT(a, x), want, msg, sizeof msg);
                    text_refused(g, text, want);
                    hits[W_KD_LOWER]++;
                } else if (CROWN_KD_COLOUR(x) != CROWN_KD_COLOUR(a) &&
                           CROWN_KD_COLOUR(x) != tc && CROWN_KD_COLOUR(a) != tc) {
                    refused(g, CROWN_KD_BEAT(a, x), "nor a trump", msg, sizeof msg);
                    hits[W_KD_NOT_TRUMP]++;
                }
            }
        }
        snprintf(want, sizeof want, "seat %d is to defend", d);
        text_refused(g, "lead R5", want);
        refused(g, CROWN_KD_PASS, want, msg, sizeof msg);
        refused(g, 5000, "it is no move of Game of Kingdoms", msg, sizeof msg);
        hits[W_KD_DEFEND]++;
        int c = __builtin_ctzll(s->hand[d]);
        refused(g, CROWN_KD_TRANSFER(c), "there is no transfer in the basic variant", msg,
                sizeof msg);
        hits[W_KD_BASIC]++;
    } else if (s->phase == KD_LEAD) {
        for (int x = 0; x < 40; x++) {
            if (s->hand[s->attacker] >> x & 1)
                continue;
            snprintf(want, sizeof want, "%s is not in seat %d's hand", kd_name(x, d_t),
                     s->attacker);
            snprintf(text, sizeof text, "lead %s", d_t);
            text_refused(g, text, want);
            hits[W_KD_LEAD_NOT_HELD]++;
        }
    } else if (s->phase == KD_ASK) {
        unsigned ranks = 0;
        for (int i = 0; i < s->natt; i++) {
            ranks |= 1u << CROWN_KD_RANK(s->att[i]);
            if (s->def[i] != KD_NONE)
                ranks |= 1u << CROWN_KD_RANK(s->def[i]);
        }
        for (int x = 0; x < 40; x++) {
            if ((s->hand[s->ask] >> x & 1) && !(ranks >> CROWN_KD_RANK(x) & 1)) {
                snprintf(text, sizeof text, "add %s", kd_name(x, d_t));
                text_refused(g, text, "is on the table");
                hits[W_KD_ADD_RANK]++;
            }
        }
        snprintf(want, sizeof want, "seat %d is asked to add a card or pass", s->ask);
        refused(g, CROWN_KD_TAKE, want, msg, sizeof msg);
        hits[W_KD_ASKED]++;
    }
}

START_TEST(kingdoms_reasons)
{
    char msg[256];
    probe_games("game_of_kingdoms", "players=4", "players=4", 6, 100000, kd_probe, W_KD_CASES,
                CROWN_KD_TAKE);
    /* A chance node: no decision; a card that is not among its outcomes. */
    crown_game *g = new_game("game_of_kingdoms", "chance=explicit", 1);
    refused(g, CROWN_KD_TAKE, "a card is being dealt (a chance node): no player moves now", msg,
            sizeof msg);
    OK(crown_apply(g, 7));
    refused(g, 7, "that card is not one of its outcomes", msg, sizeof msg);
    crown_free(g);
}
END_TEST

/* The example: the move's text, then the reason. */
START_TEST(kingdoms_message_form)
{
    crown_game *g = new_game("game_of_kingdoms", "players=2,chance=explicit", 1);
    /* Seat 1 gets R5..B6 (ids 0..5), seat 0 the next six; the trump is
     * G10 (green). */
    for (int c = 0; c < 12; c++)
        OK(crown_apply(g, c % 2 ? c / 2 : 6 + c / 2));
    OK(crown_apply(g, CROWN_KD_CARD(5, CROWN_KD_GREEN)));
    const kd_state *s = crown_internal_state(g);
    ck_assert_int_eq(s->phase, KD_LEAD);
    char msg[256];
    int a = s->attacker, lead = __builtin_ctzll(s->hand[a]);
    OK(crown_apply(g, CROWN_KD_LEAD(CROWN_KD_RANK(lead), 1 << CROWN_KD_COLOUR(lead))));
    int d = s->defender, q = CROWN_KD_CARD(CROWN_KD_QUEEN, CROWN_KD_RED);
    ck_assert(!(s->hand[d] >> q & 1));
    char want[128], a_t[4];
    snprintf(want, sizeof want, "move %d (beat %s with RQ) is not legal: RQ is not in seat %d's "
                                "hand", CROWN_KD_BEAT(lead, q), kd_name(lead, a_t), d);
    refused(g, CROWN_KD_BEAT(lead, q), NULL, msg, sizeof msg);
    ck_assert_str_eq(msg, want);
    crown_free(g);
}
END_TEST

/* ---- Blood Bound ------------------------------------------------------ */

enum { W_BB_SHIELD, W_BB_THREE, W_BB_SELF, W_BB_ASKED, W_BB_TOKEN, W_BB_OTHER_ABILITY,
       W_BB_LOOK, W_BB_NO_SUCH, W_BB_HOLDS, W_BB_CASES };

/* An ability's card given to a seat that holds one already is refused for
 * it; so are Curses the Inquisitor would give himself. */
static void bb_probe_holds(crown_game *g, int *hits)
{
    const bb_state *s = crown_internal_state(g);
    int players, u = s->user, rank = bb_role_of(s->character[u])->rank;
    OK(crown_num_players(g, &players));
    char msg[256], want[96];
    for (int v = 0; v < players; v++) {
        if (v == u)
            continue;
        if (rank == 8 && ((s->staff >> v) & 1)) {
            snprintf(want, sizeof want, "seat %d holds a Staff already", v);
            refused(g, CROWN_BB_STAFF(v), want, msg, sizeof msg);
            hits[W_BB_HOLDS]++;
        } else if (rank == 9 && ((s->fan >> v) & 1)) {
            snprintf(want, sizeof want, "seat %d holds a Fan already", v);
            refused(g, CROWN_BB_FAN(v), want, msg, sizeof msg);
            hits[W_BB_HOLDS]++;
        } else if (rank == CROWN_BB_INQUISITOR_RANK && !s->curses_given) {
            const bb_config *c = g->config;
            unsigned f = 0;
            for (int q = 0, k = 1; k < c->false_curses; q++)
                if (q != u && q != v)
                    f |= 1u << q, k++;
            snprintf(want, sizeof want, "the Inquisitor, seat %d, gives no Curse to himself", u);
            refused(g, CROWN_BB_CURSES(v, f | (1u << u)), want, msg, sizeof msg);
            hits[W_BB_HOLDS]++;
        }
    }
}

/* A Harlequin's look reads in either order of its seats (the same move, its
 * text the lower seat first); a look at one seat twice is refused, saying
 * why. */
static void bb_probe_look(crown_game *g, int *hits)
{
    static crown_move moves[4096];
    size_t n;
    OK(crown_legal_moves(g, moves, 4096, &n));
    for (size_t i = 0; i < n; i++) {
        if (CROWN_BB_KIND(moves[i]) != CROWN_BB_K_LOOK)
            continue;
        int a = CROWN_BB_A(moves[i]), b = CROWN_BB_B(moves[i]);
        char text[64], t[64];
        crown_move m;
        snprintf(text, sizeof text, "look at seats %d and %d", b, a);
        OK(crown_move_from_text(g, text, &m));
        ck_assert_int_eq(m, moves[i]);
        text_of(g, m, t, sizeof t);
        snprintf(text, sizeof text, "look at seats %d and %d", a, b);
        ck_assert_str_eq(t, text);
        snprintf(text, sizeof text, "look at seats %d and %d", b, b);
        text_refused(g, text, "a Harlequin looks at the cards of two different players");
        hits[W_BB_LOOK]++;
    }
}

/* Moves these options do not have say what in them is no move: a seat
 * past the table's, Curses given wrongly or without an Inquisitor. */
static void bb_probe_no_such(crown_game *g, int *hits)
{
    const bb_config *c = g->config;
    char text[96], want[96];
    int P = c->players;
    snprintf(want, sizeof want, "there is no seat %d (seats 0 to %d)", P, P - 1);
    snprintf(text, sizeof text, "look at seats %d and 1", P);
    text_refused(g, text, want);
    snprintf(text, sizeof text, "fan to seat %d", P);
    text_refused(g, text, want);
    snprintf(want, sizeof want, "there is no seat 15 (seats 0 to %d)", P - 1);
    text_refused(g, "accept seat 15", want);
    if (!c->inquisitor) {
        snprintf(want, sizeof want, "with %d players there is no Inquisitor, and no Curse", P);
        text_refused(g, "curses: true to seat 1, false to seats 2", want);
    } else {
        text_refused(g, "curses: true to seat 1, false to seats 1 2 3",
                     "seat 1 cannot get the True Curse and a False one");
        snprintf(want, sizeof want, "with %d players the Inquisitor gives 1 True and %d False "
                                    "Curse", P, c->false_curses);
        snprintf(text, sizeof text, "curses: true to seat 0, false to seats 1 2 3 4 %d", P - 1);
        text_refused(g, text, want);
    }
    hits[W_BB_NO_SUCH]++;
}

static void bb_probe(crown_game *g, int *hits)
{
    int players;
    OK(crown_num_players(g, &players));
    const bb_state *s = crown_internal_state(g);
    char msg[256], want[128];
    if (s->phase == BB_P_TURN) {
        int d = s->dagger;
        for (int t = 0; t < players; t++) {
            if (t != d && (((s->shield[0] | s->shield[1]) >> t) & 1)) {
                snprintf(want, sizeof want, "seat %d holds a Shield: nobody may attack him", t);
                refused(g, CROWN_BB_ATTACK(t), want, msg, sizeof msg);
                hits[W_BB_SHIELD]++;
            } else if (t != d && s->character[d] >= 18 && bb_wounds(s, t) >= 3) {
                snprintf(want, sizeof want, "seat %d has three wounds: the Inquisitor may not "
                                            "attack him", t);
                refused(g, CROWN_BB_ATTACK(t), want, msg, sizeof msg);
                hits[W_BB_THREE]++;
            }
        }
        snprintf(want, sizeof want, "seat %d may not name himself", d);
        refused(g, CROWN_BB_PASS(d), want, msg, sizeof msg);
        text_refused(g, "offer", "holds the dagger: he attacks or passes it");
        hits[W_BB_SELF]++;
    } else if (s->phase == BB_P_OFFER) {
        snprintf(want, sizeof want, "seat %d is asked to offer to intervene or decline", s->asking);
        refused(g, CROWN_BB_REFUSE, want, msg, sizeof msg);
        hits[W_BB_ASKED]++;
    } else if (s->phase == BB_P_TOKEN) {
        static const char *const tokens[4] = {"rank", "rose", "beast", "unknown"};
        for (int t = 0; t < 4; t++) {
            if (is_legal(g, CROWN_BB_TOKEN(t)))
                continue;
            char text[32];
            snprintf(text, sizeof text, "take %s", tokens[t]);
            snprintf(want, sizeof want, "seat %d ", s->victim);
            text_refused(g, text, want);
            const char *m = crown_last_error(g);
            if (contains(m, "must take his rank token"))
                ck_assert(s->force_rank && !s->rank_taken[s->victim]);
            if (contains(m, "has taken his rank token already"))
                ck_assert(s->rank_taken[s->victim]);
            if (contains(m, "no icon of his left"))
                ck_assert(!((s->staff >> s->victim) & 1));
            hits[W_BB_TOKEN]++;
        }
    } else if (s->phase == BB_P_ABILITY) {
        int rank = bb_role_of(s->character[s->user])->rank;
        crown_move other = rank == 7 ? CROWN_BB_QUILL : CROWN_BB_STRIKE;
        refused(g, other, "that is another character's ability", msg, sizeof msg);
        hits[W_BB_OTHER_ABILITY]++;
        if (rank == 3)
            bb_probe_look(g, hits);
        bb_probe_holds(g, hits);
    }
    if (s->phase >= BB_P_TURN && s->phase != BB_P_OVER)
        bb_probe_no_such(g, hits);
}

START_TEST(bloodbound_reasons)
{
    probe_games("blood_bound", "players=7", "players=8", 40, 3000, bb_probe, W_BB_CASES,
                CROWN_BB_OFFER);
    refused_at_start("blood_bound", "players=6,chance=explicit", CROWN_BB_OFFER,
                     "the game is being set up (a chance node)");
}
END_TEST

/* ---- King's Blood and King's Family ------------------------------------ */

static void kb_text(const kb_deck *d, int c, char *out, size_t cap)
{
    crown_buf b;
    crown_buf_init(&b, out, cap);
    kb_put_card(&d->card[c], &b);
}

/* Playing Character c beside t (reading t_t) on a side of t that is not
 * usable is refused, saying so; the number of such sides. */
static int unusable_sides(crown_game *g, const genealogy *gn, int c, int t, const char *t_t)
{
    int n = 0;
    for (int side = 0; side < 2; side++) {
        if (gn_side_usable(gn, t, side ? 1 : -1))
            continue;
        char want[96], msg[256];
        snprintf(want, sizeof want, "the %s side of %s is not usable", side ? "right" : "left",
                 t_t);
        refused(g, CROWN_KB_PLAY(c, t, side), want, msg, sizeof msg);
        n++;
    }
    return n;
}

enum { W_KB_NOT_HELD, W_KB_NOT_ACTIVE, W_KB_NO_MATCH, W_KB_SIDE, W_KB_DRAWN, W_KB_LAST, W_KB_ANNOUNCE,
       W_KB_STOP, W_KB_CASES };

static void kbg_probe(crown_game *g, int *hits)
{
    const kbg_config *cfg = g->config;
    const kbg_state *s = crown_internal_state(g);
    const kb_deck *d = &cfg->deck;
    if (s->phase != KBG_PLAY || s->mode == KBG_M_PLACE || s->mode == KBG_M_FORCED)
        return;
    int p = s->player;
    const gn_set *hand = &s->hand[p];
    char msg[256], want[160], c_t[32], t_t[32], text[96];
    int n = gn_set_count(hand);
    if (n > 2) {
        snprintf(want, sizeof want, "seat %d holds %d cards", p, n);
        text_refused(g, "announce", want);
        hits[W_KB_ANNOUNCE]++;
    }
    if (s->mode == KBG_M_TURN) {
        text_refused(g, "stop", "there is nothing to stop: ");
        hits[W_KB_STOP]++;
    }
    if (n == 1 && s->mode != KBG_M_PENDING && !gn_empty(&s->gn)) {
        /* The last card: a Character only, and only announced. */
        int c = gn_set_next(hand, 0), t = gn_set_next(&s->gn.present, 0);
        const kb_card *k = &d->card[c];
        crown_move m = k->kind == KB_CHARACTER ? CROWN_KB_PLAY(c, t, 0)
                       : k->kind == KB_KINGS_BLOOD ? CROWN_KB_KINGS_BLOOD(t)
                       : k->event == KB_EXILE ? CROWN_KB_EXILE(c, t, 0) : CROWN_KB_EVENT(c, t);
        if (k->kind != KB_CHARACTER) {
            snprintf(want, sizeof want, "is seat %d's last card, and the last card must be a "
                                        "Character", p);
            refused(g, m, want, msg, sizeof msg);
            hits[W_KB_LAST]++;
        } else if (!(s->announced >> p & 1)) {
            refused(g, m, "the last card is played only after announcing", msg, sizeof msg);
            hits[W_KB_LAST]++;
        }
    }
    if (s->mode != KBG_M_TURN)
        return;
    int unannounced_last = n == 1 && !(s->announced >> p & 1);
    for (int c = 0; c < d->n; c++) {
        if (d->card[c].kind != KB_CHARACTER || d->face[c] != c)
            continue;
        gn_set same = kb_same_in(&cfg->faces, hand, c);
        int held = gn_set_next(&same, 0);
        GN_FOR(&s->gn.present, t) {
            kb_text(d, c, c_t, sizeof c_t);
            kb_text(d, t, t_t, sizeof t_t);
            snprintf(text, sizeof text, "play %s left of %s", c_t, t_t);
            if (held < 0) {
                snprintf(want, sizeof want, "%s is not in seat %d's hand", c_t, p);
                text_refused(g, text, want);
                refused(g, CROWN_KB_PLAY(c, t, 0), want, msg, sizeof msg);
                hits[W_KB_NOT_HELD]++;
                continue;
            }
            if (unannounced_last) {
                text_refused(g, text, "the last card is played only after announcing");
                hits[W_KB_LAST]++;
                continue;
            }
            if (!gn_is_active(&s->gn, t)) {
                snprintf(want, sizeof want, "%s is not Active", t_t);
                refused(g, CROWN_KB_PLAY(held, t, 0), want, msg, sizeof msg);
                hits[W_KB_NOT_ACTIVE]++;
            } else if (!kb_matches(d, held, t) &&
                       !(cfg->advanced && kb_kings_blood_carrier(d, &s->gn) == t)) {
                snprintf(want, sizeof want, "%s matches neither the colour nor the number of %s",
                         c_t, t_t);
                refused(g, CROWN_KB_PLAY(held, t, 1), want, msg, sizeof msg);
                hits[W_KB_NO_MATCH]++;
            } else {
                hits[W_KB_SIDE] += unusable_sides(g, &s->gn, held, t, t_t);
            }
        }
    }
}

static void kbg_probe_drawn(crown_game *g, int *hits)
{
    const kbg_config *cfg = g->config;
    const kbg_state *s = crown_internal_state(g);
    if (s->phase != KBG_PLAY || s->mode != KBG_M_DRAWN)
        return;
    GN_FOR(&s->hand[s->player], c) {
        if (gn_set_has(&cfg->faces.same[s->drawn], c) || !kb_first_of_face(&cfg->faces,
                                                                            &s->hand[s->player], c))
            continue;
        GN_FOR(&s->gn.active, t) {
            char msg[256];
            int f = cfg->deck.face[c]; /* moves name faces */
            crown_move m = cfg->deck.card[c].kind == KB_CHARACTER ? CROWN_KB_PLAY(f, t, 0)
                                                                  : CROWN_KB_EVENT(f, t);
            if (cfg->deck.card[c].kind == KB_EVENT && cfg->deck.card[c].event == KB_EXILE)
                m = CROWN_KB_EXILE(f, t, 0);
            if (!gn_set_many(&s->hand[s->player]) || c == cfg->kings_blood)
                continue; /* (the last card: that reason comes first) */
            refused(g, m, "only the card just drawn, ", msg, sizeof msg);
            hits[W_KB_DRAWN]++;
        }
    }
}

static void kbg_probes(crown_game *g, int *hits)
{
    kbg_probe(g, hits);
    kbg_probe_drawn(g, hits);
}

START_TEST(kings_blood_reasons)
{
    probe_games("kings_blood", "players=2", "players=3,advanced=on", 12, 1500, kbg_probes,
                W_KB_CASES, CROWN_KB_DRAW);
    refused_at_start("kings_blood", "chance=explicit", CROWN_KB_DRAW,
                     "a card is drawn (a chance node): no player moves now");
}
END_TEST

enum { W_KF_NOT_HELD, W_KF_NOT_ACTIVE, W_KF_NO_MATCH, W_KF_SIDE, W_KF_FORCED_, W_KF_SIBLING, W_KF_CASES };

static void kf_probe(crown_game *g, int *hits)
{
    const kf_config *cfg = g->config;
    const kf_state *s = crown_internal_state(g);
    const kb_deck *d = &cfg->deck;
    char msg[256], want[160], c_t[32], t_t[32];
    if (s->phase == KF_FORCED) {
        refused(g, CROWN_KB_DRAW, "the player must play ", msg, sizeof msg);
        hits[W_KF_FORCED_]++;
        return;
    }
    if (s->phase != KF_PLAY)
        return;
    if (s->run_child == KF_NONE) {
        /* Right after a birth whose siblings cannot be placed, the child's
         * number is the reason; else the birth. */
        int child = s->past_child;
        GN_FOR(&s->hand, c) {
            if (d->card[c].kind != KB_CHARACTER || !kb_first_of_face(&cfg->faces, &s->hand, c))
                continue;
            if (child == KF_NONE) {
                refused(g, CROWN_KB_SIBLING(c, 0), "siblings are played only right after a birth",
                        msg, sizeof msg);
            } else if (d->card[c].number != d->card[child].number) {
                kb_text(d, child, t_t, sizeof t_t);
                kb_text(d, c, c_t, sizeof c_t);
                snprintf(want, sizeof want, "%s is not of the number of the newborn child, %s",
                         c_t, t_t);
                refused(g, CROWN_KB_SIBLING(c, 0), want, msg, sizeof msg);
            } else {
                refused(g, CROWN_KB_SIBLING(c, 0), NULL, msg, sizeof msg);
                ck_assert_msg(contains(msg, "there is no room for a sibling") ||
                                  contains(msg, "the siblings go on to the") ||
                                  contains(msg, "the most a row may hold"),
                              "'%s'", msg);
            }
            hits[W_KF_SIBLING]++;
        }
    }
    for (int c = 0; c < d->n; c++) {
        if (d->card[c].kind != KB_CHARACTER || d->face[c] != c)
            continue;
        gn_set same = kb_same_in(&cfg->faces, &s->hand, c);
        int held = gn_set_next(&same, 0);
        kb_text(d, c, c_t, sizeof c_t);
        GN_FOR(&s->gn.present, t) {
            kb_text(d, t, t_t, sizeof t_t);
            if (held < 0) {
                snprintf(want, sizeof want, "%s is not in the player's hand", c_t);
                refused(g, CROWN_KB_PLAY(c, t, 1), want, msg, sizeof msg);
                hits[W_KF_NOT_HELD]++;
            } else if (!gn_is_active(&s->gn, t)) {
                snprintf(want, sizeof want, "%s is not Active", t_t);
                refused(g, CROWN_KB_PLAY(held, t, 0), want, msg, sizeof msg);
                hits[W_KF_NOT_ACTIVE]++;
            } else if (!kb_matches(d, held, t)) {
                char text[96];
                snprintf(text, sizeof text, "play %s right of %s", c_t, t_t);
                snprintf(want, sizeof want, "%s matches neither the colour nor the number of %s",
                         c_t, t_t);
                text_refused(g, text, want);
                hits[W_KF_NO_MATCH]++;
            } else {
                hits[W_KF_SIDE] += unusable_sides(g, &s->gn, held, t, t_t);
            }
        }
    }
}

/* Deals King's Family's seven cards and founds the Genealogy, as texts. */
static crown_game *kf_dealt(const char *const hand[7], const char *founder)
{
    crown_game *g = new_game("kings_family", "chance=explicit", 1);
    char text[64];
    for (int i = 0; i < 7; i++) {
        snprintf(text, sizeof text, "deal %s", hand[i]);
        play(g, text);
    }
    snprintf(text, sizeof text, "found %s", founder);
    play(g, text);
    return g;
}

/* Right after Y7m's birth, B8m is refused as a sibling for its number (the
 * birth has just happened, although no sibling can follow it); siblings go
 * on on the side of the first; after another play there is no birth. */
START_TEST(kings_family_sibling_reasons_name_the_child)
{
    const char *const hand[7] = {"Y5f", "B8m", "Y1m", "R2m", "B9f", "G9f", "R8m"};
    crown_game *g = kf_dealt(hand, "Y3m");
    text_refused(g, "sibling B8m left", "siblings are played only right after a birth");
    play(g, "play Y5f right of Y3m");
    play(g, "marriage Y7m");
    text_refused(g, "sibling B8m left", "B8m is not of the number of the newborn child, Y7m");
    text_refused(g, "sibling B8m right", "B8m is not of the number of the newborn child, Y7m");
    play(g, "play Y1m left of Y7m");
    while (current(g) == CROWN_CHANCE)
        play(g, "draw B1m");
    text_refused(g, "sibling B8m left", "siblings are played only right after a birth");
    crown_free(g);
    /* Two sevens: the second follows the first's side. */
    const char *const sevens[7] = {"Y5f", "Y7f", "G7m", "B8m", "Y1m", "R2m", "B9f"};
    g = kf_dealt(sevens, "Y3m");
    play(g, "play Y5f right of Y3m");
    play(g, "marriage Y7m");
    text_refused(g, "play Y7f right of Y7m", "Y7f at the next sibling's spot is a sibling of the "
                                             "newborn child, Y7m, not a play: sibling Y7f right");
    play(g, "sibling Y7f right");
    text_refused(g, "sibling G7m left", "the siblings go on to the right, beside the last one, Y7f");
    crown_free(g);
    /* No sibling when the child is born: a seven drawn then comes too late. */
    const char *const none[7] = {"Y5f", "B8m", "B1m", "R2m", "B9f", "G9f", "R8m"};
    g = kf_dealt(none, "Y3m");
    play(g, "play Y5f right of Y3m");
    play(g, "marriage Y7m");
    play(g, "draw G7m");
    text_refused(g, "sibling G7m left", "the run of siblings of Y7m ended when no further sibling "
                                        "could be placed, before the cards drawn since");
    ck_assert(can_play(g, "play G7m left of Y7m"));
    crown_free(g);
}
END_TEST

/* A New Connection with nowhere to place its card says so; so does a
 * place the lifted card may not take. */
START_TEST(kings_family_new_connection_reasons)
{
    const char *const hand[7] = {"new-connection", "Y5f", "Y1m", "B8m", "B9f", "G9f", "R8m"};
    crown_game *g = kf_dealt(hand, "Y3m");
    text_refused(g, "new-connection on Y3m", "a New Connection on Y3m has no card to place it "
                                             "beside: it is the only card of the Genealogy");
    play(g, "play Y5f right of Y3m");
    play(g, "marriage Y7m");
    play(g, "play Y1m left of Y7m");
    play(g, "new-connection on Y1m");
    text_refused(g, "place left of Y7m", "Y1m may not go back to the spot it left");
    text_refused(g, "place right of Y3m", "Y3m is not Active once Y1m is lifted: a card lies on "
                                          "top of it");
    play(g, "place right of Y7m");
    crown_free(g);
}
END_TEST

/* King's Blood: after a birth a sibling of the child's number follows the
 * first's side, and one of another number is refused for it. */
START_TEST(kings_blood_sibling_reasons_name_the_child)
{
    crown_game *g = new_game("kings_blood", "players=2,chance=explicit", 1);
    /* Seat 1 (to play first) is dealt the odd cards. */
    const char *const deal[14] = {"Y5f", "G1m", "Y7f", "G2m", "G7m", "G3m", "B8m",
                                  "G4m", "Y1m", "G5f", "R2m", "G6m", "B9f", "G8m"};
    char text[64];
    for (int i = 0; i < 14; i++) {
        snprintf(text, sizeof text, "deal %s", deal[i]);
        play(g, text);
    }
    play(g, "found Y3m");
    play(g, "play Y5f right of Y3m");
    play(g, "marriage Y7m");
    text_refused(g, "sibling B8m left", "B8m is not of the number of the newborn child, Y7m");
    text_refused(g, "play G7m left of Y7m", "G7m at the next sibling's spot is a sibling of the "
                                            "newborn child, Y7m, not a play: sibling G7m left");
    play(g, "sibling Y7f right");
    text_refused(g, "sibling G7m left", "the siblings go on to the right, beside the last one, Y7f");
    crown_free(g);
}
END_TEST

START_TEST(kings_family_reasons)
{
    probe_games("kings_family", "", "", 40, 100000, kf_probe, W_KF_CASES, CROWN_KB_DRAW);
}
END_TEST

/* ---- random illegal moves and texts, every game ------------------------ */

/* The card of a King's game whose text is the `n` characters at p, or -1. */
static int kb_card_named(const kb_deck *d, const char *p, size_t n)
{
    for (int c = 0; c <= d->n; c++) {
        char t[32];
        kb_text(d, c, t, sizeof t);
        if (strlen(t) == n && memcmp(t, p, n) == 0)
            return c;
    }
    return -1;
}

/* The word ending just before `at` in msg (after a space, '(' or the
 * start): its start and length. */
static const char *word_before(const char *msg, const char *at, size_t *n)
{
    const char *p = at;
    while (p > msg && p[-1] != ' ' && p[-1] != '(')
        p--;
    *n = (size_t)(at - p);
    if (*n && p[*n - 1] == ',')
        (*n)--;
    return p;
}

/* The seat N of "seat N" or "seat N," just before `at` in msg, or -1. */
static int seat_before(const char *msg, const char *at)
{
    const char *p = at;
    if (p > msg && p[-1] == ',')
        p--;
    const char *end = p;
    while (p > msg && p[-1] >= '0' && p[-1] <= '9')
        p--;
    if (p == end || p - msg < 5 || strncmp(p - 5, "seat ", 5) != 0)
        return -1;
    return atoi(p);
}

/* The claims a message makes that the state can check. */
static void check_claims(crown_game *g, const char *msg)
{
    const char *name = crown_name(g), *at;
    size_t n;
    int seat;
    if (strcmp(name, "game_of_kingdoms") == 0) {
        const kd_state *s = crown_internal_state(g);
        if ((at = strstr(msg, " is not in seat ")) && sscanf(at, " is not in seat %d", &seat) == 1) {
            const char *w = word_before(msg, at, &n);
            char buf[8];
            int found = 0;
            for (int c = 0; c < 40; c++)
                if (strlen(kd_name(c, buf)) == n && memcmp(buf, w, n) == 0)
                    found = 1, ck_assert_msg(!(s->hand[seat] >> c & 1), "'%s': it is", msg);
            ck_assert_msg(found, "'%s': no card named", msg);
        }
    } else if (strcmp(name, "blood_bound") == 0) {
        const bb_state *s = crown_internal_state(g);
        if ((at = strstr(msg, " holds a Shield")))
            ck_assert_msg((seat = seat_before(msg, at)) >= 0 &&
                              (((s->shield[0] | s->shield[1]) >> seat) & 1), "'%s'", msg);
        if ((at = strstr(msg, " has three wounds")))
            ck_assert_msg((seat = seat_before(msg, at)) >= 0 && bb_wounds(s, seat) >= 3, "'%s'",
                          msg);
    } else {
        /* King's Blood and King's Family: the hand and the Genealogy. */
        int family = strcmp(name, "kings_family") == 0;
        const kb_deck *d = family ? &((const kf_config *)g->config)->deck
                                  : &((const kbg_config *)g->config)->deck;
        const genealogy *gn = family ? &((const kf_state *)crown_internal_state(g))->gn
                                     : &((const kbg_state *)crown_internal_state(g))->gn;
        if ((at = strstr(msg, " is not in "))) {
            const char *w = word_before(msg, at, &n);
            int c = kb_card_named(d, w, n);
            ck_assert_msg(c >= 0, "'%s': no card named", msg);
            if (strstr(msg, "(an identical card is)")) {
                /* (a card named by its id, an identical one being there) */
            } else if (strncmp(at, " is not in the Genealogy", 24) == 0) {
                GN_FOR(&gn->present, t)
                    ck_assert_msg(d->face[t] != d->face[c], "'%s': it is there", msg);
            } else {
                const gn_set *hand;
                if (family) {
                    hand = &((const kf_state *)crown_internal_state(g))->hand;
                } else {
                    ck_assert_msg(sscanf(at, " is not in seat %d", &seat) == 1, "'%s'", msg);
                    hand = &((const kbg_state *)crown_internal_state(g))->hand[seat];
                }
                GN_FOR(hand, h)
                    ck_assert_msg(d->face[h] != d->face[c], "'%s': it is in the hand", msg);
            }
        }
        if ((at = strstr(msg, " is not Active"))) {
            const char *w = word_before(msg, at, &n);
            int c = kb_card_named(d, w, n), inactive = 0;
            GN_FOR(&gn->present, t)
                inactive |= d->face[t] == d->face[c] && !gn_is_active(gn, t);
            ck_assert_msg(c >= 0 && inactive, "'%s'", msg);
        }
    }
}

/* Random illegal moves at the current position: ids of the dense index,
 * any integers, and the texts of moves made elsewhere. */
static void try_illegal(crown_game *g, trng *r, char texts[][128], size_t ntexts)
{
    size_t count;
    OK(crown_num_distinct_moves(g, &count));
    char msg[256];
    for (int k = 0; k < 12; k++) {
        crown_move m;
        if (k < 6)
            OK(crown_index_move(g, trng_below(r, count), &m));
        else if (k < 9)
            m = (crown_move)(uint32_t)trng_next(r);
        else
            m = (crown_move)trng_below(r, 1 << 24);
        if (is_legal(g, m) || is_over(g))
            continue;
        refused(g, m, NULL, msg, sizeof msg);
        check_claims(g, msg);
    }
    for (int k = 0; k < 6 && ntexts; k++) {
        const char *t = texts[trng_below(r, ntexts)];
        uint64_t h = hash_of(g);
        crown_move m;
        int rc = crown_move_from_text(g, t, &m);
        ck_assert_uint_eq(hash_of(g), h);
        if (rc == CROWN_OK) {
            ck_assert(is_legal(g, m));
            continue;
        }
        ck_assert_msg(rc == CROWN_EILLEGAL || rc == CROWN_EPARSE, "'%s': %d", t, rc);
        check_claims(g, crown_last_error(g));
    }
}

START_TEST(random_illegal_moves_are_explained_safely)
{
    static const char *const games[][2] = {
        {"game_of_kingdoms", "players=3,variant=ruthless"},
        {"game_of_kingdoms", "players=2"},
        {"kings_family", "events=optional"},
        {"kings_family", "deck=B3m B3m B3f Y1m Y2m Y4m Y5m Y6m Y7m Y8m exile"},
        {"kings_blood", "players=3,advanced=on"},
        {"kings_blood", "players=2,deck=B1m B1m B1f B2f B3m B3m Y1m Y2m Y4m Y5m Y6m Y7m "
                        "Y8m R1m R2f assassination exile new-connection enthronement"},
        {"blood_bound", "players=7"},
        {"blood_bound", "players=6"},
    };
    static char texts[512][128];
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        size_t ntexts = 0;
        for (int seed = 1; seed <= scaled(4); seed++) {
            crown_game *g = new_game(games[gi][0], games[gi][1], (uint64_t)seed);
            trng r = {(uint64_t)seed * 77 + gi};
            for (int k = 0; k < 400 && !is_over(g); k++) {
                int p;
                OK(crown_current_player(g, &p));
                if (p >= 0 && trng_below(&r, 4) == 0)
                    try_illegal(g, &r, texts, ntexts < 512 ? ntexts : 512);
                static crown_move moves[16384];
                size_t n;
                OK(crown_legal_moves(g, moves, sizeof moves / sizeof moves[0], &n));
                crown_move m = moves[trng_below(&r, n)];
                if (p >= 0)
                    text_of(g, m, texts[ntexts % 512], sizeof texts[0]), ntexts++;
                OK(crown_apply(g, m));
            }
            try_illegal(g, &r, texts, ntexts < 512 ? ntexts : 512);
            crown_free(g);
        }
    }
}
END_TEST

/* A reason tells the player to move nothing he does not know: the message
 * of every illegal move is the same in every determinization of the game
 * for him (everything hidden from him dealt again).  In King's Blood only
 * the plays of Characters are compared: the default deck's Characters are
 * unique, while a determinization may give the mover another copy of an
 * Event, whose id a message names. */
static void same_reasons_when_redealt(crown_game *g, trng *r, int kb)
{
    int p;
    OK(crown_current_player(g, &p));
    if (p < 0)
        return;
    crown_game *h = NULL;
    OK(crown_resample(g, p, trng_next(r), &h));
    size_t count;
    OK(crown_num_distinct_moves(g, &count));
    for (int k = 0; k < 24; k++) {
        crown_move m;
        OK(crown_index_move(g, trng_below(r, count), &m));
        if (kb && CROWN_KB_KIND(m) != CROWN_KB_K_PLAY)
            continue;
        ck_assert_int_eq(is_legal(g, m), is_legal(h, m));
        if (is_legal(g, m))
            continue;
        char mine[256];
        ck_assert_int_eq(crown_apply(g, m), CROWN_EILLEGAL);
        snprintf(mine, sizeof mine, "%s", crown_last_error(g));
        ck_assert_int_eq(crown_apply(h, m), CROWN_EILLEGAL);
        ck_assert_msg(strcmp(mine, crown_last_error(h)) == 0,
                      "seat %d is told '%s' in the game, '%s' in a determinization", p, mine,
                      crown_last_error(h));
    }
    crown_free(h);
}

START_TEST(reasons_tell_nothing_hidden)
{
    static const char *const games[][2] = {
        {"game_of_kingdoms", "players=4,variant=ruthless"},
        {"game_of_kingdoms", "players=2"},
        {"kings_blood", "players=4,advanced=on"},
        {"blood_bound", "players=9"},
        {"blood_bound", "players=8"},
    };
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        int kb = strcmp(games[gi][0], "kings_blood") == 0;
        for (int seed = 1; seed <= scaled(6); seed++) {
            crown_game *g = new_game(games[gi][0], games[gi][1], (uint64_t)seed);
            trng r = {(uint64_t)seed * 31 + gi};
            for (int k = 0; k < 300 && !is_over(g); k++) {
                if (trng_below(&r, 3) == 0)
                    same_reasons_when_redealt(g, &r, kb);
                random_move(g, &r);
            }
            crown_free(g);
        }
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("why");
    TCase *tc = test_case("why");
    tcase_add_test(tc, kingdoms_reasons);
    tcase_add_test(tc, kingdoms_message_form);
    tcase_add_test(tc, bloodbound_reasons);
    tcase_add_test(tc, kings_blood_reasons);
    tcase_add_test(tc, kings_family_reasons);
    tcase_add_test(tc, kings_family_sibling_reasons_name_the_child);
    tcase_add_test(tc, kings_family_new_connection_reasons);
    tcase_add_test(tc, kings_blood_sibling_reasons_name_the_child);
    tcase_add_test(tc, random_illegal_moves_are_explained_safely);
    tcase_add_test(tc, reasons_tell_nothing_hidden);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
