/*
 * test_bloodbound.c - the rules of Blood Bound: one test per ruling
 * (ruling_*) and per decision of the engine (decision_*,
 * docs/blood-bound.md), and the test that no observation shows a seat what
 * it cannot know.
 *
 * Games run with chance=explicit: the characters in play, the deal and the
 * dagger are played as chance moves from the start.  Wounds already taken
 * before a test's point are written into the state directly (white-box)
 * where playing them would only lengthen the test.
 */
#include <stdio.h>

#include "bloodbound/bloodbound.h"
#include "common.h"
#include "core/core.h"

#define BIT(p) (1u << (p))

static bb_state *st(crown_game *g)
{
    return crown_internal_state_mut(g);
}

static const bb_state *cst(crown_game *g)
{
    return crown_internal_state(g);
}

static void sound(crown_game *g)
{
    char msg[256];
    ck_assert_msg(crown_internal_check(g, msg, sizeof msg) == 0, "%s", msg);
}

/* A character code of a deal list: "R4" the Rose 4, "B9" the Beast 9, "Ir"
 * and "Ib" the Inquisitor with the rose or beast clue.  Writes its deal
 * text ("rose 4", "inquisitor (beast clue)"). */
static int character(const char *code, char *text, size_t cap)
{
    if (code[0] == 'I') {
        snprintf(text, cap, "inquisitor (%s clue)", code[1] == 'r' ? "rose" : "beast");
        return code[1] == 'r' ? CROWN_BB_INQUISITOR_ROSE : CROWN_BB_INQUISITOR_BEAST;
    }
    int rank = code[1] - '0';
    snprintf(text, cap, "%s %d", code[0] == 'R' ? "rose" : "beast", rank);
    return CROWN_BB_CHARACTER(code[0] == 'R' ? CROWN_BB_ROSE : CROWN_BB_BEAST, rank);
}

/* A table: the characters of seats 0, 1, ... as codes separated by spaces,
 * the dagger's first holder, and more options ("" for none).  Every chance
 * event of the setup is played as a move. */
static crown_game *table(const char *deal, int dagger, const char *more)
{
    char codes[16][4], opts[256], text[64];
    int n = 0;
    unsigned rose = 0, beast = 0;
    int inq = -1;
    for (const char *p = deal; *p && n < 16;) {
        if (*p == ' ') {
            p++;
            continue;
        }
        snprintf(codes[n], sizeof codes[n], "%.2s", p);
        int c = character(codes[n], text, sizeof text);
        if (c >= 18)
            inq = c;
        else if (c < 9)
            rose |= BIT(c);
        else
            beast |= BIT(c - 9);
        n++;
        p += 2;
    }
    snprintf(opts, sizeof opts, "players=%d,chance=explicit%s%s", n, more[0] ? "," : "", more);
    crown_game *g = new_game("blood_bound", opts, 7);
    char set[64];
    unsigned sets[2] = {rose, beast};
    for (int clan = 0; clan < 2; clan++) {
        int len = snprintf(set, sizeof set, "%s in play:", clan ? "beast" : "rose");
        for (int r = 1; r <= 9; r++)
            if ((sets[clan] >> (r - 1)) & 1)
                len += snprintf(set + len, sizeof set - (size_t)len, " %d", r);
        play(g, set);
    }
    if (inq >= 0)
        play(g, inq == CROWN_BB_INQUISITOR_ROSE ? "inquisitor with the rose clue"
                                                : "inquisitor with the beast clue");
    for (int p = 0; p < n; p++) {
        char move[80];
        character(codes[p], text, sizeof text);
        snprintf(move, sizeof move, "deal %s", text);
        play(g, move);
    }
    snprintf(text, sizeof text, "dagger to seat %d", dagger);
    play(g, text);
    ck_assert_int_eq(current(g), dagger);
    sound(g);
    return g;
}

static int phase(crown_game *g)
{
    return cst(g)->phase;
}

/* The legal moves' texts, sorted by id, as one string separated by "|". */
static const char *legal_texts(crown_game *g)
{
    static char out[16384];
    crown_move moves[1024];
    size_t n, len = 0;
    OK(crown_legal_moves(g, moves, 1024, &n));
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        char t[96];
        size_t tl;
        OK(crown_move_to_text(g, moves[i], t, sizeof t, &tl));
        len += (size_t)snprintf(out + len, sizeof out - len, "%s%s", i ? "|" : "", t);
    }
    return out;
}

static size_t nlegal(crown_game *g)
{
    crown_move moves[1024];
    size_t n;
    OK(crown_legal_moves(g, moves, 1024, &n));
    return n;
}

#define LEGAL(g, expected) ck_assert_str_eq(legal_texts(g), expected)

/* Hands the dagger to seat p (white-box; the phase is a turn). */
static void give(crown_game *g, int p)
{
    ck_assert_int_eq(phase(g), BB_P_TURN);
    st(g)->dagger = (uint8_t)p;
}

static void decline_all(crown_game *g)
{
    while (phase(g) == BB_P_OFFER)
        play(g, "decline");
}

/* Seat a attacks seat t, nobody intervenes, t takes `token` ("rank",
 * "rose", ...); stops at the ability step if there is one. */
static void attack(crown_game *g, int a, int t, const char *token)
{
    char m[64];
    give(g, a);
    snprintf(m, sizeof m, "attack seat %d", t);
    play(g, m);
    decline_all(g);
    if (phase(g) == BB_P_ACCEPT)
        play(g, "accept none");
    if (phase(g) == BB_P_OVER)
        return;
    ck_assert_int_eq(current(g), t);
    snprintf(m, sizeof m, "take %s", token);
    play(g, m);
    sound(g);
}

/* Wounds written directly: seat p holds its rank token (if rank) and these
 * affiliation tokens. */
static void tokens(crown_game *g, int p, int rank, int t0, int t1)
{
    bb_state *s = st(g);
    s->rank_taken[p] = s->shown_rank[p] = (uint8_t)rank;
    s->aff[p][0] = (uint8_t)t0;
    s->aff[p][1] = (uint8_t)t1;
    s->shown_aff[p] = (uint8_t)((t0 ? BIT(t0) : 0) | (t1 ? BIT(t1) : 0));
    sound(g);
}

static void returns_are(crown_game *g, const double *expected)
{
    double r[BB_MAXP], sum = 0;
    size_t n;
    OK(crown_returns(g, r, BB_MAXP, &n));
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(r[i] > expected[i] - 1e-9 && r[i] < expected[i] + 1e-9,
                      "seat %zu: return %g, expected %g", i, r[i], expected[i]);
        sum += r[i];
    }
    ck_assert(sum > -1e-9 && sum < 1e-9);
}

static int has_line(crown_game *g, int viewer, const char *line)
{
    char *o = observe(g, viewer);
    int found = strstr(o, line) != NULL;
    free(o);
    return found;
}

#define SEES(g, viewer, text) \
    ck_assert_msg(has_line(g, viewer, text), "viewer %d does not see '%s'", viewer, text)
#define NOT_SEES(g, viewer, text) \
    ck_assert_msg(!has_line(g, viewer, text), "viewer %d sees '%s'", viewer, text)

static int json_has(crown_game *g, int viewer, const char *text)
{
    char *s = observe_json(g, viewer);
    int found = strstr(s, text) != NULL;
    free(s);
    return found;
}

#define JSON_HAS(g, viewer, text) \
    ck_assert_msg(json_has(g, viewer, text), "JSON of viewer %d lacks '%s'", viewer, text)
#define JSON_LACKS(g, viewer, text) \
    ck_assert_msg(!json_has(g, viewer, text), "JSON of viewer %d has '%s'", viewer, text)

static void history_text(crown_game *g, size_t i, int viewer, char *buf, size_t cap)
{
    size_t len;
    OK(crown_history_text(g, i, viewer, buf, cap, &len));
}

/* ---- the reference card and the setup ---------------------------------- */

START_TEST(ruling_reference_card_data)
{
    static const struct {
        const char *name;
        int icon0, icon1, rival;
    } expect[10] = {
        {"Elder", BB_ICON_CLAN, BB_ICON_CLAN, 0},
        {"Assassin", BB_ICON_UNKNOWN, BB_ICON_UNKNOWN, 0},
        {"Harlequin", BB_ICON_UNKNOWN, BB_ICON_UNKNOWN, 1},
        {"Alchemist", BB_ICON_UNKNOWN, BB_ICON_UNKNOWN, 0},
        {"Mentalist", BB_ICON_CLAN, BB_ICON_CLAN, 0},
        {"Guardian", BB_ICON_CLAN, BB_ICON_CLAN, 0},
        {"Berserker", BB_ICON_CLAN, BB_ICON_UNKNOWN, 0},
        {"Mage", BB_ICON_CLAN, BB_ICON_UNKNOWN, 0},
        {"Courtesan", BB_ICON_CLAN, BB_ICON_UNKNOWN, 0},
        {"Inquisitor", BB_ICON_WILD, BB_ICON_WILD, 0},
    };
    for (int i = 0; i < 10; i++) {
        ck_assert_int_eq(bb_roles[i].rank, i < 9 ? i + 1 : CROWN_BB_INQUISITOR_RANK);
        ck_assert_str_eq(bb_roles[i].name, expect[i].name);
        ck_assert_int_eq(bb_roles[i].icon[0], expect[i].icon0);
        ck_assert_int_eq(bb_roles[i].icon[1], expect[i].icon1);
        ck_assert_int_eq(bb_roles[i].clue_rival, expect[i].rival);
    }
    /* Clues: the own clan but the Harlequin's; the Inquisitor's card's. */
    ck_assert_int_eq(bb_clue_of(CROWN_BB_CHARACTER(CROWN_BB_ROSE, 1)), CROWN_BB_ROSE);
    ck_assert_int_eq(bb_clue_of(CROWN_BB_CHARACTER(CROWN_BB_ROSE, 3)), CROWN_BB_BEAST);
    ck_assert_int_eq(bb_clue_of(CROWN_BB_CHARACTER(CROWN_BB_BEAST, 3)), CROWN_BB_ROSE);
    ck_assert_int_eq(bb_clue_of(CROWN_BB_INQUISITOR_ROSE), CROWN_BB_ROSE);
    ck_assert_int_eq(bb_clue_of(CROWN_BB_INQUISITOR_BEAST), CROWN_BB_BEAST);
    ck_assert_int_eq(bb_clan_of(CROWN_BB_INQUISITOR_BEAST), 2);
    const bb_supply *s = &bb_supply_counts;
    ck_assert_int_eq(s->rose, 13);
    ck_assert_int_eq(s->beast, 13);
    ck_assert_int_eq(s->unknown, 20);
    ck_assert_int_eq(s->rank_per_number, 2);
    ck_assert_int_eq(s->quill, 2);
    ck_assert_int_eq(s->sword, 2);
    ck_assert_int_eq(s->shield, 4);
    ck_assert_int_eq(s->shields_per_colour, 2);
    ck_assert_int_eq(s->fan, 4);
    ck_assert_int_eq(s->staff, 6);
    ck_assert_int_eq(bb_false_curses(7), 1);
    ck_assert_int_eq(bb_false_curses(9), 2);
    ck_assert_int_eq(bb_false_curses(11), 3);
    ck_assert_int_eq(bb_false_curses(8), 0);
}
END_TEST

