/*
 * move_parse.c - King's Blood and King's Family: the move a move text
 * names, legal or not (the rules tables' move_parse; see why.h).
 *
 * The handle checks that a move found so is legal and that its text is the
 * one read, so a text always means what the list of legal moves says; this
 * saves writing every legal move's text, and names the move an illegal
 * text means, for the reason why it is not legal.
 */
#include <string.h>

#include "why.h"

/* Do two cards read the same? */
static int same_card(const kb_card *a, const kb_card *b)
{
    if (a->kind != b->kind)
        return 0;
    if (a->kind == KB_EVENT)
        return a->event == b->event;
    return a->kind != KB_CHARACTER || (a->colour == b->colour && a->number == b->number &&
                                       a->gender == b->gender && a->ability == b->ability);
}

/* The id of a card word: the lowest of its face in `prefer` (NULL: none),
 * else the deck's lowest; -1 when the deck has no such card. */
static int card_id(const kb_reading *r, const char *w, size_t n, const gn_set *prefer)
{
    kb_card k;
    if (kb_read_card(w, n, &k))
        return -1;
    for (int c = 0; c < r->deck->n; c++) {
        if (same_card(&r->deck->card[c], &k)) {
            gn_set in = prefer ? kb_same_in(r->faces, prefer, c) : (gn_set){{0, 0}};
            int p = gn_set_next(&in, 0);
            return p >= 0 ? p : c;
        }
    }
    return -1;
}

/* A place's number, the whole of [p, end): crown_parse_uint's digits, a '-'
 * before them for a negative one (x may be); at most 999999. */
static int read_int(const char *p, const char *end, int *out)
{
    int neg = p < end && *p == '-';
    uint64_t v;
    if (crown_parse_uint(p + neg, (size_t)(end - p - neg), 999999, &v))
        return -1;
    *out = neg ? -(int)v : (int)v;
    return 0;
}

/* A card of the Genealogy: "b3m", or "b3m@row,x" where identical cards lie
 * in it.  A card the Genealogy does not hold reads as the deck's lowest of
 * its face (the move is then not legal, and says why); -1 when the text
 * does not tell identical cards of the Genealogy apart. */
static int target_id(const kb_reading *r, const char *w, size_t n)
{
    const char *at = memchr(w, '@', n), *comma = at ? memchr(at, ',', (size_t)(w + n - at)) : NULL;
    int c = card_id(r, w, at ? (size_t)(at - w) : n, NULL);
    if (c < 0)
        return -1;
    int row = 0, x = 0;
    if (at && (!comma || read_int(at + 1, comma, &row) || read_int(comma + 1, w + n, &x)))
        return -1;
    gn_set same = kb_same_in(r->faces, &r->gn->present, c);
    int found = -1, many = 0;
    GN_FOR(&same, t) {
        if (t == r->lifted)
            continue;
        if (at ? r->gn->row[t] == row && r->gn->x[t] == x : found < 0)
            found = t;
        else if (!at)
            many = 1;
    }
    if (many)
        return -1;
    if (found >= 0)
        return found;
    if (at)
        return -1;
    return r->lifted >= 0 && gn_set_has(&same, r->lifted) ? r->lifted : c;
}

static int word_is(const char *w, size_t n, const char *s)
{
    return strlen(s) == n && memcmp(w, s, n) == 0;
}

/* 0 for "left", 1 for "right", else -1. */
static int side_of(const char *w, size_t n)
{
    return word_is(w, n, "left") ? 0 : word_is(w, n, "right") ? 1 : -1;
}

int kb_move_parse(const kb_reading *r, const char *text, crown_move *out)
{
    static const char *const chance_words[] = {"deal", "found", "turn", "draw", "marriage"};
    static const char *const words[] = {"draw", "stop", "announce", "pass", "take"};
    static const crown_move word_moves[] = {CROWN_KB_DRAW, CROWN_KB_STOP, CROWN_KB_ANNOUNCE,
                                            CROWN_KB_PASS, CROWN_KB_TAKE};
    const char *w[7];
    size_t n[7];
    int k = 0;
    for (const char *p = text; *p && k < 7; k++) {
        const char *sp = strchr(p, ' ');
        w[k] = p;
        n[k] = sp ? (size_t)(sp - p) : strlen(p);
        p += n[k] + (sp ? 1 : 0);
    }
    if (k == 1) {
        for (int i = 0; i < (r->multiplayer ? 5 : 1); i++) {
            if (word_is(w[0], n[0], words[i])) {
                *out = word_moves[i];
                return 0;
            }
        }
        return -1;
    }
    int c, t, side;
    for (size_t i = 0; k == 2 && i < sizeof chance_words / sizeof chance_words[0]; i++) {
        if (word_is(w[0], n[0], chance_words[i])) {
            c = card_id(r, w[1], n[1], r->pile);
            *out = c;
            return c < 0 ? -1 : 0;
        }
    }
    if (k == 5 && word_is(w[0], n[0], "play") && (side = side_of(w[2], n[2])) >= 0 &&
        (c = card_id(r, w[1], n[1], r->hand)) >= 0 && (t = target_id(r, w[4], n[4])) >= 0) {
        *out = CROWN_KB_PLAY(c, t, side);
        return 0;
    }
    if (k == 4 && word_is(w[0], n[0], "place") && (side = side_of(w[1], n[1])) >= 0 &&
        (t = target_id(r, w[3], n[3])) >= 0) {
        *out = CROWN_KB_PLACE(t, side);
        return 0;
    }
    if (k == 3 && word_is(w[0], n[0], "sibling") && (side = side_of(w[2], n[2])) >= 0 &&
        (c = card_id(r, w[1], n[1], r->hand)) >= 0) {
        *out = CROWN_KB_SIBLING(c, side);
        return 0;
    }
    if (k == 3 && r->multiplayer && word_is(w[0], n[0], "kings-blood") &&
        (t = target_id(r, w[2], n[2])) >= 0) {
        *out = CROWN_KB_KINGS_BLOOD(t);
        return 0;
    }
    if ((k == 3 || k == 6) && word_is(w[1], n[1], "on") && (c = card_id(r, w[0], n[0], r->hand)) >= 0 &&
        r->deck->card[c].kind == KB_EVENT && (t = target_id(r, w[2], n[2])) >= 0) {
        if (k == 3 && !(r->multiplayer && r->deck->card[c].event == KB_EXILE)) {
            *out = CROWN_KB_EVENT(c, t);
            return 0;
        }
        int seat;
        if (k == 6 && r->multiplayer && r->deck->card[c].event == KB_EXILE &&
            word_is(w[3], n[3], "to") && word_is(w[4], n[4], "seat") &&
            read_int(w[5], w[5] + n[5], &seat) == 0 && seat >= 0 && seat < CROWN_KB_MAX_PLAYERS) {
            *out = CROWN_KB_EXILE(c, t, seat);
            return 0;
        }
    }
    return -1;
}
