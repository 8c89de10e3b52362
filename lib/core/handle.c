/*
 * handle.c - the handle's life cycle: crown_new makes one (its fixed
 * blocks in the same allocation), crown_game_restart starts its game again
 * with another seed in the same memory (for the batches), crown_clone and
 * crown_copy make one the same as another (sharing its history: see
 * history.c), crown_free ends it.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core.h"

#define HISTORY_RESERVE 256 /* entries and snapshots crown_new makes room for */

static size_t align16(size_t x)
{
    return (x + 15) & ~(size_t)15;
}

typedef struct layout {
    size_t config, state, scratch, weights, pstate, total;
} layout;

static layout layout_of(const crown_rules *r)
{
    layout l;
    /* (weights only for a game that weighs its outcomes, and only as many
     * as a chance node has) */
    size_t weights = !r->chance_weights ? 0 : r->max_outcomes ? r->max_outcomes : r->max_moves;
    l.config = align16(sizeof(crown_game));
    l.state = l.config + align16(r->config_size);
    l.scratch = l.state + align16(r->state_size);
    l.weights = l.scratch + align16(r->max_moves * sizeof(crown_move));
    l.pstate = l.weights + align16(weights * sizeof(uint32_t));
    l.total = l.pstate + align16(r->state_size);
    return l;
}

static void set_pointers(crown_game *g)
{
    layout l = layout_of(g->rules);
    unsigned char *base = (unsigned char *)g;
    g->config = base + l.config;
    g->state = base + l.state;
    g->scratch = (crown_move *)(void *)(base + l.scratch);
    g->weights = (uint32_t *)(void *)(base + l.weights);
    g->pstate = base + l.pstate;
}

int crown_game_create(crown_game **out, const crown_rules *r, const crown_optvals *vals,
                      int explicit_chance, uint64_t seed, crown_err *err)
{
    layout l = layout_of(r);
    crown_game *g = malloc(l.total);
    if (!g) {
        crown_errf(err, "out of memory");
        return CROWN_ENOMEM;
    }
    /* Zeroed: the handle's fields and the configuration (configure starts
     * from zeros, unless it writes it whole: config_written).  Not the
     * option pool past what is used, nor the blocks after the
     * configuration: the state is written whole by init, the others before
     * they are read. */
    size_t opts_at = offsetof(crown_game, opts), opts_end = opts_at + sizeof g->opts;
    memset(g, 0, opts_at);
    crown_opt_copy(&g->opts, vals);
    memset((unsigned char *)g + opts_end, 0, (r->config_written ? l.config : l.state) - opts_end);
    g->rules = r;
    g->seed = seed;
    g->explicit_chance = explicit_chance;
    set_pointers(g);
    int rc = r->configure(g->config, &g->opts, err);
    if (rc) {
        free(g);
        return rc;
    }
    g->players = r->num_players(g->config);
    if (crown_history_start(g, HISTORY_RESERVE)) {
        crown_free(g);
        crown_errf(err, "out of memory");
        return CROWN_ENOMEM;
    }
    r->init(g->config, g->state);
    *out = g;
    return CROWN_OK;
}

int crown_game_restart(crown_game *g, uint64_t seed, crown_err *err)
{
    crown_clear_history(g);
    g->seed = seed;
    g->rules->init(g->config, g->state);
    crown_changed(g);
    return crown_game_settle(g, err);
}

CROWN_EXPORT void crown_free(crown_game *g)
{
    if (!g)
        return;
    crown_free_history(g);
    free(g);
}

int crown_find_config(const char *name, const char *options, const crown_rules **r,
                      crown_optvals *vals, int *explicit_chance, crown_err *err)
{
    if (!name) {
        crown_errf(err, "invalid argument: name is NULL");
        return CROWN_EINVAL;
    }
    int rc = crown_find_game(name, r, err);
    return rc ? rc : crown_parse_options(*r, options, vals, explicit_chance, err);
}

CROWN_EXPORT int crown_new_ex(crown_game **out, const char *name, const char *options,
                              uint64_t seed, char *errbuf, size_t errcap)
{
    crown_err err = {{0}};
    if (!out) {
        crown_copy_msg(errbuf, errcap, "invalid argument: out is NULL");
        return CROWN_EINVAL;
    }
    *out = NULL;
    const crown_rules *r;
    crown_optvals vals;
    int explicit_chance;
    crown_game *g = NULL;
    int rc = crown_find_config(name, options, &r, &vals, &explicit_chance, &err);
    if (!rc)
        rc = crown_game_create(&g, r, &vals, explicit_chance, seed, &err);
    if (!rc) {
        rc = crown_game_settle(g, &err);
        if (rc) {
            crown_free(g);
            g = NULL;
        }
    }
    if (rc) {
        crown_copy_msg(errbuf, errcap, err.msg);
        return rc;
    }
    *out = g;
    return CROWN_OK;
}

