/*
 * batch_threads.c - a batch's threads (crown_batch_set_threads): a pool of
 * workers, each taking one share of the slots of every step and reset, the
 * caller's thread taking the first.  Every slot is a handle of its own and
 * each share writes only its slots' rows, so the shares need no lock; the
 * results do not depend on the number of threads.
 *
 * A step of a thousand games takes a few hundred microseconds, so a worker
 * waits for the next job spinning for some 50 microseconds (the caller's
 * loop between two steps is usually shorter), then sleeps on a condition
 * variable; the caller waits for the workers the same way.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "batch.h"

#define SPIN_NS 50000L

struct batch_pool {
    crown_batch *b;
    int workers;
    pthread_t *tids;
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    atomic_uint gen;  /* one more for every job (and for the stop) */
    atomic_uint left; /* workers not done with the present job */
    atomic_int stop;
    void (*job)(crown_batch *b, int part);
};

typedef struct worker_arg {
    batch_pool *pool;
    int part;
} worker_arg;

static long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long)t.tv_sec * 1000000000L + t.tv_nsec;
}

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* Spins until *x equals `value` (`equal`) or differs from it (!equal), or
 * SPIN_NS passed: 1 if it does. */
static int spin(atomic_uint *x, unsigned value, int equal)
{
    long until = 0;
    for (unsigned i = 0;; i++) {
        if ((atomic_load(x) == value) == equal)
            return 1;
        cpu_relax();
        if ((i & 63) == 63) {
            long t = now_ns();
            if (!until)
                until = t + SPIN_NS;
            else if (t > until)
                return 0;
        }
    }
}

static void *worker(void *arg)
{
    worker_arg *w = arg;
    batch_pool *pool = w->pool;
    int part = w->part;
    unsigned seen = 0; /* (the pool starts at 0: a job may come before the thread runs) */
    for (;;) {
        if (!spin(&pool->gen, seen, 0)) {
            pthread_mutex_lock(&pool->mu);
            while (atomic_load(&pool->gen) == seen)
                pthread_cond_wait(&pool->go, &pool->mu);
            pthread_mutex_unlock(&pool->mu);
        }
        seen = atomic_load(&pool->gen);
        if (atomic_load(&pool->stop))
            break;
        pool->job(pool->b, part);
        if (atomic_fetch_sub(&pool->left, 1) == 1) {
            pthread_mutex_lock(&pool->mu);
            pthread_cond_signal(&pool->done);
            pthread_mutex_unlock(&pool->mu);
        }
    }
    free(w);
    return NULL;
}

/* Wakes the workers for the present job (or the stop). */
static void wake(batch_pool *pool)
{
    pthread_mutex_lock(&pool->mu);
    atomic_fetch_add(&pool->gen, 1);
    pthread_cond_broadcast(&pool->go);
    pthread_mutex_unlock(&pool->mu);
}

static void stop_workers(batch_pool *pool, int n)
{
    atomic_store(&pool->stop, 1);
    wake(pool);
    for (int i = 0; i < n; i++)
        pthread_join(pool->tids[i], NULL);
}

batch_pool *batch_pool_start(crown_batch *b, int workers)
{
    batch_pool *pool = calloc(1, sizeof *pool);
    if (!pool)
        return NULL;
    pool->b = b;
    pool->tids = calloc((size_t)workers, sizeof *pool->tids);
    if (!pool->tids || pthread_mutex_init(&pool->mu, NULL)) {
        free(pool->tids);
        free(pool);
        return NULL;
    }
    if (pthread_cond_init(&pool->go, NULL)) {
        pthread_mutex_destroy(&pool->mu);
        free(pool->tids);
        free(pool);
        return NULL;
    }
    if (pthread_cond_init(&pool->done, NULL)) {
        pthread_cond_destroy(&pool->go);
        pthread_mutex_destroy(&pool->mu);
        free(pool->tids);
        free(pool);
        return NULL;
    }
    atomic_init(&pool->gen, 0);
    atomic_init(&pool->left, 0u);
    atomic_init(&pool->stop, 0);
    for (int i = 0; i < workers; i++) {
        worker_arg *w = malloc(sizeof *w);
        if (w) {
            w->pool = pool;
            w->part = i + 1;
        }
        if (!w || pthread_create(&pool->tids[i], NULL, worker, w)) {
            free(w);
            pool->workers = i;
            batch_pool_stop(pool);
            return NULL;
        }
    }
    pool->workers = workers;
    return pool;
}

void batch_pool_stop(batch_pool *pool)
{
    if (!pool)
        return;
    stop_workers(pool, pool->workers);
    pthread_cond_destroy(&pool->done);
    pthread_cond_destroy(&pool->go);
    pthread_mutex_destroy(&pool->mu);
    free(pool->tids);
    free(pool);
}

int batch_run(crown_batch *b, void (*job)(crown_batch *b, int part))
{
    for (int t = 0; t < b->threads; t++)
        b->parts[t].rc = CROWN_OK;
    batch_pool *pool = b->pool;
    if (pool) {
        pool->job = job;
        atomic_store(&pool->left, (unsigned)pool->workers);
        wake(pool);
    }
    job(b, 0);
    if (pool && !spin(&pool->left, 0, 1)) {
        pthread_mutex_lock(&pool->mu);
        while (atomic_load(&pool->left) != 0)
            pthread_cond_wait(&pool->done, &pool->mu);
        pthread_mutex_unlock(&pool->mu);
    }
    for (int t = 0; t < b->threads; t++)
        if (b->parts[t].rc) {
            memcpy(b->err, b->parts[t].err, sizeof b->err);
            return b->parts[t].rc;
        }
    return CROWN_OK;
}

CROWN_EXPORT int crown_batch_set_threads(crown_batch *b, int threads)
{
    if (!b)
        return CROWN_EINVAL;
    if (threads < 0 || threads > CROWN_BATCH_MAX_THREADS)
        return batch_fail(b, CROWN_EINVAL,
                          "invalid argument: threads %d (0 for one per processor, or 1 to %d)",
                          threads, CROWN_BATCH_MAX_THREADS);
    if (threads == 0) {
        long n = sysconf(_SC_NPROCESSORS_ONLN);
        threads = n < 1 ? 1 : n > CROWN_BATCH_MAX_THREADS ? CROWN_BATCH_MAX_THREADS : (int)n;
    }
    if ((size_t)threads > b->size)
        threads = (int)b->size;
    if (threads == b->threads)
        return CROWN_OK;
    batch_part *parts = calloc((size_t)threads, sizeof *parts);
    if (!parts)
        return batch_fail(b, CROWN_ENOMEM, "out of memory");
    batch_pool *pool = NULL;
    if (threads > 1) {
        /* (started before the old pool stops: on failure the batch keeps it) */
        pool = batch_pool_start(b, threads - 1);
        if (!pool) {
            free(parts);
            return batch_fail(b, CROWN_ENOMEM, "could not start %d threads", threads - 1);
        }
    }
    batch_pool_stop(b->pool);
    free(b->parts);
    b->pool = pool;
    b->parts = parts;
    b->threads = threads;
    return CROWN_OK;
}
