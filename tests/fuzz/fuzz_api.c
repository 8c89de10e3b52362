/*
 * fuzz_api.c - bytes as a sequence of API calls on a game of any of the
 * four games: legal and arbitrary moves, undo past the start, clone, copy,
 * save and load, resample with every viewer value, the observations and
 * every call that fills a buffer, with NULL, empty, small and large
 * buffers (error-message buffers too).  After every failed call the game
 * is as it was (saved text, state hash, undo depth); after every apply,
 * undo restores it exactly; a read-only call that succeeds changes nothing
 * either.
 */
#include "fuzz.h"

enum { OPS = 64 };

static size_t cap_of(fz_bytes *b)
{
    static const size_t caps[] = {0, 1, 2, 7, 64, 1000, 100000};
    return caps[fz_byte(b) % (sizeof caps / sizeof caps[0])];
}

/* One call that fills a text buffer of the chosen size. */
static void text_call(crown_game *g, fz_bytes *b, unsigned which)
{
    size_t cap = cap_of(b), len = 0;
    int null_buf = fz_byte(b) & 1;
    char *buf = null_buf ? NULL : malloc(cap ? cap : 1);
    int viewer = (int)(fz_byte(b) % 17) - 4; /* -4 .. 12 */
    size_t index = fz_byte(b);
    crown_move m = (crown_move)fz_u64(b);
    int rc;
    switch (which % 10) {
    case 0: rc = crown_observation(g, viewer, buf, cap, &len); break;
    case 1: rc = crown_observation_json(g, viewer, buf, cap, &len); break;
    case 2: rc = crown_observation_layout(g, buf, cap, &len); break;
    case 3: rc = crown_move_json(g, m, buf, cap, &len); break;
    case 4: rc = crown_move_to_text(g, m, buf, cap, &len); break;
    case 5: rc = crown_history_text(g, index, viewer, buf, cap, &len); break;
    case 6: rc = crown_game_string(g, buf, cap, &len); break;
    case 7: rc = crown_describe_options(crown_name(g), buf, cap, &len); break;
    case 8: rc = crown_options_json(crown_name(g), buf, cap, &len); break;
    default: rc = crown_serialize(g, buf, cap, &len); break;
    }
    if (rc == CROWN_OK) {
        FZ_CHECK(buf != NULL && len < cap && strlen(buf) == len);
    } else if (rc == CROWN_ETOOSMALL) {
        FZ_CHECK(len + 1 > cap || buf == NULL);
        if (buf && cap > 0)
            FZ_CHECK(buf[0] == '\0');
    } else {
        FZ_CHECK(rc == CROWN_EINVAL || rc == CROWN_EILLEGAL || rc == CROWN_ESTATE ||
                 rc == CROWN_EPARSE);
        FZ_CHECK(crown_last_error(g)[0] != '\0');
    }
    free(buf);
}

/* An error buffer of 0, 1, 2, 7 or 64 bytes (or NULL) in a 64-byte array
 * filled with 'x': after the call, nothing past its size is written, and a
 * message written is cut and NUL-terminated within it. */
typedef struct errbuf {
    char bytes[64];
    size_t cap;
    char *buf;
} errbuf;

static void errbuf_init(errbuf *e, fz_bytes *b)
{
    static const size_t caps[] = {0, 1, 2, 7, 64};
    unsigned k = fz_byte(b);
    memset(e->bytes, 'x', sizeof e->bytes);
    e->cap = caps[k % 5];
    e->buf = (k / 5) % 4 == 0 ? NULL : e->bytes;
}

static void errbuf_check(const errbuf *e, int failed)
{
    size_t from = e->buf ? e->cap : 0;
    for (size_t i = from; i < sizeof e->bytes; i++)
        FZ_CHECK(e->bytes[i] == 'x');
    if (failed && e->buf && e->cap > 0)
        FZ_CHECK(memchr(e->bytes, '\0', e->cap) != NULL);
}

