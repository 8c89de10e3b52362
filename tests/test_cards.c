/*
 * test_cards.c - the King's Blood deck: the default table (RULINGS 1.1), the
 * card notation, and custom deck lists.
 */
#include <stdio.h>

#include "common.h"
#include "kingsblood/cards.h"
#include "kingsblood/common.h"

static void text_of(const kb_card *c, char *out, size_t cap)
{
    crown_buf b;
    crown_buf_init(&b, out, cap);
    kb_put_card(c, &b);
}

START_TEST(ruling_default_deck_82_cards)
{
    kb_deck d;
    kb_default_deck(&d);
    ck_assert_int_eq(d.n, 82);
    int characters = 0, events[4] = {0}, abilities[4] = {0};
    int seen[4][10][2] = {{{0}}};
    for (int i = 0; i < d.n; i++) {
        const kb_card *c = &d.card[i];
        if (c->kind == KB_CHARACTER) {
            characters++;
            ck_assert(c->number >= 1 && c->number <= 9);
            seen[c->colour][c->number][c->gender]++;
            abilities[c->ability]++;
            if (c->ability == KB_SKIP)
                ck_assert(c->number == 2 && c->gender == KB_FEMALE);
            if (c->ability == KB_REVERSE)
                ck_assert(c->number == 5 && c->gender == KB_MALE);
            if (c->ability == KB_DRAW3)
                ck_assert(c->number == 8 && c->gender == KB_FEMALE);
        } else {
            ck_assert_int_eq(c->kind, KB_EVENT);
            events[c->event]++;
        }
    }
    ck_assert_int_eq(characters, 72);
    for (int col = 0; col < 4; col++)
        for (int num = 1; num <= 9; num++)
            for (int gen = 0; gen < 2; gen++)
                ck_assert_int_eq(seen[col][num][gen], 1);
    ck_assert_int_eq(abilities[KB_SKIP], 4);
    ck_assert_int_eq(abilities[KB_REVERSE], 4);
    ck_assert_int_eq(abilities[KB_DRAW3], 4);
    ck_assert_int_eq(events[KB_ASSASSINATION], 3);
    ck_assert_int_eq(events[KB_EXILE], 2);
    ck_assert_int_eq(events[KB_NEW_CONNECTION], 3);
    ck_assert_int_eq(events[KB_ENTHRONEMENT], 2);
    /* The King's Blood card is not one of the 82. */
    ck_assert_int_eq(d.card[82].kind, KB_KINGS_BLOOD);
}
END_TEST

START_TEST(ruling_point_values)
{
    kb_deck d;
    kb_default_deck(&d);
    for (int i = 0; i <= d.n; i++) {
        int want = d.card[i].kind == KB_CHARACTER ? d.card[i].number : 10;
        ck_assert_int_eq(kb_points(&d.card[i], 10), want);
    }
    ck_assert_int_eq(kb_points(&d.card[d.n], 25), 25);
}
END_TEST

START_TEST(notation_round_trips)
{
    kb_deck d;
    kb_default_deck(&d);
    for (int i = 0; i <= d.n; i++) {
        char t[32];
        text_of(&d.card[i], t, sizeof t);
        kb_card back;
        if (d.card[i].kind == KB_KINGS_BLOOD) {
            ck_assert_str_eq(t, "kings-blood");
            ck_assert_int_eq(kb_parse_card(t, strlen(t), &back), -1); /* not a deck card */
            continue;
        }
        ck_assert_int_eq(kb_parse_card(t, strlen(t), &back), 0);
        ck_assert(memcmp(&back, &d.card[i], sizeof back) == 0);
    }
    char t[32];
    text_of(&d.card[0], t, sizeof t);
    ck_assert_str_eq(t, "B1m");
    text_of(&d.card[3], t, sizeof t);
    ck_assert_str_eq(t, "B2f-skip");
    text_of(&d.card[8], t, sizeof t);
    ck_assert_str_eq(t, "B5m-reverse");
    text_of(&d.card[15], t, sizeof t);
    ck_assert_str_eq(t, "B8f-draw3");
    text_of(&d.card[72], t, sizeof t);
    ck_assert_str_eq(t, "assassination");
    text_of(&d.card[81], t, sizeof t);
    ck_assert_str_eq(t, "enthronement");
}
END_TEST

