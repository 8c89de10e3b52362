/*
 * rules.c - crown-play: the rules of the game being played, in short (the
 * "In short" section of its document, rules_text.c), and where the full
 * rules are installed.
 */
#include <stdio.h>
#include <string.h>

#include "play.h"

#ifndef PLAY_DOCDIR
#error "PLAY_DOCDIR: the directory the games' documents are installed in"
#endif

void play_print_rules(crown_game *g)
{
    const char *name = crown_name(g);
    const struct play_rules *r = play_rules;
    while (r->game && strcmp(r->game, name) != 0)
        r++;
    if (!r->game) {
        printf("crown-play has no summary of the rules of %s: see %s\n", name, PLAY_DOCDIR);
        return;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", PLAY_DOCDIR, r->doc);
    printf("The rules of %s in short:\n\n%s\n", name, r->text);
    printf("The full rules, the options and the notation: %s\n", path);
    FILE *f = fopen(path, "r");
    if (f)
        fclose(f);
    else
        printf("(not installed there yet: in crown's source, docs/%s)\n", r->doc);
}
