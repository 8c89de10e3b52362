/*
 * test_blood.c - the rules of King's Blood (the multiplayer game): one test
 * per ruling (ruling_*) and per decision of the engine (decision_*,
 * docs/kings-blood.md).
 *
 * Games run with chance=explicit; positions are set up by writing the
 * state directly (white-box): hands, Genealogy, pile, and every other card
 * in the discards.  Seat 0 is to play unless a test says otherwise.
 */
#include <stdio.h>

#include "common.h"
#include "kb_position.h"
#include "core/core.h"
#include "kingsblood/blood/blood.h"

static kbg_state *st(crown_game *g)
{
    return crown_internal_state_mut(g);
}

static void sound(crown_game *g)
{
    char msg[256];
    ck_assert_msg(crown_internal_check(g, msg, sizeof msg) == 0, "%s", msg);
}

/* A game with chance=explicit and these options (the default deck unless
 * the options give one). */
static crown_game *game(const char *options)
{
    char opts[2048];
    const char *deck = strstr(options, "deck=");
    crown_err err;
    if (deck) {
        char list[1024];
        snprintf(list, sizeof list, "%s", deck + 5);
        ck_assert_int_eq(kb_parse_deck(&D, list, &err), CROWN_OK);
    } else {
        kb_default_deck(&D);
    }
    snprintf(opts, sizeof opts, "%s%schance=explicit", options, options[0] ? "," : "");
    return new_game("kings_blood", opts, 1);
}

/* Writes a position: the hands (one list per seat, "" for none); the
 * Genealogy as "card@row,x" items ("enthronement>B3m" or
 * "kings-blood>B3m" attaches under a placed card); the pile ("rest" for
 * every card not given out); every other card in the discards (the King's
 * Blood card set aside).  Seat 0 is to play a turn, the first of the game. */
static void setup(crown_game *g, const char *const hands[], const char *gen, const char *pile)
{
    kbg_state *s = st(g);
    int players;
    OK(crown_num_players(g, &players));
    const kbg_config *cfg = (const kbg_config *)((const crown_game *)g)->config;
    gn_set used = {{0, 0}};
    memset(s->hand, 0, sizeof s->hand);
    memset(s->known, 0, sizeof s->known);
    memset(&s->waiting, 0, sizeof s->waiting);
    memset(&s->aside, 0, sizeof s->aside);
    for (int p = 0; p < players; p++)
        add_cards(&s->hand[p], &used, hands[p]);
    lay_out(&s->gn, &used, gen);
    pile_and_discards(&s->pile, &s->discards, &used, pile);
    if (cfg->advanced && !gn_set_has(&used, D.n))
        gn_set_add(&s->aside, D.n);
    s->phase = KBG_PLAY;
    s->step = KBG_S_DECIDE;
    s->mode = KBG_M_TURN;
    s->player = 0;
    s->dir = 0;
    s->pending = 0;
    s->draws_left = 0;
    s->lost = s->announced = s->passed = 0;
    s->ability = KB_PLAIN;
    s->shifted = 0;
    s->winner = KBG_NONE;
    s->over = KBG_END_NONE;
    s->drawn = s->forced = s->nc_card = s->nc_to = KBG_NONE;
    s->child = s->run_last = KBG_NONE;
    s->run_side = 0;
    s->reshuffles = 0;
    s->turns = s->match_turns = 1;
    sound(g);
}

static int hand_size(crown_game *g, int p)
{
    return gn_set_count(&st(g)->hand[p]);
}

static int holds(crown_game *g, int p, const char *t)
{
    return gn_set_has(&st(g)->hand[p], id(t));
}

static int placed(crown_game *g, const char *t, int row, int x)
{
    int c = id(t);
    return gn_has(&st(g)->gn, c) && st(g)->gn.row[c] == row && st(g)->gn.x[c] == x;
}

static int nlegal(crown_game *g)
{
    crown_move m[CROWN_MAX_MOVES_HINT];
    size_t n;
    OK(crown_legal_moves(g, m, CROWN_MAX_MOVES_HINT, &n));
    return (int)n;
}

/* Applies k chance outcomes, each the lowest card that can be drawn. */
static void draw_any(crown_game *g, int k)
{
    for (int i = 0; i < k; i++) {
        ck_assert_int_eq(current(g), CROWN_CHANCE);
        crown_move m[128];
        size_t n;
        OK(crown_legal_moves(g, m, 128, &n));
        OK(crown_apply(g, m[0]));
    }
}

/* Plays the moves of a list separated by commas ("deal B2m, deal R1f"; no
 * "@row,x" in them). */
static void play_all(crown_game *g, const char *moves)
{
    char buf[2048];
    snprintf(buf, sizeof buf, "%s", moves);
    char *save = NULL;
    for (char *m = strtok_r(buf, ",", &save); m; m = strtok_r(NULL, ",", &save))
        play(g, m + strspn(m, " "));
}

static int sees(crown_game *g, int viewer, const char *needle)
{
    char *o = observe(g, viewer);
    int r = strstr(o, needle) != NULL;
    free(o);
    return r;
}

/* 1 when the JSON of the spectator has `needle`. */
static int json_has(crown_game *g, const char *needle)
{
    char *j = observe_json(g, CROWN_SPECTATOR);
    int r = strstr(j, needle) != NULL;
    free(j);
    return r;
}

/* The value of tensor piece `name` at `i`, for the spectator. */
static float piece(crown_game *g, const char *name, size_t i)
{
    float *v = tensor(g, CROWN_SPECTATOR), x = v[piece_offset(g, name) + i];
    free(v);
    return x;
}

/* ---- 1.4 setup -------------------------------------------------------- */

START_TEST(ruling_setup_deal_founder_and_first_player)
{
    crown_game *g = game("players=3");
    /* Seat 0 deals one card at a time from his left: seats 1, 2, 0, 1, ... */
    ck_assert_int_eq(current(g), CROWN_CHANCE);
    ck_assert_int_eq(st(g)->phase, KBG_DEAL);
    static const char *const cards[] = {"B1m", "B2m", "B3m", "B4m", "B5f", "B6m", "B7m",
                                        "B8m", "B9m", "Y1m", "Y2m", "Y3m", "Y4m", "Y5f",
                                        "Y6m", "Y7m", "Y8m", "Y9m", "G1m", "G2m", "G3m"};
    for (int i = 0; i < 21; i++) {
        char mv[32];
        snprintf(mv, sizeof mv, "deal %s", cards[i]);
        play(g, mv);
    }
    ck_assert(holds(g, 1, "B1m") && holds(g, 2, "B2m") && holds(g, 0, "B3m"));
    ck_assert_int_eq(hand_size(g, 0), 7);
    ck_assert_int_eq(hand_size(g, 1), 7);
    ck_assert_int_eq(hand_size(g, 2), 7);
    /* The founder is a Character; Events are never turned up for it. */
    ck_assert_int_eq(st(g)->phase, KBG_FOUND);
    ck_assert(!can_play(g, "found exile"));
    play(g, "found R8f-draw3");
    ck_assert(placed(g, "R8f-draw3", 0, 0));
    /* The dealer's left starts, and the founder's Draw 3 does nothing. */
    ck_assert_int_eq(current(g), 1);
    ck_assert_int_eq(st(g)->pending, 0);
    ck_assert_int_eq(st(g)->mode, KBG_M_TURN);
    crown_free(g);
}
END_TEST

/* ---- 1.3 plays -------------------------------------------------------- */

START_TEST(ruling_play_matches_colour_or_number)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"B5f Y3f R7m G1m", "R1f"};
    setup(g, hands, "B3m@0,0", "rest");
    ck_assert(can_play(g, "play B5f right of B3m"));  /* colour */
    ck_assert(can_play(g, "play Y3f left of B3m"));   /* number */
    ck_assert(!can_play(g, "play R7m right of B3m")); /* neither */
    ck_assert(!can_play(g, "play G1m left of B3m"));
    ck_assert(can_play(g, "draw"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_turn_play_or_draw_then_the_drawn_card_or_stop)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"R7m G1m R6m", "R1f Y2m"};
    setup(g, hands, "B3m@0,0", "rest");
    /* Nothing playable: draw is the only move. */
    ck_assert_int_eq(nlegal(g), 1);
    play(g, "draw");
    ck_assert_int_eq(current(g), CROWN_CHANCE);
    play(g, "draw B6f");
    /* Only the drawn card may be played, or the player stops. */
    ck_assert_int_eq(st(g)->mode, KBG_M_DRAWN);
    ck_assert(can_play(g, "play B6f right of B3m"));
    ck_assert(can_play(g, "stop"));
    ck_assert(!can_play(g, "draw"));
    play(g, "stop");
    ck_assert_int_eq(current(g), 1);
    crown_free(g);
    /* A drawn card that cannot be played: stopping is still a move. */
    g = game("players=2");
    setup(g, hands, "B3m@0,0", "rest");
    play(g, "draw");
    play(g, "draw R9f");
    ck_assert_int_eq(current(g), 0);
    ck_assert_int_eq(nlegal(g), 1);
    ck_assert(can_play(g, "stop"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_marriage_same_colour_different_gender)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"B6m Y3f B5f G1m", "R1f"};
    setup(g, hands, "B3m@0,0", "rest");
    play(g, "play B6m right of B3m"); /* same gender: no Marriage, the turn ends */
    ck_assert_int_eq(current(g), 1);
    crown_free(g);
    g = game("players=2");
    setup(g, hands, "B3m@0,0", "rest");
    play(g, "play B5f right of B3m");
    ck_assert_int_eq(st(g)->phase, KBG_MARRIAGE);
    play(g, "marriage G4f");
    ck_assert(placed(g, "G4f", 1, 1));
    ck_assert_int_eq(current(g), 0);
    ck_assert_int_eq(st(g)->mode, KBG_M_CHILD);
    crown_free(g);
}
END_TEST

START_TEST(ruling_marriage_draws_an_event_that_must_be_played)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"B5f R7m G1m", "R1f"};
    setup(g, hands, "B3m@0,0 Y9m@0,6", "rest");
    play(g, "play B5f right of B3m");
    play(g, "marriage exile");
    ck_assert_int_eq(st(g)->mode, KBG_M_FORCED);
    ck_assert(sees(g, 1, "drawn at the Marriage: exile"));
    /* Only the forced Event's moves: the Active cards x the receivers. */
    ck_assert(!can_play(g, "stop"));
    ck_assert(!can_play(g, "draw"));
    ck_assert(can_play(g, "exile on Y9m to seat 1"));
    play(g, "exile on Y9m to seat 1");
    ck_assert(holds(g, 1, "Y9m"));
    ck_assert(gn_set_has(&st(g)->known[1], id("Y9m")));
    ck_assert_int_eq(current(g), 1);
    crown_free(g);
}
END_TEST

START_TEST(ruling_marriage_with_no_card_to_draw_has_no_child)
{
    /* Every card of a small deck is in play: nothing can be drawn. */
    crown_game *g = game("players=2,deck=B3m B5f R7m G1m R1f");
    const char *const hands[] = {"B5f R7m G1m", "R1f"};
    setup(g, hands, "B3m@0,0", "");
    ck_assert(!gn_set_count(&st(g)->discards));
    play(g, "play B5f right of B3m");
    ck_assert_int_eq(gn_count(&st(g)->gn), 2);
    ck_assert_int_eq(current(g), 1);
    crown_free(g);
}
END_TEST

START_TEST(ruling_forced_event_without_target_is_discarded)
{
    /* Two cards in the Genealogy, each with an Enthronement; the Marriage
     * draws a third Enthronement: no target, discarded, the turn ends. */
    crown_game *g = game("players=2,deck=B3m B5f G2m R9m Y9m Y1m enthronement enthronement "
                         "enthronement");
    const char *const hands[] = {"B5f R9m Y9m", "Y1m"};
    setup(g, hands, "B3m@0,0 enthronement>B3m G2m@0,6 enthronement>G2m", "enthronement");
    play(g, "play B5f right of B3m");
    play(g, "marriage enthronement");
    ck_assert(gn_set_has(&st(g)->discards, idk("enthronement", 2)));
    ck_assert(gn_set_empty(&st(g)->waiting));
    ck_assert_int_eq(current(g), 1);
    sound(g);
    crown_free(g);
}
END_TEST

