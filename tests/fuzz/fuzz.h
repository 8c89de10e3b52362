/*
 * fuzz.h - what the libFuzzer harnesses share: a byte reader, the option
 * sets they play, random play, and the check that a game is unchanged
 * (its saved text and state hash) after a call that failed.
 * A broken promise calls abort(), which libFuzzer reports as a crash.
 */
#ifndef CROWN_FUZZ_H
#define CROWN_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <crown/crown.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The option sets the harnesses reach states of. */
static const char *const fz_configs[][2] = {
    {"game_of_kingdoms", "players=2"},
    {"game_of_kingdoms", "players=4,variant=ruthless"},
    {"game_of_kingdoms", "players=3,chance=explicit,games=2"},
    {"kings_family", ""},
    {"kings_family", "chance=explicit"},
    {"kings_family", "deck=B1m B1f B2m Y3f R4m G5f-skip assassination new-connection enthronement"},
    {"kings_blood", "players=3"},
    {"kings_blood", "players=4,advanced=on,chance=explicit"},
    {"kings_blood", "players=2,match=on,target=40"},
    {"blood_bound", "players=6"},
    {"blood_bound", "players=9,chance=explicit"},
    {"blood_bound", "players=12"},
};
#define FZ_NCONFIGS (sizeof fz_configs / sizeof fz_configs[0])

#define FZ_CHECK(cond)                                                                         \
    do {                                                                                       \
        if (!(cond)) {                                                                         \
            fprintf(stderr, "%s:%d: broken promise: %s\n", __FILE__, __LINE__, #cond);       \
            abort();                                                                           \
        }                                                                                      \
    } while (0)

typedef struct fz_bytes {
    const uint8_t *p;
    size_t n;
} fz_bytes;

static inline unsigned fz_byte(fz_bytes *b)
{
    if (b->n == 0)
        return 0;
    b->n--;
    return *b->p++;
}

static inline uint64_t fz_u64(fz_bytes *b)
{
    uint64_t v = 0;
    for (int i = 0; i < 8; i++)
        v = v << 8 | fz_byte(b);
    return v;
}

/* The rest of the input as a string (malloc'ed). */
static inline char *fz_rest(fz_bytes *b)
{
    char *s = malloc(b->n + 1);
    FZ_CHECK(s != NULL);
    memcpy(s, b->p, b->n);
    s[b->n] = '\0';
    b->p += b->n;
    b->n = 0;
    return s;
}

static inline char *fz_save(crown_game *g)
{
    size_t len = 0;
    FZ_CHECK(crown_serialize(g, NULL, 0, &len) == CROWN_ETOOSMALL);
    char *s = malloc(len + 1);
    FZ_CHECK(s != NULL);
    FZ_CHECK(crown_serialize(g, s, len + 1, &len) == CROWN_OK);
    FZ_CHECK(strlen(s) == len);
    return s;
}

/* What must not change when a call fails. */
typedef struct fz_snap {
    char *text;
    uint64_t hash;
    size_t depth;
} fz_snap;

static inline fz_snap fz_take(crown_game *g)
{
    fz_snap s;
    s.text = fz_save(g);
    FZ_CHECK(crown_state_hash(g, &s.hash) == CROWN_OK);
    FZ_CHECK(crown_undo_depth(g, &s.depth) == CROWN_OK);
    return s;
}

static inline void fz_same(crown_game *g, fz_snap *s)
{
    fz_snap now = fz_take(g);
    FZ_CHECK(strcmp(now.text, s->text) == 0);
    FZ_CHECK(now.hash == s->hash);
    FZ_CHECK(now.depth == s->depth);
    free(now.text);
}

static inline void fz_drop(fz_snap *s)
{
    free(s->text);
}

static inline int fz_over(crown_game *g)
{
    int t = 0;
    FZ_CHECK(crown_is_terminal(g, &t) == CROWN_OK);
    return t;
}

/* Plays up to k random legal moves chosen by `seed`. */
static inline void fz_play(crown_game *g, size_t k, uint64_t seed)
{
    crown_move moves[4096];
    size_t n;
    for (size_t i = 0; i < k && !fz_over(g); i++) {
        FZ_CHECK(crown_legal_moves(g, moves, 4096, &n) == CROWN_OK && n > 0);
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        FZ_CHECK(crown_apply(g, moves[(seed >> 33) % n]) == CROWN_OK);
    }
}

#endif
