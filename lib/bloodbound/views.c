/*
 * views.c - Blood Bound: the structured views of a position, the rules
 * table's observe_tensor and observe_json (docs/blood-bound.md).
 *
 * The same facts as bb_observe, as a tensor of a seat or the spectator and
 * as JSON.  Pieces with one row per seat start at the viewer's row (the
 * spectator's: seat 0's).
 */
#include "../core/rules.h"
#include "bloodbound.h"

/* The phases as JSON names, in enum bb_phase order. */
static const char *const phase_name[] = {"rose_set", "beast_set", "inquisitor_card", "deal",
                                         "dagger",   "turn",      "offer",           "accept",
                                         "token",    "ability",   "return",          "over"};

/* Does `viewer` see which Curse is True?  (The text's rule.) */
static int sees_curses(const bb_config *cfg, const bb_state *s, int viewer)
{
    return viewer == CROWN_OMNISCIENT || s->phase == BB_P_OVER ||
           (viewer >= 0 && viewer == bb_inquisitor_seat(cfg, s));
}

/* The supply's ability cards: Quill, Sword, Shield, Fan, Staff, Curse (0
 * without the Inquisitor). */
static void supply_counts(const bb_config *cfg, const bb_state *s, int out[6])
{
    out[0] = bb_supply_counts.quill - bb_popcount(s->quill);
    out[1] = (s->sword[0] == BB_NONE) + (s->sword[1] == BB_NONE);
    out[2] = bb_supply_counts.shield - bb_popcount(s->shield[0]) - bb_popcount(s->shield[1]);
    out[3] = bb_supply_counts.fan - bb_popcount(s->fan);
    out[4] = bb_supply_counts.staff - bb_popcount(s->staff);
    out[5] = cfg->inquisitor && !s->curses_given ? 1 + cfg->false_curses : 0;
}

/* The row of seat p in a piece of `viewer`. */
static size_t row_of(const bb_config *cfg, int viewer, int p)
{
    return (size_t)(viewer >= 0 ? (p - viewer + cfg->players) % cfg->players : p);
}

/* A piece of one value per seat: 1 in the row of seat p (none for BB_NONE). */
static void one_seat(float *v, const bb_config *cfg, int viewer, int p)
{
    if (v && p >= 0 && p < cfg->players)
        v[row_of(cfg, viewer, p)] = 1.0f;
}

/* A piece of one value per seat: 1 in the rows of a set of seats. */
static void seat_set(float *v, const bb_config *cfg, int viewer, unsigned set)
{
    for (int p = 0; v && p < cfg->players; p++)
        if ((set >> p) & 1)
            v[row_of(cfg, viewer, p)] = 1.0f;
}

