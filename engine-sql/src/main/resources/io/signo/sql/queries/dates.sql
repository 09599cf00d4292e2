-- EXTRACT of every field of the order dates, the ISO week and year among them
SELECT o_orderdate, EXTRACT(YEAR FROM o_orderdate), EXTRACT(QUARTER FROM o_orderdate), EXTRACT(MONTH FROM o_orderdate), EXTRACT(WEEK FROM o_orderdate),
       EXTRACT(DAY FROM o_orderdate), EXTRACT(DOW FROM o_orderdate), EXTRACT(ISODOW FROM o_orderdate), EXTRACT(DOY FROM o_orderdate),
       EXTRACT(ISOYEAR FROM o_orderdate), EXTRACT(DECADE FROM o_orderdate), EXTRACT(CENTURY FROM o_orderdate), EXTRACT(MILLENNIUM FROM o_orderdate),
       EXTRACT(EPOCH FROM o_orderdate), EXTRACT(HOUR FROM o_orderdate), EXTRACT(MICROSECOND FROM o_orderdate)
FROM (SELECT DISTINCT o_orderdate FROM orders) AS d
ORDER BY o_orderdate;

-- the ISO week at the turn of years: week 53, and days of January in the year before
SELECT d, EXTRACT(WEEK FROM d), EXTRACT(ISOYEAR FROM d), EXTRACT(ISODOW FROM d), EXTRACT(DOY FROM d), DATE_PART('yearweek', d)
FROM (VALUES (DATE '2020-12-31'), (DATE '2021-01-01'), (DATE '2021-01-03'), (DATE '2021-01-04'), (DATE '2008-12-29'), (DATE '2024-12-30'),
             (DATE '2016-02-29'), (DATE '1900-03-01'), (DATE '2000-12-31'), (DATE '2001-01-01'), (DATE '1969-12-31')) AS v(d)
ORDER BY d;

-- the time fields of timestamps, fractions of seconds, and the epoch before and after 1970
SELECT t, EXTRACT(HOUR FROM t), EXTRACT(MINUTE FROM t), EXTRACT(SECOND FROM t), EXTRACT(MILLISECOND FROM t), EXTRACT(MICROSECOND FROM t),
       EXTRACT(EPOCH FROM t), DATE_PART('ms', t), DATE_PART('us', t), DATE_PART('epoch', t)
FROM (VALUES (TIMESTAMP '2020-01-01 00:00:12.345678'), (TIMESTAMP '1969-12-31 23:59:59.5'), (TIMESTAMP '1900-02-28 13:07:01.000001'),
             (TIMESTAMP '2024-02-29 23:59:59.999999'), (TIMESTAMP '1970-01-01 00:00:00')) AS v(t)
ORDER BY t;

-- DATE_PART and DATEPART take DuckDB's names and abbreviations of the parts, in any case
SELECT o_orderkey, DATE_PART('year', o_orderdate), DATE_PART('YR', o_orderdate), DATE_PART('month', o_orderdate), DATE_PART('mon', o_orderdate),
       DATE_PART('day', o_orderdate), DATE_PART('dayofmonth', o_orderdate), DATE_PART('dow', o_orderdate), DATE_PART('weekday', o_orderdate),
       DATE_PART('doy', o_orderdate), DATE_PART('dayofyear', o_orderdate), DATE_PART('week', o_orderdate), DATE_PART('quarter', o_orderdate),
       DATEPART('year', o_orderdate), DATEPART('isodow', o_orderdate), datepart('hour', o_orderdate)
FROM orders
WHERE o_orderkey < 100
ORDER BY o_orderkey;

-- DATE_TRUNC of a date is a timestamp, to each unit
SELECT o_orderdate, DATE_TRUNC('year', o_orderdate), DATE_TRUNC('quarter', o_orderdate), DATE_TRUNC('month', o_orderdate), DATE_TRUNC('week', o_orderdate),
       DATE_TRUNC('day', o_orderdate), DATE_TRUNC('hour', o_orderdate), DATE_TRUNC('decade', o_orderdate), DATE_TRUNC('century', o_orderdate),
       DATE_TRUNC('millennium', o_orderdate)
FROM (SELECT DISTINCT o_orderdate FROM orders) AS d
ORDER BY o_orderdate;

