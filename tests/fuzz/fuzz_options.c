/*
 * fuzz_options.c - options text and game names: the first byte picks a
 * game (or, past the four, takes the text up to the first '|' as the game's
 * name), the rest is the options text.  A game that is made plays a few
 * moves and saves and loads back to the same text; a refused text leaves a
 * message and no handle.
 */
#include "fuzz.h"

static const char *const names[] = {"game_of_kingdoms", "kings_family", "kings_blood",
                                    "blood_bound"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b = {data, size};
    unsigned pick = fz_byte(&b);
    uint64_t seed = fz_byte(&b);
    char *text = fz_rest(&b);
    const char *name = names[pick % 4], *options = text;
    if (pick >= 128) { /* a name of the input's own */
        char *bar = strchr(text, '|');
        name = text;
        options = bar ? bar + 1 : "";
        if (bar)
            *bar = '\0';
    }
    char err[256];
    crown_game *g = (crown_game *)(uintptr_t)1;
    int rc = crown_new_ex(&g, name, options, seed, err, sizeof err);
    size_t len;
    char buf[64];
    if (rc != CROWN_OK) {
        FZ_CHECK(g == NULL);
        FZ_CHECK(err[0] != '\0' && strlen(err) < sizeof err);
        FZ_CHECK(rc == CROWN_EGAME || rc == CROWN_EOPTION || rc == CROWN_EINVAL);
        /* The descriptions of a name answer or refuse, never crash. */
        rc = crown_describe_options(name, buf, sizeof buf, &len);
        FZ_CHECK(rc == CROWN_OK || rc == CROWN_ETOOSMALL || rc == CROWN_EGAME);
        rc = crown_options_json(name, NULL, 0, &len);
        FZ_CHECK(rc == CROWN_ETOOSMALL || rc == CROWN_EGAME);
        free(text);
        return 0;
    }
    /* The canonical game string makes the same game. */
    FZ_CHECK(crown_game_string(g, NULL, 0, &len) == CROWN_ETOOSMALL);
    char *canon = malloc(len + 1);
    FZ_CHECK(canon && crown_game_string(g, canon, len + 1, &len) == CROWN_OK);
    char *colon = strchr(canon, ':');
    FZ_CHECK(colon != NULL);
    *colon = '\0';
    crown_game *h = NULL;
    FZ_CHECK(crown_new_ex(&h, canon, colon + 1, seed, err, sizeof err) == CROWN_OK);
    fz_play(g, 30, seed);
    fz_play(h, 30, seed);
    char *a = fz_save(g), *c = fz_save(h);
    FZ_CHECK(strcmp(a, c) == 0);
    crown_game *l = NULL;
    FZ_CHECK(crown_deserialize_ex(&l, a, err, sizeof err) == CROWN_OK);
    char *d = fz_save(l);
    FZ_CHECK(strcmp(a, d) == 0);
    free(a);
    free(c);
    free(d);
    free(canon);
    crown_free(l);
    crown_free(h);
    crown_free(g);
    free(text);
    return 0;
}
