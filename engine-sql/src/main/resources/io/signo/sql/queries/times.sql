-- TIME literals, with and without a fraction of a second, their text, and NULL
SELECT t, CAST(t AS VARCHAR)
FROM (VALUES (TIME '12:34:56'), (TIME '00:00:00'), (TIME '23:59:59.999999'), (TIME '01:02:03.25'), (TIME '9:05'), (NULL)) AS v(t)
ORDER BY t;

-- TIME from text and from the time of day of timestamps
SELECT CAST('1:02:03' AS TIME), CAST(' 23:59:59.5 ' AS TIME), CAST('10:00' AS TIME), CAST(TIMESTAMP '2024-02-29 13:14:15.123456' AS TIME),
       CAST(CAST(NULL AS TIMESTAMP) AS TIME);

-- the time of day of shipments, compared, ordered and grouped
SELECT t, count(*), min(l_orderkey), max(l_orderkey)
FROM (SELECT CAST(CAST(l_shipdate AS TIMESTAMP) + INTERVAL '1' MINUTE * (l_orderkey % 1440) AS TIME) AS t, l_orderkey FROM lineitem) AS s
WHERE t BETWEEN TIME '10:00:00' AND TIME '10:30:00' OR t < TIME '00:03:00'
GROUP BY t
ORDER BY t DESC;

-- EXTRACT and DATE_PART of the fields of a time of day
SELECT t, EXTRACT(HOUR FROM t), EXTRACT(MINUTE FROM t), EXTRACT(SECOND FROM t), EXTRACT(MILLISECOND FROM t), EXTRACT(MICROSECOND FROM t),
       DATE_PART('epoch', t), DATE_PART('hour', t), DATE_PART('us', t)
FROM (VALUES (TIME '12:34:56.789'), (TIME '00:00:00.000001'), (TIME '23:59:59'), (NULL)) AS v(t)
ORDER BY t;

-- a TIME plus or minus a day-time interval wraps around midnight
SELECT t, t + INTERVAL '1' HOUR, t - INTERVAL '90' MINUTE, t + INTERVAL '1' DAY, INTERVAL '30' SECOND + t, t + INTERVAL '1' MINUTE * (n % 5),
       t + INTERVAL '1' MONTH * n
FROM (VALUES (TIME '23:30:00', 1), (TIME '00:30:00', 2), (TIME '12:00:00.5', 3), (NULL, 4)) AS v(t, n)
ORDER BY n;

-- min, max and count of times, and times as join keys
SELECT count(DISTINCT a.t), min(a.t), max(a.t), count(*)
FROM (SELECT CAST(CAST(o_orderdate AS TIMESTAMP) + INTERVAL '1' HOUR * (o_orderkey % 24) AS TIME) AS t FROM orders WHERE o_orderkey < 500) AS a
JOIN (SELECT CAST(CAST(o_orderdate AS TIMESTAMP) + INTERVAL '1' HOUR * (o_custkey % 24) AS TIME) AS t FROM orders WHERE o_orderkey < 300) AS b ON a.t = b.t;
