/*
 * bot.c - crown-play: the bots, the seats no person plays: their levels
 * (random moves, or the library's search with the parameters of a level),
 * and a bot's move.
 *
 * Every level searches a number of iterations, never a time, and each run
 * is seeded from the program's seed, the seat and the moves played: the
 * same game, options, seed, level and input give the same game on every
 * machine.  Each seat keeps one search for the whole game, so that its tree
 * is reused from one of its moves to the next.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

/* The levels, weakest first: a name and the search's parameters (NULL:
 * random moves).  The man page gives the strength measured of each. */
static const struct {
    const char *name, *params;
} levels[] = {
    {"random", NULL},
    {"easy", "iterations=200"},
    {"normal", "iterations=2000"},
    {"hard", "iterations=20000"},
};
#define NLEVELS (sizeof levels / sizeof levels[0])

#define SEARCH_PREFIX "search:"

const char *const play_default_level = "normal";

/* splitmix64's step: the random bots' generator, and the runs' seeds. */
static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void play_list_levels(char *buf, size_t cap)
{
    size_t at = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < NLEVELS && at < cap; i++)
        at += (size_t)snprintf(buf + at, cap - at, "%s%s", i ? ", " : "", levels[i].name);
}

int play_bots_init(struct play_bots *b, const char *level, uint64_t seed, char *err, size_t cap)
{
    memset(b, 0, sizeof *b);
    b->level = level;
    b->seed = seed;
    b->random = seed ^ 0xb07b07b07ULL;
    size_t i = 0;
    while (i < NLEVELS && strcmp(levels[i].name, level) != 0)
        i++;
    if (i < NLEVELS) {
        b->named = 1;
        b->params = levels[i].params;
    } else if (strncmp(level, SEARCH_PREFIX, strlen(SEARCH_PREFIX)) == 0) {
        b->params = level + strlen(SEARCH_PREFIX);
    } else {
        char names[128];
        play_list_levels(names, sizeof names);
        snprintf(err, cap, "--bot '%s': no such level (the levels: %s; or search:PARAMS)", level,
                 names);
        return -1;
    }
    /* The parameters are checked now, before any game: a search made and
     * freed. */
    if (b->params) {
        crown_search *s;
        char why[256];
        if (crown_search_new(&s, b->params, why, sizeof why) != CROWN_OK) {
            snprintf(err, cap, "--bot '%s': %s", level, why);
            return -1;
        }
        crown_search_free(s);
    }
    return 0;
}

int play_bot_move(struct play_bots *b, crown_game *g, int seat, const crown_move *moves, size_t n,
                  crown_move *m)
{
    /* A random bot, and every bot at a chance node (chance=explicit): a
     * legal move drawn uniformly, as crown-play always did. */
    if (!b->params || seat < 0 || seat >= CROWN_MAX_PLAYERS) {
        *m = moves[next(&b->random) % n];
        return 0;
    }
    crown_search **s = &b->search[seat];
    if (!*s) {
        char why[256];
        if (crown_search_new(s, b->params, why, sizeof why) != CROWN_OK) {
            fprintf(stderr, "crown-play: the search of seat %d: %s\n", seat, why);
            return -1;
        }
    }
    /* The run's seed: the program's, the seat and the moves played so far. */
    size_t hist = 0;
    crown_history_length(g, &hist);
    uint64_t state = b->seed ^ 0x5ea2c4b075ULL, run_seed = next(&state);
    state = run_seed ^ ((uint64_t)hist * CROWN_MAX_PLAYERS + (uint64_t)seat);
    run_seed = next(&state);
    if (crown_search_run(*s, g, run_seed, m) != CROWN_OK) {
        fprintf(stderr, "crown-play: the search of seat %d: %s\n", seat,
                crown_search_last_error(*s));
        return -1;
    }
    return 0;
}

void play_bots_free(struct play_bots *b)
{
    for (int i = 0; i < CROWN_MAX_PLAYERS; i++) {
        crown_search_free(b->search[i]);
        b->search[i] = NULL;
    }
}
