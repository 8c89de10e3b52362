/*
 * test_family.c - the rules of King's Family (the solitaire), one test per
 * ruling of RULINGS.md 1.3 and 1.5 (ruling_*), plus the project's decisions
 * (decision_*, docs/kings-family.md).
 *
 * Games run with chance=explicit; positions late in a game are set up by
 * writing the state directly (white-box): hand, Genealogy, pile, and every
 * other card in the discards.
 */
#include <stdio.h>

#include "common.h"
#include "kb_position.h"
#include "core/core.h"
#include "kingsblood/family/family.h"

static void load_deck(void)
{
    kb_default_deck(&D);
}

static kf_state *st(crown_game *g)
{
    return crown_internal_state_mut(g);
}

static void sound(crown_game *g)
{
    char msg[256];
    ck_assert_msg(crown_internal_check(g, msg, sizeof msg) == 0, "%s", msg);
}

static crown_game *game(const char *options)
{
    char opts[1024];
    load_deck();
    snprintf(opts, sizeof opts, "%s%schance=explicit", options, options[0] ? "," : "");
    return new_game("kings_family", opts, 1);
}

/* A game with a custom deck list; the test's card ids follow it. */
static crown_game *game_with_deck(const char *list)
{
    crown_err err;
    char opts[4200];
    ck_assert_int_eq(kb_parse_deck(&D, list, &err), CROWN_OK);
    snprintf(opts, sizeof opts, "deck=%s,chance=explicit", list);
    return new_game("kings_family", opts, 1);
}

static void step(crown_game *g, const char *verb, const char *card)
{
    char mv[64];
    snprintf(mv, sizeof mv, "%s %s", verb, card);
    play(g, mv);
}

/* Deals the seven cards, then founds the Genealogy with `founder`. */
static void start(crown_game *g, const char *hand, const char *founder)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", hand);
    int k = 0;
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " "), k++)
        step(g, "deal", t);
    ck_assert_int_eq(k, 7);
    ck_assert_int_eq(st(g)->phase, KF_FOUND);
    step(g, "found", founder);
    sound(g);
}

/* Writes a position: the hand; the Genealogy as "card@row,x" items
 * ("enthronement>B3m" attaches under a placed card); the pile ("rest" for
 * every card not given out); every other card in the discards.  The player
 * is to play. */
static void setup(crown_game *g, const char *hand, const char *gen, const char *pile)
{
    kf_state *s = st(g);
    gn_set used = {{0, 0}};
    memset(&s->hand, 0, sizeof s->hand);
    memset(&s->aside, 0, sizeof s->aside);
    add_cards(&s->hand, &used, hand);
    lay_out(&s->gn, &used, gen);
    pile_and_discards(&s->pile, &s->discards, &used, pile);
    s->phase = KF_PLAY;
    s->nwork = 0;
    s->dead = gn_set_empty(&s->pile);
    s->run_child = s->run_last = KF_NONE;
    s->run_side = 0;
    s->run_pending = 0;
    sound(g);
}

static int in_hand(crown_game *g, const char *t)
{
    return gn_set_has(&st(g)->hand, id(t));
}

static int hand_size(crown_game *g)
{
    return gn_set_count(&st(g)->hand);
}

static int placed(crown_game *g, const char *t, int row, int x)
{
    int c = id(t);
    return gn_has(&st(g)->gn, c) && st(g)->gn.row[c] == row && st(g)->gn.x[c] == x;
}

static int nlegal(crown_game *g)
{
    crown_move m[4096];
    size_t n;
    OK(crown_legal_moves(g, m, 4096, &n));
    return (int)n;
}

static int has_text(crown_game *g, const char *needle)
{
    char *o = observe(g, 0);
    int r = strstr(o, needle) != NULL;
    free(o);
    return r;
}

/* ---- 1.5 setup -------------------------------------------------------- */

START_TEST(ruling_setup_seven_cards_and_a_character_founder)
{
    static const char *const hand[7] = {"assassination", "B1m", "B2m", "B3m", "B4m", "B6m",
                                        "B7m"};
    crown_game *g = game("");
    for (int i = 0; i < 7; i++) {
        ck_assert_int_eq(current(g), CROWN_CHANCE);
        ck_assert_int_eq(st(g)->phase, KF_DEAL);
        step(g, "deal", hand[i]);
    }
    ck_assert_int_eq(hand_size(g), 7);
    /* The founder is a Character: Events are never turned up for it. */
    ck_assert_int_eq(st(g)->phase, KF_FOUND);
    ck_assert(!can_play(g, "found exile"));
    ck_assert(can_play(g, "found R5f"));
    /* 75 cards left, 66 of them Characters, one outcome per face. */
    ck_assert_int_eq(nlegal(g), 66);
    step(g, "found", "R5f");
    ck_assert(placed(g, "R5f", 0, 0));
    ck_assert_int_eq(current(g), 0);
    crown_free(g);
}
END_TEST

START_TEST(ruling_a_deck_the_deal_uses_up_ends_at_once)
{
    /* Two cards: both dealt, no founder, the game is over at once (it is
     * one game: nothing is dealt again), in both chance modes. */
    crown_game *g = game_with_deck("B1m B1f");
    step(g, "deal", "B1m");
    step(g, "deal", "B1f");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->over, KF_END_NO_FOUNDER);
    double r;
    size_t n;
    OK(crown_returns(g, &r, 1, &n));
    ck_assert_double_eq(r, 10); /* the pile ran out */
    crown_free(g);
    g = new_game("kings_family", "deck=B1m B1f", 1);
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    crown_free(g);
    /* Only Events left after the deal: the same. */
    g = game_with_deck("B1m exile exile exile exile exile exile exile");
    for (int i = 0; i < 7; i++)
        step(g, "deal", i ? "exile" : "B1m");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->over, KF_END_NO_FOUNDER);
    crown_free(g);
}
END_TEST

/* ---- 1.3 plays -------------------------------------------------------- */

