/*
 * common.c - shared by King's Family and King's Blood (see common.h).
 */
#include <string.h>

#include "common.h"
#include "crown/kingsblood.h"

#define VIEW_COLUMNS 80

static gn_set drawable(const kb_faces *f, const gn_set *set, int characters_only)
{
    gn_set s = *set;
    if (characters_only) {
        s.w[0] &= f->characters.w[0];
        s.w[1] &= f->characters.w[1];
    }
    return s;
}

size_t kb_face_count(const kb_faces *f, const gn_set *set, int characters_only)
{
    gn_set s = drawable(f, set, characters_only);
    return (size_t)gn_set_count(&s);
}

int kb_face_nth(const kb_faces *f, const gn_set *set, int characters_only, size_t k)
{
    int c = kb_card_nth(f, set, characters_only, k);
    gn_set same = kb_same_in(f, set, c);
    return gn_set_next(&same, 0);
}

int kb_card_nth(const kb_faces *f, const gn_set *set, int characters_only, size_t k)
{
    /* (word by word, without a branch: k is random) */
    uint64_t w0 = set->w[0], w1 = set->w[1];
    if (characters_only) {
        w0 &= f->characters.w[0];
        w1 &= f->characters.w[1];
    }
    size_t low = (size_t)crown_popcount64(w0);
    int high = k >= low;
    return high ? 64 + crown_select64(w1, (unsigned)(k - low)) : crown_select64(w0, (unsigned)k);
}

int kb_configure_deck(kb_deck *d, kb_faces *f, crown_optvals *vals, size_t opt,
                      crown_err *err)
{
    if (strcmp(crown_opt_text(vals, opt), "default") == 0) {
        /* The default deck, as most games have it: its faces were computed
         * at build time (the same as reading "default" below). */
        memcpy(d, &kb_std_deck, sizeof *d);
        memcpy(f, &kb_std_faces, sizeof *f);
        return CROWN_OK;
    }
    int rc = kb_parse_deck(d, crown_opt_text(vals, opt), err);
    if (rc)
        return rc;
    if (memcmp(d, &kb_std_deck, sizeof *d) == 0) {
        /* The default deck: its faces were computed at build time. */
        if (strcmp(crown_opt_text(vals, opt), "default") != 0 &&
            crown_opt_set_text(vals, opt, "default")) {
            crown_errf(err, "deck: the list is too long");
            return CROWN_EOPTION;
        }
        memcpy(f, &kb_std_faces, sizeof *f);
        return CROWN_OK;
    }
    /* The canonical list is the cards' texts one space apart.  The parser
     * takes each card's canonical text only: that is the list's own words,
     * with one space between them.  Most lists are written so already. */
    const char *list = crown_opt_text(vals, opt);
    size_t len = strlen(list); /* (at least a card's: an empty list is the default deck) */
    if (len == 0 || list[0] == ' ' || list[len - 1] == ' ' || strstr(list, "  ") != NULL) {
        /* Of each run of spaces, the last is kept when a word follows it. */
        char canon[CROWN_OPTION_POOL];
        size_t n = 0;
        for (const char *p = list; *p && n < sizeof canon - 1; p++)
            if (*p != ' ' || (n > 0 && p[1] != ' ' && p[1] != '\0'))
                canon[n++] = *p;
        canon[n] = '\0';
        (void)crown_opt_set_text(vals, opt, canon); /* (shorter than the text it replaces) */
    }
    kb_faces_init(f, d);
    return CROWN_OK;
}

int kb_deal_takes_the_deck(const kb_deck *d, int players, int hand, crown_err *err)
{
    if (d->n > players * hand)
        return 0;
    if (players == 1)
        crown_errf(err, "deck: the deal of %d cards to the hand takes all %d of the deck, so no "
                        "Character is left to found the Genealogy",
                   hand, d->n);
    else
        crown_errf(err, "deck: the deal of %d cards to each of %d players takes all %d of the "
                        "deck, so no Character is left to found the Genealogy",
                   hand, players, d->n);
    return 1;
}

size_t kb_face_outcomes(const kb_deck *d, const kb_faces *f, const gn_set *set,
                        int characters_only, crown_move *out)
{
    size_t n = 0;
    GN_FOR(set, c)
        if ((!characters_only || d->card[c].kind == KB_CHARACTER) && kb_first_of_face(f, set, c))
            out[n++] = c;
    return n;
}

