/*
 * test_genealogy.c - the Genealogy's geometry (lib/kingsblood/genealogy.c),
 * independent of any turn logic.  Every expectation is computed by hand from
 * RULINGS.md section 1.2 (positions in half-card units; a card covers
 * [x, x+2)).
 */
#include "common.h"
#include "kingsblood/genealogy.h"

static genealogy row_of(int n)
{
    genealogy g;
    gn_clear(&g);
    for (int i = 0; i < n; i++)
        gn_place_at(&g, i, 0, 2 * i);
    ck_assert_int_eq(gn_check(&g), 0);
    return g;
}

/* gn_set_below(n) is the cards 0 .. n - 1, for every n. */
START_TEST(set_below_is_the_first_cards)
{
    for (int n = 0; n < GN_CARDS; n++) {
        gn_set want = {{0, 0}}, got = gn_set_below(n);
        for (int c = 0; c < n; c++)
            gn_set_add(&want, c);
        ck_assert_uint_eq(got.w[0], want.w[0]);
        ck_assert_uint_eq(got.w[1], want.w[1]);
    }
}
END_TEST

START_TEST(a_row_of_five_has_two_active_ends)
{
    genealogy g = row_of(5); /* x = 0 2 4 6 8, all touching */
    gn_set a = gn_active_set(&g);
    ck_assert_int_eq(gn_set_count(&a), 2);
    ck_assert(gn_active(&g, 0));
    ck_assert(gn_active(&g, 4));
    /* The ends: only the outer side is usable. */
    ck_assert(gn_usable(&g, 0, GN_LEFT));
    ck_assert(!gn_usable(&g, 0, GN_RIGHT));
    ck_assert(!gn_usable(&g, 4, GN_LEFT));
    ck_assert(gn_usable(&g, 4, GN_RIGHT));
    for (int c = 1; c <= 3; c++) {
        ck_assert(!gn_slot_open(&g, c, GN_LEFT));
        ck_assert(!gn_slot_open(&g, c, GN_RIGHT));
    }
}
END_TEST

START_TEST(parents_with_a_child_leave_only_the_child_active)
{
    genealogy g;
    gn_clear(&g);
    gn_found(&g, 1);                   /* (0, 0) */
    gn_place_beside(&g, 2, 1, GN_RIGHT); /* (0, 2): the marriage */
    gn_place_child(&g, 3, 1, GN_RIGHT);  /* (1, 1) */
    ck_assert_int_eq(g.row[3], 1);
    ck_assert_int_eq(g.x[3], 1);
    ck_assert(gn_covered(&g, 1));
    ck_assert(gn_covered(&g, 2));
    gn_set a = gn_active_set(&g);
    ck_assert_int_eq(gn_set_count(&a), 1);
    ck_assert(gn_set_has(&a, 3));
    ck_assert_int_eq(gn_generations(&g), 2);
    ck_assert_int_eq(gn_check(&g), 0);
}
END_TEST

START_TEST(a_one_card_gap_is_not_a_usable_side)
{
    genealogy g;
    gn_clear(&g);
    gn_place_at(&g, 0, 0, 0);
    gn_place_at(&g, 1, 0, 4); /* one card-width between them */
    ck_assert(!gn_slot_open(&g, 0, GN_RIGHT));
    ck_assert(!gn_slot_open(&g, 1, GN_LEFT));
    ck_assert(gn_slot_open(&g, 0, GN_LEFT));
    ck_assert(gn_active(&g, 0) && gn_active(&g, 1));
    /* A gap of two cards: a card fits touching one side only. */
    gn_place_at(&g, 2, 0, 10);
    ck_assert(gn_slot_open(&g, 1, GN_RIGHT)); /* slot 6: nearest other card at 10 */
    ck_assert(gn_slot_open(&g, 2, GN_LEFT));  /* slot 8: nearest other card at 4 */
    /* Both sides closed by one-card gaps: not Active. */
    gn_place_at(&g, 3, 0, -4);
    ck_assert(!gn_slot_open(&g, 0, GN_LEFT));
    ck_assert(!gn_active(&g, 0));
    ck_assert_int_eq(gn_check(&g), 0);
}
END_TEST

