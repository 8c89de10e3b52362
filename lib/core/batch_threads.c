/*
 * batch_threads.c - a batch's threads (crown_batch_set_threads): a pool of
 * workers that take the slots of every step and reset with the caller's
 * thread, a chunk of consecutive slots at a time.  Each thread has a share
 * of the slots, the same at every step (its games stay in its core's
 * caches), and takes its chunks from the bottom of it; a thread done with
 * its share takes chunks from the top of the others' (a share is a range of
 * slots in one atomic word), so that a thread that is late, or whose core
 * is busy with another program, is not waited for.  Every slot is a handle
 * of its own and each chunk writes only its slots' rows, so the chunks need
 * no lock, and which thread plays a slot changes nothing: the results do
 * not depend on the number of threads.
 *
 * A step of a thousand games takes a few hundred microseconds, so a worker
 * waits for the next job spinning for some 50 microseconds (the caller's
 * loop between two steps is usually shorter), then sleeps on a condition
 * variable.  The caller does not wait for a sleeping worker to wake: it
 * starts on the chunks at once, and a worker joins the job while it is open
 * (the caller closes it when every chunk is taken, then waits only for the
 * workers inside).  A step is one job of two phases, the actions checked
 * then played, with a barrier between them inside the job: no slot plays
 * before every action is checked, and none at all if one is refused.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "batch.h"

#define SPIN_NS 50000L
#define OPEN 0x80000000u /* in `active`: the present job takes workers */
#define CHUNK 16         /* slots, at most */

/* A share of the slots not yet taken, [lo, hi) as hi << 32 | lo, alone on
 * its cache line. */
typedef struct share {
    _Alignas(64) atomic_uint_least64_t range;
} share;

struct batch_pool {
    crown_batch *b;
    batch_part *parts; /* the batch's, one a thread (the caller's first) */
    int workers;
    pthread_t *tids;
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    atomic_uint gen;    /* one more for every job (and for the stop) */
    atomic_uint active; /* OPEN while the job takes workers, | the workers in it */
    atomic_int stop;
    /* The present job (written before it opens). */
    batch_work *first, *then;
    size_t chunk;
    share *shares[2];      /* per phase, one a thread */
    atomic_size_t checked; /* the slots the first phase is done with */
    atomic_size_t fail_at; /* the lowest slot the first phase refused, or SIZE_MAX */
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

/* Whether a spin at iteration i has lasted SPIN_NS (the clock read every
 * 64 iterations; *until, 0 at first, is set at the first reading). */
static int spun_out(unsigned i, long *until)
{
    if ((i & 63) != 63)
        return 0;
    long t = now_ns();
    if (!*until) {
        *until = t + SPIN_NS;
        return 0;
    }
    return t > *until;
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
        if (spun_out(i, &until))
            return 0;
    }
}

/* Takes a chunk of share s, from its bottom (`own`) or its top: 1 and the
 * chunk in [*from, *to), or 0 when the share is all taken. */
static int take(batch_pool *pool, share *s, int own, size_t *from, size_t *to)
{
    uint_least64_t r = atomic_load(&s->range), n;
    size_t lo, hi;
    do {
        lo = (size_t)(r & 0xffffffffu);
        hi = (size_t)(r >> 32);
        if (lo >= hi)
            return 0;
        size_t c = hi - lo < pool->chunk ? hi - lo : pool->chunk;
        if (own) {
            *from = lo;
            *to = lo + c;
            n = (uint_least64_t)hi << 32 | (uint_least64_t)(lo + c);
        } else {
            *from = hi - c;
            *to = hi;
            n = (uint_least64_t)(hi - c) << 32 | (uint_least64_t)lo;
        }
    } while (!atomic_compare_exchange_weak(&s->range, &r, n));
    return 1;
}

/* Works chunk [from, to) of `phase`.  In the first phase a chunk above the
 * lowest refused slot is skipped (it cannot hold a lower one), and a chunk
 * stops at its first refusal: every slot below the lowest is checked. */
static void work_chunk(batch_pool *pool, int phase, batch_part *p, size_t from, size_t to)
{
    crown_batch *b = pool->b;
    if (phase) {
        pool->then(b, p, from, to);
        return;
    }
    if (from < atomic_load(&pool->fail_at)) {
        pool->first(b, p, from, to);
        if (p->rc) {
            size_t at = atomic_load(&pool->fail_at);
            while (p->slot < at && !atomic_compare_exchange_weak(&pool->fail_at, &at, p->slot))
                ;
        }
    }
    atomic_fetch_add(&pool->checked, to - from);
}

/* Thread `part`'s chunks of `phase`: its own share, then the others'. */
static void take_chunks(batch_pool *pool, int phase, int part, batch_part *p)
{
    int threads = pool->workers + 1;
    share *shares = pool->shares[phase];
    size_t from, to;
    while (take(pool, &shares[part], 1, &from, &to))
        work_chunk(pool, phase, p, from, to);
    for (int k = 1; k < threads; k++) {
        share *s = &shares[(part + k) % threads];
        while (take(pool, s, 0, &from, &to))
            work_chunk(pool, phase, p, from, to);
    }
}

