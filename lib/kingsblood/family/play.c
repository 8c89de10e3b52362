/*
 * play.c - King's Family, the King's Blood solitaire: what happens.  The
 * flow (init, apply and everything it runs) and the score; what may be done
 * is legal.c's.  The rules as the engine plays them, and its decisions:
 * docs/kings-family.md.
 *
 * There are no turns.  Between decisions the game works through a stack of
 * pending work (effect draws, Marriages, forced Events, Events going to the
 * discards, a move deferred behind a sibling's effect); every card drawn is
 * a chance node.
 */
#include <string.h>

#include "../../core/rules.h"
#include "family.h"

#define CARD(cfg, c) (&(cfg)->deck.card[c])

/* ---- small helpers ---------------------------------------------------- */

static int ability_draws(int ability)
{
    return ability == KB_SKIP ? 1 : ability == KB_REVERSE ? 2 : ability == KB_DRAW3 ? 3 : 0;
}

/* Pushes work; `side` matters for W_MARRY only.  The stack is sized for the
 * worst case (family.h); should that ever be wrong, the state says so
 * (kf_check) instead of dropping the work silently. */
static void push(kf_state *s, int kind, int arg, int side)
{
    if (s->nwork >= KF_QUEUE) {
        s->overflow = 1;
        return;
    }
    kf_work_item w = {(uint8_t)(kind | (side > 0 ? KF_W_RIGHT : 0)), (uint8_t)arg};
    s->work[s->nwork++] = w;
}

static int work_kind(const kf_work_item *w)
{
    return w->op & ~KF_W_RIGHT;
}

static int work_side(const kf_work_item *w)
{
    return (w->op & KF_W_RIGHT) ? 1 : -1;
}

static void push_draws(kf_state *s, int n)
{
    if (n > 0)
        push(s, W_DRAW, n, 0);
}

static void saturating_inc(uint32_t *counter)
{
    if (*counter < UINT32_MAX)
        (*counter)++;
}

/* Takes card c from the pile; the pile running out scores, and is refilled
 * from more than 20 discards, or never again. */
static void take_from_pile(kf_state *s, int c)
{
    gn_set_del(&s->pile, c);
    if (!gn_set_empty(&s->pile))
        return;
    saturating_inc(&s->exhausted);
    if (kf_set_count(&s->discards) > 20) {
        s->pile = s->discards;
        memset(&s->discards, 0, sizeof s->discards);
    } else {
        s->dead = 1;
    }
}

/* ---- the sibling run -------------------------------------------------- */

static void end_run(kf_state *s)
{
    s->run_child = KF_NONE;
    s->run_last = KF_NONE;
    s->run_side = 0;
    s->run_pending = KB_PLAIN;
}

/* ---- flow ------------------------------------------------------------- */

static void apply_decision(const kf_config *cfg, kf_state *s, crown_move m);

static int any_character(const kf_config *cfg, const gn_set *set)
{
    GN_FOR(set, c)
        if (CARD(cfg, c)->kind == KB_CHARACTER)
            return 1;
    return 0;
}

/* Ends the game.  Events still being resolved (an Exile whose draw the end
 * cut short, a forced Event left without a target) reach the discards: the
 * end resolves everything. */
static void end_game(kf_state *s, int why)
{
    gn_set_or(&s->discards, &s->aside);
    memset(&s->aside, 0, sizeof s->aside);
    s->nwork = 0;
    s->forced = KF_NONE;
    end_run(s);
    s->over = (uint8_t)why;
    s->phase = KF_OVER;
}

