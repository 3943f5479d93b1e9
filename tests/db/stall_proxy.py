#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# stall_proxy.py PORT TARGET_PORT [DELAY]: forwards TCP connections from
# 127.0.0.1:PORT to 127.0.0.1:TARGET_PORT, for test_vu_stall.sh, which
# stops it (SIGSTOP) to stall the connections through it while the
# server itself, and connections made to it directly, go on. With DELAY
# (seconds) each answer of the server is held that long: a slow server
# that still answers.
import select
import socket
import sys
import threading
import time


def pump(src, dst, delay=0.0):
    try:
        while True:
            if delay:
                select.select([src], [], [])
                time.sleep(delay)
            data = src.recv(65536)
            if not data:
                break
            dst.sendall(data)
    except OSError:
        pass
    for s in (src, dst):
        try:
            s.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def main():
    port, target = int(sys.argv[1]), int(sys.argv[2])
    delay = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
    ls = socket.socket()
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind(("127.0.0.1", port))
    ls.listen(128)
    print("listening", flush=True)
    while True:
        c, _ = ls.accept()
        s = socket.create_connection(("127.0.0.1", target))
        for a, b, d in ((c, s, 0.0), (s, c, delay)):
            threading.Thread(target=pump, args=(a, b, d), daemon=True).start()


main()
