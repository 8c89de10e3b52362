/*
 * family.h - King's Family, the King's Blood solitaire: the internal header
 * of its folder, with the configuration, the state, the small helpers
 * several files use, and what each file of the folder gives the others.
 *
 * The state is one plain block; the tests read it directly.
 */
#ifndef CROWN_KINGSBLOOD_FAMILY_FAMILY_H
#define CROWN_KINGSBLOOD_FAMILY_FAMILY_H

#include <stdint.h>

#include "crown/kingsblood.h"

#include "../cards.h"
#include "../common.h"
#include "../genealogy.h"

#define KF_HAND_LIMIT 10
#define KF_ROW_LIMIT 10
#define KF_START_HAND 7
/* The work stack's worst case: every Event of the deck waiting to reach the
 * discards (a chain of forced New Connections nests one per Event), plus at
 * most two other items (a Marriage and an effect's draws, or a deferred move
 * and a sibling's draws).  A deck has at least one Character, so
 * KB_MAX_DECK + 1 entries always suffice; push() checks it anyway. */
#define KF_QUEUE (KB_MAX_DECK + 2)
#define KF_NONE 0xFF
/* Most legal moves: 10 hand faces beside up to 120 cards on 2 sides, 4 Event
 * faces on 120 targets, siblings and draw (chance outcomes and New
 * Connection spots are fewer). */
#define KF_MAX_MOVES (KF_HAND_LIMIT * KB_MAX_DECK * 2 + 4 * KB_MAX_DECK + 24)

/* Move encoding: <crown/kingsblood.h>; here sides are -1 (left) and +1. */
#define KF_M_PLAY(c, t, s) CROWN_KB_PLAY(c, t, (s) > 0)
#define KF_M_EVENT(e, t) CROWN_KB_EVENT(e, t)
#define KF_M_PLACE(t, s) CROWN_KB_PLACE(t, (s) > 0)
#define KF_M_SIBLING(c, s) CROWN_KB_SIBLING(c, (s) > 0)
#define KF_M_DRAW CROWN_KB_DRAW
#define KF_KIND(m) CROWN_KB_KIND(m)
#define KF_CARD(m) CROWN_KB_CARD(m)
#define KF_TARGET(m) CROWN_KB_TARGET(m)
#define KF_SIDE(m) (CROWN_KB_SIDE(m) ? 1 : -1)

/* max_moves's default: far beyond a real game (random play never makes 80
 * decisions with the default deck), so that every game ends. */
#define KF_MOVE_LIMIT 10000

typedef struct kf_config {
    kb_deck deck;
    kb_faces faces; /* identical cards */
    int every_sibling; /* sibling_effects=every */
    int events_optional; /* events=optional */
    uint32_t max_moves; /* 0, or the decisions after which the game ends */
    kb_actions actions; /* the dense action index */
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
    W_DRAW,     /* draw `arg` cards into the hand (effects) */
    W_MARRY,    /* the Marriage of the card placed on `side` of card `arg` */
    W_FORCED,   /* the drawn Event `arg` must be played */
    W_DISCARD,  /* the resolved Event `arg` goes to the discards */
    W_DEFERRED  /* the move in kf_state.deferred, chosen before a sibling's effect */
};

#define KF_W_RIGHT 0x80 /* in kf_work_item.op: the side is right */

typedef struct kf_work_item {
    uint8_t op;  /* enum kf_work, | KF_W_RIGHT */
    uint8_t arg; /* a card, or a number of draws */
} kf_work_item;

/* Counters that could grow without bound with a custom deck (exhausted,
 * decisions) are 32-bit and saturate; the others are bounded by the deck
 * (at most KB_MAX_DECK cards). */
typedef struct kf_state {
    genealogy gn;
    gn_set hand, pile, discards;
    gn_set aside; /* Events being resolved */
    uint32_t exhausted; /* times the draw pile ran out (saturates) */
    uint32_t decisions; /* decisions made (saturates) */
    int32_t deferred;   /* the move of a W_DEFERRED item */
    uint8_t phase;
    uint8_t dealt;
    uint8_t dead;      /* the pile ran out with too few discards: no more draws */
    uint8_t nwork;
    uint8_t over;      /* why the game ended (enum kf_end) */
    /* The sibling run after the last birth. */
    uint8_t run_child, run_last;
    int8_t run_side;        /* 0 until the first sibling */
    uint8_t run_pending;    /* the last sibling's ability, not yet resolved */
    /* A New Connection in progress. */
    uint8_t nc_event, nc_card;
    uint8_t forced;         /* the Event being forced (KF_FORCED) */
    uint8_t overflow;       /* rule work was dropped: a bug (kf_check reports it) */
    /* The sibling run that ended because no further sibling could be
     * placed, until the next decision is made (KF_NONE otherwise): only
     * the reasons of an illegal sibling read it. */
    uint8_t past_child, past_last;
    int8_t past_side;
    kf_work_item work[KF_QUEUE];
} kf_state;

