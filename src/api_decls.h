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
/* The same for the default loop, which looks its worker up once: ends the
 * running event (if any) and starts the next one; false at a limit. */
struct bench_worker;
struct bench_worker *bench_worker(int thread_id);
bool bench_worker_next(struct bench_worker *w);
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

/* Options declared by scripts: script.c. */
/* flags: options.h OPT_SHOW_N and OPT_HIDDEN_R only (bench.builtin). */
int bench_option_declare(const char *name, const char *desc,
                         const char *def, int type, unsigned flags);
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

/* -- memory, threads and mutex tests: src/kernels/, src/pool.c -------- */

/* Event limits a built-in test sets from init() (main thread, before the
 * run starts): each worker runs at most `per_thread` events (negative: no
 * such limit), checked after --time and --events and silently, as
 * sysbench's tests end their own event streams; keep_global false makes
 * the run ignore --events (the memory test). pool.c. */
void bench_event_limits(int64_t per_thread, bool keep_global);

/* memory: kernels/memory.c. bench_memory_new allocates `nbuffers` zeroed,
 * page-aligned blocks (SysV HugeTLB pages if asked), prints sysbench's
 * FATAL lines and returns NULL on failure; it also becomes the current
 * set, which bench_memory_buffer(i) reads in the workers. The main state
 * owns it (bench_memory_free after the workers were joined). */
enum bench_memory_oper {
    BENCH_MEMORY_NONE,
    BENCH_MEMORY_READ,
    BENCH_MEMORY_WRITE
};
enum bench_memory_access {
    BENCH_MEMORY_SEQ,
    BENCH_MEMORY_RND_UNIFORM, /* 1.0: uniform word offsets */
    BENCH_MEMORY_RND_DEFAULT  /* 1.1: offsets from --rand-type */
};
struct bench_memory;
struct bench_memory *bench_memory_new(size_t block_size, unsigned nbuffers,
                                      bool hugetlb);
void bench_memory_free(struct bench_memory *m);
size_t *bench_memory_buffer(unsigned i);
void bench_memory_event(size_t *buf, size_t words, int oper, int access);

/* threads: kernels/threads.c. `nlocks` mutexes and the shared chooser;
 * same ownership as bench_memory_new (NULL when nlocks is 0 or on ENOMEM).
 */
struct bench_threads;
struct bench_threads *bench_threads_new(unsigned nlocks);
void bench_threads_free(struct bench_threads *t);
struct bench_threads *bench_threads_current(void);
void bench_threads_event(struct bench_threads *t, unsigned yields);

/* mutex: kernels/mutex.c. `nmutexes` padded mutexes; same ownership. */
struct bench_mutex;
struct bench_mutex *bench_mutex_new(unsigned nmutexes);
void bench_mutex_free(struct bench_mutex *m);
struct bench_mutex *bench_mutex_current(void);
void bench_mutex_event(struct bench_mutex *m, unsigned locks, unsigned loops);

/* -- fileio test: src/kernels/fileio*.c ------------------------------- */

/* The settings fileio.lua validated (sysbench's texts are printed there).
 * bench_fileio_new copies them. */
enum bench_fileio_mode {
    BENCH_FIO_SEQWR,
    BENCH_FIO_SEQREWR,
    BENCH_FIO_SEQRD,
    BENCH_FIO_RNDRD,
    BENCH_FIO_RNDWR,
    BENCH_FIO_RNDRW
};
enum bench_fileio_io { BENCH_FIO_SYNC, BENCH_FIO_ASYNC, BENCH_FIO_MMAP };
enum bench_fileio_flag {
    BENCH_FIO_O_SYNC   = 1,
    BENCH_FIO_O_DSYNC  = 2,
    BENCH_FIO_O_DIRECT = 4
};
enum bench_fileio_op { BENCH_FIO_READ, BENCH_FIO_WRITE, BENCH_FIO_FSYNC };
struct bench_fileio_config {
    unsigned num_files;
    int64_t total_size;    /* --file-total-size, bytes */
    int64_t block_size;    /* --file-block-size, bytes, > 0 */
    int64_t request_size;  /* sequential requests: block x merged, or block */
    int test_mode;         /* enum bench_fileio_mode (prepare: ignored) */
    int io_mode;           /* enum bench_fileio_io */
    int extra_flags;       /* enum bench_fileio_flag bits */
    int fsync_freq;        /* periodic fsync round every N requests; 0: off */
    bool fsync_all;        /* fsync after every write */
    bool fsync_end;        /* each thread fsyncs every file when done */
    bool fdatasync;        /* fdatasync() instead of fsync() */
    bool validate;         /* checksummed blocks, verified on reads */
    bool per_thread_ratio; /* rndrw balances each thread's counts (1.1) */
    bool debug;            /* --debug: a DEBUG line per request */
    double rw_ratio;       /* rndrw: reads per write */
    int async_backlog;     /* async: requests in flight per thread */
    unsigned threads;
};
/* One request: what a worker does in one event. */
struct bench_fileio_req {
    int op; /* enum bench_fileio_op */
    unsigned file;
    int64_t pos, size;
};
struct bench_fileio;
bool bench_fileio_has_aio(void);
/* Binary size text as sysbench prints it ("16Ki", "4.001Ki"; add "B"). */
void bench_fileio_format_size(double bytes, char *buf, size_t len);
/* Main state: bench_fileio_new (NULL on ENOMEM, message printed) makes the
 * test current for bench_fileio_current() in the other states; free it
 * after the workers were joined. The others return 0, or -1 after
 * printing sysbench's FATAL text (only the first failure of a run prints).
 */
struct bench_fileio *bench_fileio_new(const struct bench_fileio_config *cfg);
void bench_fileio_free(struct bench_fileio *f);
struct bench_fileio *bench_fileio_current(void);
int bench_fileio_create_files(struct bench_fileio *f); /* prepare */
int bench_fileio_remove_files(struct bench_fileio *f); /* cleanup */
int bench_fileio_open(struct bench_fileio *f);         /* before a run */
/* Workers: the next request (shared generator, one lock), its execution
 * (worker `tid` only) and the end-of-run fsyncs and async drain. */
void bench_fileio_next(struct bench_fileio *f, int tid,
                       struct bench_fileio_req *req);
int bench_fileio_execute(struct bench_fileio *f, int tid,
                         const struct bench_fileio_req *req);
int bench_fileio_thread_done(struct bench_fileio *f, int tid);
/* The per-operation latency block since the previous call (reports). */
void bench_fileio_report_latency(struct bench_fileio *f, int percentile);
