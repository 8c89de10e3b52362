/*
 * actions.c - Game of Kingdoms: the dense action index (the rules table's
 * action_count, action_index and action_move) and a move as JSON
 * (move_json).
 */
#include "../core/rules.h"
#include "kingdoms.h"

/* In the order of the move ids: the 150 leads (rank, then the colours' mask
 * 1..15), take, pass, the 40 adds, the 40 transfers, the 40 x 40 beats
 * (attack, then defence).  The same for every option set. */
enum {
    KD_A_LEADS = 0,
    KD_A_TAKE = 150,
    KD_A_PASS,
    KD_A_ADDS,
    KD_A_TRANSFERS = KD_A_ADDS + 40,
    KD_A_BEATS = KD_A_TRANSFERS + 40,
    KD_A_COUNT = KD_A_BEATS + 40 * 40
};

size_t kd_action_count(const void *config)
{
    (void)config;
    return KD_A_COUNT;
}

long kd_action_index(const void *config, crown_move m)
{
    (void)config;
    if (CROWN_KD_IS_LEAD(m) && CROWN_KD_LEAD_MASK(m) != 0)
        return KD_A_LEADS + CROWN_KD_LEAD_RANK(m) * 15 + CROWN_KD_LEAD_MASK(m) - 1;
    if (m == CROWN_KD_TAKE)
        return KD_A_TAKE;
    if (m == CROWN_KD_PASS)
        return KD_A_PASS;
    if (CROWN_KD_IS_ADD(m))
        return KD_A_ADDS + (m - CROWN_KD_ADD(0));
    if (CROWN_KD_IS_TRANSFER(m))
        return KD_A_TRANSFERS + (m - CROWN_KD_TRANSFER(0));
    if (CROWN_KD_IS_BEAT(m) && CROWN_KD_BEAT_DEFENCE(m) < 40)
        return KD_A_BEATS + CROWN_KD_BEAT_ATTACK(m) * 40 + CROWN_KD_BEAT_DEFENCE(m);
    return -1;
}

void kd_move_json(const void *config, crown_move m, crown_buf *b)
{
    (void)config;
    if (CROWN_KD_IS_LEAD(m)) {
        crown_buf_puts(b, "{\"kind\": \"lead\", \"cards\": ");
        kd_json_cards(b, (uint64_t)CROWN_KD_LEAD_MASK(m) << (4 * CROWN_KD_LEAD_RANK(m)));
        crown_buf_putc(b, '}');
    } else if (m == CROWN_KD_TAKE || m == CROWN_KD_PASS) {
        crown_buf_puts(b, m == CROWN_KD_TAKE ? "{\"kind\": \"take\"}" : "{\"kind\": \"pass\"}");
    } else if (CROWN_KD_IS_ADD(m) || CROWN_KD_IS_TRANSFER(m)) {
        int add = CROWN_KD_IS_ADD(m);
        crown_buf_printf(b, "{\"kind\": \"%s\", \"card\": %d}", add ? "add" : "transfer",
                         (int)(m - (add ? CROWN_KD_ADD(0) : CROWN_KD_TRANSFER(0))));
    } else {
        crown_buf_printf(b, "{\"kind\": \"beat\", \"attack\": %d, \"card\": %d}",
                         (int)CROWN_KD_BEAT_ATTACK(m), (int)CROWN_KD_BEAT_DEFENCE(m));
    }
}

crown_move kd_action_move(const void *config, size_t i)
{
    (void)config;
    int k = (int)i;
    if (k < KD_A_TAKE)
        return CROWN_KD_LEAD(k / 15, k % 15 + 1);
    if (k == KD_A_TAKE)
        return CROWN_KD_TAKE;
    if (k == KD_A_PASS)
        return CROWN_KD_PASS;
    if (k < KD_A_TRANSFERS)
        return CROWN_KD_ADD(k - KD_A_ADDS);
    if (k < KD_A_BEATS)
        return CROWN_KD_TRANSFER(k - KD_A_TRANSFERS);
    k -= KD_A_BEATS;
    return CROWN_KD_BEAT(k / 40, k % 40);
}
