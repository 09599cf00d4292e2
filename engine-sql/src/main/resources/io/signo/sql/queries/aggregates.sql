-- global aggregates of every kind
SELECT count(*), count(l_comment), sum(l_quantity), avg(l_quantity), min(l_shipdate), max(l_shipdate),
       min(l_extendedprice), max(l_extendedprice)
FROM lineitem;

-- aggregates over integers, strings and chars
SELECT sum(l_linenumber), avg(l_linenumber), min(l_shipmode), max(l_shipmode), min(l_comment), max(l_comment)
FROM lineitem;

-- a sum of INTEGERs is a BIGINT: past 2^31 it does not overflow, grouped, global and as a window
SELECT sum(CAST(l_orderkey AS INTEGER) * 100), sum(CAST(l_linenumber AS SMALLINT)) FROM lineitem;
SELECT l_returnflag, sum(CAST(2000000000 AS INTEGER) + l_linenumber) FROM lineitem GROUP BY l_returnflag ORDER BY l_returnflag;
SELECT DISTINCT l_returnflag, sum(CAST(l_orderkey AS INTEGER) * 100) OVER (PARTITION BY l_returnflag) FROM lineitem ORDER BY l_returnflag;

-- global aggregates over an empty filter: count 0, the rest NULL
SELECT count(*), count(l_quantity), sum(l_quantity), avg(l_quantity), min(l_shipdate), max(l_comment)
FROM lineitem WHERE l_quantity < 0;

-- grouped aggregates over an empty filter: no rows
SELECT l_returnflag, count(*), sum(l_quantity)
FROM lineitem WHERE l_quantity < 0
GROUP BY l_returnflag;

-- GROUP BY two columns
SELECT l_returnflag, l_linestatus, count(*), sum(l_extendedprice), avg(l_discount)
FROM lineitem
GROUP BY l_returnflag, l_linestatus
ORDER BY l_returnflag, l_linestatus;

-- GROUP BY an expression
SELECT EXTRACT(YEAR FROM o_orderdate) AS order_year, count(*), sum(o_totalprice)
FROM orders
GROUP BY EXTRACT(YEAR FROM o_orderdate)
ORDER BY order_year;

-- GROUP BY a CASE expression
SELECT CASE WHEN p_size < 10 THEN 'small' WHEN p_size < 30 THEN 'medium' ELSE 'large' END AS size_class, count(*), max(p_retailprice)
FROM part
GROUP BY CASE WHEN p_size < 10 THEN 'small' WHEN p_size < 30 THEN 'medium' ELSE 'large' END
ORDER BY size_class;

-- HAVING on an aggregate that is not selected
SELECT o_custkey, count(*)
FROM orders
GROUP BY o_custkey
HAVING sum(o_totalprice) > 2500000
ORDER BY o_custkey;

-- HAVING on a count
SELECT l_orderkey, count(*) AS line_count
FROM lineitem
GROUP BY l_orderkey
HAVING count(*) = 7 AND l_orderkey < 2000
ORDER BY l_orderkey;

-- COUNT(DISTINCT) per group
SELECT l_shipmode, count(DISTINCT l_suppkey)
FROM lineitem
GROUP BY l_shipmode
ORDER BY l_shipmode;

-- SELECT DISTINCT
SELECT DISTINCT l_returnflag, l_linestatus FROM lineitem ORDER BY l_returnflag, l_linestatus;

-- aggregates of expressions
SELECT sum(l_extendedprice * (1 - l_discount)), sum(l_quantity * 2 + 1), max(l_discount * 100)
FROM lineitem WHERE l_shipdate >= DATE '1995-01-01';

-- SUM of a CASE, a conditional count
SELECT sum(CASE WHEN o_orderstatus = 'F' THEN 1 ELSE 0 END) AS finished, count(*) AS all_orders
FROM orders;

-- aggregate over a grouped aggregate
SELECT max(line_count), min(line_count), avg(line_count)
FROM (SELECT l_orderkey, count(*) AS line_count FROM lineitem GROUP BY l_orderkey) t;

-- many groups
SELECT l_partkey, sum(l_quantity), count(*)
FROM lineitem
GROUP BY l_partkey
HAVING count(*) > 60;

