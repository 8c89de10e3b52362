/*
 * batch.c - batches: many games of one game and option set stepped by one
 * call, each writing its observation tensor, legal mask, player to move,
 * rewards and end flags into the caller's arrays (crown.h, "Batches").
 *
 * Each slot is an ordinary handle, so legality, chance, the tensors and
 * the masks are the library's own code and a batch plays exactly what one
 * handle per slot plays.  A step checks and plays every action first (a
 * failure takes the games played so far back: nothing changes), then
 * writes the arrays, starting again in place (crown_game_restart) the
 * games that ended: once each slot has played its longest episode, a step
 * allocates nothing.  A batch of a thousand games does not fit in the
 * caches, so a step spares memory traffic: the games read one
 * configuration, a mask row is cleared only where the last mask set it,
 * and each slot's handle and state are asked for a few slots ahead
 * (docs/performance.md, "Batches (C)").
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

/* Consecutive episodes of one slot that may end before their first
 * decision before a batch gives up: a rare deal does (a King's Family deal
 * can), and options whose every deal does are refused (CROWN_EOPTION), by
 * the game's never_decides when the options alone tell it, else here. */
#define EMPTY_EPISODES_MAX 1000

/* The legal indices of its last mask a slot keeps, so that the next mask
 * clears them rather than the whole row (King's Blood has 11,813 actions,
 * a few dozen legal at a time); with more, or a narrow row, the row is
 * cleared whole. */
#define MARKED_MAX 64
#define NARROW_ROW 256
#define MARKED_UNKNOWN SIZE_MAX /* the row not written since it was bound */

#define PREFETCH_AHEAD 4 /* slots */

struct crown_batch {
    const crown_rules *rules;
    size_t size, max_steps, actions, obs_size;
    int players;
    uint64_t seed;      /* of the last reset */
    crown_game **games; /* size handles */
    uint64_t *episode;  /* per slot: its episode since the reset (k) */
    size_t *steps;      /* per slot: the decisions of the episode */
    size_t *undo_to;    /* per slot: its history length before the step */
    double *returns;    /* size x players: the returns after the last step (0 at the start) */
    uint32_t *marked;   /* size x MARKED_MAX: the indices set in each mask row */
    size_t *nmarked;    /* per slot: their number (more than MARKED_MAX: not kept) */
    /* The caller's arrays (crown_batch_bind); any may be NULL. */
    float *obs;
    uint8_t *masks;
    int32_t *who;
    float *rewards;
    uint8_t *terminated, *truncated;
    size_t state_at;    /* where a handle's state starts in it */
    char err[256];
};

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int batch_fail(crown_batch *b, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->err, sizeof b->err, fmt, ap);
    va_end(ap);
    return code;
}

#define CHECK_BATCH(b) \
    do { \
        if (!(b)) \
            return CROWN_EINVAL; \
    } while (0)

#define CHECK_BATCH_ARG(b, p) \
    do { \
        if (!(p)) \
            return batch_fail((b), CROWN_EINVAL, "invalid argument: %s is NULL", #p); \
    } while (0)

/* Asks the processor for slot i's handle and state ahead of their use: a
 * batch goes through more games than the caches hold, and a step reads
 * each slot twice (playing, then writing the arrays). */
static void prefetch_slot(const crown_batch *b, size_t i)
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
#else
    (void)b;
    (void)i;
#endif
}

/* Starts slot i's next episode (the k-th since the reset: seed + i + k *
 * size), skipping episodes that end before their first decision. */
static int start_episode(crown_batch *b, size_t i)
{
    crown_game *g = b->games[i];
    for (int tries = 0; tries < EMPTY_EPISODES_MAX; tries++) {
        uint64_t seed = b->seed + (uint64_t)i + b->episode[i] * (uint64_t)b->size;
        crown_err err;
        int rc = crown_game_restart(g, seed, &err);
        if (rc)
            return batch_fail(b, rc, "game %zu: %s", i, err.msg);
        b->steps[i] = 0;
        memset(b->returns + i * (size_t)b->players, 0, (size_t)b->players * sizeof(double));
        if (crown_current(g) != CROWN_TERMINAL)
            return CROWN_OK;
        b->episode[i]++;
    }
    return batch_fail(b, CROWN_EOPTION,
                      "game %zu: %d episodes in a row ended before their first decision: these "
                      "options (almost) never give a game a decision, and a batch steps "
                      "decisions",
                      i, EMPTY_EPISODES_MAX);
}

