-- error: FULL JOIN
SELECT n_name, r_name FROM nation FULL JOIN region ON n_regionkey = r_regionkey;

-- error: FULL JOIN
SELECT count(*) FROM nation FULL OUTER JOIN region ON n_regionkey = r_regionkey AND r_name = 'ASIA';

-- error: ROLLUP
SELECT n_regionkey, count(*) FROM nation GROUP BY ROLLUP (n_regionkey);

-- error: GROUPING SETS
SELECT n_regionkey, n_name, count(*) FROM nation GROUP BY GROUPING SETS ((n_regionkey), (n_name));

-- error: ORDER BY (or WITHIN GROUP) inside aggregate function
SELECT r_regionkey, string_agg(n_name, ', ' ORDER BY n_name) FROM nation JOIN region ON n_regionkey = r_regionkey GROUP BY r_regionkey;
