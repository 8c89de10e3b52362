/*
 * views.c - King's Blood's structured views: the JSON observation
 * (observe_json) and the tensor (observe_tensor), as docs/kings-blood.md
 * describes them.
 */
#include "blood.h"

#define BIT(p) (1u << (p))

static const char *const kbg_phase_name[] = {"deal", "found", "restart", "draw", "marriage",
                                             "play", "over"};
static const char *const kbg_mode_name[] = {"turn", "pending", "drawn", "child",
                                            "free", "forced", "place"};
static const char *const kbg_end_name[] = {"",          "winner",    "passes",
                                           "no_founder", "max_turns", "max_match_turns"};
static const char *const kbg_match_end_name[] = {"", "target", "max_match_turns"};

/* The row of seat q in a tensor piece of `viewer` (the spectator: q). */
static size_t kbg_row(const kbg_config *cfg, int viewer, int q)
{
    return (size_t)(viewer >= 0 ? (q - viewer + cfg->players) % cfg->players : q);
}

static void kbg_seat_bits(const kbg_config *cfg, int viewer, unsigned bits, float *v)
{
    for (int q = 0; v && q < cfg->players; q++)
        if (bits & BIT(q))
            v[kbg_row(cfg, viewer, q)] = 1.0f;
}

/* The seat holding the King's Blood card, or -1. */
static int kings_blood_holder(const kbg_config *cfg, const kbg_state *s)
{
    for (int q = 0; q < cfg->players; q++)
        if (gn_set_has(&s->hand[q], cfg->kings_blood))
            return q;
    return -1;
}

