/*
 * views.c - Game of Kingdoms: the structured views of a position, the
 * tensor and the JSON (the rules table's observe_tensor and observe_json;
 * docs/game-of-kingdoms.md describes both).
 */
#include "../core/rules.h"
#include "kingdoms.h"

/* The row of seat p in a tensor piece of `viewer` (the spectator: p). */
static int rel(const kd_config *c, int viewer, int p)
{
    return viewer >= 0 ? (p - viewer + c->players) % c->players : p;
}

static void tensor_cards(float *row, uint64_t set)
{
    for (; set; set &= set - 1)
        row[kd_lowest(set)] = 1.0f;
}

static void tensor_seat(float *row, const kd_config *c, int viewer, int p)
{
    if (p >= 0 && p < c->players)
        row[rel(c, viewer, p)] = 1.0f;
}

void kd_observe_tensor(const void *config, const void *state, int viewer, crown_tensor *t)
{
    const kd_config *c = config;
    const kd_state *s = state;
    size_t np = (size_t)c->players, nc = CROWN_KD_CARDS;
    int bout = s->phase >= KD_LEAD && s->phase <= KD_ASK;
    int who = kd_current(c, s);
    float *v;
    if ((v = crown_tensor_piece(t, "seat", np, 0, 0)) && viewer >= 0)
        v[viewer] = 1.0f;
    if ((v = crown_tensor_piece(t, "hand", nc, 0, 0)) && viewer >= 0)
        tensor_cards(v, s->hand[viewer]);
    if ((v = crown_tensor_piece(t, "known", np, nc, 0)))
        for (int p = 0; p < c->players; p++)
            tensor_cards(v + nc * (size_t)rel(c, viewer, p), s->known[p]);
    if ((v = crown_tensor_piece(t, "hand_size", np, 0, 0)))
        for (int p = 0; p < c->players; p++)
            v[rel(c, viewer, p)] = (float)kd_popcount(s->hand[p]);
    if ((v = crown_tensor_piece(t, "trump", nc, 0, 0)) && s->trump != KD_NONE)
        v[s->trump] = 1.0f;
    if ((v = crown_tensor_piece(t, "trump_colour", 4, 0, 0)) && s->trump != KD_NONE)
        v[CROWN_KD_COLOUR(s->trump)] = 1.0f;
    if ((v = crown_tensor_piece(t, "trump_in_pile", 1, 0, 0)))
        v[0] = (float)s->trump_in_pile;
    if ((v = crown_tensor_piece(t, "trump_drawer", np, 0, 0)) && s->trump != KD_NONE &&
        !s->trump_in_pile)
        tensor_seat(v, c, viewer, s->trump_drawer);
    if ((v = crown_tensor_piece(t, "dealt", 1, 0, 0)) && s->trump == KD_NONE)
        v[0] = (float)s->dealt;
    if ((v = crown_tensor_piece(t, "lowest_trump_seat", np, 0, 0)) && s->trump != KD_NONE)
        tensor_seat(v, c, viewer, s->reveal_seat);
    if ((v = crown_tensor_piece(t, "lowest_trump_card", nc, 0, 0)) && s->trump != KD_NONE &&
        s->reveal_seat != KD_NONE)
        v[s->reveal_card] = 1.0f;
    if ((v = crown_tensor_piece(t, "nobody_held_trump", 1, 0, 0)))
        v[0] = s->trump != KD_NONE && s->reveal_seat == KD_NONE &&
               (s->games_done == 0 || !c->later_left);
    if ((v = crown_tensor_piece(t, "pile", 1, 0, 0)))
        v[0] = (float)(kd_popcount(s->pile) + s->trump_in_pile);
    if ((v = crown_tensor_piece(t, "discards", nc, 0, 0)))
        tensor_cards(v, s->discards);
    if ((v = crown_tensor_piece(t, "attack", KD_MAX_ATTACK, nc, 0)) && bout)
        for (int i = 0; i < s->natt; i++)
            v[nc * (size_t)i + s->att[i]] = 1.0f;
    if ((v = crown_tensor_piece(t, "defence", KD_MAX_ATTACK, nc, 0)) && bout)
        for (int i = 0; i < s->natt; i++)
            if (s->def[i] != KD_NONE)
                v[nc * (size_t)i + s->def[i]] = 1.0f;
    if ((v = crown_tensor_piece(t, "attack_owner", KD_MAX_ATTACK, np, 0)) && bout)
        for (int i = 0; i < s->natt; i++)
            tensor_seat(v + np * (size_t)i, c, viewer, s->owner[i]);
    if ((v = crown_tensor_piece(t, "attacker", np, 0, 0)) && bout)
        tensor_seat(v, c, viewer, s->attacker);
    if ((v = crown_tensor_piece(t, "defender", np, 0, 0)) && bout)
        tensor_seat(v, c, viewer, s->defender);
    if ((v = crown_tensor_piece(t, "limit", 1, 0, 0)) && bout)
        v[0] = (float)s->limit;
    if ((v = crown_tensor_piece(t, "taken", 1, 0, 0)) && bout)
        v[0] = (float)s->taken;
    if ((v = crown_tensor_piece(t, "passed", np, 0, 0)) && bout)
        for (int p = 0; p < c->players; p++)
            if (s->passed >> p & 1)
                v[rel(c, viewer, p)] = 1.0f;
    if ((v = crown_tensor_piece(t, "phase", KD_OVER + 1, 0, 0)))
        v[s->phase] = 1.0f;
    if ((v = crown_tensor_piece(t, "current", np, 0, 0)) && who >= 0)
        tensor_seat(v, c, viewer, who);
    if ((v = crown_tensor_piece(t, "dealer", np, 0, 0)) && s->phase != KD_OVER)
        tensor_seat(v, c, viewer, s->dealer);
    if ((v = crown_tensor_piece(t, "games_done", 1, 0, 0)))
        v[0] = (float)s->games_done;
    if ((v = crown_tensor_piece(t, "losses", np, 0, 0)))
        for (int p = 0; p < c->players; p++)
            v[rel(c, viewer, p)] = (float)s->losses[p];
    if ((v = crown_tensor_piece(t, "draws", 1, 0, 0)))
        v[0] = (float)s->draws;
    if ((v = crown_tensor_piece(t, "last_game_drawn", 1, 0, 0)))
        v[0] = s->games_done && s->last_loser == KD_NONE;
    if ((v = crown_tensor_piece(t, "last_loser", np, 0, 0)) && s->games_done)
        tensor_seat(v, c, viewer, s->last_loser);
    if ((v = crown_tensor_piece(t, "last_game_end", 3, 0, 0)) && s->games_done)
        v[s->last_end] = 1.0f;
}