START_TEST(ruling_play_on_the_child_after_a_birth)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"B5f G6m Y1m assassination new-connection R2m", "R1f"};
    setup(g, hands, "B3m@0,0 R7f@0,10", "rest");
    play(g, "play B5f right of B3m");
    play(g, "marriage G4f");
    /* On the child only: a Character beside it, an Event on it, a New
     * Connection moving another card beside it; or stop. */
    ck_assert(can_play(g, "play G6m right of G4f"));
    ck_assert(can_play(g, "assassination on G4f"));
    ck_assert(!can_play(g, "assassination on R7f"));
    ck_assert(can_play(g, "new-connection on G4f"));
    ck_assert(can_play(g, "new-connection on R7f")); /* R7f may go beside the child */
    ck_assert(!can_play(g, "play R2m left of R7f"));
    ck_assert(can_play(g, "stop"));
    ck_assert(!can_play(g, "draw")); /* a draw is a turn's whole action (note 12) */
    play(g, "new-connection on R7f");
    ck_assert(can_play(g, "place left of G4f"));
    ck_assert(!can_play(g, "place left of B3m"));
    play(g, "place left of G4f");
    ck_assert(placed(g, "R7f", 1, -1));
    ck_assert_int_eq(current(g), 1); /* no Marriage: the turn ended */
    crown_free(g);
    /* Each new Marriage starts this again. */
    g = game("players=2");
    setup(g, hands, "B3m@0,0", "rest");
    play(g, "play B5f right of B3m");
    play(g, "marriage G4f");
    play(g, "play G6m right of G4f");
    ck_assert_int_eq(st(g)->phase, KBG_MARRIAGE);
    play(g, "marriage Y8m");
    ck_assert_int_eq(st(g)->child, id("Y8m"));
    ck_assert(can_play(g, "play Y1m left of Y8m"));
    ck_assert(!can_play(g, "play Y1m left of G4f"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_siblings)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"B5f G4m Y4m R4f R4m Y9m G1f", "R1f"};
    setup(g, hands, "B3m@0,0", "rest");
    play(g, "play B5f right of B3m");
    play(g, "marriage G4f");
    /* The child's number beside it is a sibling, either side first; it
     * never marries (G4m beside G4f would). */
    ck_assert(can_play(g, "sibling G4m right"));
    ck_assert(can_play(g, "sibling Y4m left"));
    ck_assert(!can_play(g, "play G4m right of G4f"));
    play(g, "sibling G4m right");
    ck_assert(placed(g, "G4m", 1, 3));
    ck_assert_int_eq(current(g), 0);
    /* Then only on that side, each beside the previous, one per move. */
    ck_assert(can_play(g, "sibling Y4m right"));
    ck_assert(!can_play(g, "sibling Y4m left"));
    ck_assert(!can_play(g, "play Y4m right of G4m"));
    play(g, "sibling Y4m right");
    ck_assert(placed(g, "Y4m", 1, 5));
    /* After siblings the player still plays on the child, not on them. */
    ck_assert(can_play(g, "play G1f left of G4f"));
    ck_assert(!can_play(g, "play Y9m right of Y4m"));
    /* The child's number on the other side is an ordinary play: it ends
     * the run and may marry (R4f beside G4f does not: another colour). */
    ck_assert(can_play(g, "play R4f left of G4f"));
    play(g, "play R4f left of G4f");
    ck_assert_int_eq(current(g), 1);
    sound(g);
    crown_free(g);
}
END_TEST

START_TEST(ruling_only_the_last_card_played_from_hand_counts)
{
    /* Siblings B2f-skip then Y2m: the last card is Y2m, no Skip. */
    crown_game *g = game("players=3");
    const char *const hands[] = {"B5f B2f-skip Y2m R9m R8m", "R1f", "G1f"};
    setup(g, hands, "B3m@0,0", "rest");
    play(g, "play B5f right of B3m");
    play(g, "marriage G2m");
    play(g, "sibling B2f-skip right");
    play(g, "sibling Y2m right");
    play(g, "stop");
    ck_assert_int_eq(current(g), 1);
    crown_free(g);
    /* The Skip as the last sibling: seat 1 loses his turn. */
    g = game("players=3");
    setup(g, hands, "B3m@0,0", "rest");
    play(g, "play B5f right of B3m");
    play(g, "marriage G2m");
    play(g, "sibling Y2m right");
    play(g, "sibling B2f-skip right");
    play(g, "stop");
    ck_assert_int_eq(current(g), 2);
    crown_free(g);
    /* A drawn child is not played: its Skip does nothing. */
    g = game("players=3");
    setup(g, hands, "B3m@0,0", "rest");
    play(g, "play B5f right of B3m");
    play(g, "marriage Y2f-skip");
    play(g, "stop");
    ck_assert_int_eq(current(g), 1);
    crown_free(g);
}
END_TEST

START_TEST(ruling_assassination_then_one_more_card_anywhere)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"assassination assassination Y1m R9m", "R1f"};
    setup(g, hands, "B3m@0,0 B5f@0,2 Y7m@0,8", "rest");
    play(g, "assassination on B5f");
    ck_assert(gn_set_has(&st(g)->discards, id("B5f")));
    ck_assert_int_eq(st(g)->mode, KBG_M_FREE);
    ck_assert(can_play(g, "play Y1m right of Y7m")); /* anywhere */
    ck_assert(can_play(g, "stop"));
    ck_assert(!can_play(g, "draw")); /* one more card from hand, not a draw */
    /* An Assassination as that card earns another. */
    play(g, "assassination on Y7m");
    ck_assert_int_eq(st(g)->mode, KBG_M_FREE);
    /* Events of the turn wait for its end. */
    ck_assert_int_eq(gn_set_count(&st(g)->waiting), 2);
    play(g, "stop");
    ck_assert(gn_set_empty(&st(g)->waiting));
    ck_assert(gn_set_has(&st(g)->discards, id("assassination")));
    ck_assert_int_eq(current(g), 1);
    crown_free(g);
}
END_TEST

START_TEST(ruling_exile_to_any_player_face_up)
{
    crown_game *g = game("players=3");
    const char *const hands[] = {"exile exile Y1m R9m", "R1f", "G1f"};
    setup(g, hands, "B3m@0,0 enthronement>B3m Y7m@0,8", "rest");
    /* Any player, the player himself included. */
    ck_assert(can_play(g, "exile on Y7m to seat 0"));
    ck_assert(can_play(g, "exile on Y7m to seat 2"));
    play(g, "exile on B3m to seat 2");
    ck_assert(holds(g, 2, "B3m") && holds(g, 2, "enthronement"));
    ck_assert(sees(g, 1, "seat 2: 3 cards, face up: B3m enthronement"));
    ck_assert_int_eq(current(g), 1);
    crown_free(g);
}
END_TEST

START_TEST(ruling_new_connection)
{
    crown_game *g = game("players=2");
    /* Lift B6m (its Reverse does not fire), place it beside R7f: no
     * matching, not back where it was. */
    const char *const hands[] = {"new-connection B9m R1m", "R1f"};
    setup(g, hands, "B3m@0,0 B5m-reverse@0,2 R7f@0,8", "rest");
    play(g, "new-connection on B5m-reverse");
    ck_assert_int_eq(st(g)->mode, KBG_M_PLACE);
    ck_assert(sees(g, 1, "lifted: B5m-reverse, from row 0 at 2"));
    ck_assert(!can_play(g, "place right of B3m")); /* the spot it left */
    ck_assert(can_play(g, "place left of B3m"));
    play(g, "place right of R7f");
    ck_assert(placed(g, "B5m-reverse", 0, 10));
    ck_assert_int_eq(st(g)->dir, 0);
    ck_assert_int_eq(current(g), 1);
    crown_free(g);
    /* A Marriage it forms is resolved as usual. */
    g = game("players=2");
    const char *const h2[] = {"new-connection B9m R1m", "R1f"};
    setup(g, h2, "B3m@0,0 R8f-draw3@0,2 R7m@0,8", "rest");
    play(g, "new-connection on R8f-draw3");
    play(g, "place right of R7m");
    ck_assert_int_eq(st(g)->phase, KBG_MARRIAGE);
    play(g, "marriage G1f");
    ck_assert(placed(g, "G1f", 1, 9));
    ck_assert_int_eq(st(g)->mode, KBG_M_CHILD);
    play(g, "stop");
    ck_assert_int_eq(st(g)->pending, 0); /* the moved card's Draw 3 never fires */
    crown_free(g);
}
END_TEST

START_TEST(ruling_new_connection_lift_does_not_remarry)
{
    /* Only the placed card can marry: R1m lifted from beside Y5m's
     * neighbour and placed beside Y5m forms nothing (another colour), and
     * the cards its lift made Active marry nobody. */
    crown_game *g = game("players=2");
    const char *const hands[] = {"new-connection B9m G1m", "R1f"};
    setup(g, hands, "B3m@0,0 Y6m@0,2 R1m@0,8", "rest");
    play(g, "new-connection on R1m");
    play(g, "place right of Y6m");
    ck_assert_int_eq(current(g), 1); /* R1m beside Y5m: no Marriage */
    crown_free(g);
}
END_TEST

START_TEST(ruling_enthronement_discards_every_other_card)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"enthronement enthronement Y9m", "R1f"};
    setup(g, hands, "B3m@0,0 B5f@0,2 G4m@1,1 Y6f@0,8", "rest");
    play(g, "enthronement on Y6f");
    ck_assert(placed(g, "Y6f", 0, 0));
    ck_assert_int_eq(gn_count(&st(g)->gn), 1);
    ck_assert(gn_set_has(&st(g)->discards, id("B3m")));
    ck_assert(gn_set_has(&st(g)->discards, id("G4m")));
    ck_assert(kb_has_enthronement(&D, &st(g)->gn, id("Y6f")));
    ck_assert_int_eq(current(g), 1);
    /* Not on a card that has one. */
    st(g)->player = 0;
    ck_assert(!can_play(g, "enthronement on Y6f"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_empty_genealogy_restarts_at_once)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"assassination Y9m", "R1f"};
    setup(g, hands, "B3m@0,0", "exile R5f");
    play(g, "assassination on B3m");
    /* At once: cards are turned up; an Event is discarded. */
    ck_assert_int_eq(st(g)->phase, KBG_RESTART);
    play(g, "turn exile");
    ck_assert(gn_set_has(&st(g)->discards, id("exile")));
    ck_assert_int_eq(st(g)->phase, KBG_RESTART);
    play(g, "turn R5f");
    ck_assert(placed(g, "R5f", 0, 0));
    /* ... then the Assassination's one more card. */
    ck_assert_int_eq(st(g)->mode, KBG_M_FREE);
    crown_free(g);
    /* No Character in the pile or the discards: no winner. */
    g = game("players=2,deck=B3m Y9m R1f assassination exile");
    const char *const h2[] = {"exile Y9m", "R1f"};
    setup(g, h2, "B3m@0,0", "assassination");
    play(g, "exile on B3m to seat 1");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->over, KBG_END_NO_FOUNDER);
    ck_assert(gn_set_has(&st(g)->discards, id("exile")));
    crown_free(g);
}
END_TEST

START_TEST(ruling_events_of_the_turn_are_the_events_played)
{
    /* The Event drawn at a Marriage is not among them until it is played. */
    crown_game *g = game("players=2");
    const char *const hands[] = {"B5f R7m G1m", "R1f"};
    setup(g, hands, "B3m@0,0 Y9m@0,6", "rest");
    play_all(g, "play B5f right of B3m, marriage assassination");
    ck_assert_int_eq(st(g)->mode, KBG_M_FORCED);
    ck_assert(!sees(g, 1, "Events of this turn"));
    ck_assert(json_has(g, "\"events_this_turn\": []"));
    ck_assert(json_has(g, "\"forced\": 72,"));
    ck_assert(piece(g, "events_this_turn", 72) == 0.0f);
    ck_assert(piece(g, "forced", 72) == 1.0f);
    sound(g);
    play(g, "assassination on Y9m");
    ck_assert(sees(g, 1, "Events of this turn: assassination\n"));
    ck_assert(json_has(g, "\"events_this_turn\": [72]"));
    ck_assert(piece(g, "events_this_turn", 72) == 1.0f);
    crown_free(g);
}
END_TEST

/* ---- 1.4 the last card ------------------------------------------------- */

START_TEST(ruling_the_last_card_is_a_character)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"exile", "R1f"};
    setup(g, hands, "B3m@0,0", "rest");
    st(g)->announced = 1;
    /* An Event as the last card cannot be played: draw instead. */
    ck_assert(!can_play(g, "exile on B3m to seat 1"));
    ck_assert_int_eq(nlegal(g), 1);
    ck_assert(can_play(g, "draw"));
    crown_free(g);
    g = game("players=2,advanced=on");
    const char *const h2[] = {"kings-blood", "R1f"};
    setup(g, h2, "B3m@0,0", "rest");
    st(g)->announced = 1;
    ck_assert(!can_play(g, "kings-blood on B3m"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_kings_blood_announcement)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"B4m B6m B7m", "R1f R2m"};
    setup(g, hands, "B3m@0,0", "rest");
    /* Only with at most 2 cards. */
    ck_assert(!can_play(g, "announce"));
    play(g, "play B4m right of B3m");
    /* Two cards left: no penalty. */
    ck_assert_int_eq(current(g), 1);
    play(g, "draw");
    play(g, "draw Y9f");
    play(g, "stop");
    /* Seat 0 announces; the last card then needs the announcement. */
    ck_assert(can_play(g, "announce"));
    play(g, "announce");
    ck_assert(sees(g, 1, "seat 0: 2 cards, King's Blood!"));
    play(g, "play B6m left of B3m");
    ck_assert_int_eq(current(g), 1);
    ck_assert_int_eq(hand_size(g, 0), 1);
    ck_assert(!(st(g)->lost & 1)); /* announced: no penalty */
    play(g, "draw");
    play(g, "draw Y7f");
    play(g, "stop");
    play(g, "play B7m right of B4m");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->winner, 0);
    crown_free(g);
    /* Without it, the last card cannot be played; announce, then play. */
    g = game("players=2");
    const char *const h2[] = {"B4m", "R1f R2m"};
    setup(g, h2, "B3m@0,0", "rest");
    ck_assert(!can_play(g, "play B4m right of B3m"));
    play(g, "announce");
    play(g, "play B4m right of B3m");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    crown_free(g);
}
END_TEST

