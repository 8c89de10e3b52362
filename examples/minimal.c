/*
 * minimal.c - the smallest complete libcrown program: plays one game of
 * Game of Kingdoms, three seats, each choosing its last legal move (the
 * highest id: the strongest lead, a beat before taking, an add before
 * passing), and prints the result.  Build it against the installed library:
 *
 *     cc minimal.c $(pkg-config --cflags --libs crown) -o minimal
 */
#include <stdio.h>
#include <string.h>

#include <crown/crown.h>

int main(int argc, char **argv)
{
    /* The command line: nothing, --help or --version. */
    if (argc > 1 && strcmp(argv[1], "--version") == 0) {
        printf("crown-minimal (libcrown %s)\n", crown_version_string());
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "--help") == 0) {
        printf("usage: crown-minimal [--help | --version]\n"
               "Plays one game of Game of Kingdoms and prints the result.\n");
        return 0;
    }
    if (argc > 1) {
        fprintf(stderr, "crown-minimal: unknown option '%s' (see --help)\n", argv[1]);
        return 2;
    }

    crown_game *game;
    char err[256];
    if (crown_new_ex(&game, "game_of_kingdoms", "players=3", 7, err, sizeof err) != CROWN_OK) {
        fprintf(stderr, "crown_new: %s\n", err);
        return 1;
    }
    int player, moves_played = 0;
    while (crown_current_player(game, &player) == CROWN_OK && player != CROWN_TERMINAL) {
        crown_move moves[CROWN_MAX_MOVES_HINT];
        size_t n;
        /* crown_apply checks that the move is legal; crown_undo would take it back. */
        if (crown_legal_moves(game, moves, CROWN_MAX_MOVES_HINT, &n) != CROWN_OK ||
            crown_apply(game, moves[n - 1]) != CROWN_OK) {
            fprintf(stderr, "error: %s\n", crown_last_error(game));
            crown_free(game);
            return 1;
        }
        moves_played++;
    }
    double returns[CROWN_MAX_PLAYERS]; /* room for any game's seats */
    size_t seats;
    crown_returns(game, returns, CROWN_MAX_PLAYERS, &seats);
    printf("libcrown %s: game over after %d decisions\n", crown_version_string(), moves_played);
    for (size_t s = 0; s < seats; s++)
        printf("seat %zu: %+.2f\n", s, returns[s]);
    crown_free(game);
    return 0;
}
