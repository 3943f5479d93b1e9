\set x 40
\if :x = 0
\elif :x = 1
SELECT 1;
\elif :x = 2
SELECT 2;
\elif :x = 3
SELECT 3;
\elif :x = 4
SELECT 4;
\elif :x = 5
SELECT 5;
\elif :x = 6
SELECT 6;
\elif :x = 7
SELECT 7;
\elif :x = 8
SELECT 8;
\elif :x = 9
SELECT 9;
\elif :x = 10
SELECT 10;
\elif :x = 11
SELECT 11;
\elif :x = 12
SELECT 12;
\elif :x = 13
SELECT 13;
\elif :x = 14
SELECT 14;
\elif :x = 15
SELECT 15;
\elif :x = 16
SELECT 16;
\elif :x = 17
SELECT 17;
\elif :x = 18
SELECT 18;
\elif :x = 19
SELECT 19;
\elif :x = 20
SELECT 20;
\elif :x = 21
SELECT 21;
\elif :x = 22
SELECT 22;
\elif :x = 23
SELECT 23;
\elif :x = 24
SELECT 24;
\elif :x = 25
SELECT 25;
\elif :x = 26
SELECT 26;
\elif :x = 27
SELECT 27;
\elif :x = 28
SELECT 28;
\elif :x = 29
SELECT 29;
\elif :x = 30
SELECT 30;
\elif :x = 31
SELECT 31;
\elif :x = 32
SELECT 32;
\elif :x = 33
SELECT 33;
\elif :x = 34
SELECT 34;
\elif :x = 35
SELECT 35;
\elif :x = 36
SELECT 36;
\elif :x = 37
SELECT 37;
\elif :x = 38
SELECT 38;
\elif :x = 39
SELECT 39;
\elif :x = 40
SELECT 40;
\elif :x = 41
SELECT 41;
\elif :x = 42
SELECT 42;
\elif :x = 43
SELECT 43;
\elif :x = 44
SELECT 44;
\elif :x = 45
SELECT 45;
\elif :x = 46
SELECT 46;
\elif :x = 47
SELECT 47;
\elif :x = 48
SELECT 48;
\elif :x = 49
SELECT 49;
\elif :x = 50
SELECT 50;
\elif :x = 51
SELECT 51;
\elif :x = 52
SELECT 52;
\elif :x = 53
SELECT 53;
\elif :x = 54
SELECT 54;
\elif :x = 55
SELECT 55;
\elif :x = 56
SELECT 56;
\elif :x = 57
SELECT 57;
\elif :x = 58
SELECT 58;
\elif :x = 59
SELECT 59;
\else
SELECT 0;
\endif
