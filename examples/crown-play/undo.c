/*
 * undo.c - crown-play: the person's take-back, and what it may never take
 * back.
 *
 * No sequence of undos and moves may tell the person anything he could not
 * have known without undo.  So a take-back never crosses a chance event
 * (taken back and played again, a draw would show the same card, and a
 * move chosen instead would know it), nor another seat's move (a bot's
 * answer is information too, and a bot answering again may answer
 * otherwise), nor a move of his own that showed him something hidden (in
 * Blood Bound the Harlequin's look).  What is left is his own decisions
 * since the last chance event or other seat's move: in King's Blood the
 * cards played in one turn, not a draw; in Game of Kingdoms the cards
 * beaten one after another.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

/* Redealt games a decision is played in to tell whether it showed the
 * person something (see showed_something). */
#define UNDO_SAMPLES 16

/* What the person sees of a game after a move: who is to move, his view,
 * the text of the last move as he may know it, his menu when it is his
 * turn (listed into moves, room for max).  To be freed; NULL without
 * memory. */
static char *what_he_sees(crown_game *g, int seat, crown_move *moves, size_t max)
{
    size_t cap = 0, n = 0, len, hist;
    char *s = NULL;
    int p = CROWN_TERMINAL;
    crown_current_player(g, &p);
    crown_history_length(g, &hist);
    if (p != seat || crown_legal_moves(g, moves, max, &n) != CROWN_OK)
        n = 0;
    for (;;) {
        /* Twice: the length, then the text. */
        size_t at = (size_t)snprintf(s, cap, "%d\n", p);
        crown_observation(g, seat, s ? s + at : NULL, s ? cap - at : 0, &len);
        at += len;
        if (hist > 0) {
            crown_history_text(g, hist - 1, seat, s ? s + at : NULL, s ? cap - at : 0, &len);
            at += len;
        }
        for (size_t i = 0; i < n; i++)
            at += (size_t)snprintf(s ? s + at : NULL, s ? cap - at : 0, " %ld", (long)moves[i]);
        if (s)
            return s;
        cap = at + 1;
        if (!(s = malloc(cap)))
            return NULL;
    }
}

/* Whether the person's last decision, the last move of the history, showed
 * him something he did not know: what he sees after it is not the same in
 * the games he could not tell from this one before it (the library redeals
 * what is hidden from him, crown_resample, a few times).  1, 0, or -1 when
 * it cannot be told (out of memory, or a redeal refused). */
static int showed_something(struct play *pl, crown_move move)
{
    size_t max = 0;
    crown_max_moves(pl->g, &max);
    crown_move *moves = malloc((max ? max : 1) * sizeof *moves);
    char *seen = moves ? what_he_sees(pl->g, pl->human, moves, max) : NULL;
    crown_game *before = NULL;
    int rc = seen && crown_clone(&before, pl->g) == CROWN_OK && crown_undo(before) == CROWN_OK
                 ? 0
                 : -1;
    for (uint64_t k = 1; k <= UNDO_SAMPLES && rc == 0; k++) {
        crown_game *other;
        if (crown_resample(before, pl->human, k, &other) != CROWN_OK) {
            rc = -1;
            break;
        }
        if (crown_apply(other, move) != CROWN_OK) {
            rc = 1; /* not even legal there: his menu told him something */
        } else {
            char *there = what_he_sees(other, pl->human, moves, max);
            rc = !there ? -1 : strcmp(there, seen) != 0;
            free(there);
        }
        crown_free(other);
    }
    crown_free(before);
    free(seen);
    free(moves);
    return rc;
}

/* The text of history entry i as the person may know it, quoted, into t. */
static void quote_entry(struct play *pl, size_t i, char *t, size_t cap)
{
    char *text = play_entry_text(pl, i);
    snprintf(t, cap, "'%s'", text ? text : "?");
    free(text);
}

int play_take_back(struct play *pl)
{
    if (!pl->undo) {
        printf("undo: off (--no-undo): your moves stand\n");
        return -1;
    }
    size_t len, mine;
    int p = CROWN_CHANCE;
    crown_history_length(pl->g, &len);
    for (mine = len; mine > 0; mine--)
        if (crown_history_player(pl->g, mine - 1, &p) == CROWN_OK && p == pl->human)
            break;
    if (mine == 0) {
        printf("nothing to undo: you have not moved yet\n");
        return -1;
    }
    char move_text[256], next_text[256];
    quote_entry(pl, mine - 1, move_text, sizeof move_text);
    if (mine < len) {
        /* Something came after his last move that he did not choose. */
        quote_entry(pl, mine, next_text, sizeof next_text);
        crown_history_player(pl->g, mine, &p);
        if (p == CROWN_CHANCE)
            printf("undo: after your move %s chance gave %s: taking your move back would "
                   "let you choose again knowing what chance gave\n",
                   move_text, next_text);
        else
            printf("undo: seat %d answered your move %s with %s: taking your move back "
                   "would let you choose again knowing the answer\n",
                   p, move_text, next_text);
        return -1;
    }
    crown_move *moves = malloc(len * sizeof *moves);
    size_t n;
    int showed = !moves || crown_history(pl->g, moves, len, &n) != CROWN_OK
                     ? -1
                     : showed_something(pl, moves[len - 1]);
    free(moves);
    if (showed) {
        if (showed > 0)
            printf("undo: your move %s showed you what you did not know: taking it back "
                   "would let you choose again knowing it\n",
                   move_text);
        else
            printf("undo: crown-play cannot tell whether your move %s showed you something, "
                   "so it stands\n",
                   move_text);
        return -1;
    }
    if (crown_undo(pl->g) != CROWN_OK) {
        printf("undo: %s\n", crown_last_error(pl->g));
        return -1;
    }
    crown_history_length(pl->g, &len);
    pl->printed = len;
    printf("undone: your move %s; your turn again\n", move_text);
    return 0;
}
