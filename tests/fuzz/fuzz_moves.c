/*
 * fuzz_moves.c - move text against states reached by random play: the
 * first bytes pick an option set, a seed and how far to play; the rest is
 * read as a move.  A text that reads is a legal move whose own text reads
 * back to it; any text leaves the game as it was.
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b = {data, size};
    unsigned config = fz_byte(&b) % FZ_NCONFIGS;
    uint64_t seed = fz_byte(&b);
    size_t steps = fz_byte(&b);
    char *text = fz_rest(&b);
    crown_game *g = NULL;
    FZ_CHECK(crown_new(&g, fz_configs[config][0], fz_configs[config][1], seed) == CROWN_OK);
    fz_play(g, steps, seed);
    fz_snap s = fz_take(g);
    crown_move m = 0;
    int rc = crown_move_from_text(g, text, &m);
    fz_same(g, &s);
    if (rc == CROWN_OK) {
        crown_move moves[4096];
        size_t n, len;
        FZ_CHECK(crown_legal_moves(g, moves, 4096, &n) == CROWN_OK);
        int legal = 0;
        for (size_t i = 0; i < n; i++)
            legal |= moves[i] == m;
        FZ_CHECK(legal);
        char own[8192];
        FZ_CHECK(crown_move_to_text(g, m, own, sizeof own, &len) == CROWN_OK);
        crown_move back = 0;
        FZ_CHECK(crown_move_from_text(g, own, &back) == CROWN_OK && back == m);
        FZ_CHECK(crown_apply(g, m) == CROWN_OK);
        FZ_CHECK(crown_undo(g) == CROWN_OK);
        fz_same(g, &s);
    } else {
        FZ_CHECK(rc == CROWN_EPARSE || rc == CROWN_EILLEGAL || rc == CROWN_ESTATE ||
                 rc == CROWN_EINVAL);
        const char *msg = crown_last_error(g);
        FZ_CHECK(msg != NULL && msg[0] != '\0');
    }
    fz_drop(&s);
    crown_free(g);
    free(text);
    return 0;
}
