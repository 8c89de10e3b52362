/*
 * search.c - a search's life cycle (crown_search_new, crown_search_free,
 * crown_search_reset), its message, its parameters' text, and the results
 * of its last run (crown_search_stats, crown_search_totals).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "search.h"

int search_fail(crown_search *s, int code, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->err, sizeof s->err, fmt, ap);
    va_end(ap);
    return code;
}

CROWN_EXPORT int crown_search_new(crown_search **out, const char *params, char *errbuf,
                                  size_t errcap)
{
    if (!out) {
        crown_copy_msg(errbuf, errcap, "invalid argument: out is NULL");
        return CROWN_EINVAL;
    }
    *out = NULL;
    crown_err err = {{0}};
    search_params p;
    int rc = search_parse_params(params, &p, &err);
    if (rc) {
        crown_copy_msg(errbuf, errcap, err.msg);
        return rc;
    }
    crown_search *s = calloc(1, sizeof *s);
    if (!s) {
        crown_copy_msg(errbuf, errcap, "out of memory");
        return CROWN_ENOMEM;
    }
    s->p = p;
    *out = s;
    return CROWN_OK;
}

static void free_workers(crown_search *s)
{
    for (int i = 0; i < s->nworkers; i++)
        search_worker_free(&s->workers[i]);
    free(s->workers);
    s->workers = NULL;
    s->nworkers = 0;
    s->has_trees = 0;
}

CROWN_EXPORT void crown_search_free(crown_search *s)
{
    if (!s)
        return;
    free_workers(s);
    free(s->decisions);
    free(s->movers);
    free(s->moves);
    free(s->visits);
    free(s->means);
    free(s);
}

CROWN_EXPORT const char *crown_search_last_error(const crown_search *s)
{
    return s ? s->err : "invalid argument: search is NULL";
}

CROWN_EXPORT int crown_search_params(const crown_search *s, char *buf, size_t cap, size_t *len)
{
    if (!s || !len || (!buf && cap))
        return CROWN_EINVAL;
    char text[512];
    crown_buf b;
    crown_buf_init(&b, text, sizeof text);
    search_format_params(&s->p, &b);
    *len = b.len;
    if (b.len + 1 > cap) {
        if (cap)
            buf[0] = 0;
        return CROWN_ETOOSMALL;
    }
    memcpy(buf, text, b.len + 1);
    return CROWN_OK;
}

CROWN_EXPORT int crown_search_stats(const crown_search *s, crown_move *moves, uint64_t *visits,
                                    double *means, size_t cap, size_t *count)
{
    if (!s || !count)
        return CROWN_EINVAL;
    *count = s->nmoves;
    if ((moves || visits || means) && cap < s->nmoves)
        return CROWN_ETOOSMALL;
    if (!moves && !visits && !means)
        return cap < s->nmoves ? CROWN_ETOOSMALL : CROWN_OK;
    for (size_t i = 0; i < s->nmoves; i++) {
        if (moves)
            moves[i] = s->moves[i];
        if (visits)
            visits[i] = s->visits[i];
        if (means)
            means[i] = s->means[i];
    }
    return CROWN_OK;
}

CROWN_EXPORT int crown_search_totals(const crown_search *s, uint64_t *iterations,
                                     double *seconds, uint64_t *nodes)
{
    if (!s)
        return CROWN_EINVAL;
    if (iterations)
        *iterations = s->iterations;
    if (seconds)
        *seconds = s->seconds;
    if (nodes)
        *nodes = s->nodes;
    return CROWN_OK;
}

CROWN_EXPORT int crown_search_reset(crown_search *s)
{
    if (!s)
        return CROWN_EINVAL;
    s->has_trees = 0;
    s->ndecisions = 0;
    s->rules = NULL;
    return CROWN_OK;
}
