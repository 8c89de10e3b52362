/*
 * test_threads.c - separate handles on separate threads: eight threads,
 * started together, each play games of all four games with everything a
 * handle does (moves, undo, clone, copy, save and load, resample for each
 * viewer, observations, playouts, errors and their messages, the registry).
 * Each thread's digest of what it saw must equal the same work done on one
 * thread.  A second test hands clones that share one history (clones of
 * clones, and the original) to separate threads; a third steps a batch on
 * each thread (crown.h, "Batches").  Built with
 * -Db_sanitize=thread (docs/testing.md), ThreadSanitizer
 * also checks that no two threads touch the same memory.
 */
#define _POSIX_C_SOURCE 200809L /* (pthread barriers) */
#include "common.h"

#include <pthread.h>

static const char *const configs[][2] = {
    {"game_of_kingdoms", "players=4,variant=ruthless"},
    {"game_of_kingdoms", "players=2,chance=explicit"},
    {"kings_family", ""},
    {"kings_blood", "players=3,advanced=on"},
    {"kings_blood", "players=2,match=on,target=30,chance=explicit"},
    {"blood_bound", "players=7"},
    {"blood_bound", "players=10,chance=explicit"},
};
#define NCONFIGS (sizeof configs / sizeof configs[0])

static uint64_t mix(uint64_t h, uint64_t v)
{
    return (h ^ v) * 0x100000001b3ULL + 0x9e3779b97f4a7c15ULL;
}

static uint64_t mix_text(uint64_t h, const char *s)
{
    while (*s)
        h = mix(h, (unsigned char)*s++);
    return h;
}

/* Everything one handle does, folded into a digest; failures counted (no
 * Check assertion off the main thread). */
typedef struct work {
    void (*run)(struct work *); /* what the thread does */
    crown_game *game;           /* a handle to play on (the shared-history test) */
    uint64_t seed;
    uint64_t digest;
    int failures;
    int first_line; /* of the first failure */
} work;

static void failed(work *w, int line)
{
    if (w->failures++ == 0)
        w->first_line = line;
}

#define TRY(w, call) \
    do { \
        if ((call) != CROWN_OK) \
            failed(w, __LINE__); \
    } while (0)

static void one_game(work *w, const char *name, const char *options, uint64_t seed)
{
    crown_game *g = NULL, *c = NULL;
    char err[256], text[8192];
    size_t n, len;
    crown_move moves[4096];
    float tensor[4096];
    trng r = {seed};
    if (crown_new_ex(&g, name, options, seed, err, sizeof err) != CROWN_OK) {
        failed(w, __LINE__);
        return;
    }
    /* A caller's mistakes, and their messages on this handle. */
    crown_move m;
    if (crown_move_from_text(g, "no such move", &m) != CROWN_EPARSE)
        failed(w, __LINE__);
    w->digest = mix_text(w->digest, crown_last_error(g));
    if (crown_new_ex(&c, name, "players=99", seed, err, sizeof err) != CROWN_EOPTION)
        failed(w, __LINE__);
    w->digest = mix_text(w->digest, err);
    w->digest = mix_text(w->digest, crown_strerror(CROWN_EILLEGAL));
    int players, over = 0;
    TRY(w, crown_num_players(g, &players));
    for (int step = 0; step < 400 && !over; step++) {
        TRY(w, crown_legal_moves(g, moves, 4096, &n));
        if (n == 0)
            break;
        TRY(w, crown_apply(g, moves[trng_below(&r, n)]));
        if (step % 7 == 3) { /* undo and play again */
            TRY(w, crown_undo(g));
            TRY(w, crown_legal_moves(g, moves, 4096, &n));
            TRY(w, crown_apply(g, moves[trng_below(&r, n)]));
        }
        if (step % 23 == 5) { /* clone, save, load, copy back */
            crown_game *l = NULL;
            TRY(w, crown_clone(&c, g));
            TRY(w, crown_serialize(c, text, sizeof text, &len));
            if (len < sizeof text) {
                TRY(w, crown_deserialize(&l, text));
                TRY(w, crown_copy(g, l));
                crown_free(l);
            }
            w->digest = mix_text(w->digest, text);
            crown_free(c);
            c = NULL;
        }
        if (step % 31 == 11) { /* determinize for each seat, observe */
            for (int k = -1; k < players; k++) {
                int v = k < 0 ? CROWN_SPECTATOR : k;
                crown_game *d = NULL;
                TRY(w, crown_resample(g, v, seed + (uint64_t)step, &d));
                uint64_t h;
                TRY(w, crown_state_hash(d, &h));
                w->digest = mix(w->digest, h);
                TRY(w, crown_observation(d, v, text, sizeof text, &len));
                w->digest = mix_text(w->digest, text);
                TRY(w, crown_observation_json(d, v, text, sizeof text, &len));
                w->digest = mix_text(w->digest, text);
                TRY(w, crown_observation_tensor(d, v, tensor, 4096, &len));
                for (size_t i = 0; i < len; i++)
                    w->digest = mix(w->digest, (uint64_t)(tensor[i] * 8));
                crown_free(d);
            }
            double mean[16];
            TRY(w, crown_playouts(g, seed, 5, mean, 16, &len));
            for (size_t i = 0; i < len; i++)
                w->digest = mix(w->digest, (uint64_t)(mean[i] * 1000 + 100000));
        }
        TRY(w, crown_is_terminal(g, &over));
    }
    uint64_t h;
    TRY(w, crown_state_hash(g, &h));
    w->digest = mix(w->digest, h);
    crown_free(g);
}

