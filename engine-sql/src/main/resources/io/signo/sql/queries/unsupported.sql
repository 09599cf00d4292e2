-- error: FULL JOIN
SELECT n_name, r_name FROM nation FULL JOIN region ON n_regionkey = r_regionkey;

-- error: FULL JOIN
SELECT count(*) FROM nation FULL OUTER JOIN region ON n_regionkey = r_regionkey AND r_name = 'ASIA';

-- error: ROLLUP
SELECT n_regionkey, count(*) FROM nation GROUP BY ROLLUP (n_regionkey);

-- error: GROUPING SETS
SELECT n_regionkey, n_name, count(*) FROM nation GROUP BY GROUPING SETS ((n_regionkey), (n_name));
