/*
 * test_alloc.c - the library and the heap:
 * - legal-move generation, apply and undo do no heap allocation in steady
 *   state (once the history has reached its length);
 * - so do a batch's steps and resets, once each slot has played its
 *   longest episode;
 * - every allocation failure is reported as CROWN_ENOMEM, leaks nothing
 *   (the blocks alive are counted here; the sanitizer and valgrind runs
 *   check it too) and changes nothing; so does each allocation of a chunk
 *   of shared history (a handle playing below where a clone reads, the
 *   chunk of a handle full while shared, a spare chunk grown).
 *
 * Linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free
 * against the library's objects, so every allocation the library makes is
 * counted, and any one of them can be made to fail.
 */
#include "common.h"

#include "core/batch.h"
#include "core/core.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t k);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t k);
void *__wrap_realloc(void *p, size_t n);
void __real_free(void *p);
void __wrap_free(void *p);

static long allocations;
static long live; /* blocks allocated and not freed */
static long fail_after = -1; /* >= 0: that many allocations succeed, then one fails */

static int should_fail(void)
{
    allocations++;
    if (fail_after < 0)
        return 0;
    if (fail_after-- == 0) {
        fail_after = -1;
        return 1;
    }
    return 0;
}

static void *counted(void *p)
{
    live += p != NULL;
    return p;
}

void *__wrap_malloc(size_t n)
{
    return should_fail() ? NULL : counted(__real_malloc(n));
}

void *__wrap_calloc(size_t n, size_t k)
{
    return should_fail() ? NULL : counted(__real_calloc(n, k));
}

void *__wrap_realloc(void *p, size_t n)
{
    if (should_fail())
        return NULL;
    void *q = __real_realloc(p, n);
    return p ? q : counted(q);
}

void __wrap_free(void *p)
{
    live -= p != NULL;
    __real_free(p);
}

static void steady_state(const char *name, const char *options, uint64_t seed)
{
    crown_game *g = new_game(name, options, seed);
    size_t max;
    OK(crown_max_moves(g, &max));
    crown_move *moves = malloc(max * sizeof *moves);
    crown_move *played = malloc(100000 * sizeof *played);
    trng r = {seed};
    size_t n, nplayed = 0;
    /* First pass: play to the end, so the history reaches its length. */
    while (!terminal(g)) {
        OK(crown_legal_moves(g, moves, max, &n));
        played[nplayed] = moves[trng_below(&r, n)];
        OK(crown_apply(g, played[nplayed]));
        nplayed++;
        ck_assert_uint_lt(nplayed, 100000);
    }
    int undone = 0;
    while (crown_undo(g) == CROWN_OK)
        undone++;
    ck_assert_int_eq(undone, (int)nplayed);

    /* Second pass: the same game again, counting allocations. */
    long before = allocations;
    int failures = 0;
    for (size_t i = 0; i < nplayed; i++) {
        failures += crown_legal_moves(g, moves, max, &n) != CROWN_OK;
        failures += crown_apply(g, played[i]) != CROWN_OK;
    }
    for (size_t i = 0; i < nplayed; i++)
        failures += crown_undo(g) != CROWN_OK;
    for (size_t i = 0; i < nplayed; i++)
        failures += crown_apply(g, played[i]) != CROWN_OK;
    /* Playouts from the start and from the middle. */
    for (size_t i = 0; i < nplayed; i++)
        failures += crown_undo(g) != CROWN_OK;
    double mean[16];
    size_t np;
    failures += crown_playouts(g, seed, 10, mean, 16, &np) != CROWN_OK;
    for (size_t i = 0; i < nplayed / 2; i++)
        failures += crown_apply(g, played[i]) != CROWN_OK;
    failures += crown_playout(g, seed, mean, 16, &np) != CROWN_OK;
    long during = allocations - before;
    ck_assert_int_eq(failures, 0);
    ck_assert_msg(during == 0, "%ld allocations in steady state (%s %s)", during, name, options);
    /* The counter works: cloning allocates. */
    crown_game *c;
    OK(crown_clone(&c, g));
    ck_assert_int_gt(allocations - before, 0);
    /* Copying into a handle, once g's history is shared, allocates nothing
     * (a playout loop that resets a handle with crown_copy). */
    for (int i = 0; i < 6; i++) {
        if (i == 1)
            before = allocations; /* (in the first round c's history grows) */
        failures += crown_copy(c, g) != CROWN_OK;
        failures += crown_playout(c, seed + (uint64_t)i, mean, 16, &np) != CROWN_OK;
        trng rr = {seed}; /* (the same moves each round: c's history has its length) */
        int over = 0;     /* (not terminal(): a Check assertion may allocate) */
        for (size_t k = 0; k < nplayed / 2 && !over; k++) {
            failures += crown_legal_moves(c, moves, max, &n) != CROWN_OK;
            failures += crown_apply(c, moves[trng_below(&rr, n)]) != CROWN_OK;
            failures += crown_is_terminal(c, &over) != CROWN_OK;
        }
    }
    long copying = allocations - before; /* (before any assertion) */
    ck_assert_int_eq(failures, 0);
    ck_assert_msg(copying == 0, "%ld allocations copying (%s %s)", copying, name, options);
    crown_free(c);
    free(moves);
    free(played);
    crown_free(g);
}

