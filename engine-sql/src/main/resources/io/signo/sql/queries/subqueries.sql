-- semi join through EXISTS
SELECT c_custkey
FROM customer
WHERE c_custkey < 100 AND EXISTS (SELECT 1 FROM orders WHERE o_custkey = c_custkey AND o_totalprice > 300000)
ORDER BY c_custkey;

-- semi join through IN
SELECT s_suppkey, s_name
FROM supplier
WHERE s_nationkey IN (SELECT n_nationkey FROM nation WHERE n_regionkey = 2)
ORDER BY s_suppkey;

-- anti join through NOT EXISTS
SELECT count(*)
FROM customer
WHERE NOT EXISTS (SELECT * FROM orders WHERE o_custkey = c_custkey);

-- anti join through NOT IN over a column without NULLs
SELECT p_partkey
FROM part
WHERE p_partkey < 200 AND p_partkey NOT IN (SELECT l_partkey FROM lineitem WHERE l_shipmode = 'AIR')
ORDER BY p_partkey;

-- NOT IN where the sub-query yields a NULL: no row can qualify
SELECT count(*)
FROM nation
WHERE n_nationkey NOT IN (SELECT CASE WHEN r_regionkey = 3 THEN NULL ELSE r_regionkey END FROM region);

-- NOT IN where the sub-query yields a NULL, but filtered away first
SELECT n_name
FROM nation
WHERE n_nationkey NOT IN (SELECT CASE WHEN r_regionkey = 3 THEN NULL ELSE r_regionkey END FROM region WHERE r_regionkey <> 3)
ORDER BY n_name;

-- NOT IN over an empty sub-query keeps every row
SELECT count(*)
FROM nation
WHERE n_nationkey NOT IN (SELECT r_regionkey FROM region WHERE r_name = 'NOWHERE');

-- IN over an empty sub-query keeps nothing
SELECT count(*)
FROM nation
WHERE n_nationkey IN (SELECT r_regionkey FROM region WHERE r_name = 'NOWHERE');

-- EXISTS with a correlated residual condition
SELECT count(*)
FROM orders o
WHERE EXISTS (SELECT 1 FROM lineitem WHERE l_orderkey = o.o_orderkey AND l_receiptdate > l_commitdate + INTERVAL '20' DAY);

-- NOT EXISTS with a correlated inequality
SELECT count(*)
FROM lineitem l1
WHERE l1.l_orderkey < 3000
  AND NOT EXISTS (SELECT 1 FROM lineitem l2 WHERE l2.l_orderkey = l1.l_orderkey AND l2.l_suppkey <> l1.l_suppkey);

-- uncorrelated scalar sub-query in WHERE (price above the exact average; AVG of a decimal rounds to its scale)
SELECT count(*)
FROM part
WHERE p_retailprice * (SELECT count(*) FROM part) > (SELECT sum(p_retailprice) FROM part);

-- uncorrelated scalar sub-query in WHERE, compared with an expression of it
SELECT count(*), min(p_retailprice)
FROM part
WHERE p_retailprice > (SELECT max(p_retailprice) FROM part) - 100;

-- uncorrelated scalar sub-query in SELECT
SELECT n_name, (SELECT count(*) FROM region) AS regions
FROM nation
WHERE n_nationkey < 3
ORDER BY n_name;

-- correlated scalar sub-query
SELECT c_custkey, c_acctbal
FROM customer c
WHERE c_custkey < 500
  AND c_acctbal > (SELECT avg(c2.c_acctbal) FROM customer c2 WHERE c2.c_nationkey = c.c_nationkey) + 5000
ORDER BY c_custkey;

-- correlated scalar sub-query in SELECT
SELECT n_name, (SELECT count(*) FROM supplier WHERE s_nationkey = n_nationkey) AS suppliers
FROM nation
ORDER BY n_name;

-- scalar sub-query returning no row is NULL
SELECT n_name, (SELECT r_name FROM region WHERE r_regionkey = 99) AS missing
FROM nation
WHERE n_nationkey = 0;

-- WITH, used twice
WITH big_orders AS (SELECT o_orderkey, o_custkey, o_totalprice FROM orders WHERE o_totalprice > 400000)
SELECT count(*), (SELECT count(DISTINCT o_custkey) FROM big_orders)
FROM big_orders;

-- WITH of two definitions, the second using the first
WITH nation_suppliers AS (SELECT s_nationkey, count(*) AS suppliers FROM supplier GROUP BY s_nationkey),
     top_nations AS (SELECT s_nationkey FROM nation_suppliers WHERE suppliers >= 5)
