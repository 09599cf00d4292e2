-- ranking functions over partitions, ties broken by a unique key
SELECT n_regionkey, n_name,
       ROW_NUMBER() OVER (PARTITION BY n_regionkey ORDER BY n_name),
       RANK() OVER (PARTITION BY n_regionkey ORDER BY n_name DESC),
       DENSE_RANK() OVER (ORDER BY n_regionkey),
       RANK() OVER (ORDER BY n_regionkey)
FROM nation
ORDER BY n_nationkey;

-- ranks with ties on a big table, and percent_rank, cume_dist, ntile
SELECT o_orderkey, o_orderpriority, o_orderstatus,
       RANK() OVER (PARTITION BY o_orderpriority ORDER BY o_orderstatus),
       DENSE_RANK() OVER (PARTITION BY o_orderpriority ORDER BY o_orderstatus),
       PERCENT_RANK() OVER (PARTITION BY o_orderpriority ORDER BY o_orderstatus),
       CUME_DIST() OVER (PARTITION BY o_orderpriority ORDER BY o_orderstatus),
       NTILE(7) OVER (PARTITION BY o_orderpriority ORDER BY o_orderkey)
FROM orders
WHERE o_orderkey < 3000;

-- top 3 per group: a filter on ROW_NUMBER
SELECT *
FROM (
    SELECT c_nationkey, c_custkey, c_acctbal,
           ROW_NUMBER() OVER (PARTITION BY c_nationkey ORDER BY c_acctbal DESC, c_custkey) AS rn
    FROM customer
) ranked
WHERE rn <= 3
ORDER BY c_nationkey, rn;

-- running totals: the default frame includes the current row's peers
SELECT o_custkey, o_orderdate, o_orderkey, o_totalprice,
       SUM(o_totalprice) OVER (PARTITION BY o_custkey ORDER BY o_orderdate),
       COUNT(*) OVER (PARTITION BY o_custkey ORDER BY o_orderdate),
       SUM(o_totalprice) OVER (PARTITION BY o_custkey ORDER BY o_orderdate, o_orderkey ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
FROM orders
WHERE o_custkey < 60
ORDER BY o_custkey, o_orderdate, o_orderkey;

-- whole-partition aggregates of every kind, without ORDER BY
SELECT l_orderkey, l_linenumber,
       SUM(l_quantity) OVER (PARTITION BY l_orderkey),
       AVG(l_extendedprice) OVER (PARTITION BY l_orderkey),
       MIN(l_shipdate) OVER (PARTITION BY l_orderkey),
       MAX(l_shipmode) OVER (PARTITION BY l_orderkey),
       COUNT(l_comment) OVER (PARTITION BY l_orderkey),
       AVG(CAST(l_discount AS DOUBLE)) OVER (PARTITION BY l_orderkey),
       SUM(l_linenumber) OVER (PARTITION BY l_orderkey)
FROM lineitem
WHERE l_orderkey < 200
ORDER BY l_orderkey, l_linenumber;

-- moving frames in rows, both directions
SELECT l_orderkey, l_linenumber,
       SUM(l_quantity) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING),
       AVG(l_quantity) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber ROWS BETWEEN 2 PRECEDING AND CURRENT ROW),
       MAX(l_quantity) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING),
       COUNT(*) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber ROWS BETWEEN 2 FOLLOWING AND 3 FOLLOWING),
       SUM(l_quantity) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber ROWS BETWEEN 3 PRECEDING AND 1 PRECEDING),
       MIN(l_quantity) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING)
FROM lineitem
WHERE l_orderkey < 300
ORDER BY l_orderkey, l_linenumber;

-- LAG and LEAD with offsets and defaults, FIRST_VALUE, LAST_VALUE, NTH_VALUE
SELECT o_custkey, o_orderkey,
       LAG(o_orderkey) OVER (PARTITION BY o_custkey ORDER BY o_orderkey),
       LAG(o_totalprice, 2, 0) OVER (PARTITION BY o_custkey ORDER BY o_orderkey),
       LEAD(o_orderdate) OVER (PARTITION BY o_custkey ORDER BY o_orderkey),
       LEAD(o_orderpriority, 1, 'none') OVER (PARTITION BY o_custkey ORDER BY o_orderkey),
       FIRST_VALUE(o_totalprice) OVER (PARTITION BY o_custkey ORDER BY o_orderkey),
       LAST_VALUE(o_orderkey) OVER (PARTITION BY o_custkey ORDER BY o_orderkey ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING),
       NTH_VALUE(o_orderkey, 2) OVER (PARTITION BY o_custkey ORDER BY o_orderkey)
