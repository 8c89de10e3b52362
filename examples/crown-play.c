/*
 * crown-play - plays any libcrown game on the terminal.
 *
 * Random bots play every seat, printing each move and the result; with
 * --human SEAT a person plays that seat from a numbered menu of legal
 * moves, seeing only what that seat may know: its view before each of its
 * decisions, and every move of the game as that seat may know it (its own
 * cards dealt and drawn, "deal a card to seat 2" for another's).
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <crown/crown.h>

static void usage(FILE *f)
{
    fprintf(f,
            "usage: crown-play GAME [--options TEXT] [--seed N] [--human SEAT] [--quiet]\n"
            "       crown-play --list\n"
            "       crown-play --describe GAME\n"
            "\n"
            "Plays GAME with random bots at every seat, printing each move and the result.\n"
            "  --options TEXT  game options, such as players=4,variant=ruthless\n"
            "  --seed N        the seed of the deal and of the bots (default 1)\n"
            "  --human SEAT    you play SEAT (0-based) from a numbered menu; you see only\n"
            "                  what that seat may know (type 'help' at the prompt)\n"
            "  --quiet         print no moves, only the result\n"
            "  --list          list the games\n"
            "  --describe GAME list the options of GAME\n"
            "  --version       the version of crown-play and of libcrown\n"
            "  --help          this text\n");
}

/* The commands at the prompt, for a menu numbered `range`. */
static void help_commands(crown_game *g, const char *range)
{
    printf("  %-9s  play that move of the menu\n"
           "  MOVE       play a move written as in the menu (case and extra spaces do not\n"
           "             matter, nor the order of the cards of a move that names several)\n"
           "  undo       take back your last move and the moves after it\n"
           "  help       this text\n"
           "  quit       leave the game (so does the end of input)\n",
           range);
    /* The library's own examples of its notation: the message of a text
     * that is not a move. */
    crown_move m;
    if (crown_move_from_text(g, "?", &m) == CROWN_EPARSE) {
        const char *msg = crown_last_error(g), *ex = strstr(msg, "moves read like: ");
        if (ex)
            printf("%.*s\n", (int)strcspn(ex, ")"), ex);
        else
            printf("%s\n", msg);
    }
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

static uint64_t bot_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Prints the game as `viewer` sees it. */
static int print_view(crown_game *g, int viewer)
{
    size_t len;
    if (crown_observation(g, viewer, NULL, 0, &len) != CROWN_ETOOSMALL)
        return -1;
    char *buf = malloc(len + 1);
    if (!buf || crown_observation(g, viewer, buf, len + 1, &len) != CROWN_OK) {
        free(buf);
        return -1;
    }
    fputs(buf, stdout);
    free(buf);
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

/* A game being played. */
struct play {
    crown_game *g;
    int human;      /* the person's seat, or -1 */
    int viewer;     /* whose knowledge the moves are printed with */
    int quiet;      /* print no moves */
    size_t printed; /* history entries printed so far */
};

/* The text of history entry i as the viewer may know it (to be freed), or
 * NULL. */
static char *entry_text(struct play *pl, size_t i)
{
    size_t len = 0;
    crown_history_text(pl->g, i, pl->viewer, NULL, 0, &len);
    char *buf = malloc(len + 1);
    if (buf && crown_history_text(pl->g, i, pl->viewer, buf, len + 1, &len) != CROWN_OK) {
        free(buf);
        buf = NULL;
    }
    return buf;
}

/* Prints every history entry not printed yet: one line each, numbered from
 * 1, with who made it. */
static void print_new_moves(struct play *pl)
{
    size_t len;
    crown_history_length(pl->g, &len);
    for (size_t i = pl->printed; i < len && !pl->quiet; i++) {
        int p = CROWN_CHANCE;
        char who[32];
        crown_history_player(pl->g, i, &p);
        if (p == CROWN_CHANCE)
            snprintf(who, sizeof who, "chance");
        else if (p == pl->human)
            snprintf(who, sizeof who, "seat %d (you)", p);
        else
            snprintf(who, sizeof who, "seat %d", p);
        char *text = entry_text(pl, i);
        printf("%4zu  %s  %s\n", i + 1, who, text ? text : "?");
        free(text);
    }
    pl->printed = len;
}

/* Takes back the person's last decision and every move after it, so that
 * it is his turn again.  -1 when he has made no decision yet. */
static int take_back(struct play *pl)
{
    size_t len, i;
    int p = CROWN_CHANCE;
    crown_history_length(pl->g, &len);
    for (i = len; i > 0; i--)
        if (crown_history_player(pl->g, i - 1, &p) == CROWN_OK && p == pl->human)
            break;
    if (i == 0)
        return -1;
    char *text = entry_text(pl, i - 1);
    size_t after = len - i;
    while (len >= i && crown_undo(pl->g) == CROWN_OK)
        crown_history_length(pl->g, &len);
    if (len != i - 1) {
        fprintf(stderr, "crown-play: undo: %s\n", crown_last_error(pl->g));
        exit(1);
    }
    pl->printed = len;
    printf("undone: your move '%s'", text ? text : "?");
    if (after == 1)
        printf(" and the move after it");
    else if (after > 1)
        printf(" and the %zu moves after it", after);
    printf("; your turn again\n");
    free(text);
    return 0;
}

static int same_word(const char *line, const char *word)
{
    for (; *line && *word; line++, word++)
        if (tolower((unsigned char)*line) != *word)
            return 0;
    return *line == *word;
}

enum { ASK_MOVE, ASK_AGAIN, ASK_QUIT };

enum { LINE_OK, LINE_LONG, LINE_NUL, LINE_EOF };

/* Reads one line of input, without its end of line, into buf (cap bytes,
 * NUL-terminated), knowing its real length: LINE_OK; LINE_LONG when it does
 * not fit (the rest of that line is skipped); LINE_NUL when it holds a NUL
 * byte (it cannot be read as text); LINE_EOF at the end of input.  The last
 * line may lack its end of line. */
static int read_line(char *buf, size_t cap)
{
    size_t k = 0;
    int c, any = 0, nul = 0, longer = 0;
    while ((c = getchar()) != EOF) {
        any = 1;
        if (c == '\n')
            break;
        nul |= c == '\0';
        if (k + 1 < cap)
            buf[k++] = (char)c;
        else
            longer = 1;
    }
    buf[k] = '\0';
    if (!any)
        return LINE_EOF;
    return longer ? LINE_LONG : nul ? LINE_NUL : LINE_OK;
}

/* Shows the person his view and the menu and reads his answer until it is
 * a move (ASK_MOVE, in *choice), an undo done (ASK_AGAIN), or quit or the
 * end of input (ASK_QUIT). */
static int ask_human(struct play *pl, const crown_move *moves, size_t n, crown_move *choice)
{
    printf("\n");
    print_view(pl->g, pl->human);
    for (size_t i = 0; i < n; i++) {
        char t[256];
        size_t len;
        if (crown_move_to_text(pl->g, moves[i], t, sizeof t, &len) != CROWN_OK)
            snprintf(t, sizeof t, "move %ld", (long)moves[i]);
        printf("  %2zu) %s\n", i + 1, t);
    }
    char range[48] = "1";
    if (n > 1)
        snprintf(range, sizeof range, "1-%zu", n);
    for (;;) {
        printf("your move (%s, its text, undo, help or quit): ", range);
        fflush(stdout);
        char buf[256];
        int got = read_line(buf, sizeof buf);
        if (got == LINE_EOF) {
            printf("\nbye\n");
            return ASK_QUIT;
        }
        if (got == LINE_LONG) {
            printf("that line is too long\n");
            continue;
        }
        if (got == LINE_NUL) {
            printf("that line holds a NUL byte: it cannot be read as a move\n");
            continue;
        }
        char *line = buf + strspn(buf, " \t");
        size_t end = strlen(line);
        while (end > 0 && isspace((unsigned char)line[end - 1]))
            end--;
        line[end] = '\0';
        if (!*line)
            continue;
        if (same_word(line, "help") || same_word(line, "?")) {
            help_commands(pl->g, range);
        } else if (same_word(line, "quit")) {
            printf("bye\n");
            return ASK_QUIT;
        } else if (same_word(line, "undo")) {
            if (take_back(pl) == 0)
                return ASK_AGAIN;
            printf("nothing to undo: you have not moved yet\n");
        } else if (strspn(line, "0123456789") == end) {
            unsigned long k = strtoul(line, NULL, 10);
            if (k >= 1 && k <= n) {
                *choice = moves[k - 1];
                return ASK_MOVE;
            }
            printf("no move %s: the menu has %s\n", line, range);
        } else if (crown_move_from_text(pl->g, line, choice) == CROWN_OK) {
            return ASK_MOVE;
        } else {
            printf("%s\n", crown_last_error(pl->g));
        }
    }
}

int main(int argc, char **argv)
{
    const char *name = NULL, *options = "", *describe_name = NULL;
    uint64_t seed = 1;
    long human = -1;
    int quiet = 0, list = 0;

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
        } else if (strcmp(a, "--human") == 0) {
            uint64_t h;
            if (i + 1 >= argc || parse_u64(argv[i + 1], &h) || h > 64) {
                fprintf(stderr, "crown-play: --human needs a seat number\n");
                return 2;
            }
            human = (long)h;
            i++;
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
    if (!quiet)
        printf("%s, seed %" PRIu64 "\n", gs, seed);

    struct play pl = {g, (int)human, human >= 0 ? (int)human : CROWN_OMNISCIENT, quiet, 0};
    size_t max;
    crown_max_moves(g, &max);
    crown_move *moves = malloc(max * sizeof *moves);
    uint64_t bot = seed ^ 0xb07b07b07ULL;
    int status = 0, left = 0;
    for (;;) {
        print_new_moves(&pl);
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
        if (p == human) {
            int answer = ask_human(&pl, moves, n, &m);
            if (answer == ASK_QUIT) {
                left = 1;
                break;
            }
            if (answer == ASK_AGAIN)
                continue;
        } else {
            m = moves[bot_next(&bot) % n];
        }
        if (crown_apply(g, m) != CROWN_OK) {
            fprintf(stderr, "crown-play: %s\n", crown_last_error(g));
            status = 1;
            break;
        }
    }
    if (status == 0 && !left) {
        printf("\n");
        print_view(g, pl.viewer);
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
    crown_free(g);
    return status;
}
