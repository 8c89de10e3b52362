/*
 * text.c - Blood Bound: the text of moves and positions: a move's text
 * (move_text, and move_text_seen: as a viewer may read it), the notation
 * (move_canon, move_parse) and the text observation (observe).
 */
#include <string.h>

#include "../core/rules.h"
#include "bloodbound.h"

const char *const bb_token_txt[4] = {"rank", "rose", "beast", "unknown"};
const char *const bb_clan_txt[3] = {"rose", "beast", "inquisitor"};
static const char *const clan_name[3] = {"Rose", "Beast", "Secret Order"};

/* Two fragments; a fragment and a number (a seat). */
static void put_words(crown_buf *b, const char *w1, const char *w2)
{
    crown_buf_puts(b, w1);
    crown_buf_puts(b, w2);
}

static void put_words_seat(crown_buf *b, const char *w, int seat)
{
    crown_buf_puts(b, w);
    crown_buf_putu(b, (unsigned)seat);
}

static void put_character(int c, crown_buf *b)
{
    if (c >= 18)
        crown_buf_printf(b, "inquisitor (%s clue)", c == CROWN_BB_INQUISITOR_ROSE ? "rose" : "beast");
    else
        crown_buf_printf(b, "%s %d", bb_clan_txt[c / 9], c % 9 + 1);
}

/* A character in words: "the Rose Mentalist (5)". */
static void put_identity(int c, crown_buf *b)
{
    const bb_role *r = bb_role_of(c);
    if (c >= 18)
        crown_buf_printf(b, "the Inquisitor (%s clue)", c == CROWN_BB_INQUISITOR_ROSE ? "rose" : "beast");
    else
        crown_buf_printf(b, "the %s %s (%d)", clan_name[c / 9], r->name, r->rank);
}

static void put_seats(unsigned set, crown_buf *b)
{
    for (int p = 0; set; p++, set >>= 1)
        if (set & 1)
            put_words_seat(b, " ", p);
}

static void put_ranks(unsigned set, crown_buf *b)
{
    for (int r = 1; set; r++, set >>= 1)
        if (set & 1)
            put_words_seat(b, " ", r);
}

void bb_move_text(const void *config, const void *state, crown_move m, crown_buf *b)
{
    (void)config;
    const bb_state *s = state;
    int a = CROWN_BB_A(m), bb = CROWN_BB_B(m);
    switch (CROWN_BB_KIND(m)) {
    case CROWN_BB_K_CHANCE:
        switch (s->phase) {
        case BB_P_ROSE:
        case BB_P_BEAST:
            crown_buf_printf(b, "%s in play:", s->phase == BB_P_ROSE ? "rose" : "beast");
            put_ranks((unsigned)m, b);
            return;
        case BB_P_INQ:
            crown_buf_printf(b, "inquisitor with the %s clue",
                             m == CROWN_BB_INQUISITOR_ROSE ? "rose" : "beast");
            return;
        case BB_P_DEAL:
            crown_buf_puts(b, "deal ");
            put_character(m, b);
            return;
        default: put_words_seat(b, "dagger to seat ", m); return;
        }
    case CROWN_BB_K_ATTACK: put_words_seat(b, "attack seat ", a); return;
    case CROWN_BB_K_PASS: put_words_seat(b, "pass to seat ", a); return;
    case CROWN_BB_K_OFFER: crown_buf_puts(b, "offer"); return;
    case CROWN_BB_K_DECLINE: crown_buf_puts(b, "decline"); return;
    case CROWN_BB_K_ACCEPT: put_words_seat(b, "accept seat ", a); return;
    case CROWN_BB_K_REFUSE: crown_buf_puts(b, "accept none"); return;
    case CROWN_BB_K_TOKEN: put_words(b, "take ", bb_token_txt[bb & 3]); return;
    case CROWN_BB_K_QUILL: crown_buf_puts(b, "quill"); return;
    case CROWN_BB_K_ASSASSIN: put_words_seat(b, "assassin on seat ", a); return;
    case CROWN_BB_K_LOOK: crown_buf_printf(b, "look at seats %d and %d", a, bb); return;
    case CROWN_BB_K_WOUND: crown_buf_puts(b, "wound"); return;
    case CROWN_BB_K_HEAL: crown_buf_puts(b, "heal"); return;
    case CROWN_BB_K_MENTALIST: put_words_seat(b, "mentalist on seat ", a); return;
    case CROWN_BB_K_SHIELD: put_words_seat(b, "shield to seat ", a); return;
    case CROWN_BB_K_STRIKE: crown_buf_puts(b, "strike"); return;
    case CROWN_BB_K_STAFF: put_words_seat(b, "staff to seat ", a); return;
    case CROWN_BB_K_FAN: put_words_seat(b, "fan to seat ", a); return;
    case CROWN_BB_K_CURSES:
        crown_buf_printf(b, "curses: true to seat %d, false to seats", a);
        put_seats((unsigned)bb, b);
        return;
    case CROWN_BB_K_NO_ABILITY: crown_buf_puts(b, "no ability"); return;
    default: put_words(b, "return ", bb_token_txt[bb & 3]); return;
    }
}

