\set a 1 + \
  2 * \
  3
\sleep \
 10 us
SELECT :a
