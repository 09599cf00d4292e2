-- ROLLUP over two keys with GROUPING of each level
SELECT l_returnflag, l_linestatus, COUNT(*), SUM(l_quantity), AVG(l_extendedprice), MIN(l_shipdate),
       GROUPING(l_returnflag), GROUPING(l_linestatus), GROUPING(l_returnflag, l_linestatus)
FROM lineitem
GROUP BY ROLLUP (l_returnflag, l_linestatus)
ORDER BY l_returnflag, l_linestatus;

-- CUBE over three keys
SELECT o_orderstatus, o_orderpriority, o_shippriority, COUNT(*), SUM(o_totalprice), MAX(o_clerk)
FROM orders
GROUP BY CUBE (o_orderstatus, o_orderpriority, o_shippriority);

-- explicit GROUPING SETS with the empty set, and an aggregate of a grouping key (its values stay in every set)
SELECT n_regionkey, n_name, COUNT(*), SUM(n_regionkey), MAX(n_name), GROUPING(n_regionkey, n_name)
FROM nation
GROUP BY GROUPING SETS ((n_regionkey), (n_name), ())
ORDER BY n_regionkey, n_name;

-- a rollup's subtotal levels filtered by HAVING and named by CASE on GROUPING
SELECT CASE WHEN GROUPING(c_mktsegment) = 1 THEN 'all segments' ELSE c_mktsegment END AS segment,
       c_nationkey, COUNT(*) AS customers, SUM(c_acctbal)
FROM customer
GROUP BY ROLLUP (c_mktsegment, c_nationkey)
HAVING COUNT(*) > 40
ORDER BY segment, c_nationkey;

-- a grouping key that is NULL in the data stays apart from the subtotal's NULL
SELECT NULLIF(p_size, 1) AS size, COUNT(*), GROUPING(NULLIF(p_size, 1))
FROM part
WHERE p_size <= 3
GROUP BY ROLLUP (NULLIF(p_size, 1))
ORDER BY 3, 1;

-- the empty set's row over no input, and none for the other sets
SELECT n_regionkey, COUNT(*), SUM(n_nationkey), GROUPING(n_regionkey)
FROM nation
WHERE n_nationkey < 0
GROUP BY ROLLUP (n_regionkey);

-- grouping sets without the empty set over no input: no rows
SELECT n_regionkey, n_name, COUNT(*)
FROM nation
WHERE n_nationkey < 0
GROUP BY GROUPING SETS ((n_regionkey), (n_name));

-- a partial rollup next to a plain key, with FILTER and DISTINCT aggregates
SELECT l_shipmode, l_returnflag, l_linestatus, COUNT(*), SUM(l_quantity) FILTER (WHERE l_discount > 0.05)
FROM lineitem
WHERE l_orderkey < 10000
GROUP BY l_shipmode, ROLLUP (l_returnflag, l_linestatus)
ORDER BY l_shipmode, l_returnflag, l_linestatus;

-- a grouping set given twice gives its rows twice
SELECT n_regionkey, COUNT(*)
FROM nation
GROUP BY GROUPING SETS ((n_regionkey), (n_regionkey), ())
ORDER BY n_regionkey;

-- the statistical aggregates and an approximate count over a rollup, and over no input
SELECT o_orderpriority, o_orderstatus, STDDEV_SAMP(o_totalprice), VAR_POP(o_shippriority), APPROX_COUNT_DISTINCT(o_orderstatus)
FROM orders
WHERE o_orderkey < 1000
GROUP BY ROLLUP (o_orderpriority, o_orderstatus)
ORDER BY o_orderpriority, o_orderstatus;

SELECT o_orderpriority, STDDEV_SAMP(o_totalprice), APPROX_COUNT_DISTINCT(o_orderstatus), STRING_AGG(o_orderstatus, ',')
FROM orders
WHERE o_orderkey < 0
GROUP BY ROLLUP (o_orderpriority);

-- order statistics per rollup level, merged from partial groups across streams
SELECT o_orderstatus, o_orderpriority, MEDIAN(o_totalprice), COUNT(*)
FROM orders
GROUP BY ROLLUP (o_orderstatus, o_orderpriority)
ORDER BY o_orderstatus, o_orderpriority;

-- DISTINCT aggregates over grouping sets: one plain aggregate per set
SELECT o_orderstatus, o_orderpriority, COUNT(DISTINCT o_custkey) FROM orders GROUP BY ROLLUP (o_orderstatus, o_orderpriority)
ORDER BY o_orderstatus, o_orderpriority;

SELECT l_returnflag, l_linestatus, GROUPING(l_returnflag, l_linestatus), COUNT(DISTINCT l_suppkey), SUM(DISTINCT l_quantity),
       COUNT(*), SUM(l_extendedprice), MAX(l_shipdate)
