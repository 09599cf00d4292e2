-- Mixed numeric types and the conversions between them, as constants folded at planning and as
-- columns computed at run time. The comparison tolerates a difference of 0.01, so a lost fraction
-- digit shows in a value multiplied by 100.

-- CASE mixing a BIGINT column with decimal constants keeps the fraction
SELECT n_nationkey, CASE WHEN n_nationkey > 5 THEN n_nationkey ELSE 2.5 END, CASE WHEN n_nationkey > 5 THEN -0.75 ELSE n_regionkey END
FROM nation
ORDER BY n_nationkey;

-- CASE mixing an INTEGER column with a decimal column and NULL, without ELSE
SELECT p_partkey, CASE WHEN p_size > 25 THEN p_size WHEN p_size > 10 THEN p_retailprice END,
       CASE WHEN p_size < 10 THEN NULL ELSE p_size * 0.5 END
FROM part
WHERE p_partkey < 30
ORDER BY p_partkey;

-- CASE mixing a BIGINT column with a decimal column holding negative values
SELECT s_suppkey, CASE WHEN s_acctbal < 0 THEN s_acctbal ELSE s_nationkey END
FROM supplier
ORDER BY s_suppkey;

-- simple CASE with decimal and BIGINT results
SELECT n_nationkey, CASE n_regionkey WHEN 0 THEN 0.25 WHEN 1 THEN n_nationkey ELSE -1.125 END
FROM nation
ORDER BY n_nationkey;

-- CASE mixing INTEGER with BIGINT, and DOUBLE with DECIMAL
SELECT p_partkey, CASE WHEN p_size > 20 THEN p_size ELSE p_partkey END,
       CASE WHEN p_size > 20 THEN CAST(p_size AS DOUBLE) / 4 ELSE p_retailprice END
FROM part
WHERE p_partkey < 20
ORDER BY p_partkey;

-- CASE and COALESCE of constants only
SELECT CASE WHEN 1 > 0 THEN 2.5 ELSE 1 END, CASE WHEN 1 < 0 THEN 9223372036854775807 ELSE -2.5 END,
       COALESCE(NULL, 2.5, 1), COALESCE(CAST(NULL AS BIGINT), 0.5), COALESCE(NULL, -3.75), COALESCE(NULL, 2.5, 3000000000);

-- COALESCE of a constant decimal and a BIGINT column
SELECT n_nationkey, COALESCE(NULL, 2.5, n_nationkey), COALESCE(NULLIF(n_regionkey, 1), 0.5),
       COALESCE(CASE WHEN n_nationkey > 10 THEN NULL ELSE n_nationkey END, n_nationkey * -0.25)
FROM nation
ORDER BY n_nationkey;

-- COALESCE of an INTEGER column and a decimal column
SELECT p_partkey, COALESCE(NULLIF(p_size, 1), p_retailprice), COALESCE(NULLIF(p_retailprice, p_retailprice), p_size)
FROM part
WHERE p_partkey < 20
ORDER BY p_partkey;

-- UNION ALL of a BIGINT column and decimal constants
SELECT n_nationkey FROM nation
UNION ALL SELECT 121.65
UNION ALL SELECT -0.5;

-- UNION ALL of a BIGINT column and a decimal column
SELECT n_nationkey, n_name FROM nation WHERE n_nationkey < 5
UNION ALL
SELECT s_acctbal, s_name FROM supplier WHERE s_suppkey < 10
ORDER BY 1, 2;

-- UNION of INTEGER, BIGINT and a decimal constant
SELECT p_size FROM part WHERE p_partkey < 10
UNION SELECT n_nationkey FROM nation
UNION SELECT 2.5;

-- UNION ALL of a decimal column and a DOUBLE
SELECT s_acctbal FROM supplier WHERE s_suppkey < 5
UNION ALL
SELECT CAST(s_suppkey AS DOUBLE) / 4 FROM supplier WHERE s_suppkey < 5;

-- UNION ALL with NULL and a negative decimal
SELECT n_nationkey FROM nation WHERE n_nationkey < 3
UNION ALL SELECT NULL
UNION ALL SELECT -7.25;

-- VALUES mixing integers and decimals
SELECT x FROM (VALUES (1), (2.5), (-3.75), (9000000000)) AS t (x) ORDER BY x;

