/*
 * crown.h - libcrown, a rules engine for four royal card games.
 *
 * This header is the whole public contract of libcrown and its reference
 * manual.  It compiles as C (C99 and later) and as C++.
 *
 * ------------------------------------------------------------------------
 * Overview
 * ------------------------------------------------------------------------
 * A game is an opaque handle, crown_game, created by name with a text of
 * options and a 64-bit seed:
 *
 *     crown_game *g;
 *     if (crown_new(&g, "game_of_kingdoms", "players=4,variant=ruthless", 42))
 *         ... error ...
 *     while (crown_current_player(g, &p) == CROWN_OK && p != CROWN_TERMINAL) {
 *         crown_move moves[CROWN_MAX_MOVES_HINT]; size_t n;
 *         crown_legal_moves(g, moves, CROWN_MAX_MOVES_HINT, &n);
 *         crown_apply(g, moves[0]);
 *     }
 *     crown_free(g);
 *
 * Every decision is a move, a small non-negative integer (crown_move) whose
 * meaning is documented per game in docs/.  crown_legal_moves lists the moves
 * of the current state sorted ascending and distinct; crown_apply plays one
 * and checks its legality; crown_undo is the exact inverse of the last apply.
 * Each move has a text (crown_move_to_text / crown_move_from_text) that is
 * unique among the legal moves of its state and round-trips exactly.
 *
 * ------------------------------------------------------------------------
 * Conventions
 * ------------------------------------------------------------------------
 * - Status: every function that can fail returns int: CROWN_OK (0) on
 *   success, a negative CROWN_E* code on failure.  crown_strerror(code)
 *   names a code; crown_last_error(game) gives a readable message for the
 *   most recent failed call on that handle.
 * - Nothing changes on failure: a failed call leaves the game exactly as it
 *   was (only the handle's error message is replaced), and out-parameters
 *   other than size reports are left untouched, except where a function
 *   says otherwise.
 * - Argument order: constructors (crown_new, crown_clone, crown_deserialize)
 *   take the out-pointer to the new handle first.  Every other call on a
 *   game takes the game first, then its inputs, then its outputs.
 * - Ownership: the caller owns every handle it receives and releases it with
 *   crown_free.  Buffers are always the caller's.  Returned `const char *`
 *   strings are static (library lifetime) unless a function says otherwise.
 * - Buffers: functions that produce a variable amount of data take a buffer,
 *   its capacity and a size out-parameter (NULL: CROWN_EINVAL).  The size
 *   out-parameter always receives the required size (for text: the length
 *   without the final NUL; for an array: its number of elements), on
 *   CROWN_ETOOSMALL too.  A text needs its length + 1 bytes (the NUL), an
 *   array its number of elements.  If the capacity is too small the
 *   function returns CROWN_ETOOSMALL and the buffer holds no result (text
 *   buffers of non-zero capacity receive an empty string).
 * - Size queries: a NULL buffer with capacity 0 writes nothing, reports the
 *   size and returns what too small a capacity returns: CROWN_ETOOSMALL
 *   whenever there is anything to write.  So a text's size query always
 *   returns CROWN_ETOOSMALL (a text needs its NUL), and so does an array's,
 *   except for an empty array, which fits in 0: crown_legal_moves at the
 *   end of a game returns CROWN_OK with *count 0.  A NULL text buffer is a
 *   size query whatever its capacity; a NULL array with a capacity above 0
 *   is CROWN_EINVAL, except in crown_chance_outcomes (either array may be
 *   NULL, skipped).  The other functions of this header that report a size
 *   have no size query (crown_new_ex's errbuf is cut to fit).
 * - Threads: there is no global mutable state.  Distinct handles may be used
 *   concurrently from distinct threads; one handle must not be used by two
 *   threads at once.
 * - Determinism: the same game string, seed and moves give the same game on
 *   every machine.
 * - Stability (docs/stability.md): within libcrown.so.1 functions are only
 *   added, never changed or removed; move ids, the action index, what a
 *   seed deals and the saved-game formats keep their meaning in later
 *   versions.  The texts of observations, descriptions and error messages
 *   are for people and may change; so may the state hash.  The JSON views
 *   keep their keys (keys may be added), and an observation tensor keeps
 *   its pieces (pieces may be added after them).
 * - Allocation: crown_legal_moves, crown_apply (of a decision, with the
 *   chance events it resolves) and crown_undo allocate no memory once the
 *   game's history has reached its longest length so far.
 * - Memory: a handle keeps its whole history, so that undo, saving and
 *   resampling reach back to the start.  A decision (and, with
 *   chance=explicit, a chance outcome) keeps a copy of the state before it,
 *   so that undo is one copy: 185 bytes in Game of Kingdoms, 173 in Blood
 *   Bound, 1,337 in King's Blood and King's Family.  A chance outcome
 *   the handle draws itself (chance=auto) keeps 9 bytes.  Every game ends:
 *   each has a length limit whose default lies far beyond a real game
 *   (max_bouts, max_moves, max_turns, max_match_turns), so even players
 *   who never try to win reach an end (a King's Blood match the latest:
 *   about 200,000 decisions, 270 MB).  0 lifts a limit.  docs/performance.md
 *   gives what each game costs.
 *
 * ------------------------------------------------------------------------
 * Chance
 * ------------------------------------------------------------------------
 * Every shuffle, deal and draw is a chance event.  The common option
 * `chance` chooses how they appear:
 * - chance=auto (default): the handle resolves chance events itself from a
 *   generator derived from (seed, index of the chance event).  Callers only
 *   ever see decision nodes; crown_undo takes back a decision together with
 *   the chance events it caused.  The initial deal happens in crown_new.
 * - chance=explicit: chance nodes are exposed.  crown_current_player reports
 *   CROWN_CHANCE, crown_legal_moves lists the outcomes, and
 *   crown_chance_outcomes gives their probabilities.  The caller applies an
 *   outcome like any move (so a test can stack a deck card by card, and a
 *   search can branch on draws); crown_undo takes back one move.
 */
#ifndef CROWN_CROWN_H
#define CROWN_CROWN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------
 * Version
 * --------------------------------------------------------------------- */

#define CROWN_VERSION_MAJOR 0
#define CROWN_VERSION_MINOR 6
#define CROWN_VERSION_PATCH 0
/* MAJOR*10000 + MINOR*100 + PATCH, comparable with crown_version(). */
#define CROWN_VERSION_NUMBER \
    (CROWN_VERSION_MAJOR * 10000 + CROWN_VERSION_MINOR * 100 + CROWN_VERSION_PATCH)
#define CROWN_VERSION_STRING "0.6.0"

/* The version of the library actually loaded, as CROWN_VERSION_NUMBER. */
int crown_version(void);
/* The version of the library actually loaded, as "MAJOR.MINOR.PATCH". */
const char *crown_version_string(void);