void kb_face_weights(const kb_faces *f, const gn_set *set, const crown_move *outcomes,
                     size_t n, uint32_t *weights)
{
    for (size_t i = 0; i < n; i++) {
        gn_set m = kb_same_in(f, set, outcomes[i]);
        weights[i] = (uint32_t)gn_set_count(&m);
    }
}

int kb_attached(const kb_deck *d, const genealogy *g, int t, int kind, int event)
{
    GN_FOR(&g->attached, a)
        if (g->under[a] == t && d->card[a].kind == kind &&
            (kind != KB_EVENT || d->card[a].event == event))
            return a;
    return -1;
}

void kb_put_target(const kb_deck *d, const genealogy *g, int t, int lifted, crown_buf *b)
{
    kb_put_card(&d->card[t], b);
    if (!gn_has(g, t))
        return; /* (a move that is not legal: its text, for its message) */
    GN_FOR(&g->present, c) {
        if (c != t && c != lifted && d->face[c] == d->face[t]) {
            crown_buf_printf(b, "@%d,%d", g->row[t], g->x[t]);
            return;
        }
    }
}

/* ---- the view --------------------------------------------------------- */

/* Lines of words wrapped at 80 columns, continuation lines indented. */
typedef struct lines {
    crown_buf *b;
    int col, indent;
} lines;

static void line_start(lines *l, crown_buf *b, const char *head, int indent)
{
    l->b = b;
    l->indent = indent;
    size_t before = b->len;
    crown_buf_puts(b, head);
    l->col = (int)(b->len - before);
}

static void line_word(lines *l, const char *w, size_t n)
{
    if (l->col + 1 + (int)n > VIEW_COLUMNS && l->col > l->indent) {
        crown_buf_printf(l->b, "\n%*s", l->indent, "");
        l->col = l->indent;
    }
    crown_buf_putc(l->b, ' ');
    for (size_t i = 0; i < n; i++)
        crown_buf_putc(l->b, w[i]);
    l->col += 1 + (int)n;
}

void kb_put_rows(const kb_deck *d, const genealogy *g, crown_buf *b)
{
    if (gn_empty(g)) {
        crown_buf_puts(b, "  (empty)\n");
        return;
    }
    gn_set active = gn_active_set(g);
    for (int r = gn_top_row(g); r <= gn_bottom_row(g); r++) {
        if (gn_row_size(g, r) == 0)
            continue;
        char head[24];
        crown_buf hb;
        crown_buf_init(&hb, head, sizeof head);
        crown_buf_printf(&hb, "  row %d:", r);
        lines l;
        line_start(&l, b, head, (int)hb.len);
        gn_set left = {{0, 0}};
        GN_FOR(&g->present, c)
            if (g->row[c] == r)
                gn_set_add(&left, c);
        while (!gn_set_empty(&left)) {
            int c = gn_set_next(&left, 0);
            GN_FOR(&left, e)
                if (g->x[e] < g->x[c])
                    c = e;
            gn_set_del(&left, c);
            char label[48];
            crown_buf lb;
            crown_buf_init(&lb, label, sizeof label);
            kb_put_card(&d->card[c], &lb);
            crown_buf_printf(&lb, "@%d", g->x[c]);
            if (kb_has_enthronement(d, g, c))
                crown_buf_putc(&lb, '^');
            if (kb_carries_kings_blood(d, g, c))
                crown_buf_putc(&lb, '+');
            if (gn_set_has(&active, c))
                crown_buf_putc(&lb, '*');
            line_word(&l, label, lb.len);
        }
        crown_buf_putc(b, '\n');
    }
}

int kb_by_face(const kb_deck *d, const gn_set *set, uint8_t *out)
{
    int n = 0;
    for (int f = 0; f <= d->n; f++) {
        if (d->face[f] != f)
            continue;
        GN_FOR(set, c)
            if (d->face[c] == f)
                out[n++] = (uint8_t)c;
    }
    return n;
}

void kb_put_list(const kb_deck *d, const char *head, const gn_set *set, crown_buf *b)
{
    lines l;
    uint8_t cards[GN_CARDS];
    int n = kb_by_face(d, set, cards);
    line_start(&l, b, head, 4);
    for (int i = 0; i < n; i++) {
        int c = cards[i];
        char t[32];
        crown_buf tb;
        crown_buf_init(&tb, t, sizeof t);
        kb_put_card(&d->card[c], &tb);
        line_word(&l, t, tb.len);
    }
    crown_buf_putc(b, '\n');
}

/* ---- move texts ------------------------------------------------------- */