FROM orders
WHERE o_custkey < 40
ORDER BY o_custkey, o_orderkey;

-- LAG's default of another type than its value
SELECT n_nationkey, LAG(n_regionkey * 1.5, 1, 7) OVER (ORDER BY n_nationkey), LEAD(n_nationkey, 3, -1) OVER (ORDER BY n_nationkey)
FROM nation
ORDER BY n_nationkey;

-- a window over an aggregate: each nation's share of its region's revenue
SELECT n_regionkey, n_name, revenue, revenue / SUM(revenue) OVER (PARTITION BY n_regionkey) AS share,
       RANK() OVER (ORDER BY revenue DESC) AS place
FROM (
    SELECT n_regionkey, n_name, SUM(o_totalprice) AS revenue
    FROM orders JOIN customer ON o_custkey = c_custkey JOIN nation ON c_nationkey = n_nationkey
    GROUP BY n_regionkey, n_name
) revenues
ORDER BY n_name;

-- several window specifications in one query, and the global one without PARTITION BY
SELECT p_partkey, p_brand, p_size,
       COUNT(*) OVER (),
       SUM(p_size) OVER (PARTITION BY p_brand),
       ROW_NUMBER() OVER (PARTITION BY p_brand ORDER BY p_size DESC, p_partkey),
       SUM(p_retailprice) OVER (ORDER BY p_partkey ROWS BETWEEN 5 PRECEDING AND CURRENT ROW)
FROM part
WHERE p_partkey <= 400
ORDER BY p_partkey;

-- NULLs: partitions and peers of NULL keys, aggregates of NULL values, empty frames
SELECT n_nationkey, k, v,
       ROW_NUMBER() OVER (PARTITION BY k ORDER BY v, n_nationkey),
       RANK() OVER (PARTITION BY k ORDER BY v),
       SUM(v) OVER (PARTITION BY k ORDER BY v),
       COUNT(v) OVER (PARTITION BY k),
       SUM(v) OVER (PARTITION BY k ORDER BY n_nationkey ROWS BETWEEN 5 FOLLOWING AND 6 FOLLOWING),
       FIRST_VALUE(v) OVER (PARTITION BY k ORDER BY v NULLS FIRST)
FROM (
    SELECT n_nationkey,
           CASE WHEN n_regionkey < 2 THEN NULL ELSE n_regionkey END AS k,
           CASE WHEN MOD(n_nationkey, 3) = 0 THEN NULL ELSE n_nationkey END AS v
    FROM nation
) t
ORDER BY n_nationkey;

-- windows over an empty input
SELECT n_name, ROW_NUMBER() OVER (ORDER BY n_name), SUM(n_nationkey) OVER ()
FROM nation
WHERE n_nationkey < 0;

-- a window in ORDER BY and in an expression
SELECT s_suppkey, s_acctbal - AVG(s_acctbal) OVER (PARTITION BY s_nationkey) AS above_average
FROM supplier
ORDER BY RANK() OVER (ORDER BY s_acctbal DESC), s_suppkey
LIMIT 20;

-- one partition of all 60,000 line items, spanning several pages: running and moving frames across page boundaries
SELECT *
FROM (
    SELECT l_orderkey, l_linenumber,
           COUNT(*) OVER (ORDER BY l_orderkey, l_linenumber) AS position_in_all,
           SUM(l_quantity) OVER (ORDER BY l_orderkey, l_linenumber ROWS BETWEEN 3 PRECEDING AND 2 FOLLOWING) AS moving,
           MIN(l_partkey) OVER (ORDER BY l_orderkey RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) AS later_min,
           LAG(l_partkey, 5) OVER (ORDER BY l_orderkey, l_linenumber) AS earlier,
           RANK() OVER (ORDER BY l_shipdate) AS ship_rank
    FROM lineitem
) numbered
WHERE MOD(position_in_all, 97) = 0
ORDER BY position_in_all;

-- statistical aggregates over frames, and a boolean one
SELECT o_custkey, o_orderkey,
       STDDEV_SAMP(o_totalprice) OVER (PARTITION BY o_custkey),
       VAR_POP(o_totalprice) OVER (PARTITION BY o_custkey ORDER BY o_orderkey),
       STDDEV_POP(o_shippriority) OVER (PARTITION BY o_custkey ORDER BY o_orderkey ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING),
       BOOL_OR(o_orderstatus = 'F') OVER (PARTITION BY o_custkey)
