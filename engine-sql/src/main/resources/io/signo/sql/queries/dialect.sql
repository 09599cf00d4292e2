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

-- :: binds tighter than any operator, unary minus included, as in PostgreSQL and DuckDB: only the
-- operand just before it is cast (a name, a literal, a call, CASE ... END, parentheses)
SELECT n.n_nationkey, 1 + n.n_regionkey::INTEGER * 3, 10 / n.n_regionkey::DOUBLE, 'k' || n.n_nationkey::VARCHAR,
       -n.n_nationkey::INTEGER % 3, n.n_nationkey - 2::INTEGER - 1, (n.n_nationkey + 2)::VARCHAR || 'x', 2 * 3.7::INTEGER,
       CASE WHEN n.n_regionkey = 1 THEN n.n_nationkey END::VARCHAR || '!', n.n_name::TEXT || '/' || n.n_regionkey::TEXT,
       length(n.n_name)::DOUBLE / 4, n.n_nationkey::BIGINT::VARCHAR, NULL::INTEGER + n.n_nationkey, 1.5::INTEGER * 2,
       DATE '1995-03-15'::VARCHAR || '!', n.n_nationkey::DOUBLE PRECISION / 8, n.n_nationkey::DECIMAL(10, 2) / 4
FROM nation n
WHERE n.n_regionkey::INTEGER = 1 AND n.n_name::VARCHAR <> 'BRAZIL' OR n.n_nationkey::BIGINT > 20
ORDER BY n.n_nationkey;

SELECT count(*), sum(l_quantity::INTEGER * 2), sum(l_discount::DOUBLE * 100)::BIGINT, max(l_shipdate)::VARCHAR
FROM lineitem
WHERE l_orderkey::INTEGER < 100 AND l_returnflag::VARCHAR = 'R';

-- LIMIT with OFFSET, and OFFSET alone
SELECT n_name FROM nation ORDER BY n_name LIMIT 4 OFFSET 3;

SELECT n_name FROM nation ORDER BY n_name OFFSET 22;
