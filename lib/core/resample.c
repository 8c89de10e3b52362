/*
 * resample.c - crown_resample: a new handle with the decisions of a game
 * and, in place of the chance outcomes hidden from a viewer, outcomes
 * redrawn consistent with what the viewer has seen (the game's resample).
 */
#include <stdlib.h>
#include <string.h>

#include "core.h"

CROWN_EXPORT int crown_resample(crown_game *g, int viewer, uint64_t seed, crown_game **out)
{
    CHECK_GAME(g);
    CHECK_ARG(g, out);
    *out = NULL;
    if (crown_check_viewer(g, viewer))
        return CROWN_EINVAL;
    size_t ss = g->rules->state_size;
    crown_move *moves = malloc((g->n ? g->n : 1) * sizeof *moves);
    crown_move *hist = malloc((g->n ? g->n : 1) * sizeof *hist);
    void *scratch = malloc(2 * ss);
    crown_game *c = NULL;
    crown_err err = {{0}};
    int rc = CROWN_OK;
    if (!moves || !hist || !scratch) {
        crown_errf(&err, "out of memory");
        rc = CROWN_ENOMEM;
        goto done;
    }
    crown_copy_moves(g, hist);
    if (viewer == CROWN_OMNISCIENT) {
        memcpy(moves, hist, g->n * sizeof *moves);
    } else {
        crown_rng rng;
        crown_rng_seed(&rng, seed, 0x726573616d706c65ULL);
        rc = g->rules->resample(g->config, hist, g->n, viewer, &rng, moves, scratch);
        if (rc) {
            crown_errf(&err, "resampling failed");
            goto done;
        }
    }
    if ((rc = crown_game_create(&c, g->rules, &g->opts, g->explicit_chance, seed, &err)))
        goto done;
    rc = crown_game_replay(c, moves, g->n, &err);
    if (rc && rc != CROWN_ENOMEM) {
        crown_err e2 = err;
        crown_errf(&err, "resampled history does not replay: %s", e2.msg);
        rc = CROWN_EINTERNAL;
    }
done:
    free(moves);
    free(hist);
    free(scratch);
    if (rc) {
        crown_free(c);
        return crown_fail_err(g, rc, &err);
    }
    *out = c;
    return CROWN_OK;
}
