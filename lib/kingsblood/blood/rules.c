/*
 * rules.c - King's Blood's table of contents: its options, their reading
 * (configure, num_players), and the rules table naming the function of each
 * job.  The rules as the engine plays them: docs/kings-blood.md.
 */
#include <stddef.h>
#include <string.h>

#include "../../core/rules.h"
#include "blood.h"

/* ---- options ---------------------------------------------------------- */

static const char *const onoff_choices[] = {"off", "on", NULL};
static const char *const scoring_choices[] = {"A", "B", NULL};
static const char *const reverse_choices[] = {"reverse", "skip", NULL};

enum {
    OPT_PLAYERS,
    OPT_ADVANCED,
    OPT_SCORING,
    OPT_EVENT_POINTS,
    OPT_MATCH,
    OPT_TARGET,
    OPT_TWO_REVERSE,
    OPT_MAX_TURNS,
    OPT_MAX_MATCH_TURNS,
    OPT_DECK,
    OPT_COUNT
};

static const crown_option_spec kbg_options[OPT_COUNT] = {
    {.name = "players", .kind = CROWN_OPT_INT, .min = 2, .max = KBG_MAXP, .def = 4,
     .help = "number of players"},
    {.name = "advanced", .kind = CROWN_OPT_ENUM, .choices = onoff_choices,
     .help = "on: the advanced rules, with the King's Blood card"},
    {.name = "scoring", .kind = CROWN_OPT_ENUM, .choices = scoring_choices,
     .help = "A: the winner scores the opponents' hands (+5 per generation with an "
             "Enthronement); B: each loser scores his own hand (the winner -5 per generation "
             "with an Enthronement)"},
    {.name = "event_points", .kind = CROWN_OPT_INT, .min = 0, .max = 1000, .def = 10,
     .help = "points of an Event and of the King's Blood card (a Character: its number)"},
    {.name = "match", .kind = CROWN_OPT_ENUM, .choices = onoff_choices,
     .help = "on: games follow one another until a total reaches the target"},
    {.name = "target", .kind = CROWN_OPT_INT, .min = 0, .max = 1000000, .def = 0,
     .help = "the match's target total; 0: 200 with scoring A, 100 with scoring B"},
    {.name = "two_player_reverse", .kind = CROWN_OPT_ENUM, .choices = reverse_choices,
     .help = "with 2 players, Reverse has no further effect (reverse) or acts as Skip (skip)"},
    {.name = "max_turns", .kind = CROWN_OPT_INT, .min = 0, .max = 1000000000, .def = 1000,
     .help = "each game ends without a winner when its max_turns-th turn (passes included) "
             "ends: a bound for self-play far beyond a real game; 0: no limit"},
    {.name = "max_match_turns", .kind = CROWN_OPT_INT, .min = 0, .max = 1000000000,
     .def = 100000,
     .help = "a match ends without a winner when the turn that brings its games' turns to "
             "this many ends: a bound for self-play far beyond a real match; 0: no limit"},
    {.name = "deck", .kind = CROWN_OPT_TEXT, .def_text = "default",
     .help = "default, or the complete card list separated by spaces (docs/kings-blood-cards.md)"},
};

