/* SPDX-License-Identifier: MIT */
/* Unit tests for kernels/fileio*.c: sysbench's request generation
 * (BT-FIO-3), the size text of the mode lines (BT-FIO-4), checksummed
 * blocks and their verification, and a small prepare/run/cleanup cycle in
 * a scratch directory. */
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kernels/fileio.h"
#include "log.h"
#include "measure/stats.h"
#include "tap.h"

static struct bench_fileio_config base_cfg(int mode)
{
    return (struct bench_fileio_config){.num_files    = 2,
                                        .total_size   = 100,
                                        .block_size   = 16,
                                        .request_size = 16,
                                        .test_mode    = mode,
                                        .io_mode      = BENCH_FIO_SYNC,
                                        .rw_ratio     = 1.5,
                                        .threads      = 1};
}

static int req_is(const struct bench_fileio_req *r, int op, unsigned file,
                  int64_t pos, int64_t size)
{
    return r->op == op && r->file == file && r->pos == pos && r->size == size;
}

static void test_bad_settings(void)
{
    struct bench_fileio_config cfg = base_cfg(BENCH_FIO_SEQRD);

    log_set_verbosity(-1);
    cfg.request_size = 8;
    ok(bench_fileio_new(&cfg) == NULL, "requests smaller than a block");
    cfg         = base_cfg(BENCH_FIO_SEQRD);
    cfg.threads = 0;
    ok(bench_fileio_new(&cfg) == NULL, "no thread");
    log_set_verbosity(3);
}

static void test_format_size(void)
{
    char b[32];

    bench_fileio_format_size(16384, b, sizeof(b));
    is_str(b, "16Ki", "16384 bytes");
    bench_fileio_format_size(4097, b, sizeof(b));
    is_str(b, "4.001Ki", "4097 bytes: %.5g");
    bench_fileio_format_size(64.0 * 1024 * 1024, b, sizeof(b));
    is_str(b, "64Mi", "64 MiB");
    bench_fileio_format_size(1000, b, sizeof(b));
    is_str(b, "1000", "below 1024: no unit");
}

static void test_sequential(void)
{
    struct bench_fileio_config cfg = base_cfg(BENCH_FIO_SEQRD);
    struct bench_fileio_req r;
    struct bench_fileio *f;

    cfg.request_size = 32; /* --file-merged-requests=2 */
    f                = bench_fileio_new(&cfg);
    bench_fileio_next(f, 0, &r);
    ok(req_is(&r, BENCH_FIO_READ, 0, 0, 32), "merged request from 0");
    bench_fileio_next(f, 0, &r);
    ok(req_is(&r, BENCH_FIO_READ, 0, 32, 18), "truncated at end of file");
    bench_fileio_next(f, 0, &r);
    ok(req_is(&r, BENCH_FIO_READ, 1, 0, 32), "next file");
    bench_fileio_next(f, 0, &r);
    bench_fileio_next(f, 0, &r);
    ok(req_is(&r, BENCH_FIO_READ, 0, 0, 32), "wraps to file 0");
    bench_fileio_free(f);
}

static void test_fsync_rounds(void)
{
    struct bench_fileio_config cfg = base_cfg(BENCH_FIO_SEQWR);
    struct bench_fileio_req r;
    struct bench_fileio *f;
    int ops[9];

    cfg.fsync_freq = 3;
    f              = bench_fileio_new(&cfg);
    for (int i = 0; i < 9; i++) {
        bench_fileio_next(f, 0, &r);
        ops[i] = r.op;
    }
    ok(ops[0] == BENCH_FIO_WRITE && ops[2] == BENCH_FIO_WRITE,
       "writes before the first round");
    ok(ops[3] == BENCH_FIO_FSYNC && ops[4] == BENCH_FIO_FSYNC,
       "a round syncs every file, one request each");
    ok(ops[5] == BENCH_FIO_WRITE && ops[7] == BENCH_FIO_WRITE,
       "writes resume after the round");
    ok(ops[8] == BENCH_FIO_FSYNC, "next round after 3 more requests");
    bench_fileio_free(f);

    cfg.test_mode = BENCH_FIO_RNDRD;
    f             = bench_fileio_new(&cfg);
    bool any      = false;
    for (int i = 0; i < 20; i++) {
        bench_fileio_next(f, 0, &r);
        any |= r.op == BENCH_FIO_FSYNC;
    }
    ok(!any, "reads never start a round");
    bench_fileio_free(f);
}

static void test_random(void)
{
    struct bench_fileio_config cfg = base_cfg(BENCH_FIO_RNDWR);
    struct bench_fileio_req r;
    struct bench_fileio *f;
    bool aligned = true, in_range = true, short_tail = false;

    cfg.total_size = 4 * 1000; /* files of 1000 bytes, 16-byte blocks */
    cfg.num_files  = 4;
    f              = bench_fileio_new(&cfg);
    for (int i = 0; i < 20000; i++) {
        bench_fileio_next(f, 0, &r);
        if (r.op == BENCH_FIO_FSYNC) continue;
        aligned &= (r.file * 1000 + (uint64_t) r.pos) % 16 == 0;
        in_range &= r.file < 4 && r.pos + r.size <= 1000 && r.size > 0;
        short_tail |= r.pos == 992 && r.size == 8;
    }
    ok(aligned, "offsets are block-aligned in the total range");
    ok(in_range, "requests stay inside their file");
    ok(short_tail, "a block crossing the end of a file is cut there");
    bench_fileio_free(f);
}

