/*
 * rules.h - the contract between the game-independent core and one game.
 *
 * A game is one constant crown_rules table.  The core owns the handle, the
 * options text, the history, undo, chance resolution, save/load and the text
 * buffers; it knows a game only through this table and the sizes it
 * declares.  Nothing here is exported from the shared library.
 */
#ifndef CROWN_CORE_RULES_H
#define CROWN_CORE_RULES_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "crown/crown.h"

/* ---- text output ------------------------------------------------------ */

/* An append-only text buffer over caller memory.  Appends never write past
 * cap-1 and always keep the text NUL-terminated when cap > 0, but `len`
 * counts everything appended, so len+1 > cap means "too small". */
typedef struct crown_buf {
    char *p;
    size_t cap;
    size_t len;
} crown_buf;

void crown_buf_init(crown_buf *b, char *p, size_t cap);
void crown_buf_puts(crown_buf *b, const char *s);
void crown_buf_putc(crown_buf *b, char c);
/* s as a JSON string, quoted and escaped (s is NUL-terminated, ASCII or
 * UTF-8; bytes >= 0x80 are written as they are). */
void crown_buf_json_string(crown_buf *b, const char *s);
/* A viewer as the JSON views write it: the seat number, "spectator" or
 * "omniscient". */
void crown_buf_json_viewer(crown_buf *b, int viewer);
/* A number in decimal (no printf: move texts are written on hot paths). */
void crown_buf_putu(crown_buf *b, unsigned v);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void crown_buf_printf(crown_buf *b, const char *fmt, ...);

/* Reads s[0..n) as a whole number in the one syntax of every number the
 * library reads (option values, saved games, move texts): decimal digits
 * only, at least one; no sign, no space, no other base.  Leading zeros are
 * allowed.  0 and *out set; -1 when malformed; -2 when above `max` (never
 * wrapping, however many digits). */
int crown_parse_uint(const char *s, size_t n, uint64_t max, uint64_t *out);

/* ASCII-only character classes: text handling must not depend on the
 * caller's locale. */
static inline int crown_is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static inline char crown_to_lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
}

/* ---- observation tensors ---------------------------------------------- */

/* What a game's observe_tensor writes into.  The tensor is a flat vector of
 * floats made of named pieces laid end to end, each a row-major array of
 * one to three dimensions.  The pieces, their order and their shapes
 * depend only on the configuration, never on the state or the viewer. */
typedef struct crown_tensor {
    float *v;          /* the values (zeroed before the call), or NULL when
                        * only the size and layout are wanted */
    size_t len;        /* floats in the pieces so far */
    crown_buf *layout; /* NULL, or where the pieces are listed as JSON */
    int npieces;
} crown_tensor;

/* Adds the next piece, `name` (a JSON-safe identifier), of shape
 * d0 x d1 x d2 (d1 or d2 = 0: fewer dimensions; d0 >= 1).  Returns where
 * its values go, all 0.0f, or NULL when t->v is NULL: write a piece only
 * through a pointer this returned and only when it is not NULL. */
float *crown_tensor_piece(crown_tensor *t, const char *name, size_t d0, size_t d1, size_t d2);

/* ---- errors ----------------------------------------------------------- */

/* A message slot; `crown_errf` formats into it (truncating). */
typedef struct crown_err {
    char msg[256];
} crown_err;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void crown_errf(crown_err *e, const char *fmt, ...);

/* ---- randomness ------------------------------------------------------- */

/* A small counter-based generator: no hidden state outside the struct. */
typedef struct crown_rng {
    uint64_t s;
} crown_rng;

/* The generator's mixing function (also the state hash's). */
static inline uint64_t crown_mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* The running counts of x's bytes: byte i of the result is the number of
 * set bits in bytes 0..i of x (at most 64, so no byte carries into the
 * next).  Removing a bit of byte b from x takes 1 from bytes b..7: subtract
 * 0x0101010101010101 << 8b. */