FROM orders
WHERE o_custkey < 30
ORDER BY o_custkey, o_orderkey;

-- a window function inside an IN sub-query
SELECT n_name
FROM nation
WHERE n_regionkey IN (
    SELECT r_regionkey
    FROM (SELECT r_regionkey, RANK() OVER (ORDER BY r_name DESC) AS place FROM region) ranked
    WHERE place <= 2)
ORDER BY n_name;

-- RANGE frames with offsets over one integer or decimal key, both directions, NULL keys in their own peer group
SELECT o_custkey, o_orderkey, k,
       COUNT(*) OVER (PARTITION BY o_custkey ORDER BY k RANGE BETWEEN 100 PRECEDING AND 50 FOLLOWING),
       SUM(o_totalprice) OVER (PARTITION BY o_custkey ORDER BY k DESC RANGE BETWEEN 200 PRECEDING AND CURRENT ROW),
       MIN(o_orderkey) OVER (PARTITION BY o_custkey ORDER BY k RANGE BETWEEN 1 FOLLOWING AND 300 FOLLOWING),
       COUNT(*) OVER (PARTITION BY o_custkey ORDER BY o_totalprice RANGE BETWEEN 10000.50 PRECEDING AND 10000.50 FOLLOWING),
       MAX(o_orderkey) OVER (PARTITION BY o_custkey ORDER BY k RANGE BETWEEN UNBOUNDED PRECEDING AND 30 PRECEDING)
FROM (SELECT o_custkey, o_orderkey, o_totalprice, CASE WHEN MOD(o_orderkey, 7) = 0 THEN NULL ELSE o_orderkey / 10 END AS k FROM orders) t
WHERE o_custkey < 80
ORDER BY o_custkey, o_orderkey;

-- top-N per partition (planned without sorting whole partitions): the three dearest line items of each supplier, ties broken by a unique key
SELECT *
FROM (
    SELECT l_suppkey, l_orderkey, l_linenumber, l_extendedprice,
           ROW_NUMBER() OVER (PARTITION BY l_suppkey ORDER BY l_extendedprice DESC, l_orderkey, l_linenumber) AS rn
    FROM lineitem
) ranked
WHERE rn <= 3
ORDER BY l_suppkey, rn;

-- top-N per partition with rn < n, the bound reversed, and rn = 1
SELECT a.o_custkey, a.o_orderkey, a.rn, b.o_orderkey, c.o_orderkey
FROM (SELECT o_custkey, o_orderkey, ROW_NUMBER() OVER (PARTITION BY o_custkey ORDER BY o_totalprice, o_orderkey) AS rn FROM orders) a
JOIN (SELECT o_custkey, o_orderkey, ROW_NUMBER() OVER (PARTITION BY o_custkey ORDER BY o_orderdate DESC, o_orderkey) AS rn FROM orders) b
    ON a.o_custkey = b.o_custkey AND a.rn = b.rn AND 2 >= b.rn
JOIN (SELECT o_custkey, o_orderkey, ROW_NUMBER() OVER (PARTITION BY o_custkey ORDER BY o_orderkey DESC) AS rn FROM orders) c
    ON a.o_custkey = c.o_custkey AND c.rn = 1
WHERE a.rn < 3 AND a.o_custkey < 500
ORDER BY a.o_custkey, a.rn;

-- RANK and DENSE_RANK keep every row tied at the cut
SELECT *
FROM (
    SELECT o_orderkey, o_orderpriority, o_orderstatus, o_shippriority,
           RANK() OVER (PARTITION BY o_orderpriority ORDER BY o_orderstatus DESC) AS r
    FROM orders
) ranked
WHERE r <= 2;

SELECT *
FROM (
    SELECT l_orderkey, l_linenumber, l_suppkey, l_quantity,
           DENSE_RANK() OVER (PARTITION BY l_suppkey ORDER BY l_quantity) AS dr
    FROM lineitem
) ranked
WHERE dr <= 2;

-- top-N per partition: NULL partition and order keys, a cut larger than every partition, rank = n and other conditions after the ranking
SELECT *
FROM (
    SELECT n_nationkey, k, v,
           ROW_NUMBER() OVER (PARTITION BY k ORDER BY v NULLS FIRST, n_nationkey) AS rn,
           n_name
    FROM (
        SELECT n_nationkey, n_name,
               CASE WHEN n_regionkey < 2 THEN NULL ELSE n_regionkey END AS k,
               CASE WHEN MOD(n_nationkey, 3) = 0 THEN NULL ELSE n_nationkey END AS v
        FROM nation
    ) t
) ranked
WHERE rn <= 1000
ORDER BY n_nationkey;

