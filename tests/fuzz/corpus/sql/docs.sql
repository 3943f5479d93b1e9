-- Examples of PostgreSQL 15's pgbench documentation ("Custom Scripts",
-- "Meta Commands"), run unmodified by tests/db/sql_workload.sh.
\set ntellers 10 * :scale
\set x random(0, 3)
\set y 12
\set aid (1021 * random(1, 100000 * :scale)) % \
           (100000 * :scale) + 1
\set divx CASE WHEN :x <> 0 THEN :y/:x ELSE NULL END
\set delta random(-5000, 5000)
UPDATE pgbench_accounts
  SET abalance = abalance + :delta
  WHERE aid = :aid
  RETURNING abalance \gset
-- compound of two queries
SELECT 1 \;
SELECT 2 AS two, 3 AS three \gset p_
SELECT 1 AS one \; SELECT 2 AS two \aset
\if :client_id = 0
\sleep 1 ms
\endif
\set r random_zipfian(1, 100, 1.07)
\set k abs(hash(:r)) % 1000000
\set check debug(:p_two * 1000 + :p_three * 100 + :one * 10 + :two)