-- DATE_TRUNC of timestamps, down to microseconds
SELECT t, DATE_TRUNC('year', t), DATE_TRUNC('month', t), DATE_TRUNC('week', t), DATE_TRUNC('day', t), DATE_TRUNC('hour', t), DATE_TRUNC('minute', t),
       DATE_TRUNC('second', t), DATE_TRUNC('millisecond', t), DATE_TRUNC('microsecond', t)
FROM (VALUES (TIMESTAMP '2021-01-03 10:11:12.123456'), (TIMESTAMP '1969-12-31 23:59:59.999999'), (TIMESTAMP '2024-02-29 00:00:00'),
             (TIMESTAMP '1900-01-01 00:00:00.5')) AS v(t)
ORDER BY t;

-- grouping by a truncated date
SELECT DATE_TRUNC('quarter', o_orderdate) AS q, count(*), sum(o_totalprice)
FROM orders
GROUP BY DATE_TRUNC('quarter', o_orderdate)
ORDER BY q;

-- DATE_DIFF counts the unit boundaries between two dates
SELECT o_orderkey, l_linenumber, DATE_DIFF('day', o_orderdate, l_shipdate), DATE_DIFF('week', o_orderdate, l_receiptdate), DATE_DIFF('month', o_orderdate, l_receiptdate),
       DATE_DIFF('quarter', o_orderdate, l_receiptdate), DATE_DIFF('year', o_orderdate, l_receiptdate), DATEDIFF('day', l_receiptdate, o_orderdate),
       datediff('hour', o_orderdate, l_commitdate), DATE_DIFF('isoyear', o_orderdate, l_receiptdate), DATE_DIFF('decade', o_orderdate, l_receiptdate)
FROM orders JOIN lineitem ON o_orderkey = l_orderkey
WHERE o_orderkey < 300
ORDER BY o_orderkey, l_linenumber;

-- DATE_DIFF of timestamps, and of a date and a timestamp
SELECT a, b, DATE_DIFF('day', a, b), DATE_DIFF('hour', a, b), DATE_DIFF('minute', a, b), DATE_DIFF('second', a, b), DATE_DIFF('millisecond', a, b),
       DATE_DIFF('microsecond', a, b), DATE_DIFF('week', a, b), DATE_DIFF('month', a, b), DATE_DIFF('year', a, b), DATE_DIFF('hour', CAST(a AS DATE), b)
FROM (VALUES (TIMESTAMP '2020-01-01 23:59:00', TIMESTAMP '2020-01-02 00:01:00'), (TIMESTAMP '2020-12-31 10:00:00', TIMESTAMP '2021-01-01 09:00:00'),
             (TIMESTAMP '1969-12-31 23:30:00', TIMESTAMP '1970-01-01 00:10:00'), (TIMESTAMP '2020-01-05 00:00:00.9', TIMESTAMP '2020-01-12 00:00:01.1'),
             (TIMESTAMP '2024-03-01 00:00:00', TIMESTAMP '2024-02-28 12:00:00')) AS v(a, b)
ORDER BY a;

-- a date minus a date is a number of days; a date plus or minus an integer is a date
SELECT o_orderkey, l_linenumber, l_shipdate - o_orderdate, l_receiptdate - l_shipdate, o_orderdate + 30, 7 + o_orderdate, l_shipdate - l_linenumber,
       o_orderdate + CAST(o_orderkey % 100 AS INTEGER) - 50
FROM orders JOIN lineitem ON o_orderkey = l_orderkey
WHERE o_orderkey < 200
ORDER BY o_orderkey, l_linenumber;

-- date arithmetic in a filter and an aggregate
SELECT l_shipmode, count(*), avg(l_receiptdate - l_shipdate), max(l_receiptdate - l_commitdate), min(l_shipdate + 1)
FROM lineitem
WHERE l_receiptdate - l_shipdate > 20 AND l_shipdate - 100 < DATE '1995-01-01'
GROUP BY l_shipmode
ORDER BY l_shipmode;

