/*
 * rng.c - the random generator: a counter-based generator seeded from a
 * seed and a stream, its mixing function, and uniform draws below a bound
 * without modulo bias (their steps inline, in rules.h, for the playouts),
 * with a table of reciprocals.
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

/* floor((2^64 - 1) / n), computed by the compiler (entry 0 is never read:
 * it divides by 1). */
#define RECIP(n) (UINT64_MAX / ((uint64_t)(n) + ((n) == 0)))
#define RECIP4(n) RECIP(n), RECIP((n) + 1), RECIP((n) + 2), RECIP((n) + 3)
#define RECIP16(n) RECIP4(n), RECIP4((n) + 4), RECIP4((n) + 8), RECIP4((n) + 12)
#define RECIP64(n) RECIP16(n), RECIP16((n) + 16), RECIP16((n) + 32), RECIP16((n) + 48)
#define RECIP256(n) RECIP64(n), RECIP64((n) + 64), RECIP64((n) + 128), RECIP64((n) + 192)
const uint64_t crown_reciprocal[CROWN_RECIPROCALS] = {RECIP256(0), RECIP256(256), RECIP256(512),
                                                      RECIP256(768)};

uint64_t crown_rng_below(crown_rng *r, uint64_t n)
{
    if (n == 0)
        return 0; /* (outside the contract; no draw) */
    return crown_rng_below_from(r, crown_rng_next(r), n);
}
