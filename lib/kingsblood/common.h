/*
 * common.h - what King's Family and King's Blood share beyond the cards
 * and the geometry: identical cards ("faces"), the card rules every play
 * reads (matching, Marriage, attachments), the view of the Genealogy, and
 * the reading of move texts.  Internal.
 */
#ifndef CROWN_KINGSBLOOD_COMMON_H
#define CROWN_KINGSBLOOD_COMMON_H

#include "../core/rules.h"
#include "cards.h"
#include "genealogy.h"

/* Lists of card ids (kb_faces): none (the field is 0), the Characters,
 * the Events other than Exile, the Exiles, every Event. */
enum { KB_L_NONE, KB_L_CHARACTERS, KB_L_EVENTS, KB_L_EXILES, KB_L_ALL_EVENTS, KB_LISTS };

/* For each card of a deck (the King's Blood card included), the cards
 * identical to it.  Identical cards are one move and one chance outcome:
 * the lowest id of a face stands for all. */
typedef struct kb_faces {
    gn_set same[KB_MAX_DECK + 1];
    gn_set characters; /* the deck's Characters */
    gn_set abilities;  /* its Characters with an ability */
    gn_set events;     /* its Events other than Exile */
    gn_set exiles;     /* its Exiles */
    /* The cards of each colour and of each number (every id, the King's
     * Blood card included), for kb_matching. */
    gn_set colour[4], number[10];
    /* Does the deck hold identical Characters (custom decks only)?  Then
     * the Genealogy can hold copies of a face, and moves name them by
     * place (kb_place_id). */
    uint8_t twin_characters;
    /* Do copies of a face lie apart in the deck (another card's id between
     * them)?  Then the faces' order is not the copies' (custom decks). */
    uint8_t faces_apart;
    /* The ids of each kind of card ascending (list[KB_L_NONE] is {0}), and
     * each id's place in each list (0xFF: not there), for the action
     * index. */
    uint8_t nlist[KB_LISTS];
    uint8_t list[KB_LISTS][KB_MAX_DECK + 1];
    uint8_t rank[KB_LISTS][KB_MAX_DECK + 1];
} kb_faces;

/* Computes the faces of a deck (tables.c). */
void kb_faces_init(kb_faces *f, const kb_deck *d);

/* The default deck and its faces, as kb_default_deck and kb_faces_init make
 * them, written as constant data at build time (tables_gen.c): every game
 * with the default deck copies them, none computes them. */
extern const kb_deck kb_std_deck;
extern const kb_faces kb_std_faces;

/* Configures a deck from TEXT option `opt`: parses it, rewrites the
 * option into its canonical form, and computes the faces (the default
 * deck's are copied from kb_std_faces).  On success every byte of *d and
 * *f is written (padding included).  CROWN_EOPTION with a message. */
int kb_configure_deck(kb_deck *d, kb_faces *f, crown_optvals *vals, size_t opt,
                      crown_err *err);

/* The rules tables' never_decides: 1 (with why in err) when the deal, of
 * `hand` cards to each of `players`, gives out every card of the deck, so
 * that no Character is left to found the Genealogy and every game ends
 * before its first decision; else 0 (a deal may then still leave none:
 * a game's chance, not its options'). */
int kb_deal_takes_the_deck(const kb_deck *d, int players, int hand, crown_err *err);

/* The cards of `set` identical to c. */
static inline gn_set kb_same_in(const kb_faces *f, const gn_set *set, int c)
{
    return gn_set_and(set, &f->same[c]);
}

/* Is c the lowest card of its face in `set`? */
static inline int kb_first_of_face(const kb_faces *f, const gn_set *set, int c)
{
    gn_set m = kb_same_in(f, set, c);
    return gn_set_next(&m, 0) == c;
}

/* The dense action index of the King's games (docs/actions.md): families
 * of moves, one per kind, each the moves whose card field ranges over one
 * list, target over another, side over 0..sides-1 and seat over
 * 0..seats-1, numbered in the order of their ids (seat, card, target,
 * side); the families follow one another. */
typedef struct kb_family {
    uint8_t kind, card, target, sides, seats;
} kb_family;

#define KB_FAMILIES 12
typedef struct kb_actions {
    int n;
    kb_family fam[KB_FAMILIES];
    size_t start[KB_FAMILIES + 1]; /* the first index of each; start[n] is the count */
} kb_actions;

void kb_actions_init(kb_actions *a, const kb_faces *f, const kb_family *fams, int n);
long kb_action_index(const kb_actions *a, const kb_faces *f, crown_move m);
crown_move kb_action_move(const kb_actions *a, const kb_faces *f, size_t i);

/* The cards of `set` that are the lowest of their face in it. */
static inline gn_set kb_firsts(const kb_faces *f, const gn_set *set)
{
    gn_set out = *set;
    GN_FOR(set, c)
        if (gn_set_has(&out, c)) {
            out.w[0] &= ~f->same[c].w[0];
            out.w[1] &= ~f->same[c].w[1];
            gn_set_add(&out, c);
        }
    return out;
}

/* Chance outcomes over `set`: one per face (its lowest card), only
 * Characters when `characters_only`; written ascending to out, their
 * number returned (at most KB_MAX_OUTCOMES: each a card of the deck or
 * the King's Blood card).  kb_face_weights: how many cards of each face. */
#define KB_MAX_OUTCOMES (KB_MAX_DECK + 1)
size_t kb_face_outcomes(const kb_deck *d, const kb_faces *f, const gn_set *set,
                        int characters_only, crown_move *out);
void kb_face_weights(const kb_faces *f, const gn_set *set, const crown_move *outcomes,
                     size_t n, uint32_t *weights);
