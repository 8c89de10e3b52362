/*
 * prompt.c - crown-play: the person's prompt: his view and the menu, his
 * input read a line at a time, the commands and help.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

/* The commands at the prompt, for a menu numbered `range`. */
static void help_commands(struct play *pl, const char *range)
{
    crown_game *g = pl->g;
    printf("  %-9s  play that move of the menu\n"
           "  MOVE       play a move written as in the menu (case and extra spaces do not\n"
           "             matter, nor the order of the cards of a move that names several)\n",
           range);
    if (pl->undo)
        printf("  undo       take back your last move, when only moves of yours came after it:\n"
               "             never a chance event, another seat's move, or a move of yours\n"
               "             that showed you something (you would choose again knowing it)\n");
    else
        printf("  undo       off (--no-undo)\n");
    printf("  rules      the rules of this game in short (so does 'help rules'), and\n"
           "             where the full rules are\n"
           "  help       this text\n"
           "  quit       leave the game (so does the end of input)\n");
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

static int same_word(const char *line, const char *word)
{
    for (; *line && *word; line++, word++)
        if (tolower((unsigned char)*line) != *word)
            return 0;
    return *line == *word;
}

/* Whether the line is `first`, spaces, then `second`, in any case. */
static int same_words(const char *line, const char *first, const char *second)
{
    size_t n = strlen(first), sp;
    char head[16];
    if (n >= sizeof head || strlen(line) <= n)
        return 0;
    memcpy(head, line, n);
    head[n] = '\0';
    sp = strspn(line + n, " \t");
    return sp > 0 && same_word(head, first) && same_word(line + n + sp, second);
}

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

int play_ask_human(struct play *pl, const crown_move *moves, size_t n, crown_move *choice)
{
    printf("\n");
    play_print_view(pl->g, pl->human);
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
        printf("your move (%s, its text, %shelp or quit): ", range, pl->undo ? "undo, " : "");
        fflush(stdout);
        char buf[256];
        int got = read_line(buf, sizeof buf);
        if (got == LINE_EOF) {
            printf("\nbye\n");
            return PLAY_QUIT;
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
        if (same_word(line, "rules") || same_words(line, "help", "rules")) {
            play_print_rules(pl->g);
        } else if (same_word(line, "help") || same_word(line, "?")) {
            help_commands(pl, range);
        } else if (same_word(line, "quit")) {
            printf("bye\n");
            return PLAY_QUIT;
        } else if (same_word(line, "undo")) {
            if (play_take_back(pl) == 0)
                return PLAY_AGAIN;
        } else if (strspn(line, "0123456789") == end) {
            unsigned long k = strtoul(line, NULL, 10);
            if (k >= 1 && k <= n) {
                *choice = moves[k - 1];
                return PLAY_MOVE;
            }
            printf("no move %s: the menu has %s\n", line, range);
        } else if (crown_move_from_text(pl->g, line, choice) == CROWN_OK) {
            return PLAY_MOVE;
        } else {
            printf("%s\n", crown_last_error(pl->g));
        }
    }
}
