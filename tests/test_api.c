/*
 * test_api.c - the public contract, through the shared library only:
 * every function's success and error paths, and "a failed call changes
 * nothing" for each of them.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <pthread.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>

#include "common.h"
#include <crown/bloodbound.h>
#include <crown/kingdoms.h>
#include <crown/kingsblood.h>

static const char *const KD = "game_of_kingdoms";

/* The observable state of a game: its saved text and state hash. */
typedef struct snap {
    char *text;
    uint64_t hash;
    int player;
} snap;

static snap take_snap(crown_game *g)
{
    snap s;
    s.text = serialize(g);
    OK(crown_state_hash(g, &s.hash));
    s.player = current(g);
    return s;
}

static void assert_unchanged(crown_game *g, snap *before)
{
    snap now = take_snap(g);
    ck_assert_str_eq(before->text, now.text);
    ck_assert_uint_eq(before->hash, now.hash);
    ck_assert_int_eq(before->player, now.player);
    free(now.text);
    free(before->text);
    before->text = NULL;
}

static void assert_error_message(crown_game *g)
{
    const char *m = crown_last_error(g);
    ck_assert_ptr_nonnull(m);
    ck_assert_msg(strlen(m) > 0, "no error message");
}

/* ---- version, status, discovery --------------------------------------- */

START_TEST(version_matches_header)
{
    ck_assert_int_eq(crown_version(), CROWN_VERSION_NUMBER);
    ck_assert_str_eq(crown_version_string(), CROWN_VERSION_STRING);
    char v[32];
    snprintf(v, sizeof v, "%d.%d.%d", CROWN_VERSION_MAJOR, CROWN_VERSION_MINOR,
             CROWN_VERSION_PATCH);
    ck_assert_str_eq(v, CROWN_VERSION_STRING);
    ck_assert_str_eq(CROWN_VERSION_STRING, CROWN_PROJECT_VERSION); /* meson.build's */
}
END_TEST

/* A file of the source tree, read whole (NULL when absent). */
static char *read_source(const char *rel)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", CROWN_SOURCE_DIR, rel);
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *s = malloc(cap);
    for (size_t k; (k = fread(s + n, 1, cap - n - 1, f)) > 0;) {
        n += k;
        if (n + 1 == cap)
            s = realloc(s, cap *= 2);
    }
    fclose(f);
    s[n] = '\0';
    return s;
}

/* The examples of canonical game strings in the docs are what the library
 * writes. */
START_TEST(documented_game_strings_are_current)
{
    static const struct {
        const char *file, *options;
    } docs[] = {
        {"include/crown/crown.h", "players=4"},
        {"docs/save-format.md", "players=2"},
    };
    for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++) {
        crown_game *g = new_game(KD, docs[i].options, 1);
        char gs[512];
        size_t len;
        OK(crown_game_string(g, gs, sizeof gs, &len));
        char *text = read_source(docs[i].file);
        ck_assert_msg(text != NULL, "cannot read %s", docs[i].file);
        ck_assert_msg(strstr(text, gs), "%s does not show the game string %s", docs[i].file, gs);
        free(text);
        crown_free(g);
    }
}
END_TEST

/* Counts the files under the source tree's directory `rel` (recursively)
 * whose text names one of `outside`, failing on the first; *seen counts the
 * files read. */
static void check_stands_alone(const char *rel, const char *const *outside, size_t n_outside,
                               int *seen)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", CROWN_SOURCE_DIR, rel);
    DIR *d = opendir(path);
    if (!d) { /* a file */
        char *text = read_source(rel);
        ck_assert_msg(text != NULL, "cannot read %s", rel);
        for (size_t k = 0; k < n_outside; k++)
            ck_assert_msg(!strstr(text, outside[k]), "%s refers to %s", rel, outside[k]);
        free(text);
        (*seen)++;
        return;
    }
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "__pycache__") == 0)
            continue;
        char sub[1024];
        snprintf(sub, sizeof sub, "%s/%s", rel, e->d_name);
        check_stands_alone(sub, outside, n_outside, seen);
    }
    closedir(d);
}

/* The user-facing docs stand on their own: no pointer to the rulebooks and
 * rulings kept outside the repository, in any file a user reads (the README,
 * docs/ with the man pages, the headers, the Python package, the examples). */
START_TEST(docs_stand_on_their_own)
{
    static const char *const places[] = {"README.md", "docs", "include/crown", "python/crown",
                                         "examples"};
    static const char *const outside[] = {"shared/rules", "shared/DESIGN", "../shared",
                                          "RULINGS"};
    int seen = 0;
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++)
        check_stands_alone(places[i], outside, sizeof outside / sizeof outside[0], &seen);
    ck_assert_int_ge(seen, 40); /* the walk reached the files */
}
END_TEST

START_TEST(strerror_names_every_status)
{
    const int codes[] = {CROWN_OK,      CROWN_EINVAL,   CROWN_ENOMEM, CROWN_ETOOSMALL,
                         CROWN_EGAME,   CROWN_EOPTION,  CROWN_EILLEGAL, CROWN_ENOUNDO,
                         CROWN_EPARSE,  CROWN_ESTATE,   CROWN_EINTERNAL};
    size_t n = sizeof codes / sizeof codes[0];
    for (size_t i = 0; i < n; i++) {
        const char *a = crown_strerror(codes[i]);
        ck_assert_ptr_nonnull(a);
        ck_assert_str_ne(a, "unknown status");
        for (size_t j = 0; j < i; j++)
            ck_assert_str_ne(a, crown_strerror(codes[j]));
    }
    ck_assert_str_eq(crown_strerror(-999), "unknown status");
    ck_assert_str_eq(crown_strerror(5), "unknown status");
}
END_TEST

START_TEST(discovery_lists_games)
{
    ck_assert_uint_ge(crown_game_count(), 1);
    int found = 0;
    for (size_t i = 0; i < crown_game_count(); i++) {
        ck_assert_ptr_nonnull(crown_game_name(i));
        ck_assert_ptr_nonnull(crown_game_summary(crown_game_name(i)));
        found |= strcmp(crown_game_name(i), KD) == 0;
    }
    ck_assert(found);
    ck_assert_ptr_null(crown_game_name(crown_game_count()));
    ck_assert_ptr_null(crown_game_name((size_t)-1));
    ck_assert_ptr_null(crown_game_summary("chess"));
    ck_assert_ptr_null(crown_game_summary(NULL));
}
END_TEST