void bb_observe_tensor(const void *config, const void *state, int viewer,
                              crown_tensor *t)
{
    const bb_config *cfg = config;
    const bb_state *s = state;
    int n = cfg->players, who = bb_current(cfg, s), over = s->phase == BB_P_OVER;
    int attack = s->attacker != BB_NONE;
    size_t np = (size_t)n;
    float *v;

    /* The viewer. */
    if ((v = crown_tensor_piece(t, "seat", np, 0, 0)) && viewer >= 0)
        v[viewer] = 1.0f;
    if ((v = crown_tensor_piece(t, "own_character", BB_CHARACTERS, 0, 0)) && viewer >= 0 &&
        s->character[viewer] != BB_NONE)
        v[s->character[viewer]] = 1.0f;
    if ((v = crown_tensor_piece(t, "right_clue", 2, 0, 0)) && viewer >= 0) {
        int right = (viewer + n - 1) % n;
        if (s->character[right] != BB_NONE)
            v[bb_clue_of(s->character[right])] = 1.0f;
    }
    /* The turn. */
    if ((v = crown_tensor_piece(t, "phase", BB_P_OVER + 1, 0, 0)))
        v[s->phase] = 1.0f;
    if ((v = crown_tensor_piece(t, "current", np, 0, 0)) && who >= 0)
        one_seat(v, cfg, viewer, who);
    if ((v = crown_tensor_piece(t, "dagger", np, 0, 0)) && s->dagger != BB_NONE)
        one_seat(v, cfg, viewer, s->dagger);
    if ((v = crown_tensor_piece(t, "turns", 1, 0, 0)))
        v[0] = (float)s->turns;
    /* The seats. */
    if ((v = crown_tensor_piece(t, "character", np, BB_CHARACTERS, 0)))
        for (int p = 0; p < n; p++)
            if (s->character[p] != BB_NONE && bb_knows(s, viewer, p))
                v[row_of(cfg, viewer, p) * BB_CHARACTERS + s->character[p]] = 1.0f;
    if ((v = crown_tensor_piece(t, "wounds", np, 0, 0)))
        for (int p = 0; p < n; p++)
            v[row_of(cfg, viewer, p)] = (float)bb_wounds(s, p);
    if ((v = crown_tensor_piece(t, "rank_token", np, 0, 0)))
        for (int p = 0; p < n; p++)
            v[row_of(cfg, viewer, p)] = s->rank_taken[p] ? 1.0f : 0.0f;
    if ((v = crown_tensor_piece(t, "rank_shown", np, CROWN_BB_INQUISITOR_RANK, 0)))
        for (int p = 0; p < n; p++)
            if (s->shown_rank[p])
                v[row_of(cfg, viewer, p) * CROWN_BB_INQUISITOR_RANK +
                  (size_t)bb_rank_of(s, p) - 1] = 1.0f;
    if ((v = crown_tensor_piece(t, "affiliation", np, 2, 3)))
        for (int p = 0; p < n; p++)
            for (int i = 0; i < 2; i++)
                if (s->aff[p][i])
                    v[row_of(cfg, viewer, p) * 6 + (size_t)i * 3 + s->aff[p][i] - 1] = 1.0f;
    if ((v = crown_tensor_piece(t, "affiliation_taken", np, 3, 0)))
        for (int p = 0; p < n; p++)
            for (int k = CROWN_BB_T_ROSE; k <= CROWN_BB_T_UNKNOWN; k++)
                if ((s->shown_aff[p] >> k) & 1)
                    v[row_of(cfg, viewer, p) * 3 + (size_t)k - 1] = 1.0f;
    seat_set(crown_tensor_piece(t, "quill", np, 0, 0), cfg, viewer, s->quill);
    if ((v = crown_tensor_piece(t, "sword", np, 2, 0)))
        for (int col = 0; col < 2; col++)
            if (s->sword[col] != BB_NONE)
                v[row_of(cfg, viewer, s->sword[col]) * 2 + (size_t)col] = 1.0f;
    if ((v = crown_tensor_piece(t, "shield", np, 2, 0)))
        for (int p = 0; p < n; p++)
            for (int col = 0; col < 2; col++)
                if ((s->shield[col] >> p) & 1)
                    v[row_of(cfg, viewer, p) * 2 + (size_t)col] = 1.0f;
    seat_set(crown_tensor_piece(t, "staff", np, 0, 0), cfg, viewer, s->staff);
    seat_set(crown_tensor_piece(t, "fan", np, 0, 0), cfg, viewer, s->fan);
    seat_set(crown_tensor_piece(t, "curse", np, 0, 0), cfg, viewer, s->curse);
    if ((v = crown_tensor_piece(t, "true_curse", np, 0, 0)) && s->curse &&
        sees_curses(cfg, s, viewer))
        one_seat(v, cfg, viewer, s->true_curse);
    /* The attack under way, and an ability's wounds. */
    if ((v = crown_tensor_piece(t, "attacker", np, 0, 0)) && attack)
        one_seat(v, cfg, viewer, s->attacker);
    if ((v = crown_tensor_piece(t, "target", np, 0, 0)) && attack)
        one_seat(v, cfg, viewer, s->target);
    if (attack)
        seat_set(crown_tensor_piece(t, "offered", np, 0, 0), cfg, viewer, s->offers);
    else
        crown_tensor_piece(t, "offered", np, 0, 0);
    if (attack)
        seat_set(crown_tensor_piece(t, "declined", np, 0, 0), cfg, viewer, s->declines);
    else
        crown_tensor_piece(t, "declined", np, 0, 0);
    if ((v = crown_tensor_piece(t, "wounded", np, 0, 0)) && attack && s->wounded != BB_NONE)
        one_seat(v, cfg, viewer, s->wounded);
    if ((v = crown_tensor_piece(t, "intervened", 1, 0, 0)) && attack && s->wounded != BB_NONE)
        v[0] = s->intervened ? 1.0f : 0.0f;
    int ability_wounds = s->phase == BB_P_TOKEN && s->cause == BB_C_ABILITY;
    if ((v = crown_tensor_piece(t, "ability_victim", np, 0, 0)) && ability_wounds)
        one_seat(v, cfg, viewer, s->victim);
    if ((v = crown_tensor_piece(t, "ability_wounds_left", 1, 0, 0)) && ability_wounds)
        v[0] = (float)s->wounds_left;
    /* The supply and the end. */
    if ((v = crown_tensor_piece(t, "supply", 6, 0, 0))) {
        int sup[6];
        supply_counts(cfg, s, sup);
        for (int i = 0; i < 6; i++)
            v[i] = (float)sup[i];
    }
    int captured = over && s->over == BB_END_CAPTURE;
    if ((v = crown_tensor_piece(t, "draw", 1, 0, 0)))
        v[0] = over && s->over == BB_END_MAX_TURNS ? 1.0f : 0.0f;
    if ((v = crown_tensor_piece(t, "captured", np, 0, 0)) && captured)
        one_seat(v, cfg, viewer, s->captured);
    if ((v = crown_tensor_piece(t, "capturer", np, 0, 0)) && captured)
        one_seat(v, cfg, viewer, s->capturer);
    if (captured)
        seat_set(crown_tensor_piece(t, "winners", np, 0, 0), cfg, viewer, s->winners);
    else
        crown_tensor_piece(t, "winners", np, 0, 0);
}