static void do_work(work *w)
{
    w->digest = w->seed;
    for (size_t i = 0; i < crown_game_count(); i++) {
        size_t len;
        char text[4096];
        w->digest = mix_text(w->digest, crown_game_name(i));
        TRY(w, crown_options_json(crown_game_name(i), text, sizeof text, &len));
        w->digest = mix_text(w->digest, text);
        TRY(w, crown_describe_options(crown_game_name(i), text, sizeof text, &len));
        w->digest = mix_text(w->digest, text);
    }
    int rounds = scaled(3);
    for (int k = 0; k < rounds; k++)
        for (size_t i = 0; i < NCONFIGS; i++)
            one_game(w, configs[i][0], configs[i][1], w->seed * 100 + (uint64_t)k * 10 + i);
}

enum { THREADS = 8 };
static pthread_barrier_t start;

static void *thread_main(void *arg)
{
    work *w = arg;
    pthread_barrier_wait(&start);
    w->run(w);
    return NULL;
}

/* Runs each w[i].run on its own thread, all started together. */
static void run_together(work w[THREADS])
{
    pthread_t th[THREADS];
    ck_assert_int_eq(pthread_barrier_init(&start, NULL, THREADS), 0);
    for (int i = 0; i < THREADS; i++)
        ck_assert_int_eq(pthread_create(&th[i], NULL, thread_main, &w[i]), 0);
    for (int i = 0; i < THREADS; i++)
        ck_assert_int_eq(pthread_join(th[i], NULL), 0);
    pthread_barrier_destroy(&start);
}

/* No call failed, each thread saw what the same work saw alone, and the
 * threads did different work (the digests see it). */
static void assert_same(const work alone[THREADS], const work together[THREADS],
                        const char *what)
{
    int differ = 0, failures = 0;
    for (int i = 0; i < THREADS; i++) {
        differ += alone[i].digest != together[i].digest;
        failures += alone[i].failures + together[i].failures;
    }
    ck_assert_msg(failures == 0, "%s: %d failed calls, the first at line %d", what, failures,
                  alone[0].failures ? alone[0].first_line : together[0].first_line);
    ck_assert_int_eq(differ, 0);
    ck_assert_uint_ne(alone[0].digest, alone[1].digest);
}

/* Handles that share history: clones of one game, clones of clones and the
 * game itself, made on one thread, each handed to its own thread.  Each
 * thread undoes into the shared moves, plays on its own way, clones, saves
 * and frees, so the shared pieces' reference counts move on every thread at
 * once (the last free, on whichever thread, frees a piece). */
static void make_family(crown_game *h[THREADS], const char *name, const char *options,
                        uint64_t seed)
{
    crown_game *base = new_game(name, options, seed);
    trng r = {seed};
    for (int k = 0; k < 3; k++) {
        random_moves(base, 20, &r);
        OK(crown_clone(&h[2 * k], base));
        OK(crown_clone(&h[2 * k + 1], h[2 * k])); /* a clone of a clone */
    }
    OK(crown_clone(&h[6], h[1]));
    h[7] = base;
}

static void play_shared(work *w)
{
    crown_game *g = w->game;
    crown_move moves[4096];
    char text[1 << 16];
    size_t n, len;
    trng r = {w->seed};
    w->digest = w->seed;
    for (int step = 0; step < 60; step++) {
        size_t depth;
        int over;
        TRY(w, crown_undo_depth(g, &depth));
        if (step % 6 == 0 && depth > 0) { /* back into the shared moves */
            size_t back = 1 + trng_below(&r, depth < 25 ? depth : 25);
            for (size_t i = 0; i < back; i++)
                TRY(w, crown_undo(g));
        }
        TRY(w, crown_is_terminal(g, &over));
        if (over)
            continue;
        TRY(w, crown_legal_moves(g, moves, 4096, &n));
        TRY(w, crown_apply(g, moves[trng_below(&r, n)]));
        if (step % 10 == 9) {
            crown_game *c = NULL;
            TRY(w, crown_clone(&c, g));
            TRY(w, crown_serialize(c, text, sizeof text, &len));
            w->digest = mix_text(w->digest, text);
            crown_free(c);
        }
    }
    TRY(w, crown_serialize(g, text, sizeof text, &len));
    w->digest = mix_text(w->digest, text);
    crown_free(g);
    w->game = NULL;
}

