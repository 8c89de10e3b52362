/*
 * batch_memory.c - the peak memory of a batch whose games play their
 * longest episodes (docs/performance.md, "Memory of a batch").  Not a test:
 * a measurement, run by hand.
 *
 * usage: bench-batch-memory GAME OPTIONS SIZE POLICY EPISODES [THREADS]
 *   POLICY: first, last (the first or last legal action of every mask) or
 *   random (uniform among the legal ones); the batch steps until every slot
 *   has finished EPISODES episodes.  Prints the process's peak resident set
 *   (getrusage's ru_maxrss) after loading the library, after the batch was
 *   made and reset with its arrays bound (the arrays are the caller's:
 *   counted apart), and at the end; and the steps, the episodes, how many
 *   ended truncated and the longest in decisions.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <crown/crown.h>

static double peak_mb(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)u.ru_maxrss / 1024.0; /* KiB on Linux */
}

static uint64_t mix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

int main(int argc, char **argv)
{
    if (argc < 6 || argc > 7) {
        fprintf(stderr, "usage: bench-batch-memory GAME OPTIONS SIZE first|last|random "
                        "EPISODES [THREADS]\n");
        return 2;
    }
    const char *game = argv[1], *options = argv[2], *policy = argv[4];
    size_t size = strtoul(argv[3], NULL, 10);
    long episodes = strtol(argv[5], NULL, 10);
    int threads = argc > 6 ? atoi(argv[6]) : 1;
    int pol = strcmp(policy, "first") == 0 ? 0 : strcmp(policy, "last") == 0 ? 1
              : strcmp(policy, "random") == 0 ? 2 : -1;
    if (!size || episodes < 1 || pol < 0) {
        fprintf(stderr, "bench-batch-memory: bad arguments (see the usage)\n");
        return 2;
    }
    double at_start = peak_mb();
    crown_batch *b;
    char err[256];
    if (crown_batch_new(&b, game, options, size, 1, 0, err, sizeof err)) {
        fprintf(stderr, "bench-batch-memory: %s\n", err);
        return 1;
    }
    size_t n, obs;
    int players;
    crown_batch_num_actions(b, &n);
    crown_batch_observation_size(b, &obs);
    crown_batch_num_players(b, &players);
    float *o = malloc(size * obs * sizeof *o), *r = malloc(size * (size_t)players * sizeof *r);
    uint8_t *m = malloc(size * n), *term = malloc(size), *trunc = malloc(size);
    int32_t *who = malloc(size * sizeof *who), *act = malloc(size * sizeof *act);
    long *done = calloc(size, sizeof *done), *len = calloc(size, sizeof *len);
    if (!o || !r || !m || !term || !trunc || !who || !act || !done || !len) {
        fprintf(stderr, "bench-batch-memory: out of memory\n");
        return 1;
    }
    /* The arrays touched whole, so that the peak after the reset counts them. */
    memset(o, 0, size * obs * sizeof *o);
    memset(m, 0, size * n);
    double arrays = (double)(size * obs * sizeof *o + size * n) / (1024.0 * 1024.0);
    if (crown_batch_set_threads(b, threads) ||
        crown_batch_bind(b, o, m, who, r, term, trunc) || crown_batch_reset(b, 1)) {
        fprintf(stderr, "bench-batch-memory: %s\n", crown_batch_last_error(b));
        return 1;
    }
    double after_reset = peak_mb();
    uint64_t rng = 1;
    long steps = 0, finished = 0, truncated = 0, longest = 0;
    size_t behind = size; /* slots with fewer than `episodes` episodes */
    while (behind) {
        for (size_t i = 0; i < size; i++) {
            const uint8_t *row = m + i * n;
            size_t j = 0, legal = 0;
            if (pol == 0) {
                while (!row[j])
                    j++;
            } else if (pol == 1) {
                j = n - 1;
                while (!row[j])
                    j--;
            } else {
                for (size_t k = 0; k < n; k++)
                    legal += row[k];
                size_t k = (size_t)(((mix(&rng) >> 32) * legal) >> 32);
                for (;; j++)
                    if (row[j] && k-- == 0)
                        break;
            }
            act[i] = (int32_t)j;
        }
        if (crown_batch_step(b, act)) {
            fprintf(stderr, "bench-batch-memory: %s\n", crown_batch_last_error(b));
            return 1;
        }
        steps++;
        for (size_t i = 0; i < size; i++) {
            len[i]++;
            if (!term[i] && !trunc[i])
                continue;
            finished++;
            truncated += trunc[i];
            if (len[i] > longest)
                longest = len[i];
            len[i] = 0;
            if (++done[i] == episodes)
                behind--;
        }
    }
    double at_end = peak_mb();
    printf("%s %s: %zu games, %d thread(s), policy %s: %ld steps, %ld episodes (%ld "
           "truncated), the longest %ld decisions\n",
           game, options[0] ? options : "(defaults)", size, threads, policy, steps, finished,
           truncated, longest);
    printf("peak RSS: %.1f MB at the start, %.1f MB after the reset (the caller's arrays "
           "%.1f MB of it), %.1f MB at the end: the batch %.1f MB, %.0f bytes a game\n",
           at_start, after_reset, arrays, at_end, at_end - at_start - arrays,
           (at_end - at_start - arrays) * 1024.0 * 1024.0 / (double)size);
    crown_batch_free(b);
    free(o), free(r), free(m), free(term), free(trunc), free(who), free(act), free(done),
        free(len);
    return 0;
}
