/*
 * crown/bloodbound.h - Blood Bound: character, token and move encoding.
 *
 * Macros only (no functions): they let a bot decode the integer moves of
 * "blood_bound" without going through move text.  The notation, the rules
 * as the engine plays them and its decisions are in docs/blood-bound.md.
 *
 * Characters: CROWN_BB_CHARACTER(clan, rank), 0..17, for the Rose (clan 0)
 * and the Beast (clan 1), ranks 1..9; the two Inquisitor cards are 18 (rose
 * clue) and 19 (beast clue).
 *
 * Moves: kind << 20 | a << 16 | b, where a is usually a seat.  Chance
 * outcomes (kind 0) are a set of ranks as bits (rank r is bit r-1), a
 * character, an Inquisitor card or a seat, as the chance node says.
 */
#ifndef CROWN_BLOODBOUND_H
#define CROWN_BLOODBOUND_H

#define CROWN_BB_MAX_PLAYERS 12

#define CROWN_BB_ROSE 0
#define CROWN_BB_BEAST 1
#define CROWN_BB_CHARACTER(clan, rank) ((clan) * 9 + (rank) - 1)
#define CROWN_BB_INQUISITOR_ROSE 18  /* the Inquisitor card with the rose clue */
#define CROWN_BB_INQUISITOR_BEAST 19 /* ... with the beast clue */
#define CROWN_BB_INQUISITOR_RANK 10  /* the rank of the Inquisitor (the fleur cross) */

/* Tokens a wounded player takes (and a healed one returns). */
#define CROWN_BB_T_RANK 0
#define CROWN_BB_T_ROSE 1
#define CROWN_BB_T_BEAST 2
#define CROWN_BB_T_UNKNOWN 3

/* Kinds of moves. */
#define CROWN_BB_K_CHANCE 0
#define CROWN_BB_K_ATTACK 1     /* a: the seat attacked */
#define CROWN_BB_K_PASS 2       /* a: the seat given the dagger */
#define CROWN_BB_K_OFFER 3      /* offer to intervene */
#define CROWN_BB_K_DECLINE 4    /* decline to intervene */
#define CROWN_BB_K_ACCEPT 5     /* a: the intervener accepted */
#define CROWN_BB_K_REFUSE 6     /* accept no offer */
#define CROWN_BB_K_TOKEN 7      /* b: the token taken for a wound */
#define CROWN_BB_K_QUILL 8      /* Elder: take the Quill */
#define CROWN_BB_K_ASSASSIN 9   /* a: the seat that suffers two wounds */
#define CROWN_BB_K_LOOK 10      /* Harlequin: a and b, the seats looked at (a < b) */
#define CROWN_BB_K_WOUND 11     /* Alchemist: the protected player suffers a wound */
#define CROWN_BB_K_HEAL 12      /* Alchemist: the protected player heals */
#define CROWN_BB_K_MENTALIST 13 /* a: the seat that must take his rank token */
#define CROWN_BB_K_SHIELD 14    /* Guardian: a, the seat given a Shield */
#define CROWN_BB_K_STRIKE 15    /* Berserker: the attacker suffers a wound */
#define CROWN_BB_K_STAFF 16     /* Mage: a, the seat given a Staff */
#define CROWN_BB_K_FAN 17       /* Courtesan: a, the seat given a Fan */
#define CROWN_BB_K_CURSES 18    /* Inquisitor: a, the True Curse's seat; b, the False ones' as bits */
#define CROWN_BB_K_NO_ABILITY 19 /* use no ability */
#define CROWN_BB_K_RETURN 20    /* b: the token a healed player returns */

#define CROWN_BB_MOVE(kind, a, b) (((kind) << 20) | ((a) << 16) | (b))
#define CROWN_BB_ATTACK(seat) CROWN_BB_MOVE(CROWN_BB_K_ATTACK, seat, 0)
#define CROWN_BB_PASS(seat) CROWN_BB_MOVE(CROWN_BB_K_PASS, seat, 0)
#define CROWN_BB_OFFER CROWN_BB_MOVE(CROWN_BB_K_OFFER, 0, 0)
#define CROWN_BB_DECLINE CROWN_BB_MOVE(CROWN_BB_K_DECLINE, 0, 0)
#define CROWN_BB_ACCEPT(seat) CROWN_BB_MOVE(CROWN_BB_K_ACCEPT, seat, 0)
#define CROWN_BB_REFUSE CROWN_BB_MOVE(CROWN_BB_K_REFUSE, 0, 0)
#define CROWN_BB_TOKEN(token) CROWN_BB_MOVE(CROWN_BB_K_TOKEN, 0, token)
#define CROWN_BB_QUILL CROWN_BB_MOVE(CROWN_BB_K_QUILL, 0, 0)
#define CROWN_BB_ASSASSIN(seat) CROWN_BB_MOVE(CROWN_BB_K_ASSASSIN, seat, 0)
#define CROWN_BB_LOOK(a, b) CROWN_BB_MOVE(CROWN_BB_K_LOOK, a, b)
#define CROWN_BB_WOUND CROWN_BB_MOVE(CROWN_BB_K_WOUND, 0, 0)
#define CROWN_BB_HEAL CROWN_BB_MOVE(CROWN_BB_K_HEAL, 0, 0)
#define CROWN_BB_MENTALIST(seat) CROWN_BB_MOVE(CROWN_BB_K_MENTALIST, seat, 0)
#define CROWN_BB_SHIELD(seat) CROWN_BB_MOVE(CROWN_BB_K_SHIELD, seat, 0)
#define CROWN_BB_STRIKE CROWN_BB_MOVE(CROWN_BB_K_STRIKE, 0, 0)
#define CROWN_BB_STAFF(seat) CROWN_BB_MOVE(CROWN_BB_K_STAFF, seat, 0)
#define CROWN_BB_FAN(seat) CROWN_BB_MOVE(CROWN_BB_K_FAN, seat, 0)
#define CROWN_BB_CURSES(true_seat, false_seats) \
    CROWN_BB_MOVE(CROWN_BB_K_CURSES, true_seat, false_seats)
#define CROWN_BB_NO_ABILITY CROWN_BB_MOVE(CROWN_BB_K_NO_ABILITY, 0, 0)
#define CROWN_BB_RETURN(token) CROWN_BB_MOVE(CROWN_BB_K_RETURN, 0, token)

#define CROWN_BB_KIND(m) ((m) >> 20)
#define CROWN_BB_A(m) (((m) >> 16) & 15)
#define CROWN_BB_B(m) ((m) & 0xFFFF)

#endif /* CROWN_BLOODBOUND_H */
