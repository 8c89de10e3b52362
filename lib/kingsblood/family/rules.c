/*
 * rules.c - King's Family, the King's Blood solitaire: its options, its
 * configuration and its rules table, which names the function of each job.
 * The rules: docs/kings-family.md.
 */
#include "../../core/rules.h"
#include "family.h"

static const char *const sibling_choices[] = {"last", "every", NULL};
static const char *const events_choices[] = {"must", "optional", NULL};

enum { OPT_DECK, OPT_SIBLINGS, OPT_EVENTS, OPT_MAX_MOVES, OPT_COUNT };

static const crown_option_spec kf_options[OPT_COUNT] = {
    {.name = "deck", .kind = CROWN_OPT_TEXT, .def_text = "default",
     .help = "default, or the complete card list separated by spaces (docs/kings-blood-cards.md)"},
    {.name = "sibling_effects", .kind = CROWN_OPT_ENUM, .choices = sibling_choices,
     .help = "last: only the last sibling's effect counts; every: each sibling's effect"},
    {.name = "events", .kind = CROWN_OPT_ENUM, .choices = events_choices,
     .help = "must: playable Events must be played before drawing; optional: they need not"},
    {.name = "max_moves", .kind = CROWN_OPT_INT, .min = 0, .max = 1000000000,
     .def = KF_MOVE_LIMIT,
     .help = "the game ends, scored as it stands, when the player would next choose a play "
             "freely after this many decisions (a custom deck can make the game endless; a "
             "real game takes at most a few hundred); 0: no limit"},
};

static int kf_configure(void *config, crown_optvals *vals, crown_err *err)
{
    kf_config *c = config;
    int rc = kb_configure_deck(&c->deck, &c->faces, vals, OPT_DECK, err);
    if (rc)
        return rc;
    c->every_sibling = vals->v[OPT_SIBLINGS] == 1;
    c->events_optional = vals->v[OPT_EVENTS] == 1;
    c->max_moves = (uint32_t)vals->v[OPT_MAX_MOVES];
    const kb_family fams[] = {
        {CROWN_KB_K_PLAY, KB_L_CHARACTERS, KB_L_CHARACTERS, 2, 1},
        {CROWN_KB_K_EVENT, KB_L_ALL_EVENTS, KB_L_CHARACTERS, 1, 1},
        {CROWN_KB_K_PLACE, KB_L_NONE, KB_L_CHARACTERS, 2, 1},
        {CROWN_KB_K_SIBLING, KB_L_CHARACTERS, KB_L_NONE, 2, 1},
        {CROWN_KB_K_DRAW, KB_L_NONE, KB_L_NONE, 1, 1},
    };
    kb_actions_init(&c->actions, &c->faces, fams, (int)(sizeof fams / sizeof fams[0]));
    return CROWN_OK;
}

static int kf_num_players(const void *config)
{
    (void)config;
    return 1;
}

static int kf_never_decides(const void *config, crown_err *err)
{
    return kb_deal_takes_the_deck(&((const kf_config *)config)->deck, 1, KF_START_HAND, err);
}

const crown_rules crown_family_rules = {
    .name = "kings_family",
    .summary = "King's Family: the King's Blood solitaire, scored by the depth of the Genealogy",
    .options = kf_options,
    .noptions = OPT_COUNT,
    .config_size = sizeof(kf_config),
    .state_size = sizeof(kf_state),
    .max_moves = KF_MAX_MOVES,
    .max_outcomes = KB_MAX_OUTCOMES, /* (every chance node's: kb_face_outcomes) */
    .configure = kf_configure,
    .num_players = kf_num_players,
    .never_decides = kf_never_decides,
    .init = kf_init,
    .current = kf_current,
    .legal = kf_legal,
    .chance_weights = kf_weights,
    .chance_count = kf_chance_count,
    .chance_nth = kf_chance_nth,
    .apply = kf_apply,
    .why_illegal = kf_why_illegal,
    .action_count = kf_action_count,
    .action_index = kf_action_index,
    .action_move = kf_action_move,
    .move_text = kf_move_text,
    .move_canon = kf_move_canon,
    .move_parse = kf_move_parse,
    .notation = "play B5f right of B3m, sibling B4f left, assassination on B3m, "
                "place left of R7f, draw",
    .observe = kf_observe,
    .observe_tensor = kf_observe_tensor,
    .observe_json = kf_observe_json,
    .move_json = kb_move_json,
    .returns = kf_returns,
    .truncated = kf_truncated,
    .scores = kf_returns,
    .resample = kf_resample,
    .check = kf_check,
};