/* ------------------------------------------------------------------------
 * Status codes
 * --------------------------------------------------------------------- */

enum {
    CROWN_OK = 0,
    CROWN_EINVAL = -1,    /* an argument is invalid: NULL pointer, seat out of range */
    CROWN_ENOMEM = -2,    /* memory could not be allocated */
    CROWN_ETOOSMALL = -3, /* the caller's buffer is too small; the size was reported */
    CROWN_EGAME = -4,     /* no game of that name */
    CROWN_EOPTION = -5,   /* malformed, unknown or out-of-range option */
    CROWN_EILLEGAL = -6,  /* the move is not legal in this state */
    CROWN_ENOUNDO = -7,   /* nothing to undo */
    CROWN_EPARSE = -8,    /* text (move, saved game) could not be parsed */
    CROWN_ESTATE = -9,    /* the call does not apply to the current state */
    CROWN_EINTERNAL = -10 /* a bug in libcrown; please report it */
};

/* A static, readable name for a status code ("buffer too small", ...).
 * Unknown codes give "unknown status". Never NULL. */
const char *crown_strerror(int status);

/* ------------------------------------------------------------------------
 * Types and special values
 * --------------------------------------------------------------------- */

/* An opaque game: rules, options, seed, history and current state. */
typedef struct crown_game crown_game;

/* A move: a non-negative integer whose encoding is documented per game. */
typedef int32_t crown_move;

/* crown_current_player values that are not seats. */
#define CROWN_CHANCE (-1)   /* a chance node (only with chance=explicit) */
#define CROWN_TERMINAL (-2) /* the game is over */

/* crown_observation / crown_resample viewers that are not seats. */
#define CROWN_SPECTATOR (-3)  /* sees only public information */
#define CROWN_OMNISCIENT (-4) /* sees everything (debugging view) */

/* No game has more legal moves (or chance outcomes) than this in any state:
 * a buffer of this many moves is always large enough for crown_legal_moves.
 * crown_max_moves gives the exact bound of one game. */
#define CROWN_MAX_MOVES_HINT 16384

/* No game has more seats than this (Blood Bound has 12): an array of this
 * many values is always large enough for crown_returns, crown_scores and
 * the playouts' returns.  crown_num_players gives one game's seats, and a
 * game's "players" option its range (crown_options_json). */
#define CROWN_MAX_PLAYERS 12

/* ------------------------------------------------------------------------
 * Discovery
 * --------------------------------------------------------------------- */

/* The number of games this library implements. */
size_t crown_game_count(void);

/* The name of game number `index` (0 <= index < crown_game_count()), such as
 * "game_of_kingdoms"; NULL when index is out of range. */
const char *crown_game_name(size_t index);

/* A one-line summary of the named game, or NULL for an unknown name. */
const char *crown_game_summary(const char *name);

/* Writes a text describing every option of the named game (name, type,
 * allowed values, default, meaning), one option per line.
 * Errors: CROWN_EINVAL (NULL name or len), CROWN_EGAME, CROWN_ETOOSMALL.
 * A NULL buf is a size query whatever cap. */
int crown_describe_options(const char *name, char *buf, size_t cap, size_t *len);

/* The options of the named game as data: a JSON array with one object per
 * option, in the order crown_describe_options gives them (the core's
 * "chance" last):
 *   {"name": "players", "kind": "int", "min": 2, "max": 6, "default": 4,
 *    "help": "..."}
 *   {"name": "variant", "kind": "enum", "choices": ["basic", "ruthless"],
 *    "default": "basic", "help": "..."}
 *   {"name": "deck", "kind": "text", "default": "default", "help": "..."}
 * Members may be added to the objects in later versions; the ones above
 * stay.  *len receives the text's length (without the NUL), as for every
 * text call; a NULL buf is a size query whatever cap.
 * Errors: CROWN_EINVAL (NULL name or len), CROWN_EGAME, CROWN_ETOOSMALL. */
int crown_options_json(const char *name, char *buf, size_t cap, size_t *len);

/* ------------------------------------------------------------------------
 * Life cycle
 * --------------------------------------------------------------------- */

/* Creates a game.
 * - name: a game name from crown_game_name().
 * - options: "key=value" pairs separated by commas, such as
 *   "players=4,variant=ruthless"; NULL or "" gives every default.  Spaces
 *   around keys and values are ignored.  Every game accepts
 *   chance=auto|explicit.  A whole number is written in decimal digits,
 *   with a '-' before them for a negative value (no '+', no other base),
 *   as every number the library reads (saved games too).  Unknown keys,
 *   repeated keys, malformed or out-of-range values (a number too large
 *   for 64 bits included: it never wraps) are errors, and so is a text
 *   longer than 4096 bytes (a custom deck holds at most 120 cards).
 * - seed: drives every chance event (see Chance above).
 * On success *out receives a new handle (free it with crown_free).
 * On failure *out is set to NULL.
 * Errors: CROWN_EINVAL, CROWN_EGAME, CROWN_EOPTION, CROWN_ENOMEM. */
int crown_new(crown_game **out, const char *name, const char *options, uint64_t seed);

/* As crown_new; in addition, on failure a readable message (NUL-terminated,
 * truncated to fit) is written to errbuf when errbuf is not NULL and
 * errcap > 0.  Use it to learn why options were rejected. */
int crown_new_ex(crown_game **out, const char *name, const char *options, uint64_t seed,
                 char *errbuf, size_t errcap);

/* Creates an independent copy of a game: same options, seed, history and
 * state.  Undo works on the copy as on the original.  The history is not
 * copied: the two handles share its past (never written again, reference
 * counted, safe on separate threads) and each records its own moves after
 * it, so a clone costs the handle and the state, whatever the game's
 * length.  The legal moves the original last listed (and keeps for the
 * moves it checks) come along: a search that lists a node's moves, clones
 * it and applies one to the clone does not list them again.
 * Errors: CROWN_EINVAL, CROWN_ENOMEM (then *out is NULL and the game is as
 * it was). */
int crown_clone(crown_game **out, crown_game *game);

/* Makes dst an exact copy of src, a handle of the same game (options may
 * differ): dst gets src's options, seed, history and state, as a clone
 * would, and keeps its own memory, so a search or a playout loop can reset
 * one handle to a position again and again without allocating.  Undo on
 * dst goes back through src's history.  dst's error message is kept.
 * The history is shared as by crown_clone; crown_copy allocates nothing,
 * and costs the handle's fields and the state (and the options and
 * configuration when dst's differ), whatever the game's length: about
 * 20-40 ns.  dst == src does nothing.
 * Like crown_clone, it writes to src's private bookkeeping: do not use src
 * on another thread meanwhile.
 * Errors: CROWN_EINVAL (dst or src NULL; games of different names). */
int crown_copy(crown_game *dst, crown_game *src);