/* The next word of a normalized text: its start and length; advances *p. */
static int next_word(const char **p, const char **w, size_t *n)
{
    if (!**p)
        return 0;
    const char *sp = strchr(*p, ' ');
    *w = *p;
    *n = sp ? (size_t)(sp - *p) : strlen(*p);
    *p += *n + (sp ? 1 : 0);
    return 1;
}

static int is_word(const char *w, size_t n, const char *s)
{
    return strlen(s) == n && memcmp(w, s, n) == 0;
}

static void put_word(crown_buf *out, const char *w, size_t n)
{
    for (size_t i = 0; i < n; i++)
        crown_buf_putc(out, w[i]);
}

/* A card of a deck (any case), written canonically; 0 on success. */
static int canon_card(const char *w, size_t n, crown_buf *out)
{
    kb_card k;
    if (kb_read_card(w, n, &k))
        return -1;
    kb_put_card(&k, out);
    return 0;
}

/* A card of the Genealogy: a card word, optionally "@row,x". */
static int canon_target(const char *w, size_t n, crown_buf *out)
{
    const char *at = memchr(w, '@', n);
    if (canon_card(w, at ? (size_t)(at - w) : n, out))
        return -1;
    if (!at)
        return 0;
    const char *p = at + 1, *end = w + n;
    for (int part = 0; part < 2; part++) {
        const char *start = p;
        if (p < end && *p == '-')
            p++;
        const char *digits = p;
        while (p < end && *p >= '0' && *p <= '9' && p - digits < 6)
            p++;
        if (p == digits || (part == 0 && (p == end || *p != ',')) || (part == 1 && p != end))
            return -1;
        crown_buf_putc(out, part ? ',' : '@');
        put_word(out, start, (size_t)(p - start));
        p++;
    }
    return 0;
}

static int is_side(const char *w, size_t n)
{
    return is_word(w, n, "left") || is_word(w, n, "right");
}

/* A seat number 0..99. */
static int is_seat(const char *w, size_t n)
{
    if (n == 0 || n > 2)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (w[i] < '0' || w[i] > '9')
            return 0;
    return 1;
}

int kb_move_canon(const char *text, int multiplayer, crown_buf *out)
{
    static const char *const chance_words[] = {"deal", "found", "turn", "draw", "marriage"};
    static const char *const multi_words[] = {"stop", "announce", "pass", "take"};
    const char *p = text, *w[7];
    size_t n[7];
    int k = 0;
    while (k < 7 && next_word(&p, &w[k], &n[k]))
        k++;
    if (*p || k == 0)
        return -1;
    if (k == 1) {
        if (is_word(w[0], n[0], "draw")) {
            crown_buf_puts(out, "draw");
            return 0;
        }
        for (size_t i = 0; multiplayer && i < sizeof multi_words / sizeof multi_words[0]; i++) {
            if (is_word(w[0], n[0], multi_words[i])) {
                crown_buf_puts(out, multi_words[i]);
                return 0;
            }
        }
        return -1;
    }
    for (size_t i = 0; i < sizeof chance_words / sizeof chance_words[0]; i++) {
        if (k == 2 && is_word(w[0], n[0], chance_words[i])) {
            crown_buf_puts(out, chance_words[i]);
            crown_buf_putc(out, ' ');
            return canon_card(w[1], n[1], out);
        }
    }
    if (k == 5 && is_word(w[0], n[0], "play") && is_side(w[2], n[2]) &&
        is_word(w[3], n[3], "of")) {
        crown_buf_puts(out, "play ");
        if (canon_card(w[1], n[1], out))
            return -1;
        crown_buf_putc(out, ' ');
        put_word(out, w[2], n[2]);
        crown_buf_puts(out, " of ");
        return canon_target(w[4], n[4], out);
    }
    if (k == 4 && is_word(w[0], n[0], "place") && is_side(w[1], n[1]) &&
        is_word(w[2], n[2], "of")) {
        crown_buf_puts(out, "place ");
        put_word(out, w[1], n[1]);
        crown_buf_puts(out, " of ");
        return canon_target(w[3], n[3], out);
    }
    if (k == 3 && is_word(w[0], n[0], "sibling") && is_side(w[2], n[2])) {
        crown_buf_puts(out, "sibling ");
        if (canon_card(w[1], n[1], out))
            return -1;
        crown_buf_putc(out, ' ');
        put_word(out, w[2], n[2]);
        return 0;
    }
    if (multiplayer && k == 3 && is_word(w[0], n[0], "kings-blood") && is_word(w[1], n[1], "on")) {
        crown_buf_puts(out, "kings-blood on ");
        return canon_target(w[2], n[2], out);
    }
    kb_card e;
    if ((k == 3 || k == 6) && is_word(w[1], n[1], "on") && kb_read_card(w[0], n[0], &e) == 0 &&
        e.kind == KB_EVENT) {
        /* In King's Blood an Exile names who receives the card. */
        int exile = e.event == KB_EXILE && multiplayer;
        if (k != (exile ? 6 : 3))
            return -1;
        kb_put_card(&e, out);
        crown_buf_puts(out, " on ");
        if (canon_target(w[2], n[2], out))
            return -1;
        if (!exile)
            return 0;
        if (!is_word(w[3], n[3], "to") || !is_word(w[4], n[4], "seat") || !is_seat(w[5], n[5]))
            return -1;
        int seat = 0;
        for (size_t i = 0; i < n[5]; i++)
            seat = seat * 10 + (w[5][i] - '0');
        crown_buf_printf(out, " to seat %d", seat);
        return 0;
    }
    return -1;
}