SELECT n_name
FROM nation JOIN top_nations ON n_nationkey = s_nationkey
ORDER BY n_name;

-- derived table with an aggregate, filtered outside
SELECT *
FROM (SELECT o_orderstatus, count(*) AS orders_count FROM orders GROUP BY o_orderstatus) t
WHERE orders_count > 1000
ORDER BY o_orderstatus;

-- IN sub-query with a multi-row result and a join outside
SELECT count(*), sum(l_quantity)
FROM lineitem
WHERE l_orderkey IN (SELECT o_orderkey FROM orders WHERE o_orderpriority = '1-URGENT' AND o_orderdate < DATE '1993-01-01');

-- correlated average over a big table for a few outer keys: the aggregate reads only the keys that join
SELECT p_partkey, sum(l_quantity) AS small_quantity
FROM lineitem, part
WHERE p_partkey = l_partkey AND p_partkey < 40
  AND l_quantity < (SELECT 0.5 * avg(l2.l_quantity) FROM lineitem l2 WHERE l2.l_partkey = p_partkey)
GROUP BY p_partkey
ORDER BY p_partkey;

-- the same on two keys, with a non-equi condition on the aggregate's result
SELECT ps_partkey, ps_suppkey, ps_availqty
FROM partsupp
WHERE ps_partkey < 30
  AND ps_availqty > (SELECT 0.01 * sum(l_quantity) FROM lineitem WHERE l_partkey = ps_partkey AND l_suppkey = ps_suppkey)
ORDER BY ps_partkey, ps_suppkey;

-- a derived aggregate joined with a few rows, some of whose keys never occur in it
SELECT o.o_orderkey, t.line_count, t.max_quantity
FROM (SELECT l_orderkey, count(*) AS line_count, max(l_quantity) AS max_quantity FROM lineitem GROUP BY l_orderkey) t
JOIN (SELECT o_orderkey FROM orders WHERE o_orderkey < 40 UNION ALL SELECT -1) o ON o.o_orderkey = t.l_orderkey
ORDER BY o.o_orderkey;

-- EXISTS with an equality and a <> correlation: a semi join with a residual
SELECT count(*), sum(l1.l_quantity)
FROM lineitem l1
WHERE l1.l_orderkey < 3000
  AND EXISTS (SELECT 1 FROM lineitem l2 WHERE l2.l_orderkey = l1.l_orderkey AND l2.l_suppkey <> l1.l_suppkey);

-- EXISTS with an equality and a < correlation: orders that are not their customer's first
SELECT o.o_orderkey, o.o_orderdate
FROM orders o
WHERE o.o_custkey < 40
  AND EXISTS (SELECT * FROM orders o2 WHERE o2.o_custkey = o.o_custkey AND o2.o_orderdate < o.o_orderdate)
ORDER BY o.o_orderkey;

-- NOT EXISTS with an equality and a < correlation: each customer's first orders
SELECT o.o_custkey, o.o_orderkey, o.o_orderdate
FROM orders o
WHERE o.o_custkey < 60
  AND NOT EXISTS (SELECT * FROM orders o2 WHERE o2.o_custkey = o.o_custkey AND o2.o_orderdate < o.o_orderdate)
ORDER BY o.o_custkey, o.o_orderkey;

-- EXISTS with two equalities, two inequalities and an uncorrelated condition
SELECT ps_partkey, ps_suppkey
FROM partsupp
WHERE ps_partkey < 300
  AND EXISTS (SELECT 1 FROM lineitem
              WHERE l_partkey = ps_partkey AND l_suppkey = ps_suppkey
                AND l_quantity * 100 > ps_availqty AND l_extendedprice < ps_supplycost * 40 AND l_returnflag = 'R')
ORDER BY ps_partkey, ps_suppkey;

-- NOT EXISTS whose sub-query joins two tables, with a correlated date inequality and expressions in its select list
SELECT o_orderpriority, count(*)
FROM orders
WHERE o_orderkey < 20000
  AND NOT EXISTS (SELECT l_orderkey + 1, p_name FROM lineitem, part
                  WHERE l_partkey = p_partkey AND l_orderkey = o_orderkey AND p_size < 10 AND l_shipdate > o_orderdate + INTERVAL '100' DAY)
GROUP BY o_orderpriority
ORDER BY o_orderpriority;

-- NOT EXISTS with a correlated condition on the outer row alone: rows failing it are kept
SELECT count(*)
FROM lineitem l1
WHERE l1.l_orderkey < 3000
  AND NOT EXISTS (SELECT 1 FROM lineitem l2 WHERE l2.l_orderkey = l1.l_orderkey AND l2.l_suppkey <> l1.l_suppkey AND l1.l_quantity > 10);

