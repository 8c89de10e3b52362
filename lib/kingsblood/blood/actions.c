/*
 * actions.c - King's Blood's dense action index (docs/actions.md): its
 * families of moves, and the rules table's action_count, action_index and
 * action_move over them.  The index itself, and move_json, are the King's
 * games' shared code (common.c).
 */
#include "blood.h"

/* The families of moves of configuration c, into c->actions. */
void kbg_actions_init(kbg_config *c)
{
    const uint8_t P = (uint8_t)c->players;
    const kb_family fams[] = {
        {CROWN_KB_K_PLAY, KB_L_CHARACTERS, KB_L_CHARACTERS, 2, 1},
        {CROWN_KB_K_EVENT, KB_L_EVENTS, KB_L_CHARACTERS, 1, 1},
        {CROWN_KB_K_EXILE, KB_L_EXILES, KB_L_CHARACTERS, 1, P},
        {CROWN_KB_K_PLACE, KB_L_NONE, KB_L_CHARACTERS, 2, 1},
        {CROWN_KB_K_SIBLING, KB_L_CHARACTERS, KB_L_NONE, 2, 1},
        {CROWN_KB_K_KINGS_BLOOD, KB_L_NONE, KB_L_CHARACTERS, 1, c->advanced ? 1 : 0},
        {CROWN_KB_K_DRAW, KB_L_NONE, KB_L_NONE, 1, 1},
        {CROWN_KB_K_STOP, KB_L_NONE, KB_L_NONE, 1, 1},
        {CROWN_KB_K_ANNOUNCE, KB_L_NONE, KB_L_NONE, 1, 1},
        {CROWN_KB_K_PASS, KB_L_NONE, KB_L_NONE, 1, 1},
        {CROWN_KB_K_TAKE, KB_L_NONE, KB_L_NONE, 1, 1},
    };
    kb_actions_init(&c->actions, &c->faces, fams, (int)(sizeof fams / sizeof fams[0]));
}

size_t kbg_action_count(const void *config)
{
    const kbg_config *c = config;
    return c->actions.start[c->actions.n];
}

long kbg_action_index(const void *config, crown_move m)
{
    const kbg_config *c = config;
    return kb_action_index(&c->actions, &c->faces, m);
}

crown_move kbg_action_move(const void *config, size_t i)
{
    const kbg_config *c = config;
    return kb_action_move(&c->actions, &c->faces, i);
}