START_TEST(ruling_play_matches_colour_or_number)
{
    crown_game *g = game("");
    start(g, "B5f Y3f R7m G1m R1f Y9m G2m", "B3m");
    ck_assert(can_play(g, "play B5f right of B3m"));  /* colour */
    ck_assert(can_play(g, "play Y3f left of B3m"));   /* number */
    ck_assert(!can_play(g, "play R7m right of B3m")); /* neither */
    ck_assert(!can_play(g, "play G1m left of B3m"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_marriage_same_colour_different_gender)
{
    crown_game *g = game("");
    start(g, "B5f B6m Y3f R7m G1m R1f Y9m", "B3m");
    play(g, "play B6m right of B3m"); /* same gender: no Marriage */
    ck_assert_int_eq(current(g), 0);
    play(g, "play Y3f left of B3m"); /* another colour: no Marriage */
    ck_assert_int_eq(current(g), 0);
    crown_free(g);
    g = game("");
    start(g, "B5f B6m Y3f R7m G1m R1f Y9m", "B3m");
    play(g, "play B5f right of B3m");
    ck_assert_int_eq(st(g)->phase, KF_MARRIAGE);
    ck_assert(can_play(g, "marriage G4f"));
    play(g, "marriage G4f");
    /* The child lies half-way below the parents. */
    ck_assert(placed(g, "G4f", 1, 1));
    ck_assert(!gn_active(&st(g)->gn, id("B3m")));
    ck_assert(gn_active(&st(g)->gn, id("G4f")));
    crown_free(g);
}
END_TEST

START_TEST(ruling_marriage_draws_an_event_that_must_be_played)
{
    crown_game *g = game("");
    start(g, "B5f B6m Y3f R7m G1m R1f Y9m", "B3m");
    play(g, "play B5f right of B3m");
    play(g, "marriage assassination");
    ck_assert_int_eq(st(g)->phase, KF_FORCED);
    ck_assert(gn_set_has(&st(g)->aside, id("assassination")));
    /* Only the forced Event's targets: the two Active cards. */
    ck_assert_int_eq(nlegal(g), 2);
    ck_assert(can_play(g, "assassination on B3m"));
    play(g, "assassination on B3m");
    /* No child; the Assassination's own draw follows. */
    ck_assert_int_eq(st(g)->phase, KF_DRAW);
    play(g, "draw G9m");
    ck_assert(in_hand(g, "G9m"));
    ck_assert(gn_set_has(&st(g)->discards, id("assassination")));
    ck_assert(gn_set_has(&st(g)->discards, id("B3m")));
    ck_assert_int_eq(gn_count(&st(g)->gn), 1);
    crown_free(g);
}
END_TEST

START_TEST(ruling_marriage_with_no_card_to_draw_has_no_child)
{
    crown_game *g = game("");
    setup(g, "B5f B9m", "B3m@0,0", "");
    play(g, "play B5f right of B3m");
    ck_assert_int_eq(gn_count(&st(g)->gn), 2);
    ck_assert_int_eq(current(g), 0);
    crown_free(g);
}
END_TEST

START_TEST(ruling_forced_event_without_target_is_discarded)
{
    /* A deck with three Enthronements.  Every Active card already has one
     * when the third is drawn at a Marriage: it has no target and goes to
     * the discards. */
    crown_game *g = game_with_deck("B3m B5f G2m R9m enthronement enthronement enthronement");
    setup(g, "B5f R9m", "B3m@0,0 enthronement>B3m G2m@0,6 enthronement>G2m", "enthronement");
    /* B5f between them touches B3m only, and closes both gaps: not Active. */
    play(g, "play B5f right of B3m");
    play(g, "marriage enthronement");
    ck_assert(gn_set_has(&st(g)->discards, idk("enthronement", 2)));
    ck_assert(gn_set_empty(&st(g)->aside));
    /* R9m matches nothing and nothing can be drawn: the game is over. */
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->over, KF_END_STUCK);
    crown_free(g);
}
END_TEST

START_TEST(ruling_play_on_the_child_after_a_birth)
{
    crown_game *g = game("");
    start(g, "B5f G6m G4m R7m G1m R1f Y9m", "B3m");
    play(g, "play B5f right of B3m");
    play(g, "marriage G4f");
    /* Any legal play may follow; on the child too, and it may marry again. */
    ck_assert(can_play(g, "play G6m right of G4f"));
    play(g, "play G6m right of G4f");
    ck_assert_int_eq(st(g)->phase, KF_MARRIAGE);
    crown_free(g);
}
END_TEST

START_TEST(ruling_siblings)
{
    crown_game *g = game("");
    start(g, "B5f G4m Y4m R4f R4m G1m Y9m", "B3m");
    play(g, "play B5f right of B3m");
    play(g, "marriage G4f");
    /* A card of the child's number beside it is a sibling, either side
     * first; it never marries (G4m beside G4f would). */
    ck_assert(can_play(g, "sibling G4m right"));
    ck_assert(can_play(g, "sibling Y4m left"));
    ck_assert(!can_play(g, "play G4m right of G4f"));
    play(g, "sibling G4m right");
    ck_assert(placed(g, "G4m", 1, 3));
    ck_assert_int_eq(current(g), 0);
    /* Then only on that side, each beside the previous. */
    ck_assert(can_play(g, "sibling Y4m right"));
    ck_assert(!can_play(g, "sibling Y4m left"));
    play(g, "sibling Y4m right");
    ck_assert(placed(g, "Y4m", 1, 5));
    /* A card of the child's number on the other side is an ordinary play and
     * ends the run. */
    ck_assert(can_play(g, "play R4f left of G4f"));
    play(g, "play R4f left of G4f");
    ck_assert_int_eq(st(g)->run_child, KF_NONE);
    ck_assert(!can_play(g, "sibling R4m right"));
    sound(g);
    crown_free(g);
}
END_TEST

START_TEST(ruling_only_the_last_siblings_effect_counts)
{
    /* Child 2: siblings B2f-skip then Y2m; at the end only Y2m (no effect). */
    crown_game *g = game("");
    setup(g, "B5f B2f-skip Y2m R9m G9f", "B3m@0,0", "rest");
    play(g, "play B5f right of B3m");
    play(g, "marriage G2m");
    play(g, "sibling B2f-skip right");
    ck_assert_int_eq(current(g), 0); /* the Skip waits: another sibling may follow */
    ck_assert_int_eq(st(g)->run_pending, KB_SKIP);
    play(g, "sibling Y2m right");
    /* No further sibling: the run ends at once with Y2m's (no) effect. */
    ck_assert_int_eq(st(g)->run_child, KF_NONE);
    ck_assert_int_eq(current(g), 0);
    ck_assert_int_eq(hand_size(g), 2);
    crown_free(g);

    /* The last sibling a Skip, no further sibling: its draw comes at once. */
    g = game("");
    setup(g, "B5f B2f-skip R9m", "B3m@0,0", "rest");
    play(g, "play B5f right of B3m");
    play(g, "marriage G2m");
    play(g, "sibling B2f-skip left");
    ck_assert_int_eq(st(g)->phase, KF_DRAW);
    play(g, "draw R8m");
    ck_assert(in_hand(g, "R8m"));
    crown_free(g);

    /* A further sibling possible: the Skip's draw comes just before the next
     * (non-sibling) move. */
    g = game("");
    setup(g, "B5f B2f-skip Y2m R9m G9f", "B3m@0,0", "rest");
    play(g, "play B5f right of B3m");
    play(g, "marriage G2m");
    play(g, "sibling B2f-skip left");
    ck_assert_int_eq(current(g), 0);
    play(g, "play G9f right of G2m");
    ck_assert_int_eq(st(g)->phase, KF_DRAW); /* the Skip's draw first */
    ck_assert(!placed(g, "G9f", 1, 3));
    play(g, "draw R8m");
    ck_assert(placed(g, "G9f", 1, 3));
    crown_free(g);
}
END_TEST

START_TEST(ruling_option_every_siblings_effect)
{
    crown_game *g = game("sibling_effects=every");
    setup(g, "B5f B2f-skip Y2m R9m", "B3m@0,0", "rest");
    play(g, "play B5f right of B3m");
    play(g, "marriage G2m");
    play(g, "sibling B2f-skip right");
    ck_assert_int_eq(st(g)->phase, KF_DRAW); /* at once */
    play(g, "draw R8m");
    ck_assert_int_eq(current(g), 0);
    crown_free(g);
}
END_TEST

START_TEST(ruling_a_drawn_child_is_not_played)
{
    crown_game *g = game("");
    setup(g, "B5f R9m G6m", "B3m@0,0", "rest");
    play(g, "play B5f right of B3m");
    play(g, "marriage G8f-draw3");
    /* The child's Draw 3 does nothing. */
    ck_assert_int_eq(current(g), 0);
    ck_assert_int_eq(hand_size(g), 2);
    crown_free(g);
}
END_TEST

/* ---- 1.3 / 1.5 events ------------------------------------------------- */

START_TEST(ruling_assassination_discards_and_draws_one)
{
    crown_game *g = game("");
    setup(g, "assassination B9m", "B3m@0,0 B6m@0,2 enthronement>B6m", "rest");
    ck_assert(can_play(g, "assassination on B6m"));
    play(g, "assassination on B6m");
    ck_assert(gn_set_has(&st(g)->discards, id("B6m")));
    ck_assert(gn_set_has(&st(g)->discards, id("enthronement"))); /* with its attachment */
    ck_assert_int_eq(st(g)->phase, KF_DRAW);
    play(g, "draw Y1m");
    ck_assert(in_hand(g, "Y1m"));
    ck_assert(gn_set_has(&st(g)->discards, id("assassination")));
    ck_assert_int_eq(current(g), 0);
    crown_free(g);
}
END_TEST

START_TEST(ruling_exile_discards_and_draws_two)
{
    crown_game *g = game("");
    setup(g, "exile B9m", "B3m@0,0 B6m@0,2", "rest");
    play(g, "exile on B3m");
    ck_assert(gn_set_has(&st(g)->discards, id("B3m")));
    play(g, "draw Y1m");
    play(g, "draw Y2m");
    ck_assert(in_hand(g, "Y1m") && in_hand(g, "Y2m"));
    ck_assert_int_eq(current(g), 0);
    crown_free(g);
}
END_TEST

START_TEST(ruling_new_connection)
{
    crown_game *g = game("");
    /* B3m B6m touch; R7f stands apart.  Lift B6m, place it beside R7f: no
     * matching needed; not back where it was. */
    setup(g, "new-connection B9m", "B3m@0,0 B6m@0,2 R7f@0,8", "rest");
    play(g, "new-connection on B6m");
    ck_assert_int_eq(st(g)->phase, KF_PLACE);
    ck_assert(!can_play(g, "place right of B3m")); /* the spot it left */
    ck_assert(can_play(g, "place left of B3m"));
    ck_assert(can_play(g, "place right of R7f"));
    play(g, "place right of R7f");
    ck_assert(placed(g, "B6m", 0, 10));
    ck_assert(gn_set_has(&st(g)->discards, id("new-connection")));
    ck_assert_int_eq(current(g), 0);
    crown_free(g);
}
END_TEST

START_TEST(ruling_new_connection_marriage_and_no_ability)
{
    crown_game *g = game("");
    /* Moving R8f-draw3 beside R7m: its Draw 3 is not triggered; it marries. */
    setup(g, "new-connection Y9m", "B3m@0,0 R8f-draw3@0,2 R7m@0,8", "rest");
    play(g, "new-connection on R8f-draw3");
    play(g, "place right of R7m");
    ck_assert_int_eq(st(g)->phase, KF_MARRIAGE);
    /* The New Connection is still being resolved: not among the discards. */
    ck_assert(gn_set_has(&st(g)->aside, id("new-connection")));
    play(g, "marriage G1f");
    ck_assert(placed(g, "G1f", 1, 9));
    ck_assert(gn_set_has(&st(g)->discards, id("new-connection")));
    ck_assert_int_eq(hand_size(g), 1);
    crown_free(g);
}
END_TEST

START_TEST(ruling_enthronement_discards_rows_above)
{
    crown_game *g = game("");
    setup(g, "enthronement Y9m", "B3m@0,0 B5f@0,2 G4m@1,1 G6f@1,3 Y1m@2,0", "rest");
    ck_assert(can_play(g, "enthronement on G6f"));
    play(g, "enthronement on G6f");
    ck_assert(gn_set_has(&st(g)->discards, id("B3m")));
    ck_assert(gn_set_has(&st(g)->discards, id("B5f")));
    /* Its own row and the rows below stay, renumbered from 0. */
    ck_assert(gn_has(&st(g)->gn, id("G4m")));
    ck_assert_int_eq(st(g)->gn.row[id("G6f")], 0);
    ck_assert_int_eq(st(g)->gn.row[id("Y1m")], 1);
    ck_assert(gn_set_has(&st(g)->gn.attached, id("enthronement")));
    sound(g);
    crown_free(g);
}
END_TEST

START_TEST(ruling_no_second_enthronement_on_a_card)
{
    crown_game *g = game("");
    setup(g, "enthronement Y9m", "B3m@0,0 enthronement>B3m R6m@0,6", "rest");
    ck_assert(!can_play(g, "enthronement on B3m"));
    ck_assert(can_play(g, "enthronement on R6m"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_empty_genealogy_restarts)
{
    crown_game *g = game("");
    setup(g, "assassination Y9m", "B3m@0,0", "rest");
    play(g, "assassination on B3m");
    /* At once, before the Assassination's draw: turn up cards; Events
     * turned up are discarded. */
    ck_assert_int_eq(st(g)->phase, KF_RESTART);
    play(g, "turn exile");
    ck_assert(gn_set_has(&st(g)->discards, id("exile")));
    ck_assert_int_eq(st(g)->phase, KF_RESTART);
    play(g, "turn R2m");
    ck_assert(placed(g, "R2m", 0, 0));
    ck_assert_int_eq(st(g)->phase, KF_DRAW); /* then the Assassination's draw */
    crown_free(g);
}
END_TEST

/* ---- 1.5 the solitaire ------------------------------------------------ */

START_TEST(ruling_effects_draw_cards)
{
    /* Each played beside a card of its number in another colour (no
     * Marriage): Skip draws 1, Reverse 2, Draw 3 three. */
    const char *cards[][2] = {{"B2f-skip", "Y2m"}, {"B5m-reverse", "Y5f"}, {"B8f-draw3", "Y8m"}};
    const char *draw_texts[] = {"draw G1m", "draw G1f", "draw G3m"};
    for (int k = 0; k < 3; k++) {
        crown_game *g = game("");
        char hand[64], gen[64], mv[64];
        snprintf(hand, sizeof hand, "%s B9m", cards[k][0]);
        snprintf(gen, sizeof gen, "%s@0,0", cards[k][1]);
        setup(g, hand, gen, "rest");
        snprintf(mv, sizeof mv, "play %s right of %s", cards[k][0], cards[k][1]);
        play(g, mv);
        for (int i = 0; i <= k; i++) {
            ck_assert_int_eq(st(g)->phase, KF_DRAW);
            play(g, draw_texts[i]);
        }
        ck_assert_int_eq(st(g)->phase, KF_PLAY);
        ck_assert_int_eq(hand_size(g), 2 + k);
        crown_free(g);
    }
}
END_TEST

START_TEST(ruling_effect_before_marriage)
{
    crown_game *g = game("");
    setup(g, "B2f-skip R9m", "B3m@0,0", "rest");
    play(g, "play B2f-skip right of B3m");
    ck_assert_int_eq(st(g)->phase, KF_DRAW); /* the Skip's card first */
    play(g, "draw Y1m");
    ck_assert_int_eq(st(g)->phase, KF_MARRIAGE); /* then the Marriage */
    play(g, "marriage G4f");
    ck_assert(in_hand(g, "Y1m"));
    ck_assert(placed(g, "G4f", 1, 1));
    crown_free(g);
}
END_TEST

START_TEST(ruling_must_play)
{
    crown_game *g = game("");
    setup(g, "assassination R9m", "B3m@0,0", "rest");
    /* Only an Event is playable: it must be played, no draw. */
    ck_assert(!can_play(g, "draw"));
    ck_assert_int_eq(nlegal(g), 1);
    crown_free(g);
}
END_TEST

START_TEST(ruling_option_events_optional)
{
    crown_game *g = game("events=optional");
    setup(g, "assassination R9m", "B3m@0,0", "rest");
    ck_assert(can_play(g, "draw"));
    play(g, "draw");
    ck_assert_int_eq(st(g)->phase, KF_DRAW);
    play(g, "draw R8m");
    ck_assert_int_eq(current(g), 0);
    crown_free(g);
    /* With a Character to play, drawing is not offered. */
    g = game("events=optional");
    setup(g, "assassination B9m", "B3m@0,0", "rest");
    ck_assert(!can_play(g, "draw"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_draw_until_playable)
{
    crown_game *g = game("");
    setup(g, "B5f R9m", "B3m@0,0", "rest");
    play(g, "play B5f right of B3m");
    play(g, "marriage Y7m"); /* child Y7m; R9m matches nothing */
    ck_assert_int_eq(st(g)->phase, KF_DRAW);
    play(g, "draw R8m"); /* not playable: draw again */
    ck_assert_int_eq(st(g)->phase, KF_DRAW);
    play(g, "draw G7f"); /* playable (7) */
    ck_assert_int_eq(current(g), 0);
    ck_assert_int_eq(hand_size(g), 3);
    crown_free(g);
}
END_TEST

START_TEST(ruling_hand_limit_ten)
{
    /* Nine cards and a Draw 3 played: after it leaves, one draw to 10, the
     * other two skipped. */
    crown_game *g = game("");
    setup(g, "B8f-draw3 R9m R8m R7m R6m R4m R3m R1m Y9m Y8m", "B3m@0,0", "rest");
    ck_assert_int_eq(hand_size(g), 10);
    play(g, "play B8f-draw3 right of B3m");
    ck_assert_int_eq(st(g)->phase, KF_DRAW);
    play(g, "draw G1m");
    ck_assert_int_eq(hand_size(g), 10);
    ck_assert(st(g)->phase != KF_DRAW);
    crown_free(g);
    /* Ten cards, none playable: the game is over. */
    g = game("");
    setup(g, "B5f R9m R8m R7m R6m R4m R2m R1m Y9m Y8m", "B3m@0,0", "rest");
    play(g, "play B5f right of B3m");
    play(g, "marriage G3m"); /* nothing in hand matches G3m */
    ck_assert_int_eq(st(g)->phase, KF_DRAW); /* nine in hand: draw */
    play(g, "draw Y1m");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->over, KF_END_FULL_HAND);
    crown_free(g);
}
END_TEST

/* Row 0 with nine cards at one-card gaps: only its ends are open. */
#define NINE "G1m@0,0 G2m@0,4 G3m@0,8 G4m@0,12 G6m@0,16 G7m@0,20 G8m@0,24 G9m@0,28 Y4m@0,32"

START_TEST(ruling_row_limit_ten)
{
    crown_game *g = game("");
    setup(g, "Y6m Y1f B6m", NINE " Y6f@0,36 B3m@2,0", "rest");
    /* Row 0 holds 10: Y1f may go beside neither end. */
    ck_assert(!can_play(g, "play Y1f right of Y6f"));
    ck_assert(!can_play(g, "play Y1f left of G1m"));
    ck_assert(can_play(g, "play B6m right of B3m")); /* another row */
    crown_free(g);
}
END_TEST

/* RULINGS 1.5: the row limit holds for a card a New Connection moves too;
 * a card whose every spot is in a full row cannot be lifted. */
START_TEST(ruling_row_limit_holds_for_a_new_connection)
{
    crown_game *g = game("");
    setup(g, "new-connection R9m", NINE " Y6f@0,36 B3m@1,41", "rest");
    /* B3m could go only beside G1m or Y6f, into row 0, which holds 10. */
    ck_assert(!can_play(g, "new-connection on B3m"));
    /* Y6f may move within its own row: the row keeps 10 cards. */
    ck_assert(can_play(g, "new-connection on Y6f"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_row_limit_ends_the_game)
{
    crown_game *g = game("");
    setup(g, "Y6m Y1f", NINE, "rest");
    ck_assert(can_play(g, "play Y1f left of G1m"));
    play(g, "play Y6m right of Y4m"); /* the tenth card of row 0 */
    /* Every play left would put an 11th card in row 0: the game ends. */
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->over, KF_END_ROW_LIMIT);
    crown_free(g);
}
END_TEST

START_TEST(ruling_row_limit_counts_the_child)
{
    crown_game *g = game("");
    /* Row 1 holds 10 cards; a Marriage in row 0 would put its child there. */
    setup(g, "B5f B6m",
          "B3m@0,0 G1m@1,5 G2m@1,9 G3m@1,13 G4m@1,17 G6m@1,21 G7m@1,25 G8m@1,29 G9m@1,33 "
          "R1m@1,37 R2m@1,41",
          "rest");
    ck_assert(!can_play(g, "play B5f left of B3m"));  /* marries: child in the full row */
    ck_assert(can_play(g, "play B6m left of B3m"));   /* no Marriage */
    crown_free(g);
    /* With no card to draw there is no child, and the play is allowed. */
    g = game("");
    setup(g, "B5f B6m",
          "B3m@0,0 G1m@1,5 G2m@1,9 G3m@1,13 G4m@1,17 G6m@1,21 G7m@1,25 G8m@1,29 G9m@1,33 "
          "R1m@1,37 R2m@1,41",
          "");
    ck_assert(can_play(g, "play B5f left of B3m"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_pile_runs_out_scores_and_reshuffles)
{
    crown_game *g = game("");
    /* One card in the pile, 21 or more in the discards. */
    setup(g, "B2f-skip R9m", "B3m@0,0", "Y1m");
    ck_assert_int_gt(gn_set_count(&st(g)->discards), 20);
    int discards = gn_set_count(&st(g)->discards);
    play(g, "play B2f-skip left of B3m");
    play(g, "draw Y1m");
    ck_assert_int_eq(st(g)->exhausted, 1);
    ck_assert_int_eq(gn_set_count(&st(g)->pile), discards);
    ck_assert(gn_set_empty(&st(g)->discards));
    ck_assert(!st(g)->dead);
    crown_free(g);
}
END_TEST

START_TEST(ruling_twenty_discards_or_fewer_no_more_draws)
{
    /* A 24-card deck: with 4 cards in play, 20 in the discards. */
    crown_game *g = game_with_deck(
        "B3m B2f-skip R9m Y1m G1m G1f G2m G3m G3f G4m G4f G5f G6m G6f G7m G7f G8m G9m G9f "
        "R1m R1f R2m R3m R3f");
    setup(g, "B2f-skip R9m", "B3m@0,0", "Y1m");
    ck_assert_int_eq(gn_set_count(&st(g)->discards), 20);
    play(g, "play B2f-skip left of B3m");
    play(g, "draw Y1m");
    ck_assert_int_eq(st(g)->exhausted, 1);
    ck_assert(st(g)->dead);
    ck_assert(gn_set_empty(&st(g)->pile));
    ck_assert_int_eq(gn_set_count(&st(g)->discards), 20);
    /* The Marriage of B2f and B3m draws nothing: no child. */
    ck_assert_int_eq(gn_count(&st(g)->gn), 2);
    ck_assert(has_text(g, "pile: 0 cards, never drawn again"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_game_ends_when_the_hand_is_empty)
{
    crown_game *g = game("");
    setup(g, "B6m", "B3m@0,0", "rest");
    play(g, "play B6m right of B3m");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->over, KF_END_HAND_EMPTY);
    crown_free(g);
    /* ... but not while a drawn Event must still be played. */
    g = game("");
    setup(g, "B5f", "B3m@0,0", "rest");
    play(g, "play B5f right of B3m");
    play(g, "marriage exile");
    ck_assert_int_eq(st(g)->phase, KF_FORCED);
    crown_free(g);
}
END_TEST

START_TEST(ruling_game_ends_with_no_play_and_no_draw)
{
    crown_game *g = game("");
    setup(g, "B6m R9m", "B3m@0,0", "");
    play(g, "play B6m right of B3m");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->over, KF_END_STUCK);
    crown_free(g);
}
END_TEST

START_TEST(ruling_score_and_rating)
{
    crown_game *g = game("");
    setup(g, "R9m", "B3m@0,0 B5f@0,2 G4m@1,1 G6f@1,3 Y1m@2,2", "rest");
    kf_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.deck = D;
    ck_assert_int_eq(kf_score(&cfg, st(g)), 3);
    gn_attach(&st(g)->gn, id("enthronement"), id("G6f"));
    ck_assert_int_eq(kf_score(&cfg, st(g)), 1 + 2 + 2); /* row 1 and below count twice */
    st(g)->exhausted = 2;
    ck_assert_int_eq(kf_score(&cfg, st(g)), 25);
    ck_assert(has_text(g, "score: 25 (Good effort!)"));
    ck_assert_str_eq(kf_rating(0), "Work harder");
    ck_assert_str_eq(kf_rating(10), "Work harder");
    ck_assert_str_eq(kf_rating(11), "So-so");
    ck_assert_str_eq(kf_rating(20), "So-so");
    ck_assert_str_eq(kf_rating(21), "Good effort!");
    ck_assert_str_eq(kf_rating(30), "Good effort!");
    ck_assert_str_eq(kf_rating(31), "You are promising!");
    ck_assert_str_eq(kf_rating(50), "You are promising!");
    ck_assert_str_eq(kf_rating(51), "Incredible!");
    double r[1];
    size_t n;
    OK(crown_scores(g, r, 1, &n));
    ck_assert_double_eq(r[0], 25);
    crown_free(g);
}
END_TEST


START_TEST(ruling_row_limit_counts_siblings)
{
    crown_game *g = game("");
    /* Row 1 will hold 9 cards and the newborn: no room for a sibling. */
    setup(g, "B5f Y4m",
          "B3m@0,0 G1m@1,7 G2m@1,11 G3m@1,15 G5m-reverse@1,19 G6m@1,23 G7m@1,27 G8m@1,31 "
          "G9m@1,35 R1m@1,39",
          "rest");
    play(g, "play B5f right of B3m");
    play(g, "marriage G4f"); /* the tenth card of row 1 */
    ck_assert(!can_play(g, "sibling Y4m right"));
    ck_assert(!can_play(g, "sibling Y4m left"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_forced_new_connection_may_marry_again)
{
    crown_game *g = game("");
    setup(g, "B5f B9m", "B3m@0,0 R7m@0,8 R4f@0,14", "new-connection G1f G2m");
    play(g, "play B5f right of B3m");
    play(g, "marriage new-connection");
    ck_assert_int_eq(st(g)->phase, KF_FORCED);
    play(g, "new-connection on R4f");
    play(g, "place right of R7m"); /* red female beside red male: a Marriage */
    ck_assert_int_eq(st(g)->phase, KF_MARRIAGE);
    play(g, "marriage G2m");
    ck_assert(placed(g, "G2m", 1, 9));
    ck_assert(gn_set_has(&st(g)->discards, id("new-connection")));
    crown_free(g);
}
END_TEST

START_TEST(ruling_event_being_resolved_is_not_reshuffled)
{
    crown_game *g = game("");
    /* The New Connection's Marriage takes the last card of the pile: the
     * discards are reshuffled without the New Connection, which is
     * discarded afterwards. */
    setup(g, "new-connection B9m", "B3m@0,0 R8f-draw3@0,2 R7m@0,8", "G1f");
    play(g, "new-connection on R8f-draw3");
    play(g, "place right of R7m");
    play(g, "marriage G1f");
    ck_assert_int_eq(st(g)->exhausted, 1);
    ck_assert(!gn_set_has(&st(g)->pile, id("new-connection")));
    ck_assert(gn_set_has(&st(g)->discards, id("new-connection")));
    ck_assert_int_eq(gn_set_count(&st(g)->discards), 1);
    sound(g);
    crown_free(g);
}
END_TEST

START_TEST(decision_deck_option)
{
    crown_game *g = NULL;
    char err[256];
    ck_assert_int_eq(crown_new_ex(&g, "kings_family", "deck=B1m B1x", 1, err, sizeof err),
                     CROWN_EOPTION);
    ck_assert_msg(strstr(err, "deck: card 2, 'B1x', is not a card"), "%s", err);
    ck_assert_int_eq(crown_new_ex(&g, "kings_family", "deck=exile", 1, err, sizeof err),
                     CROWN_EOPTION);
    ck_assert_msg(strstr(err, "no character"), "%s", err);
    /* The canonical game string writes the list in one form. */
    g = new_game("kings_family", "deck=  B1m   B1f G1m ", 1);
    char gs[512];
    size_t len;
    OK(crown_game_string(g, gs, sizeof gs, &len));
    ck_assert_str_eq(gs, "kings_family:deck=B1m B1f G1m,sibling_effects=last,events=must,"
                         "max_moves=10000,chance=auto");
    crown_free(g);
    g = new_game("kings_family", "", 1);
    OK(crown_game_string(g, gs, sizeof gs, &len));
    ck_assert_str_eq(gs, "kings_family:deck=default,sibling_effects=last,events=must,"
                         "max_moves=10000,chance=auto");
    crown_free(g);
}
END_TEST

START_TEST(observation_draws_the_genealogy)
{
    crown_game *g = game("");
    setup(g, "R9m assassination", "B3m@0,0 B5f@0,2 G4m@1,1", "rest");
    char *o = observe(g, 0);
    ck_assert_msg(strstr(o, "\n  row 0: B3m@0 B5f@2\n  row 1: G4m@1*\n"), "%s", o);
    ck_assert_msg(strstr(o, "hand (2): R9m assassination\n"), "%s", o);
    ck_assert_msg(strstr(o, "generations: 2\n"), "%s", o);
    free(o);
    crown_free(g);
}
END_TEST

/* ---- issue 6: what the independent model found ------------------------ */

/* Is a move of the given kind, card face and target among the legal ones? */
static int legal_play_of(crown_game *g, int number, int target, int side)
{
    crown_move m[4096];
    size_t n;
    OK(crown_legal_moves(g, m, 4096, &n));
    for (size_t i = 0; i < n; i++)
        if (KF_KIND(m[i]) == CROWN_KB_K_PLAY && D.card[KF_CARD(m[i])].number == number &&
            KF_TARGET(m[i]) == target && KF_SIDE(m[i]) == side)
            return 1;
    return 0;
}

START_TEST(ruling_siblings_next_spot_is_only_a_sibling)
{
    /* RULINGS 1.3: after the first sibling, a card of the child's number
     * beside the last sibling, on the run's side, is the next sibling and
     * nothing else (it never marries). */
    crown_game *g = game("");
    start(g, "B5f G4m Y4m R4f G1m Y9m R1f", "B3m");
    play(g, "play B5f right of B3m");
    play(g, "marriage G4f");
    /* Right after the birth: both sides of the child are sibling spots. */
    ck_assert(!legal_play_of(g, 4, id("G4f"), 1));
    ck_assert(!legal_play_of(g, 4, id("G4f"), -1));
    play(g, "sibling G4m right");
    /* Beside the last sibling on the run's side: only as a sibling. */
    ck_assert(can_play(g, "sibling Y4m right"));
    ck_assert(can_play(g, "sibling R4f right"));
    ck_assert(!can_play(g, "play Y4m right of G4m"));
    ck_assert(!can_play(g, "play R4f right of G4m"));
    ck_assert(!legal_play_of(g, 4, id("G4m"), 1));
    /* Another number there is an ordinary play (it ends the run). */
    ck_assert(can_play(g, "play G1m right of G4m"));
    /* The child's number on the other side of the child is ordinary. */
    ck_assert(can_play(g, "play R4f left of G4f"));
    play(g, "sibling R4f right");
    ck_assert(placed(g, "R4f", 1, 5));
    /* A sibling never marries: R4f beside G4m (another colour anyway) and
     * the run goes on with no chance node. */
    ck_assert_int_eq(current(g), 0);
    ck_assert(!legal_play_of(g, 4, id("R4f"), 1));
    ck_assert(can_play(g, "sibling Y4m right"));
    play(g, "sibling Y4m right");
    ck_assert_int_eq(current(g), 0);
    ck_assert_int_eq(gn_count(&st(g)->gn), 6);
    sound(g);
    crown_free(g);

    /* A sibling the same colour and the other gender as the last one: no
     * Marriage, whatever spot it reaches. */
    g = game("");
    start(g, "B5f R4m R4f Y9m R1f Y1m G6m", "B3m");
    play(g, "play B5f right of B3m");
    play(g, "marriage G4m");
    play(g, "sibling R4m left");
    ck_assert(!can_play(g, "play R4f left of R4m"));
    play(g, "sibling R4f left");
    ck_assert_int_eq(current(g), 0);
    ck_assert(placed(g, "R4f", 1, -3));
    sound(g);
    crown_free(g);
}
END_TEST

START_TEST(ruling_event_reaches_the_discards_when_the_game_ends)
{
    /* RULINGS 1.3: a played Event goes to the discards when everything it
     * caused is resolved; the end of the game resolves everything.  The
     * Exile empties the Genealogy; nothing can restart it (the pile is
     * empty and never drawn again): the game ends at once. */
    crown_game *g = game("");
    setup(g, "exile R9m", "B3m@0,0", "");
    ck_assert(st(g)->dead);
    play(g, "exile on B3m");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->over, KF_END_NO_FOUNDER);
    ck_assert(gn_set_has(&st(g)->discards, id("exile")));
    ck_assert(gn_set_empty(&st(g)->aside));
    ck_assert_int_eq(st(g)->nwork, 0);
    ck_assert(!has_text(g, "being resolved"));
    sound(g);
    crown_free(g);

    /* The Exile's draws are cut short: restarting turns up the last card of
     * the pile, an Event, and with 20 discards or fewer nothing is drawn
     * again. */
    g = game_with_deck("B3m R9m G1m exile assassination");
    setup(g, "exile R9m", "B3m@0,0", "assassination");
    play(g, "exile on B3m");
    ck_assert_int_eq(st(g)->phase, KF_RESTART);
    play(g, "turn assassination");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->over, KF_END_NO_FOUNDER);
    ck_assert(gn_set_has(&st(g)->discards, id("exile")));
    ck_assert(gn_set_empty(&st(g)->aside));
    sound(g);
    crown_free(g);
}
END_TEST

START_TEST(ruling_long_chain_of_new_connections)
{
    /* Every Marriage draws a New Connection that must be played, and every
     * New Connection forms another Marriage: 117 nested Events, each
     * reaching the discards only when the chain is over.  No rule work may
     * be dropped. */
    char list[2400] = "B3m B5f R9m";
    for (int i = 0; i < 117; i++)
        strcat(list, " new-connection");
    crown_game *g = game_with_deck(list);
    ck_assert_int_eq(D.n, 120);
    setup(g, "new-connection R9m", "B3m@0,0 B5f@0,2", "rest");
    play(g, "new-connection on B5f");
    play(g, "place left of B3m");
    for (int k = 0; k < 116; k++) {
        ck_assert_msg(st(g)->phase == KF_MARRIAGE, "Marriage %d draws nothing", k + 1);
        play(g, "marriage new-connection");
        ck_assert_int_eq(st(g)->phase, KF_FORCED);
        play(g, "new-connection on B5f");
        play(g, k % 2 ? "place left of B3m" : "place right of B3m");
        sound(g);
    }
    /* The pile is empty: the last Marriage draws nothing, and every New
     * Connection reaches the discards. */
    ck_assert(gn_set_empty(&st(g)->pile));
    ck_assert_int_eq(st(g)->exhausted, 1);
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(gn_set_count(&st(g)->discards), 117);
    ck_assert(gn_set_empty(&st(g)->aside));
    sound(g);
    /* Undo walks back through every level. */
    while (crown_undo(g) == CROWN_OK)
        sound(g);
    crown_free(g);
}
END_TEST

START_TEST(ruling_exhausted_piles_never_wrap)
{
    /* A deck of Exiles and two Characters: the pile runs out again and
     * again.  The count of exhausted piles (10 points each) only grows; a
     * move limit ends the game. */
    char list[2400] = "B1m B1f";
    for (int i = 0; i < 38; i++)
        strcat(list, " exile");
    char opts[2600];
    snprintf(opts, sizeof opts, "deck=%s,max_moves=1000", list);
    crown_game *g = new_game("kings_family", opts, 3);
    crown_move m[4096];
    size_t n;
    uint32_t last = 0;
    trng r = {11};
    while (!terminal(g)) {
        OK(crown_legal_moves(g, m, 4096, &n));
        OK(crown_apply(g, m[trng_below(&r, n)]));
        const kf_state *s = crown_internal_state(g);
        ck_assert_uint_ge(s->exhausted, last);
        last = s->exhausted;
    }
    const kf_state *s = crown_internal_state(g);
    ck_assert_int_eq(s->over, KF_END_MOVE_LIMIT);
    ck_assert_uint_gt(s->exhausted, 255);
    double score[1];
    OK(crown_scores(g, score, 1, &n));
    ck_assert_double_ge(score[0], 10.0 * s->exhausted);
    crown_free(g);

    /* Saturation, not wrap, at the counter's end. */
    g = game("");
    setup(g, "B2f-skip R9m", "B3m@0,0", "Y1m");
    st(g)->exhausted = UINT32_MAX;
    play(g, "play B2f-skip left of B3m");
    play(g, "draw Y1m");
    ck_assert_uint_eq(st(g)->exhausted, UINT32_MAX);
    kf_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.deck = D;
    ck_assert(kf_score(&cfg, st(g)) == 10 * (int64_t)UINT32_MAX + 1);
    crown_free(g);
}
END_TEST

START_TEST(decision_max_moves_ends_the_game)
{
    crown_game *g = game("max_moves=2");
    setup(g, "B6m Y3f R7m G1m", "B3m@0,0", "rest");
    play(g, "play B6m right of B3m");
    ck_assert_int_eq(current(g), 0);
    play(g, "play Y3f left of B3m");
    /* Two decisions made: the game ends where the player would choose. */
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->over, KF_END_MOVE_LIMIT);
    ck_assert(has_text(g, "game over: the move limit was reached"));
    double r[1];
    size_t n;
    OK(crown_returns(g, r, 1, &n));
    ck_assert_double_eq(r[0], 1); /* one row */
    crown_free(g);

    /* A forced Event caused by the last decision is still played. */
    g = game("max_moves=1");
    setup(g, "B5f R9m", "B3m@0,0", "rest");
    play(g, "play B5f right of B3m");
    play(g, "marriage assassination");
    ck_assert_int_eq(st(g)->phase, KF_FORCED);
    play(g, "assassination on B5f");
    play(g, "draw G9m");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert(gn_set_has(&st(g)->discards, id("assassination")));
    crown_free(g);

    /* By default the limit is 10,000 decisions. */
    g = game("");
    setup(g, "B6m Y3f R7m G1m", "B3m@0,0", "rest");
    st(g)->decisions = 9998;
    play(g, "play B6m right of B3m");
    ck_assert_int_eq(current(g), 0);
    play(g, "play Y3f left of B3m");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->over, KF_END_MOVE_LIMIT);
    crown_free(g);

    crown_game *bad = NULL;
    char err[256];
    ck_assert_int_eq(crown_new_ex(&bad, "kings_family", "max_moves=-1", 1, err, sizeof err),
                     CROWN_EOPTION);
}
END_TEST

/* A long custom deck list: `cards` cards cycling through every character
 * text, separated by `gap` spaces. */
static void long_deck(char *out, size_t cap, int cards, int gap)
{
    static const char *const texts[] = {"new-connection", "R2f-skip", "B5m-reverse",
                                        "G8f-draw3", "assassination", "Y9m"};
    size_t k = 0;
    for (int i = 0; i < cards; i++) {
        const char *t = texts[i % 6];
        for (int j = 0; i && j < gap; j++)
            out[k++] = ' ';
        size_t n = strlen(t);
        ck_assert_uint_lt(k + n, cap);
        memcpy(out + k, t, n);
        k += n;
    }
    out[k] = '\0';
}

START_TEST(decision_resample_keeps_a_custom_deck)
{
    /* The longest deck list, written compactly and with extra spaces (within
     * the options text limit): both are accepted, give one canonical game
     * string, and survive resampling again and again. */
    char deck[4096], opts[4200], gs1[4200], gs2[4200];
    size_t len;
    for (int gap = 1; gap <= 2; gap++) {
        long_deck(deck, sizeof deck, KB_MAX_DECK, gap);
        snprintf(opts, sizeof opts, "deck=%s", deck);
        crown_game *g = new_game("kings_family", opts, 5);
        OK(crown_game_string(g, gap == 1 ? gs1 : gs2, sizeof gs1, &len));
        for (int round = 0; round < 6; round++) {
            crown_game *r = NULL;
            int rc = crown_resample(g, round % 2 ? 0 : CROWN_SPECTATOR, (uint64_t)round, &r);
            ck_assert_msg(rc == CROWN_OK, "resample %d: %s", round, crown_last_error(g));
            char gs[4200];
            OK(crown_game_string(r, gs, sizeof gs, &len));
            ck_assert_str_eq(gs, gap == 1 ? gs1 : gs2);
            crown_free(g);
            g = r;
        }
        crown_free(g);
    }
    ck_assert_str_eq(gs1, gs2);
}
END_TEST

/* Checks every Genealogy line of a view: at most 80 columns; each card
 * written as in moves, '@' its position, then '^' and '*' exactly when it
 * has an Enthronement and is Active; every card of the Genealogy once
 * (but a lifted one). */
static void check_rows(crown_game *g)
{
    const kf_state *s = crown_internal_state(g);
    genealogy gn = s->gn;
    if (s->phase == KF_PLACE)
        gn_remove(&gn, s->nc_card);
    gn_set active = gn_active_set(&gn), seen = {{0, 0}};
    char *o = observe(g, 0);
    int row = 0;
    for (char *line = strtok(o, "\n"); line; line = strtok(NULL, "\n")) {
        ck_assert_msg(strlen(line) <= 80, "line too long: '%s'", line);
        char *words = line;
        int r;
        if (sscanf(line, "  row %d:", &r) == 1) {
            row = r;
            words = strchr(line, ':') + 1;
        } else if (strncmp(line, "         ", 9) != 0) {
            continue; /* not a row, nor its continuation */
        }
        for (char *w = strtok_r(words, " ", &words); w; w = strtok_r(NULL, " ", &words)) {
            char *at = strchr(w, '@');
            ck_assert_msg(at != NULL, "'%s' in '%s'", w, line);
            int x, k = 0;
            ck_assert_int_eq(sscanf(at + 1, "%d%n", &x, &k), 1);
            const char *marks = at + 1 + k;
            int c = -1;
            GN_FOR(&gn.present, d)
                if (gn.row[d] == row && gn.x[d] == x)
                    c = d;
            ck_assert_msg(c >= 0, "no card at row %d, %d", row, x);
            char text[32];
            crown_buf b;
            crown_buf_init(&b, text, sizeof text);
            kb_put_card(&D.card[c], &b);
            ck_assert_int_eq((int)(at - w), (int)b.len);
            ck_assert(strncmp(w, text, b.len) == 0);
            gn_set att = gn_attachments(&gn, c);
            int ent = 0;
            GN_FOR(&att, a)
                ent |= D.card[a].kind == KB_EVENT && D.card[a].event == KB_ENTHRONEMENT;
            char want[4] = "";
            strcat(want, ent ? "^" : "");
            strcat(want, gn_set_has(&active, c) ? "*" : "");
            ck_assert_str_eq(marks, want);
            ck_assert(!gn_set_has(&seen, c));
            gn_set_add(&seen, c);
        }
    }
    ck_assert_int_eq(gn_set_count(&seen), gn_count(&gn));
    free(o);
    o = observe(g, CROWN_OMNISCIENT);
    for (char *line = strtok(o, "\n"); line; line = strtok(NULL, "\n"))
        ck_assert_msg(strlen(line) <= 80, "line too long: '%s'", line);
    free(o);
}

START_TEST(observation_rows_are_exact_and_narrow)
{
    /* A full row of the widest labels. */
    crown_game *g = game("");
    setup(g, "R9m B1m",
          "R8f-draw3@0,-20 G8f-draw3@0,-16 B8f-draw3@0,-12 Y8f-draw3@0,-8 R5m-reverse@0,-4 "
          "G5m-reverse@0,0 B5m-reverse@0,4 Y5m-reverse@0,8 R2f-skip@0,12 G2f-skip@0,16 "
          "enthronement>R8f-draw3 enthronement>G8f-draw3",
          "rest");
    check_rows(g);
    crown_free(g);
    /* Random games: every view, every kind of position. */
    static const char *const decks[] = {"", "deck=B1m B1f B2m B2f-skip B3m B3f B5m-reverse "
                                            "B5f B8m B8f-draw3 Y1m Y1f R1m R1f G1m G1f "
                                            "new-connection new-connection new-connection "
                                            "enthronement enthronement exile assassination"};
    trng r = {99};
    for (int i = 0; i < scaled(120); i++) {
        if (decks[i % 2][0])
            ck_assert_int_eq(kb_parse_deck(&D, decks[i % 2] + 5, NULL), CROWN_OK);
        else
            load_deck();
        g = new_game("kings_family", decks[i % 2], (uint64_t)i);
        while (!terminal(g)) {
            check_rows(g);
            crown_move m[4096];
            size_t n;
            OK(crown_legal_moves(g, m, 4096, &n));
            OK(crown_apply(g, m[trng_below(&r, n)]));
        }
        check_rows(g);
        crown_free(g);
    }
}
END_TEST

START_TEST(observation_lifted_card_is_not_in_the_rows)
{
    crown_game *g = game("");
    setup(g, "new-connection B9m", "B3m@0,0 B6m@0,2 R7f@0,8", "rest");
    play(g, "new-connection on B6m");
    char *o = observe(g, 0);
    ck_assert_msg(strstr(o, "  row 0: B3m@0* R7f@8*\n"), "%s", o);
    ck_assert_msg(strstr(o, "lifted: B6m, from row 0 at 2\n"), "%s", o);
    free(o);
    check_rows(g);
    crown_free(g);
}
END_TEST

START_TEST(decision_move_text_errors)
{
    crown_game *g = game("");
    setup(g, "B5f R9m assassination", "B3m@0,0", "rest");
    crown_move m = -1, a;
    /* Case and spaces do not matter. */
    OK(crown_move_from_text(g, "  PLAY   b5f RIGHT of B3M ", &a));
    OK(crown_move_from_text(g, "ASSASSINATION on b3m", &a));
    /* Well-formed, not legal now: EILLEGAL. */
    static const char *const illegal[] = {"play R9m right of B3m", "play B5f left of R9m",
                                          "play B5f left of B3m@4,2", "sibling B5f left",
                                          "place left of B3m", "draw", "draw B5f",
                                          "marriage G1m", "exile on B3m", "play Y7f right of B3m"};
    for (size_t i = 0; i < sizeof illegal / sizeof illegal[0]; i++) {
        ck_assert_msg(crown_move_from_text(g, illegal[i], &m) == CROWN_EILLEGAL, "'%s': %s",
                      illegal[i], crown_last_error(g));
        ck_assert_msg(strstr(crown_last_error(g), "not a legal move now"), "%s",
                      crown_last_error(g));
    }
    /* Not the notation. */
    static const char *const bad[] = {"play", "play B5f", "play B5f right B3m",
                                      "play B5f up of B3m", "play B5x right of B3m",
                                      "play B5f right of B3m@", "play B5f right of B3m@1",
                                      "play B5f right of B3m@1,", "play B5f right of B3m@a,b",
                                      "sibling B5f", "exile B3m", "kings-blood on B3m",
                                      "B3m on B3m", "place B3m", "draw draw", "deal",
                                      "wibble wobble"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_msg(crown_move_from_text(g, bad[i], &m) == CROWN_EPARSE, "'%s': %s", bad[i],
                      crown_last_error(g));
        ck_assert_msg(strstr(crown_last_error(g), "moves read like: play B5f right of B3m"),
                      "%s", crown_last_error(g));
    }
    ck_assert_int_eq(m, -1);
    crown_free(g);
}
END_TEST

/* ---- structured views ------------------------------------------------- */

START_TEST(structured_views_hold_hand_genealogy_and_score)
{
    crown_game *g = new_game("kings_family", "", 8);
    trng r = {3};
    random_moves(g, 12, &r);
    const kf_state *s = crown_internal_state(g);
    const kf_config *c = (const kf_config *)((const crown_game *)g)->config;
    static char json[1 << 16], want[1100], list[1024];
    size_t len;
    face_list(&c->deck, &s->hand, list, sizeof list);
    snprintf(want, sizeof want, "\"hand\": %s", list);
    OK(crown_observation_json(g, 0, json, sizeof json, &len));
    ck_assert_msg(strstr(json, want) != NULL, "%s not in\n%s", want, json);
    char score[64];
    snprintf(score, sizeof score, "\"score\": %lld,", (long long)kf_score(c, s));
    ck_assert_msg(strstr(json, score) != NULL, "%s not in\n%s", score, json);

    float *v = tensor(g, 0);
    ck_assert(v[piece_offset(g, "score")] == (float)kf_score(c, s));
    ck_assert(v[piece_offset(g, "hand_size")] == (float)gn_set_count(&s->hand));
    ck_assert(v[piece_offset(g, "phase") + s->phase] == 1.0f);
    size_t gen = piece_offset(g, "genealogy");
    GN_FOR(&s->gn.present, card) {
        const float *f = v + gen + 6 * (size_t)card;
        ck_assert(f[0] == 1.0f && f[1] == (float)s->gn.row[card] && f[2] == (float)s->gn.x[card]);
    }
    free(v);
    crown_free(g);
}
END_TEST

START_TEST(structured_views_number_identical_cards_by_place)
{
    /* Two B3m in the rows: in the JSON as in the tensor the left one is
     * card 0 and the right one card 1, whichever copy lies where. */
    crown_game *g = game_with_deck("B3m B3m Y1m Y2m Y4m Y5m Y6m Y7m Y8m");
    start(g, "B3m Y1m Y2m Y4m Y5m Y6m Y7m", "B3m");
    play(g, "play B3m right of B3m");
    ck_assert_int_eq(st(g)->gn.x[0], 2); /* the copy dealt went right */
    char *j = observe_json(g, 0);
    ck_assert_msg(strstr(j, "{\"card\": 0, \"row\": 0, \"x\": 0,") &&
                      strstr(j, "{\"card\": 1, \"row\": 0, \"x\": 2,"),
                  "%s", j);
    free(j);
    float *v = tensor(g, 0);
    size_t gen = piece_offset(g, "genealogy");
    ck_assert(v[gen + 0] == 1.0f && v[gen + 2] == 0.0f);
    ck_assert(v[gen + 6] == 1.0f && v[gen + 6 + 2] == 2.0f);
    free(v);
    crown_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("kings_family");
    TCase *tc = test_case("rulings");
    tcase_add_test(tc, ruling_setup_seven_cards_and_a_character_founder);
    tcase_add_test(tc, ruling_a_deck_the_deal_uses_up_ends_at_once);
    tcase_add_test(tc, structured_views_hold_hand_genealogy_and_score);
    tcase_add_test(tc, structured_views_number_identical_cards_by_place);
    tcase_add_test(tc, ruling_play_matches_colour_or_number);
    tcase_add_test(tc, ruling_marriage_same_colour_different_gender);
    tcase_add_test(tc, ruling_marriage_draws_an_event_that_must_be_played);
    tcase_add_test(tc, ruling_marriage_with_no_card_to_draw_has_no_child);
    tcase_add_test(tc, ruling_forced_event_without_target_is_discarded);
    tcase_add_test(tc, ruling_play_on_the_child_after_a_birth);
    tcase_add_test(tc, ruling_siblings);
    tcase_add_test(tc, ruling_only_the_last_siblings_effect_counts);
    tcase_add_test(tc, ruling_option_every_siblings_effect);
    tcase_add_test(tc, ruling_a_drawn_child_is_not_played);
    tcase_add_test(tc, ruling_assassination_discards_and_draws_one);
    tcase_add_test(tc, ruling_exile_discards_and_draws_two);
    tcase_add_test(tc, ruling_new_connection);
    tcase_add_test(tc, ruling_new_connection_marriage_and_no_ability);
    tcase_add_test(tc, ruling_enthronement_discards_rows_above);
    tcase_add_test(tc, ruling_no_second_enthronement_on_a_card);
    tcase_add_test(tc, ruling_empty_genealogy_restarts);
    tcase_add_test(tc, ruling_effects_draw_cards);
    tcase_add_test(tc, ruling_effect_before_marriage);
    tcase_add_test(tc, ruling_must_play);
    tcase_add_test(tc, ruling_option_events_optional);
    tcase_add_test(tc, ruling_draw_until_playable);
    tcase_add_test(tc, ruling_hand_limit_ten);
    tcase_add_test(tc, ruling_row_limit_ten);
    tcase_add_test(tc, ruling_row_limit_ends_the_game);
    tcase_add_test(tc, ruling_row_limit_holds_for_a_new_connection);
    tcase_add_test(tc, ruling_row_limit_counts_the_child);
    tcase_add_test(tc, ruling_pile_runs_out_scores_and_reshuffles);
    tcase_add_test(tc, ruling_twenty_discards_or_fewer_no_more_draws);
    tcase_add_test(tc, ruling_game_ends_when_the_hand_is_empty);
    tcase_add_test(tc, ruling_game_ends_with_no_play_and_no_draw);
    tcase_add_test(tc, ruling_score_and_rating);
    tcase_add_test(tc, ruling_row_limit_counts_siblings);
    tcase_add_test(tc, ruling_forced_new_connection_may_marry_again);
    tcase_add_test(tc, ruling_event_being_resolved_is_not_reshuffled);
    tcase_add_test(tc, decision_deck_option);
    tcase_add_test(tc, observation_draws_the_genealogy);
    tcase_add_test(tc, ruling_siblings_next_spot_is_only_a_sibling);
    tcase_add_test(tc, ruling_event_reaches_the_discards_when_the_game_ends);
    tcase_add_test(tc, ruling_long_chain_of_new_connections);
    tcase_add_test(tc, ruling_exhausted_piles_never_wrap);
    tcase_add_test(tc, decision_max_moves_ends_the_game);
    tcase_add_test(tc, decision_resample_keeps_a_custom_deck);
    tcase_add_test(tc, observation_rows_are_exact_and_narrow);
    tcase_add_test(tc, observation_lifted_card_is_not_in_the_rows);
    tcase_add_test(tc, decision_move_text_errors);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