SELECT k, v, r
FROM (
    SELECT n_nationkey,
           CASE WHEN n_regionkey < 2 THEN NULL ELSE n_regionkey END AS k,
           CASE WHEN MOD(n_nationkey, 4) = 0 THEN NULL ELSE MOD(n_nationkey, 3) END AS v,
           RANK() OVER (PARTITION BY CASE WHEN n_regionkey < 2 THEN NULL ELSE n_regionkey END
                        ORDER BY CASE WHEN MOD(n_nationkey, 4) = 0 THEN NULL ELSE MOD(n_nationkey, 3) END) AS r
    FROM nation
) ranked
WHERE r = 2 OR (r <= 4 AND v IS NULL);

SELECT *
FROM (
    SELECT ps_partkey, ps_suppkey, ps_availqty,
           ROW_NUMBER() OVER (PARTITION BY ps_partkey ORDER BY ps_availqty DESC, ps_suppkey) AS rn
    FROM partsupp
) ranked
WHERE rn <= 3 AND rn > 1 AND ps_availqty > 5000 AND ps_partkey < 300;

-- top-N without PARTITION BY, an empty input, and a cut of zero
SELECT *
FROM (SELECT c_custkey, c_acctbal, ROW_NUMBER() OVER (ORDER BY c_acctbal DESC, c_custkey) AS rn FROM customer) ranked
WHERE rn <= 5
ORDER BY rn;

SELECT *
FROM (SELECT n_name, RANK() OVER (PARTITION BY n_regionkey ORDER BY n_name) AS r FROM nation WHERE n_nationkey < 0) ranked
WHERE r <= 2;

SELECT *
FROM (SELECT n_name, ROW_NUMBER() OVER (PARTITION BY n_regionkey ORDER BY n_name) AS rn FROM nation) ranked
WHERE rn <= 0;

-- IGNORE NULLS: LAG, LEAD, FIRST_VALUE, LAST_VALUE and NTH_VALUE count only the rows whose value is not NULL; RESPECT NULLS is the default
SELECT o_custkey, o_orderkey, v,
       LAG(v) IGNORE NULLS OVER (PARTITION BY o_custkey ORDER BY o_orderkey),
       LAG(v, 2, 'none') IGNORE NULLS OVER (PARTITION BY o_custkey ORDER BY o_orderkey),
       LAG(v, 0) IGNORE NULLS OVER (PARTITION BY o_custkey ORDER BY o_orderkey),
       LEAD(v) IGNORE NULLS OVER (PARTITION BY o_custkey ORDER BY o_orderkey),
       LEAD(v, 3) IGNORE NULLS OVER (PARTITION BY o_custkey ORDER BY o_orderkey),
       LAG(v) RESPECT NULLS OVER (PARTITION BY o_custkey ORDER BY o_orderkey),
       FIRST_VALUE(v) IGNORE NULLS OVER (PARTITION BY o_custkey ORDER BY o_orderkey),
       FIRST_VALUE(v) RESPECT NULLS OVER (PARTITION BY o_custkey ORDER BY o_orderkey),
       LAST_VALUE(v) IGNORE NULLS OVER (PARTITION BY o_custkey ORDER BY o_orderkey ROWS BETWEEN 2 PRECEDING AND 1 FOLLOWING),
       NTH_VALUE(v, 2) IGNORE NULLS OVER (PARTITION BY o_custkey ORDER BY o_orderkey ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING),
       NTH_VALUE(v, 3) IGNORE NULLS OVER (PARTITION BY o_custkey ORDER BY o_orderkey)
FROM (SELECT o_custkey, o_orderkey, CASE WHEN MOD(o_orderkey, 3) = 0 OR o_custkey = 4 THEN NULL ELSE o_orderpriority END AS v FROM orders WHERE o_custkey < 60) t
ORDER BY o_custkey, o_orderkey;

-- IGNORE NULLS over RANGE frames with peers and NULL order keys, and over an empty input
SELECT n_nationkey, k, v,
       FIRST_VALUE(v) IGNORE NULLS OVER (PARTITION BY n_regionkey ORDER BY k RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING),
       LAST_VALUE(v) IGNORE NULLS OVER (PARTITION BY n_regionkey ORDER BY k),
       LAG(v, 1, -1) IGNORE NULLS OVER (ORDER BY n_nationkey)
