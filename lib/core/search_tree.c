/*
 * search_tree.c - a worker's tree and its iterations: a determinization
 * (drawn with the game's resample, replayed on a state), the way down by
 * UCB over availability, one node added, a playout to the end, and each
 * node on the way credited with the return of the seat that chose it.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "search.h"

long search_now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long)t.tv_sec * 1000000000L + t.tv_nsec;
}

/* Grows *p to hold `want` items of `size` bytes (room kept in *cap). */
static int grow(void **p, size_t *cap, size_t want, size_t size)
{
    if (*cap >= want && *p)
        return 0;
    size_t n = want ? want : 1;
    void *q = realloc(*p, n * size);
    if (!q)
        return -1;
    *p = q;
    *cap = n;
    return 0;
}

int search_worker_room(search_worker *w, const crown_rules *r, size_t n, size_t pool)
{
    size_t ss = r->state_size, mm = r->max_moves;
    if (w->ss != ss || w->max_moves != mm) { /* another game: its blocks anew */
        size_t cap = 0;
        void *blocks[5] = {NULL};
        blocks[0] = malloc(ss);
        blocks[1] = malloc(2 * ss);
        blocks[2] = malloc(mm * sizeof(crown_move));
        blocks[3] = malloc(mm * sizeof(uint32_t));
        blocks[4] = malloc(mm);
        for (int i = 0; i < 5; i++)
            if (!blocks[i]) {
                for (int j = 0; j < 5; j++)
                    free(blocks[j]);
                return -1;
            }
        (void)cap;
        free(w->state);
        free(w->scratch);
        free(w->list);
        free(w->weights);
        free(w->seen);
        free(w->dets);
        w->dets = NULL;
        w->pool = 0;
        w->state = blocks[0];
        w->scratch = blocks[1];
        w->list = blocks[2];
        w->weights = blocks[3];
        w->seen = blocks[4];
        w->ss = ss;
        w->max_moves = mm;
    }
    if (!w->sqrt_log) {
        double *t = malloc(3 * SEARCH_TABLE * sizeof *t);
        if (!t)
            return -1;
        w->sqrt_log = t;
        w->inv_sqrt = t + SEARCH_TABLE;
        w->inv = t + 2 * SEARCH_TABLE;
        t[0] = t[SEARCH_TABLE] = t[2 * SEARCH_TABLE] = 0;
        for (int i = 1; i < SEARCH_TABLE; i++) {
            w->sqrt_log[i] = sqrt(log((double)i));
            w->inv_sqrt[i] = 1 / sqrt((double)i);
            w->inv[i] = 1 / (double)i;
        }
    }
    if (grow((void **)&w->redealt, &w->hist_cap, n, sizeof(crown_move)))
        return -1;
    if (pool > w->pool) {
        void *q = realloc(w->dets, pool * ss);
        if (!q)
            return -1;
        w->dets = q;
        w->pool = pool;
    }
    return 0;
}

void search_worker_free(search_worker *w)
{
    free(w->tree.nodes);
    free(w->dets);
    free(w->state);
    free(w->scratch);
    free(w->list);
    free(w->redealt);
    free(w->weights);
    free(w->seen);
    free(w->path);
    free(w->sqrt_log);
    memset(w, 0, sizeof *w);
}

static void root_node(search_node *n)
{
    memset(n, 0, sizeof *n);
    n->mover = -1;
}

int search_tree_clear(search_worker *w)
{
    search_tree *t = &w->tree;
    if (grow((void **)&t->nodes, &t->cap, t->cap > 1024 ? t->cap : 1024, sizeof *t->nodes))
        return -1;
    root_node(&t->nodes[0]);
    t->n = 1;
    t->lo = 1;
    t->hi = 0;
    return 0;
}

uint32_t search_tree_child(const search_tree *t, uint32_t node, int32_t mover, crown_move move)
{
    for (uint32_t c = t->nodes[node].child; c; c = t->nodes[c].sibling)
        if (t->nodes[c].move == move && t->nodes[c].mover == mover)
            return c;
    return 0;
}

