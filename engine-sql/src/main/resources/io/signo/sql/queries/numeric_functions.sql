-- ROUND, TRUNC, FLOOR and CEIL of decimals, as text so that the scale DuckDB gives the result shows too
SELECT s_suppkey, CAST(ROUND(s_acctbal, 1) AS VARCHAR), CAST(ROUND(s_acctbal) AS VARCHAR), CAST(ROUND(s_acctbal, -2) AS VARCHAR),
       CAST(ROUND(s_acctbal, 5) AS VARCHAR), CAST(TRUNC(s_acctbal, 1) AS VARCHAR), CAST(TRUNC(s_acctbal) AS VARCHAR),
       CAST(TRUNC(s_acctbal, -1) AS VARCHAR), CAST(FLOOR(s_acctbal) AS VARCHAR), CAST(CEIL(s_acctbal) AS VARCHAR), CAST(CEILING(-s_acctbal) AS VARCHAR)
FROM supplier
WHERE s_suppkey < 60
ORDER BY s_suppkey;

-- halves round away from zero, on either side of it: products of scale 4 rounded to 2 and 1 digits
SELECT l_orderkey, l_linenumber, CAST(ROUND(l_extendedprice * l_discount, 2) AS VARCHAR), CAST(ROUND(-l_extendedprice * l_discount, 2) AS VARCHAR),
       CAST(ROUND(l_quantity * l_tax, 1) AS VARCHAR), CAST(ROUND(l_discount - 0.05, 1) AS VARCHAR), CAST(TRUNC(l_extendedprice * l_discount, 2) AS VARCHAR)
FROM lineitem
WHERE l_orderkey < 200
ORDER BY l_orderkey, l_linenumber;

SELECT count(*), sum(ROUND(l_extendedprice * l_discount, 2)), sum(ROUND(l_extendedprice * (1 - l_discount), 0)), sum(FLOOR(l_extendedprice)), sum(CEIL(l_extendedprice))
FROM lineitem;

