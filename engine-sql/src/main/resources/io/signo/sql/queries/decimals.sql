-- long DECIMALs (19 to 38 digits): literals and casts from text, integers and short decimals, as text so that every digit and the scale show
SELECT CAST(CAST(123456789012345678901234.5 AS DECIMAL(38, 1)) AS VARCHAR), CAST(CAST(-99999999999999999999999999999999999999 AS DECIMAL(38, 0)) AS VARCHAR),
       CAST(CAST(-0.5 AS DECIMAL(20, 2)) AS VARCHAR), CAST(CAST('12345678901234567890.125' AS DECIMAL(30, 2)) AS VARCHAR),
       CAST(CAST(' -7.5 ' AS DECIMAL(25, 0)) AS VARCHAR), CAST(CAST(9223372036854775807 AS DECIMAL(30, 5)) AS VARCHAR),
       CAST(CAST(-2147483648 AS DECIMAL(19, 0)) AS VARCHAR), CAST(0.00000000000000000000000000000000000001 AS DECIMAL(38, 38)),
       CAST(CAST(NULL AS DECIMAL(30, 2)) AS VARCHAR);

-- casts of columns to long decimals and back to short decimals, integers, doubles and text; halves round away from zero
SELECT l_orderkey, l_linenumber, CAST(CAST(l_extendedprice AS DECIMAL(38, 2)) AS VARCHAR), CAST(CAST(l_extendedprice AS DECIMAL(25, 1)) AS VARCHAR),
       CAST(l_extendedprice AS DECIMAL(38, 12)), CAST(CAST(l_extendedprice AS DECIMAL(38, 12)) + 0.000000000001 AS VARCHAR), CAST(CAST(CAST(l_extendedprice AS DECIMAL(25, 5)) AS DECIMAL(10, 1)) AS VARCHAR),
       CAST(CAST(-l_extendedprice AS DECIMAL(25, 5)) AS INTEGER), CAST(CAST(l_discount AS DECIMAL(25, 2)) AS DOUBLE), CAST(CAST(l_quantity AS DOUBLE) / 8 AS DECIMAL(30, 10))
FROM lineitem
WHERE l_orderkey < 100
ORDER BY 1, 2;

-- arithmetic on long decimals, mixed with short decimals and integers, as text: sums, differences, products, remainders
SELECT l_orderkey, l_linenumber, CAST(CAST(l_extendedprice AS DECIMAL(38, 2)) + l_tax AS VARCHAR), CAST(l_quantity - CAST(l_extendedprice AS DECIMAL(30, 4)) AS VARCHAR),
       CAST(CAST(l_extendedprice AS DECIMAL(25, 2)) * l_discount AS VARCHAR),
       CAST(CAST(l_extendedprice AS DECIMAL(25, 2)) * CAST(l_extendedprice AS DECIMAL(25, 2)) * l_extendedprice AS VARCHAR),
       CAST(l_orderkey * CAST(l_extendedprice AS DECIMAL(20, 2)) * 100000000000 AS VARCHAR), CAST(-CAST(l_extendedprice AS DECIMAL(30, 2)) * 1000000000000000000000 AS VARCHAR),
       CAST(CAST(l_extendedprice AS DECIMAL(30, 2)) % 7 AS VARCHAR), CAST(-CAST(l_extendedprice AS DECIMAL(30, 2)) % 0.7 AS VARCHAR),
       CAST(CAST(l_extendedprice AS DECIMAL(38, 2)) * 100000000000000000000 % CAST(l_quantity AS DECIMAL(20, 2)) AS VARCHAR)
FROM lineitem
WHERE l_orderkey < 200
ORDER BY 1, 2;

-- division of long decimals (DuckDB answers in DOUBLE, compared with a tolerance)
SELECT l_orderkey, l_linenumber, CAST(l_extendedprice AS DECIMAL(30, 2)) / l_quantity, CAST(l_extendedprice AS DECIMAL(30, 2)) / 7, -CAST(l_extendedprice AS DECIMAL(38, 6)) / l_tax,
       CAST(l_extendedprice AS DECIMAL(38, 2)) * 1000000000000000000 / CAST(l_quantity AS DECIMAL(20, 2))
