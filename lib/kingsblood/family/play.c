/*
 * play.c - King's Family, the King's Blood solitaire: the rules in play,
 * the legal moves, the chance nodes, the flow (init, current, apply) and the
 * score.  The rules as the engine plays them, and its decisions:
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

static int has_enthronement(const kf_config *cfg, const kf_state *s, int t)
{
    return kb_has_enthronement(&cfg->deck, &s->gn, t);
}

static int marries(const kf_config *cfg, int a, int b)
{
    return kb_marries(&cfg->deck, a, b);
}

static int first_of_face(const kf_config *cfg, const gn_set *set, int c)
{
    return kb_first_of_face(&cfg->faces, set, c);
}

/* Would putting card c beside t keep every row within the limit, given
 * the sizes of t's row and the row below?  The Marriage's child counts
 * when a card can be drawn. */
static int rows_allow(const kf_config *cfg, const kf_state *s, int size, int size_below, int c,
                      int t)
{
    if (size + 1 > KF_ROW_LIMIT)
        return 0;
    if (marries(cfg, c, t) && kf_can_draw(s) && size_below + 1 > KF_ROW_LIMIT)
        return 0;
    return 1;
}


/* New Connection: the spots card c may move to, within the row limit.
 * Returns their number; *blocked counts spots refused by the row limit. */
static int nc_spots(const kf_config *cfg, const kf_state *s, const gn_view *view, int c,
                    gn_spot *out, int *blocked)
{
    gn_spot all[2 * GN_CARDS];
    gn_view lifted;
    int n = gn_new_connection_spots_view(&s->gn, view, c, all, &lifted), k = 0;
    for (int i = 0; i < n; i++) {
        int r = s->gn.row[all[i].target];
        if (rows_allow(cfg, s, gn_view_row_size(&lifted, r), gn_view_row_size(&lifted, r + 1), c,
                       all[i].target))
            out[k++] = all[i];
        else
            (*blocked)++;
    }
    return k;
}

/* Is a New Connection of c sure to have a spot within the row limit,
 * from the spots lifting c cannot change?  (0: look at every spot.)  When
 * it is, *blocked need not count refusals: the Event is playable. */
static int nc_sure(const kf_config *cfg, const kf_state *s, int c, gn_spot *spots)
{
    int n = gn_new_connection_sure_spots(&s->gn, c, spots);
    if (n == 0)
        return 0;
    for (int i = 0; i < n; i++) {
        int r = s->gn.row[spots[i].target];
        if (rows_allow(cfg, s, gn_row_size_except(&s->gn, r, c),
                       gn_row_size_except(&s->gn, r + 1, c), c, spots[i].target))
            return 1;
    }
    return 0;
}

/* The moves an Event card e allows, appended to out. */
static size_t event_moves(const kf_config *cfg, const kf_state *s, gn_lazy_view *view, int e,
                          crown_move *out, int *blocked)
{
    size_t n = 0;
    int ev = CARD(cfg, e)->event;
    GN_FOR(&s->gn.active, t) {
        if (ev == KB_ENTHRONEMENT && has_enthronement(cfg, s, t))
            continue;
        if (ev == KB_NEW_CONNECTION) {
            gn_spot spots[2 * GN_CARDS];
            if (!nc_sure(cfg, s, t, spots) &&
                nc_spots(cfg, s, gn_lazy(&s->gn, view), t, spots, blocked) == 0)
                continue;
        }
        out[n++] = KF_M_EVENT(e, t);
    }
    return n;
}

/* ---- the sibling run -------------------------------------------------- */

static void end_run(kf_state *s)
{
    s->run_child = KF_NONE;
    s->run_last = KF_NONE;
    s->run_side = 0;
    s->run_pending = KB_PLAIN;
}

/* Sibling moves for the run, appended to out (out may be NULL to count). */
static size_t sibling_moves(const kf_config *cfg, const kf_state *s, crown_move *out,
                            int *blocked)
{
    if (!kf_run_active(s))
        return 0;
    size_t n = 0;
    int number = CARD(cfg, s->run_child)->number;
    int row = s->gn.row[s->run_child];
    GN_FOR(&s->hand, c) {
        const kb_card *k = CARD(cfg, c);
        if (k->kind != KB_CHARACTER || k->number != number || !first_of_face(cfg, &s->hand, c))
            continue;
        for (int side = -1; side <= 1; side += 2) {
            int r, x;
            if (s->run_side && side != s->run_side)
                continue;
            if (gn_sibling_slot(&s->gn, s->run_last, side, &r, &x))
                continue;
            if (gn_row_size(&s->gn, row) + 1 > KF_ROW_LIMIT) {
                (*blocked)++;
                continue;
            }
            if (out)
                out[n] = KF_M_SIBLING(c, side);
            n++;
        }
    }
    return n;
}

/* Is (row, x) where the next sibling of the run would go?  Right after a
 * birth that is beside the child on either side; after the first sibling,
 * beside the last one on the run's side.  A card of the child's number put
 * there is the sibling and nothing else. */
static int sibling_spot(const kf_state *s, int row, int x)
{
    if (!kf_run_active(s) || row != s->gn.row[s->run_child])
        return 0;
    if (s->run_side)
        return x == s->gn.x[s->run_last] + 2 * s->run_side;
    int dx = x - s->gn.x[s->run_child];
    return dx == 2 || dx == -2;
}

/* ---- legal moves ------------------------------------------------------ */

/* The plays of the player (KF_PLAY); *blocked counts plays refused only by
 * the row limit.  With `any`, stops at the first play (is there one?). */
