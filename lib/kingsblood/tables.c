/*
 * tables.c - the deck's lookup tables, computed from a deck: the default
 * deck itself, the faces of a deck (its identical cards) and the sets and
 * lists the rules and the action index read (kb_faces).
 *
 * A game with the default deck never runs this code: tables_gen.c, a
 * program run at build time, writes the default deck and its faces with
 * these functions as constant data (kb_std_deck, kb_std_faces), which every
 * handle reads.  A custom deck's tables are computed here when a game is
 * configured.
 */
#include <string.h>

#include "cards.h"
#include "common.h"

/* The default deck, as data: the characters by colour, number, gender;
 * then the events and how many of each. */
static const struct {
    uint8_t number, gender, ability;
} special[] = {
    {2, KB_FEMALE, KB_SKIP},
    {5, KB_MALE, KB_REVERSE},
    {8, KB_FEMALE, KB_DRAW3},
};
static const uint8_t event_count[4] = {3, 2, 3, 2};

/* A card's place among every card the notation can name: the Characters
 * by colour, number (0-9), gender and ability, then the Events, then the
 * King's Blood card.  Equal cards, equal places; different cards,
 * different places.  (The parser and kb_default_deck make only such
 * cards: every field in range, and the fields a kind does not use, an
 * Event's colour or a Character's event, zero; this reads only those a
 * kind uses.) */
enum { CARD_PLACES = 4 * 10 * 2 * 4 + 4 + 1 };
static unsigned card_place(const kb_card *c)
{
    if (c->kind == KB_CHARACTER)
        return ((c->colour * 10u + c->number) * 2u + c->gender) * 4u + c->ability;
    return c->kind == KB_EVENT ? 4 * 10 * 2 * 4 + c->event : CARD_PLACES - 1;
}

/* Each card's face, the lowest id of a card identical to it: the first
 * card at each place is remembered. */
static void set_faces(kb_deck *d)
{
    uint8_t first[CARD_PLACES]; /* a card id, or 0xFF: none yet */
    memset(first, 0xFF, sizeof first);
    for (int i = 0; i <= d->n; i++) {
        unsigned k = card_place(&d->card[i]);
        if (first[k] == 0xFF)
            first[k] = (uint8_t)i;
        d->face[i] = first[k];
    }
}

void kb_deck_finish(kb_deck *d)
{
    kb_card kb = {KB_KINGS_BLOOD, 0, 0, 0, 0, 0};
    d->card[d->n] = kb;
    set_faces(d);
}

void kb_default_deck(kb_deck *d)
{
    memset(d, 0, sizeof *d);
    int n = 0;
    for (int col = 0; col < 4; col++) {
        for (int num = 1; num <= 9; num++) {
            for (int gen = KB_MALE; gen <= KB_FEMALE; gen++) {
                kb_card c = {KB_CHARACTER, (uint8_t)col, (uint8_t)num, (uint8_t)gen, KB_PLAIN, 0};
                for (size_t k = 0; k < sizeof special / sizeof special[0]; k++)
                    if (special[k].number == num && special[k].gender == gen)
                        c.ability = special[k].ability;
                d->card[n++] = c;
            }
        }
    }
    for (int e = 0; e < 4; e++) {
        for (int k = 0; k < event_count[e]; k++) {
            kb_card c = {KB_EVENT, 0, 0, 0, 0, (uint8_t)e};
            d->card[n++] = c;
        }
    }
    d->n = n;
    kb_deck_finish(d);
}

/* Appends card i to list l of the action index (ids come ascending). */
static void list_append(kb_faces *f, int l, int i)
{
    f->rank[l][i] = f->nlist[l];
    f->list[l][f->nlist[l]++] = (uint8_t)i;
}

void kb_faces_init(kb_faces *f, const kb_deck *d)
{
    memset(f, 0, sizeof *f);
    memset(f->rank, 0xFF, sizeof f->rank);
    list_append(f, KB_L_NONE, 0); /* (the field that is not a card: {0}) */
    /* One pass in id order, so that every list comes out ascending (the
     * King's Blood card, id n, is of neither kind); the cards of each face
     * are gathered at its lowest id (each card's face is at or below it)
     * and given to the others after. */
    for (int i = 0; i <= d->n; i++) {
        const kb_card *c = &d->card[i];
        int face = d->face[i];
        gn_set_add(&f->same[face], i);
        /* (card 0 is its own face: the first term is 0 there) */
        f->faces_apart |= (face != i) & (d->face[i - (i > 0)] != face);
        gn_set_add(&f->colour[c->colour & 3], i);
        gn_set_add(&f->number[c->number % 10], i);
        if (c->kind == KB_CHARACTER) {
            gn_set_add(&f->characters, i);
            f->twin_characters |= face != i;
            if (c->ability != KB_PLAIN)
                gn_set_add(&f->abilities, i);
            list_append(f, KB_L_CHARACTERS, i);
        } else if (c->kind == KB_EVENT) {
            int exile = c->event == KB_EXILE;
            gn_set_add(exile ? &f->exiles : &f->events, i);
            list_append(f, exile ? KB_L_EXILES : KB_L_EVENTS, i);
            list_append(f, KB_L_ALL_EVENTS, i);
        }
    }
    for (int i = 0; i <= d->n; i++)
        if (d->face[i] != i)
            f->same[i] = f->same[d->face[i]];
}