START_TEST(identical_cards_share_a_face)
{
    kb_deck d;
    kb_default_deck(&d);
    ck_assert_int_eq(d.face[72], 72);
    ck_assert_int_eq(d.face[73], 72);
    ck_assert_int_eq(d.face[74], 72);
    ck_assert_int_eq(d.face[75], 75);
    for (int i = 0; i < 72; i++)
        ck_assert_int_eq(d.face[i], i);
}
END_TEST

START_TEST(custom_deck_list)
{
    kb_deck d;
    static kb_faces f;
    static crown_optvals vals;
    crown_err err;
    ck_assert_int_eq(crown_opt_set_text(&vals, 0, "B1m  B1f R2f-skip   assassination B1m"), 0);
    OK(kb_configure_deck(&d, &f, &vals, 0, &err));
    ck_assert_int_eq(d.n, 5);
    ck_assert_int_eq(d.face[4], 0);
    ck_assert_str_eq(crown_opt_text(&vals, 0), "B1m B1f R2f-skip assassination B1m");
    ck_assert_int_eq(d.card[5].kind, KB_KINGS_BLOOD);
    ck_assert_int_eq(crown_opt_set_text(&vals, 0, "default"), 0);
    OK(kb_configure_deck(&d, &f, &vals, 0, &err));
    ck_assert_int_eq(d.n, 82);
    ck_assert_str_eq(crown_opt_text(&vals, 0), "default");
}
END_TEST

/* The default deck's tables the library reads, written at build time, are
 * what kb_default_deck and kb_faces_init compute, byte for byte; a deck
 * list naming the default deck's cards gets them too, and its canonical
 * text is "default". */
START_TEST(built_tables_are_the_computed_ones)
{
    static kb_deck d, parsed;
    static kb_faces f, configured;
    kb_default_deck(&d);
    kb_faces_init(&f, &d);
    ck_assert_int_eq(memcmp(&d, &kb_std_deck, sizeof d), 0);
    ck_assert_int_eq(memcmp(&f, &kb_std_faces, sizeof f), 0);
    /* The same cards as a list. */
    char list[1024];
    crown_buf b;
    crown_buf_init(&b, list, sizeof list);
    for (int i = 0; i < d.n; i++) {
        if (i)
            crown_buf_putc(&b, ' ');
        kb_put_card(&d.card[i], &b);
    }
    ck_assert_uint_lt(b.len, sizeof list);
    static crown_optvals vals;
    ck_assert_int_eq(crown_opt_set_text(&vals, 0, list), 0);
    crown_err err;
    memset(&configured, 0xAB, sizeof configured);
    OK(kb_configure_deck(&parsed, &configured, &vals, 0, &err));
    ck_assert_str_eq(crown_opt_text(&vals, 0), "default");
    ck_assert_int_eq(memcmp(&parsed, &kb_std_deck, sizeof d), 0);
    ck_assert_int_eq(memcmp(&configured, &kb_std_faces, sizeof f), 0);
}
END_TEST

/* A deck's faces are its identical cards, found by comparing every pair;
 * kb_face_count and kb_face_nth (the handle's draw) agree with a walk over
 * the set: the k-th card drawable, then the lowest card of its face in the
 * set; on random sets of the default deck and of one with many identical
 * cards, every k, Characters only or not. */