START_TEST(no_allocation_in_steady_state)
{
    for (uint64_t seed = 1; seed <= 20; seed++) {
        steady_state("game_of_kingdoms", "players=4,variant=ruthless", seed);
        steady_state("game_of_kingdoms", "players=2,chance=explicit", seed);
        steady_state("game_of_kingdoms", "players=6,games=3", seed);
        steady_state("kings_family", "", seed);
        steady_state("kings_blood", "players=4,advanced=on", seed);
        steady_state("kings_blood", "players=3,match=on,target=40,chance=explicit", seed);
        steady_state("blood_bound", "players=9", seed);
        steady_state("blood_bound", "players=12,chance=explicit", seed);
    }
}
END_TEST

/* Makes the k-th allocation of `call` fail for k = 0, 1, ... until the call
 * succeeds; each failure must be CROWN_ENOMEM with *out left NULL and no
 * block left allocated. */
#define EACH_FAILURE(call, out) \
    do { \
        int failures_seen = 0; \
        for (long k = 0;; k++) { \
            long live_before = live; \
            fail_after = k; \
            int rc_ = (call); \
            fail_after = -1; \
            long leaked_ = live - live_before; /* (before any assertion: Check allocates) */ \
            if (rc_ == CROWN_OK) { \
                ck_assert_ptr_nonnull(out); \
                break; \
            } \
            ck_assert_int_eq(rc_, CROWN_ENOMEM); \
            ck_assert_ptr_null(out); \
            ck_assert_int_eq(leaked_, 0); \
            failures_seen++; \
            ck_assert_int_lt(k, 1000); \
        } \
        ck_assert_int_gt(failures_seen, 0); \
    } while (0)

/* Every allocating call of a game after `steps` random moves: creating,
 * cloning, resampling for every viewer, copying and loading. */
