/*
 * test_core.c - the core's own branches, on a toy game plugged in behind
 * the rules table as any game is (the core knows nothing of its insides):
 * - weighted chance nodes without an elementary-event hook (no real game
 *   has one today): the handle's draws, chance_outcomes and playouts follow
 *   the weights;
 * - a game too long for a saved game is refused by crown_serialize (too
 *   many moves, or a text over 256 MiB);
 * - text option values that do not fit the options pool (a toy table);
 * - a game whose hooks break their contract makes the core report
 *   CROWN_EINTERNAL with a message, never crash: a state with no legal move
 *   in a playout, a legal move without an action index, a determinization
 *   that does not replay.
 *
 * The toy: three rounds; each starts at a chance node (a die of faces 0, 1,
 * 2 weighted 1:2:5), then the one player picks 0 or 1; the return is the
 * sum of faces and picks.  Option `faults` (a bitmask) breaks a hook.
 */
#include "common.h"

#include "core/core.h"

enum { FAULT_NO_MOVES = 1, FAULT_NO_INDEX = 2, FAULT_BAD_RESAMPLE = 4, FAULT_HUGE_TEXT = 8 };

typedef struct toy_config {
    int faults;
} toy_config;

typedef struct toy_state {
    int round, rolled, total;
} toy_state;

static const crown_option_spec toy_options[] = {
    {.name = "faults", .kind = CROWN_OPT_INT, .min = 0, .max = 15, .def = 0,
     .help = "broken hooks (a bitmask)"},
};

static int toy_configure(void *config, crown_optvals *vals, crown_err *err)
{
    (void)err;
    ((toy_config *)config)->faults = (int)vals->v[0];
    return CROWN_OK;
}

static int toy_players(const void *config)
{
    (void)config;
    return 1;
}

static void toy_init(const void *config, void *state)
{
    (void)config;
    memset(state, 0, sizeof(toy_state));
}

static int toy_current(const void *config, const void *state)
{
    const toy_state *s = state;
    (void)config;
    if (s->round == 3)
        return CROWN_TERMINAL;
    return s->rolled ? 0 : CROWN_CHANCE;
}

static size_t toy_legal(const void *config, const void *state, crown_move *out)
{
    const toy_config *c = config;
    const toy_state *s = state;
    if (s->round == 3)
        return 0;
    if (!s->rolled) {
        for (int i = 0; i < 3; i++)
            out[i] = (crown_move)(10 + i);
        return 3;
    }
    if ((c->faults & FAULT_NO_MOVES) && s->round == 1)
        return 0; /* broken: a decision without a move */
    out[0] = 0;
    out[1] = 1;
    return 2;
}

static void toy_weights(const void *config, const void *state, uint32_t *w)
{
    (void)config;
    (void)state;
    w[0] = 1;
    w[1] = 2;
    w[2] = 5;
}

static void toy_apply(const void *config, void *state, crown_move m)
{
    toy_state *s = state;
    (void)config;
    if (m >= 10) {
        s->total += (int)m - 10;
        s->rolled = 1;
    } else {
        s->total += (int)m;
        s->rolled = 0;
        s->round++;
    }
}

static size_t toy_action_count(const void *config)
{
    (void)config;
    return 2;
}

static long toy_action_index(const void *config, crown_move m)
{
    const toy_config *c = config;
    if (m == 1 && (c->faults & FAULT_NO_INDEX))
        return -1; /* broken: a legal move without an index */
    return m <= 1 ? (long)m : -1;
}

static crown_move toy_action_move(const void *config, size_t i)
{
    (void)config;
    return (crown_move)i;
}

static void toy_move_json(const void *config, crown_move m, crown_buf *b)
{
    (void)config;
    crown_buf_printf(b, "{\"kind\":\"pick\",\"value\":%d}", (int)m);
}

static void toy_move_text(const void *config, const void *state, crown_move m, crown_buf *b)
{
    const toy_config *c = config;
    (void)state;
    crown_buf_printf(b, m >= 10 ? "roll %d" : "pick %d", m >= 10 ? (int)m - 10 : (int)m);
    if (c->faults & FAULT_HUGE_TEXT) { /* broken: 48 MiB of text a move */
        char block[1 << 16];
        memset(block, ' ', sizeof block - 1);
        block[sizeof block - 1] = '\0';
        for (int i = 0; i < 768; i++)
            crown_buf_puts(b, block);
    }
}

static int toy_move_canon(const void *config, const char *text, crown_buf *out)
{
    (void)config;
    if ((strncmp(text, "roll ", 5) == 0 || strncmp(text, "pick ", 5) == 0) && text[5] >= '0' &&
        text[5] <= '2' && text[6] == '\0') {
        crown_buf_puts(out, text);
        return 0;
    }
    return -1;
}