/* Releases a game.  NULL is accepted and ignored. */
void crown_free(crown_game *game);

/* ------------------------------------------------------------------------
 * Errors of a handle
 * --------------------------------------------------------------------- */

/* The message of the most recent failed call on this game, or "" if no call
 * has failed yet.  The string belongs to the handle and stays valid until the
 * next call on it.  A NULL game gives "invalid argument: game is NULL". */
const char *crown_last_error(const crown_game *game);

/* ------------------------------------------------------------------------
 * Facts about a game
 * --------------------------------------------------------------------- */

/* The game's name, such as "game_of_kingdoms" (static string); NULL for a
 * NULL game. */
const char *crown_name(const crown_game *game);

/* The canonical game string: the name, a colon, then every option with its
 * value in a fixed order, such as
 * "game_of_kingdoms:players=4,variant=basic,games=1,later_lead=lowest_trump,max_bouts=1000,chance=auto".
 * Passing the part after the colon to crown_new as options recreates the
 * same game.  Errors: CROWN_EINVAL, CROWN_ETOOSMALL. */
int crown_game_string(crown_game *game, char *buf, size_t cap, size_t *len);

/* The seed given at creation.  Errors: CROWN_EINVAL. */
int crown_seed(crown_game *game, uint64_t *seed);

/* The number of seats.  Errors: CROWN_EINVAL. */
int crown_num_players(crown_game *game, int *players);

/* The seat to move (0..players-1), CROWN_CHANCE or CROWN_TERMINAL.
 * Errors: CROWN_EINVAL. */
int crown_current_player(crown_game *game, int *player);

/* 1 if the game is over, else 0.  Errors: CROWN_EINVAL. */
int crown_is_terminal(crown_game *game, int *terminal);

/* 1 if the game is over because one of its length limits stopped it
 * before its rules ended it (Game of Kingdoms' max_bouts, King's Family's
 * max_moves, King's Blood's max_turns and max_match_turns, Blood Bound's
 * max_turns: docs/ of each game), else 0 (over by its rules, or not over).
 * A learner reads it as Gymnasium's `truncated`: the returns of such a game
 * (a draw) are the limit's, not the value of the last position.  In a
 * match (Game of Kingdoms' games, King's Blood's match) it tells how the
 * match ended; a game of the match stopped by a limit is a draw the match
 * played on from.  Since 0.5.0 (CROWN_1.3).  Errors: CROWN_EINVAL. */
int crown_truncated(crown_game *game, int *truncated);

/* An upper bound on the number of legal moves (or chance outcomes) in any
 * state of this game.  Errors: CROWN_EINVAL. */
int crown_max_moves(crown_game *game, size_t *max_moves);

/* ------------------------------------------------------------------------
 * Moves
 * --------------------------------------------------------------------- */

/* Lists the legal moves of the current state (the chance outcomes at a chance
 * node), sorted ascending, distinct.  *count receives their number (0 at the
 * end of the game, where a size query returns CROWN_OK).
 * Errors: CROWN_EINVAL, CROWN_ETOOSMALL. */
int crown_legal_moves(crown_game *game, crown_move *moves, size_t cap, size_t *count);

/* ------------------------------------------------------------------------
 * The dense action index
 * ------------------------------------------------------------------------
 * Move ids are sparse (they carry their fields: kind, cards, seats), which
 * suits decoding but not a policy network's fixed output layer.  The action
 * index numbers the decisions of a game, with its options, 0..N-1: a
 * bijection between 0..N-1 and every decision move the encoding can express
 * for those options (some may never be legal, such as a card beating
 * itself; every move a seat can be offered is among them).  Chance outcomes
 * have no index.  The numbering depends only on the game's name and options
 * (not on the state or the seed), and is stable across versions like the
 * move ids.  docs/actions.md gives each game's numbering. */

/* N, the number of distinct decision moves.  Errors: CROWN_EINVAL. */
int crown_num_distinct_moves(crown_game *game, size_t *count);

/* The index (0..N-1) of a decision move.  Errors: CROWN_EINVAL (NULL, or
 * `move` is not a decision move of this game with its options). */
int crown_move_index(crown_game *game, crown_move move, size_t *index);

/* The decision move of index `index`.  Errors: CROWN_EINVAL (NULL, or
 * index >= N). */
int crown_index_move(crown_game *game, size_t index, crown_move *move);

/* A decision move's fields as JSON, so that a program in any language can
 * read a move without decoding the game's encoding or parsing its text:
 * one object with "kind" (such as "beat" or "attack") and the cards, seats
 * or tokens the move names, such as {"kind": "beat", "attack": 12,
 * "card": 17}.  Any decision move of the game with its options (those
 * crown_move_index accepts), legal now or not.  The keys of each kind are
 * in docs/actions.md.  Chance outcomes have none (crown_history_text names
 * them).  Errors: CROWN_EINVAL (NULL len, or not a decision move),
 * CROWN_ETOOSMALL. */
int crown_move_json(crown_game *game, crown_move move, char *buf, size_t cap, size_t *len);

/* The legal decisions as a mask: mask[i] = 1 when the move of index i is
 * legal now, else 0, for i < N; *count receives N.  At a chance node or at
 * the end of the game every entry is 0.  Computes the legal moves (cached
 * for crown_apply, as crown_legal_moves does).
 * Errors: CROWN_EINVAL (NULL count, or NULL mask with cap > 0),
 * CROWN_ETOOSMALL (cap < N: *count still tells N), CROWN_EINTERNAL (a
 * legal move without an index, a bug: the mask is then all 0). */
int crown_legal_mask(crown_game *game, uint8_t *mask, size_t cap, size_t *count);

/* Plays a move after checking that it is legal.  With chance=auto the
 * chance events the move causes are resolved too.
 * Errors: CROWN_EINVAL, CROWN_EILLEGAL (not legal here, or the game is
 * over), CROWN_ENOMEM.  On error the game is unchanged.  The message of
 * CROWN_EILLEGAL says why, with the move's text when it is a decision of
 * the game: "move 1089 (beat GN with RQ) is not legal: RQ is not in seat
 * 0's hand".  A reason names only what the player to move may know. */
int crown_apply(crown_game *game, crown_move move);

/* Takes back the last move: with chance=auto the last decision and every
 * chance event after it; with chance=explicit the last move, chance
 * outcomes included.  The state becomes exactly what it was.  A loaded game
 * (crown_deserialize) undoes the same way through its whole history, back
 * to its start, as the game it was saved from would; so do clones and
 * copies.
 * Errors: CROWN_EINVAL, CROWN_ENOUNDO (no decision to take back; with
 * chance=auto the initial deal cannot be undone). */
int crown_undo(crown_game *game);

/* How many times crown_undo would succeed now: the decisions in the
 * history with chance=auto (the draws go with them), every entry with
 * chance=explicit.  Errors: CROWN_EINVAL. */
