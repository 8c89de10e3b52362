/*
 * internal.c - the crown_internal_* functions: what the tests reach of a
 * handle beyond the API (its state block, the game's is_legal hook and its
 * consistency check).
 */
#include "core.h"

const void *crown_internal_state(const crown_game *g)
{
    return g->state;
}

void *crown_internal_state_mut(crown_game *g)
{
    crown_changed(g);
    g->kept = 0;
    return g->state;
}

size_t crown_internal_state_size(const crown_game *g)
{
    return g->rules->state_size;
}

int crown_internal_is_legal(const crown_game *g, crown_move m)
{
    if (!g->rules->is_legal)
        return -1;
    return g->rules->is_legal(g->config, g->state, m) != 0;
}

int crown_internal_check(const crown_game *g, char *msg, size_t cap)
{
    crown_err e = {{0}};
    int rc = g->rules->check(g->config, g->state, &e);
    crown_copy_msg(msg, cap, e.msg);
    return rc;
}
