#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# stall_proxy.py PORT TARGET_PORT: forwards TCP connections from
# 127.0.0.1:PORT to 127.0.0.1:TARGET_PORT, for test_vu_stall.sh, which
# stops it (SIGSTOP) to stall the connections through it while the
# server itself, and connections made to it directly, go on.
import socket
import sys
import threading


def pump(src, dst):
    try:
        while True:
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
    ls = socket.socket()
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind(("127.0.0.1", port))
    ls.listen(128)
    print("listening", flush=True)
    while True:
        c, _ = ls.accept()
        s = socket.create_connection(("127.0.0.1", target))
        for a, b in ((c, s), (s, c)):
            threading.Thread(target=pump, args=(a, b), daemon=True).start()


main()
