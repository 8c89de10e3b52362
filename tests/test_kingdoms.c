/*
 * test_kingdoms.c - the rules of Game of Kingdoms, one test per ruling of
 * RULINGS.md section 3 (named ruling_*), plus the project's own decisions
 * (named decision_*, see docs/game-of-kingdoms.md).
 *
 * Games run with chance=explicit so the test chooses every card.  Scenarios
 * late in a game (an empty pile, small hands) are set up by rewriting the
 * cards of a freshly dealt game directly (white-box).
 */
#include <stdio.h>

#include "common.h"
#include "core/core.h"
#include "kingdoms/kingdoms.h"

#define BIT(c) (1ULL << (c))
#define ALL ((1ULL << 40) - 1)

static kd_state *st(crown_game *g)
{
    return crown_internal_state_mut(g);
}

static void sound(crown_game *g)
{
    char msg[256];
    ck_assert_msg(crown_internal_check(g, msg, sizeof msg) == 0, "%s", msg);
}

static int card(const char *t)
{
    static const char *cols = "RBGY";
    static const char *const ranks[10] = {"5", "6", "7", "8", "9", "10", "N", "Q", "K", "H"};
    const char *c = strchr(cols, t[0]);
    ck_assert_msg(c && t[0], "bad card '%s'", t);
    for (int r = 0; r < 10; r++)
        if (strcmp(t + 1, ranks[r]) == 0)
            return CROWN_KD_CARD(r, (int)(c - cols));
    ck_abort_msg("bad card '%s'", t);
    return -1;
}

static uint64_t cards(const char *list)
{
    uint64_t set = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        set |= BIT(card(tok));
    return set;
}

static crown_game *game(const char *options)
{
    char opts[256];
    snprintf(opts, sizeof opts, "%s%schance=explicit", options, options[0] ? "," : "");
    return new_game("game_of_kingdoms", opts, 1);
}

/* Deals hands[seat] (6 cards each, in order) one card at a time from the
 * dealer's left, then turns up `trump`. */
static void deal(crown_game *g, const char *const hands[], const char *trump)
{
    int n;
    OK(crown_num_players(g, &n));
    char tok[6][6][8];
    for (int p = 0; p < n; p++) {
        char buf[128];
        snprintf(buf, sizeof buf, "%s", hands[p]);
        int k = 0;
        for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "))
            snprintf(tok[p][k++], 8, "%s", t);
        ck_assert_int_eq(k, 6);
    }
    int dealer = st(g)->dealer;
    for (int round = 0; round < 6; round++) {
        for (int j = 0; j < n; j++) {
            char mv[32];
            snprintf(mv, sizeof mv, "deal %s", tok[(dealer + 1 + j) % n][round]);
            play(g, mv);
        }
    }
    char mv[32];
    snprintf(mv, sizeof mv, "trump %s", trump);
    play(g, mv);
    sound(g);
}

/* Deals whatever comes first and turns up `trump`. */
static void deal_any(crown_game *g, const char *trump)
{
    int t = card(trump);
    while (st(g)->phase == KD_DEAL) {
        crown_move m[64];
        size_t n;
        OK(crown_legal_moves(g, m, 64, &n));
        size_t k = 0;
        while (m[k] == t)
            k++;
        OK(crown_apply(g, m[k]));
    }
    char mv[32];
    snprintf(mv, sizeof mv, "trump %s", trump);
    play(g, mv);
}

/* Rewrites the cards: the given hands and pile; the trump card stays face
 * up under the pile when `trump_in_pile`; every other card is discarded.
 * Then a fresh bout: `attacker` leads against `defender` with `limit`. */
static void set_cards(crown_game *g, const char *const hands[], const char *pile,
                      int trump_in_pile, int attacker, int defender, int limit)
{
    kd_state *s = st(g);
    int n;
    OK(crown_num_players(g, &n));
    uint64_t used = 0;
    for (int p = 0; p < n; p++) {
        s->hand[p] = cards(hands[p]);
        s->known[p] = 0;
        used |= s->hand[p];
    }
    s->pile = cards(pile);
    used |= s->pile;
    s->trump_in_pile = (uint8_t)trump_in_pile;
    if (trump_in_pile)
        used |= BIT(s->trump);
    s->discards = ALL & ~used;
    s->natt = 0;
    s->attacker = (uint8_t)attacker;
    s->defender = (uint8_t)defender;
    s->limit = (uint8_t)limit;
    s->taken = 0;
    s->others_may_add = 0;
    s->passed = 0;
    s->contributors = 0;
    s->phase = KD_LEAD;
    sound(g);
}

/* Resolves pending chance nodes with the lowest card each time. */
static void draw_lowest(crown_game *g)
{
    while (current(g) == CROWN_CHANCE) {
        crown_move m[64];
        size_t n;
        OK(crown_legal_moves(g, m, 64, &n));
        OK(crown_apply(g, m[0]));
    }
}

static int legal_count(crown_game *g)
{
    crown_move m[256];
    size_t n;
    OK(crown_legal_moves(g, m, 256, &n));
    return (int)n;
}

static int hand_size(crown_game *g, int seat)
{
    return __builtin_popcountll(st(g)->hand[seat]);
}

static int contains(const char *hay, const char *needle)
{
    return strstr(hay, needle) != NULL;
}

/* Three-player deal used by several tests: trump yellow. */
static const char *const three[] = {
    "R5 R7 B7 G7 BK GH",  /* seat 0 */
    "R6 B8 G8 Y8 RQ BN",  /* seat 1: Y8 */
    "R8 B9 G9 Y6 RN GK",  /* seat 2: Y6, the lowest trump */
};

/* ---- 3: the deck ------------------------------------------------------ */

START_TEST(ruling_deck_forty_cards)
{
    crown_game *g = game("players=2");
    size_t n;
    crown_move m[64];
    OK(crown_legal_moves(g, m, 64, &n));
    ck_assert_uint_eq(n, 40); /* the first card dealt can be any of 40 */
    const char *expect[] = {"deal R5", "deal B5", "deal G5", "deal Y5", "deal R6"};
    for (int i = 0; i < 5; i++) {
        char t[32];
        size_t len;
        OK(crown_move_to_text(g, m[i], t, sizeof t, &len));
        ck_assert_str_eq(t, expect[i]);
    }
    char t[32];
    size_t len;
    OK(crown_move_to_text(g, m[39], t, sizeof t, &len));
    ck_assert_str_eq(t, "deal YH");
    crown_free(g);
}
END_TEST

/* A card beats a lower card of its colour; a trump beats any non-trump; a
 * trump 5 beats a non-trump Hero; nothing else beats. */
