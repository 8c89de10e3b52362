/*
 * tables_gen.c - a program run at build time: writes the default deck and
 * its faces (kb_default_deck, kb_faces_init in tables.c) as the C constants
 * kb_std_deck and kb_std_faces, into the file named by its argument.  The
 * library then reads them instead of computing them for every game.
 *
 * Every field is written by name; test_cards checks that the constants are
 * what the functions compute.
 */
#include <stdio.h>
#include <string.h>

#include "cards.h"
#include "common.h"

static void put_set(FILE *f, const gn_set *s)
{
    fprintf(f, "{{0x%016llxULL, 0x%016llxULL}}", (unsigned long long)s->w[0],
            (unsigned long long)s->w[1]);
}

static void put_bytes(FILE *f, const uint8_t *b, size_t n)
{
    fputs("{", f);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s%s%u", i ? "," : "", i % 16 == 0 ? "\n     " : " ", b[i]);
    fputs("}", f);
}

static void put_sets(FILE *f, const char *name, const gn_set *s, size_t n)
{
    fprintf(f, "    .%s = {", name);
    for (size_t i = 0; i < n; i++) {
        fputs(i ? ",\n        " : "\n        ", f);
        put_set(f, &s[i]);
    }
    fputs("},\n", f);
}

static void put_rows(FILE *f, const char *name, const uint8_t (*rows)[KB_MAX_DECK + 1])
{
    fprintf(f, "    .%s = {", name);
    for (int l = 0; l < KB_LISTS; l++) {
        fputs(l ? ",\n    " : "\n    ", f);
        put_bytes(f, rows[l], KB_MAX_DECK + 1);
    }
    fputs("},\n", f);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: tables_gen OUTPUT.c\n");
        return 2;
    }
    static kb_deck d;
    static kb_faces x;
    kb_default_deck(&d);
    kb_faces_init(&x, &d);
    FILE *f = fopen(argv[1], "w");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    fputs("/* Written at build time by lib/kingsblood/tables_gen.c: do not edit. */\n"
          "#include \"kingsblood/common.h\"\n\n",
          f);
    fprintf(f, "const kb_deck kb_std_deck = {\n    .n = %d,\n    .card = {", d.n);
    for (int i = 0; i <= KB_MAX_DECK; i++) {
        const kb_card *c = &d.card[i];
        fprintf(f, "%s{%u, %u, %u, %u, %u, %u}", i ? ",\n        " : "\n        ", c->kind,
                c->colour, c->number, c->gender, c->ability, c->event);
    }
    fputs("},\n    .face = ", f);
    put_bytes(f, d.face, KB_MAX_DECK + 1);
    fputs(",\n};\n\nconst kb_faces kb_std_faces = {\n", f);
    put_sets(f, "same", x.same, KB_MAX_DECK + 1);
    fputs("    .characters = ", f);
    put_set(f, &x.characters);
    fputs(",\n    .abilities = ", f);
    put_set(f, &x.abilities);
    fputs(",\n    .events = ", f);
    put_set(f, &x.events);
    fputs(",\n    .exiles = ", f);
    put_set(f, &x.exiles);
    fputs(",\n", f);
    put_sets(f, "colour", x.colour, 4);
    put_sets(f, "number", x.number, 10);
    fprintf(f, "    .twin_characters = %u,\n", x.twin_characters);
    fprintf(f, "    .faces_apart = %u,\n", x.faces_apart);
    fputs("    .nlist = ", f);
    put_bytes(f, x.nlist, KB_LISTS);
    fputs(",\n", f);
    put_rows(f, "list", x.list);
    put_rows(f, "rank", x.rank);
    fputs("};\n", f);
    if (fclose(f)) {
        perror(argv[1]);
        return 1;
    }
    return 0;
}
