\startpipeline
SELECT 1;
\endpipeline