void kbg_observe_tensor(const void *config, const void *state, int viewer,
                        crown_tensor *t)
{
    const kbg_config *cfg = config;
    const kbg_state *s = state;
    const kb_deck *d = &cfg->deck;
    size_t n = (size_t)d->n + 1, np = (size_t)cfg->players;
    int play = s->phase == KBG_PLAY, over = s->phase == KBG_OVER;
    int lifted = play && s->mode == KBG_M_PLACE ? s->nc_card : -1;
    float *v;
    if ((v = crown_tensor_piece(t, "seat", np, 0, 0)) && viewer >= 0)
        v[viewer] = 1.0f;
    if ((v = crown_tensor_piece(t, "hand", n, 0, 0)) && viewer >= 0)
        kb_tensor_cards(d, &s->hand[viewer], v);
    if ((v = crown_tensor_piece(t, "hand_size", np, 0, 0)))
        for (int q = 0; q < cfg->players; q++)
            v[kbg_row(cfg, viewer, q)] = (float)kbg_count(&s->hand[q]);
    if ((v = crown_tensor_piece(t, "face_up", np, n, 0)))
        for (int q = 0; q < cfg->players; q++)
            kb_tensor_cards(d, &s->known[q], v + n * kbg_row(cfg, viewer, q));
    kbg_seat_bits(cfg, viewer, s->announced, crown_tensor_piece(t, "announced", np, 0, 0));
    kbg_seat_bits(cfg, viewer, s->lost, crown_tensor_piece(t, "loses_turn", np, 0, 0));
    kbg_seat_bits(cfg, viewer, s->passed, crown_tensor_piece(t, "passed", np, 0, 0));
    kb_tensor_genealogy(d, &s->gn, lifted, t);
    if ((v = crown_tensor_piece(t, "generations", 1, 0, 0)))
        v[0] = (float)gn_generations(&s->gn);
    if ((v = crown_tensor_piece(t, "pile", 1, 0, 0)))
        v[0] = (float)kbg_count(&s->pile);
    if ((v = crown_tensor_piece(t, "reshuffles", 1, 0, 0)))
        v[0] = (float)s->reshuffles;
    kb_tensor_cards(d, &s->discards, crown_tensor_piece(t, "discards", n, 0, 0));
    kb_tensor_cards(d, &s->waiting, crown_tensor_piece(t, "events_this_turn", n, 0, 0));
    int holder = cfg->advanced ? kings_blood_holder(cfg, s) : -1;
    if ((v = crown_tensor_piece(t, "kings_blood_holder", np, 0, 0)) && holder >= 0)
        v[kbg_row(cfg, viewer, holder)] = 1.0f;
    if ((v = crown_tensor_piece(t, "kings_blood_aside", 1, 0, 0)))
        v[0] = cfg->advanced && holder < 0 && !gn_set_has(&s->gn.attached, cfg->kings_blood);
    if ((v = crown_tensor_piece(t, "lifted", n, 0, 0)) && lifted >= 0)
        v[d->face[lifted]] = 1.0f;
    if ((v = crown_tensor_piece(t, "lifted_from", 2, 0, 0)) && lifted >= 0) {
        v[0] = (float)s->gn.row[lifted];
        v[1] = (float)s->gn.x[lifted];
    }
    int newborn = play && s->child != KBG_NONE;
    if ((v = crown_tensor_piece(t, "newborn", n, 0, 0)) && newborn)
        v[kb_place_id(d, &s->gn, lifted, s->child)] = 1.0f;
    if ((v = crown_tensor_piece(t, "siblings_side", 2, 0, 0)) && newborn && s->run_side)
        v[s->run_side > 0] = 1.0f;
    if ((v = crown_tensor_piece(t, "forced", n, 0, 0)) && play && s->mode == KBG_M_FORCED)
        v[d->face[s->forced]] = 1.0f;
    int drawn = play && s->mode == KBG_M_DRAWN, sees = viewer == s->player;
    if ((v = crown_tensor_piece(t, "drawn", n, 0, 0)) && drawn && sees)
        v[d->face[s->drawn]] = 1.0f;
    if ((v = crown_tensor_piece(t, "drew_unseen", 1, 0, 0)))
        v[0] = drawn && !sees;
    if ((v = crown_tensor_piece(t, "pending", 1, 0, 0)))
        v[0] = (float)s->pending;
    if ((v = crown_tensor_piece(t, "phase", KBG_OVER + 1, 0, 0)))
        v[s->phase] = 1.0f;
    if ((v = crown_tensor_piece(t, "mode", KBG_M_PLACE + 1, 0, 0)) && play)
        v[s->mode] = 1.0f;
    if ((v = crown_tensor_piece(t, "current", np, 0, 0)) && play)
        v[kbg_row(cfg, viewer, s->player)] = 1.0f;
    if ((v = crown_tensor_piece(t, "receiver", np, 0, 0)) &&
        (s->phase == KBG_DEAL || s->phase == KBG_DRAW))
        v[kbg_row(cfg, viewer, kbg_receiver(cfg, s))] = 1.0f;
    if ((v = crown_tensor_piece(t, "dealer", np, 0, 0)))
        v[kbg_row(cfg, viewer, s->dealer)] = 1.0f;
    if ((v = crown_tensor_piece(t, "counterclockwise", 1, 0, 0)))
        v[0] = (float)(s->dir != 0);
    if ((v = crown_tensor_piece(t, "totals", np, 0, 0)))
        for (int q = 0; q < cfg->players; q++)
            v[kbg_row(cfg, viewer, q)] = (float)s->total[q];
    if ((v = crown_tensor_piece(t, "games_done", 1, 0, 0)) && cfg->match)
        v[0] = (float)s->games_done;
    int last = cfg->match && s->games_done;
    if ((v = crown_tensor_piece(t, "last_winner", np, 0, 0)) && last &&
        s->last_winner != KBG_NONE)
        v[kbg_row(cfg, viewer, s->last_winner)] = 1.0f;
    if ((v = crown_tensor_piece(t, "last_no_winner", 1, 0, 0)))
        v[0] = last && s->last_winner == KBG_NONE;
    /* (The pieces' order is their order in the tensor: later ones were
     * added after the first ones, which keep their places.) */
    if ((v = crown_tensor_piece(t, "end", KBG_END_MAX_TURNS + 1, 0, 0)) && over &&
        s->over <= KBG_END_MAX_TURNS)
        v[s->over] = 1.0f;
    if ((v = crown_tensor_piece(t, "winner", np, 0, 0)) && over && s->over == KBG_END_WINNER)
        v[kbg_row(cfg, viewer, s->winner)] = 1.0f;
    kbg_seat_bits(cfg, viewer, over && cfg->match ? kbg_winners(cfg, s) : 0,
                  crown_tensor_piece(t, "match_winners", np, 0, 0));
    if ((v = crown_tensor_piece(t, "end_max_match_turns", 1, 0, 0)))
        v[0] = over && s->over == KBG_END_MATCH_TURNS;
    if ((v = crown_tensor_piece(t, "match_end", KBG_MATCH_MAX_TURNS, 0, 0)) && over &&
        cfg->match && s->match_over)
        v[s->match_over - 1] = 1.0f;
    if ((v = crown_tensor_piece(t, "final_hands", np, n, 0)) && over)
        for (int q = 0; q < cfg->players; q++)
            kb_tensor_cards(d, &s->hand[q], v + n * kbg_row(cfg, viewer, q));
}