static void toy_observe(const void *config, const void *state, int viewer, crown_buf *b)
{
    const toy_state *s = state;
    (void)config;
    (void)viewer;
    crown_buf_printf(b, "round %d total %d\n", s->round, s->total);
}

static void toy_observe_tensor(const void *config, const void *state, int viewer,
                               crown_tensor *t)
{
    const toy_state *s = state;
    (void)config;
    (void)viewer;
    float *v = crown_tensor_piece(t, "total", 1, 0, 0);
    if (v)
        v[0] = (float)s->total;
}

static void toy_observe_json(const void *config, const void *state, int viewer, crown_buf *b)
{
    const toy_state *s = state;
    (void)config;
    (void)viewer;
    crown_buf_printf(b, "{\"round\":%d,\"total\":%d}", s->round, s->total);
}

static void toy_returns(const void *config, const void *state, double *out)
{
    const toy_state *s = state;
    (void)config;
    out[0] = s->round == 3 ? s->total : 0;
}

static int toy_resample(const void *config, const crown_move *hist, size_t n, int viewer,
                        crown_rng *rng, crown_move *out, void *scratch)
{
    const toy_config *c = config;
    (void)viewer;
    (void)rng;
    (void)scratch;
    for (size_t i = 0; i < n; i++)
        out[i] = hist[i];
    if ((c->faults & FAULT_BAD_RESAMPLE) && n > 0)
        out[n - 1] = 99; /* broken: no such move */
    return CROWN_OK;
}

static const crown_rules toy_rules = {
    .name = "toy",
    .summary = "a die and a pick, three rounds",
    .options = toy_options,
    .noptions = 1,
    .config_size = sizeof(toy_config),
    .state_size = sizeof(toy_state),
    .max_moves = 3,
    .configure = toy_configure,
    .num_players = toy_players,
    .init = toy_init,
    .current = toy_current,
    .legal = toy_legal,
    .chance_weights = toy_weights,
    .apply = toy_apply,
    .action_count = toy_action_count,
    .action_index = toy_action_index,
    .action_move = toy_action_move,
    .move_json = toy_move_json,
    .move_text = toy_move_text,
    .move_canon = toy_move_canon,
    .notation = "roll 2, pick 1",
    .observe = toy_observe,
    .observe_tensor = toy_observe_tensor,
    .observe_json = toy_observe_json,
    .returns = toy_returns,
    .scores = toy_returns,
    .resample = toy_resample,
};

static crown_game *toy(const char *options, uint64_t seed)
{
    crown_optvals vals;
    crown_err err = {{0}};
    int explicit_chance;
    crown_game *g = NULL;
    ck_assert_int_eq(crown_parse_options(&toy_rules, options, &vals, &explicit_chance, &err),
                     CROWN_OK);
    ck_assert_int_eq(crown_game_create(&g, &toy_rules, &vals, explicit_chance, seed, &err),
                     CROWN_OK);
    ck_assert_int_eq(crown_game_settle(g, &err), CROWN_OK);
    return g;
}

START_TEST(weighted_chance_follows_the_weights)
{
    /* The handle's own draws: the first roll over many seeds. */
    int seen[3] = {0};
    for (uint64_t seed = 0; seed < 4000; seed++) {
        crown_game *g = toy("", seed);
        crown_move h[8];
        size_t n;
        OK(crown_history(g, h, 8, &n));
        ck_assert_uint_eq(n, 1);
        seen[h[0] - 10]++;
        crown_free(g);
    }
    /* 1:2:5 of 4000 is 500, 1000, 2500; allow five standard deviations. */
    ck_assert_int_lt(abs(seen[0] - 500), 5 * 21);
    ck_assert_int_lt(abs(seen[1] - 1000), 5 * 28);
    ck_assert_int_lt(abs(seen[2] - 2500), 5 * 31);

    /* The outcomes' probabilities at an explicit chance node. */
    crown_game *e = toy("chance=explicit", 1);
    crown_move m[3];
    double p[3];
    size_t n;
    OK(crown_chance_outcomes(e, m, p, 3, &n));
    ck_assert_uint_eq(n, 3);
    ck_assert_double_eq_tol(p[0], 1.0 / 8, 1e-12);
    ck_assert_double_eq_tol(p[1], 2.0 / 8, 1e-12);
    ck_assert_double_eq_tol(p[2], 5.0 / 8, 1e-12);

    /* Playouts draw with the weights: the mean die is (0*1+1*2+2*5)/8 a
     * round; three rounds with picks of 1/2 on average: 4.5 + 1.5. */
    double mean[1];
    OK(crown_playouts(e, 3, 20000, mean, 1, &n));
    ck_assert_double_eq_tol(mean[0], 3 * 1.5 + 3 * 0.5, 0.05);
    crown_free(e);
}
END_TEST

