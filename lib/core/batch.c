/*
 * batch.c - batches: many games of one game and option set stepped by one
 * call, each writing its observation tensor, legal mask, player to move,
 * rewards and end flags into the caller's arrays (crown.h, "Batches").
 * This file: making and freeing a batch (crown_batch_new in its two symbol
 * versions), its facts, binding the caller's arrays, the autoreset mode,
 * and a slot's game rebuilt for inspection.
 *
 * Each slot is an ordinary handle, so legality, chance, the tensors and
 * the masks are the library's own code and a batch plays exactly what one
 * handle per slot plays; the episodes are in batch_episodes.c, the step in
 * batch_step.c, the rows of the arrays in batch_rows.c, the threads in
 * batch_threads.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batch.h"

int batch_fail(crown_batch *b, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->err, sizeof b->err, fmt, ap);
    va_end(ap);
    return code;
}

int batch_part_fail(batch_part *p, size_t slot, int code, const char *fmt, ...)
{
    if (p->rc && p->slot <= slot)
        return code; /* (a thread's lowest failing slot is the one reported) */
    p->rc = code;
    p->slot = slot;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->err, sizeof p->err, fmt, ap);
    va_end(ap);
    return code;
}

#define CHECK_BATCH_ARG(b, p) \
    do { \
        if (!(b)) \
            return CROWN_EINVAL; \
        if (!(p)) \
            return batch_fail((b), CROWN_EINVAL, "invalid argument: %s is NULL", #p); \
    } while (0)

CROWN_EXPORT void crown_batch_free(crown_batch *b)
{
    if (!b)
        return;
    batch_pool_stop(b->pool);
    if (b->games)
        for (size_t i = 0; i < b->size; i++)
            crown_free(b->games[i]);
    if (b->slots)
        for (size_t i = 0; i < b->size; i++)
            free(b->slots[i].acts);
    free(b->games);
    free(b->slots);
    free(b->returns);
    free(b->marked);
    free(b->nmarked);
    free(b->parts);
    free(b);
}

/* crown_batch_new of either version: `additive` for the seeds' rule before
 * 0.5.0. */
static int batch_new(crown_batch **out, const char *name, const char *options, size_t size,
                     uint64_t seed, size_t max_steps, char *errbuf, size_t errcap, int additive)
{
    crown_err err = {{0}};
    if (!out) {
        crown_copy_msg(errbuf, errcap, "invalid argument: out is NULL");
        return CROWN_EINVAL;
    }
    *out = NULL;
    if (size == 0 || size > CROWN_BATCH_MAX_SIZE) {
        crown_errf(&err, "invalid argument: a batch holds 1 to %d games, not %zu",
                   CROWN_BATCH_MAX_SIZE, size);
        crown_copy_msg(errbuf, errcap, err.msg);
        return CROWN_EINVAL;
    }
    const crown_rules *r;
    crown_optvals vals;
    int explicit_chance;
    int rc = crown_find_config(name, options, &r, &vals, &explicit_chance, &err);
    if (!rc && explicit_chance) {
        crown_errf(&err, "option chance=explicit: a batch draws every card itself (chance=auto)");
        rc = CROWN_EOPTION;
    }
    crown_batch *b = NULL;
    if (!rc) {
        b = calloc(1, sizeof *b);
        if (b) {
            b->size = size;
            b->vals = vals;
            b->additive = additive;
            b->threads = 1;
            b->games = calloc(size, sizeof *b->games);
            b->slots = calloc(size, sizeof *b->slots);
            b->parts = calloc(1, sizeof *b->parts);
        }
        rc = b && b->games && b->slots && b->parts ? CROWN_OK : CROWN_ENOMEM;
    }
    for (size_t i = 0; !rc && i < size; i++) {
        rc = crown_game_create(&b->games[i], r, &vals, 0, seed + i, &err);
        crown_err why;
        if (!rc && i == 0 && r->never_decides && r->never_decides(b->games[0]->config, &why)) {
            crown_errf(&err, "these options give no game a decision, and a batch steps "
                             "decisions: %s",
                       why.msg);
            rc = CROWN_EOPTION;
        }
    }
    if (!rc) {
        crown_game *g = b->games[0];
        /* One configuration for all (each handle has the same, and keeps
         * its own copy for crown_clone): the step's games read one. */
        for (size_t i = 1; i < size; i++)
            b->games[i]->config = g->config;
        b->rules = r;
        b->state_at = (size_t)((unsigned char *)g->state - (unsigned char *)g);
        b->max_steps = max_steps;
        b->players = g->players;
        b->actions = r->action_count(g->config);
        b->obs_size = crown_tensor_size(g, NULL);
        b->returns = calloc(size * (size_t)b->players, sizeof *b->returns);
        b->marked = calloc(size * MARKED_MAX, sizeof *b->marked);
        b->nmarked = calloc(size, sizeof *b->nmarked);
        if (!b->returns || !b->marked || !b->nmarked)
            rc = CROWN_ENOMEM;
    }
    if (!rc) {
        rc = crown_batch_reset(b, seed);
        if (rc)
            crown_errf(&err, "%s", b->err);
    }
    if (rc) {
        if (rc == CROWN_ENOMEM)
            crown_errf(&err, "out of memory");
        crown_batch_free(b);
        crown_copy_msg(errbuf, errcap, err.msg);
        return rc;
    }
    *out = b;
    return CROWN_OK;
}

/* crown_batch_new has two symbol versions: CROWN_1.2's (the library before
 * 0.5.0, and the programs built against it) seeds slot i's k-th episode
 * seed + i + k * size, CROWN_1.3's (the default) with E(seed, i, k). */
CROWN_EXPORT int crown_batch_new_additive(crown_batch **out, const char *name,
                                          const char *options, size_t size, uint64_t seed,
                                          size_t max_steps, char *errbuf, size_t errcap);
CROWN_EXPORT int crown_batch_new_hashed(crown_batch **out, const char *name,
                                        const char *options, size_t size, uint64_t seed,
                                        size_t max_steps, char *errbuf, size_t errcap);
__asm__(".symver crown_batch_new_additive, crown_batch_new@CROWN_1.2");
__asm__(".symver crown_batch_new_hashed, crown_batch_new@@CROWN_1.3");

int crown_batch_new_additive(crown_batch **out, const char *name, const char *options,
                             size_t size, uint64_t seed, size_t max_steps, char *errbuf,
                             size_t errcap)
{
    return batch_new(out, name, options, size, seed, max_steps, errbuf, errcap, 1);
}

int crown_batch_new_hashed(crown_batch **out, const char *name, const char *options,
                           size_t size, uint64_t seed, size_t max_steps, char *errbuf,
                           size_t errcap)
{
    return batch_new(out, name, options, size, seed, max_steps, errbuf, errcap, 0);
}

CROWN_EXPORT const char *crown_batch_last_error(const crown_batch *b)
{
    return b ? b->err : "invalid argument: batch is NULL";
}

CROWN_EXPORT int crown_batch_size(crown_batch *b, size_t *size)
{
    CHECK_BATCH_ARG(b, size);
    *size = b->size;
    return CROWN_OK;
}

CROWN_EXPORT int crown_batch_num_players(crown_batch *b, int *players)
{
    CHECK_BATCH_ARG(b, players);
    *players = b->players;
    return CROWN_OK;
}

CROWN_EXPORT int crown_batch_num_actions(crown_batch *b, size_t *count)
{
    CHECK_BATCH_ARG(b, count);
    *count = b->actions;
    return CROWN_OK;
}

CROWN_EXPORT int crown_batch_observation_size(crown_batch *b, size_t *count)
{
    CHECK_BATCH_ARG(b, count);
    *count = b->obs_size;
    return CROWN_OK;
}

CROWN_EXPORT int crown_batch_bind(crown_batch *b, float *observations, uint8_t *masks,
                                  int32_t *players, float *rewards, uint8_t *terminated,
                                  uint8_t *truncated)
{
    if (!b)
        return CROWN_EINVAL;
    b->obs = observations;
    b->masks = masks;
    b->who = players;
    b->rewards = rewards;
    b->terminated = terminated;
    b->truncated = truncated;
    for (size_t i = 0; i < b->size; i++)
        b->nmarked[i] = MARKED_UNKNOWN;
    return CROWN_OK;
}

CROWN_EXPORT int crown_batch_bind_final(crown_batch *b, float *observations, int32_t *players)
{
    if (!b)
        return CROWN_EINVAL;
    b->final_obs = observations;
    b->final_who = players;
    return CROWN_OK;
}

CROWN_EXPORT int crown_batch_set_autoreset(crown_batch *b, int mode)
{
    if (!b)
        return CROWN_EINVAL;
    if (mode != CROWN_AUTORESET_SAME_STEP && mode != CROWN_AUTORESET_NEXT_STEP &&
        mode != CROWN_AUTORESET_DISABLED)
        return batch_fail(b, CROWN_EINVAL,
                          "invalid argument: autoreset mode %d (CROWN_AUTORESET_SAME_STEP 0, "
                          "CROWN_AUTORESET_NEXT_STEP 1, CROWN_AUTORESET_DISABLED 2)",
                          mode);
    b->mode = mode;
    return CROWN_OK;
}

CROWN_EXPORT int crown_batch_game(crown_batch *b, size_t index, crown_game **out)
{
    CHECK_BATCH_ARG(b, out);
    *out = NULL;
    if (index >= b->size)
        return batch_fail(b, CROWN_EINVAL, "invalid argument: game %zu of a batch of %zu",
                          index, b->size);
    const batch_slot *s = &b->slots[index];
    crown_err err;
    crown_game *g;
    int rc = crown_game_create(&g, b->rules, &b->vals, 0, s->seed, &err);
    if (rc)
        return batch_fail(b, rc, "game %zu: %s", index, err.msg);
    rc = crown_game_settle(g, &err);
    if (rc) {
        crown_free(g);
        return batch_fail(b, rc, "game %zu: %s", index, err.msg);
    }
    for (size_t k = 0; k < s->steps; k++) {
        rc = crown_apply(g, b->rules->action_move(g->config, s->acts[k]));
        if (rc) {
            /* (out of memory, or a bug: the episode's actions were legal) */
            batch_fail(b, rc == CROWN_ENOMEM ? rc : CROWN_EINTERNAL,
                       "%sgame %zu: its decision %zu: %s", rc == CROWN_ENOMEM ? "" : "internal "
                       "error: ", index, k + 1, crown_last_error(g));
            crown_free(g);
            return rc == CROWN_ENOMEM ? rc : CROWN_EINTERNAL;
        }
    }
    *out = g;
    return CROWN_OK;
}