-- average of integers
SELECT p_brand, avg(p_size), min(p_size), max(p_size)
FROM part
GROUP BY p_brand
ORDER BY p_brand;

-- aggregate FILTER clauses
SELECT l_returnflag, count(*) FILTER (WHERE l_discount > 0.05), sum(l_quantity) FILTER (WHERE l_shipmode = 'AIR'),
       max(l_shipdate) FILTER (WHERE l_quantity < 2), count(*)
FROM lineitem
GROUP BY l_returnflag
ORDER BY l_returnflag;

-- a FILTER that matches nothing in a global aggregate
SELECT count(*) FILTER (WHERE l_quantity < 0), sum(l_quantity) FILTER (WHERE l_quantity < 0), count(*)
FROM lineitem;

-- several DISTINCT aggregates in one query
SELECT count(DISTINCT l_suppkey), count(DISTINCT l_shipmode) FROM lineitem;

-- several DISTINCT aggregates in one query
SELECT o_orderpriority, count(*), count(DISTINCT o_custkey), sum(o_totalprice)
FROM orders
GROUP BY o_orderpriority
ORDER BY o_orderpriority;

-- several DISTINCT aggregates in one query
SELECT count(DISTINCT x), count(x), count(*)
FROM (VALUES (1), (1), (NULL), (2), (NULL)) AS t(x);

-- nearly every row its own group: 301,389 join rows at SF 0.01, so each partial step passes its rows through after 100,000
SELECT count(*), sum(n), sum(total), min(total), max(total), sum(average) FROM (
    SELECT l1.l_orderkey, l1.l_linenumber, l2.l_linenumber AS other, count(*) AS n, sum(l2.l_quantity) AS total,
           avg(l2.l_extendedprice) AS average
    FROM lineitem l1 JOIN lineitem l2 ON l1.l_orderkey = l2.l_orderkey
    GROUP BY l1.l_orderkey, l1.l_linenumber, l2.l_linenumber) t;

-- variances and standard deviations of decimals, integers and doubles
SELECT stddev(l_quantity), stddev_samp(l_extendedprice), stddev_pop(l_linenumber), variance(l_discount), var_samp(l_tax),
       var_pop(l_quantity), var_samp(CAST(l_extendedprice AS DOUBLE)), stddev_pop(l_extendedprice * (1 - l_discount))
FROM lineitem;

-- variances per group, with NULLs (a CASE without ELSE) and a FILTER
SELECT l_returnflag, l_linestatus, var_samp(l_quantity), var_pop(CASE WHEN l_quantity > 25 THEN l_extendedprice END),
       stddev_samp(CASE WHEN l_shipmode = 'AIR' THEN l_linenumber END), stddev_pop(l_discount) FILTER (WHERE l_tax > 0.04)
FROM lineitem
GROUP BY l_returnflag, l_linestatus
ORDER BY l_returnflag, l_linestatus;

-- variances over an empty filter: NULL globally, no rows grouped
SELECT stddev(l_quantity), stddev_pop(l_quantity), variance(l_linenumber), var_pop(l_linenumber), count(*)
FROM lineitem WHERE l_quantity < 0;

-- variances over an empty filter: NULL globally, no rows grouped
SELECT l_returnflag, stddev_samp(l_quantity), var_pop(l_quantity)
FROM lineitem WHERE l_quantity < 0
GROUP BY l_returnflag;

-- variances of one value per group: the sample ones NULL, the population ones 0
SELECT o_orderkey, stddev_samp(o_totalprice), var_samp(o_totalprice), stddev_pop(o_totalprice), var_pop(o_custkey)
FROM orders WHERE o_orderkey < 200
GROUP BY o_orderkey
ORDER BY o_orderkey;

-- variances of many groups, merged from partial states
SELECT l_partkey, var_samp(l_extendedprice), stddev_pop(l_quantity), count(*)
FROM lineitem
GROUP BY l_partkey
HAVING count(*) > 55;

-- variance of values far from zero: the differences from the mean keep their digits
SELECT var_samp(CAST(o_totalprice AS DOUBLE) + 1.0E6), stddev_pop(o_custkey + 1000000000000), var_pop(o_totalprice)
FROM orders;