/* A playout as crown_playout documents its draws: the generator seeded from
 * (seed, the "playout" stream), one crown_rng_below per chance node (the
 * k-th of the game's outcomes, or by the weights of the listed ones) and per
 * decision (the k-th legal move), in that order.  crown_playout must give
 * what this gives: a faster playout may not change a playout's game. */
static void reference_playout(crown_game *g, uint64_t seed, double *out)
{
    const crown_rules *r = g->rules;
    unsigned char *s = malloc(r->state_size);
    crown_move *moves = malloc(r->max_moves * sizeof *moves);
    uint32_t *w = malloc(r->max_moves * sizeof *w);
    ck_assert(s && moves && w);
    crown_rng rng;
    crown_rng_seed(&rng, seed, 0x706c61796f7574ULL);
    memcpy(s, g->state, r->state_size);
    for (;;) {
        int who = r->current(g->config, s);
        if (who == CROWN_TERMINAL)
            break;
        if (who == CROWN_CHANCE && r->chance_nth) {
            size_t n = r->chance_count(g->config, s);
            r->apply(g->config, s, r->chance_nth(g->config, s, crown_rng_below(&rng, n)));
            continue;
        }
        size_t n = r->legal(g->config, s, moves), k = 0;
        ck_assert_uint_gt(n, 0);
        if (who == CROWN_CHANCE && r->chance_weights) {
            r->chance_weights(g->config, s, w);
            uint64_t total = 0;
            for (size_t i = 0; i < n; i++)
                total += w[i];
            uint64_t x = crown_rng_below(&rng, total);
            for (; k + 1 < n && x >= w[k]; k++)
                x -= w[k];
        } else {
            k = (size_t)crown_rng_below(&rng, n);
        }
        r->apply(g->config, s, moves[k]);
    }
    r->returns(g->config, s, out);
    free(s);
    free(moves);
    free(w);
}

/* Custom decks of King's Blood whose list is sorted after it is written:
 * identical Characters (named by place), and copies of a face apart in
 * the deck (the faces' order is not the cards'). */
#define KB_TWINS                                                                                \
    "players=2,deck=B3m B3m new-connection Y9m Y8m Y7m G1m G2m B3m R3f R3f G3m Y3m B1m B2m "   \
    "R1f R2f assassination exile"
#define KB_APART                                                                                \
    "players=3,advanced=on,deck=exile B1m B2f assassination G3m Y4f B5m R6f G7m Y8f B9m R1f "  \
    "exile G2m Y3f assassination B4m R5f new-connection G6m Y7f B8m R9f enthronement G1f Y2m " \
    "B3f R4m new-connection enthronement G5f"

/* crown_playout against reference_playout at every position of a random
 * game of g (which it plays to its end), for a few seeds each. */
static long check_playouts_along(crown_game *g, uint64_t seed)
{
    long checked = 0;
    size_t max = g->rules->max_moves, n;
    crown_move *moves = malloc(max * sizeof *moves);
    ck_assert_ptr_nonnull(moves);
    for (int step = 0;; step++) {
        for (uint64_t k = 0; k < 3; k++) {
            double want[64], got[64];
            reference_playout(g, seed * 1000 + (uint64_t)step * 3 + k, want);
            OK(crown_playout(g, seed * 1000 + (uint64_t)step * 3 + k, got, 64, &n));
            for (size_t p = 0; p < n; p++)
                ck_assert_msg(want[p] == got[p], "%s, seed %llu, step %d: seat %zu has %g, not %g",
                              g->rules->name, (unsigned long long)seed, step, p, got[p], want[p]);
            checked++;
        }
        int who;
        OK(crown_current_player(g, &who));
        if (who == CROWN_TERMINAL)
            break;
        OK(crown_legal_moves(g, moves, max, &n));
        OK(crown_apply(g, moves[(seed + (uint64_t)step * 7) % n]));
    }
    free(moves);
    return checked;
}

START_TEST(playouts_draw_as_documented)
{
    static const char *const sets[][2] = {
        {"game_of_kingdoms", "players=3,variant=ruthless"},
        {"game_of_kingdoms", "players=4,chance=explicit"},
        {"kings_family", ""},
        {"kings_blood", "players=4,advanced=on"},
        {"kings_blood", "players=3,chance=explicit"},
        {"kings_blood", "players=2"},
        {"kings_blood", "players=6,advanced=on"},
        {"kings_blood", "players=3,match=on,target=40"},
        {"kings_blood", KB_TWINS},
        {"blood_bound", "players=9"},
        {"blood_bound", "players=11"},
    };
    long checked = 0;
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            crown_game *g;
            OK(crown_new(&g, sets[i][0], sets[i][1], seed));
            checked += check_playouts_along(g, seed);
            crown_free(g);
        }
    /* The toy game draws its chance by the weights of the listed outcomes. */
    crown_game *t = toy("", 5);
    checked += check_playouts_along(t, 5);
    crown_free(t);
    ck_assert_int_gt(checked, 1000);
}
END_TEST

