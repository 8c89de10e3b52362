/*
 * determinize.c - King's Blood's determinization (resample): a history of
 * the game that the viewer cannot tell from the real one.
 *
 * Hidden are the cards dealt or drawn into another seat's hand.  Such a
 * card is pinned (kept) once it left that hand (played: everybody saw it;
 * which card everybody saw leave, whatever the id that leaves the hand, is
 * kbg_seen_leaving's), and once its game is over.  The others are free.
 * Within one pile (between two reshuffles of the current game) the free cards
 * and, for the current pile, the cards still in it are dealt again at
 * random among the free draws of that pile: the viewer knows
 * which cards that pile held, not which of them went to whom.  The new
 * history is built in step with the old one: a chance outcome becomes the
 * lowest card of the wanted face still in the pile, a decision names the
 * same face from the hand and the same places of the Genealogy.  A history
 * whose decisions the new cards would make illegal (a pass while holding a
 * playable card) is drawn again; after a few failures the history is kept
 * as it was.  The work is done on the moves as the state holds them (the
 * copies, kbg_move_inner); the history given and the one written are the
 * moves as the API shows them (move_ids.c).
 */
#include <stdlib.h>
#include <string.h>

#include "blood.h"

enum { RS_DECISION, RS_PUBLIC, RS_PINNED, RS_FREE };

typedef struct rs_info {
    uint8_t cls;
    uint32_t epoch;
} rs_info;

/* The lowest card of face f in set, or -1. */
static int lowest_of_face(const kbg_config *cfg, const gn_set *set, int f)
{
    GN_FOR(set, c)
        if (cfg->deck.face[c] == cfg->deck.face[f])
            return c;
    return -1;
}

/* Does decision m of state s play a card from the hand (named by the
 * move's card field: the King's Blood card, unique, is left out)? */
static int plays_from_hand(const kbg_state *s, crown_move m)
{
    int kind = CROWN_KB_KIND(m);
    return kind == CROWN_KB_K_PLAY || kind == CROWN_KB_K_SIBLING ||
           ((kind == CROWN_KB_K_EVENT || kind == CROWN_KB_K_EXILE) && s->mode != KBG_M_FORCED);
}

/* Move m of state a, translated into state b (same public history); -1
 * when b cannot make it. */
static crown_move translate(const kbg_config *cfg, const kbg_state *a, const kbg_state *b,
                            crown_move m)
{
    int kind = CROWN_KB_KIND(m);
    if (kind == CROWN_KB_K_CHANCE)
        return lowest_of_face(cfg, &b->pile, m);
    int c = CROWN_KB_CARD(m), t = CROWN_KB_TARGET(m), seat = CROWN_KB_SEAT(m);
    int side = CROWN_KB_SIDE(m);
    int p = a->player;
    if (plays_from_hand(a, m)) {
        c = lowest_of_face(cfg, &b->hand[p], c);
        if (c < 0)
            return -1;
    } else if (kind == CROWN_KB_K_EVENT || kind == CROWN_KB_K_EXILE) {
        c = b->forced;
    }
    if (kind == CROWN_KB_K_PLAY || kind == CROWN_KB_K_EVENT || kind == CROWN_KB_K_EXILE ||
        kind == CROWN_KB_K_PLACE || kind == CROWN_KB_K_KINGS_BLOOD) {
        t = gn_at(&b->gn, a->gn.row[t], a->gn.x[t]);
        if (t < 0)
            return -1;
    }
    return CROWN_KB_MOVE(kind, seat, c, t, side);
}

static int in_list(const crown_move *a, size_t n, crown_move m)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] == m)
            return 1;
    return 0;
}

/* hist: the moves as the state holds them (kbg_move_inner); out: as the
 * API shows them. */
static int rs_attempt(const kbg_config *cfg, const crown_move *hist, size_t n,
                      const rs_info *info, const crown_move *assigned, crown_move *out,
                      kbg_state *a, kbg_state *b, crown_move *legal)
{
    kbg_init(cfg, a);
    kbg_init(cfg, b);
    for (size_t i = 0; i < n; i++) {
        crown_move m = hist[i];
        if (info[i].cls == RS_FREE)
            m = assigned[i];
        crown_move t = translate(cfg, a, b, m);
        if (t < 0)
            return -1;
        size_t k = kbg_shown_legal(cfg, b, legal);
        out[i] = kbg_move_shown(cfg, b, t);
        if (!in_list(legal, k, out[i]))
            return -1;
        kbg_apply(cfg, a, hist[i]);
        kbg_apply(cfg, b, t);
    }
    return 0;
}

