/*
 * rules_gen.c - crown-play's rules in short, written at build time from the
 * games' documents: the "## In short" section of each docs/GAME.md, up to
 * the next "## " heading, becomes a C string, its paragraphs wrapped anew
 * and its bold marks (**) taken out (the `code` marks stay: they tell the
 * texts of the game from the words about them).  So the summary a player
 * reads at the prompt is the document's own text, kept in one place.
 *
 * usage: rules_gen OUTPUT.c GAME=DOC.md...
 * Fails (status 1, a message) when a document cannot be read or has no such
 * section, or when a section is longer than a portable string literal.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SECTION "## In short"
/* C11 promises string literals of 4095 characters. */
#define MAX_TEXT 4000

/* Appends the words of a paragraph, words[0..n), to text at *at, wrapped at
 * WIDTH columns; a bullet's lines after its first are indented by two. */
#define WIDTH 78
static void put_paragraph(char *text, size_t *at, const char *words, size_t n)
{
    size_t col = 0, indent = n >= 2 && words[0] == '-' && words[1] == ' ' ? 2 : 0;
    for (size_t i = 0; i < n;) {
        size_t w = strcspn(words + i, " ");
        if (w > n - i)
            w = n - i;
        if (col > 0 && col + 1 + w > WIDTH) {
            text[(*at)++] = '\n';
            for (col = 0; col < indent; col++)
                text[(*at)++] = ' ';
        } else if (col > 0) {
            text[(*at)++] = ' ';
            col++;
        }
        memcpy(text + *at, words + i, w);
        *at += w;
        col += w;
        i += w;
        while (i < n && words[i] == ' ')
            i++;
    }
    text[(*at)++] = '\n';
}

/* Reads the section of `path` into text (MAX_TEXT + 1 bytes), without its
 * heading and its bold marks, each paragraph (a bullet, or lines up to
 * a blank one) wrapped anew; 0, or -1 with a message. */
static int read_section(const char *path, char *text)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "rules_gen: cannot read %s\n", path);
        return -1;
    }
    static char para[MAX_TEXT];
    char line[1024];
    size_t n = 0, np = 0;
    int inside = 0, found = 0, too_long = 0, eof = 0;
    while (!eof) {
        eof = !fgets(line, sizeof line, f);
        if (!eof && strncmp(line, "## ", 3) == 0) {
            inside = strcmp(line, SECTION "\n") == 0;
            found |= inside;
            continue;
        }
        if (!eof && !inside)
            continue;
        int blank = eof || line[0] == '\n', bullet = !eof && strncmp(line, "- ", 2) == 0;
        if ((blank || bullet) && np > 0) {
            /* The paragraph before is whole; it grows by its line ends and
             * indents when wrapped, at most a third. */
            if (n + np + np / 2 + 2 > MAX_TEXT)
                too_long = 1;
            else
                put_paragraph(text, &n, para, np);
            np = 0;
        }
        if (blank)
            continue;
        const char *p = line + strspn(line, " ");
        if (np > 0 && np < sizeof para)
            para[np++] = ' ';
        for (; *p && *p != '\n'; p++) {
            if (p[0] == '*' && p[1] == '*') {
                p++;
                continue;
            }
            if (np == sizeof para)
                too_long = 1;
            else
                para[np++] = *p;
        }
    }
    fclose(f);
    text[n] = '\0';
    if (!found || n == 0) {
        fprintf(stderr, "rules_gen: %s has no '%s' section\n", path, SECTION);
        return -1;
    }
    if (too_long) {
        fprintf(stderr, "rules_gen: %s: its '%s' section is over %d characters\n", path,
                SECTION, MAX_TEXT);
        return -1;
    }
    return 0;
}

/* Writes s as a C string literal, a line of the text a line of the source. */
static void put_literal(FILE *out, const char *s)
{
    fputs("\n        \"", out);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fputc('\\', out);
        if (*s == '\n')
            fputs(s[1] ? "\\n\"\n        \"" : "\\n", out);
        else
            fputc(*s, out);
    }
    fputc('"', out);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: rules_gen OUTPUT.c GAME=DOC.md...\n");
        return 2;
    }
    FILE *out = fopen(argv[1], "w");
    if (!out) {
        fprintf(stderr, "rules_gen: cannot write %s\n", argv[1]);
        return 1;
    }
    fprintf(out, "/* Written by rules_gen.c from the '%s' sections of the games' documents:\n"
                 " * edit those. */\n"
                 "#include \"play.h\"\n\n"
                 "const struct play_rules play_rules[] = {\n",
            SECTION);
    static char text[MAX_TEXT + 1];
    for (int i = 2; i < argc; i++) {
        const char *eq = strchr(argv[i], '=');
        if (!eq || eq == argv[i]) {
            fprintf(stderr, "rules_gen: '%s' is not GAME=DOC.md\n", argv[i]);
            fclose(out);
            return 2;
        }
        const char *path = eq + 1, *slash = strrchr(path, '/');
        if (read_section(path, text)) {
            fclose(out);
            remove(argv[1]);
            return 1;
        }
        fprintf(out, "    {\"%.*s\", \"%s\",", (int)(eq - argv[i]), argv[i], slash ? slash + 1 : path);
        put_literal(out, text);
        fputs("},\n", out);
    }
    fprintf(out, "    {NULL, NULL, NULL},\n};\n");
    if (fclose(out) != 0) {
        fprintf(stderr, "rules_gen: cannot write %s\n", argv[1]);
        remove(argv[1]);
        return 1;
    }
    return 0;
}