-- BOOL_AND and BOOL_OR per group, with NULLs (a CASE without ELSE) and a group of only NULLs
SELECT l_returnflag, bool_and(l_quantity > 1), bool_or(l_quantity > 49), bool_and(l_discount < 0.11),
       bool_or(CASE WHEN l_shipmode = 'AIR' THEN l_quantity > 49 END), bool_and(CASE WHEN l_quantity > 100 THEN l_tax > 0 END)
FROM lineitem
GROUP BY l_returnflag
ORDER BY l_returnflag;

-- BOOL_AND and BOOL_OR globally
SELECT bool_and(o_totalprice > 1000), bool_or(o_orderstatus = 'P'), bool_and(o_orderstatus <> 'X'), bool_or(o_totalprice < 0)
FROM orders;

-- BOOL_AND and BOOL_OR over an empty filter: NULL
SELECT bool_and(l_quantity > 1), bool_or(l_quantity > 1), count(*)
FROM lineitem WHERE l_quantity < 0;

-- BOOL_AND and BOOL_OR of many groups, merged from partial states, and in HAVING
SELECT l_orderkey, bool_and(l_returnflag = 'R'), bool_or(l_shipmode = 'MAIL')
FROM lineitem
GROUP BY l_orderkey
HAVING bool_or(l_quantity > 45) AND count(*) > 5;

-- BOOL_AND and BOOL_OR of a boolean column with NULLs
SELECT k, bool_and(b), bool_or(b)
FROM (VALUES (1, true), (1, NULL), (1, false), (2, true), (2, NULL), (3, CAST(NULL AS BOOLEAN))) AS t(k, b)
GROUP BY k
ORDER BY k;

-- APPROX_COUNT_DISTINCT of a few values, with NULLs (a CASE without ELSE): exact, each value in a register of its own
SELECT l_returnflag, approx_count_distinct(l_linestatus), approx_count_distinct(l_shipmode), approx_count_distinct(l_linenumber),
       approx_count_distinct(CASE WHEN l_quantity < 5 THEN l_shipinstruct END), approx_count_distinct(CASE WHEN l_quantity < 0 THEN l_tax END)
FROM lineitem
GROUP BY l_returnflag
ORDER BY l_returnflag;

-- APPROX_COUNT_DISTINCT within 10% of the exact count (the sketch's standard error is 2.3%) for integers, decimals, strings and dates
SELECT abs(a.partkeys - e.partkeys) <= 0.1 * e.partkeys, abs(a.prices - e.prices) <= 0.1 * e.prices,
       abs(a.comments - e.comments) <= 0.1 * e.comments, abs(a.days - e.days) <= 0.1 * e.days
FROM (SELECT approx_count_distinct(l_partkey) AS partkeys, approx_count_distinct(l_extendedprice) AS prices,
             approx_count_distinct(l_comment) AS comments, approx_count_distinct(l_shipdate) AS days
      FROM lineitem) a
CROSS JOIN (SELECT count(DISTINCT l_partkey) AS partkeys, count(DISTINCT l_extendedprice) AS prices,
                   count(DISTINCT l_comment) AS comments, count(DISTINCT l_shipdate) AS days
            FROM lineitem) e;

-- APPROX_COUNT_DISTINCT per group within 10% of the exact count
SELECT a.l_shipmode, abs(a.orders - e.orders) <= 0.1 * e.orders
FROM (SELECT l_shipmode, approx_count_distinct(l_orderkey) AS orders FROM lineitem GROUP BY l_shipmode) a
JOIN (SELECT l_shipmode, count(DISTINCT l_orderkey) AS orders FROM lineitem GROUP BY l_shipmode) e ON a.l_shipmode = e.l_shipmode
ORDER BY a.l_shipmode;

-- APPROX_COUNT_DISTINCT over an empty filter: 0
SELECT approx_count_distinct(l_partkey), approx_count_distinct(l_comment), count(*)
FROM lineitem WHERE l_quantity < 0;

-- STRING_AGG and LISTAGG of one value per group (the order of several is not defined), with a separator and without
SELECT o_orderkey, string_agg(o_comment, ' | '), listagg(o_orderstatus), string_agg(o_clerk, ''), listagg(o_orderpriority, ';')
FROM orders WHERE o_orderkey < 100
GROUP BY o_orderkey
ORDER BY o_orderkey;

-- STRING_AGG of equal values, the same string in any order, merged from partial states; with NULLs and a FILTER
SELECT l_returnflag, l_linestatus, string_agg(l_linestatus, '-') FILTER (WHERE l_quantity < 3),
       string_agg(CASE WHEN l_shipmode = 'AIR' AND l_quantity < 5 THEN l_returnflag END, ''),
       string_agg(CASE WHEN l_quantity < 0 THEN l_comment END, ','), count(*)
FROM lineitem
GROUP BY l_returnflag, l_linestatus
ORDER BY l_returnflag, l_linestatus;

-- STRING_AGG of one value globally, and over an empty filter: NULL
SELECT (SELECT string_agg(r_name, '; ') FROM region WHERE r_regionkey = 2), (SELECT string_agg(r_name, '; ') FROM region WHERE r_regionkey < 0),
       (SELECT listagg(n_name) FROM nation WHERE n_nationkey = 7);

-- MEDIAN and the ordered-set percentiles, grouped and global, of integers, decimals and doubles
SELECT l_returnflag, MEDIAN(l_quantity), MEDIAN(l_linenumber),
       PERCENTILE_CONT(0.25) WITHIN GROUP (ORDER BY l_extendedprice),
       PERCENTILE_CONT(0.9) WITHIN GROUP (ORDER BY CAST(l_discount AS DOUBLE) DESC),
       PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY l_linenumber),
       PERCENTILE_DISC(0.1) WITHIN GROUP (ORDER BY l_partkey DESC)