START_TEST(faces_and_draws_agree_with_a_walk)
{
    static kb_deck d;
    static kb_faces f;
    crown_err err;
    const char *lists[] = {"default", "B1m B1m B1m exile exile B2f G9f-draw3 B1m R3m R3m "
                                      "assassination Y4f Y4f enthronement"};
    uint64_t x = 12345;
    int checked = 0;
    for (int l = 0; l < 2; l++) {
        OK(kb_parse_deck(&d, lists[l], &err));
        kb_faces_init(&f, &d);
        /* The faces themselves, against comparing every pair of cards. */
        for (int i = 0; i <= d.n; i++) {
            int low = i;
            gn_set same = {{0, 0}};
            for (int j = d.n; j >= 0; j--)
                if (memcmp(&d.card[i], &d.card[j], sizeof d.card[i]) == 0) {
                    low = j;
                    gn_set_add(&same, j);
                }
            ck_assert_int_eq(d.face[i], low);
            ck_assert(f.same[i].w[0] == same.w[0] && f.same[i].w[1] == same.w[1]);
        }
        for (int round = 0; round < 2000; round++) {
            gn_set set = {{0, 0}};
            for (int c = 0; c <= d.n; c++) {
                x = x * 6364136223846793005ULL + 1442695040888963407ULL;
                if ((x >> 33) % 4 < (uint64_t)(round % 4))
                    gn_set_add(&set, c);
            }
            for (int only = 0; only < 2; only++) {
                int cards[KB_MAX_DECK + 1], n = 0;
                GN_FOR(&set, c)
                    if (!only || d.card[c].kind == KB_CHARACTER)
                        cards[n++] = c;
                ck_assert_uint_eq(kb_face_count(&f, &set, only), (size_t)n);
                for (int k = 0; k < n; k++) {
                    int want = cards[k];
                    GN_FOR(&set, c)
                        if (d.face[c] == d.face[cards[k]]) {
                            want = c;
                            break;
                        }
                    ck_assert_int_eq(kb_face_nth(&f, &set, only, (size_t)k), want);
                    checked++;
                }
            }
        }
    }
    ck_assert_int_gt(checked, 100000);
}
END_TEST

/* Parses a deck list and computes its faces. */
static void faces_of(const char *list, kb_deck *d, kb_faces *f)
{
    crown_err err;
    OK(kb_parse_deck(d, list, &err));
    kb_faces_init(f, d);
}

/* kb_matching answers kb_matches for a whole set at once, on the default
 * deck and on a custom one (every id, Events and the King's Blood card
 * included, as targets). */
START_TEST(matching_sets_agree_with_kb_matches)
{
    const char *lists[] = {"default", "B1m R1f Y9m G9f-draw3 exile B9m R1m-skip enthronement"};
    for (int l = 0; l < 2; l++) {
        kb_deck d;
        kb_faces f;
        faces_of(lists[l], &d, &f);
        gn_set all = {{0, 0}};
        for (int t = 0; t <= d.n; t++)
            gn_set_add(&all, t);
        int wrong = 0, pairs = 0;
        for (int c = 0; c < d.n; c++) {
            if (d.card[c].kind != KB_CHARACTER)
                continue;
            gn_set m = kb_matching(&d, &f, c, &all);
            for (int t = 0; t < GN_CARDS; t++) {
                int want = t <= d.n && kb_matches(&d, c, t);
                wrong += gn_set_has(&m, t) != want;
                pairs += want;
            }
        }
        ck_assert_int_eq(wrong, 0);
        ck_assert_int_gt(pairs, d.n); /* every Character matches itself, and more */
    }
}
END_TEST

/* The kind sets of kb_faces, its lists and ranks (the action index's), and
 * kb_firsts, against the cards one by one. */