/* The move drawn without the list (legal_pick, which a playout draws
 * with): at every decision of `games` random games of g's configuration,
 * asked for each place k in turn, it counts the list's length and gives
 * the list's k-th move.  Returns the decisions checked. */
static long check_legal_pick_along(crown_game *g, uint64_t seed, int games)
{
    const crown_rules *r = g->rules;
    unsigned char *s = malloc(r->state_size);
    crown_move *moves = malloc(r->max_moves * sizeof *moves);
    crown_move *list = malloc(r->max_moves * sizeof *list);
    ck_assert(s && moves && list);
    trng rng = {seed};
    long checked = 0;
    for (int i = 0; i < games; i++) {
        memcpy(s, g->state, r->state_size);
        for (;;) {
            int who = r->current(g->config, s);
            if (who == CROWN_TERMINAL)
                break;
            size_t n = r->legal(g->config, s, moves);
            ck_assert_uint_gt(n, 0);
            if (who != CROWN_CHANCE) {
                for (size_t k = 0; k < n; k++) {
                    crown_pick pick = {NULL, 0, k, 0, list};
                    crown_move m = r->legal_pick(g->config, s, &pick);
                    ck_assert_uint_eq(pick.n, n);
                    ck_assert_msg(m == moves[k], "%s, game %d: move %zu of %zu is %ld, not %ld",
                                  r->name, i, k, n, (long)m, (long)moves[k]);
                }
                checked++;
            }
            r->apply(g->config, s, moves[trng_below(&rng, n)]);
        }
    }
    free(s);
    free(moves);
    free(list);
    return checked;
}

START_TEST(legal_pick_is_the_listed_move)
{
    static const char *const sets[][2] = {
        {"blood_bound", "players=6"},  {"blood_bound", "players=7"},  {"blood_bound", "players=8"},
        {"blood_bound", "players=9"},  {"blood_bound", "players=10"}, {"blood_bound", "players=11"},
        {"blood_bound", "players=12"},
    };
    long checked = 0;
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        crown_game *g;
        OK(crown_new(&g, sets[i][0], sets[i][1], i + 1));
        ck_assert_ptr_nonnull(g->rules->legal_pick);
        checked += check_legal_pick_along(g, i + 1, 300);
        crown_free(g);
    }
    ck_assert_int_gt(checked, 100000);
}
END_TEST

START_TEST(kings_blood_legal_pick_is_the_listed_move)
{
    /* Every number of players with and without the advanced rules, matches
     * (a decision between games), and the custom decks whose list is
     * sorted. */
    static const struct {
        const char *options;
        int games;
    } sets[] = {
        {"players=2", 300},
        {"players=3", 200},
        {"players=4", 200},
        {"players=5", 150},
        {"players=6", 150},
        {"players=2,advanced=on", 300},
        {"players=3,advanced=on", 200},
        {"players=4,advanced=on", 200},
        {"players=5,advanced=on", 150},
        {"players=6,advanced=on", 150},
        {"players=3,match=on,target=60", 20},
        {"players=4,match=on,advanced=on,scoring=B,target=30", 20},
        {"players=2,two_player_reverse=skip,match=on,target=40", 20},
        {KB_TWINS, 200},
        {KB_APART, 100},
    };
    long checked = 0;
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        crown_game *g;
        OK(crown_new(&g, "kings_blood", sets[i].options, i + 1));
        ck_assert_ptr_nonnull(g->rules->legal_pick);
        checked += check_legal_pick_along(g, i + 1, sets[i].games);
        crown_free(g);
    }
    ck_assert_int_gt(checked, 100000);
}
END_TEST

START_TEST(a_state_without_moves_is_an_internal_error)
{
    crown_game *g = toy("faults=1", 2);
    char *before = serialize(g);
    double r[1];
    size_t n;
    ck_assert_int_eq(crown_playout(g, 1, r, 1, &n), CROWN_EINTERNAL);
    ck_assert_str_eq(crown_last_error(g), "internal error: a state with no legal move");
    ck_assert_int_eq(crown_playouts(g, 1, 10, r, 1, &n), CROWN_EINTERNAL);
    char *after = serialize(g);
    ck_assert_str_eq(before, after);
    free(before);
    free(after);
    crown_free(g);
}
END_TEST

START_TEST(a_move_without_an_index_is_an_internal_error)
{
    crown_game *g = toy("faults=2", 2);
    uint8_t mask[2] = {7, 7};
    size_t n;
    ck_assert_int_eq(crown_legal_mask(g, mask, 2, &n), CROWN_EINTERNAL);
    ck_assert_str_eq(crown_last_error(g), "internal error: legal move 1 has no index");
    ck_assert_int_eq(mask[0], 0); /* (the mask is cleared, never half written) */
    ck_assert_int_eq(mask[1], 0);
    crown_free(g);
}
END_TEST

