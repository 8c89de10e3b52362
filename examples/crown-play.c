/*
 * crown-play - plays any libcrown game on the terminal.
 *
 * Bots play every seat, printing each move and the result: the library's
 * search at a level (bot.c), or random moves; with
 * --human SEAT a person plays that seat from a numbered menu of legal
 * moves, seeing only what that seat may know: its view before each of its
 * decisions, and every move of the game as that seat may know it (its own
 * cards dealt and drawn, "deal a card to seat 2" for another's).  At his
 * prompt he may take back his own last decisions (undo.c: never what would
 * tell him something hidden) and read the rules in short (rules.c).  The
 * other files of the program are in crown-play/ (play.h lists them).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: crown-play GAME [--options TEXT] [--seed N] [--bot LEVEL]\n"
            "                 [--human SEAT [--no-undo]] [--quiet]\n"
            "       crown-play --list\n"
            "       crown-play --describe GAME\n"
            "\n"
            "Plays GAME with bots at every seat, printing each move and the result.\n"
            "  --options TEXT  game options, such as players=4,variant=ruthless\n"
            "  --seed N        the seed of the deal and of the bots (default 1)\n"
            "  --bot LEVEL     how the bots play: random (random moves), or the library's\n"
            "                  search at easy, normal (the default) or hard; or\n"
            "                  search:PARAMS, the search with those parameters, such as\n"
            "                  search:iterations=5000,exploration=1 (see crown-play(1))\n"
            "  --human SEAT    you play SEAT (0-based) from a numbered menu; you see only\n"
            "                  what that seat may know (type 'help' at the prompt)\n"
            "  --no-undo       you may not take your moves back\n"
            "  --quiet         print no moves, only the result\n"
            "  --list          list the games\n"
            "  --describe GAME list the options of GAME\n"
            "  --version       the version of crown-play and of libcrown\n"
            "  --help          this text\n");
}

static int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    /* Decimal digits only, as the library reads numbers: no sign, no space. */
    if (!s || !*s || s[strspn(s, "0123456789")] != '\0')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || *end)
        return -1;
    *out = v;
    return 0;
}

static int list_games(void)
{
    for (size_t i = 0; i < crown_game_count(); i++)
        printf("%-18s %s\n", crown_game_name(i), crown_game_summary(crown_game_name(i)));
    return 0;
}

static int describe(const char *name)
{
    size_t len;
    int rc = crown_describe_options(name, NULL, 0, &len);
    if (rc == CROWN_EGAME) {
        fprintf(stderr, "crown-play: unknown game '%s' (try --list)\n", name);
        return 2;
    }
    char *buf = malloc(len + 1);
    if (!buf || crown_describe_options(name, buf, len + 1, &len) != CROWN_OK) {
        free(buf);
        return 1;
    }
    fputs(buf, stdout);
    free(buf);
    return 0;
}

