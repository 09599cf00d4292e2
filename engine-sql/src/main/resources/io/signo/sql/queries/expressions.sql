-- arithmetic on decimals with mixed scales
SELECT l_orderkey, l_linenumber, l_extendedprice * l_discount, l_extendedprice + l_tax, l_quantity - 0.5,
       l_extendedprice * (1 - l_discount) * (1 + l_tax), l_discount * 1.005
FROM lineitem
WHERE l_orderkey < 40
ORDER BY l_orderkey, l_linenumber;

-- decimal division
SELECT o_orderkey, o_totalprice / 3, o_totalprice / 7.5
FROM orders
WHERE o_orderkey < 50
ORDER BY o_orderkey;

-- integer arithmetic, integer division and modulus
SELECT p_partkey, p_size + 1, p_size * 3 - 7, p_size / 4, MOD(p_size, 7), -p_size
FROM part
WHERE p_partkey < 25
ORDER BY p_partkey;

-- bigint with integer and decimal
SELECT o_orderkey, o_orderkey * 2 + o_shippriority, o_orderkey + 0.25, o_custkey / 10
FROM orders
WHERE o_orderkey < 40
ORDER BY o_orderkey;

-- negative integer division truncates toward zero
SELECT p_partkey, (p_size - 30) / 4, MOD(p_size - 30, 4)
FROM part
WHERE p_partkey < 15
ORDER BY p_partkey;

-- double arithmetic
SELECT s_suppkey, CAST(s_acctbal AS DOUBLE) * 1.5, CAST(s_suppkey AS DOUBLE) / 3
FROM supplier
WHERE s_suppkey < 10
ORDER BY s_suppkey;

-- searched CASE with and without ELSE
SELECT o_orderkey,
       CASE WHEN o_totalprice > 200000 THEN 'high' WHEN o_totalprice > 100000 THEN 'mid' ELSE 'low' END,
       CASE WHEN o_orderstatus = 'F' THEN o_totalprice END
FROM orders
WHERE o_orderkey < 70
ORDER BY o_orderkey;

-- simple CASE
SELECT n_name, CASE n_regionkey WHEN 0 THEN 'africa' WHEN 1 THEN 'america' ELSE 'other' END
FROM nation
ORDER BY n_name;

-- COALESCE and NULLIF
SELECT n_nationkey, NULLIF(n_regionkey, 1), COALESCE(NULLIF(n_regionkey, 1), -1), COALESCE(NULLIF(n_name, 'BRAZIL'), 'none')
FROM nation
ORDER BY n_nationkey;

-- IN lists of numbers and strings
SELECT n_nationkey, n_name
FROM nation
WHERE n_nationkey IN (1, 3, 5, 24) OR n_name IN ('FRANCE', 'JAPAN')
ORDER BY n_nationkey;

-- NOT IN list
SELECT count(*) FROM part WHERE p_size NOT IN (1, 2, 3, 4, 5) AND p_container NOT IN ('SM BOX', 'LG CASE');

-- BETWEEN on numbers, decimals and dates, and NOT BETWEEN
SELECT count(*), sum(l_quantity)
FROM lineitem
WHERE l_quantity BETWEEN 10 AND 20
  AND l_discount BETWEEN 0.02 AND 0.04
  AND l_shipdate BETWEEN DATE '1994-01-01' AND DATE '1994-12-31'
  AND l_linenumber NOT BETWEEN 2 AND 3;

-- boolean logic with NOT, AND, OR
SELECT count(*)
FROM orders
WHERE NOT (o_orderstatus = 'F' OR o_totalprice < 100000) AND (o_orderpriority = '1-URGENT' OR o_shippriority <> 0 OR o_custkey < 100);

-- comparisons of every kind in SELECT
SELECT p_partkey, p_size > 20, p_size >= 20, p_size < 20, p_size <= 20, p_size = 20, p_size <> 20
FROM part
WHERE p_partkey < 20
ORDER BY p_partkey;

