-- interval literals of every unit as values, printed as DuckDB prints them
SELECT INTERVAL '3' DAY, INTERVAL '1' DAY, INTERVAL '14' MONTH, INTERVAL '1' YEAR, INTERVAL '2' YEAR, INTERVAL '90' MINUTE, INTERVAL '1.5' SECOND,
       INTERVAL '0' DAY, -INTERVAL '1' DAY, -INTERVAL '14' MONTH;

-- DuckDB's interval text without a qualifier
SELECT INTERVAL '3 days', INTERVAL '1 year', INTERVAL '2 months', INTERVAL '5 hours', INTERVAL '1 week', INTERVAL '1 day 02:00:00',
       INTERVAL '1 year 2 months', INTERVAL '-1 day';

-- the difference of two timestamps is an interval of days and a time
SELECT TIMESTAMP '2024-03-01 00:00' - TIMESTAMP '2024-01-01 00:00', TIMESTAMP '2024-01-01 00:00' - TIMESTAMP '2024-01-02 01:00:00.5',
       TIMESTAMP '2024-01-02 01:00:00' - TIMESTAMP '2024-01-02 01:00:00', TIMESTAMP '2024-07-02 10:00:00' - DATE '2024-07-01',
       DATE '2024-07-02' - TIMESTAMP '2024-07-01 10:00:00';

-- differences of timestamps over a table, and their text
SELECT l_orderkey, l_linenumber, CAST(l_receiptdate AS TIMESTAMP) - CAST(l_shipdate AS TIMESTAMP) + INTERVAL '1' HOUR * l_linenumber AS wait,
       CAST(CAST(l_commitdate AS TIMESTAMP) - CAST(l_receiptdate AS TIMESTAMP) AS VARCHAR)
FROM lineitem
WHERE l_orderkey < 40
ORDER BY l_orderkey, l_linenumber;

-- intervals compared, ordered, grouped, and their min and max
SELECT CAST(l_receiptdate AS TIMESTAMP) - CAST(l_shipdate AS TIMESTAMP) AS wait, count(*), min(l_orderkey)
FROM lineitem
WHERE CAST(l_receiptdate AS TIMESTAMP) - CAST(l_shipdate AS TIMESTAMP) > INTERVAL '25' DAY
GROUP BY wait
ORDER BY wait DESC;

SELECT max(CAST(l_receiptdate AS TIMESTAMP) - CAST(l_shipdate AS TIMESTAMP)), min(CAST(l_receiptdate AS TIMESTAMP) - CAST(l_shipdate AS TIMESTAMP)),
       count(CASE WHEN CAST(l_receiptdate AS TIMESTAMP) - CAST(l_shipdate AS TIMESTAMP) <= INTERVAL '1' DAY THEN 1 END)
FROM lineitem;

-- interval arithmetic: sums, differences, products with integers and decimals, negation (quotients: DuckDB's integer division has none)
SELECT INTERVAL '2' HOUR * 3, 3 * INTERVAL '2' HOUR, INTERVAL '90' MINUTE * 20, INTERVAL '1' HOUR * 0.333333333, INTERVAL '1' DAY * 1.5, INTERVAL '1' YEAR * 2,
       INTERVAL '2' HOUR - INTERVAL '3' HOUR, INTERVAL '1' DAY + INTERVAL '12' HOUR, INTERVAL '1' MONTH + INTERVAL '1' YEAR, -(INTERVAL '2' HOUR);

SELECT o_orderkey, INTERVAL '1' DAY * o_shippriority + INTERVAL '1' DAY * (o_orderkey % 100), INTERVAL '1' MINUTE * (o_orderkey % 100) * 3,
       INTERVAL '1' MONTH * (o_orderkey % 30), (CAST(o_orderdate AS TIMESTAMP) - TIMESTAMP '1992-01-01 00:00:00') * 0.5
FROM orders
WHERE o_orderkey < 100
ORDER BY o_orderkey;

-- intervals compared with intervals of other units
SELECT INTERVAL '1' DAY > INTERVAL '23' HOUR, INTERVAL '1' YEAR = INTERVAL '12' MONTH, INTERVAL '48' HOUR = INTERVAL '2' DAY,
       INTERVAL '1' MINUTE < INTERVAL '61' SECOND, INTERVAL '-1' DAY < INTERVAL '0' DAY;

-- timestamps and dates plus and minus interval columns
SELECT o_orderkey, ts + i, ts - i, CAST(o_orderdate + m AS DATE), ts - m, ts + i * 2
FROM (SELECT o_orderkey, o_orderdate, CAST(o_orderdate AS TIMESTAMP) AS ts, INTERVAL '1' HOUR * (o_orderkey % 48) + INTERVAL '1' SECOND * o_custkey AS i,
             INTERVAL '1' MONTH * (o_orderkey % 15) AS m
      FROM orders WHERE o_orderkey < 80) AS t
ORDER BY o_orderkey;

-- EXTRACT and DATE_PART of intervals: whole years and months, whole days and the rest as a time, with the interval's sign
SELECT i, EXTRACT(DAY FROM i), EXTRACT(HOUR FROM i), EXTRACT(MINUTE FROM i), EXTRACT(SECOND FROM i), EXTRACT(MILLISECOND FROM i),
       EXTRACT(MICROSECOND FROM i), EXTRACT(EPOCH FROM i), DATE_PART('day', i)
FROM (VALUES (TIMESTAMP '2024-01-02 01:02:03.456789' - TIMESTAMP '2024-01-01 00:00:00'), (TIMESTAMP '2024-01-01 00:00:00' - TIMESTAMP '2024-01-02 01:02:03.456789'),
             (TIMESTAMP '2024-03-01 00:00:00' - TIMESTAMP '2024-01-01 12:00:00'), (NULL)) AS v(i)
ORDER BY i;

SELECT m, EXTRACT(YEAR FROM m), EXTRACT(MONTH FROM m), EXTRACT(QUARTER FROM m), EXTRACT(DAY FROM m), EXTRACT(EPOCH FROM m), DATE_PART('decade', m)
FROM (VALUES (INTERVAL '14' MONTH), (-INTERVAL '14' MONTH), (INTERVAL '250' YEAR), (INTERVAL '0' MONTH), (NULL)) AS v(m)
ORDER BY m;

-- intervals to and from text
SELECT CAST(INTERVAL '3' DAY AS VARCHAR), CAST(INTERVAL '14' MONTH AS VARCHAR), CAST('3 days' AS INTERVAL DAY), CAST('1 year 2 months' AS INTERVAL YEAR TO MONTH),
       CAST('2 days 04:05:06.5' AS INTERVAL DAY TO SECOND), CAST(CAST(NULL AS VARCHAR) AS INTERVAL DAY);

-- NULL intervals in arithmetic and aggregates
SELECT count(i), min(i), max(i), count(*), max(ts + i), min(i * 2)
FROM (SELECT CAST(o_orderdate AS TIMESTAMP) AS ts, CASE WHEN o_orderkey % 3 = 0 THEN NULL ELSE INTERVAL '1' MINUTE * o_orderkey END AS i FROM orders) AS t;
