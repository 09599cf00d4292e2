-- a WITH aggregate read twice: joined, and under a scalar sub-query (computed once)
WITH revenue AS (
    SELECT l_suppkey AS supplier, sum(l_extendedprice * (1 - l_discount)) AS total
    FROM lineitem
    WHERE l_shipdate >= DATE '1995-01-01' AND l_shipdate < DATE '1995-07-01'
    GROUP BY l_suppkey
)
SELECT s_suppkey, s_name, total
FROM supplier, revenue
WHERE s_suppkey = supplier AND total = (SELECT max(total) FROM revenue)
ORDER BY s_suppkey;

-- a WITH aggregate joined with itself
WITH orders_per_customer AS (
    SELECT o_custkey, count(*) AS orders
    FROM orders
    GROUP BY o_custkey
)
SELECT a.o_custkey, a.orders, b.orders AS next_orders
FROM orders_per_customer a JOIN orders_per_customer b ON b.o_custkey = a.o_custkey + 1
ORDER BY a.o_custkey
LIMIT 20;

-- a WITH aggregate read three times
WITH priorities AS (
    SELECT o_orderpriority AS priority, count(*) AS orders
    FROM orders
    GROUP BY o_orderpriority
)
SELECT priority, orders
FROM priorities
WHERE orders = (SELECT max(orders) FROM priorities) OR orders = (SELECT min(orders) FROM priorities)
ORDER BY priority;

-- a WITH aggregate with every group next to its total
WITH flags AS (
    SELECT l_returnflag AS flag, sum(l_quantity) AS quantity
    FROM lineitem
    GROUP BY l_returnflag
)
SELECT flag, quantity, (SELECT sum(quantity) FROM flags) AS total
FROM flags
ORDER BY flag;

-- the same join under a query and its sub-query (as in TPC-H Q11)
SELECT ps_partkey, sum(ps_supplycost * ps_availqty) AS stock
FROM partsupp, supplier, nation
WHERE ps_suppkey = s_suppkey AND s_nationkey = n_nationkey AND n_name = 'FRANCE'
GROUP BY ps_partkey
HAVING sum(ps_supplycost * ps_availqty) > (
    SELECT sum(ps_supplycost * ps_availqty) * 0.001
    FROM partsupp, supplier, nation
    WHERE ps_suppkey = s_suppkey AND s_nationkey = n_nationkey AND n_name = 'FRANCE')
ORDER BY stock DESC, ps_partkey;

-- one reader of the shared aggregate stops early at its LIMIT
WITH order_totals AS (
    SELECT l_orderkey AS orderkey, sum(l_extendedprice) AS total
    FROM lineitem
    GROUP BY l_orderkey
)
SELECT orderkey, total
FROM order_totals
WHERE total > (SELECT avg(total) FROM order_totals)
ORDER BY total DESC, orderkey
LIMIT 5;

-- a shared aggregate with no rows
WITH no_orders AS (
    SELECT o_custkey, count(*) AS orders
    FROM orders
    WHERE o_totalprice < 0
    GROUP BY o_custkey
)
SELECT (SELECT count(*) FROM no_orders) AS customers, (SELECT max(orders) FROM no_orders) AS most;

-- a recursive CTE read twice: the recursion runs once
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 30)
SELECT count(*) FROM t a JOIN t b ON a.n = b.n + 1;
