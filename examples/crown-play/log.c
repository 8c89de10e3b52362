/*
 * log.c - crown-play: the game as printed: every move as the viewer may
 * know it, numbered from 1 with who made it, and the views.
 */
#include <stdio.h>
#include <stdlib.h>

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

void play_print_new_moves(struct play *pl)
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
        char *text = play_entry_text(pl, i);
        printf("%4zu  %s  %s\n", i + 1, who, text ? text : "?");
        free(text);
    }
    pl->printed = len;
}
