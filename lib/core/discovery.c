/*
 * discovery.c - what a caller learns before making a game: the library's
 * version, the games it knows and their options.
 */
#include "core.h"

CROWN_EXPORT int crown_version(void)
{
    return CROWN_VERSION_NUMBER;
}

CROWN_EXPORT const char *crown_version_string(void)
{
    return CROWN_VERSION_STRING;
}

CROWN_EXPORT size_t crown_game_count(void)
{
    return crown_registry_count;
}

CROWN_EXPORT const char *crown_game_name(size_t index)
{
    return index < crown_registry_count ? crown_registry[index]->name : NULL;
}

CROWN_EXPORT const char *crown_game_summary(const char *name)
{
    const crown_rules *r = name ? crown_find_rules(name) : NULL;
    return r ? r->summary : NULL;
}

static int describe(const char *name, char *buf, size_t cap, size_t *len,
                    void (*how)(const crown_rules *, crown_buf *))
{
    if (!name || !len)
        return CROWN_EINVAL; /* (a NULL buf is a size query whatever cap, as in 0.1.0) */
    const crown_rules *r = crown_find_rules(name);
    if (!r)
        return CROWN_EGAME;
    crown_buf b;
    crown_buf_init(&b, buf, cap);
    how(r, &b);
    *len = b.len;
    if (b.len + 1 > b.cap) {
        if (b.cap > 0)
            b.p[0] = '\0';
        return CROWN_ETOOSMALL;
    }
    return CROWN_OK;
}

CROWN_EXPORT int crown_describe_options(const char *name, char *buf, size_t cap, size_t *len)
{
    return describe(name, buf, cap, len, crown_describe);
}

CROWN_EXPORT int crown_options_json(const char *name, char *buf, size_t cap, size_t *len)
{
    return describe(name, buf, cap, len, crown_describe_json);
}
