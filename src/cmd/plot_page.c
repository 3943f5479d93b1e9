/* SPDX-License-Identifier: MIT */
/* plot_page: the parts of a gnuplot script every chart of `bench plot`
 * shares: strings quoted so that gnuplot never runs them, titles and the
 * status of partial runs, the terminal, where the plot areas and legends
 * sit. See plot_internal.h. */
#include <math.h>
#include <string.h>

#include "plot_internal.h"

/* A legend entry beyond its title: the sample (samplen 2), the gaps and
 * the box, in characters; and a character's width as gnuplot reckons it
 * for the box (more than most of cairo's glyphs take: with the titles
 * left-justified after the sample, `Left reverse`, the text stays inside
 * the box, where right-justified titles ran out of its left side). */
#define KEY_EXTRA_CHARS 7
#define CHAR_PX(p)      ((p)->svg ? 7.7 : 8.0)
/* Room left of the plot area for the y tics and label, and right of the
 * legend, in pixels. */
#define LEFT_PX 82
#define EDGE_PX 10

/* Text gnuplot never runs (strings come from whoever sent the file): no
 * `command`, @macro or escape is expanded in single quotes; a quote is
 * doubled, a control character (a newline ends a command) is a space. */
void plot_gp_str(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; s && *s; s++) {
        if (*s == '\'') fputc('\'', f);
        fputc((unsigned char) *s < 0x20 || *s == 0x7f ? ' ' : *s, f);
    }
    fputc('\'', f);
}

/* Characters (not bytes) of UTF-8 text: its width in the legend. */
static int chars_of(const char *s)
{
    int n = 0;

    for (; *s; s++)
        n += ((unsigned char) *s & 0xc0) != 0x80;
    return n;
}

/* The byte length of s's first max characters, whole characters only: a
 * cut in a UTF-8 sequence would make the SVG unreadable. */
static size_t bytes_of_chars(const char *s, int max)
{
    size_t k = 0;

    for (int n = 0; s[k]; k++) {
        if (((unsigned char) s[k] & 0xc0) != 0x80 && n++ == max) break;
    }
    return k;
}

void plot_series_title(FILE *f, const struct plot *p, int i, const char *what)
{
    char t[160];
    int room = p->frame.title_max - chars_of(what) - 2;

    if (p->ndocs == 1)
        snprintf(t, sizeof(t), "%s", what);
    else if (chars_of(p->docs[i].label) <= room)
        snprintf(t, sizeof(t), "%s: %s", p->docs[i].label, what);
    else /* a long file name cut, the series' name kept */
        snprintf(
            t, sizeof(t), "%.*s...: %s",
            (int) bytes_of_chars(p->docs[i].label, room > 3 ? room - 3 : 0),
            p->docs[i].label, what);
    fputs(" title ", f);
    plot_gp_str(f, t);
}

void plot_whole_chars(char *t)
{
    size_t n = strlen(t), i = n;
    unsigned char c;

    while (i > 0 && n - i < 4 && ((unsigned char) t[i - 1] & 0xc0) == 0x80)
        i--;
    if (i == 0) return;
    c = (unsigned char) t[i - 1]; /* the last character's first byte */
    if (c >= 0xc0 && n - i + 1 < (c >= 0xf0 ? 4u : c >= 0xe0 ? 3u : 2u))
        t[i - 1] = '\0';
}

void plot_fit(char *t, int max)
{
    if (chars_of(t) <= max) return;
    strcpy(t + bytes_of_chars(t, max > 3 ? max - 3 : 0), "...");
}

/* Characters a line of text across the page may have: gnuplot's
 * reckoning of a character's width, which few of cairo's glyphs reach. */
static int page_chars(const struct plot *p)
{
    return (int) (p->width / CHAR_PX(p));
}

