/*
 * cards.c - the King's Blood deck: notation, parsing, formatting (the
 * default deck's data and the deck's tables: tables.c).
 */
#include <string.h>

#include "cards.h"
#include "common.h"

static const char colour_ch[4] = {'B', 'Y', 'G', 'R'};
/* A word of the notation and its length (from the literal). */
typedef struct kb_word {
    const char *s;
    size_t n;
} kb_word;
#define KB_WORD(text) {text, sizeof text - 1}
static const kb_word ability_txt[4] = {KB_WORD(""), KB_WORD("-skip"), KB_WORD("-reverse"),
                                       KB_WORD("-draw3")};
static const kb_word event_txt[4] = {KB_WORD("assassination"), KB_WORD("exile"),
                                     KB_WORD("new-connection"), KB_WORD("enthronement")};
static const char kings_blood_txt[] = "kings-blood";

void kb_put_card(const kb_card *c, crown_buf *b)
{
    if (c->kind == KB_EVENT) {
        crown_buf_puts(b, event_txt[c->event].s);
    } else if (c->kind == KB_KINGS_BLOOD) {
        crown_buf_puts(b, kings_blood_txt);
    } else {
        crown_buf_putc(b, colour_ch[c->colour]);
        crown_buf_putc(b, (char)('0' + c->number));
        crown_buf_putc(b, c->gender == KB_MALE ? 'm' : 'f');
        crown_buf_puts(b, ability_txt[c->ability].s);
    }
}

/* Are the first k and the last k of the n bytes at s and at t the same
 * (k is 4 or 8: loads of a constant size; k <= n <= 2k, so that the two
 * cover every byte)? */
static inline int same_ends(const char *s, const char *t, size_t n, size_t k)
{
    uint64_t a = 0, b = 0, x = 0, y = 0;
    memcpy(&a, s, k);
    memcpy(&b, s + n - k, k);
    memcpy(&x, t, k);
    memcpy(&y, t + n - k, k);
    return ((a ^ x) | (b ^ y)) == 0;
}

/* Are the n bytes at s the word w?  No call for the words it is asked
 * about, 5 to 14 bytes long (the events, and the abilities after a
 * character's first three bytes): their two ends, which may overlap. */
static inline int span_is(const char *s, size_t n, const kb_word *w)
{
    if (w->n != n)
        return 0;
    if (n < 4 || n > 16) /* (no such word today: a safeguard for new ones) */
        return memcmp(s, w->s, n) == 0;
    return n >= 8 ? same_ends(s, w->s, n, 8) : same_ends(s, w->s, n, 4);
}

/* kb_parse_card's work, here so that kb_parse_deck has it inline.  A
 * character is told by its first byte; a word is compared only with the
 * notation's words of its length (span_is: no call). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline int parse_card(const char *s, size_t n, kb_card *out)
{
    kb_card c = {0, 0, 0, 0, 0, 0};
    int col;
    switch (n >= 3 ? s[0] : 0) {
    case 'B': col = KB_BLUE; break;
    case 'Y': col = KB_YELLOW; break;
    case 'G': col = KB_GREEN; break;
    case 'R': col = KB_RED; break;
    default: /* not a character's colour: an event, or nothing */
        for (int e = 0; e < 4; e++)
            if (span_is(s, n, &event_txt[e])) {
                c.kind = KB_EVENT;
                c.event = (uint8_t)e;
                *out = c;
                return 0;
            }
        return -1;
    }
    if (s[1] < '1' || s[1] > '9' || (s[2] != 'm' && s[2] != 'f'))
        return -1;
    c.kind = KB_CHARACTER;
    c.colour = (uint8_t)col;
    c.number = (uint8_t)(s[1] - '0');
    c.gender = s[2] == 'm' ? KB_MALE : KB_FEMALE;
    c.ability = KB_PLAIN;
    if (n > 3) {
        int a = KB_SKIP;
        while (a <= KB_DRAW3 && !span_is(s + 3, n - 3, &ability_txt[a]))
            a++;
        if (a > KB_DRAW3)
            return -1;
        c.ability = (uint8_t)a;
    }
    *out = c;
    return 0;
}

int kb_parse_card(const char *s, size_t n, kb_card *out)
{
    return parse_card(s, n, out);
}

int kb_read_card(const char *s, size_t n, kb_card *out)
{
    char t[24];
    if (n == 0 || n >= sizeof t)
        return -1;
    for (size_t i = 0; i < n; i++)
        t[i] = crown_to_lower(s[i]);
    if (n > 1 && t[1] >= '0' && t[1] <= '9' && t[0] >= 'a' && t[0] <= 'z')
        t[0] = (char)(t[0] - 'a' + 'A'); /* the colour of a character */
    return kb_parse_card(t, n, out);
}

int kb_parse_deck(kb_deck *d, const char *list, crown_err *err)
{
    const char *p = list;
    while (*p == ' ')
        p++;
    if (strcmp(p, "default") == 0 || *p == '\0') {
        memcpy(d, &kb_std_deck, sizeof *d);
        return CROWN_OK;
    }
    memset(d, 0, sizeof *d);
    int n = 0, characters = 0;
    while (*p) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        const char *start = p;
        /* to the next space or the end: (c & ~0x20) is 0 for those two
         * bytes only; a character's three bytes first, in one step */
        if ((p[1] & ~0x20) && (p[2] & ~0x20))
            p += 3;
        while (*p & ~0x20)
            p++;
        size_t len = (size_t)(p - start);
        if (n == KB_MAX_DECK) {
            crown_errf(err, "deck: more than %d cards", KB_MAX_DECK);
            return CROWN_EOPTION;
        }
        if (parse_card(start, len, &d->card[n])) {
            char q[24];
            size_t k = len < 20 ? len : 20;
            memcpy(q, start, k);
            q[k] = '\0';
            crown_errf(err, "deck: card %d, '%s%s', is not a card (such as B5m, R2f-skip, "
                            "G8f-draw3, assassination, exile, new-connection, enthronement)",
                       n + 1, q, len > 20 ? "..." : "");
            return CROWN_EOPTION;
        }
        characters += d->card[n].kind == KB_CHARACTER;
        n++;
    }
    if (characters == 0) {
        crown_errf(err, "deck: the list has no character card");
        return CROWN_EOPTION;
    }
    d->n = n;
    kb_deck_finish(d);
    return CROWN_OK;
}

int kb_points(const kb_card *c, int event_points)
{
    return c->kind == KB_CHARACTER ? c->number : event_points;
}
