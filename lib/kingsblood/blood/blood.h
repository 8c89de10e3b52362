/*
 * blood.h - King's Blood, the multiplayer game: the internal header of its
 * folder.  The configuration and the state, the small helpers several files
 * read, and what each file gives the others.  The rules as the engine plays
 * them: docs/kings-blood.md.
 *
 * The state is one plain block; the tests read it directly.
 */
#ifndef CROWN_KINGSBLOOD_BLOOD_H
#define CROWN_KINGSBLOOD_BLOOD_H

#include <stdint.h>

#include "crown/kingsblood.h"

#include "../cards.h"
#include "../common.h"
#include "../genealogy.h"

#define KBG_MAXP CROWN_KB_MAX_PLAYERS
_Static_assert(KBG_MAXP <= CROWN_MAX_PLAYERS, "CROWN_MAX_PLAYERS bounds every game's seats");
#define KBG_HAND 7
#define KBG_NONE 0xFF

/* Most legal moves in any state, for any deck of at most 121 cards (hand
 * and Genealogy share them): Character faces x Active cards x 2 sides,
 * plus Events, Exiles to 6 seats, the King's Blood card, siblings and the
 * single moves.  Chance outcomes and New Connection spots are fewer. */
#define KBG_MAX_MOVES 9000

typedef struct kbg_config {
    kb_deck deck;
    kb_faces faces;
    int players;
    int advanced;      /* advanced=on: the King's Blood card */
    int scoring;       /* 0: method A, 1: method B */
    int event_points;  /* an Event's and the King's Blood card's points */
    int match;         /* match=on */
    int target;        /* the match's target total */
    int reverse_skips; /* two_player_reverse=skip */
    uint32_t max_turns;       /* of a game (0: none) */
    uint32_t max_match_turns; /* of a match, its games' turns together (0: none) */
    int kings_blood;   /* the King's Blood card's id (deck.n) */
    int characters;    /* Characters in the deck */
    gn_set all;        /* every card in play */
    kb_actions actions; /* the dense action index */
} kbg_config;

/* What the game does next when it is not waiting for a chance outcome or a
 * decision (see advance() in play.c). */
enum kbg_step {
    KBG_S_DEAL,     /* deal the next card, then found */
    KBG_S_DECIDE,   /* `player` decides, in `mode` */
    KBG_S_DRAW,     /* `drawer` draws `draws_left` cards, then `then` */
    KBG_S_MARRIAGE, /* the Marriage of the card on `side` of `parent` draws a card */
    KBG_S_FORCED,   /* `forced` must be played, if it can */
    KBG_S_END_TURN, /* the turn of `player` ends */
    KBG_S_LIMITS,   /* the turn and what it caused are over: the turn limits */
    KBG_S_PASS_ON,  /* play passes on from `player` */
    KBG_S_REACH,    /* play reaches `reach` */
    KBG_S_OVER
};

/* Chance and decision nodes. */
enum kbg_phase {
    KBG_DEAL,     /* chance: a card dealt */
    KBG_FOUND,    /* chance: the Character founding the Genealogy */
    KBG_RESTART,  /* chance: a card turned up to restart an empty Genealogy */
    KBG_DRAW,     /* chance: a card drawn into `drawer`'s hand */
    KBG_MARRIAGE, /* chance: the card drawn for a Marriage */
    KBG_PLAY,     /* a decision of `player` */
    KBG_OVER
};

/* What a decision is about. */
enum kbg_mode {
    KBG_M_TURN,    /* play a card or draw (or pass) */
    KBG_M_PENDING, /* a Draw 3 is pending: shift it or take the cards */
    KBG_M_DRAWN,   /* play the card just drawn, or stop */
    KBG_M_CHILD,   /* after a birth: play on the child, siblings, or stop */
    KBG_M_FREE,    /* after an Assassination or the King's Blood card: one more card, or stop */
    KBG_M_FORCED,  /* play the Event drawn at a Marriage */
    KBG_M_PLACE    /* place the card a New Connection lifted */
};

/* Why a game ended. */
enum kbg_end {
    KBG_END_NONE,
    KBG_END_WINNER,     /* a player emptied his hand */
    KBG_END_PASSES,     /* every player passed since a card was last played or drawn */
    KBG_END_NO_FOUNDER, /* no Character to start or restart the Genealogy */
    KBG_END_MAX_TURNS,  /* the max_turns-th turn of the game ended */
    KBG_END_MATCH_TURNS /* the max_match_turns-th turn of the match ended */
};