void kbg_observe_json(const void *config, const void *state, int viewer, crown_buf *b)
{
    const kbg_config *cfg = config;
    const kbg_state *s = state;
    const kb_deck *d = &cfg->deck;
    int play = s->phase == KBG_PLAY, over = s->phase == KBG_OVER;
    int lifted = play && s->mode == KBG_M_PLACE ? s->nc_card : -1;
    crown_buf_puts(b, "{\"game\": \"kings_blood\", \"viewer\": ");
    crown_buf_json_viewer(b, viewer);
    crown_buf_printf(b, ", \"players\": %d, \"advanced\": %s, \"scoring\": \"%s\", \"target\": ",
                     cfg->players, cfg->advanced ? "true" : "false", cfg->scoring ? "B" : "A");
    if (cfg->match)
        crown_buf_printf(b, "%d, \"game_number\": %lu", cfg->target,
                         (unsigned long)s->games_done + (over ? 0 : 1));
    else
        crown_buf_puts(b, "null, \"game_number\": null");
    crown_buf_printf(b, ",\n \"dealer\": %d, \"direction\": \"%s\", \"phase\": \"%s\", \"mode\": ",
                     s->dealer, s->dir ? "counterclockwise" : "clockwise",
                     kbg_phase_name[s->phase]);
    if (play)
        crown_buf_printf(b, "\"%s\", \"to_move\": %d", kbg_mode_name[s->mode], s->player);
    else
        crown_buf_printf(b, "null, \"to_move\": %s", over ? "null" : "\"chance\"");
    crown_buf_puts(b, ", \"receiver\": ");
    if (s->phase == KBG_DEAL || s->phase == KBG_DRAW)
        crown_buf_printf(b, "%d", kbg_receiver(cfg, s));
    else
        crown_buf_puts(b, "null");
    crown_buf_puts(b, ",\n \"genealogy\": ");
    kb_json_genealogy(d, &s->gn, lifted, b);
    crown_buf_printf(b, ",\n \"generations\": %d, \"pile\": %d, \"reshuffles\": %lu, "
                        "\"pile_cards\": ",
                     gn_generations(&s->gn), kbg_count(&s->pile), (unsigned long)s->reshuffles);
    if (viewer == CROWN_OMNISCIENT)
        kb_json_cards(d, &s->pile, b);
    else
        crown_buf_puts(b, "null");
    crown_buf_puts(b, ",\n \"discards\": ");
    kb_json_cards(d, &s->discards, b);
    crown_buf_puts(b, ", \"events_this_turn\": ");
    kb_json_cards(d, &s->waiting, b);
    crown_buf_puts(b, ",\n \"kings_blood_card\": ");
    int holder = cfg->advanced ? kings_blood_holder(cfg, s) : -1;
    if (!cfg->advanced)
        crown_buf_puts(b, "null");
    else if (gn_set_has(&s->gn.attached, cfg->kings_blood))
        crown_buf_printf(b, "{\"where\": \"genealogy\", \"under\": %d, \"seat\": null}",
                         kb_place_id(d, &s->gn, lifted, s->gn.under[cfg->kings_blood]));
    else if (holder >= 0)
        crown_buf_printf(b, "{\"where\": \"hand\", \"under\": null, \"seat\": %d}", holder);
    else
        crown_buf_puts(b, "{\"where\": \"aside\", \"under\": null, \"seat\": null}");
    crown_buf_puts(b, ",\n \"seats\": [");
    for (int q = 0; q < cfg->players; q++) {
        crown_buf_printf(b, "%s\n  {\"seat\": %d, \"cards\": %d, \"hand\": ", q ? "," : "", q,
                         kbg_count(&s->hand[q]));
        if (kbg_shows_hand(s, viewer, q))
            kb_json_cards(d, &s->hand[q], b);
        else
            crown_buf_puts(b, "null");
        crown_buf_puts(b, ", \"face_up\": ");
        kb_json_cards(d, &s->known[q], b);
        crown_buf_printf(b, ", \"announced\": %s, \"loses_turn\": %s, \"passed\": %s, "
                            "\"total\": %ld}",
                         s->announced & BIT(q) ? "true" : "false",
                         s->lost & BIT(q) ? "true" : "false",
                         s->passed & BIT(q) ? "true" : "false", (long)s->total[q]);
    }
    crown_buf_puts(b, "],\n \"lifted\": ");
    if (lifted >= 0)
        crown_buf_printf(b, "{\"card\": %d, \"row\": %d, \"x\": %d}", d->face[lifted],
                         s->gn.row[lifted], s->gn.x[lifted]);
    else
        crown_buf_puts(b, "null");
    crown_buf_puts(b, ", \"newborn\": ");
    if (play && s->child != KBG_NONE)
        crown_buf_printf(b, "{\"card\": %d, \"siblings_side\": %s}",
                         kb_place_id(d, &s->gn, lifted, s->child),
                         s->run_side < 0 ? "\"left\"" : s->run_side > 0 ? "\"right\"" : "null");
    else
        crown_buf_puts(b, "null");
    crown_buf_puts(b, ", \"forced\": ");
    if (play && s->mode == KBG_M_FORCED)
        crown_buf_printf(b, "%d", d->face[s->forced]);
    else
        crown_buf_puts(b, "null");
    /* The card just drawn: its id for the drawer, else "hidden". */
    crown_buf_puts(b, ", \"drawn\": ");
    if (!(play && s->mode == KBG_M_DRAWN))
        crown_buf_puts(b, "null");
    else if (viewer == s->player || viewer == CROWN_OMNISCIENT)
        crown_buf_printf(b, "%d", d->face[s->drawn]);
    else
        crown_buf_puts(b, "\"hidden\"");
    crown_buf_printf(b, ",\n \"pending\": %d, \"last_winner\": ", s->pending);
    if (cfg->match && s->games_done && s->last_winner != KBG_NONE)
        crown_buf_printf(b, "%d", s->last_winner);
    else
        crown_buf_puts(b, "null");
    crown_buf_printf(b, ", \"last_no_winner\": %s, \"end\": ",
                     cfg->match && s->games_done && s->last_winner == KBG_NONE ? "true"
                                                                               : "false");
    if (over)
        crown_buf_printf(b, "\"%s\"", kbg_end_name[s->over]);
    else
        crown_buf_puts(b, "null");
    crown_buf_puts(b, ", \"winner\": ");
    if (over && s->over == KBG_END_WINNER)
        crown_buf_printf(b, "%d", s->winner);
    else
        crown_buf_puts(b, "null");
    crown_buf_puts(b, ", \"match_winners\": ");
    if (over && cfg->match) {
        unsigned w = kbg_winners(cfg, s);
        crown_buf_putc(b, '[');
        for (int q = 0, first = 1; q < cfg->players; q++)
            if (w & BIT(q)) {
                crown_buf_printf(b, first ? "%d" : ", %d", q);
                first = 0;
            }
        crown_buf_putc(b, ']');
    } else {
        crown_buf_puts(b, "null");
    }
    crown_buf_puts(b, ", \"match_end\": ");
    if (over && cfg->match)
        crown_buf_printf(b, "\"%s\"", kbg_match_end_name[s->match_over]);
    else
        crown_buf_puts(b, "null");
    crown_buf_puts(b, "}\n");
}
