\set a 1
SELECT :a;
\if :a
\endif