START_TEST(kind_sets_and_firsts_agree_with_the_cards)
{
    const char *lists[] = {"default",
                           "B1m B1m R1f-skip exile exile new-connection G8f-draw3 G8f-draw3"};
    for (int l = 0; l < 2; l++) {
        kb_deck d;
        kb_faces f;
        faces_of(lists[l], &d, &f);
        int sizes[3] = {0, 0, 0};
        for (int c = 0; c <= d.n; c++) {
            const kb_card *k = &d.card[c];
            int ability = k->kind == KB_CHARACTER && k->ability != KB_PLAIN;
            int event = k->kind == KB_EVENT && k->event != KB_EXILE;
            int exile = k->kind == KB_EVENT && k->event == KB_EXILE;
            ck_assert_int_eq(gn_set_has(&f.abilities, c), ability);
            ck_assert_int_eq(gn_set_has(&f.events, c), event);
            ck_assert_int_eq(gn_set_has(&f.exiles, c), exile);
            sizes[0] += ability;
            sizes[1] += event;
            sizes[2] += exile;
        }
        ck_assert(sizes[0] > 0 && sizes[1] > 0 && sizes[2] > 0);
        /* Each list: the ids of its kind ascending, each id's rank its place. */
        for (int li = 0; li < KB_LISTS; li++) {
            int n = 0;
            for (int c = 0; c <= d.n; c++) {
                const kb_card *k = &d.card[c];
                int event = c < d.n && k->kind == KB_EVENT, exile = event && k->event == KB_EXILE;
                int in = li == KB_L_NONE         ? c == 0
                         : li == KB_L_CHARACTERS ? c < d.n && k->kind == KB_CHARACTER
                         : li == KB_L_EVENTS     ? event && !exile
                         : li == KB_L_EXILES     ? exile
                                                 : event;
                ck_assert_int_eq(f.rank[li][c], in ? n : 0xFF);
                if (in)
                    ck_assert_int_eq(f.list[li][n++], c);
            }
            ck_assert_int_eq(f.nlist[li], n);
        }
        /* Random sets: a card is among the firsts when no lower card of the
         * set has its face. */
        uint64_t r = 12345 + (uint64_t)l;
        for (int i = 0; i < 200; i++) {
            gn_set set = {{0, 0}};
            for (int c = 0; c <= d.n; c++) {
                r = r * 6364136223846793005ULL + 1442695040888963407ULL;
                if (r >> 62 == 0)
                    gn_set_add(&set, c);
            }
            gn_set firsts = kb_firsts(&f, &set);
            for (int c = 0; c < GN_CARDS; c++) {
                int want = gn_set_has(&set, c);
                for (int b = 0; b < c && want; b++)
                    want = !(gn_set_has(&set, b) && d.face[b] == d.face[c]);
                ck_assert_int_eq(gn_set_has(&firsts, c), want);
            }
        }
    }
}
END_TEST

static void expect_bad(const char *list, const char *fragment)
{
    kb_deck d;
    crown_err err = {{0}};
    ck_assert_int_eq(kb_parse_deck(&d, list, &err), CROWN_EOPTION);
    ck_assert_msg(strstr(err.msg, fragment), "'%s': '%s' lacks '%s'", list, err.msg, fragment);
}

START_TEST(malformed_deck_list)
{
    expect_bad("B1m B1x", "card 2, 'B1x', is not a card");
    expect_bad("Z1m", "'Z1m'");
    expect_bad("B0m", "'B0m'");
    expect_bad("B1m-fly", "'B1m-fly'");
    expect_bad("B1mm", "'B1mm'");
    expect_bad("b1m", "'b1m'");
    expect_bad("kings-blood B1m", "'kings-blood'");
    expect_bad("assassination exile", "no character");
    char big[2000] = "";
    for (int i = 0; i < 121; i++)
        strcat(big, "B1m ");
    expect_bad(big, "more than 120 cards");
}
END_TEST

/* Every card the notation can name (characters of every colour, number,
 * gender and ability; the four events), and its text. */
static int every_card(kb_card *cards, char texts[][24])
{
    int n = 0;
    for (int col = 0; col < 4; col++)
        for (int num = 1; num <= 9; num++)
            for (int gen = 0; gen < 2; gen++)
                for (int ab = 0; ab < 4; ab++) {
                    kb_card c = {KB_CHARACTER, (uint8_t)col, (uint8_t)num, (uint8_t)gen,
                                 (uint8_t)ab, 0};
                    cards[n++] = c;
                }
    for (int e = 0; e < 4; e++) {
        kb_card c = {KB_EVENT, 0, 0, 0, 0, (uint8_t)e};
        cards[n++] = c;
    }
    for (int i = 0; i < n; i++)
        text_of(&cards[i], texts[i], 24);
    return n;
}

/* A text is a card exactly when it is one of the card texts, and then it
 * is that card: every card text, and every text one edit away from one
 * (each byte replaced by one of a set of bytes, a byte added at either
 * end, every prefix), is read as that definition says. */
