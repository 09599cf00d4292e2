-- inner join, explicit syntax
SELECT n_name, r_name
FROM nation JOIN region ON n_regionkey = r_regionkey
ORDER BY n_name;

-- inner join, implicit syntax with a filter on each side
SELECT c_custkey, c_name, n_name
FROM customer, nation
WHERE c_nationkey = n_nationkey AND n_name = 'GERMANY' AND c_acctbal > 9000
ORDER BY c_custkey;

-- three-way join with aggregation
SELECT r_name, count(*) AS suppliers, sum(s_acctbal) AS balance
FROM supplier, nation, region
WHERE s_nationkey = n_nationkey AND n_regionkey = r_regionkey
GROUP BY r_name
ORDER BY r_name;

-- join on two keys
SELECT count(*), sum(l_quantity)
FROM lineitem JOIN partsupp ON l_partkey = ps_partkey AND l_suppkey = ps_suppkey
WHERE ps_availqty < 100;

-- left join keeps customers without orders (their order columns are NULL)
SELECT c_custkey, o_orderkey
FROM customer LEFT JOIN orders ON c_custkey = o_custkey AND o_orderdate < DATE '1992-02-01'
WHERE c_custkey < 60
ORDER BY c_custkey, o_orderkey;

-- left join counting matches, zero for none
SELECT c_custkey, count(o_orderkey) AS order_count
FROM customer LEFT OUTER JOIN orders ON c_custkey = o_custkey
WHERE c_custkey BETWEEN 1 AND 30
GROUP BY c_custkey
ORDER BY c_custkey;

-- left join: the unmatched rows only
SELECT count(*)
FROM customer LEFT JOIN orders ON c_custkey = o_custkey
WHERE o_orderkey IS NULL;

-- right join is a left join with the sides swapped
SELECT n_name, s_suppkey
FROM supplier RIGHT JOIN nation ON s_nationkey = n_nationkey AND s_acctbal > 9900
ORDER BY n_name, s_suppkey;

-- right join with an aggregation over the preserved side
SELECT r_name, count(n_nationkey)
FROM nation RIGHT OUTER JOIN region ON n_regionkey = r_regionkey AND n_name LIKE 'A%'
GROUP BY r_name
ORDER BY r_name;

-- left join with a residual non-equi condition
SELECT p_partkey, ps_suppkey, ps_availqty
FROM part LEFT JOIN partsupp ON p_partkey = ps_partkey AND ps_availqty > 9900
WHERE p_partkey <= 40
ORDER BY p_partkey, ps_suppkey;

-- inner join with a residual non-equi condition between the sides
SELECT count(*), min(l_orderkey), max(l_orderkey)
FROM orders JOIN lineitem ON o_orderkey = l_orderkey AND l_shipdate > o_orderdate + INTERVAL '100' DAY;

-- join whose only condition is a non-equi comparison
SELECT r1.r_name, r2.r_name
FROM region r1 JOIN region r2 ON r1.r_regionkey < r2.r_regionkey
ORDER BY r1.r_name, r2.r_name;

-- cross join of tiny tables
SELECT r_name, n_name
FROM region CROSS JOIN nation
WHERE n_nationkey < 3
ORDER BY r_name, n_name;

-- cross join through a comma with no condition
SELECT count(*) FROM region, nation;

-- self join: nations sharing a region
SELECT a.n_name, b.n_name
FROM nation a JOIN nation b ON a.n_regionkey = b.n_regionkey AND a.n_nationkey < b.n_nationkey
WHERE a.n_regionkey = 1
ORDER BY a.n_name, b.n_name;

-- self join of a big table with a residual condition
SELECT count(*)
FROM lineitem l1 JOIN lineitem l2 ON l1.l_orderkey = l2.l_orderkey AND l1.l_linenumber < l2.l_linenumber
WHERE l1.l_orderkey < 1000;

-- join on an expression of the keys
SELECT count(*)
FROM orders JOIN customer ON o_custkey = c_custkey + 1
WHERE c_nationkey = 3;

-- join of a sub-query aggregate back to its table
SELECT o.o_orderkey, o.o_totalprice
FROM orders o JOIN (SELECT o_custkey, max(o_totalprice) AS top FROM orders GROUP BY o_custkey) t
    ON o.o_custkey = t.o_custkey AND o.o_totalprice = t.top
WHERE o.o_custkey < 20
ORDER BY o.o_orderkey;

-- join with USING
SELECT count(*) FROM nation JOIN (SELECT r_regionkey AS n_regionkey, r_name FROM region) r USING (n_regionkey)
WHERE r_name <> 'ASIA';

-- left join of a small side with a large one (hashed on the preserved side): pairs, then the unmatched rows with NULLs
SELECT s_suppkey, count(l_orderkey) AS lines, sum(l_quantity) AS quantity, min(l_shipdate) AS first_ship
FROM supplier LEFT JOIN lineitem ON s_suppkey = l_suppkey AND l_shipdate < DATE '1992-01-10'
GROUP BY s_suppkey
ORDER BY s_suppkey;

-- the same with a residual comparing both sides, and NULL keys on the preserved side
SELECT k, count(l_orderkey) AS lines
FROM (SELECT CASE WHEN mod(s_suppkey, 7) = 0 THEN NULL ELSE s_suppkey END AS k, s_acctbal FROM supplier) s
LEFT JOIN lineitem ON k = l_suppkey AND l_extendedprice < s_acctbal
GROUP BY k
ORDER BY k NULLS FIRST;