START_TEST(ruling_announcement_ends_when_a_card_is_gained)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"B4m B6m", "R1f R2m"};
    setup(g, hands, "B3m@0,0", "rest");
    play(g, "announce");
    ck_assert(st(g)->announced & 1);
    play(g, "draw");
    play(g, "draw Y9f");
    ck_assert(!(st(g)->announced & 1));
    ck_assert(!can_play(g, "announce")); /* 3 cards */
    crown_free(g);
}
END_TEST

/* Every decision of his own turn offers "announce" while he holds one or two
 * cards: the Event drawn at a Marriage and the place of a lifted card too. */
START_TEST(ruling_announce_at_any_decision_of_his_turn)
{
    /* The game: seat 1 sheds Blue cards, then B9f marries B6m and
     * the Marriage draws an Exile, which must be played. */
    crown_game *g = game("players=2");
    play_all(g, "deal B2m, deal R1f, deal B3m, deal R2m, deal B4m, deal R3f, deal B6m, "
                "deal R4m, deal B7m, deal R6m, deal B9f, deal R7f, deal Y1m, deal R9m, "
                "found B1m");
    play_all(g, "play B2m right of B1m, draw, draw G1f, stop, "
                "play B3m right of B2m, draw, draw G2m, stop, "
                "play B4m right of B3m, draw, draw G3f, stop, "
                "play B6m right of B4m, draw, draw G4m, stop");
    play(g, "play B9f right of B6m");
    play(g, "marriage exile");
    ck_assert_int_eq(st(g)->mode, KBG_M_FORCED);
    ck_assert_int_eq(hand_size(g, 1), 2); /* B7m Y1m */
    ck_assert(can_play(g, "exile on B9f to seat 0"));
    ck_assert(can_play(g, "announce"));
    ck_assert_int_eq(nlegal(g), 5); /* 2 Active cards x 2 seats, and announce */
    play(g, "announce");
    ck_assert_int_eq(st(g)->mode, KBG_M_FORCED); /* the Exile is still to be played */
    ck_assert(!can_play(g, "announce"));
    ck_assert_int_eq(nlegal(g), 4);
    play(g, "exile on B9f to seat 0");
    ck_assert(st(g)->announced & 2);
    crown_free(g);

    /* Placing the card a New Connection lifted. */
    g = game("players=2");
    const char *const hands[] = {"new-connection Y1m R9m", "R1f R2m"};
    setup(g, hands, "B3m@0,0 B5m-reverse@0,2 R7f@0,8", "rest");
    play(g, "new-connection on B5m-reverse");
    ck_assert_int_eq(st(g)->mode, KBG_M_PLACE);
    ck_assert(can_play(g, "announce"));
    play(g, "announce");
    ck_assert_int_eq(st(g)->mode, KBG_M_PLACE);
    play(g, "place right of R7f");
    ck_assert(st(g)->announced & 1);
    crown_free(g);

    /* The other decisions of a turn offered it already: after a draw, after
     * a birth, after an Assassination, under a pending Draw 3. */
    static const struct {
        const char *hand, *gen, *moves;
        int mode;
    } others[] = {
        {"R7m", "B3m@0,0", "draw, draw G9f", KBG_M_DRAWN},
        {"B5f Y1m R9m", "B3m@0,0", "play B5f right of B3m, marriage G4f", KBG_M_CHILD},
        {"assassination Y1m R9m", "B3m@0,0 B5f@0,2", "assassination on B5f", KBG_M_FREE},
        {"B8f-draw3 Y1m R1m", "B3f@0,0", "play B8f-draw3 right of B3f", KBG_M_PENDING},
    };
    for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
        g = game("players=2");
        const char *const h[] = {others[i].hand, "B2f-skip R2m"};
        setup(g, h, others[i].gen, "rest");
        play_all(g, others[i].moves);
        ck_assert_int_eq(st(g)->mode, others[i].mode);
        ck_assert(can_play(g, "announce"));
        crown_free(g);
    }
}
END_TEST

START_TEST(ruling_unannounced_last_card_costs_three_cards_and_a_turn)
{
    crown_game *g = game("players=3");
    const char *const hands[] = {"B4m B6m", "R1f R2m R3m", "G1m G2m G3m"};
    setup(g, hands, "B3m@0,0", "rest");
    play(g, "play B4m right of B3m");
    /* One card, no announcement: 3 cards drawn, the next turn lost. */
    ck_assert_int_eq(current(g), CROWN_CHANCE);
    play(g, "draw Y1m");
    play(g, "draw Y2m");
    play(g, "draw Y3m");
    ck_assert_int_eq(hand_size(g, 0), 4);
    ck_assert(st(g)->lost & 1);
    ck_assert(sees(g, 1, "seat 0: 4 cards, loses his next turn"));
    ck_assert_int_eq(current(g), 1);
    play(g, "draw");
    play(g, "draw Y4m");
    play(g, "stop");
    play(g, "draw");
    play(g, "draw Y6f");
    play(g, "stop");
    /* Play reaches seat 0: the turn is lost, seat 1 plays. */
    ck_assert_int_eq(current(g), 1);
    ck_assert(!(st(g)->lost & 1));
    crown_free(g);
    /* As many as can be drawn. */
    g = game("players=3,deck=B3m B4m B6m R1f R2m R3m G1m G2m G3m Y1m");
    setup(g, hands, "B3m@0,0", "Y1m");
    play(g, "play B4m right of B3m");
    play(g, "draw Y1m");
    ck_assert_int_eq(current(g), 1);
    ck_assert_int_eq(hand_size(g, 0), 2);
    crown_free(g);
}
END_TEST

/* ---- 1.4 special abilities -------------------------------------------- */

START_TEST(ruling_skip_and_reverse)
{
    crown_game *g = game("players=4");
    const char *const hands[] = {"B2f-skip B5m-reverse Y1m", "R1f R2m", "G1f G2m", "Y6f Y7f"};
    setup(g, hands, "Y2m@0,0 Y5f@0,8", "rest");
    play(g, "play B2f-skip left of Y2m");
    ck_assert_int_eq(current(g), 2);
    crown_free(g);
    g = game("players=4");
    setup(g, hands, "Y2m@0,0 Y5f@0,8", "rest");
    play(g, "play B5m-reverse right of Y5f");
    ck_assert_int_eq(current(g), 3);
    ck_assert(sees(g, 1, "direction: counterclockwise"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_reverse_with_two_players)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"B5m-reverse Y1m R1m", "R1f R2m"};
    setup(g, hands, "Y5f@0,0", "rest");
    play(g, "play B5m-reverse right of Y5f");
    ck_assert_int_eq(current(g), 1); /* no further effect */
    crown_free(g);
    g = game("players=2,two_player_reverse=skip");
    setup(g, hands, "Y5f@0,0", "rest");
    play(g, "play B5m-reverse right of Y5f");
    ck_assert_int_eq(current(g), 0); /* as a Skip */
    crown_free(g);
}
END_TEST

START_TEST(ruling_draw_three_and_shifting)
{
    crown_game *g = game("players=3");
    const char *const hands[] = {"B8f-draw3 Y1m R4m", "R8f-draw3 R2m B4m", "G1f G2m G3m"};
    setup(g, hands, "B3f@0,0 R6m@0,6", "rest");
    play(g, "play B8f-draw3 right of B3f");
    ck_assert_int_eq(current(g), 1);
    ck_assert_int_eq(st(g)->mode, KBG_M_PENDING);
    ck_assert(sees(g, 2, "pending Draw 3: 3 cards"));
    /* Shifting: only Skip, Reverse or Draw 3 cards, with normal matching. */
    ck_assert(can_play(g, "play R8f-draw3 right of R6m"));
    ck_assert(!can_play(g, "play B4m left of B3f"));
    ck_assert(can_play(g, "take"));
    ck_assert(!can_play(g, "draw"));
    /* The shift is the whole turn: R8f beside R6m would marry, but does
     * not; another Draw 3 adds 3 more. */
    play(g, "play R8f-draw3 right of R6m");
    ck_assert_int_eq(current(g), 2);
    ck_assert_int_eq(st(g)->pending, 6);
    ck_assert_int_eq(gn_count(&st(g)->gn), 4); /* no child */
    /* Seat 2 takes: draws 6, then plays his turn normally. */
    play(g, "take");
    draw_any(g, 6);
    ck_assert_int_eq(hand_size(g, 2), 9);
    ck_assert_int_eq(current(g), 2);
    ck_assert_int_eq(st(g)->mode, KBG_M_TURN);
    ck_assert_int_eq(st(g)->pending, 0);
    crown_free(g);
}
END_TEST

/* RULINGS 1.4: a shift is played with normal matching, the King's Blood
 * card's relaxation included, and forms no Marriage even beside the King's
 * Blood character. */
START_TEST(ruling_shift_with_the_kings_blood_relaxation)
{
    crown_game *g = game("players=3,advanced=on");
    const char *const hands[] = {"B8f-draw3 Y1m R4m", "R8f-draw3 R2m Y4m", "G1f G2m G3m"};
    setup(g, hands, "B3f@0,0 G6m@0,8 kings-blood>G6m", "rest");
    play(g, "play B8f-draw3 right of B3f");
    ck_assert_int_eq(current(g), 1);
    ck_assert_int_eq(st(g)->mode, KBG_M_PENDING);
    /* R8f matches neither colour nor number of G6m: the relaxation. */
    ck_assert(can_play(g, "play R8f-draw3 right of G6m"));
    ck_assert(!can_play(g, "play Y4m right of G6m")); /* not a shifting card */
    play(g, "play R8f-draw3 right of G6m");
    ck_assert_int_eq(current(g), 2);
    ck_assert_int_eq(st(g)->pending, 6);
    ck_assert_int_eq(gn_count(&st(g)->gn), 4); /* no Marriage, no child */
    crown_free(g);
}
END_TEST

START_TEST(ruling_rulebook_draw_three_example)
{
    /* Sarah (seat 0) plays Merideth, a Draw 3, on Daniel (seat 1); Daniel
     * plays Eleeza, another Draw 3: Emily (seat 2) must draw 6; Emily plays
     * Aia, a Skip, which skips Sarah: Daniel has no defence and draws 6
     * before his normal turn. */
    crown_game *g = game("players=3");
    const char *const hands[] = {"Y8f-draw3 R1m B9m", "G8f-draw3 R2m B7m", "G2f-skip R3m B6m"};
    setup(g, hands, "Y4f@0,0 G9m@0,8", "rest");
    play(g, "play Y8f-draw3 right of Y4f");
    ck_assert_int_eq(current(g), 1);
    play(g, "play G8f-draw3 right of G9m");
    ck_assert_int_eq(current(g), 2);
    ck_assert_int_eq(st(g)->pending, 6);
    play(g, "play G2f-skip left of G9m");
    /* Sarah is skipped; the pending draw falls on Daniel. */
    ck_assert_int_eq(current(g), 1);
    ck_assert_int_eq(st(g)->pending, 6);
    ck_assert(!can_play(g, "play R2m right of Y8f-draw3"));
    play(g, "take");
    draw_any(g, 6);
    ck_assert_int_eq(current(g), 1);
    ck_assert_int_eq(hand_size(g, 1), 8);
    ck_assert_int_eq(st(g)->mode, KBG_M_TURN);
    crown_free(g);
}
END_TEST

START_TEST(ruling_skip_shift_with_two_players_comes_back)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"B8f-draw3 Y1m R1m", "B2f-skip R2m R3m"};
    setup(g, hands, "B3f@0,0", "rest");
    play(g, "play B8f-draw3 right of B3f");
    play(g, "play B2f-skip left of B3f");
    ck_assert_int_eq(current(g), 1); /* back to the shifter */
    ck_assert_int_eq(st(g)->pending, 3);
    ck_assert_int_eq(st(g)->mode, KBG_M_PENDING);
    crown_free(g);
}
END_TEST

START_TEST(ruling_a_shift_may_win)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"B8f-draw3 Y1m R1m", "B2f-skip"};
    setup(g, hands, "B3f@0,0", "rest");
    play(g, "play B8f-draw3 right of B3f");
    ck_assert(!can_play(g, "play B2f-skip left of B3f")); /* not announced */
    play(g, "announce");
    play(g, "play B2f-skip left of B3f");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->winner, 1);
    crown_free(g);
}
END_TEST

