-- A series from a constant seed, UNION ALL
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 10)
SELECT n FROM t ORDER BY n;

-- 1..1000, aggregated: a thousand runs of the recursive term
WITH RECURSIVE series(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM series WHERE n < 1000)
SELECT count(*), sum(n), min(n), max(n) FROM series;

-- a generated series joined with a partitioned table
WITH RECURSIVE series(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM series WHERE n < 1000)
SELECT count(*), sum(o_totalprice), max(o_orderkey) FROM series JOIN orders ON o_orderkey = n;

-- the columns named by the CTE, the query reading them with *
WITH RECURSIVE pairs(i, square) AS (SELECT 1, 1 UNION ALL SELECT i + 1, (i + 1) * (i + 1) FROM pairs WHERE i < 12)
SELECT * FROM pairs ORDER BY i;

-- a hierarchy from TPC-H: regions, then their nations, with the depth
WITH RECURSIVE tree(id, name, parent, depth) AS (
    SELECT r_regionkey, r_name, CAST(NULL AS INTEGER), 0 FROM region
    UNION ALL
    SELECT n_nationkey + 100, n_name, tree.id, depth + 1 FROM nation JOIN tree ON n_regionkey = tree.id WHERE depth = 0)
SELECT id, name, parent, depth FROM tree ORDER BY depth, id;

-- the hierarchy walked upwards: from every nation to its region
WITH RECURSIVE up(nation, node, depth) AS (
    SELECT n_nationkey, n_regionkey, 1 FROM nation
    UNION ALL
    SELECT nation, -1, depth + 1 FROM up JOIN region ON r_regionkey = node)
SELECT depth, count(*), sum(node) FROM up GROUP BY depth ORDER BY depth;

-- UNION over a graph with cycles: reachability ends because a row seen is not added again
WITH RECURSIVE reach(k) AS (
    SELECT 0
    UNION
    SELECT (n_nationkey * 7 + 3) % 25 FROM reach JOIN nation ON n_nationkey = reach.k)
SELECT count(*), sum(k) FROM reach;

-- UNION: the seed's duplicates go too
WITH RECURSIVE keys(k) AS (
    SELECT n_regionkey FROM nation
    UNION
    SELECT k + 1 FROM keys WHERE k < 6)
SELECT k FROM keys ORDER BY k;

-- UNION ALL keeps every row of every run, duplicates included
WITH RECURSIVE keys(k, depth) AS (
    SELECT n_regionkey, 0 FROM nation
    UNION ALL
    SELECT k, depth + 1 FROM keys WHERE depth < 2)
SELECT k, count(*) FROM keys GROUP BY k ORDER BY k;

-- UNION over a cycle that comes back to its start
WITH RECURSIVE cycle(n) AS (SELECT 1 UNION SELECT CASE WHEN n < 5 THEN n + 1 ELSE 1 END FROM cycle)
SELECT n FROM cycle ORDER BY n;

-- NULLs are equal to each other for UNION
WITH RECURSIVE t(n, x) AS (
    SELECT 1, CAST(NULL AS INTEGER)
    UNION
    SELECT CASE WHEN n < 3 THEN n + 1 ELSE n END, x FROM t)
SELECT n, x FROM t ORDER BY n;

-- an empty seed: the recursive term never runs
WITH RECURSIVE t(n) AS (SELECT n_nationkey FROM nation WHERE n_nationkey < 0 UNION ALL SELECT n + 1 FROM t WHERE n < 5)
SELECT count(*), sum(n) FROM t;

-- an empty seed under UNION
WITH RECURSIVE t(n) AS (SELECT n_nationkey FROM nation WHERE n_nationkey < 0 UNION SELECT n + 1 FROM t WHERE n < 5)
SELECT n FROM t;

-- a recursive term that produces nothing at its first run
WITH RECURSIVE t(n) AS (SELECT n_nationkey FROM nation UNION ALL SELECT n + 1 FROM t WHERE n > 100)
SELECT count(*), sum(n) FROM t;

-- two columns feeding each other: Fibonacci in BIGINT
WITH RECURSIVE fib(i, a, b) AS (SELECT 1, CAST(0 AS BIGINT), CAST(1 AS BIGINT) UNION ALL SELECT i + 1, b, a + b FROM fib WHERE i < 60)
SELECT i, a FROM fib ORDER BY i;

-- two recursive CTEs in one query, joined
WITH RECURSIVE
    evens(n) AS (SELECT 0 UNION ALL SELECT n + 2 FROM evens WHERE n < 100),
    threes(n) AS (SELECT 0 UNION ALL SELECT n + 3 FROM threes WHERE n < 100)
SELECT count(*), sum(evens.n) FROM evens JOIN threes ON evens.n = threes.n;