-- a preserved side whose columns are all read above the join, and no match at all
SELECT n_nationkey, n_name, o_orderkey
FROM nation LEFT JOIN orders ON n_nationkey = o_custkey AND o_totalprice < 0
ORDER BY n_nationkey;

-- FULL JOIN: unmatched rows of both sides
SELECT n_name, r_name
FROM (SELECT * FROM nation WHERE n_nationkey < 12) n
FULL JOIN (SELECT * FROM region WHERE r_regionkey > 1) r ON n_regionkey = r_regionkey
ORDER BY n_name, r_name;

-- FULL OUTER JOIN with a residual condition on one side
SELECT count(*), count(n_name), count(r_name)
FROM nation FULL OUTER JOIN region ON n_regionkey = r_regionkey AND r_name = 'ASIA';

-- FULL JOIN of two large sides, each with keys the other lacks, and a residual across both
SELECT count(*), count(o_orderkey), count(l_orderkey), sum(o_totalprice), sum(l_quantity)
FROM (SELECT * FROM orders WHERE MOD(o_orderkey, 3) <> 0) o
FULL JOIN (SELECT * FROM lineitem WHERE MOD(l_orderkey, 5) <> 0) l
    ON o_orderkey = l_orderkey AND l_shipdate > o_orderdate + INTERVAL '30' DAY;

-- FULL JOIN feeding an aggregation on a key that is NULL for unmatched rows of either side
SELECT ps_suppkey, s_nationkey, count(*)
FROM (SELECT * FROM partsupp WHERE ps_partkey < 200) ps
FULL JOIN (SELECT * FROM supplier WHERE s_suppkey < 60) s ON ps_suppkey = s_suppkey
GROUP BY ps_suppkey, s_nationkey
ORDER BY ps_suppkey, s_nationkey;

-- a chain of FULL JOINs with COALESCE of the keys
SELECT COALESCE(a.k, b.k, c.k) AS k, a.v, b.v, c.v
FROM (SELECT n_nationkey AS k, n_name AS v FROM nation WHERE n_nationkey < 10) a
FULL JOIN (SELECT r_regionkey * 3 AS k, r_name AS v FROM region) b ON a.k = b.k
FULL JOIN (SELECT s_suppkey AS k, s_name AS v FROM supplier WHERE s_suppkey BETWEEN 8 AND 14) c ON COALESCE(a.k, b.k) = c.k
ORDER BY k;

-- FULL and RIGHT JOINs without an equality condition: a nested-loop join on one node, unmatched rows of both sides
SELECT count(*), count(n_name), count(r_name) FROM nation FULL JOIN region ON n_regionkey < r_regionkey;

SELECT n_name, r_name
FROM (SELECT * FROM nation WHERE n_nationkey < 6) n
FULL JOIN (SELECT * FROM region WHERE r_regionkey > 0) r ON n_regionkey > r_regionkey + 1
ORDER BY n_name, r_name;

SELECT n_name, r_name
FROM (SELECT * FROM nation WHERE n_nationkey < 6) n
RIGHT JOIN region r ON n_regionkey > r_regionkey + 1 AND n_name LIKE 'A%'
ORDER BY n_name, r_name;

-- no build row matches, and an empty side
SELECT count(*), count(n_name), count(r_name) FROM nation FULL JOIN region ON n_nationkey > 100;

SELECT count(*), count(n_name), count(r_name) FROM (SELECT * FROM nation WHERE n_nationkey < 0) n FULL JOIN region ON TRUE;

SELECT count(*), count(s_name), count(n_name) FROM supplier FULL JOIN nation ON TRUE;

-- larger sides: orders against a few hundred parts, a range condition across both
SELECT count(*), count(o_orderkey), count(p_partkey), sum(o_totalprice)
FROM (SELECT * FROM orders WHERE o_orderkey < 3000) o
FULL JOIN (SELECT * FROM part WHERE p_partkey < 300) p ON o_totalprice BETWEEN p_retailprice * 100 AND p_retailprice * 100 + 50;

-- found by the SQL fuzzer: a NOT NULL key joined with a side whose only row has a NULL key (the join gives no row; Calcite's predicates made the key a nullable constant NULL)
WITH edge (e_id, e_big, e_dec, e_bool) AS (VALUES (1, CAST('0' AS BIGINT), CAST('0.00' AS DECIMAL(12, 2)), false), (5, CAST(NULL AS BIGINT), CAST(NULL AS DECIMAL(12, 2)), true), (7, CAST('1' AS BIGINT), CAST('123.45' AS DECIMAL(12, 2)), true)) SELECT count(*) FROM supplier t0, edge t1 JOIN nation t2 ON t1.e_id = t2.n_nationkey AND t1.e_bool WHERE t0.s_suppkey = t1.e_big AND (-(t1.e_dec) IS NOT DISTINCT FROM t1.e_dec);

WITH edge (e_id, e_big, e_bool) AS (VALUES (1, CAST('0' AS BIGINT), false), (5, CAST(NULL AS BIGINT), true), (7, CAST('1' AS BIGINT), true)) SELECT t0.s_suppkey, t1.e_id, t2.n_name FROM supplier t0, edge t1 JOIN nation t2 ON t1.e_id = t2.n_nationkey AND t1.e_bool WHERE t0.s_suppkey = t1.e_big ORDER BY 1, 2;
