/*
 * batch.h - what the batch's files give each other: the batch, its slots'
 * episodes (batch_episodes.c), its arrays' rows (batch_rows.c), its step
 * (batch_step.c) and its threads (batch_threads.c).  crown.h, "Batches",
 * is the contract.
 */
#ifndef CROWN_CORE_BATCH_H
#define CROWN_CORE_BATCH_H

#include <stdarg.h>

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

/* What one thread reports of a job: its failure of the lowest slot. */
typedef struct batch_part {
    int rc;
    size_t slot;
    char err[256];
} batch_part;

typedef struct batch_pool batch_pool; /* batch_threads.c */

/* A slot's episode: its seeds and the actions it has played. */
typedef struct batch_slot {
    uint64_t stream;  /* mix(mix(seed) ^ slot): E(seed, slot, k) = mix(stream ^ k) */
    uint64_t episode; /* k, since the stream began */
    uint64_t seed;    /* of the present episode */
    size_t steps;     /* the decisions of the episode */
    uint32_t *acts;   /* their action indices */
    size_t cap;       /* room in acts */
    int at_end;       /* left at the end of its episode (next-step, disabled) */
    int additive;     /* the rule before 0.5.0: episode k's seed is stream + k * size */
    int mover;        /* the seat of the last decision */
    uint8_t term, trunc; /* the flags of the step that ended it (at_end) */
} batch_slot;

struct crown_batch {
    const crown_rules *rules;
    crown_optvals vals;
    size_t size, max_steps, actions, obs_size;
    int players, mode;
    int additive;       /* made by crown_batch_new@CROWN_1.2: reset's rule before 0.5.0 */
    crown_game **games; /* size handles */
    batch_slot *slots;
    double *returns;    /* size x players: the returns after the last step (0 at the start) */
    uint32_t *marked;   /* size x MARKED_MAX: the indices set in each mask row */
    size_t *nmarked;    /* per slot: their number (more than MARKED_MAX: not kept) */
    /* The caller's arrays (crown_batch_bind, crown_batch_bind_final); any
     * may be NULL. */
    float *obs;
    uint8_t *masks;
    int32_t *who;
    float *rewards;
    uint8_t *terminated, *truncated;
    float *final_obs;
    int32_t *final_who;
    size_t state_at; /* where a handle's state starts in it */
    /* The work of the present call, shared out by batch_run. */
    const int32_t *step_actions;
    const uint8_t *reset_mask;
    int threads;       /* 1: the caller's thread alone */
    batch_pool *pool;  /* threads - 1 workers, or NULL */
    batch_part *parts; /* threads of them */
    char err[256];
};

/* Sets the message of a thread's failure, unless it has one of a lower
 * slot; returns code. */
int batch_part_fail(batch_part *p, size_t slot, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* Sets the batch's message; returns code. */
int batch_fail(crown_batch *b, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* A job's work on the slots [from, to), its failures reported in p. */
typedef void batch_work(crown_batch *b, batch_part *p, size_t from, size_t to);

/* ---- episodes (batch_episodes.c) ---- */

/* The seed of slot s's present episode. */
static inline uint64_t batch_episode_seed(const crown_batch *b, const batch_slot *s)
{
    if (s->additive)
        return s->stream + s->episode * (uint64_t)b->size;
    return crown_mix64(s->stream ^ s->episode);
}
/* The stream of slot `slot` of a batch seeded with `seed`. */
static inline uint64_t batch_stream(uint64_t seed, uint64_t slot)
{
    return crown_mix64(crown_mix64(seed) ^ slot);
}
/* Starts slot i's present episode (slots[i].episode of its stream),
 * skipping those that end before their first decision; its returns 0, its
 * actions none. */
int batch_start_episode(crown_batch *b, size_t i, batch_part *p);

/* ---- the arrays' rows (batch_rows.c) ---- */

/* Writes slot i's observation, mask and player to move. */
int batch_write_position(crown_batch *b, size_t i, batch_part *p);
/* Writes slot i at the end of its episode: CROWN_TERMINAL, the final
 * observation (the last mover's), the mask all 0. */
void batch_write_end(crown_batch *b, size_t i);
/* Writes the final observation of slot i into the final arrays. */
void batch_write_final(crown_batch *b, size_t i);
/* Writes slot i's rewards 0 and its flags. */
void batch_write_flags(crown_batch *b, size_t i, int terminated, int truncated);
/* Asks the processor for slot i's handle and state ahead of their use. */
void batch_prefetch(const crown_batch *b, size_t i);

/* ---- the step's work (batch_step.c) ---- */

/* Resets the slots [from, to) where reset_mask is set (all when it is
 * NULL), each at its present episode, writing their rows. */
void batch_reset_slots(crown_batch *b, batch_part *p, size_t from, size_t to);

/* ---- threads (batch_threads.c) ---- */

/* Runs `first` over every slot, then, unless it failed in a slot, `then`
 * (when not NULL) over every slot, on the caller's thread and the pool's,
 * a chunk of consecutive slots at a time (a chunk of `first` stops at its
 * first failure); `then` starts on no slot before `first` is done with
 * every slot.  Returns when all are done: the status of the lowest slot
 * that failed (its message the batch's), or CROWN_OK.  The parts are
 * cleared first. */
int batch_run(crown_batch *b, batch_work *first, batch_work *then);
/* Starts a pool of `workers` threads for b, whose failures go to parts[1]
 * to parts[workers]; NULL when one cannot be started (none are then left
 * running). */
batch_pool *batch_pool_start(crown_batch *b, batch_part *parts, int workers);
/* Stops and frees a pool (NULL ignored). */
void batch_pool_stop(batch_pool *pool);

#endif