/* Why a match ended (kbg_state.match_over). */
enum kbg_match_end {
    KBG_MATCH_ON,        /* not over */
    KBG_MATCH_TARGET,    /* a total reached the target */
    KBG_MATCH_MAX_TURNS  /* the max_match_turns-th turn ended: no winner */
};

/* Counters that grow with the length of a game or a match are 32-bit and
 * saturate. */
typedef struct kbg_state {
    genealogy gn;
    gn_set hand[KBG_MAXP];
    gn_set known[KBG_MAXP]; /* cards of each hand everybody knows (received face up) */
    gn_set pile, discards;
    gn_set waiting;         /* Events played this turn, to the discards when it ends */
    gn_set aside;           /* the King's Blood card when set aside */
    int32_t total[KBG_MAXP]; /* points: the match's totals (one game: its points) */
    uint32_t turns;         /* turns taken in this game (for max_turns) */
    uint32_t match_turns;   /* turns taken in the match's games (for max_match_turns) */
    uint32_t games_done;    /* games of the match finished */
    uint32_t reshuffles;    /* this game's reshuffles of the discards */
    uint16_t pending;       /* Draw 3 cards pending on the player to move */
    uint16_t draws_left;    /* cards `drawer` still draws */
    uint8_t phase, step, then, mode;
    uint8_t player;         /* whose turn it is */
    uint8_t reach;          /* KBG_S_REACH: the player play reaches */
    uint8_t dealer, dealt;
    uint8_t dir;            /* 0 clockwise, 1 counterclockwise */
    uint8_t drawer;
    uint8_t lost;           /* seats whose next turn is lost, as bits */
    uint8_t announced;      /* seats with a valid "King's Blood!", as bits */
    uint8_t passed;         /* seats that passed since a card was last played or drawn */
    uint8_t ability;        /* of the last card played from hand this turn */
    uint8_t shifted;        /* this turn shifted a pending Draw 3 */
    uint8_t winner;         /* of this game, or KBG_NONE */
    uint8_t over;           /* why this game ended (enum kbg_end) */
    uint8_t match_over;     /* why the match is over (enum kbg_match_end) */
    uint8_t drawn;          /* the card drawn by the draw move, for KBG_M_DRAWN */
    uint8_t parent;         /* KBG_S_MARRIAGE: the card the placed one touches... */
    int8_t side;            /* ... and the side it lies on */
    uint8_t child;          /* the newborn being played on (KBG_M_CHILD) */
    uint8_t run_last;       /* the last sibling placed, or the child */
    int8_t run_side;        /* the siblings' side, 0 before the first */
    uint8_t forced;         /* the Event drawn at a Marriage, in no set until it is played
                               or discarded (KBG_S_FORCED, KBG_M_FORCED) */
    uint8_t nc_card;        /* the card a New Connection lifted (KBG_M_PLACE) */
    uint8_t nc_to;          /* ... to be placed beside this card only, or KBG_NONE */
    uint8_t last_winner;    /* the winner of the last finished game of a match */
    uint8_t pad[4];
} kbg_state;

/* A card can be drawn: from the pile, or from the discards shuffled into a
 * new one. */
static inline int kbg_can_draw(const kbg_state *s)
{
    return !gn_set_empty(&s->pile) || !gn_set_empty(&s->discards);
}

/* The number of cards of a set. */
static inline int kbg_count(const gn_set *s)
{
    return gn_set_count(s);
}

/* Who receives the card of a chance node that goes to a hand (-1: none,
 * the card is public). */
static inline int kbg_receiver(const kbg_config *cfg, const kbg_state *s)
{
    if (s->phase == KBG_DEAL)
        return (s->dealer + 1 + s->dealt) % cfg->players;
    if (s->phase == KBG_DRAW)
        return s->drawer;
    return -1;
}

/* Does `viewer` see the hand of seat q: its own, every hand for the
 * omniscient viewer, and every hand for everybody once the game is over? */
static inline int kbg_shows_hand(const kbg_state *s, int viewer, int q)
{
    return viewer == q || viewer == CROWN_OMNISCIENT || s->phase == KBG_OVER;
}

/* When c, the lowest id of its face in p's hand (the copy a move names),
 * leaves it: the card everybody sees leave.  The card p just drew
 * (`drawn`, else -1), when it is played at once; else a copy of the face
 * known face up (c itself if it is one): the public cannot tell which copy
 * was played, so it takes the known one to be gone; else c.  Identical
 * cards differ only by their ids: the card that stays takes c's role. */
