/*
 * family.h - King's Family, the King's Blood solitaire (internal).
 *
 * The state is one plain block; the tests read it directly.
 */
#ifndef CROWN_KINGSBLOOD_FAMILY_H
#define CROWN_KINGSBLOOD_FAMILY_H

#include <stdint.h>

#include "cards.h"
#include "genealogy.h"

#define KF_HAND_LIMIT 10
#define KF_ROW_LIMIT 10
#define KF_START_HAND 7
#define KF_QUEUE 24
#define KF_NONE 0xFF
/* Most legal moves: 10 hand faces beside up to 120 cards on 2 sides, 4 Event
 * faces on 120 targets, siblings and draw (chance outcomes and New
 * Connection spots are fewer). */
#define KF_MAX_MOVES (KF_HAND_LIMIT * KB_MAX_DECK * 2 + 4 * KB_MAX_DECK + 24)

/* Move encoding (docs/kings-family.md). */
#define KF_M_PLAY(c, t, s) (0x10000 + (c) * 256 + (t) * 2 + ((s) > 0))
#define KF_M_EVENT(e, t) (0x20000 + (e) * 256 + (t) * 2)
#define KF_M_PLACE(t, s) (0x30000 + (t) * 2 + ((s) > 0))
#define KF_M_SIBLING(c, s) (0x40000 + (c) * 256 + ((s) > 0))
#define KF_M_DRAW 0x50000
#define KF_KIND(m) ((m) >> 16)
#define KF_CARD(m) (((m) >> 8) & 0xFF)
#define KF_TARGET(m) (((m) & 0xFF) >> 1)
#define KF_SIDE(m) (((m) & 1) ? 1 : -1)

typedef struct kf_config {
    kb_deck deck;
    gn_set same[KB_MAX_DECK + 1]; /* for each card, the cards identical to it */
    int every_sibling; /* sibling_effects=every */
    int events_optional; /* events=optional */
} kf_config;

enum kf_phase {
    KF_DEAL,     /* chance: the next card of the starting hand */
    KF_FOUND,    /* chance: the character that founds the Genealogy */
    KF_RESTART,  /* chance: a card turned up to restart an empty Genealogy */
    KF_DRAW,     /* chance: a card drawn into the hand */
    KF_MARRIAGE, /* chance: the card drawn for a Marriage */
    KF_PLAY,     /* the player plays (or, events=optional, draws) */
    KF_FORCED,   /* the player plays the Event drawn at a Marriage */
    KF_PLACE,    /* the player places the card a New Connection lifted */
    KF_OVER
};

/* Work waiting to be done, a stack: the top is done first. */
enum kf_work {
    W_DRAW,     /* draw `n` cards into the hand (effects) */
    W_MARRY,    /* the Marriage of `a` (placed) with `b`, a lying on `side` of b */
    W_FORCED,   /* the drawn Event `a` must be played */
    W_DISCARD,  /* the resolved Event `a` goes to the discards */
    W_DEFERRED  /* the move `m`, chosen before a sibling's effect */
};

typedef struct kf_work_item {
    uint8_t kind;
    uint8_t a, b;
    int8_t side;
    int32_t m;
} kf_work_item;

typedef struct kf_state {
    genealogy gn;
    gn_set hand, pile, discards;
    gn_set aside; /* Events being resolved */
    uint8_t phase;
    uint8_t dealt;
    uint8_t dead;      /* the pile ran out with too few discards: no more draws */
    uint8_t exhausted; /* times the draw pile ran out */
    uint8_t nwork;
    uint8_t over;      /* why the game ended (enum kf_end) */
    /* The sibling run after the last birth. */
    uint8_t run_child, run_last;
    int8_t run_side;        /* 0 until the first sibling */
    uint8_t run_pending;    /* the last sibling's ability, not yet resolved */
    /* A New Connection in progress. */
    uint8_t nc_event, nc_card;
    uint8_t forced;         /* the Event being forced (KF_FORCED) */
    uint8_t pad[3];
    kf_work_item work[KF_QUEUE];
} kf_state;

enum kf_end {
    KF_END_NONE,
    KF_END_HAND_EMPTY,
    KF_END_STUCK,       /* no play, and no card can be drawn */
    KF_END_FULL_HAND,   /* 10 cards, none playable */
    KF_END_ROW_LIMIT,   /* every play would put an 11th card in a row */
    KF_END_NO_FOUNDER   /* no Character to start the Genealogy */
};

int kf_score(const kf_config *c, const kf_state *s);
const char *kf_rating(int score);

#endif
