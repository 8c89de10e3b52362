/*
 * check.c - Blood Bound: the internal consistency check of a state (the
 * rules table's check).
 */
#include "../core/rules.h"
#include "bloodbound.h"

int bb_check(const void *config, const void *state, crown_err *err)
{
    const bb_config *cfg = config;
    const bb_state *s = state;
    if (s->dealt == cfg->players) {
        int rose = 0, beast = 0, inq = 0;
        uint32_t seen = 0;
        for (int p = 0; p < cfg->players; p++) {
            int c = s->character[p];
            if (c >= BB_CHARACTERS || ((seen >> c) & 1)) {
                crown_errf(err, "seat %d: a character dealt twice or unknown", p);
                return -1;
            }
            seen |= BB_BIT(c);
            int clan = bb_clan_of(c);
            rose += clan == 0;
            beast += clan == 1;
            inq += clan == 2;
        }
        if (rose != cfg->per_clan || beast != cfg->per_clan || inq != cfg->inquisitor) {
            crown_errf(err, "the characters in play are not %d per clan", cfg->per_clan);
            return -1;
        }
        for (int p = 0; p < cfg->players; p++) {
            if (bb_wounds(s, p) > 3) {
                crown_errf(err, "seat %d has more wounds than icons", p);
                return -1;
            }
            int tt[2], k = 0;
            for (int i = 0; i < 2; i++)
                if (s->aff[p][i])
                    tt[k++] = s->aff[p][i];
            if (!((s->staff >> p) & 1) && !bb_fits(s->character[p], tt, k)) {
                crown_errf(err, "seat %d holds tokens his icons do not allow", p);
                return -1;
            }
            if (s->aff[p][1] && !s->aff[p][0]) {
                crown_errf(err, "seat %d: affiliation tokens out of order", p);
                return -1;
            }
        }
    }
    if (bb_popcount(s->quill) > bb_supply_counts.quill ||
        bb_popcount(s->fan) > bb_supply_counts.fan ||
        bb_popcount(s->staff) > bb_supply_counts.staff ||
        bb_popcount(s->shield[0]) > bb_supply_counts.shields_per_colour ||
        bb_popcount(s->shield[1]) > bb_supply_counts.shields_per_colour) {
        crown_errf(err, "more ability cards out than the supply holds");
        return -1;
    }
    for (int col = 0; col < 2; col++) {
        if (s->shield[col] && s->sword[col] == BB_NONE) {
            crown_errf(err, "a Shield whose Sword went back");
            return -1;
        }
    }
    if (s->curses_given && bb_popcount(s->curse) != 1 + cfg->false_curses) {
        crown_errf(err, "the Curses in play are not all given");
        return -1;
    }
    if (s->phase == BB_P_OVER && s->over == BB_END_CAPTURE && !s->winners) {
        crown_errf(err, "a capture without winners");
        return -1;
    }
    return 0;
}
