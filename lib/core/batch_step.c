/*
 * batch_step.c - crown_batch_step: every action checked first (chunk by
 * chunk, on the batch's threads: a failure changes nothing), then played in
 * every slot without recording (crown_play_unrecorded: a batch never
 * undoes, so a slot keeps only its episode's action indices), each slot's
 * rewards and flags written, and the games that ended handled as the
 * autoreset mode says (crown.h "Ends").
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"

#define ACTS_FIRST 64 /* a slot's first room for actions */

/* Makes room in slot s for one more action; 0 or -1 (out of memory). */
static int room_for_action(batch_slot *s)
{
    if (s->steps < s->cap)
        return 0;
    size_t cap = s->cap ? s->cap * 2 : ACTS_FIRST;
    uint32_t *acts = realloc(s->acts, cap * sizeof *acts);
    if (!acts)
        return -1;
    s->acts = acts;
    s->cap = cap;
    return 0;
}

/* Checks the actions of slots [from, to): in range, legal, and room to
 * keep; stops at the first failure. */
static void check_slots(crown_batch *b, batch_part *p, size_t from, size_t to)
{
    const int32_t *actions = b->step_actions;
    for (size_t i = from; i < to; i++) {
        batch_prefetch(b, i + PREFETCH_AHEAD);
        batch_slot *s = &b->slots[i];
        if (s->at_end)
            continue; /* (its action is ignored) */
        int32_t a = actions[i];
        if (a < 0 || (size_t)a >= b->actions) {
            batch_part_fail(p, i, CROWN_EILLEGAL,
                            "game %zu: action %ld is out of range (the actions are 0..%zu)", i,
                            (long)a, b->actions - 1);
            return;
        }
        crown_game *g = b->games[i];
        crown_move m = b->rules->action_move(g->config, (size_t)a);
        if (!crown_legal_now(g, m)) {
            crown_err err;
            crown_illegal_move(g, m, &err);
            batch_part_fail(p, i, CROWN_EILLEGAL, "game %zu: action %ld: %s", i, (long)a,
                            err.msg);
            return;
        }
        if (room_for_action(s)) {
            batch_part_fail(p, i, CROWN_ENOMEM, "game %zu: out of memory", i);
            return;
        }
    }
}

/* Slot i, left at its end, goes on as the mode says. */
static void go_on_from_end(crown_batch *b, size_t i, batch_part *p)
{
    if (b->final_who)
        b->final_who[i] = -1;
    if (b->mode == CROWN_AUTORESET_DISABLED) {
        const batch_slot *s = &b->slots[i];
        batch_write_flags(b, i, s->term, s->trunc);
        return;
    }
    b->slots[i].episode++;
    if (!batch_start_episode(b, i, p))
        batch_write_position(b, i, p);
    batch_write_flags(b, i, 0, 0);
}

/* Plays slot i's checked action; writes its rows. */
static void play_slot(crown_batch *b, size_t i, int32_t a, batch_part *p)
{
    crown_game *g = b->games[i];
    batch_slot *s = &b->slots[i];
    size_t np = (size_t)b->players;
    s->mover = crown_current(g);
    s->acts[s->steps++] = (uint32_t)a;
    crown_play_unrecorded(g, b->rules->action_move(g->config, (size_t)a));
    double now[CROWN_MAX_PLAYERS], *before = b->returns + i * np;
    b->rules->returns(g->config, g->state, now);
    if (b->rewards)
        for (size_t q = 0; q < np; q++)
            b->rewards[i * np + q] = (float)(now[q] - before[q]);
    memcpy(before, now, np * sizeof *before);
    int over = crown_current(g) == CROWN_TERMINAL;
    int limit = over && b->rules->truncated && b->rules->truncated(g->config, g->state);
    int terminated = over && !limit;
    int truncated = limit || (!over && b->max_steps && s->steps >= b->max_steps);
    if (b->terminated)
        b->terminated[i] = (uint8_t)terminated;
    if (b->truncated)
        b->truncated[i] = (uint8_t)truncated;
    if (!terminated && !truncated) {
        if (b->final_who)
            b->final_who[i] = -1;
        batch_write_position(b, i, p);
        return;
    }
    if (b->mode != CROWN_AUTORESET_SAME_STEP) {
        s->at_end = 1;
        s->term = (uint8_t)terminated;
        s->trunc = (uint8_t)truncated;
        if (b->final_who)
            b->final_who[i] = -1;
        batch_write_end(b, i);
        return;
    }
    batch_write_final(b, i);
    s->episode++;
    if (!batch_start_episode(b, i, p))
        batch_write_position(b, i, p);
}

static void play_slots(crown_batch *b, batch_part *p, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++) {
        batch_prefetch(b, i + PREFETCH_AHEAD);
        if (b->slots[i].at_end)
            go_on_from_end(b, i, p);
        else
            play_slot(b, i, b->step_actions[i], p);
    }
}

CROWN_EXPORT int crown_batch_step(crown_batch *b, const int32_t *actions)
{
    if (!b)
        return CROWN_EINVAL;
    if (!actions)
        return batch_fail(b, CROWN_EINVAL, "invalid argument: actions is NULL");
    b->step_actions = actions;
    int rc = batch_run(b, check_slots, play_slots);
    b->step_actions = NULL;
    return rc;
}