/* Works until a chance node, a decision or the end. */
static void advance(const kf_config *cfg, kf_state *s)
{
    for (;;) {
        if (s->phase == KF_OVER)
            return;
        /* An empty Genealogy restarts at once, before anything else. */
        if (gn_empty(&s->gn)) {
            if (!any_character(cfg, &s->pile) &&
                (s->dead || !any_character(cfg, &s->discards))) {
                end_game(s, KF_END_NO_FOUNDER);
                return;
            }
            s->phase = KF_RESTART;
            return;
        }
        if (s->nwork > 0) {
            kf_work_item *w = &s->work[s->nwork - 1];
            switch (work_kind(w)) {
            case W_DRAW:
                if (w->arg == 0 || !kf_can_draw(s)) {
                    s->nwork--;
                    continue;
                }
                if (kf_set_count(&s->hand) >= KF_HAND_LIMIT) {
                    w->arg--; /* a draw beyond 10 cards is skipped */
                    continue;
                }
                s->phase = KF_DRAW;
                return;
            case W_MARRY:
                if (!kf_can_draw(s)) {
                    s->nwork--;
                    continue;
                }
                s->phase = KF_MARRIAGE;
                return;
            case W_FORCED: {
                crown_move tmp[4 * GN_CARDS];
                int blocked = 0;
                gn_lazy_view view;
                view.built = 0;
                if (kf_event_moves(cfg, s, &view, w->arg, tmp, &blocked) == 0) {
                    gn_set_del(&s->aside, w->arg);
                    gn_set_add(&s->discards, w->arg);
                    s->nwork--;
                    continue;
                }
                s->forced = w->arg;
                s->phase = KF_FORCED;
                return;
            }
            case W_DISCARD:
                gn_set_del(&s->aside, w->arg);
                gn_set_add(&s->discards, w->arg);
                s->nwork--;
                continue;
            default: { /* W_DEFERRED */
                crown_move m = s->deferred;
                s->nwork--;
                s->deferred = 0;
                apply_decision(cfg, s, m);
                if (s->phase == KF_PLACE)
                    return; /* a New Connection waits for its spot */
                continue;
            }
            }
        }
        /* A decision point. */
        if (kf_run_active(s)) {
            int blocked = 0;
            if (kf_sibling_moves(cfg, s, NULL, &blocked) == 0) {
                /* No further sibling: the last one's effect, at once. */
                int k = ability_draws(s->run_pending);
                s->past_child = s->run_child;
                s->past_last = s->run_last;
                s->past_side = s->run_side;
                end_run(s);
                if (k) {
                    push_draws(s, k);
                    continue;
                }
            }
        }
        if (gn_set_empty(&s->hand)) {
            end_game(s, KF_END_HAND_EMPTY);
            return;
        }
        if (cfg->max_moves && s->decisions >= cfg->max_moves) {
            end_game(s, KF_END_MOVE_LIMIT);
            return;
        }
        crown_move tmp[KF_MAX_MOVES];
        int blocked = 0;
        if (kf_gen_plays(cfg, s, tmp, &blocked, 1) > 0) {
            s->phase = KF_PLAY;
            return;
        }
        if (blocked)
            end_game(s, KF_END_ROW_LIMIT);
        else if (kf_set_count(&s->hand) >= KF_HAND_LIMIT)
            end_game(s, KF_END_FULL_HAND);
        else if (!kf_can_draw(s))
            end_game(s, KF_END_STUCK);
        else
            s->phase = KF_DRAW; /* draw until a playable card */
        return;
    }
}

/* Plays an Event e (from the hand, or forced) on t. */
static void play_event(const kf_config *cfg, kf_state *s, int e, int t)
{
    gn_set removed = {{0, 0}};
    gn_set_del(&s->hand, e);
    gn_set_del(&s->aside, e);
    switch (CARD(cfg, e)->event) {
    case KB_ASSASSINATION:
    case KB_EXILE:
        gn_remove_with_attachments(&s->gn, t, &removed);
        gn_set_or(&s->discards, &removed);
        gn_set_add(&s->aside, e);
        push(s, W_DISCARD, e, 0);
        push_draws(s, CARD(cfg, e)->event == KB_ASSASSINATION ? 1 : 2);
        return;
    case KB_ENTHRONEMENT:
        gn_attach(&s->gn, e, t);
        gn_drop_rows_above(&s->gn, s->gn.row[t], &removed);
        gn_set_or(&s->discards, &removed);
        return;
    default: /* New Connection: the card is lifted; its place is chosen next */
        gn_set_add(&s->aside, e);
        s->nc_event = (uint8_t)e;
        s->nc_card = (uint8_t)t;
        s->phase = KF_PLACE;
        return;
    }
}

static void apply_decision(const kf_config *cfg, kf_state *s, crown_move m)
{
    switch (KF_KIND(m)) {
    case CROWN_KB_K_PLAY: { /* a Character beside t */
        int c = KF_CARD(m), t = KF_TARGET(m), side = KF_SIDE(m);
        gn_set_del(&s->hand, c);
        gn_place_beside(&s->gn, c, t, side);
        if (kf_marries(cfg, c, t))
            push(s, W_MARRY, t, side);
        push_draws(s, ability_draws(CARD(cfg, c)->ability)); /* the effect first */
        return;
    }
    case CROWN_KB_K_EVENT: play_event(cfg, s, KF_CARD(m), KF_TARGET(m)); return;
    case CROWN_KB_K_SIBLING: { /* a sibling */
        int c = KF_CARD(m), side = KF_SIDE(m), r, x;
        gn_sibling_slot(&s->gn, s->run_last, side, &r, &x);
        gn_set_del(&s->hand, c);
        gn_place_at(&s->gn, c, r, x);
        s->run_side = (int8_t)side;
        s->run_last = (uint8_t)c;
        if (cfg->every_sibling)
            push_draws(s, ability_draws(CARD(cfg, c)->ability));
        else
            s->run_pending = CARD(cfg, c)->ability;
        return;
    }
    case CROWN_KB_K_DRAW: push_draws(s, 1); return;
    default: return;
    }
}

/* ---- the rules table functions ---------------------------------------- */

void kf_init(const void *config, void *state)
{
    const kf_config *cfg = config;
    kf_state *s = state;
    memset(s, 0, sizeof *s);
    gn_clear(&s->gn);
    s->pile = gn_set_below(cfg->deck.n);
    s->phase = KF_DEAL;
    s->forced = KF_NONE;
    s->nc_event = KF_NONE;
    s->nc_card = KF_NONE;
    s->past_child = KF_NONE;
    end_run(s);
}

