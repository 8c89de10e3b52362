/*
 * fuzz_batch.c - the batch API driven by the input: a batch of one option
 * set (chance=auto ones), 1 to 6 games, then calls chosen byte by byte:
 * steps with legal actions, with actions out of range or illegal in some
 * game, or garbage for games at their end; resets of every kind; the
 * autoreset mode (any int); threads (0 to 3, and refused counts); arrays
 * bound, unbound and the final ones; episode seeds and games of any index.
 * Promises: no crash; a refused step changes no array and no game (their
 * state hashes); a game of the batch is always at a decision in same-step
 * mode; crown_batch_game's game is the slot's (its seed, its player to
 * move, its observation).
 */
#include "fuzz.h"

enum { MAXG = 6 };

typedef struct fz_arrays {
    float *obs, *fobs;
    uint8_t *mask, *term, *trunc;
    int32_t *who, *fwho;
    float *rew;
    size_t bytes[8];
} fz_arrays;

static void hashes(crown_batch *b, size_t size, uint64_t *out)
{
    for (size_t i = 0; i < size; i++) {
        crown_game *g = NULL;
        int rc = crown_batch_game(b, i, &g);
        FZ_CHECK(rc == CROWN_OK || rc == CROWN_ENOMEM);
        out[i] = 0;
        if (g)
            FZ_CHECK(crown_state_hash(g, &out[i]) == CROWN_OK);
        crown_free(g);
    }
}

/* A copy of the arrays' bytes (obs, mask, who, rewards, flags). */
static unsigned char *copy_arrays(const fz_arrays *a, size_t *len)
{
    void *src[6] = {a->obs, a->mask, a->who, a->rew, a->term, a->trunc};
    size_t total = 0;
    for (int k = 0; k < 6; k++)
        total += a->bytes[k];
    unsigned char *c = malloc(total ? total : 1), *p = c;
    FZ_CHECK(c != NULL);
    for (int k = 0; k < 6; k++) {
        memcpy(p, src[k], a->bytes[k]);
        p += a->bytes[k];
    }
    *len = total;
    return c;
}