START_TEST(a_determinization_that_does_not_replay_is_an_internal_error)
{
    crown_game *g = toy("faults=4", 2);
    crown_game *r = (crown_game *)(uintptr_t)1;
    ck_assert_int_eq(crown_resample(g, 0, 5, &r), CROWN_EINTERNAL);
    ck_assert_ptr_null(r);
    ck_assert_msg(strstr(crown_last_error(g), "resampled history does not replay: move 1:") != NULL,
                  "%s", crown_last_error(g));
    crown_free(g);
}
END_TEST

/* A game longer than a saved game may hold is refused by crown_serialize,
 * not written as a text that would not load.  (The history's length is
 * set by hand: playing ten million moves takes minutes.) */
START_TEST(a_game_too_long_to_load_is_not_saved)
{
    crown_game *g = new_game("game_of_kingdoms", "players=2", 1);
    size_t n = g->n;
    g->n = 10000001;
    char buf[64] = "x";
    size_t len = 0;
    ck_assert_int_eq(crown_serialize(g, buf, sizeof buf, &len), CROWN_ESTATE);
    ck_assert_str_eq(buf, "");
    ck_assert_str_eq(crown_last_error(g),
                     "the game has 10000001 moves; a saved game holds at most 10000000");
    g->n = n;
    char *text = serialize(g);
    free(text);
    crown_free(g);
}
END_TEST

/* A game whose saved text would be longer than a load reads (256 MiB) is
 * refused by crown_serialize, even with fewer moves than the bound on
 * moves: here six moves of 48 MiB of text each. */
START_TEST(a_text_too_long_to_load_is_not_saved)
{
    crown_game *g = toy("faults=8", 1);
    crown_move m[4];
    size_t n;
    int over = 0;
    while (!over) {
        ck_assert_int_eq(crown_legal_moves(g, m, 4, &n), CROWN_OK);
        ck_assert_int_eq(crown_apply(g, m[0]), CROWN_OK);
        ck_assert_int_eq(crown_is_terminal(g, &over), CROWN_OK);
    }
    char buf[64] = "x";
    size_t len = 0;
    ck_assert_int_eq(crown_serialize(g, buf, sizeof buf, &len), CROWN_ESTATE);
    ck_assert_str_eq(buf, "");
    ck_assert_int_eq(crown_serialize(g, NULL, 0, &len), CROWN_ESTATE);
    char expect[128], game[64];
    ck_assert_int_eq(crown_game_string(g, game, sizeof game, &len), CROWN_OK);
    size_t total = strlen("crown-save 1\ngame \nseed 1\nmoves 6\nend\n") + len +
                   6 * (strlen("pick 0\n") + 768 * ((1u << 16) - 1));
    snprintf(expect, sizeof expect, "the saved game would take %zu bytes; at most 268435456 are read",
             total);
    ck_assert_str_eq(crown_last_error(g), expect);
    crown_free(g);
}
END_TEST

/* Text options share one pool (4608 bytes) in the parsed values: a value
 * that does not fit beside the others, wherever it comes in the table, is
 * refused with the option's name, and so is a game whose default text does
 * not fit.  (No game's texts come near it: the options text is at most
 * 4096 bytes; here a toy table has a 4000-byte default.) */
