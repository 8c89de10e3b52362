/*
 * why.h - King's Blood and King's Family: reading a move text into its
 * move, legal or not (move_parse.c), and the reasons both games give for a
 * move that is not legal (why_common.c).  Internal.
 */
#ifndef CROWN_KINGSBLOOD_WHY_H
#define CROWN_KINGSBLOOD_WHY_H

#include "crown/kingsblood.h"

#include "common.h"

/* What a move text is read against: the deck, the Genealogy (`lifted`: a
 * card a New Connection holds, or -1), the hand of the player to move and
 * the pile (cards are read as the lowest id of their face there, else as
 * the deck's lowest). */
typedef struct kb_reading {
    const kb_deck *deck;
    const kb_faces *faces;
    const genealogy *gn;
    int lifted;
    const gn_set *hand, *pile;
    int multiplayer; /* King's Blood's notation (else King's Family's) */
} kb_reading;

/* The move a canonical text names (see crown_rules.move_parse): 0, or -1
 * when it cannot tell (a card the deck lacks, a card of the Genealogy the
 * text does not tell from an identical one). */
int kb_move_parse(const kb_reading *r, const char *text, crown_move *out);

/* Reasons, each written to b when it holds (1 returned), else 0.  `who`
 * names the player to move ("seat 2", "the player"). */

/* No card of c's face in the hand; or c is not the id identical cards are
 * played as (the lowest of the hand). */
int kb_why_not_held(const kb_deck *d, const kb_faces *f, const gn_set *hand, int c,
                    const char *who, crown_buf *b);
/* t is not a card of the Genealogy, or is the card a New Connection holds
 * (`lifted`, or -1); with `active`, also when t is not Active. */
int kb_why_target(const kb_deck *d, const genealogy *g, int t, int lifted, int active,
                  crown_buf *b);
/* Character c matches neither the colour nor the number of t. */
int kb_why_no_match(const kb_deck *d, int c, int t, crown_buf *b);
/* The side of t (0 left, 1 right) is not usable. */
int kb_why_side(const kb_deck *d, const genealogy *g, int t, int side, crown_buf *b);
/* An Enthronement on a card that has one. */
int kb_why_enthroned(const kb_deck *d, const genealogy *g, int e, int t, crown_buf *b);
/* A New Connection e on t, an Active card, that would have no spot to
 * place t on once it is lifted. */
int kb_why_no_spot(const kb_deck *d, const genealogy *g, int e, int t, crown_buf *b);
/* Placing `lifted`, the card a New Connection holds, on `side` (0 left, 1
 * right) of t, a card of the Genealogy: t not Active once the card is
 * lifted, that side not usable then, or the spot the card left. */
int kb_why_place(const kb_deck *d, const genealogy *g, int lifted, int t, int side,
                 crown_buf *b);
/* A sibling on `side` (0 left, 1 right) of the run of siblings whose last
 * card is `last` (the child before the first) and whose side is run_side
 * (-1 left, 1 right, 0 before the first): not the run's side, or no room
 * there. */
int kb_why_sibling_spot(const kb_deck *d, const genealogy *g, int last, int run_side, int side,
                        crown_buf *b);
/* Character c played on `side` of t during the run of siblings of `child`
 * (last and run_side as above): a card of the child's number at the next
 * sibling's spot is the sibling there, not a play. */
int kb_why_sibling_not_play(const kb_deck *d, const genealogy *g, int c, int t, int side,
                            int child, int last, int run_side, crown_buf *b);

#endif
