/*
 * batch_episodes.c - a batch slot's episodes: their seeds (E(seed, slot,
 * k), crown.h "Episodes and seeds"), starting one (the deals that end
 * before their first decision skipped), and the resets: every slot from a
 * batch seed, every slot from a seed of its own, the slots of a mask.
 */
#include <stdio.h>
#include <string.h>

#include "batch.h"

int batch_start_episode(crown_batch *b, size_t i, batch_part *p)
{
    crown_game *g = b->games[i];
    batch_slot *s = &b->slots[i];
    s->at_end = 0;
    for (int tries = 0; tries < EMPTY_EPISODES_MAX; tries++) {
        s->seed = batch_episode_seed(b, s);
        crown_err err;
        int rc = crown_game_restart(g, s->seed, &err);
        if (rc)
            return batch_part_fail(p, i, rc, "game %zu: %s", i, err.msg);
        s->steps = 0;
        memset(b->returns + i * (size_t)b->players, 0, (size_t)b->players * sizeof(double));
        if (crown_current(g) != CROWN_TERMINAL)
            return CROWN_OK;
        s->episode++;
    }
    return batch_part_fail(p, i, CROWN_EOPTION,
                           "game %zu: %d episodes in a row ended before their first decision: "
                           "these options (almost) never give a game a decision, and a batch "
                           "steps decisions",
                           i, EMPTY_EPISODES_MAX);
}

void batch_reset_slots(crown_batch *b, batch_part *p, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++) {
        if (b->reset_mask && !b->reset_mask[i])
            continue;
        batch_prefetch(b, i + PREFETCH_AHEAD);
        if (!batch_start_episode(b, i, p))
            batch_write_position(b, i, p);
        batch_write_flags(b, i, 0, 0);
    }
}

/* Starts the slots whose streams the caller set (those of `mask`, or all). */
static int reset_slots(crown_batch *b, const uint8_t *mask)
{
    b->reset_mask = mask;
    int rc = batch_run(b, batch_reset_slots, NULL);
    b->reset_mask = NULL;
    return rc;
}

CROWN_EXPORT int crown_batch_reset(crown_batch *b, uint64_t seed)
{
    if (!b)
        return CROWN_EINVAL;
    for (size_t i = 0; i < b->size; i++) {
        batch_slot *s = &b->slots[i];
        s->additive = b->additive;
        s->stream = b->additive ? seed + i : batch_stream(seed, i);
        s->episode = 0;
    }
    return reset_slots(b, NULL);
}

CROWN_EXPORT int crown_batch_reset_seeds(crown_batch *b, const uint64_t *seeds)
{
    if (!b)
        return CROWN_EINVAL;
    if (!seeds)
        return batch_fail(b, CROWN_EINVAL, "invalid argument: seeds is NULL");
    for (size_t i = 0; i < b->size; i++) {
        batch_slot *s = &b->slots[i];
        s->additive = 0;
        s->stream = batch_stream(seeds[i], 0);
        s->episode = 0;
    }
    return reset_slots(b, NULL);
}

CROWN_EXPORT int crown_batch_reset_masked(crown_batch *b, const uint8_t *mask,
                                          const uint64_t *seeds)
{
    if (!b)
        return CROWN_EINVAL;
    if (!mask)
        return batch_fail(b, CROWN_EINVAL, "invalid argument: mask is NULL");
    for (size_t i = 0; i < b->size; i++) {
        if (!mask[i])
            continue;
        batch_slot *s = &b->slots[i];
        if (seeds) {
            s->additive = 0;
            s->stream = batch_stream(seeds[i], 0);
            s->episode = 0;
        } else {
            s->episode++;
        }
    }
    return reset_slots(b, mask);
}

CROWN_EXPORT int crown_batch_episode_seed(crown_batch *b, size_t index, uint64_t *seed)
{
    if (!b)
        return CROWN_EINVAL;
    if (!seed)
        return batch_fail(b, CROWN_EINVAL, "invalid argument: seed is NULL");
    if (index >= b->size)
        return batch_fail(b, CROWN_EINVAL, "invalid argument: game %zu of a batch of %zu",
                          index, b->size);
    *seed = b->slots[index].seed;
    return CROWN_OK;
}
