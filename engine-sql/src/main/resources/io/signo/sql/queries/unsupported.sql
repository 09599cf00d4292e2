-- error: FULL JOIN
SELECT n_name, r_name FROM nation FULL JOIN region ON n_regionkey = r_regionkey;

-- error: FULL JOIN
SELECT count(*) FROM nation FULL OUTER JOIN region ON n_regionkey = r_regionkey AND r_name = 'ASIA';

-- error: RANGE frames with an offset
SELECT o_orderkey, SUM(o_totalprice) OVER (ORDER BY o_orderkey RANGE BETWEEN 10 PRECEDING AND CURRENT ROW) FROM orders;

-- error: DISTINCT in the window function
SELECT n_name, COUNT(DISTINCT n_regionkey) OVER () FROM nation;
