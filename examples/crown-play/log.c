/*
 * log.c - crown-play: the game as printed: every move as the viewer may
 * know it, numbered from 1 with who made it, a game's deal in one line, and
 * the views.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

int play_print_view(crown_game *g, int viewer)
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

char *play_entry_text(struct play *pl, size_t i)
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

static int is_chance(struct play *pl, size_t i)
{
    int p = CROWN_CHANCE;
    crown_history_player(pl->g, i, &p);
    return p == CROWN_CHANCE;
}

/* The length of a text's first word. */
static size_t verb_length(const char *t)
{
    return strcspn(t, " ");
}

/* Whether history entry i begins with the word that the history's first
 * move begins with. */
static int as_the_first(struct play *pl, size_t i)
{
    char *first = play_entry_text(pl, 0), *text = play_entry_text(pl, i);
    size_t v = first ? strcspn(first, " ") : 0;
    int same = first && text && strcspn(text, " ") == v && memcmp(first, text, v) == 0;
    free(first);
    free(text);
    return same;
}

/* Whether the chance moves from history entry i on deal a game: the game's
 * first moves, or (a later game of a match) chance moves that begin with
 * the word the first game's deal began with, after a move that does not. */
static int deals(struct play *pl, size_t i)
{
    return i == 0 || (as_the_first(pl, i) && !(is_chance(pl, i - 1) && as_the_first(pl, i - 1)));
}

static int same_verb(const char *a, const char *b)
{
    size_t v = verb_length(a);
    return verb_length(b) == v && memcmp(a, b, v) == 0;
}

/* Prints texts[0..n) in one line: those that begin with the same word as
 * one group, in the order of their first, the word then what follows it in
 * each: first the parts of one word (cards), apart with a space, then the
 * others, each once with how many times it came ("deal B9 R8, a card to
 * seat 1 (6 times); trump GH"). */
static void print_grouped(char *const *texts, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        size_t seen = 0, v = verb_length(texts[k]);
        while (seen < k && !same_verb(texts[seen], texts[k]))
            seen++;
        if (seen < k)
            continue; /* its group is printed */
        printf("%s%.*s", k ? "; " : "", (int)v, texts[k]);
        int any = 0;
        for (int words = 1; words >= 0; words--) {
            for (size_t m = k; m < n; m++) {
                const char *rest = texts[m] + v + (texts[m][v] == ' ');
                if (!same_verb(texts[m], texts[k]) || (*rest && !strchr(rest, ' ')) != words)
                    continue;
                size_t times = 1, e;
                if (!words) {
                    /* Said once, at its first, with how many times it came. */
                    for (e = k; e < m && strcmp(texts[e], texts[m]) != 0; e++)
                        ;
                    if (e < m)
                        continue;
                    for (e = m + 1; e < n; e++)
                        times += strcmp(texts[e], texts[m]) == 0;
                }
                if (*rest)
                    printf("%s%s", !any || words ? " " : ", ", rest);
                if (times > 1)
                    printf(" (%zu times)", times);
                any |= *rest != 0;
            }
        }
    }
}

/* Prints the deal, history entries [from, to), in one line. */
static void print_deal(struct play *pl, size_t from, size_t to)
{
    char **texts = malloc((to - from) * sizeof *texts);
    if (!texts)
        return;
    for (size_t i = from; i < to; i++) {
        char *t = play_entry_text(pl, i);
        texts[i - from] = t ? t : calloc(1, 1);
        if (!texts[i - from]) {
            while (i-- > from)
                free(texts[i - from]);
            free(texts);
            return;
        }
    }
    char range[48];
    snprintf(range, sizeof range, "%zu-%zu", from + 1, to);
    printf("%4s  chance  ", range);
    print_grouped(texts, to - from);
    printf("\n");
    for (size_t i = from; i < to; i++)
        free(texts[i - from]);
    free(texts);
}

static void print_entry(struct play *pl, size_t i)
{
    int p = CROWN_CHANCE;
    char who[32];
    crown_history_player(pl->g, i, &p);
    if (p == CROWN_CHANCE)
        snprintf(who, sizeof who, "chance");
    else if (p == pl->human)
        snprintf(who, sizeof who, "seat %d (you)", p);
    else
        snprintf(who, sizeof who, "seat %d", p);
    char *text = play_entry_text(pl, i);
    printf("%4zu  %s  %s\n", i + 1, who, text ? text : "?");
    free(text);
}

void play_print_new_moves(struct play *pl)
{
    size_t len;
    int p = CROWN_TERMINAL;
    crown_history_length(pl->g, &len);
    crown_current_player(pl->g, &p);
    /* At a chance node (chance=explicit), the chance moves that lead to it
     * wait until they are all there. */
    while (p == CROWN_CHANCE && len > pl->printed && is_chance(pl, len - 1))
        len--;
    for (size_t i = pl->printed; i < len && !pl->quiet;) {
        size_t end = i;
        if (is_chance(pl, i) && deals(pl, i))
            while (end < len && is_chance(pl, end))
                end++;
        if (end - i >= 2) {
            print_deal(pl, i, end);
            i = end;
        } else {
            print_entry(pl, i++);
        }
    }
    pl->printed = len;
}
