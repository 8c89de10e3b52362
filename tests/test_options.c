/*
 * test_options.c - the core's option parser on a made-up option table with
 * every kind of option (INT, ENUM, TEXT).
 */
#include <stdio.h>

#include "common.h"
#include "core/core.h"

static const char *const modes[] = {"fast", "slow", NULL};

static const crown_option_spec specs[] = {
    {.name = "seats", .kind = CROWN_OPT_INT, .min = 1, .max = 9, .def = 3, .help = "seats"},
    {.name = "mode", .kind = CROWN_OPT_ENUM, .choices = modes, .def = 1, .help = "mode"},
    {.name = "deck", .kind = CROWN_OPT_TEXT, .def_text = "default", .help = "a card list"},
};

static const crown_rules fake = {
    .name = "fake",
    .options = specs,
    .noptions = 3,
};

static char *format(const crown_optvals *v, int explicit_chance)
{
    static char out[8192];
    crown_buf b;
    crown_buf_init(&b, out, sizeof out);
    crown_format_options(&fake, v, explicit_chance, &b);
    return out;
}

START_TEST(defaults_of_every_kind)
{
    crown_optvals v;
    crown_err err;
    int ex;
    OK(crown_parse_options(&fake, "", &v, &ex, &err));
    ck_assert_int_eq(v.v[0], 3);
    ck_assert_int_eq(v.v[1], 1);
    ck_assert_str_eq(crown_opt_text(&v, 2), "default");
    ck_assert_int_eq(ex, 0);
    ck_assert_str_eq(format(&v, ex), "seats=3,mode=slow,deck=default,chance=auto");
}
END_TEST

START_TEST(text_values)
{
    crown_optvals v;
    crown_err err;
    int ex;
    OK(crown_parse_options(&fake, " deck =  B1m B1f  R2f-skip ,seats=4,chance=explicit", &v, &ex,
                           &err));
    ck_assert_str_eq(crown_opt_text(&v, 2), "B1m B1f  R2f-skip");
    ck_assert_str_eq(format(&v, ex), "seats=4,mode=slow,deck=B1m B1f  R2f-skip,chance=explicit");
    /* A game may store the canonical form. */
    OK(crown_opt_set_text(&v, 2, "B1m B1f R2f-skip"));
    ck_assert_str_eq(crown_opt_text(&v, 2), "B1m B1f R2f-skip");
    /* An empty text is a value. */
    OK(crown_parse_options(&fake, "deck=", &v, &ex, &err));
    ck_assert_str_eq(crown_opt_text(&v, 2), "");
}
END_TEST

START_TEST(text_errors)
{
    crown_optvals v;
    crown_err err = {{0}};
    int ex;
    ck_assert_int_eq(crown_parse_options(&fake, "deck=B1m\tB1f", &v, &ex, &err), CROWN_EOPTION);
    ck_assert_msg(strstr(err.msg, "option deck: byte 4 of the value is not printable ASCII"), "%s",
                  err.msg);
    ck_assert_int_eq(crown_parse_options(&fake, "deck=a,deck=b", &v, &ex, &err), CROWN_EOPTION);
    ck_assert_msg(strstr(err.msg, "given twice"), "%s", err.msg);
    /* The longest options text fits the pool.  A game's rewrites replace
     * the value (the pool holds each value once, however often a game is
     * configured again: clone, resample); a value that cannot fit is
     * refused and changes nothing. */
    char big[4200];
    snprintf(big, sizeof big, "deck=");
    memset(big + 5, 'x', 4091);
    big[4096] = '\0';
    OK(crown_parse_options(&fake, big, &v, &ex, &err));
    ck_assert_uint_eq(strlen(crown_opt_text(&v, 2)), 4091);
    ck_assert_uint_eq(v.used, 4092);
    for (int i = 0; i < 2000; i++)
        ck_assert_int_eq(crown_opt_set_text(&v, 2, crown_opt_text(&v, 2)), 0);
    ck_assert_uint_eq(v.used, 4092);
    ck_assert_int_eq(crown_opt_set_text(&v, 2, "0123456789"), 0);
    ck_assert_str_eq(crown_opt_text(&v, 2), "0123456789");
    ck_assert_uint_eq(v.used, 11);
    char huge[CROWN_OPTION_POOL + 8];
    memset(huge, 'y', sizeof huge - 1);
    huge[sizeof huge - 1] = '\0';
    ck_assert_int_eq(crown_opt_set_text(&v, 2, huge), -1);
    ck_assert_str_eq(crown_opt_text(&v, 2), "0123456789");
}
END_TEST

START_TEST(describe_every_kind)
{
    char out[1024];
    crown_buf b;
    crown_buf_init(&b, out, sizeof out);
    crown_describe(&fake, &b);
    ck_assert_msg(strstr(out, "seats=1..9 (default 3): seats\n"), "%s", out);
    ck_assert_msg(strstr(out, "mode=fast|slow (default slow): mode\n"), "%s", out);
    ck_assert_msg(strstr(out, "deck=TEXT (default default): a card list\n"), "%s", out);
    ck_assert_msg(strstr(out, "chance=auto|explicit (default auto)"), "%s", out);
}
END_TEST

START_TEST(describe_every_kind_as_json)
{
    char out[2048];
    crown_buf b;
    crown_buf_init(&b, out, sizeof out);
    crown_describe_json(&fake, &b);
    ck_assert_msg(strstr(out, "[{\"name\": \"seats\", \"kind\": \"int\", \"min\": 1, \"max\": 9, "
                              "\"default\": 3, \"help\": \"seats\"},\n"), "%s", out);
    ck_assert_msg(strstr(out, "{\"name\": \"mode\", \"kind\": \"enum\", \"choices\": [\"fast\", "
                              "\"slow\"], \"default\": \"slow\", \"help\": \"mode\"},\n"), "%s", out);
    ck_assert_msg(strstr(out, "{\"name\": \"deck\", \"kind\": \"text\", \"default\": \"default\", "
                              "\"help\": \"a card list\"},\n"), "%s", out);
    ck_assert_msg(strstr(out, "\"name\": \"chance\""), "%s", out);
}
END_TEST

/* Quotes, backslashes and control characters are escaped; the rest is
 * written as it is. */
START_TEST(json_strings_are_escaped)
{
    char out[128];
    crown_buf b;
    crown_buf_init(&b, out, sizeof out);
    crown_buf_json_string(&b, "a\"b\\c\n\t\x01\x7f \xc3\xa9/");
    ck_assert_str_eq(out, "\"a\\\"b\\\\c\\u000a\\u0009\\u0001\\u007f \xc3\xa9/\"");
    crown_buf_init(&b, out, sizeof out);
    crown_buf_json_string(&b, "");
    ck_assert_str_eq(out, "\"\"");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("options");
    TCase *tc = tcase_create("parser");
    tcase_add_test(tc, defaults_of_every_kind);
    tcase_add_test(tc, text_values);
    tcase_add_test(tc, text_errors);
    tcase_add_test(tc, describe_every_kind);
    tcase_add_test(tc, describe_every_kind_as_json);
    tcase_add_test(tc, json_strings_are_escaped);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
