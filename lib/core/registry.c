/*
 * registry.c - the games this library knows, by name.
 *
 * Adding a game is adding its rules table here; the core knows nothing
 * else about it.
 */
#include <string.h>

#include "rules.h"

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
