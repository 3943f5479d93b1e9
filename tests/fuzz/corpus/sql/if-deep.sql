\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
\if true
SELECT 1;
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
\endif