START_TEST(text_options_that_do_not_fit_are_refused)
{
    char big[4001], value[1100], text[1200];
    memset(big, 'b', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    memset(value, 'v', sizeof value - 1);
    value[sizeof value - 1] = '\0';
    crown_option_spec specs[3] = {
        {.name = "first", .kind = CROWN_OPT_TEXT, .def_text = "", .help = "a text"},
        {.name = "big", .kind = CROWN_OPT_TEXT, .def_text = big, .help = "a long text"},
        {.name = "last", .kind = CROWN_OPT_TEXT, .def_text = "", .help = "a text"},
    };
    crown_rules rules = {.name = "texts", .options = specs, .noptions = 3};
    crown_optvals vals;
    crown_err err = {{0}};
    int explicit_chance;

    ck_assert_int_eq(crown_parse_options(&rules, "first=abc,last=xyz", &vals, &explicit_chance,
                                         &err),
                     CROWN_OK);
    ck_assert_str_eq(crown_opt_text(&vals, 0), "abc");
    ck_assert_str_eq(crown_opt_text(&vals, 1), big);
    ck_assert_str_eq(crown_opt_text(&vals, 2), "xyz");

    /* The new value comes before the long one in the table, then after it. */
    snprintf(text, sizeof text, "first=%s", value);
    ck_assert_int_eq(crown_parse_options(&rules, text, &vals, &explicit_chance, &err),
                     CROWN_EOPTION);
    ck_assert_str_eq(err.msg, "option first: the value is too long");
    snprintf(text, sizeof text, "last=%s", value);
    ck_assert_int_eq(crown_parse_options(&rules, text, &vals, &explicit_chance, &err),
                     CROWN_EOPTION);
    ck_assert_str_eq(err.msg, "option last: the value is too long");

    /* A default that does not fit at all. */
    char huge[5000];
    memset(huge, 'h', sizeof huge - 1);
    huge[sizeof huge - 1] = '\0';
    specs[1].def_text = huge;
    ck_assert_int_eq(crown_parse_options(&rules, "", &vals, &explicit_chance, &err),
                     CROWN_EOPTION);
    ck_assert_str_eq(err.msg, "option big: default too long");
}
END_TEST

/* A game without notation examples says only that no legal move reads
 * the text. */
START_TEST(a_game_without_notation_examples_says_so)
{
    crown_rules plain = toy_rules;
    plain.notation = NULL;
    crown_optvals vals;
    crown_err err = {{0}};
    int explicit_chance;
    crown_game *g = NULL;
    OK(crown_parse_options(&plain, "", &vals, &explicit_chance, &err));
    OK(crown_game_create(&g, &plain, &vals, explicit_chance, 1, &err));
    OK(crown_game_settle(g, &err));
    crown_move m;
    ck_assert_int_eq(crown_move_from_text(g, "wibble", &m), CROWN_EPARSE);
    ck_assert_str_eq(crown_last_error(g), "no legal move reads 'wibble'");
    OK(crown_move_from_text(g, "pick 1", &m));
    ck_assert_int_eq(m, 1);
    crown_free(g);
}
END_TEST

/* ---- a game's own run of draws (chance_run) ---------------------------- */

/* A game of `r` (a real game's table, or a copy without chance_run) with
 * these options and seed, its chance=auto draws settled. */
static crown_game *made_with(const crown_rules *r, const char *options, uint64_t seed)
{
    crown_optvals vals;
    crown_err err = {{0}};
    int explicit_chance;
    crown_game *g = NULL;
    OK(crown_parse_options(r, options, &vals, &explicit_chance, &err));
    OK(crown_game_create(&g, r, &vals, explicit_chance, seed, &err));
    OK(crown_game_settle(g, &err));
    return g;
}

/* The same game: the state byte for byte, the history (moves, flags, chance
 * count) and the saved text. */
static void same_game(crown_game *a, crown_game *b, const char *what, int step)
{
    ck_assert_msg(a->n == b->n && a->nchance == b->nchance,
                  "%s, step %d: %zu entries (%zu chance), not %zu (%zu)", what, step, a->n,
                  a->nchance, b->n, b->nchance);
    for (size_t i = 0; i < a->n; i++)
        ck_assert_msg(crown_entry_move(a, i) == crown_entry_move(b, i) &&
                          crown_entry_flags(a, i) == crown_entry_flags(b, i),
                      "%s, step %d: entry %zu is %ld (flags %u), not %ld (%u)", what, step, i,
                      (long)crown_entry_move(a, i), crown_entry_flags(a, i),
                      (long)crown_entry_move(b, i), crown_entry_flags(b, i));
    ck_assert_msg(memcmp(a->state, b->state, a->rules->state_size) == 0,
                  "%s, step %d: the states differ", what, step);
    char *sa = serialize(a), *sb = serialize(b);
    ck_assert_str_eq(sa, sb);
    free(sa);
    free(sb);
}

/* Games of `name` made with its chance_run and without it (the handle
 * drawing every chance node itself) are the same game: dealt, then along a
 * random game (with undos), then started again with another seed; and the
 * deal is the one a chance=explicit game of the same seed is given move by
 * move. */
static void run_draws_as_the_handle(const char *name, const char *options, uint64_t seed)
{
    const crown_rules *real = crown_find_rules(name);
    ck_assert_ptr_nonnull(real->chance_run);
    crown_rules plain = *real;
    plain.chance_run = NULL;
    char what[1024];
    snprintf(what, sizeof what, "%s %s, seed %llu", name, options, (unsigned long long)seed);
    crown_game *a = made_with(real, options, seed), *b = made_with(&plain, options, seed);
    same_game(a, b, what, 0);

    char explicit_options[1024];
    snprintf(explicit_options, sizeof explicit_options, "%s%schance=explicit", options,
             *options ? "," : "");
    crown_game *e = made_with(real, explicit_options, seed);
    for (size_t i = 0; i < a->n; i++)
        ck_assert_msg(crown_apply(e, crown_entry_move(a, i)) == CROWN_OK, "%s: entry %zu: %s",
                      what, i, crown_last_error(e));
    ck_assert_msg(memcmp(a->state, e->state, a->rules->state_size) == 0,
                  "%s: the deal is not the one given move by move", what);
    crown_free(e);

    size_t max = a->rules->max_moves, n;
    crown_move *moves = malloc(max * sizeof *moves);
    ck_assert_ptr_nonnull(moves);
    trng rng = {seed};
    for (int step = 1; step <= 300; step++) {
        int who;
        OK(crown_current_player(a, &who));
        if (who == CROWN_TERMINAL)
            break;
        OK(crown_legal_moves(a, moves, max, &n));
        crown_move m = moves[trng_below(&rng, n)];
        OK(crown_apply(a, m));
        OK(crown_apply(b, m));
        if (step % 7 == 0) {
            OK(crown_undo(a));
            OK(crown_undo(b));
        }
        same_game(a, b, what, step);
    }
    crown_err err = {{0}};
    OK(crown_game_restart(a, seed + 1000, &err));
    OK(crown_game_restart(b, seed + 1000, &err));
    same_game(a, b, what, -1);
    free(moves);
    crown_free(a);
    crown_free(b);
}

START_TEST(chance_run_draws_as_the_handle)
{
    /* Every card of a default deck's characters, then Events, then copies
     * of cards far from their first (ids 0 and 75, across the words of a
     * set): the lowest copy in the pile is the one dealt. */
    char twins[512] = "deck=";
    const char *colours = "BYGR";
    for (int c = 0; c < 4; c++)
        for (int num = 1; num <= 9; num++)
            for (int gender = 0; gender < 2; gender++)
                snprintf(twins + strlen(twins), sizeof twins - strlen(twins), "%c%d%c ",
                         colours[c], num, gender ? 'f' : 'm');
    strcat(twins, "assassination exile assassination B1m Y9f B1m new-connection");
    char twins6[600];
    snprintf(twins6, sizeof twins6, "players=6,%s", twins);
    static const char *const sets[] = {
        "players=2", "players=3", "players=4", "players=5", "players=6",
        "players=4,advanced=on", "players=6,advanced=on",
        /* new games dealt within a match, after a decision */
        "players=3,match=on,target=30",
        /* a deck the deal empties */
        "players=3,deck=B3m B5f R7m G1m R1f Y2m",
        "players=2,deck=B3m B3m B5f B5f assassination assassination exile",
    };
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++)
        for (uint64_t seed = 1; seed <= 6; seed++)
            run_draws_as_the_handle("kings_blood", sets[i], seed);
    for (uint64_t seed = 1; seed <= 6; seed++) {
        run_draws_as_the_handle("kings_blood", twins6, seed);
        run_draws_as_the_handle("kings_blood", twins + 0, seed);
    }
}
END_TEST

