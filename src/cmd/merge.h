/* SPDX-License-Identifier: MIT */
/* merge: `bench merge RESULT.json...`: result documents of runs that
 * overlapped in time (one workload on several hosts or processes) become
 * one document of the same schema, with the latency records added
 * exactly, and the sysbench report of the combined run. docs/distributed.md.
 * Only main.c calls it. */
#ifndef BENCH_MERGE_H
#define BENCH_MERGE_H

/* argv[0] is "merge". Returns the exit status: 0, or 1 after one error
 * line on stderr naming the file at fault. */
int merge_main(int argc, char **argv);

#endif