FROM lineitem
GROUP BY CUBE (l_returnflag, l_linestatus)
ORDER BY l_returnflag, l_linestatus;

SELECT n_regionkey, COUNT(DISTINCT n_name) FILTER (WHERE n_nationkey > 5), COUNT(DISTINCT n_regionkey), AVG(DISTINCT n_nationkey)
FROM nation
GROUP BY GROUPING SETS ((n_regionkey), ())
HAVING COUNT(DISTINCT n_name) > 2
ORDER BY n_regionkey;

SELECT c_mktsegment, c_nationkey, COUNT(DISTINCT o_orderpriority), COUNT(DISTINCT o_clerk), SUM(o_totalprice)
FROM customer JOIN orders ON c_custkey = o_custkey
WHERE c_nationkey < 3
GROUP BY ROLLUP (c_mktsegment, c_nationkey)
ORDER BY c_mktsegment, c_nationkey;

SELECT o_orderpriority, COUNT(DISTINCT o_custkey), COUNT(*)
FROM orders
WHERE o_orderkey < 0
GROUP BY ROLLUP (o_orderpriority);

-- an input Calcite knows to be empty keeps the empty set's row (the fuzzer's minimized statement)
SELECT GROUPING(c_custkey) FROM customer WHERE FALSE GROUP BY GROUPING SETS ((c_custkey), ());

SELECT n_regionkey, COUNT(*), SUM(n_nationkey) FROM nation WHERE 1 = 0 GROUP BY ROLLUP (n_regionkey);

SELECT n_regionkey, n_name, COUNT(*), GROUPING(n_regionkey, n_name) FROM nation WHERE FALSE GROUP BY CUBE (n_regionkey, n_name)
ORDER BY 4;

-- without the empty set, no rows
SELECT n_regionkey, COUNT(*) FROM nation WHERE FALSE GROUP BY GROUPING SETS ((n_regionkey), (n_name));

