/*
 * bloodbound.h - Blood Bound (internal): the reference card and the supply
 * as data, the configuration and the state, the small helpers the files of
 * the folder share, and what each file gives the others.  The rules as the
 * engine plays them: docs/blood-bound.md; the table of the rules' jobs:
 * rules.c.
 *
 * The state is one plain block; the tests read it directly.
 */
#ifndef CROWN_BLOODBOUND_INTERNAL_H
#define CROWN_BLOODBOUND_INTERNAL_H

#include <stdint.h>

#include "crown/bloodbound.h"

#include "../core/rules.h"

#define BB_MAXP CROWN_BB_MAX_PLAYERS
_Static_assert(BB_MAXP <= CROWN_MAX_PLAYERS, "CROWN_MAX_PLAYERS bounds every game's seats");
#define BB_NONE 0xFF
#define BB_CHARACTERS 20 /* 9 Rose, 9 Beast, 2 Inquisitor cards */
#define BB_BIT(p) (1u << (p))
/* The most moves: the Inquisitor's Curses with 11 players, a True holder
 * and 3 False ones among 10 others: 10 * C(9, 3) = 840. */
#define BB_MAX_MOVES 1024

/* ---- the reference card (data) ---------------------------------------- */

/* Affiliation icons. */
enum bb_icon { BB_ICON_CLAN, BB_ICON_UNKNOWN, BB_ICON_WILD };

typedef struct bb_role {
    uint8_t rank;       /* 1..9, CROWN_BB_INQUISITOR_RANK for the Inquisitor */
    const char *name;
    uint8_t icon[2];    /* the two affiliation icons */
    uint8_t clue_rival; /* the clue shows the rival clan (the Harlequin) */
} bb_role;

/* Index 0..8: ranks 1..9; 9: the Inquisitor. */
extern const bb_role bb_roles[10];

/* The supply of tokens and ability cards. */
typedef struct bb_supply {
    uint8_t rose, beast, unknown; /* affiliation tokens (a pile never runs out) */
    uint8_t rank_per_number;      /* rank tokens of each number 1..9 */
    uint8_t quill, sword, shield, fan, staff;
    uint8_t shields_per_colour;
} bb_supply;

extern const bb_supply bb_supply_counts;

/* Curse cards in play, by player count (odd counts only): 1 True and this
 * many False. */
int bb_false_curses(int players);

/* A character's role, clan (CROWN_BB_ROSE/BEAST, or 2 for the Inquisitor)
 * and clue (the clan shown). */
const bb_role *bb_role_of(int character);
int bb_clan_of(int character);
int bb_clue_of(int character);

/* ---- configuration and state ------------------------------------------ */

/* max_turns's default: far beyond a real game (random play never passes
 * ~80 turns), so that a game whose players only pass the dagger ends. */
#define BB_MAX_TURNS 1000

#define BB_KINDS (CROWN_BB_K_RETURN + 1) /* move kinds, the chance one (0) included */

typedef struct bb_config {
    int players;
    int per_clan;     /* floor(players / 2) characters of each clan */
    int inquisitor;   /* players is odd */
    int false_curses; /* with the Inquisitor */
    uint32_t max_turns;
    /* The dense action index (actions.c, bb_actions_init): the first index
     * of each kind's decisions (kind_start[BB_KINDS] is their number), and
     * the binomial coefficients that number the Inquisitor's Curses. */
    uint32_t kind_start[BB_KINDS + 1];
    uint16_t binom[CROWN_BB_MAX_PLAYERS + 1][CROWN_BB_MAX_PLAYERS + 1];
} bb_config;

enum bb_phase {
    BB_P_ROSE,     /* chance: the Rose characters in play (a set of ranks) */
    BB_P_BEAST,    /* chance: the Beast characters in play */
    BB_P_INQ,      /* chance: which Inquisitor card is in play */
    BB_P_DEAL,     /* chance: the character of seat `dealt` */
    BB_P_DAGGER,   /* chance: who starts with the dagger */
    BB_P_TURN,     /* the dagger's holder attacks or passes */
    BB_P_OFFER,    /* `asking` offers to intervene or declines */
    BB_P_ACCEPT,   /* the target accepts an offer or none */
    BB_P_TOKEN,    /* `victim` takes a token for a wound */
    BB_P_ABILITY,  /* `user` uses his ability or not */
    BB_P_RETURN,   /* the healed player returns a token */
    BB_P_OVER
};