static void out_of_memory(const char *name, const char *options, int steps)
{
    crown_game *g = NULL;
    char err[256];
    EACH_FAILURE(crown_new_ex(&g, name, options, 5, err, sizeof err), g);
    ck_assert_str_eq(err, "out of memory");
    crown_move mv[4096];
    size_t nm;
    trng rr = {(uint64_t)steps};
    for (int i = 0; i < steps && !terminal(g); i++) {
        OK(crown_legal_moves(g, mv, 4096, &nm));
        OK(crown_apply(g, mv[trng_below(&rr, nm)]));
    }

    /* A failed clone or resample leaves the game as it was. */
    char *before = serialize(g);
    crown_game *c = NULL;
    EACH_FAILURE(crown_clone(&c, g), c);
    crown_free(c);

    int players;
    OK(crown_num_players(g, &players));
    for (int vk = -2; vk < players; vk++) {
        int viewer = vk == -2 ? CROWN_OMNISCIENT : vk == -1 ? CROWN_SPECTATOR : vk;
        c = NULL;
        EACH_FAILURE(crown_resample(g, viewer, 9, &c), c);
        crown_free(c);
    }
    char *after = serialize(g);
    ck_assert_str_eq(before, after);
    free(before);
    free(after);

    if (!terminal(g)) { /* (g needs a move of its own) */
        /* A copy from a handle with moves of its own shares them in place:
         * it allocates nothing (the first allocation would fail), and
         * leaves the source as it was. */
        crown_game *d = NULL;
        OK(crown_clone(&d, g));
        crown_move m[4096];
        size_t n;
        OK(crown_legal_moves(g, m, 4096, &n));
        OK(crown_apply(g, m[n - 1]));
        char *before_g = serialize(g);
        long allocated = allocations;
        fail_after = 0;
        int rc = crown_copy(d, g);
        fail_after = -1;
        allocated = allocations - allocated;
        ck_assert_int_eq(rc, CROWN_OK);
        ck_assert_int_eq(allocated, 0);
        char *after_g = serialize(g), *after_d = serialize(d);
        ck_assert_str_eq(before_g, after_g);
        ck_assert_str_eq(before_g, after_d);
        free(before_g);
        free(after_g);
        free(after_d);
        crown_free(d);
    }

    char *text = serialize(g);
    c = NULL;
    EACH_FAILURE(crown_deserialize(&c, text), c);
    crown_free(c);
    free(text);
    crown_free(g);
}

/* The option sets of every game the injection runs on. */
static const char *const configs[][2] = {
    {"game_of_kingdoms", "players=3"},
    {"game_of_kingdoms", "players=6,variant=ruthless,games=2"},
    {"game_of_kingdoms", "players=2,chance=explicit"},
    {"kings_family", ""},
    {"kings_family", "chance=explicit"},
    {"kings_family", "deck=B1m B1f B2m B2f Y3m Y3f R4m R4f G5m G5f-skip assassination new-connection"},
    {"kings_blood", "players=4,advanced=on"},
    {"kings_blood", "players=2,match=on,target=40,chance=explicit"},
    {"kings_blood", "players=6"},
    {"blood_bound", "players=7"},
    {"blood_bound", "players=12,chance=explicit"},
};
#define NCONFIGS (int)(sizeof configs / sizeof configs[0])

/* Config _i, at the start and after 5 and 40 moves. */
START_TEST(out_of_memory_is_reported)
{
    static const int steps[] = {0, 5, 40};
    for (int s = 0; s < 3; s++)
        out_of_memory(configs[_i][0], configs[_i][1], steps[s]);
}
END_TEST

/* When the history must grow and cannot, apply fails and changes nothing. */
START_TEST(apply_out_of_memory_changes_nothing)
{
    int seen = 0;
    for (uint64_t seed = 1; seed <= 12 && seen < 3; seed++) {
        /* A clone of a game still in use starts a small chunk of its own,
         * and grows it as it plays. */
        crown_game *g0 = new_game(configs[_i][0], configs[_i][1], seed), *g = NULL;
        OK(crown_clone(&g, g0));
        crown_move moves[4096];
        size_t n;
        trng r = {seed};
        while (!terminal(g)) {
            OK(crown_legal_moves(g, moves, 4096, &n));
            crown_move m = moves[trng_below(&r, n)];
            uint64_t h0, h1;
            size_t l0, l1;
            OK(crown_state_hash(g, &h0));
            OK(crown_history_length(g, &l0));
            fail_after = 0;
            int rc = crown_apply(g, m);
            fail_after = -1;
            if (rc == CROWN_ENOMEM) {
                seen++;
                OK(crown_state_hash(g, &h1));
                OK(crown_history_length(g, &l1));
                ck_assert_uint_eq(h0, h1);
                ck_assert_uint_eq(l0, l1);
                ck_assert_str_eq(crown_last_error(g), "out of memory");
                OK(crown_apply(g, m));
            } else {
                ck_assert_int_eq(rc, CROWN_OK);
            }
        }
        crown_free(g);
        crown_free(g0);
    }
    ck_assert_int_gt(seen, 0);
}
END_TEST