/* A seat number, or null. */
static void json_seat(crown_buf *b, int p)
{
    if (p == BB_NONE || p < 0)
        crown_buf_puts(b, "null");
    else
        crown_buf_putu(b, (unsigned)p);
}

/* A set of seats as an ascending array. */
static void json_seats(crown_buf *b, unsigned set)
{
    crown_buf_putc(b, '[');
    for (int p = 0, first = 1; set; p++, set >>= 1)
        if (set & 1) {
            crown_buf_puts(b, first ? "" : ", ");
            crown_buf_putu(b, (unsigned)p);
            first = 0;
        }
    crown_buf_putc(b, ']');
}

static void json_bool(crown_buf *b, const char *key, int on)
{
    crown_buf_puts(b, key);
    crown_buf_puts(b, on ? "true" : "false");
}

static void json_seat_entry(const bb_config *cfg, const bb_state *s, int p, int viewer,
                            crown_buf *b)
{
    crown_buf_printf(b, "  {\"seat\": %d, \"character\": ", p);
    if (s->character[p] != BB_NONE && bb_knows(s, viewer, p))
        crown_buf_putu(b, s->character[p]);
    else
        crown_buf_puts(b, "null");
    crown_buf_printf(b, ", \"wounds\": %d, \"rank\": ", bb_wounds(s, p));
    if (s->shown_rank[p])
        crown_buf_putu(b, (unsigned)bb_rank_of(s, p));
    else
        crown_buf_puts(b, "null");
    json_bool(b, ", \"rank_token\": ", s->rank_taken[p]);
    crown_buf_puts(b, ", \"affiliation\": [");
    for (int i = 0; i < 2; i++)
        if (s->aff[p][i]) {
            crown_buf_puts(b, i ? ", " : "");
            crown_buf_json_string(b, bb_token_txt[s->aff[p][i]]);
        }
    crown_buf_puts(b, "], \"given_back\": [");
    unsigned gone = s->shown_aff[p];
    for (int i = 0; i < 2; i++)
        if (s->aff[p][i])
            gone &= ~BB_BIT(s->aff[p][i]);
    for (int k = CROWN_BB_T_ROSE, first = 1; k <= CROWN_BB_T_UNKNOWN; k++)
        if ((gone >> k) & 1) {
            crown_buf_puts(b, first ? "" : ", ");
            crown_buf_json_string(b, bb_token_txt[k]);
            first = 0;
        }
    crown_buf_putc(b, ']');
    json_bool(b, ", \"quill\": ", (s->quill >> p) & 1);
    crown_buf_puts(b, ", \"swords\": [");
    for (int col = 0, first = 1; col < 2; col++)
        if (s->sword[col] == p) {
            crown_buf_puts(b, first ? "\"" : ", \"");
            crown_buf_putc(b, (char)('A' + col));
            crown_buf_putc(b, '"');
            first = 0;
        }
    crown_buf_puts(b, "], \"shields\": [");
    for (int col = 0, first = 1; col < 2; col++)
        if ((s->shield[col] >> p) & 1) {
            crown_buf_puts(b, first ? "\"" : ", \"");
            crown_buf_putc(b, (char)('A' + col));
            crown_buf_putc(b, '"');
            first = 0;
        }
    crown_buf_putc(b, ']');
    json_bool(b, ", \"staff\": ", (s->staff >> p) & 1);
    json_bool(b, ", \"fan\": ", (s->fan >> p) & 1);
    crown_buf_puts(b, ", \"curse\": ");
    if (!((s->curse >> p) & 1))
        crown_buf_puts(b, "null");
    else if (sees_curses(cfg, s, viewer))
        crown_buf_puts(b, s->true_curse == p ? "\"true_curse\"" : "\"false_curse\"");
    else
        crown_buf_puts(b, "\"face_down\"");
    json_bool(b, ", \"captured\": ", s->phase == BB_P_OVER && s->captured == p);
    crown_buf_putc(b, '}');
}