START_TEST(card_texts_are_read_exactly)
{
    static kb_card cards[300];
    static char texts[300][24];
    int n = every_card(cards, texts);
    ck_assert_int_eq(n, 292);
    size_t lens[300];
    for (int i = 0; i < n; i++)
        lens[i] = strlen(texts[i]);
    const char swaps[] = " -019ABGRYZbmfsxkdeil3";
    long tried = 0, cards_read = 0, wrong = 0;
    char first[64] = "";
    for (int i = 0; i < n; i++) {
        size_t len = strlen(texts[i]);
        char t[32];
        for (int v = -2; v < (int)((len + 1) * (sizeof swaps - 1)); v++) {
            size_t tl;
            if (v == -2) { /* the text itself */
                memcpy(t, texts[i], len);
                tl = len;
            } else if (v == -1) { /* a byte added in front */
                t[0] = 'B';
                memcpy(t + 1, texts[i], len);
                tl = len + 1;
            } else {
                size_t at = (size_t)v / (sizeof swaps - 1);
                char ch = swaps[(size_t)v % (sizeof swaps - 1)];
                memcpy(t, texts[i], len);
                t[at] = ch; /* replaced, or added at the end (at == len) */
                tl = at == len ? len + 1 : len;
            }
            for (size_t cut = tl; cut > 0; cut--) { /* the text and its prefixes */
                int want = -1;
                for (int j = 0; j < n; j++)
                    if (lens[j] == cut && texts[j][0] == t[0] && memcmp(texts[j], t, cut) == 0)
                        want = j;
                kb_card got;
                memset(&got, 0x55, sizeof got);
                int rc = kb_parse_card(t, cut, &got);
                int right = rc == (want >= 0 ? 0 : -1) &&
                            (want < 0 || memcmp(&got, &cards[want], sizeof got) == 0);
                if (!right && wrong++ == 0) /* (one assertion at the end: they are slow) */
                    snprintf(first, sizeof first, "'%.*s': %d", (int)cut, t, rc);
                cards_read += want >= 0;
                tried++;
            }
        }
    }
    ck_assert_msg(wrong == 0, "%ld texts read wrongly, the first %s", wrong, first);
    kb_card got;
    ck_assert_int_eq(kb_parse_card("B1m", 0, &got), -1); /* the empty text */
    ck_assert_int_gt(tried, 100000);
    ck_assert_int_gt(cards_read, 292 * 3);
}
END_TEST

/* The faces of a deck as their definition says, written out plainly:
 * compared byte for byte with kb_deck_finish's and kb_faces_init's. */
static void faces_by_definition(const kb_deck *d, uint8_t *face, kb_faces *f)
{
    memset(f, 0, sizeof *f);
    memset(f->rank, 0xFF, sizeof f->rank);
    for (int i = 0; i <= d->n; i++) {
        face[i] = (uint8_t)i;
        for (int j = i; j >= 0; j--)
            if (memcmp(&d->card[i], &d->card[j], sizeof d->card[i]) == 0)
                face[i] = (uint8_t)j;
    }
    for (int i = 0; i <= d->n; i++) {
        for (int j = 0; j <= d->n; j++)
            if (face[j] == face[i])
                gn_set_add(&f->same[i], j);
        if (i > 0 && face[i] != i && face[i - 1] != face[i])
            f->faces_apart = 1;
        gn_set_add(&f->colour[d->card[i].colour & 3], i);
        gn_set_add(&f->number[d->card[i].number % 10], i);
    }
    for (int i = 0; i < d->n; i++) {
        const kb_card *c = &d->card[i];
        int lists[KB_LISTS] = {0};
        if (c->kind == KB_CHARACTER) {
            gn_set_add(&f->characters, i);
            if (face[i] != i)
                f->twin_characters = 1;
            if (c->ability != KB_PLAIN)
                gn_set_add(&f->abilities, i);
            lists[KB_L_CHARACTERS] = 1;
        } else {
            gn_set_add(c->event == KB_EXILE ? &f->exiles : &f->events, i);
            lists[c->event == KB_EXILE ? KB_L_EXILES : KB_L_EVENTS] = 1;
            lists[KB_L_ALL_EVENTS] = 1;
        }
        for (int l = 0; l < KB_LISTS; l++)
            if (lists[l]) {
                f->rank[l][i] = f->nlist[l];
                f->list[l][f->nlist[l]++] = (uint8_t)i;
            }
    }
    f->rank[KB_L_NONE][0] = 0;
    f->nlist[KB_L_NONE] = 1;
}

/* Random decks (1 to 120 cards drawn from every card, with few or many
 * repeats), the default deck, and decks of one card repeated: the faces
 * and tables are the definition's; the canonical list is the cards' texts
 * one space apart, given back as it was when it was so written, and
 * rewritten when it was not. */