enum kf_end {
    KF_END_NONE,
    KF_END_HAND_EMPTY,
    KF_END_STUCK,       /* no play, and no card can be drawn */
    KF_END_FULL_HAND,   /* 10 cards, none playable */
    KF_END_ROW_LIMIT,   /* every play would put an 11th card in a row */
    KF_END_NO_FOUNDER,  /* no Character to start the Genealogy */
    KF_END_MOVE_LIMIT   /* max_moves decisions were made */
};

/* A card can be drawn (the solitaire draws from the pile only). */
static inline int kf_can_draw(const kf_state *s)
{
    return !gn_set_empty(&s->pile);
}

/* The number of cards in a set. */
static inline int kf_set_count(const gn_set *s)
{
    return gn_set_count(s);
}

/* A sibling run is going on: the last birth may still get siblings. */
static inline int kf_run_active(const kf_state *s)
{
    return s->run_child != KF_NONE;
}

/* Facts of cards that the legal moves and the flow both ask. */
static inline int kf_has_enthronement(const kf_config *cfg, const kf_state *s, int t)
{
    return kb_has_enthronement(&cfg->deck, &s->gn, t);
}

static inline int kf_marries(const kf_config *cfg, int a, int b)
{
    return kb_marries(&cfg->deck, a, b);
}

/* Who moves (kf_current): the player, 0, at a decision; else the game is
 * over or at a chance node.  apply asks it too. */
static inline int kf_current_of(const kf_state *s)
{
    switch (s->phase) {
    case KF_PLAY:
    case KF_FORCED:
    case KF_PLACE: return 0;
    case KF_OVER: return CROWN_TERMINAL;
    default: return CROWN_CHANCE;
    }
}

/* legal.c: what may be done.  The moves of an Event card e (appended to
 * out), the sibling moves of the run (out may be NULL to count them) and
 * the plays of the player (with `any`, stops at the first): the flow asks
 * them too, whether a forced Event has a target, whether the run goes on,
 * whether the player can play.  *blocked counts moves refused only by the
 * row limit.  Then the rules table's current, legal and chance outcomes. */
size_t kf_event_moves(const kf_config *cfg, const kf_state *s, gn_lazy_view *view, int e,
                      crown_move *out, int *blocked);
size_t kf_sibling_moves(const kf_config *cfg, const kf_state *s, crown_move *out, int *blocked);
size_t kf_gen_plays(const kf_config *cfg, const kf_state *s, crown_move *out, int *blocked,
                    int any);
int kf_current(const void *config, const void *state);
size_t kf_legal(const void *config, const void *state, crown_move *out);
void kf_weights(const void *config, const void *state, uint32_t *weights);
size_t kf_chance_count(const void *config, const void *state);
crown_move kf_chance_nth(const void *config, const void *state, size_t k);

/* play.c: what happens, the rules table's init, apply and returns (its
 * scores too); the score and its rating. */
void kf_init(const void *config, void *state);
void kf_apply(const void *config, void *state, crown_move m);
void kf_returns(const void *config, const void *state, double *out);
int kf_truncated(const void *config, const void *state);
int64_t kf_score(const kf_config *c, const kf_state *s);
const char *kf_rating(int64_t score);

/* text.c: the text of moves and positions. */
void kf_move_text(const void *config, const void *state, crown_move m, crown_buf *b);
int kf_move_canon(const void *config, const char *text, crown_buf *out);
int kf_move_parse(const void *config, const void *state, const char *text, crown_move *out);
void kf_observe(const void *config, const void *state, int viewer, crown_buf *b);

/* views.c: the structured views. */
void kf_observe_tensor(const void *config, const void *state, int viewer, crown_tensor *t);
void kf_observe_json(const void *config, const void *state, int viewer, crown_buf *b);

/* determinize.c: resample. */
int kf_resample(const void *config, const crown_move *hist, size_t n, int viewer, crown_rng *rng,
                crown_move *out, void *scratch);

/* actions.c: the dense action index. */
size_t kf_action_count(const void *config);
long kf_action_index(const void *config, crown_move m);
crown_move kf_action_move(const void *config, size_t i);

/* why_illegal.c: the reasons of illegal moves. */
void kf_why_illegal(const void *config, const void *state, crown_move move, crown_buf *b);

/* check.c: the internal consistency check. */
int kf_check(const void *config, const void *state, crown_err *err);

/* rules.c: the rules table. */
extern const crown_rules crown_family_rules;

#endif
