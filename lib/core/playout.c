/*
 * playout.c - random playouts inside the library (crown_playout,
 * crown_playouts), played in the handle's playout block: the game's state
 * and history are left as they are.
 */
#include <string.h>

#include "core.h"

int crown_play_to_end(const crown_rules *r, const void *config, void *state, crown_pick *pick,
                      crown_move *list, uint32_t *weights, int rule)
{
    crown_move (*by_rule)(const void *, const void *, crown_pick *, crown_move *) =
        rule ? r->playout_pick : NULL;
    for (;;) {
        int who = r->current(config, state);
        if (who == CROWN_TERMINAL)
            return 0;
        crown_move m;
        if (who == CROWN_CHANCE) {
            m = crown_pick_chance(r, config, state, pick, list, weights);
            if (m < 0)
                return -1;
        } else if (by_rule) {
            m = by_rule(config, state, pick, list);
        } else if (r->legal_pick) {
            m = r->legal_pick(config, state, pick);
            if (pick->n == 0)
                return -1;
        } else {
            size_t n = r->legal(config, state, list);
            if (n == 0)
                return -1;
            m = list[crown_pick_place(pick, n)];
        }
        r->apply(config, state, m);
    }
}

/* One random playout on the handle's playout block, from the current state;
 * the returns at its end in out.  The game's state and history are not
 * touched; the cached legal moves are (their buffer is reused). */
static int run_playout(crown_game *g, uint64_t seed, double *out)
{
    const crown_rules *r = g->rules;
    crown_rng rng;
    crown_rng_seed(&rng, seed, 0x706c61796f7574ULL); /* its own stream: "playout" */
    /* Every draw is crown_rng_below's, with the generator's next output
     * computed ahead, while the game lists its moves. */
    crown_pick pick = {&rng, crown_rng_next(&rng), 0, 0, g->scratch};
    memcpy(g->pstate, g->state, r->state_size);
    g->legal_valid = g->kept = 0; /* the scratch list is reused */
    if (crown_play_to_end(r, g->config, g->pstate, &pick, g->scratch, g->weights, 0))
        return crown_fail(g, CROWN_EINTERNAL, "internal error: a state with no legal move");
    r->returns(g->config, g->pstate, out);
    return CROWN_OK;
}

CROWN_EXPORT int crown_playouts(crown_game *g, uint64_t seed, size_t n, double *mean_returns,
                                size_t cap, size_t *count)
{
    int rc = crown_check_seat_buffer(g, mean_returns, cap, count);
    if (rc)
        return rc;
    if (n == 0)
        return crown_fail(g, CROWN_EINVAL, "invalid argument: no playout asked for");
    double sum[64] = {0}, one[64];
    for (size_t i = 0; i < n; i++) {
        rc = run_playout(g, seed + i, one);
        if (rc)
            return rc;
        for (int p = 0; p < g->players; p++)
            sum[p] += one[p];
    }
    for (int p = 0; p < g->players; p++)
        mean_returns[p] = sum[p] / (double)n;
    return CROWN_OK;
}

CROWN_EXPORT int crown_playout(crown_game *g, uint64_t seed, double *returns, size_t cap,
                               size_t *count)
{
    return crown_playouts(g, seed, 1, returns, cap, count);
}
