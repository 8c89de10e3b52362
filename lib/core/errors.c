/*
 * errors.c - the names of the status codes and the handle's message: the
 * helpers every call fails through, and crown_last_error.
 */
#include <stdarg.h>
#include <stdio.h>

#include "core.h"

int crown_fail(crown_game *g, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->err, sizeof g->err, fmt, ap);
    va_end(ap);
    return code;
}

int crown_fail_err(crown_game *g, int code, const crown_err *e)
{
    snprintf(g->err, sizeof g->err, "%s", e->msg);
    return code;
}

void crown_copy_msg(char *dst, size_t cap, const char *msg)
{
    if (dst && cap > 0)
        snprintf(dst, cap, "%s", msg);
}

/* Ends a text-producing call: reports the size, checks the capacity. */
int crown_finish_text(crown_game *g, crown_buf *b, size_t *len)
{
    *len = b->len;
    if (b->len + 1 > b->cap) {
        if (b->cap > 0)
            b->p[0] = '\0';
        return crown_fail(g, CROWN_ETOOSMALL, "buffer too small: %zu bytes needed", b->len + 1);
    }
    return CROWN_OK;
}

CROWN_EXPORT const char *crown_strerror(int status)
{
    switch (status) {
    case CROWN_OK: return "ok";
    case CROWN_EINVAL: return "invalid argument";
    case CROWN_ENOMEM: return "out of memory";
    case CROWN_ETOOSMALL: return "buffer too small";
    case CROWN_EGAME: return "unknown game";
    case CROWN_EOPTION: return "invalid option";
    case CROWN_EILLEGAL: return "illegal move";
    case CROWN_ENOUNDO: return "nothing to undo";
    case CROWN_EPARSE: return "cannot parse text";
    case CROWN_ESTATE: return "not possible in this state";
    case CROWN_EINTERNAL: return "internal error";
    default: return "unknown status";
    }
}

CROWN_EXPORT const char *crown_last_error(const crown_game *g)
{
    return g ? g->err : "invalid argument: game is NULL";
}
