/*
 * facts.c - facts about a game and its state: its name, game string, seed
 * and players, whose turn it is and whether the game is over, the bound on
 * legal moves, the returns and scores, and the state's hash.
 */
#include <string.h>

#include "core.h"

CROWN_EXPORT const char *crown_name(const crown_game *g)
{
    return g ? g->rules->name : NULL;
}

void crown_put_game_string(const crown_game *g, crown_buf *b)
{
    crown_buf_puts(b, g->rules->name);
    crown_buf_putc(b, ':');
    crown_format_options(g->rules, &g->opts, g->explicit_chance, b);
}

CROWN_EXPORT int crown_game_string(crown_game *g, char *buf, size_t cap, size_t *len)
{
    CHECK_GAME(g);
    CHECK_ARG(g, len);
    crown_buf b;
    crown_buf_init(&b, buf, cap);
    crown_put_game_string(g, &b);
    return crown_finish_text(g, &b, len);
}

CROWN_EXPORT int crown_seed(crown_game *g, uint64_t *seed)
{
    CHECK_GAME(g);
    CHECK_ARG(g, seed);
    *seed = g->seed;
    return CROWN_OK;
}

CROWN_EXPORT int crown_num_players(crown_game *g, int *players)
{
    CHECK_GAME(g);
    CHECK_ARG(g, players);
    *players = g->players;
    return CROWN_OK;
}

CROWN_EXPORT int crown_current_player(crown_game *g, int *player)
{
    CHECK_GAME(g);
    CHECK_ARG(g, player);
    *player = crown_current(g);
    return CROWN_OK;
}

CROWN_EXPORT int crown_is_terminal(crown_game *g, int *terminal)
{
    CHECK_GAME(g);
    CHECK_ARG(g, terminal);
    *terminal = crown_current(g) == CROWN_TERMINAL;
    return CROWN_OK;
}

CROWN_EXPORT int crown_truncated(crown_game *g, int *truncated)
{
    CHECK_GAME(g);
    CHECK_ARG(g, truncated);
    *truncated = g->rules->truncated && crown_current(g) == CROWN_TERMINAL &&
                 g->rules->truncated(g->config, g->state);
    return CROWN_OK;
}

CROWN_EXPORT int crown_max_moves(crown_game *g, size_t *max_moves)
{
    CHECK_GAME(g);
    CHECK_ARG(g, max_moves);
    *max_moves = g->rules->max_moves;
    return CROWN_OK;
}

/* Checks a caller's buffer of one value per seat; sets *count. */
int crown_check_seat_buffer(crown_game *g, double *out, size_t cap, size_t *count)
{
    CHECK_GAME(g);
    CHECK_ARG(g, count);
    if (!out && cap > 0)
        return crown_fail(g, CROWN_EINVAL, "invalid argument: buffer is NULL with cap > 0");
    *count = (size_t)g->players;
    if ((size_t)g->players > cap)
        return crown_fail(g, CROWN_ETOOSMALL, "buffer too small: %d values needed", g->players);
    return CROWN_OK;
}

static int per_seat(crown_game *g, double *out, size_t cap, size_t *count,
                    void (*fn)(const void *, const void *, double *))
{
    int rc = crown_check_seat_buffer(g, out, cap, count);
    if (rc)
        return rc;
    double tmp[64];
    fn(g->config, g->state, tmp);
    memcpy(out, tmp, (size_t)g->players * sizeof *out);
    return CROWN_OK;
}

CROWN_EXPORT int crown_returns(crown_game *g, double *returns, size_t cap, size_t *count)
{
    return per_seat(g, returns, cap, count, g ? g->rules->returns : NULL);
}

CROWN_EXPORT int crown_scores(crown_game *g, double *scores, size_t cap, size_t *count)
{
    return per_seat(g, scores, cap, count, g ? g->rules->scores : NULL);
}

CROWN_EXPORT int crown_state_hash(crown_game *g, uint64_t *hash)
{
    CHECK_GAME(g);
    CHECK_ARG(g, hash);
    const unsigned char *p = g->state;
    size_t n = g->rules->state_size;
    uint64_t h = 0x84222325cbf29ce4ULL ^ n;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = crown_mix64(h ^ w);
    }
    uint64_t w = 0;
    memcpy(&w, p + i, n - i);
    *hash = crown_mix64(h ^ w ^ ((uint64_t)(n - i) << 56));
    return CROWN_OK;
}