static inline int kbg_seen_leaving(const kbg_config *cfg, const kbg_state *s, int p, int c,
                                   int drawn)
{
    if (drawn >= 0)
        return drawn;
    gn_set k = kb_same_in(&cfg->faces, &s->known[p], c);
    return gn_set_empty(&k) || gn_set_has(&k, c) ? c : gn_set_next(&k, 0);
}

/* legal.c: the moves of Event e on the Active cards (a forced one when
 * `forced`), which play.c asks of the Event a Marriage drew. */
size_t kbg_event_moves(const kbg_config *cfg, const kbg_state *s, gn_lazy_view *view, int e,
                       int forced, crown_move *out);

/* play.c: the points of a finished game (method A or B) in out[players];
 * the winners of a finished game or match, as bits (0: none). */
void kbg_game_points(const kbg_config *c, const kbg_state *s, int32_t *out);
unsigned kbg_winners(const kbg_config *cfg, const kbg_state *s);

/* The functions of the rules table (rules.c), by the file of each job. */

/* legal.c */
int kbg_current(const void *config, const void *state);
size_t kbg_legal(const void *config, const void *state, crown_move *out);
crown_move kbg_legal_pick(const void *config, const void *state, crown_pick *pick);
void kbg_weights(const void *config, const void *state, uint32_t *weights);
size_t kbg_chance_count(const void *config, const void *state);

/* play.c */
void kbg_init(const void *config, void *state);
void kbg_apply(const void *config, void *state, crown_move m);
void kbg_returns(const void *config, const void *state, double *out);
int kbg_truncated(const void *config, const void *state);
void kbg_scores(const void *config, const void *state, double *out);

/* deal.c: the table's chance_run. */
size_t kbg_chance_run(const void *config, void *state, uint64_t seed, uint64_t first,
                      crown_move *out, size_t cap);

/* actions.c: the families of moves of the action index (configure calls
 * kbg_actions_init), and the table's action_count, action_index and
 * action_move. */
void kbg_actions_init(kbg_config *c);
size_t kbg_action_count(const void *config);
long kbg_action_index(const void *config, crown_move m);
crown_move kbg_action_move(const void *config, size_t i);

/* text.c */
void kbg_move_text(const void *config, const void *state, crown_move m, crown_buf *b);
void kbg_move_text_seen(const void *config, const void *state, crown_move m, int viewer,
                        crown_buf *b);
int kbg_move_canon(const void *config, const char *text, crown_buf *out);
int kbg_move_parse(const void *config, const void *state, const char *text, crown_move *out);
void kbg_observe(const void *config, const void *state, int viewer, crown_buf *b);

/* views.c */
void kbg_observe_json(const void *config, const void *state, int viewer, crown_buf *b);
void kbg_observe_tensor(const void *config, const void *state, int viewer, crown_tensor *t);

/* determinize.c */
int kbg_resample(const void *config, const crown_move *hist, size_t n, int viewer,
                 crown_rng *rng, crown_move *out, void *scratch);

/* check.c */
int kbg_check(const void *config, const void *state, crown_err *err);

/* why_illegal.c */
void kbg_why_illegal(const void *config, const void *state, crown_move move, crown_buf *b);

/* move_ids.c: the moves as the API shows them, their cards named by face
 * (the table's legal, chance_nth, apply, why_illegal,
 * move_parse, move_text and move_text_seen), and the translations both ways. */
crown_move kbg_move_shown(const kbg_config *cfg, const kbg_state *s, crown_move m);
crown_move kbg_move_inner(const kbg_config *cfg, const kbg_state *s, crown_move m);
size_t kbg_shown_legal(const void *config, const void *state, crown_move *out);
crown_move kbg_shown_chance_nth(const void *config, const void *state, size_t k);
void kbg_shown_apply(const void *config, void *state, crown_move m);
void kbg_shown_why_illegal(const void *config, const void *state, crown_move m, crown_buf *b);
int kbg_shown_move_parse(const void *config, const void *state, const char *text,
                         crown_move *out);
void kbg_shown_move_text(const void *config, const void *state, crown_move m, crown_buf *b);
void kbg_shown_move_text_seen(const void *config, const void *state, crown_move m, int viewer,
                              crown_buf *b);

/* rules.c: the table. */
extern const crown_rules crown_blood_rules;

#endif