static void test_rw_ratio(void)
{
    struct bench_fileio_config cfg = base_cfg(BENCH_FIO_RNDRW);
    struct bench_fileio_req r;
    struct bench_fileio *f;

    cfg.per_thread_ratio = true;
    stats_init(1);
    f = bench_fileio_new(&cfg);
    bench_fileio_next(f, 0, &r);
    is_int(r.op, BENCH_FIO_READ, "(0+1)/(0+1) < 1.5: read");
    stats_add(0, STAT_READS, 2);
    bench_fileio_next(f, 0, &r);
    is_int(r.op, BENCH_FIO_WRITE, "(2+1)/(0+1) >= 1.5: write");
    stats_add(0, STAT_WRITES, 1);
    bench_fileio_next(f, 0, &r);
    is_int(r.op, BENCH_FIO_WRITE, "(2+1)/(1+1) = 1.5 is not below: write");
    stats_add(0, STAT_WRITES, 1);
    bench_fileio_next(f, 0, &r);
    is_int(r.op, BENCH_FIO_READ, "(2+1)/(2+1) < 1.5: read");
    bench_fileio_free(f);
    stats_fini();
}

static void test_blocks(void)
{
    unsigned char buf[3 * 64];
    struct bench_fileio_config cfg = base_cfg(BENCH_FIO_RNDRD);
    struct bench_fileio *f;

    is_int(fileio_crc32((const unsigned char *) "123456789", 9), 0xCBF43926,
           "CRC-32 check value");
    cfg.block_size = cfg.request_size = 64;
    f                                 = bench_fileio_new(&cfg);
    if (!ok(f != NULL, "a test with 64-byte blocks")) return;
    fileio_fill(buf, sizeof(buf), 640, 64);
    is_int(fileio_check(f, buf, sizeof(buf), 0, 640), 0,
           "filled blocks verify");
    is_int(fileio_check(f, buf + 64, 64, 0, 704), 0, "each block on its own");
    log_set_verbosity(-1); /* the mismatch lines are expected */
    is_int(fileio_check(f, buf, sizeof(buf), 0, 0), -1, "wrong offset found");
    buf[70] ^= 1;
    is_int(fileio_check(f, buf, sizeof(buf), 0, 640), -1, "bad byte found");
    log_set_verbosity(3);
    bench_fileio_free(f);
}

/* prepare, a validated read of every block, a corrupted block, cleanup. */
static void test_files(void)
{
    char dir[]                     = "/tmp/test_fileio.XXXXXX";
    struct bench_fileio_config cfg = base_cfg(BENCH_FIO_SEQRD);
    struct bench_fileio_req r;
    struct bench_fileio *f;
    struct stat st;
    int rc = 0, fd;

    if (!mkdtemp(dir) || chdir(dir) != 0) {
        ok(0, "scratch directory");
        return;
    }
    cfg.total_size = 2 * 4096;
    cfg.block_size = cfg.request_size = 1024;
    cfg.validate                      = true;
    stats_init(1);
    log_set_verbosity(-1);
    f = bench_fileio_new(&cfg);
    is_int(bench_fileio_create_files(f), 0, "prepare");
    ok(stat("test_file.1", &st) == 0 && st.st_size == 4096, "file size");
    bench_fileio_free(f);
    f = bench_fileio_new(&cfg);
    is_int(bench_fileio_open(f), 0, "open for a run");
    for (int i = 0; i < 8; i++) {
        bench_fileio_next(f, 0, &r);
        rc |= bench_fileio_execute(f, 0, &r);
    }
    is_int(rc, 0, "every block verifies");
    is_int(stats_read(0, STAT_BYTES_READ), 8192, "bytes read counted");
    fd = open("test_file.1", O_WRONLY);
    ok(fd >= 0 && pwrite(fd, "X", 1, 2000) == 1, "corrupt one block");
    close(fd);
    for (int i = 0; i < 8 && rc == 0; i++) {
        bench_fileio_next(f, 0, &r);
        rc = bench_fileio_execute(f, 0, &r);
    }
    ok(rc == -1 && r.file == 1 && r.pos == 1024, "the bad block is found");
    bench_fileio_free(f);
    f = bench_fileio_new(&cfg);
    is_int(bench_fileio_remove_files(f), 0, "cleanup");
    ok(stat("test_file.0", &st) != 0, "files removed");
    bench_fileio_free(f);
    log_set_verbosity(3);
    stats_fini();
    rc = chdir("/");
    rmdir(dir);
}

int main(void)
{
    test_format_size();
    test_bad_settings();
    test_sequential();
    test_fsync_rounds();
    test_random();
    test_rw_ratio();
    test_blocks();
    test_files();
    return done_testing();
}
