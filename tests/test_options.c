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
    {.name = "limit", .kind = CROWN_OPT_INT, .min = -5, .max = INT64_MAX, .def = 0, .help = "limit"},
    {.name = "mode", .kind = CROWN_OPT_ENUM, .choices = modes, .def = 1, .help = "mode"},
    {.name = "deck", .kind = CROWN_OPT_TEXT, .def_text = "default", .help = "a card list"},
};

static const crown_rules fake = {
    .name = "fake",
    .options = specs,
    .noptions = 4,
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
    ck_assert_int_eq(v.v[2], 1);
    ck_assert_str_eq(crown_opt_text(&v, 3), "default");
    ck_assert_int_eq(ex, 0);
    ck_assert_str_eq(format(&v, ex), "seats=3,limit=0,mode=slow,deck=default,chance=auto");
}
END_TEST

START_TEST(text_values)
{
    crown_optvals v;
    crown_err err;
    int ex;
    OK(crown_parse_options(&fake, " deck =  B1m B1f  R2f-skip ,seats=4,chance=explicit", &v, &ex,
                           &err));
    ck_assert_str_eq(crown_opt_text(&v, 3), "B1m B1f  R2f-skip");
    ck_assert_str_eq(format(&v, ex),
                     "seats=4,limit=0,mode=slow,deck=B1m B1f  R2f-skip,chance=explicit");
    /* A game may store the canonical form. */
    OK(crown_opt_set_text(&v, 3, "B1m B1f R2f-skip"));
    ck_assert_str_eq(crown_opt_text(&v, 3), "B1m B1f R2f-skip");
    /* An empty text is a value. */
    OK(crown_parse_options(&fake, "deck=", &v, &ex, &err));
    ck_assert_str_eq(crown_opt_text(&v, 3), "");
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
    /* Every byte, at every place of values long enough to be read many
     * bytes at a time: printable ASCII is taken, any other byte refused
     * with its place. */
    for (int b = 1; b < 256; b++)
        for (int at = 0; at < 40; at += 3) {
            char t[64] = "deck=";
            memset(t + 5, 'a', 41);
            t[5 + at] = (char)b;
            int ok = b >= 32 && b <= 126;
            if (b == ',' || (at == 0 && (b == ' ' || (b >= 9 && b <= 13))))
                continue; /* (the option syntax's, and spaces trimmed) */
            int rc = crown_parse_options(&fake, t, &v, &ex, &err);
            ck_assert_msg(rc == (ok ? CROWN_OK : CROWN_EOPTION), "byte %d at %d: %d", b, at, rc);
            if (!ok) {
                char want[64];
                snprintf(want, sizeof want, "byte %d of the value is not printable", at + 1);
                ck_assert_msg(strstr(err.msg, want), "%s", err.msg);
            }
        }
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
    ck_assert_uint_eq(strlen(crown_opt_text(&v, 3)), 4091);
    ck_assert_uint_eq(v.used, 4092);
    for (int i = 0; i < 2000; i++)
        ck_assert_int_eq(crown_opt_set_text(&v, 3, crown_opt_text(&v, 3)), 0);
    ck_assert_uint_eq(v.used, 4092);
    ck_assert_int_eq(crown_opt_set_text(&v, 3, "0123456789"), 0);
    ck_assert_str_eq(crown_opt_text(&v, 3), "0123456789");
    ck_assert_uint_eq(v.used, 11);
    char huge[CROWN_OPTION_POOL + 8];
    memset(huge, 'y', sizeof huge - 1);
    huge[sizeof huge - 1] = '\0';
    ck_assert_int_eq(crown_opt_set_text(&v, 3, huge), -1);
    ck_assert_str_eq(crown_opt_text(&v, 3), "0123456789");
}
END_TEST

static void expect_int(const char *text, int64_t want)
{
    crown_optvals v;
    crown_err err = {{0}};
    int ex;
    ck_assert_msg(crown_parse_options(&fake, text, &v, &ex, &err) == CROWN_OK, "%s: %s", text,
                  err.msg);
    ck_assert_msg(v.v[1] == want, "%s gave %lld", text, (long long)v.v[1]);
}

