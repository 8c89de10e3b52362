/*
 * move_ids.c - King's Blood's moves as the API shows them: a card a move
 * names (played from a hand, the Event drawn at a Marriage, a chance
 * outcome) is named by its face, the lowest id among the deck's identical
 * cards, and a card of the Genealogy by place (kb_place_id: identical
 * Characters, in custom decks only), as the observations name cards.
 * Inside, a hand holds particular copies, and which copy a seat drew
 * depends on which copies were still in the pile, so on other seats'
 * hidden draws: a move naming the copy would tell the player to move
 * something he cannot know (and a game resampled for him would offer him
 * other moves).
 *
 * The rules table's hooks that take or give moves are these wrappers.
 * legal.c names the cards of its moves by face already (the targets are
 * the cards themselves); play.c, why_illegal.c and text.c work on the
 * copies, and kbg_move_inner turns a move shown into the copy's move.
 */
#include "blood.h"

/* The kinds of moves that name a card of a hand (or the Event drawn at a
 * Marriage), and those that name a card of the Genealogy, as bits. */
#define HELD_KINDS                                                                              \
    (1u << CROWN_KB_K_PLAY | 1u << CROWN_KB_K_EVENT | 1u << CROWN_KB_K_EXILE |                  \
     1u << CROWN_KB_K_SIBLING)
#define TARGET_KINDS                                                                            \
    (1u << CROWN_KB_K_PLAY | 1u << CROWN_KB_K_EVENT | 1u << CROWN_KB_K_EXILE |                  \
     1u << CROWN_KB_K_PLACE | 1u << CROWN_KB_K_KINGS_BLOOD)

static int names_held(int kind)
{
    return kind < 16 && (HELD_KINDS >> kind & 1);
}

static int names_target(int kind)
{
    return kind < 16 && (TARGET_KINDS >> kind & 1);
}

/* The card a New Connection holds while it is placed, or -1. */
static int lifted(const kbg_state *s)
{
    return s->phase == KBG_PLAY && s->mode == KBG_M_PLACE ? s->nc_card : -1;
}

/* The card of the Genealogy that place id t names (kb_place_id's inverse),
 * or t when none does. */
static int placed_card(const kbg_config *cfg, const kbg_state *s, int t)
{
    const kb_deck *d = &cfg->deck;
    int f0 = d->face[t], k = 0, up = lifted(s);
    for (int j = f0; j < t; j++)
        k += d->face[j] == f0;
    gn_set copies = kb_same_in(&cfg->faces, &s->gn.present, t);
    GN_FOR(&copies, c) {
        if (c == up)
            continue;
        int before = 0;
        GN_FOR(&copies, e)
            before += e != up && (s->gn.row[e] < s->gn.row[c] ||
                                  (s->gn.row[e] == s->gn.row[c] && s->gn.x[e] < s->gn.x[c]));
        if (before == k)
            return c;
    }
    return t;
}

/* Move m of state s as the API shows it. */
static inline crown_move shown(const kbg_config *cfg, const kbg_state *s, crown_move m)
{
    int kind = CROWN_KB_KIND(m);
    if (kind == CROWN_KB_K_CHANCE)
        return cfg->deck.face[m];
    if (names_held(kind))
        m = (m & ~(crown_move)0xFF00) | (crown_move)cfg->deck.face[CROWN_KB_CARD(m)] << 8;
    if (cfg->faces.twin_characters && names_target(kind)) {
        int t = kb_place_id(&cfg->deck, &s->gn, lifted(s), CROWN_KB_TARGET(m));
        m = (m & ~(crown_move)0xFE) | (crown_move)t << 1;
    }
    return m;
}

crown_move kbg_move_shown(const kbg_config *cfg, const kbg_state *s, crown_move m)
{
    return shown(cfg, s, m);
}