START_TEST(ruling_beating)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"RH B9 G6 Y5 R10 BN", "R5 RK BQ B6 G5 Y6"};
    deal(g, hands, "G7"); /* trump green; seat 1 holds G5, the lowest */
    ck_assert_int_eq(current(g), 1);
    play(g, "lead B6");
    ck_assert(can_play(g, "beat B6 with B9"));  /* same colour, higher */
    ck_assert(can_play(g, "beat B6 with BN"));
    ck_assert(can_play(g, "beat B6 with G6"));  /* trump beats non-trump */
    ck_assert(!can_play(g, "beat B6 with RH")); /* other colour, not trump */
    ck_assert(!can_play(g, "beat B6 with Y5"));
    ck_assert(!can_play(g, "beat B6 with R10"));
    crown_free(g);

    g = game("players=2");
    deal(g, hands, "G7");
    /* Seat 1 leads RK: only the Hero of red, or a trump, beats it. */
    play(g, "lead RK");
    ck_assert(can_play(g, "beat RK with RH"));
    ck_assert(can_play(g, "beat RK with G6"));
    ck_assert(!can_play(g, "beat RK with R10"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_trump_five_beats_non_trump_hero)
{
    crown_game *g = game("players=2");
    deal_any(g, "R10"); /* trump red */
    set_cards(g, (const char *const[]){"R5 B5", "BH RH R6 R7 Y9"}, "", 0, 1, 0, 2);
    play(g, "lead BH");
    ck_assert(can_play(g, "beat BH with R5"));
    play(g, "beat BH with R5");
    crown_free(g);
}
END_TEST

/* ---- 3: setup --------------------------------------------------------- */

START_TEST(ruling_deal_one_at_a_time_from_dealers_left)
{
    crown_game *g = game("players=3");
    ck_assert_int_eq(st(g)->dealer, 0);
    play(g, "deal R5");
    ck_assert(st(g)->hand[1] & BIT(card("R5")));
    play(g, "deal R6");
    ck_assert(st(g)->hand[2] & BIT(card("R6")));
    play(g, "deal R7");
    ck_assert(st(g)->hand[0] & BIT(card("R7")));
    play(g, "deal R8");
    ck_assert(st(g)->hand[1] & BIT(card("R8")));
    crown_free(g);
}
END_TEST

START_TEST(ruling_six_each_then_trump_turned_up)
{
    crown_game *g = game("players=3");
    for (int i = 0; i < 18; i++) {
        ck_assert_int_eq(current(g), CROWN_CHANCE);
        ck_assert_int_eq(st(g)->phase, KD_DEAL);
        crown_move m[64];
        size_t n;
        OK(crown_legal_moves(g, m, 64, &n));
        ck_assert_uint_eq(n, 40 - (size_t)i);
        OK(crown_apply(g, m[n - 1]));
    }
    for (int p = 0; p < 3; p++)
        ck_assert_int_eq(hand_size(g, p), 6);
    ck_assert_int_eq(current(g), CROWN_CHANCE);
    ck_assert(can_play(g, "trump R5"));
    play(g, "trump R5");
    char *o = observe(g, CROWN_SPECTATOR);
    ck_assert_msg(contains(o, "trump: R5 (face up under the pile)"), "%s", o);
    ck_assert_msg(contains(o, "pile: 22 cards"), "%s", o);
    free(o);
    crown_free(g);
}
END_TEST

/* Two players, the trump B7 face up under `pile`; seat 0 (R5 R6 R8 R9)
 * leads R5, seat 1 (six greens) takes, seat 0 passes: the refill starts, and
 * seat 0 needs two cards. */
static crown_game *bout_taken_before(const char *pile)
{
    crown_game *g = game("players=2");
    deal_any(g, "B7");
    set_cards(g, (const char *const[]){"R5 R6 R8 R9", "G5 G6 G8 G9 G10 GN"}, pile, 1, 0, 1, 6);
    play(g, "lead R5");
    play(g, "take");
    play(g, "pass");
    return g;
}

START_TEST(ruling_trump_card_drawn_last)
{
    /* One card left above the trump; seat 0 needs two. */
    crown_game *g = bout_taken_before("Y9");
    /* Refill: seat 0 draws Y9 (chance), then the face-up trump (forced). */
    ck_assert_int_eq(current(g), CROWN_CHANCE);
    crown_move m[8];
    size_t n;
    OK(crown_legal_moves(g, m, 8, &n));
    ck_assert_uint_eq(n, 1);
    play(g, "draw Y9");
    ck_assert(st(g)->hand[0] & BIT(card("B7")));
    ck_assert_int_eq(st(g)->trump_drawer, 0);
    char *o = observe(g, 1);
    ck_assert_msg(contains(o, "trump: B7 (drawn by seat 0)"), "%s", o);
    ck_assert_msg(contains(o, "seat 0: 5 cards, known: B7"), "%s", o);
    free(o);
    crown_free(g);
}
END_TEST

START_TEST(ruling_public_facts)
{
    crown_game *g = game("players=3");
    deal(g, three, "Y10");
    play(g, "lead R8"); /* seat 2 attacks seat 0 */
    play(g, "take");
    play(g, "pass");
    /* Spectator: the trump, the lowest trump shown, the picked-up card. */
    char *o = observe(g, CROWN_SPECTATOR);
    ck_assert_msg(contains(o, "trump: Y10"), "%s", o);
    ck_assert_msg(contains(o, "lowest trump: seat 2 showed Y6"), "%s", o);
    ck_assert_msg(contains(o, "known: R8"), "%s", o);
    /* ... but no unshown card. */
    ck_assert_msg(!contains(o, "GH"), "%s", o);
    free(o);
    crown_free(g);
}
END_TEST

/* ---- 3: first attacker ------------------------------------------------ */

START_TEST(ruling_lowest_trump_attacks_first)
{
    crown_game *g = game("players=3");
    deal(g, three, "Y10");
    ck_assert_int_eq(current(g), 2);
    ck_assert_int_eq(st(g)->attacker, 2);
    ck_assert_int_eq(st(g)->defender, 0);
    ck_assert(st(g)->known[2] & BIT(card("Y6")));
    crown_free(g);
}
END_TEST

START_TEST(ruling_no_trump_left_of_dealer_attacks)
{
    crown_game *g = game("players=3");
    const char *const notrump[] = {"R5 R7 B7 G7 BK GH", "R6 B8 G8 RK RQ BN", "R8 B9 G9 G6 RN GK"};
    deal(g, notrump, "Y10"); /* nobody holds a yellow */
    ck_assert_int_eq(current(g), 1);
    ck_assert_int_eq(st(g)->defender, 2);
    char *o = observe(g, CROWN_SPECTATOR);
    ck_assert_msg(contains(o, "lowest trump: nobody held a trump"), "%s", o);
    free(o);
    crown_free(g);
}
END_TEST

/* ---- 3: a bout -------------------------------------------------------- */

START_TEST(ruling_lead_one_or_several_of_a_rank)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"R7 B7 G7 Y7 R5 BH", "R6 B8 G8 Y8 RQ BN"};
    deal(g, hands, "R10"); /* seat 0 holds R5: leads */
    ck_assert(can_play(g, "lead R7"));
    ck_assert(can_play(g, "lead R7 B7"));
    ck_assert(can_play(g, "lead R7 G7 Y7"));
    ck_assert(can_play(g, "lead R7 B7 G7 Y7"));
    ck_assert(!can_play(g, "lead R7 R5"));
    /* 15 sets of sevens, plus R5 and BH. */
    ck_assert_int_eq(legal_count(g), 17);
    play(g, "lead R7 B7 G7");
    ck_assert_int_eq(st(g)->natt, 3);
    ck_assert_int_eq(current(g), 1);
    crown_free(g);
}
END_TEST

START_TEST(ruling_defender_beats_one_card_per_move)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"R7 B7 G7 Y7 R5 BH", "R6 B8 G8 Y8 RQ BN"};
    deal(g, hands, "R10");
    play(g, "lead B7 G7");
    ck_assert(can_play(g, "beat B7 with B8"));
    ck_assert(can_play(g, "beat G7 with G8"));
    ck_assert(can_play(g, "take"));
    play(g, "beat G7 with G8");
    ck_assert_int_eq(current(g), 1); /* still the defender: B7 is unbeaten */
    ck_assert(!can_play(g, "beat G7 with RQ"));
    play(g, "beat B7 with BN");
    ck_assert_int_eq(current(g), 0); /* now the attacker may add */
    crown_free(g);
}
END_TEST

START_TEST(ruling_adding_only_when_all_beaten_or_taken)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"R7 B7 G7 Y7 R5 BN", "R6 B8 G8 Y8 RQ BH"};
    deal(g, hands, "R10");
    play(g, "lead R5");
    ck_assert_int_eq(current(g), 1);
    play(g, "beat R5 with R6");
    ck_assert_int_eq(current(g), 0);
    /* Ranks on the table: 5 and 6. Seat 0 holds neither: only pass. */
    ck_assert_int_eq(legal_count(g), 1);
    ck_assert(can_play(g, "pass"));
    crown_free(g);

    g = game("players=2");
    deal(g, hands, "R10");
    play(g, "lead R5");
    play(g, "take");
    ck_assert_int_eq(current(g), 0); /* adding after the defender takes */
    ck_assert(st(g)->taken);
    crown_free(g);
}
END_TEST