/* Applies m with its first allocation failing: when the apply allocates,
 * CROWN_ENOMEM, nothing leaked and the game as it was, then the apply again;
 * 1 when it failed so. */
static int apply_failing_once(crown_game *g, crown_move m)
{
    char *before = serialize(g);
    long live_before = live;
    fail_after = 0;
    int rc = crown_apply(g, m);
    fail_after = -1;
    long leaked = live - live_before;
    if (rc == CROWN_ENOMEM) {
        ck_assert_int_eq(leaked, 0);
        char *after = serialize(g);
        ck_assert_str_eq(before, after);
        free(after);
        OK(crown_apply(g, m));
    } else {
        ck_assert_int_eq(rc, CROWN_OK);
    }
    free(before);
    return rc == CROWN_ENOMEM;
}

static int random_move_failing_once(crown_game *g, trng *r)
{
    crown_move m[4096];
    size_t n;
    OK(crown_legal_moves(g, m, 4096, &n));
    return apply_failing_once(g, m[trng_below(r, n)]);
}

/* The allocations of shared history fail in turn and change nothing. */
START_TEST(new_chunks_out_of_memory_change_nothing)
{
    trng r = {(uint64_t)_i + 1};
    /* The handle undoes below where a clone reads and plays on: a new
     * chunk. */
    crown_game *g = new_game(configs[_i][0], configs[_i][1], 3), *c;
    random_moves(g, 12, &r);
    OK(crown_clone(&c, g));
    crown_chunk *top = g->top;
    ck_assert_int_eq(crown_undo(g), CROWN_OK);
    ck_assert_int_eq(random_move_failing_once(g, &r), 1);
    ck_assert_ptr_ne(g->top, top);
    crown_free(c);
    crown_free(g);

    /* A spare chunk too small for the entries a new chunk takes in: x's
     * chain is g's chunk and x's own, which reads as much as g's. */
    g = new_game(configs[_i][0], configs[_i][1], 4);
    random_moves(g, 4, &r);
    crown_game *x, *h;
    OK(crown_clone(&x, g));
    do
        random_moves(x, 1, &r);
    while (!terminal(x) && (x->n - x->base_n < x->base_n || x->n <= 16));
    OK(crown_clone(&h, g));
    random_moves(h, 1, &r);
    OK(crown_copy(h, x)); /* (h keeps its chunk, of 16 entries, as a spare) */
    ck_assert_ptr_nonnull(h->spare);
    if (!terminal(h)) {
        ck_assert_uint_gt(h->n, h->spare->cap);
        ck_assert_int_eq(random_move_failing_once(h, &r), 1);
        ck_assert_ptr_null(h->top->parent); /* (every entry taken in) */
        assert_same_as_loaded(h);
    }
    crown_free(h);
    crown_free(x);
    crown_free(g);

    /* A handle cloned after every move, its clones kept, outgrows its
     * chunk while they read it. */
    g = new_game(configs[_i][0], configs[_i][1], 5);
    crown_game *kept[4] = {0};
    int seen = 0;
    for (int k = 0; !terminal(g) && k < 600; k++) {
        seen += random_move_failing_once(g, &r);
        crown_free(kept[k % 4]);
        OK(crown_clone(&kept[k % 4], g));
    }
    if (!terminal(g))
        ck_assert_int_gt(seen, 0);
    for (int k = 0; k < 4; k++)
        crown_free(kept[k]);
    crown_free(g);
}
END_TEST