FROM lineitem
GROUP BY l_returnflag
ORDER BY l_returnflag;

SELECT MEDIAN(o_totalprice), PERCENTILE_CONT(0) WITHIN GROUP (ORDER BY o_custkey), PERCENTILE_CONT(1) WITHIN GROUP (ORDER BY o_custkey)
FROM orders;

-- percentiles of NULLs and of no rows are NULL
SELECT n_regionkey, MEDIAN(CASE WHEN n_nationkey > 20 THEN n_nationkey END)
FROM nation
GROUP BY n_regionkey
ORDER BY n_regionkey;

SELECT MEDIAN(o_totalprice), PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY o_orderkey) FROM orders WHERE o_orderkey < 0;

-- found by the SQL fuzzer: c_acctbal's estimated distinct count reached the row count, and the column was taken for a
-- unique key, so COUNT(DISTINCT c_acctbal) became COUNT(*) (1,500 instead of 1,499)
SELECT count(DISTINCT c_acctbal), count(*) FROM customer;

SELECT count(*) FROM (SELECT DISTINCT c_acctbal FROM customer) AS d;

-- found by the SQL fuzzer: a DISTINCT aggregate beside others keeps the NULL group (Calcite joins the two aggregates' groups with
-- IS NOT DISTINCT FROM, which the hash join matches as two keys: the key with NULL replaced, and whether it is NULL)
SELECT n, s, COUNT(DISTINCT x), SUM(DISTINCT x), AVG(x)
FROM (VALUES (NULL, 'a', 1), (1, NULL, 2), (NULL, NULL, 3), (NULL, NULL, 3), (1, 'a', 2), (0, '', 4)) AS t(n, s, x)
GROUP BY n, s;

SELECT o_orderpriority, CASE WHEN o_orderkey % 7 = 0 THEN NULL ELSE o_orderstatus END AS st, COUNT(DISTINCT o_custkey), COUNT(*), SUM(o_totalprice)
FROM orders
GROUP BY 1, 2;

SELECT CASE WHEN c_custkey % 5 = 0 THEN NULL ELSE c_acctbal END AS b, CASE WHEN c_custkey % 3 = 0 THEN NULL ELSE c_mktsegment END AS m,
       COUNT(DISTINCT c_nationkey), MAX(c_name)
FROM customer
GROUP BY 1, 2;

-- a correlated sub-query whose correlation is IS NOT DISTINCT FROM a NULL
SELECT c_custkey, (SELECT COUNT(*) FROM orders WHERE o_custkey = c_custkey AND o_orderstatus IS NOT DISTINCT FROM CASE WHEN c_custkey % 2 = 0 THEN NULL ELSE 'F' END)
FROM customer
WHERE c_custkey < 30;