/* The handle draws the setup without listing it: the k-th equally likely
 * event is the k-th outcome of the list, at every chance node of the setup
 * for every number of players (so chance=auto deals what it dealt when it
 * drew from the list). */
START_TEST(setup_draw_is_the_listed_outcome)
{
    int nodes = 0;
    for (int players = 6; players <= BB_MAXP; players++) {
        for (uint64_t seed = 1; seed <= 12; seed++) {
            char opts[64];
            snprintf(opts, sizeof opts, "players=%d,chance=explicit", players);
            crown_game *g = new_game("blood_bound", opts, seed);
            trng r = {seed};
            crown_move m[512];
            size_t n;
            while (current(g) == CROWN_CHANCE) {
                const void *st = crown_internal_state(g);
                OK(crown_legal_moves(g, m, 512, &n));
                ck_assert_uint_eq(bb_chance_count(g->config, st), n);
                for (size_t k = 0; k < n; k++)
                    ck_assert_int_eq(bb_chance_nth(g->config, st, k), m[k]);
                OK(crown_apply(g, m[trng_below(&r, n)]));
                nodes++;
            }
            crown_free(g);
        }
    }
    ck_assert_int_gt(nodes, 500);
}
END_TEST

START_TEST(ruling_setup_is_chance)
{
    crown_game *g = new_game("blood_bound", "players=8,chance=explicit", 3);
    crown_move m[256];
    double pr[256];
    size_t n;
    ck_assert_int_eq(current(g), CROWN_CHANCE);
    OK(crown_chance_outcomes(g, m, pr, 256, &n));
    ck_assert_uint_eq(n, 126); /* 4 of the 9 Rose characters */
    ck_assert(pr[0] > 1.0 / 126 - 1e-12 && pr[0] < 1.0 / 126 + 1e-12);
    play(g, "rose in play: 8 4 1 3"); /* a set: any order */
    char first[64];
    history_text(g, 0, CROWN_OMNISCIENT, first, sizeof first);
    ck_assert_str_eq(first, "rose in play: 1 3 4 8");
    OK(crown_chance_outcomes(g, m, pr, 256, &n));
    ck_assert_uint_eq(n, 126);
    play(g, "beast in play: 2 3 6 9");
    /* No Inquisitor with 8: the deal, seat 0 first, among those left. */
    OK(crown_chance_outcomes(g, m, pr, 256, &n));
    ck_assert_uint_eq(n, 8);
    const char *deal[] = {"rose 1", "beast 3", "rose 3", "beast 2", "rose 8", "beast 9", "rose 4",
                          "beast 6"};
    for (int p = 0; p < 8; p++) {
        char t[64];
        OK(crown_chance_outcomes(g, m, pr, 256, &n));
        ck_assert_uint_eq(n, (size_t)(8 - p));
        snprintf(t, sizeof t, "deal %s", deal[p]);
        play(g, t);
    }
    OK(crown_chance_outcomes(g, m, pr, 256, &n));
    ck_assert_uint_eq(n, 8); /* the dagger: any seat */
    play(g, "dagger to seat 5");
    ck_assert_int_eq(current(g), 5);
    /* Each seat sees its card and the clue of the seat on its right; the
     * Harlequin's clue shows the rival clan. */
    SEES(g, 3, "you are seat 3: the Beast Assassin (2)");
    SEES(g, 3, "clue of seat 2, on your right: beast");
    SEES(g, 0, "clue of seat 7, on your right: beast");
    SEES(g, 2, "clue of seat 1, on your right: rose");
    NOT_SEES(g, 3, "Harlequin");
    crown_free(g);

    /* Odd counts: floor(n/2) per clan and one Inquisitor card. */
    g = new_game("blood_bound", "players=7,chance=explicit", 3);
    OK(crown_chance_outcomes(g, m, pr, 256, &n));
    ck_assert_uint_eq(n, 84); /* 3 of 9 */
    play(g, "rose in play: 1 2 3");
    play(g, "beast in play: 1 2 3");
    LEGAL(g, "inquisitor with the rose clue|inquisitor with the beast clue");
    play(g, "inquisitor with the beast clue");
    OK(crown_chance_outcomes(g, m, pr, 256, &n));
    ck_assert_uint_eq(n, 7);
    ck_assert(can_play(g, "deal inquisitor (beast clue)"));
    ck_assert(!can_play(g, "deal inquisitor (rose clue)"));
    SEES(g, CROWN_SPECTATOR, "with the Inquisitor (1 True and 1 False Curse)");
    crown_free(g);
}
END_TEST

/* ---- turns, the attack, intervention ---------------------------------- */

