/* SPDX-License-Identifier: MIT */
/* compare: `bench compare BASE.json NEW.json`, the regression gate: the
 * key figures of two result documents side by side, the change in percent
 * and whether it is beyond the run-to-run noise of their interval
 * records (mann_whitney.h), as text, markdown or JSON; --fail-on thresholds
 * make it exit 1. docs/ci.md. Only main.c calls it. */
#ifndef BENCH_COMPARE_H
#define BENCH_COMPARE_H

/* argv[0] is "compare". Returns the exit status: 0, or 1 on a crossed
 * threshold or an error (one line on stderr each). */
int compare_main(int argc, char **argv);

#endif