-- casts among numbers
SELECT p_partkey, CAST(p_size AS BIGINT), CAST(p_size AS DECIMAL(10, 2)), CAST(p_retailprice AS INTEGER),
       CAST(p_retailprice AS DOUBLE), CAST(p_partkey AS INTEGER) + 1
FROM part
WHERE p_partkey < 20
ORDER BY p_partkey;

-- casts to and from strings
SELECT CAST(o_orderkey AS VARCHAR), CAST(o_orderdate AS VARCHAR), CAST(o_totalprice AS VARCHAR),
       CAST('42' AS INTEGER) + 1, CAST('1995-03-15' AS DATE), CAST('12.50' AS DECIMAL(10, 2))
FROM orders
WHERE o_orderkey < 10
ORDER BY o_orderkey;

-- constant expressions without a table
SELECT 1 + 2, 7 / 2, 7.0 / 2, MOD(17, 5), CASE WHEN 1 < 2 THEN 'yes' ELSE 'no' END, COALESCE(NULL, 3);

-- absolute values of every numeric type, of columns, computed values and constants
SELECT s_suppkey, ABS(s_acctbal), ABS(s_nationkey - 12), ABS(CAST(s_acctbal AS DOUBLE) / 3), ABS(-s_suppkey),
       ABS(CAST(s_nationkey AS INTEGER) - 20), ABS(CASE WHEN s_nationkey > 10 THEN NULL ELSE -s_acctbal END)
FROM supplier
WHERE s_suppkey < 40
ORDER BY s_suppkey;

SELECT ABS(-5), ABS(-2.5), ABS(CAST(NULL AS INTEGER)), ABS(-2147483647), ABS(-9223372036854775807), ABS(-0.0E0);

-- a VALUES column of exact and approximate numbers is a DOUBLE
SELECT x, x * 2 FROM (VALUES (0.25), (1e10), (-3), (-1.5e-3), (7)) AS t(x) ORDER BY x;

-- UPPER, LOWER, LENGTH and || over CHAR and VARCHAR columns, non-ASCII text, NULLs and a selection
SELECT n_nationkey, UPPER(n_comment), LOWER(n_name), LENGTH(n_name), CHAR_LENGTH(n_comment), n_name || ' in ' || r_name,
       LOWER('ÉTÉ Σ ÀÇ'), UPPER('héllo wörld'), LENGTH('héllo ✓'),
       UPPER(CASE WHEN n_nationkey % 3 = 0 THEN NULL ELSE n_name END), LENGTH(CASE WHEN n_nationkey % 4 = 0 THEN NULL ELSE n_comment END),
       n_name || CASE WHEN n_nationkey % 5 = 0 THEN NULL ELSE '!' END
FROM nation JOIN region ON n_regionkey = r_regionkey
WHERE n_nationkey % 2 = 1
ORDER BY n_nationkey;

SELECT LENGTH(p_name), count(*) FROM part WHERE UPPER(p_type) LIKE '%BRASS' AND LOWER(p_container) = 'sm case' GROUP BY LENGTH(p_name) ORDER BY 1;

-- TRIM of spaces and of other characters from either end, REPLACE, over columns and constants with NULLs
SELECT n_nationkey, TRIM(BOTH 'AEIOU' FROM n_name), TRIM(LEADING 'ls' FROM n_comment), TRIM(TRAILING '. ' FROM n_comment),
       REPLACE(n_comment, 'the', 'THÉ'), REPLACE(n_name, 'A', ''), TRIM('  ab c  '), TRIM(TRAILING 'xé' FROM 'abéxé'),
       REPLACE('banana', 'an', 'AN'), REPLACE('abc', '', 'x'),
       REPLACE(CASE WHEN n_nationkey % 3 = 0 THEN NULL ELSE n_name END, 'A', 'a'), TRIM(CASE WHEN n_nationkey % 4 = 0 THEN NULL ELSE n_comment END)
FROM nation
WHERE n_nationkey % 2 = 0
ORDER BY n_nationkey;