/* ---- the dense action index ------------------------------------------- */

static size_t family_size(const kb_faces *f, const kb_family *k)
{
    return (size_t)k->seats * f->nlist[k->card] * f->nlist[k->target] * k->sides;
}

void kb_actions_init(kb_actions *a, const kb_faces *f, const kb_family *fams, int n)
{
    memset(a, 0, sizeof *a);
    a->n = n;
    a->start[0] = 0;
    for (int i = 0; i < n; i++) {
        a->fam[i] = fams[i];
        a->start[i + 1] = a->start[i] + family_size(f, &fams[i]);
    }
}

long kb_action_index(const kb_actions *a, const kb_faces *f, crown_move m)
{
    if (m < 0)
        return -1;
    int kind = CROWN_KB_KIND(m), seat = CROWN_KB_SEAT(m), card = CROWN_KB_CARD(m);
    int target = CROWN_KB_TARGET(m), side = CROWN_KB_SIDE(m);
    if (card > KB_MAX_DECK || target > KB_MAX_DECK)
        return -1;
    for (int i = 0; i < a->n; i++) {
        const kb_family *k = &a->fam[i];
        if (k->kind != kind)
            continue;
        int cr = f->rank[k->card][card], tr = f->rank[k->target][target];
        if (seat >= k->seats || cr == 0xFF || tr == 0xFF || side >= k->sides)
            return -1;
        size_t x = (((size_t)seat * f->nlist[k->card] + (size_t)cr) * f->nlist[k->target] +
                    (size_t)tr) * k->sides + (size_t)side;
        return (long)(a->start[i] + x);
    }
    return -1;
}

crown_move kb_action_move(const kb_actions *a, const kb_faces *f, size_t i)
{
    int j = 0;
    while (j + 1 < a->n && i >= a->start[j + 1])
        j++;
    const kb_family *k = &a->fam[j];
    size_t x = i - a->start[j];
    int side = (int)(x % k->sides);
    x /= k->sides;
    int tr = (int)(x % f->nlist[k->target]);
    x /= f->nlist[k->target];
    int cr = (int)(x % f->nlist[k->card]);
    int seat = (int)(x / f->nlist[k->card]);
    return CROWN_KB_MOVE(k->kind, seat, f->list[k->card][cr], f->list[k->target][tr], side);
}

/* ---- the structured views ------------------------------------------------ */

void kb_json_cards(const kb_deck *d, const gn_set *set, crown_buf *b)
{
    uint8_t cards[GN_CARDS];
    int n = kb_by_face(d, set, cards);
    crown_buf_putc(b, '[');
    for (int i = 0; i < n; i++)
        crown_buf_printf(b, i ? ", %d" : "%d", d->face[cards[i]]);
    crown_buf_putc(b, ']');
}

void kb_tensor_cards(const kb_deck *d, const gn_set *set, float *v)
{
    if (v)
        GN_FOR(set, c)
            v[d->face[c]] += 1.0f;
}

/* The Genealogy the text shows: g, or a copy in tmp without `lifted`. */
static const genealogy *shown(const genealogy *g, int lifted, genealogy *tmp)
{
    if (lifted < 0)
        return g;
    *tmp = *g;
    gn_remove(tmp, lifted);
    return tmp;
}

