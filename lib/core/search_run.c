/*
 * search_run.c - crown_search_run: the position read from the game (its
 * legal moves, its history for the determinizations, its decisions and who
 * made each for the trees' reuse), the trees kept, re-rooted or emptied,
 * the workers run on their threads, and their roots summed into the
 * results.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "search.h"

/* Were a's options those of the search's trees? */
static int same_game(const crown_search *s, const crown_game *g)
{
    const crown_optvals *x = &s->opts, *y = &g->opts;
    return s->rules == g->rules && s->explicit_chance == g->explicit_chance &&
           x->used == y->used && x->text_mask == y->text_mask &&
           memcmp(x->v, y->v, g->rules->noptions * sizeof x->v[0]) == 0 &&
           memcmp(x->text, y->text, x->used) == 0;
}

static int grow(void **p, size_t *cap, size_t want, size_t size)
{
    if (*cap >= want && *p)
        return 0;
    size_t n = want > 16 ? want : 16;
    void *q = realloc(*p, n * size);
    if (!q)
        return -1;
    *p = q;
    *cap = n;
    return 0;
}

/* The run's reading of the game. */
typedef struct reading {
    crown_move *hist; /* the history */
    uint8_t *chance;  /* 1 where an entry is a chance outcome */
    crown_move *dec;  /* the decisions, and who made each */
    int32_t *mover;
    size_t n, ndec;
    size_t first_hidden; /* the first decision the viewer did not see whole, or ndec */
} reading;

static void reading_free(reading *x)
{
    free(x->hist);
    free(x->chance);
    free(x->dec);
    free(x->mover);
}

/* Does `viewer` read the decision m (played in `st`) as everybody else?
 * (A decision hidden in part, as Blood Bound's curses given, is not
 * followed in the tree: what it hides would choose the subtree.) */
static int seen_whole(const crown_rules *r, const void *cfg, const void *st, crown_move m,
                      int viewer)
{
    if (!r->move_text_seen)
        return 1;
    char a[CROWN_MOVE_TEXT_MAX], b[CROWN_MOVE_TEXT_MAX];
    crown_buf x, y;
    crown_buf_init(&x, a, sizeof a);
    crown_buf_init(&y, b, sizeof b);
    r->move_text(cfg, st, m, &x);
    r->move_text_seen(cfg, st, m, viewer, &y);
    return x.len == y.len && memcmp(a, b, x.len) == 0;
}

static int read_game(crown_game *g, int viewer, reading *x, crown_err *err)
{
    const crown_rules *r = g->rules;
    size_t n = g->n, k = n ? n : 1;
    memset(x, 0, sizeof *x);
    x->hist = malloc(k * sizeof *x->hist);
    x->chance = malloc(k);
    x->dec = malloc(k * sizeof *x->dec);
    x->mover = malloc(k * sizeof *x->mover);
    unsigned char *st = malloc(r->state_size);
    if (!x->hist || !x->chance || !x->dec || !x->mover || !st) {
        free(st);
        reading_free(x);
        crown_errf(err, "out of memory");
        return CROWN_ENOMEM;
    }
    crown_copy_moves(g, x->hist);
    x->n = n;
    r->init(g->config, st);
    for (size_t i = 0; i < n; i++) {
        unsigned f = crown_entry_flags(g, i);
        x->chance[i] = (f & CROWN_H_CHANCE) != 0;
        if (!x->chance[i]) {
            int who = r->current(g->config, st);
            if (x->ndec == x->first_hidden && !seen_whole(r, g->config, st, x->hist[i], viewer))
                x->first_hidden = x->ndec;
            else if (x->ndec == x->first_hidden)
                x->first_hidden = x->ndec + 1;
            x->dec[x->ndec] = x->hist[i];
            x->mover[x->ndec++] = who;
        }
        r->apply(g->config, st, x->hist[i]);
    }
    free(st);
    return CROWN_OK;
}