/* One call that fills an array of the chosen size. */
static void array_call(crown_game *g, fz_bytes *b, unsigned which)
{
    size_t cap = cap_of(b), count = 0;
    int null_buf = fz_byte(b) & 1;
    void *buf = null_buf ? NULL : malloc((cap ? cap : 1) * 8);
    int viewer = (int)(fz_byte(b) % 17) - 4;
    int rc;
    switch (which % 8) {
    case 0: rc = crown_legal_moves(g, buf, cap, &count); break;
    case 1: rc = crown_legal_mask(g, buf, cap, &count); break;
    case 2: rc = crown_observation_tensor(g, viewer, buf, cap, &count); break;
    case 3: rc = crown_observation_shape(g, buf, cap, &count); break;
    case 4: rc = crown_returns(g, buf, cap, &count); break;
    case 5: rc = crown_scores(g, buf, cap, &count); break;
    case 6: rc = crown_history(g, buf, cap, &count); break;
    default: {
        double *p = null_buf ? NULL : malloc((cap ? cap : 1) * sizeof *p);
        rc = crown_chance_outcomes(g, buf, p, cap, &count);
        free(p);
    }
    }
    FZ_CHECK(rc == CROWN_OK || rc == CROWN_ETOOSMALL || rc == CROWN_EINVAL ||
             rc == CROWN_ESTATE);
    if (rc == CROWN_OK)
        FZ_CHECK(count <= cap);
    free(buf);
}

