/*
 * views.c - the observations: a viewer's view of the state as text, as
 * JSON and as a tensor (with the tensor's shape and layout), each written
 * by the game into the caller's buffer; and crown_tensor_piece, with which
 * a game declares the pieces of its tensor.
 */
#include "core.h"

int crown_check_viewer(crown_game *g, int viewer)
{
    if (viewer != CROWN_SPECTATOR && viewer != CROWN_OMNISCIENT &&
        (viewer < 0 || viewer >= g->players))
        return crown_fail(g, CROWN_EINVAL,
                          "invalid viewer %d (a seat 0..%d, CROWN_SPECTATOR or CROWN_OMNISCIENT)",
                          viewer, g->players - 1);
    return CROWN_OK;
}

/* A view of the state as text (the text view or the JSON). */
static int view(crown_game *g, int viewer, char *buf, size_t cap, size_t *len,
                void (*fn)(const void *, const void *, int, crown_buf *))
{
    CHECK_GAME(g);
    CHECK_ARG(g, len);
    int rc = crown_check_viewer(g, viewer);
    if (rc)
        return rc;
    crown_buf b;
    crown_buf_init(&b, buf, cap);
    fn(g->config, g->state, viewer, &b);
    return crown_finish_text(g, &b, len);
}

CROWN_EXPORT int crown_observation(crown_game *g, int viewer, char *buf, size_t cap, size_t *len)
{
    return view(g, viewer, buf, cap, len, g ? g->rules->observe : NULL);
}

CROWN_EXPORT int crown_observation_json(crown_game *g, int viewer, char *buf, size_t cap,
                                       size_t *len)
{
    return view(g, viewer, buf, cap, len, g ? g->rules->observe_json : NULL);
}

/* The number of floats of the game's observation tensor (and its pieces
 * as JSON into `pieces`, when not NULL). */
size_t crown_tensor_size(crown_game *g, crown_buf *pieces)
{
    crown_tensor t = {NULL, 0, pieces, 0};
    g->rules->observe_tensor(g->config, g->state, CROWN_SPECTATOR, &t);
    return t.len;
}

CROWN_EXPORT int crown_observation_shape(crown_game *g, size_t *shape, size_t cap, size_t *ndims)
{
    CHECK_GAME(g);
    CHECK_ARG(g, ndims);
    if (!shape && cap > 0)
        return crown_fail(g, CROWN_EINVAL, "invalid argument: shape is NULL with cap > 0");
    *ndims = 1;
    if (cap < 1)
        return crown_fail(g, CROWN_ETOOSMALL, "buffer too small: 1 dimension needed");
    shape[0] = crown_tensor_size(g, NULL);
    return CROWN_OK;
}

CROWN_EXPORT int crown_observation_layout(crown_game *g, char *buf, size_t cap, size_t *len)
{
    CHECK_GAME(g);
    CHECK_ARG(g, len);
    crown_buf b;
    crown_buf_init(&b, buf, cap);
    crown_buf_puts(&b, "{\"pieces\": [");
    size_t n = crown_tensor_size(g, &b);
    crown_buf_puts(&b, "\n], \"size\": ");
    crown_buf_putu(&b, (unsigned)n);
    crown_buf_puts(&b, "}\n");
    return crown_finish_text(g, &b, len);
}

CROWN_EXPORT int crown_observation_tensor(crown_game *g, int viewer, float *values, size_t cap,
                                         size_t *count)
{
    CHECK_GAME(g);
    CHECK_ARG(g, count);
    if (!values && cap > 0)
        return crown_fail(g, CROWN_EINVAL, "invalid argument: values is NULL with cap > 0");
    if (viewer == CROWN_OMNISCIENT)
        return crown_fail(g, CROWN_EINVAL, "invalid viewer CROWN_OMNISCIENT: the tensor is the "
                                           "view of a seat or of CROWN_SPECTATOR");
    int rc = crown_check_viewer(g, viewer);
    if (rc)
        return rc;
    size_t n = crown_tensor_size(g, NULL);
    *count = n;
    if (n > cap)
        return crown_fail(g, CROWN_ETOOSMALL, "buffer too small: %zu values needed", n);
    crown_write_tensor(g, viewer, values, n);
    return CROWN_OK;
}

void crown_write_tensor(crown_game *g, int viewer, float *values, size_t n)
{
    for (size_t i = 0; i < n; i++)
        values[i] = 0.0f;
    crown_tensor t = {values, 0, NULL, 0};
    g->rules->observe_tensor(g->config, g->state, viewer, &t);
}

float *crown_tensor_piece(crown_tensor *t, const char *name, size_t d0, size_t d1, size_t d2)
{
    size_t size = d0 * (d1 ? d1 : 1) * (d2 ? d2 : 1);
    if (t->layout) {
        crown_buf *b = t->layout;
        crown_buf_puts(b, t->npieces ? ",\n  " : "\n  ");
        crown_buf_puts(b, "{\"name\": ");
        crown_buf_json_string(b, name);
        crown_buf_puts(b, ", \"offset\": ");
        crown_buf_putu(b, (unsigned)t->len);
        crown_buf_puts(b, ", \"shape\": [");
        crown_buf_putu(b, (unsigned)d0);
        if (d1) {
            crown_buf_puts(b, ", ");
            crown_buf_putu(b, (unsigned)d1);
        }
        if (d1 && d2) {
            crown_buf_puts(b, ", ");
            crown_buf_putu(b, (unsigned)d2);
        }
        crown_buf_puts(b, "]}");
    }
    t->npieces++;
    float *p = t->v ? t->v + t->len : NULL;
    t->len += size;
    return p;
}
