/* SPDX-License-Identifier: MIT */
/* api_decls.h: the C functions every Lua state reaches through the FFI,
 * declared by bench.lua when the state is created: sysbench's own (events,
 * random numbers, histograms: 1.0.20 declares them in every state, so
 * scripts call them through ffi.C without declaring them) and the default
 * event loop's. What only the built-in tests and option declarations use is
 * in api_builtin_decls.h, which worker states declare on first use: each
 * declaration costs every one of a thousand workers memory
 * (docs/perf-history.md, threads_startup). Plain declarations only (no
 * preprocessor lines): this same text is compiled by C (through api.h) and
 * passed to ffi.cdef, so a prototype can never drift from its definition.
 * Names are sysbench's where scripts call them (sb_*), bench_* otherwise. */

/* Events: pool.c. */
bool sb_more_events(int thread_id);
void sb_event_start(int thread_id);
void sb_event_stop(int thread_id);
bool bench_event_next(int thread_id);
/* The same for the default loop, which looks its worker up once: ends the
 * running event (if any) and starts the next one; false at a limit.
 * Parameters here name typedefs, never `struct x *`: LuaJIT's C parser
 * nests a struct keyword in a parameter list one declarator deeper, 2.5 KB
 * more of every worker thread's stack (docs/perf-history.md, threads_startup).
 */
typedef struct bench_worker bench_worker_t;
bench_worker_t *bench_worker(int thread_id);
bool bench_worker_next(bench_worker_t *w);
bool bench_run_stopping(void);

/* Counters: pool.c. Same numbering as sysbench's sb_counter_type. */
typedef enum {
    SB_CNT_OTHER,
    SB_CNT_READ,
    SB_CNT_WRITE,
    SB_CNT_TRX,
    SB_CNT_ERROR,
    SB_CNT_RECONNECT,
    SB_CNT_BYTES_READ,
    SB_CNT_BYTES_WRITTEN,
    SB_CNT_MAX
} sb_counter_type;
uint64_t sb_counter_val(int thread_id, sb_counter_type type);
void sb_counter_add(int thread_id, sb_counter_type type, uint64_t value);
void sb_counter_inc(int thread_id, sb_counter_type type);

/* Random numbers: rand.c. */
uint64_t sb_rand_uniform_uint64(void);
uint32_t sb_rand_default(uint32_t a, uint32_t b);
uint32_t sb_rand_uniform(uint32_t a, uint32_t b);
uint32_t sb_rand_gaussian(uint32_t a, uint32_t b);
uint32_t sb_rand_special(uint32_t a, uint32_t b);
uint32_t sb_rand_pareto(uint32_t a, uint32_t b);
uint32_t sb_rand_zipfian(uint32_t a, uint32_t b);
uint32_t sb_rand_unique(void);
void sb_rand_str(const char *fmt, char *buf);
uint32_t sb_rand_varstr(char *buf, uint32_t min_len, uint32_t max_len);
double sb_rand_uniform_double(void);
/* Key names (rand_str.c): FNV-1a 64 of the 8 bytes of v, low byte first,
 * made positive as a signed value (YCSB's key hash); and prefix followed
 * by n in decimal, zero-padded to pad digits, into buf (at most cap
 * bytes, no NUL): its length. */
uint64_t bench_fnv1a64(uint64_t v);
uint32_t bench_key_text(char *buf, uint32_t cap, const char *prefix, uint64_t n,
                        uint32_t pad);

/* sysbench.histogram objects: hist.c. */
typedef struct loghist sb_histogram_t;
sb_histogram_t *sb_histogram_new(size_t size, double range_min,
                                 double range_max);
void sb_histogram_delete(sb_histogram_t *h);
void sb_histogram_update(sb_histogram_t *h, double value);
void sb_histogram_print(sb_histogram_t *h);