START_TEST(a_blocked_child_slot)
{
    /* Parents at (0,0) and (0,2), their child at (1,1) and a sibling run to
     * the right: (1,3) (1,5) (1,7).  T at (0,8): its left slot (0,6) is open
     * (the nearest other card of row 0 is at 2), but its left child slot
     * (1,7) is taken, so the left side is not usable. */
    genealogy g;
    gn_clear(&g);
    gn_place_at(&g, 0, 0, 0);
    gn_place_at(&g, 1, 0, 2);
    gn_place_child(&g, 2, 0, GN_RIGHT);
    int last = 2, r, x;
    for (int c = 3; c <= 5; c++) {
        OK(gn_sibling_slot(&g, last, GN_RIGHT, &r, &x));
        gn_place_at(&g, c, r, x);
        last = c;
    }
    ck_assert_int_eq(g.x[5], 7);
    gn_place_at(&g, 9, 0, 8); /* T */
    ck_assert(gn_slot_open(&g, 9, GN_LEFT));
    ck_assert(!gn_child_free(&g, 9, GN_LEFT));
    ck_assert(!gn_usable(&g, 9, GN_LEFT));
    ck_assert(gn_usable(&g, 9, GN_RIGHT));
    /* The card in the child slot lies half under T: T is covered. */
    ck_assert(gn_covered(&g, 9));
    ck_assert(!gn_active(&g, 9));
    /* Without the last sibling T is Active again, on both sides. */
    gn_remove(&g, 5);
    ck_assert(gn_usable(&g, 9, GN_LEFT));
    ck_assert(gn_active(&g, 9));
    ck_assert_int_eq(gn_check(&g), 0);
}
END_TEST

START_TEST(sibling_runs_to_either_side)
{
    genealogy g;
    gn_clear(&g);
    gn_place_at(&g, 0, 0, 0);
    gn_place_at(&g, 1, 0, 2);
    gn_place_child(&g, 2, 0, GN_RIGHT); /* (1,1) */
    int r, x;
    OK(gn_sibling_slot(&g, 2, GN_RIGHT, &r, &x));
    ck_assert_int_eq(r, 1);
    ck_assert_int_eq(x, 3);
    gn_place_at(&g, 3, r, x);
    OK(gn_sibling_slot(&g, 3, GN_RIGHT, &r, &x));
    ck_assert_int_eq(x, 5);
    gn_place_at(&g, 4, r, x);
    /* The other way from the first child. */
    OK(gn_sibling_slot(&g, 2, GN_LEFT, &r, &x));
    ck_assert_int_eq(x, -1);
    /* A sibling may touch a card beyond it, never overlap one. */
    gn_place_at(&g, 5, 1, 9);
    OK(gn_sibling_slot(&g, 4, GN_RIGHT, &r, &x)); /* (1,7) touches (1,9) */
    gn_place_at(&g, 6, r, x);
    ck_assert_int_eq(gn_sibling_slot(&g, 6, GN_RIGHT, &r, &x), -1); /* (1,9) is taken */
    ck_assert_int_eq(gn_check(&g), 0);
}
END_TEST

START_TEST(a_card_reactivated_after_its_child_is_removed)
{
    genealogy g;
    gn_clear(&g);
    gn_found(&g, 0);
    gn_place_beside(&g, 1, 0, GN_RIGHT);
    gn_place_child(&g, 2, 0, GN_RIGHT);
    ck_assert(!gn_active(&g, 0));
    ck_assert(!gn_active(&g, 1));
    gn_remove(&g, 2);
    ck_assert(gn_active(&g, 0));
    ck_assert(gn_active(&g, 1));
    ck_assert(gn_usable(&g, 0, GN_LEFT));
    ck_assert(!gn_usable(&g, 0, GN_RIGHT));
}
END_TEST

