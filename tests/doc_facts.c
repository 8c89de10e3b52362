/*
 * doc_facts.c - prints what the documents state about the library, as the
 * library reports it, for tests/docs-test.sh to compare with the documents.
 *
 * One line a fact:
 *   state NAME BYTES TITLE   the size of a state of game NAME (its title:
 *                            the summary's words before the colon), read
 *                            through crown_internal_state_size
 *   dagger VIEWS TEXTS STATES  observations.md's example: Blood Bound
 *                            with 6 players, seat 0 holding the dagger, the
 *                            passes 0->1->0->3 and 0->2->0->3; VIEWS is
 *                            "same" when seat 4's text, JSON and tensor are
 *                            the same after both (else "differ"), TEXTS
 *                            "differ" when its history texts
 *                            (crown_history_text) tell them apart, STATES
 *                            "same" when the two state blocks are
 * Exit status 0, or 1 with a message when a call fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <crown/crown.h>

#include "core/core.h"

static int fail(const char *what, const crown_game *g)
{
    fprintf(stderr, "doc-facts: %s: %s\n", what, g ? crown_last_error(g) : "failed");
    return 1;
}

static int print_state_sizes(void)
{
    for (size_t i = 0; i < crown_game_count(); i++) {
        const char *name = crown_game_name(i), *summary = crown_game_summary(name);
        const char *colon = summary ? strchr(summary, ':') : NULL;
        crown_game *g;
        if (!colon || crown_new(&g, name, "", 1) != CROWN_OK)
            return fail(name, NULL);
        printf("state %s %zu %.*s\n", name, crown_internal_state_size(g), (int)(colon - summary),
               summary);
        crown_free(g);
    }
    return 0;
}

/* Blood Bound with 6 players, from the first seed at which seat 0 holds the
 * dagger, after passes to `first`, to 0 and to 3. */
static crown_game *passes(int first)
{
    for (uint64_t seed = 1; seed < 1000; seed++) {
        crown_game *g;
        int p;
        if (crown_new(&g, "blood_bound", "players=6", seed) != CROWN_OK)
            return NULL;
        if (crown_current_player(g, &p) == CROWN_OK && p == 0) {
            int to[3] = {first, 0, 3};
            for (int k = 0; k < 3; k++) {
                char text[32];
                crown_move m;
                snprintf(text, sizeof text, "pass to seat %d", to[k]);
                if (crown_move_from_text(g, text, &m) != CROWN_OK || crown_apply(g, m) != CROWN_OK) {
                    fail(text, g);
                    crown_free(g);
                    return NULL;
                }
            }
            return g;
        }
        crown_free(g);
    }
    return NULL;
}

enum { VIEW_CAP = 1 << 16 };

/* 1 when both games give `seat` the same text, JSON and tensor, 0 when
 * not, -1 when a call fails. */
static int same_views(crown_game *a, crown_game *b, int seat)
{
    static char ta[VIEW_CAP], tb[VIEW_CAP];
    static float fa[VIEW_CAP], fb[VIEW_CAP];
    size_t la, lb;
    if (crown_observation(a, seat, ta, VIEW_CAP, &la) || crown_observation(b, seat, tb, VIEW_CAP, &lb))
        return -1;
    if (la != lb || memcmp(ta, tb, la))
        return 0;
    if (crown_observation_json(a, seat, ta, VIEW_CAP, &la) ||
        crown_observation_json(b, seat, tb, VIEW_CAP, &lb))
        return -1;
    if (la != lb || memcmp(ta, tb, la))
        return 0;
    if (crown_observation_tensor(a, seat, fa, VIEW_CAP, &la) ||
        crown_observation_tensor(b, seat, fb, VIEW_CAP, &lb))
        return -1;
    return la == lb && memcmp(fa, fb, la * sizeof *fa) == 0;
}

/* 1 when the history texts of `seat` differ somewhere, 0 when not, -1
 * when a call fails. */
static int texts_differ(crown_game *a, crown_game *b, int seat)
{
    size_t na, nb;
    if (crown_history_length(a, &na) || crown_history_length(b, &nb))
        return -1;
    if (na != nb)
        return 1;
    for (size_t i = 0; i < na; i++) {
        char ta[256], tb[256];
        size_t la, lb;
        if (crown_history_text(a, i, seat, ta, sizeof ta, &la) ||
            crown_history_text(b, i, seat, tb, sizeof tb, &lb))
            return -1;
        if (la != lb || memcmp(ta, tb, la))
            return 1;
    }
    return 0;
}

static int print_dagger(void)
{
    crown_game *a = passes(1), *b = passes(2);
    int rc = 1;
    if (a && b) {
        int views = same_views(a, b, 4), texts = texts_differ(a, b, 4);
        int states = memcmp(crown_internal_state(a), crown_internal_state(b),
                            crown_internal_state_size(a)) == 0;
        if (views >= 0 && texts >= 0) {
            printf("dagger %s %s %s\n", views ? "same" : "differ", texts ? "differ" : "same",
                   states ? "same" : "differ");
            rc = 0;
        } else {
            fail("the dagger example's views", a);
        }
    } else {
        fprintf(stderr, "doc-facts: the dagger example could not be played\n");
    }
    crown_free(a);
    crown_free(b);
    return rc;
}

int main(void)
{
    return print_state_sizes() || print_dagger() ? EXIT_FAILURE : EXIT_SUCCESS;
}