START_TEST(ruling_turn_attack_or_pass)
{
    crown_game *g = table("R1 R2 R3 B1 B2 B3", 0, "");
    LEGAL(g, "attack seat 1|attack seat 2|attack seat 3|attack seat 4|attack seat 5|"
             "pass to seat 1|pass to seat 2|pass to seat 3|pass to seat 4|pass to seat 5");
    play(g, "pass to seat 2");
    ck_assert_int_eq(current(g), 2);
    ck_assert_uint_eq(cst(g)->turns, 1);
    play(g, "pass to seat 0"); /* back to the one who handed it over */
    ck_assert_int_eq(current(g), 0);
    ck_assert(!can_play(g, "attack seat 0"));
    ck_assert(!can_play(g, "pass to seat 0"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_offers_clockwise_from_the_target)
{
    crown_game *g = table("R1 R2 R3 R4 B1 B2 B3 B4", 2, "");
    tokens(g, 7, 1, 0, 0); /* seat 7's rank token is out: not asked */
    play(g, "attack seat 5");
    const int order[] = {6, 0, 1, 3, 4};
    for (int i = 0; i < 5; i++) {
        ck_assert_int_eq(phase(g), BB_P_OFFER);
        ck_assert_int_eq(current(g), order[i]);
        LEGAL(g, "offer|decline");
        play(g, "decline");
    }
    /* Nobody offered: no acceptance step, the target takes the wound. */
    ck_assert_int_eq(phase(g), BB_P_TOKEN);
    ck_assert_int_eq(current(g), 5);
    crown_free(g);

    g = table("R1 R2 R3 R4 B1 B2 B3 B4", 6, "");
    play(g, "attack seat 5");
    const int order2[] = {7, 0, 1, 2, 3, 4};
    for (int i = 0; i < 6; i++) {
        ck_assert_int_eq(current(g), order2[i]);
        play(g, "decline");
    }
    ck_assert_int_eq(current(g), 5);
    crown_free(g);
}
END_TEST

START_TEST(ruling_target_accepts_one_offer_or_none)
{
    crown_game *g = table("R1 R2 R3 B1 B2 B3", 0, "");
    play(g, "attack seat 3");
    play(g, "offer");   /* seat 4 */
    play(g, "decline"); /* seat 5 */
    play(g, "offer");   /* seat 1 */
    play(g, "decline"); /* seat 2 */
    ck_assert_int_eq(phase(g), BB_P_ACCEPT);
    ck_assert_int_eq(current(g), 3);
    LEGAL(g, "accept seat 1|accept seat 4|accept none");
    SEES(g, CROWN_SPECTATOR, "attack: seat 0 attacks seat 3; offered: 1 4; declined: 2 5");
    play(g, "accept none");
    ck_assert_int_eq(current(g), 3);
    LEGAL(g, "take rank|take beast");
    crown_free(g);
}
END_TEST

START_TEST(ruling_intervener_takes_his_rank)
{
    crown_game *g = table("R1 R2 R3 B1 B2 B3", 0, "");
    play(g, "attack seat 3");
    play(g, "offer"); /* seat 4, the Beast Assassin */
    decline_all(g);
    play(g, "accept seat 4");
    ck_assert_int_eq(current(g), 4);
    LEGAL(g, "take rank");
    play(g, "take rank");
    SEES(g, CROWN_SPECTATOR, "seat 4: 1 wound: rank 2");
    SEES(g, CROWN_SPECTATOR, "seat 3: 0 wounds");
    crown_free(g);
}
END_TEST

START_TEST(ruling_dagger_goes_to_the_wounded)
{
    /* The target. */
    crown_game *g = table("R1 R2 R3 B1 B2 B3", 0, "");
    attack(g, 0, 3, "beast");
    ck_assert_int_eq(phase(g), BB_P_TURN);
    ck_assert_int_eq(current(g), 3);
    /* The intervener. */
    play(g, "attack seat 1");
    play(g, "decline"); /* 2 */
    play(g, "offer");   /* 4 */
    decline_all(g);
    play(g, "accept seat 4");
    play(g, "take rank");
    ck_assert_int_eq(phase(g), BB_P_ABILITY); /* the Assassin */
    play(g, "no ability");
    ck_assert_int_eq(current(g), 4);
    /* The Assassin's victim. */
    attack(g, 0, 1, "rank");
    play(g, "assassin on seat 5");
    play(g, "take unknown");
    play(g, "take unknown");
    ck_assert_int_eq(phase(g), BB_P_TURN);
    ck_assert_int_eq(current(g), 5);
    crown_free(g);

    /* The Berserker's strike: the dagger goes to the Berserker. */
    g = table("R1 R7 R3 B1 B2 B3", 3, "");
    attack(g, 3, 1, "rank");
    play(g, "strike");
    ck_assert_int_eq(current(g), 3);
    play(g, "take rank"); /* the Beast Elder shows his rank: no ability step */
    ck_assert_int_eq(phase(g), BB_P_TURN);
    ck_assert_int_eq(current(g), 1);
    crown_free(g);
}
END_TEST

START_TEST(ruling_fan_stops_offers)
{
    crown_game *g = table("R1 R2 R9 B1 B2 B3", 4, "");
    attack(g, 4, 2, "rank"); /* the Rose Courtesan */
    LEGAL(g, "fan to seat 0|fan to seat 1|fan to seat 3|fan to seat 4|fan to seat 5|no ability");
    play(g, "fan to seat 5");
    SEES(g, 0, "seat 5: 0 wounds; Fan");
    give(g, 0);
    play(g, "attack seat 5");
    ck_assert_int_eq(phase(g), BB_P_TOKEN); /* nobody asked */
    ck_assert_int_eq(current(g), 5);
    crown_free(g);
}
END_TEST

/* ---- wounds and tokens ------------------------------------------------- */

START_TEST(ruling_token_choice_follows_the_icons)
{
    crown_game *g = table("R1 B2 R7 B5 R3 Ir B8", 0, "");
    /* An Elder: rank or two clan tokens. */
    attack(g, 3, 0, "rose");
    give(g, 3);
    play(g, "attack seat 0");
    decline_all(g);
    LEGAL(g, "take rank|take rose");
    play(g, "take rose");
    give(g, 3);
    play(g, "attack seat 0");
    decline_all(g);
    LEGAL(g, "take rank");
    play(g, "take rank");
    ck_assert_int_eq(phase(g), BB_P_ABILITY);
    play(g, "quill");
    /* The Assassin: rank or unknown. */
    give(g, 0);
    play(g, "attack seat 1");
    decline_all(g);
    LEGAL(g, "take rank|take unknown");
    play(g, "take unknown");
    /* The Inquisitor: any affiliation token, twice. */
    give(g, 0);
    play(g, "attack seat 5");
    decline_all(g);
    LEGAL(g, "take rank|take rose|take beast|take unknown");
    play(g, "take beast");
    give(g, 0);
    play(g, "attack seat 5");
    decline_all(g);
    LEGAL(g, "take rank|take rose|take beast|take unknown");
    play(g, "take beast");
    SEES(g, 2, "seat 5: 2 wounds: beast beast");
    /* The Beast Mage: rank, beast or unknown; then the other icon. */
    give(g, 0);
    play(g, "attack seat 6");
    decline_all(g);
    LEGAL(g, "take rank|take beast|take unknown");
    play(g, "take unknown");
    give(g, 0);
    play(g, "attack seat 6");
    decline_all(g);
    LEGAL(g, "take rank|take beast");
    crown_free(g);
}
END_TEST

/* The rulebook's example: the Rose Berserker, attacked by the player on her
 * left, may take an unknown or a rose token; she keeps her clan secret. */
START_TEST(ruling_berserker_token_choice)
{
    crown_game *g = table("R1 R2 R7 B1 B2 B3", 3, "");
    play(g, "attack seat 2"); /* the active player attacks the player on his right */
    decline_all(g);
    LEGAL(g, "take rank|take rose|take unknown");
    play(g, "take unknown");
    SEES(g, CROWN_SPECTATOR, "seat 2: 1 wound: unknown");
    ck_assert_int_eq(current(g), 2);
    give(g, 3);
    play(g, "attack seat 2");
    decline_all(g);
    LEGAL(g, "take rank|take rose");
    crown_free(g);
}
END_TEST

START_TEST(ruling_staff_takes_unknown)
{
    crown_game *g = table("R1 R8 R3 B1 B2 B3", 3, "");
    attack(g, 3, 1, "rank"); /* the Rose Mage */
    play(g, "staff to seat 0");
    SEES(g, 4, "seat 0: 0 wounds; Staff");
    SEES(g, 4, "seat 1: 1 wound: rank 8; Staff");
    give(g, 3);
    play(g, "attack seat 0"); /* the Rose Elder, with a Staff */
    decline_all(g);
    LEGAL(g, "take rank|take unknown");
    play(g, "take unknown");
    give(g, 3);
    play(g, "attack seat 0");
    decline_all(g);
    LEGAL(g, "take rank|take unknown"); /* the second slot, whatever its icon */
    play(g, "take unknown");
    give(g, 3);
    play(g, "attack seat 0");
    decline_all(g);
    LEGAL(g, "take rank");
    crown_free(g);
}
END_TEST

START_TEST(ruling_affiliation_piles_unlimited)
{
    /* 12 players, all six Staffs out, 21 unknown tokens taken (more than
     * the 20 of the supply): a Staff holder still takes an unknown one. */
    crown_game *g = table("R1 R5 R6 R2 R3 R4 B1 B5 B6 B2 B3 B4", 6, "");
    bb_state *s = st(g);
    s->staff = (uint16_t)(BIT(0) | BIT(1) | BIT(2) | BIT(7) | BIT(8) | BIT(9));
    for (int p = 0; p < 12; p++)
        if (p != 0 && p != 6)
            tokens(g, p, 0, CROWN_BB_T_UNKNOWN, CROWN_BB_T_UNKNOWN);
    tokens(g, 0, 0, CROWN_BB_T_UNKNOWN, 0);
    play(g, "attack seat 0");
    decline_all(g);
    LEGAL(g, "take rank|take unknown");
    play(g, "take unknown");
    sound(g);
    crown_free(g);
}
END_TEST

START_TEST(ruling_fourth_wound_captures)
{
    crown_game *g = table("R1 R2 R3 B1 B2 B3", 0, "");
    tokens(g, 4, 1, CROWN_BB_T_UNKNOWN, CROWN_BB_T_UNKNOWN);
    play(g, "attack seat 4");
    decline_all(g); /* seat 4 is not asked, the others are */
    ck_assert(terminal(g));
    const bb_state *s = cst(g);
    ck_assert_int_eq(s->captured, 4);
    ck_assert_int_eq(s->capturer, 0);
    ck_assert_uint_eq(s->winners, BIT(3) | BIT(4) | BIT(5)); /* not the Beast leader */
    SEES(g, 1, "seat 4: the Beast Assassin (2); 3 wounds");
    SEES(g, 1, "game over: seat 4 captured by seat 0");
    crown_free(g);
}
END_TEST

/* `turns` counts every turn played, the attack that captures included. */
START_TEST(decision_turns_count_the_capturing_attack)
{
    crown_game *g = table("R1 R2 R3 B1 B2 B3", 0, "");
    play(g, "pass to seat 1");
    play(g, "pass to seat 0");
    tokens(g, 4, 1, CROWN_BB_T_UNKNOWN, CROWN_BB_T_UNKNOWN);
    play(g, "attack seat 4");
    decline_all(g);
    ck_assert(terminal(g));
    ck_assert_uint_eq(cst(g)->turns, 3);
    SEES(g, 1, "turns: 3");
    JSON_HAS(g, 1, "\"turns\": 3,");
    crown_free(g);

    /* A capture by an ability's wound ends its attack's turn too. */
    g = table("R1 R5 R3 B1 B2 B3", 0, "");
    tokens(g, 4, 1, CROWN_BB_T_UNKNOWN, CROWN_BB_T_UNKNOWN);
    attack(g, 0, 1, "rank");
    play(g, "mentalist on seat 4");
    ck_assert(terminal(g));
    ck_assert_int_eq(cst(g)->captured, 4);
    ck_assert_uint_eq(cst(g)->turns, 1);
    crown_free(g);
}
END_TEST

START_TEST(ruling_ability_wounds_are_not_attacks)
{
    /* The Mentalist's victim, a Courtesan, takes his rank token: nobody is
     * asked to intervene, and he gets no ability step. */
    crown_game *g = table("R1 R5 R3 B1 B9 B3", 0, "");
    attack(g, 0, 1, "rank");
    play(g, "mentalist on seat 4");
    ck_assert_int_eq(phase(g), BB_P_TOKEN);
    ck_assert_int_eq(current(g), 4);
    LEGAL(g, "take rank");
    play(g, "take rank");
    ck_assert_int_eq(phase(g), BB_P_TURN);
    ck_assert_int_eq(current(g), 4);
    SEES(g, 2, "seat 4: 1 wound: rank 9");
    crown_free(g);
}
END_TEST

START_TEST(ruling_useless_ability_not_offered)
{
    /* An Elder holding the Quill. */
    crown_game *g = table("R1 R2 R3 B1 B2 B3", 3, "");
    st(g)->quill = BIT(0);
    attack(g, 3, 0, "rank");
    ck_assert_int_eq(phase(g), BB_P_TURN);
    crown_free(g);
    /* No Fan left in the supply. */
    g = table("R1 R2 R9 B1 B2 B3", 3, "");
    st(g)->fan = (uint16_t)(BIT(0) | BIT(1) | BIT(4) | BIT(5));
    attack(g, 3, 2, "rank");
    ck_assert_int_eq(phase(g), BB_P_TURN);
    crown_free(g);
    /* A Berserker whose attacker is shielded (a Shield A from seat 1). */
    g = table("R1 R6 R7 B1 B2 B3", 3, "");
    bb_state *s = st(g);
    s->shield[0] = BIT(3);
    s->sword[0] = 1;
    s->colour[1] = 1;
    s->colours_used = 1;
    attack(g, 3, 2, "rank");
    ck_assert_int_eq(phase(g), BB_P_TURN);
    ck_assert_int_eq(current(g), 2);
    crown_free(g);
    /* A heal of a target with no token: only the wound. */
    g = table("R1 R4 R3 B1 B2 B3", 3, "");
    play(g, "attack seat 0");
    play(g, "offer"); /* seat 1, the Alchemist */
    decline_all(g);
    play(g, "accept seat 1");
    play(g, "take rank");
    LEGAL(g, "wound|no ability");
    crown_free(g);
}
END_TEST

START_TEST(ruling_elder_quill_changes_the_leader)
{
    /* The Rose leader is the Elder (1) until he takes the Quill; then the
     * highest Rose character, the Harlequin (3). */
    for (int quill = 0; quill < 2; quill++) {
        crown_game *g = table("R1 R2 R3 B1 B2 B3", 3, "");
        if (quill) {
            attack(g, 3, 0, "rank");
            LEGAL(g, "quill|no ability");
            play(g, "quill");
            SEES(g, 5, "seat 0: 1 wound: rank 1; Quill");
        }
        tokens(g, 2, 1, CROWN_BB_T_UNKNOWN, CROWN_BB_T_UNKNOWN);
        give(g, 3);
        play(g, "attack seat 2"); /* the Beast Elder captures the Rose 3 */
        decline_all(g);
        ck_assert(terminal(g));
        ck_assert_uint_eq(cst(g)->winners,
                          quill ? BIT(3) | BIT(4) | BIT(5) : BIT(0) | BIT(1) | BIT(2));
        crown_free(g);
    }
}
END_TEST

START_TEST(ruling_assassin_two_wounds)
{
    crown_game *g = table("R1 R2 R3 B1 B2 B3", 3, "");
    attack(g, 3, 1, "rank");
    LEGAL(g, "assassin on seat 0|assassin on seat 2|assassin on seat 3|assassin on seat 4|"
             "assassin on seat 5|no ability");
    play(g, "assassin on seat 4");
    ck_assert_int_eq(current(g), 4);
    play(g, "take rank"); /* no ability step for an ability's wound */
    ck_assert_int_eq(phase(g), BB_P_TOKEN);
    play(g, "take unknown");
    ck_assert_int_eq(phase(g), BB_P_TURN);
    ck_assert_int_eq(current(g), 4);
    SEES(g, 0, "seat 4: 2 wounds: rank 2 unknown");
    /* Two wounds on a player with two: the second captures, by the Assassin. */
    tokens(g, 5, 0, CROWN_BB_T_UNKNOWN, CROWN_BB_T_UNKNOWN);
    attack(g, 0, 1, "unknown");
    tokens(g, 1, 0, CROWN_BB_T_UNKNOWN, 0);
    give(g, 2);
    st(g)->rank_taken[1] = 0;
    play(g, "attack seat 1");
    decline_all(g);
    play(g, "take rank");
    play(g, "assassin on seat 5");
    play(g, "take rank");
    ck_assert(terminal(g));
    ck_assert_int_eq(cst(g)->captured, 5);
    ck_assert_int_eq(cst(g)->capturer, 1);
    /* The Rose Assassin captured the Beast 3, not the Beast leader. */
    ck_assert_uint_eq(cst(g)->winners, BIT(3) | BIT(4) | BIT(5));
    crown_free(g);
}
END_TEST

START_TEST(ruling_harlequin_looks_privately)
{
    crown_game *g = table("R1 R2 R3 B1 B2 B3", 3, "");
    attack(g, 3, 2, "rank");
    ck_assert_uint_eq(nlegal(g), 10 + 1); /* C(5, 2) pairs and no ability */
    ck_assert(!can_play(g, "look at seats 2 and 4"));
    play(g, "look at seats 1 and 4");
    SEES(g, 2, "seat 1: the Rose Assassin (2); 0 wounds");
    SEES(g, 2, "seat 4: the Beast Assassin (2); 0 wounds");
    NOT_SEES(g, 2, "seat 5: the");
    NOT_SEES(g, 1, "Beast Assassin");
    NOT_SEES(g, 4, "Rose Assassin");
    NOT_SEES(g, CROWN_SPECTATOR, "Assassin");
    char t[96];
    size_t n;
    OK(crown_history_length(g, &n));
    history_text(g, n - 1, 0, t, sizeof t);
    ck_assert_str_eq(t, "look at seats 1 and 4");
    crown_free(g);
}
END_TEST

/* The rulebook's example: the target already has two wounds, two players
 * offer, he accepts the Alchemist, who makes him suffer a wound: the target
 * (the Beast Berserker) must take her rank token; the dagger goes to the
 * Alchemist. */
START_TEST(ruling_alchemist_intervening)
{
    crown_game *g = table("R1 B7 R4 B4 R2 B1", 0, "");
    tokens(g, 1, 0, CROWN_BB_T_BEAST, CROWN_BB_T_UNKNOWN);
    play(g, "attack seat 1"); /* the player on her left */
    play(g, "offer");         /* seat 2 */
    play(g, "offer");         /* seat 3 */
    decline_all(g);
    LEGAL(g, "accept seat 2|accept seat 3|accept none");
    play(g, "accept seat 2");
    LEGAL(g, "take rank");
    play(g, "take rank");
    SEES(g, 5, "seat 2: 1 wound: rank 4");
    LEGAL(g, "wound|heal|no ability");
    play(g, "wound");
    ck_assert_int_eq(current(g), 1);
    LEGAL(g, "take rank");
    play(g, "take rank");
    SEES(g, 5, "seat 1: 3 wounds: rank 7 beast unknown");
    ck_assert_int_eq(phase(g), BB_P_TURN); /* no ability for an ability's wound */
    ck_assert_int_eq(current(g), 2);
    crown_free(g);
}
END_TEST

START_TEST(ruling_alchemist_only_when_intervening)
{
    crown_game *g = table("R1 R4 R3 B1 B2 B3", 3, "");
    attack(g, 3, 1, "rank");
    ck_assert_int_eq(phase(g), BB_P_TURN); /* the target Alchemist: no ability */
    ck_assert_int_eq(current(g), 1);
    crown_free(g);
}
END_TEST

START_TEST(ruling_alchemist_heal_renews_the_ability)
{
    crown_game *g = table("R9 R4 R3 B1 B2 B3", 3, "");
    attack(g, 3, 0, "rank"); /* the Courtesan */
    play(g, "fan to seat 5");
    attack(g, 3, 0, "rose");
    give(g, 3);
    play(g, "attack seat 0");
    play(g, "offer"); /* seat 1, the Alchemist */
    decline_all(g);
    play(g, "accept seat 1");
    play(g, "take rank");
    play(g, "heal");
    ck_assert_int_eq(current(g), 0); /* the healed player chooses */
    LEGAL(g, "return rank|return rose");
    play(g, "return rank");
    ck_assert_int_eq(phase(g), BB_P_TURN);
    ck_assert_int_eq(current(g), 1);
    SEES(g, 4, "seat 0: 1 wound: rose; showed rank 9\n");
    SEES(g, 4, "seat 5: 0 wounds; Fan");
    /* Her rank token back in the supply: her ability again. */
    attack(g, 3, 0, "rank");
    ck_assert_int_eq(phase(g), BB_P_ABILITY);
    ck_assert(can_play(g, "fan to seat 4"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_mentalist_forces_the_rank)
{
    crown_game *g = table("R1 R5 R3 B1 B2 B3", 0, "");
    tokens(g, 3, 1, 0, 0);
    attack(g, 0, 1, "rank");
    play(g, "mentalist on seat 3"); /* his rank token is out: an affiliation one */
    LEGAL(g, "take beast");
    play(g, "take beast");
    ck_assert_int_eq(current(g), 3);
    /* With three wounds, the Mentalist's wound captures. */
    tokens(g, 4, 1, CROWN_BB_T_UNKNOWN, CROWN_BB_T_UNKNOWN);
    st(g)->rank_taken[1] = 0;
    attack(g, 0, 1, "rank");
    play(g, "mentalist on seat 4");
    ck_assert(terminal(g));
    ck_assert_int_eq(cst(g)->capturer, 1);
    ck_assert_uint_eq(cst(g)->winners, BIT(3) | BIT(4) | BIT(5));
    crown_free(g);
}
END_TEST

START_TEST(ruling_guardian_colours)
{
    crown_game *g = table("R1 R6 R3 B1 B6 B3", 0, "");
    attack(g, 0, 4, "rank"); /* the Beast Guardian first: colour A */
    LEGAL(g, "shield to seat 0|shield to seat 1|shield to seat 2|shield to seat 3|"
             "shield to seat 5|no ability");
    play(g, "shield to seat 2");
    SEES(g, 0, "seat 4: 1 wound: rank 6; Sword A");
    SEES(g, 0, "seat 2: 0 wounds; Shield A");
    attack(g, 0, 1, "rank"); /* the Rose Guardian: colour B */
    ck_assert(can_play(g, "shield to seat 2")); /* none of colour B */
    play(g, "shield to seat 2");
    SEES(g, 0, "seat 1: 1 wound: rank 6; Sword B");
    SEES(g, 0, "seat 2: 0 wounds; Shield A; Shield B");
    SEES(g, 0, "supply: Quill 2, Sword 0, Shield 2, Fan 4, Staff 6");
    /* The first one again: still A, and not to seat 2 who holds an A. */
    st(g)->rank_taken[4] = 0;
    attack(g, 0, 4, "rank");
    ck_assert(!can_play(g, "shield to seat 2"));
    play(g, "shield to seat 3");
    SEES(g, 0, "seat 3: 0 wounds; Shield A");
    crown_free(g);
}
END_TEST

START_TEST(ruling_guardian_third_wound_returns_shields)
{
    crown_game *g = table("R1 R6 R3 B1 B2 B9", 0, "");
    attack(g, 0, 1, "rank");
    play(g, "shield to seat 2");
    attack(g, 0, 5, "rank");
    play(g, "fan to seat 1");
    attack(g, 0, 1, "rose");
    SEES(g, 0, "seat 2: 0 wounds; Shield A");
    attack(g, 0, 1, "rose"); /* the third wound */
    SEES(g, 0, "seat 1: 3 wounds: rank 6 rose rose; Fan");
    SEES(g, 0, "seat 2: 0 wounds\n");
    SEES(g, 0, "supply: Quill 2, Sword 2, Shield 4, Fan 3, Staff 6");
    crown_free(g);

    /* A Guardian whose rank token is his third wound: no ability step. */
    g = table("R1 R6 R3 B1 B2 B9", 0, "");
    tokens(g, 1, 0, CROWN_BB_T_ROSE, CROWN_BB_T_ROSE);
    attack(g, 0, 1, "rank");
    ck_assert_int_eq(phase(g), BB_P_TURN);
    crown_free(g);
}
END_TEST

START_TEST(ruling_shield_protects)
{
    crown_game *g = table("R6 R5 R2 B1 B7 B3", 3, "");
    attack(g, 3, 0, "rank");
    play(g, "shield to seat 3");
    /* Nobody attacks seat 3, nor wounds him by an ability. */
    ck_assert(!can_play(g, "attack seat 3"));
    attack(g, 0, 1, "rank");
    ck_assert(!can_play(g, "mentalist on seat 3"));
    play(g, "no ability");
    attack(g, 0, 2, "rank");
    ck_assert(!can_play(g, "assassin on seat 3"));
    play(g, "no ability");
    crown_free(g);
}
END_TEST

START_TEST(ruling_shield_does_not_stop_offering)
{
    crown_game *g = table("R6 R5 R2 B1 B7 B3", 3, "");
    attack(g, 3, 0, "rank");
    play(g, "shield to seat 3");
    give(g, 1);
    play(g, "attack seat 2");
    ck_assert_int_eq(current(g), 3);
    LEGAL(g, "offer|decline");
    play(g, "offer");
    decline_all(g);
    play(g, "accept seat 3");
    play(g, "take rank");
    ck_assert_int_eq(cst(g)->rank_taken[3], 1);
    crown_free(g);
}
END_TEST

START_TEST(ruling_berserker_strikes_back)
{
    crown_game *g = table("R1 R7 R3 B1 B2 B3", 4, "");
    attack(g, 4, 1, "rank");
    LEGAL(g, "strike|no ability");
    play(g, "strike");
    ck_assert_int_eq(current(g), 4); /* the attacker suffers the wound */
    LEGAL(g, "take rank|take unknown");
    play(g, "take rank");
    ck_assert_int_eq(phase(g), BB_P_TURN); /* no ability for it */
    ck_assert_int_eq(current(g), 1);
    /* The strike that captures: by the Berserker. */
    tokens(g, 5, 1, CROWN_BB_T_UNKNOWN, CROWN_BB_T_UNKNOWN);
    st(g)->rank_taken[1] = 0;
    attack(g, 5, 1, "rank");
    play(g, "strike");
    ck_assert(terminal(g));
    ck_assert_int_eq(cst(g)->capturer, 1);
    crown_free(g);
}
END_TEST

START_TEST(ruling_mage_staffs)
{
    crown_game *g = table("R1 R8 R3 B1 B2 B3", 3, "");
    attack(g, 3, 1, "rank");
    play(g, "staff to seat 4");
    SEES(g, 0, "supply: Quill 2, Sword 2, Shield 4, Fan 4, Staff 4");
    /* Again: one more Staff, none for himself. */
    st(g)->rank_taken[1] = 0;
    attack(g, 3, 1, "rank");
    ck_assert(!can_play(g, "staff to seat 4"));
    play(g, "staff to seat 5");
    SEES(g, 0, "supply: Quill 2, Sword 2, Shield 4, Fan 4, Staff 3");
    crown_free(g);

    /* One Staff left and the Mage holds none: he would hand out two. */
    g = table("R1 R8 R3 B1 B2 B3", 3, "");
    st(g)->staff = (uint16_t)(BIT(0) | BIT(2) | BIT(3) | BIT(4) | BIT(5));
    attack(g, 3, 1, "rank");
    ck_assert_int_eq(phase(g), BB_P_TURN);
    crown_free(g);
    /* ... but one is enough when he holds one. */
    g = table("R1 R8 R3 B1 B2 B3", 3, "");
    st(g)->staff = (uint16_t)(BIT(0) | BIT(1) | BIT(2) | BIT(3) | BIT(4));
    attack(g, 3, 1, "rank");
    LEGAL(g, "staff to seat 5|no ability");
    crown_free(g);
}
END_TEST

START_TEST(ruling_courtesan_fan)
{
    crown_game *g = table("R1 R2 R9 B1 B2 B3", 3, "");
    attack(g, 3, 2, "rank");
    play(g, "fan to seat 0");
    st(g)->rank_taken[2] = 0;
    attack(g, 3, 2, "rank");
    ck_assert(!can_play(g, "fan to seat 0")); /* he holds one */
    ck_assert(!can_play(g, "fan to seat 2"));  /* another player */
    ck_assert(can_play(g, "fan to seat 3"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_inquisitor_curses)
{
    crown_game *g = table("R1 R2 R3 R4 B1 B2 B3 B4 Ib", 0, "");
    attack(g, 0, 8, "rank");
    ck_assert_uint_eq(nlegal(g), 8 * 21 + 1); /* the True one to 8 seats, 2 False among 7 */
    ck_assert(!can_play(g, "curses: true to seat 8, false to seats 1 2"));
    ck_assert(!can_play(g, "curses: true to seat 1, false to seats 1 2"));
    play(g, "curses: true to seat 4, false to seats 6 2"); /* the False ones: a set */
    SEES(g, 8, "seat 4: 0 wounds; True Curse");
    SEES(g, 8, "seat 2: 0 wounds; False Curse");
    SEES(g, 4, "seat 4 (you): the Beast Elder (1); 0 wounds; a Curse (face down)");
    SEES(g, 4, "seat 2: 0 wounds; a Curse (face down)");
    NOT_SEES(g, 4, "True Curse\n");
    NOT_SEES(g, 4, "False Curse\n");
    NOT_SEES(g, CROWN_SPECTATOR, "True Curse\n");
    SEES(g, CROWN_OMNISCIENT, "seat 4: the Beast Elder (1); 0 wounds; True Curse");
    SEES(g, 0, "Curse 0\n");
    char t[96];
    size_t n;
    OK(crown_history_length(g, &n));
    history_text(g, n - 1, 4, t, sizeof t);
    ck_assert_str_eq(t, "curses to seats 2 4 6");
    history_text(g, n - 1, CROWN_SPECTATOR, t, sizeof t);
    ck_assert_str_eq(t, "curses to seats 2 4 6");
    history_text(g, n - 1, 8, t, sizeof t);
    ck_assert_str_eq(t, "curses: true to seat 4, false to seats 2 6");
    /* No Curse left: no ability step again. */
    st(g)->rank_taken[8] = 0;
    attack(g, 0, 8, "rank");
    ck_assert_int_eq(phase(g), BB_P_TURN);
    crown_free(g);
}
END_TEST

START_TEST(ruling_inquisitor_cannot_attack_three_wounds)
{
    crown_game *g = table("Ir R1 R2 R3 B1 B2 B3", 0, "");
    tokens(g, 5, 1, CROWN_BB_T_UNKNOWN, CROWN_BB_T_UNKNOWN);
    ck_assert(!can_play(g, "attack seat 5"));
    ck_assert(can_play(g, "attack seat 4"));
    ck_assert(can_play(g, "pass to seat 5"));
    give(g, 1);
    ck_assert(can_play(g, "attack seat 5"));
    crown_free(g);
}
END_TEST

/* ---- capture and victory ---------------------------------------------- */

START_TEST(ruling_capture_decides_the_winning_clan)
{
    /* Seats 0-2 Rose (leader: seat 1, the Rose 1), 3-5 Beast. */
    static const struct {
        int attacker, captured;
        unsigned winners;
    } cases[] = {
        {3, 1, BIT(3) | BIT(4) | BIT(5)}, /* the rival leader: the capturer's clan */
        {3, 0, BIT(0) | BIT(1) | BIT(2)}, /* another rival: the rival clan */
        {0, 1, BIT(3) | BIT(4) | BIT(5)}, /* his own leader: the rival clan */
        {0, 4, BIT(3) | BIT(4) | BIT(5)}, /* the Beast 2, not their leader (5) */
        {0, 5, BIT(0) | BIT(1) | BIT(2)}, /* the Beast leader */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        crown_game *g = table("R2 R1 R3 B4 B2 B1", cases[i].attacker, "");
        int c = cases[i].captured;
        int icon = c == 1 || c == 5 ? (c == 1 ? CROWN_BB_T_ROSE : CROWN_BB_T_BEAST)
                                    : CROWN_BB_T_UNKNOWN;
        tokens(g, c, 1, icon, icon);
        char m[32];
        snprintf(m, sizeof m, "attack seat %d", c);
        play(g, m);
        decline_all(g);
        ck_assert(terminal(g));
        ck_assert_uint_eq(cst(g)->winners, cases[i].winners);
        double r[6], sc[6];
        size_t n;
        OK(crown_scores(g, sc, 6, &n));
        for (int p = 0; p < 6; p++) {
            r[p] = (cases[i].winners >> p) & 1 ? 1.0 : -1.0;
            ck_assert(sc[p] == ((cases[i].winners >> p) & 1));
        }
        returns_are(g, r);
        crown_free(g);
    }
}
END_TEST

START_TEST(ruling_captured_inquisitor_wins)
{
    crown_game *g = table("R1 R2 R3 B1 B2 B3 Ir", 0, "");
    tokens(g, 6, 1, CROWN_BB_T_ROSE, CROWN_BB_T_BEAST);
    play(g, "attack seat 6");
    decline_all(g);
    ck_assert(terminal(g));
    ck_assert_uint_eq(cst(g)->winners, BIT(6));
    const double r[7] = {-1.0 / 6, -1.0 / 6, -1.0 / 6, -1.0 / 6, -1.0 / 6, -1.0 / 6, 1};
    returns_are(g, r);
    crown_free(g);
}
END_TEST

START_TEST(ruling_true_curse_steals_the_win)
{
    for (int on_leader = 0; on_leader < 2; on_leader++) {
        crown_game *g = table("R1 R2 R3 B1 B2 B3 Ir", 0, "");
        attack(g, 0, 6, "rank");
        play(g, on_leader ? "curses: true to seat 3, false to seats 4"
                          : "curses: true to seat 4, false to seats 3");
        /* The Rose Elder captures the Rose 2: the Beast clan wins... */
        tokens(g, 1, 1, CROWN_BB_T_UNKNOWN, CROWN_BB_T_UNKNOWN);
        give(g, 0);
        play(g, "attack seat 1");
        decline_all(g);
        ck_assert(terminal(g));
        /* ... unless its leader holds the True Curse. */
        ck_assert_uint_eq(cst(g)->winners, on_leader ? BIT(6) : BIT(3) | BIT(4) | BIT(5));
        SEES(g, 2, on_leader ? "seat 3: the Beast Elder (1); 0 wounds; True Curse"
                             : "seat 3: the Beast Elder (1); 0 wounds; False Curse");
        if (!on_leader) {
            const double r[7] = {-0.75, -0.75, -0.75, 1, 1, 1, -0.75};
            returns_are(g, r);
        }
        crown_free(g);
    }
}
END_TEST

/* ---- the engine's decisions ------------------------------------------- */

START_TEST(decision_harlequin_needs_something_new)
{
    crown_game *g = table("R1 R2 R3 B1 B2 B3", 3, "");
    st(g)->looked[2] = (uint16_t)(BIT(1) | BIT(4));
    attack(g, 3, 2, "rank");
    ck_assert(!can_play(g, "look at seats 1 and 4"));
    ck_assert(can_play(g, "look at seats 1 and 5"));
    ck_assert(can_play(g, "look at seats 0 and 4"));
    ck_assert_uint_eq(nlegal(g), 9 + 1);
    crown_free(g);
    /* Every other card seen: no ability step. */
    g = table("R1 R2 R3 B1 B2 B3", 3, "");
    st(g)->looked[2] = (uint16_t)(BIT(0) | BIT(1) | BIT(3) | BIT(4) | BIT(5));
    attack(g, 3, 2, "rank");
    ck_assert_int_eq(phase(g), BB_P_TURN);
    crown_free(g);
}
END_TEST

START_TEST(decision_berserker_as_intervener)
{
    crown_game *g = table("R1 R2 R3 B7 B2 B3", 0, "");
    play(g, "attack seat 1");
    play(g, "decline"); /* 2 */
    play(g, "offer");   /* 3, the Beast Berserker */
    decline_all(g);
    play(g, "accept seat 3");
    play(g, "take rank");
    LEGAL(g, "strike|no ability");
    play(g, "strike");
    ck_assert_int_eq(current(g), 0); /* the attacker of this attack */
    play(g, "take rose");
    ck_assert_int_eq(current(g), 3);
    crown_free(g);
}
END_TEST

START_TEST(decision_returns_are_zero_sum)
{
    crown_game *g = table("R1 R2 R3 B1 B2 B3 Ir R4 B4", 0, "");
    const double zero[9] = {0};
    returns_are(g, zero); /* before the end */
    tokens(g, 4, 1, CROWN_BB_T_UNKNOWN, CROWN_BB_T_UNKNOWN);
    play(g, "attack seat 4"); /* the Rose Elder captures the Beast 2 */
    decline_all(g);
    ck_assert(terminal(g));
    /* The Beast clan (4 players) wins; 5 losers share -4. */
    const double r[9] = {-0.8, -0.8, -0.8, 1, 1, 1, -0.8, -0.8, 1};
    returns_are(g, r);
    crown_free(g);
}
END_TEST

START_TEST(ruling_max_turns_is_a_draw)
{
    crown_game *g = table("R1 R2 R3 B1 B2 B3", 0, "max_turns=2");
    play(g, "pass to seat 1");
    ck_assert(!terminal(g));
    play(g, "pass to seat 2");
    ck_assert(terminal(g));
    const double zero[6] = {0};
    returns_are(g, zero);
    double sc[6];
    size_t ns;
    OK(crown_scores(g, sc, 6, &ns));
    for (int p = 0; p < 6; p++)
        ck_assert(sc[p] == 0);
    SEES(g, 0, "game over: the turn limit, a draw");
    SEES(g, 0, "seat 3: the Beast Elder (1)"); /* everything shown at the end */
    crown_free(g);

    /* The last turn ends with everything it caused. */
    g = table("R1 R2 R3 B1 B2 B3", 0, "max_turns=1");
    attack(g, 0, 1, "rank");
    ck_assert(!terminal(g));
    play(g, "assassin on seat 4");
    play(g, "take unknown");
    ck_assert(!terminal(g));
    play(g, "take unknown");
    ck_assert(terminal(g));
    crown_free(g);
}
END_TEST

/* By default the game is a draw when its 1000th turn ends without a
 * capture: players who only pass the dagger would otherwise never end it. */
START_TEST(decision_max_turns_default_is_1000)
{
    crown_game *g = table("R1 R2 R3 B1 B2 B3", 0, "");
    st(g)->turns = 998;
    play(g, "pass to seat 1");
    ck_assert(!terminal(g));
    play(g, "pass to seat 0");
    ck_assert(terminal(g));
    ck_assert_uint_eq(cst(g)->turns, 1000);
    SEES(g, 0, "game over: the turn limit, a draw");
    JSON_HAS(g, 0, "{\"end\": \"turn_limit\", \"captured\": null");
    const double zero[6] = {0};
    returns_are(g, zero);
    crown_free(g);
}
END_TEST

START_TEST(decision_counters_saturate)
{
    crown_game *g = table("R1 R2 R3 B1 B2 B3", 0, "max_turns=0");
    st(g)->turns = UINT32_MAX;
    play(g, "pass to seat 1");
    ck_assert_uint_eq(cst(g)->turns, UINT32_MAX);
    ck_assert_int_eq(current(g), 1);
    crown_free(g);
}
END_TEST

START_TEST(decision_move_notation)
{
    crown_game *g = table("R1 R2 R3 B1 B2 B3", 0, "");
    crown_move m;
    OK(crown_move_from_text(g, "  ATTACK   Seat 3 ", &m));
    ck_assert_int_eq(m, CROWN_BB_ATTACK(3));
    ck_assert_int_eq(crown_move_from_text(g, "attack seat 0", &m), CROWN_EILLEGAL);
    ck_assert_int_eq(crown_move_from_text(g, "attack seat 6", &m), CROWN_EILLEGAL);
    ck_assert_int_eq(crown_move_from_text(g, "take rank", &m), CROWN_EILLEGAL);
    ck_assert_int_eq(crown_move_from_text(g, "no ability", &m), CROWN_EILLEGAL);
    ck_assert_int_eq(crown_move_from_text(g, "attack seat three", &m), CROWN_EPARSE);
    ck_assert_int_eq(crown_move_from_text(g, "attack seat 3 now", &m), CROWN_EPARSE);
    ck_assert_int_eq(crown_move_from_text(g, "attack", &m), CROWN_EPARSE);
    ck_assert_int_eq(crown_move_from_text(g, "", &m), CROWN_EPARSE);
    ck_assert_int_eq(crown_move_from_text(g, "curses: true to seat 1 false to seats 2", &m),
                     CROWN_EPARSE);
    ck_assert_int_eq(crown_move_from_text(g, "curses: true to seat 1, false to seats 2", &m),
                     CROWN_EILLEGAL);
    ck_assert_int_eq(crown_move_from_text(g, "attack seat 99999", &m), CROWN_EPARSE);
    /* Every id has its macro. */
    ck_assert_int_eq(CROWN_BB_KIND(CROWN_BB_CURSES(3, 0x50)), CROWN_BB_K_CURSES);
    ck_assert_int_eq(CROWN_BB_A(CROWN_BB_CURSES(3, 0x50)), 3);
    ck_assert_int_eq(CROWN_BB_B(CROWN_BB_CURSES(3, 0x50)), 0x50);
    ck_assert_int_eq(CROWN_BB_B(CROWN_BB_LOOK(1, 11)), 11);
    crown_free(g);
}
END_TEST

START_TEST(decision_move_texts_hide_hidden_facts)
{
    crown_game *g = table("R1 R2 R3 B1 B2 B3 Ib", 4, "");
    static const char *const seat2[] = {
        "rose characters chosen", "beast characters chosen", "inquisitor card chosen",
        "deal a character to seat 0", "deal a character to seat 1", "deal rose 3",
        "deal a character to seat 3", "deal a character to seat 4", "deal a character to seat 5",
        "deal a character to seat 6", "dagger to seat 4"};
    static const char *const all[] = {
        "rose in play: 1 2 3", "beast in play: 1 2 3", "inquisitor with the beast clue",
        "deal rose 1", "deal rose 2", "deal rose 3", "deal beast 1", "deal beast 2",
        "deal beast 3", "deal inquisitor (beast clue)", "dagger to seat 4"};
    char t[96];
    for (size_t i = 0; i < 11; i++) {
        history_text(g, i, 2, t, sizeof t);
        ck_assert_str_eq(t, seat2[i]);
        history_text(g, i, CROWN_OMNISCIENT, t, sizeof t);
        ck_assert_str_eq(t, all[i]);
        history_text(g, i, CROWN_SPECTATOR, t, sizeof t);
        ck_assert_str_eq(t, i == 5 ? "deal a character to seat 2" : seat2[i]);
    }
    crown_free(g);
}
END_TEST

/* Plays random moves (chance ones too) until the end or `limit` moves. */
static void random_play(crown_game *g, trng *r, int limit)
{
    crown_move moves[1024];
    size_t n;
    for (int i = 0; i < limit && !terminal(g); i++) {
        OK(crown_legal_moves(g, moves, 1024, &n));
        OK(crown_apply(g, moves[trng_below(r, n)]));
    }
}

static int same_text(crown_game *a, crown_game *b, int viewer)
{
    char *x = observe(a, viewer), *y = observe(b, viewer);
    int same = strcmp(x, y) == 0;
    if (!same)
        fprintf(stderr, "viewer %d:\n%s---\n%s", viewer, x, y);
    free(x);
    free(y);
    return same;
}

START_TEST(decision_resample_is_consistent)
{
    static const int counts[] = {7, 8, 11};
    trng r = {42};
    for (int k = 0; k < 3; k++) {
        char opts[64];
        snprintf(opts, sizeof opts, "players=%d", counts[k]);
        for (int game = 0; game < 4; game++) {
            crown_game *g = new_game("blood_bound", opts, 100 + (uint64_t)game);
            random_play(g, &r, 30 + game * 10);
            if (terminal(g)) {
                crown_free(g);
                continue;
            }
            int other = 0;
            for (int v = 0; v < counts[k]; v++) {
                for (uint64_t seed = 0; seed < 12; seed++) {
                    crown_game *x;
                    OK(crown_resample(g, v, seed, &x));
                    ck_assert(same_text(g, x, v));
                    size_t n;
                    OK(crown_history_length(g, &n));
                    for (size_t i = 0; i < n; i++) {
                        char t1[128], t2[128];
                        history_text(g, i, v, t1, sizeof t1);
                        history_text(x, i, v, t2, sizeof t2);
                        ck_assert_str_eq(t1, t2);
                    }
                    char *a = observe(g, CROWN_OMNISCIENT), *b = observe(x, CROWN_OMNISCIENT);
                    other += strcmp(a, b) != 0;
                    free(a);
                    free(b);
                    crown_free(x);
                }
            }
            ck_assert_msg(other > 0, "no resample differs from the truth");
            /* Nothing hidden from the omniscient viewer, nor at the end. */
            crown_game *x;
            OK(crown_resample(g, CROWN_OMNISCIENT, 9, &x));
            ck_assert(same_text(g, x, CROWN_OMNISCIENT));
            crown_free(x);
            random_play(g, &r, 100000);
            OK(crown_resample(g, 0, 9, &x));
            ck_assert(same_text(g, x, CROWN_OMNISCIENT));
            crown_free(x);
            crown_free(g);
        }
    }
}
END_TEST

/* ---- no observation shows what a seat cannot know --------------------- */

/* The second game of a pair: what viewer v cannot know changed.  Given the
 * first game's final state f, writes the characters of the other game (by
 * seat), its True Curse's seat; returns 0 when nothing could change. */
static int hidden_variant(const bb_state *f, int n, int v, int *chars, int *true_seat)
{
    int changed = 0, right = (v + n - 1) % n;
    unsigned known = 0;
    for (int p = 0; p < n; p++)
        chars[p] = f->character[p];
    *true_seat = f->true_curse;
    if (v >= 0)
        known = BIT(v) | BIT(right) | f->looked[v];
    /* One seat of a clan swaps clans with the same rank of the other. */
    for (int p = 0; p < n && !changed; p++) {
        int c = chars[p];
        if (((known >> p) & 1) || c >= 18)
            continue;
        int c2 = c < 9 ? c + 9 : c - 9, q = -1;
        for (int s = 0; s < n; s++)
            if (chars[s] == c2)
                q = s;
        if (q >= 0 && ((known >> q) & 1))
            continue;
        chars[p] = c2;
        if (q >= 0)
            chars[q] = c;
        changed = 1;
    }
    /* The Inquisitor card's clue, unless v sees it. */
    for (int p = 0; p < n; p++)
        if (chars[p] >= 18 && !((known >> p) & 1)) {
            chars[p] = chars[p] == CROWN_BB_INQUISITOR_ROSE ? CROWN_BB_INQUISITOR_BEAST
                                                             : CROWN_BB_INQUISITOR_ROSE;
            changed = 1;
        }
    /* The True Curse to another holder, unless v is the Inquisitor. */
    if (f->curses_given && !(v >= 0 && f->character[v] >= 18)) {
        for (int p = 0; p < n; p++)
            if (((f->curse >> p) & 1) && p != f->true_curse) {
                *true_seat = p;
                changed = 1;
                break;
            }
    }
    return changed;
}

START_TEST(observation_hides_what_a_seat_cannot_know)
{
    trng r = {7};
    long compared = 0, pairs = 0;
    for (int n = 6; n <= 12; n++) {
        char opts[64];
        snprintf(opts, sizeof opts, "players=%d,chance=explicit", n);
        for (int game = 0; game < scaled(12); game++) {
            crown_game *a = new_game("blood_bound", opts, 1);
            random_play(a, &r, 600);
            size_t len;
            OK(crown_history_length(a, &len));
            crown_move *h = malloc(len * sizeof *h);
            ck_assert_ptr_nonnull(h);
            OK(crown_history(a, h, len, &len));
            bb_state f = *cst(a);
            for (int v = CROWN_SPECTATOR; v < n; v++) {
                if (v < 0 && v != CROWN_SPECTATOR)
                    continue;
                int chars[BB_MAXP], true_seat;
                if (!hidden_variant(&f, n, v, chars, &true_seat))
                    continue;
                unsigned rose = 0, beast = 0;
                int card = BB_NONE;
                for (int p = 0; p < n; p++) {
                    if (chars[p] < 9)
                        rose |= BIT(chars[p]);
                    else if (chars[p] < 18)
                        beast |= BIT(chars[p] - 9);
                    else
                        card = chars[p];
                }
                crown_game *x = new_game("blood_bound", opts, 1);
                crown_game *y = new_game("blood_bound", opts, 1);
                pairs++;
                size_t i;
                for (i = 0; i < len; i++) {
                    if (terminal(x))
                        break;
                    ck_assert(same_text(x, y, v));
                    compared++;
                    crown_move m = h[i];
                    switch (phase(y)) {
                    case BB_P_ROSE: m = rose; break;
                    case BB_P_BEAST: m = beast; break;
                    case BB_P_INQ: m = (crown_move)card; break;
                    case BB_P_DEAL: m = chars[cst(y)->dealt]; break;
                    default:
                        if (CROWN_BB_KIND(m) == CROWN_BB_K_CURSES)
                            m = CROWN_BB_CURSES(true_seat, f.curse & ~BIT(true_seat));
                    }
                    OK(crown_apply(x, h[i]));
                    if (crown_apply(y, m) != CROWN_OK)
                        break; /* a choice that depends on what changed */
                }
                /* The history as v reads it, up to there. */
                for (size_t j = 0; j < i; j++) {
                    char t1[128], t2[128];
                    history_text(x, j, v, t1, sizeof t1);
                    history_text(y, j, v, t2, sizeof t2);
                    ck_assert_str_eq(t1, t2);
                }
                crown_free(x);
                crown_free(y);
            }
            free(h);
            crown_free(a);
        }
    }
    /* The test compared something: most viewers of every game, many
     * positions per pair. */
    ck_assert_int_gt(pairs, 7L * scaled(12) * 5);
    ck_assert_int_gt(compared, pairs * 20);
}
END_TEST

/* ---- the structured views (JSON and tensor) ------------------------------ */


START_TEST(observation_json_shows_own_character_only)
{
    crown_game *g = table("R1 R2 R3 B1 B2 B3", 3, "");
    JSON_HAS(g, 0, "{\"game\": \"blood_bound\", \"viewer\": 0, \"players\": 6");
    /* Seat 5 is the Beast Harlequin: his clue shows the rival clan. */
    JSON_HAS(g, 0, "\"character\": 0, \"right_clue\": {\"seat\": 5, \"clan\": \"rose\"}");
    JSON_HAS(g, 0, "{\"seat\": 0, \"character\": 0, \"wounds\": 0");
    JSON_HAS(g, 0, "{\"seat\": 4, \"character\": null, \"wounds\": 0");
    JSON_HAS(g, 4, "\"character\": 10, \"right_clue\": {\"seat\": 3, \"clan\": \"beast\"}");
    JSON_HAS(g, 4, "{\"seat\": 0, \"character\": null,");
    JSON_HAS(g, CROWN_SPECTATOR, "\"viewer\": \"spectator\"");
    JSON_HAS(g, CROWN_SPECTATOR, "\"character\": null, \"right_clue\": null");
    JSON_LACKS(g, CROWN_SPECTATOR, "\"character\": 0,");
    JSON_HAS(g, CROWN_OMNISCIENT, "{\"seat\": 4, \"character\": 10, \"wounds\": 0");
    JSON_HAS(g, 0, "\"phase\": \"turn\", \"to_move\": 3, \"dagger\": 3, \"turns\": 0");
    crown_free(g);
}
END_TEST

START_TEST(observation_tensor_own_character_one_hot)
{
    crown_game *g = table("R1 R2 R3 B1 B2 B3", 3, "");
    size_t own = piece_offset(g, "own_character"), seat = piece_offset(g, "seat"), cur = piece_offset(g, "current");
    for (int viewer = 0; viewer < 6; viewer++) {
        float *v = tensor(g, viewer);
        int c = viewer < 3 ? viewer : 9 + viewer - 3; /* R1 R2 R3 B1 B2 B3 */
        for (int i = 0; i < BB_CHARACTERS; i++)
            ck_assert_msg(v[own + (size_t)i] == (i == c ? 1.0f : 0.0f),
                          "seat %d: own_character[%d] = %g", viewer, i, v[own + (size_t)i]);
        for (int p = 0; p < 6; p++) {
            ck_assert(v[seat + (size_t)p] == (p == viewer ? 1.0f : 0.0f));
            /* Seat 3 is to move: its row relative to the viewer. */
            ck_assert(v[cur + (size_t)p] == (p == (3 - viewer + 6) % 6 ? 1.0f : 0.0f));
        }
        free(v);
    }
    float *v = tensor(g, CROWN_SPECTATOR);
    for (int i = 0; i < BB_CHARACTERS; i++)
        ck_assert(v[own + (size_t)i] == 0.0f);
    ck_assert(v[cur + 3] == 1.0f);
    free(v);
    crown_free(g);
}
END_TEST

START_TEST(observation_token_taken_is_public)
{
    crown_game *g = table("R1 R2 R3 B1 B2 B3", 3, "");
    attack(g, 3, 4, "unknown"); /* the Beast Assassin shows an unknown token */
    size_t aff = piece_offset(g, "affiliation"), wounds = piece_offset(g, "wounds"), dagger = piece_offset(g, "dagger");
    for (int viewer = CROWN_SPECTATOR; viewer < 6; viewer++) {
        if (viewer < 0 && viewer != CROWN_SPECTATOR)
            continue;
        JSON_HAS(g, viewer, "\"wounds\": 1, \"rank\": null, \"rank_token\": false, "
                            "\"affiliation\": [\"unknown\"]");
        JSON_HAS(g, viewer, "\"dagger\": 4, \"turns\": 1");
        float *v = tensor(g, viewer);
        size_t row = (size_t)(viewer >= 0 ? (4 - viewer + 6) % 6 : 4);
        /* Seat 4's slot 0 holds an unknown token (column 2: rose, beast, unknown). */
        ck_assert_msg(v[aff + row * 6 + 2] == 1.0f, "viewer %d: no unknown token", viewer);
        ck_assert(v[aff + row * 6 + 0] == 0.0f && v[aff + row * 6 + 1] == 0.0f);
        ck_assert(v[aff + row * 6 + 5] == 0.0f);
        ck_assert(v[wounds + row] == 1.0f);
        ck_assert(v[dagger + row] == 1.0f);
        free(v);
    }
    crown_free(g);
}
END_TEST

START_TEST(observation_harlequin_look_is_private)
{
    crown_game *g = table("R1 R2 R3 B1 B2 B3", 3, "");
    attack(g, 3, 2, "rank");
    play(g, "look at seats 1 and 4");
    size_t ch = piece_offset(g, "character");
    JSON_HAS(g, 2, "{\"seat\": 1, \"character\": 1,");
    JSON_HAS(g, 2, "{\"seat\": 4, \"character\": 10,");
    JSON_HAS(g, 2, "{\"seat\": 5, \"character\": null,");
    JSON_HAS(g, 1, "{\"seat\": 4, \"character\": null,");
    JSON_HAS(g, 4, "{\"seat\": 1, \"character\": null,");
    JSON_HAS(g, CROWN_SPECTATOR, "{\"seat\": 4, \"character\": null,");
    /* Everybody sees the Harlequin's rank token. */
    JSON_HAS(g, CROWN_SPECTATOR, "{\"seat\": 2, \"character\": null, \"wounds\": 1, \"rank\": 3, "
                                 "\"rank_token\": true");
    float *v = tensor(g, 2);
    ck_assert(v[ch + 5 * BB_CHARACTERS + 1] == 1.0f);  /* seat 1: row 5, the Rose Assassin */
    ck_assert(v[ch + 2 * BB_CHARACTERS + 10] == 1.0f); /* seat 4: row 2, the Beast Assassin */
    ck_assert(v[ch + 0 * BB_CHARACTERS + 2] == 1.0f);  /* himself */
    float sum = 0;
    for (size_t i = 0; i < 6 * BB_CHARACTERS; i++)
        sum += v[ch + i];
    ck_assert(sum == 3.0f);
    free(v);
    v = tensor(g, 1); /* seat 4 is row 3 of seat 1: unknown to him */
    for (size_t i = 0; i < BB_CHARACTERS; i++)
        ck_assert(v[ch + 3 * BB_CHARACTERS + i] == 0.0f);
    free(v);
    crown_free(g);
}
END_TEST

START_TEST(observation_true_curse_only_for_the_inquisitor)
{
    crown_game *g = table("R1 R2 R3 R4 B1 B2 B3 B4 Ib", 0, "");
    attack(g, 0, 8, "rank");
    play(g, "curses: true to seat 4, false to seats 6 2");
    size_t curse = piece_offset(g, "curse"), tc = piece_offset(g, "true_curse");
    JSON_HAS(g, 8, "\"curse\": \"true_curse\"");
    JSON_HAS(g, 8, "\"fan\": false, \"curse\": \"false_curse\"");
    JSON_LACKS(g, 4, "true_curse");
    JSON_HAS(g, 4, "\"curse\": \"face_down\"");
    JSON_LACKS(g, CROWN_SPECTATOR, "true_curse");
    JSON_HAS(g, CROWN_OMNISCIENT, "\"curse\": \"true_curse\"");
    JSON_HAS(g, 0, "\"curse\": 0}");
    float *v = tensor(g, 8);
    ck_assert(v[tc + 5] == 1.0f); /* seat 4 is row 5 of seat 8 */
    ck_assert(v[curse + 3] == 1.0f && v[curse + 5] == 1.0f && v[curse + 7] == 1.0f);
    free(v);
    v = tensor(g, 4);
    for (size_t i = 0; i < 9; i++)
        ck_assert(v[tc + i] == 0.0f);
    ck_assert(v[curse + 0] == 1.0f && v[curse + 2] == 1.0f && v[curse + 7] == 1.0f);
    free(v);
    crown_free(g);
}
END_TEST

static Suite *bloodbound_suite(void)
{
    Suite *s = suite_create("blood_bound");
    TCase *tc = test_case("rules");
    tcase_add_test(tc, ruling_reference_card_data);
    tcase_add_test(tc, ruling_setup_is_chance);
    tcase_add_test(tc, setup_draw_is_the_listed_outcome);
    tcase_add_test(tc, ruling_turn_attack_or_pass);
    tcase_add_test(tc, ruling_offers_clockwise_from_the_target);
    tcase_add_test(tc, ruling_target_accepts_one_offer_or_none);
    tcase_add_test(tc, ruling_intervener_takes_his_rank);
    tcase_add_test(tc, ruling_dagger_goes_to_the_wounded);
    tcase_add_test(tc, ruling_fan_stops_offers);
    tcase_add_test(tc, ruling_token_choice_follows_the_icons);
    tcase_add_test(tc, ruling_berserker_token_choice);
    tcase_add_test(tc, ruling_staff_takes_unknown);
    tcase_add_test(tc, ruling_affiliation_piles_unlimited);
    tcase_add_test(tc, ruling_fourth_wound_captures);
    tcase_add_test(tc, decision_turns_count_the_capturing_attack);
    tcase_add_test(tc, decision_max_turns_default_is_1000);
    tcase_add_test(tc, ruling_ability_wounds_are_not_attacks);
    tcase_add_test(tc, ruling_useless_ability_not_offered);
    tcase_add_test(tc, ruling_elder_quill_changes_the_leader);
    tcase_add_test(tc, ruling_assassin_two_wounds);
    tcase_add_test(tc, ruling_harlequin_looks_privately);
    tcase_add_test(tc, ruling_alchemist_intervening);
    tcase_add_test(tc, ruling_alchemist_only_when_intervening);
    tcase_add_test(tc, ruling_alchemist_heal_renews_the_ability);
    tcase_add_test(tc, ruling_mentalist_forces_the_rank);
    tcase_add_test(tc, ruling_guardian_colours);
    tcase_add_test(tc, ruling_guardian_third_wound_returns_shields);
    tcase_add_test(tc, ruling_shield_protects);
    tcase_add_test(tc, ruling_shield_does_not_stop_offering);
    tcase_add_test(tc, ruling_berserker_strikes_back);
    tcase_add_test(tc, ruling_mage_staffs);
    tcase_add_test(tc, ruling_courtesan_fan);
    tcase_add_test(tc, ruling_inquisitor_curses);
    tcase_add_test(tc, ruling_inquisitor_cannot_attack_three_wounds);
    tcase_add_test(tc, ruling_capture_decides_the_winning_clan);
    tcase_add_test(tc, ruling_captured_inquisitor_wins);
    tcase_add_test(tc, ruling_true_curse_steals_the_win);
    tcase_add_test(tc, decision_harlequin_needs_something_new);
    tcase_add_test(tc, decision_berserker_as_intervener);
    tcase_add_test(tc, decision_returns_are_zero_sum);
    tcase_add_test(tc, ruling_max_turns_is_a_draw);
    tcase_add_test(tc, decision_counters_saturate);
    tcase_add_test(tc, decision_move_notation);
    tcase_add_test(tc, decision_move_texts_hide_hidden_facts);
    tcase_add_test(tc, decision_resample_is_consistent);
    tcase_add_test(tc, observation_hides_what_a_seat_cannot_know);
    tcase_add_test(tc, observation_json_shows_own_character_only);
    tcase_add_test(tc, observation_tensor_own_character_one_hot);
    tcase_add_test(tc, observation_token_taken_is_public);
    tcase_add_test(tc, observation_harlequin_look_is_private);
    tcase_add_test(tc, observation_true_curse_only_for_the_inquisitor);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(bloodbound_suite());
}
