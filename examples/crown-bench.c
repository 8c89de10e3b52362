/*
 * crown-bench - measures the speed of random playouts.
 *
 * For each game and option set it plays random games and reports:
 *   games/s    whole games from crown_new (setup, deal and every move)
 *   playouts/s random playouts from a dealt position, taken back with undo
 *              (the loop of a search: no allocation once warm)
 *   moves/s    decisions (legal moves + apply) per second in those playouts
 *
 * usage: crown-bench [--game NAME [--options TEXT]] [--seconds S] [--seed N]
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <crown/crown.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static int play_random(crown_game *g, crown_move *moves, size_t max, uint64_t *rng,
                       long *decisions)
{
    for (;;) {
        int p;
        size_t n;
        crown_current_player(g, &p);
        if (p == CROWN_TERMINAL)
            return 0;
        if (crown_legal_moves(g, moves, max, &n) || n == 0 ||
            crown_apply(g, moves[next(rng) % n]))
            return -1;
        (*decisions)++;
    }
}

static int bench(const char *name, const char *options, double seconds, uint64_t seed)
{
    char err[256];
    crown_game *g;
    if (crown_new_ex(&g, name, options, seed, err, sizeof err)) {
        fprintf(stderr, "crown-bench: %s\n", err);
        return 2;
    }
    size_t max;
    crown_max_moves(g, &max);
    crown_move *moves = malloc(max * sizeof *moves);
    int status = 1;
    if (!moves)
        goto done;
    uint64_t rng = seed;
    long games = 0, playouts = 0, decisions = 0, d2 = 0;

    /* Whole games, each from crown_new. */
    double t0 = now(), t1;
    do {
        crown_game *h;
        int rc = crown_new(&h, name, options, seed + (uint64_t)games);
        if (rc || play_random(h, moves, max, &rng, &d2)) {
            fprintf(stderr, "crown-bench: game failed: %s\n",
                    rc ? crown_strerror(rc) : crown_last_error(h));
            crown_free(h);
            goto done;
        }
        crown_free(h);
        games++;
        t1 = now();
    } while (t1 - t0 < seconds / 2);
    double games_rate = (double)games / (t1 - t0);

    /* Playouts from the dealt root, undone each time. */
    t0 = now();
    do {
        if (play_random(g, moves, max, &rng, &decisions)) {
            fprintf(stderr, "crown-bench: playout failed: %s\n", crown_last_error(g));
            goto done;
        }
        while (crown_undo(g) == CROWN_OK)
            ;
        playouts++;
        t1 = now();
    } while (t1 - t0 < seconds / 2);
    double dt = t1 - t0;
    printf("%-18s %-36s %10.0f %11.0f %12.0f %8.1f\n", name, options[0] ? options : "(defaults)",
           games_rate, (double)playouts / dt, (double)decisions / dt,
           (double)decisions / (double)playouts);
    status = 0;
done:
    free(moves);
    crown_free(g);
    return status;
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: crown-bench [--game NAME [--options TEXT]] [--seconds S] [--seed N]\n"
            "\n"
            "Measures random playouts: games/s from crown_new, playouts/s and moves/s from\n"
            "a dealt position taken back with undo, and the moves of a game.\n"
            "  --game NAME     measure this game only (default: every game, a few option\n"
            "                  sets each)\n"
            "  --options TEXT  the options of that game, such as players=4\n"
            "  --seconds S     time per game and option set (default 2)\n"
            "  --seed N        the first seed (default 1)\n"
            "  --version       the version of crown-bench and of libcrown\n"
            "  --help          this text\n");
}

int main(int argc, char **argv)
{
    const char *game = NULL, *options = NULL;
    double seconds = 2.0;
    uint64_t seed = 1;
    /* Every argument is checked before anything is printed. */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(a, "--version") == 0) {
            printf("crown-bench (libcrown %s)\n", crown_version_string());
            return 0;
        }
        if (strcmp(a, "--game") && strcmp(a, "--options") && strcmp(a, "--seconds") &&
            strcmp(a, "--seed")) {
            fprintf(stderr, "crown-bench: %s '%s' (see --help)\n",
                    a[0] == '-' ? "unknown option" : "unexpected argument", a);
            return 2;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "crown-bench: %s needs a value (see --help)\n", a);
            return 2;
        }
        const char *v = argv[++i];
        char *end;
        if (strcmp(a, "--game") == 0) {
            game = v;
        } else if (strcmp(a, "--options") == 0) {
            options = v;
        } else if (strcmp(a, "--seconds") == 0) {
            seconds = strtod(v, &end);
            if (end == v || *end || !(seconds > 0 && seconds < 3600)) {
                fprintf(stderr, "crown-bench: --seconds needs a number of seconds (0 to 3600)\n");
                return 2;
            }
        } else {
            errno = 0;
            seed = strtoull(v, &end, 10);
            if (!isdigit((unsigned char)v[0]) || *end || errno) {
                fprintf(stderr, "crown-bench: --seed needs a whole number\n");
                return 2;
            }
        }
    }
    if (options && !game) {
        fprintf(stderr, "crown-bench: --options needs --game (see --help)\n");
        return 2;
    }
    if (game) {
        /* The game and its options, checked before the table's header. */
        crown_game *g;
        char err[256];
        if (crown_new_ex(&g, game, options ? options : "", seed, err, sizeof err)) {
            fprintf(stderr, "crown-bench: %s\n", err);
            return 2;
        }
        crown_free(g);
    }
    printf("%-18s %-36s %10s %11s %12s %8s\n", "game", "options", "games/s", "playouts/s",
           "moves/s", "moves");
    if (game)
        return bench(game, options ? options : "", seconds, seed);
    static const char *const sets[][2] = {
        {"game_of_kingdoms", "players=2"},
        {"game_of_kingdoms", "players=4"},
        {"game_of_kingdoms", "players=4,variant=ruthless"},
        {"game_of_kingdoms", "players=6,variant=ruthless"},
        {"kings_family", ""},
        {"kings_blood", "players=4"},
        {"kings_blood", "players=4,advanced=on"},
        {"blood_bound", "players=8"},
        {"blood_bound", "players=11"},
    };
    int rc = 0;
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        if (crown_game_summary(sets[i][0]))
            rc |= bench(sets[i][0], sets[i][1], seconds, seed);
    return rc;
}