CROWN_EXPORT int crown_new(crown_game **out, const char *name, const char *options,
                           uint64_t seed)
{
    return crown_new_ex(out, name, options, seed, NULL, 0);
}

CROWN_EXPORT int crown_clone(crown_game **out, crown_game *g)
{
    if (!out)
        return g ? crown_fail(g, CROWN_EINVAL, "invalid argument: out is NULL") : CROWN_EINVAL;
    *out = NULL;
    if (!g)
        return CROWN_EINVAL;
    layout l = layout_of(g->rules);
    crown_game *c = malloc(l.total);
    if (!c)
        return crown_fail(g, CROWN_ENOMEM, "out of memory");
    /* The handle, configuration and state; not the buffers, nor the part of
     * the option pool not in use.  The history is shared, not copied (see
     * history.c). */
    size_t opts_at = offsetof(crown_game, opts), opts_end = opts_at + sizeof g->opts;
    memcpy(c, g, opts_at);
    crown_opt_copy(&c->opts, &g->opts);
    memcpy((unsigned char *)c + opts_end, (const unsigned char *)g + opts_end,
           l.scratch - opts_end);
    set_pointers(c);
    if (g->legal_valid) /* (a cached list comes along: c is likely to play one) */
        memcpy(c->scratch, g->scratch, g->legal_n * sizeof *c->scratch);
    c->kept = 0; /* (only the current list comes along) */
    crown_history_shared(g);
    c->spare = NULL;
    crown_history_take(c, g);
    *out = c;
    return CROWN_OK;
}

/* Were a and b configured from the same option values? */
static int same_options(const crown_rules *r, const crown_game *a, const crown_game *b)
{
    const crown_optvals *x = &a->opts, *y = &b->opts;
    return x->used == y->used && x->text_mask == y->text_mask &&
           memcmp(x->v, y->v, r->noptions * sizeof x->v[0]) == 0 &&
           memcmp(x->text, y->text, x->used) == 0;
}

_Static_assert(offsetof(crown_game, err) + sizeof(((crown_game *)0)->err) == sizeof(crown_game),
               "crown_copy keeps dst's message: it must be the handle's last field");

CROWN_EXPORT int crown_copy(crown_game *dst, crown_game *src)
{
    if (!dst)
        return CROWN_EINVAL;
    if (!src)
        return crown_fail(dst, CROWN_EINVAL, "invalid argument: src is NULL");
    if (dst == src)
        return CROWN_OK;
    if (dst->rules != src->rules)
        return crown_fail(dst, CROWN_EINVAL, "invalid argument: src is a game of %s, dst of %s",
                          src->rules->name, dst->rules->name);
    /* The history is shared, as by crown_clone; dst keeps a chunk of its
     * own (when nobody else holds it) for the moves it makes next, and its
     * message. */
    const crown_rules *r = src->rules;
    int same = dst->explicit_chance == src->explicit_chance && same_options(r, dst, src);
    crown_history_shared(src);
    crown_clear_history(dst); /* (src's chunks stay: src holds them) */
    crown_chunk *spare = dst->spare;
    /* The handle's fields but its message (the last); the options, and the
     * configuration made from them, only when they differ. */
    size_t opts_at = offsetof(crown_game, opts), opts_end = opts_at + sizeof src->opts;
    memcpy(dst, src, opts_at);
    if (!same)
        crown_opt_copy(&dst->opts, &src->opts);
    memcpy((unsigned char *)dst + opts_end, (const unsigned char *)src + opts_end,
           offsetof(crown_game, err) - opts_end);
    set_pointers(dst);
    if (!same)
        memcpy(dst->config, src->config, r->config_size);
    memcpy(dst->state, src->state, r->state_size);
    if (src->legal_valid) /* (a cached list comes along: a playout starts with it) */
        memcpy(dst->scratch, src->scratch, src->legal_n * sizeof *dst->scratch);
    dst->kept = 0; /* (only the current list comes along) */
    dst->spare = spare;
    crown_history_take(dst, src);
    return CROWN_OK;
}
