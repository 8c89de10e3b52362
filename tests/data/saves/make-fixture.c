/* make-fixture.c: plays a seeded random game with a libcrown of any
 * version (only 0.1.0 calls) and prints its saved text; with a fifth
 * argument, writes whether it is over and its returns to that file.  See
 * README.md. */
#include <crown/crown.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv)
{
    if (argc < 5) return 2;
    crown_game *g;
    char err[256];
    if (crown_new_ex(&g, argv[1], argv[2], strtoull(argv[3], 0, 10), err, sizeof err)) { fprintf(stderr, "%s\n", err); return 1; }
    long steps = atol(argv[4]);
    size_t max, n; crown_max_moves(g, &max);
    crown_move *m = malloc(max * sizeof *m);
    unsigned long long s = 12345;
    for (long i = 0; i < steps; i++) {
        int t; crown_is_terminal(g, &t); if (t) break;
        crown_legal_moves(g, m, max, &n);
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        if (crown_apply(g, m[(s >> 33) % n])) return 1;
    }
    size_t len; crown_serialize(g, NULL, 0, &len);
    char *b = malloc(len + 1); crown_serialize(g, b, len + 1, &len);
    fputs(b, stdout);
    if (argc > 5) {
        FILE *e = fopen(argv[5], "w");
        int t, np; double r[16]; crown_is_terminal(g, &t); crown_num_players(g, &np);
        size_t nr; crown_returns(g, r, 16, &nr);
        fprintf(e, "terminal %d\nreturns", t);
        for (int i = 0; i < np; i++) fprintf(e, " %g", r[i]);
        fprintf(e, "\n");
        fclose(e);
    }
    return 0;
}