int crown_undo_depth(crown_game *game, size_t *depth);

/* The number of moves in the history (decisions and chance outcomes, the
 * initial deal included).  Errors: CROWN_EINVAL. */
int crown_history_length(crown_game *game, size_t *length);

/* Copies the history, oldest first.  Errors: CROWN_EINVAL, CROWN_ETOOSMALL. */
int crown_history(crown_game *game, crown_move *moves, size_t cap, size_t *count);

/* The text of history entry `index` (0 = the oldest), as `viewer` may know
 * it: CROWN_OMNISCIENT gets the move's text exactly as crown_move_to_text
 * gave it when it was legal (the notation of the saved games); a seat or
 * CROWN_SPECTATOR gets the same text, except for a chance outcome hidden
 * from that viewer, which is written without the hidden part (in Game of
 * Kingdoms "deal a card to seat 2" instead of "deal R5"), and with what
 * the move made public that its notation does not name (in Game of
 * Kingdoms the face-up trump drawn at the end of the stock: "pass, then
 * seat 1 draws the face-up trump GH").  So a game record can be printed
 * for any viewer without leaking.  Texts per game in docs/.
 * Errors: CROWN_EINVAL (index >= crown_history_length, bad viewer, NULL
 * len), CROWN_ETOOSMALL. */
int crown_history_text(crown_game *game, size_t index, int viewer, char *buf, size_t cap,
                       size_t *len);

/* Who made history entry `index`: a seat, or CROWN_CHANCE for a chance
 * outcome.  Errors: CROWN_EINVAL (index out of range, NULL player). */
int crown_history_player(crown_game *game, size_t index, int *player);

/* At a chance node: the outcomes (as crown_legal_moves) and the probability
 * of each.  Either buffer may be NULL to skip it, whatever cap: the status
 * is then as if it were there (cap 0 and both NULL: a size query, which
 * returns CROWN_ETOOSMALL).  Errors: CROWN_EINVAL, CROWN_ESTATE (not a
 * chance node), CROWN_ETOOSMALL. */
int crown_chance_outcomes(crown_game *game, crown_move *moves, double *probabilities,
                          size_t cap, size_t *count);

/* The text of a move that is legal in the current state (notation in
 * docs/<game>.md).  The text is unique among the current legal moves.  For
 * a move already played, see crown_history_text.
 * Errors: CROWN_EINVAL, CROWN_EILLEGAL (not a legal move: the message says
 * why, as crown_apply's), CROWN_ETOOSMALL. */
int crown_move_to_text(crown_game *game, crown_move move, char *buf, size_t cap, size_t *len);

/* Parses the text of a legal move of the current state.  Case and repeated
 * or surrounding spaces do not matter, nor the order of the cards of a move
 * that names several ("lead G7 R7" is "lead R7 G7").
 * Errors: CROWN_EINVAL; CROWN_EPARSE when the text is not the game's move
 * notation (the message gives examples); CROWN_EILLEGAL when it is, but the
 * move it names is not legal now; the message then says why, as crown_apply
 * of that move would ("'beat GN with RQ' is not a legal move now: RQ is not
 * in seat 0's hand").  On error *move is untouched. */
int crown_move_from_text(crown_game *game, const char *text, crown_move *move);

/* ------------------------------------------------------------------------
 * Views and results
 * --------------------------------------------------------------------- */

/* Writes the text view of the game as seen by `viewer`: a seat
 * (0..players-1) sees exactly what that player may know, CROWN_SPECTATOR
 * sees public information only, CROWN_OMNISCIENT sees everything.  Two
 * states a viewer cannot tell apart give the same text.
 * Errors: CROWN_EINVAL (bad viewer), CROWN_ETOOSMALL. */
int crown_observation(crown_game *game, int viewer, char *buf, size_t cap, size_t *len);

/* The same view as JSON, for programs: one object holding the facts of the
 * text view of `viewer` (a seat, CROWN_SPECTATOR or CROWN_OMNISCIENT), with
 * a documented schema per game (docs/observations.md).  Seats are absolute
 * (0..players-1), cards are the game's card ids of the public headers.
 * Like the text, it never holds a fact hidden from the viewer, and two
 * states the viewer cannot tell apart give the same JSON.  The keys of the
 * schema stay; keys may be added in later versions.
 * Errors: CROWN_EINVAL (bad viewer, NULL len), CROWN_ETOOSMALL. */
int crown_observation_json(crown_game *game, int viewer, char *buf, size_t cap, size_t *len);

/* Observation tensors, for learning.  The observation of a seat (or of the
 * spectator) as a fixed-size vector of floats, made of named pieces laid
 * end to end (the hand as card planes, the table or the Genealogy as
 * planes, public counts, whose turn it is...), each a row-major array of
 * one to three dimensions.  The size and the pieces depend only on the
 * game's name and options, never on the state or the viewer; pieces with
 * one row per seat start at the viewer's row (the spectator: seat 0's)
 * and follow in seat order, so a seat always finds itself in row 0.
 * Values are 0 or 1 for facts, and plain numbers for counts (not scaled).
 * docs/observations.md gives each game's pieces. */

/* The tensor's shape: today always one dimension, shape[0] = its number
 * of floats (*ndims = 1); the pieces are in crown_observation_layout.
 * Errors: CROWN_EINVAL (NULL ndims, or NULL shape with cap > 0),
 * CROWN_ETOOSMALL (cap < *ndims). */
int crown_observation_shape(crown_game *game, size_t *shape, size_t cap, size_t *ndims);

/* The tensor's pieces as JSON:
 *     {"pieces": [{"name": "hand", "offset": 0, "shape": [40]}, ...],
 *      "size": 213}
 * in the order they are laid out (offsets in floats).
 * Errors: CROWN_EINVAL (NULL len), CROWN_ETOOSMALL. */
int crown_observation_layout(crown_game *game, char *buf, size_t cap, size_t *len);

/* Writes the tensor of `viewer`, a seat or CROWN_SPECTATOR, into
 * values[0..size); *count receives the size.  It holds only what the
 * viewer may know (never a fact its text view hides), and no allocation
 * is made.
 * Errors: CROWN_EINVAL (NULL count, NULL values with cap > 0, a bad viewer
 * or CROWN_OMNISCIENT), CROWN_ETOOSMALL (cap < size: *count still tells
 * the size). */
int crown_observation_tensor(crown_game *game, int viewer, float *values, size_t cap,
                             size_t *count);

/* Per-seat results: at the end of the game the final result of each seat
 * (documented per game; in every game the values are comparable between
 * seats, higher is better); before the end, the results settled so far
 * (0 for a single game).  Errors: CROWN_EINVAL, CROWN_ETOOSMALL. */
int crown_returns(crown_game *game, double *returns, size_t cap, size_t *count);