START_TEST(describe_options)
{
    size_t len;
    ck_assert_int_eq(crown_describe_options(KD, NULL, 0, &len), CROWN_ETOOSMALL);
    ck_assert_uint_gt(len, 0);
    char *buf = malloc(len + 1);
    char small[8] = "xxxxxxx";
    ck_assert_int_eq(crown_describe_options(KD, small, sizeof small, &len), CROWN_ETOOSMALL);
    ck_assert_str_eq(small, "");
    OK(crown_describe_options(KD, buf, len + 1, &len));
    ck_assert_uint_eq(strlen(buf), len);
    const char *keys[] = {"players=2..6", "variant=basic|ruthless", "games=", "later_lead=",
                          "max_bouts=", "chance=auto|explicit"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        ck_assert_msg(strstr(buf, keys[i]), "'%s' missing from:\n%s", keys[i], buf);
    free(buf);
    ck_assert_int_eq(crown_describe_options("chess", NULL, 0, &len), CROWN_EGAME);
    ck_assert_int_eq(crown_describe_options(NULL, NULL, 0, &len), CROWN_EINVAL);
    ck_assert_int_eq(crown_describe_options(KD, NULL, 0, NULL), CROWN_EINVAL);
}
END_TEST

/* The options as JSON: every game's, with what crown_describe_options
 * says, and the error paths. */
START_TEST(options_as_json)
{
    for (size_t i = 0; i < crown_game_count(); i++) {
        const char *name = crown_game_name(i);
        size_t len, tlen;
        ck_assert_int_eq(crown_options_json(name, NULL, 0, &len), CROWN_ETOOSMALL);
        char *buf = malloc(len + 1);
        OK(crown_options_json(name, buf, len + 1, &len));
        ck_assert_uint_eq(strlen(buf), len);
        ck_assert(buf[0] == '[' && buf[len - 2] == ']' && buf[len - 1] == '\n');
        ck_assert_msg(strstr(buf, "{\"name\": \"chance\", \"kind\": \"enum\", \"choices\": "
                                  "[\"auto\", \"explicit\"], \"default\": \"auto\""), "%s", buf);
        /* One object per option of the text description. */
        ck_assert_int_eq(crown_describe_options(name, NULL, 0, &tlen), CROWN_ETOOSMALL);
        char *text = malloc(tlen + 1);
        OK(crown_describe_options(name, text, tlen + 1, &tlen));
        int lines = 0, objects = 0;
        for (char *p = text; *p; p++)
            lines += *p == '\n';
        for (char *p = buf; (p = strstr(p, "{\"name\": ")); p++)
            objects++;
        ck_assert_int_eq(objects, lines);
        free(text);
        free(buf);
    }
    char buf[4096];
    size_t len;
    OK(crown_options_json(KD, buf, sizeof buf, &len));
    ck_assert_msg(strstr(buf, "{\"name\": \"players\", \"kind\": \"int\", \"min\": 2, "
                              "\"max\": 6, \"default\": 4, \"help\": \"number of players\"}"),
                  "%s", buf);
    ck_assert_int_eq(crown_options_json("chess", buf, sizeof buf, &len), CROWN_EGAME);
    ck_assert_int_eq(crown_options_json(NULL, buf, sizeof buf, &len), CROWN_EINVAL);
    ck_assert_int_eq(crown_options_json(KD, buf, sizeof buf, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_options_json(KD, NULL, 10, &len), CROWN_ETOOSMALL); /* a size query */
    ck_assert_uint_gt(len, 100);
    char small[8] = "xxxxxxx";
    ck_assert_int_eq(crown_options_json(KD, small, sizeof small, &len), CROWN_ETOOSMALL);
    ck_assert_str_eq(small, "");
}
END_TEST

/* ---- creation and options --------------------------------------------- */

static void expect_option_error(const char *options, int code, const char *fragment)
{
    crown_game *g = (crown_game *)(uintptr_t)1;
    char err[256] = "";
    int rc = crown_new_ex(&g, KD, options, 1, err, sizeof err);
    ck_assert_msg(rc == code, "'%s': got %d (%s)", options, rc, err);
    ck_assert_ptr_null(g);
    ck_assert_msg(strstr(err, fragment), "'%s': message '%s' lacks '%s'", options, err, fragment);
}

START_TEST(new_rejects_bad_options)
{
    expect_option_error("colour=red", CROWN_EOPTION, "unknown option 'colour'");
    expect_option_error("players=7", CROWN_EOPTION, "out of range (2..6)");
    expect_option_error("players=1", CROWN_EOPTION, "out of range");
    expect_option_error("players=-3", CROWN_EOPTION, "out of range");
    expect_option_error("players=four", CROWN_EOPTION, "not a whole number");
    expect_option_error("players=4x", CROWN_EOPTION, "not a whole number");
    expect_option_error("players=", CROWN_EOPTION, "not a whole number");
    expect_option_error("players=99999999999999999999999", CROWN_EOPTION, "out of range (2..6)");
    expect_option_error("players=3,players=4", CROWN_EOPTION, "given twice");
    expect_option_error("variant=mean", CROWN_EOPTION, "not one of basic|ruthless");
    expect_option_error("variant=Basic", CROWN_EOPTION, "not one of");
    expect_option_error("players", CROWN_EOPTION, "has no value");
    expect_option_error("players=3,,variant=basic", CROWN_EOPTION, "empty option");
    expect_option_error("players=3,", CROWN_EOPTION, "empty option");
    expect_option_error("=3", CROWN_EOPTION, "has no name");
    expect_option_error("chance=sometimes", CROWN_EOPTION, "auto|explicit");
    expect_option_error("games=0", CROWN_EOPTION, "out of range");
    expect_option_error("max_bouts=-1", CROWN_EOPTION, "out of range");
    expect_option_error("pl\x01yers=3", CROWN_EOPTION, "unknown option 'pl?yers'");
    /* A long name is quoted by its first 40 characters. */
    expect_option_error("abcdefghijabcdefghijabcdefghijabcdefghijKLMN=1", CROWN_EOPTION,
                        "unknown option 'abcdefghijabcdefghijabcdefghijabcdefghij...'");
    char *big = malloc(5000);
    memset(big, 'a', 4999);
    big[4999] = '\0';
    expect_option_error(big, CROWN_EOPTION, "longer than");
    free(big);
}
END_TEST

START_TEST(new_rejects_bad_arguments)
{
    char err[128] = "";
    crown_game *g = (crown_game *)(uintptr_t)1;
    ck_assert_int_eq(crown_new_ex(&g, "chess", "", 1, err, sizeof err), CROWN_EGAME);
    ck_assert_ptr_null(g);
    ck_assert_msg(strstr(err, "unknown game 'chess'") && strstr(err, KD), "%s", err);
    ck_assert_int_eq(crown_new(&g, NULL, "", 1), CROWN_EINVAL);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(crown_new(NULL, KD, "", 1), CROWN_EINVAL);
    ck_assert_int_eq(crown_new_ex(NULL, KD, "", 1, err, sizeof err), CROWN_EINVAL);
    ck_assert_msg(strstr(err, "out is NULL"), "%s", err);
    /* A small error buffer is truncated, still terminated. */
    char tiny[6] = "zzzzz";
    ck_assert_int_eq(crown_new_ex(&g, "chess", "", 1, tiny, sizeof tiny), CROWN_EGAME);
    ck_assert_str_eq(tiny, "unkno");
    /* A NULL error buffer is fine. */
    ck_assert_int_eq(crown_new_ex(&g, "chess", "", 1, NULL, 100), CROWN_EGAME);
}
END_TEST

START_TEST(new_accepts_defaults_and_spaces)
{
    crown_game *a = new_game(KD, NULL, 3), *b = new_game(KD, "", 3),
               *c = new_game(KD, "  players = 4 , variant=basic ", 3);
    char sa[512], sb[512], sc[512];
    size_t len;
    OK(crown_game_string(a, sa, sizeof sa, &len));
    OK(crown_game_string(b, sb, sizeof sb, &len));
    OK(crown_game_string(c, sc, sizeof sc, &len));
    ck_assert_str_eq(sa, "game_of_kingdoms:players=4,variant=basic,games=1,"
                         "later_lead=lowest_trump,max_bouts=1000,chance=auto");
    ck_assert_str_eq(sa, sb);
    ck_assert_str_eq(sa, sc);
    ck_assert_str_eq(crown_name(a), KD);
    ck_assert_ptr_null(crown_name(NULL));
    crown_free(a);
    crown_free(b);
    crown_free(c);
}
END_TEST

START_TEST(game_string_recreates_the_game)
{
    crown_game *g = new_game(KD, "variant=ruthless,players=5,games=3,chance=explicit", 9);
    char s[512];
    size_t len;
    OK(crown_game_string(g, s, sizeof s, &len));
    ck_assert_uint_eq(strlen(s), len);
    ck_assert_str_eq(s, "game_of_kingdoms:players=5,variant=ruthless,games=3,"
                        "later_lead=lowest_trump,max_bouts=1000,chance=explicit");
    crown_game *h = new_game(KD, strchr(s, ':') + 1, 9);
    char t[512];
    OK(crown_game_string(h, t, sizeof t, &len));
    ck_assert_str_eq(s, t);
    int n;
    OK(crown_num_players(h, &n));
    ck_assert_int_eq(n, 5);
    ck_assert_int_eq(crown_game_string(g, s, 10, &len), CROWN_ETOOSMALL);
    ck_assert_str_eq(s, "");
    ck_assert_uint_gt(len, 10);
    ck_assert_int_eq(crown_game_string(g, s, sizeof s, NULL), CROWN_EINVAL);
    crown_free(g);
    crown_free(h);
}
END_TEST

/* ---- NULL handles and NULL outputs ------------------------------------ */

START_TEST(null_game_is_einval)
{
    int i;
    size_t z;
    uint64_t u;
    double d[8];
    crown_move m[8];
    char buf[16];
    crown_game *out;
    ck_assert_int_eq(crown_num_players(NULL, &i), CROWN_EINVAL);
    ck_assert_int_eq(crown_current_player(NULL, &i), CROWN_EINVAL);
    ck_assert_int_eq(crown_is_terminal(NULL, &i), CROWN_EINVAL);
    ck_assert_int_eq(crown_seed(NULL, &u), CROWN_EINVAL);
    ck_assert_int_eq(crown_max_moves(NULL, &z), CROWN_EINVAL);
    ck_assert_int_eq(crown_legal_moves(NULL, m, 8, &z), CROWN_EINVAL);
    ck_assert_int_eq(crown_apply(NULL, 0), CROWN_EINVAL);
    ck_assert_int_eq(crown_undo(NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_history_length(NULL, &z), CROWN_EINVAL);
    ck_assert_int_eq(crown_history(NULL, m, 8, &z), CROWN_EINVAL);
    ck_assert_int_eq(crown_chance_outcomes(NULL, m, d, 8, &z), CROWN_EINVAL);
    ck_assert_int_eq(crown_move_to_text(NULL, 0, buf, 16, &z), CROWN_EINVAL);
    ck_assert_int_eq(crown_move_from_text(NULL, "take", m), CROWN_EINVAL);
    ck_assert_int_eq(crown_observation(NULL, 0, buf, 16, &z), CROWN_EINVAL);
    ck_assert_int_eq(crown_returns(NULL, d, 8, &z), CROWN_EINVAL);
    ck_assert_int_eq(crown_scores(NULL, d, 8, &z), CROWN_EINVAL);
    ck_assert_int_eq(crown_state_hash(NULL, &u), CROWN_EINVAL);
    ck_assert_int_eq(crown_serialize(NULL, buf, 16, &z), CROWN_EINVAL);
    ck_assert_int_eq(crown_game_string(NULL, buf, 16, &z), CROWN_EINVAL);
    ck_assert_int_eq(crown_clone(&out, NULL), CROWN_EINVAL);
    ck_assert_ptr_null(out);
    ck_assert_int_eq(crown_resample(NULL, 0, 1, &out), CROWN_EINVAL);
    ck_assert_int_eq(crown_playout(NULL, 1, d, 8, &z), CROWN_EINVAL);
    ck_assert_int_eq(crown_playouts(NULL, 1, 4, d, 8, &z), CROWN_EINVAL);
    ck_assert_str_eq(crown_last_error(NULL), "invalid argument: game is NULL");
    crown_free(NULL);
}
END_TEST

START_TEST(null_outputs_are_einval_and_change_nothing)
{
    crown_game *g = new_game(KD, "players=3", 4);
    ck_assert_str_eq(crown_last_error(g), "");
    snap s = take_snap(g);
    crown_move m[8];
    ck_assert_int_eq(crown_num_players(g, NULL), CROWN_EINVAL);
    assert_error_message(g);
    ck_assert_int_eq(crown_current_player(g, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_is_terminal(g, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_seed(g, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_max_moves(g, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_legal_moves(g, m, 8, NULL), CROWN_EINVAL);
    size_t z;
    ck_assert_int_eq(crown_legal_moves(g, NULL, 8, &z), CROWN_EINVAL);
    ck_assert_int_eq(crown_history_length(g, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_history(g, NULL, 8, &z), CROWN_EINVAL);
    ck_assert_int_eq(crown_chance_outcomes(g, NULL, NULL, 0, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_move_to_text(g, 0, NULL, 0, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_move_from_text(g, NULL, m), CROWN_EINVAL);
    ck_assert_int_eq(crown_move_from_text(g, "take", NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_observation(g, 0, NULL, 0, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_returns(g, NULL, 0, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_returns(g, NULL, 3, &z), CROWN_EINVAL);
    ck_assert_int_eq(crown_scores(g, NULL, 3, &z), CROWN_EINVAL);
    ck_assert_int_eq(crown_state_hash(g, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_serialize(g, NULL, 0, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_clone(NULL, g), CROWN_EINVAL);
    ck_assert_int_eq(crown_resample(g, 0, 1, NULL), CROWN_EINVAL);
    assert_unchanged(g, &s);
    crown_free(g);
}
END_TEST

/* ---- moves ------------------------------------------------------------ */

START_TEST(legal_moves_buffer_too_small)
{
    crown_game *g = new_game(KD, "players=2", 11);
    size_t n, n2;
    ck_assert_int_eq(crown_legal_moves(g, NULL, 0, &n), CROWN_ETOOSMALL);
    ck_assert_uint_gt(n, 1);
    crown_move small[1] = {-77};
    ck_assert_int_eq(crown_legal_moves(g, small, 1, &n2), CROWN_ETOOSMALL);
    ck_assert_uint_eq(n2, n);
    ck_assert_int_eq(small[0], -77);
    assert_error_message(g);
    size_t max;
    OK(crown_max_moves(g, &max));
    ck_assert_uint_ge(max, n);
    ck_assert_uint_le(max, CROWN_MAX_MOVES_HINT);
    crown_free(g);
}
END_TEST

START_TEST(apply_illegal_changes_nothing)
{
    crown_game *g = new_game(KD, "players=3", 12);
    snap s = take_snap(g);
    const crown_move bad[] = {-1, 0, 39, 240, 241, 99999, INT32_MAX, INT32_MIN};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        /* 240 (take) is not legal for the attacker who must lead. */
        ck_assert_int_eq(crown_apply(g, bad[i]), CROWN_EILLEGAL);
        assert_error_message(g);
    }
    assert_unchanged(g, &s);
    crown_free(g);
}
END_TEST

START_TEST(apply_after_the_end_is_illegal)
{
    crown_game *g = new_game(KD, "players=2", 13);
    crown_move m[256];
    size_t n;
    while (!terminal(g)) {
        OK(crown_legal_moves(g, m, 256, &n));
        OK(crown_apply(g, m[n - 1]));
    }
    OK(crown_legal_moves(g, m, 256, &n));
    ck_assert_uint_eq(n, 0);
    ck_assert_int_eq(current(g), CROWN_TERMINAL);
    snap s = take_snap(g);
    ck_assert_int_eq(crown_apply(g, CROWN_KD_TAKE), CROWN_EILLEGAL);
    ck_assert_msg(strstr(crown_last_error(g), "over"), "%s", crown_last_error(g));
    assert_unchanged(g, &s);
    crown_free(g);
}
END_TEST

START_TEST(undo_with_nothing_to_undo)
{
    crown_game *g = new_game(KD, "players=2", 14);
    snap s = take_snap(g);
    ck_assert_int_eq(crown_undo(g), CROWN_ENOUNDO); /* the deal is not a decision */
    assert_error_message(g);
    assert_unchanged(g, &s);
    crown_free(g);
    g = new_game(KD, "players=2,chance=explicit", 14);
    size_t n;
    OK(crown_history_length(g, &n));
    ck_assert_uint_eq(n, 0);
    ck_assert_int_eq(crown_undo(g), CROWN_ENOUNDO);
    crown_move m[64];
    OK(crown_legal_moves(g, m, 64, &n));
    OK(crown_apply(g, m[3]));
    OK(crown_undo(g)); /* a chance outcome is undone alone */
    OK(crown_history_length(g, &n));
    ck_assert_uint_eq(n, 0);
    crown_free(g);
}
END_TEST

START_TEST(undo_takes_back_decision_with_its_draws)
{
    crown_game *g = new_game(KD, "players=2", 15);
    size_t h0, h1, n;
    OK(crown_history_length(g, &h0));
    ck_assert_uint_eq(h0, 13); /* 12 cards dealt and the trump */
    crown_move m[256];
    /* Play until a decision causes draws (a bout ends). */
    for (;;) {
        OK(crown_legal_moves(g, m, 256, &n));
        snap s = take_snap(g);
        OK(crown_history_length(g, &h0));
        OK(crown_apply(g, m[0]));
        OK(crown_history_length(g, &h1));
        if (h1 > h0 + 1) {
            OK(crown_undo(g));
            assert_unchanged(g, &s);
            break;
        }
        free(s.text);
    }
    crown_free(g);
}
END_TEST

START_TEST(history_copies)
{
    crown_game *g = new_game(KD, "players=2", 16);
    size_t n, n2;
    OK(crown_history_length(g, &n));
    crown_move *h = malloc(n * sizeof *h);
    ck_assert_int_eq(crown_history(g, h, n - 1, &n2), CROWN_ETOOSMALL);
    ck_assert_uint_eq(n2, n);
    OK(crown_history(g, h, n, &n2));
    for (size_t i = 0; i < n; i++)
        ck_assert(CROWN_KD_IS_CHANCE(h[i]));
    free(h);
    crown_free(g);
}
END_TEST

START_TEST(chance_outcomes_only_at_chance_nodes)
{
    crown_game *g = new_game(KD, "players=2", 17);
    size_t n;
    snap s = take_snap(g);
    ck_assert_int_eq(crown_chance_outcomes(g, NULL, NULL, 0, &n), CROWN_ESTATE);
    assert_error_message(g);
    assert_unchanged(g, &s);
    crown_free(g);
    g = new_game(KD, "players=2,chance=explicit", 17);
    ck_assert_int_eq(current(g), CROWN_CHANCE);
    ck_assert_int_eq(crown_chance_outcomes(g, NULL, NULL, 0, &n), CROWN_ETOOSMALL);
    ck_assert_uint_eq(n, 40);
    double p[40];
    crown_move m[40];
    OK(crown_chance_outcomes(g, NULL, p, 40, &n));
    OK(crown_chance_outcomes(g, m, NULL, 40, &n));
    for (int i = 0; i < 40; i++) {
        ck_assert_double_eq_tol(p[i], 1.0 / 40, 1e-12);
        ck_assert_int_eq(m[i], i);
    }
    /* With room for any list (the size crown_legal_moves writes straight
     * into), either buffer alone is filled as well. */
    static double pbig[CROWN_MAX_MOVES_HINT];
    static crown_move mbig[CROWN_MAX_MOVES_HINT];
    for (int i = 0; i < 40; i++)
        pbig[i] = -1, mbig[i] = -1;
    crown_free(g);
    g = new_game(KD, "players=2,chance=explicit", 17); /* nothing listed yet */
    OK(crown_chance_outcomes(g, NULL, pbig, CROWN_MAX_MOVES_HINT, &n));
    ck_assert_uint_eq(n, 40);
    crown_free(g);
    g = new_game(KD, "players=2,chance=explicit", 17);
    OK(crown_chance_outcomes(g, mbig, NULL, CROWN_MAX_MOVES_HINT, &n));
    for (int i = 0; i < 40; i++) {
        ck_assert_double_eq_tol(pbig[i], 1.0 / 40, 1e-12);
        ck_assert_int_eq(mbig[i], i);
    }
    crown_free(g);
}
END_TEST

START_TEST(move_text_round_trip_and_errors)
{
    crown_game *g = new_game(KD, "players=2", 18);
    crown_move m[256], back;
    size_t n, len;
    OK(crown_legal_moves(g, m, 256, &n));
    char t[64];
    OK(crown_move_to_text(g, m[0], t, sizeof t, &len));
    OK(crown_move_from_text(g, t, &back));
    ck_assert_int_eq(back, m[0]);
    /* Case and spaces do not matter. */
    char u[80];
    snprintf(u, sizeof u, "   %s  ", t);
    for (char *p = u; *p; p++)
        if (*p >= 'a' && *p <= 'z')
            *p = (char)(*p - 'a' + 'A');
    OK(crown_move_from_text(g, u, &back));
    ck_assert_int_eq(back, m[0]);
    snap s = take_snap(g);
    ck_assert_int_eq(crown_move_to_text(g, 240, t, sizeof t, &len), CROWN_EILLEGAL);
    ck_assert_int_eq(crown_move_to_text(g, m[0], t, 2, &len), CROWN_ETOOSMALL);
    ck_assert_str_eq(t, "");
    ck_assert_int_eq(crown_move_from_text(g, "take", &back), CROWN_EILLEGAL);
    ck_assert_msg(strstr(crown_last_error(g), "'take' is not a legal move now"), "%s",
                  crown_last_error(g));
    ck_assert_int_eq(crown_move_from_text(g, "wibble", &back), CROWN_EPARSE);
    ck_assert_msg(strstr(crown_last_error(g), "cannot read 'wibble' as a move"), "%s",
                  crown_last_error(g));
    ck_assert_int_eq(crown_move_from_text(g, "", &back), CROWN_EPARSE);
    ck_assert_int_eq(crown_move_from_text(g, "lead", &back), CROWN_EPARSE);
    ck_assert_int_eq(crown_move_from_text(g, "lead ZZ", &back), CROWN_EPARSE);
    char longtext[1000];
    memset(longtext, 'x', sizeof longtext - 1);
    longtext[sizeof longtext - 1] = '\0';
    ck_assert_int_eq(crown_move_from_text(g, longtext, &back), CROWN_EPARSE);
    /* A long text is quoted cut, and says so. */
    ck_assert_msg(strstr(crown_last_error(g), "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"),
                  "%s", crown_last_error(g));
    assert_unchanged(g, &s);
    crown_free(g);
}
END_TEST

/* ---- views and results ------------------------------------------------ */

START_TEST(observation_errors)
{
    crown_game *g = new_game(KD, "players=3", 19);
    snap s = take_snap(g);
    size_t len;
    char buf[8];
    ck_assert_int_eq(crown_observation(g, 3, buf, sizeof buf, &len), CROWN_EINVAL);
    ck_assert_int_eq(crown_observation(g, -5, buf, sizeof buf, &len), CROWN_EINVAL);
    ck_assert_int_eq(crown_observation(g, CROWN_CHANCE, buf, sizeof buf, &len), CROWN_EINVAL);
    ck_assert_int_eq(crown_observation(g, 0, buf, sizeof buf, &len), CROWN_ETOOSMALL);
    ck_assert_str_eq(buf, "");
    ck_assert_uint_gt(len, sizeof buf);
    for (int v = CROWN_OMNISCIENT; v < 3; v++) {
        if (v == CROWN_CHANCE || v == CROWN_TERMINAL)
            continue;
        char *o = observe(g, v);
        ck_assert_uint_gt(strlen(o), 0);
        free(o);
    }
    assert_unchanged(g, &s);
    crown_free(g);
}
END_TEST

START_TEST(returns_and_scores)
{
    crown_game *g = new_game(KD, "players=3", 20);
    double r[3];
    size_t n;
    ck_assert_int_eq(crown_returns(g, r, 2, &n), CROWN_ETOOSMALL);
    ck_assert_uint_eq(n, 3);
    OK(crown_returns(g, r, 3, &n));
    for (int i = 0; i < 3; i++)
        ck_assert_double_eq(r[i], 0.0);
    ck_assert_int_eq(crown_scores(g, r, 0, &n), CROWN_ETOOSMALL);
    ck_assert_uint_eq(n, 3);
    OK(crown_scores(g, r, 3, &n));
    crown_free(g);
}
END_TEST

/* ---- playouts ---------------------------------------------------------- */

/* Plays n random moves (chance ones too). */
static void walk(crown_game *g, uint64_t seed, int n)
{
    trng r = {seed};
    crown_move m[16384];
    size_t k;
    for (int i = 0; i < n && !terminal(g); i++) {
        OK(crown_legal_moves(g, m, 16384, &k));
        OK(crown_apply(g, m[trng_below(&r, k)]));
    }
}

/* A playout leaves the game as it was, is the same for the same seed, ends
 * the game (returns of an end: zero-sum where the game is), and the batch
 * form is the mean of single playouts. */
START_TEST(playout_restores_the_game)
{
    static const char *const games[][2] = {
        {KD, "players=3"},
        {KD, "players=2,chance=explicit"},
        {"kings_family", ""},
        {"kings_blood", "players=4,advanced=on"},
        {"blood_bound", "players=9,chance=explicit"},
    };
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        crown_game *g = new_game(games[i][0], games[i][1], 3);
        walk(g, 5, 6);
        int np;
        OK(crown_num_players(g, &np));
        crown_move before_moves[16384], after_moves[16384];
        size_t nb, na, hl, hl2;
        OK(crown_legal_moves(g, before_moves, 16384, &nb));
        OK(crown_history_length(g, &hl));
        snap before = take_snap(g);
        double r1[12], r2[12], mean[12], sum[12] = {0};
        size_t n;
        int differ = 0;
        for (uint64_t seed = 100; seed < 140; seed++) {
            OK(crown_playout(g, seed, r1, 12, &n));
            ck_assert_uint_eq(n, (size_t)np);
            OK(crown_playout(g, seed, r2, 12, &n));
            double total = 0;
            for (int p = 0; p < np; p++) {
                ck_assert(r1[p] == r2[p]);
                sum[p] += r1[p];
                total += r1[p];
                differ |= seed > 100 && r1[p] != sum[p] / (double)(seed - 99);
            }
            if (strcmp(games[i][0], "kings_family") != 0)
                ck_assert(total > -1e-9 && total < 1e-9);
        }
        ck_assert_msg(differ, "%s: every playout gave the same returns", games[i][0]);
        OK(crown_playouts(g, 100, 40, mean, 12, &n));
        for (int p = 0; p < np; p++)
            ck_assert(fabs(mean[p] - sum[p] / 40) < 1e-9);
        OK(crown_history_length(g, &hl2));
        ck_assert_uint_eq(hl, hl2);
        OK(crown_legal_moves(g, after_moves, 16384, &na));
        ck_assert_uint_eq(na, nb);
        ck_assert(memcmp(before_moves, after_moves, na * sizeof *after_moves) == 0);
        assert_unchanged(g, &before);
        crown_free(g);
    }
}
END_TEST

/* A playout plays uniformly random moves: from the start of a 2-player
 * Game of Kingdoms, its mean return for seat 0 agrees with the mean of
 * random games played through the API. */
START_TEST(playout_is_a_random_game)
{
    crown_game *g = new_game(KD, "players=2", 1);
    int games = scaled(1000);
    double mean[2];
    size_t n;
    OK(crown_playouts(g, 1, (size_t)games, mean, 2, &n));
    double api = 0;
    for (int k = 0; k < games; k++) {
        crown_game *h = new_game(KD, "players=2", 1 + (uint64_t)k * 7919);
        walk(h, (uint64_t)k, INT_MAX);
        double r[2];
        OK(crown_returns(h, r, 2, &n));
        api += r[0];
        crown_free(h);
    }
    api /= games;
    /* Returns are in [-1, 1]: each mean's standard error is at most
     * 1/sqrt(games); allow 5 of them. */
    double tolerance = 5.0 / sqrt((double)games);
    ck_assert_msg(fabs(mean[0] - api) < tolerance, "playouts %g, API %g", mean[0], api);
    /* At the end, a playout gives the returns of the end. */
    walk(g, 3, INT_MAX);
    double r[2], q[2];
    OK(crown_returns(g, r, 2, &n));
    OK(crown_playout(g, 9, q, 2, &n));
    ck_assert(r[0] == q[0] && r[1] == q[1]);
    crown_free(g);
}
END_TEST

START_TEST(playout_errors_change_nothing)
{
    crown_game *g = new_game(KD, "players=3", 4);
    walk(g, 2, 10);
    snap before = take_snap(g);
    double r[3];
    size_t n = 0;
    ck_assert_int_eq(crown_playout(g, 1, r, 2, &n), CROWN_ETOOSMALL);
    ck_assert_uint_eq(n, 3);
    assert_error_message(g);
    ck_assert_int_eq(crown_playout(g, 1, NULL, 3, &n), CROWN_EINVAL);
    ck_assert_int_eq(crown_playout(g, 1, r, 3, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_playouts(g, 1, 0, r, 3, &n), CROWN_EINVAL);
    assert_error_message(g);
    ck_assert_int_eq(crown_playouts(g, 1, 5, r, 0, &n), CROWN_ETOOSMALL);
    assert_unchanged(g, &before);
    crown_free(g);
}
END_TEST

/* ---- clone, determinism, threads -------------------------------------- */

START_TEST(clone_is_independent)
{
    crown_game *g = new_game(KD, "players=4,variant=ruthless", 21);
    crown_move m[256];
    size_t n;
    for (int i = 0; i < 5; i++) {
        OK(crown_legal_moves(g, m, 256, &n));
        OK(crown_apply(g, m[n / 2]));
    }
    crown_game *c;
    OK(crown_clone(&c, g));
    snap s = take_snap(g);
    snap sc = take_snap(c);
    ck_assert_str_eq(s.text, sc.text);
    free(sc.text);
    OK(crown_legal_moves(c, m, 256, &n));
    OK(crown_apply(c, m[0]));
    OK(crown_undo(c));
    OK(crown_undo(c)); /* the clone undoes into the shared past */
    assert_unchanged(g, &s);
    uint64_t seed;
    OK(crown_seed(c, &seed));
    ck_assert_uint_eq(seed, 21);
    crown_free(c);
    crown_free(g);
}
END_TEST

/* A clone made after its original listed its moves (which the handle
 * keeps, for the apply that follows) lists and plays exactly the moves of
 * the position, as one made before the listing, or after a move or an
 * undo, does: in every game, at chance nodes too. */
START_TEST(clone_carries_the_listed_moves)
{
    static const char *const games[][2] = {
        {"game_of_kingdoms", "players=4,variant=ruthless"},
        {"game_of_kingdoms", "players=3,chance=explicit"},
        {"kings_family", ""},
        {"kings_blood", "players=4,advanced=on"},
        {"kings_blood", "players=3,chance=explicit"},
        {"blood_bound", "players=9"},
        {"blood_bound", "players=7,chance=explicit"},
    };
    static crown_move m[16384], mc[16384], ml[16384];
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        crown_game *g = new_game(games[gi][0], games[gi][1], 30 + gi);
        trng r = {gi};
        for (int step = 0; step < 120 && !terminal(g); step++) {
            size_t n, nc, nl;
            int listed = trng_below(&r, 3) != 0;
            if (listed)
                OK(crown_legal_moves(g, m, 16384, &n));
            crown_game *c, *l;
            OK(crown_clone(&c, g));
            char *text = serialize(g);
            OK(crown_deserialize(&l, text));
            free(text);
            OK(crown_legal_moves(c, mc, 16384, &nc));
            OK(crown_legal_moves(l, ml, 16384, &nl));
            ck_assert_uint_eq(nc, nl);
            ck_assert(memcmp(mc, ml, nl * sizeof *ml) == 0);
            /* A fresh clone refuses a move that is not of the position and
             * plays one that is. */
            crown_free(c);
            OK(crown_clone(&c, g));
            crown_move bad = 0;
            for (size_t i = 0; i < nl; i++)
                if (ml[i] == bad) {
                    bad++;
                    i = (size_t)-1;
                }
            ck_assert_int_eq(crown_apply(c, bad), CROWN_EILLEGAL);
            crown_free(c);
            OK(crown_clone(&c, g));
            crown_move x = ml[trng_below(&r, nl)];
            OK(crown_apply(c, x));
            OK(crown_apply(l, x));
            snap sl = take_snap(l);
            assert_unchanged(c, &sl);
            crown_free(c);
            crown_free(l);
            if (listed && trng_below(&r, 4) == 0 && crown_undo(g) == CROWN_OK)
                continue; /* (after an undo, nothing is listed) */
            OK(crown_legal_moves(g, m, 16384, &n));
            OK(crown_apply(g, m[trng_below(&r, n)]));
        }
        crown_free(g);
    }
}
END_TEST

/* Clones share their history (moved once into shared chunks, not copied):
 * random trees of clones (and copies of one handle into another), each
 * playing on, undoing back into the shared past and beyond the points it
 * was cloned at, freed in any order, stay exactly the games their moves
 * make. */
START_TEST(clones_share_the_history_exactly)
{
    static const char *const games[][2] = {
        {"game_of_kingdoms", "players=3"},
        {"game_of_kingdoms", "players=2,chance=explicit"},
        {"kings_blood", "players=3,advanced=on"},
        {"blood_bound", "players=7"},
    };
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        trng r = {gi + 1};
        enum { MAX = 10 };
        crown_game *h[MAX];
        int live = 1;
        h[0] = new_game(games[gi][0], games[gi][1], 40 + gi);
        walk(h[0], 1, 12);
        for (int op = 0; op < 60; op++) {
            int k = (int)trng_below(&r, (size_t)live), what = (int)trng_below(&r, 5);
            if (what == 0 && live < MAX) {
                OK(crown_clone(&h[live], h[k]));
                live++;
            } else if (what == 4) {
                OK(crown_copy(h[k], h[trng_below(&r, (size_t)live)]));
            } else if (what == 1) {
                walk(h[k], op, 1 + (int)trng_below(&r, 8));
            } else if (what == 2) {
                for (int u = (int)trng_below(&r, 12); u > 0 && crown_undo(h[k]) == CROWN_OK; u--)
                    ;
            } else if (live > 1) {
                crown_free(h[k]);
                h[k] = h[--live];
            }
            for (int i = 0; i < live; i++)
                assert_same_as_loaded(h[i]);
        }
        for (int i = 0; i < live; i++)
            crown_free(h[i]);
    }
}
END_TEST

/* crown_copy makes a handle the position of another, of the same game
 * whatever its options, and leaves the source as it was; the copy plays
 * on and undoes back through the source's history. */
START_TEST(copy_resets_a_handle_to_a_position)
{
    static const char *const games[][3] = {
        {"game_of_kingdoms", "players=4,variant=ruthless", "players=2"},
        {"kings_family", "", "chance=explicit"},
        {"kings_blood", "players=3,advanced=on", "players=6"},
        {"blood_bound", "players=7", "players=12,chance=explicit"},
    };
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        crown_game *g = new_game(games[gi][0], games[gi][1], 60 + gi);
        crown_game *d = new_game(games[gi][0], games[gi][2], 70 + gi);
        walk(d, 3, 30); /* (d has moves of its own, which the copy replaces) */
        for (int round = 0; round < 4; round++) {
            walk(g, round, 7);
            snap s = take_snap(g);
            static crown_move lg[16384], ld[16384];
            size_t ng, nd;
            if (round % 2) { /* (g's cached moves come along, or are listed again) */
                static uint8_t mask[65536];
                OK(crown_legal_mask(g, mask, sizeof mask, &ng)); /* (it caches them) */
                OK(crown_legal_moves(g, lg, 100, &ng));
            }
            /* dst keeps its message. */
            ck_assert_int_eq(crown_apply(d, -12345), CROWN_EILLEGAL);
            char message[256];
            snprintf(message, sizeof message, "%s", crown_last_error(d));
            OK(crown_copy(d, g));
            ck_assert_str_eq(crown_last_error(d), message);
            OK(crown_legal_moves(g, lg, 16384, &ng));
            OK(crown_legal_moves(d, ld, 16384, &nd));
            ck_assert_uint_eq(ng, nd);
            ck_assert(memcmp(lg, ld, ng * sizeof *lg) == 0);
            snap sd = take_snap(d);
            ck_assert_str_eq(s.text, sd.text);
            ck_assert_uint_eq(s.hash, sd.hash);
            free(sd.text);
            assert_same_as_loaded(d);
            walk(d, 100 + round, 5);
            int undone = 0; /* back into g's past, as far as undo goes */
            while (undone < 5 + 7 * round && crown_undo(d) == CROWN_OK)
                undone++;
            ck_assert_int_ge(undone, 5);
            assert_same_as_loaded(d);
            assert_unchanged(g, &s);
        }
        OK(crown_copy(d, d)); /* itself: nothing happens */
        assert_same_as_loaded(d);
        /* Back to other options (and configuration). */
        crown_game *e = new_game(games[gi][0], games[gi][2], 80 + gi);
        walk(e, 9, 12);
        snap se = take_snap(e);
        OK(crown_copy(d, e));
        snap sd = take_snap(d);
        ck_assert_str_eq(se.text, sd.text);
        free(sd.text);
        walk(d, 10, 8);
        assert_same_as_loaded(d);
        assert_unchanged(e, &se);
        crown_free(e);
        crown_free(g);
        crown_free(d);
    }
}
END_TEST

START_TEST(copy_refuses_and_changes_nothing)
{
    crown_game *g = new_game(KD, "players=3", 5), *k = new_game("kings_blood", "players=3", 5);
    walk(g, 1, 6);
    snap s = take_snap(g), sk = take_snap(k);
    ck_assert_int_eq(crown_copy(NULL, g), CROWN_EINVAL);
    ck_assert_int_eq(crown_copy(g, NULL), CROWN_EINVAL);
    ck_assert_str_eq(crown_last_error(g), "invalid argument: src is NULL");
    ck_assert_int_eq(crown_copy(g, k), CROWN_EINVAL);
    ck_assert_str_eq(crown_last_error(g),
                     "invalid argument: src is a game of kings_blood, dst of game_of_kingdoms");
    assert_unchanged(g, &s);
    assert_unchanged(k, &sk);
    crown_free(g);
    crown_free(k);
}
END_TEST

/* ---- the dense action index ------------------------------------------ */

static const char *const index_games[][2] = {
    {"game_of_kingdoms", "players=2"},
    {"game_of_kingdoms", "players=6,variant=ruthless,chance=explicit"},
    {"kings_family", ""},
    {"kings_family", "deck=B1m B1m R2f R3m G4f Y5m B6f R7m G8f Y9m B2m R1f G1m Y2f B3f R4m G5f "
                     "exile exile new-connection assassination enthronement"},
    {"kings_blood", "players=4"},
    {"kings_blood", "players=3,advanced=on,chance=explicit"},
    {"kings_blood", "players=2,deck=B1m B2f G3m Y4f B5m R6f G7m Y8f B9m R1f G2m Y3f B4m R5f G6m "
                    "Y7f B8m R9f G1f Y2m B3f R4m"}, /* (no Events) */
    {"blood_bound", "players=6"},
    {"blood_bound", "players=7"},
    {"blood_bound", "players=11,chance=explicit"},
    {"blood_bound", "players=12"},
};

/* crown_undo_depth is the number of undos that succeed, in both chance
 * modes, through clones' shared histories and loaded games. */
START_TEST(undo_depth_counts_the_undos)
{
    for (size_t gi = 0; gi < sizeof index_games / sizeof index_games[0]; gi++) {
        crown_game *g = new_game(index_games[gi][0], index_games[gi][1], 20 + gi);
        size_t depth;
        OK(crown_undo_depth(g, &depth));
        /* (with chance=auto the deal cannot be undone; with explicit, nothing is dealt yet) */
        ck_assert_uint_eq(depth, 0);
        walk(g, gi, 25);
        crown_game *c;
        OK(crown_clone(&c, g));
        walk(c, gi + 1, 10);
        char *text = serialize(c);
        crown_game *l;
        OK(crown_deserialize(&l, text));
        free(text);
        crown_game *each[] = {g, c, l};
        for (int k = 0; k < 3; k++) {
            OK(crown_undo_depth(each[k], &depth));
            ck_assert_uint_gt(depth, 5);
            size_t undone = 0, now;
            while (crown_undo(each[k]) == CROWN_OK) {
                undone++;
                OK(crown_undo_depth(each[k], &now));
                ck_assert_uint_eq(now, depth - undone);
            }
            ck_assert_uint_eq(undone, depth);
        }
        ck_assert_int_eq(crown_undo_depth(g, NULL), CROWN_EINVAL);
        ck_assert_int_eq(crown_undo_depth(NULL, &depth), CROWN_EINVAL);
        crown_free(l);
        crown_free(c);
        crown_free(g);
    }
}
END_TEST

/* Every index has a move, whose index it is, in the order of the ids. */
START_TEST(action_index_is_a_bijection)
{
    for (size_t gi = 0; gi < sizeof index_games / sizeof index_games[0]; gi++) {
        crown_game *g = new_game(index_games[gi][0], index_games[gi][1], 3);
        size_t n, back;
        OK(crown_num_distinct_moves(g, &n));
        ck_assert_uint_gt(n, 1);
        crown_move prev = -1, m;
        for (size_t i = 0; i < n; i++) {
            OK(crown_index_move(g, i, &m));
            ck_assert_msg(m > prev, "%s %s: index %zu: move %ld after %ld", index_games[gi][0],
                          index_games[gi][1], i, (long)m, (long)prev);
            OK(crown_move_index(g, m, &back));
            ck_assert_uint_eq(back, i);
            prev = m;
        }
        ck_assert_int_eq(crown_index_move(g, n, &m), CROWN_EINVAL);
        ck_assert(strstr(crown_last_error(g), "is not below") != NULL);
        /* Not decisions: chance outcomes (card or role ids), negative and
         * malformed values. */
        crown_move bad[] = {0, 1, 39, -1, INT32_MIN, INT32_MAX, (crown_move)1 << 30};
        for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
            ck_assert_int_eq(crown_move_index(g, bad[k], &back), CROWN_EINVAL);
            ck_assert(strstr(crown_last_error(g), "is no decision of") != NULL);
        }
        /* Malformed encodings of real kinds. */
        crown_move malformed[8];
        int nm = 0;
        if (strcmp(index_games[gi][0], "game_of_kingdoms") == 0) {
            malformed[nm++] = CROWN_KD_LEAD(3, 0);        /* no colour */
            malformed[nm++] = CROWN_KD_BEAT(5, 40);       /* no such defence */
            malformed[nm++] = CROWN_KD_ADD(0) + 40;       /* no such card */
        } else if (strcmp(index_games[gi][0], "blood_bound") == 0) {
            malformed[nm++] = CROWN_BB_LOOK(3, 1);        /* a > b */
            malformed[nm++] = CROWN_BB_LOOK(2, 2);
            malformed[nm++] = CROWN_BB_MOVE(CROWN_BB_K_ATTACK, 1, 1); /* b set */
            malformed[nm++] = CROWN_BB_ATTACK(12);        /* no such seat */
            malformed[nm++] = CROWN_BB_TOKEN(4);          /* no such token */
            malformed[nm++] = CROWN_BB_CURSES(1, 1 << 1 | 1 << 2 | 1 << 3); /* True among the False */
            malformed[nm++] = CROWN_BB_CURSES(0, 0xF0);   /* four False Curses */
            malformed[nm++] = CROWN_BB_OFFER | 1;         /* a single move with b set */
        } else {
            malformed[nm++] = CROWN_KB_MOVE(CROWN_KB_K_PLAY, 1, 0, 1, 0); /* a seat in a play */
            malformed[nm++] = CROWN_KB_PLACE(1, 0) | 5 << 8;             /* a card in a place */
            malformed[nm++] = CROWN_KB_DRAW | 1;                          /* a side in a draw */
            malformed[nm++] = CROWN_KB_PLAY(0, 127, 0);                   /* no such target */
        }
        for (int k = 0; k < nm; k++)
            ck_assert_msg(crown_move_index(g, malformed[k], &back) == CROWN_EINVAL,
                          "%s %s: malformed move %ld has index %zu", index_games[gi][0],
                          index_games[gi][1], (long)malformed[k], back);
        ck_assert_int_eq(crown_num_distinct_moves(g, NULL), CROWN_EINVAL);
        ck_assert_int_eq(crown_move_index(g, prev, NULL), CROWN_EINVAL);
        ck_assert_int_eq(crown_index_move(g, 0, NULL), CROWN_EINVAL);
        ck_assert_int_eq(crown_num_distinct_moves(NULL, &n), CROWN_EINVAL);
        crown_free(g);
    }
}
END_TEST

/* The mask is the legal moves, at every decision of random games; empty
 * at chance nodes and at the end. */
START_TEST(legal_mask_is_the_legal_moves)
{
    for (size_t gi = 0; gi < sizeof index_games / sizeof index_games[0]; gi++) {
        crown_game *g = new_game(index_games[gi][0], index_games[gi][1], 11 + gi);
        size_t n, count, nl;
        OK(crown_num_distinct_moves(g, &n));
        uint8_t *mask = malloc(n);
        static crown_move legal[16384];
        trng r = {gi + 5};
        int decisions = 0, chance = 0;
        for (;;) {
            int p = current(g);
            OK(crown_legal_mask(g, mask, n, &count));
            ck_assert_uint_eq(count, n);
            OK(crown_legal_moves(g, legal, 16384, &nl));
            size_t set = 0;
            for (size_t i = 0; i < n; i++)
                set += mask[i];
            if (p < 0) {
                ck_assert_uint_eq(set, 0);
                chance += p == CROWN_CHANCE;
            } else {
                ck_assert_uint_eq(set, nl);
                for (size_t i = 0; i < nl; i++) {
                    size_t at;
                    OK(crown_move_index(g, legal[i], &at));
                    ck_assert_int_eq(mask[at], 1);
                }
                decisions++;
            }
            if (p == CROWN_TERMINAL)
                break;
            OK(crown_apply(g, legal[trng_below(&r, nl)]));
        }
        ck_assert_msg(decisions > 5, "%s %s: %d decisions", index_games[gi][0], index_games[gi][1],
                      decisions);
        if (strstr(index_games[gi][1], "explicit"))
            ck_assert_int_gt(chance, 0);
        /* Too small, NULL. */
        snap s = take_snap(g);
        ck_assert_int_eq(crown_legal_mask(g, mask, n - 1, &count), CROWN_ETOOSMALL);
        ck_assert_uint_eq(count, n);
        ck_assert_int_eq(crown_legal_mask(g, NULL, 0, &count), CROWN_ETOOSMALL);
        ck_assert_uint_eq(count, n);
        ck_assert_int_eq(crown_legal_mask(g, NULL, n, &count), CROWN_EINVAL);
        ck_assert_int_eq(crown_legal_mask(g, mask, n, NULL), CROWN_EINVAL);
        assert_unchanged(g, &s);
        free(mask);
        crown_free(g);
    }
}
END_TEST

static char *play_out(uint64_t seed, const char *options)
{
    crown_game *g = new_game(KD, options, seed);
    walk(g, seed, INT_MAX);
    ck_assert(terminal(g));
    char *text = serialize(g);
    crown_free(g);
    return text;
}

START_TEST(same_seed_same_game)
{
    char *a = play_out(77, "players=5,variant=ruthless");
    char *b = play_out(77, "players=5,variant=ruthless");
    char *c = play_out(78, "players=5,variant=ruthless");
    ck_assert_str_eq(a, b);
    ck_assert_str_ne(a, c);
    free(a);
    free(b);
    free(c);
}
END_TEST

/* The first cards dealt for seed 1 are fixed forever: a change of the
 * generator would silently change every saved game and experiment. */
START_TEST(seeded_deal_is_stable)
{
    crown_game *g = new_game(KD, "players=2", 1);
    crown_move h[13];
    size_t n;
    OK(crown_history(g, h, 13, &n));
    char *o = observe(g, CROWN_OMNISCIENT);
    crown_game *e = new_game(KD, "players=2,chance=explicit", 1);
    for (size_t i = 0; i < n; i++)
        OK(crown_apply(e, h[i]));
    char *oe = observe(e, CROWN_OMNISCIENT);
    ck_assert_str_eq(o, oe);
    free(oe);
    crown_free(e);
    free(o);
    static const crown_move expect[13] = {6, 30, 25, 8, 24, 35, 14, 34, 10, 3, 1, 13, 33};
    ck_assert_uint_eq(n, 13);
    for (int i = 0; i < 13; i++)
        ck_assert_int_eq(h[i], expect[i]);
    crown_free(g);
}
END_TEST

typedef struct job {
    uint64_t seed;
    char *text;
} job;

static void *thread_main(void *arg)
{
    job *j = arg;
    j->text = play_out(j->seed, "players=6,variant=ruthless");
    return NULL;
}

START_TEST(handles_on_separate_threads)
{
    enum { N = 4 };
    job jobs[N];
    pthread_t th[N];
    for (int i = 0; i < N; i++) {
        jobs[i].seed = 500 + (uint64_t)i;
        ck_assert_int_eq(pthread_create(&th[i], NULL, thread_main, &jobs[i]), 0);
    }
    for (int i = 0; i < N; i++)
        ck_assert_int_eq(pthread_join(th[i], NULL), 0);
    for (int i = 0; i < N; i++) {
        char *alone = play_out(jobs[i].seed, "players=6,variant=ruthless");
        ck_assert_str_eq(alone, jobs[i].text);
        free(alone);
        free(jobs[i].text);
    }
}
END_TEST

/* ---- save and load ---------------------------------------------------- */

static void expect_load_error(const char *text, int code, const char *fragment)
{
    crown_game *g = (crown_game *)(uintptr_t)1;
    char err[256] = "";
    int rc = crown_deserialize_ex(&g, text, err, sizeof err);
    ck_assert_msg(rc == code, "got %d (%s) for:\n%s", rc, err, text);
    ck_assert_ptr_null(g);
    ck_assert_msg(strstr(err, fragment), "message '%s' lacks '%s'", err, fragment);
}

/* A short saved game: 2 players, seed 5, the deal and one decision. */
static char *short_save(void)
{
    crown_game *g = new_game(KD, "players=2", 5);
    crown_move m[256];
    size_t n;
    OK(crown_legal_moves(g, m, 256, &n));
    OK(crown_apply(g, m[0]));
    char *t = serialize(g);
    crown_free(g);
    return t;
}

static char *replace(const char *s, const char *from, const char *to)
{
    const char *p = strstr(s, from);
    ck_assert_ptr_nonnull(p);
    char *r = malloc(strlen(s) + strlen(to) + 1);
    size_t k = (size_t)(p - s);
    memcpy(r, s, k);
    strcpy(r + k, to);
    strcat(r, p + strlen(from));
    return r;
}

START_TEST(load_round_trip)
{
    char *t = short_save();
    ck_assert_msg(strncmp(t, "crown-save 1\ngame game_of_kingdoms:players=2,", 44) == 0, "%s",
                  t);
    crown_game *g;
    OK(crown_deserialize(&g, t));
    char *t2 = serialize(g);
    ck_assert_str_eq(t, t2);
    free(t2);
    crown_free(g);
    /* Windows line ends are accepted. */
    size_t len = strlen(t), k = 0;
    char *crlf = malloc(2 * len + 1);
    for (size_t i = 0; i < len; i++) {
        if (t[i] == '\n')
            crlf[k++] = '\r';
        crlf[k++] = t[i];
    }
    crlf[k] = '\0';
    OK(crown_deserialize(&g, crlf));
    crown_free(g);
    free(crlf);
    /* The draws are read from the text, not from the seed: under another
     * seed the same text gives the same game (only the seed differs). */
    char *seedline = strstr(t, "\nseed ");
    ck_assert_ptr_nonnull(seedline);
    char *other = malloc(strlen(t) + 32);
    ck_assert_ptr_nonnull(other);
    const char *rest = strchr(seedline + 1, '\n');
    sprintf(other, "%.*s\nseed 987654321%s", (int)(seedline - t), t, rest);
    OK(crown_deserialize(&g, other));
    char *t3 = serialize(g);
    ck_assert_str_eq(t3, other);
    free(t3);
    crown_free(g);
    free(other);
    free(t);
}
END_TEST

/* A loaded game undoes like the game it was saved from, back to its start
 * (chance=auto: the deal; chance=explicit: the first move), in every game,
 * and plays the same moves again with the same draws. */
START_TEST(a_loaded_game_undoes_to_the_start)
{
    for (size_t k = 0; k < crown_game_count(); k++) {
        const char *name = crown_game_name(k);
        for (int explicit_chance = 0; explicit_chance < 2; explicit_chance++) {
            crown_game *g = new_game(name, explicit_chance ? "chance=explicit" : "", 40 + k);
            crown_game *fresh = new_game(name, explicit_chance ? "chance=explicit" : "", 40 + k);
            trng r = {k};
            random_moves(g, 80, &r);
            char *text = serialize(g);
            crown_game *l;
            OK(crown_deserialize(&l, text));
            size_t n, depth_g, depth_l, undone = 0;
            OK(crown_history_length(g, &n));
            crown_move *hist = malloc(n * sizeof *hist);
            OK(crown_history(g, hist, n, &n));
            for (;;) {
                uint64_t a, b;
                OK(crown_state_hash(g, &a));
                OK(crown_state_hash(l, &b));
                ck_assert_uint_eq(a, b);
                OK(crown_undo_depth(g, &depth_g));
                OK(crown_undo_depth(l, &depth_l));
                ck_assert_uint_eq(depth_g, depth_l);
                int rg = crown_undo(g), rl = crown_undo(l);
                ck_assert_int_eq(rg, rl);
                if (rl != CROWN_OK)
                    break;
                undone++;
            }
            ck_assert_int_eq(crown_undo(l), CROWN_ENOUNDO);
            ck_assert_uint_gt(undone, 0);
            /* At the start: the state crown_new makes. */
            uint64_t a, b;
            OK(crown_state_hash(l, &a));
            OK(crown_state_hash(fresh, &b));
            ck_assert_msg(a == b, "%s: a loaded game undone is not at the start", name);
            size_t at, at_fresh;
            OK(crown_history_length(l, &at));
            OK(crown_history_length(fresh, &at_fresh));
            ck_assert_uint_eq(at, at_fresh);
            if (explicit_chance)
                ck_assert_uint_eq(at, 0);
            /* The same moves again: the same game as the one saved. */
            crown_free(g);
            OK(crown_deserialize(&g, text));
            for (size_t i = at; i < n; i++) {
                int who;
                OK(crown_history_player(g, i, &who));
                if (who != CROWN_CHANCE || explicit_chance)
                    OK(crown_apply(l, hist[i]));
            }
            char *again = serialize(l);
            ck_assert_str_eq(again, text);
            free(again);
            free(hist);
            free(text);
            crown_free(l);
            crown_free(g);
            crown_free(fresh);
        }
    }
}
END_TEST

START_TEST(load_rejects_bad_text)
{
    char *t = short_save();
    char *x;
    expect_load_error("", CROWN_EPARSE, "not a crown saved game");
    expect_load_error("hello\n", CROWN_EPARSE, "not a crown saved game");
    x = replace(t, "crown-save 1", "crown-save 2");
    expect_load_error(x, CROWN_EPARSE, "unsupported saved-game format version");
    free(x);
    x = replace(t, "game game_of_kingdoms", "game chess");
    expect_load_error(x, CROWN_EGAME, "unknown game 'chess'");
    free(x);
    x = replace(t, "players=2", "players=9");
    expect_load_error(x, CROWN_EOPTION, "out of range");
    free(x);
    /* 2^64 + 2 does not wrap to 2 players in a saved game either. */
    x = replace(t, "players=2", "players=18446744073709551618");
    expect_load_error(x, CROWN_EOPTION, "option players: '18446744073709551618' is out of range");
    free(x);
    x = replace(t, "players=2", "players=+2");
    expect_load_error(x, CROWN_EOPTION, "option players: '+2' is not a whole number");
    free(x);
    x = replace(t, "seed 5", "seed +5");
    expect_load_error(x, CROWN_EPARSE, "seed is not a number");
    free(x);
    x = replace(t, "seed 5", "seed five");
    expect_load_error(x, CROWN_EPARSE, "seed is not a number");
    free(x);
    x = replace(t, "seed 5", "seed 99999999999999999999999");
    expect_load_error(x, CROWN_EPARSE, "seed is not a number");
    free(x);
    x = replace(t, "moves 14", "moves 15");
    expect_load_error(x, CROWN_EPARSE, "line 19: 'end' after 14 of 15 moves");
    free(x);
    x = replace(t, "moves 14", "moves 13");
    expect_load_error(x, CROWN_EPARSE, "expected 'end'");
    free(x);
    x = replace(t, "moves 14", "moves -1");
    expect_load_error(x, CROWN_EPARSE, "line 4: the move count is not a number");
    free(x);
    x = replace(t, "moves 14", "moves 99999999999");
    expect_load_error(x, CROWN_EPARSE, "line 4: 99999999999 moves; a saved game holds at most 10000000");
    free(x);
    x = replace(t, "moves 14", "moves 10000001");
    expect_load_error(x, CROWN_EPARSE, "10000001 moves; a saved game holds at most 10000000");
    free(x);
    x = replace(t, "end\n", "");
    expect_load_error(x, CROWN_EPARSE, "expected 'end'");
    free(x);
    x = replace(t, "end\n", "end\nmore\n");
    expect_load_error(x, CROWN_EPARSE, "after 'end'");
    free(x);
    x = replace(t, "\nseed", "\nsowing");
    expect_load_error(x, CROWN_EPARSE, "expected 'seed ...'");
    free(x);
    x = replace(t, "\ndeal ", "\nwibble ");
    expect_load_error(x, CROWN_EPARSE, "line 5: cannot read 'wibble");
    free(x);
    /* A card dealt twice. */
    {
        crown_game *g = new_game(KD, "players=2,chance=explicit", 1);
        play(g, "deal R5");
        char *s = serialize(g);
        char *y = replace(s, "moves 1\ndeal R5\n", "moves 2\ndeal R5\ndeal R5\n");
        expect_load_error(y, CROWN_EILLEGAL, "line 6");
        free(y);
        free(s);
        crown_free(g);
    }
    /* The text ends early: among the moves, and in a move line. */
    char *cut = strdup(t);
    cut[strlen(cut) / 2] = '\0';
    expect_load_error(cut, CROWN_EPARSE, "");
    free(cut);
    cut = replace(t, "end\n", "");
    *strrchr(cut, '\n') = '\0'; /* (the last line's end) */
    *strrchr(cut, '\n') = '\0'; /* (the last move) */
    expect_load_error(cut, CROWN_EPARSE, "the text ends after 13 of 14 moves");
    free(cut);
    /* A move line too long to be a move. */
    {
        char *lng = malloc(strlen(t) + 6000);
        strcpy(lng, t);
        char *at = strstr(lng, "\nend\n");
        memset(at + 1, 'x', 5300);
        strcpy(at + 5301, "\nend\n");
        char *xl = replace(lng, "moves 14", "moves 15");
        expect_load_error(xl, CROWN_EPARSE, "line 19 is too long");
        free(xl);
        free(lng);
    }
    /* A move after the end of the game. */
    {
        crown_game *over = new_game(KD, "players=2", 3);
        while (!terminal(over)) {
            crown_move mv[512];
            size_t k;
            OK(crown_legal_moves(over, mv, 512, &k));
            OK(crown_apply(over, mv[0]));
        }
        char *done = serialize(over);
        size_t hl;
        OK(crown_history_length(over, &hl));
        char from[32], to[32];
        snprintf(from, sizeof from, "moves %zu\n", hl);
        snprintf(to, sizeof to, "moves %zu\n", hl + 1);
        char *x1 = replace(done, from, to), *x2 = replace(x1, "\nend\n", "\ntake\nend\n");
        expect_load_error(x2, CROWN_EILLEGAL, "'take' comes after the end of the game");
        free(x1);
        free(x2);
        free(done);
        crown_free(over);
    }
    /* An endless line. */
    char *longline = malloc(10000);
    strcpy(longline, "crown-save 1\ngame ");
    memset(longline + 18, 'a', 9000);
    longline[9018] = '\0';
    expect_load_error(longline, CROWN_EPARSE, "too long");
    free(longline);
    crown_game *g = (crown_game *)(uintptr_t)1;
    ck_assert_int_eq(crown_deserialize(&g, NULL), CROWN_EINVAL);
    ck_assert_ptr_null(g);
    ck_assert_int_eq(crown_deserialize(NULL, t), CROWN_EINVAL);
    free(t);
}
END_TEST

START_TEST(load_survives_random_corruption)
{
    char *t = short_save();
    size_t len = strlen(t);
    trng r = {99};
    int loaded = 0;
    for (int i = 0; i < 3000; i++) {
        char *x = strdup(t);
        int edits = 1 + (int)trng_below(&r, 3);
        for (int e = 0; e < edits; e++) {
            size_t at = trng_below(&r, len);
            x[at] = (char)(1 + trng_below(&r, 255));
        }
        crown_game *g = NULL;
        char err[256];
        int rc = crown_deserialize_ex(&g, x, err, sizeof err);
        if (rc == CROWN_OK) {
            loaded++;
            ck_assert_ptr_nonnull(g);
            crown_free(g);
        } else {
            ck_assert_ptr_null(g);
            ck_assert(rc == CROWN_EPARSE || rc == CROWN_EGAME || rc == CROWN_EOPTION ||
                      rc == CROWN_EILLEGAL);
        }
        free(x);
    }
    ck_assert_int_lt(loaded, 3000);
    free(t);
}
END_TEST

START_TEST(serialize_buffer_too_small)
{
    crown_game *g = new_game(KD, "players=2", 6);
    size_t len, len2;
    ck_assert_int_eq(crown_serialize(g, NULL, 0, &len), CROWN_ETOOSMALL);
    char *buf = malloc(len);
    memset(buf, 'x', len);
    ck_assert_int_eq(crown_serialize(g, buf, len, &len2), CROWN_ETOOSMALL);
    ck_assert_uint_eq(len, len2);
    ck_assert_str_eq(buf, "");
    free(buf);
    crown_free(g);
}
END_TEST

/* CROWN_MAX_PLAYERS bounds the seats of every game at every value of its
 * "players" option (crown_options_json), and one game reaches it. */
/* crown_truncated is 1 exactly at the end of a game that a length limit
 * stopped, as the game's JSON names its end: 0 before the end, 0 at an end
 * by the rules; option sets whose limits stop most random games and sets
 * whose games mostly end by their rules, so that both answers are met. */
START_TEST(truncated_is_the_end_by_a_length_limit)
{
    static const struct {
        const char *game, *options, *limit_end; /* the JSON's words for such an end */
    } cases[] = {
        {"game_of_kingdoms", "players=2,max_bouts=2", "\"last_game_end\": \"max_bouts\""},
        {"game_of_kingdoms", "players=3,games=2,max_bouts=4", "\"last_game_end\": \"max_bouts\""},
        {"game_of_kingdoms", "players=4", "\"last_game_end\": \"max_bouts\""},
        {"kings_family", "max_moves=6", "\"end\": \"move_limit\""},
        {"kings_family", "", "\"end\": \"move_limit\""},
        {"kings_blood", "players=3,max_turns=6", "\"end\": \"max_turns\""},
        {"kings_blood", "players=2", "\"end\": \"max_turns\""},
        {"kings_blood", "players=2,match=on,max_match_turns=40", "\"match_end\": \"max_match_turns\""},
        {"blood_bound", "players=6,max_turns=2", "\"end\": \"turn_limit\""},
        {"blood_bound", "players=8", "\"end\": \"turn_limit\""},
    };
    int seen[2] = {0, 0};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        for (uint64_t seed = 1; seed <= 12; seed++) {
            crown_game *g;
            OK(crown_new(&g, cases[c].game, cases[c].options, seed));
            trng r = {seed * 7919 + c};
            int t, p;
            for (;;) {
                OK(crown_truncated(g, &t));
                OK(crown_current_player(g, &p));
                if (p == CROWN_TERMINAL)
                    break;
                ck_assert_msg(t == 0, "%s %s seed %llu: truncated before the end", cases[c].game,
                              cases[c].options, (unsigned long long)seed);
                crown_move moves[CROWN_MAX_MOVES_HINT];
                size_t n;
                OK(crown_legal_moves(g, moves, CROWN_MAX_MOVES_HINT, &n));
                OK(crown_apply(g, moves[trng_below(&r, n)]));
            }
            char json[16384];
            size_t len;
            OK(crown_observation_json(g, CROWN_OMNISCIENT, json, sizeof json, &len));
            int by_limit = strstr(json, cases[c].limit_end) != NULL;
            ck_assert_msg(t == by_limit, "%s %s seed %llu: truncated %d, the JSON says %s",
                          cases[c].game, cases[c].options, (unsigned long long)seed, t, json);
            seen[t]++;
            /* A clone and a loaded copy say the same. */
            crown_game *k;
            OK(crown_clone(&k, g));
            int tk;
            OK(crown_truncated(k, &tk));
            ck_assert_int_eq(tk, t);
            crown_free(k);
            crown_free(g);
        }
    }
    ck_assert_int_gt(seen[0], 20);
    ck_assert_int_gt(seen[1], 20);
    ck_assert_int_eq(crown_truncated(NULL, &seen[0]), CROWN_EINVAL);
    crown_game *g;
    OK(crown_new(&g, "blood_bound", "players=6", 1));
    ck_assert_int_eq(crown_truncated(g, NULL), CROWN_EINVAL);
    ck_assert_ptr_nonnull(strstr(crown_last_error(g), "NULL"));
    crown_free(g);
}
END_TEST

START_TEST(max_players_bounds_every_game)
{
    ck_assert_int_eq(CROWN_MAX_PLAYERS, 12);
    int most = 0;
    for (size_t k = 0; k < crown_game_count(); k++) {
        const char *name = crown_game_name(k);
        char json[8192], opts[64];
        size_t len;
        OK(crown_options_json(name, json, sizeof json, &len));
        const char *p = strstr(json, "{\"name\": \"players\", \"kind\": \"int\", \"min\": ");
        int lo = 0, hi = 0;
        if (p)
            ck_assert_int_eq(sscanf(p, "{\"name\": \"players\", \"kind\": \"int\", \"min\": %d, "
                                       "\"max\": %d",
                                    &lo, &hi),
                             2);
        for (int n = lo; n <= hi; n++) {
            opts[0] = '\0';
            if (p)
                snprintf(opts, sizeof opts, "players=%d", n);
            crown_game *g = new_game(name, opts, 1);
            int players;
            OK(crown_num_players(g, &players));
            ck_assert_int_le(players, CROWN_MAX_PLAYERS);
            double r[CROWN_MAX_PLAYERS];
            OK(crown_returns(g, r, CROWN_MAX_PLAYERS, &len));
            ck_assert_uint_eq(len, (size_t)players);
            OK(crown_playout(g, 1, r, CROWN_MAX_PLAYERS, &len));
            most = players > most ? players : most;
            crown_free(g);
        }
    }
    ck_assert_int_eq(most, CROWN_MAX_PLAYERS);
}
END_TEST

/* ---- size queries ----------------------------------------------------- */

/* A text function's call on buf_, cap_ and &len_: its size query (NULL, 0)
 * returns CROWN_ETOOSMALL and the length the call then writes; one byte
 * short (no room for the NUL) is too small and leaves "", and length + 1
 * writes the text. */
#define CHECK_TEXT_QUERY(what, call) \
    do { \
        char *buf_ = NULL; \
        size_t cap_ = 0, len_ = SIZE_MAX; \
        ck_assert_msg((call) == CROWN_ETOOSMALL, "%s: size query status", what); \
        size_t need_ = len_; \
        ck_assert_msg(need_ != SIZE_MAX, "%s: no size reported", what); \
        buf_ = malloc(need_ + 1); \
        ck_assert_ptr_nonnull(buf_); \
        memset(buf_, 'x', need_ + 1); \
        cap_ = need_; \
        len_ = SIZE_MAX; \
        ck_assert_msg((call) == CROWN_ETOOSMALL && len_ == need_ && (cap_ == 0 || !buf_[0]), \
                      "%s: a buffer one byte short", what); \
        cap_ = need_ + 1; \
        len_ = SIZE_MAX; \
        ck_assert_msg((call) == CROWN_OK && len_ == need_ && strlen(buf_) == need_, \
                      "%s: the size reported is not the text's", what); \
        free(buf_); \
    } while (0)

/* An array function's call on buf_ (of type T), cap_ and &len_: its size
 * query returns CROWN_ETOOSMALL and the count the call then writes, or
 * CROWN_OK when that count is 0; that count fits, one fewer does not. */
#define CHECK_ARRAY_QUERY(what, T, call) \
    do { \
        T *buf_ = NULL; \
        size_t cap_ = 0, len_ = SIZE_MAX; \
        int rc_ = (call); \
        size_t need_ = len_; \
        ck_assert_msg(need_ != SIZE_MAX, "%s: no size reported", what); \
        ck_assert_msg(rc_ == (need_ ? CROWN_ETOOSMALL : CROWN_OK), \
                      "%s: size query status %d for %zu", what, rc_, need_); \
        buf_ = malloc((need_ + 1) * sizeof(T)); \
        ck_assert_ptr_nonnull(buf_); \
        cap_ = need_; \
        len_ = SIZE_MAX; \
        ck_assert_msg((call) == CROWN_OK && len_ == need_, "%s: the size reported does not fit", \
                      what); \
        if (need_) { \
            cap_ = need_ - 1; \
            len_ = SIZE_MAX; \
            ck_assert_msg((call) == CROWN_ETOOSMALL && len_ == need_, "%s: one fewer", what); \
        } \
        free(buf_); \
    } while (0)

/* Every function with a buffer, its capacity and a size: in one state. */
static void check_size_queries(crown_game *g)
{
    int players, p;
    OK(crown_num_players(g, &players));
    OK(crown_current_player(g, &p));
    crown_move m[CROWN_MAX_MOVES_HINT];
    size_t n, hist;
    OK(crown_legal_moves(g, m, CROWN_MAX_MOVES_HINT, &n));
    OK(crown_history_length(g, &hist));
    CHECK_TEXT_QUERY("crown_game_string", crown_game_string(g, buf_, cap_, &len_));
    CHECK_TEXT_QUERY("crown_serialize", crown_serialize(g, buf_, cap_, &len_));
    CHECK_TEXT_QUERY("crown_observation_layout", crown_observation_layout(g, buf_, cap_, &len_));
    int viewers[] = {0, players - 1, CROWN_SPECTATOR, CROWN_OMNISCIENT};
    for (int v = 0; v < 4; v++) {
        CHECK_TEXT_QUERY("crown_observation",
                         crown_observation(g, viewers[v], buf_, cap_, &len_));
        CHECK_TEXT_QUERY("crown_observation_json",
                         crown_observation_json(g, viewers[v], buf_, cap_, &len_));
        if (hist)
            CHECK_TEXT_QUERY("crown_history_text",
                             crown_history_text(g, hist - 1, viewers[v], buf_, cap_, &len_));
        if (viewers[v] != CROWN_OMNISCIENT)
            CHECK_ARRAY_QUERY("crown_observation_tensor", float,
                              crown_observation_tensor(g, viewers[v], buf_, cap_, &len_));
    }
    if (n) {
        CHECK_TEXT_QUERY("crown_move_to_text", crown_move_to_text(g, m[n - 1], buf_, cap_, &len_));
        if (p >= 0)
            CHECK_TEXT_QUERY("crown_move_json", crown_move_json(g, m[0], buf_, cap_, &len_));
    }
    CHECK_ARRAY_QUERY("crown_legal_moves", crown_move, crown_legal_moves(g, buf_, cap_, &len_));
    CHECK_ARRAY_QUERY("crown_legal_mask", uint8_t, crown_legal_mask(g, buf_, cap_, &len_));
    CHECK_ARRAY_QUERY("crown_history", crown_move, crown_history(g, buf_, cap_, &len_));
    CHECK_ARRAY_QUERY("crown_observation_shape", size_t,
                      crown_observation_shape(g, buf_, cap_, &len_));
    CHECK_ARRAY_QUERY("crown_returns", double, crown_returns(g, buf_, cap_, &len_));
    CHECK_ARRAY_QUERY("crown_scores", double, crown_scores(g, buf_, cap_, &len_));
    CHECK_ARRAY_QUERY("crown_playout", double, crown_playout(g, 3, buf_, cap_, &len_));
    CHECK_ARRAY_QUERY("crown_playouts", double, crown_playouts(g, 3, 2, buf_, cap_, &len_));
    if (p == CROWN_CHANCE) {
        CHECK_ARRAY_QUERY("crown_chance_outcomes", crown_move,
                          crown_chance_outcomes(g, buf_, NULL, cap_, &len_));
        CHECK_ARRAY_QUERY("crown_chance_outcomes", double,
                          crown_chance_outcomes(g, NULL, buf_, cap_, &len_));
    }
}

/* crown.h, Conventions: a size query (NULL buffer, capacity 0) returns
 * CROWN_ETOOSMALL with the size, or CROWN_OK for an empty array; the size
 * reported is what the call writes.  Every buffer function, in every game,
 * at the start, in play, at a chance node and at the end. */
START_TEST(every_size_query_reports_the_size_with_its_status)
{
    for (size_t k = 0; k < crown_game_count(); k++) {
        const char *name = crown_game_name(k);
        CHECK_TEXT_QUERY("crown_describe_options",
                         crown_describe_options(name, buf_, cap_, &len_));
        CHECK_TEXT_QUERY("crown_options_json", crown_options_json(name, buf_, cap_, &len_));
        for (int explicit_chance = 0; explicit_chance < 2; explicit_chance++) {
            crown_game *g = new_game(name, explicit_chance ? "chance=explicit" : "", 7);
            trng r = {k};
            for (int step = 0; step < 4; step++) {
                check_size_queries(g);
                random_moves(g, step < 2 ? 5 : 100000, &r);
            }
            ck_assert(terminal(g));
            crown_free(g);
        }
    }
    /* A game over at once: no legal move, an empty array. */
    crown_game *g = new_game("kings_family", "deck=B1m", 1);
    size_t n = SIZE_MAX;
    OK(crown_legal_moves(g, NULL, 0, &n));
    ck_assert_uint_eq(n, 0);
    check_size_queries(g);
    crown_free(g);
}
END_TEST

/* ---- resample --------------------------------------------------------- */

START_TEST(resample_errors_and_omniscient)
{
    crown_game *g = new_game(KD, "players=3", 7);
    crown_game *out = (crown_game *)(uintptr_t)1;
    snap s = take_snap(g);
    ck_assert_int_eq(crown_resample(g, 3, 1, &out), CROWN_EINVAL);
    ck_assert_ptr_null(out);
    ck_assert_int_eq(crown_resample(g, CROWN_CHANCE, 1, &out), CROWN_EINVAL);
    assert_unchanged(g, &s);
    OK(crown_resample(g, CROWN_OMNISCIENT, 42, &out));
    char *a = observe(g, CROWN_OMNISCIENT), *b = observe(out, CROWN_OMNISCIENT);
    ck_assert_str_eq(a, b);
    uint64_t seed;
    OK(crown_seed(out, &seed));
    ck_assert_uint_eq(seed, 42);
    free(a);
    free(b);
    crown_free(out);
    OK(crown_resample(g, CROWN_SPECTATOR, 42, &out));
    a = observe(g, CROWN_SPECTATOR);
    b = observe(out, CROWN_SPECTATOR);
    ck_assert_str_eq(a, b);
    free(a);
    free(b);
    crown_free(out);
    crown_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("api");
    TCase *tc = test_case("contract");
    tcase_add_test(tc, version_matches_header);
    tcase_add_test(tc, every_size_query_reports_the_size_with_its_status);
    tcase_add_test(tc, max_players_bounds_every_game);
    tcase_add_test(tc, truncated_is_the_end_by_a_length_limit);
    tcase_add_test(tc, a_loaded_game_undoes_to_the_start);
    tcase_add_test(tc, strerror_names_every_status);
    tcase_add_test(tc, discovery_lists_games);
    tcase_add_test(tc, describe_options);
    tcase_add_test(tc, options_as_json);
    tcase_add_test(tc, new_rejects_bad_options);
    tcase_add_test(tc, new_rejects_bad_arguments);
    tcase_add_test(tc, new_accepts_defaults_and_spaces);
    tcase_add_test(tc, game_string_recreates_the_game);
    tcase_add_test(tc, null_game_is_einval);
    tcase_add_test(tc, null_outputs_are_einval_and_change_nothing);
    tcase_add_test(tc, legal_moves_buffer_too_small);
    tcase_add_test(tc, apply_illegal_changes_nothing);
    tcase_add_test(tc, apply_after_the_end_is_illegal);
    tcase_add_test(tc, undo_with_nothing_to_undo);
    tcase_add_test(tc, undo_takes_back_decision_with_its_draws);
    tcase_add_test(tc, history_copies);
    tcase_add_test(tc, chance_outcomes_only_at_chance_nodes);
    tcase_add_test(tc, move_text_round_trip_and_errors);
    tcase_add_test(tc, observation_errors);
    tcase_add_test(tc, returns_and_scores);
    tcase_add_test(tc, playout_restores_the_game);
    tcase_add_test(tc, playout_is_a_random_game);
    tcase_add_test(tc, playout_errors_change_nothing);
    tcase_add_test(tc, clone_is_independent);
    tcase_add_test(tc, clone_carries_the_listed_moves);
    tcase_add_test(tc, clones_share_the_history_exactly);
    tcase_add_test(tc, copy_resets_a_handle_to_a_position);
    tcase_add_test(tc, copy_refuses_and_changes_nothing);
    tcase_add_test(tc, action_index_is_a_bijection);
    tcase_add_test(tc, undo_depth_counts_the_undos);
    tcase_add_test(tc, legal_mask_is_the_legal_moves);
    tcase_add_test(tc, same_seed_same_game);
    tcase_add_test(tc, seeded_deal_is_stable);
    tcase_add_test(tc, handles_on_separate_threads);
    tcase_add_test(tc, load_round_trip);
    tcase_add_test(tc, load_rejects_bad_text);
    tcase_add_test(tc, load_survives_random_corruption);
    tcase_add_test(tc, serialize_buffer_too_small);
    tcase_add_test(tc, resample_errors_and_omniscient);
    tcase_add_test(tc, documented_game_strings_are_current);
    tcase_add_test(tc, docs_stand_on_their_own);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