FROM lineitem
WHERE l_orderkey < 200 AND l_tax > 0
ORDER BY 1, 2;

-- comparisons of long decimals with long and short decimals, integers and doubles; IN, BETWEEN and IS DISTINCT FROM with NULLs
SELECT l_orderkey, l_linenumber, CAST(l_extendedprice AS DECIMAL(30, 2)) > 50000, CAST(l_extendedprice AS DECIMAL(30, 2)) = l_extendedprice,
       CAST(l_extendedprice AS DECIMAL(30, 3)) < CAST(l_quantity AS DECIMAL(25, 1)) * 1000, CAST(l_discount AS DECIMAL(20, 2)) IN (0.05, 0.07, 0.075),
       CAST(l_tax AS DECIMAL(20, 2)) BETWEEN 0.02 AND 0.04, CAST(l_extendedprice AS DECIMAL(30, 2)) >= CAST(l_extendedprice AS DOUBLE),
       CAST(NULLIF(l_linenumber, 3) AS DECIMAL(20, 0)) IS DISTINCT FROM CAST(l_linenumber AS DECIMAL(25, 1)),
       CAST(NULLIF(l_linenumber, 3) AS DECIMAL(20, 0)) <> 2, 10000000000000000000 < CAST(l_orderkey AS DECIMAL(30, 0)) * 1000000000000000000
FROM lineitem
WHERE l_orderkey < 100
ORDER BY 1, 2;

-- filters on long decimals: against a constant (either side), between columns, IN lists
SELECT count(*), sum(l_quantity)
FROM lineitem
WHERE CAST(l_extendedprice AS DECIMAL(38, 2)) * 1000000000000000000 > 50000000000000000000000.00;

SELECT l_orderkey, l_linenumber, l_extendedprice
FROM lineitem
WHERE 1000.5 >= CAST(l_extendedprice AS DECIMAL(30, 1)) AND CAST(l_quantity AS DECIMAL(30, 2)) IN (1, 2, 3.00, 4.5)
ORDER BY 1, 2;

SELECT count(*)
FROM lineitem
WHERE CAST(l_extendedprice AS DECIMAL(30, 2)) < CAST(l_quantity AS DECIMAL(25, 2)) * 1000 AND CAST(l_tax AS DECIMAL(20, 2)) <> 0.02;

-- CASE, COALESCE, NULLIF, GREATEST, LEAST, ABS, SIGN and unary minus of long decimals, with NULLs
SELECT o_orderkey,
       CAST(CASE WHEN o_orderpriority = '1-URGENT' THEN CAST(o_totalprice AS DECIMAL(38, 2)) WHEN o_orderstatus = 'F' THEN NULL ELSE -o_totalprice END AS VARCHAR),
       CAST(COALESCE(CAST(NULLIF(o_shippriority, 0) AS DECIMAL(30, 1)), CAST(o_totalprice AS DECIMAL(30, 1)) * 10) AS VARCHAR),
       CAST(NULLIF(CAST(o_custkey AS DECIMAL(30, 0)), 370) AS VARCHAR), GREATEST(CAST(o_totalprice AS DECIMAL(25, 2)), 150000),
       LEAST(CAST(o_totalprice AS DECIMAL(25, 2)), o_custkey * 10.5, NULL), CAST(ABS(CAST(-o_totalprice AS DECIMAL(30, 2))) AS VARCHAR),
       SIGN(CAST(o_totalprice - 150000 AS DECIMAL(30, 2))), CAST(-CAST(o_totalprice AS DECIMAL(30, 2)) AS VARCHAR)
FROM orders
WHERE o_orderkey < 500
ORDER BY 1;

-- ROUND, TRUNC, FLOOR and CEIL of long decimals, as text so that the result's scale shows too
SELECT o_orderkey, CAST(ROUND(CAST(o_totalprice AS DECIMAL(30, 2)) * 1.001, 1) AS VARCHAR), CAST(ROUND(CAST(-o_totalprice AS DECIMAL(30, 2)), -2) AS VARCHAR),
       CAST(TRUNC(CAST(-o_totalprice AS DECIMAL(30, 2)) * 1.001, 1) AS VARCHAR), CAST(FLOOR(CAST(-o_totalprice AS DECIMAL(30, 2))) AS VARCHAR),
       CAST(CEIL(CAST(o_totalprice AS DECIMAL(30, 2))) AS VARCHAR), CAST(ROUND(CAST(o_totalprice AS DECIMAL(30, 2))) AS VARCHAR)