int main(int argc, char **argv)
{
    const char *name = NULL, *options = "", *describe_name = NULL, *level = play_default_level;
    uint64_t seed = 1;
    long human = -1;
    int quiet = 0, list = 0, undo = 1;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            printf("crown-play (libcrown %s)\n", crown_version_string());
            return 0;
        } else if (strcmp(a, "--list") == 0) {
            list = 1;
        } else if (strcmp(a, "--describe") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "crown-play: --describe needs a game name\n");
                return 2;
            }
            describe_name = argv[++i];
        } else if (strcmp(a, "--options") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "crown-play: --options needs a value\n");
                return 2;
            }
            options = argv[++i];
        } else if (strcmp(a, "--seed") == 0) {
            if (i + 1 >= argc || parse_u64(argv[i + 1], &seed)) {
                fprintf(stderr, "crown-play: --seed needs a whole number from 0 to %" PRIu64 "\n",
                        UINT64_MAX);
                return 2;
            }
            i++;
        } else if (strcmp(a, "--bot") == 0) {
            if (i + 1 >= argc) {
                char names[128];
                play_list_levels(names, sizeof names);
                fprintf(stderr, "crown-play: --bot needs a level (%s; or search:PARAMS)\n",
                        names);
                return 2;
            }
            level = argv[++i];
        } else if (strcmp(a, "--human") == 0) {
            uint64_t h;
            if (i + 1 >= argc || parse_u64(argv[i + 1], &h) || h > 64) {
                fprintf(stderr, "crown-play: --human needs a seat number\n");
                return 2;
            }
            human = (long)h;
            i++;
        } else if (strcmp(a, "--no-undo") == 0) {
            undo = 0;
        } else if (strcmp(a, "--quiet") == 0) {
            quiet = 1;
        } else if (a[0] == '-') {
            fprintf(stderr, "crown-play: unknown option '%s' (see --help)\n", a);
            return 2;
        } else if (!name) {
            name = a;
        } else {
            fprintf(stderr, "crown-play: one game at a time ('%s' and '%s')\n", name, a);
            return 2;
        }
    }
    if (list + (describe_name != NULL) + (name != NULL) > 1) {
        fprintf(stderr, "crown-play: a GAME, --list or --describe: one at a time\n");
        return 2;
    }
    if (!undo && human < 0) {
        fprintf(stderr, "crown-play: --no-undo needs --human SEAT\n");
        return 2;
    }
    struct play_bots bots;
    char why[512];
    if (play_bots_init(&bots, level, seed, why, sizeof why) != 0) {
        fprintf(stderr, "crown-play: %s\n", why);
        return 2;
    }
    if (list)
        return list_games();
    if (describe_name)
        return describe(describe_name);
    if (!name) {
        usage(stderr);
        return 2;
    }

    crown_game *g;
    char err[256];
    int rc = crown_new_ex(&g, name, options, seed, err, sizeof err);
    if (rc != CROWN_OK) {
        fprintf(stderr, "crown-play: %s\n", err);
        return 2;
    }
    int players;
    crown_num_players(g, &players);
    if (human >= players) {
        fprintf(stderr, "crown-play: --human %ld: this game has seats 0 to %d\n", human,
                players - 1);
        crown_free(g);
        return 2;
    }
    char gs[1024];
    size_t len;
    crown_game_string(g, gs, sizeof gs, &len);
    if (!quiet) {
        printf("%s, seed %" PRIu64, gs, seed);
        /* The bots' level, and a named level's parameters. */
        if (human < 0 || players > 1) {
            printf(", bots %s", level);
            if (bots.named && bots.params)
                printf(" (search %s)", bots.params);
        }
        printf("\n");
    }

    struct play pl = {g, (int)human, human >= 0 ? (int)human : CROWN_OMNISCIENT, quiet, undo, 0};
    size_t max;
    crown_max_moves(g, &max);
    crown_move *moves = malloc(max * sizeof *moves);
    int status = 0, left = 0;
    for (;;) {
        play_print_new_moves(&pl);
        int p;
        crown_current_player(g, &p);
        if (p == CROWN_TERMINAL)
            break;
        size_t n;
        if (!moves || crown_legal_moves(g, moves, max, &n) != CROWN_OK || n == 0) {
            fprintf(stderr, "crown-play: %s\n", moves ? crown_last_error(g) : "out of memory");
            status = 1;
            break;
        }
        crown_move m;
        if (human >= 0 && p == human) {
            int answer = play_ask_human(&pl, moves, n, &m);
            if (answer == PLAY_QUIT) {
                left = 1;
                break;
            }
            if (answer == PLAY_AGAIN)
                continue;
        } else if (play_bot_move(&bots, g, p, moves, n, &m) != 0) {
            status = 1;
            break;
        }
        if (crown_apply(g, m) != CROWN_OK) {
            fprintf(stderr, "crown-play: %s\n", crown_last_error(g));
            status = 1;
            break;
        }
    }
    if (status == 0 && !left) {
        printf("\n");
        play_print_view(g, pl.viewer);
        double r[64], sc[64];
        size_t k;
        crown_returns(g, r, 64, &k);
        crown_scores(g, sc, 64, &k);
        printf("result:");
        for (size_t s = 0; s < k; s++)
            printf("  seat %zu %+.3g (score %g)", s, r[s], sc[s]);
        printf("\n");
    }
    free(moves);
    play_bots_free(&bots);
    crown_free(g);
    return status;
}
