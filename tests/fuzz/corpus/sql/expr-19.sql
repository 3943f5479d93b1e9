\set a 1
\set h CASE WHEN :a > 2 THEN pow(2, 1024) WHEN NOT :a IS NULL THEN sqrt(-1) ELSE ln(0) END