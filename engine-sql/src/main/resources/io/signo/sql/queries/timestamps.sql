-- TIMESTAMP literals, with and without a fraction of a second, and their text
SELECT t, CAST(t AS VARCHAR)
FROM (VALUES (TIMESTAMP '1992-01-01 00:00:00'), (TIMESTAMP '1998-12-31 23:59:59.999999'), (TIMESTAMP '2024-02-29 12:30:05.25'),
             (TIMESTAMP '1969-12-31 23:59:59.5'), (TIMESTAMP '1900-03-01 01:02:03')) AS v(t)
ORDER BY t;

-- timestamps made from dates and day-time intervals, then EXTRACT of every field
SELECT o_orderkey, ts, EXTRACT(YEAR FROM ts), EXTRACT(MONTH FROM ts), EXTRACT(DAY FROM ts), EXTRACT(HOUR FROM ts),
       EXTRACT(MINUTE FROM ts), EXTRACT(SECOND FROM ts), EXTRACT(DOW FROM ts), EXTRACT(DOY FROM ts), EXTRACT(QUARTER FROM ts)
FROM (SELECT o_orderkey, CAST(o_orderdate AS TIMESTAMP) + INTERVAL '1' HOUR * (o_orderkey % 24) + INTERVAL '1' MINUTE * (o_custkey % 60)
             + INTERVAL '1' SECOND * (o_orderkey % 61) AS ts
      FROM orders
      WHERE o_orderkey < 200) AS t
ORDER BY o_orderkey;

-- month and year intervals on timestamps keep the time of day and clamp to the month's end
SELECT t, t + INTERVAL '1' MONTH, t - INTERVAL '1' MONTH, t + INTERVAL '13' MONTH, t + INTERVAL '1' YEAR, t - INTERVAL '2' DAY,
       t + INTERVAL '36' HOUR, t - INTERVAL '90' MINUTE
FROM (VALUES (TIMESTAMP '1996-01-31 10:00:00'), (TIMESTAMP '1996-02-29 23:59:59'), (TIMESTAMP '1995-12-31 00:00:01.5'),
             (TIMESTAMP '1970-01-01 00:00:00'), (TIMESTAMP '1969-12-31 12:00:00')) AS v(t)
ORDER BY t;

-- comparisons of timestamps with timestamps, literals and dates
SELECT count(*), sum(CASE WHEN ts >= TIMESTAMP '1995-06-01 12:00:00' THEN 1 ELSE 0 END),
       sum(CASE WHEN ts < DATE '1993-01-01' THEN 1 ELSE 0 END), sum(CASE WHEN ts = CAST(o_orderdate AS TIMESTAMP) THEN 1 ELSE 0 END)
FROM (SELECT o_orderdate, CAST(o_orderdate AS TIMESTAMP) + INTERVAL '1' MINUTE * (o_orderkey % 3) AS ts FROM orders) AS t;

-- a filter on a timestamp range
SELECT count(*), min(ts), max(ts)
FROM (SELECT CAST(l_shipdate AS TIMESTAMP) + INTERVAL '1' SECOND * l_linenumber AS ts FROM lineitem) AS t
WHERE ts BETWEEN TIMESTAMP '1994-01-01 00:00:03' AND TIMESTAMP '1994-03-31 00:00:02';

-- timestamps in GROUP BY and ORDER BY, with min and max
SELECT ts, count(*), min(o_totalprice)
FROM (SELECT CAST(o_orderdate AS TIMESTAMP) + INTERVAL '12' HOUR * (o_orderkey % 2) AS ts, o_totalprice FROM orders) AS t
WHERE ts < TIMESTAMP '1992-01-20 00:00:00'
GROUP BY ts
ORDER BY ts DESC;

-- casts between timestamps, dates and text
SELECT CAST(t AS DATE), CAST(CAST(t AS VARCHAR) AS TIMESTAMP), CAST(CAST(t AS DATE) AS TIMESTAMP),
       CAST('2001-02-03 04:05:06.789' AS TIMESTAMP), CAST('2001-02-03' AS TIMESTAMP)
FROM (VALUES (TIMESTAMP '1992-01-01 13:14:15'), (TIMESTAMP '1969-12-31 23:00:00'), (TIMESTAMP '2024-02-29 00:00:00.000001')) AS v(t)
ORDER BY t;

-- NULL timestamps in expressions and aggregates
SELECT count(ts), min(ts), max(ts), count(*)
FROM (SELECT CASE WHEN o_orderkey % 5 = 0 THEN NULL ELSE CAST(o_orderdate AS TIMESTAMP) END AS ts FROM orders) AS t;

-- a join on timestamps
SELECT count(*)
FROM (SELECT CAST(o_orderdate AS TIMESTAMP) AS ts FROM orders WHERE o_orderkey < 1000) AS a
JOIN (SELECT CAST(l_shipdate AS TIMESTAMP) AS ts FROM lineitem WHERE l_orderkey < 3000) AS b ON a.ts = b.ts;
