/*
 * crown/kingdoms.h - Game of Kingdoms: card and move encoding.
 *
 * Macros only (no functions): they let a bot decode the integer moves of
 * "game_of_kingdoms" without going through move text.  The notation and the
 * rules notes are in docs/game-of-kingdoms.md.
 *
 * Cards: 40 cards, id = rank * 4 + colour, 0..39.
 *   colour: 0 red (R), 1 blue (B), 2 green (G), 3 yellow (Y)
 *   rank:   0 "5", 1 "6", 2 "7", 3 "8", 4 "9", 5 "10", 6 Knight (N),
 *           7 Queen (Q), 8 King (K), 9 Hero (H); higher beats lower.
 *
 * Moves (sorted ids are also grouped by kind):
 *   0..39         chance: the card dealt, turned up as trump, or drawn
 *   64 + 16r + m  lead: the cards of rank r whose colours are the bits of
 *                 m (1..15; bit c = colour c), as one move
 *   240           take: the defender picks up the table
 *   241           pass: the player asked to add declines
 *   256 + c       add card c to the bout (throw-in)
 *   320 + c       transfer with card c (ruthless variant)
 *   1024 + 64a + d  beat the attack card a with card d
 */
#ifndef CROWN_KINGDOMS_H
#define CROWN_KINGDOMS_H

#define CROWN_KD_CARDS 40
#define CROWN_KD_MAX_PLAYERS 6

#define CROWN_KD_RED 0
#define CROWN_KD_BLUE 1
#define CROWN_KD_GREEN 2
#define CROWN_KD_YELLOW 3

#define CROWN_KD_KNIGHT 6
#define CROWN_KD_QUEEN 7
#define CROWN_KD_KING 8
#define CROWN_KD_HERO 9

#define CROWN_KD_CARD(rank, colour) ((rank) * 4 + (colour))
#define CROWN_KD_RANK(card) ((card) >> 2)
#define CROWN_KD_COLOUR(card) ((card) & 3)

#define CROWN_KD_LEAD(rank, mask) (64 + (rank) * 16 + (mask))
#define CROWN_KD_TAKE 240
#define CROWN_KD_PASS 241
#define CROWN_KD_ADD(card) (256 + (card))
#define CROWN_KD_TRANSFER(card) (320 + (card))
#define CROWN_KD_BEAT(attack, defence) (1024 + (attack) * 64 + (defence))

#define CROWN_KD_IS_CHANCE(m) ((m) >= 0 && (m) < 40)
#define CROWN_KD_IS_LEAD(m) ((m) >= 65 && (m) < 64 + 160)
#define CROWN_KD_IS_ADD(m) ((m) >= 256 && (m) < 296)
#define CROWN_KD_IS_TRANSFER(m) ((m) >= 320 && (m) < 360)
#define CROWN_KD_IS_BEAT(m) ((m) >= 1024 && (m) < 1024 + 40 * 64)
#define CROWN_KD_LEAD_RANK(m) (((m) - 64) >> 4)
#define CROWN_KD_LEAD_MASK(m) (((m) - 64) & 15)
#define CROWN_KD_BEAT_ATTACK(m) (((m) - 1024) >> 6)
#define CROWN_KD_BEAT_DEFENCE(m) (((m) - 1024) & 63)

#endif /* CROWN_KINGDOMS_H */
