/*
 * cards.h - the cards of King's Blood and King's Family (docs/kings-blood-cards.md):
 * the default 82-card deck as one data table, the card notation, and the
 * parser of a custom deck list.
 *
 * Notation (docs/kings-blood-cards.md):
 *   character  colour number gender [-ability]   B5m  R2f-skip  B5m-reverse  G8f-draw3
 *              colours B (blue, Battle), Y (yellow, Money), G (green, Art),
 *              R (red, Romance); numbers 1-9; gender m or f
 *   event      assassination  exile  new-connection  enthronement
 *   the King's Blood card: kings-blood (not part of a deck list)
 */
#ifndef CROWN_KINGSBLOOD_CARDS_H
#define CROWN_KINGSBLOOD_CARDS_H

#include <stddef.h>
#include <stdint.h>

#include "../core/rules.h"

#define KB_MAX_DECK 120 /* cards in a deck list; ids 0..n-1, the King's Blood card is n */

enum kb_kind { KB_CHARACTER, KB_EVENT, KB_KINGS_BLOOD };
enum kb_colour { KB_BLUE, KB_YELLOW, KB_GREEN, KB_RED };
enum kb_gender { KB_MALE, KB_FEMALE };
enum kb_ability { KB_PLAIN, KB_SKIP, KB_REVERSE, KB_DRAW3 };
enum kb_event { KB_ASSASSINATION, KB_EXILE, KB_NEW_CONNECTION, KB_ENTHRONEMENT };

typedef struct kb_card {
    uint8_t kind;
    uint8_t colour;  /* characters */
    uint8_t number;  /* characters: 1..9 */
    uint8_t gender;  /* characters */
    uint8_t ability; /* characters */
    uint8_t event;   /* events */
} kb_card;

typedef struct kb_deck {
    int n;                          /* cards in the deck (the King's Blood card excluded) */
    kb_card card[KB_MAX_DECK + 1];  /* card[n] is the King's Blood card */
    uint8_t face[KB_MAX_DECK + 1];  /* the lowest id of a card identical to each */
} kb_deck;

/* Builds the default deck (tables.c): 72 characters (every number 1-9 in
 * every colour, once male and once female; female 2 Skip, male 5 Reverse,
 * female 8 Draw 3) and 10 events (3 Assassination, 2 Exile, 3 New
 * Connection, 2 Enthronement).  The library reads it built at build time,
 * as kb_std_deck (common.h). */
void kb_default_deck(kb_deck *d);

/* Completes a deck of d->n cards (card[0..n) set, the rest zero): the King's
 * Blood card as card[n], and each card's face (tables.c). */
void kb_deck_finish(kb_deck *d);

/* Parses a deck list: card texts separated by spaces, or "default".  At
 * least one character; at most KB_MAX_DECK cards.  CROWN_EOPTION with a
 * message naming the bad card. */
int kb_parse_deck(kb_deck *d, const char *list, crown_err *err);

/* Writes one card's text. */
void kb_put_card(const kb_card *c, crown_buf *b);

/* Parses one card text of length n; 0 on success. */
int kb_parse_card(const char *s, size_t n, kb_card *out);

/* As kb_parse_card, ignoring case ("b5m", "NEW-CONNECTION"): for move texts
 * typed by people. */
int kb_read_card(const char *s, size_t n, kb_card *out);

/* Point value: a character its number, an event or the King's Blood card
 * `event_points`. */
int kb_points(const kb_card *c, int event_points);

#endif
