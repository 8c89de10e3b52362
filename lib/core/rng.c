/*
 * rng.c - the random generator's out-of-line part: uniform draws below a
 * bound without modulo bias, with a table of reciprocals, and the table of
 * crown_select64, which finds the k-th card of a pile for a draw.  The
 * generator itself (counter-based, seeded from a seed and a stream, and its
 * mixing function) and the steps of a draw are inline in rules.h, for the
 * playouts and the handle's draws.
 */
#include "rules.h"

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

/* The k-th set bit of each byte (crown_select64), computed by the
 * compiler: SEL(b, k) counts the bits below each place until the k-th. */
#define BIT(b, i) (((b) >> (i)) & 1)
#define BELOW(b, i) (BIT(b, 0) * ((i) > 0) + BIT(b, 1) * ((i) > 1) + BIT(b, 2) * ((i) > 2) + \
                     BIT(b, 3) * ((i) > 3) + BIT(b, 4) * ((i) > 4) + BIT(b, 5) * ((i) > 5) + \
                     BIT(b, 6) * ((i) > 6))
#define AT(b, k, i) (BIT(b, i) && BELOW(b, i) == (k) ? (i) : 0)
#define SEL(b, k) (AT(b, k, 0) + AT(b, k, 1) + AT(b, k, 2) + AT(b, k, 3) + AT(b, k, 4) + \
                   AT(b, k, 5) + AT(b, k, 6) + AT(b, k, 7))
#define ROW(b) {SEL(b, 0), SEL(b, 1), SEL(b, 2), SEL(b, 3), SEL(b, 4), SEL(b, 5), SEL(b, 6), SEL(b, 7)}
#define ROW4(b) ROW(b), ROW((b) + 1), ROW((b) + 2), ROW((b) + 3)
#define ROW16(b) ROW4(b), ROW4((b) + 4), ROW4((b) + 8), ROW4((b) + 12)
#define ROW64(b) ROW16(b), ROW16((b) + 16), ROW16((b) + 32), ROW16((b) + 48)
const uint8_t crown_select_in_byte[256][8] = {ROW64(0), ROW64(64), ROW64(128), ROW64(192)};
