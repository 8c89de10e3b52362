/*
 * fuzz_load.c - saved-game text: a text that loads saves back to a text
 * that loads to the same game, plays on and undoes; a refused text leaves
 * a message and no handle.
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b = {data, size};
    char *text = fz_rest(&b);
    char err[256];
    crown_game *g = (crown_game *)(uintptr_t)1;
    int rc = crown_deserialize_ex(&g, text, err, sizeof err);
    if (rc != CROWN_OK) {
        FZ_CHECK(g == NULL);
        FZ_CHECK(err[0] != '\0' && strlen(err) < sizeof err);
        FZ_CHECK(rc == CROWN_EPARSE || rc == CROWN_EGAME || rc == CROWN_EOPTION ||
                 rc == CROWN_EILLEGAL);
        free(text);
        return 0;
    }
    char *a = fz_save(g);
    crown_game *h = NULL;
    FZ_CHECK(crown_deserialize_ex(&h, a, err, sizeof err) == CROWN_OK);
    char *c = fz_save(h);
    FZ_CHECK(strcmp(a, c) == 0);
    uint64_t x, y;
    FZ_CHECK(crown_state_hash(g, &x) == CROWN_OK && crown_state_hash(h, &y) == CROWN_OK);
    FZ_CHECK(x == y);
    /* Plays on, then undoes back to the loaded game. */
    fz_snap s = fz_take(h);
    size_t depth0 = s.depth, depth;
    fz_play(h, 8, size);
    FZ_CHECK(crown_undo_depth(h, &depth) == CROWN_OK);
    while (depth > depth0) {
        FZ_CHECK(crown_undo(h) == CROWN_OK);
        FZ_CHECK(crown_undo_depth(h, &depth) == CROWN_OK);
    }
    fz_same(h, &s);
    fz_drop(&s);
    free(a);
    free(c);
    crown_free(h);
    crown_free(g);
    free(text);
    return 0;
}
