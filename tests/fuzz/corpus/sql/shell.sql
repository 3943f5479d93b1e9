SELECT 1;
\shell echo hi
\setshell x echo 1
