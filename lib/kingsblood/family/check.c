/*
 * check.c - King's Family: the internal consistency check of a state (check):
 * every card in one place, the Genealogy sound and of Characters only, the
 * limits kept, no rule work dropped.
 */
#include "family.h"

#define CARD(cfg, c) (&(cfg)->deck.card[c])

int kf_check(const void *config, const void *state, crown_err *err)
{
    const kf_config *cfg = config;
    const kf_state *s = state;
    const gn_set *parts[] = {&s->hand, &s->pile, &s->discards, &s->aside, &s->gn.present,
                             &s->gn.attached};
    gn_set seen = {{0, 0}};
    for (size_t i = 0; i < sizeof parts / sizeof parts[0]; i++) {
        if ((seen.w[0] & parts[i]->w[0]) | (seen.w[1] & parts[i]->w[1])) {
            crown_errf(err, "a card is in two places");
            return -1;
        }
        gn_set_or(&seen, parts[i]);
    }
    if (kf_set_count(&seen) != cfg->deck.n || gn_set_next(&seen, cfg->deck.n) >= 0) {
        crown_errf(err, "cards are missing: %d of %d accounted for", kf_set_count(&seen),
                   cfg->deck.n);
        return -1;
    }
    if (gn_check(&s->gn)) {
        crown_errf(err, "the Genealogy is broken");
        return -1;
    }
    GN_FOR(&s->gn.present, c) {
        if (CARD(cfg, c)->kind != KB_CHARACTER) {
            crown_errf(err, "an Event stands in the Genealogy");
            return -1;
        }
        if (gn_row_size(&s->gn, s->gn.row[c]) > KF_ROW_LIMIT) {
            crown_errf(err, "row %d holds more than 10 cards", s->gn.row[c]);
            return -1;
        }
    }
    if (kf_set_count(&s->hand) > KF_HAND_LIMIT) {
        crown_errf(err, "more than 10 cards in hand");
        return -1;
    }
    if ((s->phase == KF_PLAY || s->phase == KF_FORCED || s->phase == KF_PLACE ||
         s->phase == KF_DRAW || s->phase == KF_MARRIAGE) &&
        gn_empty(&s->gn)) {
        crown_errf(err, "an empty Genealogy was not restarted");
        return -1;
    }
    if (s->dead && kf_can_draw(s)) {
        crown_errf(err, "cards in a pile that is never drawn");
        return -1;
    }
    if (s->overflow || s->nwork > KF_QUEUE) {
        crown_errf(err, "the work stack overflowed: rule work was dropped");
        return -1;
    }
    if (s->phase == KF_OVER && (s->nwork || !gn_set_empty(&s->aside))) {
        crown_errf(err, "the game is over with work or Events still being resolved");
        return -1;
    }
    return 0;
}