-- ROUND, TRUNC, FLOOR and CEIL of integers and doubles (a double's result times 1000, so a last-digit difference shows)
SELECT p_partkey, ROUND(p_size, -1), ROUND(-p_size, -1), TRUNC(p_size, -1), ROUND(p_partkey * 7, -2), ROUND(p_size, 2), FLOOR(p_size), CEIL(p_size),
       ROUND(CAST(p_retailprice AS DOUBLE) / 7, 2) * 1000, ROUND(-CAST(p_retailprice AS DOUBLE) / 7) * 1000, ROUND(CAST(p_retailprice AS DOUBLE), -2),
       TRUNC(CAST(p_retailprice AS DOUBLE) / 7, 1) * 1000, FLOOR(-CAST(p_retailprice AS DOUBLE) / 7), CEIL(CAST(p_retailprice AS DOUBLE) / 7)
FROM part
WHERE p_partkey < 40
ORDER BY p_partkey;

-- ROUND and TRUNC of a double to digits round its product with the power of ten, as DuckDB 2.0.0 does (2.675 * 100 is 267.5 in doubles)
SELECT l_orderkey, l_linenumber, ROUND(CAST(l_extendedprice AS DOUBLE) * l_discount, 2) * 1000, ROUND(CAST(l_extendedprice AS DOUBLE) * l_tax / 3, 1) * 1000,
       ROUND(-CAST(l_extendedprice AS DOUBLE) * l_discount, 2) * 1000, TRUNC(CAST(l_extendedprice AS DOUBLE) * l_discount, 2) * 1000
FROM lineitem
WHERE l_orderkey < 300
ORDER BY l_orderkey, l_linenumber;

SELECT ROUND(2.675E0, 2) * 1000, ROUND(8.345E0, 2) * 1000, ROUND(1.45E0, 1) * 1000, ROUND(0.125E0, 2) * 1000, ROUND(-2.675E0, 2) * 1000,
       TRUNC(0.03E0, 2) * 1000, TRUNC(0.57E0, 2) * 1000;

-- constants, NULLs, and doubles at the edges: halves, -0.5, values too large for the digits
SELECT ROUND(2.5E0), ROUND(-2.5E0), ROUND(-0.5E0), ROUND(0.49999999999999994E0), ROUND(1.5E300, 2), ROUND(12.5, -1), ROUND(-12.5, -1),
       CAST(ROUND(-0.045, 2) AS VARCHAR), CAST(ROUND(9.99) AS VARCHAR), TRUNC(-7.9), FLOOR(-0.5), CEIL(-0.5), ROUND(CAST(NULL AS DECIMAL(10, 2)), 1),
       ROUND(7, -1), ROUND(15, -1), ROUND(-15, -1), ROUND(1234.5678E0, 2) * 10000;

-- SIGN of every numeric type, NULL included
SELECT s_suppkey, SIGN(s_acctbal), SIGN(s_nationkey - 12), SIGN(CAST(s_acctbal AS DOUBLE)), SIGN(CAST(s_nationkey AS INTEGER) - 3),
       SIGN(CASE WHEN s_suppkey % 3 = 0 THEN NULL ELSE s_acctbal END)
FROM supplier
WHERE s_suppkey < 40
ORDER BY s_suppkey;

SELECT SIGN(-3), SIGN(0), SIGN(0.0), SIGN(-0.0E0), SIGN(2.5E0), SIGN(CAST(NULL AS INTEGER));

-- GREATEST and LEAST skip NULLs (NULL only when all are), over numbers of mixed types, dates and strings
SELECT l_orderkey, l_linenumber, GREATEST(l_discount, l_tax), LEAST(l_discount, l_tax, 0.03), GREATEST(l_quantity, 25), LEAST(l_linenumber, l_quantity / 10),
       GREATEST(l_shipdate, l_commitdate, l_receiptdate), LEAST(l_shipdate, l_commitdate, l_receiptdate),
       GREATEST(CASE WHEN l_linenumber = 1 THEN NULL ELSE l_tax END, l_discount), LEAST(CASE WHEN l_linenumber % 2 = 0 THEN NULL ELSE l_tax END, NULL),
       GREATEST(CAST(l_discount AS DOUBLE), l_tax)
FROM lineitem
WHERE l_orderkey < 100
ORDER BY l_orderkey, l_linenumber;

SELECT n_nationkey, GREATEST(n_name, r_name), LEAST(n_name, r_name, 'CHINA'), GREATEST(CASE WHEN n_nationkey % 2 = 0 THEN NULL ELSE n_name END, CASE WHEN n_nationkey % 3 = 0 THEN NULL ELSE r_name END)
FROM nation JOIN region ON n_regionkey = r_regionkey
ORDER BY n_nationkey;

SELECT GREATEST(1, NULL, 3), LEAST(1.5, 2, NULL), GREATEST(1, 2.5E0), LEAST(DATE '2020-01-01', NULL, DATE '2019-05-06'), GREATEST('b', 'ab', NULL);

-- POWER, SQRT, CBRT, LN, LOG10, LOG(base, x), EXP (DOUBLE results; SQRT and LN of a negative number are NaN)
SELECT s_suppkey, SQRT(s_acctbal), POWER(s_nationkey, 2), POW(s_acctbal, 0.5), POWER(1.5, s_nationkey), POWER(s_acctbal, -1), CBRT(s_acctbal),
       LN(s_acctbal), LOG10(s_suppkey), LOG(2, s_suppkey), LOG(s_suppkey), EXP(s_nationkey / 10.0), EXP(-s_suppkey),
       SQRT(CASE WHEN s_suppkey % 4 = 0 THEN NULL ELSE s_suppkey END)
FROM supplier
WHERE s_suppkey < 50
ORDER BY s_suppkey;

SELECT SQRT(2), SQRT(-4), LN(0), LN(-1), LN(EXP(2)), LOG10(1000), LOG10(0), LOG(2, 1024), LOG(1, 8), POWER(2, 10), POWER(0, -1), POWER(-8, 0.5),
       POWER(2, -2), EXP(1), EXP(1000), CBRT(-27), PI(), SQRT(CAST(NULL AS DOUBLE)), POWER(NULL, 2);

SELECT p_size, count(*), sum(SQRT(p_retailprice)), sum(LN(p_retailprice)), max(POWER(p_size, 3))
FROM part
GROUP BY p_size
ORDER BY p_size;

-- RANDOM is drawn anew for every row: no two of a table's rows get the same value, and a filter on it keeps about half
SELECT count(DISTINCT RANDOM()) = count(*), min(RANDOM()) >= 0, max(RANDOM()) < 1 FROM lineitem;

SELECT count(*) > 0, count(*) < (SELECT count(*) FROM lineitem) FROM lineitem WHERE RANDOM() < 0.5;