/* Writes slot i's observation, mask and player to move into the bound
 * arrays. */
static int write_position(crown_batch *b, size_t i)
{
    crown_game *g = b->games[i];
    int who = crown_current(g);
    if (b->who)
        b->who[i] = who;
    if (b->obs)
        crown_write_tensor(g, who, b->obs + i * b->obs_size, b->obs_size);
    if (!b->masks)
        return CROWN_OK;
    uint8_t *mask = b->masks + i * b->actions;
    uint32_t *marked = b->marked + i * MARKED_MAX;
    size_t had = b->nmarked[i];
    if (had > MARKED_MAX || b->actions <= NARROW_ROW)
        memset(mask, 0, b->actions);
    else
        for (size_t k = 0; k < had; k++)
            mask[marked[k]] = 0;
    crown_move bad;
    long n = crown_mark_legal(g, mask, b->actions, marked, MARKED_MAX, &bad);
    if (n < 0) {
        memset(mask, 0, b->actions);
        b->nmarked[i] = 0;
        return batch_fail(b, CROWN_EINTERNAL, "internal error: game %zu: legal move %ld has no "
                                              "index", i, (long)bad);
    }
    b->nmarked[i] = (size_t)n;
    return CROWN_OK;
}

CROWN_EXPORT void crown_batch_free(crown_batch *b)
{
    if (!b)
        return;
    if (b->games)
        for (size_t i = 0; i < b->size; i++)
            crown_free(b->games[i]);
    free(b->games);
    free(b->episode);
    free(b->steps);
    free(b->undo_to);
    free(b->returns);
    free(b->marked);
    free(b->nmarked);
    free(b);
}

CROWN_EXPORT int crown_batch_reset(crown_batch *b, uint64_t seed)
{
    CHECK_BATCH(b);
    b->seed = seed;
    int status = CROWN_OK;
    char first[sizeof b->err];
    for (size_t i = 0; i < b->size; i++) {
        b->episode[i] = 0;
        int rc = start_episode(b, i);
        if (!rc)
            rc = write_position(b, i);
        if (rc && !status) {
            status = rc; /* the first failure's (the others are reset all the same) */
            memcpy(first, b->err, sizeof first);
        }
    }
    if (status)
        memcpy(b->err, first, sizeof b->err);
    size_t np = b->size * (size_t)b->players;
    if (b->rewards)
        memset(b->rewards, 0, np * sizeof *b->rewards);
    if (b->terminated)
        memset(b->terminated, 0, b->size);
    if (b->truncated)
        memset(b->truncated, 0, b->size);
    return status;
}

CROWN_EXPORT int crown_batch_new(crown_batch **out, const char *name, const char *options,
                                 size_t size, uint64_t seed, size_t max_steps, char *errbuf,
                                 size_t errcap)
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
            b->games = calloc(size, sizeof *b->games);
        }
        rc = b && b->games ? CROWN_OK : CROWN_ENOMEM;
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
        b->episode = calloc(size, sizeof *b->episode);
        b->steps = calloc(size, sizeof *b->steps);
        b->undo_to = calloc(size, sizeof *b->undo_to);
        b->returns = calloc(size * (size_t)b->players, sizeof *b->returns);
        b->marked = calloc(size * MARKED_MAX, sizeof *b->marked);
        b->nmarked = calloc(size, sizeof *b->nmarked);
        if (!b->episode || !b->steps || !b->undo_to || !b->returns || !b->marked || !b->nmarked)
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

CROWN_EXPORT const char *crown_batch_last_error(const crown_batch *b)
{
    return b ? b->err : "invalid argument: batch is NULL";
}

CROWN_EXPORT int crown_batch_size(crown_batch *b, size_t *size)
{
    CHECK_BATCH(b);
    CHECK_BATCH_ARG(b, size);
    *size = b->size;
    return CROWN_OK;
}

CROWN_EXPORT int crown_batch_num_players(crown_batch *b, int *players)
{
    CHECK_BATCH(b);
    CHECK_BATCH_ARG(b, players);
    *players = b->players;
    return CROWN_OK;
}

CROWN_EXPORT int crown_batch_num_actions(crown_batch *b, size_t *count)
{
    CHECK_BATCH(b);
    CHECK_BATCH_ARG(b, count);
    *count = b->actions;
    return CROWN_OK;
}

