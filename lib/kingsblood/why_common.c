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

int kb_why_enthroned(const kb_deck *d, const genealogy *g, int e, int t, crown_buf *b)
{
    if (d->card[e].kind != KB_EVENT || d->card[e].event != KB_ENTHRONEMENT ||
        !kb_has_enthronement(d, g, t))
        return 0;
    put_card(d, t, b);
    crown_buf_puts(b, " has an Enthronement already");
    return 1;
}
