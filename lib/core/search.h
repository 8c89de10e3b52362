/*
 * search.h - the search (crown_search_*): its parameters, its trees, the
 * workers of a run, and what the search's files give each other.
 *
 * search.c         the handle's life cycle, its message, its results
 * search_params.c  the parameters' text, parsed and printed
 * search_run.c     a run: its inputs read from the game, the trees kept or
 *                  re-rooted, the workers on their threads, the results
 * search_tree.c    a tree and an iteration: determinizations, selection,
 *                  expansion, playout, the credit on the way back
 */
#ifndef CROWN_CORE_SEARCH_H
#define CROWN_CORE_SEARCH_H

#include <pthread.h>
#include <stdatomic.h>

#include "core.h"

/* The parameters (crown.h documents each). */
typedef struct search_params {
    uint64_t iterations; /* 0: no limit */
    double time;         /* seconds; 0: no limit */
    int threads;         /* 0: one per processor */
    double exploration;
    size_t determinizations; /* 0: one per iteration */
    int rule;                /* playout=rule */
    int reuse;
    size_t nodes; /* the most nodes of a tree */
} search_params;

#define SEARCH_MAX_THREADS 256
#define SEARCH_MAX_TIME 86400.0
#define SEARCH_MAX_DETS 1000000
#define SEARCH_MAX_NODES 100000000
#define SEARCH_DEFAULT_ITERATIONS 1000
#define SEARCH_DEFAULT_NODES 4000000
#define SEARCH_TABLE 4096

/* A node: the decision into it (who chose what), its first child and its
 * next sibling (0: none; node 0 is the root, nobody's child), its visits,
 * the times it could have been chosen, and the returns of its mover over
 * its visits. */
typedef struct search_node {
    crown_move move;
    int32_t mover; /* -1 for the root */
    uint32_t child, sibling;
    uint32_t visits, avail;
    double sum;
} search_node;

/* A worker's tree: nodes[0..n), room for cap; the range of the returns it
 * has seen (lo > hi: none yet). */
typedef struct search_tree {
    search_node *nodes;
    size_t n, cap;
    double lo, hi;
} search_tree;

/* What a run gives its workers, read only while they run. */
typedef struct search_job {
    const crown_rules *rules;
    const void *config;
    const crown_move *hist; /* the game's history, chance outcomes included */
    size_t n;
    int viewer, players;
    uint64_t seed;
    long deadline_ns; /* 0: none */
    atomic_int stop;  /* set by a worker that failed */
} search_job;

/* A worker: a thread's tree and working memory, kept between runs. */
typedef struct search_worker {
    search_tree tree;
    size_t ss;              /* the game's state size, when the blocks below are its */
    unsigned char *dets;    /* the pool: `pool` states */
    size_t pool, ndets;     /* its room, and how many this run has drawn */
    unsigned char *state;   /* an iteration's state */
    unsigned char *scratch; /* two states, for the game's resample */
    crown_move *list;       /* max_moves */
    crown_move *redealt;    /* the history redealt (hist_cap moves) */
    size_t hist_cap;
    uint32_t *weights;  /* max_moves */
    uint8_t *seen;      /* max_moves */
    /* UCB's terms for counts below SEARCH_TABLE: sqrt(log n), 1/sqrt(n),
     * 1/n (computed once a worker; its loop over a node's children then
     * only multiplies). */
    double *sqrt_log, *inv_sqrt, *inv;
    uint32_t *path;     /* nodes on an iteration's way down */
    size_t path_cap;
    size_t max_moves;
    /* this run: */
    search_job *job;
    const search_params *params;
    int index;
    uint64_t target, done;
    crown_rng rng;
    crown_pick pick;
    int rc;
    crown_err err;
    pthread_t thread;
} search_worker;

struct crown_search {
    search_params p;
    /* The trees' position, for reuse: the game and options searched, its
     * seat, and its decisions (who chose which move). */
    const crown_rules *rules;
    crown_optvals opts;
    int explicit_chance;
    int viewer;
    crown_move *decisions;
    int32_t *movers;
    size_t ndecisions, decisions_cap;
    int has_trees;
    search_worker *workers;
    int nworkers;
    /* The results of the last run. */
    crown_move *moves;
    uint64_t *visits;
    double *means;
    size_t nmoves, moves_cap;
    uint64_t iterations, nodes;
    double seconds;
    char err[256];
};

/* ---- search.c ---------------------------------------------------------- */
int search_fail(crown_search *s, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* ---- search_params.c --------------------------------------------------- */
/* Parses a parameters text onto defaults; 0, or CROWN_EOPTION with err. */
int search_parse_params(const char *text, search_params *p, crown_err *err);
void search_format_params(const search_params *p, crown_buf *b);

/* ---- search_tree.c ----------------------------------------------------- */
/* Gives a worker the blocks a game of `r` needs for a history of n moves
 * and its pool; 0 or -1 (out of memory; what it had is kept). */
int search_worker_room(search_worker *w, const crown_rules *r, size_t n, size_t pool);
/* The worker's tree emptied to a root (allocating it the first time); 0
 * or -1 (out of memory). */
int search_tree_clear(search_worker *w);
/* Keeps only the subtree of node `keep`, which becomes the root; 0 or -1
 * (out of memory: the tree is then emptied to a root, when it can be). */
int search_tree_reroot(search_worker *w, uint32_t keep);
/* The child of `node` by which `mover` chose `move`, or 0. */
uint32_t search_tree_child(const search_tree *t, uint32_t node, int32_t mover, crown_move move);
/* Runs the worker's iterations (its target, the deadline, the stop flag);
 * w->rc and w->err tell how it ended. */
void search_worker_run(search_worker *w);
void search_worker_free(search_worker *w);
/* The monotonic clock, in nanoseconds. */
long search_now_ns(void);

#endif