START_TEST(ruling_lost_turn_is_used_when_play_reaches_the_player)
{
    /* Seat 1 has lost a turn.  A Skip by seat 0 passes over him: the lost
     * turn stays. */
    crown_game *g = game("players=3");
    const char *const hands[] = {"B2f-skip B8f-draw3 Y1m", "R1f R2m", "G1f G2m"};
    setup(g, hands, "B3f@0,0", "rest");
    st(g)->lost = 2;
    play(g, "play B2f-skip right of B3f");
    ck_assert_int_eq(current(g), 2);
    ck_assert(st(g)->lost & 2);
    crown_free(g);
    /* A Draw 3 on a player who lost his turn: he draws, no shift, and play
     * passes on. */
    g = game("players=3");
    setup(g, hands, "B3f@0,0", "rest");
    st(g)->lost = 2;
    play(g, "play B8f-draw3 right of B3f");
    ck_assert_int_eq(current(g), CROWN_CHANCE);
    ck_assert_int_eq(st(g)->drawer, 1);
    draw_any(g, 3);
    ck_assert_int_eq(hand_size(g, 1), 5);
    ck_assert_int_eq(current(g), 2);
    ck_assert_int_eq(st(g)->pending, 0);
    ck_assert(!(st(g)->lost & 2));
    crown_free(g);
}
END_TEST

/* ---- 1.4 running out --------------------------------------------------- */

START_TEST(ruling_a_draw_from_an_empty_pile_reshuffles)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"R7m G1m R6m", "R1f"};
    setup(g, hands, "B3m@0,0", "");
    int discards = gn_set_count(&st(g)->discards);
    ck_assert_int_eq(discards, 77);
    ck_assert(can_play(g, "draw"));
    play(g, "draw");
    ck_assert_int_eq(st(g)->reshuffles, 1);
    ck_assert_int_eq(gn_set_count(&st(g)->pile), discards);
    ck_assert(sees(g, 1, "pile: 77 cards (reshuffled 1 time)"));
    crown_free(g);
}
END_TEST

START_TEST(ruling_passing_and_the_game_without_a_winner)
{
    crown_game *g = game("players=2,deck=B3m R7m G1m R6m R1f Y9f Y8f");
    const char *const hands[] = {"R7m G1m R6m", "R1f Y9f Y8f"};
    setup(g, hands, "B3m@0,0", "");
    ck_assert(gn_set_empty(&st(g)->discards));
    /* Neither play nor draw: pass. */
    ck_assert_int_eq(nlegal(g), 1);
    ck_assert(can_play(g, "pass"));
    play(g, "pass");
    ck_assert_int_eq(current(g), 1);
    ck_assert(sees(g, 0, "seat 0 (you): 3 cards, passed"));
    play(g, "pass");
    /* Every player passed since a card was last played or drawn. */
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->over, KBG_END_PASSES);
    double r[2];
    size_t n;
    OK(crown_returns(g, r, 2, &n));
    ck_assert_double_eq(r[0], 0);
    ck_assert_double_eq(r[1], 0);
    crown_free(g);
}
END_TEST

/* RULINGS 1.4: the game ends when every player has passed since a card was
 * last played or drawn, and a lost turn is neither a play, a draw nor a
 * pass. */
START_TEST(ruling_a_lost_turn_is_not_a_pass)
{
    crown_game *g = game("players=3,deck=B3m R7m G1m R6m R1f Y9f Y8f");
    const char *const hands[] = {"R7m G1m", "R6m R1f", "Y9f Y8f"};
    setup(g, hands, "B3m@0,0", "");
    st(g)->lost = 1u << 1;
    play(g, "pass");
    ck_assert_int_eq(current(g), 2); /* seat 1's turn is lost */
    play(g, "pass");
    ck_assert_int_eq(current(g), 0); /* seat 1 has not passed */
    play(g, "pass");
    ck_assert_int_eq(current(g), 1);
    play(g, "pass");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->over, KBG_END_PASSES);
    crown_free(g);
}
END_TEST

/* Seat 2 is to play the game's second turn of three: seats 2 and 0 draw
 * and stop, and the limit ends the game. */
static void second_and_third_turns(crown_game *g)
{
    ck_assert_int_eq(current(g), 2);
    play_all(g, "draw, draw Y7f, stop");
    ck_assert_int_eq(current(g), 0);
    play_all(g, "draw, draw Y6f, stop");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->over, KBG_END_MAX_TURNS);
    crown_free(g);
}

/* RULINGS 1.4: max_turns counts the turns players take; a lost turn and a
 * turn skipped by a Skip are not taken. */
START_TEST(ruling_max_turns_counts_no_lost_or_skipped_turn)
{
    crown_game *g = game("players=3,max_turns=3");
    const char *const hands[] = {"R7m G1m", "R1f Y2m", "G4m G6m"};
    setup(g, hands, "B3m@0,0", "rest");
    st(g)->lost = 1u << 1;
    play_all(g, "draw, draw Y9f, stop"); /* seat 1's turn is lost, not taken */
    second_and_third_turns(g);
    /* A Skip: the skipped player takes no turn. */
    g = game("players=3,max_turns=3");
    const char *const h2[] = {"B2f-skip G1m R7m", "R1f Y2m", "G4m G6m"};
    setup(g, h2, "B3f@0,0", "rest");
    play(g, "play B2f-skip right of B3f");
    second_and_third_turns(g);
}
END_TEST

/* Seat 0 draws and stops, then seat 1 does. */
static void two_turns(crown_game *g)
{
    play_all(g, "draw, draw Y9f, stop, draw, draw Y7f, stop");
}

START_TEST(ruling_option_max_turns)
{
    crown_game *g = game("players=2,max_turns=2");
    const char *const hands[] = {"R7m G1m", "R1f Y2m"};
    setup(g, hands, "B3m@0,0", "rest");
    st(g)->turns = 1;
    play_all(g, "draw, draw Y9f, stop");
    ck_assert_int_eq(current(g), 1);
    play_all(g, "draw, draw Y7f, stop");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->over, KBG_END_MAX_TURNS);
    ck_assert(sees(g, 0, "game over: the game's turn limit was reached, no winner"));
    ck_assert(json_has(g, "\"end\": \"max_turns\""));
    ck_assert(piece(g, "end", KBG_END_MAX_TURNS) == 1.0f);
    crown_free(g);
    /* 1000 turns by default; 0 is no limit. */
    g = game("players=2");
    setup(g, hands, "B3m@0,0", "rest");
    st(g)->turns = 999;
    two_turns(g);
    ck_assert_int_eq(st(g)->over, KBG_END_MAX_TURNS);
    crown_free(g);
    g = game("players=2,max_turns=0");
    setup(g, hands, "B3m@0,0", "rest");
    st(g)->turns = 999;
    two_turns(g);
    ck_assert_int_eq(current(g), 0);
    crown_free(g);
    /* In a match the turns of each game count: a game ended by the limit
     * scores nothing and the next one is dealt, its turns counted from 0. */
    g = game("players=2,match=on,max_turns=2");
    setup(g, hands, "B3m@0,0", "rest");
    st(g)->turns = 1;
    st(g)->match_turns = 1;
    two_turns(g);
    ck_assert_int_eq(st(g)->phase, KBG_DEAL);
    ck_assert_int_eq(st(g)->games_done, 1);
    ck_assert_int_eq(st(g)->last_winner, KBG_NONE);
    ck_assert_int_eq(st(g)->total[0] + st(g)->total[1], 0);
    draw_any(g, 15); /* the deal and the founder */
    ck_assert_int_eq(st(g)->turns, 1);
    ck_assert_int_eq(st(g)->match_turns, 3);
    ck_assert_int_eq(current(g), 0); /* on the left of the new dealer, seat 1 */
    crown_free(g);
}
END_TEST

/* Seat 0 ends the turn (set up as the game's 12th) with one unannounced
 * card (the 12th turn of the match too): the penalty is drawn and the lost
 * turn marked (chance=explicit: three chance nodes first), then the game ends
 * without a winner, for the reason `end`. */
static void penalty_then_the_end(crown_game *g, int end)
{
    const char *const hands[] = {"B4m B6m", "R1f R2m"};
    setup(g, hands, "B3m@0,0", "rest");
    st(g)->turns = st(g)->match_turns = 12;
    play(g, "play B4m right of B3m");
    for (int i = 1; i <= 3; i++) {
        ck_assert_int_eq(current(g), CROWN_CHANCE);
        ck_assert_int_eq(st(g)->phase, KBG_DRAW);
        ck_assert_int_eq(st(g)->drawer, 0);
        ck_assert(st(g)->lost & 1);
        draw_any(g, 1);
        ck_assert_int_eq(hand_size(g, 0), 1 + i);
    }
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->over, end);
    ck_assert_int_eq(st(g)->winner, KBG_NONE);
    ck_assert_int_eq(hand_size(g, 0), 4);
    ck_assert(st(g)->lost & 1);
    ck_assert(sees(g, 1, "seat 0: 4 cards, loses his next turn"));
    ck_assert(json_has(g, "\"loses_turn\": true"));
    ck_assert(piece(g, "loses_turn", 0) == 1.0f);
    double r[2], sc[2];
    size_t n;
    OK(crown_returns(g, r, 2, &n));
    OK(crown_scores(g, sc, 2, &n));
    for (int q = 0; q < 2; q++) {
        ck_assert_double_eq(r[q], 0);
        ck_assert_double_eq(sc[q], 0); /* a game without a winner scores nothing */
    }
    sound(g);
}

/* RULINGS 1.4: when the max_turns-th turn ends with one unannounced card,
 * the turn's consequences come first (the 3 penalty cards drawn, the lost
 * turn marked), then the game ends without a winner. */
START_TEST(ruling_max_turns_ends_the_game_after_the_turns_penalty)
{
    /* The game: two players, advanced rules, scoring B. */
    crown_game *g = game("players=2,advanced=on,scoring=B,max_turns=12");
    penalty_then_the_end(g, KBG_END_MAX_TURNS);
    ck_assert(json_has(g, "\"end\": \"max_turns\""));
    /* Undo takes the draws back one by one, then the play. */
    for (int i = 0; i < 3; i++) {
        OK(crown_undo(g));
        ck_assert_int_eq(current(g), CROWN_CHANCE);
    }
    OK(crown_undo(g));
    ck_assert_int_eq(current(g), 0);
    ck_assert_int_eq(hand_size(g, 0), 2);
    ck_assert(!(st(g)->lost & 1));
    crown_free(g);
    /* With chance=auto the handle draws the penalty before the end; undo
     * takes the play back with its draws. */
    kb_default_deck(&D);
    g = new_game("kings_blood", "players=2,advanced=on,scoring=B,max_turns=12", 1);
    const char *const hands[] = {"B4m B6m", "R1f R2m"};
    setup(g, hands, "B3m@0,0", "rest");
    st(g)->turns = 12;
    play(g, "play B4m right of B3m");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->over, KBG_END_MAX_TURNS);
    ck_assert_int_eq(hand_size(g, 0), 4);
    ck_assert(st(g)->lost & 1);
    OK(crown_undo(g));
    ck_assert_int_eq(current(g), 0);
    ck_assert_int_eq(hand_size(g, 0), 2);
    ck_assert(!(st(g)->lost & 1));
    crown_free(g);
    /* The match's turn limit on that turn: the penalty, then the game and
     * the match end. */
    g = game("players=2,advanced=on,scoring=B,match=on,max_match_turns=12");
    penalty_then_the_end(g, KBG_END_MATCH_TURNS);
    ck_assert_int_eq(st(g)->match_over, KBG_MATCH_MAX_TURNS);
    ck_assert(json_has(g, "\"match_end\": \"max_match_turns\"}"));
    crown_free(g);
    /* A game of a match ended by max_turns: the penalty is drawn before the
     * next game is dealt. */
    g = game("players=2,advanced=on,scoring=B,match=on,max_turns=12");
    setup(g, hands, "B3m@0,0", "rest");
    st(g)->turns = 12;
    play(g, "play B4m right of B3m");
    for (int i = 0; i < 3; i++) {
        ck_assert_int_eq(st(g)->phase, KBG_DRAW);
        draw_any(g, 1);
    }
    ck_assert_int_eq(st(g)->phase, KBG_DEAL);
    ck_assert_int_eq(st(g)->games_done, 1);
    ck_assert_int_eq(st(g)->total[0] + st(g)->total[1], 0);
    crown_free(g);
}
END_TEST

/* The same rule in a game played from its deal with chance=auto: a seed
 * whose 12th turn ends with one unannounced card (random choices) ends with
 * the penalty drawn, and its saved game loads to the same end, with
 * chance=explicit too. */
START_TEST(ruling_max_turns_penalty_in_a_saved_game)
{
    const char *opts = "players=2,advanced=on,scoring=B,max_turns=12";
    crown_game *g = NULL;
    int found = 0;
    for (uint64_t seed = 1; seed <= 2000 && !found; seed++) {
        kb_default_deck(&D);
        g = new_game("kings_blood", opts, seed);
        trng r = {seed};
        random_moves(g, 100000, &r);
        const kbg_state *s = st(g);
        found = s->over == KBG_END_MAX_TURNS && (s->lost & (1u << s->player)) &&
                s->draws_left == 0;
        if (!found)
            crown_free(g);
    }
    ck_assert_msg(found, "no game of 2000 ends its 12th turn with one unannounced card");
    int p = st(g)->player;
    ck_assert_int_gt(hand_size(g, p), 1);
    assert_same_as_loaded(g);
    char *text = serialize(g);
    char *at = strstr(text, "chance=auto");
    ck_assert_ptr_nonnull(at);
    char explicit_text[1 << 16];
    ck_assert_uint_lt(strlen(text) + 8, sizeof explicit_text);
    snprintf(explicit_text, sizeof explicit_text, "%.*schance=explicit%s", (int)(at - text), text,
             at + strlen("chance=auto"));
    crown_game *l;
    OK(crown_deserialize(&l, explicit_text));
    ck_assert_int_eq(current(l), CROWN_TERMINAL);
    uint64_t a, b;
    OK(crown_state_hash(g, &a));
    OK(crown_state_hash(l, &b));
    ck_assert_uint_eq(a, b);
    /* The last three moves are the penalty's draws. */
    OK(crown_undo(l));
    ck_assert_int_eq(current(l), CROWN_CHANCE);
    ck_assert_int_eq(st(l)->drawer, p);
    crown_free(l);
    free(text);
    crown_free(g);
}
END_TEST