-- grouping sets that come out alike each give their groups (the fuzzer's ROLLUP of one constant twice gave 2 rows, DuckDB 3): ROLLUP and CUBE
-- of a repeated expression, also inside GROUPING SETS and beside a plain key
SELECT COUNT(*) FROM supplier GROUP BY ROLLUP (CAST(0 AS BIGINT), CAST(0 AS BIGINT));

SELECT n_regionkey, COUNT(*), GROUPING(n_regionkey) FROM nation GROUP BY ROLLUP (n_regionkey, n_regionkey) ORDER BY 1, 3;

SELECT n_regionkey, n_name, COUNT(*) FROM nation WHERE n_nationkey < 6 GROUP BY CUBE (n_regionkey, n_regionkey, (n_name, n_regionkey)) ORDER BY 1, 2, 3;

SELECT n_regionkey, n_name, COUNT(*) FROM nation WHERE n_nationkey < 6 GROUP BY n_regionkey, GROUPING SETS (ROLLUP (n_name), (n_name), CUBE (n_regionkey)) ORDER BY 1, 2, 3;

SELECT n_regionkey, n_name, COUNT(*), GROUPING(n_regionkey, n_name) FROM nation WHERE n_nationkey < 6 GROUP BY ROLLUP ((n_regionkey, n_name)) ORDER BY 1, 2, 3;

SELECT s_nationkey, SUM(s_acctbal) FROM supplier WHERE FALSE GROUP BY ROLLUP (s_nationkey, s_nationkey);

-- a repeated grouping set beside the empty one, with DISTINCT sums in the SELECT list and the HAVING
-- (the union Calcite makes of the repeated set referred to its NOT NULL sums as nullable, and the
-- planner failed to merge the projections)
SELECT SUM(DISTINCT 0) FROM region GROUP BY GROUPING SETS ((r_comment), (r_comment), ()) HAVING SUM(DISTINCT CAST(0 AS BIGINT)) = 0;

SELECT r_comment IS NULL, SUM(DISTINCT r_regionkey), COUNT(*) FROM region GROUP BY GROUPING SETS ((r_comment), (r_comment), ())
HAVING SUM(DISTINCT CAST(r_regionkey AS BIGINT)) >= 1 ORDER BY 1, 2;

-- GROUPING of a key whose expression carries its type (a COALESCE) and that, once simplified, is another
-- key: the full level's rows are 0, the rolled-up key's 1 (the argument must stay that key, not become
-- an input column counted as rolled up in every set)
SELECT c4, COUNT(*) FROM (SELECT GROUPING(o_orderdate, COALESCE(o_orderdate, o_orderdate - INTERVAL '33' MONTH)) AS c4
FROM orders GROUP BY ROLLUP (o_orderdate, COALESCE(o_orderdate, o_orderdate - INTERVAL '33' MONTH))) GROUP BY c4 ORDER BY c4;

-- GROUPING of CASE and COALESCE keys in the SELECT list, the HAVING, the ORDER BY and a scalar sub-query of its own
SELECT n_regionkey, GROUPING(CASE WHEN n_regionkey > 1 THEN n_regionkey ELSE n_regionkey END) AS g, COUNT(*)
FROM nation GROUP BY ROLLUP (n_regionkey, CASE WHEN n_regionkey > 1 THEN n_regionkey ELSE n_regionkey END)
HAVING GROUPING(n_regionkey, CASE WHEN n_regionkey > 1 THEN n_regionkey ELSE n_regionkey END) < 3
ORDER BY GROUPING(CASE WHEN n_regionkey > 1 THEN n_regionkey ELSE n_regionkey END), 1;

SELECT GROUPING(COALESCE(r_name, 'x')), COALESCE(r_name, 'x'), (SELECT GROUPING(COALESCE(n_name, 'y')) FROM nation GROUP BY ROLLUP (COALESCE(n_name, 'y')) ORDER BY 1 LIMIT 1) AS inner_grouping
FROM region GROUP BY CUBE (COALESCE(r_name, 'x'), r_regionkey) ORDER BY 1, 2 NULLS FIRST;

-- a repeated grouping set over rows unique on its key: Calcite writes that set's GROUPING as the INTEGER 0 where
-- the aggregate's is a BIGINT, and trimming does the same to an aggregate over such rows; the UNION's inputs
-- must all send BIGINTs (on worker processes a remote exchange read the 4-byte values as 8-byte ones)
SELECT k, GROUPING(k) AS g FROM (VALUES (1), (2), (3)) AS t (k) GROUP BY GROUPING SETS ((k), (k), ()) ORDER BY 1 NULLS FIRST, 2;

WITH edge (e_id, e_int, e_big, e_dbl, e_dec, e_str, e_date, e_bool) AS (VALUES (1, CAST('0' AS INTEGER), CAST('0' AS BIGINT), CAST('0' AS DOUBLE), CAST('0.00' AS DECIMAL(12, 2)), CAST('' AS VARCHAR), CAST('1970-01-01' AS DATE), CAST('false' AS BOOLEAN)), (2, CAST('-1' AS INTEGER), CAST('-1' AS BIGINT), CAST('-1.5' AS DOUBLE), CAST('-1.00' AS DECIMAL(12, 2)), CAST('a' AS VARCHAR), CAST('1992-01-01' AS DATE), CAST('true' AS BOOLEAN)), (3, CAST('2147483647' AS INTEGER), CAST('9223372036854775807' AS BIGINT), CAST('NaN' AS DOUBLE), CAST('9999999999.99' AS DECIMAL(12, 2)), CAST('Zz' AS VARCHAR), CAST('9999-12-31' AS DATE), CAST(NULL AS BOOLEAN)), (4, CAST('-2147483648' AS INTEGER), CAST('-9223372036854775808' AS BIGINT), CAST('-Infinity' AS DOUBLE), CAST('-9999999999.99' AS DECIMAL(12, 2)), CAST(' x ' AS VARCHAR), CAST('0001-01-01' AS DATE), CAST('false' AS BOOLEAN)), (5, CAST(NULL AS INTEGER), CAST(NULL AS BIGINT), CAST('Infinity' AS DOUBLE), CAST(NULL AS DECIMAL(12, 2)), CAST(NULL AS VARCHAR), CAST(NULL AS DATE), CAST('true' AS BOOLEAN)), (6, CAST('7' AS INTEGER), CAST('42' AS BIGINT), CAST(NULL AS DOUBLE), CAST('0.01' AS DECIMAL(12, 2)), CAST('ab%_c' AS VARCHAR), CAST('2000-02-29' AS DATE), CAST(NULL AS BOOLEAN)), (7, CAST('1' AS INTEGER), CAST('1' AS BIGINT), CAST('2.5' AS DOUBLE), CAST('123.45' AS DECIMAL(12, 2)), CAST('A' AS VARCHAR), CAST('1998-12-01' AS DATE), CAST('true' AS BOOLEAN)), (8, CAST('3' AS INTEGER), CAST('24' AS BIGINT), CAST('-0.0' AS DOUBLE), CAST('-0.01' AS DECIMAL(12, 2)), CAST('furious' AS VARCHAR), CAST('1995-06-17' AS DATE), CAST('false' AS BOOLEAN))) SELECT t0.e_id AS c0, SUM(DISTINCT COALESCE(CAST(NULL AS BIGINT), (t0.e_date - t0.e_date))) AS c1, GROUPING(t0.e_id) AS c2 FROM edge t0 WHERE (t0.e_bool) GROUP BY GROUPING SETS ((t0.e_id), (t0.e_id), ()) ORDER BY 1 NULLS FIRST, 2, 3;