static inline uint64_t crown_byte_counts(uint64_t x)
{
    uint64_t n2 = x - ((x >> 1) & 0x5555555555555555ULL);
    uint64_t n4 = (n2 & 0x3333333333333333ULL) + ((n2 >> 2) & 0x3333333333333333ULL);
    uint64_t n8 = (n4 + (n4 >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return n8 * 0x0101010101010101ULL;
}

/* The number of set bits, without the POPCNT instruction (which the
 * baseline x86-64 the library is built for lacks: __builtin_popcountll
 * would call a slow library routine): the last of the running counts. */
static inline int crown_popcount64(uint64_t x)
{
    return (int)(crown_byte_counts(x) >> 56);
}

/* crown_select_in_byte[b][k]: the place of the k-th set bit of the byte b
 * (k below its count; rng.c). */
extern const uint8_t crown_select_in_byte[256][8];

/* The place of the k-th set bit of x (0-based, from the lowest), k below
 * x's count, where upto is crown_byte_counts(x) (a pile dealt from keeps
 * its counts up to date instead of counting again).  Without a branch (k
 * is random: the exit of a loop clearing k bits would be mispredicted): the
 * byte holding it from the bytes' running counts, then the bit within the
 * byte from a table. */
static inline int crown_select_counted(uint64_t x, uint64_t upto, unsigned k)
{
    const uint64_t ones = 0x0101010101010101ULL;
    /* The bytes whose running count is at most k come before the bit: the
     * lowest byte whose top bit `le` leaves clear holds it. */
    uint64_t le = ((((uint64_t)k * ones) | (0x80 * ones)) - upto) & (0x80 * ones);
    unsigned shift = (unsigned)__builtin_ctzll(~le & (0x80 * ones)) - 7;
    k -= (unsigned)((upto << 8) >> shift & 0xff);
    return (int)shift + crown_select_in_byte[(x >> shift) & 0xff][k & 7];
}

/* The place of the k-th set bit of x (0-based, from the lowest), k below
 * x's count: the k-th card of a pile, for a draw. */
static inline int crown_select64(uint64_t x, unsigned k)
{
    return crown_select_counted(x, crown_byte_counts(x), k);
}

/* The generator of (seed, stream).  Inline: the handle seeds one at every
 * chance node it draws. */
static inline void crown_rng_seed(crown_rng *r, uint64_t seed, uint64_t stream)
{
    r->s = crown_mix64(seed ^ crown_mix64(stream ^ 0x6a09e667f3bcc909ULL));
}

/* The generator's next output.  Inline (with crown_rng_below_from): a
 * playout draws at every step, and a call costs a good part of a draw. */
static inline uint64_t crown_rng_next(crown_rng *r)
{
    r->s += 0x9e3779b97f4a7c15ULL;
    uint64_t z = r->s;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* floor((2^64 - 1) / n) for 0 < n < CROWN_RECIPROCALS (rng.c): the draws
 * below that many need no division. */
#define CROWN_RECIPROCALS 1024
extern const uint64_t crown_reciprocal[CROWN_RECIPROCALS];

/* crown_rng_below_from's work, its last step without a branch when
 * `branch_free` (a constant): the same value either way.  The branch is
 * the better where the step is predictable (the draws of a playout, of a
 * handle drawing a node at a time); a deal drawing card after card in one
 * loop is better without it. */
static inline uint64_t crown_rng_reduce(crown_rng *r, uint64_t x, uint64_t n, int branch_free)
{
    /* Reject the top partial block so every residue is equally likely:
     * with m = floor((2^64 - 1) / n), the full blocks end at m * n. */
    uint64_t m = n < CROWN_RECIPROCALS ? crown_reciprocal[n] : UINT64_MAX / n;
    uint64_t limit = m * n;
    while (x >= limit)
        x = crown_rng_next(r);
#if defined(__SIZEOF_INT128__)
    /* x % n without a division: q = floor(x * m / 2^64) is floor(x / n) or
     * one below it (x / n - x * m / 2^64 = x * (2^64 - n * m) / (n * 2^64),
     * and 0 < 2^64 - n * m <= n). */
    uint64_t q = (uint64_t)(((unsigned __int128)x * m) >> 64), rem = x - q * n;
    if (branch_free)
        return rem - (n & -(uint64_t)(rem >= n));
    if (rem >= n)
        rem -= n;
    return rem;
#else
    (void)branch_free;
    return x % n;
#endif
}

/* Uniform in [0, n), n > 0, without modulo bias, where x is the
 * generator's next output, already drawn (crown_rng_next): the draw
 * crown_rng_below(r, n) makes, with its first output computed before n is
 * known (a playout computes it while the game lists its moves). */
static inline uint64_t crown_rng_below_from(crown_rng *r, uint64_t x, uint64_t n)
{
    return crown_rng_reduce(r, x, n, 0);
}

/* Uniform in [0, n), n > 0, without modulo bias. */
uint64_t crown_rng_below(crown_rng *r, uint64_t n);

/* The handle's draw at its chance node `index` (the number of chance
 * outcomes before it in the history) with chance=auto: a place in [0, n),
 * from the generator seeded from (the game's seed, index).  The place of
 * the elementary event (chance_nth), or the weighted outcome's place in the
 * total weight.  A game's chance_run draws with it too. */
static inline uint64_t crown_chance_place(uint64_t seed, uint64_t index, uint64_t n)
{
    crown_rng r;
    crown_rng_seed(&r, seed, index);
    return n ? crown_rng_below_from(&r, crown_rng_next(&r), n) : 0; /* (crown_rng_below) */
}

/* crown_chance_place of a game drawing node after node in one loop (n > 0):
 * the same place, without a branch on its last step. */
static inline uint64_t crown_chance_place_in_run(uint64_t seed, uint64_t index, uint64_t n)
{
    crown_rng r;
    crown_rng_seed(&r, seed, index);
    return crown_rng_reduce(&r, crown_rng_next(&r), n, 1);
}

/* How a game's legal_pick chooses among its moves: a playout's draw (rng
 * and its next output, computed ahead), or, with rng NULL, place k (the
 * tests ask for each place in turn).  crown_pick_place records the number
 * of moves in n.  `list` has room for max_moves moves, for a game that
 * lists them all to draw one (the handle's scratch list in a playout). */
typedef struct crown_pick {
    crown_rng *rng;
    uint64_t next;
    uint64_t k;
    uint64_t n;
    crown_move *list;
} crown_pick;

/* The place of the move to take among n: crown_rng_below(rng, n) with its
 * first output already drawn (0 when n = 0, as crown_rng_below gives, with
 * nothing drawn); the output after it is computed ahead in turn.  With rng
 * NULL, k. */
static inline uint64_t crown_pick_place(crown_pick *p, uint64_t n)
{
    p->n = n;
    if (!p->rng)
        return p->k;
    if (n == 0)
        return 0;
    uint64_t k = crown_rng_below_from(p->rng, p->next, n);
    p->next = crown_rng_next(p->rng);
    return k;
}

/* ---- options ---------------------------------------------------------- */

typedef enum crown_opt_kind { CROWN_OPT_INT, CROWN_OPT_ENUM, CROWN_OPT_TEXT } crown_opt_kind;

typedef struct crown_option_spec {
    const char *name;
    crown_opt_kind kind;
    int64_t min, max;           /* CROWN_OPT_INT: allowed range */
    int64_t def;                /* default: the value, or the index of the choice */
    const char *const *choices; /* CROWN_OPT_ENUM: NULL-terminated list */
    const char *help;
    const char *def_text;       /* CROWN_OPT_TEXT: the default text */
} crown_option_spec;

#define CROWN_MAX_OPTIONS 16
#define CROWN_OPTION_POOL 4608

/* Parsed option values, in the order of the game's option table: an INT's
 * value, an ENUM's choice index, a TEXT's offset in `text` (printable ASCII
 * without commas, NUL-terminated; read it with crown_opt_text).  Only
 * text[0..used) holds anything: the rest of the pool is never read. */
typedef struct crown_optvals {
    int64_t v[CROWN_MAX_OPTIONS];
    uint32_t text_mask; /* bit i: option i is TEXT (v[i] is an offset) */
    size_t used;
    char text[CROWN_OPTION_POOL];
} crown_optvals;

static inline const char *crown_opt_text(const crown_optvals *vals, size_t i)
{
    return vals->text + vals->v[i];
}

/* Replaces TEXT option i by `s` (a game's canonical form of it).  The pool
 * is rebuilt, so it holds each TEXT value once however often a game is
 * configured from the same values (clone, resample).  -1 when the values do
 * not fit (the pool is left as it was). */
int crown_opt_set_text(crown_optvals *vals, size_t i, const char *s);

/* Copies option values into dst: the values and the part of the pool in
 * use (a pool is never read past `used`). */
void crown_opt_copy(crown_optvals *dst, const crown_optvals *src);

/* ---- the rules table -------------------------------------------------- */

typedef struct crown_rules {
    const char *name;
    const char *summary;
    const crown_option_spec *options; /* game options (the core adds `chance`) */
    size_t noptions;

    size_t config_size; /* bytes of the game's parsed configuration */
    size_t state_size;  /* bytes of one state: a plain value, copied with memcpy */
    size_t max_moves;   /* bound on legal moves and chance outcomes */
    /* Bound on a chance node's outcomes, when there are chance_weights (0:
     * max_moves): the handle keeps room for that many weights. */
    size_t max_outcomes;

    /* Builds the configuration, which starts zeroed (unless
     * config_written), from option values (already range-checked);
     * cross-option checks report CROWN_EOPTION with a message.  It may
     * rewrite a TEXT value into its canonical form (crown_opt_set_text). */
    int (*configure)(void *config, crown_optvals *vals, crown_err *err);
    /* Set when configure writes every byte of the configuration (padding
     * included) whenever it succeeds: the handle then does not zero it
     * first (King's Blood: its deck's tables are most of it). */
    int config_written;
    int (*num_players)(const void *config);
    /* Optional: 1 when the configuration alone shows that every game of it
     * ends before its first decision (a deck the deal gives out whole),
     * with why in err; else 0.  A batch refuses such options: it steps
     * decisions. */
    int (*never_decides)(const void *config, crown_err *err);

    /* Writes the initial state (every byte, padding included: start from
     * memset 0).  It may be a chance node. */
    void (*init)(const void *config, void *state);
    /* A seat, CROWN_CHANCE or CROWN_TERMINAL. */
    int (*current)(const void *config, const void *state);
    /* Writes the legal moves (chance outcomes at a chance node), sorted and
     * distinct, at most max_moves; returns their number. */
    size_t (*legal)(const void *config, const void *state, crown_move *out);
    /* At a chance node: the integer weight of each outcome of `legal`, in
     * the same order.  NULL means all outcomes are equally likely. */
    void (*chance_weights)(const void *config, const void *state, uint32_t *weights);
    /* Optional, at a chance node: the node as `count` equally likely
     * elementary events (the cards of a pile), and the outcome the k-th of
     * them gives (0-based), without listing the outcomes.  The outcomes'
     * probabilities must be those of `legal` and `chance_weights` (several
     * identical cards: one weighted outcome).  The handle draws with it
     * when it is there. */
    size_t (*chance_count)(const void *config, const void *state);
    crown_move (*chance_nth)(const void *config, const void *state, size_t k);
    /* Optional, with chance=auto, at a chance node: the handle's draws (see
     * crown_chance_place) made by the game itself, several in one call.
     * From `state`, chance node `first` of the history, it draws and
     * applies chance nodes one after another, the i-th of them (from 0)
     * drawn with crown_chance_place(seed, first + i, chance_count) and
     * resolved by chance_nth, its outcome written to out[i], exactly as the
     * handle would draw and apply it; it stops at a decision, at the end,
     * after `cap` nodes, or before any node it leaves to the handle, and
     * returns how many it resolved.  The handle records them as its own
     * draws: the same draws, history and state as without it (a deal at
     * the cost of a loop rather than a chance node a card). */
    size_t (*chance_run)(const void *config, void *state, uint64_t seed, uint64_t first,
                         crown_move *out, size_t cap);
    /* Optional, at a decision (never at a chance node): the move at place
     * crown_pick_place(pick, n) of the n moves `legal` writes, built without
     * listing them; the game calls crown_pick_place once, with n its number
     * of legal moves, before it builds the move.  A playout draws its
     * decisions with it when it is there (the same draw as from the list,
     * so the same game). */
    crown_move (*legal_pick)(const void *config, const void *state, crown_pick *pick);
    /* Optional, at a decision: the move a search's playout plays under
     * its `playout=rule` policy (crown_search_new): a cheap rule of the
     * game that plays much better than a uniform draw (leading low, say),
     * drawing what it leaves to chance from `pick` (crown_pick_place, any
     * number of times, or none), with `list` max_moves of working memory.
     * It must return a legal move of `state`, read only the state (every
     * state of a search is a determinization, so the rule may look at
     * anything in it), and never fail.  NULL: the rule is a uniform draw. */
    crown_move (*playout_pick)(const void *config, const void *state, crown_pick *pick,
                               crown_move *list);
    /* Optional: is `move` among the moves `legal` writes in `state`?  Any
     * value of a crown_move may be asked.  When it is there, the handle
     * checks a move with it instead of listing the legal moves, and
     * crown_legal_moves writes the list straight into the caller's buffer. */
    int (*is_legal)(const void *config, const void *state, crown_move move);
    /* Applies a move known to be legal. */
    void (*apply)(const void *config, void *state, crown_move move);
    /* Optional: why `move` is not legal in `state`, as a short reason
     * ("RQ is not in seat 0's hand"), for the messages of an illegal move.
     * Any value of a crown_move may be asked (the handle asks only about
     * moves that are not legal); a value the encoding cannot express gets
     * a generic reason.  The reason must be true of the state, must not
     * change it, and may name what the player to move knows (his own hand,
     * what is public) but never another seat's hidden cards.  Only the
     * error path calls it. */
    void (*why_illegal)(const void *config, const void *state, crown_move move, crown_buf *b);

    /* The dense action index (docs/actions.md): the decision moves this
     * configuration's encoding can express (never chance outcomes),
     * numbered 0 .. action_count - 1, a bijection.  action_index: the index
     * of `move`, or -1 when it is none of them (any value may be asked).
     * action_move: the move of index i, i < action_count.  Every move a
     * seat may ever be offered has an index. */
    size_t (*action_count)(const void *config);
    long (*action_index)(const void *config, crown_move move);
    crown_move (*action_move)(const void *config, size_t i);

    /* A decision move's fields as one JSON object (docs/actions.md): its
     * "kind" and the cards, seats or tokens it names.  Called only for a
     * move action_index accepts. */
    void (*move_json)(const void *config, crown_move move, crown_buf *b);
    /* The text of a legal move; unique among the legal moves. */
    void (*move_text)(const void *config, const void *state, crown_move move, crown_buf *b);
    /* Reads a move text (ASCII, lower-cased, trimmed, single spaces): when it
     * is well-formed notation of this game, writes the text move_text would
     * write for that move (the cards of a move in its order, whatever order
     * they were given in) and returns 0; else returns -1.  Whether the move
     * is legal is not its concern. */
    int (*move_canon)(const void *config, const char *text, crown_buf *out);
    /* Optional: the move a text names in `state`, without generating the
     * legal moves' texts; 0, or -1 when it cannot tell.  The text is
     * normalized (as move_canon receives it) but may not be canonical: the
     * handle first tries the text as it is (a saved game's), then its
     * canonical form, and checks each time that the move is legal and that
     * its text is this one.  Any text must be read safely.  A text naming a
     * move that is not legal may give that move too: the handle then asks
     * why_illegal about it (when the move's text reads as the text). */
    int (*move_parse)(const void *config, const void *state, const char *canon, crown_move *out);
    /* Examples of the notation, for "cannot read" messages. */
    const char *notation;
    /* The text of `move`, played in `state`, as `viewer` (a seat or
     * CROWN_SPECTATOR) may know it: a chance outcome hidden from the viewer
     * is written without what is hidden.  NULL: every move is public. */
    void (*move_text_seen)(const void *config, const void *state, crown_move move, int viewer,
                           crown_buf *b);
    /* The view of `viewer` (a seat, CROWN_SPECTATOR or CROWN_OMNISCIENT). */
    void (*observe)(const void *config, const void *state, int viewer, crown_buf *b);
    /* The observation as a tensor (docs/observations.md): `viewer` is a
     * seat or CROWN_SPECTATOR (never CROWN_OMNISCIENT); only what that
     * viewer may know, the facts of its text view.  Pieces indexed by seat
     * start at the viewer (seat 0 for the spectator) and go on in seat
     * order.  With t->v NULL, only the pieces are declared (state is then
     * any state of the configuration). */
    void (*observe_tensor)(const void *config, const void *state, int viewer, crown_tensor *t);
    /* The observation as one JSON object: the facts of the text view of
     * `viewer` (a seat, CROWN_SPECTATOR or CROWN_OMNISCIENT), seats
     * absolute, following the game's documented schema. */
    void (*observe_json)(const void *config, const void *state, int viewer, crown_buf *b);
    void (*returns)(const void *config, const void *state, double *out);
    void (*scores)(const void *config, const void *state, double *out);
    /* Optional (NULL: never): 1 when the game is over because one of its
     * length limits (an option such as max_bouts) stopped it before its
     * rules ended it, else 0 (over by its rules, or not over). */
    int (*truncated)(const void *config, const void *state);

    /* Determinization: given the history hist[0..n), writes into out[0..n)
     * a history with the same decisions in which the chance outcomes hidden
     * from `viewer` are redrawn from `rng`, consistent with what `viewer`
     * has seen.  `scratch` is two states of working memory.  Returns
     * CROWN_OK or an error. */
    int (*resample)(const void *config, const crown_move *hist, size_t n, int viewer,
                    crown_rng *rng, crown_move *out, void *scratch);

    /* Internal consistency of a state (cards conserved, ...): 0 when sound,
     * else -1 with a message.  Used by the tests. */
    int (*check)(const void *config, const void *state, crown_err *err);
} crown_rules;

/* The registry of games, in crown_game_name order. */
extern const crown_rules *const crown_registry[];
extern const size_t crown_registry_count;
const crown_rules *crown_find_rules(const char *name);

#endif