-- leap years and the ends of months: MAKE_DATE and LAST_DAY
SELECT y, m, MAKE_DATE(y, m, 1), LAST_DAY(MAKE_DATE(y, m, 1)), LAST_DAY(CAST(MAKE_DATE(y, m, 1) AS TIMESTAMP) + INTERVAL '13' HOUR),
       DAYNAME(MAKE_DATE(y, m, 1)), MONTHNAME(MAKE_DATE(y, m, 1))
FROM (VALUES (2024, 2), (2023, 2), (1900, 2), (2000, 2), (1999, 12), (2021, 4), (1970, 1), (1969, 12)) AS v(y, m)
ORDER BY y, m;

-- names of days and months of the orders
SELECT DAYNAME(o_orderdate) AS d, MONTHNAME(o_orderdate) AS m, count(*)
FROM orders
GROUP BY DAYNAME(o_orderdate), MONTHNAME(o_orderdate)
ORDER BY d, m;

-- NULLs through every function
SELECT o_orderkey, EXTRACT(WEEK FROM d), DATE_PART('epoch', d), DATE_TRUNC('month', d), DATE_DIFF('day', d, o_orderdate), d - o_orderdate, d + 1,
       LAST_DAY(d), DAYNAME(d), MAKE_DATE(CASE WHEN o_orderkey % 3 = 0 THEN NULL ELSE 2000 END, 1, 1)
FROM (SELECT o_orderkey, o_orderdate, CASE WHEN o_orderkey % 2 = 0 THEN NULL ELSE o_orderdate END AS d FROM orders WHERE o_orderkey < 40) AS t
ORDER BY o_orderkey;

-- years past 9999 and before 1 as text
SELECT CAST(DATE '2020-01-01' + 3000000 AS VARCHAR), CAST(DATE '9999-12-31' + 1 AS VARCHAR), CAST(DATE '0001-01-01' - 1 AS VARCHAR),
       CAST(DATE '0001-03-01' - 800 AS VARCHAR), CAST(CAST(DATE '0001-01-01' - 1 AS TIMESTAMP) + INTERVAL '90' MINUTE AS VARCHAR),
       CAST(TIMESTAMP '9999-12-31 23:59:59.25' + INTERVAL '1' DAY AS VARCHAR);

