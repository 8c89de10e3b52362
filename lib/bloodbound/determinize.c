/*
 * determinize.c - Blood Bound: determinization, the rules table's
 * resample.
 *
 * Hidden from a seat: which characters are in play and who holds which
 * (but its own card, the clue of the seat on its right, and the cards it
 * looked at as the Harlequin), and, unless it is the Inquisitor, which
 * Curse is the True one.  A resample deals the characters again at random
 * among those consistent with what everybody saw of each seat (ranks shown,
 * affiliation tokens taken), and gives the True Curse to one of the Curse
 * holders at random; the history is then replayed with every decision
 * checked, and a deal that makes one illegal (a token the new character
 * could not take, an attack the Inquisitor could not make) is drawn again.
 * After many failures the true history is kept.  Once the game is over,
 * nothing is hidden.
 */
#include <stdlib.h>
#include <string.h>

#include "../core/rules.h"
#include "bloodbound.h"

/* Could seat p of the final state `f` hold character c, as far as what
 * everybody saw goes? */
static int plausible(const bb_state *f, int p, int c)
{
    const bb_role *r = bb_role_of(c);
    if (f->shown_rank[p] && r->rank != bb_role_of(f->character[p])->rank)
        return 0;
    int clan = bb_clan_of(c);
    unsigned took = f->shown_aff[p];
    if (clan < 2) {
        int clan_token = clan == CROWN_BB_ROSE ? CROWN_BB_T_ROSE : CROWN_BB_T_BEAST;
        int has_clan = r->icon[0] == BB_ICON_CLAN || r->icon[1] == BB_ICON_CLAN;
        if ((took >> (CROWN_BB_T_ROSE + CROWN_BB_T_BEAST - clan_token)) & 1)
            return 0; /* a token of the other clan */
        if (((took >> clan_token) & 1) && !has_clan)
            return 0;
        if (((took >> CROWN_BB_T_UNKNOWN) & 1) && !((f->staff >> p) & 1) &&
            r->icon[0] != BB_ICON_UNKNOWN && r->icon[1] != BB_ICON_UNKNOWN)
            return 0;
    }
    return 1;
}

/* Deals characters to the free seats (random order, backtracking). */
static int deal_again(const bb_config *cfg, const uint32_t cand[], const int order[], int k,
                      int *assign, uint32_t used, int rose_left, int beast_left, int inq_left,
                      crown_rng *rng, int *budget)
{
    if (k == cfg->players)
        return rose_left == 0 && beast_left == 0 && inq_left == 0 ? 0 : -1;
    if (--*budget < 0)
        return -1;
    int p = order[k];
    if (assign[p] >= 0) {
        return deal_again(cfg, cand, order, k + 1, assign, used, rose_left, beast_left, inq_left,
                          rng, budget);
    }
    int options[BB_CHARACTERS], n = 0;
    for (int c = 0; c < BB_CHARACTERS; c++)
        if (((cand[p] >> c) & 1) && !((used >> c) & 1))
            options[n++] = c;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)crown_rng_below(rng, (uint64_t)i + 1);
        int t = options[i];
        options[i] = options[j];
        options[j] = t;
    }
    for (int i = 0; i < n; i++) {
        int c = options[i], clan = bb_clan_of(c);
        int r = rose_left - (clan == 0), be = beast_left - (clan == 1), q = inq_left - (clan == 2);
        if (r < 0 || be < 0 || q < 0)
            continue;
        assign[p] = c;
        uint32_t u = used | BB_BIT(c);
        if (clan == 2)
            u |= BB_BIT(CROWN_BB_INQUISITOR_ROSE) | BB_BIT(CROWN_BB_INQUISITOR_BEAST);
        if (deal_again(cfg, cand, order, k + 1, assign, u, r, be, q, rng, budget) == 0)
            return 0;
        assign[p] = -1;
    }
    return -1;
}

