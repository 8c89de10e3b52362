/*
 * kingdoms.h - Game of Kingdoms: configuration and state (internal), the
 * small helpers several files of the folder use, and the functions each
 * file gives the others (rules.c names them in the rules table).
 *
 * The state is one plain block; the tests read it directly.
 */
#ifndef CROWN_KINGDOMS_INTERNAL_H
#define CROWN_KINGDOMS_INTERNAL_H

#include <stdint.h>

#include "crown/kingdoms.h"

#include "../core/rules.h"

#define KD_NONE 0xFF
#define KD_MAXP CROWN_KD_MAX_PLAYERS
_Static_assert(KD_MAXP <= CROWN_MAX_PLAYERS, "CROWN_MAX_PLAYERS bounds every game's seats");
#define KD_HAND_SIZE 6
#define KD_MAX_ATTACK 6

/* A card's bit in a set of cards (id = rank * 4 + colour), and the set of
 * all 40. */
#define KD_BIT(c) (1ULL << (c))
#define KD_ALL_CARDS ((1ULL << CROWN_KD_CARDS) - 1)

/* max_bouts's default: far beyond a real game (random play never passes
 * ~120 bouts), so that a game whose players always take still ends. */
#define KD_MAX_BOUTS 1000

typedef struct kd_config {
    int players;
    int ruthless;   /* variant=ruthless */
    int games;      /* games in the match */
    int later_left; /* later_lead=left_of_dealer */
    int max_bouts;  /* 0, or the bouts after which a game is drawn */
} kd_config;

enum kd_phase {
    KD_DEAL,   /* chance: the next card dealt */
    KD_TRUMP,  /* chance: the card turned up as trump */
    KD_LEAD,   /* the attacker leads */
    KD_DEFEND, /* the defender beats, takes or transfers */
    KD_ASK,    /* a player is asked to add a card or pass */
    KD_REFILL, /* chance: the card drawn by the player refilling */
    KD_OVER    /* the match is over */
};

/* How a game ended. */
enum kd_end {
    KD_END_LOSER,       /* one player was left with cards */
    KD_END_NOBODY_LEFT, /* nobody was: a draw */
    KD_END_MAX_BOUTS    /* the max_bouts-th bout ended it undecided: a draw */
};

/* Counters: `bouts` is 32-bit and saturates (a game without max_bouts can
 * be endless); games_done, draws and losses count games, at most the
 * `games` option (100), so 8 bits hold them; the others count cards or
 * seats. */
typedef struct kd_state {
    uint32_t bouts; /* bouts finished in this game (saturates) */
    uint32_t pad0;
    uint64_t hand[KD_MAXP];
    uint64_t known[KD_MAXP]; /* cards publicly known to be in each hand */
    uint64_t pile;           /* undrawn cards, the face-up trump excluded */
    uint64_t discards;
    uint8_t att[KD_MAX_ATTACK];   /* attack cards in the order played */
    uint8_t def[KD_MAX_ATTACK];   /* the card beating each, or KD_NONE */
    uint8_t owner[KD_MAX_ATTACK]; /* who put each attack card down */
    uint8_t natt;
    uint8_t phase;
    uint8_t dealer;
    uint8_t dealt;         /* cards dealt so far in this game */
    uint8_t trump;         /* the face-up trump card, KD_NONE before it is turned */
    uint8_t trump_in_pile; /* the face-up trump has not been drawn yet */
    uint8_t trump_drawer;  /* who drew it, KD_NONE */
    uint8_t reveal_seat;   /* who showed the lowest trump, KD_NONE */
    uint8_t reveal_card;
    uint8_t attacker, defender;
    uint8_t limit;          /* most attack cards this bout */
    uint8_t taken;          /* the defender has decided to take */
    uint8_t others_may_add; /* ruthless: the initial attack was beaten */
    uint8_t ask;            /* the seat asked to add (KD_ASK) */
    uint8_t passed;         /* seats that passed in a row, as bits */
    uint8_t contributors;   /* seats with an attack card this bout, as bits */
    uint8_t success;        /* the last bout was defended */
    uint8_t refill[KD_MAXP]; /* refill order of the bout just ended */
    uint8_t nrefill, refill_pos;
    uint8_t games_done, draws, last_loser;
    uint8_t last_end; /* how the last finished game ended (enum kd_end) */
    uint8_t losses[KD_MAXP];
} kd_state;

