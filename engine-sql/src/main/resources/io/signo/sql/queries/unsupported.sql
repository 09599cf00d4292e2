-- error: a RANGE offset over a DATE key that is not whole days
SELECT o_orderkey, COUNT(*) OVER (ORDER BY o_orderdate RANGE BETWEEN INTERVAL '36' HOUR PRECEDING AND CURRENT ROW) FROM orders;

-- error: a RANGE offset over a DATE key other than a day-time INTERVAL
SELECT o_orderkey, COUNT(*) OVER (ORDER BY o_orderdate RANGE BETWEEN INTERVAL '1' MONTH PRECEDING AND CURRENT ROW) FROM orders;

-- error: DISTINCT in the window aggregate COUNT over a frame that neither starts at the partition's start nor ends at its end
SELECT n_name, COUNT(DISTINCT n_regionkey) OVER (ORDER BY n_nationkey ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM nation;

-- error: ORDER BY (or WITHIN GROUP) inside aggregate function
SELECT r_regionkey, string_agg(n_name, ', ' ORDER BY n_name) FROM nation JOIN region ON n_regionkey = r_regionkey GROUP BY r_regionkey;

-- error: may refer to itself only once
WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT a.n + b.n FROM t a, t b WHERE a.n < 5) SELECT n FROM t;

-- error: not supported: AGE, whose answer mixes months and days in one interval
SELECT o_orderkey, AGE(CAST(o_orderdate AS TIMESTAMP), TIMESTAMP '1990-01-01 00:00:00') FROM orders;

-- error: not supported: AGE, whose answer mixes months and days in one interval
SELECT AGE(TIMESTAMP '2020-02-29 12:00:00');

-- error: not supported: AGE, whose answer mixes months and days in one interval
SELECT AGE(o_orderdate, DATE '1990-01-01') FROM orders WHERE o_orderkey < 0;
