/* SPDX-License-Identifier: MIT */
/* results_file.c: the result document's file (results_internal.h). The
 * intervals go to a spool, an unnamed file, as they happen, so that a run
 * of any length holds none of them in memory; at the end the document is
 * written to a new file beside --results's path and renamed over it, so
 * that a reader sees the old document or the whole new one, never a part,
 * and a run that fails or is killed leaves the old one as it was. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "log.h"
#include "results_internal.h"

struct results_file {
    const char *path; /* --results as given (messages), NULL without */
    char *target;     /* what is replaced: path, or its symlink's target */
    char *dir;        /* target's directory: the spool and new file go there */
    const char *base; /* target's last component, in target */
    FILE *direct;     /* path is a device or FIFO: written in place */
    bool in_place;    /* a file in a directory we may not add to: too */
    FILE *spool;      /* the intervals' text, unnamed; opened on first use */
    size_t nintervals;
    bool has_old;    /* a regular file at target: its mode and owner stay */
    struct stat old; /* ...as they were when the run started */
};

/* -- Writing through jansson ---------------------------------------------- */

/* Where a value's text goes: f, with `pad` spaces after every newline, so
 * that a value dumped on its own sits at its depth in the document (with
 * JSON_INDENT(1) a line at depth n starts with n spaces; no string holds a
 * raw newline, jansson escapes it). */
struct padded {
    FILE *f;
    unsigned pad;
};

static int padded_write(const char *buf, size_t size, void *data)
{
    const struct padded *p = data;
    const char *nl;

    while (size > 0 && (nl = memchr(buf, '\n', size)) != NULL) {
        size_t n = (size_t) (nl - buf) + 1;

        if (fwrite(buf, 1, n, p->f) != n ||
            fprintf(p->f, "%*s", (int) p->pad, "") < 0)
            return -1;
        buf += n;
        size -= n;
    }
    return size == 0 || fwrite(buf, 1, size, p->f) == size ? 0 : -1;
}

static int dump_padded(const json_t *v, FILE *f, unsigned pad, size_t flags)
{
    struct padded p = {f, pad};

    return json_dump_callback(v, padded_write, &p, flags | JSON_ENCODE_ANY);
}

/* -- The target and its temporary files ----------------------------------- */

static const char *tmp_dir(void)
{
    const char *d = getenv("TMPDIR");

    return d != NULL && *d != '\0' ? d : "/tmp";
}

/* A new file in dir with no name: it goes when closed, however the process
 * ends. O_TMPFILE where the file system has it, else a name removed at
 * once. -1 with errno. */
static int open_unnamed(const char *dir)
{
    char name[PATH_MAX];
    int fd;

#ifdef O_TMPFILE
    if ((fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600)) >= 0) return fd;
#endif
    for (unsigned n = 0; n < 100; n++) {
        if (snprintf(name, sizeof(name), "%s/.bench-spool.%ld.%u", dir,
                     (long) getpid(), n) >= (int) sizeof(name)) {
            errno = ENAMETOOLONG;
            return -1;
        }
        fd = open(name, O_CREAT | O_EXCL | O_RDWR | O_CLOEXEC, 0600);
        if (fd >= 0) {
            unlink(name);
            return fd;
        }
        if (errno != EEXIST) return -1;
    }
    return -1;
}

/* A new file named `.BASE.PID.N.tmp` in rf's directory (mode 0666 less the
 * umask, as fopen's), or, with fd >= 0, that name given to fd's unnamed
 * file. *name is malloc'd. -1 with errno. */
static int create_named(const struct results_file *rf, int fd, char **name)
{
    size_t size = strlen(rf->dir) + strlen(rf->base) + 48;
    char proc[64];
    int rc = -1;

    if ((*name = malloc(size)) == NULL) return -1;
    snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
    for (unsigned n = 0; n < 100; n++) {
        snprintf(*name, size, "%s/.%s.%ld.%u.tmp", rf->dir, rf->base,
                 (long) getpid(), n);
        if (fd >= 0)
            rc = linkat(AT_FDCWD, proc, AT_FDCWD, *name, AT_SYMLINK_FOLLOW);
        else
            rc = open(*name, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0666);
        if (rc >= 0 || errno != EEXIST) break;
    }
    if (rc < 0) {
        free(*name);
        *name = NULL;
    }
    return rc;
}

/* Fills target, dir and base: path itself, or the regular file a symlink
 * at path names (the link stays a link). -1 with errno. */
static int locate(struct results_file *rf, bool is_link)
{
    char *slash;

    rf->target = is_link ? realpath(rf->path, NULL) : strdup(rf->path);
    if (rf->target == NULL) return -1;
    slash    = strrchr(rf->target, '/');
    rf->base = slash ? slash + 1 : rf->target;
    if (*rf->base == '\0') {
        errno = EISDIR;
        return -1;
    }
    if (slash == NULL)
        rf->dir = strdup(".");
    else if (slash == rf->target)
        rf->dir = strdup("/");
    else
        rf->dir = strndup(rf->target, (size_t) (slash - rf->target));
    return rf->dir ? 0 : -1;
}