START_TEST(new_connection_may_not_return_to_its_spot)
{
    genealogy g = row_of(3); /* 0 at 0, 1 at 2, 2 at 4 */
    gn_spot spots[2 * GN_CARDS];
    /* Lift card 2 (an Active end): card 1 becomes an end.  Spots: left of
     * 0, and right of 1 is where card 2 was: excluded. */
    int n = gn_new_connection_spots(&g, 2, spots);
    ck_assert_int_eq(n, 1);
    ck_assert_int_eq(spots[0].target, 0);
    ck_assert_int_eq(spots[0].side, GN_LEFT);
    gn_move(&g, 2, 0, GN_LEFT);
    ck_assert_int_eq(g.row[2], 0);
    ck_assert_int_eq(g.x[2], -2);
    ck_assert_int_eq(gn_check(&g), 0);
    /* A card placed beside a card that became Active by the lift. */
    genealogy h;
    gn_clear(&h);
    gn_place_at(&h, 0, 0, 0);
    gn_place_at(&h, 1, 0, 2);
    gn_place_child(&h, 2, 0, GN_RIGHT); /* (1,1) covers both parents */
    n = gn_new_connection_spots(&h, 2, spots);
    /* After the lift: 0 (left side usable) and 1 (right side usable); the
     * child slot (1,1) is no placement spot. */
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(spots[0].target, 0);
    ck_assert_int_eq(spots[0].side, GN_LEFT);
    ck_assert_int_eq(spots[1].target, 1);
    ck_assert_int_eq(spots[1].side, GN_RIGHT);
}
END_TEST

START_TEST(attachments_follow_their_card)
{
    genealogy g = row_of(2);
    gn_attach(&g, 50, 1); /* an Enthronement under card 1 */
    gn_attach(&g, 51, 1); /* the King's Blood card */
    ck_assert_int_eq(gn_check(&g), 0);
    gn_set att = gn_attachments(&g, 1);
    ck_assert_int_eq(gn_set_count(&att), 2);
    gn_move(&g, 1, 0, GN_LEFT);
    att = gn_attachments(&g, 1);
    ck_assert_int_eq(gn_set_count(&att), 2);
    gn_set removed = {{0, 0}};
    gn_remove_with_attachments(&g, 1, &removed);
    ck_assert_int_eq(gn_set_count(&removed), 3);
    ck_assert(gn_set_has(&removed, 50) && gn_set_has(&removed, 51) && gn_set_has(&removed, 1));
    ck_assert(gn_set_empty(&g.attached));
    ck_assert_int_eq(gn_check(&g), 0);
}
END_TEST

START_TEST(generations_and_solitaire_enthronement)
{
    genealogy g;
    gn_clear(&g);
    gn_place_at(&g, 0, 0, 0);
    gn_place_at(&g, 1, 0, 2);
    gn_place_child(&g, 2, 0, GN_RIGHT); /* (1,1) */
    gn_place_at(&g, 3, 1, 3);
    gn_place_child(&g, 4, 2, GN_RIGHT); /* (2,2) */
    gn_attach(&g, 9, 1);
    ck_assert_int_eq(gn_generations(&g), 3);
    ck_assert_int_eq(gn_row_size(&g, 1), 2);
    /* Enthronement on row 1: rows above go, row 1 becomes row 0. */
    gn_set removed = {{0, 0}};
    gn_drop_rows_above(&g, 1, &removed);
    ck_assert_int_eq(gn_set_count(&removed), 3); /* 0, 1 and 9 under 1 */
    ck_assert_int_eq(gn_generations(&g), 2);
    ck_assert_int_eq(g.row[2], 0);
    ck_assert_int_eq(g.row[4], 1);
    ck_assert_int_eq(gn_check(&g), 0); /* parity kept */
    ck_assert(gn_active(&g, 4));
}
END_TEST

START_TEST(generations_count_non_empty_rows)
{
    genealogy g;
    gn_clear(&g);
    ck_assert_int_eq(gn_generations(&g), 0);
    gn_place_at(&g, 0, 0, 0);
    gn_place_at(&g, 1, 2, 0); /* row 1 empty (its card was removed) */
    ck_assert_int_eq(gn_generations(&g), 2);
    ck_assert_int_eq(gn_top_row(&g), 0);
    ck_assert_int_eq(gn_bottom_row(&g), 2);
}
END_TEST

START_TEST(multiplayer_enthronement_founds_anew)
{
    genealogy g = row_of(4);
    gn_attach(&g, 20, 3);
    gn_set removed = {{0, 0}};
    gn_enthrone(&g, 2, &removed);
    ck_assert_int_eq(gn_count(&g), 1);
    ck_assert_int_eq(g.row[2], 0);
    ck_assert_int_eq(g.x[2], 0);
    ck_assert_int_eq(gn_set_count(&removed), 4); /* 0, 1, 3 and 20 */
    ck_assert_int_eq(gn_check(&g), 0);
}
END_TEST

/* The view answers what the single queries answer, for every card, on
 * random Genealogies (cards placed beside usable sides and as children,
 * some removed); and the view without a card is the view built without it. */
