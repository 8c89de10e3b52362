/*
 * check.c - King's Blood's internal consistency check (check): every card
 * in exactly one place, the hands, the Genealogy and the end of a game as
 * the rules leave them.
 */
#include <string.h>

#include "blood.h"

#define CARD(cfg, i) (&(cfg)->deck.card[i])

int kbg_check(const void *config, const void *state, crown_err *err)
{
    const kbg_config *cfg = config;
    const kbg_state *s = state;
    gn_set seen = {{0, 0}}, forced = {{0, 0}};
    const gn_set *parts[KBG_MAXP + 7];
    int np = 0;
    if (s->forced != KBG_NONE)
        gn_set_add(&forced, s->forced);
    for (int q = 0; q < cfg->players; q++)
        parts[np++] = &s->hand[q];
    parts[np++] = &s->pile;
    parts[np++] = &s->discards;
    parts[np++] = &s->waiting;
    parts[np++] = &forced;
    parts[np++] = &s->aside;
    parts[np++] = &s->gn.present;
    parts[np++] = &s->gn.attached;
    for (int i = 0; i < np; i++) {
        if ((seen.w[0] & parts[i]->w[0]) | (seen.w[1] & parts[i]->w[1])) {
            crown_errf(err, "a card is in two places");
            return -1;
        }
        gn_set_or(&seen, parts[i]);
    }
    if (memcmp(&seen, &cfg->all, sizeof seen) != 0) {
        crown_errf(err, "cards are missing or foreign: %d of %d accounted for", kbg_count(&seen),
                   kbg_count(&cfg->all));
        return -1;
    }
    for (int q = 0; q < KBG_MAXP; q++) {
        gn_set k = s->known[q];
        k.w[0] &= ~s->hand[q].w[0];
        k.w[1] &= ~s->hand[q].w[1];
        if (!gn_set_empty(&k) || (q >= cfg->players && !gn_set_empty(&s->hand[q]))) {
            crown_errf(err, "seat %d: a card known in a hand is not there", q);
            return -1;
        }
    }
    if (gn_check(&s->gn)) {
        crown_errf(err, "the Genealogy is broken");
        return -1;
    }
    GN_FOR(&s->gn.present, c) {
        if (CARD(cfg, c)->kind != KB_CHARACTER) {
            crown_errf(err, "a card that is not a Character stands in the Genealogy");
            return -1;
        }
    }
    GN_FOR(&s->gn.attached, a) {
        if (!(CARD(cfg, a)->kind == KB_KINGS_BLOOD ||
              (CARD(cfg, a)->kind == KB_EVENT && CARD(cfg, a)->event == KB_ENTHRONEMENT))) {
            crown_errf(err, "a card other than Enthronement or King's Blood is attached");
            return -1;
        }
    }
    if (s->phase == KBG_PLAY || s->phase == KBG_DRAW || s->phase == KBG_MARRIAGE) {
        if (gn_empty(&s->gn)) {
            crown_errf(err, "an empty Genealogy was not restarted");
            return -1;
        }
        if (s->player >= cfg->players) {
            crown_errf(err, "no player to move");
            return -1;
        }
    }
    if (s->phase == KBG_OVER && !gn_set_empty(&s->waiting)) {
        crown_errf(err, "the game is over with Events of a turn not discarded");
        return -1;
    }
    if (s->phase == KBG_OVER &&
        (s->over == KBG_END_NONE || s->over > KBG_END_MATCH_TURNS ||
         (cfg->match && (s->match_over == KBG_MATCH_ON || s->match_over > KBG_MATCH_MAX_TURNS)))) {
        crown_errf(err, "the game or the match is over without a reason");
        return -1;
    }
    if (s->winner != KBG_NONE && (s->winner >= cfg->players || !gn_set_empty(&s->hand[s->winner]))) {
        crown_errf(err, "the winner holds cards");
        return -1;
    }
    return 0;
}
