SELECT 'it''s' || "col""x" FROM $a$ ; \; $a$ -- comment ; 
/* multi
 line ; */ WHERE a = :x::int;
\set x 1
SELECT :x, ::x, :y, E'\\'; 
