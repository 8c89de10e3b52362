/*
 * rng.c - the random generator: a counter-based generator seeded from a
 * seed and a stream, its mixing function, and uniform draws below a bound
 * without modulo bias.
 */
#include "rules.h"

uint64_t crown_mix64(uint64_t z)
{
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

void crown_rng_seed(crown_rng *r, uint64_t seed, uint64_t stream)
{
    r->s = crown_mix64(seed ^ crown_mix64(stream ^ 0x6a09e667f3bcc909ULL));
}

uint64_t crown_rng_next(crown_rng *r)
{
    r->s += 0x9e3779b97f4a7c15ULL;
    uint64_t z = r->s;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* floor((2^64 - 1) / n) for n < CROWN_RECIPROCALS, computed by the
 * compiler: the draws below that many need no division.  (Entry 0 is
 * never read: it divides by 1.) */
#define RECIP(n) (UINT64_MAX / ((uint64_t)(n) + ((n) == 0)))
#define RECIP4(n) RECIP(n), RECIP((n) + 1), RECIP((n) + 2), RECIP((n) + 3)
#define RECIP16(n) RECIP4(n), RECIP4((n) + 4), RECIP4((n) + 8), RECIP4((n) + 12)
#define RECIP64(n) RECIP16(n), RECIP16((n) + 16), RECIP16((n) + 32), RECIP16((n) + 48)
#define RECIP256(n) RECIP64(n), RECIP64((n) + 64), RECIP64((n) + 128), RECIP64((n) + 192)
#define CROWN_RECIPROCALS 1024
static const uint64_t reciprocal[CROWN_RECIPROCALS] = {RECIP256(0), RECIP256(256), RECIP256(512),
                                                       RECIP256(768)};

uint64_t crown_rng_below(crown_rng *r, uint64_t n)
{
    /* Reject the top partial block so every residue is equally likely:
     * with m = floor((2^64 - 1) / n), the full blocks end at m * n. */
    if (n == 0)
        return 0; /* (outside the contract; no draw) */
    uint64_t m = n < CROWN_RECIPROCALS ? reciprocal[n] : UINT64_MAX / n;
    uint64_t limit = m * n, x;
    do
        x = crown_rng_next(r);
    while (x >= limit);
#if defined(__SIZEOF_INT128__)
    /* x % n without a division: q = floor(x * m / 2^64) is floor(x / n) or
     * one below it (x / n - x * m / 2^64 = x * (2^64 - n * m) / (n * 2^64),
     * and 0 < 2^64 - n * m <= n). */
    uint64_t q = (uint64_t)(((unsigned __int128)x * m) >> 64), rem = x - q * n;
    if (rem >= n)
        rem -= n;
    return rem;
#else
    return x % n;
#endif
}