int search_tree_reroot(search_worker *w, uint32_t keep)
{
    search_tree *t = &w->tree;
    if (keep == 0)
        return 0;
    /* The subtree copied breadth-first into a new array: each node's
     * children next to each other, in their order. */
    size_t count = 0;
    {
        /* Count it first (a walk using the sibling links, with an explicit
         * stack of the nodes whose children are still to visit). */
        uint32_t *stack = malloc(t->n * sizeof *stack);
        if (!stack)
            goto fail;
        size_t sp = 0;
        stack[sp++] = keep;
        while (sp) {
            uint32_t x = stack[--sp];
            count++;
            for (uint32_t c = t->nodes[x].child; c; c = t->nodes[c].sibling)
                stack[sp++] = c;
        }
        free(stack);
    }
    size_t cap = count > 1024 ? count : 1024;
    search_node *nn = malloc(cap * sizeof *nn);
    uint32_t *from = malloc(count * sizeof *from);
    if (!nn || !from) {
        free(nn);
        free(from);
        goto fail;
    }
    nn[0] = t->nodes[keep];
    nn[0].mover = -1;
    nn[0].sibling = 0;
    nn[0].sum = 0;
    from[0] = keep;
    size_t n = 1;
    for (size_t i = 0; i < n; i++) { /* (the queue is nn itself) */
        uint32_t first = 0, prev = 0;
        for (uint32_t c = t->nodes[from[i]].child; c; c = t->nodes[c].sibling) {
            nn[n] = t->nodes[c];
            nn[n].child = 0;
            nn[n].sibling = 0;
            from[n] = c;
            if (prev)
                nn[prev].sibling = (uint32_t)n;
            else
                first = (uint32_t)n;
            prev = (uint32_t)n;
            n++;
        }
        nn[i].child = first;
    }
    free(from);
    free(t->nodes);
    t->nodes = nn;
    t->n = n;
    t->cap = cap;
    return 0;
fail:
    search_tree_clear(w);
    return -1;
}

/* Draws determinization k of the run into `st`: the game's resample for
 * the viewer from the worker's stream k, replayed from the initial state.
 * 0, or CROWN_EINTERNAL with err. */
static int draw_determinization(search_worker *w, uint64_t k, unsigned char *st)
{
    const search_job *j = w->job;
    const crown_rules *r = j->rules;
    crown_rng rng;
    crown_rng_seed(&rng, crown_mix64(j->seed ^ crown_mix64((uint64_t)w->index)),
                   0x64657465726d0000ULL ^ k); /* "determ" */
    int rc = r->resample(j->config, j->hist, j->n, j->viewer, &rng, w->redealt, w->scratch);
    if (rc == CROWN_ENOMEM) {
        crown_errf(&w->err, "out of memory (a determinization)");
        return rc;
    }
    if (rc) {
        crown_errf(&w->err, "internal error: the game's determinization failed");
        return CROWN_EINTERNAL;
    }
    r->init(j->config, st);
    for (size_t i = 0; i < j->n; i++) {
        crown_move m = w->redealt[i];
        if (r->current(j->config, st) == CROWN_TERMINAL ||
            (r->is_legal && !r->is_legal(j->config, st, m))) {
            crown_errf(&w->err, "internal error: a determinization does not replay (move %zu)",
                       i);
            return CROWN_EINTERNAL;
        }
        r->apply(j->config, st, m);
    }
    return 0;
}

/* The k-th (from 0) byte of seen[0..n) that is 0. */
static size_t nth_unseen(const uint8_t *seen, size_t n, size_t k)
{
    size_t i = 0;
    for (;; i++)
        if (!seen[i] && k-- == 0)
            return i;
    (void)n;
}

/* Where m is in the sorted list a[0..n), or n. */
static size_t place_of(const crown_move *a, size_t n, crown_move m)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (a[mid] < m)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && a[lo] == m ? lo : n;
}

