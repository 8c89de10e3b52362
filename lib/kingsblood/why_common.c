/*
 * why_common.c - the reasons King's Blood and King's Family both give for
 * a move that is not legal: the hand, the Genealogy's targets and sides,
 * matching (see why.h; the rules: docs/kings-family.md, "The Genealogy").
 */
#include "why.h"

static void put_card(const kb_deck *d, int c, crown_buf *b)
{
    kb_put_card(&d->card[c], b);
}

int kb_why_not_held(const kb_deck *d, const kb_faces *f, const gn_set *hand, int c,
                    const char *who, crown_buf *b)
{
    gn_set same = kb_same_in(f, hand, c);
    int first = gn_set_next(&same, 0);
    if (first == c)
        return 0;
    put_card(d, c, b);
    if (first < 0)
        crown_buf_printf(b, " is not in %s's hand", who);
    else
        crown_buf_printf(b, ": identical cards are one move, of the lowest id in the hand "
                            "(card %d, not %d)", first, c);
    return 1;
}

int kb_why_target(const kb_deck *d, const genealogy *g, int t, int lifted, int active,
                  crown_buf *b)
{
    if (!gn_has(g, t)) {
        int twin = 0; /* an identical card is there: name this one by its id */
        GN_FOR(&g->present, c)
            twin |= d->face[c] == d->face[t];
        if (twin)
            crown_buf_printf(b, "card %d, ", t);
        put_card(d, t, b);
        crown_buf_puts(b, twin ? ", is not in the Genealogy (an identical card is)"
                               : " is not in the Genealogy");
        return 1;
    }
    if (t == lifted) {
        put_card(d, t, b);
        crown_buf_puts(b, " is the card the New Connection lifted");
        return 1;
    }
    if (!active || gn_is_active(g, t))
        return 0;
    put_card(d, t, b);
    crown_buf_puts(b, gn_covered(g, t) ? " is not Active: a card lies on top of it"
                                       : " is not Active: neither of its sides is usable");
    return 1;
}

int kb_why_no_match(const kb_deck *d, int c, int t, crown_buf *b)
{
    if (kb_matches(d, c, t))
        return 0;
    put_card(d, c, b);
    crown_buf_puts(b, " matches neither the colour nor the number of ");
    put_card(d, t, b);
    return 1;
}

int kb_why_side(const kb_deck *d, const genealogy *g, int t, int side, crown_buf *b)
{
    int sd = side ? GN_RIGHT : GN_LEFT;
    if (gn_side_usable(g, t, sd))
        return 0;
    crown_buf_printf(b, "the %s side of ", side ? "right" : "left");
    put_card(d, t, b);
    crown_buf_puts(b, gn_slot_open(g, t, sd) ? " is not usable: the child slot below it is taken"
                                             : " is not usable: a card lies beside it");
    return 1;
}

int kb_why_no_spot(const kb_deck *d, const genealogy *g, int e, int t, crown_buf *b)
{
    gn_spot spots[2 * GN_CARDS];
    if (d->card[e].kind != KB_EVENT || d->card[e].event != KB_NEW_CONNECTION ||
        gn_new_connection_spots(g, t, spots) > 0)
        return 0;
    crown_buf_puts(b, "a New Connection on ");
    put_card(d, t, b);
    if (gn_count(g) == 1) {
        crown_buf_puts(b, " has no card to place it beside: it is the only card of the "
                          "Genealogy");
    } else {
        crown_buf_puts(b, " has nowhere to place it: once it is lifted, no Active card has a "
                          "usable side for it but the spot it left");
    }
    return 1;
}

int kb_why_place(const kb_deck *d, const genealogy *g, int lifted, int t, int side,
                 crown_buf *b)
{
    genealogy without = *g;
    gn_set removed = {{0, 0}};
    gn_remove_with_attachments(&without, lifted, &removed);
    int sd = side ? GN_RIGHT : GN_LEFT;
    if (!gn_is_active(&without, t)) {
        put_card(d, t, b);
        crown_buf_puts(b, " is not Active once ");
        put_card(d, lifted, b);
        crown_buf_puts(b, gn_covered(&without, t) ? " is lifted: a card lies on top of it"
                                                  : " is lifted: neither of its sides is usable");
        return 1;
    }
    if (!gn_side_usable(&without, t, sd)) {
        crown_buf_printf(b, "the %s side of ", side ? "right" : "left");
        put_card(d, t, b);
        crown_buf_puts(b, " is not usable once ");
        put_card(d, lifted, b);
        crown_buf_puts(b, gn_slot_open(&without, t, sd) ? " is lifted: the child slot below it "
                                                          "is taken"
                                                        : " is lifted: a card lies beside it");
        return 1;
    }
    if (g->row[t] == g->row[lifted] && g->x[t] + 2 * sd == g->x[lifted]) {
        put_card(d, lifted, b);
        crown_buf_puts(b, " may not go back to the spot it left");
        return 1;
    }
    return 0;
}

int kb_why_sibling_spot(const kb_deck *d, const genealogy *g, int last, int run_side, int side,
                        crown_buf *b)
{
    int sd = side ? GN_RIGHT : GN_LEFT, r, x;
    if (run_side && sd != run_side) {
        crown_buf_printf(b, "the siblings go on to the %s, beside the last one, ",
                         run_side > 0 ? "right" : "left");
        put_card(d, last, b);
        return 1;
    }
    if (gn_sibling_slot(g, last, sd, &r, &x) == 0)
        return 0;
    crown_buf_printf(b, "there is no room for a sibling %s of ", side ? "right" : "left");
    put_card(d, last, b);
    crown_buf_puts(b, ": a card lies there");
    return 1;
}

int kb_why_sibling_not_play(const kb_deck *d, const genealogy *g, int c, int t, int side,
                            int child, int last, int run_side, crown_buf *b)
{
    int sd = side ? GN_RIGHT : GN_LEFT, x = g->x[t] + 2 * sd;
    if (d->card[c].number != d->card[child].number || g->row[t] != g->row[child])
        return 0;
    if (run_side ? x != g->x[last] + 2 * run_side : x != g->x[child] - 2 && x != g->x[child] + 2)
        return 0;
    put_card(d, c, b);
    crown_buf_puts(b, " at the next sibling's spot is a sibling of the newborn child, ");
    put_card(d, child, b);
    crown_buf_puts(b, ", not a play: sibling ");
    put_card(d, c, b);
    crown_buf_puts(b, x < g->x[last] ? " left" : " right");
    return 1;
}

int kb_why_enthroned(const kb_deck *d, const genealogy *g, int e, int t, crown_buf *b)
{
    if (d->card[e].kind != KB_EVENT || d->card[e].event != KB_ENTHRONEMENT ||
        !kb_has_enthronement(d, g, t))
        return 0;
    put_card(d, t, b);
    crown_buf_puts(b, " has an Enthronement already");
    return 1;
}
