/* SPDX-License-Identifier: MIT */
/* kernels/fileio_files: the fileio test's files (see fileio.h). Only
 * test_file.<N> in the current directory is ever created, written,
 * truncated or removed. Messages keep sysbench's wording, naming the file
 * where sysbench printed a descriptor number or nothing. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "clock.h"
#include "kernels/fileio.h"
#include "log.h"
#include "rand.h"

/* -- Checksummed blocks --------------------------------------------------- */

static uint32_t crc_table[256];
static pthread_once_t crc_once = PTHREAD_ONCE_INIT;

static void crc_init(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        crc_table[i] = c;
    }
}

uint32_t fileio_crc32(const unsigned char *buf, size_t len)
{
    uint32_t c = 0xFFFFFFFFu;

    pthread_once(&crc_once, crc_init);
    for (size_t i = 0; i < len; i++)
        c = crc_table[(c ^ buf[i]) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

/* One block: random bytes, their CRC, the offset (fileio.h). Blocks too
 * short for the trailer are only random. */
static void fill_block(unsigned char *b, int64_t len, int64_t pos)
{
    int64_t data = len - FILEIO_CRC_LEN - FILEIO_OFF_LEN, i = 0;
    uint32_t crc;
    uint64_t off = (uint64_t) pos, r;

    for (; i + 8 <= (data > 0 ? data : len); i += 8) {
        r = sb_rand_uniform_uint64();
        memcpy(b + i, &r, 8);
    }
    for (r = sb_rand_uniform_uint64(); i < (data > 0 ? data : len); i++)
        b[i] = (unsigned char) (r >> (8 * (i & 7)));
    if (data <= 0) return;
    crc = fileio_crc32(b, (size_t) data);
    memcpy(b + data, &crc, FILEIO_CRC_LEN);
    memcpy(b + data + FILEIO_CRC_LEN, &off, FILEIO_OFF_LEN);
}

void fileio_fill(unsigned char *buf, int64_t len, int64_t pos, int64_t block)
{
    for (int64_t done = 0; done < len; done += block)
        fill_block(buf + done, len - done < block ? len - done : block,
                   pos + done);
}

/* Prints nothing: returns 0, or 1 for a bad checksum, 2 for a bad offset,
 * with what was computed and stored. */
static int check_block(const unsigned char *b, int64_t len, int64_t pos,
                       uint64_t got[2], uint64_t stored_out[2])
{
    int64_t data = len - FILEIO_CRC_LEN - FILEIO_OFF_LEN;
    uint32_t crc, stored;
    uint64_t off;

    if (data <= 0) return 0;
    crc = fileio_crc32(b, (size_t) data);
    memcpy(&stored, b + data, FILEIO_CRC_LEN);
    memcpy(&off, b + data + FILEIO_CRC_LEN, FILEIO_OFF_LEN);
    got[0] = crc, stored_out[0] = stored;
    got[1] = (uint64_t) pos, stored_out[1] = off;
    return crc != stored ? 1 : off != (uint64_t) pos ? 2 : 0;
}

int fileio_check(struct bench_fileio *f, const unsigned char *buf, int64_t len,
                 unsigned file, int64_t pos)
{
    int64_t block = f->cfg.block_size, done;
    uint64_t got[2], stored[2];
    int bad = 0;

    for (done = 0; done < len && !bad; done += block)
        bad = check_block(buf + done, len - done < block ? len - done : block,
                          pos + done, got, stored);
    if (!bad) return 0;
    if (!fileio_first_failure(f)) return -1;
    pos += done - block;
    if (bad == 1) {
        log_fatal("Checksum mismatch in block with offset: %lld",
                  (long long) pos);
        log_fatal("    Calculated value: 0x%x    Stored value: 0x%x",
                  (unsigned) got[0], (unsigned) stored[0]);
    } else {
        log_fatal("Offset mismatch in block:");
        log_fatal("   Actual offset: %llu    Stored offset: %llu",
                  (unsigned long long) got[1], (unsigned long long) stored[1]);
    }
    log_fatal("Validation failed on file %u, block offset %lld, exiting...",
              file, (long long) pos);
    return -1;
}

/* -- Plain I/O ------------------------------------------------------------ */

void fileio_file_name(unsigned id, char *buf, size_t len)
{
    snprintf(buf, len, "test_file.%u", id);
}

int64_t fileio_pread_full(int fd, void *buf, int64_t len, int64_t pos)
{
    int64_t done = 0;

    while (done < len) {
        ssize_t n =
            pread(fd, (char *) buf + done, (size_t) (len - done), pos + done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return -1;
        if (n == 0) break;
        done += n;
    }
    return done;
}

int64_t fileio_pwrite_full(int fd, const void *buf, int64_t len, int64_t pos)
{
    int64_t done = 0;

    while (done < len) {
        ssize_t n = pwrite(fd, (const char *) buf + done, (size_t) (len - done),
                           pos + done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return -1;
        if (n == 0) {
            errno = ENOSPC;
            return -1;
        }
        done += n;
    }
    return done;
}

static int open_flags(const struct bench_fileio *f)
{
    int flags = 0, x = f->cfg.extra_flags;

    if (x & BENCH_FIO_O_SYNC) flags |= O_SYNC;
    if (x & BENCH_FIO_O_DSYNC) flags |= O_DSYNC;
    if (x & BENCH_FIO_O_DIRECT) flags |= O_DIRECT;
    return flags;
}

/* An open() failure: sysbench's text, plus the likely cause when the file
 * system refused O_DIRECT. */
static int open_failed(struct bench_fileio *f, const char *what,
                       const char *name, int err)
{
    char text[160];

    fileio_fail(f, "%s '%s' %s", what, name,
                fileio_errno_text(err, text, sizeof(text)));
    if (err == EINVAL && (f->cfg.extra_flags & BENCH_FIO_O_DIRECT))
        log_warn("The file system does not support O_DIRECT: run without "
                 "--file-extra-flags=direct or use another directory");
    else if (err == EMFILE || err == ENFILE)
        log_warn("Too many open files: lower --file-num or raise the limit "
                 "(ulimit -n)");
    return -1;
}

/* O_DIRECT: the block size must be a multiple of the alignment the file
 * system asks for (statx STATX_DIOALIGN, Linux 6.1+; unknown: no check,
 * the first transfer then fails with EINVAL and a hint). */
static int check_direct_alignment(struct bench_fileio *f, int fd,
                                  const char *name)
{
#ifdef STATX_DIOALIGN
    struct statx sx;

    if (!(f->cfg.extra_flags & BENCH_FIO_O_DIRECT) ||
        statx(fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &sx) != 0 ||
        !(sx.stx_mask & STATX_DIOALIGN) || sx.stx_dio_offset_align == 0)
        return 0;
    if (f->cfg.block_size % sx.stx_dio_offset_align != 0 ||
        f->cfg.request_size % sx.stx_dio_offset_align != 0)
        return fileio_fail(f,
                           "--file-block-size=%lld is not a multiple of "
                           "%u, the direct I/O alignment of '%s'",
                           (long long) f->cfg.block_size,
                           sx.stx_dio_offset_align, name);
#else
    (void) f, (void) fd, (void) name;
#endif
    return 0;
}

/* -- prepare -------------------------------------------------------------- */

/* Extends one file to file_size in whole blocks from its current end, as
 * sysbench does (so sizes round up to a block), then fsyncs it. */
static int extend_file(struct bench_fileio *f, int fd, const char *name,
                       int64_t offset, unsigned char *buf, int64_t *written)
{
    char text[160];
    int64_t bs = f->cfg.block_size;

    for (; offset < f->file_size; offset += bs, *written += bs) {
        if (f->cfg.validate) fileio_fill(buf, bs, offset, bs);
        if (fileio_pwrite_full(fd, buf, bs, offset) != bs) {
            fileio_errno_text(errno, text, sizeof(text));
            fileio_fail(f, "Failed to write file! file: %s pos: %lld %s", name,
                        (long long) offset, text);
            if (errno == EINVAL && (f->cfg.extra_flags & BENCH_FIO_O_DIRECT))
                log_warn("O_DIRECT needs sizes aligned to the device block "
                         "size: check --file-block-size (%lld)",
                         (long long) bs);
            return -1;
        }
    }
    /* Flushed now so the page cache does not carry prepare into run. */
    if (fsync(fd) != 0)
        return fileio_fail(f, "Failed to fsync file! file: %s %s", name,
                           fileio_errno_text(errno, text, sizeof(text)));
    return 0;
}

static int create_file(struct bench_fileio *f, unsigned id, unsigned char *buf,
                       int64_t *written)
{
    char name[32], text[160];
    struct stat st;
    bool existed;
    int fd, rc;
    off_t end;

    fileio_file_name(id, name, sizeof(name));
    existed = lstat(name, &st) == 0;
    fd      = open(name, O_CREAT | O_WRONLY | open_flags(f), S_IRUSR | S_IWUSR);
    if (fd < 0) {
        int err = errno;
        /* A refused O_DIRECT open may still have created the file. */
        if (!existed && err == EINVAL) unlink(name);
        return open_failed(f, "Can't open file", name, err);
    }
    if ((end = lseek(fd, 0, SEEK_END)) < 0) {
        close(fd);
        return fileio_fail(f, "Can't seek file '%s' %s", name,
                           fileio_errno_text(errno, text, sizeof(text)));
    }
    if (end >= f->file_size)
        log_notice("Reusing existing file %s", name);
    else if (end > 0)
        log_notice("Extending existing file %s", name);
    else
        log_notice("Creating file %s", name);
    rc = check_direct_alignment(f, fd, name);
    if (rc == 0) rc = extend_file(f, fd, name, end, buf, written);
    if (close(fd) != 0 && rc == 0)
        rc = fileio_fail(f, "Failed to close file '%s' %s", name,
                         fileio_errno_text(errno, text, sizeof(text)));
    return rc;
}

int bench_fileio_create_files(struct bench_fileio *f)
{
    unsigned char *buf = NULL;
    int64_t written    = 0;
    uint64_t t0        = clock_now_ns();
    double seconds;

    if (posix_memalign((void **) &buf, (size_t) sysconf(_SC_PAGESIZE),
                       (size_t) f->cfg.block_size) != 0)
        return fileio_fail(f, "Failed to allocate a memory buffer");
    memset(buf, 0, (size_t) f->cfg.block_size);
    for (unsigned i = 0; i < f->cfg.num_files; i++)
        if (create_file(f, i, buf, &written) != 0) {
            free(buf);
            return -1;
        }
    free(buf);
    seconds = (double) (clock_now_ns() - t0) / 1e9;
    if (written > 0)
        log_notice("%lld bytes written in %.2f seconds (%.2f MiB/sec).",
                   (long long) written, seconds,
                   (double) written / (1024.0 * 1024.0) / seconds);
    else
        log_notice("No bytes written.");
    return 0;
}

/* -- cleanup -------------------------------------------------------------- */

int bench_fileio_remove_files(struct bench_fileio *f)
{
    char name[32], text[160];
    int rc = 0;

    for (unsigned i = 0; i < f->cfg.num_files; i++) {
        fileio_file_name(i, name, sizeof(name));
        if (unlink(name) != 0 && errno != ENOENT)
            rc = fileio_fail(f, "Cannot remove file '%s' %s", name,
                             fileio_errno_text(errno, text, sizeof(text)));
    }
    return rc;
}

/* -- Opening for a run ---------------------------------------------------- */

/* seqwr starts from empty files: each is removed and created afresh. */
static int recreate(struct bench_fileio *f, const char *name)
{
    char text[160];
    int fd;

    if (unlink(name) != 0 && errno != ENOENT)
        return fileio_fail(f, "Cannot remove file '%s' %s", name,
                           fileio_errno_text(errno, text, sizeof(text)));
    fd = open(name, O_CREAT | O_EXCL | O_WRONLY, S_IRUSR | S_IWUSR);
    if (fd < 0)
        return fileio_fail(f, "Cannot create file '%s' %s", name,
                           fileio_errno_text(errno, text, sizeof(text)));
    close(fd);
    return 0;
}

static int check_size(struct bench_fileio *f, int fd, const char *name)
{
    char text[160], have[32], want[32];
    struct stat st;

    if (fstat(fd, &st) != 0)
        return fileio_fail(f, "fstat() failed on file '%s' %s", name,
                           fileio_errno_text(errno, text, sizeof(text)));
    if (st.st_size >= f->file_size) return 0;
    bench_fileio_format_size((double) st.st_size, have, sizeof(have));
    bench_fileio_format_size((double) f->file_size, want, sizeof(want));
    fileio_fail(f, "Size of file '%s' is %sB, but at least %sB is expected.",
                name, have, want);
    log_warn("Did you run 'prepare' with different --file-total-size or "
             "--file-num values?");
    return -1;
}

static int open_one(struct bench_fileio *f, unsigned id)
{
    bool seqwr = f->cfg.test_mode == BENCH_FIO_SEQWR;
    char name[32];
    int err;

    fileio_file_name(id, name, sizeof(name));
    if (seqwr && recreate(f, name) != 0) return -1;
    log_debug("Opening file: %s", name);
    f->fds[id] = open(name, O_RDWR | open_flags(f), S_IRUSR | S_IWUSR);
    if (f->fds[id] < 0) {
        err = errno;
        open_failed(f, "Cannot open file", name, err);
        if (err == ENOENT) log_warn("Did you forget to run the prepare step?");
        return -1;
    }
    if (id == 0 && check_direct_alignment(f, f->fds[id], name) != 0) return -1;
    return seqwr ? 0 : check_size(f, f->fds[id], name);
}

/* mmap mode maps every file whole (64-bit), extending seqwr's first. */
static int map_files(struct bench_fileio *f)
{
    char text[160];

    if (!(f->maps = calloc(f->cfg.num_files, sizeof(*f->maps))))
        return fileio_fail(f, "Memory allocation failure.");
    if (fileio_sigbus_guard(true) != 0)
        return fileio_fail(f, "sigaction() failed for SIGBUS %s",
                           fileio_errno_text(errno, text, sizeof(text)));
    for (unsigned i = 0; i < f->cfg.num_files; i++) {
        if (f->cfg.test_mode == BENCH_FIO_SEQWR &&
            ftruncate(f->fds[i], f->file_size) != 0)
            return fileio_fail(f, "ftruncate() failed on file %u %s", i,
                               fileio_errno_text(errno, text, sizeof(text)));
        void *m = mmap(NULL, (size_t) f->file_size, PROT_READ | PROT_WRITE,
                       MAP_SHARED, f->fds[i], 0);
        if (m == MAP_FAILED)
            return fileio_fail(f, "mmap() failed on file %u %s", i,
                               fileio_errno_text(errno, text, sizeof(text)));
        f->maps[i] = m;
    }
    return 0;
}

static int alloc_threads(struct bench_fileio *f)
{
    size_t page = (size_t) sysconf(_SC_PAGESIZE);

    for (unsigned t = 0; t < f->cfg.threads; t++) {
        struct fileio_thread *th = &f->threads[t];
        if (posix_memalign((void **) &th->buf, page,
                           (size_t) f->cfg.request_size) != 0) {
            th->buf = NULL;
            return fileio_fail(f, "Failed to allocate a memory buffer");
        }
        memset(th->buf, 0, (size_t) f->cfg.request_size);
        if (f->cfg.io_mode == BENCH_FIO_ASYNC && !(th->aio = fileio_aio_new(f)))
            return -1;
    }
    return 0;
}

int bench_fileio_open(struct bench_fileio *f)
{
    for (unsigned i = 0; i < f->cfg.num_files; i++)
        if (open_one(f, i) != 0) return -1;
    if (f->cfg.io_mode == BENCH_FIO_MMAP && f->file_size > 0 &&
        map_files(f) != 0)
        return -1;
    return alloc_threads(f);
}