/* One iteration from a determinization in w->state; 0 or a status. */
static int iterate(search_worker *w)
{
    const search_job *j = w->job;
    const crown_rules *r = j->rules;
    const void *cfg = j->config;
    search_tree *t = &w->tree;
    unsigned char *st = w->state;
    double c = w->params->exploration;
    double span = t->hi > t->lo ? t->hi - t->lo : 0, inv_span = span > 0 ? 1 / span : 0;
    size_t depth = 0;
    uint32_t node = 0;
    w->path[depth++] = 0;
    for (;;) {
        int who = r->current(cfg, st);
        if (who == CROWN_TERMINAL)
            break;
        if (who == CROWN_CHANCE) {
            crown_move m = crown_pick_chance(r, cfg, st, &w->pick, w->list, w->weights);
            if (m < 0)
                goto no_move;
            r->apply(cfg, st, m);
            continue;
        }
        size_t n = r->legal(cfg, st, w->list);
        if (n == 0)
            goto no_move;
        memset(w->seen, 0, n);
        size_t available = 0;
        uint32_t best = 0;
        double best_v = -INFINITY;
        for (uint32_t ch = t->nodes[node].child; ch; ch = t->nodes[ch].sibling) {
            search_node *x = &t->nodes[ch];
            if (x->mover != who)
                continue;
            size_t at = place_of(w->list, n, x->move);
            if (at == n)
                continue;
            w->seen[at] = 1;
            available++;
            x->avail++;
            uint32_t vis = x->visits, av = x->avail;
            double mean, explore;
            if (vis < SEARCH_TABLE && av < SEARCH_TABLE) {
                mean = x->sum * w->inv[vis];
                explore = w->sqrt_log[av] * w->inv_sqrt[vis];
            } else {
                mean = x->sum / vis;
                explore = sqrt(log((double)av) / vis);
            }
            double q = span > 0 ? (mean - t->lo) * inv_span : 0.5;
            double v = q + c * explore;
            if (v > best_v) {
                best_v = v;
                best = ch;
            }
        }
        if (available < n) { /* a move not tried here: a new node, then the playout */
            crown_move m = w->list[nth_unseen(w->seen, n, crown_pick_place(&w->pick, n - available))];
            /* (the root's children always: its statistics are the result) */
            if ((t->n < w->params->nodes || node == 0) && t->n < UINT32_MAX) {
                if (t->n == t->cap) {
                    size_t want = t->cap * 2 < w->params->nodes ? t->cap * 2 : w->params->nodes;
                    if (want <= t->n)
                        want = t->n + 64;
                    if (grow((void **)&t->nodes, &t->cap, want, sizeof *t->nodes)) {
                        crown_errf(&w->err, "out of memory (a tree of %zu nodes)", t->n);
                        return CROWN_ENOMEM;
                    }
                }
                uint32_t id = (uint32_t)t->n++;
                search_node *x = &t->nodes[id];
                x->move = m;
                x->mover = who;
                x->child = 0;
                x->sibling = t->nodes[node].child;
                x->visits = 0;
                x->avail = 1;
                x->sum = 0;
                t->nodes[node].child = id;
                w->path[depth++] = id;
            }
            r->apply(cfg, st, m);
            if (crown_play_to_end(r, cfg, st, &w->pick, w->list, w->weights, w->params->rule))
                goto no_move;
            break;
        }
        node = best;
        if (depth == w->path_cap) {
            size_t cap = w->path_cap * 2;
            uint32_t *p = realloc(w->path, cap * sizeof *p);
            if (!p) {
                crown_errf(&w->err, "out of memory (a path of %zu nodes)", depth);
                return CROWN_ENOMEM;
            }
            w->path = p;
            w->path_cap = cap;
        }
        w->path[depth++] = node;
        r->apply(cfg, st, t->nodes[node].move);
    }
    double ret[CROWN_MAX_PLAYERS];
    r->returns(cfg, st, ret);
    for (int p = 0; p < j->players; p++) {
        if (ret[p] < t->lo || t->lo > t->hi)
            t->lo = ret[p];
        if (ret[p] > t->hi)
            t->hi = ret[p];
    }
    for (size_t i = 0; i < depth; i++) {
        search_node *x = &t->nodes[w->path[i]];
        x->visits++;
        if (x->mover >= 0)
            x->sum += ret[x->mover];
    }
    return 0;
no_move:
    crown_errf(&w->err, "internal error: a state with no legal move");
    return CROWN_EINTERNAL;
}

void search_worker_run(search_worker *w)
{
    search_job *j = w->job;
    size_t ss = w->ss;
    size_t pool = w->params->determinizations;
    w->rc = 0;
    w->done = 0;
    w->ndets = 0;
    crown_rng_seed(&w->rng, j->seed, 0x7365617263680000ULL ^ (uint64_t)w->index); /* "search" */
    w->pick = (crown_pick){&w->rng, crown_rng_next(&w->rng), 0, 0, w->list};
    while (w->done < w->target) {
        if (atomic_load_explicit(&j->stop, memory_order_relaxed))
            return;
        if (w->tree.nodes[0].visits >= UINT32_MAX - 1)
            return;
        int rc;
        if (pool == 0) {
            rc = draw_determinization(w, w->done, w->state);
        } else {
            size_t k = (size_t)(w->done % pool);
            rc = 0;
            if (k == w->ndets)
                rc = draw_determinization(w, k, w->dets + k * ss), w->ndets++;
            memcpy(w->state, w->dets + k * ss, ss);
        }
        if (!rc)
            rc = iterate(w);
        if (rc) {
            w->rc = rc;
            atomic_store(&j->stop, 1);
            return;
        }
        w->done++;
        if (j->deadline_ns && search_now_ns() >= j->deadline_ns)
            return;
    }
}