/* Loading a game longer than the 256 entries a handle starts with grows
 * the history while the moves are replayed: each allocation fails in turn,
 * the growth being for a chance outcome (chance automatic) in one game and
 * for a decision in another. */
START_TEST(a_long_load_out_of_memory)
{
    int chance_seen = 0, decision_seen = 0;
    for (uint64_t seed = 1; seed <= 60 && !(chance_seen && decision_seen); seed++) {
        crown_game *g = new_game("game_of_kingdoms", "players=6,games=5", seed);
        crown_move moves[4096];
        size_t n, len = 0;
        trng r = {seed};
        while (!terminal(g) && len <= 300) {
            OK(crown_legal_moves(g, moves, 4096, &n));
            OK(crown_apply(g, moves[trng_below(&r, n)]));
            OK(crown_history_length(g, &len));
        }
        int who = 0;
        if (len > 300)
            OK(crown_history_player(g, 256, &who));
        int *seen = who == CROWN_CHANCE ? &chance_seen : &decision_seen;
        if (len > 300 && !*seen) {
            *seen = 1;
            char *text = serialize(g);
            crown_game *c = NULL;
            EACH_FAILURE(crown_deserialize(&c, text), c);
            char *again = serialize(c);
            ck_assert_str_eq(text, again);
            free(again);
            free(text);
            crown_free(c);
        }
        crown_free(g);
    }
    ck_assert(chance_seen && decision_seen);
}
END_TEST

/* A batch of `size` games with its arrays bound. */
typedef struct batch_arrays {
    crown_batch *b;
    size_t size, n, obs, bytes;
    int players;
    unsigned char *all; /* every array, one after another */
    float *o, *r;
    uint8_t *m, *term, *trunc;
    int32_t *who;
} batch_arrays;

static void batch_open(batch_arrays *a, const char *name, const char *options, size_t size,
                       uint64_t seed, size_t max_steps)
{
    char err[256] = "";
    int rc = crown_batch_new(&a->b, name, options, size, seed, max_steps, err, sizeof err);
    ck_assert_msg(rc == CROWN_OK, "crown_batch_new(%s, %s): %s", name, options, err);
    a->size = size;
    OK(crown_batch_num_actions(a->b, &a->n));
    OK(crown_batch_observation_size(a->b, &a->obs));
    OK(crown_batch_num_players(a->b, &a->players));
    size_t o = size * a->obs * sizeof(float), r = size * (size_t)a->players * sizeof(float);
    size_t w = size * sizeof(int32_t);
    a->bytes = o + r + w + size * a->n + 2 * size;
    a->all = calloc(1, a->bytes);
    ck_assert_ptr_nonnull(a->all);
    a->o = (float *)(void *)a->all;
    a->r = (float *)(void *)(a->all + o);
    a->who = (int32_t *)(void *)(a->all + o + r);
    a->m = a->all + o + r + w;
    a->term = a->m + size * a->n;
    a->trunc = a->term + size;
    OK(crown_batch_bind(a->b, a->o, a->m, a->who, a->r, a->term, a->trunc));
    OK(crown_batch_reset(a->b, seed)); /* (writes the arrays bound) */
}

static void batch_close(batch_arrays *a)
{
    crown_batch_free(a->b);
    free(a->all);
}

/* An action of every slot drawn by r among the legal ones of its mask
 * (uniformly: some games last long when the draw is biased). */
static void pick_actions(const batch_arrays *a, trng *r, int32_t *actions)
{
    for (size_t i = 0; i < a->size; i++) {
        const uint8_t *mask = a->m + i * a->n;
        size_t legal = 0, j = 0;
        for (size_t k = 0; k < a->n; k++)
            legal += mask[k];
        ck_assert_uint_gt(legal, 0);
        for (size_t k = trng_below(r, legal);; j++)
            if (mask[j] && k-- == 0)
                break;
        actions[i] = (int32_t)j;
    }
}

