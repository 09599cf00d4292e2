-- LIKE with prefix, suffix, infix and single-character wildcards
SELECT count(*), sum(CASE WHEN p_name LIKE '%green%' THEN 1 ELSE 0 END), sum(CASE WHEN p_type LIKE '%BRASS' THEN 1 ELSE 0 END),
       sum(CASE WHEN p_type LIKE 'PROMO%' THEN 1 ELSE 0 END), sum(CASE WHEN p_container LIKE '_M B_X' THEN 1 ELSE 0 END)
FROM part;

-- NOT LIKE
SELECT count(*) FROM customer WHERE c_comment NOT LIKE '%ironic%' AND c_phone NOT LIKE '1%';

-- LIKE with an escape character matching a literal percent and underscore
SELECT s FROM (VALUES ('100%'), ('100 percent'), ('a_b'), ('axb'), ('50% off'), ('under_score_')) AS t(s)
WHERE s LIKE '%!%%' ESCAPE '!' OR s LIKE '%!_%' ESCAPE '!'
ORDER BY s;

-- LIKE on CHAR columns, whose stored value has no padding
SELECT count(*) FROM lineitem WHERE l_shipmode LIKE 'R%L' OR l_shipinstruct LIKE '%PERSON';

-- SUBSTRING with and without a length, in SELECT and GROUP BY
SELECT SUBSTRING(c_phone FROM 1 FOR 2) AS country_code, count(*), SUBSTRING(min(c_name) FROM 10)
FROM customer
GROUP BY SUBSTRING(c_phone FROM 1 FOR 2)
ORDER BY country_code;

-- SUBSTRING past the end and of multi-byte strings
SELECT SUBSTRING(s FROM 2 FOR 3), SUBSTRING(s FROM 5), SUBSTRING(s FROM 10 FOR 2)
FROM (VALUES ('héllo wörld'), ('ab'), ('ÀÉÎõü and more'), ('')) AS t(s)
ORDER BY s;

-- string comparisons and ordering
SELECT n_name FROM nation WHERE n_name > 'J' AND n_name < 'R' ORDER BY n_name DESC;

-- string equality against CHAR and VARCHAR columns
SELECT count(*) FROM orders WHERE o_orderpriority = '5-LOW' AND o_orderstatus = 'O' AND o_clerk = 'Clerk#000000951';

-- EXTRACT of year, month, day, quarter, day of year
SELECT o_orderkey, o_orderdate, EXTRACT(YEAR FROM o_orderdate), EXTRACT(MONTH FROM o_orderdate), EXTRACT(DAY FROM o_orderdate),
       EXTRACT(QUARTER FROM o_orderdate), EXTRACT(DOY FROM o_orderdate)
FROM orders
WHERE o_orderkey < 40
ORDER BY o_orderkey;

-- date plus and minus day intervals (cast because DuckDB makes a TIMESTAMP of them)
SELECT o_orderkey, CAST(o_orderdate + INTERVAL '1' DAY AS DATE), CAST(o_orderdate - INTERVAL '30' DAY AS DATE),
       CAST(o_orderdate + INTERVAL '365' DAY AS DATE)
FROM orders
WHERE o_orderkey < 40
ORDER BY o_orderkey;

-- month and year intervals, including month ends
SELECT d, CAST(d + INTERVAL '1' MONTH AS DATE), CAST(d - INTERVAL '1' MONTH AS DATE), CAST(d + INTERVAL '13' MONTH AS DATE),
       CAST(d + INTERVAL '1' YEAR AS DATE), CAST(d - INTERVAL '4' YEAR AS DATE)
FROM (VALUES (DATE '1996-01-31'), (DATE '1996-02-29'), (DATE '1995-12-31'), (DATE '2000-03-31'), (DATE '1970-01-01'), (DATE '1969-12-31')) AS t(d)
ORDER BY d;

-- date comparisons with interval arithmetic in the filter
SELECT count(*)
FROM lineitem
WHERE l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1994-01-01' + INTERVAL '1' YEAR
  AND l_receiptdate > l_commitdate;

-- dates in GROUP BY and ORDER BY
SELECT o_orderdate, count(*)
FROM orders
WHERE o_orderdate < DATE '1992-01-10'
GROUP BY o_orderdate
ORDER BY o_orderdate;

-- min and max of dates and their EXTRACT
SELECT min(l_shipdate), max(l_shipdate), EXTRACT(YEAR FROM min(l_shipdate)), EXTRACT(YEAR FROM max(l_receiptdate))
FROM lineitem;

-- date casts to and from strings
SELECT CAST(d AS VARCHAR), CAST(CAST(d AS VARCHAR) AS DATE)
FROM (VALUES (DATE '1992-01-01'), (DATE '1998-12-31'), (DATE '2024-02-29')) AS t(d)
ORDER BY d;