/* Makes the search's workers T, each with room for the game; 0 or -1. */
static int set_workers(crown_search *s, int t, const crown_rules *r, size_t n)
{
    if (t != s->nworkers) {
        for (int i = t; i < s->nworkers; i++)
            search_worker_free(&s->workers[i]);
        if (t < s->nworkers) {
            s->nworkers = t;
        } else {
            search_worker *w = realloc(s->workers, (size_t)t * sizeof *w);
            if (!w)
                return -1;
            memset(w + s->nworkers, 0, (size_t)(t - s->nworkers) * sizeof *w);
            s->workers = w;
            s->nworkers = t;
        }
    }
    for (int i = 0; i < t; i++) {
        search_worker *w = &s->workers[i];
        if (search_worker_room(w, r, n, s->p.determinizations))
            return -1;
        if (!w->path) {
            w->path = malloc(256 * sizeof *w->path);
            if (!w->path)
                return -1;
            w->path_cap = 256;
        }
        if (!w->tree.nodes && search_tree_clear(w))
            return -1;
    }
    return 0;
}

static void *worker_main(void *arg)
{
    search_worker_run(arg);
    return NULL;
}

/* The trees at the position: kept when the game went on from the one
 * searched (re-rooted at the position reached), else emptied. */
static int place_trees(crown_search *s, crown_game *g, int viewer, const reading *x,
                       int fresh_workers)
{
    int reuse = s->p.reuse && s->has_trees && !fresh_workers && same_game(s, g) &&
                s->viewer == viewer && s->ndecisions <= x->ndec &&
                x->first_hidden >= x->ndec &&
                memcmp(s->decisions, x->dec, s->ndecisions * sizeof *x->dec) == 0 &&
                memcmp(s->movers, x->mover, s->ndecisions * sizeof *x->mover) == 0;
    for (int i = 0; i < s->nworkers; i++) {
        search_worker *w = &s->workers[i];
        uint32_t node = 0;
        int kept = reuse && w->tree.n > 0;
        for (size_t d = s->ndecisions; kept && d < x->ndec; d++) {
            node = search_tree_child(&w->tree, node, x->mover[d], x->dec[d]);
            kept = node != 0;
        }
        if (kept ? search_tree_reroot(w, node) : search_tree_clear(w))
            return -1;
        if (!kept) /* (a tree that lost its way: no range of returns either) */
            w->tree.lo = 1, w->tree.hi = 0;
    }
    return 0;
}

/* Keeps the position searched, for the next run's reuse. */
static int remember(crown_search *s, crown_game *g, int viewer, const reading *x)
{
    if (grow((void **)&s->decisions, &s->decisions_cap, x->ndec, sizeof *s->decisions))
        return -1;
    int32_t *m = realloc(s->movers, (x->ndec ? x->ndec : 1) * sizeof *m);
    if (!m)
        return -1;
    s->movers = m;
    memcpy(s->decisions, x->dec, x->ndec * sizeof *x->dec);
    memcpy(s->movers, x->mover, x->ndec * sizeof *x->mover);
    s->ndecisions = x->ndec;
    s->rules = g->rules;
    crown_opt_copy(&s->opts, &g->opts);
    s->explicit_chance = g->explicit_chance;
    s->viewer = viewer;
    s->has_trees = 1;
    return 0;
}

static int thread_count(const crown_search *s)
{
    if (s->p.threads > 0)
        return s->p.threads;
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > SEARCH_MAX_THREADS ? SEARCH_MAX_THREADS : (int)n;
}

/* A failure of the run itself: the trees and the statistics dropped. */
static int run_failed(crown_search *s, int code, const char *msg)
{
    s->has_trees = 0;
    s->nmoves = 0;
    s->iterations = s->nodes = 0;
    s->seconds = 0;
    for (int i = 0; i < s->nworkers; i++)
        if (s->workers[i].tree.nodes)
            s->workers[i].tree.n = 0;
    return search_fail(s, code, "%s", msg);
}