void kf_apply(const void *config, void *state, crown_move m)
{
    const kf_config *cfg = config;
    kf_state *s = state;
    int phase = s->phase;
    if (phase == KF_DEAL) {
        take_from_pile(s, m);
        gn_set_add(&s->hand, m);
        if (++s->dealt == KF_START_HAND || !kf_can_draw(s)) {
            if (!any_character(cfg, &s->pile))
                end_game(s, KF_END_NO_FOUNDER);
            else
                s->phase = KF_FOUND;
        }
        return;
    }
    if (kf_current_of(s) == 0) {
        saturating_inc(&s->decisions);
        s->past_child = KF_NONE;
    }
    s->phase = KF_PLAY; /* neutral while the move is carried out */
    switch (phase) {
    case KF_FOUND:
        take_from_pile(s, m);
        gn_found(&s->gn, m);
        break;
    case KF_RESTART:
        take_from_pile(s, m);
        if (CARD(cfg, m)->kind == KB_CHARACTER)
            gn_found(&s->gn, m);
        else
            gn_set_add(&s->discards, m); /* Events turned up are discarded */
        break;
    case KF_DRAW:
        take_from_pile(s, m);
        gn_set_add(&s->hand, m);
        if (s->nwork > 0 && work_kind(&s->work[s->nwork - 1]) == W_DRAW)
            s->work[s->nwork - 1].arg--;
        break;
    case KF_MARRIAGE: {
        kf_work_item w = s->work[--s->nwork];
        take_from_pile(s, m);
        if (CARD(cfg, m)->kind == KB_CHARACTER) {
            gn_place_child(&s->gn, m, w.arg, work_side(&w));
            end_run(s);
            s->run_child = (uint8_t)m;
            s->run_last = (uint8_t)m;
        } else {
            gn_set_add(&s->aside, m);
            push(s, W_FORCED, m, 0);
        }
        break;
    }
    case KF_PLAY:
        if (KF_KIND(m) != CROWN_KB_K_SIBLING && kf_run_active(s)) {
            int k = ability_draws(s->run_pending);
            end_run(s);
            if (k) {
                /* The last sibling's effect comes just before this move. */
                s->deferred = m;
                push(s, W_DEFERRED, 0, 0);
                push_draws(s, k);
                break;
            }
        }
        apply_decision(cfg, s, m);
        break;
    case KF_FORCED:
        s->nwork--; /* the W_FORCED item */
        s->forced = KF_NONE;
        end_run(s);
        play_event(cfg, s, KF_CARD(m), KF_TARGET(m));
        break;
    case KF_PLACE: {
        int c = s->nc_card, t = KF_TARGET(m), side = KF_SIDE(m);
        gn_move(&s->gn, c, t, side);
        push(s, W_DISCARD, s->nc_event, 0);
        if (kf_marries(cfg, c, t))
            push(s, W_MARRY, t, side);
        s->nc_event = KF_NONE;
        s->nc_card = KF_NONE;
        end_run(s);
        break;
    }
    default: return;
    }
    if (s->phase != KF_PLACE)
        advance(cfg, s);
}

/* ---- score ------------------------------------------------------------ */

int64_t kf_score(const kf_config *cfg, const kf_state *s)
{
    const genealogy *g = &s->gn;
    int64_t score = 10 * (int64_t)s->exhausted;
    if (gn_empty(g))
        return score;
    /* The highest row with an Enthronement under one of its cards. */
    int top_ent = -1;
    GN_FOR(&g->attached, a) {
        int t = g->under[a];
        if (CARD(cfg, a)->kind == KB_EVENT && CARD(cfg, a)->event == KB_ENTHRONEMENT &&
            gn_has(g, t) && (top_ent < 0 || g->row[t] < top_ent))
            top_ent = g->row[t];
    }
    /* Each row with a card: 1, or 2 from the Enthronement's row down. */
    int top = INT32_MAX, bottom = INT32_MIN;
    GN_FOR(&g->present, c) {
        top = g->row[c] < top ? g->row[c] : top;
        bottom = g->row[c] > bottom ? g->row[c] : bottom;
    }
    if (bottom - top < 64) {
        uint64_t rows = 0;
        GN_FOR(&g->present, c)
            rows |= 1ULL << (g->row[c] - top);
        score += crown_popcount64(rows);
        if (top_ent >= 0)
            score += crown_popcount64(rows >> (top_ent - top));
        return score;
    }
    for (int r = top; r <= bottom; r++)
        if (gn_row_size(g, r) > 0)
            score += (top_ent >= 0 && r >= top_ent) ? 2 : 1;
    return score;
}

const char *kf_rating(int64_t score)
{
    if (score <= 10)
        return "Work harder";
    if (score <= 20)
        return "So-so";
    if (score <= 30)
        return "Good effort!";
    if (score <= 50)
        return "You are promising!";
    return "Incredible!";
}

/* Stopped by max_moves. */
int kf_truncated(const void *config, const void *state)
{
    (void)config;
    const kf_state *s = state;
    return s->phase == KF_OVER && s->over == KF_END_MOVE_LIMIT;
}

void kf_returns(const void *config, const void *state, double *out)
{
    out[0] = (double)kf_score(config, state);
}