/* ---- 1.4 winning -------------------------------------------------------- */

START_TEST(ruling_winning_marriage_still_resolves)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"B5f", "R1f R2m"};
    setup(g, hands, "B3m@0,0 Y7m@0,8", "rest");
    play(g, "announce");
    play(g, "play B5f right of B3m");
    ck_assert_int_eq(st(g)->winner, 0);
    ck_assert_int_eq(st(g)->phase, KBG_MARRIAGE);
    play(g, "marriage exile");
    /* The forced Exile may not give a card to the winner. */
    ck_assert(!can_play(g, "exile on Y7m to seat 0"));
    ck_assert(can_play(g, "exile on Y7m to seat 1"));
    play(g, "exile on Y7m to seat 1");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->winner, 0);
    double r[2];
    size_t n;
    OK(crown_returns(g, r, 2, &n));
    ck_assert_double_eq(r[0], 1);
    ck_assert_double_eq(r[1], -1);
    crown_free(g);
}
END_TEST

/* Seat 0 wins with B5f beside B3m, the Marriage draws an Enthronement, and
 * it is played on `target`. */
static crown_game *win_then_enthrone(const char *const hands[], const char *gen,
                                     const char *target)
{
    crown_game *g = game("players=3,advanced=on");
    setup(g, hands, gen, "rest");
    play(g, "announce");
    play(g, "play B5f right of B3m");
    ck_assert_int_eq(st(g)->winner, 0);
    play(g, "marriage enthronement");
    play(g, target);
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->winner, 0);
    ck_assert(!holds(g, 0, "kings-blood"));
    return g;
}

/* RULINGS 1.4: after the winning card nothing changes the result, and the
 * King's Blood card stays where it is, set aside if the card carrying it is
 * discarded: a forced Enthronement does not give it to the winner. */
START_TEST(ruling_winning_kings_blood_card_stays_where_it_is)
{
    const char *const hands[] = {"B5f", "R1f R2m", "G1f G2m"};
    const char *gen = "B3m@0,0 Y7m@0,8 kings-blood>Y7m";
    /* Carried by a card the Enthronement discards: set aside. */
    crown_game *g = win_then_enthrone(hands, gen, "enthronement on B3m");
    ck_assert(gn_set_has(&st(g)->aside, D.n));
    crown_free(g);
    /* Carried by the enthroned card: it stays attached. */
    g = win_then_enthrone(hands, gen, "enthronement on Y7m");
    ck_assert(gn_set_has(&st(g)->gn.attached, D.n));
    ck_assert(!gn_set_has(&st(g)->aside, D.n));
    crown_free(g);
    /* In another hand: it stays there, and its holder does not win. */
    const char *const h2[] = {"B5f", "kings-blood", "G1f G2m"};
    g = win_then_enthrone(h2, "B3m@0,0 Y7m@0,8", "enthronement on B3m");
    ck_assert(holds(g, 1, "kings-blood"));
    crown_free(g);
}
END_TEST

/* ---- 1.4 advanced rules ------------------------------------------------ */

START_TEST(ruling_advanced_kings_blood_card)
{
    crown_game *g = game("players=3,advanced=on");
    ck_assert(gn_set_has(&st(g)->aside, D.n)); /* set aside at the start */
    const char *const hands[] = {"enthronement Y1m G6m", "R1f R2m", "G1f G2m"};
    setup(g, hands, "B3m@0,0", "rest");
    ck_assert(sees(g, 1, "King's Blood card: set aside"));
    /* Whoever plays an Enthronement takes it. */
    play(g, "enthronement on B3m");
    ck_assert(holds(g, 0, "kings-blood"));
    ck_assert(sees(g, 1, "face up: kings-blood"));
    /* Played under an Active card, then one more card. */
    st(g)->player = 0;
    st(g)->mode = KBG_M_TURN;
    play(g, "kings-blood on B3m");
    ck_assert_int_eq(st(g)->mode, KBG_M_FREE);
    /* Any Character beside it, and that always marries. */
    ck_assert(can_play(g, "play G6m right of B3m"));
    play(g, "play G6m right of B3m");
    ck_assert_int_eq(st(g)->phase, KBG_MARRIAGE);
    crown_free(g);
}
END_TEST

START_TEST(ruling_kings_blood_card_assassinated_exiled_enthroned)
{
    crown_game *g = game("players=3,advanced=on");
    const char *const hands[] = {"assassination exile Y1m", "R1f R2m", "G1f G2m"};
    setup(g, hands, "B3m@0,0 kings-blood>B3m Y5f@0,8", "rest");
    play(g, "assassination on B3m");
    ck_assert(gn_set_has(&st(g)->aside, D.n)); /* set aside */
    crown_free(g);
    g = game("players=3,advanced=on");
    setup(g, hands, "B3m@0,0 kings-blood>B3m Y5f@0,8", "rest");
    play(g, "exile on B3m to seat 2");
    ck_assert(holds(g, 2, "kings-blood")); /* it goes with the Character */
    crown_free(g);
    /* Its only holder wins when another's Enthronement takes it. */
    g = game("players=3,advanced=on");
    const char *const h3[] = {"enthronement Y1m", "kings-blood", "G1f G2m"};
    setup(g, h3, "B3m@0,0", "rest");
    play(g, "enthronement on B3m");
    ck_assert(holds(g, 0, "kings-blood"));
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->winner, 1);
    crown_free(g);
    /* A forced Enthronement takes it too. */
    g = game("players=3,advanced=on");
    const char *const h4[] = {"B5f Y1m R1m", "R1f", "G1f"};
    setup(g, h4, "B3m@0,0 Y6f@0,8 kings-blood>Y6f", "rest");
    play(g, "play B5f right of B3m");
    play(g, "marriage enthronement");
    play(g, "enthronement on B3m");
    ck_assert(holds(g, 0, "kings-blood"));
    crown_free(g);
}
END_TEST

/* ---- 1.4 scoring and match play ---------------------------------------- */

START_TEST(ruling_scoring_methods)
{
    crown_game *g = game("players=3");
    const char *const hands[] = {"B4m", "R1f R2m exile", "G9f"};
    setup(g, hands, "B3m@0,0 enthronement>B3m", "rest");
    play(g, "announce");
    play(g, "play B4m right of B3m");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    double sc[3];
    size_t n;
    OK(crown_scores(g, sc, 3, &n));
    /* A: the opponents' hands (1+2+10, 9) and 5 per generation (1). */
    ck_assert_double_eq(sc[0], 1 + 2 + 10 + 9 + 5);
    ck_assert_double_eq(sc[1], 0);
    crown_free(g);
    g = game("players=3,scoring=B,event_points=7");
    setup(g, hands, "B3m@0,0 enthronement>B3m", "rest");
    play(g, "announce");
    play(g, "play B4m right of B3m");
    OK(crown_scores(g, sc, 3, &n));
    /* B: every other player his own hand; the winner -5 per generation. */
    ck_assert_double_eq(sc[0], -5);
    ck_assert_double_eq(sc[1], 1 + 2 + 7);
    ck_assert_double_eq(sc[2], 9);
    crown_free(g);
}
END_TEST

START_TEST(ruling_match_play)
{
    crown_game *g = game("players=2,match=on,target=20");
    ck_assert_int_eq(st(g)->dealer, 0);
    const char *const hands[] = {"B4m", "R9f R8m exile"};
    setup(g, hands, "B3m@0,0", "rest");
    play(g, "announce");
    play(g, "play B4m right of B3m");
    /* 27 points reach the target: the match is over, seat 0 wins. */
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    double r[2], sc[2];
    size_t n;
    OK(crown_scores(g, sc, 2, &n));
    ck_assert_double_eq(sc[0], 27);
    OK(crown_returns(g, r, 2, &n));
    ck_assert_double_eq(r[0], 1);
    ck_assert_double_eq(r[1], -1);
    crown_free(g);
    /* Below the target, the next game is dealt by the player on the left. */
    g = game("players=2,match=on,target=100");
    setup(g, hands, "B3m@0,0", "rest");
    play(g, "announce");
    play(g, "play B4m right of B3m");
    ck_assert_int_eq(current(g), CROWN_CHANCE);
    ck_assert_int_eq(st(g)->phase, KBG_DEAL);
    ck_assert_int_eq(st(g)->dealer, 1);
    ck_assert_int_eq(st(g)->games_done, 1);
    ck_assert_int_eq(st(g)->total[0], 27);
    ck_assert_int_eq(gn_set_count(&st(g)->pile), 82);
    sound(g);
    double r2[2];
    OK(crown_returns(g, r2, 2, &n));
    ck_assert_double_eq(r2[0], 0); /* nothing is settled before the end */
    crown_free(g);
}
END_TEST

START_TEST(ruling_match_play_method_b_lowest_wins_ties_share)
{
    crown_game *g = game("players=3,match=on,scoring=B,target=10");
    const char *const hands[] = {"B4m", "R9f R8m", "G4f"};
    setup(g, hands, "B3m@0,0", "rest");
    st(g)->total[0] = 3;
    st(g)->total[2] = -1;
    play(g, "announce");
    play(g, "play B4m right of B3m");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    /* Totals 3, 17, 3: the lowest, 3, is shared by seats 0 and 2. */
    double r[3];
    size_t n;
    OK(crown_returns(g, r, 3, &n));
    ck_assert_double_eq_tol(r[0], 0.5, 1e-12);
    ck_assert_double_eq_tol(r[2], 0.5, 1e-12);
    ck_assert_double_eq_tol(r[1], -1, 1e-12);
    crown_free(g);
}
END_TEST

/* ---- 1.4 public information --------------------------------------------- */

START_TEST(ruling_public_information)
{
    crown_game *g = game("players=3");
    const char *const hands[] = {"B5f R7m G1m", "R1f Y2m", "G2f-skip"};
    setup(g, hands, "B3m@0,0", "rest");
    gn_set_add(&st(g)->known[1], id("Y2m"));
    char *o = observe(g, 2);
    ck_assert_msg(strstr(o, "seat 0: 3 cards\n"), "%s", o);
    ck_assert_msg(strstr(o, "seat 1: 2 cards, face up: Y2m\n"), "%s", o);
    ck_assert_msg(strstr(o, "seat 2 (you): 1 card: G2f-skip\n"), "%s", o);
    ck_assert_msg(!strstr(o, "B5f"), "%s", o);
    free(o);
    o = observe(g, CROWN_SPECTATOR);
    ck_assert_msg(!strstr(o, "G2f") && !strstr(o, "R7m") && !strstr(o, "R1f"), "%s", o);
    free(o);
    /* A drawn card is seen by its drawer only. */
    play(g, "draw");
    play(g, "draw Y9f");
    ck_assert(sees(g, 0, "drawn: Y9f"));
    ck_assert(!sees(g, 1, "Y9f"));
    ck_assert(sees(g, 1, "seat 0 drew a card"));
    size_t len;
    char t[64];
    OK(crown_history_length(g, &len));
    OK(crown_history_text(g, len - 1, 1, t, sizeof t, &len));
    ck_assert_str_eq(t, "draw: seat 0 draws a card");
    crown_free(g);
}
END_TEST

START_TEST(decision_resample_keeps_face_up_cards)
{
    /* Play until somebody holds a card received face up. */
    crown_game *g = NULL;
    trng r = {5};
    crown_move m[CROWN_MAX_MOVES_HINT];
    size_t n;
    int found = 0;
    for (uint64_t seed = 1; seed < 100 && !found; seed++) {
        crown_free(g);
        g = new_game("kings_blood", "players=4,advanced=on", seed);
        while (!terminal(g) && !found) {
            OK(crown_legal_moves(g, m, CROWN_MAX_MOVES_HINT, &n));
            OK(crown_apply(g, m[trng_below(&r, n)]));
            for (int p = 0; p < 4; p++)
                found |= !gn_set_empty(&st(g)->known[p]) && !terminal(g);
        }
    }
    ck_assert(found);
    for (int viewer = 0; viewer < 4; viewer++) {
        crown_game *d = NULL;
        OK(crown_resample(g, viewer, 99, &d));
        for (int p = 0; p < 4; p++) {
            const kbg_state *a = crown_internal_state(g), *b = crown_internal_state(d);
            ck_assert_int_eq(gn_set_count(&a->known[p]), gn_set_count(&b->known[p]));
            ck_assert_int_eq(gn_set_count(&a->hand[p]), gn_set_count(&b->hand[p]));
        }
        char *o1 = observe(g, viewer), *o2 = observe(d, viewer);
        ck_assert_str_eq(o1, o2);
        free(o1);
        free(o2);
        crown_free(d);
    }
    crown_free(g);
}
END_TEST