static crown_move some_move(crown_game *g, fz_bytes *b)
{
    crown_move moves[4096];
    size_t n = 0;
    unsigned how = fz_byte(b);
    if (how % 4 == 0) /* anything */
        return (crown_move)fz_u64(b);
    FZ_CHECK(crown_legal_moves(g, moves, 4096, &n) == CROWN_OK);
    if (n == 0)
        return (crown_move)fz_u64(b);
    return moves[fz_byte(b) % n];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b = {data, size};
    unsigned config = fz_byte(&b) % FZ_NCONFIGS;
    uint64_t seed = fz_byte(&b);
    crown_game *g = NULL, *other = NULL;
    FZ_CHECK(crown_new(&g, fz_configs[config][0], fz_configs[config][1], seed) == CROWN_OK);
    fz_play(g, fz_byte(&b) % 64, seed);
    for (int op = 0; op < OPS && b.n > 0; op++) {
        fz_snap s = fz_take(g);
        unsigned what = fz_byte(&b);
        int rc;
        switch (what % 12) {
        case 0: case 1: case 2: { /* apply, then undo and apply again */
            crown_move m = some_move(g, &b);
            rc = crown_apply(g, m);
            if (rc == CROWN_OK) {
                fz_snap after = fz_take(g);
                FZ_CHECK(crown_undo(g) == CROWN_OK);
                fz_same(g, &s);
                FZ_CHECK(crown_apply(g, m) == CROWN_OK);
                fz_same(g, &after);
                fz_drop(&after);
            } else {
                FZ_CHECK(rc == CROWN_EILLEGAL || rc == CROWN_ESTATE);
                fz_same(g, &s);
            }
            break;
        }
        case 3: { /* undo, perhaps past the start */
            int k = (int)(fz_byte(&b) % 8);
            for (int i = 0; i < k; i++) {
                fz_snap t = fz_take(g);
                rc = crown_undo(g);
                if (rc != CROWN_OK) {
                    FZ_CHECK(rc == CROWN_ENOUNDO);
                    fz_same(g, &t);
                }
                fz_drop(&t);
            }
            break;
        }
        case 4: { /* clone, and the clone plays on */
            crown_game *c = NULL;
            FZ_CHECK(crown_clone(&c, g) == CROWN_OK);
            fz_same(c, &s);
            fz_play(c, fz_byte(&b) % 16, seed + (uint64_t)op);
            fz_same(g, &s);
            crown_free(other);
            other = c;
            break;
        }
        case 5: /* copy from or into the other handle */
            if (other) {
                if (fz_byte(&b) & 1) {
                    fz_snap o = fz_take(other);
                    FZ_CHECK(crown_copy(g, other) == CROWN_OK);
                    fz_same(g, &o);
                    fz_same(other, &o);
                    fz_drop(&o);
                } else {
                    FZ_CHECK(crown_copy(other, g) == CROWN_OK);
                    fz_same(other, &s);
                    fz_same(g, &s);
                }
            }
            break;
        case 6: { /* save and load; a changed text; options; error buffers */
            crown_game *l = NULL;
            errbuf e;
            errbuf_init(&e, &b);
            FZ_CHECK(crown_deserialize_ex(&l, s.text, e.buf, e.cap) == CROWN_OK);
            errbuf_check(&e, 0);
            fz_same(l, &s);
            crown_free(l);
            size_t len = strlen(s.text);
            char *t = malloc(len + 1);
            memcpy(t, s.text, len + 1);
            t[fz_byte(&b) * len / 256] = (char)(fz_byte(&b) | 1);
            errbuf_init(&e, &b);
            l = (crown_game *)(uintptr_t)1;
            rc = crown_deserialize_ex(&l, t, e.buf, e.cap);
            errbuf_check(&e, rc != CROWN_OK);
            if (rc == CROWN_OK)
                crown_free(l);
            else
                FZ_CHECK(l == NULL && rc != CROWN_ENOMEM && rc != CROWN_EINTERNAL);
            free(t);
            char opts[16];
            for (size_t i = 0; i + 1 < sizeof opts; i++)
                opts[i] = (char)(fz_byte(&b) | 1);
            opts[fz_byte(&b) % sizeof opts] = '\0';
            opts[sizeof opts - 1] = '\0';
            errbuf_init(&e, &b);
            l = (crown_game *)(uintptr_t)1;
            rc = crown_new_ex(&l, crown_name(g), opts, seed, e.buf, e.cap);
            errbuf_check(&e, rc != CROWN_OK);
            if (rc == CROWN_OK)
                crown_free(l);
            else
                FZ_CHECK(l == NULL && rc == CROWN_EOPTION);
            fz_same(g, &s);
            break;
        }
        case 7: { /* resample for any viewer value */
            int viewer = (int)(fz_byte(&b) % 18) - 5; /* -5 .. 12 */
            crown_game *r = (crown_game *)(uintptr_t)1;
            rc = crown_resample(g, viewer, fz_u64(&b), &r);
            if (rc == CROWN_OK) {
                size_t n1, n2;
                FZ_CHECK(crown_history_length(g, &n1) == CROWN_OK);
                FZ_CHECK(crown_history_length(r, &n2) == CROWN_OK);
                FZ_CHECK(n1 == n2);
                fz_play(r, 8, seed);
                crown_free(r);
            } else {
                FZ_CHECK(rc == CROWN_EINVAL && r == NULL);
            }
            fz_same(g, &s);
            break;
        }
        case 8:
            text_call(g, &b, fz_byte(&b));
            fz_same(g, &s);
            break;
        case 9:
            array_call(g, &b, fz_byte(&b));
            fz_same(g, &s);
            break;
        case 10: { /* the action index both ways, and playouts */
            size_t n = 0, index = 0;
            crown_move m = (crown_move)fz_u64(&b), back;
            FZ_CHECK(crown_num_distinct_moves(g, &n) == CROWN_OK && n > 0);
            if (crown_move_index(g, m, &index) == CROWN_OK) {
                FZ_CHECK(index < n);
                FZ_CHECK(crown_index_move(g, index, &back) == CROWN_OK && back == m);
            }
            rc = crown_index_move(g, (size_t)fz_u64(&b), &back);
            FZ_CHECK(rc == CROWN_OK || rc == CROWN_EINVAL);
            double r[16];
            size_t k;
            unsigned how = fz_byte(&b);
            double *out = how & 1 ? NULL : r;
            size_t cap = (how >> 1) % 17;
            if (how & 2)
                rc = crown_playout(g, seed, out, cap, &k);
            else
                rc = crown_playouts(g, seed, (how >> 6) % 4, out, cap, &k);
            FZ_CHECK(rc == CROWN_OK || rc == CROWN_ETOOSMALL || rc == CROWN_ESTATE ||
                     rc == CROWN_EINVAL);
            fz_same(g, &s);
            break;
        }
        default: { /* move text, own and arbitrary */
            char text[24];
            size_t n = fz_byte(&b) % sizeof text;
            for (size_t i = 0; i < n; i++)
                text[i] = (char)fz_byte(&b);
            text[n] = '\0';
            crown_move m;
            rc = crown_move_from_text(g, text, &m);
            FZ_CHECK(rc == CROWN_OK || rc == CROWN_EPARSE || rc == CROWN_EILLEGAL ||
                     rc == CROWN_ESTATE || rc == CROWN_EINVAL);
            fz_same(g, &s);
            int p, h;
            size_t len;
            FZ_CHECK(crown_current_player(g, &p) == CROWN_OK);
            rc = crown_history_player(g, fz_byte(&b), &h);
            FZ_CHECK(rc == CROWN_OK || rc == CROWN_EINVAL);
            FZ_CHECK(crown_history_length(g, &len) == CROWN_OK);
            break;
        }
        }
        fz_drop(&s);
    }
    crown_free(other);
    crown_free(g);
    return 0;
}
