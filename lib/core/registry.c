/*
 * registry.c - the games this library knows, by name: their list, and the
 * lookup of a name (an unknown one gets a message naming the games).
 *
 * Adding a game is adding its rules table here; the core knows nothing
 * else about it.
 */
#include <string.h>

#include "core.h"

extern const crown_rules crown_kingdoms_rules;
extern const crown_rules crown_family_rules;
extern const crown_rules crown_blood_rules;
extern const crown_rules crown_bloodbound_rules;

const crown_rules *const crown_registry[] = {
    &crown_family_rules,
    &crown_kingdoms_rules,
    &crown_blood_rules,
    &crown_bloodbound_rules,
};

const size_t crown_registry_count = sizeof crown_registry / sizeof crown_registry[0];

const crown_rules *crown_find_rules(const char *name)
{
    for (size_t i = 0; i < crown_registry_count; i++)
        if (strcmp(crown_registry[i]->name, name) == 0)
            return crown_registry[i];
    return NULL;
}

static void list_games(char *out, size_t cap)
{
    crown_buf b;
    crown_buf_init(&b, out, cap);
    for (size_t i = 0; i < crown_registry_count; i++) {
        if (i)
            crown_buf_puts(&b, ", ");
        crown_buf_puts(&b, crown_registry[i]->name);
    }
}

int crown_find_game(const char *name, const crown_rules **r, crown_err *err)
{
    *r = crown_find_rules(name);
    if (*r)
        return CROWN_OK;
    char games[160], q[48];
    size_t k = 0;
    for (; name[k] && k < 40; k++)
        q[k] = (name[k] >= 32 && name[k] < 127) ? name[k] : '?';
    q[k] = '\0';
    list_games(games, sizeof games);
    crown_errf(err, "unknown game '%s' (games: %s)", q, games);
    return CROWN_EGAME;
}