FROM orders
WHERE o_orderkey < 300
ORDER BY 1;

-- aggregates of long decimals, grouped: SUM, AVG, MIN, MAX and COUNT, with NULLs
SELECT l_returnflag, l_linestatus, CAST(sum(CAST(l_extendedprice AS DECIMAL(38, 2)) * 100000000000000000000) AS VARCHAR),
       CAST(min(CAST(l_extendedprice AS DECIMAL(30, 4))) AS VARCHAR), CAST(max(CAST(-l_extendedprice AS DECIMAL(30, 4))) AS VARCHAR),
       avg(CAST(l_extendedprice AS DECIMAL(30, 2))), count(CAST(NULLIF(l_linenumber, 1) AS DECIMAL(20, 0))), CAST(sum(CAST(NULLIF(l_linenumber, 1) AS DECIMAL(20, 0))) AS VARCHAR),
       CAST(max(CAST(NULLIF(l_linenumber, 1) AS DECIMAL(20, 0))) AS VARCHAR), stddev_samp(CAST(l_quantity AS DECIMAL(30, 2)))
FROM lineitem
GROUP BY l_returnflag, l_linestatus
ORDER BY 1, 2;

-- global aggregates of long decimals, and of none
SELECT CAST(sum(CAST(o_totalprice AS DECIMAL(38, 2))) AS VARCHAR), CAST(min(CAST(o_totalprice AS DECIMAL(38, 2))) AS VARCHAR),
       CAST(max(CAST(o_totalprice AS DECIMAL(38, 2))) AS VARCHAR), avg(CAST(o_totalprice AS DECIMAL(38, 2))), count(CAST(o_totalprice AS DECIMAL(38, 2)))
FROM orders;

SELECT sum(x), min(x), max(x), avg(x), count(x), count(*)
FROM (SELECT CAST(l_extendedprice AS DECIMAL(30, 2)) x FROM lineitem WHERE l_orderkey < 0) t;

-- a sum of short decimals is a DECIMAL(38, s), past 18 digits; the cube of a price needs a long factor (DuckDB, too, keeps a product of short decimals within 18 digits)
SELECT CAST(sum(CAST(l_extendedprice AS DECIMAL(38, 2)) * l_extendedprice * l_extendedprice) AS VARCHAR), CAST(sum(l_extendedprice * l_extendedprice) AS VARCHAR),
       CAST(sum(l_extendedprice * l_extendedprice) * 1000000 AS VARCHAR)
FROM lineitem;

-- GROUP BY long decimal keys, alone and with other keys; NULL keys make their own group
SELECT CAST(k AS VARCHAR), count(*), CAST(sum(p) AS VARCHAR)
FROM (SELECT CAST(l_quantity AS DECIMAL(38, 2)) * 1000000000000000000000 k, CAST(l_extendedprice AS DECIMAL(30, 2)) p FROM lineitem) t
GROUP BY k
ORDER BY k;

SELECT CAST(k AS VARCHAR), l_returnflag, count(*), CAST(min(p) AS VARCHAR)
FROM (SELECT CASE WHEN l_linenumber = 7 THEN NULL ELSE CAST(l_discount AS DECIMAL(30, 2)) * 100000000000000000000 END k, l_returnflag,
             CAST(l_extendedprice AS DECIMAL(30, 2)) p FROM lineitem) t
GROUP BY k, l_returnflag
ORDER BY k, l_returnflag;

SELECT count(DISTINCT CAST(l_quantity AS DECIMAL(25, 2))), count(DISTINCT CAST(l_extendedprice AS DECIMAL(38, 2)) * 1000000000000000000000), count(*)
FROM lineitem;