/* Per-seat raw points where the game has them (documented per game).
 * Errors: CROWN_EINVAL, CROWN_ETOOSMALL. */
int crown_scores(crown_game *game, double *scores, size_t cap, size_t *count);

/* ------------------------------------------------------------------------
 * Playouts, for search
 * --------------------------------------------------------------------- */

/* Plays the game from its current state to the end inside the library,
 * every decision drawn uniformly at random among the legal moves and every
 * chance outcome by its probability (whatever the chance= option), all from
 * `seed`, and writes the returns at that end into returns[0..players-1], as
 * crown_returns would there.  The game is left exactly as it was: the same
 * state, history, undo and current player (only the cached list of legal
 * moves is recomputed on the next call that needs it).  No allocation: the
 * handle holds the playout's state.  The same game and seed give the same
 * result.  A game already over gives its returns.
 * Errors: CROWN_EINVAL, CROWN_ETOOSMALL (checked before playing),
 * CROWN_EINTERNAL (a state with no legal move: a bug in a game's rules; the
 * game is left as it was). */
int crown_playout(crown_game *game, uint64_t seed, double *returns, size_t cap, size_t *count);

/* n playouts as crown_playout, the i-th (from 0) with seed + i, and the
 * mean of each seat's returns over them in mean_returns[0..players-1]: one
 * call for thousands of playouts (the Python binding's batch form).
 * Errors: CROWN_EINVAL (also n == 0), CROWN_ETOOSMALL, CROWN_EINTERNAL (as
 * crown_playout). */
int crown_playouts(crown_game *game, uint64_t seed, size_t n, double *mean_returns, size_t cap,
                   size_t *count);

/* A 64-bit hash of the current state (not of the history): equal states
 * give equal hashes.  The value may differ between library versions and
 * platforms; do not store it.  Errors: CROWN_EINVAL. */
int crown_state_hash(crown_game *game, uint64_t *hash);

/* ------------------------------------------------------------------------
 * Saving, loading, determinization
 * --------------------------------------------------------------------- */

/* Writes the game as versioned text: a header line, the canonical game
 * string, the seed and every move of the history (chance outcomes
 * included) in move notation, one per line.  Format in docs/save-format.md.
 * A size query (NULL buf, cap 0) returns CROWN_ETOOSMALL with *len, as for
 * every text (see Conventions).
 * Errors: CROWN_EINVAL, CROWN_ETOOSMALL, CROWN_ESTATE (a game longer than
 * crown_deserialize reads: more than 10,000,000 moves or 256 MiB of text). */
int crown_serialize(crown_game *game, char *buf, size_t cap, size_t *len);

/* Restores a game from crown_serialize's text (NUL-terminated).  Every move
 * is replayed through the same legality checks as crown_apply, so a corrupt
 * or foreign text is an error, never an impossible state.  The loaded game
 * is the saved one, history included: crown_undo takes it back exactly as
 * it would the game that was saved, down to its start (with chance=auto a
 * decision with its draws at a time, down to the deal; with
 * chance=explicit every move, down to none), and a move played again
 * draws as it would there (chance=auto: from the seed).
 * Errors: CROWN_EINVAL, CROWN_EPARSE, CROWN_EGAME, CROWN_EOPTION,
 * CROWN_EILLEGAL, CROWN_ENOMEM.  On any error *out is NULL (unless out
 * itself is NULL: CROWN_EINVAL). */
int crown_deserialize(crown_game **out, const char *text);

/* As crown_deserialize, with a readable message written to errbuf on
 * failure (see crown_new_ex). */
int crown_deserialize_ex(crown_game **out, const char *text, char *errbuf, size_t errcap);

/* Determinization: creates in *out a game in which everything hidden from
 * `viewer` (a seat, or CROWN_SPECTATOR) has been redealt at random, drawing
 * from `seed`, consistently with everything the viewer has seen: the
 * viewer's observation of the new game equals that of the original, and the
 * new game has a full, legal history (undo and save work).  The new game's
 * own seed is `seed`.  CROWN_OMNISCIENT gives an exact copy with that seed.
 * Errors: CROWN_EINVAL, CROWN_ENOMEM, CROWN_EINTERNAL (the redealt history
 * does not replay: a bug in a game's rules).  On any error *out is NULL
 * (unless out itself is NULL) and the game is unchanged. */
int crown_resample(crown_game *game, int viewer, uint64_t seed, crown_game **out);