-- a recursive CTE whose recursive term reads another recursive CTE
WITH RECURSIVE
    numbers(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM numbers WHERE n < 64),
    doubling(n, steps) AS (SELECT 1, 0 UNION ALL SELECT numbers.n, steps + 1 FROM doubling JOIN numbers ON numbers.n = doubling.n * 2)
SELECT n, steps FROM doubling ORDER BY n;

-- the recursive term joins a partitioned table: each run probes it, computed once
WITH RECURSIVE chain(k, depth) AS (
    SELECT o_orderkey, 0 FROM orders WHERE o_orderkey < 200
    UNION ALL
    SELECT o_orderkey, depth + 1 FROM chain JOIN orders ON o_orderkey = chain.k + 32 WHERE depth < 4)
SELECT depth, count(*), sum(k) FROM chain GROUP BY depth ORDER BY depth;

-- the recursive term filters a joined table and aggregates nothing: customers of a nation chain
WITH RECURSIVE hops(nation, hop) AS (
    SELECT 0, 0
    UNION ALL
    SELECT (nation + 3) % 25, hop + 1 FROM hops WHERE hop < 30)
SELECT hop % 5, count(*), sum(c_acctbal) FROM hops JOIN customer ON c_nationkey = nation GROUP BY hop % 5 ORDER BY 1;

-- in a sub-query: IN
SELECT count(*), sum(o_totalprice) FROM orders
WHERE o_orderkey IN (WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n * 2 FROM t WHERE n < 10000) SELECT n FROM t);

-- in a sub-query: a derived table
SELECT max(n), count(*) FROM (WITH RECURSIVE t(n) AS (SELECT 5 UNION ALL SELECT n + 5 FROM t WHERE n < 500) SELECT n FROM t) AS fives;

-- in a sub-query: a scalar sub-query
SELECT n_name, (WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 20) SELECT sum(n) FROM t) AS total
FROM nation WHERE n_nationkey < 3 ORDER BY n_name;

-- the same recursive CTE read twice by the query
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 30)
SELECT count(*) FROM t a JOIN t b ON a.n = b.n + 1;

-- dates: the days of January 1995 and the orders placed on them
WITH RECURSIVE days(d) AS (SELECT DATE '1995-01-01' UNION ALL SELECT d + INTERVAL '1' DAY FROM days WHERE d < DATE '1995-01-31')
SELECT count(DISTINCT d), count(o_orderkey) FROM days LEFT JOIN orders ON o_orderdate = d;

-- strings grown by the recursion
WITH RECURSIVE path(k, depth, text) AS (
    SELECT r_regionkey, 0, CAST(r_name AS VARCHAR) FROM region WHERE r_regionkey = 1
    UNION ALL
    SELECT n_nationkey, depth + 1, text || '/' || n_name FROM path JOIN nation ON n_regionkey = path.k WHERE depth < 2)
SELECT k, depth, text FROM path ORDER BY depth, k, text;

-- a window over the recursion's rows
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 10)
SELECT n, sum(n) OVER (ORDER BY n) FROM t ORDER BY n;

-- types: a BIGINT seed and an INTEGER step
WITH RECURSIVE t(n) AS (SELECT CAST(1 AS BIGINT) UNION ALL SELECT n + 1 FROM t WHERE n < 5)
SELECT n FROM t ORDER BY n;

-- types: a DECIMAL column stepped by a constant
WITH RECURSIVE prices(p, i) AS (
    SELECT o_totalprice, 1 FROM orders WHERE o_orderkey = 1
    UNION ALL
    SELECT p + 1, i + 1 FROM prices WHERE i < 3)
SELECT p, i FROM prices ORDER BY i;

-- types: the columns take the seed's types, as in DuckDB; n + 0.5 is cast back to INTEGER, rounding
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 0.5 FROM t WHERE n < 3)
SELECT n FROM t ORDER BY n;

-- types: an INTEGER seed column multiplied by a DECIMAL, rounded half away from zero at every run
WITH RECURSIVE t(n, x) AS (SELECT 1, 1 UNION ALL SELECT n + 1, x * 1.5 FROM t WHERE n < 6)
SELECT n, x FROM t ORDER BY n;

-- types: a DOUBLE seed column keeps the fractions
WITH RECURSIVE t(n, x) AS (SELECT 1, CAST(1 AS DOUBLE) UNION ALL SELECT n + 1, x * 1.5 FROM t WHERE n < 6)
SELECT n, x FROM t ORDER BY n;

-- types: a string literal seed grows as a VARCHAR
WITH RECURSIVE t(s) AS (SELECT 'a' UNION ALL SELECT s || 'b' FROM t WHERE char_length(s) < 4)
SELECT s FROM t ORDER BY s;