START_TEST(views_agree_with_the_definitions)
{
    trng r = {11};
    for (int round = 0; round < 400; round++) {
        genealogy g;
        gn_clear(&g);
        gn_found(&g, 0);
        int next = 1, target = 10 + (int)trng_below(&r, 60);
        while (next < target) {
            int t = (int)trng_below(&r, (size_t)next);
            int side = trng_below(&r, 2) ? GN_RIGHT : GN_LEFT;
            if (!gn_has(&g, t) || !gn_active(&g, t) || !gn_usable(&g, t, side)) {
                if (trng_below(&r, 50) == 0)
                    break;
                continue;
            }
            gn_place_beside(&g, next++, t, side);
            if (next < target && trng_below(&r, 2))
                gn_place_child(&g, next++, t, side);
            if (trng_below(&r, 8) == 0 && gn_count(&g) > 2) {
                int victim = (int)trng_below(&r, (size_t)next);
                if (gn_has(&g, victim))
                    gn_remove(&g, victim);
            }
        }
        gn_view v;
        gn_view_build(&g, -1, &v);
        for (int c = 0; c < GN_CARDS; c++) {
            if (!gn_has(&g, c))
                continue;
            ck_assert_int_eq(gn_set_has(&v.active, c), gn_active(&g, c));
            ck_assert_int_eq(gn_view_usable(&v, c, GN_LEFT), gn_usable(&g, c, GN_LEFT));
            ck_assert_int_eq(gn_view_usable(&v, c, GN_RIGHT), gn_usable(&g, c, GN_RIGHT));
        }
        for (int row = gn_top_row(&g) - 1; row <= gn_bottom_row(&g) + 1; row++)
            ck_assert_int_eq(gn_view_row_size(&v, row), gn_row_size(&g, row));
        for (int c = 0; c < GN_CARDS; c++) {
            if (!gn_has(&g, c))
                continue;
            gn_view w, x;
            gn_view_without(&g, &v, c, &w);
            gn_view_build(&g, c, &x);
            ck_assert(memcmp(&w.active, &x.active, sizeof w.active) == 0);
            genealogy h = g;
            gn_remove(&h, c);
            for (int d = 0; d < GN_CARDS; d++)
                if (gn_has(&h, d)) {
                    ck_assert_int_eq(w.usable[d], x.usable[d]);
                    ck_assert_int_eq(gn_set_has(&w.active, d), gn_active(&h, d));
                }
        }
    }
}
END_TEST

/* Rows too far apart to index (cards removed from the rows between): the
 * view still answers as the single queries do. */
START_TEST(views_of_rows_far_apart)
{
    genealogy g;
    gn_clear(&g);
    gn_place_at(&g, 0, 0, 0);
    gn_place_at(&g, 1, 0, 2);
    gn_place_at(&g, 2, 1, 1);
    gn_place_at(&g, 3, 300, 300);
    gn_place_at(&g, 4, 300, 302);
    gn_place_at(&g, 5, 301, 301);
    gn_view v;
    gn_view_build(&g, -1, &v);
    for (int c = 0; c < 6; c++) {
        ck_assert_int_eq(gn_set_has(&v.active, c), gn_active(&g, c));
        ck_assert_int_eq(gn_view_usable(&v, c, GN_LEFT), gn_usable(&g, c, GN_LEFT));
        ck_assert_int_eq(gn_view_usable(&v, c, GN_RIGHT), gn_usable(&g, c, GN_RIGHT));
    }
    ck_assert_int_eq(gn_view_row_size(&v, 0), 2);
    ck_assert_int_eq(gn_view_row_size(&v, 300), 2);
    ck_assert_int_eq(gn_view_row_size(&v, 150), 0);
    ck_assert_int_eq(gn_row_size_except(&g, 0, 4), 2);
    ck_assert_int_eq(gn_row_size_except(&g, 300, 4), 1);
    ck_assert_int_eq(gn_row_size_except(&g, 301, 4), 1);
    ck_assert_int_eq(gn_row_size_except(&g, 150, 4), 0);
    gn_view w;
    gn_view_without(&g, &v, 5, &w);
    ck_assert(gn_set_has(&w.active, 3) && gn_set_has(&w.active, 4));
    ck_assert(!gn_set_has(&v.active, 3));
    ck_assert_int_eq(gn_view_row_size(&w, 301), 0);
    ck_assert_int_eq(gn_view_row_size(&w, 300), 2);
}
END_TEST