static size_t gen_plays(const kf_config *cfg, const kf_state *s, crown_move *out, int *blocked,
                        int any)
{
    size_t n = 0;
    gn_lazy_view view;
    view.built = 0; /* (not the whole view: it is rarely needed) */
    int child_number = kf_run_active(s) ? CARD(cfg, s->run_child)->number : -1;
    /* Characters beside Active cards. */
    GN_FOR(&s->hand, c) {
        if (CARD(cfg, c)->kind != KB_CHARACTER || !first_of_face(cfg, &s->hand, c))
            continue;
        gn_set on = kb_matching(&cfg->deck, &cfg->faces, c, &s->gn.active);
        GN_FOR(&on, t) {
            for (int side = -1; side <= 1; side += 2) {
                if (!gn_side_usable(&s->gn, t, side))
                    continue;
                /* The child's number where the next sibling goes is that
                 * sibling (sibling_moves), not an ordinary play. */
                if (CARD(cfg, c)->number == child_number &&
                    sibling_spot(s, s->gn.row[t], s->gn.x[t] + 2 * side))
                    continue;
                int r = s->gn.row[t];
                if (!rows_allow(cfg, s, gn_row_size(&s->gn, r), gn_row_size(&s->gn, r + 1), c, t)) {
                    (*blocked)++;
                    continue;
                }
                out[n++] = KF_M_PLAY(c, t, side);
                if (any)
                    return n;
            }
        }
    }
    size_t before_events = n;
    GN_FOR(&s->hand, e) {
        if (CARD(cfg, e)->kind == KB_EVENT && first_of_face(cfg, &s->hand, e))
            n += event_moves(cfg, s, &view, e, out + n, blocked);
        if (any && n)
            return n;
    }
    size_t events = n - before_events;
    size_t siblings = sibling_moves(cfg, s, out + n, blocked);
    n += siblings;
    if (cfg->events_optional && events > 0 && n == events && kf_can_draw(s) &&
        kf_set_count(&s->hand) < KF_HAND_LIMIT)
        out[n++] = KF_M_DRAW;
    return n;
}

size_t kf_legal(const void *config, const void *state, crown_move *out)
{
    const kf_config *cfg = config;
    const kf_state *s = state;
    size_t n = 0;
    int blocked = 0;
    switch (s->phase) {
    case KF_FOUND:
    case KF_DEAL:
    case KF_RESTART:
    case KF_DRAW:
    case KF_MARRIAGE:
        /* One outcome per face: identical cards are one outcome, weighted
         * by their number (kf_weights); the lowest id of a face is drawn. */
        return kb_face_outcomes(&cfg->deck, &cfg->faces, &s->pile, s->phase == KF_FOUND, out);
    case KF_PLAY: return gen_plays(cfg, s, out, &blocked, 0);
    case KF_FORCED: {
        gn_lazy_view view;
        view.built = 0;
        return event_moves(cfg, s, &view, s->forced, out, &blocked);
    }
    case KF_PLACE: {
        gn_spot spots[2 * GN_CARDS];
        int k = nc_spots(cfg, s, NULL, s->nc_card, spots, &blocked);
        for (int i = 0; i < k; i++)
            out[n++] = KF_M_PLACE(spots[i].target, spots[i].side);
        return n;
    }
    default: return 0;
    }
}

/* The chance nodes as a draw of one card of the pile (Characters only for
 * the founder). */
size_t kf_chance_count(const void *config, const void *state)
{
    const kf_config *cfg = config;
    const kf_state *s = state;
    return kb_face_count(&cfg->faces, &s->pile, s->phase == KF_FOUND);
}

crown_move kf_chance_nth(const void *config, const void *state, size_t k)
{
    const kf_config *cfg = config;
    const kf_state *s = state;
    return kb_face_nth(&cfg->faces, &s->pile, s->phase == KF_FOUND, k);
}

void kf_weights(const void *config, const void *state, uint32_t *weights)
{
    const kf_config *cfg = config;
    const kf_state *s = state;
    crown_move outcomes[GN_CARDS];
    size_t n = kf_legal(config, state, outcomes);
    kb_face_weights(&cfg->faces, &s->pile, outcomes, n, weights);
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
                if (event_moves(cfg, s, &view, w->arg, tmp, &blocked) == 0) {
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
            if (sibling_moves(cfg, s, NULL, &blocked) == 0) {
                /* No further sibling: the last one's effect, at once. */
                int k = ability_draws(s->run_pending);
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
        if (gen_plays(cfg, s, tmp, &blocked, 1) > 0) {
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
        if (marries(cfg, c, t))
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
    for (int c = 0; c < cfg->deck.n; c++)
        gn_set_add(&s->pile, c);
    s->phase = KF_DEAL;
    s->forced = KF_NONE;
    s->nc_event = KF_NONE;
    s->nc_card = KF_NONE;
    end_run(s);
}

int kf_current(const void *config, const void *state)
{
    (void)config;
    const kf_state *s = state;
    switch (s->phase) {
    case KF_PLAY:
    case KF_FORCED:
    case KF_PLACE: return 0;
    case KF_OVER: return CROWN_TERMINAL;
    default: return CROWN_CHANCE;
    }
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
    if (kf_current(cfg, s) == 0)
        saturating_inc(&s->decisions);
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
        if (marries(cfg, c, t))
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
    int top_ent = -1;
    GN_FOR(&g->present, c)
        if (has_enthronement(cfg, s, c) && (top_ent < 0 || g->row[c] < top_ent))
            top_ent = g->row[c];
    int top = gn_top_row(g), bottom = gn_bottom_row(g);
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

void kf_returns(const void *config, const void *state, double *out)
{
    out[0] = (double)kf_score(config, state);
}
