/*
 * test_batch.c - batches (crown.h, "Batches"): a batch plays what one
 * crown_game per slot plays, step by step, for every game (observations,
 * masks, players, rewards, the end flags, autoreset and the seeds rule,
 * episodes over before their first decision, max_steps); the same seed
 * gives the same batch; every error leaves every game and the arrays as
 * they were, with a message naming the game of the batch.
 */
#include "common.h"

/* The reference of one slot: the game crown_new makes for its episode. */
typedef struct slot {
    crown_game *g;
    uint64_t k;      /* its episode since the reset */
    size_t steps;    /* decisions in it */
    double ret[64];  /* the returns after the last step (0 at the start) */
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

/* Slot i's next episode from k on, skipping those over at once; the
 * number skipped. */
static int start(slot *s, const char *name, const char *options, uint64_t seed, size_t size,
                 size_t i)
{
    int skipped = 0;
    for (;;) {
        crown_free(s->g);
        s->g = new_game(name, options, seed + i + s->k * size);
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
    long terminated, truncated, skipped, rewards, steps;
} seen;

/* `steps` steps of a batch of `size` games against one game per slot; the
 * actions are random legal ones drawn from the batch's own masks. */
static seen compare(const char *name, const char *options, size_t size, uint64_t seed,
                    size_t max_steps, int steps)
{
    seen z = {0, 0, 0, 0, 0};
    crown_batch *b = NULL;
    char err[256] = "";
    ck_assert_msg(crown_batch_new(&b, name, options, size, seed, max_steps, err, sizeof err) ==
                      CROWN_OK,
                  "%s %s: %s", name, options, err);
    arrays *a = arrays_new(b);
    ck_assert_uint_eq(a->size, size);
    OK(crown_batch_reset(b, seed));
    slot *s = calloc(size, sizeof *s);
    uint8_t *mask = malloc(a->n);
    float *obs = malloc(a->obs * sizeof *obs);
    int32_t *actions = malloc(size * sizeof *actions);
    ck_assert(s && mask && obs && actions);
    for (size_t i = 0; i < size; i++) {
        z.skipped += start(&s[i], name, options, seed, size, i);
        same_position(a, i, &s[i], mask, obs);
        ck_assert_int_eq(a->term[i] | a->trunc[i], 0);
        for (int p = 0; p < a->players; p++)
            ck_assert(a->r[i * (size_t)a->players + (size_t)p] == 0.0f);
    }
    trng r = {seed};
    for (int t = 0; t < steps; t++) {
        for (size_t i = 0; i < size; i++) {
            size_t legal[4096], k = 0;
            for (size_t j = 0; j < a->n && k < 4096; j++)
                if (a->m[i * a->n + j])
                    legal[k++] = j;
            ck_assert_uint_gt(k, 0);
            actions[i] = (int32_t)legal[trng_below(&r, k)];
        }
        OK(crown_batch_step(b, actions));
        for (size_t i = 0; i < size; i++) {
            slot *si = &s[i];
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
            int over = terminal(si->g);
            int cut = !over && max_steps && si->steps >= max_steps;
            ck_assert_int_eq(a->term[i], over);
            ck_assert_int_eq(a->trunc[i], cut);
            z.terminated += over;
            z.truncated += cut;
            if (over || cut) {
                si->k++;
                z.skipped += start(si, name, options, seed, size, i);
            }
            same_position(a, i, si, mask, obs);
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
    free(obs);
    free(actions);
    arrays_free(a);
    crown_batch_free(b);
    return z;
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
    /* seed 82 (slot 2's first episode) is a deal that ends before the
     * first decision */
    {"kings_family", "", 8, 80, 0, 150},
    {"kings_family", "max_moves=40", 3, 5, 25, 120},
    {"kings_blood", "players=3", 4, 3, 0, 400},
    {"kings_blood", "players=4,advanced=on", 3, 21, 70, 200},
    {"kings_blood", "players=2,match=on,target=40", 3, 9, 0, 300},
    {"blood_bound", "players=8", 6, 2, 0, 300},
    {"blood_bound", "players=11", 4, 4, 120, 400},
};
#define NSETS (int)(sizeof sets / sizeof sets[0])

START_TEST(a_batch_plays_as_one_game_per_slot)
{
    seen z = compare(sets[_i].name, sets[_i].options, sets[_i].size, sets[_i].seed,
                     sets[_i].max_steps, scaled(sets[_i].steps));
    /* The comparison saw games end (and be cut at max_steps) and rewards. */
    if (scaled(100) == 100) {
        ck_assert_int_gt(z.terminated, 0);
        ck_assert_int_gt(z.rewards, 0);
        if (sets[_i].max_steps)
            ck_assert_int_gt(z.truncated, 0);
    }
    if (sets[_i].seed == 80)
        ck_assert_int_gt(z.skipped, 0);
}
END_TEST

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
    /* Slot i of seed s starts as slot i + 1 of seed s - 1. */
    OK(crown_batch_reset(b1, 100));
    OK(crown_batch_reset(b2, 99));
    for (size_t i = 0; i + 1 < a1->size; i++) {
        ck_assert_int_eq(memcmp(a1->o + i * a1->obs, a2->o + (i + 1) * a2->obs,
                                a1->obs * sizeof(float)),
                         0);
        ck_assert_int_eq(memcmp(a1->m + i * a1->n, a2->m + (i + 1) * a2->n, a1->n), 0);
    }
    arrays_free(a1);
    arrays_free(a2);
    crown_batch_free(b1);
    crown_batch_free(b2);
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

/* The first legal and the first illegal action of game i. */
static int32_t legal_action(const arrays *a, size_t i, int legal)
{
    for (size_t j = 0; j < a->n; j++)
        if ((a->m[i * a->n + j] != 0) == legal)
            return (int32_t)j;
    ck_abort_msg("no such action");
    return -1;
}

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
    /* Not legal: in game 2 (games 0 and 1 are played first, and taken
     * back), with the move's text and why, as crown_apply says it. */
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
    tcase_add_loop_test(tc, a_batch_plays_as_one_game_per_slot, 0, NSETS);
    tcase_add_test(tc, seeds_reproduce_a_batch);
    tcase_add_loop_test(tc, a_failed_step_changes_nothing, 0, 4);
    tcase_add_test(tc, bad_arguments_are_refused);
    tcase_add_test(tc, options_whose_games_never_decide_are_refused);
    tcase_add_loop_test(tc, arrays_may_be_left_out_and_bound_again, 0, 3);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
