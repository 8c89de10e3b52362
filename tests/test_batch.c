/*
 * test_batch.c - batches (crown.h, "Batches"): a batch plays what one
 * crown_game per slot plays, step by step, for every game and each
 * autoreset mode, on one thread and on several (observations, masks,
 * players, rewards, the end flags with the games' own length limits as
 * truncations, the final observations, the seeds rule, episodes over
 * before their first decision, max_steps, partial resets); the same seed
 * gives the same batch, whatever the threads, and different seeds share no
 * game; the rule before 0.5.0 under its old symbol version; every error
 * leaves every game and the arrays as they were, with a message naming the
 * game of the batch.
 */
#define _GNU_SOURCE
#include <dlfcn.h>

#include "common.h"

/* The episode seeds of crown.h, written out here: mix is splitmix64's
 * finalizer, E(seed, i, k) = mix(mix(mix(seed) ^ i) ^ k). */
static uint64_t mix(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t episode_seed(uint64_t seed, uint64_t i, uint64_t k)
{
    return mix(mix(mix(seed) ^ i) ^ k);
}

/* The reference of one slot: the game crown_new makes for its episode. */
typedef struct slot {
    crown_game *g;
    uint64_t seed, i; /* its stream: E(seed, i, k) */
    uint64_t k;       /* its episode in the stream */
    size_t steps;     /* decisions in it */
    double ret[64];   /* the returns after the last step (0 at the start) */
    int at_end;       /* left at the end of its episode */
    int mover;        /* the seat of the last decision */
    int term, trunc;  /* the flags of its last step */
} slot;

/* The caller's arrays of a batch. */
typedef struct arrays {
    size_t size, n, obs;
    int players;
    float *o, *r;
    uint8_t *m, *term, *trunc;
    int32_t *who;
} arrays;

static arrays *arrays_new(crown_batch *b)
{
    arrays *a = calloc(1, sizeof *a);
    ck_assert_ptr_nonnull(a);
    OK(crown_batch_size(b, &a->size));
    OK(crown_batch_num_actions(b, &a->n));
    OK(crown_batch_observation_size(b, &a->obs));
    OK(crown_batch_num_players(b, &a->players));
    a->o = malloc(a->size * a->obs * sizeof *a->o);
    a->r = malloc(a->size * (size_t)a->players * sizeof *a->r);
    a->m = malloc(a->size * a->n);
    a->term = malloc(a->size);
    a->trunc = malloc(a->size);
    a->who = malloc(a->size * sizeof *a->who);
    ck_assert(a->o && a->r && a->m && a->term && a->trunc && a->who);
    OK(crown_batch_bind(b, a->o, a->m, a->who, a->r, a->term, a->trunc));
    return a;
}

static void arrays_free(arrays *a)
{
    free(a->o);
    free(a->r);
    free(a->m);
    free(a->term);
    free(a->trunc);
    free(a->who);
    free(a);
}

/* The bytes of every array, for "not written". */
static char *arrays_copy(const arrays *a)
{
    size_t sizes[6] = {a->size * a->obs * sizeof(float), a->size * (size_t)a->players * 4,
                       a->size * a->n, a->size, a->size, a->size * 4};
    const void *src[6] = {a->o, a->r, a->m, a->term, a->trunc, a->who};
    size_t total = 0;
    for (int i = 0; i < 6; i++)
        total += sizes[i];
    char *c = malloc(total), *p = c;
    ck_assert_ptr_nonnull(c);
    for (int i = 0; i < 6; i++) {
        memcpy(p, src[i], sizes[i]);
        p += sizes[i];
    }
    return c;
}

static int arrays_same(const arrays *a, const char *copy)
{
    char *now = arrays_copy(a);
    size_t total = a->size * (a->obs * sizeof(float) + (size_t)a->players * 4 + a->n + 2 + 4);
    int same = memcmp(now, copy, total) == 0;
    free(now);
    return same;
}

/* Slot s's episode k on, skipping those over at once; the number
 * skipped. */
static int start(slot *s, const char *name, const char *options)
{
    int skipped = 0;
    s->at_end = 0;
    for (;;) {
        crown_free(s->g);
        s->g = new_game(name, options, episode_seed(s->seed, s->i, s->k));
        s->steps = 0;
        memset(s->ret, 0, sizeof s->ret);
        if (!terminal(s->g))
            return skipped;
        skipped++;
        s->k++;
    }
}

/* Game i of the batch shows slot s's position. */
static void same_position(const arrays *a, size_t i, slot *s, uint8_t *mask, float *obs)
{
    int p = current(s->g);
    ck_assert_int_ge(p, 0);
    ck_assert_int_eq(a->who[i], p);
    size_t n;
    OK(crown_legal_mask(s->g, mask, a->n, &n));
    ck_assert_uint_eq(n, a->n);
    ck_assert_msg(memcmp(mask, a->m + i * a->n, a->n) == 0, "game %zu: the mask differs", i);
    OK(crown_observation_tensor(s->g, p, obs, a->obs, &n));
    ck_assert_uint_eq(n, a->obs);
    ck_assert_msg(memcmp(obs, a->o + i * a->obs, a->obs * sizeof *obs) == 0,
                  "game %zu: the observation differs", i);
}

/* Game i's clone (crown_batch_game) is slot s's game: same state, same
 * history. */
static void same_game(crown_batch *b, size_t i, slot *s)
{
    crown_game *c = NULL;
    OK(crown_batch_game(b, i, &c));
    uint64_t h1, h2;
    OK(crown_state_hash(c, &h1));
    OK(crown_state_hash(s->g, &h2));
    ck_assert_uint_eq(h1, h2);
    char *t1 = serialize(c), *t2 = serialize(s->g);
    ck_assert_str_eq(t1, t2);
    free(t1);
    free(t2);
    crown_free(c);
}

/* What the comparison saw, so that a test can ask that it saw something. */
typedef struct seen {
    long terminated, truncated, limits, skipped, rewards, steps, ends, resets;
} seen;

/* Game i of the batch shows slot s at the end of its episode: no one to
 * move, the mask all 0, the last mover's observation. */
static void same_end(const arrays *a, size_t i, slot *s, float *obs)
{
    ck_assert_int_eq(a->who[i], CROWN_TERMINAL);
    for (size_t j = 0; j < a->n; j++)
        ck_assert_msg(a->m[i * a->n + j] == 0, "game %zu: action %zu set at the end", i, j);
    size_t n;
    OK(crown_observation_tensor(s->g, s->mover, obs, a->obs, &n));
    ck_assert_msg(memcmp(obs, a->o + i * a->obs, a->obs * sizeof *obs) == 0,
                  "game %zu: the final observation differs", i);
}

/* The flags of slot s's last step, and its rewards 0 when `zero`. */
static void same_flags(const arrays *a, size_t i, const slot *s, int zero)
{
    ck_assert_int_eq(a->term[i], s->term);
    ck_assert_int_eq(a->trunc[i], s->trunc);
    if (zero)
        for (int p = 0; p < a->players; p++)
            ck_assert(a->r[i * (size_t)a->players + (size_t)p] == 0.0f);
}

/* `steps` steps of a batch of `size` games in autoreset `mode` on
 * `threads` threads against one game per slot; the actions are random
 * legal ones drawn from the batch's own masks (and garbage for a game at
 * its end, which ignores it).  In disabled mode the games at their end are
 * reset now and then, some with seeds of their own. */
static seen compare_mode(const char *name, const char *options, size_t size, uint64_t seed,
                         size_t max_steps, int steps, int mode, int threads)
{
    seen z = {0, 0, 0, 0, 0, 0, 0, 0};
    crown_batch *b = NULL;
    char err[256] = "";
    ck_assert_msg(crown_batch_new(&b, name, options, size, seed, max_steps, err, sizeof err) ==
                      CROWN_OK,
                  "%s %s: %s", name, options, err);
    OK(crown_batch_set_autoreset(b, mode));
    OK(crown_batch_set_threads(b, threads));
    arrays *a = arrays_new(b);
    ck_assert_uint_eq(a->size, size);
    float *fo = malloc(size * a->obs * sizeof *fo);
    int32_t *fwho = malloc(size * sizeof *fwho);
    ck_assert(fo && fwho);
    OK(crown_batch_bind_final(b, fo, fwho));
    OK(crown_batch_reset(b, seed));
    slot *s = calloc(size, sizeof *s);
    uint8_t *mask = malloc(a->n), *reset = malloc(size);
    float *obs = malloc(a->obs * sizeof *obs);
    int32_t *actions = malloc(size * sizeof *actions);
    uint64_t *seeds = malloc(size * sizeof *seeds);
    ck_assert(s && mask && reset && obs && actions && seeds);
    for (size_t i = 0; i < size; i++) {
        s[i].seed = seed;
        s[i].i = i;
        z.skipped += start(&s[i], name, options);
        same_position(a, i, &s[i], mask, obs);
        same_flags(a, i, &s[i], 1);
    }
    trng r = {seed};
    for (int t = 0; t < steps; t++) {
        if (mode == CROWN_AUTORESET_DISABLED && t % 5 == 4) {
            /* The games at their end start again, every other time from
             * seeds of their own (E(seeds[i], 0, k)). */
            int own = t % 10 == 9;
            for (size_t i = 0; i < size; i++) {
                reset[i] = (uint8_t)s[i].at_end;
                seeds[i] = seed * 1000 + (uint64_t)t * 10 + i;
            }
            OK(crown_batch_reset_masked(b, reset, own ? seeds : NULL));
            for (size_t i = 0; i < size; i++) {
                if (!reset[i]) {
                    if (s[i].at_end)
                        same_end(a, i, &s[i], obs);
                    continue;
                }
                z.resets++;
                if (own) {
                    s[i].seed = seeds[i];
                    s[i].i = 0;
                    s[i].k = 0;
                } else {
                    s[i].k++;
                }
                s[i].term = s[i].trunc = 0;
                z.skipped += start(&s[i], name, options);
                same_position(a, i, &s[i], mask, obs);
                same_flags(a, i, &s[i], 1);
            }
        }
        for (size_t i = 0; i < size; i++) {
            if (s[i].at_end) {
                actions[i] = t % 2 ? INT32_MIN : (int32_t)a->n; /* (ignored) */
                continue;
            }
            size_t legal[4096], k = 0;
            for (size_t j = 0; j < a->n && k < 4096; j++)
                if (a->m[i * a->n + j])
                    legal[k++] = j;
            ck_assert_uint_gt(k, 0);
            actions[i] = (int32_t)legal[trng_below(&r, k)];
        }
        if (t % 7 == 3) {
            /* (the caller may write into its arrays: the flags of a game
             * at its end are written again, as they were) */
            memset(a->term, 0, size);
            memset(a->trunc, 0, size);
        }
        OK(crown_batch_step(b, actions));
        for (size_t i = 0; i < size; i++) {
            slot *si = &s[i];
            uint64_t es;
            if (si->at_end) {
                if (mode == CROWN_AUTORESET_DISABLED) {
                    /* (stays at its end, its flags as they were) */
                    same_end(a, i, si, obs);
                    same_flags(a, i, si, 1);
                } else {
                    si->k++;
                    si->term = si->trunc = 0;
                    z.skipped += start(si, name, options);
                    same_position(a, i, si, mask, obs);
                    same_flags(a, i, si, 1);
                }
                ck_assert_int_eq(fwho[i], -1);
                OK(crown_batch_episode_seed(b, i, &es));
                ck_assert_uint_eq(es, episode_seed(si->seed, si->i, si->k));
                continue;
            }
            si->mover = current(si->g);
            crown_move m;
            OK(crown_index_move(si->g, (size_t)actions[i], &m));
            OK(crown_apply(si->g, m));
            si->steps++;
            z.steps++;
            double now[64];
            size_t np;
            OK(crown_returns(si->g, now, 64, &np));
            ck_assert_uint_eq(np, (size_t)a->players);
            for (size_t p = 0; p < np; p++) {
                float want = (float)(now[p] - si->ret[p]);
                ck_assert_msg(a->r[i * np + p] == want, "game %zu seat %zu: reward %g, not %g",
                              i, p, (double)a->r[i * np + p], (double)want);
                z.rewards += want != 0.0f;
                si->ret[p] = now[p];
            }
            int over = terminal(si->g), limit;
            OK(crown_truncated(si->g, &limit));
            si->term = over && !limit;
            si->trunc = limit || (!over && max_steps && si->steps >= max_steps);
            same_flags(a, i, si, 0);
            z.terminated += si->term;
            z.truncated += si->trunc;
            z.limits += limit;
            if (!si->term && !si->trunc) {
                ck_assert_int_eq(fwho[i], -1);
                same_position(a, i, si, mask, obs);
            } else if (mode == CROWN_AUTORESET_SAME_STEP) {
                /* The final observation in the final arrays, the next
                 * episode's first position in the others. */
                z.ends++;
                ck_assert_int_eq(fwho[i], si->mover);
                size_t n;
                OK(crown_observation_tensor(si->g, si->mover, obs, a->obs, &n));
                ck_assert_msg(memcmp(obs, fo + i * a->obs, a->obs * sizeof *obs) == 0,
                              "game %zu: the final observation differs", i);
                si->k++;
                z.skipped += start(si, name, options);
                same_position(a, i, si, mask, obs);
            } else {
                z.ends++;
                ck_assert_int_eq(fwho[i], -1);
                si->at_end = 1;
                same_end(a, i, si, obs);
            }
            OK(crown_batch_episode_seed(b, i, &es));
            ck_assert_uint_eq(es, episode_seed(si->seed, si->i, si->k));
            if ((t + (int)i) % 37 == 0)
                same_game(b, i, si);
        }
    }
    for (size_t i = 0; i < size; i++) {
        same_game(b, i, &s[i]);
        crown_free(s[i].g);
    }
    free(s);
    free(mask);
    free(reset);
    free(obs);
    free(actions);
    free(seeds);
    free(fo);
    free(fwho);
    arrays_free(a);
    crown_batch_free(b);
    return z;
}

static seen compare(const char *name, const char *options, size_t size, uint64_t seed,
                    size_t max_steps, int steps)
{
    return compare_mode(name, options, size, seed, max_steps, steps, CROWN_AUTORESET_SAME_STEP,
                        1);
}

/* The option sets compared, with a batch size, a seed and max_steps. */
static const struct {
    const char *name, *options;
    size_t size;
    uint64_t seed;
    size_t max_steps;
    int steps;
} sets[] = {
    {"game_of_kingdoms", "players=2", 5, 1, 0, 400},
    {"game_of_kingdoms", "players=4,variant=ruthless,games=2", 4, 11, 0, 500},
    {"game_of_kingdoms", "players=6", 4, 7, 120, 400},
    /* seed 31: slot 4's first episode is a deal that ends before the
     * first decision */
    {"kings_family", "", 8, 31, 0, 150},
    {"kings_family", "max_moves=40", 3, 5, 25, 120},
    {"kings_blood", "players=3", 4, 3, 0, 400},
    {"kings_blood", "players=4,advanced=on", 3, 21, 70, 200},
    {"kings_blood", "players=2,match=on,target=40", 3, 9, 0, 300},
    {"blood_bound", "players=8", 6, 2, 0, 300},
    {"blood_bound", "players=11", 4, 4, 120, 400},
    /* the games' own length limits, short: truncations */
    {"game_of_kingdoms", "players=3,max_bouts=6", 4, 12, 0, 300},
    {"kings_blood", "players=2,max_turns=8", 3, 13, 0, 200},
    {"blood_bound", "players=6,max_turns=5", 3, 14, 0, 200},
};
#define NSETS (int)(sizeof sets / sizeof sets[0])

/* Each set in each mode (the loop's index: set * 3 + mode), on 1, 2 or 3
 * threads. */
START_TEST(a_batch_plays_as_one_game_per_slot)
{
    int set = _i / 3, mode = _i % 3, threads = 1 + (_i / 3 + _i) % 3;
    seen z = compare_mode(sets[set].name, sets[set].options, sets[set].size, sets[set].seed,
                          sets[set].max_steps, scaled(sets[set].steps), mode, threads);
    /* The comparison saw games end (and be cut at max_steps or by the
     * game's own limit) and rewards. */
    if (scaled(100) == 100) {
        int limited = !sets[set].max_steps && strstr(sets[set].options, "max_");
        ck_assert_int_gt(z.ends, 0);
        if (!limited) /* (a short limit ends games as draws) */
            ck_assert_int_gt(z.rewards, 0);
        if (sets[set].max_steps || limited)
            ck_assert_int_gt(z.truncated, 0);
        if (limited)
            ck_assert_int_gt(z.limits, 0);
        if (mode == CROWN_AUTORESET_DISABLED)
            ck_assert_int_gt(z.resets, 0);
    }
    if (sets[set].seed == 31)
        ck_assert_int_gt(z.skipped, 0);
}
END_TEST

/* The first legal and the first illegal action of game i. */
static int32_t legal_action(const arrays *a, size_t i, int legal)
{
    for (size_t j = 0; j < a->n; j++)
        if ((a->m[i * a->n + j] != 0) == legal)
            return (int32_t)j;
    ck_abort_msg("no such action");
    return -1;
}

/* A random legal action of game i. */
static int32_t random_legal(const arrays *a, size_t i, trng *r)
{
    size_t j = trng_below(r, a->n);
    while (!a->m[i * a->n + j])
        j = (j + 1) % a->n;
    return (int32_t)j;
}

/* Steps a batch `steps` times with actions drawn from its masks by r;
 * a digest of every array after every step. */
static uint64_t run_digest(crown_batch *b, arrays *a, int steps, trng *r)
{
    uint64_t h = 1469598103934665603ULL;
    int32_t *actions = malloc(a->size * sizeof *actions);
    ck_assert_ptr_nonnull(actions);
    for (int t = 0; t <= steps; t++) {
        char *c = arrays_copy(a);
        size_t total = a->size * (a->obs * sizeof(float) + (size_t)a->players * 4 + a->n + 2 + 4);
        for (size_t j = 0; j < total; j++)
            h = (h ^ (unsigned char)c[j]) * 1099511628211ULL;
        free(c);
        if (t == steps)
            break;
        for (size_t i = 0; i < a->size; i++) {
            size_t k = trng_below(r, a->n), j = k;
            while (!a->m[i * a->n + j])
                j = (j + 1) % a->n;
            actions[i] = (int32_t)j;
        }
        OK(crown_batch_step(b, actions));
    }
    free(actions);
    return h;
}

START_TEST(seeds_reproduce_a_batch)
{
    crown_batch *b1, *b2;
    OK(crown_batch_new(&b1, "kings_blood", "players=3", 4, 77, 30, NULL, 0));
    OK(crown_batch_new(&b2, "kings_blood", "players=3", 4, 77, 30, NULL, 0));
    arrays *a1 = arrays_new(b1), *a2 = arrays_new(b2);
    OK(crown_batch_reset(b1, 77));
    OK(crown_batch_reset(b2, 77));
    trng r1 = {5}, r2 = {5};
    uint64_t h1 = run_digest(b1, a1, 80, &r1), h2 = run_digest(b2, a2, 80, &r2);
    ck_assert_uint_eq(h1, h2);
    /* A reset with the same seed starts the same games again... */
    OK(crown_batch_reset(b1, 77));
    trng r3 = {5};
    ck_assert_uint_eq(run_digest(b1, a1, 80, &r3), h1);
    /* ... and another seed other games. */
    OK(crown_batch_reset(b2, 78));
    trng r4 = {5};
    ck_assert_uint_ne(run_digest(b2, a2, 80, &r4), h1);
    /* The same on 2 and 4 threads. */
    OK(crown_batch_set_threads(b1, 2));
    OK(crown_batch_reset(b1, 77));
    trng r5 = {5};
    ck_assert_uint_eq(run_digest(b1, a1, 80, &r5), h1);
    OK(crown_batch_set_threads(b1, 4));
    OK(crown_batch_reset(b1, 77));
    trng r6 = {5};
    ck_assert_uint_eq(run_digest(b1, a1, 80, &r6), h1);
    arrays_free(a1);
    arrays_free(a2);
    crown_batch_free(b1);
    crown_batch_free(b2);
}
END_TEST

/* Every episode seed a batch plays in `steps` random steps, in out
 * (room for cap); how many. */
static size_t episode_seeds(crown_batch *b, arrays *a, int steps, uint64_t *out, size_t cap)
{
    size_t n = 0;
    trng r = {3};
    int32_t *actions = malloc(a->size * sizeof *actions);
    ck_assert_ptr_nonnull(actions);
    for (size_t i = 0; i < a->size; i++) {
        ck_assert_uint_lt(n, cap);
        OK(crown_batch_episode_seed(b, i, &out[n++]));
    }
    for (int t = 0; t < steps; t++) {
        for (size_t i = 0; i < a->size; i++) {
            size_t k = trng_below(&r, a->n), j = k;
            while (!a->m[i * a->n + j])
                j = (j + 1) % a->n;
            actions[i] = (int32_t)j;
        }
        OK(crown_batch_step(b, actions));
        for (size_t i = 0; i < a->size; i++)
            if (a->term[i] || a->trunc[i]) {
                ck_assert_uint_lt(n, cap);
                OK(crown_batch_episode_seed(b, i, &out[n++]));
            }
    }
    free(actions);
    return n;
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

/* Batches of different seeds share no game: seeds 0, 1 and 8 of batches of
 * 8 and of 64 (the rule before 0.5.0 gave seed 1's slot i seed 0's slot
 * i + 1, and seed 8 of a batch of 8 seed 0's second episodes), nor do the
 * slots and episodes of one batch; and each episode seed is a new deal. */
START_TEST(different_seeds_share_no_game)
{
    enum { CAP = 20000 };
    uint64_t *all = malloc(CAP * sizeof *all);
    ck_assert_ptr_nonnull(all);
    size_t n = 0;
    /* (A slot's stream does not depend on the batch's size: slot 3 of
     * seed 0 plays the same games in a batch of 8 and in one of 64.) */
    static const size_t sizes[] = {8, 64};
    static const uint64_t seeds[2][3] = {{0, 1, 8}, {2, 3, 66}};
    for (int z = 0; z < 2; z++)
        for (int j = 0; j < 3; j++) {
            crown_batch *b;
            OK(crown_batch_new(&b, "game_of_kingdoms", "players=2", sizes[z], seeds[z][j], 0,
                               NULL, 0));
            arrays *a = arrays_new(b);
            OK(crown_batch_reset(b, seeds[z][j]));
            size_t got = episode_seeds(b, a, scaled(600), all + n, CAP - n);
            if (scaled(100) == 100)
                ck_assert_uint_gt(got, sizes[z] * 3 / 2); /* (episodes ended, others began) */
            n += got;
            arrays_free(a);
            crown_batch_free(b);
        }
    qsort(all, n, sizeof *all, cmp_u64);
    for (size_t i = 1; i < n; i++)
        ck_assert_msg(all[i] != all[i - 1], "seed %llu played twice", (unsigned long long)all[i]);
    /* Distinct seeds, distinct deals: the first positions of some differ. */
    crown_game *g1 = new_game("game_of_kingdoms", "players=2", all[0]);
    crown_game *g2 = new_game("game_of_kingdoms", "players=2", all[1]);
    uint64_t h1, h2;
    OK(crown_state_hash(g1, &h1));
    OK(crown_state_hash(g2, &h2));
    ck_assert_uint_ne(h1, h2);
    crown_free(g1);
    crown_free(g2);
    free(all);
}
END_TEST

/* crown_batch_reset_seeds: slot i plays E(seeds[i], 0, k), slot 0's games
 * of a batch reset with seeds[i]; equal seeds, equal games. */
START_TEST(one_seed_per_game)
{
    crown_batch *b, *one;
    OK(crown_batch_new(&b, "kings_blood", "players=2", 3, 1, 0, NULL, 0));
    OK(crown_batch_new(&one, "kings_blood", "players=2", 1, 9, 0, NULL, 0));
    arrays *a = arrays_new(b), *o = arrays_new(one);
    const uint64_t seeds[3] = {5, 5, 9};
    ck_assert_int_eq(crown_batch_reset_seeds(b, NULL), CROWN_EINVAL);
    ck_assert_str_eq(crown_batch_last_error(b), "invalid argument: seeds is NULL");
    OK(crown_batch_reset_seeds(b, seeds));
    OK(crown_batch_reset(one, 9));
    int32_t actions[3];
    trng r = {4};
    for (int t = 0; t < scaled(300); t++) {
        uint64_t e[3], e1;
        for (size_t i = 0; i < 3; i++)
            OK(crown_batch_episode_seed(b, i, &e[i]));
        OK(crown_batch_episode_seed(one, 0, &e1));
        ck_assert_uint_eq(e[0], e[1]);
        ck_assert_uint_eq(e[2], e1);
        ck_assert_int_eq(memcmp(a->o, a->o + a->obs, a->obs * sizeof(float)), 0);
        ck_assert_int_eq(memcmp(a->o + 2 * a->obs, o->o, a->obs * sizeof(float)), 0);
        ck_assert_int_eq(memcmp(a->m + 2 * a->n, o->m, a->n), 0);
        actions[0] = actions[1] = random_legal(a, 0, &r);
        actions[2] = random_legal(a, 2, &r);
        OK(crown_batch_step(b, actions));
        OK(crown_batch_step(one, &actions[2]));
    }
    uint64_t e, k = 0;
    OK(crown_batch_episode_seed(one, 0, &e));
    while (k < 100 && e != episode_seed(9, 0, k))
        k++;
    ck_assert_uint_lt(k, 100);
    arrays_free(a);
    arrays_free(o);
    crown_batch_free(b);
    crown_batch_free(one);
}
END_TEST

typedef int (*batch_new_fn)(crown_batch **, const char *, const char *, size_t, uint64_t,
                            size_t, char *, size_t);

/* A program built against a library before 0.5.0 binds crown_batch_new at
 * CROWN_1.2, whose batches keep the old rule: slot i's k-th episode is the
 * game of seed + i + k * size.  The default, CROWN_1.3, is the hashed one. */
START_TEST(the_rule_before_0_5_0_under_its_old_version)
{
    batch_new_fn old = (batch_new_fn)dlvsym(RTLD_DEFAULT, "crown_batch_new", "CROWN_1.2");
    batch_new_fn now = (batch_new_fn)dlvsym(RTLD_DEFAULT, "crown_batch_new", "CROWN_1.3");
    ck_assert_ptr_nonnull(old);
    ck_assert_ptr_nonnull(now);
    ck_assert(now == crown_batch_new);
    ck_assert(old != crown_batch_new);
    crown_batch *b;
    OK(old(&b, "game_of_kingdoms", "players=2", 4, 100, 0, NULL, 0));
    arrays *a = arrays_new(b);
    OK(crown_batch_reset(b, 100));
    int ended = 0;
    int32_t actions[4];
    for (int t = 0; t < scaled(400); t++) {
        for (size_t i = 0; i < 4; i++) {
            uint64_t e, k;
            OK(crown_batch_episode_seed(b, i, &e));
            ck_assert_uint_ge(e, 100 + i);
            k = (e - 100 - i) / 4;
            ck_assert_uint_eq(e, 100 + i + k * 4);
            ended += k > 0;
            actions[i] = legal_action(a, i, 1);
        }
        OK(crown_batch_step(b, actions));
    }
    if (scaled(100) == 100) /* (fewer steps under valgrind) */
        ck_assert_int_gt(ended, 0);
    /* Slot 0's first episode is crown_new's game of the seed itself. */
    OK(crown_batch_reset(b, 100));
    crown_game *g = new_game("game_of_kingdoms", "players=2", 100);
    float *obs = malloc(a->obs * sizeof *obs);
    size_t n;
    OK(crown_observation_tensor(g, current(g), obs, a->obs, &n));
    ck_assert_int_eq(memcmp(obs, a->o, a->obs * sizeof *obs), 0);
    free(obs);
    crown_free(g);
    arrays_free(a);
    crown_batch_free(b);
    /* The default's slot 1 episode 0: E(100, 1, 0). */
    OK(now(&b, "game_of_kingdoms", "players=2", 4, 100, 0, NULL, 0));
    uint64_t e;
    OK(crown_batch_episode_seed(b, 1, &e));
    ck_assert_uint_eq(e, episode_seed(100, 1, 0));
    crown_batch_free(b);
}
END_TEST

/* The state hashes of every game of a batch. */
static void hashes(crown_batch *b, size_t size, uint64_t *out)
{
    for (size_t i = 0; i < size; i++) {
        crown_game *c = NULL;
        OK(crown_batch_game(b, i, &c));
        OK(crown_state_hash(c, &out[i]));
        crown_free(c);
    }
}

/* A step that must fail with `code` and a message holding `want` (and
 * `want2` when not NULL), every game and array left as they were. */
static void step_fails(crown_batch *b, arrays *a, const int32_t *actions, int code,
                       const char *want, const char *want2)
{
    uint64_t before[16], after[16];
    ck_assert_uint_le(a->size, 16);
    hashes(b, a->size, before);
    char *copy = arrays_copy(a);
    ck_assert_int_eq(crown_batch_step(b, actions), code);
    const char *msg = crown_batch_last_error(b);
    ck_assert_msg(strstr(msg, want) != NULL, "message '%s' lacks '%s'", msg, want);
    if (want2)
        ck_assert_msg(strstr(msg, want2) != NULL, "message '%s' lacks '%s'", msg, want2);
    hashes(b, a->size, after);
    for (size_t i = 0; i < a->size; i++)
        ck_assert_uint_eq(before[i], after[i]);
    ck_assert(arrays_same(a, copy));
    free(copy);
}

/* On threads the slots go in chunks of several games, which threads take
 * as they come: when several threads fail, the lowest game is the one
 * named, and no game moved. */
START_TEST(a_failed_step_on_threads_names_the_first_game)
{
    enum { SIZE = 640 };
    crown_batch *b;
    OK(crown_batch_new(&b, "blood_bound", "players=8", SIZE, 9, 0, NULL, 0));
    OK(crown_batch_set_threads(b, 2 + _i));
    arrays *a = arrays_new(b);
    OK(crown_batch_reset(b, 9));
    static int32_t actions[SIZE], bad[SIZE];
    static uint64_t before[SIZE], after[SIZE];
    for (size_t i = 0; i < SIZE; i++)
        actions[i] = legal_action(a, i, 1);
    OK(crown_batch_step(b, actions));
    for (size_t i = 0; i < SIZE; i++)
        actions[i] = legal_action(a, i, 1);
    hashes(b, SIZE, before);
    char *copy = arrays_copy(a);
    /* Every action from game 133 on refused, so that each thread fails in
     * the chunks it takes. */
    memcpy(bad, actions, sizeof bad);
    for (size_t i = 134; i < SIZE; i++)
        bad[i] = -2;
    bad[133] = -1;
    /* (again and again: which thread takes which chunk varies) */
    const char *msg;
    for (int k = 0; k < 50; k++) {
        ck_assert_int_eq(crown_batch_step(b, bad), CROWN_EILLEGAL);
        msg = crown_batch_last_error(b);
        ck_assert_msg(strstr(msg, "game 133: action -1") != NULL, "message '%s'", msg);
    }
    /* One illegal action, far after the first chunks. */
    memcpy(bad, actions, sizeof bad);
    bad[417] = legal_action(a, 417, 0);
    ck_assert_int_eq(crown_batch_step(b, bad), CROWN_EILLEGAL);
    msg = crown_batch_last_error(b);
    ck_assert_msg(strstr(msg, "game 417: action") != NULL, "message '%s'", msg);
    hashes(b, SIZE, after);
    for (size_t i = 0; i < SIZE; i++)
        ck_assert_uint_eq(before[i], after[i]);
    ck_assert(arrays_same(a, copy));
    free(copy);
    OK(crown_batch_step(b, actions));
    arrays_free(a);
    crown_batch_free(b);
}
END_TEST

START_TEST(a_failed_step_changes_nothing)
{
    static const char *const games[][2] = {
        {"game_of_kingdoms", "players=3"},
        {"kings_family", ""},
        {"kings_blood", "players=4"},
        {"blood_bound", "players=9"},
    };
    crown_batch *b;
    OK(crown_batch_new(&b, games[_i][0], games[_i][1], 5, 3, 0, NULL, 0));
    OK(crown_batch_set_threads(b, _i + 1)); /* (on 1 to 4 threads: the same) */
    arrays *a = arrays_new(b);
    OK(crown_batch_reset(b, 3));
    int32_t actions[5];
    /* A few steps in, so that the games have histories to keep. */
    for (int t = 0; t < 6; t++) {
        for (size_t i = 0; i < 5; i++)
            actions[i] = legal_action(a, i, 1);
        OK(crown_batch_step(b, actions));
    }
    for (size_t i = 0; i < 5; i++)
        actions[i] = legal_action(a, i, 1);
    step_fails(b, a, NULL, CROWN_EINVAL, "actions is NULL", NULL);
    /* Out of range, in the last game and in the first. */
    int32_t bad[5];
    memcpy(bad, actions, sizeof bad);
    bad[4] = -1;
    step_fails(b, a, bad, CROWN_EILLEGAL, "game 4: action -1 is out of range", NULL);
    bad[4] = (int32_t)a->n;
    char want[80];
    snprintf(want, sizeof want, "game 4: action %zu is out of range (the actions are 0..%zu)",
             a->n, a->n - 1);
    step_fails(b, a, bad, CROWN_EILLEGAL, want, NULL);
    memcpy(bad, actions, sizeof bad);
    bad[0] = INT32_MIN;
    step_fails(b, a, bad, CROWN_EILLEGAL, "game 0: action -2147483648 is out of range", NULL);
    /* Two bad ones, in different shares of the threads: the first named. */
    memcpy(bad, actions, sizeof bad);
    bad[1] = -7;
    bad[4] = -8;
    step_fails(b, a, bad, CROWN_EILLEGAL, "game 1: action -7 is out of range", NULL);
    /* Not legal: in game 2 (every action is checked before any is
     * played), with the move's text and why, as crown_apply says it. */
    memcpy(bad, actions, sizeof bad);
    bad[2] = legal_action(a, 2, 0);
    crown_game *c;
    OK(crown_batch_game(b, 2, &c));
    crown_move m;
    OK(crown_index_move(c, (size_t)bad[2], &m));
    ck_assert_int_eq(crown_apply(c, m), CROWN_EILLEGAL);
    char apply_msg[256];
    snprintf(apply_msg, sizeof apply_msg, "game 2: action %d: %s", (int)bad[2],
             crown_last_error(c));
    crown_free(c);
    step_fails(b, a, bad, CROWN_EILLEGAL, apply_msg, " is not legal");
    /* The batch goes on as if nothing had happened. */
    OK(crown_batch_step(b, actions));
    ck_assert_str_eq(crown_batch_last_error(b), apply_msg);
    arrays_free(a);
    crown_batch_free(b);
}
END_TEST

START_TEST(bad_arguments_are_refused)
{
    crown_batch *b = (crown_batch *)(uintptr_t)1;
    char err[256];
    size_t n;
    int players;
    /* crown_batch_new: each error with *out NULL and a message. */
    ck_assert_int_eq(crown_batch_new(NULL, "kings_blood", "", 4, 1, 0, err, sizeof err),
                     CROWN_EINVAL);
    ck_assert_str_eq(err, "invalid argument: out is NULL");
    ck_assert_int_eq(crown_batch_new(&b, NULL, "", 4, 1, 0, err, sizeof err), CROWN_EINVAL);
    ck_assert_ptr_null(b);
    ck_assert_str_eq(err, "invalid argument: name is NULL");
    ck_assert_int_eq(crown_batch_new(&b, "kings_blood", "", 0, 1, 0, err, sizeof err),
                     CROWN_EINVAL);
    ck_assert_ptr_null(b);
    ck_assert_str_eq(err, "invalid argument: a batch holds 1 to 1048576 games, not 0");
    ck_assert_int_eq(crown_batch_new(&b, "kings_blood", "", CROWN_BATCH_MAX_SIZE + 1, 1, 0, err,
                                     sizeof err),
                     CROWN_EINVAL);
    ck_assert_ptr_null(b);
    ck_assert_int_eq(crown_batch_new(&b, "kings_blood", "", SIZE_MAX, 1, 0, err, sizeof err),
                     CROWN_EINVAL);
    ck_assert_int_eq(crown_batch_new(&b, "chess", "", 4, 1, 0, err, sizeof err), CROWN_EGAME);
    ck_assert_ptr_null(b);
    ck_assert_msg(strstr(err, "unknown game 'chess'") != NULL, "%s", err);
    ck_assert_int_eq(crown_batch_new(&b, "kings_blood", "players=9", 4, 1, 0, err, sizeof err),
                     CROWN_EOPTION);
    ck_assert_ptr_null(b);
    ck_assert_msg(strstr(err, "players") != NULL, "%s", err);
    ck_assert_int_eq(crown_batch_new(&b, "kings_blood", "colour=blue", 4, 1, 0, err, sizeof err),
                     CROWN_EOPTION);
    ck_assert_int_eq(crown_batch_new(&b, "game_of_kingdoms", "chance=explicit", 4, 1, 0, err,
                                     sizeof err),
                     CROWN_EOPTION);
    ck_assert_ptr_null(b);
    ck_assert_msg(strstr(err, "chance=explicit") != NULL, "%s", err);
    /* A cut message, NUL-terminated in the buffer; no buffer at all. */
    char small[8];
    ck_assert_int_eq(crown_batch_new(&b, "chess", "", 4, 1, 0, small, sizeof small),
                     CROWN_EGAME);
    ck_assert_str_eq(small, "unknown");
    ck_assert_int_eq(crown_batch_new(&b, "chess", "", 4, 1, 0, NULL, 0), CROWN_EGAME);
    /* A NULL batch. */
    ck_assert_str_eq(crown_batch_last_error(NULL), "invalid argument: batch is NULL");
    ck_assert_int_eq(crown_batch_size(NULL, &n), CROWN_EINVAL);
    ck_assert_int_eq(crown_batch_num_players(NULL, &players), CROWN_EINVAL);
    ck_assert_int_eq(crown_batch_num_actions(NULL, &n), CROWN_EINVAL);
    ck_assert_int_eq(crown_batch_observation_size(NULL, &n), CROWN_EINVAL);
    ck_assert_int_eq(crown_batch_bind(NULL, NULL, NULL, NULL, NULL, NULL, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_batch_reset(NULL, 1), CROWN_EINVAL);
    int32_t act[2] = {0, 0};
    ck_assert_int_eq(crown_batch_step(NULL, act), CROWN_EINVAL);
    crown_game *g = (crown_game *)(uintptr_t)1;
    ck_assert_int_eq(crown_batch_game(NULL, 0, &g), CROWN_EINVAL);
    uint64_t seed, seeds[2] = {1, 2};
    uint8_t mask[2] = {1, 0};
    float fo[1];
    int32_t fw[1];
    ck_assert_int_eq(crown_batch_set_autoreset(NULL, 0), CROWN_EINVAL);
    ck_assert_int_eq(crown_batch_bind_final(NULL, fo, fw), CROWN_EINVAL);
    ck_assert_int_eq(crown_batch_reset_seeds(NULL, seeds), CROWN_EINVAL);
    ck_assert_int_eq(crown_batch_reset_masked(NULL, mask, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_batch_episode_seed(NULL, 0, &seed), CROWN_EINVAL);
    ck_assert_int_eq(crown_batch_set_threads(NULL, 2), CROWN_EINVAL);
    crown_batch_free(NULL);
    /* NULL outputs, and a game out of range. */
    OK(crown_batch_new(&b, "game_of_kingdoms", "players=2", 2, 1, 0, err, sizeof err));
    ck_assert_str_eq(crown_batch_last_error(b), "");
    ck_assert_int_eq(crown_batch_size(b, NULL), CROWN_EINVAL);
    ck_assert_str_eq(crown_batch_last_error(b), "invalid argument: size is NULL");
    ck_assert_int_eq(crown_batch_num_players(b, NULL), CROWN_EINVAL);
    ck_assert_str_eq(crown_batch_last_error(b), "invalid argument: players is NULL");
    ck_assert_int_eq(crown_batch_num_actions(b, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_batch_observation_size(b, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_batch_game(b, 0, NULL), CROWN_EINVAL);
    ck_assert_str_eq(crown_batch_last_error(b), "invalid argument: out is NULL");
    ck_assert_int_eq(crown_batch_game(b, 2, &g), CROWN_EINVAL);
    ck_assert_ptr_null(g);
    ck_assert_str_eq(crown_batch_last_error(b), "invalid argument: game 2 of a batch of 2");
    ck_assert_int_eq(crown_batch_game(b, SIZE_MAX, &g), CROWN_EINVAL);
    ck_assert_int_eq(crown_batch_set_autoreset(b, 3), CROWN_EINVAL);
    ck_assert_str_eq(crown_batch_last_error(b), "invalid argument: autoreset mode 3 "
                                                "(CROWN_AUTORESET_SAME_STEP 0, "
                                                "CROWN_AUTORESET_NEXT_STEP 1, "
                                                "CROWN_AUTORESET_DISABLED 2)");
    ck_assert_int_eq(crown_batch_set_autoreset(b, -1), CROWN_EINVAL);
    ck_assert_int_eq(crown_batch_reset_masked(b, NULL, seeds), CROWN_EINVAL);
    ck_assert_str_eq(crown_batch_last_error(b), "invalid argument: mask is NULL");
    ck_assert_int_eq(crown_batch_episode_seed(b, 0, NULL), CROWN_EINVAL);
    ck_assert_str_eq(crown_batch_last_error(b), "invalid argument: seed is NULL");
    ck_assert_int_eq(crown_batch_episode_seed(b, 2, &seed), CROWN_EINVAL);
    ck_assert_str_eq(crown_batch_last_error(b), "invalid argument: game 2 of a batch of 2");
    ck_assert_int_eq(crown_batch_set_threads(b, -1), CROWN_EINVAL);
    ck_assert_int_eq(crown_batch_set_threads(b, CROWN_BATCH_MAX_THREADS + 1), CROWN_EINVAL);
    ck_assert_str_eq(crown_batch_last_error(b), "invalid argument: threads 257 (0 for one per "
                                                "processor, or 1 to 256)");
    /* 0: one per processor, at most one per game; either works. */
    OK(crown_batch_set_threads(b, 0));
    OK(crown_batch_set_threads(b, 64));
    OK(crown_batch_set_threads(b, 1));
    /* The facts. */
    OK(crown_batch_size(b, &n));
    ck_assert_uint_eq(n, 2);
    OK(crown_batch_num_players(b, &players));
    ck_assert_int_eq(players, 2);
    crown_game *one = new_game("game_of_kingdoms", "players=2", 1);
    size_t want;
    OK(crown_batch_num_actions(b, &n));
    OK(crown_num_distinct_moves(one, &want));
    ck_assert_uint_eq(n, want);
    size_t shape[1], nd;
    OK(crown_batch_observation_size(b, &n));
    OK(crown_observation_shape(one, shape, 1, &nd));
    ck_assert_uint_eq(n, shape[0]);
    crown_free(one);
    crown_batch_free(b);
}
END_TEST

/* crown_batch_new's status and message for these options. */
static int batch_status(const char *name, const char *options, char *err, size_t cap)
{
    crown_batch *b = (crown_batch *)(uintptr_t)1;
    err[0] = '\0';
    int rc = crown_batch_new(&b, name, options, 3, 1, 0, err, cap);
    if (rc)
        ck_assert_ptr_null(b);
    crown_batch_free(b);
    return rc;
}

/* Options under which no game reaches a decision are refused as options,
 * with why: at once when the options alone tell it (a King's deck that the
 * deal gives out whole: no Character founds the Genealogy), else after 1000
 * such deals in a row.  Options whose deals only sometimes end so are
 * played, skipping those deals.  (Game of Kingdoms and Blood Bound always
 * deal a decision: their decks are fixed.) */
START_TEST(options_whose_games_never_decide_are_refused)
{
    char err[256];
    static const struct {
        const char *name, *options, *why;
    } never[] = {
        /* (crown_new accepts each: the game is over at once.) */
        {"kings_family", "deck=B1m",
         "deck: the deal of 7 cards to the hand takes all 1 of the deck"},
        {"kings_family", "deck=B1m B2m B3m B4m B5m B6m B7m",
         "deck: the deal of 7 cards to the hand takes all 7 of the deck"},
        {"kings_family", "deck=B1m assassination exile,events=optional", "takes all 3"},
        {"kings_blood", "players=2,deck=B1m",
         "deck: the deal of 7 cards to each of 2 players takes all 1 of the deck"},
        {"kings_blood", "players=2,advanced=on,deck=B1m B2m B3m B4m B5m B6m B7m B8m B9m R1m R2m "
                        "R3m R4m R5m", "takes all 14"},
        {"kings_blood", "players=6,deck=B1m B2m B3m B4m B5m B6m B7m B8m B9m R1m R2m R3m R4m R5m "
                        "R6m R7m R8m R9m G1m G2m G3m G4m G5m G6m G7m G8m G9m Y1m Y2m Y3m Y4m "
                        "Y5m Y6m Y7m Y8m Y9m B1f B2f B3f B4f B5f B6f", "takes all 42"},
    };
    for (size_t i = 0; i < sizeof never / sizeof never[0]; i++) {
        crown_game *g = new_game(never[i].name, never[i].options, 1);
        ck_assert(terminal(g));
        crown_free(g);
        ck_assert_int_eq(batch_status(never[i].name, never[i].options, err, sizeof err),
                         CROWN_EOPTION);
        ck_assert_msg(strstr(err, "these options give no game a decision, and a batch steps "
                                  "decisions: ") == err &&
                          strstr(err, never[i].why) && strstr(err, "no Character is left to "
                                                                   "found the Genealogy"),
                      "%s %s: %s", never[i].name, never[i].options, err);
    }
    /* A deck whose games never decide for a reason its size does not tell:
     * the Character the deal leaves founds the Genealogy alone, and a New
     * Connection has nowhere to place it. */
    const char *nc = "deck=B1m new-connection new-connection new-connection new-connection "
                     "new-connection new-connection new-connection";
    ck_assert_int_eq(batch_status("kings_family", nc, err, sizeof err), CROWN_EOPTION);
    ck_assert_msg(strstr(err, "game 0: 1000 episodes in a row ended before their first "
                              "decision: these options (almost) never give a game a decision"),
                  "%s", err);
    /* A deal that leaves a Character sometimes (a deck of 15 with one, two
     * players: one deal in 15): those that do are played. */
    const char *rare = "players=2,deck=B1m assassination assassination assassination "
                       "assassination assassination exile exile exile exile new-connection "
                       "new-connection enthronement enthronement enthronement";
    seen z = compare("kings_blood", rare, 3, 1, 0, 30);
    ck_assert_int_gt(z.skipped, 3);
    ck_assert_int_gt(z.steps, 0);
    /* One card more than the deal: always a Character left. */
    const char *enough = "deck=B1m B2m B3m B4m B5m B6m B7m B8m";
    ck_assert_int_eq(batch_status("kings_family", enough, err, sizeof err), CROWN_OK);
}
END_TEST

/* Arrays may be left out (NULL), and bound again: what is bound is what is
 * written. */
/* A narrow mask row (cleared whole each step) and wide ones (the bytes set
 * the last time cleared), in a new array bound with other bytes in it. */
static const char *const rebound[][2] = {
    {"blood_bound", "players=8"},
    {"game_of_kingdoms", "players=4"},
    {"kings_blood", "players=3"},
};

START_TEST(arrays_may_be_left_out_and_bound_again)
{
    crown_batch *b1, *b2;
    OK(crown_batch_new(&b1, rebound[_i][0], rebound[_i][1], 3, 5, 0, NULL, 0));
    OK(crown_batch_new(&b2, rebound[_i][0], rebound[_i][1], 3, 5, 0, NULL, 0));
    arrays *a = arrays_new(b2);
    OK(crown_batch_reset(b2, 5));
    size_t n = a->n;
    uint8_t *masks = malloc(3 * n);
    int32_t who[3], actions[3];
    memset(masks, 7, 3 * n);
    OK(crown_batch_bind(b1, NULL, masks, who, NULL, NULL, NULL));
    OK(crown_batch_reset(b1, 5));
    for (int t = 0; t < 120; t++) {
        ck_assert_int_eq(memcmp(masks, a->m, 3 * n), 0);
        ck_assert_int_eq(memcmp(who, a->who, sizeof who), 0);
        for (size_t i = 0; i < 3; i++)
            actions[i] = legal_action(a, i, 1);
        OK(crown_batch_step(b1, actions));
        OK(crown_batch_step(b2, actions));
    }
    /* Nothing bound: the games still step. */
    OK(crown_batch_bind(b1, NULL, NULL, NULL, NULL, NULL, NULL));
    memset(masks, 7, 3 * n);
    for (size_t i = 0; i < 3; i++)
        actions[i] = legal_action(a, i, 1);
    OK(crown_batch_step(b1, actions));
    OK(crown_batch_step(b2, actions));
    ck_assert_uint_eq(masks[0], 7);
    /* Bound again, after steps that did not write it. */
    OK(crown_batch_bind(b1, NULL, masks, NULL, NULL, NULL, NULL));
    for (size_t i = 0; i < 3; i++)
        actions[i] = legal_action(a, i, 1);
    OK(crown_batch_step(b1, actions));
    OK(crown_batch_step(b2, actions));
    ck_assert_int_eq(memcmp(masks, a->m, 3 * n), 0);
    free(masks);
    arrays_free(a);
    crown_batch_free(b1);
    crown_batch_free(b2);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("batch");
    TCase *tc = test_case("batch");
    tcase_add_loop_test(tc, a_batch_plays_as_one_game_per_slot, 0, 3 * NSETS);
    tcase_add_test(tc, seeds_reproduce_a_batch);
    tcase_add_test(tc, different_seeds_share_no_game);
    tcase_add_test(tc, one_seed_per_game);
    tcase_add_test(tc, the_rule_before_0_5_0_under_its_old_version);
    tcase_add_loop_test(tc, a_failed_step_changes_nothing, 0, 4);
    tcase_add_loop_test(tc, a_failed_step_on_threads_names_the_first_game, 0, 2);
    tcase_add_test(tc, bad_arguments_are_refused);
    tcase_add_test(tc, options_whose_games_never_decide_are_refused);
    tcase_add_loop_test(tc, arrays_may_be_left_out_and_bound_again, 0, 3);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
