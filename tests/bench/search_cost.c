/*
 * search_cost.c - what an iteration of the search costs against the
 * playout it contains, and what a second thread gives (docs/bots.md,
 * "What a search costs").  Not a test: a measurement, run by hand.
 *
 * usage: bench-search-cost [POSITIONS [ITERATIONS [SECONDS]]]
 *   For each option set of the table below, POSITIONS positions (random
 *   play from seeds 1, 2, ... to a choice 2, 20 and 40 decisions in, in
 *   turn) are searched with `iterations=ITERATIONS` on one thread (its
 *   playouts uniform, as crown_playout's), interleaved with as many
 *   crown_playout calls from the same position, each timed in process CPU
 *   time: the ratio is the cost of an iteration over that of a playout from
 *   the root (an iteration's playout starts lower, so this bounds the
 *   overhead from above).  Then `time=SECONDS` runs on one thread and on
 *   two give the iterations per wall-clock second of each, and their ratio.
 *   Defaults: 30 positions, 2000 iterations, 0.2 s.
 *
 * usage: bench-search-cost --budget SECONDS RUNS [THREADS]
 *   How well a time limit is kept: RUNS runs of `time=SECONDS` (on THREADS
 *   threads, default 1) spread over the option sets and positions above,
 *   each timed in wall-clock time around crown_search_run; prints the
 *   median, the 99th percentile and the longest, as multiples of SECONDS.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <crown/crown.h>

static const struct {
    const char *game, *options;
} sets[] = {
    {"game_of_kingdoms", "players=2"}, {"game_of_kingdoms", "players=4"},
    {"kings_family", ""},              {"kings_blood", "players=2"},
    {"kings_blood", "players=4"},      {"blood_bound", "players=8"},
};

static double cpu_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void die(const char *what, const char *msg)
{
    fprintf(stderr, "bench-search-cost: %s: %s\n", what, msg);
    exit(1);
}

/* A position `depth` decisions in from `seed` where a seat has a choice,
 * or NULL when the game ended first. */
static crown_game *position(const char *game, const char *options, uint64_t seed, int depth)
{
    crown_game *g;
    char err[256];
    if (crown_new_ex(&g, game, options, seed, err, sizeof err))
        die(game, err);
    uint64_t r = seed * 0x9e3779b97f4a7c15ULL + 1;
    crown_move m[4096];
    for (int d = 0;; d++) {
        int p;
        size_t n;
        crown_current_player(g, &p);
        if (p == CROWN_TERMINAL)
            break;
        crown_legal_moves(g, m, 4096, &n);
        if (d >= depth && p >= 0 && n >= 2)
            return g;
        r = r * 6364136223846793005ULL + 1442695040888963407ULL;
        crown_apply(g, m[(r >> 33) % n]);
    }
    crown_free(g);
    return NULL;
}

static double run_search(const char *params, crown_game *g, uint64_t seed, uint64_t *iters)
{
    crown_search *s;
    char err[256];
    if (crown_search_new(&s, params, err, sizeof err))
        die(params, err);
    crown_move move;
    double t0 = cpu_s();
    if (crown_search_run(s, g, seed, &move))
        die("crown_search_run", crown_search_last_error(s));
    double t = cpu_s() - t0;
    double wall;
    crown_search_totals(s, iters, &wall, NULL);
    crown_search_free(s);
    return params[0] == 't' ? wall : t;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double wall_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int budget(double seconds, int runs, int threads)
{
    char p[96];
    snprintf(p, sizeof p, "time=%g,threads=%d", seconds, threads);
    double *took = malloc((size_t)runs * sizeof *took);
    if (!took)
        die("budget", "out of memory");
    size_t nsets = sizeof sets / sizeof sets[0];
    int done = 0;
    for (int i = 0; done < runs; i++) {
        crown_game *g = position(sets[i % nsets].game, sets[i % nsets].options,
                                 (uint64_t)i + 1, 2 + (i / (int)nsets) % 40);
        if (!g)
            continue;
        crown_search *s;
        char err[256];
        if (crown_search_new(&s, p, err, sizeof err))
            die(p, err);
        crown_move move;
        double t0 = wall_s();
        if (crown_search_run(s, g, (uint64_t)i, &move))
            die("crown_search_run", crown_search_last_error(s));
        took[done++] = (wall_s() - t0) / seconds;
        crown_search_free(s);
        crown_free(g);
    }
    qsort(took, (size_t)runs, sizeof *took, by_value);
    printf("time=%g threads=%d, %d runs: median %.3f, 99th percentile %.3f, longest %.3f "
           "(multiples of the limit)\n",
           seconds, threads, runs, took[runs / 2], took[(size_t)(runs * 0.99)],
           took[runs - 1]);
    free(took);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--budget")) {
        if (argc < 4 || atof(argv[2]) <= 0 || atoi(argv[3]) < 1)
            die("usage", "bench-search-cost --budget SECONDS RUNS [THREADS]");
        return budget(atof(argv[2]), atoi(argv[3]), argc > 4 ? atoi(argv[4]) : 1);
    }
    int positions = argc > 1 ? atoi(argv[1]) : 30;
    long iterations = argc > 2 ? atol(argv[2]) : 2000;
    double seconds = argc > 3 ? atof(argv[3]) : 0.2;
    if (positions < 1 || iterations < 1 || seconds <= 0)
        die("usage", "bench-search-cost [POSITIONS [ITERATIONS [SECONDS]]]");
    char p1[128], t1[64], t2[64];
    snprintf(p1, sizeof p1, "iterations=%ld,playout=uniform", iterations);
    snprintf(t1, sizeof t1, "time=%g,threads=1,playout=uniform", seconds);
    snprintf(t2, sizeof t2, "time=%g,threads=2,playout=uniform", seconds);
    printf("%-30s %12s %14s %7s %14s %14s %7s\n", "game", "playout us", "iteration us",
           "ratio", "1 thread it/s", "2 threads it/s", "ratio");
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        double tp = 0, ts = 0, w1 = 0, w2 = 0;
        uint64_t np = 0, ns = 0, n1 = 0, n2 = 0;
        static const int depths[] = {2, 20, 40};
        for (int i = 0; i < positions; i++) {
            crown_game *g = position(sets[k].game, sets[k].options, (uint64_t)i + 1, depths[i % 3]);
            if (!g)
                continue;
            double ret[CROWN_MAX_PLAYERS];
            size_t c;
            double t0 = cpu_s();
            for (long j = 0; j < iterations; j++)
                crown_playout(g, (uint64_t)j, ret, CROWN_MAX_PLAYERS, &c);
            tp += cpu_s() - t0;
            np += (uint64_t)iterations;
            uint64_t it;
            ts += run_search(p1, g, (uint64_t)i, &it);
            ns += it;
            if (i < 6) { /* (the threads: a few positions, in wall time) */
                w1 += run_search(t1, g, (uint64_t)i, &it);
                n1 += it;
                w2 += run_search(t2, g, (uint64_t)i, &it);
                n2 += it;
            }
            crown_free(g);
        }
        char name[64];
        snprintf(name, sizeof name, "%s %s", sets[k].game, sets[k].options);
        double pu = tp / (double)np * 1e6, iu = ts / (double)ns * 1e6;
        printf("%-30s %12.2f %14.2f %7.2f %14.0f %14.0f %7.2f\n", name, pu, iu, iu / pu,
               (double)n1 / w1, (double)n2 / w2, ((double)n2 / w2) / ((double)n1 / w1));
        fflush(stdout);
    }
    return 0;
}