/* ------------------------------------------------------------------------
 * Batches, for learning
 * ------------------------------------------------------------------------
 * A batch holds `size` games of one game and option set and steps them all
 * with one call: a training loop hands it one action per game (an index of
 * the dense action index) and reads, for every game, the observation tensor
 * of the player to move, the legal mask, the player to move, each seat's
 * reward and whether the game ended, from arrays it owns and the batch
 * writes into.  A step of 1024 games costs 0.63-0.74 of the same step made
 * game by game over 1024 handles (crown_apply, crown_current_player,
 * crown_returns, crown_new for a game that ended, crown_legal_mask,
 * crown_observation_tensor: 350-2,550 ns a game step against 570-3,840 on
 * the machine of docs/performance.md, "Batches against a loop of single
 * games"), and 1.2-1.9 times that work on one handle that stays in the
 * caches.  For example:
 *
 *     crown_batch *b;
 *     if (crown_batch_new(&b, "game_of_kingdoms", "players=4", 1024, 42, 0, NULL, 0))
 *         ... error ...
 *     crown_batch_bind(b, obs, masks, players, rewards, terminated, truncated);
 *     crown_batch_reset(b, 42);                 (writes the first positions)
 *     for (;;) {
 *         ... actions[i] from obs and masks of game i, for seat players[i] ...
 *         if (crown_batch_step(b, actions)) ... crown_batch_last_error(b) ...
 *     }
 *     crown_batch_free(b);
 *
 * Episodes and seeds.  Each game of a batch (its slot, 0..size-1) plays one
 * episode after another.  After crown_batch_reset(batch, seed), slot i's
 * k-th episode (k = 0, 1, ...) is the game that crown_new(name, options,
 * crown_batch_episode_seed's E(seed, i, k)) plays, where, with the
 * splitmix64 finalizer mix(z) (z += 0x9e3779b97f4a7c15; z = (z ^ z >> 30)
 * * 0xbf58476d1ce4e5b9; z = (z ^ z >> 27) * 0x94d049bb133111eb; z ^ z >>
 * 31, all modulo 2^64),
 *
 *     E(seed, i, k) = mix(mix(mix(seed) ^ i) ^ k),
 *
 * so that batches of different seeds, and the slots and episodes of one
 * batch, play independent games (two share a game with the probability of
 * a 64-bit collision; a slot's games do not depend on the batch's size),
 * and one crown_game per slot reproduces a batch exactly.  crown_batch_reset_seeds(batch, seeds) gives each slot a seed
 * of its own: slot i's k-th episode is then E(seeds[i], 0, k), the games
 * of slot 0 of a batch reset with seeds[i] (equal seeds, equal games, as
 * Gymnasium's reset(seed=[...]) has it).  (Libraries before 0.5.0 played
 * seed + i + k * size: a program built against them still gets that rule,
 * under the symbol version CROWN_1.2 of crown_batch_new; see
 * docs/stability.md.)  An episode that is over before its first decision
 * (a King's Family deal can be) has no step: the slot goes on to its next
 * episode at once, and that episode's returns are not reported.  Options
 * under which no episode reaches a decision are refused (CROWN_EOPTION):
 * those that tell it alone (a King's game's deck that the deal gives out
 * whole, so that no Character founds the Genealogy: at most 7 cards in
 * King's Family, 7 a player in King's Blood) when the batch is made, and
 * any other when a slot meets 1000 such episodes in a row (then the
 * options almost never deal a decision).  chance=explicit is refused: a
 * batch draws every card itself.
 *
 * Ends.  A step ends a game's episode when the game is over, either by its
 * rules (terminated = 1) or by a length limit (truncated = 1: the game's
 * own, max_bouts, max_turns or King's Family's move limit, as
 * crown_truncated reports it, or max_steps decisions made in the episode
 * with the game not over).  That step's rewards are the last of the
 * episode.  What the bound arrays show then is the autoreset mode's
 * (crown_batch_set_autoreset), Gymnasium's three modes:
 * - CROWN_AUTORESET_SAME_STEP (the default): the slot's next episode starts
 *   in the same step, and its first position is what the observation, mask
 *   and player show: every game of the batch is always at a decision.  The
 *   episode's final observation goes to the arrays of
 *   crown_batch_bind_final, when they are bound.
 * - CROWN_AUTORESET_NEXT_STEP: the slot stays at the end of its episode for
 *   one step: players[i] is CROWN_TERMINAL, the observation is the final
 *   one (the tensor of the seat that made the last decision), the mask is
 *   all 0 (CROWN_TERMINAL although a game cut by max_steps is not over:
 *   crown_batch_game gives it as it was cut).  The next step ignores
 *   actions[i] (it is not checked) and starts the slot's next episode: its
 *   first position, rewards 0, terminated and truncated 0.
 * - CROWN_AUTORESET_DISABLED: the slot stays at the end of its episode, as
 *   in next-step, until crown_batch_reset_masked starts it again; every
 *   step meanwhile ignores its action and writes its rewards 0, its
 *   terminated and truncated as they were and nothing else.
 *
 * Rewards.  rewards[i * players + p] is seat p's reward of game i's last
 * step: the change that step made to seat p's returns (crown_returns),
 * counted from 0 at the start of each episode, so that an episode's rewards
 * add up to its final returns (King's Family's returns are 1, not 0, at its
 * start: the first step's reward counts them).  Every seat's reward is
 * written, not only the mover's, for self-play and multi-agent training.
 *
 * Memory.  A batch never undoes, so a slot keeps no history of its moves:
 * its handle holds the position and its episode's deal, and the slot the
 * indices of the episode's actions (4 bytes a decision, so that
 * crown_batch_game can rebuild the game), whatever the episode's length;
 * docs/performance.md gives a slot's bytes for each game.  A step
 * allocates nothing once each slot has played its longest episode.
 *
 * Threads.  crown_batch_set_threads(batch, T) steps the slots on T threads
 * (the batch's own, each with a share of the slots, taking chunks of
 * the others' once done with its own); every array, reward, seed and
 * error is the same whatever T.  Distinct batches
 * may be used on distinct threads; one batch must not be used by two
 * threads at once. */

/* An opaque batch of games. */
typedef struct crown_batch crown_batch;

/* The most games a batch holds. */
#define CROWN_BATCH_MAX_SIZE 1048576

/* Creates a batch of `size` games of the named game with `options` (as
 * crown_new's), all at the first position of their first episode after
 * crown_batch_reset(batch, seed) (see Episodes and seeds above).
 * - max_steps: 0, or the decisions after which an episode is truncated
 *   (see Ends above).
 * - errbuf, errcap: on failure, a readable message, as crown_new_ex's.
 * On success *out receives the batch (free it with crown_batch_free); on
 * failure *out is NULL.
 * Errors: CROWN_EINVAL (NULL out or name, size 0 or above
 * CROWN_BATCH_MAX_SIZE), CROWN_EGAME, CROWN_EOPTION (also chance=explicit,
 * and options whose games end before their first decision: see Episodes
 * and seeds above), CROWN_ENOMEM. */
int crown_batch_new(crown_batch **out, const char *name, const char *options, size_t size,
                    uint64_t seed, size_t max_steps, char *errbuf, size_t errcap);

/* Releases a batch and its games.  NULL is accepted and ignored.  The
 * bound arrays are the caller's: they are not freed. */
void crown_batch_free(crown_batch *batch);

/* The message of the most recent failed call on this batch, or "" if none
 * has failed; it belongs to the batch and stays valid until the next call
 * on it.  A NULL batch gives "invalid argument: batch is NULL". */
const char *crown_batch_last_error(const crown_batch *batch);

/* The number of games.  Errors: CROWN_EINVAL (NULL argument). */
int crown_batch_size(crown_batch *batch, size_t *size);

/* The number of seats of the game.  Errors: CROWN_EINVAL (NULL argument). */
int crown_batch_num_players(crown_batch *batch, int *players);

/* N, the number of actions (crown_num_distinct_moves of the game): the
 * width of a mask, and actions are 0..N-1.  Errors: CROWN_EINVAL (NULL
 * argument). */
int crown_batch_num_actions(crown_batch *batch, size_t *count);

/* The number of floats of an observation (crown_observation_shape's).
 * Errors: CROWN_EINVAL (NULL argument). */
int crown_batch_observation_size(crown_batch *batch, size_t *count);

/* Gives the batch the caller's arrays, which every later crown_batch_reset
 * and crown_batch_step write (bind writes nothing), until they are bound
 * again or the batch is freed; the caller keeps them alive meanwhile, and
 * reads them between calls.  Any may be NULL: it is not written.  With
 * size games, players seats, N actions and an observation of S floats:
 * - observations: size x S floats, game i's at i * S: the observation
 *   tensor (crown_observation_tensor) of its player to move;
 * - masks: size x N bytes, game i's at i * N: its legal mask
 *   (crown_legal_mask), 1 where the action is legal for the player to move;
 * - players: size values, the seat to move in each game (CROWN_TERMINAL
 *   for a game left at the end of its episode: see Ends above);
 * - rewards: size x players floats, game i's at i * players: each seat's
 *   reward of the last step (see Rewards above; 0 after a reset);
 * - terminated, truncated: size bytes, 1 when game i's last step ended its
 *   episode (the game over by its rules; by a length limit: see Ends
 *   above), else 0 (all 0 after a reset).
 * The caller reads the arrays; it may write into them, but a mask row
 * (thousands of actions in some games, a few legal) is then cleared only
 * where the batch last set it: after writing non-zero bytes into the masks,
 * bind them again, and the next reset or step clears them whole.
 * Errors: CROWN_EINVAL (NULL batch). */