/* How many cards of the face of `t` seat p holds. */
static int holds_face(const kbg_state *s, int p, const char *t)
{
    gn_set k = {{0, 0}};
    for (int c = 0; c < D.n; c++)
        if (D.face[c] == D.face[id(t)] && gn_set_has(&s->hand[p], c))
            gn_set_add(&k, c);
    return gn_set_count(&k);
}

/* In how many of 16 determinizations for seat 1 seat 0 holds no card of the
 * face of `t`; each keeps seat 0's hand size and the cards known in it. */
static int determinizations_without(crown_game *g, const char *t)
{
    const kbg_state *a = st(g);
    int without = 0;
    for (uint64_t seed = 0; seed < 16; seed++) {
        crown_game *d = NULL;
        OK(crown_resample(g, 1, seed, &d));
        const kbg_state *b = crown_internal_state(d);
        without += holds_face(b, 0, t) == 0;
        ck_assert_int_eq(gn_set_count(&b->hand[0]), gn_set_count(&a->hand[0]));
        ck_assert_int_eq(gn_set_count(&b->known[0]), gn_set_count(&a->known[0]));
        crown_free(d);
    }
    return without;
}

START_TEST(decision_playing_the_card_just_drawn_forgets_nothing)
{
    /* Seat 0 holds an Enthronement face up (an Exile gave it to him), draws
     * the other one and plays it at once: everybody saw that the drawn card
     * was played, so the face-up one is still known. */
    crown_game *g = game("players=2");
    play_all(g, "deal enthronement, deal R1f, deal exile, deal R2m, deal Y3m, deal R3f, "
                "deal Y4m, deal R4m, deal Y6m, deal R6m, deal Y7m, deal R7f, deal Y8m, "
                "deal R9m, found B1m");
    play_all(g, "enthronement on B1m, draw, draw G1f, stop, exile on B1m to seat 0, "
                "turn G5m-reverse");
    ck_assert_int_eq(gn_set_count(&st(g)->known[0]), 2);
    ck_assert(sees(g, 1, "face up: B1m enthronement\n"));
    play_all(g, "draw, draw enthronement, enthronement on G5m-reverse");
    ck_assert_int_eq(current(g), 1);
    ck_assert_int_eq(holds_face(st(g), 0, "enthronement"), 1);
    ck_assert_int_eq(gn_set_count(&st(g)->known[0]), 2);
    ck_assert(sees(g, 1, "face up: B1m enthronement\n"));
    sound(g);
    /* Every determinization keeps it in his hand. */
    ck_assert_int_eq(determinizations_without(g, "enthronement"), 0);
    crown_free(g);

    /* Seat 0 was dealt an Enthronement nobody saw, draws the other one and
     * plays it at once: the drawn card was played, and the dealt one may be
     * anything in another seat's determinization. */
    g = game("players=2");
    play_all(g, "deal R1f, deal enthronement, deal R2m, deal Y3m, deal R3f, deal Y4m, "
                "deal R4m, deal Y6m, deal R6m, deal Y7m, deal R7f, deal Y8m, deal R9m, "
                "deal G1f, found B1m");
    play_all(g, "draw, draw G2f-skip, stop, draw, draw enthronement, enthronement on B1m");
    ck_assert_int_eq(current(g), 1);
    ck_assert_int_eq(holds_face(st(g), 0, "enthronement"), 1);
    ck_assert_int_gt(determinizations_without(g, "enthronement"), 0);
    crown_free(g);
}
END_TEST

START_TEST(decision_a_copy_known_face_up_is_taken_to_be_the_one_played)
{
    /* Seat 0 was dealt an Enthronement nobody saw and receives the other
     * one face up (seat 1 enthrones B1m and exiles it to him); he plays an
     * Enthronement: the known one is forgotten, and the dealt card may be
     * anything in another seat's determinization. */
    crown_game *g = game("players=2");
    play_all(g, "deal exile, deal enthronement, deal enthronement, deal R2m, deal Y3m, "
                "deal R3f, deal Y4m, deal R4m, deal Y6m, deal R6m, deal Y7m, deal R7f, "
                "deal Y8m, deal R9m, found B1m");
    /* (The one dealt to seat 0 has the lower id: it is the copy a move plays.) */
    ck_assert(holds(g, 0, "enthronement"));
    play_all(g, "enthronement on B1m, draw, draw G1f, stop, exile on B1m to seat 0, "
                "turn G5m-reverse");
    ck_assert(sees(g, 1, "face up: B1m enthronement\n"));
    play(g, "enthronement on G5m-reverse");
    ck_assert_int_eq(holds_face(st(g), 0, "enthronement"), 1);
    ck_assert(sees(g, 1, "face up: B1m\n"));
    ck_assert_int_gt(determinizations_without(g, "enthronement"), 0);
    crown_free(g);
}
END_TEST

START_TEST(decision_resample_redeals_hidden_cards)
{
    /* Over many resamples, another seat's hand changes, the viewer's never. */
    crown_game *g = new_game("kings_blood", "players=3", 4);
    int changed = 0;
    const kbg_state *a = crown_internal_state(g);
    char *mine = observe(g, 0);
    for (uint64_t seed = 0; seed < 20; seed++) {
        crown_game *d = NULL;
        OK(crown_resample(g, 0, seed, &d));
        const kbg_state *b = crown_internal_state(d);
        char *o = observe(d, 0);
        ck_assert_str_eq(o, mine);
        free(o);
        changed |= memcmp(&a->hand[1], &b->hand[1], sizeof a->hand[1]) != 0;
        crown_free(d);
    }
    free(mine);
    ck_assert(changed);
    crown_free(g);
}
END_TEST

START_TEST(decision_move_notation)
{
    crown_game *g = game("players=3");
    const char *const hands[] = {"B5f exile R7m", "R1f", "G1f"};
    setup(g, hands, "B3m@0,0", "rest");
    crown_move a, b;
    OK(crown_move_from_text(g, "EXILE on b3m TO SEAT 02", &a));
    OK(crown_move_from_text(g, "exile on B3m to seat 2", &b));
    ck_assert_int_eq(a, b);
    ck_assert_int_eq(a, CROWN_KB_EXILE(id("exile"), id("B3m"), 2));
    ck_assert_int_eq(crown_move_from_text(g, "exile on B3m to seat 3", &a), CROWN_EILLEGAL);
    ck_assert_int_eq(crown_move_from_text(g, "exile on B3m", &a), CROWN_EPARSE);
    ck_assert_int_eq(crown_move_from_text(g, "take", &a), CROWN_EILLEGAL);
    ck_assert_int_eq(crown_move_from_text(g, "stop now", &a), CROWN_EPARSE);
    ck_assert_int_eq(crown_move_from_text(g, "kings-blood on B3m", &a), CROWN_EILLEGAL);
    crown_free(g);
}
END_TEST

START_TEST(decision_pass_is_offered_with_announce)
{
    /* One Character, unannounced, nothing to draw: no play is legal now;
     * the player may announce (then play) or pass. */
    crown_game *g = game("players=2,deck=B3m B5m R1f R2m");
    const char *const hands[] = {"B5m", "R1f R2m"};
    setup(g, hands, "B3m@0,0", "");
    ck_assert(can_play(g, "announce"));
    ck_assert(can_play(g, "pass"));
    ck_assert_int_eq(nlegal(g), 2);
    crown_free(g);
}
END_TEST

START_TEST(decision_max_match_turns_ends_a_match_without_a_winner)
{
    /* The turn that brings the match's turns to max_match_turns ends the
     * match, in the middle of a game, without a winner. */
    crown_game *g = game("players=2,match=on,max_match_turns=3");
    const char *const hands[] = {"R7m G1m", "R1f Y2m"};
    setup(g, hands, "B3m@0,0", "rest");
    st(g)->match_turns = 2;
    st(g)->total[0] = 50;
    two_turns(g);
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->over, KBG_END_MATCH_TURNS);
    ck_assert_int_eq(st(g)->match_over, KBG_MATCH_MAX_TURNS);
    double r[2];
    size_t n;
    OK(crown_returns(g, r, 2, &n));
    ck_assert_double_eq(r[0], 0);
    ck_assert_double_eq(r[1], 0);
    ck_assert(sees(g, 1, "game over: the match's turn limit was reached, no winner\n"
                         "match over: no winner, the match's turn limit was reached\n"));
    ck_assert(json_has(g, "\"end\": \"max_match_turns\""));
    ck_assert(json_has(g, "\"match_winners\": [], \"match_end\": \"max_match_turns\"}"));
    ck_assert(piece(g, "end_max_match_turns", 0) == 1.0f);
    ck_assert(piece(g, "end", KBG_END_MAX_TURNS) == 0.0f);
    ck_assert(piece(g, "match_end", 1) == 1.0f);
    crown_free(g);
    /* A game won on the last turn scores, and the match ends there too. */
    g = game("players=2,match=on,max_match_turns=1");
    const char *const h2[] = {"B4m", "R1f Y2m"};
    setup(g, h2, "B3m@0,0", "rest");
    st(g)->match_turns = 1;
    play_all(g, "announce, play B4m right of B3m");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    ck_assert_int_eq(st(g)->over, KBG_END_WINNER);
    ck_assert_int_eq(st(g)->match_over, KBG_MATCH_MAX_TURNS);
    ck_assert_int_eq(st(g)->total[0], 3);
    OK(crown_returns(g, r, 2, &n));
    ck_assert_double_eq(r[0], 0);
    crown_free(g);
    /* ... unless its points reach the target. */
    g = game("players=2,match=on,max_match_turns=1,target=3");
    setup(g, h2, "B3m@0,0", "rest");
    st(g)->match_turns = 1;
    play_all(g, "announce, play B4m right of B3m");
    ck_assert_int_eq(st(g)->match_over, KBG_MATCH_TARGET);
    ck_assert(json_has(g, "\"match_end\": \"target\"}"));
    ck_assert(piece(g, "match_end", 0) == 1.0f);
    OK(crown_returns(g, r, 2, &n));
    ck_assert_double_eq(r[0], 1);
    crown_free(g);
    /* A game ended by its own limit on that turn says so. */
    g = game("players=2,match=on,max_turns=5,max_match_turns=9");
    setup(g, hands, "B3m@0,0", "rest");
    st(g)->turns = 4;
    st(g)->match_turns = 8;
    two_turns(g);
    ck_assert_int_eq(st(g)->over, KBG_END_MAX_TURNS);
    ck_assert_int_eq(st(g)->match_over, KBG_MATCH_MAX_TURNS);
    ck_assert(piece(g, "end_max_match_turns", 0) == 0.0f);
    crown_free(g);
    /* Outside a match the option does nothing. */
    g = game("players=2,max_match_turns=1");
    setup(g, hands, "B3m@0,0", "rest");
    st(g)->match_turns = 5;
    two_turns(g);
    ck_assert_int_eq(current(g), 0);
    crown_free(g);
    /* Its default. */
    g = new_game("kings_blood", "match=on", 1);
    char opts[512];
    size_t len;
    OK(crown_game_string(g, opts, sizeof opts, &len));
    ck_assert_msg(strstr(opts, ",max_turns=1000,max_match_turns=100000,"), "%s", opts);
    crown_free(g);
}
END_TEST

/* Always the first legal move, chance outcomes included; returns the moves
 * made, or fails after `most`. */
static long first_moves_to_the_end(crown_game *g, long most)
{
    long made = 0;
    while (!terminal(g)) {
        crown_move m[CROWN_MAX_MOVES_HINT];
        size_t n;
        OK(crown_legal_moves(g, m, CROWN_MAX_MOVES_HINT, &n));
        OK(crown_apply(g, m[0]));
        ck_assert_msg(++made < most, "no end after %ld moves", most);
    }
    return made;
}