/* What caused the wound being suffered. */
enum bb_cause { BB_C_ATTACK, BB_C_ABILITY };

/* Why the game ended. */
enum bb_end { BB_END_NONE, BB_END_CAPTURE, BB_END_MAX_TURNS };

typedef struct bb_state {
    uint8_t phase;
    uint8_t dealt;
    uint16_t rose_set, beast_set; /* ranks in play, as bits (rank r: bit r-1) */
    uint8_t inq_card;             /* CROWN_BB_INQUISITOR_*, or BB_NONE */
    uint8_t character[BB_MAXP];   /* BB_NONE before the deal */
    /* Tokens. */
    uint8_t rank_taken[BB_MAXP];
    uint8_t aff[BB_MAXP][2];      /* affiliation tokens (CROWN_BB_T_*), 0 when none */
    /* What every player has seen of each seat, healed tokens included: the
     * rank token was shown; the affiliation tokens ever taken, as bits
     * (1 << CROWN_BB_T_*). */
    uint8_t shown_rank[BB_MAXP];
    uint8_t shown_aff[BB_MAXP];
    /* Ability cards, as seat bits (the Curses: who holds one). */
    uint16_t quill, fan, staff, shield[2], curse;
    uint8_t sword[2];             /* the seat holding each colour's Sword, or BB_NONE */
    uint8_t colour[BB_MAXP];      /* a Guardian's colour + 1 (1: A, 2: B), 0 before his first use */
    uint8_t colours_used;
    uint8_t true_curse;           /* seat, or BB_NONE */
    uint8_t curses_given;
    uint16_t looked[BB_MAXP];     /* the seats whose card each Harlequin has seen */
    /* The turn. */
    uint8_t dagger;               /* the active player */
    uint8_t attacker, target;     /* of the attack, or BB_NONE */
    uint8_t asking;               /* BB_P_OFFER: the seat asked */
    uint16_t offers, declines;    /* seats that offered, declined */
    uint8_t wounded;              /* who suffered the attack's wound */
    uint8_t intervened;           /* the wounded is an intervener */
    uint8_t user;                 /* BB_P_ABILITY: who may use his ability */
    /* The wound being suffered (BB_P_TOKEN). */
    uint8_t victim, wounds_left, cause, force_rank, capturer;
    uint8_t next_dagger;          /* who gets the dagger when the attack is over */
    uint8_t healed;               /* BB_P_RETURN: who returns a token */
    uint8_t captured;             /* seat, or BB_NONE */
    uint8_t over;                 /* enum bb_end */
    uint8_t pad;
    uint16_t winners;             /* seats, as bits */
    uint32_t turns;               /* turns taken (saturates) */
} bb_state;

/* A player's wounds: his rank token and affiliation tokens taken. */
static inline int bb_wounds(const bb_state *s, int p)
{
    return s->rank_taken[p] + (s->aff[p][0] != 0) + (s->aff[p][1] != 0);
}

/* Does p hold a Shield (of either colour)? */
static inline int bb_shielded(const bb_state *s, int p)
{
    return ((s->shield[0] | s->shield[1]) >> p) & 1;
}

static inline int bb_popcount(unsigned x)
{
    return crown_popcount64(x);
}

static inline int bb_rank_of(const bb_state *s, int p)
{
    return bb_role_of(s->character[p])->rank;
}

/* Does the icon accept token type t for a character of this clan? */
static inline int bb_icon_accepts(int icon, int clan, int t)
{
    if (icon == BB_ICON_WILD)
        return 1;
    if (icon == BB_ICON_UNKNOWN)
        return t == CROWN_BB_T_UNKNOWN;
    return t == (clan == CROWN_BB_ROSE ? CROWN_BB_T_ROSE : CROWN_BB_T_BEAST);
}