int crown_batch_bind(crown_batch *batch, float *observations, uint8_t *masks, int32_t *players,
                     float *rewards, uint8_t *terminated, uint8_t *truncated);

/* Starts every game again: slot i's k-th episode from now on is the game of
 * seed E(seed, i, k) (see Episodes and seeds above).  Writes the bound
 * arrays: the first positions, rewards, terminated and truncated all 0.
 * Errors: CROWN_EINVAL (NULL batch); CROWN_EOPTION (a slot's episodes
 * ended before their first decision 1000 times in a row: see Episodes and
 * seeds above; every other slot is reset, that one's arrays not written);
 * CROWN_ENOMEM and CROWN_EINTERNAL, which cannot happen without a bug (a
 * game's deal never needs more history than a handle is made with). */
int crown_batch_reset(crown_batch *batch, uint64_t seed);

/* Plays actions[i] (an action index, 0..N-1) in every game i at once, for
 * its player to move, with the chance events that follow; ends and
 * restarts the games that end (see Ends above); writes the bound
 * arrays.  Every action is checked before any is played: on error no game
 * changes and the arrays are not written.
 * A game left at the end of its episode (next-step and disabled autoreset)
 * ignores its action: any value will do.
 * Errors: CROWN_EINVAL (NULL batch or actions); CROWN_EILLEGAL (an action
 * out of range or not legal: the message names the first such game, the
 * action, the move's text and why, as crown_apply's: "game 3: action 17:
 * move 1089 (beat GN with RQ) is not legal: RQ is not in seat 0's hand");
 * CROWN_ENOMEM (a slot's list of actions could not grow; nothing changed); CROWN_EOPTION
 * (a slot that ended its episode then met 1000 episodes in a row that
 * ended before their first decision, as in crown_batch_reset: every game
 * has then stepped, that slot's arrays are not written); CROWN_EINTERNAL
 * (a bug in a game's rules; every game has then stepped).  No allocation
 * once each slot has played its longest episode. */
int crown_batch_step(crown_batch *batch, const int32_t *actions);

/* For inspection: a new, independent handle of game `index` as it is now,
 * with its episode's history (rebuilt from the episode's seed and actions:
 * undo, saving and the views work on it; the batch goes on unchanged).
 * Free it with crown_free.
 * Errors: CROWN_EINVAL (NULL batch or out, index >= size), CROWN_ENOMEM
 * (then *out is NULL). */
int crown_batch_game(crown_batch *batch, size_t index, crown_game **out);

/* The autoreset modes of crown_batch_set_autoreset (see Ends above). */
#define CROWN_AUTORESET_SAME_STEP 0
#define CROWN_AUTORESET_NEXT_STEP 1
#define CROWN_AUTORESET_DISABLED 2

/* Sets what the batch does with a game whose episode a step ends (see Ends
 * above), from the next step on; a game already left at its end starts its
 * next episode at the next step unless the mode is
 * CROWN_AUTORESET_DISABLED.  Writes nothing.
 * Errors: CROWN_EINVAL (NULL batch, or a mode that is none of the three). */
int crown_batch_set_autoreset(crown_batch *batch, int mode);

/* Gives the batch arrays for the final observations of same-step
 * autoreset, which every later step writes (reset and bind do not) until
 * bound again (both NULL: none) or the batch is freed:
 * - observations: size x S floats: for each game whose episode the step
 *   ended, the tensor of its final position for the seat that made the
 *   last decision (the other rows are not written);
 * - players: size values: that seat for those games, -1 for the others.
 * Either may be NULL.  In the other modes the final observation is the
 * observation itself, and these arrays are not written.
 * Errors: CROWN_EINVAL (NULL batch). */
int crown_batch_bind_final(crown_batch *batch, float *observations, int32_t *players);

/* Starts every game again with a seed of its own: slot i's k-th episode
 * from now on is the game of E(seeds[i], 0, k) (see Episodes and seeds
 * above).  Writes the bound arrays as crown_batch_reset does, and fails as
 * it does.  Errors: those of crown_batch_reset; CROWN_EINVAL (NULL seeds). */
int crown_batch_reset_seeds(crown_batch *batch, const uint64_t *seeds);

/* Starts again the games i where mask[i] is not 0 (size bytes), each at
 * the next episode of its own stream, or, when seeds is not NULL, at the
 * first episode of E(seeds[i], 0, k) (seeds: size values, read where the
 * mask is set); writes their rows of the bound arrays (first position,
 * rewards 0, terminated and truncated 0) and nothing of the other games,
 * which are unchanged.  What disabled autoreset needs (Gymnasium's
 * reset(options={"reset_mask": m})); it works in every mode.
 * Errors: those of crown_batch_reset; CROWN_EINVAL (NULL mask). */
int crown_batch_reset_masked(crown_batch *batch, const uint8_t *mask, const uint64_t *seeds);

/* The seed of game `index`'s present episode: crown_new(name, options,
 * *seed) and the episode's actions replay it.
 * Errors: CROWN_EINVAL (NULL argument, index >= size). */
int crown_batch_episode_seed(crown_batch *batch, size_t index, uint64_t *seed);

/* The most threads a batch steps its games on. */
#define CROWN_BATCH_MAX_THREADS 256

/* Steps the games on `threads` threads from the next call on (1, the
 * default: the caller's thread alone; 0: one per online processor, at most
 * CROWN_BATCH_MAX_THREADS, and at most one per game).  The batch starts the
 * threads it needs here (they wait for its steps and resets, spinning for
 * some 50 microseconds after each, then sleeping) and stops them on a
 * change and in crown_batch_free.  Every result is the same whatever the
 * number of threads.
 * Errors: CROWN_EINVAL (NULL batch, threads above
 * CROWN_BATCH_MAX_THREADS), CROWN_ENOMEM (a thread could not be started:
 * the batch keeps its former threads). */
int crown_batch_set_threads(crown_batch *batch, int threads);