void bb_observe_json(const void *config, const void *state, int viewer, crown_buf *b)
{
    const bb_config *cfg = config;
    const bb_state *s = state;
    int n = cfg->players, who = bb_current(cfg, s);
    crown_buf_puts(b, "{\"game\": \"blood_bound\", \"viewer\": ");
    crown_buf_json_viewer(b, viewer);
    crown_buf_printf(b, ", \"players\": %d", n);
    json_bool(b, ", \"inquisitor\": ", cfg->inquisitor);
    crown_buf_printf(b, ", \"false_curses\": %d,\n \"character\": ", cfg->false_curses);
    if (viewer >= 0 && s->character[viewer] != BB_NONE)
        crown_buf_putu(b, s->character[viewer]);
    else
        crown_buf_puts(b, "null");
    crown_buf_puts(b, ", \"right_clue\": ");
    int right = viewer >= 0 ? (viewer + n - 1) % n : -1;
    if (right >= 0 && s->character[right] != BB_NONE)
        crown_buf_printf(b, "{\"seat\": %d, \"clan\": \"%s\"}", right,
                         bb_clan_txt[bb_clue_of(s->character[right])]);
    else
        crown_buf_puts(b, "null");
    crown_buf_printf(b, ",\n \"phase\": \"%s\", \"to_move\": ", phase_name[s->phase]);
    if (who >= 0)
        crown_buf_putu(b, (unsigned)who);
    else
        crown_buf_puts(b, who == CROWN_CHANCE ? "\"chance\"" : "null");
    crown_buf_puts(b, ", \"dagger\": ");
    json_seat(b, s->dagger);
    crown_buf_printf(b, ", \"turns\": %lu,\n \"seats\": [\n", (unsigned long)s->turns);
    for (int p = 0; p < n; p++) {
        json_seat_entry(cfg, s, p, viewer, b);
        crown_buf_puts(b, p + 1 < n ? ",\n" : "\n ],\n");
    }
    crown_buf_puts(b, " \"attack\": ");
    if (s->attacker != BB_NONE) {
        crown_buf_printf(b, "{\"attacker\": %d, \"target\": %d, \"offered\": ", s->attacker,
                         s->target);
        json_seats(b, s->offers);
        crown_buf_puts(b, ", \"declined\": ");
        json_seats(b, s->declines);
        crown_buf_puts(b, ", \"wounded\": ");
        json_seat(b, s->wounded);
        crown_buf_puts(b, ", \"intervened\": ");
        crown_buf_puts(b, s->wounded == BB_NONE ? "null" : s->intervened ? "true" : "false");
        crown_buf_putc(b, '}');
    } else {
        crown_buf_puts(b, "null");
    }
    crown_buf_puts(b, ",\n \"ability_wounds\": ");
    if (s->phase == BB_P_TOKEN && s->cause == BB_C_ABILITY)
        crown_buf_printf(b, "{\"victim\": %d, \"wounds_left\": %d}", s->victim, s->wounds_left);
    else
        crown_buf_puts(b, "null");
    int sup[6];
    supply_counts(cfg, s, sup);
    crown_buf_printf(b,
                     ",\n \"supply\": {\"quill\": %d, \"sword\": %d, \"shield\": %d, \"fan\": %d, "
                     "\"staff\": %d, \"curse\": ",
                     sup[0], sup[1], sup[2], sup[3], sup[4]);
    if (cfg->inquisitor)
        crown_buf_putu(b, (unsigned)sup[5]);
    else
        crown_buf_puts(b, "null");
    crown_buf_puts(b, "},\n \"result\": ");
    if (s->phase != BB_P_OVER) {
        crown_buf_puts(b, "null");
    } else if (s->over == BB_END_MAX_TURNS) {
        crown_buf_puts(b, "{\"end\": \"turn_limit\", \"captured\": null, \"capturer\": null, "
                          "\"winners\": []}");
    } else {
        crown_buf_printf(b, "{\"end\": \"capture\", \"captured\": %d, \"capturer\": %d, "
                            "\"winners\": ",
                         s->captured, s->capturer);
        json_seats(b, s->winners);
        crown_buf_putc(b, '}');
    }
    crown_buf_puts(b, "}\n");
}