static inline int kd_popcount(uint64_t x)
{
    return crown_popcount64(x);
}

static inline int kd_lowest(uint64_t x)
{
    return __builtin_ctzll(x);
}

/* The cards on the table (attack and defence). */
static inline uint64_t kd_table_cards(const kd_state *s)
{
    uint64_t t = 0;
    for (int i = 0; i < s->natt; i++) {
        t |= KD_BIT(s->att[i]);
        if (s->def[i] != KD_NONE)
            t |= KD_BIT(s->def[i]);
    }
    return t;
}

static inline int kd_all_beaten(const kd_state *s)
{
    for (int i = 0; i < s->natt; i++)
        if (s->def[i] == KD_NONE)
            return 0;
    return 1;
}

/* The pile (the face-up trump included) is empty. */
static inline int kd_pile_empty(const kd_state *s)
{
    return s->pile == 0 && !s->trump_in_pile;
}

/* Still in the game: holding cards, or able to draw. */
static inline int kd_is_in(const kd_state *s, int seat)
{
    return s->hand[seat] != 0 || !kd_pile_empty(s);
}

/* The next seat still in, clockwise after `seat`, or KD_NONE. */
static inline int kd_next_in(const kd_config *c, const kd_state *s, int seat)
{
    for (int k = 1, t = seat; k < c->players; k++) { /* clockwise, without a division */
        if (++t == c->players)
            t = 0;
        if (kd_is_in(s, t))
            return t;
    }
    return KD_NONE;
}

/* legal.c: the rules table's current, legal, is_legal, chance_count and
 * chance_nth. */
int kd_current(const void *config, const void *state);
size_t kd_legal(const void *config, const void *state, crown_move *out);
int kd_is_legal(const void *config, const void *state, crown_move m);
size_t kd_chance_count(const void *config, const void *state);
crown_move kd_chance_nth(const void *config, const void *state, size_t k);

/* play.c: the rules table's init, apply, returns and scores. */
void kd_init(const void *config, void *state);
void kd_apply(const void *config, void *state, crown_move m);
void kd_returns(const void *config, const void *state, double *out);
int kd_truncated(const void *config, const void *state);
void kd_scores(const void *config, const void *state, double *out);

/* text.c: a card's text ("RQ"); the rules table's move_text,
 * move_text_seen, move_canon, move_parse and observe. */
void kd_put_card(crown_buf *b, int card);
void kd_move_text(const void *config, const void *state, crown_move m, crown_buf *b);
void kd_move_text_seen(const void *config, const void *state, crown_move m, int viewer,
                       crown_buf *b);
int kd_move_canon(const void *config, const char *text, crown_buf *out);
int kd_move_parse(const void *config, const void *state, const char *text, crown_move *out);
void kd_observe(const void *config, const void *state, int viewer, crown_buf *b);

/* views.c: a set of cards as a JSON array of ids; the rules table's
 * observe_tensor and observe_json. */
void kd_json_cards(crown_buf *b, uint64_t set);
void kd_observe_tensor(const void *config, const void *state, int viewer, crown_tensor *t);
void kd_observe_json(const void *config, const void *state, int viewer, crown_buf *b);

/* determinize.c: the rules table's resample. */
int kd_resample(const void *config, const crown_move *hist, size_t n, int viewer, crown_rng *rng,
                crown_move *out, void *scratch);

/* actions.c: the rules table's action_count, action_index, action_move
 * and move_json. */
size_t kd_action_count(const void *config);
long kd_action_index(const void *config, crown_move m);
crown_move kd_action_move(const void *config, size_t i);
void kd_move_json(const void *config, crown_move m, crown_buf *b);

/* why_illegal.c: the rules table's why_illegal. */
void kd_why_illegal(const void *config, const void *state, crown_move move, crown_buf *b);

/* check.c: the rules table's check. */
int kd_check(const void *config, const void *state, crown_err *err);

#endif
