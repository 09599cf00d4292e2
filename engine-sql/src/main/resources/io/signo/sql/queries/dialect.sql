-- GROUP BY and ORDER BY ordinals
SELECT n_regionkey, count(*), sum(n_nationkey)
FROM nation
GROUP BY 1
ORDER BY 3 DESC, 1;

-- GROUP BY and HAVING an output alias
SELECT o_orderpriority AS priority, count(*) AS orders
FROM orders
GROUP BY priority
HAVING orders > 10
ORDER BY priority;

-- non-reserved words as column names and aliases (the TPC-H specification's Q11 names a column value)
SELECT ps_partkey, sum(ps_supplycost * ps_availqty) AS value, count(*) AS second, min(ps_suppkey) AS groups,
       max(ps_suppkey) AS position, avg(ps_availqty) AS running, 1 AS prev, 2 AS no, 3 AS one
FROM partsupp
WHERE ps_partkey < 20
GROUP BY ps_partkey
ORDER BY value DESC;

-- PostgreSQL's :: casts, != and the type names TEXT and DOUBLE PRECISION
SELECT n_nationkey::VARCHAR || '-' || n_name, '12'::INTEGER + n_regionkey, CAST(n_nationkey AS DOUBLE PRECISION) / 4,
       CAST(n_name AS TEXT)
FROM nation
WHERE n_regionkey != 2
ORDER BY n_nationkey;

-- LIMIT with OFFSET, and OFFSET alone
SELECT n_name FROM nation ORDER BY n_name LIMIT 4 OFFSET 3;

SELECT n_name FROM nation ORDER BY n_name OFFSET 22;