CROWN_EXPORT int crown_batch_observation_size(crown_batch *b, size_t *count)
{
    CHECK_BATCH(b);
    CHECK_BATCH_ARG(b, count);
    *count = b->obs_size;
    return CROWN_OK;
}

CROWN_EXPORT int crown_batch_bind(crown_batch *b, float *observations, uint8_t *masks,
                                  int32_t *players, float *rewards, uint8_t *terminated,
                                  uint8_t *truncated)
{
    CHECK_BATCH(b);
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

/* Takes back the moves the step played in slots 0..n-1. */
static void take_back(crown_batch *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        crown_truncate_to(b->games[i], b->undo_to[i]);
}

/* Checks action `a` of slot i and plays it with the chance events after it;
 * on error the game is as it was and the message is the batch's. */
static int play_action(crown_batch *b, size_t i, int32_t a)
{
    crown_game *g = b->games[i];
    if (a < 0 || (size_t)a >= b->actions)
        return batch_fail(b, CROWN_EILLEGAL,
                          "game %zu: action %ld is out of range (the actions are 0..%zu)", i,
                          (long)a, b->actions - 1);
    crown_move m = b->rules->action_move(g->config, (size_t)a);
    crown_err err;
    if (!crown_legal_now(g, m)) {
        crown_illegal_move(g, m, &err);
        return batch_fail(b, CROWN_EILLEGAL, "game %zu: action %ld: %s", i, (long)a, err.msg);
    }
    b->undo_to[i] = g->n;
    int rc = crown_record_and_apply(g, crown_current(g), m, 0, &err);
    if (!rc) {
        rc = crown_game_settle(g, &err);
        if (rc)
            crown_truncate_to(g, b->undo_to[i]);
    }
    return rc ? batch_fail(b, rc, "game %zu: %s", i, err.msg) : CROWN_OK;
}

/* After slot i's game played its action: its rewards and flags; a game
 * that ended starts its next episode. */
static int settle_slot(crown_batch *b, size_t i)
{
    crown_game *g = b->games[i];
    size_t np = (size_t)b->players;
    double now[64], *before = b->returns + i * np;
    b->rules->returns(g->config, g->state, now);
    if (b->rewards)
        for (size_t p = 0; p < np; p++)
            b->rewards[i * np + p] = (float)(now[p] - before[p]);
    memcpy(before, now, np * sizeof *before);
    b->steps[i]++;
    int terminated = crown_current(g) == CROWN_TERMINAL;
    int truncated = !terminated && b->max_steps && b->steps[i] >= b->max_steps;
    if (b->terminated)
        b->terminated[i] = (uint8_t)terminated;
    if (b->truncated)
        b->truncated[i] = (uint8_t)truncated;
    if (!terminated && !truncated)
        return CROWN_OK;
    /* (This cannot fail but for a bug: a deal needs far less history than
     * the room a handle keeps, so the step's games are all played.) */
    b->episode[i]++;
    return start_episode(b, i);
}

CROWN_EXPORT int crown_batch_step(crown_batch *b, const int32_t *actions)
{
    CHECK_BATCH(b);
    CHECK_BATCH_ARG(b, actions);
    for (size_t i = 0; i < b->size; i++) {
        prefetch_slot(b, i + PREFETCH_AHEAD);
        int rc = play_action(b, i, actions[i]);
        if (rc) {
            take_back(b, i);
            return rc;
        }
    }
    int status = CROWN_OK;
    char first[sizeof b->err];
    for (size_t i = 0; i < b->size; i++) {
        prefetch_slot(b, i + PREFETCH_AHEAD);
        int rc = settle_slot(b, i);
        if (!rc)
            rc = write_position(b, i);
        if (rc && !status) {
            status = rc; /* the first failure's (the others go on) */
            memcpy(first, b->err, sizeof first);
        }
    }
    if (status)
        memcpy(b->err, first, sizeof b->err);
    return status;
}

CROWN_EXPORT int crown_batch_game(crown_batch *b, size_t index, crown_game **out)
{
    CHECK_BATCH(b);
    CHECK_BATCH_ARG(b, out);
    *out = NULL;
    if (index >= b->size)
        return batch_fail(b, CROWN_EINVAL, "invalid argument: game %zu of a batch of %zu",
                          index, b->size);
    int rc = crown_clone(out, b->games[index]);
    if (rc)
        return batch_fail(b, rc, "game %zu: %s", index, crown_last_error(b->games[index]));
    return CROWN_OK;
}
