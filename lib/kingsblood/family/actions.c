/*
 * actions.c - King's Family: the dense action index (action_count,
 * action_index, action_move), built from the deck's faces by kf_configure.
 * A move's JSON (move_json) is the one both King's games share, kb_move_json
 * (../common.c).
 */
#include "family.h"

size_t kf_action_count(const void *config)
{
    const kf_config *c = config;
    return c->actions.start[c->actions.n];
}

long kf_action_index(const void *config, crown_move m)
{
    const kf_config *c = config;
    return kb_action_index(&c->actions, &c->faces, m);
}

crown_move kf_action_move(const void *config, size_t i)
{
    const kf_config *c = config;
    return kb_action_move(&c->actions, &c->faces, i);
}
