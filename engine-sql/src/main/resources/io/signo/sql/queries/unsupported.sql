-- error: FULL join without an equality condition
SELECT count(*) FROM nation FULL JOIN region ON n_regionkey < r_regionkey;

-- error: RANGE frames with an offset
SELECT o_orderkey, SUM(o_totalprice) OVER (ORDER BY CAST(o_totalprice AS DOUBLE) RANGE BETWEEN 10 PRECEDING AND CURRENT ROW) FROM orders;

-- error: DISTINCT in the window function
SELECT n_name, COUNT(DISTINCT n_regionkey) OVER () FROM nation;

-- error: ORDER BY (or WITHIN GROUP) inside aggregate function
SELECT r_regionkey, string_agg(n_name, ', ' ORDER BY n_name) FROM nation JOIN region ON n_regionkey = r_regionkey GROUP BY r_regionkey;
