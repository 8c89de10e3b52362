/*
 * rules.c - Blood Bound: the table of contents: the options, the
 * configuration and the rules table, which names the function of each
 * job.  The rules as the engine plays them: docs/blood-bound.md.
 *
 * The jobs, one file each: legal.c (what may be done: the legal moves,
 * chance outcomes, current), play.c (what happens: the flow, results),
 * text.c (move texts, the notation, the text observation), views.c (the
 * JSON and tensor views), determinize.c (resample), actions.c (the dense
 * action index, a move as JSON), why_illegal.c (the reasons of illegal
 * moves), check.c (consistency); reference.c holds the reference card and
 * the supply as data.
 */
#include <string.h>

#include "../core/rules.h"
#include "bloodbound.h"

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
    bb_actions_init(c);
    return CROWN_OK;
}

static int bb_num_players(const void *config)
{
    return ((const bb_config *)config)->players;
}

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
    .chance_count = bb_chance_count,
    .chance_nth = bb_chance_nth,
    .legal_pick = bb_legal_pick,
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
    .truncated = bb_truncated,
    .scores = bb_scores,
    .resample = bb_resample,
    .check = bb_check,
};