-- joins on long decimal keys: inner, outer, semi and anti
SELECT count(*), CAST(sum(l.k) AS VARCHAR), sum(l_quantity)
FROM (SELECT CAST(o_orderkey AS DECIMAL(38, 0)) * 100000000000000000000 k FROM orders WHERE o_orderstatus = 'F') o
JOIN (SELECT CAST(l_orderkey AS DECIMAL(38, 0)) * 100000000000000000000 k, l_quantity FROM lineitem) l ON o.k = l.k;

SELECT o_orderkey, CAST(l.k AS VARCHAR), l_linenumber
FROM (SELECT o_orderkey, CAST(o_orderkey AS DECIMAL(30, 0)) * 1000000000000 k FROM orders WHERE o_orderkey < 200) o
LEFT JOIN (SELECT CAST(l_orderkey AS DECIMAL(30, 0)) * 1000000000000 k, l_linenumber FROM lineitem WHERE l_linenumber = 6) l ON o.k = l.k
ORDER BY 1, 3;

SELECT count(*)
FROM orders
WHERE CAST(o_custkey AS DECIMAL(30, 0)) IN (SELECT CAST(c_custkey AS DECIMAL(30, 0)) FROM customer WHERE c_mktsegment = 'BUILDING');

SELECT count(*)
FROM customer
WHERE CAST(c_acctbal AS DECIMAL(30, 2)) NOT IN (SELECT CAST(s_acctbal AS DECIMAL(30, 2)) FROM supplier WHERE s_acctbal IS NOT NULL);

-- ORDER BY long decimals both ways, with NULLs, and a top N
SELECT o_orderkey, CAST(CAST(o_totalprice AS DECIMAL(30, 2)) * -1000000000000000 AS VARCHAR)
FROM orders
ORDER BY CAST(o_totalprice AS DECIMAL(30, 2)) * -1000000000000000, o_orderkey
LIMIT 20;

SELECT o_orderkey, CAST(k AS VARCHAR)
FROM (SELECT o_orderkey, CASE WHEN o_orderkey % 7 = 0 THEN NULL ELSE CAST(o_totalprice AS DECIMAL(38, 2)) END k FROM orders WHERE o_orderkey < 400) t
ORDER BY k DESC, o_orderkey;

-- window functions over long decimals
SELECT o_custkey, o_orderkey, CAST(sum(CAST(o_totalprice AS DECIMAL(30, 2))) OVER (PARTITION BY o_custkey ORDER BY o_orderkey) AS VARCHAR),
       CAST(max(CAST(o_totalprice AS DECIMAL(30, 2))) OVER (PARTITION BY o_custkey) AS VARCHAR),
       CAST(lag(CAST(o_totalprice AS DECIMAL(30, 2))) OVER (PARTITION BY o_custkey ORDER BY o_orderkey) AS VARCHAR),
       rank() OVER (PARTITION BY o_orderstatus ORDER BY CAST(o_totalprice AS DECIMAL(30, 2)) DESC)
FROM orders
WHERE o_custkey < 50
ORDER BY 1, 2;

-- UNION of long and short decimals and integers: the common type keeps the largest scale
SELECT CAST(x AS VARCHAR)
FROM (SELECT CAST(n_nationkey AS DECIMAL(30, 3)) * 1000000000000000000 x FROM nation UNION ALL SELECT r_regionkey * 1.5 FROM region UNION ALL SELECT -7) t
ORDER BY x;

-- results past 38 digits fail with NUMERIC_OVERFLOW, as they do in DuckDB
-- fails: NUMERIC_OVERFLOW
SELECT CAST(99999999999999999999999999999999999999 AS DECIMAL(38, 0)) + CAST(n_nationkey + 1 AS DECIMAL(38, 0))
FROM nation;

-- fails: NUMERIC_OVERFLOW
SELECT CAST(n_nationkey AS DECIMAL(38, 0)) * 10000000000000000000000000000000000000
FROM nation;

-- fails: NUMERIC_OVERFLOW
SELECT CAST(l_extendedprice AS DECIMAL(38, 2)) * 1000000000000000000 * 1000000000000000000
FROM lineitem;

