/*
 * crown/kingsblood.h - King's Blood and King's Family: card and move
 * encoding.
 *
 * Macros only (no functions): they let a bot decode the integer moves of
 * "kings_blood" and "kings_family" without going through move text.  Both
 * games use the same encoding (King's Family uses part of it).  The
 * notation, the rules as the engine plays them and its decisions are in
 * docs/kings-blood.md, docs/kings-family.md and docs/kings-blood-cards.md.
 *
 * Cards: the deck's cards are ids 0..n-1 in the order of the deck list (the
 * default deck's order is in docs/kings-blood-cards.md); in King's Blood
 * with the advanced rules, id n is the King's Blood card.  Identical cards
 * are one move and one chance outcome.  In King's Blood a move names such
 * a card by its face, the lowest id among the deck's identical cards (the
 * id the observations give it), whichever copy a hand holds or the pile
 * gives, so that a move tells a player nothing of which copies other seats
 * drew; identical Characters of the Genealogy (custom decks) are named by
 * place, the k-th of a face in the rows (top to bottom, left to right) by
 * the face's k-th id.  In King's Family (one player, who sees every card
 * he drew) a move names the lowest id of the identical cards in the hand,
 * and a chance outcome the lowest id of the identical cards in the pile.
 *
 * Moves: kind << 20 | seat << 16 | card << 8 | target << 1 | side, where
 * side is 0 for left and 1 for right, target a card of the Genealogy and
 * seat a player.  Chance outcomes are the card drawn (kind 0).
 */
#ifndef CROWN_KINGSBLOOD_H
#define CROWN_KINGSBLOOD_H

#define CROWN_KB_MAX_CARDS 128 /* card ids are below this */
#define CROWN_KB_MAX_PLAYERS 6

#define CROWN_KB_LEFT 0
#define CROWN_KB_RIGHT 1

/* Kinds of moves. */
#define CROWN_KB_K_CHANCE 0      /* a card drawn, dealt or turned up */
#define CROWN_KB_K_PLAY 1        /* a Character from hand beside an Active card */
#define CROWN_KB_K_EVENT 2       /* Assassination, New Connection (the lift), Enthronement */
#define CROWN_KB_K_EXILE 3       /* Exile of an Active card, given to a seat */
#define CROWN_KB_K_PLACE 4       /* where the card a New Connection lifted goes */
#define CROWN_KB_K_SIBLING 5     /* a sibling of the newborn child */
#define CROWN_KB_K_KINGS_BLOOD 6 /* the King's Blood card under an Active card */
#define CROWN_KB_K_DRAW 7        /* draw a card */
#define CROWN_KB_K_STOP 8        /* end the turn (King's Blood) */
#define CROWN_KB_K_ANNOUNCE 9    /* announce "King's Blood!" (King's Blood) */
#define CROWN_KB_K_PASS 10       /* neither play nor draw is possible (King's Blood) */
#define CROWN_KB_K_TAKE 11       /* take the pending Draw 3 cards (King's Blood) */

#define CROWN_KB_MOVE(kind, seat, card, target, side) \
    (((kind) << 20) | ((seat) << 16) | ((card) << 8) | ((target) << 1) | (side))

#define CROWN_KB_PLAY(card, target, side) CROWN_KB_MOVE(CROWN_KB_K_PLAY, 0, card, target, side)
#define CROWN_KB_EVENT(card, target) CROWN_KB_MOVE(CROWN_KB_K_EVENT, 0, card, target, 0)
#define CROWN_KB_EXILE(card, target, seat) CROWN_KB_MOVE(CROWN_KB_K_EXILE, seat, card, target, 0)
#define CROWN_KB_PLACE(target, side) CROWN_KB_MOVE(CROWN_KB_K_PLACE, 0, 0, target, side)
#define CROWN_KB_SIBLING(card, side) CROWN_KB_MOVE(CROWN_KB_K_SIBLING, 0, card, 0, side)
#define CROWN_KB_KINGS_BLOOD(target) CROWN_KB_MOVE(CROWN_KB_K_KINGS_BLOOD, 0, 0, target, 0)
#define CROWN_KB_DRAW CROWN_KB_MOVE(CROWN_KB_K_DRAW, 0, 0, 0, 0)
#define CROWN_KB_STOP CROWN_KB_MOVE(CROWN_KB_K_STOP, 0, 0, 0, 0)
#define CROWN_KB_ANNOUNCE CROWN_KB_MOVE(CROWN_KB_K_ANNOUNCE, 0, 0, 0, 0)
#define CROWN_KB_PASS CROWN_KB_MOVE(CROWN_KB_K_PASS, 0, 0, 0, 0)
#define CROWN_KB_TAKE CROWN_KB_MOVE(CROWN_KB_K_TAKE, 0, 0, 0, 0)

#define CROWN_KB_KIND(m) ((m) >> 20)
#define CROWN_KB_SEAT(m) (((m) >> 16) & 15)
#define CROWN_KB_CARD(m) (((m) >> 8) & 0xFF)
#define CROWN_KB_TARGET(m) (((m) & 0xFF) >> 1)
#define CROWN_KB_SIDE(m) ((m) & 1)

#endif /* CROWN_KINGSBLOOD_H */
