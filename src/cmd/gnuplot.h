/* SPDX-License-Identifier: MIT */
/* gnuplot: finding and running the gnuplot that draws `bench plot`'s
 * charts. gnuplot's own messages are not passed through: what it prints
 * can quote the script, whose strings come from the result files, so a
 * failure is one line of bench's, with gnuplot's first error line cleaned
 * of anything but printable text.
 * Conventions: NULL or -1 after printing one "plot: ..." line on stderr. */
#ifndef BENCH_GNUPLOT_H
#define BENCH_GNUPLOT_H

#include <stddef.h>

/* $BENCH_GNUPLOT, else "gnuplot" on PATH (the path is built in buf). */
const char *gnuplot_find(char *buf, size_t len);

/* Runs `gp` on the script file and checks that it wrote `out` (removed
 * when gnuplot failed). 0 ok, -1 after the error line. */
int gnuplot_run(const char *gp, const char *script, const char *out);

/* The first line of gnuplot's messages in `text` that says what went
 * wrong ("line N: ..."), else its first non-empty line, into buf: at most
 * len - 1 bytes, every byte that is not printable ASCII as '?'. */
void gnuplot_error_line(const char *text, char *buf, size_t len);

#endif