static void expect_int_error(const char *text, const char *fragment)
{
    crown_optvals v;
    crown_err err = {{0}};
    int ex;
    ck_assert_int_eq(crown_parse_options(&fake, text, &v, &ex, &err), CROWN_EOPTION);
    ck_assert_msg(strstr(err.msg, fragment), "%s: '%s' lacks '%s'", text, err.msg, fragment);
}

/* One syntax for a whole number: decimal digits, a '-' before them for a
 * negative value; no '+', no other base, no space inside.  A number too
 * large for 64 bits is out of range: it never wraps around to a small
 * value (2^64 + 3 is not 3). */
START_TEST(whole_numbers_have_one_syntax_and_never_wrap)
{
    expect_int("limit=9223372036854775807", INT64_MAX);
    expect_int("limit=-5", -5);
    expect_int("limit=007", 7);
    expect_int("limit= 12 ", 12);
    expect_int_error("limit=9223372036854775808", "option limit: '9223372036854775808' is out "
                                                  "of range (-5..9223372036854775807)");
    expect_int_error("limit=18446744073709551619", "'18446744073709551619' is out of range");
    expect_int_error("limit=18446744073709551616", "'18446744073709551616' is out of range");
    expect_int_error("seats=18446744073709551619", "option seats: '18446744073709551619' is out "
                                                   "of range (1..9)");
    expect_int_error("seats=100000000000000000000000000000000000000000000000003",
                     "is out of range (1..9)");
    expect_int_error("limit=-9223372036854775809", "out of range");
    expect_int_error("limit=-6", "option limit=-6 is out of range (-5..9223372036854775807)");
    expect_int_error("seats=+3", "option seats: '+3' is not a whole number (decimal digits only, "
                                 "as in seats=3)");
    expect_int_error("seats=0x3", "'0x3' is not a whole number");
    expect_int_error("seats=3.0", "'3.0' is not a whole number");
    expect_int_error("seats=1 2", "'1 2' is not a whole number");
    expect_int_error("seats=-", "'-' is not a whole number");
    expect_int_error("seats=--3", "'--3' is not a whole number");
    expect_int_error("seats=", "'' is not a whole number");
}
END_TEST

START_TEST(parse_uint_stops_at_its_bound)
{
    uint64_t x = 77;
    ck_assert_int_eq(crown_parse_uint("18446744073709551615", 20, UINT64_MAX, &x), 0);
    ck_assert(x == UINT64_MAX);
    ck_assert_int_eq(crown_parse_uint("18446744073709551616", 20, UINT64_MAX, &x), -2);
    ck_assert_int_eq(crown_parse_uint("184467440737095516150", 21, UINT64_MAX, &x), -2);
    ck_assert(x == UINT64_MAX);
    ck_assert_int_eq(crown_parse_uint("12", 2, 12, &x), 0);
    ck_assert(x == 12);
    ck_assert_int_eq(crown_parse_uint("13", 2, 12, &x), -2);
    ck_assert_int_eq(crown_parse_uint("7", 1, 5, &x), -2);
    ck_assert_int_eq(crown_parse_uint("0000000000000000000000000000042", 31, 42, &x), 0);
    ck_assert(x == 42);
    ck_assert_int_eq(crown_parse_uint("", 0, 5, &x), -1);
    ck_assert_int_eq(crown_parse_uint("4a", 2, 99, &x), -1);
    /* Only the n bytes given are read. */
    ck_assert_int_eq(crown_parse_uint("42x", 2, 99, &x), 0);
    ck_assert(x == 42);
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
    TCase *tc = test_case("parser");
    tcase_add_test(tc, defaults_of_every_kind);
    tcase_add_test(tc, text_values);
    tcase_add_test(tc, text_errors);
    tcase_add_test(tc, whole_numbers_have_one_syntax_and_never_wrap);
    tcase_add_test(tc, parse_uint_stops_at_its_bound);
    tcase_add_test(tc, describe_every_kind);
    tcase_add_test(tc, describe_every_kind_as_json);
    tcase_add_test(tc, json_strings_are_escaped);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