START_TEST(decision_a_match_needs_more_characters_than_the_deal_gives)
{
    /* A deal of such a deck could leave no Character to found the
     * Genealogy; its game would end before any turn, and a match could deal
     * such games for ever (with chance=explicit a caller may choose them
     * every time): the options are refused, when a game is made or
     * loaded. */
    static const char *const refused[] = {
        "players=2,match=on,deck=B1m B1f",
        "players=2,match=on,deck=B1m B1f B2m B2f B3m B3f B4m B4f B5m B5f B6m B6f B7m B7f",
        "players=2,match=on,deck=B1m assassination assassination assassination assassination "
        "exile exile exile exile new-connection new-connection new-connection enthronement "
        "enthronement enthronement",
        "players=2,match=on,deck=B1m B1f B2m B2f B3m B3f B4m B4f B5m B5f B6m B6f B7m B7f exile "
        "exile exile exile exile exile exile exile exile exile",
        "players=3,match=on,advanced=on,deck=B1m B1f B2m B2f B3m B3f B4m B4f B5m B5f B6m B6f B7m "
        "B7f B8m B8f B9m B9f Y1m Y1f Y2m exile"};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        for (int explicit = 0; explicit < 2; explicit++) {
            char opts[512], err[512] = "";
            snprintf(opts, sizeof opts, "%s%s", refused[i], explicit ? ",chance=explicit" : "");
            crown_game *g = NULL;
            ck_assert_int_eq(crown_new_ex(&g, "kings_blood", opts, 1, err, sizeof err),
                             CROWN_EOPTION);
            ck_assert_ptr_null(g);
            ck_assert_msg(strstr(err, "so a deal could leave no Character to found the Genealogy"),
                          "%s", err);
            ck_assert_msg(strstr(err, "a match needs more than"), "%s", err);
            char save[1024];
            snprintf(save, sizeof save, "crown-save 1\ngame kings_blood:%s\nseed 1\nmoves 0\n",
                     opts);
            err[0] = '\0';
            ck_assert_int_eq(crown_deserialize_ex(&g, save, err, sizeof err), CROWN_EOPTION);
            ck_assert_ptr_null(g);
            ck_assert_msg(strstr(err, "a match needs more than"), "%s", err);
        }
    }
    /* One Character more, and every deal leaves one to found the Genealogy:
     * every game takes turns, which the limits bound, even when every
     * decision and every chance outcome is the first one listed. */
    const char *enough = "players=2,match=on,max_turns=30,max_match_turns=300,chance=explicit,"
                         "deck=B1m B1f B2m B2f B3m B3f B4m B4f B5m B5f B6m B6f B7m B7f B8m exile "
                         "exile exile exile";
    crown_game *g = new_game("kings_blood", enough, 1);
    first_moves_to_the_end(g, 200000);
    ck_assert_int_eq(st(g)->match_over, KBG_MATCH_MAX_TURNS);
    crown_free(g);
    /* A single game with a deck the deal gives out ends at once, without a
     * winner, as any game with no Character left after the deal. */
    for (int explicit = 0; explicit < 2; explicit++) {
        g = new_game("kings_blood", explicit ? "players=2,deck=B1m B1f,chance=explicit"
                                             : "players=2,deck=B1m B1f", 1);
        if (explicit)
            play_all(g, "deal B1m, deal B1f");
        ck_assert(terminal(g));
        ck_assert(json_has(g, "\"end\": \"no_founder\""));
        crown_free(g);
    }
}
END_TEST

START_TEST(decision_lifted_card_names_no_target)
{
    /* Two B3m in the Genealogy: a move names each with its place.  Once one
     * is lifted by a New Connection it is in no row, so the other is plain
     * "B3m" again. */
    crown_game *g = game("players=2,deck=B3m B3m new-connection Y9m Y8m Y7m G1m G2m");
    const char *const hands[] = {"new-connection Y9m Y8m", "Y7m"};
    setup(g, hands, "B3m@0,0 B3m@0,8", "rest");
    ck_assert(!can_play(g, "new-connection on B3m"));
    play(g, "new-connection on B3m@0,8");
    ck_assert(can_play(g, "place right of B3m"));
    ck_assert(!can_play(g, "place right of B3m@0,0"));
    play(g, "place right of B3m");
    ck_assert_int_eq(st(g)->gn.x[idk("B3m", 1)], 2);
    crown_free(g);
}
END_TEST

START_TEST(decision_counters_saturate)
{
    crown_game *g = game("players=2,match=on,max_turns=0,max_match_turns=0");
    const char *const hands[] = {"R7m G1m R6m", "R1f Y2m Y3m"};
    setup(g, hands, "B3m@0,0", "rest");
    st(g)->turns = UINT32_MAX;
    st(g)->match_turns = UINT32_MAX - 1;
    two_turns(g);
    ck_assert_uint_eq(st(g)->turns, UINT32_MAX);
    ck_assert_uint_eq(st(g)->match_turns, UINT32_MAX);
    ck_assert_int_eq(current(g), 0);
    crown_free(g);
}
END_TEST

START_TEST(observation_an_empty_hand_lists_nothing)
{
    crown_game *g = game("players=2");
    const char *const hands[] = {"B4m", "R1f R2m"};
    setup(g, hands, "B3m@0,0", "rest");
    play_all(g, "announce, play B4m right of B3m");
    ck_assert(sees(g, CROWN_OMNISCIENT, "seat 0: 0 cards, King's Blood!\n"));
    ck_assert(sees(g, 0, "seat 0 (you): 0 cards, King's Blood!\n"));
    crown_free(g);
}
END_TEST

START_TEST(observation_every_hand_shows_once_the_game_is_over)
{
    /* The hands that make the winner's points are shown to everybody. */
    crown_game *g = game("players=3");
    const char *const hands[] = {"B4m", "R1f R2m exile", "G9f"};
    setup(g, hands, "B3m@0,0", "rest");
    gn_set_add(&st(g)->known[1], id("R2m"));
    ck_assert(!sees(g, 2, "R1f"));
    play_all(g, "announce, play B4m right of B3m");
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    static const int viewers[] = {CROWN_SPECTATOR, 0, 1, 2};
    for (int i = 0; i < 4; i++) {
        int viewer = viewers[i];
        ck_assert(sees(g, viewer, "seat 1: 3 cards: R1f R2m exile\n    face up: R2m\n") ||
                  viewer == 1);
        ck_assert(sees(g, viewer, "seat 2: 1 card: G9f\n") || viewer == 2);
        char *j = observe_json(g, viewer), want[64], key[128];
        face_list(&D, &st(g)->hand[1], want, sizeof want);
        snprintf(key, sizeof key, "{\"seat\": 1, \"cards\": 3, \"hand\": %s, \"face_up\": [%d],",
                 want, id("R2m"));
        ck_assert_msg(strstr(j, key), "%s not in %s", key, j);
        snprintf(key, sizeof key, "{\"seat\": 2, \"cards\": 1, \"hand\": [%d],", id("G9f"));
        ck_assert_msg(strstr(j, key), "%s not in %s", key, j);
        free(j);
        float *v = tensor(g, viewer);
        size_t at = piece_offset(g, "final_hands");
        int row = viewer >= 0 ? (2 - viewer + 3) % 3 : 2; /* seat 2's row */
        ck_assert(v[at + (size_t)row * 83 + (size_t)id("G9f")] == 1.0f);
        free(v);
    }
    crown_free(g);
    /* Nothing is hidden any more: a determinization is the game itself. */
    g = new_game("kings_blood", "players=3", 11);
    trng r = {3};
    random_moves(g, 100000, &r);
    ck_assert(terminal(g));
    for (int i = 0; i < 4; i++) {
        int viewer = viewers[i];
        crown_game *d = NULL;
        OK(crown_resample(g, viewer, 7, &d));
        char *o1 = observe(g, viewer), *o2 = observe(d, viewer), *j = observe_json(g, viewer);
        ck_assert_str_eq(o1, o2);
        ck_assert_msg(!strstr(j, "\"hand\": null"), "%s", j);
        free(j);
        free(o1);
        free(o2);
        crown_free(d);
    }
    crown_free(g);
}
END_TEST

/* ---- structured views ------------------------------------------------- */

START_TEST(structured_views_show_a_seat_its_hand_only)
{
    crown_game *g = new_game("kings_blood", "players=3,advanced=on", 21);
    trng r = {5};
    random_moves(g, 30, &r);
    ck_assert(!terminal(g));
    const kbg_state *s = crown_internal_state(g);
    const kbg_config *c = (const kbg_config *)((const crown_game *)g)->config;
    int me = current(g), other = (me + 1) % 3;
    static char json[1 << 16], want[1024], key[1200];
    size_t len;
    OK(crown_observation_json(g, me, json, sizeof json, &len));
    face_list(&c->deck, &s->hand[me], want, sizeof want);
    snprintf(key, sizeof key, "{\"seat\": %d, \"cards\": %d, \"hand\": %s,", me,
             gn_set_count(&s->hand[me]), want);
    ck_assert_msg(strstr(json, key) != NULL, "%s not in\n%s", key, json);
    snprintf(key, sizeof key, "{\"seat\": %d, \"cards\": %d, \"hand\": null,", other,
             gn_set_count(&s->hand[other]));
    ck_assert_msg(strstr(json, key) != NULL, "%s not in\n%s", key, json);
    ck_assert_ptr_nonnull(strstr(json, "\"pile_cards\": null"));

    /* The tensor: the hand counted per face; the Genealogy's cards where
     * the state has them; the spectator sees no hand. */
    float *v = tensor(g, me);
    size_t hand = piece_offset(g, "hand"), gen = piece_offset(g, "genealogy");
    float sum = 0;
    for (int i = 0; i <= c->deck.n; i++)
        sum += v[hand + (size_t)i];
    ck_assert_int_eq((int)sum, gn_set_count(&s->hand[me]));
    GN_FOR(&s->hand[me], card)
        ck_assert(v[hand + c->deck.face[card]] >= 1.0f);
    int placed = 0;
    for (int i = 0; i <= c->deck.n; i++)
        placed += v[gen + 6 * (size_t)i] == 1.0f;
    ck_assert_int_eq(placed, gn_count(&s->gn));
    GN_FOR(&s->gn.present, card) {
        const float *f = v + gen + 6 * (size_t)card; /* (the default deck: unique Characters) */
        ck_assert(f[0] == 1.0f && f[1] == (float)s->gn.row[card] && f[2] == (float)s->gn.x[card]);
    }
    size_t cur = piece_offset(g, "current");
    ck_assert(v[cur] == 1.0f); /* the seat to move finds itself in row 0 */
    free(v);
    v = tensor(g, CROWN_SPECTATOR);
    for (int i = 0; i <= c->deck.n; i++)
        ck_assert(v[hand + (size_t)i] == 0.0f);
    ck_assert(v[cur + (size_t)me] == 1.0f);
    free(v);
    crown_free(g);
}
END_TEST

START_TEST(structured_views_number_identical_cards_by_place)
{
    /* Two B3m and two G4f in the Genealogy: in the JSON as in the tensor
     * the first of a face by place (top to bottom, left to right) is its
     * first id, the next the next id, whichever copy lies where; the card
     * carrying the King's Blood card and the newborn too. */
    crown_game *g = game("players=2,advanced=on,deck=B3m B3m B5f Y1m R9m R1f G4f G4f G4f Y9m "
                         "Y8m Y7m Y6m Y5m Y4m");
    const char *const hands[] = {"B5f Y1m R9m", "G4f R1f"};
    /* B3m id 0 at x 8 with the King's Blood card, B3m id 1 at x 0, G4f id 7 */
    setup(g, hands, "B3m@0,8 B3m@0,0 G4f@0,-8 kings-blood>B3m", "rest");
    play(g, "play B5f right of B3m@0,8");
    play(g, "marriage G4f");
    ck_assert_int_eq(st(g)->child, 8);
    char *j = observe_json(g, 1);
    ck_assert_msg(strstr(j, "{\"card\": 6, \"row\": 0, \"x\": -8,") &&
                      strstr(j, "{\"card\": 0, \"row\": 0, \"x\": 0,") &&
                      strstr(j, "{\"card\": 1, \"row\": 0, \"x\": 8,") &&
                      strstr(j, "{\"card\": 7, \"row\": 1, \"x\": 9,") &&
                      strstr(j, "\"under\": 1,") &&
                      strstr(j, "\"newborn\": {\"card\": 7,"),
                  "%s", j);
    free(j);
    float *v = tensor(g, 1);
    size_t gen = piece_offset(g, "genealogy"), newborn = piece_offset(g, "newborn");
    ck_assert(v[gen + 6 * 1 + 2] == 8.0f && v[gen + 6 * 1 + 5] == 1.0f);
    ck_assert(v[gen + 6 * 0 + 2] == 0.0f && v[gen + 6 * 0 + 5] == 0.0f);
    ck_assert(v[gen + 6 * 7 + 1] == 1.0f);
    ck_assert(v[newborn + 7] == 1.0f && v[newborn + 6] == 0.0f);
    free(v);
    crown_free(g);
}
END_TEST

/* Does the list of legal moves hold m? */
static int legal_has(crown_game *g, crown_move m)
{
    crown_move ms[CROWN_MAX_MOVES_HINT];
    size_t n;
    OK(crown_legal_moves(g, ms, CROWN_MAX_MOVES_HINT, &n));
    for (size_t i = 0; i < n; i++)
        if (ms[i] == m)
            return 1;
    return 0;
}

