\set x 1
\if :x = 1
\if :x > 0
SELECT 1;
\elif :x < 0
SELECT 2;
\elif :x IS NULL
SELECT 3;
\else
SELECT 4;
\endif
\else
\sleep :x ms
\endif