/* What a viewer other than the omniscient one may read of a move. */
void bb_move_text_seen(const void *config, const void *state, crown_move m, int viewer,
                              crown_buf *b)
{
    const bb_state *s = state;
    if (CROWN_BB_KIND(m) == CROWN_BB_K_CHANCE) {
        switch (s->phase) {
        case BB_P_ROSE:
        case BB_P_BEAST:
            crown_buf_printf(b, "%s characters chosen", s->phase == BB_P_ROSE ? "rose" : "beast");
            return;
        case BB_P_INQ: crown_buf_puts(b, "inquisitor card chosen"); return;
        case BB_P_DEAL:
            if (viewer != s->dealt) {
                crown_buf_printf(b, "deal a character to seat %d", s->dealt);
                return;
            }
            break;
        default: break;
        }
    } else if (CROWN_BB_KIND(m) == CROWN_BB_K_CURSES && viewer != s->user) {
        crown_buf_puts(b, "curses to seats");
        put_seats(BB_BIT(CROWN_BB_A(m)) | (unsigned)CROWN_BB_B(m), b);
        return;
    }
    bb_move_text(config, state, m, b);
}

/* Reads one word as a small number. */
static int word_number(const char *w, size_t n, int *out)
{
    if (n == 0 || n > 3)
        return -1;
    int v = 0;
    for (size_t i = 0; i < n; i++) {
        if (w[i] < '0' || w[i] > '9')
            return -1;
        v = v * 10 + (w[i] - '0');
    }
    *out = v;
    return 0;
}

/* The notation: each move's shape (literal words, '#' for a number, "#,"
 * for a number and a comma, '*' for a set of numbers) and how its numbers
 * make the move. */
enum bb_build {
    B_PLAIN,     /* CROWN_BB_MOVE(kind, 0, arg) */
    B_SEAT,      /* CROWN_BB_MOVE(kind, the seat, 0) */
    B_LOOK,      /* the two seats */
    B_CURSES,    /* the True Curse's seat, then the False ones' */
    B_RANKS,     /* chance: a set of ranks */
    B_CHARACTER, /* chance: the character of clan `arg` with this rank */
    B_VALUE,     /* chance: `arg` */
    B_NUMBER     /* chance: the number (a seat) */
};

