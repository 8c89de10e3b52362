/*
 * chance.c - chance nodes: the handle's own draw of an outcome (chance=auto,
 * from the seed and the index of the chance node, by the game's weights),
 * and crown_chance_outcomes, the outcomes with their probabilities.  The
 * handle settles chance=auto after every move in moves.c (where a game's
 * own run of draws, chance_run, is recorded).
 */
#include "core.h"

/* Picks the outcome of the current chance node from (seed, chance index). */
crown_move crown_draw_outcome(crown_game *g)
{
    if (g->rules->chance_nth) {
        size_t n = g->rules->chance_count(g->config, g->state);
        size_t k = (size_t)crown_chance_place(g->seed, g->nchance, n);
        return g->rules->chance_nth(g->config, g->state, k);
    }
    size_t n = crown_gen_legal(g);
    if (!g->rules->chance_weights)
        return g->scratch[crown_chance_place(g->seed, g->nchance, n)];
    g->rules->chance_weights(g->config, g->state, g->weights);
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++)
        total += g->weights[i];
    uint64_t x = crown_chance_place(g->seed, g->nchance, total);
    size_t k = 0;
    for (; k + 1 < n && x >= g->weights[k]; k++)
        x -= g->weights[k];
    return g->scratch[k];
}

CROWN_EXPORT int crown_chance_outcomes(crown_game *g, crown_move *moves, double *probabilities,
                                       size_t cap, size_t *count)
{
    CHECK_GAME(g);
    CHECK_ARG(g, count);
    if (crown_current(g) != CROWN_CHANCE)
        return crown_fail(g, CROWN_ESTATE, "not a chance node");
    size_t n = crown_gen_legal(g);
    *count = n;
    if (n > cap)
        return crown_fail(g, CROWN_ETOOSMALL, "buffer too small: %zu outcomes needed", n);
    uint64_t total = n;
    if (g->rules->chance_weights) {
        g->rules->chance_weights(g->config, g->state, g->weights);
        total = 0;
        for (size_t i = 0; i < n; i++)
            total += g->weights[i];
    }
    for (size_t i = 0; i < n; i++) {
        if (moves)
            moves[i] = g->scratch[i];
        if (probabilities) {
            double w = g->rules->chance_weights ? (double)g->weights[i] : 1.0;
            probabilities[i] = w / (double)total;
        }
    }
    return CROWN_OK;
}
