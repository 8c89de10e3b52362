/*
 * kings-family-stats - the score distribution of King's Family over many
 * seeds, for a random player and for a simple greedy player.
 *
 * The greedy player tries every legal move (apply, read the score, undo)
 * and keeps the one that scores most at once, preferring, among equals, the
 * move that leaves the most legal moves; remaining ties go to the first.
 *
 * usage: kings-family-stats [--games N] [--seed N] [--options TEXT]
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <crown/crown.h>

static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static double score_of(crown_game *g)
{
    double s[1];
    size_t n;
    crown_scores(g, s, 1, &n);
    return s[0];
}

static size_t count_moves(crown_game *g)
{
    size_t n;
    int rc = crown_legal_moves(g, NULL, 0, &n);
    return rc == CROWN_OK || rc == CROWN_ETOOSMALL ? n : 0;
}

static crown_move greedy(crown_game *g, const crown_move *moves, size_t n)
{
    crown_move best = moves[0];
    double best_score = -1;
    size_t best_options = 0;
    for (size_t i = 0; i < n; i++) {
        if (crown_apply(g, moves[i]) != CROWN_OK)
            continue;
        double s = score_of(g);
        size_t options = count_moves(g);
        crown_undo(g);
        if (s > best_score || (s == best_score && options > best_options)) {
            best = moves[i];
            best_score = s;
            best_options = options;
        }
    }
    return best;
}

static int play(const char *options, uint64_t seed, int use_greedy, int *score)
{
    crown_game *g;
    char err[256];
    if (crown_new_ex(&g, "kings_family", options, seed, err, sizeof err)) {
        fprintf(stderr, "kings-family-stats: %s\n", err);
        return -1;
    }
    size_t max;
    crown_max_moves(g, &max);
    crown_move *moves = malloc(max * sizeof *moves);
    uint64_t rng = seed * 31 + 7;
    int p;
    while (moves && crown_current_player(g, &p) == CROWN_OK && p != CROWN_TERMINAL) {
        size_t n;
        crown_legal_moves(g, moves, max, &n);
        crown_move m = use_greedy ? greedy(g, moves, n) : moves[next(&rng) % n];
        if (crown_apply(g, m) != CROWN_OK)
            break;
    }
    *score = (int)score_of(g);
    free(moves);
    crown_free(g);
    return 0;
}

static int cmp_int(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

static void report(const char *who, int *scores, int n)
{
    qsort(scores, (size_t)n, sizeof *scores, cmp_int);
    double sum = 0;
    int bands[5] = {0};
    for (int i = 0; i < n; i++) {
        sum += scores[i];
        int s = scores[i];
        bands[s <= 10 ? 0 : s <= 20 ? 1 : s <= 30 ? 2 : s <= 50 ? 3 : 4]++;
    }
    printf("%-7s games %d  mean %.2f  min %d  p10 %d  median %d  p90 %d  max %d\n", who, n,
           sum / n, scores[0], scores[n / 10], scores[n / 2], scores[n * 9 / 10], scores[n - 1]);
    static const char *const names[5] = {"Work harder (0-10)", "So-so (11-20)",
                                         "Good effort! (21-30)", "You are promising! (31-50)",
                                         "Incredible! (51+)"};
    for (int b = 0; b < 5; b++)
        printf("        %-28s %6.2f%%\n", names[b], 100.0 * bands[b] / n);
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: kings-family-stats [--games N] [--seed N] [--options TEXT]\n"
            "\n"
            "The score distribution of King's Family for a random and a greedy player.\n"
            "  --games N       games per player (default 1000)\n"
            "  --seed N        the seed of the first game (default 1)\n"
            "  --options TEXT  options of kings_family, such as events=optional\n"
            "  --version       the version of kings-family-stats and of libcrown\n"
            "  --help          this text\n");
}

int main(int argc, char **argv)
{
    int games = 1000;
    uint64_t seed = 1;
    const char *options = "";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(a, "--version") == 0) {
            printf("kings-family-stats (libcrown %s)\n", crown_version_string());
            return 0;
        }
        if (strcmp(a, "--games") && strcmp(a, "--seed") && strcmp(a, "--options")) {
            fprintf(stderr, "kings-family-stats: %s '%s' (see --help)\n",
                    a[0] == '-' ? "unknown option" : "unexpected argument", a);
            return 2;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "kings-family-stats: %s needs a value (see --help)\n", a);
            return 2;
        }
        char *end;
        const char *v = argv[++i];
        errno = 0;
        if (strcmp(a, "--games") == 0) {
            long n = strtol(v, &end, 10);
            if (!isdigit((unsigned char)v[0]) || *end || errno || n < 1 || n > 10000000) {
                fprintf(stderr, "kings-family-stats: --games needs a number from 1 to 10000000\n");
                return 2;
            }
            games = (int)n;
        } else if (strcmp(a, "--seed") == 0) {
            seed = strtoull(v, &end, 10);
            if (!isdigit((unsigned char)v[0]) || *end || errno) {
                fprintf(stderr, "kings-family-stats: --seed needs a whole number\n");
                return 2;
            }
        } else {
            options = v;
        }
    }
    crown_game *g;
    char err[256];
    if (crown_new_ex(&g, "kings_family", options, seed, err, sizeof err)) {
        fprintf(stderr, "kings-family-stats: %s\n", err);
        return 2;
    }
    crown_free(g);
    int *scores = malloc((size_t)games * sizeof *scores);
    if (!scores)
        return 1;
    for (int who = 0; who < 2; who++) {
        for (int i = 0; i < games; i++)
            if (play(options, seed + (uint64_t)i, who, &scores[i])) {
                free(scores);
                return 2;
            }
        report(who ? "greedy" : "random", scores, games);
    }
    free(scores);
    return 0;
}