static int kbg_configure(void *config, crown_optvals *vals, crown_err *err)
{
    kbg_config *c = config;
    /* Every byte (config_written): the deck and its faces whole by
     * kb_configure_deck, the rest zeroed first. */
    _Static_assert(offsetof(kbg_config, deck) == 0, "the deck, then its faces, come first");
    unsigned char *base = config;
    size_t faces_at = offsetof(kbg_config, faces), faces_end = faces_at + sizeof c->faces;
    memset(base + sizeof c->deck, 0, faces_at - sizeof c->deck);
    memset(base + faces_end, 0, sizeof *c - faces_end);
    int rc = kb_configure_deck(&c->deck, &c->faces, vals, OPT_DECK, err);
    if (rc)
        return rc;
    c->players = (int)vals->v[OPT_PLAYERS];
    c->advanced = vals->v[OPT_ADVANCED] == 1;
    c->scoring = (int)vals->v[OPT_SCORING];
    c->event_points = (int)vals->v[OPT_EVENT_POINTS];
    c->match = vals->v[OPT_MATCH] == 1;
    c->target = (int)vals->v[OPT_TARGET];
    if (c->target == 0)
        c->target = c->scoring ? 100 : 200;
    c->reverse_skips = vals->v[OPT_TWO_REVERSE] == 1;
    c->max_turns = (uint32_t)vals->v[OPT_MAX_TURNS];
    c->max_match_turns = c->match ? (uint32_t)vals->v[OPT_MAX_MATCH_TURNS] : 0;
    c->kings_blood = c->deck.n;
    c->all = gn_set_below(c->deck.n);
    c->characters = gn_set_count(&c->faces.characters);
    /* A deal that left no Character in the pile would end its game without
     * a founder before any turn, and a match could deal such games for ever
     * (chance=explicit lets a caller choose them): a match needs more
     * Characters than the deal gives out. */
    if (c->match && c->characters <= KBG_HAND * c->players) {
        crown_errf(err, "match=on: the deck holds %d Character%s and the deal gives %d cards to "
                        "each of %d players, so a deal could leave no Character to found the "
                        "Genealogy and a match could deal again for ever; a match needs more "
                        "than %d Characters",
                   c->characters, c->characters == 1 ? "" : "s", KBG_HAND, c->players,
                   KBG_HAND * c->players);
        return CROWN_EOPTION;
    }

    if (c->advanced)
        gn_set_add(&c->all, c->kings_blood);
    kbg_actions_init(c);
    return CROWN_OK;
}

static int kbg_num_players(const void *config)
{
    return ((const kbg_config *)config)->players;
}

static int kbg_never_decides(const void *config, crown_err *err)
{
    const kbg_config *c = config;
    return kb_deal_takes_the_deck(&c->deck, c->players, KBG_HAND, err);
}

/* ---- the table -------------------------------------------------------- */

const crown_rules crown_blood_rules = {
    .name = "kings_blood",
    .summary = "King's Blood: 2-6 players shed their hands onto a family tree, the Genealogy",
    .options = kbg_options,
    .noptions = OPT_COUNT,
    .config_size = sizeof(kbg_config),
    .config_written = 1,
    .state_size = sizeof(kbg_state),
    .max_moves = KBG_MAX_MOVES,
    .max_outcomes = KB_MAX_OUTCOMES, /* (every chance node's: kb_face_outcomes) */
    .configure = kbg_configure,
    .num_players = kbg_num_players,
    .never_decides = kbg_never_decides,
    .init = kbg_init,
    .current = kbg_current,
    .legal = kbg_shown_legal,
    .chance_weights = kbg_weights,
    .chance_count = kbg_chance_count,
    .chance_nth = kbg_shown_chance_nth,
    .chance_run = kbg_chance_run,
    .legal_pick = kbg_legal_pick,
    .apply = kbg_shown_apply,
    .why_illegal = kbg_shown_why_illegal,
    .action_count = kbg_action_count,
    .action_index = kbg_action_index,
    .action_move = kbg_action_move,
    .move_text = kbg_shown_move_text,
    .move_canon = kbg_move_canon,
    .move_parse = kbg_shown_move_parse,
    .notation = "play B5f right of B3m, assassination on B3m, exile on B3m to seat 2, "
                "place left of R7f, sibling B4f left, kings-blood on B3m, draw, stop, announce, "
                "pass, take",
    .move_text_seen = kbg_shown_move_text_seen,
    .observe = kbg_observe,
    .observe_tensor = kbg_observe_tensor,
    .observe_json = kbg_observe_json,
    .move_json = kb_move_json,
    .returns = kbg_returns,
    .truncated = kbg_truncated,
    .scores = kbg_scores,
    .resample = kbg_resample,
    .check = kbg_check,
};
