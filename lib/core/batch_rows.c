/*
 * batch_rows.c - a batch slot's rows of the caller's arrays: the position
 * (observation, legal mask, player to move), the end of an episode, the
 * final observation of same-step autoreset, the flags.  A batch of a
 * thousand games does not fit in the caches, so the rows spare memory
 * traffic: a mask row is cleared only where the last mask set it, and each
 * slot's handle and state are asked for a few slots ahead
 * (docs/performance.md, "Batches (C)").
 */
#include <string.h>

#include "batch.h"

void batch_prefetch(const crown_batch *b, size_t i)
{
#if defined(__GNUC__)
    if (i >= b->size)
        return;
    const char *g = (const char *)b->games[i];
    __builtin_prefetch(g);
    __builtin_prefetch(g + 64);
    __builtin_prefetch(g + 128);
    size_t ss = b->rules->state_size;
    for (size_t k = 0; k < ss; k += 64)
        __builtin_prefetch(g + b->state_at + k);
    __builtin_prefetch(b->returns + i * (size_t)b->players);
    __builtin_prefetch(&b->slots[i]);
#else
    (void)b;
    (void)i;
#endif
}

/* Clears slot i's mask row where the batch last set it. */
static uint8_t *clear_mask(crown_batch *b, size_t i)
{
    uint8_t *mask = b->masks + i * b->actions;
    uint32_t *marked = b->marked + i * MARKED_MAX;
    size_t had = b->nmarked[i];
    if (had > MARKED_MAX || b->actions <= NARROW_ROW)
        memset(mask, 0, b->actions);
    else
        for (size_t k = 0; k < had; k++)
            mask[marked[k]] = 0;
    return mask;
}

int batch_write_position(crown_batch *b, size_t i, batch_part *p)
{
    crown_game *g = b->games[i];
    int who = crown_current(g);
    if (b->who)
        b->who[i] = who;
    if (b->obs)
        crown_write_tensor(g, who, b->obs + i * b->obs_size, b->obs_size);
    if (!b->masks)
        return CROWN_OK;
    uint8_t *mask = clear_mask(b, i);
    crown_move bad;
    long n = crown_mark_legal(g, mask, b->actions, b->marked + i * MARKED_MAX, MARKED_MAX, &bad);
    if (n < 0) {
        memset(mask, 0, b->actions);
        b->nmarked[i] = 0;
        return batch_part_fail(p, i, CROWN_EINTERNAL,
                               "internal error: game %zu: legal move %ld has no index", i,
                               (long)bad);
    }
    b->nmarked[i] = (size_t)n;
    return CROWN_OK;
}

void batch_write_end(crown_batch *b, size_t i)
{
    if (b->who)
        b->who[i] = CROWN_TERMINAL;
    if (b->obs)
        crown_write_tensor(b->games[i], b->slots[i].mover, b->obs + i * b->obs_size,
                           b->obs_size);
    if (b->masks) {
        clear_mask(b, i);
        b->nmarked[i] = 0;
    }
}

void batch_write_final(crown_batch *b, size_t i)
{
    if (b->final_obs)
        crown_write_tensor(b->games[i], b->slots[i].mover, b->final_obs + i * b->obs_size,
                           b->obs_size);
    if (b->final_who)
        b->final_who[i] = b->slots[i].mover;
}

void batch_write_flags(crown_batch *b, size_t i, int terminated, int truncated)
{
    if (b->rewards)
        memset(b->rewards + i * (size_t)b->players, 0, (size_t)b->players * sizeof *b->rewards);
    if (b->terminated)
        b->terminated[i] = (uint8_t)terminated;
    if (b->truncated)
        b->truncated[i] = (uint8_t)truncated;
}
