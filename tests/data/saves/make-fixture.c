/*
 * make-fixture.c - plays a seeded random game with a libcrown of any
 * version (it calls only what 0.1.0 has) and prints its saved text; with a
 * fifth argument, writes whether the game is over and its returns to that
 * file.  See README.md.
 *
 *   make-fixture GAME OPTIONS SEED STEPS [EXPECT-FILE] > NAME.save
 */
#include <crown/crown.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 5) {
        fprintf(stderr, "usage: make-fixture GAME OPTIONS SEED STEPS [EXPECT-FILE]\n");
        return 2;
    }
    crown_game *g;
    char err[256];
    if (crown_new_ex(&g, argv[1], argv[2], strtoull(argv[3], NULL, 10), err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 1;
    }
    long steps = atol(argv[4]);
    size_t max, n, len;
    crown_max_moves(g, &max);
    crown_move *moves = malloc(max * sizeof *moves);
    unsigned long long s = 12345; /* the moves' own generator */
    for (long i = 0; i < steps; i++) {
        int over;
        crown_is_terminal(g, &over);
        if (over)
            break;
        crown_legal_moves(g, moves, max, &n);
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        if (crown_apply(g, moves[(s >> 33) % n]) != CROWN_OK)
            return 1;
    }
    crown_serialize(g, NULL, 0, &len);
    char *text = malloc(len + 1);
    crown_serialize(g, text, len + 1, &len);
    fputs(text, stdout);
    if (argc > 5) {
        FILE *e = fopen(argv[5], "w");
        int over, players;
        double r[16];
        size_t nr;
        if (!e)
            return 1;
        crown_is_terminal(g, &over);
        crown_num_players(g, &players);
        crown_returns(g, r, 16, &nr);
        fprintf(e, "terminal %d\nreturns", over);
        for (int i = 0; i < players; i++)
            fprintf(e, " %g", r[i]);
        fprintf(e, "\n");
        fclose(e);
    }
    free(text);
    free(moves);
    crown_free(g);
    return 0;
}