/* Thread `part`'s work in the present job: the first phase, then, when
 * there is a second, waiting for every chunk of the first (spinning, then
 * yielding: the others are inside a chunk) and the second unless a slot
 * was refused. */
static void run_job(batch_pool *pool, int part)
{
    batch_part *p = &pool->parts[part];
    take_chunks(pool, 0, part, p);
    if (!pool->then)
        return;
    long until = 0;
    for (unsigned i = 0; atomic_load(&pool->checked) < pool->b->size; i++) {
        if (atomic_load(&pool->fail_at) != SIZE_MAX)
            return;
        cpu_relax();
        if (spun_out(i, &until))
            sched_yield();
    }
    if (atomic_load(&pool->fail_at) == SIZE_MAX)
        take_chunks(pool, 1, part, p);
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
        /* Joins the job that is open now, if one is (it may be a later one
         * than the one that woke it: its fields were written before it
         * opened). */
        unsigned a = atomic_load(&pool->active);
        while ((a & OPEN) && !atomic_compare_exchange_weak(&pool->active, &a, a + 1))
            ;
        if (!(a & OPEN))
            continue;
        run_job(pool, part);
        if (atomic_fetch_sub(&pool->active, 1) == 1) {
            /* (the job closed, and the caller may be waiting) */
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

batch_pool *batch_pool_start(crown_batch *b, batch_part *parts, int workers)
{
    batch_pool *pool = calloc(1, sizeof *pool);
    if (!pool)
        return NULL;
    pool->b = b;
    pool->parts = parts;
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
    atomic_init(&pool->active, 0u);
    atomic_init(&pool->stop, 0);
    atomic_init(&pool->checked, 0);
    atomic_init(&pool->fail_at, SIZE_MAX);
    for (int k = 0; k < 2; k++) {
        pool->shares[k] = aligned_alloc(64, (size_t)(workers + 1) * sizeof(share));
        if (!pool->shares[k]) {
            free(pool->shares[0]);
            pthread_cond_destroy(&pool->done);
            pthread_cond_destroy(&pool->go);
            pthread_mutex_destroy(&pool->mu);
            free(pool->tids);
            free(pool);
            return NULL;
        }
        for (int t = 0; t <= workers; t++)
            atomic_init(&pool->shares[k][t].range, 0);
    }
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
    free(pool->shares[0]);
    free(pool->shares[1]);
    free(pool->tids);
    free(pool);
}

int batch_run(crown_batch *b, batch_work *first, batch_work *then)
{
    for (int t = 0; t < b->threads; t++)
        b->parts[t].rc = CROWN_OK;
    batch_pool *pool = b->pool;
    if (!pool) {
        first(b, &b->parts[0], 0, b->size);
        if (then && !b->parts[0].rc)
            then(b, &b->parts[0], 0, b->size);
    } else {
        /* Chunks of about a 32nd of a thread's share, at most CHUNK slots. */
        size_t chunk = b->size / ((size_t)b->threads * 32);
        pool->chunk = chunk < 1 ? 1 : chunk > CHUNK ? CHUNK : chunk;
        pool->first = first;
        pool->then = then;
        for (int k = 0; k < 2; k++)
            for (int t = 0; t < b->threads; t++) {
                uint_least64_t lo = b->size * (size_t)t / (size_t)b->threads;
                uint_least64_t hi = b->size * (size_t)(t + 1) / (size_t)b->threads;
                atomic_store(&pool->shares[k][t].range, hi << 32 | lo);
            }
        atomic_store(&pool->checked, 0);
        atomic_store(&pool->fail_at, SIZE_MAX);
        atomic_store(&pool->active, OPEN);
        wake(pool);
        run_job(pool, 0);
        /* Every chunk is taken: no worker may join now, and those inside
         * finish theirs. */
        if (atomic_fetch_and(&pool->active, ~OPEN) != OPEN && !spin(&pool->active, 0, 1)) {
            pthread_mutex_lock(&pool->mu);
            while (atomic_load(&pool->active) != 0)
                pthread_cond_wait(&pool->done, &pool->mu);
            pthread_mutex_unlock(&pool->mu);
        }
    }
    /* The failure of the lowest slot, as one thread would find it first. */
    int first_failing = -1;
    for (int t = 0; t < b->threads; t++)
        if (b->parts[t].rc &&
            (first_failing < 0 || b->parts[t].slot < b->parts[first_failing].slot))
            first_failing = t;
    if (first_failing < 0)
        return CROWN_OK;
    memcpy(b->err, b->parts[first_failing].err, sizeof b->err);
    return b->parts[first_failing].rc;
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
        pool = batch_pool_start(b, parts, threads - 1);
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
