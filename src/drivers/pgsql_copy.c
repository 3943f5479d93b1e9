/* SPDX-License-Identifier: MIT */
/* pgsql_copy.c: COPY FROM STDIN rows sent without libpq's copy of them.
 * PQputCopyData copies every byte it is given into libpq's output buffer
 * before sending it: ~190 client instructions a row of oltp's prepare
 * under callgrind (glibc's `rep movsb`, counted per byte), a fifth of the
 * client's work. On a plain socket the CopyData message ('d', its length,
 * the bytes) is simple enough to send from the load buffer itself, after
 * whatever libpq still holds (PQflush). Over TLS or GSS encryption, or on
 * a non-blocking connection, libpq must do it (pg_copy_send says so).
 *
 * libpq's own send reads what the server sends meanwhile, so that neither
 * side blocks with a full socket buffer (a server sending many NOTICEs
 * while we send rows); this does the same with PQconsumeInput, which only
 * reads into libpq's input buffer. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/uio.h>

#include <libpq-fe.h>

#include "pgsql_copy.h"

/* Drops n sent bytes from the front of the iovecs at *iov (*cnt of them). */
static void copy_advance(struct iovec **iov, size_t *cnt, size_t n)
{
    while (*cnt > 0 && n >= (*iov)->iov_len) {
        n -= (*iov)->iov_len;
        (*iov)++;
        (*cnt)--;
    }
    if (*cnt > 0) {
        (*iov)->iov_base = (char *) (*iov)->iov_base + n;
        (*iov)->iov_len -= n;
    }
}

/* Sends the iovecs whole on fd, reading the server's input into pg
 * whenever the socket is full. 0, or -1 with errno set. */
static int copy_sendmsg(PGconn *pg, int fd, struct iovec *iov, size_t cnt)
{
    while (cnt > 0) {
        struct msghdr m = {.msg_iov = iov, .msg_iovlen = cnt};
        struct pollfd p = {.fd = fd, .events = POLLIN | POLLOUT};
        ssize_t n       = sendmsg(fd, &m, MSG_NOSIGNAL | MSG_DONTWAIT);

        if (n >= 0) {
            copy_advance(&iov, &cnt, (size_t) n);
            continue;
        }
        if (errno == EINTR) continue;
        if (errno != EAGAIN && errno != EWOULDBLOCK) return -1;
        if (poll(&p, 1, -1) < 0 && errno != EINTR) return -1;
        if ((p.revents & POLLIN) && !PQconsumeInput(pg)) {
            errno = ECONNRESET; /* the server closed, or a read failed */
            return -1;
        }
    }
    return 0;
}

int pg_copy_send(PGconn *pg, const char *text, size_t len)
{
    unsigned char head[5];
    struct iovec iov[2];
    uint32_t n = (uint32_t) len + 4; /* the length counts itself */
    int fd     = PQsocket(pg);

    if (fd < 0 || len == 0 || len > INT32_MAX - 4 || PQsslInUse(pg) ||
        PQgssEncInUse(pg) || PQisnonblocking(pg) || PQflush(pg) != 0)
        return 0; /* libpq's PQputCopyData sends, or says what is wrong */
    head[0]         = 'd'; /* CopyData, then its length in network order */
    head[1]         = (unsigned char) (n >> 24);
    head[2]         = (unsigned char) (n >> 16);
    head[3]         = (unsigned char) (n >> 8);
    head[4]         = (unsigned char) n;
    iov[0].iov_base = head;
    iov[0].iov_len  = sizeof(head);
    iov[1].iov_base = (void *) (uintptr_t) text; /* sendmsg only reads it */
    iov[1].iov_len  = len;
    return copy_sendmsg(pg, fd, iov, 2) == 0 ? 1 : -1;
}
