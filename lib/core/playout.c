/*
 * playout.c - random playouts inside the library (crown_playout,
 * crown_playouts), played in the handle's playout block: the game's state
 * and history are left as they are.
 */
#include <string.h>

#include "core.h"

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
    for (;;) {
        int who = r->current(g->config, g->pstate);
        if (who == CROWN_TERMINAL)
            break;
        if (who == CROWN_CHANCE && r->chance_nth) {
            size_t n = r->chance_count(g->config, g->pstate);
            r->apply(g->config, g->pstate,
                     r->chance_nth(g->config, g->pstate, (size_t)crown_pick_place(&pick, n)));
            continue;
        }
        if (who != CROWN_CHANCE && r->legal_pick) {
            crown_move m = r->legal_pick(g->config, g->pstate, &pick);
            if (pick.n == 0)
                return crown_fail(g, CROWN_EINTERNAL, "internal error: a state with no legal move");
            r->apply(g->config, g->pstate, m);
            continue;
        }
        size_t n = r->legal(g->config, g->pstate, g->scratch);
        if (n == 0)
            return crown_fail(g, CROWN_EINTERNAL, "internal error: a state with no legal move");
        size_t k;
        if (who == CROWN_CHANCE && r->chance_weights) {
            r->chance_weights(g->config, g->pstate, g->weights);
            uint64_t total = 0;
            for (size_t i = 0; i < n; i++)
                total += g->weights[i];
            uint64_t x = crown_pick_place(&pick, total);
            for (k = 0; k + 1 < n && x >= g->weights[k]; k++)
                x -= g->weights[k];
        } else {
            k = (size_t)crown_pick_place(&pick, n);
        }
        r->apply(g->config, g->pstate, g->scratch[k]);
    }
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
