/*
 * undo.c - crown-play: the person's take-back.
 */
#include <stdio.h>
#include <stdlib.h>

#include "play.h"

int play_take_back(struct play *pl)
{
    size_t len, i;
    int p = CROWN_CHANCE;
    crown_history_length(pl->g, &len);
    for (i = len; i > 0; i--)
        if (crown_history_player(pl->g, i - 1, &p) == CROWN_OK && p == pl->human)
            break;
    if (i == 0)
        return -1;
    char *text = play_entry_text(pl, i - 1);
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