int kb_place_id(const kb_deck *d, const genealogy *g, int lifted, int c)
{
    int f0 = d->face[c], k = 0;
    if (c == lifted || !gn_set_has(&g->present, c))
        return f0;
    GN_FOR(&g->present, e)
        if (e != lifted && d->face[e] == f0 &&
            (g->row[e] < g->row[c] || (g->row[e] == g->row[c] && g->x[e] < g->x[c])))
            k++;
    for (int j = f0; j <= d->n; j++)
        if (d->face[j] == f0 && k-- == 0)
            return j;
    return f0; /* (not reached: each placed copy is an id of the face) */
}

void kb_json_genealogy(const kb_deck *d, const genealogy *whole, int lifted, crown_buf *b)
{
    genealogy tmp;
    const genealogy *g = shown(whole, lifted, &tmp);
    gn_set active = gn_active_set(g), left = g->present;
    crown_buf_putc(b, '[');
    /* The cards top to bottom, left to right. */
    for (int i = 0; !gn_set_empty(&left); i++) {
        int c = gn_set_next(&left, 0);
        GN_FOR(&left, e)
            if (g->row[e] < g->row[c] || (g->row[e] == g->row[c] && g->x[e] < g->x[c]))
                c = e;
        gn_set_del(&left, c);
        crown_buf_printf(b, "%s{\"card\": %d, \"row\": %d, \"x\": %d, \"active\": %s, "
                            "\"enthronement\": %s, \"kings_blood\": %s}",
                         i ? ",\n  " : "\n  ", kb_place_id(d, g, -1, c), g->row[c], g->x[c],
                         gn_set_has(&active, c) ? "true" : "false",
                         kb_has_enthronement(d, g, c) ? "true" : "false",
                         kb_carries_kings_blood(d, g, c) ? "true" : "false");
    }
    crown_buf_putc(b, ']');
}

void kb_tensor_genealogy(const kb_deck *d, const genealogy *whole, int lifted, crown_tensor *t)
{
    float *v = crown_tensor_piece(t, "genealogy", (size_t)d->n + 1, 6, 0);
    if (!v)
        return;
    genealogy tmp;
    const genealogy *g = shown(whole, lifted, &tmp);
    gn_set active = gn_active_set(g);
    GN_FOR(&g->present, c) {
        float *f = v + 6 * (size_t)kb_place_id(d, g, -1, c);
        f[0] = 1.0f;
        f[1] = (float)g->row[c];
        f[2] = (float)g->x[c];
        f[3] = (float)gn_set_has(&active, c);
        f[4] = (float)kb_has_enthronement(d, g, c);
        f[5] = (float)kb_carries_kings_blood(d, g, c);
    }
}

void kb_move_json(const void *config, crown_move m, crown_buf *b)
{
    static const char *const kind_name[] = {
        [CROWN_KB_K_PLAY] = "play",         [CROWN_KB_K_EVENT] = "event",
        [CROWN_KB_K_EXILE] = "exile",       [CROWN_KB_K_PLACE] = "place",
        [CROWN_KB_K_SIBLING] = "sibling",   [CROWN_KB_K_KINGS_BLOOD] = "kings_blood",
        [CROWN_KB_K_DRAW] = "draw",         [CROWN_KB_K_STOP] = "stop",
        [CROWN_KB_K_ANNOUNCE] = "announce", [CROWN_KB_K_PASS] = "pass",
        [CROWN_KB_K_TAKE] = "take",
    };
    (void)config;
    int kind = CROWN_KB_KIND(m);
    int card = kind == CROWN_KB_K_PLAY || kind == CROWN_KB_K_EVENT ||
               kind == CROWN_KB_K_EXILE || kind == CROWN_KB_K_SIBLING;
    int target = kind == CROWN_KB_K_PLAY || kind == CROWN_KB_K_EVENT ||
                 kind == CROWN_KB_K_EXILE || kind == CROWN_KB_K_PLACE ||
                 kind == CROWN_KB_K_KINGS_BLOOD;
    int side = kind == CROWN_KB_K_PLAY || kind == CROWN_KB_K_PLACE ||
               kind == CROWN_KB_K_SIBLING;
    crown_buf_printf(b, "{\"kind\": \"%s\"", kind_name[kind]);
    if (card)
        crown_buf_printf(b, ", \"card\": %d", CROWN_KB_CARD(m));
    if (target)
        crown_buf_printf(b, ", \"target\": %d", CROWN_KB_TARGET(m));
    if (kind == CROWN_KB_K_EXILE)
        crown_buf_printf(b, ", \"seat\": %d", CROWN_KB_SEAT(m));
    if (side)
        crown_buf_puts(b, CROWN_KB_SIDE(m) ? ", \"side\": \"right\"" : ", \"side\": \"left\"");
    crown_buf_putc(b, '}');
}
