/*
 * crown-bench - measures the library's speed against a floor.
 *
 * For each game and option set it reports, in process CPU time:
 *   decision   ns per decision (crown_legal_moves + crown_apply) in random
 *              playouts from the dealt position, each on a handle reset to it with
 *              crown_copy (its cost included)
 *   apply+undo ns per pair: crown_apply of a random legal move, then
 *              crown_undo, at every position along random games
 *   playout    ns per whole random playout from the dealt position
 *   in-library ns per decision of crown_playouts (random playouts played
 *              inside the library, the game left as it was), the decisions
 *              per playout counted in the same kind of playouts through the
 *              public loop (a copy of the dealt position with a seed of its
 *              own for each, since crown_playouts draws every chance
 *              outcome afresh)
 *   clone      ns per crown_clone + crown_free, 10 decisions in and at the end
 *   save, load ns per history entry of finished games (crown_serialize,
 *              crown_deserialize + crown_free), and load against a replay of
 *              the decisions with crown_new + crown_apply
 *   allocs     allocations per decision in the playout loop (0 expected)
 *   bytes      heap bytes held by a handle after crown_new, and per history
 *              entry (growth over a finished game, averaged)
 * and how games start and branch (measure_starts):
 *   new        ns per crown_new + crown_free
 *   from new   ns per decision of random playouts each from crown_new (its
 *              crown_new and crown_free included), beside `decision`, the
 *              same playouts from a reset handle
 *   clone-each ns per decision of the playouts from a reset handle with a
 *              crown_clone of the game after every move (freeing the clone
 *              before), as a search that keeps a clone per node; and the
 *              clone's own cost, that less `decision`
 * and the floor: a toy shedding game (shuffle 40 cards, deal 6 each to two
 * players, each move scans the hand for the cards matching the top card's
 * colour or rank and plays one at random, else draws) measured in the same
 * process in slices between the game's measurements, so that both see the
 * same machine.  Every time is also given as a ratio to the floor's ns per
 * move.  Besides, without a ratio to the floor:
 *   batch      ns per game step of crown_batch_step with 1024 games (every
 *              array bound; the actions drawn among the legal ones of the
 *              masks), and obs-loop, ns per decision of the decision loop
 *              plus crown_observation_tensor of the player to move next
 *              (--batch B: these two alone, with B games, and games-loop:
 *              ns per game step of the same step made game by game over B
 *              handles of their own, with crown_apply, crown_legal_mask,
 *              crown_observation_tensor, crown_current_player and
 *              crown_returns, a game that ended replaced by crown_new's)
 * --batch B --threads T: the batch alone on T threads (crown_batch_set_threads),
 * timed in wall time as well as CPU time: with threads the figure is steps
 * per wall-second, the CPU time counting every thread's, its spinning included.
 * usage: crown-bench [--game NAME [--options TEXT]] [--seconds S] [--seed N]
 *                    [--json] [--floor | --batch B [--threads T]]
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <crown/crown.h>

/* ---- counting the library's allocations -------------------------------
 * On glibc the program defines malloc, calloc, realloc and free itself: the
 * shared library's calls come here, are counted while `counting` is on, and
 * go on to glibc's allocator.  Not under a sanitizer (it has its own
 * allocator), nor elsewhere: then the counts are "n/a". */
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) || \
    __has_feature(thread_sanitizer)
#define BENCH_SANITIZER 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define BENCH_SANITIZER 1
#endif

#if defined(__GLIBC__) && !defined(BENCH_SANITIZER)
#define COUNT_ALLOCATIONS 1

extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t k);
extern void *__libc_realloc(void *p, size_t n);
extern void __libc_free(void *p);

static int counting;
static long allocations;
static long long live_bytes; /* bytes requested, minus those freed, while counting */

/* The requested size of each block allocated while counting, by address
 * (open addressing, linear probing, deletion by backward shift). */
enum { SLOTS = 1 << 16 };
static struct {
    void *p;
    size_t n;
} sizes[SLOTS];
static long nsizes;

static size_t slot_of(const void *p)
{
    uint64_t h = (uint64_t)(uintptr_t)p * 0x9e3779b97f4a7c15ULL;
    return (size_t)(h >> 48) & (SLOTS - 1);
}

static void remember(void *p, size_t n)
{
    if (nsizes >= SLOTS / 2)
        return; /* full enough: the block is counted, its size not */
    size_t i = slot_of(p);
    while (sizes[i].p)
        i = (i + 1) & (SLOTS - 1);
    sizes[i].p = p;
    sizes[i].n = n;
    nsizes++;
    live_bytes += (long long)n;
}

static void forget(void *p)
{
    if (!p || nsizes == 0)
        return;
    size_t i = slot_of(p);
    while (sizes[i].p && sizes[i].p != p)
        i = (i + 1) & (SLOTS - 1);
    if (!sizes[i].p)
        return;
    live_bytes -= (long long)sizes[i].n;
    nsizes--;
    /* shift back the entries that probed past slot i */
    size_t j = i;
    for (;;) {
        sizes[i].p = NULL;
        for (;;) {
            j = (j + 1) & (SLOTS - 1);
            if (!sizes[j].p)
                return;
            size_t home = slot_of(sizes[j].p);
            /* stays if its home lies cyclically in (i, j] */
            if (i <= j ? (i < home && home <= j) : (i < home || home <= j))
                continue;
            break;
        }
        sizes[i] = sizes[j];
        i = j;
    }
}

void *malloc(size_t n)
{
    void *p = __libc_malloc(n);
    if (counting && p) {
        allocations++;
        remember(p, n);
    }
    return p;
}

void *calloc(size_t n, size_t k)
{
    void *p = __libc_calloc(n, k);
    if (counting && p) {
        allocations++;
        remember(p, n * k);
    }
    return p;
}

void *realloc(void *p, size_t n)
{
    void *q = __libc_realloc(p, n);
    if (q || n == 0)
        forget(p);
    if (counting && q) {
        allocations++;
        remember(q, n);
    }
    return q;
}

void free(void *p)
{
    forget(p);
    __libc_free(p);
}
#else
#define COUNT_ALLOCATIONS 0
static int counting;
static long allocations;
static long long live_bytes;
#endif

/* ---- time and randomness ---------------------------------------------- */

