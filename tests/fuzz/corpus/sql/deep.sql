\set a ((((((((((((((((((((((((((((((1))))))))))))))))))))))))))))))
\set b - - - - - - - - - - - - - - - - - - - - - - - - - - - - 1
\set c NOT NOT NOT NOT NOT NOT NOT NOT NOT NOT true