/* The spool, in the target's directory (the document's space is taken
 * where it will be), else in $TMPDIR. -1 with errno. */
static int spool_open(struct results_file *rf)
{
    int fd = open_unnamed(rf->dir ? rf->dir : tmp_dir());

    if (fd < 0) return -1;
    if ((rf->spool = fdopen(fd, "w+")) == NULL) {
        close(fd);
        return -1;
    }
    return 0;
}

/* What is at path decides how it is written: a regular file (or none) is
 * replaced; a directory is refused; anything else (/dev/stdout, a FIFO)
 * is written in place as before, since it cannot be replaced. An existing
 * file we may not write is refused now, as opening it would have been. */
static int prepare_target(struct results_file *rf)
{
    struct stat lst;

    if (stat(rf->path, &rf->old) == 0) {
        if (S_ISDIR(rf->old.st_mode)) {
            errno = EISDIR;
            return -1;
        }
        if (!S_ISREG(rf->old.st_mode))
            return (rf->direct = fopen(rf->path, "w")) ? 0 : -1;
        if (access(rf->path, W_OK) != 0) return -1;
        rf->has_old = true;
    } else if (errno != ENOENT) {
        return -1;
    }
    /* A dangling symlink is replaced by the document. */
    if (locate(rf, rf->has_old && lstat(rf->path, &lst) == 0 &&
                       S_ISLNK(lst.st_mode)) != 0)
        return -1;
    /* The spool also checks now that the directory takes new files. */
    if (spool_open(rf) == 0) return 0;
    /* A file we may write in a directory we may not add to: written in
     * place at the end (not atomically), as it could be before. */
    if (!rf->has_old || (errno != EACCES && errno != EPERM)) return -1;
    free(rf->dir);
    rf->dir      = NULL;
    rf->in_place = true;
    return 0;
}

struct results_file *results_file_open(const char *path)
{
    struct results_file *rf = calloc(1, sizeof(*rf));

    if (rf == NULL) {
        log_fatal("results: out of memory");
        return NULL;
    }
    rf->path = path;
    if (path != NULL && prepare_target(rf) != 0) {
        log_fatal("results: create %s: %s", path, strerror(errno));
        results_file_free(rf);
        return NULL;
    }
    return rf;
}

void results_file_free(struct results_file *rf)
{
    if (rf == NULL) return;
    if (rf->direct) fclose(rf->direct);
    if (rf->spool) fclose(rf->spool);
    free(rf->target);
    free(rf->dir);
    free(rf);
}

/* The file a write error names: --results, or for the spool when it is
 * not beside it (no --results, or a device there), its directory. */
static void write_failed(const struct results_file *rf, bool spool, int err)
{
    if (rf->path && (!spool || rf->dir))
        log_fatal("results: write %s: %s", rf->path, strerror(err ? err : EIO));
    else
        log_fatal("results: write a temporary file in %s: %s", tmp_dir(),
                  strerror(err ? err : EIO));
}

/* -- Intervals ------------------------------------------------------------ */

int results_file_interval(struct results_file *rf, const json_t *iv)
{
    FILE *f;

    errno = 0;
    if (rf->spool == NULL && spool_open(rf) != 0) {
        write_failed(rf, true, errno);
        return -1;
    }
    /* In the document the objects are at depth 2 of "intervals": [...],
     * one per line group, as jansson would lay the whole array out. */
    f = rf->spool;
    if (rf->nintervals > 0) fputs(",\n  ", f);
    if (dump_padded(iv, f, 2, RESULTS_JSON_FLAGS | JSON_INDENT(1)) != 0 ||
        fflush(f) != 0 || ferror(f)) {
        write_failed(rf, true, errno);
        return -1;
    }
    rf->nintervals++;
    return 0;
}

size_t results_file_intervals(const struct results_file *rf)
{
    return rf->nintervals;
}

/* -- The document --------------------------------------------------------- */

/* "intervals": the spool's text, as jansson lays out an array at depth 1.
 * The compact form is the same text less each newline and the indentation
 * after it (with JSON_COMPACT those are the only blanks jansson adds). */