/* A batch plays `steps` random steps, then is reset with the same seed and
 * plays the same actions again: each slot plays the same episodes, its
 * history has had their length, and the reset and the steps (with their
 * autoresets) allocate nothing. */
static void batch_steady_state(const char *name, const char *options, size_t max_steps,
                               uint64_t seed)
{
    enum { SIZE = 6, STEPS = 1500 };
    batch_arrays a;
    batch_open(&a, name, options, SIZE, seed, max_steps);
    int32_t *played = malloc(STEPS * SIZE * sizeof *played);
    ck_assert_ptr_nonnull(played);
    trng r = {seed};
    size_t ends = 0;
    for (int t = 0; t < STEPS; t++) {
        pick_actions(&a, &r, played + t * SIZE);
        OK(crown_batch_step(a.b, played + t * SIZE));
        for (size_t i = 0; i < SIZE; i++)
            ends += a.term[i] + a.trunc[i];
    }
    ck_assert_msg(ends > 0, "no game ended (%s %s)", name, options); /* (autoresets happened) */
    long before = allocations;
    int failures = crown_batch_reset(a.b, seed) != CROWN_OK;
    for (int t = 0; t < STEPS; t++)
        failures += crown_batch_step(a.b, played + t * SIZE) != CROWN_OK;
    long during = allocations - before;
    ck_assert_int_eq(failures, 0);
    ck_assert_msg(during == 0, "%ld allocations in a batch's steady state (%s %s)", during, name,
                  options);
    free(played);
    batch_close(&a);
}

START_TEST(no_allocation_in_a_batch_step)
{
    for (uint64_t seed = 1; seed <= (uint64_t)scaled(3); seed++) {
        batch_steady_state("game_of_kingdoms", "players=6,games=5", 0, seed);
        batch_steady_state("game_of_kingdoms", "players=2,variant=ruthless", 0, seed);
        batch_steady_state("kings_family", "", 0, seed);
        batch_steady_state("kings_blood", "players=4,advanced=on", 0, seed);
        batch_steady_state("kings_blood", "players=3,match=on,target=40", 25, seed);
        batch_steady_state("blood_bound", "players=9", 0, seed);
    }
}
END_TEST

/* Every allocation of crown_batch_new, then of crown_batch_game, made to
 * fail in turn. */
START_TEST(a_batch_out_of_memory_is_reported)
{
    for (int c = 0; c < NCONFIGS; c++) {
        if (strstr(configs[c][1], "chance=explicit"))
            continue; /* (refused by a batch) */
        crown_batch *b = NULL;
        char err[256];
        EACH_FAILURE(crown_batch_new(&b, configs[c][0], configs[c][1], 3, 5, 0, err, sizeof err),
                     b);
        ck_assert_str_eq(err, "out of memory");
        /* A game of it, with each allocation failing in turn. */
        crown_game *g = NULL;
        EACH_FAILURE(crown_batch_game(b, 1, &g), g);
        crown_free(g);
        fail_after = 0;
        ck_assert_int_eq(crown_batch_game(b, 2, &g), CROWN_ENOMEM);
        fail_after = -1;
        ck_assert_str_eq(crown_batch_last_error(b), "game 2: out of memory");
        crown_batch_free(b);
    }
}
END_TEST

/* The state hash and history length of every game of a batch. */
static void batch_games(crown_batch *b, size_t size, uint64_t *out)
{
    for (size_t i = 0; i < size; i++) {
        crown_game *c = NULL;
        size_t len;
        OK(crown_batch_game(b, i, &c));
        OK(crown_state_hash(c, &out[2 * i]));
        OK(crown_history_length(c, &len));
        out[2 * i + 1] = len;
        crown_free(c);
    }
}

/* When a slot's list of actions must grow during a step and cannot, the
 * step fails with CROWN_ENOMEM and no game and no array changes: a twin
 * batch, stepped with the same actions without failures, stays the same as
 * it.  Each such step is tried again with one more allocation let through,
 * so that the failure comes in each slot in turn. */
