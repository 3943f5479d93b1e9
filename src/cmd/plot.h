/* SPDX-License-Identifier: MIT */
/* plot: `bench plot RESULT.json... -o FILE.png|FILE.svg`: charts of result
 * documents (docs/results.md) drawn by gnuplot, found at run time (PATH,
 * or $BENCH_GNUPLOT). Three panels over time by default (throughput and
 * errors, latency percentiles per interval, threads and client CPU), each
 * on axes of its own over one time axis; --kind=spectrum (percentile
 * spectrum on HdrHistogram's 1/(1-p) axis) and --kind=histogram (the
 * latency distribution). Several documents are overlaid, one colour each,
 * with a legend; a partial run (run.status interrupted or failed) says so.
 * Only main.c calls it. */
#ifndef BENCH_PLOT_H
#define BENCH_PLOT_H

#include <stdio.h>

/* argv[0] is "plot". Returns the exit status: 0, or 1 after error lines on
 * stderr ("plot: ..."). */
int plot_main(int argc, char **argv);

/* With f: the gnuplot script `bench plot argv...` would run (data inline)
 * written to f, without running gnuplot (-o names the image it would draw;
 * --script and --script-only are ignored): for tests/fuzz/fuzz_plot.c.
 * With f NULL: the command, plot_main. Returns as plot_main. */
int plot_script(int argc, char **argv, FILE *f);

#endif