-- IN lists and comparisons of integer columns with decimals
SELECT n_nationkey FROM nation WHERE n_nationkey IN (1.5, 2, 3.0, 7.25) ORDER BY n_nationkey;

SELECT count(*), count(CASE WHEN n_nationkey <= 23.9 THEN 1 END), count(CASE WHEN n_nationkey < -0.5 THEN 1 END)
FROM nation
WHERE n_nationkey >= 1.5;

SELECT count(*), count(CASE WHEN p_size > 49.5 THEN 1 END) FROM part WHERE p_size NOT IN (1.5, 2.5, 3);

-- a sum compared with a product of more decimal digits: exact, not rounded to the sum's scale
SELECT s_nationkey, sum(s_acctbal)
FROM supplier
GROUP BY s_nationkey
HAVING sum(s_acctbal) >= sum(s_acctbal) * 1.0000001
ORDER BY s_nationkey;

-- casts of decimal and double constants to integers round half away from zero, as casts of columns do
SELECT CAST(12.7 AS INTEGER), CAST(-12.5 AS INTEGER), CAST(12.5 AS BIGINT), CAST(-12.7 AS BIGINT), CAST(0.5 AS INTEGER),
       CAST(2.7e0 AS INTEGER), CAST(-2.7e0 AS BIGINT), CAST(1.4999e0 AS INTEGER);

-- casts of constants to a smaller scale round half up
SELECT CAST(1.005 AS DECIMAL(10, 2)) * 100, CAST(-1.005 AS DECIMAL(10, 2)) * 100, CAST(0.05 AS DECIMAL(5, 1)),
       CAST(-0.05 AS DECIMAL(5, 1)), CAST(12.5 AS DECIMAL(5, 0)), CAST(CAST(1.005 AS DECIMAL(10, 2)) AS INTEGER);

-- constant decimals folded while planning keep their type's scale in text
SELECT CAST(CAST(ROUND(CAST(1.5 AS DECIMAL(12, 2)), 0) AS DECIMAL(14, 2)) AS VARCHAR),
       CAST(COALESCE(ROUND(CAST(1.5 AS DECIMAL(12, 2)), 0), CAST(0 AS DECIMAL(12, 2))) AS VARCHAR),
       CAST(ROUND(CAST(-2.45 AS DECIMAL(12, 2)), 1) AS VARCHAR), CAST(CAST(2 AS DECIMAL(14, 2)) AS VARCHAR);

-- a widening cast below a cast to text changes the text, over columns as over constants
SELECT n_nationkey, CAST(CAST(CAST(n_nationkey AS DECIMAL(12, 0)) AS DECIMAL(14, 2)) AS VARCHAR),
       CAST(CAST(CAST(n_nationkey AS DECIMAL(14, 2)) AS DECIMAL(16, 4)) AS VARCHAR),
       CAST(CAST(CAST(n_nationkey AS REAL) / 3 AS DOUBLE) AS VARCHAR), CAST(CAST(n_nationkey AS DOUBLE) AS VARCHAR)
FROM nation
ORDER BY n_nationkey;

-- the same casts over columns
SELECT n_nationkey, CAST(n_nationkey - 12.5 AS INTEGER), CAST(n_nationkey + 0.7 AS BIGINT), CAST(n_nationkey * 0.005 AS DECIMAL(10, 2)) * 100,
       CAST(-n_nationkey * 0.05 AS DECIMAL(5, 1)), CAST(CAST(n_nationkey AS DOUBLE) * 1.01 AS INTEGER)
FROM nation
ORDER BY n_nationkey;

SELECT s_suppkey, CAST(s_acctbal AS INTEGER), CAST(s_acctbal AS BIGINT), CAST(s_acctbal AS DECIMAL(12, 1)) * 10,
       CAST(s_acctbal / 1000 AS INTEGER), CAST(CAST(s_acctbal AS DOUBLE) * 1.1 AS INTEGER)
FROM supplier
WHERE s_suppkey < 30
ORDER BY s_suppkey;

