-- STRFTIME of timestamps with each specifier
SELECT t, strftime(t, '%Y-%m-%d %H:%M:%S.%f'), strftime(t, '%y %-m/%-d %-H:%-M:%-S %g %n'), strftime(t, '%a %A %b %B %h'),
       strftime(t, '%j %-j %w %u %U %W %V %G'), strftime(t, '%I %-I %p'), strftime(t, '%c | %x | %X | %T'), strftime(t, '%% %z|%Z|')
FROM (VALUES (TIMESTAMP '2024-01-02 03:04:05.0012'), (TIMESTAMP '2023-12-31 15:44:05.123456'), (TIMESTAMP '2021-01-03 00:00:00'),
             (TIMESTAMP '2020-02-29 12:00:00'), (TIMESTAMP '1999-12-31 23:59:59.999999'), (NULL)) AS v(t)
ORDER BY t;

-- STRFTIME of dates, the format first or second
SELECT o_orderkey, strftime(o_orderdate, '%d/%m/%Y'), strftime('%Y week %V, %A', o_orderdate), strftime(o_orderdate, 'day %j of %Y')
FROM orders
WHERE o_orderkey < 60
ORDER BY o_orderkey;

-- STRPTIME with each specifier it reads
SELECT strptime('2024-07-02 13:04:05', '%Y-%m-%d %H:%M:%S'), strptime('02/07/2024', '%d/%m/%Y'), strptime('2024-07-02 1:04:05 PM', '%Y-%m-%d %I:%M:%S %p'),
       strptime('Jul 2 2024', '%b %d %Y'), strptime('Tuesday, July 02 2024', '%A, %B %d %Y'), strptime('24-7-2', '%y-%m-%d'),
       strptime('2024-07-02 13:04:05.5', '%Y-%m-%d %H:%M:%S.%f'), strptime('2024 184', '%Y %j'), strptime('2024-07-02 12:00:00 AM', '%Y-%m-%d %I:%M:%S %p'),
       strptime('  2024-07-02', '%Y-%m-%d'), strptime('2024-07-02   13', '%Y-%m-%d %H'), strptime('2024-07-0213', '%Y-%m-%d%H'),
       strptime('2024-07-02 13:04:05.123', '%Y-%m-%d %H:%M:%S.%g'), strptime(NULL, '%Y');

-- STRPTIME of text made from a table, back to the timestamp it came from
SELECT count(*), sum(CASE WHEN strptime(strftime(ts, '%d.%m.%Y %H:%M'), '%d.%m.%Y %H:%M') = ts THEN 1 ELSE 0 END), min(strptime(strftime(ts, '%Y%m%d'), '%Y%m%d'))
FROM (SELECT CAST(o_orderdate AS TIMESTAMP) + INTERVAL '1' MINUTE * (o_orderkey % 1000) AS ts FROM orders) AS t;

-- STRPTIME with an offset gives a timestamp with time zone
SELECT strptime('2024-07-02 13:04:05+02', '%Y-%m-%d %H:%M:%S%z'), strptime('2024-07-02 13:04:05 -05:30', '%Y-%m-%d %H:%M:%S %z');
