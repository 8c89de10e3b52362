/*
 * rules.c - Game of Kingdoms (a 40-card Durak variant), basic and
 * ruthless, with match play.  The rules as the engine plays them, and its
 * decisions: docs/game-of-kingdoms.md.
 *
 * The game's table of contents: its options, and its rules table, whose
 * functions the files of this folder give, one job each: legal.c (what may
 * be done: the legal moves, the chance outcomes, current), play.c (what
 * happens: init, apply, the results), text.c (the text of moves and
 * positions), views.c (the structured views), determinize.c (resample),
 * actions.c (the dense action index and move_json), why_illegal.c (the
 * reasons of illegal moves) and check.c (the consistency check).
 */
#include "../core/rules.h"
#include "kingdoms.h"

/* ---- options ---------------------------------------------------------- */

/* games_done, draws and losses[] count games in 8 bits. */
#define KD_MAX_GAMES 100
_Static_assert(KD_MAX_GAMES <= UINT8_MAX, "game counters are 8-bit");

static const char *const variant_choices[] = {"basic", "ruthless", NULL};
static const char *const lead_choices[] = {"lowest_trump", "left_of_dealer", NULL};

enum { OPT_PLAYERS, OPT_VARIANT, OPT_GAMES, OPT_LATER_LEAD, OPT_MAX_BOUTS, OPT_COUNT };

static const crown_option_spec kd_options[OPT_COUNT] = {
    {.name = "players", .kind = CROWN_OPT_INT, .min = 2, .max = 6, .def = 4,
     .help = "number of players"},
    {.name = "variant", .kind = CROWN_OPT_ENUM, .choices = variant_choices,
     .help = "ruthless: every player may add cards, and the defender may transfer"},
    {.name = "games", .kind = CROWN_OPT_INT, .min = 1, .max = KD_MAX_GAMES, .def = 1,
     .help = "games in the match; the loser of a game deals the next"},
    {.name = "later_lead", .kind = CROWN_OPT_ENUM, .choices = lead_choices,
     .help = "who attacks first in the games after the first of a match"},
    {.name = "max_bouts", .kind = CROWN_OPT_INT, .min = 0, .max = 100000, .def = KD_MAX_BOUTS,
     .help = "a game still undecided after this many bouts is a draw (players who always "
             "take can go on forever; a real game takes a few dozen bouts); 0: no limit"},
};

static int kd_configure(void *config, crown_optvals *vals, crown_err *err)
{
    (void)err;
    kd_config *c = config;
    c->players = (int)vals->v[OPT_PLAYERS];
    c->ruthless = vals->v[OPT_VARIANT] == 1;
    c->games = (int)vals->v[OPT_GAMES];
    c->later_left = vals->v[OPT_LATER_LEAD] == 1;
    c->max_bouts = (int)vals->v[OPT_MAX_BOUTS];
    return CROWN_OK;
}

static int kd_num_players(const void *config)
{
    return ((const kd_config *)config)->players;
}

/* ---- the table -------------------------------------------------------- */

const crown_rules crown_kingdoms_rules = {
    .name = "game_of_kingdoms",
    .summary = "Game of Kingdoms: a 40-card Durak variant for 2-6 players, basic or ruthless",
    .options = kd_options,
    .noptions = OPT_COUNT,
    .config_size = sizeof(kd_config),
    .state_size = sizeof(kd_state),
    /* At most 6 unbeaten cards times 39 other cards, plus take and transfers;
     * at most 150 leads; 40 chance outcomes. */
    .max_moves = 6 * 39 + 1 + 4,
    .configure = kd_configure,
    .num_players = kd_num_players,
    .init = kd_init,
    .current = kd_current,
    .legal = kd_legal,
    .is_legal = kd_is_legal,
    .chance_weights = NULL,
    .chance_count = kd_chance_count,
    .chance_nth = kd_chance_nth,
    .apply = kd_apply,
    .why_illegal = kd_why_illegal,
    .action_count = kd_action_count,
    .action_index = kd_action_index,
    .action_move = kd_action_move,
    .move_json = kd_move_json,
    .move_text = kd_move_text,
    .move_canon = kd_move_canon,
    .move_parse = kd_move_parse,
    .notation = "lead R7, lead R7 G7, beat R7 with RQ, take, pass, add B7, transfer G7",
    .move_text_seen = kd_move_text_seen,
    .observe = kd_observe,
    .observe_tensor = kd_observe_tensor,
    .observe_json = kd_observe_json,
    .returns = kd_returns,
    .scores = kd_scores,
    .truncated = kd_truncated,
    .resample = kd_resample,
    .check = kd_check,
};