/* The batches the threads step: every game, chance automatic. */
static const char *const batch_configs[][2] = {
    {"game_of_kingdoms", "players=4,variant=ruthless"},
    {"kings_family", ""},
    {"kings_blood", "players=3,advanced=on"},
    {"blood_bound", "players=7"},
};

/* A batch of one game (by the seed) stepped with random legal actions: a
 * digest of every array after every step. */
static void play_batch(work *w)
{
    enum { SIZE = 16, STEPS = 150 };
    const char *const *config = batch_configs[w->seed % 4];
    crown_batch *b = NULL;
    char err[256];
    w->digest = w->seed;
    if (crown_batch_new(&b, config[0], config[1], SIZE, w->seed, 40, err, sizeof err)) {
        failed(w, __LINE__);
        return;
    }
    size_t n = 0, obs = 0;
    int players = 0;
    TRY(w, crown_batch_num_actions(b, &n));
    TRY(w, crown_batch_observation_size(b, &obs));
    TRY(w, crown_batch_num_players(b, &players));
    float *o = malloc(SIZE * obs * sizeof *o), *r = malloc(SIZE * (size_t)players * sizeof *r);
    uint8_t *m = malloc(SIZE * n), flags[2 * SIZE];
    int32_t who[SIZE], actions[SIZE];
    if (!o || !r || !m) {
        failed(w, __LINE__);
        n = 0; /* (no steps) */
    }
    TRY(w, crown_batch_bind(b, o, m, who, r, flags, flags + SIZE));
    TRY(w, crown_batch_reset(b, w->seed));
    trng rng = {w->seed};
    for (int t = 0; t < STEPS && n; t++) {
        for (size_t i = 0; i < SIZE * obs; i++)
            w->digest = mix(w->digest, (uint64_t)(o[i] * 1024.0f));
        for (size_t i = 0; i < SIZE * n; i++)
            w->digest = mix(w->digest, m[i]);
        for (size_t i = 0; i < SIZE * (size_t)players; i++)
            w->digest = mix(w->digest, (uint64_t)(int64_t)(r[i] * 1024.0f));
        for (size_t i = 0; i < SIZE; i++)
            w->digest = mix(mix(mix(w->digest, (uint64_t)who[i]), flags[i]), flags[SIZE + i]);
        for (size_t i = 0; i < SIZE; i++) {
            size_t j = trng_below(&rng, n);
            while (!m[i * n + j])
                j = (j + 1) % n;
            actions[i] = (int32_t)j;
        }
        TRY(w, crown_batch_step(b, actions));
    }
    /* A mistake, and its message on this batch. */
    actions[SIZE - 1] = -1;
    if (crown_batch_step(b, actions) != CROWN_EILLEGAL)
        failed(w, __LINE__);
    w->digest = mix_text(w->digest, crown_batch_last_error(b));
    free(o);
    free(r);
    free(m);
    crown_batch_free(b);
}

/* `run` with seeds 1..THREADS, each alone, then all together. */
static void alone_then_together(void (*run)(work *), const char *what)
{
    work alone[THREADS], together[THREADS];
    for (int i = 0; i < THREADS; i++) {
        alone[i] = (work){.run = run, .seed = 1 + (uint64_t)i};
        run(&alone[i]);
        together[i] = (work){.run = run, .seed = 1 + (uint64_t)i};
    }
    run_together(together);
    assert_same(alone, together, what);
}

START_TEST(handles_on_separate_threads_play_as_alone)
{
    alone_then_together(do_work, "all four games");
}
END_TEST

START_TEST(clones_sharing_history_on_separate_threads)
{
    static const char *const family[][2] = {
        {"game_of_kingdoms", "players=3"},
        {"kings_blood", "players=4,advanced=on"},
        {"kings_family", ""},
        {"blood_bound", "players=9,chance=explicit"},
    };
    for (size_t f = 0; f < sizeof family / sizeof family[0]; f++) {
        work alone[THREADS], together[THREADS];
        crown_game *h[THREADS];
        make_family(h, family[f][0], family[f][1], 40 + f);
        for (int i = 0; i < THREADS; i++) {
            alone[i] = (work){.run = play_shared, .game = h[i], .seed = 7 * f + (uint64_t)i};
            play_shared(&alone[i]);
        }
        make_family(h, family[f][0], family[f][1], 40 + f);
        for (int i = 0; i < THREADS; i++)
            together[i] = (work){.run = play_shared, .game = h[i], .seed = 7 * f + (uint64_t)i};
        run_together(together);
        assert_same(alone, together, family[f][0]);
    }
}
END_TEST

START_TEST(batches_on_separate_threads_play_as_alone)
{
    alone_then_together(play_batch, "batches");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("threads");
    TCase *tc = test_case("threads");
    tcase_add_test(tc, handles_on_separate_threads_play_as_alone);
    tcase_add_test(tc, clones_sharing_history_on_separate_threads);
    tcase_add_test(tc, batches_on_separate_threads_play_as_alone);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