static const struct bb_shape {
    const char *shape;
    uint8_t build, kind, arg;
} bb_shapes[] = {
    {"attack seat #", B_SEAT, CROWN_BB_K_ATTACK, 0},
    {"pass to seat #", B_SEAT, CROWN_BB_K_PASS, 0},
    {"offer", B_PLAIN, CROWN_BB_K_OFFER, 0},
    {"decline", B_PLAIN, CROWN_BB_K_DECLINE, 0},
    {"accept seat #", B_SEAT, CROWN_BB_K_ACCEPT, 0},
    {"accept none", B_PLAIN, CROWN_BB_K_REFUSE, 0},
    {"take rank", B_PLAIN, CROWN_BB_K_TOKEN, CROWN_BB_T_RANK},
    {"take rose", B_PLAIN, CROWN_BB_K_TOKEN, CROWN_BB_T_ROSE},
    {"take beast", B_PLAIN, CROWN_BB_K_TOKEN, CROWN_BB_T_BEAST},
    {"take unknown", B_PLAIN, CROWN_BB_K_TOKEN, CROWN_BB_T_UNKNOWN},
    {"quill", B_PLAIN, CROWN_BB_K_QUILL, 0},
    {"assassin on seat #", B_SEAT, CROWN_BB_K_ASSASSIN, 0},
    {"look at seats # and #", B_LOOK, CROWN_BB_K_LOOK, 0},
    {"wound", B_PLAIN, CROWN_BB_K_WOUND, 0},
    {"heal", B_PLAIN, CROWN_BB_K_HEAL, 0},
    {"mentalist on seat #", B_SEAT, CROWN_BB_K_MENTALIST, 0},
    {"shield to seat #", B_SEAT, CROWN_BB_K_SHIELD, 0},
    {"strike", B_PLAIN, CROWN_BB_K_STRIKE, 0},
    {"staff to seat #", B_SEAT, CROWN_BB_K_STAFF, 0},
    {"fan to seat #", B_SEAT, CROWN_BB_K_FAN, 0},
    {"curses: true to seat #, false to seats *", B_CURSES, CROWN_BB_K_CURSES, 0},
    {"no ability", B_PLAIN, CROWN_BB_K_NO_ABILITY, 0},
    {"return rank", B_PLAIN, CROWN_BB_K_RETURN, CROWN_BB_T_RANK},
    {"return rose", B_PLAIN, CROWN_BB_K_RETURN, CROWN_BB_T_ROSE},
    {"return beast", B_PLAIN, CROWN_BB_K_RETURN, CROWN_BB_T_BEAST},
    {"return unknown", B_PLAIN, CROWN_BB_K_RETURN, CROWN_BB_T_UNKNOWN},
    {"rose in play: *", B_RANKS, 0, 0},
    {"beast in play: *", B_RANKS, 0, 0},
    {"inquisitor with the rose clue", B_VALUE, 0, CROWN_BB_INQUISITOR_ROSE},
    {"inquisitor with the beast clue", B_VALUE, 0, CROWN_BB_INQUISITOR_BEAST},
    {"deal rose #", B_CHARACTER, 0, CROWN_BB_ROSE},
    {"deal beast #", B_CHARACTER, 0, CROWN_BB_BEAST},
    {"deal inquisitor (rose clue)", B_VALUE, 0, CROWN_BB_INQUISITOR_ROSE},
    {"deal inquisitor (beast clue)", B_VALUE, 0, CROWN_BB_INQUISITOR_BEAST},
    {"dagger to seat #", B_NUMBER, 0, 0},
};
#define BB_SHAPES (sizeof bb_shapes / sizeof bb_shapes[0])

/* A text cut into words (split at single spaces). */
typedef struct bb_words {
    const char *w[16];
    size_t n[16];
    int k;
} bb_words;

static int split_words(const char *text, bb_words *ws)
{
    ws->k = 0;
    for (const char *p = text; *p && ws->k < 16;) {
        const char *sp = strchr(p, ' ');
        ws->n[ws->k] = sp ? (size_t)(sp - p) : strlen(p);
        ws->w[ws->k++] = p;
        p += ws->n[ws->k - 1] + (sp ? 1 : 0);
    }
    return ws->k == 0 || ws->k == 16 ? -1 : 0;
}

/* Does the text have this shape?  Its numbers in num[] (a set sorted
 * increasing, each number once; the two seats of a look too, the lower
 * first: the same move whatever their order), their count in *nnum, and
 * the canonical text in cb (unless cb is NULL). */
