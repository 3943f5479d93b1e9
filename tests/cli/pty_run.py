#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# pty_run.py [--stdout-too] TTYFILE CMD...: runs CMD with its stderr (and,
# with --stdout-too, its stdout) on a pseudo-terminal of 80 columns, as a
# user's terminal; writes every byte the terminal received to TTYFILE,
# passes a stdout that is not on the terminal through, and exits with
# CMD's status (128 + N when a signal N ended it). For the transcripts of
# what bench draws on a terminal (tests/cli/progress.t).
import fcntl
import os
import struct
import subprocess
import sys
import termios

args = sys.argv[1:]
both = args[0] == "--stdout-too"
if both:
    args = args[1:]
ttyfile, cmd = args[0], args[1:]

master, slave = os.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stderr=slave,
                        stdout=slave if both else None)
os.close(slave)
received = bytearray()
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:  # EIO: every writer closed the terminal
        break
    if not chunk:
        break
    received += chunk
status = proc.wait()
with open(ttyfile, "wb") as f:
    f.write(received)
sys.exit(128 - status if status < 0 else status)
