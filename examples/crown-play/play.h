/*
 * play.h - crown-play: the game being played, and what each of its files
 * gives the others:
 *   ../crown-play.c  the command line and the game loop (the bots'
 *             seats, the person's seat)
 *   bot.c     the bots: their levels, random or the library's search, and
 *             a bot's move
 *   log.c     the game as printed: the moves as the viewer may know them,
 *             the views
 *   undo.c    the person's take-back
 *   prompt.c  the person's prompt: his input read, the commands, help
 *   rules.c   the rules of the game in short, and where the full rules are
 *             (their text, rules_text.c, is written at build time from the
 *             games' documents by rules_gen.c)
 */
#ifndef CROWN_PLAY_H
#define CROWN_PLAY_H

#include <stddef.h>
#include <stdint.h>

#include <crown/crown.h>

/* A game being played. */
struct play {
    crown_game *g;
    int human;      /* the person's seat, or -1 */
    int viewer;     /* whose knowledge the moves are printed with */
    int quiet;      /* print no moves */
    int undo;       /* the person may take his moves back (not --no-undo) */
    size_t printed; /* history entries printed so far */
};

/* The bots of a game: one level for every seat no person plays. */
struct play_bots {
    const char *level;      /* as given to --bot */
    int named;              /* a level's name (not search:PARAMS) */
    const char *params;     /* the search's parameters, or NULL: random moves */
    uint64_t seed;          /* the program's seed */
    uint64_t random;        /* the random moves' generator */
    crown_search *search[CROWN_MAX_PLAYERS]; /* each seat's, made at its first move */
};

/* bot.c: the level given to --bot when none is (its name); the levels'
 * names, comma-separated, into buf (cap bytes); the bots of a level
 * (a name, or "search:PARAMS"), the parameters checked: 0, or -1 with a
 * message in err (cap bytes) that names the levels; a bot's move for
 * `seat` (or at a chance node) among the n legal moves: 0, or -1 with
 * the search's message printed; the searches freed. */
extern const char *const play_default_level;
void play_list_levels(char *buf, size_t cap);
int play_bots_init(struct play_bots *b, const char *level, uint64_t seed, char *err, size_t cap);
int play_bot_move(struct play_bots *b, crown_game *g, int seat, const crown_move *moves, size_t n,
                  crown_move *m);
void play_bots_free(struct play_bots *b);

/* log.c: prints the game as `viewer` sees it (-1 when it cannot); the text
 * of history entry i as the play's viewer may know it (to be freed), or
 * NULL; prints every history entry not printed yet. */
int play_print_view(crown_game *g, int viewer);
char *play_entry_text(struct play *pl, size_t i);
void play_print_new_moves(struct play *pl);

/* undo.c: takes back the person's last decision, so that it is his turn
 * again, and says so: 0; or says why it may not: -1. */
int play_take_back(struct play *pl);

/* prompt.c: shows the person his view and the menu of the legal moves and
 * reads his answer until it is a move (PLAY_MOVE, in *choice), an undo done
 * (PLAY_AGAIN), or quit or the end of input (PLAY_QUIT). */
enum { PLAY_MOVE, PLAY_AGAIN, PLAY_QUIT };
int play_ask_human(struct play *pl, const crown_move *moves, size_t n, crown_move *choice);

/* rules.c: prints the rules of the game in short, and where its document
 * is installed.  rules_text.c: each game's name, its document's file name
 * and the document's "In short" section, then NULLs. */
struct play_rules {
    const char *game, *doc, *text;
};
extern const struct play_rules play_rules[];
void play_print_rules(crown_game *g);

#endif