static int match_shape(const struct bb_shape *shp, const bb_words *ws, int *num, int *nnum,
                       crown_buf *cb)
{
    const char *sh = shp->shape;
    int j = 0, ok = 1;
    *nnum = 0;
    while (*sh && ok) {
        const char *sp = strchr(sh, ' ');
        size_t n = sp ? (size_t)(sp - sh) : strlen(sh);
        if (j && cb)
            crown_buf_putc(cb, ' ');
        if (n == 1 && *sh == '*') {
            /* A set of numbers: written in increasing order, each once. */
            int v, first = *nnum;
            for (; j < ws->k && *nnum < 16 && word_number(ws->w[j], ws->n[j], &v) == 0; j++) {
                int at = *nnum, again = 0;
                for (int a = first; a < *nnum; a++)
                    again |= num[a] == v;
                if (again)
                    continue;
                for (; at > first && num[at - 1] > v; at--)
                    num[at] = num[at - 1];
                num[at] = v;
                (*nnum)++;
            }
            for (int a = first; a < *nnum && cb; a++)
                crown_buf_printf(cb, "%s%d", a > first ? " " : "", num[a]);
            ok = *nnum > first;
        } else if (*sh == '#') { /* a number, maybe with a comma after it */
            int v, comma = n == 2;
            ok = j < ws->k && *nnum < 16 && ws->n[j] > (size_t)comma &&
                 (!comma || ws->w[j][ws->n[j] - 1] == ',') &&
                 word_number(ws->w[j], ws->n[j] - (size_t)comma, &v) == 0;
            if (ok) {
                num[(*nnum)++] = v;
                if (cb)
                    crown_buf_printf(cb, "%d%s", v, comma ? "," : "");
            }
            j++;
        } else {
            ok = j < ws->k && ws->n[j] == n && memcmp(ws->w[j], sh, n) == 0;
            if (ok && cb)
                crown_buf_printf(cb, "%.*s", (int)n, sh);
            j++;
        }
        sh += n + (sp ? 1 : 0);
    }
    return ok && j == ws->k && (!cb || cb->len + 1 <= cb->cap) ? 0 : -1;
}

/* The notation written back in the canonical form (see rules.h). */
int bb_move_canon(const void *config, const char *text, crown_buf *out)
{
    (void)config;
    bb_words ws;
    if (split_words(text, &ws))
        return -1;
    for (size_t i = 0; i < BB_SHAPES; i++) {
        char buf[96];
        crown_buf cb;
        int num[16], nnum;
        if (bb_shapes[i].shape[0] != ws.w[0][0]) /* (every shape starts with a word) */
            continue;
        crown_buf_init(&cb, buf, sizeof buf);
        if (match_shape(&bb_shapes[i], &ws, num, &nnum, &cb) == 0) {
            if (bb_shapes[i].build == B_LOOK && num[0] > num[1])
                crown_buf_printf(out, "look at seats %d and %d", num[1], num[0]);
            else
                crown_buf_puts(out, buf);
            return 0;
        }
    }
    return -1;
}

/* A canonical move text to its move: the same shapes, their numbers made
 * into the move. */
int bb_move_parse(const void *config, const void *state, const char *t, crown_move *out)
{
    (void)config;
    (void)state;
    bb_words ws;
    if (split_words(t, &ws))
        return -1;
    for (size_t i = 0; i < BB_SHAPES; i++) {
        const struct bb_shape *shp = &bb_shapes[i];
        int num[16], nnum;
        if (shp->shape[0] != ws.w[0][0] || match_shape(shp, &ws, num, &nnum, NULL))
            continue;
        /* (Seats up to 15 fit a move: one past the table's is read, for
         * the reason that names it.) */
        int seats_ok = 1;
        for (int a = 0; a < nnum; a++)
            seats_ok &= num[a] < 16;
        unsigned set = 0;
        switch (shp->build) {
        case B_PLAIN: *out = CROWN_BB_MOVE(shp->kind, 0, shp->arg); return 0;
        case B_SEAT:
            *out = CROWN_BB_MOVE(shp->kind, num[0], 0);
            return seats_ok ? 0 : -1;
        case B_LOOK: /* (either order: the same look) */
            *out = num[0] < num[1] ? CROWN_BB_LOOK(num[0], num[1]) : CROWN_BB_LOOK(num[1], num[0]);
            return seats_ok ? 0 : -1;
        case B_CURSES:
            for (int a = 1; a < nnum; a++)
                set |= BB_BIT(num[a] & 15);
            *out = CROWN_BB_CURSES(num[0], set);
            return seats_ok ? 0 : -1;
        case B_RANKS:
            for (int a = 0; a < nnum; a++) {
                if (num[a] < 1 || num[a] > 9)
                    return -1;
                set |= BB_BIT(num[a] - 1);
            }
            *out = (crown_move)set;
            return 0;
        case B_CHARACTER:
            if (num[0] < 1 || num[0] > 9)
                return -1;
            *out = CROWN_BB_CHARACTER(shp->arg, num[0]);
            return 0;
        case B_VALUE: *out = shp->arg; return 0;
        default: *out = num[0]; return seats_ok ? 0 : -1;
        }
    }
    return -1;
}