/* A game whose configure writes its whole configuration (config_written:
 * the handle does not zero it) writes every byte: configured over a block
 * of zeros and over a block of other bytes, the blocks are the same. */
START_TEST(config_written_writes_every_byte)
{
    static const char *const sets[][2] = {
        {"kings_blood", ""},
        {"kings_blood", "players=6,advanced=on,match=on,scoring=B"},
        {"kings_blood", "players=2,deck=B3m B3m B5f assassination exile"},
        {"kings_blood", "deck=  default"},
    };
    int checked = 0;
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        const crown_rules *r = crown_find_rules(sets[i][0]);
        if (!r->config_written)
            continue;
        crown_optvals vals;
        crown_err err = {{0}};
        int explicit_chance;
        unsigned char *a = malloc(r->config_size), *b = malloc(r->config_size);
        ck_assert(a && b);
        memset(a, 0, r->config_size);
        memset(b, 0xA5, r->config_size);
        OK(crown_parse_options(r, sets[i][1], &vals, &explicit_chance, &err));
        OK(r->configure(a, &vals, &err));
        OK(crown_parse_options(r, sets[i][1], &vals, &explicit_chance, &err));
        OK(r->configure(b, &vals, &err));
        for (size_t k = 0; k < r->config_size; k++)
            ck_assert_msg(a[k] == b[k], "%s %s: byte %zu of the configuration is not written",
                          sets[i][0], sets[i][1], k);
        free(a);
        free(b);
        checked++;
    }
    ck_assert_int_eq(checked, 4);
}
END_TEST

/* crown_in_sorted, the check of a given move against the listed ones:
 * on ascending lists of every length to 40 (gaps, negative moves), every
 * value from below the first to above the last is found exactly when it
 * is there. */
START_TEST(in_sorted_finds_exactly_the_listed)
{
    uint64_t x = 7;
    long checked = 0, wrong = 0;
    for (size_t n = 0; n <= 40; n++)
        for (int round = 0; round < 20; round++) {
            crown_move a[40];
            crown_move v = -50;
            for (size_t i = 0; i < n; i++) {
                x = x * 6364136223846793005ULL + 1442695040888963407ULL;
                v += 1 + (crown_move)(x >> 61); /* gaps of 1 to 8 */
                a[i] = v;
            }
            for (crown_move m = -52; m <= v + 2; m++) {
                int want = 0;
                for (size_t i = 0; i < n; i++)
                    want |= a[i] == m;
                wrong += crown_in_sorted(a, n, m) != want; /* (one assertion: they are slow) */
                checked++;
            }
        }
    ck_assert_int_eq(wrong, 0);
    ck_assert_int_gt(checked, 50000);
}
END_TEST