/* The definitions kept in the structure agree with the single queries
 * after every change: cards placed beside and as children, removed, moved
 * (a New Connection), rows dropped (a solitaire Enthronement) and the
 * Genealogy founded anew (a multiplayer one); the row counts too. */
static void assert_kept_definitions(const genealogy *g)
{
    int bad = -1;
    for (int c = 0; c < GN_CARDS && bad < 0; c++) {
        if (!gn_has(g, c)) {
            if (gn_is_active(g, c) || gn_side_usable(g, c, GN_LEFT) ||
                gn_side_usable(g, c, GN_RIGHT))
                bad = c;
            continue;
        }
        if (gn_is_active(g, c) != gn_active(g, c) ||
            gn_side_usable(g, c, GN_LEFT) != gn_usable(g, c, GN_LEFT) ||
            gn_side_usable(g, c, GN_RIGHT) != gn_usable(g, c, GN_RIGHT))
            bad = c;
    }
    ck_assert_msg(bad < 0 && gn_check(g) == 0,
                  "card %d: the kept definitions differ from the queries", bad);
    /* The sure spots of a New Connection are spots. */
    GN_FOR(&g->present, c) {
        gn_spot sure[2 * GN_CARDS], all[2 * GN_CARDS];
        int ns = gn_new_connection_sure_spots(g, c, sure), na = gn_new_connection_spots(g, c, all);
        for (int i = 0, j = 0; i < ns && bad < 0; i++, j++) { /* both in order */
            while (j < na && (all[j].target != sure[i].target || all[j].side != sure[i].side))
                j++;
            if (j == na)
                bad = c;
        }
    }
    ck_assert_msg(bad < 0, "card %d: a sure spot of a New Connection is no spot", bad);
    int except = gn_set_next(&g->present, 0);
    genealogy h = *g;
    if (except >= 0)
        gn_remove(&h, except);
    int wrong_row = INT32_MIN;
    for (int row = gn_top_row(g) - 1; row <= gn_bottom_row(g) + 1; row++)
        if (gn_row_size_except(g, row, except) != gn_row_size(&h, row))
            wrong_row = row;
    ck_assert_msg(wrong_row == INT32_MIN, "row %d: counted wrong", wrong_row);
}

START_TEST(kept_definitions_follow_every_change)
{
    trng r = {23};
    int deep = 0; /* changes made with cards in rows past the rows' sets */
    int near = 0; /* places near which the Genealogy has more than one card */
    for (int round = 0; round < 300; round++) {
        genealogy g;
        gn_clear(&g);
        if (round % 3) {
            gn_found(&g, 0);
        } else {
            /* In the last row with a set: children go past it. */
            gn_place_at(&g, 0, GN_ROWSETS - 1, 1);
        }
        assert_kept_definitions(&g);
        for (int op = 0; op < 80; op++) {
            int t = (int)trng_below(&r, GN_CARDS), side = trng_below(&r, 2) ? GN_RIGHT : GN_LEFT;
            if (round % 3 == 0) { /* a card of the Genealogy */
                int k = (int)trng_below(&r, (size_t)gn_count(&g));
                t = gn_set_next(&g.present, 0);
                while (k-- > 0)
                    t = gn_set_next(&g.present, t + 1);
            }
            int c = (int)trng_below(&r, GN_CARDS), kind = (int)trng_below(&r, 20);
            if (!gn_has(&g, t) || gn_has(&g, c) || gn_set_has(&g.attached, c))
                continue;
            if (kind < 9 && gn_active(&g, t) && gn_usable(&g, t, side)) {
                gn_place_beside(&g, c, t, side);
            } else if (kind < 14 && gn_active(&g, t) && gn_usable(&g, t, side)) {
                gn_place_beside(&g, c, t, side);
                int d = (c + 1) % GN_CARDS;
                if (!gn_has(&g, d) && !gn_set_has(&g.attached, d))
                    gn_place_child(&g, d, t, side);
            } else if (kind < 17 && gn_count(&g) > 1) {
                gn_remove(&g, t);
            } else if (kind == 17) {
                gn_spot spots[2 * GN_CARDS];
                int n = gn_new_connection_spots(&g, t, spots);
                if (n > 0) {
                    gn_spot sp = spots[trng_below(&r, (size_t)n)];
                    gn_move(&g, t, sp.target, sp.side);
                }
            } else if (kind == 18) {
                gn_set removed = {{0, 0}};
                gn_drop_rows_above(&g, g.row[t], &removed);
            } else if (kind == 19 && trng_below(&r, 4) == 0) {
                gn_set removed = {{0, 0}};
                gn_enthrone(&g, t, &removed);
            }
            assert_kept_definitions(&g);
            deep += !gn_set_empty(&g.deep);
            /* The cards near a place, found as the engine finds them and by
             * a walk of the rows, around cards of the Genealogy. */
            for (int k = 0; k < 6; k++) {
                int at = gn_set_next(&g.present, (int)trng_below(&r, GN_CARDS));
                if (at < 0)
                    at = gn_set_next(&g.present, 0);
                int nr = g.row[at] + (int)trng_below(&r, 5) - 2;
                int nx = g.x[at] + (int)trng_below(&r, 21) - 10;
                gn_set fast = gn_near_cards(&g, nr, nx), walk = gn_near_cards_walk(&g, nr, nx);
                ck_assert_msg(fast.w[0] == walk.w[0] && fast.w[1] == walk.w[1], "the cards near row %d, x %d differ",
                              nr, nx);
                near += gn_set_count(&walk) > 1;
            }
        }
    }
    ck_assert_int_gt(deep, 100);
    ck_assert_int_gt(near, 10000);
}
END_TEST