static const char *const phase_txt[] = {
    "choosing the Rose characters", "choosing the Beast characters",
    "choosing the Inquisitor card", "dealing", "giving the dagger", "attack or pass",
    "offer to intervene or decline", "accept an offer or none", "take a token for the wound",
    "use the ability or not", "return a token (healed)", "over"};

/* Does `viewer` know the character of seat p? */
int bb_knows(const bb_state *s, int viewer, int p)
{
    return viewer == CROWN_OMNISCIENT || viewer == p || s->phase == BB_P_OVER ||
           (viewer >= 0 && ((s->looked[viewer] >> p) & 1));
}

/* A rank token: " rank 5", or " rank inquisitor" for the fleur cross. */
static void put_rank(int rank, crown_buf *b)
{
    if (rank == CROWN_BB_INQUISITOR_RANK)
        crown_buf_puts(b, " rank inquisitor");
    else
        crown_buf_printf(b, " rank %d", rank);
}

static void put_seat(const bb_config *cfg, const bb_state *s, int p, int viewer, crown_buf *b)
{
    crown_buf_printf(b, "seat %d%s:", p, p == viewer ? " (you)" : "");
    if (s->character[p] != BB_NONE && bb_knows(s, viewer, p)) {
        crown_buf_putc(b, ' ');
        put_identity(s->character[p], b);
        crown_buf_putc(b, ';');
    }
    int w = bb_wounds(s, p);
    crown_buf_printf(b, " %d wound%s", w, w == 1 ? "" : "s");
    if (s->rank_taken[p] || s->aff[p][0]) {
        crown_buf_putc(b, ':');
        if (s->rank_taken[p])
            put_rank(bb_rank_of(s, p), b);
        for (int i = 0; i < 2; i++)
            if (s->aff[p][i])
                crown_buf_printf(b, " %s", bb_token_txt[s->aff[p][i]]);
    }
    /* What healing took back is still remembered. */
    if (s->shown_rank[p] && !s->rank_taken[p]) {
        crown_buf_puts(b, "; showed");
        put_rank(bb_rank_of(s, p), b);
    }
    unsigned gone = s->shown_aff[p];
    for (int i = 0; i < 2; i++)
        if (s->aff[p][i])
            gone &= ~BB_BIT(s->aff[p][i]);
    if (gone) {
        crown_buf_puts(b, "; took");
        for (int t = 1; t < 4; t++)
            if ((gone >> t) & 1)
                crown_buf_printf(b, " %s", bb_token_txt[t]);
    }
    if ((s->quill >> p) & 1)
        crown_buf_puts(b, "; Quill");
    for (int col = 0; col < 2; col++) {
        if (s->sword[col] == p)
            crown_buf_printf(b, "; Sword %c", 'A' + col);
        if ((s->shield[col] >> p) & 1)
            crown_buf_printf(b, "; Shield %c", 'A' + col);
    }
    if ((s->staff >> p) & 1)
        crown_buf_puts(b, "; Staff");
    if ((s->fan >> p) & 1)
        crown_buf_puts(b, "; Fan");
    if ((s->curse >> p) & 1) {
        int inq = bb_inquisitor_seat(cfg, s);
        if (viewer == CROWN_OMNISCIENT || s->phase == BB_P_OVER || (viewer >= 0 && viewer == inq))
            crown_buf_printf(b, "; %s Curse", s->true_curse == p ? "True" : "False");
        else
            crown_buf_puts(b, "; a Curse (face down)");
    }
    if (s->phase == BB_P_OVER && s->captured == p)
        crown_buf_puts(b, "; captured");
    crown_buf_putc(b, '\n');
}