/* Process CPU time: the machine may be shared. */
static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Wall time, for the batch on threads (whose CPU time adds every thread's). */
static double wall_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The calling thread's CPU time. */
static double thread_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t next(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* A random index below n by multiply-shift, as the floor draws (no
 * division in the benchmark's own loop; n is far below 2^32). */
static size_t pick(uint64_t *s, size_t n)
{
    return (size_t)(((next(s) >> 32) * (uint64_t)n) >> 32);
}

/* ---- the floor -----------------------------------------------------------
 * The physical minimum of a card-game decision on this machine, without the
 * library: the same workload as the project's reference floor program (its
 * mode 3), written here so that it runs in the same process, between the
 * game's measurements.  Cards are 0..39: colour = card % 4, rank = card / 4.
 * The generator is a 64-bit multiply-mix one with a multiply-shift bound,
 * as cheap as the reference's. */

typedef struct floor_state {
    uint64_t rng;
    uint8_t deck[40];
    uint64_t sink; /* keeps the work observable */
} floor_state;

static inline uint64_t floor_rand(uint64_t *s)
{
    *s += 0xa0761d6478bd642fULL;
#if defined(__SIZEOF_INT128__)
    unsigned __int128 m = (unsigned __int128)*s * (*s ^ 0xe7037ed1a0b428dbULL);
    return (uint64_t)m ^ (uint64_t)(m >> 64);
#else
    uint64_t x = *s ^ (*s >> 29);
    x *= 0xbf58476d1ce4e5b9ULL;
    return x ^ (x >> 32);
#endif
}

static inline unsigned floor_below(uint64_t *s, unsigned n)
{
    return (unsigned)(((uint64_t)(uint32_t)floor_rand(s) * n) >> 32);
}

/* One toy playout; returns the moves it made (a draw, or a pass when the
 * stock is out, counts as a move, as in the reference). */
static long floor_playout(floor_state *f)
{
    uint8_t *d = f->deck;
    for (unsigned i = 39; i > 0; i--) {
        unsigned j = floor_below(&f->rng, i + 1);
        uint8_t c = d[i];
        d[i] = d[j];
        d[j] = c;
    }
    uint8_t hands[2][40];
    int count[2] = {6, 6};
    for (int k = 0; k < 6; k++) {
        hands[0][k] = d[2 * k];
        hands[1][k] = d[2 * k + 1];
    }
    int stock = 12;
    uint8_t top = d[stock++];
    int seat = 0, passes = 0;
    long moves = 0;
    while (count[0] > 0 && count[1] > 0 && passes < 2) {
        uint8_t *h = hands[seat];
        uint8_t match[40];
        int nm = 0;
        for (int k = 0; k < count[seat]; k++) {
            /* written always, kept when the card matches: no branch */
            match[nm] = (uint8_t)k;
            nm += (h[k] & 3) == (top & 3) || (h[k] >> 2) == (top >> 2);
        }
        if (nm > 0) {
            int k = match[floor_below(&f->rng, (unsigned)nm)];
            top = h[k];
            h[k] = h[--count[seat]];
            passes = 0;
        } else if (stock < 40) {
            h[count[seat]++] = d[stock++];
            passes = 0;
        } else {
            passes++;
        }
        moves++;
        seat = 1 - seat;
    }
    f->sink += (uint64_t)(count[0] * 3 + count[1]);
    return moves;
}

typedef struct timing {
    double sec;
    long reps, units;
} timing;

/* Runs the floor for about `budget` seconds of CPU time into t (reps =
 * playouts, units = moves). */
static void floor_run(floor_state *f, double budget, timing *t)
{
    double spent = 0;
    do {
        long moves = 0;
        double t0 = now();
        for (int i = 0; i < 2048; i++)
            moves += floor_playout(f);
        double dt = now() - t0;
        spent += dt;
        t->sec += dt;
        t->reps += 2048;
        t->units += moves;
    } while (spent < budget);
}

static void floor_init(floor_state *f, uint64_t seed)
{
    f->rng = seed;
    f->sink = 0;
    for (int i = 0; i < 40; i++)
        f->deck[i] = (uint8_t)i;
}

/* ---- the game's measurements -------------------------------------------- */

enum { RECORDED = 8, PAIRS = 4, ROUNDS = 4 };
#define BATCH_SIZE 1024 /* the games of the batch figure (--batch changes it) */

typedef struct bench {
    const char *name, *options;
    uint64_t seed, rng;
    crown_game *root;      /* the dealt position */
    crown_game *work;      /* the playouts' handle, reset to root by crown_copy */
    crown_move *moves;     /* max_moves entries */
    size_t max;
    crown_move *rec[RECORDED]; /* the decisions of recorded random games */
    size_t nrec[RECORDED];
    crown_game *done[RECORDED]; /* those games, finished */
    size_t hist[RECORDED];      /* their history lengths */
    char *text[RECORDED];       /* their saves */
    size_t textcap;
    crown_game *at10; /* a game 10 decisions in */
    size_t hist10;
    int k; /* the recorded game the next repetition uses */
} bench;

typedef struct results {
    timing floor, playout, inlib, inlib_len, pair_a, pair_b, clone10, cloneend, save, load, replay;
    timing fresh, from_new, clone_each; /* measure_starts */
    long pair_units, save_entries, load_entries, replay_entries;
    long allocs, alloc_decisions;
    long long handle_bytes;
    double entry_bytes, entry_growth;
    size_t hist10, histend, histmax;
    double batch_ns, loop_ns; /* see "batches" below */
    double games_ns;          /* games-loop (--batch only) */
    double batch_wall_ns;     /* batch in wall time (--threads only) */
} results;

static int fail_game(const char *what, crown_game *g)
{
    fprintf(stderr, "crown-bench: %s failed: %s\n", what, g ? crown_last_error(g) : "");
    return -1;
}

/* A random legal move applied to g: 1, or 0 when the game is over, -1 when
 * a call fails. */
static int random_move(crown_game *g, crown_move *moves, size_t max, uint64_t *rng)
{
    int p;
    size_t n;
    crown_current_player(g, &p);
    if (p == CROWN_TERMINAL)
        return 0;
    if (crown_legal_moves(g, moves, max, &n) || n == 0 || crown_apply(g, moves[pick(rng, n)]))
        return -1;
    return 1;
}

/* A random playout from g's position; counts decisions.  With a tensor
 * (obs floats, else NULL), after each decision the observation tensor of
 * the player to move next is written into it. */
static int play_random(crown_game *g, crown_move *moves, size_t max, uint64_t *rng,
                       long *decisions, float *tensor, size_t obs)
{
    int rc;
    while ((rc = random_move(g, moves, max, rng)) == 1) {
        (*decisions)++;
        if (tensor) {
            int p;
            size_t n;
            crown_current_player(g, &p);
            if (p >= 0 && crown_observation_tensor(g, p, tensor, obs, &n))
                return -1;
        }
    }
    return rc;
}

static void undo_all(crown_game *g)
{
    while (crown_undo(g) == CROWN_OK)
        ;
}

/* One playout from the root, on the work handle reset to it by crown_copy
 * (a search's reset, which allocates nothing once the root is shared). */
static int rep_playout(bench *b, timing *t)
{
    long d = 0;
    if (crown_copy(b->work, b->root))
        return fail_game("copy", b->work);
    if (play_random(b->work, b->moves, b->max, &b->rng, &d, NULL, 0))
        return fail_game("playout", b->work);
    t->units += d;
    return 0;
}

/* Along recorded game k from the root: at each position the legal moves,
 * then `pairs` times apply a random one and undo, then the recorded
 * decision.  With pairs = 0 this is the baseline the pairs are measured
 * against. */
static int pass_pairs(bench *b, int k, int pairs)
{
    crown_game *g = b->root;
    for (size_t i = 0; i < b->nrec[k]; i++) {
        size_t n;
        if (crown_legal_moves(g, b->moves, b->max, &n) || n == 0)
            return fail_game("legal moves", g);
        for (int j = 0; j < pairs; j++)
            if (crown_apply(g, b->moves[pick(&b->rng, n)]) || crown_undo(g))
                return fail_game("apply and undo", g);
        if (crown_apply(g, b->rec[k][i]))
            return fail_game("replay", g);
    }
    undo_all(g);
    return 0;
}

/* Repeats `rep` for about `budget` seconds of CPU time, reading the clock
 * once per batch of repetitions (batches grow to about a millisecond). */
static int run_for(bench *b, double budget, int (*rep)(bench *, timing *), timing *t)
{
    long batch = 1;
    double spent = 0;
    do {
        double t0 = now();
        for (long i = 0; i < batch; i++)
            if (rep(b, t))
                return -1;
        double dt = now() - t0;
        spent += dt;
        t->sec += dt;
        t->reps += batch;
        if (dt < 1e-3 && batch < (1L << 20))
            batch *= 2;
    } while (spent < budget);
    return 0;
}

/* One playout inside the library (crown_playouts), from the root. */
static int rep_inlib(bench *b, timing *t)
{
    double mean[64];
    size_t n;
    if (crown_playouts(b->root, next(&b->rng), 1, mean, 64, &n))
        return fail_game("crown_playouts", b->root);
    t->units++;
    return 0;
}

/* A random playout on g, a handle of its own, freed at its end; counts the
 * decisions in t->units. */
static int play_and_free(bench *b, crown_game *g, timing *t)
{
    long d = 0;
    int rc = play_random(g, b->moves, b->max, &b->rng, &d, NULL, 0);
    if (rc)
        fail_game("playout", g);
    crown_free(g);
    t->units += d;
    return rc;
}

/* The decisions of a playout such as crown_playouts plays, not timed:
 * through the public loop from a copy of the root with a new seed (so that
 * its chance outcomes are drawn afresh, as crown_playouts draws them; the
 * playouts of `decision` all draw the root's).  Counts decisions in units
 * and playouts in reps. */
static int rep_inlib_len(bench *b, timing *t)
{
    crown_game *g;
    if (crown_resample(b->root, CROWN_OMNISCIENT, next(&b->rng), &g))
        return fail_game("resample", b->root);
    return play_and_free(b, g, t);
}

static int rep_clone10(bench *b, timing *t)
{
    crown_game *c;
    if (crown_clone(&c, b->at10))
        return fail_game("clone", b->at10);
    crown_free(c);
    t->units++;
    return 0;
}

static int rep_cloneend(bench *b, timing *t)
{
    crown_game *c;
    int k = b->k;
    b->k = (k + 1) % RECORDED;
    if (crown_clone(&c, b->done[k]))
        return fail_game("clone", b->done[k]);
    crown_free(c);
    t->units++;
    return 0;
}

static int rep_save(bench *b, timing *t)
{
    int k = b->k;
    b->k = (k + 1) % RECORDED;
    size_t len;
    if (crown_serialize(b->done[k], b->text[k], b->textcap, &len))
        return fail_game("save", b->done[k]);
    t->units += (long)b->hist[k];
    return 0;
}

static int rep_load(bench *b, timing *t)
{
    int k = b->k;
    b->k = (k + 1) % RECORDED;
    crown_game *g;
    char err[256];
    if (crown_deserialize_ex(&g, b->text[k], err, sizeof err)) {
        fprintf(stderr, "crown-bench: load failed: %s\n", err);
        return -1;
    }
    crown_free(g);
    t->units += (long)b->hist[k];
    return 0;
}

static int rep_replay(bench *b, timing *t)
{
    int k = b->k;
    b->k = (k + 1) % RECORDED;
    crown_game *g;
    if (crown_new(&g, b->name, b->options, b->seed))
        return fail_game("crown_new", NULL);
    for (size_t i = 0; i < b->nrec[k]; i++)
        if (crown_apply(g, b->rec[k][i])) {
            fail_game("replay", g);
            crown_free(g);
            return -1;
        }
    crown_free(g);
    t->units += (long)b->hist[k];
    return 0;
}

/* ---- starting and branching games ---------------------------------------
 * Seeds are drawn from the bench's generator, so every crown_new deals
 * another game. */

/* crown_new + crown_free. */
static int rep_new(bench *b, timing *t)
{
    crown_game *g;
    if (crown_new(&g, b->name, b->options, next(&b->rng)))
        return fail_game("crown_new", NULL);
    crown_free(g);
    t->units++;
    return 0;
}

/* A random playout from crown_new, freed at its end. */
static int rep_from_new(bench *b, timing *t)
{
    crown_game *g;
    if (crown_new(&g, b->name, b->options, next(&b->rng)))
        return fail_game("crown_new", NULL);
    return play_and_free(b, g, t);
}

/* A random playout from the work handle reset to the root, with a clone of
 * the game after every move (the previous clone freed first). */
static int rep_clone_each(bench *b, timing *t)
{
    crown_game *g = b->work, *c = NULL;
    long d = 0;
    if (crown_copy(g, b->root))
        return fail_game("copy", g);
    int rc;
    while ((rc = random_move(g, b->moves, b->max, &b->rng)) == 1) {
        crown_free(c);
        if (crown_clone(&c, g))
            return fail_game("clone", g);
        d++;
    }
    crown_free(c);
    if (rc)
        return fail_game("playout", g);
    t->units += d;
    return 0;
}

/* One round of the three, for about `budget` seconds. */
static int measure_starts(bench *b, double budget, results *r)
{
    return run_for(b, budget * 0.25, rep_new, &r->fresh) ||
           run_for(b, budget * 0.35, rep_from_new, &r->from_new) ||
           run_for(b, budget * 0.4, rep_clone_each, &r->clone_each);
}

/* The apply+undo passes, baseline and with pairs, alternating. */
static int measure_pairs(bench *b, double budget, results *r)
{
    double spent = 0;
    do {
        int k = b->k;
        b->k = (k + 1) % RECORDED;
        double t0 = now();
        if (pass_pairs(b, k, 0))
            return -1;
        double t1 = now();
        if (pass_pairs(b, k, PAIRS))
            return -1;
        double t2 = now();
        r->pair_a.sec += t1 - t0;
        r->pair_b.sec += t2 - t1;
        r->pair_units += (long)b->nrec[k] * PAIRS;
        spent += t2 - t0;
    } while (spent < budget);
    return 0;
}

/* Records RECORDED random games from the root, their finished handles,
 * saves, and a game 10 decisions in. */
static int prepare(bench *b)
{
    crown_game *g = b->root;
    size_t longest = 0;
    for (int k = 0; k < RECORDED; k++) {
        size_t cap = 64, n = 0;
        b->rec[k] = malloc(cap * sizeof *b->rec[k]);
        if (!b->rec[k])
            return -1;
        for (;;) {
            int p;
            size_t nl;
            crown_current_player(g, &p);
            if (p == CROWN_TERMINAL)
                break;
            if (crown_legal_moves(g, b->moves, b->max, &nl) || nl == 0)
                return fail_game("legal moves", g);
            crown_move m = b->moves[pick(&b->rng, nl)];
            if (crown_apply(g, m))
                return fail_game("apply", g);
            if (n == cap) {
                crown_move *bigger = realloc(b->rec[k], 2 * cap * sizeof *bigger);
                if (!bigger)
                    return -1;
                b->rec[k] = bigger;
                cap *= 2;
            }
            b->rec[k][n++] = m;
        }
        b->nrec[k] = n;
        if (crown_clone(&b->done[k], g))
            return fail_game("clone", g);
        crown_history_length(g, &b->hist[k]);
        size_t len;
        if (crown_serialize(g, NULL, 0, &len) != CROWN_ETOOSMALL && len == 0)
            return fail_game("save", g);
        if (len + 1 > longest)
            longest = len + 1;
        undo_all(g);
    }
    b->textcap = longest;
    for (int k = 0; k < RECORDED; k++) {
        size_t len;
        b->text[k] = malloc(longest);
        if (!b->text[k] || crown_serialize(b->done[k], b->text[k], longest, &len))
            return fail_game("save", b->done[k]);
    }
    /* 10 decisions in (fewer if the game is shorter). */
    size_t upto = b->nrec[0] < 10 ? b->nrec[0] : 10;
    for (size_t i = 0; i < upto; i++)
        if (crown_apply(g, b->rec[0][i]))
            return fail_game("apply", g);
    if (crown_clone(&b->at10, g))
        return fail_game("clone", g);
    crown_history_length(g, &b->hist10);
    undo_all(g);
    return 0;
}

/* Heap bytes: a handle after crown_new, and the history's cost per entry.
 * crown_new reserves room for a number of entries, and the history then
 * grows by doubling; an entry's cost is the growth at the first doubling
 * divided by the entries held then (none if no recorded game outgrows the
 * reserve: then entry_bytes < 0).  The average growth per entry over the
 * longest game is kept as well. */
static int measure_bytes(bench *b, results *r)
{
    int longest = 0;
    for (int k = 1; k < RECORDED; k++)
        if (b->hist[k] > b->hist[longest])
            longest = k;
    crown_game *g = NULL;
    long long before = live_bytes;
    counting = 1;
    int rc = crown_new(&g, b->name, b->options, b->seed);
    long long after_new = live_bytes;
    size_t h0 = 0, h1 = 0;
    r->entry_bytes = -1;
    if (!rc) {
        crown_history_length(g, &h0);
        h1 = h0;
        for (size_t i = 0; i < b->nrec[longest] && !rc; i++) {
            long long l0 = live_bytes;
            size_t hb = h1;
            rc = crown_apply(g, b->rec[longest][i]);
            crown_history_length(g, &h1);
            if (live_bytes > l0 && r->entry_bytes < 0 && hb > 0)
                r->entry_bytes = (double)(live_bytes - l0) / (double)hb;
        }
    }
    long long after_game = live_bytes;
    counting = 0;
    crown_free(g);
    if (rc)
        return fail_game("replay", NULL);
    r->handle_bytes = after_new - before;
    r->entry_growth = h1 > h0 ? (double)(after_game - after_new) / (double)(h1 - h0) : 0;
    return 0;
}

static int rep_counted_playout(bench *b, timing *t)
{
    counting = 1;
    int rc = rep_playout(b, t);
    counting = 0;
    return rc;
}

static void free_bench(bench *b)
{
    for (int k = 0; k < RECORDED; k++) {
        free(b->rec[k]);
        crown_free(b->done[k]);
        free(b->text[k]);
    }
    crown_free(b->at10);
    crown_free(b->work);
    crown_free(b->root);
    free(b->moves);
}

static int measure(const char *name, const char *options, double seconds, uint64_t seed,
                   results *r)
{
    bench b;
    memset(&b, 0, sizeof b);
    memset(r, 0, sizeof *r);
    b.name = name;
    b.options = options;
    b.seed = seed;
    b.rng = seed;
    char err[256];
    if (crown_new_ex(&b.root, name, options, seed, err, sizeof err)) {
        fprintf(stderr, "crown-bench: %s\n", err);
        return 2;
    }
    crown_max_moves(b.root, &b.max);
    b.moves = malloc(b.max * sizeof *b.moves);
    int status = 1;
    if (!b.moves || prepare(&b) || measure_bytes(&b, r) || crown_clone(&b.work, b.root))
        goto done;
    r->hist10 = b.hist10;
    r->histend = b.hist[0];
    for (int k = 0; k < RECORDED; k++)
        if (b.hist[k] > r->histmax)
            r->histmax = b.hist[k];

    /* Warm up: the work handle's history reaches the length of long games,
     * so the playout loop does not allocate for it. */
    timing warm = {0, 0, 0};
    for (int i = 0; i < 20; i++)
        if (rep_playout(&b, &warm))
            goto done;

    floor_state f;
    floor_init(&f, seed);
    /* Each round: floor, playouts, floor, pairs, clones, floor, saves and
     * loads; the floor takes about a fifth of the time. */
    double round = seconds / ROUNDS;
    for (int i = 0; i < ROUNDS; i++) {
        floor_run(&f, round * 0.07, &r->floor);
        long a0 = allocations;
        long d0 = r->playout.units;
        if (run_for(&b, round * 0.25, rep_counted_playout, &r->playout))
            goto done;
        r->allocs += allocations - a0;
        r->alloc_decisions += r->playout.units - d0;
        floor_run(&f, round * 0.07, &r->floor);
        if (run_for(&b, round * 0.08, rep_inlib, &r->inlib) ||
            run_for(&b, round * 0.05, rep_inlib_len, &r->inlib_len))
            goto done;
        if (measure_pairs(&b, round * 0.12, r))
            goto done;
        if (run_for(&b, round * 0.05, rep_clone10, &r->clone10) ||
            run_for(&b, round * 0.05, rep_cloneend, &r->cloneend))
            goto done;
        if (measure_starts(&b, round * 0.15, r))
            goto done;
        floor_run(&f, round * 0.06, &r->floor);
        if (run_for(&b, round * 0.09, rep_save, &r->save) ||
            run_for(&b, round * 0.12, rep_load, &r->load) ||
            run_for(&b, round * 0.08, rep_replay, &r->replay))
            goto done;
    }
    floor_run(&f, round * 0.07, &r->floor);
    if (f.sink == 1)
        fputs("", stderr); /* the floor's result is used */
    status = 0;
done:
    free_bench(&b);
    return status;
}

/* ---- batches -------------------------------------------------------------
 * batch:    ns per game step of crown_batch_step with B games, every array
 *           bound (observations, masks, players, rewards, the end flags), the
 *           actions drawn at random among the legal ones of the masks (the
 *           drawing is not timed);
 * obs-loop: ns per decision of the playout loop plus the observation tensor
 *           of the player to move next (crown_legal_moves, a random pick,
 *           crown_apply, crown_observation_tensor), each playout on a handle
 *           reset to the dealt position with crown_copy, as for decision;
 * games-loop (--batch only): ns per game step of what a caller without a
 *           batch does for B games of their own handles: for each game the
 *           action's move (crown_index_move), crown_apply, the player to
 *           move, the rewards from crown_returns, a game that ended freed and
 *           replaced by crown_new's next game (seeds as the batch's), then
 *           its legal mask and observation tensor into its rows of arrays
 *           like the batch's; the actions drawn from the masks as for batch
 *           (not timed).
 * They are measured in turns, ROUNDS times each. */

typedef struct batch_bench {
    crown_batch *b;
    size_t size, n, obs;
    int players;
    float *o, *r;
    uint8_t *m, *term, *trunc;
    int32_t *who, *actions;
    uint64_t rng;
    timing step;      /* reps = steps, units = game steps */
    double step_wall; /* the steps' wall time */
    crown_game *root, *work;
    crown_move *moves;
    size_t max;
    float *tensor;    /* one observation, for the loop */
    timing loop;      /* reps = playouts, units = decisions */
    /* games-loop: size handles and arrays of their own (games NULL: not
     * measured) */
    crown_game **games;
    float *go, *gr;
    double *gret;     /* each game's returns after its last step */
    uint8_t *gm;
    int32_t *gwho, *gactions;
    const char *name, *options;
    uint64_t gseed;   /* the next game's seed */
    timing games_loop; /* reps = steps, units = game steps */
} batch_bench;

static void free_batch_bench(batch_bench *x)
{
    crown_batch_free(x->b);
    free(x->o);
    free(x->r);
    free(x->m);
    free(x->term);
    free(x->trunc);
    free(x->who);
    free(x->actions);
    crown_free(x->work);
    crown_free(x->root);
    free(x->moves);
    free(x->tensor);
    if (x->games)
        for (size_t i = 0; i < x->size; i++)
            crown_free(x->games[i]);
    free(x->games);
    free(x->go);
    free(x->gr);
    free(x->gret);
    free(x->gm);
    free(x->gwho);
    free(x->gactions);
}

static int open_games_loop(batch_bench *x, uint64_t seed);

static int open_batch_bench(batch_bench *x, const char *name, const char *options, size_t size,
                            uint64_t seed, int games_loop)
{
    char err[256];
    memset(x, 0, sizeof *x);
    x->size = size;
    x->rng = seed;
    if (crown_batch_new(&x->b, name, options, size, seed, 0, err, sizeof err) ||
        crown_new_ex(&x->root, name, options, seed, err, sizeof err)) {
        fprintf(stderr, "crown-bench: %s\n", err);
        return 2;
    }
    crown_batch_num_actions(x->b, &x->n);
    crown_batch_observation_size(x->b, &x->obs);
    crown_batch_num_players(x->b, &x->players);
    crown_max_moves(x->root, &x->max);
    x->o = malloc(size * x->obs * sizeof *x->o);
    x->r = malloc(size * (size_t)x->players * sizeof *x->r);
    x->m = malloc(size * x->n);
    x->term = malloc(size);
    x->trunc = malloc(size);
    x->who = malloc(size * sizeof *x->who);
    x->actions = malloc(size * sizeof *x->actions);
    x->moves = malloc(x->max * sizeof *x->moves);
    x->tensor = malloc(x->obs * sizeof *x->tensor);
    if (!x->o || !x->r || !x->m || !x->term || !x->trunc || !x->who || !x->actions ||
        !x->moves || !x->tensor) {
        fprintf(stderr, "crown-bench: out of memory\n");
        return 1;
    }
    if (crown_batch_bind(x->b, x->o, x->m, x->who, x->r, x->term, x->trunc) ||
        crown_batch_reset(x->b, seed) || crown_clone(&x->work, x->root)) {
        fprintf(stderr, "crown-bench: %s\n", crown_batch_last_error(x->b));
        return 1;
    }
    x->name = name;
    x->options = options;
    return games_loop ? open_games_loop(x, seed) : 0;
}

/* Draws every game's action uniformly among the legal ones of its row of
 * `masks`. */
static void draw_actions(batch_bench *x, const uint8_t *masks, int32_t *actions)
{
    for (size_t i = 0; i < x->size; i++) {
        const uint8_t *mask = masks + i * x->n;
        size_t legal = 0, j = 0;
        for (size_t k = 0; k < x->n; k++)
            legal += mask[k];
        for (size_t k = pick(&x->rng, legal);; j++)
            if (mask[j] && k-- == 0)
                break;
        actions[i] = (int32_t)j;
    }
}

/* One step of the batch, with the actions drawn. */
static int batch_step(batch_bench *x)
{
    if (crown_batch_step(x->b, x->actions) == CROWN_OK)
        return 0;
    fprintf(stderr, "crown-bench: batch step failed: %s\n", crown_batch_last_error(x->b));
    return -1;
}

/* One playout of the observation loop from the dealt position. */
static int obs_playout(batch_bench *x)
{
    if (crown_copy(x->work, x->root))
        return fail_game("copy", x->work);
    if (play_random(x->work, x->moves, x->max, &x->rng, &x->loop.units, x->tensor, x->obs))
        return fail_game("observation loop", x->work);
    return 0;
}

static int run_obs_loop(batch_bench *x, double budget)
{
    double spent = 0;
    long reps = 1;
    do {
        double t0 = now();
        for (long i = 0; i < reps; i++)
            if (obs_playout(x))
                return -1;
        double dt = now() - t0;
        spent += dt;
        x->loop.sec += dt;
        x->loop.reps += reps;
        if (dt < 1e-3 && reps < (1L << 20))
            reps *= 2;
    } while (spent < budget);
    return 0;
}

/* games-loop: the next game of slot i, in its own handle (a game over
 * before its first decision is skipped, as the batch skips it), its
 * returns kept for the rewards; the player to move in *player. */
static int games_start(batch_bench *x, size_t i, int *player)
{
    for (;;) {
        crown_free(x->games[i]);
        x->games[i] = NULL;
        crown_game *g;
        size_t k;
        if (crown_new(&g, x->name, x->options, x->gseed++))
            return fail_game("crown_new", NULL);
        x->games[i] = g;
        if (crown_current_player(g, player) ||
            crown_returns(g, x->gret + i * (size_t)x->players, (size_t)x->players, &k))
            return fail_game("a new game", g);
        if (*player >= 0)
            return 0;
    }
}

/* games-loop: game i's rows (its legal mask, its observation tensor, the
 * player to move) for the player to move. */
static int games_rows(batch_bench *x, size_t i, int player)
{
    size_t k;
    crown_game *g = x->games[i];
    x->gwho[i] = player;
    if (crown_legal_mask(g, x->gm + i * x->n, x->n, &k) ||
        crown_observation_tensor(g, player, x->go + i * x->obs, x->obs, &k))
        return fail_game("the games loop's rows", g);
    return 0;
}

static int open_games_loop(batch_bench *x, uint64_t seed)
{
    size_t size = x->size, players = (size_t)x->players;
    x->games = calloc(size, sizeof *x->games);
    x->go = malloc(size * x->obs * sizeof *x->go);
    x->gr = malloc(size * players * sizeof *x->gr);
    x->gret = malloc(size * players * sizeof *x->gret);
    x->gm = malloc(size * x->n);
    x->gwho = malloc(size * sizeof *x->gwho);
    x->gactions = malloc(size * sizeof *x->gactions);
    if (!x->games || !x->go || !x->gr || !x->gret || !x->gm || !x->gwho || !x->gactions) {
        fprintf(stderr, "crown-bench: out of memory\n");
        return 1;
    }
    x->gseed = seed;
    for (size_t i = 0; i < size; i++) {
        int p;
        if (games_start(x, i, &p) || games_rows(x, i, p))
            return 1;
    }
    return 0;
}

/* One step of every game of the games loop. */
static int games_step(batch_bench *x)
{
    size_t players = (size_t)x->players;
    for (size_t i = 0; i < x->size; i++) {
        crown_game *g = x->games[i];
        crown_move m;
        double now_returns[64];
        size_t k;
        int p;
        if (crown_index_move(g, (size_t)x->gactions[i], &m) || crown_apply(g, m) ||
            crown_current_player(g, &p) ||
            crown_returns(g, now_returns, sizeof now_returns / sizeof *now_returns, &k))
            return fail_game("the games loop", g);
        double *before = x->gret + i * players;
        float *rewards = x->gr + i * players;
        for (size_t s = 0; s < players; s++) {
            rewards[s] = (float)(now_returns[s] - before[s]);
            before[s] = now_returns[s];
        }
        if (p < 0 && games_start(x, i, &p))
            return -1;
        if (games_rows(x, i, p))
            return -1;
    }
    return 0;
}

/* Steps every game with `step` for about `budget` seconds of CPU time,
 * each step's actions drawn first from `masks` into `actions`: the drawing
 * counts in the budget, only the steps are timed (into *t). */
static int run_steps(batch_bench *x, double budget, const uint8_t *masks, int32_t *actions,
                     int (*step)(batch_bench *), timing *t, double *wall)
{
    double spent = 0;
    do {
        double t0 = now();
        draw_actions(x, masks, actions);
        double t1 = now(), w1 = wall_now();
        int rc = step(x);
        double t2 = now(), w2 = wall_now();
        if (rc)
            return -1;
        *wall += w2 - w1;
        t->sec += t2 - t1;
        t->reps++;
        t->units += (long)x->size;
        spent += t2 - t0;
    } while (spent < budget);
    return 0;
}

static int run_batch(batch_bench *x, double budget)
{
    return run_steps(x, budget, x->m, x->actions, batch_step, &x->step, &x->step_wall);
}

static int run_games_loop(batch_bench *x, double budget)
{
    double wall = 0;
    return run_steps(x, budget, x->gm, x->gactions, games_step, &x->games_loop, &wall);
}

/* The batch alone on `threads` threads (--threads) for about `seconds` of
 * CPU time (every thread's): r->batch_ns in CPU time, r->batch_wall_ns in
 * wall time.  The CPU time of the steps is the process's over all the steps
 * less the caller's thread's in drawing the actions: the kernel adds a
 * running thread's time to the process's late (at a tick or a switch), so
 * the process's clock read around each step misses the workers' share. */
static int run_threads(batch_bench *x, double budget, double *cpu)
{
    double p0 = now(), draws = 0, spent = 0;
    do {
        double t0 = now(), d0 = thread_now();
        draw_actions(x, x->m, x->actions);
        double d1 = thread_now(), w1 = wall_now();
        int rc = batch_step(x);
        double w2 = wall_now();
        if (rc)
            return -1;
        draws += d1 - d0;
        x->step_wall += w2 - w1;
        x->step.reps++;
        x->step.units += (long)x->size;
        spent += now() - t0;
    } while (spent < budget);
    *cpu = now() - p0 - draws;
    return 0;
}

static int measure_threads(const char *name, const char *options, size_t size, double seconds,
                           uint64_t seed, int threads, results *r)
{
    batch_bench x;
    int rc = open_batch_bench(&x, name, options, size, seed, 0);
    if (!rc && crown_batch_set_threads(x.b, threads)) {
        fprintf(stderr, "crown-bench: %s\n", crown_batch_last_error(x.b));
        rc = 1;
    }
    /* Warm up: the slots' action lists reach the length of long episodes. */
    double cpu = 0;
    if (!rc && run_threads(&x, seconds * 0.1, &cpu))
        rc = 1;
    x.step = (timing){0, 0, 0};
    x.step_wall = 0;
    if (!rc && run_threads(&x, seconds * 0.9, &cpu))
        rc = 1;
    if (!rc) {
        r->batch_ns = cpu * 1e9 / (double)x.step.units;
        r->batch_wall_ns = x.step_wall * 1e9 / (double)x.step.units;
    }
    free_batch_bench(&x);
    return rc;
}

/* The figures for about `seconds` of CPU time: *batch_ns and *loop_ns, and
 * *games_ns too unless games_ns is NULL. */
static int measure_batch(const char *name, const char *options, size_t size, double seconds,
                         uint64_t seed, double *batch_ns, double *loop_ns, double *games_ns)
{
    batch_bench x;
    int rc = open_batch_bench(&x, name, options, size, seed, games_ns != NULL);
    /* Shares of the time: obs-loop, batch, games-loop. */
    double obs = games_ns ? 0.25 : 0.4, step = games_ns ? 0.35 : 0.5, games = 0.3;
    /* Warm up: the histories reach the length of long games. */
    if (!rc && (run_batch(&x, seconds * 0.05) || run_obs_loop(&x, seconds * 0.02) ||
                (games_ns && run_games_loop(&x, seconds * 0.05))))
        rc = 1;
    x.step = (timing){0, 0, 0};
    x.loop = (timing){0, 0, 0};
    x.games_loop = (timing){0, 0, 0};
    for (int i = 0; i < ROUNDS && !rc; i++)
        if (run_obs_loop(&x, seconds * obs / ROUNDS) || run_batch(&x, seconds * step / ROUNDS) ||
            (games_ns && run_games_loop(&x, seconds * games / ROUNDS)))
            rc = 1;
    if (!rc) {
        *batch_ns = x.step.sec * 1e9 / (double)x.step.units;
        *loop_ns = x.loop.sec * 1e9 / (double)x.loop.units;
        if (games_ns)
            *games_ns = x.games_loop.sec * 1e9 / (double)x.games_loop.units;
    }
    free_batch_bench(&x);
    return rc;
}

/* ---- output ----------------------------------------------------------- */

typedef struct figures {
    double floor_move, floor_playout, floor_moves;
    double decision, pair, playout, moves, inlib, clone10, cloneend, save, load, replay;
    double allocs; /* < 0: not counted */
    double fresh, from_new, from_new_playout, clone_each, clone_extra; /* figures_of_starts */
} figures;

/* The figures of measure_starts: ns per crown_new + crown_free; per
 * decision and per playout from crown_new; per decision with a clone after
 * each, and that less the same loop without clones (decision). */
static void figures_of_starts(const results *r, figures *x)
{
    x->fresh = r->fresh.sec * 1e9 / (double)r->fresh.units;
    x->from_new = r->from_new.sec * 1e9 / (double)r->from_new.units;
    x->from_new_playout = r->from_new.sec * 1e9 / (double)r->from_new.reps;
    x->clone_each = r->clone_each.sec * 1e9 / (double)r->clone_each.units;
    x->clone_extra = x->clone_each - x->decision;
}

static figures figures_of(const results *r)
{
    figures x;
    x.floor_move = r->floor.sec * 1e9 / (double)r->floor.units;
    x.floor_playout = r->floor.sec * 1e9 / (double)r->floor.reps;
    x.floor_moves = (double)r->floor.units / (double)r->floor.reps;
    x.decision = r->playout.sec * 1e9 / (double)r->playout.units;
    x.playout = r->playout.sec * 1e9 / (double)r->playout.reps;
    x.moves = (double)r->playout.units / (double)r->playout.reps;
    /* ns per decision of crown_playouts, with the decisions per playout of
     * the same random games through the API (rep_inlib_len) */
    x.inlib = r->inlib.sec * 1e9 / (double)r->inlib.reps /
              ((double)r->inlib_len.units / (double)r->inlib_len.reps);
    x.pair = (r->pair_b.sec - r->pair_a.sec) * 1e9 / (double)r->pair_units;
    x.clone10 = r->clone10.sec * 1e9 / (double)r->clone10.units;
    x.cloneend = r->cloneend.sec * 1e9 / (double)r->cloneend.units;
    x.save = r->save.sec * 1e9 / (double)r->save.units;
    x.load = r->load.sec * 1e9 / (double)r->load.units;
    x.replay = r->replay.sec * 1e9 / (double)r->replay.units;
    x.allocs = COUNT_ALLOCATIONS ? (double)r->allocs / (double)r->alloc_decisions : -1;
    figures_of_starts(r, &x);
    return x;
}

static const char *label(const char *options)
{
    return options[0] ? options : "(defaults)";
}

static void print_header(void)
{
    printf("%-16s %-26s %6s %13s %13s %15s %6s %13s\n", "game", "options", "floor", "decision",
           "apply+undo", "playout", "moves", "in-library");
    printf("%-16s %-26s %6s %13s %13s %15s %6s %13s\n", "", "", "ns/mv", "ns  xfloor",
           "ns  xfloor", "us  xfloor", "/game", "ns/dec xfloor");
}

static void print_line(const char *name, const char *options, const figures *x)
{
    printf("%-16s %-26s %6.2f %6.0f %6.1f %6.0f %6.1f %8.1f %6.0f %6.1f %6.0f %6.1f\n", name,
           label(options), x->floor_move, x->decision, x->decision / x->floor_move, x->pair,
           x->pair / x->floor_move, x->playout / 1e3, x->playout / x->floor_move, x->moves,
           x->inlib, x->inlib / x->floor_move);
}

static void print_header2(void)
{
    printf("%-16s %-26s %7s %7s %6s %6s %5s %7s %6s %6s %7s %7s %5s\n", "game", "options",
           "clone10", "cloneE", "save", "load", "load/", "allocs", "bytes", "bytes", "batch",
           "obs-lp", "batch");
    printf("%-16s %-26s %7s %7s %6s %6s %5s %7s %6s %6s %7s %7s %5s\n", "", "", "ns", "ns",
           "ns/ent", "ns/ent", "repl", "/dec", "/hndl", "/entry", "ns/step", "ns/dec", "/loop");
}

static void print_line2(const char *name, const char *options, const results *r,
                        const figures *x)
{
    char allocs[32];
    if (x->allocs < 0)
        snprintf(allocs, sizeof allocs, "n/a");
    else
        snprintf(allocs, sizeof allocs, "%.2g", x->allocs);
    char hb[32], eb[32];
    if (COUNT_ALLOCATIONS) {
        snprintf(hb, sizeof hb, "%lld", r->handle_bytes);
        if (r->entry_bytes < 0)
            snprintf(eb, sizeof eb, "-");
        else
            snprintf(eb, sizeof eb, "%.0f", r->entry_bytes);
    } else {
        snprintf(hb, sizeof hb, "n/a");
        snprintf(eb, sizeof eb, "n/a");
    }
    printf("%-16s %-26s %7.0f %7.0f %6.1f %6.1f %5.2f %7s %6s %6s %7.0f %7.0f %5.2f\n", name,
           label(options), x->clone10, x->cloneend, x->save, x->load, x->load / x->replay, allocs,
           hb, eb, r->batch_ns, r->loop_ns, r->batch_ns / r->loop_ns);
}

static void print_header3(void)
{
    printf("%-16s %-26s %8s %13s %13s %13s %13s\n", "game", "options", "new", "from new",
           "from reset", "clone-each", "clone");
    printf("%-16s %-26s %8s %13s %13s %13s %13s\n", "", "", "ns", "ns/dec xfloor",
           "ns/dec xfloor", "ns/dec xfloor", "ns/dec xfloor");
}

static void print_line3(const char *name, const char *options, const figures *x)
{
    double f = x->floor_move;
    printf("%-16s %-26s %8.0f %6.0f %6.1f %6.0f %6.1f %6.0f %6.1f %6.0f %6.1f\n", name,
           label(options), x->fresh, x->from_new, x->from_new / f, x->decision, x->decision / f,
           x->clone_each, x->clone_each / f, x->clone_extra, x->clone_extra / f);
}

/* The figures of measure_starts as JSON members (each line ends ",\n"). */
static void print_json_starts(const figures *x)
{
    double f = x->floor_move;
    printf("   \"new_ns\": %.1f, \"new_ratio\": %.2f,\n", x->fresh, x->fresh / f);
    printf("   \"decision_from_new_ns\": %.1f, \"decision_from_new_ratio\": %.2f, "
           "\"playout_from_new_ns\": %.0f,\n",
           x->from_new, x->from_new / f, x->from_new_playout);
    printf("   \"decision_from_reset_ns\": %.1f, \"playout_from_reset_ns\": %.0f,\n",
           x->decision, x->playout);
    printf("   \"clone_each_ns_per_decision\": %.1f, \"clone_each_ratio\": %.2f, "
           "\"clone_each_clone_ns\": %.1f, \"clone_each_clone_ratio\": %.2f,\n",
           x->clone_each, x->clone_each / f, x->clone_extra, x->clone_extra / f);
}

static void json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

/* The batch figures as JSON members (no braces). */
static void print_batch_json(size_t size, const results *r)
{
    printf("   \"batch_size\": %zu, \"batch_ns\": %.1f, \"obs_loop_ns\": %.1f, "
           "\"batch_to_obs_loop\": %.2f",
           size, r->batch_ns, r->loop_ns, r->batch_ns / r->loop_ns);
    if (r->games_ns > 0)
        printf(",\n   \"games_loop_ns\": %.1f, \"batch_to_games_loop\": %.2f", r->games_ns,
               r->batch_ns / r->games_ns);
}

/* --batch B: the batch figures alone, a line (or a JSON object) per set. */
static void print_batch_line(const char *name, const char *options, size_t size,
                             const results *r, int json, int first)
{
    if (json) {
        printf("%s{\"game\": ", first ? "[\n  " : ",\n  ");
        json_string(name);
        printf(", \"options\": ");
        json_string(options);
        printf(",\n");
        print_batch_json(size, r);
        printf("}");
        return;
    }
    if (first)
        printf("%-16s %-26s %6s %9s %9s %7s %10s %7s\n%-16s %-26s %6s %9s %9s %7s %10s %7s\n",
               "game", "options", "games", "batch", "obs-loop", "batch/", "games-loop", "batch/",
               "", "", "", "ns/step", "ns/dec", "loop", "ns/step", "games");
    printf("%-16s %-26s %6zu %9.1f %9.1f %7.2f %10.1f %7.2f\n", name, label(options), size,
           r->batch_ns, r->loop_ns, r->batch_ns / r->loop_ns, r->games_ns,
           r->batch_ns / r->games_ns);
}

/* --batch B --threads T: a line (or a JSON object) per set. */
static void print_threads_line(const char *name, const char *options, size_t size,
                               int threads, const results *r, int json, int first)
{
    double steps = 1e9 / r->batch_wall_ns;
    if (json) {
        printf("%s{\"game\": ", first ? "[\n  " : ",\n  ");
        json_string(name);
        printf(", \"options\": ");
        json_string(options);
        printf(",\n   \"batch_size\": %zu, \"threads\": %d, \"batch_wall_ns\": %.1f, "
               "\"steps_per_wall_second\": %.0f, \"batch_cpu_ns\": %.1f, "
               "\"cpu_to_wall\": %.2f}",
               size, threads, r->batch_wall_ns, steps, r->batch_ns,
               r->batch_ns / r->batch_wall_ns);
        return;
    }
    if (first)
        printf("%-16s %-26s %6s %7s %9s %11s %9s %5s\n%-16s %-26s %6s %7s %9s %11s %9s %5s\n",
               "game", "options", "games", "threads", "batch", "steps/s", "batch", "cpu/",
               "", "", "", "", "wall ns", "wall", "cpu ns", "wall");
    printf("%-16s %-26s %6zu %7d %9.1f %11.0f %9.1f %5.2f\n", name, label(options), size,
           threads, r->batch_wall_ns, steps, r->batch_ns, r->batch_ns / r->batch_wall_ns);
}

static void print_json(const char *name, const char *options, const results *r,
                       const figures *x, int first)
{
    printf("%s{\"game\": ", first ? "[\n  " : ",\n  ");
    json_string(name);
    printf(", \"options\": ");
    json_string(options);
    printf(",\n   \"floor_ns_per_move\": %.3f, \"floor_ns_per_playout\": %.1f, "
           "\"floor_moves_per_playout\": %.2f,\n",
           x->floor_move, x->floor_playout, x->floor_moves);
    printf("   \"decision_ns\": %.1f, \"decision_ratio\": %.2f,\n", x->decision,
           x->decision / x->floor_move);
    printf("   \"apply_undo_ns\": %.1f, \"apply_undo_ratio\": %.2f,\n", x->pair,
           x->pair / x->floor_move);
    printf("   \"playout_ns\": %.0f, \"playout_ratio\": %.1f, \"playout_ratio_to_floor_playout\":"
           " %.2f, \"decisions_per_playout\": %.2f,\n",
           x->playout, x->playout / x->floor_move, x->playout / x->floor_playout, x->moves);
    printf("   \"in_library_playout_ns_per_decision\": %.1f, \"in_library_playout_ratio\": %.2f,\n",
           x->inlib, x->inlib / x->floor_move);
    printf("   \"clone_ns\": %.1f, \"clone_ratio\": %.2f, \"clone_history\": %zu, "
           "\"clone_end_ns\": %.1f, \"clone_end_ratio\": %.2f, \"clone_end_history\": %zu,\n",
           x->clone10, x->clone10 / x->floor_move, r->hist10, x->cloneend,
           x->cloneend / x->floor_move, r->histend);
    printf("   \"save_ns_per_entry\": %.2f, \"save_ratio\": %.2f, \"load_ns_per_entry\": %.2f, "
           "\"load_ratio\": %.2f,\n",
           x->save, x->save / x->floor_move, x->load, x->load / x->floor_move);
    printf("   \"replay_ns_per_entry\": %.2f, \"load_to_replay\": %.2f,\n", x->replay,
           x->load / x->replay);
    print_batch_json(BATCH_SIZE, r);
    printf(",\n");
    print_json_starts(x);
    if (COUNT_ALLOCATIONS)
    {
        printf("   \"allocations_per_decision\": %.6g, \"bytes_per_handle\": %lld, ",
               x->allocs, r->handle_bytes);
        if (r->entry_bytes < 0)
            printf("\"bytes_per_history_entry\": null, ");
        else
            printf("\"bytes_per_history_entry\": %.1f, ", r->entry_bytes);
        printf("\"bytes_growth_per_entry_longest_game\": %.1f, \"longest_game_history\": %zu}",
               r->entry_growth, r->histmax);
    }
    else
        printf("   \"allocations_per_decision\": null, \"bytes_per_handle\": null, "
               "\"bytes_per_history_entry\": null, \"bytes_growth_per_entry_longest_game\": null, "
               "\"longest_game_history\": %zu}",
               r->histmax);
}

/* --floor: the floor alone, for comparison with the reference program. */
static void floor_only(double seconds, uint64_t seed, int json)
{
    floor_state f;
    floor_init(&f, seed);
    timing t = {0, 0, 0};
    floor_run(&f, seconds, &t);
    double ns = t.sec * 1e9;
    if (json)
        printf("{\"floor_ns_per_move\": %.3f, \"floor_ns_per_playout\": %.1f, "
               "\"floor_moves_per_playout\": %.2f, \"playouts\": %ld, \"check\": %llu}\n",
               ns / (double)t.units, ns / (double)t.reps, (double)t.units / (double)t.reps,
               t.reps, (unsigned long long)f.sink);
    else
        printf("floor: %ld playouts, %.1f moves/playout, %.1f ns/playout, %.2f ns/move, "
               "check %llu\n",
               t.reps, (double)t.units / (double)t.reps, ns / (double)t.reps,
               ns / (double)t.units, (unsigned long long)f.sink);
}

static void usage(FILE *f)
{
    fprintf(f,
            "usage: crown-bench [--game NAME [--options TEXT]] [--seconds S] [--seed N]\n"
            "                   [--json] [--floor | --batch B [--threads T]]\n"
            "\n"
            "Measures the library in process CPU time against a floor (a toy shedding\n"
            "game without the library, run in the same process between the measurements),\n"
            "and gives each time as a ratio to the floor's ns per move (xfloor):\n"
            "  decision    ns per crown_legal_moves + crown_apply in random playouts, each\n"
            "              from a handle reset to the dealt position with crown_copy\n"
            "  apply+undo  ns per crown_apply of a random legal move + crown_undo\n"
            "  playout     a whole random playout from the dealt position\n"
            "  in-library  ns per decision of crown_playouts from the dealt position\n"
            "  clone10, cloneE  crown_clone + crown_free 10 decisions in, at the end\n"
            "  save, load  ns per history entry of finished games; load/repl: load\n"
            "              against crown_new + crown_apply of the same decisions\n"
            "  allocs      allocations per decision in the playouts (n/a: not counted)\n"
            "  bytes       heap bytes of a handle after crown_new, and per history entry\n"
            "  batch       ns per game step of crown_batch_step with 1024 games, every array\n"
            "              bound, the actions drawn among the legal ones of the masks\n"
            "  obs-lp      ns per decision of the decision loop plus crown_observation_tensor\n"
            "              of the player to move next; batch/loop: their ratio\n"
            "  new         ns per crown_new + crown_free\n"
            "  from new, from reset  ns per decision of random playouts from crown_new\n"
            "              (its crown_new and crown_free included), and from a handle\n"
            "              reset with crown_copy (the decision figure)\n"
            "  clone-each  ns per decision of those from a reset handle with a crown_clone\n"
            "              after every move (the clone before freed); clone: that less\n"
            "              the decision figure, the cost of the clone\n"
            "\n"
            "  --game NAME     measure this game only (default: every game, a few option\n"
            "                  sets each)\n"
            "  --options TEXT  the options of that game, such as players=4\n"
            "  --seconds S     CPU time per game and option set (default 2)\n"
            "  --seed N        the first seed (default 1)\n"
            "  --json          a JSON array, one object per option set, every figure\n"
            "  --floor         measure the floor alone for --seconds and print it\n"
            "  --batch B       measure batch and obs-lp alone, with B games in the batch,\n"
            "                  and games-loop, the same step game by game over B handles,\n"
            "                  in --seconds per set (JSON: batch_ns, obs_loop_ns,\n"
            "                  games_loop_ns)\n"
            "  --threads T     with --batch: the batch alone, stepped on T threads\n"
            "                  (crown_batch_set_threads; 0: one per processor), in wall\n"
            "                  time (ns per game step, game steps per wall-second: the\n"
            "                  figure for threads) and in CPU time (every thread's, the\n"
            "                  workers' spinning included); --seconds is CPU time\n"
            "  --version       the version of crown-bench and of libcrown\n"
            "  --help          this text\n");
}

int main(int argc, char **argv)
{
    const char *game = NULL, *options = NULL;
    double seconds = 2.0;
    uint64_t seed = 1;
    int json = 0, floor_alone = 0;
    size_t batch_only = 0; /* --batch B: the batch figures alone, with B games */
    int threads = -1;      /* --threads T (-1: not given) */
    /* Every argument is checked before anything is printed. */
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(a, "--version") == 0) {
            printf("crown-bench (libcrown %s)\n", crown_version_string());
            return 0;
        }
        if (strcmp(a, "--json") == 0) {
            json = 1;
            continue;
        }
        if (strcmp(a, "--floor") == 0) {
            floor_alone = 1;
            continue;
        }
        if (strcmp(a, "--game") && strcmp(a, "--options") && strcmp(a, "--seconds") &&
            strcmp(a, "--seed") && strcmp(a, "--batch") && strcmp(a, "--threads")) {
            fprintf(stderr, "crown-bench: %s '%s' (see --help)\n",
                    a[0] == '-' ? "unknown option" : "unexpected argument", a);
            return 2;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "crown-bench: %s needs a value (see --help)\n", a);
            return 2;
        }
        const char *v = argv[++i];
        char *end;
        if (strcmp(a, "--game") == 0) {
            game = v;
        } else if (strcmp(a, "--options") == 0) {
            options = v;
        } else if (strcmp(a, "--seconds") == 0) {
            seconds = strtod(v, &end);
            if (end == v || *end || !(seconds > 0 && seconds < 3600)) {
                fprintf(stderr, "crown-bench: --seconds needs a number of seconds (0 to 3600)\n");
                return 2;
            }
        } else if (strcmp(a, "--batch") == 0) {
            errno = 0;
            unsigned long long bs = strtoull(v, &end, 10);
            if (!isdigit((unsigned char)v[0]) || *end || errno || bs == 0 ||
                bs > CROWN_BATCH_MAX_SIZE) {
                fprintf(stderr, "crown-bench: --batch needs a number of games (1 to %d)\n",
                        CROWN_BATCH_MAX_SIZE);
                return 2;
            }
            batch_only = (size_t)bs;
        } else if (strcmp(a, "--threads") == 0) {
            errno = 0;
            unsigned long t = strtoul(v, &end, 10);
            if (!isdigit((unsigned char)v[0]) || *end || errno || t > CROWN_BATCH_MAX_THREADS) {
                fprintf(stderr,
                        "crown-bench: --threads needs a number of threads (0 to %d, 0: one "
                        "per processor)\n",
                        CROWN_BATCH_MAX_THREADS);
                return 2;
            }
            threads = (int)t;
        } else {
            errno = 0;
            seed = strtoull(v, &end, 10);
            if (!isdigit((unsigned char)v[0]) || *end || errno) {
                fprintf(stderr, "crown-bench: --seed needs a whole number\n");
                return 2;
            }
        }
    }
    if (options && !game) {
        fprintf(stderr, "crown-bench: --options needs --game (see --help)\n");
        return 2;
    }
    if (threads >= 0 && !batch_only) {
        fprintf(stderr, "crown-bench: --threads needs --batch (see --help)\n");
        return 2;
    }
    if (floor_alone && (game || batch_only)) {
        fprintf(stderr, "crown-bench: --floor measures no game (see --help)\n");
        return 2;
    }
    if (floor_alone) {
        floor_only(seconds, seed, json);
        return 0;
    }
    if (game) {
        /* The game and its options, checked before the table's header. */
        crown_game *g;
        char err[256];
        if (crown_new_ex(&g, game, options ? options : "", seed, err, sizeof err)) {
            fprintf(stderr, "crown-bench: %s\n", err);
            return 2;
        }
        crown_free(g);
    }
    static const char *const sets[][2] = {
        {"game_of_kingdoms", "players=2"},
        {"game_of_kingdoms", "players=4"},
        {"game_of_kingdoms", "players=4,variant=ruthless"},
        {"game_of_kingdoms", "players=6,variant=ruthless"},
        {"kings_family", ""},
        {"kings_blood", "players=4"},
        {"kings_blood", "players=4,advanced=on"},
        {"blood_bound", "players=8"},
        {"blood_bound", "players=11"},
    };
    size_t nsets = sizeof sets / sizeof sets[0];
    const char *one[1][2] = {{game, options ? options : ""}};
    const char *const(*list)[2] = game ? (const char *const(*)[2])one : sets;
    if (game)
        nsets = 1;
    results *r = calloc(nsets, sizeof *r);
    int *ok = calloc(nsets, sizeof *ok);
    if (!r || !ok) {
        fprintf(stderr, "crown-bench: out of memory\n");
        return 1;
    }
    int rc = 0, first = 1;
    /* The speed table line by line as the sets are measured; the second
     * table and JSON at the end. */
    if (!json && !batch_only)
        print_header();
    for (size_t i = 0; i < nsets; i++) {
        if (!crown_game_summary(list[i][0]))
            continue;
        if (batch_only && threads >= 0) {
            int s = measure_threads(list[i][0], list[i][1], batch_only, seconds, seed, threads,
                                    &r[i]);
            if (s) {
                rc |= s;
                continue;
            }
            print_threads_line(list[i][0], list[i][1], batch_only, threads, &r[i], json, first);
            first = 0;
            fflush(stdout);
            continue;
        }
        if (batch_only) {
            int s = measure_batch(list[i][0], list[i][1], batch_only, seconds, seed,
                                  &r[i].batch_ns, &r[i].loop_ns, &r[i].games_ns);
            if (s) {
                rc |= s;
                continue;
            }
            print_batch_line(list[i][0], list[i][1], batch_only, &r[i], json, first);
            first = 0;
            fflush(stdout);
            continue;
        }
        /* The batch figures in a quarter more time. */
        int s = measure(list[i][0], list[i][1], seconds, seed, &r[i]);
        if (!s)
            s = measure_batch(list[i][0], list[i][1], BATCH_SIZE, seconds / 4, seed,
                              &r[i].batch_ns, &r[i].loop_ns, NULL);
        if (s) {
            rc |= s;
            continue;
        }
        ok[i] = 1;
        figures x = figures_of(&r[i]);
        if (json) {
            print_json(list[i][0], list[i][1], &r[i], &x, first);
            first = 0;
        } else {
            print_line(list[i][0], list[i][1], &x);
        }
        fflush(stdout);
    }
    if (json) {
        printf(first ? "[]\n" : "\n]\n");
    } else if (!batch_only) {
        printf("\n");
        print_header2();
        for (size_t i = 0; i < nsets; i++)
            if (ok[i]) {
                figures x = figures_of(&r[i]);
                print_line2(list[i][0], list[i][1], &r[i], &x);
            }
        printf("\n");
        print_header3();
        for (size_t i = 0; i < nsets; i++)
            if (ok[i]) {
                figures x = figures_of(&r[i]);
                print_line3(list[i][0], list[i][1], &x);
            }
    }
    free(r);
    free(ok);
    return rc;
}