/* Can a character hold these affiliation tokens (n of them), one per icon? */
static inline int bb_fits(int character, const int *t, int n)
{
    const bb_role *r = bb_role_of(character);
    int clan = bb_clan_of(character);
    if (n == 0)
        return 1;
    if (n == 1)
        return bb_icon_accepts(r->icon[0], clan, t[0]) || bb_icon_accepts(r->icon[1], clan, t[0]);
    return (bb_icon_accepts(r->icon[0], clan, t[0]) && bb_icon_accepts(r->icon[1], clan, t[1])) ||
           (bb_icon_accepts(r->icon[0], clan, t[1]) && bb_icon_accepts(r->icon[1], clan, t[0]));
}

static inline int bb_is_inquisitor(const bb_state *s, int p)
{
    return s->character[p] != BB_NONE && s->character[p] >= 18;
}

/* The Guardian colour p would use: his own, or the next one; -1 none. */
static inline int bb_guardian_colour(const bb_state *s, int p)
{
    if (s->colour[p])
        return s->colour[p] - 1;
    return s->colours_used < 2 ? s->colours_used : -1;
}

/* ---- what each file of the folder gives the others ------------------- */

/* legal.c: what may be done; the uses of seat u's ability, into out (their
 * number), or with out NULL whether there is one, or with want (not -1)
 * whether it is one. */
int bb_current(const void *config, const void *state);
size_t bb_legal(const void *config, const void *state, crown_move *out);
int bb_is_legal(const void *config, const void *state, crown_move m);
size_t bb_chance_count(const void *config, const void *state);
crown_move bb_chance_nth(const void *config, const void *state, size_t k);
crown_move bb_legal_pick(const void *config, const void *state, crown_pick *pick);
size_t bb_ability_moves(const bb_config *cfg, const bb_state *s, int u, crown_move *out,
                        crown_move want);

/* play.c: what happens; the seat of the Inquisitor, or -1. */
void bb_init(const void *config, void *state);
void bb_apply(const void *config, void *state, crown_move m);
void bb_returns(const void *config, const void *state, double *out);
int bb_truncated(const void *config, const void *state);
void bb_scores(const void *config, const void *state, double *out);
int bb_inquisitor_seat(const bb_config *cfg, const bb_state *s);

/* text.c: the text of moves and positions; the names of the tokens
 * (CROWN_BB_T_* order) and of the clans (CROWN_BB_ROSE, CROWN_BB_BEAST, the
 * Inquisitor); whether `viewer` knows the character of seat p. */
void bb_move_text(const void *config, const void *state, crown_move m, crown_buf *b);
void bb_move_text_seen(const void *config, const void *state, crown_move m, int viewer,
                       crown_buf *b);
int bb_move_canon(const void *config, const char *text, crown_buf *out);
int bb_move_parse(const void *config, const void *state, const char *t, crown_move *out);
void bb_observe(const void *config, const void *state, int viewer, crown_buf *b);
extern const char *const bb_token_txt[4];
extern const char *const bb_clan_txt[3];
int bb_knows(const bb_state *s, int viewer, int p);

/* views.c: the structured views. */
void bb_observe_tensor(const void *config, const void *state, int viewer, crown_tensor *t);
void bb_observe_json(const void *config, const void *state, int viewer, crown_buf *b);

/* determinize.c: determinization. */
int bb_resample(const void *config, const crown_move *hist, size_t n, int viewer,
                crown_rng *rng, crown_move *out, void *scratch);

/* actions.c: the dense action index and a move as JSON. */
void bb_actions_init(bb_config *c);
size_t bb_action_count(const void *config);
long bb_action_index(const void *config, crown_move m);
crown_move bb_action_move(const void *config, size_t i);
void bb_move_json(const void *config, crown_move m, crown_buf *b);

/* check.c: the consistency check. */
int bb_check(const void *config, const void *state, crown_err *err);

/* why_illegal.c: the rules table's why_illegal. */
void bb_why_illegal(const void *config, const void *state, crown_move move, crown_buf *b);

/* rules.c: the rules table. */
extern const crown_rules crown_bloodbound_rules;

#endif