START_TEST(check_finds_broken_geometry)
{
    genealogy g = row_of(2);
    gn_place_at(&g, 5, 0, 1); /* overlaps, and breaks parity */
    ck_assert_int_eq(gn_check(&g), -1);
    g = row_of(2);
    gn_place_at(&g, 5, 0, 3); /* parity */
    ck_assert_int_eq(gn_check(&g), -1);
    g = row_of(2);
    gn_attach(&g, 9, 7); /* under a card that is not there */
    ck_assert_int_eq(gn_check(&g), -1);
    g = row_of(3);
    gn_set_del(&g.active, 2); /* a kept definition that is wrong */
    ck_assert_int_eq(gn_check(&g), -1);
    g = row_of(3);
    gn_set_add(&g.usable[1], 1); /* the middle card's right side is closed */
    ck_assert_int_eq(gn_check(&g), -1);
    g = row_of(3);
    gn_set_add(&g.usable[0], 9); /* a card not placed */
    ck_assert_int_eq(gn_check(&g), -1);
    /* The rows' sets: a card missing from its row, in another row too, in
     * the deep rows' set while in row 0. */
    g = row_of(3);
    ck_assert_int_eq(gn_check(&g), 0);
    gn_set_del(&g.rowset[0], 1);
    ck_assert_int_eq(gn_check(&g), -1);
    g = row_of(3);
    gn_set_add(&g.rowset[1], 1);
    ck_assert_int_eq(gn_check(&g), -1);
    g = row_of(3);
    gn_set_add(&g.deep, 2);
    ck_assert_int_eq(gn_check(&g), -1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("genealogy");
    TCase *tc = test_case("geometry");
    tcase_add_test(tc, a_row_of_five_has_two_active_ends);
    tcase_add_test(tc, set_below_is_the_first_cards);
    tcase_add_test(tc, parents_with_a_child_leave_only_the_child_active);
    tcase_add_test(tc, a_one_card_gap_is_not_a_usable_side);
    tcase_add_test(tc, a_blocked_child_slot);
    tcase_add_test(tc, sibling_runs_to_either_side);
    tcase_add_test(tc, a_card_reactivated_after_its_child_is_removed);
    tcase_add_test(tc, new_connection_may_not_return_to_its_spot);
    tcase_add_test(tc, attachments_follow_their_card);
    tcase_add_test(tc, generations_and_solitaire_enthronement);
    tcase_add_test(tc, generations_count_non_empty_rows);
    tcase_add_test(tc, multiplayer_enthronement_founds_anew);
    tcase_add_test(tc, check_finds_broken_geometry);
    tcase_add_test(tc, views_agree_with_the_definitions);
    tcase_add_test(tc, views_of_rows_far_apart);
    tcase_add_test(tc, kept_definitions_follow_every_change);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