START_TEST(a_batch_step_out_of_memory_changes_nothing)
{
    enum { SIZE = 4 };
    batch_arrays a, twin;
    batch_open(&a, "game_of_kingdoms", "players=6,games=5", SIZE, 11, 0);
    batch_open(&twin, "game_of_kingdoms", "players=6,games=5", SIZE, 11, 0);
    unsigned char *copy = malloc(a.bytes);
    ck_assert_ptr_nonnull(copy);
    int32_t actions[SIZE];
    uint64_t h[2 * SIZE], ht[2 * SIZE];
    trng r = {11};
    int seen = 0, later_slot = 0;
    for (int t = 0; t < 3000 && seen < 6; t++) {
        pick_actions(&a, &r, actions);
        memcpy(copy, a.all, a.bytes);
        for (long f = 0;; f++) {
            fail_after = f;
            int rc = crown_batch_step(a.b, actions);
            fail_after = -1;
            if (rc != CROWN_ENOMEM) {
                ck_assert_int_eq(rc, CROWN_OK);
                break;
            }
            seen++;
            ck_assert_int_eq(memcmp(copy, a.all, a.bytes), 0);
            const char *msg = crown_batch_last_error(a.b);
            size_t slot;
            char rest[64];
            ck_assert_msg(sscanf(msg, "game %zu: %63[^\n]", &slot, rest) == 2, "%s", msg);
            ck_assert_uint_lt(slot, SIZE);
            ck_assert_str_eq(rest, "out of memory");
            later_slot |= slot > 0;
            batch_games(a.b, SIZE, h);
            batch_games(twin.b, SIZE, ht);
            ck_assert_int_eq(memcmp(h, ht, sizeof h), 0);
        }
        OK(crown_batch_step(twin.b, actions));
        ck_assert_int_eq(memcmp(a.all, twin.all, a.bytes), 0);
    }
    ck_assert_int_gt(seen, 0);
    ck_assert(later_slot);
    free(copy);
    batch_close(&a);
    batch_close(&twin);
}
END_TEST

/* A slot keeps no history of its moves, whatever its episode's length:
 * its handle holds the episode's deal alone (a few dozen entries), and the
 * slot 4 bytes a decision; a Game of Kingdoms match of 5 games and long
 * King's Blood games, over thousands of decisions. */
START_TEST(a_batch_slot_keeps_no_history)
{
    static const char *const games[][2] = {
        {"game_of_kingdoms", "players=6,games=5"},
        {"kings_blood", "players=2,advanced=on"},
    };
    enum { SIZE = 3 };
    batch_arrays a;
    batch_open(&a, games[_i][0], games[_i][1], SIZE, 5, 0);
    int32_t actions[SIZE];
    trng r = {5};
    size_t longest = 0, most[SIZE] = {0}; /* (the longest episode of each slot) */
    for (int t = 0; t < 3000; t++) {
        pick_actions(&a, &r, actions);
        OK(crown_batch_step(a.b, actions));
        for (size_t i = 0; i < SIZE; i++) {
            const batch_slot *s = &a.b->slots[i];
            ck_assert_uint_le(a.b->games[i]->n, 200);
            if (s->steps > most[i])
                most[i] = s->steps;
            ck_assert_uint_le(s->cap, most[i] < 64 ? 64 : 2 * most[i]);
            if (s->steps > longest)
                longest = s->steps;
        }
    }
    ck_assert_uint_gt(longest, 300); /* (long episodes were played) */
    batch_close(&a);
}
END_TEST

/* A search: each allocation of crown_search_new and of a run failing in
 * turn (the run's reading of the game, its workers, their trees growing,
 * a reused tree re-rooted) is CROWN_ENOMEM with a message, changes nothing
 * in the game, empties the statistics, and leaves a search that runs again
 * as a fresh one (what it leaves allocated, the sanitizer and valgrind runs
 * check). */
