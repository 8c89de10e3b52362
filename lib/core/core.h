/*
 * core.h - the handle and the core's internal functions.
 *
 * Not installed, not exported: the library and its own tests use it.
 */
#ifndef CROWN_CORE_CORE_H
#define CROWN_CORE_CORE_H

#include "rules.h"

#define CROWN_GAME_STRING_MAX (CROWN_OPTION_POOL + 600)

/* History entry flags. */
#define CROWN_H_CHANCE 1u /* the move was a chance outcome */
#define CROWN_H_AUTO 2u   /* ... resolved by the handle (chance=auto) */

struct crown_game {
    const crown_rules *rules;
    uint64_t seed;
    int explicit_chance;
    int players;
    crown_optvals opts;

    /* History: entry i (0 <= i < n) was applied to the state before it,
     * which is snapshot slot(i) unless the entry is CROWN_H_AUTO (then it
     * has no snapshot).  Entries [0, base_n) and snapshots [0, base_snaps)
     * are read from `base`, a chain of shared, immutable chunks (a clone
     * shares them); the entries from base_n on are the handle's own, in
     * hist/flags/slot at i - base_n, their snapshots in snaps at
     * slot - base_snaps. */
    size_t n, nsnaps;
    struct crown_chunk *base;
    size_t base_n, base_snaps;
    size_t cap, snapcap; /* room in the own arrays */
    crown_move *hist;
    uint8_t *flags;
    uint32_t *slot;
    unsigned char *snaps;
    size_t nchance; /* chance entries in the history */

    /* Fixed blocks (inside the handle's single allocation). */
    void *config;
    unsigned char *state;
    crown_move *scratch;   /* max_moves: the legal moves of the state, when */
    int legal_valid;       /* ... this is set (cleared by every state change) */
    size_t legal_n;
    int who, who_valid;    /* the current player of the state, when who_valid */
    uint32_t *weights;     /* max_moves */
    unsigned char *pstate; /* the state of a playout (crown_playout) */
    char err[256]; /* (the last field: crown_copy copies the others) */
};

/* options.c */
int crown_parse_options(const crown_rules *r, const char *text, crown_optvals *vals,
                        int *explicit_chance, crown_err *err);
void crown_format_options(const crown_rules *r, const crown_optvals *vals, int explicit_chance,
                          crown_buf *b);
void crown_describe(const crown_rules *r, crown_buf *b);
void crown_describe_json(const crown_rules *r, crown_buf *b);

/* game.c */
/* A new handle in the game's initial state, chance not resolved. */
int crown_game_create(crown_game **out, const crown_rules *r, const crown_optvals *vals,
                      int explicit_chance, uint64_t seed, crown_err *err);
/* Applies a move after checking it; records it with `flags`. */
int crown_game_step(crown_game *g, crown_move m, unsigned flags, crown_err *err);
/* With chance=auto, resolves chance nodes until a decision or the end. */
int crown_game_settle(crown_game *g, crown_err *err);
/* Replays moves (chance outcomes included) on a fresh game: used by load and
 * resample. */
int crown_game_replay(crown_game *g, const crown_move *moves, size_t n, crown_err *err);

/* For the tests: the state block and its consistency check. */
const void *crown_internal_state(const crown_game *g);
/* The state block for writing (rule tests set up positions): forgets the
 * cached legal moves. */
void *crown_internal_state_mut(crown_game *g);
size_t crown_internal_state_size(const crown_game *g);
/* The game's is_legal hook on the current state: 1 or 0; -1 when the game
 * has none. */
int crown_internal_is_legal(const crown_game *g, crown_move m);
int crown_internal_check(const crown_game *g, char *msg, size_t cap);

#endif
