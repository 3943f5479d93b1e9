\set n 3
\sleep :n ms
\sleep 2 us
\sleep 99999999999999999999 s
