SELECT :x;
\set x 1
