/*
 * test_observation.c - the structured views of every game, through the
 * public API: crown_observation_json, crown_observation_tensor, its shape
 * and layout.
 *
 * What is checked, over random games of every game and several option
 * sets, for every seat and the spectator:
 * - leakage: the viewer's tensor and JSON are the same in a determinization
 *   for that viewer (crown_resample redeals everything hidden from it);
 * - the same facts as the text view: in the states met, equal texts give
 *   equal tensors and equal JSON, and equal tensors or equal JSON give
 *   equal texts (so neither holds less nor more than the text);
 * - the JSON is well-formed, the tensor's size is the shape's and the
 *   layout's, its values are finite, and it is the same after apply+undo;
 * - every error path leaves the game as it was.
 */
#include <math.h>
#include <stdio.h>

#include "common.h"

#include <crown/bloodbound.h>
#include <crown/kingdoms.h>
#include <crown/kingsblood.h>

/* ---- a strict JSON reader (RFC 8259 values), for well-formedness ------- */

typedef struct jp {
    const char *s;
    int depth;
} jp;

static void jp_ws(jp *p)
{
    while (*p->s == ' ' || *p->s == '\n' || *p->s == '\t' || *p->s == '\r')
        p->s++;
}

static int jp_value(jp *p);

static int jp_string(jp *p)
{
    if (*p->s != '"')
        return 0;
    for (p->s++; *p->s != '"'; p->s++) {
        unsigned char c = (unsigned char)*p->s;
        if (c < 0x20)
            return 0;
        if (c == '\\') {
            p->s++;
            if (*p->s == 'u') {
                for (int i = 1; i <= 4; i++) {
                    char h = p->s[i];
                    if (!((h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') ||
                          (h >= 'A' && h <= 'F')))
                        return 0;
                }
                p->s += 4;
            } else if (!*p->s || !strchr("\"\\/bfnrt", *p->s)) {
                return 0;
            }
        }
    }
    p->s++;
    return 1;
}

static int jp_number(jp *p)
{
    const char *s = p->s;
    if (*s == '-')
        s++;
    if (*s == '0')
        s++;
    else if (*s >= '1' && *s <= '9')
        while (*s >= '0' && *s <= '9')
            s++;
    else
        return 0;
    if (*s == '.') {
        s++;
        if (!(*s >= '0' && *s <= '9'))
            return 0;
        while (*s >= '0' && *s <= '9')
            s++;
    }
    if (*s == 'e' || *s == 'E') {
        s++;
        if (*s == '+' || *s == '-')
            s++;
        if (!(*s >= '0' && *s <= '9'))
            return 0;
        while (*s >= '0' && *s <= '9')
            s++;
    }
    p->s = s;
    return 1;
}

static int jp_seq(jp *p, char close, int object)
{
    if (++p->depth > 64)
        return 0;
    p->s++;
    jp_ws(p);
    if (*p->s == close) {
        p->s++;
        p->depth--;
        return 1;
    }
    for (;;) {
        jp_ws(p);
        if (object) {
            if (!jp_string(p))
                return 0;
            jp_ws(p);
            if (*p->s++ != ':')
                return 0;
        }
        if (!jp_value(p))
            return 0;
        jp_ws(p);
        if (*p->s == ',') {
            p->s++;
            continue;
        }
        if (*p->s++ != close)
            return 0;
        p->depth--;
        return 1;
    }
}

static int jp_value(jp *p)
{
    jp_ws(p);
    switch (*p->s) {
    case '{': return jp_seq(p, '}', 1);
    case '[': return jp_seq(p, ']', 0);
    case '"': return jp_string(p);
    case 't': return strncmp(p->s, "true", 4) == 0 ? (p->s += 4, 1) : 0;
    case 'f': return strncmp(p->s, "false", 5) == 0 ? (p->s += 5, 1) : 0;
    case 'n': return strncmp(p->s, "null", 4) == 0 ? (p->s += 4, 1) : 0;
    default: return jp_number(p);
    }
}

/* 1 when s is one JSON object and nothing else but white space. */
static int json_object(const char *s)
{
    jp p = {s, 0};
    jp_ws(&p);
    if (*p.s != '{' || !jp_value(&p))
        return 0;
    jp_ws(&p);
    return *p.s == '\0';
}

START_TEST(json_reader_is_strict)
{
    ck_assert(json_object("{}"));
    ck_assert(json_object(" {\"a\": [1, -2.5e3, true, false, null, \"x\\u00e9\\n\"], \"b\": {}}\n"));
    ck_assert(!json_object(""));
    ck_assert(!json_object("[]"));
    ck_assert(!json_object("{\"a\": 1,}"));
    ck_assert(!json_object("{\"a\" 1}"));
    ck_assert(!json_object("{a: 1}"));
    ck_assert(!json_object("{\"a\": 01}"));
    ck_assert(!json_object("{\"a\": [1 2]}"));
    ck_assert(!json_object("{\"a\": \"\n\"}"));
    ck_assert(!json_object("{\"a\": 1} x"));
    ck_assert(!json_object("{\"a\": tru}"));
    ck_assert(!json_object("{\"a\": \"\\x\"}"));
}
END_TEST

/* ---- helpers ------------------------------------------------------------ */

static uint64_t fnv(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint64_t h = 0xcbf29ce484222325ULL;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ULL;
    return h;
}

static char *json_of(crown_game *g, int viewer)
{
    char *s = observe_json(g, viewer);
    ck_assert_msg(json_object(s), "%s: not one JSON object:\n%s", crown_name(g), s);
    return s;
}

static size_t tensor_size(crown_game *g)
{
    size_t shape[4], nd;
    OK(crown_observation_shape(g, shape, 4, &nd));
    ck_assert_uint_eq(nd, 1);
    ck_assert_uint_gt(shape[0], 0);
    return shape[0];
}

/* The tensor of `viewer` in out[0..n). */
static void tensor_of(crown_game *g, int viewer, float *out, size_t n)
{
    size_t count = 0;
    OK(crown_observation_tensor(g, viewer, out, n, &count));
    ck_assert_uint_eq(count, n);
    /* (One assertion per call: Check records every assertion it passes.) */
    size_t bad = 0;
    while (bad < n && isfinite(out[bad]))
        bad++;
    ck_assert_msg(bad == n, "%s: value %zu is not finite", crown_name(g), bad);
}

/* ---- the facts of the text view ------------------------------------------- */

typedef struct rec {
    int viewer;
    uint64_t text, tensor, json;
} rec;

typedef struct recs {
    rec *r;
    size_t n, cap;
} recs;

static void recs_add(recs *rs, int viewer, uint64_t text, uint64_t tensor, uint64_t json)
{
    if (rs->n == rs->cap) {
        rs->cap = rs->cap ? 2 * rs->cap : 4096;
        rs->r = realloc(rs->r, rs->cap * sizeof *rs->r);
        ck_assert_ptr_nonnull(rs->r);
    }
    rs->r[rs->n++] = (rec){viewer, text, tensor, json};
}

static size_t key_field;

static uint64_t key(const rec *r)
{
    return key_field == 0 ? r->text : key_field == 1 ? r->tensor : r->json;
}

static int cmp_rec(const void *a, const void *b)
{
    const rec *x = a, *y = b;
    if (x->viewer != y->viewer)
        return x->viewer < y->viewer ? -1 : 1;
    uint64_t kx = key(x), ky = key(y);
    return kx < ky ? -1 : kx > ky;
}

/* For each of text, tensor and JSON as the key: records with equal keys
 * (and viewer) have equal texts, tensors and JSON. */
static void check_same_facts(const char *what, recs *rs)
{
    static const char *const names[] = {"text", "tensor", "JSON"};
    for (key_field = 0; key_field < 3; key_field++) {
        qsort(rs->r, rs->n, sizeof *rs->r, cmp_rec);
        for (size_t i = 1; i < rs->n; i++) {
            const rec *a = &rs->r[i - 1], *b = &rs->r[i];
            if (a->viewer != b->viewer || key(a) != key(b))
                continue;
            ck_assert_msg(a->text == b->text && a->tensor == b->tensor && a->json == b->json,
                          "%s, viewer %d: two states with the same %s differ in %s%s%s", what,
                          a->viewer, names[key_field], a->text != b->text ? "text " : "",
                          a->tensor != b->tensor ? "tensor " : "",
                          a->json != b->json ? "JSON" : "");
        }
    }
}

/* ---- random play over option sets ----------------------------------------- */

typedef struct config {
    const char *name, *options;
    int games;
} config;

static const config configs[] = {
    {"game_of_kingdoms", "players=2", 12},
    {"game_of_kingdoms", "players=4,variant=ruthless", 8},
    {"game_of_kingdoms", "players=6,games=2,later_lead=left_of_dealer", 4},
    {"game_of_kingdoms", "players=3,chance=explicit", 6},
    {"kings_blood", "players=2", 6},
    {"kings_blood", "players=4,advanced=on", 4},
    {"kings_blood", "players=3,chance=explicit", 3},
    {"kings_blood", "players=3,match=on,target=40,advanced=on,scoring=B", 2},
    {"kings_blood", "players=2,max_turns=300,deck=B1m B1m B1f B2m B2f Y1m Y1f Y1f assassination exile "
                    "new-connection new-connection enthronement B3m-reverse B3m-reverse "
                    "Y2f-skip Y2f-skip G8f-draw3 G8f-draw3 R4m R4f R4f", 6},
    /* Each face twice, the copies far apart in the list (so in id order
     * another card lies between them). */
    {"kings_blood", "players=3,deck=B1m B2f-skip Y3m G4f R5m-reverse B6m Y7f G8f-draw3 R9m B1f "
                    "Y2m G3f R4m B5f Y6m G7m R8m B9f assassination exile new-connection "
                    "enthronement B1m B2f-skip Y3m G4f R5m-reverse B6m Y7f G8f-draw3 R9m B1f "
                    "Y2m G3f R4m B5f Y6m G7m R8m B9f assassination exile new-connection "
                    "enthronement", 6},
    {"kings_family", "", 8},
    {"kings_family", "chance=explicit", 4},
    {"kings_family", "sibling_effects=every,events=optional,deck=B1m B1m B1f B1f B2m B2f Y1m "
                     "Y1f Y1f Y2m Y2m G1m G1f exile new-connection new-connection enthronement "
                     "assassination R1m R1f R2m R2f B3m B3f", 6},
    {"blood_bound", "players=6", 8},
    {"blood_bound", "players=9", 6},
    {"blood_bound", "players=12,chance=explicit", 3},
};
#define NCONFIGS (sizeof configs / sizeof configs[0])

/* The viewer's text, tensor and JSON in `g` equal those in `r`. */
static void check_resampled(crown_game *g, crown_game *r, int viewer, float *a, float *b,
                            size_t n)
{
    char *t1 = observe(g, viewer), *t2 = observe(r, viewer);
    ck_assert_str_eq(t1, t2);
    char *j1 = json_of(g, viewer), *j2 = json_of(r, viewer);
    ck_assert_msg(strcmp(j1, j2) == 0, "%s: the JSON of viewer %d leaks:\n%s\nversus\n%s",
                  crown_name(g), viewer, j1, j2);
    tensor_of(g, viewer, a, n);
    tensor_of(r, viewer, b, n);
    size_t i = 0;
    while (i < n && a[i] == b[i])
        i++;
    ck_assert_msg(i == n, "%s: the tensor of viewer %d leaks at value %zu", crown_name(g),
                  viewer, i);
    free(t1);
    free(t2);
    free(j1);
    free(j2);
}

START_TEST(views_hold_the_text_facts_and_no_hidden_fact)
{
    const config *c = &configs[_i];
    trng rng = {0x0b5e + (uint64_t)_i};
    recs rs = {0};
    size_t n = 0;
    float *a = NULL, *b = NULL;
    int resampled = 0, distinct_viewers = 0, distinct_states = 0, players = 0;
    uint64_t start_tensor = 0;
    for (int game = 0; game < scaled(c->games); game++) {
        crown_game *g = new_game(c->name, c->options, 1000 + (uint64_t)game);
        OK(crown_num_players(g, &players));
        if (!a) {
            n = tensor_size(g);
            a = malloc(n * sizeof *a);
            b = malloc(n * sizeof *b);
            ck_assert(a && b);
        }
        ck_assert_uint_eq(tensor_size(g), n);
        for (int step = 0; !terminal(g); step++) {
            int who = current(g);
            /* Every viewer's three views of this state. */
            uint64_t first_tensor = 0;
            for (int v = -1; v < players; v++) {
                int viewer = v < 0 ? CROWN_SPECTATOR : v;
                char *t = observe(g, viewer), *j = json_of(g, viewer);
                tensor_of(g, viewer, a, n);
                uint64_t ht = fnv(a, n * sizeof *a);
                recs_add(&rs, viewer, fnv(t, strlen(t)), ht, fnv(j, strlen(j)));
                if (v == 0)
                    first_tensor = ht;
                if (v == 0 && game == 0 && step == 0)
                    start_tensor = ht;
                else if (v == 0 && ht != start_tensor)
                    distinct_states = 1;
                else if (v > 0 && ht != first_tensor)
                    distinct_viewers = 1;
                free(t);
                free(j);
            }
            free(json_of(g, CROWN_OMNISCIENT));
            /* Leakage, every few moves, for one viewer. */
            if (step % 5 == 0) {
                int v = (int)trng_below(&rng, (size_t)players + 1) - 1;
                int viewer = v < 0 ? CROWN_SPECTATOR : v;
                crown_game *r = NULL;
                OK(crown_resample(g, viewer, trng_next(&rng), &r));
                check_resampled(g, r, viewer, a, b, n);
                crown_free(r);
                resampled++;
            }
            /* The views depend on the state only: apply and undo. */
            crown_move moves[2048];
            size_t k;
            OK(crown_legal_moves(g, moves, 2048, &k));
            ck_assert_uint_gt(k, 0);
            crown_move m = moves[trng_below(&rng, k)];
            int viewer = who >= 0 ? who : 0;
            tensor_of(g, viewer, a, n);
            OK(crown_apply(g, m));
            if (step % 3 == 0) {
                OK(crown_undo(g));
                tensor_of(g, viewer, b, n);
                ck_assert_int_eq(memcmp(a, b, n * sizeof *a), 0);
                OK(crown_apply(g, m));
            }
        }
        /* The end is observed too. */
        for (int v = -1; v < players; v++) {
            int viewer = v < 0 ? CROWN_SPECTATOR : v;
            char *t = observe(g, viewer), *j = json_of(g, viewer);
            tensor_of(g, viewer, a, n);
            recs_add(&rs, viewer, fnv(t, strlen(t)), fnv(a, n * sizeof *a), fnv(j, strlen(j)));
            free(t);
            free(j);
        }
        crown_free(g);
    }
    ck_assert_int_gt(resampled, 0);
    ck_assert_msg(distinct_viewers || players == 1, "%s: every seat had the same tensor",
                  c->name);
    ck_assert_msg(distinct_states, "%s: every state had the same tensor", c->name);
    char what[200];
    snprintf(what, sizeof what, "%s %s", c->name, c->options);
    check_same_facts(what, &rs);
    free(rs.r);
    free(a);
    free(b);
}
END_TEST

/* ---- shape and layout ----------------------------------------------------- */

/* The layout lists pieces end to end and its size is the shape's. */
START_TEST(layout_matches_shape)
{
    const config *c = &configs[_i];
    crown_game *g = new_game(c->name, c->options, 7);
    size_t n = tensor_size(g), len;
    ck_assert_int_eq(crown_observation_layout(g, NULL, 0, &len), CROWN_ETOOSMALL);
    char *s = malloc(len + 1);
    OK(crown_observation_layout(g, s, len + 1, &len));
    ck_assert_msg(json_object(s), "layout is not JSON:\n%s", s);
    /* Walk the pieces: each offset is the sum of the sizes before it. */
    size_t at = 0, pieces = 0;
    for (const char *p = strstr(s, "\"offset\": "); p; p = strstr(p + 1, "\"offset\": ")) {
        ck_assert_uint_eq(strtoull(p + 10, NULL, 10), at);
        const char *sh = strstr(p, "\"shape\": [") + 10;
        size_t size = 1;
        for (char *end;; sh = end + 1) {
            size *= strtoull(sh, &end, 10);
            if (*end != ',')
                break;
        }
        at += size;
        pieces++;
    }
    ck_assert_uint_gt(pieces, 0);
    ck_assert_uint_eq(at, n);
    char tail[64];
    snprintf(tail, sizeof tail, "\"size\": %zu}\n", n);
    ck_assert_ptr_nonnull(strstr(s, tail));
    free(s);
    crown_free(g);
}
END_TEST

/* ---- move JSON ------------------------------------------------------------ */

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every decision move of the action index has a JSON object with a kind,
 * different for different moves. */
START_TEST(every_decision_has_its_own_json)
{
    const config *c = &configs[_i];
    crown_game *g = new_game(c->name, c->options, 3);
    size_t n, len;
    OK(crown_num_distinct_moves(g, &n));
    char **all = malloc(n * sizeof *all);
    ck_assert_ptr_nonnull(all);
    size_t bad = n;
    for (size_t i = 0; i < n; i++) {
        crown_move m;
        OK(crown_index_move(g, i, &m));
        char buf[512];
        OK(crown_move_json(g, m, buf, sizeof buf, &len));
        if (bad == n && (!json_object(buf) || strncmp(buf, "{\"kind\": \"", 10) != 0))
            bad = i;
        all[i] = malloc(len + 1);
        ck_assert_ptr_nonnull(all[i]);
        memcpy(all[i], buf, len + 1);
    }
    ck_assert_msg(bad == n, "%s: move index %zu: %s", c->name, bad, bad < n ? all[bad] : "");
    qsort(all, n, sizeof *all, cmp_str);
    size_t same = 0;
    while (same + 1 < n && strcmp(all[same], all[same + 1]) != 0)
        same++;
    ck_assert_msg(same + 1 >= n, "%s: two moves are %s", c->name, all[same]);
    for (size_t i = 0; i < n; i++)
        free(all[i]);
    free(all);
    crown_free(g);
}
END_TEST

static void expect_move_json(crown_game *g, crown_move m, const char *want)
{
    char buf[256];
    size_t len;
    OK(crown_move_json(g, m, buf, sizeof buf, &len));
    ck_assert_str_eq(buf, want);
    ck_assert_uint_eq(len, strlen(want));
}

START_TEST(move_json_of_each_game)
{
    crown_game *g = new_game("game_of_kingdoms", "players=2", 1);
    expect_move_json(g, CROWN_KD_LEAD(2, 5), "{\"kind\": \"lead\", \"cards\": [8, 10]}");
    expect_move_json(g, CROWN_KD_BEAT(12, 17), "{\"kind\": \"beat\", \"attack\": 12, \"card\": 17}");
    expect_move_json(g, CROWN_KD_TAKE, "{\"kind\": \"take\"}");
    expect_move_json(g, CROWN_KD_PASS, "{\"kind\": \"pass\"}");
    expect_move_json(g, CROWN_KD_ADD(39), "{\"kind\": \"add\", \"card\": 39}");
    expect_move_json(g, CROWN_KD_TRANSFER(0), "{\"kind\": \"transfer\", \"card\": 0}");
    crown_free(g);

    g = new_game("blood_bound", "players=9", 1);
    expect_move_json(g, CROWN_BB_ATTACK(8), "{\"kind\": \"attack\", \"seat\": 8}");
    expect_move_json(g, CROWN_BB_TOKEN(CROWN_BB_T_UNKNOWN),
                     "{\"kind\": \"token\", \"token\": \"unknown\"}");
    expect_move_json(g, CROWN_BB_LOOK(2, 7), "{\"kind\": \"look\", \"seats\": [2, 7]}");
    expect_move_json(g, CROWN_BB_CURSES(4, (1 << 0) | (1 << 6)),
                     "{\"kind\": \"curses\", \"true_curse\": 4, \"false_curses\": [0, 6]}");
    expect_move_json(g, CROWN_BB_NO_ABILITY, "{\"kind\": \"no_ability\"}");
    crown_free(g);

    g = new_game("kings_blood", "players=2", 1);
    expect_move_json(g, CROWN_KB_PLAY(5, 3, CROWN_KB_RIGHT),
                     "{\"kind\": \"play\", \"card\": 5, \"target\": 3, \"side\": \"right\"}");
    expect_move_json(g, CROWN_KB_DRAW, "{\"kind\": \"draw\"}");
    crown_free(g);

    g = new_game("kings_family", "", 1);
    expect_move_json(g, CROWN_KB_SIBLING(7, CROWN_KB_LEFT),
                     "{\"kind\": \"sibling\", \"card\": 7, \"side\": \"left\"}");
    crown_free(g);
}
END_TEST

START_TEST(move_json_errors)
{
    size_t len = 99;
    char buf[8];
    ck_assert_int_eq(crown_move_json(NULL, 0, buf, sizeof buf, &len), CROWN_EINVAL);
    crown_game *g = new_game("game_of_kingdoms", "players=2", 1);
    ck_assert_int_eq(crown_move_json(g, CROWN_KD_TAKE, buf, sizeof buf, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_move_json(g, 5, buf, sizeof buf, &len), CROWN_EINVAL); /* a card dealt */
    ck_assert_ptr_nonnull(strstr(crown_last_error(g), "no decision"));
    ck_assert_int_eq(crown_move_json(g, -1, buf, sizeof buf, &len), CROWN_EINVAL);
    ck_assert_int_eq(crown_move_json(g, CROWN_KD_BEAT(1, 2), buf, 4, &len), CROWN_ETOOSMALL);
    ck_assert_str_eq(buf, "");
    ck_assert_uint_eq(len, strlen("{\"kind\": \"beat\", \"attack\": 1, \"card\": 2}"));
    ck_assert_int_eq(crown_move_json(g, CROWN_KD_TAKE, NULL, 0, &len), CROWN_ETOOSMALL);
    crown_free(g);
}
END_TEST

/* ---- errors --------------------------------------------------------------- */

START_TEST(errors_leave_the_game_unchanged)
{
    ck_assert_int_eq(crown_observation_json(NULL, 0, NULL, 0, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_observation_tensor(NULL, 0, NULL, 0, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_observation_shape(NULL, NULL, 0, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_observation_layout(NULL, NULL, 0, NULL), CROWN_EINVAL);

    crown_game *g = new_game("game_of_kingdoms", "players=3", 5);
    crown_move first[256];
    size_t k;
    OK(crown_legal_moves(g, first, 256, &k));
    OK(crown_apply(g, first[0]));
    char *save = serialize(g);
    uint64_t h0, h1;
    OK(crown_state_hash(g, &h0));
    size_t n = tensor_size(g), count = 12345, len = 12345, nd = 9, shape[2] = {77, 77};
    float *v = malloc((n + 1) * sizeof *v);
    char buf[8];

    ck_assert_int_eq(crown_observation_tensor(g, 0, v, n, NULL), CROWN_EINVAL);
    ck_assert_str_eq(crown_last_error(g), "invalid argument: count is NULL");
    ck_assert_int_eq(crown_observation_tensor(g, 0, NULL, 5, &count), CROWN_EINVAL);
    ck_assert_ptr_nonnull(strstr(crown_last_error(g), "values is NULL"));
    ck_assert_int_eq(crown_observation_tensor(g, 3, v, n, &count), CROWN_EINVAL);
    ck_assert_ptr_nonnull(strstr(crown_last_error(g), "invalid viewer 3"));
    ck_assert_int_eq(crown_observation_tensor(g, CROWN_OMNISCIENT, v, n, &count), CROWN_EINVAL);
    ck_assert_ptr_nonnull(strstr(crown_last_error(g), "CROWN_OMNISCIENT"));
    ck_assert_int_eq(crown_observation_tensor(g, CROWN_CHANCE, v, n, &count), CROWN_EINVAL);
    /* Too small: the size is told, the buffer is not written. */
    v[0] = 42.0f;
    ck_assert_int_eq(crown_observation_tensor(g, 0, v, n - 1, &count), CROWN_ETOOSMALL);
    ck_assert_uint_eq(count, n);
    ck_assert(v[0] == 42.0f);
    ck_assert_ptr_nonnull(strstr(crown_last_error(g), "values needed"));
    ck_assert_int_eq(crown_observation_tensor(g, 0, NULL, 0, &count), CROWN_ETOOSMALL);
    ck_assert_uint_eq(count, n);
    /* A larger buffer: the values past the tensor are not touched. */
    v[n] = 42.0f;
    OK(crown_observation_tensor(g, CROWN_SPECTATOR, v, n + 1, &count));
    ck_assert(v[n] == 42.0f);

    ck_assert_int_eq(crown_observation_shape(g, shape, 2, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_observation_shape(g, NULL, 1, &nd), CROWN_EINVAL);
    ck_assert_int_eq(crown_observation_shape(g, NULL, 0, &nd), CROWN_ETOOSMALL);
    ck_assert_uint_eq(nd, 1);
    ck_assert_uint_eq(shape[0], 77);

    ck_assert_int_eq(crown_observation_json(g, 0, buf, sizeof buf, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_observation_json(g, -7, buf, sizeof buf, &len), CROWN_EINVAL);
    ck_assert_int_eq(crown_observation_json(g, 0, buf, sizeof buf, &len), CROWN_ETOOSMALL);
    ck_assert_str_eq(buf, "");
    ck_assert_uint_gt(len, sizeof buf);
    ck_assert_int_eq(crown_observation_layout(g, buf, sizeof buf, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_observation_layout(g, buf, sizeof buf, &len), CROWN_ETOOSMALL);
    ck_assert_str_eq(buf, "");

    OK(crown_state_hash(g, &h1));
    ck_assert(h0 == h1);
    char *save2 = serialize(g);
    ck_assert_str_eq(save, save2);
    free(save);
    free(save2);
    free(v);
    crown_free(g);
}
END_TEST

/* The size depends on the options, the same for every seed and state. */
START_TEST(size_depends_on_options_only)
{
    crown_game *a = new_game("game_of_kingdoms", "players=2", 1);
    crown_game *b = new_game("game_of_kingdoms", "players=2", 99);
    crown_game *c = new_game("game_of_kingdoms", "players=6", 1);
    ck_assert_uint_eq(tensor_size(a), tensor_size(b));
    ck_assert_uint_ne(tensor_size(a), tensor_size(c));
    /* As docs/game-of-kingdoms.md says: 663 + 57 per seat. */
    ck_assert_uint_eq(tensor_size(a), 663 + 57 * 2);
    ck_assert_uint_eq(tensor_size(c), 663 + 57 * 6);
    crown_free(a);
    crown_free(b);
    crown_free(c);
    /* The other games' sizes, as their documents give them. */
    a = new_game("kings_blood", "players=3", 1);
    ck_assert_uint_eq(tensor_size(a), 1651); /* 13 P + 2 P N + 13 N + 35, N = 83 */
    b = new_game("kings_family", "", 1);
    ck_assert_uint_eq(tensor_size(b), 941); /* 11 N + 28 */
    c = new_game("blood_bound", "players=6", 1);
    ck_assert_uint_eq(tensor_size(c), 416); /* 62 P + 44 */
    crown_free(a);
    crown_free(b);
    crown_free(c);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("observation");
    TCase *tc = test_case("views");
    tcase_add_test(tc, json_reader_is_strict);
    tcase_add_loop_test(tc, views_hold_the_text_facts_and_no_hidden_fact, 0, (int)NCONFIGS);
    tcase_add_loop_test(tc, layout_matches_shape, 0, (int)NCONFIGS);
    tcase_add_loop_test(tc, every_decision_has_its_own_json, 0, (int)NCONFIGS);
    tcase_add_test(tc, move_json_of_each_game);
    tcase_add_test(tc, move_json_errors);
    tcase_add_test(tc, errors_leave_the_game_unchanged);
    tcase_add_test(tc, size_depends_on_options_only);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
