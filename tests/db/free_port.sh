# SPDX-License-Identifier: MIT
# free_port.sh (sourced by tests/db/lib.sh and perf/lib.sh): free_port
# prints a TCP port nothing listens on, a random one so that parallel runs
# differ, below the kernel's ephemeral range: a disposable server
# restarted after a crash must bind its port again, and a client socket
# that happened to get that port as its local one (thousands of reconnect
# attempts go out while the server is down) would make the bind fail.
# Status 1 when 100 tries found none.
free_port() {
    local p i low=32768
    read -r low _ </proc/sys/net/ipv4/ip_local_port_range 2>/dev/null
    [ "$low" -gt 21000 ] || low=32768
    for ((i = 0; i < 100; i++)); do
        p=$((20000 + RANDOM % (low - 20000)))
        (echo >/dev/tcp/127.0.0.1/$p) 2>/dev/null || { echo $p; return; }
    done
    return 1
}
