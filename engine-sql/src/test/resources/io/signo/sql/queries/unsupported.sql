-- error: FULL JOIN
SELECT n_name, r_name FROM nation FULL JOIN region ON n_regionkey = r_regionkey;

-- error: FULL JOIN
SELECT count(*) FROM nation FULL OUTER JOIN region ON n_regionkey = r_regionkey AND r_name = 'ASIA';

-- error: ROLLUP
SELECT n_regionkey, count(*) FROM nation GROUP BY ROLLUP (n_regionkey);

-- error: GROUPING SETS
SELECT n_regionkey, n_name, count(*) FROM nation GROUP BY GROUPING SETS ((n_regionkey), (n_name));

-- error: several DISTINCT aggregates
SELECT count(DISTINCT l_suppkey), count(DISTINCT l_shipmode) FROM lineitem;

-- error: several DISTINCT aggregates
SELECT o_orderpriority, count(*), count(DISTINCT o_custkey), sum(o_totalprice)
FROM orders
GROUP BY o_orderpriority
ORDER BY o_orderpriority;

-- error: several DISTINCT aggregates
SELECT count(DISTINCT x), count(x), count(*)
FROM (VALUES (1), (1), (NULL), (2), (NULL)) AS t(x);

-- error: INTERSECT
SELECT n_regionkey FROM nation WHERE n_name LIKE 'I%'
INTERSECT
SELECT r_regionkey FROM region WHERE r_regionkey > 1;

-- error: EXCEPT
SELECT n_nationkey FROM nation
EXCEPT
SELECT s_nationkey FROM supplier WHERE s_acctbal > 0;

-- error: INTERSECT
SELECT o_custkey FROM orders WHERE o_orderdate < DATE '1993-01-01'
INTERSECT
SELECT o_custkey FROM orders WHERE o_orderdate >= DATE '1998-01-01';

-- error: function UPPER
SELECT upper(n_name) FROM nation;

-- error: function ||
SELECT n_name || r_name FROM nation JOIN region ON n_regionkey = r_regionkey;