START_TEST(a_search_out_of_memory_changes_nothing)
{
    static const char *const games[][3] = {
        {"game_of_kingdoms", "players=3", "iterations=2500"},
        {"kings_blood", "players=2", "iterations=1500,threads=2,determinizations=8"},
        {"blood_bound", "players=6", "iterations=1500,determinizations=16"},
    };
    const char *const *c = games[_i];
    crown_search *s = NULL;
    char err[256];
    EACH_FAILURE(crown_search_new(&s, c[2], err, sizeof err), s);
    ck_assert_str_eq(err, "out of memory");
    crown_search *fresh = NULL;
    OK(crown_search_new(&fresh, c[2], NULL, 0));
    crown_game *g = new_game(c[0], c[1], 8);
    trng r = {8};
    /* A position some moves in, where the seat to move has a choice. */
    for (int i = 0; i < 200; i++) {
        crown_move m[4096];
        size_t n;
        OK(crown_legal_moves(g, m, 4096, &n));
        if (i >= 12 && n >= 2)
            break;
        OK(crown_apply(g, m[trng_below(&r, n)]));
    }
    uint64_t hash;
    size_t len;
    OK(crown_state_hash(g, &hash));
    OK(crown_history_length(g, &len));
    crown_move expect, move;
    OK(crown_search_run(fresh, g, 3, &expect));
    int failures = 0;
    for (int round = 0; round < 2; round++) { /* (2: a reused tree, re-rooted) */
        for (long k = 0;; k++) {
            fail_after = k;
            int rc = crown_search_run(s, g, 3, &move);
            fail_after = -1;
            if (rc == CROWN_OK)
                break;
            failures++;
            ck_assert_int_eq(rc, CROWN_ENOMEM);
            ck_assert_msg(strstr(crown_search_last_error(s), "out of memory"), "%s",
                          crown_search_last_error(s));
            size_t count = 99;
            OK(crown_search_stats(s, NULL, NULL, NULL, 0, &count));
            ck_assert_uint_eq(count, 0);
            uint64_t h2;
            size_t l2;
            OK(crown_state_hash(g, &h2));
            OK(crown_history_length(g, &l2));
            ck_assert_uint_eq(h2, hash);
            ck_assert_uint_eq(l2, len);
            ck_assert_int_lt(k, 1000);
        }
        if (round == 0) { /* a fresh tree: the fresh search's move */
            ck_assert_int_eq(move, expect);
            OK(crown_apply(g, move));
            crown_move m[4096];
            size_t n;
            OK(crown_legal_moves(g, m, 4096, &n));
            while (n < 2) {
                OK(crown_apply(g, m[0]));
                OK(crown_legal_moves(g, m, 4096, &n));
            }
            OK(crown_state_hash(g, &hash));
            OK(crown_history_length(g, &len));
            OK(crown_search_run(fresh, g, 3, &expect));
        }
    }
    ck_assert_int_gt(failures, 3);
    crown_search_free(s);
    crown_search_free(fresh);
    crown_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("allocation");
    TCase *tc = test_case("steady state");
    tcase_add_test(tc, no_allocation_in_steady_state);
    tcase_add_loop_test(tc, out_of_memory_is_reported, 0, NCONFIGS);
    tcase_add_loop_test(tc, apply_out_of_memory_changes_nothing, 0, NCONFIGS);
    tcase_add_test(tc, a_long_load_out_of_memory);
    tcase_add_loop_test(tc, new_chunks_out_of_memory_change_nothing, 0, NCONFIGS);
    tcase_add_test(tc, no_allocation_in_a_batch_step);
    tcase_add_test(tc, a_batch_out_of_memory_is_reported);
    tcase_add_test(tc, a_batch_step_out_of_memory_changes_nothing);
    tcase_add_loop_test(tc, a_batch_slot_keeps_no_history, 0, 2);
    tcase_add_loop_test(tc, a_search_out_of_memory_changes_nothing, 0, 3);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
