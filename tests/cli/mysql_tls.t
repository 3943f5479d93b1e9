--mysql-ssl against a server that offers no TLS. Connector/C 3.3 goes on
in plaintext then unless the certificate is verified, so bench checks the
session itself: REQUIRED fails, PREFERRED with a CA fails, PREFERRED
alone says once that the traffic is unencrypted (issue 28: it said
nothing). The server here is a stand-in that greets without TLS,
accepts any login and answers every command with OK.

  $ "$BENCH" --help | grep -q mysql-ssl || exit 80
  $ cat > notls.py <<'PY'
  > import socket, struct, sys, threading
  > s = socket.socket()
  > s.bind(("127.0.0.1", 0)); s.listen(16)
  > open("port", "w").write(str(s.getsockname()[1]))
  > caps = 0x1 | 0x8 | 0x200 | 0x8000 | 0x10000 | 0x20000 | 0x80000
  > salt = b"abcdefghijklmnopqrst"
  > hello = (b"\x0a5.5.5-10.11.0-stand-in\x00" + struct.pack("<I", 7) + salt[:8]
  >          + b"\x00" + struct.pack("<HBHH", caps & 0xffff, 33, 2, caps >> 16)
  >          + bytes([21]) + b"\x00" * 10 + salt[8:] + b"\x00"
  >          + b"mysql_native_password\x00")
  > def packet(seq, body):
  >     return struct.pack("<I", len(body))[:3] + bytes([seq]) + body
  > def serve(c):
  >     # A client that gives up resets the connection: not this test's
  >     # concern, and a traceback would land in the transcript.
  >     try:
  >         talk(c)
  >     except OSError:
  >         pass
  >     c.close()
  > def talk(c):
  >     c.sendall(packet(0, hello))
  >     seq = 2
  >     while True:
  >         head = c.recv(4)
  >         if len(head) < 4:
  >             break
  >         n = int.from_bytes(head[:3], "little")
  >         body = b""
  >         while len(body) < n:
  >             more = c.recv(n - len(body))
  >             if not more:
  >                 return
  >             body += more
  >         if body[:1] == b"\x01":
  >             break
  >         c.sendall(packet(seq if seq == 2 else 1, b"\x00\x00\x00\x02\x00\x00\x00"))
  >         seq = 1
  > while True:
  >     c, _ = s.accept()
  >     threading.Thread(target=serve, args=(c,), daemon=True).start()
  > PY
  $ python3 notls.py & server=$!
  $ while [ ! -s port ]; do sleep 0.1; done
  $ cat > c.lua <<'LUA'
  > function prepare()
  >    local con = sysbench.sql.driver():connect()
  >    print("connected")
  >    con:disconnect()
  > end
  > LUA
  $ my="--db-driver=mysql --mysql-host=127.0.0.1 --mysql-port=$(cat port) --mysql-user=u --mysql-password=p"
  $ "$BENCH" c.lua $my --mysql-ssl=REQUIRED prepare 2>&1 | grep -v '^$'
  * (glob)
  FATAL: unable to connect to MySQL server on host '127.0.0.1', port *, aborting... (glob)
  FATAL: error 2026: the server offers no TLS, and --mysql-ssl=REQUIRED requires TLS: not connecting in plaintext (--mysql-ssl=DISABLED to do so)
  FATAL: `prepare' function failed: c.lua:2: connection creation failed
  FATAL: mysql: connect to 127.0.0.1:* as user 'u': * (glob)
  $ "$BENCH" c.lua $my --mysql-ssl=PREFERRED --mysql-ssl-ca=/dev/null prepare 2>&1 | grep 'error 2026'
  FATAL: error 2026: the server offers no TLS, and --mysql-ssl=PREFERRED with --mysql-ssl-ca requires TLS: not connecting in plaintext (--mysql-ssl=DISABLED to do so)
  $ "$BENCH" c.lua $my --mysql-ssl=PREFERRED --threads=2 prepare 2>&1 | grep -v '^$'
  * (glob)
  WARNING: mysql: --mysql-ssl=PREFERRED: the server at 127.0.0.1 has no TLS: connected without encryption
  connected
  $ "$BENCH" c.lua $my prepare 2>&1 | grep -v '^$'
  * (glob)
  connected

Virtual users connect through the non-blocking calls: the same checks.

  $ cat > vu.lua <<'LUA'
  > function event()
  >    if not con then con = sysbench.sql.driver():connect() end
  > end
  > LUA
  $ "$BENCH" vu.lua $my --mysql-ssl=REQUIRED --virtual-users=2 --events=2 run 2>&1 | grep -c 'error 2026: the server offers no TLS, and --mysql-ssl=REQUIRED requires TLS'
  [1-9] (re)
  $ "$BENCH" vu.lua $my --mysql-ssl=PREFERRED --virtual-users=2 --events=2 run 2>&1 | grep -c 'WARNING: mysql: --mysql-ssl=PREFERRED'
  1
  $ kill $server
