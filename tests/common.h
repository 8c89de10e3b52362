/*
 * common.h - small helpers shared by the C test suites.
 */
#ifndef CROWN_TESTS_COMMON_H
#define CROWN_TESTS_COMMON_H

#include <check.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <crown/crown.h>

/* A deterministic generator for the tests' own choices. */
typedef struct trng {
    uint64_t s;
} trng;

static inline uint64_t trng_next(trng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline size_t trng_below(trng *r, size_t n)
{
    return (size_t)(trng_next(r) % n);
}

/* Scale for the number of random games: CROWN_TEST_SCALE=percent (default
 * 100); the valgrind setup lowers it. */
static inline int scaled(int n)
{
    const char *e = getenv("CROWN_TEST_SCALE");
    int pct = e ? atoi(e) : 100;
    if (pct <= 0)
        pct = 1;
    long v = (long)n * pct / 100;
    return v < 1 ? 1 : (int)v;
}

#define OK(call) ck_assert_int_eq((call), CROWN_OK)

/* Creates a game or fails the test with the library's message. */
static inline crown_game *new_game(const char *name, const char *options, uint64_t seed)
{
    crown_game *g = NULL;
    char err[256] = "";
    int rc = crown_new_ex(&g, name, options, seed, err, sizeof err);
    ck_assert_msg(rc == CROWN_OK, "crown_new(%s, %s): %s", name, options ? options : "NULL",
                  err);
    return g;
}

/* The observation of `viewer` in a malloc'ed string. */
static inline char *observe(crown_game *g, int viewer)
{
    size_t len;
    int rc = crown_observation(g, viewer, NULL, 0, &len);
    ck_assert_int_eq(rc, CROWN_ETOOSMALL);
    char *s = malloc(len + 1);
    ck_assert_ptr_nonnull(s);
    OK(crown_observation(g, viewer, s, len + 1, &len));
    return s;
}

static inline char *serialize(crown_game *g)
{
    size_t len;
    ck_assert_int_eq(crown_serialize(g, NULL, 0, &len), CROWN_ETOOSMALL);
    char *s = malloc(len + 1);
    ck_assert_ptr_nonnull(s);
    OK(crown_serialize(g, s, len + 1, &len));
    ck_assert_uint_eq(strlen(s), len);
    return s;
}

/* Applies the legal move whose text is `text`, failing the test otherwise. */
static inline void play(crown_game *g, const char *text)
{
    crown_move m;
    int rc = crown_move_from_text(g, text, &m);
    ck_assert_msg(rc == CROWN_OK, "'%s': %s", text, crown_last_error(g));
    rc = crown_apply(g, m);
    ck_assert_msg(rc == CROWN_OK, "'%s': %s", text, crown_last_error(g));
}

/* 1 if a legal move has this text. */
static inline int can_play(crown_game *g, const char *text)
{
    crown_move m;
    return crown_move_from_text(g, text, &m) == CROWN_OK;
}

static inline int current(crown_game *g)
{
    int p;
    OK(crown_current_player(g, &p));
    return p;
}

static inline int terminal(crown_game *g)
{
    int t;
    OK(crown_is_terminal(g, &t));
    return t;
}

/* The JSON view of `viewer` in a malloc'ed string. */
static inline char *observe_json(crown_game *g, int viewer)
{
    size_t len;
    ck_assert_int_eq(crown_observation_json(g, viewer, NULL, 0, &len), CROWN_ETOOSMALL);
    char *s = malloc(len + 1);
    ck_assert_ptr_nonnull(s);
    OK(crown_observation_json(g, viewer, s, len + 1, &len));
    ck_assert_uint_eq(strlen(s), len);
    return s;
}

/* Plays n random moves (fewer if the game ends), choosing with r. */
static inline void random_moves(crown_game *g, int n, trng *r)
{
    for (int i = 0; i < n && !terminal(g); i++) {
        crown_move m[4096];
        size_t k;
        OK(crown_legal_moves(g, m, 4096, &k));
        OK(crown_apply(g, m[trng_below(r, k)]));
    }
}

/* h against the game its saved text loads into: the same state, history,
 * texts of every history entry (read from the shared chunks of clones) and
 * player of each. */
static inline void assert_same_as_loaded(crown_game *h)
{
    char *text = serialize(h);
    crown_game *l;
    OK(crown_deserialize(&l, text));
    uint64_t a, b;
    OK(crown_state_hash(h, &a));
    OK(crown_state_hash(l, &b));
    ck_assert_uint_eq(a, b);
    size_t n, nl;
    OK(crown_history_length(h, &n));
    OK(crown_history_length(l, &nl));
    ck_assert_uint_eq(n, nl);
    crown_move *mh = malloc((n + 1) * sizeof *mh), *ml = malloc((n + 1) * sizeof *ml);
    OK(crown_history(h, mh, n, &n));
    OK(crown_history(l, ml, n, &nl));
    int same = memcmp(mh, ml, n * sizeof *mh) == 0;
    for (size_t i = 0; i < n && same; i++) {
        char th[128], tl[128];
        size_t len;
        int ph, pl;
        OK(crown_history_text(h, i, 0, th, sizeof th, &len));
        OK(crown_history_text(l, i, 0, tl, sizeof tl, &len));
        OK(crown_history_player(h, i, &ph));
        OK(crown_history_player(l, i, &pl));
        same = strcmp(th, tl) == 0 && ph == pl;
    }
    ck_assert_msg(same, "a history read through clones differs from its loaded copy");
    free(mh);
    free(ml);
    crown_free(l);
    free(text);
}

/* The offset of tensor piece `name` (from crown_observation_layout). */
static inline size_t piece_offset(crown_game *g, const char *name)
{
    size_t len;
    static char layout[16384];
    char key[80];
    OK(crown_observation_layout(g, layout, sizeof layout, &len));
    snprintf(key, sizeof key, "{\"name\": \"%s\", \"offset\": ", name);
    const char *p = strstr(layout, key);
    ck_assert_msg(p != NULL, "no tensor piece %s", name);
    return (size_t)strtoul(p + strlen(key), NULL, 10);
}

/* The tensor of `viewer` in a malloc'ed array. */
static inline float *tensor(crown_game *g, int viewer)
{
    size_t n, count;
    ck_assert_int_eq(crown_observation_tensor(g, viewer, NULL, 0, &n), CROWN_ETOOSMALL);
    float *v = malloc(n * sizeof *v);
    ck_assert_ptr_nonnull(v);
    OK(crown_observation_tensor(g, viewer, v, n, &count));
    return v;
}

/* A test case without a timeout of Check's own.  Every suite is one meson
 * test, and meson's timeout for it (tests/meson.build: a few minutes where
 * the suite takes seconds, times `meson test --timeout-multiplier`) is what
 * stops a test that hangs.  Check's per-case timer (4 s unless set, scaled
 * by CK_TIMEOUT_MULTIPLIER) counts wall time, so on a loaded machine it
 * failed cases that were only slow; with none, CK_TIMEOUT_MULTIPLIER and
 * CK_DEFAULT_TIMEOUT change nothing.  The suites make every case through
 * this function (the check-timeouts test holds them to it). */
static inline TCase *test_case(const char *name)
{
    TCase *tc = tcase_create(name);
    tcase_set_timeout(tc, 0);
    return tc;
}

/* Runs a suite; the process exit status. */
static inline int run_suite(Suite *s)
{
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}


#endif
