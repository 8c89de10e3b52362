/*
 * views.c - King's Family: the structured views of a position, the JSON
 * observation (observe_json) and the tensor (observe_tensor).  Their fields:
 * docs/kings-family.md.
 */
#include "family.h"

static const char *const kf_phase_name[] = {"deal", "found", "restart", "draw", "marriage",
                                            "play", "forced", "place", "over"};
static const char *const kf_end_name[] = {"", "hand_empty", "stuck", "full_hand",
                                          "row_limit", "no_founder", "move_limit"};

void kf_observe_tensor(const void *config, const void *state, int viewer, crown_tensor *t)
{
    const kf_config *cfg = config;
    const kf_state *s = state;
    size_t n = (size_t)cfg->deck.n + 1;
    int lifted = s->phase == KF_PLACE ? s->nc_card : -1;
    float *v;
    if ((v = crown_tensor_piece(t, "seat", 1, 0, 0)))
        v[0] = viewer == 0;
    if ((v = crown_tensor_piece(t, "current", 1, 0, 0)))
        v[0] = kf_current(cfg, s) == 0;
    if ((v = crown_tensor_piece(t, "phase", KF_OVER + 1, 0, 0)))
        v[s->phase] = 1.0f;
    kb_tensor_genealogy(&cfg->deck, &s->gn, lifted, t);
    if ((v = crown_tensor_piece(t, "generations", 1, 0, 0)))
        v[0] = (float)gn_generations(&s->gn);
    kb_tensor_cards(&cfg->deck, &s->hand, crown_tensor_piece(t, "hand", n, 0, 0));
    if ((v = crown_tensor_piece(t, "hand_size", 1, 0, 0)))
        v[0] = (float)kf_set_count(&s->hand);
    if ((v = crown_tensor_piece(t, "pile", 1, 0, 0)))
        v[0] = (float)kf_set_count(&s->pile);
    if ((v = crown_tensor_piece(t, "pile_dead", 1, 0, 0)))
        v[0] = (float)(s->dead != 0);
    kb_tensor_cards(&cfg->deck, &s->discards, crown_tensor_piece(t, "discards", n, 0, 0));
    kb_tensor_cards(&cfg->deck, &s->aside, crown_tensor_piece(t, "being_resolved", n, 0, 0));
    if ((v = crown_tensor_piece(t, "lifted", n, 0, 0)) && lifted >= 0)
        v[cfg->deck.face[lifted]] = 1.0f;
    if ((v = crown_tensor_piece(t, "lifted_from", 2, 0, 0)) && lifted >= 0) {
        v[0] = (float)s->gn.row[lifted];
        v[1] = (float)s->gn.x[lifted];
    }
    if ((v = crown_tensor_piece(t, "newborn", n, 0, 0)) && kf_run_active(s))
        v[kb_place_id(&cfg->deck, &s->gn, lifted, s->run_child)] = 1.0f;
    if ((v = crown_tensor_piece(t, "siblings_side", 2, 0, 0)) && kf_run_active(s) && s->run_side)
        v[s->run_side > 0] = 1.0f;
    if ((v = crown_tensor_piece(t, "exhausted", 1, 0, 0)))
        v[0] = (float)s->exhausted;
    if ((v = crown_tensor_piece(t, "score", 1, 0, 0)))
        v[0] = (float)kf_score(cfg, s);
    if ((v = crown_tensor_piece(t, "end", KF_END_MOVE_LIMIT + 1, 0, 0)) && s->phase == KF_OVER)
        v[s->over] = 1.0f;
}

void kf_observe_json(const void *config, const void *state, int viewer, crown_buf *b)
{
    const kf_config *cfg = config;
    const kf_state *s = state;
    int lifted = s->phase == KF_PLACE ? s->nc_card : -1;
    int who = kf_current(cfg, s);
    int64_t score = kf_score(cfg, s);
    crown_buf_puts(b, "{\"game\": \"kings_family\", \"viewer\": ");
    crown_buf_json_viewer(b, viewer);
    crown_buf_printf(b, ", \"phase\": \"%s\", \"to_move\": %s,\n \"genealogy\": ",
                     kf_phase_name[s->phase],
                     who == 0 ? "0" : who == CROWN_CHANCE ? "\"chance\"" : "null");
    kb_json_genealogy(&cfg->deck, &s->gn, lifted, b);
    crown_buf_printf(b, ",\n \"generations\": %d, \"hand\": ", gn_generations(&s->gn));
    kb_json_cards(&cfg->deck, &s->hand, b);
    crown_buf_printf(b, ",\n \"pile\": %d, \"pile_dead\": %s, \"pile_cards\": ",
                     kf_set_count(&s->pile), s->dead ? "true" : "false");
    if (viewer == CROWN_OMNISCIENT)
        kb_json_cards(&cfg->deck, &s->pile, b);
    else
        crown_buf_puts(b, "null");
    crown_buf_puts(b, ",\n \"discards\": ");
    kb_json_cards(&cfg->deck, &s->discards, b);
    crown_buf_puts(b, ",\n \"being_resolved\": ");
    kb_json_cards(&cfg->deck, &s->aside, b);
    crown_buf_puts(b, ",\n \"lifted\": ");
    if (lifted >= 0)
        crown_buf_printf(b, "{\"card\": %d, \"row\": %d, \"x\": %d}", cfg->deck.face[lifted],
                         s->gn.row[lifted], s->gn.x[lifted]);
    else
        crown_buf_puts(b, "null");
    crown_buf_puts(b, ", \"newborn\": ");
    if (kf_run_active(s))
        crown_buf_printf(b, "{\"card\": %d, \"siblings_side\": %s}",
                         kb_place_id(&cfg->deck, &s->gn, lifted, s->run_child),
                         s->run_side < 0 ? "\"left\"" : s->run_side > 0 ? "\"right\"" : "null");
    else
        crown_buf_puts(b, "null");
    crown_buf_printf(b, ",\n \"exhausted\": %lu, \"score\": %lld, \"rating\": ",
                     (unsigned long)s->exhausted, (long long)score);
    crown_buf_json_string(b, kf_rating(score));
    crown_buf_puts(b, ", \"end\": ");
    if (s->phase == KF_OVER)
        crown_buf_printf(b, "\"%s\"}\n", kf_end_name[s->over]);
    else
        crown_buf_puts(b, "null}\n");
}
