-- a filter that matches nothing
SELECT * FROM lineitem WHERE l_orderkey < 0;

-- a join with an empty side
SELECT n_name, r_name FROM nation JOIN region ON n_regionkey = r_regionkey WHERE r_name = 'NOWHERE';

-- a left join with an empty right side keeps all left rows
SELECT n_name, r_name
FROM nation LEFT JOIN (SELECT * FROM region WHERE r_regionkey < 0) r ON n_regionkey = r_regionkey
ORDER BY n_name;

-- aggregates of NULL-bearing columns from an outer join
SELECT count(*), count(s_suppkey), sum(s_acctbal), min(s_name), max(s_acctbal)
FROM nation LEFT JOIN supplier ON n_nationkey = s_nationkey AND s_acctbal > 9900;

-- grouping on a NULL-bearing key puts the NULLs in one group
SELECT s_nationkey, count(*)
FROM nation LEFT JOIN supplier ON n_nationkey = s_nationkey AND s_acctbal > 9500
GROUP BY s_nationkey;

-- IS NULL and IS NOT NULL
SELECT count(*), sum(CASE WHEN size IS NOT NULL THEN 1 ELSE 0 END)
FROM (SELECT NULLIF(p_size, 1) AS size FROM part) t
WHERE size IS NULL OR size > 45;

-- comparisons with NULL are unknown, so the filters keep nothing
SELECT count(*) FROM nation WHERE n_regionkey = NULL OR n_regionkey <> NULL;

-- arithmetic with NULL is NULL
SELECT n_nationkey, n_nationkey + NULLIF(n_regionkey, 0), NULLIF(n_regionkey, 0) * 2.5
FROM nation
WHERE n_nationkey < 6
ORDER BY n_nationkey;

-- three-valued logic: NULL AND FALSE is FALSE, NULL OR TRUE is TRUE
SELECT x, y, x AND y, x OR y, NOT x
FROM (VALUES (TRUE, CAST(NULL AS BOOLEAN)), (FALSE, CAST(NULL AS BOOLEAN)), (CAST(NULL AS BOOLEAN), CAST(NULL AS BOOLEAN)), (TRUE, FALSE)) AS t(x, y);

-- IS DISTINCT FROM treats NULLs as equal
SELECT x, y, x IS DISTINCT FROM y, x IS NOT DISTINCT FROM y
FROM (VALUES (1, 1), (1, NULL), (NULL, NULL), (2, 3)) AS t(x, y);

-- COALESCE skips NULLs; CASE without a matching branch is NULL
SELECT x, COALESCE(x, y, 0), CASE WHEN x > 1 THEN 'big' END
FROM (VALUES (1, NULL), (NULL, 5), (NULL, NULL), (3, 4)) AS t(x, y);

-- IN list with NULL: unknown unless found
SELECT x, x IN (1, NULL), x NOT IN (1, NULL)
FROM (VALUES (1), (2), (NULL)) AS t(x);

-- min, max and sum of only NULLs
SELECT min(x), max(x), sum(x), avg(x)
FROM (VALUES (CAST(NULL AS INTEGER)), (CAST(NULL AS INTEGER))) AS t(x);

-- an empty derived table in a join and an aggregate
SELECT count(*), max(o_totalprice)
FROM orders JOIN (SELECT c_custkey FROM customer WHERE c_acctbal > 100000) c ON o_custkey = c_custkey;

-- ORDER BY and LIMIT over an empty input
SELECT o_orderkey FROM orders WHERE o_totalprice < 0 ORDER BY o_orderkey LIMIT 5;

-- DISTINCT over an empty input
SELECT DISTINCT o_orderstatus FROM orders WHERE o_totalprice < 0;

-- COALESCE of the NULL column of an outer join's missing side under GREATEST and IS NOT DISTINCT FROM:
-- never NULL (Calcite's rewriting of COALESCE into a CASE with a NOT NULL cast, simplified out of its
-- guard, made it NULL)
SELECT n.n_name, r.r_name IS NOT DISTINCT FROM GREATEST(COALESCE(r.r_name, r.r_name), 'a'),
       t1.n_comment IS NOT DISTINCT FROM GREATEST(COALESCE(t1.n_comment, t1.n_comment), 'a')
FROM nation n LEFT JOIN region r ON n.n_regionkey = r.r_regionkey + 10 LEFT JOIN nation t1 ON t1.n_nationkey = n.n_nationkey + 100;

-- the same over rows where the column is there for some rows only, and COALESCE in a filter and a CASE
SELECT n.n_nationkey, r.r_name IS NOT DISTINCT FROM GREATEST(COALESCE(r.r_name, r.r_name), 'B'),
       r.r_name IS DISTINCT FROM LEAST(COALESCE(r.r_name, 'ZZ'), 'C'), CASE WHEN COALESCE(r.r_regionkey, -1) > 0 THEN 'yes' ELSE 'no' END
FROM nation n LEFT JOIN region r ON n.n_regionkey = r.r_regionkey + 2
WHERE COALESCE(r.r_regionkey, n.n_nationkey) IS NOT DISTINCT FROM GREATEST(COALESCE(r.r_regionkey, r.r_regionkey), 0) OR r.r_regionkey IS NULL
ORDER BY n.n_nationkey;

-- NULLIF of a column with itself is NULL on every row; a comparison of it is NULL, also a BETWEEN of one
-- value inside a CASE, a filter and over a DECIMAL (the simplifier folded the operand to the NULL literal
-- and then refused its own comparison with NULL)
SELECT n_nationkey, CASE WHEN NULLIF(n_comment, n_comment) BETWEEN 'a' AND 'a' THEN 1 ELSE 2 END,
       CASE WHEN NULLIF(n_nationkey * 1.5, n_nationkey * 1.5) BETWEEN 1 AND 1 THEN 1 ELSE 2 END,
       NULLIF(n_name, n_name) >= 'B', NULLIF(n_nationkey, n_nationkey) = n_regionkey
FROM nation
ORDER BY n_nationkey;

SELECT COUNT(*) FROM nation WHERE NULLIF(n_comment, n_comment) BETWEEN 'a' AND 'a' OR NOT (NULLIF(n_regionkey, n_regionkey) <> 1);

-- a NULL compared with the rows of a sub-query, under IN and NOT IN (the comparisons the planner builds
-- of the NULL literal stay comparisons)
SELECT COUNT(*) FROM region WHERE CAST(NULL AS VARCHAR) IN (SELECT s_comment FROM supplier GROUP BY s_comment);

SELECT COUNT(*) FROM region WHERE (CAST(NULL AS VARCHAR) NOT IN (SELECT s_comment FROM supplier GROUP BY s_comment)) IS NULL;