int kbg_resample(const void *config, const crown_move *shown, size_t n, int viewer,
                 crown_rng *rng, crown_move *out, void *scratch)
{
    const kbg_config *cfg = config;
    kbg_state *a = scratch, *b = a + 1;
    rs_info *info = malloc((n ? n : 1) * sizeof *info);
    crown_move *assigned = malloc((n ? n : 1) * sizeof *assigned);
    crown_move *legal = malloc(KBG_MAX_MOVES * sizeof *legal);
    size_t *holder = malloc(GN_CARDS * sizeof *holder); /* event holding each card, or n */
    crown_move *hist = malloc((n ? n : 1) * sizeof *hist); /* the moves as the state holds them */
    int rc = CROWN_ENOMEM;
    if (!info || !assigned || !legal || !holder || !hist)
        goto done;

    /* Pass 1: which draws are free, and in which pile. */
    kbg_init(cfg, a);
    for (int c = 0; c < GN_CARDS; c++)
        holder[c] = n;
    uint32_t game = 0;
    for (size_t i = 0; i < n; i++) {
        hist[i] = kbg_move_inner(cfg, a, shown[i]);
        info[i].cls = RS_DECISION;
        info[i].epoch = a->reshuffles;
        if (a->phase != KBG_PLAY) {
            int to = kbg_receiver(cfg, a);
            info[i].cls = (to >= 0 && to != viewer) ? RS_FREE : RS_PUBLIC;
        }
        gn_set before[KBG_MAXP];
        memcpy(before, a->hand, sizeof before);
        int to = a->phase != KBG_PLAY ? kbg_receiver(cfg, a) : -1;
        if (a->phase == KBG_PLAY && plays_from_hand(a, hist[i])) {
            /* The card everybody sees leave may not be the id that leaves
             * the hand: they swap roles (see kbg_seen_leaving). */
            int c = CROWN_KB_CARD(hist[i]);
            int r = kbg_seen_leaving(cfg, a, a->player, c,
                                     a->mode == KBG_M_DRAWN ? a->drawn : -1);
            size_t h = holder[c];
            holder[c] = holder[r];
            holder[r] = h;
        }
        kbg_apply(cfg, a, hist[i]);
        if (a->games_done != game) {
            /* A game ended: its hands are pinned (every hand is shown at
             * the end; a match goes on with new hands). */
            for (size_t j = 0; j <= i; j++)
                if (info[j].cls == RS_FREE)
                    info[j].cls = RS_PINNED;
            for (int c = 0; c < GN_CARDS; c++)
                holder[c] = n;
            game = a->games_done;
            continue;
        }
        for (int q = 0; q < cfg->players; q++) {
            GN_FOR(&before[q], c) {
                if (!gn_set_has(&a->hand[q], c) && holder[c] < n) {
                    if (info[holder[c]].cls == RS_FREE)
                        info[holder[c]].cls = RS_PINNED; /* it left the hand: seen */
                    holder[c] = n;
                }
            }
        }
        if (to >= 0 && info[i].cls == RS_FREE)
            holder[hist[i]] = i;
    }

    for (int attempt = 0; attempt < 16; attempt++) {
        /* Deal the free cards of each pile again. */
        uint32_t epochs = a->reshuffles + 1;
        for (uint32_t e = 0; e < epochs; e++) {
            crown_move pool[GN_CARDS];
            int k = 0;
            for (size_t i = 0; i < n; i++)
                if (info[i].cls == RS_FREE && info[i].epoch == e)
                    pool[k++] = hist[i];
            if (k == 0)
                continue;
            if (e == a->reshuffles)
                GN_FOR(&a->pile, c)
                    pool[k++] = c;
            /* In ascending order first: the shuffle then depends only on
             * which cards are free, never on where they really lay (a
             * search given two games the viewer cannot tell apart redeals
             * them alike). */
            for (int j = 1; j < k; j++)
                for (int q = j; q > 0 && pool[q - 1] > pool[q]; q--) {
                    crown_move tmp = pool[q];
                    pool[q] = pool[q - 1];
                    pool[q - 1] = tmp;
                }
            for (int j = k - 1; j > 0; j--) {
                int r = (int)crown_rng_below(rng, (uint64_t)j + 1);
                crown_move tmp = pool[j];
                pool[j] = pool[r];
                pool[r] = tmp;
            }
            int used = 0;
            for (size_t i = 0; i < n; i++)
                if (info[i].cls == RS_FREE && info[i].epoch == e)
                    assigned[i] = pool[used++];
        }
        kbg_state end = *a;
        if (rs_attempt(cfg, hist, n, info, assigned, out, a, b, legal) == 0) {
            rc = CROWN_OK;
            goto done;
        }
        *a = end;
    }
    /* The history as it was. */
    memcpy(out, shown, n * sizeof *out);
    rc = CROWN_OK;
done:
    free(info);
    free(assigned);
    free(legal);
    free(holder);
    free(hist);
    return rc;
}