/* Every chance node of the games that weigh their outcomes has at most
 * max_outcomes of them (the handle keeps room for that many weights): in
 * random play, chance=explicit, with the default decks and with 120-card
 * decks of many faces (a deal from such a pile has 120 outcomes). */
START_TEST(chance_nodes_have_at_most_max_outcomes)
{
    char all[2048] = "deck=", every[2048] = "deck=";
    const char *col = "BYGR", *ab[] = {"", "-skip", "-reverse", "-draw3"};
    int k = 0;
    for (int c = 0; c < 4; c++)
        for (int num = 1; num <= 9; num++)
            for (int g = 0; g < 2; g++)
                for (int a = 0; a < 4 && k < 116; a++, k++)
                    snprintf(all + strlen(all), sizeof all - strlen(all), "%s%c%d%c%s",
                             k ? " " : "", col[c], num, g ? 'f' : 'm', ab[a]);
    strcat(all, " assassination exile new-connection enthronement"); /* 120 faces */
    for (int i = 0; i < 120; i++)
        snprintf(every + strlen(every), sizeof every - strlen(every), "%s%c%df", i ? " " : "",
                 col[i % 4], 1 + i % 9);
    struct {
        const char *game, *options, *deck;
    } sets[] = {
        {"kings_blood", "players=2", ""},
        {"kings_blood", "players=6,advanced=on", ""},
        {"kings_blood", "players=2,", all},
        {"kings_blood", "players=3,", every},
        {"kings_family", "", ""},
        {"kings_family", "", all},
    };
    size_t most = 0;
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        char options[2200];
        snprintf(options, sizeof options, "%s%s%schance=explicit", sets[i].options, sets[i].deck,
                 *sets[i].options || *sets[i].deck ? "," : "");
        const crown_rules *r;
        crown_err err;
        ck_assert_int_eq(crown_find_game(sets[i].game, &r, &err), CROWN_OK);
        ck_assert_ptr_nonnull(r->chance_weights);
        size_t bound = r->max_outcomes ? r->max_outcomes : r->max_moves;
        ck_assert_uint_lt(bound, r->max_moves);
        static crown_move moves[CROWN_MAX_MOVES_HINT];
        static double p[CROWN_MAX_MOVES_HINT];
        trng t = {i + 1};
        for (int game = 0; game < scaled(20); game++) {
            crown_game *g = new_game(sets[i].game, options, (uint64_t)game);
            int who, over = 0;
            for (int step = 0; step < 3000 && !over; step++) {
                OK(crown_is_terminal(g, &over));
                if (over)
                    break;
                OK(crown_current_player(g, &who));
                size_t n;
                if (who == CROWN_CHANCE) {
                    OK(crown_chance_outcomes(g, moves, p, CROWN_MAX_MOVES_HINT, &n));
                    ck_assert_uint_le(n, bound);
                    most = n > most ? n : most;
                } else {
                    OK(crown_legal_moves(g, moves, CROWN_MAX_MOVES_HINT, &n));
                }
                OK(crown_apply(g, moves[trng_below(&t, n)]));
            }
            crown_free(g);
        }
    }
    ck_assert_uint_ge(most, 110); /* (the 120-face decks' deals) */
}
END_TEST

int main(void)
{
    Suite *s = suite_create("core");
    TCase *tc = test_case("toy game");
    tcase_add_test(tc, weighted_chance_follows_the_weights);
    tcase_add_test(tc, playouts_draw_as_documented);
    tcase_add_test(tc, a_state_without_moves_is_an_internal_error);
    tcase_add_test(tc, a_move_without_an_index_is_an_internal_error);
    tcase_add_test(tc, a_determinization_that_does_not_replay_is_an_internal_error);
    tcase_add_test(tc, a_game_too_long_to_load_is_not_saved);
    tcase_add_test(tc, a_text_too_long_to_load_is_not_saved);
    tcase_add_test(tc, text_options_that_do_not_fit_are_refused);
    tcase_add_test(tc, a_game_without_notation_examples_says_so);
    tcase_add_test(tc, in_sorted_finds_exactly_the_listed);
    tcase_add_test(tc, chance_nodes_have_at_most_max_outcomes);
    suite_add_tcase(s, tc);
    TCase *pick = test_case("legal pick");
    tcase_add_test(pick, legal_pick_is_the_listed_move);
    tcase_add_test(pick, kings_blood_legal_pick_is_the_listed_move);
    suite_add_tcase(s, pick);
    TCase *run = test_case("chance run");
    tcase_add_test(run, chance_run_draws_as_the_handle);
    tcase_add_test(run, config_written_writes_every_byte);
    suite_add_tcase(s, run);
    return run_suite(s);
}