void bb_observe(const void *config, const void *state, int viewer, crown_buf *b)
{
    const bb_config *cfg = config;
    const bb_state *s = state;
    crown_buf_printf(b, "Blood Bound, %d players", cfg->players);
    if (cfg->inquisitor)
        crown_buf_printf(b, ", with the Inquisitor (1 True and %d False Curse%s)",
                         cfg->false_curses, cfg->false_curses == 1 ? "" : "s");
    crown_buf_putc(b, '\n');
    if (viewer >= 0) {
        crown_buf_printf(b, "you are seat %d", viewer);
        if (s->character[viewer] != BB_NONE) {
            crown_buf_puts(b, ": ");
            put_identity(s->character[viewer], b);
        }
        crown_buf_putc(b, '\n');
        int right = (viewer + cfg->players - 1) % cfg->players;
        if (s->character[right] != BB_NONE)
            crown_buf_printf(b, "clue of seat %d, on your right: %s\n", right,
                             bb_clan_txt[bb_clue_of(s->character[right])]);
    }
    if (s->dagger != BB_NONE)
        crown_buf_printf(b, "dagger: seat %d; turns: %lu\n", s->dagger, (unsigned long)s->turns);
    for (int p = 0; p < cfg->players; p++)
        put_seat(cfg, s, p, viewer, b);
    if (s->attacker != BB_NONE) {
        crown_buf_printf(b, "attack: seat %d attacks seat %d", s->attacker, s->target);
        if (s->offers) {
            crown_buf_puts(b, "; offered:");
            put_seats(s->offers, b);
        }
        if (s->declines) {
            crown_buf_puts(b, "; declined:");
            put_seats(s->declines, b);
        }
        if (s->wounded != BB_NONE)
            crown_buf_printf(b, "; seat %d %s", s->wounded,
                             s->intervened ? "intervened" : "suffers the wound");
        crown_buf_putc(b, '\n');
    }
    if (s->phase == BB_P_TOKEN && s->cause == BB_C_ABILITY)
        crown_buf_printf(b, "seat %d suffers %d wound%s from an ability\n", s->victim,
                         s->wounds_left, s->wounds_left == 1 ? "" : "s");
    int cur = bb_current(cfg, s);
    if (cur >= 0)
        crown_buf_printf(b, "to move: seat %d (%s)\n", cur, phase_txt[s->phase]);
    else if (cur == CROWN_CHANCE)
        crown_buf_printf(b, "to move: chance (%s)\n", phase_txt[s->phase]);
    else
        crown_buf_puts(b, "to move: nobody\n");
    crown_buf_printf(b, "supply: Quill %d, Sword %d, Shield %d, Fan %d, Staff %d",
                     bb_supply_counts.quill - bb_popcount(s->quill),
                     (s->sword[0] == BB_NONE) + (s->sword[1] == BB_NONE),
                     bb_supply_counts.shield - bb_popcount(s->shield[0]) -
                         bb_popcount(s->shield[1]),
                     bb_supply_counts.fan - bb_popcount(s->fan),
                     bb_supply_counts.staff - bb_popcount(s->staff));
    if (cfg->inquisitor)
        crown_buf_printf(b, ", Curse %d", s->curses_given ? 0 : 1 + cfg->false_curses);
    crown_buf_putc(b, '\n');
    if (s->phase == BB_P_OVER) {
        if (s->over == BB_END_MAX_TURNS) {
            crown_buf_puts(b, "game over: the turn limit, a draw\n");
        } else {
            crown_buf_printf(b, "game over: seat %d captured by seat %d; winners:", s->captured,
                             s->capturer);
            put_seats(s->winners, b);
            crown_buf_putc(b, '\n');
        }
    }
}
