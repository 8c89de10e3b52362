/*
 * check.c - Game of Kingdoms: the internal consistency check (the rules
 * table's check): every card in exactly one place, the known cards in
 * their hands, every defence card beating its attack card, the losses
 * and draws adding up to the games played, and, during a bout, its seats
 * and table fitting its phase.
 */
#include "../core/rules.h"
#include "kingdoms.h"

static int beats(int d, int a, int trump_colour)
{
    if (CROWN_KD_COLOUR(d) == CROWN_KD_COLOUR(a))
        return CROWN_KD_RANK(d) > CROWN_KD_RANK(a);
    return CROWN_KD_COLOUR(d) == trump_colour;
}

int kd_check(const void *config, const void *state, crown_err *err)
{
    const kd_config *c = config;
    const kd_state *s = state;
    uint64_t seen = 0;
    uint64_t parts[KD_MAXP + 4];
    int np = 0;
    for (int p = 0; p < c->players; p++)
        parts[np++] = s->hand[p];
    parts[np++] = s->pile;
    parts[np++] = s->discards;
    parts[np++] = kd_table_cards(s);
    parts[np++] = (s->trump != KD_NONE && s->trump_in_pile) ? KD_BIT(s->trump) : 0;
    for (int k = 0; k < np; k++) {
        if (seen & parts[k]) {
            crown_errf(err, "a card is in two places");
            return -1;
        }
        seen |= parts[k];
    }
    if (s->phase != KD_OVER && seen != KD_ALL_CARDS) {
        crown_errf(err, "cards are missing: %d of 40 accounted for", kd_popcount(seen));
        return -1;
    }
    for (int p = 0; p < c->players; p++) {
        if (s->known[p] & ~s->hand[p]) {
            crown_errf(err, "seat %d has known cards not in hand", p);
            return -1;
        }
    }
    for (int i = 0; i < s->natt; i++) {
        if (s->def[i] != KD_NONE && !beats(s->def[i], s->att[i], CROWN_KD_COLOUR(s->trump))) {
            crown_errf(err, "a defence card does not beat its attack card");
            return -1;
        }
    }
    int sum = s->draws;
    for (int p = 0; p < c->players; p++)
        sum += s->losses[p];
    if (sum != s->games_done) {
        crown_errf(err, "losses and draws do not add up to the games played");
        return -1;
    }
    if (s->phase >= KD_LEAD && s->phase <= KD_ASK) {
        if (s->natt > s->limit || s->limit > KD_MAX_ATTACK) {
            crown_errf(err, "more attack cards than the limit");
            return -1;
        }
        if (s->attacker == s->defender || !kd_is_in(s, s->defender)) {
            crown_errf(err, "bad attacker or defender");
            return -1;
        }
        if (s->phase == KD_LEAD && (s->natt != 0 || s->hand[s->attacker] == 0)) {
            crown_errf(err, "the attacker cannot lead");
            return -1;
        }
        if (s->phase == KD_DEFEND && (kd_all_beaten(s) || s->taken)) {
            crown_errf(err, "the defender has nothing to answer");
            return -1;
        }
        if (s->phase == KD_ASK && (!kd_all_beaten(s) && !s->taken)) {
            crown_errf(err, "asking to add while a card is unbeaten");
            return -1;
        }
        if (s->phase == KD_ASK && (s->ask == s->defender || s->hand[s->ask] == 0)) {
            crown_errf(err, "asking a player who may not add");
            return -1;
        }
    }
    return 0;
}
