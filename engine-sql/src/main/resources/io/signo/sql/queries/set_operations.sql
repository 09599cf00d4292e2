-- UNION ALL keeps duplicates
SELECT n_regionkey FROM nation WHERE n_nationkey < 5
UNION ALL
SELECT r_regionkey FROM region;

-- UNION removes duplicates
SELECT n_regionkey FROM nation
UNION
SELECT r_regionkey FROM region;

-- UNION of different tables with a common type
SELECT 'nation' AS kind, n_name AS name FROM nation WHERE n_regionkey = 0
UNION
SELECT 'region', r_name FROM region
ORDER BY kind, name;

-- UNION ALL of three inputs under an aggregation
SELECT kind, count(*)
FROM (SELECT 'a' AS kind FROM region UNION ALL SELECT 'b' FROM nation UNION ALL SELECT 'a' FROM supplier WHERE s_suppkey < 10) t
GROUP BY kind
ORDER BY kind;

-- UNION ALL with mixed numeric types
SELECT p_size FROM part WHERE p_partkey < 5
UNION ALL
SELECT p_retailprice FROM part WHERE p_partkey < 3
UNION ALL
SELECT 1.5;

-- VALUES as a table
SELECT * FROM (VALUES (1, 'one'), (2, 'two'), (3, 'three')) AS t(id, name) ORDER BY id DESC;

-- VALUES joined with a table
SELECT n_name, t.label
FROM nation JOIN (VALUES (0, 'zero'), (5, 'five'), (7, 'seven')) AS t(id, label) ON n_nationkey = t.id
ORDER BY n_name;

-- VALUES with NULLs and an aggregation
SELECT count(*), count(x), sum(x), min(y), max(y)
FROM (VALUES (1, 'a'), (NULL, 'b'), (3, NULL)) AS t(x, y);

-- top-level VALUES
VALUES (1, 2.5, 'x'), (2, 3.25, 'y');

-- UNION ALL of empty inputs
SELECT n_name FROM nation WHERE n_nationkey < 0
UNION ALL
SELECT r_name FROM region WHERE r_regionkey < 0;

-- UNION deduplicates within one input as well
SELECT o_orderstatus FROM orders
UNION
SELECT o_orderstatus FROM orders WHERE o_orderkey < 0;

-- INTERSECT
SELECT n_regionkey FROM nation WHERE n_name LIKE 'I%'
INTERSECT
SELECT r_regionkey FROM region WHERE r_regionkey > 1;

-- EXCEPT
SELECT n_nationkey FROM nation
EXCEPT
SELECT s_nationkey FROM supplier WHERE s_acctbal > 0;

-- INTERSECT
SELECT o_custkey FROM orders WHERE o_orderdate < DATE '1993-01-01'
INTERSECT
SELECT o_custkey FROM orders WHERE o_orderdate >= DATE '1998-01-01';

-- INTERSECT ALL keeps a row as often as both sides have it
SELECT l_returnflag, l_linestatus FROM lineitem WHERE l_orderkey < 100
INTERSECT ALL
SELECT l_returnflag, l_linestatus FROM lineitem WHERE l_orderkey BETWEEN 50 AND 120;

-- EXCEPT ALL removes a row as often as the right side has it
SELECT l_returnflag, l_linestatus FROM lineitem WHERE l_orderkey < 100
EXCEPT ALL
SELECT l_returnflag, l_linestatus FROM lineitem WHERE l_orderkey BETWEEN 50 AND 120;

-- with NULLs, which set operations treat as equal, and three inputs
SELECT NULLIF(n_regionkey, 2) FROM nation
INTERSECT ALL
SELECT NULLIF(n_regionkey, 2) FROM nation WHERE n_nationkey < 15
INTERSECT ALL
SELECT NULLIF(n_regionkey, 2) FROM nation WHERE n_nationkey > 3;

SELECT NULLIF(n_regionkey, 2), n_regionkey > 2 FROM nation
EXCEPT ALL
SELECT NULLIF(r_regionkey, 2), r_regionkey > 2 FROM region;

-- found by the SQL fuzzer: an INTERSECT ALL whose one side has no rows and only constant columns failed in Calcite's field trimmer
SELECT * FROM (SELECT CAST(0 AS DOUBLE) AS c0, TRUE AS c1 FROM part WHERE FALSE
INTERSECT ALL SELECT CAST(0 AS DOUBLE) AS c0, TRUE AS c1 FROM region) AS u;

-- found by the SQL fuzzer: EXCEPT ALL of constant columns
SELECT * FROM (SELECT 0 AS c0 FROM nation EXCEPT ALL SELECT 0 AS c0 FROM region) AS u;

-- found by the SQL fuzzer: INTERSECT of a cast Calcite cannot fold into a literal ('NaN' to DOUBLE has none; it failed in its predicate inference)
SELECT * FROM (SELECT DISTINCT CAST('NaN' AS DOUBLE) AS c0 FROM supplier t0 INTERSECT SELECT CAST(0 AS DOUBLE) AS c0 FROM orders t3) AS u;

SELECT * FROM (SELECT DISTINCT CAST('NaN' AS DOUBLE) AS c0, 1 AS c1 FROM supplier INTERSECT SELECT CAST('NaN' AS DOUBLE), 1 FROM nation) AS u;

-- found by the SQL fuzzer: INTERSECT of an input filtered by a Signo function (Calcite's predicate inference compiled it and failed)
SELECT * FROM (SELECT CAST(0 AS DOUBLE) AS c0 FROM customer t0 WHERE MAKE_DATE(0, 7, 18) IS DISTINCT FROM DATE '2000-01-01' INTERSECT SELECT DISTINCT CAST(0 AS DOUBLE) AS c0 FROM nation t1) AS u;

SELECT * FROM (SELECT n_nationkey FROM nation WHERE UPPER(n_name) LIKE 'A%' INTERSECT SELECT r_regionkey FROM region WHERE LOWER(r_name) <> 'x') AS u;

-- fails: INVALID_CAST
SELECT * FROM (SELECT CAST(0 AS BIGINT) AS c0, CAST('a' AS DATE) AS c1 FROM nation t0 INTERSECT SELECT DISTINCT CAST(0 AS BIGINT) AS c0, DATE '2000-01-01' AS c1 FROM nation t2) AS u;

-- found by the SQL fuzzer: an INTERSECT side that is an anti join whose sub-query folds to no rows ('a' NOT LIKE '%'); its DISTINCT was dropped as if the side had no rows
WITH edge (e_id, e_big) AS (VALUES (1, CAST(0 AS BIGINT)), (2, CAST(-1 AS BIGINT)), (5, CAST(NULL AS BIGINT))) SELECT * FROM (SELECT CAST(0 AS DOUBLE) AS c0, TRUE AS c1 FROM edge t0 WHERE (NOT EXISTS (SELECT 1 FROM region t1 WHERE t1.r_regionkey = t0.e_big AND ('a' NOT LIKE '%'))) INTERSECT SELECT DISTINCT CAST(0 AS DOUBLE) AS c0, TRUE AS c1 FROM orders t2) AS u;

WITH edge (e_id, e_big) AS (VALUES (1, CAST(0 AS BIGINT)), (2, CAST(-1 AS BIGINT)), (5, CAST(NULL AS BIGINT))) SELECT count(*) FROM (SELECT 1 AS c0 FROM edge t0 WHERE NOT EXISTS (SELECT 1 FROM region t1 WHERE t1.r_regionkey = t0.e_big AND ('a' NOT LIKE '%'))) AS u;