-- EXISTS and NOT EXISTS with NULL keys and NULL values: a NULL comparison is no match
SELECT t.k, t.v,
       EXISTS (SELECT 1 FROM (VALUES (1, 10), (1, NULL), (2, 5), (CAST(NULL AS INTEGER), 1)) AS u(k, v) WHERE u.k = t.k AND u.v > t.v) AS found
FROM (VALUES (1, 5), (1, 10), (1, NULL), (2, 1), (2, 5), (3, 1), (CAST(NULL AS INTEGER), 0)) AS t(k, v)
ORDER BY t.k, t.v;

-- the same in WHERE: EXISTS
SELECT t.k, t.v
FROM (VALUES (1, 5), (1, 10), (1, NULL), (2, 1), (2, 5), (3, 1), (CAST(NULL AS INTEGER), 0)) AS t(k, v)
WHERE EXISTS (SELECT 1 FROM (VALUES (1, 10), (1, NULL), (2, 5), (CAST(NULL AS INTEGER), 1)) AS u(k, v) WHERE u.k = t.k AND u.v > t.v)
ORDER BY t.k, t.v;

-- the same in WHERE: NOT EXISTS keeps rows whose key or value is NULL
SELECT t.k, t.v
FROM (VALUES (1, 5), (1, 10), (1, NULL), (2, 1), (2, 5), (3, 1), (CAST(NULL AS INTEGER), 0)) AS t(k, v)
WHERE NOT EXISTS (SELECT 1 FROM (VALUES (1, 10), (1, NULL), (2, 5), (CAST(NULL AS INTEGER), 1)) AS u(k, v) WHERE u.k = t.k AND u.v > t.v)
ORDER BY t.k, t.v;

-- EXISTS with a non-equi correlation inside OR keeps the general path
SELECT count(*)
FROM lineitem l1
WHERE l1.l_orderkey < 3000
  AND (l1.l_quantity > 45 OR EXISTS (SELECT 1 FROM lineitem l2 WHERE l2.l_orderkey = l1.l_orderkey AND l2.l_suppkey < l1.l_suppkey));