/* The same chance node as count cards, each equally likely: their number,
 * and the outcome of the k-th (the lowest card of its face in the set);
 * kb_card_nth: the k-th card itself. */
size_t kb_face_count(const kb_faces *f, const gn_set *set, int characters_only);
int kb_face_nth(const kb_faces *f, const gn_set *set, int characters_only, size_t k);
int kb_card_nth(const kb_faces *f, const gn_set *set, int characters_only, size_t k);

/* Does Character c match card t (colour or number)? */
static inline int kb_matches(const kb_deck *d, int c, int t)
{
    return d->card[c].colour == d->card[t].colour || d->card[c].number == d->card[t].number;
}

/* The cards of `set` that Character c matches (kb_matches, for a whole set
 * at once). */
static inline gn_set kb_matching(const kb_deck *d, const kb_faces *f, int c, const gn_set *set)
{
    /* (colours 0-3 and numbers 1-9, as parsed; masked as kb_faces_init does) */
    const gn_set *a = &f->colour[d->card[c].colour & 3], *b = &f->number[d->card[c].number % 10];
    gn_set m = {{set->w[0] & (a->w[0] | b->w[0]), set->w[1] & (a->w[1] | b->w[1])}};
    return m;
}

/* The card carrying the King's Blood card (attached under it), or -1. */
static inline int kb_kings_blood_carrier(const kb_deck *d, const genealogy *g)
{
    return gn_set_has(&g->attached, d->n) ? g->under[d->n] : -1;
}

/* Do Characters a and b marry by colour and gender? */
static inline int kb_marries(const kb_deck *d, int a, int b)
{
    return d->card[a].colour == d->card[b].colour && d->card[a].gender != d->card[b].gender;
}

/* The card attached under t of this kind (an Event's kind, or
 * KB_KINGS_BLOOD for the King's Blood card), or -1. */
int kb_attached(const kb_deck *d, const genealogy *g, int t, int kind, int event);
static inline int kb_has_enthronement(const kb_deck *d, const genealogy *g, int t)
{
    return kb_attached(d, g, t, KB_EVENT, KB_ENTHRONEMENT) >= 0;
}
static inline int kb_carries_kings_blood(const kb_deck *d, const genealogy *g, int t)
{
    return kb_attached(d, g, t, KB_KINGS_BLOOD, 0) >= 0;
}

/* A card of the Genealogy in move texts: its text, then "@row,x" when
 * another card of the Genealogy reads the same (not counting `lifted`, a
 * card a New Connection holds, or -1). */
void kb_put_target(const kb_deck *d, const genealogy *g, int t, int lifted, crown_buf *b);

/* ---- the view ----------------------------------------------------------
 * Lines wrap at 80 columns; continuation lines are indented. */

/* The Genealogy, one line per row, left to right: each card as in moves,
 * "@x" its position in half cards, then '^' (an Enthronement under it),
 * '+' (the King's Blood card under it) and '*' (Active). */
void kb_put_rows(const kb_deck *d, const genealogy *g, crown_buf *b);
/* The cards of `set` in out, ordered by face (faces by their ids, the
 * lowest of the identical cards), so that the order shows nothing of which
 * copies of a face the set holds; their number returned. */
int kb_by_face(const kb_deck *d, const gn_set *set, uint8_t *out);
/* "head card card ...", wrapped, then a new line; the cards by face. */
void kb_put_list(const kb_deck *d, const char *head, const gn_set *set, crown_buf *b);

/* ---- the structured views (docs/kings-blood.md, docs/kings-family.md) --
 * Identical cards are one face: JSON writes a card as its face's id (the
 * lowest id of the identical cards), and a tensor counts a set's cards in
 * the entry of each face's id; cards of the Genealogy are numbered by place
 * (kb_place_id). */

/* The id the views give card c of the Genealogy, leaving out `lifted` (a
 * card a New Connection holds, or -1): identical Characters are numbered by
 * place, the k-th of a face's cards in the rows (top to bottom, left to
 * right) taking the face's k-th id, so that the id shows nothing of which
 * copy lies where.  A card in no row (the lifted one) is its face id. */
int kb_place_id(const kb_deck *d, const genealogy *g, int lifted, int c);
/* The cards of a set as face ids, ascending, repeated per copy: "[3, 3, 17]". */
void kb_json_cards(const kb_deck *d, const gn_set *set, crown_buf *b);
/* How many cards of each face `set` holds, in v[face id] (v has n + 1
 * entries, the King's Blood card's last). */
void kb_tensor_cards(const kb_deck *d, const gn_set *set, float *v);
/* The Genealogy as the text shows it, with `lifted` (a card a New
 * Connection holds, or -1) in no row: a JSON array of the cards in rows
 * top to bottom, left to right, {"card", "row", "x", "active",
 * "enthronement", "kings_blood"}. */
void kb_json_genealogy(const kb_deck *d, const genealogy *g, int lifted, crown_buf *b);
/* The same as tensor piece "genealogy", [n + 1, 6]: per card id, placed
 * (1), its row, its x, Active, an Enthronement under it, the King's Blood
 * card under it. */
void kb_tensor_genealogy(const kb_deck *d, const genealogy *g, int lifted, crown_tensor *t);
/* A decision move's fields as JSON (docs/actions.md), both games. */
void kb_move_json(const void *config, crown_move m, crown_buf *b);

/* ---- move texts -------------------------------------------------------- */

/* Reads a move text of King's Family (multiplayer == 0) or King's Blood
 * (multiplayer == 1): lower-cased, single spaces.  Writes the canonical
 * text (cards as the deck writes them) and returns 0 when it is the
 * notation, -1 otherwise (see crown_rules.move_canon). */
int kb_move_canon(const char *text, int multiplayer, crown_buf *out);

#endif
