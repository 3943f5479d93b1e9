SELECT 1 AS a, 2 AS "B", count(*) FROM t \gset p_
SELECT :p_a + 1 \; SELECT 2 AS two \aset
\set c :p_B * :two
UPDATE t SET x = :c RETURNING x, y AS z \gset