-- fails: NUMERIC_OVERFLOW
SELECT CAST(CAST(n_nationkey AS DECIMAL(38, 0)) * 100000000000000000000 AS DECIMAL(20, 0))
FROM nation;

-- fails: NUMERIC_OVERFLOW
SELECT CAST(CAST(n_nationkey AS DECIMAL(38, 0)) * 100000000000000000000 AS BIGINT)
FROM nation;

-- fails: NUMERIC_OVERFLOW
SELECT sum(CAST(99999999999999999999999999999999999999 AS DECIMAL(38, 0)) - l_linenumber)
FROM lineitem;

-- fails: INVALID_CAST
SELECT CAST(n_name AS DECIMAL(30, 2))
FROM nation;

-- AVG of a DECIMAL keeps at least six digits after the point (DuckDB's is a DOUBLE): scaled by 1000, so that an average kept at the argument's scale would differ by more than the comparison's 0.01 and one at six digits by less
SELECT l_returnflag, avg(l_quantity) * 1000, avg(l_extendedprice) * 1000, avg(l_discount) * 1000, avg(CAST(l_extendedprice AS DECIMAL(38, 2))) * 1000,
       avg(CAST(l_quantity AS DECIMAL(10, 8))) * 1000, avg(CAST(l_linenumber AS DECIMAL(4, 0))) * 1000
FROM lineitem
GROUP BY l_returnflag
ORDER BY 1;

-- ... with NULLs (ignored), a group of NULLs only, and no rows at all
SELECT l_linenumber, avg(CASE WHEN l_linenumber > 5 THEN NULL ELSE l_tax END) * 1000, count(*)
FROM lineitem
GROUP BY l_linenumber
ORDER BY 1;

SELECT avg(l_discount), avg(CAST(l_extendedprice AS DECIMAL(38, 2)))
FROM lineitem
WHERE l_orderkey < 0;

-- ... in a window, ordered by the difference from the average as TPC-DS query 89 is (near-ties broken by the digits past the argument's scale)
SELECT o_custkey, o_orderkey, o_totalprice - avg(o_totalprice) OVER (PARTITION BY o_custkey) AS difference
FROM orders
WHERE o_custkey < 200
ORDER BY difference, o_orderkey
LIMIT 40;

SELECT o_orderpriority, sum(o_totalprice) AS total, avg(sum(o_totalprice)) OVER (PARTITION BY left(o_orderpriority, 1)) * 1000 AS average
FROM orders
GROUP BY o_orderpriority
ORDER BY 1;

-- ... an expression of it keeps the scale: comparisons and CASE as query 89 has them
SELECT count(*)
FROM (SELECT o_custkey, avg(o_totalprice) a, min(o_totalprice) m FROM orders GROUP BY o_custkey) t
WHERE CASE WHEN a <> 0 THEN abs(m - a) / a ELSE NULL END > 0.1;

-- sums whose 64-bit running sums pass the long range many times (values near DECIMAL(15, 0)'s limit, over Q1's few groups and over all rows): positive, negative, both with NULLs between them
SELECT l_returnflag, l_linestatus, CAST(sum(CAST(999999999999999 - l_linenumber AS DECIMAL(15, 0))) AS VARCHAR),
       CAST(sum(CAST(l_linenumber - 999999999999999 AS DECIMAL(15, 0))) AS VARCHAR),
       CAST(sum(CAST(CASE WHEN l_orderkey % 3 = 0 THEN NULL WHEN l_orderkey % 3 = 1 THEN 999999999999999 - l_linenumber ELSE l_linenumber - 999999999999999 END AS DECIMAL(15, 0))) AS VARCHAR),
       count(CAST(CASE WHEN l_orderkey % 3 = 0 THEN NULL ELSE l_linenumber END AS DECIMAL(15, 0))), count(*)
FROM lineitem
GROUP BY l_returnflag, l_linestatus
ORDER BY 1, 2;

SELECT CAST(sum(CAST(999999999999999 - l_linenumber AS DECIMAL(15, 0))) AS VARCHAR), CAST(sum(CAST(l_quantity * 10000000000000 AS DECIMAL(18, 2))) AS VARCHAR)
FROM lineitem;
