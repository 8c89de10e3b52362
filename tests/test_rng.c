/*
 * test_rng.c - the core's random generator: crown_rng_below draws exactly
 * what its defining formula draws (reject the top partial block of 2^64,
 * then the remainder), whatever the shortcut it takes, so every seed keeps
 * its games; crown_select64, which picks the drawn card of a pile, is the
 * k-th set bit.
 */
#include <stdint.h>

#include "common.h"
#include "core/rules.h"

/* The definition: limit = 2^64 - 1 - (2^64 - 1) mod n, draws at or above it
 * rejected, the remainder of the first draw below it. */
static uint64_t below_by_division(crown_rng *r, uint64_t n)
{
    uint64_t limit = UINT64_MAX - UINT64_MAX % n, x;
    do
        x = crown_rng_next(r);
    while (x >= limit);
    return x % n;
}

START_TEST(rng_below_draws_what_the_division_draws)
{
    static const uint64_t large[] = {
        1023, 1024, 1025, 4095, 65537, (1ULL << 32) - 1, 1ULL << 32, (1ULL << 32) + 1,
        (1ULL << 40) + 7, (1ULL << 62) + 3, 1ULL << 63, (1ULL << 63) + 1,
        0xaaaaaaaaaaaaaaabULL, UINT64_MAX - 1, UINT64_MAX,
    };
    uint64_t ns[3000 + sizeof large / sizeof large[0]];
    size_t count = 0;
    for (uint64_t n = 1; n <= 3000; n++)
        ns[count++] = n;
    for (size_t i = 0; i < sizeof large / sizeof large[0]; i++)
        ns[count++] = large[i];
    long differ = 0, rejected = 0;
    for (size_t i = 0; i < count; i++) {
        crown_rng a, b;
        crown_rng_seed(&a, 0x5eed + i, 7);
        b = a;
        for (int k = 0; k < 64; k++) {
            uint64_t want = below_by_division(&a, ns[i]), got = crown_rng_below(&b, ns[i]);
            differ += want != got || a.s != b.s;
            ck_assert(got < ns[i]);
        }
        /* (the generator's position tells how many draws were rejected) */
        crown_rng c;
        crown_rng_seed(&c, 0x5eed + i, 7);
        for (int k = 0; k < 64; k++)
            crown_rng_next(&c);
        rejected += c.s != a.s;
    }
    ck_assert_int_eq(differ, 0);
    /* The rejection path was taken (n just above 2^63 rejects half). */
    ck_assert_int_gt(rejected, 0);
}
END_TEST

/* The generator's step, inverted: the state whose next draw is x. */
static uint64_t unxorshift(uint64_t y, int k)
{
    uint64_t x = y;
    for (int i = 0; i < 64 / k + 1; i++)
        x = y ^ (x >> k);
    return x;
}

static uint64_t odd_inverse(uint64_t a)
{
    uint64_t inv = a; /* (right to 3 bits; each step doubles them) */
    for (int i = 0; i < 5; i++)
        inv *= 2 - a * inv;
    return inv;
}

static crown_rng drawing(uint64_t x)
{
    uint64_t z = unxorshift(x, 31);
    z *= odd_inverse(0x94d049bb133111ebULL);
    z = unxorshift(z, 27);
    z *= odd_inverse(0xbf58476d1ce4e5b9ULL);
    z = unxorshift(z, 30);
    crown_rng r = {z - 0x9e3779b97f4a7c15ULL};
    return r;
}

/* Draws at the edge of the rejected block: the last accepted, the first
 * rejected, the largest. */
/* crown_select64, the k-th card of a pile for a draw, is the k-th set bit:
 * every k of sparse, dense, random and contiguous words. */
START_TEST(select_finds_the_kth_set_bit)
{
    crown_rng r;
    crown_rng_seed(&r, 11, 0);
    long checked = 0;
    for (int round = 0; round < 40000; round++) {
        uint64_t x = crown_rng_next(&r);
        switch (round % 5) {
        case 1: x &= crown_rng_next(&r) & crown_rng_next(&r); break;
        case 2: x |= crown_rng_next(&r) | crown_rng_next(&r); break;
        case 3: x = ~0ULL << (round % 64); break;
        case 4: x = (1ULL << (round % 64)) | (1ULL << ((round / 64) % 64)); break;
        }
        uint64_t y = x;
        for (unsigned k = 0; y; k++, y &= y - 1) {
            ck_assert_int_eq(crown_select64(x, k), __builtin_ctzll(y));
            checked++;
        }
        ck_assert_int_eq(crown_popcount64(x), __builtin_popcountll(x));
    }
    /* Every value of a byte, in every byte, below bits set and not. */
    for (unsigned b = 1; b < 256; b++)
        for (unsigned at = 0; at < 64; at += 8)
            for (int low = 0; low < 2; low++) {
                uint64_t x = (uint64_t)b << at | (low ? (1ULL << at) - 1 : 0), y = x;
                for (unsigned k = 0; y; k++, y &= y - 1) {
                    ck_assert_int_eq(crown_select64(x, k), __builtin_ctzll(y));
                    checked++;
                }
            }
    ck_assert_int_gt(checked, 500000);
}
END_TEST

START_TEST(rng_below_rejects_exactly_the_top_block)
{
    static const uint64_t ns[] = {1, 2, 3, 7, 10, 840, 1023, 1024, 1025, 99991, (1ULL << 32) + 1,
                                  (1ULL << 63) + 1, 0xaaaaaaaaaaaaaaabULL, UINT64_MAX};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        uint64_t n = ns[i], limit = UINT64_MAX - UINT64_MAX % n;
        uint64_t edges[] = {limit - 1, limit, UINT64_MAX, 0, n - 1, n};
        for (size_t e = 0; e < sizeof edges / sizeof edges[0]; e++) {
            crown_rng a = drawing(edges[e]), b = a, c = a;
            ck_assert_uint_eq(crown_rng_next(&c), edges[e]);
            uint64_t want = below_by_division(&a, n), got = crown_rng_below(&b, n);
            ck_assert_msg(want == got && a.s == b.s, "n %llu, draw %llu: %llu, not %llu",
                          (unsigned long long)n, (unsigned long long)edges[e],
                          (unsigned long long)got, (unsigned long long)want);
        }
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("random generator");
    TCase *tc = test_case("core");
    tcase_add_test(tc, rng_below_draws_what_the_division_draws);
    tcase_add_test(tc, rng_below_rejects_exactly_the_top_block);
    tcase_add_test(tc, select_finds_the_kth_set_bit);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
