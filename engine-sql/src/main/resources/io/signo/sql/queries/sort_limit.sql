-- ORDER BY ascending and descending on several keys
SELECT c_nationkey, c_mktsegment, c_custkey
FROM customer
WHERE c_custkey < 200
ORDER BY c_nationkey DESC, c_mktsegment, c_custkey DESC;

-- ORDER BY an expression not selected
SELECT o_orderkey, o_totalprice
FROM orders
WHERE o_orderkey < 200
ORDER BY o_totalprice * -1, o_orderkey;

-- ORDER BY position and alias
SELECT n_regionkey AS region, n_name AS name FROM nation ORDER BY 1 DESC, name;

-- LIMIT on an ordered result
SELECT l_orderkey, l_linenumber, l_extendedprice
FROM lineitem
ORDER BY l_extendedprice DESC, l_orderkey, l_linenumber
LIMIT 10;

-- LIMIT with OFFSET
SELECT o_orderkey FROM orders ORDER BY o_orderkey LIMIT 5 OFFSET 100;

-- OFFSET beyond the end
SELECT n_name FROM nation ORDER BY n_name LIMIT 10 OFFSET 30;

-- OFFSET without LIMIT
SELECT n_name FROM nation ORDER BY n_name OFFSET 20;

-- LIMIT 0
SELECT n_name FROM nation ORDER BY n_name LIMIT 0;

-- LIMIT without ORDER BY, checked by its size
SELECT count(*) FROM (SELECT o_orderkey FROM orders LIMIT 17) t;

-- FETCH FIRST syntax
SELECT r_name FROM region ORDER BY r_name FETCH FIRST 2 ROWS ONLY;

-- top N after an aggregation
SELECT l_suppkey, sum(l_quantity) AS total
FROM lineitem
GROUP BY l_suppkey
ORDER BY total DESC, l_suppkey
LIMIT 5;

-- ORDER BY with NULLS FIRST and NULLS LAST
SELECT x, y FROM (VALUES (1, 'a'), (NULL, 'b'), (3, 'c'), (NULL, 'd'), (2, 'e')) AS t(x, y)
ORDER BY x NULLS FIRST, y;

SELECT x, y FROM (VALUES (1, 'a'), (NULL, 'b'), (3, 'c'), (NULL, 'd'), (2, 'e')) AS t(x, y)
ORDER BY x DESC NULLS LAST, y;

SELECT x, y FROM (VALUES (1, 'a'), (NULL, 'b'), (3, 'c'), (NULL, 'd'), (2, 'e')) AS t(x, y)
ORDER BY x ASC NULLS LAST, y DESC;

-- nulls from an outer join sorted first
SELECT n_name, s_suppkey
FROM nation LEFT JOIN supplier ON n_nationkey = s_nationkey AND s_acctbal > 9800
ORDER BY s_suppkey NULLS FIRST, n_name
LIMIT 8;

-- ORDER BY strings with a shared prefix and multi-byte characters
SELECT s FROM (VALUES ('abc'), ('ab'), ('abd'), ('é'), ('e'), (''), ('z')) AS t(s) ORDER BY s;

-- ORDER BY a date, then a decimal
SELECT o_orderdate, o_totalprice FROM orders WHERE o_custkey = 1 ORDER BY o_orderdate DESC, o_totalprice;
