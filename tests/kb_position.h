/*
 * kb_position.h - for the King's Blood and King's Family rule tests: card
 * ids by their text in the test's deck, and positions written directly into
 * the state (white-box): hands, the Genealogy, the pile and the discards.
 */
#ifndef CROWN_TESTS_KB_POSITION_H
#define CROWN_TESTS_KB_POSITION_H

#include <stdio.h>

#include "common.h"
#include "kingsblood/cards.h"
#include "kingsblood/genealogy.h"

/* The deck of the game under test (the default one unless a test gives a
 * deck list); card ids follow it. */
static kb_deck D;

/* The id of the k-th card (0-based) reading `t`; "kings-blood" is the
 * King's Blood card (id D.n). */
static int idk(const char *t, int k)
{
    for (int i = 0; i <= D.n; i++) {
        char buf[32];
        crown_buf b;
        crown_buf_init(&b, buf, sizeof buf);
        kb_put_card(&D.card[i], &b);
        if (strcmp(buf, t) == 0 && k-- == 0)
            return i;
    }
    ck_abort_msg("no card '%s'", t);
    return -1;
}

static int id(const char *t)
{
    return idk(t, 0);
}

/* Adds the cards of a list to a set, taking each copy of a repeated text in
 * turn; `used` tracks copies already given out. */
static void add_cards(gn_set *set, gn_set *used, const char *list)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        int k = 0, c;
        while (gn_set_has(used, c = idk(t, k)))
            k++;
        gn_set_add(set, c);
        gn_set_add(used, c);
    }
}

/* Lays out a Genealogy from "card@row,x" items ("enthronement>B3m" attaches
 * under a placed card). */
static void lay_out(genealogy *gn, gn_set *used, const char *gen)
{
    gn_clear(gn);
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", gen);
    char *save = NULL;
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        char *at = strchr(t, '@'), *gt = strchr(t, '>');
        gn_set one = {{0, 0}};
        if (at) {
            int r, x;
            *at = '\0';
            ck_assert_int_eq(sscanf(at + 1, "%d,%d", &r, &x), 2);
            add_cards(&one, used, t);
            gn_place_at(gn, gn_set_next(&one, 0), r, x);
        } else {
            ck_assert_ptr_nonnull(gt);
            *gt = '\0';
            add_cards(&one, used, t);
            gn_attach(gn, gn_set_next(&one, 0), id(gt + 1));
        }
    }
}

/* The pile ("rest": every card of the deck not given out), and every other
 * card of the deck in the discards. */
static void pile_and_discards(gn_set *pile, gn_set *discards, gn_set *used, const char *list)
{
    memset(pile, 0, sizeof *pile);
    memset(discards, 0, sizeof *discards);
    if (strcmp(list, "rest") == 0) {
        for (int c = 0; c < D.n; c++)
            if (!gn_set_has(used, c))
                gn_set_add(pile, c);
    } else {
        add_cards(pile, used, list);
    }
    for (int c = 0; c < D.n; c++)
        if (!gn_set_has(used, c) && !gn_set_has(pile, c))
            gn_set_add(discards, c);
}

/* A set of cards as the JSON views write it: face ids ascending, one per
 * card ("[3, 3, 17]"). */
static inline void face_list(const kb_deck *d, const gn_set *set, char *out, size_t cap)
{
    size_t at = (size_t)snprintf(out, cap, "[");
    int first = 1;
    for (int f = 0; f <= d->n; f++)
        for (int c = 0; c <= d->n; c++)
            if (d->face[c] == f && gn_set_has(set, c)) {
                at += (size_t)snprintf(out + at, cap - at, first ? "%d" : ", %d", f);
                first = 0;
            }
    snprintf(out + at, cap - at, "]");
}

#endif
