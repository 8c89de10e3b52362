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

/* A card's fields as one number: equal cards, equal keys. */
static uint64_t card_key(const kb_card *c)
{
    return (uint64_t)c->kind | (uint64_t)c->colour << 8 | (uint64_t)c->number << 16 |
           (uint64_t)c->gender << 24 | (uint64_t)c->ability << 32 | (uint64_t)c->event << 40;
}

/* Each card's face, the lowest id of a card identical to it: the first
 * card of each key is remembered in a small open-addressing table (more
 * slots than a deck has cards). */
static void set_faces(kb_deck *d)
{
    enum { SLOTS = 256 };
    uint8_t first[SLOTS]; /* a card id, or 0xFF: empty */
    memset(first, 0xFF, sizeof first);
    for (int i = 0; i <= d->n; i++) {
        uint64_t key = card_key(&d->card[i]);
        size_t h = (size_t)((key * 0x9e3779b97f4a7c15ULL) >> 56);
        while (first[h] != 0xFF && card_key(&d->card[first[h]]) != key)
            h = (h + 1) % SLOTS;
        if (first[h] == 0xFF)
            first[h] = (uint8_t)i;
        d->face[i] = first[h];
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

void kb_faces_init(kb_faces *f, const kb_deck *d)
{
    memset(f, 0, sizeof *f);
    /* The cards of each face gathered at its lowest id (each card's face is
     * at or below it), then given to the others. */
    for (int i = 0; i <= d->n; i++)
        gn_set_add(&f->same[d->face[i]], i);
    for (int i = 0; i <= d->n; i++) {
        f->same[i] = f->same[d->face[i]];
        f->faces_apart |= i > 0 && d->face[i] != i && d->face[i - 1] != d->face[i];
    }
    for (int i = 0; i < d->n; i++)
        if (d->card[i].kind == KB_CHARACTER) {
            gn_set_add(&f->characters, i);
            f->twin_characters |= d->face[i] != i;
            if (d->card[i].ability != KB_PLAIN)
                gn_set_add(&f->abilities, i);
        } else if (d->card[i].kind == KB_EVENT) {
            gn_set_add(d->card[i].event == KB_EXILE ? &f->exiles : &f->events, i);
        }
    /* The lists of the action index, from those sets (ascending). */
    gn_set none = {{1, 0}}, all_events = f->events;
    gn_set_or(&all_events, &f->exiles);
    const gn_set *of[KB_LISTS] = {&none, &f->characters, &f->events, &f->exiles, &all_events};
    memset(f->rank, 0xFF, sizeof f->rank);
    for (int l = 0; l < KB_LISTS; l++)
        GN_FOR(of[l], i) {
            f->rank[l][i] = f->nlist[l];
            f->list[l][f->nlist[l]++] = (uint8_t)i;
        }
    for (int i = 0; i <= d->n; i++) {
        gn_set_add(&f->colour[d->card[i].colour & 3], i);
        gn_set_add(&f->number[d->card[i].number % 10], i);
    }
}