/* Action of game i: a legal one (by `pick`), or, when `bad`, a byte's. */
static int32_t action_of(const fz_arrays *a, size_t n, size_t i, unsigned pick)
{
    size_t start = (size_t)pick * 2654435761u % n;
    for (size_t k = 0; k < n; k++) {
        size_t j = (start + k) % n;
        if (a->mask[i * n + j])
            return (int32_t)j;
    }
    return -1; /* (at its end) */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes in = {data, size};
    size_t c = fz_byte(&in) % FZ_NCONFIGS;
    if (strstr(fz_configs[c][1], "chance=explicit"))
        c = 0; /* (refused by a batch: tested by test_batch) */
    size_t games = 1 + fz_byte(&in) % MAXG;
    uint64_t seed = fz_u64(&in);
    crown_batch *b = NULL;
    char err[256];
    int rc = crown_batch_new(&b, fz_configs[c][0], fz_configs[c][1], games, seed,
                             fz_byte(&in) % 40, err, sizeof err);
    FZ_CHECK(rc == CROWN_OK && b != NULL);
    size_t n = 0, obs = 0;
    int players = 0;
    FZ_CHECK(crown_batch_num_actions(b, &n) == CROWN_OK);
    FZ_CHECK(crown_batch_observation_size(b, &obs) == CROWN_OK);
    FZ_CHECK(crown_batch_num_players(b, &players) == CROWN_OK);
    fz_arrays a;
    a.bytes[0] = games * obs * sizeof(float);
    a.bytes[1] = games * n;
    a.bytes[2] = games * sizeof(int32_t);
    a.bytes[3] = games * (size_t)players * sizeof(float);
    a.bytes[4] = a.bytes[5] = games;
    a.obs = malloc(a.bytes[0]);
    a.mask = malloc(a.bytes[1]);
    a.who = malloc(a.bytes[2]);
    a.rew = malloc(a.bytes[3]);
    a.term = malloc(games);
    a.trunc = malloc(games);
    a.fobs = malloc(a.bytes[0]);
    a.fwho = malloc(a.bytes[2]);
    FZ_CHECK(a.obs && a.mask && a.who && a.rew && a.term && a.trunc && a.fobs && a.fwho);
    FZ_CHECK(crown_batch_bind(b, a.obs, a.mask, a.who, a.rew, a.term, a.trunc) == CROWN_OK);
    FZ_CHECK(crown_batch_reset(b, seed) == CROWN_OK);
    int mode = CROWN_AUTORESET_SAME_STEP;
    int32_t actions[MAXG];
    uint64_t seeds[MAXG], before[MAXG], after[MAXG];
    uint8_t mask[MAXG];
    for (int op = 0; op < 200 && in.n > 0; op++) {
        unsigned k = fz_byte(&in);
        switch (k % 10) {
        case 0: case 1: case 2: case 3: { /* a legal step */
            for (size_t i = 0; i < games; i++)
                actions[i] = action_of(&a, n, i, fz_byte(&in));
            FZ_CHECK(crown_batch_step(b, actions) == CROWN_OK);
            if (mode == CROWN_AUTORESET_SAME_STEP)
                for (size_t i = 0; i < games; i++)
                    FZ_CHECK(a.who[i] >= 0 && a.who[i] < players);
            break;
        }
        case 4: { /* a step with one bad action: refused, nothing changes */
            size_t bad = fz_byte(&in) % games;
            for (size_t i = 0; i < games; i++)
                actions[i] = action_of(&a, n, i, fz_byte(&in));
            if (actions[bad] < 0)
                break; /* (a game at its end ignores its action) */
            int32_t v = (int32_t)(fz_u64(&in) & 0xffffffffu);
            if (v >= 0 && (size_t)v < n && a.mask[bad * n + (size_t)v])
                break; /* (legal after all) */
            actions[bad] = v;
            size_t len;
            unsigned char *copy = copy_arrays(&a, &len), *now;
            hashes(b, games, before);
            FZ_CHECK(crown_batch_step(b, actions) == CROWN_EILLEGAL);
            FZ_CHECK(strstr(crown_batch_last_error(b), "game ") != NULL);
            now = copy_arrays(&a, &len);
            FZ_CHECK(memcmp(copy, now, len) == 0);
            hashes(b, games, after);
            FZ_CHECK(memcmp(before, after, games * sizeof *before) == 0);
            free(copy);
            free(now);
            break;
        }
        case 5: /* resets */
            switch (fz_byte(&in) % 3) {
            case 0:
                FZ_CHECK(crown_batch_reset(b, fz_u64(&in)) == CROWN_OK);
                break;
            case 1:
                for (size_t i = 0; i < games; i++)
                    seeds[i] = fz_u64(&in);
                FZ_CHECK(crown_batch_reset_seeds(b, seeds) == CROWN_OK);
                break;
            default: {
                unsigned m = fz_byte(&in);
                int with = m & 0x80;
                for (size_t i = 0; i < games; i++) {
                    mask[i] = (uint8_t)(m >> i & 1);
                    seeds[i] = fz_u64(&in);
                }
                FZ_CHECK(crown_batch_reset_masked(b, mask, with ? seeds : NULL) == CROWN_OK);
            }
            }
            break;
        case 6: { /* the mode, any int */
            int want = (int)(int8_t)fz_byte(&in);
            rc = crown_batch_set_autoreset(b, want);
            FZ_CHECK(rc == (want >= 0 && want <= 2 ? CROWN_OK : CROWN_EINVAL));
            if (!rc)
                mode = want;
            break;
        }
        case 7: { /* threads */
            int t = (int)fz_byte(&in) % 5 - 1; /* -1 .. 3 */
            rc = crown_batch_set_threads(b, t);
            FZ_CHECK(rc == (t < 0 ? CROWN_EINVAL : CROWN_OK) || rc == CROWN_ENOMEM);
            break;
        }
        case 8: { /* final arrays bound or not; the arrays unbound and bound again */
            unsigned w = fz_byte(&in);
            FZ_CHECK(crown_batch_bind_final(b, w & 1 ? a.fobs : NULL, w & 2 ? a.fwho : NULL) ==
                     CROWN_OK);
            if (w & 4) {
                FZ_CHECK(crown_batch_bind(b, NULL, NULL, NULL, NULL, NULL, NULL) == CROWN_OK);
                for (size_t i = 0; i < games; i++)
                    actions[i] = action_of(&a, n, i, fz_byte(&in));
                /* (the arrays, not written, still show the positions) */
                FZ_CHECK(crown_batch_step(b, actions) == CROWN_OK);
                FZ_CHECK(crown_batch_bind(b, a.obs, a.mask, a.who, a.rew, a.term, a.trunc) ==
                         CROWN_OK);
                FZ_CHECK(crown_batch_reset(b, seed) == CROWN_OK);
            }
            break;
        }
        default: { /* episode seeds and games, any index */
            size_t i = fz_byte(&in) % (games + 2);
            uint64_t s;
            crown_game *g = NULL;
            rc = crown_batch_episode_seed(b, i, &s);
            FZ_CHECK(rc == (i < games ? CROWN_OK : CROWN_EINVAL));
            rc = crown_batch_game(b, i, &g);
            FZ_CHECK(rc == (i < games ? CROWN_OK : CROWN_EINVAL) && (g != NULL) == (rc == 0));
            if (g) {
                /* The slot's game: its seed, and at a decision its
                 * observation is the batch's. */
                uint64_t gs;
                FZ_CHECK(crown_seed(g, &gs) == CROWN_OK && gs == s);
                int p;
                FZ_CHECK(crown_current_player(g, &p) == CROWN_OK);
                /* (a game left at its end by max_steps is not over) */
                FZ_CHECK(p == a.who[i] || (a.who[i] == CROWN_TERMINAL && a.trunc[i]));
                if (p == a.who[i] && p >= 0) {
                    float *t = malloc(obs * sizeof *t);
                    size_t m;
                    FZ_CHECK(t != NULL);
                    FZ_CHECK(crown_observation_tensor(g, p, t, obs, &m) == CROWN_OK);
                    FZ_CHECK(memcmp(t, a.obs + i * obs, obs * sizeof *t) == 0);
                    free(t);
                }
                crown_free(g);
            }
        }
        }
    }
    crown_batch_free(b);
    free(a.obs);
    free(a.mask);
    free(a.who);
    free(a.rew);
    free(a.term);
    free(a.trunc);
    free(a.fobs);
    free(a.fwho);
    return 0;
}