int bb_resample(const void *config, const crown_move *hist, size_t n, int viewer,
                       crown_rng *rng, crown_move *out, void *scratch)
{
    const bb_config *cfg = config;
    bb_state *f = scratch, *t = f + 1;
    memcpy(out, hist, n * sizeof *out);
    bb_init(cfg, f);
    for (size_t i = 0; i < n; i++)
        bb_apply(cfg, f, hist[i]);
    if (f->phase == BB_P_OVER || f->dealt < cfg->players)
        return CROWN_OK; /* everything shown, or nothing dealt yet */
    int inq = bb_inquisitor_seat(cfg, f);
    int sees_truth = viewer >= 0 && viewer == inq;
    crown_move *legal = malloc(BB_MAX_MOVES * sizeof *legal);
    if (!legal)
        return CROWN_ENOMEM;
    uint32_t cand[BB_MAXP];
    for (int p = 0; p < cfg->players; p++) {
        cand[p] = 0;
        for (int c = 0; c < BB_CHARACTERS; c++)
            if (plausible(f, p, c))
                cand[p] |= BB_BIT(c);
    }
    if (viewer >= 0) {
        int right = (viewer + cfg->players - 1) % cfg->players;
        for (int c = 0; c < BB_CHARACTERS; c++)
            if (bb_clue_of(c) != bb_clue_of(f->character[right]))
                cand[right] &= ~BB_BIT(c);
    }
    int rc = CROWN_OK;
    for (int attempt = 0; attempt < 64; attempt++) {
        int assign[BB_MAXP], order[BB_MAXP];
        for (int p = 0; p < cfg->players; p++) {
            assign[p] = bb_knows(f, viewer, p) && viewer != CROWN_SPECTATOR ? f->character[p] : -1;
            order[p] = p;
        }
        uint32_t used = 0;
        int rose = cfg->per_clan, beast = cfg->per_clan, q = cfg->inquisitor;
        for (int p = 0; p < cfg->players; p++) {
            if (assign[p] < 0)
                continue;
            used |= BB_BIT(assign[p]);
            int clan = bb_clan_of(assign[p]);
            rose -= clan == 0;
            beast -= clan == 1;
            q -= clan == 2;
            if (clan == 2)
                used |= BB_BIT(CROWN_BB_INQUISITOR_ROSE) | BB_BIT(CROWN_BB_INQUISITOR_BEAST);
        }
        for (int i = cfg->players - 1; i > 0; i--) {
            int j = (int)crown_rng_below(rng, (uint64_t)i + 1);
            int tmp = order[i];
            order[i] = order[j];
            order[j] = tmp;
        }
        int budget = 20000;
        if (deal_again(cfg, cand, order, 0, assign, used, rose, beast, q, rng, &budget))
            continue;
        /* The True Curse among its holders. */
        int new_true = f->true_curse;
        if (f->curses_given && !sees_truth) {
            int holders[BB_MAXP], h = 0;
            for (int p = 0; p < cfg->players; p++)
                if ((f->curse >> p) & 1)
                    holders[h++] = p;
            new_true = holders[crown_rng_below(rng, (uint64_t)h)];
        }
        /* Rewrite and replay, checking every move. */
        unsigned rose_set = 0, beast_set = 0;
        int inq_card = BB_NONE;
        for (int p = 0; p < cfg->players; p++) {
            int c = assign[p];
            if (c < 9)
                rose_set |= BB_BIT(c);
            else if (c < 18)
                beast_set |= BB_BIT(c - 9);
            else
                inq_card = c;
        }
        bb_init(cfg, t);
        int ok = 1;
        for (size_t i = 0; i < n && ok; i++) {
            crown_move m = hist[i];
            switch (t->phase) {
            case BB_P_ROSE: m = (crown_move)rose_set; break;
            case BB_P_BEAST: m = (crown_move)beast_set; break;
            case BB_P_INQ: m = inq_card; break;
            case BB_P_DEAL: m = assign[t->dealt]; break;
            default: break;
            }
            if (CROWN_BB_KIND(m) == CROWN_BB_K_CURSES)
                m = CROWN_BB_CURSES(new_true, f->curse & ~BB_BIT(new_true));
            size_t k = bb_legal(cfg, t, legal);
            ok = 0;
            for (size_t j = 0; j < k; j++)
                ok |= legal[j] == m;
            if (ok) {
                out[i] = m;
                bb_apply(cfg, t, m);
            }
        }
        if (ok)
            goto done;
    }
    memcpy(out, hist, n * sizeof *out); /* the true history */
done:
    free(legal);
    return rc;
}
