/* SPDX-License-Identifier: MIT */
/* api_decls.h: the C functions Lua reaches through the FFI. Plain
 * declarations only (no preprocessor lines): this same text is compiled by
 * C (through api.h) and passed to ffi.cdef (through bench/ffi.lua), so a
 * prototype can never drift from its definition. Names are sysbench's where
 * scripts call them (sb_*), bench_* otherwise. */

/* Events: pool.c. */
bool sb_more_events(int thread_id);
void sb_event_start(int thread_id);
void sb_event_stop(int thread_id);
bool bench_event_next(int thread_id);

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

/* Options declared by scripts: script.c. */
int bench_option_declare(const char *name, const char *desc,
                         const char *def, int type, bool ordered);
void bench_print_test_options(void);

/* sysbench.histogram objects: hist.c. */
typedef struct loghist sb_histogram_t;
sb_histogram_t *sb_histogram_new(size_t size, double range_min,
                                 double range_max);
void sb_histogram_delete(sb_histogram_t *h);
void sb_histogram_update(sb_histogram_t *h, double value);
void sb_histogram_print(sb_histogram_t *h);

/* Logging for the built-in tests' mode lines and reports: log.c. */
void bench_log(int level, const char *msg);

/* Hot loops of the built-in tests: src/kernels/. */
unsigned bench_cpu_event(unsigned max_prime);