/* ------------------------------------------------------------------------
 * Search, for bots (since 0.6.0, CROWN_1.4)
 * ------------------------------------------------------------------------
 * A search chooses a move for the seat to move: information-set Monte
 * Carlo tree search (single observer) over determinizations of what that
 * seat knows, with its playouts inside the library.
 *
 *     crown_search *s;
 *     if (crown_search_new(&s, "time=0.05,threads=2", NULL, 0)) ... error ...
 *     crown_move m;
 *     if (crown_search_run(s, g, seed, &m)) ... crown_search_last_error(s) ...
 *     crown_apply(g, m);
 *     ...
 *     crown_search_free(s);
 *
 * What it knows.  The search reads the game's history only through the
 * game's determinization (crown_resample's): the hidden cards and roles
 * are dealt again for each determinization, consistently with everything
 * the seat to move has seen, and the order in which the hidden cards lay
 * is never read.  Two games in which that seat has seen the same things
 * give the same search, move and statistics for the same seed, whatever
 * their hidden cards: a search cannot cheat, and a caller may give it the
 * real game.  (It also reads the decisions made and who made each, which
 * every seat sees, to reuse its tree.)
 *
 * An iteration.  It takes a determinization (the k-th of a pool of them,
 * k cycling, drawn when first needed), walks down the tree from the root
 * choosing among the moves legal in that determinization by UCB over the
 * times each could have been chosen (its availability), adds one node,
 * plays the game out (below), and credits each node on the way with the
 * return of the seat that chose its move.  The tree keys a node by the
 * decisions leading to it (who chose and what); chance events below the
 * root are drawn afresh in every iteration and do not branch the tree.
 * Values are scaled for UCB by the range of returns the search has seen,
 * so one exploration constant serves every game's returns.
 *
 * Parameters: a text of key=value pairs separated by commas, as crown_new's
 * options (white space around them ignored, each key at most once):
 * - iterations=N: the most iterations of a run, all threads together (0:
 *   no limit).  Default 1000 when time is not given, else 0.
 * - time=SECONDS: the longest a run may take, wall-clock, as a decimal
 *   number (at most 86400; 0: no limit).  A run ends at whichever limit
 *   comes first; each thread checks the clock after every iteration, so a
 *   run overruns its time by about one iteration and the threads' start
 *   and join.  Default 0.
 * - threads=T: 1 to 256, or 0 for one per processor.  Default 1.  Each
 *   thread grows a tree of its own with its share of the iterations (root
 *   parallelization); the statistics are their sums.
 * - exploration=C: UCB's constant, a decimal number from 0 to 100.
 *   Default 0.7.
 * - determinizations=D: the size of each thread's pool, 0 to 1000000; 0
 *   draws a new determinization for every iteration.  Default 64: a
 *   determinization costs a replay of the whole history, and a pool of 64
 *   played at least as well as a new one per iteration at equal time in
 *   the measurements of docs/bots.md.
 * - playout=uniform|rule: how playouts choose decisions: uniformly among
 *   the legal moves, or by the game's cheap rule where it has one (a
 *   game without one draws uniformly under `rule` too; in 0.6.0 no game
 *   has one yet, so both draw uniformly).  Default rule.
 * - reuse=0|1: keep the tree from one run to the next where the game went
 *   on from the position searched (the same game and options, and the
 *   decisions of that position followed by more): the next run starts
 *   from the subtree of the position reached.  Default 1.
 * - nodes=N: the most nodes of a thread's tree, 1 to 100000000 (about 32
 *   bytes each); a full tree stops growing, and its iterations go on
 *   below its leaves (the root's children are always added: a tree may
 *   exceed N by the root's legal moves).  Default 4000000.
 *
 * Determinism.  With one thread and an iteration limit (no time limit),
 * the same game, seed, parameters and prior runs (reuse) give the same
 * move and statistics on every machine; with T threads and an iteration
 * limit, the same for the same T.  A time limit makes a run stop where the
 * clock says.
 *
 * A search handle must not be used by two threads at once; distinct
 * handles may run at once on distinct threads, on distinct games or on
 * one game that no thread changes meanwhile. */

/* An opaque search, with its parameters and its trees. */
typedef struct crown_search crown_search;

/* Creates a search with `params` (the text above; NULL or "" for every
 * default).  errbuf, errcap: on failure, a readable message, as
 * crown_new_ex's.  On success *out receives the search (free it with
 * crown_search_free); on failure *out is NULL.
 * Errors: CROWN_EINVAL (NULL out), CROWN_EOPTION (a parameter unknown,
 * repeated, malformed or out of range), CROWN_ENOMEM. */
int crown_search_new(crown_search **out, const char *params, char *errbuf, size_t errcap);

/* Frees a search and its trees.  NULL is a no-op. */
void crown_search_free(crown_search *search);

/* The message of the search's most recent failed call ("" if none). */
const char *crown_search_last_error(const crown_search *search);

/* The parameters in canonical form, every one of them, in the order
 * above ("iterations=1000,time=0,threads=1,..."); threads=0 stays 0.
 * Text out-parameters as everywhere (see Conventions).
 * Errors: CROWN_EINVAL, CROWN_ETOOSMALL. */
int crown_search_params(const crown_search *search, char *buf, size_t cap, size_t *len);

/* Searches the current position of `game` for its player to move and
 * writes the move it chooses (the root's most visited move; ties go to
 * the higher mean return, then to the lower move) to *move.  `seed` seeds
 * the run's determinizations and draws.  A position with one legal move
 * is not searched: that move, with no visit.  The game is not changed (not
 * even its message): a failure is reported by crown_search_last_error.
 * Errors: CROWN_EINVAL (NULL argument), CROWN_ESTATE (the game is over or
 * at a chance node), CROWN_ENOMEM (the trees are then dropped, the
 * statistics emptied), CROWN_EINTERNAL (a determinization that does not
 * replay, a state with no legal move: a bug in a game's rules). */
int crown_search_run(crown_search *search, crown_game *game, uint64_t seed, crown_move *move);

/* The root's statistics of the last successful run: for each legal move
 * of the position searched (ascending, as crown_legal_moves lists them),
 * the move, its visits (the iterations that chose it at the root; with a
 * tree reused from an earlier run, also the visits it had kept) and the
 * mean return of the searching seat over those visits (0 when unvisited).
 * Each output array may be NULL (not written); cap bounds those given.
 * *count receives the number of legal moves (0 before any run).  visits
 * over their sum is the policy a self-play trainer learns.
 * Errors: CROWN_EINVAL (NULL count), CROWN_ETOOSMALL. */
int crown_search_stats(const crown_search *search, crown_move *moves, uint64_t *visits,
                       double *means, size_t cap, size_t *count);

/* The totals of the last successful run: the iterations made (all threads;
 * 0 for a position with one legal move), the wall-clock seconds it took,
 * and the nodes of its trees (all threads).  Each out-parameter may be
 * NULL.  Errors: CROWN_EINVAL (NULL search). */
int crown_search_totals(const crown_search *search, uint64_t *iterations, double *seconds,
                        uint64_t *nodes);

/* Drops the trees: the next run starts from nothing, as the first did.
 * Errors: CROWN_EINVAL. */
int crown_search_reset(crown_search *search);

#ifdef __cplusplus
}
#endif

#endif /* CROWN_CROWN_H */
