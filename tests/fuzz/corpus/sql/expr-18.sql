\set a 3
\set b 4.5
\set c NULL
\set g hash_fnv1a(:a, :b) # hash(:c)