START_TEST(deck_tables_follow_their_definition)
{
    static kb_card cards[300];
    static char texts[300][24];
    int ncards = every_card(cards, texts);
    static kb_deck d;
    static kb_faces f, want;
    static uint8_t face[KB_MAX_DECK + 1];
    static crown_optvals vals;
    static char list[4096], spaced[4096];
    crown_err err;
    uint64_t x = 99;
    int apart = 0, twins = 0;
    int rounds = scaled(600) < 60 ? 60 : scaled(600); /* (fewer under valgrind) */
    for (int round = 0; round < rounds; round++) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        int size = 1 + (int)((x >> 33) % KB_MAX_DECK);
        int pool = round % 3 == 0 ? 3 : round % 3 == 1 ? 40 : ncards; /* few cards: repeats */
        size_t len = 0, slen = 0;
        for (int i = 0; i < size; i++) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            /* (card 0 first: every deck has a Character) */
            int c = i == 0 ? 0 : (int)((x >> 33) % (uint64_t)pool);
            if (round % 7 == 6)
                c = 5; /* one card only */
            size_t tl = strlen(texts[c]);
            if (i) {
                list[len++] = ' ';
                spaced[slen++] = ' ';
                if (x >> 63)
                    spaced[slen++] = ' ';
            }
            memcpy(list + len, texts[c], tl);
            memcpy(spaced + slen, texts[c], tl);
            len += tl;
            slen += tl;
        }
        list[len] = '\0';
        spaced[slen] = '\0';
        const char *given = round % 2 ? spaced : list;
        ck_assert_int_eq(crown_opt_set_text(&vals, 0, given), 0);
        memset(&f, 0xAB, sizeof f);
        OK(kb_configure_deck(&d, &f, &vals, 0, &err));
        ck_assert_int_eq(d.n, size);
        faces_by_definition(&d, face, &want);
        ck_assert_int_eq(memcmp(d.face, face, (size_t)d.n + 1), 0);
        if (memcmp(&d, &kb_std_deck, sizeof d) != 0) {
            ck_assert_int_eq(memcmp(&f, &want, sizeof f), 0);
            ck_assert_str_eq(crown_opt_text(&vals, 0), list);
        }
        apart += want.faces_apart;
        twins += want.twin_characters;
    }
    /* (both kinds of deck: with copies apart or not, with twins or not) */
    ck_assert_msg(apart > 0 && apart < rounds, "%d of %d", apart, rounds);
    ck_assert_msg(twins > 0 && twins < rounds, "%d of %d", twins, rounds);
    /* The default deck, as a list one space apart and not. */
    kb_default_deck(&d);
    faces_by_definition(&d, face, &want);
    ck_assert_int_eq(memcmp(d.face, face, (size_t)d.n + 1), 0);
    ck_assert_int_eq(memcmp(&kb_std_faces, &want, sizeof want), 0);
    const char *odd[] = {" B1m B1f", "B1m B1f ", "B1m  B1f", "B1m B1f"};
    for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
        ck_assert_int_eq(crown_opt_set_text(&vals, 0, odd[i]), 0);
        OK(kb_configure_deck(&d, &f, &vals, 0, &err));
        ck_assert_str_eq(crown_opt_text(&vals, 0), "B1m B1f");
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("kings_blood cards");
    TCase *tc = test_case("deck");
    tcase_add_test(tc, ruling_default_deck_82_cards);
    tcase_add_test(tc, ruling_point_values);
    tcase_add_test(tc, notation_round_trips);
    tcase_add_test(tc, identical_cards_share_a_face);
    tcase_add_test(tc, built_tables_are_the_computed_ones);
    tcase_add_test(tc, faces_and_draws_agree_with_a_walk);
    tcase_add_test(tc, custom_deck_list);
    tcase_add_test(tc, matching_sets_agree_with_kb_matches);
    tcase_add_test(tc, kind_sets_and_firsts_agree_with_the_cards);
    tcase_add_test(tc, malformed_deck_list);
    tcase_add_test(tc, card_texts_are_read_exactly);
    tcase_add_test(tc, deck_tables_follow_their_definition);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