FROM (SELECT n_nationkey, n_regionkey,
             CASE WHEN n_nationkey > 20 THEN NULL ELSE MOD(n_nationkey, 4) END AS k,
             CASE WHEN MOD(n_nationkey, 2) = 0 THEN NULL ELSE n_nationkey END AS v FROM nation) t
ORDER BY n_nationkey;

SELECT n_name, LEAD(n_name) IGNORE NULLS OVER (ORDER BY n_name) FROM nation WHERE n_nationkey < 0;

-- DISTINCT aggregates over the whole partition and over frames that grow from its start or to its end; NULL values and NULL partitions
SELECT l_orderkey, l_linenumber,
       COUNT(DISTINCT l_returnflag) OVER (PARTITION BY l_orderkey),
       COUNT(DISTINCT v) OVER (PARTITION BY l_orderkey),
       SUM(DISTINCT l_quantity) OVER (PARTITION BY l_orderkey),
       AVG(DISTINCT l_quantity) OVER (PARTITION BY l_orderkey),
       MAX(DISTINCT l_shipmode) OVER (PARTITION BY l_orderkey),
       COUNT(DISTINCT l_shipmode) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber),
       SUM(DISTINCT v) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING),
       COUNT(DISTINCT v) OVER (PARTITION BY l_orderkey ORDER BY l_linenumber ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING)
FROM (SELECT l_orderkey, l_linenumber, l_returnflag, l_quantity, l_shipmode,
             CASE WHEN l_linenumber = 2 THEN NULL ELSE MOD(l_partkey, 3) END AS v FROM lineitem WHERE l_orderkey < 400) t
ORDER BY l_orderkey, l_linenumber;

SELECT n_nationkey,
       COUNT(DISTINCT n_regionkey) OVER (),
       COUNT(DISTINCT k) OVER (PARTITION BY k),
       SUM(DISTINCT n_regionkey) OVER (ORDER BY n_nationkey DESC)
FROM (SELECT n_nationkey, n_regionkey, CASE WHEN n_regionkey < 2 THEN NULL ELSE n_regionkey END AS k FROM nation) t
ORDER BY n_nationkey;

-- RANGE frames with offsets over a DOUBLE, a REAL, a DATE (INTERVAL days) and a TIMESTAMP (day-time INTERVALs), both directions, NULL keys in their own peer group
SELECT o_custkey, o_orderkey,
       COUNT(*) OVER (PARTITION BY o_custkey ORDER BY d RANGE BETWEEN 5000.5 PRECEDING AND 2500.25 FOLLOWING),
       SUM(o_orderkey) OVER (PARTITION BY o_custkey ORDER BY d DESC RANGE BETWEEN 10000 PRECEDING AND CURRENT ROW),
       COUNT(*) OVER (PARTITION BY o_custkey ORDER BY r RANGE BETWEEN 20000 PRECEDING AND 20000 FOLLOWING),
       COUNT(*) OVER (PARTITION BY o_custkey ORDER BY o_orderdate RANGE BETWEEN INTERVAL '365' DAY PRECEDING AND CURRENT ROW),
       MIN(o_orderkey) OVER (PARTITION BY o_custkey ORDER BY dt DESC RANGE BETWEEN INTERVAL '100' DAY PRECEDING AND INTERVAL '30' DAY FOLLOWING),
       COUNT(*) OVER (PARTITION BY o_custkey ORDER BY ts RANGE BETWEEN INTERVAL '500' DAY PRECEDING AND INTERVAL '12' HOUR FOLLOWING),
       MAX(o_orderkey) OVER (PARTITION BY o_custkey ORDER BY ts RANGE BETWEEN UNBOUNDED PRECEDING AND INTERVAL '90' MINUTE PRECEDING)
FROM (SELECT o_custkey, o_orderkey, o_orderdate,
             CASE WHEN MOD(o_orderkey, 11) = 0 THEN NULL ELSE CAST(o_totalprice AS DOUBLE) END AS d,
             CAST(o_totalprice AS REAL) AS r,
             CASE WHEN MOD(o_orderkey, 13) = 0 THEN NULL ELSE o_orderdate END AS dt,
             CAST(o_orderdate AS TIMESTAMP) + MOD(o_orderkey, 24) * INTERVAL '1' HOUR AS ts
      FROM orders WHERE o_custkey < 80) t
ORDER BY o_custkey, o_orderkey;