START_TEST(decision_moves_name_identical_cards_by_face)
{
    /* Seat 1 holds the first Assassination (72); the pile the others.  The
     * draw is the face 72 (weight 2), it gives seat 0 copy 73, and seat 0's
     * moves name it 72: which copy a seat drew depends on the other seats'
     * hidden draws, so a move naming it would tell what the seat cannot
     * know. */
    crown_game *g = game("players=2");
    const char *const hands[] = {"B5f R2m", "assassination Y3m"};
    setup(g, hands, "B3m@0,0", "rest");
    int a = id("assassination"), b3m = id("B3m");
    ck_assert(holds(g, 1, "assassination"));
    play(g, "draw");
    crown_move out[128];
    double prob[128];
    size_t n;
    OK(crown_chance_outcomes(g, out, prob, 128, &n));
    int found = 0;
    for (size_t i = 0; i < n; i++) {
        ck_assert(out[i] != a + 1 && out[i] != a + 2);
        found |= out[i] == a;
    }
    ck_assert(found);
    /* A copy's id is not an outcome, and says why. */
    uint64_t before, after;
    OK(crown_state_hash(g, &before));
    ck_assert_int_eq(crown_apply(g, a + 1), CROWN_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(crown_last_error(g), "identical cards are one chance outcome, "
                                                      "named by the lowest id of the deck's "
                                                      "identical cards (card 72, not 73)"));
    OK(crown_state_hash(g, &after));
    ck_assert(before == after);
    OK(crown_apply(g, a));
    ck_assert(gn_set_has(&st(g)->hand[0], a + 1) && gn_set_has(&st(g)->hand[1], a));
    /* Seat 0 may play the card just drawn: named 72. */
    ck_assert(legal_has(g, CROWN_KB_EVENT(a, b3m)));
    ck_assert(!legal_has(g, CROWN_KB_EVENT(a + 1, b3m)));
    OK(crown_state_hash(g, &before));
    ck_assert_int_eq(crown_apply(g, CROWN_KB_EVENT(a + 1, b3m)), CROWN_EILLEGAL);
    ck_assert_ptr_nonnull(strstr(crown_last_error(g), "identical cards are one move, named by "
                                                      "the lowest id of the deck's identical "
                                                      "cards (card 72, not 73)"));
    OK(crown_state_hash(g, &after));
    ck_assert(before == after);
    char text[64];
    size_t tlen;
    OK(crown_move_to_text(g, CROWN_KB_EVENT(a, b3m), text, sizeof text, &tlen));
    ck_assert_str_eq(text, "assassination on B3m");
    crown_move m;
    OK(crown_move_from_text(g, "assassination on B3m", &m));
    ck_assert_int_eq(m, CROWN_KB_EVENT(a, b3m));
    OK(crown_apply(g, m));
    ck_assert(!gn_set_has(&st(g)->hand[0], a + 1) && gn_set_has(&st(g)->hand[1], a));
    crown_free(g);
}
END_TEST

START_TEST(decision_moves_name_identical_characters_by_place)
{
    /* Two B3m in the Genealogy, id 0 at x 8 and id 1 at x 0: the moves name
     * the one at x 0 as 0 and the one at x 8 as 1, as the views do. */
    crown_game *g = game("players=2,advanced=on,deck=B3m B3m B5f Y1m R9m R1f G4f G4f G4f Y9m "
                         "Y8m Y7m Y6m Y5m Y4m");
    const char *const hands[] = {"B5f Y1m R9m", "G4f R1f"};
    setup(g, hands, "B3m@0,8 B3m@0,0 G4f@0,-8 kings-blood>B3m", "rest");
    ck_assert(placed(g, "B3m", 0, 8));
    int b5f = id("B5f");
    ck_assert(legal_has(g, CROWN_KB_PLAY(b5f, 0, 0)) && legal_has(g, CROWN_KB_PLAY(b5f, 1, 1)));
    char text[64];
    size_t tlen;
    OK(crown_move_to_text(g, CROWN_KB_PLAY(b5f, 1, 1), text, sizeof text, &tlen));
    ck_assert_str_eq(text, "play B5f right of B3m@0,8");
    OK(crown_move_to_text(g, CROWN_KB_PLAY(b5f, 0, 0), text, sizeof text, &tlen));
    ck_assert_str_eq(text, "play B5f left of B3m@0,0");
    crown_move m;
    OK(crown_move_from_text(g, "play B5f right of B3m@0,8", &m));
    ck_assert_int_eq(m, CROWN_KB_PLAY(b5f, 1, 1));
    OK(crown_apply(g, m));
    ck_assert(placed(g, "B5f", 0, 10));
    crown_free(g);
}
END_TEST

/* Along random games, a game resampled for the seat to move offers it the
 * very moves of the real one. */
static void resampled_moves_are_the_same(const char *options, int games)
{
    for (int seed = 1; seed <= games; seed++) {
        crown_game *g = new_game("kings_blood", options, (uint64_t)seed);
        trng r = {(uint64_t)seed};
        for (int step = 0; step < 400 && !terminal(g); step++) {
            crown_move ms[CROWN_MAX_MOVES_HINT], rs[CROWN_MAX_MOVES_HINT];
            size_t n, k;
            OK(crown_legal_moves(g, ms, CROWN_MAX_MOVES_HINT, &n));
            int p = current(g);
            if (p >= 0 && step % 3 == 0) {
                crown_game *d;
                OK(crown_resample(g, p, (uint64_t)step, &d));
                OK(crown_legal_moves(d, rs, CROWN_MAX_MOVES_HINT, &k));
                ck_assert_msg(k == n && memcmp(ms, rs, n * sizeof *ms) == 0,
                              "%s, seed %d, step %d: the resampled game offers seat %d other "
                              "moves", options, seed, step, p);
                crown_free(d);
            }
            OK(crown_apply(g, ms[trng_below(&r, n)]));
        }
        crown_free(g);
    }
}

START_TEST(decision_resample_offers_the_same_moves)
{
    resampled_moves_are_the_same("players=4", 40);
    resampled_moves_are_the_same("players=3,advanced=on", 30);
    /* Each face twice, the copies far apart in the list. */
    resampled_moves_are_the_same(
        "players=3,deck=B1m B2f-skip Y3m G4f R5m-reverse B6m Y7f G8f-draw3 R9m B1f Y2m G3f R4m "
        "B5f Y6m G7m R8m B9f assassination exile new-connection enthronement B1m B2f-skip Y3m "
        "G4f R5m-reverse B6m Y7f G8f-draw3 R9m B1f Y2m G3f R4m B5f Y6m G7m R8m B9f assassination "
        "exile new-connection enthronement",
        30);
}
END_TEST

START_TEST(decision_chance_outcomes_weigh_each_face_by_its_copies)
{
    /* At every chance node, each outcome (a face) has the probability of
     * its copies in the pile, with a deck whose copies lie apart (so the
     * faces' order is not the copies'). */
    for (int seed = 1; seed <= 20; seed++) {
        crown_game *g = new_game(
            "kings_blood",
            "players=3,chance=explicit,deck=B1m B2f-skip Y3m G4f R5m-reverse B6m Y7f G8f-draw3 "
            "R9m B1f Y2m G3f R4m B5f Y6m G7m R8m B9f assassination exile new-connection "
            "enthronement B1m B2f-skip Y3m G4f R5m-reverse B6m Y7f G8f-draw3 R9m B1f Y2m G3f R4m "
            "B5f Y6m G7m R8m B9f assassination exile new-connection enthronement",
            (uint64_t)seed);
        const kbg_config *cfg = (const kbg_config *)((const crown_game *)g)->config;
        trng r = {(uint64_t)seed};
        for (int step = 0; step < 300 && !terminal(g); step++) {
            crown_move ms[CROWN_MAX_MOVES_HINT];
            double p[CROWN_MAX_MOVES_HINT];
            size_t n;
            if (current(g) == CROWN_CHANCE) {
                const kbg_state *s = crown_internal_state(g);
                gn_set from = s->pile;
                if (s->phase == KBG_FOUND)
                    from = gn_set_and(&from, &cfg->faces.characters);
                OK(crown_chance_outcomes(g, ms, p, CROWN_MAX_MOVES_HINT, &n));
                for (size_t i = 0; i < n; i++) {
                    ck_assert_int_eq(cfg->deck.face[ms[i]], ms[i]);
                    gn_set copies = kb_same_in(&cfg->faces, &from, (int)ms[i]);
                    double want = (double)gn_set_count(&copies) / gn_set_count(&from);
                    ck_assert_msg(p[i] > want - 1e-12 && p[i] < want + 1e-12,
                                  "seed %d, step %d: outcome %d has probability %g, not %g",
                                  seed, step, (int)ms[i], p[i], want);
                }
            }
            OK(crown_legal_moves(g, ms, CROWN_MAX_MOVES_HINT, &n));
            OK(crown_apply(g, ms[trng_below(&r, n)]));
        }
        crown_free(g);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("kings_blood");
    TCase *tc = test_case("rulings");
    tcase_add_test(tc, ruling_setup_deal_founder_and_first_player);
    tcase_add_test(tc, structured_views_show_a_seat_its_hand_only);
    tcase_add_test(tc, observation_an_empty_hand_lists_nothing);
    tcase_add_test(tc, observation_every_hand_shows_once_the_game_is_over);
    tcase_add_test(tc, structured_views_number_identical_cards_by_place);
    tcase_add_test(tc, ruling_play_matches_colour_or_number);
    tcase_add_test(tc, ruling_turn_play_or_draw_then_the_drawn_card_or_stop);
    tcase_add_test(tc, ruling_marriage_same_colour_different_gender);
    tcase_add_test(tc, ruling_marriage_draws_an_event_that_must_be_played);
    tcase_add_test(tc, ruling_marriage_with_no_card_to_draw_has_no_child);
    tcase_add_test(tc, ruling_forced_event_without_target_is_discarded);
    tcase_add_test(tc, ruling_play_on_the_child_after_a_birth);
    tcase_add_test(tc, ruling_siblings);
    tcase_add_test(tc, ruling_only_the_last_card_played_from_hand_counts);
    tcase_add_test(tc, ruling_assassination_then_one_more_card_anywhere);
    tcase_add_test(tc, ruling_exile_to_any_player_face_up);
    tcase_add_test(tc, ruling_new_connection);
    tcase_add_test(tc, ruling_new_connection_lift_does_not_remarry);
    tcase_add_test(tc, ruling_enthronement_discards_every_other_card);
    tcase_add_test(tc, ruling_empty_genealogy_restarts_at_once);
    tcase_add_test(tc, ruling_events_of_the_turn_are_the_events_played);
    tcase_add_test(tc, ruling_the_last_card_is_a_character);
    tcase_add_test(tc, ruling_kings_blood_announcement);
    tcase_add_test(tc, ruling_announcement_ends_when_a_card_is_gained);
    tcase_add_test(tc, ruling_announce_at_any_decision_of_his_turn);
    tcase_add_test(tc, ruling_unannounced_last_card_costs_three_cards_and_a_turn);
    tcase_add_test(tc, ruling_skip_and_reverse);
    tcase_add_test(tc, ruling_reverse_with_two_players);
    tcase_add_test(tc, ruling_draw_three_and_shifting);
    tcase_add_test(tc, ruling_shift_with_the_kings_blood_relaxation);
    tcase_add_test(tc, ruling_rulebook_draw_three_example);
    tcase_add_test(tc, ruling_skip_shift_with_two_players_comes_back);
    tcase_add_test(tc, ruling_a_shift_may_win);
    tcase_add_test(tc, ruling_lost_turn_is_used_when_play_reaches_the_player);
    tcase_add_test(tc, ruling_a_draw_from_an_empty_pile_reshuffles);
    tcase_add_test(tc, ruling_passing_and_the_game_without_a_winner);
    tcase_add_test(tc, ruling_option_max_turns);
    tcase_add_test(tc, ruling_a_lost_turn_is_not_a_pass);
    tcase_add_test(tc, ruling_max_turns_counts_no_lost_or_skipped_turn);
    tcase_add_test(tc, ruling_max_turns_ends_the_game_after_the_turns_penalty);
    tcase_add_test(tc, ruling_max_turns_penalty_in_a_saved_game);
    tcase_add_test(tc, ruling_winning_marriage_still_resolves);
    tcase_add_test(tc, ruling_winning_kings_blood_card_stays_where_it_is);
    tcase_add_test(tc, ruling_advanced_kings_blood_card);
    tcase_add_test(tc, ruling_kings_blood_card_assassinated_exiled_enthroned);
    tcase_add_test(tc, ruling_scoring_methods);
    tcase_add_test(tc, ruling_match_play);
    tcase_add_test(tc, ruling_match_play_method_b_lowest_wins_ties_share);
    tcase_add_test(tc, ruling_public_information);
    tcase_add_test(tc, decision_resample_keeps_face_up_cards);
    tcase_add_test(tc, decision_resample_redeals_hidden_cards);
    tcase_add_test(tc, decision_playing_the_card_just_drawn_forgets_nothing);
    tcase_add_test(tc, decision_a_copy_known_face_up_is_taken_to_be_the_one_played);
    tcase_add_test(tc, decision_move_notation);
    tcase_add_test(tc, decision_pass_is_offered_with_announce);
    tcase_add_test(tc, decision_max_match_turns_ends_a_match_without_a_winner);
    tcase_add_test(tc, decision_counters_saturate);
    tcase_add_test(tc, decision_a_match_needs_more_characters_than_the_deal_gives);
    tcase_add_test(tc, decision_lifted_card_names_no_target);
    tcase_add_test(tc, decision_moves_name_identical_cards_by_face);
    tcase_add_test(tc, decision_moves_name_identical_characters_by_place);
    tcase_add_test(tc, decision_resample_offers_the_same_moves);
    tcase_add_test(tc, decision_chance_outcomes_weigh_each_face_by_its_copies);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