-- the fields of dates before year 1: year 0 is 1 BC (timestamps as text: DuckDB's JDBC driver drops their era)
SELECT d, EXTRACT(YEAR FROM d), EXTRACT(CENTURY FROM d), EXTRACT(MILLENNIUM FROM d), EXTRACT(DECADE FROM d), EXTRACT(DOW FROM d),
       CAST(DATE_TRUNC('century', d) AS VARCHAR), CAST(DATE_TRUNC('decade', d) AS VARCHAR), DATE_DIFF('year', d, DATE '2000-01-01'), DATE_DIFF('century', d, DATE '2000-01-01')
FROM (SELECT DATE '0001-01-01' - n AS d FROM (VALUES (1), (366), (5000), (54000), (547000)) AS v(n)) AS t
ORDER BY d;

-- the current date and time are the statement's: the same on every row, and the date is the timestamp's
SELECT count(*), count(DISTINCT CURRENT_TIMESTAMP), count(DISTINCT NOW()), count(DISTINCT LOCALTIMESTAMP), count(DISTINCT CURRENT_DATE),
       sum(CASE WHEN CURRENT_DATE = CAST(CURRENT_TIMESTAMP AS DATE) THEN 1 ELSE 0 END)
FROM lineitem;

-- the current date is after the data and before the year 2200
SELECT CURRENT_DATE > DATE '2024-01-01', CURRENT_DATE < DATE '2200-01-01', CURRENT_DATE - DATE '2024-01-01' > 0,
       DATE_DIFF('day', CURRENT_DATE, CAST(NOW() AS DATE)), DATE_TRUNC('day', CURRENT_TIMESTAMP) = CAST(CURRENT_DATE AS TIMESTAMP),
       (SELECT count(*) FROM orders WHERE o_orderdate < CURRENT_DATE - 365);

-- found by the SQL fuzzer: a date minus a NULL number of days is NULL (it failed in planning)
SELECT o_orderdate - CAST(NULL AS INTEGER), CAST(NULL AS INTEGER) + o_orderdate FROM orders WHERE o_orderkey < 10;

-- dates before year 1 are ISO's years (year 0 is 1 BC), written as DuckDB writes them ('0001-12-31 (BC)'): arithmetic across year 1, by days,
-- months and years, keeps the same days as DuckDB's
SELECT CAST(DATE '0001-01-01' - INTERVAL '12' YEAR AS DATE), CAST(DATE '0001-01-01' - INTERVAL '4' DAY AS DATE), DATE '0001-01-01' - 1,
       CAST(DATE '0001-01-01' - 366 AS VARCHAR), EXTRACT(YEAR FROM DATE '0001-01-01' - 1), CAST(CAST(DATE '0001-03-01' - INTERVAL '1' YEAR AS DATE) AS VARCHAR),
       CAST(CAST(DATE '0001-01-01' - INTERVAL '13' MONTH AS DATE) AS VARCHAR), DATE '0001-01-01' - CAST('0000-01-01' AS DATE), CAST('0000-02-29' AS DATE) + 1,
       CAST(CAST(DATE '0001-01-01' - INTERVAL '12' YEAR AS DATE) + INTERVAL '12' YEAR AS DATE);

SELECT x, CAST(x AS VARCHAR), EXTRACT(YEAR FROM x), EXTRACT(MONTH FROM x), EXTRACT(DAY FROM x), x - DATE '0001-01-01'
FROM (SELECT CAST(DATE '0001-01-01' - INTERVAL '1' DAY * n_nationkey * 100 AS DATE) AS x FROM nation) t
ORDER BY x;

-- dates before Christ read as PostgreSQL and DuckDB write them ('0044-03-15 (BC)', the letters in either case), as dates and timestamps
SELECT CAST('0001-12-31 (BC)' AS DATE), CAST(CAST('0044-03-15 (bc)' AS DATE) AS VARCHAR), CAST(' 0001-02-29 (BC) ' AS DATE) + 1,
       CAST('0001-01-01' AS DATE) - CAST('0001-12-31 (BC)' AS DATE), EXTRACT(YEAR FROM CAST('0044-03-15 (BC)' AS DATE)),
       CAST(CAST('0001-12-31 (BC) 10:30:00' AS TIMESTAMP) AS VARCHAR), CAST(CAST(CAST(DATE '0001-01-01' - CAST(n_nationkey AS INTEGER) * 1000 AS VARCHAR) AS DATE) AS VARCHAR)
FROM nation
ORDER BY n_nationkey;

-- there is no year 0 before Christ
-- fails: INVALID_CAST
SELECT CAST('0000-01-01 (BC)' AS DATE);

-- a date past the days a DATE counts, before or after Christ, is out of range
-- fails: DATETIME_OUT_OF_RANGE
SELECT CAST('5881580-07-12' AS DATE);

-- fails: DATETIME_OUT_OF_RANGE
SELECT CAST(s AS DATE) FROM (VALUES ('2000-01-01'), ('5877642-06-22 (BC)')) AS t(s);

-- found by the SQL fuzzer: a bound past the years a DATE literal holds is no bound for the estimates and the scan's pruning (planning failed on it)
SELECT count(*) FROM orders WHERE o_orderdate <= DATE '9999-12-30' + INTERVAL '3' DAY;

SELECT count(*) FROM orders WHERE o_orderdate >= DATE '0001-01-02' - INTERVAL '1' MONTH;

-- found by the SQL fuzzer: dates millions of years away, as far as a DATE's days reach (their years did not fit the calendar's packed fields, and n days of microseconds overflowed the interval)
SELECT EXTRACT(YEAR FROM (DATE '2000-01-01' - 2147483647)) AS y, DATE '2000-01-01' - 2147483647 AS d, DATE '2000-01-01' + 2000000000 AS f, EXTRACT(MONTH FROM DATE '2000-01-01' + 2000000000) AS m, EXTRACT(DOY FROM DATE '2000-01-01' - 2147483000) AS doy;

SELECT n_nationkey, EXTRACT(YEAR FROM DATE '2000-01-01' - CAST(n_nationkey AS INTEGER) * 1000000000) AS y, DATE '2000-01-01' - CAST(n_nationkey AS INTEGER) * 1000000000 AS d, DATE '1992-01-01' + CAST(NULLIF(n_nationkey, 2) AS INTEGER) AS e FROM nation WHERE n_nationkey < 3 ORDER BY 1;