static int spool_copy(struct results_file *rf, FILE *f, bool indent)
{
    char in[16384], out[sizeof(in)];
    size_t n, m;
    bool skip = false;

    if (rf->nintervals == 0) return fputs("[]", f) < 0 ? -1 : 0;
    if (fflush(rf->spool) != 0 || fseeko(rf->spool, 0, SEEK_SET) != 0 ||
        fputs(indent ? "[\n  " : "[", f) < 0)
        return -1;
    while ((n = fread(in, 1, sizeof(in), rf->spool)) > 0) {
        for (size_t i = m = 0; !indent && i < n; i++) {
            if (in[i] == '\n') {
                skip = true;
            } else if (!skip || in[i] != ' ') {
                skip     = false;
                out[m++] = in[i];
            }
        }
        if (indent ? fwrite(in, 1, n, f) != n : fwrite(out, 1, m, f) != m)
            return -1;
    }
    /* A read leaves the stream where a write may not follow unpositioned */
    if (ferror(rf->spool) || fseeko(rf->spool, 0, SEEK_END) != 0) return -1;
    return fputs(indent ? "\n ]" : "]", f) < 0 ? -1 : 0;
}

/* doc as json_dumpf(doc, f, flags) would write it, plus a newline, with
 * the spool's intervals in place of its "intervals" member. Every member
 * but that one is dumped on its own at depth 1. */
static int doc_write(struct results_file *rf, const json_t *doc, FILE *f,
                     bool indent)
{
    size_t flags = RESULTS_JSON_FLAGS | (indent ? JSON_INDENT(1) : 0);
    const char *key;
    json_t *v;
    bool first = true;

    if (fputc('{', f) == EOF) return -1;
    json_object_foreach((json_t *) doc, key, v)
    {
        /* Member names are bench's own: nothing in them to escape. */
        if (fprintf(f, "%s%s\"%s\":", first ? "" : ",", indent ? "\n " : "",
                    key) < 0)
            return -1;
        first = false;
        if (strcmp(key, "intervals") == 0 ? spool_copy(rf, f, indent)
                                          : dump_padded(v, f, 1, flags))
            return -1;
    }
    return fputs(indent ? "\n}\n" : "}\n", f) < 0 ? -1 : 0;
}

int results_file_stream(struct results_file *rf, const json_t *doc, FILE *out)
{
    errno = 0;
    if (doc_write(rf, doc, out, false) != 0 || fflush(out) != 0) {
        log_fatal("results: write the document to standard output: %s",
                  strerror(errno ? errno : EIO));
        return -1;
    }
    return 0;
}

/* A file for the new document in the target's directory: unnamed until it
 * is whole (O_TMPFILE, given a name through /proc), else named now (*name
 * then set). -1 with errno. */
static int open_new(const struct results_file *rf, char **name)
{
    int fd;

    *name = NULL;
#ifdef O_TMPFILE
    if (access("/proc/self/fd", X_OK) == 0 &&
        (fd = open(rf->dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666)) >= 0)
        return fd;
#endif
    return create_named(rf, -1, name);
}

/* Writes the document to a new file, synced, then renames it over the
 * target. On failure the new file goes and the target is as it was. */
static int replace(struct results_file *rf, const json_t *doc)
{
    char *name = NULL;
    FILE *f    = NULL;
    int fd     = open_new(rf, &name), err, closed;

    if (fd < 0) goto fail;
    /* As writing in place kept them; another's file becomes ours if the
     * owner cannot be kept (not root). */
    if (rf->has_old &&
        (fchmod(fd, rf->old.st_mode & 07777) != 0 ||
         (fchown(fd, rf->old.st_uid, rf->old.st_gid) != 0 && errno != EPERM)))
        goto fail;
    if ((f = fdopen(fd, "w")) == NULL) goto fail;
    fd    = -1; /* f's now */
    errno = 0;
    if (doc_write(rf, doc, f, true) != 0 || fflush(f) != 0 ||
        fsync(fileno(f)) != 0 ||
        (name == NULL && create_named(rf, fileno(f), &name) < 0))
        goto fail;
    closed = fclose(f);
    f      = NULL;
    if (closed != 0 || rename(name, rf->target) != 0) goto fail;
    free(name);
    return 0;
fail:
    err = errno;
    if (f)
        fclose(f);
    else if (fd >= 0)
        close(fd);
    if (name) unlink(name);
    free(name);
    write_failed(rf, false, err);
    return -1;
}

int results_file_write(struct results_file *rf, const json_t *doc)
{
    FILE *f = rf->direct;
    int rc, err;

    if (f == NULL && !rf->in_place) return replace(rf, doc);
    /* A device or FIFO, or a file whose directory we may not add to: in
     * place, truncated only now. */
    rf->direct = NULL;
    errno      = 0;
    if (f == NULL && (f = fopen(rf->target, "w")) == NULL) {
        write_failed(rf, false, errno);
        return -1;
    }
    rc  = doc_write(rf, doc, f, true) == 0 && fflush(f) == 0 ? 0 : -1;
    err = errno;
    if (fclose(f) != 0 && rc == 0) rc = -1, err = errno;
    if (rc != 0) write_failed(rf, false, err);
    return rc;
}
