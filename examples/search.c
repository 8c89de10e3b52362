/*
 * search.c - a bot that searches: the library's search (crown.h, "Search,
 * for bots") against a random player in two-player Game of Kingdoms, ten
 * games, the search at seat 0 then at seat 1 of each of five deals.  It
 * prints, for its first decision, each legal move with the visits the
 * search gave it and the mean return it found, then the games it won.
 * One search serves the bot for a whole game, so that each run starts from
 * the tree the last one grew.  Build it against the installed library:
 *
 *     cc search.c $(pkg-config --cflags --libs crown) -o search
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <crown/crown.h>

#define GAMES 10

/* The random player's generator (splitmix64). */
static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* What the search saw at the root of its last run: each move, its visits
 * and its mean return for the seat that searched. */
static void print_root(crown_search *s, crown_game *g)
{
    uint64_t iterations;
    size_t n;
    /* The number of moves first (no room given: CROWN_ETOOSMALL), then
     * room for them. */
    int rc = crown_search_stats(s, NULL, NULL, NULL, 0, &n);
    if ((rc != CROWN_OK && rc != CROWN_ETOOSMALL) ||
        crown_search_totals(s, &iterations, NULL, NULL) != CROWN_OK)
        return;
    crown_move *moves = malloc(n * sizeof *moves);
    uint64_t *visits = malloc(n * sizeof *visits);
    double *means = malloc(n * sizeof *means);
    if (moves && visits && means &&
        crown_search_stats(s, moves, visits, means, n, &n) == CROWN_OK) {
        printf("the search's first decision, %llu iterations:\n", (unsigned long long)iterations);
        for (size_t i = 0; i < n; i++) {
            char text[256];
            size_t len;
            if (crown_move_to_text(g, moves[i], text, sizeof text, &len) != CROWN_OK)
                snprintf(text, sizeof text, "move %ld", (long)moves[i]);
            printf("  %-20s %5llu visits, mean return %+.3f\n", text,
                   (unsigned long long)visits[i], means[i]);
        }
    }
    free(moves);
    free(visits);
    free(means);
}

/* One game, the search at seat `bot`, a random player at the other: the
 * bot's return, or -2 on a failure (its message printed). */
static double play(crown_search *s, uint64_t seed, int bot, int verbose)
{
    crown_game *g;
    char err[256];
    if (crown_new_ex(&g, "game_of_kingdoms", "players=2", seed, err, sizeof err) != CROWN_OK) {
        fprintf(stderr, "crown_new: %s\n", err);
        return -2;
    }
    crown_search_reset(s); /* a new game: nothing of the last one's tree is of use */
    uint64_t random = seed;
    int p, searched = 0;
    while (crown_current_player(g, &p) == CROWN_OK && p != CROWN_TERMINAL) {
        crown_move moves[CROWN_MAX_MOVES_HINT], m;
        size_t n, played;
        if (crown_legal_moves(g, moves, CROWN_MAX_MOVES_HINT, &n) != CROWN_OK) {
            fprintf(stderr, "error: %s\n", crown_last_error(g));
            crown_free(g);
            return -2;
        }
        if (p == bot) {
            /* Each run its own seed: the game's and the moves played. */
            crown_history_length(g, &played);
            if (crown_search_run(s, g, seed * 1000003 + played, &m) != CROWN_OK) {
                fprintf(stderr, "crown_search_run: %s\n", crown_search_last_error(s));
                crown_free(g);
                return -2;
            }
            if (verbose && n > 1 && !searched++)
                print_root(s, g);
        } else {
            m = moves[next(&random) % n];
        }
        if (crown_apply(g, m) != CROWN_OK) {
            fprintf(stderr, "error: %s\n", crown_last_error(g));
            crown_free(g);
            return -2;
        }
    }
    double returns[CROWN_MAX_PLAYERS];
    size_t seats;
    crown_returns(g, returns, CROWN_MAX_PLAYERS, &seats);
    crown_free(g);
    return returns[bot];
}

int main(int argc, char **argv)
{
    /* The command line: --params TEXT, --help or --version. */
    const char *params = "iterations=300";
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--version") == 0) {
            printf("crown-search (libcrown %s)\n", crown_version_string());
            return 0;
        } else if (strcmp(argv[i], "--help") == 0) {
            printf("usage: crown-search [--params TEXT]\n"
                   "Plays the library's search against a random player, %d games of\n"
                   "two-player Game of Kingdoms, and prints the games it won.\n"
                   "  --params TEXT  the search's parameters (default %s)\n",
                   GAMES, params);
            return 0;
        } else if (strcmp(argv[i], "--params") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "crown-search: --params needs a value\n");
                return 2;
            }
            params = argv[++i];
        } else {
            fprintf(stderr, "crown-search: unknown option '%s' (see --help)\n", argv[i]);
            return 2;
        }
    }

    crown_search *s;
    char err[256];
    if (crown_search_new(&s, params, err, sizeof err) != CROWN_OK) {
        fprintf(stderr, "crown-search: %s\n", err);
        return 2;
    }
    int won = 0;
    for (int k = 0; k < GAMES; k++) {
        double r = play(s, 1 + k / 2, k % 2, k == 0);
        if (r == -2) {
            crown_search_free(s);
            return 1;
        }
        won += r > 0;
    }
    printf("the search (%s) won %d of %d games against random moves\n", params, won, GAMES);
    crown_search_free(s);
    return 0;
}