void plot_page_title(FILE *f, const struct plot *p, const char *kind)
{
    char t[4096];
    size_t n = (size_t) snprintf(t, sizeof(t), "%s: ", kind);

    for (int i = 0; i < p->ndocs && n < sizeof(t); i++) {
        bool seen = false;
        for (int j = 0; j < i; j++)
            seen |= strcmp(p->docs[i].desc, p->docs[j].desc) == 0;
        if (!seen)
            n += (size_t) snprintf(t + n, sizeof(t) - n, "%s%s",
                                   i ? " vs " : "", p->docs[i].desc);
    }
    plot_whole_chars(t);
    plot_fit(t, page_chars(p));
    plot_gp_str(f, t);
}

/* Whether a document drawn is of a partial run. */
static bool any_partial(const struct plot *p)
{
    for (int i = 0; i < p->ndocs; i++)
        if (p->docs[i].partial) return true;
    return false;
}

double plot_top_px(const struct plot *p)
{
    return any_partial(p) ? 54 : 40;
}

void plot_status(FILE *f, const struct plot *p)
{
    char t[4096];
    size_t n = 0;

    if (!any_partial(p)) return;
    t[0] = '\0';
    for (int i = 0; i < p->ndocs && n < sizeof(t); i++)
        if (p->docs[i].partial)
            n += (size_t) snprintf(t + n, sizeof(t) - n, "%s%s%s%s",
                                   n ? "; " : "",
                                   p->ndocs > 1 ? p->docs[i].label : "",
                                   p->ndocs > 1 ? ": " : "", p->docs[i].status);
    plot_whole_chars(t);
    plot_fit(t, page_chars(p));
    fputs("set label ", f);
    plot_gp_str(f, t);
    fprintf(f,
            " at screen 0.5, screen %.4f center tc rgb " STOP_COLOUR " front\n",
            1 - 34.0 / p->height);
}

/* The frame: legend titles as long as the longest (label and series
 * name), up to 40% of the width; the plot area between LEFT_PX and the
 * right axis's y2_px. */
static void frame_of(struct plot *p, int what_chars, int y2_px)
{
    double w = p->width, cpx = CHAR_PX(p), key_px;
    int chars = what_chars, most = (int) (0.4 * w / cpx) - KEY_EXTRA_CHARS;

    for (int i = 0; p->ndocs > 1 && i < p->ndocs; i++)
        if (chars_of(p->docs[i].label) + 2 + what_chars > chars)
            chars = chars_of(p->docs[i].label) + 2 + what_chars;
    if (chars > most) chars = most > what_chars + 6 ? most : what_chars + 6;
    key_px             = (chars + KEY_EXTRA_CHARS) * cpx;
    p->frame.title_max = chars;
    p->frame.left      = LEFT_PX / w;
    p->frame.key_x     = (w - EDGE_PX - key_px) / w;
    p->frame.right     = fmax(p->frame.key_x - y2_px / w, p->frame.left + 0.2);
}

void plot_terminal(FILE *f, struct plot *p, unsigned w, unsigned h,
                   int what_chars, int y2_px)
{
    if (!p->width) p->width = w, p->height = h;
    if (p->svg)
        fprintf(f,
                "set terminal svg size %u,%u dynamic noenhanced "
                "font \"sans,11\" background \"white\"\n",
                p->width, p->height);
    else
        fprintf(f,
                "set terminal pngcairo size %u,%u noenhanced "
                "font \"sans,10\" background \"white\"\n",
                p->width, p->height);
    fputs("set output ", f);
    plot_gp_str(f, p->out);
    fputs("\nset datafile missing \"NaN\"\nset grid\n"
          "set style textbox opaque noborder\n",
          f);
    frame_of(p, what_chars, y2_px);
}

void plot_frame(FILE *f, const struct plot *p, double top_px, double bottom_px)
{
    double h = p->height;

    fprintf(f,
            "set lmargin at screen %.4f\nset rmargin at screen %.4f\n"
            "set tmargin at screen %.4f\nset bmargin at screen %.4f\n",
            p->frame.left, p->frame.right, 1 - top_px / h, 1 - bottom_px / h);
    fprintf(f,
            "set key at screen %.4f, graph 1 left top Left reverse box "
            "samplen 2 spacing 1.2 width 1\n",
            p->frame.key_x);
}