-- NaN equals NaN and is above every number, +Infinity included, and -0.0 equals 0.0, as in DuckDB and PostgreSQL: in comparisons, IN,
-- GREATEST and LEAST, MIN and MAX, GROUP BY and DISTINCT, ORDER BY, joins and RANGE frames
WITH t(x, k) AS (VALUES (CAST('NaN' AS DOUBLE), 1), (CAST('Infinity' AS DOUBLE), 2), (1.5e0, 3), (-0.0e0, 4), (0.0e0, 5), (CAST('-Infinity' AS DOUBLE), 6),
                        (CAST(NULL AS DOUBLE), 7), (CAST('NaN' AS DOUBLE), 8))
SELECT k, x > 0, x = CAST('NaN' AS DOUBLE), x < CAST('Infinity' AS DOUBLE), x >= 1.5e0, x <= CAST('NaN' AS DOUBLE), x <> x, x IS DISTINCT FROM CAST('NaN' AS DOUBLE),
       GREATEST(x, 2e0), LEAST(x, 2e0), x IN (CAST('NaN' AS DOUBLE), 0e0)
FROM t
ORDER BY k;

WITH t(x, k) AS (VALUES (CAST('NaN' AS DOUBLE), 1), (CAST('Infinity' AS DOUBLE), 2), (1.5e0, 3), (-0.0e0, 4), (0.0e0, 5), (CAST('-Infinity' AS DOUBLE), 6),
                        (CAST(NULL AS DOUBLE), 7), (CAST('NaN' AS DOUBLE), 8))
SELECT MIN(x), MAX(x), COUNT(DISTINCT x), MAX(x) FILTER (WHERE k < 8 AND k > 1), MIN(x) FILTER (WHERE k = 1 OR k = 3) FROM t;

WITH t(x, k) AS (VALUES (CAST('NaN' AS DOUBLE), 1), (CAST('Infinity' AS DOUBLE), 2), (1.5e0, 3), (-0.0e0, 4), (0.0e0, 5), (CAST('-Infinity' AS DOUBLE), 6),
                        (CAST(NULL AS DOUBLE), 7), (CAST('NaN' AS DOUBLE), 8))
SELECT x, COUNT(*), MIN(k) FROM t GROUP BY x ORDER BY x NULLS FIRST;

WITH t(x, k) AS (VALUES (CAST('NaN' AS DOUBLE), 1), (CAST('Infinity' AS DOUBLE), 2), (1.5e0, 3), (-0.0e0, 4), (0.0e0, 5), (CAST('-Infinity' AS DOUBLE), 6),
                        (CAST(NULL AS DOUBLE), 7), (CAST('NaN' AS DOUBLE), 8))
SELECT k, x FROM t ORDER BY x DESC NULLS LAST, k;

WITH t(x, k) AS (VALUES (CAST('NaN' AS DOUBLE), 1), (CAST('Infinity' AS DOUBLE), 2), (1.5e0, 3), (-0.0e0, 4), (0.0e0, 5), (CAST('-Infinity' AS DOUBLE), 6),
                        (CAST(NULL AS DOUBLE), 7), (CAST('NaN' AS DOUBLE), 8))
SELECT a.k, b.k FROM t a JOIN t b ON a.x = b.x ORDER BY 1, 2;

WITH t(x, k) AS (VALUES (CAST('NaN' AS DOUBLE), 1), (CAST('Infinity' AS DOUBLE), 2), (1.5e0, 3), (-0.0e0, 4), (0.0e0, 5))
SELECT k, SUM(k) OVER (ORDER BY x RANGE BETWEEN 1 PRECEDING AND CURRENT ROW), RANK() OVER (ORDER BY x), MAX(x) OVER (ORDER BY k ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)
FROM t
ORDER BY k;

SELECT CAST('NaN' AS DOUBLE) > 0, CAST('NaN' AS DOUBLE) = CAST('NaN' AS DOUBLE), -0.0e0 = 0.0e0, CAST('NaN' AS REAL) > CAST('Infinity' AS REAL),
       CAST('NaN' AS REAL) = CAST('NaN' AS REAL), LEAST(CAST('NaN' AS DOUBLE), 1e0);