/* The JSON's names of enum kd_end. */
static const char *const end_txt[] = {"loser", "nobody_left", "max_bouts"};

void kd_json_cards(crown_buf *b, uint64_t set)
{
    crown_buf_putc(b, '[');
    for (int first = 1; set; set &= set - 1, first = 0) {
        if (!first)
            crown_buf_puts(b, ", ");
        crown_buf_putu(b, (unsigned)kd_lowest(set));
    }
    crown_buf_putc(b, ']');
}

/* A seat or a card, or null for KD_NONE. */
static void json_or_null(crown_buf *b, int p)
{
    if (p == KD_NONE)
        crown_buf_puts(b, "null");
    else
        crown_buf_putu(b, (unsigned)p);
}

void kd_observe_json(const void *config, const void *state, int viewer, crown_buf *b)
{
    static const char *const phase_name[] = {"deal", "trump", "lead", "defend",
                                             "ask", "refill", "over"};
    const kd_config *c = config;
    const kd_state *s = state;
    crown_buf_puts(b, "{\"game\": \"game_of_kingdoms\", \"viewer\": ");
    crown_buf_json_viewer(b, viewer);
    crown_buf_printf(b, ", \"players\": %d, \"variant\": \"%s\", \"games\": %d", c->players,
                     c->ruthless ? "ruthless" : "basic", c->games);
    crown_buf_printf(b, ",\n \"games_done\": %d, \"dealer\": ", s->games_done);
    json_or_null(b, s->phase == KD_OVER ? KD_NONE : s->dealer);
    crown_buf_printf(b, ", \"phase\": \"%s\", \"to_move\": ", phase_name[s->phase]);
    int who = kd_current(c, s);
    if (who >= 0)
        crown_buf_putu(b, (unsigned)who);
    else
        crown_buf_puts(b, who == CROWN_CHANCE ? "\"chance\"" : "null");
    crown_buf_puts(b, ",\n \"trump\": ");
    if (s->trump == KD_NONE) {
        crown_buf_printf(b, "null, \"dealt\": %d, \"trump_in_pile\": false, \"trump_drawer\": "
                            "null, \"lowest_trump\": null, \"nobody_held_trump\": false",
                         s->dealt);
    } else {
        crown_buf_printf(b, "%d, \"dealt\": null, \"trump_in_pile\": %s, \"trump_drawer\": ",
                         s->trump, s->trump_in_pile ? "true" : "false");
        json_or_null(b, s->trump_in_pile ? KD_NONE : s->trump_drawer);
        crown_buf_puts(b, ", \"lowest_trump\": ");
        if (s->reveal_seat != KD_NONE)
            crown_buf_printf(b, "{\"seat\": %d, \"card\": %d}", s->reveal_seat, s->reveal_card);
        else
            crown_buf_puts(b, "null");
        crown_buf_printf(b, ", \"nobody_held_trump\": %s",
                         s->reveal_seat == KD_NONE && (s->games_done == 0 || !c->later_left)
                             ? "true"
                             : "false");
    }
    crown_buf_printf(b, ",\n \"pile\": %d, \"pile_cards\": ",
                     kd_popcount(s->pile) + s->trump_in_pile);
    if (viewer == CROWN_OMNISCIENT)
        kd_json_cards(b, s->pile);
    else
        crown_buf_puts(b, "null");
    crown_buf_puts(b, ", \"discards\": ");
    kd_json_cards(b, s->discards);
    crown_buf_puts(b, ",\n \"seats\": [");
    for (int p = 0; p < c->players; p++) {
        crown_buf_printf(b, "%s\n  {\"seat\": %d, \"cards\": %d, \"hand\": ", p ? "," : "", p,
                         kd_popcount(s->hand[p]));
        if (viewer == p || viewer == CROWN_OMNISCIENT)
            kd_json_cards(b, s->hand[p]);
        else
            crown_buf_puts(b, "null");
        crown_buf_puts(b, ", \"known\": ");
        kd_json_cards(b, s->known[p]);
        crown_buf_printf(b, ", \"losses\": %d}", s->losses[p]);
    }
    crown_buf_puts(b, "],\n \"bout\": ");
    if (s->phase >= KD_LEAD && s->phase <= KD_ASK) {
        crown_buf_printf(b, "{\"attacker\": %d, \"defender\": %d, \"limit\": %d, \"taken\": %s, "
                            "\"table\": [",
                         s->attacker, s->defender, s->limit, s->taken ? "true" : "false");
        for (int i = 0; i < s->natt; i++) {
            crown_buf_printf(b, "%s{\"card\": %d, \"by\": %d, \"beaten_by\": ", i ? ", " : "",
                             s->att[i], s->owner[i]);
            json_or_null(b, s->def[i]);
            crown_buf_putc(b, '}');
        }
        crown_buf_puts(b, "], \"passed\": [");
        for (int p = 0, first = 1; p < c->players; p++)
            if (s->passed >> p & 1) {
                crown_buf_printf(b, "%s%d", first ? "" : ", ", p);
                first = 0;
            }
        crown_buf_puts(b, "]}");
    } else {
        crown_buf_puts(b, "null");
    }
    crown_buf_printf(b, ",\n \"draws\": %d, \"last_loser\": ", s->draws);
    json_or_null(b, s->games_done ? s->last_loser : KD_NONE);
    crown_buf_printf(b, ", \"last_game_drawn\": %s, \"last_game_end\": ",
                     s->games_done && s->last_loser == KD_NONE ? "true" : "false");
    if (s->games_done)
        crown_buf_printf(b, "\"%s\"}\n", end_txt[s->last_end]);
    else
        crown_buf_puts(b, "null}\n");
}