crown_move kbg_move_inner(const kbg_config *cfg, const kbg_state *s, crown_move m)
{
    if (m < 0)
        return m;
    int kind = CROWN_KB_KIND(m);
    if (kind == CROWN_KB_K_CHANCE) {
        if (m > cfg->deck.n || s->phase == KBG_PLAY)
            return m;
        gn_set copies = kb_same_in(&cfg->faces, &s->pile, m);
        return gn_set_empty(&copies) ? m : gn_set_next(&copies, 0);
    }
    if (s->phase != KBG_PLAY)
        return m;
    int c = CROWN_KB_CARD(m), t = CROWN_KB_TARGET(m);
    if (names_held(kind) && c <= cfg->deck.n) {
        int in;
        if (s->mode == KBG_M_FORCED && (kind == CROWN_KB_K_EVENT || kind == CROWN_KB_K_EXILE)) {
            in = cfg->deck.face[s->forced] == cfg->deck.face[c] ? s->forced : c;
        } else {
            gn_set copies = kb_same_in(&cfg->faces, &s->hand[s->player], c);
            in = gn_set_empty(&copies) ? c : gn_set_next(&copies, 0);
        }
        m = (m & ~(crown_move)0xFF00) | (crown_move)in << 8;
    }
    if (cfg->faces.twin_characters && names_target(kind) && t <= cfg->deck.n)
        m = (m & ~(crown_move)0xFE) | (crown_move)placed_card(cfg, s, t) << 1;
    return m;
}

size_t kbg_shown_legal(const void *config, const void *state, crown_move *out)
{
    /* (kbg_legal names the cards by face; the targets are the cards) */
    const kbg_config *cfg = config;
    const kbg_state *s = state;
    size_t n = kbg_legal(config, state, out);
    if (cfg->faces.twin_characters && s->phase == KBG_PLAY)
        for (size_t i = 0; i < n; i++)
            out[i] = shown(cfg, s, out[i]);
    if (cfg->faces.faces_apart || cfg->faces.twin_characters) {
        /* The faces' order, or the places', is not the copies': sort (the
         * moves stay distinct, one per face and place). */
        for (size_t i = 1; i < n; i++) {
            crown_move m = out[i];
            size_t j = i;
            for (; j > 0 && out[j - 1] > m; j--)
                out[j] = out[j - 1];
            out[j] = m;
        }
    }
    return n;
}

crown_move kbg_shown_chance_nth(const void *config, const void *state, size_t k)
{
    /* (the k-th card's face: which copy the draw takes is the apply's) */
    const kbg_config *cfg = config;
    const kbg_state *s = state;
    return cfg->deck.face[kb_card_nth(&cfg->faces, &s->pile, s->phase == KBG_FOUND, k)];
}

void kbg_shown_apply(const void *config, void *state, crown_move m)
{
    const kbg_config *cfg = config;
    kbg_state *s = state;
    if (s->phase != KBG_PLAY) {
        /* A chance outcome, a face: the lowest copy in the pile. */
        gn_set copies = kb_same_in(&cfg->faces, &s->pile, m);
        int c = gn_set_next(&copies, 0);
        kbg_apply(config, state, c >= 0 ? c : m);
        return;
    }
    kbg_apply(config, state, kbg_move_inner(cfg, s, m));
}

void kbg_shown_why_illegal(const void *config, const void *state, crown_move m, crown_buf *b)
{
    const kbg_config *cfg = config;
    const kbg_state *s = state;
    int kind = m >= 0 ? CROWN_KB_KIND(m) : -1, c = m >= 0 ? CROWN_KB_CARD(m) : 0;
    if (s->phase == KBG_PLAY && c <= cfg->deck.n && cfg->deck.face[c] != c && names_held(kind)) {
        kb_put_card(&cfg->deck.card[c], b);
        crown_buf_printf(b, ": identical cards are one move, named by the lowest id of the "
                            "deck's identical cards (card %d, not %d)",
                         cfg->deck.face[c], c);
        return;
    }
    if (s->phase != KBG_PLAY && s->phase != KBG_OVER && m >= 0 && m <= cfg->deck.n &&
        cfg->deck.face[m] != m) {
        kb_put_card(&cfg->deck.card[m], b);
        crown_buf_printf(b, ": identical cards are one chance outcome, named by the lowest id "
                            "of the deck's identical cards (card %d, not %d)",
                         cfg->deck.face[m], (int)m);
        return;
    }
    kbg_why_illegal(config, state, kbg_move_inner(cfg, s, m), b);
}

int kbg_shown_move_parse(const void *config, const void *state, const char *text,
                         crown_move *out)
{
    int rc = kbg_move_parse(config, state, text, out);
    if (rc == 0)
        *out = shown(config, state, *out);
    return rc;
}

void kbg_shown_move_text(const void *config, const void *state, crown_move m, crown_buf *b)
{
    kbg_move_text(config, state, kbg_move_inner(config, state, m), b);
}

void kbg_shown_move_text_seen(const void *config, const void *state, crown_move m, int viewer,
                              crown_buf *b)
{
    kbg_move_text_seen(config, state, kbg_move_inner(config, state, m), viewer, b);
}