CROWN_EXPORT int crown_search_run(crown_search *s, crown_game *g, uint64_t seed,
                                  crown_move *move)
{
    if (!s)
        return CROWN_EINVAL;
    if (!g)
        return search_fail(s, CROWN_EINVAL, "invalid argument: game is NULL");
    if (!move)
        return search_fail(s, CROWN_EINVAL, "invalid argument: move is NULL");
    const crown_rules *r = g->rules;
    int viewer = r->current(g->config, g->state);
    if (viewer == CROWN_TERMINAL)
        return search_fail(s, CROWN_ESTATE, "the game is over: there is no move to search");
    if (viewer == CROWN_CHANCE)
        return search_fail(s, CROWN_ESTATE,
                           "the game is at a chance node (chance=explicit): apply its outcome "
                           "first, a search chooses for a seat");
    long t0 = search_now_ns();
    if (grow((void **)&s->moves, &s->moves_cap, r->max_moves, sizeof *s->moves))
        return run_failed(s, CROWN_ENOMEM, "out of memory");
    uint64_t *visits = realloc(s->visits, s->moves_cap * sizeof *visits);
    if (visits)
        s->visits = visits;
    double *means = visits ? realloc(s->means, s->moves_cap * sizeof *means) : NULL;
    if (means)
        s->means = means;
    if (!visits || !means)
        return run_failed(s, CROWN_ENOMEM, "out of memory");
    /* The root's moves: the seat's own legal moves, which it knows. */
    size_t nroot = r->legal(g->config, g->state, s->moves);
    if (nroot == 0)
        return run_failed(s, CROWN_EINTERNAL, "internal error: a state with no legal move");
    memset(s->visits, 0, nroot * sizeof *s->visits);
    memset(s->means, 0, nroot * sizeof *s->means);
    s->nmoves = nroot;
    if (nroot == 1) {
        s->iterations = 0;
        s->nodes = 0;
        for (int i = 0; i < s->nworkers; i++)
            s->nodes += s->workers[i].tree.n;
        s->seconds = (double)(search_now_ns() - t0) / 1e9;
        *move = s->moves[0];
        return CROWN_OK;
    }

    crown_err err = {{0}};
    reading x;
    int rc = read_game(g, viewer, &x, &err);
    if (rc)
        return run_failed(s, rc, err.msg);
    int t = thread_count(s);
    int fresh = t != s->nworkers;
    if (set_workers(s, t, r, x.n) || place_trees(s, g, viewer, &x, fresh)) {
        reading_free(&x);
        return run_failed(s, CROWN_ENOMEM, "out of memory");
    }

    search_job job = {r, g->config, x.hist, x.n, viewer, g->players, seed, 0, 0};
    if (s->p.time > 0)
        job.deadline_ns = t0 + (long)(s->p.time * 1e9);
    uint64_t total = s->p.iterations;
    for (int i = 0; i < t; i++) {
        search_worker *w = &s->workers[i];
        w->job = &job;
        w->params = &s->p;
        w->index = i;
        w->target = total ? total / (uint64_t)t + ((uint64_t)i < total % (uint64_t)t) : UINT64_MAX;
        w->rc = 0;
        w->err.msg[0] = 0;
    }
    int started = 1, start_failed = 0;
    for (; started < t; started++)
        if (pthread_create(&s->workers[started].thread, NULL, worker_main, &s->workers[started])) {
            atomic_store(&job.stop, 1);
            start_failed = 1;
            break;
        }
    search_worker_run(&s->workers[0]);
    for (int i = 1; i < started; i++)
        pthread_join(s->workers[i].thread, NULL);
    if (start_failed) {
        reading_free(&x);
        return run_failed(s, CROWN_ENOMEM, "out of memory: could not start the search's threads");
    }
    for (int i = 0; i < t; i++)
        if (s->workers[i].rc) {
            rc = s->workers[i].rc;
            err = s->workers[i].err;
            reading_free(&x);
            return run_failed(s, rc, err.msg);
        }

    /* The roots summed: each move's visits and its seat's returns. */
    s->iterations = s->nodes = 0;
    for (int i = 0; i < t; i++) {
        const search_tree *tr = &s->workers[i].tree;
        s->iterations += s->workers[i].done;
        s->nodes += tr->n;
        for (uint32_t c = tr->nodes[0].child; c; c = tr->nodes[c].sibling) {
            const search_node *nd = &tr->nodes[c];
            if (nd->mover != viewer)
                continue;
            for (size_t k = 0; k < nroot; k++)
                if (s->moves[k] == nd->move) {
                    s->visits[k] += nd->visits;
                    s->means[k] += nd->sum;
                    break;
                }
        }
    }
    size_t best = 0;
    for (size_t k = 0; k < nroot; k++) {
        if (s->visits[k])
            s->means[k] /= (double)s->visits[k];
        if (s->visits[k] > s->visits[best] ||
            (s->visits[k] == s->visits[best] && s->means[k] > s->means[best]))
            best = k;
    }
    if (remember(s, g, viewer, &x)) {
        reading_free(&x);
        return run_failed(s, CROWN_ENOMEM, "out of memory");
    }
    reading_free(&x);
    s->seconds = (double)(search_now_ns() - t0) / 1e9;
    *move = s->moves[best];
    return CROWN_OK;
}
