/* SPDX-License-Identifier: MIT */
/* api_builtin_decls.h: the C functions of the FFI surface that only bench's
 * own modules call: option declarations (bench.cmdline), leveled logging
 * and the hot loops of the built-in tests (bench.builtin). The main state
 * declares them with api_decls.h; a worker state when one of those modules
 * first needs them (require("bench.decls"), script.c), since most workers
 * of a run never do. Same rules as api_decls.h. */

/* Virtual users (bench.vu): pool.c and vu.c. A user's event slot is
 * bench_worker(user); these run on the user's worker thread only.
 * bench_vu_step ends the user's running event and starts its next one:
 * 0 when no more may start (limits, stop), 1 when it started, otherwise
 * the monotonic ns of its --rate arrival, when the caller, having waited,
 * starts it with bench_vu_begin (latency counts from the arrival).
 * bench_vu_finish ends the running event only (think time follows);
 * bench_vu_exhausted: --events has none left for this user (it need not
 * think before learning it), or with NULL for any user;
 * bench_vu_linger keeps a paced worker until --time ends.
 * bench_vu_next is bench_worker_next for a user: it also counts the ended
 * event in the user's own event count and time (per-user fairness). */
uint64_t bench_vu_step(bench_worker_t *w);
bool bench_vu_next(bench_worker_t *w);
void bench_vu_begin(bench_worker_t *w);
void bench_vu_finish(bench_worker_t *w);
bool bench_vu_exhausted(bench_worker_t *w);
void bench_vu_linger(void);
/* --reconnect-every: user `user` made a new connection in `ns` (counted
 * as a reconnect of its thread). */
void bench_vu_connected(int user, uint64_t ns);

/* A worker's scheduler of `nusers` users (local numbers 0..nusers-1):
 * vu.c. NULL when out of memory or descriptors (errno). A user waits for
 * one thing at a time: bench_vu_sleep until a monotonic instant, or
 * bench_vu_wait_fd for its socket, named by `sock_id` (bench_db_wait; 0:
 * may be new though its number is not: registered again); -1 with errno
 * on failure. Both at once are a socket wait with a deadline: whichever
 * comes first makes the user ready and cancels the other.
 * bench_vu_poll waits at most max_wait_ns for a user to become ready
 * and stores up to `max` ready users in ready[]; it returns how many
 * (0 after max_wait_ns), -1 with errno. bench_vu_wake_sleepers makes
 * every sleeping user ready (the run stops). */
typedef struct vu_sched bench_vu_t;
enum { BENCH_VU_READ = 1, BENCH_VU_WRITE = 2 };
bench_vu_t *bench_vu_new(unsigned nusers);
void bench_vu_free(bench_vu_t *v);
int bench_vu_sleep(bench_vu_t *v, unsigned user, uint64_t when_ns);
int bench_vu_wait_fd(bench_vu_t *v, unsigned user, int fd, int events,
                     uint64_t sock_id);
/* bench_vu_wait_fd for the socket and events a pending call on `con`
 * waits for, with bench_vu_sleep for its deadline if it has one
 * (bench_db_wait): one call per wait from Lua. */
struct sql_connection;
int bench_vu_wait_conn(bench_vu_t *v, unsigned user,
                       struct sql_connection *con);
int bench_vu_poll(bench_vu_t *v, int *ready, int max, uint64_t max_wait_ns);
int bench_vu_wake_sleepers(bench_vu_t *v, int *ready, int max);
/* The monotonic clock in ns, as a double (exact to 2^53 ns, 104 days):
 * Lua gets a number, not a boxed 64-bit integer, per resume. */
double bench_vu_now(void);

/* Options declared by scripts: script.c. */
/* flags: options.h OPT_SHOW_N and OPT_HIDDEN_R only (bench.builtin). */
int bench_option_declare(const char *name, const char *desc, const char *def,
                         int type, unsigned flags);
void bench_print_test_options(void);

/* Logging for the built-in tests' mode lines and reports: log.c. */
void bench_log(int level, const char *msg);

/* Native workers: native.c. From init() (main thread), a built-in test
 * names the kernel (kernels/registry.c) whose C worker replaces its Lua
 * thread_init/event/thread_done in every worker (native.h). False when no
 * kernel has that name. */
bool bench_native_worker(const char *name);

/* Hot loops of the built-in tests: src/kernels/. cpu: bench_cpu_setup
 * gives the native worker's events their limit (main thread, init()). */
unsigned bench_cpu_event(unsigned max_prime);
void bench_cpu_setup(unsigned max_prime);

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
/* oper and access: what the native worker's events do. */
struct bench_memory *bench_memory_new(size_t block_size, unsigned nbuffers,
                                      bool hugetlb, int oper, int access);
void bench_memory_free(struct bench_memory *m);
size_t *bench_memory_buffer(unsigned i);
void bench_memory_event(size_t *buf, size_t words, int oper, int access);

/* threads: kernels/threads.c. `nlocks` mutexes and the shared chooser;
 * same ownership as bench_memory_new (NULL when nlocks is 0 or on ENOMEM).
 * `yields`: the native worker's events. */
struct bench_threads;
struct bench_threads *bench_threads_new(unsigned nlocks, unsigned yields);
void bench_threads_free(struct bench_threads *t);
struct bench_threads *bench_threads_current(void);
void bench_threads_event(struct bench_threads *t, unsigned yields);

/* mutex: kernels/mutex.c. `nmutexes` padded mutexes; same ownership.
 * `locks` and `loops`: the native worker's events. */
struct bench_mutex;
struct bench_mutex *bench_mutex_new(unsigned nmutexes, unsigned locks,
                                    unsigned loops);
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