START_TEST(ruling_added_cards_match_table_ranks)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"R7 B7 G5 Y8 R5 BN", "R6 B8 G8 Y9 RQ BH"};
    deal(g, hands, "R10");
    play(g, "lead R5");
    play(g, "beat R5 with RQ");
    /* Ranks 5 and Queen: G5 may be added, Y8 not. */
    ck_assert(can_play(g, "add G5"));
    ck_assert(!can_play(g, "add Y8"));
    play(g, "add G5");
    ck_assert_int_eq(current(g), 1);
    play(g, "beat G5 with G8");
    /* Now 8 is on the table too. */
    ck_assert(can_play(g, "add Y8"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_attack_limit_defenders_hand)
{
    crown_game *g = game("players=2");
    deal_any(g, "Y5");
    set_cards(g, (const char *const[]){"R7 B7 G7 R8 B8", "RH BH"}, "", 0, 0, 1, 2);
    ck_assert(can_play(g, "lead R7 B7"));
    ck_assert(!can_play(g, "lead R7 B7 G7"));
    play(g, "lead R7");
    play(g, "beat R7 with RH");
    play(g, "add B7");
    play(g, "beat B7 with BH");
    /* Two attack cards = the defender's hand at the start: adding stops, the
     * bout is won, and the defender is out (empty hand, empty pile). */
    ck_assert_int_eq(st(g)->phase, KD_OVER);
    ck_assert_int_eq(st(g)->losses[0], 1);
    crown_free(g);
}
END_TEST

START_TEST(ruling_attack_limit_six)
{
    crown_game *g = game("players=2");
    deal_any(g, "Y5");
    set_cards(g, (const char *const[]){"R5 B5 G5 BN GN R6 RH", "RN B6 G6 BK GK BQ GQ YH"}, "", 0,
              0, 1, 6);
    ck_assert_int_eq(st(g)->limit, 6); /* the defender holds 8 */
    play(g, "lead R5 B5 G5");
    play(g, "beat R5 with RN");
    play(g, "beat B5 with B6");
    play(g, "beat G5 with G6");
    play(g, "add BN");
    play(g, "beat BN with BK");
    play(g, "add GN");
    play(g, "beat GN with GK");
    play(g, "add R6");
    play(g, "beat R6 with YH");
    /* Six attack cards: the attacker's RH matches the Hero on the table but
     * may not be added; the bout is won and the defender attacks. */
    ck_assert_int_eq(st(g)->phase, KD_LEAD);
    ck_assert_int_eq(st(g)->attacker, 1);
    ck_assert(st(g)->hand[0] == BIT(card("RH")));
    crown_free(g);
}
END_TEST

START_TEST(ruling_limit_counts_the_lead)
{
    crown_game *g = game("players=2");
    deal_any(g, "Y5");
    set_cards(g, (const char *const[]){"R7 B7 G7 R8", "RH BH GH"}, "", 0, 0, 1, 3);
    play(g, "lead R7 B7 G7");
    play(g, "take");
    /* The lead filled the limit of three: nobody is asked. */
    ck_assert_int_eq(st(g)->phase, KD_LEAD);
    ck_assert_int_eq(hand_size(g, 1), 6);
    crown_free(g);
}
END_TEST

/* ---- 3: adding -------------------------------------------------------- */

static const char *const four[] = {
    "R5 R7 B7 G7 BK GH",  /* seat 0: lowest trump? no trump (yellow) */
    "R6 B8 G8 Y5 RQ BN",  /* seat 1: Y5 */
    "R8 B9 G9 G5 RN GK",  /* seat 2 */
    "R9 B5 G6 B6 R10 BQ", /* seat 3 */
};

START_TEST(ruling_asking_order_ruthless)
{
    crown_game *g = game("players=4,variant=ruthless");
    deal(g, four, "Y10"); /* seat 1 attacks seat 2 */
    ck_assert_int_eq(current(g), 1);
    play(g, "lead R6");
    play(g, "beat R6 with R8");
    /* The attacker first, then clockwise skipping the defender: 3, 0. */
    ck_assert_int_eq(current(g), 1);
    play(g, "pass");
    ck_assert_int_eq(current(g), 3);
    play(g, "pass");
    ck_assert_int_eq(current(g), 0);
    play(g, "pass");
    /* Everyone asked passed: the bout is won, the defender attacks. */
    ck_assert_int_eq(current(g), CROWN_CHANCE); /* refill */
    crown_free(g);
}
END_TEST

START_TEST(ruling_asking_basic_only_attacker)
{
    crown_game *g = game("players=4");
    deal(g, four, "Y10");
    play(g, "lead R6");
    play(g, "beat R6 with R8");
    ck_assert_int_eq(current(g), 1);
    play(g, "pass");
    ck_assert_int_eq(current(g), CROWN_CHANCE); /* nobody else is asked */
    crown_free(g);
}
END_TEST

START_TEST(ruling_asked_even_if_only_pass)
{
    crown_game *g = game("players=4,variant=ruthless");
    deal(g, four, "Y10");
    play(g, "lead R6");
    play(g, "beat R6 with R8");
    play(g, "pass"); /* seat 1 */
    play(g, "pass"); /* seat 3 */
    /* Seat 0 holds no 6 or 8, and is asked all the same. */
    ck_assert_int_eq(current(g), 0);
    ck_assert_int_eq(legal_count(g), 1);
    ck_assert(can_play(g, "pass"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_asking_restarts_after_each_beat)
{
    crown_game *g = game("players=4,variant=ruthless");
    deal(g, four, "Y10");
    play(g, "lead R6");
    play(g, "beat R6 with R8");
    play(g, "pass");      /* seat 1 */
    play(g, "add G6");    /* seat 3 */
    ck_assert_int_eq(current(g), 2);
    play(g, "beat G6 with G9");
    ck_assert_int_eq(current(g), 1); /* the attacker again */
    crown_free(g);
}
END_TEST

START_TEST(ruling_asking_restarts_after_take)
{
    crown_game *g = game("players=4,variant=ruthless");
    deal(g, four, "Y10");
    play(g, "lead R6");
    play(g, "beat R6 with R8");
    play(g, "pass");   /* seat 1 */
    play(g, "add B6"); /* seat 3 */
    play(g, "take");
    ck_assert_int_eq(current(g), 1);
    play(g, "pass");
    ck_assert_int_eq(current(g), 3);
    play(g, "add G6");
    ck_assert_int_eq(current(g), 0); /* after an add to a taken bout: the next seat */
    play(g, "pass");
    ck_assert_int_eq(current(g), 1);
    play(g, "pass");
    ck_assert_int_eq(current(g), 3);
    play(g, "pass");
    /* Three in a row passed after the last add: the defender picks up. */
    ck_assert_int_eq(current(g), CROWN_CHANCE);
    ck_assert(st(g)->hand[2] & BIT(card("G6")));
    ck_assert(st(g)->hand[2] & BIT(card("R6")));
    ck_assert(st(g)->hand[2] & BIT(card("R8")));
    crown_free(g);
}
END_TEST

START_TEST(ruling_adding_stops_when_nobody_holds_a_card)
{
    crown_game *g = game("players=2");
    deal_any(g, "Y5");
    /* The pile is not empty, so the attacker stays in with no card. */
    set_cards(g, (const char *const[]){"R7", "RH BH GH"}, "R5 R6 B5 B6 G5 G6 Y6 Y7", 1, 0, 1, 3);
    play(g, "lead R7");
    play(g, "beat R7 with RH");
    /* Nobody who may add holds a card: the bout ends without asking. */
    ck_assert_int_eq(current(g), CROWN_CHANCE);
    ck_assert_int_eq(st(g)->phase, KD_REFILL);
    crown_free(g);
}
END_TEST

/* ---- 3: after the bout ------------------------------------------------ */

START_TEST(ruling_success_discards_and_defender_attacks)
{
    crown_game *g = game("players=3");
    deal(g, three, "Y10");
    play(g, "lead B9"); /* seat 2 attacks seat 0 */
    play(g, "beat B9 with BK");
    ck_assert_int_eq(current(g), 2);
    play(g, "pass");
    ck_assert(st(g)->discards == (BIT(card("B9")) | BIT(card("BK"))));
    /* Refill draws: seat 2 then seat 0. */
    draw_lowest(g);
    ck_assert_int_eq(st(g)->attacker, 0);
    ck_assert_int_eq(st(g)->defender, 1);
    crown_free(g);
}
END_TEST

START_TEST(ruling_take_loses_the_turn)
{
    crown_game *g = game("players=3");
    deal(g, three, "Y10");
    play(g, "lead R8"); /* seat 2 attacks seat 0 */
    play(g, "take");
    play(g, "pass");
    draw_lowest(g);
    /* The player on the defender's left attacks. */
    ck_assert_int_eq(st(g)->attacker, 1);
    ck_assert_int_eq(st(g)->defender, 2);
    ck_assert_int_eq(hand_size(g, 0), 7);
    crown_free(g);
}
END_TEST

START_TEST(ruling_refill_order)
{
    crown_game *g = game("players=4,variant=ruthless");
    deal(g, four, "Y10");
    /* Seat 1 attacks seat 2; seat 3 adds; seat 2 takes. */
    play(g, "lead R6");
    play(g, "beat R6 with R8");
    play(g, "pass");
    play(g, "add B6");
    play(g, "take");
    play(g, "pass");
    play(g, "pass");
    play(g, "pass");
    ck_assert_int_eq(st(g)->phase, KD_REFILL);
    ck_assert_int_eq(st(g)->nrefill, 3);
    ck_assert_int_eq(st(g)->refill[0], 1);
    ck_assert_int_eq(st(g)->refill[1], 3);
    ck_assert_int_eq(st(g)->refill[2], 2);
    /* Seat 1 draws first (one card), then seat 3 (one card); seat 0 put no
     * card down and draws nothing; seat 2 has 8 cards and draws nothing. */
    play(g, "draw Y7");
    ck_assert(st(g)->hand[1] & BIT(card("Y7")));
    play(g, "draw B10");
    ck_assert(st(g)->hand[3] & BIT(card("B10")));
    ck_assert_int_eq(st(g)->phase, KD_LEAD);
    ck_assert_int_eq(st(g)->attacker, 3);
    ck_assert_int_eq(hand_size(g, 0), 6);
    crown_free(g);
}
END_TEST

START_TEST(ruling_refill_order_after_transfer)
{
    crown_game *g = game("players=4,variant=ruthless");
    const char *const hands[] = {"R5 R7 B7 G7 BK GH", "R6 B8 G8 Y5 RQ BN", "R8 B9 G9 G6 RN GK",
                                 "R9 B5 Y6 B6 R10 BQ"};
    deal(g, hands, "Y10"); /* seat 1 (Y5) attacks seat 2 */
    play(g, "lead R6");
    play(g, "transfer G6"); /* seat 2 becomes the attacker, seat 3 defends */
    ck_assert_int_eq(st(g)->attacker, 2);
    ck_assert_int_eq(st(g)->defender, 3);
    play(g, "take");
    play(g, "pass"); /* seat 2 */
    /* Seat 0 and seat 1 may not add: the initial attack was never beaten. */
    ck_assert_int_eq(st(g)->phase, KD_REFILL);
    /* Attacker 2, then contributor 1 (clockwise from 2: 3 is the defender,
     * 0 put nothing down), the defender 3 last. */
    ck_assert_int_eq(st(g)->refill[0], 2);
    ck_assert_int_eq(st(g)->refill[1], 1);
    ck_assert_int_eq(st(g)->refill[2], 3);
    ck_assert_int_eq(st(g)->nrefill, 3);
    crown_free(g);
}
END_TEST

/* ---- 3: ruthless ------------------------------------------------------ */

START_TEST(ruling_ruthless_others_add_after_initial_beaten)
{
    crown_game *g = game("players=4,variant=ruthless");
    const char *const hands[] = {"R5 R7 B7 G7 BK GH", "R6 B6 G8 Y5 RQ BN", "R8 B9 G9 G5 RN GK",
                                 "R9 B5 G6 Y6 R10 BQ"};
    deal(g, hands, "Y10");
    play(g, "lead R6 B6"); /* seat 1 attacks seat 2 with two cards */
    play(g, "beat R6 with R8");
    ck_assert_int_eq(current(g), 2);
    play(g, "beat B6 with B9");
    ck_assert_int_eq(current(g), 1);
    play(g, "pass");
    ck_assert_int_eq(current(g), 3); /* others may add now */
    crown_free(g);
}
END_TEST

START_TEST(ruling_ruthless_take_before_initial_beaten_only_attacker_adds)
{
    crown_game *g = game("players=4,variant=ruthless");
    const char *const hands[] = {"R5 R7 B7 G7 BK GH", "R6 B6 G8 Y5 RQ BN", "R8 B9 G9 G5 RN GK",
                                 "R9 B5 G6 Y6 R10 BQ"};
    deal(g, hands, "Y10");
    play(g, "lead R6 B6");
    play(g, "beat R6 with R8");
    play(g, "take"); /* B6 still unbeaten */
    ck_assert_int_eq(current(g), 1);
    play(g, "pass");
    ck_assert_int_eq(current(g), CROWN_CHANCE); /* seat 3's G6 stays home */
    crown_free(g);
}
END_TEST

START_TEST(ruling_transfer)
{
    crown_game *g = game("players=4,variant=ruthless");
    const char *const hands[] = {"R5 R7 B7 Y6 BK GH", "R6 B8 G8 Y5 RQ BN", "R8 B9 G9 G6 RN GK",
                                 "R9 B5 Y7 B6 R10 BQ"};
    deal(g, hands, "Y10");
    play(g, "lead R6");
    ck_assert(can_play(g, "transfer G6"));
    play(g, "transfer G6");
    ck_assert_int_eq(st(g)->attacker, 2);
    ck_assert_int_eq(st(g)->defender, 3);
    ck_assert_int_eq(st(g)->natt, 2);
    ck_assert_int_eq(current(g), 3);
    /* Seat 3 may pass it on again with B6 (seat 0 holds 6 cards >= 3 and has
     * no attack card on the table). */
    ck_assert(can_play(g, "transfer B6"));
    play(g, "transfer B6");
    ck_assert_int_eq(st(g)->defender, 0);
    /* Seat 0 holds Y6, but seat 0's left is seat 1, who led: no transfer. */
    ck_assert(!can_play(g, "transfer Y6"));
    ck_assert(can_play(g, "beat R6 with Y6"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_transfer_needs_enough_cards)
{
    crown_game *g = game("players=3,variant=ruthless");
    deal_any(g, "Y5");
    set_cards(g, (const char *const[]){"R7 R9", "B7 B9 BK", "G10"}, "", 0, 0, 1, 3);
    play(g, "lead R7");
    /* Seat 2 holds one card, two would be on the table. */
    ck_assert(!can_play(g, "transfer B7"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_transfer_only_before_any_beat)
{
    crown_game *g = game("players=3,variant=ruthless");
    deal_any(g, "Y5");
    set_cards(g, (const char *const[]){"R7 B7 R9", "G7 B9 BK RK", "G10 GN GQ GK"}, "", 0, 0, 1,
              4);
    play(g, "lead R7 B7");
    ck_assert(can_play(g, "transfer G7"));
    play(g, "beat B7 with B9");
    ck_assert(!can_play(g, "transfer G7"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_transfer_limit_is_new_defenders_hand)
{
    crown_game *g = game("players=3,variant=ruthless");
    deal_any(g, "Y5");
    set_cards(g, (const char *const[]){"R7 R9 R10", "B7 B9 BK RK GH BH RH", "G10 GN"}, "", 0, 0,
              1, 6);
    play(g, "lead R7");
    play(g, "transfer B7");
    ck_assert_int_eq(st(g)->limit, 2);
    crown_free(g);
}
END_TEST

START_TEST(ruling_ruthless_two_players_plays_basic)
{
    crown_game *g = game("players=2,variant=ruthless");
    const char *const h2[] = {"R7 B7 G7 Y8 R5 BN", "R6 G8 Y7 RQ BH B8"};
    deal(g, h2, "R10"); /* seat 0 leads (R5) */
    play(g, "lead G7");
    /* Seat 1 holds Y7 but the next player is the attacker. */
    ck_assert(!can_play(g, "transfer Y7"));
    crown_free(g);
}
END_TEST

/* ---- 3: going out, the loser ------------------------------------------ */

/* RULINGS 3: transferring his last card while the pile is empty puts a
 * player out, and he is skipped from then on. */
START_TEST(ruling_out_by_transferring_last_card)
{
    crown_game *g = game("players=3,variant=ruthless");
    deal_any(g, "Y5");
    set_cards(g, (const char *const[]){"R7 G9", "B7", "RK BK GK"}, "", 0, 0, 1, 1);
    play(g, "lead R7");
    play(g, "transfer B7"); /* seat 1's last card: he is out */
    char *o = observe(g, CROWN_SPECTATOR);
    ck_assert_msg(contains(o, "seat 1: out"), "%s", o);
    free(o);
    ck_assert_int_eq(st(g)->defender, 2);
    play(g, "beat R7 with RK");
    play(g, "beat B7 with BK");
    /* The attacker, seat 1, holds nothing: seat 0 is asked. */
    ck_assert_int_eq(current(g), 0);
    play(g, "pass");
    /* Seat 2 defended and attacks next, against seat 0: seat 1 is skipped. */
    ck_assert_int_eq(st(g)->phase, KD_LEAD);
    ck_assert_int_eq(st(g)->attacker, 2);
    ck_assert_int_eq(st(g)->defender, 0);
    crown_free(g);
}
END_TEST

START_TEST(ruling_out_by_adding_last_card)
{
    crown_game *g = game("players=3,variant=ruthless");
    deal_any(g, "Y5");
    set_cards(g, (const char *const[]){"R7 B9", "RK BK GK GH", "B7"}, "", 0, 0, 1, 4);
    play(g, "lead R7");
    play(g, "beat R7 with RK");
    play(g, "pass");    /* seat 0 */
    play(g, "add B7");  /* seat 2's last card: he is out */
    char *o = observe(g, CROWN_SPECTATOR);
    ck_assert_msg(contains(o, "seat 2: out"), "%s", o);
    free(o);
    play(g, "beat B7 with BK");
    /* Asking restarts at seat 0; seat 2 is skipped. */
    ck_assert_int_eq(current(g), 0);
    play(g, "pass");
    /* Seats 0 and 1 still hold cards: the game goes on, defender attacks. */
    ck_assert_int_eq(st(g)->phase, KD_LEAD);
    ck_assert_int_eq(st(g)->attacker, 1);
    ck_assert_int_eq(st(g)->defender, 0);
    crown_free(g);
}
END_TEST

START_TEST(ruling_last_player_with_cards_loses)
{
    crown_game *g = game("players=2");
    deal_any(g, "Y5");
    set_cards(g, (const char *const[]){"R7", "RK BK"}, "", 0, 0, 1, 2);
    play(g, "lead R7");
    play(g, "beat R7 with RK");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    double r[2];
    size_t n;
    OK(crown_returns(g, r, 2, &n));
    ck_assert_double_eq(r[0], 1.0);
    ck_assert_double_eq(r[1], -1.0);
    OK(crown_scores(g, r, 2, &n));
    ck_assert_double_eq(r[0], 0.0);
    ck_assert_double_eq(r[1], 1.0);
    crown_free(g);
}
END_TEST

START_TEST(ruling_nobody_left_is_a_draw)
{
    crown_game *g = game("players=2");
    deal_any(g, "Y5");
    set_cards(g, (const char *const[]){"R7", "RK"}, "", 0, 0, 1, 1);
    play(g, "lead R7");
    play(g, "beat R7 with RK");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    double r[2];
    size_t n;
    OK(crown_returns(g, r, 2, &n));
    ck_assert_double_eq(r[0], 0.0);
    ck_assert_double_eq(r[1], 0.0);
    ck_assert_int_eq(st(g)->draws, 1);
    crown_free(g);
}
END_TEST

START_TEST(ruling_out_players_are_skipped)
{
    crown_game *g = game("players=4");
    deal_any(g, "Y5");
    /* Seat 1 is out already (no card, empty pile). */
    set_cards(g, (const char *const[]){"R7 R8", "", "RK BK", "B5 B6"}, "", 0, 3, 0, 2);
    play(g, "lead B5");
    play(g, "take");
    play(g, "pass");
    /* The player on seat 0's left still in is seat 2. */
    ck_assert_int_eq(st(g)->attacker, 2);
    ck_assert_int_eq(st(g)->defender, 3);
    crown_free(g);
}
END_TEST

START_TEST(ruling_success_defender_out_next_attacks)
{
    crown_game *g = game("players=3");
    deal_any(g, "Y5");
    set_cards(g, (const char *const[]){"R7 R8", "RK", "B5 B6"}, "", 0, 0, 1, 1);
    play(g, "lead R7");
    play(g, "beat R7 with RK"); /* seat 1 is out, the bout is won */
    ck_assert_int_eq(st(g)->attacker, 2);
    ck_assert_int_eq(st(g)->defender, 0);
    crown_free(g);
}
END_TEST

/* ---- 3: match play ---------------------------------------------------- */

/* Ends the current game quickly: seat `loser` keeps cards, others go out. */
static void finish_game_lost_by(crown_game *g, int loser)
{
    int n;
    OK(crown_num_players(g, &n));
    if (st(g)->phase == KD_DEAL)
        deal_any(g, "Y5");
    int winner = (loser + 1) % n;
    const char *h[6] = {"", "", "", "", "", ""};
    h[winner] = "R7";
    h[loser] = "RK BK";
    set_cards(g, h, "", 0, winner, loser, 2);
    play(g, "lead R7");
    play(g, "beat R7 with RK");
}

START_TEST(ruling_match_loser_deals_next)
{
    crown_game *g = game("players=3,games=3");
    deal_any(g, "Y5");
    finish_game_lost_by(g, 1);
    ck_assert_int_eq(st(g)->games_done, 1);
    ck_assert_int_eq(st(g)->phase, KD_DEAL);
    ck_assert_int_eq(st(g)->dealer, 1);
    play(g, "deal R5"); /* to the loser's left */
    ck_assert(st(g)->hand[2] & BIT(card("R5")));
    crown_free(g);
}
END_TEST

START_TEST(ruling_match_after_draw_same_dealer)
{
    crown_game *g = game("players=2,games=3");
    deal_any(g, "Y5");
    finish_game_lost_by(g, 1);
    ck_assert_int_eq(st(g)->dealer, 1);
    deal_any(g, "Y5");
    set_cards(g, (const char *const[]){"R7", "RK"}, "", 0, 0, 1, 1);
    play(g, "lead R7");
    play(g, "beat R7 with RK");
    ck_assert_int_eq(st(g)->phase, KD_DEAL);
    ck_assert_int_eq(st(g)->dealer, 1);
    ck_assert_int_eq(st(g)->draws, 1);
    play(g, "deal R5");
    ck_assert(st(g)->hand[0] & BIT(card("R5")));
    double r[2];
    size_t n;
    OK(crown_returns(g, r, 2, &n));
    ck_assert_double_eq(r[0], 1.0);
    ck_assert_double_eq(r[1], -1.0);
    crown_free(g);
}
END_TEST

START_TEST(ruling_match_lowest_trump_leads_again)
{
    crown_game *g = game("players=3,games=2");
    deal_any(g, "Y5");
    finish_game_lost_by(g, 2);
    ck_assert_int_eq(st(g)->dealer, 2);
    deal(g, three, "Y10");
    ck_assert_int_eq(st(g)->attacker, 2); /* not the dealer's left, seat 0 */
    ck_assert_int_eq(st(g)->reveal_seat, 2);
    crown_free(g);
}
END_TEST

START_TEST(ruling_option_later_lead_left_of_dealer)
{
    crown_game *g = game("players=3,games=2,later_lead=left_of_dealer");
    deal_any(g, "Y5");
    finish_game_lost_by(g, 1);
    ck_assert_int_eq(st(g)->dealer, 1);
    const char *const h[] = {"R5 R7 B7 G7 Y6 GH", "R6 B8 G8 Y8 RQ BN", "R8 B9 G9 B6 RN GK"};
    deal(g, h, "Y10"); /* seat 0 holds Y6 */
    ck_assert_int_eq(st(g)->attacker, 2);
    ck_assert_int_eq(st(g)->reveal_seat, KD_NONE);
    char *o = observe(g, CROWN_SPECTATOR);
    ck_assert_msg(!contains(o, "lowest trump"), "%s", o);
    free(o);
    crown_free(g);
}
END_TEST

/* ---- the project's decisions ------------------------------------------ */

/* A bout of three players in which the defender takes `lead` and the
 * third player passes, then the refill (the lowest cards first). */
static void bout_taken(crown_game *g, const char *lead)
{
    play(g, lead);
    play(g, "take");
    play(g, "pass");
    draw_lowest(g);
}

/* The views say that the bout limit, not the cards, ended the game. */
static void expect_bout_limit_said(crown_game *g, const char *limit)
{
    char *o = observe(g, CROWN_SPECTATOR);
    ck_assert_msg(strstr(o, limit), "%s", o);
    free(o);
    char json[4096];
    size_t len;
    OK(crown_observation_json(g, CROWN_SPECTATOR, json, sizeof json, &len));
    ck_assert_msg(contains(json, "\"last_game_drawn\": true, \"last_game_end\": \"max_bouts\"}"),
                  "%s", json);
    ck_assert_int_eq(st(g)->last_end, KD_END_MAX_BOUTS);
}

START_TEST(decision_max_bouts_draws_the_game)
{
    crown_game *g = game("players=3,max_bouts=1");
    deal(g, three, "Y10");
    bout_taken(g, "lead R8");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->draws, 1);
    expect_bout_limit_said(g, "last game drawn at the bout limit (max_bouts=1)");
    crown_free(g);
}
END_TEST

/* By default a game ends, drawn, with its 1000th bout: a game whose players
 * always take would otherwise never end. */
START_TEST(decision_max_bouts_default_is_1000)
{
    crown_game *g = game("players=3");
    deal(g, three, "Y10");
    st(g)->bouts = 998;
    bout_taken(g, "lead R8");
    ck_assert_int_ne(current(g), CROWN_TERMINAL);
    ck_assert_uint_eq(st(g)->bouts, 999);
    bout_taken(g, "lead R6");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->draws, 1);
    expect_bout_limit_said(g, "last game drawn at the bout limit (max_bouts=1000)");
    crown_free(g);
}
END_TEST

START_TEST(decision_bout_counter_saturates)
{
    /* Without max_bouts a game can last for ever: the bout counter stops
     * at its largest value instead of wrapping to 0. */
    crown_game *g = game("players=3,max_bouts=0");
    deal(g, three, "Y10");
    st(g)->bouts = UINT32_MAX;
    bout_taken(g, "lead R8");
    ck_assert_uint_eq(st(g)->bouts, UINT32_MAX);
    ck_assert_int_ne(current(g), CROWN_TERMINAL);
    crown_free(g);
}
END_TEST

START_TEST(decision_move_text_any_card_order)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"R7 B7 G7 Y7 R5 BH", "R6 B8 G8 Y8 RQ BN"};
    deal(g, hands, "R10");
    crown_move a, b, c;
    OK(crown_move_from_text(g, "lead R7 G7", &a));
    OK(crown_move_from_text(g, "lead G7 R7", &b));
    OK(crown_move_from_text(g, "LEAD  y7 g7   r7", &c));
    ck_assert_int_eq(a, b);
    ck_assert_int_eq(a, CROWN_KD_LEAD(2, 0x5));
    ck_assert_int_eq(c, CROWN_KD_LEAD(2, 0xD));
    /* Well-formed but not legal: the same error as the move's id. */
    crown_move m = -1;
    ck_assert_int_eq(crown_move_from_text(g, "take", &m), CROWN_EILLEGAL);
    ck_assert_msg(strstr(crown_last_error(g), "'take' is not a legal move now"), "%s",
                  crown_last_error(g));
    ck_assert_int_eq(crown_apply(g, CROWN_KD_TAKE), CROWN_EILLEGAL);
    ck_assert_int_eq(crown_move_from_text(g, "lead R7 R5", &m), CROWN_EILLEGAL);
    ck_assert_int_eq(crown_move_from_text(g, "beat R7 with RQ", &m), CROWN_EILLEGAL);
    ck_assert_int_eq(crown_move_from_text(g, "add Y8", &m), CROWN_EILLEGAL);
    ck_assert_int_eq(crown_move_from_text(g, "deal R6", &m), CROWN_EILLEGAL);
    ck_assert_int_eq(m, -1);
    /* Not the notation at all. */
    static const char *const bad[] = {"lead", "lead R7 R7", "lead R7 B7 G7 Y7 R5", "beat R7",
                                      "beat R7 RQ", "beat R7 with", "take R7", "R7", "lead X7",
                                      "lead R11", "lead R1", "add", "transfer R7 B7", "wibble"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(crown_move_from_text(g, bad[i], &m) == CROWN_EPARSE, "'%s'", bad[i]);
        ck_assert_msg(strstr(crown_last_error(g), "moves read like: lead R7"), "%s",
                      crown_last_error(g));
    }
    ck_assert_int_eq(m, -1);
    play(g, "lead G7 B7");
    ck_assert_int_eq(st(g)->natt, 2);
    crown_free(g);
}
END_TEST

START_TEST(decision_history_text_hides_what_a_seat_cannot_see)
{
    crown_game *g = game("players=3");
    deal(g, three, "Y10");
    size_t n, len;
    OK(crown_history_length(g, &n));
    ck_assert_uint_eq(n, 19); /* 18 cards dealt, the trump turned up */
    char t[64];
    int who;
    /* The first card goes to seat 1 (the dealer is seat 0). */
    OK(crown_history_text(g, 0, CROWN_OMNISCIENT, t, sizeof t, &len));
    ck_assert_str_eq(t, "deal R6");
    OK(crown_history_text(g, 0, 1, t, sizeof t, &len));
    ck_assert_str_eq(t, "deal R6");
    OK(crown_history_text(g, 0, 0, t, sizeof t, &len));
    ck_assert_str_eq(t, "deal a card to seat 1");
    OK(crown_history_text(g, 0, CROWN_SPECTATOR, t, sizeof t, &len));
    ck_assert_str_eq(t, "deal a card to seat 1");
    OK(crown_history_text(g, 18, 2, t, sizeof t, &len));
    ck_assert_str_eq(t, "trump Y10");
    OK(crown_history_player(g, 18, &who));
    ck_assert_int_eq(who, CROWN_CHANCE);
    play(g, "lead Y6");
    OK(crown_history_text(g, 19, CROWN_SPECTATOR, t, sizeof t, &len));
    ck_assert_str_eq(t, "lead Y6");
    OK(crown_history_player(g, 19, &who));
    ck_assert_int_eq(who, 2);
    /* Text of a move no longer legal. */
    crown_move m;
    ck_assert_int_eq(crown_move_from_text(g, "lead Y6", &m), CROWN_EILLEGAL);
    /* Errors. */
    ck_assert_int_eq(crown_history_text(g, 20, 0, t, sizeof t, &len), CROWN_EINVAL);
    ck_assert_msg(strstr(crown_last_error(g), "history index 20"), "%s", crown_last_error(g));
    ck_assert_int_eq(crown_history_text(g, 0, 3, t, sizeof t, &len), CROWN_EINVAL);
    ck_assert_int_eq(crown_history_text(g, 0, 0, t, sizeof t, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_history_text(g, 0, 0, t, 4, &len), CROWN_ETOOSMALL);
    ck_assert_uint_eq(len, strlen("deal a card to seat 1"));
    ck_assert_str_eq(t, "");
    ck_assert_int_eq(crown_history_player(g, 20, &who), CROWN_EINVAL);
    ck_assert_int_eq(crown_history_player(g, 0, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_history_player(NULL, 0, &who), CROWN_EINVAL);
    ck_assert_int_eq(crown_history_text(NULL, 0, 0, t, sizeof t, &len), CROWN_EINVAL);
    crown_free(g);
}
END_TEST

/* The text of history entry i for viewer. */
static const char *entry(crown_game *g, size_t i, int viewer)
{
    static char t[128];
    size_t len;
    OK(crown_history_text(g, i, viewer, t, sizeof t, &len));
    return t;
}

START_TEST(decision_every_seat_sees_the_face_up_trump_drawn)
{
    /* Drawn after the last card above it: the chance move that draws that
     * card names it for every seat and the spectator; the notation (the
     * omniscient text, what a save holds) stays the move alone. */
    crown_game *g = bout_taken_before("Y9");
    play(g, "draw Y9");
    size_t n;
    OK(crown_history_length(g, &n));
    ck_assert_str_eq(entry(g, n - 1, 0), "draw Y9, then seat 0 draws the face-up trump B7");
    ck_assert_str_eq(entry(g, n - 1, 1),
                     "draw: seat 0 draws a card, then seat 0 draws the face-up trump B7");
    ck_assert_str_eq(entry(g, n - 1, CROWN_SPECTATOR),
                     "draw: seat 0 draws a card, then seat 0 draws the face-up trump B7");
    ck_assert_str_eq(entry(g, n - 1, CROWN_OMNISCIENT), "draw Y9");
    ck_assert_str_eq(entry(g, n - 2, CROWN_SPECTATOR), "pass");
    crown_free(g);

    /* Drawn by the refill of the move that ends the bout, the pile holding
     * only the trump. */
    g = bout_taken_before("");
    ck_assert_int_eq(st(g)->trump_drawer, 0);
    OK(crown_history_length(g, &n));
    ck_assert_str_eq(entry(g, n - 1, 1), "pass, then seat 0 draws the face-up trump B7");
    ck_assert_str_eq(entry(g, n - 1, 0), "pass, then seat 0 draws the face-up trump B7");
    ck_assert_str_eq(entry(g, n - 1, CROWN_OMNISCIENT), "pass");
    ck_assert_str_eq(entry(g, n - 2, 1), "take");
    crown_free(g);

    /* Drawn by the move that ends a game of a match: the next game's deal
     * follows at once, and the text still names the trump. */
    g = game("players=2,games=2");
    deal_any(g, "B7");
    set_cards(g, (const char *const[]){"R5", "R6"}, "", 1, 0, 1, 1);
    play(g, "lead R5");
    play(g, "beat R5 with R6");
    ck_assert_int_eq(st(g)->games_done, 1);
    ck_assert_int_eq(st(g)->losses[0], 1);
    OK(crown_history_length(g, &n));
    ck_assert_str_eq(entry(g, n - 1, CROWN_SPECTATOR),
                     "beat R5 with R6, then seat 0 draws the face-up trump B7");
    crown_free(g);
}
END_TEST

START_TEST(decision_the_lowest_trump_shown_is_said_where_it_is_now)
{
    /* Seat 2 shows Y6 to attack first; seat 0 holds Y7. */
    const char *const hands[] = {"R5 R7 B7 G7 BK Y7", "R6 B8 G8 Y8 RQ BN", "R8 B9 G9 Y6 RN GK"};
    crown_game *g = game("players=3");
    deal(g, hands, "Y10");
    char *o = observe(g, 1);
    ck_assert_msg(contains(o, "lowest trump: seat 2 showed Y6\n"), "%s", o);
    free(o);
    play(g, "lead Y6");
    o = observe(g, CROWN_SPECTATOR);
    ck_assert_msg(contains(o, "lowest trump: seat 2 showed Y6 (now on the table)\n"), "%s", o);
    free(o);
    play(g, "beat Y6 with Y7");
    play(g, "pass");
    draw_lowest(g);
    o = observe(g, 0);
    ck_assert_msg(contains(o, "lowest trump: seat 2 showed Y6 (now discarded)\n"), "%s", o);
    free(o);
    crown_free(g);

    /* Taken by the defender: he holds it now, as everybody knows. */
    g = game("players=3");
    deal(g, hands, "Y10");
    play(g, "lead Y6");
    play(g, "take");
    play(g, "pass");
    draw_lowest(g);
    o = observe(g, 1);
    ck_assert_msg(contains(o, "lowest trump: seat 2 showed Y6 (now held by seat 0)\n"), "%s", o);
    ck_assert_msg(contains(o, "seat 0: 7 cards, known: Y6*"), "%s", o);
    free(o);
    crown_free(g);
}
END_TEST

START_TEST(decision_returns_zero_sum)
{
    crown_game *g = game("players=4");
    deal_any(g, "Y5");
    set_cards(g, (const char *const[]){"R7", "RK BK", "", ""}, "", 0, 0, 1, 2);
    play(g, "lead R7");
    play(g, "beat R7 with RK");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    double r[4];
    size_t n;
    OK(crown_returns(g, r, 4, &n));
    ck_assert_double_eq_tol(r[1], -1.0, 1e-12);
    ck_assert_double_eq_tol(r[0], 1.0 / 3, 1e-12);
    ck_assert_double_eq_tol(r[2], 1.0 / 3, 1e-12);
    ck_assert_double_eq_tol(r[0] + r[1] + r[2] + r[3], 0.0, 1e-12);
    crown_free(g);
}
END_TEST

/* ---- observation and determinization ---------------------------------- */

START_TEST(observation_shows_only_what_the_seat_knows)
{
    crown_game *g = game("players=3");
    deal(g, three, "Y10");
    char *o = observe(g, 0);
    ck_assert_msg(contains(o, "seat 0 (you): 6 cards: R5 R7 B7 G7 BK GH"), "%s", o);
    ck_assert_msg(contains(o, "seat 1: 6 cards\n"), "%s", o);
    ck_assert_msg(contains(o, "seat 2: 6 cards, known: Y6*"), "%s", o);
    ck_assert_msg(contains(o, "trump: Y10 (face up under the pile); * marks a trump"), "%s", o);
    free(o);
    o = observe(g, CROWN_OMNISCIENT);
    ck_assert_msg(contains(o, "seat 1: 6 cards: R6 B8 G8 Y8* BN RQ"), "%s", o);
    free(o);
    crown_free(g);
}
END_TEST

/* The piece `name` of the tensor of `viewer`, written in v[0..n): its
 * offset. */
static size_t piece(crown_game *g, int viewer, const char *name, float *v, size_t n)
{
    size_t count;
    OK(crown_observation_tensor(g, viewer, v, n, &count));
    return piece_offset(g, name);
}

START_TEST(structured_views_show_only_what_the_seat_knows)
{
    crown_game *g = game("players=3");
    deal(g, three, "Y10");
    char json[4096];
    size_t len;
    OK(crown_observation_json(g, 0, json, sizeof json, &len));
    /* Seat 0's hand R5 R7 B7 G7 BK GH, seat 2's public lowest trump Y6. */
    ck_assert_msg(contains(json, "{\"seat\": 0, \"cards\": 6, \"hand\": [0, 8, 9, 10, 33, 38], "
                                 "\"known\": [], \"losses\": 0}"), "%s", json);
    ck_assert_msg(contains(json, "{\"seat\": 1, \"cards\": 6, \"hand\": null, \"known\": []"),
                  "%s", json);
    ck_assert_msg(contains(json, "{\"seat\": 2, \"cards\": 6, \"hand\": null, \"known\": [7]"),
                  "%s", json);
    ck_assert_msg(contains(json, "\"trump\": 23,"), "%s", json);
    ck_assert_msg(contains(json, "\"lowest_trump\": {\"seat\": 2, \"card\": 7}"), "%s", json);
    ck_assert_msg(contains(json, "\"pile_cards\": null"), "%s", json);
    OK(crown_observation_json(g, CROWN_OMNISCIENT, json, sizeof json, &len));
    ck_assert_msg(contains(json, "{\"seat\": 1, \"cards\": 6, \"hand\": [4, 13, 14, 15, 25, 28]"),
                  "%s", json);

    float v[2048];
    size_t n, nd;
    OK(crown_observation_shape(g, &n, 1, &nd));
    ck_assert_uint_le(n, 2048);
    /* Seat 1 sees its own hand in "hand", and seat 2 (the seat after it)
     * in row 1 of "known", holding Y6. */
    size_t hand = piece(g, 1, "hand", v, n);
    uint64_t set = 0;
    for (int c = 0; c < 40; c++)
        if (v[hand + (size_t)c] == 1.0f)
            set |= BIT(c);
        else
            ck_assert(v[hand + (size_t)c] == 0.0f);
    ck_assert(set == cards("R6 B8 G8 Y8 BN RQ"));
    size_t known = piece(g, 1, "known", v, n);
    for (int c = 0; c < 120; c++)
        ck_assert(v[known + (size_t)c] == (c == 40 + card("Y6")));
    size_t seat = piece(g, 1, "seat", v, n);
    ck_assert(v[seat] == 0.0f && v[seat + 1] == 1.0f && v[seat + 2] == 0.0f);
    size_t sizes = piece(g, 1, "hand_size", v, n);
    ck_assert(v[sizes] == 6.0f && v[sizes + 1] == 6.0f && v[sizes + 2] == 6.0f);
    /* The spectator sees no hand. */
    hand = piece(g, CROWN_SPECTATOR, "hand", v, n);
    for (int c = 0; c < 40; c++)
        ck_assert(v[hand + (size_t)c] == 0.0f);
    /* Seat 2 leads: "current" is its row 0 for seat 2, row 2 for seat 0. */
    ck_assert_int_eq(current(g), 2);
    size_t cur = piece(g, 2, "current", v, n);
    ck_assert(v[cur] == 1.0f && v[cur + 1] == 0.0f && v[cur + 2] == 0.0f);
    cur = piece(g, 0, "current", v, n);
    ck_assert(v[cur] == 0.0f && v[cur + 1] == 0.0f && v[cur + 2] == 1.0f);
    crown_free(g);
}
END_TEST

START_TEST(resample_redeals_only_hidden_cards)
{
    crown_game *g = new_game("game_of_kingdoms", "players=3", 5);
    /* Play a few decisions. */
    for (int i = 0; i < 6; i++) {
        crown_move m[256];
        size_t n;
        OK(crown_legal_moves(g, m, 256, &n));
        OK(crown_apply(g, m[n - 1]));
    }
    int me = current(g);
    ck_assert(me >= 0);
    kd_state orig = *st(g);
    int changed = 0;
    for (uint64_t seed = 0; seed < 50; seed++) {
        crown_game *d;
        OK(crown_resample(g, me, seed, &d));
        kd_state *r = st(d);
        ck_assert(r->hand[me] == orig.hand[me]);
        ck_assert(r->discards == orig.discards);
        ck_assert_int_eq(r->trump, orig.trump);
        for (int p = 0; p < 3; p++) {
            ck_assert(r->known[p] == orig.known[p]);
            ck_assert((r->hand[p] & orig.known[p]) == orig.known[p]);
            ck_assert_int_eq(__builtin_popcountll(r->hand[p]),
                             __builtin_popcountll(orig.hand[p]));
            changed |= r->hand[p] != orig.hand[p];
        }
        crown_free(d);
    }
    ck_assert_msg(changed, "resampling never changed a hidden hand");
    crown_free(g);
}
END_TEST

START_TEST(resample_respects_the_lowest_trump_shown)
{
    /* Seat 2 showed Y6: Y5 was not dealt to anyone.  From seat 0's view Y5
     * may be in the pile only (nobody has drawn yet). */
    crown_game *g = game("players=3");
    deal(g, three, "Y10");
    for (uint64_t seed = 0; seed < 200; seed++) {
        crown_game *d;
        OK(crown_resample(g, 0, seed, &d));
        for (int p = 0; p < 3; p++)
            ck_assert(!(st(d)->hand[p] & BIT(card("Y5"))));
        ck_assert_int_eq(st(d)->reveal_seat, 2);
        crown_free(d);
    }
    crown_free(g);
}
END_TEST

static Suite *kingdoms_suite(void)
{
    Suite *s = suite_create("game_of_kingdoms");
    TCase *tc = test_case("rulings");
    tcase_add_test(tc, ruling_deck_forty_cards);
    tcase_add_test(tc, ruling_beating);
    tcase_add_test(tc, ruling_trump_five_beats_non_trump_hero);
    tcase_add_test(tc, ruling_deal_one_at_a_time_from_dealers_left);
    tcase_add_test(tc, ruling_six_each_then_trump_turned_up);
    tcase_add_test(tc, ruling_trump_card_drawn_last);
    tcase_add_test(tc, ruling_public_facts);
    tcase_add_test(tc, ruling_lowest_trump_attacks_first);
    tcase_add_test(tc, ruling_no_trump_left_of_dealer_attacks);
    tcase_add_test(tc, ruling_lead_one_or_several_of_a_rank);
    tcase_add_test(tc, ruling_defender_beats_one_card_per_move);
    tcase_add_test(tc, ruling_adding_only_when_all_beaten_or_taken);
    tcase_add_test(tc, ruling_added_cards_match_table_ranks);
    tcase_add_test(tc, ruling_attack_limit_defenders_hand);
    tcase_add_test(tc, ruling_attack_limit_six);
    tcase_add_test(tc, ruling_limit_counts_the_lead);
    tcase_add_test(tc, ruling_asking_order_ruthless);
    tcase_add_test(tc, ruling_asking_basic_only_attacker);
    tcase_add_test(tc, ruling_asked_even_if_only_pass);
    tcase_add_test(tc, ruling_asking_restarts_after_each_beat);
    tcase_add_test(tc, ruling_asking_restarts_after_take);
    tcase_add_test(tc, ruling_adding_stops_when_nobody_holds_a_card);
    tcase_add_test(tc, ruling_success_discards_and_defender_attacks);
    tcase_add_test(tc, ruling_take_loses_the_turn);
    tcase_add_test(tc, ruling_refill_order);
    tcase_add_test(tc, ruling_refill_order_after_transfer);
    tcase_add_test(tc, ruling_ruthless_others_add_after_initial_beaten);
    tcase_add_test(tc, ruling_ruthless_take_before_initial_beaten_only_attacker_adds);
    tcase_add_test(tc, ruling_transfer);
    tcase_add_test(tc, ruling_transfer_needs_enough_cards);
    tcase_add_test(tc, ruling_transfer_only_before_any_beat);
    tcase_add_test(tc, ruling_transfer_limit_is_new_defenders_hand);
    tcase_add_test(tc, ruling_ruthless_two_players_plays_basic);
    tcase_add_test(tc, ruling_out_by_adding_last_card);
    tcase_add_test(tc, ruling_out_by_transferring_last_card);
    tcase_add_test(tc, ruling_last_player_with_cards_loses);
    tcase_add_test(tc, ruling_nobody_left_is_a_draw);
    tcase_add_test(tc, ruling_out_players_are_skipped);
    tcase_add_test(tc, ruling_success_defender_out_next_attacks);
    tcase_add_test(tc, ruling_match_loser_deals_next);
    tcase_add_test(tc, ruling_match_after_draw_same_dealer);
    tcase_add_test(tc, ruling_match_lowest_trump_leads_again);
    tcase_add_test(tc, ruling_option_later_lead_left_of_dealer);
    suite_add_tcase(s, tc);
    TCase *td = test_case("decisions and views");
    tcase_add_test(td, decision_max_bouts_draws_the_game);
    tcase_add_test(td, decision_max_bouts_default_is_1000);
    tcase_add_test(td, decision_bout_counter_saturates);
    tcase_add_test(td, decision_move_text_any_card_order);
    tcase_add_test(td, decision_history_text_hides_what_a_seat_cannot_see);
    tcase_add_test(td, decision_every_seat_sees_the_face_up_trump_drawn);
    tcase_add_test(td, decision_the_lowest_trump_shown_is_said_where_it_is_now);
    tcase_add_test(td, decision_returns_zero_sum);
    tcase_add_test(td, observation_shows_only_what_the_seat_knows);
    tcase_add_test(td, structured_views_show_only_what_the_seat_knows);
    tcase_add_test(td, resample_redeals_only_hidden_cards);
    tcase_add_test(td, resample_respects_the_lowest_trump_shown);
    suite_add_tcase(s, td);
    return s;
}

int main(void)
{
    return run_suite(kingdoms_suite());
}