-- EXISTS, NOT EXISTS and a correlated scalar sub-query in one filter (TPC-H Q21's shape, and one more)
SELECT s_name, count(*) AS numwait
FROM supplier, lineitem l1, orders
WHERE s_suppkey = l1.l_suppkey AND o_orderkey = l1.l_orderkey AND o_orderstatus = 'F'
  AND l1.l_receiptdate > l1.l_commitdate
  AND EXISTS (SELECT * FROM lineitem l2 WHERE l2.l_orderkey = l1.l_orderkey AND l2.l_suppkey <> l1.l_suppkey)
  AND NOT EXISTS (SELECT * FROM lineitem l3 WHERE l3.l_orderkey = l1.l_orderkey AND l3.l_suppkey <> l1.l_suppkey AND l3.l_receiptdate > l3.l_commitdate)
  AND l1.l_quantity > (SELECT 0.2 * avg(l4.l_quantity) FROM lineitem l4 WHERE l4.l_suppkey = s_suppkey)
GROUP BY s_name
ORDER BY numwait DESC, s_name
LIMIT 20;

-- a non-equi NOT EXISTS nested in an equi EXISTS: suppliers that are alone on some order
SELECT count(*)
FROM supplier
WHERE EXISTS (SELECT 1 FROM lineitem l1
              WHERE l1.l_suppkey = s_suppkey
                AND NOT EXISTS (SELECT 1 FROM lineitem l2 WHERE l2.l_orderkey = l1.l_orderkey AND l2.l_suppkey <> l1.l_suppkey));

-- a non-equi EXISTS in HAVING
SELECT o_custkey, count(*) AS orders_count
FROM orders
WHERE o_custkey < 200
GROUP BY o_custkey
HAVING EXISTS (SELECT 1 FROM customer WHERE c_custkey = o_custkey AND c_nationkey < MOD(o_custkey, 25))
ORDER BY o_custkey;

-- NOT EXISTS on an equality alone, NULL keys on both sides: a NULL key matches nothing, so its row is kept
SELECT t.k, t.v
FROM (VALUES (1, 5), (2, 6), (3, 7), (CAST(NULL AS INTEGER), 8)) AS t(k, v)
WHERE NOT EXISTS (SELECT 1 FROM (VALUES (1), (1), (CAST(NULL AS INTEGER)), (4)) AS u(k) WHERE u.k = t.k)
ORDER BY t.v;

-- NOT EXISTS on an equality alone under a filter of the outer rows, as TPC-H Q22 has it
SELECT count(*), sum(c_acctbal)
FROM customer
WHERE c_acctbal > 0 AND substring(c_phone, 1, 2) IN ('13', '31', '23')
  AND NOT EXISTS (SELECT * FROM orders WHERE o_custkey = c_custkey);

-- scalar sub-queries Calcite cannot prove return one row (SINGLE_VALUE): one row, and none (NULL)
SELECT n_name, (SELECT r_name FROM region WHERE r_regionkey = n_regionkey AND r_name LIKE 'A%') AS region_a
FROM nation
ORDER BY n_name;

SELECT count(*)
FROM lineitem
WHERE l_partkey = (SELECT p_partkey FROM part WHERE p_name LIKE 'forest chiffon%' AND p_size < 0)
   OR l_quantity > (SELECT c_acctbal FROM customer WHERE c_name = 'Customer#000000007');

-- found by the SQL fuzzer: LPAD and RPAD of a NULL are NULL, so NOT IN a sub-query is NULL for them (Calcite typed them NOT NULL)
SELECT s, LPAD(s, 0, '*') NOT IN (SELECT r_comment FROM region), RPAD(s, 2, '-') NOT IN (SELECT r_comment FROM region),
       DAYNAME(d) NOT IN (SELECT r_comment FROM region), MONTHNAME(d) NOT IN (SELECT r_comment FROM region)
FROM (VALUES (CAST(NULL AS VARCHAR), CAST(NULL AS DATE)), ('a', DATE '2000-01-01')) AS t(s, d);

SELECT count(*) FROM nation WHERE LPAD(NULLIF(n_comment, n_comment), 0, '*') NOT IN (SELECT r_comment FROM region);

-- found by the SQL fuzzer: a correlated EXISTS whose predicate is false whatever the outer row no longer reads it (it was refused as not decorrelated)
SELECT count(*) FROM partsupp t0 WHERE NOT EXISTS (SELECT 1 FROM nation t1 WHERE t1.n_regionkey = t0.ps_supplycost AND (0.05 <> 0.05));

SELECT count(*) FROM partsupp t0 WHERE EXISTS (SELECT 1 FROM nation t1 WHERE t1.n_regionkey = t0.ps_supplycost AND 1 = 0);

SELECT ps_partkey, (SELECT max(n_name) FROM nation WHERE n_nationkey = ps_suppkey AND FALSE) FROM partsupp WHERE ps_partkey < 5;

-- found by the SQL fuzzer: NULL IN (sub-query), a semi join comparing with a NULL (it failed in Calcite's predicate inference)
SELECT MAX('a') AS c1 FROM partsupp t0
WHERE (CASE WHEN CAST(NULL AS BOOLEAN) THEN 'a' ELSE CAST(NULL AS VARCHAR) END IN (SELECT t1.s_address FROM supplier t1 GROUP BY t1.s_address))
GROUP BY CAST(0 AS BIGINT);

-- an aggregate grouped only by constants above a correlated sub-query that matches nothing has no
-- group (Calcite's decorrelator dropped the constant keys and answered one row)
SELECT DISTINCT TRUE FROM nation t1 WHERE EXISTS (SELECT 1 FROM region t3 WHERE t3.r_regionkey = t1.n_nationkey + 10);

SELECT 'x', count(*), sum(n_nationkey) FROM nation t1
WHERE EXISTS (SELECT 1 FROM region t3 WHERE t3.r_regionkey = t1.n_nationkey + 10)
GROUP BY 'x';

SELECT 'x', count(*), sum(n_nationkey), max(n_name) FROM nation t1
WHERE EXISTS (SELECT 1 FROM region t3 WHERE t3.r_regionkey = t1.n_nationkey)
GROUP BY 'x', CAST(0 AS BIGINT);

SELECT DISTINCT 5 FROM nation t1 WHERE t1.n_nationkey + 10 IN (SELECT r_regionkey FROM region t3 WHERE t3.r_name = t1.n_name);

SELECT DISTINCT 5, 'y' FROM nation t1 WHERE NOT EXISTS (SELECT 1 FROM region t3 WHERE t3.r_regionkey = t1.n_nationkey);

-- found by the SQL fuzzer: a comparison with a scalar sub-query whose predicate is always false, under a UNION ALL (it failed in Calcite's predicate inference)
SELECT * FROM (SELECT 'a' AS c0 FROM supplier t0 WHERE (NULLIF(t0.s_suppkey, t0.s_suppkey) >= (SELECT MIN(t1.n_regionkey) FROM nation t1 WHERE t1.n_comment = t0.s_comment AND ('a' IS NULL))) UNION ALL SELECT 'a' AS c0 FROM nation t2) AS u;

SELECT count(*) FROM supplier t0 WHERE t0.s_suppkey >= (SELECT MIN(t1.n_regionkey) FROM nation t1 WHERE t1.n_name = t0.s_name AND FALSE);

-- found by the SQL fuzzer: DISTINCT of a key that simplifies to a constant (0 * NULLIF(x, x) is NULL) above a correlated sub-query that matches nothing
WITH edge (e_id, e_str) AS (VALUES (1, CAST('' AS VARCHAR)), (2, CAST('a' AS VARCHAR)), (5, CAST(NULL AS VARCHAR))) SELECT DISTINCT (CAST(0 AS DECIMAL(12, 2)) * NULLIF(t2.c_acctbal, t2.c_acctbal)) AS c0 FROM customer t0 JOIN customer t2 ON TRUE WHERE (0 <> (SELECT MIN(t3.e_id) FROM edge t3 WHERE t3.e_str = t2.c_name));

-- found by the SQL fuzzer: a NOT IN sub-query in a UNION ALL beside a correlated branch (decorrelation dropped the constant key of its "any match" aggregate, which then found a match in no rows)
WITH edge (e_id, e_str) AS (VALUES (1, CAST('' AS VARCHAR)), (2, CAST('a' AS VARCHAR)), (5, CAST(NULL AS VARCHAR))) SELECT * FROM (SELECT DISTINCT DATE '2000-01-01' AS c0 FROM nation t0 WHERE (0 <> (SELECT MIN(t2.e_id) FROM edge t2 WHERE t2.e_str = t0.n_name)) UNION ALL SELECT DATE '2000-01-01' AS c0 FROM nation t3 WHERE (CAST(0 AS DECIMAL(12, 2)) NOT IN (SELECT t4.s_acctbal FROM supplier t4))) AS u;

-- found by the SQL fuzzer: an IN sub-query whose key is cast to the other side's VARCHAR length is a hash join, not a nested loop over every pair of rows
SELECT count(*) FROM lineitem t1 WHERE t1.l_comment IN (SELECT t2.p_name FROM part t2 GROUP BY t2.p_name);

SELECT count(*), count(DISTINCT o_orderkey) FROM orders JOIN customer ON CAST(o_custkey AS INTEGER) = CAST(c_custkey AS INTEGER) + 0 AND c_mktsegment = 'BUILDING';

-- found by the SQL fuzzer: constant group keys beside one that is not, above a correlated sub-query (decorrelation put the columns out of order and the statement was refused)
SELECT DISTINCT TRUE AS c0, NOT (TRUE) AS c1, LENGTH('a') AS c2 FROM nation t0 WHERE ('a' > (SELECT MAX(t1.n_comment) FROM nation t1 WHERE t1.n_comment = t0.n_comment));

SELECT DISTINCT TRUE AS c0, NOT (TRUE) AS c1, LENGTH('a') AS c2 FROM nation t0 WHERE ('z' > (SELECT MAX(t1.n_comment) FROM nation t1 WHERE t1.n_comment = t0.n_comment));

SELECT 'x' AS c0, t0.n_regionkey, CAST(7 AS BIGINT) AS c2, COUNT(*) AS c3, MAX(t0.n_name) AS c4 FROM nation t0 WHERE t0.n_nationkey > (SELECT MIN(t1.n_nationkey) FROM nation t1 WHERE t1.n_regionkey = t0.n_regionkey) GROUP BY 'x', t0.n_regionkey, CAST(7 AS BIGINT);

SELECT t0.n_name FROM nation t0 WHERE t0.n_regionkey IN (SELECT s.r_regionkey FROM (SELECT 'k' AS k, t1.r_regionkey, COUNT(*) AS c FROM region t1 WHERE t1.r_name <> t0.n_name GROUP BY 'k', t1.r_regionkey) s WHERE s.c > 0);

-- a correlated EXISTS beside a UNION branch whose correlated scalar sub-query decorrelation cannot take until its
-- constant CASE is folded (seed 34: the whole plan stayed correlated and was refused)
SELECT * FROM (SELECT TRUE AS c0 FROM region t0 WHERE (EXISTS (SELECT 1 FROM nation t2 WHERE t2.n_nationkey = t0.r_regionkey)) UNION
SELECT TRUE AS c0 FROM nation t3 WHERE ('a' < (SELECT MIN(t4.p_name) FROM part t4 WHERE t4.p_size = t3.n_nationkey AND CASE WHEN FALSE THEN TRUE ELSE FALSE END))) AS u;
