/*
 * fuzz_search.c - the search driven by the input.  First byte even: the
 * rest is a parameters text; crown_search_new accepts it or refuses it
 * with CROWN_EOPTION and a message, and an accepted text prints back as a
 * canonical text that reads back as itself.  Odd: an option set, a seed,
 * then rounds of a few random moves and a run of a search whose small
 * parameters come from the bytes (iterations 1-64, threads 1-3, a pool of
 * 0-8 determinizations, exploration, playout, reuse, nodes 1-200), at a
 * position of any kind (a chance node and the end are refused with
 * CROWN_ESTATE).  Promises: no crash; a run never changes the game (its
 * saved text, state hash and undo depth); a run's move is legal, its
 * statistics list the legal moves and their visits sum to the iterations
 * (0 for a single legal move), or more with a reused tree.
 */
#include "fuzz.h"

static void check_params(fz_bytes *in)
{
    char *text = fz_rest(in);
    crown_search *s = NULL;
    char err[256] = "";
    int rc = crown_search_new(&s, text, err, sizeof err);
    if (rc != CROWN_OK) {
        FZ_CHECK(rc == CROWN_EOPTION && s == NULL && err[0] != '\0');
        free(text);
        return;
    }
    char canon[512], again[512];
    size_t len;
    FZ_CHECK(crown_search_params(s, canon, sizeof canon, &len) == CROWN_OK);
    crown_search *t = NULL;
    FZ_CHECK(crown_search_new(&t, canon, err, sizeof err) == CROWN_OK);
    FZ_CHECK(crown_search_params(t, again, sizeof again, &len) == CROWN_OK);
    FZ_CHECK(strcmp(canon, again) == 0);
    crown_search_free(t);
    crown_search_free(s);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes in = {data, size};
    if (fz_byte(&in) % 2 == 0) {
        check_params(&in);
        return 0;
    }
    size_t c = fz_byte(&in) % FZ_NCONFIGS;
    crown_game *g = NULL;
    FZ_CHECK(crown_new(&g, fz_configs[c][0], fz_configs[c][1], fz_u64(&in)) == CROWN_OK);
    char params[256];
    unsigned b[8];
    for (int i = 0; i < 8; i++)
        b[i] = fz_byte(&in);
    snprintf(params, sizeof params,
             "iterations=%u,threads=%u,determinizations=%u,exploration=%u.%u,playout=%s,"
             "reuse=%u,nodes=%u",
             1 + b[0] % 64, 1 + b[1] % 3, b[2] % 9, b[3] % 4, b[4] % 10,
             b[5] % 2 ? "rule" : "uniform", b[6] % 2, 1 + b[7] % 200);
    crown_search *s = NULL;
    FZ_CHECK(crown_search_new(&s, params, NULL, 0) == CROWN_OK);
    for (int round = 0; round < 6 && in.n > 0; round++) {
        fz_play(g, fz_byte(&in) % 8, fz_u64(&in));
        /* With chance=explicit, sometimes resolve the chance nodes first. */
        int who = 0;
        FZ_CHECK(crown_current_player(g, &who) == CROWN_OK);
        if (who == CROWN_CHANCE && fz_byte(&in) % 2)
            fz_play(g, 40, 7);
        FZ_CHECK(crown_current_player(g, &who) == CROWN_OK);
        fz_snap before = fz_take(g);
        crown_move move = -1;
        int rc = crown_search_run(s, g, fz_u64(&in), &move);
        fz_same(g, &before);
        fz_drop(&before);
        if (who < 0) {
            FZ_CHECK(rc == CROWN_ESTATE && move == -1);
            FZ_CHECK(crown_search_last_error(s)[0] != '\0');
            continue;
        }
        FZ_CHECK(rc == CROWN_OK);
        crown_move legal[4096], moves[4096];
        uint64_t visits[4096], iterations = 0, sum = 0;
        size_t n, k;
        FZ_CHECK(crown_legal_moves(g, legal, 4096, &n) == CROWN_OK);
        FZ_CHECK(crown_search_stats(s, moves, visits, NULL, 4096, &k) == CROWN_OK);
        FZ_CHECK(k == n && memcmp(moves, legal, n * sizeof *legal) == 0);
        FZ_CHECK(crown_search_totals(s, &iterations, NULL, NULL) == CROWN_OK);
        int found = 0;
        for (size_t i = 0; i < n; i++) {
            sum += visits[i];
            found |= legal[i] == move;
        }
        FZ_CHECK(found);
        FZ_CHECK(n == 1 ? iterations == 0 : iterations == 1 + b[0] % 64);
        /* (a reused tree keeps the visits it had) */
        FZ_CHECK(b[6] % 2 ? sum >= iterations : sum == iterations);
        if (fz_byte(&in) % 3 == 0)
            FZ_CHECK(crown_apply(g, move) == CROWN_OK);
    }
    crown_search_free(s);
    crown_free(g);
    return 0;
}
