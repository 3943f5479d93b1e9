\set Ã©tÃ© 1
SELECT :Ã©tÃ©, ÿş;
\set x ÿ + 1