-- EXTRACT of the day of the week (Sunday is 0) and of the year, from constants and columns
SELECT EXTRACT(DOW FROM DATE '2024-01-02'), EXTRACT(DOW FROM DATE '2024-01-07'), EXTRACT(DOW FROM DATE '2024-01-06'),
       EXTRACT(DOY FROM DATE '2024-12-31'), EXTRACT(DOY FROM DATE '2023-12-31'), EXTRACT(DOW FROM DATE '1969-12-28'), EXTRACT(DOY FROM DATE '1900-03-01');

SELECT o_orderkey, o_orderdate, EXTRACT(DOW FROM o_orderdate), EXTRACT(DOY FROM o_orderdate), EXTRACT(DOW FROM o_orderdate - INTERVAL '20000' DAY)
FROM orders
WHERE o_orderkey < 100
ORDER BY o_orderkey;

SELECT EXTRACT(DOW FROM o_orderdate), count(*) FROM orders GROUP BY EXTRACT(DOW FROM o_orderdate) ORDER BY 1;

-- DATE arithmetic past the year 9999 (a DATE holds days since 1970 in an int), as a constant and over a column
SELECT CAST(DATE '2020-01-01' + INTERVAL '3000000' DAY AS DATE), CAST(DATE '9999-12-31' + INTERVAL '1' DAY AS DATE),
       CAST(DATE '2020-01-01' + INTERVAL '8000' YEAR AS DATE), CAST(DATE '2020-01-01' - INTERVAL '30000' DAY AS DATE);

SELECT o_orderkey, CAST(o_orderdate + INTERVAL '3000000' DAY AS DATE), CAST(o_orderdate + INTERVAL '8000' YEAR AS DATE)
FROM orders
WHERE o_orderkey < 40
ORDER BY o_orderkey;

-- an interval times a number, folded with the date it moves (it gave 0233-09-21 for the first)
SELECT CAST(DATE '2020-01-01' + 1 * INTERVAL '3000000' DAY AS DATE), CAST(DATE '2020-01-01' + 2 * INTERVAL '3' DAY AS DATE),
       CAST(INTERVAL '1' MONTH * 14 + DATE '2020-01-31' AS DATE), CAST(DATE '2020-01-01' - 3 * INTERVAL '4000' YEAR AS DATE);

SELECT n_nationkey, CAST(DATE '2020-01-01' + n_nationkey * INTERVAL '3000000' DAY AS DATE)
FROM nation
WHERE n_nationkey = 1;

-- SMALLINT and TINYINT values are INTEGERs within the narrower range
SELECT CAST(n_nationkey * 1000 AS SMALLINT), CAST(n_nationkey - 12 AS TINYINT), CAST(32767 AS SMALLINT), CAST(-128 AS TINYINT)
FROM nation
ORDER BY n_nationkey;

-- fails: NUMERIC_OVERFLOW
SELECT CAST(40000 AS SMALLINT);

-- fails: NUMERIC_OVERFLOW
SELECT CAST(n_nationkey * 10 AS TINYINT) FROM nation;

-- fails: NUMERIC_OVERFLOW
SELECT CAST(n_nationkey AS SMALLINT) + CAST(32760 AS SMALLINT) FROM nation;

-- a BOOLEAN compared with a number is that number's 1 or 0, a literal included (TRUE = 2 is FALSE, TRUE > 0 TRUE, as in DuckDB)
SELECT r_regionkey, r_regionkey = TRUE, (r_regionkey > 2) = 3, (r_regionkey > 2) <> 0, 1 = (r_regionkey > 2), (r_regionkey > 2) = 1.0,
       TRUE = -1, TRUE = 2, FALSE = 0, TRUE <> 25, TRUE = 1, CAST(NULL AS BOOLEAN) = 1, (r_regionkey > 2) > 0, TRUE > 0, FALSE >= 1, 2 > (r_regionkey < 3)
FROM region;

-- found by the SQL fuzzer: an aggregate of BOOLEANs compared with an integer in HAVING
SELECT COUNT(*) FROM region GROUP BY CAST(0 AS BIGINT) HAVING MIN(TRUE) = -1;

SELECT COUNT(*) FROM region GROUP BY 'a', CAST(0 AS BIGINT) HAVING BOOL_OR(TRUE) <> -1;

SELECT MIN(DATE '2000-01-01') FROM customer HAVING MAX(TRUE) = 25;
